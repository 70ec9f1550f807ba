#!/bin/sh
# The whole test suite: a release build (warnings are errors) and an AddressSanitizer +
# UndefinedBehaviorSanitizer debug build (with the debug consistency checks), each running
# every ctest test.  Usage: tests/run.sh [CTEST_ARGS...]
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build-test -DCMAKE_BUILD_TYPE=Release -DMATHGO_WERROR=ON >/dev/null
cmake --build build-test -j"$jobs"
ctest --test-dir build-test --output-on-failure -j"$jobs" "$@"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DMATHGO_SANITIZE=ON -DMATHGO_WERROR=ON >/dev/null
cmake --build build-asan -j"$jobs"
ctest --test-dir build-asan --output-on-failure -j"$jobs" "$@"
echo "tests/run.sh: all tests passed (release and sanitizer builds)"
