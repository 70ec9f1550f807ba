/* tests/test_diagram.c: the ASCII diagram reader and writer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "positions/diagram.h"

#include <string.h>

static void test_diagram__rows_map_to_points_top_row_first(void **state)
{
    (void)state;
    board_t b;
    int w, h;
    assert_true(diagram_parse(&b, &w, &h, "X.O\n...\n..X\n", NULL));
    assert_int_equal(w, 3);
    assert_int_equal(h, 3);
    board_geom_t *g = board_geom_create(w, h, NULL);
    assert_int_equal(board_at(&b, board_point(g, 0, 0)), BOARD_BLACK);
    assert_int_equal(board_at(&b, board_point(g, 2, 0)), BOARD_WHITE);
    assert_int_equal(board_at(&b, board_point(g, 2, 2)), BOARD_BLACK);
    char *text = diagram_format(&b, g);
    assert_string_equal(text, "X.O\n...\n..X\n");
    g_free(text);
    board_geom_destroy(g);
}

static void test_diagram__spaces_comments_and_blank_edges_are_ignored(void **state)
{
    (void)state;
    board_t a, b;
    int w, h;
    assert_true(diagram_parse(&a, &w, &h, "# a comment\n\n X . O \n . x o\n\n", NULL));
    assert_int_equal(w, 3);
    assert_int_equal(h, 2);
    assert_true(diagram_parse(&b, &w, &h, "X.O\n.XO", NULL));
    assert_true(board_equal(&a, &b));
}

static void test_diagram__every_shape_up_to_64_points_round_trips(void **state)
{
    (void)state;
    int sizes[][2] = {{1, 1}, {1, 64}, {64, 1}, {8, 8}, {4, 16}, {7, 3}};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        board_geom_t *g = board_geom_create(sizes[i][0], sizes[i][1], NULL);
        board_t b = {{0, 0}};
        for (int p = 0; p < g->size; p++)
            if (p % 3 != 2)
                b.stones[p % 3] |= board_bit((board_point_t)p);
        char *text = diagram_format(&b, g);
        board_t back;
        int w, h;
        assert_true(diagram_parse(&back, &w, &h, text, NULL));
        assert_int_equal(w, sizes[i][0]);
        assert_int_equal(h, sizes[i][1]);
        assert_true(board_equal(&b, &back));
        g_free(text);
        board_geom_destroy(g);
    }
}

/* Malformed diagrams: each message names the line (and column for a character). */
static void test_diagram__malformed_input_is_named_by_line_and_column(void **state)
{
    (void)state;
    const char *cases[][2] = {
        {"X.O\n.Q.\n", "line 2, column 2: unknown character 'Q'"},
        {"X.O\n..\n", "line 2: the row has 2 points but the first row (line 1) has 3"},
        {"", "no rows"},
        {"\n\n", "no rows"},
        {"X.\n\n..\n", "line 3"},
        {".........\n.........\n.........\n.........\n.........\n.........\n.........\n"
         ".........\n",
         "line 8: the diagram has more than 64 points"},
        {"..................................................................\n", "longer than 64"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        board_t b;
        int w, h;
        GError *error = NULL;
        assert_false(diagram_parse(&b, &w, &h, cases[i][0], &error));
        assert_non_null(error);
        if (!strstr(error->message, cases[i][1]))
            fail_msg("case %zu: message '%s' lacks '%s'", i, error->message, cases[i][1]);
        g_error_free(error);
    }
}

/* ---- Region diagrams ------------------------------------------------------------------------ */

static void
test_diagram__region_letters_map_to_safe_and_ordinary_stones_and_short_rows_pad(void **state)
{
    (void)state;
    board_t b;
    int w, h;
    uint64_t on_board, safe[2];
    assert_true(diagram_parse_region(&b, &w, &h, &on_board, safe, "\n X . x #\n O o .\n\n", NULL));
    assert_int_equal(w, 4);
    assert_int_equal(h, 2);
    /* Row 1: X . x #   Row 2: O o . (#) */
    assert_int_equal(on_board, 0x77);
    assert_int_equal(safe[BOARD_BLACK], 0x01);
    assert_int_equal(safe[BOARD_WHITE], 0x10);
    assert_int_equal(b.stones[BOARD_BLACK], 0x05);
    assert_int_equal(b.stones[BOARD_WHITE], 0x30);
    board_geom_t *g = board_geom_create_region(w, h, on_board, safe, NULL);
    char *text = diagram_format_region(&b, g);
    assert_string_equal(text, "X.x#\nOo.#\n");
    g_free(text);
    board_geom_destroy(g);
}

/* Random regions (holes, safe and ordinary stones, every point a liberty of some chain or
 * safe) written and read back. */
static void test_diagram__random_regions_round_trip(void **state)
{
    (void)state;
    GRand *rng = g_rand_new_with_seed(12);
    int sizes[][2] = {{1, 5}, {5, 1}, {3, 3}, {4, 4}, {8, 8}, {64, 1}, {1, 64}, {7, 3}};
    for (int round = 0; round < 200; round++) {
        int wd = sizes[round % 8][0], ht = sizes[round % 8][1], size = wd * ht;
        uint64_t all = 0, safe[2] = {0, 0};
        board_t b = {{0, 0}};
        for (int p = 0; p < size; p++) {
            uint64_t bit = (uint64_t)1 << p;
            int k = g_rand_int_range(rng, 0, 8);
            if (k == 0)
                continue; /* a hole */
            all |= bit;
            if (k == 1 || k == 2)
                safe[k - 1] |= bit, b.stones[k - 1] |= bit;
            else if (k == 3 || k == 4)
                b.stones[k - 3] |= bit;
        }
        all |= 1; /* at least one empty point on the board */
        b.stones[0] &= ~(uint64_t)1, b.stones[1] &= ~(uint64_t)1;
        safe[0] &= ~(uint64_t)1, safe[1] &= ~(uint64_t)1;
        board_geom_t *g = board_geom_create_region(wd, ht, all, safe, NULL);
        assert_non_null(g);
        /* Keep the position legal: drop ordinary chains without liberty. */
        uint64_t empty = board_empty(&b, g);
        for (int c = 0; c < 2; c++)
            b.stones[c] &= ~board_dead_chains(g, b.stones[c], empty);
        char *text = diagram_format_region(&b, g);
        board_t back;
        int w2, h2;
        uint64_t all2, safe2[2];
        GError *error = NULL;
        if (!diagram_parse_region(&back, &w2, &h2, &all2, safe2, text, &error))
            fail_msg("round %d: %s\n%s", round, error->message, text);
        assert_int_equal(w2, wd);
        assert_int_equal(h2, ht);
        assert_int_equal(all2, all);
        assert_int_equal(safe2[0], safe[0]);
        assert_int_equal(safe2[1], safe[1]);
        assert_true(board_equal(&back, &b));
        g_free(text);
        board_geom_destroy(g);
    }
    g_rand_free(rng);
}

static void test_diagram__malformed_regions_are_named_by_line_and_column(void **state)
{
    (void)state;
    const char *cases[][2] = {
        {"X.O\n.Q.\n", "line 2, column 2: unknown character 'Q'"},
        {"X.O\n+..\n", "line 2, column 1: unknown character '+'"},
        {"", "no rows"},
        {"\n \n", "no rows"},
        {"X.\n\n..\n", "line 3: a row after a blank line"},
        {"XO\nox\n", "lines 1-2: the region has no empty point"},
        {"##\n#X\n", "no empty point"},
        {"#################################################################\n",
         "line 1, column 65: region wider than 64 points"},
        {"........\n........\n........\n........\n........\n........\n........\n"
         "........\n.\n",
         "line 9: the region's rectangle (8 wide"},
        {"..\n.\n..\n..\n..\n..\n..\n..\n..\n..\n..\n..\n..\n..\n..\n..\n..\n..\n..\n..\n..\n..\n"
         "..\n..\n..\n..\n..\n..\n..\n..\n..\n..\n..\n",
         "line 33: the region's rectangle"},
        {".#\nxo\n.#\n", "line 2, column 2: the white chain here has no liberty"},
        {"O x o .\n", "line 1, column 3: the black chain here has no liberty and no safe stone"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        board_t b;
        int w, h;
        uint64_t on_board, safe[2];
        GError *error = NULL;
        assert_false(diagram_parse_region(&b, &w, &h, &on_board, safe, cases[i][0], &error));
        assert_non_null(error);
        if (!strstr(error->message, cases[i][1]))
            fail_msg("case %zu: message '%s' lacks '%s'", i, error->message, cases[i][1]);
        g_error_free(error);
    }
    /* A safe chain without a liberty is legal. */
    board_t b;
    int w, h;
    uint64_t on_board, safe[2];
    assert_true(diagram_parse_region(&b, &w, &h, &on_board, safe, "Xo.\nO#.\n", NULL));
}

static void test_diagram__region_text_is_told_from_plain_text(void **state)
{
    (void)state;
    const char *region[] = {"X..#\n", "#..\n...\n", "X.x\n", "O . o\n", "x..O\n",
                            "# a comment\n.#.\n",
                            /* a row of holes between rows splits the region */
                            "X.O\n###\n.X.\n", "X.O\n###\n###\n.x.\n"};
    const char *plain[] = {"X.O\n...\n", "# a comment\nX..\n..O\n", "x.o\n",
                           "#\n..\n",    "####\n# 3x3\n...\n",      "X.O\n...\n###\n",
                           "###\nX.O\n", "X.O\n###\n# note\n...\n"};
    for (size_t i = 0; i < sizeof region / sizeof *region; i++)
        if (!diagram_looks_like_region(region[i]))
            fail_msg("'%s' is a region diagram", region[i]);
    for (size_t i = 0; i < sizeof plain / sizeof *plain; i++)
        if (diagram_looks_like_region(plain[i]))
            fail_msg("'%s' is a plain diagram", plain[i]);
}

/* A diagram framed as `mathgo show` prints it reads as its rows: the header and the row
 * numbers become spaces (columns keep their numbers), the report below is cut off. */
static void test_diagram__framed_diagrams_read_as_their_rows(void **state)
{
    (void)state;
    const char *framed = "    A B C \n  2 X . O \n  1 . x . \nboard 3x2, rules math\nchains:\n";
    char *rows = diagram_strip_frame(framed, NULL);
    assert_non_null(rows);
    assert_string_equal(rows, "          \n    X . O \n    . x . \n");
    board_t a, b;
    int w, h;
    assert_true(diagram_parse(&a, &w, &h, rows, NULL));
    assert_true(diagram_parse(&b, &w, &h, "X.O\n.X.\n", NULL));
    assert_true(board_equal(&a, &b));
    g_free(rows);
    /* Not framed: a plain copy; wrongly numbered rows: an error naming the line. */
    rows = diagram_strip_frame("X.O\n", NULL);
    assert_string_equal(rows, "X.O\n");
    g_free(rows);
    GError *error = NULL;
    assert_null(diagram_strip_frame("# c\n   A B\n 1 . .\n 2 . .\n", &error));
    assert_non_null(strstr(error->message, "line 3: row number 1, expected 2"));
    g_error_free(error);
}

/* A move list: GTP points and passes, optional colours, comments, places for messages; the
 * moves play through game_play and an illegal one is named by number, line and column. */
static void test_diagram__move_lists_parse_and_play(void **state)
{
    (void)state;
    const char *text = "..\n..\n  moves: W B1, pass # a comment\n W A2\n";
    ssize_t at = diagram_moves_offset(text);
    assert_int_equal(at, 6);
    board_geom_t *g = board_geom_create(2, 2, NULL);
    diagram_move_t *moves;
    int count;
    assert_true(diagram_parse_moves(&moves, &count, g, text, (size_t)at, NULL));
    assert_int_equal(count, 3);
    assert_int_equal(moves[0].color, BOARD_WHITE);
    assert_int_equal(moves[0].move, board_point(g, 1, 1));
    assert_int_equal(moves[0].line, 3);
    assert_int_equal(moves[0].column, 12);
    assert_int_equal(moves[1].color, BOARD_EMPTY);
    assert_int_equal(moves[1].move, BOARD_MOVE_PASS);
    assert_int_equal(moves[2].color, BOARD_WHITE);
    assert_int_equal(moves[2].line, 4);
    rules_t rules;
    assert_true(rules_parse(&rules, "chinese", NULL));
    board_t empty = board_initial(g);
    game_t *game = game_create_from(g, &rules, &empty, BOARD_WHITE, NULL);
    assert_true(diagram_play_moves(game, moves, count, NULL));
    assert_int_equal(game_length(game), 3);
    g_free(moves);
    GError *error = NULL;
    diagram_move_t again = {BOARD_EMPTY, board_point(g, 0, 0), 9, 4};
    assert_false(diagram_play_moves(game, &again, 1, &error));
    assert_string_equal(error->message,
                        "line 9, column 4: move 1 (black A2) is illegal: the point is occupied");
    g_clear_error(&error);
    assert_false(diagram_parse_moves(&moves, &count, g, "moves: B2 C7", 0, &error));
    assert_non_null(strstr(error->message, "line 1, column 11: point 'C7'"));
    g_clear_error(&error);
    assert_int_equal(diagram_moves_offset("X.\n.."), -1);
    game_destroy(game);
    board_geom_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_diagram__rows_map_to_points_top_row_first),
        cmocka_unit_test(test_diagram__spaces_comments_and_blank_edges_are_ignored),
        cmocka_unit_test(test_diagram__every_shape_up_to_64_points_round_trips),
        cmocka_unit_test(test_diagram__malformed_input_is_named_by_line_and_column),
        cmocka_unit_test(
            test_diagram__region_letters_map_to_safe_and_ordinary_stones_and_short_rows_pad),
        cmocka_unit_test(test_diagram__random_regions_round_trip),
        cmocka_unit_test(test_diagram__malformed_regions_are_named_by_line_and_column),
        cmocka_unit_test(test_diagram__region_text_is_told_from_plain_text),
        cmocka_unit_test(test_diagram__framed_diagrams_read_as_their_rows),
        cmocka_unit_test(test_diagram__move_lists_parse_and_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
