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
 * since the earlier occurrence, not only on its presence).  Under cycle=japanese a cycle test's
 * hit older than j is a requirement too, a CYCLE requirement: the situation and its cycle
 * counter (the prisoner difference) relative to the node's (tt_req_t), since the cycle's value
 * is a function of the prisoners taken since the earlier occurrence, that is of the subtree's
 * own moves and of that relative counter.  Hits on the path inside the
 * subtree travel with the subtree.  Its misses are stored with it as the signature.  A stored
 * result is REUSED at a node N' with history H' only when every required position is in H'
 * (older than N'; with the same side to move under situational superko and for a cycle
 * requirement, whose newest occurrence before N' must also have the same relative counter)
 * and no position of H' is in the signature: then every test below N' answers as it did when
 * the result was computed (a hit inside the subtree is a hit again; a hit on a required
 * position is a hit again, since superko legality asks only whether the position occurred,
 * and a cycle it closes has the same value, since the prisoners taken since it are the same;
 * a miss is a miss again, since the position is not in H' either), so the same proof tree is
 * valid at N' and the stored bound holds.
 *
 * STATIC CUTS.  A static bound (solver/bounds.h, bounds_static) of colour c holds only when no
 * earlier position holds all of c's unconditionally alive stones A together with a stone of c
 * in c's territory T (then no play of c's strategy can repeat a position from before).  A cut
 * on it records the condition (A, T) for c (tt_cond_t); a record keeps up to TT_CONDS of them
 * per colour, merging beyond that into a weaker one; they are stored with the result (mapped
 * into the canonical frame like the required positions), and a probe refuses the entry when
 * some position of its history breaks one.  So a reused result never rests on a static cut
 * whose condition fails in the new history.
 *
 * PROOF-TREE DEPENDENCIES.  "The tests below N" means the tests of the tree that proves the
 * stored bound, not all the tests the search made (search.c, search_alphabeta).  A LOWER bound in
 the
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
#include "solver/tt_record.h"

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

#define TT_NO_KO     127       /* the ko field of a state without a ko point */
#define TT_VALUE_MAX INT16_MAX /* values are stored as int16: |value| <= TT_VALUE_MAX */

/* The exact state an entry stands for. */
typedef struct tt_state {
    board_t board;
    uint8_t to_move; /* board_color_t */
    uint8_t passes;  /* consecutive passes, 0 or 1 */
    uint8_t ko;      /* ko point under ko=simple, else TT_NO_KO */
} tt_state_t;

/*
 * One entry is a head (32 bytes: the key, the black and white stones, and a word of packed
 * fields) and a body (the record: 112 + 8 * TT_SIG_WORDS bytes).  The two heads of a bucket
 * share one 64-byte cache line, so a probe that finds nothing (most enhanced transposition
 * cutoff probes) reads one line; the body is read only on a match.  How the fields are packed
 * is tt.c's alone; outside it an entry is words to copy (checkpoints, solver/checkpoint.h),
 * and a head whose `meta` word is 0 is an empty slot.
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
 * refused.  Raise it whenever the layout (tt.c) or the meaning of a stored value changes. */
#define TT_LAYOUT_VERSION 2

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
    /* Whether the body was read: the record (or an unknown entry's estimate) is in the hit
     * (tt_probe_if). */
    bool body;
} tt_hit_t;

typedef struct tt tt_t;

/* A table using at most `bytes` bytes (at least one bucket of 512 bytes).  NULL on allocation
 * failure. */
tt_t *tt_create(size_t bytes);
void tt_destroy(tt_t *tt);

/* Whether several threads may use the table at once (the default): then every probe and store
 * takes its bucket's lock.  A table only ever used by one thread at a time may say false and
 * skip them (search_create does, for one thread). */
void tt_set_shared(tt_t *tt, bool shared);

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

/* Whether a probe that found an entry (value, bound, move and unknown_depth filled in `hit`)
 * needs its body: the record, or an unknown entry's estimate. */
typedef bool (*tt_want_fn)(const tt_hit_t *hit, void *data);

/* tt_probe, reading the entry's body (its 224 bytes: several cache lines, in most tables a
 * miss of their own) only when want(hit, data) says so; otherwise hit->body is false, the
 * record empty and the estimate the value.  want NULL: always. */
bool tt_probe_if(tt_hit_t *hit, tt_t *tt, uint64_t key, const tt_state_t *state, tt_want_fn want,
                 void *data);

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
