/*
 * front/svg_board.h: Go boards as standalone SVG pictures, shared by `mathgo show`, `solve`,
 * `region` and `cgt`: a wooden board with its grid, star points where boards carry them (7 lines
 * and more), black and white stones with outlines, GTP coordinates on the four edges (letters
 * without I, row 1 at the bottom, columns wide enough for two-letter names), a region's holes
 * left blank and its immortal stones marked with a square; and game lines numbered as Go books
 * number them (a move played where a numbered stone stood is listed as "12 at 4").
 *
 * Every element carries a class ("stone black", "star", "coord", "immortal", "number", "grid",
 * "note") so tests and style sheets can find it, stones and star points their point's GTP name
 * (data-point="C3").  A path "-" is stdout.
 */
#ifndef MATHGO_FRONT_SVG_BOARD_H
#define MATHGO_FRONT_SVG_BOARD_H

#include "core/board.h"
#include "core/game.h"

#include <glib.h>
#include <stdbool.h>
#include <stdio.h>

/* Numbers drawn on stones (a game line): number[p] > 0 is drawn on the stone at p. */
typedef struct svg_board_marks {
    int number[BOARD_MAX_POINTS];
    board_move_t last; /* a point circled as the last move, or BOARD_MOVE_NONE */
} svg_board_marks_t;

/* Width and height in pixels of svg_board_draw's picture of a board of geometry g. */
void svg_board_size(double *width, double *height, const board_geom_t *g);

/*
 * Draws the board b of geometry g with its top left corner at (x, y): background, grid, star
 * points (plain boards of 7 lines and more), coordinates, stones, immortal marks, and the marks
 * (NULL: none).  SVG elements only, for a picture that svg_board_open began.
 */
void svg_board_draw(FILE *f, double x, double y, const board_geom_t *g, const board_t *b,
                    const svg_board_marks_t *marks);

/* Text lines (escaped here) from the baseline y down, one every 16 pixels, as class "note". */
void svg_board_text_lines(FILE *f, double x, double y, char *const *lines);

/*
 * Opens path ("-": stdout) and writes the start of a width x height picture with a white
 * background; NULL and *error naming the file when it cannot be opened.  Finish with
 * svg_board_close.
 */
FILE *svg_board_open(const char *path, double width, double height, GError **error);

/* Ends the picture (</svg>) and closes the file (stdout is flushed, not closed); false and
 * *error naming the file when anything could not be written. */
bool svg_board_close(FILE *f, const char *path, GError **error);

/* Splits text into lines of at most `columns` characters at spaces; free with g_strfreev. */
char **svg_board_wrap(const char *text, int columns);

/*
 * A Go-book diagram of `count` moves played from the game's current position: the position's
 * stones and every move numbered from 1 on the point it was played.  A move on a point that
 * already shows a stone (a capture and a replay) is listed in *notes ("12 at 4", or "12 at C3"
 * for a stone of the position), and so is a pass ("13 pass").  Writes the diagram's board and
 * marks; *notes is a new NULL-terminated list in move order, free with g_strfreev.  The moves
 * must be legal in turn.
 */
void svg_board_line(board_t *diagram, svg_board_marks_t *marks, char ***notes, const game_t *game,
                    const board_move_t *moves, int count);

/* The caption of the game's current position: "3x3, rules chinese, komi 0, Black to move"; free
 * with g_free. */
char *svg_board_caption(const game_t *game);

/*
 * A picture of the game's current position (the last move circled) with the caption below it;
 * false and *error when path cannot be written.
 */
bool svg_board_write_position(const char *path, const game_t *game, const char *caption,
                              GError **error);

/*
 * The game's current position (captioned `caption`) and, beside it, the Go-book diagram of the
 * line (captioned `line_caption`, its notes below); false and *error when path cannot be
 * written.
 */
bool svg_board_write_line(const char *path, const game_t *game, const board_move_t *moves,
                          int count, const char *caption, const char *line_caption, GError **error);

#endif
