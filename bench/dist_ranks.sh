#!/bin/sh
# bench/dist_ranks.sh: the measurements of docs/scale.md.  Solves one board with the
# single-process solver and with `solve --distributed` on 1 to MAX_RANKS MPI ranks
# (oversubscribed beyond the cores), three runs each (quote medians), and prints one CSV row per
# run: the answered nodes, the nodes spent in cancelled or lost units, the units' answers and
# cancels, and the wall time.  ranks 0 is the single process (its result in the CSV form of
# `solve --csv`, e.g. "W"; the distributed runs give their "result:" line).
#
#   bench/dist_ranks.sh [MATHGO_BINARY] [BOARD] [RULES] [MAX_RANKS] > dist.csv
set -u
# shellcheck source=bench/solve_csv.sh
. "$(dirname "$0")/solve_csv.sh"
mathgo=${1:-build/mathgo}
board=${2:-4x4}
rules=${3:-math}
max=${4:-4}
commit=${MATHGO_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
mpirun=${MPIRUN:-mpirun --allow-run-as-root --oversubscribe}
header=$(solve_csv_header "$mathgo")
echo "commit,board,rules,ranks,run,result,nodes,cancelled_nodes,answers,cancelled,time_s"
for run in 1 2 3; do
    row=$("$mathgo" solve "$board" --rules "$rules" --value-only --csv --no-header 2>/dev/null)
    fields=$(solve_csv_get "$header" "$row" result,nodes)
    echo "$commit,$board,\"$rules\",0,$run,$fields,0,,,$(solve_csv_get "$header" "$row" time_s)"
done
ranks=1
while [ "$ranks" -le "$max" ]; do
    for run in 1 2 3; do
        out=$($mpirun -np "$ranks" "$mathgo" solve "$board" --rules "$rules" --distributed 2>/dev/null)
        result=$(echo "$out" | sed -n 's/^result: //p' | tr ',' ';')
        answers=$(echo "$out" | sed -n 's/.* \([0-9]*\) answers in this run.*/\1/p')
        cancels=$(echo "$out" | sed -n 's/.* \([0-9]*\) cancelled,.*/\1/p')
        nodes=$(echo "$out" | sed -n 's/^nodes \([0-9]*\) .*/\1/p')
        lost=$(echo "$out" | sed -n 's/.*, \([0-9]*\) more in units.*/\1/p')
        secs=$(echo "$out" | sed -n 's/.* time \([0-9.]*\) s.*/\1/p')
        echo "$commit,$board,\"$rules\",$ranks,$run,\"$result\",$nodes,$lost,$answers,$cancels,$secs"
    done
    ranks=$((ranks + 1))
done
