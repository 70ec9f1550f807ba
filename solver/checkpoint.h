/*
 * solver/checkpoint.h: a search's state in a file, so that a long solve survives a kill or a
 * reboot: what the root tests proved (the bounds) and the transposition table's entries.
 *
 * Why that is enough: every table entry is a proof on its own (tt.h: a bound with the history
 * it relies on), so a table restored from any moment of a run, wholly or in part, is a sound
 * table for the same game, and the root's bounds are facts about its value.  A run resumed from
 * them makes the remaining root tests of the uninterrupted run's algorithm; the value is exact
 * either way, and the optimal first moves and game are chosen from the exact value in a fixed
 * move order, so the answer is the same (node counts differ).
 *
 * The file (docs/reliability.md, "Checkpoints"): text header lines, the entries, a checksum.
 *   mathgo checkpoint 1              the format version
 *   program VERSION                  the mathgo that wrote it
 *   layout L H B                     TT_LAYOUT_VERSION, a head's and a body's bytes
 *   command TEXT                     the command line, for messages only
 *   problem TEXT                     checkpoint_problem(): what must match to resume
 *   bounds LO HI                     Black's view, +-SEARCH_VALUE_INF when open
 *   work NODES SECONDS               the work before (all runs together)
 *   line -                           (format 2) no optimal line begun, or the line so far
 *   line V T B b.. P p.. R           (search_line_t): the value V, T first moves tested, the
 *                                    B optimal ones b.., the optimal game's P moves p.., R
 *                                    moves after them tested (moves as board_move_t numbers)
 *   test -                           (format 3) no root test under way, or the test
 *   test T                           "value >= T?" (Black's view) that was: asked first on
 *                                    resuming (search_resume_test)
 *   tree -                           (format 4) no proof-number tree, or the tree of the
 *   tree DESCRIPTION                 root test under way (pns.h, pns_tree_describe: its goal,
 *                                    its pool's size and live nodes, its free lists)
 *   entries N                        then an empty line and N entries of H + B bytes, each
 *                                    a head and a body as 64-bit little-endian words, then
 *                                    the tree's records, PNS_TREE_RECORD_BYTES each
 *   checksum sha256 HEX              SHA-256 of every byte before this line
 * Written atomically: PATH.tmp, fsync, rename over PATH, fsync of the folder; a kill at any
 * moment leaves the old file or the new one.
 */
#ifndef MATHGO_SOLVER_CHECKPOINT_H
#define MATHGO_SOLVER_CHECKPOINT_H

#include "core/game.h"
#include "solver/pns.h"
#include "solver/search.h"
#include "solver/tt.h"

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define CHECKPOINT_FORMAT 4 /* written; 1 (no line), 2 (no test) and 3 (no tree) are read too */

#define CHECKPOINT_ERROR (checkpoint_error_quark())
GQuark checkpoint_error_quark(void);
typedef enum checkpoint_error_code {
    CHECKPOINT_ERROR_IO,       /* cannot read or write the file (a run-time failure) */
    CHECKPOINT_ERROR_CORRUPT,  /* not a checkpoint, truncated, or a wrong checksum */
    CHECKPOINT_ERROR_MISMATCH, /* another format, program, layout or problem */
} checkpoint_error_code_t;

typedef struct checkpoint_info {
    char *program; /* the mathgo version */
    char *command; /* the command line (one line) */
    char *problem; /* checkpoint_problem() */
    int lo, hi;    /* the root's bounds, Black's view */
    uint64_t nodes;
    double seconds;
    search_line_t line; /* line.started false: no optimal line begun (or format 1) */
    bool testing;       /* a root test under way, "value >= test?" (false: none, or format < 3) */
    int test;
    /* Saving: the proof-number search whose kept tree is written (pns_tree_describe), or NULL.
     * Loading (checkpoint_load_tree): the records of the file's tree (0: none), and whether
     * they were read into the search given (false: none given, or tree_too_large). */
    pns_t *tree;
    uint64_t tree_records;
    bool tree_read, tree_too_large;
} checkpoint_info_t;

/*
 * Starts the next root search of `search` (search_value, search_solve) where the file `info`
 * left off: its bounds (search_resume), its optimal line (search_resume_line) and the root test
 * that was under way (search_resume_test).  The table is loaded by checkpoint_load.
 */
void checkpoint_resume(search_t *search, const checkpoint_info_t *info);

/*
 * What a checkpoint of a search of `game` must agree on to be resumed: the board (size, its
 * points and safe stones), the rules and komi, the start, who moves first and every move of
 * the history.  One line of text; free with g_free.
 */
char *checkpoint_problem(const game_t *game);

/*
 * The problem of a table shared by many roots (`solve --positions --checkpoint`): the board and
 * the rules and komi only, since every entry is a proof about its own position and history
 * whatever the root (docs/solver.md, "Why reuse is sound").  Its bounds are open.
 */
char *checkpoint_list_problem(const board_geom_t *geom, const rules_t *rules);

/*
 * Writes the checkpoint of `info` and the entries of `tt` (NULL: none) to path atomically.
 * Other threads may store into tt meanwhile (tt_for_each).  False and *error
 * (CHECKPOINT_ERROR_IO, naming the file) otherwise; the old file is then untouched.
 */
bool checkpoint_save(const char *path, const checkpoint_info_t *info, tt_t *tt, GError **error);

/*
 * Reads the checkpoint at path into *info and its entries into tt (NULL: skipped), after
 * checking the format, the program (`program`), the table layout and the problem (`problem`)
 * against this run's.  False and *error (naming the file and what differs) otherwise; tt is
 * then emptied of anything read.  Free *info with checkpoint_info_clear (also after failure).
 */
bool checkpoint_load(checkpoint_info_t *info, const char *path, const char *program,
                     const char *problem, tt_t *tt, GError **error);

/*
 * The same, and the file's proof-number tree (if any) into `pns` (NULL: skipped), which its
 * next search takes when it asks the tree's test of the same root (pns.h, "THE TREE OF A TEST
 * UNDER WAY").  A tree larger than pns's size is skipped (info->tree_too_large); one that is
 * not a tree is CHECKPOINT_ERROR_CORRUPT, as a damaged entry is.  The pool is made ready only
 * once the file's length agrees with its header, so a short file allocates nothing.
 */
bool checkpoint_load_tree(checkpoint_info_t *info, const char *path, const char *program,
                          const char *problem, tt_t *tt, pns_t *pns, GError **error);

void checkpoint_info_clear(checkpoint_info_t *info);

/*
 * Makes the file f, written as tmp, the file at path, durably: flush, fsync, close, rename over
 * path, fsync of the folder (so a crash leaves the old file or the new one, never a part).  f is
 * closed in every case.  False with errno set and *failed the name that failed (tmp or path).
 * For every file mathgo replaces atomically (checkpoints, tablebases).
 */
bool checkpoint_commit(FILE *f, const char *tmp, const char *path, const char **failed);

/*
 * The name to write before checkpoint_commit: path + ".tmp" for a regular file (or a new one);
 * path itself when something else is there (a device such as /dev/full, a pipe, a symbolic
 * link), since a rename would replace the device node or the link (as root, `tablebase -o
 * /dev/full` once turned /dev/full into a regular file).  checkpoint_commit then writes in
 * place, without a rename.  Free with g_free.
 */
char *checkpoint_temp_path(const char *path);

/* Removes a failed write's tmp file, never path itself (checkpoint_temp_path). */
void checkpoint_discard(const char *tmp, const char *path);

#endif
