/* operators/registry.c — the generic operator tables built from operators.def. */
#include "operators/registry.h"

#include <stddef.h>

const struct ga_crossover *const ga_crossovers[] = {
#define GA_CROSSOVER(id) &ga_crossover_##id,
#define GA_MUTATION(id)
#define GA_SELECTION(id)
#include "operators/operators.def"
#undef GA_CROSSOVER
#undef GA_MUTATION
#undef GA_SELECTION
    NULL,
};

const struct ga_mutation *const ga_mutations[] = {
#define GA_CROSSOVER(id)
#define GA_MUTATION(id) &ga_mutation_##id,
#define GA_SELECTION(id)
#include "operators/operators.def"
#undef GA_CROSSOVER
#undef GA_MUTATION
#undef GA_SELECTION
    NULL,
};

const struct ga_selection *const ga_selections[] = {
#define GA_CROSSOVER(id)
#define GA_MUTATION(id)
#define GA_SELECTION(id) &ga_selection_##id,
#include "operators/operators.def"
#undef GA_CROSSOVER
#undef GA_MUTATION
#undef GA_SELECTION
    NULL,
};
