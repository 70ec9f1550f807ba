/* positions/sgf.c: SGF trees parsed and written, game records read, game roots built. */
#include "positions/sgf.h"

#include <stdarg.h>

#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK(sgf - error - quark, sgf_error)

#define UTF8_BOM "\xEF\xBB\xBF"

/* ---- Trees -------------------------------------------------------------------------------- */

typedef struct sgf_value {
    char *text;
    int line, column;
} sgf_value_t;

typedef struct sgf_property {
    char *id;
    GArray *values; /* sgf_value_t */
} sgf_property_t;

struct sgf_node {
    GPtrArray *properties; /* sgf_property_t *, in the order added */
    GPtrArray *children;   /* sgf_node_t * */
    int line, column;
};

static void property_free(gpointer data)
{
    sgf_property_t *p = data;
    for (guint i = 0; i < p->values->len; i++)
        g_free(g_array_index(p->values, sgf_value_t, i).text);
    g_array_free(p->values, TRUE);
    g_free(p->id);
    g_free(p);
}

sgf_node_t *sgf_node_create(void)
{
    sgf_node_t *n = g_new0(sgf_node_t, 1);
    n->properties = g_ptr_array_new_with_free_func(property_free);
    n->children = g_ptr_array_new();
    return n;
}

void sgf_node_destroy(sgf_node_t *node)
{
    /* Iterative: a main line of thousands of nodes must not use as many stack frames. */
    if (!node)
        return;
    GPtrArray *todo = g_ptr_array_new();
    g_ptr_array_add(todo, node);
    while (todo->len) {
        sgf_node_t *n = g_ptr_array_steal_index_fast(todo, todo->len - 1);
        for (guint i = 0; i < n->children->len; i++)
            g_ptr_array_add(todo, n->children->pdata[i]);
        g_ptr_array_free(n->children, TRUE);
        g_ptr_array_free(n->properties, TRUE);
        g_free(n);
    }
    g_ptr_array_free(todo, TRUE);
}

sgf_node_t *sgf_node_add_child(sgf_node_t *parent, sgf_node_t *child)
{
    g_ptr_array_add(parent->children, child);
    return child;
}

static sgf_property_t *find_property(const sgf_node_t *node, const char *id)
{
    for (guint i = 0; i < node->properties->len; i++) {
        sgf_property_t *p = node->properties->pdata[i];
        if (!strcmp(p->id, id))
            return p;
    }
    return NULL;
}

static void add_value_at(sgf_node_t *node, const char *id, char *text, int line, int column)
{
    sgf_property_t *p = find_property(node, id);
    if (!p) {
        p = g_new0(sgf_property_t, 1);
        p->id = g_strdup(id);
        p->values = g_array_new(FALSE, FALSE, sizeof(sgf_value_t));
        g_ptr_array_add(node->properties, p);
    }
    sgf_value_t v = {text, line, column};
    g_array_append_val(p->values, v);
}

void sgf_node_add_value(sgf_node_t *node, const char *id, const char *value)
{
    add_value_at(node, id, g_strdup(value), 0, 0);
}

int sgf_node_child_count(const sgf_node_t *node)
{
    return (int)node->children->len;
}

const sgf_node_t *sgf_node_child(const sgf_node_t *node, int i)
{
    return node->children->pdata[i];
}

int sgf_node_value_count(const sgf_node_t *node, const char *id)
{
    const sgf_property_t *p = find_property(node, id);
    return p ? (int)p->values->len : 0;
}

const char *sgf_node_value(const sgf_node_t *node, const char *id, int i)
{
    return g_array_index(find_property(node, id)->values, sgf_value_t, i).text;
}

void sgf_node_value_where(int *line, int *column, const sgf_node_t *node, const char *id, int i)
{
    const sgf_value_t *v = &g_array_index(find_property(node, id)->values, sgf_value_t, i);
    *line = v->line, *column = v->column;
}

void sgf_node_where(int *line, int *column, const sgf_node_t *node)
{
    *line = node->line, *column = node->column;
}

/* ---- Parsing ------------------------------------------------------------------------------ */

/* A reading position in the text. */
typedef struct scanner {
    const char *s;
    int line, column;
} scanner_t;

static void advance(scanner_t *sc)
{
    if (*sc->s == '\n')
        sc->line++, sc->column = 1;
    else if (((unsigned char)*sc->s & 0xC0) != 0x80)
        sc->column++;
    sc->s++;
}

static void skip_space(scanner_t *sc)
{
    while (*sc->s && g_ascii_isspace(*sc->s))
        advance(sc);
}

static void fail_at(GError **error, int code, int line, int column, const char *format, ...)
    G_GNUC_PRINTF(5, 6);
static void fail_at(GError **error, int code, int line, int column, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    char *what = g_strdup_vprintf(format, ap);
    va_end(ap);
    g_set_error(error, SGF_ERROR, code, "line %d, column %d: %s", line, column, what);
    g_free(what);
}

/* The character at the scanner for messages: "'x'" or "the end of the text". */
static const char *describe_char(char buf[24], const scanner_t *sc)
{
    if (!*sc->s)
        return "the end of the text";
    if (g_ascii_isprint(*sc->s))
        snprintf(buf, 24, "'%c'", *sc->s);
    else
        snprintf(buf, 24, "byte 0x%02x", (unsigned char)*sc->s);
    return buf;
}

/* Reads one value after its '['; the scanner ends past the ']'. */
static char *read_value(scanner_t *sc, GError **error)
{
    int line = sc->line, column = sc->column;
    advance(sc); /* '[' */
    GString *v = g_string_new(NULL);
    for (;;) {
        char c = *sc->s;
        if (!c) {
            fail_at(error, SGF_ERROR_SYNTAX, line, column, "a value that is not closed by ']'");
            g_string_free(v, TRUE);
            return NULL;
        }
        if (c == ']') {
            advance(sc);
            break;
        }
        if (c == '\\') {
            advance(sc);
            char e = *sc->s;
            if (!e)
                continue;
            /* A soft line break: the backslash and the line break (\n, \r, \r\n, \n\r) go. */
            if (e == '\n' || e == '\r') {
                advance(sc);
                if ((*sc->s == '\n' || *sc->s == '\r') && *sc->s != e)
                    advance(sc);
                continue;
            }
            /* Escaped or not, white space other than line breaks reads as a space (FF[4]
             * Text: "whitespaces still have to be converted to space"). */
            g_string_append_c(v, (e == '\t' || e == '\v' || e == '\f') ? ' ' : e);
            advance(sc);
            continue;
        }
        /* White space other than line breaks reads as a space (FF[4] Text). */
        g_string_append_c(v, (c == '\t' || c == '\v' || c == '\f') ? ' ' : c);
        advance(sc);
    }
    return g_string_free(v, FALSE);
}

/* Reads a node's properties after its ';'. */
static bool read_properties(sgf_node_t *node, scanner_t *sc, GError **error)
{
    for (;;) {
        skip_space(sc);
        if (!g_ascii_isalpha(*sc->s))
            return true;
        int line = sc->line, column = sc->column;
        GString *id = g_string_new(NULL);
        /* FF[3] allowed lower-case letters in names ("AddBlack" is AB): they are ignored. */
        while (g_ascii_isalpha(*sc->s)) {
            if (g_ascii_isupper(*sc->s))
                g_string_append_c(id, *sc->s);
            advance(sc);
        }
        skip_space(sc);
        char buf[24];
        if (!id->len || *sc->s != '[') {
            if (!id->len)
                fail_at(error, SGF_ERROR_SYNTAX, line, column,
                        "a property name without an upper-case letter");
            else
                fail_at(error, SGF_ERROR_SYNTAX, sc->line, sc->column,
                        "property %s has no value ('[' expected, found %s)", id->str,
                        describe_char(buf, sc));
            g_string_free(id, TRUE);
            return false;
        }
        while (*sc->s == '[') {
            int vline = sc->line, vcolumn = sc->column;
            char *value = read_value(sc, error);
            if (!value) {
                g_string_free(id, TRUE);
                return false;
            }
            add_value_at(node, id->str, value, vline, vcolumn);
            skip_space(sc);
        }
        g_string_free(id, TRUE);
    }
}

sgf_node_t *sgf_parse(const char *text, GError **error)
{
    sgf_node_t *collection = sgf_node_create();
    /* A byte order mark some editors put first is not part of the text. */
    if (g_str_has_prefix(text, UTF8_BOM))
        text += strlen(UTF8_BOM);
    scanner_t sc = {text, 1, 1};
    /* The open game trees: for each, the node its next node or subtree hangs from, and
     * whether a subtree has been closed in it (after which only subtrees may follow). */
    GPtrArray *open = g_ptr_array_new();
    GArray *after_subtree = g_array_new(FALSE, FALSE, sizeof(gboolean));
    sgf_node_t *current = collection;
    char buf[24];
    bool ok = false;
    skip_space(&sc);
    if (*sc.s != '(') {
        fail_at(error, SGF_ERROR_SYNTAX, sc.line, sc.column,
                "an SGF collection starts with '(', found %s", describe_char(buf, &sc));
        goto done;
    }
    for (;;) {
        skip_space(&sc);
        char c = *sc.s;
        if (c == '(') {
            g_ptr_array_add(open, current);
            gboolean no = FALSE;
            g_array_append_val(after_subtree, no);
            if (open->len > 1)
                g_array_index(after_subtree, gboolean, after_subtree->len - 2) = TRUE;
            advance(&sc);
            skip_space(&sc);
            if (*sc.s != ';') {
                fail_at(error, SGF_ERROR_SYNTAX, sc.line, sc.column,
                        "a game tree starts with a node (';'), found %s", describe_char(buf, &sc));
                goto done;
            }
        } else if (c == ';') {
            if (!open->len) {
                fail_at(error, SGF_ERROR_SYNTAX, sc.line, sc.column,
                        "a node outside any game tree ('(' expected)");
                goto done;
            }
            if (g_array_index(after_subtree, gboolean, after_subtree->len - 1)) {
                fail_at(error, SGF_ERROR_SYNTAX, sc.line, sc.column,
                        "a node after a variation (a sequence's nodes come before its "
                        "variations)");
                goto done;
            }
            sgf_node_t *node = sgf_node_create();
            node->line = sc.line, node->column = sc.column;
            current = sgf_node_add_child(current, node);
            advance(&sc);
            if (!read_properties(node, &sc, error))
                goto done;
        } else if (c == ')') {
            if (!open->len) {
                fail_at(error, SGF_ERROR_SYNTAX, sc.line, sc.column, "')' without its '('");
                goto done;
            }
            current = g_ptr_array_steal_index(open, open->len - 1);
            g_array_set_size(after_subtree, after_subtree->len - 1);
            advance(&sc);
        } else if (!c) {
            if (open->len) {
                fail_at(error, SGF_ERROR_SYNTAX, sc.line, sc.column,
                        "the text ends inside a game tree (%u ')' missing)", open->len);
                goto done;
            }
            break;
        } else {
            if (!open->len)
                fail_at(error, SGF_ERROR_SYNTAX, sc.line, sc.column,
                        "%s after the last game tree ('(' or the end expected)",
                        describe_char(buf, &sc));
            else
                fail_at(error, SGF_ERROR_SYNTAX, sc.line, sc.column,
                        "%s where a property, ';', '(' or ')' was expected",
                        describe_char(buf, &sc));
            goto done;
        }
    }
    ok = true;
done:
    g_ptr_array_free(open, TRUE);
    g_array_free(after_subtree, TRUE);
    if (!ok) {
        sgf_node_destroy(collection);
        return NULL;
    }
    return collection;
}

bool sgf_looks_like_sgf(const char *text)
{
    if (g_str_has_prefix(text, UTF8_BOM))
        text += strlen(UTF8_BOM);
    while (*text && g_ascii_isspace(*text))
        text++;
    return *text == '(';
}

/* ---- Writing ------------------------------------------------------------------------------ */

static void append_escaped(GString *s, const char *text)
{
    for (; *text; text++) {
        if (*text == ']' || *text == '\\')
            g_string_append_c(s, '\\');
        g_string_append_c(s, *text);
    }
}

static void append_node(GString *s, const sgf_node_t *node)
{
    g_string_append_c(s, ';');
    for (guint i = 0; i < node->properties->len; i++) {
        const sgf_property_t *p = node->properties->pdata[i];
        g_string_append(s, p->id);
        for (guint j = 0; j < p->values->len; j++) {
            g_string_append_c(s, '[');
            append_escaped(s, g_array_index(p->values, sgf_value_t, j).text);
            g_string_append_c(s, ']');
        }
    }
    g_string_append_c(s, '\n');
}

/* One step of writing a tree: a node (with its subtree), or a variation's '(' or ')'. */
typedef struct write_step {
    const sgf_node_t *node; /* NULL for a parenthesis */
    char paren;
} write_step_t;

/* Writes the game tree that starts at root with an explicit stack (a main line of thousands of
 * nodes must not use as many stack frames). */
static void append_tree(GString *s, const sgf_node_t *root)
{
    GArray *todo = g_array_new(FALSE, FALSE, sizeof(write_step_t));
    write_step_t first = {root, 0};
    g_string_append_c(s, '(');
    g_array_append_val(todo, first);
    while (todo->len) {
        write_step_t step = g_array_index(todo, write_step_t, todo->len - 1);
        g_array_set_size(todo, todo->len - 1);
        if (!step.node) {
            g_string_append_c(s, step.paren);
            if (step.paren == ')')
                g_string_append_c(s, '\n');
            continue;
        }
        append_node(s, step.node);
        const GPtrArray *children = step.node->children;
        if (children->len == 1) {
            write_step_t next = {children->pdata[0], 0};
            g_array_append_val(todo, next);
            continue;
        }
        /* Variations, each "(" subtree ")", the first child (the main line) first. */
        for (guint i = children->len; i-- > 0;) {
            write_step_t close = {NULL, ')'}, child = {children->pdata[i], 0}, open = {NULL, '('};
            g_array_append_val(todo, close);
            g_array_append_val(todo, child);
            g_array_append_val(todo, open);
        }
    }
    g_string_append(s, ")\n");
    g_array_free(todo, TRUE);
}

char *sgf_format(const sgf_node_t *collection)
{
    GString *s = g_string_new(NULL);
    for (guint i = 0; i < collection->children->len; i++)
        append_tree(s, collection->children->pdata[i]);
    return g_string_free(s, FALSE);
}

/* ---- Game records ------------------------------------------------------------------------- */

/* The index of an SGF coordinate letter: a-z 0..25, A-Z 26..51; -1 otherwise. */
static int coordinate_index(char c)
{
    if (c >= 'a' && c <= 'z')
        return c - 'a';
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 26;
    return -1;
}

static char coordinate_letter(int i)
{
    return (char)(i < 26 ? 'a' + i : 'A' + i - 26);
}

/* The reading of one game: the record under construction and where messages point. */
typedef struct reader {
    sgf_record_t *record;
    const sgf_node_t *node;
    const char *id;
    int value; /* index of the value being read */
} reader_t;

static void fail_value(GError **error, const reader_t *rd, int code, const char *format, ...)
    G_GNUC_PRINTF(4, 5);
static void fail_value(GError **error, const reader_t *rd, int code, const char *format, ...)
{
    int line, column;
    sgf_node_value_where(&line, &column, rd->node, rd->id, rd->value);
    va_list ap;
    va_start(ap, format);
    char *what = g_strdup_vprintf(format, ap);
    va_end(ap);
    g_set_error(error, SGF_ERROR, code, "line %d, column %d: %s[%s]: %s", line, column, rd->id,
                sgf_node_value(rd->node, rd->id, rd->value), what);
    g_free(what);
}

/* Reads the point at text (two letters) into x, y. */
static bool read_point(int *x, int *y, const reader_t *rd, const char *text, GError **error)
{
    const sgf_record_t *r = rd->record;
    if (strlen(text) != 2 || coordinate_index(text[0]) < 0 || coordinate_index(text[1]) < 0) {
        fail_value(error, rd, SGF_ERROR_VALUE, "a point is two letters (a-z, A-Z)");
        return false;
    }
    *x = coordinate_index(text[0]), *y = coordinate_index(text[1]);
    if (*x >= r->width || *y >= r->height) {
        fail_value(error, rd, SGF_ERROR_VALUE, "the point is off the %dx%d board", r->width,
                   r->height);
        return false;
    }
    /* A record's positions are board_t masks: a point beyond them (on a board of more than
     * BOARD_MAX_POINTS points, which no geometry holds) cannot be stored. */
    if (*y * r->width + *x >= BOARD_MAX_POINTS) {
        fail_value(error, rd, SGF_ERROR_UNSUPPORTED,
                   "the point is beyond the %d points of the boards mathgo plays (a %dx%d board)",
                   BOARD_MAX_POINTS, r->width, r->height);
        return false;
    }
    return true;
}

/* The points of value rd->value of a point list: "ab", or "ab:cd" for a rectangle. */
static bool read_point_list(uint64_t *points, const reader_t *rd, GError **error)
{
    const char *text = sgf_node_value(rd->node, rd->id, rd->value);
    const char *colon = strchr(text, ':');
    int x0, y0, x1, y1;
    if (!colon) {
        if (!read_point(&x0, &y0, rd, text, error))
            return false;
        x1 = x0, y1 = y0;
    } else {
        char *first = g_strndup(text, (gsize)(colon - text));
        bool ok =
            read_point(&x0, &y0, rd, first, error) && read_point(&x1, &y1, rd, colon + 1, error);
        g_free(first);
        if (!ok)
            return false;
    }
    *points = 0;
    for (int y = MIN(y0, y1); y <= MAX(y0, y1); y++)
        for (int x = MIN(x0, x1); x <= MAX(x0, x1); x++)
            *points |= (uint64_t)1 << (y * rd->record->width + x);
    return true;
}

static bool read_color(board_color_t *color, const reader_t *rd, GError **error)
{
    const char *text = sgf_node_value(rd->node, rd->id, rd->value);
    if (!g_ascii_strcasecmp(text, "b") || !g_ascii_strcasecmp(text, "black"))
        *color = BOARD_BLACK;
    else if (!g_ascii_strcasecmp(text, "w") || !g_ascii_strcasecmp(text, "white"))
        *color = BOARD_WHITE;
    else {
        fail_value(error, rd, SGF_ERROR_VALUE, "the colour is B or W");
        return false;
    }
    return true;
}

static bool read_size(const reader_t *rd, GError **error)
{
    sgf_record_t *r = rd->record;
    const char *text = sgf_node_value(rd->node, rd->id, rd->value);
    char *end;
    long w = strtol(text, &end, 10), h = w;
    if (end != text && *end == ':') {
        const char *second = end + 1;
        h = strtol(second, &end, 10);
        if (end == second)
            end = (char *)text;
    }
    if (end == text || *end || w < 1 || h < 1) {
        fail_value(error, rd, SGF_ERROR_VALUE, "the size is N or W:H with W, H >= 1");
        return false;
    }
    if (w > SGF_MAX_WIDTH || h > SGF_MAX_WIDTH) {
        fail_value(error, rd, SGF_ERROR_UNSUPPORTED, "SGF names at most %d columns and rows",
                   SGF_MAX_WIDTH);
        return false;
    }
    r->width = (int)w, r->height = (int)h;
    return true;
}

static bool read_komi(const reader_t *rd, GError **error)
{
    sgf_record_t *r = rd->record;
    const char *text = sgf_node_value(rd->node, rd->id, rd->value);
    char *end;
    double k = g_ascii_strtod(text, &end);
    double twice = k * 2;
    if (end == text || *end || !(twice > -1e6 && twice < 1e6) || twice != (double)(long)twice) {
        fail_value(error, rd, SGF_ERROR_VALUE, "komi is an integer or a half-integer");
        return false;
    }
    r->has_komi = true;
    r->komi2 = (int)(long)twice;
    return true;
}

/* The move of rd's value: a point, or a pass ("" or, on boards up to 19x19, "tt"). */
static bool read_move(board_move_t *move, const reader_t *rd, GError **error)
{
    const sgf_record_t *r = rd->record;
    const char *text = sgf_node_value(rd->node, rd->id, rd->value);
    if (!*text || (!strcmp(text, "tt") && r->width <= 19 && r->height <= 19)) {
        *move = BOARD_MOVE_PASS;
        return true;
    }
    int x, y;
    if (!read_point(&x, &y, rd, text, error))
        return false;
    *move = (board_move_t)(y * r->width + x);
    return true;
}

/* Whether node has any of the setup properties; sets rd->id to the first found. */
static bool has_setup(reader_t *rd, const sgf_node_t *node)
{
    static const char *const setup[] = {"AB", "AW", "AE", NULL};
    for (int i = 0; setup[i]; i++)
        if (sgf_node_value_count(node, setup[i])) {
            rd->id = setup[i];
            return true;
        }
    return false;
}

/* Reads the properties of one main-line node that mathgo uses. */
static bool read_node(reader_t *rd, GArray *moves, GError **error)
{
    sgf_record_t *r = rd->record;
    const sgf_node_t *node = rd->node;
    rd->value = 0;
    if (moves->len && has_setup(rd, node)) {
        fail_value(error, rd, SGF_ERROR_UNSUPPORTED,
                   "setup after the first move (a game's history is its moves alone)");
        return false;
    }
    static const char *const setup_order[] = {"AE", "AB", "AW"};
    uint64_t set = 0; /* the points this node's setup has named */
    for (int k = 0; k < 3; k++) {
        rd->id = setup_order[k];
        for (rd->value = 0; rd->value < sgf_node_value_count(node, rd->id); rd->value++) {
            uint64_t points;
            if (!read_point_list(&points, rd, error))
                return false;
            if (points & set) {
                fail_value(error, rd, SGF_ERROR_VALUE,
                           "a point set twice in one node (AB, AW and AE name distinct points)");
                return false;
            }
            set |= points;
            r->start.stones[0] &= ~points;
            r->start.stones[1] &= ~points;
            if (k > 0)
                r->start.stones[k - 1] |= points;
        }
    }
    rd->id = "PL", rd->value = 0;
    if (sgf_node_value_count(node, "PL")) {
        board_color_t c;
        if (!read_color(&c, rd, error))
            return false;
        if (moves->len) {
            board_color_t last = g_array_index(moves, diagram_move_t, moves->len - 1).color;
            if (c == last) {
                fail_value(error, rd, SGF_ERROR_UNSUPPORTED,
                           "the same player again after a move (the moves alternate)");
                return false;
            }
        } else {
            r->to_move = c;
            r->to_move_given = true;
        }
    }
    rd->id = "KM";
    if (sgf_node_value_count(node, "KM") && !read_komi(rd, error))
        return false;
    if (sgf_node_value_count(node, "RU")) {
        g_free(r->rules);
        r->rules = g_strdup(sgf_node_value(node, "RU", 0));
    }
    int has_b = sgf_node_value_count(node, "B"), has_w = sgf_node_value_count(node, "W");
    if (has_b && has_w) {
        rd->id = "W";
        fail_value(error, rd, SGF_ERROR_VALUE, "a node with both a black and a white move");
        return false;
    }
    if (has_b || has_w) {
        rd->id = has_b ? "B" : "W";
        diagram_move_t m;
        m.color = has_b ? BOARD_BLACK : BOARD_WHITE;
        if (!read_move(&m.move, rd, error))
            return false;
        sgf_node_value_where(&m.line, &m.column, node, rd->id, 0);
        if (!moves->len && !r->to_move_given) {
            r->to_move = m.color;
            r->to_move_given = true;
        }
        g_array_append_val(moves, m);
    }
    return true;
}

bool sgf_record_read(sgf_record_t *record, const char *text, GError **error)
{
    memset(record, 0, sizeof *record);
    record->width = record->height = 19;
    record->to_move = BOARD_BLACK;
    sgf_node_t *collection = sgf_parse(text, error);
    if (!collection)
        return false;
    bool ok = false;
    GArray *moves = g_array_new(FALSE, FALSE, sizeof(diagram_move_t));
    const sgf_node_t *root = sgf_node_child(collection, 0);
    reader_t rd = {record, root, "GM", 0};
    if (sgf_node_value_count(root, "GM") && strcmp(sgf_node_value(root, "GM", 0), "1")) {
        fail_value(error, &rd, SGF_ERROR_UNSUPPORTED, "not a game of Go (GM[1])");
        goto done;
    }
    rd.id = "SZ";
    if (sgf_node_value_count(root, "SZ") && !read_size(&rd, error))
        goto done;
    for (const sgf_node_t *n = root; n; n = sgf_node_child_count(n) ? sgf_node_child(n, 0) : NULL) {
        rd.node = n;
        if (!read_node(&rd, moves, error))
            goto done;
    }
    ok = true;
done:
    sgf_node_destroy(collection);
    record->move_count = ok ? (int)moves->len : 0;
    record->moves = ok && moves->len ? (diagram_move_t *)(void *)g_array_free(moves, FALSE) : NULL;
    if (!record->moves)
        g_array_free(moves, TRUE);
    if (!ok)
        sgf_record_clear(record);
    return ok;
}

void sgf_record_clear(sgf_record_t *record)
{
    g_free(record->rules);
    g_free(record->moves);
    record->rules = NULL;
    record->moves = NULL;
    record->move_count = 0;
}

/* ---- Writing game records ----------------------------------------------------------------- */

void sgf_add_move(sgf_node_t *node, const char *id, const board_geom_t *geom, board_move_t move)
{
    char point[3] = "";
    if (move != BOARD_MOVE_PASS) {
        point[0] = coordinate_letter(board_x(geom, move));
        point[1] = coordinate_letter(board_y(geom, move));
        point[2] = '\0';
    }
    sgf_node_add_value(node, id, point);
}

void sgf_add_points(sgf_node_t *node, const char *id, const board_geom_t *geom, uint64_t mask)
{
    for (; mask; mask &= mask - 1)
        sgf_add_move(node, id, geom, board_lowest(mask));
}

sgf_node_t *sgf_game_root(const board_geom_t *geom, const rules_t *rules, const board_t *start,
                          board_color_t to_move, const char *application, GError **error)
{
    if (geom->width > SGF_MAX_WIDTH || geom->height > SGF_MAX_WIDTH) {
        g_set_error(error, SGF_ERROR, SGF_ERROR_UNSUPPORTED,
                    "a %dx%d board: SGF names at most %d columns and rows", geom->width,
                    geom->height, SGF_MAX_WIDTH);
        return NULL;
    }
    sgf_node_t *root = sgf_node_create();
    char buf[32];
    sgf_node_add_value(root, "GM", "1");
    sgf_node_add_value(root, "FF", "4");
    sgf_node_add_value(root, "CA", "UTF-8");
    sgf_node_add_value(root, "AP", application);
    if (geom->width == geom->height)
        snprintf(buf, sizeof buf, "%d", geom->width);
    else
        snprintf(buf, sizeof buf, "%d:%d", geom->width, geom->height);
    sgf_node_add_value(root, "SZ", buf);
    char komi[16];
    rules_komi_string(komi, rules->komi2);
    sgf_node_add_value(root, "KM", komi);
    char *name = rules_to_string(rules);
    sgf_node_add_value(root, "RU", name);
    static const char *const ko[] = {"simple", "positional", "situational"};
    static const char *const scoring[] = {"area", "territory", "last-move"};
    char *spelled = g_strdup_printf(
        "mathgo rules %s: ko=%s, suicide=%d, pass=%d, scoring=%s, tax=%s, taxgroup=%s, "
        "cycle=%s; komi %s (docs/rules.md)",
        name, ko[rules->ko], rules->suicide, rules->pass, scoring[rules->scoring],
        rules->tax == RULES_TAX_ALL ? "all" : "none",
        rules->tax_group == RULES_TAX_GROUP_EYES ? "eyes" : "chain",
        rules->cycle == RULES_CYCLE_DRAW ? "draw" : "none", komi);
    sgf_node_add_value(root, "GC", spelled);
    g_free(spelled);
    g_free(name);
    sgf_add_points(root, "AB", geom, start->stones[BOARD_BLACK]);
    sgf_add_points(root, "AW", geom, start->stones[BOARD_WHITE]);
    sgf_node_add_value(root, "PL", to_move == BOARD_BLACK ? "B" : "W");
    return root;
}
