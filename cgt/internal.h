/*
 * cgt/internal.h: the context's layout and its operation caches, shared by the cgt/ modules
 * only (never included outside cgt/).  Public code uses cgt/game.h.
 */
#ifndef MATHGO_CGT_INTERNAL_H
#define MATHGO_CGT_INTERNAL_H

#include "cgt/game.h"

#include <glib.h>

#define CGT_NONE UINT32_MAX

/*
 * A cache from a pair of ids (g, h) to one id: open addressing with linear probing, capacity a
 * power of two, kept at most half full.  Keys are (g << 32 | h); the empty key is all ones,
 * which no pair of real ids can make (ids stay below UINT32_MAX).
 */
typedef struct cgt_pairmap {
    uint64_t *keys;
    uint32_t *vals;
    size_t cap, used;
} cgt_pairmap_t;

void cgt_pairmap_init(cgt_pairmap_t *m);
void cgt_pairmap_clear(cgt_pairmap_t *m);
/* The value stored for (g, h), or CGT_NONE. */
uint32_t cgt_pairmap_get(const cgt_pairmap_t *m, uint32_t g, uint32_t h);
void cgt_pairmap_put(cgt_pairmap_t *m, uint32_t g, uint32_t h, uint32_t v);

/* The operation caches a context owns, one per binary (or unary, h = 0) operation. */
enum {
    CGT_OP_LEQ,     /* 1 if g <= h, 0 if not */
    CGT_OP_ADD,     /* g + h with g < h */
    CGT_OP_COOL,    /* g cooled by the number h */
    CGT_OP_HEAT,    /* g heated by h */
    CGT_OP_CHILL,   /* g chilled */
    CGT_OP_WARM,    /* g warmed */
    CGT_OP_AW,      /* naive atomic weight of g */
    CGT_OP_STARP,   /* star projection (for the reduced canonical form) */
    CGT_OP_NORTON,  /* Norton product g.h */
    CGT_OP_ORDINAL, /* ordinal sum g:h */
    CGT_OP_COUNT
};

/* Per-context slot for the thermograph cache (id -> cgt_thermo_t *), owned by thermo.c. */
typedef struct cgt_ctx_ext {
    GHashTable *thermo;    /* guint id -> thermograph (borrowed from thermo_owned) */
    GPtrArray *thermo_own; /* every thermograph made, freed with the context */
} cgt_ctx_ext_t;

cgt_pairmap_t *cgt_ctx_cache(cgt_ctx_t *ctx, int op);
cgt_ctx_ext_t *cgt_ctx_ext(cgt_ctx_t *ctx);

/* One step of a recursive operator: f applied to an option (arg is the operator's data). */
typedef cgt_game_t (*cgt_unary_fn)(cgt_ctx_t *ctx, cgt_game_t g, const void *arg);
/* The canonical form of {f(GL) + dl | f(GR) + dr}. */
cgt_game_t cgt_map_options(cgt_ctx_t *ctx, cgt_game_t g, cgt_unary_fn f, const void *arg,
                           cgt_game_t dl, cgt_game_t dr);

/* Simplest number strictly between lo and hi (lo < hi); either may be NULL for -inf / +inf. */
void cgt_simplest_between(mpq_t out, const mpq_t lo, const mpq_t hi);
/* True if x's denominator is a power of two. */
bool cgt_is_dyadic(const mpq_t x);

#endif
