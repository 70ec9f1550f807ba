/*
 * bench/bench_core.c: random legal moves per second, one core (the rules engine's speed).
 *
 * Two loops per board:
 *   playout: board_place with capture and suicide checks and the simple-ko test, choosing a
 *            uniformly random legal point (pass when none), games cut at 3*N moves; only
 *            stones placed are counted (the tries of illegal points are included in the time);
 *   game:    the same through game_t (game_legal_moves + game_play) under positional superko,
 *            with the exact history: what the GTP engine and the reference searches pay.
 * Prints one CSV row per board and loop: bench,board,loop,moves,time_s,moves_per_s,commit.
 * Usage: bench_core [SECONDS_PER_CASE]  (default 1; the median of 5 runs is printed)
 */
#include "core/game.h"

#include <stdio.h>
#include <stdlib.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif
#include "bench_commit.h" /* MATHGO_COMMIT, written at build time (bench/commit.cmake) */

static double now(void)
{
    return (double)g_get_monotonic_time() / 1e6;
}

/* A uniform integer in [0, n) by multiply-shift (Lemire), avoiding a division. */
static inline uint32_t below(uint64_t r, uint32_t n)
{
    return (uint32_t)(((r >> 32) * (uint64_t)n) >> 32);
}

static inline uint64_t xorshift(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* The k-th set bit of m (k < popcount(m)). */
static inline board_point_t nth_bit(uint64_t m, int k)
{
#ifdef __BMI2__
    return (board_point_t)__builtin_ctzll(_pdep_u64((uint64_t)1 << k, m));
#else
    while (k--)
        m &= m - 1;
    return (board_point_t)__builtin_ctzll(m);
#endif
}

static uint64_t playout_moves(const board_geom_t *g, double seconds, double *elapsed)
{
    uint64_t rng = 0x9E3779B97F4A7C15ULL, moves = 0, sink = 0;
    double t0 = now(), t;
    do {
        for (int rep = 0; rep < 1000; rep++) {
            board_t b = {{0, 0}}, before = b;
            board_color_t c = BOARD_BLACK;
            int passes = 0;
            for (int ply = 0; ply < 3 * g->size && passes < 2; ply++) {
                uint64_t cand = board_empty(&b, g);
                bool played = false;
                while (cand) {
                    board_point_t p =
                        nth_bit(cand, (int)below(xorshift(&rng), (uint32_t)board_popcount(cand)));
                    board_placement_t pl = board_place(&b, g, c, p);
                    cand &= ~board_bit(p);
                    /* Suicide, or a simple-ko recapture (which must capture exactly one stone). */
                    if (pl.suicided || (!(pl.captured & (pl.captured - 1)) && pl.captured &&
                                        board_equal(&pl.after, &before)))
                        continue;
                    before = b;
                    b = pl.after;
                    played = true;
                    break;
                }
                passes = played ? 0 : passes + 1;
                if (!played)
                    before = b;  /* a pass clears the ko */
                moves += played; /* stones placed; passes are not counted */
                c = board_color_other(c);
            }
            sink ^= b.stones[0];
        }
        t = now() - t0;
    } while (t < seconds);
    *elapsed = t;
    if (sink == 42)
        fputc(' ', stderr); /* keeps the loop from being optimised away */
    return moves;
}

static uint64_t game_moves(const board_geom_t *g, double seconds, double *elapsed)
{
    rules_t rules;
    rules_preset(&rules, "chinese", NULL);
    uint64_t rng = 12345, moves = 0;
    board_move_t legal[BOARD_MAX_POINTS + 1];
    double t0 = now(), t;
    do {
        for (int rep = 0; rep < 100; rep++) {
            game_t *game = game_create(g, &rules);
            int n;
            for (int ply = 0; ply < 3 * g->size && (n = game_legal_moves(legal, game)) > 0; ply++) {
                board_move_t m = legal[below(xorshift(&rng), (uint32_t)n)];
                game_play(game, m);
                moves += m != BOARD_MOVE_PASS;
            }
            game_destroy(game);
        }
        t = now() - t0;
    } while (t < seconds);
    *elapsed = t;
    return moves;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    const int sizes[] = {3, 5, 8};
    printf("bench,board,loop,moves,time_s,moves_per_s,commit\n");
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        board_geom_t *g = board_geom_create(sizes[i], sizes[i], NULL);
        for (int loop = 0; loop < 2; loop++) {
            double rates[5], elapsed = 0;
            uint64_t moves = 0;
            for (int r = 0; r < 5; r++) {
                moves = loop == 0 ? playout_moves(g, seconds / 5, &elapsed)
                                  : game_moves(g, seconds / 5, &elapsed);
                rates[r] = (double)moves / elapsed;
            }
            qsort(rates, 5, sizeof *rates, compare_double);
            printf("core,%dx%d,%s,%llu,%.3f,%.0f,%s\n", sizes[i], sizes[i],
                   loop == 0 ? "playout" : "game", (unsigned long long)moves, elapsed, rates[2],
                   MATHGO_COMMIT);
        }
        board_geom_destroy(g);
    }
    return 0;
}
