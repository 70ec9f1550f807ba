#!/bin/sh
# The valgrind subset (docs/reliability.md, "Sanitizers and leaks"): a few fast runs under
# memcheck that must end with zero errors and zero leaks of any kind, still-reachable blocks
# included; only GLib's and GMP's one-off allocations are suppressed (tests/valgrind.supp says
# which and why).  The runs: every fuzz target's corpus replayed (each parser on its seeds and
# on the inputs of fixed bugs), three cmocka files of the parsers, and the commands on small
# boards (the solver, a checkpointed solve stopped and resumed, threads, SGF, CGT, regions,
# tablebases, the Chetrit study, GTP).
# Builds build-valgrind (RelWithDebInfo: no -march=native, whose AVX-512 valgrind cannot run).
# Usage: tests/valgrind.sh   (about a minute; valgrind from .ci/deps)
set -eu
cd "$(dirname "$0")/.."
build=build-valgrind
if ! command -v valgrind >/dev/null 2>&1; then
    echo "tests/valgrind.sh: valgrind is needed (.ci/deps installs it)" >&2
    exit 1
fi
fuzz_targets=$(grep -E '^[a-z]' tests/fuzz/targets.txt | awk '{print $1}')
replays=$(for t in $fuzz_targets; do printf ' fuzz_%s_replay' "$t"; done)
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMATHGO_WERROR=ON >/dev/null
# shellcheck disable=SC2086
cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)" --target mathgo test_rules test_diagram \
    test_cgt_notation $replays >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
memcheck() {
    log="$tmp/log"
    # status: the run's own, which must be ${expect:-0} (1: a run stopped at its limit)
    status=0
    valgrind --tool=memcheck --leak-check=full --show-leak-kinds=all \
        --errors-for-leak-kinds=all --error-exitcode=99 --num-callers=30 \
        --suppressions=tests/valgrind.supp --log-file="$log" "$@" >"$tmp/out" 2>"$tmp/err" \
        <"${stdin:-/dev/null}" || status=$?
    if [ "$status" -eq "${expect:-0}" ]; then
        echo "valgrind: clean: $*"
    else
        echo "valgrind: FAILED (status $status): $*"
        cat "$log" "$tmp/err"
        failed=1
    fi
}
for t in $fuzz_targets; do
    memcheck "$build/fuzz_${t}_replay" "tests/fuzz/$t"
done
for t in test_rules test_diagram test_cgt_notation; do
    memcheck "$build/$t"
done
m="$build/mathgo"
memcheck "$m" solve 2x3 --rules chinese -m 8M --csv
expect=1
memcheck "$m" solve 3x3 --rules chinese -m 8M --checkpoint "$tmp/3x3.ckpt" --max-nodes 20000
expect=0
memcheck "$m" solve 3x3 --rules chinese -m 8M --checkpoint "$tmp/3x3.ckpt"
memcheck "$m" solve 2x2 --rules math -m 4M --sgf "$tmp/game.sgf" --variations
memcheck "$m" show "$tmp/game.sgf"
memcheck "$m" cgt '{2|1}+*' '+-3 + Tiny(1/2)' --thermograph
memcheck "$m" region tests/data/region_corridor.txt --model both --chill
memcheck "$m" tablebase 2x2 --rules math --threads 2 -o "$tmp/2x2.tb"
memcheck "$m" probe "$tmp/2x2.tb"
memcheck "$m" tablebase 2x3 --rules math --checkpoint "$tmp/2x3.level" --checkpoint-every 0
memcheck "$m" chetrit 1x4 --positions all --threads 2 -m 40M --checkpoint "$tmp/1x4.ckpt"
memcheck "$m" chetrit 1x4 --positions all --threads 2 -m 40M --checkpoint "$tmp/1x4.ckpt"
printf 'boardsize 3\ngenmove b\nmathgo-value\nmathgo-regions\nplay w a1\nundo\nquit\n' >"$tmp/gtp"
stdin="$tmp/gtp" memcheck "$m" gtp --max-time 2
if [ "$failed" -ne 0 ]; then
    echo "tests/valgrind.sh: memcheck found errors or leaks (above)" >&2
    exit 1
fi
echo "tests/valgrind.sh: every run clean (zero errors, zero leaks)"
