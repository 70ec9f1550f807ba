/*
 * regions/generate.h: seeded random boards whose regions are walled off by safe stones, for the
 * tests and benchmarks of sums of regions (tests/test_sum.c, bench/bench_sums.c) and for anyone
 * who wants more of them.
 *
 * A board stacks bands of one or two rows, separated by wall rows of safe stones (mostly of one
 * colour), on a rectangle of at most 64 points.  A band's points are empty, ordinary stones,
 * safe stones (which cut the band into several regions) or holes.  The generator is its own
 * xorshift64* on a caller-held state, so a seed gives the same boards on every machine and
 * with every glib.
 */
#ifndef MATHGO_REGIONS_GENERATE_H
#define MATHGO_REGIONS_GENERATE_H

#include "core/board.h"
#include "regions/region.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What the boards must satisfy; a drawn board that does not is drawn again. */
typedef struct region_generate_options {
    int max_bands;                /* 1 .. max_bands bands (each then separated by a wall row) */
    int max_band_rows;            /* each band 1 .. max_band_rows rows (1 or 2) */
    int empty_percent;            /* the chance of an empty point in a band */
    int max_band_points;          /* empty points per band at most (more become safe stones) */
    int min_empty, max_empty;     /* empty points of the whole board */
    int min_regions, max_regions; /* regions with an empty point (region_split) */
} region_generate_options_t;

/* One generated board: its geometry (owned: board_geom_destroy) and position, and its diagram. */
typedef struct region_generated {
    board_geom_t *geom;
    board_t position;
    int empty;         /* empty points */
    int regions;       /* regions with an empty point */
    char diagram[160]; /* diagram_parse_region's format */
} region_generated_t;

/*
 * Draws boards from *rng (any non-zero state; advanced) until one meets the options and each of
 * its regions is a short game in both models (valued with ctx, whose table keeps the values).
 * Adds the boards drawn and rejected to *rejected.  False after 100,000 draws without success.
 */
bool region_generate(region_generated_t *board, uint64_t *rng, region_ctx_t *ctx,
                     const region_generate_options_t *options, int *rejected);

#endif
