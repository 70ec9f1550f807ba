/* front/interrupt.c: a thread that waits for SIGINT and SIGTERM (front/interrupt.h). */
#define _POSIX_C_SOURCE 200809L /* sigtimedwait, pthread_sigmask */
#include "front/interrupt.h"

#include <glib.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>

struct front_interrupt {
    front_interrupt_fn fn;
    void *data;
    sigset_t set, old;
    atomic_bool stop;
    GThread *thread;
};

static gpointer watch(gpointer data)
{
    front_interrupt_t *w = data;
    /* A short timeout, so that front_interrupt_stop is noticed without a signal of its own. */
    struct timespec wait = {0, 50 * 1000 * 1000};
    while (!atomic_load(&w->stop)) {
        int sig = sigtimedwait(&w->set, NULL, &wait);
        if (sig > 0)
            w->fn(sig, w->data);
    }
    return NULL;
}

front_interrupt_t *front_interrupt_watch(front_interrupt_fn fn, void *data)
{
    front_interrupt_t *w = g_new0(front_interrupt_t, 1);
    w->fn = fn;
    w->data = data;
    atomic_init(&w->stop, false);
    sigemptyset(&w->set);
    sigaddset(&w->set, SIGINT);
    sigaddset(&w->set, SIGTERM);
    if (pthread_sigmask(SIG_BLOCK, &w->set, &w->old) != 0) {
        g_free(w);
        return NULL;
    }
    w->thread = g_thread_try_new("mathgo-interrupt", watch, w, NULL);
    if (!w->thread) {
        pthread_sigmask(SIG_SETMASK, &w->old, NULL);
        g_free(w);
        return NULL;
    }
    return w;
}

void front_interrupt_stop(front_interrupt_t *w)
{
    if (!w)
        return;
    atomic_store(&w->stop, true);
    g_thread_join(w->thread);
    pthread_sigmask(SIG_SETMASK, &w->old, NULL);
    g_free(w);
}
