/* problems/t24/t24.c — the 24 game as a GP problem over expression trees (t24_expr.c evaluates and prints them, t24_rdo.c is its semantic mutation). */
#include "problems/t24/t24.h"

#include <stdio.h>

#include "gaexp/cfg.h"
#include "gaexp/problem.h"
#include "gaexp/tree.h"
#include "operators/registry.h" /* ga_mutation_subtree, which RDO follows */
#include "problems/t24/t24_rdo.h"

/* ---- the GP problem -------------------------------------------------------- */

struct t24 {
    struct ga_tree_spec tree; /* first: the tree operators read it (gaexp/tree.h) */
    struct t24_hand hand;
    struct t24_rdo_library *rdo; /* owned: built by configure, freed by release */
};

const struct t24_hand *t24_hand_of(const struct ga_genome *gen)
{
    return &((const struct t24 *)gen->state)->hand;
}

static bool t24_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct t24 *t = state;
    long long cards[T24_MAX_CARDS], target;
    size_t n = 0;
    const char *ops;
    bool ok = ga_cfg_int_list(cfg, group, "cards", 2, T24_MAX_CARDS, T24_CARD_MIN, T24_CARD_MAX, cards, &n);
    ok &= ga_cfg_int(cfg, group, "target", 24, -T24_TARGET_LIMIT, T24_TARGET_LIMIT, &target);
    if (ga_cfg_string(cfg, group, "ops", "+,-,*,/", &ops)) {
        char why[160];
        if (!t24_ops_parse(ops, &t->hand, why, sizeof why)) {
            ga_cfg_error_at(cfg, group, "ops", "%s", why);
            ok = false;
        }
    } else {
        ok = false;
    }
    if (!ok)
        return false;
    t->hand.ncards = (unsigned)n;
    for (size_t i = 0; i < n; i++)
        t->hand.card[i] = (int)cards[i];
    t->hand.target = (long)target;
    t->tree = (struct ga_tree_spec){
        .terminals = t->hand.ncards,
        .functions = t->hand.nops,
        .leaves = GA_TREE_LEAVES_EACH_ONCE,
        .max_len = 2 * n - 1,
    };
    for (unsigned k = 0; k < t->hand.nops; k++)
        t->tree.arity[n + k] = 2;
    if (!(t->rdo = t24_rdo_library_alloc(&t->hand))) {
        ga_cfg_error(cfg, group, "out of memory");
        return false;
    }
    return ga_tree_spec_check(&t->tree) == NULL;
}

static void t24_release(void *state)
{
    t24_rdo_library_free(((struct t24 *)state)->rdo);
}

static void t24_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct t24 *t = state;
    *len = t->tree.max_len;
    *alphabet = t->tree.terminals + t->tree.functions;
}

static double t24_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    const struct t24 *t = gen->state;
    return t24_distance(t24_eval(&t->hand, g), t->hand.target);
}

/* The problem's own column: the mean depth of the trees (each uses every
 * card once, so their size is always 2 cards - 1; their shape is what
 * varies, from a balanced tree to a chain). */
static const char *const t24_column_names[] = {"mean_depth", NULL};

static void t24_measure(const struct ga_genome *gen, const struct ga_population *pop, double *values)
{
    double sum = 0;
    for (size_t i = 0; i < pop->n; i++)
        sum += ga_tree_depth(ga_tree_spec_of(gen), pop->genes + i * pop->stride);
    values[0] = sum / (double)pop->n;
}

static bool t24_valid(const struct ga_genome *gen, const ga_gene *g)
{
    return ga_tree_valid(ga_tree_spec_of(gen), g, gen->len);
}

static void t24_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    const struct t24 *t = gen->state;
    char text[T24_TEXT_MAX], value[64];
    struct t24_value v = t24_eval(&t->hand, g);
    t24_format(&t->hand, g, false, text, sizeof text);
    t24_value_format(v, value, sizeof value);
    fprintf(out, "%s = %s\n", text, value);
    fprintf(out, "%s: target %ld\n", t24_value_is(v, t->hand.target) ? "solved" : "not solved",
            t->hand.target);
}

/* RDO at every site of g in prefix order (a site inside a subtree just
 * replaced is the new subtree's). */
static bool t24_rdo_every_site(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    const struct t24 *t = gen->state;
    bool changed = false;
    for (size_t i = 1, size = t24_expr_size(&t->hand, g); i < size; i++)
        if (t24_rdo_site(&t->hand, g, i))
            changed |= t24_rdo_at(&t->hand, t->rdo, r, g, i);
    return changed;
}

/* The semantic mutation event: the generic subtree mutation (a random new
 * shape, operators and card order below a random node: the only step that
 * changes the root), then RDO at every site, which fits the subtrees of
 * 2..T24_RDO_MAX_LEAVES cards to the values the rest of the tree needs.
 * Without a site or a desired value it is the subtree mutation alone. */
static bool t24_rdo_once(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    bool changed = ga_mutation_subtree.once(gen, r, g);
    return t24_rdo_every_site(gen, r, g) || changed;
}

static bool t24_rdo_gene(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    bool changed = ga_mutation_subtree.at(gen, r, g, pos);
    return t24_rdo_every_site(gen, r, g) || changed;
}

static const struct ga_mutation t24_mutation_rdo = {
    "rdo", "subtree mutation, then every subtree of 2-3 cards becomes the expression of its cards nearest the value it needs (RDO)",
    0, t24_rdo_gene, t24_rdo_once, NULL,
};
static const struct ga_mutation *const t24_mutations[] = {&t24_mutation_rdo, NULL};

static const struct ga_problem_columns t24_columns = {t24_column_names, t24_measure};

static const struct ga_problem_variation t24_variation = {
    .example = "cards = [3, 3, 8, 8];",
    .defaults = {"subtree", 0.9, "rdo", 0.8, GA_PER_INDIVIDUAL},
    .mutations = t24_mutations,
};
static const struct ga_problem_evaluation t24_evaluation = {.columns = &t24_columns};
const struct ga_problem ga_problem_t24 = {
    .name = "t24",
    .summary = "the 24 game: an expression tree using every card once (fitness = distance from target)",
    .kind = GA_KIND_TREE,
    .state_size = sizeof(struct t24),
    .configure = t24_configure,
    .shape = t24_shape,
    .init = ga_tree_init,
    .evaluate = t24_evaluate,
    .valid = t24_valid,
    .print = t24_print,
    .release = t24_release,
    .variation = &t24_variation,
    .evaluation = &t24_evaluation,
};
