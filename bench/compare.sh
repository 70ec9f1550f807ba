#!/bin/sh
# bench/compare.sh: two mathgo binaries (say main and a branch) on the same fixed workloads,
# interleaved, ROUNDS rounds (default 5), one CSV row per run with the user CPU seconds (which a
# loaded machine disturbs far less than the wall time: a descheduled process accrues none) and
# the wall seconds.  With VALGRIND=1 it prints, once per binary and workload, the instruction
# count of valgrind's callgrind instead (exact and load-free; build both binaries with
# -DMATHGO_NATIVE=OFF, since valgrind does not know AVX-512).  The workloads: perft for the rules
# engine (board_place, game_try), area-scored solves for the solver with its Benson bounds, a
# last-move solve without them.
#
#   bench/compare.sh BASE_MATHGO NEW_MATHGO [ROUNDS] > compare.csv
set -u
base=$1
new=$2
rounds=${3:-5}
workloads="perft 5x5 --rules chinese --depth 5
perft 4x4 --rules tromp-taylor --depth 6
solve 6x2 --rules tromp-taylor --value-only --memory 64M
solve 4x4 --rules tromp-taylor --value-only --memory 683M
solve 6x2 --rules math --value-only --memory 64M"
tmp=$(mktemp)
if [ "${VALGRIND:-0}" = 1 ]; then
    rounds=1
    echo "binary,round,workload,instructions"
else
    echo "binary,round,workload,user_s,wall_s"
fi
round=1
while [ "$round" -le "$rounds" ]; do
    for which in base new; do
        if [ "$which" = base ]; then mathgo=$base; else mathgo=$new; fi
        echo "$workloads" | while read -r workload; do
            if [ "${VALGRIND:-0}" = 1 ]; then
                # shellcheck disable=SC2086 # the workload is a word list
                valgrind --tool=callgrind --callgrind-out-file=/dev/null "$mathgo" $workload \
                    >/dev/null 2>"$tmp"
                ir=$(grep -o 'Collected : [0-9]*' "$tmp" | grep -o '[0-9]*$')
                echo "$which,$round,\"$workload\",$ir"
            else
                # shellcheck disable=SC2086
                /usr/bin/time -f "%U,%e" -o "$tmp" "$mathgo" $workload >/dev/null
                echo "$which,$round,\"$workload\",$(cat "$tmp")"
            fi
        done
    done
    round=$((round + 1))
done
rm -f "$tmp"
