/* tests/test_board.c: geometry tables, point names, placement, symmetries. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/board.h"
#include "positions/diagram.h"

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

/* ---- Regions: holes and safe stones ------------------------------------------------------- */

/* The geometry and position of a region diagram (positions/diagram.h); fails on bad text. */
static board_geom_t *region_of(board_t *b, const char *text)
{
    int w, h;
    uint64_t on_board, safe[2];
    GError *error = NULL;
    if (!diagram_parse_region(b, &w, &h, &on_board, safe, text, &error))
        fail_msg("region '%s': %s", text, error->message);
    board_geom_t *g = board_geom_create_region(w, h, on_board, safe, &error);
    assert_non_null(g);
    return g;
}

static board_point_t at(const board_geom_t *g, int x, int y)
{
    return board_point(g, x, y);
}

static void
test_board__region_geometry_is_checked_and_plain_boards_are_regions_of_everything(void **state)
{
    (void)state;
    uint64_t none[2] = {0, 0};
    board_geom_t *plain = board_geom_create(3, 2, NULL);
    board_geom_t *same = board_geom_create_region(3, 2, 0x3f, none, NULL);
    assert_memory_equal(plain, same, sizeof *plain);
    assert_false(board_geom_is_region(plain));
    board_geom_destroy(plain);
    board_geom_destroy(same);
    struct {
        uint64_t on_board, safe0, safe1;
    } bad[] = {
        {0, 0, 0},       /* nothing on the board */
        {0x7f, 0, 0},    /* a point outside the 3x2 rectangle */
        {0x3e, 0x1, 0},  /* a safe stone on a hole */
        {0x3f, 0x2, 0x2} /* both colours on one point */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        GError *error = NULL;
        uint64_t safe[2] = {bad[i].safe0, bad[i].safe1};
        assert_null(board_geom_create_region(3, 2, bad[i].on_board, safe, &error));
        assert_true(g_error_matches(error, BOARD_ERROR, BOARD_ERROR_REGION));
        g_error_free(error);
    }
}

static void test_board__holes_have_no_neighbours_and_are_no_liberty(void **state)
{
    (void)state;
    board_t b;
    board_geom_t *g = region_of(&b, "xo.\n.##\n");
    assert_true(board_geom_is_region(g));
    assert_int_equal(board_popcount(g->all), 4);
    assert_int_equal(g->neighbours[at(g, 1, 1)], 0);
    assert_int_equal(g->neighbours[at(g, 1, 0)], board_bit(at(g, 0, 0)) | board_bit(at(g, 2, 0)));
    assert_int_equal(g->neighbours[at(g, 0, 1)], board_bit(at(g, 0, 0)));
    /* The white stone's only liberty is C2 (its neighbour below is a hole): Black takes it. */
    assert_int_equal(board_liberties(&b, g, board_chain(&b, g, at(g, 1, 0))),
                     board_bit(at(g, 2, 0)));
    board_placement_t pl = board_place(&b, g, BOARD_BLACK, at(g, 2, 0));
    assert_int_equal(pl.captured, board_bit(at(g, 1, 0)));
    assert_int_equal(pl.suicided, 0);
    board_t empty = board_initial(g);
    assert_int_equal(board_empty(&empty, g), g->all);
    board_geom_destroy(g);
}

static void test_board__safe_chains_are_never_captured_and_never_suicide(void **state)
{
    (void)state;
    board_t b;
    /* White's safe stone and the ordinary stone joined to it fill their last liberty... */
    board_geom_t *g = region_of(&b, "Oo.x\n");
    board_placement_t pl = board_place(&b, g, BOARD_BLACK, 2);
    /* ...and are not captured; Black's chain (C1, D1) then has no liberty: a suicide. */
    assert_int_equal(pl.captured, 0);
    assert_int_equal(pl.suicided, board_bit(2) | board_bit(3));
    assert_true(board_equal(&pl.after, &(board_t){{0, b.stones[1]}}));
    board_geom_destroy(g);

    /* A play that joins a safe chain is no suicide even without a liberty. */
    g = region_of(&b, "X.o.\n");
    pl = board_place(&b, g, BOARD_BLACK, 1);
    assert_int_equal(pl.captured, 0);
    assert_int_equal(pl.suicided, 0);
    assert_int_equal(pl.after.stones[BOARD_BLACK], board_bit(0) | board_bit(1));
    assert_true(board_is_legal_position(&pl.after, g));
    /* White's D1 then fills its own last liberty: a suicide of an ordinary chain. */
    pl = board_place(&pl.after, g, BOARD_WHITE, 3);
    assert_int_equal(pl.suicided, board_bit(2) | board_bit(3));
    board_geom_destroy(g);

    /* A safe stone with no liberty is legal; the same ordinary stone is not. */
    g = region_of(&b, "XOo.\n");
    assert_true(board_is_legal_position(&b, g));
    assert_int_equal(board_dead_chains(g, b.stones[BOARD_BLACK], board_empty(&b, g)), 0);
    board_geom_destroy(g);
    board_geom_t *plain = board_geom_create(4, 1, NULL);
    assert_false(board_is_legal_position(&b, plain));
    board_geom_destroy(plain);

    /* Capturing next to a safe chain: the ordinary white stone goes, the safe one stays. */
    g = region_of(&b, "Ox.\n.o.\n");
    pl = board_place(&b, g, BOARD_WHITE, at(g, 2, 0));
    assert_int_equal(pl.captured, board_bit(at(g, 1, 0)));
    pl = board_place(&b, g, BOARD_BLACK, at(g, 0, 1));
    /* A2 takes A3's last liberty, but A3 is safe: nothing is taken, and A2 is a suicide. */
    assert_int_equal(pl.captured, 0);
    assert_int_equal(pl.suicided, board_bit(at(g, 0, 1)));
    board_geom_destroy(g);
}

static void
test_board__a_region_keeps_the_symmetries_that_fix_its_shape_and_safe_stones(void **state)
{
    (void)state;
    struct {
        const char *region;
        int count;
    } cases[] = {
        {"...\n...\n...\n", 8},  {"...\n.X.\n...\n", 8},
        {"X..\n...\n...\n", 2},  {"X..\n...\n..O\n", 2},
        {"X..\n...\n..X\n", 4},  {"#..\n...\n...\n", 2},
        {"..#\n...\n#..\n", 4},  {"X...O\n", 1},
        {"X...X\n", 2},          {"O..\n.##\n.##\n", 2},
        {"#.#\n...\n#.#\n", 8},  {"X..\n##.\n", 1},
        {"..\n..\n..\n##\n", 2}, {".\n", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        board_t b;
        board_geom_t *g = region_of(&b, cases[i].region);
        if (g->symmetry_count != cases[i].count)
            fail_msg("region %zu has %d symmetries, not %d", i, g->symmetry_count, cases[i].count);
        for (int s = 0; s < g->symmetry_count; s++) {
            board_t safe = {{g->safe[0], g->safe[1]}}, all = {{g->all, 0}};
            assert_true(board_equal(&safe, &(board_t){{board_transform(&safe, g, s).stones[0],
                                                       board_transform(&safe, g, s).stones[1]}}));
            assert_int_equal(board_transform(&all, g, s).stones[0], g->all);
            /* The kept maps are a group: each has its inverse among them. */
            bool inverse = false;
            for (int t = 0; t < g->symmetry_count && !inverse; t++) {
                inverse = true;
                for (int p = 0; p < g->size; p++)
                    inverse = inverse && g->sym[t][g->sym[s][p]] == p;
            }
            assert_true(inverse);
        }
        for (int p = 0; p < g->size; p++)
            assert_int_equal(g->sym[0][p], p);
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
        cmocka_unit_test(
            test_board__region_geometry_is_checked_and_plain_boards_are_regions_of_everything),
        cmocka_unit_test(test_board__holes_have_no_neighbours_and_are_no_liberty),
        cmocka_unit_test(test_board__safe_chains_are_never_captured_and_never_suicide),
        cmocka_unit_test(
            test_board__a_region_keeps_the_symmetries_that_fix_its_shape_and_safe_stones),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
