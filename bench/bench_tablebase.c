/*
 * bench/bench_tablebase.c: the retrograde tablebases (solver/tablebase.h) measured, and compared
 * with the solver.  Three modes, each printing CSV rows with the commit:
 *
 *   bench_tablebase [--threads N] [WxH:RULES ...]
 *       computes each tablebase (default: the boards up to 3x4 under math and pseudo) and prints
 *       its counts, the empty board's value, time (wall and CPU), peak table memory and file size
 *       (BENCH_CURSORS=1: positions from rank cursors, no position array, as 5x4 needs);
 *   bench_tablebase solver WxH RULES [MAX_NODES [SAMPLES [SEED]]]
 *       every fresh state (the position alone) and every state with a ban one play after a fresh
 *       state, against the solver under RULES,ko=simple,cycle=draw from the same history (node
 *       budget per state, default 20000): agree, differ, unfinished; with SAMPLES, that many
 *       positions drawn at random (seeded) instead of all;
 *   bench_tablebase superko WxH RULES [MAX_NODES]
 *       every fresh state: the tablebase's outcome (simple ko, endless play a draw) against the
 *       positional-superko solver's winner under the RULES preset (math or pseudo).
 */
#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "positions/rank.h"
#include "solver/search.h"
#include "solver/tablebase.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "bench_commit.h" /* MATHGO_COMMIT, written at build time (bench/commit.cmake) */

/* Positions from rank cursors instead of an array (as for 5x4): BENCH_CURSORS=1. */
static tablebase_t *compute(const board_geom_t *g, const char *rules_text, int threads)
{
    rules_t r;
    GError *error = NULL;
    if (!rules_parse(&r, rules_text, &error)) {
        fprintf(stderr, "bench_tablebase: %s\n", error->message);
        exit(2);
    }
    tablebase_t *tb = tablebase_create(g, &r, &error);
    tablebase_options_t o = tablebase_options_default();
    o.threads = threads;
    if (getenv("BENCH_CURSORS") && atoi(getenv("BENCH_CURSORS")))
        o.position_bytes = 0;
    if (!tb || !tablebase_compute(tb, &o, &error)) {
        fprintf(stderr, "bench_tablebase: %s\n", error->message);
        exit(1);
    }
    return tb;
}

static board_geom_t *geom_of(const char *size)
{
    int w, h;
    GError *error = NULL;
    board_geom_t *g = NULL;
    if (board_parse_size(&w, &h, size, &error))
        g = board_geom_create(w, h, &error);
    if (!g) {
        fprintf(stderr, "bench_tablebase: %s\n", error->message);
        exit(2);
    }
    return g;
}

/* "B 23" (Black wins in 23 plies), "W 4", "draw": the empty board, Black to move. */
static void empty_value(char buf[32], const tablebase_t *tb)
{
    tablebase_state_t s = {{{0, 0}}, BOARD_BLACK, TABLEBASE_BAN_NONE};
    tablebase_value_t v;
    tablebase_value(&v, tb, &s, NULL);
    if (v.outcome == TABLEBASE_DRAW)
        snprintf(buf, 32, "draw");
    else
        snprintf(buf, 32, "%c %d", v.outcome == TABLEBASE_WIN ? 'B' : 'W', v.distance);
}

static int timing(int argc, char **argv, int threads)
{
    static const char *const quick[] = {
        "1x1:math", "1x2:math",   "1x3:math",   "1x4:math",   "1x5:math",   "1x6:math",  "1x7:math",
        "1x8:math", "1x9:math",   "2x2:math",   "2x3:math",   "2x4:math",   "3x3:math",  "2x5:math",
        "3x4:math", "1x9:pseudo", "2x2:pseudo", "2x4:pseudo", "3x3:pseudo", "3x4:pseudo"};
    const char *const *cases = argc ? (const char *const *)argv : quick;
    int count = argc ? argc : (int)G_N_ELEMENTS(quick);
    printf("commit,board,rules,threads,positions,states,ko_states,wins,losses,draws,"
           "ko_changed,max_distance,empty_board,time_s,cpu_s,memory_mb,file_mb\n");
    for (int i = 0; i < count; i++) {
        char **parts = g_strsplit(cases[i], ":", 2);
        if (!parts[1]) {
            fprintf(stderr, "bench_tablebase: '%s' is not WxH:RULES\n", cases[i]);
            return 2;
        }
        board_geom_t *g = geom_of(parts[0]);
        tablebase_t *tb = compute(g, parts[1], threads);
        tablebase_stats_t s = tablebase_stats(tb);
        char *path = g_strdup_printf("%s/bench_tablebase_%d.tb", g_get_tmp_dir(), (int)getpid());
        struct stat st;
        double file_mb = -1;
        if (tablebase_save(tb, path, NULL) && stat(path, &st) == 0)
            file_mb = st.st_size / 1e6;
        unlink(path);
        g_free(path);
        char value[32];
        empty_value(value, tb);
        char *rules = tablebase_rules_string(tablebase_rules(tb));
        printf("%s,%dx%d,\"%s\",%d,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%d,%s,%.2f,%.2f,%.1f,%.1f\n",
               MATHGO_COMMIT, g->width, g->height, rules, threads, (unsigned long long)s.positions,
               (unsigned long long)s.states, (unsigned long long)s.ko_states,
               (unsigned long long)s.wins, (unsigned long long)s.losses,
               (unsigned long long)s.draws, (unsigned long long)s.ko_changed, s.max_distance, value,
               s.seconds, s.cpu_seconds, s.memory_bytes / 1e6, file_mb);
        fflush(stdout);
        g_free(rules);
        tablebase_destroy(tb);
        board_geom_destroy(g);
        g_strfreev(parts);
    }
    return 0;
}

/* The solver's value of a game within a node budget; false when the budget ran out. */
static bool solver_value(int *value, search_t *s, const game_t *game)
{
    GError *error = NULL;
    bool ok = search_value(value, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, &error);
    g_clear_error(&error);
    return ok;
}

/* The tablebase's value in the solver's convention (Black's view). */
static int solver_convention(tablebase_value_t v, board_color_t to_move)
{
    if (v.outcome == TABLEBASE_DRAW)
        return 0;
    int win = SEARCH_VALUE_WIN - v.distance;
    return (v.outcome == TABLEBASE_WIN) == (to_move == BOARD_BLACK) ? win : -win;
}

static search_t *solver_for(const board_geom_t *g, const rules_t *r, uint64_t max_nodes)
{
    search_options_t o = search_options_default();
    o.tt_bytes = 64u << 20;
    o.max_nodes = max_nodes;
    GError *error = NULL;
    search_t *s = search_create(g, r, &o, &error);
    if (!s) {
        fprintf(stderr, "bench_tablebase: %s\n", error->message);
        exit(2);
    }
    return s;
}

/* A seeded generator for samples (splitmix64). */
static uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int versus_solver(const char *size, const char *preset, uint64_t max_nodes, uint64_t samples,
                         uint64_t seed)
{
    board_geom_t *g = geom_of(size);
    char *rules_text = g_strdup_printf("%s,ko=simple,cycle=draw", preset);
    tablebase_t *tb = compute(g, rules_text, 1);
    rules_t r;
    rules_parse(&r, rules_text, NULL);
    search_t *search = solver_for(g, &r, max_nodes);
    rank_t *rank = rank_create(g, NULL);
    uint64_t tally[2][3] = {{0}};
    double start = g_get_monotonic_time() * 1e-6;
    uint64_t count = samples ? samples : rank_count(rank);
    for (uint64_t i = 0; i < count; i++) {
        board_t b;
        rank_unrank(&b, rank, samples ? rng_next(&seed) % rank_count(rank) : i);
        for (int side = 0; side < 2; side++) {
            tablebase_state_t ts = {b, (board_color_t)side, TABLEBASE_BAN_NONE};
            game_t *game = game_create_from(g, &r, &b, (board_color_t)side, NULL);
            board_move_t moves[BOARD_MAX_POINTS + 1];
            int n = game_legal_moves(moves, game);
            for (int k = -1; k < n; k++) {
                tablebase_state_t s = ts;
                if (k >= 0) {
                    tablebase_state_play(&s, tb, &ts, moves[k]);
                    if (s.ban == TABLEBASE_BAN_NONE)
                        continue;
                    game_play(game, moves[k]);
                }
                tablebase_value_t v;
                tablebase_value(&v, tb, &s, NULL);
                int sv;
                int kind = k >= 0;
                if (!solver_value(&sv, search, game))
                    tally[kind][2]++;
                else if (sv == solver_convention(v, s.to_move))
                    tally[kind][0]++;
                else
                    tally[kind][1]++;
                if (k >= 0)
                    game_undo(game);
            }
            game_destroy(game);
        }
    }
    printf("commit,board,rules,states,agree,differ,unfinished,max_nodes,time_s\n");
    for (int kind = 0; kind < 2; kind++)
        printf("%s,%dx%d,\"%s\",%s,%llu,%llu,%llu,%llu,%.1f\n", MATHGO_COMMIT, g->width, g->height,
               rules_text, kind ? "ban after one play" : "fresh",
               (unsigned long long)tally[kind][0], (unsigned long long)tally[kind][1],
               (unsigned long long)tally[kind][2], (unsigned long long)max_nodes,
               g_get_monotonic_time() * 1e-6 - start);
    rank_destroy(rank);
    search_destroy(search);
    tablebase_destroy(tb);
    g_free(rules_text);
    board_geom_destroy(g);
    return tally[0][1] || tally[1][1] ? 1 : 0;
}

static int versus_superko(const char *size, const char *preset, uint64_t max_nodes)
{
    board_geom_t *g = geom_of(size);
    tablebase_t *tb = compute(g, preset, 1);
    rules_t r;
    GError *error = NULL;
    if (!rules_parse(&r, preset, &error)) {
        fprintf(stderr, "bench_tablebase: %s\n", error->message);
        return 2;
    }
    search_t *search = solver_for(g, &r, max_nodes);
    rank_t *rank = rank_create(g, NULL);
    /* [tablebase: win for the side to move, loss, draw][superko: side to move wins, loses] */
    uint64_t tally[3][2] = {{0}};
    uint64_t unfinished = 0;
    double start = g_get_monotonic_time() * 1e-6;
    for (uint64_t i = 0; i < rank_count(rank); i++) {
        board_t b;
        rank_unrank(&b, rank, i);
        for (int side = 0; side < 2; side++) {
            tablebase_state_t ts = {b, (board_color_t)side, TABLEBASE_BAN_NONE};
            tablebase_value_t v;
            tablebase_value(&v, tb, &ts, NULL);
            game_t *game = game_create_from(g, &r, &b, (board_color_t)side, NULL);
            int sv;
            if (!solver_value(&sv, search, game)) {
                unfinished++;
            } else {
                bool mover_wins = (sv > 0) == (side == BOARD_BLACK);
                int row = v.outcome == TABLEBASE_WIN ? 0 : v.outcome == TABLEBASE_LOSS ? 1 : 2;
                tally[row][mover_wins ? 0 : 1]++;
            }
            game_destroy(game);
        }
    }
    uint64_t same = tally[0][0] + tally[1][1];
    uint64_t flipped = tally[0][1] + tally[1][0];
    printf("commit,board,rules,states,same_winner,other_winner,draw_to_mover,draw_to_opponent,"
           "unfinished,time_s\n");
    printf("%s,%dx%d,%s,%llu,%llu,%llu,%llu,%llu,%llu,%.1f\n", MATHGO_COMMIT, g->width, g->height,
           preset, (unsigned long long)(2 * rank_count(rank)), (unsigned long long)same,
           (unsigned long long)flipped, (unsigned long long)tally[2][0],
           (unsigned long long)tally[2][1], (unsigned long long)unfinished,
           g_get_monotonic_time() * 1e-6 - start);
    rank_destroy(rank);
    search_destroy(search);
    tablebase_destroy(tb);
    board_geom_destroy(g);
    return 0;
}

int main(int argc, char **argv)
{
    int threads = 1;
    if (argc > 2 && !strcmp(argv[1], "--threads")) {
        threads = atoi(argv[2]);
        argc -= 2;
        argv += 2;
    }
    if (argc >= 4 && (!strcmp(argv[1], "solver") || !strcmp(argv[1], "superko"))) {
        uint64_t max_nodes = argc > 4 ? strtoull(argv[4], NULL, 10) : 20000;
        uint64_t samples = argc > 5 ? strtoull(argv[5], NULL, 10) : 0;
        uint64_t seed = argc > 6 ? strtoull(argv[6], NULL, 10) : 1;
        return !strcmp(argv[1], "solver")
                   ? versus_solver(argv[2], argv[3], max_nodes, samples, seed)
                   : versus_superko(argv[2], argv[3], max_nodes);
    }
    return timing(argc - 1, argv + 1, threads);
}
