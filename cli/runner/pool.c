/* cli/runner/pool.c — whole runs side by side on N threads of one process. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "app/app.h"
#include "cli/runner/guard.h"
#include "cli/runner/pool.h"
#include "cli/runner/record.h"
#include "cli/runner/run_session.h"
#include "cli/store/journal.h"
#include "cli/store/output.h"
#include "cli/store/replicates.h"
#include "gaexp/experiment.h"
#include "gaexp/pack.h"
#include "gaexp/run.h"

bool cli_pool_parse(const char *text, enum cli_pool_mode *mode)
{
    static const char *const names[] = {"auto", "runs", "threads"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(text, names[i]) == 0) {
            *mode = (enum cli_pool_mode)i;
            return true;
        }
    app_error("--parallel: expected auto, runs or threads, got '%s'", text);
    return false;
}

bool cli_pool_chosen(enum cli_pool_mode mode, long long jobs, size_t runs, size_t individuals)
{
    if (jobs <= 1 || mode == CLI_POOL_THREADS)
        return false;
    return mode == CLI_POOL_RUNS || (individuals <= CLI_POOL_SMALL && runs >= (size_t)jobs);
}

/* An open job: its experiment, the records of its replicates (those kept
 * from before, and those back), the states to go on from, where they are
 * kept. */
struct pool_job {
    struct ga_cfg *cfg;
    struct ga_experiment *e;
    struct output_settings output; /* where its folder goes */
    struct ga_pack *records;   /* e->replicates of them: empty until the replicate ends */
    struct ga_pack *states;    /* e->replicates: where a replicate stopped, to go on from */
    bool *kept;                /* e->replicates: records[r] is on the disk */
    struct replicates keep;
    unsigned next;             /* the next replicate to consider handing out (from 1) */
    unsigned todo, out, back;  /* to run this time, handed out, returned */
    bool failed;               /* a replicate could not run */
    bool stopped;              /* a replicate stopped at a signal (its state kept) */
    bool written;              /* its folder is written (status) */
    struct output_stage stage; /* written whole, still to sync and rename (fd >= 0; cli_run_write) */
    int status;
};

/* Jobs [first, opened) are open, in slot[i % window]; workers take the
 * replicates of job 'hand' (the first with some not handed out), and the
 * worker that brings a job's last replicate back writes its folder, so
 * that writing overlaps the other workers' runs; a folder written whole
 * (a sweep's point) is made durable and renamed into place by the thread
 * that drives the pool, as it closes the job, so that no worker waits on
 * the disk. */
struct pool {
    const struct cli_mpi_jobs *jobs;
    struct pool_job *slot;
    size_t window, first, opened, hand;
    struct cli_pool_tally tally; /* counted as the jobs open */
    bool stop;
    pthread_mutex_t lock;
    pthread_cond_t work, done;
};

static volatile sig_atomic_t pool_interrupted;

static void pool_on_signal(int sig)
{
    (void)sig;
    pool_interrupted = 1;
    cli_guard_interrupted(); /* a hook that does not return within a second ends the run */
}

/* Keeps replicate r's state, packed from x; false (said) on failure. */
static bool pool_keep_state(struct pool_job *j, const struct replicate_run *x, unsigned r)
{
    struct ga_pack state = {0};
    replicate_state(x, &state);
    bool ok = !state.oom && replicates_keep(&j->keep, r, &state, false);
    if (state.oom)
        app_error("out of memory");
    ga_pack_free(&state);
    return ok;
}

/* Runs replicate r of job j on one thread, from its state when one is
 * kept, keeping its state every output.checkpoint seconds; its record
 * into j->records[r - 1], kept when it ran long enough.  False when it
 * could not run, or stopped at a signal (*stopped, its state kept). */
static bool pool_replicate(struct pool_job *j, unsigned r, bool *stopped)
{
    const struct ga_experiment *e = j->e;
    struct ga_params params = e->params;
    params.threads = 1;
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_run *run = ga_run_alloc(e->problem, e->state, &params, &diag);
    if (!run) {
        app_print_diag(&diag);
        return false;
    }
    struct replicate_run x;
    struct ga_pack *state = &j->states[r - 1];
    if (!state->len || !replicate_restore(&x, e, run, r, state))
        replicate_start(&x, e, run, r);
    ga_pack_free(state); /* this worker's alone */
    double last = app_now();
    bool ok = true;
    /* no generation begins after SIGINT/SIGTERM: the state is kept where it is */
    while (ok && !pool_interrupted && replicate_step(&x) == GA_CONTINUE) {
        if (!pool_interrupted && app_now() - last >= j->output.checkpoint_seconds) {
            ok = pool_keep_state(j, &x, r);
            last = app_now();
        }
    }
    if (ok && x.why == GA_CONTINUE) { /* stopped by the signal */
        *stopped = true;
        ok = pool_keep_state(j, &x, r) && false;
    }
    if (ok) {
        replicate_record(&x, &j->records[r - 1]);
        double spent = x.before + (app_now() - x.started);
        bool worth = replicates_worth(&j->output, spent);
        if (j->records[r - 1].oom)
            app_error("out of memory");
        ok = !j->records[r - 1].oom && (!worth || replicates_keep(&j->keep, r, &j->records[r - 1], true));
        j->kept[r - 1] = worth && ok;
    }
    replicate_free(&x);
    ga_run_free(run);
    return ok;
}

/* Frees the records of job j (a job written or given up). */
static void pool_free_records(struct pool_job *j)
{
    for (unsigned r = 0; j->records && r < j->e->replicates; r++) {
        ga_pack_free(&j->records[r]);
        ga_pack_free(&j->states[r]);
    }
    free(j->records);
    free(j->states);
    free(j->kept);
    j->records = j->states = NULL;
    j->kept = NULL;
}

/* Writes job j's folder from its records (the writer of a run on one
 * thread) and frees them.  A folder written whole is left to pool_settle. */
static int pool_write(struct pool_job *j)
{
    int status = APP_FAILED;
    j->stage.fd = -1;
    if (j->failed)
        app_error("%s: a replicate could not run or be kept (see above)", j->output.dir);
    else
        status = cli_run_write(j->cfg, j->e, &j->output, j->records, &j->stage);
    pool_free_records(j);
    return status;
}

/* Syncs and renames the folder a worker wrote whole into place, on the
 * thread that drives the pool: its wait on the disk is not a worker's;
 * then the replicates kept for it go. */
static int pool_settle(struct pool_job *j)
{
    int status = j->status;
    if (j->stage.fd >= 0 && !output_stage_close(&j->stage, j->output.dir))
        status = APP_FAILED;
    if (status == APP_OK)
        replicates_drop(&j->keep);
    return status;
}

/* The next replicate of job j to hand out (from 1), past those ended before. */
static unsigned pool_next(struct pool_job *j)
{
    while (j->next <= j->e->replicates && j->records[j->next - 1].len)
        j->next++;
    return j->next++;
}

/* Moves the hand past the jobs with nothing left to hand out. */
static void pool_hand_on(struct pool *p)
{
    while (p->hand < p->opened && p->slot[p->hand % p->window].out == p->slot[p->hand % p->window].todo)
        p->hand++;
}

static void *pool_worker(void *arg)
{
    struct pool *p = arg;
    cli_guard_thread(true);
    pthread_mutex_lock(&p->lock);
    for (;;) {
        pool_hand_on(p);
        while (!p->stop && p->hand == p->opened && p->hand < p->jobs->count) {
            pthread_cond_wait(&p->work, &p->lock);
            pool_hand_on(p);
        }
        if (p->stop || pool_interrupted || p->hand == p->jobs->count) /* no replicate begun after a signal */
            break;
        struct pool_job *j = &p->slot[p->hand % p->window];
        unsigned r = pool_next(j);
        j->out++;
        pthread_mutex_unlock(&p->lock);
        bool stopped = false, ok = pool_replicate(j, r, &stopped);
        pthread_mutex_lock(&p->lock);
        j->stopped |= stopped;
        j->failed |= !ok && !stopped;
        if (++j->back < j->todo || j->stopped)
            continue;
        pthread_mutex_unlock(&p->lock); /* the last replicate: no one else touches j */
        int status = pool_write(j);
        pthread_mutex_lock(&p->lock);
        j->status = status;
        j->written = true;
        pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    cli_guard_thread(false);
    return NULL;
}

/* Opens job i into its slot (outside the lock: workers look only at
 * opened slots), with what was kept of its replicates; false after a
 * message. */
static bool pool_open(struct pool *p, size_t i)
{
    struct pool_job *j = &p->slot[i % p->window];
    *j = (struct pool_job){.next = 1};
    if (!p->jobs->open(p->jobs->ctx, i, &j->cfg, &j->e, &j->output))
        return false;
    unsigned n = j->e->replicates;
    struct ga_pack config = {0};
    uint64_t identity;
    bool ok = (j->records = calloc(n, sizeof *j->records)) && (j->states = calloc(n, sizeof *j->states)) &&
              (j->kept = calloc(n, sizeof *j->kept)) && cli_config_text(j->cfg, &config) &&
              replicates_identity(j->cfg, &identity);
    if (ok) {
        replicates_place(&j->keep, &j->output, identity);
        unsigned ended = replicates_load(&j->keep, n, j->records, j->states, false);
        for (unsigned r = 0; r < n; r++) {
            j->kept[r] = j->records[r].len > 0;
            p->tally.resumed += j->states[r].len > 0;
        }
        j->todo = n - ended;
        p->tally.kept += ended;
        ok = replicates_keep_config(&j->keep, &j->output, &config);
    }
    ga_pack_free(&config);
    if (ok)
        return true;
    app_error("%s: cannot keep its replicates (out of memory, or see above)", j->output.dir);
    pool_free_records(j);
    p->jobs->close(p->jobs->ctx, i, j->cfg, j->e, &j->output, APP_FAILED);
    j->e = NULL;
    return false;
}

/* A job whose replicates were all kept from before is written here. */
static void pool_write_kept(struct pool *p, size_t i)
{
    struct pool_job *j = &p->slot[i % p->window];
    if (j->todo > 0 || j->written)
        return;
    j->status = pool_write(j);
    j->written = true;
}

/* Opens jobs ahead of the workers and closes each, in order, once a worker
 * has written it; returns with p->stop set and the lock held. */
static int pool_drive(struct pool *p)
{
    int status = APP_OK;
    pthread_mutex_lock(&p->lock);
    while (status == APP_OK && p->first < p->jobs->count) {
        if (pool_interrupted) { /* checked first: a writer that never waits still stops */
            status = APP_INTERRUPTED;
            break;
        }
        if (p->opened < p->jobs->count && p->opened - p->first < p->window) {
            pthread_mutex_unlock(&p->lock);
            bool ok = pool_open(p, p->opened);
            if (ok)
                pool_write_kept(p, p->opened);
            pthread_mutex_lock(&p->lock);
            if (!ok)
                status = APP_FAILED;
            else
                p->opened++;
            pthread_cond_broadcast(&p->work);
            continue;
        }
        struct pool_job *j = &p->slot[p->first % p->window];
        if (j->written) {
            pthread_mutex_unlock(&p->lock);
            j->status = pool_settle(j);
            p->jobs->close(p->jobs->ctx, p->first, j->cfg, j->e, &j->output, j->status);
            pthread_mutex_lock(&p->lock);
            status = j->status;
            p->first++;
            continue;
        }
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 100000000; /* a signal is seen within 0.1 s */
        until.tv_sec += until.tv_nsec / 1000000000;
        until.tv_nsec %= 1000000000;
        pthread_cond_timedwait(&p->done, &p->lock, &until);
    }
    p->stop = true;
    pthread_cond_broadcast(&p->work);
    return status;
}

/* An unwritten job's ended replicates, kept on the disk when stopped (the
 * short ones were not yet); how many of its replicates are kept. */
static unsigned pool_keep_ended(struct pool_job *j)
{
    unsigned kept = 0;
    for (unsigned r = 1; r <= j->e->replicates; r++) {
        if (j->records[r - 1].len && !j->kept[r - 1])
            j->kept[r - 1] = replicates_keep(&j->keep, r, &j->records[r - 1], true);
        kept += j->kept[r - 1];
    }
    return kept;
}

/* After a stop, the workers gone: the jobs written are closed as such,
 * the others unwritten, what they ran kept (listed when interrupted); the
 * status, failed when a folder could not be written. */
static int pool_abandon(struct pool *p, int status)
{
    for (size_t i = p->first; i < p->opened; i++) {
        struct pool_job *j = &p->slot[i % p->window];
        if (j->written) /* its folder is whole: it goes into place */
            j->status = pool_settle(j);
        if (j->written && j->status != APP_OK && (status == APP_OK || status == APP_INTERRUPTED))
            status = j->status; /* the first failure's: a hook's fault is the input's (2) */
        if (status == APP_INTERRUPTED && !j->written && j->out > 0) {
            unsigned kept = pool_keep_ended(j);
            fprintf(stderr, "gaexp: %s is not written: %u of its %u replicates ended%s, the others stopped where "
                            "they were%s%s%s\n", j->output.dir, kept, j->e->replicates, kept ? " and are kept" : "",
                    j->stopped || kept ? " (" : "", j->stopped || kept ? j->keep.dir : "",
                    j->stopped || kept ? ")" : "");
        }
        if (!j->written)
            pool_free_records(j);
        p->jobs->close(p->jobs->ctx, i, j->cfg, j->e, &j->output, j->written ? j->status : status);
    }
    return status;
}

int cli_pool_run(const struct cli_mpi_jobs *jobs, unsigned workers, struct cli_pool_tally *tally)
{
    struct pool p = {.jobs = jobs, .window = 4 * (size_t)workers + 2};
    pthread_t *threads = malloc(workers * sizeof *threads);
    if (!threads || !(p.slot = calloc(p.window, sizeof *p.slot))) {
        free(threads);
        app_error("out of memory");
        return APP_FAILED;
    }
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.work, NULL);
    pthread_cond_init(&p.done, NULL);
    struct sigaction on_signal = {.sa_handler = pool_on_signal}, old_int, old_term;
    sigemptyset(&on_signal.sa_mask);
    pool_interrupted = 0;
    sigaction(SIGINT, &on_signal, &old_int);
    sigaction(SIGTERM, &on_signal, &old_term);
    cli_guard_hooks(true);
    unsigned started = 0;
    while (started < workers && pthread_create(&threads[started], NULL, pool_worker, &p) == 0)
        started++;
    int status = APP_FAILED;
    if (started == workers)
        status = pool_drive(&p);
    else {
        app_error("cannot start %u threads: %s", workers, strerror(errno));
        pthread_mutex_lock(&p.lock);
        p.stop = true;
        pthread_cond_broadcast(&p.work);
    }
    pthread_mutex_unlock(&p.lock);
    for (unsigned t = 0; t < started; t++) /* each run under way stops at its generation's end, its state kept */
        pthread_join(threads[t], NULL);
    cli_guard_settled();
    cli_guard_hooks(false);
    status = pool_abandon(&p, status);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    pthread_cond_destroy(&p.done);
    pthread_cond_destroy(&p.work);
    pthread_mutex_destroy(&p.lock);
    free(p.slot);
    free(threads);
    if (tally)
        *tally = p.tally;
    return status;
}

/* ---- the replicates of one run ----------------------------------------- */

struct pool_one {
    struct ga_cfg *cfg;
    struct ga_experiment *e;
    const struct output_settings *out;
};

static bool pool_one_open(void *ctx, size_t i, struct ga_cfg **cfg, struct ga_experiment **e,
                          struct output_settings *out)
{
    struct pool_one *one = ctx;
    (void)i;
    *cfg = one->cfg, *e = one->e, *out = *one->out;
    return true;
}

static void pool_one_close(void *ctx, size_t i, struct ga_cfg *cfg, struct ga_experiment *e,
                           struct output_settings *out, int status)
{
    (void)ctx, (void)i, (void)cfg, (void)e, (void)out, (void)status; /* the caller owns them */
}

/* Copies the folder's best.txt to stdout, as a run's report shows its best. */
static void pool_print_best(const char *dir)
{
    char path[1100], line[4096];
    snprintf(path, sizeof path, "%s/best.txt", dir);
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f))
        fputs(line, stdout);
    if (f)
        fclose(f);
}

int cli_pool_run_experiment(struct ga_cfg *cfg, struct ga_experiment *e, const struct output_settings *out,
                            bool quiet)
{
    struct pool_one one = {cfg, e, out};
    const struct cli_mpi_jobs jobs = {1, &one, pool_one_open, pool_one_close};
    double started = app_now();
    int status, lock = output_lock_settled(out->dir, quiet, &status); /* held throughout: the replicates are kept in it */
    if (lock < 0)
        return status;
    cli_guard_keep(out->dir, "%s keeps the replicates that ended, and those under way where they were last kept",
                   out->dir);
    struct cli_pool_tally tally;
    status = cli_pool_run(&jobs, e->params.threads, &tally);
    output_unlock(lock);
    if (status == APP_INTERRUPTED)
        fprintf(stderr, "gaexp: interrupted; 'gaexp resume %s' goes on with the replicates not ended\n",
                out->dir);
    if (status != APP_OK || quiet)
        return status;
    printf("%s: %u replicates", e->problem->name, e->replicates);
    if (tally.kept || tally.resumed)
        printf(" (%lu kept from before, %lu gone on with from their kept state)", tally.kept, tally.resumed);
    printf(", %u side by side, %.3f s\n", e->params.threads, app_now() - started);
    pool_print_best(out->dir);
    printf("output: %s/\n", out->dir);
    return status;
}
