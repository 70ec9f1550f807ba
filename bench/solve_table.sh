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
echo "commit,board,rules,komi,to_move,result,margin,best_moves,plies,nodes,time_s,tt_probes,tt_hits,tt_refused,tt_stores,tt_unstored,peak_mb,threads,pv,lower,upper,status,memory_bytes,nodes_total,time_total_s"
for r in $rules; do
    family=; misses=0
    for b in $boards; do
        f=${b%x*}
        [ "$f" != "$family" ] && { family=$f; misses=0; }
        if [ "$misses" -ge 2 ]; then
            echo "$commit,$b,\"$r\",0,b,skipped,,,,,,,,,,,,1,,,,skipped,,,"
            continue
        fi
        out=$("$mathgo" solve "$b" --rules "$r" --csv --no-header --memory 683M $only \
            --max-time "$limit" 2>/tmp/solve_table.$$)
        if [ $? -eq 0 ]; then
            echo "$commit,$out"
            misses=0
        else
            nodes=$(sed -n 's/.*after \([0-9]*\) nodes.*/\1/p' /tmp/solve_table.$$)
            # mathgo's own row ends with pv (empty here), lower, upper, status, memory_bytes,
            # nodes_total, time_total_s: fields without commas.
            tail=$(printf '%s\n' "$out" | awk -F, 'NF { t = $(NF-6); for (i = NF-5; i <= NF; i++) t = t "," $i } END { print t }')
            [ -n "$tail" ] || tail=",,,limit,,,"
            echo "$commit,$b,\"$r\",0,b,limit,,,,${nodes},${limit},,,,,,,1,$tail"
            misses=$((misses + 1))
        fi
    done
done
rm -f /tmp/solve_table.$$
