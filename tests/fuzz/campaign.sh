#!/bin/sh
# The fuzzing campaign of docs/reliability.md ("Fuzzing"): builds the fuzz targets (clang,
# MATHGO_FUZZ=ON) in build-campaign and runs each target of tests/fuzz/targets.txt in turn, one
# at a time under nice, for SECONDS each (default 480), from its seed corpus.  New inputs go
# to build-campaign/campaign/<target>/corpus (kept between campaigns), crashes, leaks and
# timeouts to build-campaign/campaign/<target>/ (crash-*, leak-*, timeout-*, oom-*); after a
# finding the target is started again for the rest of its time.  Prints one CSV row per
# target: target,seconds,runs,cov,ft,corpus,findings.
# Usage: tests/fuzz/campaign.sh [SECONDS] [TARGET...]
set -eu
cd "$(dirname "$0")/../.."
seconds=${1:-480}
[ $# -gt 0 ] && shift
build=build-campaign
CC=clang cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DMATHGO_FUZZ=ON >/dev/null
cmake --build "$build" -j2 >/dev/null
targets=${*:-$(grep -E '^[a-z]' tests/fuzz/targets.txt | awk '{print $1}')}
echo "target,seconds,runs,cov,ft,corpus,findings"
for target in $targets; do
    max_len=$(awk -v t="$target" '$1 == t {print $2}' tests/fuzz/targets.txt)
    out="$build/campaign/$target"
    mkdir -p "$out/corpus"
    log="$out/log.txt"
    : >"$log"
    start=$(date +%s)
    runs=0
    while :; do
        left=$((seconds - ($(date +%s) - start)))
        [ "$left" -gt 0 ] || break
        nice "$build/fuzz_$target" -max_total_time="$left" -max_len="$max_len" -timeout=20 \
            -rss_limit_mb=2048 -malloc_limit_mb=512 -print_final_stats=1 \
            -artifact_prefix="$out/" "$out/corpus" "tests/fuzz/$target" >>"$log" 2>&1 || true
        n=$(grep -a '^stat::number_of_executed_units' "$log" | tail -1 | awk '{print $2}')
        runs=$((runs + ${n:-0}))
    done
    last=$(grep -aE '^#[0-9]+.*cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
    cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$last" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
    corpus=$(ls "$out/corpus" | wc -l)
    findings=$(ls "$out" | grep -cE '^(crash|leak|timeout|oom|slow-unit)-' || true)
    echo "$target,$seconds,$runs,$cov,$ft,$corpus,$findings"
done
