# problems/tsp/local.mk — the symmetric Travelling Salesman Problem (tsp), TSPLIB files, the exact solver and 'gaexp solve tsp'.
gaexp_problems += tsp
gaexp_problem_sources += problems/tsp/tsp.c problems/tsp/tsp_tsplib.c problems/tsp/tsp_tsplib.h problems/tsp/tsp_solve.c problems/tsp/tsp_solve.h
gaexp_problem_commands += tsp_cmd_solve
gaexp_problem_command_sources += problems/tsp/cmd_solve.c
