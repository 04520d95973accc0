/* operators/registry.h — the generic operator tables (NULL-terminated), from operators.def. */
#ifndef GA_OPERATORS_REGISTRY_H
#define GA_OPERATORS_REGISTRY_H

#include "gaexp/op.h"

#define GA_CROSSOVER(id) extern const struct ga_crossover ga_crossover_##id;
#define GA_MUTATION(id) extern const struct ga_mutation ga_mutation_##id;
#define GA_SELECTION(id) extern const struct ga_selection ga_selection_##id;
#include "operators/operators.def"
#undef GA_CROSSOVER
#undef GA_MUTATION
#undef GA_SELECTION

extern const struct ga_crossover *const ga_crossovers[];
extern const struct ga_mutation *const ga_mutations[];
extern const struct ga_selection *const ga_selections[];

#endif
