/*
 * bench/bench_solver.c: solves a fixed set of boards and prints one CSV row per board:
 * commit, board, rules, value, nodes, seconds, nodes per second, and the main search's nodes
 * (with helper threads the length of the run in nodes: nodes / main_nodes is how much of the
 * work the helpers took on, whatever share of the machine the threads got).  The node counts are a
 * signature of the search (tests/test_solver_bench.c checks the small ones), so any change
 * to the search shows.  `bench_solver quick` solves only the boards that take well under a
 * second; `bench_solver N` sets the thread count.  Each board has a time limit
 * (BENCH_MAX_SECONDS, default 300) and a table size (512 MB for 4x4, 128 MB otherwise); the
 * memory column is the table plus the search stacks.  BENCH_RULES=NAME runs only the boards of
 * those rules (for example japanese, whose time is mostly the Analyses of final positions).
 */
#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "solver/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_commit.h" /* MATHGO_COMMIT, written at build time (bench/commit.cmake) */

typedef struct bench_case {
    int width, height;
    const char *rules;
    bool quick;
    unsigned table_mb; /* 0: the default */
} bench_case_t;

static const bench_case_t cases[] = {
    {3, 3, "math", false, 0},
    {3, 3, "pseudo", false, 0},
    {3, 3, "tromp-taylor", false, 0},
    {3, 3, "chinese", false, 0},
    {3, 3, "old-chinese", false, 0},
    {3, 3, "chinese,ko=simple,cycle=draw", false, 0},
    {4, 4, "tromp-taylor", false, 512},
    {4, 4, "math", false, 512},
    {6, 2, "tromp-taylor", false, 0},
    {6, 2, "math", false, 0},
    {10, 1, "tromp-taylor", false, 0},
    {10, 1, "math", false, 0},
    {4, 1, "tromp-taylor", true, 0},
    {5, 1, "tromp-taylor", true, 0},
    {2, 2, "tromp-taylor", true, 0},
    {5, 1, "math", true, 0},
    {3, 3, "math", true, 0},
    {3, 2, "tromp-taylor", true, 0},
    {4, 2, "chinese", true, 0},
    {7, 1, "chinese,ko=simple,cycle=draw", true, 0},
    {3, 2, "chinese,ko=simple,cycle=draw", true, 0},
    {3, 3, "japanese", false, 0},
    {5, 2, "japanese", false, 0},
    {3, 4, "japanese", false, 0}, /* the game space's attractors are most of its time */
};

int main(int argc, char **argv)
{
    bool quick = argc > 1 && !strcmp(argv[1], "quick");
    int threads = argc > 1 && !quick ? atoi(argv[1]) : 1;
    double max_seconds = getenv("BENCH_MAX_SECONDS") ? atof(getenv("BENCH_MAX_SECONDS")) : 300;
    const char *only = getenv("BENCH_RULES");
    printf("commit,board,rules,threads,value,nodes,time_s,nodes_per_s,memory_mb,main_nodes\n");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const bench_case_t *c = &cases[i];
        if ((quick && !c->quick) || (only && strcmp(only, c->rules)))
            continue;
        board_geom_t *g = board_geom_create(c->width, c->height, NULL);
        rules_t r;
        rules_parse(&r, c->rules, NULL);
        search_options_t o = search_options_default();
        o.threads = threads < 1 ? 1 : threads;
        o.max_seconds = max_seconds;
        if (c->table_mb)
            o.tt_bytes = (size_t)c->table_mb << 20;
        search_t *s = search_create(g, &r, &o, NULL);
        game_t *game = game_create(g, &r);
        int v;
        GError *err = NULL;
        bool ok = search_value(&v, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, &err);
        search_stats_t st = search_stats(s);
        char value[16] = "";
        if (ok)
            snprintf(value, sizeof value, "%d", v);
        printf("%s,%dx%d,\"%s\",%d,%s,%llu,%.3f,%.0f,%.1f,%llu\n", MATHGO_COMMIT, c->width,
               c->height, c->rules, o.threads, value, (unsigned long long)st.nodes, st.seconds,
               st.seconds > 0 ? st.nodes / st.seconds : 0.0, st.memory_bytes / 1048576.0,
               (unsigned long long)st.nodes_main);
        g_clear_error(&err);
        fflush(stdout);
        game_destroy(game);
        search_destroy(s);
        board_geom_destroy(g);
    }
    return 0;
}
