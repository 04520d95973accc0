# problems/fortythieves/local.mk — Forty Thieves AutoStart (fortythieves), its deals and exact solver, 'gaexp solve fortythieves' and 'gaexp deal'.
gaexp_problems += fortythieves
gaexp_problem_sources += problems/fortythieves/fortythieves.c problems/fortythieves/fortythieves_deal.c problems/fortythieves/fortythieves_deal.h \
	problems/fortythieves/fortythieves_solve.c problems/fortythieves/fortythieves_solve.h
gaexp_problem_commands += fortythieves_cmd_solve fortythieves_cmd_deal
gaexp_problem_command_sources += problems/fortythieves/cmd_solve.c problems/fortythieves/cmd_deal.c
