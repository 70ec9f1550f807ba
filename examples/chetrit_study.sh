#!/bin/sh
# Reproduces docs/data/chetrit_<board>.csv (docs/chetrit.md): every position of the small
# boards, seeded uniform samples of larger ones, the empty boards of the rest.
#   examples/chetrit_study.sh build/mathgo [small|samples|empty]...   (default: all three)
# Pseudo-Go searches stop at 200 k nodes (their cells are then left empty and reported, and
# the command exits with status 1, which this script accepts); no other cell has a limit.
set -u
mathgo=${1:-build/mathgo}
shift || true
parts=${*:-small samples empty}
out=docs/data
run() { # file name, board, then mathgo chetrit options
    file=$1 board=$2
    shift 2
    "$mathgo" chetrit "$board" --csv --pseudo-max-nodes 200000 "$@" > "$out/$file.csv"
    status=$?
    [ $status -le 1 ] || { echo "chetrit_study: $board failed ($status)" >&2; exit 1; }
}
for part in $parts; do
    case $part in
    small)
        for b in 1x1 1x2 1x3 1x4 1x5 1x6 1x7 2x2 2x3 2x4 2x5 3x3; do
            run chetrit_$b $b --positions all
        done ;;
    samples)
        run chetrit_3x4 3x4 --positions sample:5000 --seed 1 --memory 128M
        run chetrit_4x4 4x4 --positions sample:10 --seed 1 --memory 128M --threads 1
        run chetrit_1x8 1x8 --positions sample:100 --seed 1 --memory 128M ;;
    empty)
        for b in 1x8 1x9 3x4 4x4 2x6 3x5 2x7 1x10; do
            run chetrit_empty_$b $b --positions empty --memory 512M --max-nodes 200000000
        done ;;
    esac
done
