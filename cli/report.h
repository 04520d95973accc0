/* cli/report.h — a sweep's comparison, written when its runs are done ('gaexp sweep', 'gaexp report'). */
#ifndef GA_CLI_REPORT_H
#define GA_CLI_REPORT_H

#include <stdbool.h>

struct gnuplots;

/* After the runs: reads index.csv and every point's summary.csv and
 * curves.csv under 'root', writes sweep.csv and the figures' scripts
 * (curves, and a heatmap for two swept settings), whose drawing it queues
 * to 'plot' (NULL: not drawn).  False after printing why. */
bool report_sweep(const char *root, struct gnuplots *plot, bool quiet);

#endif
