/* problems/derful/derful_count.c — sequential importance sampling of 31-derful games, with Burnside's weights. */
#include "problems/derful/derful_count.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gaexp/rng.h"

#define COUNT_VMIN 2
#define COUNT_VMAX 11
#define COUNT_N DERFUL_COUNT_MAX_N

/* Every permutation of 0..n-1, in lexicographic order; returns how many. */
static int count_perms(int n, unsigned char (*out)[COUNT_N])
{
    unsigned char p[COUNT_N];
    int count = 0;
    for (int i = 0; i < n; i++)
        p[i] = (unsigned char)i;
    for (;;) {
        memcpy(out[count++], p, sizeof p);
        int i = n - 2;
        while (i >= 0 && p[i] > p[i + 1])
            i--;
        if (i < 0)
            return count;
        int j = n - 1;
        while (p[j] < p[i])
            j--;
        unsigned char t = p[i];
        p[i] = p[j], p[j] = t;
        for (int a = i + 1, b = n - 1; a < b; a++, b--)
            t = p[a], p[a] = p[b], p[b] = t;
    }
}

static int count_compare(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The columns of m with its rows taken in the order 'rows', each packed
 * into an integer (4 bits a value), sorted. */
static void count_columns(int n, const int m[COUNT_N][COUNT_N], const unsigned char *rows, uint32_t *col)
{
    for (int j = 0; j < n; j++) {
        col[j] = 0;
        for (int i = 0; i < n; i++)
            col[j] = col[j] << 4 | (uint32_t)m[rows[i]][j];
    }
    qsort(col, (size_t)n, sizeof *col, count_compare);
}

/* |Stab(x)| in the group of row permutations, column permutations and
 * transposition.  For a row permutation s, the column permutations t with
 * y[s(i)][t(j)] = x[i][j] (y = x, or x transposed) exist when y's columns,
 * rows taken in the order s, are x's columns as a multiset, and then number
 * the product of the factorials of the columns' multiplicities. */
static double count_stabiliser(int n, const int x[COUNT_N][COUNT_N], unsigned char (*perms)[COUNT_N], int nperms)
{
    int xt[COUNT_N][COUNT_N];
    uint32_t mine[COUNT_N], theirs[COUNT_N];
    unsigned char identity[COUNT_N];
    for (int i = 0; i < n; i++) {
        identity[i] = (unsigned char)i;
        for (int j = 0; j < n; j++)
            xt[i][j] = x[j][i];
    }
    count_columns(n, x, identity, mine);
    double same = 1;
    for (int j = 1, run = 1; j <= n; j++) {
        run = j < n && mine[j] == mine[j - 1] ? run + 1 : 1;
        same *= run;
    }
    double fixed = 0;
    for (int t = 0; t < 2; t++)
        for (int k = 0; k < nperms; k++) {
            count_columns(n, t ? (const int(*)[COUNT_N])xt : x, perms[k], theirs);
            if (memcmp(mine, theirs, (size_t)n * sizeof *mine) == 0)
                fixed += same;
        }
    return fixed;
}

/* The values v that cell (i, j) may take: in the deck, and leaving its row
 * and column able to reach S (when S is known, i.e. below the first row). */
static int count_choices(int n, int i, int j, int sum, int row, int column, const int *left, int *out)
{
    int count = 0, after_row = n - 1 - j, after_column = n - 1 - i;
    for (int v = COUNT_VMIN; v <= COUNT_VMAX; v++) {
        if (!left[v])
            continue;
        if (i > 0) {
            int r = row + v, c = column + v;
            if (r + COUNT_VMIN * after_row > sum || r + COUNT_VMAX * after_row < sum)
                continue;
            if (c + COUNT_VMIN * after_column > sum || c + COUNT_VMAX * after_column < sum)
                continue;
        }
        out[count++] = v;
    }
    return count;
}

int derful_count_sample(struct derful_estimate *e, unsigned long long samples, gsl_rng *r)
{
    int n = e->n;
    if (n < 2 || n > COUNT_N || e->suits < 1 || e->suits > 4)
        return -1;
    int deck[COUNT_VMAX + 1] = {0}, total = 0;
    for (int v = COUNT_VMIN; v <= COUNT_VMAX; v++)
        total += deck[v] = v == 10 ? 4 * e->suits : e->suits;
    if (total < n * n)
        return -1;
    static const int factorial[] = {1, 1, 2, 6, 24, 120, 720};
    unsigned char (*perms)[COUNT_N] = malloc((size_t)factorial[n] * sizeof *perms);
    if (!perms)
        return -1;
    int nperms = count_perms(n, perms);
    double group = 2.0 * factorial[n] * factorial[n];
    for (unsigned long long s = 0; s < samples; s++) {
        int left[COUNT_VMAX + 1], row[COUNT_N] = {0}, column[COUNT_N] = {0}, x[COUNT_N][COUNT_N], sum = 0;
        memcpy(left, deck, sizeof left);
        double w = 1;
        for (int k = 0; k < n * n && w > 0; k++) {
            int i = k / n, j = k % n, choice[COUNT_VMAX + 1];
            int m = count_choices(n, i, j, sum, row[i], column[j], left, choice);
            if (m == 0) {
                w = 0;
                break;
            }
            int v = choice[ga_rng_below(r, (unsigned long)m)];
            w *= m;
            x[i][j] = v;
            left[v]--;
            row[i] += v;
            column[j] += v;
            if (k == n - 1)
                sum = row[0];
        }
        e->samples++;
        if (w == 0 || sum >= DERFUL_ENUM_MAX_SUM)
            continue;
        double y = w * count_stabiliser(n, x, perms, nperms) / group;
        e->completed++;
        e->hits[sum]++;
        e->sum[sum] += y;
        e->square[sum] += y * y;
    }
    free(perms);
    return 0;
}

/* The mean of k samples from their sum and sum of squares, and the
 * half-width of its 95% interval. */
static double count_mean(double sum, double square, double k, double *half_width)
{
    if (k < 2) {
        *half_width = INFINITY;
        return 0;
    }
    double mean = sum / k, var = (square - k * mean * mean) / (k - 1);
    *half_width = 1.96 * sqrt(var > 0 ? var / k : 0);
    return mean;
}

double derful_count_games(const struct derful_estimate *e, int sum, double *half_width)
{
    if (sum < 0 || sum >= DERFUL_ENUM_MAX_SUM) {
        *half_width = 0;
        return 0;
    }
    return count_mean(e->sum[sum], e->square[sum], (double)e->samples, half_width);
}

double derful_count_total(const struct derful_estimate *e, double *half_width)
{
    double sum = 0, square = 0;
    for (int s = 0; s < DERFUL_ENUM_MAX_SUM; s++)
        sum += e->sum[s], square += e->square[s];
    return count_mean(sum, square, (double)e->samples, half_width);
}
