/*
 * core/perft.h: perft, the number of leaves of the game tree cut at a depth.
 *
 * A node is a leaf when it is at the cut depth or when its game has ended (two passes, no
 * legal move under a no-pass rule set, a cycle under cycle=draw).  Perft numbers pin the rules
 * down: any change in legality, captures, ko or ending changes them.  docs/perft.md lists them.
 */
#ifndef MATHGO_CORE_PERFT_H
#define MATHGO_CORE_PERFT_H

#include "core/game.h"

#include <stdint.h>

/* Per-depth counts of one perft run. */
typedef struct perft_counts {
    uint64_t leaves; /* leaves of the tree cut at the depth */
    uint64_t ended;  /* leaves whose game has ended (a subset of leaves) */
    uint64_t nodes;  /* interior and leaf nodes visited */
} perft_counts_t;

/*
 * Counts the leaves of the game tree of `game` (from its current state) cut at `depth` plies.
 * The game is used as a scratch stack and is returned in its original state.
 */
perft_counts_t perft_run(game_t *game, int depth);

/*
 * One row of a perft signature file (tests/data/perft.csv):
 *   board,rules,depth,leaves,ended,nodes
 * with the rules field quoted when it holds commas (RFC 4180).
 */
typedef struct perft_row {
    char board[16];
    char rules[96];
    int depth;
    perft_counts_t counts;
} perft_row_t;

/* Parses one data row; false for a header, blank or malformed line. */
bool perft_parse_row(perft_row_t *row, const char *line);

#endif
