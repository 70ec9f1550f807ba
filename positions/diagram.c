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

/* The letter of point p: plain (X O .) or region (X O safe, x o ordinary, . empty, # hole). */
static char point_letter(const board_t *board, const board_geom_t *geom, board_point_t p,
                         bool region)
{
    uint64_t bit = board_bit(p);
    if (region) {
        if (geom->safe[BOARD_BLACK] & bit)
            return 'X';
        if (geom->safe[BOARD_WHITE] & bit)
            return 'O';
        if (!(geom->all & bit))
            return '#';
    }
    board_color_t c = board_at(board, p);
    if (c == BOARD_EMPTY)
        return '.';
    return (char)((c == BOARD_BLACK ? 'X' : 'O') + (region ? 'a' - 'A' : 0));
}

static char *format_rows(const board_t *board, const board_geom_t *geom, bool region)
{
    GString *s = g_string_sized_new((gsize)(geom->size + geom->height + 1));
    for (int y = 0; y < geom->height; y++) {
        for (int x = 0; x < geom->width; x++)
            g_string_append_c(s, point_letter(board, geom, board_point(geom, x, y), region));
        g_string_append_c(s, '\n');
    }
    return g_string_free(s, FALSE);
}

char *diagram_format(const board_t *board, const board_geom_t *geom)
{
    return format_rows(board, geom, false);
}

/* Whether c is a character of a region row other than spacing. */
static bool is_region_point(char c)
{
    return c == 'X' || c == 'x' || c == 'O' || c == 'o' || c == '.' || c == '#';
}

bool diagram_parse_region(board_t *board, int *width, int *height, uint64_t *on_board,
                          uint64_t safe[2], const char *text, GError **error)
{
    bool ok = false;
    char **lines = g_strsplit(text, "\n", -1);
    int w = 0, h = 0, last_row_line = 0;
    /* Per row, x-indexed: ordinary and safe stones of each colour, on-board points. */
    uint64_t stone[2][BOARD_MAX_POINTS], fixed[2][BOARD_MAX_POINTS], point[BOARD_MAX_POINTS];
    int line_of_row[BOARD_MAX_POINTS];
    const char *column_text[BOARD_MAX_POINTS]; /* the row's text, for columns in messages */
    bool ended = false;
    for (int i = 0; lines[i]; i++) {
        const char *line = lines[i];
        if (is_blank_line(line)) {
            if (h > 0)
                ended = true;
            continue;
        }
        if (ended) {
            g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_SHAPE,
                        "line %d: a row after a blank line (a region diagram is one block of rows)",
                        i + 1);
            goto done;
        }
        if (h >= BOARD_MAX_POINTS) {
            g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_SIZE,
                        "line %d: the region has more than %d rows (at most %d points in all)",
                        i + 1, BOARD_MAX_POINTS, BOARD_MAX_POINTS);
            goto done;
        }
        int x = 0;
        stone[0][h] = stone[1][h] = fixed[0][h] = fixed[1][h] = point[h] = 0;
        for (int col = 0; line[col]; col++) {
            char c = line[col];
            if (c == ' ' || c == '\t' || c == '\r')
                continue;
            if (!is_region_point(c)) {
                g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_CHARACTER,
                            "line %d, column %d: unknown character '%c' in a region (use X O "
                            "for safe stones, x o for stones, . for empty, # for off the board)",
                            i + 1, col + 1, g_ascii_isprint(c) ? c : '?');
                goto done;
            }
            if (x >= BOARD_MAX_POINTS) {
                g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_SIZE,
                            "line %d, column %d: region wider than %d points", i + 1, col + 1,
                            BOARD_MAX_POINTS);
                goto done;
            }
            uint64_t bit = (uint64_t)1 << x;
            if (c != '#')
                point[h] |= bit;
            if (c == 'X' || c == 'x')
                stone[0][h] |= bit;
            if (c == 'O' || c == 'o')
                stone[1][h] |= bit;
            if (c == 'X')
                fixed[0][h] |= bit;
            if (c == 'O')
                fixed[1][h] |= bit;
            x++;
        }
        if (x > w)
            w = x;
        line_of_row[h] = i + 1;
        column_text[h] = line;
        last_row_line = i + 1;
        h++;
        if ((int64_t)w * h > BOARD_MAX_POINTS) {
            g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_SIZE,
                        "line %d: the region's rectangle (%d wide, short rows padded with '#', "
                        "%d rows so far) has more than %d points",
                        i + 1, w, h, BOARD_MAX_POINTS);
            goto done;
        }
    }
    if (h == 0) {
        g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_SHAPE, "the region diagram has no rows");
        goto done;
    }
    board_t b = {{0, 0}};
    uint64_t all = 0, safe_stones[2] = {0, 0};
    for (int y = 0; y < h; y++) {
        all |= point[y] << (y * w);
        for (int c = 0; c < 2; c++) {
            b.stones[c] |= stone[c][y] << (y * w);
            safe_stones[c] |= fixed[c][y] << (y * w);
        }
    }
    if (!(all & ~(b.stones[0] | b.stones[1]))) {
        g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_SHAPE,
                    "lines %d-%d: the region has no empty point", line_of_row[0], last_row_line);
        goto done;
    }
    board_geom_t *g = board_geom_create_region(w, h, all, safe_stones, error);
    if (!g)
        goto done; /* not reached: the size and the masks were checked above */
    uint64_t empty = board_empty(&b, g);
    uint64_t dead =
        board_dead_chains(g, b.stones[0], empty) | board_dead_chains(g, b.stones[1], empty);
    board_geom_destroy(g);
    if (dead) {
        board_point_t p = board_lowest(dead);
        int y = p / w, x = p % w, col = 0;
        /* The text column of point x in row y (spaces skipped as when reading). */
        for (int seen = -1; column_text[y][col]; col++) {
            char c = column_text[y][col];
            if (c != ' ' && c != '\t' && c != '\r' && ++seen == x)
                break;
        }
        g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_POSITION,
                    "line %d, column %d: the %s chain here has no liberty and no safe stone",
                    line_of_row[y], col + 1, (b.stones[0] & board_bit(p)) ? "black" : "white");
        goto done;
    }
    *board = b;
    *width = w;
    *height = h;
    *on_board = all;
    safe[0] = safe_stones[0];
    safe[1] = safe_stones[1];
    ok = true;
done:
    g_strfreev(lines);
    return ok;
}

char *diagram_format_region(const board_t *board, const board_geom_t *geom)
{
    return format_rows(board, geom, true);
}

bool diagram_looks_like_region(const char *text)
{
    bool upper = false, lower = false;
    const char *line = text;
    while (*line) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        bool only_points = true, hole = false, other = false;
        for (size_t i = 0; i < n; i++) {
            char c = line[i];
            if (c == ' ' || c == '\t' || c == '\r')
                continue;
            if (!is_region_point(c))
                only_points = false;
            else if (c == '#')
                hole = true;
            else
                other = true;
        }
        if (only_points && hole && other)
            return true;
        /* Stone letters count in rows only: a plain diagram's comments start with '#'. */
        if (n && line[0] != '#') {
            for (size_t i = 0; i < n; i++) {
                upper |= line[i] == 'X' || line[i] == 'O';
                lower |= line[i] == 'x' || line[i] == 'o';
            }
        }
        if (!end)
            break;
        line = end + 1;
    }
    return upper && lower;
}
