/* problems/fortythieves/fortythieves.c — Forty Thieves AutoStart by GA: a sequence of move choices, played legally. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

#include "gaexp/cfg.h"
#include "gaexp/pack.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"
#include "problems/fortythieves/fortythieves_solve.h"

/* Gene i chooses the i-th move among the legal moves of that moment, in a
 * fixed order: foundation moves (columns left to right), then moves onto
 * another column (from, then to).  Choice = gene mod the number of moves,
 * so every genome is a legal play and every play has genomes.  Pointless
 * moves are left out: a lone card into an empty column, any but the
 * leftmost empty column, and undoing the previous move. */
#define FT_GA_ALPHABET 64
/* With decoder = "useful-first", genes below FT_GA_USEFUL_BIAS (half of
 * them) pick among the foundation and uncovering moves when there are any. */
#define FT_GA_USEFUL_BIAS 32
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
static const char *const ft_ga_decoders[] = {"plain", "useful-first", "search"};
/* The search decoder's node budget per evaluation: at most this. */
#define FT_GA_MAX_NODES 16384

struct fortythieves {
    struct ft_tableau tableau;
    int cards;     /* in the tableau at the start */
    int reference; /* fitness = reference - cards moved */
    const char *reference_name; /* for best.txt */
    unsigned moves; /* genome length: the longest play */
    ga_gene bias;   /* genes below it pick a useful move: 0 (plain) or FT_GA_USEFUL_BIAS */
    bool shaping;   /* a fraction below 1 added for the needed cards' depth (ft_ga_buried) */
    bool search;    /* decoder = "search": a depth-first search ordered by the genes */
    unsigned nodes; /* its budget: moves played per evaluation */
};

/* Whether moving the top of column c uncovers a card that can go up, or empties c. */
static bool ft_ga_uncovers(const struct ft_game *g, int c)
{
    int h = g->t.height[c];
    return h == 1 || ft_game_can_found(g, g->t.card[c][h - 2]);
}

/* The legal moves of g, in the decoder's order; returns how many.  With
 * 'split', *useful says how many lead the list: the foundation moves, then
 * the column moves that uncover a card that can go up (or empty a column). */
static size_t ft_ga_moves(const struct ft_game *g, struct ft_move last, bool split, struct ft_move *out,
                          size_t *useful)
{
    size_t n = 0;
    int columns = g->t.ncolumns, empty = -1, top[FT_MAX_COLUMNS];
    for (int c = 0; c < columns; c++) {
        top[c] = ft_game_top(g, c);
        if (top[c] && ft_game_can_found(g, top[c]))
            out[n++] = (struct ft_move){(unsigned char)top[c], (unsigned char)c, FT_FOUNDATION};
        if (!top[c] && empty < 0)
            empty = c;
    }
    *useful = n;
    for (int pass = 0; pass < (split ? 2 : 1); pass++) {
        if (pass == 1)
            *useful = n;
        for (int c = 0; c < columns; c++) {
            if (!top[c] || (split && ft_ga_uncovers(g, c) != (pass == 0)))
                continue;
            for (int d = 0; d < columns; d++) {
                /* onto one rank higher of the suit, or a card with others
                 * under it into the leftmost empty column (ft_game_legal) */
                if (d == c || !(top[d] ? top[d] == top[c] + 1 : d == empty && g->t.height[c] > 1))
                    continue;
                struct ft_move m = {(unsigned char)top[c], (unsigned char)c, (unsigned char)d};
                if (m.card == last.card && m.from == last.to && m.to == last.from)
                    continue; /* undoes the previous move */
                out[n++] = m;
            }
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

/* How deep the next cards the foundations need lie: for each foundation
 * not finished, the cards above the shallowest copy of its next card still
 * in the tableau, summed. */
static int ft_ga_buried(const struct ft_game *g)
{
    int depth[FT_CARD_CODES];
    for (int c = 0; c < FT_CARD_CODES; c++)
        depth[c] = -1;
    for (int c = 0; c < g->t.ncolumns; c++)
        for (int i = 0; i < g->t.height[c]; i++) {
            int card = g->t.card[c][i], above = g->t.height[c] - 1 - i;
            if (depth[card] < 0 || above < depth[card])
                depth[card] = above;
        }
    int sum = 0;
    for (int s = 0; s < FT_SUITS; s++)
        for (int k = 0; k < FT_COPIES; k++)
            if (g->pile[s][k] < FT_RANKS && depth[ft_card(g->pile[s][k] + 1, s)] > 0)
                sum += depth[ft_card(g->pile[s][k] + 1, s)];
    return sum;
}

/* The move a gene picks among n legal moves whose first 'useful' are the
 * foundation and uncovering moves: genes below f->bias pick among those
 * when there are any, the others (all genes with the plain decoder) among all. */
static size_t ft_ga_pick(const struct fortythieves *f, ga_gene gene, size_t useful, size_t n)
{
    return useful && gene < f->bias ? gene % useful : gene % n;
}

static bool ft_ga_start(const struct fortythieves *f, struct ft_ga_play *p)
{
    if (ft_game_init(&p->game, &f->tableau) != FT_OK)
        return false;
    for (int c = 0; c < f->tableau.ncolumns; c++)
        for (int i = 0; i < f->tableau.height[c]; i++)
            p->in_tableau[f->tableau.card[c][i]]++;
    return true;
}

/* Plays the genome; returns the cards on the foundations.  With 'played'
 * (room for FT_GA_MAX_PLAY(len) moves) also the moves, and their count in
 * *count; with 'buried', ft_ga_buried of the final position. */
static int ft_ga_play(const struct fortythieves *f, const ga_gene *genes, size_t len,
                      struct ft_move *played, size_t *count, int *buried)
{
    struct ft_ga_play p = {.played = played};
    if (!ft_ga_start(f, &p))
        return 0;
    struct ft_move legal[FT_GA_MAX_MOVES];
    for (size_t i = 0; i < len; i++) {
        ft_ga_play_safe(&p);
        size_t useful, n = ft_ga_moves(&p.game, p.last, f->bias > 0, legal, &useful);
        if (n == 0)
            break;
        ft_ga_move(&p, legal[ft_ga_pick(f, genes[i], useful, n)]);
    }
    ft_ga_play_safe(&p);
    if (count)
        *count = p.count;
    if (buried)
        *buried = ft_ga_buried(&p.game);
    return p.game.moved;
}

/* Takes back the last move of the play. */
static void ft_ga_undo(struct ft_ga_play *p)
{
    struct ft_move m = p->played[--p->count];
    ft_game_undo(&p->game, m);
    if (m.to == FT_FOUNDATION)
        p->in_tableau[m.card]++;
}

/* A hash of the tableau (FNV-1a over the columns in order), never 0. */
static uint64_t ft_ga_hash(const struct ft_tableau *t)
{
    static const unsigned char end = 0xff; /* the end of a column */
    uint64_t h = GA_PACK_HASH_START;
    for (int c = 0; c < t->ncolumns; c++)
        h = ga_pack_hash_more(ga_pack_hash_more(h, t->card[c], (size_t)t->height[c]), &end, 1);
    return h ? h : 1;
}

/* Adds h to the open-addressing set table[size] (a power of two, more
 * than the entries); false when it was there already. */
static bool ft_ga_visit(uint64_t *table, size_t size, uint64_t h)
{
    for (size_t i = (size_t)(h ^ h >> 32) & (size - 1);; i = (i + 1) & (size - 1)) {
        if (table[i] == h)
            return false;
        if (!table[i]) {
            table[i] = h;
            return true;
        }
    }
}

/* A position on the search's path: the moves played to reach it, the
 * first move tried (the gene's) and how many have been tried. */
struct ft_ga_frame {
    unsigned short count;
    unsigned char first, tried;
};

/*
 * The search decoder: a depth-first search from the deal that tries, at
 * depth d, first the move gene d picks (as ft_ga_pick does), then the next
 * ones of the list in turn; safe foundation moves are played at once; a
 * position seen before in this search is not expanded again.  Its first
 * descent is the useful-first play of the genes (the undo of the last move
 * aside, which the seen set skips); it then backtracks until it has played
 * f->nodes moves (every move counts, as for the exact solver's nodes) or
 * run out of positions, at most len moves deep.  Returns the most cards it
 * put on the foundations, with 'buried' at the first position that
 * reached them that had the fewest (shaping); with 'played', the moves
 * there and their count.  The genes never learn the optimum.
 */
static int ft_ga_search(const struct fortythieves *f, const ga_gene *genes, size_t len,
                        struct ft_move *played, size_t *count, int *buried)
{
    struct ft_move path[FT_GA_MAX_PLAY(10000)]; /* 'moves' is at most 10000 */
    struct ft_ga_frame frame[10000 + 1];
    uint64_t seen[2 * FT_GA_MAX_NODES];
    size_t size = 64;
    while (size < 2 * (size_t)f->nodes + 64 && size < 2 * FT_GA_MAX_NODES)
        size *= 2;
    memset(seen, 0, size * sizeof seen[0]);
    struct ft_ga_play p = {.played = path};
    if (!ft_ga_start(f, &p))
        return 0;
    ft_ga_play_safe(&p);
    ft_ga_visit(seen, size, ft_ga_hash(&p.game.t));
    int best = p.game.moved, best_buried = f->shaping ? ft_ga_buried(&p.game) : 0;
    size_t best_count = p.count, nodes = p.count, depth = 0;
    if (played)
        memcpy(played, path, p.count * sizeof path[0]);
    frame[0] = (struct ft_ga_frame){(unsigned short)p.count, 0, 0};
    struct ft_move legal[FT_GA_MAX_MOVES]; /* the moves at depth 'listed' */
    size_t useful = 0, n = 0, listed = SIZE_MAX;
    while (nodes < f->nodes) {
        struct ft_ga_frame *fr = &frame[depth];
        while (p.count > fr->count)
            ft_ga_undo(&p);
        if (listed != depth) {
            n = depth < 10000 ? ft_ga_moves(&p.game, (struct ft_move){0, 0, 0}, true, legal, &useful) : 0;
            listed = depth;
        }
        if (fr->tried == 0 && n)
            fr->first = (unsigned char)ft_ga_pick(f, genes[depth % len], useful, n);
        if (fr->tried >= n) {
            if (depth == 0)
                break; /* every position within reach seen */
            depth--;
            listed = SIZE_MAX;
            continue;
        }
        size_t before = p.count;
        ft_ga_move(&p, legal[(fr->first + fr->tried++) % n]);
        ft_ga_play_safe(&p);
        nodes += p.count - before;
        if (!ft_ga_visit(seen, size, ft_ga_hash(&p.game.t)))
            continue;
        int moved = p.game.moved, b = 0;
        if (moved >= best && f->shaping)
            b = ft_ga_buried(&p.game);
        if (moved > best || (moved == best && b < best_buried)) {
            best = moved;
            best_buried = b;
            best_count = p.count;
            if (played)
                memcpy(played, path, p.count * sizeof path[0]);
        }
        frame[++depth] = (struct ft_ga_frame){(unsigned short)p.count, 0, 0};
    }
    if (count)
        *count = best_count;
    if (buried)
        *buried = best_buried;
    return best;
}

/* The chosen moves of a play (safe moves aside), one per gene until no
 * move is left; returns how many. */
static size_t ft_ga_choices(const struct fortythieves *f, const ga_gene *genes, size_t len, struct ft_move *chosen)
{
    struct ft_ga_play p = {0};
    if (!ft_ga_start(f, &p))
        return 0;
    struct ft_move legal[FT_GA_MAX_MOVES];
    size_t i = 0;
    for (; i < len; i++) {
        ft_ga_play_safe(&p);
        size_t useful, n = ft_ga_moves(&p.game, p.last, f->bias > 0, legal, &useful);
        if (n == 0)
            break;
        chosen[i] = legal[ft_ga_pick(f, genes[i], useful, n)];
        ft_ga_move(&p, chosen[i]);
    }
    return i;
}

static bool ft_ga_same_move(struct ft_move a, struct ft_move b)
{
    return a.card == b.card && a.from == b.from && a.to == b.to;
}

/* The edit mutation works on the play, not the genes: it changes, inserts
 * or deletes (1/3 each) the choice at 'pos', then rewrites the later genes
 * so that they keep choosing the moves they chose before wherever those are
 * still legal.  The plain reset mutation instead gives every later gene a
 * new meaning, which ruins long plays. */
static bool ft_ga_edit_at(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    const struct fortythieves *f = gen->state;
    size_t len = gen->len;
    struct ft_move chosen[10000], wish[10000]; /* 'moves' is at most 10000 */
    ga_gene source[10000];
    bool wished[10000];
    size_t steps = ft_ga_choices(f, g, len, chosen), kind = ga_rng_below(r, 3);
    for (size_t j = 0; j < len; j++) {
        size_t from = kind == 1 && j > pos ? j - 1 : kind == 2 && j >= pos ? j + 1 : j;
        bool fresh = (kind != 2 && j == pos) || from >= len;
        source[j] = fresh ? (ga_gene)ga_rng_below(r, FT_GA_ALPHABET) : g[from];
        wished[j] = !fresh && from < steps;
        if (wished[j])
            wish[j] = chosen[from];
    }
    struct ft_ga_play p = {0};
    if (!ft_ga_start(f, &p))
        return false;
    struct ft_move legal[FT_GA_MAX_MOVES];
    bool changed = false;
    for (size_t j = 0; j < len; j++) {
        ga_gene gene = source[j];
        ft_ga_play_safe(&p);
        size_t useful, n = ft_ga_moves(&p.game, p.last, f->bias > 0, legal, &useful);
        if (n && wished[j] && !ft_ga_same_move(legal[ft_ga_pick(f, gene, useful, n)], wish[j])) {
            size_t k = 0;
            while (k < n && !ft_ga_same_move(legal[k], wish[j]))
                k++;
            for (unsigned t = 0, start = (unsigned)ga_rng_below(r, FT_GA_ALPHABET); k < n && t < FT_GA_ALPHABET; t++)
                if (ft_ga_pick(f, (ga_gene)((start + t) % FT_GA_ALPHABET), useful, n) == k) {
                    gene = (ga_gene)((start + t) % FT_GA_ALPHABET);
                    break;
                }
        }
        changed |= g[j] != gene;
        g[j] = gene;
        if (n)
            ft_ga_move(&p, legal[ft_ga_pick(f, gene, useful, n)]);
    }
    return changed;
}

/* Per individual: an edit within the play (or just past its end). */
static bool ft_ga_edit_once(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    struct ft_move chosen[10000];
    size_t steps = ft_ga_choices(gen->state, g, gen->len, chosen);
    return ft_ga_edit_at(gen, r, g, ga_rng_below(r, steps < gen->len ? steps + 1 : gen->len));
}

static const struct ga_mutation ft_ga_mutation_edit = {
    "edit", "change, insert or delete one move of the play; the later moves kept where still legal",
    0, ft_ga_edit_at, ft_ga_edit_once, NULL,
};
static const struct ga_mutation *const ft_ga_mutations[] = {&ft_ga_mutation_edit, NULL};

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
    FILE *in = ga_cfg_input(cfg, path); /* as read once: every point of a sweep sees the same */
    struct ft_deal_file *deals = in ? ft_deal_file_read(path, in, ga_cfg_diag(cfg), &status) : NULL;
    if (in)
        fclose(in);
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
    long long moves, nodes;
    size_t reference, decoder = 0;
    bool ok = ft_ga_position(f, cfg, group);
    ok &= ga_cfg_int(cfg, group, "moves", 120, 1, 10000, &moves);
    ok &= ga_cfg_choice(cfg, group, "reference", ft_ga_references, 2, 0, &reference);
    ok &= ga_cfg_choice(cfg, group, "decoder", ft_ga_decoders, 3, 0, &decoder);
    nodes = 0; /* only the search decoder has a budget (and writes its default back) */
    if (decoder == 2) {
        ok &= ga_cfg_int(cfg, group, "nodes", 4096, 1, FT_GA_MAX_NODES, &nodes);
    } else if (ga_cfg_lookup(cfg, group, "nodes")) {
        ga_cfg_error_at(cfg, group, "nodes", "only decoder = \"search\" has a node budget");
        ok = false;
    }
    ok &= ga_cfg_bool(cfg, group, "shaping", false, &f->shaping);
    if (!ok)
        return false;
    f->cards = ft_tableau_cards(&f->tableau);
    f->moves = (unsigned)moves;
    f->bias = decoder >= 1 ? FT_GA_USEFUL_BIAS : 0;
    f->search = decoder == 2;
    f->nodes = (unsigned)nodes;
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
    int buried = 0, short_of = f->reference - (f->search ? ft_ga_search(f, g, gen->len, NULL, NULL, &buried)
                                                          : ft_ga_play(f, g, gen->len, NULL, NULL, &buried));
    if (short_of <= 0 || !f->shaping)
        return short_of > 0 ? short_of : 0;
    return short_of + (double)buried / (buried + 8.0);
}

/* The problem's own column: the mean cards moved to the foundations,
 * read off the fitness (reference - moved, plus a fraction below 1 with
 * shaping; 0 at or past the reference, where it counts the reference). */
static const char *const ft_ga_column_names[] = {"mean_moved", NULL};

static void ft_ga_measure(const struct ga_genome *gen, const struct ga_population *pop, double *values)
{
    const struct fortythieves *f = gen->state;
    double short_of = 0;
    for (size_t i = 0; i < pop->n; i++)
        short_of += floor(pop->fitness[i]);
    values[0] = f->reference - short_of / (double)pop->n;
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
    int moved = f->search ? ft_ga_search(f, g, gen->len, played, &count, NULL)
                          : ft_ga_play(f, g, gen->len, played, &count, NULL);
    while (count > 0 && played[count - 1].to != FT_FOUNDATION)
        count--; /* moves after the last card went up change nothing */
    for (size_t i = 0; i < count; i++) {
        char name[FT_MOVE_NAME_SIZE];
        fprintf(out, "%s%s", ft_move_name(played[i], name), i + 1 < count ? (i % 10 == 9 ? "\n" : ", ") : "\n");
    }
    fprintf(out, "cards to the foundations: %d in %zu moves; %s: %d of %d\n", moved, count,
            f->reference_name, f->reference, f->cards);
}

static const struct ga_problem_columns ft_ga_columns = {ft_ga_column_names, ft_ga_measure};

static const struct ga_problem_variation ft_ga_variation = {
    .defaults = {"twopoint", 0.8, "reset", 0.05, GA_PER_GENE},
    .mutations = ft_ga_mutations,
};
static const struct ga_problem_evaluation ft_ga_evaluation = {.columns = &ft_ga_columns};
const struct ga_problem ga_problem_fortythieves = {
    .name = "fortythieves",
    .summary = "Forty Thieves AutoStart: a sequence of move choices (fitness = cards short of the optimum)",
    .kind = GA_KIND_INTS,
    .state_size = sizeof(struct fortythieves),
    .configure = ft_ga_configure,
    .shape = ft_ga_shape,
    .init = ft_ga_init,
    .evaluate = ft_ga_evaluate,
    .valid = ft_ga_valid,
    .print = ft_ga_print,
    .variation = &ft_ga_variation,
    .evaluation = &ft_ga_evaluation,
};
