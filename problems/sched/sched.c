/* problems/sched/sched.c — jobs on unrelated machines: a composite genome of a job order and each job's machine. */
#include <string.h>

#include "gaexp/cfg.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"
#include "problems/sched/sched.h"

/* The instance, and its genome's two parts: 'order' (a permutation of the
 * jobs: the order in which each machine takes its jobs) and 'machine' (an
 * integer per job: the machine it runs on). */
enum { SCHED_ORDER, SCHED_MACHINE, SCHED_PARTS };
struct sched {
    struct sched_instance s;
    struct ga_problem_part parts[SCHED_PARTS];
    size_t offsets[SCHED_PARTS];
};

void sched_instance_make(struct sched_instance *s, size_t jobs, size_t machines, uint64_t instance)
{
    memset(s, 0, sizeof *s);
    s->jobs = jobs;
    s->machines = machines;
    for (size_t j = 0; j < jobs; j++) {
        for (size_t i = 0; i < machines; i++)
            s->time[j][i] = 1 + (unsigned)(ga_rng_stream_seed(instance, j + 1, i) % SCHED_MAX_TIME);
        s->weight[j] = 1 + (unsigned)(ga_rng_stream_seed(instance, j + 1, SCHED_MAX_MACHINES) % SCHED_MAX_WEIGHT);
    }
}

uint64_t sched_cost(const struct sched_instance *s, const uint16_t *order, const uint16_t *machine)
{
    uint64_t clock[SCHED_MAX_MACHINES] = {0}, total = 0;
    for (size_t k = 0; k < s->jobs; k++) {
        size_t j = order[k], i = machine[j];
        clock[i] += s->time[j][i];
        total += s->weight[j] * clock[i];
    }
    return total;
}

static bool sched_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct sched *sc = state;
    long long jobs, machines, instance;
    bool ok = ga_cfg_int(cfg, group, "jobs", 8, 2, SCHED_MAX_JOBS, &jobs);
    ok &= ga_cfg_int(cfg, group, "machines", 3, 1, SCHED_MAX_MACHINES, &machines);
    ok &= ga_cfg_int(cfg, group, "instance", 1, 0, 0x7fffffffffffffffLL, &instance);
    if (!ok)
        return false;
    sched_instance_make(&sc->s, (size_t)jobs, (size_t)machines, (uint64_t)instance);
    sc->parts[SCHED_ORDER] = (struct ga_problem_part){
        "order", GA_KIND_PERM, (size_t)jobs, (unsigned)jobs, NULL, NULL, {"ox", 1.0, "swap", 0.5, GA_PER_INDIVIDUAL}};
    sc->parts[SCHED_MACHINE] = (struct ga_problem_part){
        "machine", GA_KIND_INTS, (size_t)jobs, (unsigned)machines, NULL, NULL, {"uniform", 1.0, "reset", 0.1, GA_PER_GENE}};
    ga_parts_layout(sc->parts, SCHED_PARTS, sc->offsets, NULL);
    return true;
}

static size_t sched_parts_list(const void *state, const struct ga_problem_part **parts)
{
    const struct sched *sc = state;
    *parts = sc->parts;
    return SCHED_PARTS;
}

static void sched_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct sched *sc = state;
    *len = ga_parts_layout(sc->parts, SCHED_PARTS, NULL, alphabet);
}

static void sched_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    const struct sched *sc = gen->state;
    ga_gene *order = g + sc->offsets[SCHED_ORDER], *machine = g + sc->offsets[SCHED_MACHINE];
    memset(g, 0, gen->len * sizeof *g); /* the genes between the parts are 0 */
    for (size_t j = 0; j < sc->s.jobs; j++)
        order[j] = (ga_gene)j;
    ga_rng_shuffle(r, order, sc->s.jobs);
    for (size_t j = 0; j < sc->s.jobs; j++)
        machine[j] = (ga_gene)ga_rng_below(r, sc->s.machines);
}

static double sched_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    const struct sched *sc = gen->state;
    return (double)sched_cost(&sc->s, g + sc->offsets[SCHED_ORDER], g + sc->offsets[SCHED_MACHINE]);
}

static bool sched_valid(const struct ga_genome *gen, const ga_gene *g)
{
    const struct sched *sc = gen->state;
    size_t n = sc->s.jobs;
    const ga_gene *order = g + sc->offsets[SCHED_ORDER], *machine = g + sc->offsets[SCHED_MACHINE];
    bool seen[SCHED_MAX_JOBS] = {false};
    for (size_t j = 0; j < n; j++) {
        if (order[j] >= n || seen[order[j]] || machine[j] >= sc->s.machines)
            return false;
        seen[order[j]] = true;
    }
    for (size_t k = n; k < sc->offsets[SCHED_MACHINE]; k++) /* the genes between the parts */
        if (g[k] != 0)
            return false;
    return true;
}

/* Each machine's jobs in the order it runs them (jobs numbered from 1). */
static void sched_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    const struct sched *sc = gen->state;
    const ga_gene *order = g + sc->offsets[SCHED_ORDER], *machine = g + sc->offsets[SCHED_MACHINE];
    for (size_t i = 0; i < sc->s.machines; i++) {
        fprintf(out, "machine %zu:", i + 1);
        for (size_t k = 0; k < sc->s.jobs; k++)
            if (machine[order[k]] == i)
                fprintf(out, " %u", order[k] + 1u);
        fputc('\n', out);
    }
    fprintf(out, "total weighted completion time: %.0f\n", sched_evaluate(gen, g));
}

static const struct ga_problem_variation sched_variation = {
    .defaults = {"parts", 0.9, "parts", 1.0, GA_PER_INDIVIDUAL},
};
static const struct ga_problem_genome sched_genome = {.parts = sched_parts_list};
const struct ga_problem ga_problem_sched = {
    .name = "sched",
    .summary = "jobs on unrelated machines, minimum total weighted completion time (a job order and each job's machine)",
    .kind = GA_KIND_COMPOSITE,
    .state_size = sizeof(struct sched),
    .configure = sched_configure,
    .shape = sched_shape,
    .init = sched_init,
    .evaluate = sched_evaluate,
    .valid = sched_valid,
    .print = sched_print,
    .variation = &sched_variation,
    .genome = &sched_genome,
};
