/*
 * tests/fuzz/fuzz_tablebase.c: tablebase files (solver/tablebase.h tablebase_load, as `mathgo
 * probe` reads them).  Each input is loaded twice: as it is, and with its last 8 bytes replaced
 * by the checksum of the bytes before them (docs/tablebases.md, "File format": FNV-1a over
 * 64-bit little-endian words, the last one padded with zeros, then the byte count folded in),
 * so that the fuzzer reaches the checks behind the checksum: a file whose checksum is right but
 * whose contents are not, as another program could write it.  A file that loads is probed from
 * the empty board and from the positions its optimal games pass through.  Property: a load fails
 * with a message or gives a tablebase whose probes succeed or fail with a message.
 */
#include "fuzz.h"

#include "solver/tablebase.h"

#include <glib.h>
#include <string.h>

static void probe_from(const tablebase_t *tb, tablebase_state_t state, int depth)
{
    GError *error = NULL;
    tablebase_probe_t probe;
    if (!tablebase_probe(&probe, tb, &state, &error)) {
        FUZZ_CHECK(error != NULL && error->message[0]);
        g_error_free(error);
        return;
    }
    FUZZ_CHECK(probe.best_count >= 0 && probe.best_count <= BOARD_MAX_POINTS);
    FUZZ_CHECK(probe.line_length >= 0 && probe.line_length <= TABLEBASE_MAX_LINE);
    if (depth == 0)
        return;
    for (int i = 0; i < probe.best_count && i < 4; i++) {
        tablebase_state_t next;
        if (tablebase_state_play(&next, tb, &state, probe.best[i]))
            probe_from(tb, next, depth - 1);
    }
}

static void load_and_probe(const uint8_t *data, size_t size)
{
    fuzz_file_t file;
    fuzz_file_open(&file, data, size);
    GError *error = NULL;
    tablebase_t *tb = tablebase_load(file.path, &error);
    fuzz_file_close(&file);
    if (!tb) {
        FUZZ_CHECK(error != NULL && error->message[0]);
        g_error_free(error);
        return;
    }
    tablebase_stats(tb);
    const board_geom_t *geom = tablebase_geom(tb);
    tablebase_state_t empty = {
        .position = board_initial(geom), .to_move = BOARD_BLACK, .ban = TABLEBASE_BAN_NONE};
    probe_from(tb, empty, 3);
    empty.to_move = BOARD_WHITE;
    probe_from(tb, empty, 1);
    tablebase_destroy(tb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_with_tablebase_checksum(data, size, load_and_probe);
    return 0;
}
