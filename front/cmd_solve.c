/* front/cmd_solve.c: placeholder until its issue lands; replaced by the real command. */
#include "front/commands.h"

#include <stdio.h>

int front_solve(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "mathgo solve: not built yet\n");
    return FRONT_EXIT_FAILURE;
}
