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
    atomic_flag locks[TT_LOCKS];
};

#define TABLE_MAPPED (2u << 20)   /* arrays this large are mapped */
#define TABLE_HUGE   (512u << 20) /* and this large, on huge pages if the system gives them */

/* Zeroed memory for a table array.  A large one is mapped: the system zeroes its pages when
 * first touched, so a small search touches little of the default table.  A very large one asks
 * for huge pages: probes land anywhere in gigabytes, and with 4 KB pages most of them also
 * missed the TLB (4x4 tromp-taylor, 2 GB: about 1.5x faster nodes with the layout of tt.h).
 * Not below: every first touch of a huge page zeroes 2 MB, and a 5x1 search of 322 nodes took
 * 0.3 s on a 128 MB table. */
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
    if (!tt->buckets || !tt->bodies) {
        tt_destroy(tt);
        return NULL;
    }
    for (int i = 0; i < TT_LOCKS; i++)
        atomic_flag_clear(&tt->locks[i]);
    return tt;
}

void tt_destroy(tt_t *tt)
{
    if (!tt)
        return;
    table_free(tt->buckets, tt->count * sizeof(tt_bucket_t));
    table_free(tt->bodies, 2 * tt->count * sizeof(tt_body_t));
    g_free(tt);
}

void tt_clear(tt_t *tt)
{
    memset(tt->buckets, 0, tt->count * sizeof(tt_bucket_t));
    memset(tt->bodies, 0, 2 * tt->count * sizeof(tt_body_t));
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
    __builtin_prefetch(&tt->buckets[bucket_index(tt, key)]);
}

static void lock(tt_t *tt, size_t index)
{
    while (atomic_flag_test_and_set_explicit(&tt->locks[index % TT_LOCKS], memory_order_acquire))
        ;
}

static void unlock(tt_t *tt, size_t index)
{
    atomic_flag_clear_explicit(&tt->locks[index % TT_LOCKS], memory_order_release);
}

static uint64_t pack_meta(const tt_state_t *s, int value, tt_bound_t bound, board_move_t move,
                          unsigned size_log)
{
    uint64_t m = (uint64_t)(uint16_t)(int16_t)value;
    m |= (uint64_t)bound << 16;
    m |= (uint64_t)(s->to_move & 1) << 18;
    m |= (uint64_t)(s->passes & 3) << 19;
    m |= (uint64_t)(s->ko & 127) << 21;
    m |= (uint64_t)(move == BOARD_MOVE_NONE ? 127 : move & 127) << 28;
    m |= (uint64_t)(size_log & 63) << 35;
    return m;
}

static tt_bound_t meta_bound(uint64_t m)
{
    return (tt_bound_t)((m >> 16) & 3);
}

static unsigned meta_size_log(uint64_t m)
{
    return (unsigned)((m >> 35) & 63);
}

/* Whether slot e holds an entry with key `key`. */
static bool holds_key(const tt_head_t *e, uint64_t key)
{
    return e->key == key && meta_bound(e->meta) != TT_BOUND_NONE;
}

/* Whether entry e stands for state s (with key `key`). */
static bool matches(const tt_head_t *e, uint64_t key, const tt_state_t *s)
{
    uint64_t want = (uint64_t)(s->to_move & 1) << 18 | (uint64_t)(s->passes & 3) << 19 |
                    (uint64_t)(s->ko & 127) << 21;
    uint64_t mask = (uint64_t)1 << 18 | (uint64_t)3 << 19 | (uint64_t)127 << 21;
    return holds_key(e, key) && e->black == s->board.stones[0] && e->white == s->board.stones[1] &&
           (e->meta & mask) == want;
}

bool tt_has_key(tt_t *tt, uint64_t key)
{
    size_t index = bucket_index(tt, key);
    const tt_bucket_t *b = &tt->buckets[index];
    lock(tt, index);
    bool found = holds_key(&b->slot[0], key) || holds_key(&b->slot[1], key);
    unlock(tt, index);
    return found;
}

bool tt_probe(tt_hit_t *hit, tt_t *tt, uint64_t key, const tt_state_t *state)
{
    size_t index = bucket_index(tt, key);
    tt_bucket_t *b = &tt->buckets[index];
    bool found = false;
    lock(tt, index);
    for (int i = 0; i < 2; i++) {
        const tt_head_t *e = &b->slot[i];
        if (matches(e, key, state)) {
            const tt_body_t *body = &tt->bodies[2 * index + (size_t)i];
            unsigned mv = (unsigned)((e->meta >> 28) & 127);
            hit->value = (int16_t)(uint16_t)(e->meta & 0xffff);
            hit->bound = meta_bound(e->meta);
            hit->move = mv == 127 ? BOARD_MOVE_NONE : (board_move_t)mv;
            hit->unknown_depth = (e->meta >> 47) & 1 ? (int)(e->meta >> 48) : -1;
            if (hit->unknown_depth >= 0) {
                hit->estimate = (int)(int64_t)body->sig.bits[0];
                hit->rec.nreq = 0;
                found = true;
                break;
            }
            hit->estimate = hit->value;
            hit->rec.sig = body->sig;
            memcpy(hit->rec.cond, body->cond, sizeof hit->rec.cond);
            hit->rec.nreq = (int)((e->meta >> 41) & 3);
            for (int r = 0; r < hit->rec.nreq; r++) {
                hit->rec.req[r].board.stones[0] = body->req[r][0];
                hit->rec.req[r].board.stones[1] = body->req[r][1];
                hit->rec.req[r].side = (uint8_t)((e->meta >> (43 + 2 * r)) & 3);
            }
            found = true;
            break;
        }
    }
    unlock(tt, index);
    return found;
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
    unsigned size_log = nodes ? (unsigned)(63 - __builtin_clzll(nodes)) : 0;
    tt_head_t e = {key, state->board.stones[0], state->board.stones[1], 0};
    e.meta = pack_meta(state, beta, TT_BOUND_EXACT, move, size_log);
    e.meta |= (uint64_t)1 << 47 | (uint64_t)(depth > 0xffff ? 0xffff : depth) << 48;
    lock(tt, index);
    /* Only the second slot, and never over a proof of the same state. */
    bool proven_here = false;
    for (int i = 0; i < 2; i++)
        if (matches(&b->slot[i], key, state) && !((b->slot[i].meta >> 47) & 1))
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
    unsigned size_log = nodes ? (unsigned)(63 - __builtin_clzll(nodes)) : 0;
    tt_head_t e = {key, state->board.stones[0], state->board.stones[1], 0};
    tt_body_t body;
    body.sig = rec->sig;
    memcpy(body.cond, rec->cond, sizeof body.cond);
    e.meta = pack_meta(state, value, bound, move, size_log);
    e.meta |= (uint64_t)(rec->nreq & 3) << 41;
    memset(body.req, 0, sizeof body.req);
    for (int r = 0; r < rec->nreq && r < TT_REQS; r++) {
        body.req[r][0] = rec->req[r].board.stones[0];
        body.req[r][1] = rec->req[r].board.stones[1];
        e.meta |= (uint64_t)(rec->req[r].side & 3) << (43 + 2 * r);
    }
    lock(tt, index);
    if (matches(&b->slot[0], key, state))
        put(tt, index, 0, false, &e, &body);
    else if (matches(&b->slot[1], key, state))
        /* Promote to the priority slot when the new result is the larger one. */
        put(tt, index, size_log >= meta_size_log(b->slot[0].meta) ? 0 : 1,
            size_log >= meta_size_log(b->slot[0].meta), &e, &body);
    else if (size_log >= meta_size_log(b->slot[0].meta) ||
             meta_bound(b->slot[0].meta) == TT_BOUND_NONE || ((b->slot[0].meta >> 47) & 1))
        put(tt, index, 0, true, &e, &body);
    else
        put(tt, index, 1, false, &e, &body);
    unlock(tt, index);
}

bool tt_for_each(tt_t *tt, tt_entry_fn fn, void *data)
{
    for (size_t index = 0; index < tt->count; index++) {
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
    unsigned move = (unsigned)((m >> 28) & 127), ko = (unsigned)((m >> 21) & 127);
    bool unknown = (m >> 47) & 1;
    if (meta_bound(m) == TT_BOUND_NONE || (move > BOARD_MOVE_PASS && move != 127) ||
        (ko >= BOARD_MAX_POINTS && ko != TT_NO_KO) || ((m >> 41) & 3) > TT_REQS ||
        (unknown && ((m >> 41) & 3)) || (head->black & head->white))
        return false;
    size_t index = bucket_index(tt, head->key);
    tt_bucket_t *b = &tt->buckets[index];
    uint64_t state_bits = (uint64_t)1 << 18 | (uint64_t)3 << 19 | (uint64_t)127 << 21;
    int slot = 1;
    for (int i = 1; i >= 0; i--) {
        const tt_head_t *e = &b->slot[i];
        if (meta_bound(e->meta) == TT_BOUND_NONE)
            slot = i;
    }
    for (int i = 0; i < 2; i++) {
        const tt_head_t *e = &b->slot[i];
        if (holds_key(e, head->key) && e->black == head->black && e->white == head->white &&
            (e->meta & state_bits) == (m & state_bits))
            slot = i;
    }
    put(tt, index, slot, false, head, body);
    return true;
}
