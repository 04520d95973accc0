/* bench/plain.c — the benchmark GA (../shared/spec/benchmark.md) as one plain C loop: the lower bound gaexp is measured against. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- xoshiro256** (Blackman and Vigna), seeded through splitmix64 -------- */

static uint64_t rng_s[4];

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void rng_seed(uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rng_s[i] = splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(void)
{
    uint64_t result = rotl(rng_s[1] * 5, 7) * 9, t = rng_s[1] << 17;
    rng_s[2] ^= rng_s[0];
    rng_s[3] ^= rng_s[1];
    rng_s[1] ^= rng_s[2];
    rng_s[0] ^= rng_s[3];
    rng_s[2] ^= t;
    rng_s[3] = rotl(rng_s[3], 45);
    return result;
}

/* Uniform in [0, n), n < 2^32: Lemire's multiply-shift with rejection. */
static inline uint32_t below(uint32_t n)
{
    uint64_t m = (rng_next() >> 32) * n;
    if ((uint32_t)m < n) {
        uint32_t threshold = -n % n;
        while ((uint32_t)m < threshold)
            m = (rng_next() >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

static inline double uniform(void) /* [0, 1) */
{
    return (double)(rng_next() >> 11) * 0x1.0p-53;
}

/* ---- the GA, common part ----------------------------------------------- */

#define P_CROSS 0.6

struct opts {
    const char *problem;
    long n, g;
    uint64_t seed;
    int stop;        /* end at the first generation holding the optimum */
    int per_bit;     /* OneMax: one draw per bit instead of geometric gaps */
    int packed;      /* OneMax: 64 bits per word */
    const char *xcheck;
};

struct result {
    unsigned long long evaluations;
    long best;      /* the spec's fitness: ones for OneMax, squared deviations for 31-derful */
    long first_hit; /* -1 when never */
    long generations;
};

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void *xmalloc(size_t size)
{
    void *p = malloc(size);
    if (!p) {
        fprintf(stderr, "plain: out of memory\n");
        exit(1);
    }
    return p;
}

/* Binary tournament, lower key wins, a tie goes to the first drawn. */
static inline uint32_t tournament(const int *key, uint32_t n)
{
    uint32_t a = below(n), b = below(n);
    return key[b] < key[a] ? b : a;
}

static inline uint32_t best_index(const int *key, uint32_t n)
{
    uint32_t best = 0;
    for (uint32_t i = 1; i < n; i++)
        if (key[i] < key[best])
            best = i;
    return best;
}

/* ---- (A) OneMax, one byte per bit ------------------------------------------- */

#define OM_BITS 1000
#define OM_PMUT 0.001

static double om_log_keep;

/* Bits skipped before the next flip: geometric, the same law as one draw per bit. */
static inline size_t om_gap(void)
{
    double u = 1.0 - uniform(); /* (0, 1] */
    double gap = floor(log(u) / om_log_keep);
    return gap < OM_BITS ? (size_t)gap : OM_BITS;
}

static void om_mutate(uint8_t *g, int per_bit)
{
    if (per_bit) {
        for (size_t i = 0; i < OM_BITS; i++)
            if (uniform() < OM_PMUT)
                g[i] ^= 1;
        return;
    }
    for (size_t i = om_gap(); i < OM_BITS; i += 1 + om_gap())
        g[i] ^= 1;
}

/* Key = zero bits (lower is better); the spec's fitness is OM_BITS - key. */
static int om_zeros(const uint8_t *g)
{
    int ones = 0;
    for (size_t i = 0; i < OM_BITS; i++)
        ones += g[i];
    return OM_BITS - ones;
}

static struct result run_onemax(const struct opts *o)
{
    uint32_t n = (uint32_t)o->n;
    uint8_t *pop = xmalloc((size_t)n * OM_BITS), *next = xmalloc((size_t)n * OM_BITS);
    int *key = xmalloc(n * sizeof *key), *next_key = xmalloc(n * sizeof *key);
    uint8_t spare[OM_BITS];
    struct result res = {0, 0, -1, 0};
    om_log_keep = log1p(-OM_PMUT);

    for (uint32_t i = 0; i < n; i++) {
        uint8_t *g = pop + (size_t)i * OM_BITS;
        for (size_t j = 0; j < OM_BITS; j += 64) {
            uint64_t w = rng_next();
            for (size_t k = j; k < j + 64 && k < OM_BITS; k++, w >>= 1)
                g[k] = w & 1;
        }
        key[i] = om_zeros(g);
    }
    res.evaluations = n;
    long gen = 0;
    for (;;) {
        uint32_t b = best_index(key, n);
        if (key[b] == 0 && res.first_hit < 0)
            res.first_hit = gen;
        if (gen == o->g || (o->stop && res.first_hit >= 0)) {
            res.best = OM_BITS - key[b];
            break;
        }
        memcpy(next, pop + (size_t)b * OM_BITS, OM_BITS);
        next_key[0] = key[b];
        for (uint32_t slot = 1; slot < n; slot += 2) {
            const uint8_t *pa = pop + (size_t)tournament(key, n) * OM_BITS;
            const uint8_t *pb = pop + (size_t)tournament(key, n) * OM_BITS;
            uint8_t *ca = next + (size_t)slot * OM_BITS;
            int second = slot + 1 < n;
            uint8_t *cb = second ? ca + OM_BITS : spare;
            if (uniform() < P_CROSS) {
                size_t cut = 1 + below(OM_BITS - 1);
                memcpy(ca, pa, cut);
                memcpy(ca + cut, pb + cut, OM_BITS - cut);
                memcpy(cb, pb, cut);
                memcpy(cb + cut, pa + cut, OM_BITS - cut);
            } else {
                memcpy(ca, pa, OM_BITS);
                memcpy(cb, pb, OM_BITS);
            }
            om_mutate(ca, o->per_bit);
            next_key[slot] = om_zeros(ca);
            if (second) {
                om_mutate(cb, o->per_bit);
                next_key[slot + 1] = om_zeros(cb);
            }
        }
        res.evaluations += n - 1;
        uint8_t *t = pop;
        pop = next;
        next = t;
        int *tk = key;
        key = next_key;
        next_key = tk;
        gen++;
    }
    res.generations = gen;
    free(pop);
    free(next);
    free(key);
    free(next_key);
    return res;
}

/* ---- (A') OneMax bit-packed: 16 words of 64 bits, the unused top bits stay 0 -- */

#define OM_WORDS ((OM_BITS + 63) / 64)
#define OM_LAST_MASK ((OM_BITS % 64) ? (1ULL << (OM_BITS % 64)) - 1 : ~0ULL)

static int omp_zeros(const uint64_t *g)
{
    int ones = 0;
    for (int w = 0; w < OM_WORDS; w++)
        ones += __builtin_popcountll(g[w]);
    return OM_BITS - ones;
}

static inline void omp_cross(const uint64_t *a, const uint64_t *b, size_t cut, uint64_t *c)
{
    size_t w = cut / 64;
    uint64_t low = (1ULL << (cut % 64)) - 1;
    memcpy(c, a, w * sizeof *c);
    c[w] = (a[w] & low) | (b[w] & ~low);
    memcpy(c + w + 1, b + w + 1, (OM_WORDS - w - 1) * sizeof *c);
}

static void omp_mutate(uint64_t *g)
{
    for (size_t i = om_gap(); i < OM_BITS; i += 1 + om_gap())
        g[i / 64] ^= 1ULL << (i % 64);
}

static struct result run_onemax_packed(const struct opts *o)
{
    uint32_t n = (uint32_t)o->n;
    size_t bytes = (size_t)n * OM_WORDS * sizeof(uint64_t);
    uint64_t *pop = xmalloc(bytes), *next = xmalloc(bytes);
    int *key = xmalloc(n * sizeof *key), *next_key = xmalloc(n * sizeof *key);
    uint64_t spare[OM_WORDS];
    struct result res = {0, 0, -1, 0};
    om_log_keep = log1p(-OM_PMUT);

    for (uint32_t i = 0; i < n; i++) {
        uint64_t *g = pop + (size_t)i * OM_WORDS;
        for (int w = 0; w < OM_WORDS; w++)
            g[w] = rng_next();
        g[OM_WORDS - 1] &= OM_LAST_MASK;
        key[i] = omp_zeros(g);
    }
    res.evaluations = n;
    long gen = 0;
    for (;;) {
        uint32_t b = best_index(key, n);
        if (key[b] == 0 && res.first_hit < 0)
            res.first_hit = gen;
        if (gen == o->g || (o->stop && res.first_hit >= 0)) {
            res.best = OM_BITS - key[b];
            break;
        }
        memcpy(next, pop + (size_t)b * OM_WORDS, OM_WORDS * sizeof *next);
        next_key[0] = key[b];
        for (uint32_t slot = 1; slot < n; slot += 2) {
            const uint64_t *pa = pop + (size_t)tournament(key, n) * OM_WORDS;
            const uint64_t *pb = pop + (size_t)tournament(key, n) * OM_WORDS;
            uint64_t *ca = next + (size_t)slot * OM_WORDS;
            int second = slot + 1 < n;
            uint64_t *cb = second ? ca + OM_WORDS : spare;
            if (uniform() < P_CROSS) {
                size_t cut = 1 + below(OM_BITS - 1);
                omp_cross(pa, pb, cut, ca);
                omp_cross(pb, pa, cut, cb);
            } else {
                memcpy(ca, pa, OM_WORDS * sizeof *ca);
                memcpy(cb, pb, OM_WORDS * sizeof *cb);
            }
            omp_mutate(ca);
            next_key[slot] = omp_zeros(ca);
            if (second) {
                omp_mutate(cb);
                next_key[slot + 1] = omp_zeros(cb);
            }
        }
        res.evaluations += n - 1;
        uint64_t *t = pop;
        pop = next;
        next = t;
        int *tk = key;
        key = next_key;
        next_key = tk;
        gen++;
    }
    res.generations = gen;
    free(pop);
    free(next);
    free(key);
    free(next_key);
    return res;
}

/* ---- (B) 31-derful 5x5 ------------------------------------------------------ */

#define DF_CELLS 25
#define DF_PMUT 0.01

static int df_value[52];
static uint64_t df_of_value[12]; /* cards of value v, bit c = card c */

static void df_tables(void)
{
    for (int c = 0; c < 52; c++) {
        int rank = c / 4;
        df_value[c] = rank < 8 ? rank + 2 : rank < 12 ? 10 : 11;
        df_of_value[df_value[c]] |= 1ULL << c;
    }
}

static inline int df_fitness(const uint8_t *g)
{
    int rows[5] = {0}, cols[5] = {0}, f = 0;
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++) {
            int v = df_value[g[5 * i + j]];
            rows[i] += v;
            cols[j] += v;
        }
    for (int i = 0; i < 5; i++)
        f += (rows[i] - 31) * (rows[i] - 31) + (cols[i] - 31) * (cols[i] - 31);
    return f;
}

static inline uint64_t df_set(const uint8_t *g)
{
    uint64_t s = 0;
    for (int i = 0; i < DF_CELLS; i++)
        s |= 1ULL << g[i];
    return s;
}

static void df_init(uint8_t *g)
{
    uint8_t deck[52];
    for (int c = 0; c < 52; c++)
        deck[c] = (uint8_t)c;
    for (int i = 0; i < DF_CELLS; i++) {
        int j = i + (int)below((uint32_t)(52 - i));
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
        g[i] = deck[i];
    }
}

/* Child = p with row r taken from q, then every incoming card that the other
 * 20 cells hold becomes the unused card of the nearest value (lower value
 * first, then the lowest code), in column order. */
static inline void df_child(const uint8_t *p, const uint8_t *q, int r, uint8_t *c)
{
    memcpy(c, p, DF_CELLS);
    memcpy(c + 5 * r, q + 5 * r, 5);
    uint64_t outside = 0;
    for (int i = 0; i < DF_CELLS; i++)
        if (i / 5 != r)
            outside |= 1ULL << c[i];
    uint64_t used = df_set(c);
    for (int j = 0; j < 5; j++) {
        int card = c[5 * r + j];
        if (!(outside >> card & 1))
            continue;
        int v = df_value[card], fresh = -1;
        for (int step = 0; fresh < 0; step++) {
            if (v - step >= 2 && (df_of_value[v - step] & ~used))
                fresh = __builtin_ctzll(df_of_value[v - step] & ~used);
            else if (step && v + step <= 11 && (df_of_value[v + step] & ~used))
                fresh = __builtin_ctzll(df_of_value[v + step] & ~used);
        }
        c[5 * r + j] = (uint8_t)fresh;
        used |= 1ULL << fresh;
    }
}

static inline void df_mutate(uint8_t *g)
{
    if (uniform() >= DF_PMUT)
        return;
    int cell = (int)below(DF_CELLS);
    uint64_t used = df_set(g);
    uint32_t c;
    do
        c = below(52);
    while (used >> c & 1);
    g[cell] = (uint8_t)c;
}

static struct result run_derful(const struct opts *o)
{
    uint32_t n = (uint32_t)o->n;
    uint8_t *pop = xmalloc((size_t)n * DF_CELLS), *next = xmalloc((size_t)n * DF_CELLS);
    int *key = xmalloc(n * sizeof *key), *next_key = xmalloc(n * sizeof *key);
    uint8_t spare[DF_CELLS];
    struct result res = {0, 0, -1, 0};

    for (uint32_t i = 0; i < n; i++) {
        df_init(pop + (size_t)i * DF_CELLS);
        key[i] = df_fitness(pop + (size_t)i * DF_CELLS);
    }
    res.evaluations = n;
    long gen = 0;
    for (;;) {
        uint32_t b = best_index(key, n);
        if (key[b] == 0 && res.first_hit < 0)
            res.first_hit = gen;
        if (gen == o->g || (o->stop && res.first_hit >= 0)) {
            res.best = key[b];
            break;
        }
        memcpy(next, pop + (size_t)b * DF_CELLS, DF_CELLS);
        next_key[0] = key[b];
        for (uint32_t slot = 1; slot < n; slot += 2) {
            const uint8_t *pa = pop + (size_t)tournament(key, n) * DF_CELLS;
            const uint8_t *pb = pop + (size_t)tournament(key, n) * DF_CELLS;
            uint8_t *ca = next + (size_t)slot * DF_CELLS;
            int second = slot + 1 < n;
            uint8_t *cb = second ? ca + DF_CELLS : spare;
            if (uniform() < P_CROSS) {
                int r = (int)below(5);
                df_child(pa, pb, r, ca);
                df_child(pb, pa, r, cb);
            } else {
                memcpy(ca, pa, DF_CELLS);
                memcpy(cb, pb, DF_CELLS);
            }
            df_mutate(ca);
            next_key[slot] = df_fitness(ca);
            if (second) {
                df_mutate(cb);
                next_key[slot + 1] = df_fitness(cb);
            }
        }
        res.evaluations += n - 1;
        uint8_t *t = pop;
        pop = next;
        next = t;
        int *tk = key;
        key = next_key;
        next_key = tk;
        gen++;
    }
    res.generations = gen;
    free(pop);
    free(next);
    free(key);
    free(next_key);
    return res;
}

/* Cross-check: each line of FILE is "r a0..a24 b0..b24"; prints
 * "c1[25] c2[25] fitness1 fitness2" per line (bench/xcheck.sh compares). */
static int xcheck(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    int r;
    while (fscanf(f, "%d", &r) == 1) {
        uint8_t a[DF_CELLS], b[DF_CELLS], c1[DF_CELLS], c2[DF_CELLS];
        for (int k = 0; k < 2 * DF_CELLS; k++) {
            int v;
            if (fscanf(f, "%d", &v) != 1 || v < 0 || v > 51 || r < 0 || r > 4) {
                fprintf(stderr, "plain: %s: malformed case\n", path);
                return 1;
            }
            (k < DF_CELLS ? a : b)[k % DF_CELLS] = (uint8_t)v;
        }
        df_child(a, b, r, c1);
        df_child(b, a, r, c2);
        for (int i = 0; i < DF_CELLS; i++)
            printf("%d ", c1[i]);
        for (int i = 0; i < DF_CELLS; i++)
            printf("%d ", c2[i]);
        printf("%d %d\n", df_fitness(c1), df_fitness(c2));
    }
    fclose(f);
    return 0;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: plain [--problem onemax|derful] [-N N] [-G G] [--seed S] [--stop]\n"
            "             [--per-bit | --packed] (OneMax)   |   plain --xcheck FILE\n"
            "Runs the benchmark GA of ../shared/spec/benchmark.md and prints one line:\n"
            "evaluations=E best=B first_hit=H generations=G cpu=SECONDS\n");
    exit(2);
}

int main(int argc, char **argv)
{
    struct opts o = {"derful", 1000, -1, 1, 0, 0, 0, NULL};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--problem") && v)
            o.problem = v, i++;
        else if (!strcmp(a, "-N") && v)
            o.n = atol(v), i++;
        else if (!strcmp(a, "-G") && v)
            o.g = atol(v), i++;
        else if (!strcmp(a, "--seed") && v)
            o.seed = strtoull(v, NULL, 10), i++;
        else if (!strcmp(a, "--xcheck") && v)
            o.xcheck = v, i++;
        else if (!strcmp(a, "--stop"))
            o.stop = 1;
        else if (!strcmp(a, "--per-bit"))
            o.per_bit = 1;
        else if (!strcmp(a, "--packed"))
            o.packed = 1;
        else
            usage();
    }
    df_tables();
    if (o.xcheck)
        return xcheck(o.xcheck);
    int onemax = !strcmp(o.problem, "onemax");
    if ((!onemax && strcmp(o.problem, "derful")) || o.n < 2 || o.n > 100000000 ||
        (o.per_bit && o.packed) || ((o.per_bit || o.packed) && !onemax))
        usage();
    if (o.g < 0)
        o.g = onemax ? 100 : 200;
    rng_seed(o.seed);
    double t0 = cpu_now();
    struct result r = !onemax ? run_derful(&o) : o.packed ? run_onemax_packed(&o) : run_onemax(&o);
    double cpu = cpu_now() - t0;
    printf("evaluations=%llu best=%ld first_hit=%ld generations=%ld cpu=%.6f\n", r.evaluations,
           r.best, r.first_hit, r.generations, cpu);
    return 0;
}
