/*
 * solver/pns.h: proof-number search under positional or situational superko, for the rule sets
 * whose value is a win or a loss (no pass, the player with no legal move loses: math, pseudo),
 * and for the tests "is Black's margin at least t?" of the area-scored ones (old-chinese,
 * chinese, tromp-taylor).
 *
 * WHY A SECOND SEARCH.  Under superko most positions of a long strip are long capture fights:
 * 8,670 of 1x9's 15,730 `math` states are draws under simple ko, and under superko the fight
 * ends only when one side runs out of new positions.  The alpha-beta solver (search.h) proves
 * such a fight by distance deepening with a table whose entries depend on the history, and on
 * these fights the history refuses almost every hit (`./X/X/./O/O/X/./O`, White to move: 31 M
 * of 33 M hits refused, 36.6 M nodes).  Proof-number search (Allis, van der Meulen and van den
 * Herik 1994) grows the tree where the proof is cheapest (fewest leaves left to prove or to
 * disprove) and needs no table: the same cell takes about 0.1 M nodes.  On boards with many
 * transpositions (3x3) the table wins and alpha-beta stays the better search; solver/chetrit.c
 * runs this one when a first alpha-beta budget is spent.
 *
 * WHY IT IS EXACT.  The tree is a tree: no table, no symmetry, no estimate.  Every node is
 * reached by replaying its moves on a copy of the caller's game, and its moves are the game's
 * legal moves there (core/game.h, the one place legality is decided, with the exact history:
 * superko sees the caller's history and the line).  A node whose player to move has no legal
 * move is lost for that player; with a ply bound d, a node d plies below the root that has a
 * move counts as not won by the prover.  Proof and disproof numbers only choose which leaf to
 * expand next; the answer is the AND/OR evaluation of the tree built, so a proved root is a
 * proof tree of legal lines and a disproved root a disproof tree.  Superko makes every game
 * finite, so the search ends (or spends its node budget).
 *
 * MARGINS.  Under area scoring each ended line (two passes, or no legal move without passing)
 * is scored by game_result, and a test "margin2 >= t" is a win or a loss like the above;
 * pns_window answers a window with such tests.  Passing keeps every game finite under
 * superko: each play makes a new position, and two passes in a row end the game.
 *
 * THE DISTANCE.  The value of a last-move game is the winner and the number of plies with the
 * winner hurrying and the loser delaying: the least d such that the winner wins within d
 * plies.  pns_value proves the winner, takes the depth of its proof (the length of the longest
 * line of the proof with the winner choosing the shortest: an upper bound), and bisects the
 * bound over d with the right parity (the winner plays the last move), each test a bounded
 * search.
 */
#ifndef MATHGO_SOLVER_PNS_H
#define MATHGO_SOLVER_PNS_H

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct pns pns_t;

typedef enum pns_outcome {
    PNS_UNKNOWN = 0, /* the node budget ran out */
    PNS_PROVED,
    PNS_DISPROVED,
} pns_outcome_t;

/* Whether the rule set is one pns answers: last-move scoring, no pass, positional or
 * situational superko, no cycle rule. */
bool pns_supports(const rules_t *rules);

/* A search whose trees hold at most max_nodes nodes each (16 bytes a node; 0: no limit). */
pns_t *pns_create(uint64_t max_nodes);
void pns_destroy(pns_t *p);
void pns_set_max_nodes(pns_t *p, uint64_t max_nodes);

/*
 * Whether `prover` wins from the game's current state within max_plies plies (0: no bound).
 * When proved, *plies (may be NULL) gets the depth of the proof: the prover wins within it.
 * The game's rules must be supported (pns_supports).
 */
pns_outcome_t pns_prove(int *plies, pns_t *p, const game_t *game, board_color_t prover,
                        int max_plies);

/* The exact value of the game's current state: the winner and the distance in plies.  False
 * when the search for the winner ran out of its node budget; *plies is -1 when only a search
 * for the distance did. */
bool pns_value(board_color_t *winner, int *plies, pns_t *p, const game_t *game);

/* Whether the rule set is one pns_prove_margin answers: area scoring, positional or
 * situational superko, no cycle rule (with or without passes). */
bool pns_supports_margin(const rules_t *rules);

/*
 * Whether Black's final margin, doubled and with komi (game_result's margin2), is at least
 * threshold2 with best play from the game's current state: PNS_PROVED yes, PNS_DISPROVED no.
 * Each ended line of the tree is scored by game_result, so the answer is exact as above.
 */
pns_outcome_t pns_prove_margin(pns_t *p, const game_t *game, int threshold2);

/*
 * The doubled margin searched in the window (alpha, beta), fail-hard: *value = alpha when the
 * margin is at most alpha, beta when at least beta, else the exact margin (a bisection of
 * pns_prove_margin tests).  False when a search ran out of its node budget.
 */
bool pns_window(int *value, pns_t *p, const game_t *game, int alpha, int beta);

/* Nodes created by every search of p so far. */
uint64_t pns_nodes(const pns_t *p);

#endif
