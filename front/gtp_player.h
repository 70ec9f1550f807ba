/*
 * front/gtp_player.h: how the GTP engine chooses its moves and answers its analysis commands,
 * with the exact solver (solver/search.h) under a time and node budget.
 *
 * A move is chosen in three phases that share one deadline (docs/gtp.md, "genmove"):
 *   1. the exact value v of the position, the game's whole history included (superko), with
 *      half of the budget;
 *   2. when v is known: each legal move in turn (the pass first, then the points in the order
 *      of a two-ply count) is tested for keeping v, until 80% of the budget; the first that
 *      keeps it is a provably optimal move (under last-move scoring: the fastest win or the
 *      slowest loss).  When v is a loss for the player to move the answer is "resign" unless
 *      resigning is switched off;
 *   3. otherwise, with what is left: the best four moves by the two-ply count that phase 2 did
 *      not refute get an equal share of the time for the test "does the player to move still
 *      win (or, when v is known to be a draw, not lose) after it?", and the move played is the
 *      first proven one, else the best unknown, else the best refuted, by the two-ply count.
 * The choice says which case it is, for the note on stderr.
 *
 * Rule sets the solver cannot search (simple ko without a cycle rule, an infinite game tree)
 * are searched with cycle=draw added, and what that search proves is not claimed as proven.
 */
#ifndef MATHGO_FRONT_GTP_PLAYER_H
#define MATHGO_FRONT_GTP_PLAYER_H

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct gtp_player_options {
    size_t tt_bytes;     /* the solver's table (kept from move to move) */
    size_t memory_bytes; /* when not 0: a cap on all the solver allocates (table, stacks,
                          * threads: search_options_t.memory_bytes), in place of tt_bytes */
    int threads;         /* search threads sharing the table (1 or more) */
    uint64_t max_nodes;  /* per genmove or analysis command, all phases together; 0: none */
    bool resign;         /* answer "resign" in a position proven lost */
} gtp_player_options_t;

/* The defaults: a 64 MiB table, one thread, no node limit, resigning allowed. */
gtp_player_options_t gtp_player_options_default(void);

typedef enum gtp_choice_kind {
    GTP_CHOICE_OPTIMAL,  /* phase 2: the move keeps the proven value */
    GTP_CHOICE_RESIGN,   /* the value is a proven loss for the player to move */
    GTP_CHOICE_PROVEN,   /* phase 3: proven to keep the win (or the draw), not proven optimal */
    GTP_CHOICE_UNPROVEN, /* phase 3: nothing proven about the move */
} gtp_choice_kind_t;

typedef struct gtp_choice {
    gtp_choice_kind_t kind;
    board_move_t move; /* BOARD_MOVE_NONE for GTP_CHOICE_RESIGN */
    bool value_known;  /* phase 1 proved the value (and the rules are searched as they are) */
    int value;         /* that value, Black's view (solver/search.h conventions) */
    double seconds;    /* spent */
    uint64_t nodes;    /* searched */
} gtp_choice_t;

typedef struct gtp_player gtp_player_t;

gtp_player_t *gtp_player_create(const gtp_player_options_t *options);
void gtp_player_destroy(gtp_player_t *player);

/* Forgets the solver (and its table): call when the board's geometry is replaced. */
void gtp_player_reset(gtp_player_t *player);

/*
 * Chooses a move for the player to move in `game` (which must be ongoing) within `seconds`
 * (0: no time limit) and the options' node limit.  The game's geometry must stay alive until
 * the next gtp_player_reset.  Appends a one-line account of the choice to `note`.  False and
 * *error when the solver cannot be created (memory).
 */
bool gtp_player_choose(gtp_choice_t *out, GString *note, gtp_player_t *player, const game_t *game,
                       double seconds, GError **error);

/*
 * Analysis: the value of the position, its optimal moves and an optimal game (search_solve),
 * as one line of text; "unknown: ..." when the budget runs out.
 */
bool gtp_player_describe(GString *out, gtp_player_t *player, const game_t *game, double seconds,
                         GError **error);

/*
 * Analysis: the exact value of every legal move of the player to move (points only) as GoGui
 * point-string pairs, "B2 B+9 A1 W+3 ...", "?" where the move's share of the budget ran out.
 */
bool gtp_player_move_values(GString *out, gtp_player_t *player, const game_t *game, double seconds,
                            GError **error);

/*
 * Analysis: the board split into the regions its unconditionally alive stones (Benson) wall
 * off, with each region's combinatorial value (regions/region.h; the math model under the
 * no-pass last-move rules, the territory model otherwise) and their sum; or a line saying why
 * there are no regions.
 */
void gtp_player_regions(GString *out, const game_t *game);

/* A value as text: "B+9", "W+0.5", "0", "B wins in 7 plies", "W (cycle)". */
char *gtp_player_value_text(char buf[40], int value);

#endif
