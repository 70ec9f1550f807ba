/*
 * positions/frontier.h: the border-state automaton behind counting and ranking legal positions.
 *
 * Method: J. Tromp and G. Farnebäck, "Combinatorics of Go" (CG 2006; full version 2016), section
 * "Counting legal positions": a transfer-matrix (dynamic programming) sweep over the board, one
 * point at a time, that remembers only what the points already coloured can still do to the rest:
 * the colours along the border between coloured and uncoloured points, which border stones still
 * lack a liberty, and which of those belong to the same chain.  A chain that leaves the border
 * without a liberty kills the colouring; a state that survives can always be finished (colour the
 * rest empty), which is why every count below is bounded by the final one.
 *
 * The board is swept as a strip `width` points wide (the narrower side) and `rows` long; the cell
 * placed at step k = y*width + x is column x of row y.  Before step k the border is the previous
 * `width` cells; placing a cell replaces the one above it.
 *
 * The automaton is built once per (width, rows) as layers of dense state ids with precomputed
 * transitions, so that counting is array arithmetic and ranking is one table read per point:
 *   - row 0 (no row above) and the last row (border points with no uncoloured neighbour are
 *     dead ends) have their own layers;
 *   - the middle rows all share one set of layers, closed under the transitions (a cycle of
 *     `width` layers), so a strip of any length costs the same tables.
 * Layers chain: the successors of layer (y, width-1) are ids in layer (y+1, 0), and the last row
 * ends in a final layer with exactly one state (everything alive, nothing left to check).
 * Shared ids make the middle layer 0 and the last row's layer 0 the same state list.
 */
#ifndef MATHGO_POSITIONS_FRONTIER_H
#define MATHGO_POSITIONS_FRONTIER_H

#include <glib.h>
#include <stddef.h>
#include <stdint.h>

/* The widest strip: 4 bits a border point and a colour bit a chain must fit in one 64-bit key. */
#define FRONTIER_MAX_WIDTH 12

/* The choices for a point, in rank order: empty < black < white. */
enum { FRONTIER_EMPTY = 0, FRONTIER_BLACK = 1, FRONTIER_WHITE = 2, FRONTIER_CHOICES = 3 };

/* A transition to no state: the choice leaves a chain without a liberty. */
#define FRONTIER_DEAD UINT32_MAX

typedef struct frontier frontier_t;

/*
 * One layer: the states alive before a step, and for each state id and choice c the id of the
 * state after it in the next layer, next[id * FRONTIER_CHOICES + c] (or FRONTIER_DEAD).  The
 * final layer has size 1 and next NULL.
 */
typedef struct frontier_layer {
    uint32_t size;
    const uint32_t *next;
} frontier_layer_t;

/*
 * Builds the automaton for a strip `width` points wide (1..FRONTIER_MAX_WIDTH) and `rows` long
 * (>= 1).  Returns NULL and sets *error when the state tables would pass `max_states` states in
 * all (0: no limit).  Free with frontier_destroy.
 */
frontier_t *frontier_create(int width, int rows, size_t max_states, GError **error);
void frontier_destroy(frontier_t *f);

int frontier_width(const frontier_t *f);
int frontier_rows(const frontier_t *f);

/*
 * The layer in use before step k (0 <= k <= width*rows; k = width*rows is the final layer).
 * The pointer lives as long as f.
 */
const frontier_layer_t *frontier_layer(const frontier_t *f, int64_t k);

/* The largest layer's size (the vectors a sweep needs) and the number of distinct states. */
uint32_t frontier_max_layer(const frontier_t *f);
size_t frontier_state_total(const frontier_t *f);

#define FRONTIER_ERROR (frontier_error_quark())
GQuark frontier_error_quark(void);
typedef enum frontier_error_code {
    FRONTIER_ERROR_TOO_LARGE, /* more states than the caller allowed */
} frontier_error_code_t;

#endif
