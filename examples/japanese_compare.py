#!/usr/bin/env python3
"""examples/japanese_compare.py: territory (japanese) against area (chinese) scoring.

Usage: japanese_compare.py MATHGO [BOARD] [LIMIT]                        finished games (3x3)
       japanese_compare.py MATHGO --solved BOARD [LIMIT] [OUT|-] [ROWS...]  solved values
       japanese_compare.py MATHGO --classes BOARD [--untried] [ROWS...]     a list to search

ROWS is one CSV file or several (solve CSVs and docs/data/japanese_BOARD.csv files, in any
mix): their searched rows together, a row found in several keeping what all of them prove.

--classes prints, for `mathgo solve BOARD --positions -`, one row (the first in rank order) of
each class of images of docs/data/chetrit_BOARD.csv (reflections, and the colours swapped with
the side to move) that has no row searched in ROWS (a solve CSV or a docs/data/japanese_BOARD.csv;
none when omitted): the rows whose values the others take.  With --untried, a class with any row
in a solve CSV of ROWS is left out too, a row stopped at its limit among them: a first pass over
the list tries each class once, and the rows at the cap wait for a pass with a longer one.

Finished games: every legal position of a board, one per symmetry class (`mathgo enumerate
--canonical`), taken as the final position (both passed, no prisoners from the game, komi 0).

Solved values (--solved): every position of docs/data/chetrit_BOARD.csv with each side to move,
solved under `japanese` from that fresh start as the Chetrit study defines it (the history is the
position alone, no prisoners, komi 0): `mathgo solve BOARD --positions - --rules japanese --csv`,
one process for the whole list (one table, the Analyses cached across positions); its winner
against the study's `chinese_margin`.  ROWS reads the CSV of an earlier such run instead (for a
long board: run mathgo yourself, under nice, with --progress), or a docs/data/japanese_BOARD.csv.
Every searched row is checked against its images searched too (a reflection keeps the value;
swapping the colours and the side to move negates it); a disagreement is an error.  A row not
searched whose image was takes the image's value (source "image": the rules do not change under
the board's symmetries, nor, with komi 0 and no prisoners, under swapping the colours), so a
long list needs one row per class searched.  A solve stopped at its limit whose bounds decide
the winner (`lower` above 0, `upper` below 0: the comparison needs the winner only) counts as
solved, with its bounds, and so does a row of `mathgo solve --positions --winner`; bounds that
decide it only together, from several ROWS files, count too (a row at most 0 in one file and
at least 0 in another, run with `--komi -0.5` so that it asks that one question: a tie; a row's
bounds at komi K are read as bounds on its score with komi 0).  Prints the counts and a Markdown table of the first LIMIT positions
whose winners differ, smallest first (fewest stones, then rank, Black to move first); with OUT,
also writes every solved row to the CSV file OUT
(board,rank,position,to_move,japanese_margin,chinese_margin,source,japanese_lower,japanese_upper;
the margin empty where only bounds are known, the bounds equal to it where it is; chinese_margin
empty where the study's cell is; source is "search" or "image"; read back as ROWS, only the
searched rows count).

The japanese side is `mathgo score - --csv` (the Analysis of docs/japanese.md: independently
alive strings, Removal, territory plus removed stones); the chinese side is mathgo's area count
(stones plus empty regions that reach only one colour, every stone on the board counted, as
`mathgo show --rules chinese` counts), computed here.  Prints the number of positions, how
often the winners differ, and a Markdown table of the first LIMIT (default 20) positions whose
winners differ, smallest first (fewest stones, then rank).  Python's standard library only.
"""
import csv
import io
import math
import os
import subprocess
import sys

# The study's tables, found from the script's own place, so that it runs from any directory.
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "data")


def chetrit_path(board):
    """docs/data/chetrit_BOARD.csv of this checkout."""
    return os.path.join(DATA, "chetrit_%s.csv" % board)


def area(rows, width, height):
    """(Black's area, White's area): stones plus empty regions reaching only one colour."""
    grid = [list(r) for r in rows]
    score = {"X": 0, "O": 0}
    seen = set()
    for y in range(height):
        for x in range(width):
            c = grid[y][x]
            if c in "XO":
                score[c] += 1
            elif (x, y) not in seen:
                stack, region, reach = [(x, y)], [], set()
                seen.add((x, y))
                while stack:
                    px, py = stack.pop()
                    region.append((px, py))
                    for nx, ny in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                        if 0 <= nx < width and 0 <= ny < height:
                            n = grid[ny][nx]
                            if n in "XO":
                                reach.add(n)
                            elif (nx, ny) not in seen:
                                seen.add((nx, ny))
                                stack.append((nx, ny))
                if len(reach) == 1:
                    score[reach.pop()] += len(region)
    return score["X"], score["O"]


def images(position):
    """The position's images under the board's symmetries (reflections, and on a square board
    the transpositions too), itself included, as diagrams."""
    grid = position.split("/")
    shapes = [grid, grid[::-1], [r[::-1] for r in grid], [r[::-1] for r in grid[::-1]]]
    if len(grid) == len(grid[0]):
        shapes += [["".join(col) for col in zip(*g)] for g in list(shapes)]
    return {"/".join(g) for g in shapes}


def symmetry_check(japanese):
    """Every solved row against its images: a reflection keeps the value, swapping the colours
    and the side to move negates it (bounds: each image's must meet the row's).  The table's
    keys differ between images, so this checks the search's history handling on every row
    whose images were solved.  Returns (rows checked, rows that disagree)."""
    checked, wrong = 0, 0
    for (position, to_move), bounds in japanese.items():
        found = [(japanese[k], v) for k, v in image_values(position, to_move, bounds)
                 if k in japanese]
        if len(found) > 1:
            checked += 1
            wrong += any(max(got[0], want[0]) > min(got[1], want[1]) for got, want in found)
    return checked, wrong


def image_values(position, to_move, bounds):
    """The rows whose value follows from (position, to_move)'s bounds (lo, hi): its reflections
    (and transpositions) keep the value, swapping the colours and the side to move negates it."""
    swap = str.maketrans("XO", "OX")
    other = "W" if to_move == "B" else "B"
    out = [((q, to_move), bounds) for q in images(position)]
    out += [((q.translate(swap), other), (-bounds[1], -bounds[0])) for q in images(position)]
    return out


def winner(margin):
    return "B" if margin > 0 else "W" if margin < 0 else "tie"


# A long cycle won ("B (cycle)"): above every margin.  No bound: beyond it.
CYCLE = 10**6
NONE = 10**7


def bounds_winner(bounds):
    """The winner the bounds (lo, hi) decide (both ends have it), or None."""
    return winner(bounds[0]) if winner(bounds[0]) == winner(bounds[1]) else None


def parse_bound(text, rounding, komi=0.0):
    """A bound or value as mathgo writes it, as a bound on the score with komi 0: a margin
    (Black minus White minus komi, so komi is added back; "-1.5": the score of a position of
    the study is an integer, so it rounds inwards with `rounding`), a cycle won, or none
    (None)."""
    if text == "":
        return None
    if text.endswith("(cycle)"):
        return CYCLE if text[0] == "B" else -CYCLE
    return rounding(float(text) + komi)


def parse_bounds(lower, upper, komi=0.0):
    """(lo, hi) from a row's lower and upper bounds at komi `komi`, as bounds on the score
    with komi 0; -NONE and NONE for an open end."""
    lo, hi = parse_bound(lower, math.ceil, komi), parse_bound(upper, math.floor, komi)
    return (-NONE if lo is None else lo, NONE if hi is None else hi)


def signed(margin):
    return "%+d" % margin if margin else "0"


def bound_text(value):
    return "B (cycle)" if value == CYCLE else "W (cycle)" if value == -CYCLE else "%d" % value


def value_text(bounds):
    """The value for a Markdown table: the margin, or the bounds proved."""
    lo, hi = bounds
    if lo == hi:
        return bound_text(lo) if abs(lo) == CYCLE else signed(lo)
    if lo <= -NONE:
        return "<= %s" % bound_text(hi)
    if hi >= NONE:
        return ">= %s" % bound_text(lo)
    return "%s..%s" % (bound_text(lo), bound_text(hi))


def read_all_searched(paths):
    """read_searched over several files: a row in more than one keeps what all of them say;
    files that contradict each other on a row (bounds that exclude one another: one search
    unsound) are an error naming the row."""
    japanese = {}
    for path in paths:
        with open(path) as f:
            merge_searched(japanese, f.read(), path)
    return decided(japanese)


def merge_searched(japanese, text, source):
    """Adds read_searched(text)'s rows to japanese, a row already there keeping what both
    prove; bounds that exclude one another (one search unsound) are an error naming the row
    and the source."""
    for key, (lo, hi) in read_searched(text):
        old = japanese.get(key)
        japanese[key] = (lo, hi) if old is None else (max(old[0], lo), min(old[1], hi))
        if japanese[key][0] > japanese[key][1]:
            sys.exit("%s %s: %s gives %s, the rows before it %s: they contradict each other"
                     % (key[0], key[1], source, value_text((lo, hi)), value_text(old)))


def decided(japanese):
    """The rows whose bounds decide the winner: a row counts as solved once what every file
    proves of it does (one run's "at most 0" and another's "at least 0", at komi 0.5 and
    -0.5, make a tie)."""
    return {key: bounds for key, bounds in japanese.items() if bounds_winner(bounds) is not None}


def solved(mathgo, board, limit, out_path, rows_paths=()):
    """The --solved comparison: the japanese solve of every Chetrit position against chinese."""
    with open(chetrit_path(board)) as f:
        rows = list(csv.DictReader(f))
    if rows_paths:
        # The rows of earlier `mathgo solve BOARD --positions FILE --rules japanese --csv` runs.
        japanese = read_all_searched(rows_paths)
    else:
        listing = "".join("%s %s\n" % (row["position"], row["to_move"].lower()) for row in rows)
        run = subprocess.run([mathgo, "solve", board, "--positions", "-", "--rules", "japanese",
                              "--csv", "--quiet", "--memory", "256M"],
                             input=listing, capture_output=True, text=True)
        if run.returncode not in (0, 1):
            sys.exit("mathgo solve --positions: exit %d: %s" % (run.returncode, run.stderr))
        japanese = {}
        merge_searched(japanese, run.stdout, "mathgo solve --positions")
        japanese = decided(japanese)
    # A row not searched takes the value of a searched image (the rules are the same under
    # the board's symmetries and under swapping the colours with komi 0): source "image".
    derived = {}
    for (position, to_move), bounds in sorted(japanese.items()):
        for k, v in image_values(position, to_move, bounds):
            if k not in japanese and k not in derived:
                derived[k] = v
    out = open(out_path, "w") if out_path else None
    if out:
        out.write("board,rank,position,to_move,japanese_margin,chinese_margin,source,"
                  "japanese_lower,japanese_upper\n")
    differ, total, unsolved, ties, by_image, by_bounds = [], 0, 0, 0, 0, 0
    for row in rows:
        position, to_move = row["position"], row["to_move"]
        grid = position.split("/")
        key = (position, to_move.upper())
        source = "search" if key in japanese else "image"
        bounds = japanese.get(key, derived.get(key))
        if bounds is None:
            unsolved += 1
            continue
        total += 1
        by_image += source == "image"
        by_bounds += bounds[0] != bounds[1]
        if out:  # every solved row, so that the file read back as ROWS gives its images
            lo, hi = bounds
            out.write("%s,%s,%s,%s,%s,%s,%s,%s,%s\n"
                      % (board, row["rank"], position, to_move,
                         bound_text(lo) if lo == hi else "", row["chinese_margin"], source,
                         bound_text(lo) if lo > -NONE else "",
                         bound_text(hi) if hi < NONE else ""))
        if not row["chinese_margin"]:
            continue  # the study left the chinese cell empty (a limit): nothing to compare
        cm = int(row["chinese_margin"])
        ties += bounds == (0, 0)
        if bounds_winner(bounds) != winner(cm):
            stones = sum(r.count("X") + r.count("O") for r in grid)
            differ.append((stones, int(row["rank"]), to_move, position, bounds, cm))
    if out:
        out.close()
    differ.sort()
    print("%s: %d positions x side to move solved (%d searched, %d from a searched image; %d "
          "of them the winner only, from bounds), %d where the winners differ, %d japanese ties "
          "(0: a jigo or a long cycle), %d not solved"
          % (board, total, total - by_image, by_image, by_bounds, len(differ), ties, unsolved))
    checked, wrong = symmetry_check(japanese)
    print("symmetry: %d solved rows have an image (a reflection, or the colours and the side "
          "to move swapped) solved too; %d disagree with one" % (checked, wrong))
    if wrong:
        sys.exit("%s: %d solved rows disagree with their images" % (board, wrong))
    print()
    print("| stones | rank | to move | position | japanese | chinese |")
    print("|---|---|---|---|---|---|")
    for stones, rank, to_move, position, jm, cm in differ[:limit]:
        print("| %d | %d | %s | `%s` | %s | %s |"
              % (stones, rank, to_move, position, value_text(jm), signed(cm)))


def read_searched(text):
    """The searched rows of a solve CSV or of a docs/data/japanese_BOARD.csv, one ((position,
    to_move), (lo, hi)) each: the bounds proved on the score with komi 0 (equal when it is
    known; -NONE, NONE when a side is not bounded).  A solve at another komi (`--komi -0.5`
    asks "at least 0?" alone) gives bounds on the score all the same; a solve stopped at a
    limit gives what it proved, whether or not that decides the winner (decided() keeps the
    rows that do); merge_searched puts together a row met again."""
    for r in csv.DictReader(io.StringIO(text)):
        if "japanese_margin" in r:  # a docs/data/japanese_BOARD.csv: its searched rows
            if r.get("source", "search") != "search":
                continue
            bounds = parse_bounds(r["japanese_lower"], r["japanese_upper"])  # the margin's too
        elif r["status"] in ("solved", "limit", "winner"):  # solved: both bounds the value
            bounds = parse_bounds(r["lower"], r["upper"], float(r.get("komi") or 0))
            if bounds == (-NONE, NONE):
                continue
        else:
            continue
        yield (r["position"], r["to_move"].upper()), bounds


def read_all_tried(paths):
    """The (position, to_move) of every row of the solve CSVs among paths, whatever its status,
    and of every searched row of a docs/data/japanese_BOARD.csv."""
    tried = set()
    for path in paths:
        with open(path) as f:
            for r in csv.DictReader(f):
                if "japanese_margin" in r and r.get("source", "search") != "search":
                    continue
                tried.add((r["position"], r["to_move"].upper()))
    return tried


def classes(board, rows_paths=(), untried=False):
    """The --classes list: one row per class of images without a searched row (with untried,
    without any row tried)."""
    with open(chetrit_path(board)) as f:
        rows = list(csv.DictReader(f))
    searched = read_all_tried(rows_paths) if untried else read_all_searched(rows_paths)
    seen = set()
    for row in rows:
        key = (row["position"], row["to_move"].upper())
        if key in seen:
            continue
        members = [k for k, _ in image_values(row["position"], key[1], (0, 0))]
        seen.update(members)
        if not any(k in searched for k in members):
            print("%s %s" % (row["position"], key[1].lower()))


def usage_error(message):
    """Bad input: one line naming what, exit status 2."""
    print("japanese_compare.py: %s (--help for the usage)" % message, file=sys.stderr)
    sys.exit(2)


def check_arguments():
    """The usage on --help; one clear message and status 2 for arguments that cannot work."""
    args = sys.argv[1:]
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0)
    if not args:
        usage_error("no MATHGO given: the path of the mathgo program comes first")
    mode = args[1] if len(args) > 1 and args[1] in ("--classes", "--solved") else None
    if mode != "--classes" and not (os.path.isfile(args[0]) and os.access(args[0], os.X_OK)):
        usage_error("MATHGO: '%s' is not an executable file" % args[0])
    if mode and len(args) < 3:
        usage_error("%s needs a BOARD such as 4x4" % mode)
    board = args[2] if mode else (args[1] if len(args) > 1 else "3x3")
    parts = board.split("x")
    if len(parts) != 2 or not all(p.isdigit() and int(p) > 0 for p in parts):
        usage_error("BOARD: '%s' is not a board such as 4x4" % board)
    limit = None
    if mode == "--solved" and len(args) > 3:
        limit = args[3]
    elif not mode and len(args) > 2:
        limit = args[2]
    if limit is not None and not limit.isdigit():
        usage_error("LIMIT: '%s' is not a number of rows" % limit)
    rows = args[5:] if mode == "--solved" else (args[3:] if mode else [])
    if mode == "--classes" and rows and rows[0] == "--untried":
        rows = rows[1:]
    for path in rows:
        if not os.path.isfile(path):
            usage_error("ROWS: '%s' is not a file" % path)


def main():
    check_arguments()
    mathgo = sys.argv[1]
    if len(sys.argv) > 2 and sys.argv[2] == "--classes":
        untried = len(sys.argv) > 4 and sys.argv[4] == "--untried"
        classes(sys.argv[3], sys.argv[5 if untried else 4:], untried)
        return
    if len(sys.argv) > 2 and sys.argv[2] == "--solved":
        solved(mathgo, sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 20,
               sys.argv[5] if len(sys.argv) > 5 and sys.argv[5] != "-" else None,
               sys.argv[6:])
        return
    board = sys.argv[2] if len(sys.argv) > 2 else "3x3"
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    width, height = (int(v) for v in board.split("x"))
    listing = subprocess.run([mathgo, "enumerate", board, "--canonical", "--csv"],
                             capture_output=True, text=True, check=True).stdout
    positions = [(int(r["rank"]), r["position"]) for r in csv.DictReader(io.StringIO(listing))]
    differ, total, failed = [], 0, 0
    for rank, position in positions:
        rows = position.split("/")
        stones = sum(row.count("X") + row.count("O") for row in rows)
        if stones == 0:
            continue  # no stones to analyse: score refuses it, both count 0
        total += 1
        run = subprocess.run([mathgo, "score", "-", "--csv", "--no-header"],
                             input="\n".join(rows) + "\n", capture_output=True, text=True)
        if run.returncode != 0:
            failed += 1
            print("rank %d %s: %s" % (rank, position, run.stderr.strip()), file=sys.stderr)
            continue
        fields = next(csv.reader(io.StringIO(run.stdout)))
        black_points, white_points = int(fields[11]), int(fields[12])
        b_area, w_area = area(rows, width, height)
        jp, cn = winner(black_points - white_points), winner(b_area - w_area)
        if jp != cn:
            differ.append((stones, rank, position, black_points - white_points, b_area - w_area,
                           fields[3], fields[4], fields[5], fields[6]))
    differ.sort()
    print("%s: %d positions with stones up to symmetry (one per class, `mathgo enumerate "
          "--canonical`), %d where the winners differ, %d not analysed"
          % (board, total, len(differ), failed))
    print()
    print("| stones | rank | position | japanese | chinese | independently alive | removed |")
    print("|---|---|---|---|---|---|---|")
    for stones, rank, position, jm, cm, ba, wa, br, wr in differ[:limit]:
        alive = " ".join(v for v in (ba, wa) if v) or "none"
        removed = " ".join(v for v in (br, wr) if v) or "none"
        print("| %d | %d | `%s` | %s | %s | %s | %s |"
              % (stones, rank, position, signed(jm), signed(cm),
                 alive, removed))


if __name__ == "__main__":
    main()
