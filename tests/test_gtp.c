/*
 * tests/test_gtp.c: the GTP engine (front/gtp.h): each command, the error responses, ids,
 * preprocessing, and regression scripts kept as data (tests/data/gtp_*.txt: lines "> command"
 * are sent, the lines up to the next "> " are the exact expected output).
 */
#define _POSIX_C_SOURCE 200809L /* popen */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "front/gtp.h"
#include "solver/search.h"
#include "tests/reference.h"
#include "tests/support.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static gtp_engine_t *engine_new(int width, int height, const char *rules_text)
{
    rules_t rules;
    GError *error = NULL;
    if (!rules_parse(&rules, rules_text, &error))
        fail_msg("%s", error->message);
    gtp_engine_t *engine = gtp_engine_create(width, height, &rules, &error);
    if (!engine)
        fail_msg("%s", error->message);
    return engine;
}

/* Sends one line and checks the whole response text. */
static void expect(gtp_engine_t *engine, const char *line, const char *response)
{
    GString *out = g_string_new(NULL);
    gtp_engine_execute(out, engine, line);
    if (strcmp(out->str, response))
        fail_msg("'%s' answered\n[%s]\ninstead of\n[%s]", line, out->str, response);
    g_string_free(out, TRUE);
}

/* Sends one line and checks that the response starts with `prefix`. */
static void expect_prefix(gtp_engine_t *engine, const char *line, const char *prefix)
{
    GString *out = g_string_new(NULL);
    gtp_engine_execute(out, engine, line);
    if (strncmp(out->str, prefix, strlen(prefix)))
        fail_msg("'%s' answered\n[%s]\nwhich does not start with\n[%s]", line, out->str, prefix);
    if (out->len < 2 || strcmp(out->str + out->len - 2, "\n\n"))
        fail_msg("'%s': the response does not end with an empty line", line);
    g_string_free(out, TRUE);
}

static void test_gtp__identity_commands_answer_protocol_2_and_the_name(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(5, 5, "chinese");
    expect(e, "protocol_version", "= 2\n\n");
    expect(e, "name", "= mathgo\n\n");
    expect_prefix(e, "version", "= 0.");
    expect(e, "quit", "= \n\n");
    gtp_engine_destroy(e);
}

static void test_gtp__ids_are_echoed_on_success_and_failure(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(5, 5, "chinese");
    expect(e, "7 protocol_version", "=7 2\n\n");
    expect(e, "12 nonsense", "?12 unknown command\n\n");
    expect(e, "0 clear_board", "=0 \n\n");
    expect_prefix(e, "3 play b z9", "?3 syntax error");
    gtp_engine_destroy(e);
}

static void test_gtp__preprocessing_drops_control_characters_comments_and_empty_lines(void **s)
{
    (void)s;
    gtp_engine_t *e = engine_new(5, 5, "chinese");
    GString *out = g_string_new(NULL);
    assert_int_equal(gtp_engine_execute(out, e, ""), GTP_STATUS_NONE);
    assert_int_equal(gtp_engine_execute(out, e, "   \t  \n"), GTP_STATUS_NONE);
    assert_int_equal(gtp_engine_execute(out, e, "# a comment line\n"), GTP_STATUS_NONE);
    assert_int_equal(gtp_engine_execute(out, e, "\r\n"), GTP_STATUS_NONE);
    assert_int_equal(out->len, 0);
    g_string_free(out, TRUE);
    expect(e, "name # the engine's name\r\n", "= mathgo\n\n");
    expect(e, "\tprotocol_\x01version\x7f\r", "= 2\n\n");
    expect(e, "play\tb\tc3\n", "= \n\n");
    expect(e, "list_stones   black   ", "= C3\n\n");
    gtp_engine_destroy(e);
}

static void test_gtp__unknown_commands_answer_unknown_command(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(5, 5, "chinese");
    expect(e, "savesgf game.sgf", "? unknown command\n\n");
    expect(e, "PLAY b c3", "? unknown command\n\n");
    expect(e, "42", "?42 unknown command\n\n");
    gtp_engine_destroy(e);
}

static void test_gtp__known_command_and_list_commands_name_the_same_commands(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(5, 5, "chinese");
    GString *list = g_string_new(NULL);
    assert_int_equal(gtp_engine_execute(list, e, "list_commands"), GTP_STATUS_SUCCESS);
    int n = 0;
    for (int i = 0; gtp_command_names[i]; i++, n++) {
        char line[80];
        assert_non_null(strstr(list->str, gtp_command_names[i]));
        snprintf(line, sizeof line, "known_command %s", gtp_command_names[i]);
        expect(e, line, "= true\n\n");
    }
    assert_int_equal(n, 32);
    expect(e, "known_command genmove", "= true\n\n");
    expect(e, "known_command printsgf", "= true\n\n");
    expect(e, "known_command savesgf", "= false\n\n");
    expect(e, "known_command", "= false\n\n");
    g_string_free(list, TRUE);
    gtp_engine_destroy(e);
}

static void test_gtp__boardsize_accepts_every_board_of_at_most_64_points(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(5, 5, "chinese");
    for (int n = 1; n <= 8; n++) {
        char line[32];
        snprintf(line, sizeof line, "boardsize %d", n);
        expect(e, line, "= \n\n");
        assert_int_equal(game_geom(gtp_engine_game(e))->size, n * n);
    }
    expect(e, "boardsize 9", "? unacceptable size\n\n");
    expect(e, "boardsize 19", "? unacceptable size\n\n");
    expect(e, "boardsize 0", "? unacceptable size\n\n");
    expect(e, "boardsize -3", "? unacceptable size\n\n");
    expect_prefix(e, "boardsize nine", "? syntax error");
    expect_prefix(e, "boardsize", "? syntax error");
    assert_int_equal(game_geom(gtp_engine_game(e))->size, 64); /* unchanged by failures */
    expect(e, "rectangular_boardsize 64 1", "= \n\n");
    expect(e, "rectangular_boardsize 1 64", "= \n\n");
    expect(e, "rectangular_boardsize 16 4", "= \n\n");
    expect(e, "rectangular_boardsize 3 2", "= \n\n");
    assert_int_equal(game_geom(gtp_engine_game(e))->width, 3);
    assert_int_equal(game_geom(gtp_engine_game(e))->height, 2);
    expect(e, "rectangular_boardsize 65 1", "? unacceptable size\n\n");
    expect(e, "rectangular_boardsize 9 8", "? unacceptable size\n\n");
    expect(e, "rectangular_boardsize 0 5", "? unacceptable size\n\n");
    expect_prefix(e, "rectangular_boardsize 4", "? syntax error");
    gtp_engine_destroy(e);
}

static void test_gtp__boardsize_and_clear_board_empty_the_board(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(3, 3, "chinese");
    expect(e, "play b b2", "= \n\n");
    expect(e, "clear_board", "= \n\n");
    expect(e, "list_stones b", "= \n\n");
    assert_int_equal(game_length(gtp_engine_game(e)), 0);
    expect(e, "play b b2", "= \n\n");
    expect(e, "boardsize 3", "= \n\n");
    expect(e, "list_stones b", "= \n\n");
    gtp_engine_destroy(e);
}

static void test_gtp__play_accepts_colour_words_and_pass_and_refuses_illegal_moves(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(3, 3, "chinese");
    expect(e, "play black B2", "= \n\n");
    expect(e, "play W a1", "= \n\n");
    expect(e, "play b PASS", "= \n\n");
    expect(e, "play White pass", "= \n\n");
    /* Two passes end the game under mathgo's rules: nothing more is legal. */
    expect_prefix(e, "play b c3", "? illegal move");
    /* Black out of turn after White's pass: the pass inserted for White would end the game. */
    expect(e, "undo", "= \n\n");
    expect_prefix(e, "play b c3", "? illegal move: the game is over");
    expect(e, "undo", "= \n\n");
    expect_prefix(e, "play b b2", "? illegal move: the point is occupied");
    expect_prefix(e, "play b z9", "? syntax error");
    expect_prefix(e, "play b d1", "? syntax error"); /* off the 3x3 board */
    expect_prefix(e, "play red a2", "? syntax error");
    expect_prefix(e, "play b", "? syntax error");
    expect_prefix(e, "play", "? syntax error");
    gtp_engine_destroy(e);
}

/* Black C3, C2 and White A2, B1 on 3x3: A1 is a single-stone suicide for Black. */
static void play_suicide_setup(gtp_engine_t *e)
{
    expect(e, "play b c3", "= \n\n");
    expect(e, "play w a2", "= \n\n");
    expect(e, "play b c2", "= \n\n");
    expect(e, "play w b1", "= \n\n");
}

static void test_gtp__play_refuses_suicide_ko_and_superko_with_the_reason(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(3, 3, "chinese");
    play_suicide_setup(e);
    expect_prefix(e, "play b a1", "? illegal move: suicide");
    expect(e, "is_legal b a1", "= 0\n\n");
    gtp_engine_destroy(e);

    /* The ko shape: after Black C3 takes B3, White may not retake at once. */
    e = engine_new(4, 4, "japanese");
    const char *moves[] = {"b b4", "w c4", "b a3", "w d3", "b b2", "w c2", "b a1", "w b3", "b c3"};
    for (size_t i = 0; i < G_N_ELEMENTS(moves); i++) {
        char line[32];
        snprintf(line, sizeof line, "play %s", moves[i]);
        expect(e, line, "= \n\n");
    }
    expect(e, "list_stones w", "= C4 D3 C2\n\n");
    expect(e, "captures b", "= 1\n\n");
    expect_prefix(e, "play w b3", "? illegal move: ko");
    expect(e, "is_legal w b3", "= 0\n\n");
    expect(e, "play w pass", "= \n\n");
    expect(e, "play b pass", "= \n\n");
    expect_prefix(e, "play w d4", "? illegal move: the game is over");
    expect(e, "undo", "= \n\n");
    expect(e, "undo", "= \n\n");
    expect(e, "kata-set-rule ko POSITIONAL", "= \n\n");
    expect_prefix(e, "play w b3", "? illegal move: superko");
    gtp_engine_destroy(e);

    /* Tromp-Taylor allows suicide, but a single-stone suicide repeats the position (superko);
     * without superko it is legal and counts as a capture for the opponent. */
    e = engine_new(3, 3, "tromp-taylor");
    play_suicide_setup(e);
    expect_prefix(e, "play b a1", "? illegal move: superko");
    expect(e, "mathgo-rules tromp-taylor,ko=simple", "= \n\n");
    expect(e, "play b a1", "= \n\n");
    expect(e, "captures w", "= 1\n\n");
    expect(e, "list_stones b", "= C3 C2\n\n");
    gtp_engine_destroy(e);
}

static void test_gtp__undo_takes_back_moves_and_fails_at_the_start(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(3, 3, "chinese");
    expect(e, "undo", "? cannot undo\n\n");
    expect(e, "play b b2", "= \n\n");
    expect(e, "play w a1", "= \n\n");
    expect(e, "undo", "= \n\n");
    expect(e, "list_stones w", "= \n\n");
    expect(e, "list_stones b", "= B2\n\n");
    expect(e, "undo", "= \n\n");
    expect(e, "undo", "? cannot undo\n\n");
    gtp_engine_destroy(e);
}

static void test_gtp__a_move_out_of_turn_follows_a_pass_and_is_undone_with_it(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(3, 3, "chinese");
    expect(e, "play w b2", "= \n\n"); /* Black passes first */
    assert_int_equal(game_length(gtp_engine_game(e)), 2);
    expect(e, "play w a1", "= \n\n");
    assert_int_equal(game_length(gtp_engine_game(e)), 4);
    expect(e, "list_stones w", "= B2 A1\n\n");
    expect(e, "undo", "= \n\n");
    assert_int_equal(game_length(gtp_engine_game(e)), 2);
    expect(e, "undo", "= \n\n");
    assert_int_equal(game_length(gtp_engine_game(e)), 0);
    /* Under no-pass rules a move out of turn is refused. */
    expect(e, "mathgo-rules math", "= \n\n");
    expect_prefix(e, "play w b2", "? illegal move: passing is not allowed");
    gtp_engine_destroy(e);
}

static void test_gtp__list_stones_all_legal_and_captures_answer_like_gnugo(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(3, 3, "chinese");
    expect(e, "all_legal b", "= A3 B3 C3 A2 B2 C2 A1 B1 C1\n\n");
    expect(e, "play b b3", "= \n\n");
    expect(e, "play w a3", "= \n\n");
    expect(e, "play b b1", "= \n\n");
    expect(e, "play w a1", "= \n\n");
    expect(e, "list_stones black", "= B3 B1\n\n");
    expect(e, "list_stones white", "= A3 A1\n\n");
    expect(e, "play b a2", "= \n\n"); /* captures A3 and A1 */
    expect(e, "captures black", "= 2\n\n");
    expect(e, "captures white", "= 0\n\n");
    expect(e, "list_stones white", "= \n\n");
    /* White to move: A3 and A1 are suicides.  Black, not to move, may play everywhere. */
    expect(e, "all_legal white", "= C3 B2 C2 C1\n\n");
    expect(e, "all_legal black", "= A3 C3 B2 C2 A1 C1\n\n");
    expect(e, "is_legal w a1", "= 0\n\n");
    expect(e, "is_legal w b2", "= 1\n\n");
    expect(e, "is_legal b a1", "= 1\n\n");
    expect(e, "is_legal b b3", "= 0\n\n");
    expect_prefix(e, "all_legal", "? syntax error");
    expect_prefix(e, "captures purple", "? syntax error");
    expect_prefix(e, "list_stones", "? syntax error");
    expect_prefix(e, "is_legal b", "? syntax error");
    gtp_engine_destroy(e);
}

static void test_gtp__komi_is_kept_across_boardsize_and_rules_changes(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(3, 3, "chinese");
    expect(e, "komi 6.5", "= \n\n");
    expect(e, "komi 7", "= \n\n");
    expect(e, "komi -2.5", "= \n\n");
    expect_prefix(e, "komi 5.25", "? syntax error");
    expect_prefix(e, "komi lots", "? syntax error");
    expect(e, "mathgo-rules", "= chinese,komi=-2.5\n\n");
    expect(e, "boardsize 4", "= \n\n");
    expect(e, "mathgo-rules japanese", "= \n\n");
    expect(e, "mathgo-rules", "= japanese,komi=-2.5\n\n");
    expect(e, "mathgo-rules chinese,komi=0.5", "= \n\n");
    expect(e, "mathgo-rules", "= chinese,komi=0.5\n\n");
    assert_int_equal(game_rules(gtp_engine_game(e))->komi2, 1);
    gtp_engine_destroy(e);
}

static void test_gtp__rules_commands_change_the_rules_and_replay_the_game(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(3, 3, "tromp-taylor,ko=simple");
    play_suicide_setup(e);
    expect(e, "play b a1", "= \n\n"); /* a suicide, legal here */
    /* Under chinese (no suicide) the game cannot be replayed: the change is refused. */
    expect_prefix(e, "mathgo-rules chinese", "? move 5 (A1) of the game is illegal");
    expect(e, "mathgo-rules", "= tromp-taylor,ko=simple,komi=0\n\n");
    expect_prefix(e, "kata-set-rule multiStoneSuicideLegal false", "? move 5 (A1)");
    expect(e, "undo", "= \n\n");
    expect(e, "kata-set-rule multiStoneSuicideLegal false", "= \n\n");
    expect(e, "kata-set-rule koRule SITUATIONAL", "= \n\n");
    expect(e, "kata-set-rule scoringRule TERRITORY", "= \n\n");
    expect(e, "kata-set-rule taxRule ALL", "= \n\n");
    expect(e, "kata-set-rule tax NONE", "= \n\n");
    expect(e, "kata-set-rule suicide true", "= \n\n");
    expect(e, "kata-set-rule cycle draw", "= \n\n");
    expect(e, "kata-set-rule pass 1", "= \n\n");
    const rules_t *r = game_rules(gtp_engine_game(e));
    assert_int_equal(r->ko, RULES_KO_SITUATIONAL);
    assert_int_equal(r->scoring, RULES_SCORING_TERRITORY);
    assert_int_equal(r->tax, RULES_TAX_NONE);
    assert_true(r->suicide);
    assert_int_equal(r->cycle, RULES_CYCLE_DRAW);
    expect(e, "list_stones b", "= C3 C2\n\n"); /* the game survived the changes */
    expect_prefix(e, "kata-set-rule ko SPIGHT", "? rule key 'ko' has no value 'spight'");
    expect_prefix(e, "kata-set-rule taxRule SEKI", "? rule key 'tax' has no value 'seki'");
    expect_prefix(e, "kata-set-rule hasButton true", "? unknown rule key");
    expect_prefix(e, "kata-set-rule ko", "? syntax error");
    expect_prefix(e, "mathgo-rules nonsense", "? rules 'nonsense'");
    gtp_engine_destroy(e);
}

static void test_gtp__showboard_draws_the_board_without_empty_lines(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(3, 3, "chinese");
    expect(e, "play b b2", "= \n\n");
    expect(e, "play w a1", "= \n\n");
    expect(e, "showboard",
           "= \n"
           "   A B C\n"
           " 3 . . . 3     chinese,komi=0\n"
           " 2 . X . 2     Black (X) to move after 2 moves\n"
           " 1 O . . 1     Black (X) has captured 0 stones\n"
           "               White (O) has captured 0 stones\n"
           "   A B C\n\n");
    /* Every size: no empty line inside the response, one row line per board row. */
    const int sizes[][2] = {{1, 2}, {64, 1}, {1, 64}, {8, 8}, {16, 4}, {2, 3}};
    for (size_t i = 0; i < G_N_ELEMENTS(sizes); i++) {
        char line[64];
        snprintf(line, sizeof line, "rectangular_boardsize %d %d", sizes[i][0], sizes[i][1]);
        expect(e, line, "= \n\n");
        expect(e, "play b a1", "= \n\n");
        GString *out = g_string_new(NULL);
        assert_int_equal(gtp_engine_execute(out, e, "showboard"), GTP_STATUS_SUCCESS);
        char *blank = strstr(out->str, "\n\n");
        assert_non_null(blank);
        assert_int_equal(blank - out->str, (long)out->len - 2);
        assert_non_null(strstr(out->str, " 1 X"));
        g_string_free(out, TRUE);
    }
    gtp_engine_destroy(e);
}

/* Runs one regression script: "> " lines are input, the lines up to the next "> " line are the
 * exact expected output; lines before the first "> " are a header. */
static void run_script(const char *path)
{
    char *text = NULL;
    GError *error = NULL;
    if (!g_file_get_contents(path, &text, NULL, &error))
        fail_msg("cannot read %s: %s", path, error->message);
    char **lines = g_strsplit(text, "\n", -1);
    gtp_engine_t *e = engine_new(5, 5, "chinese");
    int i = 0, commands = 0;
    while (lines[i] && strncmp(lines[i], "> ", 2))
        i++;
    while (lines[i]) {
        const char *input = lines[i] + 2;
        int line_number = i + 1;
        GString *want = g_string_new(NULL);
        for (i++; lines[i] && strncmp(lines[i], "> ", 2); i++)
            if (lines[i + 1]) /* the split leaves an empty string after the final newline */
                g_string_append_printf(want, "%s\n", lines[i]);
        GString *got = g_string_new(NULL);
        gtp_engine_execute(got, e, input);
        if (strcmp(got->str, want->str))
            fail_msg("%s:%d: '%s' answered\n[%s]\ninstead of\n[%s]", path, line_number, input,
                     got->str, want->str);
        g_string_free(want, TRUE);
        g_string_free(got, TRUE);
        commands++;
    }
    print_message("%s: %d commands\n", path, commands);
    gtp_engine_destroy(e);
    g_strfreev(lines);
    g_free(text);
}

static void test_gtp__regression_scripts_from_data_give_the_expected_responses(void **state)
{
    (void)state;
    GDir *dir = g_dir_open(MATHGO_TEST_DATA, 0, NULL);
    assert_non_null(dir);
    int scripts = 0;
    for (const char *name; (name = g_dir_read_name(dir));) {
        if (!g_str_has_prefix(name, "gtp_") || !g_str_has_suffix(name, ".txt"))
            continue;
        char *path = g_build_filename(MATHGO_TEST_DATA, name, NULL);
        run_script(path);
        g_free(path);
        scripts++;
    }
    g_dir_close(dir);
    assert_true(scripts >= 1);
}

static void test_gtp__the_gtp_command_speaks_on_stdin_and_stdout(void **state)
{
    (void)state;
    support_run_t r =
        support_runv("1 boardsize 3\nplay b b2\n# comment\n\nlist_stones b\nquit\nname\n", "gtp",
                     "--rules", "tromp-taylor", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "=1 \n\n= \n\n= B2\n\n= \n\n");
    support_run_clear(&r);
}

/* ---- Playing and analysis -------------------------------------------------------------------
 */

/* Sends one line; returns the body of a "=" response (without "= " and the empty line) or NULL
 * for a "?" response.  Free with g_free. */
static char *ask(gtp_engine_t *engine, const char *line)
{
    GString *out = g_string_new(NULL);
    gtp_status_t status = gtp_engine_execute(out, engine, line);
    assert_true(out->len >= 4 && !strcmp(out->str + out->len - 2, "\n\n"));
    char *body = NULL;
    if (status == GTP_STATUS_SUCCESS || status == GTP_STATUS_QUIT) {
        g_string_truncate(out, out->len - 2);
        body = g_strdup(out->str + 2);
    }
    g_string_free(out, TRUE);
    return body;
}

/* An engine whose moves get a small node budget (deterministic, fast under the sanitizers). */
static gtp_engine_t *player_new(int width, int height, const char *rules_text, bool resign,
                                uint64_t max_nodes, double max_seconds)
{
    gtp_engine_t *e = engine_new(width, height, rules_text);
    gtp_player_options_t options = gtp_player_options_default();
    options.tt_bytes = 4u << 20;
    options.max_nodes = max_nodes;
    options.resign = resign;
    gtp_engine_set_player(e, &options, max_seconds);
    return e;
}

/* The reference value (tests/reference.h) of the engine's game after `move` (seen from before
 * it: a distance counts the move), or of the game itself when move is BOARD_MOVE_NONE. */
static int reference_after(const game_t *game, board_move_t move)
{
    game_t *g = game_copy(game);
    if (move != BOARD_MOVE_NONE)
        assert_int_equal(game_play(g, move), GAME_LEGAL);
    int v;
    if (!reference_value(&v, g, 50000000, NULL))
        fail_msg("the reference did not finish");
    if (move != BOARD_MOVE_NONE && search_value_is_win(v))
        v += v > 0 ? -1 : 1;
    game_destroy(g);
    return v;
}

static const char *const play_rules[] = {"chinese",
                                         "tromp-taylor",
                                         "math",
                                         "pseudo",
                                         "old-chinese",
                                         "chinese,komi=0.5",
                                         "chinese,ko=simple,cycle=draw",
                                         "japanese,ko=positional",
                                         NULL};
static const int play_sizes[][2] = {{2, 2}, {1, 5}, {1, 4}, {3, 1}};

/*
 * Games on boards of at most 5 points under eight rule sets, the engine's genmove for the side
 * to move at every other ply (random legal moves between, so many positions and histories are
 * met): each genmove must be proven optimal, play a move whose value (by the independent
 * reference minimax, the whole history included) is the position's value, never pass under the
 * no-pass rules, and resign exactly when the position is lost (with resigning on).
 */
static void test_gtp__genmove_keeps_the_reference_value_on_small_boards(void **state)
{
    (void)state;
    long moves = 0, resigns = 0, history_matters = 0;
    for (int r = 0; play_rules[r]; r++)
        for (size_t z = 0; z < G_N_ELEMENTS(play_sizes); z++)
            for (int resign = 0; resign < 2; resign++)
                for (guint32 seed = 1; seed <= 3; seed++) {
                    gtp_engine_t *e =
                        player_new(play_sizes[z][0], play_sizes[z][1], play_rules[r], resign, 0, 0);
                    GRand *rng = g_rand_new_with_seed(seed * 131 + (guint32)(r * 7 + z));
                    for (int ply = 0; ply < 30; ply++) {
                        const game_t *g = gtp_engine_game(e);
                        if (game_status(g) != GAME_ONGOING)
                            break;
                        board_color_t me = (board_color_t)game_current(g)->to_move;
                        const char *c = me == BOARD_BLACK ? "b" : "w";
                        char line[64], name[8];
                        if (ply % 2 == (int)(seed % 2)) {
                            board_move_t legal[BOARD_MAX_POINTS + 1];
                            int n = game_legal_moves(legal, g);
                            snprintf(line, sizeof line, "play %s %s", c,
                                     board_move_name(name, game_geom(g),
                                                     legal[g_rand_int_range(rng, 0, n)]));
                            g_free(ask(e, line));
                            continue;
                        }
                        int v = reference_after(g, BOARD_MOVE_NONE);
                        int mine = me == BOARD_BLACK ? v : -v;
                        /* Positions whose value depends on how they were reached: the engine
                         * must see the game's history there. */
                        game_t *fresh = game_create_from(game_geom(g), game_rules(g),
                                                         &game_current(g)->board, me, NULL);
                        if (fresh && reference_after(fresh, BOARD_MOVE_NONE) != v)
                            history_matters++;
                        game_destroy(fresh);
                        game_t *before = game_copy(g);
                        snprintf(line, sizeof line, "genmove %s", c);
                        char *answer = ask(e, line);
                        assert_non_null(answer);
                        const gtp_choice_t *choice = gtp_engine_last_choice(e);
                        assert_true(choice->value_known);
                        assert_int_equal(choice->value, v);
                        if (resign && mine < 0) {
                            assert_string_equal(answer, "resign");
                            assert_int_equal(choice->kind, GTP_CHOICE_RESIGN);
                            resigns++;
                            g_free(answer);
                            game_destroy(before);
                            break;
                        }
                        assert_int_equal(choice->kind, GTP_CHOICE_OPTIMAL);
                        if (!game_rules(before)->pass)
                            assert_string_not_equal(answer, "pass");
                        assert_string_equal(answer,
                                            board_move_name(name, game_geom(before), choice->move));
                        if (reference_after(before, choice->move) != v)
                            fail_msg("%s %dx%d: genmove %s answered %s, which does not keep the "
                                     "value %d",
                                     play_rules[r], play_sizes[z][0], play_sizes[z][1], c, answer,
                                     v);
                        moves++;
                        g_free(answer);
                        game_destroy(before);
                    }
                    g_rand_free(rng);
                    gtp_engine_destroy(e);
                }
    print_message("genmove: %ld optimal moves and %ld resignations checked against the "
                  "reference, in %ld positions whose value depends on the history\n",
                  moves, resigns, history_matters);
    assert_true(moves > 300 && resigns > 10 && history_matters > 0);
}

static void test_gtp__genmove_plays_reg_genmove_does_not_and_an_ended_game_answers_pass(void **s)
{
    (void)s;
    gtp_engine_t *e = player_new(3, 3, "chinese", true, 0, 0);
    expect(e, "reg_genmove b", "= B2\n\n");
    assert_int_equal(game_length(gtp_engine_game(e)), 0);
    expect(e, "genmove black", "= B2\n\n");
    expect(e, "list_stones b", "= B2\n\n");
    /* White is lost (B+9 whatever it does): it resigns, and nothing is played. */
    expect(e, "genmove w", "= resign\n\n");
    assert_int_equal(gtp_engine_last_choice(e)->kind, GTP_CHOICE_RESIGN);
    assert_int_equal(gtp_engine_last_choice(e)->value, 18);
    assert_int_equal(game_length(gtp_engine_game(e)), 1);
    /* Out of turn: Black's move follows a pass inserted for White, which ends nothing here. */
    expect(e, "play w pass", "= \n\n");
    expect(e, "genmove b", "= pass\n\n"); /* passing keeps B+9 and ends the game */
    assert_int_equal(game_status(gtp_engine_game(e)), GAME_OVER_PASSES);
    expect(e, "genmove w", "= pass\n\n");
    expect(e, "final_score", "= B+9\n\n");
    gtp_engine_destroy(e);

    /* Simple ko without a cycle rule: searched with cycle=draw added, nothing claimed. */
    e = player_new(2, 2, "japanese,cycle=none", true, 0, 0);
    for (int ply = 0; ply < 12 && game_status(gtp_engine_game(e)) == GAME_ONGOING; ply++) {
        char *answer = ask(e, ply % 2 ? "genmove w" : "genmove b");
        assert_non_null(answer);
        assert_string_not_equal(answer, "resign");
        assert_int_equal(gtp_engine_last_choice(e)->kind, GTP_CHOICE_UNPROVEN);
        assert_false(gtp_engine_last_choice(e)->value_known);
        g_free(answer);
    }
    char *value = ask(e, "mathgo-value");
    assert_non_null(value);
    g_free(value);
    gtp_engine_destroy(e);

    /* Under no-pass rules a player without a move has lost: resign. */
    e = player_new(1, 2, "math", false, 0, 0);
    expect(e, "genmove b", "= A2\n\n"); /* 1x2 math: White wins (docs/results.md) */
    expect(e, "genmove w", "= A1\n\n"); /* captures A2 */
    expect(e, "genmove b", "= resign\n\n");
    assert_int_equal(game_status(gtp_engine_game(e)), GAME_OVER_NO_MOVE);
    expect_prefix(e, "final_score",
                  "? cannot score: under these rules the player who cannot "
                  "move loses (White won)");
    expect_prefix(e, "genmove", "? syntax error");
    expect_prefix(e, "genmove purple", "? syntax error");
    gtp_engine_destroy(e);
}

/* The seconds one genmove of Black takes on the empty 5x5 board (nothing is proven there in a
 * second, so each spends its whole budget). */
static double genmove_seconds(gtp_engine_t *e)
{
    gint64 t0 = g_get_monotonic_time();
    char *answer = ask(e, "genmove b");
    double seconds = (g_get_monotonic_time() - t0) / 1e6;
    assert_non_null(answer);
    assert_string_not_equal(answer, "resign");
    assert_int_equal(gtp_engine_last_choice(e)->kind, GTP_CHOICE_UNPROVEN);
    g_free(answer);
    g_free(ask(e, "undo"));
    return seconds;
}

static void test_gtp__genmove_spends_the_time_the_clock_or_the_cap_allows(void **state)
{
    (void)state;
    gtp_engine_t *e = player_new(5, 5, "chinese", true, 0, 0.3);
    /* No clock: the cap. */
    double t = genmove_seconds(e);
    /* Upper bounds with half a second to spare for a loaded machine. */
    assert_true(t > 0.2 && t < 0.8);
    /* Byo-yomi, 1 s for 1 stone: 0.9 * 1 - 0.1 = 0.8 s, but the cap is lower. */
    expect(e, "time_settings 0 1 1", "= \n\n");
    t = genmove_seconds(e);
    assert_true(t > 0.2 && t < 0.8);
    gtp_engine_set_player(e, NULL, 0);
    /* Main time: 6 s over 12 moves to go (25 empty points / 2): 0.9 * 0.5 - 0.1 = 0.35 s. */
    expect(e, "time_settings 60 0 0", "= \n\n");
    expect(e, "time_left b 6 0", "= \n\n");
    t = genmove_seconds(e);
    assert_true(t > 0.25 && t < 0.85);
    /* Byo-yomi: 2 s for 5 stones: 0.9 * 0.4 - 0.1 = 0.26 s. */
    expect(e, "time_left black 2 5", "= \n\n");
    t = genmove_seconds(e);
    assert_true(t > 0.15 && t < 0.76);
    /* Byo-yomi time without stones means no time limit: then the cap (none here), and the
     * node limit of the player stops the search. */
    gtp_player_options_t options = gtp_player_options_default();
    options.max_nodes = 20000;
    options.tt_bytes = 4u << 20;
    gtp_engine_set_player(e, &options, 0);
    expect(e, "time_settings 0 10 0", "= \n\n");
    genmove_seconds(e);
    assert_true(gtp_engine_last_choice(e)->nodes <= 20000 + 4096);
    expect_prefix(e, "time_settings 10 -1 0", "? syntax error");
    expect_prefix(e, "time_settings 10 0", "? syntax error");
    expect_prefix(e, "time_settings 1.5 0 0", "? syntax error");
    expect_prefix(e, "time_left b soon 0", "? syntax error");
    expect_prefix(e, "time_left b 5", "? syntax error");
    expect_prefix(e, "time_left green 5 0", "? syntax error");
    gtp_engine_destroy(e);
}

static void test_gtp__final_score_and_final_status_list_count_every_stone_as_alive(void **state)
{
    (void)state;
    gtp_engine_t *e = player_new(3, 3, "chinese", true, 0, 0);
    expect(e, "final_score", "= 0\n\n");
    const char *moves[] = {"b b2", "w a1", "b a2", "w c3", "b b1"}; /* B1 takes A1 */
    for (size_t i = 0; i < G_N_ELEMENTS(moves); i++) {
        char line[32];
        snprintf(line, sizeof line, "play %s", moves[i]);
        expect(e, line, "= \n\n");
    }
    /* Black: three stones and A1; White: C3; A3 B3 and C2 C1 reach both colours. */
    expect(e, "final_score", "= B+3\n\n");
    expect(e, "komi 7.5", "= \n\n");
    expect(e, "final_score", "= W+4.5\n\n");
    expect(e, "final_status_list alive", "= C3\nA2 B2 B1\n\n");
    expect(e, "final_status_list dead", "= \n\n");
    expect(e, "final_status_list seki", "= \n\n");
    expect(e, "play w pass", "= \n\n");
    expect(e, "play b pass", "= \n\n");
    expect(e, "final_score", "= W+4.5\n\n");
    expect_prefix(e, "final_status_list", "? syntax error");
    expect_prefix(e, "final_status_list undead", "? syntax error");
    gtp_engine_destroy(e);
}

static void test_gtp__kgs_rules_name_mathgo_rule_sets_and_keep_the_komi(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(5, 5, "chinese");
    expect(e, "komi 6.5", "= \n\n");
    expect(e, "kgs-rules japanese", "= \n\n");
    expect(e, "mathgo-rules", "= japanese,komi=6.5\n\n");
    expect(e, "kgs-rules aga", "= \n\n");
    expect(e, "mathgo-rules", "= chinese,ko=situational,komi=6.5\n\n");
    expect(e, "kgs-rules new_zealand", "= \n\n");
    expect(e, "mathgo-rules", "= tromp-taylor,ko=situational,komi=6.5\n\n");
    expect(e, "kgs-rules chinese", "= \n\n");
    expect(e, "mathgo-rules", "= chinese,komi=6.5\n\n");
    expect_prefix(e, "kgs-rules ing", "? unknown rule set 'ing'");
    expect_prefix(e, "kgs-rules", "? syntax error");
    gtp_engine_destroy(e);
}

static void test_gtp__analysis_commands_give_the_value_the_move_values_and_the_regions(void **s)
{
    (void)s;
    gtp_engine_t *e = player_new(3, 3, "chinese", true, 0, 0);
    char *list = ask(e, "gogui-analyze_commands");
    char **lines = g_strsplit(list, "\n", -1);
    assert_int_equal(g_strv_length(lines), 3);
    for (int i = 0; lines[i]; i++) {
        char **f = g_strsplit(lines[i], "/", -1);
        char line[80];
        assert_int_equal(g_strv_length(f), 3);
        snprintf(line, sizeof line, "known_command %s", f[2]);
        expect(e, line, "= true\n\n");
        g_strfreev(f);
    }
    g_strfreev(lines);
    g_free(list);
    char *value = ask(e, "mathgo-value");
    assert_true(g_str_has_prefix(value, "B+9 with Black to move; optimal moves B2; an optimal "
                                        "game B2 "));
    g_free(value);
    expect(e, "play b b2", "= \n\n");
    expect(e, "mathgo-move_values",
           "= A3 B+9 B3 B+9 C3 B+9 A2 B+9 C2 B+9 A1 B+9 B1 B+9 C1 B+9\n\n");
    gtp_engine_destroy(e);

    /* Every move's value against the reference, on 2x2 and 1x5 under two rule sets. */
    const char *rules[] = {"tromp-taylor", "math"};
    for (int r = 0; r < 2; r++)
        for (int k = 0; k < 2; k++) {
            e = player_new(k ? 1 : 2, k ? 5 : 2, rules[r], true, 0, 0);
            expect(e, k ? "play b a3" : "play b a1", "= \n\n");
            const game_t *g = gtp_engine_game(e);
            board_move_t legal[BOARD_MAX_POINTS + 1];
            int n = game_legal_moves(legal, g);
            GString *want = g_string_new("= ");
            for (int i = 0; i < n; i++) {
                if (legal[i] == BOARD_MOVE_PASS)
                    continue;
                char name[8], label[40];
                int v = reference_after(g, legal[i]);
                if (search_value_is_win(v))
                    snprintf(label, sizeof label, "%c(%d)", v > 0 ? 'B' : 'W',
                             search_value_plies(v));
                else
                    rules_margin_string(label, v);
                g_string_append_printf(want, "%s%s %s", want->len > 2 ? " " : "",
                                       board_move_name(name, game_geom(g), legal[i]), label);
            }
            g_string_append(want, "\n\n");
            expect(e, "mathgo-move_values", want->str);
            g_string_free(want, TRUE);
            gtp_engine_destroy(e);
        }

    /* Regions: Black's wall on B with eyes A4 and A2, White's on D with eyes E4 and E2, the
     * C file between them. */
    e = engine_new(5, 5, "japanese");
    expect(e, "mathgo-regions",
           "= no regions: no stone is unconditionally alive (Benson), so nothing walls the board "
           "into regions\n\n");
    const char *black[] = {"a5", "a3", "a1", "b5", "b4", "b3", "b2", "b1"};
    const char *white[] = {"e5", "e3", "e1", "d5", "d4", "d3", "d2", "d1"};
    for (size_t i = 0; i < G_N_ELEMENTS(black); i++) {
        char line[32];
        snprintf(line, sizeof line, "play b %s", black[i]);
        expect(e, line, "= \n\n");
        snprintf(line, sizeof line, "play w %s", white[i]);
        expect(e, line, "= \n\n");
    }
    char *regions = ask(e, "mathgo-regions");
    assert_non_null(regions);
    assert_true(g_str_has_prefix(regions, "5 regions walled off by unconditionally alive "
                                          "stones (Benson), valued in the territory model"));
    /* A one-point eye is a point of territory: 1 for Black, -1 for White. */
    assert_non_null(strstr(regions, "(A4): 1\n"));
    assert_non_null(strstr(regions, "(E4): -1\n"));
    assert_non_null(strstr(regions, "(C5 C4 C3 C2 C1): "));
    assert_non_null(strstr(regions, "\nsum: "));
    g_free(regions);
    gtp_engine_destroy(e);
}

/* Every response is "=" or "?" ending with an empty line, whatever the input. */
static void test_gtp__bad_input_always_gets_an_error_and_the_engine_keeps_serving(void **state)
{
    (void)state;
    gtp_engine_t *e = player_new(3, 3, "chinese", true, 2000, 0.05);
    const char *bad[] = {
        "genmove",
        "genmove x",
        "reg_genmove 3",
        "play b a9",
        "play",
        "time_settings a b c",
        "time_left w -1 0",
        "komi 1e9",
        "komi nan",
        "boardsize",
        "boardsize 3x3",
        "boardsize 99999999999",
        "rectangular_boardsize 0 0",
        "kgs-rules",
        "final_status_list x",
        "mathgo-rules ko=",
        "kata-set-rule",
        "undo",
        "\x01\x02",
        "= 2",
        "list_stones",
        "is_legal w zz",
        "time_left b 1 1.5",
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        GString *out = g_string_new(NULL);
        gtp_status_t st = gtp_engine_execute(out, e, bad[i]);
        if (st != GTP_STATUS_NONE &&
            (out->str[0] != '?' || out->len < 4 || strcmp(out->str + out->len - 2, "\n\n")))
            fail_msg("'%s' answered [%s]", bad[i], out->str);
        g_string_free(out, TRUE);
        expect(e, "name", "= mathgo\n\n");
    }
    /* Random lines of command names and arguments: every answer is framed, and the game stays
     * what the engine's list of stones says. */
    const char *words[] = {"play",
                           "genmove",
                           "undo",
                           "b",
                           "w",
                           "pass",
                           "a1",
                           "b2",
                           "c3",
                           "d4",
                           "boardsize",
                           "2",
                           "3",
                           "-1",
                           "komi",
                           "0.5",
                           "final_score",
                           "time_left",
                           "10",
                           "0",
                           "showboard",
                           "mathgo-regions",
                           "clear_board",
                           "reg_genmove",
                           "kgs-rules",
                           "chinese",
                           "mathgo-rules",
                           "math",
                           "final_status_list",
                           "alive",
                           "#",
                           "\t",
                           "time_settings",
                           "x"};
    GRand *rng = g_rand_new_with_seed(7);
    for (int i = 0; i < 3000; i++) {
        GString *line = g_string_new(NULL);
        for (int k = g_rand_int_range(rng, 0, 5); k >= 0; k--)
            g_string_append_printf(line, "%s ",
                                   words[g_rand_int_range(rng, 0, G_N_ELEMENTS(words))]);
        GString *out = g_string_new(NULL);
        gtp_status_t st = gtp_engine_execute(out, e, line->str);
        if (st != GTP_STATUS_NONE && ((out->str[0] != '=' && out->str[0] != '?') || out->len < 4 ||
                                      strcmp(out->str + out->len - 2, "\n\n") ||
                                      strstr(out->str, "\n\n") != out->str + out->len - 2))
            fail_msg("'%s' answered [%s]", line->str, out->str);
        g_string_free(out, TRUE);
        g_string_free(line, TRUE);
    }
    g_rand_free(rng);
    expect(e, "name", "= mathgo\n\n");
    gtp_engine_destroy(e);

    /* And through the process: the errors on stdout, the engine answering to the end. */
    support_run_t r = support_runv("boardsize 3\ngenmove\nplay b z1\nfoo\ngenmove b\nname\n", "gtp",
                                   "--max-time", "1", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "? syntax error: expected a colour\n\n"));
    assert_non_null(strstr(r.out, "? unknown command\n\n= B2\n\n= mathgo\n\n"));
    assert_non_null(strstr(r.err, "mathgo: genmove b: B2, optimal: the value is B+9"));
    support_run_clear(&r);
    r = support_runv("", "gtp", "--max-time", "-2", NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "--max-time"));
    support_run_clear(&r);
    r = support_runv("", "gtp", "--max-nodes", "-5", NULL);
    assert_int_equal(r.status, 2);
    support_run_clear(&r);
    r = support_runv("", "gtp", "--memory", "lots", NULL);
    assert_int_equal(r.status, 2);
    support_run_clear(&r);
}

/* "(0.01 s, 1067 nodes)" becomes "(costs)": seconds and node counts vary between builds. */
static char *mask_costs(const char *text)
{
    GRegex *re = g_regex_new("\\([0-9.]+ s, [0-9]+ nodes\\)", 0, 0, NULL);
    char *masked = g_regex_replace_literal(re, text, -1, 0, "(costs)", 0, NULL);
    g_regex_unref(re);
    return masked;
}

/* Runs one docs example: `command` is "printf 'INPUT' | build/mathgo gtp ARGS". */
static void run_doc_example(const char *command, const char *want, int line)
{
    const char *quote = strchr(command, '\'');
    const char *end = quote ? strchr(quote + 1, '\'') : NULL;
    const char *args = end ? strstr(end, "build/mathgo ") : NULL;
    if (!args)
        fail_msg("docs/gtp.md:%d: not a 'printf ... | build/mathgo' example: %s", line, command);
    char *raw = g_strndup(quote + 1, (size_t)(end - quote - 1));
    char *input = g_strcompress(raw); /* the \n of printf */
    char **argv = g_strsplit(args + strlen("build/mathgo "), " ", -1);
    support_run_t r = support_run(input, (const char *const *)argv);
    char *got = mask_costs(r.out), *expected = mask_costs(want);
    if (r.status != 0 || strcmp(got, expected))
        fail_msg("docs/gtp.md:%d: '%s' printed (status %d)\n[%s]\ninstead of\n[%s]", line, command,
                 r.status, got, expected);
    g_free(got);
    g_free(expected);
    support_run_clear(&r);
    g_strfreev(argv);
    g_free(input);
    g_free(raw);
}

/* Every "$ printf ... | build/mathgo gtp" example of docs/gtp.md prints what the page shows
 * (its stdout: the lines up to the first stderr line "mathgo: ..." or the next example). */
static void test_gtp__the_examples_of_docs_gtp_md_print_what_the_page_shows(void **state)
{
    (void)state;
    char *text = NULL;
    assert_true(g_file_get_contents(MATHGO_TEST_DATA "/../../docs/gtp.md", &text, NULL, NULL));
    char **lines = g_strsplit(text, "\n", -1);
    int examples = 0;
    for (int i = 0; lines[i]; i++) {
        if (!g_str_has_prefix(lines[i], "$ printf '"))
            continue;
        int start = i;
        GString *want = g_string_new(NULL);
        for (i++; lines[i] && !g_str_has_prefix(lines[i], "$ ") &&
                  !g_str_has_prefix(lines[i], "```") && !g_str_has_prefix(lines[i], "mathgo: ");
             i++)
            g_string_append_printf(want, "%s\n", lines[i]);
        run_doc_example(lines[start] + 2, want->str, start + 1);
        g_string_free(want, TRUE);
        examples++;
        i--;
    }
    g_strfreev(lines);
    g_free(text);
    print_message("docs/gtp.md: %d examples\n", examples);
    assert_true(examples >= 4);
}

/* ---- SGF: loadsgf and printsgf -------------------------------------------------------------
 */

static char *data_path(const char *name)
{
    return g_build_filename(MATHGO_TEST_DATA, name, NULL);
}

/* printsgf's response body (the SGF text). */
static char *printsgf(gtp_engine_t *e)
{
    char *sgf = ask(e, "printsgf");
    assert_non_null(sgf);
    return sgf;
}

static void test_gtp__loadsgf_sets_up_the_game_and_replays_its_moves_as_history(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(5, 5, "japanese");
    char *path = data_path("sgf_gtp_rectangle.sgf");
    char *line = g_strdup_printf("loadsgf %s", path);
    /* Move number 1: the setup alone; 3: before move 3; beyond the end: the whole game. */
    char *l1 = g_strdup_printf("loadsgf %s 1", path), *l3 = g_strdup_printf("loadsgf %s 3", path),
         *l99 = g_strdup_printf("loadsgf %s 99", path);
    expect(e, l1, "= white\n\n");
    expect(e, "list_stones b", "= A3\n\n");
    expect(e, "list_stones w", "= D1\n\n");
    expect(e, "undo", "? cannot undo\n\n");
    expect(e, l3, "= white\n\n");
    expect(e, "list_stones b", "= A3 C2\n\n");
    expect(e, l99, "= white\n\n");
    expect(e, line, "= white\n\n");
    expect(e, "list_stones b", "= A3 B3 C3 C2\n\n");
    expect(e, "list_stones w", "= B2 D1\n\n");
    /* RU[Chinese] and KM[2.5] set the rules and komi; the 4x3 board is the file's. */
    expect(e, "mathgo-rules", "= chinese,komi=2.5\n\n");
    /* The history: five moves and the pass inserted before Black's second move in a row. */
    const game_t *g = gtp_engine_game(e);
    assert_int_equal(game_length(g), 6);
    assert_int_equal(game_geom(g)->width, 4);
    const char *moves[] = {"B2", "C2", "pass", "B3", "pass", "C3"};
    for (size_t i = 0; i < G_N_ELEMENTS(moves); i++) {
        char name[8];
        assert_string_equal(board_move_name(name, game_geom(g), game_state_at(g, i + 1)->move),
                            moves[i]);
    }
    /* undo takes Black's C3 back with the inserted pass. */
    expect(e, "undo", "= \n\n");
    assert_int_equal(game_length(gtp_engine_game(e)), 4);
    g_free(line), g_free(l1), g_free(l3), g_free(l99), g_free(path);
    gtp_engine_destroy(e);
}

/* The moves are the history superko sees: on 2x1, after B A1 W B1 (which captures), B A1
 * would repeat the position after move 1; from the same position set up without moves
 * (tests/data/sgf_gtp_ko_setup.sgf) it is legal. */
static void test_gtp__loadsgf_history_is_seen_by_superko(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(3, 3, "chinese");
    char *ko = data_path("sgf_gtp_ko.sgf"), *setup = data_path("sgf_gtp_ko_setup.sgf");
    char *line = g_strdup_printf("loadsgf %s", ko), *l2 = g_strdup_printf("loadsgf %s 2", ko),
         *plain = g_strdup_printf("loadsgf %s", setup);
    expect(e, line, "= black\n\n");
    assert_int_equal(game_length(gtp_engine_game(e)), 2);
    expect(e, "mathgo-rules", "= tromp-taylor,komi=0\n\n");
    expect(e, "list_stones w", "= B1\n\n");
    expect_prefix(e, "play b a1", "? illegal move: ");
    expect(e, "is_legal b a1", "= 0\n\n");
    expect(e, plain, "= black\n\n");
    expect(e, "list_stones w", "= B1\n\n");
    expect(e, "is_legal b a1", "= 1\n\n");
    /* Before move 2: Black's stone alone, White to move. */
    expect(e, l2, "= white\n\n");
    expect(e, "list_stones b", "= A1\n\n");
    g_free(line), g_free(l2), g_free(plain), g_free(ko), g_free(setup);
    gtp_engine_destroy(e);
}

/* A game over whose japanese Analysis passed its limit has no known result: printsgf writes
 * SGF's "unknown result", RE[?] (a lone stone on 5x5 with a limit of one imagined position),
 * and after a scored end the margin (3x3: the centre stone's 8 points).  GTP has no command for
 * the Analysis's limit, so the test lowers it on the engine's game. */
static void test_gtp__printsgf_writes_an_unknown_result_as_a_question_mark(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(5, 5, "japanese");
    expect(e, "play b c3", "= \n\n");
    expect(e, "play w pass", "= \n\n");
    game_set_analysis_nodes((game_t *)gtp_engine_game(e), 1);
    expect(e, "play b pass", "= \n\n");
    char *unknown = printsgf(e);
    if (!strstr(unknown, "RE[?]"))
        fail_msg("no RE[?] in [%s]", unknown);
    gtp_engine_t *f = engine_new(3, 3, "japanese");
    expect(f, "play b b2", "= \n\n");
    expect(f, "play w pass", "= \n\n");
    expect(f, "play b pass", "= \n\n");
    char *known = printsgf(f);
    if (!strstr(known, "RE[B+8]"))
        fail_msg("no RE[B+8] in [%s]", known);
    g_free(unknown);
    g_free(known);
    gtp_engine_destroy(e);
    gtp_engine_destroy(f);
}

/* printsgf writes what loadsgf reads back to the same game (and printsgf again to the same
 * text), to a file or as a response without empty lines. */
static void test_gtp__printsgf_and_loadsgf_round_trip(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(5, 5, "japanese");
    char *path = data_path("sgf_gtp_rectangle.sgf");
    char *line = g_strdup_printf("loadsgf %s", path);
    expect(e, line, "= white\n\n");
    expect(e, "play w d3", "= \n\n");
    expect(e, "play w a1", "= \n\n"); /* out of turn: after a Black pass */
    char *first = printsgf(e);
    assert_non_null(strstr(first, "SZ[4:3]"));
    assert_non_null(strstr(first, "KM[2.5]"));
    assert_non_null(strstr(first, "RU[chinese]"));
    assert_null(strstr(first, "\n\n"));
    char *dir = g_dir_make_tmp("mathgo-gtp-XXXXXX", NULL);
    char *file = g_build_filename(dir, "game.sgf", NULL);
    char *write = g_strdup_printf("printsgf %s", file), *read = g_strdup_printf("loadsgf %s", file);
    expect(e, write, "= \n\n");
    gtp_engine_t *f = engine_new(9, 7, "tromp-taylor");
    expect(f, read, "= black\n\n");
    char *second = printsgf(f);
    assert_string_equal(first, second);
    const game_t *a = gtp_engine_game(e), *b = gtp_engine_game(f);
    assert_int_equal(game_length(a), game_length(b));
    for (size_t i = 0; i <= game_length(a); i++) {
        assert_int_equal(game_state_at(a, i)->move, game_state_at(b, i)->move);
        assert_memory_equal(&game_state_at(a, i)->board, &game_state_at(b, i)->board,
                            sizeof(board_t));
    }
    /* A new game on a square board: plain SZ. */
    expect(f, "boardsize 3", "= \n\n");
    expect(f, "play b b2", "= \n\n");
    char *square = printsgf(f);
    assert_non_null(strstr(square, "SZ[3]"));
    assert_non_null(strstr(square, ";B[bb]"));
    g_remove(file);
    g_rmdir(dir);
    g_free(square), g_free(second), g_free(first), g_free(write), g_free(read), g_free(file);
    g_free(dir), g_free(line), g_free(path);
    gtp_engine_destroy(f);
    gtp_engine_destroy(e);
}

/* GNU Go's printsgf output (the position as setup stones, with PL, KM and RU[Japanese]; here
 * after a capture, on a rectangle) loads. */
static void test_gtp__loadsgf_reads_what_gnugo_printsgf_writes(void **state)
{
    (void)state;
    assert_true(access("/usr/games/gnugo", X_OK) == 0);
    char *dir = g_dir_make_tmp("mathgo-gtp-XXXXXX", NULL);
    char *path = g_build_filename(dir, "gnugo.sgf", NULL);
    GString *script = g_string_new("boardsize 4\nclear_board\nkomi 2.5\n");
    const char *moves[] = {"black C3", "white B3", "black B2", "white C2",
                           "black A3", "white D3", "black B4"};
    for (size_t i = 0; i < G_N_ELEMENTS(moves); i++)
        g_string_append_printf(script, "play %s\n", moves[i]);
    g_string_append_printf(script, "printsgf %s\nquit\n", path);
    FILE *gnugo = popen("/usr/games/gnugo --mode gtp > /dev/null", "w");
    assert_non_null(gnugo);
    fputs(script->str, gnugo);
    assert_int_equal(pclose(gnugo), 0);
    gtp_engine_t *e = engine_new(3, 3, "chinese");
    char *line = g_strdup_printf("loadsgf %s", path);
    expect(e, line, "= white\n\n");
    /* B4 captured White's B3. */
    expect(e, "list_stones b", "= B4 A3 C3 B2\n\n");
    expect(e, "list_stones w", "= D3 C2\n\n");
    /* GNU Go folds Black's prisoner into the komi it writes (2.5 - 1), as the setup cannot
     * carry it. */
    expect(e, "mathgo-rules", "= japanese,komi=1.5\n\n");
    expect_prefix(e, "play w b3", "? illegal move: suicide");
    expect(e, "play w d4", "= \n\n");
    g_remove(path);
    g_rmdir(dir);
    g_string_free(script, TRUE);
    g_free(line), g_free(path), g_free(dir);
    gtp_engine_destroy(e);
}

/* Bad files and arguments: "? cannot load file: ..." naming the file (and the line), the game
 * unchanged, and the engine keeps serving. */
static void test_gtp__loadsgf_refuses_bad_files_and_keeps_the_game(void **state)
{
    (void)state;
    gtp_engine_t *e = engine_new(3, 3, "chinese");
    expect(e, "play b b2", "= \n\n");
    char *dir = g_dir_make_tmp("mathgo-gtp-XXXXXX", NULL);
    const char *texts[][2] = {
        {"syntax.sgf", "(;SZ[3];B[aa]"},
        {"big.sgf", "(;SZ[9];B[aa])"},
        {"off.sgf", "(;SZ[3];B[dd])"},
        {"chess.sgf", "(;GM[3])"},
    };
    char *illegal = data_path("sgf_illegal_move.sgf");
    char *missing = g_build_filename(dir, "missing.sgf", NULL);
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
    for (size_t i = 0; i < G_N_ELEMENTS(texts); i++) {
        char *file = g_build_filename(dir, texts[i][0], NULL);
        assert_true(g_file_set_contents(file, texts[i][1], -1, NULL));
        g_ptr_array_add(lines, g_strdup_printf("loadsgf %s", file));
        g_free(file);
    }
    g_ptr_array_add(lines, g_strdup_printf("loadsgf %s", illegal));
    g_ptr_array_add(lines, g_strdup_printf("loadsgf %s", missing));
    for (guint i = 0; i < lines->len; i++) {
        expect_prefix(e, lines->pdata[i], "? cannot load file: ");
        expect(e, "list_stones b", "= B2\n\n");
        expect(e, "name", "= mathgo\n\n");
    }
    GString *out = g_string_new(NULL);
    gtp_engine_execute(out, e, lines->pdata[lines->len - 2]);
    assert_non_null(strstr(
        out->str, "sgf_illegal_move.sgf: line 4, column 15: move 3 (W A3) is illegal: suicide"));
    g_string_free(out, TRUE);
    char *zero = g_strdup_printf("loadsgf %s 0", illegal),
         *word = g_strdup_printf("loadsgf %s x", illegal);
    expect_prefix(e, zero, "? syntax error: ");
    expect_prefix(e, word, "? syntax error: ");
    expect_prefix(e, "loadsgf", "? syntax error: ");
    char *unwritable = g_strdup_printf("printsgf %s/no/such/dir.sgf", dir);
    expect_prefix(e, unwritable, "? cannot write file: ");
    expect(e, "list_stones b", "= B2\n\n");
    for (size_t i = 0; i < G_N_ELEMENTS(texts); i++) {
        char *file = g_build_filename(dir, texts[i][0], NULL);
        g_remove(file);
        g_free(file);
    }
    g_rmdir(dir);
    g_free(unwritable), g_free(zero), g_free(word), g_free(missing), g_free(illegal), g_free(dir);
    g_ptr_array_unref(lines);
    gtp_engine_destroy(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gtp__identity_commands_answer_protocol_2_and_the_name),
        cmocka_unit_test(test_gtp__ids_are_echoed_on_success_and_failure),
        cmocka_unit_test(test_gtp__preprocessing_drops_control_characters_comments_and_empty_lines),
        cmocka_unit_test(test_gtp__unknown_commands_answer_unknown_command),
        cmocka_unit_test(test_gtp__known_command_and_list_commands_name_the_same_commands),
        cmocka_unit_test(test_gtp__boardsize_accepts_every_board_of_at_most_64_points),
        cmocka_unit_test(test_gtp__boardsize_and_clear_board_empty_the_board),
        cmocka_unit_test(test_gtp__play_accepts_colour_words_and_pass_and_refuses_illegal_moves),
        cmocka_unit_test(test_gtp__play_refuses_suicide_ko_and_superko_with_the_reason),
        cmocka_unit_test(test_gtp__undo_takes_back_moves_and_fails_at_the_start),
        cmocka_unit_test(test_gtp__a_move_out_of_turn_follows_a_pass_and_is_undone_with_it),
        cmocka_unit_test(test_gtp__list_stones_all_legal_and_captures_answer_like_gnugo),
        cmocka_unit_test(test_gtp__komi_is_kept_across_boardsize_and_rules_changes),
        cmocka_unit_test(test_gtp__rules_commands_change_the_rules_and_replay_the_game),
        cmocka_unit_test(test_gtp__showboard_draws_the_board_without_empty_lines),
        cmocka_unit_test(test_gtp__regression_scripts_from_data_give_the_expected_responses),
        cmocka_unit_test(test_gtp__the_gtp_command_speaks_on_stdin_and_stdout),
        cmocka_unit_test(test_gtp__genmove_keeps_the_reference_value_on_small_boards),
        cmocka_unit_test(
            test_gtp__genmove_plays_reg_genmove_does_not_and_an_ended_game_answers_pass),
        cmocka_unit_test(test_gtp__genmove_spends_the_time_the_clock_or_the_cap_allows),
        cmocka_unit_test(test_gtp__final_score_and_final_status_list_count_every_stone_as_alive),
        cmocka_unit_test(test_gtp__kgs_rules_name_mathgo_rule_sets_and_keep_the_komi),
        cmocka_unit_test(
            test_gtp__analysis_commands_give_the_value_the_move_values_and_the_regions),
        cmocka_unit_test(test_gtp__bad_input_always_gets_an_error_and_the_engine_keeps_serving),
        cmocka_unit_test(test_gtp__the_examples_of_docs_gtp_md_print_what_the_page_shows),
        cmocka_unit_test(test_gtp__loadsgf_sets_up_the_game_and_replays_its_moves_as_history),
        cmocka_unit_test(test_gtp__loadsgf_history_is_seen_by_superko),
        cmocka_unit_test(test_gtp__printsgf_and_loadsgf_round_trip),
        cmocka_unit_test(test_gtp__printsgf_writes_an_unknown_result_as_a_question_mark),
        cmocka_unit_test(test_gtp__loadsgf_reads_what_gnugo_printsgf_writes),
        cmocka_unit_test(test_gtp__loadsgf_refuses_bad_files_and_keeps_the_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
