/* cli/runner/pool.h — whole runs side by side on N threads of one process. */
#ifndef GA_CLI_RUNNER_POOL_H
#define GA_CLI_RUNNER_POOL_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/runner/mpi.h"

/* How --jobs N is spent: threads inside each run, or N runs side by side. */
enum cli_pool_mode { CLI_POOL_AUTO, CLI_POOL_RUNS, CLI_POOL_THREADS };

/* Whole runs at or below this many individuals (population times islands)
 * go side by side: on two cores two threads inside a run of 1,000 gain
 * 1.16x, two runs side by side nearly 2x, while at 100,000 threads inside
 * a run gain 1.8x without a second population in memory (bench/RESULTS.md). */
#define CLI_POOL_SMALL 20000

/* Parses --parallel's argument (auto, runs, threads); false after a message. */
bool cli_pool_parse(const char *text, enum cli_pool_mode *mode);

/* The rule: runs side by side when jobs > 1 and either 'mode' says runs,
 * or it says auto, every run has at most CLI_POOL_SMALL individuals and
 * there are at least 'jobs' runs to share. */
bool cli_pool_chosen(enum cli_pool_mode mode, long long jobs, size_t runs, size_t individuals);

/* Runs every job's replicates on 'workers' threads, each run on one
 * thread (the results do not depend on it); the worker that brings back a
 * job's last replicate writes its folder with cli_run_write (the folders
 * of a run on one thread, byte for byte, times.csv aside), and this thread
 * closes the jobs in order.  A job's replicates are kept as they end
 * (those of a second or more) and under way every output.checkpoint
 * seconds (cli/store/replicates.h); a job opens with what was kept, and runs
 * only the rest.  The jobs and the statuses are those of cli_mpi_run: on
 * SIGINT or SIGTERM the runs under way stop at their generation's end,
 * their state and every ended replicate kept; the jobs not written are
 * listed and closed unwritten, APP_INTERRUPTED. */
struct cli_pool_tally {
    unsigned long kept;    /* replicates found ended, not run again */
    unsigned long resumed; /* replicates gone on with from a kept state */
};
/* (tally, may be NULL, receives what was found kept.) */
int cli_pool_run(const struct cli_mpi_jobs *jobs, unsigned workers, struct cli_pool_tally *tally);

/* 'gaexp run' with replicates side by side on e->params.threads threads:
 * the folder cli_run_experiment writes (times.csv aside); its replicates
 * are kept as they end and under way (cli/store/replicates.h), and a run that
 * was interrupted goes on with what was kept (gaexp resume); a short
 * report unless quiet.  An APP_ status. */
int cli_pool_run_experiment(struct ga_cfg *cfg, struct ga_experiment *e, const struct output_settings *out, bool quiet);

#endif
