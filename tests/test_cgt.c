/*
 * tests/test_cgt.c: cgt/game.h and the textbook table: canonical forms, stops, mean,
 * temperature, cooling by 1 and atomic weight of the values in tests/data/cgt_values.tsv
 * (sources in its last column), CGSuite's own printed forms, big numbers, comparisons.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cgt/game.h"
#include "cgt/notation.h"
#include "cgt/small.h"
#include "cgt/thermo.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

static cgt_game_t parse(cgt_ctx_t *ctx, const char *text)
{
    GError *error = NULL;
    cgt_game_t g = 0;
    if (!cgt_parse(&g, ctx, text, &error)) {
        print_error("cannot parse '%s': %s\n", text, error->message);
        g_error_free(error);
        fail();
    }
    return g;
}

static void assert_number(const mpq_t x, const char *expected, const char *what, const char *in)
{
    char *s = cgt_number_to_string(x);
    if (strcmp(s, expected)) {
        print_error("%s of %s: got %s, expected %s\n", what, in, s, expected);
        g_free(s);
        fail();
    }
    g_free(s);
}

static void test_cgt__textbook_values_match_the_table(void **state)
{
    (void)state;
    char *text = NULL;
    assert_true(g_file_get_contents(MATHGO_TEST_DATA "/cgt_values.tsv", &text, NULL, NULL));
    char **lines = g_strsplit(text, "\n", -1);
    cgt_ctx_t *ctx = cgt_ctx_create();
    mpq_t q;
    mpq_init(q);
    int rows = 0;
    bool header_seen = false;
    for (char **l = lines; *l; l++) {
        if (!**l || **l == '#')
            continue;
        if (!header_seen) { /* the column names */
            header_seen = true;
            continue;
        }
        char **f = g_strsplit(*l, "\t", -1);
        assert_true(g_strv_length(f) >= 8);
        const char *in = f[0];
        cgt_game_t g = parse(ctx, in);
        if (g != parse(ctx, f[1])) {
            char *s = cgt_to_string(ctx, g);
            print_error("canonical form of %s: got %s, expected %s\n", in, s, f[1]);
            fail();
        }
        cgt_left_stop(q, ctx, g);
        assert_number(q, f[2], "left stop", in);
        cgt_right_stop(q, ctx, g);
        assert_number(q, f[3], "right stop", in);
        cgt_mean(q, ctx, g);
        assert_number(q, f[4], "mean", in);
        cgt_temperature(q, ctx, g);
        assert_number(q, f[5], "temperature", in);
        mpq_set_ui(q, 1, 1);
        cgt_game_t c;
        assert_true(cgt_cool(&c, ctx, g, q, NULL));
        if (c != parse(ctx, f[6])) {
            char *s = cgt_to_string(ctx, c);
            print_error("%s cooled by 1: got %s, expected %s\n", in, s, f[6]);
            fail();
        }
        /* The table marks "(naive)" where its authors did not make the atomicity check; this
         * engine makes it, so the weight must be exact and equal to the naive one. */
        cgt_game_t w;
        cgt_aw_kind_t k = cgt_atomic_weight(&w, ctx, g);
        char *aw = k == CGT_AW_EXACT ? cgt_to_string(ctx, w) : g_strdup("n/a");
        char *expected = g_strdup(f[7]);
        char *naive = strstr(expected, "(naive)");
        if (naive)
            *naive = '\0';
        if (strcmp(aw, expected)) {
            print_error("atomic weight of %s: got %s, expected %s\n", in, aw, f[7]);
            fail();
        }
        g_free(aw);
        g_free(expected);
        g_strfreev(f);
        rows++;
    }
    assert_true(rows >= 20);
    mpq_clear(q);
    cgt_ctx_destroy(ctx);
    g_strfreev(lines);
    g_free(text);
}

/* Inputs and the text CGSuite prints for them (CGSuite's CanonicalShortGameTestCase). */
static const char *const printed[][2] = {
    {"0", "0"},
    {"5", "5"},
    {"-1823437481924", "-1823437481924"},
    {"-1/2", "-1/2"},
    {"25/16", "25/16"},
    {"*8", "*8"},
    {"9/8+*", "9/8*"},
    {"^", "^"},
    {"v*", "v*"},
    {"6+^*", "6^*"},
    {"^*6", "^*6"},
    {"73/16+v9*8", "73/16v9*8"},
    {"{0||0|vvv}", "{0||0|v3}"},
    {"{^^^|vv}", "{^3|vv}"},
    {"{0||0|-3/2}", "Tiny(3/2)"},
    {"{0|||0||-1|-3}", "Tiny({3|1})"},
    {"{5||3|1|||0||||0}", "Miny({5||3|1})"},
    {"{1|^^||^}", "{1|^^||^}"},
    {"{1|^^^||^}", "{1|^3||^}"},
    {"{3||2+*|1+*}", "{3||2*|1*}"},
    {"{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}"},
    {"{1|-1}", "+-1"},
    {"+-2+3", "{5|1}"},
    {"{9||8|0}", "{9||8|0}"},
    {"{8||8|2}", "8Tiny(6)"},
    {"^^*", "^^*"},
    {"^+^+^", "^3"},
    {"vv", "vv"},
    {"{0|*}", "^"},
    {"{0,*|0}", "^*"},
    {"*2+*3", "*"},
    {"{|}", "0"},
    {"{1|}", "2"},
    {"{|-3}", "-4"},
    {"{-7/2|1000}", "0"},
    {"{1/4|7/8}", "1/2"},
    {"{2|2}", "2*"},
    {"Tiny(2)", "Tiny(2)"},
    {"Miny(1/2)", "Miny(1/2)"},
    {"{14|2|||-2||-14|-16}", "{14|2|||-2||-14|-16}"},
    {"{a|b}", NULL}, /* sentinel: not used */
};

static void test_cgt__prints_what_cgsuite_prints(void **state)
{
    (void)state;
    cgt_ctx_t *ctx = cgt_ctx_create();
    for (size_t i = 0; printed[i][1]; i++) {
        cgt_game_t g = parse(ctx, printed[i][0]);
        char *s = cgt_to_string(ctx, g);
        if (strcmp(s, printed[i][1])) {
            print_error("%s printed as %s, CGSuite prints %s\n", printed[i][0], s, printed[i][1]);
            fail();
        }
        /* and the printed text reads back as the same game */
        assert_int_equal(parse(ctx, s), g);
        g_free(s);
    }
    cgt_ctx_destroy(ctx);
}

static void test_cgt__numbers_have_no_size_limit(void **state)
{
    (void)state;
    cgt_ctx_t *ctx = cgt_ctx_create();
    cgt_game_t g = parse(ctx, "123456789012345678901234567890+1");
    char *s = cgt_to_string(ctx, g);
    assert_string_equal(s, "123456789012345678901234567891");
    g_free(s);
    /* a switch between huge integers: exact mean and temperature */
    g = parse(ctx, "{100000000000000000000000|-100000000000000000000001/2}");
    mpq_t q;
    mpq_init(q);
    cgt_mean(q, ctx, g);
    assert_number(q, "99999999999999999999999/4", "mean", "huge switch");
    cgt_temperature(q, ctx, g);
    assert_number(q, "300000000000000000000001/4", "temperature", "huge switch");
    mpz_t b;
    mpz_init(b);
    cgt_birthday(b, ctx, parse(ctx, "-1823437481924"));
    assert_true(mpz_cmp_ui(b, 1823437481924ul) == 0);
    mpz_clear(b);
    /* comparing with a huge number never walks its chain of options */
    assert_int_equal(cgt_compare(ctx, parse(ctx, "1000000000000000000000"), parse(ctx, "{5|3}")),
                     CGT_CMP_GT);
    assert_int_equal(cgt_compare(ctx, parse(ctx, "-1000000000000000000000*"), parse(ctx, "^")),
                     CGT_CMP_LT);
    mpq_clear(q);
    cgt_ctx_destroy(ctx);
}

static void test_cgt__comparisons_and_outcomes(void **state)
{
    (void)state;
    cgt_ctx_t *ctx = cgt_ctx_create();
    assert_int_equal(cgt_compare(ctx, parse(ctx, "^"), parse(ctx, "0")), CGT_CMP_GT);
    assert_int_equal(cgt_compare(ctx, parse(ctx, "^"), parse(ctx, "*")), CGT_CMP_FUZZY);
    assert_int_equal(cgt_compare(ctx, parse(ctx, "^*"), parse(ctx, "0")), CGT_CMP_FUZZY);
    assert_int_equal(cgt_compare(ctx, parse(ctx, "^^*"), parse(ctx, "0")), CGT_CMP_GT);
    assert_int_equal(cgt_compare(ctx, parse(ctx, "Tiny(2)"), parse(ctx, "^")), CGT_CMP_LT);
    assert_int_equal(cgt_compare(ctx, parse(ctx, "{1|-1}"), parse(ctx, "0")), CGT_CMP_FUZZY);
    assert_int_equal(cgt_compare(ctx, parse(ctx, "1/2"), parse(ctx, "{1|0}")), CGT_CMP_FUZZY);
    assert_int_equal(cgt_compare(ctx, parse(ctx, "{1|0}+{1|0}"), parse(ctx, "1")), CGT_CMP_EQ);
    assert_int_equal(cgt_outcome(ctx, parse(ctx, "*")), CGT_OUTCOME_N);
    assert_int_equal(cgt_outcome(ctx, parse(ctx, "0")), CGT_OUTCOME_P);
    assert_int_equal(cgt_outcome(ctx, parse(ctx, "v")), CGT_OUTCOME_R);
    assert_int_equal(cgt_outcome(ctx, parse(ctx, "{9||8|0}")), CGT_OUTCOME_L);
    cgt_ctx_destroy(ctx);
}

static void test_cgt__two_contexts_are_independent(void **state)
{
    (void)state;
    cgt_ctx_t *a = cgt_ctx_create(), *b = cgt_ctx_create();
    cgt_game_t ga = parse(a, "{4||-4|-10}+^");
    (void)parse(b, "*7+{1|-1}");
    cgt_game_t gb = parse(b, "{4||-4|-10}+^");
    char *sa = cgt_to_string(a, ga), *sb = cgt_to_string(b, gb);
    assert_string_equal(sa, sb);
    g_free(sa);
    g_free(sb);
    cgt_ctx_destroy(a);
    assert_int_equal(cgt_outcome(b, gb), CGT_OUTCOME_N);
    cgt_ctx_destroy(b);
    cgt_ctx_destroy(NULL);
}

static void test_cgt__incentives_and_reduced_forms(void **state)
{
    (void)state;
    cgt_ctx_t *ctx = cgt_ctx_create();
    cgt_game_t g = parse(ctx, "{3||2+*|1+*}");
    assert_int_equal(cgt_reduced(ctx, g), parse(ctx, "{3||2|1}"));
    assert_int_equal(cgt_reduced(ctx, parse(ctx, "{1|*}")), parse(ctx, "{1|0}"));
    cgt_game_t inc[4];
    assert_int_equal(cgt_incentives(inc, ctx, parse(ctx, "{2|-1}")), 1);
    assert_int_equal(inc[0], parse(ctx, "{3|0}"));
    assert_int_equal(cgt_incentives(inc, ctx, parse(ctx, "5")), 1);
    assert_int_equal(inc[0], parse(ctx, "-1"));
    cgt_ctx_destroy(ctx);
}

/* Atomic weights as CGSuite gives them (NULL: not atomic; "n/a": not an infinitesimal). */
static const char *const weights[][2] = {
    {"0", "0"},
    {"*8", "0"},
    {"^", "1"},
    {"v*", "-1"},
    {"^*6", "1"},
    {"{0|*||*|||*||||*}", "1"},
    {"{0||0|v*}", "1"},
    {"{0||0|vvv}", "0"},
    {"{^^^|vv}", "{1|0}"},
    {"Tiny(3/2)", "0"},
    {"Tiny({3|1})", "0"},
    {"Miny({5||3|1})", "0"},
    {"{1|^^||^}", "2"},
    {"{1|^^^||^}", NULL},
    {"5", "n/a"},
    {"{3||2*|1*}", "n/a"},
    {"9/8*", "n/a"},
};

static void test_cgt__atomic_weights_match_cgsuite(void **state)
{
    (void)state;
    cgt_ctx_t *ctx = cgt_ctx_create();
    for (size_t i = 0; i < G_N_ELEMENTS(weights); i++) {
        cgt_game_t w = 0;
        cgt_aw_kind_t k = cgt_atomic_weight(&w, ctx, parse(ctx, weights[i][0]));
        char *got = k == CGT_AW_EXACT        ? cgt_to_string(ctx, w)
                    : k == CGT_AW_NOT_ATOMIC ? NULL
                                             : g_strdup("n/a");
        if (g_strcmp0(got, weights[i][1])) {
            print_error("atomic weight of %s: got %s, CGSuite: %s\n", weights[i][0],
                        got ? got : "not atomic", weights[i][1] ? weights[i][1] : "not atomic");
            fail();
        }
        g_free(got);
    }
    /* Norton's product and the ordinal sum behind the check */
    assert_int_equal(cgt_norton(ctx, parse(ctx, "3"), parse(ctx, "^")), parse(ctx, "^3"));
    assert_int_equal(cgt_ordinal_sum(ctx, parse(ctx, "*2"), parse(ctx, "*3")), parse(ctx, "*5"));
    assert_int_equal(cgt_ordinal_sum(ctx, parse(ctx, "0"), parse(ctx, "-1")), parse(ctx, "-1"));
    cgt_ctx_destroy(ctx);
}

/*
 * Domineering on a rows x cols board (free cells as bits, row-major), Left placing vertical
 * dominoes and Right horizontal ones, as in CGSuite.  Memoised on the set of free cells.
 */
static cgt_game_t domineering(cgt_ctx_t *ctx, GHashTable *memo, int rows, int cols, guint64 free)
{
    gpointer hit;
    if (g_hash_table_lookup_extended(memo, &free, NULL, &hit))
        return GPOINTER_TO_UINT(hit);
    cgt_game_t l[64], r[64];
    size_t nl = 0, nr = 0;
    for (int y = 0; y < rows; y++) {
        for (int x = 0; x < cols; x++) {
            guint64 a = 1ull << (y * cols + x);
            if (!(free & a))
                continue;
            if (y + 1 < rows && (free & (a << cols)))
                l[nl++] = domineering(ctx, memo, rows, cols, free & ~a & ~(a << cols));
            if (x + 1 < cols && (free & (a << 1)))
                r[nr++] = domineering(ctx, memo, rows, cols, free & ~a & ~(a << 1));
        }
    }
    cgt_game_t g = cgt_from_options(ctx, l, nl, r, nr);
    guint64 *key = g_new(guint64, 1);
    *key = free;
    g_hash_table_insert(memo, key, GUINT_TO_POINTER(g));
    return g;
}

static cgt_game_t domineering_board(cgt_ctx_t *ctx, int rows, int cols)
{
    GHashTable *memo = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, NULL);
    cgt_game_t g = domineering(ctx, memo, rows, cols, (1ull << (rows * cols)) - 1);
    g_hash_table_destroy(memo);
    return g;
}

static void test_cgt__domineering_values_from_the_rules(void **state)
{
    (void)state;
    cgt_ctx_t *ctx = cgt_ctx_create();
    /* Winning Ways ch. 2 and CGSuite: 2x1 = 1, 1x2 = -1, 2x2 = +-1, 2x3 = {2|-1/2}, 3x2 the
     * negative; 2x4 = Miny(2), 3x3 = +-1; and every board's value is the negative of its
     * transpose's. */
    assert_int_equal(domineering_board(ctx, 2, 1), parse(ctx, "1"));
    assert_int_equal(domineering_board(ctx, 1, 2), parse(ctx, "-1"));
    assert_int_equal(domineering_board(ctx, 2, 2), parse(ctx, "+-1"));
    assert_int_equal(domineering_board(ctx, 2, 3), parse(ctx, "{2|-1/2}"));
    assert_int_equal(domineering_board(ctx, 3, 2), parse(ctx, "{1/2|-2}"));
    assert_int_equal(domineering_board(ctx, 2, 4), parse(ctx, "Miny(2)")); /* the table's note */
    assert_int_equal(domineering_board(ctx, 3, 3), parse(ctx, "+-1"));
    for (int rows = 1; rows <= 3; rows++)
        for (int cols = 1; cols <= 4; cols++)
            assert_int_equal(domineering_board(ctx, rows, cols),
                             cgt_neg(ctx, domineering_board(ctx, cols, rows)));
    /* 2 x 4: a larger check that simplification and hash-consing hold up */
    cgt_game_t g = domineering_board(ctx, 2, 4);
    assert_int_equal(cgt_sub(ctx, g, g), cgt_zero(ctx));
    cgt_ctx_destroy(ctx);
}

/* Every x + ^n + *m rebuilt from its options is the same node, with the birthday its options give.
 */
static void test_cgt__number_up_stars_are_found_from_their_options(void **state)
{
    (void)state;
    cgt_ctx_t *ctx = cgt_ctx_create();
    const char *numbers[] = {"0", "1/2", "-3", "7/4"};
    mpq_t x;
    mpq_init(x);
    mpz_t b, c;
    mpz_inits(b, c, NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(numbers); i++) {
        assert_true(cgt_parse_number(x, numbers[i], NULL));
        for (long up = -5; up <= 5; up++) {
            for (unsigned long nim = 0; nim <= 6; nim++) {
                cgt_game_t g = cgt_nus(ctx, x, up, nim);
                size_t nl = cgt_left_count(ctx, g), nr = cgt_right_count(ctx, g);
                cgt_game_t again = cgt_from_options(ctx, cgt_left_options(ctx, g), nl,
                                                    cgt_right_options(ctx, g), nr);
                if (again != g) {
                    print_error("%s^%ld*%lu not recognised from its options\n", numbers[i], up,
                                nim);
                    fail();
                }
                mpz_set_ui(c, 0);
                for (size_t k = 0; k < nl + nr; k++) {
                    cgt_birthday(b, ctx,
                                 k < nl ? cgt_left_options(ctx, g)[k]
                                        : cgt_right_options(ctx, g)[k - nl]);
                    mpz_add_ui(b, b, 1);
                    if (mpz_cmp(b, c) > 0)
                        mpz_set(c, b);
                }
                cgt_birthday(b, ctx, g);
                if (mpz_cmp(b, c) != 0) {
                    print_error("birthday of %s^%ld*%lu\n", numbers[i], up, nim);
                    fail();
                }
            }
        }
    }
    mpz_clears(b, c, NULL);
    mpq_clear(x);
    cgt_ctx_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cgt__textbook_values_match_the_table),
        cmocka_unit_test(test_cgt__prints_what_cgsuite_prints),
        cmocka_unit_test(test_cgt__numbers_have_no_size_limit),
        cmocka_unit_test(test_cgt__comparisons_and_outcomes),
        cmocka_unit_test(test_cgt__two_contexts_are_independent),
        cmocka_unit_test(test_cgt__incentives_and_reduced_forms),
        cmocka_unit_test(test_cgt__number_up_stars_are_found_from_their_options),
        cmocka_unit_test(test_cgt__atomic_weights_match_cgsuite),
        cmocka_unit_test(test_cgt__domineering_values_from_the_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
