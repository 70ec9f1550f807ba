/*
 * core/hash.h: Zobrist keys of positions and canonical forms under the board's symmetries.
 *
 * The key of a position is the XOR of geom->zobrist[c][p] over its stones (Zobrist 1970).  It
 * does not include the side to move or any ko state: callers that need them (a situational
 * superko history, a search table) combine them explicitly, so that what a key stands for is
 * always visible where it is used.  Keys are reproducible: the table comes from a fixed seed.
 *
 * Keys are for fast filtering only.  Exact code compares positions (two words) after a key
 * match: a 64-bit collision can never make mathgo wrong, only slower.
 */
#ifndef MATHGO_CORE_HASH_H
#define MATHGO_CORE_HASH_H

#include "core/board.h"

/* The key of a position, computed from scratch. */
uint64_t hash_key(const board_t *b, const board_geom_t *g);

/* The key change for stones `mask` of colour c appearing or disappearing. */
static inline uint64_t hash_delta(const board_geom_t *g, board_color_t c, uint64_t mask)
{
    uint64_t k = 0;
    for (; mask; mask &= mask - 1)
        k ^= g->zobrist[c][board_lowest(mask)];
    return k;
}

/*
 * The canonical image of a position: among its images under the board's symmetries, the one
 * whose (black, white) masks are smallest in lexicographic order.  Exact: two positions are
 * symmetric iff their canonical images are equal.  *symmetry (may be NULL) receives the index
 * s with canonical = board_transform(b, g, s).
 */
board_t hash_canonical(int *symmetry, const board_t *b, const board_geom_t *g);

/* The key of the canonical image: equal for all symmetric images of a position. */
uint64_t hash_canonical_key(const board_t *b, const board_geom_t *g);

#endif
