#!/bin/sh
# bench/japanese_rows.sh: how many rows of the 4x4 Chetrit sample a japanese solve decides
# within a cap.  `mathgo solve 4x4 --positions LIST --rules japanese --winner --max-time CAP`
# over each list, one CSV row per list: the commit, the list, its rows, the rows with a winner,
# and the seconds of all rows (time_s summed; wall clock, so run it on an idle machine).  The
# lists (bench/data): japanese_4x4_capped65.txt, 65 rows that had stopped at their cap (2 or
# 5 s) before aa8e38e (every hundredth row of docs/data/japanese_4x4_tried.csv at aa8e38e), and
# japanese_4x4_solved65.txt, 65 rows with a winner (every 150th searched row of
# docs/data/japanese_4x4.csv).  docs/japanese.md ("A first budget of ten where there is no
# game space") quotes it.  With a third argument LONG_CAP (seconds) it also runs
# japanese_4x4_capped40.txt at that cap: 40 rows that a 20 s cap had stopped before the
# restarts (every 21st row of docs/data/japanese_4x4_tried.csv at f9f423a, the list that
# docs/japanese.md, "Restarts", measured at 20 s), and japanese_4x4_ranked40.txt: 40 rows in
# rank order that had no winner before 9d30f05 (the first 40 of the 706 of docs/japanese.md,
# "A table of 4 GB kept across the rows"), where a table kept across the rows pays; the list
# column then names the cap.
#
# JAPANESE_ROWS_MEMORY (e.g. 4G) is passed as --memory: the table every row of a list shares
# (docs/japanese.md, "A table of 4 GB kept across the rows").  JAPANESE_ROWS_ALGORITHM (e.g.
# pns) is passed as --algorithm; with pns the lists also include japanese_4x4_pns12.txt, the 12
# rows behind docs/solver.md's comparison of pending numbers ("Final positions left pending":
# 4^level 12 winners in 54.5 s at 40 s each), run at LONG_CAP (40 when not given).
#
#   bench/japanese_rows.sh [MATHGO_BINARY] [CAP] [LONG_CAP] > rows.csv
set -u
mathgo=${1:-build/mathgo}
cap=${2:-2}
long_cap=${3:-}
memory=${JAPANESE_ROWS_MEMORY:+--memory $JAPANESE_ROWS_MEMORY}
algorithm=${JAPANESE_ROWS_ALGORITHM:+--algorithm $JAPANESE_ROWS_ALGORITHM}
data=$(dirname "$0")/data
commit=${MATHGO_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "commit,list,rows,winners,time_s"
runs="japanese_4x4_capped65:$cap japanese_4x4_solved65:$cap"
[ -n "$long_cap" ] && runs="$runs japanese_4x4_capped40:$long_cap japanese_4x4_ranked40:$long_cap"
[ "${JAPANESE_ROWS_ALGORITHM:-}" = pns ] && runs="$runs japanese_4x4_pns12:${long_cap:-40}"
for run in $runs; do
    list=${run%%:*}
    limit=${run#*:}
    name=$list
    case $list in *40 | *12) name="$list@${limit}s" ;; esac
    "$mathgo" solve 4x4 --positions "$data/$list.txt" --rules japanese --winner --csv --quiet \
        --max-time "$limit" $memory $algorithm > "$tmp/rows.csv" 2>/dev/null
    awk -F, -v c="$commit" -v l="$name" \
        'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
         { rows++; t += $col["time_s"]; if ($col["status"] == "winner") w++ }
         END { printf "%s,%s,%d,%d,%.1f\n", c, l, rows, w, t }' "$tmp/rows.csv"
done
