/*
 * front/solve_list.h: `mathgo solve WxH --positions FILE|-`: the values of a list of fresh
 * starts in one process, one search context for all of them.
 *
 * FILE holds one position a line, `POSITION TO_MOVE`: POSITION the board's rows top to bottom
 * joined by `/` (X Black, O White, . empty: `X.O/.../.O.`), TO_MOVE `b` or `w`; `#` starts a
 * comment, blank lines are skipped.  Each position is a fresh start as the Chetrit study
 * defines it: its history is the position alone, no prisoners, the komi of the rules.  The
 * whole file is read and checked before the first solve.
 *
 * One search context (its table, and under analysis=japanese its workers' cached Analyses)
 * serves every line: reusing the table across roots is sound under every rule set the solver
 * takes (docs/solver.md, "Why reuse is sound" and "Captures in the key"), and the Analysis of a
 * final position depends on the position alone (core/japanese.h).  For the same reasons the table
 * may outlive the process (--checkpoint): a later list, of the same positions or others on the
 * same board under the same rules, starts from every proof of the earlier ones.
 */
#ifndef MATHGO_FRONT_SOLVE_LIST_H
#define MATHGO_FRONT_SOLVE_LIST_H

#include "core/board.h"
#include "core/rules.h"
#include "solver/tablebase.h"

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One line of a positions file. */
typedef struct solve_list_entry {
    board_t board;
    board_color_t to_move;
    int line; /* its line number in the file, from 1 */
} solve_list_entry_t;

/*
 * Reads the positions of `text` for a board `geom` (`where` names the file in messages).  On
 * error returns NULL and sets *error with a message "line L: ..." naming what is wrong (a
 * malformed row, a row of another width, a wrong number of rows, a string without liberties,
 * a bad side to move, no position at all).  Otherwise an array of *count entries (free with
 * g_free).
 */
solve_list_entry_t *solve_list_parse(int *count, const board_geom_t *geom, const char *text,
                                     GError **error);

/* What the command line asked for. */
typedef struct solve_list_options {
    const char *path;       /* FILE, or "-" for stdin */
    const char *rules_name; /* as given by --rules, for the rows */
    const rules_t *rules;
    size_t memory;      /* the cap of the search (--memory); 0: no table */
    int threads;        /* --threads */
    uint64_t max_nodes; /* per position; 0: none */
    double max_seconds; /* per position; 0: none */
    bool csv, header;   /* --csv, and its header line (not with --no-header) */
    bool progress;      /* a heartbeat and a summary on stderr */
    bool pns;           /* --algorithm pns: proof-number search, a new tree per position */
    /* --algorithm retrograde: the board's simple-ko tablebase bounding every position's
     * search (search_options_t.tablebase), or NULL */
    const tablebase_t *tablebase;
    bool winner; /* --winner: who wins only (solve_engine_winner), status "winner" */
    /* --checkpoint: the table in a file (solver/checkpoint.h, checkpoint_list_problem), read
     * before the first position when it exists and written after a position once
     * checkpoint_every seconds have passed since the last write, after the last position, and
     * when a signal stops the list; NULL: none.  `command` names the run in its header. */
    const char *checkpoint;
    double checkpoint_every;
    const char *command;
    uint64_t analysis_last;   /* --analysis-limit: the last Analysis budget per string; 0 default */
    uint32_t analysis_states; /* --analysis-states: the attractor bounds' cap; 0 default */
    uint64_t leaf_nodes;      /* --leaf-nodes (solve_engine_init_pns; SOLVE_LEAF_NODES_DEFAULT) */
} solve_list_options_t;

/* Solves every position of the file; returns the exit status (0 all solved, 1 some not solved,
 * a failure at run time or a stop by SIGINT or SIGTERM, 2 bad input) after printing one message
 * for an error. */
int solve_list(const board_geom_t *geom, const solve_list_options_t *options);

#endif
