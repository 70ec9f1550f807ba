/*
 * front/cmd_gtp.c: `mathgo gtp [--rules R] [--komi K] [--size WxH] [--max-time S] [--max-nodes N]
 * [--memory SIZE] [--threads N] [--no-resign]`: GTP on stdin/stdout, genmove's notes on stderr.
 */
#include "front/commands.h"
#include "front/common.h"
#include "front/gtp.h"
#include "solver/search.h"

#include <errno.h>
#include <stdio.h>

/* Reads one line of any length (without its newline) into line; false at end of input. */
static bool read_line(GString *line, FILE *in)
{
    char buf[4096];
    g_string_truncate(line, 0);
    while (fgets(buf, sizeof buf, in)) {
        g_string_append(line, buf);
        if (line->len && line->str[line->len - 1] == '\n')
            return true;
    }
    return line->len > 0;
}

int front_gtp(int argc, char **argv)
{
    front_rules_args_t rules_args = {0};
    char *size_text = NULL, *memory_text = NULL;
    gdouble max_seconds = GTP_DEFAULT_MAX_SECONDS;
    gint64 max_nodes = 0;
    gboolean no_resign = FALSE;
    int threads = 1;
    GOptionEntry entries[] = {
        {"size", 's', 0, G_OPTION_ARG_STRING, &size_text,
         "board before the first boardsize command (default 5x5)", "WxH"},
        {"max-time", 0, 0, G_OPTION_ARG_DOUBLE, &max_seconds,
         "at most S seconds per genmove or analysis command (default 10; 0: no cap); a clock "
         "set by time_settings/time_left can only shorten it",
         "S"},
        {"max-nodes", 0, 0, G_OPTION_ARG_INT64, &max_nodes,
         "at most N solver nodes per genmove or analysis command (default 0: no limit)", "N"},
        {"memory", 0, 0, G_OPTION_ARG_STRING, &memory_text,
         "cap on the memory the solver allocates, its table (kept from move to move), stacks and "
         "threads (default: a table of 64M); a cap that cannot fit is refused",
         "SIZE"},
        {"threads", 'j', 0, G_OPTION_ARG_INT, &threads,
         "search threads sharing the table (default 1)", "N"},
        {"no-resign", 0, 0, G_OPTION_ARG_NONE, &no_resign,
         "play on in a position proven lost (the move that loses least, or slowest) instead of "
         "answering resign",
         NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *context = g_option_context_new("- speak the Go Text Protocol");
    g_option_context_set_summary(
        context,
        "Reads GTP version 2 commands on stdin and answers on stdout; docs/gtp.md lists\n"
        "the commands (mathgo-rules, kata-set-rule and kgs-rules change the rules) and how\n"
        "genmove spends its time.  Each genmove's choice is explained on stderr: optimal\n"
        "(proven by the solver) or the best found in the time.  Default rules: chinese.");
    g_option_context_add_main_entries(context, entries, NULL);
    front_rules_args_add(context, &rules_args);
    int status = FRONT_EXIT_USAGE;
    gtp_engine_t *engine = NULL;
    GError *error = NULL;
    rules_t rules;
    int width = 5, height = 5;

    if (!front_parse_options(context, &argc, &argv, "gtp"))
        goto done;
    if (argc != 1) {
        fprintf(stderr, "mathgo gtp: takes no arguments besides options\n");
        goto done;
    }
    if (!front_rules_args_parse(&rules, "gtp", &rules_args, FRONT_DEFAULT_RULES))
        goto done;
    gtp_player_options_t player = gtp_player_options_default();
    if (memory_text && !front_parse_memory(&player.memory_bytes, memory_text)) {
        status = front_usage("gtp", "--memory: '%s' is not a size such as 64M or 1G", memory_text);
        goto done;
    }
    if (!front_check_limits("gtp", max_seconds, max_nodes))
        goto done;
    if (threads < 1 || threads > 64) {
        status = front_usage("gtp", "--threads: %d is not between 1 and 64", threads);
        goto done;
    }
    player.threads = threads;
    search_memory_plan_t plan;
    if (player.memory_bytes && !search_memory_plan(&plan, player.memory_bytes, threads, &error)) {
        fprintf(stderr, "mathgo gtp: --memory %s: %s\n", memory_text, error->message);
        g_clear_error(&error);
        status = FRONT_EXIT_FAILURE;
        goto done;
    }
    if (memory_text && !player.memory_bytes)
        player.tt_bytes = 0; /* --memory 0: no table, as before */
    player.max_nodes = (uint64_t)max_nodes;
    player.resign = !no_resign;
    if (size_text && !board_parse_size(&width, &height, size_text, &error)) {
        status = front_fail_usage("gtp", error);
        goto done;
    }
    if (!(engine = gtp_engine_create(width, height, &rules, &error))) {
        status = front_fail_usage("gtp", error);
        goto done;
    }
    gtp_engine_set_player(engine, &player, max_seconds);
    gtp_engine_set_log(engine, stderr);
    GString *line = g_string_new(NULL);
    GString *response = g_string_new(NULL);
    status = FRONT_EXIT_OK;
    while (read_line(line, stdin)) {
        g_string_truncate(response, 0);
        gtp_status_t s = gtp_engine_execute(response, engine, line->str);
        fputs(response->str, stdout);
        if (fflush(stdout) != 0) { /* a full disk, a controller gone */
            fprintf(stderr, "mathgo gtp: cannot write the output: %s\n", g_strerror(errno));
            status = FRONT_EXIT_FAILURE;
            break;
        }
        if (s == GTP_STATUS_QUIT)
            break;
    }
    g_string_free(line, TRUE);
    g_string_free(response, TRUE);
done:
    gtp_engine_destroy(engine);
    front_rules_args_clear(&rules_args);
    g_free(size_text);
    g_free(memory_text);
    g_option_context_free(context);
    return status;
}
