/* cli/gaexp.c — the gaexp command: the table of subcommands, dispatch, help and 'gaexp list'. */
#include "config.h"

#include <errno.h>
#include <gsl/gsl_errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "cli/cli.h"
#include "cli/runner/guard.h"
#include "cli/runner/mpi.h"
#include "cli/runner/plugin.h"

static const char cli_usage[] =
    "Usage: gaexp COMMAND [ARGS]...\n"
    "Genetic-algorithm experiments on puzzle and card games.\n"
    "\n"
    "Commands:\n"
    "  run FILE.cfg     run the experiment a configuration file describes\n"
    "  resume DIR       go on with an interrupted run from its checkpoint\n"
    "  sweep FILE.cfg   run it at every point of its 'sweep' grid, and compare\n"
    "  report DIR       print the ranked comparison of a sweep (or a run's replicates)\n"
    "  plot DIR         redraw the figures of a run or sweep folder\n"
    "  compare DIR...   rank a sweep's configurations across the sweeps of several problems\n"
    "  export --format iohprofiler DIR OUT   write a run or sweep for IOHanalyzer\n"
    "  tune FILE.cfg    tune the settings its 'tune' group lists with irace\n"
    "  evaluate FILE.cfg  print the fitness of the genomes read from standard input\n"
    "  solve PROBLEM    run a problem's exact baseline ('gaexp help solve' lists them)\n"
    "  design PROBLEM   design a puzzle level ('gaexp help design' lists the designers)\n"
    "  deal             write seeded card deals ('gaexp help deal')\n"
    "  list             list problems and operators with one-line summaries\n"
    "  help [COMMAND]   show help for gaexp or for one command\n"
    "\n"
    "Options:\n"
    "  -h, --help       show this help\n"
    "  -V, --version    show the version\n"
    "  --plugin FILE    load a plug-in's problems and operators (anywhere on the line)\n"
    "\n"
    "Exit status:\n";

#define CLI_EXIT_LINE(name, value, text) "  " #value "\t" text "\n"
static const char cli_usage_end[] = APP_EXIT_STATUSES(CLI_EXIT_LINE) "Report bugs through the project's issue tracker.\n";
#undef CLI_EXIT_LINE

/* An operator's settings, one line each under it: "NAME.KEY = default [min, max]: what". */
static void cli_list_settings(const char *name, const struct ga_op_setting *settings)
{
    for (size_t k = 0; settings && k < GA_OP_SETTINGS_MAX && settings[k].name; k++)
        printf("              %s.%s = %g [%g, %g]: %s\n", name, settings[k].name, settings[k].value, settings[k].min,
               settings[k].max, settings[k].summary ? settings[k].summary : "");
}

/* The operators p may use ('indent' before each), its defaults marked. */
static void cli_list_operators(const struct ga_problem *p, const char *indent)
{
    const struct ga_crossover *cx[64];
    const struct ga_mutation *mu[64];
    struct ga_problem_defaults d = ga_problem_defaults(p);
    size_t ncx = ga_catalog_crossovers(cli_catalog(), p, cx, 64);
    size_t nmu = ga_catalog_mutations(cli_catalog(), p, mu, 64);
    for (size_t i = 0; i < ncx && i < 64; i++) {
        printf("%scrossover %-13s%s%s\n", indent, cx[i]->name, cx[i]->summary,
               d.crossover && strcmp(cx[i]->name, d.crossover) == 0 ? " [default]" : "");
        cli_list_settings(cx[i]->name, cx[i]->settings);
    }
    for (size_t i = 0; i < nmu && i < 64; i++) {
        printf("%smutation  %-13s%s%s\n", indent, mu[i]->name, mu[i]->summary,
               d.mutation && strcmp(mu[i]->name, d.mutation) == 0 ? " [default]" : "");
        cli_list_settings(mu[i]->name, mu[i]->settings);
    }
    for (const struct ga_local *const *l = ga_problem_locals(p); l && *l; l++)
        printf("    local     %-13s%s\n", (*l)->name, (*l)->summary);
}

/* One part's operators: the generic ones of its kind, its default marked. */
static void cli_list_part(const struct ga_problem *p, const struct ga_problem_part *part)
{
    printf("    part %s: %s, %zu %s (ga.parts.%s)\n", part->name, ga_genome_kind_name(part->kind), part->len,
           part->kind == GA_KIND_REAL ? "reals" : "genes", part->name);
    struct ga_problem_variation variation = {.defaults = part->defaults};
    struct ga_problem kind = {.name = p->name, .kind = part->kind, .variation = &variation};
    cli_list_operators(&kind, "      ");
}

/* A composite problem's parts, as its default instance (with its example) declares them. */
static void cli_list_parts(const struct ga_problem *p)
{
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    char text[512];
    const char *example = ga_problem_example(p);
    snprintf(text, sizeof text, "problem = { name = \"%s\"; %s };", p->name, example ? example : "");
    void *state = NULL;
    if (cfg && ga_cfg_load_string(cfg, "list", text))
        state = ga_problem_configure(p, cfg, config_lookup(ga_cfg_config(cfg), "problem"));
    const struct ga_problem_part *parts;
    size_t n = state ? ga_problem_parts(p)(state, &parts) : 0;
    for (size_t i = 0; i < n; i++)
        cli_list_part(p, &parts[i]);
    ga_problem_release(p, state);
    ga_cfg_free(cfg);
}

int cli_list(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("Usage: gaexp list\nLists the problems and, for each, the operators it may use.\n");
        return APP_OK;
    }
    if (argc > 1) {
        app_error("list takes no arguments (see 'gaexp list --help')");
        return APP_USAGE;
    }
    printf("Problems (problem.name) and their operators (ga.crossover.name, ga.mutation.name, ga.local.name):\n");
    for (const struct ga_problem *const *p = cli_catalog()->problems; *p; p++) {
        printf("\n  %-10s %s\n", (*p)->name, (*p)->summary);
        printf("    genome: %s%s\n", ga_genome_kind_name((*p)->kind),
               ga_problem_packed(*p) ? " (packed: yes, problem.packed = true keeps 64 bits to a word)" : "");
        if (ga_problem_example(*p))
            printf("    needs:  problem = { name = \"%s\"; %s };\n", (*p)->name, ga_problem_example(*p));
        cli_list_operators(*p, "    ");
        if ((*p)->kind == GA_KIND_COMPOSITE && ga_problem_parts(*p))
            cli_list_parts(*p);
    }
    printf("\nSelection schemes (ga.selection.name):\n");
    for (const struct ga_selection *const *s = cli_catalog()->selections; s && *s; s++)
        printf("  %-12s %s%s\n", (*s)->name, (*s)->summary,
               strcmp((*s)->name, "tournament") == 0 ? " [default]" : "");
    printf("\nGenome kinds (a problem's; they pick the generic operators):\n");
    for (unsigned kind = GA_KIND_BITS; kind <= GA_KIND_PACKED; kind <<= 1)
        if (strcmp(ga_genome_kind_name(kind), "mixed") != 0) /* a bit no kind uses */
            printf("  %-16s %s\n", ga_genome_kind_name(kind), ga_genome_kind_summary(kind));
    printf("\nReplacement schemes (ga.scheme.name):\n");
    for (size_t i = 0; ga_scheme_at(i); i++)
        printf("  %-12s %s%s\n", ga_scheme_name(ga_scheme_at(i)), ga_scheme_summary(ga_scheme_at(i)),
               i == 0 ? " [default]" : "");
    return APP_OK;
}

static int cli_help(int argc, char **argv);

/* Every subcommand; each answers "--help" itself. */
static const struct cli_command {
    const char *name;
    int (*main)(int argc, char **argv);
} cli_commands[] = {
    {"run", cli_run},
    {"resume", cli_resume},
    {"sweep", cli_sweep},
    {"report", cli_report},
    {"plot", cli_plot},
    {"compare", cli_compare},
    {"export", cli_export},
    {"tune", cli_tune},
    {"evaluate", cli_evaluate},
    {"solve", cli_solve},
    {"design", cli_design},
    {"deal", cli_deal},
    {"list", cli_list},
    {"help", cli_help},
};
#define CLI_COMMAND_COUNT (sizeof cli_commands / sizeof cli_commands[0])

static const struct cli_command *cli_command_find(const char *name)
{
    for (size_t i = 0; i < CLI_COMMAND_COUNT; i++)
        if (strcmp(cli_commands[i].name, name) == 0)
            return &cli_commands[i];
    return NULL;
}

static int cli_help(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "help") == 0) {
        fputs(cli_usage, stdout);
        fputs(cli_usage_end, stdout);
        return APP_OK;
    }
    const struct cli_command *c = cli_command_find(argv[1]);
    if (!c) {
        app_error("no help for '%s' (see 'gaexp --help')", argv[1]);
        return APP_USAGE;
    }
    char *help_argv[] = {argv[1], "--help", NULL};
    return c->main(2, help_argv);
}

static void cli_pipe_closed(int signal)
{
    (void)signal;
}

int cli_main(int argc, char **argv)
{
    /* The library reports errors itself; GSL must not abort the process. */
    gsl_set_error_handler_off();
    /* A file past 'ulimit -f' is a write that fails (EFBIG, said), not a process killed silently. */
    signal(SIGXFSZ, SIG_IGN);
    /* --plugin FILE (or --plugin=FILE) anywhere: loaded, then taken out of argv. */
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        const char *path = NULL;
        if (strcmp(argv[i], "--plugin") == 0) {
            if (i + 1 == argc) {
                app_error("--plugin: expected a file name");
                return APP_USAGE;
            }
            path = argv[++i];
        } else if (strncmp(argv[i], "--plugin=", 9) == 0) {
            path = argv[i] + 9;
        }
        if (!path)
            argv[kept++] = argv[i];
        else if (!cli_plugin_option(path))
            return APP_USAGE;
    }
    argc = kept;
    argv[argc] = NULL;
    if (argc < 2) {
        fputs(cli_usage, stderr);
        fputs(cli_usage_end, stderr);
        return APP_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0)
        return cli_help(1, argv);
    if (strcmp(cmd, "-V") == 0 || strcmp(cmd, "--version") == 0) {
        printf("gaexp %s%s\n", PACKAGE_VERSION, cli_mpi_build());
        return APP_OK;
    }
    const struct cli_command *c = cli_command_find(cmd);
    if (c) {
        /* A reader that went away (gaexp run ... | head) ends no command: its
         * results are on disk, the lines it missed are lost, the status is the
         * command's.  Caught, not ignored, so that the programs gaexp starts
         * (gnuplot, irace) begin with the default. */
        struct sigaction pipe_closed = {.sa_handler = cli_pipe_closed};
        sigemptyset(&pipe_closed.sa_mask);
        sigaction(SIGPIPE, &pipe_closed, NULL);
#ifdef _OPENMP
        /* The OpenMP runtime starts now, while descriptors are free: LLVM's
         * libomp (clang's) opens a shared-memory file as it starts and aborts
         * the process when it cannot (at ulimit -n 10, mid-run). */
        (void)omp_get_max_threads();
#endif
        /* A plug-in's crash or exit() is named, while gaexp itself never exits mid-command. */
        cli_guard_install();
        cli_guard_arm(true);
        int status = c->main(argc - 1, argv + 1);
        cli_guard_arm(false);
        return status;
    }
    const char *names[CLI_COMMAND_COUNT];
    for (size_t i = 0; i < CLI_COMMAND_COUNT; i++)
        names[i] = cli_commands[i].name;
    const char *hint = ga_diag_closest(cmd, names, CLI_COMMAND_COUNT);
    if (hint)
        app_error("unknown command '%s' (did you mean '%s'? see 'gaexp --help')", cmd, hint);
    else
        app_error("unknown command '%s' (see 'gaexp --help')", cmd);
    return APP_USAGE;
}
