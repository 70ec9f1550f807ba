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
} diagram_error_code_t;

/*
 * Parses a diagram.  On success writes the position and its size.  On failure sets *error with
 * a message naming the line and column ("line 3, column 4: unknown character 'Q'").
 */
bool diagram_parse(board_t *board, int *width, int *height, const char *text, GError **error);

/* Formats a position as a diagram, one row per line ("X.O\n..X\n"); free with g_free. */
char *diagram_format(const board_t *board, const board_geom_t *geom);

#endif
