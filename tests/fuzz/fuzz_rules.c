/*
 * tests/fuzz/fuzz_rules.c: rule strings (core/rules.h rules_parse, as --rules, SGF RU, GTP's
 * mathgo-rules and tablebase headers give them) and the other one-word values the commands
 * read: komi, board sizes, GTP point names.  The input's first line is the
 * word.  Properties: a parsed rule set written by rules_to_string reads back to the same rules;
 * a parsed komi written by rules_komi_string reads back to the same komi; a parsed point's GTP
 * name reads back to the same point.
 */
#include "fuzz.h"

#include "core/board.h"
#include "core/rules.h"

#include <glib.h>
#include <string.h>

static bool rules_same(const rules_t *a, const rules_t *b)
{
    return a->ko == b->ko && a->scoring == b->scoring && a->tax == b->tax &&
           a->tax_group == b->tax_group && a->cycle == b->cycle && a->suicide == b->suicide &&
           a->pass == b->pass;
}

static void check_rules(const char *text)
{
    GError *error = NULL;
    rules_t rules;
    if (!rules_parse(&rules, text, &error)) {
        FUZZ_CHECK(error != NULL && error->message[0]);
        g_error_free(error);
        return;
    }
    char *written = rules_to_string(&rules);
    rules_t again;
    FUZZ_CHECK(rules_parse(&again, written, NULL));
    FUZZ_CHECK(rules_same(&again, &rules));
    g_free(written);
}

static void check_komi(const char *text)
{
    int komi2, again;
    if (!rules_parse_komi(&komi2, text, NULL))
        return;
    char buf[16];
    FUZZ_CHECK(rules_parse_komi(&again, rules_komi_string(buf, komi2), NULL));
    FUZZ_CHECK(again == komi2);
    char margin[24];
    rules_margin_string(margin, komi2);
}

static void check_size_and_move(const char *text)
{
    int width, height;
    GError *error = NULL;
    if (board_parse_size(&width, &height, text, &error)) {
        board_geom_t *geom = board_geom_create(width, height, NULL);
        if (geom)
            board_geom_destroy(geom);
    } else {
        FUZZ_CHECK(error != NULL);
        g_clear_error(&error);
    }
    /* Point names on the widest and the tallest boards and a square one. */
    static const int sizes[][2] = {{8, 8}, {64, 1}, {1, 64}, {5, 3}};
    for (size_t i = 0; i < G_N_ELEMENTS(sizes); i++) {
        board_geom_t *geom = board_geom_create(sizes[i][0], sizes[i][1], NULL);
        FUZZ_CHECK(geom != NULL);
        board_move_t move, again;
        if (board_parse_move(&move, geom, text, &error)) {
            char name[8];
            FUZZ_CHECK(board_parse_move(&again, geom, board_move_name(name, geom, move), NULL));
            FUZZ_CHECK(again == move);
        } else {
            FUZZ_CHECK(error != NULL);
            g_clear_error(&error);
        }
        board_geom_destroy(geom);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char *newline = strchr(text, '\n');
    if (newline)
        *newline = '\0';
    check_rules(text);
    check_komi(text);
    check_size_and_move(text);
    g_free(text);
    return 0;
}
