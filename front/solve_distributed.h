/*
 * front/solve_distributed.h: `mathgo solve --distributed [--journal FILE]`: the solve spread
 * over the ranks of an MPI job (dist/dist.h, docs/scale.md); the coordinator prints the value,
 * the other ranks print nothing.
 */
#ifndef MATHGO_FRONT_SOLVE_DISTRIBUTED_H
#define MATHGO_FRONT_SOLVE_DISTRIBUTED_H

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "solver/search.h"

#include <stdbool.h>

typedef struct solve_distributed_args {
    const char *rules_name;  /* as given */
    const char *journal;     /* --journal, or NULL */
    const char *command;     /* the command line */
    search_options_t search; /* each rank's memory and threads */
    bool show_progress;      /* a heartbeat line on stderr */
    bool quiet;              /* no notes on stderr (lost ranks, a journal's cut tail) */
} solve_distributed_args_t;

/* Whether --distributed can run here; prints why not (exit status 2) otherwise. */
bool solve_distributed_check(void);

/* Runs it; the exit status (0, 1 on a failure at run time, 2 for a journal refused). */
int solve_distributed(const board_geom_t *geom, const rules_t *rules, const game_t *game,
                      const solve_distributed_args_t *args);

#endif
