/*
 * core/game.h: a game under a rule set, with its exact history.
 *
 * A game_t owns the sequence of states from its start position to the current one.  Each state
 * holds the whole position (two words), so the history needed by positional and situational
 * superko is exact, undo is a pop, and a copy is a memcpy.  Legality is decided here, once, for
 * every rule set: the solver, the GTP engine and the perft counter all ask game_try.
 *
 * Move legality, in order (the first reason found is reported):
 *   game over                       GAME_ILLEGAL_GAME_OVER
 *   pass when pass=0                GAME_ILLEGAL_PASS
 *   point off the board (or a hole)  GAME_ILLEGAL_OFF_BOARD
 *   point occupied                  GAME_ILLEGAL_OCCUPIED
 *   suicide (own stones removed; never when the chain is safe) when suicide=0
 *                                                    GAME_ILLEGAL_SUICIDE
 *   ko=simple: recreates the position before the opponent's last play   GAME_ILLEGAL_KO
 *   ko=positional: recreates any earlier board (a single-stone suicide recreates the current
 *     one, so it is always illegal there)                                  GAME_ILLEGAL_SUPERKO
 *   ko=situational: recreates an earlier board with the same player to move  GAME_ILLEGAL_SUPERKO
 * docs/rules.md gives the formal statement.
 */
#ifndef MATHGO_CORE_GAME_H
#define MATHGO_CORE_GAME_H

#include "core/board.h"
#include "core/rules.h"

#include <stddef.h>

typedef enum game_legality {
    GAME_LEGAL = 0,
    GAME_ILLEGAL_GAME_OVER,
    GAME_ILLEGAL_PASS,
    GAME_ILLEGAL_OFF_BOARD,
    GAME_ILLEGAL_OCCUPIED,
    GAME_ILLEGAL_SUICIDE,
    GAME_ILLEGAL_KO,
    GAME_ILLEGAL_SUPERKO,
} game_legality_t;

typedef enum game_status {
    GAME_ONGOING = 0,
    GAME_OVER_PASSES,  /* two consecutive passes */
    GAME_OVER_NO_MOVE, /* pass=0 and the player to move has no legal move */
    GAME_OVER_CYCLE,   /* cycle=draw or japanese and the last move repeated a whole-board
                        * situation */
} game_status_t;

/* One point in a game: the position and what led to it.  A small value, copied with =. */
typedef struct game_state {
    board_t board;
    uint64_t key;           /* hash_key(&board) */
    board_move_t move;      /* the move that led here; BOARD_MOVE_NONE for the start */
    uint8_t to_move;        /* board_color_t of the player to move here */
    uint8_t passes;         /* consecutive passes ending here */
    uint8_t cycle_end;      /* 1 when this state repeats an earlier situation (cycle=draw or
                             * japanese) */
    uint16_t captures[2];   /* stones each colour has captured so far (prisoners) */
    uint16_t pass_count[2]; /* passes each colour has made so far */
} game_state_t;

/* How an ended game came out. */
typedef struct game_result {
    game_status_t status;
    board_color_t winner; /* BOARD_EMPTY for a tie or draw */
    bool scored;          /* margin2 holds a score */
    int margin2;          /* twice (Black's score - White's score - komi) */
    bool unknown; /* analysis=japanese: the Analysis passed its limit (game_analysis_nodes) */
} game_result_t;

/* The node limit of the Analysis (core/japanese.h) per string in game_result. */
#define GAME_ANALYSIS_NODES 20000000

typedef struct game game_t;

/*
 * Starts a game on the empty board (a region's: its safe stones alone) with Black to move.  The
 * geometry is borrowed and must outlive the game.  Free with game_destroy.
 */
game_t *game_create(const board_geom_t *geom, const rules_t *rules);

/*
 * Starts a game from a given position and player to move.  Returns NULL and sets *error when
 * a chain of the position that is not safe has no liberty, or a safe stone of the geometry is
 * missing.  Stones off the board are a programming error (board_check).
 */
game_t *game_create_from(const board_geom_t *geom, const rules_t *rules, const board_t *start,
                         board_color_t to_move, GError **error);

game_t *game_copy(const game_t *game);
void game_destroy(game_t *game);

const board_geom_t *game_geom(const game_t *game);
const rules_t *game_rules(const game_t *game);

/* The current state, and state i of the history (0 is the start; game_length is current). */
const game_state_t *game_current(const game_t *game);
const game_state_t *game_state_at(const game_t *game, size_t i);
/* The number of moves (passes included) played since the start. */
size_t game_length(const game_t *game);

/*
 * Decides whether `move` is legal for the player to move and, if it is and next is not NULL,
 * writes the state it leads to.  Does not change the game.
 */
game_legality_t game_try(game_state_t *next, const game_t *game, board_move_t move);

/* Plays `move` if legal (returns GAME_LEGAL) and leaves the game unchanged otherwise. */
game_legality_t game_play(game_t *game, board_move_t move);

/* Takes back the last move; false at the start. */
bool game_undo(game_t *game);

/*
 * Writes the legal moves of the player to move into moves (room for BOARD_MAX_POINTS + 1),
 * points in increasing order then the pass, and returns their number (0 when the game is over).
 */
int game_legal_moves(board_move_t *moves, const game_t *game);

/* Whether the game has ended, and how. */
game_status_t game_status(const game_t *game);

/*
 * The result of an ended game (status != GAME_ONGOING).  Under scoring=territory with
 * analysis=none every stone on the board counts as alive; with analysis=japanese the Analysis
 * of core/japanese.h decides (res.unknown, and no score, when it passes its node limit).
 */
game_result_t game_result(const game_t *game);

/* The most imagined positions game_result's Analysis may spend on a string (GAME_ANALYSIS_NODES
 * unless set; 0: no limit); copies keep it. */
void game_set_analysis_nodes(game_t *game, uint64_t nodes);
uint64_t game_analysis_nodes(const game_t *game);

/* The cap on the states of that Analysis's attractor bounds past its limit
 * (japanese_set_attractor_states; 0: the default); copies keep it. */
void game_set_analysis_states(game_t *game, uint32_t states);

/*
 * The winner of a cycle from state `first` to the state `repeat` repeating it: cycle=draw,
 * the player who passed more in it; cycle=japanese, the player who took fewer prisoners in it;
 * BOARD_EMPTY for a tie.
 */
board_color_t game_cycle_winner(const rules_t *rules, const game_state_t *first,
                                const game_state_t *repeat);

/* A short English reason for a legality code ("point is occupied", "superko"). */
const char *game_legality_string(game_legality_t legality);

#endif
