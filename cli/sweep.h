/* cli/sweep.h — what 'gaexp sweep', 'gaexp report' and 'gaexp plot' share. */
#ifndef GA_CLI_SWEEP_H
#define GA_CLI_SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <libconfig.h>

struct sweep;

/* A swept value as index.csv shows it (a list: its items, space separated). */
void sweep_value_text(const config_setting_t *v, char *buf, size_t size);

/* After the runs: reads index.csv and every point's summary.csv and
 * curves.csv under 'root', writes sweep.csv and the figures (curves, and a
 * heatmap for two swept settings).  False after printing why. */
bool sweep_finish(const char *root, bool quiet);

#endif
