#!/usr/bin/env python3
"""Draws the figures of docs/ from the CSV files of docs/data/ (matplotlib; Debian's
python3-matplotlib):

    python3 examples/plot_figures.py [--data docs/data] [--out docs/figures]

- solve_cost.svg: nodes and seconds to solve the empty board against its number of points, one
  panel per rule set, one line per board family (1xN, 2xN, ...): docs/data/solve_table.csv and
  the longer runs of docs/data/solve_extras.csv; an open marker is a run stopped by its limit
  (the nodes it reached: a lower bound).
- tablebase_size.svg: the states of the simple-ko tablebases and the seconds to build them:
  docs/data/tablebases.csv.
- chetrit_old_chinese.svg, chetrit_old_chinese_eyes.svg, chetrit_chinese.svg: the contingency
  tables of docs/chetrit.md (the sign of a margin against the Mathematical Go winner, one small
  table per board, each cell shaded by its share of its margin's row), from
  docs/data/chetrit_*.csv through examples/chetrit_tables.py's reading of them.

The SVG files are reproducible (no date, a fixed id salt), so a figure changes only when its
data does.  docs/pictures.md shows them.
"""
import argparse
import csv
import os
import sys
import xml.etree.ElementTree as ET

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the back end is chosen)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chetrit_tables  # noqa: E402  (the study's reading of its CSV files)

plt.rcParams.update({"svg.hashsalt": "mathgo", "svg.fonttype": "none", "font.size": 9})

RULES = ["math", "pseudo", "tromp-taylor", "chinese", "old-chinese",
         "chinese,ko=simple,cycle=draw"]
MARGINS = [
    ("old_chinese_margin", "chetrit_old_chinese.svg",
     "Old Chinese margin (2 points per chain) against the Mathematical Go winner"),
    ("old_chinese_eyes_margin", "chetrit_old_chinese_eyes.svg",
     "Old Chinese margin (2 points per eye-sharing group) against the Mathematical Go winner"),
    ("chinese_margin", "chetrit_chinese.svg",
     "Untaxed Chinese margin against the Mathematical Go winner (a control)"),
]


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def size(board):
    w, h = (int(v) for v in board.split("x"))
    return w, h


def family(board):
    """The family of a board: its smaller side ("1xN", "2xN", "3xN", "4x4")."""
    w, h = sorted(size(board))
    return f"{w}xN" if w != h else f"{w}x{w}" if w > 3 else f"{w}xN"


def save(fig, folder, name):
    path = os.path.join(folder, name)
    fig.savefig(path, metadata={"Date": None})
    plt.close(fig)
    ET.parse(path)  # the file is well-formed SVG
    print(path)
    return path


def plot_solve_cost(data, out):
    table = read_csv(os.path.join(data, "solve_table.csv"))
    extras = os.path.join(data, "solve_extras.csv")
    extra = read_csv(extras) if os.path.exists(extras) else []
    fig, axes = plt.subplots(2, 3, figsize=(10, 6), sharex=True, sharey=True)
    for ax, rules in zip(axes.flat, RULES):
        # One point a board: the table's value where it solved the board, else the last solved
        # row of the longer runs (a later run replaces an earlier one), else the furthest a
        # stopped run got.
        best = {}
        for source, rows in (("table", table), ("extra", extra)):
            for r in rows:
                if r["rules"] != rules or r["to_move"] != "b" or not r["nodes"]:
                    continue
                stopped = r["result"] in ("", "limit", "interrupted")
                old = best.get(r["board"])
                if old is not None:
                    old_source, old_nodes, old_stopped = old
                    if not old_stopped and (old_source == "table" or stopped):
                        continue
                    if old_stopped and stopped and old_nodes >= int(r["nodes"]):
                        continue
                best[r["board"]] = (source, int(r["nodes"]), stopped)
        series = {}
        for board, (_, nodes, stopped) in best.items():
            w, h = size(board)
            series.setdefault(family(board), []).append((w * h, nodes, stopped))
        for name in sorted(series):
            points = sorted(series[name])
            # solved boards joined by a line; stopped ones alone, open: a lower bound
            solved = [(p, n) for p, n, s in points if not s]
            line, = ax.plot([p for p, _ in solved], [max(n, 1) for _, n in solved], "o-",
                            markersize=3, label=name)
            stopped = [(p, n) for p, n, s in points if s]
            if stopped:
                ax.plot([p for p, _ in stopped], [n for _, n in stopped], "o", fillstyle="none",
                        color=line.get_color())
        ax.set_yscale("log")
        ax.set_title(rules)
        ax.grid(True, which="major", alpha=0.3)
    for ax in axes[-1]:
        ax.set_xlabel("points on the board (W x H)")
    for ax in axes[:, 0]:
        ax.set_ylabel("nodes to solve")
    axes[0][0].legend(title="board", fontsize=8)
    fig.suptitle("Cost of solving the empty board (open markers: stopped by the limit, "
                 "nodes reached)")
    fig.tight_layout()
    return save(fig, out, "solve_cost.svg")


def plot_tablebases(data, out):
    rows = read_csv(os.path.join(data, "tablebases.csv"))
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for rules in sorted({r["rules"] for r in rows}):
        for name in sorted({family(r["board"]) for r in rows}):
            pts = sorted((size(r["board"])[0] * size(r["board"])[1], int(r["states"]),
                          float(r["time_s"])) for r in rows
                         if r["rules"] == rules and family(r["board"]) == name)
            if not pts:
                continue
            label = f"{rules.split(',')[0]} {name}"
            left.plot([p for p, _, _ in pts], [s for _, s, _ in pts], "o-", markersize=3,
                      label=label)
            right.plot([p for p, _, t in pts if t > 0], [t for _, _, t in pts if t > 0], "o-",
                       markersize=3, label=label)
    left.set_ylabel("states (position and player to move, ko ban)")
    right.set_ylabel("seconds to build (one thread)")
    for ax in (left, right):
        ax.set_yscale("log")
        ax.set_xlabel("points on the board (W x H)")
        ax.grid(True, alpha=0.3)
    left.legend(fontsize=7)
    fig.suptitle("Simple-ko tablebases (math and pseudo rules, cycle=draw)")
    fig.tight_layout()
    return save(fig, out, "tablebase_size.svg")


def plot_contingency(data, out, margin_key, name, title):
    boards = chetrit_tables.load(data)
    studies = sorted(((board, rows) for (source, board), rows in boards.items()
                      if not source.startswith("chetrit_empty")),
                     key=lambda kv: chetrit_tables.board_key(kv[0]))
    columns = 5
    lines = (len(studies) + columns - 1) // columns
    fig, axes = plt.subplots(lines, columns, figsize=(2.2 * columns, 2.2 * lines + 0.6))
    signs = [(1, "> 0"), (0, "= 0"), (-1, "< 0")]
    for ax in axes.flat[len(studies):]:
        ax.axis("off")
    for ax, (board, rows) in zip(axes.flat, studies):
        solved, cell = chetrit_tables.contingency(rows, margin_key, "math_winner")
        share = []
        for s, _ in signs:
            total = cell[(s, "B")] + cell[(s, "W")]
            share.append([cell[(s, w)] / total if total else 0.0 for w in "BW"])
        ax.imshow(share, cmap="Greys", vmin=0, vmax=1.6, aspect="auto")
        for i, (s, _) in enumerate(signs):
            for j, w in enumerate("BW"):
                # a counterexample cell (the margin's sign says the other side wins) in red
                against = (s > 0 and w == "W") or (s < 0 and w == "B")
                ax.text(j, i, str(cell[(s, w)]), ha="center", va="center",
                        color="#b22222" if against and cell[(s, w)] else "black")
        ax.set_xticks([0, 1], ["B wins", "W wins"])
        ax.set_yticks([0, 1, 2], [label for _, label in signs])
        ax.set_title(f"{board} ({len(solved)} rows)")
    fig.suptitle(title + "\n(rows: the margin's sign; red: counterexamples to the claim)")
    fig.tight_layout()
    return save(fig, out, name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default="docs/data", help="the CSV folder (docs/data)")
    parser.add_argument("--out", default="docs/figures", help="where the SVG files go")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    plot_solve_cost(args.data, args.out)
    plot_tablebases(args.data, args.out)
    for key, name, title in MARGINS:
        plot_contingency(args.data, args.out, key, name, title)


if __name__ == "__main__":
    main()
