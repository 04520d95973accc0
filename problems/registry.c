/* problems/registry.c — the problem table built from problems.def. */
#include "problems/registry.h"

#include <stddef.h>

const struct ga_problem *const ga_problems[] = {
#define GA_PROBLEM(id) &ga_problem_##id,
#include "problems/problems.def"
#undef GA_PROBLEM
    NULL,
};
