/* front/solve_list.c: `mathgo solve WxH --positions FILE|-` (front/solve_list.h). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "front/solve_list.h"

#include "front/commands.h"
#include "front/common.h"
#include "front/interrupt.h"
#include "front/progress.h"
#include "front/solve_engine.h"
#include "front/solve_output.h"

#include "core/game.h"
#include "positions/diagram.h"
#include "solver/checkpoint.h"
#include "solver/search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static GQuark solve_list_error_quark(void)
{
    return g_quark_from_static_string("solve-list-error-quark");
}
#define SOLVE_LIST_ERROR (solve_list_error_quark())

/* One line's position "X.O/.../.O." on the board geom: false and *error naming what is wrong. */
static bool parse_position(board_t *board, const board_geom_t *geom, const char *text,
                           GError **error)
{
    /* The rows joined by '/' are a diagram's lines (positions/diagram.h reads the points). */
    char *diagram = g_strdelimit(g_strdup(text), "/", '\n');
    int width, height;
    GError *why = NULL;
    bool ok = diagram_parse(board, &width, &height, diagram, &why);
    g_free(diagram);
    if (!ok) {
        /* The diagram's lines are the position's rows. */
        char **parts = g_strsplit(why->message, "line ", -1);
        char *message = g_strjoinv("row ", parts);
        g_set_error(error, SOLVE_LIST_ERROR, 0, "position '%s': %s", text, message);
        g_free(message);
        g_strfreev(parts);
        g_error_free(why);
        return false;
    }
    if (width != geom->width || height != geom->height) {
        g_set_error(error, SOLVE_LIST_ERROR, 0, "position '%s' is %dx%d, not %dx%d", text, width,
                    height, geom->width, geom->height);
        return false;
    }
    if (!board_is_legal_position(board, geom)) {
        g_set_error(error, SOLVE_LIST_ERROR, 0, "position '%s' has a string without liberties",
                    text);
        return false;
    }
    return true;
}

solve_list_entry_t *solve_list_parse(int *count, const board_geom_t *geom, const char *text,
                                     GError **error)
{
    GArray *entries = g_array_new(FALSE, FALSE, sizeof(solve_list_entry_t));
    char **lines = g_strsplit(text, "\n", -1);
    bool ok = true;
    for (int i = 0; lines[i] && ok; i++) {
        char *hash = strchr(lines[i], '#');
        if (hash)
            *hash = '\0';
        char **split = g_strsplit_set(g_strstrip(lines[i]), " \t\r", -1);
        const char *words[2] = {NULL, NULL};
        int n = 0;
        for (int w = 0; split[w]; w++)
            if (*split[w]) {
                if (n < 2)
                    words[n] = split[w];
                n++;
            }
        solve_list_entry_t e = {.line = i + 1};
        GError *why = NULL;
        if (n == 0) {
            /* a blank line or a comment */
        } else if (n != 2) {
            g_set_error(error, SOLVE_LIST_ERROR, 0,
                        "line %d: %d word%s where 'POSITION TO_MOVE' (e.g. 'X.O/.../.O. b') has 2",
                        i + 1, n, n == 1 ? "" : "s");
            ok = false;
        } else if (!parse_position(&e.board, geom, words[0], &why)) {
            g_set_error(error, SOLVE_LIST_ERROR, 0, "line %d: %s", i + 1, why->message);
            g_error_free(why);
            ok = false;
        } else if (g_ascii_strcasecmp(words[1], "b") && g_ascii_strcasecmp(words[1], "w")) {
            g_set_error(error, SOLVE_LIST_ERROR, 0, "line %d: the side to move '%s' is not b or w",
                        i + 1, words[1]);
            ok = false;
        } else {
            e.to_move = g_ascii_tolower(words[1][0]) == 'b' ? BOARD_BLACK : BOARD_WHITE;
            g_array_append_val(entries, e);
        }
        g_strfreev(split);
    }
    g_strfreev(lines);
    if (ok && entries->len == 0) {
        g_set_error(error, SOLVE_LIST_ERROR, 0, "no position (lines 'POSITION TO_MOVE')");
        ok = false;
    }
    *count = ok ? (int)entries->len : 0;
    return (solve_list_entry_t *)g_array_free(entries, !ok);
}

/* One row of `solve --positions --csv`: the columns of `solve --csv`, then the position and
 * its line (docs/csv.md). */
static void print_csv_row(const solve_csv_row_t *row, const char *position, int line)
{
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    if (!mem) {
        perror("mathgo solve: open_memstream");
        abort();
    }
    solve_print_csv_row(mem, row);
    fclose(mem);
    if (size && text[size - 1] == '\n')
        text[--size] = '\0';
    printf("%s,%s,%d\n", text, position, line);
    free(text);
}

/* A list run's table file and its signal watcher (--checkpoint). */
typedef struct list_run {
    solve_stopper_t stop;     /* the engine once created, and the signal received */
    char *problem;            /* checkpoint_list_problem */
    checkpoint_info_t before; /* what the file held: the work of earlier runs */
    uint64_t nodes;           /* this run's nodes, all positions */
} list_run_t;

/* Writes the table of `search` to o->checkpoint (its bounds open); false after printing why
 * (the previous file, if any, is intact). */
static bool list_save(const list_run_t *run, const solve_list_options_t *o, search_t *search,
                      double seconds)
{
    checkpoint_info_t info = {.command = (char *)o->command,
                              .problem = run->problem,
                              .lo = -SEARCH_VALUE_INF,
                              .hi = SEARCH_VALUE_INF,
                              .nodes = run->before.nodes + run->nodes,
                              .seconds = run->before.seconds + seconds};
    return solve_checkpoint_save(o->checkpoint, info, search);
}

int solve_list(const board_geom_t *geom, const solve_list_options_t *o)
{
    const char *where = strcmp(o->path, "-") ? o->path : "stdin";
    char *text = front_read_file("solve", o->path);
    if (!text)
        return FRONT_EXIT_USAGE;
    int count;
    GError *err = NULL;
    solve_list_entry_t *entries = solve_list_parse(&count, geom, text, &err);
    g_free(text);
    if (!entries) {
        fprintf(stderr, "mathgo solve: --positions %s: %s\n", where, err->message);
        g_error_free(err);
        return FRONT_EXIT_USAGE;
    }

    list_run_t run = {0};
    g_mutex_init(&run.stop.lock);
    /* Before any thread: the search's helpers leave the signals to the watcher.  SIGINT and
     * SIGTERM stop the list after the rows printed so far (and save the table with
     * --checkpoint); before 2026-12-05 a list without --checkpoint died with no word. */
    front_interrupt_t *watcher = front_interrupt_watch(solve_stopper_on_signal, &run.stop);
    search_options_t opts = search_options_default();
    opts.tt_bytes = 0;
    opts.memory_bytes = o->memory;
    opts.threads = o->threads;
    opts.max_nodes = o->max_nodes;
    opts.max_seconds = o->max_seconds;
    opts.analysis_last_nodes = o->analysis_last;
    opts.analysis_attractor_states = o->analysis_states;
    opts.tablebase = o->tablebase;
    solve_engine_t engine;
    memset(&engine, 0, sizeof engine);
    int status = FRONT_EXIT_OK, solved = 0, done = 0;
    front_ticker_t *ticker = NULL;
    if (o->pns)
        solve_engine_init_pns(&engine, o->memory, &opts, geom, o->rules, o->leaf_nodes);
    else if (!(engine.search = search_create(geom, o->rules, &opts, &err))) {
        fprintf(stderr, "mathgo solve: %s\n", err->message);
        g_error_free(err);
        status = FRONT_EXIT_FAILURE;
        goto out;
    }
    search_t *search = engine.search;   /* NULL under proof-number search */
    g_assert(!o->checkpoint || search); /* front_solve refuses --checkpoint with pns */
    if (o->checkpoint) {
        run.problem = checkpoint_list_problem(geom, o->rules);
        if (g_file_test(o->checkpoint, G_FILE_TEST_EXISTS)) {
            if (!checkpoint_load(&run.before, o->checkpoint, MATHGO_VERSION, run.problem,
                                 search_table(search), &err)) {
                fprintf(stderr, "mathgo solve: --checkpoint %s\n", err->message);
                status = err->code == CHECKPOINT_ERROR_IO ? FRONT_EXIT_FAILURE : FRONT_EXIT_USAGE;
                g_error_free(err);
                goto out;
            }
            if (o->progress)
                fprintf(stderr,
                        "mathgo solve: the table of %s: %llu nodes and %.1f s of earlier runs\n",
                        o->checkpoint, (unsigned long long)run.before.nodes, run.before.seconds);
        }
    }
    /* A signal received before (while the table was read) stops the first position. */
    solve_stopper_attach(&run.stop, &engine);
    ticker = front_ticker_create("solve", o->progress);
    front_ticker_watch(ticker, search);
    if (o->csv && o->header)
        printf("%s,position,line\n", solve_csv_header);
    double started = front_seconds(), saved = started;
    for (int i = 0; i < count; i++) {
        const solve_list_entry_t *e = &entries[i];
        char position[DIAGRAM_COMPACT_SIZE];
        diagram_format_compact(position, &e->board, geom);
        front_ticker_phase(ticker, "position %d of %d (line %d, %s %s), %d solved so far", i + 1,
                           count, e->line, position, e->to_move == BOARD_BLACK ? "b" : "w", solved);
        game_t *game = game_create_from(geom, o->rules, &e->board, e->to_move, &err);
        g_assert(game); /* solve_list_parse checked the liberties */
        if (search)
            search_reset_stats(search);
        else /* the limits are per position */
            pns_set_limits(engine.pns, o->max_nodes, o->max_seconds);
        if (engine.leaf_search) /* and so are the counters of the leaves' table */
            search_reset_stats(engine.leaf_search);
        search_result_t res;
        memset(&res, 0, sizeof res);
        search_bounds_t bounds;
        bool ok = o->winner ? solve_engine_winner(&bounds, &engine, game, &err)
                            : solve_engine_solve(&res, &engine, game, true, &err);
        search_stats_t st = solve_engine_stats(&engine);
        if (!search) /* this position's, not the run's (pns_nodes counts every search) */
            st.nodes = st.nodes_main = solve_engine_bounds(&engine).nodes;
        run.nodes += st.nodes;
        int stopped = solve_stopper_signal(&run.stop);
        if (stopped) {
            /* This position's search was cut short: no row for it; the table is saved below. */
            g_clear_error(&err);
            game_destroy(game);
            status = FRONT_EXIT_FAILURE;
            fprintf(stderr,
                    "mathgo solve: --positions %s: stopped by %s at line %d, after %d of %d "
                    "positions\n",
                    where, solve_signal_name(stopped), e->line, done, count);
            break;
        }
        done++;
        if (!o->winner) /* solve_engine_winner gives them, solved or not */
            bounds = solve_engine_bounds(&engine);
        const char *winner = ok && o->winner ? solve_winner_code(bounds.lo, bounds.hi) : NULL;
        const char *row_status = winner ? "winner" : "solved";
        if (!ok) {
            row_status = err->code == SEARCH_ERROR_DEPTH   ? "depth"
                         : err->code == SEARCH_ERROR_LIMIT ? "limit"
                                                           : "failed";
            fprintf(stderr, "mathgo solve: --positions %s: line %d (%s %s): %s\n", where, e->line,
                    position, e->to_move == BOARD_BLACK ? "b" : "w", err->message);
            g_clear_error(&err);
            status = FRONT_EXIT_FAILURE;
        } else
            solved++;
        if (o->csv) {
            solve_csv_row_t row = {.geom = geom,
                                   .rules_name = o->rules_name,
                                   .rules = o->rules,
                                   .to_move = e->to_move,
                                   .result = ok && !winner ? &res : NULL,
                                   .value_only = true,
                                   .lower = bounds.lo,
                                   .upper = bounds.hi,
                                   .status = row_status,
                                   .winner = winner,
                                   .stats = st,
                                   .peak_mb = front_peak_bytes() / 1048576.0,
                                   .threads = o->threads};
            print_csv_row(&row, position, e->line);
        } else {
            char value[32], lo[32], hi[32];
            if (winner) {
                printf("%s %s ", position, e->to_move == BOARD_BLACK ? "b" : "w");
                solve_print_winner(stdout, bounds.lo, bounds.hi);
                printf("\n");
            } else if (ok)
                printf("%s %s %s\n", position, e->to_move == BOARD_BLACK ? "b" : "w",
                       solve_result_text(value, res.value, o->rules));
            else
                printf("%s %s not solved (%s): in [%s, %s]\n", position,
                       e->to_move == BOARD_BLACK ? "b" : "w", row_status,
                       solve_bound_text_or_open(lo, bounds.lo),
                       solve_bound_text_or_open(hi, bounds.hi));
        }
        fflush(stdout);
        game_destroy(game);
        if (o->checkpoint && i + 1 < count && front_seconds() - saved >= o->checkpoint_every) {
            list_save(&run, o, search, front_seconds() - started);
            saved = front_seconds();
        }
    }
    front_interrupt_stop(watcher); /* a signal from here on ends the process as usual */
    watcher = NULL;
    if (o->checkpoint && !list_save(&run, o, search, front_seconds() - started))
        status = FRONT_EXIT_FAILURE;
    if (o->progress)
        fprintf(stderr, "mathgo solve: --positions %s: %d positions, %d solved, %.1f s\n", where,
                count, solved, front_seconds() - started);
out:
    front_interrupt_stop(watcher);
    solve_stopper_attach(&run.stop, NULL);
    front_ticker_destroy(ticker);
    solve_engine_clear(&engine);
    checkpoint_info_clear(&run.before);
    g_free(run.problem);
    g_mutex_clear(&run.stop.lock);
    g_free(entries);
    return status;
}
