/*
 * cgt/small.h: infinitesimal structure: all-small games, atomic weight, reduced canonical form,
 * incentives.
 *
 * Atomic weight (Winning Ways ch. 8 "the atomic weight calculus"; Siegel, "Combinatorial Game
 * Theory" II.7): aw(x^n*m) = n; otherwise g0 = {aw(GL) - 2 | aw(GR) + 2}, and when g0 is an
 * integer the far-star comparison picks the right integer (the "eccentric" case).  For an
 * all-small game the result is its atomic weight; for another infinitesimal it is the naive
 * value, reported as such, because the atomicity check (a comparison with a red-kite bound) is
 * not made here.  Reduced canonical form: the star projection of G heated by * (Grossman and
 * Siegel, "Reductions of partizan games", 2009; CGSuite's method).
 */
#ifndef MATHGO_CGT_SMALL_H
#define MATHGO_CGT_SMALL_H

#include "cgt/game.h"

typedef enum {
    CGT_AW_UNDEFINED, /* not an infinitesimal */
    CGT_AW_EXACT,     /* all-small: the atomic weight */
    CGT_AW_NAIVE      /* infinitesimal but not all-small: the naive weight, unchecked */
} cgt_aw_kind_t;

/* Every follower with options for one player has options for both (so G is infinitesimal). */
bool cgt_is_all_small(cgt_ctx_t *ctx, cgt_game_t g);
/* Left and right stops both 0. */
bool cgt_is_infinitesimal(cgt_ctx_t *ctx, cgt_game_t g);
/* The atomic weight in *out and what it means; *out is set unless CGT_AW_UNDEFINED. */
cgt_aw_kind_t cgt_atomic_weight(cgt_game_t *out, cgt_ctx_t *ctx, cgt_game_t g);
/* The reduced canonical form (G modulo infinitesimals). */
cgt_game_t cgt_reduced(cgt_ctx_t *ctx, cgt_game_t g);
/*
 * Incentives GL - G and G - GR without dominated ones (the largest kept).  Writes at most
 * cgt_left_count + cgt_right_count ids into out and returns how many.
 */
size_t cgt_incentives(cgt_game_t *out, cgt_ctx_t *ctx, cgt_game_t g);

#endif
