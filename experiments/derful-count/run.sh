#!/bin/sh
# experiments/derful-count/run.sh — how many 5×5 31-derful games each common sum S has, and how hard each S is.
#
# Usage: sh experiments/derful-count/run.sh [--samples M] [--seed K] [--out DIR] [--force]
# Estimates the number of winning 5x5 games per S (gaexp solve derful --n 5:
# sequential importance sampling, M samples, default 20000000, seed K,
# default 1) with 95% intervals, after validating the estimator at n = 3 and
# n = 4 against the exact enumeration (1,000,000 samples each: does each
# interval cover the exact count?).  Puts beside each S the GA's mean
# evaluations to a solution from the derful-sums study
# (experiments/derful-sums/sweep.csv).  Writes into DIR (default
# results/derful-count): estimate.txt, validation.txt, table.txt, games.dat,
# games.gp and games.png (games per S, log scale, 95% intervals; GA
# evaluations on the right axis).  With the default DIR, table.txt and
# games.png are copied into experiments/derful-count/.  About 2 minutes on
# one core with the defaults.  An existing DIR is kept unless --force.
# $GAEXP names the gaexp to use (default: build this tree).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

samples=20000000 seed=1 out=results/derful-count default_out=1 force=
while [ $# -gt 0 ]; do
  case $1 in
    --samples|--seed|--out) [ $# -ge 2 ] || { echo "derful-count: $1 needs a value (see --help)" >&2; exit 2; } ;;
  esac
  case $1 in
    --samples) samples=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --out) out=$2; default_out=; shift 2 ;;
    --force) force=1; shift ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "derful-count: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done

cd "$top"
. experiments/lib.sh
study_gaexp
study_fresh "derful-count" "$out" "$force"
rm -rf "$out" && mkdir -p "$out"

# Validation: one estimate at n = 3 and n = 4 against the exact counts.
for n in 3 4; do
  "$gaexp" solve derful --n "$n" > "$out/exact$n.txt"
  "$gaexp" solve derful --n "$n" --estimate --samples 1000000 --seed "$seed" > "$out/estimate$n.txt"
done
awk 'FNR == 1 { file++ }
     file % 2 == 1 && $1 ~ /^[0-9]+$/ { exact[$1] = $2 }
     file % 2 == 0 && $1 ~ /^[0-9]+$/ { est[$1] = $2; low[$1] = $3; high[$1] = $4 }
     file % 2 == 0 && FNR == 1 { n = substr($2, 1, 1) }
     file % 2 == 0 && /^total/ {
       printf "n = %d, 1,000,000 samples: S, exact games, estimate [95%% interval], covered\n", n
       pairs = covered = 0
       for (s = 0; s < 128; s++) if (s in exact || s in est) {
         c = (exact[s] + 0 >= low[s] + 0 && exact[s] + 0 <= high[s] + 0); pairs++; covered += c
         printf "  %3d %10d %12.1f [%.1f, %.1f] %s\n", s, exact[s], est[s], low[s], high[s], c ? "yes" : "NO" }
       printf "  covered: %d of %d sums\n\n", covered, pairs
       delete exact; delete est; delete low; delete high }' \
  "$out/exact3.txt" "$out/estimate3.txt" "$out/exact4.txt" "$out/estimate4.txt" > "$out/validation.txt"

started=$(date +%s.%N)
"$gaexp" solve derful --n 5 --samples "$samples" --seed "$seed" > "$out/estimate.txt"
elapsed=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')

# S games low high samples, and the GA's mean evaluations (derful-sums, 10 replicates a point).
sums=experiments/derful-sums/sweep.csv
awk -F, 'NR == FNR { if (FNR > 1) ev[$3] = $9; next }
         $1 ~ /^ *[0-9]+$/ { split($0, f, " "); printf "%s %s %s %s %s %s\n", f[1], f[2], f[3], f[4], f[5], (f[1] in ev) ? ev[f[1]] : "-" }' \
  "$sums" FS=' ' "$out/estimate.txt" > "$out/games.dat"

{
  echo "31-derful 5x5 (4 suits): winning games per common sum S, up to row/column permutation and transposition"
  sed -n 2p "$out/estimate.txt"
  printf '%5s %14s %14s %14s %10s %16s\n' S games "95% low" "95% high" samples "GA evaluations"
  awk '{ printf "%5d %14.4g %14.4g %14.4g %10d %16s\n", $1, $2, $3, $4, $5, $6 }' "$out/games.dat"
  grep '^total' "$out/estimate.txt"
  awk 'BEGIN { best = -1 } $2 > best { best = $2; s = $1; lo = $3; hi = $4 } END {
         printf "most games: S = %d, %.4g games [%.4g, %.4g]\n", s, best, lo, hi }' "$out/games.dat"
  awk '$1 == 31 { printf "S = 31 (the real game): %.4g games [%.4g, %.4g]\n", $2, $3, $4 }' "$out/games.dat"
  echo "estimate: $elapsed s (wall) for $samples samples"
  echo
  cat "$out/validation.txt"
} > "$out/table.txt"

cat > "$out/games.gp" <<'EOF'
# games.gp — estimated 5x5 games per S with 95% intervals, and the GA's evaluations to a solution.
set terminal pngcairo size 900,550
set output "games.png"
set title "31-derful 5x5: games per common sum S (estimate, 95% interval) and the GA's effort"
set xlabel "common sum S"
set ylabel "games (log scale)"
set y2label "GA: mean evaluations to a solution (derful-sums)"
set logscale y
set format y "10^{%T}"
set ytics nomirror
set y2tics
set xrange [23:50]
set grid
set key bottom left
plot "games.dat" using 1:2:($3 > 0 ? $3 : $2 / 10):4 with yerrorbars pt 7 lc rgb "#4477aa" title "games (95% interval)", \
     "" using 1:(strcol(6) eq "-" ? 1/0 : $6) axes x1y2 with linespoints pt 6 lc rgb "#cc3311" title "GA evaluations (right axis)"
EOF
study_draw "$out" games
cat "$out/table.txt"
if [ -n "$default_out" ]; then
  cp "$out/table.txt" "$here/"
  [ -e "$out/games.png" ] && cp "$out/games.png" "$here/"
  echo "copied into experiments/derful-count/: table.txt, games.png"
fi
