/*
 * front/gtp_player.c: the GTP engine's moves and analysis (front/gtp_player.h states the
 * policy).  Every proof is a search_value null-window test of the game as it stands, its whole
 * history included, so superko is what the solver sees; the table is kept from move to move
 * (its results stay valid across searches: solver/tt.h).
 */
#include "front/gtp_player.h"

#include "cgt/notation.h"
#include "core/benson.h"
#include "core/score.h"
#include "front/solve_output.h"
#include "regions/region.h"
#include "solver/search.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Moves tested in genmove's phase 3 (gtp_player.h). */
enum { PHASE3_MOVES = 4 };

/* Local positions the region analysis may value before it gives up (REGION_ERROR_LIMIT). */
enum { REGION_POSITION_LIMIT = 200000 };

struct gtp_player {
    gtp_player_options_t options;
    search_t *search;
    const board_geom_t *geom; /* the search's geometry (borrowed) */
    rules_t rules;            /* the search's rules */
};

gtp_player_options_t gtp_player_options_default(void)
{
    return (gtp_player_options_t){
        .tt_bytes = 64u << 20, .memory_bytes = 0, .threads = 1, .max_nodes = 0, .resign = true};
}

gtp_player_t *gtp_player_create(const gtp_player_options_t *options)
{
    gtp_player_t *p = g_new0(gtp_player_t, 1);
    p->options = options ? *options : gtp_player_options_default();
    return p;
}

void gtp_player_reset(gtp_player_t *p)
{
    search_destroy(p->search);
    p->search = NULL;
    p->geom = NULL;
}

void gtp_player_destroy(gtp_player_t *p)
{
    if (!p)
        return;
    gtp_player_reset(p);
    g_free(p);
}

static bool rules_same(const rules_t *a, const rules_t *b)
{
    return a->ko == b->ko && a->scoring == b->scoring && a->tax == b->tax &&
           a->tax_group == b->tax_group && a->cycle == b->cycle && a->suicide == b->suicide &&
           a->pass == b->pass && a->komi2 == b->komi2;
}

/* A value from the mover's point of view (and back: the map is its own inverse). */
static int mover_view(int value, board_color_t mover)
{
    return mover == BOARD_BLACK ? value : -value;
}

char *gtp_player_value_text(char buf[40], int value)
{
    if (search_value_is_win(value))
        snprintf(buf, 40, "%c wins in %d plies", value > 0 ? 'B' : 'W', search_value_plies(value));
    else {
        char text[32];
        snprintf(buf, 40, "%s", solve_result_text(text, value, NULL));
    }
    return buf;
}

/* A value as a board label without spaces: "B+9", "0", "B(7)" (a win in 7 plies). */
static char *value_label(char buf[40], int value)
{
    if (search_value_is_win(value))
        snprintf(buf, 40, "%c(%d)", value > 0 ? 'B' : 'W', search_value_plies(value));
    else if (value >= SEARCH_VALUE_CYCLE_WIN || value <= -SEARCH_VALUE_CYCLE_WIN)
        snprintf(buf, 40, "%c(cycle)", value > 0 ? 'B' : 'W');
    else
        rules_margin_string(buf, value);
    return buf;
}

/* ---- The solver and the game it sees --------------------------------------------------------
 */

/*
 * The rules the solver searches: the game's own, or with cycle=draw added when simple ko alone
 * gives an infinite game tree (*exact false: what that search proves is about other rules).
 */
static rules_t solver_rules(bool *exact, const rules_t *rules)
{
    rules_t r = *rules;
    *exact = search_rules_supported(rules, NULL);
    if (!*exact)
        r.cycle = RULES_CYCLE_DRAW;
    return r;
}

static search_t *player_search(gtp_player_t *p, const board_geom_t *geom, const rules_t *rules,
                               GError **error)
{
    if (p->search && p->geom == geom && rules_same(&p->rules, rules))
        return p->search;
    gtp_player_reset(p);
    search_options_t options = search_options_default();
    options.tt_bytes = p->options.tt_bytes;
    options.memory_bytes = p->options.memory_bytes;
    options.threads = p->options.threads;
    p->search = search_create(geom, rules, &options, error);
    if (p->search) {
        p->geom = geom;
        p->rules = *rules;
    }
    return p->search;
}

/*
 * The game the solver searches: `game` itself when its rules are searched as they are;
 * otherwise its moves replayed under the solver's rules (*owned, to free), or, when that replay
 * stops (a repeated situation ends it under cycle=draw), the current position without history.
 */
static const game_t *solver_game(game_t **owned, const game_t *game, const rules_t *rules,
                                 bool exact)
{
    *owned = NULL;
    if (exact)
        return game;
    const board_geom_t *geom = game_geom(game);
    game_t *copy = game_create(geom, rules);
    bool replayed = true;
    for (size_t i = 1; i <= game_length(game) && replayed; i++)
        replayed = game_play(copy, game_state_at(game, i)->move) == GAME_LEGAL;
    if (!replayed || game_status(copy) != GAME_ONGOING) {
        game_destroy(copy);
        const game_state_t *cur = game_current(game);
        copy = game_create_from(geom, rules, &cur->board, (board_color_t)cur->to_move, NULL);
    }
    *owned = copy;
    return copy;
}

/* ---- Budgets ---------------------------------------------------------------------------------
 */

typedef struct budget {
    search_t *search;
    gint64 start;
    double seconds;  /* 0: no time limit */
    uint64_t nodes;  /* 0: no node limit */
    uint64_t nodes0; /* the search's node count at the start */
} budget_t;

static budget_t budget_start(search_t *search, double seconds, uint64_t nodes)
{
    return (budget_t){search, g_get_monotonic_time(), seconds, nodes, search_stats(search).nodes};
}

static double budget_elapsed(const budget_t *b)
{
    return (g_get_monotonic_time() - b->start) / 1e6;
}

static uint64_t budget_used_nodes(const budget_t *b)
{
    return search_stats(b->search).nodes - b->nodes0;
}

/*
 * Sets the search's limits to the part of the budget that remains until `until` (a fraction of
 * the whole) shared by `share` searches; false when nothing remains.
 */
static bool budget_limit(const budget_t *b, double until, int share)
{
    double seconds = 0;
    uint64_t nodes = 0;
    if (b->seconds > 0) {
        seconds = b->seconds * until - budget_elapsed(b);
        if (seconds <= 0)
            return false;
        seconds /= share;
    }
    if (b->nodes) {
        uint64_t cap = (uint64_t)(b->nodes * until), used = budget_used_nodes(b);
        if (used >= cap)
            return false;
        nodes = (cap - used) / (uint64_t)share;
        if (nodes == 0)
            nodes = 1;
    }
    search_set_limits(b->search, nodes, seconds);
    return true;
}

/* ---- Tests of moves -------------------------------------------------------------------------
 */

/*
 * Whether the mover's value after `move` is at least t (the mover's view, the child as the
 * root of the search): one null-window test.  *known false when the budget ran out (or the
 * search could not finish).
 */
static bool reaches(bool *known, search_t *s, const game_t *game, board_move_t move, int t)
{
    board_color_t mover = (board_color_t)game_current(game)->to_move;
    game_t *child = game_copy(game);
    bool yes = false;
    *known = false;
    if (game_play(child, move) == GAME_LEGAL) {
        int v;
        if (game_status(child) != GAME_ONGOING) {
            *known = search_ended_value(&v, NULL, child, 0, NULL); /* false: no result */
        } else {
            int a = mover == BOARD_BLACK ? t - 1 : -t;
            *known = search_value(&v, s, child, a, a + 1, NULL);
        }
        yes = *known && mover_view(v, mover) >= t;
    }
    game_destroy(child);
    return yes;
}

/*
 * The exact value of the game after `move`, as seen from the game before it (a distance to the
 * end counts the move).  False when the budget ran out.
 */
static bool move_value(int *value, search_t *s, const game_t *game, board_move_t move)
{
    game_t *child = game_copy(game);
    bool ok = game_play(child, move) == GAME_LEGAL;
    int v = 0;
    if (ok && game_status(child) != GAME_ONGOING)
        ok = search_ended_value(&v, NULL, child, 0, NULL);
    else if (ok)
        ok = search_value(&v, s, child, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL);
    if (ok && search_value_is_win(v))
        v += v > 0 ? -1 : 1;
    game_destroy(child);
    if (ok)
        *value = v;
    return ok;
}

/* ---- Move order: a two-ply count -------------------------------------------------------------
 */

typedef struct candidate {
    board_move_t move;
    int count;  /* the two-ply count (two_ply_count) */
    int status; /* 1 proven, 0 unknown, -1 refuted, -2 not optimal (phase 2) */
} candidate_t;

/*
 * The mover's area count after the move (twice Black minus White minus komi, the mover's view),
 * less a point for filling its own eye and the chain's stones for a self-atari that captures
 * nothing; in units of 1/64 so that ties go to the chain with more liberties nearer the centre.
 * The pass scores the count as it stands less a little (the final score when it ends the game).
 * Only an order for the searches and the last resort of an unproven choice.
 */
static int one_ply_count(const game_t *game, board_move_t move)
{
    const board_geom_t *g = game_geom(game);
    const game_state_t *cur = game_current(game);
    board_color_t me = (board_color_t)cur->to_move;
    rules_t area = *game_rules(game);
    area.scoring = RULES_SCORING_AREA;
    area.tax = RULES_TAX_NONE;
    game_state_t next;
    if (game_try(&next, game, move) != GAME_LEGAL)
        return INT_MIN / 2;
    if (move == BOARD_MOVE_PASS) {
        if (next.passes >= 2 && game_rules(game)->scoring != RULES_SCORING_LAST_MOVE)
            return 64 *
                   mover_view(score_margin2(&next.board, g, game_rules(game), next.captures), me);
        return 64 * mover_view(score_margin2(&cur->board, g, &area, cur->captures), me) - 48;
    }
    int count = mover_view(score_margin2(&next.board, g, &area, next.captures), me);
    uint64_t around = g->neighbours[move];
    if ((around & cur->board.stones[me]) == around)
        count -= 2;
    uint64_t chain = board_flood(g, board_bit(move), next.board.stones[me]);
    int liberties = board_popcount(board_adjacent(g, chain) & board_empty(&next.board, g));
    if (liberties == 1 && next.captures[me] == cur->captures[me])
        count -= 2 * board_popcount(chain);
    int x = move % g->width, y = move / g->width;
    int off_centre = abs(2 * x - (g->width - 1)) + abs(2 * y - (g->height - 1));
    return 64 * count + 2 * (liberties < 8 ? liberties : 8) - off_centre;
}

/*
 * The two-ply count of a move: the mover's one-ply count after the opponent's best reply by its
 * own one-ply count (so a move that lets a chain be captured at once scores the capture), with
 * the move's own tie-break; a move that ends the game scores the end (a win under last-move
 * scoring, the final count otherwise).
 */
static int two_ply_count(const game_t *game, board_move_t move)
{
    int own = one_ply_count(game, move);
    game_t *after = game_copy(game);
    game_play(after, move);
    int count;
    if (game_status(after) != GAME_ONGOING) {
        count = game_rules(game)->scoring == RULES_SCORING_LAST_MOVE ? INT_MAX / 4 : own;
    } else {
        board_move_t replies[BOARD_MAX_POINTS + 1];
        int n = game_legal_moves(replies, after), best = INT_MIN / 2;
        for (int i = 0; i < n; i++) {
            int v = one_ply_count(after, replies[i]);
            best = v > best ? v : best;
        }
        /* The reply's count in whole units of 1/64 (its tie-break is the opponent's), then the
         * move's own tie-break. */
        int units = best >= 0 ? (best + 32) / 64 : -((-best + 32) / 64);
        count = -64 * units + (own - 64 * (own >= 0 ? (own + 32) / 64 : -((-own + 32) / 64)));
    }
    game_destroy(after);
    return count;
}

/* The legal moves with their counts, the pass first, then by count (points in order on ties). */
static int candidates(candidate_t *out, const game_t *game)
{
    board_move_t moves[BOARD_MAX_POINTS + 1];
    int n = game_legal_moves(moves, game);
    for (int i = 0; i < n; i++)
        out[i] = (candidate_t){moves[i], two_ply_count(game, moves[i]), 0};
    /* Insertion sort: stable, at most 65 entries. */
    for (int i = 1; i < n; i++) {
        candidate_t c = out[i];
        int j = i;
        bool before = c.move == BOARD_MOVE_PASS;
        while (j > 0 && (before || c.count > out[j - 1].count)) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = c;
    }
    return n;
}

/* What one command searches with: the solver, the game it sees, the budget. */
typedef struct session {
    search_t *search;
    bool exact;         /* the game's rules are searched as they are */
    game_t *owned;      /* solver_game's copy, or NULL */
    const game_t *game; /* the game the solver sees */
    budget_t budget;
} session_t;

static bool session_open(session_t *out, gtp_player_t *p, const game_t *game, double seconds,
                         GError **error)
{
    rules_t rules = solver_rules(&out->exact, game_rules(game));
    out->search = player_search(p, game_geom(game), &rules, error);
    if (!out->search)
        return false;
    out->game = solver_game(&out->owned, game, &rules, out->exact);
    out->budget = budget_start(out->search, seconds, p->options.max_nodes);
    return true;
}

static void session_close(session_t *session)
{
    game_destroy(session->owned);
}

/* ---- genmove ---------------------------------------------------------------------------------
 */

static void note_costs(GString *note, const budget_t *b)
{
    g_string_append_printf(note, " (%.2f s, %llu nodes)", budget_elapsed(b),
                           (unsigned long long)budget_used_nodes(b));
}

bool gtp_player_choose(gtp_choice_t *out, GString *note, gtp_player_t *p, const game_t *game,
                       double seconds, GError **error)
{
    memset(out, 0, sizeof *out);
    out->move = BOARD_MOVE_NONE;
    session_t session;
    if (!session_open(&session, p, game, seconds, error))
        return false;
    search_t *s = session.search;
    const game_t *g = session.game;
    bool exact = session.exact;
    budget_t *b = &session.budget;
    board_color_t me = (board_color_t)game_current(game)->to_move;
    const board_geom_t *geom = game_geom(game);
    candidate_t cand[BOARD_MAX_POINTS + 1];
    int n = candidates(cand, game);
    char name[8], text[40];

    /* Phase 1: the value. */
    int v = 0;
    bool known = g && budget_limit(b, 0.5, 1) &&
                 search_value(&v, s, g, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL);
    int mine = mover_view(v, me);
    int chosen = -1;
    if (known && exact) {
        out->value_known = true;
        out->value = v;
        if (mine < 0 && p->options.resign) {
            out->kind = GTP_CHOICE_RESIGN;
            g_string_append_printf(note, "resign: the value is %s, a loss whatever is played",
                                   gtp_player_value_text(text, v));
            goto done;
        }
    }
    /* Phase 2: a move that keeps the value (distances: one ply nearer the end). */
    if (known) {
        int t = search_value_is_win(v) ? (mine > 0 ? mine + 1 : mine - 1) : mine;
        for (int i = 0; i < n && chosen < 0 && budget_limit(b, 0.8, 1); i++) {
            bool tested;
            bool keeps = reaches(&tested, s, g, cand[i].move, t);
            if (!tested)
                break;
            if (keeps)
                chosen = i;
            else
                cand[i].status = -2;
        }
        if (chosen >= 0) {
            out->kind = exact ? GTP_CHOICE_OPTIMAL : GTP_CHOICE_UNPROVEN;
            g_string_append_printf(note, "%s, optimal%s: the value is %s",
                                   board_move_name(name, geom, cand[chosen].move),
                                   exact ? "" : " with cycle=draw added",
                                   gtp_player_value_text(text, v));
            goto done;
        }
    }
    /* Phase 3: the best few moves by the count that phase 2 did not refute, each tested for
     * keeping the win (or the draw when the value is known to be one; a value known to be a
     * loss keeps phase 2's target).  Few, so that each test gets a budget that can prove. */
    int t = !known || mine > 0 ? 1 : mine == 0 ? 0 : (search_value_is_win(v) ? mine - 1 : mine);
    int order3[BOARD_MAX_POINTS + 1], left = 0;
    for (int i = 0; i < n; i++) {
        if (cand[i].status != 0)
            continue;
        int j = left++;
        for (; j > 0 && cand[i].count > cand[order3[j - 1]].count; j--)
            order3[j] = order3[j - 1];
        order3[j] = i;
    }
    if (left > PHASE3_MOVES)
        left = PHASE3_MOVES;
    for (int k = 0, share = left; k < left && chosen < 0; k++, share--) {
        int i = order3[k];
        if (g && budget_limit(b, 1.0, share)) {
            bool tested;
            bool yes = reaches(&tested, s, g, cand[i].move, t);
            cand[i].status = !tested ? 0 : yes ? 1 : -1;
        }
        if (cand[i].status == 1)
            chosen = i;
    }
    /* No proof: the proven moves, then the unknown, then those not optimal, then the refuted,
     * and within a class the best two-ply count. */
    const int order[] = {1, 0, -2, -1};
    for (int k = 0; k < 4 && chosen < 0; k++)
        for (int i = 0; i < n; i++)
            if (cand[i].status == order[k] && (chosen < 0 || cand[i].count > cand[chosen].count))
                chosen = i;
    out->kind = cand[chosen].status == 1 && exact ? GTP_CHOICE_PROVEN : GTP_CHOICE_UNPROVEN;
    board_move_name(name, geom, cand[chosen].move);
    if (known)
        g_string_append_printf(note,
                               "%s, not proven optimal: the value is %s but no move was "
                               "proven to keep it in time; ",
                               name, gtp_player_value_text(text, v));
    else
        g_string_append_printf(note, "%s, not proven optimal: no proof of the value in time; ",
                               name);
    if (out->kind == GTP_CHOICE_PROVEN)
        g_string_append_printf(note, "the move is proven to keep the %s",
                               t > 0    ? "win"
                               : t == 0 ? "draw"
                                        : "value");
    else
        g_string_append(note, "the best unrefuted move by a two-ply count");
done:
    if (out->kind != GTP_CHOICE_RESIGN && chosen >= 0)
        out->move = cand[chosen].move;
    if (!exact)
        g_string_append(note, " [searched with cycle=draw added: simple ko alone gives an infinite "
                              "game tree, so nothing is claimed proven]");
    note_costs(note, b);
    out->seconds = budget_elapsed(b);
    out->nodes = budget_used_nodes(b);
    session_close(&session);
    return true;
}

/* ---- Analysis --------------------------------------------------------------------------------
 */

bool gtp_player_describe(GString *out, gtp_player_t *p, const game_t *game, double seconds,
                         GError **error)
{
    session_t session;
    if (!session_open(&session, p, game, seconds, error))
        return false;
    search_result_t *res = g_new(search_result_t, 1);
    char text[40];
    const game_state_t *cur = game_current(game);
    if (session.game && budget_limit(&session.budget, 1.0, 1) &&
        search_solve(res, session.search, session.game, NULL)) {
        g_string_append_printf(out, "%s with %s to move", gtp_player_value_text(text, res->value),
                               cur->to_move == BOARD_BLACK ? "Black" : "White");
        if (res->best_count) {
            char *best = solve_moves_text(game_geom(game), res->best, res->best_count, " ");
            g_string_append_printf(out, "; optimal moves %s", best);
            g_free(best);
        }
        char *pv = solve_moves_text(game_geom(game), res->pv, res->pv_length, " ");
        g_string_append_printf(out, "; an optimal game %s%s", res->pv_length ? pv : "(over)",
                               res->pv_truncated ? " ..." : "");
        g_free(pv);
    } else {
        g_string_append(out, "unknown: no proof within the budget");
    }
    note_costs(out, &session.budget);
    if (!session.exact)
        g_string_append(out, "; searched with cycle=draw added (simple ko alone gives an "
                             "infinite game tree)");
    g_free(res);
    session_close(&session);
    return true;
}

bool gtp_player_move_values(GString *out, gtp_player_t *p, const game_t *game, double seconds,
                            GError **error)
{
    session_t session;
    if (!session_open(&session, p, game, seconds, error))
        return false;
    board_move_t moves[BOARD_MAX_POINTS + 1];
    int n = game_legal_moves(moves, game), points = 0;
    for (int i = 0; i < n; i++)
        points += moves[i] != BOARD_MOVE_PASS;
    char name[8], label[40];
    bool first = true;
    for (int i = 0; i < n; i++) {
        if (moves[i] == BOARD_MOVE_PASS)
            continue;
        int v;
        bool ok = session.game && budget_limit(&session.budget, 1.0, points) &&
                  move_value(&v, session.search, session.game, moves[i]);
        points--;
        g_string_append_printf(out, "%s%s %s", first ? "" : " ",
                               board_move_name(name, game_geom(game), moves[i]),
                               ok ? value_label(label, v) : "?");
        first = false;
    }
    session_close(&session);
    return true;
}

/* The names of the points of `mask`, separated by spaces. */
static void append_names(GString *out, const board_geom_t *g, uint64_t mask)
{
    char name[8];
    for (bool first = true; mask; mask &= mask - 1, first = false)
        g_string_append_printf(out, "%s%s", first ? "" : " ",
                               board_move_name(name, g, board_lowest(mask)));
}

void gtp_player_regions(GString *out, const game_t *game)
{
    const board_geom_t *g = game_geom(game);
    const game_state_t *cur = game_current(game);
    const rules_t *rules = game_rules(game);
    benson_t alive[2];
    for (int c = 0; c < 2; c++)
        benson_analyse(&alive[c], &cur->board, g, (board_color_t)c);
    if (!alive[BOARD_BLACK].alive && !alive[BOARD_WHITE].alive) {
        g_string_append(out, "no regions: no stone is unconditionally alive (Benson), so nothing "
                             "walls the board into regions");
        return;
    }
    region_model_t model = rules->scoring == RULES_SCORING_LAST_MOVE && !rules->pass
                               ? REGION_MODEL_MATH
                               : REGION_MODEL_TERRITORY;
    uint64_t safe[2] = {alive[BOARD_BLACK].alive, alive[BOARD_WHITE].alive};
    GError *error = NULL;
    board_geom_t *walled = board_geom_create_region(g->width, g->height, g->all, safe, &error);
    GArray *parts = walled ? region_split(walled, &cur->board, &error) : NULL;
    if (!parts) {
        g_string_append_printf(out, "no regions: %s", error->message);
        g_error_free(error);
        board_geom_destroy(walled);
        return;
    }
    if (parts->len == 0) {
        g_string_append(out, "no regions: every point is an unconditionally alive stone");
        region_parts_free(parts);
        board_geom_destroy(walled);
        return;
    }
    region_ctx_t *ctx = region_ctx_create(REGION_POSITION_LIMIT);
    cgt_ctx_t *cgt = region_ctx_cgt(ctx);
    cgt_game_t sum = cgt_zero(cgt);
    bool summed = true;
    g_string_append_printf(out,
                           "%u regions walled off by unconditionally alive stones (Benson), "
                           "valued in the %s model (no ko, no suicide; docs/regions.md)",
                           parts->len, region_model_name(model));
    for (guint i = 0; i < parts->len; i++) {
        const region_part_t *part = &g_array_index(parts, region_part_t, i);
        uint64_t points = part->geom->all & ~(part->geom->safe[0] | part->geom->safe[1]);
        g_string_append_printf(out, "\nregion %u (", i + 1);
        append_names(out, g, points);
        g_string_append(out, "): ");
        cgt_game_t value;
        if (region_value(&value, ctx, part->geom, &part->position, model, &error)) {
            char *text = cgt_to_string(cgt, value);
            g_string_append(out, text);
            g_free(text);
            sum = cgt_add(cgt, sum, value);
        } else {
            g_string_append_printf(out, "no value: %s", error->message);
            g_clear_error(&error);
            summed = false;
        }
    }
    if (summed) {
        char *text = cgt_to_string(cgt, sum);
        g_string_append_printf(out, "\nsum: %s", text);
        g_free(text);
    }
    region_ctx_destroy(ctx);
    region_parts_free(parts);
    board_geom_destroy(walled);
}
