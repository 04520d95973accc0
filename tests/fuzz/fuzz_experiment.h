/* tests/fuzz/fuzz_experiment.h — what the experiment-file harnesses share: the built-in catalogue and the reader gaexp runs. */
#ifndef GA_FUZZ_EXPERIMENT_H
#define GA_FUZZ_EXPERIMENT_H

#include "cli/store/output_settings.h"
#include "gaexp/experiment.h"
#include "operators/registry.h"
#include "problems/registry.h"

static const struct ga_catalog fuzz_catalog = {ga_problems, ga_crossovers, ga_mutations, ga_selections};

/* The experiment of cfg as gaexp reads it, its output group included. */
static inline struct ga_experiment *fuzz_experiment(struct ga_cfg *cfg, uint64_t default_seed)
{
    struct output_settings out;
    struct ga_experiment_reader output = output_settings_reader(&out);
    return ga_experiment_alloc(cfg, &fuzz_catalog, default_seed, &output);
}

#endif
