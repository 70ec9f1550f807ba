/*
 * tests/fuzz/fuzz_gtp.c: GTP command lines (front/gtp.h), fed one line at a time to the
 * engine's line handler as `mathgo gtp` does with its stdin.  The engine starts on a 5x5 board
 * under chinese rules; its player has a small table and a node limit, so that genmove and the
 * analysis commands stay short whatever the board.  Property: every line gets no response
 * (empty or comment) or one complete response, "=..." or "?...", ending with an empty line.
 *
 * Lines naming a file (loadsgf, printsgf FILE) are not fed: the fuzzer must not read or write
 * files of the machine; SGF reading has its own target (fuzz_sgf.c) and printsgf without a file
 * is sent after every input.
 */
#include "fuzz.h"

#include "front/gtp.h"

#include <glib.h>
#include <string.h>

/* Whether the line, cleaned as GTP's preprocessing cleans it (control characters other than
 * HT and LF removed), mentions an SGF file command. */
static bool names_a_file(const char *line)
{
    GString *clean = g_string_new(NULL);
    for (const char *c = line; *c; c++)
        if ((unsigned char)*c >= 32 && *c != 127)
            g_string_append_c(clean, (char)g_ascii_tolower(*c));
        else if (*c == '\t')
            g_string_append_c(clean, ' ');
    bool named = strstr(clean->str, "sgf") != NULL;
    g_string_free(clean, TRUE);
    return named;
}

static void check_response(gtp_status_t status, const GString *response, gsize before)
{
    const char *r = response->str + before;
    gsize n = response->len - before;
    if (status == GTP_STATUS_NONE) {
        FUZZ_CHECK(n == 0);
        return;
    }
    FUZZ_CHECK(n >= 3 && (r[0] == '=' || r[0] == '?') && r[n - 1] == '\n' && r[n - 2] == '\n');
    FUZZ_CHECK((status == GTP_STATUS_FAILURE) == (r[0] == '?'));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rules_t rules;
    FUZZ_CHECK(rules_parse(&rules, "chinese", NULL));
    gtp_engine_t *engine = gtp_engine_create(5, 5, &rules, NULL);
    FUZZ_CHECK(engine != NULL);
    gtp_player_options_t options = gtp_player_options_default();
    options.tt_bytes = 1u << 16;
    options.max_nodes = 2000;
    /* A per-move cap of 2 s besides the node limit: under kgs-rules japanese an Analysis (a
     * leaf of the search, or final_status_list) is bounded by the clock, not by max_nodes. */
    gtp_engine_set_player(engine, &options, 2.0);
    char *text = fuzz_text(data, size);
    char **lines = g_strsplit(text, "\n", -1);
    GString *response = g_string_new(NULL);
    for (char **line = lines; *line; line++) {
        if (names_a_file(*line))
            continue;
        gsize before = response->len;
        gtp_status_t status = gtp_engine_execute(response, engine, *line);
        check_response(status, response, before);
        if (status == GTP_STATUS_QUIT)
            break;
    }
    gsize before = response->len;
    check_response(gtp_engine_execute(response, engine, "printsgf"), response, before);
    g_string_free(response, TRUE);
    g_strfreev(lines);
    g_free(text);
    gtp_engine_destroy(engine);
    return 0;
}
