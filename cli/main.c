/* cli/main.c — the gaexp program: all of it is cli_main() (cli/gaexp.c). */
#include "cli/cli.h"

int main(int argc, char **argv)
{
    return cli_main(argc, argv);
}
