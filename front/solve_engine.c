/* front/solve_engine.c: alpha-beta or proof-number search behind `mathgo solve`. */
#include "front/solve_engine.h"

#include "core/japanese.h"

#include <signal.h>
#include <string.h>

bool solve_algorithm_parse(solve_algorithm_t *algorithm, const char *text)
{
    if (!text || !strcmp(text, "auto"))
        *algorithm = SOLVE_ALGORITHM_AUTO;
    else if (!strcmp(text, "alphabeta"))
        *algorithm = SOLVE_ALGORITHM_ALPHABETA;
    else if (!strcmp(text, "pns"))
        *algorithm = SOLVE_ALGORITHM_PNS;
    else if (!strcmp(text, "retrograde"))
        *algorithm = SOLVE_ALGORITHM_RETROGRADE;
    else
        return false;
    return true;
}

solve_algorithm_t solve_algorithm_auto(const board_geom_t *geom, const rules_t *rules, int threads,
                                       bool checkpoint)
{
    bool strip = geom->width == 1 || geom->height == 1;
    if (solve_algorithm_check_retrograde(geom, rules, NULL) &&
        (rules->suicide || strip || geom->size <= SOLVE_RETROGRADE_AUTO_POINTS))
        return SOLVE_ALGORITHM_RETROGRADE;
    if (!strip || threads != 1 || checkpoint)
        return SOLVE_ALGORITHM_ALPHABETA;
    if (pns_supports(rules) || pns_supports_margin(rules))
        return SOLVE_ALGORITHM_PNS;
    return SOLVE_ALGORITHM_ALPHABETA;
}

/* The least cap: a tree of 4,096 nodes. */
#define SOLVE_PNS_LEAST_BYTES (4096 * PNS_NODE_BYTES)

bool solve_algorithm_check_pns(const rules_t *rules, int threads, bool table_checkpoint,
                               size_t memory_bytes, GError **error)
{
    if (!pns_supports(rules) && !pns_supports_margin(rules)) {
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_RULES,
                    "--algorithm pns solves the no-pass rule sets with superko and the player "
                    "without a move losing (math, pseudo), and the scored ones whose games end "
                    "(superko or a cycle rule): use --algorithm alphabeta");
        return false;
    }
    if (threads != 1) {
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_RULES,
                    "--algorithm pns runs one thread: no --threads %d", threads);
        return false;
    }
    if (table_checkpoint) {
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_RULES,
                    "--algorithm pns keeps no table to save: no --checkpoint with --positions");
        return false;
    }
    if (memory_bytes && memory_bytes < SOLVE_PNS_LEAST_BYTES) {
        g_set_error(error, SEARCH_ERROR, SEARCH_ERROR_MEMORY,
                    "--memory %zu bytes: --algorithm pns needs at least %d bytes for its tree",
                    memory_bytes, SOLVE_PNS_LEAST_BYTES);
        return false;
    }
    return true;
}

/* The leaves' alpha-beta search of proof-number search within `share` bytes (engine_init_pns);
 * NULL when the share cannot hold it (the tests are then left out: they only save work). */
static search_t *leaf_search_create(const board_geom_t *geom, const rules_t *rules,
                                    const search_options_t *options, size_t share)
{
    search_options_t o = search_options_default();
    o.memory_bytes = share;
    o.analysis_first_nodes = options->analysis_first_nodes;
    o.analysis_last_nodes = options->analysis_last_nodes;
    o.analysis_search_only = options->analysis_search_only;
    o.analysis_attractor_states = options->analysis_attractor_states;
    return search_create(geom, rules, &o, NULL);
}

void solve_engine_init_pns(solve_engine_t *engine, size_t memory_bytes,
                           const search_options_t *options, const board_geom_t *geom,
                           const rules_t *rules, uint64_t leaf_nodes)
{
    memset(engine, 0, sizeof *engine);
    engine->algorithm = SOLVE_ALGORITHM_PNS;
    if (leaf_nodes == SOLVE_LEAF_NODES_DEFAULT)
        leaf_nodes = pns_leaf_nodes_default(rules);
    if (leaf_nodes) {
        size_t share =
            memory_bytes ? MIN(memory_bytes / 2, SOLVE_LEAF_MAX_BYTES) : (size_t)256 << 20;
        engine->leaf_search = leaf_search_create(geom, rules, options, share);
        if (engine->leaf_search) {
            engine->leaf_nodes = leaf_nodes;
            if (memory_bytes)
                memory_bytes -= share;
        }
    }
    /* The Analysis's table: its Analyses are where a hard japanese row spends its time, and
     * what a larger table keeps they need not search again (pns.h, pns_analysis_t). */
    int analysis_bits = 0;
    size_t share = memory_bytes ? memory_bytes / 4 : (size_t)256 << 20;
    if (rules->analysis == RULES_ANALYSIS_JAPANESE &&
        share >= japanese_table_bytes(PNS_ANALYSIS_TABLE_BITS)) {
        /* (Under 16 MB the default table, outside the cap as before 2026-12-05.) */
        analysis_bits = japanese_table_bits_within(share);
        engine->analysis_bytes = japanese_table_bytes(analysis_bits);
    }
    engine->pns_bytes = memory_bytes ? memory_bytes - engine->analysis_bytes : 0;
    /* A full tree is collected rather than the solve stopped (the cap holds the collection's
     * bitmap too). */
    engine->pns = pns_create(pns_nodes_within(engine->pns_bytes, true));
    pns_set_collect(engine->pns, true);
    pns_set_limits(engine->pns, options->max_nodes, options->max_seconds);
    pns_set_progress(engine->pns, options->progress, options->progress_data);
    pns_set_checkpoint(engine->pns, options->checkpoint, options->checkpoint_data);
    pns_set_checkpoint_every(engine->pns, options->checkpoint_seconds);
    pns_set_leaf_search(engine->pns, engine->leaf_search, engine->leaf_nodes);
    pns_set_analysis(engine->pns, &(pns_analysis_t){.first = options->analysis_first_nodes,
                                                    .last = options->analysis_last_nodes,
                                                    .search_only = options->analysis_search_only,
                                                    .table_bits = analysis_bits,
                                                    .states = options->analysis_attractor_states});
}

bool solve_algorithm_check_retrograde(const board_geom_t *geom, const rules_t *rules,
                                      GError **error)
{
    if (search_tablebase_applies(geom, rules, error))
        return true;
    if (error)
        g_prefix_error(error, "--algorithm retrograde: ");
    return false;
}

bool solve_engine_make_tablebase(solve_engine_t *engine, solve_stopper_t *stopper,
                                 const board_geom_t *geom, const rules_t *rules, int threads,
                                 size_t memory_bytes, tablebase_progress_fn progress,
                                 void *progress_data, GError **error)
{
    double started = g_get_monotonic_time() / 1e6;
    tablebase_t *tb = tablebase_create(geom, rules, error);
    if (!tb)
        return false;
    tablebase_options_t options = tablebase_options_default();
    options.threads = MIN(MAX(threads, 1), TABLEBASE_MAX_THREADS);
    options.memory_bytes = memory_bytes;
    options.progress = progress;
    options.progress_data = progress_data;
    /* Attached while it computes, so that a signal stops it (a signal before stops it after its
     * first level: tablebase_interrupt). */
    engine->tablebase = tb;
    if (stopper)
        solve_stopper_attach(stopper, engine);
    bool ok = tablebase_compute(tb, &options, error);
    if (stopper)
        solve_stopper_attach(stopper, NULL);
    engine->tablebase_seconds = g_get_monotonic_time() / 1e6 - started;
    if (!ok) {
        tablebase_destroy(tb);
        engine->tablebase = NULL;
    }
    return ok;
}

void solve_engine_clear(solve_engine_t *engine)
{
    search_destroy(engine->search);
    pns_destroy(engine->pns);
    search_destroy(engine->leaf_search); /* borrowed by the tree's search: after it */
    tablebase_destroy(engine->tablebase);
    memset(engine, 0, sizeof *engine);
}

bool solve_engine_solve(search_result_t *res, solve_engine_t *engine, const game_t *game,
                        bool value_only, GError **error)
{
    if (engine->pns)
        return pns_solve(res, engine->pns, game, value_only, error);
    if (!value_only)
        return search_solve(res, engine->search, game, error);
    memset(res, 0, sizeof *res);
    return search_value(&res->value, engine->search, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF,
                        error);
}

bool solve_engine_winner(search_bounds_t *bounds, solve_engine_t *engine, const game_t *game,
                         GError **error)
{
    if (engine->pns) {
        bool ok = pns_winner(engine->pns, game, error);
        *bounds = pns_root_bounds(engine->pns);
        return ok;
    }
    /* The window (-1, 1), fail-soft: a value at least 1 or at most -1 is a bound, one
     * strictly inside is exact (0, a tie).  The root's bounds may say more (a checkpoint's
     * exact value, resumed): both hold, so their intersection does. */
    int value;
    bool ok = search_winner(&value, engine->search, game, error);
    *bounds = search_root_bounds(engine->search);
    if (ok) {
        bounds->lo = MAX(bounds->lo, value <= -1 ? -SEARCH_VALUE_INF : value);
        bounds->hi = MIN(bounds->hi, value >= 1 ? SEARCH_VALUE_INF : value);
    }
    return ok;
}

void solve_engine_interrupt(solve_engine_t *engine)
{
    if (engine->tablebase && !engine->search)
        tablebase_interrupt(engine->tablebase); /* computing it */
    if (engine->pns)
        pns_interrupt(engine->pns);
    if (engine->search)
        search_interrupt(engine->search);
}

void solve_stopper_on_signal(int signal, void *data)
{
    solve_stopper_t *stopper = data;
    g_mutex_lock(&stopper->lock);
    if (!stopper->signal)
        stopper->signal = signal;
    if (stopper->engine)
        solve_engine_interrupt(stopper->engine);
    g_mutex_unlock(&stopper->lock);
}

void solve_stopper_attach(solve_stopper_t *stopper, solve_engine_t *engine)
{
    g_mutex_lock(&stopper->lock);
    stopper->engine = engine;
    if (engine && stopper->signal)
        solve_engine_interrupt(engine);
    g_mutex_unlock(&stopper->lock);
}

int solve_stopper_signal(solve_stopper_t *stopper)
{
    g_mutex_lock(&stopper->lock);
    int signal = stopper->signal;
    g_mutex_unlock(&stopper->lock);
    return signal;
}

const char *solve_signal_name(int signal)
{
    return signal == SIGTERM ? "SIGTERM" : "SIGINT";
}

bool solve_checkpoint_save(const char *path, checkpoint_info_t info, search_t *search)
{
    info.program = (char *)MATHGO_VERSION;
    GError *error = NULL;
    if (!checkpoint_save(path, &info, search ? search_table(search) : NULL, &error)) {
        fprintf(stderr, "mathgo solve: --checkpoint: %s\n", error->message);
        g_error_free(error);
        return false;
    }
    return true;
}

search_bounds_t solve_engine_bounds(const solve_engine_t *engine)
{
    return engine->pns ? pns_root_bounds(engine->pns) : search_root_bounds(engine->search);
}

search_stats_t solve_engine_stats(const solve_engine_t *engine)
{
    if (!engine->pns)
        return search_stats(engine->search);
    search_stats_t st = {0};
    st.nodes = pns_nodes(engine->pns);
    st.nodes_main = st.nodes; /* one thread: the main search is the whole */
    st.seconds = pns_root_bounds(engine->pns).seconds;
    st.memory_bytes = pns_peak_bytes(engine->pns);
    if (engine->leaf_search) {
        /* The leaves' tests: their table's counters, and its memory beside the tree. */
        search_stats_t leaf = search_stats(engine->leaf_search);
        st.tt_probes = leaf.tt_probes;
        st.tt_hits = leaf.tt_hits;
        st.tt_refused = leaf.tt_refused;
        st.tt_stores = leaf.tt_stores;
        st.tt_unstored = leaf.tt_unstored;
        st.memory_bytes += leaf.memory_bytes;
    }
    return st;
}

void solve_engine_print_stats(FILE *out, const solve_engine_t *engine, double peak_mb, int threads)
{
    search_stats_t st = solve_engine_stats(engine);
    if (engine->pns) {
        char cap[32] = "no cap";
        if (engine->pns_bytes)
            g_snprintf(cap, sizeof cap, "cap %.1f MB", engine->pns_bytes / 1048576.0);
        char analysis[48] = "";
        if (engine->analysis_bytes)
            g_snprintf(analysis, sizeof analysis, ", the Analysis's table %.1f MB",
                       engine->analysis_bytes / 1048576.0);
        fprintf(out,
                "proof-number tree: %.1f MB at most at once (%s; nodes counted as created)%s, "
                "peak resident %.1f MB, threads 1\n",
                pns_peak_bytes(engine->pns) / 1048576.0, cap, analysis, peak_mb);
        if (engine->leaf_search) {
            pns_leaf_stats_t leaf = pns_leaf_stats(engine->pns);
            fprintf(out,
                    "alpha-beta at the leaves: %llu tests (a budget of %llu nodes each), %llu "
                    "answered, %llu nodes of the total; table %llu probes, %llu hits, %llu "
                    "refused by the history check, %.1f MB\n",
                    (unsigned long long)leaf.tests, (unsigned long long)engine->leaf_nodes,
                    (unsigned long long)leaf.decided, (unsigned long long)leaf.nodes,
                    (unsigned long long)st.tt_probes, (unsigned long long)st.tt_hits,
                    (unsigned long long)st.tt_refused,
                    search_stats(engine->leaf_search).memory_bytes / 1048576.0);
        }
        return;
    }
    if (engine->tablebase) {
        tablebase_stats_t tb = tablebase_stats(engine->tablebase);
        fprintf(out,
                "tablebase: %llu states (%llu wins, %llu losses, %llu draws for the side to "
                "move), %.1f MB, %.3f s\n",
                (unsigned long long)tb.states, (unsigned long long)tb.wins,
                (unsigned long long)tb.losses, (unsigned long long)tb.draws,
                tb.memory_bytes / 1048576.0, engine->tablebase_seconds);
    }
    fprintf(out,
            "table: %llu probes, %llu hits, %llu refused by the history check, %llu stores, "
            "%llu results not stored (history-dependent)\n",
            (unsigned long long)st.tt_probes, (unsigned long long)st.tt_hits,
            (unsigned long long)st.tt_refused, (unsigned long long)st.tt_stores,
            (unsigned long long)st.tt_unstored);
    fprintf(out, "memory: table %.1f MB, peak resident %.1f MB, threads %d\n",
            st.memory_bytes / 1048576.0, peak_mb, threads);
    if (threads > 1) /* how much of the work was the main search's own line */
        fprintf(out,
                "main search: %llu of the nodes; %llu of its passes ended by a helper's proof\n",
                (unsigned long long)st.nodes_main, (unsigned long long)st.helper_proofs);
}
