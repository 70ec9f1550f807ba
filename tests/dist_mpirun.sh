#!/bin/sh
# The distributed solve under mpirun (docs/scale.md, "Tests"): two ranks on one machine
# (--oversubscribe, as root in CI) give the single-process value on every board of BOARDS under
# every rule set; a worker rank killed (SIGKILL) on its first unit is survived, its unit going
# to another rank; a coordinator killed after some results is restarted, with another number of
# ranks, from its journal to the same answer; a damaged journal tail is cut off with a message.
# Usage: tests/dist_mpirun.sh MATHGO MPIRUN "BOARDS"   (e.g. "1x1 2x2 3x4")
set -u
mathgo=$1
mpirun=$2
boards=$3
rules_sets="math pseudo tromp-taylor chinese old-chinese chinese,ko=simple,cycle=draw"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Open MPI keeps memory to the end of the process: LeakSanitizer must not fail the sanitizer
# build's runs for it.
export ASAN_OPTIONS=detect_leaks=0
failed=0
fail() {
    echo "dist_mpirun: FAILED: $*" >&2
    failed=1
}
run() { # ranks, then the arguments of mathgo; stdout and stderr in $tmp/out, $tmp/err
    ranks=$1
    shift
    timeout 120 "$mpirun" --allow-run-as-root --oversubscribe --enable-recovery -np "$ranks" \
        "$mathgo" "$@" >"$tmp/out" 2>"$tmp/err"
}
result() { grep '^result: ' "$1"; }

for board in $boards; do
    for rules in $rules_sets; do
        "$mathgo" solve "$board" --rules "$rules" --value-only >"$tmp/one" 2>&1 ||
            fail "$board $rules: the single-process solve"
        if ! run 2 solve "$board" --rules "$rules" --distributed; then
            fail "$board $rules: mpirun -np 2 exited $?: $(cat "$tmp/err")"
            continue
        fi
        [ "$(result "$tmp/one")" = "$(result "$tmp/out")" ] ||
            fail "$board $rules: single process '$(result "$tmp/one")', 2 ranks '$(result "$tmp/out")'"
    done
done

# japanese on the same boards but 3x4, which its single-process solver does not reach yet
# (docs/japanese.md): long cycles and the Analysis at the end go through the units as well.
for board in $boards; do
    [ "$board" = 3x4 ] && continue
    "$mathgo" solve "$board" --rules japanese --value-only >"$tmp/one" 2>&1 ||
        fail "$board japanese: the single-process solve"
    if ! run 2 solve "$board" --rules japanese --distributed; then
        fail "$board japanese: mpirun -np 2 exited $?: $(cat "$tmp/err")"
        continue
    fi
    [ "$(result "$tmp/one")" = "$(result "$tmp/out")" ] ||
        fail "$board japanese: single process '$(result "$tmp/one")', 2 ranks '$(result "$tmp/out")'"
done

# Units split while they run (docs/scale.md, "Splitting"): a threshold of 1 ms splits many,
# two searching ranks, the same answer.  With a journal, a second run answers from it alone
# (its split records rebuild the units that its results name).
for rules in math chinese; do
    want=$("$mathgo" solve 3x4 --rules "$rules" --value-only | grep '^result: ')
    rm -f "$tmp/split.journal"
    if MATHGO_DIST_SPLIT_SECONDS=0.001 run 3 solve 3x4 --rules "$rules" --distributed \
        --journal "$tmp/split.journal"; then
        [ "$(result "$tmp/out")" = "$want" ] ||
            fail "3x4 $rules split: '$(result "$tmp/out")', want '$want'"
        grep -q ', [1-9][0-9]* split$' "$tmp/out" || fail "3x4 $rules split: no split: $(cat "$tmp/out")"
        grep -q '^split ' "$tmp/split.journal" || fail "3x4 $rules split: no split record"
        "$mathgo" solve 3x4 --rules "$rules" --distributed --journal "$tmp/split.journal" \
            >"$tmp/again" 2>&1 || fail "3x4 $rules split: the journal's rerun failed: $(cat "$tmp/again")"
        [ "$(result "$tmp/again")" = "$want" ] ||
            fail "3x4 $rules split: from the journal '$(result "$tmp/again")', want '$want'"
        grep -q ' 0 answers in this run' "$tmp/again" ||
            fail "3x4 $rules split: the rerun searched again: $(cat "$tmp/again")"
    else
        fail "3x4 $rules split: mpirun exited $?: $(cat "$tmp/err")"
    fi
done

# A worker killed on its first unit (rank 1 gets the first unit of the plan's order, which the
# first root test needs): a time-out of 0.5 s takes its unit back.
want=$("$mathgo" solve 3x4 --rules old-chinese --value-only | grep '^result: ')
if MATHGO_DIST_KILL_WORKER_RANK=1 MATHGO_DIST_TIMEOUT=0.5 run 3 solve 3x4 --rules old-chinese \
    --distributed; then
    [ "$(result "$tmp/out")" = "$want" ] || fail "killed worker: '$(result "$tmp/out")', want '$want'"
    grep -q 'lost ranks 1' "$tmp/out" || fail "killed worker: no rank lost: $(cat "$tmp/out")"
    grep -q 'rank 1 silent for 0.5 s: unit [0-9]* goes to another rank' "$tmp/err" ||
        fail "killed worker: no message: $(cat "$tmp/err")"
else
    fail "killed worker: mpirun exited $?: $(cat "$tmp/err")"
fi

# A coordinator killed after 10 results, restarted with 3 ranks instead of 2.
journal=$tmp/journal
if MATHGO_DIST_KILL_COORDINATOR_AFTER=10 run 2 solve 3x4 --rules chinese --distributed \
    --journal "$journal"; then
    fail "killed coordinator: mpirun ended well"
fi
want=$("$mathgo" solve 3x4 --rules chinese --value-only | grep '^result: ')
if run 3 solve 3x4 --rules chinese --distributed --journal "$journal"; then
    [ "$(result "$tmp/out")" = "$want" ] || fail "resumed: '$(result "$tmp/out")', want '$want'"
    grep -q ' 10 from the journal' "$tmp/out" || fail "resumed: not 10 from the journal: $(cat "$tmp/out")"
else
    fail "resumed: mpirun exited $?: $(cat "$tmp/err")"
fi

# A damaged tail: the last record half written.
size=$(wc -c <"$journal")
head -c $((size - 9)) "$journal" >"$tmp/cut" && cp "$tmp/cut" "$journal"
if run 2 solve 3x4 --rules chinese --distributed --journal "$journal"; then
    [ "$(result "$tmp/out")" = "$want" ] || fail "cut tail: '$(result "$tmp/out")', want '$want'"
    grep -q 'cut off .* bytes from line' "$tmp/err" || fail "cut tail: no message: $(cat "$tmp/err")"
else
    fail "cut tail: mpirun exited $?: $(cat "$tmp/err")"
fi

# Another problem's journal: refused (exit 2 from every rank).
run 2 solve 3x4 --rules math --distributed --journal "$journal"
grep -q 'the journal of another problem' "$tmp/err" || fail "another problem: $(cat "$tmp/err")"

if [ "$failed" = 0 ]; then
    echo "dist_mpirun: all passed (boards: $boards)"
fi
exit "$failed"
