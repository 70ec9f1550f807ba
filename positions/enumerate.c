/*
 * positions/enumerate.c: legal positions in rank order, optionally one per symmetry class, with
 * Burnside tallies (positions/enumerate.h).
 */
#include "positions/enumerate.h"

#include "positions/count.h"
#include "positions/rank.h"

#include <gmp.h>
#include <stdlib.h>

G_DEFINE_QUARK(enumerate - error - quark, enumerate_error)

struct enumerate {
    board_geom_t *geom;
    rank_t *ranks;
    rank_cursor_t *cursor;
    bool canonical;
    enumerate_tally_t tally;
};

enumerate_t *enumerate_create(int width, int height, bool canonical, GError **error)
{
    enumerate_t *walk = NULL;
    mpz_t count;
    mpz_init(count);
    if ((int64_t)width * height > BOARD_MAX_POINTS) {
        g_set_error(error, ENUMERATE_ERROR, ENUMERATE_ERROR_TOO_LARGE,
                    "%dx%d has %lld points: enumeration takes boards of at most %d points with at "
                    "most 2^40 legal positions ('mathgo count' counts larger ones)",
                    width, height, (long long)width * height, BOARD_MAX_POINTS);
        goto done;
    }
    /* The count first: it is cheap for any board of 64 points, and it names the problem. */
    if (!count_legal(count, width, height, NULL, error))
        goto done;
    if (mpz_cmp_d(count, (double)ENUMERATE_MAX_POSITIONS) > 0) {
        char *digits = mpz_get_str(NULL, 10, count);
        g_set_error(error, ENUMERATE_ERROR, ENUMERATE_ERROR_TOO_LARGE,
                    "%dx%d has %s legal positions, more than the 2^40 that enumeration streams",
                    width, height, digits);
        free(digits);
        goto done;
    }
    walk = g_new0(enumerate_t, 1);
    walk->canonical = canonical;
    walk->geom = board_geom_create(width, height, error);
    if (!walk->geom || !(walk->ranks = rank_create(walk->geom, error))) {
        enumerate_destroy(walk);
        walk = NULL;
        goto done;
    }
    /* Two computations of L from the same automaton: the sweep's counters and the rank tables'
     * completions.  They must agree. */
    g_assert(mpz_cmp_ui(count, rank_count(walk->ranks)) == 0);
    walk->cursor = rank_cursor_create(walk->ranks, 0);
    walk->tally.symmetries = walk->geom->symmetry_count;
done:
    mpz_clear(count);
    return walk;
}

void enumerate_destroy(enumerate_t *walk)
{
    if (!walk)
        return;
    rank_cursor_destroy(walk->cursor);
    rank_destroy(walk->ranks);
    board_geom_destroy(walk->geom);
    g_free(walk);
}

const board_geom_t *enumerate_geom(const enumerate_t *walk)
{
    return walk->geom;
}

uint64_t enumerate_count(const enumerate_t *walk)
{
    return rank_count(walk->ranks);
}

/* True when a comes before b in core/hash.h's canonical order (black mask, then white). */
static inline bool board_less(const board_t *a, const board_t *b)
{
    return a->stones[0] < b->stones[0] ||
           (a->stones[0] == b->stones[0] && a->stones[1] < b->stones[1]);
}

bool enumerate_next(enumerate_item_t *item, enumerate_t *walk)
{
    const board_geom_t *g = walk->geom;
    while (rank_cursor_next(&item->position, &item->rank, walk->cursor)) {
        walk->tally.positions++;
        item->class_size = 0;
        if (!walk->canonical)
            return true;
        /* Every position feeds the Burnside tallies; only the smallest image is yielded. */
        bool smallest = true;
        int stabiliser = 0;
        for (int s = 0; s < g->symmetry_count; s++) {
            board_t image = board_transform(&item->position, g, s);
            if (board_equal(&image, &item->position)) {
                walk->tally.fixed[s]++;
                stabiliser++;
            } else if (board_less(&image, &item->position)) {
                smallest = false;
            }
        }
        if (smallest) {
            walk->tally.classes++;
            item->class_size = (uint8_t)(g->symmetry_count / stabiliser);
            return true;
        }
    }
    return false;
}

enumerate_tally_t enumerate_tally(const enumerate_t *walk)
{
    return walk->tally;
}

bool enumerate_burnside_holds(const enumerate_tally_t *tally)
{
    uint64_t sum = 0;
    for (int s = 0; s < tally->symmetries; s++)
        sum += tally->fixed[s];
    return tally->fixed[0] == tally->positions && sum == tally->classes * tally->symmetries;
}
