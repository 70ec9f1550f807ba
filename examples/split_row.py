#!/usr/bin/env python3
"""examples/split_row.py: who wins a position too hard for one search, split by its moves.

Usage: split_row.py MATHGO BOARD POSITION TO_MOVE STATE [options]

Asks `mathgo solve --winner` of POSITION (a compact diagram such as `OO.O/OX.O/.X.O/XXOO`, TO_MOVE
b or w, a fresh start as the Chetrit study takes it) with a time limit; when that search does
not answer, asks it of the position after each legal move (`--from` with the line as its
`moves:` list, so that superko, the ko ban and the long-cycle rule see the whole history), and
so on down the lines the answers leave open.  A position's winner follows from its children's:
the player to move wins when one move wins for it; the other player wins when every move does
(with an integer komi a tie, 0, lies between them and the player to move takes the best).  A
final position (two passes, a cycle) has no move: its result is the Analysis's, asked once.

STATE is a text file, one line per position asked: its line of moves from POSITION (`-` for
POSITION itself), the answer (`B`, `W`, `0`, or `?` open), how (`search` with the seconds
given, and `states N` when --analysis-states was; or `moves` when its children decide it) and
the nodes and seconds spent.  Lines are
appended as they come, the last answer of a line wins, and a decided line is never asked again:
a run stopped at any time (or at --budget) goes on from the file the next time, with a longer
--seconds for the positions left open.  The file is small text, so a split that takes many
sittings can be kept beside the results it gives.

Options:
  --rules R            rule set (default japanese)
  --komi K             komi (default -0.5: "Black at least a tie?", the one test a row of
                       docs/japanese.md still needs; 0.5 asks "White at least a tie?")
  --seconds S          --max-time of each search (default 60)
  --memory M           --memory of each search (default 2G)
  --analysis-limit N   --analysis-limit of each search (default 2000000000)
  --analysis-states N  --analysis-states of the searches of final positions (default
                       mathgo's, 2^21), whose Analysis then spends FINAL_ANALYSIS_NODES
                       (2 M; or --analysis-limit when smaller) imagined positions a string
                       before the attractor of a graph of up to
                       N states settles it (a 4x4 final position's whole imagined game is
                       99 M states, 9.7 GB, 4 minutes); a final position left open with fewer
                       is asked again, whatever --seconds.  The other searches keep the
                       defaults (and --analysis-limit): within --seconds such a graph is cut
                       off before it answers
  --algorithm A        --algorithm of each search (default pns)
  --jobs J             searches at once when the children of a position are first asked
                       (default 2)
  --depth D            split no deeper than D moves below POSITION (default 12)
  --split-depth D      split every line down to D moves without asking the positions above
  --line MOVES         split the line MOVES (its words as STATE writes them, e.g. "W B1 B
                       B3") instead of POSITION, then decide the lines above it from their
                       children's known answers (no search): a line picked by hand, such as a
                       choice of the player to move that a depth-first split would reach last
                       (a check of the combination: the root's winner must be the solver's)
  --budget S           stop after S seconds of wall time (the STATE keeps what was found)
  --csv FILE           write POSITION's row when decided, as `solve --positions --csv
                       --winner` writes one (position, to_move, komi, result, lower, upper,
                       status winner, nodes and seconds summed over every search of STATE):
                       examples/japanese_compare.py merges it with the study's rows

Prints the answer for POSITION and how many positions were asked.  Exit status 0 when decided,
1 when still open, 2 for bad arguments.
"""

import argparse
import atexit
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile
import time

ORDER = {"W": -1, "0": 0, "B": 1}
# With --analysis-states, a final position's Analysis searches this much a string before its
# attractor (the search alone took 25 minutes on a 4x4 seki without an answer).
FINAL_ANALYSIS_NODES = 2000000


def fail_usage(message):
    print("split_row.py: %s" % message, file=sys.stderr)
    sys.exit(2)


class State:
    """The STATE file: the answers so far, one per line of moves, and the file appended to."""

    def __init__(self, path):
        self.path = path
        self.answer = {}  # line -> (winner, how, nodes, seconds)
        self.tried = {}  # line -> the longest --max-time that left it open
        self.tried_states = {}  # line -> the largest --analysis-states that left it open
        self.spent_nodes = 0
        self.spent_seconds = 0.0
        if os.path.exists(path):
            with open(path) as f:
                for number, text in enumerate(f, 1):
                    if not text.strip() or text.startswith("#"):
                        continue
                    fields = text.rstrip("\n").split("\t")
                    if len(fields) != 5 or fields[1] not in ("B", "W", "0", "?"):
                        fail_usage("%s: line %d: not 'LINE<TAB>ANSWER<TAB>HOW<TAB>NODES"
                                   "<TAB>SECONDS'" % (path, number))
                    self.note(fields[0], fields[1], fields[2], int(fields[3]), float(fields[4]))
        self.out = open(path, "a")

    def note(self, line, winner, how, nodes, seconds):
        self.spent_nodes += nodes
        self.spent_seconds += seconds
        if winner == "?":
            words = how.split()  # search S [states N]
            limit = float(words[1]) if words[0] == "search" else 0.0
            states = int(words[3]) if len(words) == 4 and words[2] == "states" else 0
            self.tried[line] = max(self.tried.get(line, 0.0), limit)
            self.tried_states[line] = max(self.tried_states.get(line, 0), states)
            return
        self.answer[line] = (winner, how, nodes, seconds)

    def record(self, line, winner, how, nodes=0, seconds=0.0):
        self.note(line, winner, how, nodes, seconds)
        self.out.write("%s\t%s\t%s\t%d\t%.3f\n" % (line or "-", winner, how, nodes, seconds))
        self.out.flush()

    def known(self, line):
        got = self.answer.get(line or "-")
        return got[0] if got else None


class Splitter:
    def __init__(self, args):
        self.args = args
        self.state = State(args.state)
        self.diagram = args.position.replace("/", "\n") + "\n"
        self.started = time.monotonic()
        self.asked = 0
        self.tmp = tempfile.mkdtemp(prefix="split_row.")
        # The position files go with the run, however it ends (sys.exit included).
        atexit.register(shutil.rmtree, self.tmp, ignore_errors=True)

    def out_of_time(self):
        return self.args.budget and time.monotonic() - self.started >= self.args.budget

    def position_file(self, moves):
        fd, path = tempfile.mkstemp(dir=self.tmp, suffix=".txt")
        with os.fdopen(fd, "w") as f:
            f.write(self.diagram)
            if moves:
                f.write("moves: %s\n" % " ".join(moves))
        return path

    def mover(self, moves):
        """Who is to move after the line: the colours alternate, passes included."""
        first = self.args.to_move.upper()
        return first if len(moves) % 4 == 0 else ("W" if first == "B" else "B")

    def children(self, moves):
        """The legal moves after the line, each as the line's next two words."""
        path = self.position_file(moves)
        run = subprocess.run([self.args.mathgo, "show", path, "--rules", self.args.rules,
                              "--to-move", self.args.to_move] if not moves else
                             [self.args.mathgo, "show", path, "--rules", self.args.rules],
                             capture_output=True, text=True)
        os.unlink(path)
        if run.returncode:
            # A position or line mathgo refuses: bad input, status 2 as for other arguments.
            print("split_row.py: mathgo show: %s" % run.stderr.strip(), file=sys.stderr)
            sys.exit(2)
        for text in run.stdout.splitlines():
            if text.startswith("legal moves for "):
                names = text.split(":", 1)[1].split()
                colour = "B" if text.startswith("legal moves for black") else "W"
                return [moves + [colour, name] for name in names]
        return []

    def search(self, moves, final):
        """One `solve --winner` of the line's position (`final`: one without a move, whose
        answer is its Analysis's): its answer, nodes and seconds."""
        a = self.args
        path = self.position_file(moves)
        big = final and a.analysis_states
        limit = min(FINAL_ANALYSIS_NODES, a.analysis_limit) if big else a.analysis_limit
        command = [a.mathgo, "solve", a.board, "--from", path, "--rules", a.rules,
                   "--komi=%s" % a.komi, "--winner", "--csv", "--no-header", "--quiet",
                   "--algorithm", a.algorithm, "--memory", a.memory,
                   "--analysis-limit", str(limit), "--max-time", str(a.seconds)]
        if big:
            command += ["--analysis-states", str(a.analysis_states)]
        if not moves:
            command += ["--to-move", a.to_move]
        run = subprocess.run(command, capture_output=True, text=True)
        os.unlink(path)
        fields = run.stdout.strip().split(",")
        if run.returncode not in (0, 1) or len(fields) < 21:
            sys.exit("split_row.py: mathgo solve (%s): %s" % (" ".join(moves) or "-",
                                                               run.stderr.strip()))
        # board,rules,komi,to_move,result,margin,best,plies,nodes,time_s,...,lower,upper,status
        nodes, seconds = int(fields[8]), float(fields[9])
        winner = fields[4] if fields[20] == "winner" else "?"
        return winner, nodes, seconds

    def search_if_needed(self, moves):
        """The line's search (answer, how, nodes, seconds), or None when its answer is known or
        it was left open at this --max-time already."""
        line = " ".join(moves) or "-"
        if self.state.known(line):
            return None
        final = None  # not known yet: a `mathgo show` tells
        if self.state.tried.get(line, -1) >= self.args.seconds:
            # A final position's answer is its Analysis's, which a larger cap of states may
            # give where more time did not.
            if self.args.analysis_states <= self.state.tried_states.get(line, 0):
                return None
            final = not self.children(moves)
            if not final:
                return None
        if final is None and self.args.analysis_states:
            final = not self.children(moves)
        winner, nodes, seconds = self.search(moves, bool(final))
        how = "search %g" % self.args.seconds
        if final and self.args.analysis_states:
            how += " states %d" % self.args.analysis_states
        return winner, how, nodes, seconds

    def ask(self, moves):
        """A search of the line unless decided or already left open at this --max-time."""
        result = self.search_if_needed(moves)
        if result:
            self.asked += 1
            self.state.record(" ".join(moves) or "-", *result)

    def combine(self, moves, kids):
        """The line's winner from its children's answers, or None while open."""
        me = self.mover(moves)
        known = [self.state.known(" ".join(k)) for k in kids]
        if me in known:
            return me
        if None in known:
            return None
        pick = max if me == "B" else min
        return pick(known, key=lambda w: ORDER[w])

    def prove(self, moves, split_depth):
        line = " ".join(moves) or "-"
        got = self.state.known(line)
        if got or self.out_of_time():
            return got
        if split_depth <= 0:
            self.ask(moves)
            got = self.state.known(line)
            if got or len(moves) // 2 >= self.args.depth:
                return got
        kids = self.children(moves)
        if not kids:  # a final position: its Analysis is its search
            if split_depth > 0:
                self.ask(moves)
            return self.state.known(line)
        # The children first asked together, then split one by one.
        if split_depth <= 1:
            todo = [k for k in kids if not self.state.known(" ".join(k))]
            with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
                # A thread per search; the answers are recorded in this thread, in order.
                futures = [(k, pool.submit(self.search_if_needed, k)) for k in todo]
                for k, future in futures:
                    result = future.result()
                    if result:
                        self.asked += 1
                        self.state.record(" ".join(k), *result)
        for kid in kids:
            decided = self.combine(moves, kids)
            if decided or self.out_of_time():
                break
            if not self.state.known(" ".join(kid)):
                self.prove(kid, split_depth - 1)
        return self.decide(moves, kids)

    def decide(self, moves, kids):
        """The line's winner from its children's known answers, recorded (`moves`) when they
        decide it; None while open."""
        decided = self.combine(moves, kids)
        if decided:
            self.state.record(" ".join(moves) or "-", decided, "moves")
        return decided

    def settle_up(self, moves):
        """The lines above `moves`, nearest first, decided by their children's known answers
        where those decide them; stops at the first left open."""
        while moves:
            moves = moves[:-2]
            if self.state.known(" ".join(moves)):
                continue
            if not self.decide(moves, self.children(moves)):
                return

def write_csv(path, args, winner, state):
    komi = float(args.komi)
    # The bounds on the value (Black's margin minus komi) that the winner gives.
    lower, upper = ("0.5" if komi != int(komi) else "1", "") if winner == "B" else \
                   ("", "-0.5" if komi != int(komi) else "-1") if winner == "W" else ("0", "0")
    with open(path, "w") as f:
        f.write("board,rules,komi,to_move,result,lower,upper,status,position,nodes,time_s,"
                "source\n")
        f.write('%s,"%s",%s,%s,%s,%s,%s,winner,%s,%d,%.3f,"split_row.py %s"\n'
                % (args.board, args.rules, args.komi, args.to_move, winner, lower, upper,
                   args.position, state.spent_nodes, state.spent_seconds,
                   os.path.basename(args.state)))


def main():
    parser = argparse.ArgumentParser(add_help=True, usage=__doc__)
    parser.add_argument("mathgo")
    parser.add_argument("board")
    parser.add_argument("position")
    parser.add_argument("to_move", choices=["b", "w"])
    parser.add_argument("state")
    parser.add_argument("--rules", default="japanese")
    parser.add_argument("--komi", default="-0.5")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--memory", default="2G")
    parser.add_argument("--analysis-limit", type=int, default=2000000000)
    parser.add_argument("--analysis-states", type=int, default=0)
    parser.add_argument("--algorithm", default="pns")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--depth", type=int, default=12)
    parser.add_argument("--split-depth", type=int, default=0)
    parser.add_argument("--line", default="")
    parser.add_argument("--budget", type=float, default=0)
    parser.add_argument("--csv")
    args = parser.parse_args()
    try:
        float(args.komi)
    except ValueError:
        fail_usage("--komi: '%s' is not a number" % args.komi)
    if args.seconds <= 0 or args.jobs < 1 or args.depth < 1 or args.split_depth < 0:
        fail_usage("--seconds, --jobs and --depth must be positive, --split-depth at least 0")
    if args.analysis_states < 0 or args.analysis_states > 2**32 - 2:
        fail_usage("--analysis-states: %d is not between 1 and 4294967294" % args.analysis_states)
    if args.position.count("/") + 1 != int(args.board.split("x")[1]):
        fail_usage("'%s' is not a %s position" % (args.position, args.board))
    s = Splitter(args)
    line = args.line.split()
    if len(line) % 2 or any(c not in ("B", "W") for c in line[0::2]):
        fail_usage("--line: '%s' is not a line of moves (colour and point or pass, in turn)"
                   % args.line)
    if line:
        s.children(line)  # an illegal line stops here, with mathgo's message
        s.prove(line, args.split_depth)
        s.settle_up(line)
    winner = s.state.known("-") if line else s.prove([], args.split_depth)
    decided = {k: v for k, v in s.state.answer.items()}
    print("%s %s: %s (%d positions decided in %s, %d searches in this run; %d nodes, %.1f s "
          "of search in all)"
          % (args.position, args.to_move,
             {"B": "Black wins", "W": "White wins", "0": "a tie", None: "open"}[winner],
             len(decided), args.state, s.asked, s.state.spent_nodes, s.state.spent_seconds))
    if winner and args.csv:
        write_csv(args.csv, args, winner, s.state)
    return 0 if winner else 1


if __name__ == "__main__":
    sys.exit(main())
