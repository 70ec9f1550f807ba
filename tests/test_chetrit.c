/*
 * tests/test_chetrit.c: the per-position study of Chetrit's claim (solver/chetrit.h) and the
 * `mathgo chetrit` command: rows worked by hand (tests/data/chetrit_1x2.txt), every row of
 * the small boards against the independent full-history search (tests/reference.h), the
 * seeded sample, the CSV format and bad input.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "solver/chetrit.h"

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "positions/diagram.h"
#include "positions/rank.h"
#include "solver/search.h"
#include "tests/reference.h"
#include "tests/support.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

/* The data file's CSV lines (its '#' lines are the hand derivation), joined with newlines. */
static char *expected_csv(const char *name)
{
    char *text = support_read_data(name);
    char **lines = g_strsplit(text, "\n", -1);
    GString *out = g_string_new(NULL);
    for (char **l = lines; *l; l++)
        if (**l && **l != '#')
            g_string_append_printf(out, "%s\n", *l);
    g_strfreev(lines);
    g_free(text);
    return g_string_free(out, FALSE);
}

static void test_chetrit__1x2_rows_match_the_hand_worked_table(void **state)
{
    (void)state;
    char *want = expected_csv("chetrit_1x2.txt");
    support_run_t r =
        support_runv(NULL, "chetrit", "1x2", "--positions", "all", "--csv", "--threads", "2", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, want);
    support_run_clear(&r);
    g_free(want);
}

/* The 3x1 row ".O." with White to move (docs/results.md): old Chinese White by 1, and yet
 * Mathematical Go a Black win. */
static void test_chetrit__3x1_dot_o_dot_white_to_move_is_a_counterexample(void **state)
{
    (void)state;
    GError *err = NULL;
    board_geom_t *g = board_geom_create(3, 1, &err);
    board_t b;
    int w, h;
    assert_true(diagram_parse(&b, &w, &h, ".O.\n", &err));
    chetrit_options_t o = chetrit_options_default();
    o.tt_bytes = (size_t)1 << 20;
    chetrit_t *c = chetrit_create(g, &o, &err);
    assert_non_null(c);
    chetrit_row_t row = {0};
    assert_true(chetrit_solve(&row, c, &b, BOARD_WHITE, &err));
    assert_int_equal(row.old_chinese_margin, -1);
    assert_int_equal(row.math_winner, BOARD_BLACK);
    assert_int_equal(row.white_groups, 1);
    assert_int_equal(row.empty_points, 2);
    chetrit_destroy(c);
    board_geom_destroy(g);
}

/*
 * Every position of the board, either side to move, every rule set: chetrit_solve (one table
 * per rule set shared by all the positions) against the reference search of each fresh start.
 */
static void check_board_against_reference(int width, int height)
{
    GError *err = NULL;
    board_geom_t *g = board_geom_create(width, height, &err);
    rank_t *rk = rank_create(g, &err);
    chetrit_options_t o = chetrit_options_default();
    o.tt_bytes = (size_t)4 << 20;
    chetrit_t *c = chetrit_create(g, &o, &err);
    assert_non_null(c);
    rules_t rules[CHETRIT_RULE_COUNT];
    for (int k = 0; k < CHETRIT_RULE_COUNT; k++)
        assert_true(rules_parse(&rules[k], chetrit_rule_texts[k], &err));
    for (uint64_t i = 0; i < rank_count(rk); i++) {
        board_t b;
        rank_unrank(&b, rk, i);
        for (int side = 0; side < 2; side++) {
            board_color_t to_move = side ? BOARD_WHITE : BOARD_BLACK;
            chetrit_row_t row = {0};
            assert_true(chetrit_solve(&row, c, &b, to_move, &err));
            int want[CHETRIT_RULE_COUNT];
            for (int k = 0; k < CHETRIT_RULE_COUNT; k++) {
                assert_true(row.solved[k]);
                game_t *game = game_create_from(g, &rules[k], &b, to_move, &err);
                assert_true(reference_value(&want[k], game, UINT64_MAX, NULL));
                game_destroy(game);
            }
            for (int k = 0; k < CHETRIT_RULE_COUNT; k++)
                if (k != CHETRIT_MATH && k != CHETRIT_PSEUDO &&
                    (2 * row.margin_lo[k] != want[k] || 2 * row.margin_hi[k] != want[k]))
                    fail_msg("%dx%d rank %llu, %s to move, %s: solved, with bounds [%d, %d] "
                             "for the doubled margin %d",
                             width, height, (unsigned long long)i, side ? "W" : "B",
                             chetrit_rule_texts[k], row.margin_lo[k], row.margin_hi[k], want[k]);
            int plies_math = SEARCH_VALUE_WIN - abs(want[CHETRIT_MATH]);
            int plies_pseudo = SEARCH_VALUE_WIN - abs(want[CHETRIT_PSEUDO]);
            board_color_t math = want[CHETRIT_MATH] > 0 ? BOARD_BLACK : BOARD_WHITE;
            board_color_t pseudo = want[CHETRIT_PSEUDO] > 0 ? BOARD_BLACK : BOARD_WHITE;
            if (row.math_winner != math || row.math_plies != plies_math ||
                row.pseudo_winner != pseudo || row.pseudo_plies != plies_pseudo ||
                2 * row.old_chinese_margin != want[CHETRIT_OLD_CHINESE] ||
                2 * row.chinese_margin != want[CHETRIT_CHINESE] ||
                2 * row.tromp_taylor_margin != want[CHETRIT_TROMP_TAYLOR] ||
                2 * row.old_chinese_eyes_margin != want[CHETRIT_OLD_CHINESE_EYES]) {
                char *d = diagram_format(&b, g);
                fail_msg("%dx%d rank %llu, %s to move:\n%s"
                         "study: math %d in %d, pseudo %d in %d, margins %d %d %d %d\n"
                         "reference (doubled margins): %d %d %d %d %d %d",
                         width, height, (unsigned long long)i, side ? "W" : "B", d, row.math_winner,
                         row.math_plies, row.pseudo_winner, row.pseudo_plies,
                         row.old_chinese_margin, row.chinese_margin, row.tromp_taylor_margin,
                         row.old_chinese_eyes_margin, want[0], want[1], want[2], want[3], want[4],
                         want[5]);
            }
        }
    }
    chetrit_destroy(c);
    rank_destroy(rk);
    board_geom_destroy(g);
}

static void test_chetrit__every_row_of_the_small_boards_agrees_with_the_reference(void **state)
{
    (void)state;
    check_board_against_reference(1, 3);
    check_board_against_reference(1, 4);
    check_board_against_reference(2, 2);
    check_board_against_reference(5, 1);
}

static void test_chetrit__samples_are_distinct_prefix_closed_and_named_by_their_seed(void **state)
{
    (void)state;
    GError *err = NULL;
    board_geom_t *g = board_geom_create(3, 3, &err);
    size_t n1, n2, n3, all;
    uint64_t *a = chetrit_select(&n1, g, CHETRIT_SELECT_SAMPLE, 1000, 7, &err);
    uint64_t *b = chetrit_select(&n2, g, CHETRIT_SELECT_SAMPLE, 1000, 7, &err);
    uint64_t *c = chetrit_select(&n3, g, CHETRIT_SELECT_SAMPLE, 1000, 8, &err);
    uint64_t *d = chetrit_select(&all, g, CHETRIT_SELECT_SAMPLE, 20000, 7, &err);
    assert_int_equal(n1, 1000);
    assert_int_equal(n2, 1000);
    assert_memory_equal(a, b, 1000 * sizeof *a);
    assert_true(memcmp(a, c, 1000 * sizeof *a) != 0);
    GHashTable *seen = g_hash_table_new(g_int64_hash, g_int64_equal);
    for (size_t i = 0; i < n1; i++) {
        assert_true(a[i] < 12675);
        assert_false(g_hash_table_contains(seen, &a[i]));
        g_hash_table_add(seen, &a[i]);
    }
    g_hash_table_destroy(seen);
    /* In the order drawn: the first 100 of sample:1000 are sample:100. */
    size_t n4;
    uint64_t *f = chetrit_select(&n4, g, CHETRIT_SELECT_SAMPLE, 100, 7, &err);
    assert_int_equal(n4, 100);
    assert_memory_equal(a, f, 100 * sizeof *a);
    g_free(f);
    assert_int_equal(all, 12675); /* a sample as large as the board is every position, in order */
    for (size_t i = 0; i < all; i++)
        assert_int_equal(d[i], i);
    /* Shuffled: every position once, its prefix the sample drawn with the same seed. */
    size_t n5;
    uint64_t *h = chetrit_select(&n5, g, CHETRIT_SELECT_SHUFFLED, 0, 7, &err);
    assert_int_equal(n5, 12675);
    assert_memory_equal(a, h, 1000 * sizeof *a);
    uint8_t *hit = g_new0(uint8_t, n5);
    for (size_t i = 0; i < n5; i++) {
        assert_true(h[i] < n5);
        assert_int_equal(hit[h[i]]++, 0);
    }
    g_free(hit);
    g_free(h);
    /* A board past 2^30 positions keeps the draws in a hash set: distinct, prefix-closed. */
    board_geom_t *big = board_geom_create(5, 5, &err);
    size_t m1, m2;
    uint64_t *p = chetrit_select(&m1, big, CHETRIT_SELECT_SAMPLE, 200, 7, &err);
    uint64_t *q = chetrit_select(&m2, big, CHETRIT_SELECT_SAMPLE, 50, 7, &err);
    assert_int_equal(m1, 200);
    assert_int_equal(m2, 50);
    assert_memory_equal(p, q, 50 * sizeof *p);
    for (size_t i = 0; i < m1; i++)
        for (size_t k = 0; k < i; k++)
            assert_true(p[i] != p[k]);
    g_free(p);
    g_free(q);
    board_geom_destroy(big);
    size_t one;
    uint64_t *e = chetrit_select(&one, g, CHETRIT_SELECT_EMPTY, 0, 0, &err);
    assert_int_equal(one, 1);
    assert_int_equal(e[0], 0);
    g_free(a), g_free(b), g_free(c), g_free(d), g_free(e);
    board_geom_destroy(g);
}

static void test_chetrit__summary_has_the_contingency_tables(void **state)
{
    (void)state;
    support_run_t r = support_runv(NULL, "chetrit", "2x2", "--positions", "all", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "57 positions (all), 114 rows"));
    assert_non_null(strstr(r.out, "Old Chinese margin (2 points per chain) against the "
                                  "Mathematical Go winner"));
    assert_non_null(strstr(r.out, "Tromp-Taylor margin against the pseudo-Go winner"));
    assert_non_null(strstr(r.out, "Every cell solved exactly."));
    support_run_clear(&r);
}

/* --memory caps the whole study: a cap just above the least (every search's table a few
 * buckets, the proof-number tree a few thousand nodes) gives the same rows as the default;
 * one below is refused before any work, exit status 1, naming what is needed; the plan keeps
 * every part within the cap. */
static void
test_chetrit__a_tiny_memory_cap_gives_the_same_rows_and_a_too_small_one_is_refused(void **state)
{
    (void)state;
    const char *boards[] = {"2x2", "1x5"};
    for (int b = 0; b < 2; b++) {
        support_run_t big = support_runv(NULL, "chetrit", boards[b], "--positions", "all", "--csv",
                                         "--threads", "1", NULL);
        support_run_t tiny = support_runv(NULL, "chetrit", boards[b], "--positions", "all", "--csv",
                                          "--threads", "1", "--memory", "16M", NULL);
        assert_int_equal(big.status, 0);
        assert_int_equal(tiny.status, 0);
        assert_string_equal(tiny.out, big.out);
        support_run_clear(&big);
        support_run_clear(&tiny);
    }
    support_run_t no =
        support_runv(NULL, "chetrit", "2x2", "--threads", "2", "--memory", "16M", NULL);
    assert_int_equal(no.status, 1);
    assert_non_null(strstr(no.err, "mathgo chetrit: --memory 16M: a memory cap of 16777216 bytes "
                                   "is too small: 2 workers need at least "));
    assert_string_equal(no.out, "");
    support_run_clear(&no);
    board_geom_t *g = board_geom_create(2, 2, NULL);
    chetrit_options_t o = chetrit_options_default();
    o.threads = 3;
    size_t fixed = chetrit_run_bytes(g, 57), cap = (size_t)256 << 20;
    assert_true(chetrit_memory_plan(&o, cap, fixed, NULL));
    assert_true(fixed + 3 * (CHETRIT_RULE_COUNT * o.search_bytes + 16 * o.pns_nodes) <= cap);
    assert_true(o.pns_nodes >= CHETRIT_PNS_MIN_NODES && o.pns_nodes <= CHETRIT_PNS_NODES);
    assert_false(chetrit_memory_plan(&o, fixed, fixed, NULL));
    board_geom_destroy(g);
}

/* The first n positions of the seeded sample (seed 1) of a width x height board, with the
 * ranker that unranks them, and a study on 4 MB tables without a limit but pseudo-Go's
 * (*exact; *options its options). */
typedef struct sampled {
    board_geom_t *g;
    rank_t *rk;
    uint64_t *ranks;
    size_t count;
    chetrit_t *exact;
} sampled_t;

static sampled_t sampled_create(int width, int height, uint64_t n, chetrit_options_t *options)
{
    GError *err = NULL;
    sampled_t t = {board_geom_create(width, height, NULL), NULL, NULL, 0, NULL};
    t.rk = rank_create(t.g, &err);
    assert_non_null(t.rk);
    t.ranks = chetrit_select(&t.count, t.g, CHETRIT_SELECT_SAMPLE, n, 1, &err);
    assert_non_null(t.ranks);
    *options = chetrit_options_default();
    options->tt_bytes = (size_t)4 << 20;
    options->pseudo_max_nodes = 1000; /* the margins are what the callers check */
    t.exact = chetrit_create(t.g, options, &err);
    assert_non_null(t.exact);
    return t;
}

static void sampled_destroy(sampled_t *t)
{
    chetrit_destroy(t->exact);
    g_free(t->ranks);
    rank_destroy(t->rk);
    board_geom_destroy(t->g);
}

/*
 * A margin stopped by the node limit keeps the bounds its finished tests proved: on 60 seeded
 * 3x3 positions with a limit of 1,000 nodes a search (29 capped cells, 11 of them narrowed,
 * 8 with their sign known, at 2026-12-02), each capped cell's bounds hold the margin of a
 * run without a limit (itself checked against the reference search on the smaller boards),
 * within the board's limits; those that tell a sign tell the right one.
 */
static void test_chetrit__capped_margins_keep_bounds_that_hold_the_margin(void **state)
{
    (void)state;
    GError *err = NULL;
    chetrit_options_t options;
    sampled_t t = sampled_create(3, 3, 60, &options);
    options.max_nodes = 1000;
    chetrit_t *capped = chetrit_create(t.g, &options, &err);
    assert_non_null(capped);
    static const chetrit_rule_t scored[] = {CHETRIT_OLD_CHINESE, CHETRIT_CHINESE,
                                            CHETRIT_TROMP_TAYLOR, CHETRIT_OLD_CHINESE_EYES};
    int cells = 0, unsolved = 0, narrowed = 0, signed_by_bounds = 0;
    for (size_t i = 0; i < t.count; i++) {
        board_t b;
        rank_unrank(&b, t.rk, t.ranks[i]);
        for (int side = 0; side < 2; side++) {
            board_color_t to_move = side ? BOARD_WHITE : BOARD_BLACK;
            chetrit_row_t want = {0}, got = {0};
            assert_true(chetrit_solve(&want, t.exact, &b, to_move, &err));
            assert_true(chetrit_solve(&got, capped, &b, to_move, &err));
            for (int k = 0; k < 4; k++) {
                chetrit_rule_t r = scored[k];
                assert_true(want.solved[r]);
                int margin = want.margin_lo[r], limit = chetrit_margin_limit(t.g, r);
                int lo = got.margin_lo[r], hi = got.margin_hi[r], sign;
                cells++;
                if (got.solved[r] ? lo != margin || hi != margin
                                  : lo > margin || hi < margin || lo < -limit || hi > limit) {
                    char *d = diagram_format(&b, t.g);
                    fail_msg("3x3 rank %llu, %s to move, %s:\n%smargin %d, %s with bounds "
                             "[%d, %d], limit %d",
                             (unsigned long long)t.ranks[i], side ? "W" : "B",
                             chetrit_rule_texts[r], d, margin, got.solved[r] ? "solved" : "capped",
                             lo, hi, limit);
                }
                if (got.solved[r])
                    continue;
                unsolved++;
                narrowed += lo > -limit || hi < limit;
                if (chetrit_margin_sign(&sign, &got, r)) {
                    signed_by_bounds++;
                    assert_int_equal(sign, (margin > 0) - (margin < 0));
                }
            }
        }
    }
    /* The limit must leave cells capped, and some with more than the board's limits.  No
     * proof-number search on a square board's margins. */
    assert_true(unsolved > 0 && unsolved < cells);
    chetrit_stats_t st = chetrit_stats(capped);
    for (int k = 0; k < 4; k++)
        assert_int_equal(st.pns_nodes[scored[k]], 0);
    assert_true(narrowed > 0);
    assert_true(signed_by_bounds > 0);
    chetrit_destroy(capped);
    sampled_destroy(&t);
}

/*
 * On a strip a margin that alpha-beta leaves at the cap goes to proof-number search with
 * alpha-beta at its leaves (margin_by_proof_numbers): on 10 seeded 1x8 positions with a cap of
 * 2,000 nodes a search, every scored cell the study answers equals the margin of a run without
 * a cap, a capped cell's bounds hold it, and fewer cells stay capped than with alpha-beta alone
 * (strip_margins_by_pns false), which the same checks hold too: 25 of the 80 cells against 46
 * (40 positions: 97 of 320 against 180).
 */
static void test_chetrit__strip_margins_capped_by_alpha_beta_go_to_proof_numbers(void **state)
{
    (void)state;
    GError *err = NULL;
    chetrit_options_t options;
    sampled_t t = sampled_create(8, 1, 10, &options);
    options.max_nodes = 2000;
    chetrit_t *capped[2]; /* alpha-beta alone, then with the fallback */
    for (int with = 0; with < 2; with++) {
        options.strip_margins_by_pns = with;
        capped[with] = chetrit_create(t.g, &options, &err);
        assert_non_null(capped[with]);
    }
    static const chetrit_rule_t scored[] = {CHETRIT_OLD_CHINESE, CHETRIT_CHINESE,
                                            CHETRIT_TROMP_TAYLOR, CHETRIT_OLD_CHINESE_EYES};
    int left[2] = {0, 0}; /* cells left at the cap */
    for (size_t i = 0; i < t.count; i++) {
        board_t b;
        rank_unrank(&b, t.rk, t.ranks[i]);
        for (int side = 0; side < 2; side++) {
            board_color_t to_move = side ? BOARD_WHITE : BOARD_BLACK;
            chetrit_row_t want = {0};
            assert_true(chetrit_solve(&want, t.exact, &b, to_move, &err));
            for (int with = 0; with < 2; with++) {
                chetrit_row_t got = {0};
                assert_true(chetrit_solve(&got, capped[with], &b, to_move, &err));
                for (int k = 0; k < 4; k++) {
                    chetrit_rule_t r = scored[k];
                    assert_true(want.solved[r]);
                    int margin = want.margin_lo[r];
                    int lo = got.margin_lo[r], hi = got.margin_hi[r];
                    if (got.solved[r] ? lo != margin || hi != margin : lo > margin || hi < margin) {
                        char *d = diagram_format(&b, t.g);
                        fail_msg("1x8 rank %llu, %s to move, %s%s:\n%smargin %d, %s with "
                                 "bounds [%d, %d]",
                                 (unsigned long long)t.ranks[i], side ? "W" : "B",
                                 chetrit_rule_texts[r], with ? "" : " (alpha-beta alone)", d,
                                 margin, got.solved[r] ? "solved" : "capped", lo, hi);
                    }
                    left[with] += !got.solved[r];
                }
            }
        }
    }
    assert_true(chetrit_stats(capped[1]).pns_nodes[CHETRIT_OLD_CHINESE] > 0);
    assert_int_equal(chetrit_stats(capped[0]).pns_nodes[CHETRIT_OLD_CHINESE], 0);
    if (!(left[0] > 0 && left[1] < left[0]))
        fail_msg("cells left at the cap: %d by alpha-beta alone, %d with the fallback", left[0],
                 left[1]);
    for (int with = 0; with < 2; with++)
        chetrit_destroy(capped[with]);
    sampled_destroy(&t);
}

/* A search stopped by --max-nodes is reported, never counted: empty cells, exit status 1. */
static void test_chetrit__unsolved_cells_are_reported_not_counted(void **state)
{
    (void)state;
    support_run_t r = support_runv(NULL, "chetrit", "4x4", "--max-nodes", "1000", "--csv", NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "rows unsolved under old-chinese"));
    assert_non_null(strstr(r.out, "4x4,0,..../..../..../....,B,,,,,,,0,0,16,,"));
    support_run_clear(&r);
}

/* Runs a command expected to fail with status 2 and one message line containing `needle`. */
static void expect_usage_error(const char *needle, ...)
{
    va_list ap;
    va_start(ap, needle);
    support_run_t r = support_run_va(NULL, "chetrit", ap);
    va_end(ap);
    if (r.status != 2 || !strstr(r.err, needle) || !g_str_has_prefix(r.err, "mathgo chetrit"))
        fail_msg("exited %d with stderr [%s]; expected 2 and '%s'", r.status, r.err, needle);
    const char *newline = strchr(r.err, '\n');
    if (!newline || newline[1] != '\0')
        fail_msg("more than one line: [%s]", r.err);
    support_run_clear(&r);
}

static void test_chetrit__bad_input_gets_one_message_and_status_2(void **state)
{
    (void)state;
    expect_usage_error("board size '0x3'", "0x3", NULL);
    expect_usage_error("board size '9x9' is not supported", "9x9", "--positions", "all", NULL);
    expect_usage_error("Unknown option --frobnicate", "3x3", "--frobnicate", NULL);
    expect_usage_error("--positions: 'some' is not empty, all, shuffled or sample:N", "3x3",
                       "--positions", "some", NULL);
    expect_usage_error("--positions: 'sample:0'", "3x3", "--positions", "sample:0", NULL);
    expect_usage_error("give a board size", NULL);
    expect_usage_error("--threads", "3x3", "--threads", "0", NULL);
    expect_usage_error("--memory: 'lots'", "3x3", "--memory", "lots", NULL);
}

/* The file in `dir` named `name` (free with g_free). */
static char *temp_path(const char *dir, const char *name)
{
    return g_build_filename(dir, name, NULL);
}

static char *file_text(const char *path)
{
    gchar *text = NULL;
    if (!g_file_get_contents(path, &text, NULL, NULL))
        fail_msg("cannot read %s", path);
    return text;
}

/* With --tablebase the last two columns are the tablebase's simple-ko value; on 1x2 they
 * equal the superko ones (tests/data/chetrit_1x2.txt). */
static void test_chetrit__tablebase_fills_the_simple_ko_columns(void **state)
{
    (void)state;
    char *dir = g_dir_make_tmp("mathgo-chetrit-XXXXXX", NULL);
    assert_non_null(dir);
    char *tb = temp_path(dir, "1x2.mgtb");
    support_run_t r = support_runv(NULL, "tablebase", "1x2", "--rules", "math", "-o", tb, NULL);
    assert_int_equal(r.status, 0);
    support_run_clear(&r);
    r = support_runv(NULL, "chetrit", "1x2", "--positions", "all", "--csv", "--tablebase", tb,
                     NULL);
    assert_int_equal(r.status, 0);
    char **lines = g_strsplit(r.out, "\n", -1);
    int rows = 0;
    for (char **l = lines + 1; *l && **l; l++, rows++) {
        char **f = g_strsplit(*l, ",", -1);
        assert_int_equal(g_strv_length(f), 30);
        assert_string_equal(f[20], f[4]); /* the winner */
        assert_string_equal(f[21], f[5]); /* the plies */
        g_strfreev(f);
    }
    assert_int_equal(rows, 10);
    g_strfreev(lines);
    support_run_clear(&r);
    /* A tablebase of another board or rule set is refused. */
    r = support_runv(NULL, "chetrit", "1x3", "--tablebase", tb, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "the tablebase is of 1x2, the study of 1x3"));
    support_run_clear(&r);
    char *pseudo = temp_path(dir, "pseudo.mgtb");
    r = support_runv(NULL, "tablebase", "1x2", "--rules", "pseudo", "-o", pseudo, NULL);
    assert_int_equal(r.status, 0);
    support_run_clear(&r);
    r = support_runv(NULL, "chetrit", "1x2", "--tablebase", pseudo, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "the study needs math,ko=simple,cycle=draw"));
    support_run_clear(&r);
    g_remove(tb);
    g_remove(pseudo);
    g_rmdir(dir);
    g_free(tb);
    g_free(pseudo);
    g_free(dir);
}

/*
 * --output resumes a stopped study: a file cut anywhere (inside a row, after a Black-to-move
 * row, after a whole position, inside the header) ends up byte for byte the uninterrupted
 * run's file, and the summary counts the rows read back.  A file of another study is refused.
 */
static void test_chetrit__output_resumes_a_stopped_study_exactly(void **state)
{
    (void)state;
    char *dir = g_dir_make_tmp("mathgo-chetrit-XXXXXX", NULL);
    assert_non_null(dir);
    char *full = temp_path(dir, "full.csv"), *cut = temp_path(dir, "cut.csv");
    support_run_t r = support_runv(NULL, "chetrit", "2x3", "--positions", "sample:40", "--seed",
                                   "3", "--output", full, "--threads", "2", NULL);
    assert_int_equal(r.status, 0);
    /* The tables: from the first one to the work of this run (which differs). */
    const char *tables = strstr(r.out, "Old Chinese margin");
    assert_non_null(tables);
    char *summary = g_strndup(tables, (size_t)(strstr(tables, "Work per rule set") - tables));
    assert_non_null(strstr(r.out, "40 positions (sample:40), 80 rows"));
    support_run_clear(&r);
    char *want = file_text(full);
    size_t length = strlen(want);
    size_t line_start[5] = {0}; /* the header, then rows 1-4: row 3 is a Black-to-move row */
    for (int i = 1; i < 5; i++)
        line_start[i] = line_start[i - 1] + strcspn(want + line_start[i - 1], "\n") + 1;
    size_t cuts[] = {10,         line_start[1], line_start[3], line_start[3] + 7,
                     length / 2, length - 1,    length};
    for (size_t i = 0; i < G_N_ELEMENTS(cuts); i++) {
        assert_true(g_file_set_contents(cut, want, (gssize)cuts[i], NULL));
        r = support_runv(NULL, "chetrit", "2x3", "--positions", "sample:40", "--seed", "3",
                         "--output", cut, "--threads", "2", NULL);
        if (r.status != 0)
            fail_msg("cut at %zu: status %d, stderr [%s]", cuts[i], r.status, r.err);
        char *got = file_text(cut);
        if (strcmp(got, want))
            fail_msg("cut at %zu: the resumed file differs", cuts[i]);
        /* The tables count every row, read back or solved now. */
        assert_non_null(strstr(r.out, summary));
        g_free(got);
        support_run_clear(&r);
    }
    /* Another seed, board or column set is another study: refused, the file left alone. */
    r = support_runv(NULL, "chetrit", "2x3", "--positions", "sample:40", "--seed", "4", "--output",
                     cut, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "not the next position of this study's selection"));
    support_run_clear(&r);
    r = support_runv(NULL, "chetrit", "3x2", "--positions", "sample:40", "--output", cut, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "board 2x3, not 3x2"));
    support_run_clear(&r);
    /* A cell that is not a value is named by its column. */
    size_t row2 = line_start[2];
    char *bad = g_strdup(want);
    char *plies = bad + line_start[1];
    for (int commas = 0; commas < 5; plies++)
        commas += *plies == ',';
    *plies = 'x'; /* the first digit of row 1's math_plies */
    assert_true(g_file_set_contents(cut, bad, (gssize)row2, NULL));
    g_free(bad);
    r = support_runv(NULL, "chetrit", "2x3", "--positions", "sample:40", "--seed", "3", "--output",
                     cut, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "line 2: math_plies 'x"));
    support_run_clear(&r);
    assert_true(g_file_set_contents(cut, "rank,position\n1,X\n", -1, NULL));
    r = support_runv(NULL, "chetrit", "2x3", "--output", cut, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "line 1 is not the header"));
    support_run_clear(&r);
    char *got = file_text(cut);
    assert_string_equal(got, "rank,position\n1,X\n");
    g_free(got);
    g_remove(full);
    g_remove(cut);
    g_rmdir(dir);
    g_free(want);
    g_free(summary);
    g_free(full);
    g_free(cut);
    g_free(dir);
}

/* The first `columns` comma-separated fields of every line of text. */
static char *first_columns(const char *text, int columns)
{
    char **lines = g_strsplit(text, "\n", -1);
    GString *out = g_string_new(NULL);
    for (char **l = lines; *l && **l; l++) {
        char **f = g_strsplit(*l, ",", -1);
        for (int k = 0; k < columns && f[k]; k++)
            g_string_append_printf(out, "%s%s", k ? "," : "", f[k]);
        g_string_append_c(out, '\n');
        g_strfreev(f);
    }
    g_strfreev(lines);
    return g_string_free(out, FALSE);
}

/*
 * A file written before the bounds columns (22 columns) is resumed: rewritten with them (a
 * solved margin as both bounds, an unsolved one the board's limits), an unpaired row and a cut
 * line dropped, and the rest of the study appended with the bounds it proves (which cells a
 * node limit stops depends on what the table holds, so those rows are not compared).
 */
static void test_chetrit__an_output_without_bounds_is_upgraded_on_resume(void **state)
{
    (void)state;
    char *dir = g_dir_make_tmp("mathgo-chetrit-XXXXXX", NULL);
    assert_non_null(dir);
    char *full = temp_path(dir, "full.csv"), *old = temp_path(dir, "old.csv");
#define UPGRADE_STUDY                                                                              \
    "chetrit", "3x3", "--positions", "sample:30", "--seed", "1", "--max-nodes", "1000",            \
        "--threads", "1"
    support_run_t r = support_runv(NULL, UPGRADE_STUDY, "--output", full, NULL);
    assert_int_equal(r.status, 1); /* capped cells */
    support_run_clear(&r);
    char *want = file_text(full);
    char *before = first_columns(want, 22);
    /* The old file: the header, 41 rows (20 positions and a half) and part of the next line. */
    size_t cut = 0;
    for (int line = 0; line < 42; line++)
        cut += strcspn(before + cut, "\n") + 1;
    assert_true(g_file_set_contents(old, before, (gssize)cut + 12, NULL));
    r = support_runv(NULL, UPGRADE_STUDY, "--output", old, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "40 rows rewritten with the bounds columns"));
    support_run_clear(&r);
    char *got = file_text(old);
    char *got_before = first_columns(got, 22);
    size_t kept = 0; /* the header and rows 1-40 */
    for (int line = 0; line < 41; line++)
        kept += strcspn(before + kept, "\n") + 1;
    assert_memory_equal(got_before, before, kept);
    /* Rows 1-40: the bounds of what the old file knew; then 20 more rows of 30 columns. */
    char **want_lines = g_strsplit(want, "\n", -1), **got_lines = g_strsplit(got, "\n", -1);
    assert_int_equal(g_strv_length(got_lines), g_strv_length(want_lines));
    assert_string_equal(got_lines[0], want_lines[0]);
    for (int i = 1; want_lines[i] && *want_lines[i]; i++) {
        char **w = g_strsplit(want_lines[i], ",", -1), **o = g_strsplit(got_lines[i], ",", -1);
        assert_int_equal(g_strv_length(o), 30);
        if (i > 40) {
            g_strfreev(w);
            g_strfreev(o);
            continue;
        }
        static const int margin[4] = {6, 7, 8, 13}, limit[4] = {7, 9, 9, 7};
        for (int k = 0; k < 4; k++) {
            char lo[16], hi[16];
            g_snprintf(lo, sizeof lo, "%d", -limit[k]);
            g_snprintf(hi, sizeof hi, "%d", limit[k]);
            const char *m = w[margin[k]];
            assert_string_equal(o[22 + 2 * k], *m ? m : lo);
            assert_string_equal(o[23 + 2 * k], *m ? m : hi);
        }
        g_strfreev(w);
        g_strfreev(o);
    }
    g_strfreev(want_lines);
    g_strfreev(got_lines);
    g_remove(full);
    g_remove(old);
    g_rmdir(dir);
    g_free(want);
    g_free(before);
    g_free(got);
    g_free(got_before);
    g_free(full);
    g_free(old);
    g_free(dir);
#undef UPGRADE_STUDY
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chetrit__1x2_rows_match_the_hand_worked_table),
        cmocka_unit_test(test_chetrit__3x1_dot_o_dot_white_to_move_is_a_counterexample),
        cmocka_unit_test(test_chetrit__every_row_of_the_small_boards_agrees_with_the_reference),
        cmocka_unit_test(test_chetrit__samples_are_distinct_prefix_closed_and_named_by_their_seed),
        cmocka_unit_test(test_chetrit__summary_has_the_contingency_tables),
        cmocka_unit_test(test_chetrit__capped_margins_keep_bounds_that_hold_the_margin),
        cmocka_unit_test(test_chetrit__strip_margins_capped_by_alpha_beta_go_to_proof_numbers),
        cmocka_unit_test(test_chetrit__unsolved_cells_are_reported_not_counted),
        cmocka_unit_test(
            test_chetrit__a_tiny_memory_cap_gives_the_same_rows_and_a_too_small_one_is_refused),
        cmocka_unit_test(test_chetrit__bad_input_gets_one_message_and_status_2),
        cmocka_unit_test(test_chetrit__tablebase_fills_the_simple_ko_columns),
        cmocka_unit_test(test_chetrit__output_resumes_a_stopped_study_exactly),
        cmocka_unit_test(test_chetrit__an_output_without_bounds_is_upgraded_on_resume),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
