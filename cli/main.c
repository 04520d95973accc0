/* cli/main.c — the gaexp program: cli_main() (cli/gaexp.c); under mpirun the other ranks serve its sweeps (cli/runner/mpi.c). */
#include "config.h"

#include "cli/cli.h"
#include "cli/runner/mpi.h"
#include "cli/runner/plugin.h"

int main(int argc, char **argv)
{
    if (!cli_mpi_init(&argc, &argv))
        return APP_FAILED;
    int status = cli_mpi_worker() ? cli_mpi_work() : cli_main(argc, argv);
    cli_registry_free();
    return cli_mpi_finish(status);
}
