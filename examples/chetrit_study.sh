#!/bin/sh
# Reproduces docs/data/chetrit_<board>.csv (docs/chetrit.md): every position of the small
# boards, seeded uniform samples of larger ones, the empty boards of the rest.
#   examples/chetrit_study.sh build/mathgo [small|samples|large|empty]...
#                                                      (default: small samples empty)
# Every run writes its file with --output, so a run that is stopped (Ctrl-C, a kill, a reboot)
# resumes where it stopped when the same command is given again; a finished file is left as it
# is (delete it to recompute).  The boards of up to 9 points but 1x8 get the simple-ko columns from a
# `math` tablebase built on the way (in a temporary directory).  Pseudo-Go searches stop at
# 200 k nodes (their cells are then left empty and reported, and the command exits with status
# 1, which this script accepts); no other cell has a limit.  `large` is the long part: the
# 10,000-position samples of 4x4 and 1x9 (all 6,649 positions of 1x9), hours of CPU each.
# --memory caps the whole study (docs/reliability.md, "Bounded memory"): 3G and 8G give two
# threads the tables the data were computed with (128M and 512M per rule set and thread, when
# --memory meant that, before 2026-12-02).
set -u
mathgo=${1:-build/mathgo}
shift || true
parts=${*:-small samples empty}
out=docs/data
tables=$(mktemp -d)
trap 'rm -rf "$tables"' EXIT
run() { # file name, board, then mathgo chetrit options
    file=$1 board=$2
    shift 2
    "$mathgo" chetrit "$board" --pseudo-max-nodes 200000 --output "$out/$file.csv" "$@" \
        > /dev/null
    status=$?
    [ $status -le 1 ] || { echo "chetrit_study: $board failed ($status)" >&2; exit 1; }
}
with_tablebase() { # board, then mathgo chetrit options
    board=$1
    shift
    "$mathgo" tablebase "$board" --rules math -o "$tables/$board.mgtb" > /dev/null || exit 1
    run "chetrit_$board" "$board" --tablebase "$tables/$board.mgtb" "$@"
}
for part in $parts; do
    case $part in
    small)
        for b in 1x1 1x2 1x3 1x4 1x5 1x6 1x7 2x2 2x3 2x4 2x5 3x3; do
            with_tablebase $b --positions all
        done
        run chetrit_1x8 1x8 --positions all ;; # computed before --tablebase existed
    samples)
        run chetrit_3x4 3x4 --positions sample:10000 --seed 1 --memory 3G ;;
    large)
        with_tablebase 4x4 --positions sample:10000 --seed 1 --memory 3G --max-nodes 5000000
        # every 1x9 position, in a seeded random order (a stopped run is a uniform sample)
        with_tablebase 1x9 --positions shuffled --seed 1 --memory 2G --max-nodes 2000000 ;;
    empty)
        for b in 1x8 3x4 4x4 2x6 3x5; do
            run chetrit_empty_$b $b --positions empty --memory 8G --max-nodes 200000000
        done
        # pseudo-Go solved on these with a larger cap (docs/chetrit.md, "Timings")
        for b in 1x9 2x7 1x10; do
            run chetrit_empty_$b $b --positions empty --memory 8G --max-nodes 400000000 \
                --pseudo-max-nodes 100000000
        done
        # 2x8: only `math` is solved; the margins stay at this cap
        run chetrit_empty_2x8 2x8 --positions empty --memory 12G --max-nodes 20000000 \
            --pseudo-max-nodes 20000000 ;;
    esac
done
