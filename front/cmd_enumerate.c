/*
 * front/cmd_enumerate.c: `mathgo enumerate WxH [--canonical] [--csv|--diagrams]`, every legal
 * position (or one per symmetry class) with its rank (positions/enumerate.h).
 */
#include "front/commands.h"
#include "front/common.h"

#include "positions/count.h"
#include "positions/diagram.h"
#include "positions/enumerate.h"

#include <stdio.h>

static void print_item(const enumerate_item_t *item, const board_geom_t *g, bool canonical,
                       bool csv, bool diagrams)
{
    unsigned long long rank = (unsigned long long)item->rank;
    if (diagrams) {
        char *text = diagram_format(&item->position, g);
        if (canonical)
            printf("# rank %llu, class size %u\n%s\n", rank, item->class_size, text);
        else
            printf("# rank %llu\n%s\n", rank, text);
        g_free(text);
        return;
    }
    char text[DIAGRAM_COMPACT_SIZE];
    diagram_format_compact(text, &item->position, g);
    const char *sep = csv ? "," : " ";
    if (canonical)
        printf("%llu%s%u%s%s\n", rank, sep, item->class_size, sep, text);
    else
        printf("%llu%s%s\n", rank, sep, text);
}

/* The Burnside check, on stderr: the classes streamed against the fixed points of each symmetry
 * and the plain count.  Returns false when they disagree (a bug). */
static bool report_burnside(const enumerate_t *walk)
{
    const board_geom_t *g = enumerate_geom(walk);
    enumerate_tally_t t = enumerate_tally(walk);
    bool holds = enumerate_burnside_holds(&t) && t.positions == enumerate_count(walk);
    fprintf(stderr,
            "mathgo enumerate: %dx%d: %llu legal positions, %llu classes under %d "
            "symmetries; Burnside: (",
            g->width, g->height, (unsigned long long)t.positions, (unsigned long long)t.classes,
            t.symmetries);
    for (int s = 0; s < t.symmetries; s++)
        fprintf(stderr, "%s%llu", s ? " + " : "", (unsigned long long)t.fixed[s]);
    fprintf(stderr, ") / %d %s\n", t.symmetries, holds ? "agrees" : "DISAGREES");
    return holds;
}

int front_enumerate(int argc, char **argv)
{
    gboolean canonical = FALSE, csv = FALSE, diagrams = FALSE, header = TRUE;
    GOptionEntry entries[] = {
        {"canonical", 0, 0, G_OPTION_ARG_NONE, &canonical,
         "one position per symmetry class (its smallest image) with the class size; checks the "
         "number of classes by Burnside's lemma (on stderr)",
         NULL},
        {"csv", 0, 0, G_OPTION_ARG_NONE, &csv,
         "CSV rows rank,[class_size,]position with a header; a position is its rows joined by "
         "'/' (X black, O white, . empty)",
         NULL},
        {"diagrams", 0, 0, G_OPTION_ARG_NONE, &diagrams,
         "each position as a diagram after a '# rank R' line", NULL},
        {"no-header", 0, G_OPTION_FLAG_REVERSE, G_OPTION_ARG_NONE, &header,
         "omit the CSV header row", NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *ctx =
        g_option_context_new("WxH - list every legal position of a board with its rank");
    g_option_context_set_summary(
        ctx, "Streams the legal positions of a W x H board (every chain has a liberty) in rank\n"
             "order: rows top to bottom (columns when W > H), empty < black < white.  Plain\n"
             "lines are 'rank [class_size] position'.  Boards of at most 64 points and 2^40\n"
             "legal positions.");
    g_option_context_add_main_entries(ctx, entries, NULL);
    int status = FRONT_EXIT_USAGE;
    enumerate_t *walk = NULL;
    GError *error = NULL;
    int width, height;
    if (!front_parse_options(ctx, &argc, &argv, "enumerate"))
        goto done;
    if (argc != 2) {
        fprintf(stderr, "mathgo enumerate: give one board size, e.g. 'mathgo enumerate 3x3'\n");
        goto done;
    }
    if (csv && diagrams) {
        fprintf(stderr, "mathgo enumerate: choose one of --csv and --diagrams\n");
        goto done;
    }
    if (!count_parse_size(&width, &height, argv[1], &error) ||
        !(walk = enumerate_create(width, height, canonical, &error))) {
        front_fail_usage("enumerate", error);
        goto done;
    }
    const board_geom_t *g = enumerate_geom(walk);
    if (csv && header)
        printf(canonical ? "rank,class_size,position\n" : "rank,position\n");
    enumerate_item_t item;
    while (enumerate_next(&item, walk))
        print_item(&item, g, canonical, csv, diagrams);
    status = canonical && !report_burnside(walk) ? FRONT_EXIT_FAILURE : FRONT_EXIT_OK;
done:
    enumerate_destroy(walk);
    g_option_context_free(ctx);
    return status;
}
