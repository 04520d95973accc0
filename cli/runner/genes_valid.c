/* cli/runner/genes_valid.c — a genome read back (a record, a checkpoint, a front) checked before best.txt prints it. */
#include "cli/runner/genes_valid.h"

/* A genome best.txt may print: every gene in the alphabet, and one the
 * problem accepts. */
bool run_genes_valid(const struct ga_genome *gen, const struct ga_problem *problem, const ga_gene *genes)
{
    for (size_t i = 0; i < gen->len; i++)
        if (genes[i] >= gen->alphabet)
            return false;
    return !problem->valid || problem->valid(gen, genes);
}
