/* cli/runner/run_types.h — a run folder being written: struct run_session and its parts, shared by
 * the session, its files, its checkpoint, its resume and the records of runs made elsewhere. */
#ifndef GA_CLI_RUNNER_RUN_TYPES_H
#define GA_CLI_RUNNER_RUN_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "app/file.h"
#include "cli/runner/curves.h"
#include "cli/runner/front.h"
#include "cli/store/output_settings.h"
#include "gaexp/experiment.h"
#include "gaexp/pack.h"
#include "gaexp/run.h"

/* A live line on a terminal, at most ten times a second. */
struct run_progress {
    bool on;
    double started, last;
    unsigned replicate;              /* the replicate drawn last (0: none yet) */
    double replicate_started;        /* when it began */
    unsigned long long evals_before; /* spent by the replicates before it */
    unsigned long long evals_now;    /* spent by it, when last drawn */
};

/* The streamed files: generations.csv, summary.csv, times.csv, front.csv. */
#define RUN_STREAMED 4

/* The files of an output folder, written while the replicates run and
 * committed together at the end. */
struct run_files {
    struct app_file config, gens, summary, times, front; /* front.csv: with objectives only */
    bool open_config, open_gens, open_summary, open_times, open_front;
    size_t columns;  /* the problem's own columns in generations.csv */
    bool objectives; /* the problem's objectives' columns, and front.csv */
    bool staged;    /* a folder written whole under a hidden name: no journal, no figure drawn (output_stage_open) */
};

/* The best individual over the replicates so far. */
struct run_best {
    ga_gene *genes;
    double fitness;
    unsigned replicate;
    uint64_t seed;
    unsigned long generation;
    unsigned solved; /* replicates that reached the target */
    /* With objectives: the final front of the replicate with the largest
     * final hypervolume so far (ties and NaN keep the earlier one). */
    struct run_front front;
    unsigned front_replicate;
    double hv;
};

/* How a replicate ended: what summary.csv, times.csv, curves.csv and
 * best.txt take from it, whether it ran here or on an MPI worker. */
struct run_end {
    uint64_t seed;
    bool solved;       /* the best so far reached the target (ga.stop.fitness) */
    enum ga_stop stop; /* why the run ended */
    double best, mean, seconds;
    unsigned long long evaluations;            /* spent */
    unsigned long long evaluations_found;      /* the evaluation that first reached its best */
    unsigned long long evaluations_to_target;  /* the one that first reached the target; 0: never */
    unsigned long generation_found;
    const ga_gene *genes; /* its best individual */
    const struct run_front *front; /* with objectives: its final front (front.csv) */
    double hv, hv_share, igd, igd_plus; /* with objectives: its final indicators (NaN: none) */
};

/* The input files a configuration read (puzzles, deal files) with the
 * hash of their content when the run started: a resume expects the same
 * (ga_cfg_expect) and refuses a changed one. */
struct run_inputs {
    size_t count;
    const char **paths; /* the strings are the ga_cfg's */
    uint64_t *hashes;
};

/* Everything a run of all replicates holds between two generations: what
 * a checkpoint saves and a resume restores. */
struct run_session {
    struct ga_cfg *cfg;
    const struct ga_experiment *e;
    const struct output_settings *out; /* where and how the folder is written */
    struct ga_run *run;         /* NULL when writing replicates run elsewhere */
    struct ga_genome genome;
    struct run_files f;
    struct run_best best;
    struct run_front front;     /* the replicate's final front, with objectives */
    struct curves *curves;
    struct run_progress progress;
    struct ga_pack config;      /* the resolved configuration, as text */
    unsigned replicate;         /* the replicate under way */
    double replicate_started;   /* app_now() at its start, earlier sessions included */
    double last_checkpoint;
    bool resumed;               /* the replicate under way comes from a checkpoint */
    bool checkpointed;          /* DIR/checkpoint is this run's: keep the .part files it matches */
    bool faulted;               /* a hook broke its contract: exit status 2 */
    char fault[3072];           /* what it did, said when the session finishes */
    struct run_inputs inputs;   /* the input files and their hashes at the start */
    const char *shown;          /* the folder as messages name it (out->dir, or what a hidden one becomes) */
};

#endif
