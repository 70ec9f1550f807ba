/*
 * tests/test_pns.c: proof-number search (solver/pns.h) against the reference search of
 * tests/reference.c on every position of the small boards, against the alpha-beta solver's
 * values of every 1x7 and 2x3 position (docs/data: the Chetrit study's math and pseudo
 * columns), and its bounds, budget and rule sets.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/game.h"
#include "core/rules.h"
#include "positions/diagram.h"
#include "positions/rank.h"
#include "solver/pns.h"
#include "solver/search.h"
#include "tests/reference.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

static game_t *fresh_game(const board_geom_t *g, const rules_t *r, const board_t *b,
                          board_color_t to_move)
{
    GError *err = NULL;
    game_t *game = game_create_from(g, r, b, to_move, &err);
    if (!game)
        fail_msg("%s", err->message);
    return game;
}

/* Every position of a WxH board, either side to move, under `rules_text`: pns_value against
 * the reference search's winner and distance. */
static void check_board_against_reference(int width, int height, const char *rules_text)
{
    GError *err = NULL;
    board_geom_t *g = board_geom_create(width, height, &err);
    rank_t *rk = rank_create(g, &err);
    rules_t r;
    assert_true(rules_parse(&r, rules_text, &err));
    pns_t *p = pns_create(0);
    for (uint64_t i = 0; i < rank_count(rk); i++) {
        board_t b;
        rank_unrank(&b, rk, i);
        for (int side = 0; side < 2; side++) {
            board_color_t to_move = side ? BOARD_WHITE : BOARD_BLACK;
            game_t *game = fresh_game(g, &r, &b, to_move);
            int want;
            assert_true(reference_value(&want, game, UINT64_MAX, NULL));
            board_color_t winner;
            int plies;
            assert_true(pns_value(&winner, &plies, p, game));
            board_color_t want_winner = want > 0 ? BOARD_BLACK : BOARD_WHITE;
            int want_plies = SEARCH_VALUE_WIN - abs(want);
            if (winner != want_winner || plies != want_plies) {
                char *d = diagram_format(&b, g);
                fail_msg("%s %dx%d rank %llu, %s to move:\n%spns: %s in %d; reference: %s in %d",
                         rules_text, width, height, (unsigned long long)i, side ? "W" : "B", d,
                         winner == BOARD_BLACK ? "B" : "W", plies,
                         want_winner == BOARD_BLACK ? "B" : "W", want_plies);
            }
            game_destroy(game);
        }
    }
    pns_destroy(p);
    rank_destroy(rk);
    board_geom_destroy(g);
}

static void test_pns__every_position_of_the_small_boards_agrees_with_the_reference(void **state)
{
    (void)state;
    static const struct {
        int width, height;
    } boards[] = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {2, 2}, {3, 2}};
    for (size_t k = 0; k < G_N_ELEMENTS(boards); k++) {
        check_board_against_reference(boards[k].width, boards[k].height, "math");
        check_board_against_reference(boards[k].width, boards[k].height, "pseudo");
    }
    /* Situational superko: a board may recur with the other player to move. */
    check_board_against_reference(1, 4, "math,ko=situational");
    check_board_against_reference(2, 2, "pseudo,ko=situational");
}

/* Every position of a WxH board, either side to move, under the scored `rules_text`:
 * pns_window over the whole range against the reference search's margin, and a window that
 * misses it on either side answers with its edge. */
static void check_margins_against_reference(int width, int height, const char *rules_text)
{
    GError *err = NULL;
    board_geom_t *g = board_geom_create(width, height, &err);
    rank_t *rk = rank_create(g, &err);
    rules_t r;
    assert_true(rules_parse(&r, rules_text, &err));
    assert_true(pns_supports_margin(&r));
    int n2 = 2 * width * height + 1;
    pns_t *p = pns_create(0);
    for (uint64_t i = 0; i < rank_count(rk); i++) {
        board_t b;
        rank_unrank(&b, rk, i);
        for (int side = 0; side < 2; side++) {
            game_t *game = fresh_game(g, &r, &b, side ? BOARD_WHITE : BOARD_BLACK);
            int want, got;
            assert_true(reference_value(&want, game, UINT64_MAX, NULL));
            assert_true(pns_window(&got, p, game, -n2, n2));
            if (got != want) {
                char *d = diagram_format(&b, g);
                fail_msg("%s %dx%d rank %llu, %s to move:\n%spns: %d; reference: %d (doubled)",
                         rules_text, width, height, (unsigned long long)i, side ? "W" : "B", d, got,
                         want);
            }
            assert_true(pns_window(&got, p, game, want, want + 3));
            assert_int_equal(got, want);
            assert_true(pns_window(&got, p, game, want - 5, want - 1));
            assert_int_equal(got, want - 1);
            game_destroy(game);
        }
    }
    pns_destroy(p);
    rank_destroy(rk);
    board_geom_destroy(g);
}

static void test_pns__every_margin_of_the_small_boards_agrees_with_the_reference(void **state)
{
    (void)state;
    static const char *const rules[] = {"old-chinese", "chinese", "tromp-taylor",
                                        "old-chinese,taxgroup=eyes"};
    for (size_t k = 0; k < G_N_ELEMENTS(rules); k++) {
        check_margins_against_reference(1, 3, rules[k]);
        check_margins_against_reference(1, 4, rules[k]);
        check_margins_against_reference(2, 2, rules[k]);
        check_margins_against_reference(1, 5, rules[k]);
    }
}

/* Column index of `name` in a CSV header line, or -1. */
static int column_of(char **header, const char *name)
{
    for (int i = 0; header[i]; i++)
        if (!strcmp(header[i], name))
            return i;
    return -1;
}

/*
 * Every row of a Chetrit study file (docs/data, computed by the alpha-beta solver with its
 * table, a different algorithm): pns_value gives its math winner and plies and, with
 * pseudo_too, its pseudo winner (and plies, where the file has them).  Returns the cells
 * compared.
 */
static int check_study_file(const char *name, bool pseudo_too)
{
    char *path = g_build_filename(MATHGO_TEST_DATA, "..", "..", "docs", "data", name, NULL);
    char *text = NULL;
    if (!g_file_get_contents(path, &text, NULL, NULL))
        fail_msg("cannot read %s", path);
    char **lines = g_strsplit(text, "\n", -1);
    char **header = g_strsplit(lines[0], ",", -1);
    int c_board = column_of(header, "board"), c_position = column_of(header, "position");
    int c_to_move = column_of(header, "to_move");
    int c_math[2] = {column_of(header, "math_winner"), column_of(header, "math_plies")};
    int c_pseudo[2] = {column_of(header, "pseudo_winner"), column_of(header, "pseudo_plies")};
    assert_true(c_board >= 0 && c_position >= 0 && c_to_move >= 0 && c_math[1] >= 0 &&
                c_pseudo[1] >= 0);
    rules_t rules[2];
    assert_true(rules_parse(&rules[0], "math", NULL));
    assert_true(rules_parse(&rules[1], "pseudo", NULL));
    pns_t *p = pns_create(0);
    int rows = 0;
    for (int l = 1; lines[l] && *lines[l]; l++) {
        char **f = g_strsplit(lines[l], ",", -1);
        char *diagram = g_strdelimit(g_strdup(f[c_position]), "/", '\n');
        char *with_end = g_strconcat(diagram, "\n", NULL);
        board_t b;
        int w, h;
        GError *err = NULL;
        if (!diagram_parse(&b, &w, &h, with_end, &err))
            fail_msg("%s line %d: %s", name, l + 1, err->message);
        board_geom_t *g = board_geom_create(w, h, NULL);
        board_color_t to_move = f[c_to_move][0] == 'B' ? BOARD_BLACK : BOARD_WHITE;
        for (int k = 0; k < (pseudo_too ? 2 : 1); k++) {
            const int *c = k ? c_pseudo : c_math;
            if (!*f[c[0]])
                continue; /* a cell the study left at its node cap */
            game_t *game = fresh_game(g, &rules[k], &b, to_move);
            board_color_t winner;
            int plies;
            assert_true(pns_value(&winner, &plies, p, game));
            int want_plies = atoi(f[c[1]]);
            if ((winner == BOARD_BLACK ? 'B' : 'W') != f[c[0]][0] ||
                (want_plies >= 0 && *f[c[1]] && plies != want_plies))
                fail_msg("%s line %d (%s, %s to move, %s): pns %c in %d, study %s in %s", name,
                         l + 1, f[c_position], f[c_to_move], k ? "pseudo" : "math",
                         winner == BOARD_BLACK ? 'B' : 'W', plies, f[c[0]], f[c[1]]);
            game_destroy(game);
            rows++;
        }
        board_geom_destroy(g);
        g_free(with_end);
        g_free(diagram);
        g_strfreev(f);
    }
    pns_destroy(p);
    g_strfreev(header);
    g_strfreev(lines);
    g_free(text);
    g_free(path);
    return rows;
}

static void test_pns__every_1x7_and_2x3_row_of_the_study_agrees_with_the_solver(void **state)
{
    (void)state;
    /* Pseudo-Go's 1x7 games are long (suicide is legal): 20 s here, so math only there. */
    assert_int_equal(check_study_file("chetrit_1x7.csv", false), 1734);
    assert_int_equal(check_study_file("chetrit_2x3.csv", true), 2 * 978);
}

/*
 * The bounded test around a known value: 1x5 `..X..`'s every fresh start from the reference,
 * then "wins within d" holds at d = the distance and fails at d - 2 (the same parity).
 */
static void test_pns__a_bound_below_the_distance_is_disproved(void **state)
{
    (void)state;
    board_geom_t *g = board_geom_create(1, 5, NULL);
    rules_t r;
    assert_true(rules_parse(&r, "math", NULL));
    board_t b;
    int w, h;
    assert_true(diagram_parse(&b, &w, &h, ".\n.\nX\n.\n.\n", NULL));
    pns_t *p = pns_create(0);
    for (int side = 0; side < 2; side++) {
        game_t *game = fresh_game(g, &r, &b, side ? BOARD_WHITE : BOARD_BLACK);
        int want;
        assert_true(reference_value(&want, game, UINT64_MAX, NULL));
        board_color_t winner = want > 0 ? BOARD_BLACK : BOARD_WHITE;
        int d = SEARCH_VALUE_WIN - abs(want);
        int proof = 0;
        assert_int_equal(pns_prove(&proof, p, game, winner, d), PNS_PROVED);
        assert_true(proof <= d);
        assert_int_equal(pns_prove(&proof, p, game, board_color_other(winner), 0), PNS_DISPROVED);
        if (d > 2)
            assert_int_equal(pns_prove(NULL, p, game, winner, d - 2), PNS_DISPROVED);
        game_destroy(game);
    }
    pns_destroy(p);
    board_geom_destroy(g);
}

/* A budget too small for the tree: unknown, and pns_value says so; a position with no legal
 * move for the side to move is lost in 0 plies. */
static void test_pns__a_small_budget_is_unknown_and_a_dead_end_is_lost_at_once(void **state)
{
    (void)state;
    board_geom_t *g = board_geom_create(3, 3, NULL);
    rules_t r;
    assert_true(rules_parse(&r, "math", NULL));
    board_t empty = {{0, 0}};
    game_t *game = fresh_game(g, &r, &empty, BOARD_BLACK);
    pns_t *p = pns_create(20);
    board_color_t winner;
    int plies;
    assert_int_equal(pns_prove(NULL, p, game, BOARD_BLACK, 0), PNS_UNKNOWN);
    assert_false(pns_value(&winner, &plies, p, game));
    assert_true(pns_nodes(p) > 0);
    game_destroy(game);
    pns_destroy(p);
    board_geom_destroy(g);
    /* 1x3 `.X.`, White to move: either point is suicide, so White has lost. */
    g = board_geom_create(1, 3, NULL);
    board_t b;
    int w, h;
    assert_true(diagram_parse(&b, &w, &h, ".\nX\n.\n", NULL));
    game = fresh_game(g, &r, &b, BOARD_WHITE);
    p = pns_create(0);
    assert_true(pns_value(&winner, &plies, p, game));
    assert_int_equal(winner, BOARD_BLACK);
    assert_int_equal(plies, 0);
    game_destroy(game);
    pns_destroy(p);
    board_geom_destroy(g);
}

static void test_pns__only_the_no_pass_superko_last_move_rules_are_supported(void **state)
{
    (void)state;
    static const struct {
        const char *rules;
        bool supported;
    } cases[] = {
        {"math", true},
        {"pseudo", true},
        {"math,ko=situational", true},
        {"math,ko=simple", false},
        {"math,cycle=draw", false},
        {"chinese", false},
        {"tromp-taylor", false},
        {"old-chinese", false},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        rules_t r;
        assert_true(rules_parse(&r, cases[i].rules, NULL));
        if (pns_supports(&r) != cases[i].supported)
            fail_msg("%s: pns_supports says %d", cases[i].rules, !cases[i].supported);
    }
}

int main(void)
{
    if (getenv("MATHGO_TEST_FILTER"))
        cmocka_set_test_filter(getenv("MATHGO_TEST_FILTER"));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pns__every_position_of_the_small_boards_agrees_with_the_reference),
        cmocka_unit_test(test_pns__every_margin_of_the_small_boards_agrees_with_the_reference),
        cmocka_unit_test(test_pns__every_1x7_and_2x3_row_of_the_study_agrees_with_the_solver),
        cmocka_unit_test(test_pns__a_bound_below_the_distance_is_disproved),
        cmocka_unit_test(test_pns__a_small_budget_is_unknown_and_a_dead_end_is_lost_at_once),
        cmocka_unit_test(test_pns__only_the_no_pass_superko_last_move_rules_are_supported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
