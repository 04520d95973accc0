# problems/mo/local.mk — the multi-objective test functions (mo) and the constrained ones (constrained).
gaexp_problems += mo constrained
gaexp_problem_sources += problems/mo/mo.c problems/mo/constrained.c problems/mo/mo_functions.c problems/mo/mo_functions.h
