/*
 * cgt/notation.c: a recursive-descent reader and a writer for CGSuite's game notation.
 *
 * The writer follows the rules CGSuite's plain-text output uses (Siegel, CGSuite 2.x, class
 * CanonicalShortGame and Uptimal): a switch {x|-x} as `+-x`; {x||x|x-y} with y > 0 as `xTiny(y)`
 * and its negative as `xMiny(y)`; a number-up-star as number, ups, star; any other game as
 * `{L|R}` where an option that is itself a game with one option list per side is written
 * without braces and the bars get longer (`{4||-4|-10}`), braces coming back at four bars.
 */
#include "cgt/notation.h"
#include "cgt/thermo.h"
#include "cgt/internal.h"

#include <ctype.h>
#include <string.h>

GQuark cgt_parse_error_quark(void)
{
    return g_quark_from_static_string("cgt-parse-error");
}

/* ---- Reading ----------------------------------------------------------------------------- */

typedef struct parser {
    cgt_ctx_t *ctx;
    const char *s;
    size_t pos;
    int depth;
    GError **error;
    bool failed;
} parser_t;

enum { MAX_NESTING = 500 };

static void fail(parser_t *p, int code, size_t col, const char *fmt, const char *what)
{
    if (p->failed)
        return;
    p->failed = true;
    char *msg = g_strdup_printf(fmt, what);
    g_set_error(p->error, CGT_PARSE_ERROR, code, "%s at column %zu", msg, col + 1);
    g_free(msg);
}

static void skip_space(parser_t *p)
{
    while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\r' ||
           p->s[p->pos] == '\n')
        p->pos++;
}

static bool at(parser_t *p, const char *tok)
{
    return !strncmp(p->s + p->pos, tok, strlen(tok));
}

/* What is at the current position, for messages. */
static char *describe(parser_t *p)
{
    char c = p->s[p->pos];
    if (!c)
        return g_strdup("end of input");
    return g_strdup_printf("'%c'", c);
}

static void fail_here(parser_t *p, const char *expected)
{
    char *what = describe(p);
    char *fmt = g_strdup_printf("expected %s but found %%s", expected);
    fail(p, CGT_PARSE_ERROR_SYNTAX, p->pos, fmt, what);
    g_free(fmt);
    g_free(what);
}

/* Reads digits into z; false (with an error) on none or too many. */
static bool read_digits(parser_t *p, mpz_t z)
{
    size_t start = p->pos;
    while (isdigit((unsigned char)p->s[p->pos]))
        p->pos++;
    size_t n = p->pos - start;
    if (n == 0) {
        fail_here(p, "a digit");
        return false;
    }
    if (n > CGT_MAX_DIGITS) {
        fail(p, CGT_PARSE_ERROR_RANGE, start, "number too large (more than %s digits)",
             G_STRINGIFY(CGT_MAX_DIGITS));
        return false;
    }
    char *d = g_strndup(p->s + start, n);
    mpz_set_str(z, d, 10);
    g_free(d);
    return true;
}

/* A small count after ^, v or * (none means 1 for ups); false on overflow. */
static bool read_count(parser_t *p, unsigned long *out, unsigned long dflt, unsigned long max)
{
    size_t start = p->pos;
    if (!isdigit((unsigned char)p->s[p->pos])) {
        *out = dflt;
        return true;
    }
    mpz_t z;
    mpz_init(z);
    bool ok = read_digits(p, z);
    if (ok && mpz_cmp_ui(z, max) > 0) {
        char *lim = g_strdup_printf("%lu", max);
        fail(p, CGT_PARSE_ERROR_RANGE, start, "count too large (at most %s)", lim);
        g_free(lim);
        ok = false;
    }
    if (ok)
        *out = mpz_get_ui(z);
    mpz_clear(z);
    return ok;
}

/* number := digits ['/' digits], the denominator a power of two. */
static bool read_number(parser_t *p, mpq_t out, bool need_dyadic)
{
    size_t start = p->pos;
    mpz_t num, den;
    mpz_inits(num, den, NULL);
    bool ok = read_digits(p, num);
    mpz_set_ui(den, 1);
    if (ok && p->s[p->pos] == '/') {
        p->pos++;
        ok = read_digits(p, den);
        if (ok && mpz_sgn(den) == 0) {
            fail(p, CGT_PARSE_ERROR_RANGE, start, "%s", "division by zero");
            ok = false;
        }
    }
    if (ok) {
        mpq_set_num(out, num);
        mpq_set_den(out, den);
        mpq_canonicalize(out);
        if (need_dyadic && !cgt_is_dyadic(out)) {
            fail(p, CGT_PARSE_ERROR_RANGE, start, "%s",
                 "number is not dyadic (its denominator must be a power of 2)");
            ok = false;
        } else if (mpz_sizeinbase(mpq_denref(out), 2) - 1 > CGT_MAX_DEN_EXP) {
            fail(p, CGT_PARSE_ERROR_RANGE, start, "number too large (denominator above 2^%s)",
                 G_STRINGIFY(CGT_MAX_DEN_EXP));
            ok = false;
        }
    }
    mpz_clears(num, den, NULL);
    return ok;
}

static cgt_game_t parse_expr(parser_t *p);

/* '{' option lists separated by runs of bars '}' */
static cgt_game_t parse_braces(parser_t *p);

static bool starts_primary(parser_t *p)
{
    char c = p->s[p->pos];
    return isdigit((unsigned char)c) || c == '^' || c == 'v' || c == '*' || c == '{' || c == '(' ||
           at(p, "Tiny(") || at(p, "Miny(");
}

/* Tiny(x) = {0 || 0 | -x};  Miny(x) = {x | 0 || 0}. */
static cgt_game_t make_tiny(cgt_ctx_t *ctx, cgt_game_t x, bool tiny)
{
    cgt_game_t z = cgt_zero(ctx);
    if (tiny) {
        cgt_game_t nx = cgt_neg(ctx, x);
        cgt_game_t inner = cgt_from_options(ctx, &z, 1, &nx, 1);
        return cgt_from_options(ctx, &z, 1, &inner, 1);
    }
    cgt_game_t inner = cgt_from_options(ctx, &x, 1, &z, 1);
    return cgt_from_options(ctx, &inner, 1, &z, 1);
}

/* One primary (number, ups, star, braces, parentheses, Tiny, Miny). */
static cgt_game_t parse_primary(parser_t *p, bool allow_number)
{
    cgt_ctx_t *ctx = p->ctx;
    char c = p->s[p->pos];
    size_t start = p->pos;
    if (isdigit((unsigned char)c)) {
        if (!allow_number) {
            fail(p, CGT_PARSE_ERROR_SYNTAX, start, "%s",
                 "a number must come first in a juxtaposed sum like 1/2*");
            return CGT_NONE;
        }
        mpq_t x;
        mpq_init(x);
        cgt_game_t g = read_number(p, x, true) ? cgt_number(ctx, x) : CGT_NONE;
        mpq_clear(x);
        return g;
    }
    if (c == '^' || c == 'v') {
        unsigned long k = 0;
        while (p->s[p->pos] == c) {
            p->pos++;
            k++;
        }
        if (k == 1 && !read_count(p, &k, 1, CGT_MAX_UPS))
            return CGT_NONE;
        if (k > CGT_MAX_UPS) {
            fail(p, CGT_PARSE_ERROR_RANGE, start, "%s", "too many ups");
            return CGT_NONE;
        }
        mpq_t x;
        mpq_init(x);
        cgt_game_t g = cgt_nus(ctx, x, c == '^' ? (long)k : -(long)k, 0);
        mpq_clear(x);
        return g;
    }
    if (c == '*') {
        p->pos++;
        unsigned long n;
        if (!read_count(p, &n, 1, CGT_MAX_NIMBER))
            return CGT_NONE;
        return cgt_nimber(ctx, n);
    }
    if (c == '{')
        return parse_braces(p);
    bool tiny = at(p, "Tiny("), miny = at(p, "Miny(");
    if (c == '(' || tiny || miny) {
        p->pos += tiny || miny ? 5 : 1;
        if (++p->depth > MAX_NESTING) {
            fail(p, CGT_PARSE_ERROR_RANGE, start, "%s", "nesting too deep");
            return CGT_NONE;
        }
        cgt_game_t g = parse_expr(p);
        p->depth--;
        if (g == CGT_NONE)
            return CGT_NONE;
        skip_space(p);
        if (p->s[p->pos] != ')') {
            char *what = describe(p);
            fail(p, CGT_PARSE_ERROR_SYNTAX, p->pos,
                 "unbalanced parentheses: expected ')' but found %s", what);
            g_free(what);
            return CGT_NONE;
        }
        p->pos++;
        return tiny || miny ? make_tiny(ctx, g, tiny) : g;
    }
    fail_here(p, "a game (a number, *, ^, v, {...}, (...), Tiny(...) or Miny(...))");
    return CGT_NONE;
}

/* Juxtaposed primaries add up: 1/2*, 6^*, 8Tiny(6).  No spaces inside. */
static cgt_game_t parse_juxt(parser_t *p)
{
    cgt_game_t g = parse_primary(p, true);
    while (g != CGT_NONE && starts_primary(p)) {
        cgt_game_t h = parse_primary(p, false);
        g = h == CGT_NONE ? CGT_NONE : cgt_add(p->ctx, g, h);
    }
    return g;
}

static bool at_plus_minus(parser_t *p)
{
    return at(p, "+-") || at(p, "\xc2\xb1");
}

/* term := '-' term | '+-' term | juxt */
static cgt_game_t parse_term(parser_t *p)
{
    skip_space(p);
    if (++p->depth > MAX_NESTING) {
        fail(p, CGT_PARSE_ERROR_RANGE, p->pos, "%s", "nesting too deep");
        return CGT_NONE;
    }
    cgt_game_t g;
    if (at_plus_minus(p)) {
        p->pos += 2;
        g = parse_term(p);
        if (g != CGT_NONE)
            g = cgt_switch(p->ctx, g);
    } else if (p->s[p->pos] == '-') {
        p->pos++;
        skip_space(p);
        if (isdigit((unsigned char)p->s[p->pos])) {
            /* -1^ is (-1) + ^, as CGSuite reads a negative number literal. */
            cgt_game_t x = parse_primary(p, true);
            g = x == CGT_NONE ? CGT_NONE : cgt_neg(p->ctx, x);
            while (g != CGT_NONE && starts_primary(p)) {
                cgt_game_t h = parse_primary(p, false);
                g = h == CGT_NONE ? CGT_NONE : cgt_add(p->ctx, g, h);
            }
        } else {
            g = parse_term(p);
            if (g != CGT_NONE)
                g = cgt_neg(p->ctx, g);
        }
    } else {
        g = parse_juxt(p);
    }
    p->depth--;
    return g;
}

/* expr := term (('+' | '-' | '+-') term)* */
static cgt_game_t parse_expr(parser_t *p)
{
    cgt_game_t g = parse_term(p);
    for (;;) {
        if (g == CGT_NONE)
            return CGT_NONE;
        skip_space(p);
        if (at_plus_minus(p)) {
            p->pos += 2;
            cgt_game_t h = parse_term(p);
            g = h == CGT_NONE ? CGT_NONE : cgt_add(p->ctx, g, cgt_switch(p->ctx, h));
        } else if (p->s[p->pos] == '+' || p->s[p->pos] == '-') {
            bool minus = p->s[p->pos] == '-';
            p->pos++;
            cgt_game_t h = parse_term(p);
            g = h == CGT_NONE ? CGT_NONE : minus ? cgt_sub(p->ctx, g, h) : cgt_add(p->ctx, g, h);
        } else {
            return g;
        }
    }
}

/* The option lists read inside one pair of braces, with the bar runs between them. */
typedef struct brace_parts {
    GArray *lists; /* of GArray * of cgt_game_t */
    GArray *bars;  /* bars[i] separates lists[i] and lists[i+1] */
    GArray *cols;  /* column of each bar run */
} brace_parts_t;

/* Builds the game from lists[lo..hi] (hi > lo): the longest bar run splits it. */
static cgt_game_t build_parts(parser_t *p, const brace_parts_t *b, guint lo, guint hi);

/* The options one side contributes: a plain list, or one nested game. */
static GArray *side_options(parser_t *p, const brace_parts_t *b, guint lo, guint hi)
{
    if (lo == hi)
        return g_array_ref(g_array_index(b->lists, GArray *, lo));
    GArray *a = g_array_new(FALSE, FALSE, sizeof(cgt_game_t));
    cgt_game_t g = build_parts(p, b, lo, hi);
    if (g != CGT_NONE)
        g_array_append_val(a, g);
    return a;
}

static cgt_game_t build_parts(parser_t *p, const brace_parts_t *b, guint lo, guint hi)
{
    guint best = lo, count = 0, longest = 0;
    for (guint i = lo; i < hi; i++) {
        guint k = g_array_index(b->bars, guint, i);
        if (k > longest) {
            longest = k;
            best = i;
            count = 1;
        } else if (k == longest) {
            count++;
        }
    }
    if (count > 1) {
        fail(p, CGT_PARSE_ERROR_SYNTAX, g_array_index(b->cols, size_t, best), "%s",
             "ambiguous bars: two runs of the same length at one level (write braces)");
        return CGT_NONE;
    }
    GArray *l = side_options(p, b, lo, best), *r = side_options(p, b, best + 1, hi);
    cgt_game_t g = p->failed ? CGT_NONE
                             : cgt_from_options(p->ctx, (cgt_game_t *)(void *)l->data, l->len,
                                                (cgt_game_t *)(void *)r->data, r->len);
    g_array_unref(l);
    g_array_unref(r);
    return g;
}

static cgt_game_t parse_braces(parser_t *p)
{
    size_t open = p->pos;
    p->pos++; /* '{' */
    if (++p->depth > MAX_NESTING) {
        fail(p, CGT_PARSE_ERROR_RANGE, open, "%s", "nesting too deep");
        return CGT_NONE;
    }
    brace_parts_t b = {g_array_new(FALSE, FALSE, sizeof(GArray *)),
                       g_array_new(FALSE, FALSE, sizeof(guint)),
                       g_array_new(FALSE, FALSE, sizeof(size_t))};
    GArray *cur = g_array_new(FALSE, FALSE, sizeof(cgt_game_t));
    g_array_append_val(b.lists, cur);
    cgt_game_t res = CGT_NONE;
    for (;;) {
        skip_space(p);
        char c = p->s[p->pos];
        if (c == '}') {
            p->pos++;
            break;
        }
        if (!c) {
            fail(p, CGT_PARSE_ERROR_SYNTAX, open, "%s",
                 "unbalanced braces: this '{' is never closed");
            goto done;
        }
        if (c == '|') {
            size_t col = p->pos;
            guint k = 0;
            while (p->s[p->pos] == '|') {
                p->pos++;
                k++;
            }
            cur = g_array_new(FALSE, FALSE, sizeof(cgt_game_t));
            g_array_append_val(b.lists, cur);
            g_array_append_val(b.bars, k);
            g_array_append_val(b.cols, col);
            continue;
        }
        if (c == ',') {
            fail(p, CGT_PARSE_ERROR_SYNTAX, p->pos, "%s",
                 "empty option: ',' must stand between two options");
            goto done;
        }
        cgt_game_t g = parse_expr(p);
        if (g == CGT_NONE)
            goto done;
        g_array_append_val(cur, g);
        skip_space(p);
        if (p->s[p->pos] == ',') {
            p->pos++;
            skip_space(p);
            char n = p->s[p->pos];
            if (n == ',' || n == '|' || n == '}' || !n) {
                fail(p, CGT_PARSE_ERROR_SYNTAX, p->pos, "%s",
                     "empty option: ',' must stand between two options");
                goto done;
            }
        } else if (p->s[p->pos] != '|' && p->s[p->pos] != '}') {
            if (!p->s[p->pos])
                fail(p, CGT_PARSE_ERROR_SYNTAX, open, "%s",
                     "unbalanced braces: this '{' is never closed");
            else
                fail_here(p, "',', '|' or '}'");
            goto done;
        }
    }
    if (b.bars->len == 0) {
        fail(p, CGT_PARSE_ERROR_SYNTAX, open, "%s", "a game needs a '|' between its options");
        goto done;
    }
    res = build_parts(p, &b, 0, b.lists->len - 1);
done:
    for (guint i = 0; i < b.lists->len; i++)
        g_array_unref(g_array_index(b.lists, GArray *, i));
    g_array_free(b.lists, TRUE);
    g_array_free(b.bars, TRUE);
    g_array_free(b.cols, TRUE);
    p->depth--;
    return p->failed ? CGT_NONE : res;
}

bool cgt_parse(cgt_game_t *out, cgt_ctx_t *ctx, const char *text, GError **error)
{
    parser_t p = {ctx, text, 0, 0, error, false};
    skip_space(&p);
    if (!text[p.pos]) {
        fail(&p, CGT_PARSE_ERROR_SYNTAX, 0, "%s", "empty expression");
        return false;
    }
    cgt_game_t g = parse_expr(&p);
    if (g != CGT_NONE) {
        skip_space(&p);
        if (text[p.pos] == '}') {
            fail(&p, CGT_PARSE_ERROR_SYNTAX, p.pos, "%s", "unbalanced braces: '}' without '{'");
            g = CGT_NONE;
        } else if (text[p.pos] == ')') {
            fail(&p, CGT_PARSE_ERROR_SYNTAX, p.pos, "%s",
                 "unbalanced parentheses: ')' without '('");
            g = CGT_NONE;
        } else if (text[p.pos]) {
            fail_here(&p, "an operator or the end");
            g = CGT_NONE;
        }
    }
    if (g == CGT_NONE || p.failed)
        return false;
    *out = g;
    return true;
}

bool cgt_parse_number(mpq_t out, const char *text, GError **error)
{
    parser_t p = {NULL, text, 0, 0, error, false};
    skip_space(&p);
    bool neg = text[p.pos] == '-';
    if (neg)
        p.pos++;
    if (!read_number(&p, out, false))
        return false;
    skip_space(&p);
    if (text[p.pos]) {
        fail_here(&p, "the end of the number");
        return false;
    }
    if (neg)
        mpq_neg(out, out);
    return true;
}

/* ---- Writing ----------------------------------------------------------------------------- */

char *cgt_number_to_string(const mpq_t x)
{
    char *s = mpq_get_str(NULL, 10, x);
    char *r = g_strdup(s);
    void (*free_fn)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &free_fn);
    free_fn(s, strlen(s) + 1);
    return r;
}

static void append_number(GString *out, const mpq_t x)
{
    char *s = cgt_number_to_string(x);
    g_string_append(out, s);
    g_free(s);
}

static int write_game(GString *out, cgt_ctx_t *ctx, cgt_game_t g, bool brackets, bool parens);

static void write_nus(GString *out, cgt_ctx_t *ctx, cgt_game_t g, bool parens)
{
    mpq_t x;
    mpq_init(x);
    cgt_nus_number(x, ctx, g);
    long up = cgt_nus_up(ctx, g);
    unsigned long nim = cgt_nus_nim(ctx, g);
    bool compact = (up == 0 && nim == 0) || (mpq_sgn(x) == 0 && (up == 0 || nim == 0));
    if (parens && !compact)
        g_string_append_c(out, '(');
    if (mpq_sgn(x) != 0 || (up == 0 && nim == 0))
        append_number(out, x);
    if (up != 0) {
        const char *sym = up > 0 ? "^" : "v";
        unsigned long k = (unsigned long)labs(up);
        if (k <= 2)
            g_string_append(out, k == 1 ? sym : up > 0 ? "^^" : "vv");
        else
            g_string_append_printf(out, "%s%lu", sym, k);
    }
    if (nim == 1)
        g_string_append_c(out, '*');
    else if (nim > 1)
        g_string_append_printf(out, "*%lu", nim);
    if (parens && !compact)
        g_string_append_c(out, ')');
    mpq_clear(x);
}

/* The options of one side in CGSuite's order (a new array). */
static cgt_game_t *sorted_side(cgt_ctx_t *ctx, cgt_game_t g, bool left, size_t *n)
{
    *n = left ? cgt_left_count(ctx, g) : cgt_right_count(ctx, g);
    const cgt_game_t *o = left ? cgt_left_options(ctx, g) : cgt_right_options(ctx, g);
    cgt_game_t *v = g_memdup2(o, (*n ? *n : 1) * sizeof *v);
    cgt_sort_by_order(ctx, v, *n);
    return v;
}

/* {x | -x} with the same option set on both sides up to sign. */
static bool is_switch(cgt_ctx_t *ctx, cgt_game_t g)
{
    size_t nl = cgt_left_count(ctx, g), nr = cgt_right_count(ctx, g);
    if (cgt_is_nus(ctx, g) || nl != nr)
        return false;
    const cgt_game_t *l = cgt_left_options(ctx, g), *r = cgt_right_options(ctx, g);
    for (size_t i = 0; i < nl; i++) {
        cgt_game_t n = cgt_neg(ctx, l[i]);
        bool found = false;
        for (size_t j = 0; j < nr && !found; j++)
            found = r[j] == n;
        if (!found)
            return false;
    }
    return true;
}

/*
 * x + Tiny(y) = {x || x | x - y} (y > 0, here: the inner right option's mean is below x), or
 * its mirror x + Miny(y).  Sets the translate and the subscript.
 */
static bool is_number_tiny(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t *x, cgt_game_t *sub, bool *tiny)
{
    if (cgt_is_nus(ctx, g) || cgt_left_count(ctx, g) != 1 || cgt_right_count(ctx, g) != 1)
        return false;
    cgt_game_t l = cgt_left_options(ctx, g)[0], r = cgt_right_options(ctx, g)[0];
    mpq_t m, v;
    mpq_inits(m, v, NULL);
    bool res = false;
    if (cgt_is_number(ctx, l) && cgt_left_count(ctx, r) == 1 && cgt_right_count(ctx, r) == 1 &&
        cgt_left_options(ctx, r)[0] == l) {
        cgt_game_t z = cgt_right_options(ctx, r)[0];
        cgt_mean(m, ctx, z);
        cgt_nus_number(v, ctx, l);
        if (mpq_cmp(m, v) < 0) {
            *x = l;
            *sub = cgt_sub(ctx, l, z);
            *tiny = res = true;
        }
    } else if (cgt_is_number(ctx, r) && cgt_left_count(ctx, l) == 1 &&
               cgt_right_count(ctx, l) == 1 && cgt_right_options(ctx, l)[0] == r) {
        cgt_game_t y = cgt_left_options(ctx, l)[0];
        cgt_mean(m, ctx, y);
        cgt_nus_number(v, ctx, r);
        if (mpq_cmp(m, v) > 0) {
            *x = r;
            *sub = cgt_sub(ctx, y, r);
            *tiny = false;
            res = true;
        }
    }
    mpq_clears(m, v, NULL);
    return res;
}

/* Writes one side's options; returns the most bars any of them used, plus one. */
static int write_side(GString *out, cgt_ctx_t *ctx, cgt_game_t g, bool left)
{
    size_t n;
    cgt_game_t *v = sorted_side(ctx, g, left, &n);
    int bars = 1;
    for (size_t i = 0; i < n; i++) {
        if (i)
            g_string_append_c(out, ',');
        int k = write_game(out, ctx, v[i], n > 1, false) + 1;
        bars = k > bars ? k : bars;
    }
    g_free(v);
    return bars;
}

enum { MAX_BARS = 4 };

/* Returns the number of bars the text uses at its top level (0 if it is braced or atomic). */
static int write_game(GString *out, cgt_ctx_t *ctx, cgt_game_t g, bool brackets, bool parens)
{
    if (cgt_is_nus(ctx, g)) {
        write_nus(out, ctx, g, parens);
        return 0;
    }
    if (is_switch(ctx, g)) {
        size_t n;
        cgt_game_t *v = sorted_side(ctx, g, true, &n);
        g_string_append(out, "+-");
        if (n > 1)
            g_string_append_c(out, '{');
        for (size_t i = 0; i < n; i++) {
            if (i)
                g_string_append_c(out, ',');
            write_game(out, ctx, v[i], true, n == 1);
        }
        if (n > 1)
            g_string_append_c(out, '}');
        g_free(v);
        return 0;
    }
    cgt_game_t x, sub;
    bool tiny;
    if (is_number_tiny(ctx, g, &x, &sub, &tiny)) {
        if (parens)
            g_string_append_c(out, '(');
        if (x != cgt_zero(ctx))
            write_game(out, ctx, x, false, false);
        g_string_append(out, tiny ? "Tiny(" : "Miny(");
        write_game(out, ctx, sub, true, false);
        g_string_append_c(out, ')');
        if (parens)
            g_string_append_c(out, ')');
        return 0;
    }
    GString *l = g_string_new(NULL), *r = g_string_new(NULL);
    int bl = write_side(l, ctx, g, true), br = write_side(r, ctx, g, false);
    int bars = bl > br ? bl : br;
    bool braces = brackets || bars == MAX_BARS;
    if (braces)
        g_string_append_c(out, '{');
    g_string_append_len(out, l->str, (gssize)l->len);
    for (int i = 0; i < bars; i++)
        g_string_append_c(out, '|');
    g_string_append_len(out, r->str, (gssize)r->len);
    if (braces)
        g_string_append_c(out, '}');
    g_string_free(l, TRUE);
    g_string_free(r, TRUE);
    return braces ? 0 : bars;
}

char *cgt_to_string(cgt_ctx_t *ctx, cgt_game_t g)
{
    GString *out = g_string_new(NULL);
    write_game(out, ctx, g, true, false);
    return g_string_free(out, FALSE);
}
