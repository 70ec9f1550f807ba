/* front/cmd_show.c: placeholder until its issue lands; replaced by the real command. */
#include "front/commands.h"

#include <stdio.h>

int front_show(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "mathgo show: not built yet\n");
    return FRONT_EXIT_FAILURE;
}
