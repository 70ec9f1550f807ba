/* core/score.c: area and territory counting, chains and groups for the group tax. */
#include "core/score.h"

uint64_t score_territory(const board_t *b, const board_geom_t *g, board_color_t c)
{
    /* Empty points reaching the other colour: flood the empty set from the empty points that
     * touch it.  What is left of the empty set reaches only c, or nothing at all (an empty
     * board reaches no colour and is nobody's). */
    uint64_t empty = board_empty(b, g);
    uint64_t other = b->stones[board_color_other(c)];
    uint64_t reach_other = board_flood(g, empty & board_adjacent(g, other), empty);
    uint64_t reach_own = board_flood(g, empty & board_adjacent(g, b->stones[c]), empty);
    return reach_own & ~reach_other;
}

int score_area(const board_t *b, const board_geom_t *g, board_color_t c)
{
    return board_popcount(b->stones[c]) + board_popcount(score_territory(b, g, c));
}

int score_area_margin(const board_t *b, const board_geom_t *g, board_color_t c)
{
    board_color_t o = board_color_other(c);
    uint64_t empty = board_empty(b, g);
    uint64_t reach_own = board_flood(g, empty & board_adjacent(g, b->stones[c]), empty);
    uint64_t reach_other = board_flood(g, empty & board_adjacent(g, b->stones[o]), empty);
    return board_popcount(b->stones[c]) - board_popcount(b->stones[o]) +
           board_popcount(reach_own & ~reach_other) - board_popcount(reach_other & ~reach_own);
}

int score_chain_count(const board_t *b, const board_geom_t *g, board_color_t c)
{
    int n = 0;
    for (uint64_t rest = b->stones[c]; rest; n++)
        rest &= ~board_flood(g, rest & -rest, b->stones[c]);
    return n;
}

int score_group_count(const board_t *b, const board_geom_t *g, board_color_t c)
{
    /* Treat c's eyes (empty regions bordered only by c) as if they were c's stones: chains
     * that share an eye then become one connected set. */
    uint64_t eyes = score_territory(b, g, c);
    uint64_t joined = b->stones[c] | eyes;
    int n = 0;
    for (uint64_t rest = b->stones[c]; rest; n++)
        rest &= ~board_flood(g, rest & -rest, joined);
    return n;
}

int score_taxed_groups(const board_t *b, const board_geom_t *g, const rules_t *rules,
                       board_color_t c)
{
    if (rules->tax == RULES_TAX_NONE)
        return 0;
    return rules->tax_group == RULES_TAX_GROUP_EYES ? score_group_count(b, g, c)
                                                    : score_chain_count(b, g, c);
}

int score_margin2(const board_t *b, const board_geom_t *g, const rules_t *rules,
                  const uint16_t captures[2])
{
    if (rules->scoring != RULES_SCORING_TERRITORY)
        return 2 * (score_area_margin(b, g, BOARD_BLACK) -
                    2 * score_taxed_groups(b, g, rules, BOARD_BLACK) +
                    2 * score_taxed_groups(b, g, rules, BOARD_WHITE)) -
               rules->komi2;
    int s[2];
    for (int c = 0; c < 2; c++) {
        board_color_t col = (board_color_t)c;
        s[c] = board_popcount(score_territory(b, g, col)) + captures[c] -
               2 * score_taxed_groups(b, g, rules, col);
    }
    return 2 * (s[BOARD_BLACK] - s[BOARD_WHITE]) - rules->komi2;
}
