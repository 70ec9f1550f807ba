#!/bin/sh
# bench/table_sizes.sh: what the memory cap (so the table's size) does to short solves, the
# measurement behind alpha-beta's default memory (front/common.h, docs/reliability.md).  Each
# board is solved value only with one thread under each cap, the caps interleaved run by run,
# one CSV row per solve; quote medians and sums.
#
#   bench/table_sizes.sh [MATHGO_BINARY] > sizes.csv
#
# TABLE_SIZES_JOBS replaces the boards ("BOARD:RULES" apart by spaces; default the 18 solves of
# 4x4, 3x5 and 2x7 under math, pseudo, tromp-taylor, chinese, old-chinese and vdWW),
# TABLE_SIZES_MEMORY the caps (default "48M 64M 96M 128M 256M"), TABLE_SIZES_RUNS the runs
# (default 3), TABLE_SIZES_ARGS more options for every solve (for example "--algorithm
# alphabeta": on the strips under cycle=draw the default search is proof-number search).
set -u
# shellcheck source=bench/solve_csv.sh
. "$(dirname "$0")/solve_csv.sh"
mathgo=${1:-build/mathgo}
header=$(solve_csv_header "$mathgo")
commit=${MATHGO_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
rule_sets="math pseudo tromp-taylor chinese old-chinese chinese,ko=simple,cycle=draw"
default_jobs=""
for b in 4x4 3x5 2x7; do
    for r in $rule_sets; do
        default_jobs="$default_jobs $b:$r"
    done
done
jobs=${TABLE_SIZES_JOBS:-$default_jobs}
sizes=${TABLE_SIZES_MEMORY:-"48M 64M 96M 128M 256M"}
runs=${TABLE_SIZES_RUNS:-3}
args=${TABLE_SIZES_ARGS:-}
echo "commit,board,rules,memory,run,nodes,time_s"
run=1
while [ "$run" -le "$runs" ]; do
    for job in $jobs; do
        board=${job%%:*}
        rules=${job#*:}
        for m in $sizes; do
            # shellcheck disable=SC2086 # args: options apart by spaces
            out=$("$mathgo" solve "$board" --rules "$rules" --value-only --memory "$m" \
                --max-time 120 --csv --no-header $args 2>/dev/null)
            fields=$(solve_csv_get "$header" "$out" nodes,time_s)
            echo "$commit,$board,\"$rules\",$m,$run,${fields:-,}"
        done
    done
    run=$((run + 1))
done
