/* front/common.c: option parsing, board and rules set-up, timing, file reading. */
#include "front/common.h"

#include "front/commands.h"

#include <stdio.h>
#include <string.h>

bool front_parse_options(GOptionContext *context, int *argc, char ***argv, const char *name)
{
    GError *error = NULL;
    if (g_option_context_parse(context, argc, argv, &error))
        return true;
    fprintf(stderr, "mathgo %s: %s (try 'mathgo %s --help')\n", name, error->message, name);
    g_error_free(error);
    return false;
}

int front_fail_usage(const char *name, GError *error)
{
    fprintf(stderr, "mathgo %s: %s\n", name, error ? error->message : "bad input");
    if (error)
        g_error_free(error);
    return FRONT_EXIT_USAGE;
}

bool front_rules(rules_t *rules, const char *name, const char *rules_text, const char *komi_text)
{
    GError *error = NULL;
    if (!rules_parse(rules, rules_text ? rules_text : "chinese", &error) ||
        (komi_text && !rules_parse_komi(&rules->komi2, komi_text, &error))) {
        front_fail_usage(name, error);
        return false;
    }
    return true;
}

board_geom_t *front_geom(const char *name, const char *size_text)
{
    GError *error = NULL;
    int w, h;
    board_geom_t *geom = NULL;
    if (board_parse_size(&w, &h, size_text, &error))
        geom = board_geom_create(w, h, &error);
    if (!geom)
        front_fail_usage(name, error);
    return geom;
}

void front_csv_field(FILE *out, const char *text)
{
    if (!strpbrk(text, ",\"\r\n")) {
        fputs(text, out);
        return;
    }
    fputc('"', out);
    for (; *text; text++) {
        if (*text == '"')
            fputc('"', out);
        fputc(*text, out);
    }
    fputc('"', out);
}

double front_seconds(void)
{
    return (double)g_get_monotonic_time() / 1e6;
}

char *front_read_file(const char *name, const char *path)
{
    GError *error = NULL;
    char *text = NULL;
    if (!g_strcmp0(path, "-")) {
        GString *s = g_string_new(NULL);
        char buf[4096];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, stdin)) > 0)
            g_string_append_len(s, buf, (gssize)n);
        return g_string_free(s, FALSE);
    }
    if (!g_file_get_contents(path, &text, NULL, &error)) {
        front_fail_usage(name, error);
        return NULL;
    }
    return text;
}
