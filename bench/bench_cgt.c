/*
 * bench/bench_cgt.c: timings of the CGT engine, as CSV rows
 *   bench,case,n,time_s,nodes,detail,commit
 * time_s is the median of REPS runs, each in a fresh context (no warm caches); nodes is the
 * number of canonical games the context holds afterwards.  Cases (issue 5):
 *   switches      canonical form of +-1 + +-2 + ... + +-n           (detail: birthday)
 *   switches_th   the same sum's thermograph, from a fresh context   (detail: temperature)
 *   sum50_b3      sum of 50 random games of birthday 3, seeded       (detail: mean)
 *   compare_b5    compare two random games of birthday 5, seeded; 100 pairs, time per pair
 *                 (detail: how many compared <, =, >, ||)
 * Usage: bench_cgt [MAX_N]   (switch sums for n = 4, 8, ... up to MAX_N, default 20)
 */
#include "cgt/game.h"
#include "cgt/notation.h"
#include "cgt/thermo.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include "bench_commit.h" /* MATHGO_COMMIT, written at build time (bench/commit.cmake) */

enum { REPS = 5 };

static double now(void)
{
    return (double)g_get_monotonic_time() / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[n / 2];
}

static cgt_game_t switch_sum(cgt_ctx_t *ctx, int n)
{
    cgt_game_t s = cgt_zero(ctx);
    for (int k = 1; k <= n; k++)
        s = cgt_add(ctx, s, cgt_switch(ctx, cgt_integer(ctx, k)));
    return s;
}

static unsigned long birthday(cgt_ctx_t *ctx, cgt_game_t g);

/*
 * A random game of birthday exactly d: 1 to 3 options a side, each of a random birthday below
 * d, at least one born on day d - 1; drawn again until the canonical form is born on day d.
 */
static cgt_game_t random_born(cgt_ctx_t *ctx, GRand *r, int d)
{
    if (d == 0)
        return cgt_zero(ctx);
    for (;;) {
        cgt_game_t o[6];
        int nl = g_rand_int_range(r, 1, 4), nr = g_rand_int_range(r, 1, 4);
        for (int i = 0; i < nl + nr; i++)
            o[i] = random_born(ctx, r, i == 0 ? d - 1 : g_rand_int_range(r, 0, d));
        if (g_rand_boolean(r)) { /* the day d - 1 option on either side */
            cgt_game_t t = o[0];
            o[0] = o[nl];
            o[nl] = t;
        }
        cgt_game_t g = cgt_from_options(ctx, o, (size_t)nl, o + nl, (size_t)nr);
        if (birthday(ctx, g) == (unsigned long)d)
            return g;
    }
}

static unsigned long birthday(cgt_ctx_t *ctx, cgt_game_t g)
{
    mpz_t b;
    mpz_init(b);
    cgt_birthday(b, ctx, g);
    unsigned long v = mpz_get_ui(b);
    mpz_clear(b);
    return v;
}

/* "label value" with the exact value. */
static char *labelled(const char *label, const mpq_t q)
{
    char *v = cgt_number_to_string(q);
    char *s = g_strdup_printf("%s %s", label, v);
    g_free(v);
    return s;
}

static void row(const char *name, int n, double t, size_t nodes, const char *detail)
{
    printf("cgt,%s,%d,%.6f,%zu,%s,%s\n", name, n, t, nodes, detail, MATHGO_COMMIT);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    int max_n = argc > 1 ? atoi(argv[1]) : 20;
    printf("bench,case,n,time_s,nodes,detail,commit\n");
    double t[REPS];
    for (int n = 4; n <= max_n; n += 4) {
        size_t nodes = 0;
        char *detail = NULL;
        for (int r = 0; r < REPS; r++) {
            cgt_ctx_t *ctx = cgt_ctx_create();
            double t0 = now();
            cgt_game_t s = switch_sum(ctx, n);
            t[r] = now() - t0;
            nodes = cgt_ctx_size(ctx);
            g_free(detail);
            detail = g_strdup_printf("birthday %lu", birthday(ctx, s));
            cgt_ctx_destroy(ctx);
        }
        row("switches", n, median(t, REPS), nodes, detail);
        for (int r = 0; r < REPS; r++) {
            cgt_ctx_t *ctx = cgt_ctx_create();
            cgt_game_t s = switch_sum(ctx, n);
            double t0 = now();
            const cgt_thermo_t *th = cgt_thermograph(ctx, s);
            t[r] = now() - t0;
            mpq_t q;
            mpq_init(q);
            cgt_thermo_temperature(q, th);
            g_free(detail);
            detail = labelled("temperature", q);
            mpq_clear(q);
            nodes = cgt_ctx_size(ctx);
            cgt_ctx_destroy(ctx);
        }
        row("switches_th", n, median(t, REPS), nodes, detail);
        g_free(detail);
    }
    size_t nodes = 0;
    char *detail = NULL;
    for (int r = 0; r < REPS; r++) {
        cgt_ctx_t *ctx = cgt_ctx_create();
        GRand *rnd = g_rand_new_with_seed(42);
        cgt_game_t games[50];
        for (int i = 0; i < 50; i++)
            games[i] = random_born(ctx, rnd, 3);
        double t0 = now();
        cgt_game_t s = cgt_zero(ctx);
        for (int i = 0; i < 50; i++)
            s = cgt_add(ctx, s, games[i]);
        t[r] = now() - t0;
        mpq_t q;
        mpq_init(q);
        cgt_mean(q, ctx, s);
        g_free(detail);
        detail = labelled("mean", q);
        mpq_clear(q);
        nodes = cgt_ctx_size(ctx);
        g_rand_free(rnd);
        cgt_ctx_destroy(ctx);
    }
    row("sum50_b3", 50, median(t, REPS), nodes, detail);
    /* 100 pairs per run (made first, not timed); time_s is per comparison */
    for (int r = 0; r < REPS; r++) {
        cgt_ctx_t *ctx = cgt_ctx_create();
        GRand *rnd = g_rand_new_with_seed(7);
        cgt_game_t g[100], h[100];
        for (int i = 0; i < 100; i++) {
            g[i] = random_born(ctx, rnd, 5);
            h[i] = random_born(ctx, rnd, 5);
        }
        int counts[4] = {0};
        double t0 = now();
        for (int i = 0; i < 100; i++)
            counts[cgt_compare(ctx, g[i], h[i])]++;
        t[r] = (now() - t0) / 100;
        g_free(detail);
        detail =
            g_strdup_printf("< %d = %d > %d || %d", counts[0], counts[1], counts[2], counts[3]);
        nodes = cgt_ctx_size(ctx);
        g_rand_free(rnd);
        cgt_ctx_destroy(ctx);
    }
    row("compare_b5", 100, median(t, REPS), nodes, detail);
    g_free(detail);
    return 0;
}
