/* front/describe.c: text reports of positions. */
#include "front/describe.h"

#include "core/score.h"

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

void describe_diagram(FILE *out, const board_t *board, const board_geom_t *geom)
{
    char name[8];
    bool region = board_geom_is_region(geom);
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
            board_point_t p = board_point(geom, x, y);
            board_color_t c = board_at(board, p);
            char letter = c == BOARD_BLACK ? 'X' : c == BOARD_WHITE ? 'O' : '.';
            /* A region shows its holes, and its ordinary stones in lower case (its safe stones
             * in upper case), as region diagrams do. */
            if (region && !(geom->all & board_bit(p)))
                letter = '#';
            else if (region && c != BOARD_EMPTY && !(geom->safe[c] & board_bit(p)))
                letter = (char)(letter - 'A' + 'a');
            fprintf(out, "%c ", letter);
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
                rules->scoring == RULES_SCORING_TERRITORY
                    ? " (territory, every stone counted alive: the Analysis comes later)"
                    : "");
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
        if (r.winner == BOARD_EMPTY)
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
