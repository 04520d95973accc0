/* problems/pbo/pbo_suite.c — the 25 functions of IOHprofiler's PBO suite, their instances and optima. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "problems/pbo/pbo.h"

const char *const pbo_names[PBO_FUNCTIONS] = {
    "OneMax",          "LeadingOnes",           "Linear",
    "OneMaxDummy1",    "OneMaxDummy2",          "OneMaxNeutrality",
    "OneMaxEpistasis", "OneMaxRuggedness1",     "OneMaxRuggedness2",
    "OneMaxRuggedness3", "LeadingOnesDummy1",   "LeadingOnesDummy2",
    "LeadingOnesNeutrality", "LeadingOnesEpistasis", "LeadingOnesRuggedness1",
    "LeadingOnesRuggedness2", "LeadingOnesRuggedness3", "LABS",
    "IsingRing",       "IsingTorus",            "IsingTriangular",
    "MIS",             "NQueens",               "ConcatenatedTrap",
    "NKLandscapes",
};

/* ---- IOH's random numbers ------------------------------------------------ */

/* One step of the Park–Miller generator by Schrage's method (seed > 0). */
static long pbo_lcg(long seed)
{
    long hi = seed / 127773;
    seed = 16807 * (seed - hi * 127773) - 2836 * hi;
    return seed < 0 ? seed + 2147483647 : seed;
}

/* Forty warm-up steps fill the table (the last 32 of them, from the end);
 * then each draw picks a slot by the previous number, returns the slot's
 * number and puts the next LCG step of the previous number there. */
void pbo_uniform(size_t n, long seed, double *out)
{
    long table[32];
    for (int i = 39; i >= 0; i--) {
        seed = pbo_lcg(seed);
        if (i < 32)
            table[i] = seed;
    }
    for (size_t i = 0; i < n; i++) {
        long next = pbo_lcg(seed);
        int slot = (int)floor((double)seed / 67108865.0);
        seed = table[slot];
        table[slot] = next;
        out[i] = (double)seed / 2.147483647e9;
        if (out[i] == 0.0)
            out[i] = 1e-99;
    }
}

/* ---- the W-model layers and the ruggedness maps ------------------------- */

static size_t pbo_ones(const unsigned char *x, size_t n)
{
    size_t s = 0;
    for (size_t i = 0; i < n; i++)
        s += x[i];
    return s;
}

static size_t pbo_leading(const unsigned char *x, size_t n)
{
    size_t i = 0;
    while (i < n && x[i])
        i++;
    return i;
}

/* Neutrality with blocks of 3: block j is 1 when at least two of its bits
 * are; the last n mod 3 bits count for nothing. */
static size_t pbo_neutral(const unsigned char *x, size_t n, unsigned char *y)
{
    size_t m = n / 3;
    for (size_t j = 0; j < m; j++)
        y[j] = x[3 * j] + x[3 * j + 1] + x[3 * j + 2] >= 2;
    return m;
}

/* Epistasis with blocks of 4 (the last block shorter): output bit i of a
 * block of v is the XOR of the block's bits but one, bit (i + 1), for
 * i < v - 1, and of all v for i = v - 1.  Each block maps one-to-one. */
static void pbo_epistasis(const unsigned char *x, size_t n, unsigned char *y)
{
    for (size_t h = 0; h < n; h += 4) {
        size_t v = n - h < 4 ? n - h : 4;
        for (size_t i = 0; i < v; i++) {
            unsigned char r = 0;
            for (size_t j = 0; j < v; j++)
                if (i + 1 == v || j != i + 1)
                    r ^= x[h + j];
            y[h + i] = r;
        }
    }
}

static size_t pbo_rugged1(size_t y, size_t n)
{
    if (y == n)
        return (n + 1) / 2 + 1;
    return n % 2 == 0 ? y / 2 + 1 : (y + 1) / 2 + 1;
}

static size_t pbo_rugged2(size_t y, size_t n)
{
    if (y == n)
        return y;
    if (y % 2 == n % 2) /* both even or both odd */
        return y + 1;
    return y > 0 ? y - 1 : 0;
}

/* ---- the graph problems -------------------------------------------------- */

static size_t pbo_side(size_t n)
{
    size_t s = (size_t)sqrt((double)n);
    while (s * s > n)
        s--;
    while ((s + 1) * (s + 1) <= n)
        s++;
    return s;
}

static size_t pbo_ising(int function, const unsigned char *x, size_t n)
{
    size_t agree = 0;
    if (function == 19) {
        for (size_t i = 0; i < n; i++)
            agree += x[i] == x[(i + n - 1) % n];
        return agree;
    }
    size_t s = pbo_side(n);
    for (size_t i = 0; i < s; i++)
        for (size_t j = 0; j < s; j++) {
            unsigned char c = x[i * s + j];
            size_t down = (i + 1) % s, right = (j + 1) % s;
            agree += c == x[down * s + j];
            agree += c == x[i * s + right];
            if (function == 21)
                agree += c == x[down * s + right];
        }
    return agree;
}

/* MIS on IOH's graph over the first N = n rounded down to even vertices,
 * numbered from 1: i ~ i + 1 (i != N/2), i ~ i + N/2 + 1 (i < N/2),
 * i ~ i + N/2 - 1 (2 <= i <= N/2).  f = |S| - N * (edges inside S). */
static double pbo_mis(const unsigned char *x, size_t n)
{
    size_t big = n - n % 2, half = big / 2;
    long ones = 0, inside = 0;
    for (size_t i = 1; i <= big; i++) {
        if (!x[i - 1])
            continue;
        ones++;
        size_t to[3], k = 0;
        if (i != half)
            to[k++] = i + 1;
        if (i + 1 <= half)
            to[k++] = i + half + 1;
        if (i >= 2 && i <= half)
            to[k++] = i + half - 1;
        for (size_t a = 0; a < k; a++) {
            bool again = false;
            for (size_t b = 0; b < a; b++)
                again |= to[b] == to[a];
            if (!again && to[a] <= big && x[to[a] - 1])
                inside++;
        }
    }
    return (double)(ones - (long)big * inside);
}

/* Queens on the first N*N bits, N = sqrt(n): the queens less N per extra
 * queen on a row, a column or a diagonal (of two cells or more). */
static double pbo_queens(const unsigned char *x, size_t n)
{
    long q = (long)pbo_side(n), queens = (long)pbo_ones(x, n), extra = 0;
    for (long i = 0; i < q; i++) {
        long row = 0, col = 0;
        for (long j = 0; j < q; j++) {
            row += x[i * q + j];
            col += x[j * q + i];
        }
        extra += (row > 1 ? row - 1 : 0) + (col > 1 ? col - 1 : 0);
    }
    for (long d = 2 - q; d <= q - 2; d++) { /* column - row = d */
        long on = 0;
        for (long i = 0; i < q; i++)
            if (i + d >= 0 && i + d < q)
                on += x[i * q + i + d];
        extra += on > 1 ? on - 1 : 0;
    }
    for (long s = 1; s <= 2 * q - 3; s++) { /* row + column = s */
        long on = 0;
        for (long i = 0; i < q; i++)
            if (s - i >= 0 && s - i < q)
                on += x[i * q + s - i];
        extra += on > 1 ? on - 1 : 0;
    }
    return (double)(queens - q * extra);
}

/* Traps of 5 over the m = n / 5 full blocks; the n mod 5 = r bits left
 * are scored by a last trap of size r that IOH reads from bit 4m (not
 * 5m), so it overlaps the full blocks when m > 0.  Numerators are added
 * as integers, so every string with the same traps gets the same bits. */
static double pbo_trap(const unsigned char *x, size_t n)
{
    size_t m = n / 5, r = n - 5 * m;
    long full = 0;
    for (size_t b = 0; b < m; b++) {
        long s = (long)pbo_ones(x + 5 * b, 5);
        full += s == 5 ? 5 : 4 - s;
    }
    double f = (double)full / 5.0;
    if (r) {
        long s = (long)pbo_ones(x + 4 * m, n - 4 * m);
        f += (double)(s == (long)r ? (long)r : (long)r - 1 - s) / (double)r;
    }
    return f;
}

/* LABS: the sum of the squared autocorrelations. */
static double pbo_labs_energy(const unsigned char *x, size_t n)
{
    double e = 0;
    for (size_t k = 1; k < n; k++) {
        long c = 0;
        for (size_t i = 0; i + k < n; i++)
            c += x[i] == x[i + k] ? 1 : -1;
        e += (double)(c * c);
    }
    return e;
}

static double pbo_nk(const struct pbo *p, const unsigned char *x)
{
    double s = 0;
    for (size_t i = 0; i < p->n; i++)
        s += p->nk_table[4 * i + x[i] + 2 * x[p->nk_link[i]]];
    return -(s / (double)p->n);
}

/* ---- f ------------------------------------------------------------------- */

double pbo_raw(const struct pbo *p, const unsigned char *x)
{
    size_t n = p->n, k = 0;
    unsigned char y[PBO_MAX_DIMENSION];
    switch (p->function) {
    case 1:
        return (double)pbo_ones(x, n);
    case 2:
        return (double)pbo_leading(x, n);
    case 3: {
        double s = 0;
        for (size_t i = 0; i < n; i++)
            s += x[i] ? (double)(i + 1) : 0.0;
        return s;
    }
    case 4:
    case 5:
        for (size_t i = 0; i < p->npicked; i++)
            k += x[p->picked[i]];
        return (double)k;
    case 11:
    case 12:
        while (k < p->npicked && x[p->picked[k]])
            k++;
        return (double)k;
    case 6:
        k = pbo_neutral(x, n, y);
        return (double)pbo_ones(y, k);
    case 13:
        k = pbo_neutral(x, n, y);
        return (double)pbo_leading(y, k);
    case 7:
        pbo_epistasis(x, n, y);
        return (double)pbo_ones(y, n);
    case 14:
        pbo_epistasis(x, n, y);
        return (double)pbo_leading(y, n);
    case 8:
        return (double)pbo_rugged1(pbo_ones(x, n), n);
    case 9:
        return (double)pbo_rugged2(pbo_ones(x, n), n);
    case 10:
        return p->rugged[pbo_ones(x, n)];
    case 15:
        return (double)pbo_rugged1(pbo_leading(x, n), n);
    case 16:
        return (double)pbo_rugged2(pbo_leading(x, n), n);
    case 17:
        return p->rugged[pbo_leading(x, n)];
    case 18:
        return (double)(n * n) / 2.0 / pbo_labs_energy(x, n);
    case 19:
    case 20:
    case 21:
        return (double)pbo_ising(p->function, x, n);
    case 22:
        return pbo_mis(x, n);
    case 23:
        return pbo_queens(x, n);
    case 24:
        return pbo_trap(x, n);
    case 25:
        return pbo_nk(p, x);
    }
    return NAN;
}

/* x' of the instance: g XOR the flip mask, or g read in the instance's order. */
static void pbo_transform(const struct pbo *p, const ga_gene *g, unsigned char *x)
{
    for (size_t i = 0; i < p->n; i++) {
        size_t at = p->order ? p->order[i] : i;
        unsigned char b = (unsigned char)(p->packed ? ga_genome_packed_bit(g, at) : g[at] & 1u);
        x[i] = p->flip ? (unsigned char)(b ^ p->flip[i]) : b;
    }
}

double pbo_value(const struct pbo *p, const ga_gene *g)
{
    unsigned char x[PBO_MAX_DIMENSION];
    pbo_transform(p, g, x);
    return pbo_raw(p, x) * p->scale + p->shift;
}

/* F1 and F2 on packed words XOR the flip mask (instances 1 to 50): a
 * popcount, or the first zero bit, a word at a time. */
static double pbo_raw_words(const struct pbo *p, const ga_gene *g)
{
    const uint64_t *w = ga_genome_cwords(g);
    size_t words = GA_PACKED_WORDS(p->n), f = 0;
    for (size_t k = 0; k < words; k++) {
        uint64_t x = w[k] ^ (p->flip_words ? p->flip_words[k] : 0);
        if (p->function == 1) {
            f += (size_t)__builtin_popcountll(x);
        } else if (~x) {
            f += (size_t)__builtin_ctzll(~x);
            break;
        } else {
            f += GA_PACKED_WORD_BITS;
        }
    }
    return (double)f; /* the padding bits are 0 in both: a count stops at n */
}

double pbo_fitness(const struct pbo *p, const ga_gene *g)
{
    double raw;
    if (p->packed && (p->function == 1 || p->function == 2) && !p->order) {
        raw = pbo_raw_words(p, g);
    } else {
        unsigned char x[PBO_MAX_DIMENSION];
        pbo_transform(p, g, x);
        raw = pbo_raw(p, x);
    }
    double d = p->scale * (p->best - raw);
    return d > 0 ? d : 0;
}

double pbo_best_value(const struct pbo *p)
{
    return p->best * p->scale + p->shift;
}

/* ---- building an instance ------------------------------------------------ */

const char *pbo_dimension_rule(int function, size_t n)
{
    if (n < 2 || n > PBO_MAX_DIMENSION)
        return "a dimension in [2, 65536]";
    if ((function == 6 || function == 13) && n < 3)
        return "a dimension of 3 or more (blocks of 3)";
    if ((function == 20 || function == 21) && (pbo_side(n) * pbo_side(n) != n))
        return "a square dimension (a side-by-side lattice: 4, 9, 16, ..., 65536)";
    if (function == 23 && pbo_side(n) * pbo_side(n) != n)
        return "a square dimension (an N x N board: 4, 9, 16, ..., 65536)";
    return NULL;
}

/* IOH's dummy variables: floor(n * rate) of them, drawn with seed 10000
 * by swapping position i with a random one, then sorted. */
static size_t *pbo_pick(size_t n, double rate, size_t *count)
{
    size_t k = (size_t)floor((double)n * rate);
    size_t *pos = malloc(n * sizeof *pos);
    double *r = malloc((k ? k : 1) * sizeof *r);
    if (!pos || !r) {
        free(pos);
        free(r);
        return NULL;
    }
    pbo_uniform(k, 10000, r);
    for (size_t i = 0; i < n; i++)
        pos[i] = i;
    for (size_t i = 0; i < k; i++) {
        size_t j = (size_t)floor(r[i] * 1e4 / 1e4 * (double)n);
        size_t t = pos[i];
        pos[i] = pos[j];
        pos[j] = t;
    }
    free(r);
    for (size_t i = 1; i < k; i++) /* insertion sort of the first k */
        for (size_t j = i; j > 0 && pos[j - 1] > pos[j]; j--) {
            size_t t = pos[j];
            pos[j] = pos[j - 1];
            pos[j - 1] = t;
        }
    *count = k;
    return pos;
}

/* Ruggedness 3: blocks of five values reversed from the top, the n mod 5
 * lowest reversed too; f(n) = n. */
static double *pbo_rugged3_table(size_t n)
{
    double *t = calloc(n + 1, sizeof *t);
    if (!t)
        return NULL;
    for (size_t j = 1; j <= n / 5; j++)
        for (size_t k = 0; k < 5; k++)
            t[n - 5 * j + k] = (double)(n - 5 * j + 4 - k);
    for (size_t k = 0; k < n % 5; k++)
        t[k] = (double)(n % 5 - 1 - k);
    t[n] = (double)n;
    return t;
}

/* NK landscapes with K = 1: term i reads x_i and x_link(i), link(i) =
 * floor(u * n) for u the first number of seed i + 1, and its four values
 * are the numbers of seed 2 (i + 1). */
static bool pbo_nk_build(struct pbo *p)
{
    size_t n = p->n;
    p->nk_link = malloc(n * sizeof *p->nk_link);
    p->nk_table = malloc(4 * n * sizeof *p->nk_table);
    if (!p->nk_link || !p->nk_table)
        return false;
    for (size_t i = 0; i < n; i++) {
        double u;
        pbo_uniform(1, (long)(i + 1), &u);
        p->nk_link[i] = (size_t)floor(u * (double)n);
        pbo_uniform(4, (long)(2 * (i + 1)), p->nk_table + 4 * i);
    }
    return true;
}

/* The exact optimum of NK with K = 1: the links make a functional graph
 * (every variable one outgoing link), each component one cycle with trees
 * hanging from it.  Trees are folded into their roots leaf first (Kahn's
 * order), then each cycle is solved for both values of one of its
 * variables; x gets an optimal string.  Minimises the sum of the terms. */
static bool pbo_nk_optimum(const struct pbo *p, unsigned char *x)
{
    size_t n = p->n;
    double *acc = calloc(2 * n, sizeof *acc), *dp = malloc(2 * n * sizeof *dp);
    unsigned char *pick = malloc(2 * n), *done = calloc(n, 1);
    size_t *indeg = calloc(n, sizeof *indeg), *queue = malloc(n * sizeof *queue);
    bool ok = acc && dp && pick && done && indeg && queue;
    if (ok) {
        const double *t = p->nk_table;
        const size_t *link = p->nk_link;
        size_t head = 0, tail = 0;
        for (size_t i = 0; i < n; i++)
            indeg[link[i]]++;
        for (size_t i = 0; i < n; i++)
            if (!indeg[i])
                queue[tail++] = i;
        while (head < tail) { /* a tree node: its best value for each value of its link */
            size_t i = queue[head++], to = link[i];
            done[i] = 1;
            for (int b = 0; b < 2; b++) {
                double c0 = t[4 * i + 2 * b] + acc[2 * i], c1 = t[4 * i + 1 + 2 * b] + acc[2 * i + 1];
                pick[2 * i + b] = c1 < c0;
                acc[2 * to + b] += c1 < c0 ? c1 : c0;
            }
            if (--indeg[to] == 0)
                queue[tail++] = to;
        }
        for (size_t c = 0; c < n; c++) {
            if (done[c])
                continue;
            /* The cycle c -> link(c) -> ... -> c; dp[2 v + a]: the best of the
             * terms before v given x_v = a, for the start fixed to s. */
            double best = INFINITY;
            int best_s = 0;
            for (int s = 0; s < 2; s++) {
                dp[2 * c + s] = 0;
                dp[2 * c + 1 - s] = INFINITY;
                size_t v = c;
                double total = INFINITY;
                for (;;) {
                    size_t to = link[v];
                    for (int b = 0; b < 2; b++) {
                        double c0 = dp[2 * v] + t[4 * v + 2 * b] + acc[2 * v];
                        double c1 = dp[2 * v + 1] + t[4 * v + 1 + 2 * b] + acc[2 * v + 1];
                        if (to == c) {
                            if (b == s)
                                total = c1 < c0 ? c1 : c0;
                        } else {
                            dp[2 * to + b] = c1 < c0 ? c1 : c0;
                        }
                    }
                    if (to == c)
                        break;
                    v = to;
                }
                if (total < best) {
                    best = total;
                    best_s = s;
                }
            }
            /* Replay the best start, keeping each step's choice. */
            dp[2 * c + best_s] = 0;
            dp[2 * c + 1 - best_s] = INFINITY;
            size_t v = c;
            for (;;) {
                size_t to = link[v];
                if (to == c) {
                    double c0 = dp[2 * v] + t[4 * v + 2 * best_s] + acc[2 * v];
                    double c1 = dp[2 * v + 1] + t[4 * v + 1 + 2 * best_s] + acc[2 * v + 1];
                    pick[2 * v + best_s] = c1 < c0;
                    break;
                }
                for (int b = 0; b < 2; b++) {
                    double c0 = dp[2 * v] + t[4 * v + 2 * b] + acc[2 * v];
                    double c1 = dp[2 * v + 1] + t[4 * v + 1 + 2 * b] + acc[2 * v + 1];
                    pick[2 * v + b] = c1 < c0;
                    dp[2 * to + b] = c1 < c0 ? c1 : c0;
                }
                v = to;
            }
            /* Walk back around the cycle: x_v = pick[v][x_link(v)]. */
            size_t len = 0;
            for (v = c; !done[v]; v = link[v]) {
                done[v] = 2;
                queue[len++] = v;
            }
            x[c] = (unsigned char)best_s;
            for (size_t j = len; j-- > 1;)
                x[queue[j]] = pick[2 * queue[j] + x[link[queue[j]]]];
            if (len == 1) /* a self-loop: the start is the whole cycle */
                x[c] = (unsigned char)best_s;
        }
        /* Trees last, in reverse Kahn order: each node after its link. */
        head = tail = 0;
        memset(indeg, 0, n * sizeof *indeg);
        for (size_t i = 0; i < n; i++)
            indeg[p->nk_link[i]]++;
        for (size_t i = 0; i < n; i++)
            if (!indeg[i])
                queue[tail++] = i;
        while (head < tail) {
            size_t to = p->nk_link[queue[head++]];
            if (--indeg[to] == 0)
                queue[tail++] = to;
        }
        while (tail-- > 0) {
            size_t i = queue[tail];
            x[i] = pick[2 * i + x[p->nk_link[i]]];
        }
    }
    free(acc);
    free(dp);
    free(pick);
    free(done);
    free(indeg);
    free(queue);
    return ok;
}

/* The trap's optimum (see pbo_trap): every full block clear of the last
 * trap's window all ones; the blocks the window overlaps all zeros, but
 * for the first when it lies in the window by at most r bits: all ones,
 * its bits in the window then complete the window's r ones with r - o of
 * the last r bits; the window's ones exactly r.  (Ones in the window cost
 * 1/r each, an overlapping block gains 1/5 for all five.) */
static void pbo_trap_optimum(size_t n, unsigned char *x)
{
    size_t m = n / 5, r = n - 5 * m, start = 4 * m;
    memset(x, 0, n);
    if (!r) {
        memset(x, 1, n);
        return;
    }
    size_t clear = start / 5; /* blocks ending at or before the window */
    memset(x, 1, 5 * clear);
    size_t inside = 0;
    if (clear < m && start % 5) {
        size_t o = 5 * clear + 5 - start;
        if (o <= r) {
            memset(x + 5 * clear, 1, 5);
            inside = o;
        }
    }
    memset(x + 5 * m, 1, r - inside);
}

/* LABS's optimum by trying every string (n <= PBO_LABS_EXACT_MAX);
 * strings and their complements have the same energy, so x_0 = 0. */
static void pbo_labs_optimum(size_t n, unsigned char *x)
{
    unsigned char y[PBO_LABS_EXACT_MAX];
    double best = INFINITY;
    for (uint32_t bits = 0; bits < (uint32_t)1 << (n - 1); bits++) {
        y[0] = 0;
        for (size_t i = 1; i < n; i++)
            y[i] = (bits >> (i - 1)) & 1;
        double e = pbo_labs_energy(y, n);
        if (e < best) {
            best = e;
            memcpy(x, y, n);
        }
    }
}

void pbo_release(struct pbo *p)
{
    free(p->flip);
    free(p->flip_words);
    free(p->order);
    free(p->picked);
    free(p->rugged);
    free(p->nk_link);
    free(p->nk_table);
    p->flip = NULL;
    p->flip_words = NULL;
    p->order = NULL;
    p->picked = NULL;
    p->rugged = NULL;
    p->nk_link = NULL;
    p->nk_table = NULL;
}

/* The optimum f* of the untransformed function, as the evaluation itself
 * computes it at an optimal string where one is built. */
static const char *pbo_find_best(struct pbo *p)
{
    size_t n = p->n, half = (n - n % 2) / 2, q = pbo_side(n);
    unsigned char *x = malloc(n);
    if (!x)
        return "out of memory";
    memset(x, 1, n);
    p->best_exact = true;
    switch (p->function) {
    case 7:
    case 14:
        p->best = (double)n; /* the epistasis layer maps each block one-to-one */
        break;
    case 18:
        if (n <= PBO_LABS_EXACT_MAX) {
            pbo_labs_optimum(n, x);
            p->best = pbo_raw(p, x);
        } else { /* every C_k with n - k odd is odd: energy >= floor(n / 2) */
            p->best = (double)(n * n) / 2.0 / (double)(n / 2);
            p->best_exact = false;
        }
        break;
    case 22: /* IOH's formula, checked by enumeration in tests/test_pbo.c */
        p->best = (double)(half % 2 == 0 ? half : half + 1);
        break;
    case 23: /* the most queens no two of which attack each other */
        p->best = (double)(q == 2 ? 1 : q == 3 ? 2 : q);
        break;
    case 24:
        pbo_trap_optimum(n, x);
        p->best = pbo_raw(p, x);
        break;
    case 25:
        if (!pbo_nk_optimum(p, x)) {
            free(x);
            return "out of memory";
        }
        p->best = pbo_raw(p, x);
        break;
    default: /* all ones */
        p->best = pbo_raw(p, x);
    }
    free(x);
    return NULL;
}

const char *pbo_build(struct pbo *p, int function, size_t n, int instance)
{
    const char *rule = pbo_dimension_rule(function, n);
    if (rule)
        return rule;
    p->function = function;
    p->n = n;
    p->instance = instance;
    p->scale = 1;
    p->shift = 0;
    bool ok = true;
    if (function == 4 || function == 11)
        ok = (p->picked = pbo_pick(n, 0.5, &p->npicked)) != NULL;
    else if (function == 5 || function == 12)
        ok = (p->picked = pbo_pick(n, 0.9, &p->npicked)) != NULL;
    else if (function == 10 || function == 17)
        ok = (p->rugged = pbo_rugged3_table(n)) != NULL;
    else if (function == 25)
        ok = pbo_nk_build(p);
    const char *why = ok ? pbo_find_best(p) : "out of memory";
    if (why) {
        pbo_release(p);
        return why;
    }
    if (instance == 1)
        return NULL;
    double *r = malloc(n * sizeof *r), u;
    if (!r) {
        pbo_release(p);
        return "out of memory";
    }
    pbo_uniform(n, instance, r);
    if (instance <= 50) { /* XOR with bit i = 1 when u_i >= 1/2 */
        p->flip = malloc(n);
        for (size_t i = 0; p->flip && i < n; i++)
            p->flip[i] = (unsigned char)(int)(2.0 * floor(1e4 * r[i]) / 1e4);
        ok = p->flip != NULL;
    } else { /* n swaps of position 0 with position floor(u_i n) */
        p->order = malloc(n * sizeof *p->order);
        for (size_t i = 0; p->order && i < n; i++)
            p->order[i] = i;
        for (size_t i = 0; p->order && i < n; i++) {
            size_t t = (size_t)floor(r[i] * (double)n), keep = p->order[0];
            p->order[0] = p->order[t];
            p->order[t] = keep;
        }
        ok = p->order != NULL;
    }
    free(r);
    if (!ok) {
        pbo_release(p);
        return "out of memory";
    }
    pbo_uniform(1, instance, &u); /* one number for both: scale in [0.2, 5], shift in [-1000, 1000] */
    p->scale = u * (5.0 - 0.2) + 0.2;
    p->shift = u * (1e3 - -1e3) + -1e3;
    return NULL;
}

const char *pbo_pack(struct pbo *p)
{
    p->packed = true;
    if (!p->flip)
        return NULL;
    p->flip_words = calloc(GA_PACKED_WORDS(p->n), sizeof *p->flip_words);
    if (!p->flip_words)
        return "out of memory";
    for (size_t i = 0; i < p->n; i++)
        p->flip_words[i / GA_PACKED_WORD_BITS] |= (uint64_t)p->flip[i] << (i % GA_PACKED_WORD_BITS);
    return NULL;
}
