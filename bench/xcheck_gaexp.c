/* bench/xcheck_gaexp.c — gaexp's side of the crossover cross-check: the operator configs/bench-derful.cfg selects, on given parents and rows. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gaexp/experiment.h"
#include "gaexp/rng.h"
#include "operators/registry.h"
#include "problems/registry.h"

/* A scripted generator: every draw returns 'word', and 'draws' counts them.
 * The crossover's row is the one ga_rng_below(r, n) makes of that word, so
 * the harness sets the word for the row it wants and checks that exactly one
 * draw was made. */
struct xcheck_script {
    uint32_t word;
    unsigned long draws;
};

static void xcheck_script_set(void *state, unsigned long seed)
{
    struct xcheck_script *s = state;
    s->word = (uint32_t)seed;
    s->draws = 0;
}

static unsigned long xcheck_script_get(void *state)
{
    struct xcheck_script *s = state;
    s->draws++;
    return s->word;
}

static double xcheck_script_get_double(void *state)
{
    return (double)xcheck_script_get(state) / 4294967296.0;
}

static const gsl_rng_type xcheck_script_type = {
    "xcheck-script", 0xffffffffUL, 0, sizeof(struct xcheck_script),
    xcheck_script_set, xcheck_script_get, xcheck_script_get_double,
};

static void xcheck_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "xcheck_gaexp: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

/* The parameters of the benchmark GA for 31-derful (../shared/spec/benchmark.md (B)):
 * a config that drifted from them fails here, before any timing. */
static void xcheck_params(const struct ga_experiment *e)
{
    const struct ga_params *p = &e->params;
    double elite = 0;
    if (strcmp(e->problem->name, "derful") != 0 || strcmp(p->crossover->name, "rowswap") != 0 ||
        strcmp(p->mutation->name, "replace") != 0 || p->crossover_rate != 0.6 ||
        p->mutation_rate != 0.01 || p->mutation_unit != GA_PER_INDIVIDUAL || p->select.tournament != 2 ||
        (p->selection && strcmp(p->selection->name, "tournament") != 0) ||
        strcmp(ga_scheme_name(p->scheme), "generational") != 0 || !ga_scheme_setting(p, "elite", &elite) ||
        elite != 1 || !p->evaluate_all || (p->stop_at_target && p->stop_fitness >= 0))
        xcheck_fail("the config does not select the benchmark GA (derful, rowswap 0.6, replace 0.01 "
                    "per individual, tournament 2, elite 1, evaluate_all, no fitness stop)");
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: xcheck_gaexp configs/bench-derful.cfg CASES\n"
                        "Crosses every case \"r a0..a24 b0..b24\" of CASES with the crossover the\n"
                        "config selects and prints \"c1[25] c2[25] fitness1 fitness2\".\n");
        return 2;
    }
    static const struct ga_catalog catalog = {ga_problems, ga_crossovers, ga_mutations, ga_selections};
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    bool loaded = cfg && ga_cfg_load(cfg, argv[1]);
    if (loaded) /* gaexp's own group: where the program writes, not what the library reads */
        config_setting_remove(ga_cfg_root(cfg), "output");
    struct ga_experiment *e = loaded ? ga_experiment_alloc(cfg, &catalog, 1, NULL) : NULL;
    if (!e) {
        for (size_t i = 0; i < diag.count; i++) {
            char line[1400];
            ga_diag_format(&diag.entries[i], line, sizeof line);
            fprintf(stderr, "xcheck_gaexp: %s\n", line);
        }
        xcheck_fail("cannot read %s", argv[1]);
    }
    xcheck_params(e);
    struct ga_genome gen = ga_problem_genome(e->problem, e->state);
    if (gen.len != 25)
        xcheck_fail("expected a 5x5 grid, the config gives %zu genes", gen.len);
    const struct ga_crossover *cross = e->params.crossover;

    gsl_rng *r = gsl_rng_alloc(&xcheck_script_type);
    FILE *in = fopen(argv[2], "r");
    if (!r || !in)
        xcheck_fail("cannot open %s", argv[2]);
    struct xcheck_script *script = r->state;
    int row;
    unsigned long cases = 0;
    while (fscanf(in, "%d", &row) == 1) {
        ga_gene a[25], b[25], c1[25], c2[25];
        for (int k = 0; k < 50; k++) {
            int v;
            if (fscanf(in, "%d", &v) != 1 || v < 0 || v > 51)
                xcheck_fail("%s: case %lu is malformed", argv[2], cases + 1);
            (k < 25 ? a : b)[k % 25] = (ga_gene)v;
        }
        if (row < 0 || row > 4 || !e->problem->valid(&gen, a) || !e->problem->valid(&gen, b))
            xcheck_fail("%s: case %lu is not a valid pair of grids and a row", argv[2], cases + 1);
        /* The word in the middle of row's share of [0, 2^32): ga_rng_below(r, 5) gives row. */
        gsl_rng_set(r, (unsigned long)((((uint64_t)row << 32) + (1ULL << 31)) / 5));
        if (ga_rng_below(r, 5) != (unsigned long)row)
            xcheck_fail("the scripted word does not give row %d", row);
        script->draws = 0;
        cross->apply(&gen, r, a, b, c1, c2);
        if (script->draws != 1)
            xcheck_fail("%s drew %lu numbers for one crossover; the harness scripts exactly one (the row)",
                        cross->name, script->draws);
        for (int i = 0; i < 25; i++)
            printf("%d ", c1[i]);
        for (int i = 0; i < 25; i++)
            printf("%d ", c2[i]);
        printf("%.0f %.0f\n", e->problem->evaluate(&gen, c1), e->problem->evaluate(&gen, c2));
        cases++;
    }
    fclose(in);
    gsl_rng_free(r);
    ga_experiment_free(e);
    ga_cfg_free(cfg);
    if (cases == 0)
        xcheck_fail("%s holds no cases", argv[2]);
    return 0;
}
