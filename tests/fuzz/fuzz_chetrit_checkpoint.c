/*
 * tests/fuzz/fuzz_chetrit_checkpoint.c: the checkpoints of `mathgo chetrit --checkpoint`
 * (solver/chetrit_checkpoint.h chetrit_checkpoint_load), read for a study of every position of
 * 1x3 (15 positions).  Each input is loaded twice: as it is, and with its trailer replaced by
 * the SHA-256 line of the bytes before it, so that the fuzzer reaches the rows behind the
 * checksum.  The program and study lines are not compared (NULL), so any header gets as far as
 * its rows.  Properties: a load fails with a message, or gives finished rows whose values are
 * in range, which saved again (to an in-memory file) load back to the same rows.
 */
#include "fuzz.h"

#include "core/board.h"
#include "solver/chetrit.h"
#include "solver/chetrit_checkpoint.h"

#include <glib.h>
#include <string.h>

#define POSITIONS 15 /* 1x3 */

static void check_rows(const chetrit_row_t *rows, const bool *done, size_t finished)
{
    size_t count = 0;
    for (size_t i = 0; i < POSITIONS; i++) {
        count += done[i];
        for (int side = 0; done[i] && side < 2; side++) {
            const chetrit_row_t *r = &rows[2 * i + side];
            FUZZ_CHECK(r->rank == i && r->to_move == (side ? BOARD_WHITE : BOARD_BLACK));
            FUZZ_CHECK(!r->solved[CHETRIT_MATH] || r->math_winner == BOARD_BLACK ||
                       r->math_winner == BOARD_WHITE);
            FUZZ_CHECK(r->old_chinese_margin >= -3 && r->old_chinese_margin <= 3);
        }
    }
    FUZZ_CHECK(count == finished);
}

static void load(const board_geom_t *geom, const uint64_t *ranks, const uint8_t *data, size_t size)
{
    fuzz_file_t file;
    fuzz_file_open(&file, data, size);
    chetrit_checkpoint_info_t info = {NULL, NULL, NULL};
    chetrit_row_t rows[2 * POSITIONS], again[2 * POSITIONS];
    bool done[POSITIONS], done_again[POSITIONS];
    size_t finished = 0, finished_again = 0;
    GError *error = NULL;
    if (!chetrit_checkpoint_load(rows, done, &finished, file.path, &info, geom, ranks, POSITIONS,
                                 &error)) {
        FUZZ_CHECK(error != NULL && error->message[0]);
        g_error_free(error);
        fuzz_file_close(&file);
        return;
    }
    fuzz_file_close(&file);
    check_rows(rows, done, finished);
    /* Saved again and read back: the same rows. */
    fuzz_file_t copy;
    fuzz_file_open(&copy, NULL, 0);
    chetrit_snapshot_t snap = {rows, done, POSITIONS, finished, 0};
    info.program = "fuzz";
    info.study = "fuzz";
    if (chetrit_checkpoint_save(copy.path, &info, &snap, &error)) {
        bool loaded = chetrit_checkpoint_load(again, done_again, &finished_again, copy.path, &info,
                                              geom, ranks, POSITIONS, &error);
        if (!loaded)
            fuzz_fail(error->message, __FILE__, __LINE__);
        FUZZ_CHECK(finished_again == finished && !memcmp(done, done_again, sizeof done));
        FUZZ_CHECK(!memcmp(rows, again, sizeof rows));
    } else
        g_clear_error(&error);
    fuzz_file_close(&copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    board_geom_t *geom = board_geom_create(1, 3, NULL);
    FUZZ_CHECK(geom != NULL);
    uint64_t ranks[POSITIONS];
    for (uint64_t i = 0; i < POSITIONS; i++)
        ranks[i] = i;
    load(geom, ranks, data, size);
    uint8_t *fixed = fuzz_sha256_trailer_fixed(data, size);
    if (fixed)
        load(geom, ranks, fixed, size);
    g_free(fixed);
    board_geom_destroy(geom);
    return 0;
}
