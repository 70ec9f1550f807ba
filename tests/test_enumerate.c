/* tests/test_enumerate.c: streaming legal positions, symmetry classes, Burnside's lemma. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "positions/enumerate.h"

#include "core/hash.h"
#include "positions/count.h"
#include "tests/support.h"

#include <gmp.h>
#include <string.h>

static uint64_t count_of(int w, int h)
{
    mpz_t n;
    mpz_init(n);
    assert_true(count_legal(n, w, h, NULL, NULL));
    uint64_t v = mpz_get_ui(n);
    mpz_clear(n);
    return v;
}

static void test_enumerate__streams_every_legal_position_once_in_rank_order(void **state)
{
    (void)state;
    int sizes[][2] = {{1, 1}, {1, 5}, {5, 1}, {2, 2}, {3, 3}, {4, 3}, {2, 6}};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        int w = sizes[i][0], h = sizes[i][1];
        enumerate_t *walk = enumerate_create(w, h, false, NULL);
        assert_non_null(walk);
        const board_geom_t *g = enumerate_geom(walk);
        GHashTable *seen = g_hash_table_new(g_int64_hash, g_int64_equal);
        gint64 *keys = g_new(gint64, enumerate_count(walk));
        enumerate_item_t item;
        uint64_t n = 0;
        while (enumerate_next(&item, walk)) {
            assert_true(item.rank == n);
            assert_true(board_is_legal_position(&item.position, g));
            /* 3^12 < 2^20: a position packs into one key. */
            keys[n] = (gint64)(item.position.stones[0] | item.position.stones[1] << 20);
            assert_false(g_hash_table_contains(seen, &keys[n]));
            g_hash_table_add(seen, &keys[n]);
            n++;
        }
        assert_true(n == count_of(w, h));
        assert_true(n == enumerate_count(walk));
        g_hash_table_destroy(seen);
        g_free(keys);
        enumerate_destroy(walk);
    }
}

/* Classes against the canonical keys of core/hash.h, and Burnside against the plain count. */
static void
test_enumerate__canonical_classes_satisfy_burnside_on_every_board_to_12_points(void **state)
{
    (void)state;
    for (int w = 1; w <= 12; w++)
        for (int h = 1; w * h <= 12; h++) {
            enumerate_t *walk = enumerate_create(w, h, true, NULL);
            assert_non_null(walk);
            const board_geom_t *g = enumerate_geom(walk);
            enumerate_item_t item;
            uint64_t classes = 0, covered = 0;
            while (enumerate_next(&item, walk)) {
                board_t c = hash_canonical(NULL, &item.position, g);
                assert_true(board_equal(&c, &item.position));
                assert_true(item.class_size >= 1 && item.class_size <= g->symmetry_count);
                assert_int_equal(g->symmetry_count % item.class_size, 0);
                covered += item.class_size;
                classes++;
            }
            enumerate_tally_t t = enumerate_tally(walk);
            assert_true(t.classes == classes);
            assert_true(covered == count_of(w, h)); /* the classes partition the positions */
            assert_true(t.fixed[0] == count_of(w, h));
            assert_int_equal(t.symmetries, g->symmetry_count);
            assert_true(enumerate_burnside_holds(&t));
            enumerate_destroy(walk);
        }
}

static void test_enumerate__refuses_boards_too_large_to_stream(void **state)
{
    (void)state;
    int sizes[][2] = {{9, 9}, {6, 6}, {5, 6}, {1, 65}};
    const char *named[] = {"9x9", "62567386502084877", "5x6", "1x65"};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        GError *error = NULL;
        assert_null(enumerate_create(sizes[i][0], sizes[i][1], false, &error));
        assert_true(g_error_matches(error, ENUMERATE_ERROR, ENUMERATE_ERROR_TOO_LARGE));
        assert_non_null(strstr(error->message, named[i]));
        g_error_free(error);
    }
}

static void test_enumerate__command_streams_csv_diagrams_and_classes(void **state)
{
    (void)state;
    support_run_t run = support_runv(NULL, "enumerate", "1x2", "--csv", NULL);
    assert_int_equal(run.status, 0);
    assert_string_equal(run.out, "rank,position\n0,./.\n1,./X\n2,./O\n3,X/.\n4,O/.\n");
    support_run_clear(&run);
    run = support_runv(NULL, "enumerate", "2x1", "--canonical", NULL);
    assert_int_equal(run.status, 0);
    assert_string_equal(run.out, "0 1 ..\n3 2 X.\n4 2 O.\n"); /* the smallest masks */
    assert_non_null(strstr(run.err, "3 classes"));
    assert_non_null(strstr(run.err, "agrees"));
    support_run_clear(&run);
    run = support_runv(NULL, "enumerate", "1x1", "--diagrams", NULL);
    assert_int_equal(run.status, 0);
    assert_string_equal(run.out, "# rank 0\n.\n\n");
    support_run_clear(&run);
}

static void test_enumerate__command_refuses_bad_sizes_with_one_clear_message(void **state)
{
    (void)state;
    const char *const cases[][5] = {
        {"enumerate", "0x3", NULL}, {"enumerate", "9x9", NULL},
        {"enumerate", "6x6", NULL}, {"enumerate", "3x3", "--csv", "--diagrams", NULL},
        {"enumerate", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        support_run_t run = support_run(NULL, cases[i]);
        assert_int_equal(run.status, 2);
        assert_string_equal(run.out, "");
        assert_non_null(strstr(run.err, "mathgo enumerate: "));
        assert_non_null(strchr(run.err, '\n'));
        assert_string_equal(strchr(run.err, '\n'), "\n"); /* one line */
        support_run_clear(&run);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_enumerate__streams_every_legal_position_once_in_rank_order),
        cmocka_unit_test(
            test_enumerate__canonical_classes_satisfy_burnside_on_every_board_to_12_points),
        cmocka_unit_test(test_enumerate__refuses_boards_too_large_to_stream),
        cmocka_unit_test(test_enumerate__command_streams_csv_diagrams_and_classes),
        cmocka_unit_test(test_enumerate__command_refuses_bad_sizes_with_one_clear_message),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
