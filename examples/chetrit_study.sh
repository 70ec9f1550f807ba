#!/bin/sh
# Reproduces docs/data/chetrit_<board>.csv: every position of the small boards, seeded samples
# of the larger ones, the empty board of the rest (docs/chetrit.md gives the times).
#   examples/chetrit_study.sh build/mathgo [small|samples|empty]...   (default: all three)
set -eu
mathgo=${1:-build/mathgo}
shift || true
parts=${*:-small samples empty}
out=docs/data
for part in $parts; do
    case $part in
    small)
        for b in 1x1 1x2 1x3 1x4 1x5 1x6 1x7 1x8 2x2 2x3 2x4 2x5 3x3; do
            "$mathgo" chetrit "$b" --positions all --csv > "$out/chetrit_$b.csv"
        done ;;
    samples)
        for b in 1x9 3x4 4x4; do
            "$mathgo" chetrit "$b" --positions sample:10000 --seed 1 --csv --memory 256M \
                > "$out/chetrit_$b.csv"
        done ;;
    empty)
        "$mathgo" chetrit 1x9 --positions empty --csv > "$out/chetrit_empty.csv"
        for b in 1x10 2x6 2x7 3x5; do
            "$mathgo" chetrit "$b" --positions empty --csv --no-header --memory 1G \
                >> "$out/chetrit_empty.csv"
        done ;;
    esac
done
