/*
 * front/common.h: helpers shared by the subcommands: option parsing with one error style,
 * board and rules set-up, timing.
 */
#ifndef MATHGO_FRONT_COMMON_H
#define MATHGO_FRONT_COMMON_H

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "positions/diagram.h"

#include <glib.h>
#include <stdbool.h>
#include <stdio.h>

/*
 * Parses argv with `context` (whose help is shown for --help).  On a parse error prints
 * "mathgo NAME: message" to stderr and returns false.
 */
bool front_parse_options(GOptionContext *context, int *argc, char ***argv, const char *name);

/* Prints "mathgo NAME: " and the formatted message on one line; returns FRONT_EXIT_USAGE. */
int front_usage(const char *name, const char *format, ...) G_GNUC_PRINTF(2, 3);

/* Prints "mathgo NAME: message" for an error and frees it; returns FRONT_EXIT_USAGE. */
int front_fail_usage(const char *name, GError *error);

/*
 * The rule set of every command when --rules is absent (docs/rules.md says why: the rules Go
 * players and GTP controllers expect; `tablebase`, which handles the no-pass rules only, is the
 * one exception).
 */
#define FRONT_DEFAULT_RULES "chinese"

/* The --rules and --komi options that every command on a Go board takes. */
typedef struct front_rules_args {
    char *rules_text;  /* NULL: the command's default */
    char **komi_texts; /* every --komi given (NULL: none; more than one is refused) */
    char *rules_help;  /* --rules' help text, which the option context borrows */
} front_rules_args_t;

/* Adds --rules R (its help naming FRONT_DEFAULT_RULES as the default) and --komi K to the
 * context's main options, writing into *args. */
void front_rules_args_add(GOptionContext *context, front_rules_args_t *args);

/* The same with another default named in --rules' help. */
void front_rules_args_add_default(GOptionContext *context, front_rules_args_t *args,
                                  const char *default_rules);

/* The --komi text, or NULL when --komi was not given. */
const char *front_rules_args_komi(const front_rules_args_t *args);

/*
 * The rule set the options name (`fallback` when --rules is absent).  Refused with one message
 * (returning false): an empty --rules, --komi given twice (or both as --komi and as komi= in
 * --rules), a komi under rules without a score (last-move scoring), and malformed values.
 */
bool front_rules_args_parse(rules_t *rules, const char *name, const front_rules_args_t *args,
                            const char *fallback);

void front_rules_args_clear(front_rules_args_t *args);

/*
 * The --progress and -q/--quiet options of the commands that run long (solve, tablebase,
 * chetrit): the same names, letters and meaning in each.
 */
typedef struct front_progress_args {
    gboolean progress, quiet;
} front_progress_args_t;

void front_progress_args_add(GOptionContext *context, front_progress_args_t *args);

/* Whether to show progress on stderr: with --progress, or when stderr is a terminal, never with
 * --quiet.  Both given: one message, false (the caller exits with status 2). */
bool front_progress_args_parse(bool *show, const char *name, const front_progress_args_t *args);

/*
 * The colour named by `text` (b, black, w, white; any case) for option `option`; on error
 * prints one message and returns false.
 */
bool front_parse_color(board_color_t *color, const char *name, const char *option,
                       const char *text);

/* Geometry from a "WxH" text; prints one message and returns NULL on error. */
board_geom_t *front_geom(const char *name, const char *size_text);

/*
 * Reads the diagram `text` (from `where`, a file name for messages) in the plain format or, when
 * `region` is true or diagram_looks_like_region(text), in the region format
 * (positions/diagram.h), and builds its geometry (a region's holes and safe stones included).
 * On error prints one message "mathgo NAME: WHERE: ..." and returns false.  Free *geom with
 * board_geom_destroy.
 */
bool front_read_diagram(board_t *board, board_geom_t **geom, const char *name, const char *where,
                        const char *text, bool region);

/*
 * A position file as `show`, `play --from` and `solve --from` read it (docs/sgf.md): an SGF
 * game record (its first non-blank character is '('), whose setup is the start and whose main
 * line's moves are the history; or a diagram (plain, region, or framed as `show` prints it,
 * whose report line gives the rules, komi and player to move) optionally followed by a
 * "moves:" list (positions/diagram.h).
 */
typedef struct front_position {
    board_geom_t *geom;    /* owned */
    board_t start;         /* the position before the moves */
    board_color_t to_move; /* who plays first from start */
    bool to_move_given;    /* the file says who plays first */
    diagram_move_t *moves; /* the history, owned */
    int move_count;
    char *rules_text; /* the file's rule set (SGF RU, show's report), or NULL */
    bool has_komi;    /* the file's komi (SGF KM, show's report) */
    int komi2;
} front_position_t;

/*
 * Reads the position file at path ("-" is stdin; `region` as --region for diagrams).  On error
 * prints one message "mathgo NAME: PATH: line L, column C: ..." and returns false.  Free with
 * front_position_clear.
 */
bool front_position_read(front_position_t *pos, const char *name, const char *path, bool region);

/*
 * The rule set for a position: --rules and --komi when given, else the file's rules and komi,
 * else `fallback`.  A file's rule text that mathgo does not know (SGF RU[AGA]) is named in a
 * warning on stderr and replaced by the fallback.  Prints one message and returns false on a
 * bad --rules or --komi.
 */
bool front_position_rules(rules_t *rules, const char *name, const front_rules_args_t *args,
                          const front_position_t *pos, const char *fallback);

/*
 * The game of the position: start, who plays first (to_move_text, the --to-move option, when
 * not NULL, else the file's), and the history played through game_play.  Prints one message
 * naming the path (and the move's number, line and column for an illegal move) and returns
 * NULL on error.
 */
game_t *front_position_game(const char *name, const char *path, const front_position_t *pos,
                            const rules_t *rules, const char *to_move_text);

void front_position_clear(front_position_t *pos);

/* Writes text as one RFC 4180 CSV field: quoted when it holds a comma, quote or newline. */
void front_csv_field(FILE *out, const char *text);

/*
 * Parses a --max-time / --max-nodes pair as the solving commands take them: refuses (with one
 * message naming the option, returning false) a negative or not-a-number value.
 */
bool front_check_limits(const char *name, double max_seconds, gint64 max_nodes);

/*
 * Checks `--analysis-states N` (japanese_set_attractor_states): refuses (one message naming
 * the option, false) a value outside 0 .. 2^32 - 2, and with the board `geom` (NULL: not
 * known yet) one whose graphs, at JAPANESE_ATTRACTOR_STATE_BYTES a state, would not fit the
 * machine's memory (an allocation past it would end the process), counted after the board's
 * own cap (japanese_attractor_states_on: 2^27 up to 31 points), which a larger N is taken as.
 */
bool front_check_analysis_states(const char *name, gint64 states, const board_geom_t *geom);

/*
 * Flushes and checks stdout at the end of a command: when a write failed (a full disk, a closed
 * pipe) in a command that otherwise succeeded, prints "mathgo NAME: cannot write the output:
 * REASON" and returns FRONT_EXIT_FAILURE; otherwise returns status.
 */
int front_finish_output(const char *name, int status);

/* Seconds on a monotonic clock. */
double front_seconds(void);

/* The process's peak resident memory so far, in bytes (getrusage; -1 if it fails). */
long long front_peak_bytes(void);

/* The command line on one line ("mathgo" and the arguments, quoted where needed), for a
 * checkpoint's header and its messages.  Free with g_free. */
char *front_command_line(int argc, char **argv);

/* Reads a whole file ("-" is stdin) into a new string; prints one message on error (a missing
 * file, a folder, a read error, more than FRONT_MAX_FILE_BYTES). */
#define FRONT_MAX_FILE_BYTES (64 << 20)
char *front_read_file(const char *name, const char *path);

/* Reads an open stream to its end, at most FRONT_MAX_FILE_BYTES, into a new string; NULL and
 * *error ("cannot read: ...", "larger than 64 MB: ...") otherwise.  The file readers of the
 * commands and of GTP's loadsgf share it. */
char *front_read_stream(FILE *f, GError **error);

/* Writes `text` to `path` (- for stdout) as solver/checkpoint.h writes every file it replaces:
 * a regular file atomically (checkpoint_temp_path, checkpoint_commit), a device, pipe or
 * symbolic link in place. */
bool front_write_file(const char *path, const char *text, GError **error);

/* Parses a size such as "64M", "1G", "512k" or "1000000" (bytes); false when malformed. */
bool front_parse_memory(size_t *bytes, const char *text);

/* The machine's physical memory in bytes (0 when it cannot be told). */
size_t front_physical_memory(void);

/*
 * The default of `solve --memory`: a quarter of the machine's memory, at most
 * FRONT_DEFAULT_MEMORY_MB, and at most FRONT_DEFAULT_TABLE_MEMORY_MB for alpha-beta's table
 * search (`table`).  The ceilings keep short solves fast and three solves side by side within
 * a small machine; a long run gives --memory.  Alpha-beta's is the lower: a larger table costs
 * more per node (it is populated at the start and its random probes miss the caches more)
 * than its fewer replacements save on the boards a default solve finishes (bench/table_sizes.sh,
 * docs/reliability.md: the 18 solves of 4x4, 3x5 and 2x7 under six rule sets took 29.8 s with
 * 256M, 23.7 s with 128M);
 * proof-number search keeps the larger one for its tree, which it collects when full.
 */
#define FRONT_DEFAULT_MEMORY_MB       256
#define FRONT_DEFAULT_TABLE_MEMORY_MB 128
size_t front_default_memory(bool table);

#endif
