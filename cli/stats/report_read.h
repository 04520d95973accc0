/* cli/stats/report_read.h — a sweep or run folder read into struct report: index.csv and each summary.csv, checked. */
#ifndef GA_CLI_STATS_REPORT_READ_H
#define GA_CLI_STATS_REPORT_READ_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/stats/report_data.h"

/* The points of a sweep folder (index.csv), or a run folder as one point,
 * with every point's replicates from its summary.csv; false after a
 * message, bad content setting r->bad_input.  report_free frees it, also
 * after false. */
bool report_load(const char *root, struct report *r);

/* Frees what report_load and report_compute allocated (not r itself). */
void report_free(struct report *r);

/* A point's folder ("p001"; "." for a run folder). */
const char *report_dir(const struct report *r, const struct report_point *p);

/* A point's value of swept setting a. */
const char *report_value(const struct report *r, const struct report_point *p, size_t a);

/* dir/sub/name opened for reading; NULL when it cannot be. */
FILE *report_open(const char *dir, const char *sub, const char *name);

#endif
