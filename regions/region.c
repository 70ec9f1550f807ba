/*
 * regions/region.c: the value of a local position, by a depth-first search over the graph of
 * local positions (an edge per legal move of either colour) with a table of evaluated positions.
 *
 * Every follower of a local position is a local position, so the game of P is determined by
 * the games of the positions one move away: value(P) = {value(P_B) (+ captures) | value(P_W)
 * (- captures)}.  The graph is finite (at most 3^points positions); the game is short exactly
 * when no cycle is reachable from P.  The search marks a position "on path" while its followers
 * are evaluated; meeting such a position again is a cycle (a back edge), and every position on
 * the path then reaches it, so all of them are marked loopy with the same cycle and never
 * valued.  A position is evaluated once per model and context: its entry keeps its canonical
 * game (an id of the context's cgt table).
 */
#include "regions/region.h"

#include "cgt/game.h"
#include "core/hash.h"

#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK(region - error - quark, region_error)

static const char *const model_names[REGION_MODEL_COUNT] = {"territory", "math"};

const char *region_model_name(region_model_t model)
{
    return model_names[model];
}

bool region_model_parse(region_model_t *model, const char *text, GError **error)
{
    for (int m = 0; m < REGION_MODEL_COUNT; m++)
        if (!strcmp(text, model_names[m])) {
            *model = (region_model_t)m;
            return true;
        }
    g_set_error(error, REGION_ERROR, REGION_ERROR_PARSE, "unknown model '%s' (territory or math)",
                text);
    return false;
}

/* ---- The table of local positions ----------------------------------------------------------
 *
 * Open addressing with linear probing; the capacity is a power of two and at most half full.
 * An entry is keyed by the exact position, the region it lies on (an index into the context's
 * table of regions) and the model; the hash is core/hash.h's Zobrist key mixed with the region
 * and model.  Entries are never removed: a search stopped by the limit leaves its path's entries
 * ENTRY_UNKNOWN, which a later search evaluates again.
 */

typedef enum entry_state {
    ENTRY_FREE = 0,
    ENTRY_ON_PATH, /* being evaluated: `value` holds its depth on the path */
    ENTRY_DONE,    /* `value` holds the canonical game */
    ENTRY_LOOPY,   /* reaches a cycle: `value` holds the cycle's point and length */
    ENTRY_UNKNOWN, /* a search was stopped by the limit before valuing it */
} entry_state_t;

/* 32 bytes: position 16, hash 8, value 4, region 2, model 1, state 1. */
typedef struct entry {
    board_t position;
    uint64_t hash;
    uint32_t value;
    uint16_t region;
    uint8_t model;
    uint8_t state;
} entry_t;
_Static_assert(sizeof(entry_t) == 32, "entry_t is 32 bytes");

/* A region the table has seen: the geometry's identity (its copy; keys survive the caller's). */
typedef struct region_id {
    uint8_t width, height;
    uint64_t all, safe[2];
} region_id_t;

struct region_ctx {
    cgt_ctx_t *cgt;
    entry_t *entries;
    size_t capacity, used, limit;
    GHashTable *regions; /* region_id_t * -> its index + 1 */
};

/* The longest path of plays the search follows (recursion depth). */
enum { MAX_DEPTH = 4096 };

static guint region_id_hash(gconstpointer p)
{
    const region_id_t *r = p;
    uint64_t h = r->all * 0x9e3779b97f4a7c15ULL ^ r->safe[0] * 0xc2b2ae3d27d4eb4fULL ^ r->safe[1] ^
                 ((uint64_t)r->width << 8 | r->height);
    return (guint)(h ^ h >> 32);
}

static gboolean region_id_equal(gconstpointer a, gconstpointer b)
{
    const region_id_t *x = a, *y = b;
    return x->width == y->width && x->height == y->height && x->all == y->all &&
           x->safe[0] == y->safe[0] && x->safe[1] == y->safe[1];
}

region_ctx_t *region_ctx_create(size_t position_limit)
{
    region_ctx_t *ctx = g_new0(region_ctx_t, 1);
    ctx->cgt = cgt_ctx_create();
    ctx->capacity = 1024;
    ctx->entries = g_new0(entry_t, ctx->capacity);
    ctx->limit = position_limit ? position_limit : REGION_DEFAULT_POSITION_LIMIT;
    ctx->regions = g_hash_table_new_full(region_id_hash, region_id_equal, g_free, NULL);
    return ctx;
}

void region_ctx_destroy(region_ctx_t *ctx)
{
    if (!ctx)
        return;
    cgt_ctx_destroy(ctx->cgt);
    g_free(ctx->entries);
    g_hash_table_destroy(ctx->regions);
    g_free(ctx);
}

cgt_ctx_t *region_ctx_cgt(region_ctx_t *ctx)
{
    return ctx->cgt;
}

size_t region_ctx_positions(const region_ctx_t *ctx)
{
    return ctx->used;
}

/*
 * The index of the geometry's region in the table's keys.  The table is a cache of values that
 * stay valid (their games live in the cgt context): when 65,535 regions have been seen (the
 * width of an entry's region field) it starts afresh.
 */
static uint16_t region_index(region_ctx_t *ctx, const board_geom_t *g)
{
    region_id_t id;
    memset(&id, 0, sizeof id);
    id.width = g->width;
    id.height = g->height;
    id.all = g->all;
    id.safe[0] = g->safe[0];
    id.safe[1] = g->safe[1];
    gpointer found = g_hash_table_lookup(ctx->regions, &id);
    if (found)
        return (uint16_t)(GPOINTER_TO_UINT(found) - 1);
    if (g_hash_table_size(ctx->regions) >= UINT16_MAX) {
        g_hash_table_remove_all(ctx->regions);
        memset(ctx->entries, 0, ctx->capacity * sizeof *ctx->entries);
        ctx->used = 0;
    }
    guint index = g_hash_table_size(ctx->regions);
    g_hash_table_insert(ctx->regions, g_memdup2(&id, sizeof id), GUINT_TO_POINTER(index + 1));
    return (uint16_t)index;
}

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

/* The slot of (position, region, model): its entry, or the free slot where it belongs. */
static size_t find_slot(const region_ctx_t *ctx, const board_t *p, uint64_t hash, uint16_t region,
                        uint8_t model)
{
    size_t mask = ctx->capacity - 1;
    for (size_t i = mix(hash) & mask;; i = (i + 1) & mask) {
        const entry_t *e = &ctx->entries[i];
        if (e->state == ENTRY_FREE || (e->hash == hash && e->region == region &&
                                       e->model == model && board_equal(&e->position, p)))
            return i;
    }
}

static void grow(region_ctx_t *ctx)
{
    entry_t *old = ctx->entries;
    size_t old_capacity = ctx->capacity;
    ctx->capacity *= 2;
    ctx->entries = g_new0(entry_t, ctx->capacity);
    for (size_t i = 0; i < old_capacity; i++)
        if (old[i].state != ENTRY_FREE) {
            size_t j = find_slot(ctx, &old[i].position, old[i].hash, old[i].region, old[i].model);
            ctx->entries[j] = old[i];
        }
    g_free(old);
}

/* ---- The search -------------------------------------------------------------------------- */

typedef enum search_status { SEARCH_OK, SEARCH_LOOPY, SEARCH_LIMIT } search_status_t;

typedef struct search {
    region_ctx_t *ctx;
    const board_geom_t *geom;
    uint16_t region;
    uint8_t model;
    uint32_t cycle; /* of a loopy result: point | length << 8 */
} search_t;

int region_territory_count(const board_geom_t *geom, const board_t *position)
{
    uint64_t empty = board_empty(position, geom);
    int count = 0;
    while (empty) {
        uint64_t area = board_flood(geom, empty & -empty, board_empty(position, geom));
        uint64_t around = board_adjacent(geom, area);
        bool black = around & position->stones[BOARD_BLACK];
        bool white = around & position->stones[BOARD_WHITE];
        if (black != white)
            count += black ? board_popcount(area) : -board_popcount(area);
        empty &= ~area;
    }
    return count;
}

static search_status_t evaluate(cgt_game_t *out, search_t *s, const board_t *p, unsigned depth);

/*
 * The options of colour c from p into out (value plus or minus captures under territory), or a
 * status other than SEARCH_OK when a follower is loopy or the limit is reached.
 */
static search_status_t options(cgt_game_t *out, board_point_t *points, size_t *n, search_t *s,
                               const board_t *p, board_color_t c, unsigned depth)
{
    const board_geom_t *g = s->geom;
    *n = 0;
    for (uint64_t empty = board_empty(p, g); empty; empty &= empty - 1) {
        board_point_t point = board_lowest(empty);
        board_placement_t r = board_place(p, g, c, point);
        if (r.suicided)
            continue;
        cgt_game_t v;
        search_status_t st = evaluate(&v, s, &r.after, depth + 1);
        if (st == SEARCH_LOOPY && (s->cycle >> 8) == 0) {
            /* the follower is on the path: this play closes the cycle */
            size_t slot = find_slot(s->ctx, &r.after, hash_key(&r.after, g), s->region, s->model);
            s->cycle = point | (uint32_t)(depth + 1 - s->ctx->entries[slot].value) << 8;
        }
        if (st != SEARCH_OK)
            return st;
        if (s->model == REGION_MODEL_TERRITORY && r.captured) {
            long captured = board_popcount(r.captured);
            v = cgt_add(s->ctx->cgt, v,
                        cgt_integer(s->ctx->cgt, c == BOARD_BLACK ? captured : -captured));
        }
        if (points)
            points[*n] = point;
        out[(*n)++] = v;
    }
    return SEARCH_OK;
}

static search_status_t evaluate(cgt_game_t *out, search_t *s, const board_t *p, unsigned depth)
{
    region_ctx_t *ctx = s->ctx;
    uint64_t hash = hash_key(p, s->geom);
    size_t slot = find_slot(ctx, p, hash, s->region, s->model);
    entry_t *e = &ctx->entries[slot];
    switch ((entry_state_t)e->state) {
    case ENTRY_DONE:
        *out = e->value;
        return SEARCH_OK;
    case ENTRY_ON_PATH:
        s->cycle = 0; /* the caller names the play that came back here */
        return SEARCH_LOOPY;
    case ENTRY_LOOPY:
        s->cycle = e->value;
        return SEARCH_LOOPY;
    case ENTRY_FREE:
        if (ctx->used >= ctx->limit || depth >= MAX_DEPTH)
            return SEARCH_LIMIT;
        if (2 * (ctx->used + 1) > ctx->capacity) {
            grow(ctx);
            slot = find_slot(ctx, p, hash, s->region, s->model);
        }
        ctx->used++;
        e = &ctx->entries[slot];
        e->position = *p;
        e->hash = hash;
        e->region = s->region;
        e->model = s->model;
        break;
    case ENTRY_UNKNOWN:
        if (depth >= MAX_DEPTH)
            return SEARCH_LIMIT;
        break;
    }
    e->state = ENTRY_ON_PATH;
    e->value = depth;

    cgt_game_t left[BOARD_MAX_POINTS], right[BOARD_MAX_POINTS];
    size_t n_left = 0, n_right = 0;
    search_status_t st = options(left, NULL, &n_left, s, p, BOARD_BLACK, depth);
    if (st == SEARCH_OK)
        st = options(right, NULL, &n_right, s, p, BOARD_WHITE, depth);
    cgt_game_t value = 0;
    if (st == SEARCH_OK) {
        if (n_left == 0 && n_right == 0 && s->model == REGION_MODEL_TERRITORY)
            value = cgt_integer(ctx->cgt, region_territory_count(s->geom, p));
        else
            value = cgt_from_options(ctx->cgt, left, n_left, right, n_right);
    }
    /* the table may have grown below: find the entry again */
    e = &ctx->entries[find_slot(ctx, p, hash, s->region, s->model)];
    if (st == SEARCH_OK) {
        e->state = ENTRY_DONE;
        e->value = value;
        *out = value;
    } else if (st == SEARCH_LOOPY) {
        e->state = ENTRY_LOOPY;
        e->value = s->cycle;
    } else {
        e->state = ENTRY_UNKNOWN;
    }
    return st;
}

bool region_value(cgt_game_t *out, region_ctx_t *ctx, const board_geom_t *geom,
                  const board_t *position, region_model_t model, GError **error)
{
    if ((position->stones[BOARD_BLACK] & geom->safe[BOARD_BLACK]) != geom->safe[BOARD_BLACK] ||
        (position->stones[BOARD_WHITE] & geom->safe[BOARD_WHITE]) != geom->safe[BOARD_WHITE] ||
        (board_occupied(position) & ~geom->all) ||
        (position->stones[BOARD_BLACK] & position->stones[BOARD_WHITE])) {
        g_set_error(error, REGION_ERROR, REGION_ERROR_POSITION,
                    "the position lacks a safe stone of the region or has stones off it");
        return false;
    }
    if (!board_is_legal_position(position, geom)) {
        g_set_error(error, REGION_ERROR, REGION_ERROR_POSITION,
                    "a chain of the position has no liberty");
        return false;
    }
    search_t s = {ctx, geom, region_index(ctx, geom), (uint8_t)model, 0};
    search_status_t st = evaluate(out, &s, position, 0);
    if (st == SEARCH_OK)
        return true;
    if (st == SEARCH_LIMIT) {
        g_set_error(error, REGION_ERROR, REGION_ERROR_LIMIT,
                    "more than %zu local positions (or a line of plays longer than %d): the "
                    "region is too large to value",
                    ctx->limit, MAX_DEPTH);
        return false;
    }
    char name[8];
    unsigned length = s.cycle >> 8;
    board_move_name(name, geom, (board_move_t)(s.cycle & 0xff));
    if (length == 2)
        g_set_error(error, REGION_ERROR, REGION_ERROR_NOT_SHORT, "not a short game: ko at %s",
                    name);
    else
        g_set_error(error, REGION_ERROR, REGION_ERROR_NOT_SHORT,
                    "not a short game: a cycle of %u plays at %s", length, name);
    return false;
}

int region_options(region_option_t *out, region_ctx_t *ctx, const board_geom_t *geom,
                   const board_t *position, region_model_t model, board_color_t color,
                   GError **error)
{
    cgt_game_t value;
    if (!region_value(&value, ctx, geom, position, model, error))
        return -1;
    /* every follower is in the table now: the options cost one lookup each */
    search_t s = {ctx, geom, region_index(ctx, geom), (uint8_t)model, 0};
    cgt_game_t values[BOARD_MAX_POINTS];
    board_point_t points[BOARD_MAX_POINTS];
    size_t n = 0;
    search_status_t st = options(values, points, &n, &s, position, color, 0);
    g_assert(st == SEARCH_OK);
    for (size_t i = 0; i < n; i++) {
        out[i].point = points[i];
        out[i].value = values[i];
    }
    return (int)n;
}
