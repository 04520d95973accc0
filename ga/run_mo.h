/* ga/run_mo.h — a run with several objectives or constraints (ga/run_mo.c): the records beside the genes, the keys, the pool a survival ranks, constraint handling; private to the library. */
#ifndef GA_RUN_MO_H
#define GA_RUN_MO_H

#include "ga/run_types.h"

/* SEVERAL OBJECTIVES AND CONSTRAINTS (ga/run_mo.c).  Each individual's
 * slot holds, after its genes (from gene 'at', a multiple of
 * GA_GENES_PER_REAL), its record: m objective values, then its total
 * violation, the sum of max(v_j, 0) over the k constraints.  Copies of
 * slots carry it, so the loop's breeding is unchanged. */
struct run_mo {
    size_t m, k, at;
    bool keyed;     /* a scheme of several objectives: the fitness is the key; else the objective, as the handling has it */
    bool front_key; /* the key is the front alone (the scheme's survival niches) */
    enum ga_constraint_handling handling;
    double weight;             /* GA_CONSTRAINTS_PENALTY */
    double level, level0;      /* the epsilon level now and at generation 0; 0 for Deb's rules */
    double reference[GA_OBJECTIVES_MAX];
    bool has_reference;
    const double *front; /* the true front, 'front_n' rows; NULL: not known */
    size_t front_n;
    double front_hv; /* its exact hypervolume for 'reference'; NaN: not known */
    /* Scratch for ranking up to 'cap' individuals (an island and its brood,
     * or the whole population for the statistics). */
    size_t cap;
    struct ga_pareto *pareto;
    double *points, *packed, *violation, *crowd, *value;
    size_t *rank, *members, *order;
};

/* The record of the individual in slot g. */
static inline double *run_mo_record(const struct run_mo *mo, const ga_gene *g)
{
    return (double *)(void *)(g + mo->at);
}
/* Sets up run->mo, run->copy and run->evaluate for the problem (false
 * with a diagnostic when its declaration or ga.mo do not fit); the stride
 * is ga_genome_stride(run->copy) after it. */
bool run_mo_setup(struct ga_run *run, struct ga_diag *d);
void run_mo_free(struct run_mo *mo);
/* The epsilon level: its start from generation 0 (run_mo_level_start)
 * and its value for the generation about to be made, each time with the
 * population's fitness made anew (single-objective schemes). */
void run_mo_level_start(struct ga_run *run);
void run_mo_level_step(struct ga_run *run);
/* The epsilon level's start in a checkpoint. */
void run_mo_pack(const struct run_mo *mo, struct ga_pack *p);
bool run_mo_unpack(struct run_mo *mo, struct ga_unpack *u);
/* The evaluation with records: fills g's record and returns 0 (NaN when
 * a value is not finite: the fitness check's fault); the fitness is the
 * key run_mo_key or run_mo_survive gives. */
double run_mo_evaluate(const struct ga_genome *gen, const ga_gene *g);
/* Gives the n individuals of genes (one every stride) their keys in
 * fitness[]: the front rank under constrained domination plus
 * 0.5 / (1 + crowding distance), lower better (the front alone with
 * front_key).  False (fitness untouched) when a record is not finite. */
bool run_mo_key(struct ga_run *run, const ga_gene *genes, size_t n, double *fitness);
/* With a scheme of several objectives, each island's fitness made its
 * keys anew (a population made otherwise than by the scheme's survival:
 * generation 0, migrants); nothing otherwise. */
void run_mo_key_islands(struct ga_run *run);
/* THE POOL of island k, for a survival of several objectives: its N
 * parents (rows 0 .. N) and its brood (rows N .. N + lambda) gathered into
 * mo->points and mo->violation.  False when a record is not finite: the
 * parents are then kept as the next population (the fault stops the run). */
bool run_mo_pool(struct ga_run *run, size_t k);
/* The keys of the n gathered rows into key[] (as run_mo_key). */
void run_mo_keys(struct run_mo *mo, size_t n, double *key);
/* The fronts of the n gathered rows under constrained domination at the
 * level: mo->rank; returns their number. */
size_t run_mo_fronts(struct run_mo *mo, const double *violation, size_t n, double level);
/* Survivor s of island k is row i of its pool, of fitness f. */
void run_mo_keep(struct ga_run *run, size_t k, size_t s, size_t i, double f);
/* With constraints in a single-objective scheme: stats.best becomes the
 * best feasible fitness (while none is feasible, GA_INFEASIBLE (1 + the
 * least violation), as Deb's rules have it), and
 * a child's trail entry (hitting times) is at least GA_INFEASIBLE while it
 * is infeasible, so that no infeasible one reaches a target.
 * run_mo_trail_all gives generation 0's trail so (scratch of the run). */
void run_mo_best(struct ga_run *run);
static inline double run_mo_trail(const struct run_mo *mo, const ga_gene *g, double fitness)
{
    return mo->k && !mo->keyed && run_mo_record(mo, g)[mo->m] > 0 && fitness < GA_INFEASIBLE ? GA_INFEASIBLE
                                                                                            : fitness;
}
const double *run_mo_trail_all(struct ga_run *run);
/* The statistics of several objectives and constraints of the population. */
void run_mo_measure(struct ga_run *run);


#endif
