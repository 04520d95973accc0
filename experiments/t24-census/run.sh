#!/bin/sh
# experiments/t24-census/run.sh — GP against the exhaustive truth on every hand of a census.
#
# Usage: sh experiments/t24-census/run.sh [--seeds N] [--values LOW..HIGH] [--ops LIST]
#                                         [--cfg FILE] [--out DIR] [--jobs J] [--force]
#                                         [--set PATH=VALUE]...
# Solves every hand exactly (gaexp solve t24 --census), then runs GP (the cfg,
# default configs/t24.cfg) on every hand with seeds 1..N (default 5), and writes
# into DIR (default results/t24-census):
#   truth.csv     every hand: solvable or not, one exact solution
#   runs.csv      every GP run: hand, seed, solvable, solved, evaluations, seconds, expression
#   table.txt     the comparison: solvable hands solved / missed, evaluations, time
#   success.gp    gnuplot script, and success.png: share of runs solved against
#                 the evaluation budget
# An existing DIR is kept unless --force.  $GAEXP names the gaexp to use
# (default: build this tree, installing what is missing).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

seeds=5 values=1..10 ops=+,-,*,/ cfg=configs/t24.cfg out=results/t24-census
jobs=$(nproc 2>/dev/null || echo 1) sets= force=
while [ $# -gt 0 ]; do
  case $1 in
    --seeds) seeds=$2; shift 2 ;;
    --values) values=$2; shift 2 ;;
    --ops) ops=$2; shift 2 ;;
    --cfg) cfg=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --set) sets="$sets --set $2"; shift 2 ;;
    --force) force=1; shift ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "t24-census: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case $seeds in ''|*[!0-9]*) echo "t24-census: --seeds expects a positive integer, got '$seeds'" >&2; exit 2 ;; esac
[ "$seeds" -ge 1 ] || { echo "t24-census: --seeds expects a positive integer" >&2; exit 2; }

cd "$top"
. experiments/lib.sh
study_gaexp
study_fresh "t24-census" "$out" "$force"
rm -rf "$out" && mkdir -p "$out/runs"
started=$(date +%s.%N)

"$gaexp" solve t24 --census --values "$values" --ops "$ops" --csv "$out/truth.csv" > "$out/census.txt"
sed -n 2p "$out/census.txt"

# One line per run: "cards seed solvable" with cards as 1,2,3,4.
tail -n +2 "$out/truth.csv" | awk -F, -v n="$seeds" '{
  gsub(/"/, "", $1); gsub(/ /, ",", $1)
  for (s = 1; s <= n; s++) print $1, s, $2 }' > "$out/plan.txt"
total=$(wc -l < "$out/plan.txt")
echo "GP: $total runs ($seeds seeds per hand) with $cfg on $jobs cores"

# Each run writes runs/<cards>-<seed>/; its row is read back below.
export gaexp cfg out ops sets
xargs -P "$jobs" -L 1 sh -c '
  dir=$out/runs/$0-$1
  $gaexp run "$cfg" --quiet --force --out "$dir" --seed "$1" --set "problem.cards=[$0]" \
    --set "problem.ops=\"$ops\"" --set output.plot=false $sets || echo "run $0 seed $1 failed" >&2
' < "$out/plan.txt"

echo "hand,seed,solvable,solved,evaluations,seconds,expression" > "$out/runs.csv"
while read -r cards seed solvable; do
  dir=$out/runs/$cards-$seed
  row=$(tail -n 1 "$dir/summary.csv")
  secs=$(tail -n 1 "$dir/times.csv" | cut -d, -f2)
  expr=$(sed -n 2p "$dir/best.txt" | sed 's/ = .*//')
  echo "$row" | awk -F, -v h="$cards" -v s="$seed" -v ok="$solvable" -v t="$secs" -v e="$expr" \
    '{ gsub(/,/, " ", h); printf "\"%s\",%s,%s,%s,%s,%s,\"%s\"\n", h, s, ok, $3, $6, t, e }'
done < "$out/plan.txt" >> "$out/runs.csv"
rm -rf "$out/runs" "$out/plan.txt"

# Success against budget: runs on solvable hands solved within B evaluations.
awk -F, 'NR > 1 && $3 { n++; if ($4) print $5 } END { print n > "/dev/stderr" }' "$out/runs.csv" \
  2> "$out/.runs" | sort -n | awk -v n="$(cat "$out/.runs")" '{ k++; print $1, 100 * k / n }' > "$out/success.dat"
rm -f "$out/.runs"
elapsed=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
median=$(awk '{ e[NR] = $1 } END { if (NR) print (NR % 2 ? e[(NR + 1) / 2] : (e[NR / 2] + e[NR / 2 + 1]) / 2); else print 0 }' "$out/success.dat")
awk -F, -v seeds="$seeds" -v elapsed="$elapsed" -v median="$median" -v cfg="$cfg" -v values="$values" -v ops="$ops" '
  NR == 1 { next }
  { hand = $1; runs[hand]++; if ($3) solvable[hand] = 1
    if ($3) { sr++; if ($4) { ss++; ev += $5; t += $6; hit[hand]++ } }
    else if ($4) false_solved++ }
  END {
    for (h in runs) { if (h in solvable) { sh++; if (hit[h]) any++; if (hit[h] == runs[h]) all++ } else uh++ }
    printf "24 game census, values %s, operators %s: GP (%s, %d seeds per hand) against the exhaustive truth\n", values, ops, cfg, seeds
    printf "solvable hands                     %d (of %d)\n", sh, sh + uh
    printf "GP runs on solvable hands          %d\n", sr
    printf "  solved                           %d (%.2f%%)\n", ss, sr ? 100 * ss / sr : 0
    printf "  missed                           %d\n", sr - ss
    printf "solvable hands solved by every seed %d (%.2f%%)\n", all, sh ? 100 * all / sh : 0
    printf "solvable hands solved by some seed  %d (%.2f%%)\n", any, sh ? 100 * any / sh : 0
    printf "evaluations to a solution          mean %.0f, median %.0f\n", ss ? ev / ss : 0, median
    printf "run time to a solution             mean %.2f ms\n", ss ? 1000 * t / ss : 0
    printf "false solutions (unsolvable hands) %d\n", false_solved
    printf "wall time of the whole study       %s s\n", elapsed
  }' "$out/runs.csv" | tee "$out/table.txt"

cat > "$out/success.gp" <<EOF
# success.gp — share of GP runs on solvable hands solved within a budget of evaluations.
set terminal pngcairo size 800,500
set output "success.png"
set title "24 game, values $values, operators $ops: GP against the exhaustive truth"
set xlabel "evaluations (budget)"
set ylabel "solvable hands solved (% of runs)"
set logscale x
set yrange [0:100]
set grid
set key bottom right
plot "success.dat" using 1:2 with steps lw 2 title "GP ($cfg)"
EOF
if command -v "${GNUPLOT:-gnuplot}" > /dev/null; then
  (cd "$out" && "${GNUPLOT:-gnuplot}" success.gp) && echo "plot: $out/success.png"
else
  echo "gnuplot not found: $out/success.gp written, no plot drawn"
fi
