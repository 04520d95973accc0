/* cli/run.c — 'gaexp run': read and validate the experiment, then run it here, side by side
 * or over MPI ranks, writing its output folder through the run session. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/runner/mpi.h"
#include "cli/runner/plugin.h"
#include "cli/runner/pool.h"
#include "cli/runner/run_session.h"
#include "cli/store/names.h"
#include "cli/store/publish.h"
#include "gaexp/run.h"

static const char run_usage[] =
    "Usage: gaexp run FILE.cfg [OPTION]...\n"
    "Runs the experiment FILE.cfg describes and writes its output folder (one row\n"
    "per replicate and generation, or per replicate):\n"
    "  config.cfg       the fully resolved configuration (gaexp run DIR/config.cfg repeats the run)\n"
    "  generations.csv  " GA_STATS_COLUMNS "\n"
    "                   then the columns of the problem's own, if it declares any\n"
    "  summary.csv      " NAMES_SUMMARY_COLUMNS "\n"
    "                   (with objectives, then " NAMES_SUMMARY_MO_COLUMNS ")\n"
    "  best.txt         the best individual of all replicates, in the problem's notation\n"
    "                   (with objectives: the final front of the replicate of largest hypervolume)\n"
    "  times.csv        wall-clock times (the only file that differs between reruns)\n"
    "  curves.csv       per generation over the replicates: mean best with its 95%\n"
    "                   confidence interval, mean of the mean fitness, share solved\n"
    "  fitness.gp/.png  the fitness curves (the PNG when gnuplot is installed)\n"
    "  with several objectives or constraints, generations.csv's columns go on with\n"
    "                   " GA_STATS_MO_COLUMNS ", and:\n"
    "  front.csv        replicate, the objectives, violation: each replicate's final front\n"
    "  true-front.csv   the problem's true front, sampled (when it knows it)\n"
    "  front.gp/.png    the fronts over the true one, and hypervolume.gp/.png each\n"
    "                   replicate's hypervolume (share) over evaluations, in place of fitness\n"
    "\n"
    "Options:\n"
    "  --seed N         seed of the run (default: ga.seed, else one drawn from the clock)\n"
    "  --replicates R   R independent runs (ga.replicates); replicate 1 uses the seed,\n"
    "                   the others seeds derived from it (listed in summary.csv)\n"
    "  --set PATH=VAL   override a setting, e.g. --set ga.mutation.rate=0.02 (repeatable)\n"
    "  --out DIR        output folder (default: output.dir, else results/<file name>)\n"
    "  --jobs N         threads (ga.threads); results are identical for every N\n"
    "  --parallel HOW   with replicates: 'runs' side by side (one thread each, no\n"
    "                   checkpoints), 'threads' inside each run, or 'auto' (default;\n"
    "                   the rule of 'gaexp sweep --help')\n"
    "  --check          check the hooks as the run goes (ga.check): every genome\n"
    "                   init, crossover and mutation make must be valid, and every\n"
    "                   individual, evaluated again on other threads, must get the\n"
    "                   same fitness; the first failure is reported (exit 2)\n"
    "  --force          replace the run an output folder holds (its other files\n"
    "                   are kept; a sweep, export or tuning there is refused)\n"
    "  --quiet          no progress line and no summary on the terminal\n"
    "  -h, --help       show this help\n"
    "\n"
    "Fitness is lower-is-better everywhere; 0 means solved.\n";

/* The command line applied to the configuration: the shared options, then --out. */
static int run_parse(int argc, char **argv, struct ga_cfg *cfg, struct cli_options *o)
{
    int status = cli_options_parse(argc, argv, "run", run_usage, false, o);
    if (status != APP_OK)
        return status;
    if (!ga_cfg_load(cfg, o->file))
        return APP_USAGE;
    config_setting_t *sweep = config_setting_get_member(ga_cfg_root(cfg), "sweep");
    if (sweep) {
        ga_cfg_error(cfg, sweep, "a sweep file: run it with 'gaexp sweep %s'", o->file);
        return APP_USAGE;
    }
    if (!cli_options_apply(o, cfg) || !cli_options_jobs(o, cfg))
        return APP_USAGE;
    if (o->out)
        ga_cfg_override_string(cfg, "output.dir", o->out);
    return APP_OK;
}

/* A run that could not be allocated for want of memory: the machine failed
 * us (exit 1), not the input; its message then names the experiment file. */
static bool run_out_of_memory(struct ga_diag *diag, const char *file)
{
    if (cli_options_failed(diag) != APP_FAILED)
        return false;
    snprintf(diag->entries[diag->count - 1].file, sizeof diag->entries[0].file, "%s", file);
    return true;
}

int cli_run(int argc, char **argv)
{
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    if (!cfg) {
        app_error("out of memory");
        return APP_FAILED;
    }
    struct cli_options o;
    int status = run_parse(argc, argv, cfg, &o);
    struct ga_experiment *e = NULL;
    struct output_settings out;
    struct ga_run *run = NULL;
    if (status == APP_OK) {
        uint64_t clock_seed = (uint64_t)time(NULL) * 1000003u ^ (uint64_t)getpid();
        e = cli_experiment_alloc(cfg, clock_seed % 1000000000u, &out);
        /* Under mpirun the ranks share the islands (rank 0 writes). */
        bool spread = e && e->params.islands > 1 && cli_mpi_workers() > 0;
        if (e && (!spread || (e->params.link = cli_mpi_islands(cfg))))
            run = ga_run_alloc(e->problem, e->state, &e->params, &diag);
        status = run ? APP_OK : e && spread ? APP_FAILED : APP_USAGE;
        if (!run && e && run_out_of_memory(&diag, o.file))
            status = APP_FAILED;
    }
    /* Checked, and locked from the check to the end (the writers below share
     * the lock); its commit journal replaces an old run whole. */
    struct publish folder = {.lock = -1};
    if (status == APP_OK)
        status = publish_open(&folder, out.dir, NAMES_RUN, o.force ? PUBLISH_FORCE : PUBLISH_NEW);
    if (status == APP_OK)
        status = !e->params.link && cli_pool_chosen(o.parallel, e->params.threads, e->replicates,
                                                    e->params.population * e->params.islands)
                     ? cli_pool_run_experiment(cfg, e, &out, o.quiet)
                     : cli_run_experiment(cfg, e, &out, run, o.quiet);
    if (folder.lock >= 0)
        publish_close(&folder, false);
    app_print_diag(&diag);
    ga_run_free(run);
    ga_experiment_free(e);
    ga_cfg_free(cfg);
    return status < 0 ? APP_OK : status;
}
