/* ga/schemes/brood.h — what the schemes that breed a brood of lambda an island apart from the parents share (ga/schemes/brood.c): lambda's setting and rule, the brood bred and checked, the survival of the best N. */
#ifndef GA_SCHEMES_BROOD_H
#define GA_SCHEMES_BROOD_H

#include <stdbool.h>
#include <stddef.h>

#include "ga/schemes/schemes.h"

/* Reads ga.scheme.NAME.lambda (v NULL: absent) into p->lambda, within
 * [1, PARAMS_MAX_POPULATION], 'lambda' by default. */
bool brood_read_lambda(struct ga_cfg *cfg, config_setting_t *v, long long lambda, struct ga_params *p);
/* lambda >= 1, said at 'setting'. */
bool brood_check_lambda(const struct ga_params *p, const char *setting, struct params_fault *f);
/* NSGA-II's and NSGA-III's smallest population. */
#define BROOD_FRONT_POPULATION 4
/* The rule of a scheme ranking by fronts ('title' in messages, "NSGA-II"):
 * a population of at least BROOD_FRONT_POPULATION. */
bool brood_check_front_population(const struct ga_params *p, const char *title, struct params_fault *f);
/* A scheme that ranks by constrained domination ('title' in messages,
 * "NSGA-II") refuses the static penalty for k > 0 constraints. */
bool brood_check_domination(const struct ga_params *p, const char *title, size_t k, struct params_fault *f);
/* The children of a generation and the brood of an island: lambda. */
size_t brood_lambda(const struct ga_params *p);

/* Breeds lambda children of each island [first, last) into the brood from
 * the island's selection; returns the evaluations. */
unsigned long long brood_breed(struct ga_run *run, size_t first, size_t last);
/* The brood of islands [first, last) checked before a survival ranks
 * (or drops) its children: a child's place is its slot. */
void brood_scan(struct ga_run *run, size_t first, size_t last);
/* The next population of island k: the best N of its parents (with
 * 'parents') and its brood, best first; ties go to the parent (to the
 * child with 'child_first'), then to the earlier one. */
void brood_survive(struct ga_run *run, size_t k, bool parents, bool child_first);

#endif
