/*
 * tests/test_solver.c: the solver's own state, published values, the sanity law, threads,
 * the node-count signature and the `mathgo solve` command (the table: tests/test_tt.c).
 */
#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "front/commands.h"
#include "positions/diagram.h"
#include "core/score.h"
#include "solver/bounds.h"
#include "solver/pns.h"
#include "solver/search.h"
#include "tests/support.h"

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <glib/gstdio.h>

static const char *const *const rule_sets = search_rule_sets;

static uint64_t rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static search_t *make_solver(const board_geom_t *g, const rules_t *r, size_t bytes)
{
    search_options_t o = search_options_default();
    o.tt_bytes = bytes;
    search_t *s = search_create(g, r, &o, NULL);
    assert_non_null(s);
    return s;
}

/* The value of the empty board (Black to move) with options `o`; *stats (may be NULL) receives
 * the search's counts. */
static int solve_empty_with(int width, int height, const char *rules_text,
                            const search_options_t *o, search_stats_t *stats)
{
    board_geom_t *g = board_geom_create(width, height, NULL);
    rules_t r;
    assert_true(rules_parse(&r, rules_text, NULL));
    game_t *game = game_create(g, &r);
    search_t *s = search_create(g, &r, o, NULL);
    assert_non_null(s);
    int v;
    GError *err = NULL;
    if (!search_value(&v, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, &err))
        fail_msg("%dx%d %s: %s", width, height, rules_text, err->message);
    if (stats)
        *stats = search_stats(s);
    search_destroy(s);
    game_destroy(game);
    board_geom_destroy(g);
    return v;
}

/* The same with the default options and a 16 MB table. */
static int solve_empty(int width, int height, const char *rules_text, uint64_t *nodes)
{
    search_options_t o = search_options_default();
    o.tt_bytes = 16u << 20;
    search_stats_t stats;
    int v = solve_empty_with(width, height, rules_text, &o, &stats);
    if (nodes)
        *nodes = stats.nodes;
    return v;
}

/* The four fields of a data line "WxH | ... | ... | ...", stripped, with the board's size; NULL
 * for a comment or an empty line.  Free with g_strfreev. */
static char **board_line_fields(int *width, int *height, const char *line)
{
    if (*line == '#' || !*line)
        return NULL;
    char **f = g_strsplit(line, "|", -1);
    assert_int_equal(g_strv_length(f), 4);
    for (char **field = f; *field; field++)
        g_strstrip(*field);
    assert_int_equal(sscanf(f[0], "%dx%d", width, height), 2);
    return f;
}

/* Positions whose value depends on their history (tests/data/solver_histories.txt): the
 * solver's value from the position after the moves. */
static void test_solver__values_after_histories_from_data(void **state)
{
    (void)state;
    char *text = support_read_data("solver_histories.txt");
    char **lines = g_strsplit(text, "\n", -1);
    int checked = 0;
    for (char **line = lines; *line; line++) {
        int width, height;
        char **f = board_line_fields(&width, &height, *line);
        if (!f)
            continue;
        board_geom_t *g = board_geom_create(width, height, NULL);
        game_t *game = support_game_after(g, g_strstrip(f[1]), g_strstrip(f[2]));
        search_options_t o = search_options_default();
        o.tt_bytes = 1u << 20;
        search_t *s = search_create(g, game_rules(game), &o, NULL);
        int v;
        assert_true(search_value(&v, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
        if (v != atoi(f[3]))
            fail_msg("%s: solver %d, expected %d", *line, v, atoi(f[3]));
        search_destroy(s);
        game_destroy(game);
        board_geom_destroy(g);
        g_strfreev(f);
        checked++;
    }
    assert_true(checked > 0);
    g_strfreev(lines);
    g_free(text);
}

/* The solver's incremental state allows exactly game_legal_moves, along random games. */
static void test_solver__legal_moves_equal_game_legal_moves_on_random_games(void **state)
{
    (void)state;
    static const int sizes[][2] = {{1, 4}, {5, 1}, {2, 2}, {3, 2}, {3, 3}, {4, 2}, {4, 4}};
    /* Regions too (core/board.h): holes, safe stones of both colours, ordinary stones. */
    static const char *const regions[] = {"X....O\n", "X..#\n.o.O\n#.x.\n",
                                          "XX.O\nX..O\n.#.o\nO..x\n"};
    const size_t boards = G_N_ELEMENTS(sizes) + G_N_ELEMENTS(regions);
    uint64_t rng = 42;
    int checked = 0;
    for (size_t b = 0; b < boards; b++) {
        board_geom_t *g;
        board_t start = {{0, 0}};
        if (b < G_N_ELEMENTS(sizes)) {
            g = board_geom_create(sizes[b][0], sizes[b][1], NULL);
        } else {
            int w, h;
            uint64_t on_board, safe[2];
            assert_true(diagram_parse_region(&start, &w, &h, &on_board, safe,
                                             regions[b - G_N_ELEMENTS(sizes)], NULL));
            g = board_geom_create_region(w, h, on_board, safe, NULL);
        }
        for (int i = 0; rule_sets[i]; i++) {
            rules_t r;
            assert_true(rules_parse(&r, rule_sets[i], NULL));
            search_t *s = make_solver(g, &r, 0);
            for (int games = 0; games < 20; games++) {
                game_t *game = game_create_from(g, &r, &start, BOARD_BLACK, NULL);
                for (int ply = 0; ply < 80; ply++) {
                    board_move_t want[BOARD_MAX_POINTS + 1], got[BOARD_MAX_POINTS + 1];
                    int nw = game_legal_moves(want, game);
                    int ng = search_legal_moves(got, s, game);
                    /* The solver lists the pass last too; compare as sets in order. */
                    assert_int_equal(ng, nw);
                    for (int k = 0; k < nw; k++)
                        assert_int_equal(got[k], want[k]);
                    checked++;
                    if (nw == 0)
                        break;
                    /* Favour plays, so captures and repetitions happen. */
                    int plays = nw - (r.pass ? 1 : 0);
                    board_move_t m = plays > 0 && rng_next(&rng) % 6
                                         ? want[rng_next(&rng) % (uint64_t)plays]
                                         : want[rng_next(&rng) % (uint64_t)nw];
                    game_play(game, m);
                }
                game_destroy(game);
            }
            search_destroy(s);
        }
        board_geom_destroy(g);
    }
    assert_true(checked > 5000);
}

/*
 * Published values of the empty board, komi 0 (tests/data/solver_published.txt, sources in
 * docs/references.md): Tromp-Taylor, van der Werf and Winands, and the small facts of no-pass
 * Go and old Chinese counting.  Every line is solved and every mismatch listed.
 */
static void test_solver__reproduces_published_values(void **state)
{
    (void)state;
    char *text = support_read_data("solver_published.txt");
    char **lines = g_strsplit(text, "\n", -1);
    search_options_t o = search_options_default();
    o.tt_bytes = 64u << 20;
    int checked = 0, mismatches = 0;
    for (char **line = lines; *line; line++) {
        int width, height;
        char **f = board_line_fields(&width, &height, *line);
        if (!f)
            continue;
        const char *rules = g_strstrip(f[1]), *want = g_strstrip(f[2]);
#if defined(__SANITIZE_ADDRESS__)
        /* The sanitizer build (about 8x slower here) leaves the boards of 10 points and more
         * to the Release build, which checks them all. */
        if (width * height >= 10) {
            fprintf(stderr, "  %dx%d %s: left to the Release build\n", width, height, rules);
            g_strfreev(f);
            continue;
        }
#endif
        int v = solve_empty_with(width, height, rules, &o, NULL);
        char got[16];
        if (!strcmp(want, "win") || !strcmp(want, "loss"))
            g_strlcpy(got,
                      v > SEARCH_VALUE_WIN_MIN    ? "win"
                      : v < -SEARCH_VALUE_WIN_MIN ? "loss"
                                                  : "?",
                      sizeof got);
        else
            g_snprintf(got, sizeof got, "%d", v);
        if (strcmp(got, want)) {
            print_error("%dx%d %s: solver %s (%d), published %s (%s)\n", width, height, rules, got,
                        v, want, g_strstrip(f[3]));
            mismatches++;
        }
        g_strfreev(f);
        checked++;
    }
    g_strfreev(lines);
    g_free(text);
    assert_true(checked >= 20);
    assert_int_equal(mismatches, 0);
}

/*
 * The sanity law: with passes and komi 0 the empty board is never negative for Black.  A
 * table that reuses results depending on a position's absence from the history breaks it
 * (jh85/smallgames minigo: 1x2 = -2).  Checked on every small board and scored rule set, also
 * with White to move first (then never positive) and with a table shared by both searches.
 */
static void test_solver__empty_board_is_never_negative_with_passes(void **state)
{
    (void)state;
    static const int sizes[][2] = {{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {2, 2}};
    for (size_t b = 0; b < sizeof sizes / sizeof sizes[0]; b++)
        for (int i = 0; rule_sets[i]; i++) {
            rules_t r;
            assert_true(rules_parse(&r, rule_sets[i], NULL));
            if (!r.pass)
                continue;
            /* Situational superko with passes: slow from 5 points on (see docs/solver.md). */
            if (r.ko == RULES_KO_SITUATIONAL && sizes[b][0] * sizes[b][1] >= 5)
                continue;
            board_geom_t *g = board_geom_create(sizes[b][0], sizes[b][1], NULL);
            search_t *s = make_solver(g, &r, 1u << 20);
            board_t empty = {{0, 0}};
            for (int c = 0; c < 2; c++) {
                game_t *game = game_create_from(g, &r, &empty, (board_color_t)c, NULL);
                int v;
                assert_true(search_value(&v, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
                if (c == BOARD_BLACK ? v < 0 : v > 0)
                    fail_msg("%dx%d %s, %s first: %d", sizes[b][0], sizes[b][1], rule_sets[i],
                             c ? "White" : "Black", v);
                game_destroy(game);
            }
            search_destroy(s);
            board_geom_destroy(g);
        }
}

/* Two contexts in one process do not interfere, and a search is reproducible. */
static void test_solver__two_contexts_are_independent_and_deterministic(void **state)
{
    (void)state;
    uint64_t n1, n2;
    int a = solve_empty(2, 2, "tromp-taylor", &n1);
    int b = solve_empty(2, 2, "tromp-taylor", &n2);
    assert_int_equal(a, b);
    assert_int_equal(n1, n2);
    board_geom_t *g = board_geom_create(4, 1, NULL);
    rules_t r1, r2;
    rules_parse(&r1, "tromp-taylor", NULL);
    rules_parse(&r2, "math", NULL);
    search_t *s1 = make_solver(g, &r1, 1u << 20), *s2 = make_solver(g, &r2, 1u << 20);
    game_t *g1 = game_create(g, &r1), *g2 = game_create(g, &r2);
    int v1, v2;
    assert_true(search_value(&v1, s1, g1, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
    assert_true(search_value(&v2, s2, g2, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
    assert_int_equal(v1, 8);
    assert_true(v2 > SEARCH_VALUE_WIN_MIN);
    game_destroy(g1);
    game_destroy(g2);
    search_destroy(s1);
    search_destroy(s2);
    board_geom_destroy(g);
}

/* An interrupted context refuses every search until search_clear_interrupt; then it answers
 * as a fresh context does, after a search stopped half-way (what that one proved stays in its
 * table).  dist/'s workers cancel a task this way and keep their table. */
static void test_solver__cleared_interrupt_searches_again(void **state)
{
    (void)state;
    int want = solve_empty(4, 3, "tromp-taylor", NULL); /* about 0.1 M nodes */
    board_geom_t *g = board_geom_create(4, 3, NULL);
    rules_t r;
    rules_parse(&r, "tromp-taylor", NULL);
    search_t *s = make_solver(g, &r, 1u << 22);
    game_t *game = game_create(g, &r);
    int v;
    GError *error = NULL;
    search_set_limits(s, 5000, 0);
    assert_false(search_value(&v, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, &error));
    assert_true(g_error_matches(error, SEARCH_ERROR, SEARCH_ERROR_LIMIT));
    g_clear_error(&error);
    search_set_limits(s, 0, 0);
    search_interrupt(s);
    assert_false(search_value(&v, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, &error));
    assert_true(g_error_matches(error, SEARCH_ERROR, SEARCH_ERROR_INTERRUPTED));
    g_clear_error(&error);
    search_clear_interrupt(s);
    assert_true(search_value(&v, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, &error));
    assert_null(error);
    assert_int_equal(v, want);
    game_destroy(game);
    search_destroy(s);
    board_geom_destroy(g);
}

/* search_winner: the winner's sign with a bound the exact value keeps.  Under `math` and
 * `pseudo` it deepens by distance, so a stack that the window (-1, 1) alone outgrows (4x3
 * under both, 6x2 `pseudo`, within 16 MB: past 438 states) suffices; under the scored rule
 * sets it is the window (-1, 1). */
static void test_solver__winner_deepens_by_distance_under_last_move_rules(void **state)
{
    (void)state;
    static const struct {
        int w, h;
        const char *rules;
        bool unbounded_too_deep; /* the window (-1, 1) alone passes the stack */
    } cases[] = {
        {4, 3, "pseudo", true},       {6, 2, "pseudo", true},   {4, 3, "math", true},
        {3, 3, "pseudo", false},      {2, 1, "math", false},    {3, 3, "tromp-taylor", false},
        {4, 2, "old-chinese", false}, {2, 2, "chinese", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        board_geom_t *g = board_geom_create(cases[i].w, cases[i].h, NULL);
        rules_t r;
        assert_true(rules_parse(&r, cases[i].rules, NULL));
        search_options_t o = search_options_default();
        o.memory_bytes = 16u << 20;
        game_t *game = game_create(g, &r);
        int exact, winner, window;
        GError *error = NULL;
        search_t *s = search_create(g, &r, &o, NULL);
        assert_non_null(s);
        assert_true(search_value(&exact, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
        search_destroy(s);
        s = search_create(g, &r, &o, NULL);
        if (!search_winner(&winner, s, game, &error))
            fail_msg("%dx%d %s: search_winner: %s", cases[i].w, cases[i].h, cases[i].rules,
                     error->message);
        search_bounds_t b = search_root_bounds(s);
        search_destroy(s);
        /* The same sign, a fail-soft bound on the right side, root bounds around the value. */
        if ((winner > 0) != (exact > 0) || (winner < 0) != (exact < 0) ||
            (winner > 0 && winner > exact) || (winner < 0 && winner < exact) ||
            (winner == 0 && exact != 0) || b.lo > exact || b.hi < exact)
            fail_msg("%dx%d %s: winner %d, bounds [%d, %d], exact value %d", cases[i].w, cases[i].h,
                     cases[i].rules, winner, b.lo, b.hi, exact);
        s = search_create(g, &r, &o, NULL);
        bool ok = search_value(&window, s, game, -1, 1, &error);
        if (cases[i].unbounded_too_deep) {
            assert_false(ok);
            assert_true(g_error_matches(error, SEARCH_ERROR, SEARCH_ERROR_DEPTH));
            g_clear_error(&error);
        } else {
            if (!ok)
                fail_msg("%dx%d %s: the window (-1, 1): %s", cases[i].w, cases[i].h, cases[i].rules,
                         error->message);
            if (r.scoring != RULES_SCORING_LAST_MOVE)
                assert_int_equal(window, winner);
        }
        search_destroy(s);
        game_destroy(game);
        board_geom_destroy(g);
    }
}

/* Two and three threads (lazy SMP sharing one table) give the values one thread gives. */
static void test_solver__threads_agree_with_one_thread(void **state)
{
    (void)state;
    static const struct {
        int w, h;
        const char *rules;
    } cases[] = {
        {3, 3, "tromp-taylor"}, {3, 2, "math"},
        {4, 2, "old-chinese"},  {3, 3, "chinese,ko=simple,cycle=draw"},
        {6, 1, "pseudo"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int want = solve_empty(cases[i].w, cases[i].h, cases[i].rules, NULL);
        for (int threads = 2; threads <= 3; threads++) {
            search_options_t o = search_options_default();
            o.tt_bytes = 16u << 20;
            o.threads = threads;
            int v = solve_empty_with(cases[i].w, cases[i].h, cases[i].rules, &o, NULL);
            if (v != want)
                fail_msg("%dx%d %s: %d threads give %d, one thread %d", cases[i].w, cases[i].h,
                         cases[i].rules, threads, v, want);
        }
    }
}

/* A helper that proves a test's root first ends the main search's pass, whose value is then
 * the helper's (driver.c, main_pass).  Which thread finishes first is up to the scheduler: on
 * 3x4 tromp-taylor a helper does in about two runs of three (2026-12-06), so the runs go on
 * until one has (at most 60); every run must give one thread's value. */
static void test_solver__a_helpers_proof_of_the_root_ends_the_test(void **state)
{
    (void)state;
    static const struct {
        int w, h;
        const char *rules;
    } cases[] = {{4, 3, "tromp-taylor"}, {6, 2, "chinese"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int want = solve_empty(cases[i].w, cases[i].h, cases[i].rules, NULL);
        search_options_t o = search_options_default();
        o.tt_bytes = 16u << 20;
        o.threads = 2;
        search_stats_t stats = {0};
        int runs = 0;
        for (; runs < 60 && !stats.helper_proofs; runs++) {
            int v = solve_empty_with(cases[i].w, cases[i].h, cases[i].rules, &o, &stats);
            if (v != want)
                fail_msg("%dx%d %s, run %d: two threads give %d, one thread %d", cases[i].w,
                         cases[i].h, cases[i].rules, runs + 1, v, want);
        }
        if (!stats.helper_proofs)
            fail_msg("%dx%d %s: no helper proved a root first in %d runs", cases[i].w, cases[i].h,
                     cases[i].rules, runs);
    }
}

/*
 * The node counts of bench/bench_solver's quick set (default options, one thread): a signature
 * of the search.  A change here means the search changed: update it on purpose, with the
 * bench figures in docs/results.md.
 */
static void test_solver__bench_node_counts_are_the_signature(void **state)
{
    (void)state;
    static const struct {
        int w, h;
        const char *rules;
        int value;
        uint64_t nodes;
    } cases[] = {
        {4, 1, "tromp-taylor", 8, 9},
        {5, 1, "tromp-taylor", 0, 702},
        {2, 2, "tromp-taylor", 2, 285},
        {5, 1, "math", 29989, 147},
        {3, 3, "math", 29991, 916},
        {3, 2, "tromp-taylor", 0, 2862},
        {4, 2, "chinese", 16, 769},
        /* vdWW: cycle requirements under cycle=draw since 2026-12-06 (before: 7,408, 1,978) */
        {7, 1, "chinese,ko=simple,cycle=draw", 4, 6657},
        {3, 2, "chinese,ko=simple,cycle=draw", 0, 2098},
    };
    int mismatches = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        search_options_t o = search_options_default();
        search_stats_t stats;
        int v = solve_empty_with(cases[i].w, cases[i].h, cases[i].rules, &o, &stats);
        uint64_t nodes = stats.nodes;
        assert_int_equal(v, cases[i].value);
        if (nodes != cases[i].nodes) {
            print_error("%dx%d %s: %llu nodes, signature %llu\n", cases[i].w, cases[i].h,
                        cases[i].rules, (unsigned long long)nodes,
                        (unsigned long long)cases[i].nodes);
            mismatches++;
        }
    }
    assert_int_equal(mismatches, 0);
}

/* Simple ko without a cycle rule is refused: its game tree is infinite. */
static void test_solver__refuses_rules_with_an_infinite_tree(void **state)
{
    (void)state;
    rules_t r;
    assert_true(rules_parse(&r, "japanese,cycle=none", NULL));
    GError *err = NULL;
    board_geom_t *g = board_geom_create(2, 2, NULL);
    assert_null(search_create(g, &r, NULL, &err));
    assert_non_null(err);
    g_error_free(err);
    board_geom_destroy(g);
}

/* ---- The command --------------------------------------------------------------------------- */

/* Runs mathgo with the arguments; returns the exit status and its stdout. */
/* Runs `mathgo ARGS` (ARGS split at spaces) through tests/support; its exit status, and its
 * stdout in *out (free with g_free) when out is not NULL. */
static int run_mathgo(char **out, const char *args)
{
    char **argv = g_strsplit(args, " ", -1);
    support_run_t r = support_run(NULL, (const char *const *)argv);
    g_strfreev(argv);
    int status = r.status;
    if (out) {
        *out = r.out;
        r.out = NULL;
    }
    support_run_clear(&r);
    return status;
}

static void test_solver__command_prints_value_game_csv_and_sgf(void **state)
{
    (void)state;
    char *out;
    assert_int_equal(run_mathgo(&out, "solve 2x2"), 0);
    assert_non_null(strstr(out, "result: B+1"));
    assert_non_null(strstr(out, "optimal game"));
    g_free(out);
    assert_int_equal(run_mathgo(&out, "solve 1x3 --rules math --pv-diagrams"), 0);
    assert_non_null(strstr(out, "Black wins"));
    g_free(out);
    assert_int_equal(run_mathgo(&out, "solve 1x4 --rules tromp-taylor --csv"), 0);
    assert_non_null(strstr(out, "board,rules,komi,to_move,result,margin,best_moves,plies,nodes"));
    assert_non_null(strstr(out, "1x4,\"tromp-taylor\",0,b,B+4,4,"));
    g_free(out);
    /* The CSV's threads column is the threads searched, as many as asked under every rule set
     * (the no-pass rules were held to one from 198d4e0 to 2026-12-06: docs/solver.md). */
    static const struct {
        const char *args, *threads;
    } asked[] = {
        {"solve 3x2 --rules math --threads 2 --value-only --csv --no-header", "2"},
        {"solve 3x2 --rules pseudo --threads 3 --value-only --csv --no-header", "3"},
        {"solve 3x2 --rules tromp-taylor --threads 2 --value-only --csv --no-header", "2"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(asked); i++) {
        assert_int_equal(run_mathgo(&out, asked[i].args), 0);
        char **fields = g_strsplit(out, ",", -1);
        assert_true(g_strv_length(fields) > 16);
        if (strcmp(fields[16], asked[i].threads))
            fail_msg("%s: threads column '%s', want %s", asked[i].args, fields[16],
                     asked[i].threads);
        g_strfreev(fields);
        g_free(out);
    }
    /* --value-only: the value, no moves; a last-move value still gives the game's length. */
    assert_int_equal(run_mathgo(&out, "solve 3x3 --rules math --value-only --csv --no-header"), 0);
    assert_non_null(strstr(out, "3x3,\"math\",0,b,B,,,9,"));
    g_free(out);
    assert_int_equal(run_mathgo(&out, "solve 2x2 --value-only"), 0);
    assert_non_null(strstr(out, "result: B+1"));
    assert_null(strstr(out, "optimal game"));
    g_free(out);
    char *dir = g_dir_make_tmp("mathgo-solve-XXXXXX", NULL);
    char *sgf = g_build_filename(dir, "game.sgf", NULL);
    char *args = g_strdup_printf("solve 3x1 --sgf %s", sgf);
    assert_int_equal(run_mathgo(NULL, args), 0);
    char *text;
    assert_true(g_file_get_contents(sgf, &text, NULL, NULL));
    assert_non_null(strstr(text, "SZ[3:1]"));
    assert_non_null(strstr(text, "RE[B+3]"));
    g_free(text);
    g_remove(sgf);
    g_rmdir(dir);
    g_free(args);
    g_free(sgf);
    g_free(dir);
}

/* --progress reports every root test on stderr: the question, the answer with its bound and
 * what is known of the value; stdout is unchanged. */
static void test_solver__command_reports_progress(void **state)
{
    (void)state;
    support_run_t r = support_runv(NULL, "solve", "3x3", "--value-only", "--progress", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.err, "value >= B+0.5? yes (bound B+"));
    assert_non_null(strstr(r.err, "value >= B+9.5? no (bound B+9), now in [B+9, B+9]"));
    assert_null(strstr(r.err, " 0 nodes"));
    assert_non_null(strstr(r.out, "result: B+9"));
    assert_null(strstr(r.out, "value >="));
    support_run_clear(&r);
}

static void test_solver__command_rejects_bad_input_with_status_2(void **state)
{
    (void)state;
    assert_int_equal(run_mathgo(NULL, "solve 9x9x"), 2);
    assert_int_equal(run_mathgo(NULL, "solve 9x8"), 2); /* 72 points: over the limit */
    assert_int_equal(run_mathgo(NULL, "solve 2x2 --rules nosuch"), 2);
    assert_int_equal(run_mathgo(NULL, "solve 2x2 --komi abc"), 2);
    assert_int_equal(run_mathgo(NULL, "solve 2x2 --rules japanese,cycle=none"), 2);
    assert_int_equal(run_mathgo(NULL, "solve 2x2 --to-move x"), 2);
    assert_int_equal(run_mathgo(NULL, "solve 2x2 --value-only --sgf x.sgf"), 2);
    char *path = g_build_filename(MATHGO_TEST_DATA, "solver_dead_chain.txt", NULL);
    char *args = g_strdup_printf("solve --from %s", path);
    assert_int_equal(run_mathgo(NULL, args), 2);
    g_free(args);
    g_free(path);
}

/* Runs `mathgo solve` with the arguments `format` makes of the data file `name`; checks its exit
 * status and that its stdout holds `needle` (when not NULL) and not `absent` (when not NULL). */
static void expect_solve(int status, const char *needle, const char *absent, const char *format,
                         const char *name)
{
    char *path = g_build_filename(MATHGO_TEST_DATA, name, NULL);
    char *args = g_strdup_printf(format, path);
    char *out = NULL;
    int got = run_mathgo(&out, args);
    if (got != status || (needle && !strstr(out, needle)) || (absent && strstr(out, absent)))
        fail_msg("mathgo %s: status %d, stdout [%s]", args, got, out);
    g_free(out);
    g_free(args);
    g_free(path);
}

/* Region diagrams (docs/rules.md): read with --region or recognised; the output shows the
 * region; a bad one exits with status 2 and names the line and column. */
static void test_solver__command_reads_region_diagrams(void **state)
{
    (void)state;
    /* X.....O: safe walls with --region (the values of test_solver_reference's corridor)... */
    expect_solve(0, "region (X O safe, x o stones, # off the board):\nX.....O\nresult: B+1\n", NULL,
                 "solve --from %s --region --rules tromp-taylor", "region_corridor.txt");
    /* ...ordinary stones without it (a plain diagram): another game, another value. */
    expect_solve(0, "result: B+2\n", "region", "solve --from %s --rules tromp-taylor",
                 "region_corridor.txt");
    /* A '#' point makes the region format without --region; CSV and diagrams work. */
    expect_solve(0, "#XXOO\n", NULL, "solve --from %s --rules math --pv-diagrams",
                 "region_walled.txt");
    expect_solve(0, "5x4,\"chinese\",0,b,", NULL,
                 "solve 5x4 --from %s --rules chinese --csv --no-header", "region_walled.txt");
    expect_solve(2, NULL, NULL, "solve 4x4 --from %s", "region_walled.txt"); /* it is 5x4 */
    assert_int_equal(run_mathgo(NULL, "solve 3x3 --region"), 2); /* --region without --from */
    /* SGF: the region as a comment, the hole marked. */
    char *dir = g_dir_make_tmp("mathgo-region-XXXXXX", NULL);
    char *sgf = g_build_filename(dir, "region.sgf", NULL);
    char *walled = g_build_filename(MATHGO_TEST_DATA, "region_walled.txt", NULL);
    support_run_t r = support_runv(NULL, "solve", "--from", walled, "--sgf", sgf, NULL);
    assert_int_equal(r.status, 0);
    support_run_clear(&r);
    char *text;
    assert_true(g_file_get_contents(sgf, &text, NULL, NULL));
    assert_non_null(strstr(text, "C[region (X O safe, x o stones, # off the board):\nXXXXO\n"));
    assert_non_null(strstr(text, "MA[ad]"));
    g_free(text);
    /* A chain without a liberty: status 2, line and column. */
    char *bad = g_build_filename(dir, "bad.txt", NULL);
    assert_true(g_file_set_contents(bad, "O.#\nxo#\n", -1, NULL));
    r = support_runv(NULL, "solve", "--from", bad, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "line 2, column 1: the black chain here has no liberty"));
    support_run_clear(&r);
    g_remove(bad);
    g_remove(sgf);
    g_rmdir(dir);
    g_free(bad);
    g_free(sgf);
    g_free(walled);
    g_free(dir);
}

/* The progress callback of test_solver__the_group_tax_bounds_every_score: the highest root
 * test asked. */
static void record_highest_test(const search_progress_t *p, void *data)
{
    int *highest = data;
    if (p->test > *highest)
        *highest = p->test;
}

/*
 * The values proof-number search's margin tests step between (search.h, search_value_possible)
 * and the range they start from (bounds_score_range), against the scoring itself: every stone
 * pattern of small boards, with prisoners under territory scoring, scores a possible value;
 * under area scoring without a cycle rule every score lies in the range and both ends are met;
 * the rules where a cycle or prisoners decide get no range.
 */
static void test_solver__every_score_is_a_possible_value_within_its_range(void **state)
{
    (void)state;
    static const int sizes[][2] = {{1, 3}, {1, 6}, {2, 3}, {3, 3}};
    static const char *ranged[] = {"chinese", "tromp-taylor,komi=7.5", "chinese,komi=-0.5",
                                   "old-chinese", "old-chinese,komi=2.5"};
    static const char *unranged[] = {"japanese", "japanese,komi=6.5",
                                     "chinese,ko=simple,cycle=draw",
                                     "chinese,ko=simple,cycle=draw,komi=0.5"};
    static const uint16_t prisoners[][2] = {{0, 0}, {1, 0}, {0, 3}, {2, 5}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        board_geom_t *g = board_geom_create(sizes[i][0], sizes[i][1], NULL);
        int n = g->size;
        for (size_t k = 0;
             k < sizeof ranged / sizeof ranged[0] + sizeof unranged / sizeof unranged[0]; k++) {
            bool has_range = k < sizeof ranged / sizeof ranged[0];
            const char *text =
                has_range ? ranged[k] : unranged[k - sizeof ranged / sizeof ranged[0]];
            rules_t r;
            assert_true(rules_parse(&r, text, NULL));
            int lo = 1, hi = -1;
            if (bounds_score_range(&lo, &hi, &r, g) != has_range)
                fail_msg("%dx%d %s: a range %s", sizes[i][0], sizes[i][1], text,
                         has_range ? "missing" : "given");
            int least = INT_MAX, most = INT_MIN;
            for (uint64_t code = 0, all = support_patterns(n); code < all; code++) {
                board_t b = support_pattern(code, n);
                for (size_t c = 0; c < sizeof prisoners / sizeof prisoners[0]; c++) {
                    uint16_t captures[2] = {prisoners[c][0], prisoners[c][1]};
                    int v = score_margin2(&b, g, &r, captures);
                    if (!search_value_possible(v, &r) || search_value_up(v, &r) != v ||
                        search_value_down(v, &r) != v)
                        fail_msg("%dx%d %s: score %d is not a possible value", sizes[i][0],
                                 sizes[i][1], text, v);
                    least = v < least ? v : least;
                    most = v > most ? v : most;
                }
            }
            if (has_range) {
                if (least < lo || most > hi)
                    fail_msg("%dx%d %s: scores in [%d, %d], outside [%d, %d]", sizes[i][0],
                             sizes[i][1], text, least, most, lo, hi);
                assert_int_equal(least, lo);
                assert_int_equal(most, hi);
            }
        }
        /* Between two possible values the steps land on them: komi 0, 0.5. */
        rules_t r;
        assert_true(rules_parse(&r, "chinese", NULL));
        assert_int_equal(search_value_up(1, &r), 2);
        assert_int_equal(search_value_down(-1, &r), -2);
        assert_true(rules_parse(&r, "chinese,ko=simple,cycle=draw,komi=0.5", NULL));
        assert_true(search_value_possible(0, &r)); /* a tie by a cycle */
        assert_int_equal(search_value_up(2, &r), 3);
        assert_int_equal(search_value_down(-2, &r), -3);
        board_geom_destroy(g);
    }
}

/* bounds_value_range: every final score of old-chinese (both ways of counting a group, with
 * and without komi) on every stone pattern of small boards lies in the range, whose ends are
 * met; the rules that keep the trivial range get none. */
static void test_solver__the_group_tax_bounds_every_score(void **state)
{
    (void)state;
    static const int sizes[][2] = {{1, 3}, {1, 7}, {2, 4}, {3, 3}, {3, 4}};
    static const char *taxed[] = {"old-chinese", "old-chinese,taxgroup=eyes",
                                  "old-chinese,komi=7.5"};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        board_geom_t *g = board_geom_create(sizes[i][0], sizes[i][1], NULL);
        int n = g->size;
        for (size_t k = 0; k < sizeof taxed / sizeof taxed[0]; k++) {
            rules_t r;
            assert_true(rules_parse(&r, taxed[k], NULL));
            int lo, hi;
            assert_true(bounds_value_range(&lo, &hi, &r, g));
            int least = INT_MAX, most = INT_MIN;
            for (uint64_t code = 0, all = support_patterns(n); code < all; code++) {
                board_t b = support_pattern(code, n);
                uint16_t captures[2] = {0, 0};
                int v = score_margin2(&b, g, &r, captures);
                least = v < least ? v : least;
                most = v > most ? v : most;
            }
            if (least < lo || most > hi)
                fail_msg("%dx%d %s: scores in [%d, %d], outside [%d, %d]", sizes[i][0], sizes[i][1],
                         taxed[k], least, most, lo, hi);
            assert_int_equal(least, lo);
            assert_int_equal(most, hi);
        }
        static const char *untaxed[] = {"chinese", "tromp-taylor",
                                        "old-chinese,cycle=draw,ko=simple", "japanese", "math"};
        for (size_t k = 0; k < sizeof untaxed / sizeof untaxed[0]; k++) {
            rules_t r;
            assert_true(rules_parse(&r, untaxed[k], NULL));
            int lo = 1, hi = -1;
            assert_false(bounds_value_range(&lo, &hi, &r, g));
            assert_int_equal(lo, 1);
        }
        board_geom_destroy(g);
    }
    /* The solver asks no root test past the range: 3x3 old-chinese is B+7, the end of it, and
     * the test "B >= 7.5?" was its most costly (19,424 nodes in all before, 481 now). */
    board_geom_t *g = board_geom_create(3, 3, NULL);
    rules_t r;
    assert_true(rules_parse(&r, "old-chinese", NULL));
    search_options_t o = search_options_default();
    o.tt_bytes = 1u << 20;
    int highest = INT_MIN;
    o.progress = record_highest_test;
    o.progress_data = &highest;
    search_t *s = search_create(g, &r, &o, NULL);
    game_t *game = game_create(g, &r);
    int v;
    assert_true(search_value(&v, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
    assert_int_equal(v, 14);
    assert_true(highest > INT_MIN && highest <= 14);
    game_destroy(game);
    search_destroy(s);
    board_geom_destroy(g);
}

/* The progress events of one solve, checked as they come (from whichever thread searches, so a
 * problem is recorded, not failed at once): each root test begins (after the first, with the
 * bounds the last answer left; the first gives the range the search starts from), then only
 * passes of that test begin (numbered from 1, with a budget) and end unknown (naming the pass
 * that began last), then it is answered, before the next test begins. */
typedef struct progress_log {
    bool open;  /* a test began and is not answered yet */
    int test;   /* the open test */
    int lo, hi; /* the bounds the last event gave */
    int began, answered;
    int pass;           /* the open test's last pass (0: none yet) */
    int passes;         /* passes begun over all tests */
    int unknown_passes; /* passes that ended unknown */
    char problem[160];  /* the first event out of order, or "" */
} progress_log_t;

static void log_progress(const search_progress_t *p, void *data)
{
    progress_log_t *log = data;
    const char *bad = NULL;
    if (p->began && p->done)
        bad = "began and answered at once";
    else if (p->began && log->open)
        bad = "a test began while another was open";
    else if (p->began && log->answered && (p->lo != log->lo || p->hi != log->hi))
        bad = "a test began with other bounds than the last answer left";
    else if (!p->began && (!log->open || p->test != log->test))
        bad = "an answer, a pass or an unknown pass of a test that had not begun";
    else if (p->pass_began && (p->began || p->done || p->pass != log->pass + 1 || !p->budget))
        bad = "a pass that is not the next of its test, or without a budget";
    else if (!p->pass_began && !p->began && !p->done && p->pass != log->pass)
        bad = "an unknown pass naming another pass than the last begun";
    if (bad && !log->problem[0])
        snprintf(log->problem, sizeof log->problem, "%s (test %d, open %d, bounds [%d, %d])", bad,
                 p->test, log->open ? log->test : 0, p->lo, p->hi);
    log->began += p->began;
    log->answered += p->done;
    log->passes += p->pass_began;
    log->unknown_passes += !p->began && !p->done && !p->pass_began;
    log->pass = p->began ? 0 : p->pass_began ? p->pass : log->pass;
    log->open = p->began || (log->open && !p->done);
    log->test = p->test;
    log->lo = p->lo, log->hi = p->hi;
}

static void check_progress_log(const progress_log_t *log, const char *what)
{
    if (log->problem[0])
        fail_msg("%s: %s", what, log->problem);
    if (log->open || log->began != log->answered || log->answered < 2)
        fail_msg("%s: %d tests began, %d answered, one open: %d", what, log->began, log->answered,
                 log->open);
}

/*
 * `solve --progress` names the root test being asked (front/cmd_solve.c's heartbeat) from the
 * progress event that says a test began: every answered test of alpha-beta (scored tests with
 * their horizon passes, distance tests) and of proof-number search (margin tests, the winner
 * and distance tests) began first, with the bounds the answers before it left; and the passes
 * it names (`pass 17: horizon 30 plies, budget ...`) are those of the test asked.  Checked:
 * with alpha-beta's event removed from solver/driver.c the 4x3 case fails, with proof-number
 * search's removed from solver/pns_solve.c the first strip case, with a pass's number off by
 * one where it begins the 4x3 case, where it ends unknown the 2x2 case. */
static void test_solver__progress_tells_each_root_test_before_its_answer(void **state)
{
    (void)state;
    static const struct {
        int width, height;
        const char *rules;
        bool pns;
    } cases[] = {
        {4, 3, "chinese", false},
        {3, 3, "chinese,ko=simple,cycle=draw", false},
        {2, 2, "chinese", false},
        {3, 2, "math", false},
        {5, 1, "chinese,ko=simple,cycle=draw", true},
        {5, 1, "math", true},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        board_geom_t *g = board_geom_create(cases[i].width, cases[i].height, NULL);
        rules_t r;
        assert_true(rules_parse(&r, cases[i].rules, NULL));
        game_t *game = game_create(g, &r);
        progress_log_t log = {0};
        char what[64];
        snprintf(what, sizeof what, "%dx%d %s, %s", cases[i].width, cases[i].height, cases[i].rules,
                 cases[i].pns ? "pns" : "alpha-beta");
        if (cases[i].pns) {
            pns_t *p = pns_create(0);
            pns_set_progress(p, log_progress, &log);
            search_result_t res;
            assert_true(pns_solve(&res, p, game, true, NULL));
            pns_destroy(p);
        } else {
            search_options_t o = search_options_default();
            o.tt_bytes = 1u << 20;
            o.progress = log_progress;
            o.progress_data = &log;
            search_t *s = search_create(g, &r, &o, NULL);
            int v;
            assert_true(search_value(&v, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
            search_destroy(s);
        }
        check_progress_log(&log, what);
        /* 2x2 chinese has passes that end unknown (their lines name the pass). */
        if (cases[i].width == 2 && !log.unknown_passes)
            fail_msg("%s: no pass ended unknown", what);
        /* Passes are the scored alpha-beta searches' alone (last-move scoring asks distance
         * tests without a horizon; proof-number search has no passes). */
        bool scored = !cases[i].pns && r.scoring != RULES_SCORING_LAST_MOVE;
        if (scored != (log.passes > 0))
            fail_msg("%s: %d passes began", what, log.passes);
        game_destroy(game);
        board_geom_destroy(g);
    }
}

/* The line events of one search_solve (search_progress_t.line_step), checked as they come. */
typedef struct line_log {
    int value;         /* the solve's value, known before the line */
    int first_moves;   /* line_moves of the first moves' events (0: none yet) */
    int first_tested;  /* first-move searches announced */
    int plies;         /* the optimal game's ply of the last event */
    int tested;        /* line_tested of the last event */
    int events;        /* line events */
    char problem[160]; /* the first event out of order, or "" */
} line_log_t;

static void log_line(const search_progress_t *p, void *data)
{
    line_log_t *log = data;
    if (!p->line_step) {
        if (log->events && !log->problem[0])
            snprintf(log->problem, sizeof log->problem, "a root test after the line began");
        return;
    }
    const char *bad = NULL;
    if (p->lo != p->hi || p->lo != log->value)
        bad = "a line event without the exact value";
    else if (p->line_tested < 0 || p->line_tested >= p->line_moves)
        bad = "a move number outside the moves";
    else if (p->line_plies < log->plies)
        bad = "the optimal game's ply went back";
    else if (p->line_plies == log->plies && log->events && p->line_tested != log->tested + 1)
        bad = "a search of the same ply that is not the next move";
    else if (p->line_plies > log->plies && (p->line_tested != 0 || p->line_plies != log->plies + 1))
        bad = "a new ply that is not the next, or whose first search is not its first move";
    if (bad && !log->problem[0])
        snprintf(log->problem, sizeof log->problem, "%s (ply %d, move %d of %d)", bad,
                 p->line_plies, p->line_tested, p->line_moves);
    if (p->line_plies == 0) {
        log->first_moves = p->line_moves;
        log->first_tested++;
    }
    log->plies = p->line_plies, log->tested = p->line_tested;
    log->events++;
}

/*
 * After the value, search_solve announces each search of its line (front/cmd_solve.c's
 * heartbeat: "the optimal first moves: move 3 of 16", "the optimal game: ply 7, move 2 of 9"):
 * every legal first move once, in order, then the game's plies in order, each from its first
 * move, always with the exact value; proof-number search's solve (pns_solve) too.  Checked: with
 * the game's event given the ply before, or the first moves' skipped, it fails.
 */
static void test_solver__progress_tells_each_search_of_the_optimal_line(void **state)
{
    (void)state;
    static const struct {
        int width, height;
        const char *rules;
        bool pns;
    } cases[] = {{3, 3, "math", false},
                 {3, 2, "chinese", false},
                 {2, 2, "tromp-taylor", false},
                 {5, 1, "math", true},
                 {4, 1, "chinese,ko=simple,cycle=draw", true}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        board_geom_t *g = board_geom_create(cases[i].width, cases[i].height, NULL);
        rules_t r;
        assert_true(rules_parse(&r, cases[i].rules, NULL));
        game_t *game = game_create(g, &r);
        /* The value first (alpha-beta's, for both searches), so that the log knows it; its
         * root tests come before any line event. */
        line_log_t log = {0};
        search_options_t o = search_options_default();
        o.tt_bytes = 1u << 20;
        o.progress = log_line;
        o.progress_data = &log;
        search_t *s = search_create(g, &r, &o, NULL);
        assert_true(search_value(&log.value, s, game, -SEARCH_VALUE_INF, SEARCH_VALUE_INF, NULL));
        search_result_t res;
        if (cases[i].pns) { /* proof-number search's solve tells its line alike */
            pns_t *p = pns_create(0);
            pns_set_progress(p, log_line, &log);
            assert_true(pns_solve(&res, p, game, false, NULL));
            pns_destroy(p);
        } else
            assert_true(search_solve(&res, s, game, NULL));
        board_move_t moves[BOARD_MAX_POINTS + 1];
        int n = game_legal_moves(moves, game);
        if (log.problem[0])
            fail_msg("%s: %s", cases[i].rules, log.problem);
        if (log.first_moves != n || log.first_tested != n)
            fail_msg("%s: %d first moves announced of %d (%d legal)", cases[i].rules,
                     log.first_tested, log.first_moves, n);
        if (res.pv_length < 1 || log.plies != res.pv_length)
            fail_msg("%s: the last event at ply %d, the game %d plies", cases[i].rules, log.plies,
                     res.pv_length);
        search_destroy(s);
        game_destroy(game);
        board_geom_destroy(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solver__legal_moves_equal_game_legal_moves_on_random_games),
        cmocka_unit_test(test_solver__values_after_histories_from_data),
        cmocka_unit_test(test_solver__reproduces_published_values),
        cmocka_unit_test(test_solver__the_group_tax_bounds_every_score),
        cmocka_unit_test(test_solver__every_score_is_a_possible_value_within_its_range),
        cmocka_unit_test(test_solver__empty_board_is_never_negative_with_passes),
        cmocka_unit_test(test_solver__two_contexts_are_independent_and_deterministic),
        cmocka_unit_test(test_solver__cleared_interrupt_searches_again),
        cmocka_unit_test(test_solver__winner_deepens_by_distance_under_last_move_rules),
        cmocka_unit_test(test_solver__threads_agree_with_one_thread),
        cmocka_unit_test(test_solver__a_helpers_proof_of_the_root_ends_the_test),
        cmocka_unit_test(test_solver__bench_node_counts_are_the_signature),
        cmocka_unit_test(test_solver__refuses_rules_with_an_infinite_tree),
        cmocka_unit_test(test_solver__command_prints_value_game_csv_and_sgf),
        cmocka_unit_test(test_solver__command_reports_progress),
        cmocka_unit_test(test_solver__progress_tells_each_root_test_before_its_answer),
        cmocka_unit_test(test_solver__progress_tells_each_search_of_the_optimal_line),
        cmocka_unit_test(test_solver__command_rejects_bad_input_with_status_2),
        cmocka_unit_test(test_solver__command_reads_region_diagrams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
