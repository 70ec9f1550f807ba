/*
 * front/solve_output.h: how `mathgo solve` shows a solution: result text, move lists, the
 * optimal game with diagrams, SGF.
 */
#ifndef MATHGO_FRONT_SOLVE_OUTPUT_H
#define MATHGO_FRONT_SOLVE_OUTPUT_H

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "solver/search.h"

#include <stdbool.h>
#include <stdio.h>

/* The result as a short text: "B+9", "W+0.5", "0" (a tie), "B" / "W" (a last-move win),
 * "draw" (a cycle), "B (cycle)".  Writes into buf (at least 32 bytes) and returns it. */
char *solve_result_text(char buf[32], int value, const rules_t *rules);

/* The margin in points ("9", "-0.5") for scored values, "" otherwise. */
char *solve_margin_text(char buf[32], int value);

/* Moves as GTP names separated by `sep` ("B2 C3"); free with g_free. */
char *solve_moves_text(const board_geom_t *geom, const board_move_t *moves, int count,
                       const char *sep);

/* Writes the optimal game from `start` as a numbered list, with diagrams when asked. */
void solve_print_game(FILE *out, const game_t *start, const search_result_t *res, bool diagrams);

/* The value of one first move (--variations): the solve of the position after it. */
typedef struct solve_first_move {
    board_move_t move;
    bool solved;            /* false: a limit stopped its search */
    search_result_t result; /* when solved: the value and optimal game after the move */
} solve_first_move_t;

/* What `solve --sgf` writes. */
typedef struct solve_sgf {
    const game_t *game;                    /* the start, the history (--from's moves), now */
    const search_result_t *result;         /* the solve of now; NULL when a limit stopped it */
    const char *bounds_text;               /* without a result: what is known of the value */
    const solve_first_move_t *first_moves; /* --variations: every first move; else NULL */
    int first_move_count;
} solve_sgf_t;

/*
 * Writes the game as SGF FF[4] (positions/sgf.h sgf_game_root: GM FF CA AP SZ KM RU GC, AB/AW
 * for the start position, PL; RE for the result): the history as the first nodes, then the
 * optimal game, every node after the solved position commented (C) with its value (or the root
 * with the bounds when unsolved), and with first_moves every other first move as a variation
 * with its value and optimal continuation.  A region's diagram goes in the root's comment and
 * its holes are marked (MA).  False and *error when the file cannot be written or the board
 * is too wide for SGF.
 */
bool solve_write_sgf(const char *path, const solve_sgf_t *what, GError **error);

/* The columns of `solve --csv` (docs/csv.md), without the line break: append, never reorder. */
extern const char solve_csv_header[];

/* What one row of `solve --csv` shows: a solved position or the bounds a limit left. */
typedef struct solve_csv_row {
    const board_geom_t *geom;      /* the board (the rectangle of a region) */
    const char *rules_name;        /* as given on the command line, or the rule text */
    const rules_t *rules;          /* for the komi */
    board_color_t to_move;         /* who plays first in the position solved */
    const search_result_t *result; /* NULL: not solved (a limit); the value alone with
                                      value_only */
    bool value_only;               /* no best moves, no optimal game */
    int lower, upper;              /* without result: what the root tests proved (Black's view;
                                      +-SEARCH_VALUE_INF for an open end) */
    const char *status;            /* "solved", "winner", "limit" or "depth" */
    search_stats_t stats;
    double peak_mb;
    int threads;
    const char *winner; /* without result, status "winner": "B", "W" or "0" (a tie), written
                           as the result; lower and upper decide it */
    /* A run resumed from a checkpoint: the nodes and seconds of the runs before it, which
     * nodes_total and time_total_s add to this run's (0 otherwise) */
    uint64_t nodes_before;
    double seconds_before;
} solve_csv_row_t;

/* Writes one row of `solve --csv` with its line break. */
void solve_print_csv_row(FILE *out, const solve_csv_row_t *row);

/* A value or bound as `solve --csv` writes `lower` and `upper`: a margin ("9", "-0.5"), a win
 * with its distance ("B in 9"), a cycle won ("W (cycle)"), or "" for an open end. */
char *solve_bound_text(char buf[32], int value);

/* As solve_bound_text, with "?" for an open end: the text lines' form. */
const char *solve_bound_text_or_open(char buf[32], int value);

/* The winner that --winner's bounds decide, as `solve --csv` writes it: "B" (lower > 0), "W"
 * (upper < 0) or "0" (a tie: both 0). */
const char *solve_winner_code(int lower, int upper);

/* One text line of --winner's answer, without its line break: "Black wins (the value in
 * [B+0.5, ?])", "White wins ...", "a tie ..."; an open end is "?". */
void solve_print_winner(FILE *out, int lower, int upper);

/* Whether path can be written (its folder exists and is writable, it is not a folder): checked
 * before a long solve.  False and *error naming it otherwise. */
bool solve_check_writable(const char *path, GError **error);

#endif
