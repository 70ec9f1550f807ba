/* front/cmd_play.c: `mathgo play WxH --rules R MOVES...`: replay moves, report the position. */
#include "front/commands.h"
#include "front/common.h"
#include "front/describe.h"

#include <stdio.h>

int front_play(int argc, char **argv)
{
    front_rules_args_t rules_args = {NULL, NULL};
    GOptionEntry entries[] = {
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *context =
        g_option_context_new("WxH MOVES... - replay moves from the empty board");
    g_option_context_set_summary(
        context, "Plays the moves (GTP points such as C3, or pass) alternately from Black on\n"
                 "the empty board and prints the final position, or names the first illegal\n"
                 "move and why.");
    g_option_context_add_main_entries(context, entries, NULL);
    front_rules_args_add(context, &rules_args);
    int status = FRONT_EXIT_USAGE;
    board_geom_t *geom = NULL;
    game_t *game = NULL;
    rules_t rules;

    if (!front_parse_options(context, &argc, &argv, "play"))
        goto done;
    if (argc < 2) {
        fprintf(stderr, "mathgo play: give a board size and moves, e.g. "
                        "'mathgo play 3x3 B2 A1 pass'\n");
        goto done;
    }
    if (!front_rules_args_parse(&rules, "play", &rules_args, "chinese") ||
        !(geom = front_geom("play", argv[1])))
        goto done;
    game = game_create(geom, &rules);
    for (int i = 2; i < argc; i++) {
        GError *error = NULL;
        board_move_t move;
        const char *who = game_current(game)->to_move == BOARD_BLACK ? "black" : "white";
        if (!board_parse_move(&move, geom, argv[i], &error)) {
            fprintf(stderr, "mathgo play: move %d (%s): %s\n", i - 1, who, error->message);
            g_error_free(error);
            goto done;
        }
        game_legality_t legality = game_play(game, move);
        if (legality != GAME_LEGAL) {
            fprintf(stderr, "mathgo play: move %d (%s %s) is illegal: %s\n", i - 1, who, argv[i],
                    game_legality_string(legality));
            describe_diagram(stderr, &game_current(game)->board, geom);
            goto done;
        }
    }
    describe_game(stdout, game);
    status = FRONT_EXIT_OK;
done:
    game_destroy(game);
    board_geom_destroy(geom);
    front_rules_args_clear(&rules_args);
    g_option_context_free(context);
    return status;
}
