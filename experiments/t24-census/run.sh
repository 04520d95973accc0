#!/bin/sh
# experiments/t24-census/run.sh — GP against the exhaustive truth on every hand of a census.
#
# Usage: sh experiments/t24-census/run.sh [--seeds N] [--values "LOW..HIGH ..."]
#                                         [--ops "LIST ..."] [--cfg FILE] [--out DIR]
#                                         [--jobs J] [--force] [--set PATH=VALUE]...
# For every census (each range of --values, default "1..10 1..13", with each
# operator set of --ops, default "+,-,*,/ +,-,*,/,pow,root,log
# +,-,*,/,pow,root,log,mod"): solves every hand exactly (gaexp solve t24
# --census), then runs GP (the cfg, default configs/t24.cfg) on every hand,
# solvable or not, as N replicates (default 10; seeds derived from seed 1),
# and writes into DIR (default results/t24-census):
#   VALUES_OPS/truth.csv  the census: solvable, one solution, fractions_only
#   runs.csv      every GP run: values, ops (+,-,*,/ written arith, commas as -),
#                 hand, seed, solvable, fractions_only,
#                 solved, evaluations
#   hands.csv     every hand: runs, runs solved, mean and largest evaluations to
#                 a solution
#   table.txt     per census: solvable hands solved / missed, the worst hand,
#                 evaluations, false solutions on the unsolvable hands
#   evaluations.png  mean evaluations to a solution per hand, hands ranked, the
#                 hands that only fractions solve marked; success.png: share
#                 of runs solved against the evaluation budget
# With the default DIR, table.txt, hands.csv and the figures are copied into
# experiments/t24-census/.  About an hour on 2 shared cores under a load of
# about 15 with the defaults (3,741 s measured).
# An existing DIR is kept unless --force.  $GAEXP names the gaexp to use
# (default: build this tree, installing what is missing).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)

seeds=10 values="1..10 1..13" ops="+,-,*,/ +,-,*,/,pow,root,log +,-,*,/,pow,root,log,mod"
cfg=configs/t24.cfg out=results/t24-census default_out=1
jobs=$(nproc 2>/dev/null || echo 1) sets= force=
while [ $# -gt 0 ]; do
  case $1 in
    --seeds|--values|--ops|--cfg|--out|--jobs|--set)
      [ $# -ge 2 ] || { echo "t24-census: $1 needs a value (see --help)" >&2; exit 2; } ;;
  esac
  case $1 in
    --seeds) seeds=$2; shift 2 ;;
    --values) values=$2; shift 2 ;;
    --ops) ops=$2; shift 2 ;;
    --cfg) cfg=$2; shift 2 ;;
    --out) out=$2; default_out=; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --set) sets="$sets --set $2"; shift 2 ;;
    --force) force=1; shift ;;
    -h|--help) sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "t24-census: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case $seeds in ''|*[!0-9]*) echo "t24-census: --seeds expects a positive integer, got '$seeds'" >&2; exit 2 ;; esac
[ "$seeds" -ge 1 ] || { echo "t24-census: --seeds expects a positive integer" >&2; exit 2; }

cd "$top"
. experiments/lib.sh
study_gaexp
study_fresh "t24-census" "$out" "$force"
rm -rf "$out" && mkdir -p "$out"
started=$(date +%s.%N)
echo "values,ops,hand,seed,solvable,fractions_only,solved,evaluations" > "$out/runs.csv"
echo "values,ops,hand,solvable,fractions_only,runs,solved,mean_evaluations,max_evaluations" > "$out/hands.csv"
: > "$out/table.txt"
: > "$out/success.dat"
: > "$out/evaluations.dat"

census=0
for v in $values; do
  for o in $ops; do
    census=$((census + 1))
    opsname=$(echo "$o" | sed 's|^+,-,\*,/|arith|; s/,/-/g') # no commas: a CSV field
    dir=$out/${v}_$opsname
    mkdir -p "$dir/runs"
    "$gaexp" solve t24 --census --values "$v" --ops "$o" --csv "$dir/truth.csv" > "$dir/census.txt"
    echo "census $v, $o: $(sed -n 2p "$dir/census.txt"); GP on every hand, $seeds replicates each"
    # One line per hand: "cards solvable fractions_only" with cards as 1,2,3,4.
    tail -n +2 "$dir/truth.csv" | awk -F, '{ h = $1; gsub(/"/, "", h); gsub(/ /, ",", h); print h, $2, $NF }' \
      > "$dir/plan.txt"
    export gaexp cfg dir o sets seeds
    cut -d' ' -f1 "$dir/plan.txt" | xargs -P "$jobs" -L 1 sh -c '
      $gaexp run "$cfg" --quiet --force --out "$dir/runs/$0" --seed 1 --replicates "$seeds" \
        --set "problem.cards=[$0]" --set "problem.ops=\"$o\"" --set output.plot=false $sets \
        || echo "run $0 failed" >&2'
    while read -r cards solvable fractions; do
      tail -n +2 "$dir/runs/$cards/summary.csv" | awk -F, -v v="$v" -v o="$opsname" -v h="$cards" -v ok="$solvable" \
        -v fr="$fractions" '{ gsub(/,/, " ", h); printf "%s,%s,\"%s\",%s,%s,%s,%s,%s\n", v, o, h, $2, ok, fr, $3, $6 }'
    done < "$dir/plan.txt" > "$dir/runs.csv"
    rm -rf "$dir/runs" "$dir/plan.txt"
    cat "$dir/runs.csv" >> "$out/runs.csv"

    # Per hand (fields of runs.csv: 3 hand, 5 solvable, 6 fractions_only, 7 solved, 8 evaluations).
    awk -F, -v v="$v" -v o="$opsname" '
      { h = $3; if (!(h in runs)) order[++n] = h; runs[h]++; ok[h] = $5; fr[h] = $6
        if ($7) { solved[h]++; ev[h] += $8; if ($8 > mx[h]) mx[h] = $8 } }
      END { for (i = 1; i <= n; i++) { h = order[i]
              printf "%s,%s,%s,%s,%s,%d,%d,%.1f,%d\n", v, o, h, ok[h], fr[h], runs[h], solved[h],
                     solved[h] ? ev[h] / solved[h] : 0, mx[h] } }' "$dir/runs.csv" > "$dir/hands.csv"
    cat "$dir/hands.csv" >> "$out/hands.csv"

    # Figures' data: evaluations per hand ranked (column 3: 1 = fractions only), and success against budget.
    awk -F, '$4 && $7 { print $8, $5 }' "$dir/hands.csv" | sort -g | awk -v c="$census" '{ print c, NR, $1, $2 }' \
      >> "$out/evaluations.dat"
    printf '\n\n' >> "$out/evaluations.dat"
    awk -F, '$5 { n++; if ($7) print $8 } END { print n > "/dev/stderr" }' "$dir/runs.csv" 2> "$dir/.n" |
      sort -n | awk -v n="$(cat "$dir/.n")" '{ k++; print $1, 100 * k / n }' >> "$out/success.dat"
    rm -f "$dir/.n"
    printf '\n\n' >> "$out/success.dat"

    awk -F, -v seeds="$seeds" -v cfg="$cfg" -v values="$v" -v ops="$o" '
      { h = $3; runs[h] = $6; solved[h] = $7
        if ($4) { sh++; sr += $6; ss += $7; ev += $8 * $7; if ($7 == $6) all++; if ($7) any++
                  if (!worst || $7 / $6 < wr) { wr = $7 / $6; worst = h }
                  if ($5) { fh++; fr += $6; fs += $7 } }
        else { uh++; false_solved += $7 } }
      END {
        printf "24 game census, values %s, operators %s: GP (%s, %d replicates per hand) against the exhaustive truth\n", values, ops, cfg, seeds
        printf "solvable hands                      %d (of %d)\n", sh, sh + uh
        printf "GP runs on solvable hands           %d\n", sr
        printf "  solved                            %d (%.2f%%)\n", ss, sr ? 100 * ss / sr : 0
        printf "  missed                            %d\n", sr - ss
        printf "solvable hands solved by every run  %d (%.2f%%)\n", all, sh ? 100 * all / sh : 0
        printf "solvable hands solved by some run   %d (%.2f%%)\n", any, sh ? 100 * any / sh : 0
        printf "the worst hand                      %s: %.0f%% of its runs\n", worst, 100 * wr
        printf "hands only fractions solve          %d: %d of %d runs solved\n", fh, fs, fr
        printf "evaluations to a solution           mean %.0f\n", ss ? ev / ss : 0
        printf "false solutions (unsolvable hands)  %d\n", false_solved
        printf "\n"
      }' "$dir/hands.csv" >> "$out/table.txt"
  done
done
elapsed=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
echo "wall time of the whole study ($jobs cores)  $elapsed s" >> "$out/table.txt"
cat "$out/table.txt"

titles=$(for v in $values; do for o in $ops; do printf '"%s  %s" ' "$v" "$o"; done; done)
cat > "$out/evaluations.gp" <<EOF
# evaluations.gp — mean evaluations to a solution per solvable hand, one panel per census.
set terminal pngcairo size 1200,$((300 * $(echo $values | wc -w) + 60))
set output "evaluations.png"
titles = '$titles'
set multiplot layout $(echo $values | wc -w),$(echo $ops | wc -w) title "24 game: GP ($cfg, $seeds replicates a hand), mean evaluations to a solution per solvable hand"
set logscale y
set yrange [300:*]
set grid
set xlabel "hands, ranked"
set ylabel "evaluations"
set key bottom right
do for [c = 1:$census] {
  set title word(titles, c)
  plot "evaluations.dat" index (c - 1) using 2:(\$4 == 0 ? \$3 : 1/0) with points pt 7 ps 0.4 lc rgb "#4477aa" title "hands", \\
       "" index (c - 1) using 2:(\$4 == 1 ? \$3 : 1/0) with points pt 9 ps 1.5 lc rgb "#cc3311" title "only fractions solve"
}
unset multiplot
EOF
cat > "$out/success.gp" <<EOF
# success.gp — share of GP runs on solvable hands solved within a budget of evaluations, per census.
set terminal pngcairo size 900,550
set output "success.png"
titles = '$titles'
set title "24 game: GP ($cfg) against the exhaustive truth"
set xlabel "evaluations (budget)"
set ylabel "runs on solvable hands solved (%)"
set logscale x
set yrange [0:100]
set grid
set key bottom right
plot for [c = 1:$census] "success.dat" index (c - 1) using 1:2 with steps lw 2 dt c title word(titles, c)  # dashes tell apart curves that coincide
EOF
study_draw "$out" evaluations success
[ -z "$default_out" ] || study_keep "$out" "$here" table.txt hands.csv evaluations.png success.png
