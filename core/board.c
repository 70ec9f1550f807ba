/* core/board.c: board geometry tables, point names, symmetries, printing. */
#include "core/board.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK(board - error - quark, board_error)

/* GTP column letters: A..Z without I.  25 letters cover widths up to 25; wider boards (a 64x1
 * board) continue with doubled letters AA, AB, ... as some GUIs do. */
static const char column_letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
#define COLUMN_LETTER_COUNT 25

/* SplitMix64 (Steele, Lea and Flood 2014): a fixed-seed generator, so Zobrist keys are the same
 * in every run and on every machine. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Whether symmetry map `sym` (over a size-point rectangle) maps the set m onto itself. */
static bool maps_onto_itself(const uint8_t *sym, int size, uint64_t m)
{
    uint64_t image = 0;
    for (int p = 0; p < size; p++)
        if (m & board_bit((board_point_t)p))
            image |= board_bit(sym[p]);
    return image == m;
}

board_geom_t *board_geom_create_region(int width, int height, uint64_t on_board,
                                       const uint64_t safe[2], GError **error)
{
    if (width < 1 || height < 1 || width * height > BOARD_MAX_POINTS) {
        g_set_error(error, BOARD_ERROR, BOARD_ERROR_SIZE,
                    "board %dx%d is not supported: width and height must be at least 1 and "
                    "the board at most %d points",
                    width, height, BOARD_MAX_POINTS);
        return NULL;
    }
    int size = width * height;
    uint64_t rect = size == 64 ? ~(uint64_t)0 : (board_bit((board_point_t)size) - 1);
    const char *problem = NULL;
    if (!on_board)
        problem = "no point is on the board";
    else if (on_board & ~rect)
        problem = "a point on the board lies outside the rectangle";
    else if (safe && ((safe[0] | safe[1]) & ~on_board))
        problem = "a safe stone lies off the board";
    else if (safe && (safe[0] & safe[1]))
        problem = "a point holds safe stones of both colours";
    if (problem) {
        g_set_error(error, BOARD_ERROR, BOARD_ERROR_REGION, "region %dx%d is not valid: %s", width,
                    height, problem);
        return NULL;
    }
    board_geom_t *g = g_new0(board_geom_t, 1);
    g->width = (uint8_t)width;
    g->height = (uint8_t)height;
    g->size = (uint8_t)size;
    g->all = on_board;
    if (safe) {
        g->safe[0] = safe[0];
        g->safe[1] = safe[1];
    }
    for (int p = 0; p < g->size; p++) {
        int x = p % width;
        if (x > 0)
            g->not_first_col |= board_bit((board_point_t)p);
        if (x < width - 1)
            g->not_last_col |= board_bit((board_point_t)p);
    }
    /* board_adjacent masks with `all`, so a hole has no neighbours and is nobody's neighbour. */
    for (int p = 0; p < g->size; p++)
        g->neighbours[p] = (on_board & board_bit((board_point_t)p))
                               ? board_adjacent(g, board_bit((board_point_t)p))
                               : 0;

    /* The rectangle's symmetries as maps of (x, y).  The transposing ones exist only on square
     * boards; on a one-line board the mirror across the line is the identity, so only reversal
     * remains. */
    int count;
    if (g->size == 1)
        count = 1;
    else if (width == 1 || height == 1)
        count = 2;
    else if (width == height)
        count = 8;
    else
        count = 4;
    int kept = 0;
    for (int s = 0; s < count; s++) {
        uint8_t *map = g->sym[kept];
        for (int p = 0; p < g->size; p++) {
            int x = p % width, y = p / width, nx, ny;
            if (count == 2) {
                /* reversal of the line */
                nx = s ? width - 1 - x : x;
                ny = s ? height - 1 - y : y;
            } else {
                bool flip_x = s & 1, flip_y = s & 2, transpose = s & 4;
                nx = flip_x ? width - 1 - x : x;
                ny = flip_y ? height - 1 - y : y;
                if (transpose) {
                    int t = nx;
                    nx = ny;
                    ny = t;
                }
            }
            map[p] = (uint8_t)(ny * width + nx);
        }
        /* A region keeps the symmetries that preserve its shape and each colour's safe stones:
         * they form a subgroup (the stabiliser of three sets), so inverses stay in it.  The
         * identity (s = 0) always stays, first. */
        if (maps_onto_itself(map, size, g->all) && maps_onto_itself(map, size, g->safe[0]) &&
            maps_onto_itself(map, size, g->safe[1]))
            kept++;
    }
    memset(g->sym[kept], 0, sizeof g->sym[0] * (size_t)(BOARD_MAX_SYMMETRIES - kept));
    g->symmetry_count = (uint8_t)kept;
    for (int s = 0; s < kept; s++)
        for (int k = 0; k * 8 < g->size; k++)
            for (int v = 1; v < 256; v++) {
                uint64_t image = 0;
                for (int i = 0; i < 8 && k * 8 + i < g->size; i++)
                    if (v & (1 << i))
                        image |= board_bit(g->sym[s][k * 8 + i]);
                g->sym_byte[s][k][v] = image;
            }

    uint64_t seed = 0x6D617468676F2121ULL; /* "mathgo!!" */
    for (int c = 0; c < 2; c++)
        for (int p = 0; p < BOARD_MAX_POINTS; p++)
            g->zobrist[c][p] = splitmix64(&seed);
    return g;
}

board_geom_t *board_geom_create(int width, int height, GError **error)
{
    if (width < 1 || height < 1 || width * height > BOARD_MAX_POINTS)
        return board_geom_create_region(width, height, 0, NULL, error);
    int size = width * height;
    uint64_t rect = size == 64 ? ~(uint64_t)0 : (board_bit((board_point_t)size) - 1);
    return board_geom_create_region(width, height, rect, NULL, error);
}

void board_geom_destroy(board_geom_t *geom)
{
    g_free(geom);
}

bool board_parse_size(int *width, int *height, const char *text, GError **error)
{
    const char *s = text;
    char *end;
    if (!s || !isdigit((unsigned char)*s))
        goto malformed;
    long w = strtol(s, &end, 10), h;
    if (*end == '\0') {
        h = w;
    } else if (*end == 'x' || *end == 'X') {
        s = end + 1;
        if (!isdigit((unsigned char)*s))
            goto malformed;
        h = strtol(s, &end, 10);
        if (*end != '\0')
            goto malformed;
    } else {
        goto malformed;
    }
    if (w < 1 || h < 1 || w > BOARD_MAX_POINTS || h > BOARD_MAX_POINTS ||
        w * h > BOARD_MAX_POINTS) {
        g_set_error(error, BOARD_ERROR, BOARD_ERROR_SIZE,
                    "board size '%s' is not supported: width and height must be at least 1 and "
                    "the board at most %d points",
                    text, BOARD_MAX_POINTS);
        return false;
    }
    *width = (int)w;
    *height = (int)h;
    return true;
malformed:
    g_set_error(error, BOARD_ERROR, BOARD_ERROR_SIZE,
                "board size '%s' is malformed: write WxH, e.g. 3x3 or 1x7", text ? text : "");
    return false;
}

static void column_name(char *out, int x)
{
    if (x < COLUMN_LETTER_COUNT) {
        out[0] = column_letters[x];
        out[1] = '\0';
    } else {
        out[0] = column_letters[x / COLUMN_LETTER_COUNT - 1];
        out[1] = column_letters[x % COLUMN_LETTER_COUNT];
        out[2] = '\0';
    }
}

char *board_move_name(char buf[8], const board_geom_t *g, board_move_t move)
{
    if (move == BOARD_MOVE_PASS) {
        strcpy(buf, "pass");
        return buf;
    }
    if (move == BOARD_MOVE_NONE || move >= g->size) {
        strcpy(buf, "none");
        return buf;
    }
    column_name(buf, board_x(g, move));
    size_t n = strlen(buf);
    snprintf(buf + n, 8 - n, "%d", g->height - board_y(g, move));
    return buf;
}

static int letter_index(char c)
{
    c = (char)toupper((unsigned char)c);
    const char *hit = strchr(column_letters, c);
    return hit && c ? (int)(hit - column_letters) : -1;
}

bool board_parse_move(board_move_t *move, const board_geom_t *g, const char *text, GError **error)
{
    if (!g_ascii_strcasecmp(text, "pass")) {
        *move = BOARD_MOVE_PASS;
        return true;
    }
    const char *s = text;
    int x = -1;
    int first = letter_index(s[0]);
    if (first < 0)
        goto malformed;
    s++;
    if (isalpha((unsigned char)*s)) {
        int second = letter_index(*s);
        if (second < 0)
            goto malformed;
        x = (first + 1) * COLUMN_LETTER_COUNT + second;
        s++;
    } else {
        x = first;
    }
    if (!isdigit((unsigned char)*s))
        goto malformed;
    char *end;
    long row = strtol(s, &end, 10);
    if (*end != '\0')
        goto malformed;
    if (x >= g->width || row < 1 || row > g->height) {
        g_set_error(error, BOARD_ERROR, BOARD_ERROR_COORDINATE, "point '%s' is off the %dx%d board",
                    text, g->width, g->height);
        return false;
    }
    board_point_t p = board_point(g, x, g->height - (int)row);
    if (!(g->all & board_bit(p))) {
        g_set_error(error, BOARD_ERROR, BOARD_ERROR_COORDINATE,
                    "point '%s' is not on the board (a hole of the region)", text);
        return false;
    }
    *move = p;
    return true;
malformed:
    g_set_error(error, BOARD_ERROR, BOARD_ERROR_COORDINATE,
                "point '%s' is malformed: write a column letter (no I) and a row number, e.g. "
                "C3, or pass",
                text);
    return false;
}

bool board_is_legal_position(const board_t *b, const board_geom_t *g)
{
    uint64_t empty = board_empty(b, g);
    return !board_dead_chains(g, b->stones[0], empty) && !board_dead_chains(g, b->stones[1], empty);
}

void board_print(FILE *out, const board_t *b, const board_geom_t *g)
{
    for (int y = 0; y < g->height; y++) {
        for (int x = 0; x < g->width; x++) {
            board_point_t p = board_point(g, x, y);
            board_color_t c = board_at(b, p);
            fputc(c == BOARD_BLACK          ? 'X'
                  : c == BOARD_WHITE        ? 'O'
                  : (g->all & board_bit(p)) ? '.'
                                            : '#',
                  out);
        }
        fputc('\n', out);
    }
}

void board_check(const board_t *b, const board_geom_t *g, const char *where)
{
    const char *problem = NULL;
    if (b->stones[0] & b->stones[1])
        problem = "a point holds stones of both colours";
    else if (board_occupied(b) & ~g->all)
        problem = "a stone lies off the board";
    else if ((g->safe[0] & ~b->stones[0]) || (g->safe[1] & ~b->stones[1]))
        problem = "a safe stone is missing";
    if (!problem)
        return;
    fprintf(stderr, "board_check failed at %s: %s\nblack %016llx white %016llx\n", where, problem,
            (unsigned long long)b->stones[0], (unsigned long long)b->stones[1]);
    board_print(stderr, b, g);
    abort();
}
