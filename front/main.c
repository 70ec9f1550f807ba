/* front/main.c: the `mathgo` executable. */
#include "front/commands.h"

int main(int argc, char **argv)
{
    return front_main(argc, argv);
}
