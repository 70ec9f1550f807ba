/* core/benson.c: Benson's unconditional life and the safe territory that follows from it. */
#include "core/benson.h"

/*
 * Chains of c and regions (maximal connected sets of points not occupied by c) are pairwise
 * non-adjacent within their kind, so each kind is an independent set of the grid graph: at most
 * ceil(W*H/2) <= 32 of them.  That lets a chain set and a region set each be one 64-bit mask of
 * indices, and the arrays live on the stack.
 */
#define BENSON_MAX_PARTS (BOARD_MAX_POINTS / 2)

/*
 * The analysis, with the two rules of safe stones (benson.h) compiled in only when `with_safe`:
 * benson_analyse calls it with a constant, so a geometry without safe stones runs the plain
 * algorithm with no test of them at all (the solver calls this at every node).  Holes need no
 * code: they are simply not in g->all, nor in any neighbour mask.
 */
static inline __attribute__((always_inline)) void
analyse(benson_t *out, const board_t *b, const board_geom_t *g, board_color_t c, bool with_safe)
{
    uint64_t own = b->stones[c];
    uint64_t rest_of_board = g->all & ~own;
    out->alive = 0;
    out->territory = 0;
    if (!own)
        return; /* no chain to be alive, and no alive stone for a territory point to touch */
    if (!with_safe) {
        /* A region vital to a chain lies inside N(own), so no region reaching a point off
         * N(own) can be vital.  With at most one region left, every chain has fewer than two
         * vital regions and the fixpoint drops them all: nothing is alive, no territory.  Most
         * positions of a search end here (two floods instead of one per chain and region). */
        uint64_t far = rest_of_board & ~board_adjacent(g, own);
        uint64_t enclosed = rest_of_board & ~board_flood(g, far, rest_of_board);
        if (!enclosed || board_flood(g, enclosed & -enclosed, enclosed) == enclosed)
            return;
    }

    uint64_t chain[BENSON_MAX_PARTS], chain_adjacent[BENSON_MAX_PARTS];
    uint64_t safe_chains = 0; /* chains holding a safe stone: alive by the region's rules */
    int chains = 0;
    for (uint64_t left = own; left; chains++) {
        uint64_t x = board_flood(g, left & -left, own);
        chain[chains] = x;
        chain_adjacent[chains] = board_adjacent(g, x);
        if (with_safe && (x & g->safe[c]))
            safe_chains |= (uint64_t)1 << chains;
        left &= ~x;
    }

    /* For each region: the chains bordering it, and (per chain) the regions vital to it.  A
     * region R is vital to chain X when every point of R is adjacent to X (see benson.h on why
     * "every point" and not only "every empty point"). */
    uint64_t region[BENSON_MAX_PARTS], borders[BENSON_MAX_PARTS];
    uint64_t vital[BENSON_MAX_PARTS] = {0};
    uint64_t opponent_safe = g->safe[board_color_other(c)];
    uint64_t immortal_regions = 0; /* regions holding a safe opponent stone */
    int regions = 0;
    for (uint64_t left = rest_of_board; left; regions++) {
        uint64_t r = board_flood(g, left & -left, rest_of_board);
        /* A safe opponent stone in r makes any opponent chain it joins safe: the opponent can
         * fill r completely without a suicide, so r is neither vital nor territory. */
        bool immortal = with_safe && (r & opponent_safe);
        if (immortal)
            immortal_regions |= (uint64_t)1 << regions;
        uint64_t touching = 0;
        for (int i = 0; i < chains; i++) {
            if (!(chain_adjacent[i] & r))
                continue;
            touching |= (uint64_t)1 << i;
            if (!immortal && !(r & ~chain_adjacent[i]))
                vital[i] |= (uint64_t)1 << regions;
        }
        region[regions] = r;
        borders[regions] = touching;
        left &= ~r;
    }

    /* Benson's fixpoint: drop chains with fewer than two vital regions left, then regions that
     * border a dropped chain, until neither changes. */
    uint64_t live_chains = chains == 64 ? ~(uint64_t)0 : (((uint64_t)1 << chains) - 1);
    uint64_t live_regions = regions == 64 ? ~(uint64_t)0 : (((uint64_t)1 << regions) - 1);
    for (;;) {
        uint64_t dropped = 0;
        for (uint64_t m = live_chains & ~safe_chains; m; m &= m - 1) {
            int i = __builtin_ctzll(m);
            uint64_t v = vital[i] & live_regions;
            if (!(v & (v - 1))) /* fewer than two */
                dropped |= m & -m;
        }
        if (!dropped)
            break;
        live_chains &= ~dropped;
        for (uint64_t m = live_regions; m; m &= m - 1)
            if (borders[__builtin_ctzll(m)] & ~live_chains)
                live_regions &= ~(m & -m);
    }

    uint64_t alive = 0;
    for (uint64_t m = live_chains; m; m &= m - 1)
        alive |= chain[__builtin_ctzll(m)];
    out->alive = alive;
    if (!alive)
        return;

    /* Safe territory: regions bordered only by alive chains, every point next to an alive
     * stone.  A region bordered only by alive chains was never dropped, so it is live. */
    uint64_t near_alive = board_adjacent(g, alive);
    uint64_t territory = 0;
    for (uint64_t m = live_regions & ~immortal_regions; m; m &= m - 1) {
        int j = __builtin_ctzll(m);
        if (!(borders[j] & ~live_chains) && !(region[j] & ~near_alive))
            territory |= region[j];
    }
    out->territory = territory;
}

/* The analysis on a geometry with safe stones, out of line so that the plain one below keeps
 * the code (and the registers) it had before regions existed. */
static __attribute__((noinline)) void analyse_with_safe(benson_t *out, const board_t *b,
                                                        const board_geom_t *g, board_color_t c)
{
    analyse(out, b, g, c, true);
}

void benson_analyse(benson_t *out, const board_t *b, const board_geom_t *g, board_color_t c)
{
    if (g->safe[BOARD_BLACK] | g->safe[BOARD_WHITE]) {
        analyse_with_safe(out, b, g, c);
        return;
    }
    analyse(out, b, g, c, false);
}
