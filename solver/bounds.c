/* solver/bounds.c: static bounds and their history condition (see bounds.h). */
#include "solver/bounds.h"

#include "core/benson.h"
#include "core/score.h"
#include "solver/history.h"
#include "solver/tablebase.h"

void bounds_static(statics_t *out, const worker_t *w, const hist_t *h)
{
    const board_geom_t *g = w->g;
    benson_t b[2];
    int bound[2]; /* bound[c]: c's guaranteed margin, c's view, before komi */
    for (int c = 0; c < 2; c++) {
        benson_analyse(&b[c], &h->board, g, (board_color_t)c);
        bound[c] = 2 * board_popcount(b[c].alive | b[c].territory) - w->points;
        if (w->r->tax != RULES_TAX_NONE)
            bound[c] -= 2 * score_chain_count(&h->board, g, (board_color_t)c);
    }
    int low = 2 * bound[BOARD_BLACK] - w->r->komi2;   /* Black's view, with komi */
    int high = -2 * bound[BOARD_WHITE] - w->r->komi2; /* Black's view, with komi */
    board_color_t me = (board_color_t)h->to_move;
    out->lo = me == BOARD_BLACK ? low : -high;
    out->hi = me == BOARD_BLACK ? high : -low;
    out->lo_alive = b[me].alive;
    out->hi_alive = b[board_color_other(me)].alive;
    out->lo_terr = b[me].territory;
    out->hi_terr = b[board_color_other(me)].territory;
}

void bounds_tablebase(int *lo, int *hi, const worker_t *w, int j, int ply)
{
    const tablebase_t *tb = w->s->options.tablebase;
    const hist_t *h = &w->hist[j];
    board_color_t me = (board_color_t)h->to_move;
    tablebase_state_t state =
        tablebase_state_after(tb, j > 0 ? &w->hist[j - 1].board : NULL,
                              j > 0 ? (board_move_t)h->move : BOARD_MOVE_NONE, &h->board, me);
    tablebase_state_normalize(&state, tb);
    tablebase_value_t v;
    bool known = tablebase_value(&v, tb, &state, NULL);
    g_assert(known); /* every legal state of the board is the tablebase's */
    int end = SEARCH_VALUE_WIN - (ply + v.distance);
    *lo = v.outcome == TABLEBASE_LOSS ? -end : 0;
    *hi = v.outcome == TABLEBASE_WIN ? end : 0;
}

bool bounds_usable(const worker_t *w, int j, int c, uint64_t alive, uint64_t terr, dep_t *dep)
{
    uint64_t touch = w->r->cycle == RULES_CYCLE_NONE ? terr : ~(uint64_t)0;
    /* Nothing alive: the bound is the trivial one, true whatever the history, except that
     * under cycle=draw a repetition is worth more than any score. */
    if (!alive && w->r->cycle == RULES_CYCLE_NONE)
        return true;
    const hist_t *h = &w->hist[j];
    if (h->passes == 1 && h->to_move != c && (terr & h->board.stones[h->to_move]))
        return false; /* the opponent's pass would end the game before c takes them back */
    if (history_covers(w, j, c, alive, touch))
        return false;
    tt_cond_add(dep->cond[c], (tt_cond_t){alive, touch});
    return true;
}

int bounds_horizon_estimate(const worker_t *w, const hist_t *h, const statics_t *sb)
{
    /* Every stone counted alive (no Analysis under analysis=japanese): an estimate only. */
    int v = value_black_view(score_margin2(&h->board, w->g, w->r, h->captures),
                             (board_color_t)h->to_move);
    return v < sb->lo ? sb->lo : v > sb->hi ? sb->hi : v;
}

void search_static_bounds(int *lo, int *hi, search_t *s, const game_t *game)
{
    *lo = -SEARCH_VALUE_INF;
    *hi = SEARCH_VALUE_INF;
    const game_state_t *cur = game_current(game);
    worker_t *w = g_new(worker_t, 1);
    search_worker_init(w, s, game, 0);
    if (w->statics && cur->passes < 2 && !cur->cycle_end) {
        const hist_t *h = &w->hist[w->top];
        statics_t sb;
        bounds_static(&sb, w, h);
        board_color_t me = (board_color_t)h->to_move, opp = board_color_other(me);
        dep_t dep;
        dep_init(&dep);
        /* A side with nothing alive has only the trivial bound: nothing to check. */
        int mine = sb.lo_alive && bounds_usable(w, w->top, me, sb.lo_alive, sb.lo_terr, &dep)
                       ? sb.lo
                       : -SEARCH_VALUE_INF;
        int theirs = sb.hi_alive && bounds_usable(w, w->top, opp, sb.hi_alive, sb.hi_terr, &dep)
                         ? sb.hi
                         : SEARCH_VALUE_INF;
        *lo = me == BOARD_BLACK ? mine : -theirs;
        *hi = me == BOARD_BLACK ? theirs : -mine;
    }
    search_worker_free(w);
    g_free(w);
}

int bounds_margin_most(const board_geom_t *geom, bool taxed)
{
    int n = board_popcount(geom->all);
    if (!taxed)
        return n;
    return n - 2 > 1 ? n - 2 : 1;
}

bool bounds_score_range(int *lo, int *hi, const rules_t *rules, const board_geom_t *geom)
{
    if (bounds_value_range(lo, hi, rules, geom))
        return true;
    if (rules->cycle != RULES_CYCLE_NONE || rules->scoring != RULES_SCORING_AREA ||
        board_geom_is_region(geom))
        return false;
    int most = bounds_margin_most(geom, false);
    *lo = -2 * most - rules->komi2;
    *hi = 2 * most - rules->komi2;
    return true;
}

bool bounds_value_range(int *lo, int *hi, const rules_t *rules, const board_geom_t *geom)
{
    if (rules->tax == RULES_TAX_NONE || rules->scoring != RULES_SCORING_AREA ||
        rules->cycle != RULES_CYCLE_NONE || board_geom_is_region(geom) ||
        board_popcount(geom->all) < 3)
        return false;
    int most = bounds_margin_most(geom, true);
    *lo = -2 * most - rules->komi2;
    *hi = 2 * most - rules->komi2;
    return true;
}
