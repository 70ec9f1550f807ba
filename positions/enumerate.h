/*
 * positions/enumerate.h: every legal position of a board in rank order, or one per symmetry
 * class, with the tallies that check the classes by Burnside's lemma.
 *
 * The walk is positions/rank.h's cursor (a depth-first walk of the frontier tables, amortised
 * constant time per position).  With `canonical`, a position stands for its class when it is the
 * class's canonical image in core/hash.h's sense (the smallest (black, white) masks), and every
 * position also adds to fixed[s] when symmetry s maps it to itself.  Burnside's lemma (the
 * Cauchy-Frobenius lemma): classes = (1/|G|) * sum over s of fixed[s], where fixed[0] = L is the
 * plain count; enumerate_burnside_holds() checks it.
 */
#ifndef MATHGO_POSITIONS_ENUMERATE_H
#define MATHGO_POSITIONS_ENUMERATE_H

#include "core/board.h"

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

/* The most positions a walk will stream: 2^40 lines would already be tens of terabytes. */
#define ENUMERATE_MAX_POSITIONS ((uint64_t)1 << 40)

#define ENUMERATE_ERROR (enumerate_error_quark())
GQuark enumerate_error_quark(void);
typedef enum enumerate_error_code {
    ENUMERATE_ERROR_TOO_LARGE, /* more than 64 points, or more than ENUMERATE_MAX_POSITIONS */
} enumerate_error_code_t;

/* One position of the walk. */
typedef struct enumerate_item {
    board_t position;
    uint64_t rank;      /* its rank (positions/rank.h) */
    uint8_t class_size; /* with canonical: the number of distinct images; otherwise 0 */
} enumerate_item_t;

/* What the walk has seen so far (complete once enumerate_next has returned false). */
typedef struct enumerate_tally {
    uint64_t positions;                   /* legal positions walked */
    uint64_t classes;                     /* with canonical: canonical positions yielded */
    uint64_t fixed[BOARD_MAX_SYMMETRIES]; /* with canonical: positions fixed by symmetry s */
    int symmetries;                       /* the group's order */
} enumerate_tally_t;

typedef struct enumerate enumerate_t;

/*
 * Prepares a walk over the legal positions of a width x height board.  Returns NULL and sets
 * *error (ENUMERATE_ERROR_TOO_LARGE, naming the board and its count) when the board has more
 * than 64 points or more than ENUMERATE_MAX_POSITIONS legal positions.  Free with
 * enumerate_destroy.
 */
enumerate_t *enumerate_create(int width, int height, bool canonical, GError **error);
void enumerate_destroy(enumerate_t *walk);

/* The board's geometry (owned by the walk). */
const board_geom_t *enumerate_geom(const enumerate_t *walk);

/* The number of legal positions L of the board. */
uint64_t enumerate_count(const enumerate_t *walk);

/* Writes the next position (the next class representative with canonical); false at the end. */
bool enumerate_next(enumerate_item_t *item, enumerate_t *walk);

/* The tallies so far. */
enumerate_tally_t enumerate_tally(const enumerate_t *walk);

/* True when sum(fixed) = classes * symmetries (Burnside), over a finished canonical walk. */
bool enumerate_burnside_holds(const enumerate_tally_t *tally);

#endif
