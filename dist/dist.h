/*
 * dist/dist.h: the solver distributed over the ranks of an MPI job (docs/scale.md).
 *
 * The root's tree is expanded breadth-first to the depth that gives enough leaves; each leaf is
 * a work unit, the root's game plus a move sequence (so the whole history, and superko, stay
 * exact), solved by search_value on a worker rank with its own table, under the window the
 * coordinator passes.  The coordinator runs the root's null-window tests as the single-process
 * solver does (distance deepening under last-move scoring, MTD(f) steps otherwise), keeps
 * bounds on every node of the expansion tree in the root's terms (a win or loss at distance p from
 * a unit at depth k is one at distance p + k from the root: the winner hurrying and the loser
 * delaying, as solver/search.h values games), combines them by minimax, gives each unit the
 * alpha-beta window its ancestors and siblings allow, hands out the units whose answer is still
 * needed when a worker asks, and cancels running units that are no longer needed.  The answer is
 * the exact minimax value of the root, the single-process solver's.
 *
 * Three parts: the plan (the expansion tree, its bounds and windows: no MPI, tested alone),
 * the journal (append-only, one checksummed record per line) and the MPI run.  Nothing here
 * prints.
 */
#ifndef MATHGO_DIST_DIST_H
#define MATHGO_DIST_DIST_H

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "solver/search.h"

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#define DIST_ERROR (dist_error_quark())
GQuark dist_error_quark(void);
typedef enum dist_error_code {
    DIST_ERROR_NO_MPI,   /* this mathgo was built without MPI */
    DIST_ERROR_MISMATCH, /* a journal of another problem */
    DIST_ERROR_CORRUPT,  /* a journal whose head is not a journal's */
    DIST_ERROR_IO,       /* the journal cannot be read or written */
    DIST_ERROR_SEARCH,   /* a unit's search failed (memory, depth) */
    DIST_ERROR_MPI,      /* an MPI call failed, or every worker was lost */
} dist_error_code_t;

/* ---- The plan: the expansion tree and the minimax over it ---- */

typedef struct dist_plan dist_plan_t;

/*
 * Expands the root (game's current state, borrowed only during the call) breadth-first, one
 * whole level at a time, until the leaves number at least target_units or no level adds any
 * (every leaf ended).  Leaves whose game has ended are valued at once.  Free with
 * dist_plan_destroy.
 */
dist_plan_t *dist_plan_create(const game_t *game, int target_units);

/*
 * The plan of the units listed (each a move sequence from the root, as dist_plan_unit_moves
 * gives them, in the same order): a journal's.  NULL and *error when a sequence is illegal
 * or the leaves do not form a complete expansion (a node with some but not all children).
 */
dist_plan_t *dist_plan_create_from_units(const game_t *game, int unit_count, const int *move_counts,
                                         const board_move_t *const *moves, GError **error);
void dist_plan_destroy(dist_plan_t *plan);

/* The units (the leaves, ended games included) in the order of the expansion. */
int dist_plan_unit_count(const dist_plan_t *plan);

/* The moves from the root to unit `unit` (room for SEARCH_MAX_PV); returns their number (the
 * unit's depth). */
int dist_plan_unit_moves(board_move_t *moves, const dist_plan_t *plan, int unit);

/* The depth of the expansion (plies from the root to its deepest unit). */
int dist_plan_depth(const dist_plan_t *plan);

/* A new game: the root's with the unit's moves played.  Free with game_destroy. */
game_t *dist_plan_unit_game(const dist_plan_t *plan, const game_t *root, int unit);

/* Whether the unit's game has ended (valued by the plan, never handed out). */
bool dist_plan_unit_ended(const dist_plan_t *plan, int unit);

/*
 * The next unit to hand out: the first, in the expansion's order, whose answer is still needed
 * and which is not running, with the window (alpha, beta) to search it with, in the unit's own
 * terms (Black's view, values from the unit's position).  Marks it running.  False when none.
 */
bool dist_plan_next(int *unit, int *alpha, int *beta, dist_plan_t *plan);

/* A running unit comes back without an answer (cancelled, its worker lost): not running. */
void dist_plan_release(dist_plan_t *plan, int unit);

/*
 * Splits a unit whose search takes long (docs/scale.md, "Splitting"): its node gets every
 * legal move's child as a new unit, numbered from dist_plan_unit_count() on in
 * game_legal_moves's order, so that a journal's "split" record rebuilds the same plan.  The
 * unit stays a unit: while it runs, its children but the first (which its own search takes
 * first) go to other workers; its answers still count for its node, beside its children's.
 * Once it no longer runs, its node is an interior node like the others.  False (and nothing
 * changed) for a unit already split, an ended game, or a game whose end could not be valued.
 */
bool dist_plan_split(dist_plan_t *plan, const game_t *root, int unit);

/*
 * What a search proved of a unit: lo <= value <= hi in the unit's terms (search_value's
 * result r with window (a, b): [r, r] inside, [-INF, r] when r <= a, [r, INF] when r >= b).
 * Intersected with what was known; the unit is no longer running.  `nodes`, the search's cost,
 * steers the schedule of distance tests (search_distances_answer), as in the solver's root.
 */
void dist_plan_record(dist_plan_t *plan, int unit, int lo, int hi, uint64_t nodes);

/* From a search_value result r with the window (alpha, beta): the bounds to record. */
void dist_plan_bounds_of(int *lo, int *hi, int r, int alpha, int beta);

/* Whether the unit's answer can still change the root's value (else: cancel it). */
bool dist_plan_needed(const dist_plan_t *plan, int unit);

/* Whether the unit is running. */
bool dist_plan_running(const dist_plan_t *plan, int unit);

/* The root's value once decided (its bounds met). */
bool dist_plan_decided(int *value, const dist_plan_t *plan);

/* The number of the root's null-window test in progress (1 for the first), and its window
 * (root terms, Black's view). */
int dist_plan_test(int *alpha, int *beta, const dist_plan_t *plan);

/* The root's bounds so far, Black's view (+-SEARCH_VALUE_INF when open). */
void dist_plan_root_bounds(int *lo, int *hi, const dist_plan_t *plan);

/*
 * The whole distributed algorithm in this process, the units solved one after another by
 * `search` (no MPI): the plan's reference run, for tests and for a one-rank job.  Sums the
 * units' nodes into *nodes.  False and *error when a search fails.
 */
bool dist_plan_solve_here(int *value, uint64_t *nodes, dist_plan_t *plan, search_t *search,
                          const game_t *root, GError **error);

/* ---- The journal ---- */

/*
 * The journal of a distributed solve: a text file, one record per line, each line ending in
 * a space and the first 16 hex digits of the SHA-256 of the text before it.
 *   mathgo-journal 1                 the format
 *   problem TEXT                     checkpoint_problem(): the board, rules, komi, history
 *   command TEXT                     the command line, for messages only
 *   unit ID MOVES...                 a unit: its moves from the root (board_move_t numbers)
 *   units N                          every unit is defined (written with the above at once)
 *   result ID LO HI NODES SECONDS    what a worker proved of unit ID (its own terms)
 *   split ID                         unit ID was split (dist_plan_split): new units follow
 * The head and the units are written to FILE.tmp and renamed over FILE; results are appended
 * and flushed one by one.  A truncated or corrupt record ends the journal: it and everything
 * after are cut off (reported in *warning) and the run goes on from the records before.
 */
typedef struct dist_journal dist_journal_t;

/*
 * Opens the journal at path for the problem `problem` (checkpoint_problem of the root).  No
 * file (or an empty one): *plan is dist_plan_create(root, target_units) and its units are
 * written.  A journal: its problem must be `problem` (else DIST_ERROR_MISMATCH naming both),
 * its units make *plan and its results are recorded into it (*results_read of them); a cut
 * tail is reported in *warning (g_free; NULL when none).  NULL and *error otherwise (a damaged
 * head: DIST_ERROR_CORRUPT; the file: DIST_ERROR_IO).  Free *plan with dist_plan_destroy.
 */
dist_journal_t *dist_journal_open(dist_plan_t **plan, int *results_read, char **warning,
                                  const char *path, const char *problem, const char *command,
                                  const game_t *root, int target_units, GError **error);

/* Appends a result record and flushes it to the disk.  False and *error on a write failure. */
bool dist_journal_append_result(dist_journal_t *journal, int unit, int lo, int hi, uint64_t nodes,
                                double seconds, GError **error);
/* Appends a split record (dist_plan_split of the unit, done before the next record), flushed
 * like a result.  False and *error on a write failure. */
bool dist_journal_append_split(dist_journal_t *journal, int unit, GError **error);
void dist_journal_close(dist_journal_t *journal);

/* ---- The MPI run ---- */

/* Whether this mathgo was built with MPI. */
bool dist_available(void);

/* What the coordinator reports while it runs (every second or so, and at the end). */
typedef struct dist_progress {
    int units;           /* in the plan */
    int solved;          /* answers this run (a unit may be answered once per root test) */
    int from_journal;    /* results read from the journal */
    int cancelled;       /* running units cancelled as no longer needed */
    int reassigned;      /* units taken back from a lost worker */
    int splits;          /* units split while running (dist_plan_split) */
    int workers;         /* ranks that search (the coordinator too when alone) */
    int workers_lost;    /* workers that stopped answering */
    int lo, hi;          /* the root's bounds, Black's view */
    uint64_t nodes;      /* nodes of the units solved (the sum over units, this run) */
    uint64_t nodes_lost; /* nodes spent on units cancelled or lost (as far as known) */
    double seconds;      /* since the run began */
    const char *note;    /* a message to show (a lost worker, a journal's cut tail), or NULL */
} dist_progress_t;
typedef void (*dist_progress_fn)(const dist_progress_t *progress, void *data);

typedef struct dist_options {
    search_options_t search; /* each rank's searches (memory, threads) */
    int target_units;        /* 0: 16 per worker, at least 64 */
    const char *journal;     /* path or NULL */
    const char *command;     /* the command line, for the journal */
    double worker_timeout;   /* seconds without a word from a busy worker: lost (0: 10) */
    double split_seconds;    /* a unit running this long is split when a worker is idle
                              * (0: 1 s; negative: never) */
    dist_progress_fn progress;
    void *progress_data;
    /* Fault injection for the tests (docs/scale.md): the coordinator kills itself (SIGKILL)
     * after recording this many results (0: never); worker rank kill_worker_rank (0: none)
     * kills itself when it receives its first unit. */
    int kill_coordinator_after;
    int kill_worker_rank;
} dist_options_t;

/* The answer, on the coordinator. */
typedef struct dist_result {
    bool coordinator; /* false on the other ranks: nothing to report */
    int value;        /* Black's view, solver/search.h's conventions */
    int ranks;
    dist_progress_t final; /* the counts at the end */
    int silent_workers;    /* workers that did not answer the stop (dead) */
} dist_result_t;

/*
 * Runs the distributed solve of the game's current state on every rank of MPI_COMM_WORLD
 * (MPI is initialised here; finalised here on the workers, by dist_finish on the
 * coordinator); every rank calls it with the same game and rules.
 * Rank 0 coordinates (and searches when it is alone), the others search.  False and *error
 * (on the coordinator: what failed; DIST_ERROR_NO_MPI without MPI).
 */
bool dist_run(dist_result_t *result, const board_geom_t *geom, const rules_t *rules,
              const game_t *game, const dist_options_t *options, GError **error);

/*
 * Ends MPI on the coordinator once the answer is out (also after a failure): MPI_Finalize, or
 * MPI_Abort with status 0 when a worker died (MPI_Finalize would wait for it for ever).
 */
void dist_finish(const dist_result_t *result);

#endif
