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

/*
 * Writes the optimal game as SGF FF[4] (SZ[W:H] for rectangles, AB/AW for a start position,
 * PL for the player to move, RE for the result).  False and *error when the file cannot be
 * written.
 */
bool solve_write_sgf(const char *path, const game_t *start, const search_result_t *res,
                     const char *rules_text, GError **error);

#endif
