# problems/sched/local.mk — jobs on unrelated machines (sched), its exact baseline and 'gaexp solve sched'.
gaexp_problems += sched
gaexp_problem_sources += problems/sched/sched.c problems/sched/sched.h problems/sched/sched_solve.c
gaexp_problem_commands += sched_cmd_solve
gaexp_problem_command_sources += problems/sched/cmd_solve.c
