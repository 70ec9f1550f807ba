/*
 * tests/test_cgt_thermo.c: cgt/thermo.h: thermographs as CGSuite writes them (its test cases),
 * cooling, freezing, heating, chilling and warming.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cgt/game.h"
#include "cgt/notation.h"
#include "cgt/thermo.h"

#include <glib.h>
#include <string.h>

static cgt_game_t parse(cgt_ctx_t *ctx, const char *text)
{
    cgt_game_t g = 0;
    GError *error = NULL;
    if (!cgt_parse(&g, ctx, text, &error)) {
        print_error("cannot parse '%s': %s\n", text, error->message);
        fail();
    }
    return g;
}

static void append_traj(GString *s, const cgt_traj_t *tr)
{
    mpq_t q;
    mpq_init(q);
    cgt_traj_intercept(q, tr, 0);
    char *t = cgt_number_to_string(q);
    g_string_append_printf(s, "%s,[", t);
    g_free(t);
    for (size_t i = 0; i < cgt_traj_count(tr); i++) {
        cgt_traj_critical(q, tr, i);
        t = cgt_number_to_string(q);
        g_string_append_printf(s, "%s%s", i ? "," : "", t);
        g_free(t);
    }
    g_string_append(s, "],[");
    for (size_t i = 0; i <= cgt_traj_count(tr); i++)
        g_string_append_printf(s, "%s%ld", i ? "," : "", cgt_traj_slope(tr, i));
    g_string_append(s, "]");
    mpq_clear(q);
}

/* Games and their thermographs as CGSuite prints them (CanonicalShortGameTestCase). */
static const char *const thermographs[][2] = {
    {"0", "Thermograph(0,[],[0],0,[],[0])"},
    {"5", "Thermograph(5,[],[0],5,[],[0])"},
    {"-1/2", "Thermograph(-1/2,[-1/2],[0,-1],-1/2,[-1/2],[0,1])"},
    {"25/16", "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])"},
    {"*8", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"},
    {"9/8+*", "Thermograph(9/8,[0,-1/8,-1/4],[0,-1,0,-1],9/8,[0,-1/8],[0,1,0])"},
    {"^", "Thermograph(0,[0],[0,-1],0,[],[0])"},
    {"v*", "Thermograph(0,[0],[0,-1],0,[0],[0,1])"},
    {"6+^*", "Thermograph(6,[0],[0,-1],6,[0],[0,1])"},
    {"^*6", "Thermograph(0,[0],[0,-1],0,[],[0])"},
    {"73/16+v9*8", "Thermograph(73/16,[-1/16,-1/2],[0,-1,0],73/16,[0,-1/16,-1/2],[0,1,0,1])"},
    {"{5||3|1|||0||||0}", "Thermograph(0,[],[0],0,[0],[0,1])"},
    {"{3||2+*|1+*}", "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"},
    {"{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
     "Thermograph(-5/16,[21/16,1/2,-1/2],[0,-1,0,-1],-5/16,[21/16,7/8,1/4,0],[0,1,0,1,0])"},
    {"{2|-1}", "Thermograph(1/2,[3/2],[0,-1],1/2,[3/2],[0,1])"},
    {NULL, NULL},
};

static void test_cgt_thermo__thermographs_match_cgsuite(void **state)
{
    (void)state;
    cgt_ctx_t *ctx = cgt_ctx_create();
    for (size_t i = 0; thermographs[i][0]; i++) {
        const cgt_thermo_t *th = cgt_thermograph(ctx, parse(ctx, thermographs[i][0]));
        GString *s = g_string_new("Thermograph(");
        append_traj(s, cgt_thermo_left_wall(th));
        g_string_append_c(s, ',');
        append_traj(s, cgt_thermo_right_wall(th));
        g_string_append_c(s, ')');
        if (strcmp(s->str, thermographs[i][1])) {
            print_error("%s: got %s, CGSuite has %s\n", thermographs[i][0], s->str,
                        thermographs[i][1]);
            fail();
        }
        g_string_free(s, TRUE);
    }
    cgt_ctx_destroy(ctx);
}

static void test_cgt_thermo__walls_at_zero_are_the_stops(void **state)
{
    (void)state;
    cgt_ctx_t *ctx = cgt_ctx_create();
    cgt_game_t g = parse(ctx, "{14|2|||-2||-14|-16}");
    const cgt_thermo_t *th = cgt_thermograph(ctx, g);
    mpq_t t, v, s;
    mpq_inits(t, v, s, NULL);
    cgt_traj_value_at(v, cgt_thermo_left_wall(th), t);
    cgt_left_stop(s, ctx, g);
    assert_true(mpq_equal(v, s));
    cgt_traj_value_at(v, cgt_thermo_right_wall(th), t);
    cgt_right_stop(s, ctx, g);
    assert_true(mpq_equal(v, s));
    mpq_clears(t, v, s, NULL);
    cgt_ctx_destroy(ctx);
}

static void test_cgt_thermo__cooling_rejects_temperatures_at_or_below_minus_one(void **state)
{
    (void)state;
    cgt_ctx_t *ctx = cgt_ctx_create();
    mpq_t t;
    mpq_init(t);
    mpq_set_si(t, -1, 1);
    cgt_game_t out = 0;
    GError *error = NULL;
    assert_false(cgt_cool(&out, ctx, parse(ctx, "{1|-1}"), t, &error));
    assert_true(g_error_matches(error, CGT_THERMO_ERROR, CGT_THERMO_ERROR_TEMPERATURE));
    g_clear_error(&error);
    mpq_set_si(t, 1, 3);
    assert_false(cgt_cool(&out, ctx, parse(ctx, "{1|-1}"), t, &error));
    assert_true(g_error_matches(error, CGT_THERMO_ERROR, CGT_THERMO_ERROR_NOT_DYADIC));
    g_clear_error(&error);
    /* {4|0} cooled by 1, 2, 3: {3|1}, 2*, 2 (temperature 2) */
    const char *expect[] = {"{3|1}", "2*", "2"};
    for (int k = 1; k <= 3; k++) {
        mpq_set_si(t, k, 1);
        assert_true(cgt_cool(&out, ctx, parse(ctx, "{4|0}"), t, NULL));
        assert_int_equal(out, parse(ctx, expect[k - 1]));
    }
    /* cooling by a negative temperature above -1 */
    mpq_set_si(t, -1, 2);
    assert_true(cgt_cool(&out, ctx, parse(ctx, "{1|-1}"), t, NULL));
    assert_int_equal(out, parse(ctx, "+-3/2"));
    mpq_clear(t);
    cgt_ctx_destroy(ctx);
}

static void test_cgt_thermo__freeze_gives_the_game_at_its_temperature(void **state)
{
    (void)state;
    cgt_ctx_t *ctx = cgt_ctx_create();
    assert_int_equal(cgt_freeze(ctx, parse(ctx, "{3||2+*|1+*}")), parse(ctx, "9/4*"));
    assert_int_equal(cgt_freeze(ctx, parse(ctx, "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}")),
                     parse(ctx, "-5/16*"));
    assert_int_equal(cgt_freeze(ctx, parse(ctx, "25/16")), parse(ctx, "25/16"));
    assert_int_equal(cgt_freeze(ctx, parse(ctx, "{^^^|vv}")), parse(ctx, "{^3|vv}"));
    cgt_ctx_destroy(ctx);
}

static void test_cgt_thermo__chill_and_warm_follow_berlekamp_wolfe(void **state)
{
    (void)state;
    cgt_ctx_t *ctx = cgt_ctx_create();
    /* chilled Go values: a gote point {2|0} chills to 1*, corridors to -5/4 and -17/8 */
    assert_int_equal(cgt_chill(ctx, parse(ctx, "{2|0}")), parse(ctx, "1*"));
    assert_int_equal(cgt_chill(ctx, parse(ctx, "{{0|-1}|-2}")), parse(ctx, "-5/4"));
    assert_int_equal(cgt_chill(ctx, parse(ctx, "{{{0|-1}|-2}|-3}")), parse(ctx, "-17/8"));
    assert_int_equal(cgt_chill(ctx, parse(ctx, "{1||0|-2}")), parse(ctx, "^"));
    /* warming: even integers stay, odd ones get a star, else {warm(GL)+1 | warm(GR)-1} */
    assert_int_equal(cgt_warm(ctx, parse(ctx, "2")), parse(ctx, "2"));
    assert_int_equal(cgt_warm(ctx, parse(ctx, "3")), parse(ctx, "3*"));
    assert_int_equal(cgt_warm(ctx, parse(ctx, "-7")), parse(ctx, "-7*"));
    assert_int_equal(cgt_warm(ctx, parse(ctx, "100000000000000000000001")),
                     parse(ctx, "100000000000000000000001*"));
    assert_int_equal(cgt_times(ctx, parse(ctx, "{2|1}"), -3), parse(ctx, "-{2|1}-{2|1}-{2|1}"));
    assert_int_equal(cgt_warm(ctx, parse(ctx, "1/2")), parse(ctx, "{1|*}"));
    assert_int_equal(cgt_warm(ctx, parse(ctx, "2*")), parse(ctx, "{3|1}"));
    assert_int_equal(cgt_warm(ctx, parse(ctx, "4^")), parse(ctx, "{5||4|2}"));
    /* heating by 1 undoes cooling by 1 of {3|1} */
    assert_int_equal(cgt_heat(ctx, parse(ctx, "{2|2}"), parse(ctx, "1")), parse(ctx, "{3|1}"));
    assert_int_equal(cgt_overheat(ctx, parse(ctx, "2"), parse(ctx, "1*"), parse(ctx, "1")),
                     parse(ctx, "2"));
    cgt_ctx_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cgt_thermo__thermographs_match_cgsuite),
        cmocka_unit_test(test_cgt_thermo__walls_at_zero_are_the_stops),
        cmocka_unit_test(test_cgt_thermo__cooling_rejects_temperatures_at_or_below_minus_one),
        cmocka_unit_test(test_cgt_thermo__freeze_gives_the_game_at_its_temperature),
        cmocka_unit_test(test_cgt_thermo__chill_and_warm_follow_berlekamp_wolfe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
