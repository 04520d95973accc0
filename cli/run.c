/* cli/run.c — 'gaexp run': read, validate, run with a progress line, write the output folder. */
#include "config.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "ga/run.h"

static const char run_usage[] =
    "Usage: gaexp run FILE.cfg [OPTION]...\n"
    "Runs the experiment FILE.cfg describes and writes its output folder:\n"
    "  config.cfg       the fully resolved configuration (gaexp run DIR/config.cfg repeats the run)\n"
    "  generations.csv  replicate,generation,evaluations,best,mean,std,worst,diversity\n"
    "  summary.csv      replicate,seed,solved,best,generation_found,evaluations\n"
    "  best.txt         the best individual in the problem's own notation\n"
    "  times.csv        wall-clock times (the only file that differs between reruns)\n"
    "  fitness.gp/.png  the fitness curves (the PNG when gnuplot is installed)\n"
    "\n"
    "Options:\n"
    "  --seed N         seed of the run (default: ga.seed, else one drawn from the clock)\n"
    "  --set PATH=VAL   override a setting, e.g. --set ga.mutation.rate=0.02 (repeatable)\n"
    "  --out DIR        output folder (default: output.dir, else results/<file name>)\n"
    "  --jobs N         threads (ga.threads); results are identical for every N\n"
    "  --force          overwrite the files of an existing output folder\n"
    "  --quiet          no progress line and no summary on the terminal\n"
    "  -h, --help       show this help\n"
    "\n"
    "Fitness is lower-is-better everywhere; 0 means solved.\n";

struct run_options {
    const char *file;
    const char *out;
    bool force, quiet;
};

/* Applies the command line to the configuration, in order. */
static int run_parse(int argc, char **argv, struct ga_cfg *cfg, struct run_options *o)
{
    static const struct option longopts[] = {
        {"seed", required_argument, NULL, 's'}, {"set", required_argument, NULL, 'S'},
        {"out", required_argument, NULL, 'o'},  {"jobs", required_argument, NULL, 'j'},
        {"force", no_argument, NULL, 'f'},      {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},       {NULL, 0, NULL, 0},
    };
    char *sets[256];
    size_t nsets = 0;
    long long seed = -1, jobs = 0;
    optind = 1;
    opterr = 0;
    for (int c; (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1;) {
        switch (c) {
        case 's':
            if (!cli_parse_long("--seed", optarg, 0, 0x7fffffffffffffffLL, &seed))
                return CLI_USAGE;
            break;
        case 'S':
            if (nsets == 256) {
                cli_error("too many --set options");
                return CLI_USAGE;
            }
            sets[nsets++] = optarg;
            break;
        case 'o':
            o->out = optarg;
            break;
        case 'j':
            if (!cli_parse_long("--jobs", optarg, 1, 1024, &jobs))
                return CLI_USAGE;
            break;
        case 'f':
            o->force = true;
            break;
        case 'q':
            o->quiet = true;
            break;
        case 'h':
            fputs(run_usage, stdout);
            return -1;
        default:
            cli_error("run: unknown or incomplete option '%s' (see 'gaexp run --help')",
                      argv[optind - 1]);
            return CLI_USAGE;
        }
    }
    if (optind != argc - 1) {
        cli_error("run: expected one FILE.cfg (see 'gaexp run --help')");
        return CLI_USAGE;
    }
    o->file = argv[optind];
    if (!ga_cfg_load(cfg, o->file))
        return CLI_USAGE;
    for (size_t i = 0; i < nsets; i++)
        if (!ga_cfg_override(cfg, sets[i]))
            return CLI_USAGE;
    char text[32];
    if (seed >= 0) {
        snprintf(text, sizeof text, "ga.seed=%lld", seed);
        ga_cfg_override(cfg, text);
    }
    if (jobs > 0) {
        snprintf(text, sizeof text, "ga.threads=%lld", jobs);
        ga_cfg_override(cfg, text);
    }
    if (o->out)
        ga_cfg_override_string(cfg, "output.dir", o->out);
    return CLI_OK;
}

/* A live line on a terminal, at most ten times a second. */
struct run_progress {
    bool on;
    double started, last;
};

static void run_progress_draw(struct run_progress *p, const struct ga_stats *s,
                              const struct ga_params *params, bool final)
{
    if (!p->on)
        return;
    double now = cli_now();
    if (!final && now - p->last < 0.1)
        return;
    p->last = now;
    double elapsed = now - p->started;
    double rate = elapsed > 0 ? (double)s->evaluations / elapsed : 0;
    double eta = s->generation ? elapsed / (double)s->generation *
                                     (double)(params->generations - s->generation)
                               : 0;
    fprintf(stderr, "\r\033[Kgeneration %lu/%lu  best %.6g  %.3g M evals/s  ETA %.0f s",
            s->generation, params->generations, s->best, rate / 1e6, eta);
    if (final)
        fputs("\r\033[K", stderr);
    fflush(stderr);
}

static void run_write_row(FILE *fp, const struct ga_stats *s)
{
    fprintf(fp, "1,%lu,%llu,%.10g,%.10g,%.10g,%.10g,", s->generation, s->evaluations, s->best,
            s->mean, s->sd, s->worst);
    if (s->diversity >= 0)
        fprintf(fp, "%.6f", s->diversity);
    fputc('\n', fp);
}

/* Writes config.cfg, best.txt, summary.csv and times.csv. */
static bool run_write_results(const struct ga_experiment *e, const struct ga_run *run,
                              double seconds)
{
    const char *dir = e->out_dir;
    const struct ga_stats *s = ga_run_stats(run);
    struct output_file f;
    bool ok = output_open(&f, dir, "best.txt");
    if (ok) {
        fprintf(f.fp, "# fitness %.10g (0 = solved), generation %lu\n", s->best,
                ga_run_generation_found(run));
        e->problem->print(ga_run_genome(run), ga_run_best(run), f.fp);
        ok = output_commit(&f);
    }
    if (ok && (ok = output_open(&f, dir, "summary.csv"))) {
        fprintf(f.fp, "replicate,seed,solved,best,generation_found,evaluations\n");
        fprintf(f.fp, "1,%llu,%d,%.10g,%lu,%llu\n", (unsigned long long)e->seed,
                s->best <= GA_FITNESS_SOLVED, s->best, ga_run_generation_found(run),
                s->evaluations);
        ok = output_commit(&f);
    }
    if (ok && (ok = output_open(&f, dir, "times.csv"))) {
        fprintf(f.fp, "replicate,seconds,evaluations_per_second\n");
        fprintf(f.fp, "1,%.6f,%.0f\n", seconds, seconds > 0 ? (double)s->evaluations / seconds : 0);
        ok = output_commit(&f);
    }
    return ok;
}

static bool run_write_config(struct ga_cfg *cfg, const char *dir)
{
    struct output_file f;
    if (!output_open(&f, dir, "config.cfg"))
        return false;
    fprintf(f.fp, "# The fully resolved configuration of this run, written by gaexp.\n"
                  "# 'gaexp run %s/config.cfg --out DIR' repeats the run.\n",
            dir);
    ga_cfg_write(cfg, f.fp);
    return output_commit(&f);
}

static void run_report(const struct ga_experiment *e, const struct ga_run *run,
                       enum ga_stop why, double seconds)
{
    const struct ga_stats *s = ga_run_stats(run);
    bool solved = s->best <= GA_FITNESS_SOLVED;
    printf("%s: %s after %lu generation%s (%s), %llu evaluations, %.3f s\n", e->problem->name,
           solved ? "solved" : "not solved", s->generation, s->generation == 1 ? "" : "s",
           ga_stop_text(why), s->evaluations, seconds);
    printf("best fitness %.10g, first reached in generation %lu:\n", s->best,
           ga_run_generation_found(run));
    e->problem->print(ga_run_genome(run), ga_run_best(run), stdout);
    printf("output: %s/\n", e->out_dir);
}

/* Runs the experiment, streaming generations.csv; false on an I/O error. */
static bool run_execute(struct ga_cfg *cfg, const struct ga_experiment *e,
                        struct ga_run *run, const struct run_options *o)
{
    struct output_file gens;
    if (!run_write_config(cfg, e->out_dir) || !output_open(&gens, e->out_dir, "generations.csv"))
        return false;
    fprintf(gens.fp, "replicate,generation,evaluations,best,mean,std,worst,diversity\n");
    struct run_progress progress = {.on = !o->quiet && isatty(STDERR_FILENO)};
    progress.started = progress.last = cli_now();

    ga_run_init(run, e->seed);
    run_write_row(gens.fp, ga_run_stats(run));
    enum ga_stop why;
    while ((why = ga_run_iterate(run)) == GA_CONTINUE) {
        run_write_row(gens.fp, ga_run_stats(run));
        run_progress_draw(&progress, ga_run_stats(run), &e->params, false);
    }
    run_progress_draw(&progress, ga_run_stats(run), &e->params, true);
    double seconds = cli_now() - progress.started;

    if (!output_commit(&gens) || !run_write_results(e, run, seconds))
        return false;
    if (!o->quiet)
        run_report(e, run, why, seconds);
    if (e->plot)
        output_plot(e->out_dir, o->quiet);
    return true;
}

int cli_run(int argc, char **argv)
{
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    if (!cfg) {
        cli_error("out of memory");
        return CLI_FAILED;
    }
    struct run_options o = {0};
    int status = run_parse(argc, argv, cfg, &o);
    struct ga_experiment *e = NULL;
    struct ga_run *run = NULL;
    if (status == CLI_OK) {
        uint64_t clock_seed = (uint64_t)time(NULL) * 1000003u ^ (uint64_t)getpid();
        e = ga_experiment_alloc(cfg, cli_catalog(), clock_seed % 1000000000u);
        if (e)
            run = ga_run_alloc(e->problem, e->state, &e->params, &diag);
        status = run ? CLI_OK : CLI_USAGE;
    }
    if (status == CLI_OK && !output_prepare_dir(e->out_dir, o.force))
        status = CLI_USAGE;
    if (status == CLI_OK && !run_execute(cfg, e, run, &o))
        status = CLI_FAILED;
    cli_print_diag(&diag);
    ga_run_free(run);
    ga_experiment_free(e);
    ga_cfg_free(cfg);
    return status < 0 ? CLI_OK : status;
}
