#!/usr/bin/python3
# build-aux/mo-reference.py — the peers' values that tests/test_mo_functions.c
# stores, generated once: (1) DEAP's own ZDT and DTLZ functions
# (deap.benchmarks, Debian's python3-deap) at fixed points; (2) the exact
# hypervolumes of the fronts without a textbook closed form, by mpmath at 30
# digits: the records' ends by findroot, the dominated area by quad over the
# envelope (ZDT3, ZDT6, DTLZ7), or along the Pareto set's arcs through the
# objectives' definitions (BNH, SRN, OSY, TNK): no antiderivative or arc of ours;
# (3) TNK's hypervolume again by brute force (numpy: the non-dominated points
# of a dense sample of its constraint's boundary, no pieces known).  Run with Debian's
# /usr/bin/python3; paste the output into the test.  Not a build dependency.
import math
from deap import benchmarks as b
import mpmath as mp
import numpy as np

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


def bnh(x):
    return 4 * x[0] ** 2 + 4 * x[1] ** 2, (x[0] - 5) ** 2 + (x[1] - 5) ** 2


def srn(x):
    return 2 + (x[0] - 2) ** 2 + (x[1] - 1) ** 2, 9 * x[0] - (x[1] - 1) ** 2


def osy(x):
    f1 = -(25 * (x[0] - 2) ** 2 + (x[1] - 2) ** 2 + (x[2] - 1) ** 2 + (x[3] - 4) ** 2 + (x[4] - 1) ** 2)
    return f1, sum(v ** 2 for v in x)


def hv_path(objectives, arcs, ref):
    """arcs: (x(t), t_from, t_to) along the Pareto set, in increasing f1; the area
    under ref[1] and above the front, f1' by mpmath's own differentiation, and
    the box across each gap between an arc's end and the next one's start."""
    hv = mp.mpf(0)
    for j, (x, a, b) in enumerate(arcs):
        f = lambda t: objectives(x(t))
        hv += mp.quad(lambda t: (ref[1] - f(t)[1]) * mp.diff(lambda u: f(u)[0], t), [a, b])
        if j + 1 < len(arcs):
            nxt = objectives(arcs[j + 1][0](arcs[j + 1][1]))
            hv += (nxt[0] - f(b)[0]) * (ref[1] - f(b)[1])
    end = objectives(arcs[-1][0](arcs[-1][2]))
    return hv + (ref[0] - end[0]) * (ref[1] - end[1])


# TNK: f = x on the boundary of its first constraint, x = rho(t) (sin t, cos t), t = atan(x1 / x2),
# in pieces: from where it enters the disk of the second, to a least x2, then from where x2 is
# back at that least; mirrored past t = pi / 4 (x1 and x2 swap).
def tnk_x(t):
    rho = mp.sqrt(1 + mp.mpf("0.1") * mp.cos(16 * t))
    return [rho * mp.sin(t), rho * mp.cos(t)]


tnk_x2 = lambda t: tnk_x(t)[1]
tnk_disk = mp.findroot(lambda t: (tnk_x(t)[0] - mp.mpf("0.5")) ** 2 + (tnk_x(t)[1] - mp.mpf("0.5")) ** 2
                       - mp.mpf("0.5"), 0.0401)
tnk_low1 = mp.findroot(lambda t: mp.diff(tnk_x2, t), 0.2117)
tnk_back1 = mp.findroot(lambda t: tnk_x2(t) - tnk_x2(tnk_low1), 0.4484)
tnk_low2 = mp.findroot(lambda t: mp.diff(tnk_x2, t), 0.6718)
tnk_back2 = mp.findroot(lambda t: tnk_x2(t) - tnk_x2(tnk_low2), 0.6761)
tnk_pieces = [(tnk_disk, tnk_low1), (tnk_back1, tnk_low2), (tnk_back2, pi / 2 - tnk_back2),
              (pi / 2 - tnk_low2, pi / 2 - tnk_back1), (pi / 2 - tnk_low1, pi / 2 - tnk_disk)]
print("/* TNK's pieces' ends: %s */" % ", ".join(mp.nstr(t, 20) for t in
                                                  (tnk_disk, tnk_low1, tnk_back1, tnk_low2, tnk_back2)))


def tnk_brute_force(ref, count=10 ** 7):
    """TNK's hypervolume bracketed: the staircase of the non-dominated points of count angles
    along the first constraint's boundary, inside the second's disk (a lower bound), and of
    the corners between consecutive points (an upper one), which also reaches back to the
    last angle outside the disk at either end (the front's ends lie between)."""
    t = np.linspace(0, np.pi / 2, count)
    rho = np.sqrt(1 + 0.1 * np.cos(16 * t))
    x1, x2 = rho * np.sin(t), rho * np.cos(t)
    inside = np.nonzero((x1 - 0.5) ** 2 + (x2 - 0.5) ** 2 <= 0.5)[0]
    first_x1, last_x2 = x1[inside[0] - 1], x2[inside[-1] + 1]
    x1, x2 = x1[inside], x2[inside]
    order = np.lexsort((x2, x1))
    x1, x2 = x1[order], x2[order]
    keep = np.ones(len(x2), bool)
    keep[1:] = x2[1:] < np.minimum.accumulate(x2)[:-1]
    x1, x2 = x1[keep], x2[keep]
    width = np.append(x1[1:], ref[0]) - x1
    lower = np.sum(width * (ref[1] - x2))
    upper = (x1[0] - first_x1) * ref[1] + np.sum(width * (ref[1] - np.append(x2[1:], last_x2)))
    return lower, upper


# SRN: the circle's end where df2/du = 0; OSY: where arcs CD and DE cross (f1 and f2 equal)
srn_u = mp.findroot(lambda u: mp.diff(lambda v: srn([-v, mp.sqrt(225 - v * v)])[1], u), 4.8)
osy_cd = lambda t: [t, (t - 2) / 3, 1, 0, 1, 0]
osy_de = lambda t: [0, 2, t, 0, 1, 0]
osy_x1, osy_x3 = mp.findroot(lambda a, b: [osy(osy_cd(a))[0] - osy(osy_de(b))[0],
                                           osy(osy_cd(a))[1] - osy(osy_de(b))[1]], (4.05, 3.73))
print("/* SRN's circle ends at u = %s; OSY's arcs CD and DE cross at x1 = %s, x3 = %s */"
      % (mp.nstr(srn_u, 20), mp.nstr(osy_x1, 20), mp.nstr(osy_x3, 20)))
paths = (
    ("bnh", bnh, [(lambda u: [u, u], 0, 3), (lambda s: [s, 3], 3, 5)], [mp.mpf("149.6"), 55]),
    ("srn", srn, [(lambda t: [3 * t - 10, t], mp.mpf("3.7"), mp.mpf("2.5")),
                  (lambda s: [mp.mpf("-2.5"), s], mp.mpf("2.5"), mp.sqrt(mp.mpf("218.75"))),
                  (lambda u: [-u, mp.sqrt(225 - u * u)], mp.mpf("2.5"), srn_u)], [245, 25]),
    ("osy", osy, [(lambda t: [5, 1, t, 0, 5, 0], 5, 1), (lambda t: [5, 1, t, 0, 1, 0], 5, 1),
                  (osy_cd, 5, osy_x1), (osy_de, osy_x3, 1), (lambda t: [t, 2 - t, 1, 0, 1, 0], 0, 1)], [-18, 84]),
    ("tnk", lambda x: x, [(tnk_x, a, b) for a, b in tnk_pieces], [mp.mpf("1.2"), mp.mpf("1.2")]))

r = mp.mpf("1.1")
print("/* mpmath %s, 30 digits: name, m, hypervolume */" % mp.__version__)
for name, m, hv in (
        ("zdt3", 2, hv_curve(zdt3v, zdt3p, 0, 1, [r, r])),
        ("zdt6", 2, hv_curve(lambda t: t * t, [(zdt6_lower, 1)], zdt6_lower, 1, [r, r])),
        ("dtlz7", 2, hv_curve(dtlz7v, dtlz7p, 0, 4, [r, mp.mpf("4.4")])),
        ("dtlz7", 3, hv_curve(dtlz7v, dtlz7p, 0, 6, [r, r, mp.mpf("6.6")])),
        ):
    print('    {"%s", %d, %s},' % (name, m, mp.nstr(hv, 25)))
for name, objectives, arcs, ref in paths:
    print('    {"%s", 2, %s},' % (name, mp.nstr(hv_path(objectives, arcs, ref), 25)))
print("/* TNK's hypervolume by brute force (numpy, 1e7 angles): in [%.11f, %.11f] */" % tnk_brute_force((1.2, 1.2)))
print("/* ZDT6's least f1: %s; ZDT3's records: %s; DTLZ7's: %s */" % (
    mp.nstr(zdt6_lower, 25), [(mp.nstr(a, 15), mp.nstr(e, 15)) for a, e in zdt3p],
    [(mp.nstr(a, 15), mp.nstr(e, 15)) for a, e in dtlz7p]))
