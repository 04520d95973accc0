# problems/derful/local.mk — 31-derful (derful), its enumeration, count and exact baseline, and 'gaexp solve derful'.
gaexp_problems += derful
gaexp_problem_sources += problems/derful/derful.c problems/derful/derful.h problems/derful/derful_enum.c problems/derful/derful_enum.h \
	problems/derful/derful_count.c problems/derful/derful_count.h \
	problems/derful/derful_exact.c problems/derful/derful_exact.h
gaexp_problem_commands += derful_cmd_solve
gaexp_problem_command_sources += problems/derful/cmd_solve.c
