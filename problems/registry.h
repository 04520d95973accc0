/* problems/registry.h — the table of registered problems (NULL-terminated), from problems.def. */
#ifndef GA_PROBLEMS_REGISTRY_H
#define GA_PROBLEMS_REGISTRY_H

#include "gaexp/problem.h"

#define GA_PROBLEM(id) extern const struct ga_problem ga_problem_##id;
#include "problems/problems.def"
#undef GA_PROBLEM

extern const struct ga_problem *const ga_problems[];

#endif
