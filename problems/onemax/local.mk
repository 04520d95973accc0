# problems/onemax/local.mk — OneMax (onemax).
gaexp_problems += onemax
gaexp_problem_sources += problems/onemax/onemax.c
