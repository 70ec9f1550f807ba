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
#include "core/game.h"

#include <glib.h>
#include <sys/types.h>

#define DIAGRAM_ERROR (diagram_error_quark())
GQuark diagram_error_quark(void);
typedef enum diagram_error_code {
    DIAGRAM_ERROR_CHARACTER, /* an unknown character */
    DIAGRAM_ERROR_SHAPE,     /* rows of different lengths, no rows */
    DIAGRAM_ERROR_SIZE,      /* more than BOARD_MAX_POINTS points */
    DIAGRAM_ERROR_POSITION,  /* a region's ordinary chain without a liberty */
    DIAGRAM_ERROR_MOVE,      /* a move list's word that is not a move, or an illegal move */
} diagram_error_code_t;

/*
 * Parses a diagram.  On success writes the position and its size.  On failure sets *error with
 * a message naming the line and column ("line 3, column 4: unknown character 'Q'").
 */
bool diagram_parse(board_t *board, int *width, int *height, const char *text, GError **error);

/* Formats a position as a diagram, one row per line ("X.O\n..X\n"); free with g_free.  The
 * plain format has no holes nor safe stones: write a region with diagram_format_region. */
char *diagram_format(const board_t *board, const board_geom_t *geom);

/* The room a compact diagram needs, its NUL included: W*H points and H - 1 separators. */
#define DIAGRAM_COMPACT_SIZE (2 * BOARD_MAX_POINTS + 1)

/* Writes the position as its rows, top to bottom, joined by '/' ("X.O/..X"), NUL-terminated:
 * the one-line form of `solve --positions`, the CSV columns and messages. */
void diagram_format_compact(char out[DIAGRAM_COMPACT_SIZE], const board_t *board,
                            const board_geom_t *geom);

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

/*
 * Framed diagrams, as `mathgo show` prints them: a header line of column names ("    A B C")
 * and rows that start with their number, counting down to 1 ("  3 X . O").  When the first
 * line that is neither blank nor a '#' comment is such a header (its first character other than
 * a space is 'A' and all of them are upper-case letters), returns a copy of text with the
 * header and the row numbers blanked (so line and column numbers stay those of text) and cut
 * after the last numbered row (the report `show` prints below it is not part of the diagram).
 * Otherwise returns a plain copy.  NULL and *error (DIAGRAM_ERROR_SHAPE) when the rows are not
 * numbered H, H-1, ..., 1.  Free with g_free.
 */
char *diagram_strip_frame(const char *text, GError **error);

/*
 * Move lists.  A diagram may be followed by the moves played from it (its history, which
 * superko sees): a line starting with "moves:" (spaces before it allowed), then words
 * separated by spaces, commas or line breaks up to the end of the text:
 *   - a point in GTP form ("C3", "c3") or "pass" is a move, played alternately;
 *   - "B", "W", "black" or "white" (any case) names the colour of the next move (optional; the
 *     first one sets who starts, later ones must agree with the alternation);
 *   - '#' starts a comment up to the end of the line.
 * Example: "moves: B C3 W pass B B2" or "moves: C3 pass B2".
 */

/* One move of a written game (a move list or an SGF record). */
typedef struct diagram_move {
    board_color_t color; /* who plays it; BOARD_EMPTY when the text does not say */
    board_move_t move;   /* a point or BOARD_MOVE_PASS */
    int line, column;    /* where it was read (1-based) */
} diagram_move_t;

/* The offset of the "moves:" line in text, or -1 when there is none. */
ssize_t diagram_moves_offset(const char *text);

/*
 * Parses the move list that starts at text + offset (the "moves:" line) on geom.  Writes a new
 * array (free with g_free; NULL when empty) and its length.  False and *error
 * (DIAGRAM_ERROR_MOVE, naming the line and column in text) for a word that is not a move or a
 * point off the board.
 */
bool diagram_parse_moves(diagram_move_t **moves, int *count, const board_geom_t *geom,
                         const char *text, size_t offset, GError **error);

/*
 * Plays the moves on game with game_play.  False and *error (DIAGRAM_ERROR_MOVE) naming the
 * move's number (from 1), its line and column, and why, at the first move that is illegal or
 * whose colour is not the player to move; the moves before it stay played.
 */
bool diagram_play_moves(game_t *game, const diagram_move_t *moves, int count, GError **error);

#endif
