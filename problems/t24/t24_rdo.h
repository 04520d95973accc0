/* problems/t24/t24_rdo.h — semantic variation for the 24 game: the desired value of a subexpression, and the
 * Random Desired Operator (Pawlak, Wieloch and Krawiec, IEEE TEVC 2015) over the subexpression's own cards. */
#ifndef GA_PROBLEMS_T24_RDO_H
#define GA_PROBLEMS_T24_RDO_H

#include <stdbool.h>
#include <stddef.h>
#include <gsl/gsl_rng.h>
#include "problems/t24/t24.h"

/* The library is every expression over the cards of the replaced subtree,
 * so RDO works on subtrees of 2 to this many cards (at most 768
 * expressions with all eight operators) and never on the whole expression. */
#define T24_RDO_MAX_LEAVES 3

/* The value node 'pos' of expression e must take for e to make h's target,
 * the other nodes kept: the target inverted through every operator on the
 * path from the root (x + s = d gives x = d - s, s / x = d gives x = s / d,
 * x^s = d gives x = d^(1/s), ...), in the same exact arithmetic.  Invalid
 * when a step cannot be inverted (mod, a zero divisor) or leaves its domain. */
struct t24_value t24_rdo_desired(const struct t24_hand *h, const ga_gene *e, size_t pos);

/* True when RDO can replace the subtree at 'pos': an operator below the
 * root over 2..T24_RDO_MAX_LEAVES cards. */
bool t24_rdo_site(const struct t24_hand *h, const ga_gene *e, size_t pos);

/* The library of a hand: every expression over each subset of 1 to
 * T24_RDO_MAX_LEAVES of its cards, with its value.  NULL when out of memory;
 * _free(NULL) does nothing. */
struct t24_rdo_library;
struct t24_rdo_library *t24_rdo_library_alloc(const struct t24_hand *h);
void t24_rdo_library_free(struct t24_rdo_library *lib);

/* RDO at a site: the subtree at 'pos' becomes the expression over its own
 * cards (from lib, the hand's library) whose value is nearest the desired
 * value (ties drawn from r), so every card is still used once.  False when there is no desired value or
 * the expression did not change. */
bool t24_rdo_at(const struct t24_hand *h, const struct t24_rdo_library *lib, gsl_rng *r, ga_gene *e,
                size_t pos);

#endif
