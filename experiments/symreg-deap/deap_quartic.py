#!/usr/bin/env python3
# experiments/symreg-deap/deap_quartic.py — DEAP's GP on Koza's quartic with the budget
# and settings of quartic.cfg (population 500, 50 generations, tournament 7,
# crossover 0.9 with Koza's 90/10 bias, subtree mutation 0.1, ramped half-and-half
# depth 2-6, depth limit 17, no elite; + - * protected /, x and 1): one line per
# seed "seed,solved,generation_found,evaluations,seconds" (evaluations spent up to
# the end of the generation that first held a solution, as gaexp's summary counts
# them when it stops at the target).  A benchmark peer only: gaexp does not use DEAP.
import operator, random, sys, time
from deap import algorithms, base, creator, gp, tools

# DEAP 1.3.1's cxOnePointLeafBiased calls random.sample on a set, which Python
# 3.11 refuses: such a set is sampled in a fixed order instead.
_sample = random.sample
def _sample_sets(population, k, **kw):
    if isinstance(population, (set, frozenset)):
        population = sorted(population, key=str)
    return _sample(population, k, **kw)
random.sample = _sample_sets

def div(a, b):
    return 1.0 if b == 0 else a / b

points = [tuple(map(float, l.split(","))) for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
pset = gp.PrimitiveSet("MAIN", 1)
for f in (operator.add, operator.sub, operator.mul, div):
    pset.addPrimitive(f, 2)
pset.addTerminal(1.0)
pset.renameArguments(ARG0="x")
creator.create("FitnessMin", base.Fitness, weights=(-1.0,))
creator.create("Individual", gp.PrimitiveTree, fitness=creator.FitnessMin)
tb = base.Toolbox()
tb.register("expr", gp.genHalfAndHalf, pset=pset, min_=2, max_=6)
tb.register("individual", tools.initIterate, creator.Individual, tb.expr)
tb.register("population", tools.initRepeat, list, tb.individual)

def error(ind):
    f = gp.compile(ind, pset)
    try:
        e = sum(abs(f(x) - y) for x, y in points)
    except OverflowError:
        e = float("inf")
    return (e,)

tb.register("evaluate", error)
tb.register("select", tools.selTournament, tournsize=7)
tb.register("mate", gp.cxOnePointLeafBiased, termpb=0.1)
tb.register("expr_mut", gp.genFull, min_=0, max_=2)
tb.register("mutate", gp.mutUniform, expr=tb.expr_mut, pset=pset)
limit = gp.staticLimit(key=operator.attrgetter("height"), max_value=17)
tb.decorate("mate", limit)
tb.decorate("mutate", limit)

for seed in map(int, sys.argv[2:]):
    random.seed(seed)
    started = time.process_time()
    pop = tb.population(n=500)
    evals = 0
    found = None
    for g in range(51):
        if g:
            pop = algorithms.varAnd(tb.select(pop, len(pop)), tb, cxpb=0.9, mutpb=0.1)
        fresh = [i for i in pop if not i.fitness.valid]
        for i in fresh:
            i.fitness.values = tb.evaluate(i)
        evals += len(fresh)
        if min(i.fitness.values[0] for i in pop) <= 0.01:
            found = g
            break
    print("%d,%d,%d,%d,%.3f" % (seed, found is not None, -1 if found is None else found, evals,
                                time.process_time() - started), flush=True)
