/* cli/run.c — 'gaexp run': read, validate, run with a progress line, write the output folder. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/checkpoint.h"
#include "cli/cli.h"
#include "cli/curves.h"
#include "cli/figures.h"
#include "cli/mpi.h"
#include "cli/output.h"
#include "cli/pool.h"
#include "ga/pack.h"
#include "gaexp/rng.h"
#include "ga/cfg_private.h"
#include "ga/run_private.h"

static const char run_usage[] =
    "Usage: gaexp run FILE.cfg [OPTION]...\n"
    "Runs the experiment FILE.cfg describes and writes its output folder (one row\n"
    "per replicate and generation, or per replicate):\n"
    "  config.cfg       the fully resolved configuration (gaexp run DIR/config.cfg repeats the run)\n"
    "  generations.csv  replicate,generation,evaluations,best,mean,std,worst,diversity\n"
    "  summary.csv      replicate,seed,solved,best,generation_found,evaluations,stop\n"
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
    "  --parallel HOW   with replicates: 'runs' side by side (one thread each, no\n"
    "                   checkpoints), 'threads' inside each run, or 'auto' (default;\n"
    "                   the rule of 'gaexp sweep --help')\n"
    "  --force          overwrite the files of an existing output folder\n"
    "  --quiet          no progress line and no summary on the terminal\n"
    "  -h, --help       show this help\n"
    "\n"
    "Fitness is lower-is-better everywhere; 0 means solved.\n";

struct run_options {
    const char *file;
    const char *out;
    bool force, quiet;
    enum cli_pool_mode parallel;
};

/* Applies the command line to the configuration, in order. */
static int run_parse(int argc, char **argv, struct ga_cfg *cfg, struct run_options *o)
{
    static const struct option longopts[] = {
        {"seed", required_argument, NULL, 's'}, {"set", required_argument, NULL, 'S'},
        {"out", required_argument, NULL, 'o'},  {"jobs", required_argument, NULL, 'j'},
        {"force", no_argument, NULL, 'f'},      {"quiet", no_argument, NULL, 'q'},
        {"replicates", required_argument, NULL, 'r'}, {"parallel", required_argument, NULL, 'P'},
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
        case 'P':
            if (!cli_pool_parse(optarg, &o->parallel))
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
    for (size_t i = 0; i < nsets; i++)
        if (!strchr(sets[i], '=')) {
            cli_error("--set %s: expected PATH=VALUE, e.g. --set %s=%s", sets[i], sets[i],
                      optind < argc - 1 ? argv[optind + 1] : "VALUE");
            return CLI_USAGE;
        }
    if (optind != argc - 1) {
        cli_error("run: expected one FILE.cfg (see 'gaexp run --help')");
        return CLI_USAGE;
    }
    o->file = argv[optind];
    if (!ga_cfg_load(cfg, o->file))
        return CLI_USAGE;
    config_setting_t *sweep = config_setting_get_member(ga_cfg_root(cfg), "sweep");
    if (sweep) {
        ga_cfg_error(cfg, sweep, "a sweep file: run it with 'gaexp sweep %s'", o->file);
        return CLI_USAGE;
    }
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
    unsigned replicate;              /* the replicate drawn last (0: none yet) */
    double replicate_started;        /* when it began */
    unsigned long long evals_before; /* spent by the replicates before it */
    unsigned long long evals_now;    /* spent by it, when last drawn */
};

/* "12.3 M", "450 k", "87": a count for the live line. */
static void run_progress_count(char *buf, size_t size, double v)
{
    if (v >= 1e6)
        snprintf(buf, size, "%.3g M", v / 1e6);
    else if (v >= 1e4)
        snprintf(buf, size, "%.0f k", v / 1e3);
    else
        snprintf(buf, size, "%.0f", v);
}

/* The line: replicate, generation, best, evaluations per second and the
 * ETA.  Until a replicate has finished, the ETA is an upper bound from the
 * budget (generations, evaluations, seconds), as a run may stop as soon as
 * it solves; then the finished replicates' mean evaluations predict the
 * others, and the budget still bounds it. */
static void run_progress_draw(struct run_progress *p, const struct ga_stats *s,
                              const struct ga_experiment *e, unsigned replicate, bool final)
{
    if (!p->on)
        return;
    double now = cli_now();
    if (replicate != p->replicate) { /* the one before has finished */
        p->evals_before += p->replicate ? p->evals_now : 0;
        p->replicate = replicate;
        p->replicate_started = now;
    }
    p->evals_now = s->evaluations;
    if (!final && now - p->last < 0.1)
        return;
    p->last = now;
    double elapsed = now - p->started, cur = (double)s->evaluations;
    double spent = (double)p->evals_before + cur, rate = elapsed > 0 ? spent / elapsed : 0;
    /* A replicate's budget in evaluations: its generations at the pace so far, or the evaluation limit. */
    double per_generation = cur / (double)(s->generation + 1);
    double budget = per_generation * (double)(e->params.generations + 1);
    if (e->params.evaluations)
        budget = fmin(budget, (double)e->params.evaluations);
    unsigned finished = replicate - 1, left = e->replicates - replicate;
    double typical = finished ? fmin(budget, (double)p->evals_before / finished) : budget;
    double remaining = fmax(typical - cur, 0) + left * typical, eta = rate > 0 ? remaining / rate : -1;
    if (e->params.seconds > 0 && eta >= 0) /* the wall-time limit bounds every replicate */
        eta = fmin(eta, fmax(e->params.seconds - (now - p->replicate_started), 0) + left * e->params.seconds);
    char evals[32];
    run_progress_count(evals, sizeof evals, rate);
    fprintf(stderr, "\r\033[K");
    if (e->replicates > 1)
        fprintf(stderr, "replicate %u/%u  ", replicate, e->replicates);
    fprintf(stderr, "generation %lu/%lu  best %.6g  %s evaluations/s", s->generation, e->params.generations,
            s->best, evals);
    if (eta >= 0 && elapsed > 0.2)
        fprintf(stderr, "  ETA %s%.0f s", finished ? "~" : "at most ", ceil(eta));
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
    fprintf(f->summary.fp, "replicate,seed,solved,best,generation_found,evaluations,stop\n");
    fprintf(f->times.fp, "replicate,seconds,evaluations_per_second\n");
    return true;
}

/* Commits the four files with best.txt, curves.csv and fitness.gp
 * (already written under their temporary names) through the journal of
 * doc/data-safety.md: all appear together or none does, so a failed or
 * killed run never mixes its files with those of an earlier one. */
static int run_files_commit(struct run_files *f, const struct ga_experiment *e, struct output_file *best,
                            struct output_file *curves, struct output_file *script, const char *figure,
                            bool quiet)
{
    /* curves.csv last: a sweep takes it as the mark of a finished point. */
    struct output_file *const all[] = {&f->config, &f->gens, &f->summary, &f->times, best, script, curves};
    if (e->plot)
        return output_publish(e->out_dir, all, 7, figure, quiet);
    struct output_file *const data[] = {&f->config, &f->gens, &f->summary, &f->times, best, curves};
    return output_publish(e->out_dir, data, 6, NULL, quiet);
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

/* Closes the files and keeps them: a resume that could not start leaves
 * the folder as it found it, and a run that failed after a checkpoint
 * leaves the files that checkpoint matches. */
static void run_files_close(struct run_files *f)
{
    output_close(&f->config);
    output_close(&f->gens);
    output_close(&f->summary);
    output_close(&f->times);
    f->open_config = f->open_gens = f->open_summary = f->open_times = false;
}

/* The best individual over the replicates so far. */
struct run_best {
    ga_gene *genes;
    double fitness;
    unsigned replicate;
    uint64_t seed;
    unsigned long generation;
    unsigned solved; /* replicates that reached the target */
};

/* How a replicate ended: what summary.csv, times.csv, curves.csv and
 * best.txt take from it, whether it ran here or on an MPI worker. */
struct run_end {
    uint64_t seed;
    bool solved;       /* the best so far reached the target (ga.stop.fitness) */
    enum ga_stop stop; /* why the run ended */
    double best, mean, seconds;
    unsigned long long evaluations;
    unsigned long generation_found;
    const ga_gene *genes; /* its best individual */
};

static struct run_end run_end_of(const struct ga_run *run, uint64_t seed, double seconds, enum ga_stop why)
{
    const struct ga_stats *s = ga_run_stats(run);
    return (struct run_end){.seed = seed, .solved = ga_run_succeeded(run), .stop = why, .best = s->best, .mean = s->mean, .seconds = seconds,
                            .evaluations = s->evaluations,
                            .generation_found = ga_run_generation_found(run), .genes = ga_run_best(run)};
}

static void run_best_update(struct run_best *b, unsigned replicate, const struct run_end *end, size_t len)
{
    b->solved += end->solved;
    if (replicate > 1 && !(end->best < b->fitness))
        return;
    memcpy(b->genes, end->genes, len * sizeof *b->genes);
    b->fitness = end->best;
    b->replicate = replicate;
    b->seed = end->seed;
    b->generation = end->generation_found;
}

/* Writes best.txt under its temporary name, for run_files_commit. */
static bool run_write_best(const struct ga_experiment *e, const struct ga_genome *genome,
                           const struct run_best *b, struct output_file *f)
{
    if (!output_open(f, e->out_dir, "best.txt"))
        return false;
    fprintf(f->fp, "# fitness %.10g (0 = solved), generation %lu, replicate %u of %u, seed %llu\n",
            b->fitness, b->generation, b->replicate, e->replicates, (unsigned long long)b->seed);
    e->problem->print(genome, b->genes, f->fp);
    return true;
}


/* One replicate: its generations, summary and time rows. */
/* Writes one generation's row and adds it to the curves. */
static bool run_record(struct run_files *f, struct curves *curves, unsigned replicate,
                       const struct ga_stats *s)
{
    run_write_row(f->gens.fp, replicate, s);
    if (curves_add(curves, s->generation, s->best, s->mean))
        return true;
    cli_error("out of memory");
    return false;
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

/* Flushes f's buffer to its temporary file; false (message printed) on failure. */
static bool run_flush(struct output_file *f)
{
    if (fflush(f->fp) == 0)
        return true;
    cli_error("cannot write %s: %s", f->part_path, strerror(errno));
    return false;
}

/* The closing files: best.txt, curves.csv and fitness.gp, then all
 * committed together: output_publish's 1, 0 or -1.  On 0 (message
 * printed) the closing files are removed and the streamed ones left to
 * the caller; on -1 everything is kept for the journal. */
static int run_files_finish(struct run_files *f, const struct ga_experiment *e, const struct ga_genome *genome,
                            const struct run_best *b, const struct curves *curves, bool quiet)
{
    struct output_file best = {0}, curve_file = {0}, script = {0};
    char figure[64];
    int done = 0;
    /* The figure's format and title come from the resolved configuration, still under its temporary name. */
    if (run_write_best(e, genome, b, &best) && run_write_curves(e->out_dir, curves, &curve_file) &&
        (!e->plot || run_flush(&f->config)) &&
        (!e->plot || figures_fitness_open(e->out_dir, f->config.part_path, &script, figure, sizeof figure)))
        done = run_files_commit(f, e, &best, &curve_file, &script, e->plot ? figure : NULL, quiet);
    if (done == 0) {
        output_abandon(&best);
        output_abandon(&curve_file);
        output_abandon(&script);
    }
    return done;
}

/* ---- a run under way, checkpoints and resume --------------------------- */

/* Set by SIGINT and SIGTERM; the loop checkpoints and stops at the end of
 * the generation under way. */
static volatile sig_atomic_t run_interrupted;
/* When the ranks share the islands (MPI), rank 0 may be waiting for a rank
 * that died, in a gather it never leaves: the signal handler then says at
 * once what is left, this message, written ahead. */
static char run_linked_message[1300];
static size_t run_linked_length;

static void run_on_signal(int sig)
{
    (void)sig;
    if (run_linked_length && !run_interrupted) {
        ssize_t said = write(STDERR_FILENO, run_linked_message, run_linked_length);
        (void)said;
    }
    run_interrupted = 1;
}

/* The input files a configuration names (puzzles, deal files) with the
 * hash of their content when the run started: a resume refuses a changed
 * one.  Any list of files: ga_cfg records them as its readers resolve them. */
struct run_inputs {
    size_t count;
    const char *const *paths; /* owned by the ga_cfg */
    uint64_t *hashes;
};

static bool run_inputs_hash(struct run_inputs *in, const struct ga_cfg *cfg)
{
    in->count = cfg->input_count;
    in->paths = (const char *const *)cfg->inputs;
    in->hashes = calloc(in->count ? in->count : 1, sizeof *in->hashes);
    if (!in->hashes) {
        cli_error("out of memory");
        return false;
    }
    for (size_t i = 0; i < in->count; i++)
        if (!output_hash_file(in->paths[i], &in->hashes[i]))
            return false;
    return true;
}

static void run_inputs_pack(const struct run_inputs *in, struct ga_pack *p)
{
    uint64_t count = in->count;
    ga_pack_put(p, &count, sizeof count);
    for (size_t i = 0; i < in->count; i++) {
        uint64_t len = strlen(in->paths[i]);
        ga_pack_put(p, &len, sizeof len);
        ga_pack_put(p, in->paths[i], len);
        ga_pack_put(p, &in->hashes[i], sizeof in->hashes[i]);
    }
}

/* Checks the inputs a checkpoint recorded against the files as they are
 * now; false (message printed) when one changed or cannot be read. */
static bool run_inputs_verify(struct ga_unpack *u, const char *dir)
{
    uint64_t count, len, hash, now;
    if (!ga_unpack_get(u, &count, sizeof count) || count > 4096)
        return false;
    for (uint64_t i = 0; i < count; i++) {
        char path[OUTPUT_PATH_MAX];
        if (!ga_unpack_get(u, &len, sizeof len) || len >= sizeof path || !ga_unpack_get(u, path, (size_t)len) ||
            !ga_unpack_get(u, &hash, sizeof hash))
            return false;
        path[len] = '\0';
        if (!output_hash_file(path, &now))
            return false;
        if (now != hash) {
            cli_error("cannot resume %s: the input file %s changed since the run started", dir, path);
            return false;
        }
    }
    return true;
}

/* Everything a run of all replicates holds between two generations: what
 * a checkpoint saves and a resume restores. */
struct run_session {
    struct ga_cfg *cfg;
    const struct ga_experiment *e;
    struct ga_run *run;         /* NULL when writing replicates run elsewhere */
    struct ga_genome genome;
    struct run_files f;
    struct run_best best;
    struct curves *curves;
    struct run_progress progress;
    struct ga_pack config;      /* the resolved configuration, as text */
    unsigned replicate;         /* the replicate under way */
    double replicate_started;   /* cli_now() at its start, earlier sessions included */
    double last_checkpoint;
    bool resumed;               /* the replicate under way comes from a checkpoint */
    bool checkpointed;          /* DIR/checkpoint is this run's: keep the .part files it matches */
    struct run_inputs inputs;   /* the input files and their hashes at the start */
};

/* The configuration as text (what config.cfg holds below its comments). */
bool cli_config_text(struct ga_cfg *cfg, struct ga_pack *out)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        return false;
    ga_cfg_write(cfg, mem);
    bool ok = fclose(mem) == 0 && text;
    if (ok)
        ga_pack_put(out, text, len + 1); /* with its NUL */
    free(text);
    return ok && !out->oom;
}

static bool run_session_init(struct run_session *s, struct ga_cfg *cfg, const struct ga_experiment *e,
                             struct ga_run *run, bool quiet)
{
    *s = (struct run_session){.cfg = cfg, .e = e, .run = run, .replicate = 1,
                              .genome = ga_problem_genome(e->problem, e->state)};
    /* zeroed: checkpoints copy it before the first replicate ends */
    s->best.genes = calloc(s->genome.len, sizeof *s->best.genes);
    s->curves = curves_alloc();
    s->progress = (struct run_progress){.on = !quiet && isatty(STDERR_FILENO)};
    s->progress.started = s->progress.last = s->last_checkpoint = cli_now();
    if (!s->best.genes || !s->curves || !cli_config_text(cfg, &s->config)) {
        cli_error("out of memory");
        return false;
    }
    return run_inputs_hash(&s->inputs, cfg);
}

static void run_session_free(struct run_session *s)
{
    free(s->best.genes);
    curves_free(s->curves);
    ga_pack_free(&s->config);
    free(s->inputs.hashes);
}

/* The bytes written so far to each streamed file, synced to disk, and
 * the hash of each file's content. */
static bool run_files_mark(struct run_files *f, uint64_t lengths[3], uint64_t hashes[3])
{
    return output_mark(&f->gens, &lengths[0], &hashes[0]) && output_mark(&f->summary, &lengths[1], &hashes[1]) &&
           output_mark(&f->times, &lengths[2], &hashes[2]);
}

static void run_best_pack(const struct run_best *b, size_t len, struct ga_pack *p)
{
    uint64_t seed = b->seed, generation = b->generation;
    ga_pack_put(p, &b->fitness, sizeof b->fitness);
    ga_pack_put(p, &b->replicate, sizeof b->replicate);
    ga_pack_put(p, &seed, sizeof seed);
    ga_pack_put(p, &generation, sizeof generation);
    ga_pack_put(p, &b->solved, sizeof b->solved);
    ga_pack_put(p, b->genes, len * sizeof *b->genes);
}

/* A genome best.txt may print: every gene in the alphabet, and one the
 * problem accepts. */
static bool run_genes_valid(const struct ga_genome *gen, const struct ga_problem *problem, const ga_gene *genes)
{
    for (size_t i = 0; i < gen->len; i++)
        if (genes[i] >= gen->alphabet)
            return false;
    return !problem->valid || problem->valid(gen, genes);
}

/* The best so far; once a replicate has ended its genome must be one the
 * problem accepts, since best.txt prints it. */
static bool run_best_unpack(struct run_best *b, const struct ga_run *run, const struct ga_problem *problem,
                            struct ga_unpack *u)
{
    const struct ga_genome *gen = ga_run_genome(run);
    uint64_t seed, generation;
    bool ok = ga_unpack_get(u, &b->fitness, sizeof b->fitness) &&
              ga_unpack_get(u, &b->replicate, sizeof b->replicate) && ga_unpack_get(u, &seed, sizeof seed) &&
              ga_unpack_get(u, &generation, sizeof generation) &&
              ga_unpack_get(u, &b->solved, sizeof b->solved) &&
              ga_unpack_get(u, b->genes, gen->len * sizeof *b->genes);
    b->seed = seed;
    b->generation = (unsigned long)generation;
    return ok && (b->replicate == 0 || run_genes_valid(gen, problem, b->genes));
}

/* The payload: config text, where the run is, the streamed files' lengths,
 * the best so far, the curves and the run's own state. */
static bool run_checkpoint(struct run_session *s)
{
    uint64_t lengths[3], hashes[3], config_len = s->config.len;
    if (!run_files_mark(&s->f, lengths, hashes)) {
        cli_error("cannot write to %s: %s", s->e->out_dir, strerror(errno));
        return false;
    }
    struct ga_pack p = {0};
    double seconds = cli_now() - s->replicate_started;
    size_t len = s->genome.len;
    ga_pack_put(&p, &config_len, sizeof config_len);
    ga_pack_put(&p, s->config.data, s->config.len);
    ga_pack_put(&p, &s->replicate, sizeof s->replicate);
    ga_pack_put(&p, &seconds, sizeof seconds);
    ga_pack_put(&p, lengths, sizeof lengths);
    ga_pack_put(&p, hashes, sizeof hashes);
    run_inputs_pack(&s->inputs, &p);
    run_best_pack(&s->best, len, &p);
    curves_pack(s->curves, &p);
    ga_run_pack(s->run, &p);
    bool ok = !p.oom && checkpoint_write(s->e->out_dir, ga_pack_hash(s->config.data, s->config.len), &p);
    if (p.oom)
        cli_error("out of memory");
    ga_pack_free(&p);
    s->checkpointed |= ok;
    s->last_checkpoint = cli_now();
    return ok;
}

/* After each generation: a checkpoint when output.checkpoint seconds have
 * passed (0: every generation). */
static bool run_maybe_checkpoint(struct run_session *s)
{
    if (cli_now() - s->last_checkpoint < s->e->checkpoint_seconds)
        return true;
    return run_checkpoint(s);
}

/* Writes how replicate r ended: its rows of summary.csv and times.csv,
 * its end in the curves and its best individual.  With run_record, the
 * one writer of a run's files, for replicates run here or elsewhere. */
static bool run_end_write(struct run_session *s, unsigned r, const struct run_end *end)
{
    bool solved = end->solved;
    fprintf(s->f.summary.fp, "%u,%llu,%d,%.10g,%lu,%llu,%s\n", r, (unsigned long long)end->seed, solved,
            end->best, end->generation_found, end->evaluations, ga_stop_word(end->stop));
    fprintf(s->f.times.fp, "%u,%.6f,%.0f\n", r, end->seconds,
            end->seconds > 0 ? (double)end->evaluations / end->seconds : 0);
    run_best_update(&s->best, r, end, s->genome.len);
    if (curves_end_replicate(s->curves, end->best, end->mean, solved, end->generation_found))
        return true;
    cli_error("out of memory");
    return false;
}

/* Runs the replicates from s->replicate on (the first one from where a
 * checkpoint left it when s->resumed); GA_CONTINUE when interrupted. */
static enum ga_stop run_replicates(struct run_session *s, bool *ok)
{
    const struct ga_experiment *e = s->e;
    enum ga_stop why = GA_CONTINUE;
    for (; *ok && s->replicate <= e->replicates; s->replicate++) {
        unsigned r = s->replicate;
        uint64_t seed = ga_rng_replicate_seed(e->seed, r);
        if (!s->resumed) {
            s->replicate_started = cli_now();
            ga_run_init(s->run, seed);
            *ok = run_record(&s->f, s->curves, r, ga_run_stats(s->run)) && run_maybe_checkpoint(s);
        }
        s->resumed = false;
        while (*ok && (why = ga_run_iterate(s->run)) == GA_CONTINUE) {
            *ok = run_record(&s->f, s->curves, r, ga_run_stats(s->run));
            run_progress_draw(&s->progress, ga_run_stats(s->run), e, r, false);
            if (run_interrupted) {
                *ok = *ok && run_checkpoint(s);
                return GA_CONTINUE;
            }
            *ok = *ok && run_maybe_checkpoint(s);
        }
        struct run_end end = run_end_of(s->run, seed, cli_now() - s->replicate_started, why);
        *ok = *ok && run_end_write(s, r, &end);
    }
    return why;
}

/* After the last replicate (ok) or a failure: the folder committed whole
 * (the journal removes the checkpoint), or, on failure, the temporary
 * files kept when a checkpoint matches them (resume goes on from it) and
 * removed otherwise. */
static int run_session_finish(struct run_session *s, bool ok, bool quiet)
{
    int done = ok ? run_files_finish(&s->f, s->e, &s->genome, &s->best, s->curves, quiet) : 0;
    if (done != 0)
        return done > 0 ? CLI_OK : CLI_FAILED; /* -1: the journal finishes it */
    if (s->checkpointed) {
        run_files_close(&s->f);
        fprintf(stderr, "gaexp: the last checkpoint is kept: 'gaexp resume %s' goes on from it\n", s->e->out_dir);
    } else {
        run_files_abandon(&s->f);
    }
    return CLI_FAILED;
}

/* Runs (or goes on with) every replicate and commits the folder. */
static void *run_thread_idle(void *arg)
{
    return arg;
}

/* OpenMP ends the process when it cannot start its threads, leaving the
 * folder's files behind: n threads are started (and joined) first, so that
 * a thread limit is a clean failure (exit 1) before the run starts. */
static bool run_threads_available(unsigned n)
{
    pthread_t threads[1024];
    pthread_attr_t attr;
    unsigned started = 0;
    int error = pthread_attr_init(&attr);
    if (!error)
        pthread_attr_setstacksize(&attr, 65536);
    while (!error && started + 1 < n && started < 1024 &&
           !(error = pthread_create(&threads[started], &attr, run_thread_idle, NULL)))
        started++;
    for (unsigned i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    pthread_attr_destroy(&attr);
    if (error)
        cli_error("cannot start %u threads (ga.threads): %s", n, strerror(error));
    return !error;
}

static int run_session_go(struct run_session *s, bool quiet)
{
    const struct ga_experiment *e = s->e;
    if (e->params.threads > 1 && !run_threads_available(e->params.threads))
        return run_session_finish(s, false, quiet);
    struct sigaction on_signal = {.sa_handler = run_on_signal}, old_int, old_term;
    sigemptyset(&on_signal.sa_mask);
    run_interrupted = 0;
    run_linked_length = 0;
    if (e->params.link) {
        int n = snprintf(run_linked_message, sizeof run_linked_message,
                         "gaexp: interrupted while the ranks shared the islands (a rank stopped, or SIGINT/SIGTERM);"
                         " 'gaexp resume %s' goes on from the last checkpoint\n",
                         e->out_dir);
        run_linked_length = n > 0 && (size_t)n < sizeof run_linked_message ? (size_t)n : 0;
    }
    sigaction(SIGINT, &on_signal, &old_int);
    sigaction(SIGTERM, &on_signal, &old_term);
    bool ok = true;
    enum ga_stop why = run_replicates(s, &ok);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    run_progress_draw(&s->progress, ga_run_stats(s->run), e, e->replicates, true);
    if (ok && s->replicate <= e->replicates) { /* interrupted, checkpoint written */
        if (!run_linked_length) /* else the signal handler said it */
            fprintf(stderr, "gaexp: interrupted in generation %lu of replicate %u; "
                            "'gaexp resume %s' goes on from there\n",
                    ga_run_stats(s->run)->generation, s->replicate, e->out_dir);
        return CLI_INTERRUPTED;
    }
    if (run_session_finish(s, ok, quiet) != CLI_OK)
        return CLI_FAILED;
    if (!quiet)
        run_report(e, s->run, &s->best, why, cli_now() - s->progress.started);
    return CLI_OK;
}

/* Takes the lock of the folder a run writes and finishes a commit that a
 * kill left there, so that the new run starts from a settled folder: the
 * lock descriptor, or -1 with *status set (message printed). */
static int run_lock(const char *dir, bool quiet, int *status)
{
    int lock = output_lock(dir);
    if (lock < 0) {
        *status = lock == -2 ? CLI_USAGE : CLI_FAILED;
        return -1;
    }
    if (output_recover(dir, quiet) >= 0)
        return lock;
    output_unlock(lock);
    *status = CLI_FAILED;
    return -1;
}

int cli_run_experiment(struct ga_cfg *cfg, const struct ga_experiment *e, struct ga_run *run, bool quiet)
{
    struct run_session s;
    int status = CLI_FAILED;
    int lock = run_lock(e->out_dir, quiet, &status);
    if (lock < 0)
        return status;
    if (run_session_init(&s, cfg, e, run, quiet) && run_files_open(&s.f, cfg, e->out_dir))
        status = run_session_go(&s, quiet);
    run_session_free(&s);
    output_unlock(lock);
    return status;
}

/* ---- replicates run elsewhere (MPI workers) ----------------------------- */

/* A replicate's record, as cli_run_replicate packs it: this head, the
 * genes of its best individual, then every generation's statistics. */
struct run_record_head {
    uint64_t seed, generation_found, evaluations, generations;
    double best, mean, seconds;
    uint32_t solved, stop;
};

void cli_run_replicate(const struct ga_experiment *e, struct ga_run *run, unsigned r, struct ga_pack *p)
{
    uint64_t seed = ga_rng_replicate_seed(e->seed, r);
    double started = cli_now();
    struct ga_pack gens = {0};
    ga_run_init(run, seed);
    enum ga_stop why;
    do
        ga_pack_put(&gens, ga_run_stats(run), sizeof(struct ga_stats));
    while ((why = ga_run_iterate(run)) == GA_CONTINUE);
    struct run_end end = run_end_of(run, seed, cli_now() - started, why);
    struct run_record_head h = {.seed = seed, .generation_found = end.generation_found,
                                .evaluations = end.evaluations,
                                .generations = gens.len / sizeof(struct ga_stats),
                                .best = end.best, .mean = end.mean, .seconds = end.seconds,
                                .solved = end.solved, .stop = (uint32_t)end.stop};
    ga_pack_put(p, &h, sizeof h);
    ga_pack_put(p, end.genes, ga_run_genome(run)->len * sizeof *end.genes);
    ga_pack_put(p, gens.data, gens.len);
    p->oom |= gens.oom;
    ga_pack_free(&gens);
}

/* Writes replicate r from its record through run_record and run_end_write,
 * as if it had run here; false (message printed) when the record does not
 * fit the experiment.  'genes' is scratch for one genome. */
static bool run_record_write(struct run_session *s, unsigned r, const struct ga_pack *record, ga_gene *genes)
{
    struct ga_unpack u = {record->data, record->len, false};
    struct run_record_head h;
    size_t gene_bytes = s->genome.len * sizeof *genes, stats_size = sizeof(struct ga_stats);
    enum ga_stop stop;
    bool fits = ga_unpack_get(&u, &h, sizeof h) && h.seed == ga_rng_replicate_seed(s->e->seed, r) &&
                h.solved <= 1 && ga_stop_parse(ga_stop_word((enum ga_stop)h.stop), &stop) &&
                ga_unpack_get(&u, genes, gene_bytes) && run_genes_valid(&s->genome, s->e->problem, genes) &&
                h.generations > 0 && u.left % stats_size == 0 && u.left / stats_size == h.generations;
    for (uint64_t g = 0; fits && g < h.generations; g++) {
        struct ga_stats st;
        ga_unpack_get(&u, &st, sizeof st);
        if ((fits = st.generation == g) && !run_record(&s->f, s->curves, r, &st))
            return false; /* out of memory, said */
    }
    if (!fits) {
        cli_error("%s: the record of replicate %u does not fit its configuration", s->e->out_dir, r);
        return false;
    }
    struct run_end end = {.seed = h.seed, .solved = h.solved != 0, .stop = (enum ga_stop)h.stop, .best = h.best, .mean = h.mean, .seconds = h.seconds,
                          .evaluations = h.evaluations, .generation_found = h.generation_found,
                          .genes = genes};
    return run_end_write(s, r, &end);
}

int cli_run_write(struct ga_cfg *cfg, const struct ga_experiment *e, const struct ga_pack *records)
{
    struct run_session s;
    int status = CLI_FAILED;
    ga_gene *genes = NULL;
    int lock = run_lock(e->out_dir, true, &status);
    if (lock < 0)
        return status;
    if (run_session_init(&s, cfg, e, NULL, true) && run_files_open(&s.f, cfg, e->out_dir)) {
        bool ok = (genes = calloc(s.genome.len, sizeof *genes)) != NULL;
        if (!ok)
            cli_error("out of memory");
        for (unsigned r = 1; ok && r <= e->replicates; r++)
            ok = run_record_write(&s, r, &records[r - 1], genes);
        status = run_session_finish(&s, ok, true);
    }
    free(genes);
    run_session_free(&s);
    output_unlock(lock);
    return status;
}

/* A run that could not be allocated for want of memory: the machine failed
 * us (exit 1), not the input; its message then names the experiment file. */
static bool run_out_of_memory(struct ga_diag *diag, const char *file)
{
    if (!diag->count || strncmp(diag->entries[diag->count - 1].message, "out of memory", 13) != 0)
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
        cli_error("out of memory");
        return CLI_FAILED;
    }
    struct run_options o = {0};
    int status = run_parse(argc, argv, cfg, &o);
    struct ga_experiment *e = NULL;
    struct ga_run *run = NULL;
    if (status == CLI_OK) {
        uint64_t clock_seed = (uint64_t)time(NULL) * 1000003u ^ (uint64_t)getpid();
        e = cli_experiment_alloc(cfg, clock_seed % 1000000000u);
        /* Under mpirun the ranks share the islands (rank 0 writes). */
        bool spread = e && e->params.islands > 1 && cli_mpi_workers() > 0;
        if (e && (!spread || (e->params.link = cli_mpi_islands(cfg))))
            run = ga_run_alloc(e->problem, e->state, &e->params, &diag);
        status = run ? CLI_OK : e && spread ? CLI_FAILED : CLI_USAGE;
        if (!run && e && run_out_of_memory(&diag, o.file))
            status = CLI_FAILED;
    }
    if (status == CLI_OK)
        status = output_prepare_dir(e->out_dir, o.force);
    if (status == CLI_OK)
        status = !e->params.link && cli_pool_chosen(o.parallel, e->params.threads, e->replicates,
                                                    e->params.population * e->params.islands)
                     ? cli_pool_run_experiment(cfg, e, o.quiet)
                     : cli_run_experiment(cfg, e, run, o.quiet);
    cli_print_diag(&diag);
    ga_run_free(run);
    ga_experiment_free(e);
    ga_cfg_free(cfg);
    return status < 0 ? CLI_OK : status;
}

static const char resume_usage[] =
    "Usage: gaexp resume DIR [OPTION]...\n"
    "Goes on with the run whose output folder DIR holds a checkpoint, or with the\n"
    "sweep whose folder DIR is (finished points are kept, an interrupted one\n"
    "resumed, the others run).  A run writes a checkpoint\n"
    "every output.checkpoint seconds (default 60; 0: every generation) and when\n"
    "the run is interrupted (Ctrl-C, SIGTERM).  The finished folder is the one an\n"
    "uninterrupted run writes, byte for byte (times.csv aside).  A checkpoint\n"
    "that is truncated, corrupted or from another gaexp is refused.  Under\n"
    "mpirun a sweep goes on spread over the ranks (see 'gaexp sweep --help').\n"
    "\n"
    "Options:\n"
    "  --jobs N     threads (results are identical for every N)\n"
    "  --quiet      no progress line and no summary on the terminal\n"
    "  -h, --help   show this help\n";

/* Restores a session from DIR's checkpoint: configuration, experiment,
 * run state, curves, best, and the streamed files cut back to their
 * lengths at the checkpoint.  False (message printed) when anything fails. */
static bool resume_load(struct run_session *s, struct ga_cfg **cfg, struct ga_experiment **e,
                        struct ga_run **run, struct ga_diag *diag, const char *dir, long long jobs,
                        bool quiet)
{
    bool inputs_checked = true, *inputs_ok = &inputs_checked;
    struct ga_pack payload;
    uint64_t hash, config_len;
    if (!checkpoint_read(dir, &payload, &hash))
        return false;
    struct ga_unpack u = {payload.data, payload.len, false};
    bool ok = ga_unpack_get(&u, &config_len, sizeof config_len) && config_len > 0 && config_len <= u.left &&
              ga_pack_hash(u.data, (size_t)config_len) == hash && u.data[config_len - 1] == '\0';
    if (!ok) {
        cli_error("cannot resume from %s/checkpoint: its configuration does not match its hash", dir);
        ga_pack_free(&payload);
        return false;
    }
    char name[1100];
    snprintf(name, sizeof name, "%s/config.cfg", dir);
    *cfg = ga_cfg_alloc(diag);
    ok = *cfg && ga_cfg_load_string(*cfg, name, (const char *)u.data);
    u.data += config_len;
    u.left -= (size_t)config_len;
    char threads[32];
    snprintf(threads, sizeof threads, "ga.threads=%lld", jobs);
    ok = ok && (jobs == 0 || ga_cfg_override(*cfg, threads));
    /* The folder is DIR, wherever the run first wrote (the same text: the same config.cfg). */
    const char *stored = NULL;
    bool same_dir = ok && config_lookup_string(&(*cfg)->conf, "output.dir", &stored) == CONFIG_TRUE &&
                    strcmp(stored, dir) == 0;
    ok = ok && (same_dir || ga_cfg_override_string(*cfg, "output.dir", dir));
    ok = ok && (*e = cli_experiment_alloc(*cfg, 0)) != NULL &&
         (*run = ga_run_alloc((*e)->problem, (*e)->state, &(*e)->params, diag)) != NULL &&
         run_session_init(s, *cfg, *e, *run, quiet);
    uint64_t lengths[3], hashes[3];
    double seconds;
    ok = ok && ga_unpack_get(&u, &s->replicate, sizeof s->replicate) &&
         ga_unpack_get(&u, &seconds, sizeof seconds) && ga_unpack_get(&u, lengths, sizeof lengths) &&
         ga_unpack_get(&u, hashes, sizeof hashes) && (*inputs_ok = run_inputs_verify(&u, dir)) &&
         run_best_unpack(&s->best, *run, (*e)->problem, &u) && curves_unpack(s->curves, &u) && ga_run_unpack(*run, &u) &&
         u.left == 0 && s->replicate >= 1 && s->replicate <= (*e)->replicates && seconds >= 0 && seconds <= 1e12;
    ga_pack_free(&payload);
    if (*run && *inputs_ok && !ok) {
        cli_error("cannot resume from %s/checkpoint: its state does not fit its configuration", dir);
        return false;
    }
    if (!ok)
        return false;
    s->resumed = s->checkpointed = true;
    s->replicate_started = cli_now() - seconds;
    struct run_files *f = &s->f;
    f->open_gens = output_reopen(&f->gens, dir, "generations.csv", lengths[0], hashes[0]);
    f->open_summary = f->open_gens && output_reopen(&f->summary, dir, "summary.csv", lengths[1], hashes[1]);
    f->open_times = f->open_summary && output_reopen(&f->times, dir, "times.csv", lengths[2], hashes[2]);
    /* Every check passed before anything changes; config.cfg last: a
     * resume that cannot start changes nothing. */
    f->open_config = f->open_times && output_cut(&f->gens) && output_cut(&f->summary) &&
                     output_cut(&f->times) && run_write_config(*cfg, dir, &f->config);
    return f->open_config;
}

int cli_resume(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"jobs", required_argument, NULL, 'j'}, {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},       {NULL, 0, NULL, 0},
    };
    long long jobs = 0;
    bool quiet = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'j':
            if (!cli_parse_long("--jobs", optarg, 1, 1024, &jobs))
                return CLI_USAGE;
            break;
        case 'q':
            quiet = true;
            break;
        case 'h':
            fputs(resume_usage, stdout);
            return CLI_OK;
        default:
            cli_error("see 'gaexp resume --help'");
            return CLI_USAGE;
        }
    }
    if (optind != argc - 1) {
        cli_error("resume expects one output folder (see 'gaexp resume --help')");
        return CLI_USAGE;
    }
    const char *dir = argv[optind];
    char path[1100];
    if (!output_path_fits(dir))
        return CLI_USAGE;
    snprintf(path, sizeof path, "%s/checkpoint", dir);
    char journal[1100];
    snprintf(journal, sizeof journal, "%s/commit", dir);
    if (access(path, F_OK) != 0 && access(journal, F_OK) != 0) {
        snprintf(path, sizeof path, "%s/sweep.args", dir);
        if (access(path, F_OK) == 0)
            return cli_resume_sweep(dir, jobs, quiet);
    }
    return cli_resume_dir(dir, jobs, quiet, NULL);
}

/* What a resume holds, from resume_open to resume_close. */
struct resume {
    struct ga_diag diag;
    struct ga_cfg *cfg;
    struct ga_experiment *e;
    struct ga_run *run;
    struct run_session s;
};

/* Loads DIR's checkpoint into r (messages printed); false when it cannot
 * be resumed, the folder's files then closed and kept as they were. */
static bool resume_open(struct resume *r, const char *dir, long long jobs, bool quiet)
{
    *r = (struct resume){0};
    ga_diag_clear(&r->diag);
    bool ok = resume_load(&r->s, &r->cfg, &r->e, &r->run, &r->diag, dir, jobs, quiet);
    cli_print_diag(&r->diag);
    if (!ok)
        run_files_close(&r->s.f);
    return ok;
}

static void resume_close(struct resume *r)
{
    run_session_free(&r->s);
    ga_run_free(r->run);
    ga_experiment_free(r->e);
    ga_cfg_free(r->cfg);
}

int cli_resume_dir(const char *dir, long long jobs, bool quiet, unsigned *replicates)
{
    int status = CLI_FAILED, lock = output_lock(dir);
    if (lock < 0)
        return lock == -2 ? CLI_USAGE : CLI_FAILED;
    /* A commit a kill interrupted: the result is decided, finish it. */
    int recovered = output_recover(dir, quiet);
    if (recovered != 0) {
        if (recovered > 0 && !quiet)
            printf("finished the commit of %s/\n", dir);
        output_unlock(lock);
        return recovered > 0 ? CLI_OK : CLI_FAILED;
    }
    struct resume r;
    status = resume_open(&r, dir, jobs, quiet) ? run_session_go(&r.s, quiet) : CLI_USAGE;
    if (replicates && r.e)
        *replicates = r.e->replicates;
    resume_close(&r);
    output_unlock(lock);
    return status;
}

bool cli_resume_probe(const char *dir, unsigned *replicate, unsigned *replicates)
{
    struct resume r;
    bool ok = resume_open(&r, dir, 0, true);
    if (ok && replicate)
        *replicate = r.s.replicate;
    if (ok && replicates)
        *replicates = r.e->replicates;
    if (ok)
        run_files_close(&r.s.f);
    resume_close(&r);
    return ok;
}
