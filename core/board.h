/*
 * core/board.h: rectangular Go boards of up to 64 points as bitboards.
 *
 * A board of width W and height H (W, H >= 1, W*H <= 64) numbers its points row by row from the
 * top left: point p = y*W + x, with x the column (0 = left, GTP letter 'A') and y the row counted
 * from the top (0 = top, GTP row H).  This is the order of ASCII diagrams and of SGF, so a
 * diagram maps to bits without reversal; GTP names are converted at the edge.
 *
 * A position (board_t) is two 64-bit masks, one per colour: copying it is two words, equality is
 * two compares, and it is exact (no hashing involved), which is what superko needs.
 *
 * Geometry that depends only on the size (edge masks, neighbour masks, the symmetries, Zobrist
 * keys) lives in a board_geom_t built once per size and passed as a const pointer: there is no
 * mutable global state anywhere.
 *
 * Regions (board_geom_create_region): a geometry may leave points of its W x H rectangle off
 * the board ("holes": points not in `all`, with no neighbours and no neighbour of any point) and
 * may fix immortal ("safe") stones of either colour.  The rules of immortality, used by every
 * function here that decides a capture (board_place, board_dead_chains, board_is_legal_position)
 * and so by game_try:
 *   - a chain that contains a safe stone of its colour is safe: it is never captured, and a play
 *     that leaves such a chain without a liberty is not a suicide (a safe stone is never
 *     captured, and a chain that touches one is the same chain);
 *   - a play whose chain has no liberty and contains no safe stone is a suicide, as before;
 *   - safe stones are always present in every position's stones[] masks (board_initial gives
 *     the position holding them alone); a position with a safe chain without a liberty is legal.
 * A plain board (board_geom_create) has every point on the board and no safe stones, and pays
 * for all this one mask test per play (board_place).  docs/rules.md, "Regions: immortal stones
 * and off-board points", states the rules formally.
 */
#ifndef MATHGO_CORE_BOARD_H
#define MATHGO_CORE_BOARD_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define BOARD_MAX_POINTS     64
#define BOARD_MAX_SYMMETRIES 8

/* Colours.  BOARD_BLACK and BOARD_WHITE index board_t.stones; board_color_other flips them. */
typedef enum board_color { BOARD_BLACK = 0, BOARD_WHITE = 1, BOARD_EMPTY = 2 } board_color_t;

/* A point index 0..W*H-1. */
typedef uint8_t board_point_t;

/* A move: a point index, or BOARD_MOVE_PASS, or BOARD_MOVE_NONE (no move / end of list). */
typedef uint8_t board_move_t;
#define BOARD_MOVE_PASS ((board_move_t)64)
#define BOARD_MOVE_NONE ((board_move_t)255)

/* A position: the stones of each colour as bit masks over point indices. */
typedef struct board {
    uint64_t stones[2];
} board_t;

/*
 * Per-size tables.  Built by board_geom_create (or board_geom_create_region), never modified
 * afterwards, shared freely between threads.
 *
 * Symmetry s maps point p to sym[s][p].  Symmetry 0 is the identity.  A square board has 8
 * (the dihedral group), a rectangle 4 (identity, the two mirrors, the half turn), a 1xN or Nx1
 * board 2 (identity and reversal), a 1x1 board 1.  A region keeps only the symmetries of its
 * rectangle that map `all` and each of safe[0], safe[1] onto themselves (a subgroup, so the
 * inverse of each kept symmetry is kept), compacted to sym[0..symmetry_count-1] with the
 * identity first: canonical keys over these are keys of the region's own positions.
 *
 * Point indices run over the whole rectangle (0..size-1); the on-board points are `all`, which
 * is every index below size on a plain board.  Loop over `all` (or board_empty), not over
 * 0..size-1, when holes matter.
 */
typedef struct board_geom {
    uint8_t width, height, size; /* size = width * height (the rectangle, holes included) */
    uint8_t symmetry_count;      /* 1 to 8 */
    uint64_t all;                /* the on-board points */
    uint64_t safe[2];            /* immortal stones of each colour (subsets of all, disjoint) */
    uint64_t not_first_col;      /* points with x > 0: a left-to-right shift may land there */
    uint64_t not_last_col;       /* points with x < W-1 */
    uint64_t neighbours[BOARD_MAX_POINTS];
    uint8_t sym[BOARD_MAX_SYMMETRIES][BOARD_MAX_POINTS];
    uint64_t zobrist[2][BOARD_MAX_POINTS]; /* fixed seed: keys are reproducible across runs */
    /* sym_byte[s][k][v]: the image under symmetry s of the points 8k..8k+7 whose bits are v
     * (board_transform: a lookup per byte of stones instead of one per stone; the solver maps
     * a state to its canonical frame at every node). */
    uint64_t sym_byte[BOARD_MAX_SYMMETRIES][BOARD_MAX_POINTS / 8][256];
} board_geom_t;

/* Error domain for size, coordinate and position errors. */
#define BOARD_ERROR (board_error_quark())
GQuark board_error_quark(void);
typedef enum board_error_code {
    BOARD_ERROR_SIZE,       /* a board that is not W x H with W, H >= 1 and W*H <= 64 */
    BOARD_ERROR_COORDINATE, /* a point name that is malformed or off the board */
    BOARD_ERROR_REGION,     /* a region's masks do not fit, or a start lacks its safe stones */
} board_error_code_t;

/*
 * Builds the tables for a width x height board.  Returns NULL and sets *error (BOARD_ERROR_SIZE)
 * when the size is not supported.  Free with board_geom_destroy.
 */
board_geom_t *board_geom_create(int width, int height, GError **error);

/*
 * Builds the tables for a region of a width x height rectangle: the points of on_board are on
 * the board (the others are holes), safe[BOARD_BLACK] and safe[BOARD_WHITE] are the immortal
 * stones of each colour (safe may be NULL: none).  Returns NULL and sets *error when the size
 * is not supported (BOARD_ERROR_SIZE), or when on_board has a point outside the rectangle, is
 * empty, or the safe stones are not on the board or overlap (BOARD_ERROR_REGION).  on_board = every
 * point and no safe stones gives the same tables as board_geom_create.  Free with
 * board_geom_destroy.
 */
board_geom_t *board_geom_create_region(int width, int height, uint64_t on_board,
                                       const uint64_t safe[2], GError **error);

void board_geom_destroy(board_geom_t *geom);

/* True when the geometry has holes or safe stones (a region, not a plain board). */
static inline bool board_geom_is_region(const board_geom_t *g)
{
    uint64_t rect = g->size == 64 ? ~(uint64_t)0 : (((uint64_t)1 << g->size) - 1);
    return g->all != rect || (g->safe[0] | g->safe[1]);
}

/*
 * Parses a size written "WxH" (e.g. "3x3", "1x7", "4x16"), or "N" for N x N.  Returns false and
 * sets *error naming the text when it is malformed or too large.
 */
bool board_parse_size(int *width, int *height, const char *text, GError **error);

/* ---- Hot accessors -------------------------------------------------------------------------- */

static inline uint64_t board_bit(board_point_t p)
{
    return (uint64_t)1 << p;
}

static inline board_color_t board_color_other(board_color_t c)
{
    return (board_color_t)(c ^ 1);
}

static inline uint64_t board_occupied(const board_t *b)
{
    return b->stones[0] | b->stones[1];
}

static inline uint64_t board_empty(const board_t *b, const board_geom_t *g)
{
    return g->all & ~board_occupied(b);
}

static inline board_color_t board_at(const board_t *b, board_point_t p)
{
    if (b->stones[BOARD_BLACK] & board_bit(p))
        return BOARD_BLACK;
    if (b->stones[BOARD_WHITE] & board_bit(p))
        return BOARD_WHITE;
    return BOARD_EMPTY;
}

static inline bool board_equal(const board_t *a, const board_t *b)
{
    return a->stones[0] == b->stones[0] && a->stones[1] == b->stones[1];
}

static inline board_point_t board_point(const board_geom_t *g, int x, int y)
{
    return (board_point_t)(y * g->width + x);
}

static inline int board_x(const board_geom_t *g, board_point_t p)
{
    return p % g->width;
}

static inline int board_y(const board_geom_t *g, board_point_t p)
{
    return p / g->width;
}

/* The points adjacent to the set m (not including m itself unless adjacent to it). */
static inline uint64_t board_adjacent(const board_geom_t *g, uint64_t m)
{
    /* Shifting by W is written as two shifts so that W = 64 (a 64x1 board) is defined: the
     * vertical neighbours of a one-row board are simply none. */
    uint64_t w1 = (uint64_t)g->width - 1;
    return (((m << 1) & g->not_first_col) | ((m >> 1) & g->not_last_col) | ((m << w1) << 1) |
            ((m >> w1) >> 1)) &
           g->all;
}

/* The connected component of `within` containing `seed` (seed must be a subset of within). */
static inline uint64_t board_flood(const board_geom_t *g, uint64_t seed, uint64_t within)
{
    uint64_t prev;
    do {
        prev = seed;
        seed = (seed | board_adjacent(g, seed)) & within;
    } while (seed != prev);
    return seed;
}

/* The chain (maximal connected set of one colour's stones) through occupied point p. */
static inline uint64_t board_chain(const board_t *b, const board_geom_t *g, board_point_t p)
{
    uint64_t own = (b->stones[0] & board_bit(p)) ? b->stones[0] : b->stones[1];
    return board_flood(g, board_bit(p), own);
}

/* The liberties (adjacent empty points) of a set of stones. */
static inline uint64_t board_liberties(const board_t *b, const board_geom_t *g, uint64_t chain)
{
    return board_adjacent(g, chain) & board_empty(b, g);
}

static inline int board_popcount(uint64_t m)
{
    return __builtin_popcountll(m);
}

/* The lowest point of a non-empty mask. */
static inline board_point_t board_lowest(uint64_t m)
{
    return (board_point_t)__builtin_ctzll(m);
}

/*
 * The stones of one colour's `stones` that belong to chains without a liberty, given the
 * empty points `empty`.  A chain touching no empty point has no liberty.  Safe chains (those
 * holding a stone of g->safe) are never dead.
 */
static inline uint64_t board_dead_chains(const board_geom_t *g, uint64_t stones, uint64_t empty)
{
    /* Stones that reach empty or a safe stone: flood from the stones that touch an empty point
     * and from the safe stones (stones holds one colour, so it meets one colour's safe set). */
    uint64_t alive_seed = stones & (board_adjacent(g, empty) | g->safe[0] | g->safe[1]);
    return stones & ~board_flood(g, alive_seed, stones);
}

/*
 * The chain of `stones` through `seed` if it has no liberty in `empty`, else 0.  Grows the chain
 * one ring at a time and stops at the first liberty, so a living chain usually costs one or two
 * steps instead of a whole flood.
 */
static inline uint64_t board_captured_chain(const board_geom_t *g, uint64_t seed, uint64_t stones,
                                            uint64_t empty)
{
    uint64_t chain = seed;
    for (;;) {
        uint64_t around = board_adjacent(g, chain);
        if (around & empty)
            return 0;
        uint64_t grown = chain | (around & stones);
        if (grown == chain)
            return chain;
        chain = grown;
    }
}

/*
 * The result of placing a stone: what the Tromp-Taylor "colour, clear the opponent, clear
 * oneself" does, before any rule decides whether the move is allowed.
 */
typedef struct board_placement {
    board_t after;     /* the position after captures (and after suicide, if any) */
    uint64_t captured; /* opponent stones removed */
    uint64_t suicided; /* own stones removed (non-zero only for a suicide) */
} board_placement_t;

/*
 * Colours empty point p with colour c, clears the opponent's chains left without liberties,
 * then clears c's own chain if it has none (a suicide).  Safe chains are never cleared.  p must
 * be an empty point of the board.
 */
static inline board_placement_t board_place(const board_t *b, const board_geom_t *g,
                                            board_color_t c, board_point_t p)
{
    board_placement_t r;
    board_color_t o = board_color_other(c);
    uint64_t pb = board_bit(p);
    uint64_t own = b->stones[c] | pb;
    uint64_t opp = b->stones[o];
    uint64_t empty = g->all & ~(own | opp);
    r.captured = 0;
    /* Only the opponent chains next to p can have lost their last liberty. */
    uint64_t touching = g->neighbours[p] & opp;
    while (touching) {
        uint64_t stone = touching & -touching;
        /* A stone with an empty neighbour keeps its chain alive: no search needed. */
        uint64_t dead = (g->neighbours[board_lowest(stone)] & empty)
                            ? 0
                            : board_captured_chain(g, stone, opp, empty);
        r.captured |= dead;
        touching &= ~(stone | dead);
    }
    /* A safe chain is never captured.  Distinct chains of one colour are never adjacent, so
     * the safe ones are the flood of the captured stones from their safe stones: one mask test
     * per play on a plain board, which has no safe stone. */
    if (r.captured & g->safe[o])
        r.captured &= ~board_flood(g, r.captured & g->safe[o], r.captured);
    opp &= ~r.captured;
    /* A capture leaves p a liberty; so does an empty neighbour. */
    r.suicided = 0;
    if (!r.captured && !(g->neighbours[p] & empty)) {
        r.suicided = board_captured_chain(g, pb, own, empty);
        if (r.suicided & g->safe[c]) /* joining a safe chain is never a suicide */
            r.suicided = 0;
    }
    own &= ~r.suicided;
    /* Selected rather than stored through the colour as an index: the two stores through an
     * index and the copy of `after` as one vector that follows in the callers stalled on store
     * forwarding (12% of the Analysis's move generation). */
    r.after.stones[BOARD_BLACK] = c == BOARD_BLACK ? own : opp;
    r.after.stones[BOARD_WHITE] = c == BOARD_BLACK ? opp : own;
    return r;
}

/* ---- Points, names and symmetry ---------------------------------------------------------------
 */

/*
 * Writes the GTP name of p ("A1" is the bottom left; letters skip I) into buf (at least 4 bytes)
 * and returns buf.  A pass is written "pass".
 */
char *board_move_name(char buf[8], const board_geom_t *g, board_move_t move);

/*
 * Parses a GTP vertex ("C3", "c3", "pass").  Returns false and sets *error
 * (BOARD_ERROR_COORDINATE) naming the text when it is malformed or off the board.
 */
bool board_parse_move(board_move_t *move, const board_geom_t *g, const char *text, GError **error);

/*
 * The start position of the geometry: its safe stones alone (the empty board on a plain
 * board).
 */
static inline board_t board_initial(const board_geom_t *g)
{
    board_t b = {{g->safe[0], g->safe[1]}};
    return b;
}

/* The image of a position under symmetry s (0 <= s < g->symmetry_count). */
static inline board_t board_transform(const board_t *b, const board_geom_t *g, int s)
{
    board_t r = {{0, 0}};
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < BOARD_MAX_POINTS / 8; k++) {
            uint64_t rest = b->stones[c] >> (8 * k);
            if (!rest)
                break;
            r.stones[c] |= g->sym_byte[s][k][rest & 255];
        }
    return r;
}

/* True when every chain of the position has at least one liberty or is safe. */
bool board_is_legal_position(const board_t *b, const board_geom_t *g);

/* Writes the position as a diagram (top row first; X black, O white, . empty, # a hole) to
 * out. */
void board_print(FILE *out, const board_t *b, const board_geom_t *g);

/*
 * Checks the position's invariants (no point of both colours, nothing off the board, every
 * safe stone present in its colour); aborts with the position printed to stderr when one
 * fails.  For assertions in debug builds.
 */
void board_check(const board_t *b, const board_geom_t *g, const char *where);

#endif
