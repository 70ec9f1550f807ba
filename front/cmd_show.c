/* front/cmd_show.c: `mathgo show [FILE|-]`: a position (diagram, diagram with moves, SGF) with
 * chains, liberties, score, moves. */
#include "front/commands.h"
#include "front/common.h"
#include "front/describe.h"
#include "front/svg_board.h"

#include <stdio.h>
#include <string.h>

/* The position as a picture, captioned with the board, the rules and who is to move. */
static bool write_svg(const char *path, const game_t *game)
{
    char *caption = svg_board_caption(game);
    GError *error = NULL;
    bool ok = svg_board_write_position(path, game, caption, &error);
    if (!ok) {
        fprintf(stderr, "mathgo show: --svg: %s\n", error->message);
        g_error_free(error);
    }
    g_free(caption);
    return ok;
}

int front_show(int argc, char **argv)
{
    front_rules_args_t rules_args = {0};
    char *to_move_text = NULL, *svg_path = NULL;
    gboolean region = FALSE, csv = FALSE, no_header = FALSE;
    GOptionEntry entries[] = {
        {"to-move", 't', 0, G_OPTION_ARG_STRING, &to_move_text,
         "b or w: who plays first (default: the file's, else b)", "C"},
        {"region", 0, 0, G_OPTION_ARG_NONE, &region,
         "read a region diagram (X O safe, x o stones, # off the board; auto-detected when it "
         "has # points or mixes X and x)",
         NULL},
        {"csv", 0, 0, G_OPTION_ARG_NONE, &csv,
         "one CSV row (after a header line) describing the position (docs/csv.md)", NULL},
        {"no-header", 0, 0, G_OPTION_ARG_NONE, &no_header, "with --csv: no header line", NULL},
        {"svg", 0, 0, G_OPTION_ARG_FILENAME, &svg_path,
         "also draw the position as an SVG picture of a Go board in FILE (-: stdout, instead of "
         "the text)",
         "FILE"},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *context = g_option_context_new("[FILE|-] - describe a position");
    g_option_context_set_summary(
        context, "Reads a position from FILE or stdin and prints its chains, liberties, score\n"
                 "and the legal moves of the player to move: an ASCII diagram (X black, O white,\n"
                 ". empty; one row per line, top row first; region diagrams, docs/rules.md; what\n"
                 "show prints), optionally followed by a 'moves:' list played from it, or an SGF\n"
                 "game record whose moves are played from its setup (docs/sgf.md).  The file's\n"
                 "rules, komi and player to move count unless --rules, --komi, --to-move say\n"
                 "otherwise.");
    g_option_context_add_main_entries(context, entries, NULL);
    front_rules_args_add(context, &rules_args);
    int status = FRONT_EXIT_USAGE;
    front_position_t pos = {0};
    game_t *game = NULL;
    rules_t rules;

    if (!front_parse_options(context, &argc, &argv, "show"))
        goto done;
    if (argc > 2) {
        fprintf(stderr, "mathgo show: give at most one position file (or - for stdin)\n");
        goto done;
    }
    const char *path = argc == 2 ? argv[1] : "-";
    if (!front_position_read(&pos, "show", path, region) ||
        !front_position_rules(&rules, "show", &rules_args, &pos, FRONT_DEFAULT_RULES) ||
        !(game = front_position_game("show", path, &pos, &rules, to_move_text)))
        goto done;
    bool svg_to_stdout = svg_path && !strcmp(svg_path, "-");
    if (svg_to_stdout) {
        /* the picture alone on stdout */
    } else if (csv) {
        if (!no_header)
            printf("%s\n", describe_csv_header);
        describe_csv_row(stdout, game);
    } else {
        describe_game(stdout, game);
    }
    status = FRONT_EXIT_OK;
    if (svg_path && !write_svg(svg_path, game))
        status = FRONT_EXIT_FAILURE;
done:
    game_destroy(game);
    front_position_clear(&pos);
    front_rules_args_clear(&rules_args);
    g_free(to_move_text);
    g_free(svg_path);
    g_option_context_free(context);
    return status;
}
