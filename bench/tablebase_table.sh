#!/bin/sh
# bench/tablebase_table.sh: the tables of docs/tablebases.md.  Computes the tablebase of every
# board 1x1 .. 1x12, 2x2 .. 2x8, 3x3 .. 3x5 and 4x4 under math and pseudo (ko=simple,
# cycle=draw) with bench_tablebase and prints its CSV rows (docs/data/tablebases.csv).
#
#   bench/tablebase_table.sh [BENCH_TABLEBASE_BINARY] [THREADS] > tablebases.csv
set -eu
bench=${1:-build/bench_tablebase}
threads=${2:-1}
boards="1x1 1x2 1x3 1x4 1x5 1x6 1x7 1x8 1x9 1x10 1x11 1x12 2x2 2x3 2x4 2x5 2x6 2x7 2x8 3x3 3x4 3x5 4x4"
cases=
for rules in math pseudo; do
    for board in $boards; do
        cases="$cases $board:$rules"
    done
done
# shellcheck disable=SC2086
exec "$bench" --threads "$threads" $cases
