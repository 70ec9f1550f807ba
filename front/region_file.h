/*
 * front/region_file.h: region files (docs/regions.md, "Region files"): regions separated by
 * blank lines or "---" lines, each a few header lines ("key: value": name, source, note,
 * expect-territory, expect-math, expect-chilled; '%' starts a comment line) and a region diagram
 * (positions/diagram.h: X O safe stones, x o stones, . empty, # off the board).  Read by
 * `mathgo region`, the catalogue's tests and bench_regions.
 */
#ifndef MATHGO_FRONT_REGION_FILE_H
#define MATHGO_FRONT_REGION_FILE_H

#include "core/board.h"
#include "regions/region.h"

#include <glib.h>

/* One region read from a file. */
typedef struct region_file_entry {
    char *name;                       /* "name:", or NULL */
    char *source;                     /* "source:" (repeated lines joined), or NULL */
    char *expect[REGION_MODEL_COUNT]; /* "expect-territory:", "expect-math:" (CGSuite text) */
    char *expect_chilled;             /* "expect-chilled:" (the territory value chilled) */
    char *note;                       /* "note:", or NULL */
    int line;                         /* the file line of the region's first grid row */
    board_geom_t *geom;               /* owned */
    board_t position;
} region_file_entry_t;

void region_file_entry_free(region_file_entry_t *entry);

/*
 * Parses a region file.  Returns an array of region_file_entry_t * (free with
 * g_ptr_array_unref), or NULL and *error naming the line (and column) of the first problem: an
 * unknown key, a key given twice, a header line after the grid, a region without a grid, and
 * every error of diagram_parse_region (with the file's line numbers).
 */
GPtrArray *region_file_parse(const char *text, GError **error);

#endif
