#!/usr/bin/env python3
"""tests/csv_check.py: every command's --csv against docs/csv.md.

Usage: csv_check.py MATHGO DOCS_CSV_MD TEST_DATA_DIR

Reads the column tables of docs/csv.md (one per section whose heading names `mathgo ... --csv`
commands), runs each command below on small inputs, reads its output with the csv module and
checks: the header is exactly the documented list (the columns whose "present" cell is "always"
or an option given on the command line, in the documented order), every row has as many fields
as the header, every name is snake_case and unique; plus a few values per command (a solved
row's bounds equal, a limit's row with bounds and no value, exact values as text).  Every
documented section and every optional column is exercised by some case.  Python's standard
library only.
"""
import csv
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile

SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message, file=sys.stderr)


def split_row(line):
    """The cells of a Markdown table row; `\\|` is a pipe inside a cell."""
    cells = re.split(r"(?<!\\)\|", line.strip())
    return [c.strip().replace("\\|", "|") for c in cells[1:-1]]


def read_doc(path):
    """{section key: [(column, present)]}; a key is a heading's backticked `mathgo ...` text."""
    sections, keys, table = {}, [], None
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                keys = re.findall(r"`(mathgo [^`]*)`", line)
                table = None
                continue
            if not line.startswith("|") or not keys:
                table = None
                continue
            cells = split_row(line)
            if table is None:
                if [c.lower() for c in cells[:5]] != ["column", "type", "unit", "present", "meaning"]:
                    fail("%s: a table under %s does not have the columns column, type, unit, "
                         "present, meaning: %s" % (path, keys, line.strip()))
                    keys = []
                    continue
                table = []
                for key in keys:
                    if key in sections:
                        fail("%s: two tables for %s" % (path, key))
                    sections[key] = table
                continue
            if set("".join(cells)) <= set("-: "):
                continue  # the separator row
            name = cells[0].strip("`")
            present = cells[3].strip("`")
            if len(cells) != 5 or not name or not present or not cells[1] or not cells[4]:
                fail("%s: an incomplete row under %s: %s" % (path, keys, line.strip()))
            table.append((name, present))
    return sections


def expected_header(table, argv):
    return [name for name, present in table if present == "always" or present in argv]


def run(argv, stdin=None):
    return subprocess.run(argv, input=stdin, capture_output=True, text=True, timeout=300)


def main():
    mathgo, doc, data = sys.argv[1], sys.argv[2], sys.argv[3]
    sections = read_doc(doc)
    if not sections:
        fail("%s: no column tables found" % doc)
    tmp = tempfile.mkdtemp(prefix="mathgo-csv-")
    tb = os.path.join(tmp, "2x2.tb")
    walled = os.path.join(data, "region_walled.txt")
    region = "name: eye-2\nXXXX\nX..X\nXXXX\n\nname: corner\nX.O\nX.O\nXXO\n"
    all_cgt = ["--cool", "1/2", "--chill", "--warm", "--heat", "1", "--freeze", "--thermograph",
               "--atomic-weight", "--reduced", "--incentives", "--birthday"]
    # (section, arguments, stdin, exit status, check of the rows or None)
    cases = [
        ("mathgo solve --csv", ["solve", "2x2", "--rules", "math"], None, 0, "solved"),
        ("mathgo solve --csv", ["solve", "1x4", "--rules", "tromp-taylor"], None, 0, "solved"),
        ("mathgo solve --csv", ["solve", "3x3", "--rules", "math", "--value-only"], None, 0, None),
        ("mathgo solve --csv", ["solve", "--from", walled, "--rules", "chinese"], None, 0, "solved"),
        ("mathgo solve --csv", ["solve", "3x4", "--rules", "math", "--max-nodes", "5000",
                                "--memory", "16M"], None, 1, "limit"),
        ("mathgo solve --positions FILE --csv",
         ["solve", "2x2", "--positions", "-", "--rules", "japanese"],
         "# a comment\n../.. b\n\nX./.. w\n", 0, None),
        ("mathgo solve --positions FILE --csv",
         ["solve", "4x3", "--positions", "-", "--rules", "chinese", "--max-nodes", "20000",
          "--memory", "16M"], "..../..../.... b\n", 1, None),
        ("mathgo solve --decompose --csv",
         ["solve", "--from", walled, "--rules", "math", "--decompose"], None, 0, None),
        ("mathgo solve --decompose --csv",
         ["solve", "--from", walled, "--rules", "japanese,analysis=none", "--decompose"], None, 0, None),
        ("mathgo count --csv", ["count", "3x3", "2x5"], None, 0, "count"),
        ("mathgo count --csv", ["count", "--stats", "4x4"], None, 0, None),
        ("mathgo count --by-stones", ["count", "--by-stones", "2x2"], None, 0, None),
        ("mathgo perft --csv", ["perft", "2x2", "--depth", "3", "--rules", "chinese,ko=simple"],
         None, 0, None),
        ("mathgo enumerate --csv", ["enumerate", "1x3"], None, 0, None),
        ("mathgo enumerate --csv", ["enumerate", "2x2", "--canonical"], None, 0, None),
        ("mathgo cgt --csv", ["cgt", "{1|0}", "3/4", "^*"], None, 0, "cgt"),
        ("mathgo cgt --csv", ["cgt"] + all_cgt + ["{2|-1}", "*"], None, 0, None),
        ("mathgo cgt --compare --csv", ["cgt", "--compare", "{1|0}", "1/2"], None, 0, "compare"),
        ("mathgo region --csv", ["region", "-"], region, 0, None),
        ("mathgo region --csv", ["region", "-", "--model", "both", "--solve", "--thermograph"],
         region, 0, None),
        ("mathgo region --csv", ["region", os.path.join(data, "region_corridor.txt")], None, 0,
         None),
        ("mathgo chetrit --csv", ["chetrit", "1x2", "--positions", "all", "--threads", "1"], None,
         0, None),
        ("mathgo tablebase --csv", ["tablebase", "2x2", "-o", tb], None, 0, None),
        ("mathgo probe --csv", ["probe", tb], None, 0, None),
        ("mathgo probe --csv", ["probe", tb, "-", "--to-move", "w"], "X.\n..\n", 0, None),
        ("mathgo show --csv", ["show", os.path.join(data, "sgf_history.sgf")], None, 0, None),
        ("mathgo show --csv", ["show", walled], None, 0, None),
        ("mathgo play --csv", ["play", "3x3", "B2", "A1", "pass", "--komi", "0.5"], None, 0, None),
        ("mathgo play --csv", ["play", "2x2", "A1", "pass", "pass"], None, 0, "over"),
        ("mathgo score --csv", ["score", "-"], ".XO.XO.O.\nXXXXXOOOO\n", 0, None),
    ]
    used_options = {}
    for key, args, stdin, status, check in cases:
        table = sections.get(key)
        if table is None:
            fail("docs/csv.md has no table for `%s`" % key)
            continue
        argv = [mathgo] + args + ([] if key.endswith("--by-stones") else ["--csv"])
        what = " ".join(argv[1:])
        r = run(argv, stdin)
        if r.returncode != status:
            fail("mathgo %s: exit status %d, not %d: %s" % (what, r.returncode, status, r.stderr))
            continue
        rows = list(csv.reader(io.StringIO(r.stdout, newline="")))
        if len(rows) < 2:
            fail("mathgo %s: no row after the header: %r" % (what, r.stdout))
            continue
        header, body = rows[0], rows[1:]
        want = expected_header(table, argv)
        if header != want:
            fail("mathgo %s: the header\n  %s\nis not docs/csv.md's\n  %s" %
                 (what, ",".join(header), ",".join(want)))
        for name in header:
            if not SNAKE.match(name):
                fail("mathgo %s: column '%s' is not snake_case" % (what, name))
        if len(set(header)) != len(header):
            fail("mathgo %s: a column name repeats: %s" % (what, header))
        for i, row in enumerate(body):
            if len(row) != len(header):
                fail("mathgo %s: row %d has %d fields, the header %d: %s" %
                     (what, i + 1, len(row), len(header), row))
        for name, present in table:
            if present != "always":
                used_options.setdefault(key, set())
                if present in argv:
                    used_options[key].add(present)
        if header == want and all(len(row) == len(header) for row in body):
            check_values(what, check, [dict(zip(header, row)) for row in body])
    for key, table in sections.items():
        if not any(c[0] == key for c in cases):
            fail("docs/csv.md documents `%s` but no case runs it" % key)
        for name, present in table:
            if present != "always" and present not in used_options.get(key, set()):
                fail("`%s`: no case gives %s (column %s)" % (key, present, name))
    # --no-header: the rows alone, the same number of fields.
    r = run([mathgo, "solve", "2x2", "--rules", "math", "--csv", "--no-header"])
    rows = list(csv.reader(io.StringIO(r.stdout, newline="")))
    if r.returncode != 0 or len(rows) != 1 or rows[0][0] != "2x2" or \
            len(rows[0]) != len(sections["mathgo solve --csv"]):
        fail("mathgo solve --csv --no-header: not one row of the header's width: %r" % r.stdout)
    shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print("%d failures" % len(failures), file=sys.stderr)
        return 1
    print("csv_check: %d commands, %d sections of docs/csv.md agree" %
          (len(cases), len(sections)))
    return 0


def check_values(what, check, rows):
    """Values that the header check cannot see."""
    if check == "solved":
        for r in rows:
            if r["status"] != "solved" or not r["result"] or r["lower"] != r["upper"] or \
                    not r["lower"]:
                fail("mathgo %s: a solved row without its value as both bounds: %s" % (what, r))
            if len(r["pv"].split()) != int(r["plies"]):
                fail("mathgo %s: pv has not `plies` moves: %s" % (what, r))
            if r["best_moves"] and r["pv"].split()[0] not in r["best_moves"].split():
                fail("mathgo %s: pv does not begin with an optimal move: %s" % (what, r))
    elif check == "limit":
        r = rows[0]
        if len(rows) != 1 or r["status"] != "limit" or r["result"] or r["pv"] or \
                not r["lower"] or not r["upper"]:
            fail("mathgo %s: a limit's row is not value-less with bounds: %s" % (what, r))
    elif check == "count":
        # L(3x3) = 12675 and L(2x5) = 35117 (tests/data/positions_legal_counts.csv), as exact text.
        got = [(r["width"], r["height"], r["legal_positions"]) for r in rows]
        if got != [("3", "3", "12675"), ("2", "5", "35117")]:
            fail("mathgo %s: counts %s" % (what, got))
    elif check == "cgt":
        got = [(r["input"], r["mean"], r["temperature"]) for r in rows]
        if got != [("{1|0}", "1/2", "1/2"), ("3/4", "3/4", "-1/4"), ("^*", "0", "0")]:
            fail("mathgo %s: means and temperatures %s" % (what, got))
    elif check == "compare":
        if rows[0]["comparison"] != "||":
            fail("mathgo %s: {1|0} and 1/2 are confused, not %s" % (what, rows[0]["comparison"]))
    elif check == "over":
        r = rows[0]
        if (r["status"], r["winner"], r["score"], r["legal_moves"]) != ("two_passes", "B", "4", ""):
            fail("mathgo %s: a game over by two passes: %s" % (what, r))


if __name__ == "__main__":
    sys.exit(main())
