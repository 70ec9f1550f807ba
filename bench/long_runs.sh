#!/bin/sh
# bench/long_runs.sh: the solves that take hours (docs/results.md, "Longer runs with a
# checkpoint"), spread over as many sittings as they need.  Each job is one `mathgo solve
# --value-only` with a checkpoint in DIR; a sitting gives the queue SECONDS of wall time, and
# the first job not yet solved resumes from its checkpoint until it is solved (then the next
# one starts) or the time is up (then its checkpoint is saved and the next sitting resumes it).
#
#   bench/long_runs.sh [MATHGO_BINARY] [SECONDS] [DIR] > rows.csv
#
# DIR (default build-runs, which git ignores) keeps per job NAME.ckpt, the checkpoint, and
# NAME.csv, one row per sitting (mathgo solve --csv plus the commit and the sitting's date):
# status "solved" marks the job done, "limit" a sitting that ended at its time.  The rows are
# also printed.  LONG_RUNS_JOBS replaces the queue ("BOARD:RULES" apart by spaces);
# LONG_RUNS_MEMORY (default 6G) and LONG_RUNS_THREADS (default 2) are passed to mathgo solve;
# with less than LONG_RUNS_LEAST seconds (default 60) left no job starts.
# A checkpoint is the table itself (up to about the memory given), so DIR needs that much disk
# per job.  A checkpoint written by a mathgo of another table layout is refused (status 2): the
# job then stops the queue with mathgo's message, and removing its .ckpt starts it again.
set -u
mathgo=${1:-build/mathgo}
budget=${2:-3600}
dir=${3:-build-runs}
memory=${LONG_RUNS_MEMORY:-6G}
threads=${LONG_RUNS_THREADS:-2}
least=${LONG_RUNS_LEAST:-60} # seconds: less left than this starts no job
jobs=${LONG_RUNS_JOBS:-"4x5:chinese,ko=simple,cycle=draw 4x5:tromp-taylor 5x5:chinese,ko=simple,cycle=draw 5x5:tromp-taylor"}
commit=${MATHGO_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
mkdir -p "$dir" || exit 1
start=$(date +%s)
# shellcheck source=bench/solve_csv.sh
. "$(dirname "$0")/solve_csv.sh"
header="commit,date,$(solve_csv_header "$mathgo")"
echo "$header"
for job in $jobs; do
    board=${job%%:*}
    rules=${job#*:}
    name=$(printf '%s_%s' "$board" "$rules" | tr -c 'A-Za-z0-9_\n' '_')
    rows="$dir/$name.csv"
    if [ -f "$rows" ] && grep -q ',solved,' "$rows"; then
        continue # solved in an earlier sitting
    fi
    left=$((budget - ($(date +%s) - start)))
    [ "$left" -le "$least" ] && break
    if [ -f "$rows" ] && [ "$(head -n 1 "$rows")" != "$header" ]; then
        # Rows of an older mathgo, whose columns differ (nodes_total and time_total_s came on
        # 2026-12-06, main_nodes and helper_proofs later that day): kept aside, so that every
        # file has one header.
        mv "$rows" "$rows.old"
        echo "long_runs: $rows had other columns; moved to $rows.old" >&2
    fi
    [ -f "$rows" ] || echo "$header" > "$rows"
    echo "long_runs: $board $rules for at most $left s (checkpoint $dir/$name.ckpt)" >&2
    out=$("$mathgo" solve "$board" --rules "$rules" --value-only --csv --no-header \
        --memory "$memory" --threads "$threads" --max-time "$left" \
        --checkpoint "$dir/$name.ckpt" --checkpoint-every 600)
    status=$?
    if [ -z "$out" ]; then
        echo "long_runs: $board $rules: mathgo solve gave no row (status $status); stopping" >&2
        exit 1
    fi
    row="$commit,$(date -u +%Y-%m-%dT%H:%M:%SZ),$out"
    echo "$row" >> "$rows"
    echo "$row"
    case "$out" in
    *,solved,*) ;;
    *) break ;; # the sitting's time is up: the next one resumes this job
    esac
done
