/*
 * bench/bench_solver.c: solves a fixed set of boards and prints one CSV row per board:
 * commit, board, rules, value, nodes, seconds, nodes per second.  The node counts are a
 * signature of the search (tests/test_solver_bench.c checks the small ones), so any change
 * to the search shows.  `bench_solver quick` solves only the boards that take well under a
 * second; `bench_solver N` sets the thread count.
 */
#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "solver/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct bench_case {
    int width, height;
    const char *rules;
    bool quick;
} bench_case_t;

static const bench_case_t cases[] = {
    {3, 3, "math", false},          {3, 3, "pseudo", false},
    {3, 3, "tromp-taylor", false},  {3, 3, "chinese", false},
    {3, 3, "old-chinese", false},   {3, 3, "chinese,ko=simple,cycle=draw", false},
    {4, 4, "tromp-taylor", false},  {4, 4, "math", false},
    {6, 2, "tromp-taylor", false},  {6, 2, "math", false},
    {10, 1, "tromp-taylor", false}, {10, 1, "math", false},
    {4, 1, "tromp-taylor", true},   {5, 1, "tromp-taylor", true},
    {2, 2, "tromp-taylor", true},   {5, 1, "math", true},
    {3, 3, "math", true},           {3, 2, "tromp-taylor", true},
    {4, 2, "chinese", true},
};

int main(int argc, char **argv)
{
    bool quick = argc > 1 && !strcmp(argv[1], "quick");
    int threads = argc > 1 && !quick ? atoi(argv[1]) : 1;
    double max_seconds = getenv("BENCH_MAX_SECONDS") ? atof(getenv("BENCH_MAX_SECONDS")) : 60;
    printf("commit,board,rules,threads,value,nodes,time_s,nodes_per_s\n");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const bench_case_t *c = &cases[i];
        if (quick && !c->quick)
            continue;
        board_geom_t *g = board_geom_create(c->width, c->height, NULL);
        rules_t r;
        rules_parse(&r, c->rules, NULL);
        search_options_t o = search_options_default();
        o.threads = threads < 1 ? 1 : threads;
        o.max_seconds = max_seconds;
        search_t *s = search_create(g, &r, &o, NULL);
        game_t *game = game_create(g, &r);
        int v;
        GError *err = NULL;
        bool ok = search_value(&v, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, &err);
        search_stats_t st = search_stats(s);
        if (ok)
            printf("%s,%dx%d,\"%s\",%d,%d,%llu,%.3f,%.0f\n", MATHGO_COMMIT, c->width, c->height,
                   c->rules, o.threads, v, (unsigned long long)st.nodes, st.seconds,
                   st.seconds > 0 ? st.nodes / st.seconds : 0.0);
        else {
            printf("%s,%dx%d,\"%s\",%d,,%llu,%.3f,%.0f\n", MATHGO_COMMIT, c->width, c->height,
                   c->rules, o.threads, (unsigned long long)st.nodes, st.seconds,
                   st.seconds > 0 ? st.nodes / st.seconds : 0.0);
            g_clear_error(&err);
        }
        fflush(stdout);
        game_destroy(game);
        search_destroy(s);
        board_geom_destroy(g);
    }
    return 0;
}
