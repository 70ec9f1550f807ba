/* front/main.c: the `mathgo` executable. */
#include "front/commands.h"

#include <signal.h>

int main(int argc, char **argv)
{
    /* A closed pipe makes writes fail (EPIPE), reported with exit status 1, rather than
     * killing the process silently. */
    signal(SIGPIPE, SIG_IGN);
    return front_main(argc, argv);
}
