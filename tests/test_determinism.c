/*
 * tests/test_determinism.c: the same command gives the same answer, and with one thread the
 * same node count, on every run (docs/reliability.md, "Determinism").  Randomness in mathgo is
 * seeded (chetrit's --seed); threads may change the node counts and the table's counters, never
 * an answer.  Each command runs as a separate process through tests/support.c, twice with one
 * thread (every column but the clock's and the resident memory's equal) and once with two
 * (the answer columns equal).
 */
#include "tests/support.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* The columns of solve's CSV that a second run may change: wall-clock time and the process's
 * peak resident memory. */
static const char *const solve_clock_columns[] = {"time_s", "peak_mb", "time_total_s", NULL};

/* The columns that are the answer: the same whatever the threads (docs/csv.md). */
static const char *const solve_answer_columns[] = {"result", "margin", "best_moves", "plies",
                                                   "lower",  "upper",  "status",     NULL};

static bool listed(const char *const *names, const char *name)
{
    for (; *names; names++)
        if (!strcmp(*names, name))
            return true;
    return false;
}

/*
 * The fields of solve's one CSV row (after the header) named in `keep` (or, when keep is NULL,
 * all but those named in `drop`), joined as "name=value;...".  The fields split at commas
 * outside double quotes.
 */
static char *solve_fields(const char *csv, const char *const *keep, const char *const *drop)
{
    char **lines = g_strsplit(csv, "\n", -1);
    assert_non_null(lines[0]);
    assert_non_null(lines[1]);
    char **names = g_strsplit(lines[0], ",", -1);
    GString *out = g_string_new(NULL);
    const char *c = lines[1];
    for (int i = 0; names[i]; i++) {
        GString *field = g_string_new(NULL);
        bool quoted = false;
        for (; *c && (quoted || *c != ','); c++) {
            if (*c == '"')
                quoted = !quoted;
            g_string_append_c(field, *c);
        }
        if (*c == ',')
            c++;
        if (keep ? listed(keep, names[i]) : !listed(drop, names[i]))
            g_string_append_printf(out, "%s=%s;", names[i], field->str);
        g_string_free(field, TRUE);
    }
    g_strfreev(names);
    g_strfreev(lines);
    return g_string_free(out, FALSE);
}

static support_run_t solve(const char *size, const char *rules, const char *threads)
{
    support_run_t r = support_runv(NULL, "solve", size, "--rules", rules, "--csv", "--quiet",
                                   "--threads", threads, NULL);
    if (r.status != 0)
        fail_msg("solve %s --rules %s --threads %s: status %d: %s", size, rules, threads, r.status,
                 r.err);
    return r;
}

static void test_determinism__solve_gives_the_same_answer_and_nodes_every_run(void **state)
{
    (void)state;
    /* A scored rule set with passes and superko, the no-pass rules, a long game (41 plies). */
    static const char *const cases[][2] = {
        {"2x3", "chinese"}, {"3x3", "math"}, {"2x4", "math"}, {"2x4", "tromp-taylor"}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        support_run_t first = solve(cases[i][0], cases[i][1], "1");
        support_run_t second = solve(cases[i][0], cases[i][1], "1");
        support_run_t threaded = solve(cases[i][0], cases[i][1], "2");
        char *a = solve_fields(first.out, NULL, solve_clock_columns);
        char *b = solve_fields(second.out, NULL, solve_clock_columns);
        if (strcmp(a, b))
            fail_msg("solve %s --rules %s, two runs differ:\n%s\n%s", cases[i][0], cases[i][1], a,
                     b);
        assert_non_null(strstr(a, "nodes="));
        g_free(a);
        g_free(b);
        a = solve_fields(first.out, solve_answer_columns, NULL);
        b = solve_fields(threaded.out, solve_answer_columns, NULL);
        if (strcmp(a, b))
            fail_msg("solve %s --rules %s, one thread and two differ:\n%s\n%s", cases[i][0],
                     cases[i][1], a, b);
        assert_non_null(strstr(a, "status=solved"));
        g_free(a);
        g_free(b);
        support_run_clear(&first);
        support_run_clear(&second);
        support_run_clear(&threaded);
    }
}

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The rows of a CSV, sorted (a threaded study may finish its positions in another order). */
static char *sorted_rows(const char *csv)
{
    char **rows = g_strsplit(csv, "\n", -1);
    qsort(rows, g_strv_length(rows), sizeof *rows, compare_strings);
    char *joined = g_strjoinv("\n", rows);
    g_strfreev(rows);
    return joined;
}

static void test_determinism__a_seeded_chetrit_sample_is_the_same_every_run(void **state)
{
    (void)state;
    const char *args[] = {"chetrit", "2x3",   "--positions", "sample:30", "--seed",
                          "7",       "--csv", "--threads",   "1",         NULL};
    support_run_t first = support_run(NULL, args);
    support_run_t second = support_run(NULL, args);
    args[8] = "2";
    support_run_t threaded = support_run(NULL, args);
    assert_int_equal(first.status, 0);
    assert_int_equal(second.status, 0);
    assert_int_equal(threaded.status, 0);
    assert_true(strlen(first.out) > 100);
    assert_string_equal(first.out, second.out);
    char *a = sorted_rows(first.out), *b = sorted_rows(threaded.out);
    assert_string_equal(a, b);
    g_free(a);
    g_free(b);
    /* Another seed draws another sample. */
    args[5] = "8";
    support_run_t other = support_run(NULL, args);
    assert_int_equal(other.status, 0);
    assert_string_not_equal(first.out, other.out);
    support_run_clear(&other);
    support_run_clear(&first);
    support_run_clear(&second);
    support_run_clear(&threaded);
}

static void
test_determinism__tablebase_files_are_the_same_bytes_with_one_thread_or_two(void **state)
{
    (void)state;
    char *dir = g_dir_make_tmp("mathgo-determinism-XXXXXX", NULL);
    assert_non_null(dir);
    char *paths[3];
    const char *threads[3] = {"1", "1", "2"};
    for (int i = 0; i < 3; i++) {
        char name[16];
        g_snprintf(name, sizeof name, "%d.tb", i);
        paths[i] = g_build_filename(dir, name, NULL);
        support_run_t r = support_runv(NULL, "tablebase", "2x3", "--rules", "pseudo", "--threads",
                                       threads[i], "-o", paths[i], NULL);
        assert_int_equal(r.status, 0);
        support_run_clear(&r);
    }
    /* Sizes first: the files are binary, compared byte for byte. */
    gsize lengths[3];
    char *bytes[3];
    for (int i = 0; i < 3; i++) {
        assert_true(g_file_get_contents(paths[i], &bytes[i], &lengths[i], NULL));
        assert_true(lengths[i] > 100);
    }
    for (int i = 1; i < 3; i++) {
        assert_int_equal(lengths[i], lengths[0]);
        assert_memory_equal(bytes[i], bytes[0], lengths[0]);
    }
    for (int i = 0; i < 3; i++) {
        g_free(bytes[i]);
        g_remove(paths[i]);
        g_free(paths[i]);
    }
    g_rmdir(dir);
    g_free(dir);
}

static void test_determinism__cgt_and_region_values_are_the_same_every_run(void **state)
{
    (void)state;
    const char *cgt[] = {"cgt", "{2|1}+*", "+-3 + Tiny(1/2)", "{4||-4|-10}", "--csv", NULL};
    char *region_file = g_build_filename(MATHGO_TEST_DATA, "region_corridor.txt", NULL);
    const char *region[] = {"region", region_file, "--model", "both", "--csv", NULL};
    const char *const *commands[] = {cgt, region};
    for (size_t i = 0; i < G_N_ELEMENTS(commands); i++) {
        support_run_t first = support_run(NULL, commands[i]);
        support_run_t second = support_run(NULL, commands[i]);
        assert_int_equal(first.status, 0);
        assert_true(strlen(first.out) > 40);
        assert_string_equal(first.out, second.out);
        support_run_clear(&first);
        support_run_clear(&second);
    }
    g_free(region_file);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_determinism__solve_gives_the_same_answer_and_nodes_every_run),
        cmocka_unit_test(test_determinism__a_seeded_chetrit_sample_is_the_same_every_run),
        cmocka_unit_test(
            test_determinism__tablebase_files_are_the_same_bytes_with_one_thread_or_two),
        cmocka_unit_test(test_determinism__cgt_and_region_values_are_the_same_every_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
