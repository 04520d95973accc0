#!/bin/sh
# tests/export_iohanalyzer.sh — opt-in: IOHanalyzer's own reader (DataSetList) loads what
# 'gaexp export' writes, and its names, function ids, dimensions, runs, budgets and ERTs
# are gaexp's.  Skipped (77) without Rscript or the IOHanalyzer package; IOHANALYZER_LIB
# names an R library folder holding it (doc/iohprofiler.md says how to install it).
. "${srcdir:-.}/tests/lib.sh"
test_folder export_iohanalyzer
command -v Rscript >/dev/null || skip_rest export_iohanalyzer "Rscript is missing"
command -v python3 >/dev/null || skip_rest export_iohanalyzer "python3 is missing"
lib=${IOHANALYZER_LIB:-}
Rscript -e "if ('$lib' != '') .libPaths(c('$lib', .libPaths())); suppressMessages(library(IOHanalyzer))" \
  >/dev/null 2>&1 || skip_rest export_iohanalyzer "the R package IOHanalyzer is missing (IOHANALYZER_LIB)"

cat > "$out/size.cfg" <<'CFG'
problem = { name = "onemax"; bits = 16; };
ga = { seed = 7; replicates = 4; population = 20; stop = { generations = 60; }; };
output = { plot = false; };
sweep = ( { set = "problem.bits"; values = [16, 24]; }, { set = "ga.mutation.rate"; values = [0.02, 0.06]; } );
CFG
cat > "$out/pbo.cfg" <<'CFG'
problem = { name = "pbo"; function = 1; dimension = 20; instance = 1; };
ga = { seed = 3; replicates = 3; population = 20; stop = { generations = 40; }; };
output = { plot = false; };
CFG
check "a sweep" "$GAEXP" sweep "$out/size.cfg" --out "$out/s" --quiet
check "a pbo run" "$GAEXP" run "$out/pbo.cfg" --out "$out/pbo" --quiet
check "exported" "$GAEXP" export --format iohprofiler "$out/s" "$out/e/sweep"
check "exported too" "$GAEXP" export --format iohprofiler "$out/pbo" "$out/e/pbo"

# read_both DIR: what gaexp says (DIR.expected.sorted) and what IOHanalyzer
# reads (DIR.read) of the exports under DIR, a line per algorithm,
# function and dimension: "name|function id|dimension|runs|budget|ERT".
read_both() {
  # What gaexp says: per algorithm, function and dimension, the runs, their budgets and the
  # ERT of one target (IOHanalyzer: unsolved runs count their whole budget; a run reaches a
  # target t when its y <= t, minimised, or >= t, maximised).
  python3 - "$1" > "$1.expected" <<'PY'
import glob, json, os, sys
for meta in sorted(glob.glob(os.path.join(sys.argv[1], "**", "*.json"), recursive=True)):
    j = json.load(open(meta))
    for s in j["scenarios"]:
        target = 8.0 if j["maximization"] else 2.0
        hits, spent = 0, 0
        rows = [l.split() for l in open(os.path.join(os.path.dirname(meta), s["path"]))]
        blocks = []
        for row in rows:
            if row[0] == "evaluations": blocks.append([])
            else: blocks[-1].append((float(row[0]), float(row[1])))
        for b, run in zip(blocks, s["runs"]):
            reach = [e for e, y in b if (y >= target if j["maximization"] else y <= target)]
            if reach: hits += 1; spent += reach[0]
            else: spent += run["evals"]
        ert = spent / hits if hits else float("inf")
        print("%s|%d|%d|%d|%d|%s" % (j["algorithm"]["name"], j["function_id"], s["dimension"], len(s["runs"]),
                                   max(r["evals"] for r in s["runs"]), ("%.6g" % ert)))
PY
  Rscript -e "
    if ('$lib' != '') .libPaths(c('$lib', .libPaths()))
    suppressMessages(library(IOHanalyzer))
    suppressWarnings(d <- DataSetList('$1', verbose = FALSE))
    for (ds in d) {
      target <- if (attr(ds, 'maximization')) 8 else 2
      ert <- as.numeric(get_ERT(ds, target)\$ERT)
      cat(sprintf('%s|%d|%d|%d|%d|%s\n', attr(ds, 'algId'), as.integer(attr(ds, 'funcId')), as.integer(attr(ds, 'DIM')),
                  length(attr(ds, 'instance')), as.integer(max(attr(ds, 'maxRT'))),
                  if (is.finite(ert)) sprintf('%.6g', ert) else 'inf'))
    }" 2>"$1.r-err" | sort > "$1.read" || cat "$1.r-err"
  sort "$1.expected" > "$1.expected.sorted"
  diff "$1.expected.sorted" "$1.read"
}
read_both "$out/e"
cp "$out/e.read" "$out/read"
cp "$out/e.expected.sorted" "$out/expected.sorted"
check "IOHanalyzer reads every algorithm, function and dimension" [ "$(wc -l < "$out/read")" -eq 5 ]
check "IOHanalyzer's names, ids, dimensions, runs, budgets and ERTs are gaexp's" cmp -s "$out/expected.sorted" "$out/read"
check "a size sweep is one algorithm to IOHanalyzer" \
  [ "$(grep -c '^mutation rate 0.02; ' "$out/read")" -eq 2 ]
# The optimum (y = 20): IOHanalyzer's ERT is gaexp report's, from the exact
# evaluations that reached it (summary.csv's evaluations_to_target).
ert_at_optimum=$(Rscript -e "
  if ('$lib' != '') .libPaths(c('$lib', .libPaths()))
  suppressMessages(library(IOHanalyzer))
  suppressWarnings(d <- DataSetList('$out/e/pbo', verbose = FALSE))
  cat(sprintf('%.0f', as.numeric(get_ERT(d[[1]], 20)\$ERT)))" 2>/dev/null)
check "IOHanalyzer's ERT at pbo's optimum is gaexp report's ($ert_at_optimum)" \
  [ "$ert_at_optimum" = "$("$GAEXP" report "$out/pbo" | sed -n 's/^ERT \([0-9.]*\) .*/\1/p')" ]
check "pbo is function 1 to IOHanalyzer" [ "$(grep -c '|1|20|3|' "$out/read")" -eq 1 ]
# Two run configurations (crossover rate 0.5, 0.7) and two size sweeps that
# differ only in an unswept setting (population 20, 30): four algorithms
# to IOHanalyzer, each sweep one algorithm over two dimensions.
printf '%s\n' 'problem = { name = "onemax"; bits = 16; };' \
  'ga = { seed = 2; replicates = 3; population = 20; crossover = { rate = 0.5; }; stop = { generations = 40; }; };' \
  'output = { plot = false; };' > "$out/r.cfg"
"$GAEXP" run "$out/r.cfg" --out "$out/r1" --quiet
"$GAEXP" run "$out/r.cfg" --set ga.crossover.rate=0.7 --out "$out/r2" --quiet
printf '%s\n' 'sweep = ( { set = "problem.bits"; values = [16, 24]; } );' >> "$out/r.cfg"
"$GAEXP" sweep "$out/r.cfg" --set ga.crossover.rate=0.9 --out "$out/s20" --quiet
"$GAEXP" sweep "$out/r.cfg" --set ga.crossover.rate=0.9 --set ga.population=30 --out "$out/s30" --quiet
for d in r1 r2 s20 s30; do "$GAEXP" export --format iohprofiler "$out/$d" "$out/four/$d"; done
read_both "$out/four" >/dev/null
check "two runs and two sweeps differing in an unswept setting: four algorithms to IOHanalyzer" \
  [ "$(cut -d'|' -f1 "$out/four.read" | sort -u | wc -l)" -eq 4 ]
check "each sweep one algorithm over two dimensions, each run over one" \
  [ "$(cut -d'|' -f1 "$out/four.read" | sort | uniq -c | awk '{ print $1 }' | sort | tr '\n' ' ')" = "1 1 2 2 " ]
check "their names, ids, dimensions, runs, budgets and ERTs are gaexp's" cmp -s "$out/four.expected.sorted" "$out/four.read"
test_summary "export_iohanalyzer"
