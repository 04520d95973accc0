/* cli/runner/mpi.h — gaexp under mpirun (--with-mpi): rank 0 runs the command, the other ranks the runs of its sweeps. */
#ifndef GA_CLI_RUNNER_MPI_H
#define GA_CLI_RUNNER_MPI_H

#include <stdbool.h>
#include <stddef.h>

#include "app/app.h"
#include "cli/store/output_settings.h"

struct ga_cfg;
struct ga_experiment;
struct ga_link;

/*
 * Experiments whose replicates rank 0 hands out, one run at a time, to
 * whichever worker is free.  Job i is opened when its first replicate goes
 * out; when all its records are back rank 0 writes its folder with
 * cli_run_write (the writer of a run on one process) and closes it.
 */
struct cli_mpi_jobs {
    size_t count;
    void *ctx;
    /* Job i's resolved configuration, experiment and output settings, its
     * folder prepared; false after a message. */
    bool (*open)(void *ctx, size_t i, struct ga_cfg **cfg, struct ga_experiment **e, struct output_settings *out);
    /* Frees what open made; status says whether the folder was written
     * (APP_OK) or not (the sweep stopped, or failed). */
    void (*close)(void *ctx, size_t i, struct ga_cfg *cfg, struct ga_experiment *e, struct output_settings *out,
                  int status);
};

#ifdef GAEXP_MPI
/* Starts MPI when an MPI launcher started gaexp (mpirun, or srun and other
 * PMI/PMIx launchers); otherwise gaexp stays one plain process.  False
 * (message printed) when MPI fails to start. */
bool cli_mpi_init(int *argc, char ***argv);
/* True in ranks other than 0: they run cli_mpi_work instead of the command. */
bool cli_mpi_worker(void);
/* A worker: runs the replicates rank 0 hands out until it says stop. */
int cli_mpi_work(void);
/* Rank 0: the workers there are (0 on one process). */
size_t cli_mpi_workers(void);
/* Rank 0: runs every job's replicates on the workers and writes each
 * job's folder.  APP_OK; APP_FAILED (message printed) when a folder could
 * not be written or a worker could not run; APP_INTERRUPTED when SIGINT or
 * SIGTERM came (mpirun sends SIGTERM when a rank dies) or MPI failed: the
 * runs handed out and not returned are then listed, and every folder is
 * written whole or not at all. */
int cli_mpi_run(const struct cli_mpi_jobs *jobs);
/* Rank 0, for a run whose islands the ranks share: sends the workers the
 * resolved configuration, after which they run its replicates in step with
 * rank 0, and returns the link to set in the experiment's parameters before
 * ga_run_alloc; NULL after a message. */
const struct ga_link *cli_mpi_islands(struct ga_cfg *cfg);
/* " with MPI (Open MPI X.Y.Z)", for --version; "" without MPI. */
const char *cli_mpi_build(void);
/* Releases the workers and ends MPI; returns status.  After APP_INTERRUPTED
 * it only returns: the other ranks may be gone, and mpirun ends the rest. */
int cli_mpi_finish(int status);
#else
static inline bool cli_mpi_init(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    return true;
}
static inline bool cli_mpi_worker(void) { return false; }
static inline int cli_mpi_work(void) { return APP_OK; }
static inline size_t cli_mpi_workers(void) { return 0; }
static inline int cli_mpi_run(const struct cli_mpi_jobs *jobs)
{
    (void)jobs;
    return APP_FAILED;
}
static inline const struct ga_link *cli_mpi_islands(struct ga_cfg *cfg)
{
    (void)cfg;
    return NULL;
}
static inline const char *cli_mpi_build(void) { return ""; }
static inline int cli_mpi_finish(int status) { return status; }
#endif

#endif
