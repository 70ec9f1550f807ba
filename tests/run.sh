#!/bin/sh
# The whole test suite: a release build (warnings are errors) and an AddressSanitizer +
# UndefinedBehaviorSanitizer debug build (with the debug consistency checks), each running
# every ctest test; then a fast subset under valgrind (tests/valgrind.sh) and, with clang, the
# fuzz targets for a fixed number of inputs each (tests/fuzz).  Usage: tests/run.sh [CTEST_ARGS...]
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build-test -DCMAKE_BUILD_TYPE=Release -DMATHGO_WERROR=ON >/dev/null
cmake --build build-test -j"$jobs"
ctest --test-dir build-test --output-on-failure -j"$jobs" "$@"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DMATHGO_SANITIZE=ON -DMATHGO_WERROR=ON >/dev/null
cmake --build build-asan -j"$jobs"
ctest --test-dir build-asan --output-on-failure -j"$jobs" "$@"
# A fast subset under valgrind memcheck: zero errors, zero leaks (tests/valgrind.sh).
tests/valgrind.sh
# The fuzz targets (tests/fuzz): clang with libFuzzer, ASan and UBSan; each target runs a fixed
# number of inputs from its seed corpus (tests/fuzz/targets.txt).
if command -v clang >/dev/null 2>&1; then
    CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DMATHGO_FUZZ=ON -DMATHGO_WERROR=ON >/dev/null
    cmake --build build-fuzz -j"$jobs"
    ctest --test-dir build-fuzz --output-on-failure -j"$jobs"
    fuzzed="fuzz targets run"
else
    echo "tests/run.sh: clang not found: the fuzz targets were NOT run (.ci/deps installs clang)" >&2
    fuzzed="fuzz targets skipped: no clang"
fi
echo "tests/run.sh: all tests passed (release, sanitizer and valgrind; $fuzzed)"
