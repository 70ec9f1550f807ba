# shellcheck shell=sh
# bench/solve_csv.sh: sourced by the bench scripts that keep `mathgo solve --csv` rows, so that
# their header and the rows they write themselves follow mathgo's columns (docs/csv.md)
# instead of a copy of them.

# The header of `mathgo solve --csv` of the binary $1 (a 1x1 solve, instant).
solve_csv_header() {
    "$1" solve 1x1 --rules tromp-taylor --value-only --csv --memory 16M 2>/dev/null | head -n 1
}

# A row of the header $1's columns with the columns NAME=VALUE of $2... set and the others
# empty (a value may hold commas and `=`, not spaces).
solve_csv_row() {
    header=$1
    shift
    printf '%s\n' "$header" | awk -F, -v pairs="$*" '{
        n = split(pairs, p, " ")
        for (i = 1; i <= n; i++) {
            eq = index(p[i], "=")
            value[substr(p[i], 1, eq - 1)] = substr(p[i], eq + 1)
        }
        row = ""
        for (i = 1; i <= NF; i++)
            row = row (i > 1 ? "," : "") (($i in value) ? value[$i] : "")
        print row
    }'
}

# The row $1 of `mathgo solve --csv` with its column `result` (the 5th: board, the quoted
# rules, komi, to_move come first) set to $2.
solve_csv_set_result() {
    printf '%s\n' "$1" | awk -v result="$2" '{
        # board,"rules",komi,to_move,result,...: the rules are the only field before it in quotes
        q = index($0, "\""); rest = substr($0, q + 1); q2 = index(rest, "\"")
        head = substr($0, 1, q + q2); tail = substr(rest, q2 + 1)
        n = split(tail, f, ",")
        out = head
        for (i = 2; i <= n; i++)
            out = out "," (i == 4 ? result : f[i])
        print out
    }'
}
