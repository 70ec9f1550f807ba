/*
 * tests/test_game.c: legality, captures, ko, superko, scoring and endings, from positions and
 * move sequences kept as data (tests/data/core_positions.txt, tests/data/core_games.txt), and
 * property tests over random games (undo and copy restore the exact state).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/game.h"
#include "core/score.h"
#include "positions/diagram.h"
#include "tests/support.h"

#include <stdlib.h>
#include <string.h>

static uint64_t moves_mask(const board_move_t *moves, int n, bool *pass)
{
    uint64_t m = 0;
    *pass = false;
    for (int i = 0; i < n; i++) {
        if (moves[i] == BOARD_MOVE_PASS)
            *pass = true;
        else
            m |= board_bit(moves[i]);
    }
    return m;
}

static void check_position_record(const char *record)
{
    char **lines = g_strsplit(record, "\n", -1);
    const char *name = support_record_value(lines, "name");
    board_t board;
    int w, h;
    support_record_diagram(&board, &w, &h, lines);
    GError *error = NULL;
    board_geom_t *g = board_geom_create(w, h, NULL);
    rules_t rules;
    if (!rules_parse(&rules, support_record_value(lines, "rules"), &error))
        fail_msg("%s: %s", name, error->message);
    const char *to_move = support_record_value(lines, "to-move");
    game_t *game = game_create_from(
        g, &rules, &board, to_move && to_move[0] == 'w' ? BOARD_WHITE : BOARD_BLACK, &error);
    if (!game)
        fail_msg("%s: %s", name, error->message);

    const char *legal = support_record_value(lines, "legal");
    if (legal) {
        board_move_t moves[BOARD_MAX_POINTS + 1];
        int n = game_legal_moves(moves, game);
        bool pass;
        uint64_t got = moves_mask(moves, n, &pass);
        uint64_t want = 0;
        bool want_pass = false;
        char **words = g_strsplit_set(legal, " ", -1);
        for (int i = 0; words[i]; i++) {
            board_move_t m;
            if (!*words[i])
                continue;
            if (!board_parse_move(&m, g, words[i], &error))
                fail_msg("%s: %s", name, error->message);
            if (m == BOARD_MOVE_PASS)
                want_pass = true;
            else
                want |= board_bit(m);
        }
        g_strfreev(words);
        if (got != want || pass != want_pass) {
            board_print(stderr, &board, g);
            fail_msg("%s: legal moves %016llx%s, expected %016llx%s", name, (unsigned long long)got,
                     pass ? "+pass" : "", (unsigned long long)want, want_pass ? "+pass" : "");
        }
    }
    const char *chains = support_record_value(lines, "chains");
    if (chains) {
        int b, wh;
        assert_int_equal(sscanf(chains, "%d %d", &b, &wh), 2);
        assert_int_equal(score_chain_count(&board, g, BOARD_BLACK), b);
        assert_int_equal(score_chain_count(&board, g, BOARD_WHITE), wh);
    }
    for (int i = 0; lines[i]; i++) {
        if (strncmp(lines[i], "liberties:", 10))
            continue;
        char **words = g_strsplit_set(lines[i] + 10, " ", -1);
        for (int j = 0; words[j]; j++) {
            char *colon = strchr(words[j], ':');
            if (!colon)
                continue;
            *colon = '\0';
            board_move_t p;
            assert_true(board_parse_move(&p, g, words[j], NULL));
            int libs = board_popcount(board_liberties(&board, g, board_chain(&board, g, p)));
            if (libs != atoi(colon + 1))
                fail_msg("%s: chain at %s has %d liberties, expected %s", name, words[j], libs,
                         colon + 1);
        }
        g_strfreev(words);
    }
    const char *area = support_record_value(lines, "area");
    if (area) {
        int b, wh;
        assert_int_equal(sscanf(area, "%d %d", &b, &wh), 2);
        if (score_area(&board, g, BOARD_BLACK) != b || score_area(&board, g, BOARD_WHITE) != wh)
            fail_msg("%s: area %d %d, expected %s", name, score_area(&board, g, BOARD_BLACK),
                     score_area(&board, g, BOARD_WHITE), area);
        if (score_area_margin(&board, g, BOARD_BLACK) != b - wh ||
            score_area_margin(&board, g, BOARD_WHITE) != wh - b)
            fail_msg("%s: area margins %d %d, expected %d", name,
                     score_area_margin(&board, g, BOARD_BLACK),
                     score_area_margin(&board, g, BOARD_WHITE), b - wh);
    }
    const char *margin = support_record_value(lines, "margin");
    if (margin) {
        uint16_t caps[2] = {0, 0};
        int m2 = score_margin2(&board, g, &rules, caps);
        if (m2 != atoi(margin))
            fail_msg("%s: margin2 %d, expected %s", name, m2, margin);
    }
    game_destroy(game);
    board_geom_destroy(g);
    g_strfreev(lines);
}

static void test_game__positions_from_data_have_the_expected_moves_chains_and_scores(void **state)
{
    (void)state;
    assert_true(support_for_each_record("core_positions.txt", check_position_record) >= 10);
}

static game_legality_t legality_named(const char *reason)
{
    static const struct {
        const char *name;
        game_legality_t code;
    } names[] = {{"occupied", GAME_ILLEGAL_OCCUPIED},
                 {"suicide", GAME_ILLEGAL_SUICIDE},
                 {"ko", GAME_ILLEGAL_KO},
                 {"superko", GAME_ILLEGAL_SUPERKO},
                 {"pass", GAME_ILLEGAL_PASS},
                 {"over", GAME_ILLEGAL_GAME_OVER}};
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++)
        if (!strcmp(names[i].name, reason))
            return names[i].code;
    fail_msg("unknown reason '%s' in core_games.txt", reason);
    return GAME_LEGAL;
}

static void test_game__move_sequences_from_data_meet_ko_superko_and_suicide(void **state)
{
    (void)state;
    char *text = support_read_data("core_games.txt");
    char **lines = g_strsplit(text, "\n", -1);
    int checked = 0;
    for (int i = 0; lines[i]; i++) {
        if (!lines[i][0] || lines[i][0] == '#')
            continue;
        char **f = g_strsplit(lines[i], "|", 4);
        assert_non_null(f[3]);
        int w, h;
        assert_true(board_parse_size(&w, &h, g_strstrip(f[0]), NULL));
        board_geom_t *g = board_geom_create(w, h, NULL);
        rules_t rules;
        assert_true(rules_parse(&rules, g_strstrip(f[1]), NULL));
        game_t *game = game_create(g, &rules);
        char **moves = g_strsplit(g_strstrip(f[2]), " ", -1);
        char *expect = g_strstrip(f[3]);
        int bad_at = 0;
        game_legality_t bad = GAME_LEGAL;
        for (int k = 0; moves[k]; k++) {
            board_move_t m;
            assert_true(board_parse_move(&m, g, moves[k], NULL));
            game_legality_t l = game_play(game, m);
            if (l != GAME_LEGAL) {
                bad_at = k + 1;
                bad = l;
                break;
            }
        }
        if (!strcmp(expect, "ok")) {
            if (bad_at)
                fail_msg("line %d: move %d is %s, expected every move legal", i + 1, bad_at,
                         game_legality_string(bad));
        } else {
            int at;
            char reason[32];
            assert_int_equal(sscanf(expect, "illegal %d %31s", &at, reason), 2);
            if (bad_at != at || bad != legality_named(reason))
                fail_msg("line %d: got move %d %s, expected move %d %s", i + 1, bad_at,
                         bad_at ? game_legality_string(bad) : "(all legal)", at, reason);
        }
        checked++;
        g_strfreev(moves);
        g_strfreev(f);
        game_destroy(game);
        board_geom_destroy(g);
    }
    assert_true(checked >= 15);
    g_strfreev(lines);
    g_free(text);
}

static const char *const all_rules[] = {
    "math",        "pseudo",   "tromp-taylor",           "chinese",
    "old-chinese", "japanese", "chinese,ko=situational", "chinese,ko=simple,cycle=draw"};

/* Undo after play, and a copy, restore the exact state: every field of every state. */
static void test_game__undo_and_copy_restore_the_exact_state(void **state)
{
    (void)state;
    static const int shapes[][2] = {{1, 5}, {2, 3}, {3, 3}, {4, 4}, {5, 5}, {2, 7}};
    for (uint32_t seed = 1; seed <= 300; seed++) {
        GRand *rng = g_rand_new_with_seed(seed);
        const int *shape = shapes[seed % G_N_ELEMENTS(shapes)];
        board_geom_t *g = board_geom_create(shape[0], shape[1], NULL);
        rules_t rules;
        rules_parse(&rules, all_rules[seed % G_N_ELEMENTS(all_rules)], NULL);
        game_t *game = game_create(g, &rules);
        board_move_t moves[BOARD_MAX_POINTS + 1];
        for (int ply = 0; ply < 4 * g->size; ply++) {
            int n = game_legal_moves(moves, game);
            if (n == 0)
                break;
            game_t *copy = game_copy(game);
            game_state_t before = *game_current(game);
            size_t len = game_length(game);
            /* Try every legal move and take it back. */
            for (int i = 0; i < n; i++) {
                game_state_t predicted;
                assert_int_equal(game_try(&predicted, game, moves[i]), GAME_LEGAL);
                assert_int_equal(game_play(game, moves[i]), GAME_LEGAL);
                if (memcmp(&predicted, game_current(game), sizeof predicted))
                    fail_msg("seed %u: game_try and game_play disagree", seed);
                assert_true(game_undo(game));
                if (memcmp(&before, game_current(game), sizeof before) || game_length(game) != len)
                    fail_msg("seed %u ply %d: undo did not restore the state", seed, ply);
            }
            /* The history's key filter too: the same moves are legal after the undos, and on
             * the copy, as before them. */
            board_move_t again[BOARD_MAX_POINTS + 1], copied[BOARD_MAX_POINTS + 1];
            assert_int_equal(game_legal_moves(again, game), n);
            assert_int_equal(game_legal_moves(copied, copy), n);
            assert_memory_equal(again, moves, n * sizeof *moves);
            assert_memory_equal(copied, moves, n * sizeof *moves);
            board_move_t m = moves[g_rand_int_range(rng, 0, n)];
            assert_int_equal(game_play(game, m), GAME_LEGAL);
            assert_int_equal(game_play(copy, m), GAME_LEGAL);
            for (size_t k = 0; k <= game_length(game); k++)
                if (memcmp(game_state_at(game, k), game_state_at(copy, k), sizeof(game_state_t)))
                    fail_msg("seed %u: the copy's history differs at %zu", seed, k);
            game_destroy(copy);
        }
        game_destroy(game);
        board_geom_destroy(g);
        g_rand_free(rng);
    }
}

/* Every game under a superko or no-pass rule set ends, and its result is consistent. */
static void test_game__random_games_end_with_consistent_results(void **state)
{
    (void)state;
    for (uint32_t seed = 1; seed <= 300; seed++) {
        GRand *rng = g_rand_new_with_seed(seed);
        board_geom_t *g = board_geom_create(1 + (int)(seed % 3), 2 + (int)(seed % 2), NULL);
        rules_t rules;
        rules_parse(&rules, all_rules[seed % 5], NULL); /* positional superko sets only */
        game_t *game = game_create(g, &rules);
        board_move_t moves[BOARD_MAX_POINTS + 1];
        int n;
        while ((n = game_legal_moves(moves, game)) > 0) {
            /* Pass rarely, so that games run long and meet superko. */
            board_move_t m = moves[g_rand_int_range(rng, 0, n)];
            if (m == BOARD_MOVE_PASS && n > 1 && g_rand_int_range(rng, 0, 4))
                m = moves[0];
            assert_int_equal(game_play(game, m), GAME_LEGAL);
            if (game_length(game) > 100000)
                fail_msg("seed %u: the game does not end", seed);
        }
        game_result_t r = game_result(game);
        assert_int_not_equal(r.status, GAME_ONGOING);
        if (!rules.pass) {
            assert_int_equal(r.status, GAME_OVER_NO_MOVE);
            assert_int_equal(r.winner,
                             board_color_other((board_color_t)game_current(game)->to_move));
        } else {
            assert_int_equal(r.status, GAME_OVER_PASSES);
            assert_true(r.scored);
        }
        game_destroy(game);
        board_geom_destroy(g);
        g_rand_free(rng);
    }
}

static void test_game__an_illegal_start_position_is_refused(void **state)
{
    (void)state;
    board_geom_t *g = board_geom_create(2, 1, NULL);
    board_t b = {{1, 2}}; /* X O: both chains without liberties */
    rules_t rules;
    rules_preset(&rules, "math", NULL);
    GError *error = NULL;
    assert_null(game_create_from(g, &rules, &b, BOARD_BLACK, &error));
    assert_non_null(error);
    g_error_free(error);
    board_geom_destroy(g);
}

static void test_game__a_cycle_under_cycle_draw_goes_to_the_player_who_passed_more(void **state)
{
    (void)state;
    /* 1x3 (a column A1..A3): after Black A2, White pass, Black A1, White A3 (capturing two),
     * Black A1, White pass, Black A2 (capturing A3) the board and the player to move repeat
     * those after move 3.  In that cycle White passed once and Black never: White wins. */
    board_geom_t *g = board_geom_create(1, 3, NULL);
    rules_t rules;
    rules_parse(&rules, "chinese,ko=simple,cycle=draw", NULL);
    game_t *game = game_create(g, &rules);
    const char *seq[] = {"A2", "pass", "A1", "A3", "A1", "pass", "A2"};
    for (size_t i = 0; i < G_N_ELEMENTS(seq); i++) {
        board_move_t m;
        assert_true(board_parse_move(&m, g, seq[i], NULL));
        assert_int_equal(game_status(game), GAME_ONGOING);
        assert_int_equal(game_play(game, m), GAME_LEGAL);
    }
    assert_int_equal(game_status(game), GAME_OVER_CYCLE);
    game_result_t r = game_result(game);
    assert_int_equal(r.winner, BOARD_WHITE);
    assert_false(r.scored);
    board_move_t none[BOARD_MAX_POINTS + 1];
    assert_int_equal(game_legal_moves(none, game), 0);
    /* Without the cycle rule the same line simply goes on. */
    rules_parse(&rules, "chinese,ko=simple", NULL);
    game_t *plain = game_create(g, &rules);
    for (size_t i = 0; i < G_N_ELEMENTS(seq); i++) {
        board_move_t m;
        board_parse_move(&m, g, seq[i], NULL);
        assert_int_equal(game_play(plain, m), GAME_LEGAL);
    }
    assert_int_equal(game_status(plain), GAME_ONGOING);
    game_destroy(plain);
    game_destroy(game);
    board_geom_destroy(g);
}

/* ---- Regions: a brute-force model of the rules on a plain array ---------------------------- *
 * The model knows nothing of core's bitboards: cells of a W x H array, neighbours by (x, y)
 * arithmetic, chains by a stack flood fill, captures and suicide as the rules state them
 * (docs/rules.md: a chain holding a safe stone of its colour is never removed), the ko rules
 * from their definitions over the list of earlier positions. */

enum { CELL_BLACK = 0, CELL_WHITE = 1, CELL_EMPTY = 2, CELL_HOLE = 3 };

typedef struct model {
    int width, height;
    uint8_t cell[BOARD_MAX_POINTS];
    bool safe[BOARD_MAX_POINTS];
} model_t;

/* The chain through p (a stone) in `chain`; returns whether it has a liberty or a safe stone. */
static bool model_chain_lives(const model_t *m, int p, bool *chain)
{
    int stack[BOARD_MAX_POINTS], top = 0;
    memset(chain, 0, BOARD_MAX_POINTS * sizeof *chain);
    chain[p] = true;
    stack[top++] = p;
    bool lives = false;
    while (top) {
        int q = stack[--top], x = q % m->width, y = q / m->width;
        lives = lives || m->safe[q];
        int nx[4] = {x - 1, x + 1, x, x}, ny[4] = {y, y, y - 1, y + 1};
        for (int k = 0; k < 4; k++) {
            if (nx[k] < 0 || nx[k] >= m->width || ny[k] < 0 || ny[k] >= m->height)
                continue;
            int r = ny[k] * m->width + nx[k];
            if (m->cell[r] == CELL_EMPTY)
                lives = true;
            else if (m->cell[r] == m->cell[p] && !chain[r]) {
                chain[r] = true;
                stack[top++] = r;
            }
        }
    }
    return lives;
}

/* Removes the chain through p unless it lives; returns the stones removed. */
static int model_remove_if_dead(model_t *m, int p)
{
    bool chain[BOARD_MAX_POINTS];
    if (model_chain_lives(m, p, chain))
        return 0;
    int removed = 0;
    for (int q = 0; q < m->width * m->height; q++)
        if (chain[q])
            m->cell[q] = CELL_EMPTY, removed++;
    return removed;
}

/* Plays colour c at empty point p: opponent chains first, then c's own. Returns whether c's
 * stones were removed (a suicide). */
static bool model_play(model_t *m, int c, int p)
{
    m->cell[p] = (uint8_t)c;
    int x = p % m->width, y = p / m->width;
    int nx[4] = {x - 1, x + 1, x, x}, ny[4] = {y, y, y - 1, y + 1};
    for (int k = 0; k < 4; k++) {
        if (nx[k] < 0 || nx[k] >= m->width || ny[k] < 0 || ny[k] >= m->height)
            continue;
        int r = ny[k] * m->width + nx[k];
        if (m->cell[r] == 1 - c)
            model_remove_if_dead(m, r);
    }
    return model_remove_if_dead(m, p) > 0;
}

/* Area of colour c by the definition: c's stones, and the empty points from which a path of
 * empty points reaches a stone of c and none of the other colour. */
static int model_area(const model_t *m, int c)
{
    int size = m->width * m->height, area = 0;
    for (int p = 0; p < size; p++) {
        if (m->cell[p] == c) {
            area++;
            continue;
        }
        if (m->cell[p] != CELL_EMPTY)
            continue;
        bool seen[BOARD_MAX_POINTS] = {false}, reach[2] = {false, false};
        int stack[BOARD_MAX_POINTS], top = 0;
        seen[p] = true;
        stack[top++] = p;
        while (top) {
            int q = stack[--top], x = q % m->width, y = q / m->width;
            int nx[4] = {x - 1, x + 1, x, x}, ny[4] = {y, y, y - 1, y + 1};
            for (int k = 0; k < 4; k++) {
                if (nx[k] < 0 || nx[k] >= m->width || ny[k] < 0 || ny[k] >= m->height)
                    continue;
                int r = ny[k] * m->width + nx[k];
                if (m->cell[r] < 2)
                    reach[m->cell[r]] = true;
                else if (m->cell[r] == CELL_EMPTY && !seen[r]) {
                    seen[r] = true;
                    stack[top++] = r;
                }
            }
        }
        area += reach[c] && !reach[1 - c];
    }
    return area;
}

static board_t model_board(const model_t *m)
{
    board_t b = {{0, 0}};
    for (int p = 0; p < m->width * m->height; p++)
        if (m->cell[p] < 2)
            b.stones[m->cell[p]] |= board_bit((board_point_t)p);
    return b;
}

/* The model's verdict on `move` after the history `boards`/`movers`/`moves` (n positions,
 * the last the current one); writes the next position. */
static game_legality_t model_try(model_t *next, const model_t *cur, const rules_t *r,
                                 const board_t *boards, const int *movers,
                                 const board_move_t *moves, int n, int me, board_move_t move)
{
    *next = *cur;
    if (move == BOARD_MOVE_PASS)
        return r->pass ? GAME_LEGAL : GAME_ILLEGAL_PASS;
    if (move >= cur->width * cur->height || cur->cell[move] == CELL_HOLE)
        return GAME_ILLEGAL_OFF_BOARD;
    if (cur->cell[move] != CELL_EMPTY)
        return GAME_ILLEGAL_OCCUPIED;
    if (model_play(next, me, move) && !r->suicide)
        return GAME_ILLEGAL_SUICIDE;
    board_t after = model_board(next);
    if (r->ko == RULES_KO_SIMPLE) {
        if (n >= 2 && moves[n - 1] != BOARD_MOVE_PASS && board_equal(&boards[n - 2], &after))
            return GAME_ILLEGAL_KO;
    } else {
        /* movers[i]: the player to move in position i; situational compares the same one. */
        for (int i = 0; i < n; i++)
            if (board_equal(&boards[i], &after) &&
                (r->ko == RULES_KO_POSITIONAL || movers[i] == 1 - me))
                return GAME_ILLEGAL_SUPERKO;
    }
    return GAME_LEGAL;
}

static void test_game__random_games_on_random_regions_agree_with_a_brute_force_model(void **state)
{
    (void)state;
    static const char *const rule_texts[] = {"tromp-taylor",
                                             "chinese",
                                             "japanese,cycle=none",
                                             "math",
                                             "pseudo",
                                             "tromp-taylor,ko=situational",
                                             "chinese,suicide=1,ko=simple"};
    GRand *rng = g_rand_new_with_seed(20261201);
    long checked = 0, safe_saves = 0;
    for (int round = 0; round < 400; round++) {
        int w = g_rand_int_range(rng, 1, 7), h = g_rand_int_range(rng, 1, 7);
        if (round % 40 == 0)
            w = 8, h = 8;
        model_t m = {.width = w, .height = h};
        uint64_t on_board = 0, safe[2] = {0, 0};
        for (int p = 0; p < w * h; p++) {
            int k = g_rand_int_range(rng, 0, 100);
            m.cell[p] = k < 15 ? CELL_HOLE : CELL_EMPTY;
            if (m.cell[p] == CELL_HOLE)
                continue;
            on_board |= board_bit((board_point_t)p);
            if (k >= 88) {
                int c = k >= 94;
                m.cell[p] = (uint8_t)c;
                m.safe[p] = true;
                safe[c] |= board_bit((board_point_t)p);
            }
        }
        if (!on_board)
            continue;
        board_geom_t *g = board_geom_create_region(w, h, on_board, safe, NULL);
        assert_non_null(g);
        rules_t r;
        assert_true(rules_parse(&r, rule_texts[round % 7], NULL));
        game_t *game = game_create(g, &r);
        board_t boards[200];
        int movers[200];
        board_move_t moves[200];
        int n = 0;
        boards[n] = model_board(&m);
        movers[n] = BOARD_BLACK;
        moves[n++] = BOARD_MOVE_NONE;
        assert_true(board_equal(&boards[0], &game_current(game)->board));
        int me = BOARD_BLACK, passes = 0;
        while (n < 120 && passes < 2) {
            board_move_t legal[BOARD_MAX_POINTS + 1];
            int count = 0;
            for (int p = 0; p <= w * h; p++) {
                board_move_t move = p == w * h ? BOARD_MOVE_PASS : (board_move_t)p;
                model_t next;
                game_legality_t want = model_try(&next, &m, &r, boards, movers, moves, n, me, move);
                game_state_t st;
                game_legality_t got = game_try(&st, game, move);
                if (got != want)
                    fail_msg("round %d (%dx%d %s), move %d of the game, point %d: game_try %s, "
                             "model %s",
                             round, w, h, rule_texts[round % 7], n, p, game_legality_string(got),
                             game_legality_string(want));
                if (want == GAME_LEGAL) {
                    board_t mb = model_board(&next);
                    assert_true(board_equal(&mb, &st.board));
                    legal[count++] = move;
                    if (move != BOARD_MOVE_PASS &&
                        board_popcount(st.board.stones[me]) ==
                            board_popcount(boards[n - 1].stones[me]) + 1 &&
                        board_popcount(
                            board_liberties(&st.board, g, board_chain(&st.board, g, move))) == 0)
                        safe_saves++; /* a play joining a safe chain without a liberty */
                }
                checked++;
            }
            if (!count)
                break;
            board_move_t move = legal[g_rand_int_range(rng, 0, count)];
            passes = move == BOARD_MOVE_PASS ? passes + 1 : 0;
            if (move != BOARD_MOVE_PASS) {
                model_t next;
                model_try(&next, &m, &r, boards, movers, moves, n, me, move);
                m = next;
            }
            assert_int_equal(game_play(game, move), GAME_LEGAL);
            me = 1 - me;
            boards[n] = model_board(&m);
            movers[n] = me;
            moves[n++] = move;
            assert_true(board_equal(&boards[n - 1], &game_current(game)->board));
            assert_true(board_is_legal_position(&game_current(game)->board, g));
        }
        /* Counting ignores holes: area by the definition on the array. */
        for (int c = 0; c < 2; c++)
            if (score_area(&game_current(game)->board, g, (board_color_t)c) != model_area(&m, c))
                fail_msg("round %d: area of colour %d is %d, by definition %d", round, c,
                         score_area(&game_current(game)->board, g, (board_color_t)c),
                         model_area(&m, c));
        int margin = model_area(&m, 0) - model_area(&m, 1);
        if (score_area_margin(&game_current(game)->board, g, BOARD_BLACK) != margin)
            fail_msg("round %d: area margin %d, by definition %d", round,
                     score_area_margin(&game_current(game)->board, g, BOARD_BLACK), margin);
        game_destroy(game);
        board_geom_destroy(g);
    }
    g_rand_free(rng);
    /* The cases that only immortality decides did come up. */
    assert_true(safe_saves > 50);
    assert_true(checked > 100000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game__positions_from_data_have_the_expected_moves_chains_and_scores),
        cmocka_unit_test(test_game__move_sequences_from_data_meet_ko_superko_and_suicide),
        cmocka_unit_test(test_game__undo_and_copy_restore_the_exact_state),
        cmocka_unit_test(test_game__random_games_end_with_consistent_results),
        cmocka_unit_test(test_game__an_illegal_start_position_is_refused),
        cmocka_unit_test(test_game__a_cycle_under_cycle_draw_goes_to_the_player_who_passed_more),
        cmocka_unit_test(test_game__random_games_on_random_regions_agree_with_a_brute_force_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
