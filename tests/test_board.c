/* tests/test_board.c: geometry tables, point names, placement, symmetries. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/board.h"

#include <string.h>

static void test_board__sizes_up_to_64_points_are_accepted_and_larger_refused(void **state)
{
    (void)state;
    int ok_sizes[][2] = {{1, 1}, {1, 64}, {64, 1}, {8, 8}, {4, 16}, {5, 5}, {19, 3}};
    for (size_t i = 0; i < sizeof ok_sizes / sizeof *ok_sizes; i++) {
        board_geom_t *g = board_geom_create(ok_sizes[i][0], ok_sizes[i][1], NULL);
        assert_non_null(g);
        assert_int_equal(g->size, ok_sizes[i][0] * ok_sizes[i][1]);
        assert_int_equal(board_popcount(g->all), g->size);
        board_geom_destroy(g);
    }
    int bad[][2] = {{0, 3}, {3, 0}, {9, 9}, {65, 1}, {-1, 4}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        GError *error = NULL;
        assert_null(board_geom_create(bad[i][0], bad[i][1], &error));
        assert_non_null(error);
        assert_true(g_error_matches(error, BOARD_ERROR, BOARD_ERROR_SIZE));
        g_error_free(error);
    }
}

static void test_board__size_text_is_parsed_or_named_in_the_error(void **state)
{
    (void)state;
    int w, h;
    assert_true(board_parse_size(&w, &h, "3x4", NULL));
    assert_int_equal(w, 3);
    assert_int_equal(h, 4);
    assert_true(board_parse_size(&w, &h, "7", NULL));
    assert_int_equal(w, 7);
    assert_int_equal(h, 7);
    const char *bad[] = {"", "x3", "3x", "3y3", "0x3", "9x9", "3x3x3", "-2x2", "abc"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        GError *error = NULL;
        assert_false(board_parse_size(&w, &h, bad[i], &error));
        assert_non_null(strstr(error->message, bad[i]));
        g_error_free(error);
    }
}

/* Neighbour masks against a naive (x, y) computation, on every supported shape family. */
static void test_board__neighbours_match_the_grid_on_every_shape(void **state)
{
    (void)state;
    int sizes[][2] = {{1, 1}, {1, 7}, {7, 1}, {2, 3}, {5, 5}, {8, 8}, {64, 1}, {1, 64}, {4, 16}};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        int w = sizes[i][0], h = sizes[i][1];
        board_geom_t *g = board_geom_create(w, h, NULL);
        for (int p = 0; p < w * h; p++) {
            int x = p % w, y = p / w;
            uint64_t expect = 0;
            if (x > 0)
                expect |= board_bit((board_point_t)(p - 1));
            if (x < w - 1)
                expect |= board_bit((board_point_t)(p + 1));
            if (y > 0)
                expect |= board_bit((board_point_t)(p - w));
            if (y < h - 1)
                expect |= board_bit((board_point_t)(p + w));
            assert_int_equal(g->neighbours[p], expect);
        }
        board_geom_destroy(g);
    }
}

static void test_board__gtp_names_round_trip_and_row_one_is_the_bottom(void **state)
{
    (void)state;
    board_geom_t *g = board_geom_create(9, 7, NULL);
    char buf[8];
    /* Bottom left is A1, top right is J7 (no I). */
    assert_string_equal(board_move_name(buf, g, board_point(g, 0, 6)), "A1");
    assert_string_equal(board_move_name(buf, g, board_point(g, 8, 0)), "J7");
    assert_string_equal(board_move_name(buf, g, BOARD_MOVE_PASS), "pass");
    for (int p = 0; p < g->size; p++) {
        board_move_t m;
        board_move_name(buf, g, (board_move_t)p);
        assert_true(board_parse_move(&m, g, buf, NULL));
        assert_int_equal(m, p);
    }
    board_move_t m;
    assert_true(board_parse_move(&m, g, "c3", NULL));
    assert_int_equal(m, board_point(g, 2, 4));
    const char *bad[] = {"I3", "K1", "A0", "A8", "3A", "", "A", "A1x", "passs"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        GError *error = NULL;
        assert_false(board_parse_move(&m, g, bad[i], &error));
        assert_true(g_error_matches(error, BOARD_ERROR, BOARD_ERROR_COORDINATE));
        g_error_free(error);
    }
    board_geom_destroy(g);
    /* A 64x1 board continues after Z with AA, AB, ... */
    g = board_geom_create(64, 1, NULL);
    for (int p = 0; p < g->size; p++) {
        board_move_t mm;
        board_move_name(buf, g, (board_move_t)p);
        assert_true(board_parse_move(&mm, g, buf, NULL));
        assert_int_equal(mm, p);
    }
    board_geom_destroy(g);
}

static void test_board__capture_removes_chain_without_liberties(void **state)
{
    (void)state;
    board_geom_t *g = board_geom_create(3, 3, NULL);
    /* .X.    White at A3 would be suicide; Black at A3 is fine.
       XO.    White B2 has liberties C2, B1 and B3? no: B3 is empty.
       .X. */
    board_t b = {{0, 0}};
    b.stones[BOARD_BLACK] = board_bit(board_point(g, 1, 0)) | board_bit(board_point(g, 0, 1)) |
                            board_bit(board_point(g, 1, 2));
    b.stones[BOARD_WHITE] = board_bit(board_point(g, 1, 1));
    board_placement_t pl = board_place(&b, g, BOARD_BLACK, board_point(g, 2, 1));
    assert_int_equal(pl.captured, board_bit(board_point(g, 1, 1)));
    assert_int_equal(pl.suicided, 0);
    assert_int_equal(pl.after.stones[BOARD_WHITE], 0);
    /* White at A3 (top left) has no liberty and captures nothing: a suicide. */
    pl = board_place(&b, g, BOARD_WHITE, board_point(g, 0, 0));
    assert_int_equal(pl.captured, 0);
    assert_int_equal(pl.suicided, board_bit(board_point(g, 0, 0)));
    assert_true(board_equal(&pl.after, &b));
    board_geom_destroy(g);
}

static void test_board__symmetries_are_permutations_of_the_right_count(void **state)
{
    (void)state;
    int sizes[][3] = {{1, 1, 1}, {1, 5, 2}, {5, 1, 2}, {2, 3, 4}, {4, 4, 8}, {8, 8, 8}};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        board_geom_t *g = board_geom_create(sizes[i][0], sizes[i][1], NULL);
        assert_int_equal(g->symmetry_count, sizes[i][2]);
        for (int s = 0; s < g->symmetry_count; s++) {
            uint64_t image = 0;
            for (int p = 0; p < g->size; p++) {
                image |= board_bit(g->sym[s][p]);
                /* A symmetry maps neighbours to neighbours. */
                for (uint64_t n = g->neighbours[p]; n; n &= n - 1)
                    assert_true(g->neighbours[g->sym[s][p]] &
                                board_bit(g->sym[s][board_lowest(n)]));
            }
            assert_int_equal(image, g->all);
        }
        /* The images of an asymmetric point are all different on squares (8) and rectangles. */
        board_geom_destroy(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board__sizes_up_to_64_points_are_accepted_and_larger_refused),
        cmocka_unit_test(test_board__size_text_is_parsed_or_named_in_the_error),
        cmocka_unit_test(test_board__neighbours_match_the_grid_on_every_shape),
        cmocka_unit_test(test_board__gtp_names_round_trip_and_row_one_is_the_bottom),
        cmocka_unit_test(test_board__capture_removes_chain_without_liberties),
        cmocka_unit_test(test_board__symmetries_are_permutations_of_the_right_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
