/* cli/options.h — the options 'gaexp run' and 'gaexp sweep' share, read by one parser. */
#ifndef GA_CLI_OPTIONS_H
#define GA_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include "cli/runner/pool.h"

struct ga_cfg;

#define CLI_OPTIONS_MAX_SETS 256

/* 'gaexp run|sweep FILE.cfg [OPTION]...' as given: what was not given keeps
 * its "absent" value (seed -1, jobs and replicates 0, out NULL). */
struct cli_options {
    const char *file, *out;
    char *sets[CLI_OPTIONS_MAX_SETS]; /* --set PATH=VALUE, in order */
    size_t nsets;
    long long seed, jobs, replicates;
    bool force, quiet;
    bool check; /* --check: ga.check = true */
    bool resume; /* sweep only, internal: going on with ROOT (gaexp resume) */
    bool staged; /* with resume: going on in the stage a killed --force left (cli/store/publish.h) */
    enum cli_pool_mode parallel;
};

/* Reads the options of 'command' ("run" or "sweep") and its one FILE.cfg;
 * --resume is accepted only when 'resume' is true.  APP_OK; APP_USAGE with
 * one message; -1 after printing 'usage' for --help. */
int cli_options_parse(int argc, char **argv, const char *command, const char *usage, bool resume,
                      struct cli_options *o);

/* Applies --set, then --seed, --replicates and --check, what shapes the
 * results, to a loaded configuration; false with a diagnostic on a bad
 * --set. */
bool cli_options_apply(const struct cli_options *o, struct ga_cfg *cfg);
/* Applies --jobs (ga.threads), which does not shape the results. */
bool cli_options_jobs(const struct cli_options *o, struct ga_cfg *cfg);
/* The status of an experiment that did not load: APP_FAILED when its last
 * diagnostic is "out of memory" (the machine's fault), else APP_USAGE. */
int cli_options_failed(const struct ga_diag *diag);

#endif
