/* cli/figures/figures_front.h — the figures of a run with several objectives: the final fronts with
 * the true front, and the hypervolume over the run. */
#ifndef GA_CLI_FIGURES_FIGURES_FRONT_H
#define GA_CLI_FIGURES_FIGURES_FRONT_H

#include <stdbool.h>

#include "cli/figures/figures.h"

/* What the figures of a run with objectives are drawn from: the paths of
 * its front.csv (the header names the objectives) and generations.csv
 * (its last row says whether the hypervolume share is known), and whether
 * the folder has true-front.csv. */
struct figures_front_input {
    const char *front, *generations;
    bool true_front;
};
/* Whether the front.csv at path has several objectives (m >= 2): a run
 * whose figures are front and hypervolume; false when it has one (its
 * fitness is the objective: the fitness figure) or cannot be read. */
bool figures_front_several(const char *front);
/* front.gp and hypervolume.gp (figures_run_open's with objectives). */
struct app_file;
bool figures_front_open(const char *dir, const struct figures_setup *s, const struct figures_front_input *in,
                        struct app_file *scripts);

#endif
