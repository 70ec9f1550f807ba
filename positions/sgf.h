/*
 * positions/sgf.h: Smart Game Format (SGF FF[4], https://www.red-bean.com/sgf/) read and
 * written.
 *
 * Two layers:
 *   - the tree: a parser of the whole collection / game-tree grammar
 *       Collection = GameTree { GameTree }      GameTree = "(" Sequence { GameTree } ")"
 *       Sequence   = Node { Node }              Node     = ";" { Property }
 *       Property   = PropIdent PropValue { PropValue }   PropValue = "[" value "]"
 *     with escapes ("\]", "\\", any "\c" is c) and soft line breaks ("\" before a line break
 *     removes both), white space between tokens, lower-case letters in property names ignored
 *     (FF[3] style "AddBlack" is AB); and a writer of the same trees;
 *   - the game record: the first game of a collection read as a start position (SZ, AB, AW,
 *     AE with compressed point lists "[aa:cc]", PL), the moves of its main line (the first
 *     child at each node; B[] and, on boards up to 19x19, B[tt] are passes), KM and RU.
 *
 * Coordinates: SGF names a point by two letters, column then row, "a" to "z" then "A" to "Z",
 * with "aa" the top-left point.  mathgo's point p = y*W + x also counts x from the left and y
 * from the top, so "cb" is x = 2, y = 1, which on a 5x5 board is GTP C4.
 *
 * Errors are SGF_ERROR GErrors whose message starts with "line L, column C:" (columns count
 * characters, from 1).
 */
#ifndef MATHGO_POSITIONS_SGF_H
#define MATHGO_POSITIONS_SGF_H

#include "core/board.h"
#include "core/rules.h"
#include "positions/diagram.h"

#include <glib.h>
#include <stdbool.h>

#define SGF_ERROR (sgf_error_quark())
GQuark sgf_error_quark(void);
typedef enum sgf_error_code {
    SGF_ERROR_SYNTAX,      /* the text does not follow the grammar */
    SGF_ERROR_VALUE,       /* a property value that is malformed or off the board */
    SGF_ERROR_UNSUPPORTED, /* a valid record mathgo cannot represent (GM other than Go, a board
                              wider than 52, setup after moves) */
} sgf_error_code_t;

/* The widest board SGF can name (52 letters). */
#define SGF_MAX_WIDTH 52

/* ---- Trees -------------------------------------------------------------------------------- */

/* A node: its properties in the order they were added, each with its values, and children. */
typedef struct sgf_node sgf_node_t;

/* A node without properties or children.  Free with sgf_node_destroy (which frees the subtree). */
sgf_node_t *sgf_node_create(void);
void sgf_node_destroy(sgf_node_t *node);

/* Appends `child` (now owned by parent) to parent's children and returns it.  The first child
 * is the main line. */
sgf_node_t *sgf_node_add_child(sgf_node_t *parent, sgf_node_t *child);

/* Appends a value (raw text, escaped when written) to property `id`, created if absent. */
void sgf_node_add_value(sgf_node_t *node, const char *id, const char *value);

int sgf_node_child_count(const sgf_node_t *node);
const sgf_node_t *sgf_node_child(const sgf_node_t *node, int i);

/* The number of values of property `id` (0 when absent) and value i, unescaped. */
int sgf_node_value_count(const sgf_node_t *node, const char *id);
const char *sgf_node_value(const sgf_node_t *node, const char *id, int i);

/* Where value i of `id` was read (its '['); 0, 0 for a node built in memory. */
void sgf_node_value_where(int *line, int *column, const sgf_node_t *node, const char *id, int i);

/* Where the node's ';' was read. */
void sgf_node_where(int *line, int *column, const sgf_node_t *node);

/*
 * Parses a collection.  Returns a node without properties whose children are the roots of the
 * collection's game trees (so sgf_format writes it back), or NULL and *error naming the line
 * and column.
 */
sgf_node_t *sgf_parse(const char *text, GError **error);

/* Writes a collection (as sgf_parse returns it): one "(;...)" per child, variations as nested
 * trees, one node per line.  Free with g_free. */
char *sgf_format(const sgf_node_t *collection);

/* Whether text looks like SGF: its first non-blank character is '('. */
bool sgf_looks_like_sgf(const char *text);

/* ---- Game records ------------------------------------------------------------------------- */

/* What a game record holds for mathgo.  Moves carry their colour and where they were read. */
typedef struct sgf_record {
    int width, height;     /* SZ (default 19) */
    board_t start;         /* AB, AW, AE of the nodes before the first move */
    board_color_t to_move; /* PL, else the first move's colour, else black */
    bool to_move_given;    /* PL or a move says who starts */
    bool has_komi;         /* KM was given */
    int komi2;             /* twice KM */
    char *rules;           /* RU's text, or NULL */
    int move_count;        /* moves of the main line */
    diagram_move_t *moves; /* their colours, points (or BOARD_MOVE_PASS) and places */
} sgf_record_t;

/*
 * Reads the first game of a collection.  Setup properties (AB AW AE PL) after the first move,
 * GM other than 1, two moves in a node, boards of more than 52 columns or rows, points off the
 * board and malformed values are errors naming the line and column.  Free with
 * sgf_record_clear.
 */
bool sgf_record_read(sgf_record_t *record, const char *text, GError **error);
void sgf_record_clear(sgf_record_t *record);

/* ---- Writing game records ----------------------------------------------------------------- */

/* Adds a point value ("cb") to property id, or "" for a pass. */
void sgf_add_move(sgf_node_t *node, const char *id, const board_geom_t *geom, board_move_t move);

/* Adds every point of mask to property id (nothing when mask is empty). */
void sgf_add_points(sgf_node_t *node, const char *id, const board_geom_t *geom, uint64_t mask);

/*
 * The root node of a game on geom: GM[1]FF[4]CA[UTF-8]AP[application], SZ (SZ[W:H] for a
 * rectangle), KM, RU with rules_to_string's text (read back by rules_parse), GC with the whole
 * rule set spelled out, AB and AW for the stones of start, PL.  NULL and *error when the board
 * is wider or taller than SGF_MAX_WIDTH.
 */
sgf_node_t *sgf_game_root(const board_geom_t *geom, const rules_t *rules, const board_t *start,
                          board_color_t to_move, const char *application, GError **error);

#endif
