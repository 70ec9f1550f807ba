/*
 * dist/run.c: the distributed solve on MPI (dist/dist.h; docs/scale.md has the protocol and
 * what was measured).  Rank 0 coordinates: it holds the plan and the journal, hands a unit to
 * each worker that is idle, cancels running units no longer needed, and takes a unit back from
 * a worker silent for longer than the time-out.  Workers search each unit on a thread of their
 * own while their main thread, the only one that calls MPI (MPI_THREAD_FUNNELED), listens for
 * a cancel and sends a heartbeat every second.  Every message is small and goes by
 * MPI_Send/MPI_Recv on MPI_COMM_WORLD with MPI_ERRORS_RETURN; the coordinator only ever
 * receives with MPI_Iprobe first, so a dead worker cannot block it.
 */
#define _POSIX_C_SOURCE 200809L /* raise */
#include "dist/internal.h"

#include "solver/checkpoint.h"

#include <signal.h>
#include <stdio.h>
#include <stdatomic.h>
#include <string.h>

#ifdef MATHGO_HAVE_MPI
#include <mpi.h>
#endif

bool dist_available(void)
{
#ifdef MATHGO_HAVE_MPI
    return true;
#else
    return false;
#endif
}

#define DIST_DEFAULT_TIMEOUT 10.0 /* seconds */
#define DIST_BEAT_SECONDS    1.0
#define DIST_DEFAULT_SPLIT   1.0 /* seconds a unit runs before it may be split */

static int target_units(const dist_options_t *options, int workers)
{
    if (options->target_units > 0)
        return options->target_units;
    return MAX(64, 16 * workers);
}

static double seconds_since(gint64 start)
{
    return (g_get_monotonic_time() - start) / 1e6;
}

/* The plan, from the journal when there is one.  *warning: a cut tail (g_free). */
static bool coordinator_plan(dist_plan_t **plan, dist_journal_t **journal, int *from_journal,
                             char **warning, const game_t *game, const dist_options_t *options,
                             int workers, GError **error)
{
    *journal = NULL, *from_journal = 0, *warning = NULL;
    if (!options->journal) {
        *plan = dist_plan_create(game, target_units(options, workers));
        return true;
    }
    char *problem = checkpoint_problem(game);
    *journal = dist_journal_open(plan, from_journal, warning, options->journal, problem,
                                 options->command, game, target_units(options, workers), error);
    g_free(problem);
    return *journal != NULL;
}

static void report(const dist_options_t *options, dist_progress_t *p, const dist_plan_t *plan,
                   gint64 start, const char *note)
{
    dist_plan_root_bounds(&p->lo, &p->hi, plan);
    p->seconds = seconds_since(start);
    p->note = note;
    if (options->progress)
        options->progress(p, options->progress_data);
    p->note = NULL;
}

/* Records a unit's answer (and journals it). */
static bool coordinator_record(dist_plan_t *plan, dist_journal_t *journal, dist_progress_t *p,
                               int unit, int lo, int hi, uint64_t nodes, double seconds,
                               const dist_options_t *options, GError **error)
{
    dist_plan_record(plan, unit, lo, hi, nodes);
    p->solved++;
    p->nodes += nodes;
    if (journal && !dist_journal_append_result(journal, unit, lo, hi, nodes, seconds, error))
        return false;
    if (options->kill_coordinator_after && p->solved >= options->kill_coordinator_after)
        raise(SIGKILL); /* the test of a coordinator's crash (docs/scale.md) */
    return true;
}

/* One rank alone: the coordinator searches the units itself. */
static bool solve_alone(int *value, dist_plan_t *plan, dist_journal_t *journal, dist_progress_t *p,
                        const board_geom_t *geom, const rules_t *rules, const game_t *game,
                        const dist_options_t *options, gint64 start, GError **error)
{
    search_t *search = search_create(geom, rules, &options->search, error);
    if (!search)
        return false;
    bool ok = true;
    int unit, alpha, beta;
    gint64 last_report = 0;
    while (ok && !dist_plan_decided(value, plan)) {
        bool any = dist_plan_next(&unit, &alpha, &beta, plan);
        g_assert(any); /* plan.c's header: the root is decided once no needed unit is left */
        game_t *unit_game = dist_plan_unit_game(plan, game, unit);
        uint64_t before = search_stats(search).nodes;
        gint64 began = g_get_monotonic_time();
        int r;
        ok = search_value(&r, search, unit_game, alpha, beta, error);
        game_destroy(unit_game);
        if (ok) {
            int lo, hi;
            dist_plan_bounds_of(&lo, &hi, r, alpha, beta);
            ok = coordinator_record(plan, journal, p, unit, lo, hi,
                                    search_stats(search).nodes - before, seconds_since(began),
                                    options, error);
        } else
            g_prefix_error(error, "unit %d: ", unit);
        if (g_get_monotonic_time() - last_report > 1000000) {
            last_report = g_get_monotonic_time();
            report(options, p, plan, start, NULL);
        }
    }
    search_destroy(search);
    return ok;
}

#ifdef MATHGO_HAVE_MPI

enum {
    TAG_READY = 1, /* worker -> coordinator: idle, give me a unit */
    TAG_RESULT,    /* worker -> coordinator: int64 {unit, status, lo, hi, nodes, microseconds} */
    TAG_FAILED,    /* worker -> coordinator, after a RESULT of status FAILED: the message */
    TAG_BEAT,      /* worker -> coordinator: int64 {unit, nodes so far} */
    TAG_UNIT,      /* coordinator -> worker: int64 {unit, alpha, beta, n, n moves} */
    TAG_CANCEL,    /* coordinator -> worker: int64 {unit} */
    TAG_STOP,      /* coordinator -> worker: no more units */
    TAG_BYE,       /* worker -> coordinator: stopped (the answer to TAG_STOP) */
};

enum { RESULT_ANSWERED = 0, RESULT_CANCELLED, RESULT_FAILED };

#define UNIT_MESSAGE_MAX (4 + SEARCH_MAX_PV)

/* ---- The worker ---- */

typedef struct unit_search {
    search_t *search;
    game_t *game;
    int alpha, beta;
    int value;
    bool ok;
    GError *error;
    atomic_bool done;
} unit_search_t;

static gpointer unit_search_thread(gpointer data)
{
    unit_search_t *u = data;
    u->ok = search_value(&u->value, u->search, u->game, u->alpha, u->beta, &u->error);
    atomic_store(&u->done, true);
    return NULL;
}

static void send_result(int64_t unit, int64_t status, int lo, int hi, uint64_t nodes,
                        double seconds)
{
    int64_t msg[6] = {unit, status, lo, hi, (int64_t)nodes, (int64_t)(seconds * 1e6)};
    MPI_Send(msg, 6, MPI_INT64_T, 0, TAG_RESULT, MPI_COMM_WORLD);
}

static bool worker(const board_geom_t *geom, const rules_t *rules, const game_t *root,
                   const dist_options_t *options, int rank, GError **error)
{
    search_t *search = search_create(geom, rules, &options->search, error);
    if (!search)
        return false;
    int units_received = 0;
    /* Heartbeats at least four to a time-out. */
    double beat_seconds =
        MIN(DIST_BEAT_SECONDS,
            (options->worker_timeout > 0 ? options->worker_timeout : DIST_DEFAULT_TIMEOUT) / 4);
    MPI_Send(NULL, 0, MPI_INT64_T, 0, TAG_READY, MPI_COMM_WORLD);
    int64_t msg[UNIT_MESSAGE_MAX];
    for (;;) {
        /* Waiting for a unit: probe and sleep.  A blocking MPI_Recv polls in Open MPI (a whole
         * core while idle), which takes the core from a searching rank beside it. */
        MPI_Status status;
        int arrived = 0;
        while (MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status) == MPI_SUCCESS &&
               !arrived)
            g_usleep(1000);
        if (!arrived || MPI_Recv(msg, UNIT_MESSAGE_MAX, MPI_INT64_T, 0, MPI_ANY_TAG, MPI_COMM_WORLD,
                                 &status) != MPI_SUCCESS)
            break;
        if (status.MPI_TAG == TAG_STOP) {
            MPI_Send(NULL, 0, MPI_INT64_T, 0, TAG_BYE, MPI_COMM_WORLD);
            break;
        }
        if (status.MPI_TAG != TAG_UNIT)
            continue; /* a cancel for a unit already answered */
        if (++units_received == 1 && options->kill_worker_rank == rank)
            raise(SIGKILL); /* the test of a lost worker (docs/scale.md) */
        int64_t unit = msg[0];
        unit_search_t u = {0};
        u.search = search, u.game = game_copy(root), u.alpha = (int)msg[1], u.beta = (int)msg[2];
        atomic_init(&u.done, false);
        for (int64_t k = 0; k < msg[3]; k++) {
            game_legality_t legal = game_play(u.game, (board_move_t)msg[4 + k]);
            g_assert(legal == GAME_LEGAL);
        }
        uint64_t before = search_stats(search).nodes;
        gint64 began = g_get_monotonic_time(), last_beat = began;
        GThread *thread = g_thread_new("mathgo-unit", unit_search_thread, &u);
        bool cancelled = false, stop = false;
        while (!atomic_load(&u.done)) {
            int flag = 0;
            MPI_Status probe;
            MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &probe);
            if (flag && (probe.MPI_TAG == TAG_CANCEL || probe.MPI_TAG == TAG_STOP)) {
                int64_t which = -1;
                MPI_Recv(&which, 1, MPI_INT64_T, 0, probe.MPI_TAG, MPI_COMM_WORLD, &probe);
                stop = probe.MPI_TAG == TAG_STOP;
                if (stop || which == unit) {
                    /* Stopped like a node limit: the table keeps what it proved. */
                    search_interrupt(search);
                    cancelled = true;
                    break;
                }
            }
            if (g_get_monotonic_time() - last_beat > beat_seconds * 1e6) {
                last_beat = g_get_monotonic_time();
                int64_t beat[2] = {unit, (int64_t)(search_stats(search).nodes - before)};
                MPI_Send(beat, 2, MPI_INT64_T, 0, TAG_BEAT, MPI_COMM_WORLD);
            }
            g_usleep(2000);
        }
        g_thread_join(thread);
        game_destroy(u.game);
        uint64_t nodes = search_stats(search).nodes - before;
        double seconds = seconds_since(began);
        if (cancelled) {
            g_clear_error(&u.error);
            if (stop) {
                search_destroy(search);
                MPI_Send(NULL, 0, MPI_INT64_T, 0, TAG_BYE, MPI_COMM_WORLD);
                return true;
            }
            send_result(unit, RESULT_CANCELLED, 0, 0, nodes, seconds);
            search_clear_interrupt(search);
        } else if (!u.ok) {
            send_result(unit, RESULT_FAILED, 0, 0, nodes, seconds);
            MPI_Send(u.error->message, (int)strlen(u.error->message) + 1, MPI_CHAR, 0, TAG_FAILED,
                     MPI_COMM_WORLD);
            g_clear_error(&u.error);
        } else {
            int lo, hi;
            dist_plan_bounds_of(&lo, &hi, u.value, u.alpha, u.beta);
            send_result(unit, RESULT_ANSWERED, lo, hi, nodes, seconds);
        }
    }
    search_destroy(search);
    return true;
}

/* ---- The coordinator ---- */

typedef struct worker_state {
    bool idle;    /* asked for a unit */
    bool lost;    /* silent too long (a late word revives it) */
    bool stopped; /* sent TAG_STOP */
    int unit;     /* running, or -1 */
    bool cancel_sent;
    uint64_t nodes; /* of the running unit, from its heartbeats */
    gint64 last_seen;
    gint64 began; /* when the running unit was sent */
} worker_state_t;

/* Every worker still there stops (a running unit is interrupted) and says so: the coordinator
 * waits for that (at most the time-out), so that no worker is left waiting for a unit.  The
 * number of workers that did not answer (dead, or lost before): MPI_Finalize would wait for
 * them for ever. */
static int stop_workers(worker_state_t *w, int ranks, double timeout)
{
    int64_t none = -1, msg[UNIT_MESSAGE_MAX];
    int waiting = 0;
    for (int r = 1; r < ranks; r++)
        if (!w[r].lost &&
            MPI_Send(&none, 1, MPI_INT64_T, r, TAG_STOP, MPI_COMM_WORLD) == MPI_SUCCESS)
            w[r].stopped = true, waiting++;
    gint64 start = g_get_monotonic_time();
    while (waiting && seconds_since(start) < timeout) {
        int flag = 0;
        MPI_Status st;
        if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st) != MPI_SUCCESS)
            break;
        if (!flag) {
            g_usleep(1000);
            continue;
        }
        if (st.MPI_TAG == TAG_FAILED) {
            char text[1024];
            MPI_Recv(text, sizeof text, MPI_CHAR, st.MPI_SOURCE, TAG_FAILED, MPI_COMM_WORLD, &st);
        } else
            MPI_Recv(msg, UNIT_MESSAGE_MAX, MPI_INT64_T, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD,
                     &st);
        if (st.MPI_TAG == TAG_BYE && w[st.MPI_SOURCE].stopped) {
            w[st.MPI_SOURCE].stopped = false;
            waiting--;
        }
    }
    int silent = 0;
    for (int r = 1; r < ranks; r++)
        silent += w[r].lost || w[r].stopped;
    return silent;
}

/*
 * When a worker is idle and no unit is left to hand out, the unit that has run longest (at
 * least options->split_seconds) is split (dist_plan_split): its search goes on, and its
 * children but the first go to the idle workers.  Static units leave one unit per root test
 * with most of the test's work (the one on the principal variation: bench_dist units, 4x4
 * math at depth 2, 45-77 % of each later test), and that unit bounds the speed-up whatever
 * the number of ranks (docs/scale.md, "Splitting").  True when a unit was split.
 */
static bool split_longest(dist_plan_t *plan, dist_journal_t *journal, dist_progress_t *p,
                          worker_state_t *w, int ranks, const game_t *game,
                          const dist_options_t *options, gint64 now, GError **error, bool *ok)
{
    double after = options->split_seconds > 0 ? options->split_seconds : DIST_DEFAULT_SPLIT;
    if (options->split_seconds < 0)
        return false;
    bool idle = false;
    int longest = -1;
    for (int r = 1; r < ranks; r++) {
        if (w[r].lost)
            continue;
        idle |= w[r].idle;
        if (w[r].unit >= 0 && !w[r].cancel_sent && dist_plan_needed(plan, w[r].unit) &&
            (now - w[r].began) / 1e6 >= after && (longest < 0 || w[r].began < w[longest].began))
            longest = r;
    }
    if (!idle || longest < 0 || !dist_plan_split(plan, game, w[longest].unit))
        return false;
    p->splits++;
    p->units = dist_plan_unit_count(plan);
    if (journal && !dist_journal_append_split(journal, w[longest].unit, error))
        *ok = false;
    return true;
}

static bool coordinate(int *value, int *silent, dist_plan_t *plan, dist_journal_t *journal,
                       dist_progress_t *p, int ranks, const game_t *game,
                       const dist_options_t *options, gint64 start, GError **error)
{
    worker_state_t *w = g_new0(worker_state_t, ranks);
    for (int r = 1; r < ranks; r++)
        w[r].unit = -1, w[r].last_seen = g_get_monotonic_time();
    double timeout = options->worker_timeout > 0 ? options->worker_timeout : DIST_DEFAULT_TIMEOUT;
    bool ok = true;
    gint64 last_report = g_get_monotonic_time(), stalled_since = 0;
    char *note = NULL;
    int64_t msg[UNIT_MESSAGE_MAX];
    /* The first units go out once every worker has asked (or after a time-out), in the order
     * of the ranks: the same start every run. */
    for (int ready = 0; ready < ranks - 1 && seconds_since(start) < timeout;) {
        int flag = 0;
        MPI_Status st;
        if (MPI_Iprobe(MPI_ANY_SOURCE, TAG_READY, MPI_COMM_WORLD, &flag, &st) != MPI_SUCCESS)
            break;
        if (!flag) {
            g_usleep(1000);
            continue;
        }
        MPI_Recv(NULL, 0, MPI_INT64_T, st.MPI_SOURCE, TAG_READY, MPI_COMM_WORLD, &st);
        w[st.MPI_SOURCE].idle = true;
        w[st.MPI_SOURCE].last_seen = g_get_monotonic_time();
        ready++;
    }
    while (ok && !dist_plan_decided(value, plan)) {
        bool quiet = true;
        int flag = 0;
        MPI_Status st;
        while (ok &&
               MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st) == MPI_SUCCESS &&
               flag) {
            quiet = false;
            int r = st.MPI_SOURCE;
            if (st.MPI_TAG == TAG_FAILED) {
                char text[1024] = "";
                MPI_Recv(text, sizeof text, MPI_CHAR, r, TAG_FAILED, MPI_COMM_WORLD, &st);
                text[sizeof text - 1] = 0;
                g_set_error(error, DIST_ERROR, DIST_ERROR_SEARCH, "rank %d: %s", r, text);
                ok = false;
                break;
            }
            MPI_Recv(msg, UNIT_MESSAGE_MAX, MPI_INT64_T, r, st.MPI_TAG, MPI_COMM_WORLD, &st);
            w[r].last_seen = g_get_monotonic_time();
            if (w[r].lost) {
                w[r].lost = false;
                p->workers_lost--;
                note = g_strdup_printf("rank %d answers again", r);
            }
            if (st.MPI_TAG == TAG_READY)
                w[r].idle = true;
            else if (st.MPI_TAG == TAG_BEAT)
                w[r].nodes = (uint64_t)msg[1];
            else if (st.MPI_TAG == TAG_RESULT) {
                int unit = (int)msg[0];
                w[r].idle = true;
                if (w[r].unit == unit)
                    w[r].unit = -1;
                if (msg[1] == RESULT_ANSWERED)
                    ok = coordinator_record(plan, journal, p, unit, (int)msg[2], (int)msg[3],
                                            (uint64_t)msg[4], msg[5] / 1e6, options, error);
                else if (msg[1] == RESULT_CANCELLED) {
                    p->nodes_lost += (uint64_t)msg[4];
                    if (dist_plan_running(plan, unit))
                        dist_plan_release(plan, unit);
                } else
                    w[r].idle = false; /* its TAG_FAILED follows */
            }
        }
        if (!ok || dist_plan_decided(value, plan))
            break;
        gint64 now = g_get_monotonic_time();
        int busy = 0, alive = 0;
        for (int r = 1; r < ranks; r++) {
            if (w[r].lost)
                continue;
            if (w[r].unit >= 0 && (now - w[r].last_seen) / 1e6 > timeout) {
                /* Silent too long: its unit goes to another worker. */
                w[r].lost = true;
                p->workers_lost++;
                p->reassigned++;
                p->nodes_lost += w[r].nodes;
                if (dist_plan_running(plan, w[r].unit))
                    dist_plan_release(plan, w[r].unit);
                g_free(note);
                note = g_strdup_printf("rank %d silent for %.1f s: unit %d goes to another rank", r,
                                       timeout, w[r].unit);
                w[r].unit = -1, w[r].idle = false;
                continue;
            }
            alive++;
            if (w[r].unit >= 0 && !w[r].cancel_sent && !dist_plan_needed(plan, w[r].unit)) {
                int64_t unit = w[r].unit;
                if (MPI_Send(&unit, 1, MPI_INT64_T, r, TAG_CANCEL, MPI_COMM_WORLD) == MPI_SUCCESS)
                    w[r].cancel_sent = true, p->cancelled++;
            }
            int unit, alpha, beta;
            if (w[r].idle && dist_plan_next(&unit, &alpha, &beta, plan)) {
                board_move_t moves[SEARCH_MAX_PV];
                int n = dist_plan_unit_moves(moves, plan, unit);
                msg[0] = unit, msg[1] = alpha, msg[2] = beta, msg[3] = n;
                for (int k = 0; k < n; k++)
                    msg[4 + k] = moves[k];
                if (MPI_Send(msg, 4 + n, MPI_INT64_T, r, TAG_UNIT, MPI_COMM_WORLD) != MPI_SUCCESS) {
                    dist_plan_release(plan, unit);
                    w[r].lost = true;
                    p->workers_lost++;
                    continue;
                }
                w[r].idle = false, w[r].unit = unit, w[r].cancel_sent = false, w[r].nodes = 0;
                w[r].last_seen = now, w[r].began = now;
                quiet = false;
            }
            busy += w[r].unit >= 0 || w[r].idle;
        }
        if (ok && split_longest(plan, journal, p, w, ranks, game, options, now, error, &ok))
            quiet = false;
        if (!ok)
            break;
        /* Nobody searching and nobody asking (a worker whose search could not start): the
         * run would wait for ever. */
        if (busy)
            stalled_since = 0;
        else if (!stalled_since)
            stalled_since = now;
        else if ((now - stalled_since) / 1e6 > timeout) {
            g_set_error(error, DIST_ERROR, DIST_ERROR_MPI,
                        "no worker rank searched or asked for a unit for %.1f s", timeout);
            ok = false;
            break;
        }
        if (!alive) {
            g_set_error(error, DIST_ERROR, DIST_ERROR_MPI,
                        "every worker rank was lost (the journal keeps what they answered)");
            ok = false;
            break;
        }
        if (note || now - last_report > 1000000) {
            last_report = now;
            report(options, p, plan, start, note);
            g_free(note);
            note = NULL;
        }
        if (quiet)
            g_usleep(1000);
    }
    if (!ok) /* a rank thought lost may only be slow: it must not wait for ever */
        for (int r = 1; r < ranks; r++)
            w[r].lost = false;
    *silent = stop_workers(w, ranks, timeout);
    g_free(note);
    g_free(w);
    return ok;
}

#endif /* MATHGO_HAVE_MPI */

void dist_finish(const dist_result_t *result)
{
#ifdef MATHGO_HAVE_MPI
    int initialized = 0, finalized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (!initialized || finalized || !result->coordinator)
        return;
    /* A dead worker would keep MPI_Finalize waiting for ever, here and on the workers that
     * stopped: the job ends by MPI_Abort, which mpirun reports (docs/scale.md, "Lost ranks"). */
    fflush(stdout);
    fflush(stderr);
    if (result->silent_workers)
        MPI_Abort(MPI_COMM_WORLD, 0);
    else
        MPI_Finalize();
#else
    (void)result;
#endif
}

bool dist_run(dist_result_t *result, const board_geom_t *geom, const rules_t *rules,
              const game_t *game, const dist_options_t *options, GError **error)
{
    memset(result, 0, sizeof *result);
#ifndef MATHGO_HAVE_MPI
    (void)geom, (void)rules, (void)game, (void)options, (void)solve_alone, (void)report;
    (void)coordinator_plan;
    g_set_error(error, DIST_ERROR, DIST_ERROR_NO_MPI,
                "this mathgo was built without MPI (install libopenmpi-dev and openmpi-bin and "
                "build again; docs/scale.md)");
    return false;
#else
    int provided = 0, rank = 0, ranks = 1;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        g_set_error(error, DIST_ERROR, DIST_ERROR_MPI, "MPI_Init_thread failed");
        return false;
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    result->ranks = ranks;
    bool ok;
    if (rank) {
        ok = worker(geom, rules, game, options, rank, error);
        MPI_Finalize();
        return ok;
    }
    result->coordinator = true;
    gint64 start = g_get_monotonic_time();
    dist_plan_t *plan = NULL;
    dist_journal_t *journal = NULL;
    char *warning = NULL;
    dist_progress_t *p = &result->final;
    int silent = 0; /* workers that did not answer the stop */
    p->workers = ranks > 1 ? ranks - 1 : 1;
    ok = coordinator_plan(&plan, &journal, &p->from_journal, &warning, game, options, p->workers,
                          error);
    if (ok) {
        p->units = dist_plan_unit_count(plan);
        report(options, p, plan, start, warning);
        if (ranks == 1)
            ok = solve_alone(&result->value, plan, journal, p, geom, rules, game, options, start,
                             error);
        else
            ok = coordinate(&result->value, &silent, plan, journal, p, ranks, game, options, start,
                            error);
        report(options, p, plan, start, NULL);
    } else if (ranks > 1) {
        /* The workers wait for units: tell them there are none. */
        worker_state_t *w = g_new0(worker_state_t, ranks);
        silent = stop_workers(w, ranks, DIST_DEFAULT_TIMEOUT);
        g_free(w);
    }
    g_free(warning);
    dist_journal_close(journal);
    dist_plan_destroy(plan);
    result->silent_workers = silent;
    return ok;
#endif
}
