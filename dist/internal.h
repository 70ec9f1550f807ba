/*
 * dist/internal.h: what the files of dist/ share beyond dist/dist.h.
 */
#ifndef MATHGO_DIST_INTERNAL_H
#define MATHGO_DIST_INTERNAL_H

#include "dist/dist.h"

/* A value (or bound) of a unit at `depth` plies below the root in the root's terms: a win or
 * loss p plies from the unit is one p + depth plies from the root; scores and cycle values
 * stay.  +-SEARCH_VALUE_INF stay. */
int dist_to_root(int value, int depth);

/* The inverse, for the windows handed to a unit. */
int dist_to_unit(int value, int depth);

/* Plies from the root to the unit. */
int dist_plan_unit_depth(const dist_plan_t *plan, int unit);

#endif
