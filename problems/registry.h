/* problems/registry.h — the table of registered problems (NULL-terminated), built by problems/registry.c. */
#ifndef GA_PROBLEMS_REGISTRY_H
#define GA_PROBLEMS_REGISTRY_H

#include "gaexp/problem.h"

extern const struct ga_problem *const ga_problems[];

#endif
