/* front/solve_output.c: result texts, the optimal game and SGF for `mathgo solve`. */
#include "front/solve_output.h"

#include "positions/diagram.h"

#include <errno.h>
#include <string.h>

char *solve_margin_text(char buf[32], int value)
{
    if (search_value_is_win(value) || value >= SEARCH_VALUE_CYCLE_WIN ||
        value <= -SEARCH_VALUE_CYCLE_WIN) {
        buf[0] = '\0';
        return buf;
    }
    return rules_komi_string(buf, value);
}

char *solve_result_text(char buf[32], int value, const rules_t *rules)
{
    (void)rules;
    if (search_value_is_win(value))
        snprintf(buf, 32, "%c", value > 0 ? 'B' : 'W');
    else if (value >= SEARCH_VALUE_CYCLE_WIN || value <= -SEARCH_VALUE_CYCLE_WIN)
        snprintf(buf, 32, "%c (cycle)", value > 0 ? 'B' : 'W');
    else
        rules_margin_string(buf, value);
    return buf;
}

char *solve_moves_text(const board_geom_t *geom, const board_move_t *moves, int count,
                       const char *sep)
{
    GString *s = g_string_new(NULL);
    for (int i = 0; i < count; i++) {
        char buf[8];
        if (i)
            g_string_append(s, sep);
        g_string_append(s, board_move_name(buf, geom, moves[i]));
    }
    return g_string_free(s, FALSE);
}

void solve_print_game(FILE *out, const game_t *start, const search_result_t *res, bool diagrams)
{
    const board_geom_t *g = game_geom(start);
    game_t *game = game_copy(start);
    for (int i = 0; i < res->pv_length; i++) {
        board_color_t c = (board_color_t)game_current(game)->to_move;
        char buf[8];
        fprintf(out, "%s%d. %s %s", i % 8 == 0 ? (i ? "\n  " : "  ") : "  ", i + 1,
                c == BOARD_BLACK ? "B" : "W", board_move_name(buf, g, res->pv[i]));
        game_play(game, res->pv[i]);
    }
    fprintf(out, "%s\n", res->pv_truncated ? " ..." : "");
    if (diagrams) {
        game_t *replay = game_copy(start);
        for (int i = 0; i < res->pv_length; i++) {
            board_color_t c = (board_color_t)game_current(replay)->to_move;
            char buf[8];
            game_play(replay, res->pv[i]);
            fprintf(out, "\n%d. %s %s\n", i + 1, c == BOARD_BLACK ? "B" : "W",
                    board_move_name(buf, g, res->pv[i]));
            if (board_geom_is_region(g)) {
                char *text = diagram_format_region(&game_current(replay)->board, g);
                fputs(text, out);
                g_free(text);
            } else {
                board_print(out, &game_current(replay)->board, g);
            }
        }
        game_destroy(replay);
    }
    game_destroy(game);
}

static void sgf_point(GString *s, const board_geom_t *g, board_move_t m)
{
    if (m == BOARD_MOVE_PASS)
        return;
    g_string_append_c(s, (char)('a' + board_x(g, m)));
    g_string_append_c(s, (char)('a' + board_y(g, m)));
}

/* A property listing the points of m ("AB[aa][ba]"); nothing when m is empty. */
static void sgf_points(GString *s, const board_geom_t *g, const char *property, uint64_t m)
{
    if (m)
        g_string_append(s, property);
    for (; m; m &= m - 1) {
        g_string_append_c(s, '[');
        sgf_point(s, g, board_lowest(m));
        g_string_append_c(s, ']');
    }
}

static void sgf_escape(GString *s, const char *text)
{
    for (; *text; text++) {
        if (*text == ']' || *text == '\\')
            g_string_append_c(s, '\\');
        g_string_append_c(s, *text);
    }
}

bool solve_write_sgf(const char *path, const game_t *start, const search_result_t *res,
                     const char *rules_text, GError **error)
{
    const board_geom_t *g = game_geom(start);
    const game_state_t *st = game_current(start);
    const rules_t *r = game_rules(start);
    GString *s = g_string_new("(;FF[4]GM[1]CA[UTF-8]AP[mathgo:solve]");
    if (g->width == g->height)
        g_string_append_printf(s, "SZ[%d]", g->width);
    else
        g_string_append_printf(s, "SZ[%d:%d]", g->width, g->height);
    char buf[32];
    g_string_append_printf(s, "KM[%s]RU[", rules_komi_string(buf, r->komi2));
    sgf_escape(s, rules_text);
    g_string_append(s, "]");
    solve_result_text(buf, res->value, r);
    g_string_append(s, "RE[");
    if (!strcmp(buf, "0"))
        g_string_append(s, "0");
    else if (!strcmp(buf, "B") || !strcmp(buf, "W"))
        g_string_append_printf(s, "%s+", buf);
    else
        sgf_escape(s, buf);
    g_string_append(s, "]");
    sgf_points(s, g, "AB", st->board.stones[BOARD_BLACK]);
    sgf_points(s, g, "AW", st->board.stones[BOARD_WHITE]);
    if (board_geom_is_region(g)) {
        /* SGF has no holes nor immortal stones: the region goes in a comment, holes marked
         * with MA (a cross) so that viewers show them. */
        char *text = diagram_format_region(&st->board, g);
        g_string_append(s, "C[region (X O safe, x o stones, # off the board):\n");
        sgf_escape(s, text);
        g_string_append(s, "]");
        g_free(text);
        uint64_t rectangle = g->size == 64 ? ~(uint64_t)0 : board_bit(g->size) - 1;
        sgf_points(s, g, "MA", rectangle & ~g->all);
    }
    g_string_append_printf(s, "PL[%c]\n", st->to_move == BOARD_BLACK ? 'B' : 'W');
    board_color_t c = (board_color_t)st->to_move;
    for (int i = 0; i < res->pv_length; i++) {
        g_string_append_printf(s, ";%c[", c == BOARD_BLACK ? 'B' : 'W');
        sgf_point(s, g, res->pv[i]);
        g_string_append_c(s, ']');
        if (i % 10 == 9)
            g_string_append_c(s, '\n');
        c = board_color_other(c);
    }
    g_string_append(s, ")\n");
    bool ok = g_file_set_contents(path, s->str, (gssize)s->len, error);
    g_string_free(s, TRUE);
    return ok;
}
