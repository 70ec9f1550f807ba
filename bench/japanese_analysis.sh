#!/bin/sh
# bench/japanese_analysis.sh: the cost of the Japanese rules' Analysis on 4x4 final positions.
# `mathgo score` of each position of bench/data/japanese_4x4_finals.txt (57 final positions
# that stopped rows of the 4x4 Chetrit sample at their 5 s cap, 2026-12-04), one CSV row each:
# the commit, the position, its exit status (0 decided, 1 a string past the limit of 20 M
# imagined positions), the result and the seconds (wall clock: run it on an idle machine).  docs/japanese.md ("The search") and the
# changelog quote the totals: sum the seconds and count the zeros.
#
#   bench/japanese_analysis.sh [MATHGO_BINARY] [POSITIONS] > rows.csv
set -u
mathgo=${1:-build/mathgo}
positions=${2:-$(dirname "$0")/data/japanese_4x4_finals.txt}
commit=${MATHGO_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "commit,position,status,result,time_s"
while read -r p; do
    [ -n "$p" ] || continue
    echo "$p" | tr / '\n' > "$tmp/p.txt"
    start=$(date +%s%N)
    "$mathgo" score "$tmp/p.txt" --rules japanese > "$tmp/out" 2>/dev/null
    status=$?
    end=$(date +%s%N)
    result=$(sed -n 's/^result: //p' "$tmp/out")
    echo "$commit,$p,$status,$result,$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')"
done < "$positions"
