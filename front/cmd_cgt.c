/*
 * front/cmd_cgt.c: `mathgo cgt [options] EXPR...`: combinatorial game values in CGSuite's
 * notation: canonical form, outcome, stops, mean, temperature and, when asked, cooling,
 * chilling, warming, thermographs (text and SVG), atomic weight, reduced canonical form,
 * incentives.  With no EXPR it reads one expression a line from stdin.  docs/cgt.md is the
 * manual.
 */
#include "front/commands.h"
#include "front/common.h"
#include "front/cgt_output.h"
#include "front/svg_board.h"

#include "cgt/game.h"
#include "cgt/notation.h"
#include "cgt/small.h"
#include "cgt/thermo.h"

#include <stdio.h>
#include <string.h>

typedef struct cgt_opts {
    gboolean csv, chill, warm, thermograph, compare, freeze, aw, reduced, incentives, birthday;
    char *cool_text, *heat_text, *svg_path;
    mpq_t cool_t;
    cgt_game_t heat_t;
} cgt_opts_t;

/* One output field: a name (the CSV column) and its text. */
typedef struct field {
    const char *name;
    char *value;
} field_t;

/* ---- One expression ---------------------------------------------------------------------- */

static void add_field(GArray *fields, const char *name, char *value)
{
    field_t f = {name, value};
    g_array_append_val(fields, f);
}

static char *game_text(cgt_ctx_t *ctx, cgt_game_t g)
{
    return cgt_to_string(ctx, g);
}

/* Fills the fields for g, in column order. */
static void describe(GArray *fields, cgt_ctx_t *ctx, cgt_game_t g, const char *input,
                     const cgt_opts_t *o)
{
    mpq_t q;
    mpq_init(q);
    add_field(fields, "input", g_strdup(input));
    add_field(fields, "canonical", game_text(ctx, g));
    add_field(fields, "outcome", g_strdup(cgt_output_outcome(cgt_outcome(ctx, g))));
    cgt_left_stop(q, ctx, g);
    add_field(fields, "left_stop", cgt_number_to_string(q));
    cgt_right_stop(q, ctx, g);
    add_field(fields, "right_stop", cgt_number_to_string(q));
    cgt_mean(q, ctx, g);
    add_field(fields, "mean", cgt_number_to_string(q));
    cgt_temperature(q, ctx, g);
    add_field(fields, "temperature", cgt_number_to_string(q));
    if (o->cool_text) {
        cgt_game_t c = g;
        cgt_cool(&c, ctx, g, o->cool_t, NULL); /* t was checked before */
        add_field(fields, "cooled", game_text(ctx, c));
    }
    if (o->chill)
        add_field(fields, "chilled", game_text(ctx, cgt_chill(ctx, g)));
    if (o->warm)
        add_field(fields, "warmed", game_text(ctx, cgt_warm(ctx, g)));
    if (o->heat_text)
        add_field(fields, "heated", game_text(ctx, cgt_heat(ctx, g, o->heat_t)));
    if (o->freeze)
        add_field(fields, "frozen", game_text(ctx, cgt_freeze(ctx, g)));
    if (o->thermograph)
        add_field(fields, "thermograph", cgt_output_thermograph_text(cgt_thermograph(ctx, g)));
    if (o->aw) {
        cgt_game_t w;
        cgt_aw_kind_t k = cgt_atomic_weight(&w, ctx, g);
        char *t = k == CGT_AW_EXACT        ? game_text(ctx, w)
                  : k == CGT_AW_NOT_ATOMIC ? g_strdup("not atomic")
                                           : g_strdup("n/a");
        add_field(fields, "atomic_weight", t);
    }
    if (o->reduced)
        add_field(fields, "reduced", game_text(ctx, cgt_reduced(ctx, g)));
    if (o->incentives) {
        cgt_game_t *inc = g_new(cgt_game_t, cgt_left_count(ctx, g) + cgt_right_count(ctx, g) + 1);
        size_t n = cgt_incentives(inc, ctx, g);
        GString *s = g_string_new("{");
        for (size_t i = 0; i < n; i++) {
            char *t = game_text(ctx, inc[i]);
            g_string_append_printf(s, "%s%s", i ? "," : "", t);
            g_free(t);
        }
        g_string_append_c(s, '}');
        g_free(inc);
        add_field(fields, "incentives", g_string_free(s, FALSE));
    }
    if (o->birthday) {
        mpz_t b;
        mpz_init(b);
        cgt_birthday(b, ctx, g);
        mpq_set_z(q, b);
        add_field(fields, "birthday", cgt_number_to_string(q));
        mpz_clear(b);
    }
    mpq_clear(q);
}

static void print_fields(const GArray *fields, bool csv, bool header)
{
    if (csv) {
        if (header) {
            for (guint i = 0; i < fields->len; i++)
                printf("%s%s", i ? "," : "", g_array_index(fields, field_t, i).name);
            putchar('\n');
        }
        for (guint i = 0; i < fields->len; i++) {
            if (i)
                putchar(',');
            front_csv_field(stdout, g_array_index(fields, field_t, i).value);
        }
        putchar('\n');
    } else {
        for (guint i = 0; i < fields->len; i++) {
            const field_t *f = &g_array_index(fields, field_t, i);
            printf("%-14s %s\n", f->name, f->value);
        }
        putchar('\n');
    }
}

static void free_fields(GArray *fields)
{
    for (guint i = 0; i < fields->len; i++)
        g_free(g_array_index(fields, field_t, i).value);
    g_array_set_size(fields, 0);
}

/* Parses one expression; prints one message naming it on failure. */
static bool parse_input(cgt_game_t *g, cgt_ctx_t *ctx, const char *text)
{
    GError *error = NULL;
    if (cgt_parse(g, ctx, text, &error))
        return true;
    /* Escaped and cut: an expression from stdin may be bytes, or megabytes. */
    char *shown = g_strescape(text, NULL), *why = g_strescape(error->message, NULL);
    if (strlen(shown) > 200)
        strcpy(shown + 197, "...");
    fprintf(stderr, "mathgo cgt: '%s': %s\n", shown, why);
    g_free(shown);
    g_free(why);
    g_error_free(error);
    return false;
}

/* Options that take a value as the next argument (for splitting argv, see below). */
static bool takes_value(const char *arg)
{
    return !strcmp(arg, "--cool") || !strcmp(arg, "--heat") || !strcmp(arg, "--svg");
}

/* The thermograph of every expression, one under the other. */
static bool write_svg(const char *path, cgt_ctx_t *ctx, const GPtrArray *exprs, const GArray *games)
{
    GError *error = NULL;
    FILE *f = svg_board_open(path, CGT_OUTPUT_SVG_WIDTH, (double)CGT_OUTPUT_SVG_HEIGHT * games->len,
                             &error);
    if (f) {
        for (guint i = 0; i < games->len; i++) {
            fprintf(f, "<g transform=\"translate(0,%d)\">\n", CGT_OUTPUT_SVG_HEIGHT * (int)i);
            cgt_output_thermograph_svg_body(
                f, exprs->pdata[i], cgt_thermograph(ctx, g_array_index(games, cgt_game_t, i)));
            fprintf(f, "</g>\n");
        }
    }
    if (!f || !svg_board_close(f, path, &error)) {
        fprintf(stderr, "mathgo cgt: --svg: %s\n", error->message);
        g_error_free(error);
        return false;
    }
    return true;
}

static const char *const cmp_names[] = {"<", "=", ">", "||"};

int front_cgt(int argc, char **argv)
{
    cgt_opts_t o = {0};
    GOptionEntry entries[] = {
        {"csv", 0, 0, G_OPTION_ARG_NONE, &o.csv, "CSV with a header row, exact values as text",
         NULL},
        {"cool", 0, 0, G_OPTION_ARG_STRING, &o.cool_text,
         "also print the game cooled by T (a dyadic number > -1)", "T"},
        {"chill", 0, 0, G_OPTION_ARG_NONE, &o.chill,
         "also print the game chilled (Berlekamp-Wolfe: cooled by 1 for Go)", NULL},
        {"warm", 0, 0, G_OPTION_ARG_NONE, &o.warm, "also print the game warmed (inverse of chill)",
         NULL},
        {"heat", 0, 0, G_OPTION_ARG_STRING, &o.heat_text, "also print the game heated by EXPR",
         "EXPR"},
        {"freeze", 0, 0, G_OPTION_ARG_NONE, &o.freeze, "also print the game frozen", NULL},
        {"thermograph", 0, 0, G_OPTION_ARG_NONE, &o.thermograph,
         "also print the thermograph in CGSuite's form", NULL},
        {"svg", 0, 0, G_OPTION_ARG_FILENAME, &o.svg_path,
         "draw the thermographs of the expressions, one under the other, as an SVG picture in "
         "FILE (-: stdout, instead of the text)",
         "FILE"},
        {"atomic-weight", 0, 0, G_OPTION_ARG_NONE, &o.aw, "also print the atomic weight", NULL},
        {"reduced", 0, 0, G_OPTION_ARG_NONE, &o.reduced, "also print the reduced canonical form",
         NULL},
        {"incentives", 0, 0, G_OPTION_ARG_NONE, &o.incentives, "also print the incentives", NULL},
        {"birthday", 0, 0, G_OPTION_ARG_NONE, &o.birthday, "also print the birthday", NULL},
        {"compare", 0, 0, G_OPTION_ARG_NONE, &o.compare,
         "compare two expressions A B: prints <, >, = or ||", NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *context = g_option_context_new("[EXPR...] - combinatorial game values");
    g_option_context_set_summary(
        context,
        "Prints, for each expression in CGSuite's notation ({a,b|c}, {4||-4|-10}, *, *3, ^, v,\n"
        "^^*, ^3, +-2, 1/2*, Tiny(2), sums and differences), its canonical form, outcome class,\n"
        "left and right stops, mean and temperature.  With no EXPR, reads one expression a line\n"
        "from stdin.  Exit status 2 on bad input.");
    g_option_context_add_main_entries(context, entries, NULL);
    mpq_init(o.cool_t);
    int status = FRONT_EXIT_USAGE;
    cgt_ctx_t *ctx = cgt_ctx_create();
    GArray *fields = g_array_new(FALSE, FALSE, sizeof(field_t));
    GPtrArray *exprs = g_ptr_array_new_with_free_func(g_free);
    /*
     * Expressions may begin with '-' ("-1/2", "-{1|0}"), which GOption would take for options:
     * pass it only the options (and their values) and keep every other argument as an
     * expression; after "--" everything is an expression.
     */
    GArray *games = NULL;
    GPtrArray *opt_argv = g_ptr_array_new();
    g_ptr_array_add(opt_argv, argv[0]);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--")) {
            for (i++; i < argc; i++)
                g_ptr_array_add(exprs, g_strdup(argv[i]));
            break;
        }
        bool is_opt =
            !strncmp(argv[i], "--", 2) || !strcmp(argv[i], "-h") || !strcmp(argv[i], "-?");
        if (is_opt) {
            g_ptr_array_add(opt_argv, argv[i]);
            if (takes_value(argv[i]) && i + 1 < argc)
                g_ptr_array_add(opt_argv, argv[++i]);
        } else {
            g_ptr_array_add(exprs, g_strdup(argv[i]));
        }
    }
    int oargc = (int)opt_argv->len;
    g_ptr_array_add(opt_argv, NULL);
    char **oargv = (char **)opt_argv->pdata;
    if (!front_parse_options(context, &oargc, &oargv, "cgt"))
        goto done;
    if (oargc > 1) {
        fprintf(stderr, "mathgo cgt: unexpected argument '%s'\n", oargv[1]);
        goto done;
    }
    GError *error = NULL;
    if (o.cool_text) {
        if (!cgt_parse_number(o.cool_t, o.cool_text, &error)) {
            fprintf(stderr, "mathgo cgt: --cool '%s': %s\n", o.cool_text, error->message);
            g_error_free(error);
            goto done;
        }
        cgt_game_t probe;
        if (!cgt_cool(&probe, ctx, cgt_zero(ctx), o.cool_t, &error)) {
            fprintf(stderr, "mathgo cgt: --cool %s: %s\n", o.cool_text, error->message);
            g_error_free(error);
            goto done;
        }
    }
    if (o.heat_text && !parse_input(&o.heat_t, ctx, o.heat_text))
        goto done;
    if (o.compare) {
        if (exprs->len != 2) {
            fprintf(stderr, "mathgo cgt: --compare takes two expressions A B\n");
            goto done;
        }
        cgt_game_t a, b;
        if (!parse_input(&a, ctx, exprs->pdata[0]) || !parse_input(&b, ctx, exprs->pdata[1]))
            goto done;
        if (o.csv) {
            /* docs/csv.md: append, never reorder. */
            printf("first,second,comparison\n");
            front_csv_field(stdout, exprs->pdata[0]);
            putchar(',');
            front_csv_field(stdout, exprs->pdata[1]);
            printf(",%s\n", cmp_names[cgt_compare(ctx, a, b)]);
        } else {
            printf("%s\n", cmp_names[cgt_compare(ctx, a, b)]);
        }
        status = FRONT_EXIT_OK;
        goto done;
    }
    if (exprs->len == 0) {
        /* Whole lines of any length: a pasted canonical form can run to megabytes. */
        char *text = front_read_file("cgt", "-");
        if (!text)
            goto done;
        char **lines = g_strsplit(text, "\n", -1);
        for (char **l = lines; *l; l++) {
            g_strstrip(*l);
            if (**l && **l != '#')
                g_ptr_array_add(exprs, g_strdup(*l));
        }
        g_strfreev(lines);
        g_free(text);
        if (exprs->len == 0) {
            fprintf(stderr, "mathgo cgt: no expression given (try 'mathgo cgt --help')\n");
            goto done;
        }
    }
    bool svg_to_stdout = o.svg_path && !strcmp(o.svg_path, "-");
    games = g_array_new(FALSE, FALSE, sizeof(cgt_game_t));
    for (guint i = 0; i < exprs->len; i++) {
        cgt_game_t g;
        if (!parse_input(&g, ctx, exprs->pdata[i]))
            goto done;
        g_array_append_val(games, g);
        describe(fields, ctx, g, exprs->pdata[i], &o);
        if (!svg_to_stdout)
            print_fields(fields, o.csv, i == 0);
        free_fields(fields);
        fflush(stdout);
    }
    status = FRONT_EXIT_OK;
    if (o.svg_path && !write_svg(o.svg_path, ctx, exprs, games))
        status = FRONT_EXIT_FAILURE;
done:
    if (games)
        g_array_free(games, TRUE);
    g_ptr_array_free(opt_argv, TRUE);
    g_ptr_array_free(exprs, TRUE);
    g_array_free(fields, TRUE);
    cgt_ctx_destroy(ctx);
    mpq_clear(o.cool_t);
    g_free(o.cool_text);
    g_free(o.heat_text);
    g_free(o.svg_path);
    g_option_context_free(context);
    return status;
}
