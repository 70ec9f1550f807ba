/*
 * solver/history.h: the history index, the game as a stack of states with exact positions.
 *
 * A worker keeps the whole game as a stack of hist_t (the start of the game_t it was given,
 * then the search path).  Earlier positions are found through a bucket index (head[] plus a
 * chain through the stack, newest first), so a superko or cycle test costs a few compares and
 * returns the NEWEST earlier occurrence, as game_try's find_repeat does.  Beside it the stack
 * keeps, per index, the miss filter bits of every position up to it (cum[]) and a chain of the
 * entries by their first filter bit, for the scans a table probe makes (history_meets).
 *
 * A membership test's outcome goes into the dependency of the result being searched
 * (history_record; see search.c and tt.h).  Under MATHGO_DEBUG every push checks the state's
 * incremental keys and the index against a recompute (history_check).
 */
#ifndef MATHGO_SOLVER_HISTORY_H
#define MATHGO_SOLVER_HISTORY_H

#include "solver/internal.h"

/* Allocates the stack arrays for `cap` states and empties the index. */
void history_init(worker_t *w, int cap);
void history_free(worker_t *w);

/* Doubles the stack arrays (up to cap_max); false when they are at their limit.  Nothing
 * keeps a pointer into them across a push. */
bool history_grow(worker_t *w);

/* Whether the history up to index j-1 may contain a position of `sig`. */
bool history_meets(const worker_t *w, int j, const tt_sig_t *sig);

/* Whether some position before stack index j holds all of `mask` as colour c's stones and one
 * of `touch` (touch ~0: with or without); mask ~0 asks nothing. */
bool history_covers(const worker_t *w, int j, int c, uint64_t mask, uint64_t touch);

#ifdef MATHGO_DEBUG
/* Checks the state at stack index i against a recompute: its position key, symmetric keys and
 * invariant key, the filter bits up to it and the index finding it; prints the board and
 * aborts when one differs. */
void history_check(const worker_t *w, int i);
#endif

/*
 * The key by which the miss filter (tt_sig_t) knows a situation: its position's invariant key,
 * mixed with the side to move `side` (0 Black, 1 White) when w->sig_side.  That is when every
 * test the rules make is situational (ko=situational, or ko=simple whose only recorded tests
 * are the cycle tests): a miss then says that the situation did not occur, and the same
 * position with the other player to move in a history does not refuse it.  Under ko=simple
 * the history holds each position after a pass with the other player to move, and japanese
 * games pass often: with the side, 1x8 japanese takes 3.6 M nodes with Black first and 5.8 M
 * with White first, against 13.9 M and 9.4 M (2026-12-02).  Under positional superko
 * (side < 0, any) the position alone.
 */
#define HISTORY_SIDE_SALT 0x9E3779B97F4A7C15ULL

static inline uint64_t history_sig_key(const worker_t *w, uint64_t ikey, int side)
{
    return w->sig_side && side == BOARD_WHITE ? ikey ^ HISTORY_SIDE_SALT : ikey;
}

/* Pushes state h (its keys computed) on top of the stack; the caller made room (history_grow). */
static inline void history_push(worker_t *w, const hist_t *h)
{
    int i = ++w->top;
    w->hist[i] = *h;
    uint64_t sk = history_sig_key(w, h->ikey, h->to_move);
    w->ikeys[i] = sk;
    w->boards[i] = h->board;
    unsigned bit = tt_sig_bit(sk, 0);
    w->bit_chain[i] = w->bit_head[bit];
    w->bit_head[bit] = i;
    size_t b = h->key & (HEAD_SIZE - 1);
    w->hist[i].chain = w->head[b];
    w->head[b] = i;
    tt_sig_t bits;
    memset(&bits, 0, sizeof bits);
    tt_sig_add(&bits, sk, &h->board);
    if (i > 0)
        w->cum[i] = w->cum[i - 1];
    else
        memset(&w->cum[i], 0, sizeof w->cum[i]);
    tt_sig_merge(&w->cum[i], &bits);
#ifdef MATHGO_DEBUG
    history_check(w, i);
#endif
}

static inline void history_pop(worker_t *w)
{
    const hist_t *h = &w->hist[w->top];
    w->head[h->key & (HEAD_SIZE - 1)] = h->chain;
    w->bit_head[tt_sig_bit(w->ikeys[w->top], 0)] = w->bit_chain[w->top];
    w->top--;
}

/* The newest stack index below `limit` holding `board` (with `side` to move, unless side < 0),
 * or -1. */
static inline int history_lookup_before(const worker_t *w, const board_t *board, uint64_t key,
                                        int side, int limit)
{
    for (int i = w->head[key & (HEAD_SIZE - 1)]; i >= 0; i = w->hist[i].chain) {
        const hist_t *h = &w->hist[i];
        if (i < limit && h->key == key && board_equal(&h->board, board) &&
            (side < 0 || h->to_move == side))
            return i;
    }
    return -1;
}

/* The newest stack index holding `board` (side as in history_lookup_before), or -1. */
static inline int history_lookup(const worker_t *w, const board_t *board, uint64_t key, int side)
{
    return history_lookup_before(w, board, key, side, INT_MAX);
}

/* The cycle counter of state h: the value of a cycle back to h depends on the history only
 * through it (moves.c, cycle_winner).  cycle=japanese: Black's less White's prisoners;
 * cycle=draw: Black's less White's passes. */
static inline int history_counter(const worker_t *w, const hist_t *h)
{
    if (w->r->cycle == RULES_CYCLE_JAPANESE)
        return h->captures[BOARD_BLACK] - h->captures[BOARD_WHITE];
    return h->pass_count[BOARD_BLACK] - h->pass_count[BOARD_WHITE];
}

/* Records one membership test's outcome (k: the index found, or -1) in dep.  A superko hit
 * is a requirement (only presence matters); a cycle hit is a cycle requirement with the
 * counter of the state it found (the cycle's value depends on the history only through that
 * counter: tt_req_t). */
static inline void history_record(const worker_t *w, dep_t *dep, const board_t *board,
                                  uint64_t ikey, int side, int k, bool superko)
{
    if (k >= 0) {
        if (superko)
            dep_require(dep, board, side < 0 ? 2 : side, k, false, 0);
        else
            dep_require(dep, board, side < 0 ? 2 : side, k, true, history_counter(w, &w->hist[k]));
    } else if (w->sig_side && side < 0) { /* either side's occurrence would be a hit */
        tt_sig_add(&dep->sig, history_sig_key(w, ikey, BOARD_BLACK), board);
        tt_sig_add(&dep->sig, history_sig_key(w, ikey, BOARD_WHITE), board);
    } else
        tt_sig_add(&dep->sig, history_sig_key(w, ikey, side), board);
}

#endif
