/*
 * positions/rank.h: a dense numbering of the legal positions of a board, 0 .. L-1.
 *
 * The ranking is the frontier sweep of positions/frontier.h (Tromp and Farnebäck, "Combinatorics
 * of Go") read as a decision diagram: for every step k and border state s, the number of legal
 * ways to finish the board from s.  A position's rank is the number of legal positions that come
 * before it in the order below, i.e. the sum, over its points, of the completions of the choices
 * smaller than its own (standard ranking of the paths of a layered DAG).  The sums are stored per
 * (step, state, choice), so rank() is one table read and one addition per point, and unrank()
 * walks the same table.
 *
 * The order: points are scanned row by row (top row first, left to right) when W <= H, and column
 * by column (left column first, top to bottom) when W > H, so that the border always runs along
 * the narrower side; positions compare lexicographically in that scan with empty < black < white.
 * The empty board is rank 0.
 *
 * Works on board_t (W*H <= 64) whenever L(W,H) < 2^64: up to 1x43, 2x20, 3x13, 4x10, 5x8, 6x6.
 * Tables: 48 bytes per reachable border state per step, plus the chunk tables of rank.c (4x4:
 * 0.4 MB).
 */
#ifndef MATHGO_POSITIONS_RANK_H
#define MATHGO_POSITIONS_RANK_H

#include "core/board.h"

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

/* The "rank" of a position that is not legal (or has a stone off the board or a doubled point). */
#define RANK_ILLEGAL UINT64_MAX

#define RANK_ERROR (rank_error_quark())
GQuark rank_error_quark(void);
typedef enum rank_error_code {
    RANK_ERROR_TOO_LARGE, /* L(W,H) >= 2^64, or tables too large */
} rank_error_code_t;

typedef struct rank rank_t;

/*
 * Builds the ranking tables for geom's board.  Copies what it needs from geom.  Returns NULL and
 * sets *error (RANK_ERROR_TOO_LARGE) when the count does not fit 64 bits.  Free with rank_destroy.
 */
rank_t *rank_create(const board_geom_t *geom, GError **error);
void rank_destroy(rank_t *r);

/* L(W,H): the number of legal positions, one more than the largest rank. */
uint64_t rank_count(const rank_t *r);

/* The bytes of the tables, for reports. */
size_t rank_bytes(const rank_t *r);

/*
 * The rank of a position, or RANK_ILLEGAL when it is not a legal position of this board.  About
 * 4 to 6 dependent table reads; a pass that ranks many positions should generate them first and
 * rank them in a plain loop, so that the processor overlaps the reads of different positions.
 */
uint64_t rank_position(const rank_t *r, const board_t *position);

/* The position of rank index (index < rank_count(r)). */
void rank_unrank(board_t *position, const rank_t *r, uint64_t index);

/*
 * A cursor walks the legal positions in rank order from a given rank, in amortised constant time
 * per position (a depth-first walk of the tables, no unranking).  It borrows r, which must outlive
 * it.  Free with rank_cursor_destroy.
 */
typedef struct rank_cursor rank_cursor_t;
rank_cursor_t *rank_cursor_create(const rank_t *r, uint64_t first);
void rank_cursor_destroy(rank_cursor_t *cursor);

/* Writes the next position and its rank; returns false after the last one. */
bool rank_cursor_next(board_t *position, uint64_t *index, rank_cursor_t *cursor);

#endif
