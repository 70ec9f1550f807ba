#!/bin/sh
# tests/japanese_lists.sh MATHGO PYTHON OUTDIR: the japanese-against-chinese lists of
# docs/japanese.md.  The 2x3 list is solved again (every position of the Chetrit study, one
# process) and must equal docs/data/japanese_2x3.csv row for row; every docs/data/japanese_*.csv
# must agree with the images of its rows (examples/japanese_compare.py's symmetry check exits
# non-zero otherwise).  Run from the source tree (the docs/data files are named from there).
# shellcheck source=tests/script_test.sh
. tests/script_test.sh
"$python" examples/japanese_compare.py "$mathgo" --solved 2x3 0 "$out/japanese_2x3.csv" > "$out/japanese_2x3.txt"
cmp "$out/japanese_2x3.csv" docs/data/japanese_2x3.csv
for f in docs/data/japanese_*.csv; do
    board=$(basename "$f" .csv | sed 's/^japanese_//')
    case $board in *[!0-9x]*) continue ;; esac # japanese_4x4_tried.csv: rows tried, not a list
    "$python" examples/japanese_compare.py "$mathgo" --solved "$board" 0 - "$f" | grep '^symmetry'
done
# A solve stopped at its limit counts when its bounds decide the winner (the margin rounded
# inwards: komi 0 makes it an integer), and its images take the bounds; bounds that do not
# decide leave the row unsolved.  1x3: `./X/.` B is +2, `././X` B is 0 (docs/data/japanese_1x3.csv).
cat > "$out/bounds_rows.csv" <<'EOF'
board,rules,komi,to_move,result,margin,best_moves,plies,nodes,time_s,tt_probes,tt_hits,tt_refused,tt_stores,tt_unstored,peak_mb,threads,pv,lower,upper,status,memory_bytes,position,line
1x3,"japanese",0,b,,,,,100,1.0,0,0,0,0,0,1.0,1,,1.5,,limit,1,./X/.,1
1x3,"japanese",0,b,,,,,100,1.0,0,0,0,0,0,1.0,1,,-0.5,0.5,limit,1,././X,2
1x3,"japanese",0,b,,,,,100,1.0,0,0,0,0,0,1.0,1,,-1,,limit,1,././.,3
1x3,"japanese",0,w,0,0,,,100,1.0,0,0,0,0,0,1.0,1,,0,0,solved,1,./X/X,4
EOF
"$python" examples/japanese_compare.py "$mathgo" --solved 1x3 0 "$out/bounds.csv" "$out/bounds_rows.csv" > "$out/bounds.txt"
grep -q "from a searched image; 2 of them the winner only, from bounds)" "$out/bounds.txt"
for want in "./X/.,B,,3,search,2," "./O/.,W,,-3,image,,-2" "././X,B,0,3,search,0,0" \
    "O/./.,W,0,-3,image,0,0" "./X/X,W,0,3,search,0,0"; do
    grep -qF ",$want" "$out/bounds.csv" || { echo "bounds.csv lacks $want" >&2; exit 1; }
done
if grep -qF ",././.,B," "$out/bounds.csv"; then
    echo "bounds.csv solves ././. B from bounds that do not decide its winner" >&2
    exit 1
fi
# Rows of `solve --positions --winner` count the same way (status winner, the deciding bounds).
printf './X/. b\n././X b\n' | "$mathgo" solve 1x3 --positions - --rules japanese --csv --quiet --winner > "$out/winner_rows.csv"
"$python" examples/japanese_compare.py "$mathgo" --solved 1x3 0 "$out/winner.csv" "$out/winner_rows.csv" > "$out/winner.txt"
grep -q "(2 searched, 4 from a searched image; 2 of them the winner only, from bounds)" "$out/winner.txt"
grep -qF ",./X/.,B,,3,search,1," "$out/winner.csv"
grep -qF ",././X,B,0,3,search,0,0" "$out/winner.csv"
# Several ROWS files read together: a row in more than one keeps what all of them prove
# (`./X/.` B: at least 1 from winner_rows.csv, at least 2 from bounds_rows.csv).
"$python" examples/japanese_compare.py "$mathgo" --solved 1x3 0 "$out/merged.csv" \
    "$out/winner_rows.csv" "$out/bounds_rows.csv" > "$out/merged.txt"
grep -q "(3 searched, 7 from a searched image; 2 of them the winner only, from bounds)" "$out/merged.txt"
grep -qF ",./X/.,B,,3,search,2," "$out/merged.csv"
grep -qF ",./X/X,W,0,3,search,0,0" "$out/merged.csv"
"$python" examples/japanese_compare.py "$mathgo" --classes 1x3 "$out/winner_rows.csv" \
    "$out/bounds_rows.csv" > "$out/merged_classes.txt"
for searched in './X/. b' '././X b' './X/X w'; do
    if grep -qxF "$searched" "$out/merged_classes.txt"; then
        echo "--classes lists $searched, searched in one of its ROWS files" >&2
        exit 1
    fi
done
grep -qxF '././. b' "$out/merged_classes.txt"
# Bad arguments: one line naming what, status 2, no traceback.
for args in "" "$mathgo 4y4" "$mathgo --solved 1x3 many" "$mathgo --classes" \
    "$mathgo --classes 1x3 $out/no_such_rows.csv" "$out/no_such_mathgo"; do
    status=0
    # shellcheck disable=SC2086 # the arguments are split on purpose
    "$python" examples/japanese_compare.py $args > /dev/null 2> "$out/usage.err" || status=$?
    if [ "$status" -ne 2 ] || [ "$(wc -l < "$out/usage.err")" -ne 1 ] ||
        ! grep -q '^japanese_compare.py: ' "$out/usage.err"; then
        echo "japanese_compare.py $args: status $status, said: $(cat "$out/usage.err")" >&2
        exit 1
    fi
done
# --untried leaves out a class with any row tried, one stopped at its limit too; without it the
# class is listed again (it has no winner).
head -1 "$out/winner_rows.csv" > "$out/capped_rows.csv"
echo '1x3,"japanese",0,b,,,,,100,2.000,0,0,0,0,0,10.0,1,,,,limit,0,100,2.000,100,0,././.,1' >> "$out/capped_rows.csv"
"$python" examples/japanese_compare.py "$mathgo" --classes 1x3 "$out/capped_rows.csv" \
    > "$out/capped_classes.txt"
grep -qxF '././. b' "$out/capped_classes.txt"
"$python" examples/japanese_compare.py "$mathgo" --classes 1x3 --untried "$out/capped_rows.csv" \
    > "$out/untried_classes.txt"
if grep -qxF '././. b' "$out/untried_classes.txt"; then
    echo "--classes --untried lists ././. b, tried in capped_rows.csv" >&2
    exit 1
fi
[ "$(wc -l < "$out/untried_classes.txt")" -eq $(($(wc -l < "$out/capped_classes.txt") - 1)) ]
# Files that contradict each other on a row (here ./X/. B at least 2 in bounds_rows.csv, at most
# -1 below) stop the merge with an error naming the row: one of the searches is unsound.
cat > "$out/contradicting_rows.csv" <<'EOF2'
board,rules,komi,to_move,result,margin,best_moves,plies,nodes,time_s,tt_probes,tt_hits,tt_refused,tt_stores,tt_unstored,peak_mb,threads,pv,lower,upper,status,memory_bytes,position,line
1x3,"japanese",0,b,,,,,100,1.0,0,0,0,0,0,1.0,1,,,-1,limit,1,./X/.,1
EOF2
if "$python" examples/japanese_compare.py "$mathgo" --solved 1x3 0 "$out/contradicted.csv" \
    "$out/bounds_rows.csv" "$out/contradicting_rows.csv" > "$out/contradicted.txt" 2> "$out/contradicted.err"; then
    echo "japanese_compare.py merged rows that contradict each other" >&2
    exit 1
fi
grep -q "./X/. B: .*contradicting_rows.csv gives <= -1, the rows before it >= 2: they contradict each other" "$out/contradicted.err"
# Bounds from runs at another komi are bounds on the score with komi 0, and rows decided only
# by two files together count: `././X` B (a tie) asked "at least 0?" alone (--komi -0.5) and
# "at least 1?" alone (--komi 0.5).  Either file alone leaves the row unsolved.
for komi in -0.5 0.5; do
    printf '././X b\n' | "$mathgo" solve 1x3 --positions - --rules japanese --csv --quiet \
        --winner --komi "$komi" > "$out/komi_$komi.csv"
    "$python" examples/japanese_compare.py "$mathgo" --solved 1x3 0 "$out/komi_alone.csv" \
        "$out/komi_$komi.csv" > /dev/null
    if grep -qF ",././X,B," "$out/komi_alone.csv"; then
        echo "komi $komi alone decides ././X B: $(grep -F ',././X,B,' "$out/komi_alone.csv")" >&2
        exit 1
    fi
done
"$python" examples/japanese_compare.py "$mathgo" --solved 1x3 0 "$out/komi_both.csv" \
    "$out/komi_-0.5.csv" "$out/komi_0.5.csv" > "$out/komi_both.txt"
grep -qF ",././X,B,0,3,search,0,0" "$out/komi_both.csv"
grep -qF ",O/./.,W,0,-3,image,0,0" "$out/komi_both.csv"
