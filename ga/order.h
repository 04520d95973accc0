/* ga/order.h — a stable sort of indices by a caller's order, shared by the Pareto tools. */
#ifndef GA_ORDER_H
#define GA_ORDER_H

#include <stdbool.h>
#include <stddef.h>

/* True when element a must come before element b (a strict weak order). */
typedef bool (*ga_order_before)(const void *ctx, size_t a, size_t b);

/* Sorts idx[0 .. n) by 'before'; elements neither before the other keep
 * their relative order, so the result never depends on the sort's own
 * choices (qsort's is unspecified).  'tmp' is scratch of n entries. */
void ga_order_sort(size_t *idx, size_t n, size_t *tmp, ga_order_before before, const void *ctx);
/* idx[0 .. n) = 0, 1, ..., n - 1 in that order. */
void ga_order_all(size_t *idx, size_t n, size_t *tmp, ga_order_before before, const void *ctx);

/* Orders of the rows of a row-major matrix f of m columns, for 'ctx'. */
struct ga_order_rows {
    const double *f;
    size_t m, j; /* j: the column of the column orders */
};
/* Lexicographic: the first column that differs decides. */
bool ga_order_lex(const void *rows, size_t a, size_t b);
/* Column j rising, or falling. */
bool ga_order_column_up(const void *rows, size_t a, size_t b);
bool ga_order_column_down(const void *rows, size_t a, size_t b);

#endif
