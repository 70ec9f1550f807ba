#!/bin/sh
# bench/threads.sh: the threads tables of docs/results.md.  Solves a set of boards with one
# and with two threads, several runs each interleaved (the machine's timings vary by up to 30%
# from run to run for the same node counts; quote medians), and prints one CSV row per run:
# the search's own seconds (time_s of `mathgo solve --csv`) and the threads it searched with.
#
#   bench/threads.sh [MATHGO_BINARY] > threads.csv
#   bench/threads.sh LABEL=MATHGO_BINARY LABEL=MATHGO_BINARY ... > threads.csv
#
# With several binaries (two builds to compare), each run solves every board with each binary
# in turn, and the `commit` column is the binary's LABEL (its path without one); with one, the
# commit of MATHGO_COMMIT or of the work tree.  THREADS_JOBS replaces the set ("BOARD:RULES"
# apart by spaces), THREADS_RUNS the runs per board and thread count (default 3),
# THREADS_MEMORY the --memory given, or several apart by spaces, interleaved within each run
# (default 683M: a 512 MiB table; "default" gives none, so the solve takes its default); the
# last column says which.
set -u
# shellcheck source=bench/solve_csv.sh
. "$(dirname "$0")/solve_csv.sh"
[ $# -eq 0 ] && set -- build/mathgo
several=$#
commit=${MATHGO_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
jobs=${THREADS_JOBS:-"4x4:tromp-taylor 4x4:math 4x4:chinese 2x7:tromp-taylor 3x5:tromp-taylor 2x6:tromp-taylor 3x4:old-chinese 2x7:math 3x5:pseudo 1x10:tromp-taylor"}
runs=${THREADS_RUNS:-3}
memories=${THREADS_MEMORY:-683M}
echo "commit,board,rules,threads,run,nodes,time_s,threads_searched,memory"
for job in $jobs; do
    board=${job%%:*}
    rules=${job#*:}
    run=1
    while [ "$run" -le "$runs" ]; do
        for binary in "$@"; do
            mathgo=${binary#*=}
            header=$(solve_csv_header "$mathgo")
            label=$commit
            [ "$several" -gt 1 ] && label=${binary%%=*}
            for memory in $memories; do
                [ "$memory" = default ] && memory_args="" || memory_args="--memory $memory"
                for t in 1 2; do
                    # shellcheck disable=SC2086 # memory_args is empty or two words
                    row=$("$mathgo" solve "$board" --rules "$rules" --value-only $memory_args \
                        --threads "$t" --max-time 120 --csv --no-header 2>/dev/null)
                    out=$(solve_csv_get "$header" "$row" nodes,time_s,threads)
                    echo "$label,$board,\"$rules\",$t,$run,${out:-,,},$memory"
                done
            done
        done
        run=$((run + 1))
    done
done
