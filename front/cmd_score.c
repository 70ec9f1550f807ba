/* front/cmd_score.c: `mathgo score [FILE|-]`: the Analysis and territory score of the Japanese
 * rules (core/japanese.h, docs/japanese.md) for a position, with the counted board drawn as
 * Japanese fill-in counting. */
#include "core/japanese.h"
#include "positions/diagram.h"
#include "front/commands.h"
#include "front/common.h"

#include <stdio.h>
#include <string.h>

#define SCORE_MAX_NODES 20000000 /* the Analysis's default limit per string */

/* The points of mask as GTP names, "A1 B2", or "none". */
static void append_points(GString *out, const board_geom_t *g, uint64_t mask)
{
    if (!mask) {
        g_string_append(out, "none");
        return;
    }
    for (bool first = true; mask; mask &= mask - 1, first = false) {
        char buf[8];
        g_string_append_printf(out, "%s%s", first ? "" : " ",
                               board_move_name(buf, g, board_lowest(mask)));
    }
}

static char *points_text(const board_geom_t *g, uint64_t mask)
{
    GString *s = g_string_new(NULL);
    append_points(s, g, mask);
    return g_string_free(s, FALSE);
}

/* "1. W C3  2. B pass ..." and how the line ends. */
static void append_line(GString *out, const board_geom_t *g, const japanese_line_t *line,
                        board_color_t attacker)
{
    for (int i = 0; i < line->length; i++) {
        char buf[8];
        board_color_t c = i % 2 == 0 ? attacker : board_color_other(attacker);
        g_string_append_printf(out, "%d. %c %s  ", i + 1, c == BOARD_BLACK ? 'B' : 'W',
                               board_move_name(buf, g, line->moves[i]));
    }
    switch (line->end) {
    case JAPANESE_END_FORMATION: {
        g_string_append(out, line->length ? "-> " : "");
        g_string_append(out, "two-eye-formation: ");
        append_points(out, g, line->formation);
        break;
    }
    case JAPANESE_END_PASSES:
        g_string_append(out, "-> two passes, no two-eye-formation");
        break;
    case JAPANESE_END_CYCLE:
        if (line->cycle_start == 0)
            g_string_append(out, "-> cycle: the start recurs, no two-eye-formation");
        else
            g_string_append_printf(
                out, "-> cycle: the situation after move %d recurs, no two-eye-formation",
                line->cycle_start);
        break;
    case JAPANESE_END_SEALED:
        g_string_append(out, "-> the attacker's unconditionally alive stones (Benson) leave "
                             "no room for two eyes next to the string's points: no "
                             "two-eye-formation can follow");
        break;
    case JAPANESE_END_SECURED:
        g_string_append(out, "-> a chain on the string's points has two eyes of its own: "
                             "filling its other liberties makes the two-eye-formation");
        break;
    case JAPANESE_END_TRUNCATED:
        g_string_append(out, "... (longer than shown)");
        break;
    case JAPANESE_END_PRECEDENT:
        g_string_append(out, "no imagined play: the text's precedent rules it (a triple ko "
                             "with one eye and one external ko: the strings of the player "
                             "having the eye are independently alive, the opposing strings "
                             "not)");
        break;
    case JAPANESE_END_ATTRACTOR:
        g_string_append(out, "no line: the search passed its limit, and no strategy of the "
                             "defender forces a two-eye-formation from the states reachable "
                             "here (the attractor, docs/japanese.md)");
        break;
    case JAPANESE_END_LINE_LIMIT:
        g_string_append(out, "... (the line stops here: finding the proof's next move again "
                             "passed the limit of imagined positions, --max-nodes; the status "
                             "above is the search's)");
        break;
    case JAPANESE_END_ATTRACTOR_ALIVE:
        g_string_append(out, "no line: the search passed its limit, and a strategy of the "
                             "defender from the attractor forces a two-eye-formation on every "
                             "line, repeating no situation and ending in no two passes "
                             "(docs/japanese.md)");
        break;
    }
}

/*
 * The counted board as Japanese fill-in counting: each player's prisoners are put into the
 * other player's territory (lowest points first); X O stones, x o prisoners placed, + - the
 * territory points left for Black and White, . neutral.  *left[c] receives the points of c's
 * territory left empty, *over[c] the prisoners of c's opponent that found no room in c's
 * territory (each worth a point to the opponent).
 */
static void print_fill_in(const japanese_analysis_t *a, const board_geom_t *g,
                          const int prisoners[2], int left[2], int over[2])
{
    uint64_t filled[2] = {0, 0}; /* filled[c]: points of c's territory holding c's stones */
    for (int c = 0; c < 2; c++) {
        /* c's territory takes the stones of colour c its opponent holds as prisoners */
        int n = prisoners[board_color_other((board_color_t)c)];
        uint64_t room = a->territory[c];
        for (; n > 0 && room; n--, room &= room - 1)
            filled[c] |= room & -room;
        over[c] = n;
        left[c] = board_popcount(a->territory[c] & ~filled[c]);
    }
    for (int y = 0; y < g->height; y++) {
        for (int x = 0; x < g->width; x++) {
            uint64_t bit = board_bit(board_point(g, x, y));
            char ch = '.';
            if (!(g->all & bit))
                ch = '#';
            else if (a->counted.stones[BOARD_BLACK] & bit)
                ch = 'X';
            else if (a->counted.stones[BOARD_WHITE] & bit)
                ch = 'O';
            else if (filled[BOARD_BLACK] & bit)
                ch = 'x';
            else if (filled[BOARD_WHITE] & bit)
                ch = 'o';
            else if (a->territory[BOARD_BLACK] & bit)
                ch = '+';
            else if (a->territory[BOARD_WHITE] & bit)
                ch = '-';
            putchar(ch);
        }
        putchar('\n');
    }
}

static const char *const csv_header =
    "board,position,komi,black_alive,white_alive,black_removed,white_removed,black_territory,"
    "white_territory,black_prisoners,white_prisoners,black_points,white_points,result";

int front_score(int argc, char **argv)
{
    front_rules_args_t rules_args = {0};
    char *to_move_text = NULL, *status_text = NULL;
    gboolean explain = FALSE, csv = FALSE, no_header = FALSE;
    gint64 max_nodes = SCORE_MAX_NODES, analysis_states = 0;
    GOptionEntry entries[] = {
        {"explain", 'e', 0, G_OPTION_ARG_NONE, &explain,
         "show for each string the imagined line that proves its status", NULL},
        {"status", 's', 0, G_OPTION_ARG_STRING, &status_text,
         "print only the strings of one status, one per line: alive (independently alive), "
         "dead (removed) or seki (neither: they stay)",
         "S"},
        {"max-nodes", 0, 0, G_OPTION_ARG_INT64, &max_nodes,
         "imagined positions searched per string at most (default 20000000; 0: no limit)", "N"},
        {"analysis-states", 0, 0, G_OPTION_ARG_INT64, &analysis_states,
         "past --max-nodes, the most states of the graph whose attractor settles the string "
         "(default 2097152, at most 2^27 up to 31 points; about 100 bytes a state: a 4x4 "
         "position's whole imagined game is "
         "99 M states, 9.7 GB; docs/japanese.md)",
         "N"},
        {"csv", 0, 0, G_OPTION_ARG_NONE, &csv,
         "one CSV row (after a header line) with the Analysis and the score (docs/csv.md)", NULL},
        {"no-header", 0, 0, G_OPTION_ARG_NONE, &no_header, "with --csv: no header line", NULL},
        {"to-move", 't', 0, G_OPTION_ARG_STRING, &to_move_text,
         "b or w: who is to move (the Analysis does not depend on it)", "C"},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *context =
        g_option_context_new("[FILE|-] - the Analysis and the score of the Japanese rules");
    g_option_context_set_summary(
        context,
        "Reads a position (as `show` does: a diagram, optionally with a 'moves:' list, or an\n"
        "SGF record; the moves' captures are prisoners) and applies the Analysis of the\n"
        "Japanese 1989 rules as Jasiek reads them (docs/japanese.md): each string is\n"
        "independently alive or not, decided by imagined play with the attacker first; then\n"
        "Removal, territory, prisoners, komi and the result, and the counted board as\n"
        "Japanese fill-in counting.  Rules: japanese unless --rules names another set with\n"
        "analysis=japanese.");
    g_option_context_add_main_entries(context, entries, NULL);
    front_rules_args_add_default(context, &rules_args, "japanese");
    int status = FRONT_EXIT_USAGE;
    front_position_t pos = {0};
    game_t *game = NULL;
    japanese_t *j = NULL;
    rules_t rules;
    GString *text = g_string_new(NULL);

    if (!front_parse_options(context, &argc, &argv, "score"))
        goto done;
    if (argc > 2) {
        fprintf(stderr, "mathgo score: give at most one position file (or - for stdin)\n");
        goto done;
    }
    if (status_text && strcmp(status_text, "alive") && strcmp(status_text, "dead") &&
        strcmp(status_text, "seki")) {
        fprintf(stderr, "mathgo score: --status '%s' is not a status (alive, dead, seki)\n",
                status_text);
        goto done;
    }
    if (max_nodes < 0) {
        fprintf(stderr, "mathgo score: --max-nodes %lld is negative\n", (long long)max_nodes);
        goto done;
    }
    if (!front_check_analysis_states("score", analysis_states, NULL))
        goto done;
    const char *path = argc == 2 ? argv[1] : "-";
    if (!front_position_read(&pos, "score", path, false) ||
        !front_position_rules(&rules, "score", &rules_args, &pos, "japanese"))
        goto done;
    if (rules.analysis != RULES_ANALYSIS_JAPANESE || rules.scoring != RULES_SCORING_TERRITORY) {
        char *name = rules_to_string(&rules);
        fprintf(stderr,
                "mathgo score: %s: rules '%s' have no Analysis; score needs territory scoring "
                "with analysis=japanese (the japanese preset); show counts the others\n",
                path, name);
        g_free(name);
        goto done;
    }
    if (!(game = front_position_game("score", path, &pos, &rules, to_move_text)))
        goto done;
    const board_geom_t *g = game_geom(game);
    if (!front_check_analysis_states("score", analysis_states, g))
        goto done;
    const game_state_t *cur = game_current(game);
    const board_t *b = &cur->board;
    if (board_geom_is_region(g)) {
        fprintf(stderr,
                "mathgo score: %s: a region (holes or safe stones) has no Analysis; "
                "give a plain board\n",
                path);
        goto done;
    }
    if (!board_occupied(b)) {
        fprintf(stderr, "mathgo score: %s: the position has no stones to analyse\n", path);
        goto done;
    }

    /* Every string's status (and its line), then Removal and territory. */
    j = japanese_create(g, 20, (uint64_t)max_nodes);
    japanese_set_attractor_states(j, (uint32_t)analysis_states);
    /* Without lines to show, the game space may settle a string (on the boards it covers):
     * its answers come without an imagined line. */
    if (!explain)
        japanese_set_space(j, JAPANESE_SPACE_AFTER_NODES_ALONE);
    uint64_t alive[2] = {0, 0};
    japanese_line_t *line = g_new(japanese_line_t, 1);
    for (int c = 0; c < 2; c++) {
        for (uint64_t rest = b->stones[c]; rest;) {
            board_point_t p = board_lowest(rest);
            uint64_t string = board_chain(b, g, p);
            rest &= ~string;
            bool is_alive;
            GError *error = NULL;
            uint64_t nodes_before = japanese_nodes(j);
            if (!japanese_string_alive(&is_alive, explain ? line : NULL, j, b, p, &error)) {
                char buf[8];
                fprintf(stderr, "mathgo score: %s: the string at %s: %s\n", path,
                        board_move_name(buf, g, p), error->message);
                g_error_free(error);
                g_free(line);
                status = FRONT_EXIT_FAILURE;
                goto done;
            }
            if (is_alive)
                alive[c] |= string;
            g_string_append_printf(text, "  %c ", c == BOARD_BLACK ? 'B' : 'W');
            append_points(text, g, string);
            g_string_append_printf(text, ": %s\n",
                                   is_alive ? "independently alive" : "not independently alive");
            if (explain) {
                g_string_append(text, "      ");
                append_line(text, g, line, board_color_other((board_color_t)c));
                g_string_append_printf(text, "\n      (%llu imagined positions searched)\n",
                                       (unsigned long long)(japanese_nodes(j) - nodes_before));
            }
        }
    }
    g_free(line);
    japanese_analysis_t a;
    japanese_settle(&a, b, g, alive);
    uint64_t all_removed = a.removed[0] | a.removed[1];
    uint64_t stays = board_occupied(b) & ~(alive[0] | alive[1]) & ~all_removed;
    int prisoners[2], points[2];
    for (int c = 0; c < 2; c++) {
        prisoners[c] =
            cur->captures[c] + board_popcount(a.removed[board_color_other((board_color_t)c)]);
        points[c] = japanese_points(&a, cur->captures, (board_color_t)c);
    }
    int margin2 = japanese_margin2(&a, cur->captures, rules.komi2);
    char margin[24], komi[16];
    rules_margin_string(margin, margin2);
    rules_komi_string(komi, rules.komi2);

    if (status_text) {
        uint64_t want = !strcmp(status_text, "alive")  ? alive[0] | alive[1]
                        : !strcmp(status_text, "dead") ? all_removed
                                                       : stays;
        for (uint64_t rest = want; rest;) {
            uint64_t string = board_chain(b, g, board_lowest(rest));
            rest &= ~string;
            char *t = points_text(g, string);
            printf("%s\n", t);
            g_free(t);
        }
    } else if (csv) {
        if (!no_header)
            printf("%s\n", csv_header);
        char compact[DIAGRAM_COMPACT_SIZE];
        diagram_format_compact(compact, b, g);
        printf("%dx%d,%s,%s", g->width, g->height, compact, komi);
        uint64_t lists[4] = {alive[0], alive[1], a.removed[0], a.removed[1]};
        for (int i = 0; i < 4; i++) {
            char *t = points_text(g, lists[i]);
            printf(",%s", lists[i] ? t : "");
            g_free(t);
        }
        printf(",%d,%d,%d,%d,%d,%d,%s\n", board_popcount(a.territory[0]),
               board_popcount(a.territory[1]), prisoners[0], prisoners[1], points[0], points[1],
               margin);
    } else {
        char *rules_name = rules_to_string(&rules);
        printf("board %dx%d, rules %s, komi %s; prisoners taken in the game: Black %d, White %d\n",
               g->width, g->height, rules_name, komi, cur->captures[BOARD_BLACK],
               cur->captures[BOARD_WHITE]);
        g_free(rules_name);
        printf("strings (each analysed with the other player moving first):\n%s", text->str);
        for (int c = 0; c < 2; c++) {
            char *t = points_text(g, a.removed[c]);
            printf("removed %s stones: %d (%s)\n", c == BOARD_BLACK ? "Black" : "White",
                   board_popcount(a.removed[c]), t);
            g_free(t);
        }
        if (stays) {
            char *t = points_text(g, stays);
            printf("not independently alive and not removed (no territory next to them): %s\n", t);
            g_free(t);
        }
        for (int c = 0; c < 2; c++) {
            char *t = points_text(g, a.territory[c]);
            printf("%s territory: %d (%s)\n", c == BOARD_BLACK ? "Black" : "White",
                   board_popcount(a.territory[c]), t);
            g_free(t);
        }
        printf("prisoners: Black %d (%d captured, %d removed), White %d (%d captured, %d "
               "removed)\n",
               prisoners[0], cur->captures[0], board_popcount(a.removed[1]), prisoners[1],
               cur->captures[1], board_popcount(a.removed[0]));
        printf("score: Black %d + %d = %d, White %d + %d = %d, komi %s\n",
               board_popcount(a.territory[0]), prisoners[0], points[0],
               board_popcount(a.territory[1]), prisoners[1], points[1], komi);
        printf("result: %s\n", margin);
        printf("counted board (Japanese fill-in counting: x o prisoners put into their owner's "
               "territory, + - territory left for Black and White, . neutral):\n");
        int left[2], over[2];
        print_fill_in(&a, g, prisoners, left, over);
        printf("count: Black %d", left[0] + over[1]);
        if (over[1])
            printf(" (%d with %d white prisoners that found no room)", left[0], over[1]);
        printf(", White %d", left[1] + over[0]);
        if (over[0])
            printf(" (%d with %d black prisoners that found no room)", left[1], over[0]);
        printf(", komi %s: %s\n", komi, margin);
    }
    status = FRONT_EXIT_OK;
done:
    japanese_destroy(j);
    game_destroy(game);
    front_position_clear(&pos);
    front_rules_args_clear(&rules_args);
    g_string_free(text, TRUE);
    g_free(to_move_text);
    g_free(status_text);
    g_option_context_free(context);
    return status;
}
