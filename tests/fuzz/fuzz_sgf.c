/*
 * tests/fuzz/fuzz_sgf.c: SGF collections and game records (positions/sgf.h).  Properties: a
 * parsed collection written by sgf_format reads back and is written the same way again; a game
 * record's start position is legal on its board, its moves can be replayed (legally or with an
 * error naming the move), and the root sgf_game_root writes for it reads back to the same
 * start.
 */
#include "fuzz.h"

#include "core/game.h"
#include "positions/sgf.h"

#include <glib.h>
#include <string.h>

static void check_tree(const char *text)
{
    GError *error = NULL;
    sgf_node_t *collection = sgf_parse(text, &error);
    if (!collection) {
        FUZZ_CHECK(error != NULL && error->message[0]);
        g_error_free(error);
        return;
    }
    char *written = sgf_format(collection);
    sgf_node_t *again = sgf_parse(written, &error);
    FUZZ_CHECK(again != NULL);
    char *rewritten = sgf_format(again);
    FUZZ_CHECK(strcmp(written, rewritten) == 0);
    g_free(rewritten);
    g_free(written);
    sgf_node_destroy(again);
    sgf_node_destroy(collection);
}

static void check_record(const char *text)
{
    GError *error = NULL;
    sgf_record_t record;
    if (!sgf_record_read(&record, text, &error)) {
        FUZZ_CHECK(error != NULL && error->message[0]);
        g_error_free(error);
        return;
    }
    board_geom_t *geom = board_geom_create(record.width, record.height, &error);
    if (!geom) { /* a board SGF can name and mathgo cannot hold */
        g_clear_error(&error);
        goto done;
    }
    rules_t rules;
    FUZZ_CHECK(rules_parse(&rules, "chinese", NULL));
    game_t *game = game_create_from(geom, &rules, &record.start, record.to_move, &error);
    if (!game) {
        g_clear_error(&error);
        goto geom_done;
    }
    if (!diagram_play_moves(game, record.moves, record.move_count, &error)) {
        FUZZ_CHECK(error != NULL);
        g_clear_error(&error);
    }
    game_destroy(game);
    sgf_node_t *root = sgf_game_root(geom, &rules, &record.start, record.to_move, "fuzz", &error);
    FUZZ_CHECK(root != NULL);
    sgf_node_t *collection = sgf_node_create();
    sgf_node_add_child(collection, root);
    char *written = sgf_format(collection);
    sgf_record_t again;
    FUZZ_CHECK(sgf_record_read(&again, written, NULL));
    FUZZ_CHECK(again.width == record.width && again.height == record.height &&
               board_equal(&again.start, &record.start) && again.to_move == record.to_move);
    sgf_record_clear(&again);
    g_free(written);
    sgf_node_destroy(collection);
geom_done:
    board_geom_destroy(geom);
done:
    sgf_record_clear(&record);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    check_tree(text);
    check_record(text);
    g_free(text);
    return 0;
}
