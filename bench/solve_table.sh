#!/bin/sh
# bench/solve_table.sh: the table of docs/results.md.  Solves every board up to 16 points
# (1x1 .. 1x16, 2x2 .. 2x8, 3x3 .. 3x5, 4x4) under every rule set of the table, each with a
# time limit, and prints one CSV row per solve (mathgo solve --csv, plus the commit; docs/csv.md).
# A board that hits its limit gets a row with result "limit", the nodes reached and the bounds
# mathgo solve found (lower, upper); after two limits in a row in one family (1xN, 2xN, 3xN),
# its larger boards get result "skipped".
#
#   bench/solve_table.sh [MATHGO_BINARY] [SECONDS_PER_BOARD] [value|full] > table.csv
#
# `value` (the default) solves for the value only (mathgo solve --value-only); `full` also
# finds the optimal first moves and an optimal game.  SOLVE_TABLE_RULES="old-chinese" (rule sets
# apart by spaces) runs those columns only.
set -u
mathgo=${1:-build/mathgo}
limit=${2:-20}
mode=${3:-value}
only=; [ "$mode" = value ] && only=--value-only
commit=${MATHGO_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
boards="1x1 1x2 1x3 1x4 1x5 1x6 1x7 1x8 1x9 1x10 1x11 1x12 1x13 1x14 1x15 1x16
2x2 2x3 2x4 2x5 2x6 2x7 2x8 3x3 3x4 3x5 4x4"
rules=${SOLVE_TABLE_RULES:-"math pseudo tromp-taylor chinese old-chinese chinese,ko=simple,cycle=draw"}
# shellcheck source=bench/solve_csv.sh
. "$(dirname "$0")/solve_csv.sh"
header=$(solve_csv_header "$mathgo")
echo "commit,$header"
for r in $rules; do
    family=; misses=0
    for b in $boards; do
        f=${b%x*}
        [ "$f" != "$family" ] && { family=$f; misses=0; }
        if [ "$misses" -ge 2 ]; then
            echo "$commit,$(solve_csv_row "$header" "board=$b" "rules=\"$r\"" komi=0 to_move=b \
                result=skipped threads=1 status=skipped)"
            continue
        fi
        out=$("$mathgo" solve "$b" --rules "$r" --csv --no-header --memory 683M $only \
            --max-time "$limit" 2>/tmp/solve_table.$$)
        if [ $? -eq 0 ]; then
            echo "$commit,$out"
            misses=0
        else
            # mathgo's own row (status limit, the nodes and the bounds reached), its result
            # "limit"; without one (another failure), a row with the nodes of the message.
            if [ -n "$out" ]; then
                echo "$commit,$(solve_csv_set "$header" "$out" result limit)"
            else
                nodes=$(sed -n 's/.*after \([0-9]*\) nodes.*/\1/p' /tmp/solve_table.$$)
                echo "$commit,$(solve_csv_row "$header" "board=$b" "rules=\"$r\"" komi=0 \
                    to_move=b result=limit "nodes=$nodes" "time_s=$limit" threads=1 status=limit)"
            fi
            misses=$((misses + 1))
        fi
    done
done
rm -f /tmp/solve_table.$$
