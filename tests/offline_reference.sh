#!/bin/sh
# tests/offline_reference.sh: the offline comparison of the solver with the plain full-history
# reference on 1x6 and 2x3 from the empty board, every rule set of the solver's tests, each
# comparison in its own process with a time limit, one after the other.  Prints one CSV row per
# comparison that finished (board, rules, reference value, solver value, reference nodes,
# seconds and null-window tests) and a "timeout" row for each one that did not.  The reference
# takes the solver's value as its first guess and proves "value >= guess" and "not value >=
# guess + 1"; MATHGO_SOLVER_REF_BISECT=1 in the environment makes it bisect without the guess.
# The test binary logs each null-window test on stderr as it finishes (dropped here; run one
# comparison alone to see them).  Results: docs/solver.md.
#
#   nice -n 10 tests/offline_reference.sh [TEST_BINARY] [SECONDS_EACH] > offline.csv
#   MATHGO_SOLVER_OFFLINE=1 MATHGO_SOLVER_BOARD=6x1 MATHGO_SOLVER_ONLY=tromp-taylor \
#       CMOCKA_TEST_ABORT=0 timeout 600 TEST_BINARY          # one comparison, tests on stderr
set -u
binary=${1:-build/test_solver_reference}
limit=${2:-600}
rules="math pseudo tromp-taylor chinese old-chinese chinese,ko=simple,cycle=draw
tromp-taylor,ko=situational japanese,cycle=draw,analysis=none"
for board in 6x1 3x2; do
    for r in $rules; do
        out=$(MATHGO_SOLVER_OFFLINE=1 MATHGO_SOLVER_BOARD=$board MATHGO_SOLVER_ONLY=$r \
            CMOCKA_TEST_ABORT=0 timeout "$limit" "$binary" 2>/dev/null | grep "^$board,")
        if [ -n "$out" ]; then
            echo "$out"
        else
            echo "$board,$r,timeout after ${limit} s"
        fi
    done
done
