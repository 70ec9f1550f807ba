/*
 * front/describe.h: human-readable reports of a game's current position, shared by `show`,
 * `play` and the GTP engine's showboard: the diagram with coordinates, the chains with their
 * liberties, the score under the rule set and the legal moves of the player to move.
 */
#ifndef MATHGO_FRONT_DESCRIBE_H
#define MATHGO_FRONT_DESCRIBE_H

#include "core/game.h"

#include <stdio.h>

/* Writes the position with GTP coordinates around it (a region: safe stones X O, ordinary
 * stones x o, holes #). */
void describe_diagram(FILE *out, const board_t *board, const board_geom_t *geom);

/* Writes the full report of the game's current state. */
void describe_game(FILE *out, const game_t *game);

/* The columns of `show --csv` and `play --csv` (docs/csv.md), without the line break. */
extern const char describe_csv_header[];

/* Writes the game's current state as one CSV row of describe_csv_header, with its line break. */
void describe_csv_row(FILE *out, const game_t *game);

#endif
