/* cli/figures/gnuplots.h — figures drawn by N gnuplots side by side. */
#ifndef GA_CLI_FIGURES_GNUPLOTS_H
#define GA_CLI_FIGURES_GNUPLOTS_H

#include <stdbool.h>

/* Figures drawn by N gnuplots side by side, each reading its scripts from
 * a pipe: one start-up serves many figures, and a sweep queues a point's
 * figure as soon as its folder is written, while other runs go on. */
struct gnuplots;

/* The most gnuplots one struct gnuplots starts. */
#define GNUPLOTS_MAX 64

/* Starts min(procs, GNUPLOTS_MAX) gnuplots (at least one); NULL when gnuplot is
 * missing (a notice unless quiet) or out of memory (a message).  SIGPIPE
 * is ignored until gnuplots_end. */
struct gnuplots *gnuplots_start(unsigned procs, bool quiet);

/* Queues dir/script, drawn in folder dir from a fresh session by the next
 * gnuplot in turn into dir/figure (its output, OUTPUT_FIGURE_VARIABLE):
 * under a temporary name, checked whole, then renamed into place.  NULL:
 * nothing is drawn. */
void gnuplots_add(struct gnuplots *p, const char *dir, const char *script, const char *figure);

/* Waits until every figure queued is drawn, makes them durable, and frees
 * p; false when a figure could not be drawn whole or a gnuplot failed,
 * after one message ending with 'remedy' (NULL: none), what the user can
 * do.  NULL does nothing (true). */
bool gnuplots_end(struct gnuplots *p, const char *remedy);

#endif
