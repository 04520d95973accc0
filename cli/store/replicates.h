/* cli/store/replicates.h — the replicates of runs side by side, kept as they end and, under way, every
 * output.checkpoint seconds: an interrupted run or sweep goes on with only what is unfinished. */
#ifndef GA_CLI_STORE_REPLICATES_H
#define GA_CLI_STORE_REPLICATES_H

#include <stdbool.h>
#include <stdint.h>

#include "app/file.h"
#include "cli/store/output_settings.h"
#include "gaexp/pack.h"

struct ga_cfg;
struct ga_experiment;

/* Where a folder's replicates are kept while its runs go side by side:
 * DIR/replicates when the folder DIR exists (a run's; the commit journal
 * removes it), else the hidden '.NAME.replicates' beside it (a sweep's
 * point, written whole at its end; removed then).  Each replicate r is
 * the file 'rN' once ended (its record) or 'rN.state' under way, both in
 * the checkpoint format (cli/store/checkpoint.h) with the hash of the folder's
 * resolved configuration, so that a record of another configuration is
 * never taken for one of this. */
struct replicates {
    char dir[APP_PATH_MAX];
    uint64_t config_hash;
};

/* What identifies the replicates of a configuration: the hash of its
 * resolved text without what does not shape the runs (ga.threads,
 * output.dir), so that a resume on other threads takes them.  False when
 * out of memory. */
bool replicates_identity(struct ga_cfg *cfg, uint64_t *hash);
/* The place of the replicates of the run written in out->dir (nothing is created yet). */
void replicates_place(struct replicates *k, const struct output_settings *out, uint64_t config_hash);
/* Loads what is kept: records[r - 1] for each replicate ended, states[r - 1]
 * for each under way (both arrays of e->replicates, empty packs: left
 * empty when nothing is kept); a file that does not fit is left out (the
 * replicate runs again) and said unless quiet.  The count of records. */
unsigned replicates_load(const struct replicates *k, unsigned count, struct ga_pack *records, struct ga_pack *states,
                         bool quiet);
/* Keeps replicate r's record (it ended) or its state (under way): written
 * whole (a temporary name, fsync, rename) in the folder, made as needed;
 * the record replaces the state.  False (message printed) on failure. */
bool replicates_keep(const struct replicates *k, unsigned r, const struct ga_pack *data, bool ended);
/* A run's own folder (not a sweep's point) keeps its resolved
 * configuration too, as 'config' (the text cli_config_text makes, in the
 * checkpoint format): 'gaexp resume DIR' goes on from it.  False (message
 * printed) on failure. */
bool replicates_keep_config(const struct replicates *k, const struct output_settings *out, const struct ga_pack *config);
/* The configuration a run's folder kept, into *config; false (message
 * printed) when it is missing or damaged. */
bool replicates_load_config(const char *dir, struct ga_pack *config);
/* Removes the folder and what it holds (the folder of the runs is written). */
void replicates_drop(const struct replicates *k);
/* The same for the folder at 'path' (a run folder's 'replicates', which
 * its commit removes). */
void replicates_drop_folder(const char *path);
/* Whether a replicate that ran 'seconds' is worth keeping as it ends:
 * one of a second or more, or every one when output.checkpoint is below
 * a second (keeping one costs a few milliseconds of writing). */
bool replicates_worth(const struct output_settings *out, double seconds);
/* The hidden folder beside folder dir ('.NAME.replicates') where a
 * sweep's point keeps its replicates, into buf. */
void replicates_beside(const char *dir, char *buf, size_t size);
/* Removes the hidden folder of kept replicates beside folder dir (a
 * sweep's point that is written, or that ran in place). */
void replicates_drop_beside(const char *dir);

#endif
