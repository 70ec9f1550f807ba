/* solver/moves.c: move generation (see moves.h). */
#include "solver/moves.h"

#include "core/hash.h"
#include "core/score.h"

void moves_init_order(worker_t *w)
{
    for (int p = 0; p < w->g->size; p++) {
        int x = p % w->g->width, y = p / w->g->width;
        int dx = x < w->g->width - 1 - x ? x : w->g->width - 1 - x;
        int dy = y < w->g->height - 1 - y ? y : w->g->height - 1 - y;
        w->centrality[p] = (uint8_t)(dx + dy);
    }
}

/* The test of candidate `c` (on its own position); returns the index found or -1.  Kept in c
 * so that a node proved by c alone can carry this test only (see search_alphabeta), and recorded in
 * dep, the dependency of an upper bound: there a superko miss is left out when
 * w->upper_no_misses (see tt.h).  A hit at `ko_index` is the ko recapture, decided by the
 * verified state: not recorded. */
static int test_move(worker_t *w, dep_t *dep, child_t *c, int side, int ko_index, bool superko)
{
    int k = history_lookup(w, &c->board, c->key, side);
    c->tested = k < 0 || k != ko_index;
    if (c->tested && !(k < 0 && superko && w->upper_no_misses))
        history_record(w, dep, &c->board, c->ikey, side, k, superko);
    c->test_k = k;
    c->test_superko = superko;
    c->test_side = (uint8_t)(side < 0 ? 2 : side);
    return k;
}

/*
 * Who wins the cycle closed by `me` moving from h (a pass, or a play taking `captured` and
 * losing `suicided` stones) back to the earlier state `first`: +1 Black, -1 White, 0 a tie.
 * cycle=draw: the player who passed more in the cycle (van der Werf and Winands);
 * cycle=japanese: the player who took fewer prisoners in it (J1989, docs/japanese.md).
 */
static int8_t cycle_winner(const worker_t *w, const hist_t *h, const hist_t *first,
                           board_color_t me, bool pass, int captured, int suicided)
{
    int b, wh;
    if (w->r->cycle == RULES_CYCLE_JAPANESE) {
        int mine = captured, theirs = suicided;
        b = h->captures[BOARD_BLACK] - first->captures[BOARD_BLACK] +
            (me == BOARD_BLACK ? mine : theirs);
        wh = h->captures[BOARD_WHITE] - first->captures[BOARD_WHITE] +
             (me == BOARD_WHITE ? mine : theirs);
        return (int8_t)(b < wh ? 1 : wh < b ? -1 : 0);
    }
    b = h->pass_count[BOARD_BLACK] + (pass && me == BOARD_BLACK) - first->pass_count[BOARD_BLACK];
    wh = h->pass_count[BOARD_WHITE] + (pass && me == BOARD_WHITE) - first->pass_count[BOARD_WHITE];
    return (int8_t)(b > wh ? 1 : wh > b ? -1 : 0);
}

/*
 * The order of play c by `me` (higher first): captures (more stones first); then the area
 * margin after the play (the mover's stones and empty points reaching only them, less the
 * opponent's), then the history heuristic (Schaeffer 1989), then the points farthest from
 * the edge.  The margin orders the defence of a proof that one side takes (nearly) the whole
 * board well: at 575fbe2 it took the 20-position 4x4 sample of the Chetrit study from 79 M
 * nodes under the scored rule sets to 24 M (docs/solver.md, "Move order").  The fields:
 * captures above 2^30 + 2^23; the margin (+64, so 0..128) from bit 23; the history counter
 * (< 2^22, less its 3 low bits) from bit 4; the centrality in bits 0..3 (below 16 on boards
 * up to 32 wide; on longer lines it reaches into the counter's bits, as it did before: a
 * tie-break only).
 */
static int play_order(const worker_t *w, child_t *c, board_color_t me)
{
    if (c->captured)
        return (1 << 30) + (1 << 23) + c->captured;
    /* The margin is added later, when the order is first compared (moves_add_margins): a node
     * whose table move cuts off never needs it.  The history counter is read now, as the
     * search's cutoffs change it. */
    c->margin_due = 1;
    return (int)((w->hh[me][c->move] >> 3) << 4) + w->centrality[c->move];
}

void moves_add_margins(const worker_t *w, child_t *moves, int n)
{
    board_color_t me = (board_color_t)w->hist[w->top].to_move;
    for (int i = 0; i < n; i++)
        if (moves[i].margin_due) {
            int margin = score_area_margin(&moves[i].board, w->g, me);
            moves[i].order += (margin + BOARD_MAX_POINTS) << 23;
            moves[i].margin_due = 0;
        }
}

int moves_generate(worker_t *w, child_t *out, dep_t *dep)
{
    const board_geom_t *g = w->g;
    const rules_t *r = w->r;
    int j = w->top;
    const hist_t *h = &w->hist[j];
    board_color_t me = (board_color_t)h->to_move, opp = board_color_other(me);
    int n = 0;
    for (uint64_t m = board_empty(&h->board, g); m; m &= m - 1) {
        board_point_t p = board_lowest(m);
        board_placement_t pl = board_place(&h->board, g, me, p);
        if (pl.suicided && !r->suicide)
            continue;
        child_t *c = &out[n];
        c->board = pl.after;
        c->key = h->key ^ g->zobrist[me][p] ^ hash_delta(g, opp, pl.captured) ^
                 hash_delta(g, me, pl.suicided);
        uint64_t skeys[BOARD_MAX_SYMMETRIES];
        sym_keys_play(w, skeys, h->skeys, me, p, pl.captured, pl.suicided);
        c->ikey = sym_min(w, skeys);
        c->move = p;
        c->captured = (uint8_t)board_popcount(pl.captured);
        c->suicided = (uint8_t)board_popcount(pl.suicided);
        c->cycle_end = 0;
        c->cycle_winner = 0;
        c->tested = 0;
        c->margin_due = 0;
        c->ko = moves_ko_point(g, &c->board, me, p, pl.captured);
        /* The recapture of a ko recreates the previous position (index j - 1): that is decided
         * by the position and the ko point, which the table verifies, so it is no history
         * dependence.  Every other repetition is. */
        bool ko_take = p == h->ko;
        switch (r->ko) {
        case RULES_KO_SIMPLE:
            if (j >= 1 && h->move != BOARD_MOVE_PASS &&
                board_equal(&w->hist[j - 1].board, &c->board))
                continue;
            break;
        case RULES_KO_POSITIONAL:
            if (test_move(w, dep, c, -1, ko_take ? j - 1 : -1, true) >= 0)
                continue;
            break;
        case RULES_KO_SITUATIONAL:
            if (test_move(w, dep, c, opp, ko_take ? j - 1 : -1, true) >= 0)
                continue;
            break;
        }
        /* Under superko a legal play's position is new, so only simple ko needs the test. */
        if (r->cycle != RULES_CYCLE_NONE && r->ko == RULES_KO_SIMPLE) {
            int k = test_move(w, dep, c, opp, -1, false);
            if (k >= 0) {
                c->cycle_end = 1;
                c->cycle_winner =
                    cycle_winner(w, h, &w->hist[k], me, false, c->captured, c->suicided);
            }
        }
        c->order = play_order(w, c, me);
        n++;
    }
    if (r->pass) {
        child_t *c = &out[n];
        c->board = h->board;
        c->key = h->key;
        c->ikey = h->ikey;
        c->move = BOARD_MOVE_PASS;
        c->captured = 0;
        c->suicided = 0;
        c->ko = TT_NO_KO;
        c->cycle_end = 0;
        c->cycle_winner = 0;
        c->tested = 0;
        c->margin_due = 0;
        if (r->cycle != RULES_CYCLE_NONE && h->passes + 1 < 2) {
            int k = test_move(w, dep, c, opp, -1, false);
            if (k >= 0) {
                c->cycle_end = 1;
                c->cycle_winner = cycle_winner(w, h, &w->hist[k], me, true, 0, 0);
            }
        }
        /* After the opponent's pass, passing ends the game: try it first, it is free. */
        c->order = h->passes == 1 ? INT_MAX - 1 : -BOARD_MAX_POINTS;
        n++;
    }
    return n;
}

int search_legal_moves(board_move_t *moves, search_t *s, const game_t *game)
{
    const game_state_t *cur = game_current(game);
    if (cur->passes >= 2 || cur->cycle_end)
        return 0;
    worker_t *w = g_new(worker_t, 1);
    search_worker_init(w, s, game, 0);
    child_t children[BOARD_MAX_POINTS + 1];
    dep_t d;
    dep_init(&d);
    int n = moves_generate(w, children, &d);
    for (int i = 0; i < n; i++)
        moves[i] = children[i].move;
    search_worker_free(w);
    g_free(w);
    return n;
}
