/* operators/perm_cross.c — the permutation crossovers of the literature: PMX, CX, OX2, POS, ERX.
 * Each works on a permutation of 0..n-1 (n <= GA_GENE_MAX + 1) and keeps its
 * scratch on the stack: at most 13 bytes a gene (832 KiB at the longest
 * permutation), no malloc in the generation loop. */
#include "gaexp/rng.h"
#include "operators/registry.h"

/* Two cut points as the order crossover draws them: [from, to), 1 <= to - from <= n. */
static void perm_cuts(size_t len, gsl_rng *r, size_t *from, size_t *to)
{
    size_t i = ga_rng_below(r, len), j = ga_rng_below(r, len);
    *from = i < j ? i : j;
    *to = (i < j ? j : i) + 1;
}

/* PMX's child: 'keep''s segment in place; every other position takes
 * 'fill''s value, or, when 'keep''s segment holds that value already, the
 * value reached by following the segment's mapping keep[k] -> fill[k] until
 * it leaves the segment.  'at' is the inverse of 'keep'. */
static void perm_pmx_child(size_t len, size_t from, size_t to, const ga_gene *keep, const ga_gene *fill,
                           const ga_gene *at, ga_gene *child)
{
    for (size_t k = 0; k < len; k++) {
        if (k >= from && k < to) {
            child[k] = keep[k];
            continue;
        }
        ga_gene v = fill[k];
        while (at[v] >= from && at[v] < to)
            v = fill[at[v]];
        child[k] = v;
    }
}

/* Partially mapped crossover (Goldberg and Lingle 1985). */
static void perm_pmx(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a, const ga_gene *b,
                     ga_gene *child_a, ga_gene *child_b)
{
    size_t len = gen->len, from, to;
    ga_gene at_a[len], at_b[len];
    for (size_t k = 0; k < len; k++) {
        at_a[a[k]] = (ga_gene)k;
        at_b[b[k]] = (ga_gene)k;
    }
    perm_cuts(len, r, &from, &to);
    perm_pmx_child(len, from, to, a, b, at_a, child_a);
    perm_pmx_child(len, from, to, b, a, at_b, child_b);
}

const struct ga_crossover ga_crossover_pmx = {
    "pmx", "partially mapped (Goldberg and Lingle 1985): a slice of one parent in place, the rest the other's, mapped",
    GA_KIND_PERM, perm_pmx, NULL, false,
};

/* Cycle crossover (Oliver, Smith and Holland 1987): the positions fall into
 * cycles (k, at_a[b[k]], ...) on which the parents hold the same values; the
 * cycles, in the order of their first position, go alternately to child_a
 * from a and from b (child_b the other way).  It draws no random numbers. */
static void perm_cx(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a, const ga_gene *b,
                    ga_gene *child_a, ga_gene *child_b)
{
    (void)r;
    size_t len = gen->len;
    ga_gene at_a[len];
    unsigned char done[len];
    for (size_t k = 0; k < len; k++) {
        at_a[a[k]] = (ga_gene)k;
        done[k] = 0;
    }
    bool from_a = true;
    for (size_t start = 0; start < len; start++) {
        if (done[start])
            continue;
        for (size_t k = start; !done[k]; k = at_a[b[k]]) {
            done[k] = 1;
            child_a[k] = from_a ? a[k] : b[k];
            child_b[k] = from_a ? b[k] : a[k];
        }
        from_a = !from_a;
    }
}

const struct ga_crossover ga_crossover_cx = {
    "cx", "cycle crossover (Oliver et al. 1987): every gene in place from one parent, cycles alternating",
    GA_KIND_PERM, perm_cx, NULL, false,
};

/* Each position is chosen with probability 1/2 (Syswerda's random set of positions). */
static void perm_positions(size_t len, gsl_rng *r, unsigned char *chosen)
{
    for (size_t k = 0; k < len; k += 32) {
        unsigned long bits = ga_rng_get(r);
        for (size_t i = k; i < len && i < k + 32; i++, bits >>= 1)
            chosen[i] = bits & 1;
    }
}

/* OX2's child: 'base' with the values 'order' holds at the chosen
 * positions put, at the places 'base' holds them, in 'order''s order. */
static void perm_ox2_child(size_t len, const unsigned char *chosen, const ga_gene *base, const ga_gene *order,
                           unsigned char *mark, ga_gene *child)
{
    for (size_t k = 0; k < len; k++)
        mark[k] = 0;
    for (size_t k = 0; k < len; k++)
        if (chosen[k])
            mark[order[k]] = 1;
    size_t next = 0;
    for (size_t k = 0; k < len; k++) {
        if (!mark[base[k]]) {
            child[k] = base[k];
            continue;
        }
        while (!chosen[next])
            next++;
        child[k] = order[next++];
    }
}

/* Order-based crossover (Syswerda 1991). */
static void perm_ox2(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a, const ga_gene *b,
                     ga_gene *child_a, ga_gene *child_b)
{
    size_t len = gen->len;
    unsigned char chosen[len], mark[len];
    perm_positions(len, r, chosen);
    perm_ox2_child(len, chosen, a, b, mark, child_a);
    perm_ox2_child(len, chosen, b, a, mark, child_b);
}

const struct ga_crossover ga_crossover_ox2 = {
    "ox2", "order-based (Syswerda 1991): the other parent's values at random positions, reordered as it holds them",
    GA_KIND_PERM, perm_ox2, NULL, false,
};

/* POS's child: 'place''s values at the chosen positions, the other
 * positions filled with the remaining values in 'rest''s order. */
static void perm_pos_child(size_t len, const unsigned char *chosen, const ga_gene *place, const ga_gene *rest,
                           unsigned char *mark, ga_gene *child)
{
    for (size_t k = 0; k < len; k++)
        mark[k] = 0;
    for (size_t k = 0; k < len; k++)
        if (chosen[k]) {
            child[k] = place[k];
            mark[place[k]] = 1;
        }
    size_t next = 0;
    for (size_t k = 0; k < len; k++) {
        if (chosen[k])
            continue;
        while (mark[rest[next]])
            next++;
        child[k] = rest[next++];
    }
}

/* Position-based crossover (Syswerda 1991). */
static void perm_pos(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a, const ga_gene *b,
                     ga_gene *child_a, ga_gene *child_b)
{
    size_t len = gen->len;
    unsigned char chosen[len], mark[len];
    perm_positions(len, r, chosen);
    perm_pos_child(len, chosen, b, a, mark, child_a);
    perm_pos_child(len, chosen, a, b, mark, child_b);
}

const struct ga_crossover ga_crossover_pos = {
    "pos", "position-based (Syswerda 1991): the other parent's values at random positions, the rest in this one's order",
    GA_KIND_PERM, perm_pos, NULL, false,
};

/* Edge recombination's child (Whitley, Starkweather and Fuquay 1989): the
 * edge map holds each city's neighbours in either parent, read as a cycle
 * (at most 4, each once).  The tour starts at first[0]; each step removes
 * the current city from every list and goes to its neighbour with the
 * fewest neighbours left (ties drawn uniformly), or, when it has none left,
 * to a city not yet visited drawn uniformly. */
static void perm_erx_child(size_t len, gsl_rng *r, const ga_gene *first, const ga_gene *second, ga_gene *child)
{
    ga_gene edge[len][4], unvisited[len], slot[len];
    unsigned char degree[len];
    for (size_t k = 0; k < len; k++) {
        degree[k] = 0;
        unvisited[k] = (ga_gene)k;
        slot[k] = (ga_gene)k;
    }
    const ga_gene *parents[2] = {first, second};
    for (int p = 0; p < 2; p++)
        for (size_t k = 0; k < len; k++) {
            ga_gene u = parents[p][k], v = parents[p][(k + 1) % len];
            if (u == v)
                continue;
            ga_gene ends[2][2] = {{u, v}, {v, u}};
            for (int e = 0; e < 2; e++) {
                ga_gene x = ends[e][0], y = ends[e][1];
                bool known = false;
                for (unsigned i = 0; i < degree[x]; i++)
                    known |= edge[x][i] == y;
                if (!known)
                    edge[x][degree[x]++] = y;
            }
        }
    size_t left = len;
    ga_gene city = first[0];
    for (size_t step = 0;; step++) {
        child[step] = city;
        /* Visited: out of the unvisited list (swap with its last) and out of every list. */
        ga_gene last = unvisited[--left];
        unvisited[slot[city]] = last;
        slot[last] = slot[city];
        for (unsigned i = 0; i < degree[city]; i++) {
            ga_gene w = edge[city][i];
            for (unsigned j = 0; j < degree[w]; j++)
                if (edge[w][j] == city) {
                    edge[w][j] = edge[w][--degree[w]];
                    break;
                }
        }
        if (left == 0)
            break;
        if (degree[city] == 0) {
            city = unvisited[ga_rng_below(r, left)];
            continue;
        }
        unsigned fewest = 5, ties = 0;
        ga_gene pick = 0;
        for (unsigned i = 0; i < degree[city]; i++) {
            ga_gene w = edge[city][i];
            if (degree[w] < fewest) {
                fewest = degree[w];
                ties = 1;
                pick = w;
            } else if (degree[w] == fewest && ga_rng_below(r, ++ties) == 0) {
                pick = w; /* reservoir draw: each of the tied equally likely */
            }
        }
        city = pick;
    }
}

/* One child: the run gives every child its own pair of parents. */
static void perm_erx(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a, const ga_gene *b,
                     ga_gene *child, ga_gene *unused)
{
    (void)unused;
    perm_erx_child(gen->len, r, a, b, child);
}

const struct ga_crossover ga_crossover_erx = {
    "erx", "edge recombination (Whitley et al. 1989): one tour from the parents' edges, "
           "each child from its own pair of parents",
    GA_KIND_PERM, perm_erx, NULL, true,
};
