/*
 * front/cmd_region.c: `mathgo region FILE|- [--model territory|math|both] [--chill]
 * [--thermograph] [--csv] [--svg FILE]`: the exact combinatorial value of each Go region of a
 * region file (docs/regions.md is the manual) with its figures: canonical form, outcome, stops,
 * mean, temperature, the chilled value, the thermograph (text and SVG).
 */
#include "front/cgt_output.h"
#include "front/commands.h"
#include "front/common.h"

#include "cgt/notation.h"
#include "core/game.h"
#include "front/region_file.h"
#include "front/svg_board.h"
#include "positions/diagram.h"
#include "regions/region.h"
#include "solver/search.h"

#include <stdio.h>
#include <string.h>

static const char *const csv_columns[] = {"name",      "model",      "canonical", "outcome",
                                          "left_stop", "right_stop", "mean",      "temperature",
                                          "chilled",   "note"};
enum { N_COLUMNS = sizeof csv_columns / sizeof csv_columns[0] };

typedef struct region_opts {
    char *model_text, *svg_path;
    gboolean chill, thermograph, csv, solve;
} region_opts_t;

/* The full-board rule set that plays each model with passes or without (--solve). */
static const char *const solver_rules[REGION_MODEL_COUNT] = {
    "japanese,ko=positional,cycle=none,analysis=none", "math"};

/*
 * The region solved as a whole board by the solver with Black first and White first (`out[c]`):
 * the optimal score under territory ("2", "-1/2"), the winner under math ("B", "W").  False
 * (one message printed) when the solver fails.
 */
static bool solve_region(char *out[2], const region_file_entry_t *r, region_model_t model)
{
    rules_t rules;
    GError *error = NULL;
    search_options_t options = search_options_default();
    options.tt_bytes = 16u << 20;
    bool ok = rules_parse(&rules, solver_rules[model], &error);
    search_t *search = ok ? search_create(r->geom, &rules, &options, &error) : NULL;
    ok = search != NULL;
    for (int c = 0; ok && c < 2; c++) {
        game_t *game = game_create_from(r->geom, &rules, &r->position, (board_color_t)c, &error);
        search_result_t result;
        ok = game && search_solve(&result, search, game, &error);
        if (ok && model == REGION_MODEL_MATH) {
            out[c] = g_strdup(result.value > 0 ? "B" : "W");
        } else if (ok) {
            mpq_t q;
            mpq_init(q);
            mpq_set_si(q, result.value, 2);
            mpq_canonicalize(q);
            out[c] = cgt_number_to_string(q);
            mpq_clear(q);
        }
        game_destroy(game);
    }
    if (!ok) {
        fprintf(stderr, "mathgo region: region at line %d: the solver failed: %s\n", r->line,
                error ? error->message : "?");
        g_clear_error(&error);
    }
    search_destroy(search);
    return ok;
}

static char *number_of(void (*f)(mpq_t, cgt_ctx_t *, cgt_game_t), cgt_ctx_t *ctx, cgt_game_t g)
{
    mpq_t q;
    mpq_init(q);
    f(q, ctx, g);
    char *s = cgt_number_to_string(q);
    mpq_clear(q);
    return s;
}

/* The CSV columns of one region in one model (value columns empty when `note` is set). */
static void fill_columns(char *col[N_COLUMNS], cgt_ctx_t *ctx, const region_file_entry_t *r,
                         region_model_t model, const cgt_game_t *value, const char *note)
{
    col[0] = g_strdup(r->name ? r->name : "");
    col[1] = g_strdup(region_model_name(model));
    for (int i = 2; i < N_COLUMNS; i++)
        col[i] = g_strdup("");
    if (!value) {
        g_free(col[9]);
        col[9] = g_strdup(note);
        return;
    }
    cgt_game_t g = *value;
    char *v[] = {cgt_to_string(ctx, g),
                 g_strdup(cgt_output_outcome(cgt_outcome(ctx, g))),
                 number_of(cgt_left_stop, ctx, g),
                 number_of(cgt_right_stop, ctx, g),
                 number_of(cgt_mean, ctx, g),
                 number_of(cgt_temperature, ctx, g),
                 model == REGION_MODEL_TERRITORY ? cgt_to_string(ctx, cgt_chill(ctx, g))
                                                 : g_strdup("")};
    for (int i = 0; i < 7; i++) {
        g_free(col[2 + i]);
        col[2 + i] = v[i];
    }
}

static void print_text(cgt_ctx_t *ctx, const region_file_entry_t *r, region_model_t model,
                       char *col[N_COLUMNS], const cgt_game_t *value, const region_opts_t *o)
{
    if (r->name)
        printf("%-14s %s\n", "name", r->name);
    printf("%-14s %s\n", "model", region_model_name(model));
    char *grid = diagram_format_region(&r->position, r->geom);
    char **rows = g_strsplit(grid, "\n", -1);
    for (char **row = rows; *row && **row; row++)
        printf("%-14s %s\n", row == rows ? "region" : "", *row);
    g_strfreev(rows);
    g_free(grid);
    if (!value) {
        printf("%-14s %s\n", "note", col[9]);
        return;
    }
    for (int i = 2; i <= 7; i++)
        printf("%-14s %s\n", csv_columns[i], col[i]);
    if (o->chill && model == REGION_MODEL_TERRITORY)
        printf("%-14s %s\n", "chilled", col[8]);
    if (o->thermograph) {
        char *t = cgt_output_thermograph_text(cgt_thermograph(ctx, *value));
        printf("%-14s %s\n", "thermograph", t);
        g_free(t);
    }
    if (r->expect[model]) {
        cgt_game_t expected;
        GError *error = NULL;
        if (!cgt_parse(&expected, ctx, r->expect[model], &error)) {
            printf("%-14s %s (cannot read: %s)\n", "expected", r->expect[model], error->message);
            g_error_free(error);
        } else {
            printf("%-14s %s (%s)\n", "expected", r->expect[model],
                   expected == *value ? "agrees" : "DIFFERS");
        }
    }
}

/* One CSV row; `solved` (may be NULL) adds the two solver columns, `thermograph` (may be NULL)
 * the thermograph column (empty for a region without a value). */
static void print_csv(char *col[N_COLUMNS], char *solved[2], const char *thermograph)
{
    for (int i = 0; i < N_COLUMNS; i++) {
        if (i)
            putchar(',');
        front_csv_field(stdout, col[i]);
    }
    if (solved)
        printf(",%s,%s", solved[0], solved[1]);
    if (thermograph) {
        putchar(',');
        front_csv_field(stdout, thermograph);
    }
    putchar('\n');
}

/* The region drawn as a Go board (left) and the thermograph of its value (right), or the note
 * instead. */
static bool write_svg(const char *path, cgt_ctx_t *ctx, const region_file_entry_t *r,
                      region_model_t model, const cgt_game_t *value, const char *note)
{
    const double margin = 20, title_h = 24;
    double board_w, board_h;
    svg_board_size(&board_w, &board_h, r->geom);
    double grid_w = board_w + 2 * margin, grid_h = board_h + title_h + margin;
    double width = grid_w + CGT_OUTPUT_SVG_WIDTH;
    double height = grid_h > CGT_OUTPUT_SVG_HEIGHT ? grid_h : CGT_OUTPUT_SVG_HEIGHT;
    GError *error = NULL;
    FILE *f = svg_board_open(path, width, height, &error);
    if (f) {
        char *title = g_markup_escape_text(r->name ? r->name : "region", -1);
        fprintf(f, "<text x=\"%.1f\" y=\"16\" font-size=\"14\">%s (%s)</text>\n", margin, title,
                region_model_name(model));
        g_free(title);
        svg_board_draw(f, margin, title_h, r->geom, &r->position, NULL);
        fprintf(f, "<g transform=\"translate(%.1f,0)\">\n", grid_w);
        if (value) {
            char *text = cgt_to_string(ctx, *value);
            char *t = g_strdup_printf("%s = %s", r->name ? r->name : "region", text);
            cgt_output_thermograph_svg_body(f, t, cgt_thermograph(ctx, *value));
            g_free(t);
            g_free(text);
        } else {
            char *esc = g_markup_escape_text(note, -1);
            fprintf(f, "<text x=\"20\" y=\"60\" font-size=\"14\">%s</text>\n", esc);
            g_free(esc);
        }
        fprintf(f, "</g>\n");
    }
    if (!f || !svg_board_close(f, path, &error)) {
        fprintf(stderr, "mathgo region: --svg: %s\n", error->message);
        g_error_free(error);
        return false;
    }
    return true;
}

int front_region(int argc, char **argv)
{
    region_opts_t o = {0};
    GOptionEntry entries[] = {
        {"model", 'm', 0, G_OPTION_ARG_STRING, &o.model_text,
         "territory (Japanese counting with prisoners, the default), math (normal play, no "
         "pass) or both",
         "M"},
        {"chill", 0, 0, G_OPTION_ARG_NONE, &o.chill, "also print the chilled territory value",
         NULL},
        {"thermograph", 0, 0, G_OPTION_ARG_NONE, &o.thermograph,
         "also print the thermograph in CGSuite's form (in CSV a last column, thermograph)", NULL},
        {"csv", 0, 0, G_OPTION_ARG_NONE, &o.csv,
         "CSV: name,model,canonical,outcome,left_stop,right_stop,mean,temperature,chilled,note",
         NULL},
        {"solve", 0, 0, G_OPTION_ARG_NONE, &o.solve,
         "also solve each region as a whole board (territory: "
         "japanese,ko=positional,cycle=none,analysis=none, which "
         "counts every stone as alive; math: math) with Black and with White first; in CSV two "
         "more columns, solver_black_first and solver_white_first",
         NULL},
        {"svg", 0, 0, G_OPTION_ARG_FILENAME, &o.svg_path,
         "draw the first region as a Go board and its thermograph side by side as an SVG "
         "picture in FILE (-: stdout, instead of the text)",
         "FILE"},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *context = g_option_context_new("FILE|- - values of Go endgame regions");
    g_option_context_set_summary(
        context,
        "Reads region files (docs/regions.md: header lines name:, source:, expect-territory:,\n"
        "expect-math:, then a grid of X O safe stones, x o stones, . empty, # off the board;\n"
        "regions separated by blank lines or ---) and prints each region's exact value in\n"
        "CGSuite's notation with its outcome, stops, mean and temperature.  A region whose\n"
        "local positions can repeat (a ko) is not a short game and gets a note, no value.");
    g_option_context_add_main_entries(context, entries, NULL);
    int status = FRONT_EXIT_USAGE;
    char *text = NULL;
    GPtrArray *regions = NULL;
    region_ctx_t *rctx = NULL;
    GError *error = NULL;
    region_model_t models[REGION_MODEL_COUNT] = {REGION_MODEL_TERRITORY};
    int n_models = 1;

    if (!front_parse_options(context, &argc, &argv, "region"))
        goto done;
    if (argc != 2) {
        fprintf(stderr, "mathgo region: give one region file (or - for stdin)\n");
        goto done;
    }
    if (o.model_text && !strcmp(o.model_text, "both")) {
        models[1] = REGION_MODEL_MATH;
        n_models = 2;
    } else if (o.model_text && !region_model_parse(&models[0], o.model_text, NULL)) {
        fprintf(stderr, "mathgo region: --model: unknown model '%s' (territory, math or both)\n",
                o.model_text);
        goto done;
    }
    if (!(text = front_read_file("region", argv[1])))
        goto done;
    if (!(regions = region_file_parse(text, &error))) {
        fprintf(stderr, "mathgo region: %s: %s\n", argv[1], error->message);
        g_error_free(error);
        goto done;
    }
    rctx = region_ctx_create(0);
    cgt_ctx_t *ctx = region_ctx_cgt(rctx);
    bool svg_to_stdout = o.svg_path && !strcmp(o.svg_path, "-");
    if (o.csv && !svg_to_stdout) {
        for (int i = 0; i < N_COLUMNS; i++)
            printf("%s%s", i ? "," : "", csv_columns[i]);
        printf("%s%s\n", o.solve ? ",solver_black_first,solver_white_first" : "",
               o.thermograph ? ",thermograph" : "");
    }
    status = FRONT_EXIT_OK;
    for (guint i = 0; i < regions->len; i++) {
        const region_file_entry_t *r = g_ptr_array_index(regions, i);
        for (int m = 0; m < n_models; m++) {
            cgt_game_t value;
            char *col[N_COLUMNS];
            bool ok = region_value(&value, rctx, r->geom, &r->position, models[m], &error);
            if (!ok && error->code != REGION_ERROR_NOT_SHORT) {
                fprintf(stderr, "mathgo region: %s: region at line %d: %s\n", argv[1], r->line,
                        error->message);
                g_clear_error(&error);
                status = FRONT_EXIT_FAILURE; /* the limit: the file itself was fine */
                goto done;
            }
            fill_columns(col, ctx, r, models[m], ok ? &value : NULL, ok ? NULL : error->message);
            char *solved[2] = {NULL, NULL};
            if (o.solve && !solve_region(solved, r, models[m])) {
                for (int c = 0; c < N_COLUMNS; c++)
                    g_free(col[c]);
                g_clear_error(&error);
                status = FRONT_EXIT_FAILURE;
                goto done;
            }
            if (svg_to_stdout) {
                /* the picture alone on stdout */
            } else if (o.csv) {
                char *thermograph = !o.thermograph ? NULL
                                    : ok ? cgt_output_thermograph_text(cgt_thermograph(ctx, value))
                                         : g_strdup("");
                print_csv(col, o.solve ? solved : NULL, thermograph);
                g_free(thermograph);
            } else {
                print_text(ctx, r, models[m], col, ok ? &value : NULL, &o);
                if (o.solve)
                    printf("%-14s Black first %s, White first %s (%s)\n", "solver", solved[0],
                           solved[1], solver_rules[models[m]]);
                putchar('\n');
            }
            g_free(solved[0]);
            g_free(solved[1]);
            if (o.svg_path && i == 0 && m == 0 &&
                !write_svg(o.svg_path, ctx, r, models[m], ok ? &value : NULL, col[9]))
                status = FRONT_EXIT_FAILURE;
            for (int c = 0; c < N_COLUMNS; c++)
                g_free(col[c]);
            g_clear_error(&error);
            fflush(stdout);
        }
    }
done:
    region_ctx_destroy(rctx);
    if (regions)
        g_ptr_array_unref(regions);
    g_free(text);
    g_free(o.model_text);
    g_free(o.svg_path);
    g_option_context_free(context);
    return status;
}
