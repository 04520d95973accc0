/* cli/stats/report_table.h — the ranking as tables: sweep.csv, and what 'gaexp report' prints. */
#ifndef GA_CLI_STATS_REPORT_TABLE_H
#define GA_CLI_STATS_REPORT_TABLE_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/stats/report_data.h"

/* Writes root/sweep.csv: a row per point, its statistics and its rank. */
bool report_write_csv(const char *root, const struct report *r);

/* The points ranked, best first, one per line, then the rule that ranked them. */
void report_print(const struct report *r, FILE *out);

/* A run folder: its replicates one per line, then what they add up to. */
void report_print_run(const struct report *r, FILE *out);

#endif
