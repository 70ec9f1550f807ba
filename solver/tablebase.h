/*
 * solver/tablebase.h: retrograde tablebases of the no-pass rule sets under simple ko.
 *
 * A tablebase holds the value of every state of a board under `math` or `pseudo` played with
 * ko=simple and endless play a draw (the history-free game; docs/tablebases.md).  A STATE is
 *   - a legal position (its dense rank, positions/rank.h),
 *   - the side to move,
 *   - the simple-ko ban: what core/game.c's game_try forbids under ko=simple, "the position
 *     before the opponent's last play".  Reduced to what it can forbid, it is one of
 *       TABLEBASE_BAN_NONE     nothing (the common case),
 *       a point q              the retake at q: the opponent has just captured one stone at q
 *                              with a single stone that the mover could capture back at once,
 *       TABLEBASE_BAN_SUICIDE  every single-stone suicide (pseudo only): the opponent has just
 *                              made a single-stone suicide, which left the position unchanged.
 *     A ban that forbids nothing is the same state as no ban.
 *
 * Each state is a win, a loss or a draw for the side to move, with the distance in plies to
 * the end of the game under optimal play (the winner hurries, the loser delays; the player to
 * move with no legal play loses, distance 0).  A draw is a state from which neither side can
 * force an end.
 *
 * The computation is retrograde analysis by predecessor counting, level by level of distance,
 * over states indexed densely (two per position plus the ko states); predecessors come from
 * un-moves generated from the position and checked by replaying the move forward.
 * docs/tablebases.md gives the algorithm, the memory layout and the file format.  Nothing here
 * prints.
 */
#ifndef MATHGO_SOLVER_TABLEBASE_H
#define MATHGO_SOLVER_TABLEBASE_H

#include "core/board.h"
#include "core/rules.h"

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#define TABLEBASE_BAN_NONE    ((uint8_t)255)
#define TABLEBASE_BAN_SUICIDE ((uint8_t)64)

/* The longest line tablebase_probe follows for its optimal game. */
#define TABLEBASE_MAX_LINE 512

#define TABLEBASE_ERROR (tablebase_error_quark())
GQuark tablebase_error_quark(void);
typedef enum tablebase_error_code {
    TABLEBASE_ERROR_RULES,   /* a rule set without a tablebase (passes, counting) */
    TABLEBASE_ERROR_SIZE,    /* a board whose positions cannot be ranked or held */
    TABLEBASE_ERROR_MEMORY,  /* the tables cannot be allocated */
    TABLEBASE_ERROR_IO,      /* a file cannot be read or written */
    TABLEBASE_ERROR_FORMAT,  /* a file that is not a tablebase, truncated or corrupt */
    TABLEBASE_ERROR_STATE,   /* a state that is not one of the tablebase's (bad ban, bad board) */
    TABLEBASE_ERROR_PENDING, /* probing a tablebase that has not been computed */
    TABLEBASE_ERROR_INTERRUPTED, /* tablebase_interrupt stopped the computation */
} tablebase_error_code_t;

typedef enum tablebase_outcome {
    TABLEBASE_DRAW = 0,
    TABLEBASE_WIN = 1, /* for the side to move */
    TABLEBASE_LOSS = 2,
} tablebase_outcome_t;

/* A state of the history-free game (see above).  A small value, copied with =. */
typedef struct tablebase_state {
    board_t position;
    board_color_t to_move;
    uint8_t ban; /* TABLEBASE_BAN_NONE, a point, or TABLEBASE_BAN_SUICIDE */
} tablebase_state_t;

/* The value of one state. */
typedef struct tablebase_value {
    tablebase_outcome_t outcome;
    int distance; /* plies to the end under optimal play; 0 for a draw */
} tablebase_value_t;

/* The answer of tablebase_probe. */
typedef struct tablebase_probe {
    tablebase_value_t value;
    int best_count; /* every legal move that keeps the value (optimal moves), increasing */
    board_move_t best[BOARD_MAX_POINTS];
    int line_length; /* an optimal game: the first optimal move at each step */
    bool line_truncated;
    board_move_t line[TABLEBASE_MAX_LINE];
} tablebase_probe_t;

/* Counts and costs, for reports. */
typedef struct tablebase_stats {
    uint64_t positions; /* legal positions L */
    uint64_t states;    /* 2 L plain states plus the ko states */
    uint64_t ko_states; /* states with a ban */
    uint64_t wins, losses, draws;
    int max_distance;     /* the longest win or loss */
    uint64_t long_states; /* states whose distance needs the escape (>= 254 plies) */
    uint64_t ko_changed;  /* ko states whose value differs from the same position with no ban */
    uint64_t edges;       /* legal moves summed over all states */
    double seconds;       /* of tablebase_compute, wall clock */
    double cpu_seconds;   /* of tablebase_compute, all threads (the process's CPU time) */
    size_t memory_bytes;  /* peak bytes of the tables while computing (or held, when loaded) */
} tablebase_stats_t;

/* One level of the computation done, for a progress display. */
typedef void (*tablebase_progress_fn)(int level, uint64_t resolved, uint64_t states, void *data);

#define TABLEBASE_MAX_THREADS 64

typedef struct tablebase_options {
    int threads; /* 1 or more: each phase is split into blocks of states among them */
    /* Positions are kept in an array by rank (16 bytes each) when it fits this many bytes;
     * beyond, each thread walks a rank cursor (slower, no memory). */
    size_t position_bytes;
    /* A cap on what the tablebase holds while computing: its ranking and ko index (made by
     * tablebase_create), the values and counts of every state and the positions array (left
     * out when it would pass the cap); the states beyond 253 plies, a few, come on top.  0: no
     * cap.  A cap the first ones pass is refused before anything is computed. */
    size_t memory_bytes;
    tablebase_progress_fn progress; /* called after each level; NULL: none */
    void *progress_data;
    /* When not NULL: the state after a level (values, counts, long states) is saved to this
     * file, atomically, whenever checkpoint_seconds have passed since the last save; and when
     * the file exists, tablebase_compute resumes after its level (refused, with
     * TABLEBASE_ERROR_FORMAT, when it is another board's or rule set's, or damaged).  The
     * values are the same as without. */
    const char *checkpoint_path;
    double checkpoint_seconds;
} tablebase_options_t;

/* One thread, positions in an array up to 4 GB, no progress. */
tablebase_options_t tablebase_options_default(void);

typedef struct tablebase tablebase_t;

/*
 * Checks that the rule set has a tablebase: no passes and scoring=last-move (math and pseudo,
 * and their overrides of suicide).  The ko rule and the cycle rule are not checked: a
 * tablebase always plays ko=simple with endless play a draw.  False and *error otherwise.
 */
bool tablebase_rules_supported(const rules_t *rules, GError **error);

/*
 * Whether `rules` are exactly a tablebase's game, history and all: a supported rule set
 * already played with ko=simple and cycle=draw (so that its values bound a search under them:
 * search_options_t.tablebase).
 */
bool tablebase_plays(const rules_t *rules);

/*
 * The rule set a tablebase plays for `rules` (ko=simple, cycle=draw), as text for files and
 * reports ("math,ko=simple,cycle=draw").  Free with g_free.
 */
char *tablebase_rules_string(const rules_t *rules);

/*
 * An empty tablebase for a board and rule set: ranks the positions and indexes the ko states
 * (one pass over the positions).  Copies what it needs from geom.  NULL and *error when the
 * rules are unsupported, the board cannot be ranked or the tables cannot be allocated.
 */
tablebase_t *tablebase_create(const board_geom_t *geom, const rules_t *rules, GError **error);
void tablebase_destroy(tablebase_t *tb);

/*
 * Computes every state's value (retrograde analysis); options NULL for the defaults.  The values
 * do not depend on the number of threads.  False and *error (TABLEBASE_ERROR_MEMORY) when the
 * working arrays cannot be allocated.
 */
bool tablebase_compute(tablebase_t *tb, const tablebase_options_t *options, GError **error);

/*
 * Stops tablebase_compute in progress on tb (safe from any thread: a signal watcher; a call
 * before the computation stops it after its first level).  With a checkpoint path it stops after
 * the level in progress and saves that level (however recent the last save), so that the same
 * command resumes from it; without, it stops at once.  tablebase_compute then returns false
 * with TABLEBASE_ERROR_INTERRUPTED and a message saying the last level done and the states
 * decided so far.
 */
void tablebase_interrupt(tablebase_t *tb);

/*
 * Writes a computed tablebase to path atomically (path.tmp, fsync, rename): a crash leaves
 * either the old file or the new one.  False and *error (TABLEBASE_ERROR_IO) naming the file.
 */
bool tablebase_save(const tablebase_t *tb, const char *path, GError **error);

/*
 * Reads a tablebase file.  NULL and *error (TABLEBASE_ERROR_FORMAT or _IO) naming the file and
 * what is wrong: not a tablebase, another version, truncated, checksum mismatch.
 */
tablebase_t *tablebase_load(const char *path, GError **error);

/* The board and rule set of a tablebase (borrowed; valid while tb lives). */
const board_geom_t *tablebase_geom(const tablebase_t *tb);
const rules_t *tablebase_rules(const tablebase_t *tb);
tablebase_stats_t tablebase_stats(const tablebase_t *tb);

/*
 * The state after the side to move plays `move` (a point) in `state`, with the ban it leaves
 * for the opponent; false when the move is illegal in that state.
 */
bool tablebase_state_play(tablebase_state_t *next, const tablebase_t *tb,
                          const tablebase_state_t *state, board_move_t move);

/*
 * The state of a game at the point where `last_move` (a point, or BOARD_MOVE_NONE / a pass for
 * none) led from `previous` to `position`: the ban ko=simple places on the side to move.
 */
tablebase_state_t tablebase_state_after(const tablebase_t *tb, const board_t *previous,
                                        board_move_t last_move, const board_t *position,
                                        board_color_t to_move);

/*
 * Whether `state` is a state of the tablebase: a legal position of its board and a ban that
 * forbids something.  A ban that forbids nothing is refused here (normalise it to
 * TABLEBASE_BAN_NONE first: tablebase_state_normalize).
 */
bool tablebase_state_valid(const tablebase_t *tb, const tablebase_state_t *state, GError **error);

/* Replaces a ban that forbids nothing in this position by TABLEBASE_BAN_NONE. */
void tablebase_state_normalize(tablebase_state_t *state, const tablebase_t *tb);

/* The value of a state (fast: no moves).  False and *error for a state that is not valid. */
bool tablebase_value(tablebase_value_t *value, const tablebase_t *tb,
                     const tablebase_state_t *state, GError **error);

/* The value, every optimal move, and an optimal game from a state.  False and *error for a
 * state that is not valid, or (TABLEBASE_ERROR_FORMAT) when a move leads to a state the
 * tablebase does not hold: a loaded file whose ko states are not its board's. */
bool tablebase_probe(tablebase_probe_t *probe, const tablebase_t *tb,
                     const tablebase_state_t *state, GError **error);

#endif
