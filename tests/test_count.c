/* tests/test_count.c: legal-position counts against the published table and brute force. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "positions/count.h"

#include "core/board.h"
#include "tests/support.h"

#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Brute force over the 3^N colourings ------------------------------------------------------
 */

/* by[b][w] += 1 for every legal colouring of the board (N <= 12). */
static void brute_force_by_stones(uint64_t by[13][13], const board_geom_t *g)
{
    int n = g->size;
    for (uint64_t code = 0, total = support_patterns(n); code < total; code++) {
        board_t b = support_pattern(code, n);
        if (board_is_legal_position(&b, g))
            by[board_popcount(b.stones[0])][board_popcount(b.stones[1])]++;
    }
}

static void test_count__agrees_with_brute_force_on_every_board_up_to_12_points(void **state)
{
    (void)state;
    mpz_t n, cell;
    mpz_inits(n, cell, NULL);
    for (int w = 1; w <= 12; w++)
        for (int h = 1; w * h <= 12; h++) {
            board_geom_t *g = board_geom_create(w, h, NULL);
            uint64_t by[13][13] = {{0}}, total = 0;
            brute_force_by_stones(by, g);
            count_table_t *table = count_by_stones(w, h, NULL, NULL);
            assert_non_null(table);
            for (int b = 0; b <= g->size; b++)
                for (int c = 0; b + c <= g->size; c++) {
                    count_table_get(cell, table, b, c);
                    assert_true(mpz_fits_ulong_p(cell));
                    assert_int_equal(mpz_get_ui(cell), by[b][c]);
                    total += by[b][c];
                }
            assert_true(count_legal(n, w, h, NULL, NULL));
            assert_int_equal(mpz_get_ui(n), total);
            count_table_destroy(table);
            board_geom_destroy(g);
        }
    mpz_clears(n, cell, NULL);
}

/* ---- The published table ---------------------------------------------------------------------
 */

static void test_count__reproduces_the_published_counts(void **state)
{
    (void)state;
    char *text = support_read_data("positions_legal_counts.csv");
    char **lines = g_strsplit(text, "\n", -1);
    int checked = 0;
    mpz_t expect, got;
    mpz_inits(expect, got, NULL);
    for (int i = 0; lines[i]; i++) {
        int rows, cols;
        char digits[256];
        if (lines[i][0] == '#' || sscanf(lines[i], "%d,%d,%255s", &rows, &cols, digits) != 3)
            continue;
        /* 9x9 takes seconds in a Debug build; docs/counts.md times it in Release. */
        if (rows * cols > 64)
            continue;
        assert_int_equal(mpz_set_str(expect, digits, 10), 0);
        assert_true(count_legal(got, cols, rows, NULL, NULL));
        if (mpz_cmp(got, expect)) {
            gmp_printf("L(%dx%d): counted %Zd, published %Zd\n", cols, rows, got, expect);
            fail();
        }
        checked++;
    }
    assert_true(checked >= 40);
    mpz_clears(expect, got, NULL);
    g_strfreev(lines);
    g_free(text);
}

static void test_count__issue_examples_are_exact(void **state)
{
    (void)state;
    static const struct {
        int w, h;
        const char *count;
    } known[] = {
        {1, 1, "1"},
        {1, 2, "5"},
        {1, 3, "15"},
        {2, 2, "57"},
        {3, 3, "12675"},
        {4, 4, "24318165"},
        {5, 5, "414295148741"},
        {6, 6, "62567386502084877"},
        {7, 7, "83677847847984287628595"},
    };
    mpz_t n;
    mpz_init(n);
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
        assert_true(count_legal(n, known[i].w, known[i].h, NULL, NULL));
        char *s = mpz_get_str(NULL, 10, n);
        assert_string_equal(s, known[i].count);
        free(s);
    }
    mpz_clear(n);
}

/* Long strips need many limbs: the 1xn counts obey a(n) = 3a(n-1) - a(n-2) + a(n-3). */
static void test_count__long_strips_follow_the_1xn_recurrence(void **state)
{
    (void)state;
    mpz_t a[4], rec;
    for (int i = 0; i < 4; i++)
        mpz_init(a[i]);
    mpz_init(rec);
    for (int n = 1; n <= 300; n++) {
        assert_true(count_legal(a[n % 4], n, 1, NULL, NULL));
        if (n >= 4) {
            mpz_mul_ui(rec, a[(n - 1) % 4], 3);
            mpz_sub(rec, rec, a[(n - 2) % 4]);
            mpz_add(rec, rec, a[(n - 3) % 4]);
            assert_int_equal(mpz_cmp(rec, a[n % 4]), 0);
        }
    }
    assert_true(mpz_sizeinbase(a[300 % 4], 2) > 400); /* several limbs were in use */
    for (int i = 0; i < 4; i++)
        mpz_clear(a[i]);
    mpz_clear(rec);
}

static void test_count__is_the_same_both_ways_round_and_for_long_boards(void **state)
{
    (void)state;
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    assert_true(count_legal(a, 3, 40, NULL, NULL));
    assert_true(count_legal(b, 40, 3, NULL, NULL));
    assert_int_equal(mpz_cmp(a, b), 0);
    assert_true(count_legal(a, 2, 100, NULL, NULL));
    assert_true(mpz_sizeinbase(a, 10) > 90);
    mpz_clears(a, b, NULL);
}

static void test_count__by_stones_sums_to_the_total_and_is_colour_symmetric(void **state)
{
    (void)state;
    count_table_t *table = count_by_stones(5, 4, NULL, NULL);
    assert_non_null(table);
    mpz_t sum, x, y, total;
    mpz_inits(sum, x, y, total, NULL);
    int n = count_table_points(table);
    assert_int_equal(n, 20);
    for (int b = 0; b <= n; b++)
        for (int w = 0; b + w <= n; w++) {
            count_table_get(x, table, b, w);
            count_table_get(y, table, w, b);
            assert_int_equal(mpz_cmp(x, y), 0);
            mpz_add(sum, sum, x);
        }
    count_table_get(x, table, 0, 0);
    assert_int_equal(mpz_get_ui(x), 1);
    count_table_get(x, table, 20, 0); /* a full board has no liberty */
    assert_int_equal(mpz_get_ui(x), 0);
    count_table_get(x, table, 19, 0); /* one empty point anywhere */
    assert_int_equal(mpz_get_ui(x), 20);
    assert_true(count_legal(total, 5, 4, NULL, NULL));
    assert_int_equal(mpz_cmp(sum, total), 0);
    mpz_clears(sum, x, y, total, NULL);
    count_table_destroy(table);
}

static void test_count__sizes_are_parsed_or_refused_with_the_text_named(void **state)
{
    (void)state;
    int w, h;
    assert_true(count_parse_size(&w, &h, "5", NULL));
    assert_true(w == 5 && h == 5);
    assert_true(count_parse_size(&w, &h, "4x16", NULL));
    assert_true(w == 4 && h == 16);
    assert_true(count_parse_size(&w, &h, "2000x12", NULL)); /* more than 64 points is fine */
    assert_true(w == 2000 && h == 12);
    const char *bad[] = {"0x3",  "3x0",  "x3",    "3x",     "3y3", "abc",
                         "-1x3", "3x-1", "13x13", "3x5000", ""};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        GError *error = NULL;
        assert_false(count_parse_size(&w, &h, bad[i], &error));
        assert_true(g_error_matches(error, COUNT_ERROR, COUNT_ERROR_SIZE));
        assert_non_null(strstr(error->message, bad[i]));
        g_error_free(error);
    }
    GError *error = NULL;
    mpz_t n;
    mpz_init(n);
    assert_false(count_legal(n, 0, 3, NULL, &error));
    assert_non_null(error);
    g_error_free(error);
    mpz_clear(n);
}

/* ---- The command ------------------------------------------------------------------------------
 */

static void test_count__command_prints_counts_and_csv(void **state)
{
    (void)state;
    support_run_t run = support_runv(NULL, "count", "3x3", "1x2", NULL);
    assert_int_equal(run.status, 0);
    assert_string_equal(run.out, "L(3x3) = 12675\nL(1x2) = 5\n");
    support_run_clear(&run);
    run = support_runv(NULL, "count", "--csv", "5x5", NULL);
    assert_int_equal(run.status, 0);
    assert_non_null(strstr(run.out, "width,height,points,legal_positions,fraction_legal\n"));
    assert_non_null(strstr(run.out, "5,5,25,\"414295148741\",0.48"));
    support_run_clear(&run);
    run = support_runv(NULL, "count", "--by-stones", "1x2", NULL);
    assert_int_equal(run.status, 0);
    assert_string_equal(run.out, "width,height,black,white,legal_positions,legal_positions_float\n"
                                 "1,2,0,0,\"1\",1\n"
                                 "1,2,0,1,\"2\",2\n"
                                 "1,2,0,2,\"0\",0\n"
                                 "1,2,1,0,\"2\",2\n"
                                 "1,2,1,1,\"0\",0\n"
                                 "1,2,2,0,\"0\",0\n");
    support_run_clear(&run);
}

static int count_lines(const char *text)
{
    int n = 0;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

static void test_count__command_refuses_bad_sizes_with_one_clear_message(void **state)
{
    (void)state;
    const char *bad[] = {"0x3", "13x13", "3y3"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        support_run_t run = support_runv(NULL, "count", bad[i], NULL);
        assert_int_equal(run.status, 2);
        assert_string_equal(run.out, "");
        assert_non_null(strstr(run.err, bad[i]));
        assert_int_equal(count_lines(run.err), 1);
        support_run_clear(&run);
    }
    support_run_t run = support_runv(NULL, "count", NULL);
    assert_int_equal(run.status, 2);
    support_run_clear(&run);
    run = support_runv(NULL, "count", "--help", NULL);
    assert_int_equal(run.status, 0);
    assert_non_null(strstr(run.out, "--by-stones"));
    support_run_clear(&run);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_count__issue_examples_are_exact),
        cmocka_unit_test(test_count__reproduces_the_published_counts),
        cmocka_unit_test(test_count__agrees_with_brute_force_on_every_board_up_to_12_points),
        cmocka_unit_test(test_count__long_strips_follow_the_1xn_recurrence),
        cmocka_unit_test(test_count__is_the_same_both_ways_round_and_for_long_boards),
        cmocka_unit_test(test_count__by_stones_sums_to_the_total_and_is_colour_symmetric),
        cmocka_unit_test(test_count__sizes_are_parsed_or_refused_with_the_text_named),
        cmocka_unit_test(test_count__command_prints_counts_and_csv),
        cmocka_unit_test(test_count__command_refuses_bad_sizes_with_one_clear_message),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
