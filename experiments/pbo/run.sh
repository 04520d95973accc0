#!/bin/sh
# experiments/pbo/run.sh — the GA against the EA baselines on IOHprofiler's PBO suite:
# the GA, the (1+1) EA, the (1+10) EA, the fast GA, the (1+(lambda,lambda)) GA and
# random search (experiments/pbo/ALGORITHM.cfg) on all 25 functions, instance 1, at
# n = 16, 64 and 100, 20 seeded runs a point, at most 10 n^2 evaluations a run.
#
# Usage: sh experiments/pbo/run.sh [--out DIR] [gaexp sweep OPTION]...
# Runs one sweep over the 25 functions per algorithm and n into
# results/pbo/ALGORITHM-nN (replacing them) with nice; exports each to IOHprofiler's
# format in results/pbo/iohprofiler/ALGORITHM-nN (one algorithm name over the three
# n, for IOHanalyzer); then experiments/ecdf.py writes into experiments/pbo/ ert.txt
# (ERT to the optimum per function, algorithm and n), ecdf.txt and ecdf.dat (the
# ECDF over 20 targets per function, pooled per problem group), gnuplot draws
# ecdf.png, and experiments/pbo/theory.py sets the runs beside runtime theory in
# theory.txt.  With --out DIR all of it goes into DIR instead.  About 13 minutes
# on a shared 2-core machine, 6 minutes of CPU (--jobs 2 for two).  $GAEXP names
# the gaexp to use.
set -eu
case ${1:-} in -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
. "$(dirname "$0")/../lib.sh"
study_start pbo "$@"
shift "$taken"
algorithms="ga oneplusone onelambda fastga lambdalambda randomsearch"
# The mutation rate 1/n and the budget 10 n^2 evaluations follow n.
study_settings() {
  echo "--set problem.dimension=$1 --set ga.mutation.rate=$(awk "BEGIN { print 1 / $1 }")" \
    "--set ga.stop.evaluations=$(($1 * $1 * 10))"
}
study_suite pbo n "$algorithms" "16 64 100" "$@"
python3 experiments/ecdf.py pbo "$results" "$keep" $algorithms
python3 experiments/pbo/theory.py "$results" > "$keep/theory.txt"
study_draw "$keep" ecdf
cat "$keep/ert.txt" "$keep/ecdf.txt" "$keep/theory.txt"
