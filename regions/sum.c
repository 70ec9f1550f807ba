/*
 * regions/sum.c: a board as the sum of its regions' games, and the plays the sum calls optimal.
 *
 * The sum keeps each region's part, its value, and the prisoners taken since the start (a
 * number added to the sum under the territory model), so a play re-values one region and one
 * sum.  The criteria are those of regions/sum.h: outcome classes for Mathematical Go, stops for
 * territory.
 */
#include "regions/sum.h"

#include "cgt/thermo.h"

#include <gmp.h>

struct region_sum {
    region_ctx_t *ctx;
    region_model_t model;
    GArray *parts;     /* region_part_t */
    cgt_game_t *value; /* one per part */
    long prisoners;    /* territory: Black's captures minus White's since the start */
    cgt_game_t total;  /* the parts' values plus prisoners */
    board_t position;  /* the whole board */
};

/* The sum of the parts' values and the prisoners. */
static cgt_game_t recompute_total(const region_sum_t *sum)
{
    cgt_ctx_t *cgt = region_ctx_cgt(sum->ctx);
    cgt_game_t total = cgt_integer(cgt, sum->prisoners);
    for (size_t i = 0; i < sum->parts->len; i++)
        total = cgt_add(cgt, total, sum->value[i]);
    return total;
}

region_sum_t *region_sum_create(region_ctx_t *ctx, const board_geom_t *geom,
                                const board_t *position, region_model_t model, GError **error)
{
    GArray *parts = region_split(geom, position, error);
    if (!parts)
        return NULL;
    region_sum_t *sum = g_new0(region_sum_t, 1);
    sum->ctx = ctx;
    sum->model = model;
    sum->parts = parts;
    sum->value = g_new0(cgt_game_t, parts->len ? parts->len : 1);
    sum->position = *position;
    for (size_t i = 0; i < parts->len; i++) {
        const region_part_t *part = &g_array_index(parts, region_part_t, i);
        if (!region_value(&sum->value[i], ctx, part->geom, &part->position, model, error)) {
            region_sum_destroy(sum);
            return NULL;
        }
    }
    sum->total = recompute_total(sum);
    return sum;
}

void region_sum_destroy(region_sum_t *sum)
{
    if (!sum)
        return;
    region_parts_free(sum->parts);
    g_free(sum->value);
    g_free(sum);
}

region_model_t region_sum_model(const region_sum_t *sum)
{
    return sum->model;
}

size_t region_sum_count(const region_sum_t *sum)
{
    return sum->parts->len;
}

const region_part_t *region_sum_part(const region_sum_t *sum, size_t i)
{
    return &g_array_index(sum->parts, region_part_t, i);
}

cgt_game_t region_sum_part_value(const region_sum_t *sum, size_t i)
{
    return sum->value[i];
}

cgt_game_t region_sum_value(const region_sum_t *sum)
{
    return sum->total;
}

board_t region_sum_position(const region_sum_t *sum)
{
    return sum->position;
}

/* The part holding the non-safe point p, or -1. */
static int part_of(const region_sum_t *sum, board_point_t p)
{
    for (size_t i = 0; i < sum->parts->len; i++) {
        const board_geom_t *g = region_sum_part(sum, i)->geom;
        if ((g->all & ~(g->safe[0] | g->safe[1])) & board_bit(p))
            return (int)i;
    }
    return -1;
}

/*
 * The value of part i after `to_move` plays p there, captures included under territory, into
 * *value, and the position after into *after.  False (no error) when the play is not legal;
 * false with *error when the follower cannot be valued.
 */
static bool value_after(cgt_game_t *value, board_t *after, int *captured, region_sum_t *sum,
                        size_t i, board_color_t to_move, board_point_t p, GError **error)
{
    const region_part_t *part = region_sum_part(sum, i);
    if (board_occupied(&part->position) & board_bit(p))
        return false;
    board_placement_t r = board_place(&part->position, part->geom, to_move, p);
    if (r.suicided)
        return false;
    if (!region_value(value, sum->ctx, part->geom, &r.after, sum->model, error))
        return false;
    *captured = board_popcount(r.captured);
    if (sum->model == REGION_MODEL_TERRITORY && *captured) {
        cgt_ctx_t *cgt = region_ctx_cgt(sum->ctx);
        *value =
            cgt_add(cgt, *value, cgt_integer(cgt, to_move == BOARD_BLACK ? *captured : -*captured));
    }
    *after = r.after;
    return true;
}

/* Whether the sum `next`, reached by a play of to_move from `now`, keeps to_move's optimum. */
static bool keeps_optimum(region_sum_t *sum, cgt_game_t now, cgt_game_t next, board_color_t to_move)
{
    cgt_ctx_t *cgt = region_ctx_cgt(sum->ctx);
    if (sum->model == REGION_MODEL_MATH) {
        cgt_outcome_t o = cgt_outcome(cgt, next); /* the opponent moves first in next */
        return o == CGT_OUTCOME_P || o == (to_move == BOARD_BLACK ? CGT_OUTCOME_L : CGT_OUTCOME_R);
    }
    mpq_t goal, reached;
    mpq_inits(goal, reached, NULL);
    if (to_move == BOARD_BLACK) {
        cgt_left_stop(goal, cgt, now);
        cgt_right_stop(reached, cgt, next);
    } else {
        cgt_right_stop(goal, cgt, now);
        cgt_left_stop(reached, cgt, next);
    }
    bool keeps = mpq_equal(goal, reached);
    mpq_clears(goal, reached, NULL);
    return keeps;
}

int region_sum_best_moves(board_move_t *moves, region_sum_t *sum, board_color_t to_move,
                          GError **error)
{
    cgt_ctx_t *cgt = region_ctx_cgt(sum->ctx);
    int n = 0;
    for (size_t i = 0; i < sum->parts->len; i++) {
        const region_part_t *part = region_sum_part(sum, i);
        cgt_game_t rest = cgt_sub(cgt, sum->total, sum->value[i]);
        for (uint64_t empty = board_empty(&part->position, part->geom); empty; empty &= empty - 1) {
            board_point_t p = board_lowest(empty);
            cgt_game_t v;
            board_t after;
            int captured;
            GError *local = NULL;
            if (!value_after(&v, &after, &captured, sum, i, to_move, p, &local)) {
                if (local) {
                    g_propagate_error(error, local);
                    return -1;
                }
                continue;
            }
            if (keeps_optimum(sum, sum->total, cgt_add(cgt, rest, v), to_move))
                moves[n++] = p;
        }
    }
    /* Parts are in no particular order: sort the plays by point. */
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0 && moves[b - 1] > moves[b]; b--) {
            board_move_t t = moves[b];
            moves[b] = moves[b - 1];
            moves[b - 1] = t;
        }
    return n;
}

bool region_sum_play(region_sum_t *sum, board_color_t to_move, board_move_t move, int *captured,
                     GError **error)
{
    int i = move < BOARD_MAX_POINTS ? part_of(sum, (board_point_t)move) : -1;
    cgt_game_t v;
    board_t after;
    int taken = 0;
    GError *local = NULL;
    if (i < 0 ||
        !value_after(&v, &after, &taken, sum, (size_t)i, to_move, (board_point_t)move, &local)) {
        if (local)
            g_propagate_error(error, local);
        else
            g_set_error(error, REGION_ERROR, REGION_ERROR_POSITION,
                        "not a legal play in any region");
        return false;
    }
    region_part_t *part = &g_array_index(sum->parts, region_part_t, i);
    uint64_t points = part->geom->all;
    part->position = after;
    sum->position.stones[0] = (sum->position.stones[0] & ~points) | after.stones[0];
    sum->position.stones[1] = (sum->position.stones[1] & ~points) | after.stones[1];
    /* value_after added the prisoners to v; keep them in the running count instead */
    if (sum->model == REGION_MODEL_TERRITORY && taken) {
        long signed_taken = to_move == BOARD_BLACK ? taken : -taken;
        v = cgt_sub(region_ctx_cgt(sum->ctx), v,
                    cgt_integer(region_ctx_cgt(sum->ctx), signed_taken));
        sum->prisoners += signed_taken;
    }
    sum->value[i] = v;
    sum->total = recompute_total(sum);
    if (captured)
        *captured += taken;
    return true;
}

/* Visits the local positions reachable from p; true when a play among them captures. */
static bool capture_reachable(const board_geom_t *g, const board_t *p, GHashTable *seen)
{
    board_t *key = g_new(board_t, 1);
    *key = *p;
    if (!g_hash_table_add(seen, key))
        return false;
    for (int c = 0; c < 2; c++)
        for (uint64_t empty = board_empty(p, g); empty; empty &= empty - 1) {
            board_placement_t r = board_place(p, g, (board_color_t)c, board_lowest(empty));
            if (!r.suicided && (r.captured || capture_reachable(g, &r.after, seen)))
                return true;
        }
    return false;
}

static guint position_hash(gconstpointer a)
{
    const board_t *b = a;
    uint64_t x = b->stones[0] * 0x9E3779B97F4A7C15ULL ^ b->stones[1];
    return (guint)(x ^ (x >> 32));
}

static gboolean position_equal(gconstpointer a, gconstpointer b)
{
    return board_equal(a, b);
}

int region_sum_capturing_region(const region_sum_t *sum)
{
    for (size_t i = 0; i < sum->parts->len; i++) {
        const region_part_t *part = region_sum_part(sum, i);
        GHashTable *seen = g_hash_table_new_full(position_hash, position_equal, g_free, NULL);
        bool found = capture_reachable(part->geom, &part->position, seen);
        g_hash_table_destroy(seen);
        if (found)
            return (int)i;
    }
    return -1;
}
