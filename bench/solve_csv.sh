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

# An awk function: split(line) into f[1..n] at commas outside double quotes (the rules hold
# commas), as front_csv_field writes them; returns n.
solve_csv_split='
function split_quoted(line, f,    n, c, ch, field, quoted) {
    n = 1; field = ""; quoted = 0
    for (c = 1; c <= length(line); c++) {
        ch = substr(line, c, 1)
        if (ch == "\"") quoted = !quoted
        if (ch == "," && !quoted) {
            f[n++] = field; field = ""
        } else
            field = field ch
    }
    f[n] = field
    return n
}'

# The row $2 of `mathgo solve --csv` (header $1) with its column named $3 set to $4.
solve_csv_set() {
    printf '%s\n%s\n' "$1" "$2" | awk -F, -v name="$3" -v value="$4" "$solve_csv_split"'
        NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) at = i; next }
        {
            n = split_quoted($0, f)
            if (at) f[at] = value
            out = f[1]
            for (i = 2; i <= n; i++) out = out "," f[i]
            print out
        }'
}

# The fields named $3 (names apart by commas) of the row $2 of `mathgo solve --csv` (header $1),
# joined by commas in that order (a name the header lacks gives an empty field).
solve_csv_get() {
    printf '%s\n%s\n' "$1" "$2" | awk -F, -v names="$3" "$solve_csv_split"'
        NR == 1 { for (i = 1; i <= NF; i++) at[$i] = i; next }
        {
            split_quoted($0, f)
            k = split(names, want, ",")
            out = ""
            for (i = 1; i <= k; i++)
                out = out (i > 1 ? "," : "") ((want[i] in at) ? f[at[want[i]]] : "")
            print out
        }'
}
