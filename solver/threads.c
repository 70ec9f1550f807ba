/* solver/threads.c: starting, running and joining the search threads (see threads.h). */
#define _GNU_SOURCE /* pthread_getattr_np: the room left on the caller's stack */
#include "solver/threads.h"
#include "positions/diagram.h"

#define STACK_PER_PLY 16384        /* thread stack reserved per ply (see STACK_FRAME, search.c) */
#define STACK_MAX     (1ull << 30) /* at most this much stack per search thread */

/* The room left on the calling thread's stack below `here`, or 0 when it cannot be told. */
static size_t stack_room(uintptr_t here)
{
    pthread_attr_t attr;
    void *low;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &attr) != 0)
        return 0;
    bool ok = pthread_attr_getstack(&attr, &low, &size) == 0;
    pthread_attr_destroy(&attr);
    return ok && here > (uintptr_t)low ? here - (uintptr_t)low : 0;
}

static void *search_thread_main(void *arg)
{
    search_thread_t *th = arg;
    dep_t d;
    char base;
    th->w.stack_base = (uintptr_t)&base;
    if (!th->helper) {
        driver_main_search(th, &d);
        return NULL;
    }
    for (int c = 0; c < 2; c++)
        for (int p = 0; p <= BOARD_MAX_POINTS; p++) {
            th->w.rng = th->w.rng * 6364136223846793005ULL + 1442695040888963407ULL;
            th->w.hh[c][p] = (uint32_t)(th->w.rng >> 60);
        }
    /* A helper searches the main search's current pass once, then waits for its next one:
     * ABDADA (search_alphabeta) spreads the threads over different moves.  Helpers that ran ahead
     * to deeper horizons cost the main search far more than they gave it (4x4 tromp-taylor:
     * the last test took 84 s on one thread and 360 s on two). */
    int done = 0;
    while (!atomic_load(&th->w.s->stop)) {
        int pass = atomic_load(&th->w.s->main_pass);
        int depth = atomic_load(&th->w.s->main_depth);
        if (pass == 0 || pass == done) {
            g_usleep(200);
            continue;
        }
        th->w.pass = pass;
        th->w.horizon = depth == INT_MAX ? INT_MAX : th->w.root + depth;
        int value = search_alphabeta(&th->w, th->alpha, th->beta, &d);
        if (th->w.pass_out) {
            th->w.pass_out = false;
            th->w.aborted = false;
        } else if (th->w.aborted)
            break;
        else if (!d.unknown)
            /* A proof of the root (same game, same window): the main search stops its pass
             * and takes it (driver.c, main_pass).  Any helper's proof will do, so the last
             * one stored wins. */
            atomic_store_explicit(&th->w.s->helper_proof, HELPER_PROVED | (uint32_t)value,
                                  memory_order_release);
        done = pass;
    }
    return NULL;
}

/* Gives worker i the analyser and cache of Analyses thread i kept from the last test (the
 * worker creates them on first use when there are none). */
static void lend_analyses(search_t *s, worker_t *w, int i)
{
    if (s->jp) {
        w->jp = s->jp[i];
        w->jp_cache = s->jp_cache[i];
    }
}

/* Takes them back before the worker is freed, for the next test. */
static void keep_analyses(search_t *s, worker_t *w, int i)
{
    if (!w->jp)
        return;
    if (!s->jp) {
        s->jp = g_new0(japanese_t *, s->options.threads);
        s->jp_cache = g_new0(jp_cache_t *, s->options.threads);
    }
    s->jp[i] = w->jp;
    s->jp_cache[i] = w->jp_cache;
    w->jp = NULL;
    w->jp_cache = NULL;
}

void threads_free_analyses(search_t *s)
{
    if (!s->jp)
        return;
    for (int i = 0; i < s->options.threads; i++) {
        japanese_destroy(s->jp[i]);
        g_free(s->jp_cache[i]);
    }
    g_free(s->jp);
    g_free(s->jp_cache);
    s->jp = NULL;
    s->jp_cache = NULL;
}

bool threads_run(int *value, search_t *s, const game_t *game, int ply0, int alpha, int beta,
                 GError **error)
{
    const board_geom_t *gg = game_geom(game);
    if (gg->size != s->geom->size || gg->width != s->geom->width || gg->all != s->geom->all ||
        gg->safe[0] != s->geom->safe[0] || gg->safe[1] != s->geom->safe[1]) {
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_RULES, "the game is on another board");
        return false;
    }
    if (s->plies && game_length(game) + 1 + SEARCH_PLAN_MIN_PLIES / 2 > s->plies) {
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_MEMORY,
                    "a game of %zu moves leaves no room in the stacks the memory cap allows "
                    "(%zu states per thread): give more memory",
                    game_length(game), s->plies);
        return false;
    }
    if (atomic_load(&s->interrupted)) {
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_INTERRUPTED, "interrupted");
        return false;
    }
    atomic_store(&s->stop, false);
    atomic_store(&s->main_depth, 0);
    atomic_store(&s->main_pass, 0);
    atomic_store(&s->helper_proof, 0);
    if (s->busy)
        for (size_t i = 0; i < BUSY_SLOTS; i++)
            atomic_store_explicit(&s->busy[i], 0, memory_order_relaxed);
    int n = s->options.threads;
    search_thread_t *th = g_new0(search_thread_t, n);
    for (int i = 0; i < n; i++) {
        search_worker_init(&th[i].w, s, game, ply0);
        lend_analyses(s, &th[i].w, i);
        th[i].w.rng ^= (uint64_t)i * 0x9E3779B97F4A7C15ULL;
        th[i].w.id = i;
        th[i].alpha = alpha;
        th[i].beta = beta;
        th[i].helper = i > 0;
    }
    /* The search recurses once per ply, up to w.cap plies.  The main search first runs on the
     * calling thread (starting a thread costs milliseconds on a loaded machine, and most
     * searches are shallow) as deep as its stack allows; if a line goes deeper, it runs again
     * on a thread whose stack is reserved for the deepest line (touched only as deep as the
     * search goes), as the helpers always do. */
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    size_t stack = (size_t)th[0].w.cap_max * STACK_PER_PLY + 2 * STACK_MARGIN;
    if (stack > STACK_MAX)
        stack = STACK_MAX;
    pthread_attr_setstacksize(&attr, stack);
    bool *started = g_new0(bool, n);
    for (int i = 1; i < n; i++) {
        th[i].w.stack_size = stack - STACK_MARGIN;
        started[i] = pthread_create(&th[i].thread, &attr, search_thread_main, &th[i]) == 0;
    }
    char here;
    size_t room = stack_room((uintptr_t)&here);
    th[0].w.stack_size = room > 4 * STACK_MARGIN ? room - 2 * STACK_MARGIN : 0;
    search_thread_main(&th[0]);
    if (th[0].w.stack_out) {
        search_worker_collect(s, &th[0].w);
        keep_analyses(s, &th[0].w, 0);
        search_worker_free(&th[0].w);
        search_worker_init(&th[0].w, s, game, ply0);
        lend_analyses(s, &th[0].w, 0);
        th[0].w.stack_size = stack - STACK_MARGIN;
        if (pthread_create(&th[0].thread, &attr, search_thread_main, &th[0]) == 0)
            pthread_join(th[0].thread, NULL);
        else {
            th[0].w.error = SEARCH_ERROR_DEPTH + 1;
            th[0].w.aborted = true;
        }
    }
    atomic_store(&s->stop, true);
    for (int i = 1; i < n; i++)
        if (started[i])
            pthread_join(th[i].thread, NULL);
    pthread_attr_destroy(&attr);
    int v = th[0].value;
    bool ok = !th[0].w.aborted;
    int err = th[0].w.error;
    /* The final position whose Analysis stopped, as a one-line diagram ("X.O/..X"), so that
     * `mathgo score` can be asked about it. */
    bool analysis_out = false, analysis_spent = false;
    char analysed[DIAGRAM_COMPACT_SIZE];
    for (int i = 0; i < n && !analysis_out; i++)
        if ((analysis_out = th[i].w.analysis_out)) {
            analysis_spent = th[i].w.analysis_spent;
            diagram_format_compact(analysed, &th[i].w.jp_board, s->geom);
        }
    for (int i = 0; i < n; i++) {
        search_worker_collect(s, &th[i].w);
        keep_analyses(s, &th[i].w, i);
        search_worker_free(&th[i].w);
    }
    g_free(started);
    g_free(th);
    if (!ok) {
        if (atomic_load(&s->interrupted))
            g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_INTERRUPTED,
                        "interrupted after %llu nodes",
                        (unsigned long long)atomic_load(&s->nodes_all));
        else if (err == SEARCH_ERROR_DEPTH + 1 && s->plies)
            g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_DEPTH,
                        "a line of play is deeper than the search stack allows (%zu states "
                        "per thread within the memory cap): give more memory",
                        s->plies);
        else if (err == SEARCH_ERROR_DEPTH + 1)
            g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_DEPTH,
                        "a line of play is deeper than the search stack allows (%d plies)",
                        STACK_EXTRA);
        else if (analysis_out && s->options.max_seconds > 0 &&
                 (g_get_monotonic_time() - s->started) / 1e6 > s->options.max_seconds)
            /* The Analysis stops at the search's deadline too (japanese_set_deadline), and
             * checks it more often than the search, so it is usually where a deadline is
             * noticed: the counts and the budget say where the time went (an Analysis at a
             * budget of ten imagined positions is no bottleneck, docs/japanese.md).  The
             * imagined positions are counted 1,024 at a time (japanese_set_counter). */
            g_set_error(
                error, SEARCH_ERROR, SEARCH_ERROR_LIMIT,
                "the time limit of %g s was reached after %llu nodes and at least %llu "
                "imagined positions, during the Analysis of the final position %s (at a budget of "
                "%llu imagined positions per string)",
                s->options.max_seconds, (unsigned long long)(s->stats.nodes - s->nodes_begin),
                (unsigned long long)atomic_load(&s->imagined_all), analysed,
                (unsigned long long)atomic_load(&s->analysis_nodes));
        else if (analysis_spent)
            g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_LIMIT,
                        "the Analyses of final positions left unfinished passed %llu imagined "
                        "positions in all (the last of them %s)",
                        (unsigned long long)s->options.analysis_unfinished_nodes, analysed);
        else if (analysis_out)
            g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_LIMIT,
                        "the Analysis of the final position %s passed its limit of %llu "
                        "imagined positions per string",
                        analysed, (unsigned long long)s->options.analysis_last_nodes);
        else
            g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_LIMIT,
                        "the search limit was reached after %llu nodes",
                        (unsigned long long)atomic_load(&s->nodes_all));
        return false;
    }
    *value = v;
    return true;
}
