# problems/pbo/local.mk — IOHprofiler's PBO suite (pbo).
gaexp_problems += pbo
gaexp_problem_sources += problems/pbo/pbo.c problems/pbo/pbo.h problems/pbo/pbo_suite.c
