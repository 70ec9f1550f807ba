/*
 * tests/test_sum.c: whole boards as sums of regions (regions/sum.h), checked against the
 * full-board solver (solver/search.h) on the seeded boards of regions/generate.h: 200 boards of
 * two to five regions and at most 12 empty points (MATHGO_TEST_MAX_EMPTY raises the bound;
 * bench_sums compares boards up to 30 points on demand).
 *
 * Mathematical Go: the winner of the full-board `math` search, with Black first and with White
 * first, is the outcome class of the sum of the regions' math values, and the plays the sum
 * calls winning (decomposition) are exactly the plays after which the full search says the mover
 * still wins (every fourth board).  Territory: on every start that meets the conditions of
 * docs/sums.md (integer stops, no capture reachable in any region), the full-board search under
 * mathgo's territory count with free passes (`japanese,ko=positional`) gets the Left stop of the
 * sum with Black first and the Right stop with White first; the starts outside the conditions
 * are counted (equal or not) and printed in the summary line.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>

#include <cmocka.h>

#include "cgt/game.h"
#include "cgt/notation.h"
#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "positions/diagram.h"
#include "regions/generate.h"
#include "regions/region.h"
#include "regions/sum.h"
#include "solver/search.h"
#include "tests/support.h"

#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef MATHGO_TEST_BOARDS
#if defined(__SANITIZE_ADDRESS__)
/* The sanitizer build (about 8x slower) checks the first 50 boards; the release build all 200. */
#define MATHGO_TEST_BOARDS 50
#else
#define MATHGO_TEST_BOARDS 200
#endif
#endif

/* The full-board value (Black's view) with `to_move` first under `rules_text`. */
static int full_value(const region_generated_t *board, const char *rules_text,
                      board_color_t to_move, int alpha, int beta, search_t **search)
{
    rules_t rules;
    assert_true(rules_parse(&rules, rules_text, NULL));
    if (!*search) {
        search_options_t options = search_options_default();
        options.tt_bytes = 16u << 20;
        *search = search_create(board->geom, &rules, &options, NULL);
        assert_non_null(*search);
    }
    GError *error = NULL;
    game_t *game = game_create_from(board->geom, &rules, &board->position, to_move, &error);
    assert_non_null(game);
    int value;
    gint64 t0 = g_get_monotonic_time();
    if (!search_value(&value, *search, game, alpha, beta, &error)) {
        fprintf(stderr, "full search failed: %s\n%s", error->message, board->diagram);
        fail();
    }
    if (getenv("MATHGO_TEST_VERBOSE"))
        fprintf(stderr, "  %s %s first: %d in %.3f s\n", rules_text, to_move ? "W" : "B", value,
                (g_get_monotonic_time() - t0) / 1e6);
    game_destroy(game);
    return value;
}

/*
 * Whether the territory theorem's conditions hold for the sum (docs/regions.md): both stops are
 * integers.  (A full-board score is an integer, so a fractional stop cannot be reached.)
 */
static bool integer_stops(cgt_ctx_t *cgt, cgt_game_t g)
{
    mpq_t s;
    mpq_init(s);
    cgt_left_stop(s, cgt, g);
    bool ok = mpz_cmp_ui(mpq_denref(s), 1) == 0;
    cgt_right_stop(s, cgt, g);
    ok = ok && mpz_cmp_ui(mpq_denref(s), 1) == 0;
    mpq_clear(s);
    return ok;
}

static int stop_value2(cgt_ctx_t *cgt, cgt_game_t g, bool left)
{
    mpq_t s;
    mpq_init(s);
    if (left)
        cgt_left_stop(s, cgt, g);
    else
        cgt_right_stop(s, cgt, g);
    mpq_mul_2exp(s, s, 1);
    int v = (int)mpz_get_si(mpq_numref(s));
    mpq_clear(s);
    return v;
}

/* The winner of the math game from the outcome class of the sum, for `to_move` first. */
static board_color_t predicted_winner(cgt_ctx_t *cgt, cgt_game_t g, board_color_t to_move)
{
    switch (cgt_outcome(cgt, g)) {
    case CGT_OUTCOME_L:
        return BOARD_BLACK;
    case CGT_OUTCOME_R:
        return BOARD_WHITE;
    case CGT_OUTCOME_N:
        return to_move;
    case CGT_OUTCOME_P:
        break;
    }
    return board_color_other(to_move);
}

/* The winning plays for to_move by full-board search: plays after which to_move still wins. */
static int full_winning_moves(board_move_t *moves, const region_generated_t *board,
                              board_color_t to_move, search_t *search)
{
    rules_t rules;
    assert_true(rules_parse(&rules, "math", NULL));
    game_t *game = game_create_from(board->geom, &rules, &board->position, to_move, NULL);
    board_move_t legal[BOARD_MAX_POINTS + 1];
    int n_legal = game_legal_moves(legal, game), n = 0;
    for (int i = 0; i < n_legal; i++) {
        assert_int_equal(game_play(game, legal[i]), GAME_LEGAL);
        int value;
        assert_true(search_value(&value, search, game, -1, 1, NULL));
        if ((value > 0) == (to_move == BOARD_BLACK))
            moves[n++] = legal[i];
        game_undo(game);
    }
    game_destroy(game);
    return n;
}

static void test_sum__math_winner_is_the_outcome_class_and_territory_the_stops(void **state)
{
    (void)state;
    uint64_t rng = 0x5eed5u;
    int rejected = 0, territory_checked = 0, moves_checked = 0;
    int outside[2][2] = {{0, 0}, {0, 0}}; /* [fractional stop, capture][full == stop] */
    int parts_histogram[6] = {0};
    int max_empty_seen = 0;
    /* The full-board search grows fast with the empty points (18 in three regions: 11 s under
     * math); boards up to 30 are compared by bench_sums, on demand. */
    int max_empty = getenv("MATHGO_TEST_MAX_EMPTY") ? atoi(getenv("MATHGO_TEST_MAX_EMPTY")) : 12;
    region_generate_options_t options = {3, 2, 56, 7, 1, max_empty, 2, 5};
    region_ctx_t *ctx = region_ctx_create(0);
    cgt_ctx_t *cgt = region_ctx_cgt(ctx);
    for (int k = 0; k < MATHGO_TEST_BOARDS; k++) {
        region_generated_t board;
        assert_true(region_generate(&board, &rng, ctx, &options, &rejected));
        if (getenv("MATHGO_TEST_VERBOSE"))
            fprintf(stderr, "board %d: %d empty\n%s", k, board.empty, board.diagram);
        if (board.empty > max_empty_seen)
            max_empty_seen = board.empty;

        region_sum_t *math =
            region_sum_create(ctx, board.geom, &board.position, REGION_MODEL_MATH, NULL);
        region_sum_t *territory =
            region_sum_create(ctx, board.geom, &board.position, REGION_MODEL_TERRITORY, NULL);
        assert_non_null(math);
        assert_non_null(territory);
        parts_histogram[region_sum_count(math)]++;
        search_t *math_search = NULL, *territory_search = NULL;
        for (int c = 0; c < 2; c++) {
            board_color_t first = (board_color_t)c;
            /* the sign is all the winner needs: a null window around 0 (no draws here) */
            int value = full_value(&board, "math", first, -1, 1, &math_search);
            board_color_t winner = value > 0 ? BOARD_BLACK : BOARD_WHITE;
            board_color_t predicted = predicted_winner(cgt, region_sum_value(math), first);
            if (winner != predicted) {
                char *g = cgt_to_string(cgt, region_sum_value(math));
                fprintf(stderr, "board %d (%s first): full search %s wins, sum %s\n%s", k,
                        c ? "White" : "Black", winner == BOARD_BLACK ? "Black" : "White", g,
                        board.diagram);
                g_free(g);
            }
            assert_int_equal(winner, predicted);

            /* decomposition: the sum's winning plays are the full search's */
            if (k % 4 == 0) {
                board_move_t by_sum[BOARD_MAX_POINTS], by_search[BOARD_MAX_POINTS + 1];
                int n_sum = region_sum_best_moves(by_sum, math, first, NULL);
                int n_search = full_winning_moves(by_search, &board, first, math_search);
                assert_int_equal(n_sum, n_search);
                assert_memory_equal(by_sum, by_search, (size_t)n_sum);
                moves_checked++;
            }

            cgt_game_t g = region_sum_value(territory);
            int full = full_value(&board, "japanese,ko=positional,cycle=none,analysis=none", first,
                                  -SEARCH_VALUE_INF, SEARCH_VALUE_INF, &territory_search);
            int stop2 = stop_value2(cgt, g, first == BOARD_BLACK);
            int capturing = region_sum_capturing_region(territory);
            bool integral = integer_stops(cgt, g);
            if (integral && capturing < 0) {
                /* the theorem's conditions hold: the stop is the full-board score */
                if (full != stop2) {
                    char *gs = cgt_to_string(cgt, g);
                    fprintf(stderr, "board %d (%s first): full search %d/2, sum %s\n%s", k,
                            c ? "White" : "Black", full, gs, board.diagram);
                    g_free(gs);
                }
                assert_int_equal(full, stop2);
                territory_checked++;
            } else {
                int reason = !integral ? 0 : 1;
                outside[reason][full == stop2]++;
            }
        }
        search_destroy(math_search);
        search_destroy(territory_search);
        region_sum_destroy(math);
        region_sum_destroy(territory);
        board_geom_destroy(board.geom);
    }
    fprintf(stderr,
            "test_sum: %d boards (regions: 2 %d, 3 %d, 4 %d, 5 %d; up to %d empty points), %d "
            "drawn and rejected; math: winners on %d starts, winning plays on %d starts; "
            "territory: stop = full-board score on %d starts meeting the conditions; outside "
            "them, fractional stops %d equal %d differ, a capture reachable %d equal %d differ\n",
            MATHGO_TEST_BOARDS, parts_histogram[2], parts_histogram[3], parts_histogram[4],
            parts_histogram[5], max_empty_seen, rejected, 2 * MATHGO_TEST_BOARDS, moves_checked,
            territory_checked, outside[0][1], outside[0][0], outside[1][1], outside[1][0]);
    region_ctx_destroy(ctx);
}

/* Field i (0-based) of the second line of out, a CSV row (RFC 4180 quotes); a new string. */
static char *csv_field(const char *out, int i)
{
    const char *c = strchr(out, '\n');
    assert_non_null(c);
    GString *field = g_string_new(NULL);
    bool quoted = false;
    for (c++; *c && *c != '\n' && i >= 0; c++) {
        if (*c == '"')
            quoted = !quoted;
        else if (*c == ',' && !quoted)
            i--;
        else if (i == 0)
            g_string_append_c(field, *c);
    }
    return g_string_free(field, FALSE);
}

static void check_decompose_record(const char *record)
{
    char **lines = g_strsplit(record, "\n", -1);
    const char *name = support_record_value(lines, "name");
    const char *rules = support_record_value(lines, "rules");
    const char *to_move = support_record_value(lines, "to-move");
    GString *grid = g_string_new(NULL);
    for (char **l = lines; *l; l++)
        if (**l && !strchr(*l, ':') && **l != '%')
            g_string_append_printf(grid, "%s\n", *l);
    char *path = g_build_filename(g_get_tmp_dir(), "mathgo_test_sum_XXXXXX", NULL);
    int fd = g_mkstemp(path);
    assert_true(fd >= 0);
    assert_true(write(fd, grid->str, grid->len) == (ssize_t)grid->len);
    close(fd);
    const char *full_rules = !strcmp(rules, "japanese,analysis=none")
                                 ? "japanese,ko=positional,cycle=none,analysis=none"
                                 : rules;
    support_run_t dec = support_runv(NULL, "solve", "--from", path, "--rules", rules, "--to-move",
                                     to_move, "--decompose", "--csv", NULL);
    support_run_t full = support_runv(NULL, "solve", "--from", path, "--region", "--rules",
                                      full_rules, "--to-move", to_move, "--csv", NULL);
    if (dec.status || full.status)
        fprintf(stderr, "%s: %s%s", name, dec.err, full.err);
    assert_int_equal(dec.status, 0);
    assert_int_equal(full.status, 0);
    /* decompose: board,model,to_move,result,best_moves,...; solve: ...,result(4),margin,best(6) */
    char *dec_result = csv_field(dec.out, 3), *full_result = csv_field(full.out, 4);
    char *dec_moves = csv_field(dec.out, 4), *full_moves = csv_field(full.out, 6);
    /* the full solve writes "B+2", "W+1", "0" or "B in 23"; the decomposition "2", "-1", "B" */
    char *full_short = !strcmp(rules, "math") ? g_strndup(full_result, 1) : NULL;
    if (!full_short) {
        int v = full_result[0] == 'W'   ? -atoi(full_result + 2)
                : full_result[0] == 'B' ? atoi(full_result + 2)
                                        : 0;
        full_short = g_strdup_printf("%d", v);
    }
    if (strcmp(dec_result, full_short))
        fprintf(stderr, "%s: decomposition %s, full solve %s\n", name, dec_result, full_result);
    assert_string_equal(dec_result, full_short);
    /* every first move of the full solve is among the decomposition's (the solver keeps only
     * the fastest wins under math; a losing mover has no winning play by the sum) */
    char **wanted = g_strsplit(full_moves, " ", -1);
    char *padded = g_strdup_printf(" %s ", dec_moves);
    bool mover_wins = !strcmp(rules, "math") && dec_result[0] == to_move[0] - 'a' + 'A';
    for (char **m = wanted; *m && (mover_wins || strcmp(rules, "math")); m++) {
        char *needle = g_strdup_printf(" %s ", *m);
        if (**m && !strstr(padded, needle))
            fprintf(stderr, "%s: full solve's move %s not in the decomposition's '%s'\n", name, *m,
                    dec_moves);
        assert_true(!**m || strstr(padded, needle));
        g_free(needle);
    }
    g_strfreev(wanted);
    g_free(padded);
    g_free(full_short);
    g_free(dec_result);
    g_free(full_result);
    g_free(dec_moves);
    g_free(full_moves);
    support_run_clear(&dec);
    support_run_clear(&full);
    unlink(path);
    g_free(path);
    g_string_free(grid, TRUE);
    g_strfreev(lines);
}

static void test_sum__decompose_command_agrees_with_the_full_solve(void **state)
{
    (void)state;
    assert_true(support_for_each_record("sum_boards.txt", check_decompose_record) >= 6);
}

static void test_sum__decompose_refuses_other_rules_and_loopy_regions(void **state)
{
    (void)state;
    char *path = g_build_filename(g_get_tmp_dir(), "mathgo_test_sum_ko_XXXXXX", NULL);
    int fd = g_mkstemp(path);
    const char ko[] = ".x..O\nXXXOO\n";
    assert_true(write(fd, ko, sizeof ko - 1) == (ssize_t)(sizeof ko - 1));
    close(fd);
    support_run_t r =
        support_runv(NULL, "solve", "--from", path, "--rules", "chinese", "--decompose", NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "--decompose needs the math rules"));
    support_run_clear(&r);
    r = support_runv(NULL, "solve", "--from", path, "--rules", "math", "--decompose", NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "not a short game: ko at D2"));
    support_run_clear(&r);
    unlink(path);
    g_free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sum__math_winner_is_the_outcome_class_and_territory_the_stops),
        cmocka_unit_test(test_sum__decompose_command_agrees_with_the_full_solve),
        cmocka_unit_test(test_sum__decompose_refuses_other_rules_and_loopy_regions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
