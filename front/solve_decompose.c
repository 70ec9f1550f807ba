/*
 * front/solve_decompose.c: `mathgo solve --decompose`: a board whose regions are walled off by
 * safe stones, solved from the regions' values (regions/sum.h) instead of a whole-board search.
 *
 * Mathematical Go (the `math` rules): the winner is the outcome class of the sum; the winning
 * first plays are those after which the sum stays won; the game shown has the winner play the
 * first such play each turn and the loser its first legal play (a winning line, not the
 * distance-optimal one: the sum knows who wins, not in how many plies).  Territory scoring (the
 * `japanese` rules): the Left stop of the sum with Black first, the Right stop with White first,
 * the plays that keep it, and a game of such plays until the sum is a number.  When the stop is
 * the whole-board score under mathgo's territory count is stated in docs/regions.md.
 */
#include "front/solve_decompose.h"

#include "cgt/notation.h"
#include "cgt/thermo.h"
#include "core/board.h"
#include "positions/diagram.h"
#include "regions/region.h"
#include "regions/sum.h"

#include <gmp.h>
#include <stdio.h>
#include <string.h>

bool solve_decompose_model(region_model_t *model, const rules_t *rules, GError **error)
{
    if (rules->scoring == RULES_SCORING_LAST_MOVE && !rules->pass && !rules->suicide) {
        *model = REGION_MODEL_MATH;
        return true;
    }
    if (rules->scoring == RULES_SCORING_TERRITORY && rules->analysis == RULES_ANALYSIS_JAPANESE) {
        /* The territory model counts every stone on the board alive; the Analysis does not
         * (docs/japanese.md), so the sum's stop is not the value under analysis=japanese. */
        g_set_error(error, REGION_ERROR, REGION_ERROR_PARSE,
                    "--decompose answers in the territory model, where every stone is alive; "
                    "that is not the value under analysis=japanese: give --rules "
                    "japanese,analysis=none");
        return false;
    }
    if (rules->scoring == RULES_SCORING_TERRITORY && !rules->suicide &&
        rules->tax == RULES_TAX_NONE && rules->komi2 == 0) {
        *model = REGION_MODEL_TERRITORY;
        return true;
    }
    g_set_error(error, REGION_ERROR, REGION_ERROR_PARSE,
                "--decompose needs the math rules (no pass, suicide illegal, last player wins) "
                "or territory scoring without suicide, tax or komi (japanese,analysis=none)");
    return false;
}

/* The stop of g for `first` as exact text ("3", "-1/2"). */
static char *stop_text(cgt_ctx_t *cgt, cgt_game_t g, board_color_t first)
{
    mpq_t s;
    mpq_init(s);
    if (first == BOARD_BLACK)
        cgt_left_stop(s, cgt, g);
    else
        cgt_right_stop(s, cgt, g);
    char *text = cgt_number_to_string(s);
    mpq_clear(s);
    return text;
}

/* The result line's text: "B" / "W" (math) or the stop (territory). */
static char *result_text(region_sum_t *sum, cgt_ctx_t *cgt, board_color_t first)
{
    cgt_game_t g = region_sum_value(sum);
    if (region_sum_model(sum) == REGION_MODEL_TERRITORY)
        return stop_text(cgt, g, first);
    cgt_outcome_t o = cgt_outcome(cgt, g);
    bool black = o == CGT_OUTCOME_L || (o == CGT_OUTCOME_N && first == BOARD_BLACK) ||
                 (o == CGT_OUTCOME_P && first == BOARD_WHITE);
    return g_strdup(black ? "B" : "W");
}

static void moves_text(GString *out, const board_geom_t *geom, const board_move_t *moves, int n,
                       const char *sep)
{
    char name[8];
    for (int i = 0; i < n; i++)
        g_string_append_printf(out, "%s%s", i ? sep : "", board_move_name(name, geom, moves[i]));
}

/*
 * Plays the decomposition's line from the sum's position into line ("B C3, W D2"; with
 * names_only "C3 D2"), at most `room` plays.  Math: until the side to move has no play;
 * territory: until the sum is a number.
 */
static int play_line(GString *line, region_ctx_t *ctx, region_sum_t *sum, const board_geom_t *geom,
                     board_color_t first, int room, bool names_only, GError **error)
{
    board_color_t c = first;
    int plies = 0;
    cgt_ctx_t *cgt = region_ctx_cgt(ctx);
    for (; plies < room; plies++) {
        if (region_sum_model(sum) == REGION_MODEL_TERRITORY &&
            cgt_is_number(cgt, region_sum_value(sum)))
            break; /* the stop is reached */
        board_move_t moves[BOARD_MAX_POINTS];
        int n = region_sum_best_moves(moves, sum, c, error);
        if (n < 0)
            return -1;
        if (n == 0 && region_sum_model(sum) == REGION_MODEL_MATH) {
            /* the loser: its first legal play, if any */
            board_t p = region_sum_position(sum);
            for (uint64_t e = board_empty(&p, geom); e && !n; e &= e - 1) {
                board_placement_t r = board_place(&p, geom, c, board_lowest(e));
                if (!r.suicided)
                    moves[n++] = board_lowest(e);
            }
        }
        if (n == 0)
            break;
        if (!region_sum_play(sum, c, moves[0], NULL, error))
            return -1;
        char name[8];
        board_move_name(name, geom, moves[0]);
        if (names_only)
            g_string_append_printf(line, "%s%s", plies ? " " : "", name);
        else
            g_string_append_printf(line, "%s%c %s", plies ? ", " : "", c == BOARD_BLACK ? 'B' : 'W',
                                   name);
        c = board_color_other(c);
    }
    return plies;
}

int solve_decompose(const board_geom_t *geom, const board_t *start, const rules_t *rules,
                    board_color_t to_move, bool csv, bool header)
{
    region_model_t model;
    GError *err = NULL;
    int status = 2;
    region_ctx_t *ctx = region_ctx_create(0);
    cgt_ctx_t *cgt = region_ctx_cgt(ctx);
    region_sum_t *sum = NULL;
    GString *best = g_string_new(NULL), *line = g_string_new(NULL);
    char *result = NULL, *value = NULL;
    if (!solve_decompose_model(&model, rules, &err)) {
        fprintf(stderr, "mathgo solve: %s\n", err->message);
        goto done;
    }
    gint64 t0 = g_get_monotonic_time();
    sum = region_sum_create(ctx, geom, start, model, &err);
    if (!sum) {
        fprintf(stderr, "mathgo solve: --decompose: %s\n", err->message);
        status = err->code == REGION_ERROR_LIMIT ? 1 : 2;
        goto done;
    }
    board_move_t moves[BOARD_MAX_POINTS];
    int n = region_sum_best_moves(moves, sum, to_move, &err);
    if (n < 0) {
        fprintf(stderr, "mathgo solve: --decompose: %s\n", err->message);
        status = 1;
        goto done;
    }
    moves_text(best, geom, moves, n, csv ? " " : ", ");
    result = result_text(sum, cgt, to_move);
    value = cgt_to_string(cgt, region_sum_value(sum));
    size_t regions = region_sum_count(sum);
    double seconds = (g_get_monotonic_time() - t0) / 1e6;
    if (csv) {
        int plies = play_line(line, ctx, sum, geom, to_move, 2 * BOARD_MAX_POINTS, true, &err);
        if (plies < 0) {
            fprintf(stderr, "mathgo solve: --decompose: %s\n", err->message);
            status = 1;
            goto done;
        }
        /* docs/csv.md: append, never reorder. */
        if (header)
            printf("board,model,to_move,result,best_moves,regions,sum,time_s,pv,plies\n");
        printf("%dx%d,%s,%s,%s,%s,%zu,\"%s\",%.6f,%s,%d\n", geom->width, geom->height,
               region_model_name(model), to_move == BOARD_BLACK ? "b" : "w", result, best->str,
               regions, value, seconds, line->str, plies);
        status = 0;
        goto done;
    }
    printf("decomposition: %zu regions, model %s, %s to move\n", regions, region_model_name(model),
           to_move == BOARD_BLACK ? "Black" : "White");
    for (size_t i = 0; i < regions; i++) {
        const region_part_t *part = region_sum_part(sum, i);
        char *v = cgt_to_string(cgt, region_sum_part_value(sum, i));
        char *grid = diagram_format_region(&part->position, part->geom);
        printf("region %zu: %s\n%s", i + 1, v, grid);
        g_free(v);
        g_free(grid);
    }
    printf("sum: %s\n", value);
    if (model == REGION_MODEL_MATH) {
        bool mover_wins = n > 0;
        printf("result: %s wins (%s)\n", result[0] == 'B' ? "Black" : "White",
               mover_wins ? "the player to move" : "the player not to move");
        printf("winning first moves: %s\n", n ? best->str : "(none)");
    } else {
        printf("result: %s (the %s stop of the sum)\n", result,
               to_move == BOARD_BLACK ? "Left" : "Right");
        printf("optimal first moves: %s\n", n ? best->str : "(none: pass)");
    }
    int plies = play_line(line, ctx, sum, geom, to_move, 2 * BOARD_MAX_POINTS, false, &err);
    if (plies < 0) {
        fprintf(stderr, "mathgo solve: --decompose: %s\n", err->message);
        status = 1;
        goto done;
    }
    printf("%s (%d plies): %s\n",
           model == REGION_MODEL_MATH ? "a winning game" : "an optimal line to the stop", plies,
           plies ? line->str : "(none)");
    printf("time %.6f s, %zu local positions\n", seconds, region_ctx_positions(ctx));
    status = 0;
done:
    g_clear_error(&err);
    g_free(result);
    g_free(value);
    g_string_free(best, TRUE);
    g_string_free(line, TRUE);
    region_sum_destroy(sum);
    region_ctx_destroy(ctx);
    return status;
}
