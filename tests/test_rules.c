/* tests/test_rules.c: presets, overrides, komi, the text form. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/rules.h"

#include <string.h>

static void test_rules__presets_have_the_documented_keys(void **state)
{
    (void)state;
    rules_t r;
    assert_true(rules_preset(&r, "math", NULL));
    assert_int_equal(r.ko, RULES_KO_POSITIONAL);
    assert_false(r.suicide);
    assert_false(r.pass);
    assert_int_equal(r.scoring, RULES_SCORING_LAST_MOVE);
    assert_true(rules_preset(&r, "pseudo", NULL));
    assert_true(r.suicide);
    assert_false(r.pass);
    assert_int_equal(r.ko, RULES_KO_POSITIONAL);
    assert_true(rules_preset(&r, "tromp-taylor", NULL));
    assert_true(r.suicide && r.pass);
    assert_int_equal(r.scoring, RULES_SCORING_AREA);
    assert_true(rules_preset(&r, "chinese", NULL));
    assert_true(!r.suicide && r.pass);
    assert_int_equal(r.tax, RULES_TAX_NONE);
    assert_true(rules_preset(&r, "old-chinese", NULL));
    assert_int_equal(r.tax, RULES_TAX_ALL);
    assert_int_equal(r.tax_group, RULES_TAX_GROUP_CHAIN);
    assert_true(rules_preset(&r, "japanese", NULL));
    assert_int_equal(r.ko, RULES_KO_SIMPLE);
    assert_int_equal(r.scoring, RULES_SCORING_TERRITORY);
    assert_int_equal(r.cycle, RULES_CYCLE_JAPANESE);
    assert_int_equal(r.analysis, RULES_ANALYSIS_JAPANESE);
    assert_int_equal(r.komi2, 0);
}

static void test_rules__overrides_apply_in_order_and_round_trip_through_text(void **state)
{
    (void)state;
    const char *texts[] = {"math",
                           "pseudo",
                           "tromp-taylor",
                           "chinese",
                           "old-chinese",
                           "japanese",
                           "japanese,cycle=draw,analysis=none",
                           "chinese,ko=simple,cycle=draw",
                           "tromp-taylor,ko=situational",
                           "old-chinese,taxgroup=eyes",
                           "math,suicide=1,ko=simple"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        rules_t r, back;
        GError *error = NULL;
        assert_true(rules_parse(&r, texts[i], &error));
        char *s = rules_to_string(&r);
        assert_true(rules_parse(&back, s, NULL));
        assert_memory_equal(&r, &back, sizeof r);
        g_free(s);
    }
    rules_t r;
    assert_true(rules_parse(&r, "chinese,ko=simple,cycle=draw", NULL));
    assert_int_equal(r.ko, RULES_KO_SIMPLE);
    assert_int_equal(r.cycle, RULES_CYCLE_DRAW);
    char *s = rules_to_string(&r);
    assert_string_equal(s, "chinese,ko=simple,cycle=draw");
    g_free(s);
    assert_true(rules_parse(&r, "ko=situational", NULL));
    assert_int_equal(r.ko, RULES_KO_SITUATIONAL);
    assert_true(r.pass);
}

static void test_rules__bad_words_are_named_with_their_position(void **state)
{
    (void)state;
    const char *bad[][2] = {
        {"chinnese", "chinnese"}, {"chinese,ko=super", "super"},    {"chinese,foo=1", "foo"},
        {"chinese,math", "math"}, {"chinese,,ko=simple", "word 2"}, {"chinese,komi=0.3", "0.3"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        rules_t r;
        GError *error = NULL;
        assert_false(rules_parse(&r, bad[i][0], &error));
        assert_non_null(error);
        if (!strstr(error->message, bad[i][1]))
            fail_msg("'%s': message '%s' does not name '%s'", bad[i][0], error->message, bad[i][1]);
        g_error_free(error);
    }
}

static void test_rules__komi_is_exact_in_half_points(void **state)
{
    (void)state;
    int k;
    char buf[16];
    assert_true(rules_parse_komi(&k, "7.5", NULL));
    assert_int_equal(k, 15);
    assert_string_equal(rules_komi_string(buf, k), "7.5");
    assert_true(rules_parse_komi(&k, "-0.5", NULL));
    assert_int_equal(k, -1);
    assert_string_equal(rules_komi_string(buf, k), "-0.5");
    assert_true(rules_parse_komi(&k, "-3", NULL));
    assert_string_equal(rules_komi_string(buf, k), "-3");
    char margin[24];
    assert_string_equal(rules_margin_string(margin, 7), "B+3.5");
    assert_string_equal(rules_margin_string(margin, -2), "W+1");
    assert_string_equal(rules_margin_string(margin, 0), "0");
    /* Beyond long's range and NaN: refused before any conversion to an integer (found by
     * tests/fuzz/fuzz_rules.c; tests/fuzz/rules/komi_4e60.txt). */
    const char *bad[] = {"", "abc", "0.25", "7.5x", "1e9", "4e60", "-1e300", "nan", "inf"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        GError *error = NULL;
        assert_false(rules_parse_komi(&k, bad[i], &error));
        g_error_free(error);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules__presets_have_the_documented_keys),
        cmocka_unit_test(test_rules__overrides_apply_in_order_and_round_trip_through_text),
        cmocka_unit_test(test_rules__bad_words_are_named_with_their_position),
        cmocka_unit_test(test_rules__komi_is_exact_in_half_points),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
