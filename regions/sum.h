/*
 * regions/sum.h: a board whose regions are walled off by safe stones, as the sum of their games,
 * and decomposition search: the optimal plays the sum names.
 *
 * region_split (regions/region.h) cuts a position into the regions its safe stones separate; a
 * play changes one region only, so the board's game is the sum of the regions' games (Conway's
 * disjunctive sum).  Two models, as in region.h:
 *
 *   REGION_MODEL_MATH       Mathematical Go (no pass, the player who cannot play loses).  No
 *     whole-board position can repeat when every region is a short game (a whole-board repeat
 *     would repeat the last region played in), so positional superko never bites and the board's
 *     winner is the outcome class of the sum: positive, Black wins whoever starts; negative,
 *     White; zero, the second player; fuzzy, the first player.  A winning play for the side to
 *     move is one after which the sum, with the opponent to move, is still won: G' >= 0 for Black,
 *     G' <= 0 for White.
 *   REGION_MODEL_TERRITORY  Berlekamp and Wolfe's territory endgame: Black moving first can reach
 *     the Left stop of the sum and White moving first the Right stop (stops are reached by
 *     alternating play that ends when the sum is a number).  An optimal play for Black keeps the
 *     Right stop of what follows at the Left stop of the sum, and symmetrically for White.  When
 *     this equals the full-board game with free passes is stated, with its conditions, in
 *     docs/regions.md ("Whole boards as sums").
 *
 * Finding a play costs one sum per candidate region option (cgt's sums of canonical forms are
 * cached by its context), with no search of the whole board.
 */
#ifndef MATHGO_REGIONS_SUM_H
#define MATHGO_REGIONS_SUM_H

#include "cgt/game.h"
#include "core/board.h"
#include "regions/region.h"

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct region_sum region_sum_t;

/*
 * Splits `position` on `geom` into regions and values each in `model` with `ctx` (whose cgt
 * context holds the games).  NULL and *error (region.h's codes) when a region is not a short
 * game, is too large, or the position is not legal.  Borrows ctx, which must outlive the sum;
 * geom may go.  Free with region_sum_destroy (NULL allowed).
 */
region_sum_t *region_sum_create(region_ctx_t *ctx, const board_geom_t *geom,
                                const board_t *position, region_model_t model, GError **error);
void region_sum_destroy(region_sum_t *sum);

/* The model, the number of regions, and region i's part and value. */
region_model_t region_sum_model(const region_sum_t *sum);
size_t region_sum_count(const region_sum_t *sum);
const region_part_t *region_sum_part(const region_sum_t *sum, size_t i);
cgt_game_t region_sum_part_value(const region_sum_t *sum, size_t i);

/* The sum of the regions' values (a canonical game of region_ctx_cgt(ctx)). */
cgt_game_t region_sum_value(const region_sum_t *sum);

/*
 * The plays of `to_move` that the sum says are optimal, in increasing point order, into moves
 * (room for BOARD_MAX_POINTS); returns their number, or -1 with *error when a follower cannot be
 * valued.  MATH: the winning plays (none when to_move loses whatever it does).  TERRITORY: the
 * plays that keep the stop (Black: Right stop after the play = Left stop of the sum; White: Left
 * stop after = Right stop); none means that passing is at least as good as any play, which is
 * the case when the sum is a number and no play keeps its value.
 */
int region_sum_best_moves(board_move_t *moves, region_sum_t *sum, board_color_t to_move,
                          GError **error);

/*
 * Plays `move` of `to_move` (a legal play in one region) and updates that region's value only.
 * False and *error when the play is not legal or its region cannot be valued.  The number of
 * stones captured is added to *captured when captured is not NULL.
 */
bool region_sum_play(region_sum_t *sum, board_color_t to_move, board_move_t move, int *captured,
                     GError **error);

/*
 * The first region (an index) in which some sequence of plays of either colour, from its
 * position now, captures a stone; -1 when no play can ever capture.  The territory stops are the
 * whole-board score of mathgo's territory count on boards where this is -1 and the stops are
 * integers (docs/regions.md, "Whole boards as sums").  A visit of every reachable local position.
 */
int region_sum_capturing_region(const region_sum_t *sum);

/* The whole board's position now (the parts joined back, safe stones included). */
board_t region_sum_position(const region_sum_t *sum);

#endif
