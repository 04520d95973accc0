# problems/t24/local.mk — the 24 game (t24): its expressions, RDO, the exact solver and 'gaexp solve t24'.
gaexp_problems += t24
gaexp_problem_sources += problems/t24/t24.c problems/t24/t24.h problems/t24/t24_expr.c problems/t24/t24_rdo.c problems/t24/t24_rdo.h \
	problems/t24/t24_solve.c problems/t24/t24_solve.h
gaexp_problem_commands += t24_cmd_solve
gaexp_problem_command_sources += problems/t24/cmd_solve.c
