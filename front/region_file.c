/*
 * front/region_file.c: region files: header lines and blocks here, the grid by
 * positions/diagram.h's region diagrams.  The format is docs/regions.md's "Region files".
 */
#include "front/region_file.h"

#include "positions/diagram.h"

#include <string.h>

void region_file_entry_free(region_file_entry_t *entry)
{
    if (!entry)
        return;
    g_free(entry->name);
    g_free(entry->source);
    for (int m = 0; m < REGION_MODEL_COUNT; m++)
        g_free(entry->expect[m]);
    g_free(entry->expect_chilled);
    g_free(entry->note);
    board_geom_destroy(entry->geom);
    g_free(entry);
}

/* A region being read: its header values and grid rows with their line numbers. */
typedef struct pending {
    region_file_entry_t *region;
    int first_line;  /* first line of the block (for "no grid") */
    GPtrArray *rows; /* the raw lines of the grid */
    GArray *row_lines;
} pending_t;

static bool fail(GError **error, int line, int column, const char *format, ...) G_GNUC_PRINTF(4, 5);

static bool fail(GError **error, int line, int column, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    char *what = g_strdup_vprintf(format, ap);
    va_end(ap);
    if (column > 0)
        g_set_error(error, REGION_ERROR, REGION_ERROR_PARSE, "line %d, column %d: %s", line, column,
                    what);
    else
        g_set_error(error, REGION_ERROR, REGION_ERROR_PARSE, "line %d: %s", line, what);
    g_free(what);
    return false;
}

/* Stores one "key: value" header line. */
static bool header(region_file_entry_t *r, const char *line, int line_no, GError **error)
{
    const char *colon = strchr(line, ':');
    char *key = g_strstrip(g_strndup(line, (gsize)(colon - line)));
    char *value = g_strstrip(g_strdup(colon + 1));
    char **slot = !strcmp(key, "name")               ? &r->name
                  : !strcmp(key, "source")           ? &r->source
                  : !strcmp(key, "note")             ? &r->note
                  : !strcmp(key, "expect-territory") ? &r->expect[REGION_MODEL_TERRITORY]
                  : !strcmp(key, "expect-math")      ? &r->expect[REGION_MODEL_MATH]
                  : !strcmp(key, "expect-chilled")   ? &r->expect_chilled
                                                     : NULL;
    bool ok = true;
    if (!slot) {
        /* Shown escaped and cut: a binary file's "key" is bytes no terminal should get. */
        char *shown = g_strescape(key, NULL);
        if (strlen(shown) > 40)
            strcpy(shown + 37, "...");
        ok = fail(error, line_no, (int)(strstr(line, key) - line) + 1,
                  "unknown key '%s' (name, source, note, expect-territory, expect-math, "
                  "expect-chilled)",
                  shown);
        g_free(shown);
    } else if (*slot && (slot == &r->source || slot == &r->note)) {
        char *joined = g_strconcat(*slot, " ", value, NULL); /* continued on the next line */
        g_free(*slot);
        *slot = joined;
    } else if (*slot) {
        ok = fail(error, line_no, 0, "'%s' given twice", key);
    } else {
        *slot = value;
        value = NULL;
    }
    g_free(key);
    g_free(value);
    return ok;
}

/*
 * Builds the region of a finished block: its grid rows go to diagram_parse_region inside a text
 * of the file's lines up to the block's last row, every other line left blank, so that its
 * messages name the file's lines.
 */
static bool finish(pending_t *p, char **lines, GError **error)
{
    region_file_entry_t *r = p->region;
    if (p->rows->len == 0)
        return fail(error, p->first_line, 0, "a region without a grid");
    int last = g_array_index(p->row_lines, int, p->rows->len - 1);
    GString *text = g_string_new(NULL);
    for (int line = 1, k = 0; line <= last; line++) {
        bool row = k < (int)p->rows->len && g_array_index(p->row_lines, int, k) == line;
        if (row)
            g_string_append(text, lines[line - 1]), k++;
        g_string_append_c(text, '\n');
    }
    int width, height;
    uint64_t on_board, safe[2];
    bool ok =
        diagram_parse_region(&r->position, &width, &height, &on_board, safe, text->str, error);
    g_string_free(text, TRUE);
    if (ok && !(r->geom = board_geom_create_region(width, height, on_board, safe, error)))
        ok = false;
    r->line = g_array_index(p->row_lines, int, 0);
    return ok;
}

static void pending_reset(pending_t *p)
{
    region_file_entry_free(p->region);
    p->region = NULL;
    g_ptr_array_set_size(p->rows, 0);
    g_array_set_size(p->row_lines, 0);
}

GPtrArray *region_file_parse(const char *text, GError **error)
{
    GPtrArray *out = g_ptr_array_new_with_free_func((GDestroyNotify)region_file_entry_free);
    char **lines = g_strsplit(text, "\n", -1);
    pending_t p = {NULL, 0, g_ptr_array_new(), g_array_new(FALSE, FALSE, sizeof(int))};
    bool ok = true;
    for (int i = 0;; i++) {
        char *line = lines[i];
        int line_no = i + 1;
        if (line) {
            size_t len = strlen(line);
            if (len && line[len - 1] == '\r')
                line[len - 1] = '\0';
        }
        const char *s = line;
        while (s && (*s == ' ' || *s == '\t'))
            s++;
        if (s && *s == '%')
            continue; /* a comment line */
        bool separator = !s || !*s || !strcmp(g_strchomp(line), "---");
        if (separator) {
            if (p.region) {
                if (!(ok = finish(&p, lines, error)))
                    break;
                g_ptr_array_add(out, p.region);
                p.region = NULL;
                pending_reset(&p);
            }
            if (!s)
                break;
            continue;
        }
        if (!p.region) {
            p.region = g_new0(region_file_entry_t, 1);
            p.first_line = line_no;
        }
        if (strchr(line, ':')) {
            if (p.rows->len) {
                ok = fail(error, line_no, 0, "a header line after the grid");
                break;
            }
            if (!(ok = header(p.region, line, line_no, error)))
                break;
        } else {
            g_ptr_array_add(p.rows, line);
            g_array_append_val(p.row_lines, line_no);
        }
    }
    pending_reset(&p);
    g_ptr_array_free(p.rows, TRUE);
    g_array_free(p.row_lines, TRUE);
    g_strfreev(lines);
    if (ok && out->len == 0)
        ok = fail(error, 1, 0, "no region in the file");
    if (!ok) {
        g_ptr_array_unref(out);
        return NULL;
    }
    return out;
}
