/* front/cmd_cgt.c: placeholder until its issue lands; replaced by the real command. */
#include "front/commands.h"

#include <stdio.h>

int front_cgt(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "mathgo cgt: not built yet\n");
    return FRONT_EXIT_FAILURE;
}
