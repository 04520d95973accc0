/* cli/runner/genes_valid.h — a genome read back (a record, a checkpoint, a front) checked before best.txt prints it. */
#ifndef GA_CLI_RUNNER_GENES_VALID_H
#define GA_CLI_RUNNER_GENES_VALID_H

#include <stdbool.h>

#include "gaexp/genome.h"
#include "gaexp/problem.h"

/* True when genes is a valid genome of the problem (a record or checkpoint is checked before use). */
bool run_genes_valid(const struct ga_genome *gen, const struct ga_problem *problem, const ga_gene *genes);

#endif
