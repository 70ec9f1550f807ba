/*
 * solver/bounds.h: static bounds on the final margin from unconditional life and territory
 * (core/benson.h), with the history condition under which they hold.
 *
 * They apply to area scoring with passing.  Let A_c be c's alive stones, T_c its territory and S_c
 * their union.  Strategy for c: pass while no opponent stone stands in T_c, otherwise take one back
 * (a play at a liberty of such a stone: a point of T_c next to an alive chain, so it is legal
 * and its stones stay).  Under it every later position holds A_c, c's stones in T_c only grow,
 * and every position right after a play of c holds A_c and a stone of c in T_c.  So IF NO
 * EARLIER POSITION HOLDS ALL OF A_c TOGETHER WITH A STONE OF c IN T_c, no play of c repeats a
 * position from before this node, nor one after it (each adds a stone in T_c): superko never
 * forbids them, and passing is always legal.  The game then ends by two passes with A_c
 * standing and no opponent stone in T_c: c's area is at least |S_c| and the margin for c at
 * least 2|S_c| - N.  c's plays only join alive chains, so c ends with no more chains than now:
 * a tax costs c at most 2 per chain c has now.  Two cases need more:
 *   - c has just passed (passes = 1, the opponent to move): the opponent can end the game at
 *     once, before c takes anything back, so the bound also needs T_c free of opponent stones.
 *     tests/test_solver_reference.c found this on 3x2 tromp-taylor (solver -12, reference -6:
 *     Black passed with a dead stone in White's territory).  Before, the condition "no
 *     earlier position holds A_c" excluded the case by accident: after a pass the previous
 *     position is the same board;
 *   - cycle=draw: a repetition ends the game whoever makes it, so the condition stays "no
 *     earlier position holds A_c" (touch = every point).
 * On a region (core/board.h) N counts the on-board points only, A_c holds c's safe chains
 * (they can never be captured), and T_c never holds a safe opponent stone (core/benson.h), so
 * every step above stands: the stones c takes back are ordinary ones.
 * The condition is checked against the history and recorded (dep_t.cond, tt_cond_t) for the
 * table.  A_c empty makes the bound the trivial -N, true everywhere (but under cycle=draw,
 * where a repetition is worth more than any score, only with the condition).
 *
 * The heuristic value at a search's horizon lives here too: the score if both passed now,
 * inside these bounds (bounds_horizon_estimate).
 */
#ifndef MATHGO_SOLVER_BOUNDS_H
#define MATHGO_SOLVER_BOUNDS_H

#include "solver/internal.h"

typedef struct statics {
    int lo, hi;        /* bounds in the side to move's view, twice the margin with komi */
    uint64_t lo_alive; /* A of the side to move (its bound is lo) */
    uint64_t hi_alive; /* A of the opponent (its bound is hi) */
    uint64_t lo_terr;  /* their territories (T) */
    uint64_t hi_terr;
} statics_t;

/* The static bounds of state h (area scoring with passing only: worker_t.statics). */
void bounds_static(statics_t *out, const worker_t *w, const hist_t *h);

/* The static condition for a bound resting on c's alive stones `alive` and territory `terr`,
 * at index j (see the file comment); recorded in dep when it holds. */
bool bounds_usable(const worker_t *w, int j, int c, uint64_t alive, uint64_t terr, dep_t *dep);

/* The heuristic value of a node at the horizon (side to move's view): the score if both
 * passed now, inside the static bounds.  It orders moves and nothing else. */
int bounds_horizon_estimate(const worker_t *w, const hist_t *h, const statics_t *sb);

/*
 * The bounds the simple-ko tablebase (search_options_t.tablebase, which the search must have)
 * puts on state j at ply `ply`, in the side to move's view.  Let T be the
 * tablebase's history-free game and H this search's (the same plays and bans; a repetition
 * ends H, a draw).  docs/tablebases.md, "Equal to the solver's cycle=draw?", proves for a
 * fresh start what holds from any history as well: from a draw of T each side can keep to
 * T's draws, so H is a draw whatever came before; a winning strategy of H is one of T, and
 * against it nobody repeats a position (that would end H drawn), so a side that wins H in d
 * plies wins T within d.  Hence a draw of T is exactly 0 here, and a win of T in d plies is
 * here that side's win in d plies or more, or a draw: the bounds [0, WIN - (ply + d)] for the
 * winner.  They hold whatever the history, so a cut on them records no dependence.
 */
void bounds_tablebase(int *lo, int *hi, const worker_t *w, int j, int ply);

/*
 * The range every final score of the rules lies in, Black's view (twice the margin, less the
 * komi), when the group tax narrows it below the trivial [-2N, 2N]: area scoring with the tax
 * (old-chinese), no cycle rule (a repetition's value is beyond every score), a plain board of
 * N >= 3 points.  A side wins by at most N - 2 points.  Black's margin is a_B - 2 g_B - a_W +
 * 2 g_W (areas a, taxed groups g).  With no white stone a_W = g_W = 0, and Black, owning
 * anything, pays for one group at least: at most N - 2.  With white stones a_W >= g_W (each
 * group holds a stone) and a_B <= N - a_W, so the margin is at most N - 2 g_B - 2 (a_W - g_W)
 * <= N - 2 g_B: N - 2 once Black has a stone; without one a_B = 0 (no region reaches a black
 * stone) and a_W = N (every empty region reaches White alone), so 2 g_W - N <= N mod 2 <= N - 2,
 * the groups lying pairwise apart (g_W <= ceil(N / 2) on a rectangle).  The same for White.
 * So a root test that proves the end of the range answers the value: without it the last
 * test of 3x6 old-chinese ("B >= 16.5?", 16 being the end) asked White to refute every Black
 * try at an impossible score and had not ended after 800 s.  False (and *lo, *hi untouched)
 * where no such range is known.
 */
bool bounds_value_range(int *lo, int *hi, const rules_t *rules, const board_geom_t *geom);

/*
 * The range every final value lies in, Black's view, for a search that needs no bound from a
 * cycle (proof-number search's margin tests): bounds_value_range's where the tax narrows it;
 * else, under area scoring without a cycle rule on a plain board, [-N, N] points less the komi
 * (the two areas share the N points; bounds_margin_most).  False (and *lo, *hi untouched)
 * under a cycle rule (a repetition's value is beyond every score), territory scoring
 * (prisoners can pass N) or on a region.  The alpha-beta driver caps its tests with
 * bounds_value_range alone.
 */
bool bounds_score_range(int *lo, int *hi, const rules_t *rules, const board_geom_t *geom);

/* The largest |margin| in points of any final position on a plain board (the Chetrit study's
 * windows, solver/chetrit.c, and bounds_value_range): N without the tax (each colour's score
 * lies between minus and plus its area, and the areas share the N points), N - 2 with it
 * (above), 1 on the boards of fewer than 3 points. */
int bounds_margin_most(const board_geom_t *geom, bool taxed);

#endif
