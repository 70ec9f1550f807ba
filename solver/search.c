/*
 * solver/search.c: fail-soft alpha-beta to the end of the game with a superko-sound table:
 * the search context's life, the limits, the values of ended games, the table lookup,
 * enhanced transposition cutoffs and alpha-beta itself.  The rest of the search has a file
 * per concern, sharing solver/internal.h: the history index (history.h), symmetry and keys
 * (symmetry.h), static bounds (bounds.h), move generation and ordering (moves.h), threads
 * (threads.h), and the root tests with optimal-line extraction (driver.c).
 *
 * History dependence (see tt.h for the argument).  A membership test that finds its position
 * at stack index k requires the position (superko), or the position with the cycle counter
 * found there (a cycle test: history_record); a test that does not find it adds the position
 * to dep.sig.  Cycle hits are requirements, not a hard dependence, since 2026-12-02 under
 * cycle=japanese and 2026-12-06 under cycle=draw, whose long games close cycles far above the
 * node that proves them: japanese 1x8 with White first from over 154 M nodes to 9.4 M, vdWW
 * 1x10 141.2 M -> 33.9 M (docs/solver.md).  Each candidate move keeps its own
 * test's outcome; a node's dep_t covers only the tree proving its bound: on a fail high the
 * best move's test and the best child's dep, otherwise every child's dep and the tests of
 * moves_generate() (superko misses left out when w->upper_no_misses), and on an exact value
 * both.  A node at index j with dep.minhit >= j depends on no position older than itself
 * except through dep.sig and its required positions and is stored with them; otherwise it is
 * not.
 *
 * Values inside the search are from the side to move's view, with last-move wins counted
 * from the solved position (SEARCH_VALUE_WIN - plies) and territory captures counted from
 * the start of the game; the table stores them relative to the node (value_to_table,
 * value_from_table in internal.h).
 */
#include "solver/bounds.h"
#include "solver/moves.h"
#include "solver/tablebase.h"
#include "solver/threads.h"

#include "core/hash.h"
#include "core/score.h"

#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK(search - error - quark, search_error)

/* The recursion's frame per ply, for memory caps: search_alphabeta's frame is 8.5 KB (gcc 12
 * -fstack-usage, -O2 and -O0 alike); its callees' frames are not live across the recursion. */
#define STACK_FRAME 9216

const char *const search_rule_sets[] = {
    "math",
    "pseudo",
    "tromp-taylor",
    "chinese",
    "old-chinese",
    "chinese,ko=simple,cycle=draw",
    "tromp-taylor,ko=situational",
    "japanese,cycle=draw,analysis=none",
    NULL,
};

search_options_t search_options_default(void)
{
    search_options_t o = {.tt_bytes = 128u << 20, .threads = 1};
    return o;
}

bool search_rules_supported(const rules_t *rules, GError **error)
{
    if (rules->ko == RULES_KO_SIMPLE && rules->cycle == RULES_CYCLE_NONE) {
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_RULES,
                    "rules with simple ko and no cycle rule have an infinite game tree; add "
                    "cycle=draw or use ko=positional or ko=situational");
        return false;
    }
    return true;
}

/* The bytes of one thread's stacks per state they hold (the arrays of worker_t and a frame). */
static size_t ply_bytes(void)
{
    return sizeof(hist_t) + sizeof(tt_sig_t) + sizeof(uint64_t) + sizeof(board_t) +
           sizeof(int32_t) + STACK_FRAME;
}

bool search_memory_plan(search_memory_plan_t *plan, size_t memory_bytes, int threads,
                        GError **error)
{
    size_t t = threads < 1 ? 1 : (size_t)threads;
    /* a thread's worker_t (and the few words around it), the busy table of helpers */
    size_t fixed = t * (sizeof(worker_t) + 64) + (t > 1 ? BUSY_SLOTS * sizeof(uint64_t) : 0);
    size_t least_stacks = fixed + t * SEARCH_PLAN_MIN_PLIES * ply_bytes();
    size_t least = least_stacks + tt_size_for(0); /* a table of one bucket */
    if (memory_bytes < least) {
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_MEMORY,
                    "a memory cap of %zu bytes is too small: %zu thread%s need%s at least %zu "
                    "bytes (stacks for %d plies each and a table of one bucket)",
                    memory_bytes, t, t > 1 ? "s" : "", t > 1 ? "" : "s", least,
                    SEARCH_PLAN_MIN_PLIES);
        return false;
    }
    /* The stacks get a quarter of the cap (a line of STACK_EXTRA plies at most), the table the
     * rest: every result stored is work kept, and a quarter of 256 MiB is 7,066 plies, where
     * 4x4 tromp-taylor and math solve (18 s and 20 s on a busy machine, 2026-12-01). */
    size_t most_stacks = fixed + t * STACK_EXTRA * ply_bytes();
    size_t stacks = memory_bytes / 4 < most_stacks ? memory_bytes / 4 : most_stacks;
    if (stacks < least_stacks)
        stacks = least_stacks;
    plan->tt_bytes = tt_size_for(memory_bytes - stacks);
    size_t plies = (memory_bytes - plan->tt_bytes - fixed) / (t * ply_bytes());
    plan->plies = plies > STACK_EXTRA ? STACK_EXTRA : plies;
    plan->stack_bytes = fixed + t * plan->plies * ply_bytes();
    return true;
}

bool search_tablebase_applies(const board_geom_t *geom, const rules_t *rules, GError **error)
{
    if (!tablebase_plays(rules)) {
        char *text = rules_to_string(rules);
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_RULES,
                    "the simple-ko tablebase bounds math and pseudo played with "
                    "ko=simple,cycle=draw (its own game), not '%s'",
                    text);
        g_free(text);
        return false;
    }
    if (board_geom_is_region(geom)) {
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_RULES,
                    "a simple-ko tablebase is of a whole board, not of a region");
        return false;
    }
    return true;
}

bool search_tablebase_fits(const tablebase_t *tb, const board_geom_t *geom, const rules_t *rules,
                           GError **error)
{
    if (!search_tablebase_applies(geom, rules, error))
        return false;
    char *want = tablebase_rules_string(rules), *have = tablebase_rules_string(tablebase_rules(tb));
    const board_geom_t *tg = tablebase_geom(tb);
    bool ok = false;
    if (strcmp(want, have))
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_RULES,
                    "the tablebase plays '%s', the search '%s'", have, want);
    else if (tg->width != geom->width || tg->height != geom->height)
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_RULES,
                    "the tablebase is of the %dx%d board, the search of the %dx%d board", tg->width,
                    tg->height, geom->width, geom->height);
    else
        ok = true;
    g_free(want), g_free(have);
    return ok;
}

search_t *search_create(const board_geom_t *geom, const rules_t *rules,
                        const search_options_t *options, GError **error)
{
    if (!search_rules_supported(rules, error))
        return NULL;
    search_options_t opts = options ? *options : search_options_default();
    if (opts.tablebase && !search_tablebase_fits(opts.tablebase, geom, rules, error))
        return NULL;
    if (opts.threads < 1)
        opts.threads = 1;
    if (!opts.analysis_last_nodes)
        opts.analysis_last_nodes = SEARCH_ANALYSIS_NODES;
    if (!opts.analysis_unfinished_nodes)
        opts.analysis_unfinished_nodes = 4 * opts.analysis_last_nodes;
    search_memory_plan_t plan = {opts.tt_bytes, 0, 0};
    if (opts.memory_bytes && !search_memory_plan(&plan, opts.memory_bytes, opts.threads, error))
        return NULL;
    search_t *s = g_new0(search_t, 1);
    s->geom = geom;
    s->rules = *rules;
    s->options = opts;
    s->options.tt_bytes = plan.tt_bytes;
    s->plies = plan.plies;
    s->root_lo = -SEARCH_VALUE_INF;
    s->root_hi = SEARCH_VALUE_INF;
    atomic_init(&s->interrupted, false);
    atomic_init(&s->analysis_nodes, SEARCH_ANALYSIS_FIRST); /* each search sets it (begin) */
    atomic_init(&s->analysis_unfinished, 0);
    if (s->options.tt_bytes) {
        s->tt = tt_create(s->options.tt_bytes);
        if (!s->tt) {
            g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_MEMORY,
                        "cannot allocate a table of %zu bytes", s->options.tt_bytes);
            g_free(s);
            return NULL;
        }
        /* One thread: the main search, on the calling thread or on one started for a deeper
         * stack (threads_run), never two at once; checkpoints read the table from it. */
        tt_set_shared(s->tt, s->options.threads > 1);
    }
    atomic_init(&s->stop, false);
    atomic_init(&s->nodes_all, 0);
    atomic_init(&s->imagined_all, 0);
    atomic_init(&s->helper_proof, 0);
    if (s->options.threads > 1)
        s->busy = g_new0(_Atomic uint64_t, BUSY_SLOTS);
    if (s->rules.analysis == RULES_ANALYSIS_JAPANESE)
        s->space = japanese_space_create();
    return s;
}

void search_destroy(search_t *s)
{
    if (!s)
        return;
    tt_destroy(s->tt);
    threads_free_analyses(s);
    japanese_space_destroy(s->space);
    g_free((void *)s->busy);
    g_free(s);
}

void search_interrupt(search_t *s)
{
    atomic_store(&s->interrupted, true);
    atomic_store(&s->stop, true); /* ends an Analysis too (japanese_set_stop) */
}

void search_clear_interrupt(search_t *s)
{
    atomic_store(&s->interrupted, false);
}

void search_resume(search_t *s, int lo, int hi)
{
    s->resume = true;
    s->resume_lo = lo;
    s->resume_hi = hi;
}

void search_resume_test(search_t *s, int test)
{
    s->resume_testing = true;
    s->resume_test = test;
}

void search_resume_line(search_t *s, const search_line_t *line)
{
    s->resume_line_pending = line->started;
    s->resume_line = *line;
}

search_bounds_t search_root_bounds(const search_t *s)
{
    /* The finished runs' exact count, or the running one's (counted in CHECK_PERIOD steps). */
    uint64_t finished = s->stats.nodes - s->nodes_begin, running = atomic_load(&s->nodes_all);
    search_bounds_t b = {s->root_lo,
                         s->root_hi,
                         finished > running ? finished : running,
                         (g_get_monotonic_time() - s->started) / 1e6,
                         s->line.started ? &s->line : NULL,
                         s->root_testing,
                         s->root_test};
    return b;
}

uint64_t search_nodes_so_far(const search_t *s)
{
    return atomic_load_explicit(&s->nodes_all, memory_order_relaxed);
}

uint64_t search_imagined_so_far(const search_t *s)
{
    return atomic_load_explicit(&s->imagined_all, memory_order_relaxed);
}

struct tt *search_table(search_t *s)
{
    return s->tt;
}

void search_set_limits(search_t *s, uint64_t max_nodes, double max_seconds)
{
    s->options.max_nodes = max_nodes;
    s->options.max_seconds = max_seconds;
}

search_stats_t search_stats(const search_t *s)
{
    return s->stats;
}

void search_reset_stats(search_t *s)
{
    memset(&s->stats, 0, sizeof s->stats);
}

void search_clear_table(search_t *s)
{
    if (s->tt)
        tt_clear(s->tt);
}

int search_value_of_result(const game_result_t *res, const rules_t *rules, int plies)
{
    g_assert(!res->unknown); /* no value: search_ended_value says so */
    if (res->scored)
        return res->margin2;
    if (res->winner == BOARD_EMPTY)
        return 0;
    int sign = res->winner == BOARD_BLACK ? 1 : -1;
    if (rules->scoring == RULES_SCORING_LAST_MOVE)
        return sign * (SEARCH_VALUE_WIN - plies);
    return sign * SEARCH_VALUE_CYCLE_WIN;
}

bool search_ended_value(int *value, game_result_t *result, const game_t *game, int plies,
                        GError **error)
{
    game_result_t res = game_result(game);
    if (result)
        *result = res;
    if (res.unknown) {
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_LIMIT,
                    "the Analysis of the final position passed its limit of %llu imagined "
                    "positions per string",
                    (unsigned long long)game_analysis_nodes(game));
        return false;
    }
    *value = search_value_of_result(&res, game_rules(game), plies);
    return true;
}

static bool limits_hit(worker_t *w)
{
    search_t *s = w->s;
    if (atomic_load_explicit(&s->stop, memory_order_relaxed))
        return true;
    unsigned long long all =
        atomic_fetch_add_explicit(&s->nodes_all, CHECK_PERIOD, memory_order_relaxed) + CHECK_PERIOD;
    bool hit = false;
    if (s->options.max_nodes && all > s->options.max_nodes)
        hit = true;
    if (s->options.max_seconds > 0 &&
        (g_get_monotonic_time() - s->started) / 1e6 > s->options.max_seconds)
        hit = true;
    if (hit || atomic_load_explicit(&s->interrupted, memory_order_relaxed)) {
        w->error = hit ? SEARCH_ERROR_LIMIT + 1 : SEARCH_ERROR_INTERRUPTED + 1;
        atomic_store(&s->stop, true);
        return true;
    }
    if (w->id == 0 && s->options.checkpoint && g_get_monotonic_time() >= s->next_checkpoint) {
        /* Due: the table holds every proof so far, each valid on its own (tt.h). */
        search_bounds_t b = search_root_bounds(s);
        s->options.checkpoint(s, &b, s->options.checkpoint_data);
        s->next_checkpoint = g_get_monotonic_time() + (gint64)(s->options.checkpoint_seconds * 1e6);
    }
    /* The user's limits first (the nodes are counted whatever happens next), then the pass's
     * own end: its budget, for a helper the main search moving on, and for the main search a
     * helper's proof of the test's root (main_pass in driver.c takes its value). */
    if ((w->pass_end && w->nodes >= w->pass_end) ||
        (w->id > 0 && atomic_load_explicit(&s->main_pass, memory_order_relaxed) != w->pass) ||
        (w->id == 0 && helper_proved(NULL, w)))
        return w->pass_out = true;
    return false;
}

/* A final position left unknown (japanese_final): a value between its bounds, which orders
 * moves and proves nothing. */
static int final_unknown(worker_t *w, const board_t *b, int lo, int hi, bool *unknown)
{
    w->analyses_unknown++;
    w->jp_board = *b;
    *unknown = true;
    return lo + (hi - lo) / 2;
}

/*
 * The value of a final position under the Analysis of J1989 (core/japanese.h), Black's view:
 * twice (Black's territory and removed White stones - White's and removed Black stones), plus
 * the captures, less the komi.  The search asks only which side of (alpha, beta) (Black's
 * view) the value lies on.  What the position shows without a search (japanese_known_start:
 * the strings of a standing formation, the precedent) bounds the value; when a bound answers,
 * it is returned (fail-soft alpha-beta takes it as the bound it is) and no string is searched.
 * Else the whole Analysis is made.  Stopping that too at the first bound that answers (the
 * strings one at a time) was tried and lost: the looser values it returned made the search
 * of 1x8 take 111 M nodes instead of 2.9 M (docs/japanese.md).  The Analysis looks at the
 * position alone (its imagined sequences start afresh, no ko ban), so what is known is cached
 * per worker by position.
 *
 * An Analysis that passes the search's budget per string (search_t.analysis_nodes) leaves the
 * position *unknown, as a node beyond the horizon is: nothing above it is proved by it, and
 * the value returned (inside the bounds the strings decided so far give) only orders moves.
 * The cache remembers the budget it failed at, so the position is not analysed again until
 * the driver raises the budget (driver_main_search: a pass left unknown by such positions).
 * A proof may not need the position at all (a player avoids it, or its bounds answer); the
 * hard ones cost their budget once.  With `unknown` NULL (an exact score is asked), with the
 * whole budget (the last, SEARCH_ANALYSIS_NODES by default), or past the search's deadline, a
 * failure stops the search with an error instead: each new position failing with the whole budget
 * costs about 15 s on 4x4, and a solve without --max-time that met them ran for over 15 minutes
 * where it had stopped at the first (and on 40 rows of the 4x4 Chetrit sample, unknown positions at
 * that budget proved nothing more).  So do the unfinished Analyses of one search once they
 * have cost SEARCH_ANALYSIS_UNFINISHED imagined positions in all (search_t.analysis_unfinished):
 * without it the empty 4x4 board, whose Analyses fail at every budget, ran for over 15
 * minutes before its first failure with the whole budget.
 */
static int japanese_final(worker_t *w, const hist_t *h, int alpha, int beta, bool *unknown)
{
    const board_t *b = &h->board;
    if (!w->jp) {
        w->jp = search_analyser_create(w->g, 16, w->s->options.analysis_search_only,
                                       w->s->options.analysis_attractor_states, &w->s->stop,
                                       w->s->space);
        japanese_set_counter(w->jp, &w->s->imagined_all);
        w->jp_cache = g_new0(jp_cache_t, JP_CACHE_SIZE);
    }
    int rest = 2 * (h->captures[BOARD_BLACK] - h->captures[BOARD_WHITE]) - w->r->komi2;
    jp_cache_t *e = jp_cache_find(w->jp_cache, b, w->g);
    int lo = e->known.lo2 + rest, hi = e->known.hi2 + rest;
    if (lo >= beta || lo == hi)
        return lo;
    if (hi <= alpha)
        return hi;
    const search_t *s = w->s;
    const uint64_t last = w->s->options.analysis_last_nodes;
    uint64_t budget = unknown ? atomic_load(&w->s->analysis_nodes) : last;
    if (unknown && e->failed_at >= budget)
        return final_unknown(w, b, lo, hi, unknown);
    gint64 deadline =
        s->options.max_seconds > 0 ? s->started + (gint64)(s->options.max_seconds * 1e6) : 0;
    japanese_set_deadline(w->jp, deadline);
    japanese_set_max_nodes(w->jp, budget);
    /* The attractor bounds past the limit (docs/japanese.md, "Open ends") only with the whole
     * budget: on 4x4 their graph passes its states and they cost 2.5 s a failure, 15 times the
     * first budget's search. */
    japanese_set_fallback(w->jp, budget >= last && !s->options.analysis_search_only);
    uint64_t nodes_before = japanese_nodes(w->jp);
    if (!japanese_known_complete(&e->known, w->jp, b, NULL)) {
        bool late = deadline && g_get_monotonic_time() >= deadline;
        if (!late && atomic_load(&s->stop)) {
            /* Told to stop (a signal, another thread's limit, the test's end for a helper):
             * the Analysis did not fail, the search ends as at any other node, and what the
             * strings decided so far stay known. */
            w->aborted = true;
            return 0;
        }
        uint64_t spent = japanese_nodes(w->jp) - nodes_before;
        bool spent_out = unknown && atomic_fetch_add(&w->s->analysis_unfinished, spent) + spent >
                                        s->options.analysis_unfinished_nodes;
        if (unknown && !late && !spent_out && budget < last) {
            /* The strings decided before the failure stay in the entry, and their bounds may
             * answer the window now. */
            e->failed_at = budget;
            lo = e->known.lo2 + rest, hi = e->known.hi2 + rest;
            if (lo >= beta)
                return lo;
            if (hi <= alpha)
                return hi;
            return final_unknown(w, b, lo, hi, unknown);
        }
        e->used = false;
        w->jp_board = *b;
        w->analysis_spent = spent_out && !late && budget < last;
        search_analysis_out(w);
        return 0;
    }
    return e->known.lo2 + rest;
}

/* The score of a finished game in the view of `me`, for a search that asks only which side of
 * the window (alpha, beta) of that view it lies on: the value, or a bound that answers; with
 * `unknown`, an Analysis past its budget sets *unknown (japanese_final). */
static int scored_within(worker_t *w, const hist_t *h, board_color_t me, int alpha, int beta,
                         bool *unknown)
{
    if (w->r->analysis == RULES_ANALYSIS_JAPANESE && w->r->scoring == RULES_SCORING_TERRITORY)
        return me == BOARD_BLACK ? japanese_final(w, h, alpha, beta, unknown)
                                 : -japanese_final(w, h, -beta, -alpha, unknown);
    return value_black_view(score_margin2(&h->board, w->g, w->r, h->captures), me);
}

/* The exact score, Black's view. */
static int scored(worker_t *w, const hist_t *h)
{
    return scored_within(w, h, BOARD_BLACK, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL);
}

typedef struct lookup_window {
    int ply, offset, alpha, beta;
} lookup_window_t;

/* Whether table_lookup uses the body of the entry found (tt_probe_if): an unknown entry's
 * estimate for the same null window, or the record of a bound that decides the window. */
static bool lookup_wants_body(const tt_hit_t *hit, void *data)
{
    const lookup_window_t *lw = data;
    int v = value_from_table(hit->value, lw->ply, lw->offset);
    if (hit->unknown_depth >= 0)
        return v == lw->beta && lw->alpha == lw->beta - 1;
    return hit->bound == TT_BOUND_EXACT || (hit->bound == TT_BOUND_LOWER && v >= lw->beta) ||
           (hit->bound == TT_BOUND_UPPER && v <= lw->alpha);
}

/*
 * Looks up the state whose canonical form is *st (key `key`, mapped back by symmetry
 * `unframe`) for a node at stack index j: positions 0..j-1 are its history (j may be one past
 * the top, for a child not pushed yet).  *move receives the stored move (also when the entry
 * is not used).  True when an entry verifies, its bound decides the window (alpha, beta) (an
 * exact value, a lower bound >= beta or an upper bound <= alpha; the history scan is costly,
 * so it is made only then), and the history satisfies its record; then *v is its value at
 * `ply` (capture offset `offset`) and dep its record.  *unknown_depth: the depth of an
 * unknown entry for the same null window (tt_hit_t), or -1.
 */
static bool table_lookup(worker_t *w, int j, const tt_state_t *st, uint64_t key, int unframe,
                         int ply, int offset, int counter, int alpha, int beta, int *v,
                         board_move_t *move, int *unknown_depth, int *estimate, dep_t *dep)
{
    tt_hit_t hit;
    w->probes++;
    *unknown_depth = -1;
    lookup_window_t lw = {ply, offset, alpha, beta};
    if (!tt_probe_if(&hit, w->s->tt, key, st, lookup_wants_body, &lw))
        return false;
    *move = sym_move(w, unframe, hit.move);
    *v = value_from_table(hit.value, ply, offset);
    if (!hit.body) /* lookup_wants_body: nothing here for this window */
        return false;
    if (hit.unknown_depth >= 0) {
        *unknown_depth = hit.unknown_depth;
        *estimate = value_from_table(hit.estimate, ply, offset);
        return false;
    }
    int found[TT_REQS];
    tt_record_t *rec = &hit.rec;
    bool usable = !history_meets(w, j, &rec->sig);
    if (usable)
        sym_record(w, rec, unframe);
    for (int c = 0; c < 2 && usable; c++)
        for (int i = 0; i < TT_CONDS && usable; i++)
            usable = !history_covers(w, j, c, rec->cond[c][i].alive, rec->cond[c][i].touch);
    for (int r = 0; usable && r < rec->nreq; r++) {
        const tt_req_t *q = &rec->req[r];
        found[r] = history_lookup_before(w, &q->board, hash_key(&q->board, w->g),
                                         q->side == 2 ? -1 : q->side, j);
        usable = found[r] >= 0 &&
                 (!q->cycle || history_counter(w, &w->hist[found[r]]) - counter == q->counter);
    }
    if (!usable) {
        w->refused++;
        return false;
    }
    w->hits++;
    dep_init(dep);
    dep->sig = rec->sig;
    memcpy(dep->cond, rec->cond, sizeof dep->cond);
    for (int r = 0; r < rec->nreq; r++)
        dep_require(dep, &rec->req[r].board, rec->req[r].side, found[r], rec->req[r].cycle,
                    rec->req[r].counter + counter);
    return true;
}

/*
 * Enhanced transposition cutoff (Plaat et al. 1996): before searching the children of the
 * node on top of the stack, looks each one up; a child whose stored bound already refutes it
 * (its value to the mover >= beta) proves the node's fail high.  Returns the index of such a
 * child, with *v its value and cd its record, or -1.
 */
static int etc_cut(worker_t *w, const child_t *moves, int n, int beta, int ply, int *v, dep_t *cd)
{
    /* The children's keys first, without their canonical frames (a key needs the frame only
     * through a ko point), and their buckets fetched together: most probes find nothing, and
     * one cache miss after another was most of the time of a node. */
    const hist_t *h = &w->hist[w->top];
    uint64_t keys[BOARD_MAX_POINTS + 1];
    for (int i = 0; i < n; i++)
        if (sym_child_key(&keys[i], w, h, &moves[i]))
            tt_prefetch(w->s->tt, keys[i]);
    for (int i = 0; i < n; i++) {
        const child_t *c = &moves[i];
        if (c->cycle_end || (c->move == BOARD_MOVE_PASS && h->passes))
            continue;
        if (c->ko == TT_NO_KO && !tt_has_key(w->s->tt, keys[i]))
            continue;
        hist_t next;
        moves_child_state(&next, w, c);
        int frame = sym_canonical(w, &next);
        tt_state_t st = sym_state(w, &next, frame);
        uint64_t key = sym_table_key(w, &next, &st);
        g_assert(c->ko != TT_NO_KO || key == keys[i]);
        int cv, unknown_depth, estimate;
        board_move_t ignored;
        /* The child refutes itself when its value (its own view) is <= -beta: a window
         * (-beta, -beta + 1) asks exactly that of an upper bound or an exact value. */
        if (table_lookup(w, w->top + 1, &st, key, w->inverse[frame], ply + 1,
                         value_capture_offset(w, &next), history_counter(w, &next), -beta,
                         -beta + 1, &cv, &ignored, &unknown_depth, &estimate, cd) &&
            -cv >= beta) {
            *v = -cv;
            return i;
        }
    }
    return -1;
}

int search_alphabeta(worker_t *w, int alpha, int beta, dep_t *dep)
{
    int j = w->top;
    const hist_t *h = &w->hist[j];
    int ply = j - w->root + w->ply0;
    board_color_t me = (board_color_t)h->to_move;

    dep_init(dep);
    if (h->passes >= 2)
        return scored_within(w, h, me, alpha, beta, &dep->unknown);
    if (h->cycle_end)
        return value_black_view(value_unscored(w, h->cycle_winner, ply), me);

    if ((++w->nodes & (CHECK_PERIOD - 1)) == 0 && limits_hit(w)) {
        w->aborted = true;
        return 0;
    }
    /* Distance bounds (last-move scoring): the mover at ply p can at best win at ply p + 1
     * (the opponent then has no move) and at worst lose now.  They hold whatever the history,
     * so cutting on them adds no dependence; with the null-window tests of value_within they
     * make a test "win within d plies" a search of depth d. */
    if (w->r->scoring == RULES_SCORING_LAST_MOVE) {
        int most = SEARCH_VALUE_WIN - (ply + 1), least = -(SEARCH_VALUE_WIN - ply);
        if (most <= alpha)
            return most;
        if (least >= beta)
            return least;
        if (w->s->options.tablebase) {
            int tlo, thi;
            bounds_tablebase(&tlo, &thi, w, j, ply);
            if (thi <= alpha || tlo == thi)
                return thi;
            if (tlo >= beta)
                return tlo;
        }
    }
    statics_t sb = {-SEARCH_VALUE_INF, SEARCH_VALUE_INF, 0, 0, 0, 0};
    if (w->statics) {
        bounds_static(&sb, w, h);
        int opp = board_color_other(me);
        if (sb.lo >= beta && bounds_usable(w, j, me, sb.lo_alive, sb.lo_terr, dep))
            return sb.lo;
        if (sb.hi <= alpha && bounds_usable(w, j, opp, sb.hi_alive, sb.hi_terr, dep))
            return sb.hi;
        if (sb.lo == sb.hi) {
            dep_t both;
            dep_init(&both);
            if (bounds_usable(w, j, me, sb.lo_alive, sb.lo_terr, &both) &&
                bounds_usable(w, j, opp, sb.hi_alive, sb.hi_terr, &both)) {
                *dep = both;
                return sb.lo;
            }
        }
        dep_init(dep);
    }
    uint64_t nodes_before = w->nodes;
    int offset = value_capture_offset(w, h);
    int frame = w->s->tt ? sym_canonical(w, h) : 0, unframe = w->inverse[frame];
    tt_state_t st = sym_state(w, h, frame);
    uint64_t key = sym_table_key(w, h, &st);
    board_move_t tt_move = BOARD_MOVE_NONE;
    if (w->s->tt) {
        int v, unknown_depth, estimate;
        if (table_lookup(w, j, &st, key, unframe, ply, offset, history_counter(w, h), alpha, beta,
                         &v, &tt_move, &unknown_depth, &estimate, dep))
            return v;
        dep_init(dep);
        if (w->horizon != INT_MAX && unknown_depth >= w->horizon - j) {
            dep->unknown = true; /* this window proved nothing here with as many plies */
            return estimate;
        }
    }
    if (j >= w->horizon) {
        dep->unknown = true;
        return bounds_horizon_estimate(w, h, &sb);
    }

    char here;
    if ((size_t)(w->stack_base - (uintptr_t)&here) + STACK_MARGIN > w->stack_size) {
        /* This thread's stack is too small for the line: threads_run() tries again on a thread with
         * a larger one (the table keeps what was proved). */
        w->stack_out = true;
        w->aborted = true;
        return 0;
    }
    if (w->top + 1 >= w->cap && !history_grow(w)) {
        w->error = SEARCH_ERROR_DEPTH + 1;
        w->aborted = true;
        atomic_store(&w->s->stop, true);
        return 0;
    }
    h = &w->hist[j]; /* the arrays may have moved */

    child_t moves[BOARD_MAX_POINTS + 1];
    int n = moves_generate(w, moves, dep);
    int best;
    board_move_t best_move = BOARD_MOVE_NONE;
    int alpha0 = alpha;
    dep_t best_dep; /* the best child's dependency plus its move's own test */
    dep_init(&best_dep);
    bool unknown = false;                             /* some child was beyond the horizon */
    int best_unknown = -SEARCH_VALUE_INF;             /* the best estimate of an unknown child, */
    board_move_t best_unknown_move = BOARD_MOVE_NONE; /* and its move */
    if (n == 0) {
        /* Only without passing: the player to move has no legal move. */
        if (w->r->scoring == RULES_SCORING_LAST_MOVE)
            best = -(SEARCH_VALUE_WIN - ply);
        else
            best = value_black_view(scored(w, h), me);
    } else {
        bool tt_first = moves_put_first(moves, n, tt_move);
        best = -SEARCH_VALUE_INF;
        int cut = -1;
        if (w->s->tt) {
            int v;
            dep_t cd;
            if ((cut = etc_cut(w, moves, n, beta, ply, &v, &cd)) >= 0) {
                best = v;
                best_move = moves[cut].move;
                best_dep = cd;
                moves_record_test(w, &best_dep, &moves[cut]);
            }
        }
        /* With several threads, a move whose child another thread is searching now waits
         * until the other moves are done (ABDADA, Weill 1996): by then its result is likely
         * in the table. */
        child_t deferred[BOARD_MAX_POINTS + 1];
        int nd = 0;
        bool marked = false;
        if (cut < 0 && w->s->busy) {
            threads_busy_enter(w, key);
            marked = true;
        }
        for (int i = 0; cut < 0 && i < n + nd; i++) {
            child_t c;
            if (i < n) {
                if (i == (tt_first ? 1 : 0)) /* the first comparison of orders */
                    moves_add_margins(w, moves + i, n - i);
                c = moves_take_best(moves, i, n);
                if (i > 0 && marked && threads_busy_elsewhere(w, &c)) {
                    deferred[nd++] = c;
                    continue;
                }
            } else
                c = deferred[i - n];
            hist_t next;
            moves_child_state(&next, w, &c);
            history_push(w, &next);
            dep_t cd;
            int v = -search_alphabeta(w, -beta, -alpha, &cd);
            history_pop(w);
            if (w->aborted) {
                if (marked)
                    threads_busy_leave(w, key);
                return 0;
            }
            if (cd.unknown) {
                /* Proves nothing; a fail high may still come from a sibling. */
                unknown = true;
                if (v > best_unknown) {
                    best_unknown = v;
                    best_unknown_move = c.move;
                }
                continue;
            }
            dep_merge(dep, &cd);
            if (v > best) {
                best = v;
                best_move = c.move;
                best_dep = cd;
                moves_record_test(w, &best_dep, &c);
                if (v > alpha)
                    alpha = v;
                if (alpha >= beta) {
                    moves_credit_cutoff(w, me, &c);
                    break;
                }
            }
        }
        if (marked)
            threads_busy_leave(w, key);
    }
    if (unknown && best < beta) {
        /* Not a fail high, and a child is unknown: nothing is proved here either.  The
         * estimate (the better of the proven values and the unknown children's estimates)
         * and its move only order later passes and tests. */
        dep->unknown = true;
        if (best_unknown > best) {
            best = best_unknown;
            best_move = best_unknown_move;
        }
        if (w->s->tt && alpha0 == beta - 1)
            tt_store_unknown(w->s->tt, key, &st, value_to_table(beta, ply, offset),
                             value_to_table(best, ply, offset), w->horizon - j,
                             sym_move(w, frame, best_move), w->nodes - nodes_before + 1);
        return best;
    }
    /* A fail-high is proved by the best move alone (see tt.h): its dependency is that move's
     * test and its child's dependency.  Otherwise every move counts (dep, the union). */
    if (n > 0 && best >= beta)
        *dep = best_dep;
    else if (n > 0 && best > alpha0)
        dep_merge(dep, &best_dep);
    dep_leave(dep, j);
    if (w->s->tt) {
        /* The cycle requirements' counters relative to this node (tt_req_t). */
        tt_record_t rec;
        bool storable = dep->minhit >= j && dep->nreq <= TT_REQS;
        for (int r = 0; storable && r < dep->nreq; r++) {
            rec.req[r] = dep->req[r];
            if (rec.req[r].cycle) {
                rec.req[r].counter -= history_counter(w, h);
                storable = rec.req[r].counter >= TT_REQ_COUNTER_MIN &&
                           rec.req[r].counter <= TT_REQ_COUNTER_MAX;
            }
        }
        if (storable) {
            tt_bound_t bound = best <= alpha0 ? TT_BOUND_UPPER
                               : best >= beta ? TT_BOUND_LOWER
                                              : TT_BOUND_EXACT;
            /* A fail-low's "best" move is noise: keep a move only for a proven bound. */
            if (bound == TT_BOUND_UPPER)
                best_move = BOARD_MOVE_NONE;
            rec.sig = dep->sig;
            rec.nreq = dep->nreq;
            memcpy(rec.cond, dep->cond, sizeof rec.cond);
            sym_record(w, &rec, frame);
            tt_store(w->s->tt, key, &st, value_to_table(best, ply, offset), bound,
                     sym_move(w, frame, best_move), &rec, w->nodes - nodes_before + 1);
            w->stores++;
        } else
            w->unstored++;
    }
    return best;
}

void search_worker_init(worker_t *w, search_t *s, const game_t *game, int ply0)
{
    memset(w, 0, sizeof *w);
    w->s = s;
    w->g = s->geom;
    w->r = &s->rules;
    sym_init(w);
    w->points = board_popcount(w->g->all);
    moves_init_order(w);
    /* Upper bounds drop superko misses under last-move scoring and with passing (tt.h).
     * With passing this was once measured slower (2x3 chinese 26.8 M nodes keeping them, over
     * 58 M without); since the static bounds and the move order it is faster everywhere
     * measured but 1x7 chinese: 3x3 tromp-taylor 126 k -> 35 k nodes, 2x5 tromp-taylor 4.48 M
     * -> 0.59 M, 1x7 tromp-taylor 297 k -> 26 k, 1x7 chinese 22 k -> 43 k. */
    w->upper_no_misses = w->r->scoring == RULES_SCORING_LAST_MOVE || w->r->pass;
    w->sig_side = w->r->ko != RULES_KO_POSITIONAL; /* every test is situational (history.h) */
    w->statics = w->r->scoring == RULES_SCORING_AREA && w->r->pass;
    w->horizon = INT_MAX;
    size_t len = game_length(game);
    w->cap_max = s->plies ? (int)s->plies : (int)len + 1 + STACK_EXTRA;
    history_init(w,
                 (int)len + 1 + STACK_FIRST < w->cap_max ? (int)len + 1 + STACK_FIRST : w->cap_max);
    for (size_t i = 0; i <= len; i++) {
        const game_state_t *gs = game_state_at(game, i);
        hist_t h;
        memset(&h, 0, sizeof h);
        h.board = gs->board;
        h.key = gs->key;
        sym_keys_of(w, h.skeys, &h.board);
        h.ikey = sym_min(w, h.skeys);
        h.pass_count[0] = gs->pass_count[0];
        h.pass_count[1] = gs->pass_count[1];
        h.captures[0] = gs->captures[0];
        h.captures[1] = gs->captures[1];
        h.to_move = gs->to_move;
        h.passes = gs->passes;
        h.move = gs->move;
        h.cycle_end = gs->cycle_end;
        h.ko = TT_NO_KO;
        if (i > 0 && gs->move < BOARD_MOVE_PASS) {
            const game_state_t *prev = game_state_at(game, i - 1);
            board_color_t me = (board_color_t)prev->to_move;
            uint64_t captured = prev->board.stones[board_color_other(me)] &
                                ~gs->board.stones[board_color_other(me)];
            h.ko = moves_ko_point(s->geom, &gs->board, me, gs->move, captured);
        }
        history_push(w, &h);
    }
    w->root = w->top;
    w->ply0 = ply0;
    w->rng = 0x1234567u + (uint64_t)ply0;
}

void search_worker_free(worker_t *w)
{
    japanese_destroy(w->jp);
    g_free(w->jp_cache);
    w->jp = NULL;
    w->jp_cache = NULL;
    history_free(w);
}

void search_worker_collect(search_t *s, const worker_t *w)
{
    s->stats.nodes += w->nodes;
    if (w->id == 0)
        s->stats.nodes_main += w->nodes;
    s->stats.tt_probes += w->probes;
    s->stats.tt_hits += w->hits;
    s->stats.tt_refused += w->refused;
    s->stats.tt_stores += w->stores;
    s->stats.tt_unstored += w->unstored;
    s->stats.analyses_unknown += w->analyses_unknown;
    s->stats.restarts += w->restarts;
    s->stats.helper_proofs += w->helper_proofs;
    size_t mem = (size_t)w->cap * (sizeof(hist_t) + sizeof(tt_sig_t) + sizeof(uint64_t) +
                                   sizeof(board_t) + sizeof(int32_t)) +
                 sizeof *w;
    size_t total = (s->tt ? tt_bytes(s->tt) : 0) + mem * (size_t)s->options.threads;
    if (total > s->stats.memory_bytes)
        s->stats.memory_bytes = total;
}
