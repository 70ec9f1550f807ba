/* front/cmd_play.c: `mathgo play WxH --rules R MOVES...` or `mathgo play --from FILE MOVES...`:
 * replay moves, report the position. */
#include "front/commands.h"
#include "front/common.h"
#include "front/describe.h"

#include <stdio.h>

int front_play(int argc, char **argv)
{
    front_rules_args_t rules_args = {0};
    char *from = NULL, *to_move_text = NULL;
    gboolean csv = FALSE, no_header = FALSE;
    GOptionEntry entries[] = {
        {"from", 'f', 0, G_OPTION_ARG_FILENAME, &from,
         "start from the position file FILE (- for stdin): a diagram, a diagram with a "
         "'moves:' list, or SGF (docs/sgf.md); its moves are played first",
         "FILE"},
        {"to-move", 't', 0, G_OPTION_ARG_STRING, &to_move_text,
         "with --from: who plays first (default: the file's, else b)", "C"},
        {"csv", 0, 0, G_OPTION_ARG_NONE, &csv,
         "one CSV row (after a header line) describing the position (docs/csv.md)", NULL},
        {"no-header", 0, 0, G_OPTION_ARG_NONE, &no_header, "with --csv: no header line", NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *context = g_option_context_new(
        "WxH MOVES... | --from FILE [MOVES...] - replay moves from the empty board or a file");
    g_option_context_set_summary(
        context, "Plays the moves (GTP points such as C3, or pass) alternately from Black on\n"
                 "the empty board (or after the position and history of --from) and prints the\n"
                 "final position, or names the first illegal move and why.");
    g_option_context_add_main_entries(context, entries, NULL);
    front_rules_args_add(context, &rules_args);
    int status = FRONT_EXIT_USAGE;
    board_geom_t *geom = NULL;
    front_position_t pos = {0};
    game_t *game = NULL;
    rules_t rules;

    if (!front_parse_options(context, &argc, &argv, "play"))
        goto done;
    int first_move = 2;
    if (from) {
        first_move = 1;
        if (!front_position_read(&pos, "play", from, false) ||
            !front_position_rules(&rules, "play", &rules_args, &pos, FRONT_DEFAULT_RULES) ||
            !(game = front_position_game("play", from, &pos, &rules, to_move_text)))
            goto done;
        geom = pos.geom;
        pos.geom = NULL;
    } else {
        if (argc < 2) {
            fprintf(stderr, "mathgo play: give a board size and moves, e.g. "
                            "'mathgo play 3x3 B2 A1 pass', or --from FILE\n");
            goto done;
        }
        if (to_move_text) {
            fprintf(stderr, "mathgo play: --to-move goes with --from (from the empty board "
                            "black plays first)\n");
            goto done;
        }
        if (!front_rules_args_parse(&rules, "play", &rules_args, FRONT_DEFAULT_RULES) ||
            !(geom = front_geom("play", argv[1])))
            goto done;
        game = game_create(geom, &rules);
    }
    size_t before = game_length(game);
    for (int i = first_move; i < argc; i++) {
        GError *error = NULL;
        board_move_t move;
        const char *who = game_current(game)->to_move == BOARD_BLACK ? "black" : "white";
        if (!board_parse_move(&move, geom, argv[i], &error)) {
            fprintf(stderr, "mathgo play: move %zu (%s): %s\n",
                    before + (size_t)(i - first_move) + 1, who, error->message);
            g_error_free(error);
            goto done;
        }
        game_legality_t legality = game_play(game, move);
        if (legality != GAME_LEGAL) {
            fprintf(stderr, "mathgo play: move %zu (%s %s) is illegal: %s\n",
                    before + (size_t)(i - first_move) + 1, who, argv[i],
                    game_legality_string(legality));
            describe_diagram(stderr, &game_current(game)->board, geom);
            goto done;
        }
    }
    if (csv) {
        if (!no_header)
            printf("%s\n", describe_csv_header);
        describe_csv_row(stdout, game);
    } else {
        describe_game(stdout, game);
    }
    status = FRONT_EXIT_OK;
done:
    game_destroy(game);
    board_geom_destroy(geom);
    front_position_clear(&pos);
    front_rules_args_clear(&rules_args);
    g_free(from);
    g_free(to_move_text);
    g_option_context_free(context);
    return status;
}
