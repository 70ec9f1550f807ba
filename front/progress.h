/*
 * front/progress.h: a heartbeat for long commands.  A thread prints one line on stderr,
 * "mathgo NAME: 12.0 s  PHASE", whenever no other progress line was printed for a second, so
 * that a user at a terminal sees progress at least every two seconds through every phase of a
 * long run (the solver's own lines come only when a root test ends).
 */
#ifndef MATHGO_FRONT_PROGRESS_H
#define MATHGO_FRONT_PROGRESS_H

#include <glib.h>
#include <stdbool.h>

typedef struct front_ticker front_ticker_t;
struct search; /* solver/search.h */
struct pns;    /* solver/pns.h */

/* Starts the heartbeat of command `name` when `enabled` (otherwise every call does nothing).
 * Free with front_ticker_destroy, which stops the thread. */
front_ticker_t *front_ticker_create(const char *name, bool enabled);
void front_ticker_destroy(front_ticker_t *ticker);

/* Names the phase now running ("the value", "optimal first moves and game", ...). */
void front_ticker_phase(front_ticker_t *ticker, const char *format, ...) G_GNUC_PRINTF(2, 3);

/* Has each heartbeat show the nodes of `search`'s running search (search_nodes_so_far; NULL:
 * none): a search that answers no root test for long (a japanese solve in its Analyses) still
 * shows that it works.  The search must outlive the ticker or the next call. */
void front_ticker_watch(front_ticker_t *ticker, const struct search *search);

/* The same for a proof-number search (pns_nodes_so_far: the nodes it created). */
void front_ticker_watch_pns(front_ticker_t *ticker, const struct pns *pns);

/* Says that another progress line was just printed (the next heartbeat waits a second). */
void front_ticker_printed(front_ticker_t *ticker);

/* The seconds since the ticker was created. */
double front_ticker_seconds(const front_ticker_t *ticker);

#endif
