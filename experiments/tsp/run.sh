#!/bin/sh
# experiments/tsp/run.sh — the permutation operators on the travelling salesman, with
# and without local search: 6 crossovers (ox, pmx, cx, ox2, pos, erx) x 4 mutations
# (inversion, insertion, scramble, swap) x {no local search, 2-opt on a twentieth
# of the children (Lamarckian, at most 1,000 evaluations each)} on TSPLIB's
# berlin52, eil51 and kroA100 (optima 7542, 426, 21282), 10 seeded runs a point at
# 100,000 evaluations each (the searches' own counted, n/4 2-opt moves an evaluation).
#
# Usage: sh experiments/tsp/run.sh [gaexp sweep OPTION]...
# Runs the three sweeps into results/tsp/INSTANCE (replacing them) with nice, keeps
# in experiments/tsp/INSTANCE/ 'gaexp report''s table.txt, sweep.csv, index.csv and
# the figures; writes experiments/tsp/gaps.txt (each configuration's gap to the
# optimum in percent per instance: mean with its 95% t interval, median) and
# gaps.png; then 'gaexp compare' ranks the 48 configurations across the three
# instances (Friedman, Holm, the CD diagram) into experiments/tsp/compare/.
# About 10 minutes on 2 shared cores.  $GAEXP names the gaexp to use.
set -eu
case ${1:-} in -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
. experiments/lib.sh
study_gaexp
instances="berlin52 eil51 kroA100"
for inst in $instances; do
  out=results/tsp/$inst keep=experiments/tsp/$inst
  echo "tsp: $inst"
  nice -n 10 "$gaexp" sweep "experiments/tsp/$inst.cfg" --out "$out" --force --quiet "$@"
  mkdir -p "$keep"
  "$gaexp" report "$out" > "$keep/table.txt"
  cp "$out/sweep.csv" "$out/index.csv" "$out"/*.png "$keep/"
done
rm -rf results/tsp/compare
"$gaexp" compare --out results/tsp/compare $(for i in $instances; do echo results/tsp/$i; done) \
  > results/tsp/compare.txt
mkdir -p experiments/tsp/compare
cp results/tsp/compare.txt experiments/tsp/compare/table.txt
cp results/tsp/compare/*.csv results/tsp/compare/cd.png experiments/tsp/compare/
# The gaps: per instance and configuration, 100 (length - optimum) / optimum
# over its runs (the fitness is the length less the optimum).
Rscript -e '
opt <- c(berlin52 = 7542, eil51 = 426, kroA100 = 21282)
rows <- NULL
for (inst in names(opt)) {
  idx <- read.csv(file.path("results/tsp", inst, "index.csv"), check.names = FALSE)
  for (i in seq_len(nrow(idx))) {
    s <- read.csv(file.path("results/tsp", inst, idx$dir[i], "summary.csv"))
    gap <- 100 * s$best / opt[[inst]]
    ci <- if (length(gap) > 1 && sd(gap) > 0) pmax(0, t.test(gap)$conf.int) else c(mean(gap), mean(gap)) # a gap is never below 0
    rows <- rbind(rows, data.frame(instance = inst, crossover = idx[["ga.crossover.name"]][i],
      mutation = idx[["ga.mutation.name"]][i], local = ifelse(idx[["ga.local.name"]][i] == "", "none", "2opt"),
      mean = mean(gap), low = ci[1], high = ci[2], median = median(gap), solved = sum(s$solved), runs = nrow(s)))
  }
}
rows$config <- paste(rows$crossover, rows$mutation, rows$local)
avg <- aggregate(mean ~ config, rows, mean)
order <- avg$config[order(avg$mean)]
out <- file("experiments/tsp/gaps.txt", "w")
cat("Gap to the optimum in percent at 100,000 evaluations, 10 runs a point: mean [95% t interval, clipped at 0] median (runs that reached the optimum)\n", file = out)
cat("configurations in the order of their mean gap over the three instances\n\n", file = out)
cat(sprintf("%-26s %-30s %-30s %-30s\n", "crossover mutation local", "berlin52", "eil51", "kroA100"), file = out)
cell <- function(r) sprintf("%6.2f [%5.2f,%6.2f] %6.2f (%d)", r$mean, r$low, r$high, r$median, r$solved)
dat <- list(none = file("results/tsp/gaps-none.dat", "w"), `2opt` = file("results/tsp/gaps-2opt.dat", "w"))
within <- c(none = 0, `2opt` = 0) # the configuration: its place in its file
for (k in seq_along(order)) {
  c <- order[k]
  local <- rows$local[rows$config == c][1]
  within[local] <- within[local] + 1
  cat(sprintf("%-26s", c), file = out)
  for (inst in names(opt)) {
    r <- rows[rows$config == c & rows$instance == inst, ]
    cat(" ", sprintf("%-30s", cell(r)), file = out)
    cat(sprintf("%d %d %s %.6g %.6g %.6g\n", within[local], match(inst, names(opt)), gsub(" ", "_", c), r$mean, r$low,
                r$high), file = dat[[local]])
  }
  cat("\n", file = out)
}
close(out); close(dat$none); close(dat$`2opt`)
' 
cp results/tsp/gaps-none.dat results/tsp/gaps-2opt.dat experiments/tsp/
cat > experiments/tsp/gaps.gp <<'GP'
# experiments/tsp/gaps.gp — each configuration's mean gap to the optimum with its 95% interval,
# per instance, configurations ordered by their mean over the instances (gaps-2opt.dat and gaps-none.dat from run.sh);
# the configurations with 2-opt above, those without below (their gaps are 20 to 100 times larger).
set terminal pngcairo size 1400,1000 noenhanced font ",10"
set output 'gaps.png'
set multiplot layout 2,1 title "TSP at 100,000 evaluations: gap to the optimum, mean and 95% t interval of 10 runs, by crossover_mutation_local"
set ylabel 'gap to the optimum (%)'
set xtics rotate by 90 right
set grid ytics
set key top left
set offsets 0.5, 0.5, 0, 0
do for [panel = 1:2] {
  file = panel == 1 ? 'gaps-2opt.dat' : 'gaps-none.dat'
  set title (panel == 1 ? "with 2-opt (Lamarckian, 5% of the children)" : "without local search")
  plot file using ($2 == 1 ? $1 - 0.25 : 1/0):4:5:6 with yerrorbars pt 7 ps 0.6 title 'berlin52', \
       '' every 3::1 using 1:4:5:6:xtic(3) with yerrorbars pt 5 ps 0.6 title 'eil51', \
       '' every 3::2 using ($1 + 0.25):4:5:6 with yerrorbars pt 9 ps 0.6 title 'kroA100'
}
unset multiplot
GP
study_draw experiments/tsp gaps
head -20 experiments/tsp/gaps.txt
