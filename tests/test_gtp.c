/*
 * tests/test_gtp.c: the GTP engine (front/gtp.h): each command, the error responses, ids,
 * preprocessing, and regression scripts kept as data (tests/data/gtp_*.txt: lines "> command"
 * are sent, the lines up to the next "> " are the exact expected output).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "front/gtp.h"
#include "tests/support.h"

#include <stdlib.h>
#include <string.h>

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
    expect(e, "genmove b", "? unknown command\n\n");
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
    assert_int_equal(n, 19);
    expect(e, "known_command genmove", "= false\n\n");
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
