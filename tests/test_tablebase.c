/*
 * tests/test_tablebase.c: the retrograde tablebases (solver/tablebase.h) against an independent
 * evaluation of every state of every board of at most 9 points, against the solver, and the
 * file format (round trip, truncated and corrupt files) and the commands.
 */
/* symlink: POSIX. */
#define _POSIX_C_SOURCE 200809L

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
#include <unistd.h>

/* The number of colourings of a board (3^N), and colouring c (base 3, point 0 lowest: 0 empty, 1
 * black, 2 white) as a position; false when it is not a legal position. */
static uint64_t colouring_count(const board_geom_t *g)
{
    uint64_t n = 1;
    for (int i = 0; i < g->size; i++)
        n *= 3;
    return n;
}

static bool colouring_position(board_t *b, const board_geom_t *g, uint64_t c)
{
    b->stones[0] = b->stones[1] = 0;
    for (int p = 0; p < g->size; p++, c /= 3)
        if (c % 3)
            b->stones[c % 3 - 1] |= board_bit((board_point_t)p);
    return board_is_legal_position(b, g);
}

/* A state's fields as bytes, for hash tables (the struct's padding is not part of it). */
static GBytes *state_bytes(const tablebase_state_t *s)
{
    uint8_t key[sizeof s->position + 2];
    memcpy(key, &s->position, sizeof s->position);
    key[sizeof s->position] = (uint8_t)s->to_move;
    key[sizeof s->position + 1] = s->ban;
    return g_bytes_new(key, sizeof key);
}

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
    GArray *states;     /* naive_state_t */
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
    for (uint64_t c = 0; c < colouring_count(g); c++) {
        board_t b;
        if (!colouring_position(&b, g, c))
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

static tablebase_t *computed_tablebase_with(const board_geom_t *g, const char *rules_text,
                                            const tablebase_options_t *options)
{
    rules_t r;
    assert_true(rules_parse(&r, rules_text, NULL));
    GError *error = NULL;
    tablebase_t *tb = tablebase_create(g, &r, &error);
    if (!tb)
        fail_msg("%s", error->message);
    if (!tablebase_compute(tb, options, &error))
        fail_msg("%s", error->message);
    return tb;
}

static tablebase_t *computed_tablebase(const board_geom_t *g, const char *rules_text)
{
    return computed_tablebase_with(g, rules_text, NULL);
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
    /* The same with two threads and positions from rank cursors instead of an array. */
    tablebase_options_t options = tablebase_options_default();
    options.threads = 2;
    options.position_bytes = 0;
    tablebase_t *tb2 = computed_tablebase_with(g, tb_rules, &options);
    naive_t *n = naive_create(g, &r);
    GHashTable *covered =
        g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
    for (guint i = 0; i < n->states->len; i++) {
        const naive_state_t *s = &g_array_index(n->states, naive_state_t, i);
        tablebase_state_t ts = {s->key.position, (board_color_t)s->key.to_move,
                                naive_ban(g, &r, s)};
        /* The library's own reading of the history gives the same ban. */
        tablebase_state_t after =
            s->key.has_previous
                ? tablebase_state_after(tb, &s->key.previous, s->move, &s->key.position, ts.to_move)
                : tablebase_state_after(tb, NULL, BOARD_MOVE_NONE, &s->key.position, ts.to_move);
        tablebase_value_t v;
        GError *error = NULL;
        if (after.ban != ts.ban || !tablebase_value(&v, tb, &ts, &error)) {
            char *d = g_strdup_printf("%llx/%llx", (unsigned long long)ts.position.stones[0],
                                      (unsigned long long)ts.position.stones[1]);
            fail_msg("%dx%d %s state %s side %d ban %d (library %d): %s", width, height, preset, d,
                     ts.to_move, ts.ban, after.ban, error ? error->message : "ban differs");
        }
        tablebase_value_t v2;
        assert_true(tablebase_value(&v2, tb2, &ts, NULL));
        assert_int_equal(v.outcome, v2.outcome);
        assert_int_equal(v.distance, v2.distance);
        int tv = v.outcome == TABLEBASE_DRAW ? -1 : v.distance;
        if (tv != s->value) {
            fprintf(stderr, "%dx%d %s: side %d ban %d\n", width, height, preset, ts.to_move,
                    ts.ban);
            board_print(stderr, &ts.position, g);
            fail_msg("tablebase %s %d, naive %s %d", outcome_text(tv), tv, outcome_text(s->value),
                     s->value);
        }
        g_hash_table_add(covered, state_bytes(&ts));
    }
    /* Every state of the tablebase is one of the naive states (none is unreachable). */
    tablebase_stats_t st = tablebase_stats(tb);
    assert_int_equal(g_hash_table_size(covered), st.states);
    uint64_t compared = n->states->len;
    g_hash_table_destroy(covered);
    naive_destroy(n);
    tablebase_destroy(tb);
    tablebase_destroy(tb2);
    g_free(tb_rules);
    g_free(naive_rules);
    board_geom_destroy(g);
    return compared;
}

static const struct {
    int width, height;
} small_boards[] = {
    {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {1, 7}, {1, 8}, {1, 9},
    {2, 1}, {3, 1}, {5, 1}, {2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3},
};

static void
test_tablebase__every_state_of_boards_up_to_9_points_equals_naive_evaluation(void **state)
{
    (void)state;
    for (size_t i = 0; i < G_N_ELEMENTS(small_boards); i++)
        for (int k = 0; k < 2; k++) {
            const char *preset = k ? "pseudo" : "math";
#if defined(__SANITIZE_ADDRESS__)
            /* The sanitizer build leaves the boards of 9 points to the Release build. */
            if (small_boards[i].width * small_boards[i].height >= 9)
                continue;
#endif
            uint64_t n = compare_with_naive(small_boards[i].width, small_boards[i].height, preset);
            fprintf(stderr, "  %dx%d %s: %llu naive states agree\n", small_boards[i].width,
                    small_boards[i].height, preset, (unsigned long long)n);
        }
}

/* ---- The solver under the same rules ------------------------------------------------------ */

typedef struct solver_tally {
    uint64_t agree, differ, unfinished;          /* fresh starts: the position alone */
    uint64_t ko_agree, ko_differ, ko_unfinished; /* after a play that leaves a ban */
} solver_tally_t;

/*
 * The solver's value (Black's view) of the game `game` under its rules, within a node budget;
 * false when the budget ran out.
 */
static bool solver_value(int *value, search_t *s, const game_t *game)
{
    search_clear_table(s);
    GError *error = NULL;
    bool ok = search_value(value, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, &error);
    if (!ok) {
        assert_int_equal(error->code, SEARCH_ERROR_LIMIT);
        g_error_free(error);
    }
    return ok;
}

/* The tablebase's value in the solver's convention (Black's view). */
static int solver_convention(tablebase_value_t v, board_color_t to_move)
{
    if (v.outcome == TABLEBASE_DRAW)
        return 0;
    int win = SEARCH_VALUE_WIN - v.distance;
    bool black_wins = (v.outcome == TABLEBASE_WIN) == (to_move == BOARD_BLACK);
    return black_wins ? win : -win;
}

/* Compares one state with the solver from `game`; counts into the tally's three counters. */
/* The node budget of compare_one's second try. */
#define RETRY_NODES 2000000

static void compare_one(uint64_t counters[3], search_t *search, uint64_t budget,
                        const tablebase_t *tb, const tablebase_state_t *ts, const game_t *game,
                        bool verbose)
{
    tablebase_value_t v;
    assert_true(tablebase_value(&v, tb, ts, NULL));
    int sv;
    bool solved = solver_value(&sv, search, game);
    if (!solved) {
        /* A few states need more than the budget from an empty table (7 of 2x4's): a second
         * chance. */
        search_set_limits(search, RETRY_NODES, 0);
        solved = solver_value(&sv, search, game);
        search_set_limits(search, budget, 0);
    }
    if (!solved) {
        counters[2]++;
    } else if (sv == solver_convention(v, ts->to_move)) {
        counters[0]++;
    } else {
        counters[1]++;
        if (verbose) {
            const board_geom_t *g = tablebase_geom(tb);
            fprintf(stderr, "side %d ban %d history %zu: tablebase %s %d, solver %d\n", ts->to_move,
                    ts->ban, game_length(game),
                    outcome_text(v.outcome == TABLEBASE_DRAW ? -1 : v.distance), v.distance, sv);
            board_print(stderr, &ts->position, g);
        }
    }
}

/*
 * Every fresh start (the position alone, no history) of a board, and every state with a ban
 * reached by one play from a fresh start: the tablebase against the solver under
 * `preset,ko=simple,cycle=draw` from the same history, within a node budget per state.
 */
static solver_tally_t compare_with_solver(int width, int height, const char *preset,
                                          uint64_t max_nodes, bool verbose)
{
    solver_tally_t t;
    memset(&t, 0, sizeof t);
    uint64_t plain[3] = {0, 0, 0}, ko[3] = {0, 0, 0};
    board_geom_t *g = board_geom_create(width, height, NULL);
    char *rules_text = g_strdup_printf("%s,ko=simple,cycle=draw", preset);
    rules_t r;
    assert_true(rules_parse(&r, rules_text, NULL));
    tablebase_t *tb = computed_tablebase(g, rules_text);
    search_options_t o = search_options_default();
    o.tt_bytes = 1u << 20; /* cleared before every state (solver_value): keep it small */
    o.max_nodes = max_nodes;
    search_t *search = search_create(g, &r, &o, NULL);
    assert_non_null(search);
    for (uint64_t c = 0; c < colouring_count(g); c++) {
        board_t b;
        if (!colouring_position(&b, g, c))
            continue;
        for (int side = 0; side < 2; side++) {
            tablebase_state_t ts = {b, (board_color_t)side, TABLEBASE_BAN_NONE};
            game_t *game = game_create_from(g, &r, &b, (board_color_t)side, NULL);
            compare_one(plain, search, max_nodes, tb, &ts, game, verbose);
            board_move_t moves[BOARD_MAX_POINTS + 1];
            int n = game_legal_moves(moves, game);
            for (int k = 0; k < n; k++) {
                tablebase_state_t next;
                assert_true(tablebase_state_play(&next, tb, &ts, moves[k]));
                if (next.ban == TABLEBASE_BAN_NONE)
                    continue;
                assert_int_equal(game_play(game, moves[k]), GAME_LEGAL);
                compare_one(ko, search, max_nodes, tb, &next, game, verbose);
                game_undo(game);
            }
            game_destroy(game);
        }
    }
    search_destroy(search);
    tablebase_destroy(tb);
    g_free(rules_text);
    board_geom_destroy(g);
    t.agree = plain[0], t.differ = plain[1], t.unfinished = plain[2];
    t.ko_agree = ko[0], t.ko_differ = ko[1], t.ko_unfinished = ko[2];
    return t;
}

/*
 * The solver under the same rules from the same history agrees on every state compared (value
 * and distance): fresh starts and the states with a ban one play later.  The solver is slow under
 * cycle=draw, pseudo above all (single-stone suicides act as passes), so CI takes the boards it
 * finishes within a small node budget; bench_tablebase solver runs 3x3 and 2x4
 * (docs/tablebases.md).
 */
static void test_tablebase__solver_under_the_same_rules_agrees(void **state)
{
    (void)state;
    static const struct {
        int width, height;
        const char *preset;
        uint64_t min_compared; /* states the budget must let the solver finish */
    } cases[] = {
        {1, 1, "math", 2},     {1, 2, "math", 14},   {1, 3, "math", 30},   {1, 4, "math", 90},
        {1, 5, "math", 258},   {1, 6, "math", 718},  {2, 2, "math", 114},  {2, 3, "math", 1002},
        {3, 2, "math", 1002},  {2, 4, "math", 8482}, {4, 2, "math", 8482}, {3, 3, "math", 26118},
        {1, 1, "pseudo", 4},   {1, 2, "pseudo", 14}, {1, 3, "pseudo", 30}, {1, 4, "pseudo", 90},
        {2, 2, "pseudo", 114},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
#if defined(__SANITIZE_ADDRESS__)
        /* The sanitizer build leaves the boards of 6 points to the Release build. */
        if (cases[i].width * cases[i].height >= 6)
            continue;
#endif
        solver_tally_t t =
            compare_with_solver(cases[i].width, cases[i].height, cases[i].preset, 20000, true);
        if (t.differ || t.ko_differ)
            fail_msg("%dx%d %s: %llu fresh and %llu ko states differ", cases[i].width,
                     cases[i].height, cases[i].preset, (unsigned long long)t.differ,
                     (unsigned long long)t.ko_differ);
        uint64_t compared = t.agree + t.ko_agree;
        if (compared < cases[i].min_compared)
            fail_msg("%dx%d %s: only %llu states compared (%llu unfinished)", cases[i].width,
                     cases[i].height, cases[i].preset, (unsigned long long)compared,
                     (unsigned long long)(t.unfinished + t.ko_unfinished));
    }
}

/*
 * Where no line can repeat a position, simple ko and positional superko ban nothing and endless
 * play is impossible: the tablebase's value (outcome and distance) is the superko solver's.  A
 * line can return to a position only through a capture (or a suicide), since every other play
 * adds a stone; a state is "capture-free" when no line from it, under the tablebase's moves,
 * has one (memoised over the states: the plays without a capture form an acyclic graph).
 */
static bool capture_free(GHashTable *memo, const tablebase_t *tb, const tablebase_state_t *s)
{
    GBytes *key = state_bytes(s);
    gpointer known;
    if (g_hash_table_lookup_extended(memo, key, NULL, &known)) {
        g_bytes_unref(key);
        return GPOINTER_TO_INT(known);
    }
    const board_geom_t *g = tablebase_geom(tb);
    bool free_of_captures = true;
    for (board_point_t p = 0; p < g->size && free_of_captures; p++) {
        tablebase_state_t next;
        if (!tablebase_state_play(&next, tb, s, p))
            continue;
        board_placement_t pl = board_place(&s->position, g, s->to_move, p);
        free_of_captures = !pl.captured && !pl.suicided && capture_free(memo, tb, &next);
    }
    g_hash_table_insert(memo, key, GINT_TO_POINTER(free_of_captures));
    return free_of_captures;
}

static uint64_t compare_repetition_free_with_superko(int width, int height, const char *preset)
{
    board_geom_t *g = board_geom_create(width, height, NULL);
    rules_t r;
    assert_true(rules_parse(&r, preset, NULL));
    tablebase_t *tb = computed_tablebase(g, preset);
    GHashTable *memo =
        g_hash_table_new_full(g_bytes_hash, g_bytes_equal, (GDestroyNotify)g_bytes_unref, NULL);
    search_options_t o = search_options_default();
    o.tt_bytes = 4u << 20;
    search_t *search = search_create(g, &r, &o, NULL);
    uint64_t compared = 0;
    for (uint64_t c = 0; c < colouring_count(g); c++) {
        board_t b;
        if (!colouring_position(&b, g, c))
            continue;
        for (int side = 0; side < 2; side++) {
            tablebase_state_t ts = {b, (board_color_t)side, TABLEBASE_BAN_NONE};
            if (!capture_free(memo, tb, &ts))
                continue;
            tablebase_value_t v;
            assert_true(tablebase_value(&v, tb, &ts, NULL));
            assert_int_not_equal(v.outcome, TABLEBASE_DRAW);
            game_t *game = game_create_from(g, &r, &b, (board_color_t)side, NULL);
            int sv;
            assert_true(solver_value(&sv, search, game));
            if (sv != solver_convention(v, (board_color_t)side)) {
                board_print(stderr, &b, g);
                fail_msg("%dx%d %s side %d: tablebase %d plies, superko solver %d", width, height,
                         preset, side, v.distance, sv);
            }
            compared++;
            game_destroy(game);
        }
    }
    search_destroy(search);
    g_hash_table_destroy(memo);
    tablebase_destroy(tb);
    board_geom_destroy(g);
    return compared;
}

static void test_tablebase__repetition_free_states_equal_the_superko_solver(void **state)
{
    (void)state;
    /* math only: under pseudo with simple ko a single-stone suicide (a capture of one's own
     * stone) is always at hand somewhere on these boards, so no state is capture-free. */
    for (size_t i = 0; i < G_N_ELEMENTS(small_boards); i++) {
        uint64_t n = compare_repetition_free_with_superko(small_boards[i].width,
                                                          small_boards[i].height, "math");
        /* 2 points and more: the full boards' neighbours at least (3x3: 986 states). */
        if (small_boards[i].width * small_boards[i].height > 1)
            assert_true(n >= 4);
    }
}

/* The states a play leaves are valid; a ban that forbids nothing is refused and normalises to
 * none; a ban the play leaves forbids exactly the retake (or the suicides). */
static void test_tablebase__bans_after_plays_are_states_and_bogus_bans_are_refused(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        board_geom_t *g = board_geom_create(3, 3, NULL);
        tablebase_t *tb = computed_tablebase(g, k ? "pseudo" : "math");
        uint64_t bans = 0, bogus = 0;
        for (uint64_t c = 0; c < colouring_count(g); c++) {
            board_t b;
            if (!colouring_position(&b, g, c))
                continue;
            for (int side = 0; side < 2; side++) {
                tablebase_state_t ts = {b, (board_color_t)side, TABLEBASE_BAN_NONE};
                for (board_point_t p = 0; p < 9; p++) {
                    tablebase_state_t next;
                    if (!tablebase_state_play(&next, tb, &ts, p))
                        continue;
                    assert_true(tablebase_state_valid(tb, &next, NULL));
                    tablebase_state_t same = next;
                    tablebase_state_normalize(&same, tb);
                    assert_int_equal(same.ban, next.ban);
                    if (next.ban == TABLEBASE_BAN_NONE)
                        continue;
                    bans++;
                    if (next.ban < 9) {
                        /* The retake is refused, and it is the only refused empty point. */
                        tablebase_state_t again;
                        assert_false(tablebase_state_play(&again, tb, &next, next.ban));
                        next.ban = TABLEBASE_BAN_NONE;
                        assert_true(tablebase_state_play(&again, tb, &next, same.ban));
                        assert_true(board_equal(&again.position, &ts.position));
                    }
                }
                /* Every empty point that is not a ko point is a bogus ban. */
                for (board_point_t p = 0; p < 9; p++) {
                    if (board_occupied(&b) & board_bit(p))
                        continue;
                    tablebase_state_t bad = {b, (board_color_t)side, p};
                    GError *error = NULL;
                    if (tablebase_state_valid(tb, &bad, &error))
                        continue;
                    assert_int_equal(error->code, TABLEBASE_ERROR_STATE);
                    g_error_free(error);
                    tablebase_state_normalize(&bad, tb);
                    assert_int_equal(bad.ban, TABLEBASE_BAN_NONE);
                    bogus++;
                }
            }
        }
        assert_true(bans > 0 && bogus > 0);
        tablebase_destroy(tb);
        board_geom_destroy(g);
    }
}

/* docs/tablebases.md: under pseudo with simple ko the side to move always has a play on a board
 * of 3 points or more, so every state is a draw; on 1x1 and 1x2 the games end. */
static void test_tablebase__pseudo_under_simple_ko_is_a_draw_from_3_points(void **state)
{
    (void)state;
    for (size_t i = 0; i < G_N_ELEMENTS(small_boards); i++) {
        board_geom_t *g = board_geom_create(small_boards[i].width, small_boards[i].height, NULL);
        tablebase_t *tb = computed_tablebase(g, "pseudo");
        tablebase_stats_t s = tablebase_stats(tb);
        if (g->size >= 3) {
            assert_int_equal(s.draws, s.states);
        } else {
            assert_int_equal(s.draws, 0);
            assert_true(s.wins > 0 && s.losses > 0);
        }
        tablebase_destroy(tb);
        board_geom_destroy(g);
    }
}

/* ---- The tablebase in the solver ---------------------------------------------------------- */

/*
 * The solver with the tablebase's bounds (search_options_t.tablebase, solver/bounds.h) against
 * the solver alone under `preset,ko=simple,cycle=draw`: from every fresh start of the board
 * (each legal position, each side to move) and from the ends of `games` random games of up to
 * 12 plies from the empty board (their history included: the bounds hold whatever it is), the
 * two give the same value wherever the solver alone finishes within its budget, and the
 * bounded one finishes everywhere within a smaller one.  Returns the states compared.
 */
static uint64_t compare_bounded_with_plain(uint64_t *apart, int width, int height,
                                           const char *preset, int games)
{
    board_geom_t *g = board_geom_create(width, height, NULL);
    char *rules_text = g_strdup_printf("%s,ko=simple,cycle=draw", preset);
    rules_t r;
    assert_true(rules_parse(&r, rules_text, NULL));
    tablebase_t *tb = computed_tablebase(g, rules_text);
    search_options_t o = search_options_default();
    o.tt_bytes = 1u << 20;
    o.max_nodes = 20000;
    search_t *plain = search_create(g, &r, &o, NULL);
    o.tablebase = tb;
    o.max_nodes = 5000;
    search_t *bounded = search_create(g, &r, &o, NULL);
    assert_non_null(plain);
    assert_non_null(bounded);
    uint64_t compared = 0;
    GRand *rand = g_rand_new_with_seed(20261207);
    uint64_t fresh = 2 * colouring_count(g);
    for (uint64_t c = 0; c < fresh + (uint64_t)games; c++) {
        game_t *game;
        if (c < fresh) {
            board_t b;
            if (!colouring_position(&b, g, c / 2))
                continue;
            game = game_create_from(g, &r, &b, (board_color_t)(c % 2), NULL);
        } else {
            board_t empty = board_initial(g);
            game = game_create_from(g, &r, &empty, BOARD_BLACK, NULL);
            int plies = g_rand_int_range(rand, 1, 13);
            for (int k = 0; k < plies && !(game_status(game) != GAME_ONGOING); k++) {
                board_move_t moves[BOARD_MAX_POINTS + 1];
                int n = game_legal_moves(moves, game);
                if (!n)
                    break;
                assert_int_equal(game_play(game, moves[g_rand_int_range(rand, 0, n)]), GAME_LEGAL);
            }
            if ((game_status(game) != GAME_ONGOING)) {
                game_destroy(game);
                continue;
            }
        }
        int with, without;
        if (!solver_value(&with, bounded, game)) {
            board_print(stderr, &game_current(game)->board, g);
            fail_msg("%dx%d %s: the bounded search did not finish (history %zu)", width, height,
                     preset, game_length(game));
        }
        if (solver_value(&without, plain, game)) {
            if (with != without) {
                board_print(stderr, &game_current(game)->board, g);
                fail_msg("%dx%d %s: with the tablebase %d, without %d (history %zu)", width, height,
                         preset, with, without, game_length(game));
            }
            compared++;
            /* Where the history makes the value other than the tablebase's, its bounds are
             * bounds, not the value. */
            size_t n = game_length(game);
            const game_state_t *now = game_current(game);
            tablebase_state_t ts =
                tablebase_state_after(tb, n > 1 ? &game_state_at(game, n - 2)->board : NULL,
                                      now->move, &now->board, (board_color_t)now->to_move);
            tablebase_state_normalize(&ts, tb);
            tablebase_value_t tv;
            assert_true(tablebase_value(&tv, tb, &ts, NULL));
            *apart += without != solver_convention(tv, ts.to_move);
        }
        game_destroy(game);
    }
    g_rand_free(rand);
    search_destroy(plain);
    search_destroy(bounded);
    tablebase_destroy(tb);
    g_free(rules_text);
    board_geom_destroy(g);
    return compared;
}

static void test_tablebase__bounds_in_the_search_keep_every_value(void **state)
{
    (void)state;
    static const struct {
        int width, height;
        const char *preset;
        int games;
        uint64_t min_compared;
    } cases[] = {
        {1, 4, "math", 1000, 125}, {1, 5, "math", 1000, 280},  {1, 6, "math", 1000, 680},
        {2, 2, "math", 200, 187},  {2, 3, "math", 300, 1030},  {3, 3, "math", 300, 23000},
        {1, 3, "pseudo", 100, 75}, {1, 4, "pseudo", 100, 143}, {2, 2, "pseudo", 100, 171},
    };
    uint64_t apart_all = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
#if defined(__SANITIZE_ADDRESS__)
        if (cases[i].width * cases[i].height >= 9)
            continue;
#endif
        uint64_t apart = 0;
        uint64_t compared = compare_bounded_with_plain(&apart, cases[i].width, cases[i].height,
                                                       cases[i].preset, cases[i].games);
        fprintf(stderr, "  %dx%d %s: %llu states compared, %llu valued apart from the tablebase\n",
                cases[i].width, cases[i].height, cases[i].preset, (unsigned long long)compared,
                (unsigned long long)apart);
        apart_all += apart;
        if (compared < cases[i].min_compared)
            fail_msg("%dx%d %s: only %llu states compared", cases[i].width, cases[i].height,
                     cases[i].preset, (unsigned long long)compared);
    }
    fprintf(stderr, "  %llu states valued apart from the tablebase in all\n",
            (unsigned long long)apart_all);
    assert_true(apart_all >= 20);
}

/* Where the solver alone exhausts cycles for ever (every state of pseudo under simple ko a draw;
 * 1x8 math, mostly draws), the bounded one answers at once; and a tablebase of other rules or
 * another board is refused. */
static void test_tablebase__bounds_settle_what_the_search_alone_cannot(void **state)
{
    (void)state;
    static const struct {
        int width, height;
        const char *preset;
        int value; /* the empty board's, Black's view (docs/data/tablebases.csv) */
    } cases[] = {{2, 3, "pseudo", 0},
                 {3, 3, "pseudo", 0},
                 {1, 8, "math", 0},
                 {2, 4, "math", SEARCH_VALUE_WIN - 11}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        board_geom_t *g = board_geom_create(cases[i].width, cases[i].height, NULL);
        char *rules_text = g_strdup_printf("%s,ko=simple,cycle=draw", cases[i].preset);
        rules_t r;
        assert_true(rules_parse(&r, rules_text, NULL));
        tablebase_t *tb = computed_tablebase(g, rules_text);
        tablebase_state_t empty = {board_initial(g), BOARD_BLACK, TABLEBASE_BAN_NONE};
        tablebase_value_t tv;
        assert_true(tablebase_value(&tv, tb, &empty, NULL));
        search_options_t o = search_options_default();
        o.tt_bytes = 1u << 20;
        o.max_nodes = 100000;
        o.tablebase = tb;
        search_t *s = search_create(g, &r, &o, NULL);
        game_t *game = game_create_from(g, &r, &empty.position, BOARD_BLACK, NULL);
        search_result_t res;
        GError *error = NULL;
        if (!search_solve(&res, s, game, &error))
            fail_msg("%dx%d %s: %s", cases[i].width, cases[i].height, cases[i].preset,
                     error->message);
        assert_int_equal(res.value, solver_convention(tv, BOARD_BLACK));
        assert_int_equal(res.value, cases[i].value);
        game_destroy(game);
        search_destroy(s);
        /* Refused: other rules, another board. */
        rules_t other;
        assert_true(rules_parse(&other, "math", NULL));
        o.tablebase = tb;
        assert_null(search_create(g, &other, &o, &error));
        assert_non_null(strstr(error->message, "ko=simple,cycle=draw"));
        g_clear_error(&error);
        board_geom_t *wider = board_geom_create(cases[i].width + 1, cases[i].height, NULL);
        assert_null(search_create(wider, &r, &o, &error));
        assert_non_null(strstr(error->message, "the tablebase is of the"));
        g_clear_error(&error);
        board_geom_destroy(wider);
        tablebase_destroy(tb);
        g_free(rules_text);
        board_geom_destroy(g);
    }
}

/* ---- Files ---------------------------------------------------------------------------------- */

static char *read_whole(const char *path, gsize *length)
{
    char *data;
    assert_true(g_file_get_contents(path, &data, length, NULL));
    return data;
}

static void write_whole(const char *path, const char *data, gsize length)
{
    assert_true(g_file_set_contents(path, data, (gssize)length, NULL));
}

/* Loading `path` fails with a format error whose message contains `words`. */
static void assert_load_refused(const char *path, const char *words)
{
    GError *error = NULL;
    tablebase_t *tb = tablebase_load(path, &error);
    if (tb)
        fail_msg("%s loaded; expected '%s'", path, words);
    assert_int_equal(error->code, TABLEBASE_ERROR_FORMAT);
    if (!strstr(error->message, words))
        fail_msg("'%s' does not say '%s'", error->message, words);
    assert_non_null(strstr(error->message, path));
    g_error_free(error);
}

static void test_tablebase__file_round_trip_keeps_every_value(void **state)
{
    (void)state;
    char *dir = g_dir_make_tmp("mathgo-tablebase-XXXXXX", NULL);
    char *path = g_build_filename(dir, "3x3.tb", NULL);
    char *tmp = g_strconcat(path, ".tmp", NULL);
    for (int k = 0; k < 2; k++) {
        const char *rules_text = k ? "pseudo" : "math";
        board_geom_t *g = board_geom_create(3, 3, NULL);
        tablebase_t *tb = computed_tablebase(g, rules_text);
        GError *error = NULL;
        if (!tablebase_save(tb, path, &error))
            fail_msg("%s", error->message);
        assert_false(g_file_test(tmp, G_FILE_TEST_EXISTS)); /* renamed into place */
        tablebase_t *loaded = tablebase_load(path, &error);
        if (!loaded)
            fail_msg("%s", error->message);
        tablebase_stats_t a = tablebase_stats(tb), b = tablebase_stats(loaded);
        assert_int_equal(a.states, b.states);
        assert_int_equal(a.ko_states, b.ko_states);
        assert_int_equal(a.wins, b.wins);
        assert_int_equal(a.draws, b.draws);
        assert_int_equal(a.max_distance, b.max_distance);
        char *r1 = rules_to_string(tablebase_rules(tb)),
             *r2 = rules_to_string(tablebase_rules(loaded));
        assert_string_equal(r1, r2);
        g_free(r1);
        g_free(r2);
        /* Every state: every position, both sides, every ban the states of a play leave. */
        uint64_t compared = 0;
        for (uint64_t c = 0; c < colouring_count(g); c++) {
            board_t p;
            if (!colouring_position(&p, g, c))
                continue;
            for (int side = 0; side < 2; side++) {
                tablebase_state_t ts = {p, (board_color_t)side, TABLEBASE_BAN_NONE};
                for (int ban = 0; ban <= 64; ban++) {
                    ts.ban = ban == 64 ? TABLEBASE_BAN_NONE : (uint8_t)(ban < 9 ? ban : 64);
                    if (ban >= 9 && ban < 63)
                        continue;
                    if (ban == 63)
                        ts.ban = TABLEBASE_BAN_SUICIDE;
                    tablebase_value_t v1, v2;
                    bool ok1 = tablebase_value(&v1, tb, &ts, NULL);
                    bool ok2 = tablebase_value(&v2, loaded, &ts, NULL);
                    assert_int_equal(ok1, ok2);
                    if (!ok1)
                        continue;
                    assert_int_equal(v1.outcome, v2.outcome);
                    assert_int_equal(v1.distance, v2.distance);
                    compared++;
                }
            }
        }
        assert_int_equal(compared, a.states);
        tablebase_destroy(loaded);
        tablebase_destroy(tb);
        board_geom_destroy(g);
    }
    g_remove(path);
    g_rmdir(dir);
    g_free(tmp);
    g_free(path);
    g_free(dir);
}

static void test_tablebase__truncated_and_corrupt_files_are_refused(void **state)
{
    (void)state;
    char *dir = g_dir_make_tmp("mathgo-tablebase-XXXXXX", NULL);
    char *path = g_build_filename(dir, "2x3.tb", NULL);
    char *bad = g_build_filename(dir, "bad.tb", NULL);
    board_geom_t *g = board_geom_create(2, 3, NULL);
    tablebase_t *tb = computed_tablebase(g, "pseudo");
    assert_true(tablebase_save(tb, path, NULL));
    gsize length;
    char *data = read_whole(path, &length);
    assert_true(length > 200);
    /* Truncated anywhere: at 0, inside the header, after it, in the middle, one byte short. */
    gsize cuts[] = {0, 7, 40, 100, length / 2, length - 8, length - 1};
    for (size_t i = 0; i < G_N_ELEMENTS(cuts); i++) {
        write_whole(bad, data, cuts[i]);
        assert_load_refused(bad, cuts[i] < 80 ? "not a mathgo tablebase" : "truncated");
    }
    /* Trailing bytes. */
    char *longer = g_malloc(length + 1);
    memcpy(longer, data, length);
    longer[length] = 0;
    write_whole(bad, longer, length + 1);
    assert_load_refused(bad, "trailing bytes");
    g_free(longer);
    /* One bit flipped in the values, in the checksum itself, in a count of the header. */
    gsize flips[] = {200, length - 3};
    for (size_t i = 0; i < G_N_ELEMENTS(flips); i++) {
        data[flips[i]] ^= 4;
        write_whole(bad, data, length);
        assert_load_refused(bad, "checksum");
        data[flips[i]] ^= 4;
    }
    data[32] ^= 1; /* the ko state count: the size no longer matches */
    write_whole(bad, data, length);
    assert_load_refused(bad, "bytes where the header announces");
    data[32] ^= 1;
    data[60] ^= 1; /* the losses count: only the checksum sees it */
    write_whole(bad, data, length);
    assert_load_refused(bad, "checksum");
    data[60] ^= 1;
    /* Another format version, another magic. */
    data[8] = 2;
    write_whole(bad, data, length);
    assert_load_refused(bad, "version 2");
    data[8] = 1;
    data[0] = 'X';
    write_whole(bad, data, length);
    assert_load_refused(bad, "not a mathgo tablebase");
    data[0] = 'M';
    write_whole(bad, data, length);
    tablebase_t *again = tablebase_load(bad, NULL);
    assert_non_null(again);
    tablebase_destroy(again);
    /* A file that cannot be written: an error naming it, no file left behind. */
    char *nowhere = g_build_filename(dir, "no-such-folder", "x.tb", NULL);
    GError *error = NULL;
    assert_false(tablebase_save(tb, nowhere, &error));
    assert_int_equal(error->code, TABLEBASE_ERROR_IO);
    assert_non_null(strstr(error->message, "no-such-folder"));
    g_error_free(error);
    g_free(nowhere);
    /* A symbolic link is written through, not replaced (a rename over it would replace the
     * link, or, over a device such as /dev/full, the device node). */
    char *target = g_build_filename(dir, "target.tb", NULL);
    char *link = g_build_filename(dir, "link.tb", NULL);
    assert_int_equal(symlink(target, link), 0);
    if (!tablebase_save(tb, link, &error))
        fail_msg("%s", error->message);
    assert_true(g_file_test(link, G_FILE_TEST_IS_SYMLINK));
    tablebase_t *through = tablebase_load(target, NULL);
    assert_non_null(through);
    tablebase_destroy(through);
    g_remove(link);
    g_remove(target);
    g_free(link);
    g_free(target);
    g_free(data);
    tablebase_destroy(tb);
    board_geom_destroy(g);
    g_remove(path);
    g_remove(bad);
    g_rmdir(dir);
    g_free(path);
    g_free(bad);
    g_free(dir);
}

/* Files whose checksum is right but whose contents are not, as another program could write
 * them (found by tests/fuzz/fuzz_tablebase.c). */
static void test_tablebase__files_with_a_right_checksum_and_wrong_contents_are_refused(void **state)
{
    (void)state;
    /* A 2x2 file with long-distance value bytes (255) but no long-distance entries for them: the
     * probe looked the entry up and failed an assertion. */
    char *path =
        g_build_filename(MATHGO_TEST_DATA, "tablebase_long_value_without_distance.tb", NULL);
    assert_load_refused(path, "4 long values, 0 long distances");
    g_free(path);
}

/* The probes of the states an optimal game from s passes through, up to `depth` moves deep
 * (the first few optimal moves each time); returns how many failed as corrupt. */
static int probe_walk(const tablebase_t *tb, tablebase_state_t s, int depth)
{
    tablebase_probe_t probe;
    GError *error = NULL;
    if (!tablebase_probe(&probe, tb, &s, &error)) {
        assert_int_equal(error->code, TABLEBASE_ERROR_FORMAT);
        assert_non_null(strstr(error->message, "corrupt tablebase: the move"));
        g_error_free(error);
        return 1;
    }
    int corrupt = 0;
    for (int i = 0; depth > 0 && i < probe.best_count && i < 4; i++) {
        tablebase_state_t next;
        if (tablebase_state_play(&next, tb, &s, probe.best[i]))
            corrupt += probe_walk(tb, next, depth - 1);
    }
    return corrupt;
}

/* A 2x3 file whose ko state keys (and the values) were changed and the checksum made right: it
 * loads, and a probe that meets a move to a ko state the file lacks says so (it failed an
 * assertion). */
static void
test_tablebase__a_probe_reaching_a_state_the_file_lacks_fails_with_a_message(void **state)
{
    (void)state;
    char *path = g_build_filename(MATHGO_TEST_DATA, "tablebase_ko_keys_not_the_boards.tb", NULL);
    tablebase_t *tb = tablebase_load(path, NULL);
    assert_non_null(tb);
    tablebase_state_t empty = {.position = board_initial(tablebase_geom(tb)),
                               .to_move = BOARD_BLACK,
                               .ban = TABLEBASE_BAN_NONE};
    assert_true(probe_walk(tb, empty, 3) > 0);
    tablebase_destroy(tb);
    g_free(path);
}

/* ---- The commands ------------------------------------------------------------------------------
 */

static support_run_t run(const char *input, ...)
{
    va_list ap;
    va_start(ap, input);
    support_run_t r = support_run_va(input, NULL, ap);
    va_end(ap);
    return r;
}

static void expect_status(int status, const char *words, support_run_t r)
{
    if (r.status != status)
        fail_msg("status %d (expected %d); stderr: %s", r.status, status, r.err);
    if (words && !strstr(status ? r.err : r.out, words))
        fail_msg("'%s' not in: %s", words, status ? r.err : r.out);
    if (status) {
        /* One message, one line. */
        assert_int_equal(strlen(r.out), 0);
        assert_non_null(strchr(r.err, '\n'));
        assert_null(strchr(strchr(r.err, '\n') + 1, '\n'));
    }
    support_run_clear(&r);
}

static void test_tablebase__commands_write_probe_and_refuse_bad_input(void **state)
{
    (void)state;
    char *dir = g_dir_make_tmp("mathgo-tablebase-XXXXXX", NULL);
    char *path = g_build_filename(dir, "3x1.tb", NULL);
    char *bad = g_build_filename(dir, "bad.tb", NULL);
    expect_status(0, "states: 30",
                  run(NULL, "tablebase", "3x1", "--rules", "math", "-o", path, NULL));
    /* 3x1 math, empty board: Black takes the middle and White has no legal play. */
    expect_status(0, "value: win in 1 ply (Black wins)", run(NULL, "probe", path, NULL));
    expect_status(0, "optimal moves: B1\n", run(NULL, "probe", path, NULL));
    expect_status(0, "White", run(".O.\n", "probe", path, "-", "--to-move", "w", NULL));
    expect_status(2, "the diagram is 2x1, the tablebase 3x1",
                  run("..\n", "probe", path, "-", NULL));
    expect_status(2, "unknown character", run("..Q\n", "probe", path, "-", NULL));
    expect_status(2, "not legal", run("XO.\n", "probe", path, "-", "--to-move", "w", NULL));
    expect_status(2, "no ko at", run("X.X\n", "probe", path, "-", "--ko", "B1", NULL));
    expect_status(2, "--ko", run("...\n", "probe", path, "-", "--ko", "Z9", NULL));
    expect_status(2, "--nosuch", run(NULL, "probe", path, "--nosuch", NULL));
    expect_status(2, "no-such-file", run(NULL, "probe", "no-such-file", NULL));
    expect_status(2, "have no tablebase",
                  run(NULL, "tablebase", "2x2", "--rules", "chinese", NULL));
    expect_status(2, "have no tablebase",
                  run(NULL, "tablebase", "2x2", "--rules", "math,pass=1", NULL));
    expect_status(2, "9x9x", run(NULL, "tablebase", "9x9x", NULL));
    expect_status(2, "need about", run(NULL, "tablebase", "5x5", NULL));
    expect_status(2, "7x7", run(NULL, "tablebase", "7x7", NULL));
    expect_status(2, "ko=situational",
                  run(NULL, "tablebase", "2x2", "--rules", "math,ko=situational", NULL));
    expect_status(2, "give one board size", run(NULL, "tablebase", NULL));
    expect_status(2, "--bogus", run(NULL, "tablebase", "2x2", "--bogus", NULL));
    /* A truncated file. */
    gsize length;
    char *data = read_whole(path, &length);
    write_whole(bad, data, length - 5);
    expect_status(2, "truncated", run(NULL, "probe", bad, NULL));
    data[length - 20] ^= 1; /* a value */
    write_whole(bad, data, length);
    expect_status(2, "checksum", run(NULL, "probe", bad, NULL));
    g_free(data);
    g_remove(path);
    g_remove(bad);
    g_rmdir(dir);
    g_free(path);
    g_free(bad);
    g_free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tablebase__bans_after_plays_are_states_and_bogus_bans_are_refused),
        cmocka_unit_test(test_tablebase__pseudo_under_simple_ko_is_a_draw_from_3_points),
        cmocka_unit_test(test_tablebase__file_round_trip_keeps_every_value),
        cmocka_unit_test(test_tablebase__truncated_and_corrupt_files_are_refused),
        cmocka_unit_test(
            test_tablebase__files_with_a_right_checksum_and_wrong_contents_are_refused),
        cmocka_unit_test(
            test_tablebase__a_probe_reaching_a_state_the_file_lacks_fails_with_a_message),
        cmocka_unit_test(test_tablebase__commands_write_probe_and_refuse_bad_input),
        cmocka_unit_test(test_tablebase__solver_under_the_same_rules_agrees),
        cmocka_unit_test(test_tablebase__bounds_in_the_search_keep_every_value),
        cmocka_unit_test(test_tablebase__bounds_settle_what_the_search_alone_cannot),
        cmocka_unit_test(test_tablebase__repetition_free_states_equal_the_superko_solver),
        cmocka_unit_test(
            test_tablebase__every_state_of_boards_up_to_9_points_equals_naive_evaluation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
