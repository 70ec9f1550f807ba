/*
 * front/solve_decompose.h: `mathgo solve --decompose` (front/solve_decompose.c): a board solved
 * from the values of the regions its safe stones wall off (regions/sum.h).
 */
#ifndef MATHGO_FRONT_SOLVE_DECOMPOSE_H
#define MATHGO_FRONT_SOLVE_DECOMPOSE_H

#include "core/board.h"
#include "core/rules.h"
#include "regions/region.h"

#include <glib.h>
#include <stdbool.h>

/*
 * The region model a rule set is solved in by decomposition: MATH for the math rules (no pass,
 * suicide illegal, last-move), TERRITORY for territory scoring without suicide, tax or komi.
 * False and *error otherwise.
 */
bool solve_decompose_model(region_model_t *model, const rules_t *rules, GError **error);

/*
 * Solves `start` on `geom` by decomposition and prints the result (text, or one CSV row after a
 * header when `header`).  Returns the exit status: 0, 2 for a position it cannot take (a region
 * that is not a short game), 1 for a run-time failure.
 */
int solve_decompose(const board_geom_t *geom, const board_t *start, const rules_t *rules,
                    board_color_t to_move, bool csv, bool header);

#endif
