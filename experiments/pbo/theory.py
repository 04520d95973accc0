#!/usr/bin/env python3
# experiments/pbo/theory.py — the PBO study's runs set beside runtime theory: the
# exact expected evaluations of the (1+1) EA on OneMax and LeadingOnes and of the
# (1+10) EA with resampling on OneMax, and the (1+(lambda,lambda)) GA's ERT per bit.
#
# Usage: python3 experiments/pbo/theory.py RESULTS > theory.txt
# Reads RESULTS/ALGORITHM-nN/sweep.csv (gaexp sweep's ERT and its 95% bootstrap
# interval).  Evaluations as gaexp counts them: the initial string, then each
# offspring ((1+1) EA: every one, evaluate_all; (1+10) EA: every one, none equal
# to its parent); the exact values are 1 + E[T], T the offspring until the optimum.
import math
import sys

SIZES = [16, 64, 100]


def binomial(n, k, p):
    return math.comb(n, k) * p ** k * (1 - p) ** (n - k)


def onemax(n, p, lam, resample):
    """1 + E[T] of the (1+lam) EA on OneMax from a uniform string: the Markov chain
    on the number of zeros z (the same chain as tests/test_theory.c); with resample,
    an offspring's flips are conditioned on at least one."""
    none = (1 - p) ** n if resample else 0.0
    e = [0.0] * (n + 1)
    expected = 0.0
    for z in range(1, n + 1):
        single = [0.0] * z  # one offspring has exactly k < z zeros
        for a in range(1, z + 1):
            for b in range(0, min(a, n - z + 1)):
                single[z - a + b] += binomial(z, a, p) * binomial(n - z, b, p) / (1 - none)
        tail = moves = total = 0.0
        for k in range(z):
            pmin = (1 - tail) ** lam - (1 - tail - single[k]) ** lam
            moves += pmin
            total += pmin * e[k]
            tail += single[k]
        e[z] = (1 + total) / moves
        expected += binomial(n, z, 0.5) * e[z]
    return 1 + lam * expected


def leadingones(n, p):
    """1 + E[T] of the (1+1) EA on LeadingOnes (Boettcher, Doerr, Neumann, PPSN 2010)."""
    return 1 + ((1 - p) ** (1 - n) - (1 - p)) / (2 * p * p)


def ert(results, algorithm, n, function):
    lines = open("%s/%s-n%d/sweep.csv" % (results, algorithm, n)).read().splitlines()
    head = lines[0].split(",")
    for line in lines[1:]:
        row = dict(zip(head, line.split(",")))
        if int(row["problem.function"]) == function:
            return row


def line(f, what, n, exact, row):
    f.write("%-44s %4d %10.1f %10s %22s %7s %6.3f\n" % (
        what, n, exact, "%.1f" % float(row["ert"]), "[%.1f, %.1f]" % (float(row["ert_low"]), float(row["ert_high"])),
        "%s/%s" % (row["solved"], row["replicates"]), float(row["ert"]) / exact))


def main(argv):
    results = argv[1]
    f = sys.stdout
    f.write("%-44s %4s %10s %10s %22s %7s %6s\n" % ("algorithm, function", "n", "exact", "gaexp ERT",
                                                    "95% bootstrap", "solved", "ratio"))
    for n in SIZES:
        line(f, "(1+1) EA, F1 OneMax (Markov chain)", n, onemax(n, 1 / n, 1, False), ert(results, "oneplusone", n, 1))
    for n in SIZES:
        line(f, "(1+1) EA, F2 LeadingOnes (BDN 2010)", n, leadingones(n, 1 / n), ert(results, "oneplusone", n, 2))
    for n in SIZES:
        line(f, "(1+10) EA>0, F1 OneMax (Markov chain)", n, onemax(n, 1 / n, 10, True),
             ert(results, "onelambda", n, 1))
    f.write("\n(1+(lambda,lambda)) GA on F1 OneMax: ERT / n (linear runtime: about constant in n)\n")
    for n in SIZES:
        row = ert(results, "lambdalambda", n, 1)
        f.write("  n = %3d: ERT %8.1f = %.2f n  (%s/%s solved)\n" % (n, float(row["ert"]), float(row["ert"]) / n,
                                                                    row["solved"], row["replicates"]))
    f.write("\n(1+1) EA on OneMax, e n ln n (the leading term): %s\n" %
            ", ".join("n = %d: %.0f" % (n, math.e * n * math.log(n)) for n in SIZES))


if __name__ == "__main__":
    main(sys.argv)
