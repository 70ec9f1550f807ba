/*
 * tests/fuzz/fuzz_checkpoint.c: solve's checkpoint files (solver/checkpoint.h checkpoint_load,
 * as `mathgo solve --checkpoint` reads them), loaded into a small table.  Each input is loaded
 * twice: as it is, and with its trailer replaced by the SHA-256 line of the bytes before it
 * (docs/reliability.md, "Checkpoints": "checksum sha256 HEX"), so that the fuzzer reaches what
 * lies behind the checksum: entries restored into the table from a file whose checksum is right
 * but whose contents are not.  The program and problem lines are not compared (NULL), so any
 * header gets as far as its entries.  Property: a load fails with a message or succeeds.
 */
#include "fuzz.h"

#include "solver/checkpoint.h"
#include "solver/tt.h"

#include <glib.h>
#include <string.h>

static void load(tt_t *tt, const uint8_t *data, size_t size)
{
    fuzz_file_t file;
    fuzz_file_open(&file, data, size);
    checkpoint_info_t info;
    GError *error = NULL;
    if (!checkpoint_load(&info, file.path, NULL, NULL, tt, &error)) {
        FUZZ_CHECK(error != NULL && error->message[0]);
        g_error_free(error);
    }
    checkpoint_info_clear(&info);
    fuzz_file_close(&file);
    tt_clear(tt);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tt_t *tt = tt_create(1u << 16);
    FUZZ_CHECK(tt != NULL);
    load(tt, data, size);
    uint8_t *fixed = fuzz_sha256_trailer_fixed(data, size);
    if (fixed)
        load(tt, fixed, size);
    g_free(fixed);
    tt_destroy(tt);
    return 0;
}
