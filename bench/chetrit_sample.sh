#!/bin/sh
# bench/chetrit_sample.sh: the scored searches' workload of the Chetrit study (docs/chetrit.md),
# small enough to re-run in about two minutes: the first 20 positions of the 4x4 sample (seed
# 1), one thread, 5 M nodes per search (200 k under pseudo), --memory 2G: since da02f7a that is
# the whole study's cap, half of it (at most 512 MiB) for the proof-number tree and the rest
# shared by the six searches, 256 MiB each, as the 256M of the commits before it gave each one
# (at 563d389 --memory 256M left each search 21 MiB: the four scored rule sets took 45.6 M nodes
# with a search at the limit in each, against 24.3 M and none with 2G).  Prints one CSV row
# per rule set: its nodes and seconds over the 40 rows (positions x side to move), and how many
# rows hit the node limit (their nodes count in full).  Searches stopped by the limit make
# the total depend on the limit; compare rows of the same limits only.
#
#   bench/chetrit_sample.sh [MATHGO_BINARY] > chetrit_sample.csv
set -u
mathgo=${1:-build/mathgo}
commit=${MATHGO_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
out=$("$mathgo" chetrit 4x4 --positions sample:20 --seed 1 --memory 2G --threads 1 \
    --max-nodes 5000000 --pseudo-max-nodes 200000 --quiet 2>/dev/null)
echo "commit,board,positions,rules,nodes,time_s,unsolved_rows"
echo "$out" | awk -v commit="$commit" '
    /^Unsolved/ { unsolved[$NF] = $(NF - 3) }
    /^Work per rule set/ { work = 1; next }
    work && NF == 0 { work = 0 }
    work && $3 == "nodes" { rules[++n] = $1; nodes[n] = $2; secs[n] = $4 }
    END {
        for (i = 1; i <= n; i++)
            printf "%s,4x4,sample:20 seed 1,\"%s\",%s,%s,%d\n", commit, rules[i], nodes[i],
                secs[i], unsolved[rules[i]] + 0
    }'
