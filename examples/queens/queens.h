/* examples/queens/queens.h — the N-Queens problem, for the plug-in and for a program of one's own. */
#ifndef QUEENS_H
#define QUEENS_H

#include <gaexp/gaexp.h>

extern const struct ga_problem queens_problem;
/* Adds queens_problem to reg: GA_OK or a gaexp status. */
int queens_register(struct ga_registry *reg);

#endif
