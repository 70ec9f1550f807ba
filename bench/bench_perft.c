/*
 * bench/bench_perft.c: the perft signature at full depth, timed.  For every (board, rules) of
 * tests/data/perft.csv it runs the deepest row, checks leaves, ended games and nodes, and prints
 * bench,board,rules,depth,nodes,time_s,nodes_per_s,match,commit.  Exit status 1 on a mismatch.
 * Usage: bench_perft [PATH_TO_perft.csv]   (default tests/data/perft.csv)
 */
#include "core/perft.h"

#include <stdio.h>
#include <string.h>
#include "bench_commit.h" /* MATHGO_COMMIT, written at build time (bench/commit.cmake) */

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "tests/data/perft.csv";
    char *text = NULL;
    GError *error = NULL;
    if (!g_file_get_contents(path, &text, NULL, &error)) {
        fprintf(stderr, "bench_perft: %s\n", error->message);
        return 2;
    }
    char **lines = g_strsplit(text, "\n", -1);
    int mismatches = 0;
    printf("bench,board,rules,depth,nodes,time_s,nodes_per_s,match,commit\n");
    for (int i = 1; lines[i]; i++) {
        perft_row_t row, next;
        if (!perft_parse_row(&row, lines[i]))
            continue;
        /* Only the deepest row of each (board, rules). */
        if (lines[i + 1] && perft_parse_row(&next, lines[i + 1]) &&
            !strcmp(next.board, row.board) && !strcmp(next.rules, row.rules))
            continue;
        int w, h;
        rules_t rules;
        if (!board_parse_size(&w, &h, row.board, NULL) || !rules_parse(&rules, row.rules, NULL))
            continue;
        board_geom_t *g = board_geom_create(w, h, NULL);
        game_t *game = game_create(g, &rules);
        gint64 t0 = g_get_monotonic_time();
        perft_counts_t c = perft_run(game, row.depth);
        double t = (double)(g_get_monotonic_time() - t0) / 1e6;
        bool match = !memcmp(&c, &row.counts, sizeof c);
        mismatches += !match;
        printf("perft,%s,\"%s\",%d,%llu,%.3f,%.0f,%s,%s\n", row.board, row.rules, row.depth,
               (unsigned long long)c.nodes, t, t > 0 ? (double)c.nodes / t : 0.0,
               match ? "yes" : "NO", MATHGO_COMMIT);
        fflush(stdout);
        game_destroy(game);
        board_geom_destroy(g);
    }
    g_strfreev(lines);
    g_free(text);
    return mismatches ? 1 : 0;
}
