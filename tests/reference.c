/*
 * tests/reference.c: the plain full-history minimax the solver is checked against
 * (tests/reference.h).
 *
 * The reference is alpha-beta negamax over game_t (core's single definition of the rules)
 * with no table of positions or results, no symmetry and no static evaluation: the only
 * pruning is alpha-beta's and the value bounds of ref_bound (each a one-line argument), both
 * exact.  The move order (area margin after the move, history counters per point) changes only
 * the work.  Every state carries its whole history, so the reference has no graph history
 * interaction to get wrong.  Its value conventions are written out here again from
 * solver/search.h, independently of the solver's code.
 */
#include "tests/reference.h"

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "core/score.h"
#include "solver/search.h"

#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/*
 * One search of the reference.  The history counters (per colour and point) only order the
 * moves: they are keyed by point, never by position, and no value is ever stored or reused.
 */
typedef struct reference {
    const rules_t *rules;
    const board_geom_t *geom;
    uint64_t nodes, limit;
    bool exceeded;
    uint64_t history[2][BOARD_MAX_POINTS + 1];
} reference_t;

int reference_end_value(const game_result_t *res, const rules_t *rules, int ply)
{
    if (res->scored)
        return res->margin2;
    if (res->winner == BOARD_EMPTY)
        return 0;
    int magnitude =
        rules->scoring == RULES_SCORING_LAST_MOVE ? SEARCH_VALUE_WIN - ply : SEARCH_VALUE_CYCLE_WIN;
    return res->winner == BOARD_BLACK ? magnitude : -magnitude;
}

/*
 * A bound on the value of every game that goes on from a position `ply` plies below the root:
 * -bound <= value <= bound (either player's view).  Each is a one-line argument from
 * ref_end_value:
 *   last-move: an end at ply q is worth 0 or +-(WIN - q), and an ongoing position at ply p ends
 *     at q >= p + 1 (the distance bound); with passing, two passes end it with an area score
 *     (next line);
 *   area: a colour's score is its area minus twice its taxed groups (core/score.c), and a
 *     colour has no more taxed groups than stones, nor stones than area, so each score lies
 *     within +-its area; the two areas share the N points, so |B - W| <= N and
 *     |margin2| <= 2N + |komi2|; with cycle=draw, 0 and +-CYCLE_WIN too;
 *   territory: prisoners grow with the game, so no bound (INF).
 */
static int ref_bound(const reference_t *ref, int ply)
{
    const rules_t *r = ref->rules;
    int area = 2 * ref->geom->size + abs(r->komi2);
    if (r->scoring == RULES_SCORING_LAST_MOVE)
        return r->pass && area > SEARCH_VALUE_WIN - ply - 1 ? area : SEARCH_VALUE_WIN - ply - 1;
    if (r->scoring == RULES_SCORING_TERRITORY)
        return SEARCH_VALUE_INF;
    if (r->cycle == RULES_CYCLE_DRAW)
        return SEARCH_VALUE_CYCLE_WIN;
    return area;
}

/*
 * The order of a move (larger first).  It changes only the work, never the value; each rule
 * below was measured (docs/solver.md).
 *   1. The pass first when the opponent has just passed (it ends the game) or has just played a
 *      move that left the board as it was (a single-stone suicide under situational superko:
 *      a pass that does not let the game end).
 *   2. Then by the area margin (mover minus opponent) on the board after the move, the pass
 *      counting the board as it is;
 *   3. among equals, captures, then the pass, then the history counter (the nodes searched
 *      below the moves of this colour at this point that caused a cut-off).
 */
static int64_t ref_order_key(const reference_t *ref, const game_t *game, board_move_t m)
{
    const game_state_t *cur = game_current(game);
    const board_geom_t *g = ref->geom;
    board_color_t me = (board_color_t)cur->to_move;
    board_color_t opp = board_color_other(me);
    size_t len = game_length(game);
    if (m == BOARD_MOVE_PASS &&
        (cur->passes == 1 ||
         (len > 0 && board_equal(&game_state_at(game, len - 1)->board, &cur->board))))
        return INT64_MAX;
    board_t after = cur->board;
    int64_t tie;
    if (m == BOARD_MOVE_PASS) {
        tie = INT64_C(1) << 48;
    } else {
        board_placement_t pl = board_place(&cur->board, g, me, m);
        after = pl.after;
        uint64_t h = ref->history[me][m];
        tie = (pl.captured ? INT64_C(1) << 50 : 0) +
              (int64_t)(h < (UINT64_C(1) << 47) ? h : UINT64_C(1) << 47);
    }
    int margin = score_area(&after, g, me) - score_area(&after, g, opp);
    return ((int64_t)(margin + BOARD_MAX_POINTS) << 52) + tie;
}

/* Negamax with alpha-beta: the value for the player to move. */
static int ref_search(reference_t *ref, game_t *game, int ply, int alpha, int beta)
{
    int sign = game_current(game)->to_move == BOARD_BLACK ? 1 : -1;
    board_move_t moves[BOARD_MAX_POINTS + 1];
    /* No legal move exactly when the game is over (core/game.h). */
    int n = game_legal_moves(moves, game);
    if (n == 0) {
        game_result_t res = game_result(game);
        return sign * reference_end_value(&res, ref->rules, ply);
    }
    if (++ref->nodes > ref->limit) {
        ref->exceeded = true;
        return 0;
    }
    /* A window outside the bound is decided without search (fail-soft: the bound itself). */
    int bound = ref_bound(ref, ply);
    if (alpha >= bound)
        return bound;
    if (beta <= -bound)
        return -bound;
    if (beta > bound)
        beta = bound;
    /* Insertion sort by ref_order_key, stable: equal keys keep the point order. */
    int64_t key[BOARD_MAX_POINTS + 1];
    for (int i = 0; i < n; i++) {
        board_move_t m = moves[i];
        int64_t k = ref_order_key(ref, game, m);
        int j = i;
        for (; j > 0 && key[j - 1] < k; j--) {
            moves[j] = moves[j - 1];
            key[j] = key[j - 1];
        }
        moves[j] = m;
        key[j] = k;
    }
    board_color_t me = (board_color_t)game_current(game)->to_move;
    int best = -SEARCH_VALUE_INF;
    for (int i = 0; i < n; i++) {
        uint64_t before = ref->nodes;
        game_play(game, moves[i]);
        int v = -ref_search(ref, game, ply + 1, -beta, -alpha);
        game_undo(game);
        if (ref->exceeded)
            return 0;
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta) {
            ref->history[me][moves[i]] += ref->nodes - before + 1;
            break;
        }
    }
    return best;
}

/*
 * The exact value (Black's view) or false when the node limit was exceeded.  The value is
 * found by null-window alpha-beta tests (each answers "value >= t?" exactly; fail-soft bounds
 * move the interval), which is exact and much cheaper than one full-window search.  With a
 * guess (the solver's value in the offline comparison), the tests "value >= guess" and
 * "value >= guess + 1" come first: if both agree with the guess they settle the value, and if
 * either does not, the bisection goes on from what they proved, so a wrong guess is found
 * wrong, never taken on trust.
 */
bool reference_value_guess(int *value, const game_t *game, const int *guess, uint64_t limit,
                           uint64_t *nodes, int *tests, FILE *log)
{
    reference_t *ref = g_new0(reference_t, 1);
    ref->rules = game_rules(game);
    ref->geom = game_geom(game);
    ref->limit = limit;
    game_t *copy = game_copy(game);
    int sign = game_current(game)->to_move == BOARD_BLACK ? 1 : -1;
    int g = guess ? sign * *guess : 0;                 /* the guess, for the player to move */
    int lo = -SEARCH_VALUE_INF, hi = SEARCH_VALUE_INF; /* lo <= value <= hi */
    int count = 0;
    while (lo < hi && !ref->exceeded) {
        int t = lo + (hi - lo + 1) / 2; /* lo < t <= hi */
        if (lo < 0 && hi > 0)
            t = lo < -1 ? (hi > 1 ? (t < 0 ? -1 : 1) : t) : t;
        if (t <= lo)
            t = lo + 1;
        if (guess && lo < g && g <= hi)
            t = g;
        else if (guess && lo < g + 1 && g + 1 <= hi)
            t = g + 1;
        int v = ref_search(ref, copy, 0, t - 1, t);
        count++;
        if (log && !ref->exceeded) {
            fprintf(log,
                    "  test %d (the mover's view): value %s %d (bound %d), %llu nodes so far\n",
                    count, v >= t ? ">=" : "<", t, v, (unsigned long long)ref->nodes);
            fflush(log);
        }
        if (v >= t)
            lo = v;
        else
            hi = v;
    }
    game_destroy(copy);
    if (nodes)
        *nodes = ref->nodes;
    if (tests)
        *tests = count;
    bool ok = !ref->exceeded;
    g_free(ref);
    if (ok)
        *value = sign * lo;
    return ok;
}

bool reference_value(int *value, const game_t *game, uint64_t limit, uint64_t *nodes)
{
    return reference_value_guess(value, game, NULL, limit, nodes, NULL, NULL);
}

bool reference_at_least(bool *at_least, const game_t *game, int t, uint64_t limit)
{
    reference_t *ref = g_new0(reference_t, 1);
    ref->rules = game_rules(game);
    ref->geom = game_geom(game);
    ref->limit = limit;
    game_t *copy = game_copy(game);
    /* Black to move: "value >= t?"; White to move: "White's value >= 1 - t?" is its negation. */
    bool black = game_current(game)->to_move == BOARD_BLACK;
    int u = black ? t : 1 - t;
    bool yes = ref_search(ref, copy, 0, u - 1, u) >= u;
    game_destroy(copy);
    bool ok = !ref->exceeded;
    g_free(ref);
    if (ok)
        *at_least = black ? yes : !yes;
    return ok;
}
