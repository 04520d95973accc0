/* ga/run_mo.c — a run with several objectives or constraints: the records beside the genes, the keys and the pool a survival ranks, constraint handling (Deb, penalty, epsilon level), the statistics. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "gaexp/indicator.h"
#include "gaexp/pareto.h"
#include "gaexp/problem.h"
#include "ga/order.h"
#include "ga/run_mo.h"
#include "ga/schemes/schemes.h"

bool run_mo_setup(struct ga_run *run, struct ga_diag *d)
{
    const struct ga_problem *p = run->problem;
    const struct ga_problem_objectives *o = ga_problem_objectives(p);
    run->copy = run->gen.len;
    run->evaluate = p->evaluate;
    if (!o)
        return true;
    size_t m = 0, k = 0; /* within range: params_check_objectives */
    o->count(run->gen.state, &m, &k);
    struct run_mo *mo = calloc(1, sizeof *mo);
    if (!mo) {
        ga_diag_add(d, "", 0, p->name, "out of memory");
        return false;
    }
    run->mo = mo;
    mo->m = m;
    mo->k = k;
    mo->at = (run->gen.len + GA_GENES_PER_REAL - 1) / GA_GENES_PER_REAL * GA_GENES_PER_REAL;
    run->copy = mo->at + (m + 1) * GA_GENES_PER_REAL;
    run->evaluate = run_mo_evaluate;
    const struct ga_params *pa = &run->params;
    mo->keyed = (run->scheme->flags & SCHEME_KEYED) != 0;
    mo->front_key = (run->scheme->flags & SCHEME_FRONT_KEY) != 0;
    mo->handling = k ? pa->constraints : GA_CONSTRAINTS_DEB;
    mo->weight = pa->penalty_weight;
    mo->level = mo->level0 = mo->handling == GA_CONSTRAINTS_EPSILON ? INFINITY : 0; /* until generation 0 gives it */
    if (pa->mo_reference_count) {
        memcpy(mo->reference, pa->mo_reference, m * sizeof *mo->reference);
        mo->has_reference = true;
    } else if (o->reference) {
        mo->has_reference = o->reference(run->gen.state, mo->reference);
    }
    double front_hv = NAN;
    if (o->front)
        mo->front_n = o->front(run->gen.state, &mo->front, &front_hv);
    if (!mo->front_n)
        mo->front = NULL;
    /* the true front's hypervolume is for the problem's own reference point */
    mo->front_hv = pa->mo_reference_count ? NAN : front_hv;
    size_t brood = mo->keyed ? pa->lambda : 0;
    mo->cap = run->total > pa->population + brood ? run->total : pa->population + brood;
    size_t cap = mo->cap;
    if (!(mo->pareto = ga_pareto_alloc(cap, m)) || !(mo->points = malloc(cap * m * sizeof *mo->points)) ||
        !(mo->packed = malloc(cap * m * sizeof *mo->packed)) ||
        !(mo->crowd = malloc(cap * sizeof *mo->crowd)) || !(mo->violation = malloc(cap * sizeof *mo->violation)) ||
        !(mo->value = malloc(cap * sizeof *mo->value)) ||
        !(mo->rank = malloc(cap * sizeof *mo->rank)) || !(mo->members = malloc(cap * sizeof *mo->members)) ||
        !(mo->order = malloc(cap * sizeof *mo->order))) {
        ga_diag_add(d, "", 0, p->name, "out of memory");
        return false;
    }
    return true;
}

void run_mo_free(struct run_mo *mo)
{
    if (!mo)
        return;
    ga_pareto_free(mo->pareto);
    free(mo->points);
    free(mo->packed);
    free(mo->crowd);
    free(mo->violation);
    free(mo->value);
    free(mo->rank);
    free(mo->members);
    free(mo->order);
    free(mo);
}

/* A single-objective scheme's fitness of objective f and total violation v. */
static double run_mo_fitness(const struct run_mo *mo, double f, double v)
{
    if (mo->handling == GA_CONSTRAINTS_PENALTY)
        return f + mo->weight * v;
    return v <= mo->level ? f : GA_INFEASIBLE * (1 + v);
}

double run_mo_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    const struct ga_run *run = (const struct ga_run *)(const void *)((const char *)gen - offsetof(struct ga_run, gen));
    const struct run_mo *mo = run->mo;
    double v[GA_CONSTRAINTS_MAX];
    /* The record is the slot's own, after the genes the hooks see: the
     * slot is the child's being made, writable, though hooks get it const. */
    double *record = run_mo_record(mo, g);
    ga_problem_objectives(run->problem)->evaluate(gen, g, record, v);
    bool finite = true;
    double total = 0;
    for (size_t j = 0; j < mo->m; j++)
        finite &= isfinite(record[j]);
    for (size_t j = 0; j < mo->k; j++) {
        finite &= isfinite(v[j]);
        total += v[j] > 0 ? v[j] : 0;
    }
    record[mo->m] = total;
    if (!finite)
        return NAN;
    return mo->keyed ? 0.0 : run_mo_fitness(mo, record[0], total); /* the key the scheme's survival gives */
}

/* The fronts of the n records in mo->points (m columns) and violation[],
 * constrained domination: those of total violation up to 'level' (0, or
 * the epsilon level) ranked by Pareto dominance, then each distinct total
 * violation its own front, the smaller first.  Fills mo->rank and returns
 * the number of fronts. */
size_t run_mo_fronts(struct run_mo *mo, const double *violation, size_t n, double level)
{
    size_t feasible = 0, fronts = 0;
    for (size_t i = 0; i < n; i++)
        if (violation[i] <= level)
            mo->order[feasible++] = i;
    if (feasible) { /* the feasible rows, packed, ranked, their ranks put back */
        for (size_t a = 0; a < feasible; a++)
            memcpy(mo->packed + a * mo->m, mo->points + mo->order[a] * mo->m, mo->m * sizeof *mo->points);
        fronts = ga_pareto_rank(mo->pareto, mo->packed, feasible, mo->members);
        for (size_t a = 0; a < feasible; a++)
            mo->rank[mo->order[a]] = mo->members[a];
    }
    size_t infeasible = 0;
    for (size_t i = 0; i < n; i++)
        if (violation[i] > level)
            mo->order[infeasible++] = i;
    /* by violation, ties in index order (a stable sort of ascending indices) */
    struct ga_order_rows by = {violation, 1, 0};
    ga_order_sort(mo->order, infeasible, mo->members, ga_order_column_up, &by);
    for (size_t a = 0; a < infeasible; a++) {
        if (a == 0 || violation[mo->order[a]] != violation[mo->order[a - 1]])
            fronts++;
        mo->rank[mo->order[a]] = fronts - 1;
    }
    return fronts;
}

/* Row i of the pool: the record in slot g.  False when it is not finite. */
static bool run_mo_gather(struct run_mo *mo, size_t i, const ga_gene *g)
{
    const double *record = run_mo_record(mo, g);
    bool finite = isfinite(record[mo->m]);
    for (size_t j = 0; j < mo->m; j++) {
        mo->points[i * mo->m + j] = record[j];
        finite &= isfinite(record[j]);
    }
    mo->violation[i] = record[mo->m];
    return finite;
}

/* The keys of the n gathered rows: each front's members (in index order)
 * get rank + 0.5 / (1 + their crowding distance within the front), so
 * that the lower rank wins and then the larger distance, as NSGA-II's
 * crowded comparison has it. */
void run_mo_keys(struct run_mo *mo, size_t n, double *key)
{
    size_t fronts = run_mo_fronts(mo, mo->violation, n, mo->level);
    if (mo->front_key) { /* the front alone (ties at random in a tournament: the first drawn) */
        for (size_t i = 0; i < n; i++)
            key[i] = (double)mo->rank[i];
        return;
    }
    /* the members of each front together, fronts in order, indices ascending: a counting sort */
    size_t *start = mo->order; /* fronts + 1 <= n + 1 counts: order[] is free again, and crowd[] holds the rest */
    memset(start, 0, (fronts + 1 < n ? fronts + 1 : n) * sizeof *start);
    if (fronts + 1 > n) { /* every row its own front (n fronts): each is a boundary */
        for (size_t i = 0; i < n; i++)
            key[i] = (double)mo->rank[i];
        return;
    }
    for (size_t i = 0; i < n; i++)
        start[mo->rank[i] + 1]++;
    for (size_t f = 1; f <= fronts; f++)
        start[f] += start[f - 1];
    for (size_t i = 0; i < n; i++)
        mo->members[start[mo->rank[i]]++] = i;
    for (size_t f = 0, first = 0; f < fronts; f++) { /* start[f] is now the end of front f */
        size_t end = start[f];
        ga_pareto_crowding(mo->pareto, mo->points, mo->members + first, end - first, mo->crowd);
        for (size_t a = first; a < end; a++)
            key[mo->members[a]] = (double)f + 0.5 / (1 + mo->crowd[a - first]);
        first = end;
    }
}

bool run_mo_key(struct ga_run *run, const ga_gene *genes, size_t n, double *fitness)
{
    struct run_mo *mo = run->mo;
    bool finite = true;
    for (size_t i = 0; i < n; i++)
        finite &= run_mo_gather(mo, i, genes + i * run->stride);
    if (finite)
        run_mo_keys(mo, n, fitness);
    return finite;
}

void run_mo_key_islands(struct ga_run *run)
{
    size_t n = run->params.population;
    if (!run->mo || !run->mo->keyed)
        return;
    for (size_t base = 0; base < run->total; base += n)
        run_mo_key(run, run->genes + base * run->stride, n, run->fitness + base);
}

/* Row i of island k's pool: a parent, then the brood. */
static const ga_gene *run_mo_pool_row(const struct ga_run *run, size_t k, size_t i)
{
    size_t n = run->params.population, lambda = run->params.lambda;
    return i < n ? run->genes + (k * n + i) * run->stride : run->brood + (k * lambda + i - n) * run->stride;
}

bool run_mo_pool(struct ga_run *run, size_t k)
{
    size_t n = run->params.population, pool = n + run->params.lambda;
    bool finite = true;
    for (size_t i = 0; i < pool; i++)
        finite &= run_mo_gather(run->mo, i, run_mo_pool_row(run, k, i));
    if (!finite) { /* a fault stops the run: the parents stay */
        memcpy(run->next_genes + k * n * run->stride, run->genes + k * n * run->stride,
               n * run->stride * sizeof *run->genes);
        memcpy(run->next_fitness + k * n, run->fitness + k * n, n * sizeof *run->fitness);
    }
    return finite;
}

void run_mo_keep(struct ga_run *run, size_t k, size_t s, size_t i, double f)
{
    size_t n = run->params.population;
    memcpy(run->next_genes + (k * n + s) * run->stride, run_mo_pool_row(run, k, i), run->copy * sizeof *run->genes);
    run->next_fitness[k * n + s] = f;
}

/* The population's feasible non-dominated rows (with 'distinct' each
 * point once, its first individual: quadratic, for the final front only;
 * the indicators do not mind repeats), packed into mo->packed; their
 * individuals in members[] (NULL: not wanted).  The population is
 * gathered first. */
static size_t run_mo_best_front(struct ga_run *run, size_t *members, bool distinct)
{
    struct run_mo *mo = run->mo;
    size_t n = run->total, count = 0;
    run_mo_fronts(mo, mo->violation, n, 0);
    for (size_t i = 0; i < n; i++) {
        if (mo->rank[i] != 0 || mo->violation[i] != 0)
            continue;
        const double *row = mo->points + i * mo->m;
        bool seen = false;
        for (size_t c = 0; distinct && c < count && !seen; c++)
            seen = memcmp(mo->packed + c * mo->m, row, mo->m * sizeof *row) == 0;
        if (seen)
            continue;
        memcpy(mo->packed + count * mo->m, row, mo->m * sizeof *row);
        if (members)
            members[count] = i;
        count++;
    }
    return count;
}

void run_mo_measure(struct ga_run *run)
{
    struct run_mo *mo = run->mo;
    struct ga_stats *s = &run->stats;
    size_t n = run->total, feasible = 0;
    double least = INFINITY;
    bool finite = true;
    for (size_t i = 0; i < n; i++) {
        finite &= run_mo_gather(mo, i, run->genes + i * run->stride);
        feasible += mo->violation[i] == 0;
        least = mo->violation[i] < least ? mo->violation[i] : least;
    }
    s->feasible = (double)feasible / (double)n;
    s->violation = mo->k ? least : NAN;
    s->hv = s->hv_share = s->igd = s->igd_plus = NAN;
    if (!finite || mo->m < 2)
        return;
    size_t front = run_mo_best_front(run, NULL, false);
    if (mo->has_reference)
        s->hv = ga_indicator_hv(mo->packed, front, mo->m, mo->reference);
    if (mo->has_reference && mo->front_hv > 0)
        s->hv_share = s->hv / mo->front_hv;
    if (mo->front) {
        s->igd = ga_indicator_igd(mo->packed, front, mo->front, mo->front_n, mo->m);
        s->igd_plus = ga_indicator_igd_plus(mo->packed, front, mo->front, mo->front_n, mo->m);
    }
}

size_t ga_run_objectives(const struct ga_run *run, size_t *constraints)
{
    if (constraints)
        *constraints = run->mo ? run->mo->k : 0;
    return run->mo ? run->mo->m : 0;
}

const double *ga_run_record(const struct ga_run *run, size_t i)
{
    return run->mo ? run_mo_record(run->mo, run->genes + i * run->stride) : NULL;
}

size_t ga_run_front(struct ga_run *run, size_t *members)
{
    struct run_mo *mo = run->mo;
    if (!mo)
        return 0;
    for (size_t i = 0; i < run->total; i++)
        if (!run_mo_gather(mo, i, run->genes + i * run->stride))
            return 0;
    return run_mo_best_front(run, members, true);
}

/* The single-objective schemes' fitness of the whole population, from the
 * records, at the current level. */
static void run_mo_refit(struct ga_run *run)
{
    struct run_mo *mo = run->mo;
    if (mo->keyed)
        return;
    for (size_t i = 0; i < run->total; i++) {
        const double *record = run_mo_record(mo, run->genes + i * run->stride);
        if (isfinite(run->fitness[i])) /* a fault's NaN stays for the check to see */
            run->fitness[i] = run_mo_fitness(mo, record[0], record[mo->m]);
    }
}

void run_mo_level_start(struct ga_run *run)
{
    struct run_mo *mo = run->mo;
    if (!mo || mo->handling != GA_CONSTRAINTS_EPSILON)
        return;
    size_t n = run->total, theta = (size_t)(run->params.epsilon_share * (double)n);
    for (size_t i = 0; i < n; i++)
        mo->value[i] = run_mo_record(mo, run->genes + i * run->stride)[mo->m];
    /* the theta-th smallest violation (a sort: n log n once a run) */
    for (size_t i = 0; i < n; i++)
        mo->order[i] = i;
    struct ga_order_rows by = {mo->value, 1, 0};
    ga_order_sort(mo->order, n, mo->members, ga_order_column_up, &by);
    mo->level0 = mo->value[mo->order[theta < n ? theta : n - 1]];
    mo->level = mo->level0;
    run_mo_refit(run);
}

void run_mo_level_step(struct ga_run *run)
{
    struct run_mo *mo = run->mo;
    if (!mo || mo->handling != GA_CONSTRAINTS_EPSILON)
        return;
    double t = (double)(run->generation + 1), T = (double)run->params.epsilon_generations;
    mo->level = t < T ? mo->level0 * pow(1 - t / T, run->params.epsilon_exponent) : 0;
    run_mo_refit(run);
}

void run_mo_pack(const struct run_mo *mo, struct ga_pack *p)
{
    if (mo && mo->handling == GA_CONSTRAINTS_EPSILON)
        ga_pack_put(p, &mo->level0, sizeof mo->level0);
}

bool run_mo_unpack(struct run_mo *mo, struct ga_unpack *u)
{
    if (!mo || mo->handling != GA_CONSTRAINTS_EPSILON)
        return true;
    return ga_unpack_get(u, &mo->level0, sizeof mo->level0) && mo->level0 >= 0;
}

void run_mo_best(struct ga_run *run)
{
    const struct run_mo *mo = run->mo;
    if (!mo->k || mo->keyed)
        return;
    double best = INFINITY, least = INFINITY;
    for (size_t i = 0; i < run->total; i++) {
        double v = run_mo_record(mo, run->genes + i * run->stride)[mo->m];
        if (v == 0 && run->fitness[i] < best)
            best = run->fitness[i];
        least = v < least ? v : least;
    }
    /* none feasible: Deb's fitness of the least violation, whatever the handling */
    run->stats.best = best < INFINITY ? best : GA_INFEASIBLE * (1 + least);
}

const double *run_mo_trail_all(struct ga_run *run)
{
    struct run_mo *mo = run->mo;
    for (size_t i = 0; i < run->total; i++)
        mo->value[i] = run_mo_trail(mo, run->genes + i * run->stride, run->fitness[i]);
    return mo->value;
}
