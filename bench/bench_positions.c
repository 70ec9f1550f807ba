/*
 * bench/bench_positions.c: the cost of counting, ranking and enumerating legal positions.
 *
 * Prints CSV rows commit,board,operation,items,seconds,per_second; seconds are this thread's CPU
 * time (the machine is shared):
 *   count                L(N,N) by the frontier sweep, N = 1..max (items = border states);
 *   rank_tables          building the rank tables (items = bytes of tables);
 *   walk                 the cursor over all L positions in rank order;
 *   walk+rank_sequential the same, ranking each position;
 *   unrank_sequential    every rank 0..L-1 unranked;
 *   rank_random, unrank_random   a million random positions (random table paths);
 *   movegen              a retrograde-style pass: every legal position, every stone either colour
 *                        can place without suicide, captures resolved (core/board.h board_place),
 *                        successors collected per position;
 *   movegen+rank         the same pass ranking each successor with rank_position();
 *   rank_within_pass     the difference: what ranking adds to the pass.
 * Boards with more than 10^8 positions skip the whole-board rows and run the pass over the
 * million random positions (movegen_sampled...).
 * Usage: bench_positions [max N for count (default 8)] [ranking boards WxH... (default 4x4 5x4)]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include "core/board.h"
#include "positions/count.h"
#include "positions/rank.h"

#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "bench_commit.h" /* MATHGO_COMMIT, written at build time (bench/commit.cmake) */

/* CPU time of this thread: the machine is shared, and time spent descheduled is not ours. */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void row(const char *board, const char *what, uint64_t items, double seconds)
{
    printf("%s,%s,%s,%llu,%.6f,%.1f\n", MATHGO_COMMIT, board, what, (unsigned long long)items,
           seconds, seconds > 0 ? items / seconds : 0.0);
    fflush(stdout);
}

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1Dull;
}

/* How a retrograde-style pass ranks the successors it generates. */
typedef enum pass_ranking { PASS_NO_RANK, PASS_RANK } pass_ranking_t;

/* A retrograde-style pass: every successor of every legal position (or of `samples` given ones
 * when samples > 0), collected per position and then ranked (or only summed).  Returns a
 * checksum; *successors counts them. */
static uint64_t retrograde_pass(uint64_t *successors, const rank_t *r, const board_geom_t *g,
                                pass_ranking_t ranking, const board_t *sample, size_t samples)
{
    uint64_t check = 0, n = 0, index;
    board_t after[2 * BOARD_MAX_POINTS];
    rank_cursor_t *cur = samples ? NULL : rank_cursor_create(r, 0);
    board_t b;
    for (size_t i = 0; samples ? i < samples : rank_cursor_next(&b, &index, cur); i++) {
        if (samples)
            b = sample[i];
        size_t m = 0;
        for (int c = 0; c < 2; c++)
            for (uint64_t empty = board_empty(&b, g); empty; empty &= empty - 1) {
                board_placement_t p = board_place(&b, g, (board_color_t)c, board_lowest(empty));
                if (!p.suicided)
                    after[m++] = p.after;
            }
        n += m;
        /* Ranked after generation, in a plain loop: the table reads of successive successors
         * overlap (bench rows show this is what a retrograde pass should do). */
        for (size_t k = 0; k < m; k++)
            check += ranking == PASS_RANK ? rank_position(r, &after[k])
                                          : after[k].stones[0] ^ (after[k].stones[1] << 1);
    }
    rank_cursor_destroy(cur);
    *successors = n;
    return check;
}

static void bench_ranking(int w, int h)
{
    char name[32];
    snprintf(name, sizeof name, "%dx%d", w, h);
    board_geom_t *g = board_geom_create(w, h, NULL);
    double t0 = now();
    GError *error = NULL;
    rank_t *r = rank_create(g, &error);
    if (!r) {
        fprintf(stderr, "bench_positions: %s\n", error->message);
        g_error_free(error);
        board_geom_destroy(g);
        return;
    }
    row(name, "rank_tables", rank_bytes(r), now() - t0);
    const uint64_t n = rank_count(r);
    /* Whole passes up to 4x4's 24 million positions; larger boards are sampled. */
    const bool exhaustive = n <= 100000000;
    uint64_t index, check = 0, bad = 0;
    board_t b;
    rank_cursor_t *cur;

    if (exhaustive) {
        t0 = now();
        cur = rank_cursor_create(r, 0);
        while (rank_cursor_next(&b, &index, cur))
            check += b.stones[0] ^ b.stones[1];
        rank_cursor_destroy(cur);
        row(name, "walk", n, now() - t0);

        /* Positions come from the walk, whose own cost is the row above. */
        t0 = now();
        cur = rank_cursor_create(r, 0);
        while (rank_cursor_next(&b, &index, cur))
            bad += rank_position(r, &b) != index;
        rank_cursor_destroy(cur);
        row(name, "walk+rank_sequential", n, now() - t0);

        t0 = now();
        for (uint64_t i = 0; i < n; i++) {
            rank_unrank(&b, r, i);
            check += b.stones[0];
        }
        row(name, "unrank_sequential", n, now() - t0);
    }

    const int samples = 1000000;
    uint64_t seed = 12345, *ranks = g_new(uint64_t, samples);
    board_t *boards = g_new(board_t, samples);
    for (int i = 0; i < samples; i++) {
        ranks[i] = next_random(&seed) % n;
        rank_unrank(&boards[i], r, ranks[i]);
    }
    t0 = now();
    for (int i = 0; i < samples; i++)
        bad += rank_position(r, &boards[i]) != ranks[i];
    row(name, "rank_random", samples, now() - t0);
    t0 = now();
    for (int i = 0; i < samples; i++) {
        rank_unrank(&b, r, ranks[i]);
        check += b.stones[1];
    }
    row(name, "unrank_random", samples, now() - t0);
    g_free(ranks);

    /* The passes alternate three times and each keeps its best time, so that a burst of load on
     * the machine does not land on one of them only. */
    uint64_t moves = 0;
    size_t pass_samples = exhaustive ? 0 : (size_t)samples;
    double best[2] = {1e300, 1e300};
    for (int rep = 0; rep < 3; rep++)
        for (int mode = PASS_NO_RANK; mode <= PASS_RANK; mode++) {
            t0 = now();
            check += retrograde_pass(&moves, r, g, (pass_ranking_t)mode, boards, pass_samples);
            best[mode] = MIN(best[mode], now() - t0);
        }
    const char *pass = exhaustive ? "movegen" : "movegen_sampled";
    char label[64];
    row(name, pass, moves, best[PASS_NO_RANK]);
    snprintf(label, sizeof label, "%s+rank", pass);
    row(name, label, moves, best[PASS_RANK]);
    row(name, "rank_within_pass", moves, best[PASS_RANK] - best[PASS_NO_RANK]);
    fprintf(stderr, "%s: ranking takes %.0f%% of the pass (%.1f ns a successor)\n", name,
            100.0 * (best[PASS_RANK] - best[PASS_NO_RANK]) / best[PASS_RANK],
            1e9 * (best[PASS_RANK] - best[PASS_NO_RANK]) / (double)moves);
    g_free(boards);
    if (bad)
        fprintf(stderr, "bench_positions: %llu ranks were wrong\n", (unsigned long long)bad);
    fprintf(stderr, "(checksum %llu)\n", (unsigned long long)check);
    rank_destroy(r);
    board_geom_destroy(g);
}

int main(int argc, char **argv)
{
    int max_square = argc > 1 ? atoi(argv[1]) : 8;
    printf("commit,board,operation,items,seconds,per_second\n");
    mpz_t l;
    mpz_init(l);
    for (int n = 1; n <= max_square; n++) {
        char name[32];
        snprintf(name, sizeof name, "%dx%d", n, n);
        count_stats_t st;
        if (count_legal(l, n, n, &st, NULL))
            row(name, "count", st.states, st.seconds);
    }
    mpz_clear(l);
    if (argc > 2) {
        for (int i = 2; i < argc; i++) {
            int w, h;
            if (board_parse_size(&w, &h, argv[i], NULL))
                bench_ranking(w, h);
        }
    } else {
        bench_ranking(4, 4);
        bench_ranking(5, 4);
    }
    return 0;
}
