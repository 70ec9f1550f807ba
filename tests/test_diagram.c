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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_diagram__rows_map_to_points_top_row_first),
        cmocka_unit_test(test_diagram__spaces_comments_and_blank_edges_are_ignored),
        cmocka_unit_test(test_diagram__every_shape_up_to_64_points_round_trips),
        cmocka_unit_test(test_diagram__malformed_input_is_named_by_line_and_column),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
