// bench/galib_bench.cc — the benchmark GA (../shared/spec/benchmark.md) with GAlib 2.4.7 (Debian libga-dev).
//
// Two ways to run it, sharing the genomes and operators below (so the
// cross-check covers both):
//
// * the lean loop (default): GAlib's genomes, operators, evaluation and random
//   numbers (ran2 through GARandomInt/GAFlipCoin) in a generational loop
//   written here on a std::vector of genomes -- an upper bound for GAlib;
//
// * --ga-classes: the GA run through GAlib's own framework, as a GAlib user
//   writes it: SpecGA, a GASimpleGA whose step() is the spec's generation, on
//   two GAPopulations, with a GASelectionScheme for the tournament, a
//   GAPopulation evaluator, the genome's registered crossover (scross, taken
//   from the genome) and mutator, a GAGeneticAlgorithm terminator and
//   evolve(seed), and GAlib's statistics updated every generation as
//   GASimpleGA::step() does (GAStatistics::update: the population's mean,
//   deviation, min and max, convergence, and the best-of-all genome, which
//   sorts the population).  --no-stats leaves the statistics out (no sort):
//   the run then draws the same numbers as the lean loop and must end with
//   the same best and first hit, which bench/run checks.
//
// GASimpleGA's own step() cannot run the benchmark GA, hence the override:
//   * its elitism replaces the worst child by the previous best after
//     breeding, instead of reserving slot 0 for a copy of the best;
//   * its GATournamentSelector draws the two contestants by roulette wheel,
//     not uniformly;
//   * its population evaluator re-evaluates only genomes flagged as changed
//     (copies keep their score), so it spends fewer than N + G(N-1)
//     evaluations;
//   * the odd last child is a copy of a random parent when not crossed.
// Two of GAlib's stock operators differ from the spec too, so custom ones
// replace them (still on GAlib's genome interface):
//   * GA1DBinaryStringGenome::OnePointCrossover cuts in [0, len] (a cut at 0
//     or len crosses nothing); ours cuts in [1, len-1];
//   * GA1DBinaryStringGenome::UniformInitializer draws its bits from an
//     18-bit shift register (see onemax_init); ours draws them from ran2;
//   * GA1DBinaryStringGenome::FlipMutator flips ceil(pmut*len) random bits
//     when pmut*len >= 1, which at 0.001 x 1000 bits (1.0, or 1.0000000475 in
//     float) is one or two flips every time instead of a binomial number;
//     ours makes GAlib's own per-bit coin flip for every bit.
// GAlib's GARandomInt(lo, hi) scales one float of ran2 (24 bits), so drawing
// one of 100,000 individuals is slightly non-uniform: a GAlib limitation, kept.
// Evaluations are counted in the objective functions themselves.
//
// Usage: galib_bench [--problem onemax|derful] [-N N] [-G G] [--seed S] [--stop]
//                    [--ga-classes [--no-stats]]
//        galib_bench --xcheck FILE
// Prints: evaluations=E best=B first_hit=H generations=G cpu=SECONDS
// (best in the spec's terms: ones for OneMax, squared deviations for 31-derful).
#include <ga/GA1DArrayGenome.h>
#include <ga/GA1DBinStrGenome.h>
#include <ga/GASimpleGA.h>
#include <ga/garandom.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

static const float P_CROSS = 0.6f;
static const int ONEMAX_BITS = 1000;
static const float ONEMAX_PMUT = 0.001f;
static const float DERFUL_PMUT = 0.01f;

static unsigned long long evaluations; // objective calls since the start

// ---- OneMax --------------------------------------------------------------

// Score = zero bits: lower is better, as in gaexp.
static float onemax_objective(GAGenome &g)
{
    GA1DBinaryStringGenome &b = (GA1DBinaryStringGenome &)g;
    evaluations++;
    int ones = 0;
    for (int i = 0; i < b.length(); i++)
        ones += b.gene(i);
    return (float)(b.length() - ones);
}

// Uniform bits from ran2 (GARandomInt() is one ran2 draw > 0.5).  GAlib's
// UniformInitializer takes its bits from GARandomBit, an 18-bit shift register
// (period 262,143 bits, seeded with the seed itself), which repeats about
// every 262 genomes of a 1000 x 1000-bit population: not uniform bits.
static void onemax_init(GAGenome &g)
{
    GA1DBinaryStringGenome &b = (GA1DBinaryStringGenome &)g;
    for (int i = 0; i < b.length(); i++)
        b.gene(i, GARandomInt());
}

// One cut uniform in [1, len-1]: sis = mom[:k] + dad[k:], bro = dad[:k] + mom[k:].
// As GAlib's crossovers, it makes only sis when c2 is NULL (the same draw).
static int onemax_cross(const GAGenome &p1, const GAGenome &p2, GAGenome *c1, GAGenome *c2)
{
    const GA1DBinaryStringGenome &mom = (const GA1DBinaryStringGenome &)p1;
    const GA1DBinaryStringGenome &dad = (const GA1DBinaryStringGenome &)p2;
    unsigned len = mom.length(), k = GARandomInt(1, len - 1);
    GA1DBinaryStringGenome &sis = *(GA1DBinaryStringGenome *)c1;
    sis.copy(mom, 0, 0, k);
    sis.copy(dad, k, k, len - k);
    if (!c2)
        return 1;
    GA1DBinaryStringGenome &bro = *(GA1DBinaryStringGenome *)c2;
    bro.copy(dad, 0, 0, k);
    bro.copy(mom, k, k, len - k);
    return 2;
}

// Every bit flips with probability pmut (GAlib's own per-bit branch, always).
static int onemax_mutate(GAGenome &g, float pmut)
{
    GA1DBinaryStringGenome &b = (GA1DBinaryStringGenome &)g;
    int flips = 0;
    for (int i = b.length() - 1; i >= 0; i--)
        if (GAFlipCoin(pmut)) {
            b.gene(i, b.gene(i) ? 0 : 1);
            flips++;
        }
    return flips;
}

// ---- 31-derful 5x5 -------------------------------------------------------

typedef GA1DArrayGenome<int> Grid;

static int card_value(int c)
{
    int rank = c / 4;
    return rank < 8 ? rank + 2 : rank < 12 ? 10 : 11;
}

static int derful_fitness(const int *g)
{
    int f = 0;
    for (int i = 0; i < 5; i++) {
        int row = 0, col = 0;
        for (int j = 0; j < 5; j++) {
            row += card_value(g[5 * i + j]);
            col += card_value(g[5 * j + i]);
        }
        f += (row - 31) * (row - 31) + (col - 31) * (col - 31);
    }
    return f;
}

static float derful_objective(GAGenome &g)
{
    Grid &d = (Grid &)g;
    evaluations++;
    int cells[25];
    for (int i = 0; i < 25; i++)
        cells[i] = d.gene(i);
    return (float)derful_fitness(cells);
}

// Partial Fisher-Yates over the deck.
static void derful_init(GAGenome &g)
{
    Grid &d = (Grid &)g;
    int deck[52];
    for (int c = 0; c < 52; c++)
        deck[c] = c;
    for (int i = 0; i < 25; i++) {
        int j = GARandomInt(i, 51);
        int t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
        d.gene(i, deck[i]);
    }
}

// child = p with row r of q, then each incoming card that the other 20 cells
// hold becomes the unused card with the nearest value (lower value first,
// then lowest code), scanning the whole deck for it.
static void derful_child(const Grid &p, const Grid &q, int r, Grid &child)
{
    child.copy(p);
    for (int j = 0; j < 5; j++)
        child.gene(5 * r + j, q.gene(5 * r + j));
    bool outside[52] = {false}, used[52] = {false};
    for (int i = 0; i < 25; i++) {
        used[child.gene(i)] = true;
        if (i / 5 != r)
            outside[child.gene(i)] = true;
    }
    for (int j = 0; j < 5; j++) {
        int c = child.gene(5 * r + j);
        if (!outside[c])
            continue;
        int v = card_value(c), best = -1;
        for (int k = 0; k < 52; k++) {
            if (used[k])
                continue;
            int dk = abs(card_value(k) - v), db = best < 0 ? 99 : abs(card_value(best) - v);
            if (dk < db || (dk == db && card_value(k) < card_value(best)))
                best = k; // k ascends, so equal value keeps the lowest code
        }
        child.gene(5 * r + j, best);
        used[best] = true;
    }
}

// Row r swapped and repaired: c1 from mom, c2 (when not NULL) from dad.
static int derful_cross_row(const Grid &mom, const Grid &dad, int r, Grid *c1, Grid *c2)
{
    derful_child(mom, dad, r, *c1);
    if (!c2)
        return 1;
    derful_child(dad, mom, r, *c2);
    return 2;
}

// The genome's sexual crossover: a uniform row; only c1 when c2 is NULL, as
// GAlib's crossovers do.
static int derful_cross(const GAGenome &p1, const GAGenome &p2, GAGenome *c1, GAGenome *c2)
{
    int r = GARandomInt(0, 4);
    return derful_cross_row((const Grid &)p1, (const Grid &)p2, r, (Grid *)c1, (Grid *)c2);
}

// With probability pmut (per child): a uniform cell gets a card drawn
// uniformly from the 27 not in the grid.
static int derful_mutate(GAGenome &g, float pmut)
{
    if (!GAFlipCoin(pmut))
        return 0;
    Grid &d = (Grid &)g;
    bool used[52] = {false};
    for (int i = 0; i < 25; i++)
        used[d.gene(i)] = true;
    int cell = GARandomInt(0, 24), c;
    do
        c = GARandomInt(0, 51);
    while (used[c]);
    d.gene(cell, c);
    return 1;
}

// ---- the generational loop -------------------------------------------------

struct Result {
    float best;
    long first_hit, generations;
};

static int tournament(const std::vector<GAGenome *> &pop)
{
    int n = (int)pop.size(), a = GARandomInt(0, n - 1), b = GARandomInt(0, n - 1);
    return pop[b]->score() < pop[a]->score() ? b : a;
}

static Result evolve(const GAGenome &proto, int n, long generations, bool stop, float pmut)
{
    std::vector<GAGenome *> pop(n), next(n);
    for (int i = 0; i < n; i++) {
        pop[i] = proto.clone();
        next[i] = proto.clone();
        pop[i]->initialize();
        pop[i]->evaluate(gaTrue);
    }
    GAGenome *spare = proto.clone();
    GAGenome::SexualCrossover cross = proto.sexual();
    Result res = {0, -1, 0};
    for (long gen = 0;; gen++) {
        int best = 0;
        for (int i = 1; i < n; i++)
            if (pop[i]->score() < pop[best]->score())
                best = i;
        if (res.first_hit < 0 && pop[best]->score() == 0)
            res.first_hit = gen;
        if (gen == generations || (stop && res.first_hit >= 0)) {
            res.best = pop[best]->score();
            res.generations = gen;
            break;
        }
        next[0]->copy(*pop[best]); // keeps its score: not re-evaluated
        for (int slot = 1; slot < n; slot += 2) {
            GAGenome *a = pop[tournament(pop)], *b = pop[tournament(pop)];
            bool second = slot + 1 < n;
            GAGenome *ca = next[slot], *cb = second ? next[slot + 1] : spare;
            if (GAFlipCoin(P_CROSS)) {
                cross(*a, *b, ca, cb);
            } else {
                ca->copy(*a);
                cb->copy(*b);
            }
            ca->mutate(pmut);
            ca->evaluate(gaTrue); // every child, changed or not
            if (second) {
                cb->mutate(pmut);
                cb->evaluate(gaTrue);
            }
        }
        pop.swap(next);
    }
    for (int i = 0; i < n; i++) {
        delete pop[i];
        delete next[i];
    }
    delete spare;
    return res;
}

// ---- the same GA through GAlib's framework classes -----------------------

// Binary tournament with replacement on raw scores: two contestants drawn
// uniformly, the better wins, a tie goes to the first drawn.
class BinaryTournament : public GASelectionScheme {
  public:
    GADefineIdentity("BinaryTournament", 1001);
    BinaryTournament() : GASelectionScheme(GASelectionScheme::RAW) {}
    BinaryTournament(const BinaryTournament &orig) : GASelectionScheme(orig) {}
    virtual GASelectionScheme *clone() const { return new BinaryTournament(*this); }
    virtual GAGenome &select() const
    {
        int n = pop->size();
        GAGenome &a = pop->individual(GARandomInt(0, n - 1));
        GAGenome &b = pop->individual(GARandomInt(0, n - 1));
        bool b_wins = pop->order() == GAPopulation::LOW_IS_BEST ? b.score() < a.score()
                                                                 : b.score() > a.score();
        return b_wins ? b : a;
    }
};

// The population evaluator: every bred child is evaluated, changed or not;
// individual 0 only when it has no score yet (generation 0), since later it
// is the elite, whose copied score stands.
static void evaluate_bred(GAPopulation &p)
{
    p.individual(0).evaluate();
    for (int i = 1; i < p.size(); i++)
        p.individual(i).evaluate(gaTrue);
}

// GASimpleGA with the spec's generation as step().
class SpecGA : public GASimpleGA {
  public:
    GADefineIdentity("SpecGA", 1002);
    SpecGA(const GAPopulation &p, bool with_stats, bool stop)
        : GASimpleGA(p), with_stats(with_stats), stop(stop), gen(0), first_hit(-1)
    {
        terminator(done_when);
    }
    long generations() const { return gen; }
    long firstHit() const { return first_hit; }
    float best() const { return pop->min(); } // minimised scores

    // GASimpleGA::initialize, with GAlib's statistics optional.
    virtual void initialize(unsigned int seed)
    {
        GARandomSeed(seed);
        pop->initialize();
        pop->evaluate(gaTrue);
        if (with_stats)
            stats.reset(*pop);
        gen = 0;
        first_hit = pop->min() == 0 ? 0 : -1;
    }

    virtual void step()
    {
        GAPopulation *t = oldPop; // pop: the generation being bred
        oldPop = pop;
        pop = t;
        int n = pop->size();
        // slot 0: a copy of the first best genome in population order (its
        // score is copied with it: not re-evaluated)
        int best = 0;
        for (int i = 1; i < n; i++)
            if (better(oldPop->individual(i).score(), oldPop->individual(best).score()))
                best = i;
        pop->individual(0).copy(oldPop->individual(best));
        // slots 1..n-1 in pairs; the odd last slot gets one child
        for (int i = 1; i < n; i += 2) {
            GAGenome &mom = oldPop->select(), &dad = oldPop->select();
            stats.numsel += 2;
            GAGenome *c1 = &pop->individual(i), *c2 = i + 1 < n ? &pop->individual(i + 1) : 0;
            if (GAFlipCoin(pCrossover())) {
                stats.numcro += (*scross)(mom, dad, c1, c2);
            } else {
                c1->copy(mom);
                if (c2)
                    c2->copy(dad);
            }
            stats.nummut += c1->mutate(pMutation());
            if (c2)
                stats.nummut += c2->mutate(pMutation());
            stats.numeval += c2 ? 2 : 1;
        }
        stats.numrep += n;
        pop->evaluate(gaTrue); // evaluate_bred
        if (with_stats)
            stats.update(*pop); // as GASimpleGA::step(): this sorts pop
        gen++;
        if (first_hit < 0 && pop->min() == 0)
            first_hit = gen;
    }

  private:
    bool with_stats, stop;
    long gen, first_hit;

    bool better(float a, float b) const { return minimaxi() == MINIMIZE ? a < b : a > b; }
    static GABoolean done_when(GAGeneticAlgorithm &g)
    {
        SpecGA &s = (SpecGA &)g;
        return s.gen >= s.nGenerations() || (s.stop && s.first_hit >= 0) ? gaTrue : gaFalse;
    }
};

static Result evolve_ga(const GAGenome &proto, int n, long generations, bool stop, float pmut,
                        unsigned seed, bool with_stats)
{
    GAPopulation pop(proto, n);
    pop.evaluator(evaluate_bred);
    SpecGA ga(pop, with_stats, stop);
    ga.minimize();
    ga.selector(BinaryTournament());
    ga.pCrossover(P_CROSS);
    ga.pMutation(pmut);
    ga.nGenerations((unsigned)generations);
    ga.evolve(seed);
    Result res = {ga.best(), ga.firstHit(), ga.generations()};
    return res;
}

static int xcheck(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    Grid a(25), b(25), c1(25), c2(25);
    int r;
    while (fscanf(f, "%d", &r) == 1) {
        for (int k = 0; k < 50; k++) {
            int v;
            if (fscanf(f, "%d", &v) != 1 || v < 0 || v > 51 || r < 0 || r > 4) {
                fprintf(stderr, "galib_bench: %s: malformed case\n", path);
                return 1;
            }
            (k < 25 ? a : b).gene(k % 25, v);
        }
        derful_cross_row(a, b, r, &c1, &c2);
        int g1[25], g2[25];
        for (int i = 0; i < 25; i++) {
            g1[i] = c1.gene(i);
            g2[i] = c2.gene(i);
        }
        for (int i = 0; i < 25; i++)
            printf("%d ", g1[i]);
        for (int i = 0; i < 25; i++)
            printf("%d ", g2[i]);
        printf("%d %d\n", derful_fitness(g1), derful_fitness(g2));
    }
    fclose(f);
    return 0;
}

static void usage()
{
    fprintf(stderr, "usage: galib_bench [--problem onemax|derful] [-N N] [-G G] [--seed S] [--stop]\n"
                    "                   [--ga-classes [--no-stats]]\n"
                    "       galib_bench --xcheck FILE\n");
    exit(2);
}

int main(int argc, char **argv)
{
    const char *problem = "derful", *check = NULL;
    long n = 1000, g = -1;
    unsigned seed = 1;
    bool stop = false, ga_classes = false, with_stats = true;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--problem") && v)
            problem = v, i++;
        else if (!strcmp(a, "-N") && v)
            n = atol(v), i++;
        else if (!strcmp(a, "-G") && v)
            g = atol(v), i++;
        else if (!strcmp(a, "--seed") && v)
            seed = (unsigned)strtoul(v, NULL, 10), i++;
        else if (!strcmp(a, "--xcheck") && v)
            check = v, i++;
        else if (!strcmp(a, "--stop"))
            stop = true;
        else if (!strcmp(a, "--ga-classes"))
            ga_classes = true;
        else if (!strcmp(a, "--no-stats"))
            with_stats = false;
        else
            usage();
    }
    if (check)
        return xcheck(check);
    bool onemax = !strcmp(problem, "onemax");
    if ((!onemax && strcmp(problem, "derful")) || n < 2 || seed == 0 || (!with_stats && !ga_classes))
        usage(); // GAlib takes seed 0 as "seed from the clock"
    if (g < 0)
        g = onemax ? 100 : 200;
    if (!ga_classes)
        GAResetRNG(seed); // the GA classes seed in initialize(), through evolve(seed)

    clock_t t0 = clock();
    Result res;
    if (onemax) {
        GA1DBinaryStringGenome proto(ONEMAX_BITS, onemax_objective);
        proto.initializer(onemax_init);
        proto.crossover(onemax_cross);
        proto.mutator(onemax_mutate);
        res = ga_classes ? evolve_ga(proto, (int)n, g, stop, ONEMAX_PMUT, seed, with_stats)
                         : evolve(proto, (int)n, g, stop, ONEMAX_PMUT);
        res.best = ONEMAX_BITS - res.best;
    } else {
        Grid proto(25, derful_objective);
        proto.initializer(derful_init);
        proto.crossover(derful_cross);
        proto.mutator(derful_mutate);
        res = ga_classes ? evolve_ga(proto, (int)n, g, stop, DERFUL_PMUT, seed, with_stats)
                         : evolve(proto, (int)n, g, stop, DERFUL_PMUT);
    }
    double cpu = (double)(clock() - t0) / CLOCKS_PER_SEC;
    printf("evaluations=%llu best=%.0f first_hit=%ld generations=%ld cpu=%.6f\n", evaluations,
           res.best, res.first_hit, res.generations, cpu);
    return 0;
}
