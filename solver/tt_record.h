/*
 * solver/tt_record.h: what a stored result relies on in the history (tt.h says why and when
 * it may be reused): the positions its proof tested and did not find (a filter, tt_sig_t),
 * the positions it found and needs present (tt_req_t), and the conditions of its static cuts
 * (tt_cond_t), together a tt_record_t.  The search builds them (solver/history.h, bounds.h)
 * and the table keeps them with each entry (solver/tt.c).
 */
#ifndef MATHGO_SOLVER_TT_RECORD_H
#define MATHGO_SOLVER_TT_RECORD_H

#include "core/board.h"

#include <stdbool.h>
#include <stdint.h>

/*
 * The positions a result's subtree tested against the history and did not find: a Bloom
 * filter of TT_SIG_BITS bits with TT_SIG_K bits per position, taken from the high bits of the
 * position's key (the low bits index the table; under rules whose tests are all situational
 * the key includes the side to move, solver/history.h, history_sig_key), and a second filter
 * of 128 bits, one bit per position chosen by its pair of stone counts (black, white).  A
 * position Q may be among them only if all its bits are set in both.
 *
 * Why the counts: the misses of a subtree are positions after the prover's moves below the
 * node, mostly with more stones than the node; a history is mostly positions with fewer.  A
 * large subtree filled the Bloom filter alone, and its false positives refused most probes of
 * the entries worth most: on 4x4 tromp-taylor 78 M of 254 M probes were refused, 47 M of
 * 170 M once the static conditions were kept apart (tt_cond_t).  With the counts (two words
 * taken from the filter's sixteen): 0.33 M of 28 M, and 18 M nodes instead of 84 M.  Measured
 * alternatives: one mask of the total count, 24.5 M nodes; one mask per colour's count (a
 * position passed when each count was in its mask), 18.2 M, but under `math` it still refused
 * 2.0 M of 9.5 M probes on 4x4 (4.7 M nodes) where the pairs refuse 25 k of 3.0 M (1.6 M
 * nodes; 3x5 pseudo 14.9 M -> 1.9 M); a 4096-bit filter without counts, 35 M nodes on 4x4
 * tromp-taylor for a table of 5 GB.
 */
#define TT_SIG_WORDS 14
#define TT_SIG_BITS  (64 * TT_SIG_WORDS)
#define TT_SIG_K     2

typedef struct tt_sig {
    uint64_t bits[TT_SIG_WORDS];
    uint64_t pairs[2]; /* bit tt_sig_pair(Q) of these 128: position Q may be in the filter */
} tt_sig_t;

/* The i-th filter bit of the position with key `key` (i < TT_SIG_K). */
static inline unsigned tt_sig_bit(uint64_t key, int i)
{
    return (unsigned)((((key >> (48 - 16 * i)) & 0xFFFF) * TT_SIG_BITS) >> 16);
}

/* The count-pair bit (0..127) of position b: its black and white stone counts, mixed so that
 * the pairs of a small board (up to 16 stones of each colour: 4x4) hit few common bits. */
static inline unsigned tt_sig_pair(const board_t *b)
{
    unsigned black = (unsigned)board_popcount(b->stones[0]);
    unsigned white = (unsigned)board_popcount(b->stones[1]);
    return (black * 37u + white * 11u) & 127u;
}

static inline void tt_sig_add(tt_sig_t *sig, uint64_t key, const board_t *b)
{
    for (int i = 0; i < TT_SIG_K; i++) {
        unsigned bit = tt_sig_bit(key, i);
        sig->bits[bit >> 6] |= (uint64_t)1 << (bit & 63);
    }
    unsigned pair = tt_sig_pair(b);
    sig->pairs[pair >> 6] |= (uint64_t)1 << (pair & 63);
}

static inline void tt_sig_merge(tt_sig_t *into, const tt_sig_t *from)
{
    for (int i = 0; i < TT_SIG_WORDS; i++)
        into->bits[i] |= from->bits[i];
    into->pairs[0] |= from->pairs[0];
    into->pairs[1] |= from->pairs[1];
}

/* Whether the two filters may share a position. */
static inline bool tt_sig_meet(const tt_sig_t *a, const tt_sig_t *b)
{
    if (!(a->pairs[0] & b->pairs[0]) && !(a->pairs[1] & b->pairs[1]))
        return false;
    uint64_t m = 0;
    for (int i = 0; i < TT_SIG_WORDS; i++)
        m |= a->bits[i] & b->bits[i];
    return m != 0;
}

/* Whether the position with key `key` and `stones` stones may be in the signature. */
static inline bool tt_sig_may_contain(const tt_sig_t *sig, uint64_t key, const board_t *b)
{
    unsigned pair = tt_sig_pair(b);
    if (!((sig->pairs[pair >> 6] >> (pair & 63)) & 1))
        return false;
    for (int i = 0; i < TT_SIG_K; i++) {
        unsigned bit = tt_sig_bit(key, i);
        if (!((sig->bits[bit >> 6] >> (bit & 63)) & 1))
            return false;
    }
    return true;
}

/*
 * An earlier position a result relies on being PRESENT in the history (a superko test that
 * found it).  side: 0 Black to move, 1 White to move, 2 any (positional superko).
 *
 * Or a CYCLE requirement (cycle = 1; cycle=draw and cycle=japanese): a cycle test found the
 * situation (board, side) there, and the cycle's value depends on the history only through
 * the cycle counter at that occurrence (history.h, history_counter: Black's less White's
 * passes under cycle=draw, prisoners under cycle=japanese).  In a table record (tt_record_t)
 * `counter` is the occurrence's counter less the node's; in a search's dependency (dep_t) it
 * is the occurrence's own.  The record holds after a history where the newest occurrence of
 * the situation before the node has the same counter relative to the node.
 */
typedef struct tt_req {
    board_t board;
    uint8_t side;
    uint8_t cycle;
    int counter;
} tt_req_t;

#define TT_REQS 2 /* required positions an entry can hold */
/* The relative cycle counters a table record can hold (tt.c packs them in 7 bits). */
#define TT_REQ_COUNTER_MIN (-64)
#define TT_REQ_COUNTER_MAX 63

/*
 * A static cut's condition (solver/bounds.h, bounds_usable): no position before the node holds all
 * of `alive` as the colour's stones together with one of its stones in `touch` (touch ~0: with
 * or without).  A record keeps up to TT_CONDS of them per colour; alive ~0 marks a free slot.
 * Adding one that a kept one implies (a refuses every history b refuses) changes nothing; a
 * full set merges the new condition into the kept one sharing most alive stones, by
 * intersecting alive and joining touch (a weaker condition on the history, so more refusals,
 * never fewer).  Two slots: one intersected mask per colour, as before, refused 35 M of 248 M
 * probes on 4x4 tromp-taylor; two slots, under 1 M.
 */
#define TT_CONDS 2

typedef struct tt_cond {
    uint64_t alive, touch;
} tt_cond_t;

/* Whether every history that a refuses, b refuses too. */
static inline bool tt_cond_implies(const tt_cond_t *a, const tt_cond_t *b)
{
    return (a->alive & b->alive) == a->alive && (a->touch & b->touch) == b->touch;
}

static inline void tt_cond_add(tt_cond_t *set, tt_cond_t c)
{
    int free_slot = -1, closest = -1, most = -1;
    for (int i = 0; i < TT_CONDS; i++) {
        if (set[i].alive != ~(uint64_t)0 && tt_cond_implies(&set[i], &c))
            return;
        if (set[i].alive != ~(uint64_t)0 && tt_cond_implies(&c, &set[i]))
            set[i].alive = ~(uint64_t)0; /* c says more: this one goes */
        if (set[i].alive == ~(uint64_t)0) {
            if (free_slot < 0)
                free_slot = i;
            continue;
        }
        int shared = __builtin_popcountll(set[i].alive & c.alive);
        if (shared > most)
            most = shared, closest = i;
    }
    if (free_slot >= 0) {
        set[free_slot] = c;
        return;
    }
    set[closest].alive &= c.alive;
    set[closest].touch |= c.touch;
}

/* What a stored result relies on in the history (see the file comment and tt.h). */
typedef struct tt_record {
    tt_sig_t sig; /* the positions it relied on being absent (a filter) */
    int nreq;     /* and present: */
    tt_req_t req[TT_REQS];
    tt_cond_t cond[2][TT_CONDS]; /* the static cuts' conditions, per colour */
} tt_record_t;

#endif
