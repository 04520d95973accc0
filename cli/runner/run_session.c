/* cli/runner/run_session.c — a run folder being written: replicates with a progress line, the
 * signals that stop them, and the end of the run. */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/app.h"
#include "cli/runner/genes_valid.h"
#include "cli/runner/guard.h"
#include "cli/runner/run_checkpoint.h"
#include "cli/runner/run_files.h"
#include "cli/runner/run_session.h"
#include "cli/store/journal.h"
#include "cli/store/output.h"
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
    if (!s->best.genes || !s->curves || !front_alloc(&s->front, e) || !front_alloc(&s->best.front, e) || !cli_config_text(cfg, &s->config)) {
        app_error("out of memory");
        return false;
    }
    return run_inputs_hash(&s->inputs, cfg);
}

void run_session_free(struct run_session *s)
{
    free(s->best.genes);
    front_free(&s->front);
    front_free(&s->best.front);
    curves_free(s->curves);
    ga_pack_free(&s->config);
    free(s->inputs.hashes);
    free(s->inputs.paths);
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
    fprintf(s->f.summary.fp, "%u,%llu,%d,%.10g,%lu,%llu,%s,%llu,", r, (unsigned long long)end->seed, solved,
            end->best, end->generation_found, end->evaluations, ga_stop_word(end->stop), end->evaluations_found);
    if (end->evaluations_to_target)
        fprintf(s->f.summary.fp, "%llu", end->evaluations_to_target);
    const double indicators[] = {end->hv, end->hv_share, end->igd, end->igd_plus};
    for (size_t c = 0; s->f.objectives && c < sizeof indicators / sizeof *indicators; c++) { /* NaN: no value */
        fputc(',', s->f.summary.fp);
        if (!isnan(indicators[c]))
            fprintf(s->f.summary.fp, "%.10g", indicators[c]);
    }
    fputc('\n', s->f.summary.fp);
    fprintf(s->f.times.fp, "%u,%.6f,%.0f\n", r, end->seconds,
            end->seconds > 0 ? (double)end->evaluations / end->seconds : 0);
    if (s->f.objectives && end->front)
        front_write_rows(s->f.front.fp, r, end->front);
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
        front_take(&s->front, s->run);
        end.front = &s->front;
        *ok = *ok && run_end_write(s, r, &end);
    }
    return why;
}

/* After the last replicate (ok) or a failure: the folder committed whole
 * (the journal removes the checkpoint), or, on failure, the temporary
 * files kept when a checkpoint matches them (resume goes on from it) and
 * removed otherwise. */
int run_session_finish(struct run_session *s, bool ok, bool quiet)
{
    enum output_published done =
        ok ? run_files_finish(&s->f, s->e, s->out, &s->genome, &s->best, s->curves, quiet) : OUTPUT_UNPUBLISHED;
    if (done != OUTPUT_UNPUBLISHED)
        return done == OUTPUT_PUBLISHED ? APP_OK : APP_FAILED; /* kept: the journal finishes it */
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

int run_session_go(struct run_session *s, bool quiet)
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
        if (run_linked_length) /* the signal handler said it */
            ;
        else if (s->out->sweep_point) /* one hint, the sweep's */
            fprintf(stderr, "gaexp: interrupted in generation %lu of replicate %u of %s\n",
                    ga_run_stats(s->run)->generation, s->replicate, s->out->dir);
        else
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

int cli_run_experiment(struct ga_cfg *cfg, const struct ga_experiment *e, const struct output_settings *out,
                       struct ga_run *run, bool quiet)
{
    struct run_session s;
    int status = APP_FAILED;
    int lock = output_lock_settled(out->dir, quiet, &status);
    if (lock < 0)
        return status;
    if (run_session_init(&s, cfg, e, out, run, quiet) && run_files_open(&s.f, &s.config, out->dir, s.shown, e))
        status = run_session_go(&s, quiet);
    run_session_free(&s);
    output_unlock(lock);
    return status;
}
