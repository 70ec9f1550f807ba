/*
 * core/japanese_internal.h: what core/japanese.c shares with its test only.
 *
 * The game space's last check (docs/japanese.md, "The game space"): a defender's strategy
 * forces a two-eye-formation only if no line of it repeats a situation (the Analysis ends a
 * sequence at its first cycle, and a stone played in the cycle is not independently alive).
 * The strategy's states are gathered as `places`, each with its situation (the position and the
 * player to move, numbered 0 .. situations - 1); a move joins two places.  Two checks, the
 * cheap one first:
 *   - japanese_lines_acyclic: the situations' graph (a move from sit(u) to sit(v) for each
 *     move u -> v) has no cycle, which proves that no line repeats a situation;
 *   - japanese_lines_repeat: the exact answer when it does have one (two lines may each meet
 *     a situation once, in opposite orders, and never the same line twice).
 * Kept apart so that a test can give them strategies whose answer is known: no search of a
 * real position measured so far has reached a repeating line (docs/japanese.md).
 */
#ifndef MATHGO_CORE_JAPANESE_INTERNAL_H
#define MATHGO_CORE_JAPANESE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

/* The exact check's sets of situations, one bit per situation and place: 32 MB at most. */
#define JAPANESE_LINES_MAX_WORDS (1u << 22)

typedef struct japanese_lines {
    uint32_t places;       /* the strategy's states, 0 .. places - 1 */
    uint32_t situations;   /* their situations, 0 .. situations - 1 */
    uint32_t moves;        /* the moves: edges[2e] -> edges[2e + 1], places */
    const uint32_t *sit;   /* the situation of each place */
    const uint32_t *edges; /* 2 * moves places */
} japanese_lines_t;

/* True when the situations' graph of l has no cycle (then no line repeats a situation). */
bool japanese_lines_acyclic(const japanese_lines_t *l);

/*
 * True when some line of l (a walk along its moves from any place) meets one situation twice.
 * The places must have no cycle among themselves (a strategy never returns to a state it has
 * left): they are ranked with every move's end before its start, and the situations reachable
 * from each place gathered in that rank.  *known is false, and the result false, when the
 * places have a cycle or the sets would pass JAPANESE_LINES_MAX_WORDS words.
 */
bool japanese_lines_repeat(bool *known, const japanese_lines_t *l);

#endif
