/* cli/runner/mpi.c — sweeps over MPI ranks: rank 0 hands out single runs and writes every file, the workers run them. */
#include "config.h"

#include <limits.h>
#include <mpi.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app/app.h"
#include "cli/runner/guard.h"
#include "cli/runner/mpi.h"
#include "cli/runner/plugin.h"
#include "cli/runner/record.h"
#include "cli/runner/run_session.h"
#include "cli/store/replicates.h"
#include "gaexp/cfg.h"
#include "gaexp/experiment.h"
#include "gaexp/pack.h"

/* Rank 0 sends WORK (a run and its configuration) or STOP; a worker
 * answers each WORK with a RESULT (the run and its record).  Both begin
 * with the run's id.  Ranks exchange raw bytes: they run the same gaexp on
 * machines of one kind, as checkpoints assume. */
enum { CLI_MPI_WORK = 1, CLI_MPI_RESULT, CLI_MPI_STOP, CLI_MPI_ISLANDS };

struct mpi_run_id {
    uint64_t job, replicate; /* job index, replicate 1..R */
};

static bool mpi_started;                       /* MPI_Init was called */
static int mpi_rank, mpi_size = 1;
static unsigned char *mpi_released;            /* rank 0: workers sent STOP */
static volatile sig_atomic_t mpi_interrupted;  /* rank 0: SIGINT or SIGTERM during cli_mpi_run */
static bool mpi_islands_started;               /* rank 0: the workers breed a run's islands with it */

/* mpirun (OMPI_COMM_WORLD_SIZE) and PMI or PMIx launchers such as srun set
 * these.  Without them gaexp is one plain process: a singleton MPI_Init
 * would only cost time and start helper processes. */
static bool mpi_launched(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if (getenv(vars[i]))
            return true;
    return false;
}

bool cli_mpi_init(int *argc, char ***argv)
{
    if (!mpi_launched())
        return true;
    if (MPI_Init(argc, argv) != MPI_SUCCESS) {
        app_error("MPI could not start");
        return false;
    }
    mpi_started = true;
    /* Errors come back as codes: rank 0 then reports and stops cleanly. */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
    mpi_released = calloc((size_t)mpi_size, 1);
    if (mpi_released)
        return true;
    app_error("out of memory");
    MPI_Abort(MPI_COMM_WORLD, APP_FAILED);
    return false;
}

bool cli_mpi_worker(void)
{
    return mpi_rank > 0;
}

size_t cli_mpi_workers(void)
{
    return (size_t)mpi_size - 1;
}

const char *cli_mpi_build(void)
{
    static char text[64];
    snprintf(text, sizeof text, " with MPI (Open MPI %d.%d.%d)", OMPI_MAJOR_VERSION, OMPI_MINOR_VERSION,
             OMPI_RELEASE_VERSION);
    return text;
}

/* False after printing what failed, unless it succeeded. */
static bool mpi_ok(int code, const char *what)
{
    if (code == MPI_SUCCESS)
        return true;
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(code, text, &len);
    app_error("MPI: %s failed: %.*s", what, len, text);
    return false;
}

/* Between two looks at a pending message: a short sleep, so that a rank
 * that waits leaves its core to the ranks that compute (several may share
 * one).  False once rank 0 was interrupted. */
static bool mpi_pause(void)
{
    struct timespec t = {0, 1000000};
    if (!mpi_interrupted)
        nanosleep(&t, NULL);
    return !mpi_interrupted;
}

static bool mpi_wait(MPI_Request *r)
{
    for (int done = 0;;) {
        if (!mpi_ok(MPI_Test(r, &done, MPI_STATUS_IGNORE), "MPI_Test"))
            return false;
        if (done)
            return true;
        if (!mpi_pause())
            return false;
    }
}

/* Sends msg whole; false when interrupted or MPI failed. */
static bool mpi_send(int to, int tag, const struct ga_pack *msg)
{
    if (msg->oom || msg->len > INT_MAX) {
        app_error(msg->oom ? "out of memory" : "MPI: a message of %zu bytes is too long", msg->len);
        return false;
    }
    MPI_Request r;
    return mpi_ok(MPI_Isend(msg->data, (int)msg->len, MPI_BYTE, to, tag, MPI_COMM_WORLD, &r), "MPI_Isend") &&
           mpi_wait(&r);
}

/* The next message from rank 'from' (MPI_ANY_SOURCE: any), whatever its
 * tag, into *msg (ga_pack_free it) and *st; false when interrupted or MPI
 * failed. */
static bool mpi_receive(int from, MPI_Status *st, struct ga_pack *msg)
{
    *msg = (struct ga_pack){0};
    MPI_Message m;
    for (int found = 0; !found;) {
        if (!mpi_ok(MPI_Improbe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &found, &m, st), "MPI_Improbe"))
            return false;
        if (!found && !mpi_pause())
            return false;
    }
    int count = 0;
    MPI_Get_count(st, MPI_BYTE, &count);
    msg->data = malloc(count > 0 ? (size_t)count : 1);
    msg->len = msg->cap = (size_t)count;
    if (!msg->data) {
        app_error("out of memory");
        return false;
    }
    MPI_Request r;
    return mpi_ok(MPI_Imrecv(msg->data, count, MPI_BYTE, &m, &r), "MPI_Imrecv") && mpi_wait(&r);
}

static bool mpi_release(int worker)
{
    struct ga_pack none = {0};
    mpi_released[worker] = 1;
    return mpi_send(worker, CLI_MPI_STOP, &none);
}

/* ---- a worker ------------------------------------------------------------ */

/* The experiment a worker runs, kept while the runs handed to it share
 * their configuration. */
/* ---- islands over the ranks (ga_link) ---------------------------------- */

/* The link's all-gather: rank p's part of block is bytes [offsets[p],
 * offsets[p] + sizes[p]).  A failure here leaves the ranks out of step, so
 * it ends the job. */
static void mpi_gather(void *ctx, void *block, const size_t *sizes, const size_t *offsets)
{
    int *counts = ctx, *displs = counts + mpi_size;
    for (int p = 0; p < mpi_size; p++) {
        if (sizes[p] > INT_MAX || offsets[p] > INT_MAX) {
            app_error("MPI: an island share of %zu bytes is too large to gather", sizes[p]);
            MPI_Abort(MPI_COMM_WORLD, APP_FAILED);
        }
        counts[p] = (int)sizes[p];
        displs[p] = (int)offsets[p];
    }
    if (!mpi_ok(MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, block, counts, displs, MPI_BYTE,
                               MPI_COMM_WORLD),
                "MPI_Allgatherv"))
        MPI_Abort(MPI_COMM_WORLD, APP_FAILED);
}

/* The link of this rank; NULL when out of memory (message printed). */
static const struct ga_link *mpi_link(void)
{
    static struct ga_link link;
    static int *scratch;
    if (!scratch && !(scratch = malloc(2 * (size_t)mpi_size * sizeof *scratch))) {
        app_error("out of memory");
        return NULL;
    }
    link = (struct ga_link){(unsigned)mpi_rank, (unsigned)mpi_size, scratch, mpi_gather};
    return &link;
}

const struct ga_link *cli_mpi_islands(struct ga_cfg *cfg)
{
    struct ga_pack text = {0};
    const struct ga_link *link = mpi_link();
    bool ok = link && cli_config_text(cfg, &text);
    if (link && !ok)
        app_error("out of memory");
    for (int w = 1; ok && w < mpi_size; w++)
        ok = mpi_send(w, CLI_MPI_ISLANDS, &text);
    ga_pack_free(&text);
    mpi_islands_started |= ok;
    return ok ? link : NULL;
}

/* A worker's side of an island run: the same experiment, linked, every
 * replicate in step with rank 0 (which writes the files). */
static void mpi_worker_islands(const struct ga_pack *in)
{
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_cfg *cfg = NULL;
    struct ga_experiment *e = NULL;
    struct output_settings out; /* rank 0 writes */
    struct ga_run *run = NULL;
    const struct ga_link *link = mpi_link();
    bool ok = link && in->len > 0 && in->data[in->len - 1] == '\0' && (cfg = ga_cfg_alloc(&diag)) &&
              ga_cfg_load_string(cfg, "the configuration from rank 0", (const char *)in->data) &&
              (e = cli_experiment_alloc(cfg, 0, &out));
    if (ok) {
        e->params.link = link;
        ok = (run = ga_run_alloc(e->problem, e->state, &e->params, &diag)) != NULL;
    }
    app_print_diag(&diag);
    if (!ok) { /* rank 0 would wait in the first gather forever */
        app_error("MPI: rank %d cannot run its islands", mpi_rank);
        MPI_Abort(MPI_COMM_WORLD, APP_FAILED);
    }
    for (unsigned r = 1; r <= e->replicates; r++) {
        struct ga_pack record = {0};
        enum ga_stop why = cli_run_replicate(e, run, r, &record);
        ga_pack_free(&record);
        if (why == GA_STOP_FAULT) /* every rank saw it (the link agrees): rank 0 says it and stops */
            break;
    }
    ga_run_free(run);
    ga_experiment_free(e);
    ga_cfg_free(cfg);
}

struct mpi_worker {
    struct ga_diag diag;
    struct ga_pack config; /* its text */
    struct ga_cfg *cfg;
    struct ga_experiment *e;
    struct ga_run *run;
};

static void mpi_worker_clear(struct mpi_worker *w)
{
    ga_run_free(w->run);
    ga_experiment_free(w->e);
    ga_cfg_free(w->cfg);
    ga_pack_free(&w->config);
    w->run = NULL, w->e = NULL, w->cfg = NULL;
}

/* Makes w's experiment the one of 'text' (a resolved configuration with
 * its NUL, len bytes); false after printing why. */
static bool mpi_worker_load(struct mpi_worker *w, const char *text, size_t len)
{
    if (w->run && w->config.len == len && memcmp(w->config.data, text, len) == 0)
        return true;
    mpi_worker_clear(w);
    ga_diag_clear(&w->diag);
    ga_pack_put(&w->config, text, len);
    struct output_settings out; /* rank 0 writes */
    bool ok = !w->config.oom && (w->cfg = ga_cfg_alloc(&w->diag)) != NULL &&
              ga_cfg_load_string(w->cfg, "the configuration from rank 0", text) &&
              (w->e = cli_experiment_alloc(w->cfg, 0, &out)) != NULL &&
              (w->run = ga_run_alloc(w->e->problem, w->e->state, &w->e->params, &w->diag)) != NULL;
    app_print_diag(&w->diag);
    if (!ok)
        mpi_worker_clear(w);
    return ok;
}

/* Runs one WORK message's replicate into out, after the run's id; a record
 * left empty tells rank 0 that this worker could not run it. */
static void mpi_worker_run(struct mpi_worker *w, const struct ga_pack *in, struct ga_pack *out)
{
    struct mpi_run_id id = {0};
    struct ga_unpack u = {in->data, in->len, false};
    bool ok = ga_unpack_get(&u, &id, sizeof id) && u.left > 0 && u.data[u.left - 1] == '\0' &&
              mpi_worker_load(w, (const char *)u.data, u.left) && id.replicate >= 1 &&
              id.replicate <= w->e->replicates;
    ga_pack_put(out, &id, sizeof id);
    if (ok)
        cli_run_replicate(w->e, w->run, (unsigned)id.replicate, out);
    if (out->oom) {
        app_error("out of memory");
        ga_pack_free(out);
        ga_pack_put(out, &id, sizeof id);
    }
}

/* mpirun ends a job with SIGCONT, SIGTERM a second later and SIGKILL a
 * second after that, and may close the job at once when the ranks die on
 * SIGTERM.  A worker lives on for that second (the alarm ends it), so that
 * rank 0, which lists the lost runs on SIGTERM, is not cut short. */
static void mpi_worker_on_term(int sig)
{
    (void)sig;
    alarm(1);
}

int cli_mpi_work(void)
{
    struct sigaction on_term = {.sa_handler = mpi_worker_on_term, .sa_flags = SA_RESTART};
    sigemptyset(&on_term.sa_mask);
    sigaction(SIGTERM, &on_term, NULL);
    cli_guard_install(); /* a plug-in that crashes here is named too; rank 0 says what is kept */
    cli_guard_arm(true);
    cli_guard_keep_fixed(NULL, "on MPI rank %d (rank 0 lists the runs lost and how to go on)", mpi_rank);
    struct mpi_worker w = {0};
    for (;;) {
        MPI_Status st;
        struct ga_pack in, out = {0};
        bool ok = mpi_receive(0, &st, &in);
        if (ok && st.MPI_TAG == CLI_MPI_STOP) {
            ga_pack_free(&in);
            break;
        }
        if (ok && st.MPI_TAG == CLI_MPI_ISLANDS) { /* no answer: the run's gathers keep the ranks in step */
            mpi_worker_islands(&in);
            ga_pack_free(&in);
            continue;
        }
        if (ok)
            mpi_worker_run(&w, &in, &out);
        ok = ok && mpi_send(0, CLI_MPI_RESULT, &out);
        ga_pack_free(&in);
        ga_pack_free(&out);
        if (!ok) { /* rank 0 would wait for this run forever */
            app_error("MPI: rank %d lost rank 0", mpi_rank);
            MPI_Abort(MPI_COMM_WORLD, APP_FAILED);
        }
    }
    mpi_worker_clear(&w);
    cli_guard_arm(false); /* main() returns: an exit() from here on is gaexp's own */
    return APP_OK;
}

/* ---- rank 0 -------------------------------------------------------------- */

/* A job on rank 0, from its first replicate handed out until it is written. */
struct mpi_job {
    struct ga_cfg *cfg; /* NULL when not open */
    struct ga_experiment *e;
    struct output_settings output; /* where its folder goes */
    struct ga_pack config;   /* the resolved configuration, sent with each run */
    struct ga_pack *records; /* one per replicate, empty until it comes back (or kept from before) */
    bool *kept;              /* one per replicate: its record is kept on the disk */
    struct replicates keep;  /* where (cli/store/replicates.h): ended replicates, never those under way */
    unsigned back;           /* records come back, or were kept */
};

struct mpi_sched {
    const struct cli_mpi_jobs *jobs;
    struct mpi_job *job;
    size_t next_job;          /* the next run to hand out: */
    unsigned next_replicate;  /* replicate next_replicate of next_job */
    struct mpi_run_id *held;  /* per rank: the run it holds */
    unsigned char *busy;      /* per rank: it holds one */
    size_t busy_count;
    int status;               /* APP_FAILED: nothing more is handed out */
};

static bool mpi_job_open(struct mpi_sched *s, size_t i)
{
    struct mpi_job *j = &s->job[i];
    struct ga_cfg *cfg;
    struct ga_experiment *e;
    if (!s->jobs->open(s->jobs->ctx, i, &cfg, &e, &j->output))
        return false;
    j->cfg = cfg, j->e = e;
    unsigned n = j->e->replicates;
    j->records = calloc(n, sizeof *j->records);
    j->kept = calloc(n, sizeof *j->kept);
    struct ga_pack *states = calloc(n, sizeof *states); /* a state needs the rank that ran it: not taken */
    uint64_t identity;
    bool ok = j->records && j->kept && states && cli_config_text(j->cfg, &j->config) &&
              replicates_identity(j->cfg, &identity);
    if (ok) {
        replicates_place(&j->keep, &j->output, identity);
        j->back = replicates_load(&j->keep, n, j->records, states, false);
        for (unsigned r = 0; r < n; r++) {
            j->kept[r] = j->records[r].len > 0;
            ga_pack_free(&states[r]);
        }
    }
    free(states);
    if (!ok)
        app_error("out of memory");
    return ok;
}

/* Keeps the records back that are not kept yet: those of a second or more
 * as they come ('all': every one, when the sweep stops). */
static void mpi_job_keep(struct mpi_job *j, bool all)
{
    for (unsigned r = 1; j->cfg && r <= j->e->replicates; r++)
        if (j->records[r - 1].len && !j->kept[r - 1] &&
            (all || replicates_worth(&j->output, cli_record_seconds(&j->records[r - 1]))))
            j->kept[r - 1] = replicates_keep(&j->keep, r, &j->records[r - 1], true);
}

static void mpi_job_close(struct mpi_sched *s, size_t i, int status)
{
    struct mpi_job *j = &s->job[i];
    if (!j->cfg)
        return;
    for (unsigned r = 0; j->records && r < j->e->replicates; r++)
        ga_pack_free(&j->records[r]);
    free(j->records);
    free(j->kept);
    ga_pack_free(&j->config);
    s->jobs->close(s->jobs->ctx, i, j->cfg, j->e, &j->output, status);
    *j = (struct mpi_job){0};
}

static void mpi_job_write(struct mpi_sched *s, size_t i);

/* Moves the next run past the replicates kept from before; a job whose
 * replicates were all kept is written now.  True when that job was. */
static bool mpi_skip_kept(struct mpi_sched *s)
{
    struct mpi_job *j = &s->job[s->next_job];
    while (s->next_replicate <= j->e->replicates && j->records[s->next_replicate - 1].len)
        s->next_replicate++;
    if (s->next_replicate <= j->e->replicates)
        return false;
    size_t i = s->next_job++;
    s->next_replicate = 1;
    if (j->back == j->e->replicates) /* nothing was handed out: it is written here */
        mpi_job_write(s, i);
    return true;
}

/* Hands the next run to worker w, or releases it when nothing is left to
 * hand out; false when interrupted or MPI failed. */
static bool mpi_hand_out(struct mpi_sched *s, int w)
{
    if (s->status == APP_OK && s->next_job < s->jobs->count && s->next_replicate == 1 &&
        !mpi_job_open(s, s->next_job)) {
        mpi_job_close(s, s->next_job, APP_FAILED);
        s->status = APP_FAILED;
    }
    if (s->status == APP_OK && s->next_job < s->jobs->count && mpi_skip_kept(s))
        return mpi_hand_out(s, w); /* a job kept whole is written; the next one opens */
    if (s->status != APP_OK || s->next_job == s->jobs->count)
        return mpi_release(w);
    const struct mpi_job *j = &s->job[s->next_job];
    struct mpi_run_id id = {s->next_job, s->next_replicate};
    if (++s->next_replicate > j->e->replicates)
        s->next_job++, s->next_replicate = 1;
    struct ga_pack msg = {0};
    ga_pack_put(&msg, &id, sizeof id);
    ga_pack_put(&msg, j->config.data, j->config.len);
    /* Held from now on: if the send is broken off, the run counts as lost. */
    s->held[w] = id;
    s->busy[w] = 1;
    s->busy_count++;
    bool ok = mpi_send(w, CLI_MPI_WORK, &msg);
    ga_pack_free(&msg);
    return ok;
}

/* Job i has all its records: its folder is written now. */
static void mpi_job_write(struct mpi_sched *s, size_t i)
{
    const struct mpi_job *j = &s->job[i];
    int status = s->status == APP_OK ? cli_run_write(j->cfg, j->e, &j->output, j->records, NULL) : APP_FAILED;
    if (status != APP_OK) /* a hook's fault (said) is the input's: exit status 2 */
        s->status = status == APP_USAGE ? APP_USAGE : APP_FAILED;
    else
        replicates_drop(&j->keep);
    mpi_job_close(s, i, status);
}

/* Receives one record, hands its worker the next run, then writes the
 * record's job if it is complete; false when interrupted or MPI failed. */
static bool mpi_collect(struct mpi_sched *s)
{
    MPI_Status st;
    struct ga_pack msg;
    if (!mpi_receive(MPI_ANY_SOURCE, &st, &msg)) {
        ga_pack_free(&msg);
        return false;
    }
    int w = st.MPI_SOURCE;
    struct mpi_run_id id;
    struct ga_unpack u = {msg.data, msg.len, false};
    if (st.MPI_TAG != CLI_MPI_RESULT || w <= 0 || w >= mpi_size || !s->busy[w] ||
        !ga_unpack_get(&u, &id, sizeof id) || memcmp(&id, &s->held[w], sizeof id) != 0) {
        app_error("MPI: rank %d sent a message that answers no run", w);
        ga_pack_free(&msg);
        return false;
    }
    s->busy[w] = 0;
    s->busy_count--;
    struct mpi_job *j = &s->job[id.job];
    memmove(msg.data, u.data, u.left); /* the record alone */
    msg.len = u.left;
    if (msg.len == 0 && s->status == APP_OK) {
        app_error("rank %d could not run replicate %llu of %s", w, (unsigned long long)id.replicate,
                  j->output.dir);
        s->status = APP_FAILED;
    }
    if (j->cfg) {
        j->records[id.replicate - 1] = msg;
        j->back++;
    } else {
        ga_pack_free(&msg);
    }
    bool ok = mpi_hand_out(s, w); /* before writing: the worker need not wait */
    if (j->cfg && j->back == j->e->replicates)
        mpi_job_write(s, id.job);
    else
        mpi_job_keep(j, false);
    return ok;
}

/* Interrupted: the runs handed out and not returned, and the jobs left
 * unwritten (every job is written whole or not at all). */
static void mpi_report_lost(struct mpi_sched *s)
{
    fprintf(stderr, "gaexp: interrupted (a rank stopped, or SIGINT/SIGTERM); the runs handed out and "
                    "not returned:\n");
    for (int w = 1; w < mpi_size; w++)
        if (s->busy[w])
            fprintf(stderr, "gaexp:   %s replicate %llu (rank %d)\n", s->job[s->held[w].job].output.dir,
                    (unsigned long long)s->held[w].replicate, w);
    for (size_t i = 0; i < s->jobs->count; i++)
        if (s->job[i].cfg) {
            mpi_job_keep(&s->job[i], true);
            fprintf(stderr, "gaexp: %s is not written: %u of its %u replicates ended%s%s%s; resuming runs the "
                            "others\n",
                    s->job[i].output.dir, s->job[i].back, s->job[i].e->replicates,
                    s->job[i].back ? " and are kept (" : "", s->job[i].back ? s->job[i].keep.dir : "",
                    s->job[i].back ? ")" : "");
        }
}

static void mpi_on_signal(int sig)
{
    (void)sig;
    mpi_interrupted = 1;
}

int cli_mpi_run(const struct cli_mpi_jobs *jobs)
{
    struct mpi_sched s = {.jobs = jobs, .next_replicate = 1, .status = APP_OK};
    s.job = calloc(jobs->count ? jobs->count : 1, sizeof *s.job);
    s.held = calloc((size_t)mpi_size, sizeof *s.held);
    s.busy = calloc((size_t)mpi_size, 1);
    if (!s.job || !s.held || !s.busy) {
        app_error("out of memory");
        free(s.job);
        free(s.held);
        free(s.busy);
        return APP_FAILED; /* cli_mpi_finish releases the workers */
    }
    /* SA_RESTART: a signal must not break off a folder being written. */
    struct sigaction on_signal = {.sa_handler = mpi_on_signal, .sa_flags = SA_RESTART}, old_int, old_term;
    sigemptyset(&on_signal.sa_mask);
    mpi_interrupted = 0;
    sigaction(SIGINT, &on_signal, &old_int);
    sigaction(SIGTERM, &on_signal, &old_term);
    bool ok = true;
    for (int w = 1; ok && w < mpi_size; w++)
        ok = mpi_hand_out(&s, w);
    while (ok && s.busy_count > 0)
        ok = mpi_collect(&s);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    int status = s.status;
    if (!ok) {
        mpi_report_lost(&s);
        status = APP_INTERRUPTED;
    }
    for (size_t i = 0; i < jobs->count; i++)
        mpi_job_close(&s, i, APP_FAILED);
    free(s.job);
    free(s.held);
    free(s.busy);
    return status;
}

int cli_mpi_finish(int status)
{
    if (!mpi_started || status == APP_INTERRUPTED)
        return status;
    if (mpi_islands_started && status != APP_OK) /* the workers may wait in a gather */
        MPI_Abort(MPI_COMM_WORLD, status);
    bool ok = true;
    for (int w = 1; ok && mpi_rank == 0 && w < mpi_size; w++)
        if (!mpi_released[w])
            ok = mpi_release(w);
    free(mpi_released);
    mpi_released = NULL;
    if (!ok)
        return APP_INTERRUPTED;
    MPI_Finalize();
    return status;
}
