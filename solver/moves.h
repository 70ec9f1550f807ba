/*
 * solver/moves.h: move generation and ordering.  The legal moves of a node are exactly
 * core/game.c's game_try (tests/test_solver.c compares them with game_legal_moves on random
 * games), generated on the worker's incremental state with their keys, and each superko or
 * cycle test's outcome kept with its move and recorded in the node's dependency (history.h).
 * Order: the table's move, then captures, then the area margin after the play, then the
 * history heuristic (Schaeffer 1989), then the points farthest from the edge; after the
 * opponent's pass, the pass that ends the game.
 *
 * Simple ko.  The only history a move consults under ko=simple is the position before the
 * opponent's last play.  Recreating it needs the last play q to have captured exactly one
 * stone, at r, and the reply at r to capture exactly the chain {q}; so if q's chain is the
 * single stone q with the single liberty r, the ko point is r, and otherwise no move can
 * recreate that position.  The test is therefore decided by (position, ko point), and the ko
 * point is part of the table's verified state.
 */
#ifndef MATHGO_SOLVER_MOVES_H
#define MATHGO_SOLVER_MOVES_H

#include "solver/history.h"
#include "solver/symmetry.h"

/* The move-ordering tables of a worker (centrality; the history heuristic starts empty). */
void moves_init_order(worker_t *w);

/* Generates the legal moves of the node on top of the stack into out (room for
 * BOARD_MAX_POINTS + 1), recording the history tests in dep; returns their number.  The
 * quiet plays' orders lack their area margin until moves_add_margins. */
int moves_generate(worker_t *w, child_t *out, dep_t *dep);

/* Completes the orders of the moves of the node on top of the stack with their area margins
 * (before any order is compared, but the table's move's: moves_put_first). */
void moves_add_margins(const worker_t *w, child_t *moves, int n);

/* The ko point after `me` played q giving `after` with `captured` taken (ko=simple). */
static inline uint8_t moves_ko_point(const board_geom_t *g, const board_t *after, board_color_t me,
                                     board_point_t q, uint64_t captured)
{
    if (board_popcount(captured) != 1)
        return TT_NO_KO;
    if (g->neighbours[q] & after->stones[me])
        return TT_NO_KO; /* q's chain is more than q */
    if ((g->neighbours[q] & board_empty(after, g)) != captured)
        return TT_NO_KO; /* q has another liberty */
    return board_lowest(captured);
}

/* Records candidate c's own test (as test_move did) in dep. */
static inline void moves_record_test(const worker_t *w, dep_t *dep, const child_t *c)
{
    if (c->tested)
        history_record(w, dep, &c->board, c->ikey, c->test_side == 2 ? -1 : c->test_side, c->test_k,
                       c->test_superko);
}

/* The state after candidate c from the node on top of the stack (its keys updated). */
static inline void moves_child_state(hist_t *out, const worker_t *w, const child_t *c)
{
    const hist_t *h = &w->hist[w->top];
    board_color_t me = (board_color_t)h->to_move;
    *out = *h;
    out->board = c->board;
    out->key = c->key;
    out->ikey = c->ikey;
    if (c->move != BOARD_MOVE_PASS) {
        uint64_t captured =
            h->board.stones[board_color_other(me)] & ~c->board.stones[board_color_other(me)];
        uint64_t suicided = 0; /* the placed stone and its chain, when it took itself */
        if (!(c->board.stones[me] & board_bit(c->move)))
            suicided = (h->board.stones[me] & ~c->board.stones[me]) | board_bit(c->move);
        sym_keys_play(w, out->skeys, h->skeys, me, c->move, captured, suicided);
    }
    out->to_move = (uint8_t)board_color_other(me);
    out->move = c->move;
    out->ko = c->ko;
    out->cycle_end = c->cycle_end;
    out->cycle_winner = c->cycle_winner;
    if (c->move == BOARD_MOVE_PASS) {
        out->passes = (uint8_t)(h->passes + 1);
        out->pass_count[me]++;
    } else {
        out->passes = 0;
        out->captures[me] = (uint16_t)(out->captures[me] + c->captured);
        out->captures[board_color_other(me)] =
            (uint16_t)(out->captures[board_color_other(me)] + c->suicided);
    }
}

/* Puts the table's move first (its order beats every other); whether it is among the moves. */
static inline bool moves_put_first(child_t *moves, int n, board_move_t tt_move)
{
    for (int i = 0; i < n; i++)
        if (moves[i].move == tt_move) {
            moves[i].order = INT_MAX;
            moves[i].margin_due = 0;
            return true;
        }
    return false;
}

/* The candidate of highest order among moves[i..n-1], taken out: moves[i] fills its place. */
static inline child_t moves_take_best(child_t *moves, int i, int n)
{
    int bi = i;
    for (int k = i + 1; k < n; k++)
        if (moves[k].order > moves[bi].order)
            bi = k;
    child_t c = moves[bi];
    moves[bi] = moves[i];
    return c;
}

/* A cutoff by the quiet move c: credit it in the history heuristic (Schaeffer 1989). */
static inline void moves_credit_cutoff(worker_t *w, board_color_t me, const child_t *c)
{
    if (c->move < BOARD_MOVE_PASS && !c->captured && (w->hh[me][c->move] += 1) >= (1u << 22))
        for (int q = 0; q <= BOARD_MAX_POINTS; q++) /* age both tables */
            w->hh[0][q] >>= 1, w->hh[1][q] >>= 1;
}

#endif
