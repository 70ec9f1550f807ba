/*
 * solver/chetrit_checkpoint.h: the state of a study of Chetrit's claim (solver/chetrit.h) in a
 * file, so that `mathgo chetrit --checkpoint FILE` survives a kill or a reboot and resumes to
 * the very rows of a run never interrupted.
 *
 * What is saved, and why it is enough: every finished position's two rows, by its index in
 * the study's selection (with threads positions finish out of order, so the finished ones
 * past the first unfinished are kept too).  A row depends only on its position, side to move,
 * the study's node limits and whether a tablebase gives the simple-ko columns (the searches'
 * tables only save work), so a resumed run solves the unfinished positions and hands every
 * row out in selection order as an uninterrupted run does.  The descriptive columns (groups,
 * stones, area) are recomputed from the rank on loading.
 *
 * The file (format 2), text:
 *   mathgo chetrit checkpoint 2      the format version
 *   program VERSION                  the mathgo that wrote it
 *   command TEXT                     the command line, for messages only
 *   study TEXT                       what must match to resume (chetrit_checkpoint_study)
 *   positions N                      the selection's size
 *   done K                           then K lines, one per finished position, in index order:
 *     INDEX then 19 integers for Black to move, 19 for White to move: the solved rule sets
 *     (bit r for chetrit_rule_t r), math winner (0 Black, 1 White), math plies, old-chinese,
 *     chinese and tromp-taylor margins, pseudo winner, pseudo plies (-1: unknown), eyes
 *     margin, simple-ko winner (-1 draw, -2 none), simple-ko plies (an unsolved cell is 0);
 *     then the margins' bounds (chetrit_row_t.margin_lo, margin_hi), low and high, of
 *     old-chinese, chinese, tromp-taylor and eyes.  Format 1 (before 2026-12-02's bounds)
 *     had the first 11 only; it is refused, with a message.
 *   checksum sha256 HEX              SHA-256 of every byte before this line
 * Written atomically (checkpoint_temp_path, checkpoint_commit): a kill at any moment leaves
 * the old file or the new one.
 */
#ifndef MATHGO_SOLVER_CHETRIT_CHECKPOINT_H
#define MATHGO_SOLVER_CHETRIT_CHECKPOINT_H

#include "core/board.h"
#include "solver/chetrit.h"

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CHETRIT_CHECKPOINT_FORMAT 2

/*
 * The study line: everything that changes a row.  `positions` is the selection as the user
 * wrote it once canonical ("empty", "all", "sample:N"); the seed counts for samples only.
 * Free with g_free.
 */
char *chetrit_checkpoint_study(const board_geom_t *geom, const char *positions, uint64_t seed,
                               const chetrit_options_t *options);

/* The file's header besides the rows: for messages and checks. */
typedef struct chetrit_checkpoint_info {
    const char *program; /* the mathgo version */
    const char *command; /* the command line (one line) */
    const char *study;   /* chetrit_checkpoint_study() */
} chetrit_checkpoint_info_t;
/* (chetrit_checkpoint_load compares program and study only when they are not NULL.) */

/*
 * Writes the finished positions of `snapshot` (solver/chetrit.h; its indices those of the
 * study's selection) to path atomically.  False and *error (CHECKPOINT_ERROR_IO, naming the
 * file) otherwise; the old file is then untouched.
 */
bool chetrit_checkpoint_save(const char *path, const chetrit_checkpoint_info_t *info,
                             const chetrit_snapshot_t *snapshot, GError **error);

/*
 * Reads the checkpoint at path into rows (2 per position) and done (1 per position), both of
 * `count` positions and cleared first, after checking the format, the program, the study and
 * the selection's size against info's and every row's values; ranks and geom give each row's
 * position (and so its descriptive columns).  *finished gets the number of positions read.
 * False and *error (CHECKPOINT_ERROR_CORRUPT: not a checkpoint, truncated, a wrong checksum, a
 * value out of range; _MISMATCH: another format, program or study; _IO) naming the file and
 * the line; rows and done are then cleared.
 */
bool chetrit_checkpoint_load(chetrit_row_t *rows, bool *done, size_t *finished, const char *path,
                             const chetrit_checkpoint_info_t *info, const board_geom_t *geom,
                             const uint64_t *ranks, size_t count, GError **error);

#endif
