/*
 * tests/fuzz/fuzz_checkpoint.c: solve's checkpoint files (solver/checkpoint.h checkpoint_load,
 * as `mathgo solve --checkpoint` reads them), loaded into a small table.  Each input is loaded
 * twice: as it is, and with its trailer replaced by the SHA-256 line of the bytes before it
 * (docs/reliability.md, "Checkpoints": "checksum sha256 HEX"), so that the fuzzer reaches what
 * lies behind the checksum: entries restored into the table from a file whose checksum is right
 * but whose contents are not.  The program and problem lines are not compared (NULL), so any
 * header gets as far as its entries.  A proof-number tree in the file (format 4) is read into
 * a small proof-number search, and a tree it reads is then searched on: the winner search of
 * the empty 1x5 under `math` (the seed solve_1x5_math_pns_tree.ckpt's test) takes it up when
 * the goal is its own.  Property: a load fails with a message or succeeds, and the search
 * after it ends, answered or stopped, without a crash.
 */
#include "fuzz.h"

#include "core/game.h"
#include "core/rules.h"
#include "solver/checkpoint.h"
#include "solver/pns.h"
#include "solver/tt.h"

#include <glib.h>
#include <string.h>

/* The seed's game: the empty 1x5 under `math`, Black to move. */
static void search_on(pns_t *pns)
{
    board_geom_t *geom = board_geom_create(5, 1, NULL);
    FUZZ_CHECK(geom != NULL);
    rules_t rules;
    FUZZ_CHECK(rules_parse(&rules, "math", NULL));
    game_t *game = game_create(geom, &rules);
    pns_set_limits(pns, 20000, 0);
    GError *error = NULL;
    if (!pns_winner(pns, game, &error)) {
        FUZZ_CHECK(error != NULL && error->message[0]);
        g_error_free(error);
    }
    game_destroy(game);
    board_geom_destroy(geom);
}

static void load(tt_t *tt, const uint8_t *data, size_t size)
{
    fuzz_file_t file;
    fuzz_file_open(&file, data, size);
    checkpoint_info_t info;
    GError *error = NULL;
    pns_t *pns = pns_create(4096);
    if (!checkpoint_load_tree(&info, file.path, NULL, NULL, tt, pns, &error)) {
        FUZZ_CHECK(error != NULL && error->message[0]);
        FUZZ_CHECK(!info.tree_read);
        g_error_free(error);
    } else if (info.tree_read) {
        search_on(pns);
    }
    pns_destroy(pns);
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
