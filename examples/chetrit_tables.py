#!/usr/bin/env python3
"""Prints the tables of docs/chetrit.md from the study's CSV files (docs/data/chetrit_*.csv).

    python3 examples/chetrit_tables.py [docs/data]
    python3 examples/chetrit_tables.py docs/data --update docs/chetrit.md

(--update rewrites the note's text between its "generated" markers with the same output.)

Standard library only.  Every row is one position (a fresh start: the history is the position
alone) and one side to move; `mathgo chetrit WxH --csv` writes them (examples/chetrit_study.sh).
A cell left empty was not solved within the run's node limit.  Its margin's bounds (the `_lo`
and `_hi` columns) may still prove its sign, and the sign tables count it then ("sign from
bounds"); otherwise the row is left out of every table that needs that cell, and the tables say
how many were left out.  Ties and the listed margins need the exact value.
"""
import csv
import glob
import os
import sys

ORDER = ["1x1", "1x2", "1x3", "1x4", "1x5", "1x6", "1x7", "1x8", "1x9", "2x2", "2x3", "2x4",
         "2x5", "3x3", "3x4", "4x4"]


def board_key(name):
    return (ORDER.index(name) if name in ORDER else len(ORDER), name)


def load(folder):
    boards = {}
    for path in glob.glob(os.path.join(folder, "chetrit_*.csv")):
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                boards.setdefault((os.path.basename(path), row["board"]), []).append(row)
    return boards


def num(row, key):
    return int(row[key])


def sign(v):
    return (v > 0) - (v < 0)


def other(c):
    return "W" if c == "B" else "B"


def balanced(row):
    """Stone counts as after equal numbers of moves without a capture: Black to move with as
    many stones as White, or White to move with one stone fewer."""
    d = num(row, "black_stones") - num(row, "white_stones")
    return d == (0 if row["to_move"] == "B" else 1)


def margin_sign(row, margin_key):
    """The margin's sign: from its value, or from its bounds when they exclude 0 (a file
    written before the bounds columns has none); None when unknown."""
    if row[margin_key] != "":
        return sign(num(row, margin_key))
    bound = margin_key[:-len("_margin")]
    lo, hi = row.get(bound + "_lo", ""), row.get(bound + "_hi", "")
    if lo and int(lo) > 0:
        return 1
    if hi and int(hi) < 0:
        return -1
    return None


def against(row, margin_key, winner_key="math_winner"):
    """Whether the row contradicts "margin > 0 => Black wins, margin < 0 => White wins"."""
    s = margin_sign(row, margin_key)
    return (s == 1 and row[winner_key] == "W") or (s == -1 and row[winner_key] == "B")


def contingency(rows, margin_key, winner_key):
    """The rows whose margin's sign and winner are known, and their counts by (sign, winner)."""
    known = [r for r in rows if margin_sign(r, margin_key) is not None and r[winner_key] != ""]
    cell = {(s, w): 0 for s in (1, 0, -1) for w in "BW"}
    for r in known:
        cell[(margin_sign(r, margin_key), r[winner_key])] += 1
    return known, cell


def print_claim_table(boards, margin_key, title):
    print(f"### {title}\n")
    print("| board | rows | >0: B wins | >0: W wins | =0: B wins | =0: W wins | <0: B wins "
          "| <0: W wins | counterexamples | of which the mover has no move | balanced rows: "
          "counterexamples | sign from bounds | left out |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for (source, board), rows in sorted(boards.items(), key=lambda kv: board_key(kv[0][1])):
        if source.startswith("chetrit_empty"):
            continue
        solved, cell = contingency(rows, margin_key, "math_winner")
        bad = [r for r in solved if against(r, margin_key)]
        no_move = [r for r in bad if r["math_plies"] == "0"]
        bal = [r for r in solved if balanced(r)]
        bal_bad = [r for r in bal if against(r, margin_key)]
        by_bounds = sum(r[margin_key] == "" for r in solved)
        print(f"| {board} | {len(solved)} | {cell[(1, 'B')]} | {cell[(1, 'W')]} | "
              f"{cell[(0, 'B')]} | {cell[(0, 'W')]} | {cell[(-1, 'B')]} | {cell[(-1, 'W')]} | "
              f"{len(bad)} | {len(no_move)} | {len(bal_bad)} of {len(bal)} | {by_bounds} | "
              f"{len(rows) - len(solved)} |")
    print()


def print_pseudo_table(boards):
    print("### Pseudo-Go winner against the Tromp-Taylor margin\n")
    print("| board | rows | >0: B wins | >0: W wins | =0: B wins | =0: W wins | <0: B wins "
          "| <0: W wins | disagreements (margin != 0) | left out (either unsolved) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for (source, board), rows in sorted(boards.items(), key=lambda kv: board_key(kv[0][1])):
        if source.startswith("chetrit_empty"):
            continue
        solved, cell = contingency(rows, "tromp_taylor_margin", "pseudo_winner")
        bad = [r for r in solved if against(r, "tromp_taylor_margin", "pseudo_winner")]
        print(f"| {board} | {len(solved)} | {cell[(1, 'B')]} | {cell[(1, 'W')]} | "
              f"{cell[(0, 'B')]} | {cell[(0, 'W')]} | {cell[(-1, 'B')]} | {cell[(-1, 'W')]} | "
              f"{len(bad)} | {len(rows) - len(solved)} |")
    print()


# Candidate tie-breaks for rows with old-Chinese margin 0: each names a winner.
def sign_or(value, fallback):
    return "B" if value > 0 else "W" if value < 0 else fallback


HYPOTHESES = [
    ("the side to move wins", lambda r: r["to_move"]),
    ("the side to move loses", lambda r: other(r["to_move"])),
    ("even empty points: the side to move loses (odd: wins)",
     lambda r: other(r["to_move"]) if num(r, "empty_points") % 2 == 0 else r["to_move"]),
    ("odd empty points: the side to move loses (even: wins)",
     lambda r: other(r["to_move"]) if num(r, "empty_points") % 2 == 1 else r["to_move"]),
    ("the Chinese (untaxed) margin's sign; 0: the side to move loses",
     lambda r: sign_or(num(r, "chinese_margin"), other(r["to_move"]))),
    ("the eye-group margin's sign; 0: the side to move loses",
     lambda r: sign_or(num(r, "old_chinese_eyes_margin"), other(r["to_move"]))),
    ("more groups (chains) wins; equal: the side to move loses",
     lambda r: sign_or(num(r, "black_groups") - num(r, "white_groups"), other(r["to_move"]))),
    ("fewer stones wins; equal: the side to move loses",
     lambda r: sign_or(num(r, "white_stones") - num(r, "black_stones"), other(r["to_move"]))),
]


def predict_or_none(predict, row):
    try:
        return predict(row)
    except ValueError:
        return None


def print_ties(boards):
    ties = []
    for (source, board), rows in boards.items():
        if source.startswith("chetrit_empty"):
            continue
        ties += [r for r in rows if r["old_chinese_margin"] == "0" and r["math_winner"] != ""]
    print(f"### Old-Chinese ties: {len(ties)} rows, all boards pooled\n")
    print("| hypothesis for the Mathematical Go winner | right | of |")
    print("|---|---|---|")
    for name, predict in HYPOTHESES:
        # a rule that reads a cell left empty (a search stopped by its limit) is not scored there
        scored = [(p, r) for r in ties if (p := predict_or_none(predict, r)) is not None]
        right = sum(p == r["math_winner"] for p, r in scored)
        print(f"| {name} | {right} | {len(scored)} |")
    with_pseudo = [r for r in ties if r["pseudo_winner"] != ""]
    right = sum(r["pseudo_winner"] == r["math_winner"] for r in with_pseudo)
    print(f"| (not a feature of the position) the pseudo-Go winner | {right} | "
          f"{len(with_pseudo)} |")
    print()
    print("### The stone hypothesis on the ties, per board\n")
    print("With equal old-Chinese scores (area minus tax), the side with fewer stones on the board "
          "wins; with as many stones, the side to move loses.\n")
    print("| board | tie rows | right | the side to move loses: right |")
    print("|---|---|---|---|")
    stones = HYPOTHESES[-1][1]
    for (source, board), rows in sorted(boards.items(), key=lambda kv: board_key(kv[0][1])):
        if source.startswith("chetrit_empty"):
            continue
        board_ties = [r for r in rows if r["old_chinese_margin"] == "0" and r["math_winner"]]
        if board_ties:
            right = sum(stones(r) == r["math_winner"] for r in board_ties)
            mover = sum(other(r["to_move"]) == r["math_winner"] for r in board_ties)
            print(f"| {board} | {len(board_ties)} | {right} | {mover} |")
    print()


def diagram(position):
    return "\n".join(position.split("/"))


def print_smallest(boards, per_board=2):
    print("### The smallest counterexamples of each board (fewest stones first; the side to "
          "move has a legal move; one of each colour-swapped pair)\n")
    seen = set()
    for (source, board), rows in sorted(boards.items(), key=lambda kv: board_key(kv[0][1])):
        if source.startswith("chetrit_empty"):
            continue
        bad = [r for r in rows if r["math_winner"] != "" and r["old_chinese_margin"] != ""
               and against(r, "old_chinese_margin") and r["math_plies"] != "0"]
        # (a counterexample known from bounds only is counted in the tables, not listed here)
        bad.sort(key=lambda r: (num(r, "black_stones") + num(r, "white_stones"),
                                num(r, "rank"), r["to_move"]))
        shown = 0
        for r in bad:
            # one of each colour-swapped pair: Black's view with Black to move first
            key = (board, r["position"].replace("X", "x").replace("O", "X").replace("x", "O"),
                   other(r["to_move"]))
            if key in seen:
                continue
            seen.add((board, r["position"], r["to_move"]))
            print(f"- {board} `{r['position']}` {r['to_move']} to move: old Chinese "
                  f"{num(r, 'old_chinese_margin'):+d}, Mathematical Go {r['math_winner']} wins "
                  f"in {r['math_plies']} plies (balanced stones: "
                  f"{'yes' if balanced(r) else 'no'})")
            shown += 1
            if shown == per_board:
                break
    print()


def print_empty(boards):
    rows = []
    for (source, board), rs in boards.items():
        rows += [r for r in rs if r["rank"] == "0"]
    best = {}
    for r in rows:
        best.setdefault((r["board"], r["to_move"]), r)
    print("### The empty board\n")
    print("| board | to move | math | old-chinese | eyes | chinese | tromp-taylor | pseudo |")
    print("|---|---|---|---|---|---|---|---|")
    for (board, to_move), r in sorted(best.items(), key=lambda kv: (board_key(kv[0][0]),
                                                                    kv[0][1])):
        math = f"{r['math_winner']} in {r['math_plies']}" if r["math_winner"] else "unsolved"
        pseudo = r["pseudo_winner"] or "unsolved"
        if r["pseudo_winner"] and r.get("pseudo_plies"):
            pseudo += f" in {r['pseudo_plies']}"
        cells = [r[k] if r[k] != "" else "unsolved" for k in
                 ("old_chinese_margin", "old_chinese_eyes_margin", "chinese_margin",
                  "tromp_taylor_margin")]
        print(f"| {board} | {to_move} | {math} | {' | '.join(cells)} | {pseudo} |")
    print()


BEGIN = "<!-- generated: python3 examples/chetrit_tables.py docs/data -->"
END = "<!-- end of generated tables -->"


def main():
    args = sys.argv[1:]
    if "--update" in args:
        i = args.index("--update")
        note = args[i + 1]
        del args[i:i + 2]
        import contextlib
        import io
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            print_all(args[0] if args else "docs/data")
        with open(note) as f:
            text = f.read()
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        with open(note, "w") as f:
            f.write(head + BEGIN + "\n\n" + out.getvalue() + END + tail)
        return
    print_all(args[0] if args else "docs/data")


def print_simple_ko(boards):
    """Mathematical Go under simple ko (a tablebase) against positional superko, where the
    study was run with --tablebase (the simple-ko columns are filled)."""
    lines = []
    for (source, board), rows in sorted(boards.items(), key=lambda kv: board_key(kv[0][1])):
        if source.startswith("chetrit_empty"):
            continue
        both = [r for r in rows if r.get("math_simple_ko_winner") and r["math_winner"]]
        if not both:
            continue
        draws = [r for r in both if r["math_simple_ko_winner"] == "D"]
        decided = [r for r in both if r["math_simple_ko_winner"] != "D"]
        other_winner = [r for r in decided if r["math_simple_ko_winner"] != r["math_winner"]]
        same = [r for r in decided if r["math_simple_ko_winner"] == r["math_winner"]]
        other_length = [r for r in same if r["math_simple_ko_plies"] != r["math_plies"]]
        lines.append(f"| {board} | {len(both)} | {len(draws)} | {len(other_winner)} | "
                     f"{len(other_length)} |")
    if not lines:
        return
    print("### Mathematical Go under simple ko against positional superko\n")
    print("Rows whose study was given a `math` tablebase (`--tablebase`): the simple-ko game "
          "(endless play a draw) against the superko game of the study.\n")
    print("| board | rows | simple ko: a draw | simple ko: the other winner "
          "| same winner, another length |")
    print("|---|---|---|---|---|")
    for line in lines:
        print(line)
    print()


def print_all(folder):
    boards = load(folder)
    print_claim_table(boards, "old_chinese_margin",
                      "Old Chinese margin (2 points per chain) against the Mathematical Go winner")
    print_claim_table(boards, "old_chinese_eyes_margin",
                      "Old Chinese margin (2 points per eye-sharing group) against the "
                      "Mathematical Go winner")
    print_claim_table(boards, "chinese_margin",
                      "For comparison: the untaxed Chinese margin against the Mathematical Go "
                      "winner")
    print_pseudo_table(boards)
    print_simple_ko(boards)
    print_ties(boards)
    print_smallest(boards)
    print_empty(boards)


if __name__ == "__main__":
    main()
