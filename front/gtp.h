/*
 * front/gtp.h: a Go Text Protocol (GTP version 2, draft 2) engine as a library.
 *
 * The engine owns a board geometry and a game_t (core/game.h) and answers one input line at a
 * time: feed it a line, get back the response text exactly as it is to be written on the wire
 * ("=[id] result\n\n" or "?[id] message\n\n").  Nothing here reads stdin or writes stdout;
 * front/cmd_gtp.c is the loop around it, and the tests drive it in-process.
 *
 * Preprocessing follows the specification (section 3.1): control characters other than HT and
 * LF are removed, text from '#' on is a comment, HT becomes a space, and empty or white-space
 * lines are ignored (no response).  An optional numeric id before the command is echoed.
 *
 * Legality is game_t's: every rule set of core/rules.h is available, changed with
 * `mathgo-rules TEXT`, KataGo's `kata-set-rule KEY VALUE` or `kgs-rules`.  `genmove` plays what
 * front/gtp_player.h chooses within the time the clock (`time_settings`, `time_left`) or the
 * per-move cap allows; `gogui-analyze_commands` lists the analysis commands.  docs/gtp.md lists the
 * commands, the rule keys, how out-of-turn moves are handled, and the GNU Go referee test.
 */
#ifndef MATHGO_FRONT_GTP_H
#define MATHGO_FRONT_GTP_H

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "front/gtp_player.h"

#include <glib.h>
#include <stdio.h>

typedef enum gtp_status {
    GTP_STATUS_NONE,    /* an empty or comment line: no response was written */
    GTP_STATUS_SUCCESS, /* "=" response written */
    GTP_STATUS_FAILURE, /* "?" response written */
    GTP_STATUS_QUIT,    /* "quit": its "=" response was written; the caller should stop */
} gtp_status_t;

typedef struct gtp_engine gtp_engine_t;

/*
 * Creates an engine with an empty width x height board (at most BOARD_MAX_POINTS points) under
 * `rules`.  Returns NULL and sets *error (BOARD_ERROR_SIZE) for an unsupported size.  Free
 * with gtp_engine_destroy.
 */
gtp_engine_t *gtp_engine_create(int width, int height, const rules_t *rules, GError **error);

/* Frees the engine and its game; NULL is allowed. */
void gtp_engine_destroy(gtp_engine_t *engine);

/*
 * Executes one input line (with or without its trailing newline).  Appends the complete
 * response, the terminating empty line included, to `response` and returns its status; for a
 * line that preprocessing empties, appends nothing and returns GTP_STATUS_NONE.
 */
gtp_status_t gtp_engine_execute(GString *response, gtp_engine_t *engine, const char *line);

/* The engine's current game (borrowed; valid until the next command that changes the board). */
const game_t *gtp_engine_game(const gtp_engine_t *engine);

/* The cap on the time of one genmove or analysis command unless gtp_engine_set_player says. */
#define GTP_DEFAULT_MAX_SECONDS 10.0

/*
 * Replaces the engine's player (its solver table and node limit, resigning) and sets the cap
 * on the seconds of one genmove or analysis command (0: no cap; the clock, when the controller
 * sets one, still bounds genmove).
 */
void gtp_engine_set_player(gtp_engine_t *engine, const gtp_player_options_t *options,
                           double max_seconds);

/* Where genmove writes its one-line account of each choice (stderr for `mathgo gtp`); NULL,
 * the default, writes nothing. */
void gtp_engine_set_log(gtp_engine_t *engine, FILE *log);

/* The last genmove's (or reg_genmove's) choice: its kind, the value when proven, the costs. */
const gtp_choice_t *gtp_engine_last_choice(const gtp_engine_t *engine);

/* The names of the commands the engine knows, NULL-terminated, in list_commands order. */
extern const char *const gtp_command_names[];

#endif
