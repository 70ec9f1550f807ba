/* core/game.c: legality under every rule set, the exact history, results. */
#include "core/game.h"

#include "core/hash.h"
#include "core/japanese.h"
#include "core/score.h"

#include <stdlib.h>
#include <string.h>

/*
 * A counting filter of the keys in the history: keys[k & (GAME_KEY_SLOTS - 1)] counts the
 * states whose key has those low bits.  find_repeat looks at the states only when its key's
 * slot is not empty: most moves make a position the game has not had, and proof-number
 * search, which replays long lines through game_t, asked the whole history at every try
 * (game_try was 62 % of 1x9 japanese's time, 2026-12-03).
 */
#define GAME_KEY_SLOTS 4096

struct game {
    const board_geom_t *geom;
    rules_t rules;
    game_state_t *states; /* states[0] is the start, states[count - 1] the current state */
    size_t count, capacity;
    uint64_t analysis_nodes;  /* game_result's Analysis: imagined positions a string, at most */
    uint32_t analysis_states; /* and the states of its attractor bounds (0: the default) */
    uint16_t keys[GAME_KEY_SLOTS];
};

static inline void key_count(game_t *game, uint64_t key, int delta)
{
    uint16_t *slot = &game->keys[key & (GAME_KEY_SLOTS - 1)];
    g_assert(delta > 0 ? *slot < UINT16_MAX : *slot > 0);
    *slot = (uint16_t)(*slot + delta);
}

static void reserve(game_t *game, size_t n)
{
    if (n <= game->capacity)
        return;
    size_t cap = game->capacity ? game->capacity : 64;
    while (cap < n)
        cap *= 2;
    game->states = g_renew(game_state_t, game->states, cap);
    game->capacity = cap;
}

game_t *game_create_from(const board_geom_t *geom, const rules_t *rules, const board_t *start,
                         board_color_t to_move, GError **error)
{
    if ((geom->safe[0] & ~start->stones[0]) || (geom->safe[1] & ~start->stones[1])) {
        g_set_error(error, BOARD_ERROR, BOARD_ERROR_REGION,
                    "the start position is not legal: a safe stone of the region is missing");
        return NULL;
    }
    board_check(start, geom, "game_create_from");
    if (!board_is_legal_position(start, geom)) {
        g_set_error(error, BOARD_ERROR, BOARD_ERROR_SIZE,
                    "the start position is not legal: a chain has no liberty");
        return NULL;
    }
    game_t *game = g_new0(game_t, 1);
    game->geom = geom;
    game->rules = *rules;
    game->analysis_nodes = GAME_ANALYSIS_NODES;
    reserve(game, 64);
    game_state_t *s = &game->states[0];
    memset(s, 0, sizeof *s);
    s->board = *start;
    s->key = hash_key(start, geom);
    s->move = BOARD_MOVE_NONE;
    s->to_move = (uint8_t)to_move;
    game->count = 1;
    key_count(game, s->key, 1);
    return game;
}

game_t *game_create(const board_geom_t *geom, const rules_t *rules)
{
    board_t start = board_initial(geom);
    return game_create_from(geom, rules, &start, BOARD_BLACK, NULL);
}

game_t *game_copy(const game_t *game)
{
    game_t *copy = g_new0(game_t, 1);
    *copy = *game;
    copy->states = g_memdup2(game->states, game->capacity * sizeof *game->states);
    return copy;
}

void game_destroy(game_t *game)
{
    if (!game)
        return;
    g_free(game->states);
    g_free(game);
}

void game_set_analysis_nodes(game_t *game, uint64_t nodes)
{
    game->analysis_nodes = nodes;
}

void game_set_analysis_states(game_t *game, uint32_t states)
{
    game->analysis_states = states;
}

uint64_t game_analysis_nodes(const game_t *game)
{
    return game->analysis_nodes;
}

const board_geom_t *game_geom(const game_t *game)
{
    return game->geom;
}

const rules_t *game_rules(const game_t *game)
{
    return &game->rules;
}

const game_state_t *game_current(const game_t *game)
{
    return &game->states[game->count - 1];
}

const game_state_t *game_state_at(const game_t *game, size_t i)
{
    g_assert(i < game->count);
    return &game->states[i];
}

size_t game_length(const game_t *game)
{
    return game->count - 1;
}

/* The index of the latest state before `before` with this board (and, if situational, this
 * player to move), or -1.  Keys filter; boards decide. */
static long find_repeat(const game_t *game, size_t before, const board_t *board, uint64_t key,
                        int to_move_or_any)
{
    if (!game->keys[key & (GAME_KEY_SLOTS - 1)])
        return -1;
    for (long i = (long)before - 1; i >= 0; i--) {
        const game_state_t *s = &game->states[i];
        if (s->key == key && board_equal(&s->board, board) &&
            (to_move_or_any < 0 || s->to_move == to_move_or_any))
            return i;
    }
    return -1;
}

game_legality_t game_try(game_state_t *next, const game_t *game, board_move_t move)
{
    const game_state_t *cur = game_current(game);
    const board_geom_t *g = game->geom;
    const rules_t *r = &game->rules;
    board_color_t me = (board_color_t)cur->to_move;
    game_state_t n;

    if (cur->passes >= 2 || cur->cycle_end)
        return GAME_ILLEGAL_GAME_OVER;
    n = *cur;
    n.move = move;
    n.to_move = (uint8_t)board_color_other(me);
    n.cycle_end = 0;
    if (move == BOARD_MOVE_PASS) {
        if (!r->pass)
            return GAME_ILLEGAL_PASS;
        n.passes = (uint8_t)(cur->passes + 1);
        n.pass_count[me]++;
    } else {
        if (move >= g->size || !(g->all & board_bit(move)))
            return GAME_ILLEGAL_OFF_BOARD;
        if (board_occupied(&cur->board) & board_bit(move))
            return GAME_ILLEGAL_OCCUPIED;
        board_placement_t pl = board_place(&cur->board, g, me, move);
        if (pl.suicided && !r->suicide)
            return GAME_ILLEGAL_SUICIDE;
        n.board = pl.after;
        n.key = cur->key ^ g->zobrist[me][move] ^
                hash_delta(g, board_color_other(me), pl.captured) ^ hash_delta(g, me, pl.suicided);
        n.passes = 0;
        n.captures[me] = (uint16_t)(n.captures[me] + board_popcount(pl.captured));
        n.captures[board_color_other(me)] =
            (uint16_t)(n.captures[board_color_other(me)] + board_popcount(pl.suicided));
        switch (r->ko) {
        case RULES_KO_SIMPLE:
            /* The position before the opponent's last play, if that was a play. */
            if (game->count >= 2 && cur->move != BOARD_MOVE_PASS &&
                board_equal(&game->states[game->count - 2].board, &n.board))
                return GAME_ILLEGAL_KO;
            break;
        case RULES_KO_POSITIONAL:
            if (find_repeat(game, game->count, &n.board, n.key, -1) >= 0)
                return GAME_ILLEGAL_SUPERKO;
            break;
        case RULES_KO_SITUATIONAL:
            if (find_repeat(game, game->count, &n.board, n.key, n.to_move) >= 0)
                return GAME_ILLEGAL_SUPERKO;
            break;
        }
#ifdef MATHGO_DEBUG
        board_check(&n.board, g, "game_try");
        if (n.key != hash_key(&n.board, g)) {
            fprintf(stderr, "game_try: incremental key %016llx differs from recomputed %016llx\n",
                    (unsigned long long)n.key, (unsigned long long)hash_key(&n.board, g));
            board_print(stderr, &n.board, g);
            abort();
        }
#endif
    }
    if (r->cycle != RULES_CYCLE_NONE && n.passes < 2 &&
        find_repeat(game, game->count, &n.board, n.key, n.to_move) >= 0)
        n.cycle_end = 1;
    if (next)
        *next = n;
    return GAME_LEGAL;
}

game_legality_t game_play(game_t *game, board_move_t move)
{
    game_state_t n;
    game_legality_t legality = game_try(&n, game, move);
    if (legality != GAME_LEGAL)
        return legality;
    reserve(game, game->count + 1);
    game->states[game->count++] = n;
    key_count(game, n.key, 1);
    return GAME_LEGAL;
}

bool game_undo(game_t *game)
{
    if (game->count <= 1)
        return false;
    key_count(game, game->states[game->count - 1].key, -1);
    game->count--;
    return true;
}

int game_legal_moves(board_move_t *moves, const game_t *game)
{
    const game_state_t *cur = game_current(game);
    int n = 0;
    if (cur->passes >= 2 || cur->cycle_end)
        return 0;
    for (uint64_t m = board_empty(&cur->board, game->geom); m; m &= m - 1) {
        board_move_t p = board_lowest(m);
        if (game_try(NULL, game, p) == GAME_LEGAL)
            moves[n++] = p;
    }
    if (game->rules.pass)
        moves[n++] = BOARD_MOVE_PASS;
    return n;
}

game_status_t game_status(const game_t *game)
{
    const game_state_t *cur = game_current(game);
    if (cur->passes >= 2)
        return GAME_OVER_PASSES;
    if (cur->cycle_end)
        return GAME_OVER_CYCLE;
    if (!game->rules.pass) {
        board_move_t moves[BOARD_MAX_POINTS + 1];
        if (game_legal_moves(moves, game) == 0)
            return GAME_OVER_NO_MOVE;
    }
    return GAME_ONGOING;
}

game_result_t game_result(const game_t *game)
{
    const game_state_t *cur = game_current(game);
    game_result_t res = {game_status(game), BOARD_EMPTY, false, 0, false};
    if (res.status == GAME_ONGOING)
        return res;
    if (res.status == GAME_OVER_CYCLE) {
        long first = find_repeat(game, game->count - 1, &cur->board, cur->key, cur->to_move);
        g_assert(first >= 0 && (size_t)first < game->count - 1);
        const game_state_t *start = &game->states[first];
        res.winner = game_cycle_winner(&game->rules, start, cur);
        return res;
    }
    if (res.status == GAME_OVER_NO_MOVE && game->rules.scoring == RULES_SCORING_LAST_MOVE) {
        res.winner = board_color_other((board_color_t)cur->to_move);
        return res;
    }
    res.scored = true;
    if (game->rules.scoring == RULES_SCORING_TERRITORY &&
        game->rules.analysis == RULES_ANALYSIS_JAPANESE) {
        japanese_analysis_t a;
        japanese_t *j = japanese_create(game->geom, 12, game->analysis_nodes);
        japanese_set_space(j, JAPANESE_SPACE_AFTER_NODES_ALONE);
        japanese_set_attractor_states(j, game->analysis_states);
        bool ok = japanese_analyse(&a, j, &cur->board, NULL);
        japanese_destroy(j);
        if (!ok) {
            res.scored = false;
            res.unknown = true;
            return res;
        }
        res.margin2 = japanese_margin2(&a, cur->captures, game->rules.komi2);
    } else {
        res.margin2 = score_margin2(&cur->board, game->geom, &game->rules, cur->captures);
    }
    res.winner = res.margin2 > 0 ? BOARD_BLACK : res.margin2 < 0 ? BOARD_WHITE : BOARD_EMPTY;
    return res;
}

board_color_t game_cycle_winner(const rules_t *rules, const game_state_t *first,
                                const game_state_t *repeat)
{
    if (rules->cycle == RULES_CYCLE_JAPANESE) {
        /* J1989 as Jasiek reads it: a tie on equal new prisoners, else the player with fewer
         * wins. */
        int b = repeat->captures[BOARD_BLACK] - first->captures[BOARD_BLACK];
        int w = repeat->captures[BOARD_WHITE] - first->captures[BOARD_WHITE];
        return b < w ? BOARD_BLACK : w < b ? BOARD_WHITE : BOARD_EMPTY;
    }
    /* Van der Werf and Winands: a draw when both passed equally often in the cycle,
     * otherwise the player who passed more wins. */
    int b = repeat->pass_count[BOARD_BLACK] - first->pass_count[BOARD_BLACK];
    int w = repeat->pass_count[BOARD_WHITE] - first->pass_count[BOARD_WHITE];
    return b > w ? BOARD_BLACK : w > b ? BOARD_WHITE : BOARD_EMPTY;
}

const char *game_legality_string(game_legality_t legality)
{
    switch (legality) {
    case GAME_LEGAL:
        return "legal";
    case GAME_ILLEGAL_GAME_OVER:
        return "the game is over";
    case GAME_ILLEGAL_PASS:
        return "passing is not allowed under these rules";
    case GAME_ILLEGAL_OFF_BOARD:
        return "the point is off the board";
    case GAME_ILLEGAL_OCCUPIED:
        return "the point is occupied";
    case GAME_ILLEGAL_SUICIDE:
        return "suicide is not allowed under these rules";
    case GAME_ILLEGAL_KO:
        return "ko: it would recreate the position before the opponent's last move";
    case GAME_ILLEGAL_SUPERKO:
        return "superko: it would repeat an earlier position";
    }
    return "unknown";
}
