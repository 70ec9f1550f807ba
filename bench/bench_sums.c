/*
 * bench/bench_sums.c: whole boards of walled-off regions solved twice, by decomposition (the
 * regions' values, regions/sum.h) and by the full-board search (solver/search.h), as CSV rows
 *   bench,set,board,empty,regions,model,to_move,decomposed,full,agree,conditions,
 *   decompose_s,full_s,full_nodes,diagram,commit
 * one per board, model and side to move.  decomposed/full: the winner (math) or the score
 * (territory; the full search counts every stone alive with free passes, japanese,ko=positional);
 * conditions: for territory, whether the board meets the conditions under which the stop is the
 * full-board score (integer stops, no capture reachable: docs/regions.md), else "-"; full is
 * empty when the full search hit its time limit.  decompose_s includes valuing the regions in a
 * fresh context.  diagram: the rows joined by '/'.
 *
 * Sets: "small", the 200 boards of tests/test_sum.c (seed 0x5eed5, up to 12 empty points);
 * "large", 12 boards of 4 regions and 14 to 30 empty points (seed 0x1a26e); "30", 5 boards
 * of 4 regions and 28 to 30 empty points (seed 0x30).  The full search
 * stops after BENCH_MAX_SECONDS (default 60) per start.
 * Usage: bench_sums [small|large]
 */
#include "cgt/game.h"
#include "cgt/notation.h"
#include "cgt/thermo.h"
#include "core/game.h"
#include "core/rules.h"
#include "regions/generate.h"
#include "regions/region.h"
#include "regions/sum.h"
#include "solver/search.h"

#include <gmp.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_commit.h" /* MATHGO_COMMIT, written at build time (bench/commit.cmake) */

/* The full-board result as text ("B"/"W" or the score), or "" when the limit was hit. */
static void full_result(char out[32], double *seconds, uint64_t *nodes, const region_generated_t *b,
                        region_model_t model, board_color_t first, double max_seconds)
{
    rules_t rules;
    g_assert(
        rules_parse(&rules, model == REGION_MODEL_MATH ? "math" : "japanese,ko=positional,cycle=none,analysis=none", NULL));
    search_options_t options = search_options_default();
    options.tt_bytes = 64u << 20;
    options.max_seconds = max_seconds;
    search_t *search = search_create(b->geom, &rules, &options, NULL);
    game_t *game = game_create_from(b->geom, &rules, &b->position, first, NULL);
    int value;
    /* math: the winner is the sign, a null window around 0 (no draws); territory: the score */
    bool math = model == REGION_MODEL_MATH;
    bool done = search_value(&value, search, game, math ? -1 : -SEARCH_VALUE_INF,
                             math ? 1 : SEARCH_VALUE_INF, NULL);
    search_stats_t st = search_stats(search);
    *seconds = st.seconds;
    *nodes = st.nodes;
    if (!done)
        out[0] = '\0';
    else if (math)
        snprintf(out, 32, "%s", value > 0 ? "B" : "W");
    else if (value % 2)
        snprintf(out, 32, "%d/2", value);
    else
        snprintf(out, 32, "%d", value / 2);
    game_destroy(game);
    search_destroy(search);
}

/* The decomposition's result as text, the condition column, and its time with a fresh context. */
static void decomposed_result(char out[32], char conditions[8], double *seconds,
                              const region_generated_t *b, region_model_t model,
                              board_color_t first)
{
    double start = (double)g_get_monotonic_time() / 1e6;
    region_ctx_t *ctx = region_ctx_create(0);
    cgt_ctx_t *cgt = region_ctx_cgt(ctx);
    region_sum_t *sum = region_sum_create(ctx, b->geom, &b->position, model, NULL);
    g_assert(sum);
    board_move_t moves[BOARD_MAX_POINTS];
    int n = region_sum_best_moves(moves, sum, first, NULL);
    g_assert(n >= 0);
    cgt_game_t g = region_sum_value(sum);
    snprintf(conditions, 8, "-");
    if (model == REGION_MODEL_MATH) {
        /* the mover wins exactly when it has a winning play */
        board_color_t winner = n > 0 ? first : board_color_other(first);
        snprintf(out, 32, "%s", winner == BOARD_BLACK ? "B" : "W");
    } else {
        mpq_t s, other;
        mpq_inits(s, other, NULL);
        if (first == BOARD_BLACK)
            cgt_left_stop(s, cgt, g);
        else
            cgt_right_stop(s, cgt, g);
        char *text = cgt_number_to_string(s);
        snprintf(out, 32, "%s", text);
        g_free(text);
        cgt_left_stop(s, cgt, g);
        cgt_right_stop(other, cgt, g);
        bool integral = mpz_cmp_ui(mpq_denref(s), 1) == 0 && mpz_cmp_ui(mpq_denref(other), 1) == 0;
        snprintf(conditions, 8, "%s",
                 integral && region_sum_capturing_region(sum) < 0 ? "yes" : "no");
        mpq_clears(s, other, NULL);
    }
    region_sum_destroy(sum);
    region_ctx_destroy(ctx);
    *seconds = (double)g_get_monotonic_time() / 1e6 - start;
}

int main(int argc, char **argv)
{
    const char *set = argc > 1 ? argv[1] : "small";
    bool large = !strcmp(set, "large"), thirty = !strcmp(set, "30");
    if (!large && !thirty && strcmp(set, "small")) {
        fprintf(stderr, "bench_sums: unknown set '%s' (small, large or 30)\n", set);
        return 2;
    }
    const char *limit = getenv("BENCH_MAX_SECONDS");
    double max_seconds = limit ? atof(limit) : 60;
    region_generate_options_t small_options = {3, 2, 56, 7, 1, 12, 2, 5};
    region_generate_options_t large_options = {4, 2, 56, 8, 14, 30, 4, 4};
    region_generate_options_t thirty_options = {4, 1, 90, 8, 28, 30, 4, 4};
    const region_generate_options_t *options =
        thirty ? &thirty_options : large ? &large_options : &small_options;
    uint64_t rng = thirty ? 0x30u : large ? 0x1a26eu : 0x5eed5u;
    int boards = thirty ? 5 : large ? 12 : 200, rejected = 0;
    region_ctx_t *ctx = region_ctx_create(0);
    printf("bench,set,board,empty,regions,model,to_move,decomposed,full,agree,conditions,"
           "decompose_s,full_s,full_nodes,diagram,commit\n");
    for (int k = 0; k < boards; k++) {
        region_generated_t b;
        if (!region_generate(&b, &rng, ctx, options, &rejected)) {
            fprintf(stderr, "bench_sums: no board meets the options\n");
            return 1;
        }
        char *diagram = g_strdelimit(g_strdup(b.diagram), "\n", '/');
        diagram[strlen(diagram) - 1] = '\0';
        for (int m = REGION_MODEL_COUNT - 1; m >= 0; m--)
            for (int c = 0; c < 2; c++) {
                char dec[32], full[32], conditions[8];
                double dec_s, full_s;
                uint64_t nodes;
                decomposed_result(dec, conditions, &dec_s, &b, (region_model_t)m, (board_color_t)c);
                full_result(full, &full_s, &nodes, &b, (region_model_t)m, (board_color_t)c,
                            max_seconds);
                printf("sums,%s,%d,%d,%d,%s,%c,%s,%s,%s,%s,%.6f,%.6f,%llu,%s,%s\n", set, k, b.empty,
                       b.regions, region_model_name((region_model_t)m), c ? 'w' : 'b', dec, full,
                       full[0] ? (strcmp(dec, full) ? "no" : "yes") : "", conditions, dec_s, full_s,
                       (unsigned long long)nodes, diagram, MATHGO_COMMIT);
                fflush(stdout);
            }
        g_free(diagram);
        board_geom_destroy(b.geom);
    }
    region_ctx_destroy(ctx);
    return 0;
}
