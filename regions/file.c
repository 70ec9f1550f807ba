/*
 * regions/file.c: region files (read and written) and the split of a board into regions.
 * The format is docs/regions.md's "Region files".
 */
#include "regions/region.h"

#include "cgt/game.h"

#include <string.h>

void region_free(region_t *region)
{
    if (!region)
        return;
    g_free(region->name);
    g_free(region->source);
    for (int m = 0; m < REGION_MODEL_COUNT; m++)
        g_free(region->expect[m]);
    g_free(region->expect_chilled);
    g_free(region->note);
    board_geom_destroy(region->geom);
    g_free(region);
}

/* A region being read: its header values and grid rows with their line numbers. */
typedef struct pending {
    region_t *region;
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
static bool header(region_t *r, const char *line, int line_no, GError **error)
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
        ok = fail(error, line_no, (int)(strstr(line, key) - line) + 1,
                  "unknown key '%s' (name, source, note, expect-territory, expect-math, "
                  "expect-chilled)",
                  key);
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

/* Builds the region of a finished block. */
static bool finish(pending_t *p, GError **error)
{
    region_t *r = p->region;
    if (p->rows->len == 0)
        return fail(error, p->first_line, 0, "a region without a grid");
    int height = (int)p->rows->len, width = 0;
    int line_of[BOARD_MAX_POINTS], column_of[BOARD_MAX_POINTS];
    uint64_t on_board = 0, safe[2] = {0, 0}, stones[2] = {0, 0};
    /* First pass: characters and the width. */
    for (int y = 0; y < height; y++) {
        const char *row = g_ptr_array_index(p->rows, y);
        int line = g_array_index(p->row_lines, int, y), x = 0;
        for (const char *c = row; *c; c++) {
            if (*c == ' ' || *c == '\t')
                continue;
            if (!strchr("XOxo.#", *c))
                return fail(error, line, (int)(c - row) + 1,
                            "unknown character '%c' (X O safe stones, x o stones, . empty, # off "
                            "the board)",
                            *c);
            x++;
        }
        width = x > width ? x : width;
    }
    if (width * height > BOARD_MAX_POINTS)
        return fail(error, g_array_index(p->row_lines, int, 0), 0,
                    "the region's rectangle is %d x %d = %d points, more than %d", width, height,
                    width * height, BOARD_MAX_POINTS);
    for (int y = 0; y < height; y++) {
        const char *row = g_ptr_array_index(p->rows, y);
        int line = g_array_index(p->row_lines, int, y), x = 0;
        for (const char *c = row; *c; c++) {
            if (*c == ' ' || *c == '\t')
                continue;
            int point = y * width + x++;
            uint64_t bit = (uint64_t)1 << point;
            line_of[point] = line;
            column_of[point] = (int)(c - row) + 1;
            if (*c == '#')
                continue;
            on_board |= bit;
            if (*c == 'X' || *c == 'x')
                stones[BOARD_BLACK] |= bit;
            if (*c == 'O' || *c == 'o')
                stones[BOARD_WHITE] |= bit;
            if (*c == 'X')
                safe[BOARD_BLACK] |= bit;
            if (*c == 'O')
                safe[BOARD_WHITE] |= bit;
        }
    }
    int first = g_array_index(p->row_lines, int, 0);
    if (!(on_board & ~(stones[0] | stones[1])))
        return fail(error, first, 0, "the region has no empty point");
    GError *geom_error = NULL;
    r->geom = board_geom_create_region(width, height, on_board, safe, &geom_error);
    if (!r->geom) {
        fail(error, first, 0, "%s", geom_error->message);
        g_error_free(geom_error);
        return false;
    }
    r->line = first;
    r->position.stones[BOARD_BLACK] = stones[BOARD_BLACK];
    r->position.stones[BOARD_WHITE] = stones[BOARD_WHITE];
    uint64_t empty = board_empty(&r->position, r->geom);
    for (int c = 0; c < 2; c++) {
        uint64_t dead = board_dead_chains(r->geom, stones[c], empty);
        if (dead) {
            board_point_t point = board_lowest(dead);
            char name[8];
            board_move_name(name, r->geom, point);
            return fail(error, line_of[point], column_of[point],
                        "the chain at %s has no liberty and no safe stone", name);
        }
    }
    return true;
}

static void pending_reset(pending_t *p)
{
    region_free(p->region);
    p->region = NULL;
    g_ptr_array_set_size(p->rows, 0);
    g_array_set_size(p->row_lines, 0);
}

GPtrArray *region_file_parse(const char *text, GError **error)
{
    GPtrArray *out = g_ptr_array_new_with_free_func((GDestroyNotify)region_free);
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
                if (!(ok = finish(&p, error)))
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
            p.region = g_new0(region_t, 1);
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

char *region_format(const board_geom_t *geom, const board_t *position)
{
    GString *s = g_string_new(NULL);
    for (int y = 0; y < geom->height; y++) {
        for (int x = 0; x < geom->width; x++) {
            board_point_t p = board_point(geom, x, y);
            uint64_t bit = board_bit(p);
            char c = !(geom->all & bit)                    ? '#'
                     : position->stones[BOARD_BLACK] & bit ? 'x'
                     : position->stones[BOARD_WHITE] & bit ? 'o'
                                                           : '.';
            if ((geom->safe[BOARD_BLACK] | geom->safe[BOARD_WHITE]) & bit)
                c = (char)(c - 'a' + 'A');
            g_string_append_c(s, c);
        }
        g_string_append_c(s, '\n');
    }
    return g_string_free(s, FALSE);
}

/* ---- Splitting ---------------------------------------------------------------------------- */

void region_parts_free(GArray *parts)
{
    if (!parts)
        return;
    for (guint i = 0; i < parts->len; i++)
        board_geom_destroy(g_array_index(parts, region_part_t, i).geom);
    g_array_free(parts, TRUE);
}

GArray *region_split(const board_geom_t *geom, const board_t *position, GError **error)
{
    GArray *parts = g_array_new(FALSE, FALSE, sizeof(region_part_t));
    uint64_t safe = geom->safe[BOARD_BLACK] | geom->safe[BOARD_WHITE];
    uint64_t open = geom->all & ~safe, empty = board_empty(position, geom);
    while (open) {
        uint64_t component = board_flood(geom, open & -open, open);
        open &= ~component;
        if (!(component & empty))
            continue;
        uint64_t walls = board_adjacent(geom, component) & safe;
        uint64_t part_safe[2] = {walls & geom->safe[BOARD_BLACK], walls & geom->safe[BOARD_WHITE]};
        region_part_t part;
        part.geom = board_geom_create_region(geom->width, geom->height, component | walls,
                                             part_safe, error);
        if (!part.geom) {
            region_parts_free(parts);
            return NULL;
        }
        part.position.stones[BOARD_BLACK] =
            position->stones[BOARD_BLACK] & (component | part_safe[BOARD_BLACK]);
        part.position.stones[BOARD_WHITE] =
            position->stones[BOARD_WHITE] & (component | part_safe[BOARD_WHITE]);
        g_array_append_val(parts, part);
    }
    return parts;
}

bool region_value_sum(cgt_game_t *out, region_ctx_t *ctx, const board_geom_t *geom,
                      const board_t *position, region_model_t model, GError **error)
{
    GArray *parts = region_split(geom, position, error);
    if (!parts)
        return false;
    cgt_ctx_t *cgt = region_ctx_cgt(ctx);
    cgt_game_t sum = cgt_zero(cgt);
    bool ok = true;
    for (guint i = 0; ok && i < parts->len; i++) {
        const region_part_t *part = &g_array_index(parts, region_part_t, i);
        cgt_game_t v;
        if ((ok = region_value(&v, ctx, part->geom, &part->position, model, error)))
            sum = cgt_add(cgt, sum, v);
    }
    region_parts_free(parts);
    if (ok)
        *out = sum;
    return ok;
}
