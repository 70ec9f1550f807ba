#!/bin/sh
# bench/threads.sh: the threads table of docs/results.md.  Solves a fixed set of boards with one
# and with two threads, three runs each (the machine's timings vary by up to 30% from run to run
# for the same node counts; quote medians), and prints one CSV row per run.
#
#   bench/threads.sh [MATHGO_BINARY] > threads.csv
set -u
mathgo=${1:-build/mathgo}
commit=${MATHGO_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
echo "commit,board,rules,threads,run,nodes,time_s"
for br in "4x4 tromp-taylor" "4x4 math" "4x4 chinese" "2x7 tromp-taylor" "3x5 tromp-taylor" \
    "2x6 tromp-taylor" "3x4 old-chinese" "2x7 math" "3x5 pseudo" "1x10 tromp-taylor"; do
    set -- $br
    for t in 1 2; do
        for run in 1 2 3; do
            out=$("$mathgo" solve "$1" --rules "$2" --value-only --memory 683M --threads "$t" \
                --max-time 120 --csv --no-header 2>/dev/null | cut -d, -f9,10)
            echo "$commit,$1,\"$2\",$t,$run,${out:-,}"
        done
    done
done
