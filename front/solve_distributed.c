/* front/solve_distributed.c: `mathgo solve --distributed` (front/solve_distributed.h). */
#include "front/solve_distributed.h"

#include "dist/dist.h"
#include "front/commands.h"
#include "front/common.h"
#include "front/progress.h"
#include "front/solve_output.h"

#include <stdio.h>
#include <stdlib.h>

bool solve_distributed_check(void)
{
    if (dist_available())
        return true;
    fprintf(stderr, "mathgo solve: --distributed: this mathgo was built without MPI (install "
                    "libopenmpi-dev and openmpi-bin, then build again; docs/scale.md)\n");
    return false;
}

typedef struct progress_context {
    front_ticker_t *ticker; /* created at the first report: on the coordinator only */
    bool show;
    const rules_t *rules;
    bool quiet;
} progress_context_t;

/* A bound of the root for the progress line: "?" when open, "B in 23" for a win at a
 * distance, else the result's text. */
static void bound_text(char buf[32], int value, const rules_t *rules)
{
    if (value >= SEARCH_VALUE_INF || value <= -SEARCH_VALUE_INF)
        g_snprintf(buf, 32, "?");
    else if (search_value_is_win(value))
        g_snprintf(buf, 32, "%c in %d", value > 0 ? 'B' : 'W', search_value_plies(value));
    else
        solve_result_text(buf, value, rules);
}

static void on_progress(const dist_progress_t *p, void *data)
{
    progress_context_t *ctx = data;
    if (!ctx->ticker)
        ctx->ticker = front_ticker_create("solve", ctx->show);
    if (p->note && !ctx->quiet) {
        fprintf(stderr, "mathgo solve: %s\n", p->note);
        front_ticker_printed(ctx->ticker);
    }
    char lo[32], hi[32];
    bound_text(lo, p->lo, ctx->rules);
    bound_text(hi, p->hi, ctx->rules);
    front_ticker_phase(ctx->ticker,
                       "%d units: %d answers (%d from the journal), %d cancelled; the value in "
                       "[%s, %s]",
                       p->units, p->solved + p->from_journal, p->from_journal, p->cancelled, lo,
                       hi);
}

/* A test hook (docs/scale.md, "Tests"): a number from the environment, 0 when unset. */
static double env_number(const char *name)
{
    const char *text = g_getenv(name);
    return text ? g_ascii_strtod(text, NULL) : 0;
}

int solve_distributed(const board_geom_t *geom, const rules_t *rules, const game_t *game,
                      const solve_distributed_args_t *args)
{
    dist_options_t options = {0};
    options.search = args->search;
    options.journal = args->journal;
    options.command = args->command;
    options.target_units = (int)env_number("MATHGO_DIST_UNITS");
    options.worker_timeout = env_number("MATHGO_DIST_TIMEOUT");
    options.split_seconds = env_number("MATHGO_DIST_SPLIT_SECONDS");
    options.kill_coordinator_after = (int)env_number("MATHGO_DIST_KILL_COORDINATOR_AFTER");
    options.kill_worker_rank = (int)env_number("MATHGO_DIST_KILL_WORKER_RANK");
    progress_context_t ctx = {NULL, args->show_progress, rules, args->quiet};
    options.progress = on_progress;
    options.progress_data = &ctx;
    dist_result_t result;
    GError *error = NULL;
    bool ok = dist_run(&result, geom, rules, game, &options, &error);
    front_ticker_destroy(ctx.ticker);
    if (!ok) {
        int status = error->domain == DIST_ERROR &&
                             (error->code == DIST_ERROR_MISMATCH ||
                              error->code == DIST_ERROR_CORRUPT || error->code == DIST_ERROR_NO_MPI)
                         ? FRONT_EXIT_USAGE
                         : FRONT_EXIT_FAILURE;
        fprintf(stderr, "mathgo solve: --distributed%s%s: %s\n", args->journal ? " --journal " : "",
                args->journal ? args->journal : "", error->message);
        g_error_free(error);
        dist_finish(&result);
        return status;
    }
    if (!result.coordinator)
        return FRONT_EXIT_OK;
    const dist_progress_t *p = &result.final;
    char komi[16], text[32];
    rules_komi_string(komi, rules->komi2);
    printf("board %dx%d, rules %s, komi %s, %s to move\n", geom->width, geom->height,
           args->rules_name, komi, game_current(game)->to_move == BOARD_BLACK ? "Black" : "White");
    if (game_length(game))
        printf("history: %zu moves from --from's start (superko sees them)\n", game_length(game));
    if (search_value_is_win(result.value))
        printf("result: %s wins (%d plies with perfect play)\n",
               result.value > 0 ? "Black" : "White", search_value_plies(result.value));
    else
        printf("result: %s\n", solve_result_text(text, result.value, rules));
    printf("distributed: %d ranks (%d searching), %d units, %d answers in this run, %d from the "
           "journal, %d cancelled, %d reassigned, lost ranks %d, %d split\n",
           result.ranks, p->workers, p->units, p->solved, p->from_journal, p->cancelled,
           p->reassigned, p->workers_lost, p->splits);
    printf("nodes %llu (the sum over the answers), %llu more in units cancelled or lost, "
           "time %.3f s, %.1f answers/s\n",
           (unsigned long long)p->nodes, (unsigned long long)p->nodes_lost, p->seconds,
           p->seconds > 0 ? p->solved / p->seconds : 0.0);
    dist_finish(&result);
    return FRONT_EXIT_OK;
}
