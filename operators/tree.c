/* operators/tree.c — tree genomes: random trees, subtree crossover, point and subtree mutation. */
#include "gaexp/tree.h"

#include <string.h>

#include "gaexp/rng.h"
#include "operators/registry.h"

/* Koza's rule: crossover points fall on functions 90% of the time, so that
 * crossover does not mostly swap leaves. */
#define TREE_FUNCTION_BIAS 0.9
/* Draws of crossover points before giving up and copying the parents (as
 * DEAP's staticLimit keeps a parent when a child breaks the limit). */
#define TREE_CROSSOVER_TRIES 8

static bool tree_is_leaf(const struct ga_tree_spec *spec, ga_gene s)
{
    return s < spec->terminals;
}

const char *ga_tree_spec_check(const struct ga_tree_spec *spec)
{
    unsigned symbols = spec->terminals + spec->functions;
    if (spec->terminals == 0 || symbols > GA_TREE_MAX_SYMBOLS)
        return "a tree needs 1 to 64 symbols, at least one of them a terminal";
    if (spec->max_len == 0 || spec->max_len > GA_TREE_MAX_LEN)
        return "the tree length limit must lie in [1, 1024]";
    bool binary = false;
    for (unsigned s = 0; s < symbols; s++) {
        unsigned a = spec->arity[s];
        if ((s < spec->terminals) != (a == 0) || a > GA_TREE_MAX_ARITY)
            return "terminals take no argument, functions 1 to 4";
        binary |= a == 2;
        if (spec->leaves == GA_TREE_LEAVES_EACH_ONCE && a == 1)
            return "with every terminal used once, functions need 2 or more arguments";
    }
    if (spec->leaves == GA_TREE_LEAVES_EACH_ONCE) {
        if (spec->terminals > 1 && !binary)
            return "with every terminal used once, some function must take 2 arguments";
        if (spec->max_len < 2 * spec->terminals - 1)
            return "the tree length limit cannot hold every terminal";
        return NULL;
    }
    if (spec->init_depth_min > spec->init_depth_max || spec->init_depth_max > spec->max_depth)
        return "tree depths must satisfy init_depth_min <= init_depth_max <= max_depth";
    return NULL;
}

size_t ga_tree_subtree_end(const struct ga_tree_spec *spec, const ga_gene *g, size_t start)
{
    size_t open = 1, i = start;
    for (; open; i++)
        open += (size_t)spec->arity[g[i]] - 1;
    return i;
}

size_t ga_tree_size(const struct ga_tree_spec *spec, const ga_gene *g)
{
    return ga_tree_subtree_end(spec, g, 0);
}

/* The depth of every node of a tree of 'size' nodes; returns the deepest. */
static unsigned tree_depths(const struct ga_tree_spec *spec, const ga_gene *g, size_t size,
                            uint16_t *depth)
{
    unsigned char pending[GA_TREE_MAX_LEN];
    size_t open = 0;
    unsigned deepest = 0;
    for (size_t i = 0; i < size; i++) {
        while (open && pending[open - 1] == 0)
            open--;
        if (open)
            pending[open - 1]--;
        depth[i] = (uint16_t)open;
        if (open > deepest)
            deepest = (unsigned)open;
        if (spec->arity[g[i]])
            pending[open++] = spec->arity[g[i]];
    }
    return deepest;
}

unsigned ga_tree_depth(const struct ga_tree_spec *spec, const ga_gene *g)
{
    uint16_t depth[GA_TREE_MAX_LEN];
    return tree_depths(spec, g, ga_tree_size(spec, g), depth);
}

/* The number of leaves under every node (one pass from the right). */
static void tree_leaf_counts(const struct ga_tree_spec *spec, const ga_gene *g, size_t size,
                             uint16_t *leaves)
{
    uint16_t stack[GA_TREE_MAX_LEN];
    size_t top = 0;
    for (size_t i = size; i-- > 0;) {
        uint16_t n = 1;
        if (spec->arity[g[i]]) {
            n = 0;
            for (unsigned a = 0; a < spec->arity[g[i]]; a++)
                n = (uint16_t)(n + stack[--top]);
        }
        leaves[i] = stack[top++] = n;
    }
}

bool ga_tree_valid(const struct ga_tree_spec *spec, const ga_gene *g, size_t len)
{
    unsigned symbols = spec->terminals + spec->functions;
    size_t open = 1, i = 0;
    bool seen[GA_TREE_MAX_SYMBOLS] = {false};
    for (; open && i < len; i++) {
        if (g[i] >= symbols)
            return false;
        if (tree_is_leaf(spec, g[i])) {
            if (spec->leaves == GA_TREE_LEAVES_EACH_ONCE && seen[g[i]])
                return false;
            seen[g[i]] = true;
        }
        open += (size_t)spec->arity[g[i]] - 1;
    }
    if (open)
        return false;
    for (size_t j = i; j < len; j++)
        if (g[j] != 0)
            return false;
    if (spec->leaves == GA_TREE_LEAVES_EACH_ONCE) {
        for (unsigned t = 0; t < spec->terminals; t++)
            if (!seen[t])
                return false;
        return true;
    }
    return ga_tree_depth(spec, g) <= spec->max_depth;
}

/* A function drawn uniformly among those with at most 'max_arity'
 * arguments (and, when 'min_arity' > 0, at least that many); terminals
 * (no function) when there is none. */
static ga_gene tree_draw_function(const struct ga_tree_spec *spec, gsl_rng *r, unsigned min_arity,
                                  unsigned max_arity, ga_gene none)
{
    ga_gene fitting[GA_TREE_MAX_SYMBOLS];
    unsigned n = 0;
    for (unsigned s = spec->terminals; s < spec->terminals + spec->functions; s++)
        if (spec->arity[s] >= min_arity && spec->arity[s] <= max_arity)
            fitting[n++] = (ga_gene)s;
    return n ? fitting[ga_rng_below(r, n)] : none;
}

/* Grows a free-leaf tree of depth at most 'depth' and at most 'budget'
 * nodes into out; 'full' puts functions everywhere above the last level.
 * Returns the nodes written. */
static size_t tree_grow_free(const struct ga_tree_spec *spec, gsl_rng *r, unsigned depth, bool full,
                             size_t budget, ga_gene *out)
{
    uint16_t slots[GA_TREE_MAX_LEN]; /* depths of subtrees still to write */
    size_t open = 0, n = 0;
    slots[open++] = 0;
    unsigned symbols = spec->terminals + spec->functions;
    while (open) {
        unsigned d = slots[--open];
        ga_gene leaf = (ga_gene)ga_rng_below(r, spec->terminals);
        bool want_function = d < depth && (full || ga_rng_below(r, symbols) >= spec->terminals);
        /* Room left for children once this node and the open slots are written. */
        size_t room = budget - n - 1 - open;
        ga_gene s = want_function
                        ? tree_draw_function(spec, r, 1, room < GA_TREE_MAX_ARITY ? (unsigned)room
                                                                                  : GA_TREE_MAX_ARITY,
                                             leaf)
                        : leaf;
        out[n++] = s;
        for (unsigned a = 0; a < spec->arity[s]; a++)
            slots[open++] = (uint16_t)(d + 1);
    }
    return n;
}

/* Writes a random tree over the k leaves given, each used once, in their
 * order; returns the nodes written. */
static size_t tree_grow_leaves(const struct ga_tree_spec *spec, gsl_rng *r, const ga_gene *leaves,
                               size_t k, ga_gene *out)
{
    if (k == 1) {
        out[0] = leaves[0];
        return 1;
    }
    ga_gene f = tree_draw_function(spec, r, 2, k < GA_TREE_MAX_ARITY ? (unsigned)k : GA_TREE_MAX_ARITY,
                                   0);
    unsigned a = spec->arity[f];
    /* Split k leaves into a non-empty runs: a-1 distinct cuts among 1..k-1. */
    size_t cuts[GA_TREE_MAX_SYMBOLS];
    for (size_t i = 0; i + 1 < k; i++)
        cuts[i] = i + 1;
    for (unsigned i = 0; i + 1 < a; i++) {
        size_t j = i + ga_rng_below(r, k - 1 - i);
        size_t t = cuts[i];
        cuts[i] = cuts[j];
        cuts[j] = t;
    }
    size_t bounds[GA_TREE_MAX_ARITY + 1] = {0};
    for (unsigned i = 0; i + 1 < a; i++) { /* insertion sort of the a-1 cuts */
        size_t c = cuts[i], j = i + 1;
        for (; j > 1 && bounds[j - 1] > c; j--)
            bounds[j] = bounds[j - 1];
        bounds[j] = c;
    }
    bounds[a] = k;
    size_t n = 0;
    out[n++] = f;
    for (unsigned i = 0; i < a; i++)
        n += tree_grow_leaves(spec, r, leaves + bounds[i], bounds[i + 1] - bounds[i], out + n);
    return n;
}


void ga_tree_random(const struct ga_tree_spec *spec, gsl_rng *r, ga_gene *g)
{
    size_t n;
    if (spec->leaves == GA_TREE_LEAVES_EACH_ONCE) {
        ga_gene leaves[GA_TREE_MAX_SYMBOLS];
        for (unsigned t = 0; t < spec->terminals; t++)
            leaves[t] = (ga_gene)t;
        ga_rng_shuffle(r, leaves, spec->terminals);
        n = tree_grow_leaves(spec, r, leaves, spec->terminals, g);
    } else {
        unsigned span = spec->init_depth_max - spec->init_depth_min + 1;
        unsigned depth = spec->init_depth_min + (unsigned)ga_rng_below(r, span);
        bool full = spec->init == GA_TREE_INIT_FULL ||
                    (spec->init == GA_TREE_INIT_RAMPED && ga_rng_below(r, 2));
        n = tree_grow_free(spec, r, depth, full, spec->max_len, g);
    }
    memset(g + n, 0, (spec->max_len - n) * sizeof *g);
}

void ga_tree_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    ga_tree_random(ga_tree_spec_of(gen), r, g);
}

/* A node drawn with Koza's bias towards functions. */
static size_t tree_pick(const struct ga_tree_spec *spec, gsl_rng *r, const ga_gene *g, size_t size)
{
    size_t functions = 0;
    for (size_t i = 0; i < size; i++)
        functions += !tree_is_leaf(spec, g[i]);
    bool want_leaf = functions == 0 || ga_rng_uniform(r) >= TREE_FUNCTION_BIAS;
    size_t k = ga_rng_below(r, want_leaf ? size - functions : functions);
    for (size_t i = 0;; i++)
        if (tree_is_leaf(spec, g[i]) == want_leaf && k-- == 0)
            return i;
}

/* out = host with its subtree [at, at_end) replaced by donor[from, from_end),
 * padded with 0 to max_len. */
static void tree_splice(const struct ga_tree_spec *spec, const ga_gene *host, size_t host_size,
                        size_t at, size_t at_end, const ga_gene *donor, size_t from, size_t from_end,
                        ga_gene *out)
{
    size_t n = 0;
    memcpy(out, host, at * sizeof *out);
    n += at;
    memcpy(out + n, donor + from, (from_end - from) * sizeof *out);
    n += from_end - from;
    memcpy(out + n, host + at_end, (host_size - at_end) * sizeof *out);
    n += host_size - at_end;
    memset(out + n, 0, (spec->max_len - n) * sizeof *out);
}

/* After a splice in each-once mode, the inserted leaves [at, at + count)
 * of 'child' may repeat leaves kept around them: they take, in order, the
 * leaves that left with the removed subtree removed[0..removed_len). */
static void tree_repair_leaves(const struct ga_tree_spec *spec, ga_gene *child, size_t at, size_t count,
                               const ga_gene *removed, size_t removed_len)
{
    bool was_removed[GA_TREE_MAX_SYMBOLS] = {false}, inserted[GA_TREE_MAX_SYMBOLS] = {false};
    for (size_t i = 0; i < removed_len; i++)
        if (tree_is_leaf(spec, removed[i]))
            was_removed[removed[i]] = true;
    for (size_t i = at; i < at + count; i++)
        if (tree_is_leaf(spec, child[i]))
            inserted[child[i]] = true;
    ga_gene missing[GA_TREE_MAX_SYMBOLS];
    size_t n_missing = 0, used = 0;
    for (size_t i = 0; i < removed_len; i++)
        if (tree_is_leaf(spec, removed[i]) && !inserted[removed[i]])
            missing[n_missing++] = removed[i];
    for (size_t i = at; i < at + count; i++)
        if (tree_is_leaf(spec, child[i]) && !was_removed[child[i]])
            child[i] = missing[used++];
}

/* Subtree crossover points (i in a, j in b) that keep both children within
 * the limits: the same number of leaves in each-once mode, the length and
 * depth limits otherwise.  False when no draw succeeded. */
static bool tree_crossover_points(const struct ga_tree_spec *spec, gsl_rng *r, const ga_gene *a,
                                  size_t size_a, const ga_gene *b, size_t size_b, size_t *i_out,
                                  size_t *j_out)
{
    uint16_t info_a[GA_TREE_MAX_LEN], info_b[GA_TREE_MAX_LEN];
    bool once = spec->leaves == GA_TREE_LEAVES_EACH_ONCE;
    if (once) {
        tree_leaf_counts(spec, a, size_a, info_a);
        tree_leaf_counts(spec, b, size_b, info_b);
    } else {
        tree_depths(spec, a, size_a, info_a);
        tree_depths(spec, b, size_b, info_b);
    }
    for (int attempt = 0; attempt < TREE_CROSSOVER_TRIES; attempt++) {
        size_t i = tree_pick(spec, r, a, size_a);
        if (once) {
            size_t matches = 0;
            for (size_t j = 0; j < size_b; j++)
                matches += info_b[j] == info_a[i];
            if (!matches)
                continue;
            size_t k = ga_rng_below(r, matches);
            for (size_t j = 0;; j++)
                if (info_b[j] == info_a[i] && k-- == 0) {
                    *i_out = i, *j_out = j;
                    return true;
                }
        }
        size_t j = tree_pick(spec, r, b, size_b);
        size_t sub_a = ga_tree_subtree_end(spec, a, i) - i, sub_b = ga_tree_subtree_end(spec, b, j) - j;
        if (size_a - sub_a + sub_b > spec->max_len || size_b - sub_b + sub_a > spec->max_len)
            continue;
        unsigned deep_a = 0, deep_b = 0; /* depth of each subtree below its root */
        for (size_t k = i; k < i + sub_a; k++)
            if ((unsigned)(info_a[k] - info_a[i]) > deep_a)
                deep_a = (unsigned)(info_a[k] - info_a[i]);
        for (size_t k = j; k < j + sub_b; k++)
            if ((unsigned)(info_b[k] - info_b[j]) > deep_b)
                deep_b = (unsigned)(info_b[k] - info_b[j]);
        if (info_a[i] + deep_b > spec->max_depth || info_b[j] + deep_a > spec->max_depth)
            continue;
        *i_out = i, *j_out = j;
        return true;
    }
    return false;
}

static void tree_subtree_crossover(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a,
                                   const ga_gene *b, ga_gene *child_a, ga_gene *child_b)
{
    const struct ga_tree_spec *spec = ga_tree_spec_of(gen);
    size_t size_a = ga_tree_size(spec, a), size_b = ga_tree_size(spec, b), i, j;
    if (!tree_crossover_points(spec, r, a, size_a, b, size_b, &i, &j)) {
        memcpy(child_a, a, gen->len * sizeof *a);
        memcpy(child_b, b, gen->len * sizeof *b);
        return;
    }
    size_t end_a = ga_tree_subtree_end(spec, a, i), end_b = ga_tree_subtree_end(spec, b, j);
    tree_splice(spec, a, size_a, i, end_a, b, j, end_b, child_a);
    tree_splice(spec, b, size_b, j, end_b, a, i, end_a, child_b);
    if (spec->leaves == GA_TREE_LEAVES_EACH_ONCE) {
        tree_repair_leaves(spec, child_a, i, end_b - j, a + i, end_a - i);
        tree_repair_leaves(spec, child_b, j, end_a - i, b + j, end_b - j);
    }
}

const struct ga_crossover ga_crossover_subtree = {
    "subtree", "swap two random subtrees (Koza: 90% at functions), within the size/depth limits",
    GA_KIND_TREE, tree_subtree_crossover, NULL, false,
};

/* Point mutation at node pos: a function becomes another of the same
 * arity; a leaf becomes another terminal, or (each-once) trades places
 * with another leaf. */
static bool tree_point_at(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    const struct ga_tree_spec *spec = ga_tree_spec_of(gen);
    size_t size = ga_tree_size(spec, g);
    if (pos >= size)
        return false;
    ga_gene old = g[pos];
    if (!tree_is_leaf(spec, old)) {
        unsigned a = spec->arity[old];
        g[pos] = tree_draw_function(spec, r, a, a, old);
    } else if (spec->leaves == GA_TREE_LEAVES_FREE) {
        g[pos] = (ga_gene)ga_rng_below(r, spec->terminals);
    } else {
        size_t k = ga_rng_below(r, spec->terminals);
        for (size_t i = 0; i < size; i++)
            if (tree_is_leaf(spec, g[i]) && k-- == 0) {
                g[pos] = g[i];
                g[i] = old;
                break;
            }
    }
    return g[pos] != old;
}

/* A node of g drawn uniformly: where the 'once' mutations act. */
static size_t tree_any_node(const struct ga_genome *gen, gsl_rng *r, const ga_gene *g)
{
    return ga_rng_below(r, ga_tree_size(ga_tree_spec_of(gen), g));
}

static bool tree_point_once(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    return tree_point_at(gen, r, g, tree_any_node(gen, r, g));
}

const struct ga_mutation ga_mutation_point = {
    "point", "change one node: a function to another of its arity, a leaf to another leaf",
    GA_KIND_TREE, tree_point_at, tree_point_once, NULL,
};

/* Subtree mutation at node pos: the subtree is replaced by a random one
 * (each-once: a new random shape over the same leaves). */
static bool tree_subtree_at(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    const struct ga_tree_spec *spec = ga_tree_spec_of(gen);
    size_t size = ga_tree_size(spec, g);
    if (pos >= size)
        return false;
    size_t end = ga_tree_subtree_end(spec, g, pos);
    ga_gene fresh[GA_TREE_MAX_LEN], before[GA_TREE_MAX_LEN];
    size_t n;
    if (spec->leaves == GA_TREE_LEAVES_EACH_ONCE) {
        ga_gene leaves[GA_TREE_MAX_SYMBOLS];
        size_t k = 0;
        for (size_t i = pos; i < end; i++)
            if (tree_is_leaf(spec, g[i]))
                leaves[k++] = g[i];
        ga_rng_shuffle(r, leaves, k);
        n = tree_grow_leaves(spec, r, leaves, k, fresh);
    } else {
        uint16_t depth[GA_TREE_MAX_LEN];
        tree_depths(spec, g, size, depth);
        unsigned room = spec->max_depth - depth[pos];
        n = tree_grow_free(spec, r, room < spec->init_depth_max ? room : spec->init_depth_max, false,
                           spec->max_len - (size - (end - pos)), fresh);
    }
    memcpy(before, g, gen->len * sizeof *g);
    tree_splice(spec, before, size, pos, end, fresh, 0, n, g);
    return memcmp(before, g, gen->len * sizeof *g) != 0;
}

static bool tree_subtree_once(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    return tree_subtree_at(gen, r, g, tree_any_node(gen, r, g));
}

const struct ga_mutation ga_mutation_subtree = {
    "subtree", "replace one random subtree by a random one (each-once leaves: reshape it)",
    GA_KIND_TREE, tree_subtree_at, tree_subtree_once, NULL,
};

/* Hoist mutation at node pos (Kinnear 1994): the tree becomes its subtree
 * at pos, which bloat never grows.  Free leaves only: with each-once
 * leaves a part of the tree would drop cards, so the tree is kept. */
static bool tree_hoist_at(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    (void)r;
    const struct ga_tree_spec *spec = ga_tree_spec_of(gen);
    size_t size = ga_tree_size(spec, g);
    if (pos == 0 || pos >= size || spec->leaves != GA_TREE_LEAVES_FREE)
        return false;
    size_t end = ga_tree_subtree_end(spec, g, pos);
    memmove(g, g + pos, (end - pos) * sizeof *g);
    memset(g + (end - pos), 0, (spec->max_len - (end - pos)) * sizeof *g);
    return true;
}

static bool tree_hoist_once(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    return tree_hoist_at(gen, r, g, tree_any_node(gen, r, g));
}

const struct ga_mutation ga_mutation_hoist = {
    "hoist", "the tree becomes one of its random subtrees (free leaves only)",
    GA_KIND_TREE, tree_hoist_at, tree_hoist_once, NULL,
};

/* Shrink mutation at node pos (DEAP's mutShrink): a function's subtree is
 * replaced by one of its arguments, drawn at random.  Free leaves only. */
static bool tree_shrink_at(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    const struct ga_tree_spec *spec = ga_tree_spec_of(gen);
    size_t size = ga_tree_size(spec, g);
    if (pos >= size || tree_is_leaf(spec, g[pos]) || spec->leaves != GA_TREE_LEAVES_FREE)
        return false;
    size_t from = pos + 1;
    for (size_t k = ga_rng_below(r, spec->arity[g[pos]]); k > 0; k--)
        from = ga_tree_subtree_end(spec, g, from);
    ga_gene before[GA_TREE_MAX_LEN];
    memcpy(before, g, size * sizeof *g);
    tree_splice(spec, before, size, pos, ga_tree_subtree_end(spec, before, pos), before, from,
                ga_tree_subtree_end(spec, before, from), g);
    return true;
}

/* A random function node's subtree shrinks; a lone leaf stays. */
static bool tree_shrink_once(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    const struct ga_tree_spec *spec = ga_tree_spec_of(gen);
    size_t size = ga_tree_size(spec, g), functions = 0;
    for (size_t i = 0; i < size; i++)
        functions += !tree_is_leaf(spec, g[i]);
    if (!functions)
        return false;
    size_t k = ga_rng_below(r, functions);
    for (size_t i = 0;; i++)
        if (!tree_is_leaf(spec, g[i]) && k-- == 0)
            return tree_shrink_at(gen, r, g, i);
}

const struct ga_mutation ga_mutation_shrink = {
    "shrink", "a random function's subtree becomes one of its arguments (free leaves only)",
    GA_KIND_TREE, tree_shrink_at, tree_shrink_once, NULL,
};
