#!/bin/sh
# tests/bench_csv.sh MATHGO PYTHON OUTDIR: bench/solve_csv.sh, which the bench scripts use to
# read and write `mathgo solve --csv` rows by column name, against Python's csv module on rows
# whose rules hold commas (vdWW's); then bench/table_sizes.sh and bench/threads.sh on one tiny
# board each, whose nodes and seconds must be the solve's own.  Run from the source tree.
# shellcheck source=tests/script_test.sh
. tests/script_test.sh
# shellcheck source=bench/solve_csv.sh
. bench/solve_csv.sh
fail() {
    echo "bench_csv: $*" >&2
    exit 1
}
header=$(solve_csv_header "$mathgo")
rules="chinese,ko=simple,cycle=draw"
row=$("$mathgo" solve 3x3 --rules "$rules" --value-only --csv --no-header --quiet)
# The same fields read by Python's csv module.
field() { # NAME...: the named fields of $row, joined by commas
    printf '%s\n%s\n' "$header" "$row" | "$python" -c '
import csv, sys
header, row = list(csv.reader(sys.stdin))
print(",".join(row[header.index(n)] if n in header else "" for n in sys.argv[1:]))' "$@"
}
got=$(solve_csv_get "$header" "$row" result,nodes,threads)
want=$(field result nodes threads)
[ "$got" = "$want" ] || fail "solve_csv_get result,nodes,threads: '$got', Python's csv: '$want'"
[ "$(solve_csv_get "$header" "$row" board,no_such_column,komi)" = "3x3,,0" ] ||
    fail "solve_csv_get with a missing name: '$(solve_csv_get "$header" "$row" board,no_such_column,komi)'"
# The rules hold commas inside their quotes: only the named field changes.
set_row=$(solve_csv_set "$header" "$row" result limit)
printf '%s\n%s\n%s\n' "$header" "$row" "$set_row" | "$python" -c '
import csv, sys
header, before, after = list(csv.reader(sys.stdin))
assert len(before) == len(header) == len(after), (len(before), len(header), len(after))
for name, b, a in zip(header, before, after):
    want = "limit" if name == "result" else b
    assert a == want, (name, b, a)
assert after[header.index("rules")] == "chinese,ko=simple,cycle=draw", after
' || fail "solve_csv_set result limit: '$set_row' from '$row'"
# The scripts' rows carry the solve's nodes and a time (one thread: deterministic nodes).
nodes=$(field nodes)
TABLE_SIZES_RUNS=1 TABLE_SIZES_MEMORY=16M TABLE_SIZES_JOBS="3x3:$rules" \
    sh bench/table_sizes.sh "$mathgo" > "$out/sizes.csv"
tail -n 1 "$out/sizes.csv" | grep -q "^[^,]*,3x3,\"$rules\",16M,1,$nodes,[0-9.]*\$" ||
    fail "bench/table_sizes.sh: '$(tail -n 1 "$out/sizes.csv")', nodes $nodes wanted"
THREADS_RUNS=1 THREADS_MEMORY=16M THREADS_JOBS="3x3:$rules" sh bench/threads.sh "$mathgo" > "$out/threads.csv"
sed -n 2p "$out/threads.csv" | grep -q "^[^,]*,3x3,\"$rules\",1,1,$nodes,[0-9.]*,1,16M\$" ||
    fail "bench/threads.sh, one thread: '$(sed -n 2p "$out/threads.csv")', nodes $nodes wanted"
sed -n 3p "$out/threads.csv" | grep -q "^[^,]*,3x3,\"$rules\",2,1,[0-9]*,[0-9.]*,2,16M\$" ||
    fail "bench/threads.sh, two threads: '$(sed -n 3p "$out/threads.csv")'"
echo "bench_csv: solve_csv_get and solve_csv_set agree with Python's csv; table_sizes.sh and threads.sh rows hold the solve's fields"
