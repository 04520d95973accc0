#!/bin/sh
# experiments/fortythieves-hard/run.sh — the blind GA on the hard Forty Thieves deals (optimum >= 20 cards).
#
# Usage: sh experiments/fortythieves-hard/run.sh [--deals M] [--at-least C] [--cfg FILE]
#            [--seed S] [--out DIR] [--jobs J] [--set PATH=VALUE]... [--force]
# Solves deals 1..M (default 1000000) exactly and keeps those whose optimum
# moves at least C cards (default 20).  On each, runs the GA of the cfg
# (default configs/fortythieves.cfg, GA seed S, default 1) blind:
# reference = "cards", so it never learns the optimum and runs its whole
# budget.  Writes into DIR (default results/fortythieves-hard):
#   hard.csv     deal,optimal,solver_nodes
#   ga.csv       deal,optimal,ga,evaluations_to_optimum,evaluations (the
#                first generation's evaluations count at which the best play
#                reached the optimum, empty when it never did)
#   table.txt    deals at the optimum, short by how much, evaluations and the
#                decoder's moves (at most evaluations x the moves one
#                evaluation may play: the search decoder's 'nodes') against
#                the exact solver's nodes (a node is one move too)
#   effort.gp, effort.png  per deal: the GA's decoder moves to the optimum
#                against the solver's nodes (missed deals at the budget)
# With the default DIR, table.txt and effort.png are copied into
# experiments/fortythieves-hard/.  35 minutes on 2 cores under a load of 10 with the
# defaults.  An existing DIR is kept unless --force.  $GAEXP names the gaexp
# to use (default: build this tree, installing what is missing).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

deals=1000000 at_least=20 cfg=configs/fortythieves.cfg seed=1 out=results/fortythieves-hard default_out=1
jobs=$(nproc 2>/dev/null || echo 1) sets= force=
absolute() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
while [ $# -gt 0 ]; do
  case $1 in
    --deals|--at-least|--cfg|--seed|--out|--jobs|--set)
      [ $# -ge 2 ] || { echo "fortythieves-hard: $1 needs a value (see --help)" >&2; exit 2; } ;;
  esac
  case $1 in
    --deals) deals=$2; shift 2 ;;
    --at-least) at_least=$2; shift 2 ;;
    --cfg) cfg=$(absolute "$2"); shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --out) out=$(absolute "$2"); default_out=; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --set) sets="$sets --set $2"; shift 2 ;;
    --force) force=1; shift ;;
    -h|--help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "fortythieves-hard: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
for v in "$deals" "$at_least" "$seed" "$jobs"; do
  case $v in ''|*[!0-9]*) echo "fortythieves-hard: expected a non-negative integer, got '$v'" >&2; exit 2 ;; esac
done

cd "$top"
. experiments/lib.sh
study_gaexp
study_fresh "fortythieves-hard" "$out" "$force"
"$gaexp" run "$cfg" --quiet --force --out "$out.check" --set ga.stop.generations=0 --set output.plot=false \
  $sets > /dev/null
# The decoder's moves per evaluation, at most: the search decoder's budget,
# else one move per gene plus the 40 cards' safe moves.
per_eval=$(awk '/^ *decoder = "search";/ { search = 1 } /^ *nodes = / { gsub(/[^0-9]/, ""); nodes = $0 }
  /^ *moves = / { gsub(/[^0-9]/, ""); moves = $0 } END { print search ? nodes : moves + 40 }' "$out.check/config.cfg")
rm -rf "$out.check" "$out" && mkdir -p "$out/runs"
started=$(date +%s.%N)

# The hard deals, 100,000 at a time.
echo "deal,optimal,solver_nodes" > "$out/hard.csv"
first=1
while [ "$first" -le "$deals" ]; do
  count=$((deals - first + 1)); [ "$count" -le 100000 ] || count=100000
  "$gaexp" deal --seed "$first" --count "$count" > "$out/deals.txt"
  "$gaexp" solve fortythieves "$out/deals.txt" --method optimal --node-limit 0 |
    awk -v c="$at_least" 'NR > 1 && $3 >= c { sub(/^seed-/, "", $1); print $1, $3 }' |
    while read -r deal optimal; do
      "$gaexp" deal --seed "$deal" > "$out/one.txt"
      nodes=$("$gaexp" solve fortythieves "$out/one.txt" --method optimal --node-limit 0 --summary |
              sed -n 's/.*median \([0-9]*\) nodes.*/\1/p')
      echo "$deal,$optimal,$nodes"
    done >> "$out/hard.csv"
  first=$((first + count))
done
rm -f "$out/deals.txt" "$out/one.txt"
echo "hard deals (optimum >= $at_least) among 1..$deals: $(($(wc -l < "$out/hard.csv") - 1))"

# The blind GA on each.
export gaexp cfg out seed sets
tail -n +2 "$out/hard.csv" | cut -d, -f1 | xargs -P "$jobs" -L 1 sh -c '
  $gaexp run "$cfg" --quiet --force --out "$out/runs/$0" --seed "$seed" --set "problem.seed=${0}L" \
    --set "problem.reference=\"cards\"" --set output.plot=false $sets > /dev/null || echo "GA on deal $0 failed" >&2'

# generations.csv: replicate,generation,evaluations,best,...; best = 40 - cards (+ a fraction with shaping).
echo "deal,optimal,ga,evaluations_to_optimum,evaluations" > "$out/ga.csv"
tail -n +2 "$out/hard.csv" | while IFS=, read -r deal optimal nodes; do
  awk -F, -v d="$deal" -v o="$optimal" 'NR == 1 { next }
    { cards = 40 - int($4); if (cards > best) best = cards; if (cards >= o && !at) at = $3; last = $3 }
    END { printf "%s,%s,%d,%s,%s\n", d, o, best, at, last }' "$out/runs/$deal/generations.csv"
done >> "$out/ga.csv"
rm -rf "$out/runs"
elapsed=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')

# Table: join ga.csv and hard.csv by line (same order).
paste -d, "$out/ga.csv" "$out/hard.csv" | awk -F, -v cfg="$cfg" -v seed="$seed" -v c="$at_least" -v m="$deals" \
  -v t="$elapsed" -v sets="$sets" -v per="$per_eval" 'NR == 1 { next }
  { n++; short = $2 - $3; nodes[n] = $8; nodesum += $8; if ($8 > nodemax) nodemax = $8; budget = $5
    if (short == 0) { hit++; ev[hit] = $4; evsum += $4; work[hit] = $4 * per }
    else { miss = miss sprintf(" %s (%d of %d)", $1, $3, $2); lost += short; if (short == 1) one++ } }
  function median(a, k,   i, j, x) { for (i = 2; i <= k; i++) { x = a[i]; for (j = i - 1; j > 0 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
                                     return k ? (k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2) : 0 }
  END {
    printf "Forty Thieves AutoStart, deals 1..%d whose optimum is %d cards or more: the GA blind (reference = \"cards\")\n", m, c
    printf "GA: %s%s, GA seed %d, one run per deal\n\n", cfg, sets, seed
    printf "hard deals                         %d\n", n
    printf "GA at the optimum                  %d (%.1f%%)\n", hit, n ? 100 * hit / n : 0
    printf "GA short of it                     %d (by 1 card: %d; %d cards in all)\n", n - hit, one, lost
    printf "  missed:%s\n", miss
    printf "GA evaluations to the optimum      mean %.0f, median %.0f (over the deals it reached)\n", hit ? evsum / hit : 0, median(ev, hit)
    printf "GA moves to the optimum, at most   mean %.0f, median %.0f (evaluations x %d moves per evaluation)\n", hit ? evsum * per / hit : 0, median(work, hit), per
    printf "GA moves of a whole blind run      at most %.0f (%d evaluations x %d)\n", budget * per, budget, per
    printf "exact solver nodes                 mean %.0f, median %.0f, max %d (a node: one move)\n", n ? nodesum / n : 0, median(nodes, n), nodemax
    printf "wall time of the study             %s s\n", t }' > "$out/table.txt"

paste -d, "$out/ga.csv" "$out/hard.csv" | awk -F, -v per="$per_eval" 'NR > 1 { print $8, ($4 == "" ? $5 : $4) * per, ($2 == $3) }' > "$out/effort.dat"
cat > "$out/effort.gp" <<EOF
# effort.gp — per hard deal: the blind GA's decoder moves to the optimum against the exact solver's nodes.
set terminal pngcairo size 800,550
set output "effort.png"
set title "Forty Thieves, optimum >= $at_least: blind GA ($per_eval moves an evaluation) vs exact solver"
set xlabel "exact solver: search nodes"
set ylabel "GA: decoder moves to the optimum (at most)"
set logscale xy
set grid
set key bottom right
plot "effort.dat" using 1:(\$3 == 1 ? \$2 : 1/0) with points pt 7 lc rgb "#4477aa" title "reached the optimum", \\
     "" using 1:(\$3 == 0 ? \$2 : 1/0) with points pt 2 ps 1.5 lc rgb "#cc3311" title "missed (plotted at the whole budget)", \\
     x with lines dt 2 lc rgb "#777777" title "as many moves as the solver's nodes"
EOF
study_draw "$out" effort
cat "$out/table.txt"
[ -z "$default_out" ] || study_keep "$out" "$here" table.txt ga.csv effort.png
