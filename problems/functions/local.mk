# problems/functions/local.mk — the real-valued benchmark functions (functions).
gaexp_problems += functions
gaexp_problem_sources += problems/functions/functions.c
