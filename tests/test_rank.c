/* tests/test_rank.c: the dense numbering of legal positions is a bijection onto 0..L-1. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "positions/rank.h"
#include "tests/support.h"

#include "positions/count.h"
#include "positions/diagram.h"

#include <gmp.h>
#include <string.h>

/* Every colouring of every board up to 3x3: legal ones get distinct ranks below L, in the
 * documented order, illegal ones RANK_ILLEGAL, and unrank inverts rank. */
static void test_rank__round_trips_exhaustively_on_every_board_up_to_3x3(void **state)
{
    (void)state;
    for (int w = 1; w <= 3; w++)
        for (int h = 1; h <= 3; h++) {
            board_geom_t *g = board_geom_create(w, h, NULL);
            rank_t *r = rank_create(g, NULL);
            assert_non_null(r);
            uint64_t total = support_patterns(g->size), legal = 0;
            uint8_t *seen = g_new0(uint8_t, rank_count(r));
            for (uint64_t code = 0; code < total; code++) {
                board_t b = support_pattern(code, g->size);
                uint64_t k = rank_position(r, &b);
                if (!board_is_legal_position(&b, g)) {
                    assert_true(k == RANK_ILLEGAL);
                    continue;
                }
                legal++;
                assert_true(k < rank_count(r));
                assert_int_equal(seen[k], 0);
                seen[k] = 1;
                board_t back;
                rank_unrank(&back, r, k);
                assert_true(board_equal(&back, &b));
            }
            assert_int_equal(legal, rank_count(r));
            g_free(seen);
            rank_destroy(r);
            board_geom_destroy(g);
        }
}

/* A small deterministic generator, so failures reproduce (xorshift64*). */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1Dull;
}

/* Random legal positions of larger boards (random colourings, kept when legal) and random ranks. */
static void test_rank__round_trips_on_random_positions_of_larger_boards(void **state)
{
    (void)state;
    int sizes[][2] = {{4, 4}, {5, 4}, {4, 5}, {5, 5},  {6, 5},
                      {6, 6}, {3, 7}, {8, 2}, {4, 10}, {1, 43}};
    uint64_t seed = 20261129;
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        board_geom_t *g = board_geom_create(sizes[i][0], sizes[i][1], NULL);
        rank_t *r = rank_create(g, NULL);
        assert_non_null(r);
        mpz_t l;
        mpz_init(l);
        assert_true(count_legal(l, sizes[i][0], sizes[i][1], NULL, NULL));
        assert_true(mpz_fits_ulong_p(l) && mpz_get_ui(l) == rank_count(r));
        mpz_clear(l);
        int legal = 0;
        for (int t = 0; t < 20000; t++) {
            board_t b = {{0, 0}};
            for (int p = 0; p < g->size; p++) {
                /* Mostly empty, so that enough colourings are legal. */
                uint64_t x = next_random(&seed) % 8;
                if (x >= 6)
                    b.stones[x - 6] |= board_bit((board_point_t)p);
            }
            uint64_t k = rank_position(r, &b);
            if (!board_is_legal_position(&b, g)) {
                assert_true(k == RANK_ILLEGAL);
                continue;
            }
            legal++;
            board_t back;
            rank_unrank(&back, r, k);
            assert_true(board_equal(&back, &b));
        }
        assert_true(legal > 1000);
        for (int t = 0; t < 20000; t++) {
            uint64_t k = next_random(&seed) % rank_count(r);
            board_t b;
            rank_unrank(&b, r, k);
            assert_true(board_is_legal_position(&b, g));
            assert_true(rank_position(r, &b) == k);
        }
        rank_destroy(r);
        board_geom_destroy(g);
    }
}

static board_t parse(const char *diagram)
{
    board_t b;
    int w, h;
    assert_true(diagram_parse(&b, &w, &h, diagram, NULL));
    return b;
}

/* The order is documented: row by row (columns when wider than tall), empty < black < white. */
static void test_rank__order_is_lexicographic_in_the_scan_with_empty_first(void **state)
{
    (void)state;
    board_geom_t *g = board_geom_create(3, 3, NULL);
    rank_t *r = rank_create(g, NULL);
    board_t empty = {{0, 0}};
    assert_int_equal(rank_position(r, &empty), 0);
    board_t last;
    rank_unrank(&last, r, rank_count(r) - 1);
    /* The largest: white wherever possible in scan order, so the first row is all white. */
    char *text = diagram_format(&last, g);
    assert_string_equal(text, "OOO\nOOO\nOO.\n");
    g_free(text);
    board_t a = parse("...\n...\n..X\n"), b = parse("...\n...\n..O\n"),
            c = parse("...\n..X\n...\n");
    assert_int_equal(rank_position(r, &a), 1);
    assert_int_equal(rank_position(r, &b), 2);
    assert_true(rank_position(r, &c) > rank_position(r, &b));
    rank_destroy(r);
    board_geom_destroy(g);

    /* A wide board is scanned by columns: the first column decides first. */
    g = board_geom_create(3, 2, NULL);
    r = rank_create(g, NULL);
    board_t top_right = parse("..X\n...\n"), bottom_left = parse("...\nX..\n");
    assert_true(rank_position(r, &top_right) < rank_position(r, &bottom_left));
    rank_destroy(r);
    board_geom_destroy(g);
}

static void test_rank__refuses_malformed_positions(void **state)
{
    (void)state;
    board_geom_t *g = board_geom_create(2, 2, NULL);
    rank_t *r = rank_create(g, NULL);
    board_t both = {{1, 1}}, off = {{(uint64_t)1 << 5, 0}}, full = {{15, 0}};
    assert_true(rank_position(r, &both) == RANK_ILLEGAL);
    assert_true(rank_position(r, &off) == RANK_ILLEGAL);
    assert_true(rank_position(r, &full) == RANK_ILLEGAL);
    rank_destroy(r);
    board_geom_destroy(g);
}

static void test_rank__refuses_boards_with_2_to_the_64_positions_or_more(void **state)
{
    (void)state;
    /* 2x20 and 1x43 are the longest strips under 2^64; one more column passes it. */
    int sizes[][2] = {{7, 7}, {2, 21}, {21, 2}, {1, 44}, {5, 9}};
    const char *named[] = {"7x7", "2x21", "21x2", "1x44", "5x9"};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        board_geom_t *g = board_geom_create(sizes[i][0], sizes[i][1], NULL);
        GError *error = NULL;
        assert_null(rank_create(g, &error));
        assert_true(g_error_matches(error, RANK_ERROR, RANK_ERROR_TOO_LARGE));
        assert_non_null(strstr(error->message, named[i]));
        g_error_free(error);
        board_geom_destroy(g);
    }
}

/* The cursor walks ranks in order from any start, without unranking. */
static void test_rank__cursor_walks_every_position_in_rank_order(void **state)
{
    (void)state;
    int sizes[][2] = {{1, 1}, {2, 3}, {3, 2}, {4, 3}};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        board_geom_t *g = board_geom_create(sizes[i][0], sizes[i][1], NULL);
        rank_t *r = rank_create(g, NULL);
        for (uint64_t start = 0; start < rank_count(r); start += rank_count(r) / 3 + 1) {
            rank_cursor_t *cur = rank_cursor_create(r, start);
            board_t b;
            uint64_t k, expect = start;
            while (rank_cursor_next(&b, &k, cur)) {
                assert_true(k == expect);
                assert_true(rank_position(r, &b) == k);
                expect++;
            }
            assert_true(expect == rank_count(r));
            assert_false(rank_cursor_next(&b, &k, cur));
            rank_cursor_destroy(cur);
        }
        rank_cursor_t *past = rank_cursor_create(r, rank_count(r));
        board_t b;
        uint64_t k;
        assert_false(rank_cursor_next(&b, &k, past));
        rank_cursor_destroy(past);
        rank_destroy(r);
        board_geom_destroy(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rank__round_trips_exhaustively_on_every_board_up_to_3x3),
        cmocka_unit_test(test_rank__round_trips_on_random_positions_of_larger_boards),
        cmocka_unit_test(test_rank__order_is_lexicographic_in_the_scan_with_empty_first),
        cmocka_unit_test(test_rank__refuses_malformed_positions),
        cmocka_unit_test(test_rank__refuses_boards_with_2_to_the_64_positions_or_more),
        cmocka_unit_test(test_rank__cursor_walks_every_position_in_rank_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
