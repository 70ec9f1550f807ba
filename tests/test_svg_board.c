/*
 * tests/test_svg_board.c: front/svg_board.h and the --svg option of `mathgo show`, `solve`,
 * `region` and `cgt`.
 *
 * The boards of tests/data/svg_boards.txt are drawn and their drawings must hold the star
 * points, stones, immortal marks, wooden squares and column names the data says (written by
 * hand from the customs of Go boards, not from this code); the lines of tests/data/svg_lines.txt
 * are numbered as the data says; random games check the numbering against a second, direct
 * statement of the Go-book rule; and the commands write pictures, to a file or stdout, and
 * name an unwritable file.  tests/svg_check.py renders the commands' pictures to PNG.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/game.h"
#include "core/rules.h"
#include "front/svg_board.h"
#include "tests/support.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The drawing of a board as a string (through a temporary file: plain C11). */
static char *draw(const board_geom_t *g, const board_t *b, const svg_board_marks_t *marks)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    svg_board_draw(f, 0, 0, g, b, marks);
    long size = ftell(f);
    assert_true(size > 0);
    rewind(f);
    char *text = g_malloc((size_t)size + 1);
    assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = '\0';
    fclose(f);
    return text;
}

static int count(const char *haystack, const char *needle)
{
    int n = 0;
    for (const char *p = haystack; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* The attribute `attr` of the first coordinate label reading `label`; fails when none. */
static double coord_attr(const char *svg, const char *label, const char *attr)
{
    char *needle = g_strdup_printf(">%s</text>", label);
    const char *end = strstr(svg, needle);
    for (; end; end = strstr(end + 1, needle)) {
        const char *start = end;
        while (start > svg && strncmp(start, "<text", 5))
            start--;
        char *element = g_strndup(start, (size_t)(end - start));
        char *key = g_strdup_printf(" %s=\"", attr);
        const char *at = strstr(element, key);
        bool is_coord = strstr(element, "class=\"coord\"") != NULL;
        double v = at ? strtod(at + strlen(key), NULL) : 0;
        g_free(key);
        g_free(element);
        if (is_coord && at) {
            g_free(needle);
            return v;
        }
    }
    fail_msg("no coordinate label '%s'", label);
    g_free(needle);
    return 0;
}

static int record_int(char **lines, const char *key)
{
    const char *v = support_record_value(lines, key);
    assert_non_null(v);
    return atoi(v);
}

static void check_board_record(const char *record)
{
    char **lines = g_strsplit(record, "\n", -1);
    const char *name = support_record_value(lines, "name");
    board_t b;
    board_geom_t *g = support_record_region(&b, lines);
    char *svg = draw(g, &b, NULL);
    int stars = count(svg, "class=\"star\""), black = count(svg, "class=\"stone black\"");
    int white = count(svg, "class=\"stone white\""), immortal = count(svg, "class=\"immortal\"");
    if (stars != record_int(lines, "stars") || black != record_int(lines, "black") ||
        white != record_int(lines, "white") || immortal != record_int(lines, "immortal"))
        fail_msg("%s: %d stars, %d black, %d white, %d immortal", name, stars, black, white,
                 immortal);
    /* every star point where the data puts one (the points, not only their number) */
    char **star_points = g_strsplit(support_record_value(lines, "star-points"), " ", -1);
    for (char **pt = star_points; *pt && **pt; pt++) {
        char *needle = g_strdup_printf("class=\"star\" data-point=\"%s\"", *pt);
        if (!strstr(svg, needle))
            fail_msg("%s: no star point at %s", name, *pt);
        g_free(needle);
    }
    g_strfreev(star_points);
    if (support_record_value(lines, "wood")) {
        /* the region's wooden squares: one per point on the board, none under a hole */
        const char *wood = strstr(svg, "class=\"wood\"");
        assert_non_null(wood);
        char *element = g_strndup(wood, (size_t)(strstr(wood, "/>") - wood));
        assert_int_equal(count(element, "M"), record_int(lines, "wood"));
        g_free(element);
    }
    /* Columns left to right, far enough apart for their names; no column I; row 1 at the
     * bottom. */
    char **columns = g_strsplit(support_record_value(lines, "columns"), " ", -1);
    assert_int_equal(g_strv_length(columns), g->width);
    for (int i = 1; columns[i]; i++) {
        double gap = coord_attr(svg, columns[i], "x") - coord_attr(svg, columns[i - 1], "x");
        double room = 11 * 0.7 * (double)strlen(columns[i]) + 4;
        if (gap < room)
            fail_msg("%s: columns %s and %s only %.1f apart", name, columns[i - 1], columns[i],
                     gap);
    }
    assert_int_equal(count(svg, ">I</text>"), 0);
    if (g->height > 1) {
        char top[8];
        snprintf(top, sizeof top, "%d", g->height);
        assert_true(coord_attr(svg, "1", "y") > coord_attr(svg, top, "y"));
    }
    g_strfreev(columns);
    g_free(svg);
    board_geom_destroy(g);
    g_strfreev(lines);
}

static void
test_svg_board__drawings_hold_the_stars_stones_marks_and_columns_of_the_data(void **state)
{
    (void)state;
    assert_int_equal(support_for_each_record("svg_boards.txt", check_board_record), 6);
}

/* The game of a record: its diagram, its rules, Black first; the moves parsed into moves. */
static game_t *record_game(board_geom_t **g, board_move_t *moves, int *count, char **lines)
{
    board_t b;
    *g = support_record_region(&b, lines);
    rules_t rules;
    GError *error = NULL;
    assert_true(rules_parse(&rules, support_record_value(lines, "rules"), &error));
    game_t *game = game_create_from(*g, &rules, &b, BOARD_BLACK, &error);
    assert_non_null(game);
    char **names = g_strsplit(support_record_value(lines, "moves"), " ", -1);
    *count = 0;
    for (char **n = names; *n; n++)
        assert_true(board_parse_move(&moves[(*count)++], *g, *n, &error));
    g_strfreev(names);
    return game;
}

static void check_line_record(const char *record)
{
    char **lines = g_strsplit(record, "\n", -1);
    board_geom_t *g;
    board_move_t moves[64];
    int n;
    game_t *game = record_game(&g, moves, &n, lines);
    board_t diagram;
    svg_board_marks_t marks;
    char **notes;
    svg_board_line(&diagram, &marks, &notes, game, moves, n);
    char *joined = g_strjoinv(", ", notes);
    assert_string_equal(joined, support_record_value(lines, "notes"));
    char **numbers = g_strsplit(support_record_value(lines, "numbers"), " ", -1);
    int numbered = 0;
    for (int p = 0; p < g->size; p++)
        numbered += marks.number[p] > 0;
    assert_int_equal(numbered, g_strv_length(numbers));
    for (char **pair = numbers; *pair; pair++) {
        char **kv = g_strsplit(*pair, "=", 2);
        board_move_t p;
        assert_true(board_parse_move(&p, g, kv[0], NULL));
        int k = atoi(kv[1]);
        assert_int_equal(marks.number[p], k);
        /* Black plays the odd moves (passes count): the stone shows its player's colour */
        assert_int_equal(board_at(&diagram, p), k % 2 ? BOARD_BLACK : BOARD_WHITE);
        g_strfreev(kv);
    }
    g_strfreev(numbers);
    g_free(joined);
    g_strfreev(notes);
    game_destroy(game);
    board_geom_destroy(g);
    g_strfreev(lines);
}

static void test_svg_board__lines_number_moves_as_go_books_do(void **state)
{
    (void)state;
    assert_int_equal(support_for_each_record("svg_lines.txt", check_line_record), 2);
}

/*
 * Random games: every move is accounted for once, stated directly: move i is numbered on its
 * point exactly when the point was empty at the start and no earlier move was played there;
 * otherwise a note "i at k" names the number k on that point, or "i at NAME" the point of a
 * stone of the start, or "i pass".
 */
static void test_svg_board__random_games_account_for_every_move_once(void **state)
{
    (void)state;
    GRand *rand = g_rand_new_with_seed(20261201);
    board_geom_t *g = board_geom_create(3, 3, NULL);
    rules_t rules;
    assert_true(rules_parse(&rules, "chinese", NULL));
    for (int trial = 0; trial < 200; trial++) {
        game_t *game = game_create(g, &rules);
        /* a random start: a few random moves, then the line to draw */
        int lead = g_rand_int_range(rand, 0, 6);
        board_move_t line[60];
        int n = 0;
        for (int ply = 0; ply < lead + 40 && game_status(game) == GAME_ONGOING; ply++) {
            board_move_t legal[BOARD_MAX_POINTS + 1];
            int k = game_legal_moves(legal, game);
            board_move_t m = legal[g_rand_int_range(rand, 0, k)];
            game_play(game, m);
            if (ply >= lead)
                line[n++] = m;
        }
        /* back to the start of the line */
        for (int i = 0; i < n; i++)
            game_undo(game);
        const board_t start = game_current(game)->board;
        board_t diagram;
        svg_board_marks_t marks;
        char **notes;
        svg_board_line(&diagram, &marks, &notes, game, line, n);
        uint64_t played = 0;
        guint note = 0;
        for (int i = 0; i < n; i++) {
            board_move_t m = line[i];
            char expected[32], name[8];
            bool fresh = m != BOARD_MOVE_PASS && board_at(&start, m) == BOARD_EMPTY &&
                         !(played & board_bit(m));
            if (fresh) {
                assert_int_equal(marks.number[m], i + 1);
                played |= board_bit(m);
                continue;
            }
            if (m == BOARD_MOVE_PASS)
                snprintf(expected, sizeof expected, "%d pass", i + 1);
            else if (played & board_bit(m))
                snprintf(expected, sizeof expected, "%d at %d", i + 1, marks.number[m]);
            else
                snprintf(expected, sizeof expected, "%d at %s", i + 1, board_move_name(name, g, m));
            assert_non_null(notes[note]);
            assert_string_equal(notes[note++], expected);
        }
        assert_null(notes[note]);
        g_strfreev(notes);
        game_destroy(game);
    }
    board_geom_destroy(g);
    g_rand_free(rand);
}

static void test_svg_board__an_unwritable_file_is_an_error_naming_it(void **state)
{
    (void)state;
    GError *error = NULL;
    assert_null(svg_board_open("/nonexistent-folder/board.svg", 10, 10, &error));
    assert_non_null(strstr(error->message, "/nonexistent-folder/board.svg"));
    g_error_free(error);
    support_run_t r = support_runv("x.\n..\n", "show", "--svg", "/nonexistent-folder/b.svg", NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "mathgo show: --svg: cannot write '/nonexistent-folder/b.svg'"));
    support_run_clear(&r);
    /* a full disk: the write fails at the end */
    r = support_runv(NULL, "cgt", "*", "--svg", "/dev/full", NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "mathgo cgt: --svg: cannot write '/dev/full'"));
    support_run_clear(&r);
    /* solve checks the file before it solves */
    r = support_runv(NULL, "solve", "2x2", "--svg", "/nonexistent-folder/b.svg", NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "mathgo solve: --svg:"));
    assert_string_equal(r.out, "");
    support_run_clear(&r);
}

static char *read_picture(const char *path)
{
    char *text = NULL;
    assert_true(g_file_get_contents(path, &text, NULL, NULL));
    assert_true(g_str_has_prefix(text, "<?xml"));
    assert_true(g_str_has_suffix(text, "</svg>\n"));
    return text;
}

static void test_svg_board__commands_draw_to_a_file_or_alone_on_stdout(void **state)
{
    (void)state;
    char *dir = g_dir_make_tmp("svg-board-XXXXXX", NULL);
    char *path = g_build_filename(dir, "p.svg", NULL);
    /* show: the text as before and the picture beside it */
    support_run_t r = support_runv("x.o\n...\n", "show", "--svg", path, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "legal moves"));
    char *svg = read_picture(path);
    assert_int_equal(count(svg, "class=\"stone black\""), 1);
    assert_int_equal(count(svg, "class=\"stone white\""), 1);
    assert_non_null(strstr(svg, "3x2, rules chinese, komi 0, Black"));
    g_free(svg);
    support_run_clear(&r);
    /* show --svg -: the picture alone */
    r = support_runv("x.o\n...\n", "show", "--svg", "-", NULL);
    assert_int_equal(r.status, 0);
    assert_true(g_str_has_prefix(r.out, "<?xml"));
    assert_null(strstr(r.out, "legal moves"));
    support_run_clear(&r);
    /* the last move of a history circled */
    r = support_runv("...\n...\nmoves: B2 A1\n", "show", "-", "--svg", "-", NULL);
    assert_int_equal(r.status, 0);
    assert_int_equal(count(r.out, "class=\"last\""), 1);
    /* ... on the stone at A1: the same centre */
    const char *stone = strstr(r.out, "class=\"stone white\" data-point=\"A1\" ");
    assert_non_null(stone);
    stone += strlen("class=\"stone white\" data-point=\"A1\" ");
    char *centre = g_strndup(stone, (size_t)(strstr(stone, " r=") - stone));
    char *circle = g_strdup_printf("class=\"last\" %s ", centre);
    assert_non_null(strstr(r.out, circle));
    g_free(circle);
    g_free(centre);
    support_run_clear(&r);
    /* solve: the position and the numbered line with its notes */
    r = support_runv(NULL, "solve", "2x2", "--rules", "tromp-taylor", "--svg", "-", NULL);
    assert_int_equal(r.status, 0);
    assert_true(g_str_has_prefix(r.out, "<?xml"));
    assert_int_equal(count(r.out, "<svg"), 1);
    assert_int_equal(count(r.out, "class=\"number\""), 4);
    assert_non_null(strstr(r.out, "5 at 3"));
    support_run_clear(&r);
    /* cgt: one thermograph per expression */
    r = support_runv(NULL, "cgt", "--svg", path, "{4||-4|-10}", "*", "{1|0}", NULL);
    assert_int_equal(r.status, 0);
    svg = read_picture(path);
    assert_int_equal(count(svg, "<title>Thermograph of"), 3);
    g_free(svg);
    support_run_clear(&r);
    /* region: the region as a board beside its thermograph */
    r = support_runv("XXXXO\nX.o.O\nXX..O\n#XXOO\n", "region", "-", "--svg", path, NULL);
    assert_int_equal(r.status, 0);
    svg = read_picture(path);
    assert_int_equal(count(svg, "class=\"immortal\""), 14);
    assert_non_null(strstr(svg, "Thermograph of"));
    g_free(svg);
    support_run_clear(&r);
    g_unlink(path);
    g_rmdir(dir);
    g_free(path);
    g_free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            test_svg_board__drawings_hold_the_stars_stones_marks_and_columns_of_the_data),
        cmocka_unit_test(test_svg_board__lines_number_moves_as_go_books_do),
        cmocka_unit_test(test_svg_board__random_games_account_for_every_move_once),
        cmocka_unit_test(test_svg_board__an_unwritable_file_is_an_error_naming_it),
        cmocka_unit_test(test_svg_board__commands_draw_to_a_file_or_alone_on_stdout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
