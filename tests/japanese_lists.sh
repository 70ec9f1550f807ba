#!/bin/sh
# tests/japanese_lists.sh MATHGO PYTHON OUTDIR: the japanese-against-chinese lists of
# docs/japanese.md.  The 2x3 list is solved again (every position of the Chetrit study, one
# process) and must equal docs/data/japanese_2x3.csv row for row; every docs/data/japanese_*.csv
# must agree with the images of its rows (examples/japanese_compare.py's symmetry check exits
# non-zero otherwise).  Run from the source tree (the script reads docs/data/chetrit_BOARD.csv).
set -eu
mathgo=$1
python=$2
out=$3
mkdir -p "$out"
"$python" examples/japanese_compare.py "$mathgo" --solved 2x3 0 "$out/japanese_2x3.csv" > "$out/japanese_2x3.txt"
cmp "$out/japanese_2x3.csv" docs/data/japanese_2x3.csv
for f in docs/data/japanese_*.csv; do
    board=$(basename "$f" .csv | sed 's/^japanese_//')
    "$python" examples/japanese_compare.py "$mathgo" --solved "$board" 0 - "$f" | grep '^symmetry'
done
