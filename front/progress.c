/* front/progress.c: the heartbeat thread of long commands (front/progress.h). */
#include "front/progress.h"

#include "solver/pns.h"
#include "solver/search.h"

#include <stdarg.h>
#include <stdio.h>

/* A heartbeat comes when no line was printed for this long: with the thread waking every
 * quarter second, lines are never more than 1.25 s apart. */
#define QUIET_SECONDS 1.0

struct front_ticker {
    char *name;
    GThread *thread;
    GMutex lock; /* guards everything below */
    GCond wake;
    bool stop;
    char *phase;
    const struct search *search; /* whose nodes a heartbeat shows (NULL: none) */
    const struct pns *pns;       /* or this proof-number search's */
    gint64 started, last_line;   /* monotonic microseconds */
};

static gpointer tick(gpointer data)
{
    front_ticker_t *t = data;
    g_mutex_lock(&t->lock);
    while (!t->stop) {
        g_cond_wait_until(&t->wake, &t->lock, g_get_monotonic_time() + G_TIME_SPAN_SECOND / 4);
        gint64 now = g_get_monotonic_time();
        if (t->stop || now - t->last_line < (gint64)(QUIET_SECONDS * G_TIME_SPAN_SECOND))
            continue;
        char nodes[64] = ""; /* in the columns of the solver's own lines */
        if (t->search) {
            int at = snprintf(nodes, sizeof nodes, "%12llu nodes ",
                              (unsigned long long)search_nodes_so_far(t->search));
            uint64_t imagined = search_imagined_so_far(t->search);
            if (imagined) /* the Analyses' positions: the nodes stand still during one */
                snprintf(nodes + at, sizeof nodes - at, "%12llu imagined ",
                         (unsigned long long)imagined);
        } else if (t->pns)
            snprintf(nodes, sizeof nodes, "%12llu nodes ",
                     (unsigned long long)pns_nodes_so_far(t->pns));
        fprintf(stderr, "mathgo %s: %8.1f s %s %s\n", t->name, (now - t->started) / 1e6, nodes,
                t->phase ? t->phase : "working");
        t->last_line = now;
    }
    g_mutex_unlock(&t->lock);
    return NULL;
}

front_ticker_t *front_ticker_create(const char *name, bool enabled)
{
    front_ticker_t *t = g_new0(front_ticker_t, 1);
    t->name = g_strdup(name);
    g_mutex_init(&t->lock);
    g_cond_init(&t->wake);
    t->started = t->last_line = g_get_monotonic_time();
    if (enabled)
        t->thread = g_thread_new("mathgo-progress", tick, t);
    return t;
}

void front_ticker_destroy(front_ticker_t *t)
{
    if (!t)
        return;
    if (t->thread) {
        g_mutex_lock(&t->lock);
        t->stop = true;
        g_cond_signal(&t->wake);
        g_mutex_unlock(&t->lock);
        g_thread_join(t->thread);
    }
    g_mutex_clear(&t->lock);
    g_cond_clear(&t->wake);
    g_free(t->phase);
    g_free(t->name);
    g_free(t);
}

void front_ticker_phase(front_ticker_t *t, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    char *phase = g_strdup_vprintf(format, ap);
    va_end(ap);
    g_mutex_lock(&t->lock);
    g_free(t->phase);
    t->phase = phase;
    g_mutex_unlock(&t->lock);
}

void front_ticker_watch(front_ticker_t *t, const struct search *search)
{
    g_mutex_lock(&t->lock);
    t->search = search;
    g_mutex_unlock(&t->lock);
}

void front_ticker_watch_pns(front_ticker_t *t, const struct pns *pns)
{
    g_mutex_lock(&t->lock);
    t->pns = pns;
    g_mutex_unlock(&t->lock);
}

void front_ticker_printed(front_ticker_t *t)
{
    g_mutex_lock(&t->lock);
    t->last_line = g_get_monotonic_time();
    g_mutex_unlock(&t->lock);
}

double front_ticker_seconds(const front_ticker_t *t)
{
    return (g_get_monotonic_time() - t->started) / 1e6;
}
