/*
 * tests/test_cgt_cmd.c: the `mathgo cgt` command line, run as a process: output fields, CSV,
 * --compare, --svg, stdin, and exit status 2 with one message for bad input.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "tests/support.h"

typedef support_run_t run_t;

/* Runs `mathgo cgt` with the NULL-terminated arguments and optional stdin text. */
static run_t run_cgt(const char *input, ...)
{
    va_list ap;
    va_start(ap, input);
    run_t r = support_run_va(input, "cgt", ap);
    va_end(ap);
    return r;
}

static void run_free(run_t *r)
{
    support_run_clear(r);
}

static void test_cgt_cmd__prints_the_fields(void **state)
{
    (void)state;
    run_t r = run_cgt(NULL, "{4||-4|-10}", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "canonical      {4||-4|-10}\n"));
    assert_non_null(strstr(r.out, "outcome        N\n"));
    assert_non_null(strstr(r.out, "mean           -3/2\n"));
    assert_non_null(strstr(r.out, "temperature    11/2\n"));
    run_free(&r);
}

static void test_cgt_cmd__csv_has_a_header_and_exact_values(void **state)
{
    (void)state;
    run_t r = run_cgt(NULL, "--csv", "--chill", "--cool", "1/2",
                      "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "-1/2", NULL);
    assert_int_equal(r.status, 0);
    char **lines = g_strsplit(r.out, "\n", -1);
    assert_string_equal(
        lines[0], "input,canonical,outcome,left_stop,right_stop,mean,temperature,cooled,chilled");
    assert_non_null(strstr(lines[1], ",N,1/2,-1,-5/16,21/16,"));
    assert_string_equal(lines[2], "-1/2,-1/2,R,-1/2,-1/2,-1/2,-1/2,-1/2,0");
    g_strfreev(lines);
    run_free(&r);
}

static void test_cgt_cmd__compare_prints_the_relation(void **state)
{
    (void)state;
    const char *cases[][3] = {
        {"^", "*", "||\n"}, {"^^*", "0", ">\n"}, {"{1|0}+{1|0}", "1", "=\n"}, {"v", "0", "<\n"}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        run_t r = run_cgt(NULL, "--compare", cases[i][0], cases[i][1], NULL);
        assert_int_equal(r.status, 0);
        assert_string_equal(r.out, cases[i][2]);
        run_free(&r);
    }
}

static void test_cgt_cmd__reads_stdin_one_expression_a_line(void **state)
{
    (void)state;
    run_t r = run_cgt("# comment\n{0|*}\n\n*2+*3\n", "--csv", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\n{0|*},^,L,0,0,0,0\n*2+*3,*,N,0,0,0,0\n"));
    run_free(&r);
}

static void test_cgt_cmd__svg_draws_the_thermograph(void **state)
{
    (void)state;
    char *dir = g_dir_make_tmp("cgt-svg-XXXXXX", NULL);
    char *path = g_build_filename(dir, "t.svg", NULL);
    run_t r = run_cgt(NULL, "--svg", path, "{4||-4|-10}", NULL);
    assert_int_equal(r.status, 0);
    char *svg = NULL;
    assert_true(g_file_get_contents(path, &svg, NULL, NULL));
    assert_non_null(strstr(svg, "<svg"));
    assert_non_null(strstr(svg, "temperature 11/2, mean -3/2"));
    assert_non_null(strstr(svg, "polyline"));
    assert_non_null(strstr(svg, "</svg>"));
    g_free(svg);
    g_unlink(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
    run_free(&r);
}

static void test_cgt_cmd__bad_input_exits_2_with_one_message(void **state)
{
    (void)state;
    GString *big = g_string_new(NULL);
    for (int i = 0; i < 10001; i++)
        g_string_append_c(big, '9');
    const char *cases[][3] = {
        {"{1|0", NULL, "unbalanced braces"}, {big->str, NULL, "number too large"},
        {"--cool", "-1", "greater than -1"}, {"{,|}", NULL, "empty option"},
        {"--cool", "1/3", "dyadic"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        run_t r = cases[i][1] ? run_cgt(NULL, cases[i][0], cases[i][1], "{1|-1}", NULL)
                              : run_cgt(NULL, cases[i][0], NULL);
        assert_int_equal(r.status, 2);
        assert_non_null(strstr(r.err, cases[i][2]));
        /* one line */
        assert_ptr_equal(strchr(r.err, '\n'), r.err + strlen(r.err) - 1);
        assert_string_equal(r.out, "");
        run_free(&r);
    }
    g_string_free(big, TRUE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cgt_cmd__prints_the_fields),
        cmocka_unit_test(test_cgt_cmd__csv_has_a_header_and_exact_values),
        cmocka_unit_test(test_cgt_cmd__compare_prints_the_relation),
        cmocka_unit_test(test_cgt_cmd__reads_stdin_one_expression_a_line),
        cmocka_unit_test(test_cgt_cmd__svg_draws_the_thermograph),
        cmocka_unit_test(test_cgt_cmd__bad_input_exits_2_with_one_message),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
