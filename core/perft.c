/* core/perft.c: leaf counting over the game tree, the rules' signature. */
#include "core/perft.h"

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
