/* solver/checkpoint.c: a search's bounds and table in a file (see checkpoint.h). */
#define _POSIX_C_SOURCE 200809L /* fileno, fsync */
#include "solver/checkpoint.h"

#include "core/board.h"
#include "core/rules.h"
#include "solver/search.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

G_DEFINE_QUARK(checkpoint - error - quark, checkpoint_error)

#define MAGIC        "mathgo checkpoint "
#define LINE_MAX_LEN (1u << 20) /* a header line longer than this is not a checkpoint's */
#define HEAD_WORDS   (sizeof(tt_head_t) / 8)
#define BODY_WORDS   (sizeof(tt_body_t) / 8)
#define ENTRY_BYTES  (sizeof(tt_head_t) + sizeof(tt_body_t))
#define TRAILER      "checksum sha256 "
#define TRAILER_LEN  (sizeof TRAILER - 1 + 64 + 1)
_Static_assert(sizeof(tt_head_t) % 8 == 0 && sizeof(tt_body_t) % 8 == 0,
               "table entries are 64-bit words");

/* The board's and the rules' part of a problem: "board WxH points P safe S S rules R komi2 K". */
static GString *problem_of_board(const board_geom_t *g, const rules_t *r)
{
    char *rules = rules_to_string(r);
    GString *s = g_string_new(NULL);
    g_string_append_printf(
        s, "board %dx%d points %" PRIx64 " safe %" PRIx64 " %" PRIx64 " rules %s komi2 %d",
        g->width, g->height, g->all, g->safe[0], g->safe[1], rules, r->komi2);
    g_free(rules);
    return s;
}

char *checkpoint_problem(const game_t *game)
{
    const board_geom_t *g = game_geom(game);
    const game_state_t *start = game_state_at(game, 0);
    GString *s = problem_of_board(g, game_rules(game));
    g_string_append_printf(s, " start %" PRIx64 " %" PRIx64 " to-move %c moves",
                           start->board.stones[0], start->board.stones[1],
                           start->to_move == BOARD_BLACK ? 'b' : 'w');
    for (size_t i = 1; i <= game_length(game); i++) {
        char name[8];
        g_string_append_printf(s, " %s", board_move_name(name, g, game_state_at(game, i)->move));
    }
    return g_string_free(s, FALSE);
}

char *checkpoint_list_problem(const board_geom_t *geom, const rules_t *rules)
{
    GString *s = problem_of_board(geom, rules);
    g_string_append(s, " roots any");
    return g_string_free(s, FALSE);
}

/* ---- Writing -------------------------------------------------------------------------------- */

typedef struct writer {
    FILE *f;
    GChecksum *sum;
    uint64_t entries, limit; /* written, and announced in the header */
    bool ok;
} writer_t;

static void write_bytes(writer_t *w, const void *data, size_t n)
{
    g_checksum_update(w->sum, data, (gssize)n);
    if (w->ok && fwrite(data, 1, n, w->f) != n)
        w->ok = false;
}

/* An entry as 64-bit little-endian words. */
static void entry_encode(uint8_t out[ENTRY_BYTES], const tt_head_t *head, const tt_body_t *body)
{
    uint64_t words[HEAD_WORDS + BODY_WORDS];
    memcpy(words, head, sizeof *head);
    memcpy(words + HEAD_WORDS, body, sizeof *body);
    for (size_t i = 0; i < HEAD_WORDS + BODY_WORDS; i++)
        for (int k = 0; k < 8; k++)
            out[8 * i + (size_t)k] = (uint8_t)(words[i] >> (8 * k));
}

static void entry_decode(tt_head_t *head, tt_body_t *body, const uint8_t in[ENTRY_BYTES])
{
    uint64_t words[HEAD_WORDS + BODY_WORDS];
    for (size_t i = 0; i < HEAD_WORDS + BODY_WORDS; i++) {
        uint64_t v = 0;
        for (int k = 0; k < 8; k++)
            v |= (uint64_t)in[8 * i + (size_t)k] << (8 * k);
        words[i] = v;
    }
    memcpy(head, words, sizeof *head);
    memcpy(body, words + HEAD_WORDS, sizeof *body);
}

static bool write_entry(const tt_head_t *head, const tt_body_t *body, void *data)
{
    writer_t *w = data;
    if (w->entries >= w->limit)
        return false; /* stored since the count: left for the next checkpoint */
    uint8_t bytes[ENTRY_BYTES];
    entry_encode(bytes, head, body);
    write_bytes(w, bytes, sizeof bytes);
    w->entries++;
    return w->ok;
}

static bool count_entry(const tt_head_t *head, const tt_body_t *body, void *data)
{
    (void)head, (void)body;
    ++*(uint64_t *)data;
    return true;
}

/* One line of text, its newlines made spaces. */
static void append_line(GString *s, const char *key, const char *text)
{
    g_string_append_printf(s, "%s ", key);
    for (const char *c = text ? text : ""; *c; c++)
        g_string_append_c(s, *c == '\n' || *c == '\r' ? ' ' : *c);
    g_string_append_c(s, '\n');
}

/* The "line" header line of a search_line_t (checkpoint.h). */
static void append_line_progress(GString *s, const search_line_t *line)
{
    if (!line->started) {
        g_string_append(s, "line -\n");
        return;
    }
    g_string_append_printf(s, "line %d %d %d", line->value, line->tested, line->best_count);
    for (int i = 0; i < line->best_count; i++)
        g_string_append_printf(s, " %u", line->best[i]);
    g_string_append_printf(s, " %d", line->pv_length);
    for (int i = 0; i < line->pv_length; i++)
        g_string_append_printf(s, " %u", line->pv[i]);
    g_string_append_printf(s, " %d\n", line->pv_tested);
}

bool checkpoint_save(const char *path, const checkpoint_info_t *info, tt_t *tt, GError **error)
{
    char *tmp = checkpoint_temp_path(path);
    writer_t w = {NULL, g_checksum_new(G_CHECKSUM_SHA256), 0, 0, true};
    bool ok = false;
    const char *what = tmp;
    /* The count first, for the header: other threads may store while the table is written,
     * so the entries beyond it wait for the next checkpoint and missing ones are written as
     * empty slots. */
    uint64_t count = 0;
    if (tt)
        tt_for_each(tt, count_entry, &count);
    GString *header = g_string_new(NULL);
    g_string_append_printf(header, MAGIC "%d\n", CHECKPOINT_FORMAT);
    append_line(header, "program", info->program);
    g_string_append_printf(header, "layout %d %zu %zu\n", TT_LAYOUT_VERSION, sizeof(tt_head_t),
                           sizeof(tt_body_t));
    append_line(header, "command", info->command);
    append_line(header, "problem", info->problem);
    g_string_append_printf(header, "bounds %d %d\nwork %" PRIu64 " %.3f\n", info->lo, info->hi,
                           info->nodes, info->seconds);
    append_line_progress(header, &info->line);
    if (info->testing)
        g_string_append_printf(header, "test %d\n", info->test);
    else
        g_string_append(header, "test -\n");
    uint64_t records = 0;
    char *tree = info->tree ? pns_tree_describe(info->tree, &records) : NULL;
    append_line(header, "tree", tree ? tree : "-");
    g_free(tree);
    g_string_append_printf(header, "entries %" PRIu64 "\n\n", count);
    if (!(w.f = fopen(tmp, "wb")))
        goto io_error;
    write_bytes(&w, header->str, header->len);
    if (tt && count) {
        w.limit = count;
        tt_for_each(tt, write_entry, &w);
        uint8_t zero[ENTRY_BYTES];
        memset(zero, 0, sizeof zero);
        for (; w.ok && w.entries < count; w.entries++)
            write_bytes(&w, zero, sizeof zero); /* empty slots: skipped on load */
    }
    /* The tree's records in blocks (a tree of gigabytes is written at the disk's speed). */
    enum { TREE_BLOCK = 4096 };
    uint8_t *block = records ? g_malloc(TREE_BLOCK * PNS_TREE_RECORD_BYTES) : NULL;
    for (uint64_t i = 0; w.ok && i < records; i += TREE_BLOCK) {
        uint64_t n = MIN(TREE_BLOCK, records - i);
        for (uint64_t k = 0; k < n; k++)
            pns_tree_encode(block + k * PNS_TREE_RECORD_BYTES, info->tree, i + k);
        write_bytes(&w, block, (size_t)n * PNS_TREE_RECORD_BYTES);
    }
    g_free(block);
    char trailer[TRAILER_LEN + 1];
    snprintf(trailer, sizeof trailer, TRAILER "%s\n", g_checksum_get_string(w.sum));
    if (!w.ok || fwrite(trailer, 1, TRAILER_LEN, w.f) != TRAILER_LEN)
        goto io_error;
    FILE *f = w.f;
    w.f = NULL;
    if (!checkpoint_commit(f, tmp, path, &what))
        goto io_error;
    ok = true;
    goto done;
io_error:
    g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_IO, "%s: cannot write: %s", what,
                g_strerror(errno ? errno : EIO));
    if (w.f)
        fclose(w.f);
    checkpoint_discard(tmp, path);
done:
    g_string_free(header, TRUE);
    g_checksum_free(w.sum);
    g_free(tmp);
    return ok;
}

/* ---- Reading -------------------------------------------------------------------------------- */

typedef struct reader {
    FILE *f;
    GChecksum *sum;
    GString *line;
    int number; /* of the line read last */
} reader_t;

/* The next header line (without its newline) into r->line; false at the end of the file, on a
 * NUL byte or beyond LINE_MAX_LEN. */
static bool read_line(reader_t *r)
{
    g_string_truncate(r->line, 0);
    r->number++;
    for (;;) {
        int c = getc(r->f);
        if (c == EOF || c == '\0' || r->line->len >= LINE_MAX_LEN)
            return false;
        uint8_t byte = (uint8_t)c;
        g_checksum_update(r->sum, &byte, 1);
        if (c == '\n')
            return true;
        g_string_append_c(r->line, (char)c);
    }
}

/* The text after "KEY " on the next line, or NULL. */
static const char *read_field(reader_t *r, const char *key)
{
    if (!read_line(r))
        return NULL;
    size_t n = strlen(key);
    if (strncmp(r->line->str, key, n) != 0 || r->line->str[n] != ' ')
        return NULL;
    return r->line->str + n + 1;
}

static bool corrupt(GError **error, const char *path, const reader_t *r, const char *what)
{
    g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_CORRUPT,
                "%s: line %d: %s (not a mathgo checkpoint, or a damaged one)", path, r->number,
                what);
    return false;
}

/* The next number of a "line" header line at *p, within [lo, hi]; false otherwise. */
static bool next_number(long *out, const char **p, long lo, long hi)
{
    char *end;
    errno = 0;
    long v = strtol(*p, &end, 10);
    if (end == *p || (*end && *end != ' ') || errno || v < lo || v > hi)
        return false;
    *out = v;
    *p = end;
    return true;
}

/* Parses the text of a "line" header line (after "line ") into *line; false when malformed. */
static bool parse_line_progress(search_line_t *line, const char *text)
{
    memset(line, 0, sizeof *line);
    if (!strcmp(text, "-"))
        return true;
    long v, tested, count, move;
    const char *p = text;
    if (!next_number(&v, &p, -SEARCH_VALUE_INF, SEARCH_VALUE_INF) ||
        !next_number(&tested, &p, 0, BOARD_MAX_POINTS + 1) || !next_number(&count, &p, 0, tested))
        return false;
    line->value = (int)v;
    line->tested = (int)tested;
    for (int i = 0; i < count; i++) {
        if (!next_number(&move, &p, 0, UINT8_MAX))
            return false;
        line->best[i] = (board_move_t)move;
    }
    line->best_count = (int)count;
    if (!next_number(&count, &p, 0, SEARCH_MAX_PV))
        return false;
    for (int i = 0; i < count; i++) {
        if (!next_number(&move, &p, 0, UINT8_MAX))
            return false;
        line->pv[i] = (board_move_t)move;
    }
    line->pv_length = (int)count;
    if (!next_number(&tested, &p, 0, BOARD_MAX_POINTS + 1) || *p)
        return false;
    line->pv_tested = (int)tested;
    line->started = true;
    return true;
}

/* Parses the header after its first line into info (`format` 1 has no line); false and *error
 * on a malformed line. */
static bool read_header(checkpoint_info_t *info, reader_t *r, const char *path, const char *program,
                        int format, GError **error)
{
    const char *v;
    if (!(v = read_field(r, "program")))
        return corrupt(error, path, r, "no 'program' line");
    info->program = g_strdup(v);
    if (program && strcmp(info->program, program)) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_MISMATCH,
                    "%s: written by mathgo %s, this is mathgo %s: its table may mean something "
                    "else; remove the file to start again",
                    path, info->program, program);
        return false;
    }
    int layout;
    size_t head, body;
    char extra;
    if (!(v = read_field(r, "layout")) ||
        sscanf(v, "%d %zu %zu %c", &layout, &head, &body, &extra) != 3)
        return corrupt(error, path, r, "no 'layout' line");
    if (layout != TT_LAYOUT_VERSION || head != sizeof(tt_head_t) || body != sizeof(tt_body_t)) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_MISMATCH,
                    "%s: a table of layout %d (%zu + %zu bytes an entry), this mathgo's is %d "
                    "(%zu + %zu); remove the file to start again",
                    path, layout, head, body, TT_LAYOUT_VERSION, sizeof(tt_head_t),
                    sizeof(tt_body_t));
        return false;
    }
    if (!(v = read_field(r, "command")))
        return corrupt(error, path, r, "no 'command' line");
    info->command = g_strdup(v);
    if (!(v = read_field(r, "problem")))
        return corrupt(error, path, r, "no 'problem' line");
    info->problem = g_strdup(v);
    if (!(v = read_field(r, "bounds")) ||
        sscanf(v, "%d %d %c", &info->lo, &info->hi, &extra) != 2 || info->lo < -SEARCH_VALUE_INF ||
        info->hi > SEARCH_VALUE_INF || info->lo > info->hi)
        return corrupt(error, path, r, "no 'bounds LO HI' line with LO <= HI");
    if (!(v = read_field(r, "work")) ||
        sscanf(v, "%" SCNu64 " %lf %c", &info->nodes, &info->seconds, &extra) != 2 ||
        !(info->seconds >= 0))
        return corrupt(error, path, r, "no 'work NODES SECONDS' line");
    if (format >= 2 && (!(v = read_field(r, "line")) || !parse_line_progress(&info->line, v)))
        return corrupt(error, path, r, "no 'line -' or 'line V T B b.. P p.. R' line");
    if (format >= 3) {
        if (!(v = read_field(r, "test")))
            return corrupt(error, path, r, "no 'test -' or 'test T' line");
        info->testing = strcmp(v, "-") != 0;
        if (info->testing && (sscanf(v, "%d %c", &info->test, &extra) != 1 ||
                              info->test <= -SEARCH_VALUE_INF || info->test > SEARCH_VALUE_INF))
            return corrupt(error, path, r, "no 'test -' or 'test T' line");
    }
    return true;
}

/* The "tree" line (format 4): its description into *description (NULL for "tree -"; free
 * with g_free) and its records into info->tree_records, checked by a scratch search of one
 * node, which allocates nothing (the tree is read into the caller's search only once the
 * file's length agrees, read_tree_into); false and *error when malformed. */
static bool read_tree_line(char **description, checkpoint_info_t *info, reader_t *r,
                           const char *path, GError **error)
{
    *description = NULL;
    const char *v = read_field(r, "tree");
    if (!v)
        return corrupt(error, path, r, "no 'tree -' or 'tree DESCRIPTION' line");
    if (!strcmp(v, "-"))
        return true;
    pns_t *scratch = pns_create(1);
    bool too_large;
    bool ok = pns_tree_prepare(scratch, v, &info->tree_records, &too_large);
    pns_destroy(scratch);
    if (!ok && !too_large)
        return corrupt(error, path, r,
                       "no 'tree -' or 'tree DESCRIPTION' line (a proof-number tree's)");
    *description = g_strdup(v);
    return true;
}

/* Makes pns ready for the tree `description` names (info->tree_read), or notes that it does
 * not fit pns's size (info->tree_too_large). */
static void read_tree_into(checkpoint_info_t *info, pns_t *pns, const char *description)
{
    uint64_t records;
    bool too_large;
    info->tree_read = pns_tree_prepare(pns, description, &records, &too_large);
    info->tree_too_large = too_large;
}

void checkpoint_resume(search_t *search, const checkpoint_info_t *info)
{
    search_resume(search, info->lo, info->hi);
    search_resume_line(search, &info->line);
    if (info->testing)
        search_resume_test(search, info->test);
}

bool checkpoint_load(checkpoint_info_t *info, const char *path, const char *program,
                     const char *problem, tt_t *tt, GError **error)
{
    return checkpoint_load_tree(info, path, program, problem, tt, NULL, error);
}

bool checkpoint_load_tree(checkpoint_info_t *info, const char *path, const char *program,
                          const char *problem, tt_t *tt, pns_t *pns, GError **error)
{
    memset(info, 0, sizeof *info);
    reader_t r = {NULL, g_checksum_new(G_CHECKSUM_SHA256), g_string_new(NULL), 0};
    bool ok = false, restored = false;
    struct stat st;
    const char *v;
    char *tree = NULL; /* the "tree" line's description */
    if (!(r.f = fopen(path, "rb")) || fstat(fileno(r.f), &st) != 0) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_IO, "%s: cannot read: %s", path,
                    g_strerror(errno));
        goto done;
    }
    if (!S_ISREG(st.st_mode)) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_CORRUPT,
                    "%s: not a regular file (a checkpoint is one)", path);
        goto done;
    }
    if (!read_line(&r) || strncmp(r.line->str, MAGIC, strlen(MAGIC)) != 0) {
        corrupt(error, path, &r, st.st_size ? "no 'mathgo checkpoint' line" : "an empty file");
        goto done;
    }
    int format = atoi(r.line->str + strlen(MAGIC));
    if (format < 1 || format > CHECKPOINT_FORMAT) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_MISMATCH,
                    "%s: checkpoint format '%s', this mathgo reads formats 1 to %d; remove the "
                    "file to start again",
                    path, r.line->str + strlen(MAGIC), CHECKPOINT_FORMAT);
        goto done;
    }
    if (!read_header(info, &r, path, program, format, error))
        goto done;
    if (problem && strcmp(info->problem, problem)) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_MISMATCH,
                    "%s: the checkpoint of another problem (written by: %s); this command's "
                    "is: %s; its was: %s; give another file or the same arguments",
                    path, info->command, problem, info->problem);
        goto done;
    }
    if (format >= 4 && !read_tree_line(&tree, info, &r, path, error))
        goto done;
    uint64_t count;
    char extra;
    if (!(v = read_field(&r, "entries")) || sscanf(v, "%" SCNu64 " %c", &count, &extra) != 1) {
        corrupt(error, path, &r, "no 'entries N' line");
        goto done;
    }
    if (!read_line(&r) || r.line->len) {
        corrupt(error, path, &r, "no empty line after the header");
        goto done;
    }
    /* The rest is exactly the entries and the trailer: a truncated file is refused before
     * anything is read into the table. */
    long here = ftell(r.f);
    uint64_t rest = here >= 0 && (uint64_t)st.st_size >= (uint64_t)here
                        ? (uint64_t)st.st_size - (uint64_t)here
                        : 0;
    uint64_t records = info->tree_records;
    bool fits = count <= rest / ENTRY_BYTES &&
                records <= (rest - count * ENTRY_BYTES) / PNS_TREE_RECORD_BYTES;
    if (!fits || rest != count * ENTRY_BYTES + records * PNS_TREE_RECORD_BYTES + TRAILER_LEN) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_CORRUPT,
                    "%s: %" PRIu64 " bytes after the header where %" PRIu64 " entries, %" PRIu64
                    " tree records and the checksum take %" PRIu64 " (a truncated or damaged file)",
                    path, rest, count, records,
                    fits ? count * ENTRY_BYTES + records * PNS_TREE_RECORD_BYTES + TRAILER_LEN
                         : UINT64_MAX);
        goto done;
    }
    if (tree && pns)
        read_tree_into(info, pns, tree);
    bool entries_ok = true;
    for (uint64_t i = 0; i < count; i++) {
        uint8_t bytes[ENTRY_BYTES];
        if (fread(bytes, 1, sizeof bytes, r.f) != sizeof bytes) {
            g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_IO, "%s: cannot read: %s", path,
                        ferror(r.f) ? g_strerror(errno) : "the file got shorter");
            goto done;
        }
        g_checksum_update(r.sum, bytes, sizeof bytes);
        tt_head_t head;
        tt_body_t body;
        entry_decode(&head, &body, bytes);
        if (head.meta == 0)
            continue; /* an empty slot (checkpoint_save's padding) */
        if (tt) {
            restored = true;
            entries_ok = tt_restore(tt, &head, &body) && entries_ok;
        }
    }
    enum { TREE_BLOCK = 4096 };
    uint8_t *block = records ? g_malloc(TREE_BLOCK * PNS_TREE_RECORD_BYTES) : NULL;
    for (uint64_t i = 0; i < records; i += TREE_BLOCK) {
        size_t n = (size_t)MIN(TREE_BLOCK, records - i);
        if (fread(block, PNS_TREE_RECORD_BYTES, n, r.f) != n) {
            g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_IO, "%s: cannot read: %s", path,
                        ferror(r.f) ? g_strerror(errno) : "the file got shorter");
            g_free(block);
            goto done;
        }
        g_checksum_update(r.sum, block, (gssize)(n * PNS_TREE_RECORD_BYTES));
        if (info->tree_read)
            for (size_t k = 0; k < n; k++)
                pns_tree_decode(pns, i + k, block + k * PNS_TREE_RECORD_BYTES);
    }
    g_free(block);
    char expected[TRAILER_LEN + 1], found[TRAILER_LEN + 1];
    snprintf(expected, sizeof expected, TRAILER "%s\n", g_checksum_get_string(r.sum));
    if (fread(found, 1, TRAILER_LEN, r.f) != TRAILER_LEN ||
        memcmp(found, expected, TRAILER_LEN) != 0) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_CORRUPT,
                    "%s: the checksum does not match the contents (a damaged file)", path);
        goto done;
    }
    if (!entries_ok) {
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_CORRUPT,
                    "%s: an entry that is not a table entry", path);
        goto done;
    }
    if (info->tree_read && !pns_tree_finish(pns)) {
        info->tree_read = false;
        g_set_error(error, CHECKPOINT_ERROR, CHECKPOINT_ERROR_CORRUPT,
                    "%s: a proof-number tree whose nodes do not form one (a damaged file)", path);
        goto done;
    }
    ok = true;
done:
    if (!ok && restored)
        tt_clear(tt);
    if (!ok && info->tree_read) {
        pns_tree_drop(pns);
        info->tree_read = false;
    }
    g_free(tree);
    if (r.f)
        fclose(r.f);
    g_checksum_free(r.sum);
    g_string_free(r.line, TRUE);
    return ok;
}

void checkpoint_info_clear(checkpoint_info_t *info)
{
    g_free(info->program);
    g_free(info->command);
    g_free(info->problem);
    memset(info, 0, sizeof *info);
}

char *checkpoint_temp_path(const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return g_strdup(path);
    return g_strconcat(path, ".tmp", NULL);
}

void checkpoint_discard(const char *tmp, const char *path)
{
    if (strcmp(tmp, path))
        unlink(tmp);
}

bool checkpoint_commit(FILE *f, const char *tmp, const char *path, const char **failed)
{
    *failed = tmp;
    if (!strcmp(tmp, path)) { /* written in place (checkpoint_temp_path): no rename */
        bool flushed = fflush(f) == 0;
        int saved = errno;
        if (fclose(f) != 0 || !flushed) {
            if (!flushed)
                errno = saved;
            return false;
        }
        return true;
    }
    bool written = fflush(f) == 0 && fsync(fileno(f)) == 0;
    int saved = errno;
    if (fclose(f) != 0 || !written) {
        if (!written)
            errno = saved;
        return false;
    }
    *failed = path;
    if (rename(tmp, path) != 0)
        return false;
    /* The rename is made durable by syncing the folder. */
    char *dir = g_path_get_dirname(path);
    int fd = open(dir, O_RDONLY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    g_free(dir);
    return true;
}
