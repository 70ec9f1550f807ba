/* front/cmd_gtp.c: `mathgo gtp [--rules R] [--komi K] [--size WxH]`: GTP on stdin/stdout. */
#include "front/commands.h"
#include "front/common.h"
#include "front/gtp.h"

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
    front_rules_args_t rules_args = {NULL, NULL};
    char *size_text = NULL;
    GOptionEntry entries[] = {
        {"size", 's', 0, G_OPTION_ARG_STRING, &size_text,
         "board before the first boardsize command (default 5x5)", "WxH"},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *context = g_option_context_new("- speak the Go Text Protocol");
    g_option_context_set_summary(
        context, "Reads GTP version 2 commands on stdin and answers on stdout; docs/gtp.md lists\n"
                 "the commands, including mathgo-rules and kata-set-rule to change the rules.");
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
    if (!front_rules_args_parse(&rules, "gtp", &rules_args, "chinese"))
        goto done;
    if (size_text && !board_parse_size(&width, &height, size_text, &error)) {
        status = front_fail_usage("gtp", error);
        goto done;
    }
    if (!(engine = gtp_engine_create(width, height, &rules, &error))) {
        status = front_fail_usage("gtp", error);
        goto done;
    }
    GString *line = g_string_new(NULL);
    GString *response = g_string_new(NULL);
    status = FRONT_EXIT_OK;
    while (read_line(line, stdin)) {
        g_string_truncate(response, 0);
        gtp_status_t s = gtp_engine_execute(response, engine, line->str);
        fputs(response->str, stdout);
        fflush(stdout);
        if (s == GTP_STATUS_QUIT)
            break;
    }
    g_string_free(line, TRUE);
    g_string_free(response, TRUE);
done:
    gtp_engine_destroy(engine);
    front_rules_args_clear(&rules_args);
    g_free(size_text);
    g_option_context_free(context);
    return status;
}
