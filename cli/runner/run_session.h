/* cli/runner/run_session.h — a run folder being written: the session behind 'gaexp run' and
 * 'gaexp resume', and behind the records of runs made elsewhere (cli/runner/record.c); private to cli/. */
#ifndef GA_CLI_RUNNER_RUN_SESSION_H
#define GA_CLI_RUNNER_RUN_SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include "cli/runner/curves.h"
#include "cli/runner/front.h"
#include "cli/store/output.h"
#include "cli/store/output_settings.h"
#include "gaexp/pack.h"
#include "gaexp/experiment.h"
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

/* One replicate run apart from its folder (runs side by side, MPI
 * workers), a generation at a time, into the record its folder is written
 * from (cli/runner/record.c): resumable from a state it packs. */
struct replicate_run {
    const struct ga_experiment *e;
    struct ga_run *run;
    unsigned r;
    uint64_t seed;
    struct ga_pack gens;    /* every generation's statistics so far */
    double before, started; /* seconds spent before a restore; app_now() since */
    enum ga_stop why;       /* GA_CONTINUE while it runs */
};
/* Begins replicate r of e on run (generation 0); returns x->why. */
enum ga_stop replicate_start(struct replicate_run *x, const struct ga_experiment *e, struct ga_run *run,
                             unsigned r);
/* One more generation; returns x->why (GA_CONTINUE while it runs). */
enum ga_stop replicate_step(struct replicate_run *x);
/* Appends the state to go on from: the statistics so far and the run's. */
void replicate_state(const struct replicate_run *x, struct ga_pack *out);
/* Goes on from a state replicate_state packed for replicate r of e; false
 * (x freed) when it does not fit the experiment. */
bool replicate_restore(struct replicate_run *x, const struct ga_experiment *e, struct ga_run *run, unsigned r,
                       const struct ga_pack *state);
/* Appends the record of the ended replicate (cli_run_write writes folders from them). */
void replicate_record(struct replicate_run *x, struct ga_pack *p);
void replicate_free(struct replicate_run *x);

/* How a replicate ended, from its run: seed, success, why, best, evaluations. */
struct run_end run_end_of(const struct ga_run *run, uint64_t seed, double seconds, enum ga_stop why);

/* Writes one generation's row of replicate r and adds it to the curves; false (said) when out of memory. */
bool run_record(struct run_files *f, struct curves *curves, unsigned replicate,
                const struct ga_stats *s);

/* Writes replicate r's summary and times rows and keeps its best; false (message printed) on failure. */
bool run_end_write(struct run_session *s, unsigned r, const struct run_end *end);

/* Takes the folder's lock (doc/data-safety.md): its descriptor, or -1 with *status set (message printed). */
int run_lock(const char *dir, bool quiet, int *status);

/* A session writing e's folder; run is NULL when the replicates ran elsewhere (records).  False (said) when out of memory. */
bool run_session_init(struct run_session *s, struct ga_cfg *cfg, const struct ga_experiment *e,
                      const struct output_settings *out, struct ga_run *run, bool quiet);

/* Opens the streamed files in dir under their temporary names and writes
 * their headers, config.cfg naming folder 'shown' (dir, or the folder a
 * hidden one becomes); false (said) on failure. */
bool run_files_open(struct run_files *f, const struct ga_pack *config, const char *dir, const char *shown,
                    const struct ga_experiment *e);

/* Commits the folder when ok (the journaled commit), else abandons or keeps the files for resume; an APP_ status. */
int run_session_finish(struct run_session *s, bool ok, bool quiet);

/* Frees what the session holds (not the configuration or experiment). */
void run_session_free(struct run_session *s);

/* The parts of a session, shared by run_session.c (the loop), run_files.c
 * (the folder's files) and run_checkpoint.c (checkpoint and resume). */
/* Writes config.cfg under its temporary name, for run_files_commit: the
 * text cli_config_text made (written once, not formatted again). */
bool run_write_config(const struct ga_pack *config, const char *dir, const char *shown,
                      struct app_file *f);
/* Closes the streamed files and removes them (a run that failed with no checkpoint to go on from). */
void run_files_abandon(struct run_files *f);
/* Closes the files and keeps them: a resume that could not start leaves
 * the folder as it found it, and a run that failed after a checkpoint
 * leaves the files that checkpoint matches. */
void run_files_close(struct run_files *f);
/* Counts a replicate's end, and takes its best as the best so far when it is
 * better (the first replicate's always; ties keep the earlier); with
 * objectives, its front when its final hypervolume is larger. */
void run_best_update(struct run_best *b, unsigned replicate, const struct run_end *end, size_t len);
/* What a run prints when it ends (unless quiet): how it ended, its best, its folder dir. */
void run_report(const struct ga_experiment *e, const char *dir, const struct ga_run *run,
                const struct run_best *b, enum ga_stop why, double seconds);
/* The closing files: best.txt, curves.csv and fitness.gp, then all
 * committed together, as output_publish says.  Unpublished (message
 * printed): the closing files are removed and the streamed ones left to
 * the caller; kept: everything is kept for the journal. */
enum output_published run_files_finish(struct run_files *f, const struct ga_experiment *e,
                                       const struct output_settings *out, const struct ga_genome *genome,
                                       const struct run_best *b, const struct curves *curves, bool quiet);
/* The bytes written so far to each streamed file, synced to disk, and
 * the hash of each file's content. */
bool run_files_mark(struct run_files *f, uint64_t lengths[RUN_STREAMED], uint64_t hashes[RUN_STREAMED]);
/* The input files the configuration read, with the hashes of what it read. */
bool run_inputs_hash(struct run_inputs *in, const struct ga_cfg *cfg);
/* The payload: config text, where the run is, the streamed files' lengths,
 * the best so far, the curves and the run's own state. */
bool run_checkpoint(struct run_session *s);
/* After each generation: a checkpoint when output.checkpoint seconds have
 * passed (0: every generation). */
bool run_maybe_checkpoint(struct run_session *s);
/* Whether the folder still holds the checkpoint this run wrote: a folder
 * removed (or emptied) while the run went on keeps nothing to resume,
 * which is said, and s->checkpointed is cleared. */
bool run_checkpoint_kept(struct run_session *s);
/* Runs the session's replicates from where it stands (the first, or a
 * checkpoint's) to the commit: an APP_ status (APP_INTERRUPTED after a checkpoint). */
int run_session_go(struct run_session *s, bool quiet);

#endif
