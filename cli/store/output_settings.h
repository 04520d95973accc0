/* cli/store/output_settings.h — the experiment file's 'output' group: where and how gaexp writes a run's results. */
#ifndef GA_CLI_STORE_OUTPUT_SETTINGS_H
#define GA_CLI_STORE_OUTPUT_SETTINGS_H

#include <stdbool.h>
#include "gaexp/experiment.h"

/* The words output.xaxis and output.format take, the default first.  "auto"
 * draws against evaluations when a sweep varies what a generation costs
 * (the population or the scheme), else against generations. */
#define OUTPUT_XAXIS_DEFAULT "auto"
#define OUTPUT_FORMAT_DEFAULT "png"
#define OUTPUT_XAXES {OUTPUT_XAXIS_DEFAULT, "evaluations", "generations"}
#define OUTPUT_FORMATS {OUTPUT_FORMAT_DEFAULT, "pdf", "svg"}

/* The 'output' group, read with the experiment (output_settings_reader).
 * Its strings live as long as the configuration they were read from. */
struct output_settings {
    const char *dir;           /* output.dir, default results/<file name without .cfg> */
    bool plot;                 /* output.plot: true, or "end" */
    bool plot_end;             /* output.plot = "end": a sweep leaves its points' figures to 'gaexp plot' */
    double checkpoint_seconds; /* output.checkpoint: between checkpoints, 0 = every generation */
    const char *xaxis;         /* output.xaxis: one of OUTPUT_XAXES */
    const char *format;        /* output.format: one of OUTPUT_FORMATS */
    const char *algorithm;     /* output.algorithm: the name 'gaexp export' gives the configuration, "" = made from it */
    bool sweep_point;          /* a sweep's point: the sweep, not the run, says how to go on */
};

/* The folder a command writes when told none: results/<file name without
 * .cfg><suffix> (a run and a sweep "", a tuning "-tune"), into buf. */
void output_settings_default_dir(const char *file, const char *suffix, char *buf, size_t size);

/* The reader ga_experiment_alloc calls for the 'output' group, filling *o
 * (and e->params.diversity from output.diversity). */
struct ga_experiment_reader output_settings_reader(struct output_settings *o);

#endif
