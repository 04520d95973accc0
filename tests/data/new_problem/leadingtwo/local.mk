# problems/leadingtwo/local.mk — LeadingOnes (leadingtwo), the new problem of tests/new_problem.sh.
gaexp_problems += leadingtwo
gaexp_problem_sources += problems/leadingtwo/leadingtwo.c
