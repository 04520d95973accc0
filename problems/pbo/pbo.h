/* problems/pbo/pbo.h — IOHprofiler's PBO suite (F1..F25): the instance a
 * configuration builds, its values and optimum, shared with the tests and,
 * later, the export. */
#ifndef GA_PROBLEMS_PBO_H
#define GA_PROBLEMS_PBO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gaexp/genome.h"

#define PBO_FUNCTIONS 25
#define PBO_INSTANCES 100
#define PBO_MAX_DIMENSION 65536
/* LABS's optimum is found by trying every string up to this length. */
#define PBO_LABS_EXACT_MAX 20

/* The suite's functions in IOHexperimenter's order: id i is pbo_names[i - 1],
 * spelt as IOHexperimenter names its problem classes. */
extern const char *const pbo_names[PBO_FUNCTIONS];

/* A configured instance (the state gaexp callocs).  Instance 1 evaluates
 * x as it is; 2..50 XOR it with 'flip'; 51..100 read x'[i] = x[order[i]];
 * every instance but 1 then reports scale * f + shift (IOH's y). */
struct pbo {
    int function; /* 1..25 */
    size_t n;
    int instance; /* 1..100 */
    double scale, shift;
    unsigned char *flip; /* n, or NULL */
    size_t *order;       /* n, or NULL */
    size_t *picked;      /* F4, F5, F11, F12: the variables that count, ascending */
    size_t npicked;
    double *rugged;      /* F10, F17: f by OneMax / LeadingOnes value, n + 1 */
    size_t *nk_link;     /* F25: the variable each term reads besides its own */
    double *nk_table;    /* F25: 4 values per term, indexed x_i + 2 x_link */
    double best;         /* f(x*) untransformed: the optimum, or an upper bound */
    bool best_exact;     /* false: 'best' is only a bound (LABS beyond PBO_LABS_EXACT_MAX) */
    bool packed;         /* genomes are packed bits (GA_KIND_PACKED): pbo_pack */
    uint64_t *flip_words; /* packed, instances 2..50: 'flip' as words */
};

/* IOHexperimenter's uniform numbers of its PBO suite (a multiplicative
 * LCG, 16807 mod 2^31 - 1, through a 32-slot shuffle table), n of them
 * in (0, 1) from 'seed' > 0 into out. */
void pbo_uniform(size_t n, long seed, double *out);

/* Builds the instance (function, n, instance) into p, which must be zeroed;
 * NULL on success, else why not (a dimension rule, "out of memory").
 * pbo_release frees what it allocated. */
const char *pbo_build(struct pbo *p, int function, size_t n, int instance);
void pbo_release(struct pbo *p);
/* NULL when f accepts dimension n, else the rule n breaks ("a square
 * number", ...). */
const char *pbo_dimension_rule(int function, size_t n);

/* Makes p read packed genomes (problem.packed): NULL, or why not ("out of
 * memory").  F1 and F2 of instances 1 to 50 then read words. */
const char *pbo_pack(struct pbo *p);

/* f(x) of the untransformed problem, x given as 0/1 genes already
 * transformed (x' of the instance). */
double pbo_raw(const struct pbo *p, const unsigned char *x);
/* IOH's value y(x) of genome g: the instance's transformation, f, then
 * scale and shift. */
double pbo_value(const struct pbo *p, const ga_gene *g);
/* gaexp's fitness: scale * (best - f(x')), 0 at the optimum, never below 0. */
double pbo_fitness(const struct pbo *p, const ga_gene *g);
/* IOH's value of the optimum, scale * best + shift. */
double pbo_best_value(const struct pbo *p);

#endif
