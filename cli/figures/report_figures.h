/* cli/figures/report_figures.h — a sweep's figures: their data files and gnuplot scripts, queued to the gnuplots. */
#ifndef GA_CLI_FIGURES_REPORT_FIGURES_H
#define GA_CLI_FIGURES_REPORT_FIGURES_H

#include <stdbool.h>

#include "cli/figures/gnuplots.h"
#include "cli/stats/report_data.h"

/* The sweep's figures: their scripts written, their drawing queued to 'plot'.
 * Those that do not read budget.dat go first, the longest (the runs'
 * boxes) at their head, so that the gnuplots draw while budget.dat is
 * computed. */
bool report_figures(const char *root, const struct report *r, struct gnuplots *plot);

#endif
