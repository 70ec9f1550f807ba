/*
 * cgt/thermo.c: exact thermographs and the temperature operators.
 *
 * Thermograph construction: Siegel, "Combinatorial Game Theory" (AMS 2013), II.5 (walls from
 * scaffolds; for short games the walls have slopes -1, 0, +1 and meet once, after which the mast
 * is vertical); Berlekamp, Conway and Guy, Winning Ways ch. 6.  Cooling, heating, overheating:
 * Siegel II.5 and Winning Ways ch. 6; chilling and warming: Berlekamp and Wolfe, "Mathematical
 * Go: Chilling Gets the Last Point" (A K Peters, 1994), ch. 2 and appendix.
 */
#include "cgt/thermo.h"
#include "cgt/internal.h"

#include <assert.h>
#include <string.h>

struct cgt_traj {
    size_t n;    /* critical temperatures */
    mpq_t *cp;   /* n of them, strictly decreasing, all > -1 */
    long *slope; /* n + 1 segment slopes, top first */
    mpq_t *icpt; /* n + 1 segment intercepts (value at t = 0 of the segment's line) */
};

struct cgt_thermo {
    cgt_traj_t *left, *right;
    mpq_t temp, mast;
};

GQuark cgt_thermo_error_quark(void)
{
    return g_quark_from_static_string("cgt-thermo-error");
}

/* ---- Trajectories ------------------------------------------------------------------------- */

/* A trajectory under construction, written top segment first. */
typedef struct builder {
    GArray *cp;    /* mpq_t */
    GArray *slope; /* long */
    GArray *icpt;  /* mpq_t */
} builder_t;

static void builder_init(builder_t *b, long slope, const mpq_t icpt)
{
    b->cp = g_array_new(FALSE, FALSE, sizeof(mpq_t));
    b->slope = g_array_new(FALSE, FALSE, sizeof(long));
    b->icpt = g_array_new(FALSE, FALSE, sizeof(mpq_t));
    mpq_t q;
    mpq_init(q);
    mpq_set(q, icpt);
    g_array_append_val(b->slope, slope);
    g_array_append_val(b->icpt, q);
}

/* Below critical temperature c the trajectory follows this line (merged if unchanged). */
static void builder_add(builder_t *b, const mpq_t c, long slope, const mpq_t icpt)
{
    size_t last = b->slope->len - 1;
    if (g_array_index(b->slope, long, last) == slope &&
        mpq_equal(g_array_index(b->icpt, mpq_t, last), icpt))
        return;
    if (mpq_cmp_si(c, -1, 1) <= 0)
        return;
    mpq_t q, r;
    mpq_init(q);
    mpq_init(r);
    mpq_set(q, c);
    mpq_set(r, icpt);
    g_array_append_val(b->cp, q);
    g_array_append_val(b->slope, slope);
    g_array_append_val(b->icpt, r);
}

static cgt_traj_t *builder_finish(builder_t *b)
{
    cgt_traj_t *tr = g_new(cgt_traj_t, 1);
    tr->n = b->cp->len;
    tr->cp = (mpq_t *)(void *)g_array_free(b->cp, FALSE);
    tr->slope = (long *)(void *)g_array_free(b->slope, FALSE);
    tr->icpt = (mpq_t *)(void *)g_array_free(b->icpt, FALSE);
    return tr;
}

static void traj_free(cgt_traj_t *tr)
{
    if (!tr)
        return;
    for (size_t i = 0; i < tr->n; i++)
        mpq_clear(tr->cp[i]);
    for (size_t i = 0; i <= tr->n; i++)
        mpq_clear(tr->icpt[i]);
    g_free(tr->cp);
    g_free(tr->slope);
    g_free(tr->icpt);
    g_free(tr);
}

static cgt_traj_t *traj_const(const mpq_t x)
{
    builder_t b;
    builder_init(&b, 0, x);
    return builder_finish(&b);
}

/* The segment holding temperature t (a point inside it, or its lower end). */
static size_t traj_segment(const cgt_traj_t *tr, const mpq_t t)
{
    size_t i = 0;
    while (i < tr->n && mpq_cmp(t, tr->cp[i]) < 0)
        i++;
    return i;
}

static void line_at(mpq_t out, long slope, const mpq_t icpt, const mpq_t t)
{
    mpq_t s;
    mpq_init(s);
    mpq_set_si(s, slope, 1);
    mpq_mul(s, s, t);
    mpq_add(out, icpt, s);
    mpq_clear(s);
}

void cgt_traj_value_at(mpq_t out, const cgt_traj_t *tr, const mpq_t t)
{
    size_t i = traj_segment(tr, t);
    line_at(out, tr->slope[i], tr->icpt[i], t);
}

size_t cgt_traj_count(const cgt_traj_t *tr)
{
    return tr->n;
}

void cgt_traj_critical(mpq_t out, const cgt_traj_t *tr, size_t i)
{
    assert(i < tr->n);
    mpq_set(out, tr->cp[i]);
}

long cgt_traj_slope(const cgt_traj_t *tr, size_t i)
{
    assert(i <= tr->n);
    return tr->slope[i];
}

void cgt_traj_intercept(mpq_t out, const cgt_traj_t *tr, size_t i)
{
    assert(i <= tr->n);
    mpq_set(out, tr->icpt[i]);
}

static gint cmp_desc(gconstpointer a, gconstpointer b)
{
    return -mpq_cmp(*(const mpq_t *)a, *(const mpq_t *)b);
}

/* Adds c to the breakpoint list if it lies above -1. */
static void push_point(GArray *pts, const mpq_t c)
{
    if (mpq_cmp_si(c, -1, 1) <= 0)
        return;
    mpq_t q;
    mpq_init(q);
    mpq_set(q, c);
    g_array_append_val(pts, q);
}

/* Sorts breakpoints in decreasing order and drops repeats. */
static void sort_points(GArray *pts)
{
    g_array_sort(pts, cmp_desc);
    guint k = 0;
    for (guint i = 0; i < pts->len; i++) {
        if (k > 0 && mpq_equal(g_array_index(pts, mpq_t, k - 1), g_array_index(pts, mpq_t, i))) {
            mpq_clear(g_array_index(pts, mpq_t, i));
            continue;
        }
        if (k != i)
            memcpy(&g_array_index(pts, mpq_t, k), &g_array_index(pts, mpq_t, i), sizeof(mpq_t));
        k++;
    }
    g_array_set_size(pts, k);
}

static void free_points(GArray *pts)
{
    for (guint i = 0; i < pts->len; i++)
        mpq_clear(g_array_index(pts, mpq_t, i));
    g_array_free(pts, TRUE);
}

/* A point strictly inside interval k of the breakpoints (0 = above the top one). */
static void sample_point(mpq_t out, const GArray *pts, guint k)
{
    guint m = pts->len;
    if (m == 0) {
        mpq_set_ui(out, 0, 1);
    } else if (k == 0) {
        mpq_set_ui(out, 1, 1);
        mpq_add(out, out, g_array_index(pts, mpq_t, 0));
    } else {
        if (k == m)
            mpq_set_si(out, -1, 1);
        else
            mpq_set(out, g_array_index(pts, mpq_t, k));
        mpq_add(out, out, g_array_index(pts, mpq_t, k - 1));
        mpz_mul_2exp(mpq_denref(out), mpq_denref(out), 1);
        mpq_canonicalize(out);
    }
}

typedef enum { TRAJ_MAX, TRAJ_MIN, TRAJ_SUB } traj_op_t;

/*
 * Pointwise max, min or difference of two trajectories.  The breakpoints are both inputs'
 * plus every crossing of their lines, so on each resulting interval one line wins throughout
 * and a sample point inside decides which.
 */
static cgt_traj_t *traj_combine(const cgt_traj_t *a, const cgt_traj_t *b, traj_op_t op)
{
    GArray *pts = g_array_new(FALSE, FALSE, sizeof(mpq_t));
    for (size_t i = 0; i < a->n; i++)
        push_point(pts, a->cp[i]);
    for (size_t i = 0; i < b->n; i++)
        push_point(pts, b->cp[i]);
    sort_points(pts);
    mpq_t s, va, vb, c;
    mpq_inits(s, va, vb, c, NULL);
    if (op != TRAJ_SUB) {
        guint m = pts->len;
        for (guint k = 0; k <= m; k++) {
            sample_point(s, pts, k);
            size_t ia = traj_segment(a, s), ib = traj_segment(b, s);
            long ds = a->slope[ia] - b->slope[ib];
            if (ds == 0)
                continue;
            /* The lines cross at t = (icpt_b - icpt_a) / (slope_a - slope_b). */
            mpq_sub(c, b->icpt[ib], a->icpt[ia]);
            mpq_set_si(va, ds, 1);
            mpq_div(c, c, va);
            bool above_lo =
                k == m ? mpq_cmp_si(c, -1, 1) > 0 : mpq_cmp(c, g_array_index(pts, mpq_t, k)) > 0;
            bool below_hi = k == 0 || mpq_cmp(c, g_array_index(pts, mpq_t, k - 1)) < 0;
            if (above_lo && below_hi)
                push_point(pts, c);
        }
        sort_points(pts);
    }
    builder_t bl = {0};
    for (guint k = 0; k <= pts->len; k++) {
        sample_point(s, pts, k);
        size_t ia = traj_segment(a, s), ib = traj_segment(b, s);
        long slope;
        if (op == TRAJ_SUB) {
            slope = a->slope[ia] - b->slope[ib];
            mpq_sub(c, a->icpt[ia], b->icpt[ib]);
        } else {
            line_at(va, a->slope[ia], a->icpt[ia], s);
            line_at(vb, b->slope[ib], b->icpt[ib], s);
            bool take_a = op == TRAJ_MAX ? mpq_cmp(va, vb) >= 0 : mpq_cmp(va, vb) <= 0;
            slope = take_a ? a->slope[ia] : b->slope[ib];
            mpq_set(c, take_a ? a->icpt[ia] : b->icpt[ib]);
        }
        if (k == 0)
            builder_init(&bl, slope, c);
        else
            builder_add(&bl, g_array_index(pts, mpq_t, k - 1), slope, c);
    }
    mpq_clears(s, va, vb, c, NULL);
    free_points(pts);
    return builder_finish(&bl);
}

/* Adds delta * t to every segment (intercepts are values at t = 0, so they stay). */
static void traj_tilt(cgt_traj_t *tr, long delta)
{
    for (size_t i = 0; i <= tr->n; i++)
        tr->slope[i] += delta;
}

/* The lowest t >= -1 with d(t) <= 0, for a non-increasing d that ends up negative. */
static void first_nonpositive(mpq_t out, const cgt_traj_t *d)
{
    mpq_t v, lo;
    mpq_inits(v, lo, NULL);
    mpq_set_si(lo, -1, 1);
    cgt_traj_value_at(v, d, lo);
    if (mpq_sgn(v) <= 0) {
        mpq_set(out, lo);
    } else {
        for (size_t k = d->n + 1; k-- > 0;) {
            if (d->slope[k] < 0) {
                /* zero of icpt + slope * t */
                mpq_set_si(v, d->slope[k], 1);
                mpq_div(v, d->icpt[k], v);
                mpq_neg(v, v);
                if (k == 0 || mpq_cmp(v, d->cp[k - 1]) <= 0) {
                    mpq_set(out, v);
                    break;
                }
            }
            assert(k > 0);
        }
    }
    mpq_clears(v, lo, NULL);
}

/* The wall that follows scaffold s below temperature temp and the mast at v above it. */
static cgt_traj_t *wall_from(const cgt_traj_t *s, const mpq_t temp, const mpq_t v)
{
    builder_t b;
    builder_init(&b, 0, v);
    size_t i = 0; /* the segment just below temp */
    while (i < s->n && mpq_cmp(s->cp[i], temp) >= 0)
        i++;
    builder_add(&b, temp, s->slope[i], s->icpt[i]);
    for (; i < s->n; i++)
        builder_add(&b, s->cp[i], s->slope[i + 1], s->icpt[i + 1]);
    return builder_finish(&b);
}

/* ---- Thermographs ------------------------------------------------------------------------ */

static void thermo_free(gpointer p)
{
    cgt_thermo_t *th = p;
    traj_free(th->left);
    traj_free(th->right);
    mpq_clears(th->temp, th->mast, NULL);
    g_free(th);
}

static cgt_thermo_t *thermo_new(cgt_ctx_t *ctx)
{
    cgt_ctx_ext_t *ext = cgt_ctx_ext(ctx);
    if (!ext->thermo) {
        ext->thermo = g_hash_table_new(g_direct_hash, g_direct_equal);
        ext->thermo_own = g_ptr_array_new_with_free_func(thermo_free);
    }
    cgt_thermo_t *th = g_new0(cgt_thermo_t, 1);
    mpq_inits(th->temp, th->mast, NULL);
    g_ptr_array_add(ext->thermo_own, th);
    return th;
}

static const cgt_thermo_t *thermo_lookup(cgt_ctx_t *ctx, cgt_game_t g)
{
    cgt_ctx_ext_t *ext = cgt_ctx_ext(ctx);
    return ext->thermo ? g_hash_table_lookup(ext->thermo, GUINT_TO_POINTER(g)) : NULL;
}

static void thermo_store(cgt_ctx_t *ctx, cgt_game_t g, const cgt_thermo_t *th)
{
    g_hash_table_insert(cgt_ctx_ext(ctx)->thermo, GUINT_TO_POINTER(g), (gpointer)th);
}

/* The largest right wall of a Left option (left) or the smallest left wall of a Right option. */
static cgt_traj_t *scaffold(cgt_ctx_t *ctx, cgt_game_t g, bool left)
{
    size_t n = left ? cgt_left_count(ctx, g) : cgt_right_count(ctx, g);
    cgt_traj_t *acc = NULL;
    for (size_t i = 0; i < n; i++) {
        cgt_game_t o = left ? cgt_left_options(ctx, g)[i] : cgt_right_options(ctx, g)[i];
        const cgt_thermo_t *th = cgt_thermograph(ctx, o);
        const cgt_traj_t *wall = left ? th->right : th->left;
        cgt_traj_t *next = traj_combine(acc ? acc : wall, wall, left ? TRAJ_MAX : TRAJ_MIN);
        traj_free(acc);
        acc = next;
    }
    return acc;
}

/* The thermograph from the options (any game that is not an integer). */
static cgt_thermo_t *thermo_from_options(cgt_ctx_t *ctx, cgt_game_t g)
{
    /* Not an integer, so it has options on both sides. */
    assert(cgt_left_count(ctx, g) > 0 && cgt_right_count(ctx, g) > 0);
    cgt_traj_t *ls = scaffold(ctx, g, true), *rs = scaffold(ctx, g, false);
    traj_tilt(ls, -1);
    traj_tilt(rs, +1);
    cgt_traj_t *d = traj_combine(ls, rs, TRAJ_SUB);
    cgt_thermo_t *th = thermo_new(ctx);
    first_nonpositive(th->temp, d);
    cgt_traj_value_at(th->mast, ls, th->temp);
    th->left = wall_from(ls, th->temp, th->mast);
    th->right = wall_from(rs, th->temp, th->mast);
    traj_free(ls);
    traj_free(rs);
    traj_free(d);
    return th;
}

const cgt_thermo_t *cgt_thermograph(cgt_ctx_t *ctx, cgt_game_t g)
{
    const cgt_thermo_t *hit = thermo_lookup(ctx, g);
    if (hit)
        return hit;
    const cgt_thermo_t *th;
    if (cgt_is_integer(ctx, g)) {
        cgt_thermo_t *t = thermo_new(ctx);
        cgt_nus_number(t->mast, ctx, g);
        mpq_set_si(t->temp, -1, 1);
        t->left = traj_const(t->mast);
        t->right = traj_const(t->mast);
        th = t;
    } else if (cgt_is_nus(ctx, g) && !cgt_is_number(ctx, g)) {
        /* x^n*m has the thermograph of x*, x^ or xv (as ^n*m's options show): use that one
         * instead of walking a long chain of ups. */
        long up = cgt_nus_up(ctx, g);
        unsigned long nim = cgt_nus_nim(ctx, g);
        mpq_t x;
        mpq_init(x);
        cgt_nus_number(x, ctx, g);
        cgt_game_t rep = up == 0 || ((up == 1 || up == -1) && nim == 1)
                             ? cgt_nus(ctx, x, 0, 1)
                             : cgt_nus(ctx, x, up > 0 ? 1 : -1, 0);
        mpq_clear(x);
        th = rep == g ? thermo_from_options(ctx, g) : cgt_thermograph(ctx, rep);
    } else {
        th = thermo_from_options(ctx, g);
    }
    thermo_store(ctx, g, th);
    return th;
}

const cgt_traj_t *cgt_thermo_left_wall(const cgt_thermo_t *th)
{
    return th->left;
}

const cgt_traj_t *cgt_thermo_right_wall(const cgt_thermo_t *th)
{
    return th->right;
}

void cgt_thermo_temperature(mpq_t out, const cgt_thermo_t *th)
{
    mpq_set(out, th->temp);
}

void cgt_thermo_mast(mpq_t out, const cgt_thermo_t *th)
{
    mpq_set(out, th->mast);
}

void cgt_mean(mpq_t out, cgt_ctx_t *ctx, cgt_game_t g)
{
    if (cgt_is_nus(ctx, g))
        cgt_nus_number(out, ctx, g);
    else
        cgt_thermo_mast(out, cgt_thermograph(ctx, g));
}

void cgt_temperature(mpq_t out, cgt_ctx_t *ctx, cgt_game_t g)
{
    cgt_thermo_temperature(out, cgt_thermograph(ctx, g));
}

/* ---- Temperature operators --------------------------------------------------------------- */

typedef struct cool_arg {
    const mpq_t *t;
    cgt_game_t tg, neg_tg;
} cool_arg_t;

static cgt_game_t cool_rec(cgt_ctx_t *ctx, cgt_game_t g, const void *arg)
{
    const cool_arg_t *a = arg;
    if (cgt_is_integer(ctx, g))
        return g;
    cgt_pairmap_t *cache = cgt_ctx_cache(ctx, CGT_OP_COOL);
    uint32_t hit = cgt_pairmap_get(cache, g, a->tg);
    if (hit != CGT_NONE)
        return hit;
    cgt_game_t res;
    mpq_t temp;
    mpq_init(temp);
    cgt_temperature(temp, ctx, g);
    if (mpq_cmp(temp, *a->t) < 0) {
        cgt_mean(temp, ctx, g);
        res = cgt_number(ctx, temp);
    } else {
        res = cgt_map_options(ctx, g, cool_rec, a, a->neg_tg, a->tg);
    }
    mpq_clear(temp);
    cgt_pairmap_put(cache, g, a->tg, res);
    return res;
}

bool cgt_cool(cgt_game_t *out, cgt_ctx_t *ctx, cgt_game_t g, const mpq_t t, GError **error)
{
    if (mpq_cmp_si(t, -1, 1) <= 0) {
        g_set_error(error, CGT_THERMO_ERROR, CGT_THERMO_ERROR_TEMPERATURE,
                    "cooling temperature must be greater than -1");
        return false;
    }
    if (!cgt_is_dyadic(t)) {
        g_set_error(error, CGT_THERMO_ERROR, CGT_THERMO_ERROR_NOT_DYADIC,
                    "cooling temperature must be a dyadic rational (denominator a power of 2)");
        return false;
    }
    cgt_game_t tg = cgt_number(ctx, t);
    cool_arg_t a = {(const mpq_t *)&t[0], tg, cgt_neg(ctx, tg)};
    *out = cool_rec(ctx, g, &a);
    return true;
}

cgt_game_t cgt_freeze(cgt_ctx_t *ctx, cgt_game_t g)
{
    if (cgt_is_number(ctx, g))
        return g;
    mpq_t t;
    mpq_init(t);
    cgt_temperature(t, ctx, g);
    cgt_game_t res = g;
    /* A game that is not a number has temperature >= 0 > -1, so cooling cannot fail. */
    bool ok = cgt_cool(&res, ctx, g, t, NULL);
    assert(ok);
    (void)ok;
    mpq_clear(t);
    return res;
}

/*
 * Heating (s == CGT_NONE: numbers stay) and overheating (integers n become n copies of s) share
 * one recursion; each call passes the cache to use and the key that names its t.
 */
typedef struct heat_arg {
    cgt_game_t s, t, neg_t;
    cgt_pairmap_t *cache;
    uint32_t key;
} heat_arg_t;

static cgt_game_t heat_rec(cgt_ctx_t *ctx, cgt_game_t g, const void *arg)
{
    const heat_arg_t *a = arg;
    if (a->s == CGT_NONE && cgt_is_number(ctx, g))
        return g;
    if (a->s != CGT_NONE && cgt_is_integer(ctx, g)) {
        mpq_t x;
        mpq_init(x);
        cgt_nus_number(x, ctx, g);
        cgt_game_t res = cgt_times_z(ctx, a->s, mpq_numref(x));
        mpq_clear(x);
        return res;
    }
    uint32_t hit = cgt_pairmap_get(a->cache, g, a->key);
    if (hit != CGT_NONE)
        return hit;
    cgt_game_t res = cgt_map_options(ctx, g, heat_rec, a, a->t, a->neg_t);
    cgt_pairmap_put(a->cache, g, a->key, res);
    return res;
}

cgt_game_t cgt_heat(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t t)
{
    heat_arg_t a = {CGT_NONE, t, cgt_neg(ctx, t), cgt_ctx_cache(ctx, CGT_OP_HEAT), t};
    return heat_rec(ctx, g, &a);
}

cgt_game_t cgt_overheat(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t s, cgt_game_t t)
{
    /* Results depend on both s and t: a cache for this call only. */
    cgt_pairmap_t cache;
    cgt_pairmap_init(&cache);
    heat_arg_t a = {s, t, cgt_neg(ctx, t), &cache, 0};
    cgt_game_t res = heat_rec(ctx, g, &a);
    cgt_pairmap_clear(&cache);
    return res;
}

static cgt_game_t chill_rec(cgt_ctx_t *ctx, cgt_game_t g, const void *arg)
{
    (void)arg;
    if (cgt_is_integer(ctx, g))
        return g;
    cgt_pairmap_t *cache = cgt_ctx_cache(ctx, CGT_OP_CHILL);
    uint32_t hit = cgt_pairmap_get(cache, g, 0);
    if (hit != CGT_NONE)
        return hit;
    cgt_game_t res =
        cgt_map_options(ctx, g, chill_rec, NULL, cgt_integer(ctx, -1), cgt_integer(ctx, 1));
    cgt_pairmap_put(cache, g, 0, res);
    return res;
}

cgt_game_t cgt_chill(cgt_ctx_t *ctx, cgt_game_t g)
{
    return chill_rec(ctx, g, NULL);
}

cgt_game_t cgt_warm(cgt_ctx_t *ctx, cgt_game_t g)
{
    mpq_t one;
    mpq_init(one);
    mpq_set_ui(one, 1, 1);
    cgt_game_t s = cgt_nus(ctx, one, 0, 1), t = cgt_number(ctx, one);
    mpq_clear(one);
    /* Warming has fixed s and t, so its results can live in the context's cache. */
    heat_arg_t a = {s, t, cgt_neg(ctx, t), cgt_ctx_cache(ctx, CGT_OP_WARM), 0};
    return heat_rec(ctx, g, &a);
}
