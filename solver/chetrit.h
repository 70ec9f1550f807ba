/*
 * solver/chetrit.h: Chetrit's claim, position by position.
 *
 * Chetrit ("Mathematical Rules of Go", docs/sources/000_661affa07f4a862a.txt) claims that
 * Mathematical Go (the `math` preset: no pass, suicide illegal, positional superko, the player with
 * no legal move loses) is equivalent to the old Chinese rules (area scoring with 2 points off per
 * group: the `old-chinese` preset): the side with the larger old-Chinese score wins Mathematical
 * Go.  This module solves one position, taken as a fresh start (the history is the position alone,
 * no prisoners), under each rule set the study compares, and runs the study over a set of ranks
 * (positions/rank.h) on worker threads.
 *
 * TABLE REUSE.  Each worker keeps one search context (solver/search.h) per rule set and solves
 * every position of its share with it, so each table serves thousands of roots with different
 * histories.  That is sound by the argument of solver/tt.h and docs/solver.md ("Why reuse is
 * sound"): an entry is reused at a node only when every history position its proof relied on
 * being present is present and none it relied on being absent may be present, whatever the
 * root; results are stored relative to the node (distances from the node, not the root).  The
 * solver's own tests share one table across random positions with random histories for this
 * reason (tests/test_solver_reference.c).
 *
 * Nothing here prints.  A search that hits the per-search node limit leaves its cell unsolved
 * (chetrit_row_t.solved), for the caller to report: it is never counted as a value.
 */
#ifndef MATHGO_SOLVER_CHETRIT_H
#define MATHGO_SOLVER_CHETRIT_H

#include "core/board.h"
#include "solver/tablebase.h"

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The rule sets solved for every position and side to move, in this order. */
typedef enum chetrit_rule {
    CHETRIT_MATH,             /* math: winner and length */
    CHETRIT_OLD_CHINESE,      /* old-chinese: margin */
    CHETRIT_CHINESE,          /* chinese: margin */
    CHETRIT_TROMP_TAYLOR,     /* tromp-taylor: margin */
    CHETRIT_PSEUDO,           /* pseudo: winner and length */
    CHETRIT_OLD_CHINESE_EYES, /* old-chinese,taxgroup=eyes: margin */
    CHETRIT_RULE_COUNT,
} chetrit_rule_t;

/* The rule texts (core/rules.h rules_parse) of chetrit_rule_t, komi 0. */
extern const char *const chetrit_rule_texts[CHETRIT_RULE_COUNT];

#define CHETRIT_ERROR (chetrit_error_quark())
GQuark chetrit_error_quark(void);
typedef enum chetrit_error_code {
    CHETRIT_ERROR_POSITIONS,   /* a selection that cannot be made (board too large to rank) */
    CHETRIT_ERROR_SEARCH,      /* a search failed for a reason other than its node limit */
    CHETRIT_ERROR_TABLEBASE,   /* a tablebase of another board or rule set */
    CHETRIT_ERROR_INTERRUPTED, /* chetrit_stop_request stopped the run */
    CHETRIT_ERROR_MEMORY,      /* a memory cap the study cannot fit */
} chetrit_error_code_t;

/*
 * A request to stop a run, from any thread (a signal watcher): the workers take no new
 * position and interrupt their searches in progress; chetrit_run then returns false with
 * CHETRIT_ERROR_INTERRUPTED, the rows emitted (and given to the snapshot hook) being whole.
 */
typedef struct chetrit_stop chetrit_stop_t;
chetrit_stop_t *chetrit_stop_create(void);
void chetrit_stop_destroy(chetrit_stop_t *stop);
void chetrit_stop_request(chetrit_stop_t *stop);

/*
 * One position and side to move.  Winners are BOARD_BLACK or BOARD_WHITE; plies count the
 * optimal game (winner hurrying, loser delaying; 0 when the side to move has no legal move);
 * margins are Black minus White in points (exact: komi 0 makes every margin whole).  A cell
 * whose rule set was not solved within the node limit has solved[rule] false and no value.
 */
typedef struct chetrit_row {
    uint64_t rank; /* positions/rank.h */
    board_t position;
    board_color_t to_move;
    bool solved[CHETRIT_RULE_COUNT];
    board_color_t math_winner;
    int math_plies;
    int old_chinese_margin;
    int chinese_margin;
    int tromp_taylor_margin;
    board_color_t pseudo_winner;
    int pseudo_plies; /* -1 when only the winner was found (see chetrit.c, last_move_value) */
    int old_chinese_eyes_margin;
    /* What is known of each margin (the scored rule sets; unused for math and pseudo): it lies
     * in [margin_lo, margin_hi], in points.  A solved cell has margin_lo = margin_hi = its
     * margin; an unsolved one keeps the bounds its tests proved before the node limit stopped
     * them, at worst the board's limits (chetrit_margin_limit), so a capped cell may still
     * tell the margin's sign (chetrit_margin_sign). */
    int margin_lo[CHETRIT_RULE_COUNT];
    int margin_hi[CHETRIT_RULE_COUNT];
    /* The position itself: chains, eye-sharing groups (core/score.h), stones, empty points,
     * and its area margin as it stands (Black's stones and territory minus White's). */
    int black_groups, white_groups;
    int black_eye_groups, white_eye_groups;
    int black_stones, white_stones;
    int empty_points;
    int area_margin;
    /* Mathematical Go under simple ko with endless play a draw (the history-free game of
     * solver/tablebase.h), when the study was given a `math` tablebase of the board:
     * simple_ko_winner is BOARD_BLACK, BOARD_WHITE or -1 for a draw, simple_ko_plies the
     * distance (0 for a draw). */
    bool simple_ko_known;
    int simple_ko_winner;
    int simple_ko_plies;
} chetrit_row_t;

typedef struct chetrit_options {
    size_t tt_bytes; /* table size of each rule set's search, per worker (search_bytes 0) */
    /* When > 0: everything each rule set's search of a worker may allocate (its table and
     * stacks: search_options_t.memory_bytes), replacing tt_bytes (chetrit_memory_plan). */
    size_t search_bytes;
    /* The proof-number search's tree per worker, in nodes (pns.h: 16 bytes a node, grown as
     * needed); 0: CHETRIT_PNS_NODES.  It bounds the nodes alive at once; the study's node limit
     * (or, without one, this size) bounds the nodes one search creates. */
    uint64_t pns_nodes;
    int threads;        /* workers, each with its own tables */
    uint64_t max_nodes; /* per search; 0: no limit */
    /* Pseudo-Go's limit per search (0: max_nodes).  Pseudo-Go is the side column of the
     * study, and with suicide legal its games can be very long: on 1x8 some positions take
     * over 10 M nodes either way (chetrit.c, last_move_value).  Its unsolved cells are
     * reported like any other. */
    uint64_t pseudo_max_nodes;
    /* A computed `math` tablebase of the board (borrowed; NULL: none), whose value of each
     * fresh start fills the simple-ko fields of the rows (chetrit_check_tablebase). */
    const tablebase_t *simple_ko;
    chetrit_stop_t *stop; /* borrowed; NULL: the run cannot be stopped */
    /* On 1xN and Nx1, a scored margin that alpha-beta leaves at max_nodes goes on to
     * proof-number search with alpha-beta at its leaves (true by default; chetrit.c,
     * margin_by_proof_numbers).  False: alpha-beta alone, as before 2026-12-07. */
    bool strip_margins_by_pns;
} chetrit_options_t;

#define CHETRIT_PSEUDO_MAX_NODES 1000000

/* 64 MB tables, one worker, no limit but pseudo-Go's CHETRIT_PSEUDO_MAX_NODES, the strips'
 * capped margins to proof-number search. */
chetrit_options_t chetrit_options_default(void);

/* Proof-number search's tree per worker when nothing bounds it: 2^25 nodes, 512 MiB. */
#define CHETRIT_PNS_NODES ((uint64_t)1 << 25)
/* The least tree a memory cap may leave it (a smaller one only answers less often). */
#define CHETRIT_PNS_MIN_NODES 1024

/*
 * How a memory cap on a whole study splits: `fixed_bytes` (what the caller holds: the ranks,
 * the rows, a tablebase; chetrit_run_bytes) comes first; each worker gets an equal share of
 * the rest, of which proof-number search's tree takes half (at most CHETRIT_PNS_NODES nodes)
 * and the six rule sets' searches the other half, equally (each split into table and stacks
 * by search_memory_plan).  Fills options->search_bytes and pns_nodes for options->threads
 * workers.  False and *error (CHETRIT_ERROR_MEMORY, saying what is needed) when the cap cannot
 * hold the fixed part, and for every worker searches of one table bucket and the least
 * stacks and a tree of CHETRIT_PNS_MIN_NODES nodes.
 */
bool chetrit_memory_plan(chetrit_options_t *options, size_t memory_bytes, size_t fixed_bytes,
                         GError **error);

/* What chetrit_run itself holds for `count` positions: the rows, their flags, the ranking. */
size_t chetrit_run_bytes(const board_geom_t *geom, size_t count);

/* The work of a study per rule set (summed over workers). */
typedef struct chetrit_stats {
    uint64_t nodes[CHETRIT_RULE_COUNT];
    /* of which proof-number search's trees' (the alpha-beta tests at their leaves count as
     * alpha-beta's): the last-move rule sets' races and the strips' capped margins */
    uint64_t pns_nodes[CHETRIT_RULE_COUNT];
    double seconds[CHETRIT_RULE_COUNT]; /* thread time in the searches */
} chetrit_stats_t;

/*
 * Whether `tb` can serve as chetrit_options_t.simple_ko for a study of `geom`: the same board
 * (width, height, no holes or immortal stones) and the `math` rules.  False and *error
 * (CHETRIT_ERROR_TABLEBASE) saying what differs.
 */
bool chetrit_check_tablebase(const tablebase_t *tb, const board_geom_t *geom, GError **error);

/* One worker: a search context per rule set for one board.  Borrows geom. */
typedef struct chetrit chetrit_t;

chetrit_t *chetrit_create(const board_geom_t *geom, const chetrit_options_t *options,
                          GError **error);
void chetrit_destroy(chetrit_t *chetrit);

/* The work of this worker so far. */
chetrit_stats_t chetrit_stats(const chetrit_t *chetrit);

/*
 * Fills the fields of a row that describe the position itself (groups, stones, empty points,
 * area margin), position and to_move; the rest is left as it was.
 */
void chetrit_row_describe(chetrit_row_t *row, const board_geom_t *geom, const board_t *position,
                          board_color_t to_move);

/*
 * Solves `position` (a legal position of the board) with `to_move` to move under every rule
 * set.  Fills every field but rank.  False and *error only for a failure other than the node
 * limit (memory, a line beyond the solver's stack).
 */
bool chetrit_solve(chetrit_row_t *row, chetrit_t *chetrit, const board_t *position,
                   board_color_t to_move, GError **error);

/* The scored rule sets, whose cells are margins with bounds, in the CSV's order of bounds. */
#define CHETRIT_MARGIN_RULES 4
extern const chetrit_rule_t chetrit_margin_rules[CHETRIT_MARGIN_RULES];

/* A row's margin under the scored rule set r (meaningful when row->solved[r]). */
int chetrit_row_margin(const chetrit_row_t *row, chetrit_rule_t r);

/*
 * The largest |margin| of a fresh start of `geom` under the scored rule set r: the board's
 * points without a tax, max(points - 2, 1) with one (chetrit.c says why).
 */
int chetrit_margin_limit(const board_geom_t *geom, chetrit_rule_t r);

/*
 * The sign of a row's margin under the scored rule set r, when what is known of it decides:
 * true and *sign (-1, 0, +1) for a solved cell, or an unsolved one whose bounds exclude 0
 * (a tie needs the exact value); false when the sign is unknown.
 */
bool chetrit_margin_sign(int *sign, const chetrit_row_t *row, chetrit_rule_t r);

/* Which positions a study takes. */
typedef enum chetrit_selection {
    CHETRIT_SELECT_EMPTY,    /* the empty board */
    CHETRIT_SELECT_ALL,      /* every legal position */
    CHETRIT_SELECT_SAMPLE,   /* `sample` distinct ranks drawn uniformly with `seed` */
    CHETRIT_SELECT_SHUFFLED, /* every legal position, in the order a sample with `seed` draws them
                              */
} chetrit_selection_t;

/*
 * The ranks of the selected positions; free with g_free.  `all`, and a sample of at least the
 * number of legal positions, is every rank in increasing order.  A smaller sample is N
 * distinct ranks drawn with splitmix64 from `seed`, in the order drawn: a (board, sample,
 * seed) triple names the same positions in the same order on every machine, and the first k
 * ranks of sample:N are sample:k, so a study stopped early is itself a uniform sample.  `shuffled`
 * is every rank in that same order (the draws go on until every rank is taken): its first k ranks
 * are sample:k, so a study of a whole board stopped early is a uniform sample too.  NULL and
 * *error when the board cannot be ranked (positions/rank.h).
 */
uint64_t *chetrit_select(size_t *count, const board_geom_t *geom, chetrit_selection_t selection,
                         uint64_t sample, uint64_t seed, GError **error);

/* Called with each row (two per position: Black to move, then White), in the order of the
 * ranks given, from the
 * thread that called chetrit_run. */
typedef void (*chetrit_row_fn)(const chetrit_row_t *row, void *data);

/*
 * What a run has finished, for a checkpoint: position i of the run (ranks[i]) is finished when
 * done[i], its rows being rows[2 i] (Black to move) and rows[2 i + 1].  With threads, positions
 * finish out of rank order: `finished` counts them all, `emitted` the prefix handed to emit.
 */
typedef struct chetrit_snapshot {
    const chetrit_row_t *rows;
    const bool *done;
    size_t count, finished, emitted;
} chetrit_snapshot_t;

/* Called from the thread that called chetrit_run with the workers held (they wait to record
 * their next position meanwhile): after each position finished, and once more at the end
 * (`last`, whether the run ended, failed or was stopped). */
typedef void (*chetrit_snapshot_fn)(const chetrit_snapshot_t *snapshot, bool last, void *data);

/* How a run hands out its rows, and the rows it is given. */
typedef struct chetrit_hooks {
    chetrit_row_fn emit;
    chetrit_snapshot_fn snapshot; /* NULL: none */
    void *data;                   /* for both */
    /* Positions finished by an earlier run (a checkpoint), NULL: none.  When known_done[i],
     * known[2 i] and known[2 i + 1] are position i's rows: emitted in their turn, not solved. */
    const chetrit_row_t *known;
    const bool *known_done;
} chetrit_hooks_t;

/*
 * Solves the positions of the given ranks (both sides to move) on options->threads workers and
 * hands every row to hooks->emit in rank order as soon as the rows before it are done; *stats
 * gets the work done.  False and *error when a search fails or options->stop stopped the run
 * (CHETRIT_ERROR_INTERRUPTED); the rows already emitted stay valid.
 */
bool chetrit_run(chetrit_stats_t *stats, const board_geom_t *geom, const uint64_t *ranks,
                 size_t count, const chetrit_options_t *options, const chetrit_hooks_t *hooks,
                 GError **error);

#endif
