/* problems/registry.h — the table of registered problems (NULL-terminated), from problems.def. */
#ifndef GA_PROBLEMS_REGISTRY_H
#define GA_PROBLEMS_REGISTRY_H

#include "gaexp/problem.h"

#define GA_PROBLEM(id) extern const struct ga_problem ga_problem_##id;
#include "problems/problems.def"
#undef GA_PROBLEM

extern const struct ga_problem *const ga_problems[];

/* The subcommands of the built-in problems (problems/NAME/solve_NAME.c, ...),
 * NULL-terminated, for their tables. */
extern const struct ga_tool *const ga_tools_derful[];
extern const struct ga_tool *const ga_tools_t24[];
extern const struct ga_tool *const ga_tools_animals[];
extern const struct ga_tool *const ga_tools_fortythieves[];
extern const struct ga_tool animals_tool_solve;
extern const struct ga_tool fortythieves_tool_solve;

#endif
