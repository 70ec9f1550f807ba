/* positions/diagram.c: ASCII diagram reader and writer. */
#include "positions/diagram.h"

#include <stdlib.h>
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

void diagram_format_compact(char out[DIAGRAM_COMPACT_SIZE], const board_t *board,
                            const board_geom_t *geom)
{
    for (int y = 0; y < geom->height; y++) {
        if (y)
            *out++ = '/';
        for (int x = 0; x < geom->width; x++) {
            board_color_t c = board_at(board, board_point(geom, x, y));
            *out++ = c == BOARD_BLACK ? 'X' : c == BOARD_WHITE ? 'O' : '.';
        }
    }
    *out = '\0';
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
    /* A line of holes only is a comment in a plain diagram; between two rows it splits a
     * region, so it makes the text one (the plain reading would join the rows around it). */
    bool after_row = false, holes_after_row = false;
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
        if (only_points && other) {
            if (holes_after_row)
                return true;
            after_row = true;
        } else if (only_points && hole) {
            holes_after_row = after_row;
        } else {
            after_row = holes_after_row = false;
        }
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

/* Whether line is a column header: its first non-space character is 'A' and every non-space
 * character is an upper-case letter. */
static bool is_column_header(const char *line)
{
    const char *s = line + strspn(line, " \t");
    if (*s != 'A')
        return false;
    for (; *s && *s != '\n'; s++)
        if (*s != ' ' && *s != '\t' && *s != '\r' && !g_ascii_isupper(*s))
            return false;
    return true;
}

/* The row number at the start of line ("  3 X . O"), its digits blanked; -1 when the line
 * does not start with a number followed by a space or the end. */
static long take_row_number(char *line)
{
    char *s = line + strspn(line, " \t");
    if (!g_ascii_isdigit(*s))
        return -1;
    char *end;
    long row = strtol(s, &end, 10);
    if (*end && *end != ' ' && *end != '\t' && *end != '\r' && *end != '\n')
        return -1;
    memset(s, ' ', (size_t)(end - s));
    return row;
}

char *diagram_strip_frame(const char *text, GError **error)
{
    char *copy = g_strdup(text);
    char *line = copy;
    /* The first line that is neither blank nor a comment. */
    while (*line) {
        size_t len = strcspn(line, "\n");
        char saved = line[len];
        line[len] = '\0';
        bool skip = is_blank_line(line) || line[0] == '#';
        line[len] = saved;
        if (!skip)
            break;
        line += len + (saved ? 1 : 0);
    }
    if (!*line || !is_column_header(line))
        return copy;
    int line_number = 1;
    for (const char *s = copy; s < line; s++)
        line_number += *s == '\n';
    size_t header_len = strcspn(line, "\n");
    memset(line, ' ', header_len);
    char *row = line + header_len + (line[header_len] ? 1 : 0);
    long rows[BOARD_MAX_POINTS];
    int lines[BOARD_MAX_POINTS];
    int count = 0;
    while (*row) {
        size_t len = strcspn(row, "\n");
        char saved = row[len];
        row[len] = '\0';
        long number = take_row_number(row);
        row[len] = saved;
        if (number < 0)
            break;
        if (count == BOARD_MAX_POINTS) {
            g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_SIZE,
                        "line %d: the diagram has more than %d rows", line_number + 1 + count,
                        BOARD_MAX_POINTS);
            g_free(copy);
            return NULL;
        }
        rows[count] = number;
        lines[count] = line_number + 1 + count;
        count++;
        row += len + (saved ? 1 : 0);
    }
    *row = '\0';
    for (int i = 0; i < count; i++) {
        if (rows[i] != count - i) {
            g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_SHAPE,
                        "line %d: row number %ld, expected %d (rows count down to 1)", lines[i],
                        rows[i], count - i);
            g_free(copy);
            return NULL;
        }
    }
    return copy;
}

ssize_t diagram_moves_offset(const char *text)
{
    for (const char *line = text; *line;) {
        const char *s = line + strspn(line, " \t");
        if (g_str_has_prefix(s, "moves:"))
            return line - text;
        const char *next = strchr(line, '\n');
        if (!next)
            break;
        line = next + 1;
    }
    return -1;
}

/* Where offset o of text is: line and column (1-based, columns in characters). */
static void text_position(int *line, int *column, const char *text, size_t o)
{
    *line = 1, *column = 1;
    for (size_t i = 0; i < o; i++) {
        if (text[i] == '\n')
            ++*line, *column = 1;
        else if (((unsigned char)text[i] & 0xC0) != 0x80)
            ++*column;
    }
}

bool diagram_parse_moves(diagram_move_t **moves, int *count, const board_geom_t *geom,
                         const char *text, size_t offset, GError **error)
{
    GArray *list = g_array_new(FALSE, FALSE, sizeof(diagram_move_t));
    const char *s = text + offset;
    s += strspn(s, " \t");
    s += strlen("moves:");
    board_color_t color = BOARD_EMPTY;
    bool ok = false;
    while (*s) {
        if (*s == '#') {
            s += strcspn(s, "\n");
            continue;
        }
        size_t space = strspn(s, " \t\r\n,");
        if (space) {
            s += space;
            continue;
        }
        size_t len = strcspn(s, " \t\r\n,#");
        char *word = g_strndup(s, len);
        int line, column;
        text_position(&line, &column, text, (size_t)(s - text));
        GError *inner = NULL;
        board_move_t move;
        if (!g_ascii_strcasecmp(word, "b") || !g_ascii_strcasecmp(word, "black"))
            color = BOARD_BLACK;
        else if (!g_ascii_strcasecmp(word, "w") || !g_ascii_strcasecmp(word, "white"))
            color = BOARD_WHITE;
        else if (board_parse_move(&move, geom, word, &inner)) {
            diagram_move_t m = {color, move, line, column};
            g_array_append_val(list, m);
            color = BOARD_EMPTY;
        } else {
            g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_MOVE, "line %d, column %d: %s", line,
                        column, inner->message);
            g_error_free(inner);
            g_free(word);
            goto done;
        }
        g_free(word);
        s += len;
    }
    if (color != BOARD_EMPTY) {
        int line, column;
        text_position(&line, &column, text, (size_t)(s - text));
        g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_MOVE,
                    "line %d, column %d: a colour without a move at the end of the move list", line,
                    column);
        goto done;
    }
    ok = true;
done:
    *count = ok ? (int)list->len : 0;
    *moves = ok && list->len ? (diagram_move_t *)(void *)g_array_free(list, FALSE) : NULL;
    if (!ok || !*moves)
        g_array_free(list, TRUE);
    return ok;
}

static const char *color_word(board_color_t c)
{
    return c == BOARD_BLACK ? "black" : "white";
}

bool diagram_play_moves(game_t *game, const diagram_move_t *moves, int count, GError **error)
{
    const board_geom_t *geom = game_geom(game);
    for (int i = 0; i < count; i++) {
        board_color_t who = (board_color_t)game_current(game)->to_move;
        char name[8];
        board_move_name(name, geom, moves[i].move);
        if (moves[i].color != BOARD_EMPTY && moves[i].color != who) {
            g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_MOVE,
                        "line %d, column %d: move %d (%s %s) is %s's, but %s is to play (the "
                        "moves alternate: put a pass between two moves of one colour)",
                        moves[i].line, moves[i].column, i + 1, color_word(moves[i].color), name,
                        color_word(moves[i].color), color_word(who));
            return false;
        }
        game_legality_t legality = game_play(game, moves[i].move);
        if (legality != GAME_LEGAL) {
            g_set_error(error, DIAGRAM_ERROR, DIAGRAM_ERROR_MOVE,
                        "line %d, column %d: move %d (%s %s) is illegal: %s", moves[i].line,
                        moves[i].column, i + 1, color_word(who), name,
                        game_legality_string(legality));
            return false;
        }
    }
    return true;
}
