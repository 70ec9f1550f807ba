/*
 * bench/bench_dist.c: the unit costs and the coordinator's rate behind docs/scale.md's model.
 * Both print tidy CSV with the commit.
 *
 *   bench_dist units BOARD RULES [UNITS [MAX_SECONDS [MEMORY_MB]]]
 *       The distributed algorithm in one process, one table (dist_plan_solve_here's loop, as
 *       one searching rank): a row per answer with the root test it belongs to, the unit's
 *       depth and window (root terms), the bounds proved, nodes and seconds.  UNITS is the
 *       plan's target (default 64), MAX_SECONDS stops the run (0: none; the rows so far stand,
 *       and the exit status is 3).
 *   bench_dist coordinator BOARD RULES UNITS ANSWERS [JOURNAL]
 *       The coordinator's own cost: a plan of about UNITS units answered ANSWERS times without
 *       searching (each unit handed out fails low or high at random under its window, so the
 *       root tests move on as in a run), and, with JOURNAL, each answer appended to a journal
 *       (flushed and fdatasync'ed, as in a run).  One row: plan nodes, answers, seconds,
 *       answers per second.
 */
#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "dist/dist.h"
#include "solver/checkpoint.h"
#include "solver/search.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_commit.h" /* MATHGO_COMMIT, written at build time (bench/commit.cmake) */

static bool parse_board(int *width, int *height, const char *text)
{
    return sscanf(text, "%dx%d", width, height) == 2 && *width > 0 && *height > 0;
}

static double now_s(void)
{
    return g_get_monotonic_time() / 1e6;
}

static int units(const board_geom_t *g, const rules_t *r, const char *board, const char *rules,
                 int target, double max_seconds, size_t memory_mb)
{
    search_options_t o = search_options_default();
    if (memory_mb)
        o.tt_bytes = memory_mb << 20;
    GError *error = NULL;
    search_t *search = search_create(g, r, &o, &error);
    if (!search) {
        fprintf(stderr, "bench_dist: %s\n", error->message);
        return 1;
    }
    game_t *root = game_create(g, r);
    dist_plan_t *plan = dist_plan_create(root, target);
    printf("commit,board,rules,units,test,test_alpha,test_beta,unit,depth,alpha,beta,lo,hi,nodes,"
           "time_s\n");
    double start = now_s();
    int value, unit, alpha, beta, status = 0;
    while (!dist_plan_decided(&value, plan)) {
        if (max_seconds > 0 && now_s() - start > max_seconds)
            break;
        int ta, tb;
        int test = dist_plan_test(&ta, &tb, plan);
        if (!dist_plan_next(&unit, &alpha, &beta, plan))
            break; /* cannot happen: the root is decided once no needed unit is left */
        game_t *game = dist_plan_unit_game(plan, root, unit);
        uint64_t before = search_stats(search).nodes;
        double began = now_s();
        int v, lo, hi;
        bool ok = search_value(&v, search, game, alpha, beta, &error);
        game_destroy(game);
        if (!ok) {
            fprintf(stderr, "bench_dist: unit %d: %s\n", unit, error->message);
            status = 1;
            break;
        }
        uint64_t nodes = search_stats(search).nodes - before;
        dist_plan_bounds_of(&lo, &hi, v, alpha, beta);
        dist_plan_record(plan, unit, lo, hi, nodes);
        board_move_t moves[SEARCH_MAX_PV];
        int depth = dist_plan_unit_moves(moves, plan, unit);
        printf("%s,%s,\"%s\",%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%llu,%.4f\n", MATHGO_COMMIT, board,
               rules, dist_plan_unit_count(plan), test, ta, tb, unit, depth, alpha, beta, lo, hi,
               (unsigned long long)nodes, now_s() - began);
        fflush(stdout);
    }
    if (!status && !dist_plan_decided(&value, plan)) {
        fprintf(stderr, "bench_dist: stopped after %.0f s, the root undecided\n", max_seconds);
        status = 3;
    }
    dist_plan_destroy(plan);
    game_destroy(root);
    search_destroy(search);
    return status;
}

static int coordinator(const board_geom_t *g, const rules_t *r, const char *board,
                       const char *rules, int target, int answers, const char *journal_path)
{
    (void)g;
    game_t *root = game_create(g, r);
    dist_plan_t *plan = NULL;
    dist_journal_t *journal = NULL;
    GError *error = NULL;
    double built = now_s();
    if (journal_path) {
        char *problem = checkpoint_problem(root);
        int read = 0;
        char *warning = NULL;
        remove(journal_path);
        journal = dist_journal_open(&plan, &read, &warning, journal_path, problem, "bench_dist",
                                    root, target, &error);
        g_free(problem);
        g_free(warning);
        if (!journal) {
            fprintf(stderr, "bench_dist: %s\n", error->message);
            return 1;
        }
    } else
        plan = dist_plan_create(root, target);
    built = now_s() - built;
    GRand *rand = g_rand_new_with_seed(1);
    int done = 0, value, unit, alpha, beta;
    double start = now_s();
    while (done < answers && !dist_plan_decided(&value, plan) &&
           dist_plan_next(&unit, &alpha, &beta, plan)) {
        /* A fail low or a fail high: the test moves on as after a search. */
        bool high = g_rand_boolean(rand);
        int lo = high ? beta : -SEARCH_VALUE_INF, hi = high ? SEARCH_VALUE_INF : alpha;
        dist_plan_record(plan, unit, lo, hi, 1);
        if (journal && !dist_journal_append_result(journal, unit, lo, hi, 1, 0.0, &error)) {
            fprintf(stderr, "bench_dist: %s\n", error->message);
            return 1;
        }
        done++;
    }
    double seconds = now_s() - start;
    printf("commit,board,rules,units,depth,journal,build_s,answers,time_s,answers_per_s\n");
    printf("%s,%s,\"%s\",%d,%d,%s,%.3f,%d,%.3f,%.0f\n", MATHGO_COMMIT, board, rules,
           dist_plan_unit_count(plan), dist_plan_depth(plan), journal ? "yes" : "no", built, done,
           seconds, seconds > 0 ? done / seconds : 0.0);
    g_rand_free(rand);
    if (journal)
        dist_journal_close(journal);
    dist_plan_destroy(plan);
    game_destroy(root);
    return 0;
}

int main(int argc, char **argv)
{
    int width, height;
    rules_t r;
    if (argc < 4 || !parse_board(&width, &height, argv[2]) || !rules_parse(&r, argv[3], NULL) ||
        (strcmp(argv[1], "units") && (strcmp(argv[1], "coordinator") || argc < 6))) {
        fprintf(stderr, "usage: bench_dist units BOARD RULES [UNITS [MAX_SECONDS [MEMORY_MB]]]\n"
                        "       bench_dist coordinator BOARD RULES UNITS ANSWERS [JOURNAL]\n");
        return 2;
    }
    board_geom_t *g = board_geom_create(width, height, NULL);
    if (!g) {
        fprintf(stderr, "bench_dist: board %s is not supported\n", argv[2]);
        return 2;
    }
    int status;
    if (!strcmp(argv[1], "units"))
        status = units(g, &r, argv[2], argv[3], argc > 4 ? atoi(argv[4]) : 64,
                       argc > 5 ? atof(argv[5]) : 0, argc > 6 ? (size_t)atol(argv[6]) : 0);
    else
        status = coordinator(g, &r, argv[2], argv[3], atoi(argv[4]), atoi(argv[5]),
                             argc > 6 ? argv[6] : NULL);
    board_geom_destroy(g);
    return status;
}
