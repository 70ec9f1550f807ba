/* solver/history.c: the history index's allocation, its scans and its debug check (see
 * history.h). */
#include "solver/history.h"

#include "core/hash.h"
#include "solver/moves.h"
#include "solver/symmetry.h"

#include <stdio.h>
#include <stdlib.h>

void history_init(worker_t *w, int cap)
{
    w->cap = cap;
    w->hist = g_new(hist_t, w->cap);
    w->cum = g_new(tt_sig_t, w->cap);
    w->ikeys = g_new(uint64_t, w->cap);
    w->boards = g_new(board_t, w->cap);
    w->bit_chain = g_new(int32_t, w->cap);
    for (int i = 0; i < TT_SIG_BITS; i++)
        w->bit_head[i] = -1;
    for (int i = 0; i < HEAD_SIZE; i++)
        w->head[i] = -1;
    w->top = -1;
}

void history_free(worker_t *w)
{
    g_free(w->hist);
    g_free(w->cum);
    g_free(w->ikeys);
    g_free(w->boards);
    g_free(w->bit_chain);
}

bool history_grow(worker_t *w)
{
    if (w->cap >= w->cap_max)
        return false;
    w->cap = w->cap > w->cap_max / 2 ? w->cap_max : 2 * w->cap;
    w->hist = g_renew(hist_t, w->hist, w->cap);
    w->cum = g_renew(tt_sig_t, w->cum, w->cap);
    w->ikeys = g_renew(uint64_t, w->ikeys, w->cap);
    w->boards = g_renew(board_t, w->boards, w->cap);
    w->bit_chain = g_renew(int32_t, w->bit_chain, w->cap);
    return true;
}

bool history_meets(const worker_t *w, int j, const tt_sig_t *sig)
{
    if (j <= 0)
        return false;
    const tt_sig_t *c = &w->cum[j - 1];
    if (!tt_sig_meet(c, sig))
        return false;
    int bits = 0;
    for (int k = 0; k < TT_SIG_WORDS; k++)
        bits += board_popcount(sig->bits[k] & c->bits[k]);
    if (bits < j) {
        /* Only positions whose first bit is set can match: walk those. */
        for (int k = 0; k < TT_SIG_WORDS; k++)
            for (uint64_t m = sig->bits[k] & c->bits[k]; m; m &= m - 1)
                for (int i = w->bit_head[64 * k + board_lowest(m)]; i >= 0; i = w->bit_chain[i])
                    if (i < j && tt_sig_may_contain(sig, w->ikeys[i], &w->boards[i]))
                        return true;
        return false;
    }
    for (int i = 0; i < j; i++)
        if (tt_sig_may_contain(sig, w->ikeys[i], &w->boards[i]))
            return true;
    return false;
}

bool history_covers(const worker_t *w, int j, int c, uint64_t mask, uint64_t touch)
{
    if (mask == ~(uint64_t)0)
        return false;
    for (int i = 0; i < j; i++)
        if ((w->boards[i].stones[c] & mask) == mask &&
            (touch == ~(uint64_t)0 || (w->boards[i].stones[c] & touch)))
            return true;
    return false;
}

#ifdef MATHGO_DEBUG
static void check_failed(const worker_t *w, int i, const char *what, uint64_t have, uint64_t want)
{
    fprintf(stderr, "solver history: state %d (top %d): %s %016llx, recomputed %016llx\n", i,
            w->top, what, (unsigned long long)have, (unsigned long long)want);
    board_print(stderr, &w->hist[i].board, w->g);
    abort();
}

void history_check(const worker_t *w, int i)
{
    const hist_t *h = &w->hist[i];
    board_check(&h->board, w->g, "solver history");
    uint64_t key = hash_key(&h->board, w->g);
    if (h->key != key)
        check_failed(w, i, "position key", h->key, key);
    uint64_t skeys[BOARD_MAX_SYMMETRIES];
    sym_keys_of(w, skeys, &h->board);
    for (int s = 0; s < BOARD_MAX_SYMMETRIES; s++) /* the lanes beyond nsym too (worker_t.zsym) */
        if (h->skeys[s] != skeys[s])
            check_failed(w, i, "symmetric key", h->skeys[s], skeys[s]);
    if (h->ikey != sym_min(w, skeys))
        check_failed(w, i, "invariant key", h->ikey, sym_min(w, skeys));
    uint64_t sk = history_sig_key(w, h->ikey, h->to_move);
    if (w->ikeys[i] != sk || !board_equal(&w->boards[i], &h->board))
        check_failed(w, i, "dense copy of the filter key", w->ikeys[i], sk);
    /* The history's filter bits: every position up to i, and nothing else. */
    tt_sig_t cum;
    memset(&cum, 0, sizeof cum);
    for (int k = 0; k <= i; k++)
        tt_sig_add(&cum, history_sig_key(w, w->hist[k].ikey, w->hist[k].to_move),
                   &w->hist[k].board);
    for (int k = 0; k < TT_SIG_WORDS; k++)
        if (cum.bits[k] != w->cum[i].bits[k])
            check_failed(w, i, "history filter word", w->cum[i].bits[k], cum.bits[k]);
    for (int k = 0; k < 2; k++)
        if (cum.pairs[k] != w->cum[i].pairs[k])
            check_failed(w, i, "history count-pair word", w->cum[i].pairs[k], cum.pairs[k]);
    /* The index finds the state as the newest holder of its position. */
    int found = history_lookup(w, &h->board, h->key, h->to_move);
    if (found != i)
        check_failed(w, i, "index lookup", (uint64_t)found, (uint64_t)i);
    if (w->bit_head[tt_sig_bit(sk, 0)] != i)
        check_failed(w, i, "filter-bit chain head", (uint64_t)w->bit_head[tt_sig_bit(sk, 0)],
                     (uint64_t)i);
    /* The ko point of a play follows from the position before it (moves_ko_point). */
    if (i > 0 && h->move < BOARD_MOVE_PASS) {
        const hist_t *prev = &w->hist[i - 1];
        board_color_t me = (board_color_t)prev->to_move, opp = board_color_other(me);
        uint64_t captured = prev->board.stones[opp] & ~h->board.stones[opp];
        uint8_t ko = moves_ko_point(w->g, &h->board, me, h->move, captured);
        if (h->ko != ko)
            check_failed(w, i, "ko point", h->ko, ko);
    }
}
#endif
