/*
 * cgt/game.c: the hash-consed table of canonical short games, sums, negation, comparison,
 * stops and birthdays.
 *
 * Algorithms: canonical form (Winning Ways ch. 3; Siegel, "Combinatorial Game Theory" (AMS
 * 2013), II.2): delete dominated options, bypass reversible ones, repeat until neither applies.
 * Comparison G <= H iff no GL >= H and no HR <= G, skipping the options of a number side (weak
 * number avoidance, Siegel II.3).  Sums G+H = {GL+H, G+HL | GR+H, G+HR}; when one term is a
 * number x the other's options are translated by x and the result is already canonical (number
 * translation, Siegel II.3), so no simplification is run.  Number-up-stars are added and compared
 * by their parts (Winning Ways ch. 3; the canonical forms of x^n*m are those CGSuite builds).
 */
#include "cgt/game.h"
#include "cgt/internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/*
 * One canonical game.  A general game stores its options; a number-up-star (nus) stores x, up,
 * nim and gets its options only when asked (opt == NULL until then).  Options live in the
 * context's arena, so pointers to them stay valid while the node array grows.
 */
typedef struct cgt_node {
    cgt_game_t *opt;  /* n_left left options then n_right right options, each in id order */
    uint32_t nl, nr;  /* counts (valid once opt != NULL) */
    uint32_t neg;     /* id of -G, or CGT_NONE until asked */
    uint32_t hash;    /* hash of the key it is stored under (options, or x/up/nim) */
    uint8_t nus;      /* 1: stored by value as x + ^up + *nim */
    uint8_t stops_ok; /* ls and rs are valid */
    long up;
    unsigned long nim;
    mpq_t x;      /* number part of a nus */
    mpq_t ls, rs; /* left and right stops, once computed */
    mpz_t *birth; /* birthday once computed, else NULL */
} cgt_node_t;

/* The arena: blocks of ids that never move. */
typedef struct cgt_block {
    struct cgt_block *next;
    size_t used, cap;
    cgt_game_t ids[];
} cgt_block_t;

/* An open-addressing set of ids, hashed by each node's stored hash. */
typedef struct cgt_idset {
    uint32_t *slots;
    size_t cap, used;
} cgt_idset_t;

struct cgt_ctx {
    cgt_node_t *nodes;
    size_t n_nodes, cap_nodes;
    cgt_block_t *arena;
    cgt_idset_t by_options; /* general games */
    cgt_idset_t by_value;   /* number-up-stars */
    cgt_pairmap_t cache[CGT_OP_COUNT];
    cgt_ctx_ext_t ext;
    cgt_game_t zero;
};

/* A growable array of ids used while simplifying. */
typedef struct cgt_vec {
    cgt_game_t *v;
    size_t n, cap;
} cgt_vec_t;

static void vec_push(cgt_vec_t *a, cgt_game_t g)
{
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 8;
        a->v = g_realloc(a->v, a->cap * sizeof *a->v);
    }
    a->v[a->n++] = g;
}

static bool vec_has(const cgt_vec_t *a, cgt_game_t g)
{
    for (size_t i = 0; i < a->n; i++)
        if (a->v[i] == g)
            return true;
    return false;
}

static int cmp_id(const void *a, const void *b)
{
    cgt_game_t x = *(const cgt_game_t *)a, y = *(const cgt_game_t *)b;
    return (x > y) - (x < y);
}

/* Sorts and drops repeats. */
static void vec_sort_unique(cgt_vec_t *a)
{
    if (a->n < 2)
        return;
    qsort(a->v, a->n, sizeof *a->v, cmp_id);
    size_t k = 1;
    for (size_t i = 1; i < a->n; i++)
        if (a->v[i] != a->v[k - 1])
            a->v[k++] = a->v[i];
    a->n = k;
}

/* ---- Pair maps --------------------------------------------------------------------------- */

#define PAIR_EMPTY UINT64_MAX

void cgt_pairmap_init(cgt_pairmap_t *m)
{
    m->cap = 1024;
    m->used = 0;
    m->keys = g_malloc(m->cap * sizeof *m->keys);
    m->vals = g_malloc(m->cap * sizeof *m->vals);
    memset(m->keys, 0xff, m->cap * sizeof *m->keys);
}

void cgt_pairmap_clear(cgt_pairmap_t *m)
{
    g_free(m->keys);
    g_free(m->vals);
    m->keys = NULL;
    m->vals = NULL;
    m->cap = m->used = 0;
}

static size_t pair_slot(uint64_t key, size_t cap)
{
    /* Fibonacci hashing of the 64-bit key: the high bits of the product are well mixed. */
    return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 32) & (cap - 1);
}

uint32_t cgt_pairmap_get(const cgt_pairmap_t *m, uint32_t g, uint32_t h)
{
    uint64_t key = (uint64_t)g << 32 | h;
    for (size_t i = pair_slot(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
        if (m->keys[i] == key)
            return m->vals[i];
        if (m->keys[i] == PAIR_EMPTY)
            return CGT_NONE;
    }
}

static void pairmap_insert(cgt_pairmap_t *m, uint64_t key, uint32_t v)
{
    size_t i = pair_slot(key, m->cap);
    while (m->keys[i] != PAIR_EMPTY && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    if (m->keys[i] == PAIR_EMPTY)
        m->used++;
    m->keys[i] = key;
    m->vals[i] = v;
}

void cgt_pairmap_put(cgt_pairmap_t *m, uint32_t g, uint32_t h, uint32_t v)
{
    if (2 * (m->used + 1) > m->cap) {
        cgt_pairmap_t old = *m;
        m->cap *= 2;
        m->used = 0;
        m->keys = g_malloc(m->cap * sizeof *m->keys);
        m->vals = g_malloc(m->cap * sizeof *m->vals);
        memset(m->keys, 0xff, m->cap * sizeof *m->keys);
        for (size_t i = 0; i < old.cap; i++)
            if (old.keys[i] != PAIR_EMPTY)
                pairmap_insert(m, old.keys[i], old.vals[i]);
        cgt_pairmap_clear(&old);
    }
    pairmap_insert(m, (uint64_t)g << 32 | h, v);
}

/* ---- Numbers ----------------------------------------------------------------------------- */

bool cgt_is_dyadic(const mpq_t x)
{
    const mpz_srcptr d = mpq_denref(x);
    return mpz_popcount(d) == 1;
}

/* Simplest number in (lo, hi) with lo >= 0 (hi may be NULL for +infinity). */
static void simplest_nonneg(mpq_t out, const mpq_t lo, const mpq_t hi)
{
    mpz_t n;
    mpz_init(n);
    mpz_fdiv_q(n, mpq_numref(lo), mpq_denref(lo));
    mpz_add_ui(n, n, 1);
    mpq_set_z(out, n);
    if (hi && mpq_cmp(out, hi) >= 0) {
        /* No integer fits: the simplest is the one with the smallest power-of-two
         * denominator, unique at that level (two neighbours would share a smaller one). */
        mpz_t den;
        mpz_init_set_ui(den, 1);
        for (;;) {
            mpz_mul_2exp(den, den, 1);
            mpz_mul(n, mpq_numref(lo), den);
            mpz_fdiv_q(n, n, mpq_denref(lo));
            mpz_add_ui(n, n, 1);
            mpq_set_num(out, n);
            mpq_set_den(out, den);
            mpq_canonicalize(out);
            if (mpq_cmp(out, hi) < 0)
                break;
        }
        mpz_clear(den);
    }
    mpz_clear(n);
}

void cgt_simplest_between(mpq_t out, const mpq_t lo, const mpq_t hi)
{
    bool lo_neg = !lo || mpq_sgn(lo) < 0, hi_pos = !hi || mpq_sgn(hi) > 0;
    if (lo_neg && hi_pos) {
        mpq_set_ui(out, 0, 1);
    } else if (!lo_neg) {
        simplest_nonneg(out, lo, hi);
    } else {
        /* Both at most 0: mirror. */
        mpq_t a, b;
        mpq_inits(a, b, NULL);
        mpq_neg(a, hi);
        if (lo)
            mpq_neg(b, lo);
        simplest_nonneg(out, a, lo ? b : NULL);
        mpq_neg(out, out);
        mpq_clears(a, b, NULL);
    }
}

/* ---- Nodes and the two tables ------------------------------------------------------------ */

static inline cgt_node_t *node(const cgt_ctx_t *ctx, cgt_game_t g)
{
    assert(g < ctx->n_nodes);
    return &ctx->nodes[g];
}

static cgt_game_t *arena_alloc(cgt_ctx_t *ctx, size_t n)
{
    cgt_block_t *b = ctx->arena;
    if (!b || b->used + n > b->cap) {
        size_t cap = n > 65536 ? n : 65536;
        b = g_malloc(sizeof *b + cap * sizeof(cgt_game_t));
        b->next = ctx->arena;
        b->used = 0;
        b->cap = cap;
        ctx->arena = b;
    }
    cgt_game_t *p = b->ids + b->used;
    b->used += n;
    return p;
}

static uint32_t mix(uint32_t h, uint64_t v)
{
    h ^= (uint32_t)(v ^ (v >> 32));
    h *= 0x01000193u;
    h ^= h >> 15;
    return h;
}

static uint32_t hash_options(const cgt_game_t *l, size_t nl, const cgt_game_t *r, size_t nr)
{
    uint32_t h = 0x811c9dc5u;
    h = mix(h, nl);
    for (size_t i = 0; i < nl; i++)
        h = mix(h, l[i]);
    h = mix(h, nr + 0x5bd1e995u);
    for (size_t i = 0; i < nr; i++)
        h = mix(h, r[i]);
    return h;
}

static uint32_t hash_mpz(uint32_t h, mpz_srcptr z)
{
    h = mix(h, (uint64_t)(int64_t)mpz_size(z) * (mpz_sgn(z) < 0 ? 3 : 1));
    for (size_t i = 0; i < mpz_size(z); i++)
        h = mix(h, mpz_getlimbn(z, i));
    return h;
}

static uint32_t hash_nus(const mpq_t x, long up, unsigned long nim)
{
    uint32_t h = 0x2545F491u;
    h = hash_mpz(h, mpq_numref(x));
    h = hash_mpz(h, mpq_denref(x));
    h = mix(h, (uint64_t)up);
    return mix(h, nim);
}

static void idset_init(cgt_idset_t *s)
{
    s->cap = 1024;
    s->used = 0;
    s->slots = g_malloc(s->cap * sizeof *s->slots);
    memset(s->slots, 0xff, s->cap * sizeof *s->slots);
}

static void idset_insert(const cgt_ctx_t *ctx, cgt_idset_t *s, cgt_game_t g)
{
    if (2 * (s->used + 1) > s->cap) {
        uint32_t *old = s->slots;
        size_t old_cap = s->cap;
        s->cap *= 2;
        s->slots = g_malloc(s->cap * sizeof *s->slots);
        memset(s->slots, 0xff, s->cap * sizeof *s->slots);
        s->used = 0;
        for (size_t i = 0; i < old_cap; i++)
            if (old[i] != CGT_NONE)
                idset_insert(ctx, s, old[i]);
        g_free(old);
    }
    size_t i = node(ctx, g)->hash & (s->cap - 1);
    while (s->slots[i] != CGT_NONE)
        i = (i + 1) & (s->cap - 1);
    s->slots[i] = g;
    s->used++;
}

static cgt_game_t new_node(cgt_ctx_t *ctx)
{
    if (ctx->n_nodes == ctx->cap_nodes) {
        ctx->cap_nodes *= 2;
        /* mpq_t and mpz_t are plain structs pointing at their limbs: moving them is safe. */
        ctx->nodes = g_realloc(ctx->nodes, ctx->cap_nodes * sizeof *ctx->nodes);
    }
    g_assert(ctx->n_nodes < CGT_NONE - 1);
    cgt_game_t g = (cgt_game_t)ctx->n_nodes++;
    cgt_node_t *n = node(ctx, g);
    memset(n, 0, sizeof *n);
    n->neg = CGT_NONE;
    mpq_init(n->x);
    mpq_init(n->ls);
    mpq_init(n->rs);
    return g;
}

/* The general game with these canonical, sorted options (not a nus), made if new. */
static cgt_game_t intern_options(cgt_ctx_t *ctx, const cgt_game_t *l, size_t nl,
                                 const cgt_game_t *r, size_t nr)
{
    uint32_t h = hash_options(l, nl, r, nr);
    cgt_idset_t *s = &ctx->by_options;
    for (size_t i = h & (s->cap - 1); s->slots[i] != CGT_NONE; i = (i + 1) & (s->cap - 1)) {
        const cgt_node_t *n = node(ctx, s->slots[i]);
        if (n->hash == h && n->nl == nl && n->nr == nr && !memcmp(n->opt, l, nl * sizeof *l) &&
            !memcmp(n->opt + nl, r, nr * sizeof *r))
            return s->slots[i];
    }
    cgt_game_t *opt = arena_alloc(ctx, nl + nr);
    memcpy(opt, l, nl * sizeof *l);
    memcpy(opt + nl, r, nr * sizeof *r);
    cgt_game_t g = new_node(ctx);
    cgt_node_t *n = node(ctx, g);
    n->opt = opt;
    n->nl = (uint32_t)nl;
    n->nr = (uint32_t)nr;
    n->hash = h;
    idset_insert(ctx, s, g);
    return g;
}

cgt_game_t cgt_nus(cgt_ctx_t *ctx, const mpq_t x, long up, unsigned long nim)
{
    assert(cgt_is_dyadic(x));
    uint32_t h = hash_nus(x, up, nim);
    cgt_idset_t *s = &ctx->by_value;
    for (size_t i = h & (s->cap - 1); s->slots[i] != CGT_NONE; i = (i + 1) & (s->cap - 1)) {
        const cgt_node_t *n = node(ctx, s->slots[i]);
        if (n->hash == h && n->up == up && n->nim == nim && mpq_equal(n->x, x))
            return s->slots[i];
    }
    cgt_game_t g = new_node(ctx);
    cgt_node_t *n = node(ctx, g);
    n->nus = 1;
    n->up = up;
    n->nim = nim;
    n->hash = h;
    mpq_set(n->x, x);
    idset_insert(ctx, s, g);
    return g;
}

cgt_game_t cgt_number(cgt_ctx_t *ctx, const mpq_t x)
{
    return cgt_nus(ctx, x, 0, 0);
}

cgt_game_t cgt_integer(cgt_ctx_t *ctx, long v)
{
    mpq_t x;
    mpq_init(x);
    mpq_set_si(x, v, 1);
    cgt_game_t g = cgt_number(ctx, x);
    mpq_clear(x);
    return g;
}

cgt_game_t cgt_nimber(cgt_ctx_t *ctx, unsigned long n)
{
    mpq_t x;
    mpq_init(x);
    cgt_game_t g = cgt_nus(ctx, x, 0, n);
    mpq_clear(x);
    return g;
}

cgt_game_t cgt_zero(cgt_ctx_t *ctx)
{
    return ctx->zero;
}

cgt_ctx_t *cgt_ctx_create(void)
{
    cgt_ctx_t *ctx = g_new0(cgt_ctx_t, 1);
    ctx->cap_nodes = 1024;
    ctx->nodes = g_malloc(ctx->cap_nodes * sizeof *ctx->nodes);
    idset_init(&ctx->by_options);
    idset_init(&ctx->by_value);
    for (int i = 0; i < CGT_OP_COUNT; i++)
        cgt_pairmap_init(&ctx->cache[i]);
    ctx->zero = cgt_integer(ctx, 0);
    return ctx;
}

void cgt_ctx_destroy(cgt_ctx_t *ctx)
{
    if (!ctx)
        return;
    if (ctx->ext.thermo)
        g_hash_table_destroy(ctx->ext.thermo);
    if (ctx->ext.thermo_own)
        g_ptr_array_free(ctx->ext.thermo_own, TRUE);
    for (size_t i = 0; i < ctx->n_nodes; i++) {
        cgt_node_t *n = &ctx->nodes[i];
        mpq_clears(n->x, n->ls, n->rs, NULL);
        if (n->birth) {
            mpz_clear(*n->birth);
            g_free(n->birth);
        }
    }
    g_free(ctx->nodes);
    while (ctx->arena) {
        cgt_block_t *next = ctx->arena->next;
        g_free(ctx->arena);
        ctx->arena = next;
    }
    g_free(ctx->by_options.slots);
    g_free(ctx->by_value.slots);
    for (int i = 0; i < CGT_OP_COUNT; i++)
        cgt_pairmap_clear(&ctx->cache[i]);
    g_free(ctx);
}

size_t cgt_ctx_size(const cgt_ctx_t *ctx)
{
    return ctx->n_nodes;
}

cgt_pairmap_t *cgt_ctx_cache(cgt_ctx_t *ctx, int op)
{
    assert(op >= 0 && op < CGT_OP_COUNT);
    return &ctx->cache[op];
}

cgt_ctx_ext_t *cgt_ctx_ext(cgt_ctx_t *ctx)
{
    return &ctx->ext;
}

/* ---- Kinds ------------------------------------------------------------------------------- */

bool cgt_is_nus(const cgt_ctx_t *ctx, cgt_game_t g)
{
    return node(ctx, g)->nus;
}

bool cgt_is_number(const cgt_ctx_t *ctx, cgt_game_t g)
{
    const cgt_node_t *n = node(ctx, g);
    return n->nus && n->up == 0 && n->nim == 0;
}

bool cgt_is_integer(const cgt_ctx_t *ctx, cgt_game_t g)
{
    const cgt_node_t *n = node(ctx, g);
    return cgt_is_number(ctx, g) && mpz_cmp_ui(mpq_denref(n->x), 1) == 0;
}

bool cgt_is_nimber(const cgt_ctx_t *ctx, cgt_game_t g)
{
    const cgt_node_t *n = node(ctx, g);
    return n->nus && n->up == 0 && mpq_sgn(n->x) == 0;
}

void cgt_nus_number(mpq_t out, const cgt_ctx_t *ctx, cgt_game_t g)
{
    assert(cgt_is_nus(ctx, g));
    mpq_set(out, node(ctx, g)->x);
}

long cgt_nus_up(const cgt_ctx_t *ctx, cgt_game_t g)
{
    return node(ctx, g)->up;
}

unsigned long cgt_nus_nim(const cgt_ctx_t *ctx, cgt_game_t g)
{
    return node(ctx, g)->nim;
}

/* ---- Options of number-up-stars, made on demand ------------------------------------------ */

static void store_options(cgt_ctx_t *ctx, cgt_game_t g, cgt_vec_t *l, cgt_vec_t *r)
{
    vec_sort_unique(l);
    vec_sort_unique(r);
    cgt_game_t *opt = arena_alloc(ctx, l->n + r->n);
    if (l->n)
        memcpy(opt, l->v, l->n * sizeof *opt);
    if (r->n)
        memcpy(opt + l->n, r->v, r->n * sizeof *opt);
    cgt_node_t *n = node(ctx, g);
    n->opt = opt;
    n->nl = (uint32_t)l->n;
    n->nr = (uint32_t)r->n;
}

/*
 * The canonical options of x + ^up + *nim:
 *   integer n > 0: {n-1 |}, n < 0: {| n+1}; dyadic p/2^k: {x - 2^-k | x + 2^-k};
 *   x*m: {x, x*, ..., x*(m-1) | same}; x^*: {x, x* | x}; xv*: {x | x, x*};
 *   otherwise up > 0: {x | x + ^(up-1) + *(nim^1)}, up < 0: {x + ^(up+1) + *(nim^1) | x}.
 */
static void make_options(cgt_ctx_t *ctx, cgt_game_t g)
{
    if (node(ctx, g)->opt || !node(ctx, g)->nus)
        return;
    cgt_vec_t l = {0}, r = {0};
    mpq_t x, y;
    mpq_inits(x, y, NULL);
    mpq_set(x, node(ctx, g)->x);
    long up = node(ctx, g)->up;
    unsigned long nim = node(ctx, g)->nim;
    if (up == 0 && nim == 0) {
        if (mpz_cmp_ui(mpq_denref(x), 1) == 0) {
            int sign = mpq_sgn(x);
            mpq_set_si(y, sign > 0 ? -1 : 1, 1);
            mpq_add(y, x, y);
            if (sign > 0)
                vec_push(&l, cgt_number(ctx, y));
            else if (sign < 0)
                vec_push(&r, cgt_number(ctx, y));
        } else {
            mpq_set_ui(y, 1, 1);
            mpz_set(mpq_denref(y), mpq_denref(x));
            mpq_sub(y, x, y);
            vec_push(&l, cgt_number(ctx, y));
            mpq_set_ui(y, 1, 1);
            mpz_set(mpq_denref(y), mpq_denref(x));
            mpq_add(y, x, y);
            vec_push(&r, cgt_number(ctx, y));
        }
    } else if (up == 0) {
        for (unsigned long j = 0; j < nim; j++) {
            cgt_game_t o = cgt_nus(ctx, x, 0, j);
            vec_push(&l, o);
            vec_push(&r, o);
        }
    } else if ((up == 1 || up == -1) && nim == 1) {
        cgt_game_t num = cgt_number(ctx, x), star = cgt_nus(ctx, x, 0, 1);
        vec_push(&l, num);
        vec_push(&r, num);
        vec_push(up > 0 ? &l : &r, star);
    } else if (up > 0) {
        vec_push(&l, cgt_number(ctx, x));
        vec_push(&r, cgt_nus(ctx, x, up - 1, nim ^ 1));
    } else {
        vec_push(&l, cgt_nus(ctx, x, up + 1, nim ^ 1));
        vec_push(&r, cgt_number(ctx, x));
    }
    store_options(ctx, g, &l, &r);
    g_free(l.v);
    g_free(r.v);
    mpq_clears(x, y, NULL);
}

size_t cgt_left_count(cgt_ctx_t *ctx, cgt_game_t g)
{
    make_options(ctx, g);
    return node(ctx, g)->nl;
}

size_t cgt_right_count(cgt_ctx_t *ctx, cgt_game_t g)
{
    make_options(ctx, g);
    return node(ctx, g)->nr;
}

const cgt_game_t *cgt_left_options(cgt_ctx_t *ctx, cgt_game_t g)
{
    make_options(ctx, g);
    return node(ctx, g)->opt;
}

const cgt_game_t *cgt_right_options(cgt_ctx_t *ctx, cgt_game_t g)
{
    make_options(ctx, g);
    return node(ctx, g)->opt + node(ctx, g)->nl;
}

/* ---- Building from canonical options ----------------------------------------------------- */

static bool same_number(const cgt_ctx_t *ctx, cgt_game_t a, cgt_game_t b)
{
    return mpq_equal(node(ctx, a)->x, node(ctx, b)->x);
}

/*
 * If canonical options l, r are those of a number-up-star, returns it (the patterns are the
 * ones make_options writes, so every nus is found); else CGT_NONE.
 */
static cgt_game_t as_nus(cgt_ctx_t *ctx, const cgt_game_t *l, size_t nl, const cgt_game_t *r,
                         size_t nr)
{
    cgt_game_t res = CGT_NONE;
    mpq_t y; /* only the number cases need it: most calls should not allocate */
    bool numeric = (nl + nr == 1) ||
                   (nl == 1 && nr == 1 && cgt_is_number(ctx, l[0]) && cgt_is_number(ctx, r[0]));
    if (numeric)
        mpq_init(y);
    if (nl == 0 && nr == 0) {
        res = ctx->zero;
    } else if (nl == 0 && nr == 1 && cgt_is_integer(ctx, r[0])) {
        mpq_set_si(y, -1, 1);
        mpq_add(y, y, node(ctx, r[0])->x);
        res = cgt_number(ctx, y);
    } else if (nr == 0 && nl == 1 && cgt_is_integer(ctx, l[0])) {
        mpq_set_si(y, 1, 1);
        mpq_add(y, y, node(ctx, l[0])->x);
        res = cgt_number(ctx, y);
    } else if (nl == 1 && nr == 1 && cgt_is_number(ctx, l[0]) && cgt_is_number(ctx, r[0]) &&
               mpq_cmp(node(ctx, l[0])->x, node(ctx, r[0])->x) < 0) {
        /* Canonical options of a non-integer number are its two neighbours: take the mean. */
        mpq_add(y, node(ctx, l[0])->x, node(ctx, r[0])->x);
        mpz_mul_2exp(mpq_denref(y), mpq_denref(y), 1);
        mpq_canonicalize(y);
        res = cgt_number(ctx, y);
    } else if (nl + nr == 3 && (nl == 2 || nr == 2)) {
        /* x^* = {x, x* | x} and xv* = {x | x, x*} */
        const cgt_game_t *two = nl == 2 ? l : r, *one = nl == 2 ? r : l;
        if (cgt_is_number(ctx, one[0])) {
            cgt_game_t star = two[0] == one[0] ? two[1] : two[1] == one[0] ? two[0] : CGT_NONE;
            if (star != CGT_NONE && cgt_is_nus(ctx, star) && node(ctx, star)->up == 0 &&
                node(ctx, star)->nim == 1 && same_number(ctx, star, one[0]))
                res = cgt_nus(ctx, node(ctx, one[0])->x, nl == 2 ? 1 : -1, 1);
        }
    } else if (nl == 1 && nr == 1 && cgt_is_number(ctx, l[0]) && cgt_is_nus(ctx, r[0]) &&
               !cgt_is_number(ctx, r[0]) && same_number(ctx, l[0], r[0]) &&
               node(ctx, r[0])->up >= 0) {
        res = cgt_nus(ctx, node(ctx, l[0])->x, node(ctx, r[0])->up + 1, node(ctx, r[0])->nim ^ 1);
    } else if (nl == 1 && nr == 1 && cgt_is_number(ctx, r[0]) && cgt_is_nus(ctx, l[0]) &&
               !cgt_is_number(ctx, l[0]) && same_number(ctx, l[0], r[0]) &&
               node(ctx, l[0])->up <= 0) {
        res = cgt_nus(ctx, node(ctx, r[0])->x, node(ctx, l[0])->up - 1, node(ctx, l[0])->nim ^ 1);
    } else if (nl == nr && !memcmp(l, r, nl * sizeof *l)) {
        /* x*m = {x, x*, ..., x*(m-1) | same}: every nimber below m exactly once. */
        size_t found = 0;
        for (size_t i = 0; i < nl; i++) {
            const cgt_node_t *n = node(ctx, l[i]);
            if (!n->nus || n->up != 0 || n->nim >= nl || !same_number(ctx, l[i], l[0]))
                break;
            found++;
        }
        if (found == nl) {
            /* nl distinct ids, each x*j with j < nl: exactly the set {x*0 .. x*(nl-1)}. */
            res = cgt_nus(ctx, node(ctx, l[0])->x, 0, nl);
        }
    }
    if (numeric)
        mpq_clear(y);
    return res;
}

/* The game with these canonical options (sorted by id in place). */
static cgt_game_t construct_canonical(cgt_ctx_t *ctx, cgt_vec_t *l, cgt_vec_t *r)
{
    vec_sort_unique(l);
    vec_sort_unique(r);
    cgt_game_t g = as_nus(ctx, l->v, l->n, r->v, r->n);
    if (g != CGT_NONE)
        return g;
    return intern_options(ctx, l->v, l->n, r->v, r->n);
}

/* ---- Comparison ------------------------------------------------------------------------- */

static void compute_stops(cgt_ctx_t *ctx, cgt_game_t g);

/* Compares two number-up-stars; returns 1 if g <= h, 0 if not. */
static bool nus_leq(const cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t h)
{
    const cgt_node_t *a = node(ctx, g), *b = node(ctx, h);
    int c = mpq_cmp(a->x, b->x);
    if (c != 0)
        return c < 0;
    /* Same number: x^a*m <= x^b*n iff ^(b-a) + *(m^n) >= 0, which holds when b - a >= 2, or
     * when b - a == 1 and the stars do not cancel to a single *, or when equal. */
    if (a->up < b->up - 1)
        return true;
    if (a->up < b->up)
        return (a->nim ^ b->nim) != 1;
    return a->up == b->up && a->nim == b->nim;
}

bool cgt_leq(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t h)
{
    if (g == h)
        return true;
    if (node(ctx, g)->nus && node(ctx, h)->nus)
        return nus_leq(ctx, g, h);
    cgt_pairmap_t *cache = &ctx->cache[CGT_OP_LEQ];
    uint32_t hit = cgt_pairmap_get(cache, g, h);
    if (hit != CGT_NONE)
        return hit;
    /*
     * Stops decide most comparisons of hot games at once: G <= H forces L(G) <= L(H) and
     * R(G) <= R(H), and L(G) < R(H) forces G < H (Siegel II.4: R(H - G) >= R(H) - L(G) > 0).
     */
    compute_stops(ctx, g);
    compute_stops(ctx, h);
    const cgt_node_t *a = node(ctx, g), *b = node(ctx, h);
    if (mpq_cmp(a->ls, b->ls) > 0 || mpq_cmp(a->rs, b->rs) > 0)
        return false;
    if (mpq_cmp(a->ls, b->rs) < 0)
        return true;
    bool leq = true;
    /* G <= H unless some GL >= H or some HR <= G; a number's own options never matter. */
    if (!cgt_is_number(ctx, g)) {
        size_t n = cgt_left_count(ctx, g);
        const cgt_game_t *o = cgt_left_options(ctx, g);
        for (size_t i = 0; i < n && leq; i++)
            if (cgt_leq(ctx, h, o[i]))
                leq = false;
    }
    if (leq && !cgt_is_number(ctx, h)) {
        size_t n = cgt_right_count(ctx, h);
        const cgt_game_t *o = cgt_right_options(ctx, h);
        for (size_t i = 0; i < n && leq; i++)
            if (cgt_leq(ctx, o[i], g))
                leq = false;
    }
    cgt_pairmap_put(cache, g, h, leq);
    return leq;
}

cgt_cmp_t cgt_compare(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t h)
{
    if (g == h)
        return CGT_CMP_EQ;
    bool le = cgt_leq(ctx, g, h), ge = cgt_leq(ctx, h, g);
    /* Distinct canonical ids are distinct values, so both cannot hold. */
    assert(!(le && ge));
    return le ? CGT_CMP_LT : ge ? CGT_CMP_GT : CGT_CMP_FUZZY;
}

cgt_outcome_t cgt_outcome(cgt_ctx_t *ctx, cgt_game_t g)
{
    switch (cgt_compare(ctx, g, ctx->zero)) {
    case CGT_CMP_GT:
        return CGT_OUTCOME_L;
    case CGT_CMP_LT:
        return CGT_OUTCOME_R;
    case CGT_CMP_EQ:
        return CGT_OUTCOME_P;
    default:
        return CGT_OUTCOME_N;
    }
}

/* g <= {l | r} for a game given by canonical option lists (not yet simplified). */
static bool geq_arrays(cgt_ctx_t *ctx, cgt_game_t g, const cgt_vec_t *l, const cgt_vec_t *r);

static bool leq_arrays(cgt_ctx_t *ctx, cgt_game_t g, const cgt_vec_t *l, const cgt_vec_t *r)
{
    for (size_t i = 0; i < r->n; i++)
        if (cgt_leq(ctx, r->v[i], g))
            return false;
    size_t n = cgt_left_count(ctx, g);
    const cgt_game_t *o = cgt_left_options(ctx, g);
    for (size_t i = 0; i < n; i++)
        if (geq_arrays(ctx, o[i], l, r))
            return false;
    return true;
}

static bool geq_arrays(cgt_ctx_t *ctx, cgt_game_t g, const cgt_vec_t *l, const cgt_vec_t *r)
{
    for (size_t i = 0; i < l->n; i++)
        if (cgt_leq(ctx, g, l->v[i]))
            return false;
    size_t n = cgt_right_count(ctx, g);
    const cgt_game_t *o = cgt_right_options(ctx, g);
    for (size_t i = 0; i < n; i++)
        if (leq_arrays(ctx, o[i], l, r))
            return false;
    return true;
}

/* ---- Simplification ---------------------------------------------------------------------- */

/* Deletes options dominated by another: for Left the smaller, for Right the larger. */
static void remove_dominated(cgt_ctx_t *ctx, cgt_vec_t *a, bool left)
{
    size_t k = 0;
    for (size_t i = 0; i < a->n; i++) {
        bool dominated = false;
        for (size_t j = 0; j < a->n && !dominated; j++) {
            if (j == i || a->v[j] == CGT_NONE)
                continue;
            dominated = left ? cgt_leq(ctx, a->v[i], a->v[j]) : cgt_leq(ctx, a->v[j], a->v[i]);
        }
        if (dominated)
            a->v[i] = CGT_NONE; /* later ones still compare against the survivors only */
    }
    for (size_t i = 0; i < a->n; i++)
        if (a->v[i] != CGT_NONE)
            a->v[k++] = a->v[i];
    a->n = k;
}

/*
 * Bypasses reversible options of one side.  A Left option A is reversible when some right
 * option AR of A has AR <= G; A is then replaced by AR's left options (Right's mirror image).
 * Returns whether anything changed.
 */
static bool bypass_reversible(cgt_ctx_t *ctx, cgt_vec_t *l, cgt_vec_t *r, bool left)
{
    cgt_vec_t *side = left ? l : r;
    bool changed = false;
    for (size_t i = 0; i < side->n; i++) {
        cgt_game_t a = side->v[i];
        size_t n = left ? cgt_right_count(ctx, a) : cgt_left_count(ctx, a);
        const cgt_game_t *o = left ? cgt_right_options(ctx, a) : cgt_left_options(ctx, a);
        for (size_t j = 0; j < n; j++) {
            bool rev = left ? leq_arrays(ctx, o[j], l, r) : geq_arrays(ctx, o[j], l, r);
            if (!rev)
                continue;
            cgt_game_t via = o[j];
            side->v[i] = side->v[--side->n];
            size_t m = left ? cgt_left_count(ctx, via) : cgt_right_count(ctx, via);
            const cgt_game_t *p = left ? cgt_left_options(ctx, via) : cgt_right_options(ctx, via);
            for (size_t k = 0; k < m; k++)
                if (!vec_has(side, p[k]))
                    vec_push(side, p[k]);
            changed = true;
            i--; /* look again at the option now in slot i */
            break;
        }
    }
    return changed;
}

/* Canonical form when every option is a number. */
static cgt_game_t from_number_options(cgt_ctx_t *ctx, cgt_vec_t *l, cgt_vec_t *r)
{
    mpq_srcptr hi_l = NULL, lo_r = NULL;
    cgt_game_t best_l = CGT_NONE, best_r = CGT_NONE;
    for (size_t i = 0; i < l->n; i++)
        if (!hi_l || mpq_cmp(node(ctx, l->v[i])->x, hi_l) > 0) {
            hi_l = node(ctx, l->v[i])->x;
            best_l = l->v[i];
        }
    for (size_t i = 0; i < r->n; i++)
        if (!lo_r || mpq_cmp(node(ctx, r->v[i])->x, lo_r) < 0) {
            lo_r = node(ctx, r->v[i])->x;
            best_r = r->v[i];
        }
    if (!hi_l || !lo_r || mpq_cmp(hi_l, lo_r) < 0) {
        mpq_t x;
        mpq_init(x);
        cgt_simplest_between(x, hi_l, lo_r);
        cgt_game_t g = cgt_number(ctx, x);
        mpq_clear(x);
        return g;
    }
    /* {a | b} with a >= b: a hot (or, when a = b, a*) game already in canonical form. */
    l->v[0] = best_l;
    l->n = 1;
    r->v[0] = best_r;
    r->n = 1;
    return construct_canonical(ctx, l, r);
}

static cgt_game_t simplify(cgt_ctx_t *ctx, cgt_vec_t *l, cgt_vec_t *r)
{
    vec_sort_unique(l);
    vec_sort_unique(r);
    bool all_numbers = true;
    for (size_t i = 0; i < l->n && all_numbers; i++)
        all_numbers = cgt_is_number(ctx, l->v[i]);
    for (size_t i = 0; i < r->n && all_numbers; i++)
        all_numbers = cgt_is_number(ctx, r->v[i]);
    if (all_numbers)
        return from_number_options(ctx, l, r);
    remove_dominated(ctx, l, true);
    remove_dominated(ctx, r, false);
    bool changed = bypass_reversible(ctx, l, r, true);
    changed |= bypass_reversible(ctx, l, r, false);
    if (changed) {
        vec_sort_unique(l);
        vec_sort_unique(r);
        remove_dominated(ctx, l, true);
        remove_dominated(ctx, r, false);
    }
    return construct_canonical(ctx, l, r);
}

cgt_game_t cgt_from_options(cgt_ctx_t *ctx, const cgt_game_t *left, size_t n_left,
                            const cgt_game_t *right, size_t n_right)
{
    cgt_vec_t l = {0}, r = {0};
    for (size_t i = 0; i < n_left; i++)
        vec_push(&l, left[i]);
    for (size_t i = 0; i < n_right; i++)
        vec_push(&r, right[i]);
    cgt_game_t g = simplify(ctx, &l, &r);
    g_free(l.v);
    g_free(r.v);
    return g;
}

cgt_game_t cgt_switch(cgt_ctx_t *ctx, cgt_game_t x)
{
    cgt_game_t nx = cgt_neg(ctx, x);
    return cgt_from_options(ctx, &x, 1, &nx, 1);
}

/* ---- Negation and sums ------------------------------------------------------------------- */

cgt_game_t cgt_neg(cgt_ctx_t *ctx, cgt_game_t g)
{
    if (node(ctx, g)->neg != CGT_NONE)
        return node(ctx, g)->neg;
    cgt_game_t res;
    if (node(ctx, g)->nus) {
        mpq_t y;
        mpq_init(y);
        mpq_neg(y, node(ctx, g)->x);
        res = cgt_nus(ctx, y, -node(ctx, g)->up, node(ctx, g)->nim);
        mpq_clear(y);
    } else {
        /* The negative of a canonical form, option by option, is canonical. */
        cgt_vec_t l = {0}, r = {0};
        size_t nl = node(ctx, g)->nl, nr = node(ctx, g)->nr;
        for (size_t i = 0; i < nr; i++)
            vec_push(&l, cgt_neg(ctx, node(ctx, g)->opt[nl + i]));
        for (size_t i = 0; i < nl; i++)
            vec_push(&r, cgt_neg(ctx, node(ctx, g)->opt[i]));
        res = construct_canonical(ctx, &l, &r);
        g_free(l.v);
        g_free(r.v);
    }
    node(ctx, g)->neg = res;
    node(ctx, res)->neg = g;
    return res;
}

cgt_game_t cgt_add(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t h)
{
    if (g == ctx->zero)
        return h;
    if (h == ctx->zero)
        return g;
    if (node(ctx, g)->nus && node(ctx, h)->nus) {
        mpq_t y;
        mpq_init(y);
        mpq_add(y, node(ctx, g)->x, node(ctx, h)->x);
        cgt_game_t res = cgt_nus(ctx, y, node(ctx, g)->up + node(ctx, h)->up,
                                 node(ctx, g)->nim ^ node(ctx, h)->nim);
        mpq_clear(y);
        return res;
    }
    if (g > h) {
        cgt_game_t t = g;
        g = h;
        h = t;
    }
    cgt_pairmap_t *cache = &ctx->cache[CGT_OP_ADD];
    uint32_t hit = cgt_pairmap_get(cache, g, h);
    if (hit != CGT_NONE)
        return hit;
    bool gn = cgt_is_number(ctx, g), hn = cgt_is_number(ctx, h);
    cgt_vec_t l = {0}, r = {0};
    /* Number avoidance: never move in a number term. */
    if (!gn) {
        size_t nl = cgt_left_count(ctx, g), nr = cgt_right_count(ctx, g);
        for (size_t i = 0; i < nl; i++)
            vec_push(&l, cgt_add(ctx, cgt_left_options(ctx, g)[i], h));
        for (size_t i = 0; i < nr; i++)
            vec_push(&r, cgt_add(ctx, cgt_right_options(ctx, g)[i], h));
    }
    if (!hn) {
        size_t nl = cgt_left_count(ctx, h), nr = cgt_right_count(ctx, h);
        for (size_t i = 0; i < nl; i++)
            vec_push(&l, cgt_add(ctx, g, cgt_left_options(ctx, h)[i]));
        for (size_t i = 0; i < nr; i++)
            vec_push(&r, cgt_add(ctx, g, cgt_right_options(ctx, h)[i]));
    }
    cgt_game_t res;
    if (gn || hn) {
        /* Number translation: x + G = {x + GL | x + GR} is canonical when G is. */
        res = construct_canonical(ctx, &l, &r);
#ifdef MATHGO_DEBUG
        assert(res == simplify(ctx, &l, &r));
#endif
    } else {
        res = simplify(ctx, &l, &r);
    }
    g_free(l.v);
    g_free(r.v);
    cgt_pairmap_put(cache, g, h, res);
    return res;
}

cgt_game_t cgt_sub(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t h)
{
    return cgt_add(ctx, g, cgt_neg(ctx, h));
}

cgt_game_t cgt_times_z(cgt_ctx_t *ctx, cgt_game_t g, const mpz_t n)
{
    mpz_t m;
    mpz_init(m);
    mpz_abs(m, n);
    if (mpz_sgn(n) < 0)
        g = cgt_neg(ctx, g);
    cgt_game_t acc = ctx->zero;
    /* Double and add over the bits of |n|: log n sums instead of n. */
    size_t bits = mpz_sgn(m) ? mpz_sizeinbase(m, 2) : 0;
    for (size_t i = 0; i < bits; i++) {
        if (mpz_tstbit(m, i))
            acc = cgt_add(ctx, acc, g);
        if (i + 1 < bits)
            g = cgt_add(ctx, g, g);
    }
    mpz_clear(m);
    return acc;
}

cgt_game_t cgt_times(cgt_ctx_t *ctx, cgt_game_t g, long n)
{
    mpz_t z;
    mpz_init_set_si(z, n);
    cgt_game_t res = cgt_times_z(ctx, g, z);
    mpz_clear(z);
    return res;
}

/* ---- Stops and birthdays ----------------------------------------------------------------- */

static void compute_stops(cgt_ctx_t *ctx, cgt_game_t g)
{
    if (node(ctx, g)->stops_ok)
        return;
    if (node(ctx, g)->nus) {
        cgt_node_t *n = node(ctx, g);
        mpq_set(n->ls, n->x);
        mpq_set(n->rs, n->x);
        n->stops_ok = 1;
        return;
    }
    mpq_t best;
    mpq_init(best);
    size_t nl = node(ctx, g)->nl, nr = node(ctx, g)->nr;
    /* A canonical non-number has options on both sides. */
    assert(nl > 0 && nr > 0);
    for (size_t i = 0; i < nl; i++) {
        cgt_game_t o = node(ctx, g)->opt[i];
        compute_stops(ctx, o);
        if (i == 0 || mpq_cmp(node(ctx, o)->rs, best) > 0)
            mpq_set(best, node(ctx, o)->rs);
    }
    mpq_set(node(ctx, g)->ls, best);
    for (size_t i = 0; i < nr; i++) {
        cgt_game_t o = node(ctx, g)->opt[nl + i];
        compute_stops(ctx, o);
        if (i == 0 || mpq_cmp(node(ctx, o)->ls, best) < 0)
            mpq_set(best, node(ctx, o)->ls);
    }
    mpq_set(node(ctx, g)->rs, best);
    node(ctx, g)->stops_ok = 1;
    mpq_clear(best);
}

void cgt_left_stop(mpq_t out, cgt_ctx_t *ctx, cgt_game_t g)
{
    compute_stops(ctx, g);
    mpq_set(out, node(ctx, g)->ls);
}

void cgt_right_stop(mpq_t out, cgt_ctx_t *ctx, cgt_game_t g)
{
    compute_stops(ctx, g);
    mpq_set(out, node(ctx, g)->rs);
}

/*
 * Birthday of x + ^n + *m: that of x (|x| for an integer, else floor(|x|) + 1 + k for
 * denominator 2^k) plus that of ^n*m: n+1 if m = 0; n + (m xor 1) if n is odd and m != 1;
 * n + m otherwise (Winning Ways ch. 3; the same formulas CGSuite uses).
 */
static void nus_birthday(mpz_t out, const cgt_node_t *n)
{
    mpz_t t;
    mpz_init(t);
    mpz_abs(t, mpq_numref(n->x));
    size_t k = mpz_sizeinbase(mpq_denref(n->x), 2) - 1;
    if (k == 0) {
        mpz_set(out, t);
    } else {
        mpz_fdiv_q_2exp(out, t, k);
        mpz_add_ui(out, out, 1 + k);
    }
    unsigned long u = (unsigned long)labs(n->up), m = n->nim, b;
    if (u > 0 && m == 0)
        b = u + 1;
    else if ((u & 1) && m != 1)
        b = u + (m ^ 1);
    else
        b = u + m;
    mpz_add_ui(out, out, b);
    mpz_clear(t);
}

void cgt_birthday(mpz_t out, cgt_ctx_t *ctx, cgt_game_t g)
{
    if (node(ctx, g)->birth) {
        mpz_set(out, *node(ctx, g)->birth);
        return;
    }
    mpz_t b, c;
    mpz_inits(b, c, NULL);
    if (node(ctx, g)->nus) {
        nus_birthday(b, node(ctx, g));
    } else {
        size_t n = node(ctx, g)->nl + node(ctx, g)->nr;
        for (size_t i = 0; i < n; i++) {
            cgt_birthday(c, ctx, node(ctx, g)->opt[i]);
            mpz_add_ui(c, c, 1);
            if (mpz_cmp(c, b) > 0)
                mpz_set(b, c);
        }
    }
    mpz_t *keep = g_new(mpz_t, 1);
    mpz_init_set(*keep, b);
    node(ctx, g)->birth = keep;
    mpz_set(out, b);
    mpz_clears(b, c, NULL);
}

/* ---- A deterministic order for printing -------------------------------------------------- */

static int order_lists(cgt_ctx_t *ctx, cgt_game_t *a, size_t na, cgt_game_t *b, size_t nb);

void cgt_sort_by_order(cgt_ctx_t *ctx, cgt_game_t *v, size_t n)
{
    /* Option lists are short: insertion sort keeps this free of a comparator context. */
    for (size_t i = 1; i < n; i++) {
        cgt_game_t x = v[i];
        size_t j = i;
        while (j > 0 && cgt_order(ctx, v[j - 1], x) > 0) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
}

/*
 * Numbers first (by value), then nimbers (by n), then other number-up-stars (by number, ups,
 * star), then general games by their sorted left options, then right options: the order in
 * which CGSuite lists options.
 */
int cgt_order(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t h)
{
    if (g == h)
        return 0;
    int kg = cgt_is_number(ctx, g) ? 0 : cgt_is_nimber(ctx, g) ? 1 : cgt_is_nus(ctx, g) ? 2 : 3;
    int kh = cgt_is_number(ctx, h) ? 0 : cgt_is_nimber(ctx, h) ? 1 : cgt_is_nus(ctx, h) ? 2 : 3;
    if (kg != kh)
        return kg < kh ? -1 : 1;
    const cgt_node_t *a = node(ctx, g), *b = node(ctx, h);
    if (kg < 3) {
        int c = mpq_cmp(a->x, b->x);
        if (c)
            return c < 0 ? -1 : 1;
        if (a->up != b->up)
            return a->up < b->up ? -1 : 1;
        return a->nim < b->nim ? -1 : a->nim > b->nim;
    }
    size_t nla = a->nl, nra = a->nr, nlb = b->nl, nrb = b->nr;
    cgt_game_t *la = g_memdup2(a->opt, (nla + nra) * sizeof *la);
    cgt_game_t *lb = g_memdup2(b->opt, (nlb + nrb) * sizeof *lb);
    int c = order_lists(ctx, la, nla, lb, nlb);
    if (!c)
        c = order_lists(ctx, la + nla, nra, lb + nlb, nrb);
    g_free(la);
    g_free(lb);
    return c;
}

static int order_lists(cgt_ctx_t *ctx, cgt_game_t *a, size_t na, cgt_game_t *b, size_t nb)
{
    cgt_sort_by_order(ctx, a, na);
    cgt_sort_by_order(ctx, b, nb);
    for (size_t i = 0; i < na && i < nb; i++) {
        int c = cgt_order(ctx, a[i], b[i]);
        if (c)
            return c;
    }
    return na < nb ? -1 : na > nb;
}

cgt_game_t cgt_number_part(cgt_ctx_t *ctx, cgt_game_t g)
{
    assert(cgt_is_nus(ctx, g));
    return cgt_number(ctx, node(ctx, g)->x);
}

cgt_game_t cgt_map_options(cgt_ctx_t *ctx, cgt_game_t g, cgt_unary_fn f, const void *arg,
                           cgt_game_t dl, cgt_game_t dr)
{
    size_t nl = cgt_left_count(ctx, g), nr = cgt_right_count(ctx, g);
    cgt_vec_t l = {0}, r = {0};
    for (size_t i = 0; i < nl; i++)
        vec_push(&l, cgt_add(ctx, f(ctx, cgt_left_options(ctx, g)[i], arg), dl));
    for (size_t i = 0; i < nr; i++)
        vec_push(&r, cgt_add(ctx, f(ctx, cgt_right_options(ctx, g)[i], arg), dr));
    cgt_game_t res = simplify(ctx, &l, &r);
    g_free(l.v);
    g_free(r.v);
    return res;
}
