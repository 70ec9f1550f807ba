/*
 * tests/support.h: what several test files share: running the built `mathgo` as a separate
 * process (stdin text, arguments, captured stdout/stderr and exit status) and reading data
 * files from tests/data, and the stone patterns brute-force tests walk.
 */
#ifndef MATHGO_TESTS_SUPPORT_H
#define MATHGO_TESTS_SUPPORT_H

#include "core/board.h"
#include "core/game.h"

#include <stdarg.h>

typedef struct support_run {
    char *out;  /* stdout, owned */
    char *err;  /* stderr, owned */
    int status; /* exit status, or -1 when the process did not exit normally */
} support_run_t;

/*
 * Runs MATHGO_BINARY with the NULL-terminated arguments (without argv[0]), feeding `input` (may
 * be NULL for an empty stdin).  Fails the current test if the process cannot be started.
 */
support_run_t support_run(const char *input, const char *const *args);

/* Same, with the arguments as a NULL-terminated variadic list. */
support_run_t support_runv(const char *input, ...);

/* Same, with `first` (if not NULL) before the NULL-terminated arguments of `ap`. */
support_run_t support_run_va(const char *input, const char *first, va_list ap);

void support_run_clear(support_run_t *run);

/* The fields of one CSV line (RFC 4180: quoted fields, doubled quotes; a reader written apart
 * from mathgo's writers), as strings the array frees. */
GPtrArray *support_csv_fields(const char *line);

/* The index of column `name` in a CSV header line; fails the current test when it has none. */
guint support_csv_index(const char *header, const char *name);

/* The value of column `name` in `out`'s first row (its first line the header), freshly
 * allocated; fails the current test when the header has no such column. */
char *support_csv_column(const char *out, const char *name);

/* The contents of tests/data/NAME; fails the current test when it cannot be read. */
char *support_read_data(const char *name);

/*
 * Records of the data files (tests/data/NAME.txt): "key: value" lines, '#' comments and the
 * lines of a diagram, split into `lines` (g_strsplit).  The value of `key`, stripped (it points
 * into lines), or NULL.
 */
const char *support_record_value(char **lines, const char *key);

/* Calls check on every record of tests/data/NAME (records are separated by "---" lines);
 * returns how many there were. */
int support_for_each_record(const char *name, void (*check)(const char *record));

/* The record's diagram (its lines that are neither "key: value" nor comments), parsed; fails
 * the current test, naming the record's "name", when it is malformed. */
void support_record_diagram(board_t *board, int *width, int *height, char **lines);

/* The record's region diagram (its lines without ':'; positions/diagram.h region format, so
 * '#' is a point, not a comment) and its geometry; fails the current test, naming the record's
 * "name", when it is malformed.  Free the geometry with board_geom_destroy. */
board_geom_t *support_record_region(board_t *board, char **lines);

/* The game of `rules_text` from the empty board after `moves` (GTP names separated by spaces:
 * each must be legal); fails the current test otherwise.  It borrows g. */
game_t *support_game_after(const board_geom_t *g, const char *rules_text, const char *moves);

/* The number of stone patterns of n points (3^n: empty, black or white on each), and pattern
 * `code` of them (point p's colour is digit p of code in base 3: 0 empty, 1 black, 2 white),
 * legal or not: brute-force tests walk every pattern of a small board with them. */
uint64_t support_patterns(int n);
board_t support_pattern(uint64_t code, int n);

#endif
