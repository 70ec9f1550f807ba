/*
 * front/cmd_count.c: `mathgo count WxH... [--csv] [--by-stones] [--stats]`, the number of legal
 * positions of each board (positions/count.h), exactly.
 */
#include "front/commands.h"
#include "front/common.h"

#include "positions/count.h"

#include <gmp.h>
#include <math.h>
#include <stdio.h>

static long peak_rss_kib(void)
{
    long long bytes = front_peak_bytes();
    return bytes < 0 ? -1 : (long)(bytes / 1024);
}

/* L / 3^N as a float: the share of colourings that are legal, for plots. */
static double legal_fraction(const mpz_t count, int points)
{
    long exponent;
    double mantissa = mpz_get_d_2exp(&exponent, count);
    return exp(log(mantissa) + exponent * log(2.0) - points * log(3.0));
}

static int print_total(int width, int height, bool csv, bool stats)
{
    GError *error = NULL;
    count_stats_t st;
    mpz_t n;
    mpz_init(n);
    if (!count_legal(n, width, height, &st, &error)) {
        fprintf(stderr, "mathgo count: %s\n", error->message);
        g_error_free(error);
        mpz_clear(n);
        return FRONT_EXIT_FAILURE;
    }
    char *digits = mpz_get_str(NULL, 10, n);
    if (csv) {
        printf("%d,%d,%d,\"%s\",%.9g", width, height, width * height, digits,
               legal_fraction(n, width * height));
        if (stats)
            printf(",%.3f,%zu,%u,%ld", st.seconds, st.states, st.max_layer, peak_rss_kib());
        printf("\n");
    } else {
        printf("L(%dx%d) = %s\n", width, height, digits);
        if (stats)
            fprintf(stderr,
                    "%dx%d: %.3f s, %zu border states (largest layer %u), peak RSS %ld KiB\n",
                    width, height, st.seconds, st.states, st.max_layer, peak_rss_kib());
    }
    fflush(stdout);
    free(digits);
    mpz_clear(n);
    return FRONT_EXIT_OK;
}

static int print_by_stones(int width, int height, bool stats)
{
    GError *error = NULL;
    count_stats_t st;
    count_table_t *table = count_by_stones(width, height, &st, &error);
    if (!table) {
        fprintf(stderr, "mathgo count: %s\n", error->message);
        g_error_free(error);
        return FRONT_EXIT_FAILURE;
    }
    int points = count_table_points(table);
    mpz_t n;
    mpz_init(n);
    for (int b = 0; b <= points; b++)
        for (int w = 0; b + w <= points; w++) {
            count_table_get(n, table, b, w);
            char *digits = mpz_get_str(NULL, 10, n);
            printf("%d,%d,%d,%d,\"%s\",%.9g\n", width, height, b, w, digits, mpz_get_d(n));
            free(digits);
        }
    if (stats)
        fprintf(stderr, "%dx%d by stones: %.3f s, %zu border states, peak RSS %ld KiB\n", width,
                height, st.seconds, st.states, peak_rss_kib());
    mpz_clear(n);
    count_table_destroy(table);
    return FRONT_EXIT_OK;
}

int front_count(int argc, char **argv)
{
    gboolean csv = FALSE, by_stones = FALSE, stats = FALSE;
    GOptionEntry entries[] = {
        {"csv", 0, 0, G_OPTION_ARG_NONE, &csv,
         "CSV rows: width,height,points,legal_positions (a quoted decimal string),fraction_legal "
         "(L/3^N as a float)",
         NULL},
        {"by-stones", 0, 0, G_OPTION_ARG_NONE, &by_stones,
         "CSV rows width,height,black,white,legal_positions,legal_positions_float: the legal "
         "positions with b black and w white stones",
         NULL},
        {"stats", 0, 0, G_OPTION_ARG_NONE, &stats,
         "also report seconds, border states and peak memory (CSV columns, or stderr)", NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *ctx = g_option_context_new("WxH... - count the legal positions of boards");
    g_option_context_set_summary(
        ctx, "Prints L(W,H), the number of positions of a W x H board in which every chain has a\n"
             "liberty, exactly, by Tromp and Farnebaeck's border-state sweep.  Any size with one\n"
             "side at most 12 works; a size N means N x N.");
    g_option_context_add_main_entries(ctx, entries, NULL);
    GError *error = NULL;
    int status = FRONT_EXIT_OK;
    int *sizes = NULL;
    if (!front_parse_options(ctx, &argc, &argv, "count")) {
        status = FRONT_EXIT_USAGE;
        goto done;
    }
    if (argc < 2) {
        fprintf(stderr, "mathgo count: give a board size, e.g. 'mathgo count 5x5'\n");
        status = FRONT_EXIT_USAGE;
        goto done;
    }
    /* Check every size before counting any, so a typo fails at once. */
    sizes = g_new(int, 2 * (size_t)argc);
    for (int i = 1; i < argc; i++)
        if (!count_parse_size(&sizes[2 * i], &sizes[2 * i + 1], argv[i], &error)) {
            status = front_fail_usage("count", error);
            goto done;
        }
    if (by_stones)
        printf("width,height,black,white,legal_positions,legal_positions_float\n");
    else if (csv)
        printf("width,height,points,legal_positions,fraction_legal%s\n",
               stats ? ",seconds,border_states,largest_layer,peak_rss_kib" : "");
    for (int i = 1; i < argc && status == FRONT_EXIT_OK; i++)
        status = by_stones ? print_by_stones(sizes[2 * i], sizes[2 * i + 1], stats)
                           : print_total(sizes[2 * i], sizes[2 * i + 1], csv, stats);
done:
    g_free(sizes);
    g_option_context_free(ctx);
    return status;
}
