/* tests/support.c: running mathgo as a process, reading test data. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "tests/support.h"

#include "positions/diagram.h"

#include <errno.h>
#include <glib.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

support_run_t support_run(const char *input, const char *const *args)
{
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (gpointer)MATHGO_BINARY);
    for (int i = 0; args[i]; i++)
        g_ptr_array_add(argv, (gpointer)args[i]);
    g_ptr_array_add(argv, NULL);
    support_run_t run = {NULL, NULL, -1};
    GError *error = NULL;
    GPid pid;
    int in_fd, out_fd, err_fd;
    if (!g_spawn_async_with_pipes(NULL, (char **)argv->pdata, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL,
                                  NULL, &pid, &in_fd, &out_fd, &err_fd, &error))
        fail_msg("cannot run %s: %s", MATHGO_BINARY, error->message);
    /* Small inputs and outputs only: write all, close, then read both pipes to the end.  A
     * command that refuses its arguments exits before it reads its input, and may do so before
     * the write: that write then fails with EPIPE (SIGPIPE ignored, else it would kill the
     * test), and the refusal is what the test reads. */
    if (input) {
        signal(SIGPIPE, SIG_IGN);
        size_t n = strlen(input);
        if (write(in_fd, input, n) != (ssize_t)n && errno != EPIPE)
            fail_msg("cannot write the input of %s", MATHGO_BINARY);
    }
    close(in_fd);
    GString *streams[2] = {g_string_new(NULL), g_string_new(NULL)};
    int fds[2] = {out_fd, err_fd};
    for (int k = 0; k < 2; k++) {
        char buf[4096];
        ssize_t got;
        while ((got = read(fds[k], buf, sizeof buf)) > 0)
            g_string_append_len(streams[k], buf, got);
        close(fds[k]);
    }
    int wait_status;
    waitpid(pid, &wait_status, 0);
    g_spawn_close_pid(pid);
    run.status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1;
    run.out = g_string_free(streams[0], FALSE);
    run.err = g_string_free(streams[1], FALSE);
    g_ptr_array_free(argv, TRUE);
    return run;
}

support_run_t support_run_va(const char *input, const char *first, va_list ap)
{
    GPtrArray *args = g_ptr_array_new();
    if (first)
        g_ptr_array_add(args, (gpointer)first);
    for (const char *a; (a = va_arg(ap, const char *));)
        g_ptr_array_add(args, (gpointer)a);
    g_ptr_array_add(args, NULL);
    support_run_t run = support_run(input, (const char *const *)args->pdata);
    g_ptr_array_free(args, TRUE);
    return run;
}

support_run_t support_runv(const char *input, ...)
{
    va_list ap;
    va_start(ap, input);
    support_run_t run = support_run_va(input, NULL, ap);
    va_end(ap);
    return run;
}

void support_run_clear(support_run_t *run)
{
    g_free(run->out);
    g_free(run->err);
    run->out = run->err = NULL;
}

char *support_read_data(const char *name)
{
    char *path = g_build_filename(MATHGO_TEST_DATA, name, NULL);
    char *text = NULL;
    GError *error = NULL;
    if (!g_file_get_contents(path, &text, NULL, &error))
        fail_msg("cannot read %s: %s", path, error->message);
    g_free(path);
    return text;
}

const char *support_record_value(char **lines, const char *key)
{
    size_t n = strlen(key);
    for (int i = 0; lines[i]; i++)
        if (!strncmp(lines[i], key, n) && lines[i][n] == ':')
            return g_strstrip(lines[i] + n + 1);
    return NULL;
}

void support_record_diagram(board_t *board, int *width, int *height, char **lines)
{
    GString *diagram = g_string_new(NULL);
    for (int i = 0; lines[i]; i++)
        if (!strchr(lines[i], ':') && lines[i][0] != '#')
            g_string_append_printf(diagram, "%s\n", lines[i]);
    GError *error = NULL;
    if (!diagram_parse(board, width, height, diagram->str, &error))
        fail_msg("%s: %s", support_record_value(lines, "name"), error->message);
    g_string_free(diagram, TRUE);
}

int support_for_each_record(const char *name, void (*check)(const char *record))
{
    char *text = support_read_data(name);
    char **records = g_strsplit(text, "\n---\n", -1);
    int count = 0;
    for (int i = 0; records[i]; i++, count++)
        check(records[i]);
    g_strfreev(records);
    g_free(text);
    return count;
}

board_geom_t *support_record_region(board_t *board, char **lines)
{
    GString *diagram = g_string_new(NULL);
    for (int i = 0; lines[i]; i++)
        if (!strchr(lines[i], ':'))
            g_string_append_printf(diagram, "%s\n", lines[i]);
    GError *error = NULL;
    int w, h;
    uint64_t on_board, safe[2];
    board_geom_t *g = NULL;
    if (diagram_parse_region(board, &w, &h, &on_board, safe, diagram->str, &error))
        g = board_geom_create_region(w, h, on_board, safe, &error);
    if (!g)
        fail_msg("%s: %s", support_record_value(lines, "name"), error->message);
    g_string_free(diagram, TRUE);
    return g;
}

game_t *support_game_after(const board_geom_t *g, const char *rules_text, const char *moves)
{
    rules_t r;
    GError *error = NULL;
    if (!rules_parse(&r, rules_text, &error))
        fail_msg("rules '%s': %s", rules_text, error->message);
    game_t *game = game_create(g, &r);
    char **names = g_strsplit(moves, " ", -1);
    for (char **m = names; *m; m++) {
        board_move_t move;
        if (!**m)
            continue;
        if (!board_parse_move(&move, g, *m, &error))
            fail_msg("moves '%s': %s", moves, error->message);
        if (game_play(game, move) != GAME_LEGAL)
            fail_msg("moves '%s': %s is not legal", moves, *m);
    }
    g_strfreev(names);
    return game;
}

uint64_t support_patterns(int n)
{
    uint64_t total = 1;
    for (int i = 0; i < n; i++)
        total *= 3;
    return total;
}

board_t support_pattern(uint64_t code, int n)
{
    board_t b = {{0, 0}};
    for (int p = 0; p < n; p++, code /= 3)
        if (code % 3)
            b.stones[code % 3 - 1] |= board_bit((board_point_t)p);
    return b;
}

GPtrArray *support_csv_fields(const char *line)
{
    GPtrArray *fields = g_ptr_array_new_with_free_func(g_free);
    GString *f = g_string_new(NULL);
    bool quoted = false;
    for (const char *p = line;; p++) {
        if (quoted && *p == '"' && p[1] == '"') {
            g_string_append_c(f, '"');
            p++;
        } else if (*p == '"') {
            quoted = !quoted;
        } else if (!*p || (!quoted && (*p == ',' || *p == '\n'))) {
            g_ptr_array_add(fields, g_string_free(f, FALSE));
            if (!*p || *p == '\n')
                break;
            f = g_string_new(NULL);
        } else {
            g_string_append_c(f, *p);
        }
    }
    return fields;
}

guint support_csv_index(const char *header, const char *name)
{
    GPtrArray *names = support_csv_fields(header);
    guint i = 0;
    while (i < names->len && strcmp(names->pdata[i], name))
        i++;
    if (i == names->len)
        fail_msg("no column %s in [%s]", name, header);
    g_ptr_array_unref(names);
    return i;
}

char *support_csv_column(const char *out, const char *name)
{
    char **lines = g_strsplit(out, "\n", 3);
    assert_non_null(lines[0]);
    assert_non_null(lines[1]);
    GPtrArray *header = support_csv_fields(lines[0]), *row = support_csv_fields(lines[1]);
    assert_int_equal(header->len, row->len);
    guint at = support_csv_index(lines[0], name);
    char *value = g_strdup(row->pdata[at]);
    g_ptr_array_unref(header);
    g_ptr_array_unref(row);
    g_strfreev(lines);
    return value;
}
