#!/usr/bin/python3
# build-aux/mo-reference.py — the peers' values that tests/test_mo_functions.c
# stores, generated once: (1) DEAP's own ZDT and DTLZ functions
# (deap.benchmarks, Debian's python3-deap) at fixed points; (2) the exact
# hypervolumes of the fronts without a textbook closed form, by mpmath at 30
# digits: the records' ends by findroot, the dominated area by quad over the
# envelope, split where a definition changes (no antiderivative of ours involved).  Run with Debian's
# /usr/bin/python3; paste the output into the test.  Not a build dependency.
import math
from deap import benchmarks as b
import mpmath as mp

PHI = (math.sqrt(5) - 1) / 2


def point(n, seed):
    """n coordinates in [0, 1): a golden-ratio sequence, the same in C."""
    return [((seed + i) * PHI) % 1.0 for i in range(n)]


def c_row(values):
    return "{" + ", ".join("%.17g" % v for v in values) + "}"


cases = []  # (name, m, n, seed, values)
for name, fn, n in (("zdt1", b.zdt1, 30), ("zdt2", b.zdt2, 30), ("zdt3", b.zdt3, 30),
                    ("zdt4", b.zdt4, 10), ("zdt6", b.zdt6, 10)):
    for seed in (1, 2):
        x = point(n, seed)
        if name == "zdt4":
            x = [x[0]] + [10 * v - 5 for v in x[1:]]
        cases.append((name, 2, n, seed, fn(x)))
for name, k in (("dtlz1", 5), ("dtlz2", 10), ("dtlz3", 10), ("dtlz4", 10), ("dtlz7", 20)):
    for m in (2, 3):
        n = m + k - 1
        for seed in (1, 2):
            x = point(n, seed)
            if name == "dtlz4":
                f = b.dtlz4(x, m, 100)
            else:
                f = getattr(b, name)(x, m)
            cases.append((name, m, n, seed, f))
print("/* DEAP %s: name, m, n, seed (x_i = frac((seed + i) phi), ZDT4: x_i -> 10 x_i - 5 for i >= 1), f */"
      % __import__("deap").__version__)
for name, m, n, seed, f in cases:
    print('    {"%s", %d, %d, %d, %s},' % (name, m, n, seed, c_row(f)))

# ---- exact hypervolumes by mpmath
mp.mp.dps = 30


def records(value, slope, lower, upper, guesses):
    """The record pieces of value on [lower, upper]: guesses are the pieces' rough ends."""
    ends = []
    for j, (a, e) in enumerate(guesses):
        start = lower if j == 0 else mp.findroot(lambda t: value(t) - value(ends[-1][1]), a)
        end = upper if e is None else mp.findroot(slope, e)
        ends.append((start, end))
    return ends


def envelope_integral(value, pieces, r):
    total = mp.mpf(0)
    for j, (a, e) in enumerate(pieces):
        nxt = pieces[j + 1][0] if j + 1 < len(pieces) else r
        total += mp.quad(value, [a, e]) + value(e) * (nxt - e)
    return total


def hv_curve(value, pieces, lower, constant, ref):
    m = len(ref)
    sides = mp.mpf(1)
    for r in ref[:-1]:
        sides *= r - lower
    hv = sides * (ref[-1] - constant)
    for r in ref[:-1]:
        hv += envelope_integral(value, pieces, r) * sides / (r - lower)
    return hv


pi = mp.pi
zdt3v = lambda t: mp.sqrt(t) + t * mp.sin(10 * pi * t)
zdt3s = lambda t: 1 / (2 * mp.sqrt(t)) + mp.sin(10 * pi * t) + 10 * pi * t * mp.cos(10 * pi * t)
zdt3p = records(zdt3v, zdt3s, 0, 1, [(0, 0.083), (0.182, 0.2577), (0.409, 0.4538), (0.618, 0.6525), (0.823, 0.8518)])
dtlz7v = lambda t: t * (1 + mp.sin(3 * pi * t))
dtlz7s = lambda t: 1 + mp.sin(3 * pi * t) + 3 * pi * t * mp.cos(3 * pi * t)
dtlz7p = records(dtlz7v, dtlz7s, 0, 1, [(0, 0.2514), (0.6316, 0.8594)])
x6 = (pi / 2 - mp.atan(1 / (9 * pi))) / (6 * pi)
zdt6_lower = 1 - mp.exp(-4 * x6) * mp.sin(6 * pi * x6) ** 6


def bnh_f2(f1):
    if f1 <= 72:
        u = mp.sqrt(f1 / 8)
        return 2 * (5 - u) ** 2
    s = mp.sqrt((f1 - 36) / 4)
    return (s - 5) ** 2 + 4


r = mp.mpf("1.1")
print("/* mpmath %s, 30 digits: name, m, hypervolume */" % mp.__version__)
for name, m, hv in (
        ("zdt3", 2, hv_curve(zdt3v, zdt3p, 0, 1, [r, r])),
        ("zdt6", 2, hv_curve(lambda t: t * t, [(zdt6_lower, 1)], zdt6_lower, 1, [r, r])),
        ("dtlz7", 2, hv_curve(dtlz7v, dtlz7p, 0, 4, [r, mp.mpf("4.4")])),
        ("dtlz7", 3, hv_curve(dtlz7v, dtlz7p, 0, 6, [r, r, mp.mpf("6.6")])),
        ("bnh", 2, hv_curve(lambda t: 50 - bnh_f2(t), [(0, 72), (72, 136)], 0, 50, [mp.mpf("149.6"), mp.mpf(55)]))):
    print('    {"%s", %d, %s},' % (name, m, mp.nstr(hv, 25)))
print("/* ZDT6's least f1: %s; ZDT3's records: %s; DTLZ7's: %s */" % (
    mp.nstr(zdt6_lower, 25), [(mp.nstr(a, 15), mp.nstr(e, 15)) for a, e in zdt3p],
    [(mp.nstr(a, 15), mp.nstr(e, 15)) for a, e in dtlz7p]))
