#!/bin/sh
# Regenerates the perft table (tests/data/perft.csv, shown in docs/perft.md): for each board and
# rule set, every depth reached within SECONDS (default 3) of one run (the time column is
# dropped so the table is reproducible; a tree that is complete, every leaf an ended game, stops
# at the first depth where it is).  Usage:
#   bench/perft_table.sh [MATHGO] [SECONDS] > tests/data/perft.csv
set -eu
mathgo=${1:-build/mathgo}
seconds=${2:-3}
echo "board,rules,depth,leaves,ended,nodes"
for board in 1x1 1x2 1x3 1x4 1x5 1x6 2x2 2x3 3x3 4x4; do
  for rules in math pseudo tromp-taylor chinese old-chinese japanese chinese,ko=situational chinese,ko=simple,cycle=draw; do
    timeout "$seconds" "$mathgo" perft "$board" --rules "$rules" --depth 200 --csv --no-header 2>/dev/null |
      sed "s/,[^,]*$//" | awk -F, '{ print } $(NF-2) == $(NF-1) { exit }' || true
  done
done
