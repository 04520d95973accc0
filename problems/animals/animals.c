/* problems/animals/animals.c — animal placement by GA: the nine pieces permuted over the nine cells. */
#include <errno.h>
#include <string.h>

#include "gaexp/cfg.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"
#include "problems/animals/animals_puzzle.h"

/* Gene c is the piece on cell c: an index into 'pieces' (the puzzle's nine
 * pieces in type order), so a genome is a permutation of 0..8 and equal
 * pieces are interchangeable. */
struct animals {
    struct animals_puzzle puzzle;
    int pieces[ANIMALS_CELLS];
};

static bool animals_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct animals *a = state;
    const char *path;
    if (!ga_cfg_file(cfg, group, "puzzle", "", &path))
        return false;
    if (!path[0]) {
        ga_cfg_error_at(cfg, group, "puzzle", "missing: the puzzle file, e.g. \"animals/level50.txt\"");
        return false;
    }
    /* The puzzle as read once (every point of a sweep sees the same); its
     * errors name its own file and line. */
    FILE *in = ga_cfg_input(cfg, path);
    bool read = in && animals_puzzle_read(&a->puzzle, in, path, ga_cfg_diag(cfg));
    if (in)
        fclose(in);
    if (!read)
        return false;
    animals_puzzle_pieces(&a->puzzle, a->pieces);
    return true;
}

static void animals_shape(const void *state, size_t *len, unsigned *alphabet)
{
    (void)state;
    *len = ANIMALS_CELLS;
    *alphabet = ANIMALS_CELLS;
}

static void animals_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    (void)gen;
    for (size_t i = 0; i < ANIMALS_CELLS; i++) {
        size_t j = ga_rng_below(r, i + 1);
        g[i] = g[j];
        g[j] = (ga_gene)i;
    }
}

static struct animals_board animals_board_of(const struct animals *a, const ga_gene *g)
{
    struct animals_board b;
    for (size_t c = 0; c < ANIMALS_CELLS; c++)
        b.cell[c] = a->pieces[g[c]];
    return b;
}

static double animals_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    const struct animals *a = gen->state;
    struct animals_board b = animals_board_of(a, g);
    return (double)animals_violations(&a->puzzle, &b);
}

static bool animals_valid(const struct ga_genome *gen, const ga_gene *g)
{
    (void)gen;
    unsigned seen = 0;
    for (size_t c = 0; c < ANIMALS_CELLS; c++) {
        if (g[c] >= ANIMALS_CELLS || seen >> g[c] & 1)
            return false;
        seen |= 1u << g[c];
    }
    return true;
}

static void animals_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    const struct animals *a = gen->state;
    struct animals_board b = animals_board_of(a, g);
    animals_board_write(&b, "  ", out);
    fprintf(out, "violated conditions: %u of %zu\n", animals_violations(&a->puzzle, &b),
            a->puzzle.nconds);
}

static const struct ga_problem_variation animals_variation = {
    .example = "puzzle = \"configs/animals/level50.txt\";",
    .defaults = {"ox", 0.9, "swap", 1.0, GA_PER_INDIVIDUAL},
};
const struct ga_problem ga_problem_animals = {
    .name = "animals",
    .summary = "animal placement: nine pieces on a 3x3 board (fitness = violated conditions)",
    .kind = GA_KIND_PERM,
    .state_size = sizeof(struct animals),
    .configure = animals_configure,
    .shape = animals_shape,
    .init = animals_init,
    .evaluate = animals_evaluate,
    .valid = animals_valid,
    .print = animals_print,
    .variation = &animals_variation,
};
