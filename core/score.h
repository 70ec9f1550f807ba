/*
 * core/score.h: counting a position: area, territory, groups for the old Chinese tax.
 *
 * Area (Tromp-Taylor): a player's score is the number of her stones plus the number of empty
 * points that reach only her colour.  Territory: the empty points that reach only her colour.
 * A "region" is a maximal connected set of empty points.
 */
#ifndef MATHGO_CORE_SCORE_H
#define MATHGO_CORE_SCORE_H

#include "core/board.h"
#include "core/rules.h"

/* The empty points reaching only colour c (c's territory in the area-counting sense). */
uint64_t score_territory(const board_t *b, const board_geom_t *g, board_color_t c);

/* Stones of colour c plus the empty points reaching only c. */
int score_area(const board_t *b, const board_geom_t *g, board_color_t c);

/* score_area(b, g, c) - score_area(b, g, other colour), with each colour's reach flooded once
 * instead of twice (the move order computes it for every legal play: solver/moves.c). */
int score_area_margin(const board_t *b, const board_geom_t *g, board_color_t c);

/* The number of chains of colour c. */
int score_chain_count(const board_t *b, const board_geom_t *g, board_color_t c);

/*
 * The number of eye-sharing groups of colour c: chains of c are joined when they border a
 * common empty region that borders no stone of the other colour; a group is a connected
 * component of that relation.
 */
int score_group_count(const board_t *b, const board_geom_t *g, board_color_t c);

/* The groups rules->tax charges colour c for (0 when tax=none). */
int score_taxed_groups(const board_t *b, const board_geom_t *g, const rules_t *rules,
                       board_color_t c);

/*
 * Twice (Black's score - White's score - komi) under rules->scoring = area or territory, with
 * the tax applied.  captures[c] are the prisoners colour c has taken (territory scoring only).
 */
int score_margin2(const board_t *b, const board_geom_t *g, const rules_t *rules,
                  const uint16_t captures[2]);

#endif
