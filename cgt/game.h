/*
 * cgt/game.h: short partizan games in canonical form, hash-consed in a context.
 *
 * A context (cgt_ctx_t) owns one table of canonical games.  Each game is a small integer id
 * (cgt_game_t); two ids are equal exactly when the games are equal, so equality is an integer
 * compare.  Numbers are exact dyadic rationals of any size (GMP mpq_t with a power-of-two
 * denominator).  Numbers, nimbers and ups ("number-up-star" values x + ^n + *m) are stored by
 * value and get a fast path in sums and comparisons; every other game is stored by its sorted
 * canonical options.  Options of a number-up-star are made on demand, so an integer 10^40 costs
 * one node, not 10^40.
 *
 * Algorithms (textbook; see docs/cgt.md): canonical form by deleting dominated options and
 * bypassing reversible ones (Winning Ways ch. 3; Siegel, "Combinatorial Game Theory", II.2);
 * sums by G+H = {GL+H, G+HL | GR+H, G+HR} with number avoidance and translation (Siegel II.3);
 * comparison by the recursive definition with the same number avoidance.  The design of the
 * table (integer ids, operation caches keyed by id pairs, a number-up-star fast path) follows
 * CGSuite's CanonicalShortGameOps (A. Siegel); no code is taken from it.
 *
 * Every function taking a cgt_game_t requires an id made by the same context.  Contexts are
 * independent: two contexts in one process share nothing.  A context is not thread-safe.
 */
#ifndef MATHGO_CGT_GAME_H
#define MATHGO_CGT_GAME_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint32_t cgt_game_t;
typedef struct cgt_ctx cgt_ctx_t;

/* Result of a comparison: G < H, G = H, G > H, or G || H (confused, incomparable). */
typedef enum { CGT_CMP_LT, CGT_CMP_EQ, CGT_CMP_GT, CGT_CMP_FUZZY } cgt_cmp_t;

/* Outcome classes: Left wins, Right wins, first player wins (N), second player wins (P). */
typedef enum { CGT_OUTCOME_L, CGT_OUTCOME_R, CGT_OUTCOME_N, CGT_OUTCOME_P } cgt_outcome_t;

/* A new, empty context (0 is made eagerly).  Never NULL (aborts on out of memory). */
cgt_ctx_t *cgt_ctx_create(void);
/* Frees the context and everything it owns; NULL is allowed. */
void cgt_ctx_destroy(cgt_ctx_t *ctx);
/* Number of canonical games the context holds (for statistics and benchmarks). */
size_t cgt_ctx_size(const cgt_ctx_t *ctx);

/* ---- Construction ---------------------------------------------------------------------- */

cgt_game_t cgt_zero(cgt_ctx_t *ctx);
cgt_game_t cgt_integer(cgt_ctx_t *ctx, long n);
/* The number x; precondition: x is dyadic (its denominator is a power of two). */
cgt_game_t cgt_number(cgt_ctx_t *ctx, const mpq_t x);
/* The nimber *n. */
cgt_game_t cgt_nimber(cgt_ctx_t *ctx, unsigned long n);
/* x + ^up + *nim (up < 0 means downs).  Precondition: x dyadic. */
cgt_game_t cgt_nus(cgt_ctx_t *ctx, const mpq_t x, long up, unsigned long nim);
/*
 * The canonical form of {left | right} where every option is a game of this context (in any
 * order, with repeats allowed).
 */
cgt_game_t cgt_from_options(cgt_ctx_t *ctx, const cgt_game_t *left, size_t n_left,
                            const cgt_game_t *right, size_t n_right);
/* {x | -x} */
cgt_game_t cgt_switch(cgt_ctx_t *ctx, cgt_game_t x);

/* ---- Options (made on demand for number-up-stars; the pointer stays valid) -------------- */

size_t cgt_left_count(cgt_ctx_t *ctx, cgt_game_t g);
size_t cgt_right_count(cgt_ctx_t *ctx, cgt_game_t g);
/*
 * The options in id order; valid until the context is destroyed.  Layout guarantee: the right
 * options follow the left ones in memory, so cgt_left_options(g)[n_left + i] is right option i.
 */
const cgt_game_t *cgt_left_options(cgt_ctx_t *ctx, cgt_game_t g);
const cgt_game_t *cgt_right_options(cgt_ctx_t *ctx, cgt_game_t g);

/* ---- Kind ------------------------------------------------------------------------------- */

bool cgt_is_number(const cgt_ctx_t *ctx, cgt_game_t g);
bool cgt_is_integer(const cgt_ctx_t *ctx, cgt_game_t g);
/* True for x + ^n + *m (numbers and nimbers included). */
bool cgt_is_nus(const cgt_ctx_t *ctx, cgt_game_t g);
bool cgt_is_nimber(const cgt_ctx_t *ctx, cgt_game_t g);
/* The number x of x^n*m, as a game.  Precondition: cgt_is_nus(g). */
cgt_game_t cgt_number_part(cgt_ctx_t *ctx, cgt_game_t g);
/* Parts of a number-up-star.  Precondition: cgt_is_nus(g). */
void cgt_nus_number(mpq_t out, const cgt_ctx_t *ctx, cgt_game_t g);
long cgt_nus_up(const cgt_ctx_t *ctx, cgt_game_t g);
unsigned long cgt_nus_nim(const cgt_ctx_t *ctx, cgt_game_t g);

/* ---- Arithmetic and order --------------------------------------------------------------- */

cgt_game_t cgt_neg(cgt_ctx_t *ctx, cgt_game_t g);
cgt_game_t cgt_add(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t h);
cgt_game_t cgt_sub(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t h);
/* n copies of g (n may be negative: -n copies of -g). */
cgt_game_t cgt_times(cgt_ctx_t *ctx, cgt_game_t g, long n);
/* The same for an integer of any size. */
cgt_game_t cgt_times_z(cgt_ctx_t *ctx, cgt_game_t g, const mpz_t n);
/* g <= h. */
bool cgt_leq(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t h);
cgt_cmp_t cgt_compare(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t h);
cgt_outcome_t cgt_outcome(cgt_ctx_t *ctx, cgt_game_t g);

/* ---- Simple invariants ------------------------------------------------------------------ */

/* Left stop and right stop (Siegel II.4). */
void cgt_left_stop(mpq_t out, cgt_ctx_t *ctx, cgt_game_t g);
void cgt_right_stop(mpq_t out, cgt_ctx_t *ctx, cgt_game_t g);
/* The birthday (an integer n has birthday |n|, so this can be large). */
void cgt_birthday(mpz_t out, cgt_ctx_t *ctx, cgt_game_t g);
/* A total order used for printing options the way CGSuite lists them. */
int cgt_order(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t h);
/* Sorts v[0..n) by cgt_order. */
void cgt_sort_by_order(cgt_ctx_t *ctx, cgt_game_t *v, size_t n);

#endif
