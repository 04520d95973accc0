#!/bin/sh
# experiments/bbob/run.sh — the GA against the CMA-ES and random search on COCO's
# noiseless BBOB suite (experiments/bbob/ALGORITHM.cfg): all 24 functions, instances
# 1 to 15 (one run each), d = 2, 5, 10 and 20, at most 2,000 d evaluations a run.
#
# Usage: sh experiments/bbob/run.sh [--out DIR] [gaexp sweep OPTION]...
# Runs one sweep over functions x instances per algorithm and d into
# results/bbob/ALGORITHM-dD (replacing them) with nice; exports each to IOHprofiler's
# format in results/bbob/iohprofiler/ALGORITHM-dD (one algorithm name over the four
# d); then experiments/ecdf.py writes into experiments/bbob/ ecdf.txt and ecdf.dat
# (the runtime ECDF over COCO's 51 targets 10^[-8..2] of f - f_opt, all 24
# functions and 15 instances pooled, and per COCO function group), and gnuplot
# draws ecdf.png and groups.png.  With --out DIR all of it goes into DIR instead.
# About 10 minutes on a shared 2-core machine, 3.5 minutes of CPU (--jobs 2 for
# two).  $GAEXP names the gaexp to use.
set -eu
case ${1:-} in -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
. "$(dirname "$0")/../lib.sh"
study_start bbob "$@"
shift "$taken"
algorithms="ga cmaes randomsearch"
# The budget, 2,000 d evaluations, follows d.
study_settings() {
  echo "--set problem.dimension=$1 --set ga.stop.evaluations=$(($1 * 2000))"
}
study_suite bbob d "$algorithms" "2 5 10 20" "$@"
python3 experiments/ecdf.py bbob "$results" "$keep" $algorithms
study_draw "$keep" ecdf
cat "$keep/ecdf.txt"
