/*
 * tests/test_region.c: regions/region.h and `mathgo region`.
 *
 * Every region of the catalogue (the files of regions/catalog/) is valued in both models and
 * compared with its expected values (derived by hand or published, never by this code; the files
 * say which); then identities that hold for every region: the colours reversed give the negative,
 * the rectangle reflected gives the same value, the split into parts gives the sum; the math
 * value's outcome class agrees with the full-board solver under the math rules (an independent
 * search); lemma T1 (an eye space of e empty points and w White stones inside safe Black walls
 * is worth e + 2w) on random eye spaces; and the command's text, CSV, SVG and bad input.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cgt/game.h"
#include "cgt/notation.h"
#include "cgt/thermo.h"
#include "core/game.h"
#include "core/rules.h"
#include "front/region_file.h"
#include "positions/diagram.h"
#include "regions/region.h"
#include "solver/search.h"
#include "tests/support.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#define CATALOG MATHGO_TEST_DATA "/../../regions/catalog"

/* Every region of the catalogue, read once per test. */
static GPtrArray *read_catalog(void)
{
    GPtrArray *all = g_ptr_array_new_with_free_func((GDestroyNotify)region_file_entry_free);
    GDir *dir = g_dir_open(CATALOG, 0, NULL);
    assert_non_null(dir);
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    for (const char *n; (n = g_dir_read_name(dir));)
        if (g_str_has_suffix(n, ".txt"))
            g_ptr_array_add(names, g_strdup(n));
    g_dir_close(dir);
    for (guint i = 0; i < names->len; i++) {
        char *path = g_build_filename(CATALOG, (char *)names->pdata[i], NULL), *text = NULL;
        GError *error = NULL;
        assert_true(g_file_get_contents(path, &text, NULL, NULL));
        GPtrArray *regions = region_file_parse(text, &error);
        if (!regions)
            fail_msg("%s: %s", path, error->message);
        for (guint k = 0; k < regions->len; k++)
            g_ptr_array_add(all, regions->pdata[k]);
        g_ptr_array_set_free_func(regions, NULL);
        g_ptr_array_unref(regions);
        g_free(text);
        g_free(path);
    }
    g_ptr_array_unref(names);
    return all;
}

/* The fixture of the catalogue tests: every region and one context for all of them. */
typedef struct catalog {
    GPtrArray *all;
    region_ctx_t *rctx;
} catalog_t;

static int catalog_setup(void **state)
{
    catalog_t *c = g_new0(catalog_t, 1);
    c->all = read_catalog();
    c->rctx = region_ctx_create(0);
    *state = c;
    return 0;
}

static int catalog_teardown(void **state)
{
    catalog_t *c = *state;
    region_ctx_destroy(c->rctx);
    g_ptr_array_unref(c->all);
    g_free(c);
    return 0;
}

static cgt_game_t parse(cgt_ctx_t *ctx, const char *text, const char *name)
{
    cgt_game_t g = 0;
    GError *error = NULL;
    if (!cgt_parse(&g, ctx, text, &error))
        fail_msg("%s: cannot read the expected value '%s': %s", name, text, error->message);
    return g;
}

/* A region's value; *loopy tells a region that is not a short game (then the value is 0). */
static cgt_game_t value_of(bool *loopy, region_ctx_t *rctx, const board_geom_t *geom,
                           const board_t *position, region_model_t model, const char *name)
{
    cgt_game_t g = 0;
    GError *error = NULL;
    *loopy = !region_value(&g, rctx, geom, position, model, &error);
    if (*loopy && error->code != REGION_ERROR_NOT_SHORT)
        fail_msg("%s (%s): %s", name, region_model_name(model), error->message);
    g_clear_error(&error);
    return g;
}

static void test_region__catalog_has_forty_regions_with_both_expected_values(void **state)
{
    const catalog_t *c = *state;
    GPtrArray *all = c->all;
    assert_true(all->len >= 40);
    for (guint i = 0; i < all->len; i++) {
        const region_file_entry_t *r = all->pdata[i];
        if (!r->name || !r->source || !r->expect[0] || !r->expect[1])
            fail_msg("the region at line %d (%s) lacks a name, a source or an expected value",
                     r->line, r->name ? r->name : "?");
    }
}

/*
 * A second algorithm for the values: G = E exactly when G - E is a second-player win (the
 * definition of equality), decided here by a plain memoised search over the sum of the Go
 * region (its legal plays through core's board_place, captures as free integer moves under
 * territory) and -E (E's options from cgt/), with no canonical forms of the region's tree.  It
 * takes a position without plays as 0, so it also checks that the territory count of such a
 * position is 0 (docs/regions.md).  A value off by * must fail it, so the check can fail.
 */
typedef struct diff_key {
    board_t position;
    cgt_game_t e;
    int32_t k;    /* integer part: k > 0 gives Black k free moves, k < 0 White -k */
    int32_t left; /* 1: Black (Left) to move */
} diff_key_t;

typedef struct diff {
    const board_geom_t *geom;
    region_model_t model;
    cgt_ctx_t *ctx;
    GHashTable *memo; /* diff_key_t * -> GINT_TO_POINTER(1 + wins) */
} diff_t;

static guint diff_hash(gconstpointer p)
{
    const diff_key_t *k = p;
    uint64_t h = k->position.stones[0] * 0x9e3779b97f4a7c15ULL ^ k->position.stones[1] ^
                 ((uint64_t)k->e << 32) ^ (uint64_t)(uint32_t)k->k * 31 ^ (uint64_t)k->left;
    return (guint)(h ^ h >> 32);
}

static gboolean diff_equal(gconstpointer a, gconstpointer b)
{
    return memcmp(a, b, sizeof(diff_key_t)) == 0;
}

/* Whether the player to move in (position, e, k) has a winning move (normal play). */
static bool diff_wins(diff_t *d, const board_t *position, cgt_game_t e, int k, bool left)
{
    diff_key_t key;
    memset(&key, 0, sizeof key);
    key.position = *position;
    key.e = e;
    key.k = k;
    key.left = left;
    gpointer found = g_hash_table_lookup(d->memo, &key);
    if (found)
        return GPOINTER_TO_INT(found) - 1;
    bool wins = false;
    board_color_t c = left ? BOARD_BLACK : BOARD_WHITE;
    int sign = left ? 1 : -1;
    for (uint64_t empty = board_empty(position, d->geom); empty && !wins; empty &= empty - 1) {
        board_placement_t r = board_place(position, d->geom, c, board_lowest(empty));
        if (r.suicided)
            continue;
        int k2 = k + (d->model == REGION_MODEL_TERRITORY ? sign * board_popcount(r.captured) : 0);
        wins = !diff_wins(d, &r.after, e, k2, !left);
    }
    size_t n = left ? cgt_left_count(d->ctx, e) : cgt_right_count(d->ctx, e);
    const cgt_game_t *opts = left ? cgt_left_options(d->ctx, e) : cgt_right_options(d->ctx, e);
    for (size_t i = 0; i < n && !wins; i++)
        wins = !diff_wins(d, position, opts[i], k, !left);
    if (!wins && sign * k > 0)
        wins = !diff_wins(d, position, e, k - sign, !left);
    diff_key_t *stored = g_memdup2(&key, sizeof key);
    g_hash_table_insert(d->memo, stored, GINT_TO_POINTER(1 + wins));
    return wins;
}

/* Fails unless the region minus g is a second-player win and the region minus (g + *) is not. */
static void check_by_definition(cgt_ctx_t *ctx, const region_file_entry_t *r, region_model_t m,
                                cgt_game_t g)
{
    diff_t d = {r->geom, m, ctx, g_hash_table_new_full(diff_hash, diff_equal, g_free, NULL)};
    cgt_game_t wrong = cgt_add(ctx, g, cgt_nimber(ctx, 1));
    bool equal = !diff_wins(&d, &r->position, cgt_neg(ctx, g), 0, true) &&
                 !diff_wins(&d, &r->position, cgt_neg(ctx, g), 0, false);
    bool equal_wrong = !diff_wins(&d, &r->position, cgt_neg(ctx, wrong), 0, true) &&
                       !diff_wins(&d, &r->position, cgt_neg(ctx, wrong), 0, false);
    if (!equal || equal_wrong)
        fail_msg("%s (%s): the region minus %s is %sa second-player win", r->name,
                 region_model_name(m), cgt_to_string(ctx, equal ? wrong : g), equal ? "" : "not ");
    g_hash_table_destroy(d.memo);
}

/* The value rebuilt from region_options equals the value; each option is a legal play. */
static void check_options(cgt_ctx_t *ctx, region_ctx_t *rctx, const region_file_entry_t *r,
                          region_model_t m, cgt_game_t g)
{
    region_option_t opts[2][BOARD_MAX_POINTS];
    cgt_game_t values[2][BOARD_MAX_POINTS];
    int n[2];
    for (int c = 0; c < 2; c++) {
        n[c] = region_options(opts[c], rctx, r->geom, &r->position, m, (board_color_t)c, NULL);
        assert_true(n[c] >= 0);
        for (int i = 0; i < n[c]; i++) {
            board_placement_t pl =
                board_place(&r->position, r->geom, (board_color_t)c, opts[c][i].point);
            assert_true(board_empty(&r->position, r->geom) & board_bit(opts[c][i].point));
            assert_int_equal(pl.suicided, 0);
            values[c][i] = opts[c][i].value;
        }
    }
    if (cgt_from_options(ctx, values[0], (size_t)n[0], values[1], (size_t)n[1]) != g)
        fail_msg("%s (%s): the options do not rebuild the value", r->name, region_model_name(m));
}

static void
test_region__catalog_values_agree_with_the_expected_ones_and_the_definition(void **state)
{
    const catalog_t *c = *state;
    GPtrArray *all = c->all;
    region_ctx_t *rctx = c->rctx;
    cgt_ctx_t *ctx = region_ctx_cgt(rctx);
    int checked = 0;
    for (guint i = 0; i < all->len; i++) {
        const region_file_entry_t *r = all->pdata[i];
        for (int m = 0; m < REGION_MODEL_COUNT; m++) {
            cgt_game_t g = 0;
            GError *error = NULL;
            bool ok = region_value(&g, rctx, r->geom, &r->position, (region_model_t)m, &error);
            const char *expect = r->expect[m];
            if (g_str_has_prefix(expect, "not a short game")) {
                if (ok || error->code != REGION_ERROR_NOT_SHORT ||
                    !g_str_has_prefix(error->message, expect))
                    fail_msg("%s (%s): expected '%s', got %s", r->name, region_model_name(m),
                             expect, ok ? cgt_to_string(ctx, g) : error->message);
            } else {
                if (!ok)
                    fail_msg("%s (%s): %s", r->name, region_model_name(m), error->message);
                cgt_game_t e = parse(ctx, expect, r->name);
                if (e != g)
                    fail_msg("%s (%s): expected %s, got %s", r->name, region_model_name(m),
                             cgt_to_string(ctx, e), cgt_to_string(ctx, g));
                if (m == REGION_MODEL_TERRITORY && r->expect_chilled &&
                    parse(ctx, r->expect_chilled, r->name) != cgt_chill(ctx, g))
                    fail_msg("%s: chilled %s, expected %s", r->name,
                             cgt_to_string(ctx, cgt_chill(ctx, g)), r->expect_chilled);
                check_by_definition(ctx, r, (region_model_t)m, g);
                check_options(ctx, rctx, r, (region_model_t)m, g);
            }
            g_clear_error(&error);
            checked++;
        }
    }
    assert_int_equal(checked, 2 * (int)all->len);
}

/* The region with colours reversed (safe stones too). */
static board_geom_t *reversed(board_t *out, const board_geom_t *g, const board_t *p)
{
    uint64_t safe[2] = {g->safe[BOARD_WHITE], g->safe[BOARD_BLACK]};
    out->stones[BOARD_BLACK] = p->stones[BOARD_WHITE];
    out->stones[BOARD_WHITE] = p->stones[BOARD_BLACK];
    return board_geom_create_region(g->width, g->height, g->all, safe, NULL);
}

/* The region reflected left to right. */
static uint64_t reflect_mask(const board_geom_t *g, uint64_t m)
{
    uint64_t r = 0;
    for (; m; m &= m - 1) {
        board_point_t p = board_lowest(m);
        r |= board_bit(board_point(g, g->width - 1 - board_x(g, p), board_y(g, p)));
    }
    return r;
}

static board_geom_t *reflected(board_t *out, const board_geom_t *g, const board_t *p)
{
    uint64_t safe[2] = {reflect_mask(g, g->safe[0]), reflect_mask(g, g->safe[1])};
    out->stones[0] = reflect_mask(g, p->stones[0]);
    out->stones[1] = reflect_mask(g, p->stones[1]);
    return board_geom_create_region(g->width, g->height, reflect_mask(g, g->all), safe, NULL);
}

static void test_region__reversed_colours_give_the_negative_and_reflection_the_same(void **state)
{
    const catalog_t *c = *state;
    GPtrArray *all = c->all;
    region_ctx_t *rctx = c->rctx;
    cgt_ctx_t *ctx = region_ctx_cgt(rctx);
    for (guint i = 0; i < all->len; i++) {
        const region_file_entry_t *r = all->pdata[i];
        board_t rev, refl;
        board_geom_t *grev = reversed(&rev, r->geom, &r->position);
        board_geom_t *grefl = reflected(&refl, r->geom, &r->position);
        assert_non_null(grev);
        assert_non_null(grefl);
        for (int m = 0; m < REGION_MODEL_COUNT; m++) {
            bool l0, l1, l2;
            cgt_game_t g = value_of(&l0, rctx, r->geom, &r->position, m, r->name);
            cgt_game_t n = value_of(&l1, rctx, grev, &rev, m, r->name);
            cgt_game_t f = value_of(&l2, rctx, grefl, &refl, m, r->name);
            if (l0 != l1 || l0 != l2)
                fail_msg("%s (%s): short game or not depends on colours or reflection", r->name,
                         region_model_name(m));
            if (!l0 && (n != cgt_neg(ctx, g) || f != g))
                fail_msg("%s (%s): %s, reversed %s, reflected %s", r->name, region_model_name(m),
                         cgt_to_string(ctx, g), cgt_to_string(ctx, n), cgt_to_string(ctx, f));
        }
        board_geom_destroy(grev);
        board_geom_destroy(grefl);
    }
}

static void test_region__split_parts_sum_to_the_whole(void **state)
{
    const catalog_t *c = *state;
    GPtrArray *all = c->all;
    region_ctx_t *rctx = c->rctx;
    cgt_ctx_t *ctx = region_ctx_cgt(rctx);
    int several = 0;
    for (guint i = 0; i < all->len; i++) {
        const region_file_entry_t *r = all->pdata[i];
        GArray *parts = region_split(r->geom, &r->position, NULL);
        assert_non_null(parts);
        several += parts->len > 1;
        for (int m = 0; m < REGION_MODEL_COUNT; m++) {
            bool loopy, any_loopy = false;
            cgt_game_t whole = value_of(&loopy, rctx, r->geom, &r->position, m, r->name);
            cgt_game_t sum = cgt_zero(ctx);
            for (guint k = 0; k < parts->len; k++) {
                const region_part_t *p = &g_array_index(parts, region_part_t, k);
                bool l;
                sum = cgt_add(ctx, sum, value_of(&l, rctx, p->geom, &p->position, m, r->name));
                any_loopy |= l;
            }
            if (loopy != any_loopy || (!loopy && sum != whole))
                fail_msg("%s (%s): the whole %s, the sum of %u parts %s", r->name,
                         region_model_name(m), loopy ? "loopy" : cgt_to_string(ctx, whole),
                         parts->len, any_loopy ? "loopy" : cgt_to_string(ctx, sum));
            cgt_game_t by_sum = 0;
            GError *error = NULL;
            bool sum_ok = region_value_sum(&by_sum, rctx, r->geom, &r->position, m, &error);
            if (sum_ok == loopy || (sum_ok && by_sum != whole))
                fail_msg("%s (%s): region_value_sum disagrees", r->name, region_model_name(m));
            g_clear_error(&error);
        }
        region_parts_free(parts);
    }
    assert_true(several >= 5);
}

/*
 * Random boards with random safe walls: the whole board valued as one region equals the sum of
 * the parts region_split finds (a play changes one part only), in both models, loopy or not.
 */
static void test_region__random_boards_are_the_sums_of_their_parts(void **state)
{
    (void)state;
    GRand *rand = g_rand_new_with_seed(2026);
    region_ctx_t *rctx = region_ctx_create(0);
    cgt_ctx_t *ctx = region_ctx_cgt(rctx);
    int boards = 0, several = 0, short_values = 0;
    while (boards < 120) {
        int width = g_rand_int_range(rand, 2, 6), height = g_rand_int_range(rand, 2, 5);
        uint64_t all = 0, safe[2] = {0, 0}, stones[2] = {0, 0};
        for (int p = 0; p < width * height; p++) {
            uint64_t bit = (uint64_t)1 << p;
            int kind = g_rand_int_range(rand, 0, 10); /* 0-3 safe, 4 hole, 5 stone, else empty */
            if (kind != 4)
                all |= bit;
            if (kind < 4)
                safe[kind & 1] |= bit, stones[kind & 1] |= bit;
            if (kind == 5)
                stones[g_rand_int_range(rand, 0, 2)] |= bit;
        }
        board_geom_t *g = board_geom_create_region(width, height, all, safe, NULL);
        board_t p = {{stones[0], stones[1]}};
        if (!g || !board_empty(&p, g) || board_popcount(board_empty(&p, g)) > 9 ||
            !board_is_legal_position(&p, g)) {
            board_geom_destroy(g);
            continue;
        }
        GArray *parts = region_split(g, &p, NULL);
        several += parts->len > 1;
        region_parts_free(parts);
        for (int m = 0; m < REGION_MODEL_COUNT; m++) {
            cgt_game_t whole = 0, sum = 0;
            GError *e1 = NULL, *e2 = NULL;
            bool ok1 = region_value(&whole, rctx, g, &p, m, &e1);
            bool ok2 = region_value_sum(&sum, rctx, g, &p, m, &e2);
            short_values += ok1;
            if (ok1 != ok2 || (ok1 && whole != sum) || (!ok1 && e1->code != e2->code))
                fail_msg("board %d (%s): whole %s, sum %s", boards, region_model_name(m),
                         ok1 ? cgt_to_string(ctx, whole) : e1->message,
                         ok2 ? cgt_to_string(ctx, sum) : e2->message);
            g_clear_error(&e1);
            g_clear_error(&e2);
        }
        board_geom_destroy(g);
        boards++;
    }
    assert_true(several >= 30);      /* 66 boards of several parts with this seed */
    assert_true(short_values >= 80); /* 108 short values, 132 not short (kos) */
    region_ctx_destroy(rctx);
    g_rand_free(rand);
}

/*
 * The math model is Chetrit's no-pass game on the region: the full-board solver under the
 * `math` rules (its own search, core's legality, positional superko, which never matters in a
 * short game) must find the winner the outcome class says, with Black and with White first.
 */
static void test_region__math_outcomes_agree_with_the_solver(void **state)
{
    const catalog_t *c = *state;
    GPtrArray *all = c->all;
    region_ctx_t *rctx = c->rctx;
    cgt_ctx_t *ctx = region_ctx_cgt(rctx);
    rules_t rules;
    assert_true(rules_parse(&rules, "math", NULL));
    search_options_t options = search_options_default();
    options.tt_bytes = 4u << 20;
    int checked = 0;
    for (guint i = 0; i < all->len; i++) {
        const region_file_entry_t *r = all->pdata[i];
        bool loopy;
        cgt_game_t g = value_of(&loopy, rctx, r->geom, &r->position, REGION_MODEL_MATH, r->name);
        if (loopy || board_popcount(board_empty(&r->position, r->geom)) > 12)
            continue;
        cgt_outcome_t o = cgt_outcome(ctx, g);
        search_t *search = search_create(r->geom, &rules, &options, NULL);
        assert_non_null(search);
        for (int first = 0; first < 2; first++) {
            game_t *game =
                game_create_from(r->geom, &rules, &r->position, (board_color_t)first, NULL);
            assert_non_null(game);
            search_result_t result;
            assert_true(search_solve(&result, search, game, NULL));
            bool black_wins = result.value > 0;
            bool expected = first == BOARD_BLACK ? (o == CGT_OUTCOME_L || o == CGT_OUTCOME_N)
                                                 : (o == CGT_OUTCOME_L || o == CGT_OUTCOME_P);
            if (black_wins != expected)
                fail_msg("%s: math value %s, but the solver says %s wins with %s first", r->name,
                         cgt_to_string(ctx, g), black_wins ? "Black" : "White",
                         first == BOARD_BLACK ? "Black" : "White");
            game_destroy(game);
            checked++;
        }
        search_destroy(search);
    }
    assert_true(checked >= 90); /* 49 short regions, two first players each */
}

/*
 * Lemma T1 on random eye spaces: two rows inside safe Black walls (so every point touches a
 * safe Black stone), random points off the board, random White stones that have a liberty.
 */
static void test_region__eye_spaces_are_worth_their_points_and_dead_stones(void **state)
{
    (void)state;
    GRand *rand = g_rand_new_with_seed(12);
    region_ctx_t *rctx = region_ctx_create(0);
    cgt_ctx_t *ctx = region_ctx_cgt(rctx);
    int tried = 0;
    for (int trial = 0; trial < 300; trial++) {
        int width = g_rand_int_range(rand, 3, 8), height = 4;
        uint64_t all = 0, safe[2] = {0, 0}, white = 0;
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++) {
                uint64_t bit = (uint64_t)1 << (y * width + x);
                bool wall = y == 0 || y == 3 || x == 0 || x == width - 1;
                if (wall) {
                    all |= bit, safe[BOARD_BLACK] |= bit;
                } else if (g_rand_int_range(rand, 0, 5)) {
                    all |= bit;
                    if (!g_rand_int_range(rand, 0, 4))
                        white |= bit;
                }
            }
        board_geom_t *g = board_geom_create_region(width, height, all, safe, NULL);
        assert_non_null(g);
        board_t p = {{safe[BOARD_BLACK], white}};
        int empty = board_popcount(board_empty(&p, g));
        if (empty == 0 || !board_is_legal_position(&p, g)) {
            board_geom_destroy(g);
            continue;
        }
        cgt_game_t v;
        assert_true(region_value(&v, rctx, g, &p, REGION_MODEL_TERRITORY, NULL));
        if (v != cgt_integer(ctx, empty + 2 * board_popcount(white)))
            fail_msg("an eye space of %d empty points and %d White stones is worth %s", empty,
                     board_popcount(white), cgt_to_string(ctx, v));
        board_geom_destroy(g);
        tried++;
    }
    assert_true(tried >= 100);
    region_ctx_destroy(rctx);
    g_rand_free(rand);
}

static void test_region__position_limit_is_an_error_and_the_context_stays_usable(void **state)
{
    (void)state;
    GError *error = NULL;
    GPtrArray *rs = region_file_parse("XXXXXX\nX....X\nXXXXXX\n", &error);
    assert_non_null(rs);
    const region_file_entry_t *r = rs->pdata[0];
    region_ctx_t *rctx = region_ctx_create(5);
    cgt_game_t g;
    assert_false(region_value(&g, rctx, r->geom, &r->position, REGION_MODEL_MATH, &error));
    assert_int_equal(error->code, REGION_ERROR_LIMIT);
    g_clear_error(&error);
    region_ctx_destroy(rctx);
    rctx = region_ctx_create(0);
    assert_true(region_value(&g, rctx, r->geom, &r->position, REGION_MODEL_MATH, NULL));
    assert_int_equal(g, cgt_integer(region_ctx_cgt(rctx), 3));
    board_t without_walls = {{0, 0}};
    assert_false(region_value(&g, rctx, r->geom, &without_walls, REGION_MODEL_MATH, &error));
    assert_int_equal(error->code, REGION_ERROR_POSITION);
    g_clear_error(&error);
    region_ctx_destroy(rctx);
    g_ptr_array_unref(rs);
}

/* ---- Files and the command -------------------------------------------------------------- */

static void expect_parse_error(const char *text, const char *needle)
{
    GError *error = NULL;
    GPtrArray *rs = region_file_parse(text, &error);
    if (rs || !strstr(error->message, needle))
        fail_msg("'%s': expected an error with '%s', got %s", text, needle,
                 rs ? "regions" : error->message);
    g_error_free(error);
}

static void test_region__bad_files_name_the_line_and_column(void **state)
{
    (void)state;
    expect_parse_error("name: a\nX.X\nXQX\n", "line 3, column 2: unknown character 'Q'");
    expect_parse_error("name: full\nXXX\nXXX\n", "lines 2-3: the region has no empty point");
    expect_parse_error("name: a\n\n" /* a blank line ends the block: no grid */,
                       "line 1: a region without a grid");
    expect_parse_error("X.X\nname: b\n", "line 2: a header line after the grid");
    expect_parse_error("colour: red\nX.X\n", "line 1, column 1: unknown key 'colour'");
    expect_parse_error("X.O\n---\nXXXXXXXXX\nX.......X\nXXXXXXXXX\n"
                       "XXXXXXXXX\nXXXXXXXXX\nXXXXXXXXX\nXXXXXXXXX\nXXXXXXXXX\n",
                       "line 10: the region's rectangle (9 wide, short rows padded with '#', 8 "
                       "rows so far) has more than 64 points");
    expect_parse_error("X.x\n#.O\nxO#\n",
                       "line 3, column 1: the black chain here has no liberty and no safe stone");
    /* short rows are padded with off-board points */
    GPtrArray *rs = region_file_parse("% a comment\nX.\n#.O\n", NULL);
    assert_non_null(rs);
    const region_file_entry_t *r = rs->pdata[0];
    assert_int_equal(r->geom->width, 3);
    char *grid = diagram_format_region(&r->position, r->geom);
    assert_string_equal(grid, "X.#\n#.O\n");
    g_free(grid);
    g_ptr_array_unref(rs);
}

static void test_region__command_prints_values_csv_and_svg(void **state)
{
    (void)state;
    const char *text = "name: gote, one point\nX.O\n#.#\n---\nname: ko\nX..O\n";
    support_run_t r = support_runv(text, "region", "-", "--csv", "--model", "both", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "name,model,canonical,outcome,left_stop,right_stop,mean,temperature,"
                               "chilled,note\n"
                               "\"gote, one point\",territory,+-1,N,1,-1,0,1,*,\n"
                               "\"gote, one point\",math,+-1,N,1,-1,0,1,,\n"
                               "ko,territory,,,,,,,,not a short game: ko at C1\n"
                               "ko,math,,,,,,,,not a short game: ko at C1\n");
    support_run_clear(&r);

    char *svg = g_build_filename(g_get_tmp_dir(), "mathgo-test-region.svg", NULL);
    r = support_runv("name: eye\nXXXX\nX..X\nXXXX\n", "region", "-", "--chill", "--thermograph",
                     "--model", "math", "--svg", svg, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "canonical      3/2\n"));
    assert_non_null(strstr(r.out, "thermograph    Thermograph("));
    char *drawing = NULL;
    assert_true(g_file_get_contents(svg, &drawing, NULL, NULL));
    assert_non_null(strstr(drawing, "<svg"));
    assert_non_null(strstr(drawing, "<circle"));
    assert_non_null(strstr(drawing, "Thermograph of eye = 3/2"));
    g_free(drawing);
    g_unlink(svg);
    g_free(svg);
    support_run_clear(&r);

    r = support_runv("name: dead\nXXXX\nXo.X\nXXXX\n", "region", "-", "--solve", "--csv", NULL);
    assert_int_equal(r.status, 0);
    /* the japanese preset counts the dead stone alive: Black captures it, 2 instead of 3 */
    assert_string_equal(r.out, "name,model,canonical,outcome,left_stop,right_stop,mean,temperature,"
                               "chilled,note,solver_black_first,solver_white_first\n"
                               "dead,territory,3,L,3,3,3,-1,3,,2,2\n");
    support_run_clear(&r);

    r = support_runv("X.O\n", "region", "-", "--chill", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "canonical      *\n"));
    assert_non_null(strstr(r.out, "chilled        0\n"));
    support_run_clear(&r);
}

static void test_region__command_bad_input_exits_2_with_one_message(void **state)
{
    (void)state;
    const char *cases[][3] = {
        {"X.X\nX?X\n", NULL, "line 2, column 2: unknown character '?'"},
        {"XXX\n", NULL, "the region has no empty point"},
        {NULL, "--model=area", "unknown model 'area'"}, /* no stdin: it exits first */
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        support_run_t r = cases[i][1] ? support_runv(cases[i][0], "region", "-", cases[i][1], NULL)
                                      : support_runv(cases[i][0], "region", "-", NULL);
        if (r.status != 2 || !strstr(r.err, cases[i][2]) ||
            strchr(r.err, '\n') != strrchr(r.err, '\n'))
            fail_msg("case %zu: status %d, stderr [%s]", i, r.status, r.err);
        support_run_clear(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_region__catalog_has_forty_regions_with_both_expected_values),
        cmocka_unit_test(
            test_region__catalog_values_agree_with_the_expected_ones_and_the_definition),
        cmocka_unit_test(test_region__reversed_colours_give_the_negative_and_reflection_the_same),
        cmocka_unit_test(test_region__split_parts_sum_to_the_whole),
        cmocka_unit_test(test_region__random_boards_are_the_sums_of_their_parts),
        cmocka_unit_test(test_region__math_outcomes_agree_with_the_solver),
        cmocka_unit_test(test_region__eye_spaces_are_worth_their_points_and_dead_stones),
        cmocka_unit_test(test_region__position_limit_is_an_error_and_the_context_stays_usable),
        cmocka_unit_test(test_region__bad_files_name_the_line_and_column),
        cmocka_unit_test(test_region__command_prints_values_csv_and_svg),
        cmocka_unit_test(test_region__command_bad_input_exits_2_with_one_message),
    };
    return cmocka_run_group_tests(tests, catalog_setup, catalog_teardown);
}
