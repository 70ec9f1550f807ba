/*
 * positions/rank.c: ranking legal positions through the frontier automaton (positions/rank.h).
 *
 * For step k, state s and choice c the table holds the successor state and the offset
 *   offset(k, s, c) = sum over c' < c of completions(k + 1, next(k, s, c')),
 * where completions(k, s) counts the legal ways to colour points k.. from border s.  The rank of a
 * position is the sum of offset(k, s_k, c_k) along its own path: the number of legal positions
 * that agree with it up to some point and are smaller there.
 */
#include "positions/rank.h"

#include "positions/frontier.h"

#include <string.h>

G_DEFINE_QUARK(rank - error - quark, rank_error)

/* One entry a (step, state, choice): 16 bytes, three per state, read once per point ranked. */
typedef struct rank_edge {
    uint64_t offset;
    uint32_t next; /* FRONTIER_DEAD: the choice makes the position illegal */
    uint32_t unused;
} rank_edge_t;
_Static_assert(sizeof(rank_edge_t) == 16, "rank_edge_t is two words");

/* A cap on the automaton: 6x6 needs 38k states; beyond a few million the tables stop being useful
 * for boards that board_t can hold anyway. */
#define RANK_MAX_STATES ((size_t)1 << 22)

struct rank {
    int points;
    uint8_t order[BOARD_MAX_POINTS]; /* order[k]: the point coloured at step k */
    uint64_t count;
    size_t base[BOARD_MAX_POINTS + 1]; /* base[k]: the first edge of step k */
    rank_edge_t *edges;
};

rank_t *rank_create(const board_geom_t *geom, GError **error)
{
    const int width = geom->width, height = geom->height, points = geom->size;
    const bool by_rows = width <= height;
    const int strip = by_rows ? width : height, rows = by_rows ? height : width;
    rank_t *r = NULL;
    bool **reach = NULL;
    uint64_t **completions = NULL;
    frontier_t *f = NULL;
    if (strip > FRONTIER_MAX_WIDTH) {
        g_set_error(error, RANK_ERROR, RANK_ERROR_TOO_LARGE,
                    "%dx%d: ranking needs a side of at most %d", width, height, FRONTIER_MAX_WIDTH);
        goto fail;
    }
    f = frontier_create(strip, rows, RANK_MAX_STATES, error);
    if (!f)
        goto fail;
    r = g_new0(rank_t, 1);
    r->points = points;
    for (int k = 0; k < points; k++) {
        int along = k % strip, across = k / strip;
        r->order[k] = by_rows ? (uint8_t)k : (uint8_t)(along * width + across);
    }

    /* Forward: which states a legal prefix reaches (the middle layers also hold states that only
     * longer boards reach; their counts could overflow without meaning anything). */
    reach = g_new0(bool *, (size_t)points + 1);
    for (int k = 0; k <= points; k++)
        reach[k] = g_new0(bool, frontier_layer(f, k)->size);
    reach[0][0] = true;
    for (int k = 0; k < points; k++) {
        const frontier_layer_t *l = frontier_layer(f, k);
        for (uint32_t s = 0; s < l->size; s++)
            for (int c = 0; reach[k][s] && c < FRONTIER_CHOICES; c++)
                if (l->next[s * FRONTIER_CHOICES + c] != FRONTIER_DEAD)
                    reach[k + 1][l->next[s * FRONTIER_CHOICES + c]] = true;
    }

    /* Backward: completions, and the offsets of each choice. */
    completions = g_new0(uint64_t *, (size_t)points + 1);
    completions[points] = g_new0(uint64_t, 1);
    completions[points][0] = 1;
    size_t total = 0;
    for (int k = 0; k < points; k++) {
        r->base[k] = total;
        total += (size_t)frontier_layer(f, k)->size * FRONTIER_CHOICES;
    }
    r->base[points] = total;
    r->edges = g_new0(rank_edge_t, total);
    for (int k = points - 1; k >= 0; k--) {
        const frontier_layer_t *l = frontier_layer(f, k);
        completions[k] = g_new0(uint64_t, l->size);
        for (uint32_t s = 0; s < l->size; s++) {
            uint64_t sum = 0;
            for (int c = 0; c < FRONTIER_CHOICES; c++) {
                uint32_t t = l->next[s * FRONTIER_CHOICES + c];
                rank_edge_t *e = &r->edges[r->base[k] + (size_t)s * FRONTIER_CHOICES + c];
                e->next = t;
                e->offset = sum;
                if (reach[k][s] && t != FRONTIER_DEAD &&
                    __builtin_add_overflow(sum, completions[k + 1][t], &sum)) {
                    g_set_error(error, RANK_ERROR, RANK_ERROR_TOO_LARGE,
                                "%dx%d: more than 2^64 legal positions, too many to rank", width,
                                height);
                    goto fail;
                }
            }
            completions[k][s] = reach[k][s] ? sum : 0;
        }
    }
    r->count = completions[0][0];
    goto done;
fail:
    rank_destroy(r);
    r = NULL;
done:
    for (int k = 0; reach && k <= points; k++)
        g_free(reach[k]);
    for (int k = 0; completions && k <= points; k++)
        g_free(completions[k]);
    g_free(reach);
    g_free(completions);
    frontier_destroy(f);
    return r;
}

void rank_destroy(rank_t *r)
{
    if (!r)
        return;
    g_free(r->edges);
    g_free(r);
}

uint64_t rank_count(const rank_t *r)
{
    return r->count;
}

size_t rank_bytes(const rank_t *r)
{
    return sizeof *r + r->base[r->points] * sizeof(rank_edge_t);
}

uint64_t rank_position(const rank_t *r, const board_t *position)
{
    const uint64_t black = position->stones[BOARD_BLACK], white = position->stones[BOARD_WHITE];
    const uint64_t all = r->points == 64 ? ~(uint64_t)0 : ((uint64_t)1 << r->points) - 1;
    if ((black & white) || ((black | white) & ~all))
        return RANK_ILLEGAL;
    uint64_t index = 0;
    uint32_t s = 0;
    for (int k = 0; k < r->points; k++) {
        unsigned p = r->order[k];
        unsigned c = (unsigned)((black >> p) & 1) | (unsigned)(((white >> p) & 1) << 1);
        const rank_edge_t *e = &r->edges[r->base[k] + (size_t)s * FRONTIER_CHOICES + c];
        if (e->next == FRONTIER_DEAD)
            return RANK_ILLEGAL;
        index += e->offset;
        s = e->next;
    }
    return index;
}

/* Sets point p to choice c (one of FRONTIER_EMPTY, _BLACK, _WHITE) in position. */
static inline void set_point(board_t *position, unsigned p, int c)
{
    uint64_t bit = (uint64_t)1 << p;
    position->stones[BOARD_BLACK] &= ~bit;
    position->stones[BOARD_WHITE] &= ~bit;
    if (c == FRONTIER_BLACK)
        position->stones[BOARD_BLACK] |= bit;
    else if (c == FRONTIER_WHITE)
        position->stones[BOARD_WHITE] |= bit;
}

/* Walks the path of rank index: choice[k] and state[k] for every step (state[points] = 0). */
static void unrank_path(uint8_t *choice, uint32_t *state, const rank_t *r, uint64_t index)
{
    g_assert(index < r->count);
    uint32_t s = 0;
    for (int k = 0; k < r->points; k++) {
        const rank_edge_t *e = &r->edges[r->base[k] + (size_t)s * FRONTIER_CHOICES];
        int c = FRONTIER_CHOICES - 1;
        while (e[c].next == FRONTIER_DEAD || e[c].offset > index)
            c--;
        index -= e[c].offset;
        state[k] = s;
        choice[k] = (uint8_t)c;
        s = e[c].next;
    }
    state[r->points] = s;
}

void rank_unrank(board_t *position, const rank_t *r, uint64_t index)
{
    uint8_t choice[BOARD_MAX_POINTS];
    uint32_t state[BOARD_MAX_POINTS + 1];
    unrank_path(choice, state, r, index);
    position->stones[0] = position->stones[1] = 0;
    for (int k = 0; k < r->points; k++)
        set_point(position, r->order[k], choice[k]);
}

struct rank_cursor {
    const rank_t *ranks;
    uint64_t index; /* the rank of `position` */
    bool started, finished;
    board_t position;
    uint8_t choice[BOARD_MAX_POINTS];
    uint32_t state[BOARD_MAX_POINTS + 1];
};

rank_cursor_t *rank_cursor_create(const rank_t *r, uint64_t first)
{
    rank_cursor_t *cur = g_new0(rank_cursor_t, 1);
    cur->ranks = r;
    cur->index = first;
    cur->finished = first >= r->count;
    if (!cur->finished) {
        unrank_path(cur->choice, cur->state, r, first);
        for (int k = 0; k < r->points; k++)
            set_point(&cur->position, r->order[k], cur->choice[k]);
    }
    return cur;
}

void rank_cursor_destroy(rank_cursor_t *cursor)
{
    g_free(cursor);
}

/* Moves to the next position in rank order; false after the last. */
static bool cursor_advance(rank_cursor_t *cur)
{
    const rank_t *r = cur->ranks;
    /* The deepest step with a larger live choice left; then the smallest live choices below. */
    for (int k = r->points - 1; k >= 0; k--) {
        const rank_edge_t *e = &r->edges[r->base[k] + (size_t)cur->state[k] * FRONTIER_CHOICES];
        int c = cur->choice[k] + 1;
        while (c < FRONTIER_CHOICES && e[c].next == FRONTIER_DEAD)
            c++;
        if (c == FRONTIER_CHOICES)
            continue;
        for (;;) {
            cur->choice[k] = (uint8_t)c;
            cur->state[k + 1] = e[c].next;
            set_point(&cur->position, r->order[k], c);
            if (++k == r->points)
                return true;
            /* Every live state has a completion, so some choice is live. */
            e = &r->edges[r->base[k] + (size_t)cur->state[k] * FRONTIER_CHOICES];
            for (c = 0; e[c].next == FRONTIER_DEAD; c++)
                ;
        }
    }
    return false;
}

bool rank_cursor_next(board_t *position, uint64_t *index, rank_cursor_t *cursor)
{
    if (cursor->finished)
        return false;
    if (cursor->started) {
        if (!cursor_advance(cursor)) {
            cursor->finished = true;
            return false;
        }
        cursor->index++;
    }
    cursor->started = true;
    *position = cursor->position;
    *index = cursor->index;
    return true;
}
