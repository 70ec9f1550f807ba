/*
 * tests/fuzz/fuzz_cgt.c: game expressions in CGSuite's notation (cgt/notation.h), as `mathgo
 * cgt` and region files' expectations read them.  Properties: a parsed game printed by
 * cgt_to_string reads back to the same game (the same hash-consed id); a parsed number printed
 * by cgt_number_to_string reads back to the same number.
 */
#include "fuzz.h"

#include "cgt/game.h"
#include "cgt/notation.h"

#include <glib.h>
#include <gmp.h>
#include <string.h>

static void check_game(const char *text)
{
    cgt_ctx_t *ctx = cgt_ctx_create();
    GError *error = NULL;
    cgt_game_t g;
    if (cgt_parse(&g, ctx, text, &error)) {
        char *written = cgt_to_string(ctx, g);
        cgt_game_t again;
        FUZZ_CHECK(cgt_parse(&again, ctx, written, NULL));
        FUZZ_CHECK(again == g);
        g_free(written);
    } else {
        FUZZ_CHECK(error != NULL && error->message[0]);
        g_error_free(error);
    }
    cgt_ctx_destroy(ctx);
}

static void check_number(const char *text)
{
    mpq_t x, again;
    mpq_inits(x, again, NULL);
    GError *error = NULL;
    if (cgt_parse_number(x, text, &error)) {
        char *written = cgt_number_to_string(x);
        FUZZ_CHECK(cgt_parse_number(again, written, NULL));
        FUZZ_CHECK(mpq_equal(x, again));
        g_free(written);
    } else {
        FUZZ_CHECK(error != NULL && error->message[0]);
        g_error_free(error);
    }
    mpq_clears(x, again, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    check_game(text);
    check_number(text);
    g_free(text);
    return 0;
}
