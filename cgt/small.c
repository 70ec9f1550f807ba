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
        mpq_set_ui(x, 0, 1);
        cgt_game_t fs = cgt_nus(ctx, x, 0, far_star(ctx, g));
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

cgt_aw_kind_t cgt_atomic_weight(cgt_game_t *out, cgt_ctx_t *ctx, cgt_game_t g)
{
    if (g == cgt_zero(ctx)) {
        *out = g;
        return CGT_AW_EXACT;
    }
    if (!cgt_is_infinitesimal(ctx, g))
        return CGT_AW_UNDEFINED;
    *out = naive_aw(ctx, g);
    return cgt_is_all_small(ctx, g) ? CGT_AW_EXACT : CGT_AW_NAIVE;
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
    mpq_t zero;
    mpq_init(zero);
    cgt_game_t star = cgt_nus(ctx, zero, 0, 1);
    mpq_clear(zero);
    return star_projection(ctx, cgt_heat(ctx, g, star), NULL);
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
