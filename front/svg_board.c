/*
 * front/svg_board.c: Go boards as SVG (front/svg_board.h): the board's layout, its drawing, and
 * Go-book diagrams of game lines.
 */
#include "front/svg_board.h"

#include <errno.h>
#include <string.h>

/* The margin holding the coordinates on each side, the font of coordinates and notes. */
#define SVG_BOARD_EDGE       26.0
#define SVG_BOARD_COORD_FONT 11.0
#define SVG_BOARD_CELL       28.0
#define SVG_BOARD_LINE_STEP  16.0

/* The distance between lines: wide enough for two-letter column names ("AA" past Z) to stand
 * apart. */
static double cell_size(const board_geom_t *g)
{
    return g->width > 25 ? SVG_BOARD_CELL + 4 : SVG_BOARD_CELL;
}

void svg_board_size(double *width, double *height, const board_geom_t *g)
{
    double cell = cell_size(g);
    *width = 2 * SVG_BOARD_EDGE + g->width * cell;
    *height = 2 * SVG_BOARD_EDGE + g->height * cell;
}

/* The column's GTP name ("A", "T", "AA"): the point's name without its row number. */
static void column_name(char buf[8], const board_geom_t *g, int x)
{
    board_move_name(buf, g, board_point(g, x, g->height - 1));
    buf[strcspn(buf, "0123456789")] = '\0';
}

/* Whether line i (0-based) of a board of n lines carries star points, and of which kind: 1 a
 * corner line (the 3rd line on boards of 7 to 12 lines, the 4th from 13), 2 the middle line. */
static int star_line(int i, int n)
{
    if (n < 7)
        return 0;
    int edge = n >= 13 ? 3 : 2;
    if (i == edge || i == n - 1 - edge)
        return 1;
    return n % 2 == 1 && i == n / 2 ? 2 : 0;
}

/* Star points as boards carry them: the four corner points, the centre of boards with an odd
 * number of lines both ways, and the side points of boards of 15 lines and more (9x9: 5,
 * 13x13: 5, 19x19: 9).  Plain boards only: a region is a part of some larger board. */
static bool is_star(const board_geom_t *g, int x, int y)
{
    if (board_geom_is_region(g))
        return false;
    int a = star_line(x, g->width), b = star_line(y, g->height);
    if (!a || !b)
        return false;
    if (a == 1 && b == 1)
        return true;
    if (a == 2 && b == 2)
        return true;
    return g->width >= 15 && g->height >= 15;
}

static bool on_board(const board_geom_t *g, int x, int y)
{
    return x >= 0 && y >= 0 && x < g->width && y < g->height &&
           (g->all & board_bit(board_point(g, x, y)));
}

static void draw_background(FILE *f, double x0, double y0, double cell, const board_geom_t *g)
{
    if (!board_geom_is_region(g) || g->all == (g->size == 64 ? ~0ull : (1ull << g->size) - 1)) {
        fprintf(f,
                "<rect class=\"wood\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                "fill=\"#dcb35c\"/>\n",
                x0, y0, g->width * cell, g->height * cell);
        return;
    }
    /* A region: wood under its points only, the holes left blank. */
    fprintf(f, "<path class=\"wood\" fill=\"#dcb35c\" d=\"");
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++)
            if (on_board(g, x, y))
                fprintf(f, "M%.1f %.1fh%.1fv%.1fh%.1fz", x0 + x * cell, y0 + y * cell, cell, cell,
                        -cell);
    fprintf(f, "\"/>\n");
}

/* Lines between neighbouring points on the board; a point without a neighbour gets a small
 * cross so that it still reads as a point. */
static void draw_grid(FILE *f, double x0, double y0, double cell, const board_geom_t *g)
{
    fprintf(f, "<path class=\"grid\" stroke=\"#222\" stroke-width=\"1\" fill=\"none\" d=\"");
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++) {
            if (!on_board(g, x, y))
                continue;
            double cx = x0 + (x + 0.5) * cell, cy = y0 + (y + 0.5) * cell;
            bool right = on_board(g, x + 1, y), down = on_board(g, x, y + 1);
            if (right)
                fprintf(f, "M%.1f %.1fh%.1f", cx, cy, cell);
            if (down)
                fprintf(f, "M%.1f %.1fv%.1f", cx, cy, cell);
            if (!right && !down && !on_board(g, x - 1, y) && !on_board(g, x, y - 1))
                fprintf(f, "M%.1f %.1fh%.1fM%.1f %.1fv%.1f", cx - cell / 4, cy, cell / 2, cx,
                        cy - cell / 4, cell / 2);
        }
    fprintf(f, "\"/>\n");
}

static void draw_coordinates(FILE *f, double x, double y, double cell, const board_geom_t *g)
{
    const double e = SVG_BOARD_EDGE, font = SVG_BOARD_COORD_FONT;
    double w = g->width * cell, h = g->height * cell;
    fprintf(f, "<g class=\"coord\" font-size=\"%.0f\" fill=\"#333\" text-anchor=\"middle\">\n",
            font);
    for (int c = 0; c < g->width; c++) {
        char name[8];
        column_name(name, g, c);
        double cx = x + e + (c + 0.5) * cell;
        fprintf(f,
                "<text class=\"coord\" x=\"%.1f\" y=\"%.1f\">%s</text>"
                "<text class=\"coord\" x=\"%.1f\" y=\"%.1f\">%s</text>\n",
                cx, y + e - 8, name, cx, y + e + h + 8 + font * 0.8, name);
    }
    for (int r = 0; r < g->height; r++) {
        double cy = y + e + (r + 0.5) * cell + font * 0.35;
        int number = g->height - r;
        fprintf(f,
                "<text class=\"coord\" x=\"%.1f\" y=\"%.1f\">%d</text>"
                "<text class=\"coord\" x=\"%.1f\" y=\"%.1f\">%d</text>\n",
                x + e / 2, cy, number, x + e + w + e / 2, cy, number);
    }
    fprintf(f, "</g>\n");
}

static void draw_stone(FILE *f, double cx, double cy, double cell, const char *point,
                       board_color_t c, bool immortal, int number, bool last)
{
    const char *fill = c == BOARD_BLACK ? "black" : "white";
    const char *ink = c == BOARD_BLACK ? "white" : "black";
    fprintf(f,
            "<circle class=\"stone %s\" data-point=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
            "fill=\"%s\" stroke=\"black\" stroke-width=\"1\"/>\n",
            fill, point, cx, cy, cell * 0.47, fill);
    if (immortal) /* an immortal stone carries a square of the other colour */
        fprintf(f,
                "<rect class=\"immortal\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                "fill=\"%s\"/>\n",
                cx - cell * 0.13, cy - cell * 0.13, cell * 0.26, cell * 0.26, ink);
    if (number > 0) {
        double font = number >= 100 ? cell * 0.38 : cell * 0.5;
        fprintf(f,
                "<text class=\"number\" x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" fill=\"%s\" "
                "text-anchor=\"middle\">%d</text>\n",
                cx, cy + font * 0.35, font, ink, number);
    }
    if (last)
        fprintf(f,
                "<circle class=\"last\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" "
                "stroke=\"%s\" stroke-width=\"2\"/>\n",
                cx, cy, cell * 0.22, ink);
}

void svg_board_draw(FILE *f, double x, double y, const board_geom_t *g, const board_t *b,
                    const svg_board_marks_t *marks)
{
    const double cell = cell_size(g), e = SVG_BOARD_EDGE;
    fprintf(f, "<g class=\"board\">\n");
    draw_background(f, x + e, y + e, cell, g);
    draw_grid(f, x + e, y + e, cell, g);
    draw_coordinates(f, x, y, cell, g);
    for (int r = 0; r < g->height; r++)
        for (int c = 0; c < g->width; c++)
            if (is_star(g, c, r)) {
                char name[8];
                board_move_name(name, g, board_point(g, c, r));
                fprintf(f,
                        "<circle class=\"star\" data-point=\"%s\" cx=\"%.1f\" cy=\"%.1f\" "
                        "r=\"3\" fill=\"#222\"/>\n",
                        name, x + e + (c + 0.5) * cell, y + e + (r + 0.5) * cell);
            }
    for (int r = 0; r < g->height; r++)
        for (int c = 0; c < g->width; c++) {
            board_point_t p = board_point(g, c, r);
            board_color_t color = board_at(b, p);
            if (color == BOARD_EMPTY || !(g->all & board_bit(p)))
                continue;
            char name[8];
            board_move_name(name, g, p);
            draw_stone(f, x + e + (c + 0.5) * cell, y + e + (r + 0.5) * cell, cell, name, color,
                       (g->safe[color] & board_bit(p)) != 0, marks ? marks->number[p] : 0,
                       marks && marks->last == p);
        }
    fprintf(f, "</g>\n");
}

void svg_board_text_lines(FILE *f, double x, double y, char *const *lines)
{
    for (int i = 0; lines && lines[i]; i++) {
        char *esc = g_markup_escape_text(lines[i], -1);
        fprintf(f, "<text class=\"note\" x=\"%.1f\" y=\"%.1f\">%s</text>\n", x,
                y + i * SVG_BOARD_LINE_STEP, esc);
        g_free(esc);
    }
}

/* Packs the items into lines of at most `columns` characters, joined by sep (an item longer
 * than a line gets a line of its own). */
static char **pack(char *const *items, const char *sep, int columns)
{
    GPtrArray *lines = g_ptr_array_new();
    GString *line = g_string_new(NULL);
    for (char *const *w = items; *w; w++) {
        if (!**w)
            continue;
        if (line->len && (int)(line->len + strlen(sep) + strlen(*w)) > columns) {
            g_ptr_array_add(lines, g_strdup(line->str));
            g_string_truncate(line, 0);
        }
        g_string_append_printf(line, "%s%s", line->len ? sep : "", *w);
    }
    if (line->len)
        g_ptr_array_add(lines, g_strdup(line->str));
    g_string_free(line, TRUE);
    g_ptr_array_add(lines, NULL);
    return (char **)g_ptr_array_free(lines, FALSE);
}

char **svg_board_wrap(const char *text, int columns)
{
    char **words = g_strsplit(text, " ", -1);
    char **lines = pack(words, " ", columns);
    g_strfreev(words);
    return lines;
}

FILE *svg_board_open(const char *path, double width, double height, GError **error)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "w") : stdout;
    if (!f) {
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno), "cannot write '%s': %s",
                    path, g_strerror(errno));
        return NULL;
    }
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            width, height, width, height);
    return f;
}

bool svg_board_close(FILE *f, const char *path, GError **error)
{
    fprintf(f, "</svg>\n");
    errno = 0;
    bool ok = fflush(f) == 0 && !ferror(f);
    int saved = errno;
    if (f != stdout && fclose(f) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    if (!ok) {
        saved = saved ? saved : EIO; /* an earlier write failed: its errno is gone */
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved), "cannot write %s%s%s: %s",
                    f == stdout ? "" : "'", f == stdout ? "stdout" : path, f == stdout ? "" : "'",
                    g_strerror(saved));
    }
    return ok;
}

void svg_board_line(board_t *diagram, svg_board_marks_t *marks, char ***notes, const game_t *game,
                    const board_move_t *moves, int count)
{
    const board_geom_t *g = game_geom(game);
    *diagram = game_current(game)->board;
    memset(marks, 0, sizeof *marks);
    marks->last = BOARD_MOVE_NONE;
    GPtrArray *list = g_ptr_array_new();
    game_t *replay = game_copy(game);
    for (int i = 0; i < count; i++) {
        board_color_t c = (board_color_t)game_current(replay)->to_move;
        board_move_t m = moves[i];
        game_legality_t legal = game_play(replay, m);
        g_assert(legal == GAME_LEGAL);
        if (m == BOARD_MOVE_PASS) {
            g_ptr_array_add(list, g_strdup_printf("%d pass", i + 1));
            continue;
        }
        if (board_at(diagram, m) == BOARD_EMPTY) {
            diagram->stones[c] |= board_bit(m);
            marks->number[m] = i + 1;
        } else if (marks->number[m]) {
            g_ptr_array_add(list, g_strdup_printf("%d at %d", i + 1, marks->number[m]));
        } else {
            char name[8];
            g_ptr_array_add(list, g_strdup_printf("%d at %s", i + 1, board_move_name(name, g, m)));
        }
    }
    game_destroy(replay);
    g_ptr_array_add(list, NULL);
    *notes = (char **)g_ptr_array_free(list, FALSE);
}

/* The last move of the game's history, when it is a play. */
static board_move_t last_play(const game_t *game)
{
    board_move_t m = game_current(game)->move;
    return m == BOARD_MOVE_PASS ? BOARD_MOVE_NONE : m;
}

/* The characters of a caption line under a board of this width. */
static int caption_columns(double width)
{
    int n = (int)(width / 7);
    return n < 30 ? 30 : n;
}

char *svg_board_caption(const game_t *game)
{
    const board_geom_t *g = game_geom(game);
    char *rules = rules_to_string(game_rules(game)), komi[16];
    rules_komi_string(komi, game_rules(game)->komi2);
    char *caption =
        g_strdup_printf("%dx%d, rules %s, komi %s, %s to move", g->width, g->height, rules, komi,
                        game_current(game)->to_move == BOARD_BLACK ? "Black" : "White");
    g_free(rules);
    return caption;
}

bool svg_board_write_position(const char *path, const game_t *game, const char *caption,
                              GError **error)
{
    const board_geom_t *g = game_geom(game);
    double w, h;
    svg_board_size(&w, &h, g);
    double width = w < 240 ? 240 : w;
    char **lines = svg_board_wrap(caption, caption_columns(width));
    FILE *f =
        svg_board_open(path, width, h + 8 + SVG_BOARD_LINE_STEP * g_strv_length(lines), error);
    if (!f) {
        g_strfreev(lines);
        return false;
    }
    svg_board_marks_t marks;
    memset(&marks, 0, sizeof marks);
    marks.last = last_play(game);
    svg_board_draw(f, (width - w) / 2, 0, g, &game_current(game)->board, &marks);
    svg_board_text_lines(f, 8, h + 8, lines);
    g_strfreev(lines);
    return svg_board_close(f, path, error);
}

bool svg_board_write_line(const char *path, const game_t *game, const board_move_t *moves,
                          int count, const char *caption, const char *line_caption, GError **error)
{
    const board_geom_t *g = game_geom(game);
    board_t diagram;
    svg_board_marks_t marks;
    char **notes;
    svg_board_line(&diagram, &marks, &notes, game, moves, count);
    double w, h;
    svg_board_size(&w, &h, g);
    double panel = w < 240 ? 240 : w, gap = 24;
    int columns = caption_columns(panel);
    char **left = svg_board_wrap(caption, columns);
    /* the line's caption, then its notes packed whole ("12 at 4" never split) */
    char **head = svg_board_wrap(line_caption, columns), **tail = pack(notes, ", ", columns);
    char **right = g_new0(char *, g_strv_length(head) + g_strv_length(tail) + 1);
    guint k = 0;
    for (char **l = head; *l; l++)
        right[k++] = g_strdup(*l);
    for (char **l = tail; *l; l++)
        right[k++] = g_strdup(*l);
    g_strfreev(head);
    g_strfreev(tail);
    guint n = MAX(g_strv_length(left), g_strv_length(right));
    FILE *f = svg_board_open(path, 2 * panel + gap, h + 8 + SVG_BOARD_LINE_STEP * n, error);
    if (f) {
        svg_board_marks_t now;
        memset(&now, 0, sizeof now);
        now.last = last_play(game);
        svg_board_draw(f, (panel - w) / 2, 0, g, &game_current(game)->board, &now);
        svg_board_text_lines(f, 8, h + 8, left);
        svg_board_draw(f, panel + gap + (panel - w) / 2, 0, g, &diagram, &marks);
        svg_board_text_lines(f, panel + gap + 8, h + 8, right);
    }
    g_strfreev(left);
    g_strfreev(right);
    g_strfreev(notes);
    return f && svg_board_close(f, path, error);
}
