/*
 * tests/fuzz/fuzz_region.c: region diagrams (positions/diagram.h diagram_parse_region, with
 * holes and immortal stones) and region files (front/region_file.h, `mathgo region`'s input).
 * Property: a parsed region written by diagram_format_region reads back to the same position,
 * rectangle, holes and safe stones, and its geometry and game can be built.
 */
#include "fuzz.h"

#include "core/game.h"
#include "front/region_file.h"
#include "positions/diagram.h"

#include <glib.h>
#include <string.h>

static void check_region_diagram(const char *text)
{
    diagram_looks_like_region(text);
    GError *error = NULL;
    board_t board;
    int width, height;
    uint64_t on_board, safe[2];
    if (!diagram_parse_region(&board, &width, &height, &on_board, safe, text, &error)) {
        FUZZ_CHECK(error != NULL && error->message[0]);
        g_error_free(error);
        return;
    }
    board_geom_t *geom = board_geom_create_region(width, height, on_board, safe, &error);
    if (!geom) {
        FUZZ_CHECK(error != NULL);
        g_error_free(error);
        return;
    }
    rules_t rules;
    FUZZ_CHECK(rules_parse(&rules, "chinese", NULL));
    game_t *game = game_create_from(geom, &rules, &board, BOARD_BLACK, &error);
    FUZZ_CHECK(game != NULL); /* diagram_parse_region refuses a chain without liberties */
    game_destroy(game);
    char *written = diagram_format_region(&board, geom);
    board_t again;
    int width_again, height_again;
    uint64_t on_board_again, safe_again[2];
    FUZZ_CHECK(diagram_parse_region(&again, &width_again, &height_again, &on_board_again,
                                    safe_again, written, NULL));
    FUZZ_CHECK(width_again == width && height_again == height && on_board_again == on_board &&
               safe_again[0] == safe[0] && safe_again[1] == safe[1] && board_equal(&again, &board));
    g_free(written);
    board_geom_destroy(geom);
}

static void check_region_file(const char *text)
{
    GError *error = NULL;
    GPtrArray *entries = region_file_parse(text, &error);
    if (!entries) {
        FUZZ_CHECK(error != NULL && error->message[0]);
        g_error_free(error);
        return;
    }
    for (guint i = 0; i < entries->len; i++) {
        const region_file_entry_t *entry = entries->pdata[i];
        FUZZ_CHECK(entry->geom != NULL && entry->line >= 1);
    }
    g_ptr_array_unref(entries);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    check_region_diagram(text);
    check_region_file(text);
    g_free(text);
    return 0;
}
