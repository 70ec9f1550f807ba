/*
 * positions/frontier.c: the border-state automaton of Tromp and Farnebäck's legal-position count.
 *
 * A state is the border: for each of its `width` points, empty, a stone whose chain already has
 * a liberty, or a stone whose chain has none yet, with a label naming that chain.  Chains that
 * have a liberty need no label: whatever joins them gets the liberty too.  The key packs this in
 * 64 bits:
 *   bits 4i..4i+3  point i of the border: 0 empty, 1 black with a liberty, 2 white with a
 *                  liberty, 3 + l a stone of the liberty-less chain labelled l;
 *   bit 48 + l     the colour of chain l (0 black, 1 white).
 * Labels are numbered by first appearance from point 0, so equal borders have equal keys.
 * Border points that no uncoloured point touches any more (the last row, behind the sweep) are
 * written empty: they can never matter again, and forgetting them merges states.
 */
#include "positions/frontier.h"

#include <stdbool.h>
#include <string.h>

G_DEFINE_QUARK(frontier - error - quark, frontier_error)

_Static_assert(4 * FRONTIER_MAX_WIDTH + FRONTIER_MAX_WIDTH <= 64, "a border must fit in a key");

/* ---- Keys ------------------------------------------------------------------------------------ */

/* One border point, unpacked.  label < 0: empty (stone false) or a stone with a liberty. */
typedef struct border_point {
    bool stone;
    uint8_t colour; /* 0 black, 1 white */
    int8_t label;
} border_point_t;

static void decode(border_point_t *pts, uint64_t key, int width)
{
    for (int i = 0; i < width; i++) {
        int v = (int)((key >> (4 * i)) & 15);
        border_point_t *q = &pts[i];
        q->stone = v != 0;
        q->label = -1;
        q->colour = 0;
        if (v == 1 || v == 2) {
            q->colour = (uint8_t)(v - 1);
        } else if (v >= 3) {
            q->label = (int8_t)(v - 3);
            q->colour = (uint8_t)((key >> (48 + q->label)) & 1);
        }
    }
}

static uint64_t encode(const border_point_t *pts, int width)
{
    int8_t renamed[16];
    memset(renamed, -1, sizeof renamed);
    int labels = 0;
    uint64_t key = 0;
    for (int i = 0; i < width; i++) {
        const border_point_t *q = &pts[i];
        uint64_t v = 0;
        if (q->stone && q->label < 0) {
            v = 1 + (uint64_t)q->colour;
        } else if (q->stone) {
            if (renamed[q->label] < 0) {
                renamed[q->label] = (int8_t)labels++;
                key |= (uint64_t)q->colour << (48 + renamed[q->label]);
            }
            v = 3 + (uint64_t)renamed[q->label];
        }
        key |= v << (4 * i);
    }
    return key;
}

/* Where a step places its point. */
typedef struct step_place {
    int x, width;
    bool has_up;   /* a row above exists */
    bool last_row; /* nothing below: border points left of x are dead ends */
} step_place_t;

/* Gives every stone of chain `label` a liberty. */
static void free_chain(border_point_t *pts, int width, int label)
{
    for (int i = 0; i < width; i++)
        if (pts[i].label == label)
            pts[i].label = -1;
}

/*
 * The border after colouring point x with `choice`, or UINT64_MAX when that leaves a chain
 * without a liberty and with no uncoloured neighbour left to give it one.
 */
static uint64_t step(uint64_t key, const step_place_t *at, int choice)
{
    border_point_t pts[FRONTIER_MAX_WIDTH];
    const int w = at->width, x = at->x;
    decode(pts, key, w);
    int nbs[2], nnb = 0;
    if (at->has_up)
        nbs[nnb++] = x;
    if (x > 0)
        nbs[nnb++] = x - 1;
    /* The point above leaves the border: remember its chain if it still lacks a liberty. */
    int leaving = at->has_up && pts[x].stone ? pts[x].label : -1;
    bool leaving_continues = false; /* it got a liberty or joins the new stone */

    if (choice == FRONTIER_EMPTY) {
        for (int j = 0; j < nnb; j++)
            if (pts[nbs[j]].stone && pts[nbs[j]].label >= 0)
                free_chain(pts, w, pts[nbs[j]].label);
        leaving_continues = true;
        pts[x] = (border_point_t){.stone = false, .colour = 0, .label = -1};
    } else {
        uint8_t colour = (uint8_t)(choice - 1);
        bool liberty = false;
        int merge[2], nmerge = 0;
        for (int j = 0; j < nnb; j++) {
            const border_point_t *q = &pts[nbs[j]];
            if (!q->stone)
                liberty = true;
            else if (q->colour == colour && q->label < 0)
                liberty = true;
            else if (q->colour == colour)
                merge[nmerge++] = q->label;
        }
        if (leaving >= 0 && pts[x].colour == colour)
            leaving_continues = true;
        /* A label above every real one, renumbered by encode(). */
        const int8_t joined = liberty ? -1 : 15;
        for (int i = 0; i < w; i++)
            for (int j = 0; j < nmerge; j++)
                if (pts[i].label == merge[j] && i != x)
                    pts[i].label = joined;
        pts[x] = (border_point_t){.stone = true, .colour = colour, .label = joined};
    }
    if (leaving >= 0 && !leaving_continues) {
        bool still_there = false;
        for (int i = 0; i < w; i++)
            still_there |= pts[i].label == leaving;
        if (!still_there)
            return UINT64_MAX;
    }
    if (at->last_row) {
        /* Border points with no uncoloured neighbour: those left of x, and x itself at the end of
         * the row.  Each liberty-less chain needs a point outside them. */
        int dead_end = x + 1 < w ? x : w;
        for (int i = 0; i < dead_end; i++) {
            if (pts[i].label < 0)
                continue;
            bool reachable = false;
            for (int j = dead_end; j < w; j++)
                reachable |= pts[j].label == pts[i].label;
            if (!reachable)
                return UINT64_MAX;
        }
        for (int i = 0; i < dead_end; i++)
            pts[i] = (border_point_t){.stone = false, .colour = 0, .label = -1};
    }
    return encode(pts, w);
}

/* ---- Key sets: open addressing, dense ids in insertion order --------------------------------- */

typedef struct keyset {
    uint64_t *keys;  /* keys[id] */
    uint32_t *slots; /* id + 1, or 0 for a free slot */
    uint32_t size, capacity, mask;
} keyset_t;

static void keyset_init(keyset_t *s)
{
    s->capacity = 16;
    s->mask = 31;
    s->size = 0;
    s->keys = g_new(uint64_t, s->capacity);
    s->slots = g_new0(uint32_t, s->mask + 1);
}

static void keyset_clear(keyset_t *s)
{
    g_free(s->keys);
    g_free(s->slots);
}

static inline uint32_t keyset_slot(const keyset_t *s, uint64_t key)
{
    /* Fibonacci hashing: keys differ mostly in low bits, the product spreads them. */
    return (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> 32) & s->mask;
}

static void keyset_grow(keyset_t *s)
{
    s->mask = s->mask * 2 + 1;
    g_free(s->slots);
    s->slots = g_new0(uint32_t, (size_t)s->mask + 1);
    for (uint32_t id = 0; id < s->size; id++) {
        uint32_t i = keyset_slot(s, s->keys[id]);
        while (s->slots[i])
            i = (i + 1) & s->mask;
        s->slots[i] = id + 1;
    }
}

/* The id of key, inserted if new. */
static uint32_t keyset_insert(keyset_t *s, uint64_t key)
{
    uint32_t i = keyset_slot(s, key);
    for (; s->slots[i]; i = (i + 1) & s->mask)
        if (s->keys[s->slots[i] - 1] == key)
            return s->slots[i] - 1;
    if (s->size == s->capacity) {
        s->capacity *= 2;
        s->keys = g_renew(uint64_t, s->keys, s->capacity);
    }
    s->keys[s->size] = key;
    s->slots[i] = ++s->size;
    if ((uint64_t)s->size * 2 > s->mask)
        keyset_grow(s);
    return s->size - 1;
}

/* ---- The layered automaton ------------------------------------------------------------------ */

enum { ROW_FIRST, ROW_MIDDLE, ROW_LAST, ROW_KINDS };

typedef struct layer {
    keyset_t states;
    uint32_t *next;    /* FRONTIER_CHOICES per expanded state */
    uint32_t expanded; /* states whose transitions are known */
    frontier_layer_t view;
} layer_t;

struct frontier {
    int width, rows;
    layer_t layers[ROW_KINDS][FRONTIER_MAX_WIDTH];
    layer_t final;
    size_t states, max_states;
};

/* The kind of layers row y uses. */
static int row_kind(const frontier_t *f, int64_t y)
{
    if (y == 0)
        return ROW_FIRST;
    return y == f->rows - 1 ? ROW_LAST : ROW_MIDDLE;
}

/* Computes the transitions of the states of `from` not yet expanded, into `to`. */
static bool expand(frontier_t *f, layer_t *from, layer_t *to, const step_place_t *at,
                   GError **error)
{
    uint32_t n = from->states.size;
    if (n == from->expanded)
        return true;
    from->next = g_renew(uint32_t, from->next, (size_t)n * FRONTIER_CHOICES);
    for (uint32_t id = from->expanded; id < n; id++) {
        for (int c = 0; c < FRONTIER_CHOICES; c++) {
            uint64_t k = step(from->states.keys[id], at, c);
            uint32_t before = to->states.size;
            from->next[(size_t)id * FRONTIER_CHOICES + c] =
                k == UINT64_MAX ? FRONTIER_DEAD : keyset_insert(&to->states, k);
            f->states += to->states.size - before;
        }
        if (f->max_states && f->states > f->max_states) {
            g_set_error(error, FRONTIER_ERROR, FRONTIER_ERROR_TOO_LARGE,
                        "a %d-wide strip needs more than %zu border states", f->width,
                        f->max_states);
            return false;
        }
    }
    from->expanded = n;
    return true;
}

/* Builds the layers of one row kind: the row's layers in order, ending in `after`. */
static bool build_row(frontier_t *f, int kind, layer_t *after, GError **error)
{
    step_place_t at = {.width = f->width,
                       .has_up = kind != ROW_FIRST,
                       .last_row = kind == ROW_LAST || f->rows == 1};
    for (int x = 0; x < f->width; x++) {
        at.x = x;
        layer_t *to = x + 1 < f->width ? &f->layers[kind][x + 1] : after;
        if (!expand(f, &f->layers[kind][x], to, &at, error))
            return false;
    }
    return true;
}

frontier_t *frontier_create(int width, int rows, size_t max_states, GError **error)
{
    g_assert(width >= 1 && width <= FRONTIER_MAX_WIDTH && rows >= 1);
    frontier_t *f = g_new0(frontier_t, 1);
    f->width = width;
    f->rows = rows;
    f->max_states = max_states;
    for (int k = 0; k < ROW_KINDS; k++)
        for (int x = 0; x < width; x++)
            keyset_init(&f->layers[k][x].states);
    keyset_init(&f->final.states);

    /* Row 0 starts from the empty border (no row above: the step never looks up). */
    keyset_insert(&f->layers[ROW_FIRST][0].states, 0);
    f->states = 1;
    layer_t *after_first = rows == 1   ? &f->final
                           : rows == 2 ? &f->layers[ROW_LAST][0]
                                       : &f->layers[ROW_MIDDLE][0];
    if (!build_row(f, ROW_FIRST, after_first, error))
        goto fail;
    if (rows >= 3) {
        /* Iterate the middle row until no layer gains a state: the closure serves any length. */
        layer_t *m0 = &f->layers[ROW_MIDDLE][0];
        bool grew = true;
        while (grew) {
            uint32_t before = m0->states.size;
            if (!build_row(f, ROW_MIDDLE, m0, error))
                goto fail;
            grew = m0->states.size != before || m0->expanded != m0->states.size;
        }
        /* The last row starts from the same ids as the middle rows. */
        for (uint32_t id = 0; id < m0->states.size; id++)
            keyset_insert(&f->layers[ROW_LAST][0].states, m0->states.keys[id]);
        f->states += m0->states.size;
    }
    if (rows >= 2 && !build_row(f, ROW_LAST, &f->final, error))
        goto fail;
    g_assert(f->final.states.size == 1 && f->final.states.keys[0] == 0);

    for (int k = 0; k < ROW_KINDS; k++)
        for (int x = 0; x < width; x++) {
            layer_t *l = &f->layers[k][x];
            l->view = (frontier_layer_t){.size = l->states.size, .next = l->next};
        }
    f->final.view = (frontier_layer_t){.size = 1, .next = NULL};
    return f;
fail:
    frontier_destroy(f);
    return NULL;
}

void frontier_destroy(frontier_t *f)
{
    if (!f)
        return;
    for (int k = 0; k < ROW_KINDS; k++)
        for (int x = 0; x < f->width; x++) {
            keyset_clear(&f->layers[k][x].states);
            g_free(f->layers[k][x].next);
        }
    keyset_clear(&f->final.states);
    g_free(f);
}

int frontier_width(const frontier_t *f)
{
    return f->width;
}

int frontier_rows(const frontier_t *f)
{
    return f->rows;
}

const frontier_layer_t *frontier_layer(const frontier_t *f, int64_t k)
{
    g_assert(k >= 0 && k <= (int64_t)f->width * f->rows);
    if (k == (int64_t)f->width * f->rows)
        return &f->final.view;
    int64_t y = k / f->width;
    return &f->layers[row_kind(f, y)][k % f->width].view;
}

uint32_t frontier_max_layer(const frontier_t *f)
{
    uint32_t m = 1;
    for (int k = 0; k < ROW_KINDS; k++)
        for (int x = 0; x < f->width; x++)
            m = MAX(m, f->layers[k][x].states.size);
    return m;
}

size_t frontier_state_total(const frontier_t *f)
{
    return f->states;
}
