/*
 * cgt/small.h: infinitesimal structure: all-small games, atomic weight, reduced canonical form,
 * incentives.
 *
 * Atomic weight (Winning Ways ch. 8 "the atomic weight calculus"; Siegel, "Combinatorial Game
 * Theory" II.7): aw(x^n*m) = n; otherwise g0 = {aw(GL) - 2 | aw(GR) + 2}, and when g0 is an
 * integer the far-star comparison picks the right integer (the "eccentric" case).  An all-small
 * game is atomic; any other infinitesimal is checked as CGSuite checks it: G - aw.^ must lie
 * between -e and e, where e = ^* + (*N : -1) and N is the least power of two at or above G's
 * far star.  Reduced canonical form: the star projection of G heated by * (Grossman and Siegel,
 * "Reductions of partizan games", 2009; CGSuite's method).
 */
#ifndef MATHGO_CGT_SMALL_H
#define MATHGO_CGT_SMALL_H

#include "cgt/game.h"

typedef enum {
    CGT_AW_UNDEFINED, /* not an infinitesimal */
    CGT_AW_EXACT,     /* all-small, or atomic by the check: the atomic weight */
    CGT_AW_NOT_ATOMIC /* an infinitesimal that fails the atomicity check (*out: naive weight) */
} cgt_aw_kind_t;

/* Every follower with options for one player has options for both (so G is infinitesimal). */
bool cgt_is_all_small(cgt_ctx_t *ctx, cgt_game_t g);
/* Left and right stops both 0. */
bool cgt_is_infinitesimal(cgt_ctx_t *ctx, cgt_game_t g);
/* The atomic weight in *out and what it means; *out is set unless CGT_AW_UNDEFINED. */
cgt_aw_kind_t cgt_atomic_weight(cgt_game_t *out, cgt_ctx_t *ctx, cgt_game_t g);
/* Norton's product g.u (Winning Ways ch. 8; Siegel II.7): n copies of u for an integer n, else
 * {GL.u + u + I | GR.u - (u + I)} over the incentives I of u.  Precondition: u > 0. */
cgt_game_t cgt_norton(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t u);
/* The ordinal sum g:h = {GL, g:HL | GR, g:HR} (Winning Ways ch. 6). */
cgt_game_t cgt_ordinal_sum(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t h);
/* The reduced canonical form (G modulo infinitesimals). */
cgt_game_t cgt_reduced(cgt_ctx_t *ctx, cgt_game_t g);
/*
 * Incentives GL - G and G - GR without dominated ones (the largest kept).  Writes at most
 * cgt_left_count + cgt_right_count ids into out and returns how many.
 */
size_t cgt_incentives(cgt_game_t *out, cgt_ctx_t *ctx, cgt_game_t g);

#endif
