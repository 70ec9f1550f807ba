/*
 * tests/test_csv.c: the front's CSV writers (front_csv_field, solve's row and bounds, the row
 * of show and play; docs/csv.md): RFC 4180 quoting, the bounds' texts, and the optimal game of
 * `solve --csv` replayed by `play --csv` ending at the value `solve` printed.  tests/csv_check.py
 * checks every command's header against docs/csv.md.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "front/common.h"
#include "front/solve_output.h"
#include "solver/search.h"
#include "tests/support.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* front_csv_field's output for text. */
static char *csv_field_of(const char *text)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    front_csv_field(f, text);
    long n = ftell(f);
    rewind(f);
    char *out = g_malloc0((size_t)n + 1);
    assert_int_equal(fread(out, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    return out;
}

static void test_csv__fields_are_quoted_only_when_rfc_4180_asks(void **state)
{
    (void)state;
    const char *cases[][2] = {
        {"plain", "plain"},
        {"", ""},
        {"B2 C3 pass", "B2 C3 pass"},
        {"math,ko=simple", "\"math,ko=simple\""},
        {"say \"hi\"", "\"say \"\"hi\"\"\""},
        {"two\nlines", "\"two\nlines\""},
        {"cr\r", "\"cr\r\""},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        char *got = csv_field_of(cases[i][0]);
        if (strcmp(got, cases[i][1]))
            fail_msg("front_csv_field(%s) wrote [%s], not [%s]", cases[i][0], got, cases[i][1]);
        g_free(got);
    }
}

static void test_csv__bounds_read_as_margins_wins_cycles_or_nothing(void **state)
{
    (void)state;
    char buf[32];
    assert_string_equal(solve_bound_text(buf, 18), "9");
    assert_string_equal(solve_bound_text(buf, -1), "-0.5");
    assert_string_equal(solve_bound_text(buf, 0), "0");
    assert_string_equal(solve_bound_text(buf, SEARCH_VALUE_WIN - 9), "B in 9");
    assert_string_equal(solve_bound_text(buf, -(SEARCH_VALUE_WIN - 14)), "W in 14");
    assert_string_equal(solve_bound_text(buf, SEARCH_VALUE_CYCLE_WIN), "B (cycle)");
    assert_string_equal(solve_bound_text(buf, -SEARCH_VALUE_CYCLE_WIN), "W (cycle)");
    assert_string_equal(solve_bound_text(buf, SEARCH_VALUE_INF), "");
    assert_string_equal(solve_bound_text(buf, -SEARCH_VALUE_INF), "");
}

/*
 * Solves a board with --csv, plays its `pv` with `play --csv` and checks that the game is over
 * after `plies` moves with the value solve printed: the margin as play's score (scored rules,
 * two passes) or the winner (no-pass rules, no legal move).
 */
static void expect_pv_reaches_value(const char *board, const char *rules, bool scored)
{
    support_run_t solve = support_runv(NULL, "solve", board, "--rules", rules, "--csv", NULL);
    assert_int_equal(solve.status, 0);
    char *pv = support_csv_column(solve.out, "pv"), *plies = support_csv_column(solve.out, "plies");
    char *margin = support_csv_column(solve.out, "margin"),
         *result = support_csv_column(solve.out, "result");
    char *status = support_csv_column(solve.out, "status"),
         *lower = support_csv_column(solve.out, "lower");
    char *upper = support_csv_column(solve.out, "upper");
    assert_string_equal(status, "solved");
    assert_string_equal(lower, upper);
    GPtrArray *args = g_ptr_array_new();
    const char *head[] = {"play", board, "--rules", rules, "--csv"};
    for (size_t i = 0; i < G_N_ELEMENTS(head); i++)
        g_ptr_array_add(args, (char *)head[i]);
    char **moves = g_strsplit(pv, " ", -1);
    for (char **m = moves; *m; m++)
        g_ptr_array_add(args, *m);
    g_ptr_array_add(args, NULL);
    assert_int_equal(g_strv_length(moves), atoi(plies));
    support_run_t play = support_run(NULL, (const char *const *)args->pdata);
    if (play.status != 0)
        fail_msg("mathgo play %s %s (the pv of solve): %s", board, pv, play.err);
    char *played = support_csv_column(play.out, "moves_played"),
         *over = support_csv_column(play.out, "status");
    char *score = support_csv_column(play.out, "score"),
         *winner = support_csv_column(play.out, "winner");
    assert_string_equal(played, plies);
    if (scored) {
        assert_string_equal(over, "two_passes");
        assert_string_equal(score, margin);
        assert_string_equal(lower, margin);
    } else {
        assert_string_equal(over, "no_move");
        assert_string_equal(winner, result);
    }
    g_free(played);
    g_free(over);
    g_free(score);
    g_free(winner);
    support_run_clear(&play);
    g_strfreev(moves);
    g_ptr_array_free(args, TRUE);
    g_free(pv);
    g_free(plies);
    g_free(margin);
    g_free(result);
    g_free(status);
    g_free(lower);
    g_free(upper);
    support_run_clear(&solve);
}

static void test_csv__the_solved_game_replayed_by_play_ends_at_the_value(void **state)
{
    (void)state;
    expect_pv_reaches_value("2x2", "chinese", true);
    expect_pv_reaches_value("1x4", "tromp-taylor", true);
    expect_pv_reaches_value("2x3", "chinese", true);
    expect_pv_reaches_value("2x2", "math", false);
    expect_pv_reaches_value("3x3", "math", false);
}

static void test_csv__a_limit_leaves_a_row_with_the_bounds(void **state)
{
    (void)state;
    support_run_t r = support_runv(NULL, "solve", "3x4", "--rules", "math", "--max-nodes", "5000",
                                   "--memory", "16M", "--csv", NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "limit"));
    char *status = support_csv_column(r.out, "status"),
         *result = support_csv_column(r.out, "result");
    char *lower = support_csv_column(r.out, "lower"), *upper = support_csv_column(r.out, "upper");
    char *pv = support_csv_column(r.out, "pv");
    assert_string_equal(status, "limit");
    assert_string_equal(result, "");
    assert_string_equal(pv, "");
    /* Under a no-pass rule set every bound is a win with its distance. */
    assert_non_null(strstr(lower, " in "));
    assert_non_null(strstr(upper, " in "));
    g_free(status);
    g_free(result);
    g_free(lower);
    g_free(upper);
    g_free(pv);
    support_run_clear(&r);
}

/* main_nodes is nodes with one thread and a part of them with a helper; helper_proofs counts
 * passes only with helpers (docs/csv.md). */
static void test_csv__main_nodes_are_the_main_search_share(void **state)
{
    (void)state;
    for (int threads = 1; threads <= 2; threads++) {
        char t[4];
        g_snprintf(t, sizeof t, "%d", threads);
        support_run_t r = support_runv(NULL, "solve", "3x3", "--rules", "chinese", "--value-only",
                                       "--threads", t, "--csv", NULL);
        assert_int_equal(r.status, 0);
        char *nodes = support_csv_column(r.out, "nodes"),
             *main_nodes = support_csv_column(r.out, "main_nodes"),
             *proofs = support_csv_column(r.out, "helper_proofs");
        unsigned long long all = g_ascii_strtoull(nodes, NULL, 10),
                           main_part = g_ascii_strtoull(main_nodes, NULL, 10);
        assert_true(main_part > 0 && main_part <= all);
        if (threads == 1) {
            assert_string_equal(main_nodes, nodes);
            assert_string_equal(proofs, "0");
        } else {
            assert_true(*proofs >= '0' && *proofs <= '9');
        }
        g_free(nodes);
        g_free(main_nodes);
        g_free(proofs);
        support_run_clear(&r);
    }
    /* Proof-number search is one thread: its nodes are the main search's. */
    support_run_t r = support_runv(NULL, "solve", "1x5", "--rules", "math", "--algorithm", "pns",
                                   "--value-only", "--csv", NULL);
    assert_int_equal(r.status, 0);
    char *nodes = support_csv_column(r.out, "nodes"),
         *main_nodes = support_csv_column(r.out, "main_nodes");
    assert_string_equal(main_nodes, nodes);
    g_free(nodes);
    g_free(main_nodes);
    support_run_clear(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_csv__fields_are_quoted_only_when_rfc_4180_asks),
        cmocka_unit_test(test_csv__bounds_read_as_margins_wins_cycles_or_nothing),
        cmocka_unit_test(test_csv__the_solved_game_replayed_by_play_ends_at_the_value),
        cmocka_unit_test(test_csv__a_limit_leaves_a_row_with_the_bounds),
        cmocka_unit_test(test_csv__main_nodes_are_the_main_search_share),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
