/*
 * tests/test_perft.c: the perft signature.  tests/data/perft.csv (made by bench/perft_table.sh)
 * holds leaf counts for 1x1..1x6, 2x2, 2x3, 3x3 and 4x4 under every preset and two variants; a
 * change in legality, captures, ko, superko or game ending changes them.  The rows up to
 * MAX_NODES nodes run here; bench_perft runs them all.  The complete game counts of Tromp
 * (1x1 1, 1x2 9, 1x3 907 games under Tromp-Taylor rules) are checked on their own.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/perft.h"
#include "tests/support.h"

#include <stdio.h>
#include <string.h>

#define MAX_NODES 50000

static uint64_t perft_leaves(const char *size, const char *rules_text, int depth,
                             perft_counts_t *counts)
{
    int w, h;
    rules_t rules;
    assert_true(board_parse_size(&w, &h, size, NULL));
    assert_true(rules_parse(&rules, rules_text, NULL));
    board_geom_t *g = board_geom_create(w, h, NULL);
    game_t *game = game_create(g, &rules);
    perft_counts_t c = perft_run(game, depth);
    assert_int_equal(game_length(game), 0);
    game_destroy(game);
    board_geom_destroy(g);
    if (counts)
        *counts = c;
    return c.leaves;
}

static void test_perft__complete_game_counts_match_tromp(void **state)
{
    (void)state;
    /* Tromp (docs/references.md): games under positional superko with passes. */
    assert_int_equal(perft_leaves("1x1", "tromp-taylor", 100, NULL), 1);
    assert_int_equal(perft_leaves("1x2", "tromp-taylor", 100, NULL), 9);
    assert_int_equal(perft_leaves("1x3", "tromp-taylor", 100, NULL), 907);
    /* The same on a row as on a column. */
    assert_int_equal(perft_leaves("3x1", "tromp-taylor", 100, NULL), 907);
}

static void test_perft__signature_rows_from_data_reproduce(void **state)
{
    (void)state;
    char *text = support_read_data("perft.csv");
    char **lines = g_strsplit(text, "\n", -1);
    int checked = 0;
    for (int i = 1; lines[i]; i++) {
        if (!*lines[i])
            continue;
        perft_row_t row;
        if (!perft_parse_row(&row, lines[i]))
            fail_msg("perft.csv line %d is malformed: %s", i + 1, lines[i]);
        if (row.counts.nodes > MAX_NODES)
            continue;
        perft_counts_t c;
        perft_leaves(row.board, row.rules, row.depth, &c);
        if (memcmp(&c, &row.counts, sizeof c))
            fail_msg("perft %s %s depth %d: %llu leaves %llu ended %llu nodes, expected %llu %llu "
                     "%llu",
                     row.board, row.rules, row.depth, (unsigned long long)c.leaves,
                     (unsigned long long)c.ended, (unsigned long long)c.nodes,
                     (unsigned long long)row.counts.leaves, (unsigned long long)row.counts.ended,
                     (unsigned long long)row.counts.nodes);
        checked++;
    }
    assert_true(checked >= 500);
    g_strfreev(lines);
    g_free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft__complete_game_counts_match_tromp),
        cmocka_unit_test(test_perft__signature_rows_from_data_reproduce),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
