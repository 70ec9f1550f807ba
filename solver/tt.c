/* solver/tt.c: the two-deep transposition table with exact verification (see tt.h). */
#define _GNU_SOURCE /* posix_memalign, madvise(MADV_HUGEPAGE) */
#include "solver/tt.h"

#include <glib.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define TT_LOCKS 4096

/* The heads of one bucket: one cache line. */
typedef struct tt_bucket {
    _Alignas(64) tt_head_t slot[2];
} tt_bucket_t;

struct tt {
    tt_bucket_t *buckets;
    tt_body_t *bodies; /* bodies[2 * index + slot] */
    size_t count;      /* buckets */
    size_t mask, fold; /* the next power of two of count, less one; and its half */
    bool shared;       /* several threads use the table: the locks are taken (tt_set_shared) */
    /* Mapped arrays: bit i says that the pages of buckets i * CHUNK_BUCKETS onwards (heads and
     * bodies) were populated (see chunk_ready); NULL when the arrays are zeroed at creation. */
    _Atomic uint64_t *populated;
    atomic_flag locks[TT_LOCKS];
};

#define TABLE_MAPPED (2u << 20)        /* arrays this large are mapped */
#define TABLE_HUGE   ((size_t)4 << 30) /* and this large, on huge pages if the system gives them */

/* Zeroed memory for a table array.  A large one is mapped: the system zeroes its pages when
 * first touched, so a small search touches little of the default table.  A very large one asks
 * for huge pages: probes land anywhere in gigabytes, and with 4 KB pages most of them also
 * missed the TLB (4x4 tromp-taylor, 2 GB: about 1.5x faster nodes with the layout of tt.h).
 * Not below: every first touch of a huge page zeroes 2 MB (a 5x1 search of 322 nodes took
 * 0.3 s on a 128 MB table), and on a virtual machine that hands its free memory back to the
 * host a huge page costs far more to fault than its small pages: 4x4 pseudo, 1 GB table, 2.4-5.4
 * s of system time with them, 0.4-0.5 s without, for the same user time (2026-12-02; the
 * threshold was 512 MB). */
static void *table_alloc(size_t bytes)
{
    if (bytes >= TABLE_MAPPED) {
        void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            return NULL;
#ifdef MADV_HUGEPAGE
        if (bytes >= TABLE_HUGE)
            madvise(p, bytes, MADV_HUGEPAGE);
#endif
        return p;
    }
    void *p = NULL;
    if (posix_memalign(&p, 64, bytes) != 0)
        return NULL;
    memset(p, 0, bytes);
    return p;
}

/*
 * First touch by chunks.  A mapped table's pages are zeroed by the system when first touched,
 * one page fault each; a probe that reads a page never written maps the shared zero page, and
 * the first store into it faults again to copy it (4x4 tromp-taylor with a 512 MB table: 220 k
 * faults for its 131 k pages, a fifth of the run's time in the kernel).  So the table keeps a
 * bit per chunk of CHUNK_BUCKETS buckets: a read of a chunk never written finds it empty
 * without touching its memory, and the first store into a chunk populates the pages of its
 * heads and bodies with one call (MADV_POPULATE_WRITE, Linux 5.14; elsewhere the store's own
 * faults do it).  A chunk is one page of heads and seven of bodies, so a small search still
 * touches little of a large table.
 */
#define CHUNK_BUCKETS 64
_Static_assert(CHUNK_BUCKETS * sizeof(tt_bucket_t) % 4096 == 0 &&
                   2 * CHUNK_BUCKETS * sizeof(tt_body_t) % 4096 == 0,
               "a chunk's heads and bodies are whole pages");

/* Whether bucket `index` may hold an entry: false for a chunk never written (all zero). */
static inline bool chunk_written(const tt_t *tt, size_t index)
{
    size_t chunk = index / CHUNK_BUCKETS;
    return !tt->populated ||
           ((atomic_load_explicit(&tt->populated[chunk / 64], memory_order_acquire) >>
             (chunk % 64)) &
            1);
}

/* The buckets of the chunk that starts at bucket `first` (the last chunk may be short). */
static inline size_t chunk_length(const tt_t *tt, size_t first)
{
    return tt->count - first < CHUNK_BUCKETS ? tt->count - first : CHUNK_BUCKETS;
}

static void table_free(void *p, size_t bytes)
{
    if (!p)
        return;
    if (bytes >= TABLE_MAPPED)
        munmap(p, bytes);
    else
        free(p);
}

tt_t *tt_create(size_t bytes)
{
    size_t per_bucket = sizeof(tt_bucket_t) + 2 * sizeof(tt_body_t);
    size_t count = tt_size_for(bytes) / per_bucket;
    tt_t *tt = g_try_new0(tt_t, 1);
    if (!tt)
        return NULL;
    size_t pow2 = 1;
    while (pow2 < count)
        pow2 *= 2;
    tt->mask = pow2 - 1;
    tt->fold = pow2 / 2;
    tt->buckets = table_alloc(count * sizeof(tt_bucket_t));
    tt->bodies = table_alloc(2 * count * sizeof(tt_body_t));
    tt->count = count;
    bool mapped = count * sizeof(tt_bucket_t) >= TABLE_MAPPED; /* the bodies too: larger */
    if (mapped)
        tt->populated = g_try_new0(_Atomic uint64_t, (count / CHUNK_BUCKETS + 64) / 64);
    if (!tt->buckets || !tt->bodies || (mapped && !tt->populated)) {
        tt_destroy(tt);
        return NULL;
    }
    for (int i = 0; i < TT_LOCKS; i++)
        atomic_flag_clear(&tt->locks[i]);
    tt->shared = true;
    return tt;
}

void tt_destroy(tt_t *tt)
{
    if (!tt)
        return;
    table_free(tt->buckets, tt->count * sizeof(tt_bucket_t));
    table_free(tt->bodies, 2 * tt->count * sizeof(tt_body_t));
    g_free((void *)tt->populated);
    g_free(tt);
}

void tt_clear(tt_t *tt)
{
    if (!tt->populated) {
        memset(tt->buckets, 0, tt->count * sizeof(tt_bucket_t));
        memset(tt->bodies, 0, 2 * tt->count * sizeof(tt_body_t));
        return;
    }
    /* Only the chunks written hold anything; they read as empty again once their bit is off. */
    for (size_t first = 0; first < tt->count; first += CHUNK_BUCKETS) {
        size_t chunk = first / CHUNK_BUCKETS;
        if (!chunk_written(tt, first))
            continue;
        size_t n = chunk_length(tt, first);
        memset(&tt->buckets[first], 0, n * sizeof(tt_bucket_t));
        memset(&tt->bodies[2 * first], 0, 2 * n * sizeof(tt_body_t));
        atomic_fetch_and(&tt->populated[chunk / 64], ~((uint64_t)1 << (chunk % 64)));
    }
}

/* Makes bucket `index` ready for a store: the first store into its chunk populates the
 * chunk's pages (see CHUNK_BUCKETS).  Two threads may both populate a chunk: that is
 * harmless, populating never changes a page already there. */
static void chunk_ready(tt_t *tt, size_t index)
{
    if (chunk_written(tt, index))
        return;
    size_t chunk = index / CHUNK_BUCKETS, first = chunk * CHUNK_BUCKETS;
    size_t n = chunk_length(tt, first);
#ifdef MADV_POPULATE_WRITE
    madvise(&tt->buckets[first], n * sizeof(tt_bucket_t), MADV_POPULATE_WRITE);
    madvise(&tt->bodies[2 * first], 2 * n * sizeof(tt_body_t), MADV_POPULATE_WRITE);
#endif
    atomic_fetch_or_explicit(&tt->populated[chunk / 64], (uint64_t)1 << (chunk % 64),
                             memory_order_release);
}

size_t tt_bytes(const tt_t *tt)
{
    return tt->count * (sizeof(tt_bucket_t) + 2 * sizeof(tt_body_t));
}

size_t tt_size_for(size_t bytes)
{
    size_t per_bucket = sizeof(tt_bucket_t) + 2 * sizeof(tt_body_t);
    size_t count = bytes / per_bucket;
    return (count ? count : 1) * per_bucket;
}

/* The bucket of `key`: its low bits (the miss filter uses the high ones, tt.h).  A count that
 * is not a power of two (a table filling a memory cap) folds the indices beyond it onto the
 * upper half below it, so a power of two indexes as it always did. */
static size_t bucket_index(const tt_t *tt, uint64_t key)
{
    size_t index = (size_t)key & tt->mask;
    return index >= tt->count ? index - tt->fold : index;
}

void tt_prefetch(const tt_t *tt, uint64_t key)
{
    size_t index = bucket_index(tt, key);
    if (chunk_written(tt, index))
        __builtin_prefetch(&tt->buckets[index]);
}

void tt_set_shared(tt_t *tt, bool shared)
{
    tt->shared = shared;
}

/* A bucket's lock: an atomic exchange on every probe and store, which a table used by one
 * thread does without. */
static void lock(tt_t *tt, size_t index)
{
    if (!tt->shared)
        return;
    while (atomic_flag_test_and_set_explicit(&tt->locks[index % TT_LOCKS], memory_order_acquire))
        ;
}

static void unlock(tt_t *tt, size_t index)
{
    if (tt->shared)
        atomic_flag_clear_explicit(&tt->locks[index % TT_LOCKS], memory_order_release);
}

/*
 * The fields of a head's `meta` word (the key and the stones are words of their own, tt.h):
 *   bits  0..15  value, int16, relative to the node (search.c)
 *   bits 16..17  bound (tt_bound_t; 0 = empty slot)
 *   bit  18      player to move     (verified)
 *   bits 19..20  consecutive passes (verified)
 *   bits 21..27  ko point or TT_NO_KO (verified)
 *   bits 28..34  best move (0..63 a point, 64 pass, MOVE_NONE_CODE none)
 *   bits 35..40  log2 of the subtree's node count (replacement priority)
 *   bits 41..42  number of required positions (0..TT_REQS)
 *   bits 43..44, 45..46  their sides (0 Black, 1 White, 2 any)
 *   bit  47      an "unknown" entry (tt_hit_t)
 *   bits 48..63  remaining plies to the horizon of an unknown entry; in a proven entry
 *                (which has no horizon) the required positions' cycle fields instead, 8 bits
 *                each from bit 48: a cycle flag and the relative counter as a 7-bit
 *                two's complement (tt_req_t; 0 for a superko requirement)
 * The body (tt_body_t) holds sig.bits, TT_SIG_WORDS words, and sig.pairs, 2 words (history
 * tests that missed: the filter; an unknown entry keeps its estimate in word 0), the required
 * positions (black, white) x TT_REQS, and the static conditions (alive, touch) x TT_CONDS for
 * Black, then for White (tt_cond_t; alive all ones: a free slot).
 *
 * Each field is named once below, its place following the one before it, and read and
 * written only through meta_get and meta_field.
 */
enum {
    VALUE_SHIFT = 0,
    VALUE_BITS = 16,
    BOUND_SHIFT = VALUE_SHIFT + VALUE_BITS,
    BOUND_BITS = 2,
    SIDE_SHIFT = BOUND_SHIFT + BOUND_BITS,
    SIDE_BITS = 1,
    PASSES_SHIFT = SIDE_SHIFT + SIDE_BITS,
    PASSES_BITS = 2,
    KO_SHIFT = PASSES_SHIFT + PASSES_BITS,
    KO_BITS = 7,
    MOVE_SHIFT = KO_SHIFT + KO_BITS,
    MOVE_BITS = 7,
    SIZE_SHIFT = MOVE_SHIFT + MOVE_BITS,
    SIZE_BITS = 6,
    NREQ_SHIFT = SIZE_SHIFT + SIZE_BITS,
    NREQ_BITS = 2,
    REQ_SIDE_SHIFT = NREQ_SHIFT + NREQ_BITS, /* required position r's side: r * REQ_SIDE_BITS on */
    REQ_SIDE_BITS = 2,
    UNKNOWN_SHIFT = REQ_SIDE_SHIFT + TT_REQS * REQ_SIDE_BITS,
    UNKNOWN_BITS = 1,
    DEPTH_SHIFT = UNKNOWN_SHIFT + UNKNOWN_BITS,
    DEPTH_BITS = 16,
    /* A proven entry's use of the depth's bits: required position r's cycle flag and counter
     * from REQ_CYCLE_SHIFT + r * (REQ_CYCLE_BITS + REQ_COUNTER_BITS). */
    REQ_CYCLE_SHIFT = DEPTH_SHIFT,
    REQ_CYCLE_BITS = 1,
    REQ_COUNTER_BITS = 7,
};

#define FIELD_MAX(bits) ((UINT64_C(1) << (bits)) - 1) /* the largest value of a field */
#define MOVE_NONE_CODE  FIELD_MAX(MOVE_BITS)          /* the move field of "no move" */
#define REQ_SIDE_ANY    2                             /* a required position for either side */
#define SIZE_LOG_MAX    63                            /* log2 of a 64-bit node count */

_Static_assert(DEPTH_SHIFT + DEPTH_BITS == 64, "the meta fields fill one word");
_Static_assert(VALUE_BITS == 16 && TT_VALUE_MAX == INT16_MAX, "a value is an int16");
_Static_assert(TT_BOUND_EXACT <= FIELD_MAX(BOUND_BITS), "a bound fits its field");
_Static_assert(BOARD_WHITE <= FIELD_MAX(SIDE_BITS), "the player to move fits its field");
_Static_assert(1 <= FIELD_MAX(PASSES_BITS), "a pass count (0 or 1) fits its field");
_Static_assert(BOARD_MAX_POINTS - 1 <= FIELD_MAX(KO_BITS) && TT_NO_KO <= FIELD_MAX(KO_BITS) &&
                   TT_NO_KO >= BOARD_MAX_POINTS,
               "a ko point and TT_NO_KO fit the ko field, apart");
_Static_assert(BOARD_MOVE_PASS < MOVE_NONE_CODE, "a move and 'no move' fit the move field, apart");
_Static_assert(SIZE_LOG_MAX <= FIELD_MAX(SIZE_BITS), "a node count's log2 fits its field");
_Static_assert(TT_REQS <= FIELD_MAX(NREQ_BITS), "the number of required positions fits");
_Static_assert(REQ_SIDE_ANY <= FIELD_MAX(REQ_SIDE_BITS), "a required position's side fits");
_Static_assert(TT_REQS *(REQ_CYCLE_BITS + REQ_COUNTER_BITS) <= DEPTH_BITS,
               "the required positions' cycle fields fit in the depth's bits");
_Static_assert(TT_REQ_COUNTER_MIN == -(1 << (REQ_COUNTER_BITS - 1)) &&
                   TT_REQ_COUNTER_MAX == (1 << (REQ_COUNTER_BITS - 1)) - 1,
               "a relative cycle counter fits its field");

/* Field (shift, bits) of a meta word. */
static inline uint64_t meta_get(uint64_t meta, unsigned shift, unsigned bits)
{
    return (meta >> shift) & FIELD_MAX(bits);
}

/* Value v in field (shift, bits) of a meta word (its bits beyond the field dropped). */
static inline uint64_t meta_field(uint64_t v, unsigned shift, unsigned bits)
{
    return (v & FIELD_MAX(bits)) << shift;
}

/* The verified state's fields (player to move, passes, ko point) of s. */
static uint64_t state_fields(const tt_state_t *s)
{
    return meta_field(s->to_move, SIDE_SHIFT, SIDE_BITS) |
           meta_field(s->passes, PASSES_SHIFT, PASSES_BITS) | meta_field(s->ko, KO_SHIFT, KO_BITS);
}

/* Where the verified state's fields are. */
#define STATE_FIELDS_MASK                                                                          \
    (meta_field(~UINT64_C(0), SIDE_SHIFT, SIDE_BITS) |                                             \
     meta_field(~UINT64_C(0), PASSES_SHIFT, PASSES_BITS) |                                         \
     meta_field(~UINT64_C(0), KO_SHIFT, KO_BITS))

static uint64_t pack_meta(const tt_state_t *s, int value, tt_bound_t bound, board_move_t move,
                          unsigned size_log)
{
    return meta_field((uint16_t)(int16_t)value, VALUE_SHIFT, VALUE_BITS) |
           meta_field(bound, BOUND_SHIFT, BOUND_BITS) | state_fields(s) |
           meta_field(move == BOARD_MOVE_NONE ? MOVE_NONE_CODE : move, MOVE_SHIFT, MOVE_BITS) |
           meta_field(size_log, SIZE_SHIFT, SIZE_BITS);
}

static int meta_value(uint64_t m)
{
    return (int16_t)(uint16_t)meta_get(m, VALUE_SHIFT, VALUE_BITS);
}

static tt_bound_t meta_bound(uint64_t m)
{
    return (tt_bound_t)meta_get(m, BOUND_SHIFT, BOUND_BITS);
}

static board_move_t meta_move(uint64_t m)
{
    uint64_t mv = meta_get(m, MOVE_SHIFT, MOVE_BITS);
    return mv == MOVE_NONE_CODE ? BOARD_MOVE_NONE : (board_move_t)mv;
}

static unsigned meta_size_log(uint64_t m)
{
    return (unsigned)meta_get(m, SIZE_SHIFT, SIZE_BITS);
}

static int meta_nreq(uint64_t m)
{
    return (int)meta_get(m, NREQ_SHIFT, NREQ_BITS);
}

static uint8_t meta_req_side(uint64_t m, int r)
{
    return (uint8_t)meta_get(m, REQ_SIDE_SHIFT + (unsigned)r * REQ_SIDE_BITS, REQ_SIDE_BITS);
}

/* Required position r's cycle field (flag, then counter) of a proven entry. */
static unsigned req_cycle_shift(int r)
{
    return REQ_CYCLE_SHIFT + (unsigned)r * (REQ_CYCLE_BITS + REQ_COUNTER_BITS);
}

static uint8_t meta_req_cycle(uint64_t m, int r)
{
    return (uint8_t)meta_get(m, req_cycle_shift(r), REQ_CYCLE_BITS);
}

static int meta_req_counter(uint64_t m, int r)
{
    int c = (int)meta_get(m, req_cycle_shift(r) + REQ_CYCLE_BITS, REQ_COUNTER_BITS);
    return c > TT_REQ_COUNTER_MAX ? c - (1 << REQ_COUNTER_BITS) : c;
}

static bool meta_unknown(uint64_t m)
{
    return meta_get(m, UNKNOWN_SHIFT, UNKNOWN_BITS) != 0;
}

/* The log2 of a node count (0 for none), for the replacement priority. */
static unsigned size_log_of(uint64_t nodes)
{
    return nodes ? (unsigned)(SIZE_LOG_MAX - __builtin_clzll(nodes)) : 0;
}

/* Whether slot e holds an entry with key `key`. */
static bool holds_key(const tt_head_t *e, uint64_t key)
{
    return e->key == key && meta_bound(e->meta) != TT_BOUND_NONE;
}

/* Whether entry e stands for state s (with key `key`). */
static bool matches(const tt_head_t *e, uint64_t key, const tt_state_t *s)
{
    return holds_key(e, key) && e->black == s->board.stones[0] && e->white == s->board.stones[1] &&
           (e->meta & STATE_FIELDS_MASK) == state_fields(s);
}

bool tt_has_key(tt_t *tt, uint64_t key)
{
    size_t index = bucket_index(tt, key);
    if (!chunk_written(tt, index))
        return false;
    const tt_bucket_t *b = &tt->buckets[index];
    lock(tt, index);
    bool found = holds_key(&b->slot[0], key) || holds_key(&b->slot[1], key);
    unlock(tt, index);
    return found;
}

bool tt_probe_if(tt_hit_t *hit, tt_t *tt, uint64_t key, const tt_state_t *state, tt_want_fn want,
                 void *data)
{
    size_t index = bucket_index(tt, key);
    if (!chunk_written(tt, index))
        return false;
    tt_bucket_t *b = &tt->buckets[index];
    bool found = false;
    lock(tt, index);
    for (int i = 0; i < 2; i++) {
        const tt_head_t *e = &b->slot[i];
        if (matches(e, key, state)) {
            found = true;
            hit->value = meta_value(e->meta);
            hit->bound = meta_bound(e->meta);
            hit->move = meta_move(e->meta);
            hit->unknown_depth =
                meta_unknown(e->meta) ? (int)meta_get(e->meta, DEPTH_SHIFT, DEPTH_BITS) : -1;
            hit->estimate = hit->value;
            hit->rec.nreq = 0;
            hit->body = want == NULL || want(hit, data);
            if (!hit->body)
                break; /* the body's cache lines are not fetched */
            const tt_body_t *body = &tt->bodies[2 * index + (size_t)i];
            if (hit->unknown_depth >= 0) {
                hit->estimate = (int)(int64_t)body->sig.bits[0];
                break;
            }
            hit->rec.sig = body->sig;
            memcpy(hit->rec.cond, body->cond, sizeof hit->rec.cond);
            hit->rec.nreq = meta_nreq(e->meta);
            for (int r = 0; r < hit->rec.nreq; r++) {
                hit->rec.req[r].board.stones[0] = body->req[r][0];
                hit->rec.req[r].board.stones[1] = body->req[r][1];
                hit->rec.req[r].side = meta_req_side(e->meta, r);
                hit->rec.req[r].cycle = meta_req_cycle(e->meta, r);
                hit->rec.req[r].counter = meta_req_counter(e->meta, r);
            }
            break;
        }
    }
    unlock(tt, index);
    return found;
}

bool tt_probe(tt_hit_t *hit, tt_t *tt, uint64_t key, const tt_state_t *state)
{
    return tt_probe_if(hit, tt, key, state, NULL, NULL);
}

/* Writes entry (head, body) into slot i of bucket `index`, moving slot 0 to slot 1 first when
 * `demote`. */
static void put(tt_t *tt, size_t index, int i, bool demote, const tt_head_t *head,
                const tt_body_t *body)
{
    tt_bucket_t *b = &tt->buckets[index];
    tt_body_t *bodies = &tt->bodies[2 * index];
    if (demote) {
        b->slot[1] = b->slot[0];
        bodies[1] = bodies[0];
    }
    b->slot[i] = *head;
    if (body)
        bodies[i] = *body;
}

void tt_store_unknown(tt_t *tt, uint64_t key, const tt_state_t *state, int beta, int estimate,
                      int depth, board_move_t move, uint64_t nodes)
{
    size_t index = bucket_index(tt, key);
    tt_bucket_t *b = &tt->buckets[index];
    unsigned size_log = size_log_of(nodes);
    tt_head_t e = {key, state->board.stones[0], state->board.stones[1], 0};
    e.meta = pack_meta(state, beta, TT_BOUND_EXACT, move, size_log);
    uint64_t horizon = depth > (int)FIELD_MAX(DEPTH_BITS) ? FIELD_MAX(DEPTH_BITS) : (uint64_t)depth;
    e.meta |=
        meta_field(1, UNKNOWN_SHIFT, UNKNOWN_BITS) | meta_field(horizon, DEPTH_SHIFT, DEPTH_BITS);
    chunk_ready(tt, index);
    lock(tt, index);
    /* Only the second slot, and never over a proof of the same state. */
    bool proven_here = false;
    for (int i = 0; i < 2; i++)
        if (matches(&b->slot[i], key, state) && !meta_unknown(b->slot[i].meta))
            proven_here = true;
    if (!proven_here) {
        int i = matches(&b->slot[0], key, state) ? 0 : 1;
        put(tt, index, i, false, &e, NULL);
        tt->bodies[2 * index + (size_t)i].sig.bits[0] = (uint64_t)(int64_t)estimate;
    }
    unlock(tt, index);
}

void tt_store(tt_t *tt, uint64_t key, const tt_state_t *state, int value, tt_bound_t bound,
              board_move_t move, const tt_record_t *rec, uint64_t nodes)
{
    size_t index = bucket_index(tt, key);
    tt_bucket_t *b = &tt->buckets[index];
    unsigned size_log = size_log_of(nodes);
    tt_head_t e = {key, state->board.stones[0], state->board.stones[1], 0};
    tt_body_t body;
    body.sig = rec->sig;
    memcpy(body.cond, rec->cond, sizeof body.cond);
    e.meta = pack_meta(state, value, bound, move, size_log);
    e.meta |= meta_field((uint64_t)rec->nreq, NREQ_SHIFT, NREQ_BITS);
    memset(body.req, 0, sizeof body.req);
    for (int r = 0; r < rec->nreq && r < TT_REQS; r++) {
        body.req[r][0] = rec->req[r].board.stones[0];
        body.req[r][1] = rec->req[r].board.stones[1];
        e.meta |= meta_field(rec->req[r].side, REQ_SIDE_SHIFT + (unsigned)r * REQ_SIDE_BITS,
                             REQ_SIDE_BITS);
        if (rec->req[r].cycle) {
            g_assert(rec->req[r].counter >= TT_REQ_COUNTER_MIN &&
                     rec->req[r].counter <= TT_REQ_COUNTER_MAX);
            e.meta |= meta_field(1, req_cycle_shift(r), REQ_CYCLE_BITS) |
                      meta_field((uint64_t)(int64_t)rec->req[r].counter,
                                 req_cycle_shift(r) + REQ_CYCLE_BITS, REQ_COUNTER_BITS);
        }
    }
    chunk_ready(tt, index);
    lock(tt, index);
    if (matches(&b->slot[0], key, state))
        put(tt, index, 0, false, &e, &body);
    else if (matches(&b->slot[1], key, state))
        /* Promote to the priority slot when the new result is the larger one. */
        put(tt, index, size_log >= meta_size_log(b->slot[0].meta) ? 0 : 1,
            size_log >= meta_size_log(b->slot[0].meta), &e, &body);
    else if (size_log >= meta_size_log(b->slot[0].meta) ||
             meta_bound(b->slot[0].meta) == TT_BOUND_NONE || meta_unknown(b->slot[0].meta))
        put(tt, index, 0, true, &e, &body);
    else
        put(tt, index, 1, false, &e, &body);
    unlock(tt, index);
}

bool tt_for_each(tt_t *tt, tt_entry_fn fn, void *data)
{
    for (size_t index = 0; index < tt->count; index++) {
        if (!chunk_written(tt, index)) {
            index = (index / CHUNK_BUCKETS + 1) * CHUNK_BUCKETS - 1; /* an empty chunk */
            continue;
        }
        tt_head_t heads[2];
        tt_body_t bodies[2];
        int n = 0;
        lock(tt, index);
        for (int i = 0; i < 2; i++)
            if (meta_bound(tt->buckets[index].slot[i].meta) != TT_BOUND_NONE) {
                heads[n] = tt->buckets[index].slot[i];
                bodies[n++] = tt->bodies[2 * index + (size_t)i];
            }
        unlock(tt, index);
        for (int i = 0; i < n; i++)
            if (!fn(&heads[i], &bodies[i], data))
                return false;
    }
    return true;
}

bool tt_restore(tt_t *tt, const tt_head_t *head, const tt_body_t *body)
{
    uint64_t m = head->meta;
    uint64_t move = meta_get(m, MOVE_SHIFT, MOVE_BITS), ko = meta_get(m, KO_SHIFT, KO_BITS);
    if (meta_bound(m) == TT_BOUND_NONE || (move > BOARD_MOVE_PASS && move != MOVE_NONE_CODE) ||
        (ko >= BOARD_MAX_POINTS && ko != TT_NO_KO) || meta_nreq(m) > TT_REQS ||
        (meta_unknown(m) && meta_nreq(m)) || (head->black & head->white))
        return false;
    size_t index = bucket_index(tt, head->key);
    chunk_ready(tt, index);
    tt_bucket_t *b = &tt->buckets[index];
    int slot = 1;
    for (int i = 1; i >= 0; i--) {
        const tt_head_t *e = &b->slot[i];
        if (meta_bound(e->meta) == TT_BOUND_NONE)
            slot = i;
    }
    for (int i = 0; i < 2; i++) {
        const tt_head_t *e = &b->slot[i];
        if (holds_key(e, head->key) && e->black == head->black && e->white == head->white &&
            (e->meta & STATE_FIELDS_MASK) == (m & STATE_FIELDS_MASK))
            slot = i;
    }
    put(tt, index, slot, false, head, body);
    return true;
}
