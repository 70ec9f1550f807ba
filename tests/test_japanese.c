/*
 * tests/test_japanese.c: the Analysis of the Japanese rules (core/japanese.h).
 *
 *   - two-eye-formations: japanese_two_eye_formation against the text's three conditions
 *     checked literally (every subset of strings, every pair of empty points) on every legal
 *     3x3 position, for every string;
 *   - independent life: japanese_string_alive (a search with a table) against a plain
 *     recursion over the imagined sequences with the whole path kept (no table, cycles found
 *     by scanning the path, formations by the literal check) on every legal position of
 *     boards of up to 4 points, for every string;
 *   - Removal and territory: japanese_settle against a point-by-point reading of the text on
 *     random statuses of random positions;
 *   - whole positions kept as data (tests/data/japanese_positions.txt, the diagrams of
 *     docs/japanese.md): each string's status, the removed stones, territory and the margin.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/benson.h"
#include "core/game.h"
#include "core/japanese.h"
#include "core/japanese_internal.h"
#include "positions/diagram.h"
#include "solver/search.h"
#include "tests/reference.h"
#include "tests/support.h"

#include <stdlib.h>
#include <string.h>

/* ---- Literal two-eye-formations -------------------------------------------------------------- */

/* The strings of colour c, one mask each; returns their number. */
static int strings_of(uint64_t *out, const board_t *b, const board_geom_t *g, board_color_t c)
{
    int n = 0;
    for (uint64_t rest = b->stones[c]; rest;) {
        out[n] = board_chain(b, g, board_lowest(rest));
        rest &= ~out[n++];
    }
    return n;
}

static bool adjacent_point(const board_geom_t *g, board_point_t a, board_point_t b)
{
    int ax = board_x(g, a), ay = board_y(g, a), bx = board_x(g, b), by = board_y(g, b);
    return abs(ax - bx) + abs(ay - by) == 1;
}

static bool string_adjacent_to(const board_geom_t *g, uint64_t string, board_point_t e)
{
    for (int p = 0; p < g->size; p++)
        if ((string >> p & 1) && adjacent_point(g, (board_point_t)p, e))
            return true;
    return false;
}

/* The text's definition, condition by condition, over every subset and every pair. */
static bool literal_formation(const board_t *b, const board_geom_t *g, board_color_t c, uint64_t on)
{
    uint64_t strings[BOARD_MAX_POINTS];
    int n = strings_of(strings, b, g, c);
    g_assert(n <= 16);
    uint64_t empty = board_empty(b, g);
    for (unsigned subset = 1; subset < (1u << n); subset++) {
        uint64_t stones = 0;
        for (int i = 0; i < n; i++)
            if (subset >> i & 1)
                stones |= strings[i];
        if (!(stones & on))
            continue;
        for (int e1 = 0; e1 < g->size; e1++) {
            if (!(empty >> e1 & 1))
                continue;
            for (int e2 = e1 + 1; e2 < g->size; e2++) {
                if (!(empty >> e2 & 1))
                    continue;
                bool ok = true;
                /* 1) each string adjacent to each of the two; 2) to no other empty point */
                for (int i = 0; i < n && ok; i++) {
                    if (!(subset >> i & 1))
                        continue;
                    ok = string_adjacent_to(g, strings[i], (board_point_t)e1) &&
                         string_adjacent_to(g, strings[i], (board_point_t)e2);
                    for (int q = 0; q < g->size && ok; q++)
                        if ((empty >> q & 1) && q != e1 && q != e2)
                            ok = !string_adjacent_to(g, strings[i], (board_point_t)q);
                }
                /* 3) each of the two adjacent only to the strings */
                for (int q = 0; q < g->size && ok; q++)
                    if (adjacent_point(g, (board_point_t)q, (board_point_t)e1) ||
                        adjacent_point(g, (board_point_t)q, (board_point_t)e2))
                        ok = (stones >> q) & 1;
                if (ok)
                    return true;
            }
        }
    }
    return false;
}

/* Every position of the board (legal ones only when `legal`), by base-3 counting. */
static int all_positions(board_t **out, const board_geom_t *g)
{
    int total = 1;
    for (int i = 0; i < g->size; i++)
        total *= 3;
    *out = g_new(board_t, total);
    int n = 0;
    for (int code = 0; code < total; code++) {
        board_t b = {{0, 0}};
        int c = code;
        for (int p = 0; p < g->size; p++, c /= 3)
            if (c % 3 < 2)
                b.stones[c % 3] |= board_bit((board_point_t)p);
        if (board_is_legal_position(&b, g))
            (*out)[n++] = b;
    }
    return n;
}

static void test_japanese__formation_matches_the_three_conditions(void **state)
{
    (void)state;
    const int sizes[][2] = {{3, 3}, {2, 4}, {1, 7}};
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        board_geom_t *g = board_geom_create(sizes[s][0], sizes[s][1], NULL);
        board_t *positions;
        int n = all_positions(&positions, g);
        int found = 0;
        for (int i = 0; i < n; i++) {
            const board_t *b = &positions[i];
            for (int c = 0; c < 2; c++) {
                uint64_t strings[BOARD_MAX_POINTS];
                int k = strings_of(strings, b, g, (board_color_t)c);
                for (int t = 0; t <= k; t++) {
                    /* each string, and (t == k) every stone of the board */
                    uint64_t on = t < k ? strings[t] : g->all;
                    bool expect = literal_formation(b, g, (board_color_t)c, on);
                    uint64_t formation = 0;
                    bool got = japanese_two_eye_formation(&formation, b, g, (board_color_t)c, on);
                    if (got != expect) {
                        board_print(stderr, b, g);
                        fail_msg("%dx%d: colour %d, on %llx: formation %d, literally %d", g->width,
                                 g->height, c, (unsigned long long)on, got, expect);
                    }
                    found += got;
                    if (got)
                        assert_int_equal(board_popcount(formation & board_empty(b, g)), 2);
                }
            }
        }
        assert_true(found > 0);
        g_free(positions);
        board_geom_destroy(g);
    }
}

/* ---- Plain recursion over the imagined sequences --------------------------------------------- */

#define NAIVE_PLIES 512

typedef struct naive {
    const board_geom_t *g;
    board_color_t defender;
    uint64_t target;
    board_t path[NAIVE_PLIES];
    board_move_t move[NAIVE_PLIES]; /* the move that led to path[i] */
    uint64_t nodes, limit;          /* past limit the recursion gives up (aborted) */
    bool aborted;
    bool attacker_passes_first; /* the attacker tries its pass before its plays (same answer) */
} naive_t;

/* Whether the defender forces the formation from path[ply] (whose passes end with `passes`). */
static bool naive_defender_wins(naive_t *n, int ply, int passes)
{
    const board_geom_t *g = n->g;
    if (++n->nodes > n->limit) {
        n->aborted = true;
        return false;
    }
    if (ply + 1 >= NAIVE_PLIES) {
        n->aborted = true; /* a sequence longer than the recursion keeps: unchecked */
        return false;
    }
    /* The attacker moves at even plies. */
    board_color_t me = ply % 2 == 0 ? board_color_other(n->defender) : n->defender;
    bool defender = me == n->defender;
    for (int i = 0; i <= g->size; i++) {
        int m = !defender && n->attacker_passes_first ? (i + g->size) % (g->size + 1) : i;
        board_t next = n->path[ply];
        bool pass = m == g->size;
        if (!pass) {
            if (board_occupied(&next) >> m & 1)
                continue;
            board_placement_t pl = board_place(&next, g, me, (board_point_t)m);
            if (pl.suicided)
                continue;
            if (ply >= 1 && n->move[ply] != BOARD_MOVE_PASS &&
                board_equal(&n->path[ply - 1], &pl.after))
                continue;
            next = pl.after;
        }
        bool result;
        if (pass && passes == 1) {
            result = false;
        } else {
            bool cycle = false;
            for (int k = ply + 1 - 2; k >= 0 && !cycle; k -= 2)
                cycle = board_equal(&n->path[k], &next);
            if (cycle)
                result = false;
            else if (literal_formation(&next, g, n->defender, n->target))
                result = true;
            else {
                n->path[ply + 1] = next;
                n->move[ply + 1] = pass ? BOARD_MOVE_PASS : (board_move_t)m;
                result = naive_defender_wins(n, ply + 1, pass ? passes + 1 : 0);
                if (n->aborted)
                    return false;
            }
        }
        if (defender && result)
            return true;
        if (!defender && !result)
            return false;
    }
    return !defender;
}

/* The plain recursion's answer, or -1 when it passed `limit` nodes. */
static int naive_alive_ordered(const board_t *b, const board_geom_t *g, board_point_t p,
                               uint64_t limit, uint64_t *nodes, bool attacker_passes_first)
{
    naive_t *n = g_new0(naive_t, 1);
    n->attacker_passes_first = attacker_passes_first;
    n->g = g;
    n->defender = board_at(b, p);
    n->target = board_chain(b, g, p);
    n->path[0] = *b;
    n->move[0] = BOARD_MOVE_NONE;
    n->limit = limit;
    int alive = literal_formation(b, g, n->defender, n->target) || naive_defender_wins(n, 0, 0);
    if (n->aborted)
        alive = -1;
    *nodes += n->nodes;
    g_free(n);
    return alive;
}

static int naive_alive(const board_t *b, const board_geom_t *g, board_point_t p, uint64_t limit,
                       uint64_t *nodes)
{
    return naive_alive_ordered(b, g, p, limit, nodes, false);
}

static void test_japanese__status_matches_plain_recursion(void **state)
{
    (void)state;
    /* Every string of every position up to 4 points (2x2: 640,000 nodes of plain recursion;
     * on 1x5 it passes 20 million for single strings: the recursion grows too fast beyond). */
    const int sizes[][3] = {{1, 1, 9}, {1, 2, 9}, {1, 3, 9}, {1, 4, 9}, {2, 2, 9}};
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        board_geom_t *g = board_geom_create(sizes[s][0], sizes[s][1], NULL);
        japanese_t *j = japanese_create(g, 12, 0), *whole = japanese_create(g, 12, 0);
        board_t *positions;
        int n = all_positions(&positions, g);
        int alive_count = 0, dead_count = 0, unchecked = 0;
        uint64_t limit = 20000000;
        uint64_t naive_nodes = 0;
        for (int i = 0; i < n; i++) {
            const board_t *b = &positions[i];
            if (board_popcount(board_empty(b, g)) > sizes[s][2])
                continue;
            /* The whole Analysis (one search per colour first, see japanese_analyse). */
            japanese_analysis_t a;
            assert_true(japanese_analyse(&a, whole, b, NULL));
            for (uint64_t rest = board_occupied(b); rest;) {
                board_point_t p = board_lowest(rest);
                rest &= ~board_chain(b, g, p);
                bool alive;
                japanese_line_t line;
                GError *error = NULL;
                assert_true(japanese_string_alive(&alive, &line, j, b, p, &error));
                int expect = naive_alive(b, g, p, limit, &naive_nodes);
                if (expect < 0) {
                    unchecked++;
                    continue;
                }
                bool in_analysis = ((a.alive[0] | a.alive[1]) & board_bit(p)) != 0;
                if (alive != expect || in_analysis != expect) {
                    board_print(stderr, b, g);
                    fail_msg("%dx%d: the string at %d: alive %d (in the whole Analysis %d), "
                             "plain recursion %d",
                             g->width, g->height, p, alive, in_analysis, expect);
                }
                /* The line ends as the status says. */
                assert_true(line.end != JAPANESE_END_TRUNCATED);
                assert_int_equal(
                    line.end == JAPANESE_END_FORMATION || line.end == JAPANESE_END_SECURED, alive);
                alive ? alive_count++ : dead_count++;
            }
        }
        fprintf(stderr,
                "%dx%d: %d positions, %d strings alive and %d not as the recursion says, %d "
                "unchecked\n",
                g->width, g->height, n, alive_count, dead_count, unchecked);
        if (g->size >= 4)
            assert_true(alive_count > 0 && dead_count > 0);
        assert_int_equal(unchecked, 0);
        g_free(positions);
        japanese_destroy(j);
        japanese_destroy(whole);
        board_geom_destroy(g);
    }
}

/* Whether a walk from place p along l's moves meets a situation of `seen` (one bit each) or
 * meets one twice: every line enumerated, the plain definition. */
static bool lines_repeat_from(const japanese_lines_t *l, uint32_t p, uint64_t seen)
{
    if ((seen >> l->sit[p]) & 1)
        return true;
    seen |= (uint64_t)1 << l->sit[p];
    for (uint32_t e = 0; e < l->moves; e++)
        if (l->edges[2 * e] == p && lines_repeat_from(l, l->edges[2 * e + 1], seen))
            return true;
    return false;
}

/* The exact line check of the game space (core/japanese_internal.h), on strategies built to
 * answer each way, then against every line enumerated on 3,000 random ones: no search of a
 * real position has yet met a strategy with a repeating line, so the check's "yes" is
 * tested here. */
static void test_japanese__lines_check_matches_every_line_enumerated(void **state)
{
    (void)state;
    /* Start 0 (situation 2) branches to 1 -> 2 (situations 0 then 1) and to 3 -> 4 (1 then
     * 0): the situations' graph has the cycle 0 -> 1 -> 0, yet no line meets one twice. */
    const uint32_t sit_two[] = {2, 0, 1, 1, 0}, edges_two[] = {0, 1, 1, 2, 0, 3, 3, 4};
    japanese_lines_t two = {5, 3, 4, sit_two, edges_two};
    bool known = false;
    assert_false(japanese_lines_acyclic(&two));
    assert_false(japanese_lines_repeat(&known, &two));
    assert_true(known);
    /* The same with one more move, 2 -> 4: the line 0 1 2 4 meets situation 0 twice. */
    const uint32_t edges_joined[] = {0, 1, 1, 2, 0, 3, 3, 4, 2, 4};
    japanese_lines_t joined = {5, 3, 5, sit_two, edges_joined};
    assert_true(japanese_lines_repeat(&known, &joined));
    assert_true(known);
    /* A chain of distinct situations: acyclic, no repeat. */
    const uint32_t sit_chain[] = {0, 1, 2}, edges_chain[] = {0, 1, 1, 2};
    japanese_lines_t chain = {3, 3, 2, sit_chain, edges_chain};
    assert_true(japanese_lines_acyclic(&chain));
    assert_false(japanese_lines_repeat(&known, &chain));
    assert_true(known);
    /* Places that cycle among themselves have no rank: not known. */
    const uint32_t edges_loop[] = {0, 1, 1, 2, 2, 0};
    japanese_lines_t loop = {3, 3, 3, sit_chain, edges_loop};
    assert_false(japanese_lines_repeat(&known, &loop));
    assert_false(known);

    GRand *rng = g_rand_new_with_seed(14);
    int repeating = 0, acyclic = 0;
    for (int round = 0; round < 3000; round++) {
        uint32_t places = (uint32_t)g_rand_int_range(rng, 2, 11);
        uint32_t situations = (uint32_t)g_rand_int_range(rng, 1, 7);
        uint32_t sit[10], edges[2 * 45], moves = 0;
        for (uint32_t p = 0; p < places; p++)
            sit[p] = (uint32_t)g_rand_int_range(rng, 0, (gint32)situations);
        /* Moves only from a lower place to a higher one: the places have no cycle. */
        for (uint32_t u = 0; u < places; u++)
            for (uint32_t v = u + 1; v < places; v++)
                if (g_rand_int_range(rng, 0, 4) == 0) {
                    edges[2 * moves] = u;
                    edges[2 * moves + 1] = v;
                    moves++;
                }
        japanese_lines_t l = {places, situations, moves, sit, edges};
        bool expected = false;
        for (uint32_t p = 0; p < places && !expected; p++)
            expected = lines_repeat_from(&l, p, 0);
        bool got = japanese_lines_repeat(&known, &l);
        assert_true(known);
        if (got != expected)
            fail_msg("round %d: %u places, %u moves: the check says %d, the lines %d", round,
                     places, moves, got, expected);
        if (japanese_lines_acyclic(&l)) {
            acyclic++;
            assert_false(expected);
        }
        repeating += expected;
    }
    g_rand_free(rng);
    fprintf(stderr, "3000 strategies: %d with a repeating line, %d with acyclic situations\n",
            repeating, acyclic);
    assert_true(repeating > 300 && 3000 - repeating > 300 && acyclic > 300);
}

/* The game space's exact check of a strategy's lines (tests/data/japanese_space_lines.txt):
 * with the space asked after one node, every string's status and the whole Analysis are those
 * of the search alone, and the positions do reach the check. */
static void test_japanese__space_line_check_matches_the_search(void **state)
{
    (void)state;
    char *text = support_read_data("japanese_space_lines.txt");
    char **lines = g_strsplit(text, "\n", -1);
    board_geom_t *g = board_geom_create(2, 5, NULL);
    japanese_t *plain = japanese_create(g, 16, 0), *spaced = japanese_create(g, 16, 0);
    japanese_set_space(spaced, 1);
    int positions = 0;
    for (char **l = lines; *l; l++) {
        if (!**l || **l == '#')
            continue;
        board_t b;
        int w, h;
        char *diagram = g_strdelimit(g_strdup(*l), "/", '\n');
        assert_true(diagram_parse(&b, &w, &h, diagram, NULL));
        assert_true(w == 2 && h == 5);
        g_free(diagram);
        japanese_analysis_t a, sa;
        assert_true(japanese_analyse(&a, plain, &b, NULL));
        assert_true(japanese_analyse(&sa, spaced, &b, NULL));
        if (a.alive[0] != sa.alive[0] || a.alive[1] != sa.alive[1])
            fail_msg("%s: alive %llx %llx by the search, %llx %llx with the space", *l,
                     (unsigned long long)a.alive[0], (unsigned long long)a.alive[1],
                     (unsigned long long)sa.alive[0], (unsigned long long)sa.alive[1]);
        for (uint64_t rest = board_occupied(&b); rest;) {
            board_point_t p = board_lowest(rest);
            rest &= ~board_chain(&b, g, p);
            bool alive, spaced_alive;
            assert_true(japanese_string_alive(&alive, NULL, plain, &b, p, NULL));
            assert_true(japanese_string_alive(&spaced_alive, NULL, spaced, &b, p, NULL));
            if (alive != spaced_alive)
                fail_msg("%s: the string at %d: alive %d by the search, %d with the space", *l, p,
                         alive, spaced_alive);
        }
        positions++;
    }
    fprintf(stderr, "%d positions, %llu strategies' lines checked one by one\n", positions,
            (unsigned long long)japanese_space_line_checks(spaced));
    assert_int_equal(positions, 13);
    assert_true(japanese_space_line_checks(spaced) > 0);
    japanese_destroy(plain);
    japanese_destroy(spaced);
    board_geom_destroy(g);
    g_strfreev(lines);
    g_free(text);
}

/* The eye-space cut (docs/japanese.md, "The search") read literally: A the attacker's Benson
 * alive stones; for each point t of the string outside A, the points reachable from t without
 * entering A; among them, those with no neighbour in A; the cut holds when no two of those are
 * apart (not adjacent), for every t.  Coordinates and a breadth-first search, no floods. */
static bool literal_eye_space_cut(const board_t *b, const board_geom_t *g, uint64_t target,
                                  board_color_t attacker)
{
    benson_t safe;
    benson_analyse(&safe, b, g, attacker);
    uint64_t a = safe.alive;
    for (int t = 0; t < g->size; t++) {
        if (!(target >> t & 1) || (a >> t & 1))
            continue;
        int queue[BOARD_MAX_POINTS], head = 0, tail = 0;
        uint64_t seen = board_bit((board_point_t)t);
        queue[tail++] = t;
        while (head < tail) {
            int q = queue[head++];
            for (int r = 0; r < g->size; r++)
                if (adjacent_point(g, (board_point_t)q, (board_point_t)r) && !(seen >> r & 1) &&
                    !(a >> r & 1)) {
                    seen |= board_bit((board_point_t)r);
                    queue[tail++] = r;
                }
        }
        int eyes[BOARD_MAX_POINTS], n = 0;
        for (int i = 0; i < tail; i++) {
            bool next_to_a = false;
            for (int r = 0; r < g->size; r++)
                next_to_a |=
                    (a >> r & 1) && adjacent_point(g, (board_point_t)queue[i], (board_point_t)r);
            if (!next_to_a)
                eyes[n++] = queue[i];
        }
        for (int x = 0; x < n; x++)
            for (int y = x + 1; y < n; y++)
                if (!adjacent_point(g, (board_point_t)eyes[x], (board_point_t)eyes[y]))
                    return false;
    }
    return true;
}

/* The eye-space cut's own cases: it holds for the string (White's, Black attacking) and
 * Benson's territory does not cover it. */
static bool eye_space_case(const board_t *b, const board_geom_t *g, uint64_t target,
                           board_color_t defender)
{
    if (defender != BOARD_WHITE)
        return false;
    benson_t safe;
    benson_analyse(&safe, b, g, BOARD_BLACK);
    return (target & ~(safe.territory | safe.alive)) &&
           literal_eye_space_cut(b, g, target, BOARD_BLACK);
}

/*
 * A static cut checked on its own cases: random positions of 4x4, 5x3 and 4x3 (stones drawn
 * with the weights black/20 and white/20, at most max_empty points empty); for every string
 * where `is_case` holds at the start, the search must say `alive`, and so must the plain
 * recursion (unless it passes 200,000 nodes) and the search with the cuts off (unless it
 * passes 200,000 positions).  At least 20 strings are checked by the recursion.
 */
static void
check_cut_cases(bool (*is_case)(const board_t *, const board_geom_t *, uint64_t, board_color_t),
                bool alive, int black, int white, int max_empty, guint32 seed, const char *what)
{
    const int sizes[][2] = {{4, 4}, {5, 3}, {4, 3}};
    GRand *rng = g_rand_new_with_seed(seed);
    int checked = 0, unchecked = 0, compared = 0;
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        board_geom_t *g = board_geom_create(sizes[s][0], sizes[s][1], NULL);
        japanese_t *with = japanese_create(g, 16, 0), *without = japanese_create(g, 16, 200000);
        japanese_set_cuts(without, false);
        uint64_t naive_nodes = 0;
        for (int round = 0; round < 20000; round++) {
            board_t b = {{0, 0}};
            for (int p = 0; p < g->size; p++) {
                int v = g_rand_int_range(rng, 0, 20);
                if (v < black + white)
                    b.stones[v < black ? BOARD_BLACK : BOARD_WHITE] |= board_bit((board_point_t)p);
            }
            if (!board_is_legal_position(&b, g) || board_popcount(board_empty(&b, g)) > max_empty)
                continue;
            for (uint64_t rest = board_occupied(&b); rest;) {
                board_point_t p = board_lowest(rest);
                uint64_t target = board_chain(&b, g, p);
                rest &= ~target;
                if (!is_case(&b, g, target, board_at(&b, p)))
                    continue;
                bool got;
                assert_true(japanese_string_alive(&got, NULL, with, &b, p, NULL));
                assert_int_equal(got, alive);
                int expect = naive_alive_ordered(&b, g, p, 200000, &naive_nodes, true);
                if (expect < 0) {
                    unchecked++;
                } else if (expect != alive) {
                    board_print(stderr, &b, g);
                    fail_msg("%dx%d: the string at %d: %s, yet the plain recursion says %d",
                             g->width, g->height, p, what, expect);
                } else {
                    checked++;
                }
                GError *error = NULL;
                if (japanese_string_alive(&got, NULL, without, &b, p, &error)) {
                    assert_int_equal(got, alive);
                    compared++;
                }
                g_clear_error(&error);
            }
        }
        japanese_destroy(with);
        japanese_destroy(without);
        board_geom_destroy(g);
    }
    g_rand_free(rng);
    fprintf(stderr,
            "%s: %d strings checked by the plain recursion, %d too long for it; %d statuses "
            "equal without the cuts\n",
            what, checked, unchecked, compared);
    assert_true(checked >= 20);
}

/* The eye-space cut beyond Benson's territory (mostly Black stones, so that Black often has
 * unconditionally alive ones; at most 5 empty points): not independently alive. */
static void test_japanese__eye_space_cut_matches_plain_recursion(void **state)
{
    (void)state;
    check_cut_cases(eye_space_case, false, 14, 3, 5, 20261202, "eye-space cut beyond Benson");
}

/* The defender's fill (`secured`) read literally at the start of an analysis (an empty path):
 * the chain through some point of the string has two liberties whose every neighbour is a
 * stone of that chain.  Coordinates, no floods. */
static bool literal_fill_win(const board_t *b, const board_geom_t *g, uint64_t target,
                             board_color_t defender)
{
    for (int t = 0; t < g->size; t++) {
        if (!(target >> t & 1))
            continue;
        uint64_t chain = board_chain(b, g, (board_point_t)t);
        int eyes = 0;
        for (int e = 0; e < g->size; e++) {
            if (board_occupied(b) >> e & 1)
                continue;
            bool next_to_chain = false, only_chain = true;
            for (int q = 0; q < g->size; q++)
                if (adjacent_point(g, (board_point_t)e, (board_point_t)q)) {
                    next_to_chain |= (chain >> q & 1) != 0;
                    only_chain &= (chain >> q & 1) != 0;
                }
            eyes += next_to_chain && only_chain;
        }
        if (eyes >= 2 && (b->stones[defender] & chain))
            return true;
    }
    return false;
}

/* The defender's fill's cases: it holds at the start and no formation stands yet. */
static bool fill_case(const board_t *b, const board_geom_t *g, uint64_t target,
                      board_color_t defender)
{
    return literal_fill_win(b, g, target, defender) && !literal_formation(b, g, defender, target);
}

/* The defender's fill (both colours, at most 6 empty points): independently alive. */
static void test_japanese__fill_win_matches_plain_recursion(void **state)
{
    (void)state;
    check_cut_cases(fill_case, true, 9, 6, 6, 20261203, "defender's fill");
}

/* One thread's share of test_japanese__shared_space_answers_as_a_plain_search: the alive
 * stones of each position, its analyser asking the shared space, positions in `order`. */
typedef struct space_job {
    japanese_t *j;
    const board_t *positions;
    int n;
    bool backwards;
    uint64_t *alive; /* per position */
    const board_geom_t *g;
} space_job_t;

static gpointer space_job_run(gpointer data)
{
    space_job_t *job = data;
    for (int k = 0; k < job->n; k++) {
        int i = job->backwards ? job->n - 1 - k : k;
        const board_t *b = &job->positions[i];
        for (uint64_t rest = board_occupied(b); rest;) {
            board_point_t p = board_lowest(rest);
            uint64_t chain = board_chain(b, job->g, p);
            rest &= ~chain;
            bool alive;
            if (!japanese_string_alive(&alive, NULL, job->j, b, p, NULL))
                return GINT_TO_POINTER(1);
            job->alive[i] |= alive ? chain : 0;
        }
    }
    return NULL;
}

/* A game space shared by two analysers asked from two threads at once (japanese_share_space,
 * as the solver's threads share one), one walking the positions of 2x3 and 1x7 forwards and the
 * other backwards, so that each grows the space and takes attractors the other made: every
 * string's status is the one a plain search (no space) gives. */
static void test_japanese__shared_space_answers_as_a_plain_search(void **state)
{
    (void)state;
    const int sizes[][2] = {{2, 3}, {1, 7}};
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        board_geom_t *g = board_geom_create(sizes[s][0], sizes[s][1], NULL);
        board_t *positions;
        int n = all_positions(&positions, g);
        japanese_space_t *space = japanese_space_create();
        space_job_t jobs[2];
        GThread *threads[2];
        for (int t = 0; t < 2; t++) {
            japanese_t *j = japanese_create(g, 16, 0);
            japanese_set_space(j, 1); /* asked for every string not settled at once */
            japanese_share_space(j, space);
            jobs[t] = (space_job_t){j, positions, n, t == 1, g_new0(uint64_t, n), g};
        }
        japanese_space_destroy(space); /* the analysers hold it now */
        for (int t = 0; t < 2; t++)
            threads[t] = g_thread_new("space", space_job_run, &jobs[t]);
        for (int t = 0; t < 2; t++)
            assert_null(g_thread_join(threads[t]));
        japanese_t *plain = japanese_create(g, 16, 0);
        space_job_t alone = {plain, positions, n, false, g_new0(uint64_t, n), g};
        assert_null(space_job_run(&alone));
        for (int i = 0; i < n; i++)
            if (jobs[0].alive[i] != alone.alive[i] || jobs[1].alive[i] != alone.alive[i]) {
                board_print(stderr, &positions[i], g);
                fail_msg("%dx%d: alive stones %llx by the plain search, %llx and %llx by the "
                         "threads sharing a space",
                         g->width, g->height, (unsigned long long)alone.alive[i],
                         (unsigned long long)jobs[0].alive[i],
                         (unsigned long long)jobs[1].alive[i]);
            }
        uint64_t answers[2] = {japanese_space_answers(jobs[0].j),
                               japanese_space_answers(jobs[1].j)};
        fprintf(stderr, "%dx%d: %d positions, strings the shared space decided: %llu and %llu\n",
                g->width, g->height, n, (unsigned long long)answers[0],
                (unsigned long long)answers[1]);
        assert_true(answers[0] > 0 && answers[1] > 0);
        for (int t = 0; t < 2; t++) {
            japanese_destroy(jobs[t].j);
            g_free(jobs[t].alive);
        }
        japanese_destroy(plain);
        g_free(alone.alive);
        g_free(positions);
        board_geom_destroy(g);
    }
}

/* The status of every string of every legal 2x3 and 1x7 position (3x3 takes minutes), with a
 * table of 2^10 entries (much replacement), of 2^20, and of 2^10 growing to 2^16 as it is
 * written over (japanese_set_table_growth: every entry moved into the larger table): a result
 * reused where its history does not allow it, or moved to a bucket its probes never look in,
 * would show as a difference between them.  And the whole
 * Analysis of each position (japanese_analyse: a search per colour for a formation anywhere
 * first, its results serving the positions after it) against the strings' own searches. */
static void test_japanese__status_does_not_depend_on_the_table_size(void **state)
{
    (void)state;
    const int sizes[][3] = {{2, 3, 1}, {1, 7, 1}};
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        board_geom_t *g = board_geom_create(sizes[s][0], sizes[s][1], NULL);
        japanese_t *small = japanese_create(g, 10, 0), *large = japanese_create(g, 20, 0);
        japanese_t *whole = japanese_create(g, 16, 0), *spaced = japanese_create(g, 16, 0);
        japanese_t *growing = japanese_create(g, 10, 0);
        japanese_set_table_growth(growing, 16);
        japanese_set_space(spaced, 1); /* the game space for every string not settled at once */
        board_t *positions;
        int n = all_positions(&positions, g);
        int strings = 0, alive_count = 0;
        for (int i = 0; i < n; i += sizes[s][2]) {
            const board_t *b = &positions[i];
            japanese_analysis_t a;
            assert_true(japanese_analyse(&a, whole, b, NULL));
            for (uint64_t rest = board_occupied(b); rest;) {
                board_point_t p = board_lowest(rest);
                rest &= ~board_chain(b, g, p);
                bool a1, a2, a4, a5;
                assert_true(japanese_string_alive(&a1, NULL, small, b, p, NULL));
                assert_true(japanese_string_alive(&a2, NULL, large, b, p, NULL));
                assert_true(japanese_string_alive(&a4, NULL, spaced, b, p, NULL));
                assert_true(japanese_string_alive(&a5, NULL, growing, b, p, NULL));
                bool a3 = ((a.alive[0] | a.alive[1]) & board_bit(p)) != 0;
                if (a1 != a2 || a1 != a3 || a1 != a4 || a1 != a5) {
                    board_print(stderr, b, g);
                    fail_msg("%dx%d: the string at %d: alive %d with 2^10 entries, %d with 2^20, "
                             "%d in the whole Analysis, %d with the game space, %d with a "
                             "growing table",
                             g->width, g->height, p, a1, a2, a3, a4, a5);
                }
                strings++;
                alive_count += a1;
            }
        }
        fprintf(stderr,
                "%dx%d: %d strings, %d alive, %llu + %llu positions searched, %llu strings "
                "decided by the game space\n",
                g->width, g->height, strings, alive_count,
                (unsigned long long)japanese_nodes(small),
                (unsigned long long)japanese_nodes(large),
                (unsigned long long)japanese_space_answers(spaced));
        assert_true(japanese_space_answers(spaced) > (uint64_t)strings / 4);
        assert_true(japanese_table_bits(growing) > 10);         /* it grew (2x3: to 2^14) */
        assert_int_equal(japanese_table_misplaced(growing), 0); /* every entry where probes look */
        assert_int_equal(japanese_table_misplaced(large), 0);
        japanese_destroy(growing);
        g_free(positions);
        japanese_destroy(small);
        japanese_destroy(large);
        japanese_destroy(whole);
        japanese_destroy(spaced);
        board_geom_destroy(g);
    }
}

/* The attractor bounds (japanese_attractor_bounds) against the search, on every string of
 * every 2x3 position and of every third 1x7 position: a string outside the defender's attractor
 * over the states is never independently alive, one whose attractor strategy or situations'
 * attractor proves it alive always is; every string the search finds not alive is excluded,
 * and the strings proved alive are counted.  A search given too few imagined positions to
 * decide falls back on the bounds, answering with a line ending JAPANESE_END_ATTRACTOR or
 * JAPANESE_END_ATTRACTOR_ALIVE exactly where a bound holds, with the full search's answer. */
static void test_japanese__attractor_bounds_agree_with_the_search(void **state)
{
    (void)state;
    const int sizes[][3] = {{2, 3, 1}, {1, 7, 3}};
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        board_geom_t *g = board_geom_create(sizes[s][0], sizes[s][1], NULL);
        japanese_t *full = japanese_create(g, 20, 0), *starved = japanese_create(g, 10, 3);
        board_t *positions;
        int n = all_positions(&positions, g);
        int strings = 0, dead = 0, excluded_count = 0, living = 0, proved = 0;
        int by_strategy = 0, by_situations = 0, fallbacks = 0, wrong = 0;
        for (int i = 0; i < n; i += sizes[s][2]) {
            const board_t *b = &positions[i];
            for (uint64_t rest = board_occupied(b); rest;) {
                board_point_t p = board_lowest(rest);
                rest &= ~board_chain(b, g, p);
                bool alive;
                japanese_bounds_t bounds;
                assert_true(japanese_string_alive(&alive, NULL, full, b, p, NULL));
                assert_true(japanese_attractor_bounds(&bounds, full, b, p));
                bool life = bounds.strategy || bounds.situations;
                if ((bounds.excluded && alive) || (life && !alive) || (bounds.excluded && life)) {
                    board_print(stderr, b, g);
                    fprintf(stderr,
                            "%dx%d: the string at %d: alive %d, excluded %d, strategy %d, "
                            "situations %d\n",
                            g->width, g->height, p, alive, bounds.excluded, bounds.strategy,
                            bounds.situations);
                    wrong++;
                }
                japanese_line_t line;
                bool quick;
                GError *error = NULL;
                if (japanese_string_alive(&quick, &line, starved, b, p, &error)) {
                    assert_int_equal(quick, alive);
                    if (line.end == JAPANESE_END_ATTRACTOR)
                        assert_true(bounds.excluded);
                    if (line.end == JAPANESE_END_ATTRACTOR_ALIVE)
                        assert_true(life);
                    fallbacks += line.end == JAPANESE_END_ATTRACTOR ||
                                 line.end == JAPANESE_END_ATTRACTOR_ALIVE;
                } else {
                    assert_false(bounds.excluded || life); /* a bound would have answered */
                    g_error_free(error);
                }
                strings++;
                dead += !alive;
                living += alive;
                excluded_count += bounds.excluded;
                proved += life;
                by_strategy += bounds.strategy;
                by_situations += bounds.situations;
            }
        }
        fprintf(stderr,
                "%dx%d: %d strings; %d of %d not alive outside the attractor, %d of %d alive "
                "proved (%d by the strategy, %d by the situations); %d answered by the bounds "
                "after a search of 3 positions; %d wrong\n",
                g->width, g->height, strings, excluded_count, dead, proved, living, by_strategy,
                by_situations, fallbacks, wrong);
        assert_int_equal(wrong, 0);
        assert_true(excluded_count > 0 && proved > 0 && fallbacks > 0);
        g_free(positions);
        japanese_destroy(full);
        japanese_destroy(starved);
        board_geom_destroy(g);
    }
}

/* The cap on the attractor graphs' states (japanese_set_attractor_states): a graph past it
 * leaves its bounds unknown, never wrong, and a cap the graphs fit in (the largest, clipped to
 * the board's layout of a move backwards) gives the default's bounds;
 * on every string of every 2x3 position, whose graphs reach up to a few thousand states. */
static void test_japanese__attractor_cap_leaves_bounds_unknown_never_wrong(void **state)
{
    (void)state;
    board_geom_t *g = board_geom_create(2, 3, NULL);
    japanese_t *plain = japanese_create(g, 16, 0), *capped = japanese_create(g, 16, 0);
    japanese_t *raised = japanese_create(g, 16, 0);
    japanese_set_attractor_states(capped, 40);
    japanese_set_attractor_states(raised, UINT32_MAX - 1); /* taken as 2^29 on 6 points */
    board_t *positions;
    int n = all_positions(&positions, g);
    int strings = 0, unknown = 0, partly = 0;
    for (int i = 0; i < n; i++) {
        const board_t *b = &positions[i];
        for (uint64_t rest = board_occupied(b); rest;) {
            board_point_t p = board_lowest(rest);
            rest &= ~board_chain(b, g, p);
            japanese_bounds_t want, small, large;
            assert_true(japanese_attractor_bounds(&want, plain, b, p));
            assert_true(japanese_attractor_bounds(&large, raised, b, p));
            assert_memory_equal(&want, &large, sizeof want);
            if (!japanese_attractor_bounds(&small, capped, b, p)) {
                japanese_bounds_t none = {0};
                assert_memory_equal(&small, &none, sizeof none);
                unknown++;
            } else {
                /* A graph that fits is the whole graph: its bounds are the default's; one past
                 * the cap leaves its own false. */
                assert_true(!small.excluded || want.excluded);
                assert_true(!small.strategy || want.strategy);
                assert_true(!small.situations || want.situations);
                partly += memcmp(&small, &want, sizeof want) != 0;
            }
            strings++;
        }
    }
    fprintf(stderr, "2x3: %d strings; with a cap of 40 states %d unknown, %d with fewer bounds\n",
            strings, unknown, partly);
    assert_true(unknown > 0 && unknown < strings);
    japanese_set_attractor_states(capped, 0); /* back to the default */
    int last = n - 1;
    while (!board_occupied(&positions[last]))
        last--;
    const board_t *b = &positions[last];
    japanese_bounds_t again, want;
    board_point_t p = board_lowest(board_occupied(b));
    assert_true(japanese_attractor_bounds(&want, plain, b, p));
    assert_true(japanese_attractor_bounds(&again, capped, b, p));
    assert_memory_equal(&want, &again, sizeof want);
    g_free(positions);
    japanese_destroy(plain);
    japanese_destroy(capped);
    japanese_destroy(raised);
    board_geom_destroy(g);
}

/* ---- Removal and territory, point by point ------------------------------------------------- */

/* The text's Removal and Determination of territory with explicit neighbour lists and a
 * breadth-first search per region (no bitboard floods). */
static void literal_settle(uint64_t removed[2], uint64_t territory[2], const board_t *b,
                           const board_geom_t *g, const uint64_t alive[2])
{
    removed[0] = removed[1] = territory[0] = territory[1] = 0;
    for (int c = 0; c < 2; c++) {
        int o = 1 - c;
        uint64_t seen = 0;
        for (int p = 0; p < g->size; p++) {
            bool in = !(board_occupied(b) >> p & 1) || ((b->stones[o] & ~alive[o]) >> p & 1);
            if (!in || (seen >> p & 1))
                continue;
            int queue[BOARD_MAX_POINTS], head = 0, tail = 0;
            uint64_t region = board_bit((board_point_t)p);
            queue[tail++] = p;
            bool only_alive = true, touches = false;
            while (head < tail) {
                int q = queue[head++];
                for (int r = 0; r < g->size; r++) {
                    if (!adjacent_point(g, (board_point_t)q, (board_point_t)r) || (region >> r & 1))
                        continue;
                    bool r_in =
                        !(board_occupied(b) >> r & 1) || ((b->stones[o] & ~alive[o]) >> r & 1);
                    if (r_in) {
                        region |= board_bit((board_point_t)r);
                        queue[tail++] = r;
                    } else {
                        touches = true;
                        only_alive &= (alive[c] >> r & 1) != 0;
                    }
                }
            }
            seen |= region;
            if (touches && only_alive)
                removed[o] |= region & b->stones[o];
        }
    }
    board_t after = {{b->stones[0] & ~removed[0], b->stones[1] & ~removed[1]}};
    for (int p = 0; p < g->size; p++) {
        if (board_occupied(&after) >> p & 1)
            continue;
        uint64_t region = board_flood(g, board_bit((board_point_t)p), board_empty(&after, g));
        for (int c = 0; c < 2; c++) {
            bool touches = false, only = true;
            for (int r = 0; r < g->size; r++) {
                bool next = false;
                for (int q = 0; q < g->size && !next; q++)
                    next =
                        (region >> q & 1) && adjacent_point(g, (board_point_t)q, (board_point_t)r);
                if (!next || (region >> r & 1))
                    continue;
                touches = true;
                only &= (alive[c] >> r & 1) != 0;
            }
            if (touches && only)
                territory[c] |= board_bit((board_point_t)p);
        }
    }
}

/* A random position of g: each point empty with odds 1 in `empty_odds`, else black or white
 * alike. */
static board_t random_position(GRand *rng, const board_geom_t *g, int empty_odds)
{
    board_t b = {{0, 0}};
    for (int p = 0; p < g->size; p++)
        if (g_rand_int_range(rng, 0, empty_odds))
            b.stones[g_rand_int_range(rng, 0, 2)] |= board_bit((board_point_t)p);
    return b;
}

/* Random statuses of b's strings, string by string: alive with odds 1 in `alive_odds`. */
static void random_statuses(uint64_t alive[2], GRand *rng, const board_t *b, const board_geom_t *g,
                            int alive_odds)
{
    alive[0] = alive[1] = 0;
    for (int c = 0; c < 2; c++)
        for (uint64_t rest = b->stones[c]; rest;) {
            uint64_t string = board_chain(b, g, board_lowest(rest));
            rest &= ~string;
            if (g_rand_int_range(rng, 0, alive_odds) == 0)
                alive[c] |= string;
        }
}

static void test_japanese__settle_matches_a_point_by_point_reading(void **state)
{
    (void)state;
    GRand *rng = g_rand_new_with_seed(20261201);
    const int sizes[][2] = {{3, 3}, {4, 4}, {5, 3}, {8, 2}, {6, 6}};
    int checked = 0, with_removal = 0;
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        board_geom_t *g = board_geom_create(sizes[s][0], sizes[s][1], NULL);
        for (int round = 0; round < 400; round++) {
            board_t b = random_position(rng, g, 3);
            uint64_t alive[2];
            random_statuses(alive, rng, &b, g, 2);
            japanese_analysis_t a;
            japanese_settle(&a, &b, g, alive);
            uint64_t removed[2], territory[2];
            literal_settle(removed, territory, &b, g, alive);
            for (int c = 0; c < 2; c++) {
                assert_int_equal(a.removed[c], removed[c]);
                assert_int_equal(a.territory[c], territory[c]);
            }
            checked++;
            with_removal += (removed[0] | removed[1]) != 0;
        }
        board_geom_destroy(g);
    }
    g_rand_free(rng);
    assert_true(with_removal > checked / 10);
}

static int margin_with(const board_t *b, const board_geom_t *g, const uint64_t alive[2])
{
    static const uint16_t none[2] = {0, 0};
    japanese_analysis_t a;
    japanese_settle(&a, b, g, alive);
    return japanese_margin2(&a, none, 0);
}

/* The solver's bounds on a final position (japanese_known_t) rest on this: one more string of
 * Black's alive never lowers the margin, one more of White's never raises it. */
static void test_japanese__margin_is_monotone_in_the_alive_sets(void **state)
{
    (void)state;
    GRand *rng = g_rand_new_with_seed(20261203);
    const int sizes[][2] = {{3, 3}, {4, 4}, {5, 3}, {8, 2}, {6, 6}, {1, 9}};
    int checked = 0, moved = 0;
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        board_geom_t *g = board_geom_create(sizes[s][0], sizes[s][1], NULL);
        for (int round = 0; round < 300; round++) {
            board_t b = random_position(rng, g, 3);
            uint64_t alive[2];
            random_statuses(alive, rng, &b, g, 3);
            int before = margin_with(&b, g, alive);
            for (int c = 0; c < 2; c++)
                for (uint64_t rest = b.stones[c] & ~alive[c]; rest;) {
                    uint64_t string = board_chain(&b, g, board_lowest(rest));
                    rest &= ~string;
                    uint64_t more[2] = {alive[0], alive[1]};
                    more[c] |= string;
                    int after = margin_with(&b, g, more);
                    if (c == BOARD_BLACK ? after < before : after > before) {
                        char text[256];
                        diagram_format_compact(text, &b, g);
                        fail_msg("%s: the %s string at %d alive moves the margin %d -> %d", text,
                                 c == BOARD_BLACK ? "black" : "white", board_lowest(string), before,
                                 after);
                    }
                    checked++;
                    moved += after != before;
                }
        }
        board_geom_destroy(g);
    }
    g_rand_free(rng);
    print_message("%d strings made alive, %d of them moved the margin\n", checked, moved);
    assert_true(moved > checked / 4);
}

/* japanese_known_start's bounds hold the Analysis's margin, its formations are alive there,
 * and japanese_known_complete ends with the Analysis's own statuses. */
static void test_japanese__known_bounds_hold_the_analysis(void **state)
{
    (void)state;
    GRand *rng = g_rand_new_with_seed(3);
    const int sizes[][2] = {{3, 3}, {4, 2}, {7, 1}};
    int checked = 0, tight = 0, open = 0, formed = 0;
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++) {
        board_geom_t *g = board_geom_create(sizes[s][0], sizes[s][1], NULL);
        japanese_t *j = japanese_create(g, 16, 5000000);
        for (int round = 0; round < 200; round++) {
            /* A position of a random game (no suicide), where formations stand more often
             * than in positions drawn point by point. */
            board_t b = {{0, 0}};
            for (int ply = g_rand_int_range(rng, 2, 3 * g->size); ply > 0; ply--) {
                board_point_t p = (board_point_t)g_rand_int_range(rng, 0, g->size);
                board_placement_t pl = board_place(&b, g, (board_color_t)(ply % 2), p);
                if (board_at(&b, p) == BOARD_EMPTY && !pl.suicided)
                    b = pl.after;
            }
            static const uint16_t none[2] = {0, 0};
            japanese_analysis_t a;
            assert_true(japanese_analyse(&a, j, &b, NULL));
            int exact = japanese_margin2(&a, none, 0);
            japanese_known_t k;
            japanese_known_start(&k, &b, g);
            char text[256];
            diagram_format_compact(text, &b, g);
            if (k.lo2 > exact || k.hi2 < exact || (k.alive[0] & ~a.alive[0]) ||
                (k.alive[1] & ~a.alive[1]))
                fail_msg("%s: bounds [%d, %d], margin %d", text, k.lo2, k.hi2, exact);
            tight += k.lo2 == k.hi2;
            formed += (k.alive[0] | k.alive[1]) != 0;
            open += k.lo2 < k.hi2;
            assert_true(japanese_known_complete(&k, j, &b, NULL));
            if (k.lo2 != exact || k.hi2 != exact || k.alive[0] != a.alive[0] ||
                k.alive[1] != a.alive[1])
                fail_msg("%s: completed [%d, %d], margin %d", text, k.lo2, k.hi2, exact);
            checked++;
        }
        japanese_destroy(j);
        board_geom_destroy(g);
    }
    g_rand_free(rng);
    print_message("%d positions, %d with a formation standing, %d with bounds equal, %d open\n",
                  checked, formed, tight, open);
    assert_true(checked > 200 && formed >= 10 && open > 10);
}

/* ---- Positions from data ----------------------------------------------------------------------
 */

static uint64_t parse_points(const board_geom_t *g, const char *text)
{
    if (!text)
        fail_msg("a key is missing");
    if (!strcmp(text, "none"))
        return 0;
    uint64_t m = 0;
    char **words = g_strsplit(text, " ", -1);
    for (int i = 0; words[i]; i++) {
        board_move_t p;
        if (!*words[i])
            continue;
        if (!board_parse_move(&p, g, words[i], NULL) || p == BOARD_MOVE_PASS)
            fail_msg("bad point '%s'", words[i]);
        m |= board_bit(p);
    }
    g_strfreev(words);
    return m;
}

/* A record of the data files: its lines, its diagram and name; returns the diagram's geometry. */
static board_geom_t *record_open(char ***lines, board_t *b, const char **name, const char *text)
{
    int w, h;
    *lines = g_strsplit(text, "\n", -1);
    support_record_diagram(b, &w, &h, *lines);
    *name = support_record_value(*lines, "name");
    return board_geom_create(w, h, NULL);
}

static void check_position(const char *record)
{
    char **lines;
    board_t b;
    const char *name;
    board_geom_t *g = record_open(&lines, &b, &name, record);
    japanese_t *j = japanese_create(g, 16, 5000000);
    japanese_analysis_t a;
    GError *error = NULL;
    if (!japanese_analyse(&a, j, &b, &error))
        fail_msg("%s: %s", name, error->message);
    uint64_t alive = parse_points(g, support_record_value(lines, "alive"));
    uint64_t removed = parse_points(g, support_record_value(lines, "removed"));
    if ((a.alive[0] | a.alive[1]) != alive || (a.removed[0] | a.removed[1]) != removed)
        fail_msg("%s: alive %llx (expected %llx), removed %llx (expected %llx)", name,
                 (unsigned long long)(a.alive[0] | a.alive[1]), (unsigned long long)alive,
                 (unsigned long long)(a.removed[0] | a.removed[1]), (unsigned long long)removed);
    assert_int_equal(board_popcount(a.territory[0]),
                     atoi(support_record_value(lines, "black-territory")));
    assert_int_equal(board_popcount(a.territory[1]),
                     atoi(support_record_value(lines, "white-territory")));
    static const uint16_t none[2] = {0, 0};
    char margin[24];
    rules_margin_string(margin, japanese_margin2(&a, none, 0));
    assert_string_equal(margin, support_record_value(lines, "result"));
    japanese_destroy(j);
    board_geom_destroy(g);
    g_strfreev(lines);
}

static void test_japanese__positions_from_data_have_the_expected_analysis(void **state)
{
    (void)state;
    assert_true(support_for_each_record("japanese_positions.txt", check_position) >= 4);
}

/* One record of tests/data/japanese_precedent.txt. */
static void check_precedent(const char *record)
{
    char **lines;
    board_t b;
    const char *name;
    board_geom_t *g = record_open(&lines, &b, &name, record);
    japanese_precedent_t pr;
    bool holds = japanese_triple_ko_precedent(&pr, &b, g);
    bool want = !strcmp(support_record_value(lines, "precedent"), "yes");
    if (holds != want)
        fail_msg("%s: the precedent %s", name, holds ? "holds" : "does not hold");
    if (holds) {
        assert_int_equal(pr.eye_player, BOARD_BLACK);
        assert_true(pr.eye_string == parse_points(g, support_record_value(lines, "eye-string")));
        assert_true(pr.opposing == parse_points(g, support_record_value(lines, "opposing")));
        assert_int_equal(board_popcount(pr.kos), 3);
        assert_int_equal(board_popcount(pr.external), 1);
        /* The string's status is the ruling, without a search and with no line. */
        japanese_t *j = japanese_create(g, 12, 1000);
        for (uint64_t rest = pr.eye_string | pr.opposing; rest; rest &= rest - 1) {
            bool alive;
            japanese_line_t line;
            assert_true(japanese_string_alive(&alive, &line, j, &b, board_lowest(rest), NULL));
            assert_int_equal(alive, (pr.eye_string >> board_lowest(rest)) & 1);
            assert_int_equal(line.end, JAPANESE_END_PRECEDENT);
            assert_int_equal(line.length, 0);
        }
        assert_int_equal(japanese_nodes(j), 0);
        japanese_destroy(j);
    }
    board_geom_destroy(g);
    g_strfreev(lines);
}

/* The triple-ko precedent holds on its shape and fails when any of its conditions does. */
static void test_japanese__triple_ko_precedent_holds_exactly_on_its_shape(void **state)
{
    (void)state;
    assert_int_equal(support_for_each_record("japanese_precedent.txt", check_precedent), 5);
}

/* ---- Long cycles in the Competition -------------------------------------------------------- */

static void check_cycle(const char *record)
{
    char **lines;
    board_t b;
    const char *name;
    board_geom_t *g = record_open(&lines, &b, &name, record);
    rules_t r;
    assert_true(rules_parse(&r, "japanese", NULL));
    board_color_t first =
        !strcmp(support_record_value(lines, "to-move"), "b") ? BOARD_BLACK : BOARD_WHITE;
    game_t *game = game_create_from(g, &r, &b, first, NULL);
    assert_non_null(game);
    char **moves = g_strsplit(support_record_value(lines, "moves"), " ", -1);
    int count = (int)g_strv_length(moves);
    for (int i = 0; i < count; i++) {
        board_move_t m;
        if (game_status(game) != GAME_ONGOING)
            fail_msg("%s: the game ended before move %d", name, i + 1);
        assert_true(board_parse_move(&m, g, moves[i], NULL));
        if (game_play(game, m) != GAME_LEGAL)
            fail_msg("%s: move %d (%s) is not legal", name, i + 1, moves[i]);
    }
    assert_int_equal(game_status(game), GAME_OVER_CYCLE);
    const game_state_t *end = game_current(game);
    int black = 0, white = 0;
    assert_int_equal(sscanf(support_record_value(lines, "captures"), "%d %d", &black, &white), 2);
    assert_int_equal(end->captures[BOARD_BLACK], black);
    assert_int_equal(end->captures[BOARD_WHITE], white);
    game_result_t res = game_result(game);
    const char *winner = support_record_value(lines, "winner");
    assert_int_equal(res.winner, !strcmp(winner, "B")   ? BOARD_BLACK
                                 : !strcmp(winner, "W") ? BOARD_WHITE
                                                        : BOARD_EMPTY);
    g_strfreev(moves);
    game_destroy(game);
    board_geom_destroy(g);
    g_strfreev(lines);
}

static void test_japanese__long_cycles_end_the_game_with_their_result(void **state)
{
    (void)state;
    assert_true(support_for_each_record("japanese_cycles.txt", check_cycle) >= 1);
}

/* ---- The solver under the japanese rules ------------------------------------------------------
 */

/* The solver's value of the empty board, and of a position with a stone of each colour (where
 * the first horizons count the empty points, solver/driver.c first_horizons), against
 * tests/reference.h's plain minimax over game_t, whose games end by game_try's cycle test and
 * are scored by game_result (the Analysis): the solver's own cycle values, its table under the
 * cycle rule and its cache of Analyses are checked. */
static void test_japanese__solver_agrees_with_the_plain_minimax(void **state)
{
    (void)state;
    const int sizes[][2] = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {2, 2}, {1, 5}};
    const char *rule_texts[] = {"japanese", "japanese,komi=0.5", "japanese,komi=-1"};
    for (size_t s = 0; s < G_N_ELEMENTS(sizes); s++)
        for (size_t k = 0; k < G_N_ELEMENTS(rule_texts); k++) {
            board_geom_t *g = board_geom_create(sizes[s][0], sizes[s][1], NULL);
            rules_t r;
            assert_true(rules_parse(&r, rule_texts[k], NULL));
            board_t starts[2] = {{{0, 0}}, {{board_bit(0), board_bit(g->size - 1)}}};
            for (int start = 0; start < (g->size >= 3 ? 2 : 1); start++)
                for (int first = 0; first < 2; first++) {
                    game_t *game =
                        game_create_from(g, &r, &starts[start], (board_color_t)first, NULL);
                    assert_non_null(game);
                    search_options_t o = search_options_default();
                    o.tt_bytes = 1u << 20;
                    search_t *solver = search_create(g, &r, &o, NULL);
                    assert_non_null(solver);
                    int got, want;
                    uint64_t nodes = 0;
                    assert_true(search_value(&got, solver, game, -SEARCH_VALUE_INF,
                                             SEARCH_VALUE_INF, NULL));
                    assert_true(reference_value(&want, game, UINT64_MAX, &nodes));
                    if (got != want)
                        fail_msg("%dx%d %s, %s, %s first: solver %d, reference %d", g->width,
                                 g->height, rule_texts[k], start ? "a stone each" : "empty",
                                 first ? "White" : "Black", got, want);
                    search_destroy(solver);
                    game_destroy(game);
                }
            board_geom_destroy(g);
        }
}

static uint64_t splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A game of up to `length` random plays from the empty board (a pass only when nothing else is
 * legal); NULL when it ended before. */
static game_t *random_history(const board_geom_t *g, const rules_t *r, int length, uint64_t *rng)
{
    board_t empty = {{0, 0}};
    game_t *game = game_create_from(g, r, &empty, BOARD_BLACK, NULL);
    for (int i = 0; i < length && game_status(game) == GAME_ONGOING; i++) {
        board_move_t moves[BOARD_MAX_POINTS + 1];
        int n = game_legal_moves(moves, game);
        game_play(game, moves[splitmix(rng) % (uint64_t)(n > 1 ? n - 1 : n)]);
    }
    if (game_status(game) == GAME_ONGOING)
        return game;
    game_destroy(game);
    return NULL;
}

static void fail_with_moves(const game_t *game, const char *rules_text, int got, int want)
{
    const board_geom_t *g = game_geom(game);
    GString *moves = g_string_new("");
    for (size_t k = 1; k <= game_length(game); k++) {
        char buf[8];
        g_string_append_printf(moves, " %s", board_move_name(buf, g, game_state_at(game, k)->move));
    }
    fail_msg("%dx%d %s, after%s: solver %d, expected %d", g->width, g->height, rules_text,
             moves->str, got, want);
}

/* A search with a table of tt_bytes, and the reference without one (stopped at 3 M nodes): it
 * reuses nothing, so every cycle closes on its own path. */
static void create_with_and_without_table(search_t **with, search_t **without,
                                          const board_geom_t *g, const rules_t *r, size_t tt_bytes)
{
    search_options_t o = search_options_default();
    o.tt_bytes = tt_bytes;
    *with = search_create(g, r, &o, NULL);
    o.tt_bytes = 0;
    o.max_nodes = 3000000;
    *without = search_create(g, r, &o, NULL);
    assert_non_null(*with);
    assert_non_null(*without);
}

/*
 * Random positions with random histories (captures in them), each solved on one table per
 * board and rule set.  Under territory scoring a state's value is stored relative to the
 * captures so far, but a cycle that ends in a tie is worth 0 whatever they are: while the
 * table was keyed on the state alone, a state reached with another capture difference took a
 * wrong value from it (1x6 below: B+3 for B+2 after 12 random moves; 1x7 japanese: the
 * optimal game's search found no move keeping the value and stopped on an assertion).
 * Checked on 1x5 against tests/reference.h's plain minimax (with the optimal game, whose
 * search takes each child as a new root on the same table) and on 1x6 against the solver
 * without a table (the reference takes minutes there under the Analysis).
 */
static void test_japanese__solver_table_agrees_across_histories(void **state)
{
    (void)state;
    const char *rule_texts[] = {"japanese", "japanese,cycle=draw,analysis=none"};
    for (int height = 5; height <= 6; height++)
        for (size_t k = 0; k < G_N_ELEMENTS(rule_texts); k++) {
            board_geom_t *g = board_geom_create(1, height, NULL);
            rules_t r;
            assert_true(rules_parse(&r, rule_texts[k], NULL));
            search_t *solver, *plain;
            create_with_and_without_table(&solver, &plain, g, &r, 1u << 16);
            uint64_t rng = 77;
            int compared = 0;
            for (int attempt = 0; attempt < (height == 5 ? 20 : 40); attempt++) {
                game_t *game = random_history(g, &r, (int)(splitmix(&rng) % 20), &rng);
                if (!game)
                    continue;
                int want, got;
                uint64_t nodes;
                bool known = height == 5 ? reference_value(&want, game, UINT64_MAX, &nodes)
                                         : search_value(&want, plain, game, -SEARCH_VALUE_INF,
                                                        SEARCH_VALUE_INF, NULL);
                if (known) {
                    if (height == 5) {
                        search_result_t res;
                        assert_true(search_solve(&res, solver, game, NULL));
                        got = res.value;
                    } else
                        assert_true(search_value(&got, solver, game, -SEARCH_VALUE_INF,
                                                 SEARCH_VALUE_INF, NULL));
                    if (got != want)
                        fail_with_moves(game, rule_texts[k], got, want);
                    compared++;
                }
                game_destroy(game);
            }
            assert_true(compared >= 8);
            search_destroy(solver);
            search_destroy(plain);
            board_geom_destroy(g);
        }
}

/*
 * Cycle requirements (solver/tt_record.h): a result whose proof closes a cycle above its node
 * is stored with the situation the cycle returns to and the prisoner difference taken since
 * it, relative to the node; another history may use it only where that situation's newest
 * occurrence has the same relative difference.  Many random histories with captures on one
 * table (long enough to keep what they store), each value against a search without a table
 * (every cycle then closes on the path, and nothing is reused).
 */
static void test_japanese__cycle_requirements_hold_after_other_histories(void **state)
{
    (void)state;
    const int sizes[][2] = {{1, 6}, {2, 3}};
    for (size_t b = 0; b < G_N_ELEMENTS(sizes); b++) {
        board_geom_t *g = board_geom_create(sizes[b][0], sizes[b][1], NULL);
        rules_t r;
        assert_true(rules_parse(&r, "japanese", NULL));
        search_t *solver, *plain;
        create_with_and_without_table(&solver, &plain, g, &r, 4u << 20);
        uint64_t rng = 1234 + b;
        int compared = 0;
#if defined(__SANITIZE_ADDRESS__)
        const int attempts = 50; /* the sanitizer build is about 8x slower */
#else
        const int attempts = 150;
#endif
        for (int attempt = 0; attempt < attempts; attempt++) {
            game_t *game = random_history(g, &r, 4 + (int)(splitmix(&rng) % 24), &rng);
            if (!game)
                continue;
            int want, got;
            if (search_value(&want, plain, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL)) {
                assert_true(
                    search_value(&got, solver, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
                if (got != want)
                    fail_with_moves(game, "japanese", got, want);
                compared++;
            }
            game_destroy(game);
        }
        print_message("%dx%d: %d histories compared\n", g->width, g->height, compared);
        assert_true(compared >= attempts / 3);
        search_destroy(solver);
        search_destroy(plain);
        board_geom_destroy(g);
    }
}

/*
 * A final position whose Analysis passes the search's budget per string is an unknown node, as
 * one beyond the horizon is (solver/search.c, japanese_final), and the budget grows after a
 * pass such positions left unknown (driver.c).  With a first budget of one imagined position
 * and neither the game space nor the attractor bounds past it (which settle every string of
 * these small boards), every
 * Analysis that needs a search passes it, so every value below is found through unknown final
 * positions and budgets raised again and again: it must equal the value found with the
 * whole budget from the start, from the empty board (either side first) and after random
 * histories.
 */
/* What values_agree_with_variant compares: `sizes` boards, from the empty board (either side
 * first) and `attempts` - 2 random histories of fewer than `history` moves each (seeded with
 * `seed` plus the board's index). */
typedef struct variant_trial {
    const int (*sizes)[2];
    size_t boards;
    int attempts;
    int history;
    uint64_t seed;
    const char *what; /* the variant, for the failure's message */
} variant_trial_t;

/* Solves every position of `t` under japanese with the options `plain` and `variant` (a fresh
 * search each, a table of 1 MiB) and fails on the first value that differs, printing its moves.
 * Returns the number of values compared; `*sum` gets the variant's statistics added up. */
static int values_agree_with_variant(search_stats_t *sum, const variant_trial_t *t,
                                     const search_options_t *plain, const search_options_t *variant)
{
    int compared = 0;
    memset(sum, 0, sizeof *sum);
    for (size_t b = 0; b < t->boards; b++) {
        board_geom_t *g = board_geom_create(t->sizes[b][0], t->sizes[b][1], NULL);
        rules_t r;
        assert_true(rules_parse(&r, "japanese", NULL));
        search_t *one = search_create(g, &r, plain, NULL);
        search_t *other = search_create(g, &r, variant, NULL);
        assert_non_null(one);
        assert_non_null(other);
        uint64_t rng = t->seed + b;
        for (int attempt = 0; attempt < t->attempts; attempt++) {
            game_t *game;
            if (attempt < 2) {
                board_t empty = {{0, 0}};
                game = game_create_from(g, &r, &empty, attempt ? BOARD_WHITE : BOARD_BLACK, NULL);
            } else if (!(game = random_history(g, &r, (int)(splitmix(&rng) % (uint64_t)t->history),
                                               &rng)))
                continue;
            int want, got;
            assert_true(search_value(&want, one, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
            search_reset_stats(other);
            assert_true(search_value(&got, other, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
            search_stats_t st = search_stats(other);
            sum->analyses_unknown += st.analyses_unknown;
            sum->restarts += st.restarts;
            if (got != want)
                fail_with_moves(game, t->what, got, want);
            compared++;
            game_destroy(game);
        }
        search_destroy(one);
        search_destroy(other);
        board_geom_destroy(g);
    }
    return compared;
}

static void test_japanese__unfinished_analyses_change_no_value(void **state)
{
    (void)state;
    static const int sizes[][2] = {{1, 5}, {1, 6}, {2, 3}, {2, 4}, {3, 3}};
    const variant_trial_t t = {
        sizes, G_N_ELEMENTS(sizes), 12, 12, 4242, "japanese (first Analysis budget 1)"};
    search_options_t plain = search_options_default();
    plain.tt_bytes = 1u << 20;
    plain.analysis_first_nodes = SEARCH_ANALYSIS_NODES;
    search_options_t cheap = plain;
    cheap.analysis_first_nodes = 1;
    cheap.analysis_search_only = true;
    search_stats_t sum;
    int compared = values_agree_with_variant(&sum, &t, &plain, &cheap);
    print_message("%d values compared, %llu final positions met unknown\n", compared,
                  (unsigned long long)sum.analyses_unknown);
    assert_true(compared >= 40);
    assert_true(sum.analyses_unknown >= 100); /* the unknown final positions were there to be met */
}

/* What a search of the window (-1, 1) says: 1 Black wins, -1 White wins, 0 a tie. */
static int window_outcome(int value)
{
    return (value >= 1) - (value <= -1);
}

/*
 * Past the game space's boards (JAPANESE_SPACE_MAX_POINTS) the default first budget per string
 * is small (SEARCH_ANALYSIS_FIRST_SEARCHED, driver.c).  Rows of the 4x4 Chetrit sample
 * (docs/data/japanese_4x4.csv) whose winner both budgets find at once: the default search meets
 * final positions left unknown and finds the winner of the search whose first budget is the
 * million of the boards with the space (which meets none unknown on these rows).
 */
static void test_japanese__the_first_budget_is_small_past_the_game_space(void **state)
{
    (void)state;
    static const struct {
        const char *diagram;
        board_color_t to_move;
    } rows[] = {
        {".O.X\n..O.\nO..X\n.O.X\n", BOARD_WHITE}, {"X...\n..OX\nOO.X\n.OOX\n", BOARD_BLACK},
        {".O.O\n.X.O\nO...\nXXOO\n", BOARD_WHITE}, {"OO.O\n.OOX\n.OOX\nOX..\n", BOARD_BLACK},
        {"X.XX\nO.OX\n.O.X\nX.OX\n", BOARD_BLACK},
        /* XX.X/XOOO/X.O./.X.O (Black) and XO.X/..XX/OOXO/.O.O (Black) left out since the
         * horizons from the empty points (eff2c9c): with the first budget of a million they
         * took 21 s and 46 s there (0.2 s each before), past the sanitizer build's limit. */
    };
    rules_t r;
    assert_true(rules_parse(&r, "japanese", NULL));
    search_options_t o = search_options_default();
    o.tt_bytes = 1u << 22;
    board_geom_t *g = board_geom_create(4, 4, NULL);
    assert_false(japanese_space_fits(g));
    search_t *dflt = search_create(g, &r, &o, NULL);
    o.analysis_first_nodes = SEARCH_ANALYSIS_FIRST;
    search_t *million = search_create(g, &r, &o, NULL);
    assert_non_null(dflt);
    assert_non_null(million);
    uint64_t unknown = 0, unknown_million = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
        board_t b;
        int w, h;
        char diagram[32];
        g_strlcpy(diagram, rows[i].diagram, sizeof diagram);
        assert_true(diagram_parse(&b, &w, &h, diagram, NULL));
        game_t *game = game_create_from(g, &r, &b, rows[i].to_move, NULL);
        assert_non_null(game);
        int want, got; /* the winner's window, as `solve --winner` asks it */
        search_reset_stats(dflt);
        search_reset_stats(million);
        assert_true(search_value(&want, million, game, -1, 1, NULL));
        assert_true(search_value(&got, dflt, game, -1, 1, NULL));
        unknown += search_stats(dflt).analyses_unknown;
        unknown_million += search_stats(million).analyses_unknown;
        if (window_outcome(got) != window_outcome(want))
            fail_msg("4x4 %s (%s to move): the default budget's winner %d, the million's %d",
                     rows[i].diagram, rows[i].to_move == BOARD_BLACK ? "Black" : "White", got,
                     want);
        game_destroy(game);
    }
    print_message("4x4: %zu winners compared, %llu final positions met unknown (%llu with the "
                  "million)\n",
                  G_N_ELEMENTS(rows), (unsigned long long)unknown,
                  (unsigned long long)unknown_million);
    assert_true(unknown > unknown_million); /* the small budget was the default's */
    search_destroy(dflt);
    search_destroy(million);
    board_geom_destroy(g);
}

/* The window outcome (window_outcome) of the 4x4 row `diagram` with `to_move` first, solved
 * under japanese with the options `o` (the table 4 MiB); fails when the search stops first.
 * *stats gets the search's statistics. */
static int winner_of_4x4_row(search_stats_t *stats, const char *diagram, board_color_t to_move,
                             search_options_t o)
{
    rules_t r;
    assert_true(rules_parse(&r, "japanese", NULL));
    o.tt_bytes = 1u << 22;
    board_geom_t *g = board_geom_create(4, 4, NULL);
    search_t *s = search_create(g, &r, &o, NULL);
    assert_non_null(s);
    board_t b;
    int w, h;
    char *text = g_strdup(diagram);
    assert_true(diagram_parse(&b, &w, &h, text, NULL));
    g_free(text);
    game_t *game = game_create_from(g, &r, &b, to_move, NULL);
    assert_non_null(game);
    int v;
    GError *error = NULL;
    if (!search_value(&v, s, game, -1, 1, &error))
        fail_msg("%s(%s to move): no winner within %llu nodes: %s", diagram,
                 to_move == BOARD_BLACK ? "Black" : "White", (unsigned long long)o.max_nodes,
                 error->message);
    *stats = search_stats(s);
    game_destroy(game);
    search_destroy(s);
    board_geom_destroy(g);
    return window_outcome(v);
}

/* Under japanese the first horizons count the root's empty points (solver/driver.c,
 * first_horizons): the first row of the 4x4 sample's tried list, which the board's horizons
 * (24 and 32 plies) took 42 M nodes to decide, is decided within 8 M (2.7 M at 2026-12-04; the
 * board's horizons reach no winner in 8 M with this table). */
static void test_japanese__horizons_count_the_empty_points(void **state)
{
    (void)state;
    search_options_t o = search_options_default();
    o.max_nodes = 8000000;
    search_stats_t st;
    int outcome = winner_of_4x4_row(&st, "OOO.\n.OO.\n..XX\nXO.X\n", BOARD_BLACK, o);
    print_message("OOO./.OO./..XX/XO.X: %llu nodes, winner window outcome %d\n",
                  (unsigned long long)st.nodes, outcome);
    assert_true(outcome < 0); /* White wins (docs/data/japanese_4x4_tried.csv's row) */
}

/*
 * Under japanese the main search's schedules restart (solver/driver.c, driver_main_search):
 * every result stays exact whatever the horizons, so restarting early and often must change no
 * value.  With restart_first_shift 1 the searches of these small boards restart; each value
 * must equal the default search's, from the empty board (either side first) and after random
 * histories.  Then the row the restarts were made for: `O..X/O..O/OOXO/OOX.` with White to
 * move, which the first horizons (16 and 24 plies) left undecided after 12.7 M nodes, is a
 * White win within a million nodes once the restarts reach 4 and 6 plies.
 */
static void test_japanese__restarts_change_no_value(void **state)
{
    (void)state;
    static const int sizes[][2] = {{2, 3}, {2, 4}, {3, 3}};
    const variant_trial_t t = {
        sizes, G_N_ELEMENTS(sizes), 40, 10, 777, "japanese (restart_first_shift 1)"};
    search_options_t plain = search_options_default();
    plain.tt_bytes = 1u << 20;
    search_options_t early = plain;
    early.restart_first_shift = 1;
    search_stats_t sum;
    int compared = values_agree_with_variant(&sum, &t, &plain, &early);
    print_message("%d values compared, %llu restarts\n", compared,
                  (unsigned long long)sum.restarts);
    assert_true(compared >= 100);
    assert_true(sum.restarts >= 10); /* the restarts were there to be made */

    search_options_t o = search_options_default();
    o.max_nodes = 1000000;
    o.restart_first_shift = 1;
    search_stats_t st;
    int outcome = winner_of_4x4_row(&st, "O..X\nO..O\nOOXO\nOOX.\n", BOARD_WHITE, o);
    print_message("O..X/O..O/OOXO/OOX.: %llu nodes, %llu restarts\n", (unsigned long long)st.nodes,
                  (unsigned long long)st.restarts);
    assert_true(st.restarts >= 1);
    assert_true(outcome < 0); /* White wins (docs/data/japanese_4x4.csv) */
}

/* The unfinished Analyses of one search have a budget in all: past it the search stops with an
 * error naming the last final position, rather than raising the budget per string again. */
static void test_japanese__unfinished_analyses_stop_past_their_total(void **state)
{
    (void)state;
    board_geom_t *g = board_geom_create(2, 4, NULL);
    rules_t r;
    assert_true(rules_parse(&r, "japanese", NULL));
    search_options_t o = search_options_default();
    o.tt_bytes = 1u << 20;
    o.analysis_first_nodes = 1;
    o.analysis_search_only = true;
    o.analysis_unfinished_nodes = 1000;
    search_t *s = search_create(g, &r, &o, NULL);
    assert_non_null(s);
    board_t empty = {{0, 0}};
    game_t *game = game_create_from(g, &r, &empty, BOARD_BLACK, NULL);
    int v;
    GError *error = NULL;
    assert_false(search_value(&v, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, &error));
    assert_non_null(error);
    assert_int_equal(error->code, SEARCH_ERROR_LIMIT);
    print_message("%s\n", error->message);
    assert_non_null(strstr(error->message, "left unfinished passed 1000 imagined positions"));
    assert_non_null(strstr(error->message, "(the last of them "));
    g_clear_error(&error);
    search_destroy(s);
    /* The same search with the default total solves it, to the value of a search whose
     * Analyses have the whole budget from the start (no position left unknown). */
    o.analysis_unfinished_nodes = 0;
    s = search_create(g, &r, &o, NULL);
    assert_true(search_value(&v, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
    assert_true(search_stats(s).analyses_unknown > 0);
    search_destroy(s);
    o.analysis_first_nodes = SEARCH_ANALYSIS_NODES;
    s = search_create(g, &r, &o, NULL);
    int whole;
    assert_true(search_value(&whole, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
    assert_int_equal(search_stats(s).analyses_unknown, 0);
    assert_int_equal(v, whole);
    search_destroy(s);
    game_destroy(game);
    board_geom_destroy(g);
}

/* The imagined positions are counted for a progress display, 1,024 at a time (and a stop flag
 * ends an Analysis at once): the analyser adds each whole thousand-odd its searches pass, the
 * solver gathers them for its search and starts again at every search (a chinese search has none).
 */
static void test_japanese__imagined_positions_are_counted_for_the_heartbeat(void **state)
{
    (void)state;
    board_geom_t *g = board_geom_create(4, 4, NULL);
    board_t b;
    int w, h;
    char diagram[] = "..O.\nX.OO\nO...\n....\n"; /* a lone black stone: a long Analysis */
    assert_true(diagram_parse(&b, &w, &h, diagram, NULL));
    japanese_t *j = japanese_create(g, 16, 5000);
    japanese_set_space(j, 0);
    _Atomic uint64_t counter = 0;
    japanese_set_counter(j, &counter);
    japanese_analysis_t a;
    GError *error = NULL;
    assert_false(japanese_analyse(&a, j, &b, &error)); /* past its 5,000 */
    g_clear_error(&error);
    uint64_t nodes = japanese_nodes(j);
    assert_true(nodes > 5000);
    assert_int_equal(atomic_load(&counter), nodes / 1024 * 1024);
    japanese_set_counter(j, NULL);
    assert_false(japanese_analyse(&a, j, &b, NULL));
    assert_int_equal(atomic_load(&counter), nodes / 1024 * 1024);
    japanese_destroy(j);
    /* A stop flag set by another thread (a signal, another thread's limit) ends the Analysis
     * within a thousand-odd positions, where this one would run past 20 M. */
    j = japanese_create(g, 16, 0);
    atomic_bool stop = true;
    japanese_set_stop(j, &stop);
    assert_false(japanese_analyse(&a, j, &b, &error));
    g_clear_error(&error);
    assert_true(japanese_nodes(j) <= 1024 * 4);
    japanese_destroy(j);
    board_geom_destroy(g);

    g = board_geom_create(2, 4, NULL);
    board_t empty = {{0, 0}};
    const char *names[] = {"japanese", "chinese"};
    for (int k = 0; k < 2; k++) {
        rules_t r;
        assert_true(rules_parse(&r, names[k], NULL));
        search_options_t o = search_options_default();
        o.tt_bytes = 1u << 20;
        search_t *s = search_create(g, &r, &o, NULL);
        game_t *game = game_create_from(g, &r, &empty, BOARD_BLACK, NULL);
        int v;
        assert_true(search_value(&v, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
        uint64_t first = search_imagined_so_far(s);
        if (k == 0)
            assert_true(first >= 1024 && first % 1024 == 0);
        else
            assert_int_equal(first, 0);
        /* A second search begins at 0: the Analyses are cached, so it imagines fewer. */
        assert_true(search_value(&v, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
        assert_true(search_imagined_so_far(s) <= first);
        game_destroy(game);
        search_destroy(s);
    }
    board_geom_destroy(g);
}

/* ---- solve --positions ------------------------------------------------------------------------
 */

/* The fields of a CSV row without quoted commas (solve's rows here: rules without a comma). */
static char **csv_fields(const char *row)
{
    GPtrArray *fields = support_csv_fields(row);
    g_ptr_array_add(fields, NULL);
    return (char **)g_ptr_array_free(fields, FALSE); /* the strings stay, for g_strfreev */
}

/* One record of tests/data/solve_positions.txt: the list's rows against one-at-a-time solves. */
static void check_position_list(const char *record)
{
    char **lines = g_strsplit(record, "\n", -1);
    const char *board = support_record_value(lines, "board");
    const char *rules = support_record_value(lines, "rules");
    assert_non_null(board);
    assert_non_null(rules);
    GString *list = g_string_new("");
    GPtrArray *want = g_ptr_array_new_with_free_func(g_free); /* "POSITION TO_MOVE" */
    for (int i = 0; lines[i]; i++) {
        if (strchr(lines[i], ':'))
            continue;
        g_string_append_printf(list, "%s\n", lines[i]);
        char *text = g_strdup(lines[i]);
        char *hash = strchr(text, '#');
        if (hash)
            *hash = '\0';
        char **words = g_strsplit_set(g_strstrip(text), " \t", -1);
        if (words[0] && *words[0])
            g_ptr_array_add(want,
                            g_strdup_printf("%s %s", words[0], words[g_strv_length(words) - 1]));
        g_strfreev(words);
        g_free(text);
    }
    support_run_t all = support_runv(list->str, "solve", board, "--positions", "-", "--rules",
                                     rules, "--csv", "--quiet", NULL);
    if (all.status != 0)
        fail_msg("solve %s --positions under %s: exit %d: %s", board, rules, all.status, all.err);
    char **rows = g_strsplit(all.out, "\n", -1);
    assert_true(g_str_has_suffix(rows[0], ",position,line"));
    /* The position's column by its name: solve's columns before it grow (docs/csv.md). */
    guint at = support_csv_index(rows[0], "position");
    char **names = csv_fields(rows[0]);
    guint columns = g_strv_length(names);
    g_strfreev(names);
    guint n = 0;
    for (int r = 1; rows[r] && *rows[r]; r++, n++) {
        char **f = csv_fields(rows[r]);
        assert_true(g_strv_length(f) == columns);
        assert_true(n < want->len);
        char *listed = g_strdup_printf("%s %s", f[at], f[3]);
        assert_string_equal(listed, g_ptr_array_index(want, n));
        assert_string_equal(f[20], "solved");
        char *diagram = g_strdelimit(g_strdup(f[at]), "/", '\n');
        support_run_t one =
            support_runv(diagram, "solve", "--from", "-", "--rules", rules, "--to-move", f[3],
                         "--value-only", "--csv", "--no-header", "--quiet", NULL);
        assert_int_equal(one.status, 0);
        char **g = csv_fields(one.out);
        if (strcmp(f[4], g[4]) || strcmp(f[5], g[5]))
            fail_msg("%s %s, %s: --positions %s (%s), --from %s (%s)", board, rules, listed, f[4],
                     f[5], g[4], g[5]);
        g_strfreev(g);
        support_run_clear(&one);
        g_free(diagram);
        g_free(listed);
        g_strfreev(f);
    }
    assert_int_equal(n, want->len);
    /* --winner: the sign of each row's value, by either algorithm, status "winner". */
    static const char *const algorithms[] = {"alphabeta", "pns"};
    for (size_t a = 0; a < G_N_ELEMENTS(algorithms); a++) {
        support_run_t won =
            support_runv(list->str, "solve", board, "--positions", "-", "--rules", rules, "--csv",
                         "--quiet", "--winner", "--algorithm", algorithms[a], NULL);
        if (won.status != 0)
            fail_msg("solve %s --positions --winner --algorithm %s under %s: exit %d: %s", board,
                     algorithms[a], rules, won.status, won.err);
        char **wrows = g_strsplit(won.out, "\n", -1);
        for (guint r = 1; r <= n; r++) {
            char **f = csv_fields(rows[r]);
            char **w = csv_fields(wrows[r]);
            assert_string_equal(w[20], "winner");
            assert_string_equal(w[at], f[at]);
            assert_string_equal(w[3], f[3]);
            const char *sign = f[4][0] == 'B' ? "B" : f[4][0] == 'W' ? "W" : "0";
            if (strcmp(w[4], sign))
                fail_msg("%s %s, %s %s: --winner --algorithm %s says %s [%s, %s], the value %s",
                         board, rules, f[at], f[3], algorithms[a], w[4], w[18], w[19], f[4]);
            /* The position alone (--from): the same winner (alpha-beta's fail-soft bounds
             * depend on what the table of --positions held already). */
            char *diagram = g_strdelimit(g_strdup(f[at]), "/", '\n');
            support_run_t one = support_runv(diagram, "solve", "--from", "-", "--rules", rules,
                                             "--to-move", f[3], "--winner", "--csv", "--no-header",
                                             "--quiet", "--algorithm", algorithms[a], NULL);
            assert_int_equal(one.status, 0);
            char **o = csv_fields(one.out);
            if (strcmp(o[4], w[4]) || strcmp(o[20], "winner"))
                fail_msg("%s %s, %s %s: --from --winner --algorithm %s says %s [%s, %s] %s, "
                         "--positions %s [%s, %s]",
                         board, rules, f[at], f[3], algorithms[a], o[4], o[18], o[19], o[20], w[4],
                         w[18], w[19]);
            g_strfreev(o);
            support_run_clear(&one);
            g_free(diagram);
            g_strfreev(w);
            g_strfreev(f);
        }
        assert_null(wrows[n + 1] && *wrows[n + 1] ? wrows[n + 1] : NULL);
        g_strfreev(wrows);
        support_run_clear(&won);
    }
    g_strfreev(rows);
    support_run_clear(&all);
    g_ptr_array_free(want, TRUE);
    g_string_free(list, TRUE);
    g_strfreev(lines);
}

/* solve --positions: each row equals the solve of its position alone (a fresh process, a fresh
 * table), under japanese, chinese, math and pseudo, and --winner gives the sign of each value
 * by either algorithm, as --winner of the position alone does; a bad line is named, exit status
 * 2; --winner of a single board, and with an option that needs the game, status 2. */
static void test_japanese__solve_positions_rows_equal_one_at_a_time(void **state)
{
    (void)state;
    assert_true(support_for_each_record("solve_positions.txt", check_position_list) >= 4);
    static const char *const bad[][2] = {
        {"X.O/.../.O. b\nXQO/.../... w\n", "line 2: position 'XQO/.../...': row 1, column 2"},
        {"# nothing\n", "no position"},
        {"X.O/.../.O. b\n\nX.O/.../.O. x\n", "line 3: the side to move 'x' is not b or w"},
        {"X.O/... b\n", "line 1: position 'X.O/...' is 3x2, not 3x3"},
        {"XO./O../... b\n", "line 1: position 'XO./O../...' has a string without liberties"},
        {"X.O/.../.O. b w\n", "line 1: 3 words where 'POSITION TO_MOVE'"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        support_run_t run = support_runv(bad[i][0], "solve", "3x3", "--positions", "-", "--rules",
                                         "japanese", NULL);
        assert_int_equal(run.status, 2);
        if (!strstr(run.err, bad[i][1]))
            fail_msg("'%s': %s", bad[i][0], run.err);
        assert_string_equal(run.out, "");
        support_run_clear(&run);
    }
    support_run_t run =
        support_runv("../.. b\n", "solve", "2x2", "--positions", "-", "--from", "-", NULL);
    assert_int_equal(run.status, 2);
    support_run_clear(&run);
    /* --winner alone: the board's winner (2x2 chinese is B+1); no optimal game to draw. */
    run = support_runv(NULL, "solve", "2x2", "--winner", NULL);
    assert_int_equal(run.status, 0);
    assert_non_null(strstr(run.out, "result: Black wins (the value in [1, ?])"));
    support_run_clear(&run);
    run = support_runv(NULL, "solve", "2x2", "--winner", "--sgf", "/dev/null", NULL);
    assert_int_equal(run.status, 2);
    assert_non_null(strstr(run.err, "--winner asks the sign of the value only: no --sgf"));
    support_run_clear(&run);
}

/* ---- mathgo score and GTP ----------------------------------------------------------------------
 */

static void test_japanese__score_command_reports_and_refuses_bad_input(void **state)
{
    (void)state;
    const char *seki = ".X.XO.XO.O.\nXXXXO.XOOOO\n";
    support_run_t r = support_runv(seki, "score", "-", "--explain", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "B G2 G1: not independently alive"));
    assert_non_null(strstr(r.out, "result: 0"));
    assert_non_null(strstr(r.out, "+X+XO.XO-O-"));
    support_run_clear(&r);
    r = support_runv(seki, "score", "-", "--status", "seki", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "E2 E1\nG2 G1\n");
    support_run_clear(&r);
    r = support_runv(".XO.XO.O.\nXXXXXOOOO\n", "score", "-", "--csv", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, ",,C2,3,2,1,0,4,2,B+2\n"));
    support_run_clear(&r);
    /* A status the search proves whose line it cannot find again within the limit (the
     * table no longer holds the proof): the line stops there, the status and result stand. */
    const char *cut = "O...\nXOOO\n.O.O\nO.OO\n"; /* a final position of the 4x4 sample */
    r = support_runv(cut, "score", "-", "--explain", "--max-nodes", "100000", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "W A4: independently alive"));
    assert_non_null(strstr(r.out, "the line stops here"));
    assert_non_null(strstr(r.out, "result: W+8"));
    support_run_clear(&r);
    /* Bad input: one message, exit status 2. */
    const char *bad[][3] = {
        {seki, "--status", "unsettled"},   /* an unknown status */
        {"...\n...\n", NULL, NULL},        /* no stones to analyse */
        {"..Z\n...\n", NULL, NULL},        /* a malformed diagram */
        {seki, "--rules", "chinese"},      /* rules without an Analysis */
        {seki, "--analysis-states", "-1"}, /* a cap out of range */
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        r = bad[i][1] ? support_runv(bad[i][0], "score", "-", bad[i][1], bad[i][2], NULL)
                      : support_runv(bad[i][0], "score", "-", NULL);
        assert_int_equal(r.status, 2);
        assert_non_null(strstr(r.err, "mathgo score"));
        assert_null(strchr(strchr(r.err, '\n') + 1, '\n')); /* one line */
        support_run_clear(&r);
    }
    /* A limit passed: a failure at run time, naming the string. */
    r = support_runv(seki, "score", "-", "--max-nodes", "3", NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "the string at"));
    support_run_clear(&r);
    /* Past the limit the attractor settles a 2x3 string, unless --analysis-states leaves its
     * graph too few states. */
    for (int capped = 0; capped < 2; capped++) {
        r = support_runv("O.\nXO\n.O\n", "score", "-", "--max-nodes", "1", "--analysis-states",
                         capped ? "40" : "0", NULL);
        assert_int_equal(r.status, capped ? 1 : 0);
        assert_non_null(capped ? strstr(r.err, "the string at A2") : strstr(r.out, "result: 0"));
        support_run_clear(&r);
    }
}

/* solve --decompose answers in the territory model (every stone alive): under the Analysis it
 * refuses, naming the rule set that is that model; that one still answers. */
static void test_japanese__decompose_refuses_the_analysis(void **state)
{
    (void)state;
    const char *walled = ".x.XO\nXXXOO\n#..O.\nOOOOO\n";
    support_run_t r =
        support_runv(walled, "solve", "--from", "-", "--rules", "japanese", "--decompose", NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "japanese,analysis=none"));
    assert_null(strchr(strchr(r.err, '\n') + 1, '\n')); /* one line */
    support_run_clear(&r);
    r = support_runv(walled, "solve", "--from", "-", "--rules", "japanese,analysis=none",
                     "--decompose", "--csv", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "territory"));
    support_run_clear(&r);
}

static void test_japanese__gtp_scores_and_lists_statuses_by_the_analysis(void **state)
{
    (void)state;
    /* The seki position played out on 11x2, then the statuses and the score. */
    const char *moves[] = {"B2", "D2", "A1", "B1", "C1", "D1", "G2", "G1", NULL};
    const char *white[] = {"E2", "E1", "H2", "K2", "H1", "J1", "K1", "L1", NULL};
    GString *in = g_string_new("rectangular_boardsize 11 2\nkgs-rules japanese\nkomi 0\n");
    for (int i = 0; moves[i]; i++)
        g_string_append_printf(in, "play b %s\nplay w %s\n", moves[i], white[i]);
    g_string_append(in, "final_score\nfinal_status_list alive\nfinal_status_list dead\n"
                        "final_status_list seki\nfinal_status_list unsettled\n");
    /* The engine's per-move cap (10 s by default) bounds the Analysis: under ASan on a loaded
     * machine this one took longer, and final_score gave up ("? cannot score").  The test is
     * about the answer, not the cap. */
    support_run_t r = support_runv(in->str, "gtp", "--max-time", "600", NULL);
    assert_non_null(strstr(r.out, "= 0\n\n"));
    assert_non_null(strstr(r.out, "= E2 E1\nG2 G1\n\n"));
    assert_non_null(strstr(r.out, "? syntax error: 'unsettled' is not a status"));
    support_run_clear(&r);
    g_string_free(in, TRUE);
}

int main(void)
{
    if (getenv("MATHGO_TEST_FILTER"))
        cmocka_set_test_filter(getenv("MATHGO_TEST_FILTER"));
    if (getenv("MATHGO_TEST_SKIP")) /* tests/CMakeLists.txt runs the slowest case apart */
        cmocka_set_skip_filter(getenv("MATHGO_TEST_SKIP"));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_japanese__formation_matches_the_three_conditions),
        cmocka_unit_test(test_japanese__status_matches_plain_recursion),
        cmocka_unit_test(test_japanese__status_does_not_depend_on_the_table_size),
        cmocka_unit_test(test_japanese__shared_space_answers_as_a_plain_search),
        cmocka_unit_test(test_japanese__space_line_check_matches_the_search),
        cmocka_unit_test(test_japanese__lines_check_matches_every_line_enumerated),
        cmocka_unit_test(test_japanese__attractor_bounds_agree_with_the_search),
        cmocka_unit_test(test_japanese__attractor_cap_leaves_bounds_unknown_never_wrong),
        cmocka_unit_test(test_japanese__eye_space_cut_matches_plain_recursion),
        cmocka_unit_test(test_japanese__fill_win_matches_plain_recursion),
        cmocka_unit_test(test_japanese__settle_matches_a_point_by_point_reading),
        cmocka_unit_test(test_japanese__margin_is_monotone_in_the_alive_sets),
        cmocka_unit_test(test_japanese__known_bounds_hold_the_analysis),
        cmocka_unit_test(test_japanese__positions_from_data_have_the_expected_analysis),
        cmocka_unit_test(test_japanese__triple_ko_precedent_holds_exactly_on_its_shape),
        cmocka_unit_test(test_japanese__long_cycles_end_the_game_with_their_result),
        cmocka_unit_test(test_japanese__solver_agrees_with_the_plain_minimax),
        cmocka_unit_test(test_japanese__solver_table_agrees_across_histories),
        cmocka_unit_test(test_japanese__cycle_requirements_hold_after_other_histories),
        cmocka_unit_test(test_japanese__unfinished_analyses_change_no_value),
        cmocka_unit_test(test_japanese__the_first_budget_is_small_past_the_game_space),
        cmocka_unit_test(test_japanese__horizons_count_the_empty_points),
        cmocka_unit_test(test_japanese__restarts_change_no_value),
        cmocka_unit_test(test_japanese__unfinished_analyses_stop_past_their_total),
        cmocka_unit_test(test_japanese__imagined_positions_are_counted_for_the_heartbeat),
        cmocka_unit_test(test_japanese__solve_positions_rows_equal_one_at_a_time),
        cmocka_unit_test(test_japanese__score_command_reports_and_refuses_bad_input),
        cmocka_unit_test(test_japanese__gtp_scores_and_lists_statuses_by_the_analysis),
        cmocka_unit_test(test_japanese__decompose_refuses_the_analysis),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
