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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hash__incremental_key_equals_recompute_over_random_games),
        cmocka_unit_test(test_hash__canonical_key_is_the_same_for_all_symmetric_images),
        cmocka_unit_test(test_hash__different_positions_get_different_canonical_forms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
