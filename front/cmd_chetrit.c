/*
 * front/cmd_chetrit.c: `mathgo chetrit WxH [--positions empty|all|shuffled|sample:N] [--seed S]
 * [--csv]
 * [--output FILE] [--tablebase FILE] [--threads N] [--memory SIZE] [--max-nodes N]`: Chetrit's
 * claim (Mathematical Go is won by
 * the side with the larger old-Chinese score) tested on every selected position, each taken as
 * a fresh start with either side to move (solver/chetrit.h, docs/chetrit.md).
 */
/* fileno, fsync, ftruncate */
#define _POSIX_C_SOURCE 200809L

#include "front/commands.h"
#include "front/common.h"
#include "front/interrupt.h"
#include "front/solve_output.h"

#include "core/board.h"
#include "positions/diagram.h"
#include "positions/rank.h"
#include "solver/checkpoint.h"
#include "solver/chetrit.h"
#include "solver/chetrit_checkpoint.h"
#include "solver/tablebase.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const csv_header =
    "board,rank,position,to_move,math_winner,math_plies,old_chinese_margin,chinese_margin,"
    "tromp_taylor_margin,pseudo_winner,black_groups,white_groups,empty_points,"
    "old_chinese_eyes_margin,black_eye_groups,white_eye_groups,black_stones,white_stones,"
    "area_margin,pseudo_plies,math_simple_ko_winner,math_simple_ko_plies,old_chinese_lo,"
    "old_chinese_hi,chinese_lo,chinese_hi,tromp_taylor_lo,tromp_taylor_hi,old_chinese_eyes_lo,"
    "old_chinese_eyes_hi";

/* The columns of csv_header; the first CSV_COLUMNS_BEFORE_BOUNDS are the whole header of files
 * written before the bounds columns (2026-12-02), which a resume upgrades (output_open). */
#define CSV_COLUMNS               30
#define CSV_COLUMNS_BEFORE_BOUNDS 22

/* The smallest counterexamples the summary lists. */
#define SHOWN_COUNTEREXAMPLES 8

/* Rows against a margin's sign: [sign + 1][winner is White]. */
typedef struct contingency {
    uint64_t cell[3][2];
} contingency_t;

typedef struct summary {
    const board_geom_t *geom;
    FILE *out;               /* the CSV rows' destination, NULL: none */
    const char *output_path; /* --output (rows fsynced now and then), NULL: stdout */
    double last_sync;
    bool progress;
    size_t positions;
    double started, last_progress;
    uint64_t rows, emitted_positions;
    uint64_t unsolved[CHETRIT_RULE_COUNT];
    uint64_t sign_from_bounds[CHETRIT_RULE_COUNT]; /* unsolved, with the sign known */
    contingency_t chain, eyes, pseudo_vs_area;
    uint64_t tie_by_mover[2][2]; /* chain margin 0: [White to move][White wins] */
    /* The simple-ko winner (B, W, draw) against the superko one: [simple][White wins]. */
    uint64_t superko_vs_simple[3][2];
    /* Counterexamples to the chain form, fewest stones first (then rank). */
    chetrit_row_t shown[SHOWN_COUNTEREXAMPLES];
    int shown_count;
} summary_t;

/* --checkpoint and the signals: what the snapshot hook and the signal watcher share. */
typedef struct study_run {
    const char *path; /* --checkpoint, NULL: none */
    double every;     /* --checkpoint-every */
    double last_save;
    chetrit_checkpoint_info_t info;
    bool save_failed;     /* the last save failed (reported on stderr) */
    size_t finished;      /* positions finished at the last snapshot */
    chetrit_stop_t *stop; /* the run's stop request */
    GMutex lock;          /* guards signal */
    int signal;           /* the first SIGINT or SIGTERM, 0 before */
    summary_t *summary;   /* the rows' hook's data */
} study_run_t;

static void on_signal(int signal, void *data)
{
    study_run_t *run = data;
    g_mutex_lock(&run->lock);
    if (!run->signal)
        run->signal = signal;
    g_mutex_unlock(&run->lock);
    chetrit_stop_request(run->stop);
}

static void take_row(const chetrit_row_t *r, void *data);

static void emit_row(const chetrit_row_t *r, void *data)
{
    take_row(r, ((study_run_t *)data)->summary);
}

/* The snapshot hook: saves the checkpoint every --checkpoint-every seconds and at the end. */
static void on_snapshot(const chetrit_snapshot_t *snapshot, bool last, void *data)
{
    study_run_t *run = data;
    run->finished = snapshot->finished;
    if (!run->path)
        return;
    double now = front_seconds();
    if (!last && now - run->last_save < run->every)
        return;
    GError *err = NULL;
    run->save_failed = !chetrit_checkpoint_save(run->path, &run->info, snapshot, &err);
    if (run->save_failed) {
        fprintf(stderr, "mathgo chetrit: --checkpoint: %s (the run goes on)\n", err->message);
        g_error_free(err);
    }
    run->last_save = now;
}

static void csv_winner(FILE *out, bool solved, board_color_t winner)
{
    if (solved)
        fputs(winner == BOARD_BLACK ? "B" : "W", out);
}

static void csv_int(FILE *out, bool solved, int v)
{
    if (solved)
        fprintf(out, "%d", v);
}

static void write_row(FILE *out, const board_geom_t *g, const chetrit_row_t *r)
{
    char text[DIAGRAM_COMPACT_SIZE];
    diagram_format_compact(text, &r->position, g);
    fprintf(out, "%dx%d,%" PRIu64 ",%s,%s,", g->width, g->height, r->rank, text,
            r->to_move == BOARD_BLACK ? "B" : "W");
    csv_winner(out, r->solved[CHETRIT_MATH], r->math_winner);
    fputc(',', out);
    csv_int(out, r->solved[CHETRIT_MATH], r->math_plies);
    fputc(',', out);
    csv_int(out, r->solved[CHETRIT_OLD_CHINESE], r->old_chinese_margin);
    fputc(',', out);
    csv_int(out, r->solved[CHETRIT_CHINESE], r->chinese_margin);
    fputc(',', out);
    csv_int(out, r->solved[CHETRIT_TROMP_TAYLOR], r->tromp_taylor_margin);
    fputc(',', out);
    csv_winner(out, r->solved[CHETRIT_PSEUDO], r->pseudo_winner);
    fprintf(out, ",%d,%d,%d,", r->black_groups, r->white_groups, r->empty_points);
    csv_int(out, r->solved[CHETRIT_OLD_CHINESE_EYES], r->old_chinese_eyes_margin);
    fprintf(out, ",%d,%d,%d,%d,%d,", r->black_eye_groups, r->white_eye_groups, r->black_stones,
            r->white_stones, r->area_margin);
    csv_int(out, r->solved[CHETRIT_PSEUDO] && r->pseudo_plies >= 0, r->pseudo_plies);
    fputc(',', out);
    if (r->simple_ko_known)
        fputs(r->simple_ko_winner < 0 ? "D" : r->simple_ko_winner == BOARD_BLACK ? "B" : "W", out);
    fputc(',', out);
    csv_int(out, r->simple_ko_known && r->simple_ko_winner >= 0, r->simple_ko_plies);
    for (int k = 0; k < CHETRIT_MARGIN_RULES; k++)
        fprintf(out, ",%d,%d", r->margin_lo[chetrit_margin_rules[k]],
                r->margin_hi[chetrit_margin_rules[k]]);
    fputc('\n', out);
}

/* Whether a comes before b among the counterexamples shown: fewer stones, then rank, then
 * Black to move first. */
static bool shown_before(const chetrit_row_t *a, const chetrit_row_t *b)
{
    int sa = a->black_stones + a->white_stones, sb = b->black_stones + b->white_stones;
    if (sa != sb)
        return sa < sb;
    if (a->rank != b->rank)
        return a->rank < b->rank;
    return a->to_move < b->to_move;
}

static void keep_counterexample(summary_t *s, const chetrit_row_t *r)
{
    int n = s->shown_count;
    if (n == SHOWN_COUNTEREXAMPLES && !shown_before(r, &s->shown[n - 1]))
        return;
    int i = n < SHOWN_COUNTEREXAMPLES ? n : n - 1;
    while (i > 0 && shown_before(r, &s->shown[i - 1])) {
        s->shown[i] = s->shown[i - 1];
        i--;
    }
    s->shown[i] = *r;
    if (n < SHOWN_COUNTEREXAMPLES)
        s->shown_count++;
}

static void print_progress(summary_t *s, bool last)
{
    double now = front_seconds();
    if (!last && now - s->last_progress < 0.25)
        return;
    s->last_progress = now;
    fprintf(stderr, "\rmathgo chetrit: %" PRIu64 " of %zu positions, %.1f s%s",
            s->emitted_positions, s->positions, now - s->started, last ? "\n" : "");
    fflush(stderr);
}

/* Counts one row in the summary's tables.  A margin counts by its sign, which an unsolved cell
 * may know from its bounds (chetrit_margin_sign). */
static void tally_row(summary_t *s, const chetrit_row_t *r)
{
    s->rows++;
    if (r->to_move == BOARD_WHITE)
        s->emitted_positions++;
    for (int k = 0; k < CHETRIT_RULE_COUNT; k++)
        s->unsolved[k] += !r->solved[k];
    for (int k = 0; k < CHETRIT_MARGIN_RULES; k++) {
        int sign;
        s->sign_from_bounds[chetrit_margin_rules[k]] +=
            !r->solved[chetrit_margin_rules[k]] &&
            chetrit_margin_sign(&sign, r, chetrit_margin_rules[k]);
    }
    bool math = r->solved[CHETRIT_MATH];
    int white = r->math_winner == BOARD_WHITE;
    int sign;
    if (math && chetrit_margin_sign(&sign, r, CHETRIT_OLD_CHINESE)) {
        s->chain.cell[sign + 1][white]++;
        if (sign == 0)
            s->tie_by_mover[r->to_move == BOARD_WHITE][white]++;
        if ((sign > 0 && white) || (sign < 0 && !white))
            keep_counterexample(s, r);
    }
    if (math && chetrit_margin_sign(&sign, r, CHETRIT_OLD_CHINESE_EYES))
        s->eyes.cell[sign + 1][white]++;
    if (r->solved[CHETRIT_PSEUDO] && chetrit_margin_sign(&sign, r, CHETRIT_TROMP_TAYLOR))
        s->pseudo_vs_area.cell[sign + 1][r->pseudo_winner == BOARD_WHITE]++;
    if (math && r->simple_ko_known)
        s->superko_vs_simple[r->simple_ko_winner < 0 ? 2 : r->simple_ko_winner == BOARD_WHITE]
                            [white]++;
}

/* Seconds between two fsyncs of the --output file. */
#define SYNC_SECONDS 30.0

static void take_row(const chetrit_row_t *r, void *data)
{
    summary_t *s = data;
    tally_row(s, r);
    if (s->out) {
        write_row(s->out, s->geom, r);
        if (r->to_move == BOARD_WHITE) {
            fflush(s->out); /* a long study keeps every finished position */
            double now = front_seconds();
            if (s->output_path && now - s->last_sync >= SYNC_SECONDS) {
                fsync(fileno(s->out));
                s->last_sync = now;
            }
        }
    }
    if (s->progress && r->to_move == BOARD_WHITE)
        print_progress(s, false);
}

/*
 * Reads one CSV line of write_row back into *r (without its rank's position check, done by
 * the caller); `columns` is the file's header's: CSV_COLUMNS, or CSV_COLUMNS_BEFORE_BOUNDS for
 * a file without the bounds, whose rows get what is known without them (a solved margin, or
 * the board's limits).  False and *error naming the column that is wrong.
 */
static bool parse_row(chetrit_row_t *r, char **field, int fields, int columns,
                      const board_geom_t *g, GError **error)
{
    memset(r, 0, sizeof *r);
    if (fields != columns) {
        g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, "%d columns, not %d", fields,
                    columns);
        return false;
    }
    char board[32];
    g_snprintf(board, sizeof board, "%dx%d", g->width, g->height);
    if (strcmp(field[0], board)) {
        g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, "board %s, not %s", field[0],
                    board);
        return false;
    }
    /* Each column: a winner (B, W; D too for the simple-ko one) or a number, empty allowed
     * where the cell can be unsolved. */
    int value[CSV_COLUMNS] = {0};
    bool present[CSV_COLUMNS] = {false};
    for (int k = 1; k < columns; k++) {
        const char *f = field[k];
        present[k] = *f != '\0';
        bool winner = k == 3 || k == 4 || k == 9 || k == 20;
        bool optional = k == 4 || k == 5 || (k >= 6 && k <= 9) || k == 13 ||
                        (k >= 19 && k < CSV_COLUMNS_BEFORE_BOUNDS);
        bool ok;
        if (k == 2)
            continue; /* the position: checked against the rank by the caller */
        if (!present[k])
            ok = optional;
        else if (winner) {
            ok = f[1] == '\0' && (f[0] == 'B' || f[0] == 'W' || (k == 20 && f[0] == 'D'));
            value[k] = f[0] == 'B' ? BOARD_BLACK : f[0] == 'W' ? BOARD_WHITE : -1;
        } else {
            gint64 n = 0;
            ok = g_ascii_string_to_signed(f, 10, k == 1 ? 0 : -1000, k == 1 ? G_MAXINT64 : 1000, &n,
                                          NULL);
            if (k == 1)
                r->rank = (uint64_t)n;
            value[k] = (int)n;
        }
        if (!ok) {
            char **names = g_strsplit(csv_header, ",", -1); /* the column's name */
            g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, "%s '%s' is not valid",
                        names[k], f);
            g_strfreev(names);
            return false;
        }
    }
    r->to_move = (board_color_t)value[3];
    r->solved[CHETRIT_MATH] = present[4] && present[5];
    r->math_winner = (board_color_t)value[4];
    r->math_plies = value[5];
    r->solved[CHETRIT_OLD_CHINESE] = present[6];
    r->old_chinese_margin = value[6];
    r->solved[CHETRIT_CHINESE] = present[7];
    r->chinese_margin = value[7];
    r->solved[CHETRIT_TROMP_TAYLOR] = present[8];
    r->tromp_taylor_margin = value[8];
    r->solved[CHETRIT_PSEUDO] = present[9];
    r->pseudo_winner = (board_color_t)value[9];
    r->black_groups = value[10];
    r->white_groups = value[11];
    r->empty_points = value[12];
    r->solved[CHETRIT_OLD_CHINESE_EYES] = present[13];
    r->old_chinese_eyes_margin = value[13];
    r->black_eye_groups = value[14];
    r->white_eye_groups = value[15];
    r->black_stones = value[16];
    r->white_stones = value[17];
    r->area_margin = value[18];
    r->pseudo_plies = present[19] ? value[19] : -1;
    r->simple_ko_known = present[20];
    r->simple_ko_winner = value[20];
    r->simple_ko_plies = value[21];
    for (int k = 0; k < CHETRIT_MARGIN_RULES; k++) {
        chetrit_rule_t rule = chetrit_margin_rules[k];
        int *lo = &r->margin_lo[rule], *hi = &r->margin_hi[rule];
        if (columns == CSV_COLUMNS_BEFORE_BOUNDS) {
            *hi = r->solved[rule] ? chetrit_row_margin(r, rule) : chetrit_margin_limit(g, rule);
            *lo = r->solved[rule] ? *hi : -*hi;
            continue;
        }
        *lo = value[CSV_COLUMNS_BEFORE_BOUNDS + 2 * k];
        *hi = value[CSV_COLUMNS_BEFORE_BOUNDS + 2 * k + 1];
        if (*lo > *hi || (r->solved[rule] && (*lo != chetrit_row_margin(r, rule) || *hi != *lo))) {
            char **names = g_strsplit(csv_header, ",", -1);
            int at = CSV_COLUMNS_BEFORE_BOUNDS + 2 * k;
            g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                        "%s %d and %s %d are not bounds of the margin", names[at], *lo,
                        names[at + 1], *hi);
            g_strfreev(names);
            return false;
        }
    }
    return true;
}

/*
 * The header a file starts with: CSV_COLUMNS for this version's, CSV_COLUMNS_BEFORE_BOUNDS
 * for one written before the bounds columns, 0 for neither; *length its bytes, newline
 * included.
 */
static int header_columns(size_t *length, const char *text, size_t text_length)
{
    size_t full = strlen(csv_header);
    if (text_length > full && !strncmp(text, csv_header, full) && text[full] == '\n') {
        *length = full + 1;
        return CSV_COLUMNS;
    }
    const char *cut = csv_header; /* the end of column CSV_COLUMNS_BEFORE_BOUNDS */
    for (int k = 0; k < CSV_COLUMNS_BEFORE_BOUNDS; k++)
        cut = strchr(cut, ',') + 1;
    size_t before = (size_t)(cut - csv_header) - 1;
    if (text_length > before && !strncmp(text, csv_header, before) && text[before] == '\n') {
        *length = before + 1;
        return CSV_COLUMNS_BEFORE_BOUNDS;
    }
    return 0;
}

/*
 * Rewrites a file of the header before the bounds columns as this version's: the header, then
 * `rows` with their bounds (parse_row's), replacing the file atomically.
 */
static bool output_upgrade(const char *path, const board_geom_t *g, const GArray *rows)
{
    char *tmp = checkpoint_temp_path(path);
    const char *failed = tmp;
    FILE *f = fopen(tmp, "w");
    bool ok = false;
    if (f) {
        fprintf(f, "%s\n", csv_header);
        for (guint i = 0; i < rows->len; i++)
            write_row(f, g, &g_array_index(rows, chetrit_row_t, i));
        ok = !ferror(f) && checkpoint_commit(f, tmp, path, &failed);
        if (!ok && errno == 0)
            errno = EIO;
    }
    if (!ok) {
        fprintf(stderr, "mathgo chetrit: cannot rewrite %s with the bounds columns: %s: %s\n", path,
                failed, g_strerror(errno));
        checkpoint_discard(tmp, path);
    } else
        fprintf(stderr,
                "mathgo chetrit: %s: %u rows rewritten with the bounds columns of this version "
                "(a solved margin, or the board's limits)\n",
                path, rows->len);
    g_free(tmp);
    return ok;
}

/*
 * --output FILE: opens FILE for the rows of this study.  A missing or empty file (or one that
 * holds part of the header only: a run stopped at once) starts afresh with the header.
 * Otherwise the file must be an earlier run of the same study: the header, then pairs of rows
 * (Black to move, White to move) for the first positions of `ranks`, in order; every row is
 * read back into the summary, a trailing partial line or unpaired row (a run killed while
 * writing) is cut off, and *done gets the number of positions already there.  A file with the
 * header of a version before the bounds columns is rewritten with them first (output_upgrade).
 * `simple_ko` says whether this run fills the simple-ko columns, which the file's rows must
 * match.  False and a message on error: *status 2 for a file that is not this study's, 1 for
 * I/O.
 */
static bool output_open(size_t *done, int *status, summary_t *s, const char *path,
                        const uint64_t *ranks, size_t count, bool simple_ko)
{
    const board_geom_t *g = s->geom;
    *done = 0;
    *status = FRONT_EXIT_FAILURE;
    gchar *text = NULL;
    gsize length = 0;
    GError *err = NULL;
    if (g_file_test(path, G_FILE_TEST_IS_DIR)) {
        fprintf(stderr, "mathgo chetrit: --output %s: a folder, not a file\n", path);
        *status = FRONT_EXIT_USAGE;
        return false;
    }
    if (!g_file_get_contents(path, &text, &length, &err)) {
        if (!g_error_matches(err, G_FILE_ERROR, G_FILE_ERROR_NOENT)) {
            fprintf(stderr, "mathgo chetrit: %s\n", err->message);
            g_error_free(err);
            *status = FRONT_EXIT_USAGE;
            return false;
        }
        g_error_free(err);
        text = g_strdup("");
        length = 0;
    }
    size_t header_length = strlen(csv_header);
    size_t keep = 0; /* bytes of the file to keep */
    bool fresh = length <= header_length && !strncmp(text, csv_header, length);
    int columns = CSV_COLUMNS;
    if (!fresh) {
        columns = header_columns(&keep, text, length);
        if (!columns) {
            fprintf(stderr,
                    "mathgo chetrit: %s: line 1 is not the header of `mathgo chetrit --csv` "
                    "(another program's file, or another version's?)\n",
                    path);
            g_free(text);
            *status = FRONT_EXIT_USAGE;
            return false;
        }
    }
    /* The rows of an old file, to write again with the bounds. */
    GArray *old_rows = columns == CSV_COLUMNS_BEFORE_BOUNDS
                           ? g_array_new(FALSE, FALSE, sizeof(chetrit_row_t))
                           : NULL;
    rank_t *rank = fresh ? NULL : rank_create(g, NULL);
    g_assert(fresh || rank); /* the selection was ranked already (chetrit_select) */
    bool ok = true;
    size_t at = keep, line = 1;
    chetrit_row_t pending; /* the Black-to-move row of the position being read */
    bool have_pending = false;
    while (ok && !fresh && at < length) {
        char *end = memchr(text + at, '\n', length - at);
        if (!end)
            break; /* a partial last line: cut off */
        *end = '\0';
        line++;
        char **field = g_strsplit(text + at, ",", -1);
        chetrit_row_t r;
        ok = parse_row(&r, field, (int)g_strv_length(field), columns, g, &err);
        const char *problem = NULL;
        char expected[DIAGRAM_COMPACT_SIZE] = "";
        if (ok) {
            size_t k = *done;
            if (k >= count)
                problem = "more positions than this study selects";
            else if (r.rank != ranks[k])
                problem = "not the next position of this study's selection (is the file from "
                          "another board, --positions or --seed?)";
            else if (r.to_move != (have_pending ? BOARD_WHITE : BOARD_BLACK))
                problem = "not in the order Black to move, White to move";
            else if (r.simple_ko_known != simple_ko)
                problem = simple_ko ? "has no simple-ko value, and this run has --tablebase"
                                    : "has a simple-ko value, and this run has no --tablebase";
            else {
                rank_unrank(&r.position, rank, r.rank);
                diagram_format_compact(expected, &r.position, g);
                if (strcmp(expected, field[2]))
                    problem = "its position is not the one of its rank";
            }
            ok = !problem;
        }
        if (!ok) {
            if (err)
                fprintf(stderr, "mathgo chetrit: %s: line %zu: %s\n", path, line, err->message);
            else
                fprintf(stderr, "mathgo chetrit: %s: line %zu (rank %s): %s\n", path, line,
                        field[1], problem);
            g_clear_error(&err);
            *status = FRONT_EXIT_USAGE;
        } else if (!have_pending) {
            pending = r;
            have_pending = true;
        } else {
            tally_row(s, &pending);
            tally_row(s, &r);
            if (old_rows) {
                g_array_append_val(old_rows, pending);
                g_array_append_val(old_rows, r);
            }
            have_pending = false;
            ++*done;
            keep = (size_t)(end - text) + 1;
        }
        g_strfreev(field);
        at = (size_t)(end - text) + 1;
    }
    rank_destroy(rank);
    g_free(text);
    bool upgraded = ok && old_rows;
    if (upgraded)
        ok = output_upgrade(path, g, old_rows); /* whole rows only: append at its end */
    if (old_rows)
        g_array_free(old_rows, TRUE);
    if (!ok)
        return false;
    FILE *out = fopen(path, fresh ? "w" : upgraded ? "a" : "r+");
    if (!out ||
        (!fresh && !upgraded &&
         (ftruncate(fileno(out), (off_t)keep) != 0 || fseek(out, (long)keep, SEEK_SET) != 0))) {
        fprintf(stderr, "mathgo chetrit: %s: %s\n", path, g_strerror(errno));
        if (out)
            fclose(out);
        return false;
    }
    if (fresh)
        fprintf(out, "%s\n", csv_header);
    s->out = out;
    return true;
}

/*
 * --checkpoint FILE: when FILE exists, reads the positions an earlier run of the same study
 * finished into *known and *known_done (allocated, one per position of `ranks`); otherwise
 * checks that FILE can be written.  False and a message on stderr otherwise (*status 2).
 */
static bool resume_checkpoint(chetrit_row_t **known, bool **known_done, int *status,
                              study_run_t *run, const board_geom_t *geom, const uint64_t *ranks,
                              size_t count)
{
    GError *err = NULL;
    *status = FRONT_EXIT_USAGE;
    if (!g_file_test(run->path, G_FILE_TEST_EXISTS)) {
        if (solve_check_writable(run->path, &err))
            return true;
        fprintf(stderr, "mathgo chetrit: --checkpoint: %s\n", err->message);
        g_error_free(err);
        return false;
    }
    *known = g_new0(chetrit_row_t, 2 * (count ? count : 1));
    *known_done = g_new0(bool, count ? count : 1);
    size_t finished = 0;
    if (!chetrit_checkpoint_load(*known, *known_done, &finished, run->path, &run->info, geom, ranks,
                                 count, &err)) {
        fprintf(stderr, "mathgo chetrit: --checkpoint %s\n", err->message);
        g_error_free(err);
        return false;
    }
    fprintf(stderr, "mathgo chetrit: resuming from %s: %zu of %zu positions finished\n", run->path,
            finished, count);
    return true;
}

static void print_table(const char *title, const char *winner_of, const contingency_t *t)
{
    printf("%s\n  %-10s %10s %10s   (%s)\n", title, "margin", "B wins", "W wins", winner_of);
    const char *names[3] = {"< 0", "= 0", "> 0"};
    for (int sign = 2; sign >= 0; sign--)
        printf("  %-10s %10" PRIu64 " %10" PRIu64 "\n", names[sign], t->cell[sign][0],
               t->cell[sign][1]);
    uint64_t against = t->cell[2][1] + t->cell[0][0];
    uint64_t decided = t->cell[2][0] + t->cell[2][1] + t->cell[0][0] + t->cell[0][1];
    printf("  counterexamples (margin > 0 and W wins, or < 0 and B wins): %" PRIu64 " of %" PRIu64
           " rows with a non-zero margin\n\n",
           against, decided);
}

static void print_summary(const summary_t *s, const chetrit_stats_t *stats, const char *selection,
                          int threads, double seconds)
{
    const board_geom_t *g = s->geom;
    printf("mathgo chetrit %dx%d: %zu positions (%s), %" PRIu64
           " rows (each side to move), %d threads, %.1f s\n\n",
           g->width, g->height, s->positions, selection, s->rows, threads, seconds);
    print_table("Old Chinese margin (2 points per chain) against the Mathematical Go winner:",
                "math", &s->chain);
    printf("Old Chinese margin 0, by the side to move:\n");
    for (int m = 0; m < 2; m++)
        printf("  %s to move: B wins %" PRIu64 ", W wins %" PRIu64 "\n", m ? "W" : "B",
               s->tie_by_mover[m][0], s->tie_by_mover[m][1]);
    printf("\n");
    print_table("Old Chinese margin (2 points per eye-sharing group) against the Mathematical Go "
                "winner:",
                "math", &s->eyes);
    print_table("Tromp-Taylor margin against the pseudo-Go winner:", "pseudo", &s->pseudo_vs_area);
    const uint64_t(*sk)[2] = s->superko_vs_simple;
    if (sk[0][0] + sk[0][1] + sk[1][0] + sk[1][1] + sk[2][0] + sk[2][1]) {
        printf("Mathematical Go under simple ko (the tablebase; endless play a draw) against "
               "positional superko:\n  %-10s %10s %10s   (superko)\n",
               "simple ko", "B wins", "W wins");
        static const char *const names[3] = {"B wins", "W wins", "draw"};
        for (int k = 0; k < 3; k++)
            printf("  %-10s %10" PRIu64 " %10" PRIu64 "\n", names[k], sk[k][0], sk[k][1]);
        printf("  the winner differs in %" PRIu64 " rows\n\n", sk[0][1] + sk[1][0]);
    }
    if (s->shown_count) {
        printf("Smallest counterexamples (old Chinese, chains):\n");
        for (int i = 0; i < s->shown_count; i++) {
            const chetrit_row_t *r = &s->shown[i];
            char text[DIAGRAM_COMPACT_SIZE];
            diagram_format_compact(text, &r->position, g);
            char margin[32];
            int lo = r->margin_lo[CHETRIT_OLD_CHINESE], hi = r->margin_hi[CHETRIT_OLD_CHINESE];
            if (r->solved[CHETRIT_OLD_CHINESE])
                g_snprintf(margin, sizeof margin, "%+d", r->old_chinese_margin);
            else
                g_snprintf(margin, sizeof margin, "%s %+d", lo > 0 ? ">=" : "<=", lo > 0 ? lo : hi);
            printf("  %s %s to move: old Chinese %s, Mathematical Go %s wins in %d plies\n", text,
                   r->to_move == BOARD_BLACK ? "B" : "W", margin,
                   r->math_winner == BOARD_BLACK ? "B" : "W", r->math_plies);
        }
        printf("\n");
    }
    printf("Work per rule set (this run, all threads):\n");
    for (int k = 0; k < CHETRIT_RULE_COUNT; k++) {
        printf("  %-26s %14" PRIu64 " nodes %10.2f s", chetrit_rule_texts[k], stats->nodes[k],
               stats->seconds[k]);
        if (stats->pns_nodes[k])
            printf("  (proof-number trees: %" PRIu64 " nodes)", stats->pns_nodes[k]);
        printf("\n");
    }
    printf("\n");
    uint64_t unsolved = 0;
    for (int k = 0; k < CHETRIT_RULE_COUNT; k++)
        unsolved += s->unsolved[k];
    if (unsolved == 0)
        printf("Every cell solved exactly.\n");
    for (int k = 0; k < CHETRIT_RULE_COUNT; k++) {
        if (!s->unsolved[k])
            continue;
        if (s->sign_from_bounds[k])
            printf("Unsolved: %" PRIu64 " rows under %s, %" PRIu64
                   " of them counted by the sign their bounds prove, the rest left out of every "
                   "table above\n",
                   s->unsolved[k], chetrit_rule_texts[k], s->sign_from_bounds[k]);
        else
            printf("Unsolved (left out of every table above): %" PRIu64 " rows under %s\n",
                   s->unsolved[k], chetrit_rule_texts[k]);
    }
}

/* Parses --positions: empty, all, shuffled or sample:N with N >= 1. */
static bool parse_positions(chetrit_selection_t *selection, uint64_t *sample, const char *text)
{
    if (!strcmp(text, "empty")) {
        *selection = CHETRIT_SELECT_EMPTY;
        return true;
    }
    if (!strcmp(text, "all")) {
        *selection = CHETRIT_SELECT_ALL;
        return true;
    }
    if (!strcmp(text, "shuffled")) {
        *selection = CHETRIT_SELECT_SHUFFLED;
        return true;
    }
    if (!g_str_has_prefix(text, "sample:"))
        return false;
    const char *digits = text + strlen("sample:");
    guint64 n;
    if (!g_ascii_string_to_unsigned(digits, 10, 1, G_MAXUINT32, &n, NULL))
        return false;
    *selection = CHETRIT_SELECT_SAMPLE;
    *sample = n;
    return true;
}

int front_chetrit(int argc, char **argv)
{
    char *command = front_command_line(argc, argv);
    char *positions_text = NULL, *memory_text = NULL, *output_path = NULL, *tablebase_path = NULL;
    char *checkpoint_path = NULL;
    gdouble checkpoint_every = 300;
    gint64 seed = 1, max_nodes = 0, pseudo_max_nodes = CHETRIT_PSEUDO_MAX_NODES;
    gint threads = (gint)g_get_num_processors();
    gboolean csv = FALSE, no_header = FALSE;
    GOptionEntry entries[] = {
        {"positions", 'p', 0, G_OPTION_ARG_STRING, &positions_text,
         "which positions: empty (default), all (in rank order), shuffled (all, in the order drawn "
         "with --seed) or sample:N (N distinct ranks drawn with --seed)",
         "empty|all|shuffled|sample:N"},
        {"seed", 's', 0, G_OPTION_ARG_INT64, &seed, "the sample's seed (default 1)", "S"},
        {"csv", 0, 0, G_OPTION_ARG_NONE, &csv,
         "print one CSV row per position and side to move (after a header line)", NULL},
        {"no-header", 0, 0, G_OPTION_ARG_NONE, &no_header, "with --csv: no header line", NULL},
        {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output_path,
         "write the CSV rows to FILE and the summary to stdout; a FILE from an earlier run of "
         "the same study is resumed where it stopped",
         "FILE"},
        {"checkpoint", 0, 0, G_OPTION_ARG_FILENAME, &checkpoint_path,
         "save the finished positions to FILE every --checkpoint-every seconds and when stopped "
         "(SIGINT, SIGTERM); the same command resumes from it and prints what an uninterrupted "
         "run prints (docs/chetrit.md)",
         "FILE"},
        {"checkpoint-every", 0, 0, G_OPTION_ARG_DOUBLE, &checkpoint_every,
         "seconds between checkpoints (default 300; 0: after every position)", "S"},
        {"tablebase", 0, 0, G_OPTION_ARG_FILENAME, &tablebase_path,
         "a math tablebase of the board (mathgo tablebase): adds each row's simple-ko value",
         "FILE"},
        {"threads", 'j', 0, G_OPTION_ARG_INT, &threads,
         "worker threads, each with its own tables (default: the processors)", "N"},
        {"memory", 'm', 0, G_OPTION_ARG_STRING, &memory_text,
         "cap on everything the study allocates: every thread's tables and stacks and "
         "proof-number tree, the rows, the tablebase (default: 1G a thread and what the rows "
         "and the tablebase need, at most a quarter of the machine's memory)",
         "SIZE"},
        {"max-nodes", 0, 0, G_OPTION_ARG_INT64, &max_nodes,
         "give up a search after N nodes: its cell is left empty and reported (exit status 1)",
         "N"},
        {"pseudo-max-nodes", 0, 0, G_OPTION_ARG_INT64, &pseudo_max_nodes,
         "the same for pseudo-Go alone (default 1000000; 0: --max-nodes)", "N"},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    int status = FRONT_EXIT_USAGE;
    GError *err = NULL;
    board_geom_t *geom = NULL;
    uint64_t *ranks = NULL;
    tablebase_t *tablebase = NULL;
    summary_t summary;
    memset(&summary, 0, sizeof summary);
    study_run_t run;
    memset(&run, 0, sizeof run);
    g_mutex_init(&run.lock);
    run.summary = &summary;
    run.stop = chetrit_stop_create();
    front_interrupt_t *watcher = NULL;
    chetrit_row_t *known = NULL;
    bool *known_done = NULL;
    char *study = NULL, *selection_text = NULL;
    GOptionContext *ctx = g_option_context_new("WxH - test Chetrit's claim position by position");
    g_option_context_set_summary(
        ctx, "Solves every selected position, as a fresh start with either side to move, under "
             "math, old-chinese, chinese, tromp-taylor, pseudo and old-chinese,taxgroup=eyes "
             "(komi 0), and prints the contingency tables of the old-Chinese margin against the "
             "Mathematical Go winner, or with --csv one row per position and side to move "
             "(docs/chetrit.md).");
    g_option_context_add_main_entries(ctx, entries, NULL);
    front_progress_args_t progress_args = {FALSE, FALSE};
    front_progress_args_add(ctx, &progress_args);
    bool show_progress = false;
    if (!front_parse_options(ctx, &argc, &argv, "chetrit") ||
        !front_progress_args_parse(&show_progress, "chetrit", &progress_args))
        goto done;
    if (argc != 2) {
        status = argc < 2 ? front_usage("chetrit", "%s", "give a board size (e.g. 3x3)")
                          : front_usage("chetrit", "unexpected argument '%s'", argv[2]);
        goto done;
    }
    chetrit_selection_t selection = CHETRIT_SELECT_EMPTY;
    uint64_t sample = 0;
    if (positions_text && !parse_positions(&selection, &sample, positions_text)) {
        status = front_usage("chetrit",
                             "--positions: '%s' is not empty, all, shuffled or sample:N (N >= 1)",
                             positions_text);
        goto done;
    }
    chetrit_options_t options = chetrit_options_default();
    size_t memory = 0;
    if (memory_text && !front_parse_memory(&memory, memory_text)) {
        status =
            front_usage("chetrit", "--memory: '%s' is not a size such as 64M or 1G", memory_text);
        goto done;
    }
    if (threads < 1 || threads > 64) {
        fprintf(stderr, "mathgo chetrit: --threads: %d is not between 1 and 64\n", threads);
        goto done;
    }
    if (max_nodes < 0 || pseudo_max_nodes < 0) {
        status = front_usage("chetrit", "%s",
                             "--max-nodes, --pseudo-max-nodes: give a number of nodes >= 0");
        goto done;
    }
    if (!(checkpoint_every >= 0 && checkpoint_every < 1e9)) {
        status = front_usage("chetrit", "--checkpoint-every: %g is not a number of seconds >= 0",
                             checkpoint_every);
        goto done;
    }
    options.threads = threads;
    options.max_nodes = (uint64_t)max_nodes;
    options.pseudo_max_nodes = (uint64_t)pseudo_max_nodes;
    options.stop = run.stop;
    geom = front_geom("chetrit", argv[1]);
    if (!geom)
        goto done;
    size_t count = 0;
    ranks = chetrit_select(&count, geom, selection, sample, (uint64_t)seed, &err);
    if (!ranks) {
        status = front_fail_usage("chetrit", err);
        goto done;
    }

    if (tablebase_path) {
        tablebase = tablebase_load(tablebase_path, &err);
        if (!tablebase || !chetrit_check_tablebase(tablebase, geom, &err)) {
            if (tablebase)
                g_prefix_error(&err, "%s: ", tablebase_path);
            status = front_fail_usage("chetrit", err);
            goto done;
        }
        options.simple_ko = tablebase;
    }

    /* The cap, split before anything starts: what is held once (the ranks, the run's rows and
     * the checkpoint's, the tablebase), then the workers' share (chetrit_memory_plan). */
    size_t fixed = count * sizeof(uint64_t) + chetrit_run_bytes(geom, count) +
                   (tablebase ? tablebase_stats(tablebase).memory_bytes : 0) +
                   (checkpoint_path ? count * (2 * sizeof(chetrit_row_t) + sizeof(bool)) : 0);
    if (!memory_text) {
        memory = fixed + (size_t)threads * ((size_t)1 << 30);
        if (memory > front_physical_memory() / 4)
            memory = front_physical_memory() / 4;
    }
    if (!chetrit_memory_plan(&options, memory, fixed, &err)) {
        fprintf(stderr, "mathgo chetrit: --memory %s: %s\n",
                memory_text ? memory_text : "(default)", err->message);
        g_clear_error(&err);
        status = FRONT_EXIT_FAILURE;
        goto done;
    }

    summary.geom = geom;
    summary.progress = show_progress;
    summary.positions = count;
    size_t done_before = 0;
    if (checkpoint_path) {
        selection_text = selection == CHETRIT_SELECT_SAMPLE
                             ? g_strdup_printf("sample:%" PRIu64, sample)
                         : selection == CHETRIT_SELECT_ALL      ? g_strdup("all")
                         : selection == CHETRIT_SELECT_SHUFFLED ? g_strdup("shuffled")
                                                                : g_strdup("empty");
        study = chetrit_checkpoint_study(geom, selection_text, (uint64_t)seed, &options);
        run.path = checkpoint_path;
        run.every = checkpoint_every;
        run.info.program = MATHGO_VERSION;
        run.info.command = command;
        run.info.study = study;
        if (!resume_checkpoint(&known, &known_done, &status, &run, geom, ranks, count))
            goto done;
    }
    if (output_path && checkpoint_path) {
        /* The checkpoint resumes: FILE gets every row again, from its header on. */
        summary.output_path = output_path;
        if (g_file_test(output_path, G_FILE_TEST_IS_DIR)) {
            fprintf(stderr, "mathgo chetrit: --output %s: a folder, not a file\n", output_path);
            goto done;
        }
        if (!(summary.out = fopen(output_path, "w"))) {
            fprintf(stderr, "mathgo chetrit: --output %s: %s\n", output_path, g_strerror(errno));
            goto done;
        }
        fprintf(summary.out, "%s\n", csv_header);
    } else if (output_path) {
        summary.output_path = output_path;
        if (!output_open(&done_before, &status, &summary, output_path, ranks, count,
                         tablebase != NULL))
            goto done;
    } else if (csv) {
        summary.out = stdout;
        if (!no_header)
            printf("%s\n", csv_header);
    }
    summary.started = summary.last_progress = summary.last_sync = front_seconds();
    run.last_save = summary.started;
    /* Before the workers: every thread started from here on leaves the signals to the
     * watcher. */
    watcher = front_interrupt_watch(on_signal, &run);
    chetrit_stats_t stats;
    chetrit_hooks_t hooks = {emit_row, on_snapshot, &run, known, known_done};
    bool ok =
        chetrit_run(&stats, geom, ranks + done_before, count - done_before, &options, &hooks, &err);
    front_interrupt_stop(watcher); /* a signal from here on ends the process as usual */
    watcher = NULL;
    double seconds = front_seconds() - summary.started;
    if (summary.progress)
        print_progress(&summary, true);
    if (summary.out && summary.out != stdout) {
        bool written = fflush(summary.out) == 0 && fsync(fileno(summary.out)) == 0;
        written = fclose(summary.out) == 0 && written;
        summary.out = NULL;
        if (!written) {
            fprintf(stderr, "mathgo chetrit: %s: %s\n", output_path, g_strerror(errno));
            status = FRONT_EXIT_FAILURE;
            goto done;
        }
    }
    if (!ok && g_error_matches(err, CHETRIT_ERROR, CHETRIT_ERROR_INTERRUPTED)) {
        /* Stopped by a signal: what is known so far, then how to go on. */
        if (!csv || output_path)
            print_summary(&summary, &stats, positions_text ? positions_text : "empty", threads,
                          seconds);
        fflush(stdout);
        fprintf(stderr,
                "mathgo chetrit: %dx%d: stopped by %s after %.1f s: %zu of %zu positions "
                "finished, the first %" PRIu64 " of them in order (above)\n",
                geom->width, geom->height, run.signal == SIGTERM ? "SIGTERM" : "SIGINT", seconds,
                done_before + run.finished, count, summary.emitted_positions);
        if (checkpoint_path && !run.save_failed)
            fprintf(stderr, "mathgo chetrit: saved %s: the same command resumes from it\n",
                    checkpoint_path);
        else if (output_path)
            fprintf(stderr,
                    "mathgo chetrit: %s holds the rows in order: the same command "
                    "resumes after them\n",
                    output_path);
        g_error_free(err);
        status = FRONT_EXIT_FAILURE;
        goto done;
    }
    if (!ok) {
        fflush(stdout);
        fprintf(stderr, "mathgo chetrit: %dx%d: %s (after %" PRIu64 " positions, %.1f s)\n",
                geom->width, geom->height, err->message, summary.emitted_positions, seconds);
        g_error_free(err);
        status = FRONT_EXIT_FAILURE;
        goto done;
    }
    if (run.save_failed) {
        fprintf(stderr, "mathgo chetrit: --checkpoint %s: the last save failed\n", checkpoint_path);
        status = FRONT_EXIT_FAILURE;
        goto done;
    }
    if (done_before)
        printf("Resumed %s after %zu of %zu positions.\n", output_path, done_before, count);
    if (!csv || output_path)
        print_summary(&summary, &stats, positions_text ? positions_text : "empty", threads,
                      seconds);
    fflush(stdout);
    status = FRONT_EXIT_OK;
    for (int k = 0; k < CHETRIT_RULE_COUNT; k++)
        if (summary.unsolved[k]) {
            int64_t limit = k == CHETRIT_PSEUDO && pseudo_max_nodes ? pseudo_max_nodes : max_nodes;
            char within[64] = "";
            /* rows read back were solved under their own run's limits; a line deeper than the
             * stacks of the memory cap stops a search too (solver/chetrit.c, value_of) */
            if (!done_before && limit)
                g_snprintf(within, sizeof within,
                           " within %" PRId64 " nodes and the memory cap's stacks", limit);
            else if (!done_before)
                g_snprintf(within, sizeof within, " within the memory cap's stacks");
            fprintf(stderr,
                    "mathgo chetrit: %dx%d: %" PRIu64
                    " rows unsolved under %s%s (their cells are empty; %" PRIu64
                    " of them counted by the sign their bounds prove)\n",
                    geom->width, geom->height, summary.unsolved[k], chetrit_rule_texts[k], within,
                    summary.sign_from_bounds[k]);
            status = FRONT_EXIT_FAILURE;
        }
done:
    front_interrupt_stop(watcher);
    chetrit_stop_destroy(run.stop);
    g_mutex_clear(&run.lock);
    g_free(known);
    g_free(known_done);
    g_free(study);
    g_free(selection_text);
    g_free(checkpoint_path);
    g_free(command);
    if (summary.out && summary.out != stdout)
        fclose(summary.out);
    tablebase_destroy(tablebase);
    g_free(ranks);
    g_free(output_path);
    g_free(tablebase_path);
    board_geom_destroy(geom);
    g_free(positions_text);
    g_free(memory_text);
    g_option_context_free(ctx);
    return status;
}
