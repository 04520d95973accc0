/* problems/fortythieves/fortythieves.c — Forty Thieves AutoStart by GA: a sequence of move choices, played legally. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "gaexp/cfg.h"
#include "gaexp/rng.h"
#include "problems/fortythieves/fortythieves_solve.h"
#include "problems/registry.h"

/* Gene i chooses the i-th move among the legal moves of that moment, in a
 * fixed order: foundation moves (columns left to right), then moves onto
 * another column (from, then to).  Choice = gene mod the number of moves,
 * so every genome is a legal play and every play has genomes.  Pointless
 * moves are left out: a lone card into an empty column, any but the
 * leftmost empty column, and undoing the previous move. */
#define FT_GA_ALPHABET 64
#define FT_GA_MAX_MOVES (FT_MAX_COLUMNS * (FT_MAX_COLUMNS + 1))
/* Moves in a play of len choices: each choice, and the safe foundation
 * moves played on their own, at most one per card. */
#define FT_GA_MAX_PLAY(len) ((len) + FT_CARDS)

/* Fitness is reference - cards moved, so 0 means the GA reached the
 * reference.  'optimum' (the default) is the exact solver's answer,
 * computed once when the run is configured (microseconds for a deal); it
 * shifts every fitness equally, so selection sees what it would see with
 * the plain count, but a run can stop when it has matched the optimum.
 * 'cards' (every card in the tableau) keeps the GA blind to the answer. */
#ifndef FT_GA_SOLVER_NODES /* the fuzz harnesses build with a smaller limit */
#define FT_GA_SOLVER_NODES 10000000ULL /* past it the reference is the solver's bound */
#endif
static const char *const ft_ga_references[] = {"optimum", "cards"};

struct fortythieves {
    struct ft_tableau tableau;
    int cards;     /* in the tableau at the start */
    int reference; /* fitness = reference - cards moved */
    const char *reference_name; /* for best.txt */
    unsigned moves; /* genome length: the longest play */
};

/* The legal moves of g, in the decoder's order; returns how many. */
static size_t ft_ga_moves(const struct ft_game *g, struct ft_move last, struct ft_move *out)
{
    size_t n = 0;
    int columns = g->t.ncolumns;
    for (int c = 0; c < columns; c++) {
        int top = ft_game_top(g, c);
        if (top && ft_game_can_found(g, top))
            out[n++] = (struct ft_move){(unsigned char)top, (unsigned char)c, FT_FOUNDATION};
    }
    int empty = -1;
    for (int c = 0; c < columns && empty < 0; c++)
        if (g->t.height[c] == 0)
            empty = c;
    for (int c = 0; c < columns; c++) {
        int top = ft_game_top(g, c);
        if (!top)
            continue;
        for (int d = 0; d < columns; d++) {
            if (d == c || (g->t.height[d] == 0 && (d != empty || g->t.height[c] == 1)))
                continue;
            struct ft_move m = {(unsigned char)top, (unsigned char)c, (unsigned char)d};
            if (m.card == last.card && m.from == last.to && m.to == last.from)
                continue; /* undoes the previous move */
            if (ft_game_legal(g, m))
                out[n++] = m;
        }
    }
    return n;
}

/* A play under way: the game, the copies of each card still in the
 * tableau, the moves played (when asked for) and the last one. */
struct ft_ga_play {
    struct ft_game game;
    int in_tableau[FT_CARD_CODES];
    struct ft_move *played, last;
    size_t count;
};

static void ft_ga_move(struct ft_ga_play *p, struct ft_move m)
{
    ft_game_play(&p->game, m);
    if (m.to == FT_FOUNDATION)
        p->in_tableau[m.card]--;
    if (p->played)
        p->played[p->count] = m;
    p->count++;
    p->last = m;
}

/* Plays every safe foundation move (ft_foundation_safe): no choice is
 * spent on them, since playing them at once loses nothing. */
static void ft_ga_play_safe(struct ft_ga_play *p)
{
    const struct ft_game *g = &p->game;
    for (int c = 0; c < g->t.ncolumns; c++) {
        int top = ft_game_top(g, c);
        if (top && ft_game_can_found(g, top) && ft_foundation_safe(g, p->in_tableau, top)) {
            ft_ga_move(p, (struct ft_move){(unsigned char)top, (unsigned char)c, FT_FOUNDATION});
            c = -1; /* the uncovered card may be safe too: scan again */
        }
    }
}

/* Plays the genome; returns the cards on the foundations.  With 'played'
 * (room for FT_GA_MAX_PLAY(len) moves) also the moves, and their count in
 * *count. */
static int ft_ga_play(const struct fortythieves *f, const ga_gene *genes, size_t len,
                      struct ft_move *played, size_t *count)
{
    struct ft_ga_play p = {.played = played};
    if (ft_game_init(&p.game, &f->tableau) != FT_OK)
        return 0;
    for (int c = 0; c < f->tableau.ncolumns; c++)
        for (int i = 0; i < f->tableau.height[c]; i++)
            p.in_tableau[f->tableau.card[c][i]]++;
    struct ft_move legal[FT_GA_MAX_MOVES];
    for (size_t i = 0; i < len; i++) {
        ft_ga_play_safe(&p);
        size_t n = ft_ga_moves(&p.game, p.last, legal);
        if (n == 0)
            break;
        ft_ga_move(&p, legal[genes[i] % n]);
    }
    ft_ga_play_safe(&p);
    if (count)
        *count = p.count;
    return p.game.moved;
}

static bool ft_ga_seeded(struct fortythieves *f, struct ga_cfg *cfg, config_setting_t *group)
{
    long long seed;
    struct ft_position p;
    if (!ga_cfg_int(cfg, group, "seed", 1, 0, 0x7fffffffffffffffLL, &seed))
        return false;
    if (ga_cfg_lookup(cfg, group, "position")) {
        ga_cfg_error_at(cfg, group, "position", "a position needs 'deals', the deal file that holds it");
        return false;
    }
    if (ft_deal((uint64_t)seed, &p) != FT_OK) {
        ga_cfg_error_at(cfg, group, "seed", "cannot deal seed %lld", seed);
        return false;
    }
    f->tableau = p.tableau;
    return true;
}

/* The position: 'seed' (a seeded deal), or 'deals' and 'position' (a deal file). */
static bool ft_ga_position(struct fortythieves *f, struct ga_cfg *cfg, config_setting_t *group)
{
    if (!ga_cfg_lookup(cfg, group, "deals"))
        return ft_ga_seeded(f, cfg, group);
    if (ga_cfg_lookup(cfg, group, "seed")) {
        ga_cfg_lookup(cfg, group, "position"); /* known, whatever it says */
        ga_cfg_error_at(cfg, group, "seed", "give either 'seed' or 'deals' and 'position', not both");
        return false;
    }
    const char *path, *name;
    if (!ga_cfg_file(cfg, group, "deals", "", &path) || !ga_cfg_string(cfg, group, "position", "", &name))
        return false;
    int status;
    struct ft_deal_file *deals = ft_deal_file_alloc(path, ga_cfg_diag(cfg), &status);
    if (!deals)
        return false; /* the deal file reported its own errors, with its lines */
    const struct ft_position *p = name[0] ? ft_deal_file_find(deals, name)
                                          : deals->count ? &deals->positions[0] : NULL;
    if (p)
        f->tableau = p->tableau;
    else
        ga_cfg_error_at(cfg, group, "position", "no position '%s' in %s", name, path);
    ft_deal_file_free(deals);
    return p != NULL;
}

/* The exact optimum of f's tableau (or the solver's bound past its node
 * limit) into f->reference; false when memory runs out. */
static bool ft_ga_solve(struct fortythieves *f, struct ga_cfg *cfg, config_setting_t *group)
{
    struct ft_solver_params params = {.node_limit = FT_GA_SOLVER_NODES};
    struct ft_solver *solver = ft_solver_alloc(&params);
    struct ft_optimum best;
    int status = solver ? ft_optimal(solver, &f->tableau, NULL, &best) : FT_ENOMEM;
    ft_solver_free(solver);
    if (status != FT_OK) {
        ga_cfg_error_at(cfg, group, "reference", "cannot solve the position: %s", ga_strerror(status));
        return false;
    }
    f->reference = best.proven ? best.moved : best.bound;
    f->reference_name = best.proven ? "the optimum" : "the solver's bound (it stopped early)";
    return true;
}

static bool ft_ga_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct fortythieves *f = state;
    long long moves;
    size_t reference;
    bool ok = ft_ga_position(f, cfg, group);
    ok &= ga_cfg_int(cfg, group, "moves", 120, 1, 10000, &moves);
    ok &= ga_cfg_choice(cfg, group, "reference", ft_ga_references, 2, 0, &reference);
    if (!ok)
        return false;
    f->cards = ft_tableau_cards(&f->tableau);
    f->moves = (unsigned)moves;
    f->reference = f->cards;
    f->reference_name = "the cards in the tableau";
    return reference == 1 || ft_ga_solve(f, cfg, group);
}

static void ft_ga_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct fortythieves *f = state;
    *len = f->moves;
    *alphabet = FT_GA_ALPHABET;
}

static void ft_ga_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        g[i] = (ga_gene)ga_rng_below(r, FT_GA_ALPHABET);
}

/* The cards short of the reference: 0 when the play matches it. */
static double ft_ga_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    const struct fortythieves *f = gen->state;
    return (double)(f->reference - ft_ga_play(f, g, gen->len, NULL, NULL));
}

static bool ft_ga_valid(const struct ga_genome *gen, const ga_gene *g)
{
    for (size_t i = 0; i < gen->len; i++)
        if (g[i] >= FT_GA_ALPHABET)
            return false;
    return true;
}

static void ft_ga_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    const struct fortythieves *f = gen->state;
    struct ft_move played[FT_GA_MAX_PLAY(10000)]; /* 'moves' is at most 10000 */
    size_t count = 0;
    int moved = ft_ga_play(f, g, gen->len, played, &count);
    while (count > 0 && played[count - 1].to != FT_FOUNDATION)
        count--; /* moves after the last card went up change nothing */
    for (size_t i = 0; i < count; i++) {
        char name[FT_MOVE_NAME_SIZE];
        fprintf(out, "%s%s", ft_move_name(played[i], name), i + 1 < count ? (i % 10 == 9 ? "\n" : ", ") : "\n");
    }
    fprintf(out, "cards to the foundations: %d in %zu moves; %s: %d of %d\n", moved, count,
            f->reference_name, f->reference, f->cards);
}

const struct ga_problem ga_problem_fortythieves = {
    .name = "fortythieves",
    .summary = "Forty Thieves AutoStart: a sequence of move choices (fitness = cards short of the optimum)",
    .kind = GA_KIND_INTS,
    .state_size = sizeof(struct fortythieves),
    .defaults = {"twopoint", 0.8, "reset", 0.05, GA_PER_GENE},
    .configure = ft_ga_configure,
    .shape = ft_ga_shape,
    .init = ft_ga_init,
    .evaluate = ft_ga_evaluate,
    .valid = ft_ga_valid,
    .print = ft_ga_print,
    .tools = ga_tools_fortythieves,
};
