/* ga/order.c — a stable bottom-up merge sort of indices, O(n log n) comparisons, and the row orders it sorts by. */
#include "ga/order.h"

#include <string.h>

void ga_order_sort(size_t *idx, size_t n, size_t *tmp, ga_order_before before, const void *ctx)
{
    size_t *from = idx, *to = tmp;
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n, hi = mid + width < n ? mid + width : n;
            size_t i = lo, j = mid, k = lo;
            /* Take from the right run only when strictly before: stability. */
            while (i < mid && j < hi)
                to[k++] = before(ctx, from[j], from[i]) ? from[j++] : from[i++];
            while (i < mid)
                to[k++] = from[i++];
            while (j < hi)
                to[k++] = from[j++];
        }
        size_t *swap = from;
        from = to;
        to = swap;
    }
    if (from != idx)
        memcpy(idx, from, n * sizeof *idx);
}

void ga_order_all(size_t *idx, size_t n, size_t *tmp, ga_order_before before, const void *ctx)
{
    for (size_t i = 0; i < n; i++)
        idx[i] = i;
    ga_order_sort(idx, n, tmp, before, ctx);
}

bool ga_order_lex(const void *rows, size_t a, size_t b)
{
    const struct ga_order_rows *r = rows;
    const double *x = r->f + a * r->m, *y = r->f + b * r->m;
    for (size_t j = 0; j < r->m; j++)
        if (x[j] != y[j])
            return x[j] < y[j];
    return false;
}

bool ga_order_column_up(const void *rows, size_t a, size_t b)
{
    const struct ga_order_rows *r = rows;
    return r->f[a * r->m + r->j] < r->f[b * r->m + r->j];
}

bool ga_order_column_down(const void *rows, size_t a, size_t b)
{
    const struct ga_order_rows *r = rows;
    return r->f[a * r->m + r->j] > r->f[b * r->m + r->j];
}
