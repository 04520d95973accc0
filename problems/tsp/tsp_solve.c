/* problems/tsp/tsp_solve.c — Held-Karp: the optimal tour of up to TSP_HELD_KARP_MAX cities. */
#include "problems/tsp/tsp_solve.h"

#include <stdlib.h>

size_t tsp_held_karp_bytes(size_t n)
{
    return n < 2 ? 0 : ((size_t)1 << (n - 1)) * (n - 1) * sizeof(int64_t);
}

/* Cities 1..n-1 are bits 0..m-1 of a subset S (m = n - 1); the table
 * holds C(S, j) at S * m + j for each j in S (the other cells unused). */
int tsp_held_karp(const struct tsp_instance *t, int64_t *length, size_t *tour)
{
    size_t n = t->n;
    if (n > TSP_HELD_KARP_MAX)
        return GA_ETOOBIG;
    const int32_t *d = t->dist;
    if (n < 3) {
        *length = n == 2 ? 2 * (int64_t)d[1] : 0;
        for (size_t i = 0; tour && i < n; i++)
            tour[i] = i;
        return GA_OK;
    }
    size_t m = n - 1, full = ((size_t)1 << m) - 1;
    int64_t *c = malloc(tsp_held_karp_bytes(n));
    if (!c)
        return GA_ENOMEM;
    for (size_t s = 1; s <= full; s++) {
        int64_t *row = c + s * m;
        for (size_t j = 0; j < m; j++) {
            size_t bit = (size_t)1 << j;
            if (!(s & bit))
                continue;
            size_t rest = s ^ bit;
            if (!rest) {
                row[j] = d[j + 1]; /* 0 -> j + 1 */
                continue;
            }
            const int64_t *prev = c + rest * m;
            const int32_t *to_j = d + (j + 1) * n + 1; /* to_j[k]: city k + 1 -> city j + 1 */
            int64_t best = INT64_MAX;
            for (size_t r = rest; r; r &= r - 1) {
                size_t k = (size_t)__builtin_ctzll((unsigned long long)r);
                int64_t v = prev[k] + to_j[k];
                if (v < best)
                    best = v;
            }
            row[j] = best;
        }
    }
    int64_t best = INT64_MAX;
    size_t last = 0;
    for (size_t j = 0; j < m; j++) {
        int64_t v = c[full * m + j] + d[(j + 1) * n];
        if (v < best)
            best = v, last = j;
    }
    *length = best;
    if (tour) {
        /* Backwards from the last city: each step a predecessor k with
         * C(S - j, k) + d(k, j) = C(S, j). */
        size_t s = full, j = last;
        tour[0] = 0;
        for (size_t pos = n - 1; pos >= 1; pos--) {
            tour[pos] = j + 1;
            size_t rest = s ^ ((size_t)1 << j);
            if (!rest)
                break;
            int64_t want = c[s * m + j];
            size_t k = 0;
            for (size_t r = rest; r; r &= r - 1) {
                k = (size_t)__builtin_ctzll((unsigned long long)r);
                if (c[rest * m + k] + d[(k + 1) * n + j + 1] == want)
                    break;
            }
            s = rest;
            j = k;
        }
    }
    free(c);
    return GA_OK;
}
