/*
 * tests/test_cgt_notation.c: cgt/notation.h: what the reader accepts and the messages it gives
 * for bad input (what and which column).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cgt/game.h"
#include "cgt/notation.h"

#include <glib.h>
#include <string.h>

static void expect_same(cgt_ctx_t *ctx, const char *a, const char *b)
{
    cgt_game_t ga = 0, gb = 0;
    GError *error = NULL;
    if (!cgt_parse(&ga, ctx, a, &error) || !cgt_parse(&gb, ctx, b, &error)) {
        print_error("parse error: %s\n", error->message);
        fail();
    }
    if (ga != gb) {
        print_error("'%s' and '%s' differ\n", a, b);
        fail();
    }
}

static void test_cgt_notation__accepts_cgsuite_forms(void **state)
{
    (void)state;
    cgt_ctx_t *ctx = cgt_ctx_create();
    expect_same(ctx, "{4||-4|-10}", "{4|{-4|-10}}");
    expect_same(ctx, "{14|2|||-2||-14|-16}", "{{14|2}|{-2|{-14|-16}}}");
    expect_same(ctx, "^^*", "^+^+*");
    expect_same(ctx, "^3", "^+^+^");
    expect_same(ctx, "v3", "-^3");
    expect_same(ctx, "+-2", "{2|-2}");
    expect_same(ctx,
                "\xc2\xb1"
                "2",
                "+-2");
    expect_same(ctx, "1+-2", "{3|-1}");
    expect_same(ctx, "1/2*", "1/2+*");
    expect_same(ctx, "-1/2*", "-1/2+*");
    expect_same(ctx, "-{1|0}", "{0|-1}");
    expect_same(ctx, "Tiny(2)", "{0||0|-2}");
    expect_same(ctx, "Miny(2)", "{2|0||0}");
    expect_same(ctx, "2Tiny(1)", "2+Tiny(1)");
    expect_same(ctx, "( {1|0} + {1|0} ) - 1", "0");
    expect_same(ctx, "{ 0 , * | 0 }", "^*");
    expect_same(ctx, "{|}", "0");
    expect_same(ctx, "*0", "0");
    expect_same(ctx, "3 - 5/4", "7/4");
    cgt_ctx_destroy(ctx);
}

/* Bad inputs: the error code and the words and column the message must contain. */
static const struct {
    const char *text;
    int code;
    const char *words;
} bad[] = {
    {"{1|0", CGT_PARSE_ERROR_SYNTAX, "unbalanced braces: this '{' is never closed at column 1"},
    {"{1|{0|1}", CGT_PARSE_ERROR_SYNTAX, "unbalanced braces"},
    {"1|0}", CGT_PARSE_ERROR_SYNTAX, "column 2"},
    {"{1|0}}", CGT_PARSE_ERROR_SYNTAX, "'}' without '{' at column 6"},
    {"{,|}", CGT_PARSE_ERROR_SYNTAX, "empty option"},
    {"{1,|0}", CGT_PARSE_ERROR_SYNTAX,
     "empty option: ',' must stand between two options at column 4"},
    {"{1,,2|0}", CGT_PARSE_ERROR_SYNTAX, "empty option"},
    {"{1|2|3}", CGT_PARSE_ERROR_SYNTAX, "ambiguous bars"},
    {"{1 2}", CGT_PARSE_ERROR_SYNTAX, "column 4"},
    {"{1}", CGT_PARSE_ERROR_SYNTAX, "needs a '|'"},
    {"1/3", CGT_PARSE_ERROR_RANGE, "not dyadic"},
    {"1/0", CGT_PARSE_ERROR_RANGE, "division by zero"},
    {"(1+2", CGT_PARSE_ERROR_SYNTAX, "unbalanced parentheses"},
    {"", CGT_PARSE_ERROR_SYNTAX, "empty expression"},
    {"x", CGT_PARSE_ERROR_SYNTAX, "column 1"},
    {"*99999", CGT_PARSE_ERROR_RANGE, "count too large"},
    /* Nimbers up to 127 only: *320*{2|-1} and {2|-2*{2|-2}*222|-2}*22 took over 20 s in the
     * fuzz build (found by fuzz_cgt; tests/fuzz/cgt/nimber_320.txt, nimber_222.txt). */
    {"*128", CGT_PARSE_ERROR_RANGE, "count too large"},
    {"{2|-1}+*4096", CGT_PARSE_ERROR_RANGE, "count too large"},
    {"^*^", CGT_PARSE_ERROR_SYNTAX, NULL},
    {"1 +", CGT_PARSE_ERROR_SYNTAX, "end of input"},
};

static void test_cgt_notation__bad_input_gets_one_clear_message(void **state)
{
    (void)state;
    cgt_ctx_t *ctx = cgt_ctx_create();
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        cgt_game_t g;
        GError *error = NULL;
        bool ok = cgt_parse(&g, ctx, bad[i].text, &error);
        if (bad[i].words == NULL) { /* accepted: ^*^ is ^ + * + ^ */
            assert_true(ok);
            continue;
        }
        if (ok) {
            print_error("'%s' was accepted\n", bad[i].text);
            fail();
        }
        if (!g_error_matches(error, CGT_PARSE_ERROR, bad[i].code) ||
            !strstr(error->message, bad[i].words)) {
            print_error("'%s': message '%s' lacks '%s'\n", bad[i].text, error->message,
                        bad[i].words);
            fail();
        }
        g_error_free(error);
    }
    /* a number too large to parse */
    GString *big = g_string_new(NULL);
    for (int i = 0; i < CGT_MAX_DIGITS + 1; i++)
        g_string_append_c(big, '7');
    cgt_game_t g;
    GError *error = NULL;
    assert_false(cgt_parse(&g, ctx, big->str, &error));
    assert_true(g_error_matches(error, CGT_PARSE_ERROR, CGT_PARSE_ERROR_RANGE));
    assert_non_null(strstr(error->message, "number too large"));
    g_error_free(error);
    g_string_free(big, TRUE);
    cgt_ctx_destroy(ctx);
}

static void test_cgt_notation__numbers_read_and_print_exactly(void **state)
{
    (void)state;
    mpq_t x;
    mpq_init(x);
    assert_true(cgt_parse_number(x, "-5/16", NULL));
    char *s = cgt_number_to_string(x);
    assert_string_equal(s, "-5/16");
    g_free(s);
    assert_true(cgt_parse_number(x, " 6/4 ", NULL));
    s = cgt_number_to_string(x);
    assert_string_equal(s, "3/2");
    g_free(s);
    assert_false(cgt_parse_number(x, "1/2x", NULL));
    mpq_clear(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cgt_notation__accepts_cgsuite_forms),
        cmocka_unit_test(test_cgt_notation__bad_input_gets_one_clear_message),
        cmocka_unit_test(test_cgt_notation__numbers_read_and_print_exactly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
