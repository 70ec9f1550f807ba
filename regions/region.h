/*
 * regions/region.h: Go endgame regions as combinatorial games.
 *
 * A region is a geometry made by board_geom_create_region (points of a W x H rectangle that are
 * on the board, immortal "safe" stones of each colour; core/board.h and docs/rules.md give the
 * rules of immortality) and a position on it.  A local position's game has every legal move of
 * either colour as an option (suicide illegal, no ko rule, no pass); two models value it
 * (docs/regions.md states them formally):
 *
 *   REGION_MODEL_TERRITORY  Berlekamp and Wolfe's territory endgame (Japanese counting with
 *     prisoners): value(P) = { value(P_B) + captured_B | value(P_W) - captured_W } over the
 *     positions P_B after each legal Black move (capturing captured_B White stones) and P_W after
 *     each White move; a position where neither colour can move is worth its territory count
 *     (empty points reaching only Black stones minus those reaching only White ones).  Points of
 *     territory are spare moves, so canonical forms of settled regions are numbers.
 *   REGION_MODEL_MATH  Mathematical Go as normal play: value(P) = { value(P_B) | value(P_W) },
 *     the player who cannot move loses; prisoners and territory do not count.
 *
 * A region whose local positions can repeat (a ko or any longer cycle of captures) is not a short
 * game: region_value reports it (REGION_ERROR_NOT_SHORT, "not a short game: ko at C3", naming the
 * point of the play that recreates an earlier position) and gives no value.  Cycles are found by
 * a depth-first search with an on-path mark; a table of local positions (the exact position is
 * the key, core/hash.h's key its hash) makes each local position evaluated once per context and
 * model, across calls.
 *
 * Also here: the split of a board into the regions its safe stones separate (for sums of
 * regions).  Region files (header lines and region diagrams) are read by front/region_file.h.
 */
#ifndef MATHGO_REGIONS_REGION_H
#define MATHGO_REGIONS_REGION_H

#include "cgt/game.h"
#include "core/board.h"

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>

#define REGION_ERROR (region_error_quark())
GQuark region_error_quark(void);
typedef enum region_error_code {
    REGION_ERROR_PARSE,     /* malformed text: a model name, a region file (front/region_file.h) */
    REGION_ERROR_NOT_SHORT, /* a local position can repeat: "not a short game: ko at C3" */
    REGION_ERROR_LIMIT,     /* more local positions than the context's limit */
    REGION_ERROR_POSITION,  /* a start position with a chain without a liberty */
} region_error_code_t;

typedef enum region_model { REGION_MODEL_TERRITORY, REGION_MODEL_MATH } region_model_t;
#define REGION_MODEL_COUNT 2

/* "territory" or "math". */
const char *region_model_name(region_model_t model);
/* Parses "territory" or "math"; false and *error (REGION_ERROR_PARSE) naming the text. */
bool region_model_parse(region_model_t *model, const char *text, GError **error);

/* ---- Values ----------------------------------------------------------------------------- */

typedef struct region_ctx region_ctx_t;

/* The default bound on distinct local positions per context (a table of at most 128 MB). */
#define REGION_DEFAULT_POSITION_LIMIT 2000000

/*
 * A context owning a cgt context and the table of local positions.  position_limit bounds the
 * number of distinct local positions it evaluates (0: REGION_DEFAULT_POSITION_LIMIT).  Free with
 * region_ctx_destroy (NULL allowed).
 */
region_ctx_t *region_ctx_create(size_t position_limit);
void region_ctx_destroy(region_ctx_t *ctx);
/* The context's cgt context: values are its games; use it for sums, stops, thermographs. */
cgt_ctx_t *region_ctx_cgt(region_ctx_t *ctx);
/* Local positions evaluated so far (table entries, both models). */
size_t region_ctx_positions(const region_ctx_t *ctx);

/*
 * The value of `position` on the region `geom` in `model` (a game of region_ctx_cgt(ctx)).
 * The position must hold geom's safe stones and stones on its points only.  Fails with
 * REGION_ERROR_NOT_SHORT when a local position can repeat, REGION_ERROR_LIMIT when the table is
 * full, and REGION_ERROR_POSITION when a chain of the position has no liberty, a safe stone of
 * the geometry is missing or a stone is off the region.
 * The geometry may be destroyed after the call: the table keys hold the region, not the pointer.
 */
bool region_value(cgt_game_t *out, region_ctx_t *ctx, const board_geom_t *geom,
                  const board_t *position, region_model_t model, GError **error);

/* One option of a local position: a legal play and the game it leads to. */
typedef struct region_option {
    board_point_t point;
    cgt_game_t value; /* the follower's value, plus (Black) or minus (White) the stones the play
                         captures under REGION_MODEL_TERRITORY */
} region_option_t;

/*
 * The options of `color` at `position`: every legal play (points in increasing order) with the
 * value it leads to, into out (room for BOARD_MAX_POINTS); returns their number, or -1 and
 * *error when region_value fails.  The position's value is {Black's options | White's options}
 * (for choosing a play in a sum of regions: the table makes the followers free).
 */
int region_options(region_option_t *out, region_ctx_t *ctx, const board_geom_t *geom,
                   const board_t *position, region_model_t model, board_color_t color,
                   GError **error);

/*
 * The territory count of a position: empty points whose empty area reaches stones of one colour
 * only, Black's minus White's.  Used for positions where neither colour can move.
 */
int region_territory_count(const board_geom_t *geom, const board_t *position);

/* ---- Splitting a board ------------------------------------------------------------------ */

/* One part of a board: a region geometry (owned) and the position restricted to it. */
typedef struct region_part {
    board_geom_t *geom;
    board_t position;
} region_part_t;

/*
 * Splits a position on `geom` into the regions its safe stones separate: each part is one
 * connected component of the points that are not safe stones, with the safe stones next to it
 * (on the board and safe in the part's geometry), on the same W x H rectangle, so points keep
 * their indices and names.  The game of the whole board is the sum of the parts' games (each
 * move changes one part only).  Returns an array of region_part_t (free with
 * region_parts_free); components without an empty point are left out (no move is possible in
 * them).
 */
GArray *region_split(const board_geom_t *geom, const board_t *position, GError **error);
void region_parts_free(GArray *parts);

/*
 * The value of a whole position as the sum of its parts' values (region_split, then region_value
 * on each part; every part's local positions go through the context's table).  Fails as
 * region_value does, on the first part that fails.
 */
bool region_value_sum(cgt_game_t *out, region_ctx_t *ctx, const board_geom_t *geom,
                      const board_t *position, region_model_t model, GError **error);

#endif
