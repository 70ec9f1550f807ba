/* core/perft.c: leaf counting over the game tree, the rules' signature. */
#include "core/perft.h"

#include <stdio.h>
#include <string.h>

static void perft_recurse(perft_counts_t *out, game_t *game, int depth)
{
    board_move_t moves[BOARD_MAX_POINTS + 1];
    out->nodes++;
    int n = game_legal_moves(moves, game);
    if (n == 0) {
        /* The game has ended here (a no-pass player without moves, two passes, a cycle). */
        out->leaves++;
        out->ended++;
        return;
    }
    if (depth == 0) {
        out->leaves++;
        return;
    }
    for (int i = 0; i < n; i++) {
        game_legality_t legality = game_play(game, moves[i]);
        g_assert(legality == GAME_LEGAL);
        perft_recurse(out, game, depth - 1);
        game_undo(game);
    }
}

perft_counts_t perft_run(game_t *game, int depth)
{
    perft_counts_t counts = {0, 0, 0};
    perft_recurse(&counts, game, depth);
    return counts;
}

/* Copies the field at *s (quoted or not) into out and moves *s past its comma. */
static bool csv_field(char *out, size_t size, const char **s)
{
    const char *p = *s, *end;
    if (*p == '"') {
        end = strchr(p + 1, '"');
        if (!end || (end[1] != ',' && end[1] != '\0'))
            return false;
        p++;
    } else {
        end = strchr(p, ',');
        if (!end)
            return false;
    }
    if ((size_t)(end - p) >= size)
        return false;
    memcpy(out, p, (size_t)(end - p));
    out[end - p] = '\0';
    *s = end + (*end == '"' ? 2 : 1);
    return true;
}

bool perft_parse_row(perft_row_t *row, const char *line)
{
    const char *s = line;
    unsigned long long leaves, ended, nodes;
    if (!csv_field(row->board, sizeof row->board, &s) ||
        !csv_field(row->rules, sizeof row->rules, &s) ||
        sscanf(s, "%d,%llu,%llu,%llu", &row->depth, &leaves, &ended, &nodes) != 4)
        return false;
    row->counts.leaves = leaves;
    row->counts.ended = ended;
    row->counts.nodes = nodes;
    return true;
}
