/* cli/runner/plugin.h — gaexp's registry: the built-in catalogue plus the plug-ins an experiment or --plugin names. */
#ifndef GA_CLI_RUNNER_PLUGIN_H
#define GA_CLI_RUNNER_PLUGIN_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/store/output_settings.h"
#include "gaexp/cfg.h"
#include "gaexp/experiment.h"

/* The catalogue of gaexp's registry: the built-in problems and generic
 * operators, and those of the plug-ins loaded so far (cli/runner/plugin.c). */
const struct ga_catalog *cli_catalog(void);
/* The catalogue for experiment cfg: loads the plug-in its problem.plugin
 * names (a path relative to the file that holds it), records the resolved
 * path and the plug-in's hash in the tree (problem.plugin_hash) and refuses
 * a plug-in whose hash differs from a recorded one.  NULL after adding
 * diagnostics at problem.plugin. */
const struct ga_catalog *cli_catalog_for(struct ga_cfg *cfg);
/* ga_experiment_alloc over cli_catalog_for(cfg), the 'output' group read
 * into *out (cli/store/output_settings.h). */
struct ga_experiment *cli_experiment_alloc(struct ga_cfg *cfg, uint64_t default_seed, struct output_settings *out);
/* While resuming DIR (NULL: not), whether a plug-in that changed since
 * the run was configured is taken (--accept-changed-plugin) or refused
 * with a message naming that option. */
void cli_plugin_resuming(const char *dir, bool accept_changed);
/* Loads a plug-in named on the command line (--plugin FILE); false after a message. */
bool cli_plugin_option(const char *path);
/* Frees the registry (at exit, for leak checkers). */
void cli_registry_free(void);

#endif
