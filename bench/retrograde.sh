#!/bin/sh
# bench/retrograde.sh: `mathgo solve` under math and pseudo played with ko=simple,cycle=draw,
# alpha-beta alone against --algorithm retrograde (the board's simple-ko tablebase bounding the
# search: docs/tablebases.md, "The tablebase in the solver"), the measurement behind
# --algorithm auto's choice (front/solve_engine.h).  Each board is solved in full (value, first
# moves and game) with one thread, one CSV row per solve; the wall time is the whole command's,
# the tablebase included.  docs/data/retrograde_2026-12-07.csv holds a run.
#
#   bench/retrograde.sh [MATHGO_BINARY] > retrograde.csv
#
# RETROGRADE_JOBS replaces the boards ("BOARD:PRESET" apart by spaces), RETROGRADE_LIMIT the
# seconds a solve may take (default 60; the row then says "not solved in N s").
set -u
# shellcheck source=bench/solve_csv.sh
. "$(dirname "$0")/solve_csv.sh"
mathgo=${1:-build/mathgo}
header=$(solve_csv_header "$mathgo")
commit=${MATHGO_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
default_jobs="1x6:math 1x8:math 1x10:math 1x12:math 2x3:math 2x4:math 3x3:math 2x5:math 3x4:math
2x6:math 2x7:math 3x5:math 4x4:math 1x5:pseudo 2x3:pseudo 3x3:pseudo 3x4:pseudo 4x4:pseudo"
jobs=${RETROGRADE_JOBS:-$default_jobs}
limit=${RETROGRADE_LIMIT:-60}
echo "commit,board,rules,algorithm,result,plies,nodes,search_s,wall_s,status"
for job in $jobs; do
    board=${job%%:*}
    rules="${job#*:},ko=simple,cycle=draw"
    for algorithm in alphabeta retrograde; do
        # The tablebase of 4x4 needs about 515 MB, more than the default cap of a solve.
        memory=128M
        [ "$algorithm" = retrograde ] && memory=1G
        started=$(date +%s.%N)
        out=$("$mathgo" solve "$board" --rules "$rules" --algorithm "$algorithm" --memory "$memory" \
            --max-time "$limit" --csv --no-header -q 2>/dev/null)
        ended=$(date +%s.%N)
        wall=$(echo "$started $ended" | awk '{ printf "%.2f", $2 - $1 }')
        fields=$(solve_csv_get "$header" "$out" result,plies,nodes,time_s)
        status=solved
        case $fields in
        limit,* | ,*)
            status="not solved in $limit s"
            fields=${fields#limit}
            ;;
        esac
        echo "$commit,$board,\"$rules\",$algorithm,${fields:-,,,},$wall,$status"
    done
done
