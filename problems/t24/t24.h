/* problems/t24/t24.h — the 24 game: exact values, operators and expressions (t24_expr.c) shared by the GP problem, RDO and the solver; the GP problem's hand (t24.c). */
#ifndef GA_PROBLEMS_T24_H
#define GA_PROBLEMS_T24_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gaexp/genome.h"

#define T24_MAX_CARDS 8
#define T24_CARD_MIN 1
#define T24_CARD_MAX 99
#define T24_TARGET_LIMIT 1000000 /* targets lie in [-T24_TARGET_LIMIT, T24_TARGET_LIMIT] */
/* Values that left exact arithmetic (irrational steps through pow, root,
 * log; or overflow) match the target, or count as integers, within this
 * relative tolerance. */
#define T24_TOLERANCE 1e-9
/* The worst fitness: an invalid expression.  A valid one is at most
 * T24_FAR from the target, so that every valid value beats every invalid one. */
#define T24_FITNESS_INVALID 2e9
#define T24_FAR 1e9

/* The operators, in the order the spec lists them. */
enum t24_op { T24_ADD, T24_SUB, T24_MUL, T24_DIV, T24_POW, T24_ROOT, T24_LOG, T24_MOD, T24_OP_COUNT };

/* A value: an exact rational num/den (reduced, den > 0) while every step
 * was rational and fitted 64 bits, else a double.  'valid' is false once a
 * step left its domain. */
struct t24_value {
    bool valid, exact;
    int64_t num, den;
    double real; /* always set: num/den when exact */
};

/* A hand: the cards, the operator set and the target.  As genes (and in
 * the solver's expressions) symbol i < ncards is card i and symbol
 * ncards + k is operator op[k]; expressions are binary trees in prefix order. */
struct t24_hand {
    unsigned ncards;
    int card[T24_MAX_CARDS];
    unsigned nops;
    enum t24_op op[T24_OP_COUNT];
    long target;
};

struct t24_value t24_value_int(int64_t v);
struct t24_value t24_apply(enum t24_op op, struct t24_value a, struct t24_value b);
/* True when v is the target: exactly, or within the tolerance if inexact. */
bool t24_value_is(struct t24_value v, long target);
/* |v - target| (0 when t24_value_is), capped at T24_FAR; T24_FITNESS_INVALID when invalid. */
double t24_distance(struct t24_value v, long target);
/* Prints v exactly ("8/3") or as a double. */
void t24_value_format(struct t24_value v, char *buf, size_t size);

const char *t24_op_name(enum t24_op op);
/* Parses "+,-,*,/,pow,root,log,mod" (any non-empty subset, in any order,
 * no repeats) into h->op / h->nops.  On error writes why into err. */
bool t24_ops_parse(const char *text, struct t24_hand *h, char *err, size_t err_size);
/* The operator list as t24_ops_parse reads it. */
void t24_ops_format(const struct t24_hand *h, char *buf, size_t size);

/* The symbol of operator op in hand h, or -1 when h does not have it. */
int t24_hand_symbol(const struct t24_hand *h, enum t24_op op);
/* The value of the prefix expression starting at e[0]. */
struct t24_value t24_eval(const struct t24_hand *h, const ga_gene *e);
/* Nodes of the prefix expression starting at e[0]. */
size_t t24_expr_size(const struct t24_hand *h, const ga_gene *e);
/* Infix with minimal parentheses ("8 / (3 - 8 / 3)", "2^10 - 10^3",
 * "5 * 5 - mod(10, 3)").  'canonical' also sorts the operands of sums and
 * products and flattens them ("a - (b - c)" -> "a + c - b"), so that
 * expressions equal up to commutativity and associativity print alike. */
void t24_format(const struct t24_hand *h, const ga_gene *e, bool canonical, char *buf, size_t size);
/* A buffer for t24_format: room for any expression of T24_MAX_CARDS cards. */
#define T24_TEXT_MAX 256

/* The hand of a configured t24 problem instance (its genome's state). */
const struct t24_hand *t24_hand_of(const struct ga_genome *gen);

#endif
