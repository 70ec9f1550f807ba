/* front/cmd_perft.c: `mathgo perft WxH --rules R --depth D [--csv]`. */
#include "front/commands.h"
#include "front/common.h"

#include "core/game.h"
#include "core/perft.h"

#include <stdio.h>

int front_perft(int argc, char **argv)
{
    front_rules_args_t rules_args = {0};
    int depth = 4;
    gboolean csv = FALSE, header = TRUE;
    GOptionEntry entries[] = {
        {"depth", 'd', 0, G_OPTION_ARG_INT, &depth, "cut the tree at D plies (default 4)", "D"},
        {"csv", 0, 0, G_OPTION_ARG_NONE, &csv, "one CSV row per depth, with a header", NULL},
        {"no-header", 0, G_OPTION_FLAG_REVERSE, G_OPTION_ARG_NONE, &header,
         "omit the CSV header row", NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *context = g_option_context_new("WxH - count the leaves of the game tree");
    g_option_context_set_summary(
        context, "Counts, for each depth 1..D, the leaves of the game tree from the empty board\n"
                 "cut at that depth; a node whose game has ended is a leaf too.");
    g_option_context_add_main_entries(context, entries, NULL);
    front_rules_args_add(context, &rules_args);
    int status = FRONT_EXIT_USAGE;
    board_geom_t *geom = NULL;
    rules_t rules;
    if (!front_parse_options(context, &argc, &argv, "perft"))
        goto done;
    if (argc != 2) {
        fprintf(stderr, "mathgo perft: give one board size, e.g. 'mathgo perft 3x3 --depth 5'\n");
        goto done;
    }
    if (depth < 0 || depth > 200) {
        fprintf(stderr, "mathgo perft: --depth %d is out of range (0..200)\n", depth);
        goto done;
    }
    if (!front_rules_args_parse(&rules, "perft", &rules_args, FRONT_DEFAULT_RULES))
        goto done;
    if (!(geom = front_geom("perft", argv[1])))
        goto done;
    char *rules_name = rules_to_string(&rules);
    if (csv && header)
        printf("board,rules,depth,leaves,ended,nodes,time_s\n");
    else if (!csv)
        printf("perft %dx%d rules %s\n%5s %20s %20s %10s\n", geom->width, geom->height, rules_name,
               "depth", "leaves", "ended games", "time_s");
    game_t *game = game_create(geom, &rules);
    for (int d = 1; d <= depth; d++) {
        double t0 = front_seconds();
        perft_counts_t c = perft_run(game, d);
        double t = front_seconds() - t0;
        if (csv) {
            printf("%dx%d,", geom->width, geom->height);
            front_csv_field(stdout, rules_name);
            printf(",%d,%llu,%llu,%llu,%.3f\n", d, (unsigned long long)c.leaves,
                   (unsigned long long)c.ended, (unsigned long long)c.nodes, t);
        } else
            printf("%5d %20llu %20llu %10.3f\n", d, (unsigned long long)c.leaves,
                   (unsigned long long)c.ended, t);
        fflush(stdout);
    }
    game_destroy(game);
    g_free(rules_name);
    status = FRONT_EXIT_OK;
done:
    front_rules_args_clear(&rules_args);
    board_geom_destroy(geom);
    g_option_context_free(context);
    return status;
}
