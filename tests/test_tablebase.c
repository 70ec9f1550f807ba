/*
 * tests/test_tablebase.c: the retrograde tablebases (solver/tablebase.h) against an independent
 * evaluation of every state of every board of at most 9 points, against the solver, and the
 * file format (round trip, truncated and corrupt files) and the commands.
 */
#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "solver/search.h"
#include "solver/tablebase.h"
#include "tests/support.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <glib/gstdio.h>

/* ---- The independent evaluation --------------------------------------------------------------
 *
 * A naive model of the same game with no ranks, no bans and no un-moves: a state is a position,
 * the side to move and the position before the opponent's last play (or none, for a fresh
 * start); its moves are exactly game_try's under ko=simple (a game_t rebuilt from those two
 * positions), so the simple-ko ban is the core's own.  Every fresh state of every legal position
 * (3^N colourings filtered) and everything reachable from them is generated; the values are the
 * fixed point of "no move: lost at 0; a move to a loss at j: won at 1 + the least j; every move
 * to a win: lost at 1 + the longest; otherwise unknown", iterated over all states at once from
 * all unknown (Jacobi sweeps) until nothing changes; what stays unknown is a draw.
 */
typedef struct naive_key {
    board_t position, previous;
    uint32_t to_move;
    uint32_t has_previous;
} naive_key_t;

typedef struct naive_state {
    naive_key_t key;
    board_move_t move; /* the play from previous to position */
    int first_successor, successor_count;
    int value; /* -1 unknown (draw), else the distance; odd wins, even losses */
} naive_state_t;

typedef struct naive {
    GArray *states; /* naive_state_t */
    GArray *successors; /* int */
    GHashTable *index;  /* naive_key_t -> position + 1 in states */
} naive_t;

static guint naive_hash(gconstpointer p)
{
    const naive_key_t *k = p;
    uint64_t h = k->position.stones[0] * 0x9E3779B97F4A7C15ull ^ k->position.stones[1] * 31 ^
                 k->previous.stones[0] * 0xBF58476D1CE4E5B9ull ^ k->previous.stones[1] * 7 ^
                 k->to_move * 3 ^ k->has_previous;
    return (guint)(h ^ (h >> 32));
}

static gboolean naive_equal(gconstpointer a, gconstpointer b)
{
    return memcmp(a, b, sizeof(naive_key_t)) == 0;
}

static int naive_add(naive_t *n, const naive_key_t *key, board_move_t move)
{
    gpointer found = g_hash_table_lookup(n->index, key);
    if (found)
        return GPOINTER_TO_INT(found) - 1;
    naive_state_t s = {*key, move, 0, 0, -1};
    g_array_append_val(n->states, s);
    naive_key_t *stored = g_memdup2(key, sizeof *key);
    g_hash_table_insert(n->index, stored, GINT_TO_POINTER((int)n->states->len));
    return (int)n->states->len - 1;
}

/* The game of a naive state: its previous position and the play, or the position alone. */
static game_t *naive_game(const board_geom_t *g, const rules_t *r, const naive_state_t *s)
{
    if (!s->key.has_previous)
        return game_create_from(g, r, &s->key.position, (board_color_t)s->key.to_move, NULL);
    game_t *game = game_create_from(g, r, &s->key.previous,
                                    board_color_other((board_color_t)s->key.to_move), NULL);
    assert_non_null(game);
    assert_int_equal(game_play(game, s->move), GAME_LEGAL);
    assert_true(board_equal(&game_current(game)->board, &s->key.position));
    return game;
}

static naive_t *naive_create(const board_geom_t *g, const rules_t *r)
{
    naive_t *n = g_new0(naive_t, 1);
    n->states = g_array_new(FALSE, FALSE, sizeof(naive_state_t));
    n->successors = g_array_new(FALSE, FALSE, sizeof(int));
    n->index = g_hash_table_new_full(naive_hash, naive_equal, g_free, NULL);
    /* Every legal colouring, both sides to move, fresh. */
    uint64_t colourings = 1;
    for (int i = 0; i < g->size; i++)
        colourings *= 3;
    for (uint64_t c = 0; c < colourings; c++) {
        board_t b = {{0, 0}};
        uint64_t x = c;
        for (int p = 0; p < g->size; p++, x /= 3)
            if (x % 3)
                b.stones[x % 3 - 1] |= board_bit((board_point_t)p);
        if (!board_is_legal_position(&b, g))
            continue;
        for (uint32_t side = 0; side < 2; side++) {
            naive_key_t key = {b, {{0, 0}}, side, 0};
            naive_add(n, &key, BOARD_MOVE_NONE);
        }
    }
    /* Successors, breadth first over the growing array. */
    for (guint i = 0; i < n->states->len; i++) {
        naive_state_t s = g_array_index(n->states, naive_state_t, i);
        game_t *game = naive_game(g, r, &s);
        board_move_t moves[BOARD_MAX_POINTS + 1];
        int count = game_legal_moves(moves, game);
        int first = (int)n->successors->len;
        for (int k = 0; k < count; k++) {
            game_state_t next;
            assert_int_equal(game_try(&next, game, moves[k]), GAME_LEGAL);
            naive_key_t key = {next.board, s.key.position, next.to_move, 1};
            int j = naive_add(n, &key, moves[k]);
            g_array_append_val(n->successors, j);
        }
        naive_state_t *sp = &g_array_index(n->states, naive_state_t, i);
        sp->first_successor = first;
        sp->successor_count = count;
        game_destroy(game);
    }
    /* Jacobi sweeps to the fixed point. */
    int *next_values = g_new(int, n->states->len);
    for (bool changed = true; changed;) {
        changed = false;
        for (guint i = 0; i < n->states->len; i++) {
            const naive_state_t *s = &g_array_index(n->states, naive_state_t, i);
            int best_loss = -1, longest_win = -1;
            bool all_wins = true;
            for (int k = 0; k < s->successor_count; k++) {
                int j = g_array_index(n->successors, int, s->first_successor + k);
                int v = g_array_index(n->states, naive_state_t, j).value;
                if (v >= 0 && v % 2 == 0 && (best_loss < 0 || v < best_loss))
                    best_loss = v;
                if (v >= 0 && v % 2 == 1)
                    longest_win = MAX(longest_win, v);
                else
                    all_wins = false;
            }
            int v = -1;
            if (s->successor_count == 0)
                v = 0;
            else if (best_loss >= 0)
                v = best_loss + 1;
            else if (all_wins)
                v = longest_win + 1;
            next_values[i] = v;
        }
        for (guint i = 0; i < n->states->len; i++) {
            naive_state_t *s = &g_array_index(n->states, naive_state_t, i);
            if (s->value != next_values[i]) {
                /* A known value never changes: the first sweep that knows it knows the best. */
                assert_int_equal(s->value, -1);
                s->value = next_values[i];
                changed = true;
            }
        }
    }
    g_free(next_values);
    return n;
}

static void naive_destroy(naive_t *n)
{
    g_array_free(n->states, TRUE);
    g_array_free(n->successors, TRUE);
    g_hash_table_destroy(n->index);
    g_free(n);
}

/* The ban of a naive state, found from game_try alone: the moves it refuses as a ko. */
static uint8_t naive_ban(const board_geom_t *g, const rules_t *r, const naive_state_t *s)
{
    game_t *game = naive_game(g, r, s);
    uint64_t refused = 0;
    for (board_point_t p = 0; p < g->size; p++)
        if (game_try(NULL, game, p) == GAME_ILLEGAL_KO)
            refused |= board_bit(p);
    game_destroy(game);
    if (!refused)
        return TABLEBASE_BAN_NONE;
    /* A retake (one point, capturing) or single-stone suicides (the position unchanged). */
    board_color_t side = (board_color_t)s->key.to_move;
    board_point_t q = board_lowest(refused);
    board_placement_t pl = board_place(&s->key.position, g, side, q);
    if (pl.captured) {
        assert_int_equal(board_popcount(refused), 1);
        return q;
    }
    assert_true(board_equal(&pl.after, &s->key.position));
    return TABLEBASE_BAN_SUICIDE;
}

static tablebase_t *computed_tablebase(const board_geom_t *g, const char *rules_text)
{
    rules_t r;
    assert_true(rules_parse(&r, rules_text, NULL));
    GError *error = NULL;
    tablebase_t *tb = tablebase_create(g, &r, &error);
    if (!tb)
        fail_msg("%s", error->message);
    if (!tablebase_compute(tb, NULL, NULL, &error))
        fail_msg("%s", error->message);
    return tb;
}

static const char *outcome_text(int distance)
{
    return distance < 0 ? "draw" : distance % 2 ? "win" : "loss";
}

/* Every state of the tablebase against the naive evaluation; returns the states compared. */
static uint64_t compare_with_naive(int width, int height, const char *preset)
{
    board_geom_t *g = board_geom_create(width, height, NULL);
    char *tb_rules = g_strdup_printf("%s,ko=simple,cycle=draw", preset);
    char *naive_rules = g_strdup_printf("%s,ko=simple", preset);
    rules_t r;
    assert_true(rules_parse(&r, naive_rules, NULL));
    tablebase_t *tb = computed_tablebase(g, tb_rules);
    naive_t *n = naive_create(g, &r);
    GHashTable *covered = g_hash_table_new_full(g_bytes_hash, g_bytes_equal,
                                                (GDestroyNotify)g_bytes_unref, NULL);
    for (guint i = 0; i < n->states->len; i++) {
        const naive_state_t *s = &g_array_index(n->states, naive_state_t, i);
        tablebase_state_t ts = {s->key.position, (board_color_t)s->key.to_move,
                                naive_ban(g, &r, s)};
        /* The library's own reading of the history gives the same ban. */
        tablebase_state_t after =
            s->key.has_previous ? tablebase_state_after(tb, &s->key.previous, s->move,
                                                        &s->key.position, ts.to_move)
                                : tablebase_state_after(tb, NULL, BOARD_MOVE_NONE,
                                                        &s->key.position, ts.to_move);
        tablebase_value_t v;
        GError *error = NULL;
        if (after.ban != ts.ban || !tablebase_value(&v, tb, &ts, &error)) {
            char *d = g_strdup_printf("%llx/%llx", (unsigned long long)ts.position.stones[0],
                                      (unsigned long long)ts.position.stones[1]);
            fail_msg("%dx%d %s state %s side %d ban %d (library %d): %s", width, height, preset,
                     d, ts.to_move, ts.ban, after.ban, error ? error->message : "ban differs");
        }
        int tv = v.outcome == TABLEBASE_DRAW ? -1 : v.distance;
        if (tv != s->value) {
            fprintf(stderr, "%dx%d %s: side %d ban %d\n", width, height, preset, ts.to_move,
                    ts.ban);
            board_print(stderr, &ts.position, g);
            fail_msg("tablebase %s %d, naive %s %d", outcome_text(tv), tv,
                     outcome_text(s->value), s->value);
        }
        g_hash_table_add(covered, g_bytes_new(&ts, sizeof ts));
    }
    /* Every state of the tablebase is one of the naive states (none is unreachable). */
    tablebase_stats_t st = tablebase_stats(tb);
    assert_int_equal(g_hash_table_size(covered), st.states);
    uint64_t compared = n->states->len;
    g_hash_table_destroy(covered);
    naive_destroy(n);
    tablebase_destroy(tb);
    g_free(tb_rules);
    g_free(naive_rules);
    board_geom_destroy(g);
    return compared;
}

static const struct {
    int width, height;
} small_boards[] = {
    {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {1, 7}, {1, 8}, {1, 9}, {2, 1},
    {3, 1}, {5, 1}, {2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3},
};

static void test_tablebase__every_state_of_boards_up_to_9_points_equals_naive_evaluation(
    void **state)
{
    (void)state;
    for (size_t i = 0; i < G_N_ELEMENTS(small_boards); i++)
        for (int k = 0; k < 2; k++) {
            const char *preset = k ? "pseudo" : "math";
            uint64_t n = compare_with_naive(small_boards[i].width, small_boards[i].height, preset);
            fprintf(stderr, "  %dx%d %s: %llu naive states agree\n", small_boards[i].width,
                    small_boards[i].height, preset, (unsigned long long)n);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            test_tablebase__every_state_of_boards_up_to_9_points_equals_naive_evaluation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
