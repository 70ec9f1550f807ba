/*
 * bench/bench_benson.c: the time of one benson_analyse call (core/benson.h), one core.
 *
 * The positions: 4096 per board, each taken at a random ply (0 to 3*N) of a random playout from
 * the empty board (uniformly random legal points, suicide and simple-ko recaptures refused, a
 * pass when nothing is left), so openings, crowded middle games and finished boards with
 * eyes are all in the mix.  Each call analyses one colour, alternating.
 * Prints one CSV row per board: bench,board,ns_per_call,commit (the median of 5 runs).
 * Usage: bench_benson [SECONDS_PER_BOARD]  (default 1)
 */
#include "core/benson.h"

#include <stdio.h>
#include <stdlib.h>
#include "bench_commit.h" /* MATHGO_COMMIT, written at build time (bench/commit.cmake) */

#define POSITIONS 4096

static double now(void)
{
    return (double)g_get_monotonic_time() / 1e6;
}

static inline uint64_t xorshift(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static board_t random_position(const board_geom_t *g, uint64_t *rng)
{
    board_t b = {{0, 0}}, before = b;
    board_color_t c = BOARD_BLACK;
    int plies = (int)(xorshift(rng) % (uint64_t)(3 * g->size + 1));
    for (int ply = 0; ply < plies; ply++) {
        uint64_t cand = board_empty(&b, g);
        while (cand) {
            int k = (int)(xorshift(rng) % (uint64_t)board_popcount(cand));
            uint64_t m = cand;
            while (k--)
                m &= m - 1;
            board_point_t p = board_lowest(m);
            cand &= ~board_bit(p);
            board_placement_t pl = board_place(&b, g, c, p);
            if (pl.suicided || board_equal(&pl.after, &before))
                continue;
            before = b;
            b = pl.after;
            break;
        }
        c = board_color_other(c);
    }
    return b;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    static const int sizes[][2] = {{3, 3}, {4, 4}, {5, 5}, {7, 7}};
    static board_t positions[POSITIONS];
    printf("bench,board,ns_per_call,commit\n");
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        board_geom_t *g = board_geom_create(sizes[s][0], sizes[s][1], NULL);
        uint64_t rng = 0x9E3779B97F4A7C15ULL + s;
        for (int i = 0; i < POSITIONS; i++)
            positions[i] = random_position(g, &rng);
        double ns[5];
        uint64_t sink = 0;
        for (int r = 0; r < 5; r++) {
            uint64_t calls = 0;
            double t0 = now(), t;
            do {
                for (int i = 0; i < POSITIONS; i++) {
                    benson_t out;
                    benson_analyse(&out, &positions[i], g, (board_color_t)(i & 1));
                    sink ^= out.alive + out.territory;
                }
                calls += POSITIONS;
                t = now() - t0;
            } while (t < seconds / 5);
            ns[r] = t * 1e9 / (double)calls;
        }
        qsort(ns, 5, sizeof *ns, compare_double);
        printf("benson,%dx%d,%.1f,%s\n", g->width, g->height, ns[2], MATHGO_COMMIT);
        if (sink == 42)
            fputc(' ', stderr); /* keeps the loop from being optimised away */
        board_geom_destroy(g);
    }
    return 0;
}
