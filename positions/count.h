/*
 * positions/count.h: exact numbers of legal Go positions, L(W,H), for any board size.
 *
 * A position is legal when every chain has a liberty.  The count is Tromp and Farnebäck's
 * transfer-matrix sweep ("Combinatorics of Go", CG 2006; positions/frontier.h): one layer of
 * border states per point, counters added along precomputed transitions, never a loop over the
 * 3^(W*H) colourings.  The sweep runs along the longer side with the narrower side as the border,
 * so any W x H with min(W, H) <= FRONTIER_MAX_WIDTH works, whatever its number of points.
 * Counters are fixed-width GMP limb vectors, wide enough for 3^(W*H): every partial count is at
 * most the final one (see frontier.h), so no carry ever leaves its counter.
 */
#ifndef MATHGO_POSITIONS_COUNT_H
#define MATHGO_POSITIONS_COUNT_H

#include <glib.h>
#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>

/* The longest side the counter accepts (the width must also be <= FRONTIER_MAX_WIDTH). */
#define COUNT_MAX_LENGTH 4096

#define COUNT_ERROR (count_error_quark())
GQuark count_error_quark(void);
typedef enum count_error_code {
    COUNT_ERROR_SIZE,      /* a size that is malformed, empty, or too wide for the sweep */
    COUNT_ERROR_TOO_LARGE, /* the tables would not fit the memory allowed */
} count_error_code_t;

/* What a count cost, for reports. */
typedef struct count_stats {
    double seconds;     /* wall-clock time of the whole count, tables included */
    size_t states;      /* border states in the automaton */
    unsigned max_layer; /* states in the largest layer */
    size_t bytes;       /* the counter vectors' size */
} count_stats_t;

/*
 * Parses "WxH" or "N" (N x N) for the counter: W, H >= 1, min(W, H) <= FRONTIER_MAX_WIDTH,
 * max(W, H) <= COUNT_MAX_LENGTH.  Returns false and sets *error (COUNT_ERROR_SIZE) with a message
 * naming the text otherwise.
 */
bool count_parse_size(int *width, int *height, const char *text, GError **error);

/*
 * Sets result (initialised by the caller) to L(width, height), the number of legal positions.
 * stats may be NULL.  Returns false and sets *error for a size count_parse_size would refuse or
 * when the tables pass the memory limit.
 */
bool count_legal(mpz_t result, int width, int height, count_stats_t *stats, GError **error);

/* The numbers of legal positions by stones: entry (b, w) counts those with b black and w white. */
typedef struct count_table count_table_t;

/*
 * Counts legal positions by numbers of black and white stones.  Costs (W*H)^2/2 counters per
 * state, so it refuses (COUNT_ERROR_TOO_LARGE) boards whose vectors would pass about 2 GiB.
 * Free with count_table_destroy.
 */
count_table_t *count_by_stones(int width, int height, count_stats_t *stats, GError **error);
void count_table_destroy(count_table_t *table);

/* The number of points W*H of the table's board. */
int count_table_points(const count_table_t *table);

/* Sets out (initialised) to the number of legal positions with black and white stones. */
void count_table_get(mpz_t out, const count_table_t *table, int black, int white);

#endif
