/*
 * tests/fuzz/fuzz_diagram.c: plain and framed board diagrams with move lists
 * (positions/diagram.h), and position files as `show`, `play --from` and `solve --from` read
 * them (front/common.h front_position_read: a diagram, a framed diagram with show's report, or
 * SGF).  Property: a parsed diagram written by diagram_format reads back to the same position.
 */
#include "fuzz.h"

#include "core/game.h"
#include "front/common.h"
#include "positions/diagram.h"

#include <glib.h>
#include <string.h>

static void check_plain(const char *text)
{
    GError *error = NULL;
    char *stripped = diagram_strip_frame(text, &error);
    if (!stripped) {
        FUZZ_CHECK(error != NULL);
        g_error_free(error);
        return;
    }
    ssize_t moves_at = diagram_moves_offset(stripped);
    char *rows = moves_at < 0 ? g_strdup(stripped) : g_strndup(stripped, (gsize)moves_at);
    board_t board;
    int width, height;
    if (!diagram_parse(&board, &width, &height, rows, &error)) {
        FUZZ_CHECK(error != NULL && error->message[0]);
        g_error_free(error);
        goto done;
    }
    board_geom_t *geom = board_geom_create(width, height, &error);
    FUZZ_CHECK(geom != NULL); /* diagram_parse refuses what the board cannot hold */
    char *written = diagram_format(&board, geom);
    board_t again;
    int width_again, height_again;
    FUZZ_CHECK(diagram_parse(&again, &width_again, &height_again, written, NULL));
    FUZZ_CHECK(width_again == width && height_again == height && board_equal(&again, &board));
    g_free(written);
    if (moves_at >= 0) {
        diagram_move_t *moves = NULL;
        int count = 0;
        if (diagram_parse_moves(&moves, &count, geom, stripped, (size_t)moves_at, &error)) {
            rules_t rules;
            FUZZ_CHECK(rules_parse(&rules, "chinese", NULL));
            game_t *game = game_create_from(geom, &rules, &board, BOARD_BLACK, NULL);
            if (game && !diagram_play_moves(game, moves, count, &error)) {
                FUZZ_CHECK(error != NULL);
                g_clear_error(&error);
            }
            game_destroy(game);
            g_free(moves);
        } else {
            FUZZ_CHECK(error != NULL);
            g_clear_error(&error);
        }
    }
    board_geom_destroy(geom);
done:
    g_free(rows);
    g_free(stripped);
}

/* The front's reading of a position file, through the file system as the commands do. */
static void check_position_file(const uint8_t *data, size_t size)
{
    fuzz_file_t file;
    fuzz_file_open(&file, data, size);
    front_position_t pos;
    if (front_position_read(&pos, "fuzz", file.path, false)) {
        front_rules_args_t args = {0};
        rules_t rules;
        if (front_position_rules(&rules, "fuzz", &args, &pos, FRONT_DEFAULT_RULES)) {
            game_t *game = front_position_game("fuzz", file.path, &pos, &rules, NULL);
            if (game) {
                board_move_t moves[BOARD_MAX_POINTS + 1];
                int count = game_legal_moves(moves, game);
                FUZZ_CHECK(count >= 0 && count <= BOARD_MAX_POINTS + 1);
                game_status(game);
                game_destroy(game);
            }
        }
        front_position_clear(&pos);
    }
    fuzz_file_close(&file);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    check_plain(text);
    g_free(text);
    check_position_file(data, size);
    return 0;
}
