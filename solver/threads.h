/*
 * solver/threads.h: a null-window test on several threads sharing one table.  Thread 0 runs
 * the main search (driver.c), whose value is the answer; the others are helpers that search
 * the main search's current pass once each, filling the table.  ABDADA (Weill 1996): a move
 * whose child another thread is searching now waits until the node's other moves are done.
 *
 * Which states are being searched: a slot of search_t.busy holds a state's table key with its
 * low 7 bits replaced by the searching thread's number plus one; collisions only lose a hint.
 */
#ifndef MATHGO_SOLVER_THREADS_H
#define MATHGO_SOLVER_THREADS_H

#include "solver/symmetry.h"

/* Searches the game's current state (side-to-move view window (alpha, beta)), `ply0` plies
 * below the solved position, on options.threads threads; the side-to-move value in *value, or
 * false with *error. */
bool threads_run(int *value, search_t *s, const game_t *game, int ply0, int alpha, int beta,
                 GError **error);

/* Frees the analysers and caches threads_run kept (search_destroy). */
void threads_free_analyses(search_t *s);

static inline size_t threads_busy_slot(uint64_t key)
{
    return (size_t)(key >> 40) & (BUSY_SLOTS - 1);
}

static inline uint64_t threads_busy_mark(const worker_t *w, uint64_t key)
{
    return (key & ~(uint64_t)127) | (uint64_t)(w->id + 1);
}

static inline void threads_busy_enter(worker_t *w, uint64_t key)
{
    atomic_store_explicit(&w->s->busy[threads_busy_slot(key)], threads_busy_mark(w, key),
                          memory_order_relaxed);
}

static inline void threads_busy_leave(worker_t *w, uint64_t key)
{
    uint64_t mine = threads_busy_mark(w, key);
    atomic_compare_exchange_strong_explicit(&w->s->busy[threads_busy_slot(key)], &mine, 0,
                                            memory_order_relaxed, memory_order_relaxed);
}

/* Whether another thread is searching the child of candidate c now (keys as in etc_cut; a
 * child with a ko point is never deferred). */
static inline bool threads_busy_elsewhere(const worker_t *w, const child_t *c)
{
    uint64_t key;
    if (!sym_child_key(&key, w, &w->hist[w->top], c))
        return false;
    uint64_t seen = atomic_load_explicit(&w->s->busy[threads_busy_slot(key)], memory_order_relaxed);
    return seen && (seen & ~(uint64_t)127) == (key & ~(uint64_t)127) &&
           (seen & 127) != (uint64_t)(w->id + 1);
}

#endif
