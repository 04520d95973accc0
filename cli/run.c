/* cli/run.c — 'gaexp run': read, validate, run with a progress line, write the output folder. */
#include "config.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/curves.h"
#include "cli/output.h"
#include "ga/rng.h"
#include "ga/run.h"

static const char run_usage[] =
    "Usage: gaexp run FILE.cfg [OPTION]...\n"
    "Runs the experiment FILE.cfg describes and writes its output folder (one row\n"
    "per replicate and generation, or per replicate):\n"
    "  config.cfg       the fully resolved configuration (gaexp run DIR/config.cfg repeats the run)\n"
    "  generations.csv  replicate,generation,evaluations,best,mean,std,worst,diversity\n"
    "  summary.csv      replicate,seed,solved,best,generation_found,evaluations\n"
    "  best.txt         the best individual of all replicates, in the problem's notation\n"
    "  times.csv        wall-clock times (the only file that differs between reruns)\n"
    "  curves.csv       per generation over the replicates: mean best with its 95%\n"
    "                   confidence interval, mean of the mean fitness, share solved\n"
    "  fitness.gp/.png  the fitness curves (the PNG when gnuplot is installed)\n"
    "\n"
    "Options:\n"
    "  --seed N         seed of the run (default: ga.seed, else one drawn from the clock)\n"
    "  --replicates R   R independent runs (ga.replicates); replicate 1 uses the seed,\n"
    "                   the others seeds derived from it (listed in summary.csv)\n"
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
        {"replicates", required_argument, NULL, 'r'},
        {"help", no_argument, NULL, 'h'},       {NULL, 0, NULL, 0},
    };
    char *sets[256];
    size_t nsets = 0;
    long long seed = -1, jobs = 0, replicates = 0;
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
        case 'r':
            if (!cli_parse_long("--replicates", optarg, 1, 100000, &replicates))
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
    char text[48];
    if (seed >= 0) {
        snprintf(text, sizeof text, "ga.seed=%lldL", seed);
        ga_cfg_override(cfg, text);
    }
    if (replicates > 0) {
        snprintf(text, sizeof text, "ga.replicates=%lld", replicates);
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
                              const struct ga_experiment *e, unsigned replicate, bool final)
{
    if (!p->on)
        return;
    double now = cli_now();
    if (!final && now - p->last < 0.1)
        return;
    p->last = now;
    double elapsed = now - p->started;
    double gens = (double)e->params.generations;
    double done = ((double)(replicate - 1) + (gens > 0 ? (double)s->generation / gens : 0)) /
                  (double)e->replicates;
    fprintf(stderr, "\r\033[K");
    if (e->replicates > 1)
        fprintf(stderr, "replicate %u/%u  ", replicate, e->replicates);
    fprintf(stderr, "generation %lu/%lu  best %.6g", s->generation, e->params.generations, s->best);
    if (done > 0)
        fprintf(stderr, "  ETA %.0f s", elapsed / done * (1 - done));
    if (final)
        fputs("\r\033[K", stderr);
    fflush(stderr);
}

static void run_write_row(FILE *fp, unsigned replicate, const struct ga_stats *s)
{
    fprintf(fp, "%u,%lu,%llu,%.10g,%.10g,%.10g,%.10g,", replicate, s->generation, s->evaluations,
            s->best, s->mean, s->sd, s->worst);
    if (s->diversity >= 0)
        fprintf(fp, "%.6f", s->diversity);
    fputc('\n', fp);
}

/* Writes config.cfg under its temporary name, for run_files_commit. */
static bool run_write_config(struct ga_cfg *cfg, const char *dir, struct output_file *f)
{
    if (!output_open(f, dir, "config.cfg"))
        return false;
    fprintf(f->fp, "# The fully resolved configuration of this run, written by gaexp.\n"
                  "# 'gaexp run %s/config.cfg --out DIR' repeats the run.\n",
            dir);
    ga_cfg_write(cfg, f->fp);
    return true;
}

/* The files of an output folder, written while the replicates run and
 * committed together at the end. */
struct run_files {
    struct output_file config, gens, summary, times;
    bool open_config, open_gens, open_summary, open_times;
};

static bool run_files_open(struct run_files *f, struct ga_cfg *cfg, const char *dir)
{
    *f = (struct run_files){0};
    f->open_config = run_write_config(cfg, dir, &f->config);
    f->open_gens = f->open_config && output_open(&f->gens, dir, "generations.csv");
    f->open_summary = f->open_gens && output_open(&f->summary, dir, "summary.csv");
    f->open_times = f->open_summary && output_open(&f->times, dir, "times.csv");
    if (!f->open_times)
        return false;
    fprintf(f->gens.fp, "replicate,generation,evaluations,best,mean,std,worst,diversity\n");
    fprintf(f->summary.fp, "replicate,seed,solved,best,generation_found,evaluations\n");
    fprintf(f->times.fp, "replicate,seconds,evaluations_per_second\n");
    return true;
}

/* Commits the four files with best.txt and curves.csv (already written
 * under their temporary names): all six appear together or none does, so
 * a failed run never mixes its files with those of an earlier one. */
static bool run_files_commit(struct run_files *f, struct output_file *best, struct output_file *curves)
{
    f->open_config = f->open_gens = f->open_summary = f->open_times = false;
    struct output_file *const all[] = {&f->config, &f->gens, &f->summary, &f->times, best, curves};
    return output_commit_all(all, sizeof all / sizeof all[0]);
}

static void run_files_abandon(struct run_files *f)
{
    if (f->open_config)
        output_abandon(&f->config);
    if (f->open_gens)
        output_abandon(&f->gens);
    if (f->open_summary)
        output_abandon(&f->summary);
    if (f->open_times)
        output_abandon(&f->times);
}

/* The best individual over the replicates so far. */
struct run_best {
    ga_gene *genes;
    double fitness;
    unsigned replicate;
    uint64_t seed;
    unsigned long generation;
    unsigned solved; /* replicates that reached fitness 0 */
};

static void run_best_update(struct run_best *b, const struct ga_run *run, unsigned replicate,
                            uint64_t seed)
{
    const struct ga_stats *s = ga_run_stats(run);
    b->solved += s->best <= GA_FITNESS_SOLVED;
    if (replicate > 1 && !(s->best < b->fitness))
        return;
    memcpy(b->genes, ga_run_best(run), ga_run_genome(run)->len * sizeof *b->genes);
    b->fitness = s->best;
    b->replicate = replicate;
    b->seed = seed;
    b->generation = ga_run_generation_found(run);
}

/* Writes best.txt under its temporary name, for run_files_commit. */
static bool run_write_best(const struct ga_experiment *e, const struct ga_run *run,
                           const struct run_best *b, struct output_file *f)
{
    if (!output_open(f, e->out_dir, "best.txt"))
        return false;
    fprintf(f->fp, "# fitness %.10g (0 = solved), generation %lu, replicate %u of %u, seed %llu\n",
            b->fitness, b->generation, b->replicate, e->replicates, (unsigned long long)b->seed);
    e->problem->print(ga_run_genome(run), b->genes, f->fp);
    return true;
}


/* One replicate: its generations, summary and time rows. */
/* Writes one generation's row and adds it to the curves. */
static bool run_record(struct run_files *f, struct curves *curves, unsigned replicate,
                       const struct ga_stats *s)
{
    run_write_row(f->gens.fp, replicate, s);
    return curves_add(curves, s->generation, s->best, s->mean);
}

static enum ga_stop run_replicate(const struct ga_experiment *e, struct ga_run *run, unsigned replicate,
                                  uint64_t seed, struct run_files *f, struct curves *curves,
                                  struct run_progress *progress, bool *ok)
{
    double started = cli_now();
    ga_run_init(run, seed);
    *ok = run_record(f, curves, replicate, ga_run_stats(run));
    enum ga_stop why;
    while ((why = ga_run_iterate(run)) == GA_CONTINUE) {
        *ok &= run_record(f, curves, replicate, ga_run_stats(run));
        run_progress_draw(progress, ga_run_stats(run), e, replicate, false);
    }
    const struct ga_stats *s = ga_run_stats(run);
    *ok &= curves_end_replicate(curves, s->best, s->mean, s->best <= GA_FITNESS_SOLVED,
                                ga_run_generation_found(run));
    double seconds = cli_now() - started;
    fprintf(f->summary.fp, "%u,%llu,%d,%.10g,%lu,%llu\n", replicate, (unsigned long long)seed,
            s->best <= GA_FITNESS_SOLVED, s->best, ga_run_generation_found(run), s->evaluations);
    fprintf(f->times.fp, "%u,%.6f,%.0f\n", replicate, seconds,
            seconds > 0 ? (double)s->evaluations / seconds : 0);
    return why;
}

static void run_report(const struct ga_experiment *e, const struct ga_run *run, const struct run_best *b,
                       enum ga_stop why, double seconds)
{
    const struct ga_stats *s = ga_run_stats(run);
    if (e->replicates == 1)
        printf("%s: %s after %lu generation%s (%s), %llu evaluations, %.3f s\n", e->problem->name,
               b->solved ? "solved" : "not solved", s->generation, s->generation == 1 ? "" : "s",
               ga_stop_text(why), s->evaluations, seconds);
    else
        printf("%s: %u of %u replicates solved, %.3f s\n", e->problem->name, b->solved,
               e->replicates, seconds);
    printf("best fitness %.10g, first reached in generation %lu", b->fitness, b->generation);
    if (e->replicates > 1)
        printf(" of replicate %u (seed %llu)", b->replicate, (unsigned long long)b->seed);
    printf(":\n");
    e->problem->print(ga_run_genome(run), b->genes, stdout);
    printf("output: %s/\n", e->out_dir);
}

/* Writes curves.csv under its temporary name, for run_files_commit. */
static bool run_write_curves(const char *dir, const struct curves *curves, struct output_file *f)
{
    if (!output_open(f, dir, "curves.csv"))
        return false;
    curves_write(curves, f->fp);
    return true;
}

/* The closing files: best.txt and curves.csv, then all five committed together. */
static bool run_files_finish(struct run_files *f, const struct ga_experiment *e, const struct ga_run *run,
                             const struct run_best *b, const struct curves *curves)
{
    struct output_file best = {0}, curve_file = {0};
    if (run_write_best(e, run, b, &best) && run_write_curves(e->out_dir, curves, &curve_file))
        return run_files_commit(f, &best, &curve_file);
    output_abandon(&best);
    run_files_abandon(f);
    return false;
}

bool cli_run_experiment(struct ga_cfg *cfg, const struct ga_experiment *e, struct ga_run *run, bool quiet)
{
    struct run_files f = {0};
    struct run_best best = {.genes = malloc(ga_run_genome(run)->len * sizeof *best.genes)};
    struct curves *curves = curves_alloc();
    if (!best.genes || !curves) {
        cli_error("out of memory");
        free(best.genes);
        curves_free(curves);
        return false;
    }
    bool ok = run_files_open(&f, cfg, e->out_dir);
    struct run_progress progress = {.on = !quiet && isatty(STDERR_FILENO)};
    progress.started = progress.last = cli_now();
    enum ga_stop why = GA_CONTINUE;
    for (unsigned r = 1; ok && r <= e->replicates; r++) {
        uint64_t seed = ga_rng_replicate_seed(e->seed, r);
        why = run_replicate(e, run, r, seed, &f, curves, &progress, &ok);
        run_best_update(&best, run, r, seed);
    }
    if (!ok)
        cli_error("out of memory");
    run_progress_draw(&progress, ga_run_stats(run), e, e->replicates, true);
    if (ok)
        ok = run_files_finish(&f, e, run, &best, curves);
    else
        run_files_abandon(&f);
    if (ok && !quiet)
        run_report(e, run, &best, why, cli_now() - progress.started);
    if (ok && e->plot)
        output_plot(e->out_dir, quiet);
    free(best.genes);
    curves_free(curves);
    return ok;
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
    if (status == CLI_OK && !cli_run_experiment(cfg, e, run, o.quiet))
        status = CLI_FAILED;
    cli_print_diag(&diag);
    ga_run_free(run);
    ga_experiment_free(e);
    ga_cfg_free(cfg);
    return status < 0 ? CLI_OK : status;
}
