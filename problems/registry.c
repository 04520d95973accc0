/* problems/registry.c — the problem table built from problems.def, and the built-in catalogue. */
#include "problems/registry.h"

#include <stddef.h>

#include "gaexp/registry.h"
#include "operators/registry.h"

/* The only list of the problems: each problem's file defines its table and declares it nowhere else. */
#define GA_PROBLEM(id) extern const struct ga_problem ga_problem_##id;
#include "problems/problems.def"
#undef GA_PROBLEM

const struct ga_problem *const ga_problems[] = {
#define GA_PROBLEM(id) &ga_problem_##id,
#include "problems/problems.def"
#undef GA_PROBLEM
    NULL,
};

const struct ga_catalog *ga_builtins(void)
{
    static const struct ga_catalog builtins = {ga_problems, ga_crossovers, ga_mutations, ga_selections};
    return &builtins;
}
