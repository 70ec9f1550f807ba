/* front/solve_output.c: result texts, the optimal game and SGF for `mathgo solve`. */
#include "front/solve_output.h"

#include "front/common.h"
#include "positions/diagram.h"
#include "positions/sgf.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

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

const char solve_csv_header[] =
    "board,rules,komi,to_move,result,margin,best_moves,plies,nodes,time_s,tt_probes,tt_hits,"
    "tt_refused,tt_stores,tt_unstored,peak_mb,threads,pv,lower,upper,status,memory_bytes,"
    "nodes_total,time_total_s,main_nodes,helper_proofs";

char *solve_bound_text(char buf[32], int value)
{
    if (value >= SEARCH_VALUE_INF || value <= -SEARCH_VALUE_INF)
        buf[0] = '\0';
    else if (search_value_is_win(value))
        snprintf(buf, 32, "%c in %d", value > 0 ? 'B' : 'W', search_value_plies(value));
    else if (value >= SEARCH_VALUE_CYCLE_WIN || value <= -SEARCH_VALUE_CYCLE_WIN)
        snprintf(buf, 32, "%c (cycle)", value > 0 ? 'B' : 'W');
    else
        rules_komi_string(buf, value);
    return buf;
}

const char *solve_bound_text_or_open(char buf[32], int value)
{
    return *solve_bound_text(buf, value) ? buf : "?";
}

const char *solve_winner_code(int lower, int upper)
{
    return lower > 0 ? "B" : upper < 0 ? "W" : "0";
}

void solve_print_winner(FILE *out, int lower, int upper)
{
    const char *code = solve_winner_code(lower, upper);
    char lo[32], hi[32];
    fprintf(out, "%s (the value in [%s, %s])",
            *code == 'B'   ? "Black wins"
            : *code == 'W' ? "White wins"
                           : "a tie",
            solve_bound_text_or_open(lo, lower), solve_bound_text_or_open(hi, upper));
}

void solve_print_csv_row(FILE *out, const solve_csv_row_t *row)
{
    const search_result_t *res = row->result;
    const search_stats_t *st = &row->stats;
    char komi[16], result[32] = "", margin[32] = "", lower[32], upper[32], plies[16] = "";
    rules_komi_string(komi, row->rules->komi2);
    char *best = NULL, *pv = NULL;
    if (res) {
        solve_result_text(result, res->value, row->rules);
        solve_margin_text(margin, res->value);
        solve_bound_text(lower, res->value);
        solve_bound_text(upper, res->value);
    } else {
        solve_bound_text(lower, row->lower);
        solve_bound_text(upper, row->upper);
        if (row->winner)
            g_strlcpy(result, row->winner, sizeof result);
        if (row->winner && row->lower == row->upper)
            solve_margin_text(margin, row->lower);
    }
    /* The optimal game's length; with value_only, known only from a last-move value. */
    if (res && !row->value_only) {
        g_snprintf(plies, sizeof plies, "%d", res->pv_length);
        best = solve_moves_text(row->geom, res->best, res->best_count, " ");
        pv = solve_moves_text(row->geom, res->pv, res->pv_length, " ");
    } else if (res && search_value_is_win(res->value)) {
        g_snprintf(plies, sizeof plies, "%d", search_value_plies(res->value));
    }
    fprintf(out, "%dx%d,\"%s\",%s,%s,%s,%s,%s,%s,%llu,%.3f,%llu,%llu,%llu,%llu,%llu,%.1f,%d,",
            row->geom->width, row->geom->height, row->rules_name, komi,
            row->to_move == BOARD_BLACK ? "b" : "w", result, margin, best ? best : "", plies,
            (unsigned long long)st->nodes, st->seconds, (unsigned long long)st->tt_probes,
            (unsigned long long)st->tt_hits, (unsigned long long)st->tt_refused,
            (unsigned long long)st->tt_stores, (unsigned long long)st->tt_unstored, row->peak_mb,
            row->threads);
    front_csv_field(out, pv ? pv : "");
    fputc(',', out);
    front_csv_field(out, lower);
    fputc(',', out);
    front_csv_field(out, upper);
    fprintf(out, ",%s,%zu,%llu,%.3f,%llu,%llu\n", row->status, st->memory_bytes,
            (unsigned long long)(row->nodes_before + st->nodes), row->seconds_before + st->seconds,
            (unsigned long long)st->nodes_main, (unsigned long long)st->helper_proofs);
    g_free(best);
    g_free(pv);
}

bool solve_check_writable(const char *path, GError **error)
{
    if (g_file_test(path, G_FILE_TEST_IS_DIR)) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, "'%s' is a directory", path);
        return false;
    }
    char *dir = g_path_get_dirname(path);
    bool ok = access(dir, W_OK | X_OK) == 0;
    if (!ok)
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno),
                    "cannot write '%s': folder '%s': %s", path, dir, g_strerror(errno));
    g_free(dir);
    return ok;
}

/* The value of a position `plies` moves into an optimal line whose first position has `value`
 * (a last-move win comes one ply closer with each move), as a comment. */
static void append_value_comment(GString *s, int value, int plies, const rules_t *rules)
{
    if (search_value_is_win(value)) {
        int v = value > 0 ? value + plies : value - plies;
        int left = search_value_plies(v);
        if (left == 0)
            g_string_append_printf(s, "%s wins: %s has no move", v > 0 ? "Black" : "White",
                                   v > 0 ? "White" : "Black");
        else
            g_string_append_printf(s, "%s wins in %d pl%s with optimal play",
                                   v > 0 ? "Black" : "White", left, left == 1 ? "y" : "ies");
        return;
    }
    if (rules->scoring == RULES_SCORING_LAST_MOVE && value == 0) {
        g_string_append(s, "a draw with optimal play: neither side can force a win");
        return;
    }
    char buf[32];
    solve_result_text(buf, value, rules);
    g_string_append_printf(s, "value %s with optimal play", buf);
    if (value < SEARCH_VALUE_CYCLE_WIN && value > -SEARCH_VALUE_CYCLE_WIN)
        g_string_append(s, " (Black minus White minus komi)");
}

/* Adds the moves of a line as a chain of nodes below `node`, each commented with its value;
 * returns the last node. */
static sgf_node_t *add_line(sgf_node_t *node, const game_t *from, const board_move_t *moves,
                            int count, int value, int first_ply)
{
    const board_geom_t *g = game_geom(from);
    board_color_t c = (board_color_t)game_current(from)->to_move;
    for (int i = 0; i < count; i++) {
        sgf_node_t *next = sgf_node_add_child(node, sgf_node_create());
        sgf_add_move(next, c == BOARD_BLACK ? "B" : "W", g, moves[i]);
        GString *comment = g_string_new(NULL);
        append_value_comment(comment, value, first_ply + i + 1, game_rules(from));
        sgf_node_add_value(next, "C", comment->str);
        g_string_free(comment, TRUE);
        node = next;
        c = board_color_other(c);
    }
    return node;
}

/* RE: "B+3", "W+0.5", "0" (a tie or a draw), "B+" / "W+" for a win without a score (last-move
 * scoring, or a cycle won by the player who passed less). */
static void add_result(sgf_node_t *root, int value, const rules_t *rules)
{
    char buf[32];
    if (search_value_is_win(value) || value >= SEARCH_VALUE_CYCLE_WIN ||
        value <= -SEARCH_VALUE_CYCLE_WIN)
        snprintf(buf, sizeof buf, "%c+", value > 0 ? 'B' : 'W');
    else
        solve_result_text(buf, value, rules);
    sgf_node_add_value(root, "RE", buf);
}

bool solve_write_sgf(const char *path, const solve_sgf_t *what, GError **error)
{
    const game_t *game = what->game;
    const board_geom_t *g = game_geom(game);
    const rules_t *r = game_rules(game);
    const game_state_t *start = game_state_at(game, 0);
    sgf_node_t *root = sgf_game_root(g, r, &start->board, (board_color_t)start->to_move,
                                     "mathgo:" MATHGO_VERSION, error);
    if (!root)
        return false;
    if (what->result)
        add_result(root, what->result->value, r);
    GString *comment = g_string_new(NULL);
    if (board_geom_is_region(g)) {
        /* SGF has no holes nor immortal stones: the region goes in a comment, holes marked
         * with MA (a cross) so that viewers show them. */
        char *text = diagram_format_region(&start->board, g);
        g_string_append_printf(comment, "region (X O safe, x o stones, # off the board):\n%s",
                               text);
        g_free(text);
        uint64_t rectangle = g->size == 64 ? ~(uint64_t)0 : board_bit(g->size) - 1;
        sgf_add_points(root, "MA", g, rectangle & ~g->all);
    }
    /* The history (the moves of --from), then the solved position. */
    sgf_node_t *solved = root;
    size_t history = game_length(game);
    for (size_t i = 1; i <= history; i++) {
        const game_state_t *st = game_state_at(game, i);
        solved = sgf_node_add_child(solved, sgf_node_create());
        sgf_add_move(solved, game_state_at(game, i - 1)->to_move == BOARD_BLACK ? "B" : "W", g,
                     st->move);
    }
    if (history) {
        if (comment->len && solved != root) {
            sgf_node_add_value(root, "C", comment->str);
            g_string_truncate(comment, 0);
        }
        g_string_append_printf(comment,
                               "the position solved (after %zu moves of history): ", history);
    } else if (comment->len)
        g_string_append_c(comment, '\n');
    if (what->result)
        append_value_comment(comment, what->result->value, 0, r);
    else
        g_string_append(comment, what->bounds_text);
    sgf_node_add_value(solved, "C", comment->str);
    g_string_free(comment, TRUE);
    if (what->result)
        add_line(solved, game, what->result->pv, what->result->pv_length, what->result->value, 0);
    /* --variations: every other first move, with its value and its optimal continuation. */
    for (int i = 0; i < what->first_move_count; i++) {
        const solve_first_move_t *f = &what->first_moves[i];
        if (what->result && what->result->pv_length && f->move == what->result->pv[0])
            continue;
        sgf_node_t *first = sgf_node_add_child(solved, sgf_node_create());
        board_color_t c = (board_color_t)game_current(game)->to_move;
        sgf_add_move(first, c == BOARD_BLACK ? "B" : "W", g, f->move);
        if (!f->solved) {
            sgf_node_add_value(first, "C", "not solved within the limits");
            continue;
        }
        GString *text = g_string_new(NULL);
        append_value_comment(text, f->result.value, 0, r);
        sgf_node_add_value(first, "C", text->str);
        g_string_free(text, TRUE);
        game_t *after = game_copy(game);
        game_play(after, f->move);
        add_line(first, after, f->result.pv, f->result.pv_length, f->result.value, 0);
        game_destroy(after);
    }
    sgf_node_t *top = sgf_node_create();
    sgf_node_add_child(top, root);
    char *text = sgf_format(top);
    bool ok = front_write_file(path, text, error);
    g_free(text);
    sgf_node_destroy(top);
    return ok;
}
