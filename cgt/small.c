/*
 * cgt/small.c: all-small games, atomic weight, reduced canonical form and incentives.
 * Sources are cited in cgt/small.h.
 */
#include "cgt/small.h"
#include "cgt/internal.h"
#include "cgt/thermo.h"

#include <assert.h>

static bool all_small_rec(cgt_ctx_t *ctx, cgt_game_t g, GHashTable *seen)
{
    if (cgt_is_nus(ctx, g)) {
        mpq_t x;
        mpq_init(x);
        cgt_nus_number(x, ctx, g);
        bool zero = mpq_sgn(x) == 0;
        mpq_clear(x);
        return zero;
    }
    gpointer key = GUINT_TO_POINTER(g + 1);
    if (g_hash_table_contains(seen, key))
        return true;
    size_t n = cgt_left_count(ctx, g) + cgt_right_count(ctx, g);
    const cgt_game_t *o = cgt_left_options(ctx, g); /* left then right, contiguous */
    for (size_t i = 0; i < n; i++)
        if (!all_small_rec(ctx, o[i], seen))
            return false;
    g_hash_table_add(seen, key);
    return true;
}

bool cgt_is_all_small(cgt_ctx_t *ctx, cgt_game_t g)
{
    GHashTable *seen = g_hash_table_new(g_direct_hash, g_direct_equal);
    bool res = all_small_rec(ctx, g, seen);
    g_hash_table_destroy(seen);
    return res;
}

bool cgt_is_infinitesimal(cgt_ctx_t *ctx, cgt_game_t g)
{
    mpq_t a, b;
    mpq_inits(a, b, NULL);
    cgt_left_stop(a, ctx, g);
    cgt_right_stop(b, ctx, g);
    bool res = mpq_sgn(a) == 0 && mpq_sgn(b) == 0 && !cgt_is_number(ctx, g);
    mpq_clears(a, b, NULL);
    return res;
}

/* One more than the largest nimber among g's followers (at least 1). */
static unsigned long far_star(cgt_ctx_t *ctx, cgt_game_t g)
{
    if (cgt_is_nimber(ctx, g))
        return cgt_nus_nim(ctx, g) + 1;
    unsigned long best = 1;
    size_t n = cgt_left_count(ctx, g) + cgt_right_count(ctx, g);
    const cgt_game_t *o = cgt_left_options(ctx, g);
    for (size_t i = 0; i < n; i++) {
        unsigned long f = far_star(ctx, o[i]);
        best = f > best ? f : best;
    }
    return best;
}

/* ceil (up) or floor (down) of a stop of g, moved one step when g sits on that integer. */
static void integer_beside(mpq_t out, cgt_ctx_t *ctx, cgt_game_t g, bool above)
{
    mpz_t n;
    mpz_init(n);
    if (above) {
        cgt_right_stop(out, ctx, g);
        mpz_cdiv_q(n, mpq_numref(out), mpq_denref(out));
    } else {
        cgt_left_stop(out, ctx, g);
        mpz_fdiv_q(n, mpq_numref(out), mpq_denref(out));
    }
    mpq_set_z(out, n);
    cgt_game_t ng = cgt_number(ctx, out);
    if (above ? cgt_leq(ctx, ng, g) : cgt_leq(ctx, g, ng)) {
        mpz_set_si(n, above ? 1 : -1);
        mpz_add(mpq_numref(out), mpq_numref(out), n);
    }
    mpz_clear(n);
}

static cgt_game_t naive_aw(cgt_ctx_t *ctx, cgt_game_t g)
{
    if (cgt_is_nus(ctx, g))
        return cgt_integer(ctx, cgt_nus_up(ctx, g));
    cgt_pairmap_t *cache = cgt_ctx_cache(ctx, CGT_OP_AW);
    uint32_t hit = cgt_pairmap_get(cache, g, 0);
    if (hit != CGT_NONE)
        return hit;
    size_t nl = cgt_left_count(ctx, g), nr = cgt_right_count(ctx, g);
    cgt_game_t *l = g_new(cgt_game_t, nl + 1), *r = g_new(cgt_game_t, nr + 1);
    cgt_game_t two = cgt_integer(ctx, 2), mtwo = cgt_integer(ctx, -2);
    for (size_t i = 0; i < nl; i++)
        l[i] = cgt_add(ctx, naive_aw(ctx, cgt_left_options(ctx, g)[i]), mtwo);
    for (size_t i = 0; i < nr; i++)
        r[i] = cgt_add(ctx, naive_aw(ctx, cgt_right_options(ctx, g)[i]), two);
    cgt_game_t res = cgt_from_options(ctx, l, nl, r, nr);
    if (cgt_is_integer(ctx, res)) {
        /* The eccentric case: compare g with the far star to choose the integer. */
        mpq_t x, best;
        mpq_inits(x, best, NULL);
        cgt_game_t fs = cgt_nimber(ctx, far_star(ctx, g));
        bool le = cgt_leq(ctx, g, fs), ge = cgt_leq(ctx, fs, g);
        if (le != ge) {
            size_t n = le ? nl : nr;
            cgt_game_t *side = le ? l : r;
            for (size_t i = 0; i < n; i++) {
                integer_beside(x, ctx, side[i], le);
                if (i == 0 || (le ? mpq_cmp(x, best) > 0 : mpq_cmp(x, best) < 0))
                    mpq_set(best, x);
            }
            res = cgt_number(ctx, best); /* 0 when that side has no options */
        }
        mpq_clears(x, best, NULL);
    }
    g_free(l);
    g_free(r);
    cgt_pairmap_put(cache, g, 0, res);
    return res;
}

cgt_game_t cgt_norton(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t u)
{
    if (cgt_is_integer(ctx, g)) {
        mpq_t x;
        mpq_init(x);
        cgt_nus_number(x, ctx, g);
        cgt_game_t res = cgt_times_z(ctx, u, mpq_numref(x));
        mpq_clear(x);
        return res;
    }
    cgt_pairmap_t *cache = cgt_ctx_cache(ctx, CGT_OP_NORTON);
    uint32_t hit = cgt_pairmap_get(cache, g, u);
    if (hit != CGT_NONE)
        return hit;
    size_t nu = cgt_left_count(ctx, u) + cgt_right_count(ctx, u);
    cgt_game_t *inc = g_new(cgt_game_t, nu + 1);
    size_t ni = cgt_incentives(inc, ctx, u);
    for (size_t j = 0; j < ni; j++)
        inc[j] = cgt_add(ctx, u, inc[j]); /* u + I */
    size_t nl = cgt_left_count(ctx, g), nr = cgt_right_count(ctx, g);
    cgt_game_t *l = g_new(cgt_game_t, nl * ni + 1), *r = g_new(cgt_game_t, nr * ni + 1);
    for (size_t i = 0; i < nl; i++) {
        cgt_game_t p = cgt_norton(ctx, cgt_left_options(ctx, g)[i], u);
        for (size_t j = 0; j < ni; j++)
            l[i * ni + j] = cgt_add(ctx, p, inc[j]);
    }
    for (size_t i = 0; i < nr; i++) {
        cgt_game_t p = cgt_norton(ctx, cgt_right_options(ctx, g)[i], u);
        for (size_t j = 0; j < ni; j++)
            r[i * ni + j] = cgt_sub(ctx, p, inc[j]);
    }
    cgt_game_t res = cgt_from_options(ctx, l, nl * ni, r, nr * ni);
    g_free(l);
    g_free(r);
    g_free(inc);
    cgt_pairmap_put(cache, g, u, res);
    return res;
}

cgt_game_t cgt_ordinal_sum(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t h)
{
    if (cgt_is_nus(ctx, g) && cgt_nus_up(ctx, g) == 0 && cgt_is_nimber(ctx, h)) {
        /* x*a : *b = x*(a+b) */
        cgt_game_t star = cgt_nimber(ctx, cgt_nus_nim(ctx, g) + cgt_nus_nim(ctx, h));
        return cgt_add(ctx, cgt_number_part(ctx, g), star);
    }
    cgt_pairmap_t *cache = cgt_ctx_cache(ctx, CGT_OP_ORDINAL);
    uint32_t hit = cgt_pairmap_get(cache, g, h);
    if (hit != CGT_NONE)
        return hit;
    size_t gl = cgt_left_count(ctx, g), gr = cgt_right_count(ctx, g);
    size_t hl = cgt_left_count(ctx, h), hr = cgt_right_count(ctx, h);
    cgt_game_t *l = g_new(cgt_game_t, gl + hl + 1), *r = g_new(cgt_game_t, gr + hr + 1);
    for (size_t i = 0; i < gl; i++)
        l[i] = cgt_left_options(ctx, g)[i];
    for (size_t i = 0; i < hl; i++)
        l[gl + i] = cgt_ordinal_sum(ctx, g, cgt_left_options(ctx, h)[i]);
    for (size_t i = 0; i < gr; i++)
        r[i] = cgt_right_options(ctx, g)[i];
    for (size_t i = 0; i < hr; i++)
        r[gr + i] = cgt_ordinal_sum(ctx, g, cgt_right_options(ctx, h)[i]);
    cgt_game_t res = cgt_from_options(ctx, l, gl + hl, r, gr + hr);
    g_free(l);
    g_free(r);
    cgt_pairmap_put(cache, g, h, res);
    return res;
}

/* CGSuite's test: G - aw.^ lies within ^* + (*N : -1) of 0, N a power of two >= far star. */
static bool is_atomic(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t aw)
{
    mpq_t x;
    mpq_init(x);
    cgt_game_t up = cgt_nus(ctx, x, 1, 0), up_star = cgt_nus(ctx, x, 1, 1);
    mpq_clear(x);
    unsigned long fs = far_star(ctx, g), n = 2;
    while (n < fs)
        n <<= 1;
    cgt_game_t kite = cgt_ordinal_sum(ctx, cgt_nimber(ctx, n), cgt_integer(ctx, -1));
    cgt_game_t diff = cgt_sub(ctx, g, cgt_norton(ctx, aw, up));
    cgt_game_t eps = cgt_add(ctx, up_star, kite);
    return cgt_leq(ctx, diff, eps) && cgt_leq(ctx, cgt_neg(ctx, eps), diff);
}

cgt_aw_kind_t cgt_atomic_weight(cgt_game_t *out, cgt_ctx_t *ctx, cgt_game_t g)
{
    if (g == cgt_zero(ctx)) {
        *out = g;
        return CGT_AW_EXACT;
    }
    if (!cgt_is_infinitesimal(ctx, g))
        return CGT_AW_UNDEFINED;
    *out = naive_aw(ctx, g);
    if (cgt_is_all_small(ctx, g) || is_atomic(ctx, g, *out))
        return CGT_AW_EXACT;
    return CGT_AW_NOT_ATOMIC;
}

/* Replaces x* by x throughout (after heating by *, that removes the infinitesimals). */
static cgt_game_t star_projection(cgt_ctx_t *ctx, cgt_game_t g, const void *arg)
{
    if (cgt_is_number(ctx, g))
        return g;
    if (cgt_is_nus(ctx, g) && cgt_nus_up(ctx, g) == 0 && cgt_nus_nim(ctx, g) == 1)
        return cgt_number_part(ctx, g);
    cgt_pairmap_t *cache = cgt_ctx_cache(ctx, CGT_OP_STARP);
    uint32_t hit = cgt_pairmap_get(cache, g, 0);
    if (hit != CGT_NONE)
        return hit;
    cgt_game_t zero = cgt_zero(ctx);
    cgt_game_t res = cgt_map_options(ctx, g, star_projection, arg, zero, zero);
    cgt_pairmap_put(cache, g, 0, res);
    return res;
}

cgt_game_t cgt_reduced(cgt_ctx_t *ctx, cgt_game_t g)
{
    if (cgt_is_nus(ctx, g))
        return cgt_number_part(ctx, g);
    return star_projection(ctx, cgt_heat(ctx, g, cgt_nimber(ctx, 1)), NULL);
}

size_t cgt_incentives(cgt_game_t *out, cgt_ctx_t *ctx, cgt_game_t g)
{
    size_t nl = cgt_left_count(ctx, g), nr = cgt_right_count(ctx, g), n = 0;
    for (size_t i = 0; i < nl; i++)
        out[n++] = cgt_sub(ctx, cgt_left_options(ctx, g)[i], g);
    for (size_t i = 0; i < nr; i++)
        out[n++] = cgt_sub(ctx, g, cgt_right_options(ctx, g)[i]);
    /* Keep the maximal ones, once each. */
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        bool drop = false;
        for (size_t j = 0; j < n && !drop; j++)
            drop = j != i && (out[j] == out[i] ? j < i : cgt_leq(ctx, out[i], out[j]));
        if (!drop)
            out[k++] = out[i];
    }
    return k;
}
