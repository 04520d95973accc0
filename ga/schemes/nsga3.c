/* ga/schemes/nsga3.c — scheme "nsga3", NSGA-III: lambda children, then the best N of all by front under constrained domination and niching on Das-Dennis reference directions (ga/nsga3.c). */
#include "ga/schemes/brood.h"

#include <stdlib.h>

#include "ga/nsga3.h"
#include "ga/run_mo.h"

/* Its settings: the reference directions are Das and Dennis's points of
 * H = divisions on the simplex (0: the largest H with at most N of them),
 * and with inner >= 1 an inner layer of that H (Deb and Jain's two
 * layers, for many objectives). */
enum { NSGA3_DIVISIONS, NSGA3_INNER };
/* The stream of island k's survival: past every breeding block of the generation. */
#define NSGA3_SURVIVAL_STREAM ((uint64_t)1 << 48)

/* Its state in the run: the directions (ndirs rows of m) and the niching's scratch. */
struct nsga3_run {
    struct nsga3 *nsga3;
    double *directions;
    size_t ndirs;
};

static bool nsga3_scheme_read(struct ga_cfg *cfg, config_setting_t *v, struct ga_params *p)
{
    long long divisions = 0, inner = 0;
    bool ok = brood_read_lambda(cfg, v, (long long)p->population, p);
    ok &= !v || ga_cfg_int(cfg, v, "divisions", 0, 0, 1000, &divisions);
    ok &= !v || ga_cfg_int(cfg, v, "inner", 0, 0, 1000, &inner);
    p->scheme_settings[NSGA3_DIVISIONS] = (double)divisions;
    p->scheme_settings[NSGA3_INNER] = (double)inner;
    return ok;
}

static bool nsga3_scheme_check(const struct ga_params *p, struct params_fault *f)
{
    return brood_check_lambda(p, "ga.scheme", f) && brood_check_front_population(p, "NSGA-III", f);
}

static bool nsga3_scheme_check_objectives(const struct ga_params *p, const char *problem, size_t m, size_t k,
                                          struct params_fault *f)
{
    size_t divisions = (size_t)p->scheme_settings[NSGA3_DIVISIONS], inner = (size_t)p->scheme_settings[NSGA3_INNER];
    if (m < 2)
        return params_broken(f, "ga.scheme.name", "NSGA-III's reference directions need 2 or more objectives; "
                                                  "'%s' has 1 (\"nsga2\" or a single-objective scheme serves it)",
                             problem);
    if (!nsga3_directions_count(m, divisions ? divisions : 1, inner))
        return params_broken(f, "ga.scheme.nsga3.divisions", "%zu divisions and %zu inner ones make too many "
                                                             "directions for %zu objectives",
                             divisions, inner, m);
    return brood_check_domination(p, "NSGA-III", k, f);
}

/* The directions (the largest H giving at most N of them, unless
 * ga.scheme.nsga3.divisions says) and the niching's scratch. */
static bool nsga3_scheme_alloc(struct ga_run *run)
{
    const struct ga_params *pa = &run->params;
    const struct run_mo *mo = run->mo;
    size_t divisions = (size_t)pa->scheme_settings[NSGA3_DIVISIONS], inner = (size_t)pa->scheme_settings[NSGA3_INNER];
    size_t h = divisions;
    while (!divisions && nsga3_directions_count(mo->m, h + 1, 0) &&
           nsga3_directions_count(mo->m, h + 1, 0) <= pa->population)
        h++;
    struct nsga3_run *s = calloc(1, sizeof *s);
    if (!(run->scheme_state = s))
        return false;
    s->ndirs = nsga3_directions_count(mo->m, h ? h : 1, inner);
    return s->ndirs && (s->directions = malloc(s->ndirs * mo->m * sizeof *s->directions)) &&
           nsga3_directions(mo->m, h ? h : 1, inner, s->directions) == s->ndirs &&
           (s->nsga3 = nsga3_alloc(mo->cap, mo->m, s->ndirs));
}

static void nsga3_scheme_release(struct ga_run *run)
{
    struct nsga3_run *s = run->scheme_state;
    if (!s)
        return;
    nsga3_free(s->nsga3);
    free(s->directions);
    free(s);
}

/* Island k's next population: the chosen of its pool by front and
 * niching (its draws from r), in their pool order, keyed by their front. */
static void nsga3_survive(struct ga_run *run, size_t k, gsl_rng *r)
{
    const struct nsga3_run *s = run->scheme_state;
    struct run_mo *mo = run->mo;
    size_t n = run->params.population, pool = n + run->params.lambda;
    if (!run_mo_pool(run, k))
        return;
    run_mo_fronts(mo, mo->violation, pool, mo->level);
    size_t *chosen = mo->members; /* run_mo_fronts is done with it */
    if (!nsga3_select(s->nsga3, mo->points, pool, mo->rank, n, s->directions, s->ndirs, r, chosen))
        for (size_t i = 0; i < n; i++) /* arguments it refuses (none the run makes): the parents stay */
            chosen[i] = i;
    for (size_t i = 0; i < n; i++)
        run_mo_keep(run, k, i, chosen[i], (double)mo->rank[chosen[i]]);
}

static unsigned long long nsga3_scheme_generation(struct ga_run *run, size_t first, size_t last)
{
    unsigned long long evaluations = brood_breed(run, first, last);
    brood_scan(run, first, last);
    for (size_t k = first; k < last; k++)
        nsga3_survive(run, k, run_stream(run, run->generation + 1, NSGA3_SURVIVAL_STREAM + k));
    return evaluations;
}

const struct ga_scheme ga_scheme_nsga3 = {
    .name = "nsga3",
    .summary = "NSGA-III: lambda children (N by default), then the best N of all by front (constrained domination) "
               "and niching on Das-Dennis reference directions",
    .flags = SCHEME_KEYED | SCHEME_FRONT_KEY,
    .settings = {"divisions", "inner"},
    .read = nsga3_scheme_read,
    .check = nsga3_scheme_check,
    .check_objectives = nsga3_scheme_check_objectives,
    .children = brood_lambda,
    .brood = brood_lambda,
    .survivor_keys = true,
    .alloc = nsga3_scheme_alloc,
    .release = nsga3_scheme_release,
    .generation = nsga3_scheme_generation,
};
