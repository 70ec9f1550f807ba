/*
 * tests/test_referee.c: mathgo's rules against two referees over random games.
 *
 * 1. GNU Go 3.8 (/usr/games/gnugo --mode gtp, driven over pipes) and mathgo's GTP engine
 *    (in-process, front/gtp.h) play the same random games on 2x2, 3x3, 4x4, 5x5 and 7x7 under
 *    three GNU Go flag sets, each matched by a mathgo rule set.  After every move both are asked
 *    for the stones, the prisoners and the legal moves of both colours, and must agree; moves
 *    one finds illegal must be refused by the other; undo must agree too.  The test fails when
 *    GNU Go is missing.
 * 2. GNU Go plays square boards only, so 1xN and rectangles are checked against a deliberately
 *    naive implementation of the rules written here (a char array board, recursive flood fill,
 *    the ko rules as lists of earlier positions) under every preset and ko variant.
 *
 * Games are seeded: MATHGO_REFEREE_SEED=N reruns with another base seed; every failure prints
 * the seed of its game, the rules, the size and the moves.  docs/gtp.md describes the referee.
 */
#define _POSIX_C_SOURCE 200809L /* fdopen */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "front/gtp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GNUGO_PATH "/usr/games/gnugo"

/* ---- Shared helpers ------------------------------------------------------------------------- */

static guint32 base_seed(void)
{
    const char *text = g_getenv("MATHGO_REFEREE_SEED");
    return text ? (guint32)strtoul(text, NULL, 10) : 20240601u;
}

/* Sends one command to mathgo's engine; returns the response body (after "= ") or NULL for a
 * "?" response.  Free with g_free. */
static char *mathgo_ask(gtp_engine_t *engine, const char *command)
{
    GString *response = g_string_new(NULL);
    gtp_status_t status = gtp_engine_execute(response, engine, command);
    assert_true(response->len >= 3 && !strcmp(response->str + response->len - 2, "\n\n"));
    char *body = NULL;
    if (status == GTP_STATUS_SUCCESS || status == GTP_STATUS_QUIT) {
        g_string_truncate(response, response->len - 2);
        body = g_strdup(response->str + 2);
    }
    g_string_free(response, TRUE);
    return body;
}

/* A GTP engine on 1x1 under the rules named by `rules_text`. */
static gtp_engine_t *engine_new(const char *rules_text)
{
    rules_t rules;
    GError *error = NULL;
    if (!rules_parse(&rules, rules_text, &error))
        fail_msg("%s", error->message);
    gtp_engine_t *engine = gtp_engine_create(1, 1, &rules, &error);
    assert_non_null(engine);
    return engine;
}

/* The points named in a space-separated vertex list ("A3 B1"), as a mask. */
static uint64_t vertex_mask(const board_geom_t *g, const char *list)
{
    uint64_t mask = 0;
    char **words = g_strsplit(list, " ", -1);
    for (int i = 0; words[i]; i++) {
        board_move_t m;
        if (!*words[i])
            continue;
        GError *error = NULL;
        if (!board_parse_move(&m, g, words[i], &error))
            fail_msg("bad vertex '%s' in '%s': %s", words[i], list, error->message);
        mask |= board_bit(m);
    }
    g_strfreev(words);
    return mask;
}

/* ---- GNU Go over pipes ---------------------------------------------------------------------- */

typedef struct gnugo {
    GPid pid;
    FILE *to, *from;
} gnugo_t;

/* Starts a GTP engine process `path` with `args` (NULL-terminated) over two pipes; its stderr
 * goes to /dev/null when `quiet`. */
static void process_start(gnugo_t *gg, const char *path, const char *const *args, bool quiet)
{
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, (gpointer)path);
    for (int i = 0; args[i]; i++)
        g_ptr_array_add(argv, (gpointer)args[i]);
    g_ptr_array_add(argv, NULL);
    int in_fd, out_fd;
    GError *error = NULL;
    GSpawnFlags flags = G_SPAWN_DO_NOT_REAP_CHILD | (quiet ? G_SPAWN_STDERR_TO_DEV_NULL : 0);
    if (!g_spawn_async_with_pipes(NULL, (char **)argv->pdata, NULL, flags, NULL, NULL, &gg->pid,
                                  &in_fd, &out_fd, NULL, &error))
        fail_msg("cannot start %s: %s", path, error->message);
    g_ptr_array_free(argv, TRUE);
    gg->to = fdopen(in_fd, "w");
    gg->from = fdopen(out_fd, "r");
    assert_non_null(gg->to);
    assert_non_null(gg->from);
}

static void gnugo_start(gnugo_t *gg, const char *const *flags)
{
    if (!g_file_test(GNUGO_PATH, G_FILE_TEST_IS_EXECUTABLE))
        fail_msg("%s is missing: install GNU Go 3.8 (Debian package gnugo) to run the referee",
                 GNUGO_PATH);
    const char *args[16] = {"--mode", "gtp"};
    for (int i = 0; flags[i]; i++) {
        assert_true(i + 3 < (int)G_N_ELEMENTS(args));
        args[2 + i] = flags[i];
    }
    process_start(gg, GNUGO_PATH, args, false);
}

/* Sends a command and reads its response; returns the body or NULL for "?". */
static char *gnugo_ask(gnugo_t *gg, const char *command)
{
    fprintf(gg->to, "%s\n", command);
    fflush(gg->to);
    GString *response = g_string_new(NULL);
    char line[4096];
    while (fgets(line, sizeof line, gg->from)) {
        if (!strcmp(line, "\n"))
            break;
        g_string_append(response, line);
    }
    if (response->len < 1)
        fail_msg("GNU Go gave no response to '%s'", command);
    if (response->str[response->len - 1] == '\n')
        g_string_truncate(response, response->len - 1);
    char *body = response->str[0] == '=' ? g_strdup(g_strchug(response->str + 1)) : NULL;
    g_string_free(response, TRUE);
    return body;
}

static void gnugo_stop(gnugo_t *gg)
{
    g_free(gnugo_ask(gg, "quit"));
    fclose(gg->to);
    fclose(gg->from);
    g_spawn_close_pid(gg->pid);
}

/* ---- Referee 1: GNU Go ---------------------------------------------------------------------- */

typedef struct flag_set {
    const char *name;
    const char *flags[4];
    const char *rules; /* the mathgo rule set that states the same rules */
} flag_set_t;

static const flag_set_t flag_sets[] = {
    {"default (simple ko, no suicide)", {NULL}, "chinese,ko=simple"},
    {"--chinese-rules --allow-all-suicide --positional-superko",
     {"--chinese-rules", "--allow-all-suicide", "--positional-superko", NULL},
     "tromp-taylor"},
    {"--chinese-rules --positional-superko",
     {"--chinese-rules", "--positional-superko", NULL},
     "chinese"},
};

static const int referee_sizes[] = {2, 3, 4, 5, 7};
enum { GAMES_PER_FLAG_SET = 300 };

/* One game's context, for the failure message. */
typedef struct referee_game {
    const flag_set_t *set;
    guint32 seed;
    int size;
    GString *moves;
    gtp_engine_t *engine;
    gnugo_t *gnugo;
    long compared;   /* answers compared */
    long deviations; /* points where GNU Go's documented suicide quirk made it differ */
} referee_game_t;

static void referee_fail(referee_game_t *game, const char *what, const char *command,
                         const char *mathgo, const char *gnugo)
{
    char *board = mathgo_ask(game->engine, "showboard");
    char *gnugo_board = gnugo_ask(game->gnugo, "showboard");
    fail_msg("GNU Go %s and mathgo %s disagree on '%s' (%s)\n  seed %u, %dx%d, moves: %s\n"
             "  mathgo: %s\n  GNU Go: %s\nmathgo's board:%s\nGNU Go's board:%s",
             game->set->name, game->set->rules, command, what, game->seed, game->size, game->size,
             game->moves->str, mathgo ? mathgo : "(failure)", gnugo ? gnugo : "(failure)", board,
             gnugo_board);
}

/*
 * GNU Go's documented deviation (docs/gtp.md): its superko test (is_superko_violation) plays
 * the move with do_play_move, which leaves a suicided chain on the board, so under
 * --allow-all-suicide with a superko rule it judges a suicide by the "phantom" position with
 * the suicided stones still there.  For colour c, *suicides receives the empty points where c's
 * move is a suicide and the result is the subset GNU Go calls legal: those whose phantom
 * position is not an earlier position of the game.  Without suicide both are empty.
 */
static uint64_t gnugo_suicide_quirk(uint64_t *suicides, const game_t *mg, board_color_t c)
{
    const board_geom_t *g = game_geom(mg);
    const game_state_t *cur = game_current(mg);
    uint64_t legal = 0;
    *suicides = 0;
    if (!game_rules(mg)->suicide || game_rules(mg)->ko == RULES_KO_SIMPLE)
        return 0;
    for (uint64_t m = board_empty(&cur->board, g); m; m &= m - 1) {
        board_point_t p = board_lowest(m);
        board_placement_t pl = board_place(&cur->board, g, c, p);
        if (!pl.suicided)
            continue;
        *suicides |= board_bit(p);
        board_t phantom = pl.after;
        phantom.stones[c] |= pl.suicided;
        bool repeat = false;
        for (size_t i = 0; i <= game_length(mg) && !repeat; i++)
            repeat = board_equal(&game_state_at(mg, i)->board, &phantom);
        if (!repeat)
            legal |= board_bit(p);
    }
    return legal;
}

/* Sends one command to both engines; each answer is its body or NULL for a failure. */
static void ask_both(char **m, char **gg, referee_game_t *game, const char *command)
{
    *m = mathgo_ask(game->engine, command);
    *gg = gnugo_ask(game->gnugo, command);
    game->compared++;
}

/* Asks both; they must both succeed and name the same set of points, except on the points of
 * `skip`, where GNU Go must answer `gnugo_on_skip` (its documented deviation). */
static void compare_vertex_sets(referee_game_t *game, const char *command, uint64_t skip,
                                uint64_t gnugo_on_skip)
{
    const board_geom_t *g = game_geom(gtp_engine_game(game->engine));
    char *m, *gg;
    ask_both(&m, &gg, game, command);
    if (!m || !gg)
        referee_fail(game, "a command failed", command, m, gg);
    uint64_t mm = vertex_mask(g, m), gm = vertex_mask(g, gg);
    if ((mm & ~skip) != (gm & ~skip))
        referee_fail(game, "point sets differ", command, m, gg);
    if ((gm & skip) != gnugo_on_skip)
        referee_fail(game, "GNU Go's suicide quirk is not as documented", command, m, gg);
    game->deviations += board_popcount((mm ^ gm) & skip);
    g_free(m);
    g_free(gg);
}

static void compare_text(referee_game_t *game, const char *command)
{
    char *m, *gg;
    ask_both(&m, &gg, game, command);
    if (!m || !gg || strcmp(m, gg))
        referee_fail(game, "answers differ", command, m, gg);
    g_free(m);
    g_free(gg);
}

/* Both play (or refuse) the same command; returns whether it was played. */
static bool play_both(referee_game_t *game, const char *command)
{
    char *m, *gg;
    ask_both(&m, &gg, game, command);
    bool played = m != NULL;
    if ((m != NULL) != (gg != NULL))
        referee_fail(game, "one accepts, the other refuses", command, m, gg);
    g_free(m);
    g_free(gg);
    return played;
}

static void compare_state(referee_game_t *game)
{
    const game_t *mg = gtp_engine_game(game->engine);
    const game_state_t *cur = game_current(mg);
    compare_vertex_sets(game, "list_stones black", 0, 0);
    compare_vertex_sets(game, "list_stones white", 0, 0);
    compare_text(game, "captures black");
    compare_text(game, "captures white");
    /* After two passes mathgo's game is over and nothing is legal; GNU Go has no such state. */
    if (game_status(mg) != GAME_ONGOING)
        return;
    /* The colour not to move: mathgo answers for the game after a pass by the player to move,
     * which is undefined when the last move was a pass (that pass would end the game). */
    for (int k = 0; k < (cur->move != BOARD_MOVE_PASS ? 2 : 1); k++) {
        board_color_t c =
            k == 0 ? (board_color_t)cur->to_move : board_color_other((board_color_t)cur->to_move);
        uint64_t suicides;
        uint64_t gnugo_legal = gnugo_suicide_quirk(&suicides, mg, c);
        compare_vertex_sets(game, c == BOARD_BLACK ? "all_legal black" : "all_legal white",
                            suicides, gnugo_legal);
    }
}

static void referee_play_game(referee_game_t *game, long *moves_compared)
{
    GRand *rng = g_rand_new_with_seed(game->seed);
    char command[64];
    snprintf(command, sizeof command, "boardsize %d", game->size);
    assert_true(play_both(game, command));
    assert_true(play_both(game, "clear_board"));
    compare_state(game);
    int cap = 3 * game->size * game->size;
    for (int ply = 0; ply < cap; ply++) {
        const game_t *mg = gtp_engine_game(game->engine);
        const board_geom_t *g = game_geom(mg);
        if (game_status(mg) != GAME_ONGOING)
            break;
        const char *color = game_current(mg)->to_move == BOARD_BLACK ? "b" : "w";
        char name[8];
        double r = g_rand_double(rng);
        if (r < 0.05 && game_length(mg) > 0) {
            /* Take a move back on both sides. */
            assert_true(play_both(game, "undo"));
            g_string_append(game->moves, " undo");
            compare_state(game);
            continue;
        }
        board_color_t me = (board_color_t)game_current(mg)->to_move;
        uint64_t suicides;
        uint64_t gnugo_legal = gnugo_suicide_quirk(&suicides, mg, me);
        if (r < 0.15) {
            /* Try a point mathgo finds illegal: GNU Go must refuse it too (except where its
             * suicide quirk accepts it). */
            board_point_t p = (board_point_t)g_rand_int_range(rng, 0, g->size);
            if (game_try(NULL, mg, p) != GAME_LEGAL && !(gnugo_legal & board_bit(p))) {
                snprintf(command, sizeof command, "play %s %s", color, board_move_name(name, g, p));
                assert_false(play_both(game, command));
            }
        }
        board_move_t all[BOARD_MAX_POINTS + 1], moves[BOARD_MAX_POINTS + 1];
        int n = 0;
        for (int i = 0, count = game_legal_moves(all, mg); i < count; i++)
            if (all[i] == BOARD_MOVE_PASS || !(suicides & board_bit(all[i])) ||
                (gnugo_legal & board_bit(all[i])))
                moves[n++] = all[i];
        board_move_t move = BOARD_MOVE_PASS;
        if (n > 1 && g_rand_double(rng) >= 0.1)
            move = moves[g_rand_int_range(rng, 0, n - 1)]; /* the last entry is the pass */
        snprintf(command, sizeof command, "play %s %s", color, board_move_name(name, g, move));
        g_string_append_printf(game->moves, " %s%s", color, name);
        if (!play_both(game, command))
            referee_fail(game, "both refuse a move mathgo listed as legal", command, NULL, NULL);
        (*moves_compared)++;
        compare_state(game);
    }
    g_rand_free(rng);
}

static void
test_referee__gnugo_and_mathgo_agree_over_random_games_under_three_flag_sets(void **state)
{
    (void)state;
    guint32 seed = base_seed();
    for (size_t s = 0; s < G_N_ELEMENTS(flag_sets); s++) {
        const flag_set_t *set = &flag_sets[s];
        double t0 = g_get_monotonic_time() / 1e6;
        gnugo_t gg;
        gnugo_start(&gg, set->flags);
        gtp_engine_t *engine = engine_new(set->rules);
        long moves = 0, compared = 0, deviations = 0;
        for (int i = 0; i < GAMES_PER_FLAG_SET; i++) {
            referee_game_t game = {set,
                                   seed + (guint32)(1000 * s + i),
                                   referee_sizes[i % G_N_ELEMENTS(referee_sizes)],
                                   g_string_new(NULL),
                                   engine,
                                   &gg,
                                   0,
                                   0};
            referee_play_game(&game, &moves);
            compared += game.compared;
            deviations += game.deviations;
            g_string_free(game.moves, TRUE);
        }
        gtp_engine_destroy(engine);
        gnugo_stop(&gg);
        print_message("referee: GNU Go %s vs mathgo %s: %d games, %ld moves, %ld answers "
                      "compared, %ld points skipped for GNU Go's suicide quirk, %.1f s\n",
                      set->name, set->rules, GAMES_PER_FLAG_SET, moves, compared, deviations,
                      g_get_monotonic_time() / 1e6 - t0);
    }
}

/* ---- Referee 2: a naive implementation of the rules ----------------------------------------- */

/*
 * Everything below is written from the rule texts, independently of core/: a board is a char
 * array ('.', 'X', 'O') read row by row from the top left, chains are found by recursive flood
 * fill, and the history is the list of earlier boards with the player to move in each.
 */
enum { NAIVE_MAX_HISTORY = 512 };

typedef enum naive_ko { NAIVE_KO_SIMPLE, NAIVE_KO_POSITIONAL, NAIVE_KO_SITUATIONAL } naive_ko_t;

typedef struct naive_rules {
    naive_ko_t ko;
    bool suicide, pass, cycle_draw;
} naive_rules_t;

typedef struct naive {
    int w, h;
    naive_rules_t rules;
    char board[NAIVE_MAX_HISTORY][65]; /* board[i]: the position after i moves */
    char to_move[NAIVE_MAX_HISTORY];   /* 'X' or 'O' to move after i moves */
    bool was_pass[NAIVE_MAX_HISTORY];  /* move i (1-based) was a pass */
    int captures[2];                   /* stones removed by Black, by White */
    int count;                         /* moves played */
    int passes;                        /* consecutive passes at the end */
    bool cycle_ended;
} naive_t;

static void naive_start(naive_t *nv, int w, int h, naive_rules_t rules)
{
    memset(nv, 0, sizeof *nv);
    nv->w = w, nv->h = h, nv->rules = rules;
    memset(nv->board[0], '.', (size_t)(w * h));
    nv->to_move[0] = 'X';
}

/* Marks in `seen` the chain of colour board[p] through p. */
static void naive_flood(const naive_t *nv, const char *board, int p, bool *seen)
{
    if (seen[p])
        return;
    seen[p] = true;
    int x = p % nv->w, y = p / nv->w;
    int nb[4][2] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
    for (int k = 0; k < 4; k++) {
        int nx = nb[k][0], ny = nb[k][1];
        if (nx >= 0 && nx < nv->w && ny >= 0 && ny < nv->h && board[ny * nv->w + nx] == board[p])
            naive_flood(nv, board, ny * nv->w + nx, seen);
    }
}

/* Removes the chain through p if it has no liberty; returns the number of stones removed. */
static int naive_remove_if_dead(const naive_t *nv, char *board, int p)
{
    bool seen[64] = {false};
    naive_flood(nv, board, p, seen);
    for (int q = 0; q < nv->w * nv->h; q++) {
        if (!seen[q])
            continue;
        int x = q % nv->w, y = q / nv->w;
        if ((x > 0 && board[q - 1] == '.') || (x < nv->w - 1 && board[q + 1] == '.') ||
            (y > 0 && board[q - nv->w] == '.') || (y < nv->h - 1 && board[q + nv->w] == '.'))
            return 0;
    }
    int removed = 0;
    for (int q = 0; q < nv->w * nv->h; q++)
        if (seen[q])
            board[q] = '.', removed++;
    return removed;
}

/*
 * Whether the player to move may play p (-1: pass); if so and `apply`, plays it.
 */
static bool naive_move(naive_t *nv, int p, bool apply)
{
    int i = nv->count;
    if (nv->passes >= 2 || nv->cycle_ended || i + 1 >= NAIVE_MAX_HISTORY)
        return false;
    char me = nv->to_move[i], opp = me == 'X' ? 'O' : 'X';
    char next[65];
    memcpy(next, nv->board[i], sizeof next);
    int took = 0, lost = 0;
    if (p < 0) {
        if (!nv->rules.pass)
            return false;
    } else {
        if (next[p] != '.')
            return false;
        next[p] = me;
        int x = p % nv->w, y = p / nv->w;
        int nb[4] = {x > 0 ? p - 1 : -1, x < nv->w - 1 ? p + 1 : -1, y > 0 ? p - nv->w : -1,
                     y < nv->h - 1 ? p + nv->w : -1};
        for (int k = 0; k < 4; k++)
            if (nb[k] >= 0 && next[nb[k]] == opp)
                took += naive_remove_if_dead(nv, next, nb[k]);
        lost = naive_remove_if_dead(nv, next, p);
        if (lost && !nv->rules.suicide)
            return false;
        switch (nv->rules.ko) {
        case NAIVE_KO_SIMPLE:
            if (i >= 1 && !nv->was_pass[i] && !strcmp(next, nv->board[i - 1]))
                return false;
            break;
        case NAIVE_KO_POSITIONAL:
            for (int j = 0; j <= i; j++)
                if (!strcmp(next, nv->board[j]))
                    return false;
            break;
        case NAIVE_KO_SITUATIONAL:
            for (int j = 0; j <= i; j++)
                if (!strcmp(next, nv->board[j]) && nv->to_move[j] == opp)
                    return false;
            break;
        }
    }
    if (!apply)
        return true;
    memcpy(nv->board[i + 1], next, sizeof next);
    nv->to_move[i + 1] = opp;
    nv->was_pass[i + 1] = p < 0;
    nv->captures[me == 'X' ? 0 : 1] += took;
    nv->captures[me == 'X' ? 1 : 0] += lost;
    nv->passes = p < 0 ? nv->passes + 1 : 0;
    nv->count = i + 1;
    if (nv->rules.cycle_draw && nv->passes < 2)
        for (int j = 0; j <= i; j++)
            if (!strcmp(next, nv->board[j]) && nv->to_move[j] == opp)
                nv->cycle_ended = true;
    return true;
}

typedef struct naive_case {
    const char *rules;
    naive_rules_t naive;
} naive_case_t;

static const naive_case_t naive_cases[] = {
    {"math", {NAIVE_KO_POSITIONAL, false, false, false}},
    {"pseudo", {NAIVE_KO_POSITIONAL, true, false, false}},
    {"tromp-taylor", {NAIVE_KO_POSITIONAL, true, true, false}},
    {"chinese", {NAIVE_KO_POSITIONAL, false, true, false}},
    {"old-chinese", {NAIVE_KO_POSITIONAL, false, true, false}},
    {"japanese", {NAIVE_KO_SIMPLE, false, true, true}}, /* cycle=japanese ends games as draw */
    {"chinese,ko=situational", {NAIVE_KO_SITUATIONAL, false, true, false}},
    {"chinese,ko=simple,cycle=draw", {NAIVE_KO_SIMPLE, false, true, true}},
    {"tromp-taylor,ko=simple", {NAIVE_KO_SIMPLE, true, true, false}},
    {"tromp-taylor,ko=situational", {NAIVE_KO_SITUATIONAL, true, true, false}},
};

static const int naive_sizes[][2] = {{1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {1, 7},
                                     {1, 8}, {2, 1}, {5, 1}, {2, 3}, {3, 2}, {3, 4}, {4, 3},
                                     {2, 5}, {5, 2}, {2, 4}, {3, 5}, {2, 2}, {3, 3}, {8, 2}};
enum { NAIVE_GAMES_PER_CASE = 12 };

static void naive_fail(const naive_case_t *c, int w, int h, guint32 seed, const GString *moves,
                       const char *what)
{
    fail_msg("naive referee and mathgo (%s) disagree on %s\n  seed %u, %dx%d, moves:%s", c->rules,
             what, seed, w, h, moves->str);
}

/* Compares the naive state with the engine's: stones (via list_stones), prisoners (via
 * captures), the legal moves and passes, and whether the game is over. */
static void naive_compare(naive_t *nv, gtp_engine_t *engine, const naive_case_t *c, guint32 seed,
                          const GString *moves)
{
    const game_t *mg = gtp_engine_game(engine);
    const board_geom_t *g = game_geom(mg);
    const char *board = nv->board[nv->count];
    uint64_t stones[2] = {0, 0};
    for (int p = 0; p < nv->w * nv->h; p++)
        if (board[p] != '.')
            stones[board[p] == 'X' ? 0 : 1] |= board_bit((board_point_t)p);
    const char *list[2] = {"list_stones black", "list_stones white"};
    const char *caps[2] = {"captures black", "captures white"};
    for (int k = 0; k < 2; k++) {
        char *answer = mathgo_ask(engine, list[k]);
        if (!answer || vertex_mask(g, answer) != stones[k])
            naive_fail(c, nv->w, nv->h, seed, moves, list[k]);
        g_free(answer);
        answer = mathgo_ask(engine, caps[k]);
        if (!answer || atoi(answer) != nv->captures[k])
            naive_fail(c, nv->w, nv->h, seed, moves, caps[k]);
        g_free(answer);
    }
    board_move_t legal[BOARD_MAX_POINTS + 1];
    int n = game_legal_moves(legal, mg);
    uint64_t mask = 0, naive_mask = 0;
    bool pass = false;
    for (int i = 0; i < n; i++) {
        if (legal[i] == BOARD_MOVE_PASS)
            pass = true;
        else
            mask |= board_bit(legal[i]);
    }
    for (int p = 0; p < nv->w * nv->h; p++)
        if (naive_move(nv, p, false))
            naive_mask |= board_bit((board_point_t)p);
    if (mask != naive_mask || pass != naive_move(nv, -1, false))
        naive_fail(c, nv->w, nv->h, seed, moves, "the legal moves");
    char *all = mathgo_ask(engine, nv->to_move[nv->count] == 'X' ? "all_legal b" : "all_legal w");
    if (!all || vertex_mask(g, all) != naive_mask)
        naive_fail(c, nv->w, nv->h, seed, moves, "all_legal");
    g_free(all);
    bool naive_over = nv->passes >= 2 || nv->cycle_ended || (naive_mask == 0 && !nv->rules.pass);
    if (naive_over != (game_status(mg) != GAME_ONGOING))
        naive_fail(c, nv->w, nv->h, seed, moves, "whether the game is over");
}

static void naive_play_game(gtp_engine_t *engine, const naive_case_t *c, int w, int h, guint32 seed,
                            long *moves_played)
{
    naive_t *nv = g_new(naive_t, 1);
    char command[64], name[8];
    GString *moves = g_string_new(NULL);
    GRand *rng = g_rand_new_with_seed(seed);
    snprintf(command, sizeof command, "rectangular_boardsize %d %d", w, h);
    g_free(mathgo_ask(engine, command));
    naive_start(nv, w, h, c->naive);
    naive_compare(nv, engine, c, seed, moves);
    int cap = 3 * w * h + 4;
    for (int ply = 0; ply < cap; ply++) {
        const game_t *mg = gtp_engine_game(engine);
        if (game_status(mg) != GAME_ONGOING)
            break;
        board_move_t legal[BOARD_MAX_POINTS + 1];
        int n = game_legal_moves(legal, mg);
        board_move_t move = legal[g_rand_int_range(rng, 0, n)];
        if (c->naive.pass && n > 1 && move == BOARD_MOVE_PASS && g_rand_double(rng) < 0.7)
            move = legal[g_rand_int_range(rng, 0, n - 1)]; /* passes less often */
        const char *color = nv->to_move[nv->count] == 'X' ? "b" : "w";
        snprintf(command, sizeof command, "play %s %s", color,
                 board_move_name(name, game_geom(mg), move));
        g_string_append_printf(moves, " %s", name);
        char *answer = mathgo_ask(engine, command);
        if (!answer)
            naive_fail(c, w, h, seed, moves, "a move game_legal_moves listed");
        g_free(answer);
        int p = move == BOARD_MOVE_PASS ? -1 : move;
        if (!naive_move(nv, p, true))
            naive_fail(c, w, h, seed, moves, "the legality of the move played");
        (*moves_played)++;
        naive_compare(nv, engine, c, seed, moves);
    }
    g_rand_free(rng);
    g_string_free(moves, TRUE);
    g_free(nv);
}

static void test_referee__a_naive_rules_implementation_agrees_on_1xn_and_rectangles(void **state)
{
    (void)state;
    guint32 seed = base_seed();
    long games = 0, moves = 0;
    double t0 = g_get_monotonic_time() / 1e6;
    for (size_t k = 0; k < G_N_ELEMENTS(naive_cases); k++) {
        const naive_case_t *c = &naive_cases[k];
        gtp_engine_t *engine = engine_new(c->rules);
        for (size_t s = 0; s < G_N_ELEMENTS(naive_sizes); s++)
            for (int i = 0; i < NAIVE_GAMES_PER_CASE; i++, games++)
                naive_play_game(engine, c, naive_sizes[s][0], naive_sizes[s][1],
                                seed + (guint32)(100000 * k + 100 * s + i), &moves);
        gtp_engine_destroy(engine);
    }
    print_message("naive referee: %ld games, %ld moves under %zu rule sets, %.1f s\n", games, moves,
                  G_N_ELEMENTS(naive_cases), g_get_monotonic_time() / 1e6 - t0);
}

/* ---- Referee 3: complete games of mathgo's genmove against GNU Go ---------------------------- */

/*
 * One match: mathgo (in-process, genmove with a node budget per move, never resigning) plays one
 * colour and GNU Go the other, each move played on the other side too (so each engine judges the
 * other's moves legal), to the end of the game: two passes (GNU Go never resigns and, with
 * --capture-all-dead, takes its opponent's dead stones off before it passes, as the area count
 * of the rules, which counts every stone on the board, asks).
 */
typedef struct match {
    int size;
    const char *komi;
    const char *rules;    /* mathgo's rules */
    const char *gnugo[4]; /* GNU Go's flags for the same rules */
    board_color_t mathgo; /* mathgo's colour */
    uint64_t nodes;       /* mathgo's node budget per move */
} match_t;

#define GNUGO_CHINESE                                                                              \
    {                                                                                              \
        "--chinese-rules", "--positional-superko", NULL                                            \
    }

static const match_t matches[] = {
    {3, "0", "chinese", GNUGO_CHINESE, BOARD_BLACK, 200000},
    {3, "0", "chinese", GNUGO_CHINESE, BOARD_WHITE, 200000},
    {3, "9.5", "chinese", GNUGO_CHINESE, BOARD_WHITE, 200000},
    {4, "0", "chinese", GNUGO_CHINESE, BOARD_BLACK, 60000},
    {4, "2", "chinese", GNUGO_CHINESE, BOARD_WHITE, 60000},
    {4, "0", "chinese,ko=simple", {NULL}, BOARD_BLACK, 30000},
    {5, "0", "chinese", GNUGO_CHINESE, BOARD_BLACK, 20000},
    {5, "0", "chinese", GNUGO_CHINESE, BOARD_WHITE, 20000},
};

/* The sanitizer build searches about five times slower: it gets a third of the nodes on the
 * boards where they run out (the games differ between the builds, each reproducible). */
#if defined(__SANITIZE_ADDRESS__)
enum { NODE_DIVISOR = 3 };
#else
enum { NODE_DIVISOR = 1 };
#endif

/* Plays one match; *proven_moves counts mathgo's moves proven optimal. */
static void play_match(const match_t *m, int *proven_moves, int *moves)
{
    gnugo_t gg;
    const char *flags[10] = {"--seed", "1", "--never-resign", "--capture-all-dead", "--level", "3"};
    for (int i = 0; m->gnugo[i]; i++)
        flags[6 + i] = m->gnugo[i];
    gnugo_start(&gg, flags);
    gtp_engine_t *engine = engine_new(m->rules);
    gtp_player_options_t options = gtp_player_options_default();
    options.tt_bytes = 16u << 20;
    options.max_nodes = m->size > 3 ? m->nodes / NODE_DIVISOR : m->nodes;
    options.resign = false;
    gtp_engine_set_player(engine, &options, 5.0);
    char command[64];
    snprintf(command, sizeof command, "boardsize %d", m->size);
    g_free(mathgo_ask(engine, command));
    g_free(gnugo_ask(&gg, command));
    g_free(gnugo_ask(&gg, "clear_board"));
    snprintf(command, sizeof command, "komi %s", m->komi);
    char *mk = mathgo_ask(engine, command), *gk = gnugo_ask(&gg, command);
    assert_non_null(mk);
    assert_non_null(gk);
    g_free(mk);
    g_free(gk);
    GString *record = g_string_new(NULL);
    bool proven = false, gnugo_resigned = false;
    int proven_value = 0, proven_ply = -1; /* mathgo's view */
    const char *who = m->mathgo == BOARD_BLACK ? "mathgo (Black)" : "mathgo (White)";
    int cap = 6 * m->size * m->size;
    for (int ply = 0; ply < cap; ply++) {
        const game_t *game = gtp_engine_game(engine);
        if (game_status(game) != GAME_ONGOING)
            break;
        board_color_t c = (board_color_t)game_current(game)->to_move;
        const char *cn = c == BOARD_BLACK ? "b" : "w";
        snprintf(command, sizeof command, "genmove %s", cn);
        char *answer = c == m->mathgo ? mathgo_ask(engine, command) : gnugo_ask(&gg, command);
        if (!answer)
            fail_msg("%dx%d %s: '%s' failed after%s", m->size, m->size, m->rules, command,
                     record->str);
        g_string_append_printf(record, " %s%s", cn, answer);
        if (!g_ascii_strcasecmp(answer, "resign")) {
            if (c == m->mathgo)
                fail_msg("%s resigned although resigning is off:%s", who, record->str);
            gnugo_resigned = true;
            g_free(answer);
            break;
        }
        if (c == m->mathgo) {
            const gtp_choice_t *choice = gtp_engine_last_choice(engine);
            (*moves)++;
            *proven_moves += choice->kind == GTP_CHOICE_OPTIMAL;
            /* 3x3 is solved in a few thousand nodes: every move there is proven optimal. */
            if (m->size == 3 && choice->kind != GTP_CHOICE_OPTIMAL)
                fail_msg("3x3: mathgo's move %d is not proven optimal:%s", ply, record->str);
            if (choice->value_known && !proven) {
                proven = true;
                proven_value = m->mathgo == BOARD_BLACK ? choice->value : -choice->value;
                proven_ply = ply;
            }
        }
        snprintf(command, sizeof command, "play %s %s", cn, answer);
        char *other = c == m->mathgo ? gnugo_ask(&gg, command) : mathgo_ask(engine, command);
        if (!other)
            fail_msg("%dx%d %s, %s: %s refuses %s's move '%s'; the game:%s", m->size, m->size,
                     m->rules, who, c == m->mathgo ? "GNU Go" : "mathgo",
                     c == m->mathgo ? "mathgo" : "GNU Go", command, record->str);
        g_free(other);
        g_free(answer);
        /* Both see the same stones. */
        const board_geom_t *g = game_geom(gtp_engine_game(engine));
        for (int k = 0; k < 2; k++) {
            const char *list = k ? "list_stones white" : "list_stones black";
            char *a = mathgo_ask(engine, list), *b = gnugo_ask(&gg, list);
            if (!a || !b || vertex_mask(g, a) != vertex_mask(g, b))
                fail_msg("%dx%d: the stones differ after%s", m->size, m->size, record->str);
            g_free(a);
            g_free(b);
        }
    }
    const game_t *game = gtp_engine_game(engine);
    if (!gnugo_resigned && game_status(game) == GAME_ONGOING)
        fail_msg("%dx%d %s: the game did not end in %d plies:%s", m->size, m->size, m->rules, cap,
                 record->str);
    int margin = gnugo_resigned ? 0 : game_result(game).margin2;
    int mine = m->mathgo == BOARD_BLACK ? margin : -margin;
    char text[40];
    print_message(
        "match %dx%d %s komi %s, %s: %s, %s; first proof at ply %d (%s); the game:%s\n", m->size,
        m->size, m->rules, m->komi, who, gnugo_resigned ? "GNU Go resigned" : "ended by two passes",
        gnugo_resigned ? "-" : rules_margin_string(text, margin), proven_ply,
        proven
            ? gtp_player_value_text(text, m->mathgo == BOARD_BLACK ? proven_value : -proven_value)
            : "none",
        record->str);
    /* A proven value is what optimal play guarantees whatever the opponent does. */
    if (proven && !gnugo_resigned && mine < proven_value)
        fail_msg("%s ended with %d (doubled, its view) below the value %d it proved at ply %d", who,
                 mine, proven_value, proven_ply);
    g_string_free(record, TRUE);
    gtp_engine_destroy(engine);
    gnugo_stop(&gg);
}

static void
test_referee__mathgo_plays_complete_games_against_gnugo_and_keeps_what_it_proved(void **state)
{
    (void)state;
    double t0 = g_get_monotonic_time() / 1e6;
    int proven = 0, moves = 0;
    for (size_t i = 0; i < G_N_ELEMENTS(matches); i++)
        play_match(&matches[i], &proven, &moves);
    print_message("matches: %zu games, %d mathgo moves, %d proven optimal, %.1f s\n",
                  G_N_ELEMENTS(matches), moves, proven, g_get_monotonic_time() / 1e6 - t0);
    assert_true(proven > 0);
}

/*
 * The same through the `mathgo gtp` program, as a controller drives it: two processes over
 * pipes, one command at a time, on 3x3 under chinese.  mathgo must end the game with the value
 * it proves, and both must list the same stones at the end.
 */
static void pipe_match(board_color_t mathgo, const char *komi, const char *want)
{
    gnugo_t gg, mg;
    const char *flags[] = {"--seed",
                           "1",
                           "--never-resign",
                           "--capture-all-dead",
                           "--chinese-rules",
                           "--positional-superko",
                           NULL};
    gnugo_start(&gg, flags);
    const char *args[] = {"gtp", "--rules", "chinese", "--max-nodes", "200000", NULL};
    process_start(&mg, MATHGO_BINARY, args, true);
    char komi_command[32];
    snprintf(komi_command, sizeof komi_command, "komi %s", komi);
    const char *setup[] = {"boardsize 3", "clear_board", komi_command};
    for (size_t i = 0; i < G_N_ELEMENTS(setup); i++) {
        char *a = gnugo_ask(&mg, setup[i]), *b = gnugo_ask(&gg, setup[i]);
        assert_non_null(a);
        assert_non_null(b);
        g_free(a);
        g_free(b);
    }
    GString *record = g_string_new(NULL);
    int passes = 0;
    for (int ply = 0; ply < 60 && passes < 2; ply++) {
        board_color_t c = ply % 2 ? BOARD_WHITE : BOARD_BLACK;
        gnugo_t *mover = c == mathgo ? &mg : &gg, *other = c == mathgo ? &gg : &mg;
        const char *cn = c == BOARD_BLACK ? "b" : "w";
        char command[64];
        snprintf(command, sizeof command, "genmove %s", cn);
        char *move = gnugo_ask(mover, command);
        assert_non_null(move);
        g_string_append_printf(record, " %s%s", cn, move);
        passes = g_ascii_strcasecmp(move, "pass") ? 0 : passes + 1;
        snprintf(command, sizeof command, "play %s %s", cn, move);
        char *answer = gnugo_ask(other, command);
        if (!answer)
            fail_msg("'%s' refused; the game:%s", command, record->str);
        g_free(answer);
        g_free(move);
    }
    assert_int_equal(passes, 2);
    char *score = gnugo_ask(&mg, "final_score");
    assert_non_null(score);
    if (strcmp(score, want))
        fail_msg("mathgo ended with %s, not the %s it proves; the game:%s", score, want,
                 record->str);
    board_geom_t *g = board_geom_create(3, 3, NULL);
    for (int k = 0; k < 2; k++) {
        const char *list = k ? "list_stones white" : "list_stones black";
        char *a = gnugo_ask(&mg, list), *b = gnugo_ask(&gg, list);
        assert_true(a && b && vertex_mask(g, a) == vertex_mask(g, b));
        g_free(a);
        g_free(b);
    }
    board_geom_destroy(g);
    print_message("the mathgo program (%s) against GNU Go over pipes, 3x3, komi %s:%s (%s)\n",
                  mathgo == BOARD_BLACK ? "Black" : "White", komi, record->str, score);
    g_free(score);
    g_string_free(record, TRUE);
    gnugo_stop(&mg);
    gnugo_stop(&gg);
}

static void test_referee__the_mathgo_program_plays_gnugo_over_pipes(void **state)
{
    (void)state;
    pipe_match(BOARD_BLACK, "0", "B+9");
    pipe_match(BOARD_WHITE, "9.5", "W+0.5");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_referee__a_naive_rules_implementation_agrees_on_1xn_and_rectangles),
        cmocka_unit_test(
            test_referee__gnugo_and_mathgo_agree_over_random_games_under_three_flag_sets),
        cmocka_unit_test(
            test_referee__mathgo_plays_complete_games_against_gnugo_and_keeps_what_it_proved),
        cmocka_unit_test(test_referee__the_mathgo_program_plays_gnugo_over_pipes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
