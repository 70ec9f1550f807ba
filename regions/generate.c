/*
 * regions/generate.c: seeded random boards of walled-off regions (regions/generate.h).
 */
#include "regions/generate.h"

#include "regions/sum.h"

#include <string.h>

static uint64_t next_random(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1DULL;
}

static int below(uint64_t *state, int n)
{
    return (int)(next_random(state) % (uint64_t)n);
}

/* Draws one diagram into out (room bytes). */
static void draw(char *out, size_t room, uint64_t *rng, const region_generate_options_t *o)
{
    int bands = 1 + below(rng, o->max_bands);
    int rows[8], height = bands - 1;
    for (int b = 0; b < bands; b++)
        height += rows[b] = 1 + below(rng, o->max_band_rows);
    int max_width = BOARD_MAX_POINTS / height < 8 ? BOARD_MAX_POINTS / height : 8;
    int width = max_width <= 4 ? max_width : 4 + below(rng, max_width - 3);
    size_t used = 0;
    for (int b = 0; b < bands; b++) {
        if (b > 0) {
            char wall = below(rng, 2) ? 'X' : 'O';
            for (int x = 0; x < width; x++)
                out[used++] = below(rng, 6) ? wall : (wall == 'X' ? 'O' : 'X');
            out[used++] = '\n';
        }
        int points = 0;
        for (int y = 0; y < rows[b]; y++) {
            for (int x = 0; x < width; x++) {
                /* empty with the given chance; the rest: ordinary stones 2/11 of it, safe
                 * stones 8/11, holes 1/11 (with 56% empty: x 4, o 4, X 12, O 12, either 8
                 * and # 4 out of 100) */
                int e = o->empty_percent, r = below(rng, 100), rest = (r - e) * 11;
                char c = r < e                   ? '.'
                         : rest < 1 * (100 - e)  ? 'x'
                         : rest < 2 * (100 - e)  ? 'o'
                         : rest < 5 * (100 - e)  ? 'X'
                         : rest < 8 * (100 - e)  ? 'O'
                         : rest < 10 * (100 - e) ? (below(rng, 2) ? 'X' : 'O')
                                                 : '#';
                if (c == '.' && ++points > o->max_band_points)
                    c = below(rng, 2) ? 'X' : 'O';
                out[used++] = c;
            }
            out[used++] = '\n';
        }
    }
    g_assert(used < room);
    out[used] = '\0';
}

/* Reads the drawn diagram's points into masks (the characters of diagram_parse_region). */
static void read_drawn(int *width, int *height, uint64_t *on_board, uint64_t safe[2],
                       board_t *position, const char *text)
{
    *width = (int)strcspn(text, "\n");
    *height = 0;
    *on_board = safe[0] = safe[1] = 0;
    position->stones[0] = position->stones[1] = 0;
    int p = 0;
    for (const char *c = text; *c; c++) {
        if (*c == '\n') {
            ++*height;
            continue;
        }
        uint64_t bit = (uint64_t)1 << p++;
        if (*c != '#')
            *on_board |= bit;
        if (*c == 'X' || *c == 'x')
            position->stones[BOARD_BLACK] |= bit;
        if (*c == 'O' || *c == 'o')
            position->stones[BOARD_WHITE] |= bit;
        if (*c == 'X')
            safe[BOARD_BLACK] |= bit;
        if (*c == 'O')
            safe[BOARD_WHITE] |= bit;
    }
}

bool region_generate(region_generated_t *board, uint64_t *rng, region_ctx_t *ctx,
                     const region_generate_options_t *options, int *rejected)
{
    g_assert(options->max_bands >= 1 && options->max_bands <= 8);
    g_assert(options->max_band_rows >= 1 && options->max_band_rows <= 2);
    for (int attempt = 0; attempt < 100000; attempt++) {
        draw(board->diagram, sizeof board->diagram, rng, options);
        int width, height;
        uint64_t on_board, safe[2];
        read_drawn(&width, &height, &on_board, safe, &board->position, board->diagram);
        board->geom = board_geom_create_region(width, height, on_board, safe, NULL);
        bool keep = board->geom && board_is_legal_position(&board->position, board->geom);
        if (keep) {
            board->empty = board_popcount(board_empty(&board->position, board->geom));
            keep = board->empty >= options->min_empty && board->empty <= options->max_empty;
        }
        for (int m = 0; keep && m < REGION_MODEL_COUNT; m++) {
            region_sum_t *sum =
                region_sum_create(ctx, board->geom, &board->position, (region_model_t)m, NULL);
            board->regions = sum ? (int)region_sum_count(sum) : 0;
            keep = sum && board->regions >= options->min_regions &&
                   board->regions <= options->max_regions;
            region_sum_destroy(sum);
        }
        if (keep)
            return true;
        board_geom_destroy(board->geom);
        ++*rejected;
    }
    return false;
}
