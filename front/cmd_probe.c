/*
 * front/cmd_probe.c: `mathgo probe FILE [DIAGRAM|-] [--to-move b|w] [--ko POINT|suicide]`: the
 * value of one state from a tablebase file (solver/tablebase.h), its optimal moves and an
 * optimal game.  Without a diagram, the empty board.
 */
#include "front/commands.h"
#include "front/common.h"

#include "positions/diagram.h"
#include "solver/tablebase.h"

#include <stdio.h>
#include <string.h>

static const char *color_name(board_color_t c)
{
    return c == BOARD_BLACK ? "Black" : "White";
}

/* The columns of `probe --csv` (docs/csv.md): append, never reorder. */
static const char csv_header[] =
    "board,rules,position,to_move,ko,outcome,distance,winner,best_moves,pv,pv_end";

static void print_csv(const tablebase_t *tb, const tablebase_state_t *state,
                      const tablebase_probe_t *probe, bool header)
{
    const board_geom_t *g = tablebase_geom(tb);
    char *rules = rules_to_string(tablebase_rules(tb));
    char position[DIAGRAM_COMPACT_SIZE], name[8];
    diagram_format_compact(position, &state->position, g);
    if (header)
        printf("%s\n", csv_header);
    printf("%dx%d,", g->width, g->height);
    front_csv_field(stdout, rules);
    printf(",%s,%s,%s,", position, state->to_move == BOARD_BLACK ? "b" : "w",
           state->ban == TABLEBASE_BAN_NONE      ? ""
           : state->ban == TABLEBASE_BAN_SUICIDE ? "suicide"
                                                 : board_move_name(name, g, state->ban));
    const tablebase_value_t *v = &probe->value;
    board_color_t winner =
        v->outcome == TABLEBASE_WIN ? state->to_move : board_color_other(state->to_move);
    if (v->outcome == TABLEBASE_DRAW)
        printf("draw,,,");
    else
        printf("%s,%d,%s,", v->outcome == TABLEBASE_WIN ? "win" : "loss", v->distance,
               winner == BOARD_BLACK ? "B" : "W");
    for (int i = 0; i < probe->best_count; i++)
        printf("%s%s", i ? " " : "", board_move_name(name, g, probe->best[i]));
    putchar(',');
    for (int i = 0; i < probe->line_length; i++)
        printf("%s%s", i ? " " : "", board_move_name(name, g, probe->line[i]));
    printf(",%s\n", probe->line_truncated                                ? "truncated"
                    : v->outcome == TABLEBASE_DRAW && probe->line_length ? "repeats"
                                                                         : "end");
    g_free(rules);
}

int front_probe(int argc, char **argv)
{
    char *to_move_text = NULL, *ko_text = NULL;
    gboolean csv = FALSE, no_header = FALSE;
    GOptionEntry entries[] = {
        {"to-move", 't', 0, G_OPTION_ARG_STRING, &to_move_text, "b or w (default b)", "C"},
        {"ko", 'k', 0, G_OPTION_ARG_STRING, &ko_text,
         "the point where the side to move may not retake a ko (the opponent has just taken "
         "one stone there), or 'suicide' after the opponent's single-stone suicide (pseudo)",
         "POINT"},
        {"csv", 0, 0, G_OPTION_ARG_NONE, &csv,
         "one CSV row (after a header line) with the value, optimal moves and game "
         "(docs/csv.md)",
         NULL},
        {"no-header", 0, 0, G_OPTION_ARG_NONE, &no_header, "with --csv: no header line", NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *context =
        g_option_context_new("FILE [DIAGRAM|-] - one state's value from a tablebase");
    g_option_context_set_summary(
        context,
        "Reads a tablebase written by 'mathgo tablebase -o FILE' and a position (an ASCII\n"
        "diagram: X black, O white, . empty, top row first; '-' for stdin; the empty board\n"
        "when absent) and prints the value for the side to move (win, loss or draw, with the\n"
        "distance in plies), every optimal move and an optimal game.");
    g_option_context_add_main_entries(context, entries, NULL);
    int status = FRONT_EXIT_USAGE;
    char *text = NULL;
    tablebase_t *tb = NULL;
    GError *error = NULL;
    tablebase_state_t state = {{{0, 0}}, BOARD_BLACK, TABLEBASE_BAN_NONE};

    if (!front_parse_options(context, &argc, &argv, "probe"))
        goto done;
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "mathgo probe: give a tablebase file and at most one diagram\n");
        goto done;
    }
    if (to_move_text && !front_parse_color(&state.to_move, "probe", "--to-move", to_move_text))
        goto done;
    if (!(tb = tablebase_load(argv[1], &error))) {
        fprintf(stderr, "mathgo probe: %s\n", error->message);
        status = error->code == TABLEBASE_ERROR_MEMORY ? FRONT_EXIT_FAILURE : FRONT_EXIT_USAGE;
        g_error_free(error);
        goto done;
    }
    const board_geom_t *g = tablebase_geom(tb);
    if (argc == 3) {
        int w, h;
        if (!(text = front_read_file("probe", argv[2])))
            goto done;
        if (!diagram_parse(&state.position, &w, &h, text, &error)) {
            fprintf(stderr, "mathgo probe: %s: %s\n", argv[2], error->message);
            g_error_free(error);
            goto done;
        }
        if (w != g->width || h != g->height) {
            fprintf(stderr, "mathgo probe: %s: the diagram is %dx%d, the tablebase %dx%d\n",
                    argv[2], w, h, g->width, g->height);
            goto done;
        }
    }
    if (ko_text) {
        board_move_t p;
        if (!g_ascii_strcasecmp(ko_text, "suicide")) {
            state.ban = TABLEBASE_BAN_SUICIDE;
        } else if (!board_parse_move(&p, g, ko_text, &error) || p == BOARD_MOVE_PASS) {
            fprintf(stderr, "mathgo probe: --ko: %s\n",
                    error ? error->message : "a pass is not a ko point");
            g_clear_error(&error);
            goto done;
        } else {
            state.ban = p;
        }
    }
    tablebase_probe_t probe;
    if (!tablebase_probe(&probe, tb, &state, &error)) {
        fprintf(stderr, "mathgo probe: %s%s%s\n", argc == 3 ? argv[2] : "", argc == 3 ? ": " : "",
                error->message);
        g_error_free(error);
        goto done;
    }
    if (csv) {
        print_csv(tb, &state, &probe, !no_header);
        status = FRONT_EXIT_OK;
        goto done;
    }
    char *rules = rules_to_string(tablebase_rules(tb));
    char name[8];
    printf("board: %dx%d\nrules: %s\n", g->width, g->height, rules);
    g_free(rules);
    board_print(stdout, &state.position, g);
    printf("to move: %s\n", color_name(state.to_move));
    if (state.ban == TABLEBASE_BAN_NONE)
        printf("ko: none\n");
    else if (state.ban == TABLEBASE_BAN_SUICIDE)
        printf("ko: no single-stone suicide\n");
    else
        printf("ko: no retake at %s\n", board_move_name(name, g, state.ban));
    board_color_t winner =
        probe.value.outcome == TABLEBASE_WIN ? state.to_move : board_color_other(state.to_move);
    if (probe.value.outcome == TABLEBASE_DRAW)
        printf("value: draw (endless play)\n");
    else
        printf("value: %s in %d %s (%s wins)\n",
               probe.value.outcome == TABLEBASE_WIN ? "win" : "loss", probe.value.distance,
               probe.value.distance == 1 ? "ply" : "plies", color_name(winner));
    printf("optimal moves:");
    for (int i = 0; i < probe.best_count; i++)
        printf(" %s", board_move_name(name, g, probe.best[i]));
    printf(probe.best_count ? "\n" : " none (no legal move)\n");
    printf("optimal game:");
    for (int i = 0; i < probe.line_length; i++)
        printf(" %s", board_move_name(name, g, probe.line[i]));
    if (probe.line_truncated)
        printf(" ...");
    else if (probe.value.outcome == TABLEBASE_DRAW && probe.line_length)
        printf(" (repeats)");
    printf("\n");
    status = FRONT_EXIT_OK;
done:
    tablebase_destroy(tb);
    g_free(text);
    g_free(to_move_text);
    g_free(ko_text);
    g_option_context_free(context);
    return status;
}
