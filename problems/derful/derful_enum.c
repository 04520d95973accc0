/* problems/derful/derful_enum.c — exact enumeration of winning n×n 31-derful games (n ≤ 5) */
#include "problems/derful/derful_enum.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define DERFUL_ENUM_VMIN 2
#define DERFUL_ENUM_VMAX 11
#define DERFUL_ENUM_NVALUES (DERFUL_ENUM_VMAX - DERFUL_ENUM_VMIN + 1)
#define DERFUL_ENUM_NMAX 5
#define DERFUL_ENUM_NMAX_FULL 4           /* derful_enum_count's limit: every S at 5×5 is far too many */
#define DERFUL_ENUM_MAX_SUITS 4
#define DERFUL_ENUM_MAXPERMS 120          /* 5! */
#define DERFUL_ENUM_CELL_BITS 4           /* values 2..11 fit in a nibble */
#define DERFUL_ENUM_COUNT_BITS 5          /* a value count 0..16 fits in 5 bits */

/* A whole matrix packed row-major, 4 bits a cell: 100 bits at n = 5. */
__extension__ typedef unsigned __int128 derful_enum_packed;

_Static_assert(DERFUL_ENUM_NMAX * DERFUL_ENUM_NMAX * DERFUL_ENUM_CELL_BITS
               <= 8 * sizeof(derful_enum_packed), "a packed matrix must fit its integer");
_Static_assert(DERFUL_ENUM_NMAX * DERFUL_ENUM_CELL_BITS <= 8 * sizeof(unsigned),
               "a packed line must fit an unsigned");
_Static_assert(4 * DERFUL_ENUM_MAX_SUITS < 1 << DERFUL_ENUM_COUNT_BITS,
               "the most tens a deck holds must fit a multiset count");
_Static_assert(DERFUL_ENUM_NVALUES * DERFUL_ENUM_COUNT_BITS <= 64,
               "a multiset key must fit a uint64_t");

/*
 * The search works one S at a time.  Rows are taken from 'rows', every
 * n-tuple of values summing to S in strictly decreasing lexicographic order,
 * so requiring each row's index to be >= the previous row's index keeps the
 * rows in non-increasing order.  Columns are kept in non-increasing order by
 * refusing, in every row, a rise between two columns still equal above it.
 * Both orders hold for the lexicographically largest member of every orbit,
 * so only such "doubly sorted" matrices are built; the full orbit check at a
 * leaf then keeps exactly the largest one.
 */
struct derful_enum_search {
    int n, sum;
    int cap[DERFUL_ENUM_VMAX + 1];        /* how many cards of each value the deck holds */
    int used[DERFUL_ENUM_VMAX + 1];       /* how many of them the partial matrix uses */
    int cell[DERFUL_ENUM_NMAX][DERFUL_ENUM_NMAX];
    int colsum[DERFUL_ENUM_NMAX];
    int *rows;                            /* nrows tuples of n values */
    unsigned *sorted_key;                 /* per tuple: its values sorted down, packed */
    size_t nrows;
    size_t top;                           /* index of the tuple in row 0 */
    int perms[DERFUL_ENUM_MAXPERMS][DERFUL_ENUM_NMAX];
    int nperms;
    uint64_t *keys;                       /* value multiset of every game found */
    size_t nkeys, keycap;
    int out_of_memory;
    struct derful_census *out;
    derful_enum_game_fn on_game;
    derful_enum_progress_fn progress;
    void *ctx;
    double progress_base, progress_span;
};

/* A line's values sorted into decreasing order, packed. */
static unsigned derful_enum_sorted_key(int n, const int *line)
{
    int sorted[DERFUL_ENUM_NMAX];
    unsigned key = 0;

    for (int j = 0; j < n; j++) {
        int k = j;
        for (; k > 0 && sorted[k - 1] < line[j]; k--)
            sorted[k] = sorted[k - 1];
        sorted[k] = line[j];
    }
    for (int j = 0; j < n; j++)
        key = key << DERFUL_ENUM_CELL_BITS | (unsigned)sorted[j];
    return key;
}

static void derful_enum_tuples_add(struct derful_enum_search *s, const int *tuple)
{
    memcpy(s->rows + s->nrows * (size_t)s->n, tuple, (size_t)s->n * sizeof *tuple);
    s->sorted_key[s->nrows++] = derful_enum_sorted_key(s->n, tuple);
}

static void derful_enum_tuples_fill(struct derful_enum_search *s, int *tuple, int pos, int left)
{
    int n = s->n, rest = n - pos - 1;

    for (int v = DERFUL_ENUM_VMAX; v >= DERFUL_ENUM_VMIN; v--) {
        int after = left - v;
        if (after < rest * DERFUL_ENUM_VMIN || after > rest * DERFUL_ENUM_VMAX)
            continue;
        tuple[pos] = v;
        if (rest == 0)
            derful_enum_tuples_add(s, tuple);
        else
            derful_enum_tuples_fill(s, tuple, pos + 1, after);
    }
}

/* Lists every n-tuple with sum S, largest first, into s->rows. */
static void derful_enum_tuples(struct derful_enum_search *s)
{
    int tuple[DERFUL_ENUM_NMAX];

    s->nrows = 0;
    derful_enum_tuples_fill(s, tuple, 0, s->sum);
}

/* Fills s->perms with all n! orderings of 0..n-1, by the next-permutation step. */
static void derful_enum_perms(struct derful_enum_search *s)
{
    int n = s->n, p[DERFUL_ENUM_NMAX];

    for (int i = 0; i < n; i++)
        p[i] = i;
    s->nperms = 0;
    for (;;) {
        memcpy(s->perms[s->nperms++], p, sizeof p);
        int i = n - 2;
        while (i >= 0 && p[i] > p[i + 1])
            i--;
        if (i < 0)
            return;
        int j = n - 1;
        while (p[j] < p[i])
            j--;
        int t = p[i]; p[i] = p[j]; p[j] = t;
        for (int a = i + 1, b = n - 1; a < b; a++, b--) {
            t = p[a]; p[a] = p[b]; p[b] = t;
        }
    }
}

/* Packs a matrix row-major, first cell most significant: integer order is lexicographic order. */
static derful_enum_packed derful_enum_pack(int n, const int m[DERFUL_ENUM_NMAX][DERFUL_ENUM_NMAX])
{
    derful_enum_packed key = 0;

    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            key = key << DERFUL_ENUM_CELL_BITS | (derful_enum_packed)m[i][j];
    return key;
}

/*
 * The largest matrix reachable from m by column permutations alone, packed:
 * with the rows fixed, sorting the columns (read top to bottom) in decreasing
 * order maximises the first row, then the second among those, and so on.
 */
static derful_enum_packed derful_enum_best_by_columns(int n,
                                                      const int m[DERFUL_ENUM_NMAX][DERFUL_ENUM_NMAX],
                                                      const int *row_order)
{
    unsigned col[DERFUL_ENUM_NMAX];

    for (int j = 0; j < n; j++) {
        unsigned c = 0;
        for (int i = 0; i < n; i++)
            c = c << DERFUL_ENUM_CELL_BITS | (unsigned)m[row_order[i]][j];
        int k = j;
        for (; k > 0 && col[k - 1] < c; k--)
            col[k] = col[k - 1];
        col[k] = c;
    }
    derful_enum_packed key = 0;
    for (int i = 0; i < n; i++) {
        int shift = DERFUL_ENUM_CELL_BITS * (n - 1 - i);
        for (int j = 0; j < n; j++)
            key = key << DERFUL_ENUM_CELL_BITS | ((col[j] >> shift) & 0xfu);
    }
    return key;
}

/*
 * Whether m, or its transpose, beats self under some row order.  The first
 * row of the best column arrangement is the chosen top row sorted down, so
 * only top rows whose sorted values equal self's first row need the full
 * comparison; s->perms is in lexicographic order, so the orders starting
 * with row a are one block of (n-1)! entries.
 */
static int derful_enum_beaten(const struct derful_enum_search *s,
                              const int m[DERFUL_ENUM_NMAX][DERFUL_ENUM_NMAX],
                              derful_enum_packed self, unsigned top)
{
    int n = s->n, block = s->nperms / n;

    for (int a = 0; a < n; a++) {
        unsigned key = derful_enum_sorted_key(n, m[a]);
        if (key > top)
            return 1;
        if (key < top)
            continue;
        for (int p = a * block; p < (a + 1) * block; p++)
            if (derful_enum_best_by_columns(n, m, s->perms[p]) > self)
                return 1;
    }
    return 0;
}

/* Whether the complete matrix is the largest of its orbit (rows × columns × transpose). */
static int derful_enum_is_canonical(const struct derful_enum_search *s)
{
    int n = s->n, t[DERFUL_ENUM_NMAX][DERFUL_ENUM_NMAX];
    derful_enum_packed self = derful_enum_pack(n, s->cell);
    unsigned top = derful_enum_sorted_key(n, s->cell[0]);

    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            t[i][j] = s->cell[j][i];
    return !derful_enum_beaten(s, s->cell, self, top)
        && !derful_enum_beaten(s, (const int (*)[DERFUL_ENUM_NMAX])t, self, top);
}

/* The game's value multiset: a 5-bit count per value. */
static uint64_t derful_enum_multiset_key(const struct derful_enum_search *s)
{
    uint64_t key = 0;

    for (int v = DERFUL_ENUM_VMIN; v <= DERFUL_ENUM_VMAX; v++)
        key = key << DERFUL_ENUM_COUNT_BITS | (uint64_t)s->used[v];
    return key;
}

static void derful_enum_record(struct derful_enum_search *s)
{
    int n = s->n;

    if (s->nkeys == s->keycap) {
        size_t cap = s->keycap ? 2 * s->keycap : 1024;
        uint64_t *grown = realloc(s->keys, cap * sizeof *grown);
        if (!grown) {
            s->out_of_memory = 1;
            return;
        }
        s->keys = grown;
        s->keycap = cap;
    }
    s->keys[s->nkeys++] = derful_enum_multiset_key(s);
    s->out->games_by_sum[s->sum]++;
    s->out->total++;
    if (s->on_game) {
        int flat[DERFUL_ENUM_NMAX * DERFUL_ENUM_NMAX];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                flat[i * n + j] = s->cell[i][j];
        s->on_game(s->ctx, flat, n, s->sum);
    }
}

/*
 * Whether 'row' may go in row r: no rise between columns equal in rows
 * 0..r-1, no value beyond its cap, and every column still able to reach S
 * with the values left for its remaining cells.
 */
static int derful_enum_row_fits(const struct derful_enum_search *s, int r, const int *row)
{
    int n = s->n, left = n - 1 - r, extra[DERFUL_ENUM_VMAX + 1] = {0};

    for (int j = 0; j + 1 < n; j++) {
        int tied = 1;
        for (int i = 0; i < r && tied; i++)
            tied = s->cell[i][j] == s->cell[i][j + 1];
        if (tied && row[j] < row[j + 1])
            return 0;
    }
    for (int j = 0; j < n; j++) {
        int need = s->sum - s->colsum[j] - row[j];
        if (need < left * DERFUL_ENUM_VMIN || need > left * DERFUL_ENUM_VMAX)
            return 0;
        if (s->used[row[j]] + ++extra[row[j]] > s->cap[row[j]])
            return 0;
    }
    return 1;
}

static void derful_enum_put_row(struct derful_enum_search *s, int r, const int *row, int sign)
{
    for (int j = 0; j < s->n; j++) {
        s->cell[r][j] = row[j];
        s->colsum[j] += sign * row[j];
        s->used[row[j]] += sign;
    }
}

/* Whether row r, already placed, is no larger than row r-1. */
static int derful_enum_not_above(const struct derful_enum_search *s, int r)
{
    for (int j = 0; j < s->n; j++)
        if (s->cell[r][j] != s->cell[r - 1][j])
            return s->cell[r][j] < s->cell[r - 1][j];
    return 1;
}

/* The last row is forced by the column sums; keep it if it obeys every rule. */
static void derful_enum_last_row(struct derful_enum_search *s)
{
    int n = s->n, r = n - 1, row[DERFUL_ENUM_NMAX];

    for (int j = 0; j < n; j++)
        row[j] = s->sum - s->colsum[j];
    if (!derful_enum_row_fits(s, r, row))
        return;
    derful_enum_put_row(s, r, row, +1);
    if (derful_enum_not_above(s, r) && derful_enum_is_canonical(s))
        derful_enum_record(s);
    derful_enum_put_row(s, r, row, -1);
}

static void derful_enum_place_row(struct derful_enum_search *s, int r, size_t first)
{
    for (size_t i = first; i < s->nrows && !s->out_of_memory; i++) {
        const int *row = s->rows + i * (size_t)s->n;
        if (r == 0) {
            if (s->progress)
                s->progress(s->ctx, s->progress_base + s->progress_span * (double)i / (double)s->nrows);
            s->top = i;
        }
        /*
         * A row permuting to something above row 0 could be moved to the top
         * of a larger member of the orbit, so this matrix cannot be the largest.
         */
        if (s->sorted_key[i] > s->sorted_key[s->top] || !derful_enum_row_fits(s, r, row))
            continue;
        derful_enum_put_row(s, r, row, +1);
        if (r + 1 == s->n - 1)
            derful_enum_last_row(s);
        else
            derful_enum_place_row(s, r + 1, i);
        derful_enum_put_row(s, r, row, -1);
    }
}

static int derful_enum_cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Fills the multiset figures and the S range from what the search collected. */
static void derful_enum_summarise(struct derful_enum_search *s)
{
    struct derful_census *out = s->out;

    if (s->nkeys)                         /* qsort of a NULL array is undefined even when empty */
        qsort(s->keys, s->nkeys, sizeof *s->keys, derful_enum_cmp_u64);
    for (size_t i = 0, run = 0; i < s->nkeys; i++) {
        run = (i > 0 && s->keys[i] == s->keys[i - 1]) ? run + 1 : 1;
        if (run == 1)
            out->multisets++;
        if (run > out->max_games_per_multiset)
            out->max_games_per_multiset = run;
    }
    for (int v = 0; v < DERFUL_ENUM_MAX_SUM; v++) {
        if (!out->games_by_sum[v])
            continue;
        if (!out->sum_min)
            out->sum_min = v;
        out->sum_max = v;
    }
}

static void derful_enum_clear(struct derful_census *out, int n, int suits)
{
    memset(out, 0, sizeof *out);
    out->n = n;
    out->suits = suits;
}

int derful_enum_count_sums(int n, int suits, int sum_lo, int sum_hi, struct derful_census *out,
                           derful_enum_game_fn on_game, derful_enum_progress_fn progress, void *ctx)
{
    if (!out || n < 2 || n > DERFUL_ENUM_NMAX || suits < 1 || suits > DERFUL_ENUM_MAX_SUITS
        || sum_lo > sum_hi)
        return GA_ERANGE;
    derful_enum_clear(out, n, suits);

    int lo = n * DERFUL_ENUM_VMIN, hi = n * DERFUL_ENUM_VMAX;
    if (sum_lo > lo)
        lo = sum_lo;
    if (sum_hi < hi)
        hi = sum_hi;

    struct derful_enum_search *s = calloc(1, sizeof *s);
    size_t max_rows = 1;
    for (int i = 0; i < n; i++)
        max_rows *= DERFUL_ENUM_NVALUES;
    int *rows = malloc(max_rows * (size_t)n * sizeof *rows);
    unsigned *sorted_key = malloc(max_rows * sizeof *sorted_key);
    if (!s || !rows || !sorted_key) {
        free(s);
        free(rows);
        free(sorted_key);
        return GA_ENOMEM;
    }
    s->n = n;
    s->rows = rows;
    s->sorted_key = sorted_key;
    s->out = out;
    s->on_game = on_game;
    s->progress = progress;
    s->ctx = ctx;
    for (int v = DERFUL_ENUM_VMIN; v <= DERFUL_ENUM_VMAX; v++)
        s->cap[v] = v == 10 ? 4 * suits : suits;
    derful_enum_perms(s);

    if (lo <= hi)                         /* a range beyond what n allows holds no game */
        s->progress_span = 1.0 / (hi - lo + 1);
    for (int sum = lo; sum <= hi && !s->out_of_memory; sum++) {
        s->sum = sum;
        s->progress_base = (sum - lo) * s->progress_span;
        derful_enum_tuples(s);
        derful_enum_place_row(s, 0, 0);
    }

    int status = GA_OK;
    if (s->out_of_memory) {
        derful_enum_clear(out, n, suits);
        status = GA_ENOMEM;
    } else {
        derful_enum_summarise(s);
        if (progress)
            progress(ctx, 1.0);
    }
    free(s->keys);
    free(rows);
    free(sorted_key);
    free(s);
    return status;
}

int derful_enum_count(int n, int suits, struct derful_census *out,
                      derful_enum_game_fn on_game, derful_enum_progress_fn progress, void *ctx)
{
    if (n > DERFUL_ENUM_NMAX_FULL)
        return GA_ERANGE;
    return derful_enum_count_sums(n, suits, n * DERFUL_ENUM_VMIN, n * DERFUL_ENUM_VMAX, out,
                                  on_game, progress, ctx);
}
