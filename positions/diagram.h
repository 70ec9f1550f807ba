/*
 * positions/diagram.h: ASCII diagrams of positions, read and written.
 *
 * A diagram is one row per line, top row first: X black, O white, . empty (also accepted:
 * x for black, o for white, + for empty).  Spaces between points are ignored, so "X . O" and
 * "X.O" are the same row.  Blank lines before and after, and lines starting with '#'
 * (comments), are skipped.  All rows must have the same number of points.
 */
#ifndef MATHGO_POSITIONS_DIAGRAM_H
#define MATHGO_POSITIONS_DIAGRAM_H

#include "core/board.h"

#include <glib.h>

#define DIAGRAM_ERROR (diagram_error_quark())
GQuark diagram_error_quark(void);
typedef enum diagram_error_code {
    DIAGRAM_ERROR_CHARACTER, /* an unknown character */
    DIAGRAM_ERROR_SHAPE,     /* rows of different lengths, no rows */
    DIAGRAM_ERROR_SIZE,      /* more than BOARD_MAX_POINTS points */
    DIAGRAM_ERROR_POSITION,  /* a region's ordinary chain without a liberty */
} diagram_error_code_t;

/*
 * Parses a diagram.  On success writes the position and its size.  On failure sets *error with
 * a message naming the line and column ("line 3, column 4: unknown character 'Q'").
 */
bool diagram_parse(board_t *board, int *width, int *height, const char *text, GError **error);

/* Formats a position as a diagram, one row per line ("X.O\n..X\n"); free with g_free.  The
 * plain format has no holes nor safe stones: write a region with diagram_format_region. */
char *diagram_format(const board_t *board, const board_geom_t *geom);

/*
 * Region diagrams (docs/rules.md, "Regions: immortal stones and off-board points"): one row per
 * line, top row first, over the points of a W x H rectangle:
 *   X  a safe (immortal) black stone      x  an ordinary black stone
 *   O  a safe (immortal) white stone      o  an ordinary white stone
 *   .  an empty point                     #  a point that is not on the board (a hole)
 * Spaces and tabs between points are ignored; blank lines before and after the rows are
 * skipped (there are no comment lines: '#' is a point).  W is the longest row; shorter rows
 * are padded on the right with '#'.  The rectangle may have at most 64 points.
 *
 * Errors, each one message naming the line (and column where there is one):
 * DIAGRAM_ERROR_CHARACTER an unknown character; DIAGRAM_ERROR_SHAPE no rows, a row after a
 * blank line, no empty point on the board; DIAGRAM_ERROR_SIZE a row longer than 64 points or
 * a rectangle of more than 64 points; DIAGRAM_ERROR_POSITION an ordinary chain without a
 * liberty (the column of one of its stones).
 */

/*
 * Parses a region diagram.  On success writes the position (safe stones included in
 * board->stones), the rectangle's size, the on-board points and the safe stones of each colour:
 * exactly the arguments of board_geom_create_region.
 */
bool diagram_parse_region(board_t *board, int *width, int *height, uint64_t *on_board,
                          uint64_t safe[2], const char *text, GError **error);

/*
 * Formats a position on a geometry (a region or a plain board) as a region diagram, every row
 * written to the full width ("#X.x\n"); free with g_free.  diagram_parse_region reads it back
 * to the same position and geometry.
 */
char *diagram_format_region(const board_t *board, const board_geom_t *geom);

/*
 * Whether text is written in the region format rather than the plain one:
 *   - a line made only of the points X x O o . # (spaces aside) holds a '#' and another
 *     point (a row with a hole: in a plain diagram a line starting with '#' is a comment, and
 *     '#' appears nowhere else), or
 *   - the lines that do not start with '#' mix upper-case (X, O) and lower-case (x, o) stone
 *     letters (safe and ordinary stones; a plain diagram has no reason to mix them).
 * A region with neither holes nor ordinary stones reads the same in both formats but for
 * immortality: the commands take --region for it.  (A plain comment made only of point
 * characters, such as "# x o", would be read as a row: write comments in words.)
 */
bool diagram_looks_like_region(const char *text);

#endif
