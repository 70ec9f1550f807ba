/*
 * solver/symmetry.h: symmetry and keys.  The table is keyed by the canonical image of a state:
 * the image under the symmetry whose key is least (ties: the least board), so all images of a
 * state share one entry.  Moves, the ko point and required positions are stored in that frame
 * and mapped back on a probe.  The signature of missed positions uses the invariant key, the
 * least key over all images: a position and its images set the same bits, so the signature is
 * frame-free (and, being a superset, still only refuses too much, never too little).
 *
 * A state keeps its key under every symmetry (hist_t.skeys), updated incrementally by each
 * play (sym_keys_play) and checked against sym_keys_of under MATHGO_DEBUG (history.h).
 */
#ifndef MATHGO_SOLVER_SYMMETRY_H
#define MATHGO_SOLVER_SYMMETRY_H

#include "solver/internal.h"

/* The table key's terms for the side to move, a pass just played and a ko point. */
#define KEY_SIDE     0x9E3779B97F4A7C15ULL
#define KEY_PASS     0xC2B2AE3D27D4EB4FULL
#define KEY_KO       0xD6E8FEB86659FD93ULL
#define KEY_CAPTURES 0x8CB92BA72F3D8DD7ULL

/* The worker's symmetries: Zobrist keys of each image point and each symmetry's inverse. */
void sym_init(worker_t *w);

/* skeys of a board from scratch. */
void sym_keys_of(const worker_t *w, uint64_t *skeys, const board_t *b);

/* Maps a table record's positions and point sets by symmetry s (to or from the canonical
 * frame of its state; the filter is keyed by symmetry-invariant keys and needs nothing). */
void sym_record(const worker_t *w, tt_record_t *rec, int s);

/* The least of the symmetric keys: the symmetry-invariant key.  Every lane counts: those
 * beyond the board's symmetries repeat lane 0 (worker_t.zsym), and a fixed count vectorises. */
static inline uint64_t sym_min(const worker_t *w, const uint64_t *skeys)
{
    (void)w;
    uint64_t m = skeys[0];
    for (int s = 1; s < BOARD_MAX_SYMMETRIES; s++)
        m = skeys[s] < m ? skeys[s] : m;
    return m;
}

/* k ^= the keys of colour c at every point of m, in all lanes. */
static inline void sym_keys_toggle(const worker_t *w, uint64_t *k, board_color_t c, uint64_t m)
{
    for (; m; m &= m - 1) {
        const uint64_t *z = w->zsym[c][board_lowest(m)];
        for (int s = 0; s < BOARD_MAX_SYMMETRIES; s++)
            k[s] ^= z[s];
    }
}

/* skeys after `me` plays p, capturing `captured` and losing `suicided` (masks).  All lanes at
 * once (worker_t.zsym): a play is a few vector xors. */
static inline void sym_keys_play(const worker_t *w, uint64_t *out, const uint64_t *in,
                                 board_color_t me, board_point_t p, uint64_t captured,
                                 uint64_t suicided)
{
    uint64_t k[BOARD_MAX_SYMMETRIES];
    for (int s = 0; s < BOARD_MAX_SYMMETRIES; s++)
        k[s] = in[s] ^ w->zsym[me][p][s];
    sym_keys_toggle(w, k, board_color_other(me), captured);
    sym_keys_toggle(w, k, me, suicided);
    memcpy(out, k, sizeof k);
}

/* The symmetry taking the state on top of the stack to its canonical frame. */
static inline int sym_canonical(const worker_t *w, const hist_t *h)
{
    int best = 0;
    bool tie = false;
    for (int s = 1; s < w->nsym; s++)
        if (h->skeys[s] < h->skeys[best])
            best = s, tie = false;
        else if (h->skeys[s] == h->skeys[best])
            tie = true;
    if (!tie)
        return best;
    /* Equal keys: a symmetric position (or a collision); the least board decides. */
    board_t best_board = board_transform(&h->board, w->g, best);
    for (int s = 0; s < w->nsym; s++) {
        if (s == best || h->skeys[s] != h->skeys[best])
            continue;
        board_t t = board_transform(&h->board, w->g, s);
        if (t.stones[0] < best_board.stones[0] ||
            (t.stones[0] == best_board.stones[0] && t.stones[1] < best_board.stones[1])) {
            best = s;
            best_board = t;
        }
    }
    return best;
}

/* Move m in the frame of symmetry s. */
static inline board_move_t sym_move(const worker_t *w, int s, board_move_t m)
{
    return m < BOARD_MOVE_PASS ? w->g->sym[s][m] : m;
}

/* The state of h in the frame of symmetry s (its canonical frame: see sym_canonical). */
static inline tt_state_t sym_state(const worker_t *w, const hist_t *h, int s)
{
    tt_state_t st;
    st.board = s ? board_transform(&h->board, w->g, s) : h->board;
    st.to_move = h->to_move;
    st.passes = h->passes;
    st.ko = h->ko == TT_NO_KO ? TT_NO_KO : w->g->sym[s][h->ko];
    return st;
}

/*
 * The table key's term for the captures so far (Black's less White's).  Under territory
 * scoring a result is stored relative to them (value_to_table), which is exact for a score
 * but not for a cycle that ends in a tie: that is worth 0 whatever the captures.  With a cycle
 * rule a state reached with another capture difference would take a wrong value from the
 * table (1x7 japanese: the same state 2 captures apart, a tie read as B+2), so there the
 * difference is part of the state the table keys.  The term is 0 for no difference (an odd
 * multiplier: distinct differences give distinct terms) and elsewhere.
 */
static inline uint64_t sym_captures_key(const worker_t *w, int black_less_white)
{
    if (w->r->scoring != RULES_SCORING_TERRITORY || w->r->cycle == RULES_CYCLE_NONE)
        return 0;
    return (uint64_t)(int64_t)black_less_white * KEY_CAPTURES;
}

/* The table key of state h whose canonical form is st. */
static inline uint64_t sym_table_key(const worker_t *w, const hist_t *h, const tt_state_t *st)
{
    uint64_t k = h->ikey ^ sym_captures_key(w, h->captures[BOARD_BLACK] - h->captures[BOARD_WHITE]);
    if (st->to_move)
        k ^= KEY_SIDE;
    if (st->passes)
        k ^= KEY_PASS;
    if (st->ko != TT_NO_KO)
        k ^= KEY_KO * (uint64_t)(st->ko + 1);
    return k;
}

/* The table key of candidate c's child (sym_table_key in the child's canonical frame), computed
 * without that frame; false (and *key 0) when the child has no table state of its own (a cycle
 * or the pass ending the game) or its key needs the frame (a ko point). */
static inline bool sym_child_key(uint64_t *key, const worker_t *w, const hist_t *h,
                                 const child_t *c)
{
    *key = 0;
    if (c->cycle_end || (c->move == BOARD_MOVE_PASS && h->passes) || c->ko != TT_NO_KO)
        return false;
    int difference = h->captures[BOARD_BLACK] - h->captures[BOARD_WHITE];
    if (c->move != BOARD_MOVE_PASS) /* as moves_child_state counts them */
        difference += (h->to_move == BOARD_BLACK ? 1 : -1) * (c->captured - c->suicided);
    *key = c->ikey ^ (h->to_move == BOARD_BLACK ? KEY_SIDE : 0) ^
           (c->move == BOARD_MOVE_PASS ? KEY_PASS : 0) ^ sym_captures_key(w, difference);
    return true;
}
#endif
