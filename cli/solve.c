/* cli/solve.c — 'gaexp solve PROBLEM': dispatch to the exact baselines of the problem modules. */
#include "config.h"

#include <string.h>

#include "cli/cli.h"

/* One line per problem with an exact baseline; its code lives in cli/solve_<name>.c. */
static const struct cli_solver {
    const char *name;
    int (*solve)(int argc, char **argv);
    const char *usage;
} cli_solvers[] = {
    {"derful", cli_solve_derful, cli_solve_derful_usage},
    {"t24", cli_solve_t24, cli_solve_t24_usage},
    {"animals", cli_solve_animals, cli_solve_animals_usage},
    {"fortythieves", cli_solve_fortythieves, cli_solve_fortythieves_usage},
};
#define CLI_SOLVER_COUNT (sizeof cli_solvers / sizeof cli_solvers[0])

void cli_solve_help(FILE *out)
{
    fputs("Usage: gaexp solve PROBLEM [OPTION]...\n"
          "Runs the exact baseline of a problem.\n",
          out);
    for (size_t i = 0; i < CLI_SOLVER_COUNT; i++) {
        fputc('\n', out);
        fputs(cli_solvers[i].usage, out);
    }
    fputs("\n  -h, --help   show this help\n", out);
}

int cli_solve(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        cli_solve_help(argc < 2 ? stderr : stdout);
        return argc < 2 ? CLI_USAGE : CLI_OK;
    }
    char names[256] = "";
    for (size_t i = 0; i < CLI_SOLVER_COUNT; i++) {
        if (strcmp(argv[1], cli_solvers[i].name) == 0)
            return cli_solvers[i].solve(argc - 1, argv + 1);
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
                 cli_solvers[i].name);
    }
    cli_error("solve: no exact baseline for '%s' (available: %s)", argv[1], names);
    return CLI_USAGE;
}
