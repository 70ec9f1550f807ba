/* front/cmd_count.c: placeholder until its issue lands; replaced by the real command. */
#include "front/commands.h"

#include <stdio.h>

int front_count(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "mathgo count: not built yet\n");
    return FRONT_EXIT_FAILURE;
}
