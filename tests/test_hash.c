/* tests/test_hash.c: Zobrist keys along random games; canonical keys under symmetry. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/game.h"
#include "core/hash.h"

/* Random games on several shapes; the seed is printed when an assertion fails. */
static const int shapes[][2] = {{1, 6}, {6, 1}, {2, 3}, {3, 3}, {4, 4}, {5, 5}, {3, 5}, {8, 8}};

static void random_game(GRand *rng, game_t *game, int max_moves,
                        void (*visit)(const game_t *, uint32_t), uint32_t seed)
{
    board_move_t moves[BOARD_MAX_POINTS + 1];
    for (int i = 0; i < max_moves; i++) {
        int n = game_legal_moves(moves, game);
        if (n == 0)
            break;
        board_move_t m = moves[g_rand_int_range(rng, 0, n)];
        assert_int_equal(game_play(game, m), GAME_LEGAL);
        visit(game, seed);
    }
}

static void check_incremental_key(const game_t *game, uint32_t seed)
{
    const game_state_t *s = game_current(game);
    uint64_t full = hash_key(&s->board, game_geom(game));
    if (s->key != full)
        fail_msg("seed %u: incremental key %016llx != recomputed %016llx", seed,
                 (unsigned long long)s->key, (unsigned long long)full);
}

static void test_hash__incremental_key_equals_recompute_over_random_games(void **state)
{
    (void)state;
    const char *rule_sets[] = {"math", "pseudo", "tromp-taylor", "chinese,ko=simple"};
    for (uint32_t seed = 1; seed <= 200; seed++) {
        GRand *rng = g_rand_new_with_seed(seed);
        const int *shape = shapes[seed % G_N_ELEMENTS(shapes)];
        board_geom_t *g = board_geom_create(shape[0], shape[1], NULL);
        rules_t r;
        rules_parse(&r, rule_sets[seed % G_N_ELEMENTS(rule_sets)], NULL);
        game_t *game = game_create(g, &r);
        random_game(rng, game, 3 * g->size, check_incremental_key, seed);
        game_destroy(game);
        board_geom_destroy(g);
        g_rand_free(rng);
    }
}

static void check_canonical(const game_t *game, uint32_t seed)
{
    const board_geom_t *g = game_geom(game);
    const board_t *b = &game_current(game)->board;
    int sym;
    board_t canon = hash_canonical(&sym, b, g);
    board_t via = board_transform(b, g, sym);
    if (!board_equal(&canon, &via))
        fail_msg("seed %u: canonical image is not the image under its symmetry", seed);
    uint64_t key = hash_canonical_key(b, g);
    for (int s = 0; s < g->symmetry_count; s++) {
        board_t image = board_transform(b, g, s);
        board_t c2 = hash_canonical(NULL, &image, g);
        if (!board_equal(&c2, &canon) || hash_canonical_key(&image, g) != key)
            fail_msg("seed %u: symmetric image %d has another canonical form", seed, s);
    }
}

static void test_hash__canonical_key_is_the_same_for_all_symmetric_images(void **state)
{
    (void)state;
    rules_t r;
    rules_parse(&r, "tromp-taylor", NULL);
    for (uint32_t seed = 1; seed <= 200; seed++) {
        GRand *rng = g_rand_new_with_seed(seed);
        const int *shape = shapes[seed % G_N_ELEMENTS(shapes)];
        board_geom_t *g = board_geom_create(shape[0], shape[1], NULL);
        game_t *game = game_create(g, &r);
        random_game(rng, game, 2 * g->size, check_canonical, seed);
        game_destroy(game);
        board_geom_destroy(g);
        g_rand_free(rng);
    }
}

static void test_hash__different_positions_get_different_canonical_forms(void **state)
{
    (void)state;
    /* On 2x2 the 57 legal positions fall into symmetry classes; positions in different
     * classes must not share a canonical image.  Checked exhaustively over 3^4 colourings. */
    board_geom_t *g = board_geom_create(2, 2, NULL);
    int classes = 0;
    board_t seen[81];
    for (int code = 0; code < 81; code++) {
        board_t b = {{0, 0}};
        for (int p = 0, c = code; p < 4; p++, c /= 3)
            if (c % 3 < 2)
                b.stones[c % 3] |= board_bit((board_point_t)p);
        board_t canon = hash_canonical(NULL, &b, g);
        bool found = false;
        for (int i = 0; i < classes; i++)
            found |= board_equal(&seen[i], &canon);
        if (!found)
            seen[classes++] = canon;
    }
    /* Burnside over the 8 symmetries of the square on 3-colourings of 4 corners: 21 classes. */
    assert_int_equal(classes, 21);
    board_geom_destroy(g);
}

/* The smallest superset of m that symmetry s of g maps onto itself. */
static uint64_t closure(const board_geom_t *g, int s, uint64_t m)
{
    for (;;) {
        board_t b = {{m, 0}};
        uint64_t grown = m | board_transform(&b, g, s).stones[0];
        if (grown == m)
            return m;
        m = grown;
    }
}

/* A region's symmetries keep its holes and safe stones in place, so the image of a position of
 * the region is a position of the same region: canonical keys over them are sound. */
static void check_region_images(const game_t *game, uint32_t seed)
{
    const board_geom_t *g = game_geom(game);
    const board_t *b = &game_current(game)->board;
    check_canonical(game, seed);
    check_incremental_key(game, seed);
    for (int s = 0; s < g->symmetry_count; s++) {
        board_t image = board_transform(b, g, s);
        if ((image.stones[0] | image.stones[1]) & ~g->all || (g->safe[0] & ~image.stones[0]) ||
            (g->safe[1] & ~image.stones[1]) || !board_is_legal_position(&image, g))
            fail_msg("seed %u: symmetry %d maps a position off its region", seed, s);
    }
}

static void test_hash__region_keys_hold_under_the_symmetries_a_region_keeps(void **state)
{
    (void)state;
    rules_t r;
    rules_parse(&r, "tromp-taylor", NULL);
    int kept_more_than_identity = 0;
    for (uint32_t seed = 1; seed <= 200; seed++) {
        GRand *rng = g_rand_new_with_seed(seed);
        const int *shape = shapes[seed % G_N_ELEMENTS(shapes)];
        board_geom_t *plain = board_geom_create(shape[0], shape[1], NULL);
        /* Random holes and safe stones, closed under one random symmetry of the rectangle. */
        int t = g_rand_int_range(rng, 0, plain->symmetry_count);
        uint64_t holes = 0, safe[2] = {0, 0};
        for (int p = 0; p < plain->size; p++) {
            int roll = g_rand_int_range(rng, 0, 20);
            if (roll < 3)
                holes |= board_bit((board_point_t)p);
            else if (roll < 5)
                safe[roll - 3] |= board_bit((board_point_t)p);
        }
        holes = closure(plain, t, holes);
        uint64_t on_board = plain->all & ~holes;
        for (int c = 0; c < 2; c++)
            safe[c] = closure(plain, t, safe[c]) & on_board;
        uint64_t both = safe[0] & safe[1];
        safe[0] &= ~both, safe[1] &= ~both;
        board_geom_t *g =
            on_board ? board_geom_create_region(shape[0], shape[1], on_board, safe, NULL) : NULL;
        if (g) {
            kept_more_than_identity += g->symmetry_count > 1;
            game_t *game = game_create(g, &r);
            random_game(rng, game, 2 * g->size, check_region_images, seed);
            game_destroy(game);
        }
        board_geom_destroy(g);
        board_geom_destroy(plain);
        g_rand_free(rng);
    }
    assert_true(kept_more_than_identity >= 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hash__incremental_key_equals_recompute_over_random_games),
        cmocka_unit_test(test_hash__canonical_key_is_the_same_for_all_symmetric_images),
        cmocka_unit_test(test_hash__different_positions_get_different_canonical_forms),
        cmocka_unit_test(test_hash__region_keys_hold_under_the_symmetries_a_region_keeps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
