/* operators/registry.h — the generic operator tables (NULL-terminated), from operators.def. */
#ifndef GA_OPERATORS_REGISTRY_H
#define GA_OPERATORS_REGISTRY_H

#include "gaexp/op.h"

#define GA_CROSSOVER(id) extern const struct ga_crossover ga_crossover_##id;
#define GA_MUTATION(id)
#include "operators/operators.def"
#undef GA_CROSSOVER
#undef GA_MUTATION
#define GA_CROSSOVER(id)
#define GA_MUTATION(id) extern const struct ga_mutation ga_mutation_##id;
#include "operators/operators.def"
#undef GA_CROSSOVER
#undef GA_MUTATION

extern const struct ga_crossover *const ga_crossovers[];
extern const struct ga_mutation *const ga_mutations[];

#endif
