/*
 * tests/test_cgt_props.c: algebraic properties over thousands of random games (seeded; a failing
 * check prints its seed, and MATHGO_SEED=n reruns that seed first).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cgt/game.h"
#include "cgt/notation.h"
#include "cgt/thermo.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

enum { N_SEEDS = 150, GAMES_PER_SEED = 40 };

/* A random game of birthday at most depth, with small dyadic numbers at the leaves. */
static cgt_game_t random_game(cgt_ctx_t *ctx, GRand *r, int depth)
{
    if (depth == 0 || g_rand_int_range(r, 0, 5) == 0) {
        mpq_t x;
        mpq_init(x);
        mpq_set_si(x, g_rand_int_range(r, -4, 5), 1u << g_rand_int_range(r, 0, 2));
        mpq_canonicalize(x);
        cgt_game_t g = cgt_number(ctx, x);
        mpq_clear(x);
        return g;
    }
    cgt_game_t l[3], r_[3];
    int nl = g_rand_int_range(r, 0, 3), nr = g_rand_int_range(r, 0, 3);
    for (int i = 0; i < nl; i++)
        l[i] = random_game(ctx, r, depth - 1);
    for (int i = 0; i < nr; i++)
        r_[i] = random_game(ctx, r, depth - 1);
    return cgt_from_options(ctx, l, (size_t)nl, r_, (size_t)nr);
}

#define CHECK(cond, seed, ...)                                                                     \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            print_error("seed %u: ", (seed));                                                      \
            print_error(__VA_ARGS__);                                                              \
            print_error("\n");                                                                     \
            fail();                                                                                \
        }                                                                                          \
    } while (0)

typedef void (*prop_fn)(cgt_ctx_t *ctx, GRand *r, guint32 seed);

static void run_seeds(prop_fn f, guint32 base)
{
    const char *env = getenv("MATHGO_SEED");
    if (env) {
        guint32 s = (guint32)strtoul(env, NULL, 10);
        GRand *r = g_rand_new_with_seed(s);
        cgt_ctx_t *ctx = cgt_ctx_create();
        f(ctx, r, s);
        cgt_ctx_destroy(ctx);
        g_rand_free(r);
    }
    for (guint32 s = base; s < base + N_SEEDS; s++) {
        GRand *r = g_rand_new_with_seed(s);
        cgt_ctx_t *ctx = cgt_ctx_create();
        f(ctx, r, s);
        cgt_ctx_destroy(ctx);
        g_rand_free(r);
    }
}

static char *str(cgt_ctx_t *ctx, cgt_game_t g)
{
    return cgt_to_string(ctx, g); /* leaked on failure only */
}

static void prop_group(cgt_ctx_t *ctx, GRand *r, guint32 seed)
{
    for (int i = 0; i < GAMES_PER_SEED; i++) {
        cgt_game_t g = random_game(ctx, r, 3), h = random_game(ctx, r, 3);
        CHECK(cgt_sub(ctx, g, g) == cgt_zero(ctx), seed, "G - G != 0 for G = %s", str(ctx, g));
        CHECK(cgt_add(ctx, g, h) == cgt_add(ctx, h, g), seed, "G + H != H + G");
        bool le = cgt_leq(ctx, g, h);
        bool diff = cgt_leq(ctx, cgt_zero(ctx), cgt_sub(ctx, h, g));
        CHECK(le == diff, seed, "G <= H but not H - G >= 0 for %s, %s", str(ctx, g), str(ctx, h));
        cgt_game_t k = random_game(ctx, r, 2);
        CHECK(cgt_add(ctx, cgt_add(ctx, g, h), k) == cgt_add(ctx, g, cgt_add(ctx, h, k)), seed,
              "sum not associative");
        CHECK(cgt_neg(ctx, cgt_neg(ctx, g)) == g, seed, "-(-G) != G");
    }
}

static void prop_canonical(cgt_ctx_t *ctx, GRand *r, guint32 seed)
{
    for (int i = 0; i < GAMES_PER_SEED; i++) {
        cgt_game_t g = random_game(ctx, r, 3);
        /* rebuilding from its own options gives the same node */
        size_t nl = cgt_left_count(ctx, g), nr = cgt_right_count(ctx, g);
        cgt_game_t again =
            cgt_from_options(ctx, cgt_left_options(ctx, g), nl, cgt_right_options(ctx, g), nr);
        CHECK(again == g, seed, "canonical form not idempotent for %s", str(ctx, g));
        /* the printed form reads back as the same game */
        char *s = cgt_to_string(ctx, g);
        cgt_game_t back = 0;
        CHECK(cgt_parse(&back, ctx, s, NULL) && back == g, seed, "round trip of %s", s);
        g_free(s);
    }
}

static void prop_thermal(cgt_ctx_t *ctx, GRand *r, guint32 seed)
{
    mpq_t a, b, c, t, zero;
    mpq_inits(a, b, c, t, zero, NULL);
    for (int i = 0; i < GAMES_PER_SEED; i++) {
        cgt_game_t g = random_game(ctx, r, 3), h = random_game(ctx, r, 3);
        cgt_game_t s = cgt_add(ctx, g, h);
        cgt_mean(a, ctx, g);
        cgt_mean(b, ctx, h);
        mpq_add(a, a, b);
        cgt_mean(c, ctx, s);
        CHECK(mpq_equal(a, c), seed, "mean(G+H) != mean G + mean H for %s, %s", str(ctx, g),
              str(ctx, h));
        cgt_temperature(a, ctx, g);
        cgt_temperature(b, ctx, h);
        if (mpq_cmp(b, a) > 0)
            mpq_set(a, b);
        cgt_temperature(c, ctx, s);
        CHECK(mpq_cmp(c, a) <= 0, seed, "temperature(G+H) > max for %s, %s", str(ctx, g),
              str(ctx, h));
        /* walls at t = 0 are the stops */
        const cgt_thermo_t *th = cgt_thermograph(ctx, g);
        cgt_traj_value_at(a, cgt_thermo_left_wall(th), zero);
        cgt_left_stop(b, ctx, g);
        CHECK(mpq_equal(a, b), seed, "left wall at 0 != left stop for %s", str(ctx, g));
        cgt_traj_value_at(a, cgt_thermo_right_wall(th), zero);
        cgt_right_stop(b, ctx, g);
        CHECK(mpq_equal(a, b), seed, "right wall at 0 != right stop for %s", str(ctx, g));
        /* cooling above the temperature gives the mean */
        cgt_temperature(t, ctx, g);
        mpq_set_ui(a, 1, 4);
        mpq_add(t, t, a);
        cgt_game_t cooled;
        CHECK(cgt_cool(&cooled, ctx, g, t, NULL), seed, "cool failed");
        cgt_mean(a, ctx, g);
        CHECK(cooled == cgt_number(ctx, a), seed, "cooling above temperature != mean for %s",
              str(ctx, g));
        /* cooling is additive below (Siegel II.5.14): (G+H)_1 = G_1 + H_1 */
        mpq_set_ui(t, 1, 2);
        cgt_game_t gc, hc, sc;
        CHECK(cgt_cool(&gc, ctx, g, t, NULL) && cgt_cool(&hc, ctx, h, t, NULL) &&
                  cgt_cool(&sc, ctx, s, t, NULL),
              seed, "cool failed");
        CHECK(sc == cgt_add(ctx, gc, hc), seed, "cooling by 1/2 not additive for %s, %s",
              str(ctx, g), str(ctx, h));
    }
    mpq_clears(a, b, c, t, zero, NULL);
}

/*
 * Even and odd elementary Go values (Berlekamp and Wolfe): an integer is even or odd by parity;
 * any other game is even if all its options are odd and odd if all are even.  Numbers that are
 * not integers are neither.
 */
static int parity(cgt_ctx_t *ctx, cgt_game_t g)
{
    if (cgt_is_integer(ctx, g)) {
        mpq_t x;
        mpq_init(x);
        cgt_nus_number(x, ctx, g);
        int p = mpz_odd_p(mpq_numref(x)) ? 1 : 0;
        mpq_clear(x);
        return p;
    }
    if (cgt_is_number(ctx, g))
        return -1;
    size_t n = cgt_left_count(ctx, g) + cgt_right_count(ctx, g);
    const cgt_game_t *o = cgt_left_options(ctx, g);
    int want = -1;
    for (size_t i = 0; i < n; i++) {
        int p = parity(ctx, o[i]);
        if (p < 0 || (want >= 0 && p != want))
            return -1;
        want = p;
    }
    return want < 0 ? -1 : 1 - want;
}

/* Random Go-like games: integer leaves, built to alternate parity. */
static cgt_game_t random_go(cgt_ctx_t *ctx, GRand *r, int depth, int par)
{
    if (depth == 0 || g_rand_int_range(r, 0, 4) == 0)
        return cgt_integer(ctx, 2 * g_rand_int_range(r, -3, 4) + par);
    cgt_game_t l[2], rr[2];
    int nl = g_rand_int_range(r, 1, 3), nr = g_rand_int_range(r, 1, 3);
    for (int i = 0; i < nl; i++)
        l[i] = random_go(ctx, r, depth - 1, 1 - par);
    for (int i = 0; i < nr; i++)
        rr[i] = random_go(ctx, r, depth - 1, 1 - par);
    return cgt_from_options(ctx, l, (size_t)nl, rr, (size_t)nr);
}

static void prop_chill_warm(cgt_ctx_t *ctx, GRand *r, guint32 seed)
{
    int tested = 0;
    for (int i = 0; i < GAMES_PER_SEED; i++) {
        cgt_game_t g = random_go(ctx, r, 3, 0);
        if (parity(ctx, g) != 0)
            continue; /* the canonical form must itself be even */
        tested++;
        cgt_game_t back = cgt_warm(ctx, cgt_chill(ctx, g));
        CHECK(back == g, seed, "warm(chill(G)) = %s != G = %s", str(ctx, back), str(ctx, g));
    }
    CHECK(tested > 0, seed, "no even game drawn");
}

/*
 * An independent referee: explicit game trees compared by the definition alone (G <= H iff no
 * GL >= H and no HR <= G), with no canonical forms, numbers or caches.  Exponential, so small.
 */
typedef struct form {
    int nl, nr;
    struct form *l[2], *r[2];
} form_t;

static form_t *random_form(GRand *r, int depth)
{
    form_t *f = g_new0(form_t, 1);
    if (depth == 0)
        return f;
    f->nl = g_rand_int_range(r, 0, 3);
    f->nr = g_rand_int_range(r, 0, 3);
    for (int i = 0; i < f->nl; i++)
        f->l[i] = random_form(r, depth - 1 - g_rand_int_range(r, 0, 2) * (depth > 1));
    for (int i = 0; i < f->nr; i++)
        f->r[i] = random_form(r, depth - 1 - g_rand_int_range(r, 0, 2) * (depth > 1));
    return f;
}

static void free_form(form_t *f)
{
    for (int i = 0; i < f->nl; i++)
        free_form(f->l[i]);
    for (int i = 0; i < f->nr; i++)
        free_form(f->r[i]);
    g_free(f);
}

static bool form_leq(const form_t *g, const form_t *h)
{
    for (int i = 0; i < g->nl; i++)
        if (form_leq(h, g->l[i]))
            return false;
    for (int i = 0; i < h->nr; i++)
        if (form_leq(h->r[i], g))
            return false;
    return true;
}

static cgt_game_t form_value(cgt_ctx_t *ctx, const form_t *f)
{
    cgt_game_t l[2], r[2];
    for (int i = 0; i < f->nl; i++)
        l[i] = form_value(ctx, f->l[i]);
    for (int i = 0; i < f->nr; i++)
        r[i] = form_value(ctx, f->r[i]);
    return cgt_from_options(ctx, l, (size_t)f->nl, r, (size_t)f->nr);
}

static void prop_referee(cgt_ctx_t *ctx, GRand *r, guint32 seed)
{
    for (int i = 0; i < GAMES_PER_SEED; i++) {
        form_t *a = random_form(r, 4), *b = random_form(r, 4);
        cgt_game_t ga = form_value(ctx, a), gb = form_value(ctx, b);
        CHECK(cgt_leq(ctx, ga, gb) == form_leq(a, b), seed,
              "engine and definition disagree on %s <= %s", str(ctx, ga), str(ctx, gb));
        CHECK((ga == gb) == (form_leq(a, b) && form_leq(b, a)), seed,
              "equal forms got different ids: %s, %s", str(ctx, ga), str(ctx, gb));
        free_form(a);
        free_form(b);
    }
}

static void test_cgt_props__comparison_agrees_with_the_definition_on_raw_forms(void **state)
{
    (void)state;
    run_seeds(prop_referee, 5000);
}

static void test_cgt_props__group_laws_and_order(void **state)
{
    (void)state;
    run_seeds(prop_group, 1000);
}

static void test_cgt_props__canonical_forms_are_idempotent_and_print_back(void **state)
{
    (void)state;
    run_seeds(prop_canonical, 2000);
}

static void test_cgt_props__means_add_temperatures_bound_and_cooling_agrees(void **state)
{
    (void)state;
    run_seeds(prop_thermal, 3000);
}

static void test_cgt_props__warm_inverts_chill_on_even_elementary_values(void **state)
{
    (void)state;
    run_seeds(prop_chill_warm, 4000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cgt_props__comparison_agrees_with_the_definition_on_raw_forms),
        cmocka_unit_test(test_cgt_props__group_laws_and_order),
        cmocka_unit_test(test_cgt_props__canonical_forms_are_idempotent_and_print_back),
        cmocka_unit_test(test_cgt_props__means_add_temperatures_bound_and_cooling_agrees),
        cmocka_unit_test(test_cgt_props__warm_inverts_chill_on_even_elementary_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
