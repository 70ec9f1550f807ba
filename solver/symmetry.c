/* solver/symmetry.c: the worker's symmetry tables and the keys computed from scratch (see
 * symmetry.h). */
#include "solver/symmetry.h"

void sym_init(worker_t *w)
{
    const board_geom_t *g = w->g;
    w->nsym = g->symmetry_count;
    for (int s = 0; s < BOARD_MAX_SYMMETRIES; s++)
        for (int c = 0; c < 2; c++)
            for (int p = 0; p < g->size; p++)
                w->zsym[c][p][s] = g->zobrist[c][g->sym[s < w->nsym ? s : 0][p]];
    for (int s = 0; s < w->nsym; s++) {
        for (int t = 0; t < w->nsym; t++) {
            bool undoes = true;
            for (int p = 0; p < g->size && undoes; p++)
                undoes = g->sym[t][g->sym[s][p]] == p;
            if (undoes)
                w->inverse[s] = (uint8_t)t;
        }
    }
}

void sym_keys_of(const worker_t *w, uint64_t *skeys, const board_t *b)
{
    for (int s = 0; s < BOARD_MAX_SYMMETRIES; s++) {
        uint64_t k = 0;
        for (int c = 0; c < 2; c++)
            for (uint64_t m = b->stones[c]; m; m &= m - 1)
                k ^= w->zsym[c][board_lowest(m)][s];
        skeys[s] = k;
    }
}

/* The image of point set `mask` under symmetry s (~0, "any point", is its own image). */
static uint64_t sym_mask(const worker_t *w, uint64_t mask, int s)
{
    if (!s || mask == ~(uint64_t)0)
        return mask;
    board_t b = {{mask, 0}};
    return board_transform(&b, w->g, s).stones[0];
}

void sym_record(const worker_t *w, tt_record_t *rec, int s)
{
    if (!s)
        return;
    for (int r = 0; r < rec->nreq; r++)
        rec->req[r].board = board_transform(&rec->req[r].board, w->g, s);
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < TT_CONDS; i++) {
            rec->cond[c][i].alive = sym_mask(w, rec->cond[c][i].alive, s);
            rec->cond[c][i].touch = sym_mask(w, rec->cond[c][i].touch, s);
        }
}
