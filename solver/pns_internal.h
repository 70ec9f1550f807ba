/*
 * solver/pns_internal.h: the proof-number search's state, shared by its two files (pns.c, the
 * search; pns_solve.c, the solve built on it); never included outside them.
 */
#ifndef MATHGO_SOLVER_PNS_INTERNAL_H
#define MATHGO_SOLVER_PNS_INTERNAL_H

#include "core/japanese.h"
#include "solver/internal.h"
#include "solver/pns.h"

#include <stdatomic.h>

#define PNS_NO_BLOCK     UINT32_MAX /* the end of a free list */
#define PNS_CHECK_PERIOD 256        /* expansions between two looks at the clock */

/*
 * A tree node: 16 bytes.  The children of an expanded node are `count` consecutive nodes from
 * index `first` of the pool; a node keeps only the move that leads to it, and its position is
 * rebuilt by replaying the moves from the root on the search's game (pns.h: that is how every
 * legality question reaches core/game.h with the exact history).
 *
 * A solved node (proof or disproof 0) is never selected again, so its subtree is returned to
 * the pool as soon as it is solved (subtree_free) and the node keeps, in `first`, the one
 * thing later asked of it: the depth of its solution (node_update).  A solved node is
 * therefore never `expanded`.
 */
typedef struct pns_node {
    uint32_t proof;    /* leaves still to prove for the prover to win (0: proved) */
    uint32_t disproof; /* leaves still to prove for the prover to fail (0: disproved) */
    uint32_t first;    /* expanded: the first child; solved: the depth of its solution */
    uint8_t count;     /* the children (legal moves), when expanded */
    uint8_t move;      /* the move from the parent (board_move_t) */
    uint8_t expanded;
    /* A final position whose Analysis has not ended (analysis=japanese, pns.c's
     * japanese_final_outcome): the budget level it failed at (budget first * 8^(pending - 1)); 0
     * for every other node. */
    uint8_t pending;
} pns_node_t;

_Static_assert(sizeof(pns_node_t) == PNS_NODE_BYTES, "a tree node is PNS_NODE_BYTES bytes");

/* What one search asks (pns_prove, pns_prove_margin): whether `prover` wins within max_plies
 * (0: no bound), or, scored, whether Black's doubled margin is at least threshold2. */
typedef struct pns_goal {
    board_color_t prover;
    int max_plies;
    bool scored;
    int threshold2;
} pns_goal_t;

struct pns {
    pns_node_t *nodes; /* the pool: node 0 is the root */
    size_t size, capacity;
    /* Freed blocks of children, one list per block length, linked through the block's first
     * node's `first` (PNS_NO_BLOCK ends a list). */
    uint32_t free_blocks[BOARD_MAX_POINTS + 2];
    size_t live, peak; /* nodes in the tree now, and at most since pns_create */
    /* The nodes the depth-first search stands on, root first (path[ply]: descend sets it), so
     * that a collection of the full tree (tree_collect) leaves them expanded. */
    uint32_t *path;
    size_t path_capacity;
    bool collect;                    /* pns_set_collect */
    uint64_t collections, collected; /* tree_collect's passes and the nodes they freed */
    uint64_t max_nodes;              /* per tree, 0 none */
    uint64_t search_nodes;           /* nodes one search may create, 0 none */
    uint64_t total;                  /* nodes created by every search */
    /* The budget of the searches from pns_set_limits on: an end to `total` and a deadline on
     * the monotonic clock (0: none); and pns_interrupt's flag, which stays set. */
    uint64_t total_end;
    gint64 deadline;
    atomic_bool interrupted;
    /* `total` as another thread may read it (a heartbeat), stored every PNS_CHECK_PERIOD
     * expansions. */
    _Atomic uint64_t total_shown;
    pns_stop_t stop; /* why the last search ended unknown */
    search_progress_fn progress;
    void *progress_data;
    /* pns_solve's root: what is proved of its value (Black's view), when it began and the
     * nodes created before it (pns_root_bounds). */
    int root_lo, root_hi;
    bool resume; /* pns_resume: the next solve's root starts from these bounds */
    int resume_lo, resume_hi;
    search_checkpoint_fn checkpoint; /* pns_set_checkpoint: called when a root test is answered */
    void *checkpoint_data;
    /* and every checkpoint_seconds (> 0) while a leaf search's table grows
     * (pns_set_checkpoint_every): the next time due, on the monotonic clock */
    double checkpoint_seconds;
    gint64 next_checkpoint;
    gint64 solve_started;
    double solve_seconds; /* its time once it ended, -1 while it runs */
    uint64_t solve_nodes_begin;
    /* Territory scoring with analysis=japanese: the Analysis of final positions and what is
     * known of each, by position (as the alpha-beta search keeps them, jp_cache_t); made at
     * the first final position.  analysis_out: an Analysis passed its last budget, the
     * deadline or an interruption (the search ends unknown, analysis_stop says which). */
    japanese_t *jp;
    jp_cache_t *jp_cache;
    pns_analysis_t analysis;     /* pns_set_analysis's, `last` and `table_bits` never 0 */
    const board_geom_t *jp_geom; /* the geometry they were made for, and its shape */
    uint64_t jp_shape[4];        /* (width, height), all, safe[0], safe[1] */
    bool analysis_out;
    uint64_t analyses_pending; /* final positions left pending (japanese_final_outcome) */
    pns_stop_t analysis_stop;  /* with analysis_out: why the Analysis stopped the search, */
    board_t analysis_board;    /* and at which final position */
    /* pns_set_leaf_search: the new leaves' alpha-beta test (NULL: none), and what it did. */
    search_t *leaf_search;
    uint64_t leaf_budget;
    pns_leaf_stats_t leaf_stats;
    /* The tree of a test of the solve's root, for a checkpoint (pns.h, "THE TREE OF A TEST
     * UNDER WAY").  solve_game: pns_solve's or pns_winner's game while it runs (a search of
     * that very game is a test of the root; NULL otherwise).  root_search: the search under
     * way is one.  tree_kept: the pool holds the tree of such a test that stopped unknown, or
     * of one pausing for a periodic save, whose goal is tree_goal (pns_tree_describe writes
     * it).  tree_loaded: the pool holds a tree read from a file (pns_tree_prepare), goal
     * tree_goal, which the next search takes when it is a test of the root with that goal,
     * and drops otherwise. */
    const game_t *solve_game;
    bool root_search;
    bool tree_kept, tree_loaded;
    pns_goal_t tree_goal;
};

/*
 * The symmetries of the board other than the identity (bit s for g->sym[s]) that map every
 * state of the game (its start, its history and its current position) onto itself: under them
 * two moves that are each other's image lead to games that are each other's image, with the
 * same value, the same legal lines and the same distances.  With the identity they form a
 * group.
 */
unsigned pns_game_symmetries(const game_t *game);

/* An earlier move of moves[0..i-1] that is moves[i]'s image under one of the symmetries (a
 * mask of pns_game_symmetries), or -1. */
int pns_earlier_image(const board_geom_t *g, const board_move_t *moves, int i, unsigned symmetries);

/* pns_set_checkpoint_every's save when it is due (pns_solve.c; pns.c calls it after each leaf's
 * test, between searches of the leaf search, which the save reads, and every PNS_CHECK_PERIOD
 * expansions): in a test of the root it only asks the search to step back to the root
 * (PNS_STOP_SAVE), which then saves with the tree; otherwise it saves the leaves' table now. */
void pns_checkpoint_if_due(pns_t *p);

/* Hands the root's bounds to the checkpoint function now (pns_solve.c), with the tree when
 * p->tree_kept. */
void pns_checkpoint_now(pns_t *p);

#endif
