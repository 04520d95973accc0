# problems/problems.mk — the built-in problems: one line per folder, in alphabetical order.
# Each problems/NAME/local.mk appends (+=) to four variables that Makefile.am sets first:
#   gaexp_problems                 the problems it registers: id of each const struct ga_problem ga_problem_<id>
#   gaexp_problem_sources          its GA modules and exact solvers, compiled into libgaexp
#   gaexp_problem_commands         the commands it offers: id of each const struct app_command <id>
#   gaexp_problem_command_sources  their files (cmd_*.c): the program's, never linked into libgaexp
# make writes problems/problems.def (the ids sorted) and problems/commands.def (in this
# file's order, then each local.mk's) from them; adding a problem is its folder, its
# local.mk and one line here.
include problems/animals/local.mk
include problems/bbob/local.mk
include problems/derful/local.mk
include problems/fortythieves/local.mk
include problems/functions/local.mk
include problems/mo/local.mk
include problems/onemax/local.mk
include problems/pbo/local.mk
include problems/sched/local.mk
include problems/t24/local.mk
include problems/tsp/local.mk
