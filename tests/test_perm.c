/* tests/test_perm.c — the permutation operators: valid children, each one's defining property, the same run at any thread count. */
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "testlib.h"

#define PERM_DRAWS 100000
#define PERM_MAX 100

static const size_t perm_lengths[] = {2, 3, 8, 100};

static struct ga_genome perm_genome(size_t n)
{
    return (struct ga_genome){.len = n, .alphabet = (unsigned)n, .kind = GA_KIND_PERM};
}

static void perm_random(gsl_rng *r, size_t n, ga_gene *g)
{
    for (size_t i = 0; i < n; i++)
        g[i] = (ga_gene)i;
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = ga_rng_below(r, i + 1);
        ga_gene t = g[i];
        g[i] = g[j];
        g[j] = t;
    }
}

static bool perm_is_valid(const ga_gene *g, size_t n)
{
    bool seen[PERM_MAX] = {false};
    for (size_t i = 0; i < n; i++) {
        if (g[i] >= n || seen[g[i]])
            return false;
        seen[g[i]] = true;
    }
    return true;
}

static const struct ga_crossover *const perm_crossovers[] = {
    &ga_crossover_pmx, &ga_crossover_cx, &ga_crossover_ox2, &ga_crossover_pos, &ga_crossover_erx, NULL,
};
static const struct ga_mutation *const perm_mutations[] = {
    &ga_mutation_inversion, &ga_mutation_insertion, &ga_mutation_scramble, NULL,
};

/* Every operator is registered, for permutations, and 'gaexp list' finds it. */
static void test_registered(void **unused)
{
    (void)unused;
    for (size_t i = 0; perm_crossovers[i]; i++) {
        assert_ptr_equal(ga_catalog_crossover(&test_catalog, test_catalog_problem("animals"), perm_crossovers[i]->name), perm_crossovers[i]);
        assert_true(perm_crossovers[i]->kinds & GA_KIND_PERM);
    }
    for (size_t i = 0; perm_mutations[i]; i++) {
        assert_ptr_equal(ga_catalog_mutation(&test_catalog, test_catalog_problem("animals"), perm_mutations[i]->name), perm_mutations[i]);
        assert_true(perm_mutations[i]->kinds & GA_KIND_PERM);
    }
}

/* 10^5 draws on random parents at lengths 2, 3, 8 and 100: children are
 * permutations, and a mutation says truly whether it changed the genome. */
static void test_valid(void **unused)
{
    (void)unused;
    gsl_rng *r = test_rng_alloc(1);
    ga_gene a[PERM_MAX], b[PERM_MAX], ca[PERM_MAX], cb[PERM_MAX];
    for (size_t l = 0; l < sizeof perm_lengths / sizeof *perm_lengths; l++) {
        size_t n = perm_lengths[l];
        struct ga_genome gen = perm_genome(n);
        for (size_t i = 0; perm_crossovers[i]; i++)
            for (int d = 0; d < PERM_DRAWS; d++) {
                perm_random(r, n, a);
                perm_random(r, n, b);
                bool one = perm_crossovers[i]->one_child; /* a one-child crossover must not touch child_b */
                perm_crossovers[i]->apply(&gen, r, a, b, ca, one ? NULL : cb);
                if (!perm_is_valid(ca, n) || (!one && !perm_is_valid(cb, n)))
                    fail_msg("%s at n = %zu: a child is no permutation", perm_crossovers[i]->name, n);
            }
        for (size_t i = 0; perm_mutations[i]; i++)
            for (int d = 0; d < PERM_DRAWS; d++) {
                perm_random(r, n, a);
                memcpy(ca, a, n * sizeof *a);
                bool changed = perm_mutations[i]->at(&gen, r, ca, ga_rng_below(r, n));
                if (!perm_is_valid(ca, n))
                    fail_msg("%s at n = %zu: no permutation", perm_mutations[i]->name, n);
                if (changed != (memcmp(a, ca, n * sizeof *a) != 0))
                    fail_msg("%s at n = %zu: says changed = %d wrongly", perm_mutations[i]->name, n, changed);
            }
    }
    gsl_rng_free(r);
}

/* The share of draws whose child a equals parent a: an operator that only
 * copied would pass the property checks below, so each checks it mixes. */
#define PERM_COPY_SHARE_MAX 0.2

/* PMX (n = 8 and 100): some segment [from, to) is the same for both
 * children; each child holds its own parent's segment in place, and every
 * other position k holds the other parent's value there, or, when the
 * segment holds that value already, the value reached by following the
 * segment's mapping keep[p] -> fill[p] out of it. */
static bool pmx_child_fits(size_t n, size_t from, size_t to, const ga_gene *keep, const ga_gene *fill,
                           const ga_gene *child)
{
    size_t at[PERM_MAX];
    for (size_t k = 0; k < n; k++)
        at[keep[k]] = k;
    for (size_t k = 0; k < n; k++) {
        if (k >= from && k < to) {
            if (child[k] != keep[k])
                return false;
            continue;
        }
        ga_gene v = fill[k];
        for (size_t hops = 0; at[v] >= from && at[v] < to; hops++) {
            if (hops > n)
                return false;
            v = fill[at[v]];
        }
        if (child[k] != v)
            return false;
    }
    return true;
}

static void test_pmx(void **unused)
{
    (void)unused;
    gsl_rng *r = test_rng_alloc(2);
    ga_gene a[PERM_MAX], b[PERM_MAX], ca[PERM_MAX], cb[PERM_MAX];
    static const size_t lengths[] = {8, 100};
    static const int draws[] = {PERM_DRAWS, 2000};
    for (size_t l = 0; l < 2; l++) {
        size_t n = lengths[l], copies = 0;
        struct ga_genome gen = perm_genome(n);
        for (int d = 0; d < draws[l]; d++) {
            perm_random(r, n, a);
            perm_random(r, n, b);
            ga_crossover_pmx.apply(&gen, r, a, b, ca, cb);
            copies += memcmp(a, ca, n * sizeof *a) == 0;
            bool fits = false;
            for (size_t from = 0; from < n && !fits; from++)
                for (size_t to = from + 1; to <= n && !fits; to++) {
                    if (ca[to - 1] != a[to - 1] || cb[to - 1] != b[to - 1])
                        break;
                    fits = pmx_child_fits(n, from, to, a, b, ca) && pmx_child_fits(n, from, to, b, a, cb);
                }
            if (!fits)
                fail_msg("pmx at n = %zu, draw %d: no segment explains the children", n, d);
        }
        assert_true(copies < PERM_COPY_SHARE_MAX * draws[l]);
    }
    gsl_rng_free(r);
}

/* CX (n = 8 and 100): child_a holds, at every position, a's or b's value
 * and child_b the other's; the cycles of positions (k, at_a[b[k]], ...),
 * in the order of their first position, come alternately from a and b.
 * (This fixes the children entirely, so no share of copies is checked:
 * CX copies a whenever a and b differ on the first cycle only.) */
static void test_cx(void **unused)
{
    (void)unused;
    gsl_rng *r = test_rng_alloc(3);
    ga_gene a[PERM_MAX], b[PERM_MAX], ca[PERM_MAX], cb[PERM_MAX];
    static const size_t lengths[] = {8, 100};
    for (size_t l = 0; l < 2; l++) {
        size_t n = lengths[l], cycles_total = 0;
        struct ga_genome gen = perm_genome(n);
        for (int d = 0; d < PERM_DRAWS; d++) {
            perm_random(r, n, a);
            perm_random(r, n, b);
            ga_crossover_cx.apply(&gen, r, a, b, ca, cb);
            size_t at[PERM_MAX];
            bool done[PERM_MAX] = {false};
            for (size_t k = 0; k < n; k++)
                at[a[k]] = k;
            size_t cycle = 0;
            for (size_t start = 0; start < n; start++) {
                if (done[start])
                    continue;
                for (size_t k = start; !done[k]; k = at[b[k]]) {
                    done[k] = true;
                    const ga_gene *own = cycle % 2 == 0 ? a : b, *other = cycle % 2 == 0 ? b : a;
                    if (ca[k] != own[k] || cb[k] != other[k])
                        fail_msg("cx at n = %zu: position %zu of cycle %zu from the wrong parent", n, k, cycle);
                }
                cycle++;
            }
            cycles_total += cycle;
        }
        print_message("cx at n = %zu: %.2f cycles per pair\n", n, (double)cycles_total / PERM_DRAWS);
    }
    gsl_rng_free(r);
}

/* The values of 'child' at the positions where it differs from 'base',
 * read left to right, appear in 'order' in the same order. */
static bool perm_moved_in_order(size_t n, const ga_gene *base, const ga_gene *order, const ga_gene *child)
{
    size_t at[PERM_MAX], last = 0;
    bool first = true;
    for (size_t k = 0; k < n; k++)
        at[order[k]] = k;
    for (size_t k = 0; k < n; k++) {
        if (child[k] == base[k])
            continue;
        if (!first && at[child[k]] <= last)
            return false;
        last = at[child[k]];
        first = false;
    }
    return true;
}

/* OX2 (n = 8 and 100): child_a is a with some of its values permuted
 * among the positions they hold, into the order b holds them (the values b
 * holds at the chosen positions); child_b the same with a and b swapped.
 * POS: child_a holds b's values at the chosen positions and the others in
 * a's order: the positions where it differs from b hold values in a's
 * order; child_b the mirror. */
static void check_syswerda(const struct ga_crossover *op, unsigned long seed)
{
    gsl_rng *r = test_rng_alloc(seed);
    ga_gene a[PERM_MAX], b[PERM_MAX], ca[PERM_MAX], cb[PERM_MAX];
    bool ox2 = op == &ga_crossover_ox2;
    static const size_t lengths[] = {8, 100};
    for (size_t l = 0; l < 2; l++) {
        size_t n = lengths[l], copies = 0;
        struct ga_genome gen = perm_genome(n);
        for (int d = 0; d < PERM_DRAWS; d++) {
            perm_random(r, n, a);
            perm_random(r, n, b);
            op->apply(&gen, r, a, b, ca, cb);
            copies += memcmp(ca, ox2 ? a : b, n * sizeof *a) == 0;
            bool fits = ox2 ? perm_moved_in_order(n, a, b, ca) && perm_moved_in_order(n, b, a, cb)
                            : perm_moved_in_order(n, b, a, ca) && perm_moved_in_order(n, a, b, cb);
            if (!fits)
                fail_msg("%s at n = %zu, draw %d: values out of the defining order", op->name, n, d);
        }
        assert_true(copies < PERM_COPY_SHARE_MAX * PERM_DRAWS);
    }
    gsl_rng_free(r);
}

static void test_ox2(void **unused)
{
    (void)unused;
    check_syswerda(&ga_crossover_ox2, 4);
}

/* Davis' OX as SPEC'd, written the plain way: the child keeps keep[from,
 * to) in place; the places after the slice, wrapping, take the genes of
 * order read from position 'to' on, wrapping, that the slice lacks. */
static void ox_reference(size_t n, size_t from, size_t to, const ga_gene *keep, const ga_gene *order, ga_gene *child)
{
    bool in_slice[PERM_MAX] = {false};
    for (size_t k = from; k < to; k++) {
        child[k] = keep[k];
        in_slice[keep[k]] = true;
    }
    for (size_t src = to % n, pos = to % n, left = n - (to - from); left > 0; src = (src + 1) % n)
        if (!in_slice[order[src]]) {
            child[pos] = order[src];
            pos = (pos + 1) % n;
            left--;
        }
}

/* OX against the plain formula, the cut points drawn as the operator draws
 * them (two uniform positions, the slice between them inclusive), on
 * random parents and on equal ones (which the operator copies without
 * slicing): the same children, and the stream left where the formula's
 * draws leave it.  The SPEC's example with the slice at places 4..7. */
static void test_ox(void **unused)
{
    (void)unused;
    const struct ga_crossover *ox = ga_catalog_crossover(&test_catalog, test_catalog_problem("animals"), "ox");
    assert_non_null(ox);
    ga_gene a[PERM_MAX], b[PERM_MAX], ca[PERM_MAX], cb[PERM_MAX], ra[PERM_MAX], rb[PERM_MAX];
    const ga_gene p1[] = {0, 1, 2, 3, 4, 5, 6, 7, 8}, p2[] = {8, 2, 6, 7, 1, 5, 4, 0, 3}, c1[] = {2, 7, 1, 3, 4, 5, 6, 0, 8};
    ox_reference(9, 3, 7, p1, p2, ra);
    assert_memory_equal(ra, c1, sizeof c1);
    for (size_t l = 0; l < sizeof perm_lengths / sizeof *perm_lengths; l++) {
        size_t n = perm_lengths[l];
        struct ga_genome gen = perm_genome(n);
        gsl_rng *r = ga_rng_alloc(ga_rng_xoshiro256ss), *mirror = ga_rng_alloc(ga_rng_xoshiro256ss);
        gsl_rng_set(r, 11 + l);
        size_t equal = 0;
        for (size_t k = 0; k < PERM_DRAWS / 10; k++) {
            perm_random(r, n, a);
            if (k % 2)
                memcpy(b, a, n * sizeof *a);
            else
                perm_random(r, n, b);
            equal += memcmp(a, b, n * sizeof *a) == 0;
            memcpy(mirror->state, r->state, gsl_rng_size(r));
            ox->apply(&gen, r, a, b, ca, cb);
            size_t i = ga_rng_below(mirror, n), j = ga_rng_below(mirror, n);
            size_t from = i < j ? i : j, to = (i < j ? j : i) + 1;
            ox_reference(n, from, to, a, b, ra);
            ox_reference(n, from, to, b, a, rb);
            assert_memory_equal(ca, ra, n * sizeof *a);
            assert_memory_equal(cb, rb, n * sizeof *b);
            assert_memory_equal(r->state, mirror->state, gsl_rng_size(r));
        }
        assert_true(equal >= PERM_DRAWS / 20);
        ga_rng_free(r);
        ga_rng_free(mirror);
    }
}

static void test_pos(void **unused)
{
    (void)unused;
    check_syswerda(&ga_crossover_pos, 5);
}

/* ERX (n = 8 and 100), replayed step by step on the parents' edge map:
 * the child starts at the first parent's first city; a step to a city with
 * no parental edge from the current one happens only when the current city
 * has no unvisited neighbour left (counted); otherwise the step follows a
 * parental edge to an unvisited neighbour with the fewest unvisited
 * neighbours.  Identical parents give their own tour back: every cyclic
 * adjacency of the child is one of theirs, and no step is random. */
static size_t erx_replay(size_t n, const ga_gene *first, const ga_gene *second, const ga_gene *child,
                         size_t *steps_open)
{
    static bool edge[PERM_MAX][PERM_MAX];
    bool visited[PERM_MAX] = {false};
    memset(edge, 0, sizeof edge);
    const ga_gene *parents[2] = {first, second};
    for (int p = 0; p < 2; p++)
        for (size_t k = 0; k < n; k++) {
            ga_gene u = parents[p][k], v = parents[p][(k + 1) % n];
            if (u != v)
                edge[u][v] = edge[v][u] = true;
        }
    if (child[0] != first[0])
        fail_msg("erx at n = %zu: the child does not start at the first parent's first city", n);
    size_t random_steps = 0;
    for (size_t t = 0; t + 1 < n; t++) {
        ga_gene cur = child[t], next = child[t + 1];
        visited[cur] = true;
        size_t fewest = SIZE_MAX, open = 0;
        for (size_t w = 0; w < n; w++) {
            if (!edge[cur][w] || visited[w])
                continue;
            open++;
            size_t left = 0;
            for (size_t x = 0; x < n; x++)
                left += edge[w][x] && !visited[x];
            if (left < fewest)
                fewest = left;
        }
        if (open == 0) {
            random_steps++;
            continue;
        }
        (*steps_open)++;
        if (!edge[cur][next] || visited[next])
            fail_msg("erx at n = %zu, step %zu: no parental edge though %zu neighbours were left", n, t, open);
        size_t left = 0;
        for (size_t x = 0; x < n; x++)
            left += edge[next][x] && !visited[x];
        if (left != fewest)
            fail_msg("erx at n = %zu, step %zu: went to a city with %zu neighbours left, not the fewest (%zu)", n,
                     t, left, fewest);
    }
    return random_steps;
}

static void test_erx(void **unused)
{
    (void)unused;
    gsl_rng *r = test_rng_alloc(6);
    ga_gene a[PERM_MAX], b[PERM_MAX], ca[PERM_MAX];
    static const size_t lengths[] = {8, 100};
    static const int draws[] = {PERM_DRAWS, 10000};
    for (size_t l = 0; l < 2; l++) {
        size_t n = lengths[l], random_steps = 0, steps_open = 0, copies = 0;
        struct ga_genome gen = perm_genome(n);
        for (int d = 0; d < draws[l]; d++) {
            perm_random(r, n, a);
            perm_random(r, n, b);
            ga_crossover_erx.apply(&gen, r, a, b, ca, NULL);
            copies += memcmp(a, ca, n * sizeof *a) == 0;
            random_steps += erx_replay(n, a, b, ca, &steps_open);
        }
        print_message("erx at n = %zu: %zu random steps, %zu along parental edges\n", n, random_steps, steps_open);
        assert_true(random_steps > 0 && random_steps < steps_open / 10);
        assert_true(copies < PERM_COPY_SHARE_MAX * draws[l]);
        for (int d = 0; d < 1000; d++) {
            perm_random(r, n, a);
            ga_crossover_erx.apply(&gen, r, a, a, ca, NULL);
            size_t none = 0;
            assert_int_equal(erx_replay(n, a, a, ca, &none), 0);
            for (size_t t = 0; t < n; t++) {
                ga_gene u = ca[t], v = ca[(t + 1) % n];
                size_t k = 0;
                while (a[k] != u)
                    k++;
                if (a[(k + 1) % n] != v && a[(k + n - 1) % n] != v)
                    fail_msg("erx at n = %zu: identical parents, yet the child's edge %u-%u is not theirs", n, u, v);
            }
        }
    }
    gsl_rng_free(r);
}

/* The first and last positions where x and y differ; false when equal. */
static bool perm_diff_range(size_t n, const ga_gene *x, const ga_gene *y, size_t *i, size_t *j)
{
    *i = 0;
    while (*i < n && x[*i] == y[*i])
        ++*i;
    if (*i == n)
        return false;
    *j = n - 1;
    while (x[*j] == y[*j])
        --*j;
    return true;
}

/* The longest segment for 'span' at length n, as the operators read it. */
static size_t perm_longest(double span, size_t n)
{
    size_t m = (size_t)ceil(span * (double)n);
    return m < 2 ? 2 : m;
}

/* Inversion: the child differs from the parent by exactly one reversed
 * segment with an end at pos, no longer than span·n (at span 1 and 0.1). */
static void test_inversion(void **unused)
{
    (void)unused;
    gsl_rng *r = test_rng_alloc(7);
    ga_gene p[PERM_MAX], c[PERM_MAX];
    static const double spans[] = {1, 0.1};
    for (size_t s = 0; s < 2; s++)
        for (size_t l = 0; l < sizeof perm_lengths / sizeof *perm_lengths; l++) {
            size_t n = perm_lengths[l], longest = perm_longest(spans[s], n), changes = 0;
            struct ga_genome gen = perm_genome(n);
            gen.mutation_settings = &spans[s];
            for (int d = 0; d < PERM_DRAWS; d++) {
                perm_random(r, n, p);
                memcpy(c, p, n * sizeof *p);
                size_t pos = ga_rng_below(r, n), i, j;
                ga_mutation_inversion.at(&gen, r, c, pos);
                if (!perm_diff_range(n, p, c, &i, &j))
                    continue;
                changes++;
                for (size_t k = i; k <= j; k++)
                    if (c[k] != p[i + j - k])
                        fail_msg("inversion at n = %zu: [%zu, %zu] is not reversed", n, i, j);
                if ((pos != i && pos != j) || j - i + 1 > longest)
                    fail_msg("inversion at n = %zu: segment [%zu, %zu], pos %zu, longest %zu", n, i, j, pos, longest);
            }
            assert_true(changes > PERM_DRAWS / 3); /* at n = 2, half the draws */
        }
    gsl_rng_free(r);
}

/* Insertion: the child differs from the parent by one element moved from
 * pos to another position, the genes between shifted by one; the
 * destination is uniform (chi-squared, 8 positions, n = 8, 10^5 draws,
 * below 24.32, the 0.1% point for 7 degrees of freedom). */
static void test_insertion(void **unused)
{
    (void)unused;
    gsl_rng *r = test_rng_alloc(8);
    ga_gene p[PERM_MAX], c[PERM_MAX];
    for (size_t l = 0; l < sizeof perm_lengths / sizeof *perm_lengths; l++) {
        size_t n = perm_lengths[l], dest[PERM_MAX] = {0};
        struct ga_genome gen = perm_genome(n);
        for (int d = 0; d < PERM_DRAWS; d++) {
            perm_random(r, n, p);
            memcpy(c, p, n * sizeof *p);
            size_t pos = n == 8 ? 3 : ga_rng_below(r, n), i, j;
            ga_mutation_insertion.at(&gen, r, c, pos);
            if (!perm_diff_range(n, p, c, &i, &j)) {
                dest[pos]++;
                continue;
            }
            bool right = pos == i && c[j] == p[i] && memcmp(c + i, p + i + 1, (j - i) * sizeof *p) == 0;
            bool left = pos == j && c[i] == p[j] && memcmp(c + i + 1, p + i, (j - i) * sizeof *p) == 0;
            if (!right && !left)
                fail_msg("insertion at n = %zu: [%zu, %zu] is no move of gene %zu", n, i, j, pos);
            dest[right ? j : i]++;
        }
        if (n == 8) {
            double chi2 = 0, e = PERM_DRAWS / 8.0;
            for (size_t k = 0; k < 8; k++)
                chi2 += (dest[k] - e) * (dest[k] - e) / e;
            print_message("insertion: destinations chi2 = %.2f (7 df)\n", chi2);
            assert_true(chi2 < 24.32);
        }
    }
    gsl_rng_free(r);
}

/* Scramble: outside one segment with an end at pos (no longer than span·n)
 * the child equals the parent, inside it holds the same values; and the
 * shuffle is uniform: at n = 3, pos = 0, span 1 the other end is 0, 1 or 2
 * (1/3 each) and the segment is then shuffled uniformly, so the 3! orders
 * have probabilities 10/18 (unchanged), 4/18 (the first two swapped) and
 * 1/18 each; chi-squared over 10^5 draws stays below 20.52, the 0.1% point
 * for 5 degrees of freedom. */
static size_t perm_order_index(const ga_gene *c)
{
    return (size_t)c[0] * 2 + (c[1] > c[2]); /* 0..5, lexicographic for a permutation of 0..2 */
}

static void test_scramble(void **unused)
{
    (void)unused;
    gsl_rng *r = test_rng_alloc(9);
    ga_gene p[PERM_MAX], c[PERM_MAX];
    static const double spans[] = {1, 0.1};
    for (size_t s = 0; s < 2; s++)
        for (size_t l = 0; l < sizeof perm_lengths / sizeof *perm_lengths; l++) {
            size_t n = perm_lengths[l], longest = perm_longest(spans[s], n);
            struct ga_genome gen = perm_genome(n);
            gen.mutation_settings = &spans[s];
            for (int d = 0; d < PERM_DRAWS; d++) {
                perm_random(r, n, p);
                memcpy(c, p, n * sizeof *p);
                size_t pos = ga_rng_below(r, n), i, j;
                ga_mutation_scramble.at(&gen, r, c, pos);
                if (!perm_diff_range(n, p, c, &i, &j))
                    continue;
                bool inside = (j <= pos && pos - i + 1 <= longest) || (i >= pos && j - pos + 1 <= longest);
                if (!inside)
                    fail_msg("scramble at n = %zu: [%zu, %zu] changed, pos %zu, longest %zu", n, i, j, pos, longest);
                bool held[PERM_MAX] = {false};
                for (size_t k = i; k <= j; k++)
                    held[p[k]] = true;
                for (size_t k = i; k <= j; k++)
                    if (!held[c[k]])
                        fail_msg("scramble at n = %zu: [%zu, %zu] took a value from outside", n, i, j);
            }
        }
    struct ga_genome gen = perm_genome(3);
    size_t count[6] = {0};
    for (int d = 0; d < PERM_DRAWS; d++) {
        ga_gene g[3] = {0, 1, 2};
        ga_mutation_scramble.at(&gen, r, g, 0);
        count[perm_order_index(g)]++;
    }
    /* Orders 012, 021, 102, 120, 201, 210. */
    static const double expect[6] = {10 / 18.0, 1 / 18.0, 4 / 18.0, 1 / 18.0, 1 / 18.0, 1 / 18.0};
    double chi2 = 0;
    for (size_t k = 0; k < 6; k++) {
        double e = expect[k] * PERM_DRAWS;
        chi2 += (count[k] - e) * (count[k] - e) / e;
    }
    print_message("scramble: orders of a 3-gene genome chi2 = %.2f (5 df)\n", chi2);
    assert_true(chi2 < 20.52);
    gsl_rng_free(r);
}

/* A short GA on the animals puzzle (a permutation of 9) with each new
 * operator gives the same run, byte for byte, at 1 and 4 threads; the
 * digest covers every generation's statistics and best and the final
 * population.  The population is bred in 10 blocks a generation, so that
 * the threads do interleave (with 2 blocks a thread race in an operator
 * went unseen). */
#define PERM_RUN_POPULATION 640
static uint64_t perm_run_digest(const char *crossover, const char *mutation, const char *per, unsigned threads)
{
    char text[512], threads_set[32];
    snprintf(text, sizeof text,
             "problem = { name = \"animals\"; puzzle = \"configs/animals/level50.txt\"; };"
             "ga = { population = %d; crossover = { name = \"%s\"; rate = 0.9; };"
             "mutation = { name = \"%s\"; rate = %s; per = \"%s\"; };"
             "stop = { generations = 25; fitness = -1.0; }; };",
             PERM_RUN_POPULATION, crossover, mutation, strcmp(per, "gene") == 0 ? "0.1" : "1.0", per);
    snprintf(threads_set, sizeof threads_set, "ga.threads=%u", threads);
    const char *sets[] = {threads_set, NULL};
    struct test_experiment *t = test_experiment_with(text, sets);
    struct ga_run *run = test_run_alloc(t);
    ga_run_init(run, 11);
    uint64_t h = 1469598103934665603ULL;
    size_t len = ga_run_genome(run)->len;
    do {
        const struct ga_stats *s = ga_run_stats(run);
        double row[] = {s->best, s->mean, s->worst, (double)s->evaluations};
        const unsigned char *bytes = (const unsigned char *)row;
        for (size_t i = 0; i < sizeof row; i++)
            h = (h ^ bytes[i]) * 1099511628211ULL;
        const unsigned char *best = (const unsigned char *)ga_run_best(run);
        for (size_t i = 0; i < len * sizeof(ga_gene); i++)
            h = (h ^ best[i]) * 1099511628211ULL;
    } while (ga_run_iterate(run) == GA_CONTINUE);
    for (size_t k = 0; k < PERM_RUN_POPULATION; k++) {
        const unsigned char *g = (const unsigned char *)ga_run_individual(run, k);
        for (size_t i = 0; i < len * sizeof(ga_gene); i++)
            h = (h ^ g[i]) * 1099511628211ULL;
    }
    ga_run_free(run);
    test_experiment_free(t);
    return h;
}

static void test_same_run_any_threads(void **unused)
{
    (void)unused;
    uint64_t seen[16];
    size_t count = 0;
    for (size_t i = 0; perm_crossovers[i]; i++) {
        uint64_t one = perm_run_digest(perm_crossovers[i]->name, "swap", "individual", 1);
        if (one != perm_run_digest(perm_crossovers[i]->name, "swap", "individual", 4))
            fail_msg("%s: another run at 4 threads", perm_crossovers[i]->name);
        seen[count++] = one;
    }
    for (size_t i = 0; perm_mutations[i]; i++)
        for (int per = 0; per < 2; per++) {
            const char *unit = per ? "gene" : "individual";
            uint64_t one = perm_run_digest("ox", perm_mutations[i]->name, unit, 1);
            if (one != perm_run_digest("ox", perm_mutations[i]->name, unit, 4))
                fail_msg("%s per %s: another run at 4 threads", perm_mutations[i]->name, unit);
            seen[count++] = one;
        }
    /* Each operator made its own run: the runs all differ. */
    for (size_t i = 0; i < count; i++)
        for (size_t j = i + 1; j < count; j++)
            assert_true(seen[i] != seen[j]);
}

int main(void)
{
    if (chdir(GA_SRCDIR) != 0) /* the animals puzzle is a file of the source tree */
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registered), cmocka_unit_test(test_valid),     cmocka_unit_test(test_pmx),
        cmocka_unit_test(test_cx),         cmocka_unit_test(test_ox2),       cmocka_unit_test(test_ox),
        cmocka_unit_test(test_pos),
        cmocka_unit_test(test_erx),        cmocka_unit_test(test_inversion), cmocka_unit_test(test_insertion),
        cmocka_unit_test(test_scramble),   cmocka_unit_test(test_same_run_any_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
