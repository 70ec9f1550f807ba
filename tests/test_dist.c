/*
 * tests/test_dist.c: the distributed solve (dist/dist.h).  The plan's minimax over its units,
 * each searched with the window the plan gives, is the single-process solver's value on every
 * board up to 3x4 under every rule set, from the empty board and after seeded random
 * histories, for several expansion depths; the journal resumes, cuts a truncated or damaged
 * tail and refuses another problem's or a damaged head; `mathgo solve --distributed` (one rank,
 * without mpirun) prints the single-process value, and a coordinator killed after some results
 * is resumed from its journal with the same answer.  The runs under mpirun (two ranks, a killed
 * worker) are tests/dist_mpirun.sh's.
 */
#define _POSIX_C_SOURCE 200809L
#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "dist/dist.h"
#include "dist/internal.h"
#include "solver/checkpoint.h"
#include "solver/search.h"
#include "tests/support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <glib/gstdio.h>

/* The rule sets of the distributed solve's checks (docs/scale.md, "Tests"): vdWW is chinese
 * with simple ko and cycle=draw. */
static const char *const rule_sets[] = {"math",    "pseudo",      "tromp-taylor",
                                        "chinese", "old-chinese", "chinese,ko=simple,cycle=draw",
                                        NULL};

/* Every board up to 3x4 (one of each pair of transposes). */
static const int boards[][2] = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 2},
                                {2, 3}, {2, 4}, {3, 3}, {3, 4}};

/* A context with a table of `megabytes` (the plan's checks make one context per unit on the
 * small boards). */
static search_t *new_search_sized(const board_geom_t *geom, const rules_t *rules, size_t megabytes)
{
    search_options_t options = search_options_default();
    options.tt_bytes = megabytes << 20;
    search_t *search = search_create(geom, rules, &options, NULL);
    assert_non_null(search);
    return search;
}

static search_t *new_search(const board_geom_t *geom, const rules_t *rules)
{
    return new_search_sized(geom, rules, 1);
}

static int single_value(const board_geom_t *geom, const rules_t *rules, const game_t *game)
{
    search_t *search = new_search_sized(geom, rules, 32);
    int value;
    assert_true(search_value(&value, search, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
    search_destroy(search);
    return value;
}

/* The plan's value with `target` units, each unit searched by a fresh context (no table shared
 * between units, as on separate ranks) or by one context for all. */
static int plan_value(const board_geom_t *geom, const rules_t *rules, const game_t *game,
                      int target, bool shared_table)
{
    dist_plan_t *plan = dist_plan_create(game, target);
    search_t *shared = shared_table ? new_search_sized(geom, rules, 32) : NULL;
    int value, unit, alpha, beta, searches = 0;
    while (!dist_plan_decided(&value, plan)) {
        assert_true(dist_plan_next(&unit, &alpha, &beta, plan));
        assert_false(dist_plan_unit_ended(plan, unit));
        assert_true(alpha < beta);
        search_t *search = shared ? shared : new_search(geom, rules);
        game_t *unit_game = dist_plan_unit_game(plan, game, unit);
        int r, lo, hi;
        uint64_t before = search_stats(search).nodes;
        assert_true(search_value(&r, search, unit_game, alpha, beta, NULL));
        dist_plan_bounds_of(&lo, &hi, r, alpha, beta);
        dist_plan_record(plan, unit, lo, hi, search_stats(search).nodes - before);
        game_destroy(unit_game);
        /* Each root test settles each unit at most once: the loop ends. */
        assert_true(++searches <= 1000 * dist_plan_unit_count(plan));
        if (!shared)
            search_destroy(search);
    }
    assert_false(dist_plan_next(&unit, &alpha, &beta, plan));
    search_destroy(shared);
    dist_plan_destroy(plan);
    return value;
}

static void test_dist__values_move_between_unit_and_root_terms(void **state)
{
    (void)state;
    /* A win 5 plies from a unit 3 plies down is one 8 plies from the root. */
    assert_int_equal(dist_to_root(SEARCH_VALUE_WIN - 5, 3), SEARCH_VALUE_WIN - 8);
    assert_int_equal(dist_to_root(-(SEARCH_VALUE_WIN - 5), 3), -(SEARCH_VALUE_WIN - 8));
    int values[] = {0,
                    7,
                    -12,
                    SEARCH_VALUE_CYCLE_WIN,
                    -SEARCH_VALUE_CYCLE_WIN,
                    SEARCH_VALUE_WIN,
                    SEARCH_VALUE_WIN - 40,
                    -(SEARCH_VALUE_WIN - 1),
                    SEARCH_VALUE_INF,
                    -SEARCH_VALUE_INF};
    for (size_t i = 0; i < sizeof values / sizeof *values; i++)
        for (int depth = 0; depth < 6; depth++)
            assert_int_equal(dist_to_unit(dist_to_root(values[i], depth), depth), values[i]);
    /* Scores and cycle values keep their value at every depth. */
    assert_int_equal(dist_to_root(SEARCH_VALUE_CYCLE_WIN, 4), SEARCH_VALUE_CYCLE_WIN);
    assert_int_equal(dist_to_root(-9, 4), -9);
}

static void test_dist__plan_value_equals_single_process_on_every_board_up_to_3x4(void **state)
{
    (void)state;
    for (size_t b = 0; b < sizeof boards / sizeof *boards; b++) {
#ifdef MATHGO_DEBUG
        /* The debug (sanitizer) build checks every play and is ten times slower: 3x4 is left to
         * the release build and to tests/dist_mpirun.sh. */
        if (boards[b][0] * boards[b][1] > 9)
            continue;
#endif
        board_geom_t *geom = board_geom_create(boards[b][0], boards[b][1], NULL);
        for (int r = 0; rule_sets[r]; r++) {
            rules_t rules;
            assert_true(rules_parse(&rules, rule_sets[r], NULL));
            game_t *game = game_create(geom, &rules);
            int want = single_value(geom, &rules, game);
            /* Depth 1 and 2 or more, tables per unit or shared; 3x4 (a second each) once, with
             * a shared table (as on one rank), and under mpirun in tests/dist_mpirun.sh. */
            bool large = geom->width * geom->height > 9;
            int targets[] = {2, 64, 400};
            for (int t = large ? 1 : 0; t < (large ? 2 : 3); t++) {
                int got = plan_value(geom, &rules, game, targets[t], t % 2 == 0 || large);
                if (got != want)
                    fail_msg("%dx%d %s, %d units: the plan's value %d, the solver's %d",
                             geom->width, geom->height, rule_sets[r], targets[t], got, want);
            }
            game_destroy(game);
        }
        board_geom_destroy(geom);
    }
}

/* Searches a unit under its window and records what it proved. */
static void answer_unit(dist_plan_t *plan, search_t *search, const game_t *root, int unit,
                        int alpha, int beta)
{
    game_t *g = dist_plan_unit_game(plan, root, unit);
    int r, lo, hi;
    assert_true(search_value(&r, search, g, alpha, beta, NULL));
    dist_plan_bounds_of(&lo, &hi, r, alpha, beta);
    dist_plan_record(plan, unit, lo, hi, 1);
    game_destroy(g);
}

/* The plan's value when units are split while they run (dist_plan_split): after a split, a
 * helper may take a younger child, and the split unit is then answered or given back. */
static int plan_value_splitting(const board_geom_t *geom, const rules_t *rules, const game_t *game,
                                GRand *rand)
{
    dist_plan_t *plan = dist_plan_create(game, 8);
    search_t *search = new_search_sized(geom, rules, 32);
    int value, unit, alpha, beta, searches = 0, splits = 0;
    while (!dist_plan_decided(&value, plan)) {
        assert_true(dist_plan_next(&unit, &alpha, &beta, plan));
        if (g_rand_int_range(rand, 0, 3) == 0 && dist_plan_split(plan, game, unit)) {
            splits++;
            assert_false(dist_plan_split(plan, game, unit)); /* once only */
            int helper, ha, hb;
            if (dist_plan_next(&helper, &ha, &hb, plan)) {
                assert_true(helper != unit);
                answer_unit(plan, search, game, helper, ha, hb);
            }
            if (g_rand_boolean(rand) || !dist_plan_needed(plan, unit)) {
                dist_plan_release(plan, unit);
                continue;
            }
        }
        answer_unit(plan, search, game, unit, alpha, beta);
        assert_true(++searches <= 1000 * dist_plan_unit_count(plan));
    }
    assert_true(splits > 0 || dist_plan_unit_count(plan) <= 8);
    search_destroy(search);
    dist_plan_destroy(plan);
    return value;
}

static void test_dist__plan_value_with_splits_equals_single_process(void **state)
{
    (void)state;
    GRand *rand = g_rand_new_with_seed(5);
    const int sizes[][2] = {{1, 5}, {2, 3}, {3, 3}, {2, 4}};
    for (size_t b = 0; b < sizeof sizes / sizeof *sizes; b++) {
        board_geom_t *geom = board_geom_create(sizes[b][0], sizes[b][1], NULL);
        for (int r = 0; rule_sets[r]; r++) {
            rules_t rules;
            assert_true(rules_parse(&rules, rule_sets[r], NULL));
            game_t *game = game_create(geom, &rules);
            int want = single_value(geom, &rules, game);
            for (int trial = 0; trial < 3; trial++) {
                int got = plan_value_splitting(geom, &rules, game, rand);
                if (got != want)
                    fail_msg("%dx%d %s, trial %d with splits: the plan's value %d, the solver's %d",
                             geom->width, geom->height, rule_sets[r], trial, got, want);
            }
            game_destroy(game);
        }
        board_geom_destroy(geom);
    }
    g_rand_free(rand);
}

/* japanese (long cycles end the game, the Analysis values the end) on the boards its
 * single-process solver reaches quickly: every board up to 3x3 but 3x4 (docs/japanese.md). */
static void test_dist__plan_value_equals_single_process_under_japanese(void **state)
{
    (void)state;
    for (size_t b = 0; b < sizeof boards / sizeof *boards; b++) {
#ifdef MATHGO_DEBUG
        if (boards[b][0] * boards[b][1] > 8) /* 3x3 is left to the release build */
            continue;
#endif
        if (boards[b][0] * boards[b][1] > 9)
            continue;
        board_geom_t *geom = board_geom_create(boards[b][0], boards[b][1], NULL);
        rules_t rules;
        assert_true(rules_parse(&rules, "japanese", NULL));
        game_t *game = game_create(geom, &rules);
        int want = single_value(geom, &rules, game);
        int targets[] = {2, 64};
        for (int t = 0; t < 2; t++) {
            int got = plan_value(geom, &rules, game, targets[t], true);
            if (got != want)
                fail_msg("%dx%d japanese, %d units: the plan's value %d, the solver's %d",
                         geom->width, geom->height, targets[t], got, want);
        }
        game_destroy(game);
        board_geom_destroy(geom);
    }
}

/* Roots with a history (superko sees it): the units carry it whole. */
static void test_dist__plan_value_equals_single_process_after_random_histories(void **state)
{
    (void)state;
    GRand *rand = g_rand_new_with_seed(17);
    const int sizes[][2] = {{2, 3}, {3, 3}, {2, 4}};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        board_geom_t *geom = board_geom_create(sizes[s][0], sizes[s][1], NULL);
        for (int r = 0; rule_sets[r]; r++) {
            rules_t rules;
            assert_true(rules_parse(&rules, rule_sets[r], NULL));
            for (int trial = 0; trial < 3; trial++) {
                game_t *game = game_create(geom, &rules);
                int plies = g_rand_int_range(rand, 2, 9);
                for (int k = 0; k < plies && game_status(game) == GAME_ONGOING; k++) {
                    board_move_t moves[BOARD_MAX_POINTS + 1];
                    int n = game_legal_moves(moves, game);
                    game_play(game, moves[g_rand_int_range(rand, 0, n)]);
                }
                int want = single_value(geom, &rules, game);
                int got = plan_value(geom, &rules, game, 24, false);
                if (got != want)
                    fail_msg("%dx%d %s after %zu moves: the plan's value %d, the solver's %d",
                             geom->width, geom->height, rule_sets[r], game_length(game), got, want);
                game_destroy(game);
            }
        }
        board_geom_destroy(geom);
    }
    g_rand_free(rand);
}

/* The reference run dist_plan_solve_here agrees too, and with one unit it is the solver. */
static void test_dist__solve_here_equals_single_process(void **state)
{
    (void)state;
    board_geom_t *geom = board_geom_create(3, 3, NULL);
    rules_t rules;
    assert_true(rules_parse(&rules, "tromp-taylor", NULL));
    game_t *game = game_create(geom, &rules);
    int want = single_value(geom, &rules, game);
    for (int target = 1; target <= 100; target *= 10) {
        dist_plan_t *plan = dist_plan_create(game, target);
        assert_true(dist_plan_unit_count(plan) >= target);
        search_t *search = new_search(geom, &rules);
        int value;
        uint64_t nodes;
        assert_true(dist_plan_solve_here(&value, &nodes, plan, search, game, NULL));
        assert_int_equal(value, want);
        assert_true(nodes > 0);
        search_destroy(search);
        dist_plan_destroy(plan);
    }
    game_destroy(game);
    board_geom_destroy(geom);
}

static void test_dist__plan_rebuilt_from_its_units_is_the_same_plan(void **state)
{
    (void)state;
    board_geom_t *geom = board_geom_create(3, 3, NULL);
    rules_t rules;
    assert_true(rules_parse(&rules, "math", NULL));
    game_t *game = game_create(geom, &rules);
    dist_plan_t *plan = dist_plan_create(game, 50);
    int units = dist_plan_unit_count(plan);
    assert_true(units >= 50);
    assert_int_equal(dist_plan_depth(plan), 2);
    int *counts = g_new(int, units);
    board_move_t **moves = g_new(board_move_t *, units);
    for (int u = 0; u < units; u++) {
        moves[u] = g_new(board_move_t, SEARCH_MAX_PV);
        counts[u] = dist_plan_unit_moves(moves[u], plan, u);
    }
    dist_plan_t *again =
        dist_plan_create_from_units(game, units, counts, (const board_move_t *const *)moves, NULL);
    assert_non_null(again);
    assert_int_equal(dist_plan_unit_count(again), units);
    for (int u = 0; u < units; u++) {
        board_move_t m[SEARCH_MAX_PV];
        assert_int_equal(dist_plan_unit_moves(m, again, u), counts[u]);
        assert_memory_equal(m, moves[u], (size_t)counts[u]);
    }
    dist_plan_destroy(again);
    /* One unit missing: not a complete expansion. */
    GError *error = NULL;
    assert_null(dist_plan_create_from_units(game, units - 1, counts,
                                            (const board_move_t *const *)moves, &error));
    assert_true(g_error_matches(error, DIST_ERROR, DIST_ERROR_CORRUPT));
    g_clear_error(&error);
    for (int u = 0; u < units; u++)
        g_free(moves[u]);
    g_free(moves);
    g_free(counts);
    dist_plan_destroy(plan);
    game_destroy(game);
    board_geom_destroy(geom);
}

/* ---- The journal ---- */

typedef struct journal_fixture {
    board_geom_t *geom;
    rules_t rules;
    game_t *game;
    char *problem;
    char *dir, *path;
} journal_fixture_t;

static void journal_fixture_init(journal_fixture_t *f, const char *rules)
{
    f->geom = board_geom_create(3, 3, NULL);
    assert_true(rules_parse(&f->rules, rules, NULL));
    f->game = game_create(f->geom, &f->rules);
    f->problem = checkpoint_problem(f->game);
    f->dir = g_dir_make_tmp("mathgo-dist-XXXXXX", NULL);
    f->path = g_build_filename(f->dir, "journal", NULL);
}

static void journal_fixture_clear(journal_fixture_t *f)
{
    g_unlink(f->path);
    char *tmp = g_strconcat(f->path, ".tmp", NULL);
    g_unlink(tmp);
    g_free(tmp);
    g_rmdir(f->dir);
    g_free(f->path);
    g_free(f->dir);
    g_free(f->problem);
    game_destroy(f->game);
    board_geom_destroy(f->geom);
}

/* Opens the journal and answers at most `answers` more units (all: -1); the root's value when
 * decided, else SEARCH_VALUE_INF.  *read: results read back. */
static int journal_run_split(journal_fixture_t *f, int answers, int split_every, int *read,
                             char **warning)
{
    dist_plan_t *plan;
    GError *error = NULL;
    dist_journal_t *journal = dist_journal_open(&plan, read, warning, f->path, f->problem,
                                                "mathgo test", f->game, 40, &error);
    if (!journal)
        fail_msg("%s", error->message);
    search_t *search = new_search(f->geom, &f->rules);
    int value = SEARCH_VALUE_INF, unit, alpha, beta;
    while (answers-- && !dist_plan_decided(&value, plan)) {
        assert_true(dist_plan_next(&unit, &alpha, &beta, plan));
        /* A split before the unit's answer: the children are the units of later tests. */
        if (split_every && unit % split_every == 0 && dist_plan_split(plan, f->game, unit))
            assert_true(dist_journal_append_split(journal, unit, NULL));
        game_t *g = dist_plan_unit_game(plan, f->game, unit);
        int r, lo, hi;
        assert_true(search_value(&r, search, g, alpha, beta, NULL));
        game_destroy(g);
        dist_plan_bounds_of(&lo, &hi, r, alpha, beta);
        dist_plan_record(plan, unit, lo, hi, 1);
        assert_true(dist_journal_append_result(journal, unit, lo, hi, 1, 0.5, NULL));
    }
    if (!dist_plan_decided(&value, plan))
        value = SEARCH_VALUE_INF;
    search_destroy(search);
    dist_journal_close(journal);
    dist_plan_destroy(plan);
    return value;
}

static int journal_run(journal_fixture_t *f, int answers, int *read, char **warning)
{
    return journal_run_split(f, answers, 0, read, warning);
}

static void test_dist__journal_resumes_skipping_answered_units(void **state)
{
    (void)state;
    journal_fixture_t f;
    journal_fixture_init(&f, "tromp-taylor");
    int want = single_value(f.geom, &f.rules, f.game);
    int read;
    char *warning;
    assert_int_equal(journal_run(&f, 6, &read, &warning), SEARCH_VALUE_INF);
    assert_int_equal(read, 0);
    assert_null(warning);
    assert_int_equal(journal_run(&f, 4, &read, &warning), SEARCH_VALUE_INF);
    assert_int_equal(read, 6);
    assert_int_equal(journal_run(&f, -1, &read, &warning), want);
    assert_int_equal(read, 10);
    /* Finished: the next run answers from the journal alone. */
    assert_int_equal(journal_run(&f, 0, &read, &warning), want);
    assert_null(warning);
    journal_fixture_clear(&f);
}

/* Split records rebuild the same units: results for units made by a split are read back. */
static void test_dist__journal_resumes_after_splits(void **state)
{
    (void)state;
    const char *rules[] = {"tromp-taylor", "math"};
    for (int k = 0; k < 2; k++) {
        journal_fixture_t f;
        journal_fixture_init(&f, rules[k]);
        int want = single_value(f.geom, &f.rules, f.game);
        int read;
        char *warning;
        assert_int_equal(journal_run_split(&f, 12, 3, &read, &warning), SEARCH_VALUE_INF);
        char *text;
        assert_true(g_file_get_contents(f.path, &text, NULL, NULL));
        assert_non_null(strstr(text, "\nsplit "));
        g_free(text);
        assert_int_equal(journal_run_split(&f, 12, 5, &read, &warning), SEARCH_VALUE_INF);
        assert_int_equal(read, 12);
        assert_null(warning);
        assert_int_equal(journal_run_split(&f, -1, 7, &read, &warning), want);
        assert_int_equal(read, 24);
        assert_int_equal(journal_run(&f, 0, &read, &warning), want);
        journal_fixture_clear(&f);
    }
}

static void test_dist__journal_cuts_a_truncated_or_damaged_tail(void **state)
{
    (void)state;
    journal_fixture_t f;
    journal_fixture_init(&f, "chinese");
    int want = single_value(f.geom, &f.rules, f.game);
    int read;
    char *warning;
    journal_run(&f, 8, &read, &warning);
    /* A record cut in the middle, as a kill during a write leaves it. */
    char *text;
    size_t length;
    assert_true(g_file_get_contents(f.path, &text, &length, NULL));
    assert_true(g_file_set_contents(f.path, text, (gssize)length - 7, NULL));
    assert_int_equal(journal_run(&f, 0, &read, &warning), SEARCH_VALUE_INF);
    assert_int_equal(read, 7);
    assert_non_null(warning);
    assert_non_null(strstr(warning, "cut off"));
    g_free(warning);
    /* The file was cut back to its intact records: read again, nothing more to cut. */
    assert_int_equal(journal_run(&f, 0, &read, &warning), SEARCH_VALUE_INF);
    assert_int_equal(read, 7);
    assert_null(warning);
    /* A damaged byte in the 4th result from the end: that record and the rest are cut. */
    g_free(text);
    assert_true(g_file_get_contents(f.path, &text, &length, NULL));
    char *at = text + length;
    for (int lines = 0; lines < 4; at--)
        lines += at[-1] == '\n';
    at[3] ^= 1;
    assert_true(g_file_set_contents(f.path, text, (gssize)length, NULL));
    assert_int_equal(journal_run(&f, 0, &read, &warning), SEARCH_VALUE_INF);
    assert_int_equal(read, 4);
    assert_non_null(warning);
    g_free(warning);
    /* And the solve still ends at the value. */
    assert_int_equal(journal_run(&f, -1, &read, &warning), want);
    g_free(text);
    journal_fixture_clear(&f);
}

static void test_dist__journal_of_another_problem_or_damaged_head_is_refused(void **state)
{
    (void)state;
    journal_fixture_t f;
    journal_fixture_init(&f, "math");
    int read;
    char *warning;
    journal_run(&f, 3, &read, &warning);
    dist_plan_t *plan;
    GError *error = NULL;
    char *other = g_strconcat(f.problem, " e5", NULL);
    assert_null(dist_journal_open(&plan, &read, &warning, f.path, other, "mathgo test", f.game, 40,
                                  &error));
    assert_true(g_error_matches(error, DIST_ERROR, DIST_ERROR_MISMATCH));
    assert_non_null(strstr(error->message, "another problem"));
    g_clear_error(&error);
    g_free(other);
    /* A damaged head (the problem line) is no journal to resume. */
    char *text;
    size_t length;
    assert_true(g_file_get_contents(f.path, &text, &length, NULL));
    char *problem_line = strstr(text, "problem ");
    problem_line[9] ^= 1;
    assert_true(g_file_set_contents(f.path, text, (gssize)length, NULL));
    assert_null(dist_journal_open(&plan, &read, &warning, f.path, f.problem, "mathgo test", f.game,
                                  40, &error));
    assert_true(g_error_matches(error, DIST_ERROR, DIST_ERROR_CORRUPT));
    g_clear_error(&error);
    g_free(text);
    journal_fixture_clear(&f);
}

/* ---- The command, one rank without mpirun ---- */

static char *result_line(const char *out)
{
    const char *at = strstr(out, "result: ");
    assert_non_null(at);
    return g_strndup(at, strcspn(at, "\n"));
}

/* Open MPI keeps some memory to the end of the process: LeakSanitizer must not fail it. */
static void allow_mpi_leaks(void)
{
    g_setenv("ASAN_OPTIONS", "detect_leaks=0", TRUE);
}

static void test_dist__command_one_rank_prints_the_single_process_value(void **state)
{
    (void)state;
    if (!dist_available()) {
        support_run_t run =
            support_runv(NULL, "solve", "2x2", "--rules", "math", "--distributed", NULL);
        assert_int_equal(run.status, 2);
        assert_non_null(strstr(run.err, "built without MPI"));
        support_run_clear(&run);
        skip();
    }
    allow_mpi_leaks();
    for (int r = 0; rule_sets[r]; r++) {
        support_run_t one =
            support_runv(NULL, "solve", "3x3", "--rules", rule_sets[r], "--value-only", NULL);
        support_run_t dist =
            support_runv(NULL, "solve", "3x3", "--rules", rule_sets[r], "--distributed", NULL);
        assert_int_equal(one.status, 0);
        if (dist.status != 0)
            fail_msg("%s: exit %d: %s", rule_sets[r], dist.status, dist.err);
        char *a = result_line(one.out), *b = result_line(dist.out);
        assert_string_equal(a, b);
        g_free(a);
        g_free(b);
        support_run_clear(&one);
        support_run_clear(&dist);
    }
}

static void test_dist__command_killed_coordinator_resumes_from_its_journal(void **state)
{
    (void)state;
    if (!dist_available())
        skip();
    allow_mpi_leaks();
    char *dir = g_dir_make_tmp("mathgo-dist-XXXXXX", NULL);
    char *path = g_build_filename(dir, "journal", NULL);
    support_run_t one =
        support_runv(NULL, "solve", "3x3", "--rules", "old-chinese", "--value-only", NULL);
    g_setenv("MATHGO_DIST_KILL_COORDINATOR_AFTER", "12", TRUE);
    support_run_t killed = support_runv(NULL, "solve", "3x3", "--rules", "old-chinese",
                                        "--distributed", "--journal", path, NULL);
    g_unsetenv("MATHGO_DIST_KILL_COORDINATOR_AFTER");
    assert_int_not_equal(killed.status, 0); /* SIGKILL */
    assert_null(strstr(killed.out, "result: "));
    support_run_t resumed = support_runv(NULL, "solve", "3x3", "--rules", "old-chinese",
                                         "--distributed", "--journal", path, NULL);
    if (resumed.status != 0)
        fail_msg("exit %d: %s", resumed.status, resumed.err);
    char *a = result_line(one.out), *b = result_line(resumed.out);
    assert_string_equal(a, b);
    assert_non_null(strstr(resumed.out, "12 from the journal"));
    /* Another problem with the same journal: refused, naming the mismatch. */
    support_run_t other = support_runv(NULL, "solve", "3x3", "--rules", "chinese", "--distributed",
                                       "--journal", path, NULL);
    assert_int_equal(other.status, 2);
    assert_non_null(strstr(other.err, "the journal of another problem"));
    support_run_t lone = support_runv(NULL, "solve", "3x3", "--journal", path, NULL);
    assert_int_equal(lone.status, 2);
    assert_non_null(strstr(lone.err, "--journal goes with --distributed"));
    g_free(a);
    g_free(b);
    support_run_clear(&one);
    support_run_clear(&killed);
    support_run_clear(&resumed);
    support_run_clear(&other);
    support_run_clear(&lone);
    g_unlink(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dist__values_move_between_unit_and_root_terms),
        cmocka_unit_test(test_dist__plan_value_equals_single_process_on_every_board_up_to_3x4),
        cmocka_unit_test(test_dist__plan_value_equals_single_process_under_japanese),
        cmocka_unit_test(test_dist__plan_value_with_splits_equals_single_process),
        cmocka_unit_test(test_dist__plan_value_equals_single_process_after_random_histories),
        cmocka_unit_test(test_dist__solve_here_equals_single_process),
        cmocka_unit_test(test_dist__plan_rebuilt_from_its_units_is_the_same_plan),
        cmocka_unit_test(test_dist__journal_resumes_skipping_answered_units),
        cmocka_unit_test(test_dist__journal_resumes_after_splits),
        cmocka_unit_test(test_dist__journal_cuts_a_truncated_or_damaged_tail),
        cmocka_unit_test(test_dist__journal_of_another_problem_or_damaged_head_is_refused),
        cmocka_unit_test(test_dist__command_one_rank_prints_the_single_process_value),
        cmocka_unit_test(test_dist__command_killed_coordinator_resumes_from_its_journal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
