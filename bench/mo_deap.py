#!/usr/bin/python3
# bench/mo_deap.py — DEAP's own NSGA-II on ZDT1 and DTLZ2, the peer of gaexp's
# multi-objective runs (issue 30): one seeded run, its final front and its cost.
#
# The algorithm is DEAP's documentation example (examples/ga/nsga2.py in DEAP
# 1.3) as written there: selNSGA2, selTournamentDCD, cxSimulatedBinaryBounded
# (eta 20, probability 0.9 a pair), mutPolynomialBounded (eta 20, 1/n a
# variable).  Its generations count the initial population as the first, as
# the example's loop does: evaluations = population x generations.
#
# Writes to --out (made if missing): front.csv, the objectives of the final
# population's non-dominated individuals (header f1,f2[,f3]); variables.csv,
# their decision variables in the same order (header x1,...,xn); run.csv,
# one row: problem,seed,population,generations,evaluations,cpu_seconds (the
# process CPU time of the run, imports and writing excluded).
#
# Run with Debian's /usr/bin/python3 (python3-deap).
import argparse
import array
import os
import random
import sys
import time

from deap import base, benchmarks, creator, tools

# name: (objectives, variables, DEAP's function)
PROBLEMS = {
    "zdt1": (2, 30, benchmarks.zdt1),
    "dtlz2": (3, 12, lambda x: benchmarks.dtlz2(x, 3)),
}


def arguments():
    p = argparse.ArgumentParser(description="One seeded run of DEAP's NSGA-II example.")
    p.add_argument("--problem", choices=sorted(PROBLEMS), required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--population", type=int, default=100,
                   help="a multiple of 4, as selTournamentDCD needs (default 100)")
    p.add_argument("--generations", type=int, default=250,
                   help="the initial population counts as the first (default 250)")
    p.add_argument("--out", required=True, help="the folder of front.csv, variables.csv and run.csv")
    a = p.parse_args()
    if a.population < 4 or a.population % 4:
        p.error("--population: expected a multiple of 4 (selTournamentDCD), got %d" % a.population)
    if a.generations < 1:
        p.error("--generations: expected at least 1, got %d" % a.generations)
    return a


def toolbox_for(n, evaluate):
    creator.create("FitnessMin", base.Fitness, weights=(-1.0,) * len(evaluate([0.5] * n)))
    creator.create("Individual", array.array, typecode="d", fitness=creator.FitnessMin)
    tb = base.Toolbox()
    tb.register("attr_float", lambda: [random.uniform(0.0, 1.0) for _ in range(n)])
    tb.register("individual", tools.initIterate, creator.Individual, tb.attr_float)
    tb.register("population", tools.initRepeat, list, tb.individual)
    tb.register("evaluate", evaluate)
    tb.register("mate", tools.cxSimulatedBinaryBounded, low=0.0, up=1.0, eta=20.0)
    tb.register("mutate", tools.mutPolynomialBounded, low=0.0, up=1.0, eta=20.0, indpb=1.0 / n)
    tb.register("select", tools.selNSGA2)
    return tb


def evaluate_all(tb, individuals):
    """Evaluates those without a valid fitness; returns how many."""
    invalid = [ind for ind in individuals if not ind.fitness.valid]
    for ind in invalid:
        ind.fitness.values = tb.evaluate(ind)
    return len(invalid)


def nsga2(tb, mu, generations, crossover_probability=0.9):
    """DEAP's example loop; returns the final population and the evaluation count."""
    pop = tb.population(n=mu)
    evaluations = evaluate_all(tb, pop)
    pop = tb.select(pop, len(pop))  # assigns the crowding distance selTournamentDCD reads
    for _ in range(1, generations):
        offspring = [tb.clone(ind) for ind in tools.selTournamentDCD(pop, len(pop))]
        for a, b in zip(offspring[::2], offspring[1::2]):
            if random.random() <= crossover_probability:
                tb.mate(a, b)
            tb.mutate(a)
            tb.mutate(b)
            del a.fitness.values, b.fitness.values
        evaluations += evaluate_all(tb, offspring)
        pop = tb.select(pop + offspring, mu)
    return pop, evaluations


def write_csv(path, header, rows):
    """Whole or not at all: a temporary file renamed over the name."""
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(",".join(header) + "\n")
        for row in rows:
            f.write(",".join(repr(float(v)) for v in row) + "\n")
    os.replace(tmp, path)


def main():
    a = arguments()
    m, n, evaluate = PROBLEMS[a.problem]
    tb = toolbox_for(n, evaluate)
    random.seed(a.seed)
    start = time.process_time()
    pop, evaluations = nsga2(tb, a.population, a.generations)
    cpu = time.process_time() - start
    front = tools.sortNondominated(pop, len(pop), first_front_only=True)[0]
    os.makedirs(a.out, exist_ok=True)
    write_csv(os.path.join(a.out, "front.csv"), ["f%d" % (j + 1) for j in range(m)],
              [ind.fitness.values for ind in front])
    write_csv(os.path.join(a.out, "variables.csv"), ["x%d" % (i + 1) for i in range(n)], front)
    with open(os.path.join(a.out, "run.csv"), "w") as f:
        f.write("problem,seed,population,generations,evaluations,cpu_seconds\n")
        f.write("%s,%d,%d,%d,%d,%.3f\n" % (a.problem, a.seed, a.population, a.generations, evaluations, cpu))
    return 0


if __name__ == "__main__":
    sys.exit(main())
