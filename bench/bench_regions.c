/*
 * bench/bench_regions.c: the time to value the whole region catalogue (regions/catalog/), as CSV
 * rows
 *   bench,case,n,time_s,nodes,detail,commit
 * time_s is the median of REPS runs, each in a fresh context (no warm tables); n the number of
 * regions, nodes the local positions evaluated, detail the canonical games of the cgt context
 * and the regions that are not short games.  Cases: territory, math, both (one context for
 * the two models in turn).  Goal: the whole catalogue in both models under one second.
 * Usage: bench_regions [CATALOG_DIR]
 */
#include "cgt/game.h"
#include "front/region_file.h"
#include "positions/diagram.h"
#include "regions/region.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include "bench_commit.h" /* MATHGO_COMMIT, written at build time (bench/commit.cmake) */

enum { REPS = 5 };

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static GPtrArray *read_catalog(const char *dir_path)
{
    GPtrArray *all = g_ptr_array_new_with_free_func((GDestroyNotify)region_file_entry_free);
    GDir *dir = g_dir_open(dir_path, 0, NULL);
    if (!dir)
        return all;
    for (const char *n; (n = g_dir_read_name(dir));) {
        if (!g_str_has_suffix(n, ".txt"))
            continue;
        char *path = g_build_filename(dir_path, n, NULL), *text = NULL;
        GError *error = NULL;
        GPtrArray *rs = NULL;
        if (g_file_get_contents(path, &text, NULL, NULL) &&
            (rs = region_file_parse(text, &error))) {
            for (guint i = 0; i < rs->len; i++)
                g_ptr_array_add(all, rs->pdata[i]);
            g_ptr_array_set_free_func(rs, NULL);
            g_ptr_array_unref(rs);
        } else {
            fprintf(stderr, "bench_regions: %s: %s\n", path, error ? error->message : "unreadable");
            g_clear_error(&error);
        }
        g_free(text);
        g_free(path);
    }
    g_dir_close(dir);
    return all;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : MATHGO_CATALOG;
    GPtrArray *all = read_catalog(dir);
    if (all->len == 0) {
        fprintf(stderr, "bench_regions: no regions in %s\n", dir);
        return 2;
    }
    printf("bench,case,n,time_s,nodes,detail,commit\n");
    const char *cases[] = {"territory", "math", "both"};
    for (int c = 0; c < 3; c++) {
        double times[REPS];
        size_t positions = 0, games = 0;
        int loopy = 0;
        for (int rep = 0; rep < REPS; rep++) {
            double start = (double)g_get_monotonic_time() / 1e6;
            region_ctx_t *ctx = region_ctx_create(0);
            loopy = 0;
            for (int m = 0; m < REGION_MODEL_COUNT; m++) {
                if (c < 2 && m != c)
                    continue;
                for (guint i = 0; i < all->len; i++) {
                    const region_file_entry_t *r = all->pdata[i];
                    cgt_game_t g;
                    GError *error = NULL;
                    if (!region_value(&g, ctx, r->geom, &r->position, (region_model_t)m, &error))
                        loopy++;
                    g_clear_error(&error);
                }
            }
            times[rep] = (double)g_get_monotonic_time() / 1e6 - start;
            positions = region_ctx_positions(ctx);
            games = cgt_ctx_size(region_ctx_cgt(ctx));
            region_ctx_destroy(ctx);
        }
        qsort(times, REPS, sizeof times[0], cmp_double);
        printf("regions,catalog_%s,%u,%.6f,%zu,cgt games %zu; not short %d,%s\n", cases[c],
               all->len, times[REPS / 2], positions, games, loopy, MATHGO_COMMIT);
    }
    g_ptr_array_unref(all);
    return 0;
}
