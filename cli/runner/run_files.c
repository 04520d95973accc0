/* cli/runner/run_files.c — the files of a run folder: streamed as the replicates go, the closing
 * files, and their journaled commit (doc/data-safety.md). */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "cli/figures/figures_run.h"
#include "cli/runner/number.h"
#include "cli/runner/run_files.h"
#include "cli/store/names.h"
#include "cli/store/output.h"
#include "gaexp/rng.h"

static void run_write_row(FILE *fp, unsigned replicate, const struct ga_stats *s, size_t columns, bool objectives)
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
    len = 0;
    row[len++] = ',';
    len += number_u(row + len, s->found);
    fwrite(row, 1, len, fp);
    const double indicators[] = {s->feasible, s->violation, s->hv, s->hv_share, s->igd, s->igd_plus};
    for (size_t c = 0; objectives && c < sizeof indicators / sizeof *indicators; c++) { /* NaN: no value */
        fputc(',', fp);
        if (!isnan(indicators[c]))
            number_put_g10(fp, indicators[c]);
    }
    for (size_t c = 0; c < columns; c++) { /* the problem's own; NaN: no value */
        fputc(',', fp);
        if (!isnan(s->problem[c]))
            number_put_g10(fp, s->problem[c]);
    }
    fputc('\n', fp);
}

bool run_write_config(const struct ga_pack *config, const char *dir, const char *shown,
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
                    const struct ga_experiment *e)
{
    const struct ga_problem *problem = e->problem;
    *f = (struct run_files){.columns = ga_problem_column_count(problem),
                            .objectives = ga_problem_objectives(problem) != NULL};
    f->open_config = run_write_config(config, dir, shown, &f->config);
    f->open_gens = f->open_config && app_file_open(&f->gens, dir, "generations.csv");
    f->open_summary = f->open_gens && app_file_open(&f->summary, dir, "summary.csv");
    f->open_times = f->open_summary && app_file_open(&f->times, dir, "times.csv");
    f->open_front = f->open_times && f->objectives && app_file_open(&f->front, dir, "front.csv");
    if (!f->open_times || f->open_front != f->objectives) { /* out of descriptors, say: no .part left */
        run_files_abandon(f);
        f->open_config = f->open_gens = f->open_summary = f->open_times = f->open_front = false;
        return false;
    }
    if (f->objectives)
        front_write_header(f->front.fp, e);
    fputs(GA_STATS_COLUMNS, f->gens.fp);
    if (f->objectives)
        fputs("," GA_STATS_MO_COLUMNS, f->gens.fp);
    for (size_t c = 0; c < f->columns; c++)
        fprintf(f->gens.fp, ",%s", ga_problem_columns(problem)->names[c]);
    fputc('\n', f->gens.fp);
    fputs(f->objectives ? NAMES_SUMMARY_COLUMNS "," NAMES_SUMMARY_MO_COLUMNS "\n" : NAMES_SUMMARY_COLUMNS "\n",
          f->summary.fp);
    fprintf(f->times.fp, "replicate,seconds,evaluations_per_second\n");
    return true;
}

/* The closing files: best.txt, curves.csv, true-front.csv (when the problem
 * knows its front) and the figures' scripts with style.gp, already written
 * under their temporary names. */
struct run_closing {
    struct app_file best, curves, truth, style, scripts[FIGURES_RUN_MAX];
    bool truth_open;
    struct figures_run fig;
};

/* Commits the four files with the closing ones through the journal of
 * doc/data-safety.md: all appear together or none does, so a failed or
 * killed run never mixes its files with those of an earlier one. */
static enum output_published run_files_commit(struct run_files *f, const struct output_settings *out,
                                               struct run_closing *c, bool quiet)
{
    /* the four streamed ones, best.txt, front.csv, true-front.csv, style.gp, curves.csv and the scripts */
    struct app_file *list[9 + FIGURES_RUN_MAX] = {&f->config, &f->gens, &f->summary, &f->times, &c->best};
    const char *figures[FIGURES_RUN_MAX];
    size_t n = 5;
    if (f->objectives)
        list[n++] = &f->front;
    if (c->truth_open)
        list[n++] = &c->truth;
    for (size_t i = 0; out->plot && i < c->fig.count; i++) {
        list[n++] = &c->scripts[i];
        figures[i] = c->fig.figure[i];
    }
    if (out->plot && f->staged) /* else style.gp is written on its own, when absent */
        list[n++] = &c->style;
    list[n++] = &c->curves; /* last: a sweep takes it as the mark of a finished point */
    if (f->staged) /* the folder appears whole when the caller renames it: no journal */
        return output_stage_files(list, n) ? OUTPUT_PUBLISHED : OUTPUT_UNPUBLISHED;
    return output_publish(out->dir, list, n, figures, out->plot ? c->fig.count : 0, quiet);
}

void run_files_abandon(struct run_files *f)
{
    if (f->open_config)
        app_file_abandon(&f->config);
    if (f->open_gens)
        app_file_abandon(&f->gens);
    if (f->open_summary)
        app_file_abandon(&f->summary);
    if (f->open_times)
        app_file_abandon(&f->times);
    if (f->open_front)
        app_file_abandon(&f->front);
}

void run_files_close(struct run_files *f)
{
    app_file_close(&f->config);
    app_file_close(&f->gens);
    app_file_close(&f->summary);
    app_file_close(&f->times);
    if (f->open_front)
        app_file_close(&f->front);
    f->open_config = f->open_gens = f->open_summary = f->open_times = f->open_front = false;
}

struct run_end run_end_of(const struct ga_run *run, uint64_t seed, double seconds, enum ga_stop why)
{
    const struct ga_stats *s = ga_run_stats(run);
    return (struct run_end){.seed = seed, .solved = ga_run_succeeded(run), .stop = why, .best = s->best, .mean = s->mean, .seconds = seconds,
                            .evaluations = s->evaluations, .evaluations_found = ga_run_evaluations_found(run),
                            .evaluations_to_target = ga_run_evaluations_to_target(run),
                            .generation_found = ga_run_generation_found(run), .genes = ga_run_best(run),
                            .hv = s->hv, .hv_share = s->hv_share, .igd = s->igd, .igd_plus = s->igd_plus};
}

void run_best_update(struct run_best *b, unsigned replicate, const struct run_end *end, size_t len)
{
    b->solved += end->solved;
    if (b->front.width && end->front && (replicate == 1 || end->hv > b->hv)) {
        front_copy(&b->front, end->front);
        b->front_replicate = replicate;
        b->hv = end->hv;
    }
    if (replicate > 1 && !(end->best < b->fitness))
        return;
    memcpy(b->genes, end->genes, len * sizeof *b->genes);
    b->fitness = end->best;
    b->replicate = replicate;
    b->seed = end->seed;
    b->generation = end->generation_found;
}

/* best.txt with objectives: the front of the replicate with the largest
 * final hypervolume, each point's objectives (front.csv's digits) then its
 * genome in the problem's notation. */
static void run_write_front(const struct ga_experiment *e, const struct ga_genome *genome, const struct run_best *b,
                            FILE *fp)
{
    const struct run_front *f = &b->front;
    fprintf(fp, "# the final front of replicate %u of %u (seed %llu), ", b->front_replicate, e->replicates,
            (unsigned long long)ga_rng_replicate_seed(e->seed, b->front_replicate));
    if (isnan(b->hv))
        fprintf(fp, "the first (no hypervolume): ");
    else
        fprintf(fp, "the largest final hypervolume (%.10g): ", b->hv);
    fprintf(fp, "%zu point%s, as front.csv lists them\n", f->count, f->count == 1 ? "" : "s");
    for (size_t i = 0; i < f->count; i++) {
        fputs("# ", fp);
        front_write_objectives(fp, f, i);
        fputc('\n', fp);
        e->problem->print(genome, f->genes + i * f->len, fp);
    }
}

/* Writes best.txt under its temporary name, for run_files_commit. */
static bool run_write_best(const struct ga_experiment *e, const char *dir, const struct ga_genome *genome,
                           const struct run_best *b, struct app_file *f)
{
    if (!app_file_open(f, dir, "best.txt"))
        return false;
    if (front_several(&b->front)) {
        run_write_front(e, genome, b, f->fp);
        return true;
    }
    fprintf(f->fp, "# fitness %.10g (0 = solved), generation %lu, replicate %u of %u, seed %llu\n",
            b->fitness, b->generation, b->replicate, e->replicates, (unsigned long long)b->seed);
    e->problem->print(genome, b->genes, f->fp);
    return true;
}

/* Writes one generation's row and adds it to the curves. */
bool run_record(struct run_files *f, struct curves *curves, unsigned replicate,
                       const struct ga_stats *s)
{
    run_write_row(f->gens.fp, replicate, s, f->columns, f->objectives);
    if (curves_add(curves, s->generation, s->best, s->mean))
        return true;
    app_error("out of memory");
    return false;
}

void run_report(const struct ga_experiment *e, const char *dir, const struct ga_run *run,
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
    if (front_several(&b->front)) { /* the fitness is a ranking key: the front says what was found */
        printf("final front of replicate %u: %zu point%s, hypervolume %.10g (in best.txt)\n", b->front_replicate,
               b->front.count, b->front.count == 1 ? "" : "s", b->hv);
        printf("output: %s/\n", dir);
        return;
    }
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

/* Opens the figures' scripts (and style.gp) of the run for its commit;
 * false (said) on a write error. */
static bool run_write_scripts(struct run_files *f, const struct output_settings *out, struct run_closing *c)
{
    /* The titles come from the resolved configuration, the front's axes from
     * front.csv's header, the hypervolume's column from generations.csv's
     * last row: all still under their temporary names. */
    if (!run_flush(&f->config) || !run_flush(&f->gens) || (f->objectives && !run_flush(&f->front)))
        return false;
    struct figures_front_input several = {.front = f->front.part_path, .generations = f->gens.part_path,
                                     .true_front = c->truth_open};
    return figures_run_open(out->dir, f->config.part_path, f->objectives ? &several : NULL, f->staged ? &c->style : NULL,
                            c->scripts, &c->fig);
}

enum output_published run_files_finish(struct run_files *f, const struct ga_experiment *e,
                                       const struct output_settings *out, const struct ga_genome *genome,
                                       const struct run_best *b, const struct curves *curves, bool quiet)
{
    struct run_closing c = {0};
    enum output_published done = OUTPUT_UNPUBLISHED;
    if (run_write_best(e, out->dir, genome, b, &c.best) && run_write_curves(out->dir, curves, &c.curves) &&
        front_write_true(e, out->dir, &c.truth, &c.truth_open) && (!out->plot || run_write_scripts(f, out, &c)))
        done = run_files_commit(f, out, &c, quiet);
    if (done == OUTPUT_UNPUBLISHED) {
        app_file_abandon(&c.best);
        app_file_abandon(&c.curves);
        app_file_abandon(&c.truth);
        for (size_t i = 0; i < FIGURES_RUN_MAX; i++)
            app_file_abandon(&c.scripts[i]);
        app_file_abandon(&c.style);
    }
    return done;
}

bool run_files_mark(struct run_files *f, uint64_t lengths[RUN_STREAMED], uint64_t hashes[RUN_STREAMED])
{
    lengths[3] = hashes[3] = 0; /* no front.csv */
    return output_mark(&f->gens, &lengths[0], &hashes[0]) && output_mark(&f->summary, &lengths[1], &hashes[1]) &&
           output_mark(&f->times, &lengths[2], &hashes[2]) &&
           (!f->objectives || output_mark(&f->front, &lengths[3], &hashes[3]));
}
