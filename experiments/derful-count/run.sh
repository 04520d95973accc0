#!/bin/sh
# experiments/derful-count/run.sh — how many 5×5 31-derful games each common sum S has, and how hard each S is.
#
# Usage: sh experiments/derful-count/run.sh [--samples M] [--seed K] [--out DIR] [--force]
# Counts the winning 5x5 games per S exactly (gaexp solve derful --n 5
# --exact), ranks the sums, and puts beside each S the estimate of the
# sequential importance sampler (M samples, default 20000000, seed K,
# default 1) with its 95% interval and whether the interval covers the
# exact count, and the GA's mean evaluations to a solution from the
# derful-sums study (experiments/derful-sums/sweep.csv).  First checks both
# methods at n = 3 and 4 against the enumeration (exact: equal per S;
# estimate, 1,000,000 samples: does each interval cover?).  Writes into DIR
# (default results/derful-count): exact.txt, estimate.txt, validation.txt,
# table.txt, games.dat, games.gp and games.png (games per S, log scale, the
# estimates' intervals, GA evaluations on the right axis).  With the default
# DIR, table.txt and games.png are copied into experiments/derful-count/.
# About 6 minutes on this 2-core machine with the defaults (the exact count
# 2 to 4, the estimate 2).  An existing DIR is kept unless --force.
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
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "derful-count: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done

cd "$top"
. experiments/lib.sh
study_gaexp
study_fresh "derful-count" "$out" "$force"
rm -rf "$out" && mkdir -p "$out"

# Validation at n = 3 and 4: the exact count equals the enumeration for
# every S; one estimate's intervals against them.
per_s() { awk '$1 ~ /^[0-9]+$/ && NF >= 2 { print $1, $2 }' "$1"; }
for n in 3 4; do
  "$gaexp" solve derful --n "$n" > "$out/enumerated$n.txt"
  "$gaexp" solve derful --n "$n" --exact > "$out/exact$n.txt"
  per_s "$out/enumerated$n.txt" > "$out/enumerated$n.per-s"
  per_s "$out/exact$n.txt" > "$out/exact$n.per-s"
  if ! cmp -s "$out/enumerated$n.per-s" "$out/exact$n.per-s"; then
    echo "derful-count: at n = $n the exact count differs from the enumeration" >&2
    exit 1
  fi
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
echo "n = 3 and 4: the exact counts equal the enumeration for every S"

"$gaexp" solve derful --n 5 --exact > "$out/exact.txt"
started=$(date +%s.%N)
"$gaexp" solve derful --n 5 --estimate --samples "$samples" --seed "$seed" > "$out/estimate.txt"
elapsed=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')

# S, exact games, rank by games, estimate, low, high, samples, the GA's mean
# evaluations (derful-sums, 10 replicates a point), whether the interval covers.
sums=experiments/derful-sums/sweep.csv
awk -F, 'NR == FNR { if (FNR > 1) ev[$3] = $9; next }
         FILENAME ~ /exact.txt$/ && $1 ~ /^ *[0-9]+$/ { split($0, f, " "); exact[f[1]] = f[2]; next }
         FILENAME ~ /estimate.txt$/ && $1 ~ /^ *[0-9]+$/ { split($0, f, " "); est[f[1]] = f[2]; low[f[1]] = f[3]; high[f[1]] = f[4]; hits[f[1]] = f[5] }
         END {
           for (s in exact) { rank = 1; for (t in exact) if (exact[t] + 0 > exact[s] + 0) rank++; r[s] = rank }
           for (s = 0; s < 128; s++) if (s in exact)
             printf "%d %s %d %s %s %s %s %s %s\n", s, exact[s], r[s], (s in est) ? est[s] : "-", (s in est) ? low[s] : "-",
                    (s in est) ? high[s] : "-", (s in est) ? hits[s] : 0, (s in ev) ? ev[s] : "-",
                    (s in est) ? ((exact[s] + 0 >= low[s] + 0 && exact[s] + 0 <= high[s] + 0) ? "yes" : "NO") : "-" }' \
  "$sums" FS=' ' "$out/exact.txt" "$out/estimate.txt" > "$out/games.dat"

{
  echo "31-derful 5x5 (4 suits): winning games per common sum S, up to row/column permutation and transposition"
  echo "exact: $(grep '^counted' "$out/exact.txt"); $(grep '^time' "$out/exact.txt")"
  echo "estimate: $(sed -n 2p "$out/estimate.txt" | sed 's/^estimated by //'); $elapsed s (wall)"
  printf '%5s %16s %5s %14s %14s %14s %8s %16s\n' S "exact games" rank estimate "95% low" "95% high" covers "GA evaluations"
  awk '{ printf "%5d %16s %5d %14.4g %14.4g %14.4g %8s %16s\n", $1, $2, $3, $4, $5, $6, $9, $8 }' "$out/games.dat"
  grep '^total' "$out/exact.txt" | sed 's/^total:/total (exact):/'
  grep '^total' "$out/estimate.txt" | sed 's/^total:/total (estimate):/'
  awk -v all="$(wc -l < "$out/games.dat")" '$3 == 1 { printf "most games: S = %d, %s games\n", $1, $2 }
       $1 == 31 { printf "S = 31 (the real game): %s games, rank %d of %d\n", $2, $3, all }' "$out/games.dat"
  awk '$9 != "-" { pairs++; if ($9 == "yes") covered++ }
       END { printf "the estimate\047s 95%% intervals cover the exact count for %d of %d sums\n", covered, pairs }' "$out/games.dat"
  echo
  cat "$out/validation.txt"
} > "$out/table.txt"

cat > "$out/games.gp" <<'EOF'
# games.gp — exact 5x5 games per S, the importance sampler's 95% intervals, and the GA's evaluations to a solution.
set terminal pngcairo size 900,550
set output "games.png"
set title "31-derful 5x5: games per common sum S (exact; estimate's 95% interval) and the GA's effort"
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
plot "games.dat" using ($1 + 0.25):(strcol(4) eq "-" ? 1/0 : $4):($5 > 0 ? $5 : $4 / 10):6 with yerrorbars pt 2 ps 0.7 lc rgb "#228833" title "estimate (95% interval), drawn beside S", \
     "" using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb "#4477aa" title "games (exact)", \
     "" using 1:(strcol(8) eq "-" ? 1/0 : $8) axes x1y2 with linespoints pt 6 lc rgb "#cc3311" title "GA evaluations (right axis)"
EOF
study_draw "$out" games
cat "$out/table.txt"
[ -z "$default_out" ] || study_keep "$out" "$here" table.txt games.png
