/*
 * solver/chetrit.c: the per-position study of Chetrit's claim (chetrit.h).
 */
#include "solver/chetrit.h"

#include "core/game.h"
#include "core/rules.h"
#include "core/score.h"
#include "positions/rank.h"
#include "solver/bounds.h"
#include "solver/pns.h"
#include "solver/search.h"

#include <string.h>

const char *const chetrit_rule_texts[CHETRIT_RULE_COUNT] = {
    "math", "old-chinese", "chinese", "tromp-taylor", "pseudo", "old-chinese,taxgroup=eyes",
};

GQuark chetrit_error_quark(void)
{
    return g_quark_from_static_string("mathgo-chetrit-error");
}

struct chetrit {
    const board_geom_t *geom;
    rules_t rules[CHETRIT_RULE_COUNT];
    search_t *search[CHETRIT_RULE_COUNT];
    pns_t *pns;                             /* proof-number search, for math and pseudo */
    uint64_t pns_nodes[CHETRIT_RULE_COUNT]; /* its nodes per rule set */
    uint64_t pns_max_nodes;                 /* its tree's size within the memory cap */
    double seconds[CHETRIT_RULE_COUNT];
    uint64_t max_nodes;        /* the user's limit per search, 0 none */
    uint64_t pseudo_max_nodes; /* pseudo-Go's, 0 none */
    bool too_deep;             /* the last value_of met a line deeper than the stacks (value_of) */
    bool strip_margins_by_pns; /* chetrit_options_t.strip_margins_by_pns */
    const tablebase_t *simple_ko;
};

/* The first node budget of each search in last_move_value's race. */
#define CHETRIT_FIRST_BUDGET 20000

chetrit_options_t chetrit_options_default(void)
{
    chetrit_options_t o = {.tt_bytes = (size_t)64 << 20,
                           .search_bytes = 0,
                           .pns_nodes = 0,
                           .threads = 1,
                           .max_nodes = 0,
                           .pseudo_max_nodes = CHETRIT_PSEUDO_MAX_NODES,
                           .simple_ko = NULL,
                           .stop = NULL,
                           .strip_margins_by_pns = true};
    return o;
}

/* The least cap search_memory_plan takes for one thread (a table of one bucket and the least
 * stacks), found by bisection: the plan is a pure function of the cap. */
static size_t least_search_bytes(void)
{
    size_t lo = 0, hi = (size_t)1 << 30; /* search_memory_plan(lo) fails, (hi) succeeds */
    search_memory_plan_t plan;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (search_memory_plan(&plan, mid, 1, NULL))
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

bool chetrit_memory_plan(chetrit_options_t *options, size_t memory_bytes, size_t fixed_bytes,
                         GError **error)
{
    size_t threads = options->threads < 1 ? 1 : (size_t)options->threads;
    size_t searches_least = CHETRIT_RULE_COUNT * least_search_bytes();
    size_t worker_least = searches_least + CHETRIT_PNS_MIN_NODES * PNS_NODE_BYTES;
    size_t per_worker = memory_bytes > fixed_bytes ? (memory_bytes - fixed_bytes) / threads : 0;
    if (per_worker < worker_least) {
        g_set_error(error, CHETRIT_ERROR, CHETRIT_ERROR_MEMORY,
                    "a memory cap of %zu bytes is too small: %zu worker%s need%s at least %zu "
                    "bytes (each %d searches with stacks for %d plies and a table of one bucket, "
                    "and a proof-number tree of %d nodes) besides the %zu bytes of the rows, "
                    "the ranking and the tablebase",
                    memory_bytes, threads, threads > 1 ? "s" : "", threads > 1 ? "" : "s",
                    threads * worker_least, CHETRIT_RULE_COUNT, SEARCH_PLAN_MIN_PLIES,
                    CHETRIT_PNS_MIN_NODES, fixed_bytes);
        return false;
    }
    /* Half to the tree (at most CHETRIT_PNS_NODES nodes), but never the searches' least. */
    size_t pns_bytes = per_worker / 2;
    if (pns_bytes > CHETRIT_PNS_NODES * PNS_NODE_BYTES)
        pns_bytes = CHETRIT_PNS_NODES * PNS_NODE_BYTES;
    if (per_worker - pns_bytes < searches_least)
        pns_bytes = per_worker - searches_least;
    options->search_bytes = (per_worker - pns_bytes) / CHETRIT_RULE_COUNT;
    options->pns_nodes = pns_bytes / PNS_NODE_BYTES;
    return true;
}

size_t chetrit_run_bytes(const board_geom_t *geom, size_t count)
{
    rank_t *rank = rank_create(geom, NULL);
    size_t bytes = rank ? rank_bytes(rank) : 0;
    rank_destroy(rank);
    return bytes + count * (2 * sizeof(chetrit_row_t) + sizeof(bool));
}

/* The workers of a run register here, so that a request reaches their searches. */
struct chetrit_stop {
    GMutex lock;
    bool requested;
    GPtrArray *workers; /* chetrit_t * */
};

chetrit_stop_t *chetrit_stop_create(void)
{
    chetrit_stop_t *stop = g_new0(chetrit_stop_t, 1);
    g_mutex_init(&stop->lock);
    stop->workers = g_ptr_array_new();
    return stop;
}

void chetrit_stop_destroy(chetrit_stop_t *stop)
{
    if (!stop)
        return;
    g_ptr_array_free(stop->workers, TRUE);
    g_mutex_clear(&stop->lock);
    g_free(stop);
}

/* Stops every search of a worker, in progress and to come (search_interrupt, pns_interrupt:
 * a proof-number search would otherwise run on to its tree's size). */
static void chetrit_interrupt(chetrit_t *c)
{
    for (int r = 0; r < CHETRIT_RULE_COUNT; r++)
        search_interrupt(c->search[r]);
    if (c->pns)
        pns_interrupt(c->pns);
}

void chetrit_stop_request(chetrit_stop_t *stop)
{
    g_mutex_lock(&stop->lock);
    stop->requested = true;
    for (guint i = 0; i < stop->workers->len; i++)
        chetrit_interrupt(g_ptr_array_index(stop->workers, i));
    g_mutex_unlock(&stop->lock);
}

static bool stop_requested(chetrit_stop_t *stop)
{
    if (!stop)
        return false;
    g_mutex_lock(&stop->lock);
    bool requested = stop->requested;
    g_mutex_unlock(&stop->lock);
    return requested;
}

/* A worker joins (registered: true) or leaves the workers a request reaches; one that joins
 * after the request is interrupted at once. */
static void stop_register(chetrit_stop_t *stop, chetrit_t *c, bool registered)
{
    if (!stop || !c)
        return;
    g_mutex_lock(&stop->lock);
    if (registered) {
        g_ptr_array_add(stop->workers, c);
        if (stop->requested)
            chetrit_interrupt(c);
    } else
        g_ptr_array_remove_fast(stop->workers, c);
    g_mutex_unlock(&stop->lock);
}

static void set_interrupted(GError **error)
{
    g_set_error_literal(error, CHETRIT_ERROR, CHETRIT_ERROR_INTERRUPTED, "stopped");
}

bool chetrit_check_tablebase(const tablebase_t *tb, const board_geom_t *geom, GError **error)
{
    const board_geom_t *tg = tablebase_geom(tb);
    if (tg->width != geom->width || tg->height != geom->height || board_geom_is_region(tg) ||
        board_geom_is_region(geom)) {
        g_set_error(error, CHETRIT_ERROR, CHETRIT_ERROR_TABLEBASE,
                    "the tablebase is of %s%dx%d, the study of %s%dx%d",
                    board_geom_is_region(tg) ? "a region of " : "", tg->width, tg->height,
                    board_geom_is_region(geom) ? "a region of " : "", geom->width, geom->height);
        return false;
    }
    rules_t math;
    bool parsed = rules_parse(&math, chetrit_rule_texts[CHETRIT_MATH], NULL);
    g_assert(parsed);
    char *want = tablebase_rules_string(&math);
    char *have = tablebase_rules_string(tablebase_rules(tb));
    bool same = !strcmp(want, have);
    if (!same)
        g_set_error(error, CHETRIT_ERROR, CHETRIT_ERROR_TABLEBASE,
                    "the tablebase plays %s, the study needs %s", have, want);
    g_free(want);
    g_free(have);
    return same;
}

const chetrit_rule_t chetrit_margin_rules[CHETRIT_MARGIN_RULES] = {
    CHETRIT_OLD_CHINESE, CHETRIT_CHINESE, CHETRIT_TROMP_TAYLOR, CHETRIT_OLD_CHINESE_EYES};

int chetrit_row_margin(const chetrit_row_t *row, chetrit_rule_t r)
{
    switch (r) {
    case CHETRIT_OLD_CHINESE:
        return row->old_chinese_margin;
    case CHETRIT_CHINESE:
        return row->chinese_margin;
    case CHETRIT_TROMP_TAYLOR:
        return row->tromp_taylor_margin;
    case CHETRIT_OLD_CHINESE_EYES:
        return row->old_chinese_eyes_margin;
    default:
        g_assert_not_reached();
    }
    return 0;
}

/* The rule sets of chetrit_rule_texts that tax groups. */
static bool rule_taxed(chetrit_rule_t r)
{
    return r == CHETRIT_OLD_CHINESE || r == CHETRIT_OLD_CHINESE_EYES;
}

chetrit_t *chetrit_create(const board_geom_t *geom, const chetrit_options_t *options,
                          GError **error)
{
    chetrit_t *c = g_new0(chetrit_t, 1);
    c->geom = geom;
    c->max_nodes = options->max_nodes;
    c->strip_margins_by_pns = options->strip_margins_by_pns;
    c->pseudo_max_nodes = options->pseudo_max_nodes;
    c->simple_ko = options->simple_ko;
    if (c->max_nodes && (!c->pseudo_max_nodes || c->pseudo_max_nodes > c->max_nodes))
        c->pseudo_max_nodes = c->max_nodes;
    search_options_t so = search_options_default();
    so.tt_bytes = options->tt_bytes;
    so.memory_bytes = options->search_bytes;
    so.threads = 1;
    so.max_nodes = options->max_nodes;
    for (int r = 0; r < CHETRIT_RULE_COUNT; r++) {
        if (!rules_parse(&c->rules[r], chetrit_rule_texts[r], error))
            goto fail;
        c->rules[r].komi2 = 0;
        g_assert((c->rules[r].tax != RULES_TAX_NONE) == rule_taxed(r)); /* chetrit_margin_limit */
        c->search[r] = search_create(geom, &c->rules[r], &so, error);
        if (!c->search[r])
            goto fail;
    }
    c->pns_max_nodes = options->pns_nodes ? options->pns_nodes : CHETRIT_PNS_NODES;
    c->pns = pns_create(c->pns_max_nodes);
    return c;
fail:
    chetrit_destroy(c);
    return NULL;
}

void chetrit_destroy(chetrit_t *c)
{
    if (!c)
        return;
    for (int r = 0; r < CHETRIT_RULE_COUNT; r++)
        search_destroy(c->search[r]);
    pns_destroy(c->pns);
    g_free(c);
}

chetrit_stats_t chetrit_stats(const chetrit_t *c)
{
    chetrit_stats_t st;
    for (int r = 0; r < CHETRIT_RULE_COUNT; r++) {
        st.nodes[r] = search_stats(c->search[r]).nodes + c->pns_nodes[r];
        st.pns_nodes[r] = c->pns_nodes[r];
        st.seconds[r] = c->seconds[r];
    }
    return st;
}

/*
 * The value of the fresh start under rule set r (Black's view), searched in the window
 * (alpha, beta).  *solved false when the node limit stopped it, or a line of play deeper than
 * the stacks the memory cap allows (c->too_deep then): both are limits of this run, and a
 * study of thousands of positions leaves that cell empty and goes on (2x7's empty board under
 * pseudo, 3 GB for one thread: a line past 11,779 plies) rather than losing the run; false only
 * for other failures.
 */
static bool value_of(int *value, bool *solved, chetrit_t *c, chetrit_rule_t r,
                     const board_t *position, board_color_t to_move, int alpha, int beta,
                     GError **error)
{
    GError *err = NULL;
    game_t *game = game_create_from(c->geom, &c->rules[r], position, to_move, &err);
    if (!game) {
        g_propagate_error(error, err);
        return false;
    }
    double started = g_get_monotonic_time() / 1e6;
    bool ok = search_value(value, c->search[r], game, alpha, beta, &err);
    c->seconds[r] += g_get_monotonic_time() / 1e6 - started;
    game_destroy(game);
    *solved = ok;
    c->too_deep = !ok && g_error_matches(err, SEARCH_ERROR, SEARCH_ERROR_DEPTH);
    if (ok)
        return true;
    if (c->too_deep || g_error_matches(err, SEARCH_ERROR, SEARCH_ERROR_LIMIT)) {
        g_error_free(err);
        return true;
    }
    if (g_error_matches(err, SEARCH_ERROR, SEARCH_ERROR_INTERRUPTED)) {
        g_error_free(err);
        set_interrupted(error);
        return false;
    }
    g_set_error(error, CHETRIT_ERROR, CHETRIT_ERROR_SEARCH, "%s: %s", chetrit_rule_texts[r],
                err->message);
    g_error_free(err);
    return false;
}

/* A scored value (twice the margin) in points; komi 0 and whole points make it even. */
static bool margin_of(int *margin, int value2, chetrit_rule_t r, GError **error)
{
    if (value2 % 2 != 0 || search_value_is_win(value2)) {
        g_set_error(error, CHETRIT_ERROR, CHETRIT_ERROR_SEARCH,
                    "%s: value %d is not a whole margin", chetrit_rule_texts[r], value2);
        return false;
    }
    *margin = value2 / 2;
    return true;
}

/*
 * A last-move rule set's value.  search_value's full window asks "a win within d plies?" for
 * growing d (the schedule of search_distances_next), each test bounded by its depth: cheap
 * when the game is short, hopeless when
 * it is long (1x8 `././././X/./O/O` pseudo, White to move: not done in 20 s).  One null-window
 * test "does Black win?" has no depth bound and follows every long line: hopeless on the 1x8
 * empty board under pseudo (170 k nodes the first way, over 30 s this one).  So the two race:
 * each in turn gets a node budget, doubling, and the table keeps what a stopped search proved
 * (search.c stores nothing from an aborted line).  When the winner comes first and the
 * distance is needed (`need_plies`), the deepening goes on alone.  *plies_known says whether
 * *value carries the distance (otherwise it is +-SEARCH_VALUE_WIN, the winner only).  A cell
 * stays unsolved only when a search would pass the user's node limit.
 *
 * When the first budgets are spent, proof-number search (pns.h) gets one try before the race
 * goes on: the long capture fights of the strips are its ground (1x9 `./X/X/./O/O/X/./O`,
 * White to move: a Black win in 50 plies, 36.6 M alpha-beta nodes, about 0.1 M of its own
 * for the winner), while the table's transpositions make alpha-beta the faster search on the
 * square boards, where nearly every cell ends within the first budget.  Both are exact; which
 * one answers changes no value (tests/test_pns.c checks them against each other).
 */
/* One call of proof-number search on a fresh start: its game, and the time and nodes it
 * charges to rule set r (pns_call_end). */
typedef struct pns_call {
    game_t *game;
    double started;
    uint64_t nodes_before;
} pns_call_t;

static bool pns_call_begin(pns_call_t *call, chetrit_t *c, chetrit_rule_t r,
                           const board_t *position, board_color_t to_move, uint64_t cap,
                           GError **error)
{
    call->game = game_create_from(c->geom, &c->rules[r], position, to_move, error);
    if (!call->game)
        return false;
    call->started = g_get_monotonic_time() / 1e6;
    call->nodes_before = pns_nodes(c->pns);
    /* The tree returns solved subtrees to its pool, so a search may create many more nodes
     * than the pool holds (1x10 `math`: 93.6 M created, 12 M alive at most): the user's limit
     * is the budget; without one, the pool's size is, so that the race goes on. */
    pns_set_search_nodes(c->pns, cap ? cap : c->pns_max_nodes);
    return true;
}

static void pns_call_end(pns_call_t *call, chetrit_t *c, chetrit_rule_t r)
{
    c->pns_nodes[r] += pns_nodes(c->pns) - call->nodes_before;
    c->seconds[r] += g_get_monotonic_time() / 1e6 - call->started;
    game_destroy(call->game);
}

/*
 * proof-number search's value of the fresh start under rule set r (Black's view): *found
 * false when it could not tell (its budget, or a rule set it does not answer); otherwise
 * *value is the winner's +-SEARCH_VALUE_WIN, less the distance when *plies_known.
 */
static bool proof_number_value(int *value, bool *found, bool *plies_known, chetrit_t *c,
                               chetrit_rule_t r, const board_t *position, board_color_t to_move,
                               uint64_t cap, GError **error)
{
    *found = false;
    *plies_known = false;
    if (!pns_supports(&c->rules[r]))
        return true;
    pns_call_t call;
    if (!pns_call_begin(&call, c, r, position, to_move, cap, error))
        return false;
    board_color_t winner;
    int plies;
    if (pns_value(&winner, &plies, c->pns, call.game)) {
        int sign = winner == BOARD_BLACK ? 1 : -1;
        *found = true;
        *plies_known = plies >= 0;
        *value = sign * (*plies_known ? SEARCH_VALUE_WIN - plies : SEARCH_VALUE_WIN);
    }
    pns_call_end(&call, c, r);
    return true;
}

static bool last_move_value(int *value, bool *solved, bool *plies_known, chetrit_t *c,
                            chetrit_rule_t r, const board_t *position, board_color_t to_move,
                            bool need_plies, GError **error)
{
    uint64_t cap = r == CHETRIT_PSEUDO ? c->pseudo_max_nodes : c->max_nodes;
    uint64_t budget = CHETRIT_FIRST_BUDGET;
    bool winner_known = false, pns_tried = false;
    *plies_known = false;
    for (;;) {
        bool last = cap && budget >= cap;
        uint64_t limit = last ? cap : budget;
        search_set_limits(c->search[r], limit, 0);
        int v;
        if (!value_of(&v, solved, c, r, position, to_move, -SEARCH_VALUE_INF, SEARCH_VALUE_INF,
                      error))
            goto fail;
        if (*solved) {
            g_assert(search_value_is_win(v));
            *value = v;
            *plies_known = true;
            break;
        }
        bool too_deep = c->too_deep; /* a larger budget would meet the same line again */
        if (!winner_known) {
            if (!value_of(&v, solved, c, r, position, to_move, -1, 1, error))
                goto fail;
            too_deep = too_deep || c->too_deep;
            if (*solved) {
                g_assert(v != 0);
                winner_known = true;
                *value = v > 0 ? SEARCH_VALUE_WIN : -SEARCH_VALUE_WIN;
                if (!need_plies)
                    break;
            }
        }
        if (last && !too_deep) {
            *solved = !need_plies && winner_known;
            break;
        }
        if (!pns_tried && (budget == CHETRIT_FIRST_BUDGET || too_deep)) {
            pns_tried = true;
            bool found;
            if (!proof_number_value(&v, &found, plies_known, c, r, position, to_move, cap, error))
                goto fail;
            if (found && (*plies_known || !winner_known)) {
                *value = v;
                winner_known = true;
            }
            /* The winner without the distance: where the distance is optional and the race
             * has a limit, the deepening goes on up to that limit for the distance. */
            if (*plies_known || (found && !need_plies && !cap)) {
                *solved = true;
                break;
            }
        }
        if (too_deep) {
            *solved = !need_plies && winner_known;
            break;
        }
        budget *= 2;
    }
    search_set_limits(c->search[r], c->max_nodes, 0);
    return true;
fail:
    search_set_limits(c->search[r], c->max_nodes, 0);
    return false;
}

/* The largest |margin| of any final position under rule set r, in points (the argument is
 * at bounds_margin_most, solver/bounds.h). */
int chetrit_margin_limit(const board_geom_t *geom, chetrit_rule_t r)
{
    return bounds_margin_most(geom, rule_taxed(r));
}

bool chetrit_margin_sign(int *sign, const chetrit_row_t *row, chetrit_rule_t r)
{
    int lo = row->margin_lo[r], hi = row->margin_hi[r];
    if (row->solved[r] || lo > 0 || hi < 0) {
        *sign = row->solved[r] ? (lo > 0) - (lo < 0) : lo > 0 ? 1 : -1;
        return true;
    }
    return false;
}

/*
 * A strip's margin that alpha-beta left between lo and hi (doubled, Black's view) when its cap
 * stopped it: proof-number search with alpha-beta at its leaves, the `solve` command's search
 * on the scored strips under superko (pns_leaf_nodes_default; docs/solver.md, "Alpha-beta at
 * the leaves"), whose leaves share the study's alpha-beta table of rule set r.  Its tests
 * "margin >= t?" step from the guess as margin_near's windows do, each within the cap, and
 * narrow [lo, hi]; a test left unanswered ends them.  Elsewhere (square boards, where
 * alpha-beta's table wins, and the rule sets whose leaves the history refuses) nothing is
 * tried.  Both searches are exact: which one answers changes no value.  Measured on 40 cells
 * of docs/data/chetrit_1x9.csv that alpha-beta had left at 2 M nodes under old-chinese
 * (`solve --positions`, one search a cell): 10 answered within 2 M nodes (alpha-beta alone 7),
 * 22 of the other 30 within 20 M, 1.7-13.2 s each (alpha-beta alone 5 of 27).
 */
static bool margin_by_proof_numbers(int *lo, int *hi, chetrit_t *c, chetrit_rule_t r,
                                    const board_t *position, board_color_t to_move, int guess,
                                    GError **error)
{
    uint64_t leaf_nodes = pns_leaf_nodes_default(&c->rules[r]);
    if (!c->strip_margins_by_pns || !leaf_nodes || (c->geom->width != 1 && c->geom->height != 1))
        return true;
    /* Komi 0 and whole points: every doubled margin is even. */
    int a = *lo % 2 ? *lo + 1 : *lo, b = *hi % 2 ? *hi - 1 : *hi;
    pns_call_t call;
    if (!pns_call_begin(&call, c, r, position, to_move, c->max_nodes, error))
        return false;
    uint64_t leaf_before = search_stats(c->search[r]).nodes;
    pns_set_leaf_search(c->pns, c->search[r], leaf_nodes);
    for (int t = 2 * guess; a < b;) {
        t = t <= a ? a + 2 : t > b ? b : t; /* a proof moves it up, a disproof down */
        pns_outcome_t outcome = pns_prove_margin(c->pns, call.game, t);
        if (outcome == PNS_PROVED)
            a = t;
        else if (outcome == PNS_DISPROVED)
            b = t - 2;
        else
            break;
    }
    bool interrupted = pns_stopped(c->pns) == PNS_STOP_INTERRUPTED;
    pns_set_leaf_search(c->pns, NULL, 0);
    search_set_limits(c->search[r], c->max_nodes, 0);
    pns_call_end(&call, c, r);
    /* The leaves' nodes are in the search's count and in the tree's: counted once. */
    c->pns_nodes[r] -= search_stats(c->search[r]).nodes - leaf_before;
    if (interrupted) {
        set_interrupted(error);
        return false;
    }
    *lo = a, *hi = b;
    return true;
}

/*
 * The margin under scored rule set r.  The first window decides only "= guess?" (two
 * null-window tests in search_value); a miss moves the window to the fail-soft bound and the
 * known limit.  Windows never reach past the limits of chetrit_margin_limit: asking "> limit?"
 * would make the solver prove what is true of every final position, at the cost of the whole tree
 * (3x3 `..X/XXX/XXX` old-chinese: 1.4 M nodes for "B > 7?", 31 k for the rest).
 */
static bool margin_near(int *margin, bool *solved, int *margin_lo, int *margin_hi, chetrit_t *c,
                        chetrit_rule_t r, const board_t *position, board_color_t to_move, int guess,
                        GError **error)
{
    int lo = -2 * chetrit_margin_limit(c->geom, r), hi = -lo; /* lo <= value <= hi, doubled */
    int a = 2 * guess - 1, b = 2 * guess + 1;
    int v = 0;
    while (lo < hi) {
        a = a > lo ? a : lo;
        b = b < hi ? b : hi;
        if (a >= b)
            a = lo, b = hi;
        if (!value_of(&v, solved, c, r, position, to_move, a, b, error))
            return false;
        if (!*solved && !c->too_deep) {
            if (!margin_by_proof_numbers(&lo, &hi, c, r, position, to_move, guess, error))
                return false;
            if (lo == hi) {
                *solved = true;
                v = lo;
                break;
            }
        }
        if (!*solved) {
            /* What the finished tests proved: value >= lo and <= hi, doubled margins. */
            *margin_lo = lo >= 0 ? (lo + 1) / 2 : -(-lo / 2);
            *margin_hi = hi >= 0 ? hi / 2 : -((-hi + 1) / 2);
            return true;
        }
        if (v > a && v < b)
            break;
        if (v <= a) {
            hi = v > lo ? v : lo; /* fail-soft: value <= v */
            if (a == lo)
                lo = hi; /* and value >= lo */
            a = lo, b = hi + 1;
        } else {
            lo = v < hi ? v : hi;
            if (b == hi)
                hi = lo;
            a = lo - 1, b = hi;
        }
        v = lo;
    }
    if (!margin_of(margin, v, r, error))
        return false;
    *margin_lo = *margin_hi = *margin;
    return true;
}

void chetrit_row_describe(chetrit_row_t *row, const board_geom_t *g, const board_t *position,
                          board_color_t to_move)
{
    row->position = *position;
    row->to_move = to_move;
    row->black_groups = score_chain_count(position, g, BOARD_BLACK);
    row->white_groups = score_chain_count(position, g, BOARD_WHITE);
    row->black_eye_groups = score_group_count(position, g, BOARD_BLACK);
    row->white_eye_groups = score_group_count(position, g, BOARD_WHITE);
    row->black_stones = board_popcount(position->stones[BOARD_BLACK]);
    row->white_stones = board_popcount(position->stones[BOARD_WHITE]);
    row->empty_points = board_popcount(board_empty(position, g));
    row->area_margin = score_area(position, g, BOARD_BLACK) - score_area(position, g, BOARD_WHITE);
}

bool chetrit_solve(chetrit_row_t *row, chetrit_t *c, const board_t *position, board_color_t to_move,
                   GError **error)
{
    uint64_t rank = row->rank;
    memset(row, 0, sizeof *row);
    row->rank = rank;
    chetrit_row_describe(row, c->geom, position, to_move);
    if (c->simple_ko) {
        tablebase_state_t state = {*position, to_move, TABLEBASE_BAN_NONE};
        tablebase_value_t tv;
        if (!tablebase_value(&tv, c->simple_ko, &state, error))
            return false;
        row->simple_ko_known = true;
        row->simple_ko_plies = tv.distance;
        row->simple_ko_winner = tv.outcome == TABLEBASE_DRAW  ? -1
                                : tv.outcome == TABLEBASE_WIN ? (int)to_move
                                                              : (int)board_color_other(to_move);
    }

    bool *solved = row->solved;
    int v;
    bool plies_known;
    /* Mathematical Go: the winner and the distance. */
    if (!last_move_value(&v, &solved[CHETRIT_MATH], &plies_known, c, CHETRIT_MATH, position,
                         to_move, true, error))
        return false;
    if (solved[CHETRIT_MATH]) {
        row->math_winner = v > 0 ? BOARD_BLACK : BOARD_WHITE;
        row->math_plies = search_value_plies(v);
    }
    /* Pseudo-Go: the winner, and the distance when the race found it. */
    if (!last_move_value(&v, &solved[CHETRIT_PSEUDO], &plies_known, c, CHETRIT_PSEUDO, position,
                         to_move, false, error))
        return false;
    if (solved[CHETRIT_PSEUDO]) {
        row->pseudo_winner = v > 0 ? BOARD_BLACK : BOARD_WHITE;
        row->pseudo_plies = plies_known ? search_value_plies(v) : -1;
    }
    /* The margins, each first searched in a narrow window around a guess from the one
     * before (the window only orders the tests: a miss widens it, see margin_near).  On all
     * of 3x3: chinese = tromp-taylor in every row; old-chinese = chinese - 2 sign(chinese) in
     * 91 %, eyes = old-chinese in 88 %. */
    int *lo = row->margin_lo, *hi = row->margin_hi;
    if (!margin_near(&row->tromp_taylor_margin, &solved[CHETRIT_TROMP_TAYLOR],
                     &lo[CHETRIT_TROMP_TAYLOR], &hi[CHETRIT_TROMP_TAYLOR], c, CHETRIT_TROMP_TAYLOR,
                     position, to_move, row->area_margin, error))
        return false;
    int guess = solved[CHETRIT_TROMP_TAYLOR] ? row->tromp_taylor_margin : row->area_margin;
    if (!margin_near(&row->chinese_margin, &solved[CHETRIT_CHINESE], &lo[CHETRIT_CHINESE],
                     &hi[CHETRIT_CHINESE], c, CHETRIT_CHINESE, position, to_move, guess, error))
        return false;
    if (solved[CHETRIT_CHINESE])
        guess = row->chinese_margin - 2 * ((row->chinese_margin > 0) - (row->chinese_margin < 0));
    if (!margin_near(&row->old_chinese_margin, &solved[CHETRIT_OLD_CHINESE],
                     &lo[CHETRIT_OLD_CHINESE], &hi[CHETRIT_OLD_CHINESE], c, CHETRIT_OLD_CHINESE,
                     position, to_move, guess, error))
        return false;
    if (solved[CHETRIT_OLD_CHINESE])
        guess = row->old_chinese_margin;
    return margin_near(&row->old_chinese_eyes_margin, &solved[CHETRIT_OLD_CHINESE_EYES],
                       &lo[CHETRIT_OLD_CHINESE_EYES], &hi[CHETRIT_OLD_CHINESE_EYES], c,
                       CHETRIT_OLD_CHINESE_EYES, position, to_move, guess, error);
}

/* splitmix64 (Steele, Lea and Flood 2014): a seeded stream that is the same everywhere. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A uniform integer below n (rejection sampling, no modulo bias). */
static uint64_t uniform_below(uint64_t *state, uint64_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = splitmix64(state);
    while (x >= limit);
    return x % n;
}

uint64_t *chetrit_select(size_t *count, const board_geom_t *geom, chetrit_selection_t selection,
                         uint64_t sample, uint64_t seed, GError **error)
{
    *count = 0;
    /* Every study ranks the board (chetrit_run), the empty board's too: a board that cannot be
     * ranked is refused here, before any work.  rank's message names the board. */
    GError *err = NULL;
    rank_t *r = rank_create(geom, &err);
    if (!r) {
        g_set_error_literal(error, CHETRIT_ERROR, CHETRIT_ERROR_POSITIONS, err->message);
        g_error_free(err);
        return NULL;
    }
    uint64_t total = rank_count(r);
    rank_destroy(r);
    if (selection == CHETRIT_SELECT_EMPTY) {
        uint64_t *ranks = g_new(uint64_t, 1);
        ranks[0] = 0; /* the empty board is rank 0 (positions/rank.h) */
        *count = 1;
        return ranks;
    }
    bool every = selection == CHETRIT_SELECT_ALL || selection == CHETRIT_SELECT_SHUFFLED;
    uint64_t want = every || sample >= total ? total : sample;
    if (want > ((uint64_t)1 << 32)) {
        g_set_error(error, CHETRIT_ERROR, CHETRIT_ERROR_POSITIONS,
                    "%dx%d: %" G_GUINT64_FORMAT " positions are more than a study can take",
                    geom->width, geom->height, want);
        return NULL;
    }
    uint64_t *ranks = g_new(uint64_t, want ? want : 1);
    if (want == total && selection != CHETRIT_SELECT_SHUFFLED) {
        for (uint64_t i = 0; i < total; i++)
            ranks[i] = i;
    } else {
        /* Distinct draws, in the order drawn: the first k ranks are sample:k (chetrit.h), and
         * shuffled draws on until every rank is taken (about L ln L draws).  The set of ranks
         * taken is a bitmap where L bits are cheap, a hash set of the draws otherwise. */
        bool bitmap = total <= (UINT64_C(1) << 30);
        uint64_t *bits = bitmap ? g_new0(uint64_t, total / 64 + 1) : NULL;
        GHashTable *set = bitmap ? NULL : g_hash_table_new(g_int64_hash, g_int64_equal);
        uint64_t state = seed;
        for (size_t n = 0; n < want;) {
            uint64_t x = uniform_below(&state, total);
            ranks[n] = x;
            if (bitmap) {
                uint64_t bit = UINT64_C(1) << (x % 64);
                if (bits[x / 64] & bit)
                    continue;
                bits[x / 64] |= bit;
            } else {
                if (g_hash_table_contains(set, &ranks[n]))
                    continue;
                g_hash_table_add(set, &ranks[n]);
            }
            n++;
        }
        g_free(bits);
        if (set)
            g_hash_table_destroy(set);
    }
    *count = want;
    return ranks;
}

/* The shared state of a run: workers take positions by index and fill rows; the caller's
 * thread emits the finished prefix in order. */
typedef struct run_state {
    const board_geom_t *geom;
    const rank_t *rank;
    const uint64_t *ranks;
    size_t count;
    const chetrit_options_t *options;
    chetrit_row_t *rows; /* 2 per position */
    bool *done;          /* per position */
    GMutex lock;
    GCond changed;
    size_t next;           /* the next position index to take */
    size_t finished;       /* positions done (known ones included) */
    bool failed;           /* a worker failed or the run was stopped: the others stop */
    GError *error;         /* the first failure */
    int running;           /* workers not yet finished */
    chetrit_stats_t stats; /* of the finished workers */
} run_state_t;

static void fail_run(run_state_t *st, GError *err)
{
    g_mutex_lock(&st->lock);
    if (!st->failed) {
        st->failed = true;
        st->error = err;
    } else
        g_error_free(err);
    g_cond_broadcast(&st->changed);
    g_mutex_unlock(&st->lock);
}

static gpointer worker_main(gpointer data)
{
    run_state_t *st = data;
    GError *err = NULL;
    chetrit_t *c = chetrit_create(st->geom, st->options, &err);
    if (!c)
        fail_run(st, err);
    stop_register(st->options->stop, c, true);
    while (c) {
        if (stop_requested(st->options->stop)) {
            set_interrupted(&err);
            fail_run(st, err);
            break;
        }
        g_mutex_lock(&st->lock);
        while (st->next < st->count && st->done[st->next]) /* known from a checkpoint */
            st->next++;
        size_t i = st->next;
        bool stop = st->failed || i >= st->count;
        if (!stop)
            st->next++;
        g_mutex_unlock(&st->lock);
        if (stop)
            break;
        board_t position;
        rank_unrank(&position, st->rank, st->ranks[i]);
        bool ok = true;
        for (int side = 0; side < 2 && ok; side++) {
            chetrit_row_t *row = &st->rows[2 * i + side];
            row->rank = st->ranks[i];
            ok = chetrit_solve(row, c, &position, side == 0 ? BOARD_BLACK : BOARD_WHITE, &err);
        }
        if (!ok) {
            fail_run(st, err);
            break;
        }
        g_mutex_lock(&st->lock);
        st->done[i] = true;
        st->finished++;
        g_cond_broadcast(&st->changed);
        g_mutex_unlock(&st->lock);
    }
    stop_register(st->options->stop, c, false);
    g_mutex_lock(&st->lock);
    if (c) {
        chetrit_stats_t mine = chetrit_stats(c);
        for (int r = 0; r < CHETRIT_RULE_COUNT; r++) {
            st->stats.nodes[r] += mine.nodes[r];
            st->stats.pns_nodes[r] += mine.pns_nodes[r];
            st->stats.seconds[r] += mine.seconds[r];
        }
    }
    st->running--;
    g_cond_broadcast(&st->changed);
    g_mutex_unlock(&st->lock);
    chetrit_destroy(c);
    return NULL;
}

static void take_snapshot(const run_state_t *st, const chetrit_hooks_t *hooks, size_t emitted,
                          bool last)
{
    chetrit_snapshot_t snap = {st->rows, st->done, st->count, st->finished, emitted};
    hooks->snapshot(&snap, last, hooks->data);
}

bool chetrit_run(chetrit_stats_t *stats, const board_geom_t *geom, const uint64_t *ranks,
                 size_t count, const chetrit_options_t *options, const chetrit_hooks_t *hooks,
                 GError **error)
{
    GError *err = NULL;
    rank_t *rank = rank_create(geom, &err);
    if (!rank) {
        g_set_error_literal(error, CHETRIT_ERROR, CHETRIT_ERROR_POSITIONS, err->message);
        g_error_free(err);
        return false;
    }
    run_state_t st = {0};
    st.geom = geom;
    st.rank = rank;
    st.ranks = ranks;
    st.count = count;
    st.options = options;
    st.rows = g_new0(chetrit_row_t, 2 * (count ? count : 1));
    st.done = g_new0(bool, count ? count : 1);
    if (hooks->known)
        for (size_t i = 0; i < count; i++)
            if (hooks->known_done[i]) {
                st.rows[2 * i] = hooks->known[2 * i];
                st.rows[2 * i + 1] = hooks->known[2 * i + 1];
                st.done[i] = true;
                st.finished++;
            }
    g_mutex_init(&st.lock);
    g_cond_init(&st.changed);
    int threads = options->threads < 1 ? 1 : options->threads;
    GThread **workers = g_new0(GThread *, threads);
    st.running = threads;
    for (int t = 0; t < threads; t++)
        workers[t] = g_thread_new("chetrit", worker_main, &st);

    /* Emit the finished prefix as it grows; the lock is released while the caller writes, and
     * held while it takes a snapshot. */
    size_t emitted = 0, seen = st.finished;
    g_mutex_lock(&st.lock);
    for (;;) {
        while (emitted < count && st.done[emitted]) {
            g_mutex_unlock(&st.lock);
            hooks->emit(&st.rows[2 * emitted], hooks->data);
            hooks->emit(&st.rows[2 * emitted + 1], hooks->data);
            emitted++;
            g_mutex_lock(&st.lock);
        }
        if (hooks->snapshot && st.finished != seen) {
            seen = st.finished;
            take_snapshot(&st, hooks, emitted, false);
        }
        if (emitted == count || st.failed || st.running == 0)
            break;
        g_cond_wait(&st.changed, &st.lock);
    }
    g_mutex_unlock(&st.lock);
    for (int t = 0; t < threads; t++)
        g_thread_join(workers[t]);
    /* What finished while the others stopped. */
    for (; emitted < count && st.done[emitted]; emitted++) {
        hooks->emit(&st.rows[2 * emitted], hooks->data);
        hooks->emit(&st.rows[2 * emitted + 1], hooks->data);
    }
    if (hooks->snapshot)
        take_snapshot(&st, hooks, emitted, true);
    *stats = st.stats;
    /* Every position finished (a stop that came after the last one): the run is whole. */
    bool ok = !st.failed || emitted == count;
    if (ok)
        g_clear_error(&st.error);
    else
        g_propagate_error(error, st.error);
    g_free(workers);
    g_mutex_clear(&st.lock);
    g_cond_clear(&st.changed);
    g_free(st.rows);
    g_free(st.done);
    rank_destroy(rank);
    return ok;
}
