/* solver/chetrit_checkpoint.c: a study's finished rows in a file (see chetrit_checkpoint.h). */
#define _POSIX_C_SOURCE 200809L /* fileno, fsync */
#include "solver/chetrit_checkpoint.h"

#include "positions/rank.h"
#include "solver/checkpoint.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAGIC   "mathgo chetrit checkpoint "
#define TRAILER "checksum sha256 "
/* The integers of a row in the file (the line has an index and twice as many). */
#define ROW_FIELDS 19
/* A checkpoint of N positions is shorter than this: the header (the command line is one line
 * of the user's; 1 MiB is ample) and a line of at most 39 numbers of 8 characters a position. */
#define MAX_FILE_BYTES(n) (((gsize)1 << 20) + (gsize)(n)*512)
/* Plies beyond this are not a value of a board of at most 64 points within a study. */
#define MAX_PLIES 1000000
/* The simple-ko winner field of a row without a tablebase. */
#define SIMPLE_KO_NONE (-2)

char *chetrit_checkpoint_study(const board_geom_t *geom, const char *positions, uint64_t seed,
                               const chetrit_options_t *options)
{
    GString *s = g_string_new(NULL);
    g_string_append_printf(s, "board %dx%d positions %s", geom->width, geom->height, positions);
    if (g_str_has_prefix(positions, "sample:"))
        g_string_append_printf(s, " seed %" PRIu64, seed);
    uint64_t pseudo = options->pseudo_max_nodes;
    if (options->max_nodes && (!pseudo || pseudo > options->max_nodes))
        pseudo = options->max_nodes; /* as chetrit_create takes them */
    g_string_append_printf(s, " max-nodes %" PRIu64 " pseudo-max-nodes %" PRIu64 " tablebase %s",
                           options->max_nodes, pseudo, options->simple_ko ? "math" : "none");
    return g_string_free(s, FALSE);
}

/* The fields of the margins of chetrit_margin_rules (whose bounds follow, in that order). */
static const int margin_field[CHETRIT_MARGIN_RULES] = {3, 4, 5, 8};

/* A row's fields as the file has them (chetrit_checkpoint.h). */
static void row_fields(long out[ROW_FIELDS], const chetrit_row_t *r)
{
    long mask = 0;
    for (int k = 0; k < CHETRIT_RULE_COUNT; k++)
        mask |= (long)r->solved[k] << k;
    out[0] = mask;
    out[1] = r->solved[CHETRIT_MATH] ? r->math_winner : 0;
    out[2] = r->solved[CHETRIT_MATH] ? r->math_plies : 0;
    out[3] = r->solved[CHETRIT_OLD_CHINESE] ? r->old_chinese_margin : 0;
    out[4] = r->solved[CHETRIT_CHINESE] ? r->chinese_margin : 0;
    out[5] = r->solved[CHETRIT_TROMP_TAYLOR] ? r->tromp_taylor_margin : 0;
    out[6] = r->solved[CHETRIT_PSEUDO] ? r->pseudo_winner : 0;
    out[7] = r->solved[CHETRIT_PSEUDO] ? r->pseudo_plies : 0;
    out[8] = r->solved[CHETRIT_OLD_CHINESE_EYES] ? r->old_chinese_eyes_margin : 0;
    out[9] = r->simple_ko_known ? r->simple_ko_winner : SIMPLE_KO_NONE;
    out[10] = r->simple_ko_known ? r->simple_ko_plies : 0;
    for (int k = 0; k < CHETRIT_MARGIN_RULES; k++) {
        out[11 + 2 * k] = r->margin_lo[chetrit_margin_rules[k]];
        out[12 + 2 * k] = r->margin_hi[chetrit_margin_rules[k]];
    }
}

bool chetrit_checkpoint_save(const char *path, const chetrit_checkpoint_info_t *info,
                             const chetrit_snapshot_t *snapshot, GError **error)
{
    GString *s = g_string_new(NULL);
    g_string_append_printf(s, MAGIC "%d\n", CHETRIT_CHECKPOINT_FORMAT);
    const char *keys[3] = {"program", "command", "study"};
    const char *values[3] = {info->program, info->command, info->study};
    for (int k = 0; k < 3; k++) {
        g_string_append_printf(s, "%s ", keys[k]);
        for (const char *c = values[k] ? values[k] : ""; *c; c++)
            g_string_append_c(s, *c == '\n' || *c == '\r' ? ' ' : *c);
        g_string_append_c(s, '\n');
    }
    size_t done = 0;
    for (size_t i = 0; i < snapshot->count; i++)
        done += snapshot->done[i];
    g_string_append_printf(s, "positions %zu\ndone %zu\n", snapshot->count, done);
    for (size_t i = 0; i < snapshot->count; i++) {
        if (!snapshot->done[i])
            continue;
        g_string_append_printf(s, "%zu", i);
        for (int side = 0; side < 2; side++) {
            long f[ROW_FIELDS];
            row_fields(f, &snapshot->rows[2 * i + side]);
            for (int k = 0; k < ROW_FIELDS; k++)
                g_string_append_printf(s, " %ld", f[k]);
        }
        g_string_append_c(s, '\n');
    }
    char *sum = g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *)s->str, s->len);
    g_string_append_printf(s, TRAILER "%s\n", sum);
    g_free(sum);

    char *tmp = checkpoint_temp_path(path);
    const char *what = tmp;
    bool ok = false;
    FILE *f = fopen(tmp, "wb");
    if (f) {
        bool written = fwrite(s->str, 1, s->len, f) == s->len;
        if (!written) {
            int saved = errno;
            fclose(f);
            errno = saved;
        } else
            ok = checkpoint_commit(f, tmp, path, &what);
    }
    if (!ok) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_IO, "cannot write '%s': %s", what,
                    g_strerror(errno));
        checkpoint_discard(tmp, path);
    }
    g_free(tmp);
    g_string_free(s, TRUE);
    return ok;
}

/* ---- Reading -------------------------------------------------------------------------------- */

typedef struct reader {
    const char *path;
    char **lines;
    size_t line; /* the next line, 0-based */
} reader_t;

static void corrupt(GError **error, const reader_t *rd, const char *what)
{
    g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_CORRUPT,
                "%s: line %zu: %s (not a mathgo chetrit checkpoint, or a damaged one)", rd->path,
                rd->line + 1, what);
}

/* The value of the next line "KEY VALUE", or NULL (the line is not there or has another key). */
static const char *next_value(reader_t *rd, const char *key)
{
    const char *line = rd->lines[rd->line];
    size_t n = strlen(key);
    if (!line || strncmp(line, key, n) != 0 || line[n] != ' ')
        return NULL;
    rd->line++;
    return line + n + 1;
}

/* A whole decimal number within [lo, hi]. */
static bool parse_long(long *out, const char *text, long lo, long hi)
{
    gint64 v;
    if (!g_ascii_string_to_signed(text, 10, lo, hi, &v, NULL))
        return false;
    *out = (long)v;
    return true;
}

/* A row from its fields, checked: NULL, or what is out of range. */
static const char *row_from_fields(chetrit_row_t *r, const long f[ROW_FIELDS], int points)
{
    if (f[0] < 0 || f[0] >= (1L << CHETRIT_RULE_COUNT))
        return "solved rule sets out of range";
    for (int k = 0; k < CHETRIT_RULE_COUNT; k++)
        r->solved[k] = (f[0] >> k) & 1;
    bool math = r->solved[CHETRIT_MATH], pseudo = r->solved[CHETRIT_PSEUDO];
    if ((math && (f[1] < 0 || f[1] > 1 || f[2] < 0 || f[2] > MAX_PLIES)) ||
        (pseudo && (f[6] < 0 || f[6] > 1 || f[7] < -1 || f[7] > MAX_PLIES)))
        return "a winner or a number of plies out of range";
    for (int k = 0; k < CHETRIT_MARGIN_RULES; k++)
        if (f[margin_field[k]] < -points || f[margin_field[k]] > points)
            return "a margin beyond the board's points";
    if (f[9] < SIMPLE_KO_NONE || f[9] > 1 || f[10] < 0 || f[10] > MAX_PLIES)
        return "a simple-ko value out of range";
    /* A cell that was not solved holds nothing, whatever the file says (save writes 0). */
    const bool *solved = r->solved;
    r->math_winner = math ? (board_color_t)f[1] : BOARD_BLACK;
    r->math_plies = math ? (int)f[2] : 0;
    r->old_chinese_margin = solved[CHETRIT_OLD_CHINESE] ? (int)f[3] : 0;
    r->chinese_margin = solved[CHETRIT_CHINESE] ? (int)f[4] : 0;
    r->tromp_taylor_margin = solved[CHETRIT_TROMP_TAYLOR] ? (int)f[5] : 0;
    r->pseudo_winner = pseudo ? (board_color_t)f[6] : BOARD_BLACK;
    r->pseudo_plies = pseudo ? (int)f[7] : 0;
    r->old_chinese_eyes_margin = solved[CHETRIT_OLD_CHINESE_EYES] ? (int)f[8] : 0;
    r->simple_ko_known = f[9] != SIMPLE_KO_NONE;
    r->simple_ko_winner = r->simple_ko_known ? (int)f[9] : 0;
    r->simple_ko_plies = r->simple_ko_known ? (int)f[10] : 0;
    for (int k = 0; k < CHETRIT_MARGIN_RULES; k++) {
        long lo = f[11 + 2 * k], hi = f[12 + 2 * k];
        if (lo < -points || hi > points || lo > hi)
            return "a margin's bounds out of range";
        if (solved[chetrit_margin_rules[k]] && (lo != f[margin_field[k]] || hi != lo))
            return "a solved margin whose bounds are not the margin";
        r->margin_lo[chetrit_margin_rules[k]] = (int)lo;
        r->margin_hi[chetrit_margin_rules[k]] = (int)hi;
    }
    return NULL;
}

/* The header lines up to `done`, checked against info and count. */
static bool read_header(size_t *announced, reader_t *rd, const chetrit_checkpoint_info_t *info,
                        size_t count, GError **error)
{
    const char *v = next_value(rd, "mathgo chetrit checkpoint");
    long format;
    if (!v || !parse_long(&format, v, 0, 1000000)) {
        corrupt(error, rd, "no 'mathgo chetrit checkpoint' line");
        return false;
    }
    if (format != CHETRIT_CHECKPOINT_FORMAT) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_MISMATCH,
                    "%s: format %ld, this mathgo reads format %d: remove the file to start again",
                    rd->path, format, CHETRIT_CHECKPOINT_FORMAT);
        return false;
    }
    const char *program = next_value(rd, "program");
    if (!program) {
        corrupt(error, rd, "no 'program' line");
        return false;
    }
    if (info->program && strcmp(program, info->program) != 0) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_MISMATCH,
                    "%s: written by mathgo %s, this is mathgo %s: its rows may mean something "
                    "else; remove the file to start again",
                    rd->path, program, info->program);
        return false;
    }
    const char *command = next_value(rd, "command"), *study = NULL;
    if (!command || !(study = next_value(rd, "study"))) {
        corrupt(error, rd, command ? "no 'study' line" : "no 'command' line");
        return false;
    }
    if (info->study && strcmp(study, info->study) != 0) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_MISMATCH,
                    "%s: the checkpoint of another study (written by: %s); this command's is: "
                    "%s; its was: %s",
                    rd->path, command, info->study, study);
        return false;
    }
    long positions, done;
    if (!(v = next_value(rd, "positions")) || !parse_long(&positions, v, 0, LONG_MAX)) {
        corrupt(error, rd, "no 'positions' line");
        return false;
    }
    if ((size_t)positions != count) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_MISMATCH,
                    "%s: a study of %ld positions, this one selects %zu", rd->path, positions,
                    count);
        return false;
    }
    if (!(v = next_value(rd, "done")) || !parse_long(&done, v, 0, positions)) {
        corrupt(error, rd, "no 'done' line, or more done than there are positions");
        return false;
    }
    *announced = (size_t)done;
    return true;
}

/* The rows' lines: each index once, in increasing order, within the selection. */
static bool read_rows(chetrit_row_t *rows, bool *done, size_t announced, reader_t *rd,
                      const board_geom_t *geom, const uint64_t *ranks, size_t count, GError **error)
{
    GError *err = NULL;
    rank_t *rank = rank_create(geom, &err);
    if (!rank) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_MISMATCH, "%s: %s", rd->path,
                    err->message);
        g_error_free(err);
        return false;
    }
    bool ok = true;
    long last = -1;
    for (size_t k = 0; k < announced && ok; k++) {
        const char *line = rd->lines[rd->line];
        char **words = line ? g_strsplit(line, " ", -1) : NULL;
        long index = -1, f[2][ROW_FIELDS];
        const char *problem = NULL;
        if (!words || g_strv_length(words) != 1 + 2 * ROW_FIELDS ||
            !parse_long(&index, words[0], 0, (long)count - 1))
            problem = "not a row of this study (an index and 38 integers)";
        else if (index <= last)
            problem = "rows out of order";
        for (int i = 0; !problem && i < 2 * ROW_FIELDS; i++)
            if (!parse_long(&f[i / ROW_FIELDS][i % ROW_FIELDS], words[1 + i], -MAX_PLIES,
                            MAX_PLIES))
                problem = "a field that is not a number in range";
        if (!problem) {
            board_t position;
            rank_unrank(&position, rank, ranks[index]);
            for (int side = 0; side < 2 && !problem; side++) {
                chetrit_row_t *r = &rows[2 * index + side];
                r->rank = ranks[index];
                chetrit_row_describe(r, geom, &position, side ? BOARD_WHITE : BOARD_BLACK);
                problem = row_from_fields(r, f[side], geom->size);
            }
        }
        g_strfreev(words);
        if (problem) {
            corrupt(error, rd, problem);
            ok = false;
        } else {
            done[index] = true;
            last = index;
            rd->line++;
        }
    }
    rank_destroy(rank);
    return ok;
}

bool chetrit_checkpoint_load(chetrit_row_t *rows, bool *done, size_t *finished, const char *path,
                             const chetrit_checkpoint_info_t *info, const board_geom_t *geom,
                             const uint64_t *ranks, size_t count, GError **error)
{
    memset(rows, 0, 2 * count * sizeof *rows);
    memset(done, 0, count * sizeof *done);
    *finished = 0;
    struct stat st;
    if (stat(path, &st) != 0) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_IO, "%s: %s", path,
                    g_strerror(errno));
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_CORRUPT,
                    "%s: not a regular file (a checkpoint is one)", path);
        return false;
    }
    if ((gsize)st.st_size > MAX_FILE_BYTES(count)) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_CORRUPT,
                    "%s: larger than the checkpoint of a study of %zu positions can be", path,
                    count);
        return false;
    }
    char *text = NULL;
    gsize size = 0;
    GError *err = NULL;
    if (!g_file_get_contents(path, &text, &size, &err)) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_IO, "%s", err->message);
        g_error_free(err);
        return false;
    }
    reader_t rd = {path, NULL, 0};
    bool ok = false;
    /* The checksum first: a damaged file is refused as a whole, whatever part is damaged. */
    const size_t trailer = strlen(TRAILER) + 64 + 1;
    const char *tail = size >= trailer ? text + size - trailer : NULL;
    if (size == 0 || memchr(text, '\0', size)) {
        rd.lines = g_new0(char *, 1);
        corrupt(error, &rd, size ? "a NUL byte" : "an empty file");
        goto done;
    }
    rd.lines = g_strsplit(text, "\n", -1);
    if (!tail || strncmp(tail, TRAILER, strlen(TRAILER)) != 0 || text[size - 1] != '\n' ||
        (tail > text && tail[-1] != '\n')) {
        if (!next_value(&rd, "mathgo chetrit checkpoint"))
            corrupt(error, &rd, "no 'mathgo chetrit checkpoint' line");
        else
            g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_CORRUPT,
                        "%s: no checksum line at the end (a truncated file)", path);
        goto done;
    }
    char *sum =
        g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *)text, (gsize)(tail - text));
    bool sum_ok = strncmp(sum, tail + strlen(TRAILER), 64) == 0;
    g_free(sum);
    if (!sum_ok) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_CORRUPT,
                    "%s: the checksum does not match the contents (a damaged file)", path);
        goto done;
    }
    size_t announced = 0;
    if (!read_header(&announced, &rd, info, count, error) ||
        !read_rows(rows, done, announced, &rd, geom, ranks, count, error))
        goto done;
    if (!rd.lines[rd.line] || !g_str_has_prefix(rd.lines[rd.line], TRAILER)) {
        corrupt(error, &rd, "more rows than announced");
        goto done;
    }
    *finished = announced;
    ok = true;
done:
    if (!ok) {
        memset(rows, 0, 2 * count * sizeof *rows);
        memset(done, 0, count * sizeof *done);
    }
    g_strfreev(rd.lines);
    g_free(text);
    return ok;
}
