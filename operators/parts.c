/* operators/parts.c — the operators of a composite genome: each part's own crossover and mutation, part by part. */
#include <string.h>

#include "gaexp/rng.h"
#include "operators/registry.h"

/* Whether an event of probability p happens: no draw at 0 or 1, so that a
 * part that always (or never) crosses spends none of the stream. */
static bool parts_chance(gsl_rng *r, double p)
{
    return p >= 1 || (p > 0 && ga_rng_uniform(r) < p);
}

/* Each part crossed by its own crossover (with its rate) or copied, in
 * the parts' order, all from r: the same draws at any thread count.  The
 * genes between parts are written 0.  Outside a run (no parts) the
 * children are copies. */
static void parts_crossover(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a, const ga_gene *b,
                            ga_gene *child_a, ga_gene *child_b)
{
    if (!gen->parts) {
        memcpy(child_a, a, gen->len * sizeof *a);
        memcpy(child_b, b, gen->len * sizeof *b);
        return;
    }
    size_t end = 0; /* the end of the part before */
    for (size_t i = 0; i < gen->part_count; i++) {
        const struct ga_genome_part *p = &gen->parts[i];
        size_t at = p->offset, len = p->gen.len;
        memset(child_a + end, 0, (at - end) * sizeof *a);
        memset(child_b + end, 0, (at - end) * sizeof *b);
        const struct ga_crossover *x = p->variation->crossover;
        if (!parts_chance(r, p->variation->crossover_rate)) {
            memcpy(child_a + at, a + at, len * sizeof *a);
            memcpy(child_b + at, b + at, len * sizeof *b);
        } else if (x->one_child) { /* the part's two children from the pair, one a call */
            x->apply(&p->gen, r, a + at, b + at, child_a + at, NULL);
            x->apply(&p->gen, r, b + at, a + at, child_b + at, NULL);
        } else {
            x->apply(&p->gen, r, a + at, b + at, child_a + at, child_b + at);
        }
        end = at + len;
    }
}

/* One part mutated by its own operator at its own rate and unit. */
static bool parts_mutate_part(const struct ga_genome_part *p, gsl_rng *r, ga_gene *g)
{
    const struct ga_variation *v = p->variation;
    const struct ga_mutation *m = v->mutation;
    if (v->mutation_unit == GA_PER_INDIVIDUAL) {
        if (!parts_chance(r, v->mutation_rate))
            return false;
        return m->once ? m->once(&p->gen, r, g) : m->at(&p->gen, r, g, ga_rng_below(r, p->gen.len));
    }
    bool changed = false; /* per gene: one draw each, made by ga_rng_first_below */
    for (size_t pos = 0; v->mutation_rate > 0 && (pos = ga_rng_first_below(r, v->mutation_rate, pos, p->gen.len)) < p->gen.len; pos++)
        changed |= m->at(&p->gen, r, g, pos);
    return changed;
}

/* Every part in turn, each by its own rate and unit (the whole genome's
 * own rate, ga.mutation.rate per individual, says whether a child gets
 * this at all). */
static bool parts_mutate(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    bool changed = false;
    for (size_t i = 0; gen->parts && i < gen->part_count; i++)
        changed |= parts_mutate_part(&gen->parts[i], r, g + gen->parts[i].offset);
    return changed;
}

const struct ga_crossover ga_crossover_parts = {
    "parts", "each part by its own crossover (ga.parts.NAME.crossover), or copied", GA_KIND_COMPOSITE,
    parts_crossover, NULL, false,
};
const struct ga_mutation ga_mutation_parts = {
    "parts", "each part by its own mutation, rate and unit (ga.parts.NAME.mutation)", GA_KIND_COMPOSITE, NULL,
    parts_mutate, NULL,
};
