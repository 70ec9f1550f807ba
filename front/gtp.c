/*
 * front/gtp.c: the GTP engine (Go Text Protocol version 2, draft 2, by G. Farnebäck).
 *
 * One command table; each handler writes its result (or its error message) into a GString and
 * returns whether it succeeded, and gtp_engine_execute frames it as "=[id] ..." or "?[id] ...".
 * All legality questions go to game_t.  Moves out of turn (GTP allows a colour to play twice)
 * are played after a pass by the player to move, and that pass is taken back with the move by
 * `undo`; docs/gtp.md states the consequences.
 */
#include "front/gtp.h"
#include "front/common.h"

#include "core/japanese.h"
#include "core/score.h"
#include "positions/sgf.h"
#include "solver/search.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct gtp_engine {
    board_geom_t *geom;
    rules_t rules;
    game_t *game;
    /* inserted->data[i] is 1 when move i + 1 of the game is a pass inserted before a move out
     * of turn (it is undone together with that move). */
    GByteArray *inserted;
    gtp_player_t *player;
    double max_seconds; /* the cap on a move's budget (0: none) */
    FILE *log;          /* genmove's notes; NULL: none */
    gtp_choice_t last;  /* the last genmove's choice */
    /* time_settings (clock_set false: none, or "no time limits") and time_left per colour. */
    bool clock_set;
    double main_time, byo_time;
    int byo_stones;
    bool left_known[2];
    double left_time[2];
    int left_stones[2];
};

typedef bool (*gtp_handler_fn)(GString *out, gtp_engine_t *engine, int argc, char **argv);

typedef struct gtp_command {
    const char *name;
    gtp_handler_fn run;
} gtp_command_t;

/* ---- Engine state ---------------------------------------------------------------------------
 */

/* Starts a new game on the empty board. */
static void engine_restart(gtp_engine_t *engine)
{
    game_destroy(engine->game);
    engine->game = game_create(engine->geom, &engine->rules);
    g_byte_array_set_size(engine->inserted, 0);
}

static bool engine_resize(gtp_engine_t *engine, int width, int height, GError **error)
{
    board_geom_t *geom = board_geom_create(width, height, error);
    if (!geom)
        return false;
    gtp_player_reset(engine->player); /* its solver borrows the old geometry */
    game_destroy(engine->game);
    engine->game = NULL;
    board_geom_destroy(engine->geom);
    engine->geom = geom;
    engine_restart(engine);
    return true;
}

gtp_engine_t *gtp_engine_create(int width, int height, const rules_t *rules, GError **error)
{
    gtp_engine_t *engine = g_new0(gtp_engine_t, 1);
    engine->rules = *rules;
    engine->inserted = g_byte_array_new();
    engine->player = gtp_player_create(NULL);
    engine->max_seconds = GTP_DEFAULT_MAX_SECONDS;
    engine->last.move = BOARD_MOVE_NONE;
    if (!engine_resize(engine, width, height, error)) {
        gtp_engine_destroy(engine);
        return NULL;
    }
    return engine;
}

void gtp_engine_destroy(gtp_engine_t *engine)
{
    if (!engine)
        return;
    game_destroy(engine->game);
    gtp_player_destroy(engine->player);
    board_geom_destroy(engine->geom);
    g_byte_array_unref(engine->inserted);
    g_free(engine);
}

const game_t *gtp_engine_game(const gtp_engine_t *engine)
{
    return engine->game;
}

void gtp_engine_set_player(gtp_engine_t *engine, const gtp_player_options_t *options,
                           double max_seconds)
{
    gtp_player_destroy(engine->player);
    engine->player = gtp_player_create(options);
    engine->max_seconds = max_seconds;
}

void gtp_engine_set_log(gtp_engine_t *engine, FILE *log)
{
    engine->log = log;
}

const gtp_choice_t *gtp_engine_last_choice(const gtp_engine_t *engine)
{
    return &engine->last;
}

/*
 * Replays the game's moves under new rules.  Fails, leaving the engine unchanged, when one of
 * them is illegal under the new rules.
 */
static bool engine_set_rules(GString *out, gtp_engine_t *engine, const rules_t *rules)
{
    const game_state_t *start = game_state_at(engine->game, 0);
    GError *error = NULL;
    game_t *game =
        game_create_from(engine->geom, rules, &start->board, (board_color_t)start->to_move, &error);
    if (!game) {
        g_string_append_printf(out, "the start position is illegal under the new rules: %s",
                               error->message);
        g_error_free(error);
        return false;
    }
    size_t n = game_length(engine->game);
    for (size_t i = 1; i <= n; i++) {
        board_move_t move = game_state_at(engine->game, i)->move;
        game_legality_t legality = game_play(game, move);
        if (legality != GAME_LEGAL) {
            char name[8];
            g_string_append_printf(
                out, "move %zu (%s) of the game is illegal under the new rules: %s", i,
                board_move_name(name, engine->geom, move), game_legality_string(legality));
            game_destroy(game);
            return false;
        }
    }
    game_destroy(engine->game);
    engine->game = game;
    engine->rules = *rules;
    return true;
}

static board_color_t engine_to_move(const gtp_engine_t *engine)
{
    return (board_color_t)game_current(engine->game)->to_move;
}

/*
 * Plays `move` for colour c on game, after a pass by the player to move if it is not c's turn;
 * appends to `inserted` one byte per move played (1 for such a pass).
 */
static game_legality_t play_colored(game_t *game, GByteArray *inserted, board_color_t c,
                                    board_move_t move)
{
    if ((board_color_t)game_current(game)->to_move == c) {
        game_legality_t legality = game_play(game, move);
        if (legality == GAME_LEGAL)
            g_byte_array_append(inserted, (const guint8[]){0}, 1);
        return legality;
    }
    game_legality_t legality = game_play(game, BOARD_MOVE_PASS);
    if (legality != GAME_LEGAL)
        return legality;
    legality = game_play(game, move);
    if (legality != GAME_LEGAL) {
        game_undo(game);
        return legality;
    }
    g_byte_array_append(inserted, (const guint8[]){1, 0}, 2);
    return GAME_LEGAL;
}

static game_legality_t engine_play(gtp_engine_t *engine, board_color_t c, board_move_t move)
{
    return play_colored(engine->game, engine->inserted, c, move);
}

static bool engine_undo(gtp_engine_t *engine)
{
    if (!game_undo(engine->game))
        return false;
    g_byte_array_set_size(engine->inserted, engine->inserted->len - 1);
    if (engine->inserted->len && engine->inserted->data[engine->inserted->len - 1]) {
        game_undo(engine->game);
        g_byte_array_set_size(engine->inserted, engine->inserted->len - 1);
    }
    return true;
}

/*
 * The game in which colour c is to move: the engine's own game when it is c's turn, otherwise
 * a copy with a pass by the player to move (NULL when that pass is illegal or ends the game).
 * *owned receives the copy to free, or NULL.
 */
static const game_t *engine_view(game_t **owned, const gtp_engine_t *engine, board_color_t c)
{
    *owned = NULL;
    if (engine_to_move(engine) == c)
        return engine->game;
    game_t *copy = game_copy(engine->game);
    if (game_play(copy, BOARD_MOVE_PASS) != GAME_LEGAL || game_status(copy) != GAME_ONGOING) {
        game_destroy(copy);
        return NULL;
    }
    *owned = copy;
    return copy;
}

/* ---- Argument parsing -----------------------------------------------------------------------
 */

/* Checks that at least n arguments were given; otherwise writes "syntax error: expected WHAT". */
static bool need_args(GString *out, int argc, int n, const char *what)
{
    if (argc >= n)
        return true;
    g_string_append_printf(out, "syntax error: expected %s", what);
    return false;
}

static bool parse_color(board_color_t *c, GString *out, const char *text)
{
    if (!g_ascii_strcasecmp(text, "b") || !g_ascii_strcasecmp(text, "black")) {
        *c = BOARD_BLACK;
        return true;
    }
    if (!g_ascii_strcasecmp(text, "w") || !g_ascii_strcasecmp(text, "white")) {
        *c = BOARD_WHITE;
        return true;
    }
    g_string_append_printf(out, "syntax error: '%s' is not a colour (b, w, black, white)", text);
    return false;
}

static bool parse_vertex(board_move_t *move, GString *out, const gtp_engine_t *engine,
                         const char *text)
{
    GError *error = NULL;
    if (board_parse_move(move, engine->geom, text, &error))
        return true;
    g_string_append_printf(out, "syntax error: %s", error->message);
    g_error_free(error);
    return false;
}

/* A colour and a vertex: the arguments of play and is_legal. */
static bool parse_color_vertex(board_color_t *c, board_move_t *move, GString *out,
                               const gtp_engine_t *engine, int argc, char **argv)
{
    if (!need_args(out, argc, 2, "a colour and a vertex"))
        return false;
    return parse_color(c, out, argv[0]) && parse_vertex(move, out, engine, argv[1]);
}

static bool parse_one_color(board_color_t *c, GString *out, int argc, char **argv)
{
    if (!need_args(out, argc, 1, "a colour"))
        return false;
    return parse_color(c, out, argv[0]);
}

/* A board dimension: a decimal integer. */
static bool parse_dimension(int *n, GString *out, const char *text)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (!*text || *end || errno || v < -1000000 || v > 1000000) {
        g_string_append_printf(out, "syntax error: '%s' is not an integer", text);
        return false;
    }
    *n = (int)v;
    return true;
}

/* Appends the GTP names of the points of `mask` in point order (top row first, left to right:
 * GNU Go's order), separated by spaces. */
static void append_points(GString *out, const gtp_engine_t *engine, uint64_t mask)
{
    char name[8];
    for (bool first = true; mask; mask &= mask - 1, first = false) {
        if (!first)
            g_string_append_c(out, ' ');
        g_string_append(out, board_move_name(name, engine->geom, board_lowest(mask)));
    }
}

/* ---- Handlers -------------------------------------------------------------------------------
 */

static bool cmd_protocol_version(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    (void)engine, (void)argc, (void)argv;
    g_string_append(out, "2");
    return true;
}

static bool cmd_name(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    (void)engine, (void)argc, (void)argv;
    g_string_append(out, "mathgo");
    return true;
}

static bool cmd_version(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    (void)engine, (void)argc, (void)argv;
    g_string_append(out, MATHGO_VERSION);
    return true;
}

static bool is_known(const char *name)
{
    for (int i = 0; gtp_command_names[i]; i++)
        if (!strcmp(gtp_command_names[i], name))
            return true;
    return false;
}

static bool cmd_known_command(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    (void)engine;
    g_string_append(out, argc >= 1 && is_known(argv[0]) ? "true" : "false");
    return true;
}

static bool cmd_list_commands(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    (void)engine, (void)argc, (void)argv;
    for (int i = 0; gtp_command_names[i]; i++)
        g_string_append_printf(out, "%s%s", i ? "\n" : "", gtp_command_names[i]);
    return true;
}

static bool cmd_quit(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    (void)out, (void)engine, (void)argc, (void)argv;
    return true;
}

static bool resize_or_fail(GString *out, gtp_engine_t *engine, int width, int height)
{
    GError *error = NULL;
    if (width < 1 || height < 1 || width * height > BOARD_MAX_POINTS ||
        !engine_resize(engine, width, height, &error)) {
        g_string_append(out, "unacceptable size");
        g_clear_error(&error);
        return false;
    }
    return true;
}

static bool cmd_boardsize(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    int n;
    if (!need_args(out, argc, 1, "a size"))
        return false;
    return parse_dimension(&n, out, argv[0]) && resize_or_fail(out, engine, n, n);
}

static bool cmd_rectangular_boardsize(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    int w, h;
    if (!need_args(out, argc, 2, "a width and a height"))
        return false;
    return parse_dimension(&w, out, argv[0]) && parse_dimension(&h, out, argv[1]) &&
           resize_or_fail(out, engine, w, h);
}

static bool cmd_clear_board(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    (void)out, (void)argc, (void)argv;
    engine_restart(engine);
    return true;
}

/* Sets one rule key (rules_set's vocabulary) and replays the game under the new rules. */
static bool set_one_rule(GString *out, gtp_engine_t *engine, const char *key, const char *value,
                         const char *error_prefix)
{
    GError *error = NULL;
    rules_t rules = engine->rules;
    if (!rules_set(&rules, key, value, &error)) {
        g_string_append_printf(out, "%s%s", error_prefix, error->message);
        g_error_free(error);
        return false;
    }
    return engine_set_rules(out, engine, &rules);
}

/* Controllers send a komi whatever the rules, so under the rules without a score it is kept
 * (for a later change of rules) with a note on the log rather than refused. */
static bool cmd_komi(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    if (!need_args(out, argc, 1, "a komi") ||
        !set_one_rule(out, engine, "komi", argv[0], "syntax error: "))
        return false;
    if (engine->log && engine->rules.scoring == RULES_SCORING_LAST_MOVE) {
        fprintf(engine->log,
                "mathgo: komi %s: the rules have no score (the player who cannot "
                "move loses); the komi counts only after a change of rules\n",
                argv[0]);
        fflush(engine->log);
    }
    return true;
}

static bool cmd_play(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    board_color_t c;
    board_move_t move;
    if (!parse_color_vertex(&c, &move, out, engine, argc, argv))
        return false;
    game_legality_t legality = engine_play(engine, c, move);
    if (legality != GAME_LEGAL) {
        g_string_append_printf(out, "illegal move: %s", game_legality_string(legality));
        return false;
    }
    return true;
}

static bool cmd_undo(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    (void)argc, (void)argv;
    if (!engine_undo(engine)) {
        g_string_append(out, "cannot undo");
        return false;
    }
    return true;
}

static bool cmd_is_legal(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    board_color_t c;
    board_move_t move;
    game_t *owned;
    if (!parse_color_vertex(&c, &move, out, engine, argc, argv))
        return false;
    const game_t *view = engine_view(&owned, engine, c);
    g_string_append(out, view && game_try(NULL, view, move) == GAME_LEGAL ? "1" : "0");
    game_destroy(owned);
    return true;
}

static bool cmd_all_legal(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    board_color_t c;
    game_t *owned;
    if (!parse_one_color(&c, out, argc, argv))
        return false;
    const game_t *view = engine_view(&owned, engine, c);
    uint64_t legal = 0;
    if (view) {
        board_move_t moves[BOARD_MAX_POINTS + 1];
        int n = game_legal_moves(moves, view);
        for (int i = 0; i < n; i++)
            if (moves[i] != BOARD_MOVE_PASS)
                legal |= board_bit(moves[i]);
    }
    append_points(out, engine, legal);
    game_destroy(owned);
    return true;
}

static bool cmd_list_stones(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    board_color_t c;
    if (!parse_one_color(&c, out, argc, argv))
        return false;
    append_points(out, engine, game_current(engine->game)->board.stones[c]);
    return true;
}

static bool cmd_captures(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    board_color_t c;
    if (!parse_one_color(&c, out, argc, argv))
        return false;
    g_string_append_printf(out, "%d", game_current(engine->game)->captures[c]);
    return true;
}

/* The column letters of x (GTP names skip I; wide boards use two letters). */
static const char *column_name(char buf[8], const board_geom_t *g, int x)
{
    board_move_name(buf, g, board_point(g, x, 0));
    buf[strcspn(buf, "0123456789")] = '\0';
    return buf;
}

/* The rule set as text, for mathgo-rules without an argument. */
static void append_rules(GString *out, const rules_t *rules)
{
    char *text = rules_to_string(rules);
    char komi[16];
    g_string_append_printf(out, "%s,komi=%s", text, rules_komi_string(komi, rules->komi2));
    g_free(text);
}

/* The cell width of a column: two characters when column names have two letters. */
static int cell_width(const board_geom_t *g)
{
    return g->width > 25 ? 2 : 1;
}

static void append_column_header(GString *out, const board_geom_t *g, int label_width)
{
    char name[8];
    size_t start = out->len;
    g_string_append_printf(out, " %*s", label_width, "");
    for (int x = 0; x < g->width; x++)
        g_string_append_printf(out, " %-*s", cell_width(g), column_name(name, g, x));
    while (out->len > start && out->str[out->len - 1] == ' ')
        g_string_truncate(out, out->len - 1);
}

/*
 * The board as GNU Go draws it: columns lettered above and below, rows numbered on both sides
 * (row 1 at the bottom), X for Black, O for White, and the rules, the player to move and the
 * prisoners beside it.  The text starts on the line after "= " and has no empty line.
 */
static bool cmd_showboard(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    (void)argc, (void)argv;
    const board_geom_t *g = engine->geom;
    const game_state_t *cur = game_current(engine->game);
    int label_width = g->height >= 10 ? 2 : 1;
    GString *side[4];
    for (int i = 0; i < 4; i++)
        side[i] = g_string_new(NULL);
    append_rules(side[0], &engine->rules);
    g_string_append_printf(side[1], "%s to move after %zu moves",
                           cur->to_move == BOARD_BLACK ? "Black (X)" : "White (O)",
                           game_length(engine->game));
    g_string_append_printf(side[2], "Black (X) has captured %d stones", cur->captures[BOARD_BLACK]);
    g_string_append_printf(side[3], "White (O) has captured %d stones", cur->captures[BOARD_WHITE]);

    g_string_append_c(out, '\n');
    append_column_header(out, g, label_width);
    for (int y = 0; y < g->height || y < 4; y++) {
        g_string_append_c(out, '\n');
        if (y < g->height) {
            int row = g->height - y;
            g_string_append_printf(out, " %*d", label_width, row);
            for (int x = 0; x < g->width; x++) {
                board_color_t c = board_at(&cur->board, board_point(g, x, y));
                char mark = c == BOARD_BLACK ? 'X' : c == BOARD_WHITE ? 'O' : '.';
                g_string_append_printf(out, " %-*c", cell_width(g), mark);
            }
            g_string_append_printf(out, " %-*d", y < 4 ? label_width : 0, row);
        } else {
            g_string_append_printf(out, "%*s", 2 + 2 * label_width + g->width * (1 + cell_width(g)),
                                   "");
        }
        if (y < 4)
            g_string_append_printf(out, "     %s", side[y]->str);
    }
    g_string_append_c(out, '\n');
    append_column_header(out, g, label_width);
    for (int i = 0; i < 4; i++)
        g_string_free(side[i], TRUE);
    return true;
}

static bool cmd_mathgo_rules(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    GError *error = NULL;
    rules_t rules;
    if (argc < 1) {
        append_rules(out, &engine->rules);
        return true;
    }
    /* Komi is GTP's: it survives a change of rule set unless the text sets it. */
    GString *joined = g_string_new(argv[0]);
    for (int i = 1; i < argc; i++)
        g_string_append_printf(joined, " %s", argv[i]);
    char *text = g_string_free(joined, FALSE);
    bool ok = rules_parse(&rules, text, &error);
    if (ok && !strstr(text, "komi="))
        rules.komi2 = engine->rules.komi2;
    g_free(text);
    if (!ok) {
        g_string_append(out, error->message);
        g_error_free(error);
        return false;
    }
    return engine_set_rules(out, engine, &rules);
}

/*
 * KataGo's rule keys, mapped onto mathgo's (core/rules.h).  KataGo's values are upper case
 * (KO: SIMPLE, POSITIONAL, SITUATIONAL; SCORING: AREA, TERRITORY; TAX: NONE, ALL) and its
 * booleans are true/false; mathgo's own keys are accepted too.
 */
static const struct {
    const char *kata_key;
    const char *key;
} kata_keys[] = {
    {"ko", "ko"},           {"koRule", "ko"},
    {"scoring", "scoring"}, {"scoringRule", "scoring"},
    {"tax", "tax"},         {"taxRule", "tax"},
    {"suicide", "suicide"}, {"multiStoneSuicideLegal", "suicide"},
};

static bool cmd_kata_set_rule(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    if (!need_args(out, argc, 2, "a rule key and a value"))
        return false;
    char *own_key = g_ascii_strdown(argv[0], -1);
    const char *key = own_key;
    for (size_t i = 0; i < G_N_ELEMENTS(kata_keys); i++)
        if (!g_ascii_strcasecmp(argv[0], kata_keys[i].kata_key))
            key = kata_keys[i].key;
    char *value = g_ascii_strdown(argv[1], -1);
    const char *mapped = value;
    if (!strcmp(key, "suicide") && !strcmp(value, "true"))
        mapped = "1";
    else if (!strcmp(key, "suicide") && !strcmp(value, "false"))
        mapped = "0";
    bool ok = set_one_rule(out, engine, key, mapped, "");
    g_free(value);
    g_free(own_key);
    return ok;
}

/* ---- Playing: genmove, the clock, scoring ---------------------------------------------------
 */

/* A non-negative number of seconds or stones. */
static bool parse_amount(double *x, GString *out, const char *text, bool integer)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (!*text || *end || errno || !isfinite(v) || v < 0 || v > 1e9 || (integer && v != floor(v))) {
        g_string_append_printf(out, "syntax error: '%s' is not a non-negative %s", text,
                               integer ? "integer" : "number");
        return false;
    }
    *x = v;
    return true;
}

static bool cmd_time_settings(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    double main_time, byo_time, byo_stones;
    if (!need_args(out, argc, 3, "main time, byo-yomi time and byo-yomi stones") ||
        !parse_amount(&main_time, out, argv[0], true) ||
        !parse_amount(&byo_time, out, argv[1], true) ||
        !parse_amount(&byo_stones, out, argv[2], true))
        return false;
    /* GTP: byo-yomi time with no stones means no time limits. */
    engine->clock_set = !(byo_time > 0 && byo_stones == 0);
    engine->main_time = main_time;
    engine->byo_time = byo_time;
    engine->byo_stones = (int)byo_stones;
    engine->left_known[0] = engine->left_known[1] = false;
    return true;
}

static bool cmd_time_left(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    board_color_t c;
    double seconds, stones;
    if (!need_args(out, argc, 3, "a colour, the time left and the stones left") ||
        !parse_color(&c, out, argv[0]) || !parse_amount(&seconds, out, argv[1], false) ||
        !parse_amount(&stones, out, argv[2], true))
        return false;
    engine->left_known[c] = true;
    engine->left_time[c] = seconds;
    engine->left_stones[c] = (int)stones;
    return true;
}

/*
 * The seconds colour c may spend on its next move (0: no limit).  Without a clock: the cap.
 * With one: in byo-yomi (stones left) the period's time per stone; in main time the time left
 * over the moves still to come (half the empty points, at least 5) plus the byo-yomi pace, as
 * byo-yomi follows.  Then 10% and 0.1 s are kept back for the controller's latency, and the
 * cap bounds the result.
 */
static double engine_budget(const gtp_engine_t *engine, board_color_t c)
{
    double cap = engine->max_seconds;
    if (!engine->clock_set)
        return cap;
    double left = engine->left_known[c]   ? engine->left_time[c]
                  : engine->main_time > 0 ? engine->main_time
                                          : engine->byo_time;
    int stones = engine->left_known[c]   ? engine->left_stones[c]
                 : engine->main_time > 0 ? 0
                                         : engine->byo_stones;
    double budget;
    if (stones > 0) {
        budget = left / stones;
    } else {
        const game_state_t *cur = game_current(engine->game);
        int to_go = board_popcount(board_empty(&cur->board, engine->geom)) / 2;
        budget = left / (to_go > 5 ? to_go : 5);
        if (engine->byo_stones > 0)
            budget += engine->byo_time / engine->byo_stones;
    }
    budget = 0.9 * budget - 0.1;
    if (budget < 0.01)
        budget = 0.01;
    return cap > 0 && cap < budget ? cap : budget;
}

/*
 * genmove and reg_genmove: the player's choice for colour c, played when `play`.  An ended
 * game answers pass (or resign when the player to move is out of moves under no-pass rules)
 * and plays nothing.
 */
static bool generate(GString *out, gtp_engine_t *engine, int argc, char **argv, bool play)
{
    board_color_t c;
    if (!parse_one_color(&c, out, argc, argv))
        return false;
    game_status_t status = game_status(engine->game);
    if (status != GAME_ONGOING) {
        g_string_append(out, status == GAME_OVER_NO_MOVE && engine_to_move(engine) == c ? "resign"
                                                                                        : "pass");
        return true;
    }
    game_t *owned;
    const game_t *view = engine_view(&owned, engine, c);
    if (!view) {
        g_string_append_printf(out,
                               "cannot move for %s out of turn: the pass inserted for %s "
                               "is not allowed or would end the game",
                               c == BOARD_BLACK ? "black" : "white",
                               c == BOARD_BLACK ? "white" : "black");
        return false;
    }
    GString *note = g_string_new(NULL);
    GError *error = NULL;
    gtp_choice_t choice;
    bool ok =
        gtp_player_choose(&choice, note, engine->player, view, engine_budget(engine, c), &error);
    game_destroy(owned);
    if (!ok) {
        g_string_append_printf(out, "cannot search: %s", error->message);
        g_error_free(error);
        g_string_free(note, TRUE);
        return false;
    }
    engine->last = choice;
    if (engine->log) {
        fprintf(engine->log, "mathgo: %s %s: %s\n", play ? "genmove" : "reg_genmove",
                c == BOARD_BLACK ? "b" : "w", note->str);
        fflush(engine->log);
    }
    g_string_free(note, TRUE);
    if (choice.kind == GTP_CHOICE_RESIGN) {
        g_string_append(out, "resign");
        return true;
    }
    char name[8];
    board_move_name(name, engine->geom, choice.move);
    if (play && engine_play(engine, c, choice.move) != GAME_LEGAL) {
        g_string_append_printf(out, "internal error: the chosen move %s is illegal", name);
        return false;
    }
    g_string_append(out, name);
    return true;
}

static bool cmd_genmove(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    return generate(out, engine, argc, argv, true);
}

static bool cmd_reg_genmove(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    return generate(out, engine, argc, argv, false);
}

/* The Analysis of J1989 (core/japanese.h) of the current position; on failure (its node
 * limit) a message in out. */
static bool analyse_japanese(japanese_analysis_t *a, GString *out, const gtp_engine_t *engine)
{
    japanese_t *j = japanese_create(engine->geom, 18, GAME_ANALYSIS_NODES);
    japanese_set_space(j, JAPANESE_SPACE_AFTER_NODES_ALONE);
    /* A controller waits for the answer: the Analysis gets the engine's per-move cap. */
    if (engine->max_seconds > 0)
        japanese_set_deadline(j, g_get_monotonic_time() + (gint64)(engine->max_seconds * 1e6));
    GError *error = NULL;
    bool ok = japanese_analyse(a, j, &game_current(engine->game)->board, &error);
    if (!ok) {
        g_string_append_printf(out, "cannot score: %s", error->message);
        g_error_free(error);
    }
    japanese_destroy(j);
    return ok;
}

/*
 * The score by the rules' count: the result of an ended game, otherwise the board counted as
 * it stands (every stone alive, as mathgo's rules count: docs/rules.md; under analysis=japanese
 * the Analysis of docs/japanese.md decides).  A long cycle's result has no margin: B+, W+ or 0.
 * The last-move rules have no score.
 */
static bool cmd_final_score(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    (void)argc, (void)argv;
    const game_state_t *cur = game_current(engine->game);
    if (engine->rules.scoring == RULES_SCORING_LAST_MOVE) {
        g_string_append(out, "cannot score: under these rules the player who cannot move loses");
        if (game_status(engine->game) == GAME_OVER_NO_MOVE)
            g_string_append_printf(out, " (%s won)",
                                   cur->to_move == BOARD_BLACK ? "White" : "Black");
        return false;
    }
    if (game_status(engine->game) == GAME_OVER_CYCLE) {
        /* A long cycle ends the game without a score (cycle=draw, cycle=japanese). */
        game_result_t res = game_result(engine->game);
        g_string_append(out, res.winner == BOARD_BLACK   ? "B+"
                             : res.winner == BOARD_WHITE ? "W+"
                                                         : "0");
        return true;
    }
    int margin2;
    if (engine->rules.analysis == RULES_ANALYSIS_JAPANESE &&
        engine->rules.scoring == RULES_SCORING_TERRITORY) {
        japanese_analysis_t a;
        if (!analyse_japanese(&a, out, engine))
            return false;
        margin2 = japanese_margin2(&a, cur->captures, engine->rules.komi2);
    } else {
        margin2 = game_status(engine->game) != GAME_ONGOING
                      ? game_result(engine->game).margin2
                      : score_margin2(&cur->board, engine->geom, &engine->rules, cur->captures);
    }
    char text[24];
    g_string_append(out, rules_margin_string(text, margin2));
    return true;
}

/* alive: every chain, one per line (mathgo's counts take every stone as alive); dead and
 * seki: none.  Under analysis=japanese the Analysis's statuses (see below). */
static bool cmd_final_status_list(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    if (!need_args(out, argc, 1, "a status (alive, dead, seki)"))
        return false;
    if (strcmp(argv[0], "alive") && strcmp(argv[0], "dead") && strcmp(argv[0], "seki")) {
        g_string_append_printf(out, "syntax error: '%s' is not a status (alive, dead, seki)",
                               argv[0]);
        return false;
    }
    const board_t *b = &game_current(engine->game)->board;
    uint64_t stones = b->stones[BOARD_BLACK] | b->stones[BOARD_WHITE];
    if (engine->rules.analysis == RULES_ANALYSIS_JAPANESE &&
        engine->rules.scoring == RULES_SCORING_TERRITORY) {
        /* alive: independently alive; dead: removed; seki: neither (they stay on the board and
         * the regions they touch are nobody's territory). */
        japanese_analysis_t a;
        if (!analyse_japanese(&a, out, engine))
            return false;
        uint64_t alive = a.alive[0] | a.alive[1], removed = a.removed[0] | a.removed[1];
        stones = !strcmp(argv[0], "alive")  ? alive
                 : !strcmp(argv[0], "dead") ? removed
                                            : stones & ~alive & ~removed;
    } else if (strcmp(argv[0], "alive")) {
        stones = 0;
    }
    for (bool first = true; stones; first = false) {
        uint64_t chain = board_chain(b, engine->geom, board_lowest(stones));
        if (!first)
            g_string_append_c(out, '\n');
        append_points(out, engine, chain);
        stones &= ~chain;
    }
    return true;
}

/* KGS's rule names, mapped onto mathgo's presets (the komi is kept). */
static bool cmd_kgs_rules(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    static const struct {
        const char *kgs, *rules;
    } names[] = {
        {"japanese", "japanese"},
        {"chinese", "chinese"},
        {"aga", "chinese,ko=situational"},
        {"new_zealand", "tromp-taylor,ko=situational"},
    };
    if (!need_args(out, argc, 1, "a rule set (japanese, chinese, aga, new_zealand)"))
        return false;
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        if (g_ascii_strcasecmp(argv[0], names[i].kgs))
            continue;
        rules_t rules;
        bool parsed = rules_parse(&rules, names[i].rules, NULL);
        g_assert(parsed);
        rules.komi2 = engine->rules.komi2;
        return engine_set_rules(out, engine, &rules);
    }
    g_string_append_printf(out, "unknown rule set '%s' (japanese, chinese, aga, new_zealand)",
                           argv[0]);
    return false;
}

/* ---- SGF: loadsgf and printsgf -------------------------------------------------------------
 */

/* The contents of the file at path (free with g_free), bounded like every file mathgo reads
 * (loadsgf /dev/zero answers); NULL and *error otherwise. */
static char *read_text(const char *path, GError **error)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        int e = errno;
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "%s", g_strerror(e));
        return NULL;
    }
    char *text = front_read_stream(f, error);
    fclose(f);
    return text;
}

/* Writes text to the file at path; false with errno saying why. */
static bool write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fputs(text, f) >= 0;
    int saved = errno;
    if (fclose(f) != 0) {
        saved = errno;
        ok = false;
    }
    errno = saved;
    return ok;
}

/* Appends "cannot load file: PATH: " and the message of error, which it frees. */
static bool load_failed(GString *out, const char *path, GError *error)
{
    g_string_append_printf(out, "cannot load file: %s: %s", path, error->message);
    g_error_free(error);
    return false;
}

/*
 * The rules of a record: RU when it names a mathgo rule set (rules_parse, any case), otherwise
 * the engine's (noted on the log), and KM when given, otherwise the engine's komi.
 */
static rules_t record_rules(const gtp_engine_t *engine, const sgf_record_t *record)
{
    rules_t rules = engine->rules;
    if (record->rules) {
        char *lower = g_ascii_strdown(record->rules, -1);
        rules_t parsed;
        if (rules_parse(&parsed, lower, NULL)) {
            parsed.komi2 = rules.komi2;
            rules = parsed;
        } else if (engine->log) {
            fprintf(engine->log,
                    "mathgo: loadsgf: the file's rule set '%s' is not mathgo's; "
                    "the rules stay as they were\n",
                    record->rules);
            fflush(engine->log);
        }
        g_free(lower);
    }
    if (record->has_komi)
        rules.komi2 = record->komi2;
    return rules;
}

/*
 * loadsgf FILE [MOVE_NUMBER] (GTP v2, section 6.3.5): the board size, komi, setup stones and
 * player to move of the file's first game, then its main line's moves before move MOVE_NUMBER
 * (all of them when it is absent or beyond the end) replayed as plays, so that superko sees
 * them.  A move out of turn follows a pass, as with `play`.  Answers the colour to move.  On
 * any error the engine is left as it was.
 */
static bool cmd_loadsgf(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    if (!need_args(out, argc, 1, "a file name"))
        return false;
    int before = G_MAXINT;
    if (argc >= 2) {
        if (!parse_dimension(&before, out, argv[1]))
            return false;
        if (before < 1) {
            g_string_append_printf(out, "syntax error: move number %d is not 1 or more", before);
            return false;
        }
    }
    const char *path = argv[0];
    GError *error = NULL;
    char *text = read_text(path, &error);
    if (!text)
        return load_failed(out, path, error);
    sgf_record_t record;
    bool read = sgf_record_read(&record, text, &error);
    g_free(text);
    if (!read)
        return load_failed(out, path, error);
    board_geom_t *geom = NULL;
    if (record.width * record.height > BOARD_MAX_POINTS)
        g_set_error(&error, SGF_ERROR, SGF_ERROR_UNSUPPORTED,
                    "a %dx%d board has more than %d points", record.width, record.height,
                    BOARD_MAX_POINTS);
    else
        geom = board_geom_create(record.width, record.height, &error);
    rules_t rules = record_rules(engine, &record);
    game_t *game =
        geom ? game_create_from(geom, &rules, &record.start, record.to_move, &error) : NULL;
    GByteArray *inserted = g_byte_array_new();
    for (int i = 0; game && i < record.move_count && i < before - 1; i++) {
        const diagram_move_t *m = &record.moves[i];
        game_legality_t legality = play_colored(game, inserted, m->color, m->move);
        if (legality != GAME_LEGAL) {
            char name[8];
            g_set_error(&error, SGF_ERROR, SGF_ERROR_VALUE,
                        "line %d, column %d: move %d (%s %s) is illegal: %s", m->line, m->column,
                        i + 1, m->color == BOARD_BLACK ? "B" : "W",
                        board_move_name(name, geom, m->move), game_legality_string(legality));
            game_destroy(game);
            game = NULL;
        }
    }
    sgf_record_clear(&record);
    if (!game) {
        g_byte_array_unref(inserted);
        board_geom_destroy(geom);
        return load_failed(out, path, error);
    }
    gtp_player_reset(engine->player); /* its solver borrows the old geometry */
    game_destroy(engine->game);
    board_geom_destroy(engine->geom);
    g_byte_array_unref(engine->inserted);
    engine->geom = geom;
    engine->game = game;
    engine->inserted = inserted;
    engine->rules = rules;
    g_string_append(out, engine_to_move(engine) == BOARD_BLACK ? "black" : "white");
    return true;
}

/*
 * printsgf [FILE] (GNU Go's): the game so far as SGF: the root of sgf_game_root (SZ[W:H] on a
 * rectangle, RU, KM, the start position's stones and player to move; RE once the game is
 * over), then every move played,
 * the passes inserted before moves out of turn included (superko saw them).  Written to FILE,
 * or as the response (its lines are never empty, as GTP requires).
 */
static bool cmd_printsgf(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    const game_state_t *start = game_state_at(engine->game, 0);
    GError *error = NULL;
    sgf_node_t *root =
        sgf_game_root(engine->geom, &engine->rules, &start->board, (board_color_t)start->to_move,
                      "mathgo:" MATHGO_VERSION, &error);
    if (!root) {
        g_string_append_printf(out, "cannot write SGF: %s", error->message);
        g_error_free(error);
        return false;
    }
    if (game_status(engine->game) != GAME_ONGOING) {
        game_result_t res = game_result(engine->game);
        char text[24];
        if (res.unknown) /* the Analysis passed its limit: SGF's "unknown result" */
            g_strlcpy(text, "?", sizeof text);
        else if (res.scored)
            rules_margin_string(text, res.margin2);
        else
            g_strlcpy(text,
                      res.winner == BOARD_EMPTY   ? "0"
                      : res.winner == BOARD_BLACK ? "B+"
                                                  : "W+",
                      sizeof text);
        sgf_node_add_value(root, "RE", text);
    }
    sgf_node_t *collection = sgf_node_create();
    sgf_node_t *node = sgf_node_add_child(collection, root);
    size_t n = game_length(engine->game);
    for (size_t i = 1; i <= n; i++) {
        bool black = game_state_at(engine->game, i - 1)->to_move == BOARD_BLACK;
        node = sgf_node_add_child(node, sgf_node_create());
        sgf_add_move(node, black ? "B" : "W", engine->geom, game_state_at(engine->game, i)->move);
    }
    char *text = sgf_format(collection);
    sgf_node_destroy(collection);
    bool ok = true;
    if (argc >= 1) {
        if (!write_text(argv[0], text)) {
            g_string_append_printf(out, "cannot write file: %s: %s", argv[0], g_strerror(errno));
            ok = false;
        }
    } else {
        g_string_append(out, text);
        while (out->len && out->str[out->len - 1] == '\n')
            g_string_truncate(out, out->len - 1);
    }
    g_free(text);
    return ok;
}

/* ---- Analysis (GoGui's analyze commands) ----------------------------------------------------
 */

static bool cmd_gogui_analyze_commands(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    (void)engine, (void)argc, (void)argv;
    g_string_append(out, "string/Solved value/mathgo-value\n"
                         "pspairs/Move values/mathgo-move_values\n"
                         "string/Region values/mathgo-regions");
    return true;
}

static bool analysis_failed(GString *out, GError *error)
{
    g_string_append_printf(out, "cannot search: %s", error->message);
    g_error_free(error);
    return false;
}

static bool cmd_mathgo_value(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    (void)argc, (void)argv;
    GError *error = NULL;
    if (game_status(engine->game) != GAME_ONGOING) {
        char text[40];
        int v;
        if (!search_ended_value(&v, NULL, engine->game, 0, &error))
            return analysis_failed(out, error);
        g_string_append_printf(out, "the game is over: %s", gtp_player_value_text(text, v));
        return true;
    }
    return gtp_player_describe(out, engine->player, engine->game, engine->max_seconds, &error) ||
           analysis_failed(out, error);
}

static bool cmd_mathgo_move_values(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    (void)argc, (void)argv;
    GError *error = NULL;
    return gtp_player_move_values(out, engine->player, engine->game, engine->max_seconds, &error) ||
           analysis_failed(out, error);
}

static bool cmd_mathgo_regions(GString *out, gtp_engine_t *engine, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_player_regions(out, engine->game);
    return true;
}

static const gtp_command_t commands[] = {
    {"protocol_version", cmd_protocol_version},
    {"name", cmd_name},
    {"version", cmd_version},
    {"known_command", cmd_known_command},
    {"list_commands", cmd_list_commands},
    {"quit", cmd_quit},
    {"boardsize", cmd_boardsize},
    {"rectangular_boardsize", cmd_rectangular_boardsize},
    {"clear_board", cmd_clear_board},
    {"komi", cmd_komi},
    {"play", cmd_play},
    {"genmove", cmd_genmove},
    {"undo", cmd_undo},
    {"showboard", cmd_showboard},
    {"final_score", cmd_final_score},
    {"final_status_list", cmd_final_status_list},
    {"time_settings", cmd_time_settings},
    {"time_left", cmd_time_left},
    {"reg_genmove", cmd_reg_genmove},
    {"list_stones", cmd_list_stones},
    {"is_legal", cmd_is_legal},
    {"all_legal", cmd_all_legal},
    {"captures", cmd_captures},
    {"kgs-rules", cmd_kgs_rules},
    {"loadsgf", cmd_loadsgf},
    {"printsgf", cmd_printsgf},
    {"mathgo-rules", cmd_mathgo_rules},
    {"kata-set-rule", cmd_kata_set_rule},
    {"gogui-analyze_commands", cmd_gogui_analyze_commands},
    {"mathgo-value", cmd_mathgo_value},
    {"mathgo-move_values", cmd_mathgo_move_values},
    {"mathgo-regions", cmd_mathgo_regions},
};

const char *const gtp_command_names[] = {
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "rectangular_boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "time_settings",
    "time_left",
    "reg_genmove",
    "list_stones",
    "is_legal",
    "all_legal",
    "captures",
    "kgs-rules",
    "loadsgf",
    "printsgf",
    "mathgo-rules",
    "kata-set-rule",
    "gogui-analyze_commands",
    "mathgo-value",
    "mathgo-move_values",
    "mathgo-regions",
    NULL,
};

_Static_assert(G_N_ELEMENTS(commands) + 1 == G_N_ELEMENTS(gtp_command_names),
               "gtp_command_names lists every command");

/* ---- Framing --------------------------------------------------------------------------------
 */

/* GTP preprocessing (section 3.1): a new string with control characters other than HT and LF
 * removed, the comment cut, HT turned into spaces. */
static char *preprocess(const char *line)
{
    GString *s = g_string_new(NULL);
    for (const char *p = line; *p && *p != '#'; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch == '\t')
            g_string_append_c(s, ' ');
        else if (ch >= 32 && ch != 127)
            g_string_append_c(s, (char)ch);
    }
    return g_string_free(s, FALSE);
}

gtp_status_t gtp_engine_execute(GString *response, gtp_engine_t *engine, const char *line)
{
    char *text = preprocess(line);
    char **words = g_strsplit(text, " ", -1);
    char *argv[64];
    int argc = 0;
    for (int i = 0; words[i] && argc < (int)G_N_ELEMENTS(argv); i++)
        if (*words[i])
            argv[argc++] = words[i];
    gtp_status_t status = GTP_STATUS_NONE;
    if (argc == 0)
        goto done;

    const char *id = "";
    char **args = argv;
    if (strspn(args[0], "0123456789") == strlen(args[0])) {
        id = args[0];
        args++, argc--;
    }
    GString *result = g_string_new(NULL);
    bool ok = false;
    const gtp_command_t *command = NULL;
    for (size_t i = 0; argc > 0 && i < G_N_ELEMENTS(commands); i++)
        if (!strcmp(commands[i].name, args[0]))
            command = &commands[i];
    if (command)
        ok = command->run(result, engine, argc - 1, args + 1);
    else
        g_string_append(result, "unknown command");
    g_string_append_printf(response, "%c%s %s\n\n", ok ? '=' : '?', id, result->str);
    g_string_free(result, TRUE);
    status = !ok                              ? GTP_STATUS_FAILURE
             : !strcmp(command->name, "quit") ? GTP_STATUS_QUIT
                                              : GTP_STATUS_SUCCESS;
done:
    g_strfreev(words);
    g_free(text);
    return status;
}
