/*
 * solver/pns.c: proof-number search for the no-pass last-move rule sets (solver/pns.h).
 */
#include "solver/pns.h"

#include <glib.h>
#include <string.h>

/* Proof and disproof numbers saturate here: "infinite" (a decided node's other number). */
#define PNS_INFINITY ((uint32_t)0x3fffffff)

/*
 * A tree node: 16 bytes.  The children of an expanded node are `count` consecutive nodes from
 * index `first` of the pool; a node keeps only the move that leads to it, and its position is
 * rebuilt by replaying the moves from the root on the search's game (pns.h: that is how every
 * legality question reaches core/game.h with the exact history).
 */
typedef struct pns_node {
    uint32_t proof;    /* leaves still to prove for the prover to win (0: proved) */
    uint32_t disproof; /* leaves still to prove for the prover to fail (0: disproved) */
    uint32_t first;    /* the first child, when expanded */
    uint8_t count;     /* the children (legal moves), when expanded */
    uint8_t move;      /* the move from the parent (board_move_t) */
    uint8_t expanded;
    uint8_t unused;
} pns_node_t;

struct pns {
    pns_node_t *nodes; /* the pool: node 0 is the root */
    size_t size, capacity;
    uint32_t *path; /* the nodes from the root to the one being expanded */
    size_t path_capacity;
    uint64_t max_nodes; /* per tree, 0 none */
    uint64_t total;     /* nodes created by every search */
};

/* One search's fixed data. */
typedef struct pns_search {
    pns_t *p;
    game_t *game; /* the caller's game, copied: moves are played and taken back on it */
    board_color_t prover;
    board_color_t root_to_move;
    int max_plies;  /* 0 none */
    bool scored;    /* the goal is a margin: Black's twice-margin at least threshold2 */
    int threshold2; /* (then prover is Black) */
} pns_search_t;

/* Superko without a cycle rule: every game is finite and its end is decided by game_result. */
static bool finite_game(const rules_t *rules)
{
    return rules->cycle == RULES_CYCLE_NONE &&
           (rules->ko == RULES_KO_POSITIONAL || rules->ko == RULES_KO_SITUATIONAL);
}

bool pns_supports(const rules_t *rules)
{
    return rules->scoring == RULES_SCORING_LAST_MOVE && !rules->pass && finite_game(rules);
}

bool pns_supports_margin(const rules_t *rules)
{
    return rules->scoring == RULES_SCORING_AREA && finite_game(rules);
}

/* Whether the prover has won the ended game at the search's current position. */
static bool prover_won(const pns_search_t *s)
{
    game_result_t result = game_result(s->game);
    if (s->scored)
        return result.margin2 >= s->threshold2;
    return result.winner == s->prover;
}

pns_t *pns_create(uint64_t max_nodes)
{
    pns_t *p = g_new0(pns_t, 1);
    p->max_nodes = max_nodes;
    return p;
}

void pns_destroy(pns_t *p)
{
    if (!p)
        return;
    g_free(p->nodes);
    g_free(p->path);
    g_free(p);
}

void pns_set_max_nodes(pns_t *p, uint64_t max_nodes)
{
    p->max_nodes = max_nodes;
}

uint64_t pns_nodes(const pns_t *p)
{
    return p->total;
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

/* A new leaf `ply` plies below the root, its position the game's current one: decided when
 * its player has no move or the ply bound is reached, otherwise numbered by its mobility (a
 * side with k moves needs k refutations). */
static void leaf_init(pns_node_t *leaf, const pns_search_t *s, int ply)
{
    board_move_t moves[BOARD_MAX_POINTS + 1];
    int k = game_legal_moves(moves, s->game);
    bool mine = prover_to_move(s, ply);
    leaf->expanded = 0;
    leaf->count = 0;
    if (k == 0) { /* the game is over: no legal move, or (scored) two passes */
        bool won = prover_won(s);
        leaf->proof = won ? 0 : PNS_INFINITY;
        leaf->disproof = won ? PNS_INFINITY : 0;
    } else if (s->max_plies && ply >= s->max_plies) { /* not over within the bound */
        leaf->proof = PNS_INFINITY;
        leaf->disproof = 0;
    } else {
        leaf->proof = mine ? 1 : (uint32_t)k;
        leaf->disproof = mine ? (uint32_t)k : 1;
    }
}

/* The numbers of an expanded node from its children's: the prover to move needs one child
 * proved (the least proof number) and all disproved (the sum); the opponent the reverse. */
static void node_update(pns_node_t *nodes, uint32_t x, bool mine)
{
    pns_node_t *n = &nodes[x];
    uint32_t least = PNS_INFINITY, sum = 0;
    for (uint32_t i = n->first; i < n->first + n->count; i++) {
        uint32_t one = mine ? nodes[i].proof : nodes[i].disproof;
        uint32_t all = mine ? nodes[i].disproof : nodes[i].proof;
        least = one < least ? one : least;
        sum = saturated_add(sum, all);
    }
    n->proof = mine ? least : sum;
    n->disproof = mine ? sum : least;
}

/* Room for `more` nodes in the pool; false beyond the node budget. */
static bool pool_reserve(pns_t *p, size_t more)
{
    if (p->max_nodes && p->size + more > p->max_nodes)
        return false;
    if (p->size + more > UINT32_MAX)
        return false;
    if (p->size + more > p->capacity) {
        size_t capacity = p->capacity ? p->capacity : 4096;
        while (capacity < p->size + more)
            capacity *= 2;
        p->nodes = g_renew(pns_node_t, p->nodes, capacity);
        p->capacity = capacity;
    }
    return true;
}

/* Expands node x, `ply` plies below the root, the game at its position; false when the budget
 * has no room for its children. */
static bool expand(const pns_search_t *s, uint32_t x, int ply)
{
    pns_t *p = s->p;
    board_move_t moves[BOARD_MAX_POINTS + 1];
    int k = game_legal_moves(moves, s->game);
    g_assert(k > 0); /* a leaf without a move is decided and never chosen */
    if (!pool_reserve(p, (size_t)k))
        return false;
    uint32_t first = (uint32_t)p->size;
    p->size += (size_t)k;
    p->total += (uint64_t)k;
    for (int i = 0; i < k; i++) {
        pns_node_t *child = &p->nodes[first + i];
        child->move = moves[i];
        child->unused = 0;
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
    node_update(p->nodes, x, prover_to_move(s, ply));
    return true;
}

static void path_reserve(pns_t *p, size_t length)
{
    if (length <= p->path_capacity)
        return;
    size_t capacity = p->path_capacity ? p->path_capacity : 256;
    while (capacity < length)
        capacity *= 2;
    p->path = g_renew(uint32_t, p->path, capacity);
    p->path_capacity = capacity;
}

/*
 * The length of the winner's quickest line in the solved tree below x (ply `ply`): the winner
 * to move takes its shortest won child, the loser its longest child (all are won for the
 * winner in a solved node).  A solved leaf is a game over: 0.
 */
static int solution_depth(const pns_search_t *s, uint32_t x, int ply, bool prover_won)
{
    const pns_node_t *n = &s->p->nodes[x];
    if (!n->expanded)
        return 0;
    bool winner_to_move = prover_to_move(s, ply) == prover_won;
    int best = winner_to_move ? INT32_MAX : 0;
    for (uint32_t i = n->first; i < n->first + n->count; i++) {
        const pns_node_t *c = &s->p->nodes[i];
        bool won = prover_won ? c->proof == 0 : c->disproof == 0;
        if (winner_to_move && !won)
            continue;
        g_assert(won);
        int d = 1 + solution_depth(s, i, ply + 1, prover_won);
        if (winner_to_move ? d < best : d > best)
            best = d;
    }
    return best;
}

/* One search for the goal in s (its pool, game and root are set here); *depth (when decided
 * and not NULL) the solution depth of the tree. */
static pns_outcome_t search(int *depth, pns_t *p, const game_t *game, pns_search_t s)
{
    s.p = p;
    s.game = game_copy(game);
    s.root_to_move = (board_color_t)game_current(game)->to_move;
    p->size = 0;
    if (!pool_reserve(p, 1)) {
        game_destroy(s.game);
        return PNS_UNKNOWN;
    }
    p->size = 1;
    p->total++;
    leaf_init(&p->nodes[0], &s, 0);
    pns_outcome_t outcome = PNS_UNKNOWN;
    for (;;) {
        const pns_node_t *root = &p->nodes[0];
        if (root->proof == 0 || root->disproof == 0) {
            outcome = root->proof == 0 ? PNS_PROVED : PNS_DISPROVED;
            break;
        }
        /* Down to the most-proving leaf: the prover to move follows its least proof number,
         * the opponent its least disproof number. */
        int ply = 0;
        uint32_t x = 0;
        path_reserve(p, 1);
        p->path[0] = 0;
        while (p->nodes[x].expanded) {
            const pns_node_t *n = &p->nodes[x];
            bool mine = prover_to_move(&s, ply);
            uint32_t best = n->first;
            for (uint32_t i = n->first + 1; i < n->first + n->count; i++)
                if (mine ? p->nodes[i].proof < p->nodes[best].proof
                         : p->nodes[i].disproof < p->nodes[best].disproof)
                    best = i;
            game_legality_t legal = game_play(s.game, p->nodes[best].move);
            g_assert(legal == GAME_LEGAL);
            (void)legal;
            ply++;
            path_reserve(p, (size_t)ply + 1);
            p->path[ply] = best;
            x = best;
        }
        bool grown = expand(&s, x, ply);
        for (int i = ply - 1; i >= 0; i--)
            node_update(p->nodes, p->path[i], prover_to_move(&s, i));
        for (int i = 0; i < ply; i++)
            game_undo(s.game);
        if (!grown)
            break;
    }
    if (depth && outcome != PNS_UNKNOWN)
        *depth = solution_depth(&s, 0, 0, outcome == PNS_PROVED);
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
    if (plies && outcome == PNS_PROVED)
        *plies = depth;
    return outcome;
}

bool pns_value(board_color_t *winner, int *plies, pns_t *p, const game_t *game)
{
    board_color_t to_move = (board_color_t)game_current(game)->to_move;
    g_assert(pns_supports(game_rules(game)));
    pns_search_t goal = {.prover = BOARD_BLACK};
    int depth = 0;
    pns_outcome_t outcome = search(&depth, p, game, goal);
    if (outcome == PNS_UNKNOWN)
        return false;
    /* Without a bound the game is finite (superko) and has no draw: disproved is lost. */
    board_color_t w = outcome == PNS_PROVED ? BOARD_BLACK : BOARD_WHITE;
    *winner = w;
    *plies = -1;
    /* The winner plays the last move: an odd distance when it is to move. */
    int lo = w == to_move ? 1 : 2, hi = depth;
    while (lo < hi) {
        int mid = lo + 2 * ((hi - lo) / 4);
        int proved_in = 0;
        outcome = pns_prove(&proved_in, p, game, w, mid);
        if (outcome == PNS_UNKNOWN)
            return true;
        if (outcome == PNS_PROVED)
            hi = proved_in;
        else
            lo = mid + 2;
    }
    *plies = hi;
    return true;
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
    int lo = alpha + 1, hi = beta - 1; /* lo <= value <= hi */
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        outcome = pns_prove_margin(p, game, mid);
        if (outcome == PNS_UNKNOWN)
            return false;
        if (outcome == PNS_PROVED)
            lo = mid;
        else
            hi = mid - 1;
    }
    *value = lo;
    return true;
}
