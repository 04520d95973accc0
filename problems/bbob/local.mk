# problems/bbob/local.mk — COCO's BBOB noiseless suite (bbob).
gaexp_problems += bbob
gaexp_problem_sources += problems/bbob/bbob.c problems/bbob/bbob.h
