/* front/dispatch.c: the subcommand table and the top-level `mathgo` command line. */
#include "front/commands.h"
#include "front/common.h"

#include <glib.h>

#include <stdio.h>
#include <string.h>

const front_command_t front_commands[] = {
    {"show", front_show, "print a position (ASCII diagram) with chains, liberties, score, moves"},
    {"play", front_play, "replay moves from the empty board under a rule set"},
    {"score", front_score,
     "the Japanese rules' Analysis and territory score of a position (fill-in counting)"},
    {"perft", front_perft, "count the leaves of the game tree to a given depth"},
    {"gtp", front_gtp, "speak the Go Text Protocol on stdin/stdout"},
    {"count", front_count, "count the legal positions of a board exactly"},
    {"enumerate", front_enumerate, "list every legal position of a board with its rank"},
    {"solve", front_solve, "solve a board exactly under a rule set"},
    {"tablebase", front_tablebase, "compute the retrograde tablebase of a board (math, pseudo)"},
    {"probe", front_probe, "look up a state's value and optimal moves in a tablebase file"},
    {"chetrit", front_chetrit, "test Chetrit's claim (math vs old-chinese) on every position"},
    {"cgt", front_cgt, "combinatorial game values: canonical forms, thermographs, cooling"},
    {"region", front_region, "exact values of Go endgame regions (territory and math models)"},
    {NULL, NULL, NULL},
};

static void print_usage(FILE *out)
{
    fprintf(out, "usage: mathgo COMMAND [OPTIONS...]\n\ncommands:\n");
    for (const front_command_t *c = front_commands; c->name; c++)
        fprintf(out, "  %-10s %s\n", c->name, c->summary);
    fprintf(out, "\n'mathgo COMMAND --help' describes each command; 'mathgo --version' prints "
                 "the version.\n");
}

int front_main(int argc, char **argv)
{
    if (argc < 2) {
        print_usage(stderr);
        return FRONT_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (!strcmp(name, "--version") || !strcmp(name, "version")) {
        printf("mathgo %s\n", MATHGO_VERSION);
        return front_finish_output("--version", FRONT_EXIT_OK);
    }
    if (!strcmp(name, "--help") || !strcmp(name, "-h") || !strcmp(name, "help")) {
        print_usage(stdout);
        return front_finish_output("--help", FRONT_EXIT_OK);
    }
    for (const front_command_t *c = front_commands; c->name; c++) {
        if (strcmp(c->name, name))
            continue;
        /* GOption's usage line names the program: "Usage: mathgo solve [OPTION...]". */
        char *program = g_strdup_printf("mathgo %s", name);
        g_set_prgname(program);
        g_free(program);
        return front_finish_output(name, c->run(argc - 1, argv + 1));
    }
    fprintf(stderr, "mathgo: unknown command '%s' (try 'mathgo --help')\n", name);
    return FRONT_EXIT_USAGE;
}
