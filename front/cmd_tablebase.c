/*
 * front/cmd_tablebase.c: `mathgo tablebase WxH --rules R [-o FILE]`: the retrograde tablebase of
 * a board under math or pseudo played with ko=simple, endless play a draw (solver/tablebase.h,
 * docs/tablebases.md), its counts, time and memory, written to FILE when asked.
 */
#include "front/commands.h"
#include "front/common.h"
#include "front/interrupt.h"
#include "front/solve_output.h"

#include "solver/tablebase.h"

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static void show_progress(int level, uint64_t resolved, uint64_t states, void *data)
{
    (void)data;
    fprintf(stderr, "\rlevel %d: %llu of %llu states known", level, (unsigned long long)resolved,
            (unsigned long long)states);
    fflush(stderr);
}

/* What the signal watcher needs: the tablebase to stop, and the first signal received. */
typedef struct tablebase_run {
    GMutex lock; /* guards tb and signal (the watcher's thread) */
    tablebase_t *tb;
    int signal; /* the first SIGINT or SIGTERM, 0 before */
} tablebase_run_t;

static void on_signal(int signal, void *data)
{
    tablebase_run_t *run = data;
    g_mutex_lock(&run->lock);
    if (!run->signal)
        run->signal = signal;
    if (run->tb)
        tablebase_interrupt(run->tb);
    g_mutex_unlock(&run->lock);
}

/* The columns of `tablebase --csv` (docs/csv.md): append, never reorder. */
static const char csv_header[] =
    "board,rules,threads,positions,states,ko_states,ko_changed,wins,losses,draws,max_distance,"
    "long_states,moves,time_s,cpu_s,memory_bytes,peak_rss_bytes,file";

int front_tablebase(int argc, char **argv)
{
    front_rules_args_t rules_args = {0};
    char *output = NULL, *memory_text = NULL, *checkpoint = NULL;
    gdouble checkpoint_every = 300;
    int threads = 1;
    gboolean csv = FALSE, no_header = FALSE;
    GOptionEntry entries[] = {
        {"threads", 0, 0, G_OPTION_ARG_INT, &threads, "threads (default 1)", "N"},
        {"output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "write the tablebase to FILE", "FILE"},
        {"memory", 'm', 0, G_OPTION_ARG_STRING, &memory_text,
         "cap on the memory the computation holds (default: half the machine's memory); a "
         "board that cannot fit is refused before the computation",
         "SIZE"},
        {"checkpoint", 0, 0, G_OPTION_ARG_FILENAME, &checkpoint,
         "save the computation after a level every --checkpoint-every seconds to FILE; the same "
         "command resumes from it (docs/reliability.md)",
         "FILE"},
        {"checkpoint-every", 0, 0, G_OPTION_ARG_DOUBLE, &checkpoint_every,
         "seconds between checkpoints (default 300)", "S"},
        {"csv", 0, 0, G_OPTION_ARG_NONE, &csv,
         "one CSV row (after a header line) with the counts and costs (docs/csv.md)", NULL},
        {"no-header", 0, 0, G_OPTION_ARG_NONE, &no_header, "with --csv: no header line", NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *context = g_option_context_new("WxH - the retrograde tablebase of a board");
    g_option_context_set_summary(
        context,
        "Computes the value (win, loss or draw for the side to move, with the distance in\n"
        "plies) of every state of the board: every legal position, each side to move, and\n"
        "the simple-ko ban.  Rules: math or pseudo (default math), played with ko=simple and\n"
        "endless play a draw (docs/tablebases.md).");
    g_option_context_add_main_entries(context, entries, NULL);
    front_rules_args_add_default(context, &rules_args, "math");
    front_progress_args_t progress_args = {FALSE, FALSE};
    front_progress_args_add(context, &progress_args);
    bool progress = false;
    int status = FRONT_EXIT_USAGE;
    board_geom_t *geom = NULL;
    tablebase_t *tb = NULL;
    GError *error = NULL;
    rules_t rules;
    tablebase_run_t run = {.tb = NULL, .signal = 0};
    g_mutex_init(&run.lock);
    front_interrupt_t *watcher = NULL;

    if (!front_parse_options(context, &argc, &argv, "tablebase") ||
        !front_progress_args_parse(&progress, "tablebase", &progress_args))
        goto done;
    if (argc != 2) {
        fprintf(stderr, "mathgo tablebase: give one board size (e.g. 4x4)\n");
        goto done;
    }
    size_t memory = front_physical_memory() / 2;
    if (memory_text && !front_parse_memory(&memory, memory_text)) {
        status =
            front_usage("tablebase", "--memory: '%s' is not a size such as 64M or 1G", memory_text);
        goto done;
    }
    if (!(checkpoint_every >= 0 && checkpoint_every < 1e9)) {
        status = front_usage("tablebase", "--checkpoint-every: %g is not a number of seconds >= 0",
                             checkpoint_every);
        goto done;
    }
    if (checkpoint && !g_file_test(checkpoint, G_FILE_TEST_EXISTS) &&
        !solve_check_writable(checkpoint, &error)) {
        fprintf(stderr, "mathgo tablebase: --checkpoint: %s\n", error->message);
        g_clear_error(&error);
        goto done;
    }
    if (output && !solve_check_writable(output, &error)) {
        fprintf(stderr, "mathgo tablebase: --output: %s\n", error->message);
        g_clear_error(&error);
        goto done;
    }
    if (!(geom = front_geom("tablebase", argv[1])))
        goto done;
    if (!front_rules_args_parse(&rules, "tablebase", &rules_args, "math"))
        goto done;
    if (front_rules_args_komi(&rules_args)) {
        fprintf(stderr, "mathgo tablebase: --komi: the tablebase rules have no score\n");
        goto done;
    }
    /* Before any thread: the computation's threads leave the signals to the watcher. */
    watcher = front_interrupt_watch(on_signal, &run);
    double started = front_seconds();
    if (!(tb = tablebase_create(geom, &rules, &error))) {
        status = error->code == TABLEBASE_ERROR_MEMORY ? FRONT_EXIT_FAILURE : FRONT_EXIT_USAGE;
        fprintf(stderr, "mathgo tablebase: %s\n", error->message);
        g_error_free(error);
        goto done;
    }
    if (threads < 1 || threads > TABLEBASE_MAX_THREADS) {
        fprintf(stderr, "mathgo tablebase: --threads: %d is not between 1 and %d\n", threads,
                TABLEBASE_MAX_THREADS);
        goto done;
    }
    tablebase_options_t options = tablebase_options_default();
    options.threads = threads;
    options.memory_bytes = memory;
    options.checkpoint_path = checkpoint;
    options.checkpoint_seconds = checkpoint_every;
    options.progress = progress ? show_progress : NULL;
    g_mutex_lock(&run.lock);
    run.tb = tb;
    if (run.signal) /* received while the positions were ranked */
        tablebase_interrupt(tb);
    g_mutex_unlock(&run.lock);
    bool computed = tablebase_compute(tb, &options, &error);
    g_mutex_lock(&run.lock);
    run.tb = NULL;
    g_mutex_unlock(&run.lock);
    if (!computed) {
        if (progress)
            fprintf(stderr, "\n");
        if (error->code == TABLEBASE_ERROR_INTERRUPTED) {
            fprintf(stderr, "mathgo tablebase: %dx%d: stopped by %s after %.1f s: %s\n",
                    geom->width, geom->height, run.signal == SIGTERM ? "SIGTERM" : "SIGINT",
                    front_seconds() - started, error->message);
            if (checkpoint)
                fprintf(stderr, "mathgo tablebase: saved %s: the same command resumes from it\n",
                        checkpoint);
            status = FRONT_EXIT_FAILURE;
        } else {
            fprintf(stderr, "mathgo tablebase: %s%s\n", checkpoint ? "--checkpoint " : "",
                    error->message);
            status = error->code == TABLEBASE_ERROR_FORMAT ? FRONT_EXIT_USAGE : FRONT_EXIT_FAILURE;
        }
        g_error_free(error);
        goto done;
    }
    if (progress)
        fprintf(stderr, "\n");
    tablebase_stats_t s = tablebase_stats(tb);
    char *rules_text = tablebase_rules_string(&rules);
    if (csv) {
        if (!no_header)
            printf("%s\n", csv_header);
        printf("%dx%d,", geom->width, geom->height);
        front_csv_field(stdout, rules_text);
        printf(",%d,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%d,%llu,%llu,%.3f,%.3f,%zu,%lld,", threads,
               (unsigned long long)s.positions, (unsigned long long)s.states,
               (unsigned long long)s.ko_states, (unsigned long long)s.ko_changed,
               (unsigned long long)s.wins, (unsigned long long)s.losses,
               (unsigned long long)s.draws, s.max_distance, (unsigned long long)s.long_states,
               (unsigned long long)s.edges, s.seconds, s.cpu_seconds, s.memory_bytes,
               front_peak_bytes());
        front_csv_field(stdout, output ? output : "");
        putchar('\n');
    } else {
        printf("board: %dx%d\n", geom->width, geom->height);
        printf("rules: %s\n", rules_text);
        printf("positions: %llu\n", (unsigned long long)s.positions);
        printf("states: %llu (%llu with a ko ban, %llu of them valued otherwise than with no "
               "ban)\n",
               (unsigned long long)s.states, (unsigned long long)s.ko_states,
               (unsigned long long)s.ko_changed);
        printf("wins: %llu\nlosses: %llu\ndraws: %llu\n", (unsigned long long)s.wins,
               (unsigned long long)s.losses, (unsigned long long)s.draws);
        printf("longest: %d plies (%llu states beyond 253)\n", s.max_distance,
               (unsigned long long)s.long_states);
        printf("moves: %llu\n", (unsigned long long)s.edges);
        printf("time: %.2f s (%d thread%s), %.2f s of CPU\n", s.seconds, threads,
               threads > 1 ? "s" : "", s.cpu_seconds);
        printf("memory: %.1f MB tables, %.1f MB peak\n", s.memory_bytes / 1e6,
               front_peak_bytes() / 1048576.0);
    }
    g_free(rules_text);
    if (output) {
        if (!tablebase_save(tb, output, &error)) {
            fprintf(stderr, "mathgo tablebase: %s\n", error->message);
            g_error_free(error);
            status = FRONT_EXIT_FAILURE;
            goto done;
        }
        if (!csv)
            printf("file: %s\n", output);
    }
    status = FRONT_EXIT_OK;
done:
    front_interrupt_stop(watcher); /* a signal from here on ends the process as usual */
    g_mutex_clear(&run.lock);
    tablebase_destroy(tb);
    board_geom_destroy(geom);
    front_rules_args_clear(&rules_args);
    g_free(output);
    g_free(memory_text);
    g_free(checkpoint);
    g_option_context_free(context);
    return status;
}
