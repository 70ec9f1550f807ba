/*
 * dist/plan.c: the expansion tree of a distributed solve, its bounds and the alpha-beta
 * windows of its units (dist/dist.h; docs/scale.md, "Design").
 *
 * Every node keeps lo <= value <= hi in the ROOT's terms: a unit's answer at depth k is moved
 * there by counting its k plies into every win or loss with a distance (solver/search.h: the
 * value of a node is the best of its children's with one more ply in each distance, and that
 * shift is monotone, so the root-terms value of a node is the plain maximum, or minimum, of its
 * children's root-terms values).  The root is solved by a sequence of null-window tests, as
 * the single-process solver's root (plan_next_test); within a test a node's window (alpha,
 * beta) is its parent's narrowed by the siblings' bounds (a Black node by the best lower bound
 * among the other children, a White node by the least upper bound), as in alpha-beta, and a
 * node is needed while its own bounds are open inside its window and its parent is needed.
 * Bounds only narrow, so within a test windows only narrow: a bound outside a unit's window
 * when it was searched stays outside.  When no needed unit is open the test is answered: a
 * needed node with every child settled is settled itself (its lower bound reaches its upper
 * bound or leaves the window).  Each test narrows the root's bounds, so the tests end; a unit
 * may be searched again in a later test, with its bounds so far kept.
 */
#include "dist/internal.h"

#include "core/score.h"

#include <string.h>

G_DEFINE_QUARK(mathgo - dist - error - quark, dist_error)

typedef struct dist_node {
    int parent;      /* -1 for the root */
    int first_child; /* children are consecutive nodes; -1 for a leaf */
    int child_count;
    int depth;
    board_move_t move;  /* the move from the parent */
    bool black;         /* Black to move: a max node (Black's view) */
    int lo, hi;         /* the value's bounds, root terms */
    int own_lo, own_hi; /* what answers for this node's own unit proved (a split unit keeps
                         * them beside its children's), root terms */
    int unit;           /* -1 for an interior node */
    bool ended;         /* a leaf whose game has ended */
    int order;          /* the move's static order among its siblings (play_order) */
} dist_node_t;

struct dist_plan {
    dist_node_t *nodes;
    int node_count, node_room;
    int *unit_node; /* unit -> node, in depth-first order */
    bool *running;  /* per unit */
    int unit_count;
    int depth;
    /* The root's null-window test (root terms), and how many tests were made: */
    int test_alpha, test_beta;
    int tests;
    bool deepening;               /* last-move scoring: distance deepening first */
    search_distances_t distances; /* the schedule of the distance tests */
    bool distance_test;           /* the test in progress is one of them */
    uint64_t test_nodes;          /* the nodes answered since the test began */
    /* Recomputed after every change of bounds: */
    int *alpha, *beta; /* per node, root terms */
    bool *needed;      /* per node */
};

int dist_to_root(int value, int depth)
{
    if (value >= SEARCH_VALUE_INF || value <= -SEARCH_VALUE_INF)
        return value;
    if (value > SEARCH_VALUE_WIN_MIN)
        return value - depth;
    if (value < -SEARCH_VALUE_WIN_MIN)
        return value + depth;
    return value;
}

int dist_to_unit(int value, int depth)
{
    if (value >= SEARCH_VALUE_INF || value <= -SEARCH_VALUE_INF)
        return value;
    /* A win or loss with a distance (beyond every score and cycle value): the root's
     * distance less the unit's depth. */
    if (value > SEARCH_VALUE_CYCLE_WIN)
        return MIN(value + depth, SEARCH_VALUE_INF);
    if (value < -SEARCH_VALUE_CYCLE_WIN)
        return MAX(value - depth, -SEARCH_VALUE_INF);
    return value;
}

/*
 * The static order of the play that made `game` (higher first), the solver's move order less
 * what only a search knows (solver/moves.c: captures, more stones first; then the area margin
 * after the play; then the points farthest from the edge; the pass last).  Units are handed
 * out in this order among siblings whose bounds say nothing yet (plan_pick): in generation
 * order, a corner first, the winner's good move is often searched last.
 */
static int play_order(const game_t *game, board_move_t move)
{
    if (move == BOARD_MOVE_PASS || move == BOARD_MOVE_NONE)
        return -(1 << 30);
    const board_geom_t *g = game_geom(game);
    const game_state_t *now = game_current(game);
    board_color_t mover = board_color_other((board_color_t)now->to_move);
    int captured =
        now->captures[mover] - game_state_at(game, game_length(game) - 1)->captures[mover];
    if (captured > 0)
        return (1 << 30) + captured;
    int x = move % g->width, y = move / g->width;
    int dx = MIN(x, g->width - 1 - x), dy = MIN(y, g->height - 1 - y);
    return ((score_area_margin(&now->board, g, mover) + BOARD_MAX_POINTS) << 8) + dx + dy;
}

static int node_add(dist_plan_t *plan, int parent, board_move_t move, const game_t *game)
{
    if (plan->node_count == plan->node_room) {
        plan->node_room = plan->node_room ? 2 * plan->node_room : 64;
        plan->nodes = g_renew(dist_node_t, plan->nodes, plan->node_room);
    }
    int i = plan->node_count++;
    dist_node_t *n = &plan->nodes[i];
    memset(n, 0, sizeof *n);
    n->parent = parent;
    n->first_child = -1;
    n->depth = parent < 0 ? 0 : plan->nodes[parent].depth + 1;
    n->move = move;
    n->order = parent < 0 ? 0 : play_order(game, move);
    n->black = game_current(game)->to_move == BOARD_BLACK;
    n->lo = -SEARCH_VALUE_INF, n->hi = SEARCH_VALUE_INF;
    n->own_lo = -SEARCH_VALUE_INF, n->own_hi = SEARCH_VALUE_INF;
    n->unit = -1;
    if (game_status(game) != GAME_ONGOING) {
        game_result_t res = game_result(game);
        if (!res.unknown) { /* else a worker's search reports the Analysis's limit */
            n->ended = true;
            n->lo = n->hi =
                dist_to_root(search_value_of_result(&res, game_rules(game), 0), n->depth);
        }
    }
    if (n->depth > plan->depth)
        plan->depth = n->depth;
    return i;
}

/* Appends the children of node i (every legal move, in game_legal_moves's order) and their
 * games, which the caller frees. */
static int node_expand(game_t **children, dist_plan_t *plan, int i, const game_t *game)
{
    board_move_t moves[BOARD_MAX_POINTS + 1];
    int n = game_legal_moves(moves, game);
    int first = plan->node_count;
    for (int k = 0; k < n; k++) {
        children[k] = game_copy(game);
        game_play(children[k], moves[k]);
        node_add(plan, i, moves[k], children[k]);
    }
    plan->nodes[i].first_child = n ? first : -1;
    plan->nodes[i].child_count = n;
    return n;
}

static void number_units(dist_plan_t *plan, int i)
{
    dist_node_t *n = &plan->nodes[i];
    if (!n->child_count) {
        n->unit = plan->unit_count;
        plan->unit_node[plan->unit_count++] = i;
        return;
    }
    for (int c = 0; c < n->child_count; c++)
        number_units(plan, n->first_child + c);
}

static void plan_recompute(dist_plan_t *plan);
static void plan_windows(dist_plan_t *plan);
static void plan_next_test(dist_plan_t *plan);

/* The units in depth-first order and the scratch arrays, once the tree is built. */
static void plan_finish(dist_plan_t *plan)
{
    plan->unit_node = g_new(int, plan->node_count);
    plan->unit_count = 0;
    number_units(plan, 0);
    plan->running = g_new0(bool, plan->unit_count);
    plan->alpha = g_new(int, plan->node_count);
    plan->beta = g_new(int, plan->node_count);
    plan->needed = g_new(bool, plan->node_count);
    plan->tests = 0;
    plan_next_test(plan);
    plan_recompute(plan);
}

/* A queue of nodes with their games, for the breadth-first builds. */
typedef struct frontier {
    int *node;
    game_t **game;
    int count;
} frontier_t;

static void frontier_clear(frontier_t *f)
{
    for (int i = 0; i < f->count; i++)
        game_destroy(f->game[i]);
    g_free(f->node);
    g_free(f->game);
    memset(f, 0, sizeof *f);
}

/* Expands the nodes of `level` for which expand(node's moves) says so; the next level. */
typedef bool (*expand_fn)(const dist_plan_t *plan, int node, void *data);

static frontier_t expand_level(dist_plan_t *plan, frontier_t *level, expand_fn expand, void *data)
{
    frontier_t next = {0};
    int room = 0;
    for (int i = 0; i < level->count; i++) {
        int node = level->node[i];
        if (plan->nodes[node].ended || !expand(plan, node, data))
            continue;
        if (room < next.count + BOARD_MAX_POINTS + 1) {
            room = 2 * (next.count + BOARD_MAX_POINTS + 1);
            next.node = g_renew(int, next.node, room);
            next.game = g_renew(game_t *, next.game, room);
        }
        int first = plan->node_count;
        int n = node_expand(next.game + next.count, plan, node, level->game[i]);
        for (int k = 0; k < n; k++)
            next.node[next.count + k] = first + k;
        next.count += n;
    }
    return next;
}

static bool expand_all(const dist_plan_t *plan, int node, void *data)
{
    (void)plan, (void)node, (void)data;
    return true;
}

static dist_plan_t *plan_begin(frontier_t *level, const game_t *game)
{
    dist_plan_t *plan = g_new0(dist_plan_t, 1);
    plan->deepening = game_rules(game)->scoring == RULES_SCORING_LAST_MOVE;
    level->node = g_new(int, 1);
    level->game = g_new(game_t *, 1);
    level->game[0] = game_copy(game);
    level->node[0] = node_add(plan, -1, BOARD_MOVE_NONE, game);
    level->count = 1;
    return plan;
}

dist_plan_t *dist_plan_create(const game_t *game, int target_units)
{
    frontier_t level = {0};
    dist_plan_t *plan = plan_begin(&level, game);
    int leaves = 1;
    while (leaves < target_units) {
        frontier_t next = expand_level(plan, &level, expand_all, NULL);
        if (!next.count) {
            frontier_clear(&next);
            break;
        }
        int expanded = 0;
        for (int i = 0; i < level.count; i++)
            expanded += plan->nodes[level.node[i]].child_count > 0;
        leaves += next.count - expanded;
        frontier_clear(&level);
        level = next;
    }
    frontier_clear(&level);
    plan_finish(plan);
    return plan;
}

/* The key of a node's move sequence, for the journal's build. */
static char *sequence_key(const dist_plan_t *plan, int node)
{
    board_move_t moves[SEARCH_MAX_PV];
    int n = 0;
    for (int i = node; plan->nodes[i].parent >= 0; i = plan->nodes[i].parent)
        moves[n++] = plan->nodes[i].move;
    GString *s = g_string_new("");
    for (int i = n - 1; i >= 0; i--)
        g_string_append_printf(s, "%d ", moves[i]);
    return g_string_free(s, FALSE);
}

static bool expand_listed(const dist_plan_t *plan, int node, void *data)
{
    GHashTable *prefixes = data;
    char *key = sequence_key(plan, node);
    bool listed = g_hash_table_contains(prefixes, key);
    g_free(key);
    return listed;
}

dist_plan_t *dist_plan_create_from_units(const game_t *game, int unit_count, const int *move_counts,
                                         const board_move_t *const *moves, GError **error)
{
    /* Expand exactly the proper prefixes of the listed sequences, then check that the leaves
     * are the list, in order. */
    GHashTable *prefixes = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (int u = 0; u < unit_count; u++) {
        GString *s = g_string_new("");
        for (int k = 0; k < move_counts[u]; k++) {
            g_hash_table_add(prefixes, g_strdup(s->str));
            g_string_append_printf(s, "%d ", moves[u][k]);
        }
        g_string_free(s, TRUE);
    }
    frontier_t level = {0};
    dist_plan_t *plan = plan_begin(&level, game);
    while (level.count) {
        frontier_t next = expand_level(plan, &level, expand_listed, prefixes);
        frontier_clear(&level);
        level = next;
    }
    g_hash_table_destroy(prefixes);
    plan_finish(plan);
    bool same = plan->unit_count == unit_count;
    for (int u = 0; same && u < unit_count; u++) {
        board_move_t mine[SEARCH_MAX_PV];
        int n = dist_plan_unit_moves(mine, plan, u);
        same = n == move_counts[u] && !memcmp(mine, moves[u], (size_t)n);
    }
    if (!same) {
        g_set_error(error, DIST_ERROR, DIST_ERROR_CORRUPT,
                    "its %d units are not the complete expansion of the root (illegal moves, or "
                    "a node with some but not all of its children)",
                    unit_count);
        dist_plan_destroy(plan);
        return NULL;
    }
    return plan;
}

void dist_plan_destroy(dist_plan_t *plan)
{
    if (!plan)
        return;
    g_free(plan->nodes);
    g_free(plan->unit_node);
    g_free(plan->running);
    g_free(plan->alpha);
    g_free(plan->beta);
    g_free(plan->needed);
    g_free(plan);
}

int dist_plan_unit_count(const dist_plan_t *plan)
{
    return plan->unit_count;
}

int dist_plan_depth(const dist_plan_t *plan)
{
    return plan->depth;
}

int dist_plan_unit_moves(board_move_t *moves, const dist_plan_t *plan, int unit)
{
    int node = plan->unit_node[unit];
    int n = plan->nodes[node].depth;
    for (int i = node, k = n - 1; plan->nodes[i].parent >= 0; i = plan->nodes[i].parent, k--)
        moves[k] = plan->nodes[i].move;
    return n;
}

game_t *dist_plan_unit_game(const dist_plan_t *plan, const game_t *root, int unit)
{
    board_move_t moves[SEARCH_MAX_PV];
    int n = dist_plan_unit_moves(moves, plan, unit);
    game_t *game = game_copy(root);
    for (int k = 0; k < n; k++) {
        game_legality_t legal = game_play(game, moves[k]);
        g_assert(legal == GAME_LEGAL);
    }
    return game;
}

bool dist_plan_unit_ended(const dist_plan_t *plan, int unit)
{
    return plan->nodes[plan->unit_node[unit]].ended;
}

int dist_plan_unit_depth(const dist_plan_t *plan, int unit)
{
    return plan->nodes[plan->unit_node[unit]].depth;
}

/* What a child offers its parent's mover for sure, to be maximised: its lower bound under
 * Black, minus its upper bound under White. */
static int sibling_key(const dist_plan_t *plan, const dist_node_t *parent, int k)
{
    const dist_node_t *c = &plan->nodes[parent->first_child + k];
    return parent->black ? c->lo : -c->hi;
}

/*
 * The root's next null-window test, as the single-process solver's root tests
 * (docs/solver.md, "Search"): under last-move scoring, distance deepening ("does the player who
 * would win at ply d win within d plies?" for the least d the bounds leave open); otherwise,
 * and once such a test says yes, MTD(f) steps from the bound found: "value > lo?" after a yes,
 * "value < hi?" after a no.  Each test narrows the root's bounds, so the tests end.
 */
static void plan_next_test(dist_plan_t *plan)
{
    const dist_node_t *root = &plan->nodes[0];
    if (plan->distance_test) {
        /* "value >= test_beta?": a Black target is reached on a yes, a White one on a no. */
        bool black_asked = plan->test_beta > SEARCH_VALUE_WIN_MIN;
        bool yes = root->lo >= plan->test_beta;
        search_distances_answer(&plan->distances, plan->test_nodes, black_asked == yes);
        plan->distance_test = false;
    }
    plan->tests++;
    plan->test_nodes = 0;
    if (plan->deepening && (root->hi > SEARCH_VALUE_WIN_MIN || root->lo < -SEARCH_VALUE_WIN_MIN)) {
        int t;
        if (search_distances_next(&t, &plan->distances, root->black ? BOARD_BLACK : BOARD_WHITE,
                                  root->lo, root->hi)) {
            plan->test_alpha = t - 1, plan->test_beta = t;
            plan->distance_test = true;
            return;
        }
        plan->deepening = false;
    }
    if (plan->tests == 1)
        plan->test_alpha = -1, plan->test_beta = 1; /* who wins, and is it a tie? */
    else if (root->lo >= plan->test_beta)
        plan->test_alpha = root->lo, plan->test_beta = root->lo + 1;
    else
        plan->test_alpha = root->hi - 1, plan->test_beta = root->hi;
}

/* Bounds bottom-up (children have higher indices than their parent), then windows and the
 * needed marks top-down. */
static void plan_recompute(dist_plan_t *plan)
{
    for (int i = plan->node_count - 1; i >= 0; i--) {
        dist_node_t *n = &plan->nodes[i];
        if (!n->child_count)
            continue;
        const dist_node_t *c = &plan->nodes[n->first_child];
        int lo = c->lo, hi = c->hi;
        for (int k = 1; k < n->child_count; k++) {
            if (n->black)
                lo = MAX(lo, c[k].lo), hi = MAX(hi, c[k].hi);
            else
                lo = MIN(lo, c[k].lo), hi = MIN(hi, c[k].hi);
        }
        n->lo = MAX(lo, n->own_lo), n->hi = MIN(hi, n->own_hi);
        g_assert(n->lo <= n->hi);
    }
    plan_windows(plan);
    const dist_node_t *root = &plan->nodes[0];
    while (!plan->needed[0] && root->lo < root->hi) {
        plan_next_test(plan);
        plan_windows(plan);
    }
}

/* The windows and the needed marks top-down, from the root's test window. */
static void plan_windows(dist_plan_t *plan)
{
    const dist_node_t *root = &plan->nodes[0];
    plan->alpha[0] = plan->test_alpha, plan->beta[0] = plan->test_beta;
    plan->needed[0] =
        root->lo < root->hi && root->hi > plan->test_alpha && root->lo < plan->test_beta;
    for (int i = 0; i < plan->node_count; i++) {
        const dist_node_t *n = &plan->nodes[i];
        if (!n->child_count)
            continue;
        /* The best and second best of the children's lower (Black) or upper (White) bounds:
         * each child's window excludes its own. */
        int best = -1, second = -1;
        for (int k = 0; k < n->child_count; k++) {
            int v = sibling_key(plan, n, k);
            if (best < 0 || v > sibling_key(plan, n, best))
                second = best, best = k;
            else if (second < 0 || v > sibling_key(plan, n, second))
                second = k;
        }
        for (int k = 0; k < n->child_count; k++) {
            int ci = n->first_child + k;
            const dist_node_t *c = &plan->nodes[ci];
            int other = k == best ? second : best;
            int a = plan->alpha[i], b = plan->beta[i];
            if (other >= 0) {
                const dist_node_t *o = &plan->nodes[n->first_child + other];
                if (n->black)
                    a = MAX(a, o->lo);
                else
                    b = MIN(b, o->hi);
            }
            plan->alpha[ci] = a, plan->beta[ci] = b;
            plan->needed[ci] = plan->needed[i] && a < b && c->lo < c->hi && c->hi > a && c->lo < b;
        }
    }
}

/* Whether child a of a node goes before child b: the one whose bounds promise its parent's
 * mover more (a Black parent: the higher lower bound, then the higher upper bound; White the
 * mirror), so that the move that cut off in an earlier test goes first again; then the static
 * order; then the order of generation. */
static bool plan_before(const dist_plan_t *plan, bool black, int a, int b)
{
    const dist_node_t *x = &plan->nodes[a], *y = &plan->nodes[b];
    int xk1 = black ? x->lo : -x->hi, yk1 = black ? y->lo : -y->hi;
    if (xk1 != yk1)
        return xk1 > yk1;
    int xk2 = black ? x->hi : -x->lo, yk2 = black ? y->hi : -y->lo;
    if (xk2 != yk2)
        return xk2 > yk2;
    if (x->order != y->order)
        return x->order > y->order;
    return a < b;
}

/* The first needed unit under node i that is not running, children taken in plan_before's
 * order; -1 when none. */
static int plan_pick(const dist_plan_t *plan, int i)
{
    const dist_node_t *n = &plan->nodes[i];
    if (!plan->needed[i])
        return -1;
    if (!n->child_count)
        return plan->running[n->unit] ? -1 : n->unit;
    int order[BOARD_MAX_POINTS + 1];
    for (int k = 0; k < n->child_count; k++) {
        int c = n->first_child + k, j = k;
        for (; j > 0 && plan_before(plan, n->black, c, order[j - 1]); j--)
            order[j] = order[j - 1];
        order[j] = c;
    }
    /* Young brothers wait (Feldmann 1993): until one child of a needed node has been
     * searched to the end of this test without deciding it (a child no longer needed while
     * its parent is), only its first needed child is searched; a second worker would mostly
     * search a brother that the first child's cutoff makes useless.  After that, the node is
     * probably one whose every child must be searched, and its children go out in parallel. */
    bool searched = false;
    for (int k = 0; k < n->child_count; k++)
        searched |= !plan->needed[n->first_child + k];
    /* A split unit still searching (dist_plan_split): its search takes the first child itself,
     * so the others help with its younger brothers at once. */
    bool helping = n->unit >= 0 && plan->running[n->unit];
    for (int k = helping ? 1 : 0; k < n->child_count; k++) {
        if (!plan->needed[order[k]])
            continue;
        int u = plan_pick(plan, order[k]);
        if (u >= 0 || (!searched && !helping))
            return u;
    }
    return -1;
}

bool dist_plan_next(int *unit, int *alpha, int *beta, dist_plan_t *plan)
{
    int u = plan_pick(plan, 0);
    if (u < 0)
        return false;
    int node = plan->unit_node[u];
    int depth = plan->nodes[node].depth;
    *unit = u;
    *alpha = dist_to_unit(plan->alpha[node], depth);
    *beta = dist_to_unit(plan->beta[node], depth);
    plan->running[u] = true;
    return true;
}

void dist_plan_release(dist_plan_t *plan, int unit)
{
    plan->running[unit] = false;
}

bool dist_plan_split(dist_plan_t *plan, const game_t *root, int unit)
{
    int node = plan->unit_node[unit];
    const dist_node_t *n = &plan->nodes[node];
    if (n->child_count || n->ended || n->depth >= SEARCH_MAX_PV - 1)
        return false;
    game_t *game = dist_plan_unit_game(plan, root, unit);
    if (game_status(game) != GAME_ONGOING) { /* an Analysis past its limit: nothing to split */
        game_destroy(game);
        return false;
    }
    game_t *children[BOARD_MAX_POINTS + 1];
    int first = plan->node_count;
    int count = node_expand(children, plan, node, game);
    for (int k = 0; k < count; k++)
        game_destroy(children[k]);
    game_destroy(game);
    plan->unit_node = g_renew(int, plan->unit_node, plan->unit_count + count);
    plan->running = g_renew(bool, plan->running, plan->unit_count + count);
    for (int k = 0; k < count; k++) {
        plan->nodes[first + k].unit = plan->unit_count;
        plan->running[plan->unit_count] = false;
        plan->unit_node[plan->unit_count++] = first + k;
    }
    plan->alpha = g_renew(int, plan->alpha, plan->node_count);
    plan->beta = g_renew(int, plan->beta, plan->node_count);
    plan->needed = g_renew(bool, plan->needed, plan->node_count);
    plan_recompute(plan);
    return true;
}

void dist_plan_bounds_of(int *lo, int *hi, int r, int alpha, int beta)
{
    *lo = r <= alpha ? -SEARCH_VALUE_INF : r;
    *hi = r >= beta ? SEARCH_VALUE_INF : r;
}

void dist_plan_record(dist_plan_t *plan, int unit, int lo, int hi, uint64_t nodes)
{
    plan->test_nodes += nodes;
    dist_node_t *n = &plan->nodes[plan->unit_node[unit]];
    plan->running[unit] = false;
    n->own_lo = MAX(n->own_lo, dist_to_root(lo, n->depth));
    n->own_hi = MIN(n->own_hi, dist_to_root(hi, n->depth));
    n->lo = MAX(n->lo, n->own_lo);
    n->hi = MIN(n->hi, n->own_hi);
    g_assert(n->lo <= n->hi);
    plan_recompute(plan);
}

bool dist_plan_needed(const dist_plan_t *plan, int unit)
{
    return plan->needed[plan->unit_node[unit]];
}

bool dist_plan_running(const dist_plan_t *plan, int unit)
{
    return plan->running[unit];
}

bool dist_plan_decided(int *value, const dist_plan_t *plan)
{
    if (plan->nodes[0].lo != plan->nodes[0].hi)
        return false;
    *value = plan->nodes[0].lo;
    return true;
}

int dist_plan_test(int *alpha, int *beta, const dist_plan_t *plan)
{
    *alpha = plan->test_alpha, *beta = plan->test_beta;
    return plan->tests;
}

void dist_plan_root_bounds(int *lo, int *hi, const dist_plan_t *plan)
{
    *lo = plan->nodes[0].lo, *hi = plan->nodes[0].hi;
}

bool dist_plan_solve_here(int *value, uint64_t *nodes, dist_plan_t *plan, search_t *search,
                          const game_t *root, GError **error)
{
    *nodes = 0;
    int unit, alpha, beta;
    while (!dist_plan_decided(value, plan)) {
        bool any = dist_plan_next(&unit, &alpha, &beta, plan);
        g_assert(any); /* the root is decided once no needed unit is left (plan.c's header) */
        game_t *game = dist_plan_unit_game(plan, root, unit);
        uint64_t before = search_stats(search).nodes;
        int r;
        bool ok = search_value(&r, search, game, alpha, beta, error);
        game_destroy(game);
        uint64_t cost = search_stats(search).nodes - before;
        *nodes += cost;
        if (!ok) {
            dist_plan_release(plan, unit);
            return false;
        }
        int lo, hi;
        dist_plan_bounds_of(&lo, &hi, r, alpha, beta);
        dist_plan_record(plan, unit, lo, hi, cost);
    }
    return true;
}
