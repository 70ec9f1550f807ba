/*
 * tests/test_benson.c: unconditional life and safe territory (core/benson.h).
 *
 * Three kinds of check:
 *   - positions kept as data (tests/data/benson_positions.txt) with the expected masks for both
 *     colours, worked out by hand;
 *   - a slow reference written point by point from the definitions (coordinates, no bitboards,
 *     no board.h flood fills), compared with benson_analyse on random positions of many sizes;
 *   - the claim itself, by brute force: from random positions, every state reachable when the
 *     opponent plays any move (or passes) and c passes or captures inside its territory keeps
 *     c's alive stones and territory stones, and c always has a capturing move there while an
 *     opponent stone remains.  Suicide legal and illegal, no ko rule at all (any repetition
 *     allowed), which is a stronger claim than under any ko rule.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/benson.h"
#include "positions/diagram.h"
#include "tests/support.h"

#include <stdlib.h>
#include <string.h>

/* ---- Data-driven positions ---------------------------------------------------------------- */

/* A point list ("A1 C3"), "none" or "all" (every stone of `stones`). */
static uint64_t parse_mask(const board_geom_t *g, const char *name, const char *key,
                           const char *text, uint64_t stones)
{
    if (!text)
        fail_msg("%s: no '%s' line", name, key);
    if (!strcmp(text, "none"))
        return 0;
    if (!strcmp(text, "all"))
        return stones;
    uint64_t m = 0;
    char **words = g_strsplit_set(text, " ", -1);
    for (int i = 0; words[i]; i++) {
        board_move_t p;
        GError *error = NULL;
        if (!*words[i])
            continue;
        if (!board_parse_move(&p, g, words[i], &error) || p == BOARD_MOVE_PASS)
            fail_msg("%s: %s: bad point '%s'", name, key, words[i]);
        m |= board_bit(p);
    }
    g_strfreev(words);
    return m;
}

static void print_mask(FILE *out, const board_geom_t *g, uint64_t m)
{
    for (int y = 0; y < g->height; y++) {
        for (int x = 0; x < g->width; x++)
            fputc(m & board_bit(board_point(g, x, y)) ? '#' : '.', out);
        fputc('\n', out);
    }
}

static void check_position_record(const char *record)
{
    char **lines = g_strsplit(record, "\n", -1);
    const char *name = support_record_value(lines, "name");
    board_t board;
    int w, h;
    support_record_diagram(&board, &w, &h, lines);
    board_geom_t *g = board_geom_create(w, h, NULL);
    static const char *const keys[2][2] = {{"black-alive", "black-territory"},
                                           {"white-alive", "white-territory"}};
    for (int c = 0; c < 2; c++) {
        uint64_t alive = parse_mask(g, name, keys[c][0], support_record_value(lines, keys[c][0]),
                                    board.stones[c]);
        uint64_t territory =
            parse_mask(g, name, keys[c][1], support_record_value(lines, keys[c][1]), 0);
        benson_t got;
        benson_analyse(&got, &board, g, (board_color_t)c);
        if (got.alive != alive || got.territory != territory) {
            board_print(stderr, &board, g);
            fprintf(stderr, "alive (got):\n");
            print_mask(stderr, g, got.alive);
            fprintf(stderr, "territory (got):\n");
            print_mask(stderr, g, got.territory);
            fail_msg("%s: %s alive %016llx territory %016llx, expected %016llx %016llx", name,
                     c ? "white" : "black", (unsigned long long)got.alive,
                     (unsigned long long)got.territory, (unsigned long long)alive,
                     (unsigned long long)territory);
        }
    }
    board_geom_destroy(g);
    g_strfreev(lines);
}

static void
test_benson__positions_from_data_have_the_expected_alive_stones_and_territory(void **state)
{
    (void)state;
    assert_true(support_for_each_record("benson_positions.txt", check_position_record) >= 15);
}

/* ---- A slow reference, point by point ------------------------------------------------------ */

/*
 * Benson's algorithm written directly from the definitions on a grid of cells: components by
 * depth-first search over (x, y) neighbours, vitality by looking at every point.  `classical`
 * selects Benson's original vitality (every EMPTY point of the region is a liberty of the chain,
 * and the region touches the chain) instead of core/benson.h's (every point is adjacent).
 */
typedef struct ref_board {
    int w, h;
    int cell[BOARD_MAX_POINTS];  /* 0 black, 1 white, 2 empty, 3 a hole (off the board) */
    bool safe[BOARD_MAX_POINTS]; /* an immortal stone (core/board.h, regions) */
} ref_board_t;

#define REF_HOLE 3

static int ref_neighbours(const ref_board_t *r, int p, int out[4])
{
    int x = p % r->w, y = p / r->w, n = 0;
    if (x > 0)
        out[n++] = p - 1;
    if (x < r->w - 1)
        out[n++] = p + 1;
    if (y > 0)
        out[n++] = p - r->w;
    if (y < r->h - 1)
        out[n++] = p + r->w;
    /* A hole is no neighbour. */
    int kept = 0;
    for (int k = 0; k < n; k++)
        if (r->cell[out[k]] != REF_HOLE)
            out[kept++] = out[k];
    return kept;
}

static bool ref_adjacent_to(const ref_board_t *r, int p, const int *label, int want)
{
    int nb[4], n = ref_neighbours(r, p, nb);
    for (int k = 0; k < n; k++)
        if (label[nb[k]] == want)
            return true;
    return false;
}

/* Labels the components of the points where in_set[p] is true; returns their number. */
static int ref_components(int *label, const ref_board_t *r, const bool *in_set)
{
    int size = r->w * r->h, count = 0, stack[BOARD_MAX_POINTS];
    for (int p = 0; p < size; p++)
        label[p] = -1;
    for (int p = 0; p < size; p++) {
        if (!in_set[p] || label[p] >= 0)
            continue;
        int top = 0;
        stack[top++] = p;
        label[p] = count;
        while (top) {
            int q = stack[--top], nb[4], n = ref_neighbours(r, q, nb);
            for (int k = 0; k < n; k++)
                if (in_set[nb[k]] && label[nb[k]] < 0) {
                    label[nb[k]] = count;
                    stack[top++] = nb[k];
                }
        }
        count++;
    }
    return count;
}

static benson_t ref_analyse(const ref_board_t *r, int c, bool classical)
{
    int size = r->w * r->h;
    bool own[BOARD_MAX_POINTS] = {false}, other[BOARD_MAX_POINTS] = {false};
    for (int p = 0; p < size; p++) {
        own[p] = r->cell[p] == c;
        other[p] = !own[p] && r->cell[p] != REF_HOLE;
    }
    int chain_of[BOARD_MAX_POINTS], region_of[BOARD_MAX_POINTS];
    int chains = ref_components(chain_of, r, own);
    int regions = ref_components(region_of, r, other);
    bool vital[BOARD_MAX_POINTS][BOARD_MAX_POINTS], borders[BOARD_MAX_POINTS][BOARD_MAX_POINTS];
    /* Regions: a chain with a safe stone is alive by the rules; a region with a safe opponent
     * stone can be filled by a safe chain, so it is never vital and never territory. */
    bool chain_safe[BOARD_MAX_POINTS] = {false}, region_immortal[BOARD_MAX_POINTS] = {false};
    for (int p = 0; p < size; p++) {
        if (own[p] && r->safe[p])
            chain_safe[chain_of[p]] = true;
        if (other[p] && r->safe[p])
            region_immortal[region_of[p]] = true;
    }
    for (int j = 0; j < regions; j++) {
        for (int i = 0; i < chains; i++) {
            bool touches = false, all = true;
            for (int p = 0; p < size; p++) {
                if (region_of[p] != j)
                    continue;
                bool adj = ref_adjacent_to(r, p, chain_of, i);
                touches |= adj;
                if (!adj && (!classical || r->cell[p] == 2))
                    all = false;
            }
            borders[j][i] = touches;
            vital[j][i] = touches && all && !region_immortal[j];
        }
    }
    bool chain_live[BOARD_MAX_POINTS], region_live[BOARD_MAX_POINTS];
    for (int i = 0; i < chains; i++)
        chain_live[i] = true;
    for (int j = 0; j < regions; j++)
        region_live[j] = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < chains; i++) {
            if (!chain_live[i] || chain_safe[i])
                continue;
            int n = 0;
            for (int j = 0; j < regions; j++)
                n += region_live[j] && vital[j][i];
            if (n < 2) {
                chain_live[i] = false;
                changed = true;
            }
        }
        for (int j = 0; j < regions; j++)
            for (int i = 0; i < chains; i++)
                if (region_live[j] && borders[j][i] && !chain_live[i])
                    region_live[j] = false;
    }
    benson_t out = {0, 0};
    int alive_label[BOARD_MAX_POINTS];
    for (int p = 0; p < size; p++) {
        alive_label[p] = own[p] && chain_live[chain_of[p]] ? 1 : 0;
        if (alive_label[p])
            out.alive |= (uint64_t)1 << p;
    }
    for (int j = 0; j < regions; j++) {
        bool ok = !region_immortal[j];
        for (int i = 0; i < chains; i++)
            if (borders[j][i] && !chain_live[i])
                ok = false;
        for (int p = 0; p < size; p++)
            if (region_of[p] == j && !ref_adjacent_to(r, p, alive_label, 1))
                ok = false;
        if (!ok)
            continue;
        for (int p = 0; p < size; p++)
            if (region_of[p] == j)
                out.territory |= (uint64_t)1 << p;
    }
    return out;
}

static ref_board_t ref_from(const board_t *b, const board_geom_t *g)
{
    ref_board_t r;
    r.w = g->width;
    r.h = g->height;
    for (int p = 0; p < g->size; p++) {
        uint64_t bit = board_bit((board_point_t)p);
        r.cell[p] = (g->all & bit) ? (int)board_at(b, (board_point_t)p) : REF_HOLE;
        r.safe[p] = ((g->safe[0] | g->safe[1]) & bit) != 0;
    }
    return r;
}

/*
 * A random legal position: each point black, white or empty with the given weights (in
 * percent); then, while some chain has no liberty, one random stone of such a chain is taken
 * off (which keeps crowded positions crowded, where emptying whole chains would not).  On a
 * region the safe stones stand from the start and only on-board points get stones.
 */
static board_t random_position(GRand *rng, const board_geom_t *g, int black, int white)
{
    board_t b = board_initial(g);
    for (int p = 0; p < g->size; p++) {
        if (!(board_empty(&b, g) & board_bit((board_point_t)p)))
            continue;
        int roll = g_rand_int_range(rng, 0, 100);
        if (roll < black)
            b.stones[BOARD_BLACK] |= board_bit((board_point_t)p);
        else if (roll < black + white)
            b.stones[BOARD_WHITE] |= board_bit((board_point_t)p);
    }
    for (;;) {
        uint64_t empty = board_empty(&b, g);
        uint64_t dead =
            board_dead_chains(g, b.stones[0], empty) | board_dead_chains(g, b.stones[1], empty);
        if (!dead)
            break;
        int k = g_rand_int_range(rng, 0, board_popcount(dead));
        while (k--)
            dead &= dead - 1;
        b.stones[0] &= ~(dead & -dead);
        b.stones[1] &= ~(dead & -dead);
    }
    assert_true(board_is_legal_position(&b, g));
    return b;
}

/* A random region of a w x h rectangle: about one point in eight a hole, one in twelve a safe
 * stone of each colour (at least one point on the board). */
static board_geom_t *random_region(GRand *rng, int w, int h)
{
    uint64_t on_board = 0, safe[2] = {0, 0};
    for (int p = 0; p < w * h; p++) {
        int roll = g_rand_int_range(rng, 0, 24);
        if (roll < 3)
            continue;
        on_board |= board_bit((board_point_t)p);
        if (roll < 5)
            safe[roll - 3] |= board_bit((board_point_t)p);
    }
    if (!on_board)
        on_board = 1, safe[0] = safe[1] = 0;
    board_geom_t *g = board_geom_create_region(w, h, on_board, safe, NULL);
    assert_non_null(g);
    return g;
}

static void test_benson__agrees_with_a_point_by_point_reference_on_random_positions(void **state)
{
    (void)state;
    static const int sizes[][2] = {{1, 1}, {1, 2},  {1, 5},  {7, 1},  {2, 2}, {2, 3},
                                   {3, 3}, {4, 3},  {4, 4},  {5, 5},  {6, 6}, {7, 7},
                                   {8, 8}, {64, 1}, {1, 64}, {16, 4}, {9, 7}};
    int compared = 0, with_life = 0, with_territory = 0, on_regions = 0;
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        board_geom_t *plain = board_geom_create(sizes[s][0], sizes[s][1], NULL);
        GRand *rng = g_rand_new_with_seed(1000 + (guint32)s);
        for (int k = 0; k < 600; k++) {
            /* Positions 400 and on are on random regions (holes and safe stones). */
            board_geom_t *g = k < 400 ? plain : random_region(rng, sizes[s][0], sizes[s][1]);
            /* From sparse to crowded, one colour or the other: life needs a crowd. */
            int crowd = 20 + k % 55, other = (k * 7) % 30;
            board_t b = k & 1 ? random_position(rng, g, other, crowd)
                              : random_position(rng, g, crowd, other);
            ref_board_t r = ref_from(&b, g);
            for (int c = 0; c < 2; c++) {
                benson_t got, want = ref_analyse(&r, c, false);
                benson_analyse(&got, &b, g, (board_color_t)c);
                if (got.alive != want.alive || got.territory != want.territory) {
                    board_print(stderr, &b, g);
                    fail_msg("%dx%d colour %d: alive %016llx territory %016llx, reference "
                             "%016llx %016llx",
                             g->width, g->height, c, (unsigned long long)got.alive,
                             (unsigned long long)got.territory, (unsigned long long)want.alive,
                             (unsigned long long)want.territory);
                }
                /* Contracts of the result, whatever the position. */
                assert_true((got.alive & ~b.stones[c]) == 0);
                assert_true((got.territory & b.stones[c]) == 0);
                assert_true((got.territory & ~g->all) == 0);
                assert_true((g->safe[c] & ~got.alive) == 0);
                compared++;
                on_regions += g != plain;
                with_life += got.alive != 0;
                with_territory += got.territory != 0;
            }
            if (g != plain)
                board_geom_destroy(g);
        }
        g_rand_free(rng);
        board_geom_destroy(plain);
    }
    /* The random positions must exercise the interesting cases, not only "nothing alive". */
    print_message("benson reference: %d analyses (%d on regions), %d with life, %d with "
                  "territory\n",
                  compared, on_regions, with_life, with_territory);
    assert_true(with_life >= compared / 20);
    assert_true(with_territory >= compared / 20);
}

/* ---- Brute force: the claims hold in every reachable state --------------------------------- */

/*
 * The states (position, player to move) reachable from a start when the opponent o plays any
 * point (suicide included when `suicide`) or passes, and c passes or plays a liberty of an
 * opponent chain inside the territory.  Visited states live in an open-addressing set whose
 * slots are stamped with the exploration number, so nothing is cleared between explorations.
 */
#define EXPLORE_SLOTS (1u << 17)
#define EXPLORE_CAP   (1u << 15) /* states per exploration before giving up on it */

typedef struct explore_slot {
    uint64_t black, white;
    uint32_t stamp; /* the exploration that wrote it; 0 never */
    uint8_t to_move;
} explore_slot_t;

typedef struct explore_state {
    board_t board;
    board_color_t to_move;
} explore_state_t;

typedef struct explorer {
    explore_slot_t *slots;
    explore_state_t *stack;
    uint32_t stamp;
    /* the question */
    const board_geom_t *g;
    board_color_t c;
    bool suicide;
    uint64_t alive, territory;
    /* the answer */
    uint32_t states;
    bool capped;
    const char *violation; /* NULL when every invariant held */
    board_t where;
    board_color_t where_to_move;
} explorer_t;

static explorer_t *explorer_new(void)
{
    explorer_t *e = g_new0(explorer_t, 1);
    e->slots = g_new0(explore_slot_t, EXPLORE_SLOTS);
    e->stack = g_new(explore_state_t, EXPLORE_CAP + 1);
    return e;
}

static void explorer_free(explorer_t *e)
{
    g_free(e->slots);
    g_free(e->stack);
    g_free(e);
}

/* Adds a state to the set and the stack; false when it was there already or the cap is hit. */
static bool explore_visit(explorer_t *e, const board_t *b, board_color_t to_move)
{
    uint64_t h =
        (b->stones[0] * 0x9E3779B97F4A7C15ULL) ^ (b->stones[1] * 0xC2B2AE3D27D4EB4FULL) ^ to_move;
    h ^= h >> 29;
    for (uint32_t i = (uint32_t)h & (EXPLORE_SLOTS - 1);; i = (i + 1) & (EXPLORE_SLOTS - 1)) {
        explore_slot_t *s = &e->slots[i];
        if (s->stamp != e->stamp) {
            if (e->states >= EXPLORE_CAP) {
                e->capped = true;
                return false;
            }
            s->stamp = e->stamp;
            s->black = b->stones[0];
            s->white = b->stones[1];
            s->to_move = (uint8_t)to_move;
            e->stack[e->states].board = *b;
            e->stack[e->states].to_move = to_move;
            e->states++;
            return true;
        }
        if (s->black == b->stones[0] && s->white == b->stones[1] && s->to_move == to_move)
            return false;
    }
}

static void explore_fail(explorer_t *e, const char *why, const board_t *b, board_color_t to_move)
{
    if (e->violation)
        return;
    e->violation = why;
    e->where = *b;
    e->where_to_move = to_move;
}

/* Checks a move's outcome: c's alive stones and its stones in the territory stay. */
static void explore_check_move(explorer_t *e, const board_t *before, const board_t *after,
                               board_color_t mover)
{
    uint64_t own = after->stones[e->c];
    if (e->alive & ~own)
        explore_fail(e, "(i) an alive stone was captured", after, board_color_other(mover));
    if (before->stones[e->c] & e->territory & ~own)
        explore_fail(e, "(ii) a stone c placed in its territory was captured", after,
                     board_color_other(mover));
}

static void explore(explorer_t *e, const board_t *start)
{
    board_color_t c = e->c, o = board_color_other(c);
    const board_geom_t *g = e->g;
    e->stamp++;
    e->states = 0;
    e->capped = false;
    e->violation = NULL;
    explore_visit(e, start, c);
    explore_visit(e, start, o);
    /* The stack holds every visited state once; a cursor walks it (breadth first). */
    for (uint32_t next = 0; next < e->states && !e->violation; next++) {
        explore_state_t s = e->stack[next];
        const board_t *b = &s.board;
        board_color_t mover = s.to_move;
        board_color_t after_move = board_color_other(mover);
        explore_visit(e, b, after_move); /* a pass */
        uint64_t empty = board_empty(b, g);
        if (mover == o) {
            for (uint64_t m = empty; m; m &= m - 1) {
                board_placement_t pl = board_place(b, g, o, board_lowest(m));
                if (pl.suicided && !e->suicide)
                    continue;
                explore_check_move(e, b, &pl.after, o);
                explore_visit(e, &pl.after, c);
            }
        } else {
            uint64_t theirs = b->stones[o] & e->territory;
            uint64_t moves = empty & e->territory & board_adjacent(g, theirs);
            if (theirs && !moves)
                explore_fail(e, "(iii) an opponent stone in c's territory and no move for c", b, c);
            for (uint64_t m = moves; m; m &= m - 1) {
                board_placement_t pl = board_place(b, g, c, board_lowest(m));
                if (pl.suicided)
                    explore_fail(e, "(iii) c's capturing move in its territory is a suicide", b, c);
                explore_check_move(e, b, &pl.after, c);
                explore_visit(e, &pl.after, o);
            }
        }
        if (e->capped)
            return;
    }
}

/* Asks whether colour c's `alive` stones and `territory` stay safe from position b on (with
 * suicide legal or not); the answer is in e->violation, e->capped and e->states. */
static void explore_ask(explorer_t *e, const board_geom_t *g, board_color_t c, uint64_t alive,
                        uint64_t territory, bool suicide, const board_t *b)
{
    e->g = g;
    e->c = c;
    e->alive = alive;
    e->territory = territory;
    e->suicide = suicide;
    explore(e, b);
}

static void explore_report(const explorer_t *e, const board_t *start, const char *label)
{
    fprintf(stderr, "%s: colour %s, suicide %s: %s\nstart:\n", label,
            e->c == BOARD_BLACK ? "black" : "white", e->suicide ? "legal" : "illegal",
            e->violation);
    board_print(stderr, start, e->g);
    fprintf(stderr, "state reached (%s to move):\n",
            e->where_to_move == BOARD_BLACK ? "black" : "white");
    board_print(stderr, &e->where, e->g);
}

static void test_benson__alive_stones_and_territory_survive_every_reachable_state(void **state)
{
    (void)state;
    static const int sizes[][2] = {{2, 3}, {3, 3}, {2, 4}, {3, 4}, {4, 4}, {5, 3}};
    explorer_t *e = explorer_new();
    int vacuous = 0, checked = 0, skipped = 0, with_opponent_in_territory = 0, on_regions = 0;
    uint64_t total_states = 0;
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        board_geom_t *plain = board_geom_create(sizes[s][0], sizes[s][1], NULL);
        GRand *rng = g_rand_new_with_seed(2000 + (guint32)s);
        for (int k = 0; k < 1300; k++) {
            /* Positions 1000 and on are on random regions (holes and safe stones). */
            board_geom_t *g = k < 1000 ? plain : random_region(rng, sizes[s][0], sizes[s][1]);
            /* Crowded for one colour, so that it often has life and territory. */
            board_color_t c = (board_color_t)(k & 1);
            int crowd = 35 + k % 35, other = 5 + k % 25;
            board_t b = random_position(rng, g, c == BOARD_BLACK ? crowd : other,
                                        c == BOARD_BLACK ? other : crowd);
            for (int col = 0; col < 2; col++) {
                benson_t a;
                benson_analyse(&a, &b, g, (board_color_t)col);
                if (!a.alive) {
                    assert_int_equal(a.territory, 0);
                    vacuous++;
                    continue;
                }
                for (int suicide = 0; suicide < 2; suicide++) {
                    explore_ask(e, g, (board_color_t)col, a.alive, a.territory, suicide, &b);
                    if (e->violation) {
                        explore_report(e, &b, "benson claim broken");
                        fail_msg("%dx%d position %d: %s", g->width, g->height, k, e->violation);
                    }
                    if (e->capped) {
                        skipped++;
                        continue;
                    }
                    checked++;
                    on_regions += g != plain;
                    total_states += e->states;
                    with_opponent_in_territory +=
                        (b.stones[board_color_other((board_color_t)col)] & a.territory) != 0;
                }
            }
            if (g != plain)
                board_geom_destroy(g);
        }
        g_rand_free(rng);
        board_geom_destroy(plain);
    }
    explorer_free(e);
    print_message("benson brute force: %d explorations checked (%d on regions, %llu states, %d "
                  "with opponent stones in the territory), %d skipped at the cap, %d analyses "
                  "with nothing alive\n",
                  checked, on_regions, (unsigned long long)total_states, with_opponent_in_territory,
                  skipped, vacuous);
    assert_true(checked >= 1000);
    assert_true(on_regions >= 500);
    assert_true(skipped * 20 <= checked); /* at most 5% skipped */
    assert_true(with_opponent_in_territory >= 200);
}

/*
 * Why core/benson.h asks every point of a vital region, not only every empty point, to be
 * adjacent to the chain: with suicide legal, the opponent can fill a region's last point (a
 * suicide that empties the region), then refill it while keeping a liberty on a point the chain
 * does not touch.  In the position below Benson's original test calls every black stone alive,
 * yet White captures the corner stone C3 (O at A3 is not adjacent to it): B3 suicide, B3 again,
 * C2 captures.  Without suicide the original test is sound, and the brute force confirms both.
 */
static void test_benson__classical_vitality_fails_when_suicide_is_legal(void **state)
{
    (void)state;
    board_t b;
    int w, h;
    assert_true(diagram_parse(&b, &w, &h, "O.X\nXX.\n.XX\n", NULL));
    board_geom_t *g = board_geom_create(w, h, NULL);
    ref_board_t r = ref_from(&b, g);
    benson_t classical = ref_analyse(&r, BOARD_BLACK, true), ours;
    benson_analyse(&ours, &b, g, BOARD_BLACK);
    assert_true(classical.alive == b.stones[BOARD_BLACK]);
    assert_int_equal(ours.alive, 0);

    explorer_t *e = explorer_new();
    explore_ask(e, g, BOARD_BLACK, classical.alive, 0, true, &b);
    assert_false(e->capped);
    assert_non_null(e->violation);
    explore_ask(e, g, BOARD_BLACK, classical.alive, 0, false, &b);
    assert_false(e->capped);
    assert_null(e->violation);
    explorer_free(e);
    board_geom_destroy(g);
}

/* Benson's original vitality, without suicide and without c moving, on random positions. */
static void test_benson__classical_vitality_holds_without_suicide(void **state)
{
    (void)state;
    static const int sizes[][2] = {{2, 3}, {3, 3}, {2, 4}, {3, 4}};
    explorer_t *e = explorer_new();
    int checked = 0, skipped = 0, classical_only = 0;
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        board_geom_t *g = board_geom_create(sizes[s][0], sizes[s][1], NULL);
        GRand *rng = g_rand_new_with_seed(3000 + (guint32)s);
        for (int k = 0; k < 300; k++) {
            board_t b = random_position(rng, g, 45 + k % 25, 10 + k % 20);
            ref_board_t r = ref_from(&b, g);
            benson_t classical = ref_analyse(&r, BOARD_BLACK, true), ours;
            benson_analyse(&ours, &b, g, BOARD_BLACK);
            /* Ours is never more optimistic than Benson's. */
            assert_true((ours.alive & ~classical.alive) == 0);
            if (!classical.alive)
                continue;
            classical_only += classical.alive != ours.alive;
            explore_ask(e, g, BOARD_BLACK, classical.alive, 0, false, &b);
            if (e->violation) {
                explore_report(e, &b, "classical Benson without suicide");
                fail_msg("%dx%d position %d: %s", g->width, g->height, k, e->violation);
            }
            if (e->capped)
                skipped++;
            else
                checked++;
        }
        g_rand_free(rng);
        board_geom_destroy(g);
    }
    explorer_free(e);
    print_message("classical benson without suicide: %d checked, %d skipped, %d where it finds "
                  "more life than ours\n",
                  checked, skipped, classical_only);
    assert_true(checked >= 200);
    assert_true(skipped * 20 <= checked);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            test_benson__positions_from_data_have_the_expected_alive_stones_and_territory),
        cmocka_unit_test(test_benson__agrees_with_a_point_by_point_reference_on_random_positions),
        cmocka_unit_test(test_benson__alive_stones_and_territory_survive_every_reachable_state),
        cmocka_unit_test(test_benson__classical_vitality_fails_when_suicide_is_legal),
        cmocka_unit_test(test_benson__classical_vitality_holds_without_suicide),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
