/*
 * front/solve_engine.h: the search behind `mathgo solve`: alpha-beta with its table
 * (solver/search.h) or proof-number search (solver/pns.h: math and pseudo, and the scored
 * rule sets whose games end), chosen by
 * --algorithm, behind one set of calls so that the command treats both alike.
 */
#ifndef MATHGO_FRONT_SOLVE_ENGINE_H
#define MATHGO_FRONT_SOLVE_ENGINE_H

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "solver/checkpoint.h"
#include "solver/pns.h"
#include "solver/search.h"
#include "solver/tablebase.h"

#include <glib.h>
#include <stdbool.h>
#include <stdio.h>

typedef enum solve_algorithm {
    SOLVE_ALGORITHM_AUTO = 0,
    SOLVE_ALGORITHM_ALPHABETA,
    SOLVE_ALGORITHM_PNS,
    /* The simple-ko tablebase of the board first (solver/tablebase.h), then alpha-beta with
     * its values as bounds at every node (search_options_t.tablebase): math and pseudo played
     * with ko=simple,cycle=draw, whose draws alpha-beta alone proves only by exhausting every
     * cycle. */
    SOLVE_ALGORITHM_RETROGRADE,
} solve_algorithm_t;

/* "alphabeta", "pns", "retrograde" or "auto" (NULL: auto); false for anything else. */
bool solve_algorithm_parse(solve_algorithm_t *algorithm, const char *text);

/* --algorithm auto: retrograde under its rules up to this many points (below). */
#define SOLVE_RETROGRADE_AUTO_POINTS 15

/*
 * The search --algorithm auto runs.  Under math and pseudo played with ko=simple,cycle=draw,
 * retrograde (docs/tablebases.md, "The tablebase in the solver") when suicide is legal (the
 * pseudo variant, every state a draw from 3 points on: alpha-beta alone settles no board past
 * 4 points), on a strip (mostly draws: alpha-beta alone did not settle 1x8 in 60 s, retrograde
 * in 0.07 s) and up to SOLVE_RETROGRADE_AUTO_POINTS (3x5 6.6 s against 22.6 s), but not on
 * larger boards, whose tablebase costs more than the search it bounds (4x4 22.4 s against
 * 3.0 s; docs/data/retrograde_2026-12-07.csv).  Else proof-number
 * search on a board one point wide or tall (the long capture fights where the table refuses
 * its hits), with one thread and no checkpoint (alpha-beta's file keeps its table; proof-number
 * search's, asked for with --algorithm pns, the root tests answered and its leaves' table), where
 * the rules allow it (pns_supports: math, pseudo) and under a cycle rule (cycle=japanese: 1x8
 * japanese's value in 0.52 M nodes against 2.9 M, 1x9's in 1.2 M against none in 44 M; 1x8
 * with the moves and an optimal game in 24 s, alpha-beta not within 60 s; cycle=draw, vdWW,
 * since 2026-12-06: 1x10 in 2.6 M nodes and 1.6 s against 66.1 M and 43.0 s, 1x11 in 22.6 M
 * and 12.7 s against none in 300 s and 400 M), and under superko without a cycle rule
 * (chinese, old-chinese, tromp-taylor) since its leaves are given to alpha-beta first
 * (pns_leaf_nodes_default; bench/pns_table.sh at 7487f83, 1 GB, docs/data/
 * pns_leaves_2026-12-07.csv: 1x11 tromp-taylor 4.36 M nodes and 2.6 s against alpha-beta's
 * 10.1 M and 6.9 s, old-chinese 28.9 M and 20.9 s against 41.0 M and 24.6 s, chinese 3.87 M
 * and 2.4 s against 5.40 M and 3.3 s; 1x10 0.76-1.80 M against 1.25-6.73 M; 1x9 about
 * even); alpha-beta everywhere else (on 2x7, 3x5 and 4x4 chinese alpha-beta was 1.1-1.7 times
 * faster, measured by hand with a 512 MB cap, not in bench/).
 */
solve_algorithm_t solve_algorithm_auto(const board_geom_t *geom, const rules_t *rules, int threads,
                                       bool checkpoint);

/*
 * Whether --algorithm pns can run with these rules and options (table_checkpoint: a checkpoint
 * that must hold a table, --positions'); false and *error naming the option otherwise.
 */
bool solve_algorithm_check_pns(const rules_t *rules, int threads, bool table_checkpoint,
                               size_t memory_bytes, GError **error);

/*
 * Whether --algorithm retrograde can run with these rules on this board (the tablebase's
 * rules with ko=simple and cycle=draw, a plain board); false and *error naming what
 * is not.
 */
bool solve_algorithm_check_retrograde(const board_geom_t *geom, const rules_t *rules,
                                      GError **error);

typedef struct solve_stopper solve_stopper_t;

typedef struct solve_engine {
    solve_algorithm_t algorithm; /* ALPHABETA or PNS (RETROGRADE runs ALPHABETA) */
    tablebase_t *tablebase;      /* --algorithm retrograde's, or NULL */
    double tablebase_seconds;    /* its computation's wall time */
    search_t *search;            /* alpha-beta's, or NULL */
    pns_t *pns;                  /* proof-number search's, or NULL */
    size_t pns_bytes;            /* the cap on its tree (0: none) */
    search_t *leaf_search;       /* its leaves' alpha-beta tests (pns_set_leaf_search), or NULL */
    uint64_t leaf_nodes;         /* each test's budget (0: no leaf_search) */
    size_t analysis_bytes;       /* its Analysis's table under analysis=japanese, else 0 */
} solve_engine_t;

/*
 * Proof-number search as the engine: at most memory_bytes (0: no cap), the node and time
 * limits (0: none) and the progress function of search_options_t.  Under analysis=japanese a
 * quarter of the cap (256 MB without one; at most 1 GB) goes to the Analysis's table and the
 * rest to the tree; under a cap of 16 MB the table keeps its default 4 MB outside it.
 */
void solve_engine_init_pns(solve_engine_t *engine, size_t memory_bytes,
                           const search_options_t *options, const board_geom_t *geom,
                           const rules_t *rules, uint64_t leaf_nodes);

/*
 * Alpha-beta at the leaves of proof-number search (pns_set_leaf_search), `solve --leaf-nodes
 * N`: SOLVE_LEAF_NODES_DEFAULT takes pns_leaf_nodes_default's budget, 0 none.  With one,
 * half of the memory cap (256 MB without a cap; at most SOLVE_LEAF_MAX_BYTES) goes to that
 * search's table and stacks, and the rest to the tree as above: with most leaves answered the
 * tree stays small (1x11 chinese: 811 nodes), and on 1x11 tromp-taylor a table of 64 MB took
 * 13.8 M nodes where 256 MB took 5.7 M.
 */
#define SOLVE_LEAF_NODES_DEFAULT UINT64_MAX
#define SOLVE_LEAF_MAX_BYTES     ((size_t)4 << 30)

/*
 * Computes the simple-ko tablebase of the board for --algorithm retrograde into
 * engine->tablebase (within memory_bytes, 0: no cap; `threads` threads; `progress` called
 * after each of its levels, NULL: none).  The stopper (below; NULL: none) interrupts it:
 * the engine is attached to it while the tablebase computes.  False and *error
 * (solver/tablebase.h's codes) otherwise: the rules, the memory, or an interrupt.
 */
bool solve_engine_make_tablebase(solve_engine_t *engine, solve_stopper_t *stopper,
                                 const board_geom_t *geom, const rules_t *rules, int threads,
                                 size_t memory_bytes, tablebase_progress_fn progress,
                                 void *progress_data, GError **error);

/* Frees the engine's search (either) and its tablebase. */
void solve_engine_clear(solve_engine_t *engine);

/* search_solve or search_value (value_only: only res->value is set), or pns_solve. */
bool solve_engine_solve(search_result_t *res, solve_engine_t *engine, const game_t *game,
                        bool value_only, GError **error);

/*
 * Who wins and nothing more (--winner): *bounds decide the sign of the value (lo > 0: Black
 * wins, hi < 0: White wins, lo = hi = 0: a tie); alpha-beta searches the window (-1, 1),
 * proof-number search pns_winner.  False and *error as solve_engine_solve (*bounds then what
 * was proved).
 */
bool solve_engine_winner(search_bounds_t *bounds, solve_engine_t *engine, const game_t *game,
                         GError **error);

/* Stops the engine's search in progress; safe from any thread. */
void solve_engine_interrupt(solve_engine_t *engine);

/*
 * What a signal watcher (front/interrupt.h) stops: the engine once it is attached.  The
 * watcher's thread records the first signal and interrupts the engine; a signal received before
 * the engine exists interrupts it when attached.  Zero-initialise, then g_mutex_init(&lock).
 */
struct solve_stopper {
    GMutex lock;            /* guards engine and signal */
    solve_engine_t *engine; /* NULL until attached, and after detaching */
    int signal;             /* the first SIGINT or SIGTERM received, 0 before */
};

/* A front_interrupt_fn whose data is a solve_stopper_t. */
void solve_stopper_on_signal(int signal, void *data);

/* Attaches `engine` (NULL: detaches); interrupts it at once when a signal came before. */
void solve_stopper_attach(solve_stopper_t *stopper, solve_engine_t *engine);

/* The first signal received, 0 for none. */
int solve_stopper_signal(solve_stopper_t *stopper);

/* "SIGTERM" for SIGTERM, else "SIGINT" (the two signals the watcher takes). */
const char *solve_signal_name(int signal);

/* Writes the checkpoint `info` (program set here) with the table of `search` (NULL: none, for
 * proof-number search) to `path`; on failure prints why and returns false: the run goes on,
 * the previous file, if any, intact. */
bool solve_checkpoint_save(const char *path, checkpoint_info_t info, search_t *search);

/* The counters and what is proved of the root (search_stats, search_root_bounds, or their
 * equivalents for proof-number search: nodes created, the tree's peak memory). */
search_stats_t solve_engine_stats(const solve_engine_t *engine);
search_bounds_t solve_engine_bounds(const solve_engine_t *engine);

/* The lines of the text report on the search's table or tree, and memory. */
void solve_engine_print_stats(FILE *out, const solve_engine_t *engine, double peak_mb, int threads);

#endif
