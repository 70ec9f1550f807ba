#!/bin/sh
# bench/dist_units.sh: the unit costs of docs/scale.md ("Unit costs").  For each board and rule
# set given, and each plan size (64, 1,000 and 10,000 units: depths 2 to 4), runs
# `bench_dist units` (the distributed algorithm in one process, one table) and prints one CSV
# row: the answers, their nodes, and the critical path of the root tests, the sum over the
# tests of each test's largest unit (static units cannot finish a test faster than its largest
# unit, whatever the number of ranks), with its share of the nodes.
#
#   bench/dist_units.sh [BENCH_DIST] [MAX_SECONDS] "BOARD RULES" ... > units.csv
set -u
bench=${1:-build/bench_dist}
max=${2:-300}
shift 2 2>/dev/null || shift $#
[ $# -gt 0 ] || set -- "4x4 math" "4x4 chinese" "4x4 tromp-taylor" "3x5 math" \
    "3x5 tromp-taylor" "2x7 math" "3x4 math"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
echo "commit,board,rules,units,depth,answers,nodes,critical_nodes,critical_share,tests,complete"
for case in "$@"; do
    set -- $case
    for target in 64 1000 10000; do
        "$bench" units "$1" "$2" "$target" "$max" >"$tmp" 2>/dev/null
        complete=$([ $? -eq 0 ] && echo yes || echo no)
        python3 - "$tmp" "$complete" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
if rows:
    tests = {}
    for r in rows:
        tests.setdefault(int(r["test"]), []).append(int(r["nodes"]))
    nodes = sum(sum(v) for v in tests.values())
    critical = sum(max(v) for v in tests.values())
    r = rows[0]
    print("%s,%s,\"%s\",%s,%d,%d,%d,%d,%.2f,%d,%s" % (
        r["commit"], r["board"], r["rules"], r["units"], max(int(x["depth"]) for x in rows),
        len(rows), nodes, critical, critical / max(nodes, 1), len(tests), sys.argv[2]))
EOF
    done
done
