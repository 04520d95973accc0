#!/bin/sh
# experiments/fortythieves/run.sh — AutoStart deal by deal: greedy, the heuristic, the GA, the optimum.
#
# Usage: sh experiments/fortythieves/run.sh [--deals N] [--redeal M] [--first K]
#            [--at-least C] [--cfg FILE] [--seed S] [--out DIR] [--jobs J]
#            [--set PATH=VALUE]... [--force]
# Deals seeds K..K+M-1 (default 1..100000) and solves each with greedy, the
# published heuristic and the exact optimum.  Runs the GA (the cfg, default
# configs/fortythieves.cfg, GA seed S, default 1) on the first N deals
# (default 1000), and on every deal whose optimum moves at least C cards
# (default 15): the GA never beats the optimum, so no other deal can reach C
# for it.  Writes into DIR (default results/fortythieves):
#   baselines.csv   deal,greedy,heuristic,optimal for all M deals
#   ga.csv          deal,optimal,ga,evaluations,seconds for every GA run
#   table.txt       per method over the N deals: mean cards, the share of
#                   deals below the optimum and by how much; then the re-deal
#                   experiment over the M deals: the share reaching C cards
#                   and the expected deals per accepted trial (95% interval)
#   histogram.gp, histogram.png   cards moved per method over the N deals
# The defaults are relative to the top of the tree, paths given as options
# to the folder the script is run in.
# An existing DIR is kept unless --force.  $GAEXP names the gaexp to use
# (default: build this tree, installing what is missing).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

deals=1000 redeal=100000 first=1 at_least=15 cfg=configs/fortythieves.cfg seed=1
out=results/fortythieves jobs=$(nproc 2>/dev/null || echo 1) sets= force=
# Paths given as options are relative to the folder the script is run in.
absolute() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
usage() { sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case $1 in
    --deals|--redeal|--first|--at-least|--cfg|--seed|--out|--jobs|--set)
      [ $# -ge 2 ] || { echo "fortythieves study: $1 needs a value (see --help)" >&2; exit 2; } ;;
  esac
  case $1 in
    --deals) deals=$2; shift 2 ;;
    --redeal) redeal=$2; shift 2 ;;
    --first) first=$2; shift 2 ;;
    --at-least) at_least=$2; shift 2 ;;
    --cfg) cfg=$(absolute "$2"); shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --out) out=$(absolute "$2"); shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --set) sets="$sets --set $2"; shift 2 ;;
    --force) force=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "fortythieves study: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
# integer NAME VALUE MIN MAX: refuses anything but an integer in [MIN, MAX].
integer() {
  case $2 in
    ''|*[!0-9]*) echo "fortythieves study: --$1 expects an integer in [$3, $4], got '$2'" >&2; exit 2 ;;
  esac
  if [ ${#2} -gt 10 ] || [ "$2" -lt "$3" ] || [ "$2" -gt "$4" ]; then
    echo "fortythieves study: --$1 expects an integer in [$3, $4], got '$2'" >&2; exit 2
  fi
}
integer redeal "$redeal" 1 10000000
integer deals "$deals" 1 "$redeal"
integer first "$first" 0 1000000000
integer at-least "$at_least" 1 104
integer seed "$seed" 0 2147483647
integer jobs "$jobs" 1 1024

cd "$top"
[ -f "$cfg" ] || { echo "fortythieves study: cannot read '$cfg'" >&2; exit 2; }
. experiments/lib.sh
study_gaexp
study_fresh "fortythieves study" "$out" "$force"
# The GA settings are checked once, before anything long starts.
"$gaexp" run "$cfg" --quiet --force --out "$out.check" --set "problem.seed=${first}L" \
  --set ga.stop.generations=0 --set output.plot=false $sets > /dev/null
rm -rf "$out.check" "$out" && mkdir -p "$out/runs"
started=$(date +%s.%N)

echo "baselines: deals $first..$((first + redeal - 1))"
"$gaexp" deal --seed "$first" --count "$redeal" > "$out/deals.txt"
"$gaexp" solve fortythieves "$out/deals.txt" --method all --node-limit 0 |
  awk 'NR > 1 { sub(/^seed-/, "", $1); print $1 "," $3 "," $4 "," $5 }' > "$out/.baselines"
rm -f "$out/deals.txt"
{ echo "deal,greedy,heuristic,optimal"; cat "$out/.baselines"; } > "$out/baselines.csv"
rm -f "$out/.baselines"
[ "$(($(wc -l < "$out/baselines.csv") - 1))" -eq "$redeal" ] ||
  { echo "fortythieves study: the baselines miss deals" >&2; exit 1; }

# GA plan: the first N deals, and every later deal whose optimum reaches C.
awk -F, -v n="$deals" -v c="$at_least" 'NR > 1 && (NR - 1 <= n || $4 >= c) { print $1, $4 }' \
  "$out/baselines.csv" > "$out/plan.txt"
echo "GA: $(wc -l < "$out/plan.txt") runs with $cfg (GA seed $seed) on $jobs cores"
export gaexp cfg out seed sets
xargs -P "$jobs" -L 1 sh -c '
  $gaexp run "$cfg" --quiet --force --out "$out/runs/$0" --seed "$seed" --set "problem.seed=${0}L" \
    --set output.plot=false $sets > /dev/null || echo "GA on deal $0 failed" >&2
' < "$out/plan.txt"

# summary.csv: replicate,seed,solved,best,generation_found,evaluations; best = optimum - cards.
echo "deal,optimal,ga,evaluations,seconds" > "$out/ga.csv"
while read -r deal optimal; do
  dir=$out/runs/$deal
  [ -f "$dir/summary.csv" ] || { echo "fortythieves study: no result for deal $deal" >&2; exit 1; }
  secs=$(tail -n 1 "$dir/times.csv" | cut -d, -f2)
  tail -n 1 "$dir/summary.csv" | awk -F, -v d="$deal" -v o="$optimal" -v t="$secs" \
    '{ printf "%s,%s,%d,%s,%s\n", d, o, o - $4, $6, t }'
done < "$out/plan.txt" >> "$out/ga.csv"
rm -rf "$out/runs" "$out/plan.txt"

# The N deals, one line each: deal greedy heuristic ga optimal.
awk -F, -v n="$deals" 'FNR == 1 { next } NR == FNR { if (FNR - 1 <= n) ga[$1] = $3; next }
  FNR - 1 <= n { print $1, $2, $3, ga[$1], $4 }' "$out/ga.csv" "$out/baselines.csv" > "$out/.deals"

elapsed=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
{
  awk -v n="$deals" -v first="$first" -v cfg="$cfg" -v seed="$seed" '
    BEGIN { split("greedy heuristic GA optimal", name, " ") }
    { for (m = 1; m <= 4; m++) { v = $(m + 1); sum[m] += v; gap = $5 - v
        if (gap > 0) { short[m]++; lost[m] += gap; if (gap > worst[m]) worst[m] = gap
                       if (gap == 1) one[m]++; else if (gap == 2) two[m]++; else more[m]++ } } }
    END {
      printf "Forty Thieves AutoStart, deals %d..%d: cards to the foundations per method\n", first, first + n - 1
      printf "(GA: %s, GA seed %d, one run per deal)\n\n", cfg, seed
      printf "%-10s %10s %14s %11s %8s %8s %8s %10s\n", "method", "mean cards", "below optimum", "mean short", "by 1", "by 2", "by 3+", "worst"
      for (m = 1; m <= 4; m++)
        printf "%-10s %10.3f %6d %6.2f%% %11.2f %8d %8d %8d %10d\n", name[m], sum[m] / n, short[m],
               100 * short[m] / n, short[m] ? lost[m] / short[m] : 0, one[m], two[m], more[m], worst[m]
    }' "$out/.deals"
  echo
  # Re-deal until at least C cards: p = share of deals reaching C, so the
  # deals per accepted trial are geometric with mean 1/p; its 95% interval
  # is 1/p over the Wilson interval of p.
  awk -F, -v m="$redeal" -v c="$at_least" 'FNR == 1 { next }
    NR == FNR { ga[$1] = $3; next }
    { moved[1] = $2; moved[2] = $3; moved[3] = ($1 in ga) ? ga[$1] : 0; moved[4] = $4
      if ($4 >= c) { candidates++; if (moved[3] < c) missed++; if (moved[3] == $4) equal++ }
      for (k = 1; k <= 4; k++)
        if (moved[k] >= c) { hit[k]++; acc[k] += moved[k]; if (moved[k] > best[k]) best[k] = moved[k] } }
    END {
      split("greedy heuristic GA optimal", name, " ")
      printf "Re-deal until at least %d cards reach the foundations (%d deals)\n", c, m
      printf "%-10s %10s %10s %26s %14s %6s\n", "method", "accepted", "share", "deals per trial (95% CI)", "mean accepted", "best"
      z = 1.959963985
      for (k = 1; k <= 4; k++) {
        h = hit[k] + 0; p = h / m
        centre = (p + z * z / (2 * m)) / (1 + z * z / m)
        half = z * sqrt(p * (1 - p) / m + z * z / (4 * m * m)) / (1 + z * z / m)
        lo = centre - half; hi = centre + half
        if (h) printf "%-10s %10d %9.4f%% %9.0f [%6.0f, %6.0f] %14.2f %6d\n", name[k], h, 100 * p, 1 / p, 1 / hi, 1 / lo, acc[k] / h, best[k]
        else printf "%-10s %10d %9.4f%% %9s [%6.0f, %6s] %14s %6s\n", name[k], 0, 0, "-", 1 / hi, "inf", "-", "-"
      }
      printf "The GA ran on all %d deals whose optimum reaches %d: it equals the optimum on %d (%.1f%%)\n", candidates, c, equal, candidates ? 100 * equal / candidates : 0
      printf "and falls below %d cards on %d.\n", c, missed
    }' "$out/ga.csv" "$out/baselines.csv"
  echo
  awk -F, 'NR > 1 { n++; e += $4; t += $5 } END { printf "GA: %d runs, mean %.0f evaluations, mean %.3f s per run\n", n, e / n, t / n }' "$out/ga.csv"
  echo "wall time of the whole study: $elapsed s"
} | tee "$out/table.txt"

# Histogram data: cards moved, then the share of the N deals per method.
awk -v n="$deals" '{ for (m = 1; m <= 4; m++) { count[m, $(m + 1)]++; if ($(m + 1) > top) top = $(m + 1) } }
  END { for (k = 0; k <= top; k++) printf "%d %g %g %g %g\n", k, 100 * count[1, k] / n, 100 * count[2, k] / n,
                                               100 * count[3, k] / n, 100 * count[4, k] / n }' \
  "$out/.deals" > "$out/histogram.dat"
rm -f "$out/.deals"
cat > "$out/histogram.gp" <<EOF
# histogram.gp — cards reaching the foundations per method, deals $first..$((first + deals - 1)).
# Redraw with: gnuplot histogram.gp
set terminal pngcairo size 1000,560 enhanced font 'Sans,11'
set output 'histogram.png'
set title "Forty Thieves AutoStart: cards to the foundations, $deals seeded deals"
set xlabel 'cards moved to the foundations'
set ylabel 'deals (%, log scale)'
set logscale y
set yrange [0.05:100]
set grid ytics
set key top right
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 noborder
set xtics nomirror
plot 'histogram.dat' using 2:xtic(1) title 'greedy' lc rgb '#7f7f7f', \\
     '' using 3 title 'heuristic (published)' lc rgb '#1f77b4', \\
     '' using 4 title 'GA' lc rgb '#d62728', \\
     '' using 5 title 'optimum' lc rgb '#2ca02c'
EOF
study_draw "$out" histogram
