/*
 * solver/tablebase.c: retrograde analysis of the history-free simple-ko game (solver/tablebase.h).
 *
 * States are numbered densely: the plain state (position of rank r, side s) is 2r + s; the ko
 * states follow, 2L + k, where k is the place of the state's key in the sorted array ko_keys,
 * key = (2r + s) << 7 | ban.  A state's value is one byte: 0 unknown (a draw once the computation
 * is over), 1 + distance for distances up to 253, and VALUE_LONG for longer ones, whose distance
 * is in the long table (sorted by state index).  Wins have odd distances and losses even ones (a
 * loss at 0 has no move, a win at d + 1 moves to a loss at d, a loss at d + 1 has only moves to
 * wins of at most d), so the byte holds the outcome too.
 *
 * The computation counts, for every unknown state, its moves to states not yet known to be wins
 * for the opponent (predecessor counting); level d takes every state of distance d and walks its
 * predecessors: a predecessor of a loss is a win at d + 1, a predecessor of a win loses one
 * count and, at zero, is a loss at d + 1 (all its moves lead to wins, the longest at d).  A level
 * that finds no state ends it: every state left is a draw.
 *
 * Predecessors come from un-moves.  When the side m has just played at p to reach P:
 *   - p holds m's stone in P, and the play captured a set C of the opponent's chains; each of
 *     them was a chain of the previous position Q whose only liberty was p, so in P it is a whole
 *     empty region that borders only m's stones and touches p.  Q is P without p with any subset
 *     of those regions filled by the opponent, when Q is legal;
 *   - or the play was a suicide (suicide=1): the chain removed is a whole empty region R of P
 *     that borders only the opponent's stones, and Q is P with m's stones on R but p.
 * Every candidate is replayed forward (board_place) and kept only if it gives P back, so an
 * un-move is never wrong; tests/test_tablebase.c checks that none is missing by comparing every
 * state of the small boards with an independent evaluation.
 */
/* fileno, fsync: POSIX. */
#define _POSIX_C_SOURCE 200809L

#include "solver/tablebase.h"

#include "positions/rank.h"
#include "solver/checkpoint.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

G_DEFINE_QUARK(tablebase - error - quark, tablebase_error)

#define VALUE_UNKNOWN            ((uint8_t)0)
#define VALUE_LONG               ((uint8_t)255)
#define VALUE_MAX_SHORT_DISTANCE 253 /* byte 254 */
#define KEY_BAN_BITS             7
#define KO_BLOCK_BITS            9

#define FILE_MAGIC        "MATHGOTB"
#define FILE_VERSION      1u
#define FILE_HEADER_FIXED 80 /* bytes before the rules string */

struct tablebase {
    board_geom_t geom;
    rules_t rules;
    rank_t *rank;
    uint64_t positions; /* L */
    uint64_t ko_count;  /* K */
    uint64_t *ko_keys;  /* sorted */
    /* Derived from ko_keys (not in files): a bit per plain state that has ko states, and for
     * every block of KO_BLOCK plain states the place of its first ko key. */
    uint64_t *ko_bitmap;
    uint64_t *ko_block;
    uint8_t *values; /* 2L + K */
    uint64_t long_count;
    uint64_t *long_index; /* sorted */
    uint32_t *long_distance;
    bool computed;
    tablebase_stats_t stats;
    int interrupted; /* set by tablebase_interrupt (atomic) */
};

/* ---- Bans and moves ------------------------------------------------------------------------- */

/*
 * The points where `side` could play a single stone that has no neighbour but the opponent's
 * stones: with no capture it is a single-stone suicide, with a capture of exactly one stone it
 * retakes a ko (the opponent's single stone, just played there, took one stone at that point).
 */
static inline void lone_points(uint64_t *ko, uint64_t *suicide, const board_t *b,
                               const board_geom_t *g, board_color_t side)
{
    uint64_t empty = board_empty(b, g);
    uint64_t cand = empty & ~board_adjacent(g, empty | b->stones[side]);
    *ko = 0;
    *suicide = 0;
    while (cand) {
        board_point_t q = board_lowest(cand);
        cand &= cand - 1;
        board_placement_t pl = board_place(b, g, side, q);
        if (!pl.captured)
            *suicide |= board_bit(q);
        else if (!(pl.captured & (pl.captured - 1)))
            *ko |= board_bit(q);
    }
}

/* Whether any point could be a ban for `side` (a cheap filter before lone_points). */
static inline bool may_have_bans(const board_t *b, const board_geom_t *g, board_color_t side)
{
    uint64_t empty = board_empty(b, g);
    return (empty & ~board_adjacent(g, empty | b->stones[side])) != 0;
}

/*
 * The bans of the states of (b, side) other than none: the ko points, and whether the suicide ban
 * is a state (pseudo: both sides have a single-stone suicide, so the opponent can have just made
 * one and the ban forbids something).
 */
static inline void state_bans(uint64_t *ko, bool *suicide_ban, const board_t *b,
                              const board_geom_t *g, const rules_t *r, board_color_t side)
{
    uint64_t suicide;
    lone_points(ko, &suicide, b, g, side);
    *suicide_ban = false;
    if (r->suicide && suicide) {
        uint64_t ko_other, suicide_other;
        lone_points(&ko_other, &suicide_other, b, g, board_color_other(side));
        *suicide_ban = suicide_other != 0;
    }
}

/* The points `side` may play in b with no ban. */
static inline uint64_t legal_points(const board_t *b, const board_geom_t *g, const rules_t *r,
                                    board_color_t side)
{
    uint64_t empty = board_empty(b, g);
    if (r->suicide)
        return empty;
    uint64_t legal = 0;
    /* A point with an empty neighbour is never a suicide. */
    uint64_t sure = empty & board_adjacent(g, empty);
    legal |= sure;
    for (uint64_t m = empty & ~sure; m; m &= m - 1) {
        board_point_t p = board_lowest(m);
        if (!board_place(b, g, side, p).suicided)
            legal |= board_bit(p);
    }
    return legal;
}

/* The moves of state (b, side, ban). */
static inline uint64_t state_moves(const board_t *b, const board_geom_t *g, const rules_t *r,
                                   board_color_t side, uint8_t ban)
{
    uint64_t legal = legal_points(b, g, r, side);
    if (ban == TABLEBASE_BAN_NONE)
        return legal;
    if (ban == TABLEBASE_BAN_SUICIDE) {
        uint64_t ko, suicide;
        lone_points(&ko, &suicide, b, g, side);
        return legal & ~suicide;
    }
    return legal & ~board_bit(ban);
}

/* The ban left for the opponent of `mover` after its play at p, which gave `pl`. */
static inline uint8_t ban_after(const board_geom_t *g, const rules_t *r, board_color_t mover,
                                board_point_t p, const board_placement_t *pl)
{
    board_color_t next = board_color_other(mover);
    if (pl->captured && !(pl->captured & (pl->captured - 1))) {
        uint64_t ko, suicide;
        lone_points(&ko, &suicide, &pl->after, g, next);
        board_point_t q = board_lowest(pl->captured);
        return (ko & board_bit(q)) ? q : TABLEBASE_BAN_NONE;
    }
    if (pl->suicided == board_bit(p)) {
        uint64_t ko, suicide;
        lone_points(&ko, &suicide, &pl->after, g, next);
        return (r->suicide && suicide) ? TABLEBASE_BAN_SUICIDE : TABLEBASE_BAN_NONE;
    }
    return TABLEBASE_BAN_NONE;
}

/* ---- State index ------------------------------------------------------------------------------
 */

static inline uint64_t ko_key(uint64_t rank, board_color_t side, uint8_t ban)
{
    return ((rank * 2 + side) << KEY_BAN_BITS) | ban;
}

/* Whether the plain state (2 rank + side) has ko states. */
static inline bool has_ko_states(const tablebase_t *tb, uint64_t plain)
{
    return (tb->ko_bitmap[plain >> 6] >> (plain & 63)) & 1;
}

/* The first place in ko_keys whose key is >= key, searched within the key's block. */
static inline uint64_t ko_lower_bound(const tablebase_t *tb, uint64_t key)
{
    uint64_t block = key >> (KEY_BAN_BITS + KO_BLOCK_BITS);
    uint64_t lo = tb->ko_block[block], hi = tb->ko_block[block + 1];
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (tb->ko_keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The state index of (rank, side, ban), or UINT64_MAX when that ko state does not exist. */
static inline uint64_t state_index_of(const tablebase_t *tb, uint64_t rank, board_color_t side,
                                      uint8_t ban)
{
    if (ban == TABLEBASE_BAN_NONE)
        return rank * 2 + side;
    if (ban > TABLEBASE_BAN_SUICIDE || !has_ko_states(tb, rank * 2 + side))
        return UINT64_MAX;
    uint64_t key = ko_key(rank, side, ban);
    uint64_t k = ko_lower_bound(tb, key);
    if (k < tb->ko_count && tb->ko_keys[k] == key)
        return 2 * tb->positions + k;
    return UINT64_MAX;
}

/* Builds ko_bitmap and ko_block from the sorted ko_keys. */
static void index_ko_keys(tablebase_t *tb)
{
    uint64_t plains = 2 * tb->positions;
    uint64_t blocks = (plains >> KO_BLOCK_BITS) + 1;
    g_free(tb->ko_bitmap);
    g_free(tb->ko_block);
    tb->ko_bitmap = g_new0(uint64_t, plains / 64 + 1);
    tb->ko_block = g_new(uint64_t, blocks + 1);
    uint64_t k = 0;
    for (uint64_t b = 0; b <= blocks; b++) {
        while (k < tb->ko_count && (tb->ko_keys[k] >> (KEY_BAN_BITS + KO_BLOCK_BITS)) < b)
            k++;
        tb->ko_block[b] = k;
    }
    for (k = 0; k < tb->ko_count; k++) {
        uint64_t plain = tb->ko_keys[k] >> KEY_BAN_BITS;
        tb->ko_bitmap[plain >> 6] |= (uint64_t)1 << (plain & 63);
    }
}

/* The distance of a known state (its value byte is not VALUE_UNKNOWN). */
static int state_distance(const tablebase_t *tb, uint64_t index)
{
    uint8_t v = tb->values[index];
    if (v != VALUE_LONG)
        return v - 1;
    uint64_t lo = 0, hi = tb->long_count;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (tb->long_index[mid] < index)
            lo = mid + 1;
        else
            hi = mid;
    }
    g_assert(lo < tb->long_count && tb->long_index[lo] == index);
    return (int)tb->long_distance[lo];
}

static tablebase_value_t value_of_index(const tablebase_t *tb, uint64_t index)
{
    tablebase_value_t v = {TABLEBASE_DRAW, 0};
    if (tb->values[index] == VALUE_UNKNOWN)
        return v;
    v.distance = state_distance(tb, index);
    v.outcome = (v.distance & 1) ? TABLEBASE_WIN : TABLEBASE_LOSS;
    return v;
}

/* The ko states whose value (outcome and distance) differs from their plain state's. */
static uint64_t count_ko_changed(const tablebase_t *tb)
{
    uint64_t changed = 0;
    for (uint64_t k = 0; k < tb->ko_count; k++) {
        uint64_t plain = tb->ko_keys[k] >> KEY_BAN_BITS;
        tablebase_value_t a = value_of_index(tb, 2 * tb->positions + k);
        tablebase_value_t b = value_of_index(tb, plain);
        changed += a.outcome != b.outcome || a.distance != b.distance;
    }
    return changed;
}

/* ---- Creation ---------------------------------------------------------------------------------
 */

bool tablebase_rules_supported(const rules_t *rules, GError **error)
{
    if (rules->pass || rules->scoring != RULES_SCORING_LAST_MOVE) {
        char *text = rules_to_string(rules);
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_RULES,
                    "rules '%s' have no tablebase: only the no-pass last-move rule sets math and "
                    "pseudo (played with ko=simple,cycle=draw)",
                    text);
        g_free(text);
        return false;
    }
    if (rules->ko == RULES_KO_SITUATIONAL) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_RULES,
                    "ko=situational has no tablebase: a tablebase plays ko=simple");
        return false;
    }
    return true;
}

bool tablebase_plays(const rules_t *rules)
{
    return tablebase_rules_supported(rules, NULL) && rules->ko == RULES_KO_SIMPLE &&
           rules->cycle == RULES_CYCLE_DRAW;
}

static rules_t tablebase_rules_of(const rules_t *rules)
{
    rules_t r = *rules;
    r.ko = RULES_KO_SIMPLE;
    r.cycle = RULES_CYCLE_DRAW;
    r.komi2 = 0;
    r.tax = RULES_TAX_NONE;
    r.tax_group = RULES_TAX_GROUP_CHAIN;
    return r;
}

char *tablebase_rules_string(const rules_t *rules)
{
    rules_t r = tablebase_rules_of(rules);
    return rules_to_string(&r);
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The empty shell shared by create and load. */
static tablebase_t *shell_create(int width, int height, const rules_t *rules, GError **error)
{
    board_geom_t *geom = board_geom_create(width, height, error);
    if (!geom)
        return NULL;
    tablebase_t *tb = g_new0(tablebase_t, 1);
    tb->geom = *geom;
    board_geom_destroy(geom);
    tb->rules = tablebase_rules_of(rules);
    GError *local = NULL;
    tb->rank = rank_create(&tb->geom, &local);
    if (!tb->rank) {
        /* The rank module's message names the board. */
        g_set_error_literal(error, TABLEBASE_ERROR, TABLEBASE_ERROR_SIZE, local->message);
        g_error_free(local);
        g_free(tb);
        return NULL;
    }
    tb->positions = rank_count(tb->rank);
    if (tb->positions > ((uint64_t)1 << 48)) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_SIZE,
                    "%dx%d: %llu positions are too many for a tablebase", width, height,
                    (unsigned long long)tb->positions);
        tablebase_destroy(tb);
        return NULL;
    }
    return tb;
}

tablebase_t *tablebase_create(const board_geom_t *geom, const rules_t *rules, GError **error)
{
    if (!tablebase_rules_supported(rules, error))
        return NULL;
    tablebase_t *tb = shell_create(geom->width, geom->height, rules, error);
    if (!tb)
        return NULL;
    /* Two bytes per state while computing, 2 L states and a few per cent of ko states: refuse a
     * board that cannot fit this machine before walking its positions (5x5: 1.7 TB). */
    double needed = 4.4 * (double)tb->positions;
    double physical = 0;
#ifdef _SC_PHYS_PAGES
    physical = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
#endif
    if (physical > 0 && needed > physical) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_SIZE,
                    "%dx%d: %llu positions need about %.0f GB for the tablebase, this machine has "
                    "%.0f GB",
                    geom->width, geom->height, (unsigned long long)tb->positions, needed / 1e9,
                    physical / 1e9);
        tablebase_destroy(tb);
        return NULL;
    }
    /* The ko states: one pass over the positions in rank order, so the keys come sorted. */
    const board_geom_t *g = &tb->geom;
    GArray *keys = g_array_new(FALSE, FALSE, sizeof(uint64_t));
    rank_cursor_t *cur = rank_cursor_create(tb->rank, 0);
    board_t b;
    uint64_t rank;
    while (rank_cursor_next(&b, &rank, cur)) {
        for (int side = 0; side < 2; side++) {
            if (!may_have_bans(&b, g, (board_color_t)side))
                continue;
            uint64_t ko;
            bool suicide_ban;
            state_bans(&ko, &suicide_ban, &b, g, &tb->rules, (board_color_t)side);
            for (; ko; ko &= ko - 1) {
                uint64_t key = ko_key(rank, (board_color_t)side, board_lowest(ko));
                g_array_append_val(keys, key);
            }
            if (suicide_ban) {
                uint64_t key = ko_key(rank, (board_color_t)side, TABLEBASE_BAN_SUICIDE);
                g_array_append_val(keys, key);
            }
        }
    }
    rank_cursor_destroy(cur);
    tb->ko_count = keys->len;
    tb->ko_keys = (uint64_t *)g_array_free(keys, FALSE);
    index_ko_keys(tb);
    return tb;
}

void tablebase_destroy(tablebase_t *tb)
{
    if (!tb)
        return;
    rank_destroy(tb->rank);
    g_free(tb->ko_keys);
    g_free(tb->ko_bitmap);
    g_free(tb->ko_block);
    free(tb->values);
    g_free(tb->long_index);
    g_free(tb->long_distance);
    g_free(tb);
}

const board_geom_t *tablebase_geom(const tablebase_t *tb)
{
    return &tb->geom;
}

const rules_t *tablebase_rules(const tablebase_t *tb)
{
    return &tb->rules;
}

tablebase_stats_t tablebase_stats(const tablebase_t *tb)
{
    return tb->stats;
}

/* ---- Computation ------------------------------------------------------------------------------
 */

/*
 * The shared state of a computation.  Threads split each phase into blocks of states taken from
 * an atomic counter; a value byte or a count is changed with atomic operations (two threads may
 * reach one predecessor), and a state's value is set by the one thread whose update decides it
 * (a count that reaches zero; a loss's predecessor set with a compare-and-swap), so every value
 * is the same whatever the schedule.
 */
typedef struct compute {
    tablebase_t *tb;
    const board_geom_t *g;
    const rules_t *r;
    board_t *positions; /* by rank, or NULL: positions come from cursors */
    uint8_t *counts;    /* moves not yet known to lead to an opponent's win */
    GMutex long_lock;
    GArray *long_states; /* (index, distance) in order of distance */
    /* The phase the threads run. */
    int phase;    /* PHASE_COUNT_PLAIN, PHASE_COUNT_KO, PHASE_LEVEL, PHASE_LONG_LEVEL */
    int distance; /* of the level */
    uint64_t long_first, long_last;  /* PHASE_LONG_LEVEL: entries of the level */
    uint64_t next_block;             /* atomic */
    uint64_t found, resolved, edges; /* atomic */
    /* tablebase_interrupt stops the threads within their phase (no checkpoint to save), not
     * only between levels. */
    bool stop_within_phase;
} compute_t;

enum { PHASE_COUNT_PLAIN, PHASE_COUNT_KO, PHASE_LEVEL, PHASE_LONG_LEVEL };

/* States per block handed to a thread. */
#define COMPUTE_BLOCK 16384

typedef struct long_entry {
    uint64_t index;
    uint32_t distance;
} long_entry_t;

/*
 * A thread's source of positions by rank: the array when there is one, else a cursor that walks
 * forward (ranks are asked in increasing order within a block) and is re-created on a long jump.
 */
typedef struct position_source {
    const compute_t *c;
    rank_cursor_t *cursor;
    uint64_t rank;
    board_t position;
} position_source_t;

#define SOURCE_MAX_WALK 64

static const board_t *position_at(position_source_t *src, uint64_t rank)
{
    if (src->c->positions)
        return &src->c->positions[rank];
    if (!src->cursor || rank < src->rank || rank - src->rank > SOURCE_MAX_WALK) {
        rank_cursor_destroy(src->cursor);
        src->cursor = rank_cursor_create(src->c->tb->rank, rank);
        rank_cursor_next(&src->position, &src->rank, src->cursor);
    }
    while (src->rank < rank)
        rank_cursor_next(&src->position, &src->rank, src->cursor);
    return &src->position;
}

/* Records a state's distance (the caller owns the state: it decided it). */
static inline void set_distance(compute_t *c, uint64_t index, int distance)
{
    if (distance <= VALUE_MAX_SHORT_DISTANCE) {
        __atomic_store_n(&c->tb->values[index], (uint8_t)(distance + 1), __ATOMIC_RELAXED);
    } else {
        __atomic_store_n(&c->tb->values[index], VALUE_LONG, __ATOMIC_RELAXED);
        long_entry_t e = {index, (uint32_t)distance};
        g_mutex_lock(&c->long_lock);
        g_array_append_val(c->long_states, e);
        g_mutex_unlock(&c->long_lock);
    }
}

/* The position, side and ban of a state index. */
static inline void state_of_index(board_t *b, board_color_t *side, uint8_t *ban,
                                  position_source_t *src, uint64_t index)
{
    const tablebase_t *tb = src->c->tb;
    uint64_t plain = index;
    *ban = TABLEBASE_BAN_NONE;
    if (index >= 2 * tb->positions) {
        uint64_t key = tb->ko_keys[index - 2 * tb->positions];
        plain = key >> KEY_BAN_BITS;
        *ban = (uint8_t)(key & ((1u << KEY_BAN_BITS) - 1));
    }
    *b = *position_at(src, plain >> 1);
    *side = (board_color_t)(plain & 1);
}

/* A predecessor position: the position before the play, the point played and whether it was a
 * single-stone suicide (the only play a suicide ban forbids). */
typedef struct unmove {
    board_t before;
    board_point_t point;
    bool lone_suicide;
} unmove_t;

/*
 * The un-moves of the side that has just played (`mover`) that lead to state (b, mover's
 * opponent, ban): every previous position and play whose forward play gives b and leaves this
 * ban.  Returns their number (room: see UNMOVES_MAX).
 */
#define UNMOVES_MAX (BOARD_MAX_POINTS * 16 + BOARD_MAX_POINTS)
static int unmoves(unmove_t *out, const board_t *b, const board_geom_t *g, const rules_t *r,
                   board_color_t mover, uint8_t ban)
{
    board_color_t next = board_color_other(mover);
    uint64_t empty = board_empty(b, g);
    uint64_t ko_next, suicide_next;
    lone_points(&ko_next, &suicide_next, b, g, next);
    int n = 0;

    /* Plays that left a stone at p (with or without captures). */
    uint64_t stones = b->stones[mover];
    if (ban == TABLEBASE_BAN_SUICIDE)
        stones = 0;
    else if (ban != TABLEBASE_BAN_NONE)
        /* The ko capture was played by the single stone next to the ban point. */
        stones &= g->neighbours[ban];
    for (uint64_t ps = stones; ps; ps &= ps - 1) {
        board_point_t p = board_lowest(ps);
        uint64_t regions[4];
        int region_count = 0;
        for (uint64_t e = g->neighbours[p] & empty; e; e &= e - 1) {
            uint64_t bit = e & -e;
            bool seen = false;
            for (int i = 0; i < region_count; i++)
                seen |= (regions[i] & bit) != 0;
            if (seen)
                continue;
            uint64_t region = board_flood(g, bit, empty);
            if (!(board_adjacent(g, region) & b->stones[next]))
                regions[region_count++] = region;
        }
        for (int subset = 0; subset < (1 << region_count); subset++) {
            uint64_t captured = 0;
            for (int i = 0; i < region_count; i++)
                if (subset & (1 << i))
                    captured |= regions[i];
            uint8_t left = TABLEBASE_BAN_NONE;
            if (captured && !(captured & (captured - 1)) && (ko_next & captured))
                left = board_lowest(captured);
            if (left != ban)
                continue;
            board_t before = *b;
            before.stones[mover] &= ~board_bit(p);
            before.stones[next] |= captured;
            if (captured) {
                uint64_t before_empty = board_empty(&before, g);
                if (board_dead_chains(g, before.stones[mover], before_empty) ||
                    board_dead_chains(g, before.stones[next], before_empty))
                    continue;
            }
            board_placement_t pl = board_place(&before, g, mover, p);
            g_assert(board_equal(&pl.after, b) && pl.captured == captured && !pl.suicided);
            out[n].before = before;
            out[n].point = p;
            out[n].lone_suicide = false;
            n++;
        }
    }

    /* Suicides: the chain removed is a whole empty region bordering only the opponent. */
    if (r->suicide && (ban == TABLEBASE_BAN_NONE || ban == TABLEBASE_BAN_SUICIDE)) {
        for (uint64_t rest = empty; rest;) {
            uint64_t region = board_flood(g, rest & -rest, empty);
            rest &= ~region;
            if (board_adjacent(g, region) & b->stones[mover])
                continue;
            bool lone = !(region & (region - 1));
            uint8_t left = (lone && suicide_next) ? TABLEBASE_BAN_SUICIDE : TABLEBASE_BAN_NONE;
            if (left != ban)
                continue;
            for (uint64_t ps = region; ps; ps &= ps - 1) {
                board_point_t p = board_lowest(ps);
                board_t before = *b;
                before.stones[mover] |= region & ~board_bit(p);
                if (!lone) {
                    uint64_t before_empty = board_empty(&before, g);
                    if (board_dead_chains(g, before.stones[mover], before_empty) ||
                        board_dead_chains(g, before.stones[next], before_empty))
                        continue;
                }
                board_placement_t pl = board_place(&before, g, mover, p);
                if (!board_equal(&pl.after, b) || pl.captured || pl.suicided != region)
                    continue;
                out[n].before = before;
                out[n].point = p;
                out[n].lone_suicide = lone;
                n++;
            }
        }
    }
    g_assert(n <= UNMOVES_MAX);
    return n;
}

/* Level d's state `index` is known; updates its predecessors.  Returns the states it decided. */
static uint64_t update_predecessors(compute_t *c, position_source_t *src, uint64_t index,
                                    int distance)
{
    const board_geom_t *g = c->g;
    tablebase_t *tb = c->tb;
    board_t b;
    board_color_t side;
    uint8_t ban;
    state_of_index(&b, &side, &ban, src, index);
    board_color_t mover = board_color_other(side);
    unmove_t um[UNMOVES_MAX];
    int n = unmoves(um, &b, g, c->r, mover, ban);
    uint64_t ranks[UNMOVES_MAX];
    for (int i = 0; i < n; i++)
        ranks[i] = rank_position(tb->rank, &um[i].before);
    bool is_loss = (distance & 1) == 0;
    uint64_t decided = 0;
    for (int i = 0; i < n; i++) {
        g_assert(ranks[i] != RANK_ILLEGAL);
        /* The predecessor states: no ban, and every ban of (before, mover) but the play's. */
        uint64_t preds[2 + BOARD_MAX_POINTS];
        int pred_count = 0;
        preds[pred_count++] = ranks[i] * 2 + mover;
        if (has_ko_states(tb, ranks[i] * 2 + mover)) {
            uint64_t base = ko_key(ranks[i], mover, 0);
            for (uint64_t k = ko_lower_bound(tb, base);
                 k < tb->ko_count && (tb->ko_keys[k] >> KEY_BAN_BITS) == (base >> KEY_BAN_BITS);
                 k++) {
                uint8_t kb = (uint8_t)(tb->ko_keys[k] & ((1u << KEY_BAN_BITS) - 1));
                if (kb == um[i].point || (kb == TABLEBASE_BAN_SUICIDE && um[i].lone_suicide))
                    continue;
                preds[pred_count++] = 2 * tb->positions + k;
            }
        }
        for (int j = 0; j < pred_count; j++) {
            uint64_t u = preds[j];
            if (__atomic_load_n(&tb->values[u], __ATOMIC_RELAXED) != VALUE_UNKNOWN)
                continue;
            if (is_loss) {
                /* A win at d + 1: the first thread to claim it records it. */
                uint8_t expected = VALUE_UNKNOWN;
                uint8_t byte =
                    distance + 1 <= VALUE_MAX_SHORT_DISTANCE ? (uint8_t)(distance + 2) : VALUE_LONG;
                if (__atomic_compare_exchange_n(&tb->values[u], &expected, byte, false,
                                                __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
                    set_distance(c, u, distance + 1);
                    decided++;
                }
            } else if (__atomic_sub_fetch(&c->counts[u], 1, __ATOMIC_RELAXED) == 0) {
                set_distance(c, u, distance + 1);
                decided++;
            }
        }
    }
    return decided;
}

/* Runs update_predecessors on the states of [first, last) whose value byte is `byte`. */
static void run_level_block(uint64_t *found, uint64_t *decided, compute_t *c,
                            position_source_t *src, uint64_t first, uint64_t last, int distance)
{
    const uint8_t byte = (uint8_t)(distance + 1);
    const uint8_t *v = c->tb->values;
    const uint64_t pattern = 0x0101010101010101ull * byte;
    uint64_t i = first;
    for (; i < last; i++) {
        if ((i & 7) == 0 && i + 8 <= last) {
            uint64_t word;
            memcpy(&word, v + i, 8);
            uint64_t x = word ^ pattern;
            /* No zero byte in x: no state of this level among the 8 (the classic haszero test,
             * exact for "none"); bytes written meanwhile are of level d + 1, never d. */
            if (!((x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull)) {
                i += 7;
                continue;
            }
        }
        if (__atomic_load_n(&v[i], __ATOMIC_RELAXED) == byte) {
            *decided += update_predecessors(c, src, i, distance);
            (*found)++;
        }
    }
}

/* Counts the moves of the states of [first, last) (plain: ranks; ko: places in ko_keys). */
static void count_block(uint64_t *edges, uint64_t *decided, compute_t *c, position_source_t *src,
                        uint64_t first, uint64_t last, bool ko)
{
    const board_geom_t *g = c->g;
    uint64_t L = c->tb->positions;
    for (uint64_t i = first; i < last; i++) {
        if (!ko) {
            const board_t *b = position_at(src, i);
            for (int side = 0; side < 2; side++) {
                int n = board_popcount(legal_points(b, g, c->r, (board_color_t)side));
                c->counts[i * 2 + side] = (uint8_t)n;
                *edges += (uint64_t)n;
                if (n == 0) {
                    set_distance(c, i * 2 + side, 0);
                    (*decided)++;
                }
            }
        } else {
            uint64_t index = 2 * L + i;
            board_t b;
            board_color_t side;
            uint8_t ban;
            state_of_index(&b, &side, &ban, src, index);
            int n = board_popcount(state_moves(&b, g, c->r, side, ban));
            c->counts[index] = (uint8_t)n;
            *edges += (uint64_t)n;
            if (n == 0) {
                set_distance(c, index, 0);
                (*decided)++;
            }
        }
    }
}

/* A thread: takes blocks of the current phase until none is left. */
static gpointer compute_worker(gpointer data)
{
    compute_t *c = data;
    position_source_t src = {c, NULL, 0, {{0, 0}}};
    uint64_t L = c->tb->positions;
    uint64_t found = 0, decided = 0, edges = 0;
    uint64_t total = c->phase == PHASE_COUNT_PLAIN ? L
                     : c->phase == PHASE_COUNT_KO  ? c->tb->ko_count
                     : c->phase == PHASE_LEVEL     ? 2 * L + c->tb->ko_count
                                                   : c->long_last - c->long_first;
    for (;;) {
        if (c->stop_within_phase && __atomic_load_n(&c->tb->interrupted, __ATOMIC_RELAXED))
            break;
        uint64_t block = __atomic_fetch_add(&c->next_block, 1, __ATOMIC_RELAXED);
        uint64_t first = block * COMPUTE_BLOCK;
        if (first >= total)
            break;
        uint64_t last = MIN(total, first + COMPUTE_BLOCK);
        switch (c->phase) {
        case PHASE_COUNT_PLAIN:
        case PHASE_COUNT_KO:
            count_block(&edges, &decided, c, &src, first, last, c->phase == PHASE_COUNT_KO);
            break;
        case PHASE_LEVEL:
            run_level_block(&found, &decided, c, &src, first, last, c->distance);
            break;
        case PHASE_LONG_LEVEL:
            for (uint64_t i = first; i < last; i++) {
                /* Read under the lock: other threads may be appending. */
                g_mutex_lock(&c->long_lock);
                long_entry_t e = g_array_index(c->long_states, long_entry_t, c->long_first + i);
                g_mutex_unlock(&c->long_lock);
                decided += update_predecessors(c, &src, e.index, c->distance);
                found++;
            }
            break;
        }
    }
    rank_cursor_destroy(src.cursor);
    __atomic_fetch_add(&c->found, found, __ATOMIC_RELAXED);
    __atomic_fetch_add(&c->resolved, decided, __ATOMIC_RELAXED);
    __atomic_fetch_add(&c->edges, edges, __ATOMIC_RELAXED);
    return NULL;
}

/* Runs one phase on `threads` threads (the calling one among them). */
static void run_phase(compute_t *c, int phase, int threads)
{
    c->phase = phase;
    c->next_block = 0;
    GThread *helpers[TABLEBASE_MAX_THREADS];
    for (int t = 1; t < threads; t++)
        helpers[t] = g_thread_new("tablebase", compute_worker, c);
    compute_worker(c);
    for (int t = 1; t < threads; t++)
        g_thread_join(helpers[t]);
}

static double now_seconds(void)
{
    return g_get_monotonic_time() * 1e-6;
}

/* A computation's state after a level (see tablebase_options_t.checkpoint_path): below. */
typedef struct level_state {
    int level; /* the last level done */
    int max_distance;
    uint64_t long_next;
} level_state_t;
static bool level_save(const compute_t *c, const level_state_t *ls, const char *path,
                       GError **error);
static bool level_load(level_state_t *ls, compute_t *c, const char *path, GError **error);

/* The message of a computation stopped by tablebase_interrupt when `level` was the last level
 * done (-1: none). */
static void set_interrupted(GError **error, int level, uint64_t resolved, uint64_t states)
{
    char done[64] = "no level done";
    if (level >= 0)
        g_snprintf(done, sizeof done, level ? "levels 0 to %d done" : "level %d done", level);
    g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_INTERRUPTED,
                "%s, %llu of %llu states decided", done, (unsigned long long)resolved,
                (unsigned long long)states);
}

void tablebase_interrupt(tablebase_t *tb)
{
    __atomic_store_n(&tb->interrupted, 1, __ATOMIC_RELAXED);
}

tablebase_options_t tablebase_options_default(void)
{
    tablebase_options_t o = {1, (size_t)4 << 30, 0, NULL, NULL, NULL, 300};
    return o;
}

bool tablebase_compute(tablebase_t *tb, const tablebase_options_t *options, GError **error)
{
    tablebase_options_t defaults = tablebase_options_default();
    if (!options)
        options = &defaults;
    int threads = CLAMP(options->threads, 1, TABLEBASE_MAX_THREADS);
    double start = now_seconds();
    clock_t cpu_start = clock();
    const board_geom_t *g = &tb->geom;
    uint64_t L = tb->positions;
    uint64_t states = 2 * L + tb->ko_count;
    compute_t c;
    memset(&c, 0, sizeof c);
    c.tb = tb;
    c.g = g;
    c.r = &tb->rules;
    c.stop_within_phase = !options->checkpoint_path;
    g_mutex_init(&c.long_lock);
    bool ok = false;

    /* What create made (the ranking, the ko index), then a value and a count per state. */
    uint64_t held = (2 * L / 64 + 2 * L / 512) * 8 + tb->ko_count * 8 + rank_bytes(tb->rank);
    uint64_t least = held + 2 * states;
    if (options->memory_bytes && least > options->memory_bytes) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_MEMORY,
                    "%dx%d: the tablebase needs at least %llu bytes (a value and a count for "
                    "each of %llu states, the ranking and the ko index), more than the memory "
                    "cap of %zu bytes",
                    g->width, g->height, (unsigned long long)least, (unsigned long long)states,
                    options->memory_bytes);
        goto done;
    }
    free(tb->values);
    tb->values = calloc(states, 1);
    c.counts = malloc(states);
    bool position_array =
        L * sizeof(board_t) <= options->position_bytes &&
        (!options->memory_bytes || least + L * sizeof(board_t) <= options->memory_bytes);
    if (position_array)
        c.positions = malloc(L * sizeof(board_t));
    if (!tb->values || !c.counts || (position_array && !c.positions)) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_MEMORY,
                    "%dx%d: cannot allocate %.1f GB for the tablebase", g->width, g->height,
                    (states * 2.0 + (position_array ? L * 16.0 : 0)) / 1e9);
        goto done;
    }
    c.long_states = g_array_new(FALSE, FALSE, sizeof(long_entry_t));
    if (c.positions) {
        /* Positions by rank: one walk of a cursor (0.4 s for 4x4). */
        rank_cursor_t *cur = rank_cursor_create(tb->rank, 0);
        board_t b;
        uint64_t rank;
        while (rank_cursor_next(&b, &rank, cur))
            c.positions[rank] = b;
        rank_cursor_destroy(cur);
    }

    level_state_t resumed = {-1, 0, 0};
    if (options->checkpoint_path && g_file_test(options->checkpoint_path, G_FILE_TEST_EXISTS)) {
        /* The values, counts and long states after a level: go on from the next one. */
        if (!level_load(&resumed, &c, options->checkpoint_path, error))
            goto done;
    } else {
        /* The move counts; the states without a move are losses at 0. */
        run_phase(&c, PHASE_COUNT_PLAIN, threads);
        run_phase(&c, PHASE_COUNT_KO, threads);
    }

    int max_distance = resumed.max_distance;
    uint64_t long_next = resumed.long_next; /* the first entry of long_states not yet run */
    double saved = now_seconds();
    for (int d = resumed.level + 1;; d++) {
        c.distance = d;
        c.found = 0;
        if (d <= VALUE_MAX_SHORT_DISTANCE) {
            run_phase(&c, PHASE_LEVEL, threads);
        } else {
            /* Long levels: the entries are appended in order of distance; those of level d are
             * all there before the level starts (appends during it have distance d + 1). */
            c.long_first = long_next;
            c.long_last = long_next;
            while (c.long_last < c.long_states->len &&
                   g_array_index(c.long_states, long_entry_t, c.long_last).distance == (uint32_t)d)
                c.long_last++;
            run_phase(&c, PHASE_LONG_LEVEL, threads);
            long_next = c.long_last;
        }
        bool interrupted = __atomic_load_n(&tb->interrupted, __ATOMIC_RELAXED);
        if (interrupted && !options->checkpoint_path) {
            /* Stopped within the level (or after it): the values are those of level d - 1 and
             * part of level d. */
            set_interrupted(error, d - 1, c.resolved, states);
            goto done;
        }
        if (!c.found)
            break;
        max_distance = d;
        if (options->progress)
            options->progress(d, c.resolved, states, options->progress_data);
        if (options->checkpoint_path &&
            (interrupted || now_seconds() - saved >= options->checkpoint_seconds)) {
            level_state_t ls = {d, max_distance, long_next};
            if (!level_save(&c, &ls, options->checkpoint_path, error))
                goto done;
            saved = now_seconds();
        }
        if (interrupted) {
            set_interrupted(error, d, c.resolved, states);
            goto done;
        }
    }

    /* The long table, sorted by state index for probes. */
    g_free(tb->long_index);
    g_free(tb->long_distance);
    tb->long_count = c.long_states->len;
    g_array_sort(c.long_states, compare_u64); /* index is the entry's first member */
    tb->long_index = g_new(uint64_t, tb->long_count + 1);
    tb->long_distance = g_new(uint32_t, tb->long_count + 1);
    for (uint64_t i = 0; i < tb->long_count; i++) {
        tb->long_index[i] = g_array_index(c.long_states, long_entry_t, i).index;
        tb->long_distance[i] = g_array_index(c.long_states, long_entry_t, i).distance;
    }

    tablebase_stats_t *s = &tb->stats;
    memset(s, 0, sizeof *s);
    s->positions = L;
    s->states = states;
    s->ko_states = tb->ko_count;
    s->edges = c.edges;
    s->max_distance = max_distance;
    s->long_states = tb->long_count;
    s->ko_changed = count_ko_changed(tb);
    for (uint64_t i = 0; i < states; i++) {
        uint8_t v = tb->values[i];
        if (v == VALUE_UNKNOWN)
            s->draws++;
        else if (v != VALUE_LONG)
            ((v - 1) & 1) ? s->wins++ : s->losses++;
    }
    for (uint64_t i = 0; i < tb->long_count; i++)
        (tb->long_distance[i] & 1) ? s->wins++ : s->losses++;
    s->memory_bytes = states * 2 + (c.positions ? L * sizeof(board_t) : 0) + tb->ko_count * 8 +
                      (2 * L / 64 + 2 * L / 512) * 8 + rank_bytes(tb->rank) +
                      c.long_states->len * (sizeof(long_entry_t) + 12);
    s->seconds = now_seconds() - start;
    s->cpu_seconds = (double)(clock() - cpu_start) / CLOCKS_PER_SEC;
    tb->computed = true;
    ok = true;
done:
    free(c.counts);
    free(c.positions);
    if (c.long_states)
        g_array_free(c.long_states, TRUE);
    g_mutex_clear(&c.long_lock);
    if (!ok) {
        free(tb->values);
        tb->values = NULL;
    }
    return ok;
}

/* ---- States and probes ------------------------------------------------------------------------
 */

bool tablebase_state_play(tablebase_state_t *next, const tablebase_t *tb,
                          const tablebase_state_t *state, board_move_t move)
{
    const board_geom_t *g = &tb->geom;
    if (move >= g->size)
        return false;
    uint64_t moves = state_moves(&state->position, g, &tb->rules, state->to_move, state->ban);
    if (!(moves & board_bit(move)))
        return false;
    board_placement_t pl = board_place(&state->position, g, state->to_move, move);
    next->position = pl.after;
    next->to_move = board_color_other(state->to_move);
    next->ban = ban_after(g, &tb->rules, state->to_move, move, &pl);
    return true;
}

tablebase_state_t tablebase_state_after(const tablebase_t *tb, const board_t *previous,
                                        board_move_t last_move, const board_t *position,
                                        board_color_t to_move)
{
    tablebase_state_t s = {*position, to_move, TABLEBASE_BAN_NONE};
    if (!previous || last_move >= tb->geom.size)
        return s;
    board_placement_t pl = board_place(previous, &tb->geom, board_color_other(to_move), last_move);
    if (board_equal(&pl.after, position))
        s.ban = ban_after(&tb->geom, &tb->rules, board_color_other(to_move), last_move, &pl);
    return s;
}

void tablebase_state_normalize(tablebase_state_t *state, const tablebase_t *tb)
{
    if (state->ban == TABLEBASE_BAN_NONE)
        return;
    uint64_t ko, suicide;
    lone_points(&ko, &suicide, &state->position, &tb->geom, state->to_move);
    if (state->ban == TABLEBASE_BAN_SUICIDE) {
        if (!tb->rules.suicide || !suicide)
            state->ban = TABLEBASE_BAN_NONE;
    } else if (state->ban >= tb->geom.size || !(ko & board_bit(state->ban))) {
        state->ban = TABLEBASE_BAN_NONE;
    }
}

/* The index of a state, or false and *error. */
static bool index_of_state(uint64_t *index, const tablebase_t *tb, const tablebase_state_t *state,
                           GError **error)
{
    const board_geom_t *g = &tb->geom;
    if (!tb->computed) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_PENDING,
                    "the tablebase has not been computed");
        return false;
    }
    if (state->to_move != BOARD_BLACK && state->to_move != BOARD_WHITE) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_STATE, "no side to move");
        return false;
    }
    if ((board_occupied(&state->position) & ~g->all) ||
        (state->position.stones[0] & state->position.stones[1])) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_STATE,
                    "the position is not a position of the %dx%d board", g->width, g->height);
        return false;
    }
    uint64_t rank = rank_position(tb->rank, &state->position);
    if (rank == RANK_ILLEGAL) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_STATE,
                    "the position is not legal: a chain has no liberty");
        return false;
    }
    *index = state_index_of(tb, rank, state->to_move, state->ban);
    if (*index == UINT64_MAX) {
        char name[8];
        if (state->ban == TABLEBASE_BAN_SUICIDE)
            g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_STATE,
                        "no suicide ban here: %s has no single-stone suicide, or the opponent "
                        "could not have just made one",
                        state->to_move == BOARD_BLACK ? "Black" : "White");
        else
            g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_STATE,
                        "no ko at %s: %s cannot retake a single stone there",
                        state->ban < g->size ? board_move_name(name, g, state->ban) : "?",
                        state->to_move == BOARD_BLACK ? "Black" : "White");
        return false;
    }
    return true;
}

bool tablebase_state_valid(const tablebase_t *tb, const tablebase_state_t *state, GError **error)
{
    uint64_t index;
    return index_of_state(&index, tb, state, error);
}

bool tablebase_value(tablebase_value_t *value, const tablebase_t *tb,
                     const tablebase_state_t *state, GError **error)
{
    uint64_t index;
    if (!index_of_state(&index, tb, state, error))
        return false;
    *value = value_of_index(tb, index);
    return true;
}

/* Whether the successor value `next` keeps the value `v` (an optimal move). */
static bool keeps_value(tablebase_value_t v, tablebase_value_t next)
{
    switch (v.outcome) {
    case TABLEBASE_WIN:
        return next.outcome == TABLEBASE_LOSS && next.distance == v.distance - 1;
    case TABLEBASE_LOSS:
        return next.outcome == TABLEBASE_WIN && next.distance == v.distance - 1;
    case TABLEBASE_DRAW:
        return next.outcome == TABLEBASE_DRAW;
    }
    return false;
}

/*
 * The optimal moves of a state of value v; returns their number, or -1 and *error when a legal
 * move leads to a state the tablebase does not hold (a loaded file whose ko keys are not the
 * board's: the checksum vouches only for the bytes).
 */
static int optimal_moves(board_move_t *best, const tablebase_t *tb, const tablebase_state_t *state,
                         tablebase_value_t v, GError **error)
{
    int n = 0;
    uint64_t moves =
        state_moves(&state->position, &tb->geom, &tb->rules, state->to_move, state->ban);
    for (; moves; moves &= moves - 1) {
        board_move_t m = board_lowest(moves);
        tablebase_state_t next;
        uint64_t index;
        if (!tablebase_state_play(&next, tb, state, m) ||
            !index_of_state(&index, tb, &next, NULL)) {
            char name[8];
            g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                        "corrupt tablebase: the move %s leads to a state it does not hold",
                        board_move_name(name, &tb->geom, m));
            return -1;
        }
        if (keeps_value(v, value_of_index(tb, index)))
            best[n++] = m;
    }
    return n;
}

bool tablebase_probe(tablebase_probe_t *probe, const tablebase_t *tb,
                     const tablebase_state_t *state, GError **error)
{
    memset(probe, 0, sizeof *probe);
    if (!tablebase_value(&probe->value, tb, state, error))
        return false;
    probe->best_count = optimal_moves(probe->best, tb, state, probe->value, error);
    if (probe->best_count < 0)
        return false;
    /* The optimal game: the first optimal move each time; a draw stops at its first repeated
     * state. */
    tablebase_state_t s = *state;
    tablebase_value_t v = probe->value;
    GHashTable *seen =
        g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
    bool ok = true;
    for (;;) {
        /* The state's fields as bytes (the struct's padding is not part of it). */
        uint8_t key[sizeof s.position + 2];
        memcpy(key, &s.position, sizeof s.position);
        key[sizeof s.position] = (uint8_t)s.to_move;
        key[sizeof s.position + 1] = s.ban;
        GBytes *bytes = g_bytes_new(key, sizeof key);
        if (!g_hash_table_add(seen, bytes))
            break;
        board_move_t best[BOARD_MAX_POINTS];
        int count = optimal_moves(best, tb, &s, v, error);
        if (count < 0)
            ok = false;
        if (count <= 0)
            break;
        if (probe->line_length == TABLEBASE_MAX_LINE) {
            probe->line_truncated = true;
            break;
        }
        probe->line[probe->line_length++] = best[0];
        tablebase_state_t next;
        tablebase_state_play(&next, tb, &s, best[0]);
        s = next;
        tablebase_value(&v, tb, &s, NULL);
    }
    g_hash_table_destroy(seen);
    return ok;
}

/* ---- Files --------------------------------------------------------------------------------------
 */

/*
 * The checksum: FNV-1a over 64-bit little-endian words (each word XORed in, then multiplied by
 * the 64-bit FNV prime), the last partial word zero-padded, then the byte length XORed in and
 * multiplied once more.  Fed in pieces that are multiples of 8 bytes but the last.
 */
typedef struct checksum {
    uint64_t hash;
    uint64_t length;
} checksum_t;

#define FNV_OFFSET 0xcbf29ce484222325ull
#define FNV_PRIME  0x00000100000001b3ull

static void checksum_feed(checksum_t *c, const void *data, size_t bytes)
{
    const uint8_t *p = data;
    g_assert(c->length % 8 == 0);
    size_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        w = GUINT64_FROM_LE(w);
        c->hash = (c->hash ^ w) * FNV_PRIME;
    }
    if (i < bytes) {
        uint64_t w = 0;
        for (size_t k = 0; i + k < bytes; k++)
            w |= (uint64_t)p[i + k] << (8 * k);
        c->hash = (c->hash ^ w) * FNV_PRIME;
    }
    c->length += bytes;
}

static uint64_t checksum_final(const checksum_t *c)
{
    return (c->hash ^ c->length) * FNV_PRIME;
}

static void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put_u64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get_u32(const uint8_t *p)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

static uint64_t get_u64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* The header: magic, version, the board, the counts, then the rules string, padded to 8. */
static size_t header_bytes(size_t rules_length)
{
    return (FILE_HEADER_FIXED + rules_length + 7) / 8 * 8;
}

/* Writes data to f and feeds the checksum; false on a write error. */
static bool write_piece(FILE *f, checksum_t *c, const void *data, size_t bytes)
{
    checksum_feed(c, data, bytes);
    return fwrite(data, 1, bytes, f) == bytes;
}

/* Writes the arrays in pieces of 1 MB (little-endian words). */
static bool write_u64_array(FILE *f, checksum_t *c, const uint64_t *a, uint64_t n)
{
    uint8_t buf[1 << 16];
    for (uint64_t i = 0; i < n;) {
        uint64_t k = 0;
        for (; k < sizeof buf / 8 && i < n; k++, i++)
            put_u64(buf + 8 * k, a[i]);
        if (!write_piece(f, c, buf, 8 * k))
            return false;
    }
    return true;
}

static bool write_u32_array(FILE *f, checksum_t *c, const uint32_t *a, uint64_t n)
{
    uint8_t buf[1 << 16];
    for (uint64_t i = 0; i < n;) {
        uint64_t k = 0;
        for (; k < sizeof buf / 8 && i < n; k++, i++)
            put_u32(buf + 4 * k, a[i]);
        /* Pieces stay multiples of 8 bytes except the last. */
        if (!write_piece(f, c, buf, 4 * k))
            return false;
    }
    return true;
}

/* The length of the value section, padded to 8 bytes so the next sections stay aligned. */
static uint64_t padded8(uint64_t n)
{
    return (n + 7) / 8 * 8;
}

/* Writes the value bytes and the zero bytes that pad them to a multiple of 8. */
static bool write_values(FILE *f, checksum_t *c, const uint8_t *values, uint64_t n)
{
    uint8_t buf[1 << 16];
    for (uint64_t i = 0; i < padded8(n); i += sizeof buf) {
        uint64_t k = MIN(padded8(n) - i, sizeof buf);
        memset(buf, 0, k);
        if (i < n)
            memcpy(buf, values + i, MIN(n - i, k));
        if (!write_piece(f, c, buf, k))
            return false;
    }
    return true;
}

/* Ends a file opened as tmp (f NULL: fopen failed) and `written` so far: its checksum, then
 * checkpoint_commit over path.  f is closed in every case; false and *error naming the file
 * (tmp removed) on failure. */
static bool finish_file(FILE *f, bool written, const checksum_t *c, const char *tmp,
                        const char *path, GError **error)
{
    uint8_t sum[8];
    put_u64(sum, checksum_final(c));
    const char *what = tmp;
    if (f && (!written || fwrite(sum, 1, 8, f) != 8)) {
        int saved = errno;
        fclose(f);
        errno = saved;
    } else if (f && checkpoint_commit(f, tmp, path, &what))
        return true;
    g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_IO, "%s: cannot write: %s", what,
                g_strerror(errno));
    checkpoint_discard(tmp, path);
    return false;
}

bool tablebase_save(const tablebase_t *tb, const char *path, GError **error)
{
    if (!tb->computed) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_PENDING,
                    "%s: the tablebase has not been computed", path);
        return false;
    }
    char *tmp = checkpoint_temp_path(path); /* path itself for a device, pipe or link */
    char *rules = rules_to_string(&tb->rules);
    size_t rules_length = strlen(rules);
    size_t hb = header_bytes(rules_length);
    uint8_t *header = g_malloc0(hb);
    uint64_t states = 2 * tb->positions + tb->ko_count;
    const tablebase_stats_t *s = &tb->stats;
    memcpy(header, FILE_MAGIC, 8);
    put_u32(header + 8, FILE_VERSION);
    put_u32(header + 12, (uint32_t)hb);
    header[16] = tb->geom.width;
    header[17] = tb->geom.height;
    put_u32(header + 20, (uint32_t)rules_length);
    put_u64(header + 24, tb->positions);
    put_u64(header + 32, tb->ko_count);
    put_u64(header + 40, tb->long_count);
    put_u64(header + 48, s->wins);
    put_u64(header + 56, s->losses);
    put_u64(header + 64, s->draws);
    put_u32(header + 72, (uint32_t)s->max_distance);
    put_u32(header + 76, 0);
    memcpy(header + FILE_HEADER_FIXED, rules, rules_length);
    checksum_t c = {FNV_OFFSET, 0};
    FILE *f = fopen(tmp, "wb");
    bool written = f && write_piece(f, &c, header, hb) && write_values(f, &c, tb->values, states) &&
                   write_u64_array(f, &c, tb->ko_keys, tb->ko_count) &&
                   write_u64_array(f, &c, tb->long_index, tb->long_count) &&
                   write_u32_array(f, &c, tb->long_distance, tb->long_count);
    bool ok = finish_file(f, written, &c, tmp, path, error);
    g_free(header);
    g_free(rules);
    g_free(tmp);
    return ok;
}

/* Reads exactly n bytes and feeds the checksum. */
static bool read_piece(FILE *f, checksum_t *c, void *data, size_t bytes)
{
    if (fread(data, 1, bytes, f) != bytes)
        return false;
    checksum_feed(c, data, bytes);
    return true;
}

/* Reads n little-endian words of `width` bytes (4 or 8) into a (uint32_t or uint64_t). */
static bool read_words(FILE *f, checksum_t *c, void *a, uint64_t n, int width)
{
    uint8_t buf[1 << 16];
    for (uint64_t i = 0; i < n;) {
        uint64_t k = MIN(n - i, sizeof buf / 8);
        if (!read_piece(f, c, buf, (size_t)width * k))
            return false;
        for (uint64_t j = 0; j < k; j++) {
            if (width == 8)
                ((uint64_t *)a)[i + j] = get_u64(buf + 8 * j);
            else
                ((uint32_t *)a)[i + j] = get_u32(buf + 4 * j);
        }
        i += k;
    }
    return true;
}

tablebase_t *tablebase_load(const char *path, GError **error)
{
    tablebase_t *tb = NULL;
    char *rules_text = NULL;
    uint8_t *header = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_IO, "%s: cannot open: %s", path,
                    g_strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) != 0) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_IO, "%s: cannot read: %s", path,
                    g_strerror(errno));
        goto fail;
    }
    uint64_t file_size = (uint64_t)st.st_size;
    uint8_t fixed[FILE_HEADER_FIXED];
    if (file_size < FILE_HEADER_FIXED ||
        fread(fixed, 1, FILE_HEADER_FIXED, f) != FILE_HEADER_FIXED ||
        memcmp(fixed, FILE_MAGIC, 8) != 0) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                    "%s: not a mathgo tablebase (no '%s' header)", path, FILE_MAGIC);
        goto fail;
    }
    uint32_t version = get_u32(fixed + 8);
    if (version != FILE_VERSION) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                    "%s: tablebase format version %u, this mathgo reads version %u", path, version,
                    FILE_VERSION);
        goto fail;
    }
    uint32_t rules_length = get_u32(fixed + 20);
    uint32_t hb = get_u32(fixed + 12);
    if (rules_length <= 256 && hb == header_bytes(rules_length) && file_size < hb) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                    "%s: truncated: %llu bytes, shorter than its header (%u)", path,
                    (unsigned long long)file_size, hb);
        goto fail;
    }
    if (rules_length > 256 || hb != header_bytes(rules_length)) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                    "%s: corrupt header (rules string of %u bytes, header of %u)", path,
                    rules_length, hb);
        goto fail;
    }
    header = g_malloc(hb);
    memcpy(header, fixed, FILE_HEADER_FIXED);
    if (fread(header + FILE_HEADER_FIXED, 1, hb - FILE_HEADER_FIXED, f) != hb - FILE_HEADER_FIXED) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT, "%s: truncated header", path);
        goto fail;
    }
    int width = header[16], height = header[17];
    uint64_t positions = get_u64(header + 24);
    uint64_t ko_count = get_u64(header + 32);
    uint64_t long_count = get_u64(header + 40);
    rules_text = g_strndup((const char *)header + FILE_HEADER_FIXED, rules_length);
    rules_t rules;
    GError *local = NULL;
    if (!rules_parse(&rules, rules_text, &local) || !tablebase_rules_supported(&rules, &local)) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT, "%s: corrupt header: %s", path,
                    local->message);
        g_error_free(local);
        goto fail;
    }
    /* Counts bounded before any arithmetic on them: no count can exceed the file. */
    if (positions > file_size || ko_count > file_size || long_count > file_size) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                    "%s: corrupt header (counts larger than the file)", path);
        goto fail;
    }
    uint64_t states = 2 * positions + ko_count;
    uint64_t expected = hb + padded8(states) + 8 * ko_count + 12 * long_count + 8;
    if (file_size != expected) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                    "%s: %s: %llu bytes where the header announces %llu", path,
                    file_size < expected ? "truncated" : "trailing bytes",
                    (unsigned long long)file_size, (unsigned long long)expected);
        goto fail;
    }
    tb = shell_create(width, height, &rules, &local);
    if (!tb) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT, "%s: corrupt header: %s", path,
                    local->message);
        g_error_free(local);
        goto fail;
    }
    if (tb->positions != positions) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                    "%s: corrupt header: %llu positions, the %dx%d board has %llu", path,
                    (unsigned long long)positions, width, height,
                    (unsigned long long)tb->positions);
        goto fail;
    }
    tb->ko_count = ko_count;
    tb->long_count = long_count;
    tb->values = malloc(padded8(states));
    tb->ko_keys = g_try_new(uint64_t, ko_count + 1);
    tb->long_index = g_try_new(uint64_t, long_count + 1);
    tb->long_distance = g_try_new(uint32_t, long_count + 1);
    if (!tb->values || !tb->ko_keys || !tb->long_index || !tb->long_distance) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_MEMORY,
                    "%s: cannot allocate %.1f GB for the tablebase", path, states / 1e9);
        goto fail;
    }
    checksum_t c = {FNV_OFFSET, 0};
    checksum_feed(&c, header, hb);
    if (!read_piece(f, &c, tb->values, padded8(states)) ||
        !read_words(f, &c, tb->ko_keys, ko_count, 8) ||
        !read_words(f, &c, tb->long_index, long_count, 8) ||
        !read_words(f, &c, tb->long_distance, long_count, 4)) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_IO, "%s: read error", path);
        goto fail;
    }
    uint8_t sum[8];
    if (fread(sum, 1, 8, f) != 8 || get_u64(sum) != checksum_final(&c)) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                    "%s: corrupt: the checksum does not match the contents", path);
        goto fail;
    }
    /* What the checksum cannot vouch for (a file written by something else): the order of the
     * keys and the long entries that the binary searches rely on. */
    for (uint64_t i = 0; i < ko_count; i++)
        if ((i && tb->ko_keys[i] <= tb->ko_keys[i - 1]) ||
            (tb->ko_keys[i] >> (KEY_BAN_BITS + 1)) >= positions ||
            (tb->ko_keys[i] & ((1u << KEY_BAN_BITS) - 1)) > TABLEBASE_BAN_SUICIDE) {
            g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                        "%s: corrupt: ko state keys out of order", path);
            goto fail;
        }
    for (uint64_t i = 0; i < long_count; i++)
        if ((i && tb->long_index[i] <= tb->long_index[i - 1]) || tb->long_index[i] >= states ||
            tb->values[tb->long_index[i]] != VALUE_LONG) {
            g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                        "%s: corrupt: long distances out of order", path);
            goto fail;
        }
    /* Every long value byte needs its entry (each entry points at one, so equal counts
     * suffice): state_distance looks it up. */
    uint64_t long_values = 0;
    for (uint64_t i = 0; i < states; i++)
        long_values += tb->values[i] == VALUE_LONG;
    if (long_values != long_count) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                    "%s: corrupt: %llu long values, %llu long distances", path,
                    (unsigned long long)long_values, (unsigned long long)long_count);
        goto fail;
    }
    index_ko_keys(tb);
    tablebase_stats_t *s = &tb->stats;
    s->positions = positions;
    s->states = states;
    s->ko_states = ko_count;
    s->long_states = long_count;
    s->ko_changed = count_ko_changed(tb);
    s->wins = get_u64(header + 48);
    s->losses = get_u64(header + 56);
    s->draws = get_u64(header + 64);
    s->max_distance = (int)get_u32(header + 72);
    s->memory_bytes = padded8(states) + 8 * ko_count + 12 * long_count + rank_bytes(tb->rank);
    tb->computed = true;
    fclose(f);
    g_free(header);
    g_free(rules_text);
    return tb;
fail:
    fclose(f);
    g_free(header);
    g_free(rules_text);
    tablebase_destroy(tb);
    return NULL;
}

/* ---- Checkpoints of a computation ------------------------------------------------------------ */

/*
 * The state after a level, in the style of the tablebase file: a fixed header of 64 bytes
 * (magic "MATHGOTC", version, width, height, the rules string's length, the last level done,
 * the longest distance so far, the states, the states resolved, the moves, the long states and
 * the first of them not yet run), the rules string, the values and the counts (each padded to 8
 * bytes), the long states (index, distance as two words), the checksum.  Written atomically.
 */
#define LEVEL_MAGIC   "MATHGOTC"
#define LEVEL_VERSION 1u
#define LEVEL_HEADER  64

static void level_header(uint8_t out[LEVEL_HEADER], const compute_t *c, const level_state_t *ls,
                         size_t rules_length)
{
    memset(out, 0, LEVEL_HEADER);
    memcpy(out, LEVEL_MAGIC, 8);
    put_u32(out + 8, LEVEL_VERSION);
    out[12] = (uint8_t)c->g->width;
    out[13] = (uint8_t)c->g->height;
    put_u32(out + 16, (uint32_t)rules_length);
    put_u32(out + 20, (uint32_t)ls->level);
    put_u32(out + 24, (uint32_t)ls->max_distance);
    put_u64(out + 32, 2 * c->tb->positions + c->tb->ko_count);
    put_u64(out + 40, c->resolved);
    put_u64(out + 48, c->edges);
    put_u64(out + 56, c->long_states->len);
    /* long_next follows the rules string (the fixed part is full) */
}

static bool level_save(const compute_t *c, const level_state_t *ls, const char *path,
                       GError **error)
{
    char *tmp = checkpoint_temp_path(path);
    char *rules = rules_to_string(&c->tb->rules);
    size_t rules_length = strlen(rules);
    uint64_t states = 2 * c->tb->positions + c->tb->ko_count;
    uint8_t header[LEVEL_HEADER];
    level_header(header, c, ls, rules_length);
    uint8_t *rules_padded = g_malloc0(padded8(rules_length) + 8);
    memcpy(rules_padded, rules, rules_length);
    put_u64(rules_padded + padded8(rules_length), ls->long_next);
    uint64_t n_long = c->long_states->len;
    uint64_t *words = g_new(uint64_t, 2 * n_long + 1);
    for (uint64_t i = 0; i < n_long; i++) {
        const long_entry_t *e = &g_array_index(c->long_states, long_entry_t, i);
        words[2 * i] = e->index;
        words[2 * i + 1] = e->distance;
    }
    checksum_t sum = {FNV_OFFSET, 0};
    FILE *f = fopen(tmp, "wb");
    bool written = f && write_piece(f, &sum, header, LEVEL_HEADER) &&
                   write_piece(f, &sum, rules_padded, padded8(rules_length) + 8) &&
                   write_values(f, &sum, c->tb->values, states) &&
                   write_values(f, &sum, c->counts, states) &&
                   write_u64_array(f, &sum, words, 2 * n_long);
    bool ok = finish_file(f, written, &sum, tmp, path, error);
    g_free(words);
    g_free(rules_padded);
    g_free(rules);
    g_free(tmp);
    return ok;
}

/* Reads what write_values wrote: n bytes and their padding (in the same pieces, for the
 * checksum). */
static bool read_values(FILE *f, checksum_t *c, uint8_t *values, uint64_t n)
{
    uint8_t buf[1 << 16];
    for (uint64_t i = 0; i < padded8(n); i += sizeof buf) {
        uint64_t k = MIN(padded8(n) - i, sizeof buf);
        if (!read_piece(f, c, buf, k))
            return false;
        if (i < n)
            memcpy(values + i, buf, MIN(n - i, k));
    }
    return true;
}

/*
 * What a level checkpoint whose checksum is right may still get wrong (another program's file,
 * or damage that kept the checksum: the fuzzer makes both), checked before a resume relies on
 * it: the level and the longest distance within the states' count (the loop of levels counts
 * on it), no value decided beyond the next level, the long states (index, distance) in order
 * of distance, each pointing at its own long value byte, one per such byte, and the first not
 * yet run within them.  NULL when all is well, else what is wrong.  The move counts are not
 * checked (only a recomputation could): a wrong count gives wrong values, never an access out
 * of bounds, and the checksum guards them against damage.
 */
static const char *level_contents_damage(const uint8_t *values, uint64_t states,
                                         const uint8_t header[LEVEL_HEADER], const uint64_t *words,
                                         uint64_t n_long, uint64_t long_next)
{
    uint64_t level = get_u32(header + 20), max_distance = get_u32(header + 24);
    if (level > states || level > INT32_MAX - 2 || max_distance > level)
        return "the level or the longest distance is beyond the states";
    if (get_u64(header + 40) > states)
        return "more states resolved than there are";
    if (long_next > n_long)
        return "the first long state to run is beyond the last";
    uint64_t long_values = 0;
    for (uint64_t i = 0; i < states; i++) {
        uint8_t v = values[i];
        long_values += v == VALUE_LONG;
        if (v != VALUE_UNKNOWN && v != VALUE_LONG && (uint64_t)(v - 1) > level + 1)
            return "a value decided beyond the next level";
    }
    if (long_values != n_long)
        return "long values and long states do not agree";
    uint64_t *indices = g_new(uint64_t, n_long + 1);
    const char *damage = NULL;
    for (uint64_t i = 0; i < n_long && !damage; i++) {
        uint64_t index = words[2 * i], distance = words[2 * i + 1];
        if (index >= states || values[index] != VALUE_LONG ||
            distance <= VALUE_MAX_SHORT_DISTANCE || distance > level + 1 ||
            (i && distance < words[2 * i - 1]))
            damage = "a long state out of place";
        indices[i] = index;
    }
    if (!damage) {
        qsort(indices, n_long, sizeof *indices, compare_u64);
        for (uint64_t i = 1; i < n_long && !damage; i++)
            if (indices[i] == indices[i - 1])
                damage = "a long state given twice";
    }
    g_free(indices);
    return damage;
}

static bool level_load(level_state_t *ls, compute_t *c, const char *path, GError **error)
{
    char *rules = rules_to_string(&c->tb->rules);
    size_t rules_length = strlen(rules);
    uint64_t states = 2 * c->tb->positions + c->tb->ko_count;
    uint8_t *rules_padded = g_malloc0(padded8(rules_length) + 8);
    uint64_t *words = NULL;
    checksum_t sum = {FNV_OFFSET, 0};
    bool ok = false;
    struct stat st;
    FILE *f = fopen(path, "rb");
    if (!f || fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        g_set_error(error, TABLEBASE_ERROR, f ? TABLEBASE_ERROR_FORMAT : TABLEBASE_ERROR_IO,
                    "%s: %s", path, f ? "not a regular file" : g_strerror(errno));
        goto done;
    }
    uint8_t header[LEVEL_HEADER], want[LEVEL_HEADER];
    if (!read_piece(f, &sum, header, LEVEL_HEADER) || memcmp(header, LEVEL_MAGIC, 8) != 0 ||
        get_u32(header + 8) != LEVEL_VERSION) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                    "%s: not a checkpoint of mathgo tablebase (format %u)", path, LEVEL_VERSION);
        goto done;
    }
    /* The same board, rules and states: the header up to the level agrees with this run's. */
    level_state_t none = {0, 0, 0};
    level_header(want, c, &none, rules_length);
    uint64_t n_long = get_u64(header + 56);
    uint64_t expected =
        LEVEL_HEADER + padded8(rules_length) + 8 + 2 * padded8(states) + 16 * n_long + 8;
    if (memcmp(header + 12, want + 12, 8) != 0 || get_u64(header + 32) != states ||
        !read_piece(f, &sum, rules_padded, padded8(rules_length) + 8) ||
        memcmp(rules_padded, rules, rules_length) != 0) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                    "%s: %s (this one: %dx%d %s); give another file or the same arguments", path,
                    (uint64_t)st.st_size < LEVEL_HEADER + padded8(rules_length) + 8
                        ? "truncated, or the checkpoint of another tablebase"
                        : "the checkpoint of another tablebase",
                    c->g->width, c->g->height, rules);
        goto done;
    }
    if (n_long > states || (uint64_t)st.st_size != expected) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                    "%s: %llu bytes where the header announces %llu (a truncated or damaged file)",
                    path, (unsigned long long)st.st_size,
                    (unsigned long long)(n_long > states ? 0 : expected));
        goto done;
    }
    words = g_new(uint64_t, 2 * n_long + 1);
    if (!read_values(f, &sum, c->tb->values, states) || !read_values(f, &sum, c->counts, states) ||
        !read_words(f, &sum, words, 2 * n_long, 8)) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_IO, "%s: cannot read: %s", path,
                    g_strerror(errno));
        goto done;
    }
    uint8_t tail[8];
    if (fread(tail, 1, 8, f) != 8 || get_u64(tail) != checksum_final(&sum)) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                    "%s: the checksum does not match the contents (a damaged file)", path);
        goto done;
    }
    const char *damage = level_contents_damage(c->tb->values, states, header, words, n_long,
                                               get_u64(rules_padded + padded8(rules_length)));
    if (damage) {
        g_set_error(error, TABLEBASE_ERROR, TABLEBASE_ERROR_FORMAT,
                    "%s: %s (a damaged file, or another program's)", path, damage);
        goto done;
    }
    g_array_set_size(c->long_states, 0);
    for (uint64_t i = 0; i < n_long; i++) {
        long_entry_t e = {words[2 * i], (uint32_t)words[2 * i + 1]};
        g_array_append_val(c->long_states, e);
    }
    ls->level = (int)get_u32(header + 20);
    ls->max_distance = (int)get_u32(header + 24);
    ls->long_next = get_u64(rules_padded + padded8(rules_length));
    c->resolved = get_u64(header + 40);
    c->edges = get_u64(header + 48);
    ok = true;
done:
    if (f)
        fclose(f);
    g_free(words);
    g_free(rules_padded);
    g_free(rules);
    return ok;
}
