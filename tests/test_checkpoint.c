/*
 * tests/test_checkpoint.c: checkpoints of a search (solver/checkpoint.h) and `mathgo solve
 * --checkpoint`: a run stopped again and again (node limits in-process; SIGKILL at seeded random
 * moments for the command) resumes to exactly the uninterrupted answer, every file left behind
 * loads, and damaged or foreign files are refused naming what is wrong; SIGINT stops a solve with
 * its bounds; a memory cap too small is refused before the search and a tiny one still solves.
 */
#define _POSIX_C_SOURCE 200809L /* kill, nanosleep */
#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "solver/checkpoint.h"
#include "solver/chetrit.h"
#include "solver/chetrit_checkpoint.h"
#include "solver/search.h"
#include "solver/tt.h"
#include "tests/support.h"

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <glib/gstdio.h>

/* The board of the command-line tests: about a second in a release build, many checkpoints. */
#define KILL_BOARD "4x3"
#define KILL_RULES "tromp-taylor"

typedef struct fixture {
    board_geom_t *geom;
    rules_t rules;
    game_t *game;
    char *problem;
    char *dir; /* a temporary folder for the files */
} fixture_t;

static void fixture_init(fixture_t *f, int width, int height, const char *rules)
{
    f->geom = board_geom_create(width, height, NULL);
    assert_true(rules_parse(&f->rules, rules, NULL));
    f->game = game_create(f->geom, &f->rules);
    f->problem = checkpoint_problem(f->game);
    f->dir = g_dir_make_tmp("mathgo-checkpoint-XXXXXX", NULL);
    assert_non_null(f->dir);
}

static void fixture_clear(fixture_t *f)
{
    game_destroy(f->game);
    board_geom_destroy(f->geom);
    g_free(f->problem);
    /* Every file the test left in its folder (a list of names missed "list" and "table",
     * and each run of the suite left a folder in /tmp until 2026-12-06). */
    GDir *dir = g_dir_open(f->dir, 0, NULL);
    for (const char *name; dir && (name = g_dir_read_name(dir));) {
        char *p = g_build_filename(f->dir, name, NULL);
        g_remove(p);
        g_free(p);
    }
    if (dir)
        g_dir_close(dir);
    g_rmdir(f->dir);
    g_free(f->dir);
}

static search_t *make_search(const fixture_t *f, uint64_t max_nodes, size_t tt_bytes)
{
    search_options_t o = search_options_default();
    o.tt_bytes = tt_bytes;
    o.max_nodes = max_nodes;
    search_t *s = search_create(f->geom, &f->rules, &o, NULL);
    assert_non_null(s);
    return s;
}

static void assert_same_answer(const search_result_t *a, const search_result_t *b)
{
    assert_int_equal(a->value, b->value);
    assert_int_equal(a->best_count, b->best_count);
    assert_memory_equal(a->best, b->best, (size_t)a->best_count * sizeof a->best[0]);
    assert_int_equal(a->pv_length, b->pv_length);
    assert_memory_equal(a->pv, b->pv, (size_t)a->pv_length * sizeof a->pv[0]);
}

/* A solve stopped by a node limit, saved, loaded into a new context and resumed, over and over,
 * gives the uninterrupted answer: under scored rule sets and a last-move one.  The checkpoint
 * keeps the optimal line's progress (search_line_t): with a 128 MB table 3x3 chinese spends
 * 89 k of its 107 k nodes on the optimal moves and game, and before the line was kept every
 * resumed run began them again, so that a limit of 60 k or 80 k nodes a run never finished;
 * now the second run does. */
static void
test_checkpoint__a_solve_resumed_from_many_stops_gives_the_uninterrupted_answer(void **state)
{
    (void)state;
    const struct {
        int w, h;
        const char *rules;
        size_t tt_bytes;
        uint64_t step;
        int most_stops;
    } cases[] = {{3, 3, "chinese", 4u << 20, 6000, 10},
                 {6, 2, "math", 4u << 20, 20000, 20},
                 {3, 3, "chinese", 128u << 20, 60000, 3}};
    int all_stopped_in_a_test = 0; /* resumed with search_resume_test */
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        fixture_t f;
        fixture_init(&f, cases[c].w, cases[c].h, cases[c].rules);
        search_t *s = make_search(&f, 0, cases[c].tt_bytes);
        search_result_t whole, resumed;
        assert_true(search_solve(&whole, s, f.game, NULL));
        uint64_t nodes_whole = search_stats(s).nodes;
        search_destroy(s);

        char *path = g_build_filename(f.dir, "a", NULL);
        int stops = 0, stopped_in_a_test = 0;
        for (;;) {
            s = make_search(&f, cases[c].step, cases[c].tt_bytes);
            if (g_file_test(path, G_FILE_TEST_EXISTS)) {
                checkpoint_info_t info;
                GError *err = NULL;
                if (!checkpoint_load(&info, path, "test", f.problem, search_table(s), &err))
                    fail_msg("%s", err->message);
                checkpoint_resume(s, &info);
                checkpoint_info_clear(&info);
            }
            GError *err = NULL;
            bool done = search_solve(&resumed, s, f.game, &err);
            if (done) {
                /* Saved once solved, the file answers again without a search. */
                search_bounds_t b = search_root_bounds(s);
                checkpoint_info_t info = {"test", "test", f.problem, b.lo, b.hi, b.nodes, b.seconds,
                                          {0},    false,  0,         NULL, 0,    false,   false};
                info.line = *b.line;
                assert_true(checkpoint_save(path, &info, search_table(s), NULL));
                search_destroy(s);
                s = make_search(&f, cases[c].step, cases[c].tt_bytes);
                assert_true(checkpoint_load(&info, path, "test", f.problem, search_table(s), NULL));
                checkpoint_resume(s, &info);
                checkpoint_info_clear(&info);
                search_result_t again;
                assert_true(search_solve(&again, s, f.game, NULL));
                assert_int_equal(search_stats(s).nodes, 0);
                assert_same_answer(&whole, &again);
                search_destroy(s);
                break;
            }
            assert_int_equal(err->code, SEARCH_ERROR_LIMIT);
            g_error_free(err);
            search_bounds_t b = search_root_bounds(s);
            checkpoint_info_t info = {"test", "test",    f.problem, b.lo, b.hi, b.nodes, b.seconds,
                                      {0},    b.testing, b.test,    NULL, 0,    false,   false};
            stopped_in_a_test += b.testing; /* the next run asks that test first */
            if (b.line)
                info.line = *b.line;
            assert_true(checkpoint_save(path, &info, search_table(s), NULL));
            search_destroy(s);
            stops++;
            if (stops > cases[c].most_stops)
                fail_msg("%dx%d %s: not solved after %d stops of %llu nodes", cases[c].w,
                         cases[c].h, cases[c].rules, stops, (unsigned long long)cases[c].step);
        }
        print_message("%dx%d %s: %llu nodes at once, %d stops of %llu nodes (%d in a root test)\n",
                      cases[c].w, cases[c].h, cases[c].rules, (unsigned long long)nodes_whole,
                      stops, (unsigned long long)cases[c].step, stopped_in_a_test);
        /* At least one resumption: since the area-margin move order (moves.c) 3x3 chinese
         * takes 42 k nodes with a 4 MB table and 6x2 math 186 k. */
        assert_true(stops >= 1);
        all_stopped_in_a_test += stopped_in_a_test;
        assert_same_answer(&whole, &resumed);
        g_free(path);
        fixture_clear(&f);
    }
    assert_true(all_stopped_in_a_test >= 1);
}

/* A line given to search_resume_line that does not fit the game (another value, an illegal
 * move, a best move never tested, counts past the moves there) is set aside, and the solve
 * finds the uninterrupted answer.  One that fits is taken as it is (the first moves it says
 * were tested are not tested again), except that a game no move continues at the value (a
 * non-optimal move in it: a checkpoint edited by hand) starts again from the root. */
static void test_checkpoint__a_line_that_does_not_fit_the_game_is_set_aside(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 3, 3, "chinese");
    search_t *s = make_search(&f, 0, 4u << 20);
    search_result_t whole, res;
    assert_true(search_solve(&whole, s, f.game, NULL));
    search_destroy(s);
    assert_true(whole.best_count == 1 && whole.pv_length > 4);
    board_move_t centre = whole.pv[0], other = whole.pv[1]; /* other: White's reply */
    search_line_t fits = {true, whole.value, 0, 0, {0}, 0, {0}, 0};
    search_line_t bad[6];
    for (int i = 0; i < 6; i++)
        bad[i] = fits;
    bad[0].value = whole.value - 2;                             /* another value */
    bad[1].pv_length = 2, bad[1].pv[0] = bad[1].pv[1] = centre; /* the same point twice */
    bad[2].tested = 1, bad[2].best_count = 1; /* a best move that is not the one tested */
    board_move_t moves[BOARD_MAX_POINTS + 1];
    assert_true(game_legal_moves(moves, f.game) > 1);
    bad[2].best[0] = moves[1];
    bad[3].tested = BOARD_MAX_POINTS + 1; /* more than the moves */
    bad[4].pv_length = 1, bad[4].pv[0] = centre, bad[4].pv_tested = 40;
    bad[5].started = false;
    for (int i = 0; i < 6; i++) {
        s = make_search(&f, 0, 4u << 20);
        search_resume(s, whole.value, whole.value);
        search_resume_line(s, &bad[i]);
        assert_true(search_solve(&res, s, f.game, NULL));
        search_destroy(s);
        assert_same_answer(&whole, &res);
    }
    /* Lines that fit: every first move tested and none kept, and a game begun by White's
     * reply, which no game at the value continues. */
    search_line_t taken = fits;
    taken.tested = game_legal_moves(moves, f.game);
    taken.pv_length = 1, taken.pv[0] = other;
    s = make_search(&f, 0, 4u << 20);
    search_resume(s, whole.value, whole.value);
    search_resume_line(s, &taken);
    assert_true(search_solve(&res, s, f.game, NULL));
    search_destroy(s);
    assert_int_equal(res.value, whole.value);
    assert_int_equal(res.best_count, 0);
    assert_int_equal(res.pv_length, whole.pv_length);
    assert_memory_equal(res.pv, whole.pv, (size_t)whole.pv_length * sizeof whole.pv[0]);
    fixture_clear(&f);
}

/* Writes a checkpoint of a partly searched 3x3 to path. */
static void write_partial(const fixture_t *f, const char *path)
{
    search_t *s = make_search(f, 3000, 4u << 20);
    search_result_t res;
    assert_false(search_solve(&res, s, f->game, NULL));
    search_bounds_t b = search_root_bounds(s);
    checkpoint_info_t info = {
        "test", "mathgo solve 3x3", f->problem, b.lo, b.hi, 1, 0.5, {0}, false, 0, NULL, 0, false,
        false};
    GError *err = NULL;
    if (!checkpoint_save(path, &info, search_table(s), &err))
        fail_msg("%s", err->message);
    search_destroy(s);
}

static bool count_entry(const tt_head_t *head, const tt_body_t *body, void *data)
{
    (void)head, (void)body;
    ++*(uint64_t *)data;
    return true;
}

static void expect_refusal(const char *path, const char *program, const char *problem, int code,
                           const char *message)
{
    checkpoint_info_t info;
    GError *err = NULL;
    tt_t *tt = tt_create(1u << 20);
    assert_false(checkpoint_load(&info, path, program, problem, tt, &err));
    assert_non_null(err);
    if (err->code != code || !strstr(err->message, message))
        fail_msg("expected code %d and '%s', got %d: %s", code, message, err->code, err->message);
    assert_non_null(strstr(err->message, path));
    /* Nothing of a refused file stays in the table. */
    uint64_t entries = 0;
    tt_for_each(tt, count_entry, &entries);
    assert_int_equal(entries, 0);
    g_error_free(err);
    checkpoint_info_clear(&info);
    tt_destroy(tt);
}

/* Rewrites the file with byte `at` (from the end when negative) xor-ed with `mask`, or cut to
 * `length` bytes when mask is 0. */
static void damage(const char *path, long at, uint8_t mask, size_t length)
{
    gchar *data;
    gsize n;
    assert_true(g_file_get_contents(path, &data, &n, NULL));
    if (mask) {
        size_t i = at < 0 ? n - (size_t)(-at) : (size_t)at;
        data[i] = (char)(data[i] ^ mask);
    } else
        n = length < n ? length : n;
    assert_true(g_file_set_contents(path, data, (gssize)n, NULL));
    g_free(data);
}

/* Rewrites the checkpoint at path with `from` in its text replaced by `to` (each given once)
 * and its trailer the SHA-256 of the new bytes: a file whose checksum is right. */
static void rewrite_with_checksum(const char *path, const char *from, const char *to)
{
    gchar *data;
    gsize n;
    assert_true(g_file_get_contents(path, &data, &n, NULL));
    char *at = g_strstr_len(data, (gssize)n, from);
    assert_non_null(at);
    const size_t trailer = sizeof "checksum sha256 " - 1 + 64 + 1;
    GString *out = g_string_new_len(data, at - data);
    g_string_append(out, to);
    size_t rest = (size_t)(at - data) + strlen(from);
    g_string_append_len(out, data + rest, (gssize)(n - trailer - rest));
    char *sum = g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *)out->str, out->len);
    g_string_append_printf(out, "checksum sha256 %s\n", sum);
    assert_true(g_file_set_contents(path, out->str, (gssize)out->len, NULL));
    g_free(sum);
    g_string_free(out, TRUE);
    g_free(data);
}

/* The file `good` (n bytes) with its header line `from` replaced by each of the `count` lines
 * of `bad` in turn, the checksum made right: each is refused as damaged, the message quoting
 * `from`'s form. */
static void expect_header_refusals(const char *path, const char *good, gsize n, const char *problem,
                                   const char *from, const char *const *bad, size_t count)
{
    char *quoted = g_strdup_printf("'%.*s'", (int)strlen(from) - 1, from);
    for (size_t i = 0; i < count; i++) {
        assert_true(g_file_set_contents(path, good, (gssize)n, NULL));
        rewrite_with_checksum(path, from, bad[i]);
        expect_refusal(path, "test", problem, CHECKPOINT_ERROR_CORRUPT, quoted);
    }
    g_free(quoted);
}

/* Every kind of damaged or foreign file is refused with its own message, and a good one loads. */
static void
test_checkpoint__damaged_and_foreign_files_are_refused_naming_what_is_wrong(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 3, 3, "chinese");
    char *a = g_build_filename(f.dir, "a", NULL);
    char *b = g_build_filename(f.dir, "b", NULL);
    char *sub = g_build_filename(f.dir, "sub", NULL);
    write_partial(&f, a);
    checkpoint_info_t info;
    GError *err = NULL;
    tt_t *tt = tt_create(1u << 20);
    if (!checkpoint_load(&info, a, "test", f.problem, tt, &err))
        fail_msg("%s", err->message);
    assert_string_equal(info.command, "mathgo solve 3x3");
    assert_int_equal(info.nodes, 1);
    checkpoint_info_clear(&info);
    tt_destroy(tt);
    /* The same entries into a table of another size: accepted (they are put in their buckets). */
    tt = tt_create(3u << 10);
    assert_true(checkpoint_load(&info, a, "test", f.problem, tt, NULL));
    checkpoint_info_clear(&info);
    tt_destroy(tt);

    expect_refusal(a, "0.0.1", f.problem, CHECKPOINT_ERROR_MISMATCH, "written by mathgo test");
    char *other;
    {
        board_geom_t *g = board_geom_create(3, 3, NULL);
        rules_t r;
        rules_parse(&r, "chinese,komi=7", NULL);
        game_t *game = game_create(g, &r);
        other = checkpoint_problem(game);
        game_destroy(game);
        board_geom_destroy(g);
    }
    expect_refusal(a, "test", other, CHECKPOINT_ERROR_MISMATCH, "another problem");
    g_free(other);

    gchar *good;
    gsize n;
    assert_true(g_file_get_contents(a, &good, &n, NULL));
    /* One byte flipped in the last entry, in the bounds, and in the checksum. */
    damage(a, -(long)(sizeof "checksum sha256 " + 64 + 10), 0x01, 0);
    expect_refusal(a, "test", f.problem, CHECKPOINT_ERROR_CORRUPT, "checksum");
    assert_true(g_file_set_contents(a, good, (gssize)n, NULL));
    char *bounds = strstr(good, "\nbounds ");
    assert_non_null(bounds);
    damage(a, bounds - good + 8, 0x01, 0);
    expect_refusal(a, "test", f.problem, CHECKPOINT_ERROR_CORRUPT, "");
    assert_true(g_file_set_contents(a, good, (gssize)n, NULL));
    damage(a, -3, 0x01, 0);
    expect_refusal(a, "test", f.problem, CHECKPOINT_ERROR_CORRUPT, "checksum");
    /* The optimal line's record (format 2): malformed ones refused with a right checksum, and
     * a file of format 1, without one, read as a line not begun. */
    const char *bad_lines[] = {"line 9 1 2 5 6 0 0\n", "line x\n", "line 9 1 1 5 1 300 0\n",
                               "line 9 1 1 5 0 0 0 7\n", "line 9 1 1 5 0\n"};
    expect_header_refusals(a, good, n, f.problem, "line -\n", bad_lines,
                           sizeof bad_lines / sizeof bad_lines[0]);
    assert_true(g_file_set_contents(a, good, (gssize)n, NULL));
    rewrite_with_checksum(a, "line -\n", "line 9 2 1 4 3 4 0 1 5\n");
    assert_true(checkpoint_load(&info, a, "test", f.problem, NULL, NULL));
    assert_true(info.line.started);
    assert_int_equal(info.line.value, 9);
    assert_int_equal(info.line.tested, 2);
    assert_int_equal(info.line.best_count, 1);
    assert_int_equal(info.line.best[0], 4);
    assert_int_equal(info.line.pv_length, 3);
    assert_int_equal(info.line.pv[2], 1);
    assert_int_equal(info.line.pv_tested, 5);
    checkpoint_info_clear(&info);
    /* The test under way (format 3): malformed ones refused, a test read back. */
    const char *bad_tests[] = {"test x\n", "test 5 6\n", "test 99999999\n", "test\n"};
    expect_header_refusals(a, good, n, f.problem, "test -\n", bad_tests,
                           sizeof bad_tests / sizeof bad_tests[0]);
    assert_true(g_file_set_contents(a, good, (gssize)n, NULL));
    rewrite_with_checksum(a, "test -\n", "test -7\n");
    assert_true(checkpoint_load(&info, a, "test", f.problem, NULL, NULL));
    assert_true(info.testing);
    assert_int_equal(info.test, -7);
    checkpoint_info_clear(&info);
    /* The proof-number tree (format 4): lines that describe none refused (a letter, too few
     * fields, more live nodes than the pool, a negative bound, free lists of another count,
     * a free block past the pool). */
    const char *bad_trees[] = {"tree x\n",
                               "tree b 0 0 0\n",
                               "tree b 0 0 0 5 6 66\n",
                               "tree b -1 0 0 1 1 66\n",
                               "tree b 0 0 0 1 1 3 - - -\n",
                               "tree b 0 2 0 1 1 66\n"};
    expect_header_refusals(a, good, n, f.problem, "tree -\n", bad_trees,
                           sizeof bad_trees / sizeof bad_trees[0]);
    /* Files of formats 3 (no tree), 2 (no test) and 1 (no line either) are read: none under
     * way, none begun. */
    assert_true(g_file_set_contents(a, good, (gssize)n, NULL));
    rewrite_with_checksum(a, "tree -\n", "");
    rewrite_with_checksum(a, "mathgo checkpoint 4\n", "mathgo checkpoint 3\n");
    assert_true(checkpoint_load(&info, a, "test", f.problem, NULL, NULL));
    assert_int_equal(info.tree_records, 0);
    checkpoint_info_clear(&info);
    rewrite_with_checksum(a, "test -\n", "");
    rewrite_with_checksum(a, "mathgo checkpoint 3\n", "mathgo checkpoint 2\n");
    assert_true(checkpoint_load(&info, a, "test", f.problem, NULL, NULL));
    assert_false(info.testing);
    checkpoint_info_clear(&info);
    rewrite_with_checksum(a, "line -\n", "");
    rewrite_with_checksum(a, "mathgo checkpoint 2\n", "mathgo checkpoint 1\n");
    assert_true(checkpoint_load(&info, a, "test", f.problem, NULL, NULL));
    assert_false(info.line.started);
    assert_false(info.testing);
    assert_int_equal(info.nodes, 1);
    checkpoint_info_clear(&info);
    /* Truncated anywhere: in the entries, in the header, to nothing. */
    assert_true(g_file_set_contents(a, good, (gssize)n, NULL));
    assert_true(g_file_set_contents(a, good, (gssize)n, NULL));
    damage(a, 0, 0, n - 1);
    expect_refusal(a, "test", f.problem, CHECKPOINT_ERROR_CORRUPT, "truncated");
    damage(a, 0, 0, 40);
    expect_refusal(a, "test", f.problem, CHECKPOINT_ERROR_CORRUPT, "line");
    damage(a, 0, 0, 0);
    expect_refusal(a, "test", f.problem, CHECKPOINT_ERROR_CORRUPT, "an empty file");
    /* Another format, another layout, binary garbage, a folder, no file. */
    assert_true(g_file_set_contents(a, "mathgo checkpoint 5\n", -1, NULL));
    expect_refusal(a, "test", f.problem, CHECKPOINT_ERROR_MISMATCH, "format '5'");
    assert_true(
        g_file_set_contents(a, "mathgo checkpoint 1\nprogram test\nlayout 0 32 224\n", -1, NULL));
    expect_refusal(a, "test", f.problem, CHECKPOINT_ERROR_MISMATCH, "layout 0");
    assert_true(g_file_set_contents(a,
                                    "\x7f"
                                    "ELF\x02\x01\x01\0\0\0",
                                    10, NULL));
    expect_refusal(a, "test", f.problem, CHECKPOINT_ERROR_CORRUPT, "line 1");
    assert_int_equal(g_mkdir(sub, 0700), 0);
    expect_refusal(sub, "test", f.problem, CHECKPOINT_ERROR_CORRUPT, "not a regular file");
    expect_refusal(b, "test", f.problem, CHECKPOINT_ERROR_IO, "cannot read");
    /* A save into a folder that does not exist fails, and leaves nothing. */
    char *nowhere = g_build_filename(f.dir, "none", "x", NULL);
    checkpoint_info_t any = {"test", "c",   f.problem, 0,    0, 0,     0,
                             {0},    false, 0,         NULL, 0, false, false};
    err = NULL;
    assert_false(checkpoint_save(nowhere, &any, NULL, &err));
    assert_int_equal(err->code, CHECKPOINT_ERROR_IO);
    g_error_free(err);
    g_free(nowhere);
    g_free(good);
    g_free(a);
    g_free(b);
    g_free(sub);
    fixture_clear(&f);
}

/* ---- The command ----------------------------------------------------------------------------- */

/* Starts mathgo with stdout and stderr into files of the folder; returns its pid. */
static pid_t start(const fixture_t *f, const char *const *args)
{
    char *out = g_build_filename(f->dir, "b", NULL), *err = g_build_filename(f->dir, "c", NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        if (!freopen(out, "w", stdout) || !freopen(err, "w", stderr))
            _exit(126);
        const char *argv[32] = {MATHGO_BINARY};
        for (int i = 0; args[i] && i < 30; i++)
            argv[i + 1] = args[i];
        execv(MATHGO_BINARY, (char *const *)argv);
        _exit(127);
    }
    g_free(out);
    g_free(err);
    return pid;
}

static char *read_in(const fixture_t *f, const char *name)
{
    char *p = g_build_filename(f->dir, name, NULL), *text = NULL;
    if (!g_file_get_contents(p, &text, NULL, NULL))
        text = g_strdup("");
    g_free(p);
    return text;
}

static void sleep_ms(unsigned ms)
{
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* The answer of `solve`'s text: every line but the costs (nodes, table, memory). */
static char *answer_of(const char *out)
{
    GString *s = g_string_new(NULL);
    char **lines = g_strsplit(out, "\n", -1);
    for (int i = 0; lines[i]; i++)
        if (!g_str_has_prefix(lines[i], "nodes ") && !g_str_has_prefix(lines[i], "table: ") &&
            !g_str_has_prefix(lines[i], "memory: "))
            g_string_append_printf(s, "%s\n", lines[i]);
    g_strfreev(lines);
    return g_string_free(s, FALSE);
}

/* Fails the test unless the files at a and b hold the same bytes. */
static void assert_same_bytes(const char *a, const char *b)
{
    gchar *da, *db;
    gsize na, nb;
    assert_true(g_file_get_contents(a, &da, &na, NULL));
    assert_true(g_file_get_contents(b, &db, &nb, NULL));
    assert_int_equal(na, nb);
    assert_memory_equal(da, db, na);
    g_free(da);
    g_free(db);
}

/* What the rounds of kill_until_done saw, for the check after each round. */
typedef struct rounds {
    const fixture_t *f;
    const char *path; /* the checkpoint */
    int resumed;      /* runs that said they resumed (solve) */
    int last_level;   /* the level the file holds (tablebase), -1 before one */
    int rises;        /* rounds after which it was higher */
} rounds_t;

/* The checkpoint file's modification time in ns, or -1 when there is none. */
static long long saved_at(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    return (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
}

/*
 * Runs args again and again, killing each of the first six runs with SIGKILL after a moment
 * drawn in [lo, hi) ms by a generator seeded with `seed`, counted from this run's first save
 * of the checkpoint file (so that every killed run has made progress to resume from, however
 * fast or slow the machine: on an idle one the whole 4x3 tablebase takes 0.27 s, and moments
 * counted from the start let it finish before the third kill); a run that ends before is
 * left.  Then one run goes to its end.  After each round calls check.  Fails the test when a
 * run exits with a status other than 0, or none finishes.  Returns the number of kills.
 */
static int kill_until_done(const char *const *args, guint32 seed, int lo, int hi,
                           void (*check)(rounds_t *r, int round), rounds_t *r)
{
    GRand *rng = g_rand_new_with_seed(seed);
    int kills = 0, finished = 0;
    for (int round = 0; round < 60 && !finished; round++) {
        long long before = saved_at(r->path);
        pid_t pid = start(r->f, args);
        int status;
        if (kills < 6) {
            for (int waited = 0; waited < 60000 && waitpid(pid, &status, WNOHANG) == 0 &&
                                 saved_at(r->path) == before;
                 waited += 1)
                sleep_ms(1);
            sleep_ms((unsigned)g_rand_int_range(rng, lo, hi));
            if (waitpid(pid, &status, WNOHANG) == 0) {
                kill(pid, SIGKILL);
                waitpid(pid, &status, 0);
                kills++;
            }
        } else
            waitpid(pid, &status, 0);
        char *err = read_in(r->f, "c");
        if (strstr(err, "resuming from"))
            r->resumed++;
        if (WIFEXITED(status)) {
            if (WEXITSTATUS(status) != 0)
                fail_msg("round %d: status %d: %s", round, WEXITSTATUS(status), err);
            finished = 1;
        }
        g_free(err);
        check(r, round);
    }
    assert_true(finished);
    g_rand_free(rng);
    return kills;
}

/* Whatever the moment of the kill, the solve's checkpoint is whole. */
static void check_solve_file(rounds_t *r, int round)
{
    if (!g_file_test(r->path, G_FILE_TEST_EXISTS))
        return;
    checkpoint_info_t info;
    GError *e = NULL;
    tt_t *tt = tt_create(1u << 20);
    if (!checkpoint_load(&info, r->path, NULL, r->f->problem, tt, &e))
        fail_msg("round %d: %s", round, e->message);
    checkpoint_info_clear(&info);
    tt_destroy(tt);
}

/* The tablebase's saved level never goes down. */
static void check_tablebase_file(rounds_t *r, int round)
{
    gchar *data;
    gsize n;
    (void)round;
    if (g_file_get_contents(r->path, &data, &n, NULL) && n >= 24) {
        int level = (uint8_t)data[20] | (uint8_t)data[21] << 8;
        assert_true(level >= r->last_level);
        r->rises += level > r->last_level;
        r->last_level = level;
        g_free(data);
    }
}

/* `mathgo solve --checkpoint` killed with SIGKILL at seeded random moments, again and again:
 * after every kill the file loads (or was not written yet), and the run that finishes prints
 * exactly the answer of a run never interrupted. */
static void test_checkpoint__solve_killed_again_and_again_resumes_to_the_same_answer(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 4, 3, KILL_RULES);
    char *path = g_build_filename(f.dir, "run", NULL);
    support_run_t whole =
        support_runv(NULL, "solve", KILL_BOARD, "--rules", KILL_RULES, "-q", NULL);
    assert_int_equal(whole.status, 0);
    char *expected = answer_of(whole.out);
    const char *args[] = {"solve", KILL_BOARD,           "--rules", KILL_RULES, "--checkpoint",
                          path,    "--checkpoint-every", "0.02",    NULL};
    rounds_t r = {&f, path, 0, -1, 0};
    /* Moments of 10-150 ms: a resumed run starts from its table and ends quickly (the whole
     * solve takes 0.26 s on an idle machine), and with 30-400 ms only two of the first runs
     * were killed in three of five tries on 2026-12-06 (six of six with these). */
    int kills = kill_until_done(args, 20261201, 10, 150, check_solve_file, &r);
    int resumed = r.resumed;
    char *out = read_in(&f, "b");
    char *got = answer_of(out);
    print_message("%d kills, %d resumed runs\n", kills, resumed);
    assert_true(kills >= 3);
    assert_true(resumed >= 1);
    assert_string_equal(got, expected);
    /* Once finished, the same command answers from the file. */
    support_run_t again = support_run(NULL, args);
    assert_int_equal(again.status, 0);
    char *answer_again = answer_of(again.out);
    assert_string_equal(answer_again, expected);
    g_free(answer_again);
    support_run_clear(&again);
    g_free(got);
    g_free(out);
    g_free(expected);
    support_run_clear(&whole);
    g_free(path);
    fixture_clear(&f);
}

/* `mathgo tablebase --checkpoint` killed with SIGKILL at seeded random moments, again and
 * again: every restart resumes from the file (a damaged one would be refused, status 2), the
 * levels saved only go up, and the tablebase written at the end is byte for byte the one of a
 * run never interrupted. */
static void test_checkpoint__tablebase_killed_again_and_again_writes_the_same_file(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 4, 3, "math");
    char *ckpt = g_build_filename(f.dir, "run", NULL), *whole = g_build_filename(f.dir, "a", NULL);
    char *resumed_path = g_build_filename(f.dir, "sub", NULL);
    support_run_t once = support_runv(NULL, "tablebase", "4x3", "-q", "-o", whole, NULL);
    assert_int_equal(once.status, 0);
    support_run_clear(&once);
    const char *args[] = {"tablebase",          "4x3", "-q", "--checkpoint", ckpt,
                          "--checkpoint-every", "0",   "-o", resumed_path,   NULL};
    rounds_t r = {&f, ckpt, 0, -1, 0};
    int kills = kill_until_done(args, 20261202, 0, 40, check_tablebase_file, &r);
    print_message("%d kills, the saved level rose %d times, to %d\n", kills, r.rises, r.last_level);
    assert_true(kills >= 3);
    assert_same_bytes(whole, resumed_path);
    g_remove(resumed_path);
    g_free(resumed_path);
    g_free(whole);
    g_free(ckpt);
    fixture_clear(&f);
}

/* Starts mathgo with `args`, sends SIGINT after 300 ms and checks that it exits with status 1;
 * returns its stderr (free with g_free). */
static char *interrupted_run(const fixture_t *f, const char *const *args)
{
    pid_t pid = start(f, args);
    sleep_ms(300);
    kill(pid, SIGINT);
    int status;
    waitpid(pid, &status, 0);
    char *err = read_in(f, "c");
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 1)
        fail_msg("status %d: %s", status, err);
    return err;
}

/* SIGINT stops a solve without a checkpoint: status 1 and the bounds known on stderr. */
static void test_checkpoint__sigint_stops_a_solve_with_the_bounds_known(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 3, 4, "math");
    const char *args[] = {"solve", "3x4", "--rules", "math", "-q", NULL};
    char *err = interrupted_run(&f, args);
    assert_non_null(strstr(err, "mathgo solve: 3x4 math: stopped by SIGINT after"));
    assert_non_null(strstr(err, "the value is in ["));
    g_free(err);
    fixture_clear(&f);
}

/* Writes a solve checkpoint for f's problem at path with the bounds [lo, hi] (Black's view,
 * doubled), no table entries and the earlier work `nodes` and `seconds`, as this build's mathgo
 * would (its version is the program's). */
static void write_bounds_checkpoint(fixture_t *f, const char *path, char *command, int lo, int hi,
                                    uint64_t nodes, double seconds, const search_line_t *line)
{
    support_run_t r = support_runv(NULL, "--version", NULL);
    assert_int_equal(r.status, 0);
    char *program = g_strstrip(g_strdup(r.out + strlen("mathgo ")));
    support_run_clear(&r);
    checkpoint_info_t info = {program, command, f->problem, lo,   hi, nodes, seconds,
                              {0},     false,   0,          NULL, 0,  false, false};
    if (line)
        info.line = *line;
    GError *err = NULL;
    if (!checkpoint_save(path, &info, NULL, &err))
        fail_msg("%s", err->message);
    g_free(program);
}

/* The heartbeat of a resumed solve says the bounds it resumed at until its first test ends
 * (it said "[?, ?]" before 2026-12-06), and the test being asked (since 2026-12-07).  The
 * checkpoint is written here: 4x5 chinese proven at least B+1 and no table entries, so the first
 * test of the resumed run, "B >= 1.5?", is far beyond the run's 2.5 s (no test of 4x5 ends in 40 s)
 * and every line after the resume is the heartbeat's. */
static void test_checkpoint__a_resumed_solve_shows_its_bounds_at_once(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 4, 5, "chinese");
    char *path = g_build_filename(f.dir, "run", NULL);
    write_bounds_checkpoint(&f, path, "mathgo solve 4x5 --rules chinese", 2, SEARCH_VALUE_INF, 1000,
                            1.0, NULL);
    support_run_t r = support_runv(NULL, "solve", "4x5", "--rules", "chinese", "--value-only",
                                   "--progress", "--max-time", "2.5", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "resuming from"));
    char **lines = g_strsplit(r.err, "\n", -1);
    int heartbeats = 0, last_pass = 0;
    for (int i = 0; lines[i]; i++) {
        if (!strstr(lines[i], "the value: in ["))
            continue;
        if (!strstr(lines[i], "the value: in [B+1, ?], asking >= B+1.5?"))
            fail_msg("a heartbeat without the resumed bounds and the test they lead to: [%s] in "
                     "[%s]",
                     lines[i], r.err);
        /* and the main search's pass: its number rises, its budget doubles every two */
        int pass, horizon;
        unsigned long long budget;
        const char *at = strstr(lines[i], "pass ");
        if (!at || sscanf(at, "pass %d: horizon %d plies, budget %llu nodes", &pass, &horizon,
                          &budget) != 3)
            fail_msg("a heartbeat without the pass: [%s]", lines[i]);
        if (pass < last_pass || pass < 1 || horizon < 1 || budget < 16384 ||
            budget > (16384ull << (pass / 2)))
            fail_msg("a heartbeat's pass %d (horizon %d, budget %llu) after pass %d: [%s]", pass,
                     horizon, budget, last_pass, r.err);
        last_pass = pass;
        heartbeats++;
    }
    if (!heartbeats || last_pass < 2)
        fail_msg("no heartbeat, or no second pass, in 2.5 s: [%s]", r.err);
    g_strfreev(lines);
    support_run_clear(&r);
    g_free(path);
    fixture_clear(&f);
}

/* A solve resumed from a checkpoint that holds the exact value goes on to the optimal first
 * moves and game, and its heartbeat says so at once (before 2026-12-07 it said "the value: in
 * [B in 25, B in 25]" for the whole of 4x5 `math`'s moves), naming the search of the line under
 * way.  The checkpoints are written here: 4x5 chinese with the value B+1 (as if proved) and no
 * table entries, so that a search of the line outlasts the run's 2.5 s and every line after the
 * resume is the heartbeat's; one with no line begun (the first moves come next), one whose
 * first moves are done and whose optimal game has its first two plies, B2 and C3 (its third ply
 * comes next: the 18 empty points and the pass, so "ply 3, move 1 of 19"; a heartbeat that
 * counted the plies from 0 said "ply 4"). */
static void
test_checkpoint__a_resumed_solve_with_its_value_names_the_search_of_its_line(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 4, 5, "chinese");
    char *path = g_build_filename(f.dir, "run", NULL);
    board_move_t moves[BOARD_MAX_POINTS + 1];
    int n = game_legal_moves(moves, f.game);
    search_line_t game_begun = {.started = true, .value = 2, .tested = n, .best_count = 1};
    game_begun.best[0] = moves[0];
    game_begun.pv_length = 2;
    game_begun.pv[0] = board_point(f.geom, 1, 1); /* B2 */
    game_begun.pv[1] = board_point(f.geom, 2, 2); /* C3 */
    static const struct {
        bool game;
        const char *words;
    } cases[] = {{false, "the value is B+1; the optimal first moves"},
                 {true, "the value is B+1; the optimal game: ply 3, move 1 of 19"}};
    for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
        write_bounds_checkpoint(&f, path, "mathgo solve 4x5 --rules chinese", 2, 2, 1000, 1.0,
                                cases[c].game ? &game_begun : NULL);
        support_run_t r = support_runv(NULL, "solve", "4x5", "--rules", "chinese", "--progress",
                                       "--max-time", "2.5", "--checkpoint", path, NULL);
        assert_int_equal(r.status, 1);
        assert_non_null(strstr(r.err, "resuming from"));
        char **lines = g_strsplit(r.err, "\n", -1);
        int heartbeats = 0;
        for (int i = 0; lines[i]; i++) {
            if (!strstr(lines[i], " nodes  ") || strstr(lines[i], "resuming from"))
                continue;
            if (!strstr(lines[i], cases[c].words))
                fail_msg("a heartbeat without '%s': [%s] in [%s]", cases[c].words, lines[i], r.err);
            heartbeats++;
        }
        if (!heartbeats)
            fail_msg("no heartbeat in 2.5 s: [%s]", r.err);
        g_strfreev(lines);
        support_run_clear(&r);
    }
    g_free(path);
    fixture_clear(&f);
}

/* The CSV row of a resumed solve adds the checkpoint's earlier work to its own in nodes_total
 * and time_total_s (before 2026-12-06 a multi-sitting run's totals were summed by hand from
 * each sitting's row and its "resuming from" line).  The checkpoint is written here: 2x3
 * chinese with nothing proved, 1000 nodes and 1.5 s of earlier work. */
static void test_checkpoint__a_resumed_solve_counts_the_earlier_work_in_its_totals(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 2, 3, "chinese");
    char *path = g_build_filename(f.dir, "run", NULL);
    write_bounds_checkpoint(&f, path, "mathgo solve 2x3 --rules chinese", -SEARCH_VALUE_INF,
                            SEARCH_VALUE_INF, 1000, 1.5, NULL);
    support_run_t r = support_runv(NULL, "solve", "2x3", "--rules", "chinese", "--value-only",
                                   "--csv", "-q", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 0);
    char *nodes = support_csv_column(r.out, "nodes"),
         *total = support_csv_column(r.out, "nodes_total");
    char *seconds = support_csv_column(r.out, "time_s");
    char *seconds_total = support_csv_column(r.out, "time_total_s");
    assert_true(g_ascii_strtoull(nodes, NULL, 10) > 0);
    assert_int_equal(g_ascii_strtoull(total, NULL, 10), g_ascii_strtoull(nodes, NULL, 10) + 1000);
    double gap = g_ascii_strtod(seconds_total, NULL) - g_ascii_strtod(seconds, NULL);
    if (gap < 1.499 || gap > 1.501)
        fail_msg("time_total_s %s is not time_s %s plus 1.5", seconds_total, seconds);
    g_free(nodes);
    g_free(total);
    g_free(seconds);
    g_free(seconds_total);
    support_run_clear(&r);
    g_free(path);
    fixture_clear(&f);
}

/* A level checkpoint of `tablebase` whose checksum is right and whose contents are not (found
 * by the fuzz target tablebase_level: values decided beyond the saved level and a long value
 * byte without its long state, which the resume took, counting 1001 of 1002 states) is refused
 * with status 2, naming what is wrong; the file is left as it was. */
static void
test_checkpoint__tablebase_refuses_a_level_file_with_a_right_checksum_and_wrong_values(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 2, 3, "math");
    char *path = g_build_filename(f.dir, "run", NULL);
    char *data_path =
        g_build_filename(MATHGO_TEST_DATA, "tablebase_level_values_beyond_level.tbc", NULL);
    gchar *data, *after;
    gsize size, after_size;
    assert_true(g_file_get_contents(data_path, &data, &size, NULL));
    assert_true(g_file_set_contents(path, data, (gssize)size, NULL));
    support_run_t r = support_runv(NULL, "tablebase", "2x3", "-q", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "a value decided beyond the next level"));
    assert_true(g_file_get_contents(path, &after, &after_size, NULL));
    assert_int_equal(after_size, size);
    assert_memory_equal(after, data, size);
    support_run_clear(&r);
    g_free(after);
    g_free(data);
    g_free(data_path);
    g_free(path);
    fixture_clear(&f);
}

/* Waits (at most 60 s) until the run's stderr holds `text`; false when the run ended first. */
static bool wait_for_stderr(const fixture_t *f, pid_t pid, const char *text)
{
    for (int waited = 0; waited < 60000; waited++) {
        char *err = read_in(f, "c");
        bool seen = strstr(err, text) != NULL;
        g_free(err);
        if (seen)
            return true;
        if (waitpid(pid, NULL, WNOHANG) != 0)
            return false;
        sleep_ms(1);
    }
    return false;
}

/* SIGINT stops `tablebase` cleanly: status 1 and the levels done on stderr; with --checkpoint
 * it saves the level it was in (at once, though the interval is long) and the same command
 * resumes from it to the very file of a run never interrupted; without, it stops at once. */
static void
test_checkpoint__sigint_stops_a_tablebase_which_resumes_from_its_last_level(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 4, 3, "math");
    char *ckpt = g_build_filename(f.dir, "run", NULL), *whole = g_build_filename(f.dir, "a", NULL);
    char *resumed = g_build_filename(f.dir, "sub", NULL);
    support_run_t once = support_runv(NULL, "tablebase", "4x3", "-q", "-o", whole, NULL);
    assert_int_equal(once.status, 0);
    support_run_clear(&once);
    for (int saving = 0; saving < 2; saving++) {
        const char *args[] = {"tablebase",          "4x3",  "--progress",   "-o", resumed,
                              "--checkpoint-every", "1000", "--checkpoint", ckpt, NULL};
        if (!saving)
            args[7] = NULL;
        char *err_path = g_build_filename(f.dir, "c", NULL);
        g_remove(err_path); /* the run before's stderr, which holds the text waited for */
        g_free(err_path);
        pid_t pid = start(&f, args);
        assert_true(wait_for_stderr(&f, pid, "level 3:"));
        kill(pid, SIGINT);
        int status;
        waitpid(pid, &status, 0);
        char *err = read_in(&f, "c");
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 1)
            fail_msg("%s: status %d: %s", saving ? "with --checkpoint" : "without", status, err);
        assert_non_null(strstr(err, "mathgo tablebase: 4x3: stopped by SIGINT after "));
        assert_non_null(strstr(err, " states decided"));
        assert_true(!saving || strstr(err, "levels 0 to "));
        assert_true(!strstr(err, "mathgo tablebase: saved ") == !saving);
        assert_false(g_file_test(resumed, G_FILE_TEST_EXISTS));
        g_free(err);
    }
    const char *args[] = {"tablebase",          "4x3",  "-q",           "-o", resumed,
                          "--checkpoint-every", "1000", "--checkpoint", ckpt, NULL};
    support_run_t again = support_run(NULL, args);
    assert_int_equal(again.status, 0);
    support_run_clear(&again);
    assert_same_bytes(whole, resumed);
    g_remove(resumed);
    g_free(resumed);
    g_free(whole);
    g_free(ckpt);
    fixture_clear(&f);
}

/* The study of the chetrit tests: 200 positions of 2x3 drawn with seed 3 (0.3 s in a release
 * build, a few seconds under the sanitizers). */
#define CHETRIT_BOARD_W   2
#define CHETRIT_BOARD_H   3
#define CHETRIT_SAMPLE    200
#define CHETRIT_SELECTION "sample:200"
#define CHETRIT_SEED      "3"
#define CHETRIT_STUDY     "chetrit", "2x3", "--positions", CHETRIT_SELECTION, "--seed", CHETRIT_SEED

/* Whatever the moment of the kill, the study's checkpoint loads (or was not written yet), and
 * it only gains positions. */
static void check_chetrit_file(rounds_t *r, int round)
{
    if (!g_file_test(r->path, G_FILE_TEST_EXISTS))
        return;
    chetrit_options_t options = chetrit_options_default();
    char *study = chetrit_checkpoint_study(r->f->geom, CHETRIT_SELECTION, 3, &options);
    chetrit_checkpoint_info_t info = {NULL, NULL, study};
    size_t count = 0, finished = 0;
    uint64_t *ranks =
        chetrit_select(&count, r->f->geom, CHETRIT_SELECT_SAMPLE, CHETRIT_SAMPLE, 3, NULL);
    assert_non_null(ranks);
    chetrit_row_t *rows = g_new0(chetrit_row_t, 2 * count);
    bool *done = g_new0(bool, count);
    GError *e = NULL;
    if (!chetrit_checkpoint_load(rows, done, &finished, r->path, &info, r->f->geom, ranks, count,
                                 &e))
        fail_msg("round %d: %s", round, e->message);
    assert_true((int)finished >= r->last_level);
    r->rises += (int)finished > r->last_level;
    r->last_level = (int)finished;
    g_free(rows);
    g_free(done);
    g_free(ranks);
    g_free(study);
}

/* `mathgo chetrit --checkpoint` with two threads (positions finish out of order) killed with
 * SIGKILL at seeded random moments, again and again: after every kill the file loads, and the
 * run that finishes prints exactly the CSV of a run never interrupted. */
static void test_checkpoint__chetrit_killed_again_and_again_prints_the_same_rows(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, CHETRIT_BOARD_W, CHETRIT_BOARD_H, "math");
    char *path = g_build_filename(f.dir, "run", NULL);
    support_run_t whole = support_runv(NULL, CHETRIT_STUDY, "--csv", "-q", NULL);
    assert_int_equal(whole.status, 0);
    const char *args[] = {CHETRIT_STUDY,        "--csv", "-q",           "--threads", "2",
                          "--checkpoint-every", "0",     "--checkpoint", path,        NULL};
    rounds_t r = {&f, path, 0, 0, 0};
    int kills = kill_until_done(args, 20261203, 0, 60, check_chetrit_file, &r);
    char *out = read_in(&f, "b");
    print_message("%d kills, %d resumed runs, the positions saved rose %d times\n", kills,
                  r.resumed, r.rises);
    assert_true(kills >= 3);
    assert_true(r.resumed >= 3);
    assert_string_equal(out, whole.out);
    g_free(out);
    support_run_clear(&whole);
    g_free(path);
    fixture_clear(&f);
}

/* The summary without its costs: every line but those ending in seconds (the first line's
 * time and the work per rule set). */
static char *chetrit_answer_of(const char *out)
{
    GString *s = g_string_new(NULL);
    char **lines = g_strsplit(out, "\n", -1);
    for (int i = 0; lines[i]; i++)
        if (!g_str_has_suffix(lines[i], " s"))
            g_string_append_printf(s, "%s\n", lines[i]);
    g_strfreev(lines);
    return g_string_free(s, FALSE);
}

/* SIGINT stops a study cleanly: status 1, the summary of the positions finished in order and
 * the count on stderr, the checkpoint saved; the same command resumes and prints the summary
 * of a run never interrupted (but for the time and the work). */
static void
test_checkpoint__sigint_stops_a_chetrit_study_which_resumes_to_the_same_summary(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, CHETRIT_BOARD_W, CHETRIT_BOARD_H, "math");
    char *path = g_build_filename(f.dir, "run", NULL);
    support_run_t whole = support_runv(NULL, CHETRIT_STUDY, "-q", NULL);
    assert_int_equal(whole.status, 0);
    /* Stopped as soon as its first save (after its first position, each save fsynced, so the
     * study is far from its end); resumed with the saves far apart (which changes nothing). */
    const char *args[] = {CHETRIT_STUDY, "--threads",    "2",  "--checkpoint-every",
                          "0",           "--checkpoint", path, "-q",
                          NULL};
    pid_t pid = start(&f, args);
    for (int waited = 0; waited < 60000 && !g_file_test(path, G_FILE_TEST_EXISTS) &&
                         waitpid(pid, NULL, WNOHANG) == 0;
         waited++)
        sleep_ms(1);
    kill(pid, SIGINT);
    int status;
    waitpid(pid, &status, 0);
    char *err = read_in(&f, "c"), *out = read_in(&f, "b");
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 1)
        fail_msg("status %d: %s", status, err);
    assert_non_null(strstr(err, "mathgo chetrit: 2x3: stopped by SIGINT after "));
    assert_non_null(strstr(err, "mathgo chetrit: saved "));
    assert_non_null(strstr(out, "mathgo chetrit 2x3: 200 positions (sample:200), "));
    args[9] = "1000";
    support_run_t again = support_run(NULL, args);
    assert_int_equal(again.status, 0);
    assert_non_null(strstr(again.err, "mathgo chetrit: resuming from "));
    char *a = chetrit_answer_of(whole.out), *b = chetrit_answer_of(again.out);
    assert_string_equal(b, a);
    g_free(a);
    g_free(b);
    g_free(err);
    g_free(out);
    support_run_clear(&again);
    support_run_clear(&whole);
    g_free(path);
    fixture_clear(&f);
}

/* A checkpoint of other arguments is refused with status 2 and both commands named. */
static void test_checkpoint__solve_refuses_the_checkpoint_of_another_problem(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 2, 2, "chinese");
    char *path = g_build_filename(f.dir, "run", NULL);
    support_run_t r = support_runv(NULL, "solve", "2x2", "-q", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 0);
    support_run_clear(&r);
    r = support_runv(NULL, "solve", "2x2", "--komi", "1", "-q", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "the checkpoint of another problem"));
    assert_non_null(strstr(r.err, "mathgo solve 2x2 -q --checkpoint"));
    support_run_clear(&r);
    g_free(path);
    fixture_clear(&f);
}

/*
 * `solve --positions --checkpoint`: the table outlives the process.  Two 3x4 positions under
 * chinese, 20,000 nodes each: the first run stops at the limit on both and writes the table;
 * the same command again starts from it and solves both (B+4: 3x4 is +4 in van der Werf et
 * al., docs/references.md), where a
 * run without the file stops again.  The file names the board and rules only ("roots any"),
 * so other rules and a single solve refuse it; a strip's list, where --algorithm auto would
 * take proof-number search, is solved by alpha-beta and keeps its table; SIGINT during a list
 * saves it and exits 1, and stops a list without a checkpoint the same way.
 */
static void test_checkpoint__a_positions_list_keeps_its_table_across_runs(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 4, 3, "chinese");
    char *path = g_build_filename(f.dir, "table", NULL);
    const char *list = "..../..../.... b\n..../.X../.... w\n";
    support_run_t r =
        support_runv(list, "solve", "4x3", "--positions", "-", "--rules", "chinese", "-q",
                     "--max-nodes", "20000", "--memory", "16M", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.out, "..../..../.... b not solved (limit)"));
    assert_non_null(strstr(r.out, "..../.X../.... w not solved (limit)"));
    support_run_clear(&r);
    char *text = NULL;
    assert_true(g_file_get_contents(path, &text, NULL, NULL));
    assert_non_null(strstr(text, "rules chinese komi2 0 roots any"));
    g_free(text);
    r = support_runv(list, "solve", "4x3", "--positions", "-", "--rules", "chinese", "-q",
                     "--max-nodes", "20000", "--memory", "16M", "--checkpoint", path, NULL);
    if (r.status != 0 || strcmp(r.out, "..../..../.... b B+4\n..../.X../.... w B+4\n"))
        fail_msg("the second run: status %d, stdout [%s], stderr [%s]", r.status, r.out, r.err);
    support_run_clear(&r);
    r = support_runv(list, "solve", "4x3", "--positions", "-", "--rules", "chinese", "-q",
                     "--max-nodes", "20000", "--memory", "16M", NULL);
    assert_int_equal(r.status, 1); /* without the table the limit stops it again */
    support_run_clear(&r);
    r = support_runv(list, "solve", "4x3", "--positions", "-", "--rules", "tromp-taylor", "-q",
                     "--memory", "16M", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "the checkpoint of another problem"));
    support_run_clear(&r);
    r = support_runv(NULL, "solve", "4x3", "--rules", "chinese", "-q", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "the checkpoint of another problem"));
    support_run_clear(&r);
    /* On a strip under japanese, --algorithm auto would take proof-number search, which keeps
     * no table: with --checkpoint it takes alpha-beta (before 2026-12-07 the list was refused
     * as if --algorithm pns had been given). */
    char *strip = g_build_filename(f.dir, "strip", NULL);
    r = support_runv("...... b\n", "solve", "6x1", "--positions", "-", "--rules", "japanese", "-q",
                     "--memory", "16M", "--checkpoint", strip, NULL);
    if (r.status != 0 || strcmp(r.out, "...... b 0\n"))
        fail_msg("6x1 japanese: status %d, stdout [%s], stderr [%s]", r.status, r.out, r.err);
    support_run_clear(&r);
    assert_true(g_file_get_contents(strip, &text, NULL, NULL));
    assert_non_null(strstr(text, "rules japanese komi2 0 roots any"));
    g_free(text);
    g_free(strip);

    /* Stopped by SIGINT in its first position (the empty 4x4 takes over a second). */
    char *list_path = g_build_filename(f.dir, "list", NULL);
    char *stopped = g_build_filename(f.dir, "stopped", NULL);
    assert_true(
        g_file_set_contents(list_path, "..../..../..../.... b\n..../..../..../.... w\n", -1, NULL));
    const char *args[] = {"solve", "4x4",      "--positions", list_path,      "--rules", "chinese",
                          "-q",    "--memory", "16M",         "--checkpoint", stopped,   NULL};
    char *err = interrupted_run(&f, args);
    assert_non_null(strstr(err, "stopped by SIGINT at line 1, after 0 of 2 positions"));
    assert_true(g_file_get_contents(stopped, &text, NULL, NULL));
    assert_non_null(strstr(text, "roots any"));
    g_free(text);
    g_free(err);
    /* Without --checkpoint the list stops the same way, and no file is written. */
    g_remove(stopped);
    const char *plain[] = {"solve",   "4x4", "--positions", list_path, "--rules",
                           "chinese", "-q",  "--memory",    "16M",     NULL};
    err = interrupted_run(&f, plain);
    assert_non_null(strstr(err, "stopped by SIGINT at line 1, after 0 of 2 positions"));
    assert_false(g_file_test(stopped, G_FILE_TEST_EXISTS));
    g_free(err);
    g_free(stopped);
    g_free(list_path);
    g_free(path);
    fixture_clear(&f);
}

/* The checkpoint written when a run ends holds the root's value, also after --variations, whose
 * searches of each first move's position come after the root's: before 2026-12-04 the file got
 * the last of those values, and `solve 1x4 --rules chinese` (B+4) answered W+4 from it. */
static void test_checkpoint__a_run_with_variations_saves_the_roots_value(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 1, 4, "chinese");
    char *path = g_build_filename(f.dir, "run", NULL), *sgf = g_build_filename(f.dir, "a", NULL);
    support_run_t r = support_runv(NULL, "solve", "1x4", "--rules", "chinese", "--variations",
                                   "--sgf", sgf, "-q", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 0);
    support_run_clear(&r);
    checkpoint_info_t info;
    GError *err = NULL;
    if (!checkpoint_load(&info, path, NULL, f.problem, NULL, &err))
        fail_msg("%s", err->message);
    assert_int_equal(info.lo, 8); /* B+4: 4 points, counted in half points */
    assert_int_equal(info.hi, 8);
    assert_true(info.line.started);
    assert_int_equal(info.line.value, 8);
    checkpoint_info_clear(&info);
    r = support_runv(NULL, "solve", "1x4", "--rules", "chinese", "--csv", "-q", "--checkpoint",
                     path, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, ",B+4,"));
    support_run_clear(&r);
    g_free(path);
    g_free(sgf);
    fixture_clear(&f);
}

/* `solve --winner --checkpoint`: a run stopped by its limit saves what it proved and the same
 * command resumes to the answer, counting the earlier work in its totals; the file it leaves
 * holds the winner's bound, which a full solve of the same problem resumes from, and a winner
 * run on the full solve's file answers at once with the exact value. */
static void test_checkpoint__a_winner_run_saves_and_resumes_and_shares_its_file(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 4, 3, "chinese");
    char *path = g_build_filename(f.dir, "run", NULL);
    support_run_t r = support_runv(NULL, "solve", "4x3", "--winner", "--csv", "-q", "--max-nodes",
                                   "4096", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 1); /* the limit: 13,744 nodes decide it from the start */
    assert_non_null(strstr(r.out, ",limit,"));
    char *first = support_csv_column(r.out, "nodes");
    support_run_clear(&r);
    assert_true(g_file_test(path, G_FILE_TEST_EXISTS));

    r = support_runv(NULL, "solve", "4x3", "--winner", "--csv", "--progress", "--checkpoint", path,
                     NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.err, "resuming from"));
    assert_non_null(strstr(r.out, ",winner,"));
    char *result = support_csv_column(r.out, "result"), *nodes = support_csv_column(r.out, "nodes"),
         *total = support_csv_column(r.out, "nodes_total");
    assert_string_equal(result, "B");
    assert_int_equal(g_ascii_strtoull(total, NULL, 10),
                     g_ascii_strtoull(nodes, NULL, 10) + g_ascii_strtoull(first, NULL, 10));
    g_free(first), g_free(result), g_free(nodes), g_free(total);
    support_run_clear(&r);

    checkpoint_info_t info;
    GError *err = NULL;
    if (!checkpoint_load(&info, path, NULL, f.problem, NULL, &err))
        fail_msg("%s", err->message);
    assert_true(info.lo >= 2); /* Black wins: at least B+1, in half points */
    assert_int_equal(info.hi, SEARCH_VALUE_INF);
    checkpoint_info_clear(&info);

    /* The full solve takes the winner's bound for its own, and saves the exact value. */
    r = support_runv(NULL, "solve", "4x3", "--value-only", "--csv", "--progress", "--checkpoint",
                     path, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.err, "the value is in [B+"));
    assert_non_null(strstr(r.out, ",B+4,")); /* 3x4 chinese, published +4 */
    support_run_clear(&r);

    r = support_runv(NULL, "solve", "4x3", "--winner", "-q", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "result: Black wins (the value in [4, 4])"));
    assert_non_null(strstr(r.out, "nodes 0,"));
    support_run_clear(&r);
    g_free(path);
    fixture_clear(&f);
}

/* The first test a resumed run asks, from its --progress lines ("value >= B in 23?"). */
static char *first_test_asked(const char *err)
{
    const char *at = strstr(err, "value >= ");
    assert_non_null(at);
    const char *end = strchr(at, '?');
    assert_non_null(end);
    return g_strndup(at, (gsize)(end - at + 1));
}

/* A run stopped inside a root test saves that test, and the run resumed from its file asks it
 * first, going on with the test whose table entries it holds.  Without it the distance schedule
 * starts afresh and asks another first (4x4 pseudo stopped at 1 M nodes inside "B in 23?": a
 * file without the test resumes with "W in 19?"). */
static void test_checkpoint__a_resumed_run_asks_the_test_it_was_stopped_in_first(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 4, 4, "pseudo");
    char *path = g_build_filename(f.dir, "run", NULL),
         *bare = g_build_filename(f.dir, "bare", NULL);
    support_run_t r = support_runv(NULL, "solve", "4x4", "--rules", "pseudo", "--value-only", "-q",
                                   "--max-nodes", "1000000", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 1);
    support_run_clear(&r);
    checkpoint_info_t info;
    GError *err = NULL;
    if (!checkpoint_load(&info, path, NULL, f.problem, NULL, &err))
        fail_msg("%s", err->message);
    assert_true(info.testing);
    assert_true(info.test > SEARCH_VALUE_WIN_MIN && info.test > info.lo && info.test <= info.hi);
    char *expected = g_strdup_printf("value >= B in %d?", SEARCH_VALUE_WIN - info.test);
    char *line = g_strdup_printf("test %d\n", info.test);
    checkpoint_info_clear(&info);
    gchar *data;
    gsize n;
    assert_true(g_file_get_contents(path, &data, &n, NULL));
    assert_true(g_file_set_contents(bare, data, (gssize)n, NULL));
    rewrite_with_checksum(bare, line, "test -\n"); /* as a file of format 2 would resume */

    r = support_runv(NULL, "solve", "4x4", "--rules", "pseudo", "--value-only", "--progress",
                     "--checkpoint", path, NULL);
    support_run_t b = support_runv(NULL, "solve", "4x4", "--rules", "pseudo", "--value-only",
                                   "--progress", "--checkpoint", bare, NULL);
    assert_int_equal(r.status, 0);
    assert_int_equal(b.status, 0);
    char *first = first_test_asked(r.err), *afresh = first_test_asked(b.err);
    assert_string_equal(first, expected);
    char *said = g_strdup_printf("; going on with >= %s\n", expected + strlen("value >= "));
    assert_non_null(strstr(r.err, said)); /* the resume line names it */
    assert_null(strstr(b.err, "going on with"));
    g_free(said);
    assert_string_not_equal(afresh, expected); /* else this test shows nothing */
    char *ra = answer_of(r.out), *ba = answer_of(b.out);
    assert_string_equal(ra, ba);
    g_free(ra), g_free(ba), g_free(first), g_free(afresh), g_free(data), g_free(line);
    g_free(expected);
    support_run_clear(&r);
    support_run_clear(&b);
    g_free(path);
    g_free(bare);
    fixture_clear(&f);
}

/* The nodes of a CSV row of `solve`. */
static uint64_t csv_nodes(const char *out)
{
    char *nodes = support_csv_column(out, "nodes");
    uint64_t n = g_ascii_strtoull(nodes, NULL, 10);
    g_free(nodes);
    return n;
}

/* `solve --algorithm pns --checkpoint`: proof-number search keeps no table, and its file keeps
 * every root test answered (saved as each is answered and when the run stops), which the run
 * resumed from it does not ask again: under `math` (1x8: the winner search, 8.97 k of the 29.7
 * k nodes, is not made again) and under a scored rule set (1x9 vdWW: "B >= 0.5? no", 68.0 k of
 * the 85.2 k nodes, is kept and only "value >= 0?" is asked).  Counts of 2026-12-07.  The answers
 * are the uninterrupted runs'.  An alpha-beta run's file is resumed too, its bounds taken and its
 * entries left. */
static void test_checkpoint__proof_number_search_keeps_its_answered_tests(void **state)
{
    (void)state;
    const struct {
        const char *board, *rules, *stop;
    } cases[] = {{"1x8", "math", "12000"}, {"1x9", "chinese,ko=simple,cycle=draw", "75000"}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        fixture_t f;
        fixture_init(&f, 1, cases[c].board[2] - '0', "math");
        char *path = g_build_filename(f.dir, "run", NULL);
        support_run_t whole =
            support_runv(NULL, "solve", cases[c].board, "--rules", cases[c].rules, "--algorithm",
                         "pns", "--value-only", "--csv", "-q", NULL);
        support_run_t r = support_runv(NULL, "solve", cases[c].board, "--rules", cases[c].rules,
                                       "--algorithm", "pns", "--value-only", "--csv", "-q",
                                       "--max-nodes", cases[c].stop, "--checkpoint", path, NULL);
        assert_int_equal(whole.status, 0);
        assert_int_equal(r.status, 1);
        assert_non_null(strstr(r.out, ",limit,"));
        uint64_t first = csv_nodes(r.out);
        support_run_clear(&r);
        r = support_runv(NULL, "solve", cases[c].board, "--rules", cases[c].rules, "--algorithm",
                         "pns", "--value-only", "--csv", "--progress", "--checkpoint", path, NULL);
        assert_int_equal(r.status, 0);
        assert_non_null(strstr(r.err, "resuming from"));
        const char *columns[] = {"result", "margin", "plies", "lower", "upper"};
        for (size_t k = 0; k < sizeof columns / sizeof columns[0]; k++) {
            char *want = support_csv_column(whole.out, columns[k]),
                 *got = support_csv_column(r.out, columns[k]);
            assert_string_equal(got, want);
            g_free(want), g_free(got);
        }
        /* Less than the uninterrupted run: an answered test was not asked again. */
        if (!(csv_nodes(r.out) < csv_nodes(whole.out) && first < csv_nodes(whole.out)))
            fail_msg("%s %s: resumed %llu nodes after %llu, at once %llu", cases[c].board,
                     cases[c].rules, (unsigned long long)csv_nodes(r.out),
                     (unsigned long long)first, (unsigned long long)csv_nodes(whole.out));
        support_run_clear(&r);
        support_run_clear(&whole);
        /* The file holds the exact value now: answered again with no node. */
        r = support_runv(NULL, "solve", cases[c].board, "--rules", cases[c].rules, "--algorithm",
                         "pns", "--value-only", "--csv", "-q", "--checkpoint", path, NULL);
        assert_int_equal(r.status, 0);
        assert_int_equal(csv_nodes(r.out), 0);
        support_run_clear(&r);
        g_free(path);
        fixture_clear(&f);
    }
    /* Stopped again and again at 10 k nodes, more than any one test of 1x8 `math` takes (the
     * largest, 8.97 k): every run answers at least one test, the last gives the value. */
    fixture_t g;
    fixture_init(&g, 1, 8, "math");
    char *again = g_build_filename(g.dir, "run", NULL);
    int runs = 0;
    for (int status = 1; status == 1; runs++) {
        if (runs > 6)
            fail_msg("1x8 math not solved in %d runs of 10 k nodes", runs);
        support_run_t one = support_runv(NULL, "solve", "1x8", "--rules", "math", "--algorithm",
                                         "pns", "--value-only", "--csv", "-q", "--max-nodes",
                                         "10000", "--checkpoint", again, NULL);
        status = one.status;
        if (status == 0)
            assert_non_null(strstr(one.out, ",B,,,17,"));
        else
            assert_non_null(strstr(one.out, ",limit,"));
        support_run_clear(&one);
    }
    print_message("1x8 math by proof-number search: %d runs of 10 k nodes\n", runs);
    assert_true(runs >= 3);
    g_free(again);
    fixture_clear(&g);
    /* An alpha-beta file (entries and all) resumed by proof-number search: its bounds only. */
    fixture_t f;
    fixture_init(&f, 1, 8, "math");
    char *path = g_build_filename(f.dir, "run", NULL);
    support_run_t r = support_runv(NULL, "solve", "1x8", "--rules", "math", "--algorithm",
                                   "alphabeta", "--value-only", "-q", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 0);
    support_run_clear(&r);
    r = support_runv(NULL, "solve", "1x8", "--rules", "math", "--algorithm", "pns", "--value-only",
                     "--csv", "-q", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 0);
    assert_int_equal(csv_nodes(r.out), 0);
    assert_non_null(strstr(r.out, ",B,"));
    support_run_clear(&r);
    g_free(path);
    fixture_clear(&f);
}

/* The number in field `index` (0 the first) of the file's header line "KEY ...", 0 for a '-'
 * there (its header is text): the entries of "entries N", the tree's nodes of "tree P M S T N
 * ...". */
static uint64_t header_number(const char *path, const char *key, int index)
{
    char *text = NULL;
    gsize length = 0;
    assert_true(g_file_get_contents(path, &text, &length, NULL));
    char *needle = g_strdup_printf("\n%s ", key);
    const char *line = g_strstr_len(text, (gssize)length, needle);
    assert_non_null(line);
    char **fields = g_strsplit(line + strlen(needle), " ", index + 2);
    uint64_t n = 0;
    for (int i = 0; i <= index && fields[i]; i++)
        if (i == index && fields[i][0] != '-')
            n = g_ascii_strtoull(fields[i], NULL, 10);
    if (index > 0 && fields[0][0] == '-')
        n = 0; /* "tree -" */
    g_strfreev(fields);
    g_free(needle);
    g_free(text);
    return n;
}

/* The entries of the file's "entries N" line. */
static uint64_t file_entries(const char *path)
{
    return header_number(path, "entries", 0);
}

/* The nodes of the file's proof-number tree (0 for "tree -"). */
static uint64_t file_tree_nodes(const char *path)
{
    return header_number(path, "tree", 4);
}

/*
 * A proof-number run stopped in the middle of a test keeps that test's tree in its file
 * (checkpoint format 4, since 2026-12-07), and the run resumed from it takes the tree up and
 * goes on node for node: run after run of `--max-nodes STEP`, the sittings' nodes add up to
 * the uninterrupted run's exactly, and the answer is its.  Under `math` (the winner search and
 * the distance's), `pseudo` in a tree collected when full (--memory 512K: about 28 k nodes,
 * the run's peak 75 k), vdWW's margin tests and `japanese` (its Analysis cache is not saved:
 * the Analysis of a final position is made again).  Periodic saves (--checkpoint-every) do
 * not change the search either: the same nodes as without them.
 */
static void test_checkpoint__proof_number_search_goes_on_with_its_tree(void **state)
{
    (void)state;
    const struct {
        const char *board, *rules, *memory, *step;
    } cases[] = {
        {"1x8", "math", "64M", "6000"},
        {"1x8", "pseudo", "512K", "50000"},
        {"1x9", "chinese,ko=simple,cycle=draw", "64M", "20000"},
        {"1x8", "japanese", "64M", "50000"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        fixture_t f;
        fixture_init(&f, 1, 8, "math");
        char *path = g_build_filename(f.dir, "run", NULL);
        support_run_t whole =
            support_runv(NULL, "solve", cases[c].board, "--rules", cases[c].rules, "--algorithm",
                         "pns", "--value-only", "--csv", "-q", "--memory", cases[c].memory, NULL);
        assert_int_equal(whole.status, 0);
        uint64_t sum = 0;
        int runs = 0, trees = 0;
        for (int status = 1; status == 1; runs++) {
            if (runs > 12)
                fail_msg("%s %s: not solved in %d runs", cases[c].board, cases[c].rules, runs);
            support_run_t r = support_runv(NULL, "solve", cases[c].board, "--rules", cases[c].rules,
                                           "--algorithm", "pns", "--value-only", "--csv",
                                           "--memory", cases[c].memory, "--max-nodes",
                                           cases[c].step, "--checkpoint", path, NULL);
            status = r.status;
            if (status == 1) {
                assert_non_null(strstr(r.out, ",limit,"));
                trees += file_tree_nodes(path) > 0;
            } else {
                assert_int_equal(status, 0);
            }
            if (runs > 0 && g_file_test(path, G_FILE_TEST_EXISTS) &&
                strstr(r.err, "with the proof-number tree of the test under way") == NULL &&
                trees == runs)
                fail_msg("%s %s: run %d did not take up the file's tree: %s", cases[c].board,
                         cases[c].rules, runs + 1, r.err);
            sum += csv_nodes(r.out);
            if (status == 0) {
                const char *columns[] = {"result", "margin", "plies", "lower", "upper"};
                for (size_t k = 0; k < sizeof columns / sizeof columns[0]; k++) {
                    char *want = support_csv_column(whole.out, columns[k]),
                         *got = support_csv_column(r.out, columns[k]);
                    assert_string_equal(got, want);
                    g_free(want), g_free(got);
                }
            }
            support_run_clear(&r);
        }
        print_message("%s %s: %d runs of %s nodes, %d stopped with a tree, %llu nodes in all\n",
                      cases[c].board, cases[c].rules, runs, cases[c].step, trees,
                      (unsigned long long)sum);
        assert_true(runs >= 3 && trees >= 2);
        if (sum != csv_nodes(whole.out))
            fail_msg("%s %s: %llu nodes over %d sittings, %llu at once", cases[c].board,
                     cases[c].rules, (unsigned long long)sum, runs,
                     (unsigned long long)csv_nodes(whole.out));
        /* Saved every millisecond: the same search. */
        assert_int_equal(remove(path), 0);
        support_run_t r =
            support_runv(NULL, "solve", cases[c].board, "--rules", cases[c].rules, "--algorithm",
                         "pns", "--value-only", "--csv", "-q", "--memory", cases[c].memory,
                         "--checkpoint", path, "--checkpoint-every", "0.001", NULL);
        assert_int_equal(r.status, 0);
        assert_int_equal(csv_nodes(r.out), csv_nodes(whole.out));
        support_run_clear(&r);
        support_run_clear(&whole);
        g_free(path);
        fixture_clear(&f);
    }
}

/* The byte offset of the tree's first record in the file at path (its header is text; a
 * plain proof-number tree's file has no entries). */
static size_t tree_records_offset(const char *data, gsize n)
{
    const char *at = g_strstr_len(data, (gssize)n, "\nentries 0\n\n");
    assert_non_null(at);
    return (size_t)(at - data) + strlen("\nentries 0\n\n");
}

/*
 * A tree that is not one is refused, or stops the solve, with a message, never a crash: its
 * records say one node has two parents (refused as a damaged file, exit 2); its root's
 * children hold moves off the board, with a checksum that is right (the solve stops with
 * status 1, naming the tree, and saves its bounds without the tree, so that the next run
 * solves); a tree larger than --memory is set aside with a note and its test begins again.
 */
static void test_checkpoint__a_damaged_or_oversized_tree_is_refused_or_set_aside(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 1, 9, "math");
    char *path = g_build_filename(f.dir, "run", NULL);
    support_run_t r =
        support_runv(NULL, "solve", "1x9", "--rules", "math", "--algorithm", "pns", "--value-only",
                     "--csv", "-q", "--max-nodes", "200000", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 1);
    support_run_clear(&r);
    uint64_t nodes = file_tree_nodes(path);
    assert_true(nodes > 1000);
    gchar *good;
    gsize n;
    assert_true(g_file_get_contents(path, &good, &n, NULL));
    size_t records = tree_records_offset(good, n);
    const size_t trailer = sizeof "checksum sha256 " - 1 + 64 + 1;
    assert_int_equal(n, records + nodes * 16 + trailer);
    /* The root's first child block. */
    uint32_t first =
        (uint32_t)(uint8_t)good[records + 8] | (uint32_t)(uint8_t)good[records + 9] << 8 |
        (uint32_t)(uint8_t)good[records + 10] << 16 | (uint32_t)(uint8_t)good[records + 11] << 24;
    int count = (uint8_t)good[records + 12];
    assert_true(good[records + 14] == 1 && count >= 2 && first + (uint64_t)count <= nodes);
    struct {
        const char *what;
        size_t offset;
        uint8_t byte;
        int status;
        const char *message;
    } damages[] = {
        /* The root's children start at node 0 (the root its own child). */
        {"a block under two parents", records + 8, 0, 2, "do not form one"},
        {"moves off the board", 0, 200, 1, "cannot play"},
    };
    for (size_t d = 0; d < sizeof damages / sizeof damages[0]; d++) {
        gchar *data = g_malloc(n + 1); /* + the NUL snprintf writes after the trailer */
        memcpy(data, good, n);
        if (damages[d].offset) {
            memset(data + damages[d].offset, 0, 4);
        } else {
            for (int k = 0; k < count; k++)
                data[records + (first + (size_t)k) * 16 + 13] = (char)damages[d].byte;
        }
        char *sum =
            g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *)data, n - trailer);
        snprintf(data + n - trailer, trailer + 1, "checksum sha256 %s\n", sum);
        g_free(sum);
        assert_true(g_file_set_contents(path, data, (gssize)n, NULL));
        g_free(data);
        r = support_runv(NULL, "solve", "1x9", "--rules", "math", "--algorithm", "pns",
                         "--value-only", "--csv", "-q", "--checkpoint", path, NULL);
        if (r.status != damages[d].status || !strstr(r.err, damages[d].message))
            fail_msg("%s: status %d, %s", damages[d].what, r.status, r.err);
        support_run_clear(&r);
    }
    /* The run stopped by the bad moves saved its bounds and no tree: the next one solves. */
    assert_int_equal(file_tree_nodes(path), 0);
    r = support_runv(NULL, "solve", "1x9", "--rules", "math", "--algorithm", "pns", "--value-only",
                     "--csv", "-q", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, ",B,,,45,"));
    support_run_clear(&r);
    /* Too large for --memory 64K (about 3,500 nodes): set aside, the test begun again. */
    assert_true(g_file_set_contents(path, good, (gssize)n, NULL));
    r = support_runv(NULL, "solve", "1x9", "--rules", "math", "--algorithm", "pns", "--value-only",
                     "--csv", "--memory", "64K", "--max-nodes", "1000", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "does not fit --memory"));
    support_run_clear(&r);
    g_free(good);
    g_free(path);
    fixture_clear(&f);
}

/* Proof-number search with alpha-beta at its leaves (--leaf-nodes, on by default under
 * tromp-taylor) keeps the leaves' table in its file, and the next sitting's tests find their
 * proofs there: 1x10 tromp-taylor stopped at 2.6 M nodes, inside its second test ("B >= 1.5?",
 * 1.4 M nodes from scratch), resumes and ends in fewer nodes than the uninterrupted run spent
 * after that point (2,187 against 0.75 M on 2026-12-07).  Without the tests (--leaf-nodes 0)
 * the file has no entries and the tree starts the test again (7.1 M nodes then). */
static void test_checkpoint__proof_number_search_keeps_its_leaves_table(void **state)
{
    (void)state;
    fixture_t f;
    fixture_init(&f, 1, 10, "math");
    char *path = g_build_filename(f.dir, "run", NULL);
    support_run_t whole = support_runv(NULL, "solve", "1x10", "--rules", "tromp-taylor",
                                       "--algorithm", "pns", "--value-only", "--csv", "-q", NULL);
    assert_int_equal(whole.status, 0);
    assert_non_null(strstr(whole.out, ",B+1,"));
    support_run_t r = support_runv(NULL, "solve", "1x10", "--rules", "tromp-taylor", "--algorithm",
                                   "pns", "--value-only", "--csv", "-q", "--max-nodes", "2600000",
                                   "--checkpoint", path, NULL);
    assert_int_equal(r.status, 1);
    uint64_t first = csv_nodes(r.out);
    support_run_clear(&r);
    assert_true(file_entries(path) > 0);
    r = support_runv(NULL, "solve", "1x10", "--rules", "tromp-taylor", "--algorithm", "pns",
                     "--value-only", "--csv", "-q", "--checkpoint", path, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, ",B+1,"));
    if (!(first < csv_nodes(whole.out) && csv_nodes(r.out) < csv_nodes(whole.out) - first))
        fail_msg("1x10 tromp-taylor resumed in %llu nodes after %llu; the whole run %llu",
                 (unsigned long long)csv_nodes(r.out), (unsigned long long)first,
                 (unsigned long long)csv_nodes(whole.out));
    support_run_clear(&r);
    support_run_clear(&whole);
    g_remove(path);
    r = support_runv(NULL, "solve", "1x10", "--rules", "tromp-taylor", "--algorithm", "pns",
                     "--leaf-nodes", "0", "--value-only", "--csv", "-q", "--max-nodes", "100000",
                     "--checkpoint", path, NULL);
    assert_int_equal(r.status, 1);
    assert_int_equal(file_entries(path), 0);
    support_run_clear(&r);
    g_free(path);
    fixture_clear(&f);
}

/* --memory caps everything: a cap too small for the stacks and one bucket is refused before the
 * search (status 1); a tiny one keeps replacing entries and still gives the exact answer. */
static void
test_checkpoint__a_tiny_memory_cap_still_solves_and_a_too_small_one_is_refused(void **state)
{
    (void)state;
    support_run_t big = support_runv(NULL, "solve", "3x3", "--rules", "chinese", "-q", NULL);
    support_run_t tiny =
        support_runv(NULL, "solve", "3x3", "--rules", "chinese", "-q", "--memory", "3M", NULL);
    assert_int_equal(big.status, 0);
    assert_int_equal(tiny.status, 0);
    char *a = answer_of(big.out), *b = answer_of(tiny.out);
    assert_string_equal(a, b);
    g_free(a);
    g_free(b);
    support_run_t no = support_runv(NULL, "solve", "3x3", "-q", "--memory", "100k", NULL);
    assert_int_equal(no.status, 1);
    assert_non_null(strstr(no.err, "mathgo solve: --memory 100k: a memory cap of 102400 bytes "
                                   "is too small"));
    assert_string_equal(no.out, "");
    support_run_clear(&big);
    support_run_clear(&tiny);
    support_run_clear(&no);
    search_memory_plan_t plan;
    assert_true(search_memory_plan(&plan, 256u << 20, 1, NULL));
    assert_true(plan.tt_bytes + plan.stack_bytes <= 256u << 20);
    assert_true(plan.tt_bytes >= 128u << 20);
    assert_true(search_memory_plan(&plan, 64u << 20, 4, NULL));
    assert_true(plan.tt_bytes + plan.stack_bytes <= 64u << 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            test_checkpoint__a_solve_resumed_from_many_stops_gives_the_uninterrupted_answer),
        cmocka_unit_test(test_checkpoint__a_line_that_does_not_fit_the_game_is_set_aside),
        cmocka_unit_test(
            test_checkpoint__damaged_and_foreign_files_are_refused_naming_what_is_wrong),
        cmocka_unit_test(test_checkpoint__solve_killed_again_and_again_resumes_to_the_same_answer),
        cmocka_unit_test(test_checkpoint__tablebase_killed_again_and_again_writes_the_same_file),
        cmocka_unit_test(test_checkpoint__sigint_stops_a_solve_with_the_bounds_known),
        cmocka_unit_test(test_checkpoint__chetrit_killed_again_and_again_prints_the_same_rows),
        cmocka_unit_test(
            test_checkpoint__sigint_stops_a_chetrit_study_which_resumes_to_the_same_summary),
        cmocka_unit_test(
            test_checkpoint__sigint_stops_a_tablebase_which_resumes_from_its_last_level),
        cmocka_unit_test(test_checkpoint__solve_refuses_the_checkpoint_of_another_problem),
        cmocka_unit_test(test_checkpoint__a_resumed_solve_shows_its_bounds_at_once),
        cmocka_unit_test(
            test_checkpoint__a_resumed_solve_with_its_value_names_the_search_of_its_line),
        cmocka_unit_test(test_checkpoint__a_resumed_solve_counts_the_earlier_work_in_its_totals),
        cmocka_unit_test(test_checkpoint__a_run_with_variations_saves_the_roots_value),
        cmocka_unit_test(test_checkpoint__a_winner_run_saves_and_resumes_and_shares_its_file),
        cmocka_unit_test(test_checkpoint__a_resumed_run_asks_the_test_it_was_stopped_in_first),
        cmocka_unit_test(test_checkpoint__proof_number_search_keeps_its_answered_tests),
        cmocka_unit_test(test_checkpoint__proof_number_search_keeps_its_leaves_table),
        cmocka_unit_test(test_checkpoint__proof_number_search_goes_on_with_its_tree),
        cmocka_unit_test(test_checkpoint__a_damaged_or_oversized_tree_is_refused_or_set_aside),
        cmocka_unit_test(test_checkpoint__a_positions_list_keeps_its_table_across_runs),
        cmocka_unit_test(
            test_checkpoint__tablebase_refuses_a_level_file_with_a_right_checksum_and_wrong_values),
        cmocka_unit_test(
            test_checkpoint__a_tiny_memory_cap_still_solves_and_a_too_small_one_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
