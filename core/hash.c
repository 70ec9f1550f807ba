/* core/hash.c: Zobrist keys and canonical images. */
#include "core/hash.h"

uint64_t hash_key(const board_t *b, const board_geom_t *g)
{
    return hash_delta(g, BOARD_BLACK, b->stones[BOARD_BLACK]) ^
           hash_delta(g, BOARD_WHITE, b->stones[BOARD_WHITE]);
}

board_t hash_canonical(int *symmetry, const board_t *b, const board_geom_t *g)
{
    board_t best = *b;
    int best_s = 0;
    for (int s = 1; s < g->symmetry_count; s++) {
        board_t t = board_transform(b, g, s);
        if (t.stones[0] < best.stones[0] ||
            (t.stones[0] == best.stones[0] && t.stones[1] < best.stones[1])) {
            best = t;
            best_s = s;
        }
    }
    if (symmetry)
        *symmetry = best_s;
    return best;
}

uint64_t hash_canonical_key(const board_t *b, const board_geom_t *g)
{
    board_t c = hash_canonical(NULL, b, g);
    return hash_key(&c, g);
}
