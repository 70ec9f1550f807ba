/* front/cmd_show.c: `mathgo show [FILE|-]`: a diagram with chains, liberties, score, moves. */
#include "front/commands.h"
#include "front/common.h"
#include "front/describe.h"

#include <stdio.h>

int front_show(int argc, char **argv)
{
    front_rules_args_t rules_args = {NULL, NULL};
    char *to_move_text = NULL;
    gboolean region = FALSE;
    GOptionEntry entries[] = {
        {"to-move", 't', 0, G_OPTION_ARG_STRING, &to_move_text, "b or w (default b)", "C"},
        {"region", 0, 0, G_OPTION_ARG_NONE, &region,
         "read a region diagram (X O safe, x o stones, # off the board; auto-detected when it "
         "has # points or mixes X and x)",
         NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *context = g_option_context_new("[FILE|-] - describe a position");
    g_option_context_set_summary(
        context, "Reads an ASCII diagram (X black, O white, . empty; one row per line, top row\n"
                 "first) from FILE or stdin and prints its chains, liberties, score and the\n"
                 "legal moves of the player to move (with no earlier history).  Region diagrams\n"
                 "(docs/rules.md) are read too.");
    g_option_context_add_main_entries(context, entries, NULL);
    front_rules_args_add(context, &rules_args);
    int status = FRONT_EXIT_USAGE;
    char *text = NULL;
    board_geom_t *geom = NULL;
    game_t *game = NULL;
    GError *error = NULL;
    rules_t rules;
    board_t board;
    board_color_t to_move = BOARD_BLACK;

    if (!front_parse_options(context, &argc, &argv, "show"))
        goto done;
    if (argc > 2) {
        fprintf(stderr, "mathgo show: give at most one diagram file (or - for stdin)\n");
        goto done;
    }
    if (to_move_text && !front_parse_color(&to_move, "show", "--to-move", to_move_text))
        goto done;
    if (!front_rules_args_parse(&rules, "show", &rules_args, "chinese"))
        goto done;
    const char *path = argc == 2 ? argv[1] : "-";
    if (!(text = front_read_file("show", path)))
        goto done;
    if (!front_read_diagram(&board, &geom, "show", path, text, region))
        goto done;
    if (!(game = game_create_from(geom, &rules, &board, to_move, &error))) {
        fprintf(stderr, "mathgo show: %s: %s\n", path, error->message);
        g_error_free(error);
        goto done;
    }
    describe_game(stdout, game);
    status = FRONT_EXIT_OK;
done:
    game_destroy(game);
    board_geom_destroy(geom);
    g_free(text);
    front_rules_args_clear(&rules_args);
    g_free(to_move_text);
    g_option_context_free(context);
    return status;
}
