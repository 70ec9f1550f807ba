/*
 * front/commands.h: the `mathgo` subcommands.
 *
 * Each subcommand is one function with main()'s signature, in its own file front/cmd_<name>.c.
 * It parses its own options with a GOptionContext (so `--help` works on each), prints results
 * on stdout and diagnostics on stderr, and returns the process exit status:
 *   FRONT_EXIT_OK (0), FRONT_EXIT_FAILURE (1, a failure at run time),
 *   FRONT_EXIT_USAGE (2, bad input: options, diagrams, expressions, sizes, moves).
 * Nothing below the front prints to stdout; the commands turn library values into text.
 */
#ifndef MATHGO_FRONT_COMMANDS_H
#define MATHGO_FRONT_COMMANDS_H

enum { FRONT_EXIT_OK = 0, FRONT_EXIT_FAILURE = 1, FRONT_EXIT_USAGE = 2 };

typedef int (*front_command_fn)(int argc, char **argv);

typedef struct front_command {
    const char *name;
    front_command_fn run;
    const char *summary;
} front_command_t;

/* The table of subcommands, terminated by a NULL name. */
extern const front_command_t front_commands[];

/* Runs the `mathgo` command line (argv[0] is the program); used by main() and by tests. */
int front_main(int argc, char **argv);

int front_show(int argc, char **argv);      /* core: front/cmd_show.c */
int front_play(int argc, char **argv);      /* core: front/cmd_play.c */
int front_score(int argc, char **argv);     /* core: front/cmd_score.c */
int front_perft(int argc, char **argv);     /* core: front/cmd_perft.c */
int front_gtp(int argc, char **argv);       /* core: front/cmd_gtp.c */
int front_count(int argc, char **argv);     /* positions: front/cmd_count.c */
int front_enumerate(int argc, char **argv); /* positions: front/cmd_enumerate.c */
int front_solve(int argc, char **argv);     /* solver: front/cmd_solve.c */
int front_cgt(int argc, char **argv);       /* cgt: front/cmd_cgt.c */
int front_region(int argc, char **argv);    /* regions: front/cmd_region.c */
int front_tablebase(int argc, char **argv); /* solver: front/cmd_tablebase.c */
int front_probe(int argc, char **argv);     /* solver: front/cmd_probe.c */
int front_chetrit(int argc, char **argv);   /* solver: front/cmd_chetrit.c */

#endif
