#!/bin/sh
# experiments/symreg-deap/run.sh — genetic programming in gaexp (the examples/symreg
# plug-in) against DEAP's GP on Koza's quartic x^4 + x^3 + x^2 + x and sextic
# x^6 - 2x^4 + x^2 (20 points in [-1, 1]), the same GP and budget on both sides
# (quartic.cfg, deap_quartic.py):
# the share of runs solved (sum of absolute errors <= 0.01 within 50 generations)
# with Wilson intervals and Fisher's exact test (R), the median evaluations to a
# solution, and the CPU seconds per run.
#
# Usage: sh experiments/symreg-deap/run.sh [--runs N] [--out DIR] [--force]
# N seeded runs a side (default 50).  Writes DIR (default results/symreg-deap):
# PROBLEM-gaexp/ (the run folders), PROBLEM-deap.csv, table.txt.  About 10 minutes
# (DEAP's side).
# Needs python3-deap (a benchmark peer: gaexp does not use it) and R.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
runs=50 out=results/symreg-deap force=
while [ $# -gt 0 ]; do
  case $1 in
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --runs) [ $# -ge 2 ] || { echo "symreg-deap: --runs needs a value" >&2; exit 2; }; runs=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || { echo "symreg-deap: --out needs a value" >&2; exit 2; }; out=$2; shift 2 ;;
    --force) force=1; shift ;;
    *) echo "symreg-deap: unknown option '$1'" >&2; exit 2 ;;
  esac
done
case $runs in ''|*[!0-9]*) echo "symreg-deap: --runs: expected a whole number, got '$runs'" >&2; exit 2 ;; esac
PY=/usr/bin/python3 # Debian's, where python3-deap installs
$PY -c 'import deap' 2>/dev/null || { echo "symreg-deap: DEAP is missing (Debian: python3-deap)" >&2; exit 2; }
cd "$top"
. experiments/lib.sh
study_gaexp
study_fresh "symreg-deap" "$out" "$force"
make -s tests/symreg.la >/dev/null
rm -rf "$out" && mkdir -p "$out/input"
cp tests/.libs/symreg.so examples/symreg/quartic.csv "$here/sextic.csv" "$here/quartic.cfg" "$out/input/"
for problem in quartic sextic; do
  echo "symreg-deap: $problem, gaexp, $runs runs"
  "$gaexp" run "$out/input/quartic.cfg" --set "problem.data=\"$out/input/$problem.csv\"" --replicates "$runs" \
    --seed 1 --jobs 1 --out "$out/$problem-gaexp" --quiet
  echo "symreg-deap: $problem, DEAP, $runs runs"
  echo "seed,solved,generation_found,evaluations,seconds" > "$out/$problem-deap.csv"
  $PY "$here/deap_quartic.py" "$out/input/$problem.csv" $(seq 1 "$runs") >> "$out/$problem-deap.csv"
done
Rscript -e '
dir <- commandArgs(TRUE)[1]
wilson <- function(k, n) { z <- 1.96; p <- k / n; c <- (p + z^2/(2*n)) / (1 + z^2/n)
  h <- z * sqrt(p*(1-p)/n + z^2/(4*n^2)) / (1 + z^2/n); sprintf("%.0f%% [%.0f%%, %.0f%%]", 100*p, 100*(c-h), 100*(c+h)) }
row <- function(name, solved, evals, secs) cat(sprintf("  %-24s %3d/%-3d %-18s %9s %10.4f\n", name, sum(solved), length(solved),
  wilson(sum(solved), length(solved)), if (any(solved == 1)) format(median(evals[solved == 1])) else "-", median(secs)))
cat("Population 500, 50 generations, the same GP on both sides (quartic.cfg, deap_quartic.py); s/run:\n")
cat("the median seconds of one run (gaexp: wall clock of a replicate on one thread; DEAP: CPU)\n")
for (problem in c("quartic", "sextic")) {
  g <- read.csv(file.path(dir, paste0(problem, "-gaexp"), "summary.csv"))
  gt <- read.csv(file.path(dir, paste0(problem, "-gaexp"), "times.csv"))
  d <- read.csv(file.path(dir, paste0(problem, "-deap.csv")))
  cat(sprintf("%-26s %7s %-18s %9s %10s\n", problem, "solved", "95% Wilson", "med.evals", "s/run"))
  row("gaexp (examples/symreg)", g$solved, g$evaluations, gt$seconds)
  row("DEAP 1.3.1 (gp module)", d$solved, d$evaluations, d$seconds)
  t <- fisher.test(matrix(c(sum(g$solved), nrow(g) - sum(g$solved), sum(d$solved), nrow(d) - sum(d$solved)), 2))
  cat(sprintf("  Fisher exact test on the success rates: p = %.3f (%s at the 5%% level)\n", t$p.value,
      if (t$p.value < 0.05) "different" else "not significantly different"))
}
' "$out" | tee "$out/table.txt"
