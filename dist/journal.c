/*
 * dist/journal.c: the journal of a distributed solve (dist/dist.h has the format): its head
 * and units written at once and atomically (checkpoint_commit, as checkpoints are), results
 * appended one record per line, each with its own checksum, so that a coordinator killed in
 * the middle of a write leaves at worst one broken last line, which the next run cuts off.
 */
#define _POSIX_C_SOURCE 200809L /* fdatasync, ftruncate */
#include "dist/internal.h"

#include "solver/checkpoint.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define JOURNAL_FORMAT   1
#define JOURNAL_SUM_HEX  16 /* hex digits of SHA-256 kept per record */
#define JOURNAL_MAX_LINE 4096

struct dist_journal {
    FILE *f;
    char *path;
};

/* The record `text` as a line: text, a space, its checksum, a newline. */
static char *record_line(const char *text)
{
    char *sum = g_compute_checksum_for_string(G_CHECKSUM_SHA256, text, -1);
    char *line = g_strdup_printf("%s %.*s\n", text, JOURNAL_SUM_HEX, sum);
    g_free(sum);
    return line;
}

/* The text of a line (without its newline) when its checksum holds, else NULL. */
static char *record_text(const char *line, size_t length)
{
    if (length < JOURNAL_SUM_HEX + 2 || line[length - JOURNAL_SUM_HEX - 1] != ' ')
        return NULL;
    char *text = g_strndup(line, length - JOURNAL_SUM_HEX - 1);
    char *sum = g_compute_checksum_for_string(G_CHECKSUM_SHA256, text, -1);
    bool same = !strncmp(sum, line + length - JOURNAL_SUM_HEX, JOURNAL_SUM_HEX) &&
                strlen(text) == length - JOURNAL_SUM_HEX - 1; /* no NUL inside */
    g_free(sum);
    if (!same) {
        g_free(text);
        return NULL;
    }
    return text;
}

static bool write_new(const char *path, const char *problem, const char *command,
                      const dist_plan_t *plan, GError **error)
{
    char *tmp = checkpoint_temp_path(path);
    const char *failed = tmp;
    FILE *f = fopen(tmp, "w");
    bool ok = f != NULL;
    GString *text = g_string_new("");
    char *one_line = g_strdelimit(g_strdup(command ? command : ""), "\r\n", ' ');
    const char *head[3] = {"mathgo-journal 1", NULL, NULL};
    char *problem_text = g_strdup_printf("problem %s", problem);
    char *command_text = g_strdup_printf("command %s", one_line);
    head[1] = problem_text, head[2] = command_text;
    for (int i = 0; ok && i < 3; i++) {
        char *line = record_line(head[i]);
        ok = fputs(line, f) >= 0;
        g_free(line);
    }
    int units = dist_plan_unit_count(plan);
    for (int u = 0; ok && u < units; u++) {
        board_move_t moves[SEARCH_MAX_PV];
        int n = dist_plan_unit_moves(moves, plan, u);
        g_string_printf(text, "unit %d", u);
        for (int k = 0; k < n; k++)
            g_string_append_printf(text, " %d", moves[k]);
        char *line = record_line(text->str);
        ok = fputs(line, f) >= 0;
        g_free(line);
    }
    if (ok) {
        g_string_printf(text, "units %d", units);
        char *line = record_line(text->str);
        ok = fputs(line, f) >= 0;
        g_free(line);
    }
    if (f) {
        if (ok)
            ok = checkpoint_commit(f, tmp, path, &failed);
        else
            fclose(f);
    }
    if (!ok) {
        g_set_error(error, DIST_ERROR, DIST_ERROR_IO, "%s: cannot write: %s", failed,
                    g_strerror(errno ? errno : EIO));
        checkpoint_discard(tmp, path);
    }
    g_string_free(text, TRUE);
    g_free(one_line);
    g_free(problem_text);
    g_free(command_text);
    g_free(tmp);
    return ok;
}

/* The records of an existing journal: the head checked, the units read into a plan, the
 * results recorded.  *good: the bytes of the intact records. */
typedef struct journal_read {
    dist_plan_t *plan;
    int results;
    size_t good;
    int bad_line; /* the first line cut off (0: none) */
} journal_read_t;

static bool read_records(journal_read_t *out, const char *path, const char *contents, size_t length,
                         const char *problem, const game_t *root, GError **error)
{
    memset(out, 0, sizeof *out);
    GPtrArray *unit_moves = g_ptr_array_new_with_free_func(g_free);
    GArray *unit_counts = g_array_new(FALSE, FALSE, sizeof(int));
    int declared_units = -1, line_number = 0;
    bool ok = false;
    size_t at = 0;
    while (at < length) {
        const char *line = contents + at;
        const char *end = memchr(line, '\n', length - at);
        line_number++;
        char *text = end ? record_text(line, (size_t)(end - line)) : NULL;
        if (!text) {
            if (declared_units < 0) {
                g_set_error(error, DIST_ERROR, DIST_ERROR_CORRUPT,
                            "%s: line %d: not a mathgo journal, or its head or units are "
                            "damaged (remove the file to start again)",
                            path, line_number);
                goto done;
            }
            out->bad_line = line_number;
            break;
        }
        at = (size_t)(end - contents) + 1;
        bool understood = true;
        if (line_number == 1)
            understood = !strcmp(text, "mathgo-journal 1");
        else if (line_number == 2) {
            understood = g_str_has_prefix(text, "problem ");
            if (understood && strcmp(text + 8, problem)) {
                g_set_error(error, DIST_ERROR, DIST_ERROR_MISMATCH,
                            "%s: the journal of another problem: its is '%s'; this command's is "
                            "'%s' (another --journal, or remove the file to start again)",
                            path, text + 8, problem);
                g_free(text);
                goto done;
            }
        } else if (line_number == 3)
            understood = g_str_has_prefix(text, "command ");
        else if (declared_units < 0 && g_str_has_prefix(text, "unit ")) {
            char **words = g_strsplit(text, " ", -1);
            int n = (int)g_strv_length(words) - 2;
            board_move_t *moves = g_new(board_move_t, n > 0 ? n : 1);
            understood = atoi(words[1]) == (int)unit_counts->len && n < SEARCH_MAX_PV;
            for (int k = 0; understood && k < n; k++) {
                int m = atoi(words[k + 2]);
                understood = m >= 0 && m <= BOARD_MOVE_PASS;
                moves[k] = (board_move_t)m;
            }
            g_ptr_array_add(unit_moves, moves);
            g_array_append_val(unit_counts, n);
            g_strfreev(words);
        } else if (declared_units < 0 && g_str_has_prefix(text, "units ")) {
            declared_units = atoi(text + 6);
            understood = declared_units == (int)unit_counts->len;
            if (understood) {
                out->plan = dist_plan_create_from_units(
                    root, declared_units, (const int *)(void *)unit_counts->data,
                    (const board_move_t *const *)unit_moves->pdata, error);
                if (!out->plan) {
                    g_prefix_error(error, "%s: ", path);
                    g_free(text);
                    goto done;
                }
            }
        } else if (declared_units >= 0 && g_str_has_prefix(text, "result ")) {
            int unit, lo, hi;
            unsigned long long nodes;
            double seconds;
            understood =
                sscanf(text, "result %d %d %d %llu %lf", &unit, &lo, &hi, &nodes, &seconds) == 5 &&
                unit >= 0 && unit < dist_plan_unit_count(out->plan) && lo <= hi &&
                lo >= -SEARCH_VALUE_INF && hi <= SEARCH_VALUE_INF;
            if (understood) {
                dist_plan_record(out->plan, unit, lo, hi, nodes);
                out->results++;
            }
        } else if (declared_units >= 0 && g_str_has_prefix(text, "split ")) {
            int unit;
            char extra;
            understood = sscanf(text, "split %d%c", &unit, &extra) == 1 && unit >= 0 &&
                         unit < dist_plan_unit_count(out->plan) &&
                         dist_plan_split(out->plan, root, unit);
        } else
            understood = false;
        g_free(text);
        if (!understood) {
            g_set_error(error, DIST_ERROR, DIST_ERROR_CORRUPT,
                        "%s: line %d: a record with a good checksum that is not what a journal "
                        "holds there (remove the file to start again)",
                        path, line_number);
            goto done;
        }
        out->good = at;
    }
    if (declared_units < 0) {
        g_set_error(error, DIST_ERROR, DIST_ERROR_CORRUPT,
                    "%s: not a complete mathgo journal (no 'units' record; remove the file to "
                    "start again)",
                    path);
        goto done;
    }
    ok = true;
done:
    if (!ok) {
        dist_plan_destroy(out->plan);
        out->plan = NULL;
    }
    g_ptr_array_free(unit_moves, TRUE);
    g_array_free(unit_counts, TRUE);
    return ok;
}

dist_journal_t *dist_journal_open(dist_plan_t **plan, int *results_read, char **warning,
                                  const char *path, const char *problem, const char *command,
                                  const game_t *root, int target_units, GError **error)
{
    *plan = NULL, *results_read = 0, *warning = NULL;
    char *contents = NULL;
    gsize length = 0;
    GError *read_error = NULL;
    if (!g_file_get_contents(path, &contents, &length, &read_error)) {
        if (!g_error_matches(read_error, G_FILE_ERROR, G_FILE_ERROR_NOENT)) {
            g_set_error(error, DIST_ERROR, DIST_ERROR_IO, "%s", read_error->message);
            g_error_free(read_error);
            return NULL;
        }
        g_clear_error(&read_error);
        length = 0;
    }
    dist_journal_t *journal = NULL;
    if (!length) {
        *plan = dist_plan_create(root, target_units);
        if (!write_new(path, problem, command, *plan, error))
            goto fail;
    } else {
        journal_read_t r;
        if (!read_records(&r, path, contents, length, problem, root, error))
            goto fail;
        *plan = r.plan;
        *results_read = r.results;
        if (r.good < length) {
            *warning = g_strdup_printf(
                "%s: cut off %zu bytes from line %d on (a truncated or damaged last record); "
                "%d results kept",
                path, (size_t)length - r.good, r.bad_line, r.results);
            if (truncate(path, (off_t)r.good) != 0) {
                g_set_error(error, DIST_ERROR, DIST_ERROR_IO, "%s: cannot cut off its tail: %s",
                            path, g_strerror(errno));
                goto fail;
            }
        }
    }
    journal = g_new0(dist_journal_t, 1);
    journal->path = g_strdup(path);
    if (!(journal->f = fopen(path, "a"))) {
        g_set_error(error, DIST_ERROR, DIST_ERROR_IO, "%s: cannot append: %s", path,
                    g_strerror(errno));
        goto fail;
    }
    g_free(contents);
    return journal;
fail:
    g_free(contents);
    if (journal) {
        g_free(journal->path);
        g_free(journal);
    }
    dist_plan_destroy(*plan);
    *plan = NULL;
    g_free(*warning);
    *warning = NULL;
    return NULL;
}

/* Appends the record `text` and flushes it to the disk. */
static bool append(dist_journal_t *journal, char *text, GError **error)
{
    char *line = record_line(text);
    bool ok = fputs(line, journal->f) >= 0 && fflush(journal->f) == 0 &&
              fdatasync(fileno(journal->f)) == 0;
    if (!ok)
        g_set_error(error, DIST_ERROR, DIST_ERROR_IO, "%s: cannot append: %s", journal->path,
                    g_strerror(errno ? errno : EIO));
    g_free(text);
    g_free(line);
    return ok;
}

bool dist_journal_append_result(dist_journal_t *journal, int unit, int lo, int hi, uint64_t nodes,
                                double seconds, GError **error)
{
    return append(journal,
                  g_strdup_printf("result %d %d %d %llu %.3f", unit, lo, hi,
                                  (unsigned long long)nodes, seconds),
                  error);
}

bool dist_journal_append_split(dist_journal_t *journal, int unit, GError **error)
{
    return append(journal, g_strdup_printf("split %d", unit), error);
}

void dist_journal_close(dist_journal_t *journal)
{
    if (!journal)
        return;
    if (journal->f)
        fclose(journal->f);
    g_free(journal->path);
    g_free(journal);
}
