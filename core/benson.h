/*
 * core/benson.h: unconditional life (Benson 1976) and the safe territory that follows from it.
 *
 * Sources: D. B. Benson, "Life in the game of Go", Information Sciences 10 (1976) 17-29, for
 * the algorithm; E. C. D. van der Werf, H. J. van den Herik and J. W. H. M. Uiterwijk, "Solving
 * Go on Small Boards", ICGA Journal 26(2) (2003) 92-107, for using the regions it proves safe
 * as territory when bounding a small-board search.  docs/benson.md has the proofs and figures.
 *
 * Definitions, for colour c (the opponent o = board_color_other(c)) in position b:
 *
 *   chain      a maximal connected set of c's stones.
 *   region     a maximal connected set of points not occupied by c (empty points and o's
 *              stones).  N(S) is the set of points adjacent to S (board_adjacent).
 *   vital      a region R is vital to a chain X when R is a subset of N(X): EVERY point of R,
 *              empty or held by o, is adjacent to X.
 *
 *     Benson's original test asks this only of the empty points of R.  That is sound when
 *     suicide is illegal, but not when it is legal (Tromp-Taylor, pseudo-Go): o can fill R's
 *     last point (a suicide that empties R), then refill R's points next to X while keeping a
 *     liberty on a point X does not touch.  In "X. / .X / OX" (2x3) the original test calls
 *     every black stone alive, yet White captures A3: A2 (a suicide, A2 and A1 go), A2 again
 *     (its liberty is A1, which A3 does not touch), B3.  The stricter test
 *     differs only for regions holding o's stones, and is sound under every rule set of
 *     core/rules.h; tests/test_benson.c checks both statements by brute force.
 *
 *   alive      Benson's fixpoint.  Start with all chains and all regions; repeat
 *                (a) remove every chain with fewer than two vital regions among the remaining
 *                    regions;
 *                (b) remove every region that borders a removed chain;
 *              until nothing changes.  The stones of the remaining chains are unconditionally
 *              alive: o cannot capture any of them even if c passes forever, under any ko
 *              rule or none, suicide legal or not.
 *
 *   territory  the union of the regions R such that every chain bordering R is alive and every
 *              point of R is adjacent to an alive stone (R is a subset of N(alive)).  A
 *              territory region is bordered by alive stones only, so o can never make an eye
 *              in it, and c can take every o stone in R: each c play in R at a liberty of an o
 *              chain joins an alive chain, so it is never a suicide and never captured, and,
 *              as c's stones in R only increase, it never repeats an earlier position, so no
 *              ko or superko rule forbids it.
 *
 * Regions (core/board.h: holes and safe stones).  Holes are not points: chains, regions and
 * N(S) never include them, so a region's walls are its holes as much as the board's edge, and
 * the argument above holds on the graph of on-board points as it does on the rectangle.  Safe
 * stones change two steps:
 *   - a chain of c holding a safe stone of c is never removed in (a): it is alive by the
 *     rules (it can never be captured), so the regions it borders stay;
 *   - a region holding a safe stone of o is never vital and never territory: o can fill all
 *     of it with a chain joined to that stone, which is safe, so no play of o there is a
 *     suicide and none of o's stones there can be taken.
 * With these two steps the proofs above go through unchanged: an o chain inside a vital or
 * territory region R stays inside R while R's bordering chains stand, and R has no safe o
 * stone, so that chain is an ordinary one.
 *
 * Edge cases: no stone of c gives nothing alive and no territory; a region that is the whole
 * rest of the board is handled like any other (it is vital only when all of it touches X);
 * a chain without a liberty (not a legal position) is never alive unless it is safe.
 *
 * Use: c's final area is at least popcount(alive | territory), whoever moves and whatever the
 * history.
 */
#ifndef MATHGO_CORE_BENSON_H
#define MATHGO_CORE_BENSON_H

#include "core/board.h"

/* The result of benson_analyse; a small value, copied with =. */
typedef struct benson {
    uint64_t alive;     /* stones of colour c's unconditionally alive chains (Benson 1976) */
    uint64_t territory; /* points (empty or opponent stones) of regions safe for c, see above */
} benson_t;

/*
 * Unconditional life and territory of colour c in position b.  Writes *out; alive is a subset
 * of b->stones[c], territory is disjoint from it, and territory is empty when alive is.
 * Bitboard flood fills only, no allocation: for the solver's hot path.
 */
void benson_analyse(benson_t *out, const board_t *b, const board_geom_t *g, board_color_t c);

#endif
