/*
 * solver/pns_solve.c: the value, the first moves and an optimal game of a no-pass last-move
 * game by proof-number searches alone (pns.h, "THE SOLVE"; docs/solver.md, "Proof-number
 * search").  Every answer is read from searches of pns.c, each exact: the winner from one
 * search without a bound, the distance from bounded ones ("does the winner win within d
 * plies?"), and each move from one search after it.
 */
#include "solver/bounds.h"
#include "positions/diagram.h"
#include "solver/pns_internal.h"

/* A last-move value, Black's view: `winner` wins in `plies` (search.h's conventions). */
static int win_value(board_color_t winner, int plies)
{
    return winner == BOARD_BLACK ? SEARCH_VALUE_WIN - plies : -(SEARCH_VALUE_WIN - plies);
}

/* Fills in the solve's nodes and seconds so far and tells the progress function `step`. */
static void tell(const pns_t *p, search_progress_t step)
{
    step.horizon = INT_MAX;
    step.nodes = p->total - p->solve_nodes_begin;
    step.seconds = (g_get_monotonic_time() - p->solve_started) / 1e6;
    p->progress(&step, p->progress_data);
}

/* Tells the progress function of the test "value >= test?" (Black's view) with [lo, hi]
 * known: it begins, or it was answered with the bound `value`. */
static void root_event(const pns_t *p, int lo, int hi, int test, bool began, int value)
{
    if (p->progress)
        tell(p,
             (search_progress_t){
                 .test = test, .began = began, .done = !began, .value = value, .lo = lo, .hi = hi});
}

/* Periodic saves take at most about a tenth of a run's time: a tree of gigabytes takes
 * minutes to write (1.26 GB in 7-9 s here, 2026-12-07), so the next save is due at least this
 * many times the last one's duration after it, whatever --checkpoint-every says. */
#define PNS_SAVE_SHARE 10

/* Hands the root's bounds to the checkpoint function, with the leaves' alpha-beta search (or
 * none) as the search whose table the file keeps: its entries are proofs about their own
 * positions and histories, valid in the next sitting's tests; the tree goes with them when p
 * keeps one (p->tree_kept, the function reading it with pns_tree_describe). */
void pns_checkpoint_now(pns_t *p)
{
    search_bounds_t b = pns_root_bounds(p);
    gint64 began = g_get_monotonic_time();
    p->checkpoint(p->leaf_search, &b, p->checkpoint_data);
    gint64 now = g_get_monotonic_time();
    gint64 wait = (gint64)(p->checkpoint_seconds * 1e6);
    p->next_checkpoint = now + MAX(wait, PNS_SAVE_SHARE * (now - began));
}

/* Records what is proved of the root's value and tells the progress function: the test
 * "value >= test?" was answered with the bound `value` (Black's view). */
static void root_proved(pns_t *p, int lo, int hi, int test, int value)
{
    p->root_lo = lo;
    p->root_hi = hi;
    root_event(p, lo, hi, test, false, value);
    if (p->checkpoint)
        pns_checkpoint_now(p);
}

void pns_set_checkpoint(pns_t *p, search_checkpoint_fn checkpoint, void *data)
{
    p->checkpoint = checkpoint;
    p->checkpoint_data = data;
}

void pns_set_checkpoint_every(pns_t *p, double seconds)
{
    p->checkpoint_seconds = seconds;
}

/* Whether a periodic save is due (pns_set_checkpoint_every) in a solve that saves. */
static bool checkpoint_due(const pns_t *p)
{
    return p->checkpoint && p->checkpoint_seconds > 0 && p->solve_seconds < 0 &&
           g_get_monotonic_time() >= p->next_checkpoint;
}

void pns_checkpoint_if_due(pns_t *p)
{
    if (!checkpoint_due(p))
        return;
    if (p->root_search) {
        /* In a test of the root: the search steps back to the root first (pns.c's search
         * saves then, with the tree). */
        if (p->stop == PNS_STOP_NONE)
            p->stop = PNS_STOP_SAVE;
        return;
    }
    if (p->leaf_search)
        pns_checkpoint_now(p); /* the leaves' table: the tree is not the root's */
}

void pns_resume(pns_t *p, int lo, int hi)
{
    p->resume = true;
    p->resume_lo = lo;
    p->resume_hi = hi;
}

/* The distances [*lo, *hi] in which `w` wins that the root's bounds allow (win_value's
 * inverse): value >= win_value(w, d) and value <= ... as Black's view orders them. */
static void distances_within_bounds(int *lo, int *hi, const pns_t *p, board_color_t w)
{
    if (w == BOARD_BLACK) { /* value = WIN - d: larger values are shorter wins */
        if (p->root_lo > 0)
            *hi = MIN(*hi, SEARCH_VALUE_WIN - p->root_lo);
        if (p->root_hi > 0 && p->root_hi < SEARCH_VALUE_INF)
            *lo = MAX(*lo, SEARCH_VALUE_WIN - p->root_hi);
    } else { /* value = d - WIN */
        if (p->root_hi < 0)
            *hi = MIN(*hi, p->root_hi + SEARCH_VALUE_WIN);
        if (p->root_lo < 0 && p->root_lo > -SEARCH_VALUE_INF)
            *lo = MAX(*lo, p->root_lo + SEARCH_VALUE_WIN);
    }
}

/* Freezes the solve's time for pns_root_bounds. */
static void solve_end(pns_t *p)
{
    p->solve_seconds = (g_get_monotonic_time() - p->solve_started) / 1e6;
    p->solve_game = NULL;
}

/* The error of a search that ended unknown (pns_stopped). */
static void set_stop_error(GError **error, const pns_t *p)
{
    uint64_t nodes = p->total - p->solve_nodes_begin;
    switch (p->stop) {
    case PNS_STOP_INTERRUPTED:
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_INTERRUPTED, "interrupted after %llu nodes",
                    (unsigned long long)nodes);
        break;
    case PNS_STOP_FULL:
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_LIMIT,
                    "the proof-number tree filled its %llu nodes (%.1f MB of the memory cap) "
                    "after %llu nodes%s",
                    (unsigned long long)p->max_nodes, p->max_nodes * PNS_NODE_BYTES / 1048576.0,
                    (unsigned long long)nodes,
                    p->collect ? ", with nothing left worth collecting" : "");
        break;
    case PNS_STOP_TREE:
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_RULES,
                    "the proof-number tree read from the checkpoint holds a move its line cannot "
                    "play, or a leaf without a move left unsolved (a damaged file) after %llu "
                    "nodes",
                    (unsigned long long)nodes);
        break;
    case PNS_STOP_ANALYSIS: {
        char position[DIAGRAM_COMPACT_SIZE];
        diagram_format_compact(position, &p->analysis_board, p->jp_geom);
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_LIMIT,
                    "the Analysis of the final position %s passed its limit of %llu imagined "
                    "positions per string after %llu nodes",
                    position, (unsigned long long)p->analysis.last, (unsigned long long)nodes);
        break;
    }
    default:
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_LIMIT,
                    "the search limit was reached after %llu nodes", (unsigned long long)nodes);
        break;
    }
}

/*
 * Whether `winner` wins from the game's current state within `plies` plies: as pns_prove,
 * with plies <= 0 answered without a search (pns_prove takes 0 for "no bound"): only a game
 * over, its player to move having no move, is won within 0 plies.
 */
static pns_outcome_t wins_within(pns_t *p, const game_t *game, board_color_t winner, int plies)
{
    if (plies > 0)
        return pns_prove(NULL, p, game, winner, plies);
    if (plies == 0 && game_status(game) != GAME_ONGOING && game_result(game).winner == winner)
        return PNS_PROVED;
    return PNS_DISPROVED;
}

/*
 * The winner and, unless winner_only, the distance (pns.h, "THE DISTANCE"), reported as root
 * bounds.  *plies is -1 when only the winner was found; false when not even that.
 */
static bool value_search(board_color_t *winner, int *plies, pns_t *p, const game_t *game,
                         bool winner_only)
{
    board_color_t to_move = (board_color_t)game_current(game)->to_move;
    g_assert(pns_supports(game_rules(game)));
    board_color_t w;
    int lo, hi;
    if (p->root_lo > 0 || p->root_hi < 0) {
        /* The winner is known already (an earlier run's bounds: pns_resume; no draw here). */
        w = p->root_lo > 0 ? BOARD_BLACK : BOARD_WHITE;
        lo = w == to_move ? 1 : 2, hi = SEARCH_VALUE_WIN;
        distances_within_bounds(&lo, &hi, p, w);
    } else {
        int depth = 0;
        root_event(p, p->root_lo, p->root_hi, SEARCH_VALUE_WIN_MIN + 1, true, 0);
        pns_outcome_t outcome = pns_prove(&depth, p, game, BOARD_BLACK, 0);
        if (outcome == PNS_UNKNOWN)
            return false;
        /* Without a bound the game is finite (superko) and has no draw: disproved is lost. */
        w = outcome == PNS_PROVED ? BOARD_BLACK : BOARD_WHITE;
        /* The winner plays the last move: an odd distance when it is to move. */
        lo = w == to_move ? 1 : 2, hi = depth;
        if (hi < lo)
            lo = hi;                             /* a game over: 0 plies */
        distances_within_bounds(&lo, &hi, p, w); /* what an earlier run proved, if any */
        /* "value >= Black wins?", answered with the proof's depth as the bound. */
        int a = win_value(w, hi), b = win_value(w, lo);
        root_proved(p, a < b ? a : b, a < b ? b : a, SEARCH_VALUE_WIN_MIN + 1, win_value(w, hi));
    }
    *winner = w;
    *plies = -1;
    if (winner_only)
        return true;
    pns_outcome_t outcome;
    while (lo < hi) {
        int mid = lo + 2 * ((hi - lo) / 4);
        int proved_in = 0;
        /* The test "w wins within mid?" as search.h's "value >= t?" in Black's view. */
        int test = w == BOARD_BLACK ? win_value(w, mid) : win_value(w, mid) + 1;
        root_event(p, p->root_lo, p->root_hi, test, true, 0);
        outcome = pns_prove(&proved_in, p, game, w, mid);
        if (outcome == PNS_UNKNOWN)
            return true;
        if (outcome == PNS_PROVED)
            hi = proved_in;
        else
            lo = mid + 2;
        int a = win_value(w, hi), b = win_value(w, lo);
        root_proved(p, a < b ? a : b, a < b ? b : a, test,
                    win_value(w, outcome == PNS_PROVED ? hi : lo));
    }
    *plies = hi;
    return true;
}

/* One test "value >= t?" of margin_search, narrowing [*lo, *hi]; false when unknown. */
static bool margin_test(pns_outcome_t *outcome, int *lo, int *hi, pns_t *p, const game_t *game,
                        int t)
{
    if (t <= *lo || t > *hi) {
        /* Known without a search: when the rules bound every score (bounds_score_range), or
         * a test answered it already (t between two values a game can end with); the root's
         * bounds take it too, for the winner read from them, without a progress line. */
        *outcome = t <= *lo ? PNS_PROVED : PNS_DISPROVED;
        p->root_lo = *lo, p->root_hi = *hi;
        return true;
    }
    root_event(p, *lo, *hi, t, true, 0);
    *outcome = pns_prove_margin(p, game, t);
    if (*outcome == PNS_UNKNOWN)
        return false;
    /* Bounds on values a game can end with: at komi 0 "B >= 0.5? yes" is "B >= 1"
     * (search_value_up), so "B >= 1?" is never asked after it. */
    const rules_t *rules = game_rules(game);
    if (*outcome == PNS_PROVED)
        *lo = search_value_up(t, rules);
    else
        *hi = search_value_down(t - 1, rules);
    root_proved(p, *lo, *hi, t, *outcome == PNS_PROVED ? *lo : *hi);
    return true;
}

/*
 * Below this lower bound (twice the margin: 4 points) margin_search asks one point more than
 * it has, above it twice as much.  The values of the strips are small: 1x11 (B+2) asked "B >=
 * 2?", "B >= 4? no", "B >= 3? no" where "B >= 3? no" alone settles it (measured on 2026-12-06,
 * nodes: 1x11 chinese 67.8 M -> 31.6 M, vdWW 47.0 M -> 22.6 M; 1x8 and 1x10 the same tests;
 * 3x3 chinese 1.75 M -> 1.76 M; stepping all the way, 2x4 chinese 26 k -> 67 k).
 */
#define MARGIN_STEP_BELOW 8

/* Where margin_search stops doubling and asks about a cycle won (no score comes near). */
#define MARGIN_FAR 1024

/*
 * The exact value of a scored game (pns_supports_margin), Black's view as search.h's: the
 * doubled margin, or +-SEARCH_VALUE_CYCLE_WIN for a cycle won.  Tests "value >= t?", each one
 * search: t = 1, then one more than the bound proved while it is below MARGIN_STEP_BELOW,
 * then doubling, while proved; after "value >= 1?" fails, t = 0, -1, -2, -4, ...
 * while disproved; beyond MARGIN_FAR the cycle won; then a bisection of what is left.  Values
 * are small, so a few tests decide most (0 takes two).  With winner_only the first one or two
 * tests ("value >= 1?", then "value >= 0?") and nothing more: the root's bounds give the sign,
 * *value is not set.  False when a search ran out of its budget (the bounds proved are the
 * root's, pns_root_bounds).
 */
static bool margin_search(int *value, pns_t *p, const game_t *game, bool winner_only)
{
    int lo = -SEARCH_VALUE_CYCLE_WIN, hi = SEARCH_VALUE_CYCLE_WIN; /* lo <= value <= hi */
    /* Where no cycle can end the game, the scores' range: the progress lines say "B+12"
     * rather than "B (cycle)", and "B >= N? yes" ends the tests. */
    bounds_score_range(&lo, &hi, game_rules(game), game_geom(game));
    /* And what an earlier run proved (pns_resume): the tests below answer from it. */
    lo = MAX(lo, p->root_lo), hi = MIN(hi, p->root_hi);
    pns_outcome_t outcome;
    for (int t = 1;; t = lo < MARGIN_STEP_BELOW ? lo + 1 : 2 * lo) {
        int asked = t > hi && hi > lo ? hi : t; /* not past what every score allows */
        if (!margin_test(&outcome, &lo, &hi, p, game, asked))
            return false;
        if (outcome == PNS_DISPROVED || winner_only || lo >= hi)
            break;
        if (t >= MARGIN_FAR) {
            if (!margin_test(&outcome, &lo, &hi, p, game, SEARCH_VALUE_CYCLE_WIN))
                return false;
            break;
        }
    }
    if (hi == 0) {
        for (int t = 0;; t = t ? 2 * t : -1) {
            if (!margin_test(&outcome, &lo, &hi, p, game, t))
                return false;
            if (outcome == PNS_PROVED || winner_only)
                break;
            if (t <= -MARGIN_FAR) {
                if (!margin_test(&outcome, &lo, &hi, p, game, -SEARCH_VALUE_CYCLE_WIN + 1))
                    return false;
                break;
            }
        }
    }
    if (winner_only)
        return true;
    while (lo < hi)
        if (!margin_test(&outcome, &lo, &hi, p, game, lo + (hi - lo + 1) / 2))
            return false;
    *value = lo;
    return true;
}

bool pns_value(board_color_t *winner, int *plies, pns_t *p, const game_t *game)
{
    /* A root of its own: nothing known of it (a solve's root bounds start in solve_begin). */
    p->root_lo = -SEARCH_VALUE_INF;
    p->root_hi = SEARCH_VALUE_INF;
    return value_search(winner, plies, p, game, false);
}

/*
 * Whether the move keeps the value: the winner `w` wins in `plies` from the game; the mover
 * is `w`: the winner still wins within plies - 1 after it (every winning move when
 * any_win: plies is then 0, no bound); the mover is the loser: the winner does not win
 * within plies - 3 after it (it always wins within plies - 1).
 */
static pns_outcome_t move_keeps(pns_t *p, const game_t *game, board_move_t move, board_color_t w,
                                int plies, bool any_win)
{
    board_color_t mover = (board_color_t)game_current(game)->to_move;
    game_t *child = game_copy(game);
    game_legality_t legal = game_play(child, move);
    g_assert(legal == GAME_LEGAL);
    (void)legal;
    pns_outcome_t outcome;
    if (any_win)
        outcome = pns_prove(NULL, p, child, w, 0);
    else if (mover == w)
        outcome = wins_within(p, child, w, plies - 1);
    else {
        outcome = wins_within(p, child, w, plies - 3);
        if (outcome != PNS_UNKNOWN)
            outcome = outcome == PNS_PROVED ? PNS_DISPROVED : PNS_PROVED;
    }
    game_destroy(child);
    return outcome;
}

/*
 * Whether `move` keeps the scored value v (Black's view) from the game: the value after it is
 * v.  It cannot be better for the mover, so one test decides: Black's move keeps it when the
 * child is worth at least v, White's when the child is not worth v + 1.
 */
static pns_outcome_t scored_move_keeps(pns_t *p, const game_t *game, board_move_t move, int v)
{
    board_color_t mover = (board_color_t)game_current(game)->to_move;
    game_t *child = game_copy(game);
    game_legality_t legal = game_play(child, move);
    g_assert(legal == GAME_LEGAL);
    (void)legal;
    pns_outcome_t outcome = pns_prove_margin(p, child, mover == BOARD_BLACK ? v : v + 1);
    if (mover == BOARD_WHITE && outcome != PNS_UNKNOWN)
        outcome = outcome == PNS_PROVED ? PNS_DISPROVED : PNS_PROVED;
    game_destroy(child);
    return outcome;
}

/* What a move must keep: the scored value, or the last-move winner and distance. */
typedef struct keep {
    bool scored;
    int value;            /* scored: the value, Black's view */
    board_color_t winner; /* last-move: the winner and its distance from the solved state */
    int plies;
} keep_t;

/* Whether `move` keeps k from the game, `done` plies into the optimal game; `first`: one of
 * the first moves (under last-move scoring the winner's first moves are every winning one). */
static pns_outcome_t keeps(pns_t *p, const game_t *game, board_move_t move, const keep_t *k,
                           int done, bool first)
{
    if (k->scored)
        return scored_move_keeps(p, game, move, k->value);
    board_color_t mover = (board_color_t)game_current(game)->to_move;
    return move_keeps(p, game, move, k->winner, k->plies - done, first && mover == k->winner);
}

/* A line_step event (search_progress_t) before the search of move tested + 1 of moves at the
 * optimal game's ply `ply` (0: a first move), as search_solve's. */
static void line_event(const pns_t *p, const keep_t *k, int ply, int moves, int tested, int best)
{
    if (!p->progress)
        return;
    int value = k->scored ? k->value : win_value(k->winner, k->plies);
    tell(p, search_progress_line(value, ply, moves, tested, best));
}

/*
 * The first moves (every move that keeps k) and an optimal game (at each ply the first legal
 * move, in game_legal_moves's order, that keeps it, until the game ends), as search_solve
 * finds them.  A move whose image under a symmetry of the whole game was tested already is
 * not tested again.
 */
static bool moves_and_game(search_result_t *res, pns_t *p, const game_t *game, const keep_t *k,
                           GError **error)
{
    const board_geom_t *g = game_geom(game);
    board_move_t moves[BOARD_MAX_POINTS + 1];
    pns_outcome_t answers[BOARD_MAX_POINTS + 1];
    int n = game_legal_moves(moves, game);
    unsigned symmetries = pns_game_symmetries(game);
    for (int i = 0; i < n; i++) {
        line_event(p, k, 0, n, i, res->best_count);
        int j = pns_earlier_image(g, moves, i, symmetries);
        answers[i] = j >= 0 ? answers[j] : keeps(p, game, moves[i], k, 0, true);
        if (answers[i] == PNS_UNKNOWN) {
            set_stop_error(error, p);
            return false;
        }
        if (answers[i] == PNS_PROVED)
            res->best[res->best_count++] = moves[i];
    }
    game_t *line = game_copy(game);
    bool ok = true;
    while (ok && game_status(line) == GAME_ONGOING) {
        if (res->pv_length >= SEARCH_MAX_PV) {
            res->pv_truncated = true;
            break;
        }
        n = game_legal_moves(moves, line);
        symmetries = pns_game_symmetries(line);
        int chosen = -1;
        for (int i = 0; i < n && chosen < 0 && ok; i++) {
            line_event(p, k, res->pv_length + 1, n, i, res->best_count);
            /* An image of a move that failed fails too (the first that keeps is taken). */
            if (pns_earlier_image(g, moves, i, symmetries) >= 0)
                continue;
            pns_outcome_t outcome = keeps(p, line, moves[i], k, res->pv_length, false);
            if (outcome == PNS_UNKNOWN) {
                set_stop_error(error, p);
                ok = false;
            } else if (outcome == PNS_PROVED)
                chosen = i;
        }
        if (!ok)
            break;
        g_assert(chosen >= 0); /* some move keeps the value */
        res->pv[res->pv_length++] = moves[chosen];
        game_legality_t legal = game_play(line, moves[chosen]);
        g_assert(legal == GAME_LEGAL);
        (void)legal;
    }
    if (ok && !res->pv_truncated) {
        res->final = game_result(line);
        g_assert(k->scored ? res->final.unknown || search_value_of_result(
                                                       &res->final, game_rules(game), 0) == k->value
                           : res->pv_length == k->plies);
    }
    game_destroy(line);
    return ok;
}

/* Starts a solve's clock, node count and root bounds; *ended when the game is over already
 * (its value then the root's bounds, *end its result).  False and *error when it is over
 * without a result its Analysis could give (search_ended_value). */
static bool solve_begin(bool *ended, game_result_t *end, pns_t *p, const game_t *game,
                        GError **error)
{
    p->solve_started = g_get_monotonic_time();
    p->solve_nodes_begin = p->total;
    p->root_lo = p->resume ? p->resume_lo : -SEARCH_VALUE_INF;
    p->root_hi = p->resume ? p->resume_hi : SEARCH_VALUE_INF;
    p->resume = false;
    p->solve_seconds = -1;
    p->next_checkpoint = p->solve_started + (gint64)(p->checkpoint_seconds * 1e6);
    p->solve_game = game; /* its searches are the root's tests (a checkpoint keeps their tree) */
    *ended = game_status(game) != GAME_ONGOING;
    if (!*ended)
        return true;
    int v;
    bool ok = search_ended_value(&v, end, game, 0, error);
    solve_end(p); /* its seconds are the Analysis's (minutes for a 4x4 seki) */
    if (ok)
        p->root_lo = p->root_hi = v;
    return ok;
}

bool pns_solve(search_result_t *res, pns_t *p, const game_t *game, bool value_only, GError **error)
{
    memset(res, 0, sizeof *res);
    bool ended;
    if (!solve_begin(&ended, &res->final, p, game, error))
        return false;
    if (ended) {
        res->value = p->root_lo;
        return true;
    }
    keep_t k = {.scored = !pns_supports(game_rules(game))};
    bool ok;
    if (k.scored) {
        ok = margin_search(&res->value, p, game, false);
        k.value = res->value;
    } else {
        ok = value_search(&k.winner, &k.plies, p, game, false) && k.plies >= 0;
        if (ok)
            res->value = win_value(k.winner, k.plies);
    }
    if (!ok)
        set_stop_error(error, p);
    else if (!value_only)
        ok = moves_and_game(res, p, game, &k, error);
    solve_end(p);
    return ok;
}

bool pns_winner(pns_t *p, const game_t *game, GError **error)
{
    game_result_t end;
    bool ended;
    if (!solve_begin(&ended, &end, p, game, error))
        return false;
    if (ended) /* its value is the root's bounds */
        return true;
    board_color_t winner;
    int plies, value;
    bool ok = pns_supports(game_rules(game)) ? value_search(&winner, &plies, p, game, true)
                                             : margin_search(&value, p, game, true);
    if (!ok)
        set_stop_error(error, p);
    solve_end(p);
    return ok;
}

search_bounds_t pns_root_bounds(const pns_t *p)
{
    search_bounds_t b = {
        .lo = p->root_lo,
        .hi = p->root_hi,
        .nodes = p->total - p->solve_nodes_begin,
        .seconds = p->solve_seconds >= 0 ? p->solve_seconds
                                         : (g_get_monotonic_time() - p->solve_started) / 1e6,
    };
    return b;
}
