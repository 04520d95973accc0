/* cli/stats/report_rank.h — each point's statistics (success, ERT, final best) and the ranking of the points. */
#ifndef GA_CLI_STATS_REPORT_RANK_H
#define GA_CLI_STATS_REPORT_RANK_H

#include <stdbool.h>

#include "cli/stats/report_data.h"

/* Each point's success rate, evaluations to a solution, ERT with its
 * bootstrap interval and final best fitness, then the ranking (r->order,
 * r->best) and each point's test against the best; false on failure. */
bool report_compute(struct report *r);

/* The order of the ranking before significance: a lower ERT, then a
 * higher success rate, then (with objectives) a higher mean final
 * hypervolume, then a lower mean final best fitness.  Points
 * neither before the other tie. */
bool report_before(const struct report_point *a, const struct report_point *b);

/* The compared measure of a point's replicates, lower is better:
 * evaluations to a solution (unsolved counting worse than any), else the
 * final hypervolume negated (by_hv), else the final best fitness. */
const double *report_measure(const struct report *r, const struct report_point *p);
/* Its name in sweep.csv's column 'compared'. */
const char *report_measure_name(const struct report *r);

/* The share of a point's replicates that solved. */
double report_share(const struct report_point *p);

#endif
