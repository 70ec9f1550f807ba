#!/bin/sh
# bench/pns_table.sh: alpha-beta against proof-number search under the no-pass rule sets
# (math, pseudo): `mathgo solve B --rules R --algorithm A --value-only --csv` for each board,
# rule set and algorithm, with a time limit and a memory cap, one CSV row per solve (docs/csv.md,
# with the commit and the algorithm first).  A stopped solve keeps mathgo's row (status
# `limit`: the nodes and seconds reached, the bounds proved).  docs/results.md and
# docs/solver.md ("Proof-number search": the rule of --algorithm auto) quote these rows.
#
#   bench/pns_table.sh [MATHGO_BINARY] [SECONDS] [MEMORY] [ALGORITHMS] [RULES] [BOARDS...] > rows.csv
#
# Defaults: build/mathgo, 60 s, 1G, "alphabeta pns", "math pseudo", the boards of the
# 16-point table that alpha-beta solves under both (1x5 .. 1x9, 2x4 .. 2x7, 3x3 .. 3x5, 4x4).
# An algorithm `pns:N` is proof-number search with `--leaf-nodes N` (alpha-beta at the leaves,
# 0: none; docs/solver.md), named so in the row.
set -u
mathgo=${1:-build/mathgo}
limit=${2:-60}
memory=${3:-1G}
algorithms=${4:-"alphabeta pns"}
rules=${5:-"math pseudo"}
[ $# -gt 5 ] && shift 5 || set --
boards=${*:-"1x5 1x6 1x7 1x8 1x9 2x4 2x5 2x6 2x7 3x3 3x4 3x5 4x4"}
commit=${MATHGO_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
# shellcheck source=bench/solve_csv.sh
. "$(dirname "$0")/solve_csv.sh"
header=$(solve_csv_header "$mathgo")
echo "commit,algorithm,$header"
for b in $boards; do
    for r in $rules; do
        for a in $algorithms; do
            case $a in
            *:*) set -- --algorithm "${a%%:*}" --leaf-nodes "${a#*:}" ;;
            *) set -- --algorithm "$a" ;;
            esac
            out=$("$mathgo" solve "$b" --rules "$r" "$@" --value-only --csv \
                --no-header --quiet --memory "$memory" --max-time "$limit" 2>/dev/null)
            [ -n "$out" ] || out=$(solve_csv_row "$header" "board=$b" "rules=\"$r\"" status=failed)
            echo "$commit,$a,$out"
        done
    done
done
