/* cli/run_session.c — a run folder being written: replicates with a progress line, checkpoints,
 * resume, and the journaled commit of the files (doc/data-safety.md). */
#include "config.h"

#include <errno.h>
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
#include "cli/guard.h"
#include "cli/mpi.h"
#include "cli/number.h"
#include "cli/output.h"
#include "cli/run_session.h"
#include "gaexp/pack.h"
#include "gaexp/rng.h"

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
    double now = app_now();
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

static void run_write_row(FILE *fp, unsigned replicate, const struct ga_stats *s, size_t columns)
{
    const double fitness[] = {s->best, s->mean, s->sd, s->worst};
    const unsigned long long counts[] = {replicate, s->generation, s->evaluations};
    char row[3 * NUMBER_U_MAX];
    size_t len = 0;
    for (size_t i = 0; i < 3; i++) { /* a row a generation: printf's parsing would be most of it */
        len += number_u(row + len, counts[i]);
        row[len++] = ',';
    }
    fwrite(row, 1, len, fp);
    number_put_g10_each(fp, fitness, 4);
    if (s->diversity >= 0)
        number_put_f6(fp, s->diversity);
    for (size_t c = 0; c < columns; c++) { /* the problem's own; NaN: no value */
        fputc(',', fp);
        if (!isnan(s->problem[c]))
            number_put_g10(fp, s->problem[c]);
    }
    fputc('\n', fp);
}

/* Writes config.cfg under its temporary name, for run_files_commit: the
 * text cli_config_text made (written once, not formatted again). */
static bool run_write_config(const struct ga_pack *config, const char *dir, const char *shown,
                             struct app_file *f)
{
    if (!app_file_open(f, dir, "config.cfg"))
        return false;
    fprintf(f->fp, "# The fully resolved configuration of this run, written by gaexp.\n"
                  "# 'gaexp run %s/config.cfg --out DIR' repeats the run.\n",
            shown);
    fwrite(config->data, 1, config->len - 1, f->fp); /* without its NUL */
    return true;
}

bool run_files_open(struct run_files *f, const struct ga_pack *config, const char *dir, const char *shown,
                    const struct ga_problem *problem)
{
    *f = (struct run_files){.columns = ga_problem_column_count(problem)};
    f->open_config = run_write_config(config, dir, shown, &f->config);
    f->open_gens = f->open_config && app_file_open(&f->gens, dir, "generations.csv");
    f->open_summary = f->open_gens && app_file_open(&f->summary, dir, "summary.csv");
    f->open_times = f->open_summary && app_file_open(&f->times, dir, "times.csv");
    if (!f->open_times)
        return false;
    fputs(GA_STATS_COLUMNS, f->gens.fp);
    for (size_t c = 0; c < f->columns; c++)
        fprintf(f->gens.fp, ",%s", problem->columns->names[c]);
    fputc('\n', f->gens.fp);
    fprintf(f->summary.fp, "replicate,seed,solved,best,generation_found,evaluations,stop\n");
    fprintf(f->times.fp, "replicate,seconds,evaluations_per_second\n");
    return true;
}

/* Commits the four files with best.txt, curves.csv and fitness.gp
 * (already written under their temporary names) through the journal of
 * doc/data-safety.md: all appear together or none does, so a failed or
 * killed run never mixes its files with those of an earlier one. */
static int run_files_commit(struct run_files *f, const struct output_settings *out, struct app_file *best,
                            struct app_file *curves, struct app_file *style, struct app_file *script,
                            const char *figure, bool quiet)
{
    struct app_file *list[8] = {&f->config, &f->gens, &f->summary, &f->times, best};
    size_t n = 5;
    if (out->plot)
        list[n++] = script;
    if (out->plot && f->staged) /* else style.gp is written on its own, when absent */
        list[n++] = style;
    list[n++] = curves; /* last: a sweep takes it as the mark of a finished point */
    if (f->staged) /* the folder appears whole when the caller renames it: no journal */
        return output_stage_files(list, n) ? 1 : 0;
    return output_publish(out->dir, list, n, out->plot ? figure : NULL, quiet);
}

static void run_files_abandon(struct run_files *f)
{
    if (f->open_config)
        app_file_abandon(&f->config);
    if (f->open_gens)
        app_file_abandon(&f->gens);
    if (f->open_summary)
        app_file_abandon(&f->summary);
    if (f->open_times)
        app_file_abandon(&f->times);
}

/* Closes the files and keeps them: a resume that could not start leaves
 * the folder as it found it, and a run that failed after a checkpoint
 * leaves the files that checkpoint matches. */
static void run_files_close(struct run_files *f)
{
    app_file_close(&f->config);
    app_file_close(&f->gens);
    app_file_close(&f->summary);
    app_file_close(&f->times);
    f->open_config = f->open_gens = f->open_summary = f->open_times = false;
}



struct run_end run_end_of(const struct ga_run *run, uint64_t seed, double seconds, enum ga_stop why)
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
static bool run_write_best(const struct ga_experiment *e, const char *dir, const struct ga_genome *genome,
                           const struct run_best *b, struct app_file *f)
{
    if (!app_file_open(f, dir, "best.txt"))
        return false;
    fprintf(f->fp, "# fitness %.10g (0 = solved), generation %lu, replicate %u of %u, seed %llu\n",
            b->fitness, b->generation, b->replicate, e->replicates, (unsigned long long)b->seed);
    e->problem->print(genome, b->genes, f->fp);
    return true;
}

/* Writes one generation's row and adds it to the curves. */
bool run_record(struct run_files *f, struct curves *curves, unsigned replicate,
                       const struct ga_stats *s)
{
    run_write_row(f->gens.fp, replicate, s, f->columns);
    if (curves_add(curves, s->generation, s->best, s->mean))
        return true;
    app_error("out of memory");
    return false;
}

static void run_report(const struct ga_experiment *e, const char *dir, const struct ga_run *run,
                       const struct run_best *b, enum ga_stop why, double seconds)
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
    printf("output: %s/\n", dir);
}

/* Writes curves.csv under its temporary name, for run_files_commit. */
static bool run_write_curves(const char *dir, const struct curves *curves, struct app_file *f)
{
    if (!app_file_open(f, dir, "curves.csv"))
        return false;
    curves_write(curves, f->fp);
    return true;
}

/* Flushes f's buffer to its temporary file; false (message printed) on failure. */
static bool run_flush(struct app_file *f)
{
    if (fflush(f->fp) == 0)
        return true;
    app_error("cannot write %s: %s", f->part_path, strerror(errno));
    return false;
}

/* The closing files: best.txt, curves.csv and fitness.gp, then all
 * committed together: output_publish's 1, 0 or -1.  On 0 (message
 * printed) the closing files are removed and the streamed ones left to
 * the caller; on -1 everything is kept for the journal. */
static int run_files_finish(struct run_files *f, const struct ga_experiment *e, const struct output_settings *out,
                            const struct ga_genome *genome, const struct run_best *b, const struct curves *curves,
                            bool quiet)
{
    struct app_file best = {0}, curve_file = {0}, script = {0}, style = {0};
    char figure[64];
    int done = 0;
    /* The figure's format and title come from the resolved configuration, still under its temporary name. */
    if (run_write_best(e, out->dir, genome, b, &best) && run_write_curves(out->dir, curves, &curve_file) &&
        (!out->plot || run_flush(&f->config)) &&
        (!out->plot || figures_fitness_open(out->dir, f->config.part_path, f->staged ? &style : NULL, &script,
                                            figure, sizeof figure)))
        done = run_files_commit(f, out, &best, &curve_file, &style, &script, out->plot ? figure : NULL, quiet);
    if (done == 0) {
        app_file_abandon(&best);
        app_file_abandon(&curve_file);
        app_file_abandon(&script);
        app_file_abandon(&style);
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
    cli_guard_interrupted(); /* a hook that does not return within a second ends the run */
}


/* The input files the configuration read, with the hashes of what it read. */
static bool run_inputs_hash(struct run_inputs *in, const struct ga_cfg *cfg)
{
    const char *path;
    uint64_t hash;
    in->count = 0;
    while (ga_cfg_used_input(cfg, in->count, &path, &hash))
        in->count++;
    in->paths = calloc(in->count ? in->count : 1, sizeof *in->paths);
    in->hashes = calloc(in->count ? in->count : 1, sizeof *in->hashes);
    if (!in->paths || !in->hashes) {
        app_error("out of memory");
        return false;
    }
    for (size_t i = 0; i < in->count; i++)
        ga_cfg_used_input(cfg, i, &in->paths[i], &in->hashes[i]);
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

/* Reads the inputs a checkpoint recorded; with cfg, each becomes an
 * expectation of the configuration: the run reads each input again, and
 * one whose content changed is refused there, never used.  False when
 * the record is malformed or memory runs out. */
static bool run_inputs_unpack(struct ga_unpack *u, struct ga_cfg *cfg)
{
    uint64_t count, len, hash;
    if (!ga_unpack_get(u, &count, sizeof count) || count > 4096)
        return false;
    for (uint64_t i = 0; i < count; i++) {
        char path[APP_PATH_MAX];
        if (!ga_unpack_get(u, &len, sizeof len) || len >= sizeof path || !ga_unpack_get(u, path, (size_t)len) ||
            !ga_unpack_get(u, &hash, sizeof hash))
            return false;
        path[len] = '\0';
        if (cfg && !ga_cfg_expect(cfg, path, hash, "the run started"))
            return false;
    }
    return true;
}

/* The inputs a checkpoint recorded, found after the run's place (u at
 * it, not moved), made expectations of cfg. */
static bool run_inputs_expect(struct ga_unpack u, struct ga_cfg *cfg)
{
    unsigned replicate;
    double seconds;
    uint64_t lengths[3], hashes[3];
    return ga_unpack_get(&u, &replicate, sizeof replicate) && ga_unpack_get(&u, &seconds, sizeof seconds) &&
           ga_unpack_get(&u, lengths, sizeof lengths) && ga_unpack_get(&u, hashes, sizeof hashes) &&
           run_inputs_unpack(&u, cfg);
}


/* The configuration as text (what config.cfg holds below its first two
 * comments): the input files it read, with their content hashes, as
 * comment lines that a rerun of config.cfg expects (GA_CFG_INPUT_LINE),
 * then the resolved settings. */
bool cli_config_text(struct ga_cfg *cfg, struct ga_pack *out)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        return false;
    const char *path;
    uint64_t hash;
    for (size_t i = 0; ga_cfg_used_input(cfg, i, &path, &hash); i++)
        fprintf(mem, GA_CFG_INPUT_LINE " %016llx %s\n", (unsigned long long)hash, path);
    ga_cfg_write(cfg, mem);
    bool ok = fclose(mem) == 0 && text;
    if (ok)
        ga_pack_put(out, text, len + 1); /* with its NUL */
    free(text);
    return ok && !out->oom;
}

bool run_session_init(struct run_session *s, struct ga_cfg *cfg, const struct ga_experiment *e,
                      const struct output_settings *out, struct ga_run *run, bool quiet)
{
    const char *named = NULL; /* a sweep's point written in a stage is named as it will be published */
    if (config_lookup_string(ga_cfg_config(cfg), "output.dir", &named) != CONFIG_TRUE)
        named = out->dir;
    *s = (struct run_session){.cfg = cfg, .e = e, .out = out, .run = run, .replicate = 1, .shown = named,
                              .genome = ga_problem_genome(e->problem, e->state)};
    /* zeroed: checkpoints copy it before the first replicate ends */
    s->best.genes = calloc(s->genome.len, sizeof *s->best.genes);
    s->curves = curves_alloc();
    s->progress = (struct run_progress){.on = !quiet && isatty(STDERR_FILENO)};
    s->progress.started = s->progress.last = s->last_checkpoint = app_now();
    if (!s->best.genes || !s->curves || !cli_config_text(cfg, &s->config)) {
        app_error("out of memory");
        return false;
    }
    return run_inputs_hash(&s->inputs, cfg);
}

void run_session_free(struct run_session *s)
{
    free(s->best.genes);
    curves_free(s->curves);
    ga_pack_free(&s->config);
    free(s->inputs.hashes);
    free(s->inputs.paths);
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
bool run_genes_valid(const struct ga_genome *gen, const struct ga_problem *problem, const ga_gene *genes)
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
        app_error("cannot write to %s: %s", s->out->dir, strerror(errno));
        return false;
    }
    struct ga_pack p = {0};
    double seconds = app_now() - s->replicate_started;
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
    bool ok = !p.oom && checkpoint_write(s->out->dir, ga_pack_hash(s->config.data, s->config.len), &p);
    if (p.oom)
        app_error("out of memory");
    ga_pack_free(&p);
    s->checkpointed |= ok;
    if (ok) /* what a crash of a plug-in would leave */
        cli_guard_keep(s->out->dir, "%s keeps its checkpoint of generation %lu of replicate %u", s->out->dir,
                       ga_run_stats(s->run)->generation, s->replicate);
    s->last_checkpoint = app_now();
    return ok;
}

/* After each generation: a checkpoint when output.checkpoint seconds have
 * passed (0: every generation). */
static bool run_maybe_checkpoint(struct run_session *s)
{
    if (app_now() - s->last_checkpoint < s->out->checkpoint_seconds)
        return true;
    return run_checkpoint(s);
}

/* Writes how replicate r ended: its rows of summary.csv and times.csv,
 * its end in the curves and its best individual.  With run_record, the
 * one writer of a run's files, for replicates run here or elsewhere. */
bool run_end_write(struct run_session *s, unsigned r, const struct run_end *end)
{
    if (!run_genes_valid(&s->genome, s->e->problem, end->genes)) { /* best.txt would show a lie */
        const char *owner = cli_guard_owner(s->e->problem);
        snprintf(s->fault, sizeof s->fault, "%s%s%sproblem '%s': the best genome of replicate %u of %s is not valid: "
                 "an operator or init broke it ('gaexp run --check' finds which, and when)",
                 owner ? "plug-in " : "", owner ? owner : "", owner ? ": " : "", s->e->problem->name, r, s->shown);
        s->faulted = true;
        return false;
    }
    bool solved = end->solved;
    fprintf(s->f.summary.fp, "%u,%llu,%d,%.10g,%lu,%llu,%s\n", r, (unsigned long long)end->seed, solved,
            end->best, end->generation_found, end->evaluations, ga_stop_word(end->stop));
    fprintf(s->f.times.fp, "%u,%.6f,%.0f\n", r, end->seconds,
            end->seconds > 0 ? (double)end->evaluations / end->seconds : 0);
    run_best_update(&s->best, r, end, s->genome.len);
    if (curves_end_replicate(s->curves, end->best, end->mean, solved, end->generation_found))
        return true;
    app_error("out of memory");
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
            s->replicate_started = app_now();
            cli_guard_generation(true);
            why = ga_run_init(s->run, seed);
            cli_guard_generation(false);
            *ok = why == GA_CONTINUE && run_record(&s->f, s->curves, r, ga_run_stats(s->run)) &&
                  run_maybe_checkpoint(s);
        }
        s->resumed = false;
        while (*ok) {
            if (run_interrupted) { /* checked before a generation begins: none begins after SIGINT/SIGTERM */
                cli_guard_settled();
                *ok = run_checkpoint(s);
                return GA_CONTINUE;
            }
            cli_guard_generation(true);
            why = ga_run_iterate(s->run);
            cli_guard_generation(false);
            if (why != GA_CONTINUE)
                break;
            *ok = run_record(&s->f, s->curves, r, ga_run_stats(s->run));
            run_progress_draw(&s->progress, ga_run_stats(s->run), e, r, false);
            *ok = *ok && (run_interrupted || run_maybe_checkpoint(s));
        }
        if (why == GA_STOP_FAULT) { /* a hook broke its contract: said, and the run stops */
            run_progress_draw(&s->progress, ga_run_stats(s->run), e, r, true);
            cli_guard_fault(e, ga_run_fault(s->run), s->shown, r, s->fault, sizeof s->fault);
            s->faulted = true;
            *ok = false;
            return why;
        }
        struct run_end end = run_end_of(s->run, seed, app_now() - s->replicate_started, why);
        *ok = *ok && run_end_write(s, r, &end);
    }
    return why;
}

/* Whether the folder still holds the checkpoint this run wrote: a folder
 * removed (or emptied) while the run went on keeps nothing to resume,
 * which is said, and s->checkpointed is cleared. */
static bool run_checkpoint_kept(struct run_session *s)
{
    char path[APP_PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/checkpoint", s->out->dir);
    if (s->checkpointed && access(path, F_OK) != 0) {
        app_error("%s was removed while the run went on: nothing of it is kept", s->out->dir);
        s->checkpointed = false;
    }
    return s->checkpointed;
}

/* After the last replicate (ok) or a failure: the folder committed whole
 * (the journal removes the checkpoint), or, on failure, the temporary
 * files kept when a checkpoint matches them (resume goes on from it) and
 * removed otherwise. */
int run_session_finish(struct run_session *s, bool ok, bool quiet)
{
    int done = ok ? run_files_finish(&s->f, s->e, s->out, &s->genome, &s->best, s->curves, quiet) : 0;
    if (done != 0)
        return done > 0 ? APP_OK : APP_FAILED; /* -1: the journal finishes it */
    run_checkpoint_kept(s);
    /* what the hook did and what is kept, in one message; a rebuilt plug-in is resumed with a flag */
    const char *accept = cli_guard_plugin_in(s->e) ? " --accept-changed-plugin" : "";
    if (s->faulted && s->checkpointed)
        app_error("%s; the last checkpoint is kept: once the hook is mended, 'gaexp resume %s%s' goes on from it",
                  s->fault, s->shown, accept);
    else if (s->faulted)
        app_error("%s; %s is not written", s->fault, s->shown);
    else if (s->checkpointed)
        fprintf(stderr, "gaexp: the last checkpoint is kept: 'gaexp resume %s' goes on from it\n", s->out->dir);
    if (s->checkpointed)
        run_files_close(&s->f);
    else
        run_files_abandon(&s->f);
    return s->faulted ? APP_USAGE : APP_FAILED;
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
        app_error("cannot start %u threads (ga.threads): %s", n, strerror(error));
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
                         s->out->dir);
        run_linked_length = n > 0 && (size_t)n < sizeof run_linked_message ? (size_t)n : 0;
    }
    sigaction(SIGINT, &on_signal, &old_int);
    sigaction(SIGTERM, &on_signal, &old_term);
    bool ok = true;
    cli_guard_hooks(true);
    enum ga_stop why = run_replicates(s, &ok);
    cli_guard_hooks(false);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    run_progress_draw(&s->progress, ga_run_stats(s->run), e, e->replicates, true);
    if (ok && s->replicate <= e->replicates) { /* interrupted, checkpoint written */
        run_files_close(&s->f); /* kept, for the checkpoint */
        if (!run_linked_length) /* else the signal handler said it */
            fprintf(stderr, "gaexp: interrupted in generation %lu of replicate %u; "
                            "'gaexp resume %s' goes on from there\n",
                    ga_run_stats(s->run)->generation, s->replicate, s->out->dir);
        return APP_INTERRUPTED;
    }
    int finished = run_session_finish(s, ok, quiet);
    if (finished != APP_OK)
        return finished;
    if (!quiet)
        run_report(e, s->out->dir, s->run, &s->best, why, app_now() - s->progress.started);
    return APP_OK;
}

/* Takes the lock of the folder a run writes and finishes a commit that a
 * kill left there, so that the new run starts from a settled folder: the
 * lock descriptor, or -1 with *status set (message printed). */
int run_lock(const char *dir, bool quiet, int *status)
{
    int lock = output_lock_as(dir, "wait for it to end"); /* run and sweep locked it first, with their own word */
    if (lock < 0) {
        *status = lock == -2 ? APP_USAGE : APP_FAILED;
        return -1;
    }
    if (output_recover(dir, quiet) >= 0)
        return lock;
    output_unlock(lock);
    *status = APP_FAILED;
    return -1;
}

int cli_run_experiment(struct ga_cfg *cfg, const struct ga_experiment *e, const struct output_settings *out,
                       struct ga_run *run, bool quiet)
{
    struct run_session s;
    int status = APP_FAILED;
    int lock = run_lock(out->dir, quiet, &status);
    if (lock < 0)
        return status;
    if (run_session_init(&s, cfg, e, out, run, quiet) && run_files_open(&s.f, &s.config, out->dir, s.shown, e->problem))
        status = run_session_go(&s, quiet);
    run_session_free(&s);
    output_unlock(lock);
    return status;
}

/* Restores a session from DIR's checkpoint: configuration, experiment,
 * run state, curves, best, and the streamed files cut back to their
 * lengths at the checkpoint.  False (message printed) when anything fails. */
static bool resume_load(struct run_session *s, struct ga_cfg **cfg, struct ga_experiment **e,
                        struct output_settings *out, struct ga_run **run, struct ga_diag *diag, const char *dir, const char *named,
                        long long jobs, bool quiet)
{
    struct ga_pack payload;
    uint64_t hash, config_len;
    if (!checkpoint_read(dir, &payload, &hash))
        return false;
    struct ga_unpack u = {payload.data, payload.len, false};
    bool ok = ga_unpack_get(&u, &config_len, sizeof config_len) && config_len > 0 && config_len <= u.left &&
              ga_pack_hash(u.data, (size_t)config_len) == hash && u.data[config_len - 1] == '\0';
    if (!ok) {
        app_error("cannot resume from %s/checkpoint: its configuration does not match its hash", dir);
        ga_pack_free(&payload);
        return false;
    }
    char name[1100]; /* the configuration as the checkpoint holds it: config.cfg is not written yet */
    snprintf(name, sizeof name, "%s/checkpoint", dir);
    *cfg = ga_cfg_alloc(diag);
    ok = *cfg && ga_cfg_load_string(*cfg, name, (const char *)u.data);
    u.data += config_len;
    u.left -= (size_t)config_len;
    char threads[32];
    snprintf(threads, sizeof threads, "ga.threads=%lld", jobs);
    ok = ok && (jobs == 0 || ga_cfg_override(*cfg, threads));
    /* The folder is DIR (or what it is named), wherever the run first wrote (the same text: the same config.cfg). */
    const char *stored = NULL;
    named = named ? named : dir;
    bool same_dir = ok && config_lookup_string(ga_cfg_config(*cfg), "output.dir", &stored) == CONFIG_TRUE &&
                    strcmp(stored, named) == 0;
    ok = ok && (same_dir || ga_cfg_override_string(*cfg, "output.dir", named));
    bool loaded = ok, recorded = ok && run_inputs_expect(u, *cfg);
    ok = recorded && (*e = cli_experiment_alloc(*cfg, 0, out)) != NULL;
    if (ok)
        out->dir = dir; /* written in DIR, named as config.cfg says */
    ok = ok && (*run = ga_run_alloc((*e)->problem, (*e)->state, &(*e)->params, diag)) != NULL &&
         run_session_init(s, *cfg, *e, out, *run, quiet);
    uint64_t lengths[3], hashes[3];
    double seconds;
    ok = ok && ga_unpack_get(&u, &s->replicate, sizeof s->replicate) &&
         ga_unpack_get(&u, &seconds, sizeof seconds) && ga_unpack_get(&u, lengths, sizeof lengths) &&
         ga_unpack_get(&u, hashes, sizeof hashes) && run_inputs_unpack(&u, NULL) &&
         run_best_unpack(&s->best, *run, (*e)->problem, &u) && curves_unpack(s->curves, &u) && ga_run_unpack(*run, &u) &&
         u.left == 0 && s->replicate >= 1 && s->replicate <= (*e)->replicates && seconds >= 0 && seconds <= 1e12;
    ga_pack_free(&payload);
    if ((*run || (loaded && !recorded)) && !ok) {
        app_error("cannot resume from %s/checkpoint: its state does not fit its configuration", dir);
        return false;
    }
    if (!ok)
        return false;
    s->resumed = s->checkpointed = true;
    s->replicate_started = app_now() - seconds;
    struct run_files *f = &s->f;
    f->columns = ga_problem_column_count((*e)->problem);
    f->open_gens = output_reopen(&f->gens, dir, "generations.csv", lengths[0], hashes[0]);
    f->open_summary = f->open_gens && output_reopen(&f->summary, dir, "summary.csv", lengths[1], hashes[1]);
    f->open_times = f->open_summary && output_reopen(&f->times, dir, "times.csv", lengths[2], hashes[2]);
    /* Every check passed before anything changes; config.cfg last: a
     * resume that cannot start changes nothing. */
    f->open_config = f->open_times && output_cut(&f->gens) && output_cut(&f->summary) &&
                     output_cut(&f->times) && run_write_config(&s->config, dir, s->shown, &f->config);
    return f->open_config;
}


/* What a resume holds, from resume_open to resume_close. */
struct resume {
    struct ga_diag diag;
    struct ga_cfg *cfg;
    struct ga_experiment *e;
    struct output_settings out;
    struct ga_run *run;
    struct run_session s;
};

/* Loads DIR's checkpoint into r (messages printed); false when it cannot
 * be resumed, the folder's files then closed and kept as they were. */
static bool resume_open(struct resume *r, const char *dir, const char *named, long long jobs, bool quiet)
{
    *r = (struct resume){0};
    ga_diag_clear(&r->diag);
    bool ok = resume_load(&r->s, &r->cfg, &r->e, &r->out, &r->run, &r->diag, dir, named, jobs, quiet);
    app_print_diag(&r->diag);
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

int cli_resume_dir(const char *dir, const char *named, long long jobs, bool quiet, unsigned *replicates)
{
    int status = APP_FAILED, lock = output_lock_as(dir, "wait for it to end");
    if (lock < 0)
        return lock == -2 ? APP_USAGE : APP_FAILED;
    /* A commit a kill interrupted: the result is decided, finish it. */
    int recovered = output_recover(dir, quiet);
    if (recovered != 0) {
        if (recovered > 0 && !quiet)
            printf("finished the commit of %s/\n", dir);
        output_unlock(lock);
        return recovered > 0 ? APP_OK : APP_FAILED;
    }
    struct resume r;
    status = resume_open(&r, dir, named, jobs, quiet) ? run_session_go(&r.s, quiet) : APP_USAGE;
    if (replicates && r.e)
        *replicates = r.e->replicates;
    resume_close(&r);
    output_unlock(lock);
    return status;
}

bool cli_resume_probe(const char *dir, unsigned *replicate, unsigned *replicates)
{
    struct resume r;
    bool ok = resume_open(&r, dir, NULL, 0, true);
    if (ok && replicate)
        *replicate = r.s.replicate;
    if (ok && replicates)
        *replicates = r.e->replicates;
    if (ok)
        run_files_close(&r.s.f);
    resume_close(&r);
    return ok;
}
