#!/bin/sh
# experiments/selection/run.sh — the six selections x the four replacement schemes on
# OneMax, 31-derful and Rastrigin in 10 dimensions (issue 16's study).
#
# Usage: sh experiments/selection/run.sh [gaexp sweep OPTION]...
# Runs the sweeps onemax.cfg, derful.cfg and rastrigin.cfg of this folder
# (24 points each, 20 replicates a point, common random numbers) into
# results/selection/PROBLEM (replacing it) with nice -n 10, then keeps in
# experiments/selection/PROBLEM/: table.txt ('gaexp report': ERT with its
# bootstrap interval, success with its Wilson interval, the Mann-Whitney test
# and A12 against the first), sweep.csv, index.csv and the figures; and
# writes experiments/selection/grid.txt, the three grids of replicates
# solved and ERT, selection by scheme; then 'gaexp compare' ranks the 24
# configurations across the three problems (Friedman, Holm, the CD diagram)
# into results/selection/compare, kept in experiments/selection/compare/
# (table.txt, ranking.csv, pairwise.csv, friedman.csv, cd.png).
# Options go to each 'gaexp sweep'
# (e.g. --replicates 5, --jobs 2).  About 2 minutes on 2 shared cores.
# $GAEXP names the gaexp to use (default: build this tree, installing what
# is missing).
set -eu
case ${1:-} in -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
. experiments/lib.sh
study_gaexp
grid=experiments/selection/grid.txt
: > "$grid.part"
for problem in onemax derful rastrigin; do
  out=results/selection/$problem keep=experiments/selection/$problem
  nice -n 10 "$gaexp" sweep "experiments/selection/$problem.cfg" --out "$out" --force --quiet "$@"
  mkdir -p "$keep"
  "$gaexp" report "$out" > "$keep/table.txt"
  cp "$out/sweep.csv" "$out/index.csv" "$out"/*.png "$keep/"
  # The grid: a row per selection, a column per scheme; "solved/replicates ERT".
  awk -F, -v problem="$problem" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { sel = $col["ga.selection.name"]; sch = $col["ga.scheme.name"]
      if (!(sel in seen)) { seen[sel] = 1; sels[++ns] = sel }
      if (!(sch in seenc)) { seenc[sch] = 1; schs[++nc] = sch }
      ert = $col["ert"] == "inf" || $col["solved"] == 0 ? "-" : sprintf("%.0f", $col["ert"])
      cell[sel, sch] = sprintf("%s/%s %s", $col["solved"], $col["replicates"], ert)
      if ($col["rank"] == 1) best = sel " + " sch }
    END { printf "%s: solved/replicates and ERT (evaluations); ranked first: %s\n%-12s", problem, best, "selection"
          for (j = 1; j <= nc; j++) printf " %16s", schs[j]
          printf "\n"
          for (i = 1; i <= ns; i++) { printf "%-12s", sels[i]
            for (j = 1; j <= nc; j++) printf " %16s", cell[sels[i], schs[j]]
            printf "\n" }
          printf "\n" }' "$out/sweep.csv" >> "$grid.part"
done
mv "$grid.part" "$grid"
keep=experiments/selection/compare
mkdir -p "$keep"
"$gaexp" compare results/selection/onemax results/selection/derful results/selection/rastrigin \
  --out results/selection/compare --force > "$keep/table.txt"
cp results/selection/compare/ranking.csv results/selection/compare/pairwise.csv \
  results/selection/compare/friedman.csv results/selection/compare/cd.png "$keep/"
cat "$grid"
echo "study selection: experiments/selection/ (grid.txt; per problem table.txt, sweep.csv, figures); all runs: results/selection/"
