/* examples/queens/main.c — a program of one's own driving gaexp's run loop on N-Queens: queens [N] [SEED]. */
#include <stdio.h>
#include <stdlib.h>

#include <gaexp/gaexp.h>

#include "queens.h"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 8;
    unsigned long seed = argc > 2 ? strtoul(argv[2], NULL, 10) : 1;
    char text[256];
    snprintf(text, sizeof text, "problem = { name = \"queens\"; n = %d; };\n"
             "ga = { population = 400; selection = { tournament = { size = 5; }; }; stop = { generations = 5000; }; };\n", n);

    /* The catalogue: gaexp's built-in operators (ox, swap) plus our problem. */
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_registry *reg = ga_registry_alloc();
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    struct ga_experiment *e = NULL;
    struct ga_run *run = NULL;
    int status = 1;
    if (!reg || !cfg || ga_registry_add_catalog(reg, ga_builtins()) != GA_OK || queens_register(reg) != GA_OK)
        goto done;
    /* The settings are read and checked as gaexp checks an experiment file. */
    if (!ga_cfg_load_string(cfg, "queens", text) ||
        !(e = ga_experiment_alloc(cfg, ga_registry_catalog(reg), seed, NULL)) ||
        !(run = ga_run_alloc(e->problem, e->state, &e->params, &diag))) {
        char line[2048];
        for (size_t i = 0; i < diag.count; i++) {
            ga_diag_format(&diag.entries[i], line, sizeof line);
            fprintf(stderr, "queens: %s\n", line);
        }
        status = 2;
        goto done;
    }

    ga_run_init(run, e->seed);
    enum ga_stop why;
    while ((why = ga_run_iterate(run)) == GA_CONTINUE) {
        const struct ga_stats *s = ga_run_stats(run);
        if (s->generation % 100 == 0)
            printf("generation %5lu  best %3.0f  mean %6.2f\n", s->generation, s->best, s->mean);
    }
    const struct ga_stats *s = ga_run_stats(run);
    printf("%d queens: %s after %lu generations (%s), %llu evaluations\n", n,
           s->best == GA_FITNESS_SOLVED ? "solved" : "not solved", s->generation, ga_stop_text(why),
           s->evaluations);
    e->problem->print(ga_run_genome(run), ga_run_best(run), stdout);
    status = s->best == GA_FITNESS_SOLVED ? 0 : 1;
done:
    ga_run_free(run);
    ga_experiment_free(e);
    ga_cfg_free(cfg);
    ga_registry_free(reg);
    return status;
}
