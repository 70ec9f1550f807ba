#!/usr/bin/env python3
"""examples/japanese_compare.py: territory (japanese) against area (chinese) scoring of every
legal position of a board, each taken as the final position (both passed, no prisoners from
the game, komi 0).

Usage: japanese_compare.py MATHGO [BOARD] [LIMIT]   (BOARD 3x3 by default)

One position per symmetry class (`mathgo enumerate --canonical`).

The japanese side is `mathgo score - --csv` (the Analysis of docs/japanese.md: independently
alive strings, Removal, territory plus removed stones); the chinese side is mathgo's area count
(stones plus empty regions that reach only one colour, every stone on the board counted, as
`mathgo show --rules chinese` counts), computed here.  Prints the number of positions, how
often the winners differ, and a Markdown table of the first LIMIT (default 20) positions whose
winners differ, smallest first (fewest stones, then rank).  Python's standard library only.
"""
import csv
import io
import subprocess
import sys


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


def winner(margin):
    return "B" if margin > 0 else "W" if margin < 0 else "tie"


def main():
    mathgo = sys.argv[1]
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
              % (stones, rank, position, "%+d" % jm if jm else "0", "%+d" % cm if cm else "0",
                 alive, removed))


if __name__ == "__main__":
    main()
