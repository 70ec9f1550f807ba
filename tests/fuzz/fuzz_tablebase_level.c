/*
 * tests/fuzz/fuzz_tablebase_level.c: the level checkpoints of `mathgo tablebase --checkpoint`
 * (the MATHGOTC files of solver/tablebase.c, docs/reliability.md "Checkpoints"), read the way
 * the command resumes: tablebase_compute with the input as its checkpoint file, for the board
 * and rule set the input's header names when it is a small one (at most 6 points, math or
 * pseudo), for 2x2 math otherwise.  Each input is resumed twice: as it is, and with its last 8
 * bytes replaced by the checksum of the bytes before them, so that the fuzzer reaches the
 * checks behind the checksum: a file whose checksum is right but whose contents are not.
 * Property: the resume fails with a message, or the computation ends with every state counted
 * once (wins + losses + draws = states); never a crash, a hang or an access out of bounds.
 */
#include "fuzz.h"

#include "core/board.h"
#include "core/rules.h"
#include "solver/tablebase.h"

#include <glib.h>
#include <string.h>

/* The header's fields the target reads (solver/tablebase.c, level_header). */
#define LEVEL_WIDTH_AT  12
#define LEVEL_HEIGHT_AT 13
#define LEVEL_RULES_AT  64

static void resume_from(const uint8_t *data, size_t size)
{
    int width = 2, height = 2;
    if (size > LEVEL_HEIGHT_AT) {
        int w = data[LEVEL_WIDTH_AT], h = data[LEVEL_HEIGHT_AT];
        if (w >= 1 && h >= 1 && w * h <= 6)
            width = w, height = h;
    }
    bool pseudo = size >= LEVEL_RULES_AT + 6 && !memcmp(data + LEVEL_RULES_AT, "pseudo", 6);
    rules_t rules;
    bool parsed = rules_parse(&rules, pseudo ? "pseudo" : "math", NULL);
    FUZZ_CHECK(parsed);
    board_geom_t *geom = board_geom_create(width, height, NULL);
    FUZZ_CHECK(geom != NULL);
    GError *error = NULL;
    tablebase_t *tb = tablebase_create(geom, &rules, &error);
    FUZZ_CHECK(tb != NULL);
    fuzz_file_t file;
    fuzz_file_open(&file, data, size);
    tablebase_options_t options = tablebase_options_default();
    options.checkpoint_path = file.path;
    options.checkpoint_seconds = 1e9; /* resume only: never write over the input */
    if (tablebase_compute(tb, &options, &error)) {
        tablebase_stats_t s = tablebase_stats(tb);
        FUZZ_CHECK(s.wins + s.losses + s.draws == s.states);
    } else {
        FUZZ_CHECK(error != NULL && error->message[0]);
        g_error_free(error);
    }
    fuzz_file_close(&file);
    tablebase_destroy(tb);
    board_geom_destroy(geom);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_with_tablebase_checksum(data, size, resume_from);
    return 0;
}
