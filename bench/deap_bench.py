#!/usr/bin/python3
"""bench/deap_bench.py — the benchmark GA (../shared/spec/benchmark.md) with DEAP 1.3 (Debian python3-deap).

DEAP's ready loops do not run this GA: eaSimple has no elitism and evaluates
only the individuals whose fitness was invalidated.  So the generation loop is
written here, as DEAP's own examples write theirs, from DEAP's parts: creator
types, a toolbox, tools.selTournament (contestants drawn with replacement,
max() keeps the first drawn on a tie), tools.cxOnePoint (cut in [1, len-1]),
tools.mutFlipBit (one draw per bit) and toolbox.clone (deepcopy), with the
31-derful operators registered as plain functions.  The elite is found with
max() (first in population order on ties, O(N)) rather than tools.selBest,
whose sort would cost more than the generation at N = 100,000.

Rastrigin-30 and TSP follow ../shared/bench/reference/SPEC.md (C) and (D):
tools.cxSimulatedBinaryBounded (eta 15) and tools.mutPolynomialBounded (eta
20, indpb 1/30) at p_c = 0.9; tools.cxOrdered and an inversion of our own
(DEAP has none: a slice between two distinct positions reversed, p = 0.2 per
child) with a 5-way tournament at p_c = 0.9, on --tsp FILE (TSPLIB EUC_2D).

Usage: deap_bench.py [--problem onemax|derful|rastrigin|tsp] [-N N] [-G G] [--seed S] [--stop]
                     [--tsp FILE]
       deap_bench.py --xcheck FILE
Prints: evaluations=E best=B first_hit=H generations=G cpu=SECONDS
(best in the spec's terms: ones for OneMax, squared deviations for 31-derful,
f(x) for Rastrigin, the tour's length for TSP).
"""
import argparse
import math
import random
import sys
import time
from operator import attrgetter

from deap import base, creator, tools

P_CROSS = 0.6
ONEMAX_BITS = 1000
ONEMAX_PMUT = 0.001
DERFUL_PMUT = 0.01


def card_value(card):
    rank = card // 4
    return rank + 2 if rank < 8 else 10 if rank < 12 else 11


VALUE = [card_value(c) for c in range(52)]
# For an incoming card of value v: every card in the order the repair prefers
# (nearest value, then the lower value, then the lowest code).
PREFERENCE = {v: sorted(range(52), key=lambda c, v=v: (abs(VALUE[c] - v), VALUE[c], c))
              for v in range(2, 12)}


def derful_fitness(g):
    f = 0
    for i in range(5):
        row = VALUE[g[5 * i]] + VALUE[g[5 * i + 1]] + VALUE[g[5 * i + 2]] + VALUE[g[5 * i + 3]] + VALUE[g[5 * i + 4]]
        col = VALUE[g[i]] + VALUE[g[i + 5]] + VALUE[g[i + 10]] + VALUE[g[i + 15]] + VALUE[g[i + 20]]
        f += (row - 31) ** 2 + (col - 31) ** 2
    return f


def derful_evaluate(ind):
    return (derful_fitness(ind),)


def derful_repair(child, r):
    """Every incoming card of row r that the other 20 cells hold becomes the
    preferred unused card, left to right."""
    outside = set(child[:5 * r]) | set(child[5 * r + 5:])
    used = set(child)
    for k in range(5 * r, 5 * r + 5):
        card = child[k]
        if card in outside:
            fresh = next(c for c in PREFERENCE[VALUE[card]] if c not in used)
            child[k] = fresh
            used.add(fresh)


def derful_cross_row(ind1, ind2, r):
    lo, hi = 5 * r, 5 * r + 5
    ind1[lo:hi], ind2[lo:hi] = ind2[lo:hi], ind1[lo:hi]
    derful_repair(ind1, r)
    derful_repair(ind2, r)
    return ind1, ind2


def derful_mate(ind1, ind2):
    return derful_cross_row(ind1, ind2, random.randrange(5))


def derful_mutate(ind):
    """A uniform cell gets a card drawn uniformly from the 27 not in the grid."""
    cell = random.randrange(25)
    used = set(ind)
    card = random.randrange(52)
    while card in used:
        card = random.randrange(52)
    ind[cell] = card
    return (ind,)


def onemax_evaluate(ind):
    return (ONEMAX_BITS - sum(ind),)  # zero bits: lower is better, as in gaexp


RASTRIGIN_DIM = 30
RASTRIGIN_LO, RASTRIGIN_UP = -5.12, 5.12


def rastrigin_evaluate(ind):
    return (10.0 * len(ind) + sum(x * x - 10.0 * math.cos(2.0 * math.pi * x) for x in ind),)


def tsp_read(path):
    """The EUC_2D distances of a TSPLIB file, TSPLIB's nint rounding."""
    xy, inside = [], False
    for line in open(path):
        w = line.split()
        if w and w[0] == "NODE_COORD_SECTION":
            inside = True
        elif w and w[0] == "EOF":
            break
        elif inside and len(w) >= 3:
            xy.append((float(w[1]), float(w[2])))
    return [[int(math.sqrt((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) + 0.5) for b in xy] for a in xy]


def tsp_evaluate(ind, d):
    return (sum(d[ind[k - 1]][ind[k]] for k in range(len(ind))),)


def tsp_invert(ind):
    """Inversion (a 2-opt move): the slice between two distinct positions reversed."""
    lo, hi = sorted(random.sample(range(len(ind)), 2))
    ind[lo:hi + 1] = ind[lo:hi + 1][::-1]
    return (ind,)


def make_toolbox(problem, tsp_file=None):
    creator.create("FitnessMin", base.Fitness, weights=(-1.0,))
    creator.create("Individual", list, fitness=creator.FitnessMin)
    tb = base.Toolbox()
    tb.register("select", tools.selTournament, tournsize=5 if problem == "tsp" else 2)
    tb.pcross = 0.9 if problem in ("rastrigin", "tsp") else P_CROSS
    if problem == "rastrigin":
        tb.register("attr", random.uniform, RASTRIGIN_LO, RASTRIGIN_UP)
        tb.register("individual", tools.initRepeat, creator.Individual, tb.attr, RASTRIGIN_DIM)
        tb.register("evaluate", rastrigin_evaluate)
        tb.register("mate", tools.cxSimulatedBinaryBounded, eta=15.0, low=RASTRIGIN_LO, up=RASTRIGIN_UP)
        tb.register("mutate", tools.mutPolynomialBounded, eta=20.0, low=RASTRIGIN_LO, up=RASTRIGIN_UP,
                    indpb=1.0 / RASTRIGIN_DIM)
        tb.mutpb = 1.0  # every child; the rate is per gene
        tb.optimum = 0.0
    elif problem == "tsp":
        d = tsp_read(tsp_file)
        tb.register("individual", lambda: creator.Individual(random.sample(range(len(d)), len(d))))
        tb.register("evaluate", tsp_evaluate, d=d)
        tb.register("mate", tools.cxOrdered)
        tb.register("mutate", tsp_invert)
        tb.mutpb = 0.2  # per child
        tb.optimum = 0  # never: the first hit is not measured on TSP
    elif problem == "onemax":
        tb.register("attr_bool", random.randint, 0, 1)
        tb.register("individual", tools.initRepeat, creator.Individual, tb.attr_bool, ONEMAX_BITS)
        tb.register("evaluate", onemax_evaluate)
        tb.register("mate", tools.cxOnePoint)
        tb.register("mutate", tools.mutFlipBit, indpb=ONEMAX_PMUT)
        tb.mutpb = 1.0  # every child; the rate is per bit
        tb.optimum = 0
    else:
        tb.register("individual", lambda: creator.Individual(random.sample(range(52), 25)))
        tb.register("evaluate", derful_evaluate)
        tb.register("mate", derful_mate)
        tb.register("mutate", derful_mutate)
        tb.mutpb = DERFUL_PMUT  # per child
        tb.optimum = 0
    return tb


def run(tb, n, generations, stop):
    fit = attrgetter("fitness")
    pop = [tb.individual() for _ in range(n)]
    for ind in pop:
        ind.fitness.values = tb.evaluate(ind)
    evaluations = n
    first_hit = -1
    gen = 0
    while True:
        elite = max(pop, key=fit)  # the lowest fitness, first in population order
        if first_hit < 0 and elite.fitness.values[0] == tb.optimum:
            first_hit = gen
        if gen == generations or (stop and first_hit >= 0):
            return evaluations, elite.fitness.values[0], first_hit, gen
        offspring = [tb.clone(elite)]  # keeps its fitness: not re-evaluated
        while len(offspring) < n:
            c1, c2 = map(tb.clone, tb.select(pop, 2))
            if random.random() < tb.pcross:
                tb.mate(c1, c2)
            children = (c1, c2) if len(offspring) + 2 <= n else (c1,)  # a last odd slot drops c2
            for c in children:
                if tb.mutpb >= 1.0 or random.random() < tb.mutpb:
                    tb.mutate(c)
                c.fitness.values = tb.evaluate(c)  # every child, changed or not
                offspring.append(c)
            evaluations += len(children)
        pop = offspring
        gen += 1


def xcheck(path):
    out = []
    for line in open(path):
        v = list(map(int, line.split()))
        r, a, b = v[0], v[1:26], v[26:51]
        c1, c2 = derful_cross_row(list(a), list(b), r)
        out.append(" ".join(map(str, c1 + c2)) + " %d %d\n" % (derful_fitness(c1), derful_fitness(c2)))
    sys.stdout.write("".join(out))


def main():
    ap = argparse.ArgumentParser(description="The benchmark GA with DEAP.")
    ap.add_argument("--problem", choices=["onemax", "derful", "rastrigin", "tsp"], default="derful")
    ap.add_argument("--tsp", metavar="FILE", default="configs/tsp/berlin52.tsp")
    ap.add_argument("-N", type=int, default=1000)
    ap.add_argument("-G", type=int, default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stop", action="store_true")
    ap.add_argument("--xcheck", metavar="FILE")
    a = ap.parse_args()
    if a.xcheck:
        xcheck(a.xcheck)
        return
    if a.G is None:
        a.G = {"onemax": 100, "derful": 200}.get(a.problem, 500)
    random.seed(a.seed)
    tb = make_toolbox(a.problem, a.tsp)
    t0 = time.process_time()
    evaluations, best, first_hit, gens = run(tb, a.N, a.G, a.stop)
    cpu = time.process_time() - t0
    if a.problem == "onemax":
        best = ONEMAX_BITS - best
    print("evaluations=%d best=%.10g first_hit=%d generations=%d cpu=%.6f"
          % (evaluations, best, first_hit, gens, cpu))


if __name__ == "__main__":
    main()
