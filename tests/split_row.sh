#!/bin/sh
# tests/split_row.sh MATHGO PYTHON OUTDIR: examples/split_row.py, the winner of a position
# split by its moves (docs/japanese.md, "Split by hand").  Every line split to a fixed depth
# (--split-depth, the positions above it never asked) must give the winner that one search
# gives, at komi 0 (ties too) and -0.5, on rows of tests/data/solve_positions.txt and the empty
# boards; a second run reads its STATE and asks nothing; the CSV row it writes is read by
# examples/japanese_compare.py like a row of `solve --positions --winner`.  Run from the source
# tree.
# shellcheck source=tests/script_test.sh
. tests/script_test.sh
n=0
check() { # BOARD POSITION TO_MOVE KOMI DEPTH [ALGORITHM]
    n=$((n + 1))
    algorithm=${6:-pns}
    want=$(printf '%s %s\n' "$2" "$3" | "$mathgo" solve "$1" --positions - --rules japanese \
        --komi="$4" --winner --csv --no-header --quiet --memory 64M | cut -d, -f5)
    "$python" examples/split_row.py "$mathgo" "$1" "$2" "$3" "$out/$n.state" --komi="$4" \
        --split-depth "$5" --seconds 20 --memory 64M --jobs 2 --algorithm "$algorithm" \
        --csv "$out/$n.csv" > "$out/$n.txt"
    got=$(tail -n 1 "$out/$n.csv" | cut -d, -f5)
    if [ "$got" != "$want" ]; then
        echo "split_row.py $1 $2 $3 komi $4 depth $5: $got, one search: $want" >&2
        cat "$out/$n.txt" >&2
        exit 1
    fi
    # The STATE decides it again without a search.
    "$python" examples/split_row.py "$mathgo" "$1" "$2" "$3" "$out/$n.state" --komi="$4" \
        --split-depth "$5" > "$out/$n.again.txt"
    grep -q ", 0 searches in this run;" "$out/$n.again.txt" || {
        cat "$out/$n.again.txt" >&2
        exit 1
    }
}
for komi in 0 -0.5; do
    check 2x3 ../../.. w "$komi" 2
    check 2x3 ../.O/X. b "$komi" 3
    check 2x3 ../XO/.. b "$komi" 2 alphabeta
    check 1x5 ././X/./X b "$komi" 3
done
check 3x3 .../.../... b 0 1
# A line whose answers come from its children is written as such, with its children there.
grep -q "	moves	" "$out/1.state"
# 1x3 `././X` with Black to move is a tie (docs/data/japanese_1x3.csv): "at least 0?" for each
# side (komi -0.5 and 0.5), each split, merged by japanese_compare.py into the tie.
"$python" examples/split_row.py "$mathgo" 1x3 ././X b "$out/tie_b.state" --komi=-0.5 \
    --split-depth 1 --memory 64M --csv "$out/tie_b.csv" > /dev/null
"$python" examples/split_row.py "$mathgo" 1x3 ././X b "$out/tie_w.state" --komi=0.5 \
    --split-depth 1 --memory 64M --csv "$out/tie_w.csv" > /dev/null
"$python" examples/japanese_compare.py "$mathgo" --solved 1x3 0 "$out/tie.csv" \
    "$out/tie_b.csv" "$out/tie_w.csv" > /dev/null
grep -qF ",././X,B,0," "$out/tie.csv" || {
    echo "japanese_compare.py did not read the split rows of ././X b as a tie" >&2
    exit 1
}
# A final position left open by its Analysis (a budget of one imagined position, an attractor
# graph of at most 40 states; the searches of lines that are not final keep the default) is
# asked again with a larger --analysis-states, whatever --seconds, and decides the row as one
# search does (Black at least a tie); the lines that are not final are not asked again.
split_states() { # STATES
    "$python" examples/split_row.py "$mathgo" 2x3 X./XO/.O w "$out/final.state" --split-depth 2 \
        --depth 2 --seconds 20 --memory 64M --jobs 1 --analysis-limit 1 --analysis-states "$1"
}
split_states 40 > "$out/final1.txt" || [ $? -eq 1 ] # still open: status 1
grep -q "^W pass B pass	?	search 20 states 40	" "$out/final.state"
split_states 1000000 > "$out/final2.txt" || [ $? -eq 1 ]
grep -q "^W pass B pass	B	search 20 states 1000000	" "$out/final.state"
grep -q "^X./XO/.O w: Black wins (.*, 1 searches in this run;" "$out/final2.txt" || {
    cat "$out/final2.txt" >&2
    exit 1
}
# --line: each child of a row split on its own (a line picked by hand), into one STATE; once
# the last is known the row follows from them without a search, and is one search's winner.
want=$(printf '../.O/X. b\n' | "$mathgo" solve 2x3 --positions - --rules japanese --komi=0 \
    --winner --csv --no-header --quiet --memory 64M | cut -d, -f5)
printf '..\n.O\nX.\n' > "$out/line.txt"
kids=$("$mathgo" show "$out/line.txt" --rules japanese --to-move b |
    sed -n 's/^legal moves for black ([0-9]*): //p')
[ -n "$kids" ]
for kid in $kids; do
    "$python" examples/split_row.py "$mathgo" 2x3 ../.O/X. b "$out/line.state" --komi=0 \
        --line "B $kid" --split-depth 1 --seconds 20 --memory 64M --jobs 1 \
        > "$out/line_$kid.txt" || [ $? -eq 1 ]
    grep -q "^B $kid	[BW0]	" "$out/line.state"
done
grep -q "^-	$want	moves	" "$out/line.state" || {
    echo "split_row.py --line: the row ../.O/X. b is not decided as $want by its children" >&2
    cat "$out/line.state" >&2
    exit 1
}
"$python" examples/split_row.py "$mathgo" 2x3 ../.O/X. b "$out/line.state" --komi=0 \
    > "$out/line_again.txt"
grep -q ", 0 searches in this run;" "$out/line_again.txt"
# Bad arguments: status 2 and a message.
if "$python" examples/split_row.py "$mathgo" 2x3 ../.O/X. b "$out/bad.state" --line "B Z9" \
    2> "$out/bad.txt"; then
    exit 1
else
    [ $? -eq 2 ]
fi
grep -q "point 'Z9' is off the 2x3 board" "$out/bad.txt"
if "$python" examples/split_row.py "$mathgo" 2x3 ../.O/X. b "$out/bad.state" --line "B" \
    2> "$out/bad.txt"; then
    exit 1
fi
grep -q "line: 'B' is not a line of moves" "$out/bad.txt"
if "$python" examples/split_row.py "$mathgo" 1x3 ./X b "$out/bad.state" 2> "$out/bad.txt"; then
    exit 1
fi
grep -q "'./X' is not a 1x3 position" "$out/bad.txt"
if "$python" examples/split_row.py "$mathgo" 1x3 ./X/. b "$out/bad.state" --analysis-states -1 \
    2> "$out/bad.txt"; then
    exit 1
fi
grep -q "analysis-states: -1 is not between" "$out/bad.txt"
echo "split_row.sh: $n splits agree with one search"
