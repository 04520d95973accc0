#!/bin/sh
# experiments/sbx-reference/run.sh — gaexp's bounded SBX and polynomial
# mutation against the plain C reference loop of the same GA (SPEC (C):
# Rastrigin-30, N 200, G 500), 20 seeds each; the final best fitness of the
# two compared with R's Mann-Whitney test (wilcox.test, two-sided).
#
# Usage: sh experiments/sbx-reference/run.sh REFERENCE [--out DIR] [--force]
# REFERENCE is the reference loop's binary, built from the reference's
# rastrigin.c (e.g. gcc -O2 -o ref rastrigin.c -lm).  Writes DIR (default
# results/sbx-reference): gaexp/ (the run folder, 20 replicates), reference.csv,
# table.txt.  About a minute.  $GAEXP names the gaexp to use.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
[ $# -ge 1 ] || { echo "sbx-reference: expected the reference loop's binary (see --help)" >&2; exit 2; }
case $1 in -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
ref=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); shift
out=results/sbx-reference force=
while [ $# -gt 0 ]; do
  case $1 in
    --out) [ $# -ge 2 ] || { echo "sbx-reference: --out needs a value" >&2; exit 2; }; out=$2; shift 2 ;;
    --force) force=1; shift ;;
    *) echo "sbx-reference: unknown option '$1'" >&2; exit 2 ;;
  esac
done
[ -x "$ref" ] || { echo "sbx-reference: $ref is not an executable" >&2; exit 2; }
cd "$top"
. experiments/lib.sh
study_gaexp
study_fresh "sbx-reference" "$out" "$force"
rm -rf "$out" && mkdir -p "$out"
"$gaexp" run "$here/rastrigin30.cfg" --replicates 20 --seed 1 --out "$out/gaexp" --quiet
echo "seed,best" > "$out/reference.csv"
for s in $(seq 1 20); do
  "$ref" --seed "$s" | sed -n 's/.* seed=\([0-9]*\) best=\([0-9.e+-]*\) .*/\1,\2/p' >> "$out/reference.csv"
done
Rscript -e '
g <- read.csv(file.path(commandArgs(TRUE)[1], "gaexp", "summary.csv"))$best
r <- read.csv(file.path(commandArgs(TRUE)[1], "reference.csv"))$best
t <- wilcox.test(g, r, exact = FALSE)
q <- function(x) sprintf("median %.3f [%.3f, %.3f]", median(x), min(x), max(x))
cat("Rastrigin-30, SPEC (C), final best fitness over 20 seeds\n")
cat("gaexp (sbx, polynomial):", q(g), "\n")
cat("reference C loop:       ", q(r), "\n")
cat(sprintf("Mann-Whitney two-sided p = %.3f (%s at the 5%% level)\n", t$p.value,
    if (t$p.value < 0.05) "different" else "not significantly different"))
' "$out" | tee "$out/table.txt"
