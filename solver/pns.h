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
 * runs this one when a first alpha-beta budget is spent, and `mathgo solve` on 1xN boards
 * (pns_solve below; docs/solver.md, "Proof-number search", has the measurements).
 *
 * WHY IT IS EXACT.  The tree is a tree: no table, no estimate (and a leaf decided by
 * pns_set_leaf_search's alpha-beta test carries that search's exact answer).  The one symmetry
 * it uses is of the whole game: where a symmetry of the board maps every state from the
 * caller's start to the node onto itself (the empty board, and the lines of passes and of
 * plays on its fixed points from it), two moves that are each other's image lead to games
 * that are each other's image, and the node keeps the first of them only (not with
 * pns_set_leaf_search's tests, whose table finds the images' proofs).  Every node is
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
 * superko: each play makes a new position, and two passes in a row end the game.  Under a
 * cycle rule (cycle=draw, and the long cycles of `japanese`) a game ends at its first
 * repeated situation, so it is finite under any ko rule; the cycle counts as search.h's value
 * (0 for a tie, +-SEARCH_VALUE_CYCLE_WIN for a win), and it depends on the history only
 * through the line itself, which the tree replays.  That is why this search suits the
 * japanese rules where the table does not: a result there depends on which situations the
 * history holds and on the prisoners taken since, and on a strip most probes of the table are
 * refused for it (1x8, `./././././././X` with Black to move: 20.4 M of 42.0 M probes refused
 * in 20 M nodes without an answer; here 0 in 0.17 M nodes).  Under territory scoring with the
 * Analysis (analysis=japanese) a two-pass end is the final position's Analysis (core/japanese.h;
 * it looks at the position alone, so the search caches what is known of each position, as
 * the alpha-beta search does) plus the prisoners taken less komi.
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
#include "solver/search.h"

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PNS_NODE_BYTES 16 /* one node of the tree (pns.c) */

typedef struct pns pns_t;

/* Why the last search ended without an answer (PNS_UNKNOWN). */
typedef enum pns_stop {
    PNS_STOP_NONE = 0,
    PNS_STOP_FULL,        /* the tree reached its size (pns_create's max_nodes) */
    PNS_STOP_LIMIT,       /* the node or time budget of pns_set_limits */
    PNS_STOP_INTERRUPTED, /* pns_interrupt */
    PNS_STOP_ANALYSIS,    /* the Analysis of a final position passed its last budget */
    PNS_STOP_TREE,        /* a tree read from a checkpoint holds a move its line cannot play */
    PNS_STOP_SAVE,        /* (inside the search only: it unwinds for a periodic checkpoint) */
} pns_stop_t;

typedef enum pns_outcome {
    PNS_UNKNOWN = 0, /* the node budget ran out */
    PNS_PROVED,
    PNS_DISPROVED,
} pns_outcome_t;

/* Whether the rule set is one pns answers: last-move scoring, no pass, positional or
 * situational superko, no cycle rule. */
bool pns_supports(const rules_t *rules);

/* A search whose trees hold at most max_nodes nodes each (PNS_NODE_BYTES a node; 0: no limit
 * but the pool's 2^32 nodes).  A tree's solved subtrees are returned to its pool as they are
 * solved, so max_nodes bounds the nodes alive at once, not the nodes created. */
pns_t *pns_create(uint64_t max_nodes);
void pns_destroy(pns_t *p);

/* Each search from now on stops (PNS_STOP_FULL) before it has created more than max_nodes
 * nodes (0: no such limit): the budget of one search, as the tree's size was before solved
 * subtrees went back to the pool (solver/chetrit.c's budgets are these). */
void pns_set_search_nodes(pns_t *p, uint64_t max_nodes);

/* A budget for the searches from now on: they stop (PNS_UNKNOWN, pns_stopped says
 * PNS_STOP_LIMIT) once max_nodes more nodes were created or max_seconds passed (0: none). */
void pns_set_limits(pns_t *p, uint64_t max_nodes, double max_seconds);

/* Stops the search in progress and every later one (PNS_STOP_INTERRUPTED) as soon as it
 * notices.  Safe from any thread (a signal watcher). */
void pns_interrupt(pns_t *p);

/*
 * Alpha-beta at the leaves: each new leaf of the searches from now on (its player having a
 * move and the ply bound room for one) is first given to a null-window alpha-beta test of the
 * search's goal from that position, with the leaf's whole history (search_value on `leaf`,
 * which must be made for the same board and rules; at most `budget` nodes, and within what is
 * left of pns_set_limits' budget).  A test it answers decides the leaf (a last-move win with
 * the fail-soft value's distance as its depth, an upper bound as pns_value wants it); one it
 * does not leaves the leaf numbered as before.  NULL or a budget of 0: none (the default).
 *
 * Why: the tree has no table, so a position reached by several move orders is proved once per
 * order, and on the scored strips most of the tree is such repeats; the alpha-beta search's
 * table keeps its proofs across the leaves, sound under superko (tt.h: each entry names what
 * it relies on in the history).  Its nodes count in pns_nodes and in the budgets.  The caller
 * keeps `leaf` and destroys it after p; pns_interrupt interrupts it too.  Measured in
 * docs/solver.md, "Alpha-beta at the leaves".
 */
void pns_set_leaf_search(pns_t *p, search_t *leaf, uint64_t budget);

/*
 * The budget of each leaf's test by default (`solve`, and the Chetrit study's capped margins
 * on the strips): 8,192 nodes under the area-scored rule sets with
 * superko and no cycle rule (chinese, old-chinese, tromp-taylor), none elsewhere.  Measured on
 * 2026-12-07 with bench/pns_table.sh ("pns:0 pns:8192", value only, one thread, 1 GB; rows in
 * docs/data/pns_leaves_2026-12-07.csv and pns_leaves_off_2026-12-07.csv), the plain tree
 * against the tests: 1x11 chinese 31.6 M nodes, 12.6 s -> 3.87 M, 2.4 s; tromp-taylor 41.9 M,
 * 16.5 s -> 4.36 M, 2.6 s; old-chinese none in 200 s -> 28.9 M, 20.9 s; but vdWW
 * (cycle=draw) 1x10 0.79 s -> 1.30 s, `japanese` 1x9 0.26 s -> 12.0 s, `math` 1x9 1.4 s ->
 * 86.7 s, `pseudo` 1x9 13.4 s -> none in 200 s: the tests pay where the table's entries are
 * reused across the tree, and cost where the history refuses them.
 */
uint64_t pns_leaf_nodes_default(const rules_t *rules);

/* What the leaves' alpha-beta tests did since pns_create. */
typedef struct pns_leaf_stats {
    uint64_t tests;   /* leaves given to a test */
    uint64_t decided; /* of which the test answered */
    uint64_t nodes;   /* the tests' nodes (within pns_nodes) */
} pns_leaf_stats_t;
pns_leaf_stats_t pns_leaf_stats(const pns_t *p);

/*
 * The Analysis of final positions (analysis=japanese), a field left 0 taking its default.
 * `first`: the first budget per string, in imagined positions; 0 takes the alpha-beta
 * search's: SEARCH_ANALYSIS_FIRST where the analyser has its game space,
 * SEARCH_ANALYSIS_FIRST_SEARCHED past it.  A final position whose Analysis does not end within
 * the budget stays in the tree as a leaf not yet decided, numbered as costlier at each failure;
 * when the search selects it again, its Analysis runs with eight times the budget, up to
 * `last` (0: SEARCH_ANALYSIS_NODES), past which the search stops (PNS_STOP_ANALYSIS;
 * pns_solve's error names the position).  So the search looks for a proof that does without
 * the hard Analyses first (docs/solver.md, "Final positions left pending").  `search_only`:
 * neither the game space nor the attractor bounds past the limit (as
 * search_options_t.analysis_search_only: for tests, so that a small first budget fails).
 * `table_bits`: the analyser's table (core/japanese.h) has 2^PNS_ANALYSIS_TABLE_BITS entries
 * of 64 bytes (4 MB) and grows up to 2^table_bits when an Analysis writes it over
 * (japanese_set_table_growth; 0: no growth).  A hard row's Analyses pass billions of imagined
 * positions, and a larger table keeps what they proved: 4x4 `OOOO/XOOO/..OO/OXO.` b took
 * 28.4 s with 2^16 entries and 8.5 s with 2^22 (2026-12-05); a large table from the start
 * slowed the rows that need little (its probes miss the cache).  `states`: the cap on the
 * states of the attractor bounds that an Analysis past its last budget tries
 * (japanese_set_attractor_states; 0: the default).
 */
#define PNS_ANALYSIS_TABLE_BITS 16
typedef struct pns_analysis {
    uint64_t first, last;
    bool search_only;
    int table_bits;
    uint32_t states;
} pns_analysis_t;

/* Set before the first search (the analyser is made once, at the first final position). */
void pns_set_analysis(pns_t *p, const pns_analysis_t *analysis);

/* How many times a final position was left pending so far (its Analysis past a budget). */
uint64_t pns_analyses_pending(const pns_t *p);

/*
 * With collect, a search whose tree is full collects it instead of stopping (off by default,
 * so that a tree's size is a budget, as the Chetrit study's race uses it): its largest
 * subtrees off the search's path of at most some size, chosen to free half of it, are
 * collapsed into leaves that keep their proof and disproof numbers, and the rest is slid
 * together (pns.c's tree_collect).  No proof is lost (solved nodes have no subtree), only
 * work: a collapsed leaf is expanded anew when the search comes back to it.  The search stops
 * with PNS_STOP_FULL only when a collection would free less than an eighth of the tree; a
 * tree far too small for the problem can make it collect again and again, so give such a
 * search a budget (pns_set_limits).  A collection takes a bitmap of the pool, 0.19 bytes a
 * node, for as long as it runs.
 */
void pns_set_collect(pns_t *p, bool collect);

/* The most nodes a tree may hold for its memory to stay within `bytes`, with collect the
 * collection's bitmap included. */
uint64_t pns_nodes_within(uint64_t bytes, bool collect);

/* How many times a full tree was collected since pns_create, and in *freed (may be NULL) the
 * nodes that freed. */
uint64_t pns_collections(const pns_t *p, uint64_t *freed);

/* Why the last search ended unknown (PNS_STOP_NONE when it answered). */
pns_stop_t pns_stopped(const pns_t *p);

/* The most bytes the tree held at once since pns_create. */
size_t pns_peak_bytes(const pns_t *p);

/* Called by pns_solve when a test of the root begins and after it is answered (as
 * search_options_t.progress); NULL: none. */
void pns_set_progress(pns_t *p, search_progress_fn progress, void *data);

/*
 * Called after each test of the root is answered, with the root's bounds, so that a
 * checkpoint keeps every test answered (`solve --algorithm pns --checkpoint`); NULL: none.
 * `search` is the leaves' alpha-beta search (pns_set_leaf_search, NULL without one), whose
 * table a checkpoint keeps for the next sitting's tests.  The tree of a test under way is
 * kept for the function too (pns_tree_describe, below) when the test stops unknown and when
 * a periodic save is due.
 */
void pns_set_checkpoint(pns_t *p, search_checkpoint_fn checkpoint, void *data);

/* And every `seconds` (> 0; 0: never) of a solve, so that a stop without a save (a kill, a
 * lost machine) loses at most that much: during a test of the root the search steps back to
 * the root, its tree whole, and hands it over with the bounds (looked at every few hundred
 * expansions and after each leaf's test); during the other searches of a solve (the first
 * moves, the optimal game) only the leaves' table is saved, when there is a leaf search. */
void pns_set_checkpoint_every(pns_t *p, double seconds);

/*
 * THE TREE OF A TEST UNDER WAY, IN A CHECKPOINT.  A test of the root can take hours, longer
 * than a sitting; the bounds alone would make the next sitting begin it again from an empty
 * tree.  So the checkpoint (solver/checkpoint.h) also writes the tree of the test under way:
 * the pool as it is, node by node, and its free lists, so that a run resumed from it takes up
 * the same tree and, asking the same test first (the tests follow from the bounds), goes on
 * node for node as the uninterrupted run would have (the leaves' alpha-beta tests aside,
 * whose table the file keeps but not every entry of).  Nothing in a tree can make an answer
 * wrong: a solved node is a proof or disproof of its own line, rebuilt from the root's game
 * with the exact history whenever the search enters it, and the numbers only choose the
 * next leaf.  A tree is taken only by a search of the same root and goal; any other drops it.
 */
#define PNS_TREE_RECORD_BYTES 16 /* a node in the file: pns_tree_encode */

/* The description of the tree p keeps for a checkpoint (one line of text; free with g_free)
 * and in *records how many records follow it; NULL when p keeps none. */
char *pns_tree_describe(const pns_t *p, uint64_t *records);

/* Record i (< the records of pns_tree_describe) of the tree p keeps, little-endian. */
void pns_tree_encode(uint8_t out[PNS_TREE_RECORD_BYTES], const pns_t *p, uint64_t i);

/*
 * Makes p's pool ready for the tree `description` names (pns_tree_describe's text), its
 * records in *records, whatever p held before.  False when the text is not such a
 * description (*too_large false), or when the tree is larger than p's size (pns_create,
 * pns_set_search_nodes: *too_large true); p then keeps no tree.
 */
bool pns_tree_prepare(pns_t *p, const char *description, uint64_t *records, bool *too_large);

/* Record i (< *records of pns_tree_prepare) of the tree being read. */
void pns_tree_decode(pns_t *p, uint64_t i, const uint8_t in[PNS_TREE_RECORD_BYTES]);

/* Checks the tree read by pns_tree_decode as a whole (every child block inside the pool and
 * under one parent, solved nodes without children, the free lists inside the pool and apart
 * from the tree, the root unsolved): true and the tree is ready for the next search; false
 * and p keeps none. */
bool pns_tree_finish(pns_t *p);

/* Drops a tree p keeps or was reading. */
void pns_tree_drop(pns_t *p);

/*
 * Starts the root of the next pns_solve or pns_winner from the bounds lo <= value <= hi
 * (Black's view), proved by an earlier run of the same game (a checkpoint's): the tests they
 * answer are not asked again.  The answer is the uninterrupted run's.
 */
void pns_resume(pns_t *p, int lo, int hi);

/*
 * Whether `prover` wins from the game's current state within max_plies plies (0: no bound).
 * When proved, *plies (may be NULL) gets the depth of the proof: the prover wins within it;
 * when disproved without a bound, the depth of the disproof: the other side wins within it.
 * The game's rules must be supported (pns_supports).
 */
pns_outcome_t pns_prove(int *plies, pns_t *p, const game_t *game, board_color_t prover,
                        int max_plies);

/* The exact value of the game's current state: the winner and the distance in plies.  False
 * when the search for the winner ran out of its node budget; *plies is -1 when only a search
 * for the distance did. */
bool pns_value(board_color_t *winner, int *plies, pns_t *p, const game_t *game);

/* Whether the rule set is one pns_prove_margin answers: area or territory scoring (the
 * Analysis of analysis=japanese included) whose games end: positional or situational superko
 * without a cycle rule, or any ko rule with a cycle rule (cycle=draw, japanese). */
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

/* pns_nodes as another thread may read it while a search runs (a heartbeat): up to date
 * within PNS_CHECK_PERIOD expansions. */
uint64_t pns_nodes_so_far(const pns_t *p);

/*
 * THE SOLVE (pns_solve.c): what search_solve gives, by proof-number searches only, for the
 * rule sets of pns_supports.  The value (Black's view, search.h's conventions: the winner
 * hurrying and the loser delaying) from pns_value's winner search and bisection over the
 * distance; then, unless value_only, the first moves: when the player to move wins, every
 * winning move (a search "does the mover win after it?" per move), when it loses, every move
 * after which the winner needs the full distance less one (a bounded search "does the winner
 * win within d - 3 after it?" per move, which must fail); then an optimal game, at each ply
 * the first legal move (in game_legal_moves's order, as search_solve takes it) that keeps the
 * distance, tested the same way.  A move whose image under a symmetry of the whole game
 * history (every state of the game, the start included, maps onto itself) was tested already
 * is not tested again: its answer is the same.
 *
 * Under a scored rule set (pns_supports_margin but not pns_supports) the value is the doubled
 * margin, or +-SEARCH_VALUE_CYCLE_WIN for a cycle won, from tests "value >= t?" (t = 1, 2, 4,
 * ... while proved, else 0, -1, -2, -4, ... while disproved, then a bisection; 0 takes two
 * tests); the first moves are every move that keeps the value and the optimal game takes at
 * each ply the first that keeps it, as search_solve does, each move one test after it
 * (Black's "child >= v?", White's "child >= v + 1?" failing).
 *
 * The budget of pns_set_limits, the tree's size and pns_interrupt stop it: false and *error
 * (SEARCH_ERROR_LIMIT naming the budget or the tree's size, SEARCH_ERROR_INTERRUPTED), with
 * what was proved of the value in pns_root_bounds.  The game must be supported (pns_supports).
 */
bool pns_solve(search_result_t *result, pns_t *p, const game_t *game, bool value_only,
               GError **error);

/*
 * Who wins and nothing more, in pns_root_bounds: under a last-move rule set one search without
 * a bound (the proof's depth bounds the distance: lo and hi are the winner's wins within that
 * depth and at once); under a scored one the tests "value >= 1?" and, when it fails, "value >=
 * 0?" (a margin above 0, exactly 0 or below 0).  Stops, fails and reports as pns_solve.
 */
bool pns_winner(pns_t *p, const game_t *game, GError **error);

/* What the running (or last) pns_solve or pns_winner proved of its root's value, Black's view, with
 * its nodes and seconds. */
search_bounds_t pns_root_bounds(const pns_t *p);

#endif
