#!/usr/bin/env python3
# experiments/ecdf.py — the runtime ECDFs of the pbo and bbob studies, read from
# their IOHprofiler exports (gaexp export), and the pbo study's ERT table.
#
# Usage: python3 experiments/ecdf.py pbo|bbob RESULTS OUT ALGORITHM...
# Reads RESULTS/iohprofiler/ALGORITHM-nN (pbo) or -dD (bbob), as run.sh exports
# them (the algorithms' names are the exports'); writes OUT/ecdf.dat (a gnuplot block per panel and algorithm), OUT/ecdf.txt
# and, for pbo, OUT/ert.txt from RESULTS/ALGORITHM-nN/sweep.csv.
#
# A (run, target) pair is reached at the evaluation of the export's first line
# whose best so far is at most the target (gaexp's fitness: 0 is the optimum);
# a pair never reached counts as not reached at any budget.  Targets:
# - bbob: COCO's 51, f - f_opt <= 10^(2 - 0.2 k), k = 0..50;
# - pbo: 20 per function and n, F0 (K - k) / K for k = 1..20, F0 the median
#   fitness of the first string the population-1 algorithms evaluate (a uniform
#   random string), so the last target is the optimum.
import glob
import json
import math
import os
import statistics
import sys

GROUPS = {
    "pbo": [("OneMax and its layers (F1, F4-F10)", [1, 4, 5, 6, 7, 8, 9, 10]),
            ("LeadingOnes and its layers (F2, F11-F17)", [2, 11, 12, 13, 14, 15, 16, 17]),
            ("Linear and the combinatorial problems (F3, F18-F25)", [3, 18, 19, 20, 21, 22, 23, 24, 25])],
    "bbob": [("all 24 functions", list(range(1, 25))),
             ("separable (f1-f5)", list(range(1, 6))),
             ("low or moderate conditioning (f6-f9)", list(range(6, 10))),
             ("high conditioning, unimodal (f10-f14)", list(range(10, 15))),
             ("multimodal, adequate structure (f15-f19)", list(range(15, 20))),
             ("multimodal, weak structure (f20-f24)", list(range(20, 25)))],
}
LETTERS = {"pbo": "n", "bbob": "d"}
PBO_TARGETS = 20


def ecdf_runs(folder):
    """{(function, instance): [run, ...]} of one export, a run (evals, [(evaluations, best so far)]),
    the largest budget (ga.stop.evaluations) of its configurations and the algorithm's name."""
    runs, budget, name = {}, 0, os.path.basename(folder)
    for meta in sorted(glob.glob(os.path.join(folder, "*", "IOHprofiler_f*.json"))):
        j = json.load(open(meta))
        name = j["algorithm"]["name"]
        for attribute in j["experiment_attributes"]:
            for line in attribute.get("settings", "").splitlines():
                if line.startswith("ga.stop.evaluations = "):
                    budget = max(budget, int(line.split("=")[1]))
        column = "fitness" if "fitness" in j["attributes"] else "raw_y"
        for scenario in j["scenarios"]:
            blocks = ecdf_blocks(os.path.join(os.path.dirname(meta), scenario["path"]), column)
            if len(blocks) != len(scenario["runs"]):
                sys.exit("ecdf: %s: %d runs in the JSON, %d in the .dat" % (meta, len(scenario["runs"]), len(blocks)))
            for run, block in zip(scenario["runs"], blocks):
                runs.setdefault((j["function_id"], run["instance"]), []).append((run["evals"], block))
    return runs, budget, name


def ecdf_sizes(results, letter, algorithm):
    """The sizes run.sh exported ALGORITHM at (its folders ALGORITHM-nN or -dD), in order."""
    prefix = os.path.join(results, "iohprofiler", algorithm + "-" + letter)
    return sorted(int(d[len(prefix):]) for d in glob.glob(prefix + "*") if d[len(prefix):].isdigit())


def ecdf_blocks(path, column):
    """The .dat's runs, each a list of (evaluations, best so far of column)."""
    blocks, col = [], None
    for line in open(path):
        fields = line.split()
        if fields[0] == "evaluations":
            col = fields.index(column)
            blocks.append([])
            best = math.inf
            continue
        best = min(best, float(fields[col]))
        blocks[-1].append((int(fields[0]), best))
    return blocks


def ecdf_hit(block, target):
    """The evaluations at which block first reaches target, or None."""
    for evaluations, best in block:
        if best <= target:
            return evaluations
    return None


def ecdf_pbo_targets(all_runs):
    """{(function, instance): targets} from every algorithm's runs of one n."""
    firsts = {}
    for runs in all_runs.values():
        for key, rs in runs.items():
            firsts.setdefault(key, []).extend(b[0][1] for _, b in rs if b and b[0][0] == 1)
    return {key: [statistics.median(f) * (PBO_TARGETS - k) / PBO_TARGETS for k in range(1, PBO_TARGETS + 1)]
            for key, f in firsts.items()}


def ecdf_curve(hits, pairs, budgets):
    """The share of pairs reached within each budget (0 when a group has no pairs)."""
    hits, pairs = sorted(hits), max(pairs, 1)
    out, i = [], 0
    for b in budgets:
        while i < len(hits) and hits[i] <= b:
            i += 1
        out.append(i / pairs)
    return out


def ecdf_pbo_ert(results, out, algorithms, names, budgets):
    """ert.txt: per n a table of the ERT to the optimum, function by algorithm."""
    with open(os.path.join(out, "ert.txt"), "w") as f:
        f.write("ERT to the optimum (gaexp sweep's: evaluations of all runs, each until its success or its end,\n"
                "per solved run) and (runs solved); '-' none solved.\n")
        for n, budget in budgets:
            f.write("\nn = %d (budget %d evaluations a run)\n%-28s" % (n, budget, "function") +
                    "".join("%24s" % names[a] for a in algorithms) + "\n")
            table = {}
            for a in algorithms:
                for row in ecdf_csv(os.path.join(results, "%s-n%d" % (a, n), "sweep.csv")):
                    table[(int(row["problem.function"]), a)] = row
            functions = ecdf_function_names(os.path.join(results, "iohprofiler", "%s-n%d" % (algorithms[0], n)))
            for fn in sorted({fn for fn, _ in table}):
                f.write("%-28s" % ("F%d %s" % (fn, functions.get(fn, ""))))
                for a in algorithms:
                    row = table[(fn, a)]
                    cell = "-" if int(row["solved"]) == 0 else "%.0f" % float(row["ert"])
                    f.write("%24s" % ("%s (%s)" % (cell, row["solved"])))
                f.write("\n")


def ecdf_csv(path):
    lines = open(path).read().splitlines()
    head = lines[0].split(",")
    return [dict(zip(head, line.split(","))) for line in lines[1:]]


def ecdf_function_names(folder):
    names = {}
    for meta in glob.glob(os.path.join(folder, "*", "IOHprofiler_f*.json")):
        j = json.load(open(meta))
        names[j["function_id"]] = j["function_name"]
    return names


def main(argv):
    if len(argv) < 5 or argv[1] not in GROUPS:
        sys.exit("usage: python3 experiments/ecdf.py pbo|bbob RESULTS OUT ALGORITHM...")
    suite, results, out, algorithms = argv[1], argv[2], argv[3], argv[4:]
    letter = LETTERS[suite]
    sizes, budgets_of, names = ecdf_sizes(results, letter, algorithms[0]), [], {}
    dat = open(os.path.join(out, "ecdf.dat"), "w")
    txt = open(os.path.join(out, "ecdf.txt"), "w")
    txt.write("Share of (run, target) pairs reached at the end of the budget, and the evaluations%s\n"
              "by which half of them were reached ('-': never)%s.\n\n"
              % (" / d" if suite == "bbob" else "",
                 "; 51 targets 10^[-8..2] of f - f_opt" if suite == "bbob" else "; 20 targets per function"))
    for size in sizes:
        all_runs, budget = {}, 0
        for a in algorithms:
            all_runs[a], b, names[a] = ecdf_runs(os.path.join(results, "iohprofiler", "%s-%s%d" % (a, letter, size)))
            budget = max(budget, b)
        budgets_of.append((size, budget))
        if suite == "pbo":
            targets = ecdf_pbo_targets(all_runs)
        else:
            common = [10 ** (2 - 0.2 * k) for k in range(51)]
            targets = {key: common for runs in all_runs.values() for key in runs}
        scale = size if suite == "bbob" else 1
        budgets = sorted({max(1, round(10 ** (e / 50.0))) for e in range(0, int(50 * math.log10(budget)) + 1)}
                         | {budget})
        for title, functions in GROUPS[suite]:
            txt.write("%s = %d, %s\n" % (letter, size, title))
            for a in algorithms:
                hits, pairs = [], 0
                for (fn, inst), rs in all_runs[a].items():
                    if fn not in functions:
                        continue
                    for _, block in rs:
                        for t in targets[(fn, inst)]:
                            pairs += 1
                            h = ecdf_hit(block, t)
                            if h is not None:
                                hits.append(h)
                curve = ecdf_curve(hits, pairs, budgets)
                dat.write("# %s = %d, %s: %s (%d pairs)\n\"%s\" share\n" % (letter, size, title, names[a], pairs,
                                                                        names[a]))
                for b, share in zip(budgets, curve):
                    dat.write("%.6g %.6f\n" % (b / scale, share))
                dat.write("\n\n")
                half = next((b / scale for b, s in zip(budgets, curve) if s >= 0.5), None)
                txt.write("  %-24s %6.3f  %s\n" % (names[a], curve[-1], "-" if half is None else "%.4g" % half))
            txt.write("\n")
    dat.close()
    txt.close()
    if suite == "pbo":
        ecdf_pbo_ert(results, out, algorithms, names, budgets_of)


if __name__ == "__main__":
    main(sys.argv)
