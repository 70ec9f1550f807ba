/*
 * solver/tt.h: the solver's transposition table, sound under superko.
 *
 * WHAT A KEY STANDS FOR.  An entry is found by a 64-bit key and then verified exactly: the
 * whole position (two words), the player to move, the count of consecutive passes (0 or 1) and,
 * under ko=simple only, the ko point.  A key collision can cost a probe, never give a wrong
 * answer: there are no false hits.
 *
 * WHAT IS HISTORY-DEPENDENT.  Under positional or situational superko, and under cycle=draw,
 * the value of a node N depends on the history H before N in two ways (graph history
 * interaction, Kishimoto and Mueller 2004): (a) a move below N is illegal, or ends the game as
 * a cycle, because its position occurs in H; (b) a move below N is legal, or does not end the
 * game, only because its position does not occur in H.  The search consults H only through
 * membership tests ("is position P earlier in the game?").  For every result it computes
 *   - the oldest history index a test found its position at (a "hit"), and
 *   - a signature (tt_sig_t) of every position a test did NOT find (a "miss").
 A result at history index j is STORED when every superko test below it that hit a position
 * older than j hit one of at most TT_REQS distinct positions (stored exactly, as "required"),
 * and no cycle=draw test hit a position older than j (a cycle's value depends on the passes
 * since the earlier occurrence, not only on its presence).  Hits on the path inside the
 * subtree travel with the subtree.  Its misses are stored with it as the signature.  A stored
 * result is REUSED at a node N' with history H' only when every required position is in H'
 * (older than N'; with the same side to move under situational superko) and no position of
 * H' is in the signature: then every test below N' answers as it did when the result was
 * computed (a hit inside the subtree is a hit again; a hit on a required position is a hit
 * again, since superko legality asks only whether the position occurred; a miss is a miss
 * again, since the position is not in H' either), so the same proof tree is valid at N' and
 * the stored bound holds.
 *
 * STATIC CUTS.  A static bound (search.c, static_bounds) of colour c holds only when no
 * earlier position holds all of c's unconditionally alive stones A together with a stone of c
 * in c's territory T (then no play of c's strategy can repeat a position from before).  A cut
 * on it records the condition (A, T) for c (tt_cond_t); a record keeps up to TT_CONDS of them
 * per colour, merging beyond that into a weaker one; they are stored with the result (mapped
 * into the canonical frame like the required positions), and a probe refuses the entry when
 * some position of its history breaks one.  So a reused result never rests on a static cut
 * whose condition fails in the new history.
 *
 * PROOF-TREE DEPENDENCIES.  "The tests below N" means the tests of the tree that proves the
 * stored bound, not all the tests the search made (search.c, alphabeta).  A LOWER bound in the
 * mover's view (fail high) is proved by the best move alone: its own test and its child's
 * dependency; any other move can only raise the max.  An UPPER bound (fail low) needs every
 * child's dependency, every superko hit (illegal moves stay illegal) and every cycle=draw test
 * (a cycle changes a child's value); a superko miss (a move legal because its position is new)
 * may be dropped when passing is allowed or scoring is last-move: if the move becomes illegal
 * the max loses a term, and an empty move set (no pass) is the immediate loss, below every
 * child value (the search drops them under last-move scoring only).  EXACT needs both.
 *
 * The signature is a superset (a Bloom filter with stone-count masks, see tt_sig_t), so it can
 * only refuse a sound reuse, never allow an unsound one.  A reused entry's signature joins the
 * signature of the node that used it.
 *
 * Under ko=simple the only history a move consults is the position before the opponent's last
 * play; that test is decided by the position and the ko point (see search.c), which are part
 * of the verified state, so nothing there is history-dependent.
 *
 * REPLACEMENT.  Buckets of two entries (van der Werf's two-deep scheme): slot 0 keeps the
 * result with the larger subtree (log2 of its node count), slot 1 takes everything else, and a
 * result for a state already in the bucket overwrites it.  An unknown entry (a search that
 * proved nothing before its horizon, see tt_hit_t) never replaces a proof of its state, and a
 * proof takes slot 0 from an unknown entry whatever their sizes.  Threads share a table; each
 * bucket is guarded by one of TT_LOCKS spin locks, so readers never see a torn entry.
 *
 * SYMMETRY.  The caller (search.c) stores every state in its canonical frame (the image under
 * the symmetry with the least key), with the move, the ko point and the required positions
 * mapped into that frame, and keys the signature by a symmetry-invariant key; the table itself
 * knows nothing of symmetry.
 */
#ifndef MATHGO_SOLVER_TT_H
#define MATHGO_SOLVER_TT_H

#include "core/board.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bound flags.  TT_BOUND_NONE marks an empty slot. */
typedef enum tt_bound {
    TT_BOUND_NONE = 0,
    TT_BOUND_LOWER = 1, /* value <= true value */
    TT_BOUND_UPPER = 2, /* value >= true value */
    TT_BOUND_EXACT = 3,
} tt_bound_t;

#define TT_NO_KO 127 /* the ko field of a state without a ko point */

/*
 * The positions a result's subtree tested against the history and did not find: a Bloom
 * filter of TT_SIG_BITS bits with TT_SIG_K bits per position, taken from the high bits of the
 * position's key (the low bits index the table), and a second filter of 128 bits, one bit per
 * position chosen by its pair of stone counts (black, white).  A position Q may be among them
 * only if all its bits are set in both.
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

/* The exact state an entry stands for. */
typedef struct tt_state {
    board_t board;
    uint8_t to_move; /* board_color_t */
    uint8_t passes;  /* consecutive passes, 0 or 1 */
    uint8_t ko;      /* ko point under ko=simple, else TT_NO_KO */
} tt_state_t;

/*
 * An earlier position a result relies on being PRESENT in the history (a superko test that
 * found it).  side: 0 Black to move, 1 White to move, 2 any (positional superko).
 */
typedef struct tt_req {
    board_t board;
    uint8_t side;
} tt_req_t;

#define TT_REQS 2 /* required positions an entry can hold */

/*
 * A static cut's condition (search.c, static_usable): no position before the node holds all
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

/* What a stored result relies on in the history (see the file comment). */
typedef struct tt_record {
    tt_sig_t sig; /* the positions it relied on being absent (a filter) */
    int nreq;     /* and present: */
    tt_req_t req[TT_REQS];
    tt_cond_t cond[2][TT_CONDS]; /* the static cuts' conditions, per colour */
} tt_record_t;

/*
 * One entry is a head (32 bytes) and a body (112 + 8 * TT_SIG_WORDS bytes).  The two heads of a
 * bucket share one 64-byte cache line, so a probe that finds nothing (most enhanced
 * transposition cutoff probes) reads one line; the body is read only on a match.
 *   head word 0  the 64-bit key                   (compared first)
 *   head word 1..2  black, white stones            (verified on probe)
 *   head word 3  bits  0..15  value, int16, relative to the node (see search.c)
 *                bits 16..17  bound (tt_bound_t; 0 = empty slot)
 *                bit  18      player to move    (verified)
 *                bits 19..20  consecutive passes (verified)
 *                bits 21..27  ko point or TT_NO_KO (verified)
 *                bits 28..34  best move (0..63 a point, 64 pass, 127 none)
 *                bits 35..40  log2 of the subtree's node count (replacement priority)
 *                bits 41..42  number of required positions (0..2)
 *                bits 43..44, 45..46  their sides (0 Black, 1 White, 2 any)
 *                bit  47      an "unknown" entry (tt_hit_t)
 *                bits 48..63  remaining plies to the horizon of an unknown entry (0 otherwise)
 *   body         sig.bits, S words, and sig.pairs, 2 words (history tests that missed: the
 *                filter; an unknown entry keeps its estimate in word 0), the required
 *                positions (black, white) x 2,
 *                the static conditions (alive, touch) x TT_CONDS for Black, then for White
 *                (tt_cond_t; alive all ones: a free slot)
 */
typedef struct tt_head {
    uint64_t key;
    uint64_t black, white;
    uint64_t meta;
} tt_head_t;
_Static_assert(sizeof(tt_head_t) == 32, "tt_head_t layout");

typedef struct tt_body {
    tt_sig_t sig;
    uint64_t req[TT_REQS][2];
    tt_cond_t cond[2][TT_CONDS];
} tt_body_t;
_Static_assert(sizeof(tt_body_t) == 112 + 8 * TT_SIG_WORDS, "tt_body_t layout");

/* The meaning of an entry's words: a checkpoint (solver/checkpoint.h) of another layout is
 * refused.  Raise it whenever the layout above or the meaning of a stored value changes. */
#define TT_LAYOUT_VERSION 1

/* What a probe returns (unpacked). */
typedef struct tt_hit {
    int value;
    tt_bound_t bound;
    board_move_t move; /* BOARD_MOVE_NONE when none */
    tt_record_t rec;   /* a proven bound's record (an unknown entry has none) */
    /* -1 for a proven bound; otherwise an UNKNOWN entry: a search of the state with this many
     * plies to its horizon and the null window (value - 1, value) proved nothing (search.c,
     * iterative deepening).  It claims no bound: it only lets a search with no more plies
     * and the same window give up at once. */
    int unknown_depth;
    /* An unknown entry's estimate of the value (the minimax of the heuristic at the horizon,
     * search.c): it only orders moves. */
    int estimate;
} tt_hit_t;

typedef struct tt tt_t;

/* A table using at most `bytes` bytes (at least one bucket of 512 bytes).  NULL on allocation
 * failure. */
tt_t *tt_create(size_t bytes);
void tt_destroy(tt_t *tt);

/* Empties the table. */
void tt_clear(tt_t *tt);

/* The bytes the table occupies. */
size_t tt_bytes(const tt_t *tt);

/* The bytes tt_create(bytes) occupies: as many buckets as `bytes` holds, at least one. */
size_t tt_size_for(size_t bytes);

/*
 * Calls fn with a copy of every occupied slot (taken under its bucket's lock, so untorn while
 * other threads store), bucket by bucket; stops and returns false when fn returns false.  For
 * checkpoints (solver/checkpoint.h): every entry is a proof on its own, so any set of them is
 * a sound table.
 */
typedef bool (*tt_entry_fn)(const tt_head_t *head, const tt_body_t *body, void *data);
bool tt_for_each(tt_t *tt, tt_entry_fn fn, void *data);

/*
 * Puts back an entry tt_for_each gave (from a table of any size): into its state's slot when
 * the bucket holds that state, else an empty slot, else the second slot.  Entries put back in
 * tt_for_each's order into a table of the same size land where they were.  False (and the
 * table unchanged) when the head is not an entry: an empty slot's bound, a move, ko point or
 * number of required positions out of range.
 */
bool tt_restore(tt_t *tt, const tt_head_t *head, const tt_body_t *body);

/* Asks the processor to fetch the bucket heads of `key` (for probes that follow shortly). */
void tt_prefetch(const tt_t *tt, uint64_t key);

/* Whether some entry has key `key` (a cheap test before building the state to probe). */
bool tt_has_key(tt_t *tt, uint64_t key);

/* Looks up `state` (whose key is `key`); true and *hit filled when an entry verifies. */
bool tt_probe(tt_hit_t *hit, tt_t *tt, uint64_t key, const tt_state_t *state);

/* Records that a search of `state` with the null window (beta - 1, beta) and `depth` plies to
 * its horizon proved nothing, with `estimate` its heuristic value and `move` its best move by
 * it.  Never replaces a proven entry of the same state.  (An unknown entry has no signature;
 * its first signature word holds the estimate.) */
void tt_store_unknown(tt_t *tt, uint64_t key, const tt_state_t *state, int beta, int estimate,
                      int depth, board_move_t move, uint64_t nodes);

/* Stores a result for `state` with the record it relies on; `nodes` is the size of the subtree
 * that computed it. */
void tt_store(tt_t *tt, uint64_t key, const tt_state_t *state, int value, tt_bound_t bound,
              board_move_t move, const tt_record_t *rec, uint64_t nodes);

#endif
