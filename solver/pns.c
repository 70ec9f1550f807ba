/*
 * solver/pns.c: proof-number search for the no-pass last-move rule sets (solver/pns.h).
 */
#include "solver/pns_internal.h"

#include "core/score.h"

#include <errno.h>
#include <glib.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Proof and disproof numbers saturate here: "infinite" (a decided node's other number). */
#define PNS_INFINITY ((uint32_t)0x3fffffff)

/* One search's fixed data. */
typedef struct pns_search {
    pns_t *p;
    game_t *game; /* the caller's game, copied: moves are played and taken back on it */
    board_color_t prover;
    board_color_t root_to_move;
    int max_plies;         /* 0 none */
    bool scored;           /* the goal is a margin: Black's twice-margin at least threshold2 */
    int threshold2;        /* (then prover is Black) */
    uint64_t total_before; /* the pns's node count when the search began */
    uint64_t expansions;   /* by this search (descend) */
    unsigned symmetries;   /* pns_game_symmetries of the root's game (most often none) */
} pns_search_t;

/* Superko without a cycle rule: every game is finite, without a draw, and its end is decided
 * by game_result. */
static bool superko_game(const rules_t *rules)
{
    return rules->cycle == RULES_CYCLE_NONE &&
           (rules->ko == RULES_KO_POSITIONAL || rules->ko == RULES_KO_SITUATIONAL);
}

bool pns_supports(const rules_t *rules)
{
    return rules->scoring == RULES_SCORING_LAST_MOVE && !rules->pass && superko_game(rules);
}

/* A scored game ends too under a cycle rule (cycle=draw, japanese: at its first repeated
 * situation, a tie or a cycle won), whatever the ko rule. */
bool pns_supports_margin(const rules_t *rules)
{
    return (rules->scoring == RULES_SCORING_AREA || rules->scoring == RULES_SCORING_TERRITORY) &&
           (superko_game(rules) || rules->cycle != RULES_CYCLE_NONE);
}

/* What a final position is worth to the prover: won, lost, or not known yet (its Analysis
 * passed the budget per string it was given). */
typedef enum final_outcome {
    FINAL_LOST,
    FINAL_WON,
    FINAL_PENDING,
} final_outcome_t;

/* The Analysis budget per string at pending level `level` (1 the first): the first budget
 * (pns_set_analysis) times 8^(level - 1), at most the last. */
static uint64_t analysis_budget(const pns_t *p, const board_geom_t *g, int level)
{
    uint64_t last = p->analysis.last;
    uint64_t budget = search_analysis_first(g, p->analysis.first, last, p->analysis.search_only);
    for (int i = 1; i < level && budget < last; i++)
        budget *= 8;
    return budget < last ? budget : last;
}

/*
 * Whether Black's doubled margin at the final position `cur` (two passes) under the Analysis
 * is at least threshold2, the Analysis given the budget of pending level `level`: what is
 * known of the position without a search answers when it can (japanese_known_start), else the
 * Analysis, cached by position with the budget it failed at.  FINAL_PENDING when it did not
 * end within a budget below the last (the strings it decided stay known: their
 * bounds may answer a later test); past that limit, or at the deadline or an interruption,
 * analysis_out is set (the search then ends unknown).
 */
static final_outcome_t japanese_final_outcome(pns_t *p, const game_t *game, const game_state_t *cur,
                                              int threshold2, int level)
{
    const board_geom_t *g = game_geom(game);
    uint64_t shape[4] = {(uint64_t)g->width << 8 | g->height, g->all, g->safe[0], g->safe[1]};
    if (!p->jp || p->jp_geom != g || memcmp(shape, p->jp_shape, sizeof shape)) {
        /* Made anew for another geometry (the Analysis borrows it; the cache is its). */
        japanese_destroy(p->jp);
        g_free(p->jp_cache);
        /* A signal ends an Analysis too. */
        p->jp = search_analyser_create(g, PNS_ANALYSIS_TABLE_BITS, p->analysis.search_only,
                                       p->analysis.states, &p->interrupted, NULL);
        japanese_set_table_growth(p->jp, p->analysis.table_bits);
        p->jp_cache = g_new0(jp_cache_t, JP_CACHE_SIZE);
        p->jp_geom = g;
        memcpy(p->jp_shape, shape, sizeof shape);
    }
    const board_t *b = &cur->board;
    int rest =
        2 * (cur->captures[BOARD_BLACK] - cur->captures[BOARD_WHITE]) - game_rules(game)->komi2;
    jp_cache_t *e = jp_cache_find(p->jp_cache, b, g);
    if (e->known.lo2 + rest >= threshold2)
        return FINAL_WON;
    if (e->known.hi2 + rest < threshold2)
        return FINAL_LOST;
    uint64_t budget = analysis_budget(p, g, level), last = p->analysis.last;
    if (e->failed_at >= budget && budget < last)
        return FINAL_PENDING; /* failed with this budget in an earlier search */
    japanese_set_deadline(p->jp, p->deadline);
    japanese_set_max_nodes(p->jp, budget);
    /* The attractor bounds past the limit ("Open ends") only with the whole budget, as the
     * alpha-beta search asks them (search.c, japanese_final). */
    japanese_set_fallback(p->jp, budget >= last && !p->analysis.search_only);
    if (!japanese_known_complete(&e->known, p->jp, b, NULL)) {
        bool late = p->deadline && g_get_monotonic_time() >= p->deadline;
        if (budget < last && !late &&
            !atomic_load_explicit(&p->interrupted, memory_order_relaxed)) {
            e->failed_at = budget;
            if (e->known.lo2 + rest >= threshold2)
                return FINAL_WON;
            if (e->known.hi2 + rest < threshold2)
                return FINAL_LOST;
            return FINAL_PENDING;
        }
        e->used = false;
        p->analysis_out = true;
        p->analysis_board = *b;
        p->analysis_stop = atomic_load_explicit(&p->interrupted, memory_order_relaxed)
                               ? PNS_STOP_INTERRUPTED
                           : late ? PNS_STOP_LIMIT
                                  : PNS_STOP_ANALYSIS;
        return FINAL_LOST;
    }
    return e->known.lo2 + rest >= threshold2 ? FINAL_WON : FINAL_LOST;
}

/* What the ended game at the search's current position is worth to the prover; a cycle
 * (cycle=draw or japanese) counts as search.h's value: 0 for a tie, +-SEARCH_VALUE_CYCLE_WIN
 * for a win.  Only a final position under the Analysis can be pending (`level`: the budget's,
 * japanese_final_outcome). */
static final_outcome_t prover_outcome(const pns_search_t *s, int level)
{
    const rules_t *rules = game_rules(s->game);
    if (s->scored && game_status(s->game) == GAME_OVER_PASSES &&
        rules->scoring == RULES_SCORING_TERRITORY && rules->analysis == RULES_ANALYSIS_JAPANESE)
        return japanese_final_outcome(s->p, s->game, game_current(s->game), s->threshold2, level);
    game_result_t result = game_result(s->game);
    bool won = s->scored ? search_value_of_result(&result, rules, 0) >= s->threshold2
                         : result.winner == s->prover;
    return won ? FINAL_WON : FINAL_LOST;
}

/* The proof and disproof numbers of a final position pending at `level` (at most 10): four
 * times dearer at each failure, so that the search tries the lines without it first.  On 12
 * rows of the 4x4 Chetrit sample that took 4-16 s with 2^level (docs/solver.md), 4^level
 * took half the time in all; level + 1 decided none within 40 s, 8^level 10 of them. */
static uint32_t pending_number(int level)
{
    return 1u << (2 * level);
}

/* A leaf that is a final position (no legal move, or two passes), decided or pending at
 * `level`. */
static void final_init(pns_node_t *leaf, const pns_search_t *s, int level)
{
    final_outcome_t outcome = prover_outcome(s, level);
    leaf->pending = outcome == FINAL_PENDING ? (uint8_t)level : 0;
    if (outcome == FINAL_PENDING) {
        s->p->analyses_pending++;
        leaf->proof = leaf->disproof = pending_number(level);
        return;
    }
    bool won = outcome == FINAL_WON;
    leaf->proof = won ? 0 : PNS_INFINITY;
    leaf->disproof = won ? PNS_INFINITY : 0;
}

void pns_set_analysis(pns_t *p, const pns_analysis_t *analysis)
{
    g_assert(!p->jp); /* the analyser is made once, at the first final position */
    p->analysis = *analysis;
    if (!p->analysis.last)
        p->analysis.last = SEARCH_ANALYSIS_NODES;
    if (!p->analysis.table_bits)
        p->analysis.table_bits = PNS_ANALYSIS_TABLE_BITS;
}

uint64_t pns_analyses_pending(const pns_t *p)
{
    return p->analyses_pending;
}

pns_t *pns_create(uint64_t max_nodes)
{
    pns_t *p = g_new0(pns_t, 1);
    p->max_nodes = max_nodes;
    pns_set_analysis(p, &(pns_analysis_t){0});
    atomic_init(&p->interrupted, false);
    atomic_init(&p->total_shown, 0);
    return p;
}

void pns_destroy(pns_t *p)
{
    if (!p)
        return;
    g_free(p->nodes);
    g_free(p->path);
    japanese_destroy(p->jp);
    g_free(p->jp_cache);
    g_free(p);
}

void pns_set_collect(pns_t *p, bool collect)
{
    p->collect = collect;
}

uint64_t pns_nodes_within(uint64_t bytes, bool collect)
{
    /* Per 64 nodes the bitmap's word and a 32-bit count (pool_compact). */
    uint64_t per64 = 64 * PNS_NODE_BYTES + (collect ? sizeof(uint64_t) + sizeof(uint32_t) : 0);
    return bytes / per64 * 64;
}

uint64_t pns_collections(const pns_t *p, uint64_t *freed)
{
    if (freed)
        *freed = p->collected;
    return p->collections;
}

void pns_set_search_nodes(pns_t *p, uint64_t max_nodes)
{
    p->search_nodes = max_nodes;
}

uint64_t pns_nodes(const pns_t *p)
{
    return p->total;
}

uint64_t pns_nodes_so_far(const pns_t *p)
{
    return atomic_load_explicit(&p->total_shown, memory_order_relaxed);
}

void pns_set_limits(pns_t *p, uint64_t max_nodes, double max_seconds)
{
    p->total_end = max_nodes ? p->total + max_nodes : 0;
    p->deadline = max_seconds > 0 ? g_get_monotonic_time() + (gint64)(max_seconds * 1e6) : 0;
}

void pns_interrupt(pns_t *p)
{
    atomic_store(&p->interrupted, true);
    if (p->leaf_search)
        search_interrupt(p->leaf_search);
}

void pns_set_leaf_search(pns_t *p, search_t *leaf, uint64_t budget)
{
    bool on = leaf && budget;
    p->leaf_search = on ? leaf : NULL;
    p->leaf_budget = on ? budget : 0;
    if (p->leaf_search && atomic_load(&p->interrupted))
        search_interrupt(p->leaf_search);
}

uint64_t pns_leaf_nodes_default(const rules_t *rules)
{
    bool scored_superko = rules->scoring == RULES_SCORING_AREA &&
                          rules->cycle == RULES_CYCLE_NONE && pns_supports_margin(rules);
    return scored_superko ? 8192 : 0;
}

pns_leaf_stats_t pns_leaf_stats(const pns_t *p)
{
    return p->leaf_stats;
}

pns_stop_t pns_stopped(const pns_t *p)
{
    return p->stop;
}

size_t pns_peak_bytes(const pns_t *p)
{
    return p->peak * sizeof(pns_node_t);
}

void pns_set_progress(pns_t *p, search_progress_fn progress, void *data)
{
    p->progress = progress;
    p->progress_data = data;
}

unsigned pns_game_symmetries(const game_t *game)
{
    const board_geom_t *g = game_geom(game);
    unsigned symmetries = 0;
    for (int s = 1; s < g->symmetry_count; s++) {
        bool kept = true;
        for (size_t i = 0; i <= game_length(game) && kept; i++) {
            const board_t *b = &game_state_at(game, i)->board;
            board_t image = board_transform(b, g, s);
            kept = board_equal(&image, b);
        }
        if (kept)
            symmetries |= 1u << s;
    }
    return symmetries;
}

int pns_earlier_image(const board_geom_t *g, const board_move_t *moves, int i, unsigned symmetries)
{
    if (moves[i] == BOARD_MOVE_PASS)
        return -1;
    for (int s = 1; s < g->symmetry_count; s++) {
        if (!(symmetries >> s & 1))
            continue;
        board_move_t image = g->sym[s][moves[i]];
        for (int j = 0; j < i; j++)
            if (moves[j] == image)
                return j;
    }
    return -1;
}

static bool prover_to_move(const pns_search_t *s, int ply)
{
    return (s->root_to_move == s->prover) == !(ply & 1);
}

static uint32_t saturated_add(uint32_t a, uint32_t b)
{
    uint64_t sum = (uint64_t)a + b;
    return sum >= PNS_INFINITY ? PNS_INFINITY : (uint32_t)sum;
}

/*
 * How much dearer a margin test's new leaf makes the side behind on the score if both passed
 * now: its number (the proof number when that score is below the threshold, else the
 * disproof number) is multiplied by this.  The search then grows first the lines where the
 * side ahead stays ahead, which most proofs are made of.  Measured on 2026-12-06 (nodes,
 * value only, one thread; 1 is the search without it): 1x10 chinese 12.3 M with 1, 5.8 M with
 * 4, 4.1 M with 16, 4.4 M with 32, 3.9 M with 64, 6.0 M with 256, 11.6 M with 4,096;
 * tromp-taylor 27.0 M, 14.5, 9.4, 7.3, 6.8, 6.7, 23.1; vdWW 9.2 M, 5.7, 3.3, 2.6, 2.2, 4.2, 5.8;
 * old-chinese 21.4 M, 10.8, 8.0, 5.8, 6.5, 11.1, 15.1; with 32 against 1, 1x11 chinese 67.8 M
 * against 224.6 M (16: 80.2 M), 1x9 and 3x3 under the four 2.0-3.0 times fewer, 2x4 1.1-3.7
 * times fewer, 2x3 vdWW 21 k against 16 k.  Weighing the factor by how far the score is from
 * the threshold gained on 3x3 and lost on the strips.  Under territory scoring the estimate
 * is the territory and prisoners without the Analysis (japanese 1x10 22.2 M -> 9.5 M).
 */
#define PNS_BEHIND_FACTOR 32

/*
 * The same under the last-move rules (math, pseudo), where no score decides: the side
 * behind on the area if the game stopped now (the player who cannot move loses, and area is
 * where a side can still play) gets its number multiplied by this; an even area changes
 * nothing.  Measured on 2026-12-06 (nodes, value only, one thread; factors 1, 2, 4, 8, 32):
 * 1x9 `math` 4.47 M, 4.03, 3.04, 3.52, 6.01; 1x9 `pseudo` 52.8 M, 35.7, 37.8, 34.9, 53.6;
 * 1x10 `math` 93.6 M, -, 68.3, 58.0, -; 3x3 `math` 89 k, 84, 80, 45, 35; 3x3 `pseudo` 234 k,
 * 185, 139, 97, 56; 2x5 `pseudo` 1.32 M, 1.06, 1.09, 0.72, 0.66; 1x8 `math` 43 k, 34, 39,
 * 49, 55.  The strips, where this search is used, do best near 8.
 */
#define PNS_BEHIND_FACTOR_LAST_MOVE 8

/*
 * pns_set_leaf_search's test of a new leaf `ply` plies below the root (the game at its
 * position, its player with a move): the search's goal asked of alpha-beta with a null window
 * in Black's view, "value >= beta?".  Margins: Black's doubled margin at least threshold2.
 * Distances: the prover wins within the plies left to the bound, a value of at least
 * SEARCH_VALUE_WIN - left in the prover's view; without a bound, the prover wins.  True when
 * the test answered; the leaf is then decided, with the depth of a last-move answer taken
 * from its fail-soft value (the winner's distance is at most that: an upper bound, as
 * node_update combines depths); a value that names no distance decides nothing.
 */
static bool leaf_test(pns_node_t *leaf, const pns_search_t *s, int ply)
{
    pns_t *p = s->p;
    uint64_t budget = p->leaf_budget;
    if (p->total_end)
        budget = p->total >= p->total_end ? 0 : MIN(budget, p->total_end - p->total);
    double seconds = 0;
    if (p->deadline) {
        seconds = (p->deadline - g_get_monotonic_time()) / 1e6;
        if (seconds <= 0)
            budget = 0;
    }
    if (!budget)
        return false;
    bool black = s->prover == BOARD_BLACK;
    int beta;
    if (s->scored)
        beta = s->threshold2;
    else if (s->max_plies)
        beta = black ? SEARCH_VALUE_WIN - (s->max_plies - ply)
                     : -(SEARCH_VALUE_WIN - (s->max_plies - ply)) + 1;
    else
        beta = black ? 1 : 0;
    search_set_limits(p->leaf_search, budget, seconds);
    uint64_t before = search_stats(p->leaf_search).nodes;
    int v;
    bool answered = search_value(&v, p->leaf_search, s->game, beta - 1, beta, NULL);
    uint64_t nodes = search_stats(p->leaf_search).nodes - before;
    p->leaf_stats.tests++;
    p->leaf_stats.nodes += nodes;
    p->total += nodes;
    /* A heartbeat reads the count (limits_hit stores it every PNS_CHECK_PERIOD expansions,
     * which the tests can make minutes apart). */
    atomic_store_explicit(&p->total_shown, p->total, memory_order_relaxed);
    pns_checkpoint_if_due(p);
    if (!answered || (!s->scored && (!search_value_is_win(v) || search_value_plies(v) < 0)))
        return false;
    p->leaf_stats.decided++;
    bool proved = (v >= beta) == black;
    leaf->proof = proved ? 0 : PNS_INFINITY;
    leaf->disproof = proved ? PNS_INFINITY : 0;
    leaf->first = s->scored ? 0 : (uint32_t)search_value_plies(v);
    return true;
}

/* A new leaf `ply` plies below the root, its position the game's current one: decided when
 * its player has no move, the game cannot end within the ply bound or the alpha-beta test
 * answers (pns_set_leaf_search), otherwise numbered by its mobility (a side with k moves needs k
 * refutations), the side behind on the score made dearer (PNS_BEHIND_FACTOR,
 * PNS_BEHIND_FACTOR_LAST_MOVE). */
static void leaf_init(pns_node_t *leaf, const pns_search_t *s, int ply)
{
    board_move_t moves[BOARD_MAX_POINTS + 1];
    int k = game_legal_moves(moves, s->game);
    bool mine = prover_to_move(s, ply);
    leaf->expanded = 0;
    leaf->count = 0;
    leaf->first = 0; /* a decided leaf's solution is itself: depth 0 */
    leaf->pending = 0;
    if (k == 0) /* the game is over: no legal move, or (scored) two passes */
        final_init(leaf, s, 1);
    else if (s->max_plies && ply + (mine ? 1 : 2) > s->max_plies) {
        /* Not over within the bound: the prover to move needs a move at least, the opponent
         * to move (it has one) a move and the prover's answer. */
        leaf->proof = PNS_INFINITY;
        leaf->disproof = 0;
    } else {
        if (s->p->leaf_search && leaf_test(leaf, s, ply))
            return;
        leaf->proof = mine ? 1 : (uint32_t)k;
        leaf->disproof = mine ? (uint32_t)k : 1;
        const game_state_t *cur = game_current(s->game);
        int now =
            score_margin2(&cur->board, game_geom(s->game), game_rules(s->game), cur->captures);
        if (s->scored) {
            if (now >= s->threshold2)
                leaf->disproof *= PNS_BEHIND_FACTOR;
            else
                leaf->proof *= PNS_BEHIND_FACTOR;
        } else {
            int ahead = s->prover == BOARD_BLACK ? now : -now; /* the prover's area margin */
            if (ahead > 0)
                leaf->disproof *= PNS_BEHIND_FACTOR_LAST_MOVE;
            else if (ahead < 0)
                leaf->proof *= PNS_BEHIND_FACTOR_LAST_MOVE;
        }
    }
}

/* Room for `more` nodes at the end of the pool; false beyond the tree's size.  The pool
 * doubles up to that size and never past it. */
static bool pool_reserve(pns_t *p, size_t more)
{
    size_t limit = p->max_nodes && p->max_nodes < UINT32_MAX ? p->max_nodes : UINT32_MAX;
    if (p->size + more > limit)
        return false;
    if (p->size + more > p->capacity) {
        size_t capacity = p->capacity ? p->capacity : 4096;
        while (capacity < p->size + more)
            capacity *= 2;
        if (capacity > limit)
            capacity = limit;
        p->nodes = g_renew(pns_node_t, p->nodes, capacity);
        p->capacity = capacity;
    }
    return true;
}

static void pool_reset(pns_t *p)
{
    p->size = 0;
    p->live = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(p->free_blocks); i++)
        p->free_blocks[i] = PNS_NO_BLOCK;
}

static void block_free(pns_t *p, uint32_t first, size_t count)
{
    p->nodes[first].first = p->free_blocks[count];
    p->free_blocks[count] = first;
    p->live -= count;
}

/* A block of `count` consecutive nodes: a freed one of that length, else new ones at the end
 * of the pool, else (the pool full) the head of a longer freed block, its tail freed.
 * PNS_NO_BLOCK when none is left. */
static uint32_t block_alloc(pns_t *p, size_t count)
{
    uint32_t first = p->free_blocks[count];
    if (first != PNS_NO_BLOCK) {
        p->free_blocks[count] = p->nodes[first].first;
    } else if (pool_reserve(p, count)) {
        first = (uint32_t)p->size;
        p->size += count;
    } else {
        size_t longer = count + 1;
        while (longer < G_N_ELEMENTS(p->free_blocks) && p->free_blocks[longer] == PNS_NO_BLOCK)
            longer++;
        if (longer == G_N_ELEMENTS(p->free_blocks))
            return PNS_NO_BLOCK;
        first = p->free_blocks[longer];
        p->free_blocks[longer] = p->nodes[first].first;
        p->live += longer - count; /* the tail: block_free takes it off again */
        block_free(p, first + (uint32_t)count, longer - count);
    }
    p->live += count;
    if (p->live > p->peak)
        p->peak = p->live;
    return first;
}

/* Returns the children of node x and everything below them to the pool. */
static void subtree_free(pns_t *p, uint32_t x)
{
    pns_node_t *n = &p->nodes[x];
    if (!n->expanded)
        return;
    for (uint32_t i = n->first; i < n->first + n->count; i++)
        subtree_free(p, i);
    block_free(p, n->first, n->count);
    n->expanded = 0;
    n->first = 0;
}

/*
 * Collection of a full tree (the garbage collection of Nagai's df-pn, which keeps the large
 * subtrees: they cost most to grow again).  Every largest subtree of at most `limit` nodes off
 * the search's current path is collapsed into its root, which becomes a leaf again and keeps
 * its proof and disproof numbers, so that no node above it changes and the search finds it
 * where it left it; when the search selects it again it is expanded anew.  Only unsolved
 * nodes have subtrees (a solved one gave its own back), so no proof is lost, and only the
 * numbers that guide the search are: a collected tree searches on soundly.
 */
#define COLLECT_LEVELS 33 /* limits 2^0 .. 2^32 */

typedef struct collect {
    pns_t *p;
    int path_length;                /* p->path[0 .. path_length - 1] */
    uint64_t freed[COLLECT_LEVELS]; /* the dry run: the nodes a limit of 2^k frees */
    uint64_t limit;                 /* the collapsing pass's; 0 in the dry run */
} collect_t;

static bool on_path(const collect_t *c, uint32_t x, int depth)
{
    return depth < c->path_length && c->p->path[depth] == x;
}

/* The size of x's subtree (x with everything below it).  In the dry run, each child v off
 * the path is the root of a largest collapsible subtree for the limits from its size up to
 * below x's (every limit when x is on the path, which is never collapsed), and would free
 * all of it but v; in the collapsing pass, x (on the path or above the limit) collapses its
 * children off the path within the limit, after they collapsed theirs. */
static uint64_t collect_node(collect_t *c, uint32_t x, int depth)
{
    const pns_node_t *n = &c->p->nodes[x];
    if (!n->expanded)
        return 1;
    uint32_t first = n->first, count = n->count;
    uint64_t sizes[BOARD_MAX_POINTS + 1];
    uint64_t size = 1;
    for (uint32_t i = 0; i < count; i++) {
        sizes[i] = collect_node(c, first + i, depth + 1);
        size += sizes[i];
    }
    bool kept = on_path(c, x, depth);
    if (c->limit && !kept && size <= c->limit)
        return size; /* collapsed whole by an ancestor, or not at all */
    for (uint32_t i = 0; i < count; i++) {
        uint32_t v = first + i;
        if (sizes[i] < 2 || on_path(c, v, depth + 1))
            continue;
        if (c->limit) {
            if (sizes[i] <= c->limit)
                subtree_free(c->p, v);
            continue;
        }
        /* The limits 2^k with sizes[i] <= 2^k (and 2^k < size unless x is kept), as a
         * difference: tree_collect sums freed[] from the smallest k. */
        int lowest = 64 - __builtin_clzll(sizes[i] - 1);
        int highest = kept ? COLLECT_LEVELS - 1 : 63 - __builtin_clzll(size - 1);
        if (lowest <= highest) {
            c->freed[lowest] += sizes[i] - 1;
            if (highest + 1 < COLLECT_LEVELS)
                c->freed[highest + 1] -= sizes[i] - 1;
        }
    }
    return size;
}

/* Marks in `live` the slots of x's children and of everything below them. */
static void mark_live(uint64_t *live, const pns_node_t *nodes, uint32_t x)
{
    const pns_node_t *n = &nodes[x];
    if (!n->expanded)
        return;
    for (uint32_t i = n->first; i < n->first + n->count; i++) {
        live[i >> 6] |= 1ull << (i & 63);
        mark_live(live, nodes, i);
    }
}

/* The slot of x once the live slots are slid together (before[w]: the live slots of the
 * words before w). */
static inline uint32_t slid(const uint64_t *live, const uint32_t *before, uint32_t x)
{
    uint64_t below = live[x >> 6] & ((1ull << (x & 63)) - 1);
    return before[x >> 6] + (uint32_t)__builtin_popcountll(below);
}

/*
 * Slides the live nodes to the front of the pool, in their order, and empties the free lists:
 * the freed blocks come in every length, and a block of k children fits only in one at least
 * as long, so a tree with much freed can still have no room.  Each expanded node's `first`
 * and the path follow their nodes (descend reads its node back from the path).  A bitmap of
 * the pool and a count per 64 slots, 0.19 bytes a slot, live only while this runs.
 */
static void pool_compact(pns_t *p, int path_length)
{
    size_t words = (p->size + 63) / 64;
    uint64_t *live = g_new0(uint64_t, words);
    uint32_t *before = g_new(uint32_t, words);
    live[0] |= 1; /* the root */
    mark_live(live, p->nodes, 0);
    uint32_t count = 0;
    for (size_t w = 0; w < words; w++) {
        before[w] = count;
        count += (uint32_t)__builtin_popcountll(live[w]);
    }
    g_assert(count == p->live);
    for (size_t w = 0; w < words; w++)
        for (uint64_t bits = live[w]; bits; bits &= bits - 1) {
            uint32_t i = (uint32_t)(w * 64 + (size_t)__builtin_ctzll(bits));
            pns_node_t n = p->nodes[i];
            if (n.expanded)
                n.first = slid(live, before, n.first);
            p->nodes[slid(live, before, i)] = n; /* at or below i: not read again */
        }
    for (int d = 0; d < path_length; d++)
        p->path[d] = slid(live, before, p->path[d]);
    p->size = count;
    for (size_t i = 0; i < G_N_ELEMENTS(p->free_blocks); i++)
        p->free_blocks[i] = PNS_NO_BLOCK;
    g_free(live);
    g_free(before);
}

/* Frees at least half of the tree by the least limit that does (else as much as the largest
 * does), the search standing at path[0 .. path_length - 1], and slides what is left together
 * (the path follows); false when that would free less than an eighth of it (the path and its
 * large subtrees are all there is: the tree is full). */
static bool tree_collect(pns_t *p, int path_length)
{
    collect_t c = {.p = p, .path_length = path_length};
    size_t live = p->live;
    collect_node(&c, 0, 0);
    for (int k = 1; k < COLLECT_LEVELS; k++)
        c.freed[k] += c.freed[k - 1]; /* unsigned: the differences wrap and sum right */
    int k = 0;
    while (k < COLLECT_LEVELS - 1 && c.freed[k] < live / 2)
        k++;
    if (c.freed[k] < live / 8)
        return false;
    c.limit = (uint64_t)1 << k;
    collect_node(&c, 0, 0);
    p->collections++;
    p->collected += live - p->live;
    pool_compact(p, path_length);
    return true;
}

/* The number the player to move at a node minimises over its children: the prover its proof
 * number (`mine`), the opponent its disproof number. */
static inline uint32_t chosen(const pns_node_t *n, bool mine)
{
    return mine ? n->proof : n->disproof;
}

/*
 * The numbers of an expanded node x, `ply` plies below the root, from its children's: the
 * prover to move needs one child proved (the least proof number) and all disproved (the sum);
 * the opponent the reverse.  When that solves x, its subtree goes back to the pool and x keeps
 * the depth of its solution: the length of the winner's quickest line in it, the winner to
 * move taking its shortest won child, the loser its longest child (all are won for the winner
 * in a solved node); a decided leaf is 0.
 */
static void node_update(const pns_search_t *s, uint32_t x, int ply)
{
    pns_node_t *nodes = s->p->nodes;
    pns_node_t *n = &nodes[x];
    bool mine = prover_to_move(s, ply);
    uint32_t least = PNS_INFINITY, sum = 0;
    for (uint32_t i = n->first; i < n->first + n->count; i++) {
        uint32_t one = chosen(&nodes[i], mine);
        uint32_t all = chosen(&nodes[i], !mine);
        least = one < least ? one : least;
        sum = saturated_add(sum, all);
    }
    n->proof = mine ? least : sum;
    n->disproof = mine ? sum : least;
    if (n->proof != 0 && n->disproof != 0)
        return;
    bool proved = n->proof == 0;
    bool winner_to_move = mine == proved;
    uint32_t depth = winner_to_move ? UINT32_MAX : 0;
    for (uint32_t i = n->first; i < n->first + n->count; i++) {
        const pns_node_t *c = &nodes[i];
        bool won = proved ? c->proof == 0 : c->disproof == 0;
        if (!won) {
            g_assert(winner_to_move);
            continue;
        }
        g_assert(!c->expanded);
        uint32_t d = c->first + 1;
        if (winner_to_move ? d < depth : d > depth)
            depth = d;
    }
    subtree_free(s->p, x);
    n->first = depth;
}

/* Those of `symmetries` that keep the move in place (every one keeps a pass): the symmetries
 * that still map the whole game onto itself after it is played. */
static unsigned symmetries_fixing(const board_geom_t *g, unsigned symmetries, board_move_t move)
{
    if (move == BOARD_MOVE_PASS)
        return symmetries;
    for (int s = 1; s < g->symmetry_count; s++)
        if ((symmetries >> s & 1) && g->sym[s][move] != move)
            symmetries &= ~(1u << s);
    return symmetries;
}

/*
 * The legal moves at node x, `ply` plies below the root, the game at its position, less every
 * move that is the image of an earlier one under a symmetry that maps the whole game, the
 * root's history and the line to x, onto itself: the two lead to games that are each other's
 * image, with the same value and distance, so the tree keeps one (the tree has no table to
 * find the second).  Such symmetries are those of the root's game (an empty start has them)
 * that keep every move of the line in place: on 1xN the root and the lines of passes and of
 * plays on the middle point, on the empty 1x13 7 first moves and the pass instead of 14.
 */
static int expansion_moves(board_move_t *moves, const pns_search_t *s, int ply)
{
    const pns_t *p = s->p;
    int k = game_legal_moves(moves, s->game);
    unsigned symmetries = s->symmetries;
    if (!symmetries)
        return k;
    const board_geom_t *g = game_geom(s->game);
    for (int i = 1; i <= ply && symmetries; i++)
        symmetries = symmetries_fixing(g, symmetries, p->nodes[p->path[i]].move);
    if (!symmetries)
        return k;
    int kept = 0;
    for (int i = 0; i < k; i++) {
        /* The first move of each orbit stays: the symmetries and the identity form a group,
         * so a later image of a move left out is an image of the one kept. */
        moves[kept] = moves[i];
        if (pns_earlier_image(g, moves, kept, symmetries) < 0)
            kept++;
    }
    return kept;
}

/* Expands node x, `ply` plies below the root, the game at its position; false when the budget
 * has no room for its children. */
static bool expand(const pns_search_t *s, uint32_t x, int ply)
{
    pns_t *p = s->p;
    board_move_t moves[BOARD_MAX_POINTS + 1];
    int k = expansion_moves(moves, s, ply);
    if (k == 0) {
        /* A leaf without a move is decided and never chosen: only a tree read from a file
         * can hold such a one unsolved. */
        p->stop = PNS_STOP_TREE;
        return false;
    }
    if (p->search_nodes && p->total - s->total_before + (uint64_t)k > p->search_nodes)
        return false;
    uint32_t first = block_alloc(p, (size_t)k);
    if (first == PNS_NO_BLOCK && p->collect && tree_collect(p, ply + 1)) {
        x = p->path[ply]; /* moved by the compaction */
        first = block_alloc(p, (size_t)k);
    }
    if (first == PNS_NO_BLOCK)
        return false;
    p->total += (uint64_t)k;
    for (int i = 0; i < k; i++) {
        pns_node_t *child = &p->nodes[first + i];
        child->move = moves[i];
        game_legality_t legal = game_play(s->game, moves[i]);
        g_assert(legal == GAME_LEGAL);
        (void)legal;
        leaf_init(child, s, ply + 1);
        game_undo(s->game);
    }
    pns_node_t *n = &p->nodes[x];
    n->first = first;
    n->count = (uint8_t)k;
    n->expanded = 1;
    node_update(s, x, ply);
    return true;
}

/* Whether the budget of pns_set_limits is spent or pns_interrupt was called; sets p->stop. */
static bool limits_hit(pns_t *p, uint64_t expansions)
{
    if (atomic_load_explicit(&p->interrupted, memory_order_relaxed))
        p->stop = PNS_STOP_INTERRUPTED;
    else if (p->total_end && p->total >= p->total_end)
        p->stop = PNS_STOP_LIMIT;
    else if (expansions % PNS_CHECK_PERIOD == 0) {
        atomic_store_explicit(&p->total_shown, p->total, memory_order_relaxed);
        if (p->deadline && g_get_monotonic_time() >= p->deadline)
            p->stop = PNS_STOP_LIMIT;
        else
            pns_checkpoint_if_due(p); /* in a test of the root: PNS_STOP_SAVE */
    }
    return p->stop != PNS_STOP_NONE;
}

/* No threshold: the root's (its numbers may saturate at PNS_INFINITY unsolved). */
#define PNS_NO_THRESHOLD UINT64_MAX

/* A child's threshold on the number its parent sums, so that the parent stays under its own:
 * threshold - (sum - part), or none under none. */
static uint64_t sum_threshold(uint64_t threshold, uint32_t sum, uint32_t part)
{
    return threshold == PNS_NO_THRESHOLD ? PNS_NO_THRESHOLD : threshold - sum + part;
}

/*
 * Proof-number search, depth first (Nagai's df-pn on the explicit tree): the search stays
 * below node x, `ply` plies below the root and the game at its position, while x would still
 * be on the way from the root to the most-proving leaf, that is while its proof number stays
 * under th_proof and its disproof number under th_disproof; the child it enters gets the
 * thresholds under which it stays the parent's choice (the least number, the first of equal
 * ones) and the parent within its own.  So the leaves are expanded in the order of a
 * selection from the root after every expansion (Allis's proof-number search: the same
 * nodes, the same tree), without replaying the moves from the root or updating the nodes
 * above x each time.  A leaf is expanded and the search goes back to its parent.  False when
 * the search must end (p->stop set): the budget spent, the pool full, an Analysis out.
 */
static bool descend(pns_search_t *s, uint32_t x, int ply, uint64_t th_proof, uint64_t th_disproof)
{
    pns_t *p = s->p;
    if ((size_t)ply >= p->path_capacity) {
        p->path_capacity = p->path_capacity ? 2 * p->path_capacity : 256;
        p->path = g_renew(uint32_t, p->path, p->path_capacity);
    }
    p->path[ply] = x;
    if (!p->nodes[x].expanded) {
        if (limits_hit(p, ++s->expansions))
            return false;
        if (p->nodes[x].pending) {
            /* A final position whose Analysis has not ended: again, with a larger budget. */
            final_init(&p->nodes[x], s, p->nodes[x].pending + 1);
            if (p->analysis_out) {
                p->stop = p->analysis_stop;
                return false;
            }
            return true;
        }
        if (!expand(s, x, ply)) {
            if (p->stop == PNS_STOP_NONE)
                p->stop = PNS_STOP_FULL;
            return false;
        }
        if (p->analysis_out) { /* a leaf's value is not known: nothing above it is */
            p->stop = p->analysis_stop;
            return false;
        }
        return true;
    }
    bool mine = prover_to_move(s, ply);
    for (;;) {
        const pns_node_t *n = &p->nodes[x];
        if (n->proof == 0 || n->disproof == 0 || n->proof >= th_proof || n->disproof >= th_disproof)
            return true;
        /* The child with the least chosen number, the first of equal ones.  It stays the
         * choice while its number is below every earlier child's and at most every later
         * one's: `choice` bounds it (after + 1 is at most 2^32: numbers are 32 bits). */
        uint32_t best = n->first;
        for (uint32_t i = n->first + 1; i < n->first + n->count; i++)
            if (chosen(&p->nodes[i], mine) < chosen(&p->nodes[best], mine))
                best = i;
        uint64_t choice = PNS_NO_THRESHOLD;
        for (uint32_t i = n->first; i < n->first + n->count; i++) {
            uint64_t stop = chosen(&p->nodes[i], mine) + (uint64_t)(i > best);
            if (i != best && stop < choice)
                choice = stop;
        }
        const pns_node_t *c = &p->nodes[best];
        uint64_t child_proof, child_disproof;
        if (mine) {
            child_proof = th_proof < choice ? th_proof : choice;
            child_disproof = sum_threshold(th_disproof, n->disproof, c->disproof);
        } else {
            child_disproof = th_disproof < choice ? th_disproof : choice;
            child_proof = sum_threshold(th_proof, n->proof, c->proof);
        }
        if (game_play(s->game, c->move) != GAME_LEGAL) {
            /* Only a tree read from a file can hold such a move (pns_tree_finish cannot
             * replay the lines: the game is not known then). */
            p->stop = PNS_STOP_TREE;
            return false;
        }
        bool on = descend(s, best, ply + 1, child_proof, child_disproof);
        game_undo(s->game);
        x = p->path[ply]; /* a collection of the tree below may have moved it */
        node_update(s, x, ply);
        if (!on)
            return false;
    }
}

static bool goal_equal(const pns_goal_t *a, const pns_goal_t *b)
{
    return a->prover == b->prover && a->max_plies == b->max_plies && a->scored == b->scored &&
           a->threshold2 == b->threshold2;
}

/* One search for the goal in s (its pool, game and root are set here); *depth (when decided
 * and not NULL) the depth of the root's solution (node_update). */
static pns_outcome_t search(int *depth, pns_t *p, const game_t *game, pns_search_t s)
{
    s.p = p;
    s.root_to_move = (board_color_t)game_current(game)->to_move;
    s.total_before = p->total;
    s.expansions = 0;
    /* Not with alpha-beta at the leaves: their table keys positions by their canonical image,
     * so an image's leaves are answered at once from it, and the tree left whole went as well
     * (2026-12-07, the 1x9 to 1x11 strips under tromp-taylor, chinese and old-chinese: 18.8 M
     * nodes whole, 22.3 M with one move of each orbit, the boards shifting both ways). */
    s.symmetries = p->leaf_search ? 0 : pns_game_symmetries(game);
    p->stop = PNS_STOP_NONE;
    p->analysis_out = false;
    p->tree_kept = false;
    bool root = game == p->solve_game; /* a test of the solve's root */
    pns_goal_t goal = {s.prover, s.max_plies, s.scored, s.threshold2};
    bool taken = p->tree_loaded && root && goal_equal(&goal, &p->tree_goal);
    p->tree_loaded = false; /* taken now, or dropped */
    if (!taken)
        pool_reset(p);
    p->tree_goal = goal;
    if (limits_hit(p, 0)) {
        p->tree_kept = taken; /* a tree read and not searched yet is saved again as it was */
        return PNS_UNKNOWN;
    }
    p->root_search = root;
    s.game = game_copy(game);
    if (!taken) {
        if (!pool_reserve(p, 1)) {
            p->stop = PNS_STOP_FULL;
            game_destroy(s.game);
            return PNS_UNKNOWN;
        }
        p->size = p->live = 1;
        if (p->peak < 1)
            p->peak = 1;
        p->total++;
        leaf_init(&p->nodes[0], &s, 0);
    }
    while (p->nodes[0].proof != 0 && p->nodes[0].disproof != 0) {
        if (descend(&s, 0, 0, PNS_NO_THRESHOLD, PNS_NO_THRESHOLD))
            continue;
        if (p->stop != PNS_STOP_SAVE)
            break;
        /* A periodic checkpoint: the search stepped back to the root, every node on its way
         * updated, so the tree is whole; it goes on where it was after the save. */
        p->stop = PNS_STOP_NONE;
        p->tree_kept = true;
        pns_checkpoint_now(p);
        p->tree_kept = false;
    }
    if (p->stop == PNS_STOP_SAVE)
        p->stop = PNS_STOP_NONE; /* asked for by the expansion that answered the root */
    pns_outcome_t outcome = PNS_UNKNOWN;
    if (p->stop == PNS_STOP_NONE)
        outcome = p->nodes[0].proof == 0 ? PNS_PROVED : PNS_DISPROVED;
    if (depth && outcome != PNS_UNKNOWN)
        *depth = (int)p->nodes[0].first;
    /* A test of the root that stopped unknown keeps its tree for the checkpoint written after
     * it (not one whose tree holds a move it cannot play). */
    p->tree_kept = outcome == PNS_UNKNOWN && p->root_search && p->stop != PNS_STOP_TREE &&
                   p->nodes[0].proof != 0 && p->nodes[0].disproof != 0;
    p->root_search = false;
    game_destroy(s.game);
    return outcome;
}

pns_outcome_t pns_prove(int *plies, pns_t *p, const game_t *game, board_color_t prover,
                        int max_plies)
{
    g_assert(pns_supports(game_rules(game)));
    pns_search_t goal = {.prover = prover, .max_plies = max_plies};
    int depth = 0;
    pns_outcome_t outcome = search(&depth, p, game, goal);
    if (plies && (outcome == PNS_PROVED || (outcome == PNS_DISPROVED && !max_plies)))
        *plies = depth;
    return outcome;
}

pns_outcome_t pns_prove_margin(pns_t *p, const game_t *game, int threshold2)
{
    g_assert(pns_supports_margin(game_rules(game)));
    pns_search_t goal = {.prover = BOARD_BLACK, .scored = true, .threshold2 = threshold2};
    return search(NULL, p, game, goal);
}

bool pns_window(int *value, pns_t *p, const game_t *game, int alpha, int beta)
{
    /* "value > alpha?", then "value >= beta?", then bisection inside the window. */
    pns_outcome_t outcome = pns_prove_margin(p, game, alpha + 1);
    if (outcome == PNS_UNKNOWN)
        return false;
    if (outcome == PNS_DISPROVED) {
        *value = alpha;
        return true;
    }
    outcome = pns_prove_margin(p, game, beta);
    if (outcome == PNS_UNKNOWN)
        return false;
    if (outcome == PNS_PROVED) {
        *value = beta;
        return true;
    }
    /* lo <= value <= hi, each a value a game can end with (search_value_up). */
    const rules_t *rules = game_rules(game);
    int lo = search_value_up(alpha + 1, rules), hi = search_value_down(beta - 1, rules);
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        outcome = pns_prove_margin(p, game, mid);
        if (outcome == PNS_UNKNOWN)
            return false;
        if (outcome == PNS_PROVED)
            lo = search_value_up(mid, rules);
        else
            hi = search_value_down(mid - 1, rules);
    }
    *value = lo;
    return true;
}

/* ---- The tree of a test under way, in a checkpoint --------------------------------------- */

/* A pending level past this is no Analysis budget's (pending_number shifts by twice it). */
#define PNS_PENDING_MAX 15

char *pns_tree_describe(const pns_t *p, uint64_t *records)
{
    if (!p->tree_kept)
        return NULL;
    const pns_goal_t *goal = &p->tree_goal;
    GString *s = g_string_new(NULL);
    g_string_append_printf(s, "%c %d %d %d %zu %zu %zu", goal->prover == BOARD_BLACK ? 'b' : 'w',
                           goal->max_plies, goal->scored ? 1 : 0, goal->threshold2, p->size,
                           p->live, G_N_ELEMENTS(p->free_blocks));
    for (size_t i = 0; i < G_N_ELEMENTS(p->free_blocks); i++) {
        if (p->free_blocks[i] == PNS_NO_BLOCK)
            g_string_append(s, " -");
        else
            g_string_append_printf(s, " %u", p->free_blocks[i]);
    }
    *records = p->size;
    return g_string_free(s, FALSE);
}

static void put32(uint8_t *out, uint32_t v)
{
    for (int k = 0; k < 4; k++)
        out[k] = (uint8_t)(v >> (8 * k));
}

static uint32_t get32(const uint8_t *in)
{
    return (uint32_t)in[0] | (uint32_t)in[1] << 8 | (uint32_t)in[2] << 16 | (uint32_t)in[3] << 24;
}

void pns_tree_encode(uint8_t out[PNS_TREE_RECORD_BYTES], const pns_t *p, uint64_t i)
{
    g_assert(i < p->size);
    const pns_node_t *n = &p->nodes[i];
    put32(out, n->proof);
    put32(out + 4, n->disproof);
    put32(out + 8, n->first);
    out[12] = n->count;
    out[13] = n->move;
    out[14] = n->expanded;
    out[15] = n->pending;
}

void pns_tree_decode(pns_t *p, uint64_t i, const uint8_t in[PNS_TREE_RECORD_BYTES])
{
    g_assert(i < p->size);
    pns_node_t *n = &p->nodes[i];
    n->proof = get32(in);
    n->disproof = get32(in + 4);
    n->first = get32(in + 8);
    n->count = in[12];
    n->move = in[13];
    n->expanded = in[14];
    n->pending = in[15];
}

void pns_tree_drop(pns_t *p)
{
    pool_reset(p);
    p->tree_kept = p->tree_loaded = false;
}

/* The next number of a description at *text (a free list's "-" is PNS_NO_BLOCK when
 * `block`), at most max; false otherwise. */
static bool next_field(uint64_t *out, const char **text, uint64_t max, bool block)
{
    const char *t = *text;
    if (*t != ' ')
        return false;
    t++;
    if (block && *t == '-') {
        *out = PNS_NO_BLOCK;
        *text = t + 1;
        return true;
    }
    if (*t < '0' || *t > '9')
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(t, &end, 10);
    if (errno || v > max || (*end && *end != ' '))
        return false;
    *out = v;
    *text = end;
    return true;
}

bool pns_tree_prepare(pns_t *p, const char *description, uint64_t *records, bool *too_large)
{
    pns_tree_drop(p);
    *too_large = false;
    const char *t = description;
    pns_goal_t goal;
    if (*t != 'b' && *t != 'w')
        return false;
    goal.prover = *t++ == 'b' ? BOARD_BLACK : BOARD_WHITE;
    /* Signed fields as text: strtol on their own. */
    long fields[3];
    for (int f = 0; f < 3; f++) {
        if (*t != ' ' || !(t[1] == '-' || (t[1] >= '0' && t[1] <= '9')))
            return false;
        char *end;
        errno = 0;
        fields[f] = strtol(t + 1, &end, 10);
        if (errno || fields[f] < INT_MIN || fields[f] > INT_MAX || (*end && *end != ' '))
            return false;
        t = end;
    }
    if (fields[0] < 0 || (fields[1] != 0 && fields[1] != 1))
        return false;
    goal.max_plies = (int)fields[0];
    goal.scored = fields[1] == 1;
    goal.threshold2 = (int)fields[2];
    uint64_t size, live, lists;
    if (!next_field(&size, &t, UINT32_MAX, false) || !next_field(&live, &t, size, false) ||
        size == 0 || live == 0 || !next_field(&lists, &t, UINT32_MAX, false) ||
        lists != G_N_ELEMENTS(p->free_blocks))
        return false;
    uint32_t heads[G_N_ELEMENTS(p->free_blocks)];
    for (size_t i = 0; i < lists; i++) {
        uint64_t head;
        if (!next_field(&head, &t, UINT32_MAX, true) ||
            (head != PNS_NO_BLOCK && (i == 0 || head >= size)))
            return false;
        heads[i] = (uint32_t)head;
    }
    if (*t)
        return false;
    *records = size;
    if (!pool_reserve(p, (size_t)size)) {
        *too_large = true;
        return false;
    }
    p->size = (size_t)size;
    p->live = (size_t)live;
    memcpy(p->free_blocks, heads, sizeof heads);
    p->tree_goal = goal;
    return true;
}

/* Marks slot x in `seen`; false when it was marked already. */
static bool mark_once(uint64_t *seen, uint32_t x)
{
    uint64_t bit = 1ull << (x & 63);
    if (seen[x >> 6] & bit)
        return false;
    seen[x >> 6] |= bit;
    return true;
}

bool pns_tree_finish(pns_t *p)
{
    if (p->size == 0)
        return false;
    size_t words = (p->size + 63) / 64;
    uint64_t *seen = g_new0(uint64_t, words);
    GArray *stack = g_array_new(FALSE, FALSE, sizeof(uint32_t));
    bool ok = p->nodes[0].proof != 0 && p->nodes[0].disproof != 0; /* a test under way */
    size_t live = 1;
    uint32_t root = 0;
    mark_once(seen, 0);
    g_array_append_val(stack, root);
    while (ok && stack->len) {
        uint32_t x = g_array_index(stack, uint32_t, stack->len - 1);
        g_array_set_size(stack, stack->len - 1);
        const pns_node_t *n = &p->nodes[x];
        bool solved = n->proof == 0 || n->disproof == 0;
        if (n->expanded > 1 || n->pending > PNS_PENDING_MAX || (solved && n->pending) ||
            (n->expanded &&
             (solved || n->pending || n->count == 0 || n->count >= G_N_ELEMENTS(p->free_blocks) ||
              (uint64_t)n->first + n->count > p->size))) {
            ok = false;
            break;
        }
        if (!n->expanded)
            continue;
        for (uint32_t i = n->first; ok && i < n->first + n->count; i++) {
            ok = mark_once(seen, i);
            g_array_append_val(stack, i);
            live++;
        }
    }
    ok = ok && live == p->live;
    /* The free lists: blocks of their length inside the pool, apart from the tree and from
     * each other (so no list can loop). */
    for (size_t len = 1; ok && len < G_N_ELEMENTS(p->free_blocks); len++)
        for (uint32_t b = p->free_blocks[len]; ok && b != PNS_NO_BLOCK; b = p->nodes[b].first) {
            if ((uint64_t)b + len > p->size) {
                ok = false;
                break;
            }
            for (uint32_t i = b; ok && i < b + len; i++)
                ok = mark_once(seen, i);
        }
    g_array_free(stack, TRUE);
    g_free(seen);
    if (!ok) {
        pns_tree_drop(p);
        return false;
    }
    if (p->live > p->peak)
        p->peak = p->live;
    p->tree_loaded = true;
    return true;
}
