/*
 * positions/count.c: L(W,H) by the frontier sweep of Tromp and Farnebäck, "Combinatorics of Go".
 *
 * Each state of a layer holds a counter (or, by stones, a triangle of counters indexed by black
 * and white stones).  A step adds every state's counters into its successors' along the
 * automaton's transitions; after the last point the one final state holds the answer.
 */
#include "positions/count.h"

#include "positions/frontier.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK(count - error - quark, count_error)

/* Border states allowed in one automaton (11 wide needs 69 million, 2.4 GB), and bytes of
 * counters: beyond them a count would not finish in reasonable time or memory here anyway. */
#define COUNT_MAX_STATES ((size_t)1 << 27)
#define COUNT_MAX_BYTES  ((size_t)2 << 30)

/* Whether the counter takes a w x h board (the error names text, the size as written). */
static bool check_size(long w, long h, const char *text, GError **error)
{
    if (w < 1 || h < 1) {
        g_set_error(error, COUNT_ERROR, COUNT_ERROR_SIZE,
                    "board size '%s': a board needs at least one column and one row", text);
        return false;
    }
    if (MIN(w, h) > FRONTIER_MAX_WIDTH || MAX(w, h) > COUNT_MAX_LENGTH) {
        g_set_error(error, COUNT_ERROR, COUNT_ERROR_SIZE,
                    "board size '%s' is too large: the counter needs one side of at most %d and "
                    "the other of at most %d",
                    text, FRONTIER_MAX_WIDTH, COUNT_MAX_LENGTH);
        return false;
    }
    return true;
}

bool count_parse_size(int *width, int *height, const char *text, GError **error)
{
    char *end;
    long w = strtol(text, &end, 10), h;
    if (end == text || w < 0) {
        goto malformed;
    } else if (*end == '\0') {
        h = w;
    } else if (*end == 'x' || *end == 'X') {
        const char *rest = end + 1;
        h = strtol(rest, &end, 10);
        if (end == rest || *end != '\0' || h < 0 || *rest == '-' || *rest == '+')
            goto malformed;
    } else {
        goto malformed;
    }
    if (!check_size(w, h, text, error))
        return false;
    *width = (int)w;
    *height = (int)h;
    return true;
malformed:
    g_set_error(error, COUNT_ERROR, COUNT_ERROR_SIZE,
                "'%s' is not a board size (write WxH, e.g. 5x4, or N for NxN)", text);
    return false;
}

/* Triangle index of (black, white): grouped by total stones t = b + w, then by w. */
static inline size_t tri(int black, int white)
{
    size_t t = (size_t)(black + white);
    return t * (t + 1) / 2 + (size_t)white;
}

/* A sweep: counters per state, `entries` counters of `limbs` limbs each. */
typedef struct sweep {
    const frontier_t *automaton;
    int points;
    bool by_stones;
    size_t limbs, entries, stride; /* stride = limbs * entries */
    mp_limb_t *result;             /* the final state's counters */
} sweep_t;

/* Adds the counters of one state into a successor's, shifting by stones for the choice. */
static void add_counters(mp_limb_t *dst, const mp_limb_t *src, const sweep_t *s, int done,
                         int choice)
{
    mp_limb_t carry;
    if (!s->by_stones) {
        carry = mpn_add_n(dst, dst, src, (mp_size_t)s->limbs);
    } else if (choice == FRONTIER_EMPTY) {
        /* No counter overflows, so one long addition over the whole triangle is exact. */
        carry = mpn_add_n(dst, dst, src, (mp_size_t)(tri(done + 1, 0) * s->limbs));
    } else {
        carry = 0;
        for (int t = 0; t <= done; t++) {
            size_t to = tri(t + 1, 0) + (choice == FRONTIER_WHITE);
            carry |= mpn_add_n(dst + to * s->limbs, dst + to * s->limbs, src + tri(t, 0) * s->limbs,
                               (mp_size_t)((t + 1) * s->limbs));
        }
    }
    g_assert(carry == 0);
}

static bool sweep_run(sweep_t *s, int width, int height, count_stats_t *stats, GError **error)
{
    bool ok = false;
    mp_limb_t *cur = NULL, *nxt = NULL;
    frontier_t *f = NULL;
    gint64 start = g_get_monotonic_time();
    int n = MIN(width, height), rows = MAX(width, height);
    s->points = width * height;
    /* 3^N < 2^(1.585 N): counters of that many bits never overflow. */
    s->limbs = (size_t)floor((s->points * log2(3.0) + 1e-6) / GMP_NUMB_BITS) + 1;
    s->entries = s->by_stones ? tri(s->points + 1, 0) : 1;
    s->stride = s->limbs * s->entries;

    f = frontier_create(n, rows, COUNT_MAX_STATES, error);
    if (!f)
        goto done;
    size_t max_layer = frontier_max_layer(f);
    size_t bytes = 2 * max_layer * s->stride * sizeof(mp_limb_t);
    if (bytes > COUNT_MAX_BYTES) {
        g_set_error(error, COUNT_ERROR, COUNT_ERROR_TOO_LARGE,
                    "%dx%d: the counters would take %.1f GiB (more than the %.0f GiB allowed)",
                    width, height, bytes / 1073741824.0, COUNT_MAX_BYTES / 1073741824.0);
        goto done;
    }
    cur = g_new0(mp_limb_t, max_layer * s->stride);
    nxt = g_new0(mp_limb_t, max_layer * s->stride);
    cur[0] = 1;
    int64_t steps = (int64_t)n * rows;
    for (int64_t k = 0; k < steps; k++) {
        const frontier_layer_t *from = frontier_layer(f, k), *to = frontier_layer(f, k + 1);
        /* By stones, only totals up to k are in use so far. */
        size_t used = s->by_stones ? tri((int)k + 1, 0) * s->limbs : s->limbs;
        size_t next_used = s->by_stones ? tri((int)k + 2, 0) * s->limbs : s->limbs;
        for (uint32_t id = 0; id < to->size; id++)
            memset(nxt + id * s->stride, 0, next_used * sizeof(mp_limb_t));
        for (uint32_t id = 0; id < from->size; id++) {
            const mp_limb_t *src = cur + id * s->stride;
            if (mpn_zero_p(src, (mp_size_t)used))
                continue; /* a state of the closure that this row does not reach */
            for (int c = 0; c < FRONTIER_CHOICES; c++) {
                uint32_t t = from->next[(size_t)id * FRONTIER_CHOICES + c];
                if (t != FRONTIER_DEAD)
                    add_counters(nxt + t * s->stride, src, s, (int)k, c);
            }
        }
        mp_limb_t *swap = cur;
        cur = nxt;
        nxt = swap;
    }
    s->result = g_memdup2(cur, s->stride * sizeof(mp_limb_t));
    if (stats) {
        stats->states = frontier_state_total(f);
        stats->max_layer = (unsigned)max_layer;
        stats->bytes = bytes;
    }
    ok = true;
done:
    g_free(cur);
    g_free(nxt);
    frontier_destroy(f);
    if (stats)
        stats->seconds = (g_get_monotonic_time() - start) / 1e6;
    return ok;
}

/* Checks a size given as numbers. */
static bool check_dimensions(int width, int height, GError **error)
{
    char text[64];
    snprintf(text, sizeof text, "%dx%d", width, height);
    return check_size(width, height, text, error);
}

bool count_legal(mpz_t result, int width, int height, count_stats_t *stats, GError **error)
{
    if (!check_dimensions(width, height, error))
        return false;
    sweep_t s = {.by_stones = false};
    if (!sweep_run(&s, width, height, stats, error))
        return false;
    mpz_import(result, s.limbs, -1, sizeof(mp_limb_t), 0, 0, s.result);
    g_free(s.result);
    return true;
}

struct count_table {
    int points;
    size_t limbs;
    mp_limb_t *counters; /* tri(b, w) * limbs */
};

count_table_t *count_by_stones(int width, int height, count_stats_t *stats, GError **error)
{
    if (!check_dimensions(width, height, error))
        return NULL;
    sweep_t s = {.by_stones = true};
    if (!sweep_run(&s, width, height, stats, error))
        return NULL;
    count_table_t *t = g_new(count_table_t, 1);
    t->points = s.points;
    t->limbs = s.limbs;
    t->counters = s.result;
    return t;
}

void count_table_destroy(count_table_t *table)
{
    if (!table)
        return;
    g_free(table->counters);
    g_free(table);
}

int count_table_points(const count_table_t *table)
{
    return table->points;
}

void count_table_get(mpz_t out, const count_table_t *table, int black, int white)
{
    g_assert(black >= 0 && white >= 0 && black + white <= table->points);
    mpz_import(out, table->limbs, -1, sizeof(mp_limb_t), 0, 0,
               table->counters + tri(black, white) * table->limbs);
}
