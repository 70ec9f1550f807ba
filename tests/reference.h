/*
 * tests/reference.h: an independent exact minimax for tests: alpha-beta negamax over game_t
 * with the whole history, no table, no symmetry, no static evaluation (tests/reference.c).
 * Values follow solver/search.h's conventions (Black's view; last-move wins as
 * +-(SEARCH_VALUE_WIN - plies); scored ends as twice the margin), written out independently.
 */
#ifndef MATHGO_TESTS_REFERENCE_H
#define MATHGO_TESTS_REFERENCE_H

#include "core/game.h"
#include "core/rules.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The value of an ended game `ply` plies below the solved position (Black's view). */
int reference_end_value(const game_result_t *result, const rules_t *rules, int ply);

/*
 * The exact value (Black's view) of the game's current state, or false when more than `limit`
 * nodes were needed.  With a guess (Black's view), the tests "= guess?" come first; a wrong
 * guess is found wrong, never trusted.  *nodes and *tests (may be NULL) get the work; `log`
 * (may be NULL) gets one line per test.
 */
bool reference_value_guess(int *value, const game_t *game, const int *guess, uint64_t limit,
                           uint64_t *nodes, int *tests, FILE *log);

/*
 * One null-window test: *at_least says whether the value (Black's view) of the game's current
 * state is at least t, or false when more than `limit` nodes were needed.
 */
bool reference_at_least(bool *at_least, const game_t *game, int t, uint64_t limit);

/* The same without a guess. */
bool reference_value(int *value, const game_t *game, uint64_t limit, uint64_t *nodes);

#endif
