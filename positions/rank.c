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

/* One entry a (step, state, choice): 16 bytes, three per state; unrank and the cursor walk these,
 * rank_position() the chunk tables composed from them. */
typedef struct rank_edge {
    uint64_t offset;
    uint32_t next; /* FRONTIER_DEAD: the choice makes the position illegal */
    uint32_t unused;
} rank_edge_t;
_Static_assert(sizeof(rank_edge_t) == 16, "rank_edge_t is two words");

/* A cap on the automaton: 6x6 needs 38k states; beyond a few million the tables stop being useful
 * for boards that board_t can hold anyway. */
#define RANK_MAX_STATES ((size_t)1 << 22)

/*
 * rank_position() reads the table a chunk of points at a time (one read per chunk instead of one
 * per point): for a state at the chunk's first step and the colours of the chunk's points as a
 * base-3 number (first point lowest), the index of the next chunk's row for the state reached, and
 * the sum of the per-point offsets along the way.  The two are separate arrays: only the indices
 * form the chain of dependent loads that sets rank_position()'s latency, and at 4 bytes an entry
 * they stay in cache; the offsets are loaded off the chain.
 * The cut minimises the number of chunks within RANK_CHUNK_ENTRIES entries in all (dynamic
 * programming over the cut points; the first layers have few states, so early chunks are long).
 * 4x4: chunks of 8, 3, 3 and 2 points, 21,546 entries; 5x4: six chunks, 26,262 entries.
 */
#define RANK_CHUNK_ENTRIES ((size_t)1 << 15)
#define RANK_MAX_CHUNK     8 /* points; 3^8 patterns */

struct rank {
    int points;
    uint8_t order[BOARD_MAX_POINTS]; /* order[k]: the point coloured at step k */
    uint64_t count;
    uint32_t size[BOARD_MAX_POINTS + 1]; /* size[k]: states reachable before step k */
    size_t base[BOARD_MAX_POINTS + 1];   /* base[k]: the first edge of step k */
    rank_edge_t *edges;                  /* per point; a dead choice has offset UINT64_MAX */
    bool by_rows; /* scan order is point order; otherwise masks go through scatter[] */
    int chunks;
    uint8_t chunk_start[BOARD_MAX_POINTS + 1]; /* chunk j covers steps start[j] .. start[j+1]-1 */
    uint32_t *chunk_next;   /* the next chunk's row; 0 after the last; FRONTIER_DEAD: illegal */
    uint64_t *chunk_offset; /* the offsets summed over the chunk */
    size_t chunk_total;
    uint16_t ternary[1 << RANK_MAX_CHUNK]; /* a bit mask read as a base-3 number */
    /* scatter[i][v]: the bits of byte i of a board mask moved to their scan positions. */
    uint64_t scatter[BOARD_MAX_POINTS / 8][256];
};

static size_t power3(int n)
{
    size_t p = 1;
    while (n-- > 0)
        p *= 3;
    return p;
}

/* Cuts the chunks (see above); returns the entries of their tables. */
static size_t cut_chunks(rank_t *r)
{
    const int n = r->points;
    /* least[c][k]: the fewest entries that cover steps 0..k-1 with c chunks; from[c][k]: the
     * last cut. */
    size_t(*least)[BOARD_MAX_POINTS + 1] = g_malloc(sizeof *least * (size_t)(n + 1));
    uint8_t(*from)[BOARD_MAX_POINTS + 1] = g_malloc0(sizeof *from * (size_t)(n + 1));
    for (int c = 0; c <= n; c++)
        for (int k = 0; k <= n; k++)
            least[c][k] = SIZE_MAX;
    least[0][0] = 0;
    for (int c = 0; c < n; c++)
        for (int k = 0; k < n; k++)
            for (int len = 1; least[c][k] != SIZE_MAX && len <= RANK_MAX_CHUNK && k + len <= n;
                 len++) {
                size_t e = least[c][k] + r->size[k] * power3(len);
                if (e < least[c + 1][k + len]) {
                    least[c + 1][k + len] = e;
                    from[c + 1][k + len] = (uint8_t)k;
                }
            }
    /* The fewest chunks within the budget, or the smallest tables if none is. */
    size_t smallest = SIZE_MAX;
    for (int c = 1; c <= n; c++)
        smallest = MIN(smallest, least[c][n]);
    int chunks = 1;
    while (least[chunks][n] > MAX(smallest, RANK_CHUNK_ENTRIES))
        chunks++;
    r->chunks = chunks;
    r->chunk_start[chunks] = (uint8_t)n;
    for (int c = chunks, k = n; c > 0; c--) {
        k = from[c][k];
        r->chunk_start[c - 1] = (uint8_t)k;
    }
    size_t total = least[chunks][n];
    g_free(least);
    g_free(from);
    return total;
}

/* Composes the per-point edges into the chunk tables (see struct rank). */
static void build_chunks(rank_t *r)
{
    for (unsigned m = 0; m < (1u << RANK_MAX_CHUNK); m++)
        for (int i = RANK_MAX_CHUNK - 1; i >= 0; i--)
            r->ternary[m] = (uint16_t)(r->ternary[m] * 3 + ((m >> i) & 1));
    for (int k = 0; k < r->points; k++)
        for (unsigned v = 0; v < 256; v++)
            if (v & (1u << (r->order[k] % 8)))
                r->scatter[r->order[k] / 8][v] |= (uint64_t)1 << k;
    r->chunk_total = cut_chunks(r);
    r->chunk_next = g_new(uint32_t, r->chunk_total);
    r->chunk_offset = g_new(uint64_t, r->chunk_total);
    size_t row = 0;
    for (int j = 0; j < r->chunks; j++) {
        const int k = r->chunk_start[j], len = r->chunk_start[j + 1] - k;
        const size_t patterns = power3(len);
        const size_t next_row = row + r->size[k] * patterns;
        const size_t next_patterns =
            j + 1 < r->chunks ? power3(r->chunk_start[j + 2] - r->chunk_start[j + 1]) : 0;
        for (uint32_t s = 0; s < r->size[k]; s++)
            for (size_t pattern = 0; pattern < patterns; pattern++) {
                size_t at = row + s * patterns + pattern;
                uint32_t state = s;
                uint64_t offset = 0;
                size_t digits = pattern;
                for (int i = 0; i < len && state != FRONTIER_DEAD; i++, digits /= 3) {
                    const rank_edge_t *e =
                        &r->edges[r->base[k + i] + (size_t)state * FRONTIER_CHOICES + digits % 3];
                    offset += e->offset;
                    state = e->next;
                }
                r->chunk_offset[at] = state == FRONTIER_DEAD ? UINT64_MAX : offset;
                r->chunk_next[at] = state == FRONTIER_DEAD ? FRONTIER_DEAD
                                    : next_patterns ? (uint32_t)(next_row + state * next_patterns)
                                                    : 0;
            }
        row = next_row;
    }
    g_assert(row == r->chunk_total && r->chunk_total < FRONTIER_DEAD);
}

rank_t *rank_create(const board_geom_t *geom, GError **error)
{
    const int width = geom->width, height = geom->height, points = geom->size;
    const bool by_rows = width <= height;
    const int strip = by_rows ? width : height, rows = by_rows ? height : width;
    rank_t *r = NULL;
    uint32_t **compact = NULL; /* compact[k][frontier id]: dense id, or FRONTIER_DEAD */
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
    r->by_rows = by_rows;
    for (int k = 0; k < points; k++) {
        int along = k % strip, across = k / strip;
        r->order[k] = by_rows ? (uint8_t)k : (uint8_t)(along * width + across);
    }

    /* Forward: the states a legal prefix reaches, numbered densely per step.  The middle layers
     * also hold states that only longer boards reach: leaving them out shrinks the tables (and
     * their counts could overflow without meaning anything). */
    compact = g_new0(uint32_t *, (size_t)points + 1);
    for (int k = 0; k <= points; k++) {
        compact[k] = g_new(uint32_t, frontier_layer(f, k)->size);
        memset(compact[k], 0xff, frontier_layer(f, k)->size * sizeof(uint32_t));
    }
    compact[0][0] = 0;
    r->size[0] = 1;
    for (int k = 0; k < points; k++) {
        const frontier_layer_t *l = frontier_layer(f, k);
        for (uint32_t s = 0; s < l->size; s++)
            for (int c = 0; compact[k][s] != FRONTIER_DEAD && c < FRONTIER_CHOICES; c++) {
                uint32_t t = l->next[s * FRONTIER_CHOICES + c];
                if (t != FRONTIER_DEAD && compact[k + 1][t] == FRONTIER_DEAD)
                    compact[k + 1][t] = r->size[k + 1]++;
            }
    }

    /* Backward: completions, and the offsets of each choice. */
    completions = g_new0(uint64_t *, (size_t)points + 1);
    completions[points] = g_new0(uint64_t, 1);
    completions[points][0] = 1;
    size_t total = 0;
    for (int k = 0; k < points; k++) {
        r->base[k] = total;
        total += (size_t)r->size[k] * FRONTIER_CHOICES;
    }
    r->base[points] = total;
    r->edges = g_new0(rank_edge_t, total);
    for (int k = points - 1; k >= 0; k--) {
        const frontier_layer_t *l = frontier_layer(f, k);
        completions[k] = g_new0(uint64_t, r->size[k]);
        for (uint32_t s = 0; s < l->size; s++) {
            uint32_t from = compact[k][s];
            if (from == FRONTIER_DEAD)
                continue;
            uint64_t sum = 0;
            for (int c = 0; c < FRONTIER_CHOICES; c++) {
                uint32_t t = l->next[s * FRONTIER_CHOICES + c];
                rank_edge_t *e = &r->edges[r->base[k] + (size_t)from * FRONTIER_CHOICES + c];
                e->next = t == FRONTIER_DEAD ? FRONTIER_DEAD : compact[k + 1][t];
                e->offset = t == FRONTIER_DEAD ? UINT64_MAX : sum;
                if (t != FRONTIER_DEAD &&
                    __builtin_add_overflow(sum, completions[k + 1][e->next], &sum)) {
                    g_set_error(error, RANK_ERROR, RANK_ERROR_TOO_LARGE,
                                "%dx%d: more than 2^64 legal positions, too many to rank", width,
                                height);
                    goto fail;
                }
            }
            completions[k][from] = sum;
        }
    }
    r->count = completions[0][0];
    build_chunks(r);
    goto done;
fail:
    rank_destroy(r);
    r = NULL;
done:
    for (int k = 0; compact && k <= points; k++)
        g_free(compact[k]);
    for (int k = 0; completions && k <= points; k++)
        g_free(completions[k]);
    g_free(compact);
    g_free(completions);
    frontier_destroy(f);
    return r;
}

void rank_destroy(rank_t *r)
{
    if (!r)
        return;
    g_free(r->edges);
    g_free(r->chunk_next);
    g_free(r->chunk_offset);
    g_free(r);
}

uint64_t rank_count(const rank_t *r)
{
    return r->count;
}

size_t rank_bytes(const rank_t *r)
{
    return sizeof *r + r->base[r->points] * sizeof(rank_edge_t) +
           r->chunk_total * (sizeof(uint32_t) + sizeof(uint64_t));
}

/* The masks in scan order (bit k = step k); false for a doubled point or a stone off the board. */
static inline bool scan_masks(uint64_t *black, uint64_t *white, const rank_t *r,
                              const board_t *position)
{
    const uint64_t b = position->stones[BOARD_BLACK], w = position->stones[BOARD_WHITE];
    const uint64_t all = r->points == 64 ? ~(uint64_t)0 : ((uint64_t)1 << r->points) - 1;
    *black = b;
    *white = w;
    if (!r->by_rows) {
        *black = *white = 0;
        for (int i = 0; i < (r->points + 7) / 8; i++) {
            *black |= r->scatter[i][(b >> (8 * i)) & 255];
            *white |= r->scatter[i][(w >> (8 * i)) & 255];
        }
    }
    return !(b & w) && !((b | w) & ~all);
}

/* Chunk j's colours as a base-3 number: the column of its table. */
static inline unsigned chunk_pattern(const rank_t *r, int j, uint64_t black, uint64_t white)
{
    const int k = r->chunk_start[j];
    const uint64_t m = ((uint64_t)1 << (r->chunk_start[j + 1] - k)) - 1;
    return r->ternary[(black >> k) & m] + 2u * r->ternary[(white >> k) & m];
}

uint64_t rank_position(const rank_t *r, const board_t *position)
{
    uint64_t black, white, index = 0;
    if (!scan_masks(&black, &white, r, position))
        return RANK_ILLEGAL;
    uint32_t row = 0;
    for (int j = 0; j < r->chunks; j++) {
        const uint32_t at = row + chunk_pattern(r, j, black, white);
        row = r->chunk_next[at];
        if (row == FRONTIER_DEAD)
            return RANK_ILLEGAL;
        index += r->chunk_offset[at];
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
        /* The last choice whose offset is at most index (dead ones have offset UINT64_MAX):
         * written without branches, which the processor would mispredict one time in two. */
        int c = 0;
        c = e[1].offset <= index ? 1 : c;
        c = e[2].offset <= index ? 2 : c;
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
