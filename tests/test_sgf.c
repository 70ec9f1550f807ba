/*
 * tests/test_sgf.c: the SGF reader and writer (positions/sgf.h), move lists and framed
 * diagrams (positions/diagram.h), and the commands that read and write them: hand-written
 * files in tests/data (escapes, variations, passes, compressed lists, rectangles), a file GNU
 * Go's printsgf writes, mathgo's own SGF read back by mathgo and by GNU Go, histories that
 * superko sees checked against the independent full-history minimax (tests/reference.h), and
 * malformed input.  The outside parser check with @sabaki/sgf is tests/sgf_check.js.
 */
#define _POSIX_C_SOURCE 200809L /* popen */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "positions/sgf.h"
#include "solver/search.h"
#include "tests/reference.h"
#include "tests/support.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GNUGO "/usr/games/gnugo"

static char *data_path(const char *name)
{
    return g_build_filename(MATHGO_TEST_DATA, name, NULL);
}

static void read_record(sgf_record_t *record, const char *name)
{
    char *text = support_read_data(name);
    GError *error = NULL;
    if (!sgf_record_read(record, text, &error))
        fail_msg("%s: %s", name, error->message);
    g_free(text);
}

/* The GTP names of a record's moves, joined by spaces ("B2 pass C1"). */
static char *move_names(const sgf_record_t *r)
{
    board_geom_t *g = board_geom_create(r->width, r->height, NULL);
    GString *s = g_string_new(NULL);
    for (int i = 0; i < r->move_count; i++) {
        char name[8];
        g_string_append_printf(s, "%s%c:%s", i ? " " : "",
                               r->moves[i].color == BOARD_BLACK ? 'B' : 'W',
                               board_move_name(name, g, r->moves[i].move));
    }
    board_geom_destroy(g);
    return g_string_free(s, FALSE);
}

/* The position as compact rows ("X.O/..X"). */
static char *rows(const board_t *b, int width, int height)
{
    board_geom_t *g = board_geom_create(width, height, NULL);
    char *text = diagram_format(b, g);
    board_geom_destroy(g);
    g_strdelimit(text, "\n", '/');
    text[strlen(text) - 1] = '\0';
    return text;
}

static void test_sgf__values_are_unescaped_and_soft_line_breaks_removed(void **state)
{
    (void)state;
    char *text = support_read_data("sgf_escapes.sgf");
    sgf_node_t *collection = sgf_parse(text, NULL);
    assert_non_null(collection);
    assert_int_equal(sgf_node_child_count(collection), 1);
    const sgf_node_t *root = sgf_node_child(collection, 0);
    assert_string_equal(sgf_node_value(root, "GN", 0),
                        "a name with ] a bracket, a \\ backslash and a soft line break");
    assert_int_equal(sgf_node_value_count(root, "AB"), 2); /* two values of one property */
    assert_string_equal(sgf_node_value(root, "AB", 1), "ba");
    assert_int_equal(sgf_node_value_count(root, "AW"), 1); /* FF[3] "AddWhite" */
    int line, column;
    sgf_node_value_where(&line, &column, root, "AW", 0);
    assert_int_equal(line, 5);
    assert_int_equal(column, 9);
    const sgf_node_t *second = sgf_node_child(root, 0);
    assert_string_equal(sgf_node_value(second, "C", 0),
                        "escaped colon : stays a colon; line breaks\nstay");
    sgf_node_destroy(collection);
    g_free(text);
    /* White space other than line breaks is a space, escaped or not, so that what is written
     * reads back the same (an escaped tab was kept and written bare, and read back as a space;
     * found by tests/fuzz/fuzz_sgf.c; tests/fuzz/sgf/escaped_white_space.sgf). */
    collection = sgf_parse("(;C[a\\\tb\\\vc\td\\\\e])", NULL);
    assert_non_null(collection);
    assert_string_equal(sgf_node_value(sgf_node_child(collection, 0), "C", 0), "a b c d\\e");
    sgf_node_destroy(collection);

    sgf_record_t r;
    read_record(&r, "sgf_escapes.sgf");
    char *start = rows(&r.start, r.width, r.height);
    assert_string_equal(start, "XX./.../..O");
    char *moves = move_names(&r);
    assert_string_equal(moves, "W:B2 B:A1");
    assert_int_equal(r.to_move, BOARD_WHITE);
    g_free(start);
    g_free(moves);
    sgf_record_clear(&r);
}

/* format(parse(text)) is a fixed point of parse-then-format, and values survive escaping. */
static void test_sgf__written_trees_read_back_the_same(void **state)
{
    (void)state;
    const char *files[] = {"sgf_escapes.sgf", "sgf_variations.sgf", "sgf_passes.sgf",
                           "sgf_setup.sgf", "sgf_history.sgf"};
    for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
        char *text = support_read_data(files[i]);
        sgf_node_t *a = sgf_parse(text, NULL);
        assert_non_null(a);
        char *once = sgf_format(a);
        sgf_node_t *b = sgf_parse(once, NULL);
        assert_non_null(b);
        char *twice = sgf_format(b);
        assert_string_equal(once, twice);
        sgf_node_destroy(a);
        sgf_node_destroy(b);
        g_free(once);
        g_free(twice);
        g_free(text);
    }
    sgf_node_t *collection = sgf_node_create();
    sgf_node_t *root = sgf_node_add_child(collection, sgf_node_create());
    const char *nasty = "]\\ [a]\\]\nnext line: \\\\";
    sgf_node_add_value(root, "C", nasty);
    char *text = sgf_format(collection);
    sgf_node_t *back = sgf_parse(text, NULL);
    assert_non_null(back);
    assert_string_equal(sgf_node_value(sgf_node_child(back, 0), "C", 0), nasty);
    sgf_node_destroy(back);
    sgf_node_destroy(collection);
    g_free(text);
}

static void test_sgf__the_main_line_is_the_first_child_of_the_first_game(void **state)
{
    (void)state;
    sgf_record_t r;
    read_record(&r, "sgf_variations.sgf");
    assert_int_equal(r.width, 4);
    assert_int_equal(r.height, 3);
    char *moves = move_names(&r);
    assert_string_equal(moves, "B:B2 W:C2 B:B3 W:C3");
    assert_true(r.has_komi);
    assert_int_equal(r.komi2, -5);
    assert_string_equal(r.rules, "tromp-taylor");
    g_free(moves);
    sgf_record_clear(&r);
}

/* B[] and, on boards up to 19x19, W[tt] are passes; "cd" on a 3x4 board is C1. */
static void test_sgf__passes_and_coordinates(void **state)
{
    (void)state;
    sgf_record_t r;
    read_record(&r, "sgf_passes.sgf");
    char *moves = move_names(&r);
    assert_string_equal(moves, "B:B3 W:pass B:C1 W:pass B:A4 W:pass");
    g_free(moves);
    sgf_record_clear(&r);
}

/* AB[aa:cb] is a rectangle, AE in a later node clears, SZ[5:3] is 5 wide and 3 high. */
static void test_sgf__setup_with_compressed_lists_on_a_rectangle(void **state)
{
    (void)state;
    sgf_record_t r;
    read_record(&r, "sgf_setup.sgf");
    assert_int_equal(r.width, 5);
    assert_int_equal(r.height, 3);
    char *start = rows(&r.start, r.width, r.height);
    assert_string_equal(start, "X.X../XXX../...OO");
    assert_int_equal(r.to_move, BOARD_WHITE);
    assert_true(r.to_move_given);
    char *moves = move_names(&r);
    assert_string_equal(moves, "W:E3");
    g_free(start);
    g_free(moves);
    sgf_record_clear(&r);
}

/* Sends GTP commands to GNU Go; fails the test when it cannot run. */
static void gnugo(const char *commands)
{
    assert_true(access(GNUGO, X_OK) == 0);
    FILE *p = popen(GNUGO " --mode gtp > /dev/null", "w");
    assert_non_null(p);
    fputs(commands, p);
    assert_int_equal(pclose(p), 0);
}

/* GNU Go's printsgf writes the position as setup (AB, AW, PL) with SZ, KM and RU. */
static void test_sgf__reads_what_gnugo_printsgf_writes(void **state)
{
    (void)state;
    char *dir = g_dir_make_tmp("mathgo-sgf-XXXXXX", NULL);
    char *path = g_build_filename(dir, "gnugo.sgf", NULL);
    char *commands = g_strdup_printf("boardsize 5\nclear_board\nkomi 0.5\nplay black C4\n"
                                     "play white D2\nplay black pass\nplay white B1\n"
                                     "play black A5\nprintsgf %s\nquit\n",
                                     path);
    gnugo(commands);
    char *text;
    assert_true(g_file_get_contents(path, &text, NULL, NULL));
    sgf_record_t r;
    GError *error = NULL;
    if (!sgf_record_read(&r, text, &error))
        fail_msg("%s: %s\n%s", path, error->message, text);
    assert_int_equal(r.width, 5);
    assert_int_equal(r.height, 5);
    char *start = rows(&r.start, 5, 5);
    /* A5 and C4 black, D2 and B1 white: GTP names map to SGF letters as mathgo reads them. */
    assert_string_equal(start, "X..../..X../...../...O./.O...");
    assert_int_equal(r.to_move, BOARD_WHITE);
    assert_true(r.has_komi);
    assert_int_equal(r.komi2, 1);
    g_free(start);
    sgf_record_clear(&r);
    /* The command reads it too (RU[Japanese] is mathgo's japanese). */
    support_run_t run = support_runv(NULL, "show", path, NULL);
    assert_int_equal(run.status, 0);
    assert_non_null(strstr(run.out, "rules japanese, komi 0.5, white to move"));
    support_run_clear(&run);
    g_remove(path);
    g_rmdir(dir);
    g_free(text);
    g_free(commands);
    g_free(path);
    g_free(dir);
}

/* Malformed input: exit status 2 and one line naming the line and column. */
static void test_sgf__malformed_input_names_line_and_column(void **state)
{
    (void)state;
    static const struct {
        const char *text, *where, *what;
    } cases[] = {
        {"(;GM[1]SZ[3];B[aa]", "line 1, column 19", "ends inside a game tree"},
        {"(;SZ[3]C[unclosed\n", "line 1, column 9", "not closed"},
        {"(;SZ[3];B[zz])", "line 1, column 10", "off the 3x3 board"},
        {"(;SZ[3]\n;B[aa]\n;AB[bb])", "line 3, column 4", "setup after the first move"},
        {"(;SZ[3](;B[aa]);W[bb])", "line 1, column 16", "a node after a variation"},
        {"  (B[aa])", "line 1, column 4", "starts with a node"},
        {"(;SZ[3]b[aa])", "line 1, column 8", "without an upper-case letter"},
        {"(;GM[2])", "line 1, column 5", "not a game of Go"},
        {"(;SZ[3];B[aa];B[bb])", "line 1, column 16", "move 2 (black B2) is black's"},
        {"(;SZ[3];B[aa];W[aa])", "line 1, column 16", "move 2 (white A3) is illegal"},
        {"(;SZ[3])x", "line 1, column 9", "after the last game tree"},
        {"(;SZ[3]KM[abc])", "line 1, column 10", "komi"},
        {"(;SZ[3:x])", "line 1, column 5", "the size is"},
        {"(;SZ[3]AB[aa:zz])", "line 1, column 10", "off the 3x3 board"},
        {"(;SZ[3]AB[aa]AW[aa])", "line 1, column 16", "set twice"},
        {"(;SZ[3];B[aa]W[bb])", "line 1, column 15", "both a black and a white move"},
        {"(;SZ[60])", "line 1, column 5", "at most 52"},
        /* Points beyond 64 on a larger board (19x19 by default): a shift beyond the position's
         * 64 bits (found by tests/fuzz/fuzz_diagram.c; tests/fuzz/sgf/setup_beyond_64.sgf). */
        {"(;GM[1]AW[br];B[;bb])", "line 1, column 10", "beyond the 64 points"},
        {"(;SZ[9];B[ai])", "line 1, column 10", "beyond the 64 points of the boards"},
        {"..\n..\nmoves: B2 Z9\n", "line 3, column 11", "off the 2x2 board"},
        {"..\n..\nmoves: B2 B2\n", "line 3, column 11", "move 2 (white B2) is illegal"},
        {"..\n..\nmoves: W A1 W B1\n", "line 3, column 15", "move 2 (white B1) is white's"},
        {"    A B\n  2 . .\n  3 . .\n", "line 3", "row number 3, expected 1"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        support_run_t r = support_runv(cases[i].text, "show", "-", NULL);
        if (r.status != 2 || !strstr(r.err, cases[i].where) || !strstr(r.err, cases[i].what) ||
            strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
            fail_msg("[%s]: status %d, stderr [%s]; expected [%s] [%s]", cases[i].text, r.status,
                     r.err, cases[i].where, cases[i].what);
        support_run_clear(&r);
    }
    /* A file's rule set: unknown ones are named and replaced; known ones are used. */
    support_run_t r = support_runv("(;GM[1]SZ[2]RU[AGA])", "show", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.err, "warning: the file's rule set 'AGA'"));
    assert_non_null(strstr(r.out, "rules chinese,"));
    support_run_clear(&r);
    r = support_runv("(;GM[1]SZ[2]RU[Japanese])", "solve", "--from", "-", NULL);
    assert_int_equal(r.status, 0); /* the japanese preset has its cycle rule: solvable */
    assert_non_null(strstr(r.out, "rules japanese"));
    support_run_clear(&r);
}

/* The value of a position file's game by the full-history reference minimax. */
static int reference_of(const char *text, const char *rules_text, bool with_history)
{
    sgf_record_t rec;
    GError *error = NULL;
    if (!sgf_record_read(&rec, text, &error))
        fail_msg("%s", error->message);
    board_geom_t *g = board_geom_create(rec.width, rec.height, NULL);
    rules_t rules;
    assert_true(rules_parse(&rules, rules_text, NULL));
    game_t *game = game_create_from(g, &rules, &rec.start, rec.to_move, NULL);
    assert_true(diagram_play_moves(game, rec.moves, rec.move_count, NULL));
    if (!with_history) {
        board_t now = game_current(game)->board;
        board_color_t who = (board_color_t)game_current(game)->to_move;
        game_destroy(game);
        game = game_create_from(g, &rules, &now, who, NULL);
    }
    int value;
    assert_true(reference_value(&value, game, 50000000, NULL));
    game_destroy(game);
    board_geom_destroy(g);
    sgf_record_clear(&rec);
    return value;
}

/* The moves of an SGF file or of a diagram's move list are a history that superko sees: the
 * position of sgf_history.sgf is W+1 after its moves and B+1 without them, as the reference
 * minimax says; `show` of it reads back as the position without its history. */
static void test_sgf__histories_are_seen_by_superko(void **state)
{
    (void)state;
    char *text = support_read_data("sgf_history.sgf");
    assert_int_equal(reference_of(text, "tromp-taylor", true), -2);
    assert_int_equal(reference_of(text, "tromp-taylor", false), 2);
    const char *files[] = {"sgf_history.sgf", "history_moves.txt"};
    for (size_t i = 0; i < G_N_ELEMENTS(files); i++) {
        char *path = data_path(files[i]);
        support_run_t r =
            support_runv(NULL, "solve", "--from", path, "--rules", "tromp-taylor", NULL);
        assert_int_equal(r.status, 0);
        assert_non_null(strstr(r.out, "result: W+1\n"));
        support_run_clear(&r);
        /* The same through stdin. */
        char *content = support_read_data(files[i]);
        r = support_runv(content, "solve", "--from", "-", "--rules", "tromp-taylor", NULL);
        assert_int_equal(r.status, 0);
        assert_non_null(strstr(r.out, "result: W+1\n"));
        support_run_clear(&r);
        r = support_runv(content, "show", NULL);
        assert_int_equal(r.status, 0);
        assert_non_null(strstr(r.out, "black to move, move 6\n"));
        support_run_t again = support_runv(r.out, "solve", "--from", "-", NULL);
        assert_int_equal(again.status, 0);
        assert_non_null(strstr(again.out, "result: B+1\n"));
        support_run_clear(&again);
        support_run_clear(&r);
        /* play --from continues the game after the history. */
        r = support_runv(content, "play", "--from", "-", "pass", "B2", "A1", NULL);
        assert_int_equal(r.status, 2);
        assert_non_null(strstr(r.err, "move 9 (black A1) is illegal: superko"));
        support_run_clear(&r);
        g_free(content);
        g_free(path);
    }
    g_free(text);
}

/* `show` reads back what it prints: the same report, rules, komi and player to move. */
static void test_sgf__show_reads_back_what_show_prints(void **state)
{
    (void)state;
    static const char *const inputs[][2] = {
        {"X.O.\n.X..\n..O.\n", NULL},
        {"region_walled.txt", "file"},
        {"sgf_setup.sgf", "file"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(inputs); i++) {
        char *text = inputs[i][1] ? support_read_data(inputs[i][0]) : g_strdup(inputs[i][0]);
        support_run_t first = support_runv(text, "show", "-", "--rules", "tromp-taylor", "--komi",
                                           "2.5", "--to-move", "w", NULL);
        assert_int_equal(first.status, 0);
        support_run_t second = support_runv(first.out, "show", NULL);
        assert_int_equal(second.status, 0);
        /* Up to the move number, which counts the history the report does not hold. */
        char *cut = strstr(first.out, ", move ");
        assert_non_null(cut);
        size_t n = (size_t)(cut - first.out);
        if (strncmp(first.out, second.out, n))
            fail_msg("first:\n%s\nsecond:\n%s", first.out, second.out);
        assert_non_null(strstr(first.out, "rules tromp-taylor, komi 2.5, "));
        if (!strstr(first.out, "move 1\n"))
            assert_string_equal(first.out, second.out);
        support_run_clear(&first);
        support_run_clear(&second);
        g_free(text);
    }
}

/* Every file-reading command takes '-' for stdin. */
static void test_sgf__dash_is_stdin_everywhere(void **state)
{
    (void)state;
    char *walled = support_read_data("region_walled.txt");
    char *path = data_path("region_walled.txt");
    support_run_t from_file = support_runv(NULL, "region", path, NULL);
    support_run_t from_stdin = support_runv(walled, "region", "-", NULL);
    assert_int_equal(from_file.status, 0);
    assert_int_equal(from_stdin.status, 0);
    assert_string_equal(from_file.out, from_stdin.out);
    support_run_clear(&from_file);
    support_run_clear(&from_stdin);
    const char *sgf = "(;GM[1]FF[4]SZ[3];B[bb];W[ab])";
    support_run_t r = support_runv(sgf, "play", "--from", "-", "A3", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "white to move, move 3\n"));
    support_run_clear(&r);
    r = support_runv(sgf, "show", "-", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "black to move, move 2\n"));
    support_run_clear(&r);
    g_free(walled);
    g_free(path);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Reads an SGF file that mathgo wrote and replays its main line; returns the record. */
static void read_written(sgf_record_t *r, const char *path)
{
    char *text;
    assert_true(g_file_get_contents(path, &text, NULL, NULL));
    GError *error = NULL;
    if (!sgf_record_read(r, text, &error))
        fail_msg("%s: %s\n%s", path, error->message, text);
    g_free(text);
}

/* solve --sgf: the header, a comment on every node, the optimal game replayed to its end
 * with the result RE names; read back by --from (the whole game as its history, the game
 * over) and by GNU Go's loadsgf (the same final position). */
static void test_sgf__solve_writes_the_optimal_game_read_back_everywhere(void **state)
{
    (void)state;
    char *dir = g_dir_make_tmp("mathgo-sgf-XXXXXX", NULL);
    char *path = g_build_filename(dir, "game.sgf", NULL);
    support_run_t r = support_runv(NULL, "solve", "3x2", "--rules", "chinese", "--komi", "0.5",
                                   "--sgf", path, NULL);
    assert_int_equal(r.status, 0);
    support_run_clear(&r);
    char *text;
    assert_true(g_file_get_contents(path, &text, NULL, NULL));
    assert_true(g_str_has_prefix(text, "(;GM[1]FF[4]CA[UTF-8]AP[mathgo:"));
    assert_non_null(
        strstr(text, "SZ[3:2]KM[0.5]RU[chinese]GC[mathgo rules chinese: ko=positional"));
    sgf_node_t *collection = sgf_parse(text, NULL);
    assert_non_null(collection);
    int nodes = 0;
    for (const sgf_node_t *n = sgf_node_child(collection, 0); n;
         n = sgf_node_child_count(n) ? sgf_node_child(n, 0) : NULL, nodes++)
        assert_int_equal(sgf_node_value_count(n, "C"), 1);
    sgf_record_t rec;
    read_written(&rec, path);
    assert_int_equal(rec.move_count, nodes - 1);
    board_geom_t *g = board_geom_create(3, 2, NULL);
    rules_t rules;
    assert_true(rules_parse(&rules, rec.rules, NULL));
    rules.komi2 = rec.komi2;
    game_t *game = game_create_from(g, &rules, &rec.start, rec.to_move, NULL);
    assert_true(diagram_play_moves(game, rec.moves, rec.move_count, NULL));
    assert_int_not_equal(game_status(game), GAME_ONGOING);
    game_result_t res = game_result(game);
    char margin[24];
    rules_margin_string(margin, res.margin2);
    char *re = g_strdup_printf("RE[%s]", margin);
    assert_non_null(strstr(text, re));
    /* --from reads the whole game as history: the game is over, with the same result. */
    r = support_runv(NULL, "solve", "--from", path, NULL);
    assert_int_equal(r.status, 0);
    char *line = g_strdup_printf("result: %s\n", margin);
    assert_non_null(strstr(r.out, line));
    assert_non_null(strstr(r.out, "rules chinese"));
    support_run_clear(&r);
    game_destroy(game);
    board_geom_destroy(g);
    sgf_record_clear(&rec);
    sgf_node_destroy(collection);
    g_free(line);
    g_free(re);
    g_free(text);

    /* GNU Go (square boards only) loads a 2x2 game and finds mathgo's final position. */
    r = support_runv(NULL, "solve", "2x2", "--rules", "chinese", "--sgf", path, NULL);
    assert_int_equal(r.status, 0);
    support_run_clear(&r);
    char *out = g_build_filename(dir, "gnugo.txt", NULL);
    char *commands =
        g_strdup_printf("loadsgf %s\nlist_stones black\nlist_stones white\nquit\n", path);
    char *shell = g_strdup_printf(GNUGO " --mode gtp > %s", out);
    FILE *p = popen(shell, "w");
    assert_non_null(p);
    fputs(commands, p);
    assert_int_equal(pclose(p), 0);
    char *answers;
    assert_true(g_file_get_contents(out, &answers, NULL, NULL));
    /* The final position of mathgo's game, replayed here, against GNU Go's lists of stones
     * (compared as sorted lists of names). */
    read_written(&rec, path);
    g = board_geom_create(2, 2, NULL);
    assert_true(rules_parse(&rules, "chinese", NULL));
    game = game_create_from(g, &rules, &rec.start, rec.to_move, NULL);
    assert_true(diagram_play_moves(game, rec.moves, rec.move_count, NULL));
    char **gnu = g_strsplit(answers, "\n\n", -1);
    assert_true(g_strv_length(gnu) >= 3);
    int stones = 0;
    for (int c = 0; c < 2; c++) {
        assert_true(g_str_has_prefix(gnu[1 + c], "="));
        char **names = g_strsplit(g_strstrip(gnu[1 + c] + 1), " ", -1);
        qsort(names, g_strv_length(names), sizeof *names, compare_names);
        char *theirs = g_strjoinv(" ", names);
        GPtrArray *mine = g_ptr_array_new_with_free_func(g_free);
        for (uint64_t m = game_current(game)->board.stones[c]; m; m &= m - 1) {
            char name[8];
            g_ptr_array_add(mine, g_strdup(board_move_name(name, g, board_lowest(m))));
            stones++;
        }
        g_ptr_array_sort(mine, compare_names);
        g_ptr_array_add(mine, NULL);
        char *ours = g_strjoinv(" ", (char **)mine->pdata);
        assert_string_equal(ours, theirs);
        g_free(ours);
        g_free(theirs);
        g_ptr_array_free(mine, TRUE);
        g_strfreev(names);
    }
    assert_true(stones > 0);
    g_strfreev(gnu);
    game_destroy(game);
    board_geom_destroy(g);
    sgf_record_clear(&rec);
    g_remove(out);
    g_remove(path);
    g_rmdir(dir);
    g_free(answers);
    g_free(shell);
    g_free(commands);
    g_free(out);
    g_free(path);
    g_free(dir);
}

/* Runs `mathgo solve BOARD --rules RULES --sgf FILE ARGS...` (ARGS NULL-terminated), which
 * must succeed, and returns the file parsed (free with sgf_node_destroy) and, when out is not
 * NULL, the command's stdout (g_free); the file is removed. */
static sgf_node_t *solved_sgf(char **out, const char *board, const char *rules, ...)
{
    char *dir = g_dir_make_tmp("mathgo-sgf-XXXXXX", NULL);
    char *path = g_build_filename(dir, "solved.sgf", NULL);
    GPtrArray *args = g_ptr_array_new();
    g_ptr_array_add(args, (char *)"solve");
    g_ptr_array_add(args, (char *)board);
    g_ptr_array_add(args, (char *)"--rules");
    g_ptr_array_add(args, (char *)rules);
    g_ptr_array_add(args, (char *)"--sgf");
    g_ptr_array_add(args, path);
    va_list ap;
    va_start(ap, rules);
    for (const char *a; (a = va_arg(ap, const char *));)
        g_ptr_array_add(args, (char *)a);
    va_end(ap);
    g_ptr_array_add(args, NULL);
    support_run_t r = support_run(NULL, (const char *const *)args->pdata);
    if (r.status != 0)
        fail_msg("solve %s --rules %s exited %d: %s", board, rules, r.status, r.err);
    if (out)
        *out = g_strdup(r.out);
    support_run_clear(&r);
    char *text;
    assert_true(g_file_get_contents(path, &text, NULL, NULL));
    sgf_node_t *collection = sgf_parse(text, NULL);
    assert_non_null(collection);
    g_remove(path);
    g_rmdir(dir);
    g_free(text);
    g_free(path);
    g_free(dir);
    g_ptr_array_free(args, TRUE);
    return collection;
}

/* --variations: one child of the solved position per legal first move, each commented with
 * the value the reference minimax gives the position after it. */
static void test_sgf__variations_give_every_first_move_its_value(void **state)
{
    (void)state;
    sgf_node_t *collection = solved_sgf(NULL, "2x2", "tromp-taylor", "--variations", NULL);
    const sgf_node_t *root = sgf_node_child(collection, 0);
    assert_int_equal(sgf_node_child_count(root), 5); /* four points and the pass */
    board_geom_t *g = board_geom_create(2, 2, NULL);
    rules_t rules;
    assert_true(rules_parse(&rules, "tromp-taylor", NULL));
    for (int i = 0; i < 5; i++) {
        const sgf_node_t *first = sgf_node_child(root, i);
        const char *point = sgf_node_value(first, "B", 0);
        game_t *game = game_create(g, &rules);
        board_move_t move = BOARD_MOVE_PASS;
        if (*point)
            move = board_point(g, point[0] - 'a', point[1] - 'a');
        assert_int_equal(game_play(game, move), GAME_LEGAL);
        int value;
        assert_true(reference_value(&value, game, 50000000, NULL));
        char margin[24];
        rules_margin_string(margin, value);
        char *expected = g_strdup_printf("value %s with optimal play", margin);
        if (!strstr(sgf_node_value(first, "C", 0), expected))
            fail_msg("first move [%s]: comment [%s], reference %s", point,
                     sgf_node_value(first, "C", 0), margin);
        g_free(expected);
        game_destroy(game);
    }
    board_geom_destroy(g);
    sgf_node_destroy(collection);
}

/* A draw under a no-pass rule set (2x3 math under simple ko, settled by the tablebase): RE[0],
 * and every node of the optimal game says it is a draw, not a score (they said "value 0 ...
 * (Black minus White minus komi)" before 2026-12-07). */
static void test_sgf__a_draw_without_a_score_says_draw(void **state)
{
    (void)state;
    char *out;
    sgf_node_t *collection = solved_sgf(&out, "2x3", "math,ko=simple,cycle=draw", "-q", NULL);
    assert_non_null(strstr(out, "result: draw"));
    g_free(out);
    const sgf_node_t *node = sgf_node_child(collection, 0);
    assert_string_equal(sgf_node_value(node, "RE", 0), "0");
    int moves = 0;
    while (sgf_node_child_count(node) > 0) {
        node = sgf_node_child(node, 0);
        const char *comment = sgf_node_value(node, "C", 0);
        if (!comment || !strstr(comment, "a draw with optimal play") || strstr(comment, "komi"))
            fail_msg("move %d: comment [%s]", moves + 1, comment ? comment : "(none)");
        moves++;
    }
    assert_true(moves >= 2);
    sgf_node_destroy(collection);
}

/* --sgf is checked before the solve starts (a 5x5 board would take hours); a stopped solve
 * writes the bounds it proved. */
static void test_sgf__sgf_path_checked_first_and_bounds_written_at_a_limit(void **state)
{
    (void)state;
    double t0 = (double)g_get_monotonic_time() / 1e6;
    support_run_t r = support_runv(NULL, "solve", "5x5", "--sgf", "/nonexistent-dir/x.sgf", NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "--sgf"));
    assert_true((double)g_get_monotonic_time() / 1e6 - t0 < 10);
    support_run_clear(&r);
    /* A board SGF cannot name is refused before the solve too. */
    r = support_runv(NULL, "solve", "1x60", "--sgf", "x.sgf", NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "SGF names at most 52 columns and rows"));
    support_run_clear(&r);
    char *dir = g_dir_make_tmp("mathgo-sgf-XXXXXX", NULL);
    char *path = g_build_filename(dir, "stopped.sgf", NULL);
    r = support_runv(NULL, "solve", "4x4", "--rules", "chinese", "--max-nodes", "3000", "--sgf",
                     path, NULL);
    assert_int_equal(r.status, 1);
    support_run_clear(&r);
    char *text;
    assert_true(g_file_get_contents(path, &text, NULL, NULL));
    assert_non_null(strstr(text, "C[not solved: "));
    assert_non_null(strstr(text, "the value is between "));
    assert_null(strstr(text, "RE["));
    g_remove(path);
    g_rmdir(dir);
    g_free(text);
    g_free(path);
    g_free(dir);
}

/* Seeded random games on boards of every shape SGF can name (1x1 to 52x1 and 1x52,
 * rectangles, squares): the root sgf_game_root builds and the moves written with sgf_add_move read
 * back through text as the same start, player, komi, rules and moves, and replay to the same
 * position. */
static void test_sgf__random_games_round_trip_through_text(void **state)
{
    (void)state;
    GRand *rand = g_rand_new_with_seed(13);
    static const char *const rule_sets[] = {"chinese", "tromp-taylor", "math", "chinese,ko=simple",
                                            "japanese"};
    for (int trial = 0; trial < 300; trial++) {
        int width = g_rand_int_range(rand, 1, 53);
        int height = g_rand_int_range(rand, 1, MIN(64 / width, SGF_MAX_WIDTH) + 1);
        board_geom_t *g = board_geom_create(width, height, NULL);
        assert_non_null(g);
        rules_t rules;
        assert_true(rules_parse(&rules, rule_sets[trial % 5], NULL));
        rules.komi2 = g_rand_int_range(rand, -20, 21);
        /* A legal start: random stones, chains without a liberty taken off. */
        board_t start = {{0, 0}};
        for (int p = 0; p < g->size; p++) {
            int r = g_rand_int_range(rand, 0, 6);
            if (r < 2)
                start.stones[r] |= board_bit((board_point_t)p);
        }
        for (int c = 0; c < 2; c++)
            start.stones[c] &= ~board_dead_chains(g, start.stones[c], board_empty(&start, g));
        board_color_t first = g_rand_boolean(rand) ? BOARD_BLACK : BOARD_WHITE;
        game_t *game = game_create_from(g, &rules, &start, first, NULL);
        assert_non_null(game);
        sgf_node_t *collection = sgf_node_create();
        sgf_node_t *node = sgf_node_add_child(
            collection, sgf_game_root(g, &rules, &start, first, "mathgo:test", NULL));
        int length = g_rand_int_range(rand, 0, 40);
        for (int i = 0; i < length && game_status(game) == GAME_ONGOING; i++) {
            board_move_t moves[BOARD_MAX_POINTS + 1];
            int n = game_legal_moves(moves, game);
            board_move_t m = moves[g_rand_int_range(rand, 0, n)];
            board_color_t who = (board_color_t)game_current(game)->to_move;
            assert_int_equal(game_play(game, m), GAME_LEGAL);
            node = sgf_node_add_child(node, sgf_node_create());
            sgf_add_move(node, who == BOARD_BLACK ? "B" : "W", g, m);
        }
        char *text = sgf_format(collection);
        sgf_record_t r;
        GError *error = NULL;
        if (!sgf_record_read(&r, text, &error))
            fail_msg("%dx%d: %s\n%s", width, height, error->message, text);
        assert_int_equal(r.width, width);
        assert_int_equal(r.height, height);
        assert_true(board_equal(&r.start, &start));
        assert_int_equal(r.to_move, first);
        assert_int_equal(r.komi2, rules.komi2);
        rules_t back;
        assert_true(rules_parse(&back, r.rules, NULL));
        back.komi2 = r.komi2;
        assert_memory_equal(&back, &rules, sizeof rules);
        assert_int_equal((size_t)r.move_count, game_length(game));
        game_t *replay = game_create_from(g, &back, &r.start, r.to_move, NULL);
        assert_true(diagram_play_moves(replay, r.moves, r.move_count, NULL));
        for (int i = 0; i < r.move_count; i++)
            assert_int_equal(r.moves[i].move, game_state_at(game, (size_t)i + 1)->move);
        assert_true(board_equal(&game_current(replay)->board, &game_current(game)->board));
        game_destroy(replay);
        sgf_record_clear(&r);
        g_free(text);
        sgf_node_destroy(collection);
        game_destroy(game);
        board_geom_destroy(g);
    }
    g_rand_free(rand);
}

/* docs/sgf.md's examples run: every line of its sh blocks exits 0 with mathgo on the PATH, in a
 * scratch folder whose `tests` is the repository's (so that the files the examples write land
 * there, not in the source tree), and the text of its comment is in its output. */
static void test_sgf__documentation_examples_run(void **state)
{
    (void)state;
    char *top = g_path_get_dirname(MATHGO_TEST_DATA); /* tests/ */
    char *root = g_path_get_dirname(top);
    char *doc = g_build_filename(root, "docs", "sgf.md", NULL);
    char *text;
    assert_true(g_file_get_contents(doc, &text, NULL, NULL));
    char *bin = g_path_get_dirname(MATHGO_BINARY);
    char *path_var = g_strdup_printf("PATH=%s:%s", bin, g_getenv("PATH"));
    char *envp[] = {path_var, NULL};
    char **lines = g_strsplit(text, "\n", -1);
    char *scratch = g_dir_make_tmp("mathgo-sgf-doc-XXXXXX", NULL);
    assert_non_null(scratch);
    char *tests_link = g_build_filename(scratch, "tests", NULL);
    assert_int_equal(symlink(top, tests_link), 0);
    bool in_block = false;
    int run = 0;
    for (int i = 0; lines[i]; i++) {
        if (g_str_has_prefix(lines[i], "```")) {
            in_block = !in_block && !strcmp(lines[i], "```sh");
            continue;
        }
        if (!in_block || !*g_strstrip(lines[i]))
            continue;
        const char *comment = strstr(lines[i], "   # ");
        char *expected = comment ? g_strstrip(g_strdup(comment + 5)) : NULL;
        char *argv[] = {"sh", "-c", lines[i], NULL};
        char *out = NULL, *err = NULL;
        int status = -1;
        assert_true(g_spawn_sync(scratch, argv, envp, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err,
                                 &status, NULL));
        char *both = g_strconcat(out, err, NULL);
        if (!g_spawn_check_wait_status(status, NULL) || (expected && !strstr(both, expected)))
            fail_msg("docs/sgf.md line %d [%s]: status %d, output [%s], expected [%s]", i + 1,
                     lines[i], status, both, expected ? expected : "");
        run++;
        g_free(both);
        g_free(out);
        g_free(err);
        g_free(expected);
    }
    assert_true(run >= 8);
    /* The scratch folder: the link and what the examples wrote (plain files). */
    GDir *dir = g_dir_open(scratch, 0, NULL);
    assert_non_null(dir);
    for (const char *name; (name = g_dir_read_name(dir));) {
        char *file = g_build_filename(scratch, name, NULL);
        assert_int_equal(unlink(file), 0);
        g_free(file);
    }
    g_dir_close(dir);
    assert_int_equal(rmdir(scratch), 0);
    g_free(tests_link);
    g_free(scratch);
    g_strfreev(lines);
    g_free(path_var);
    g_free(bin);
    g_free(text);
    g_free(doc);
    g_free(root);
    g_free(top);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sgf__values_are_unescaped_and_soft_line_breaks_removed),
        cmocka_unit_test(test_sgf__written_trees_read_back_the_same),
        cmocka_unit_test(test_sgf__the_main_line_is_the_first_child_of_the_first_game),
        cmocka_unit_test(test_sgf__passes_and_coordinates),
        cmocka_unit_test(test_sgf__setup_with_compressed_lists_on_a_rectangle),
        cmocka_unit_test(test_sgf__reads_what_gnugo_printsgf_writes),
        cmocka_unit_test(test_sgf__malformed_input_names_line_and_column),
        cmocka_unit_test(test_sgf__histories_are_seen_by_superko),
        cmocka_unit_test(test_sgf__show_reads_back_what_show_prints),
        cmocka_unit_test(test_sgf__dash_is_stdin_everywhere),
        cmocka_unit_test(test_sgf__solve_writes_the_optimal_game_read_back_everywhere),
        cmocka_unit_test(test_sgf__variations_give_every_first_move_its_value),
        cmocka_unit_test(test_sgf__a_draw_without_a_score_says_draw),
        cmocka_unit_test(test_sgf__sgf_path_checked_first_and_bounds_written_at_a_limit),
        cmocka_unit_test(test_sgf__random_games_round_trip_through_text),
        cmocka_unit_test(test_sgf__documentation_examples_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
