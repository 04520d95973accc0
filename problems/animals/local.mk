# problems/animals/local.mk — the animal placement puzzle (animals) and its level design (animals_level).
gaexp_problems += animals animals_level
gaexp_problem_sources += problems/animals/animals.c problems/animals/animals_puzzle.c problems/animals/animals_puzzle.h \
	problems/animals/animals_solve.c problems/animals/animals_solve.h \
	problems/animals/animals_design.c problems/animals/animals_design.h problems/animals/animals_level.c
gaexp_problem_commands += animals_cmd_solve animals_cmd_design
gaexp_problem_command_sources += problems/animals/cmd_solve.c problems/animals/cmd_design.c
