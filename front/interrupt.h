/*
 * front/interrupt.h: SIGINT and SIGTERM turned into a call, so that a long command stops
 * cleanly (prints what it knows, saves its checkpoint) instead of dying.  No global state: the
 * signals are blocked and a thread waits for them (sigtimedwait) and calls back.
 */
#ifndef MATHGO_FRONT_INTERRUPT_H
#define MATHGO_FRONT_INTERRUPT_H

/* Called on the watcher's thread with the signal's number, for each signal received. */
typedef void (*front_interrupt_fn)(int signal, void *data);

typedef struct front_interrupt front_interrupt_t;

/*
 * Blocks SIGINT and SIGTERM in the calling thread (and so in every thread it starts from now
 * on: start this before any other thread) and starts the watcher.  NULL when the watcher
 * cannot start; the signals then act as before.
 */
front_interrupt_t *front_interrupt_watch(front_interrupt_fn fn, void *data);

/* Stops the watcher (NULL: nothing) and restores the signal mask: a signal received afterwards
 * acts as before (it ends the process). */
void front_interrupt_stop(front_interrupt_t *watch);

#endif
