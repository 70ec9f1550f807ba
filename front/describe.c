/* front/describe.c: text reports of positions. */
#include "front/describe.h"

#include "core/score.h"
#include "front/common.h"

#include <string.h>

static void print_points(FILE *out, const board_geom_t *geom, uint64_t mask)
{
    char name[8];
    bool first = true;
    for (; mask; mask &= mask - 1) {
        fprintf(out, "%s%s", first ? "" : " ", board_move_name(name, geom, board_lowest(mask)));
        first = false;
    }
}

/* A point as diagrams write it: X O . and, on a region, its holes # and its ordinary stones
 * in lower case (its safe stones in upper case), as region diagrams do. */
static char point_letter(const board_t *board, const board_geom_t *geom, board_point_t p)
{
    board_color_t c = board_at(board, p);
    char letter = c == BOARD_BLACK ? 'X' : c == BOARD_WHITE ? 'O' : '.';
    if (!board_geom_is_region(geom))
        return letter;
    if (!(geom->all & board_bit(p)))
        return '#';
    if (c != BOARD_EMPTY && !(geom->safe[c] & board_bit(p)))
        return (char)(letter - 'A' + 'a');
    return letter;
}

void describe_diagram(FILE *out, const board_t *board, const board_geom_t *geom)
{
    char name[8];
    fprintf(out, "    ");
    for (int x = 0; x < geom->width; x++) {
        board_move_name(name, geom, board_point(geom, x, geom->height - 1));
        name[strcspn(name, "0123456789")] = '\0';
        fprintf(out, "%-2s", name);
    }
    fputc('\n', out);
    for (int y = 0; y < geom->height; y++) {
        fprintf(out, "%3d ", geom->height - y);
        for (int x = 0; x < geom->width; x++) {
            fprintf(out, "%c ", point_letter(board, geom, board_point(geom, x, y)));
        }
        fputc('\n', out);
    }
}

static const char *color_name(board_color_t c)
{
    return c == BOARD_BLACK ? "black" : c == BOARD_WHITE ? "white" : "none";
}

void describe_game(FILE *out, const game_t *game)
{
    const board_geom_t *geom = game_geom(game);
    const rules_t *rules = game_rules(game);
    const game_state_t *cur = game_current(game);
    const board_t *b = &cur->board;
    char *rules_name = rules_to_string(rules);
    char komi[16];

    describe_diagram(out, b, geom);
    fprintf(out, "%s %dx%d, rules %s, komi %s, %s to move, move %zu\n",
            board_geom_is_region(geom) ? "region" : "board", geom->width, geom->height, rules_name,
            rules_komi_string(komi, rules->komi2), color_name((board_color_t)cur->to_move),
            game_length(game));
    fprintf(out, "chains:\n");
    int chains = 0;
    for (int c = 0; c < 2; c++) {
        for (uint64_t rest = b->stones[c]; rest; chains++) {
            uint64_t chain = board_chain(b, geom, board_lowest(rest));
            uint64_t libs = board_liberties(b, geom, chain);
            fprintf(out, "  %s%s %d stone%s [", chain & geom->safe[c] ? "safe " : "",
                    color_name((board_color_t)c), board_popcount(chain),
                    board_popcount(chain) == 1 ? "" : "s");
            print_points(out, geom, chain);
            fprintf(out, "] %d libert%s [", board_popcount(libs),
                    board_popcount(libs) == 1 ? "y" : "ies");
            print_points(out, geom, libs);
            fprintf(out, "]\n");
            rest &= ~chain;
        }
    }
    if (!chains)
        fprintf(out, "  none\n");
    fprintf(out, "captures: black %d, white %d\n", cur->captures[BOARD_BLACK],
            cur->captures[BOARD_WHITE]);
    int area_b = score_area(b, geom, BOARD_BLACK), area_w = score_area(b, geom, BOARD_WHITE);
    fprintf(out, "area: black %d, white %d", area_b, area_w);
    if (rules->tax != RULES_TAX_NONE)
        fprintf(out, "; taxed groups: black %d, white %d",
                score_taxed_groups(b, geom, rules, BOARD_BLACK),
                score_taxed_groups(b, geom, rules, BOARD_WHITE));
    fputc('\n', out);
    if (rules->scoring == RULES_SCORING_LAST_MOVE) {
        fprintf(out, "score: none (scoring=last-move: the player who cannot move loses)\n");
    } else {
        char margin[24];
        rules_margin_string(margin, score_margin2(b, geom, rules, cur->captures));
        fprintf(out, "score (if the game ended now): %s%s\n", margin,
                rules->scoring != RULES_SCORING_TERRITORY ? ""
                : rules->analysis == RULES_ANALYSIS_JAPANESE
                    ? " (territory, every stone counted alive; `mathgo score` applies the "
                      "Analysis)"
                    : " (territory, every stone counted alive)");
    }
    board_move_t moves[BOARD_MAX_POINTS + 1];
    int n = game_legal_moves(moves, game);
    game_status_t status = game_status(game);
    if (status != GAME_ONGOING) {
        game_result_t r = game_result(game);
        fprintf(out, "game over (%s): ",
                status == GAME_OVER_PASSES    ? "two passes"
                : status == GAME_OVER_NO_MOVE ? "no legal move"
                                              : "whole-board cycle");
        if (r.unknown)
            fprintf(out, "no result yet: the Analysis passed its limit (try mathgo score)\n");
        else if (r.winner == BOARD_EMPTY)
            fprintf(out, "a draw\n");
        else
            fprintf(out, "%s wins\n", color_name(r.winner));
    }
    fprintf(out, "legal moves for %s (%d):", color_name((board_color_t)cur->to_move), n);
    char name[8];
    for (int i = 0; i < n; i++)
        fprintf(out, " %s", board_move_name(name, geom, moves[i]));
    fputc('\n', out);
    g_free(rules_name);
}

const char describe_csv_header[] =
    "board,rules,komi,to_move,moves_played,position,black_stones,white_stones,black_chains,"
    "white_chains,black_captures,white_captures,black_area,white_area,score,status,winner,"
    "legal_moves,legal_move_count";

/* The chains of colour c on b. */
static int chain_count(const board_t *b, const board_geom_t *geom, board_color_t c)
{
    int n = 0;
    for (uint64_t rest = b->stones[c]; rest; n++)
        rest &= ~board_chain(b, geom, board_lowest(rest));
    return n;
}

void describe_csv_row(FILE *out, const game_t *game)
{
    const board_geom_t *geom = game_geom(game);
    const rules_t *rules = game_rules(game);
    const game_state_t *cur = game_current(game);
    const board_t *b = &cur->board;
    char *rules_name = rules_to_string(rules);
    char komi[16], score[24] = "", name[8];
    GString *position = g_string_new(NULL), *legal = g_string_new(NULL);
    for (int y = 0; y < geom->height; y++) {
        if (y)
            g_string_append_c(position, '/');
        for (int x = 0; x < geom->width; x++)
            g_string_append_c(position, point_letter(b, geom, board_point(geom, x, y)));
    }
    if (rules->scoring != RULES_SCORING_LAST_MOVE)
        rules_komi_string(score, score_margin2(b, geom, rules, cur->captures));
    board_move_t moves[BOARD_MAX_POINTS + 1];
    int n = game_legal_moves(moves, game);
    for (int i = 0; i < n; i++)
        g_string_append_printf(legal, "%s%s", i ? " " : "", board_move_name(name, geom, moves[i]));
    game_status_t status = game_status(game);
    const char *winner = "";
    if (status != GAME_ONGOING) {
        game_result_t r = game_result(game);
        winner = r.unknown                 ? "unknown" /* the Analysis passed its limit */
                 : r.winner == BOARD_BLACK ? "B"
                 : r.winner == BOARD_WHITE ? "W"
                                           : "draw";
    }
    fprintf(out, "%dx%d,", geom->width, geom->height);
    front_csv_field(out, rules_name);
    fprintf(out, ",%s,%s,%zu,%s,%d,%d,%d,%d,%d,%d,%d,%d,%s,%s,%s,%s,%d\n",
            rules_komi_string(komi, rules->komi2), cur->to_move == BOARD_BLACK ? "b" : "w",
            game_length(game), position->str, board_popcount(b->stones[BOARD_BLACK]),
            board_popcount(b->stones[BOARD_WHITE]), chain_count(b, geom, BOARD_BLACK),
            chain_count(b, geom, BOARD_WHITE), cur->captures[BOARD_BLACK],
            cur->captures[BOARD_WHITE], score_area(b, geom, BOARD_BLACK),
            score_area(b, geom, BOARD_WHITE), score,
            status == GAME_ONGOING        ? "ongoing"
            : status == GAME_OVER_PASSES  ? "two_passes"
            : status == GAME_OVER_NO_MOVE ? "no_move"
                                          : "cycle",
            winner, legal->str, n);
    g_string_free(position, TRUE);
    g_string_free(legal, TRUE);
    g_free(rules_name);
}
