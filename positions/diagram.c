/* positions/diagram.c: ASCII diagram reader and writer. */
#include "positions/diagram.h"

#include <string.h>

G_DEFINE_QUARK(diagram - error - quark, diagram_error)

static bool is_blank_line(const char *line)
{
    for (; *line; line++)
        if (*line != ' ' && *line != '\t' && *line != '\r')
            return false;
    return true;
}

bool diagram_parse(board_t *board, int *width, int *height, const char *text, GError **error)
{
    bool ok = false;
    char **lines = g_strsplit(text, "\n", -1);
    int w = -1, h = 0, first_row_line = 0;
    uint64_t cells[2][BOARD_MAX_POINTS]; /* per row: black bits, white bits (x-indexed) */
    bool ended = false;                  /* a blank line after the rows */
    for (int i = 0; lines[i]; i++) {
        const char *line = lines[i];
        if (line[0] == '#')
            continue;
        if (is_blank_line(line)) {
            if (h > 0)
                ended = true;
            continue;
        }
        if (ended) {
            g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_SHAPE,
                        "line %d: a row after a blank line (a diagram is one block of rows)",
                        i + 1);
            goto done;
        }
        int x = 0;
        uint64_t black = 0, white = 0;
        for (int col = 0; line[col]; col++) {
            char c = line[col];
            if (c == ' ' || c == '\t' || c == '\r')
                continue;
            if (x >= BOARD_MAX_POINTS) {
                g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_SIZE,
                            "line %d: the row is longer than %d points", i + 1, BOARD_MAX_POINTS);
                goto done;
            }
            if (c == 'X' || c == 'x')
                black |= (uint64_t)1 << x;
            else if (c == 'O' || c == 'o')
                white |= (uint64_t)1 << x;
            else if (c != '.' && c != '+') {
                g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_CHARACTER,
                            "line %d, column %d: unknown character '%c' (use X, O or .)", i + 1,
                            col + 1, g_ascii_isprint(c) ? c : '?');
                goto done;
            }
            x++;
        }
        if (w < 0) {
            w = x;
            first_row_line = i + 1;
        } else if (x != w) {
            g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_SHAPE,
                        "line %d: the row has %d points but the first row (line %d) has %d", i + 1,
                        x, first_row_line, w);
            goto done;
        }
        if (h >= BOARD_MAX_POINTS || (h + 1) * w > BOARD_MAX_POINTS) {
            g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_SIZE,
                        "line %d: the diagram has more than %d points (at most %d are supported)",
                        i + 1, BOARD_MAX_POINTS, BOARD_MAX_POINTS);
            goto done;
        }
        cells[0][h] = black;
        cells[1][h] = white;
        h++;
    }
    if (h == 0) {
        g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_SHAPE, "the diagram has no rows");
        goto done;
    }
    board->stones[0] = board->stones[1] = 0;
    for (int y = 0; y < h; y++)
        for (int c = 0; c < 2; c++)
            board->stones[c] |= cells[c][y] << (y * w);
    *width = w;
    *height = h;
    ok = true;
done:
    g_strfreev(lines);
    return ok;
}

char *diagram_format(const board_t *board, const board_geom_t *geom)
{
    GString *s = g_string_sized_new((gsize)(geom->size + geom->height + 1));
    for (int y = 0; y < geom->height; y++) {
        for (int x = 0; x < geom->width; x++) {
            board_color_t c = board_at(board, board_point(geom, x, y));
            g_string_append_c(s, c == BOARD_BLACK ? 'X' : c == BOARD_WHITE ? 'O' : '.');
        }
        g_string_append_c(s, '\n');
    }
    return g_string_free(s, FALSE);
}
