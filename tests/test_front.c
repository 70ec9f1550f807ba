/*
 * tests/test_front.c: the show, play and perft commands as a user meets them: output on good
 * input, and one clear message with exit status 2 on bad input (never a crash).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "tests/support.h"

#include <glib.h>
#include <string.h>

/* Runs a command expected to fail with status 2 and one message line containing `needle`. */
static void expect_usage_error(const char *input, const char *needle, ...)
{
    va_list ap;
    va_start(ap, needle);
    support_run_t r = support_run_va(input, NULL, ap);
    va_end(ap);
    if (r.status != 2 || !strstr(r.err, needle))
        fail_msg("exited %d with stderr [%s]; expected 2 and '%s'", r.status, r.err, needle);
    if (!g_str_has_prefix(r.err, "mathgo"))
        fail_msg("the message does not start with mathgo: [%s]", r.err);
    support_run_clear(&r);
}

static void test_front__bad_diagrams_are_named_by_line_and_column(void **state)
{
    (void)state;
    expect_usage_error("X.O\n.Q.\n", "line 2, column 2: unknown character 'Q'", "show", "-", NULL);
    expect_usage_error("X.O\n..\n", "line 2: the row has 2 points", "show", NULL);
    expect_usage_error("..........\n..........\n..........\n..........\n..........\n..........\n"
                       "..........\n",
                       "more than 64 points", "show", NULL);
    expect_usage_error("XO\n", "not legal", "show", NULL);
    expect_usage_error(NULL, "no-such-file", "show", "/no-such-file", NULL);
}

static void test_front__show_reads_region_diagrams_and_names_their_errors(void **state)
{
    (void)state;
    support_run_t r = support_runv("#X.x\n#o.O\n", "show", "-", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "  2 # X . x \n  1 # o . O \n"));
    assert_non_null(strstr(r.out, "region 4x2"));
    assert_non_null(strstr(r.out, "safe black 1 stone [B2]"));
    assert_non_null(strstr(r.out, "legal moves for black (3): C2 C1 pass"));
    support_run_clear(&r);
    r = support_runv("X..O\n", "show", "--region", "-", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "safe white 1 stone [D1]"));
    support_run_clear(&r);
    expect_usage_error("X.#\n.Q.\n", "line 2, column 2: unknown character 'Q'", "show", "-", NULL);
    expect_usage_error("X#\n#O\n", "no empty point", "show", "-", NULL);
    expect_usage_error("x#\n#.\n", "line 1, column 1: the black chain here has no liberty", "show",
                       "-", NULL);
    expect_usage_error("X################################################################\n",
                       "line 1, column 65: region wider than 64 points", "show", "-", NULL);
}

static void test_front__unknown_rules_sizes_and_points_exit_with_status_2(void **state)
{
    (void)state;
    expect_usage_error(NULL, "unknown rule set 'chinnese'", "play", "3x3", "--rules", "chinnese",
                       NULL);
    expect_usage_error(NULL, "rule key 'ko' has no value 'super'", "perft", "3x3", "--rules",
                       "chinese,ko=super", NULL);
    expect_usage_error(NULL, "board size '9x9' is not supported", "perft", "9x9", NULL);
    expect_usage_error(NULL, "board size '0x3'", "play", "0x3", "A1", NULL);
    expect_usage_error(NULL, "point 'I3' is malformed", "play", "9x7", "I3", NULL);
    expect_usage_error(NULL, "point 'D1' is off the 3x3 board", "play", "3x3", "B2", "D1", NULL);
    expect_usage_error(NULL, "komi 'abc'", "play", "3x3", "--komi", "abc", NULL);
    expect_usage_error(NULL, "--depth", "perft", "3x3", "--depth", "-1", NULL);
    expect_usage_error(NULL, "unknown command 'solv'", "solv", NULL);
    expect_usage_error(NULL, "Unknown option", "show", "--frobnicate", NULL);
}

static void test_front__an_illegal_move_is_named_with_its_reason(void **state)
{
    (void)state;
    expect_usage_error(NULL, "move 3 (black B2) is illegal: the point is occupied", "play", "3x3",
                       "B2", "pass", "B2", NULL);
    expect_usage_error(NULL, "move 9 (black C2) is illegal: ko", "play", "4x4", "--rules",
                       "chinese,ko=simple", "B3", "C3", "A2", "D2", "B1", "C1", "C2", "B2", "C2",
                       NULL);
    expect_usage_error(NULL, "superko", "play", "4x4", "--rules", "chinese", "B3", "C3", "A2", "D2",
                       "B1", "C1", "C2", "B2", "C2", NULL);
    expect_usage_error(NULL, "suicide is not allowed", "play", "1x3", "--rules", "math", "A2", "A1",
                       NULL);
    expect_usage_error(NULL, "passing is not allowed", "play", "3x3", "--rules", "math", "pass",
                       NULL);
}

static void test_front__show_reports_chains_liberties_score_and_moves(void **state)
{
    (void)state;
    support_run_t r = support_runv("X.X.O\n", "show", "--rules", "old-chinese", "-", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "black 1 stone [A1] 1 liberty [B1]"));
    assert_non_null(strstr(r.out, "white 1 stone [E1] 1 liberty [D1]"));
    assert_non_null(strstr(r.out, "taxed groups: black 2, white 1"));
    assert_non_null(strstr(r.out, "legal moves for black (3): B1 D1 pass"));
    support_run_clear(&r);
}

static void test_front__perft_csv_has_a_header_and_quotes_rule_texts(void **state)
{
    (void)state;
    support_run_t r = support_runv(NULL, "perft", "1x3", "--rules", "chinese,ko=simple", "--depth",
                                   "2", "--csv", NULL);
    assert_int_equal(r.status, 0);
    assert_true(g_str_has_prefix(r.out, "board,rules,depth,leaves,ended,nodes,time_s\n"));
    assert_non_null(strstr(r.out, "1x3,\"chinese,ko=simple\",2,"));
    support_run_clear(&r);
}

static void test_front__every_subcommand_has_help_and_the_program_a_version(void **state)
{
    (void)state;
    const char *commands[] = {"show", "play", "perft", "gtp", "count", "enumerate", "solve", "cgt"};
    for (size_t i = 0; i < G_N_ELEMENTS(commands); i++) {
        support_run_t r = support_runv(NULL, commands[i], "--help", NULL);
        if (r.status != 0 || !strstr(r.out, "Usage:"))
            fail_msg("mathgo %s --help exited %d: [%s]", commands[i], r.status, r.err);
        support_run_clear(&r);
    }
    support_run_t r = support_runv(NULL, "--version", NULL);
    assert_int_equal(r.status, 0);
    assert_true(g_str_has_prefix(r.out, "mathgo "));
    support_run_clear(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_front__bad_diagrams_are_named_by_line_and_column),
        cmocka_unit_test(test_front__show_reads_region_diagrams_and_names_their_errors),
        cmocka_unit_test(test_front__unknown_rules_sizes_and_points_exit_with_status_2),
        cmocka_unit_test(test_front__an_illegal_move_is_named_with_its_reason),
        cmocka_unit_test(test_front__show_reports_chains_liberties_score_and_moves),
        cmocka_unit_test(test_front__perft_csv_has_a_header_and_quotes_rule_texts),
        cmocka_unit_test(test_front__every_subcommand_has_help_and_the_program_a_version),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
