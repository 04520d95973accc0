#!/bin/sh
# tests/mo_output.sh — what a run with several objectives writes for the researcher:
# front.png over the true front, hypervolume.png, drawn through the commit journal.
. "${srcdir:-.}/tests/lib.sh"
test_folder mo_output
command -v gnuplot >/dev/null 2>&1 || skip_rest mo_output "gnuplot is not installed"
png() { [ "$(head -c 4 "$1" | tail -c 3)" = PNG ]; }

cat > "$out/zdt1.cfg" <<'CFG'
problem = { name = "mo"; function = "zdt1"; };
ga = { seed = 3; population = 40; replicates = 3; stop = { generations = 40; }; };
output = { plot = true; };
CFG
"$GAEXP" run "$out/zdt1.cfg" --out "$out/zdt1" --quiet
check "a run with objectives: exit 0" [ $? -eq 0 ]
z=$out/zdt1
check "front.png and hypervolume.png are drawn" sh -c 'for f in front hypervolume; do [ "$(head -c 4 "$0/$f.png" | tail -c 3)" = PNG ] || exit 1; done' "$z"
check "no fitness figure: fitness is NSGA-II's ranking key there" sh -c '[ ! -e "$0/fitness.gp" ] && [ ! -e "$0/fitness.png" ]' "$z"
# The true front, sampled: ZDT1's f2 = 1 - sqrt(f1) on every row.
check "true-front.csv names the objectives" [ "$(head -n 1 "$z/true-front.csv")" = f1,f2 ]
check "true-front.csv holds ZDT1's front" awk -F, 'NR > 1 { n++; d = $2 - (1 - sqrt($1)); if (d > 1e-9 || d < -1e-9) exit 1 } END { exit n < 100 }' "$z/true-front.csv"
check "front.gp draws the true front beneath the replicates" grep -q "^plot 'true-front.csv' skip 1 using 1:2 " "$z/front.gp"
check "front.gp draws every replicate's front" grep -q "for \[r = 1:3\] 'front.csv'" "$z/front.gp"
# The hypervolume figure takes generations.csv's hv_share column, whichever number it has.
col=$(head -n 1 "$z/generations.csv" | tr , '\n' | grep -n '^hv_share$' | cut -d: -f1)
check "hypervolume.gp draws hv_share (column $col) over evaluations" grep -q "using 3:(\$1 == r ? \$$col : NaN)" "$z/hypervolume.gp"
check "its title says higher is better" grep -q "higher is better" "$z/hypervolume.gp"

# 'gaexp plot DIR' redraws both; SVG as output.format says.
rm -f "$z/front.png" "$z/hypervolume.png"
"$GAEXP" plot "$z" >/dev/null
check "gaexp plot redraws front.png and hypervolume.png" png "$z/front.png"
check "gaexp plot redraws hypervolume.png" png "$z/hypervolume.png"
"$GAEXP" run "$out/zdt1.cfg" --out "$out/svg" --quiet --set output.format=svg
check "output.format = svg: front.svg and hypervolume.svg" sh -c 'grep -q "</svg>" "$0/front.svg" && grep -q "</svg>" "$0/hypervolume.svg"' "$out/svg"

# Three objectives: splot of the fronts over the true surface.
cat > "$out/dtlz2.cfg" <<'CFG'
problem = { name = "mo"; function = "dtlz2"; objectives = 3; };
ga = { seed = 3; population = 40; replicates = 2; stop = { generations = 20; }; };
output = { plot = true; };
CFG
"$GAEXP" run "$out/dtlz2.cfg" --out "$out/dtlz2" --quiet
check "3 objectives: splot with the true front" grep -q "^splot 'true-front.csv' skip 1 using 1:2:3 " "$out/dtlz2/front.gp"
check "3 objectives: the third axis named" grep -q "^set zlabel 'f3'" "$out/dtlz2/front.gp"
check "3 objectives: front.png drawn" png "$out/dtlz2/front.png"

# One objective with constraints (front.csv of one objective): its fitness is
# the objective, so the fitness figure and the best individual, as without them.
printf '%s\n' 'problem = { name = "constrained"; function = "g06"; };' \
  'ga = { seed = 1; population = 30; replicates = 2; stop = { generations = 20; }; };' 'output = { plot = true; };' > "$out/g06.cfg"
"$GAEXP" run "$out/g06.cfg" --out "$out/g06" --quiet
check "one objective with constraints: fitness.png, no front figure" sh -c '[ -s "$0/fitness.png" ] && [ ! -e "$0/front.gp" ]' "$out/g06"
check "one objective with constraints: best.txt of the best individual" grep -q '^# fitness .* replicate [12] of 2' "$out/g06/best.txt"

# A figure that cannot be drawn keeps the commit journal, and 'gaexp resume'
# draws both figures it names.
GNUPLOT=/bin/false "$GAEXP" run "$out/zdt1.cfg" --out "$out/journal" --quiet 2>"$out/journal.err"
check "gnuplot failing: the journal is kept" sh -c '[ -e "$0/commit" ] && [ $(grep -c "^draw " "$0/commit") -eq 2 ]' "$out/journal"
"$GAEXP" resume "$out/journal" --quiet
check "resume draws front.png and hypervolume.png" sh -c '[ ! -e "$0/commit" ] && [ -s "$0/front.png" ] && [ -s "$0/hypervolume.png" ]' "$out/journal"
check "the same results as the run drawn at once" sh -c 'for f in front.csv generations.csv summary.csv best.txt true-front.csv front.gp hypervolume.gp; do cmp -s "$0/$f" "$1/$f" || exit 1; done' "$out/journal" "$z"

# best.txt: the final front of the replicate with the largest final
# hypervolume, exactly front.csv's points of that replicate, each with its genome.
chosen=$(sed -n '1s/^# the final front of replicate \([0-9]*\) of 3 .*/\1/p' "$z/best.txt")
largest=$(awk -F, -v c="$col" 'NR > 1 { hv[$1] = $c } END { for (r in hv) if (best == "" || hv[r] > hv[best] || (hv[r] == hv[best] && r + 0 < best + 0)) best = r; print best }' "$z/generations.csv")
check "best.txt takes the replicate of the largest final hypervolume ($chosen, $largest)" [ -n "$chosen" -a "$chosen" = "$largest" ]
grep '^# [-0-9]' "$z/best.txt" | sed 's/^# //' > "$out/best.points"
awk -F, -v r="$chosen" '$1 == r { print $2 "," $3 }' "$z/front.csv" > "$out/front.points"
check "best.txt lists exactly front.csv's points of that replicate" sh -c '[ -s "$0" ] && cmp -s "$0" "$1"' "$out/best.points" "$out/front.points"
check "each point with its genome in the problem's notation" [ "$(grep -c '^zdt1 x = ' "$z/best.txt")" -eq "$(wc -l < "$out/front.points")" ]
# A genome printed is the point's: its objectives, printed by the problem after it, are the point's.
check "each genome's objectives are its point's" sh -c 'grep "^  f = " "$0" | sed "s/^  f = //; s/ /,/" | cmp -s - "$1"' "$z/best.txt" "$out/front.points"
# Byte-identical at 1, 2, 4 threads, and with the replicates side by side (their records carry the genomes).
for how in "--jobs 2" "--jobs 4" "--parallel runs --jobs 3"; do
  "$GAEXP" run "$out/zdt1.cfg" --out "$out/other" --force --quiet $how --set output.plot=false
  check "$how: best.txt, front.csv and summary.csv byte-identical" sh -c 'for f in best.txt front.csv summary.csv generations.csv; do cmp -s "$0/$f" "$1/$f" || exit 1; done' "$z" "$out/other"
done

# summary.csv: each replicate's final hv, hv_share, igd, igd_plus at the end,
# the last generation's of generations.csv.
check "summary.csv's header ends with the indicators" sh -c 'head -n 1 "$0" | grep -q ",evaluations_to_target,hv,hv_share,igd,igd_plus$"' "$z/summary.csv"
awk -F, -v c="$col" 'NR > 1 { last[$1] = $(c - 1) "," $c "," $(c + 1) "," $(c + 2) } END { for (r = 1; r <= 3; r++) print last[r] }' "$z/generations.csv" > "$out/last.ind"
awk -F, 'NR > 1 { print $10 "," $11 "," $12 "," $13 }' "$z/summary.csv" > "$out/summary.ind"
check "summary.csv's indicators are the replicates' last generation's" sh -c '[ -s "$0" ] && cmp -s "$0" "$1"' "$out/last.ind" "$out/summary.ind"
check "gaexp report of the run names the final hypervolume" sh -c '"$0" report "$1" | grep -q "^final hypervolume: mean"' "$GAEXP" "$z"

# A sweep of the crossover rate on ZDT1: no crossover at all is far worse on
# the final hypervolume, and the report ranks the point with crossover first on it.
cat > "$out/rates.cfg" <<'CFG'
problem = { name = "mo"; function = "zdt1"; };
ga = { seed = 3; population = 40; replicates = 6; stop = { generations = 60; }; };
output = { plot = true; };
sweep = ( { set = "ga.crossover.rate"; values = [0.0, 0.9]; } );
CFG
"$GAEXP" sweep "$out/rates.cfg" --out "$out/rates" --quiet
check "the sweep: exit 0" [ $? -eq 0 ]
check "sweep.csv compares the final hypervolume" awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "compared") c = i } NR > 1 && $c != "final_hv" { bad = 1 } END { exit bad || !c }' "$out/rates/sweep.csv"
check "sweep.csv has hv_mean ... igd_ci95 at the end" sh -c 'head -n 1 "$0" | grep -q ",rank,hv_mean,hv_ci95,igd_mean,igd_ci95$"' "$out/rates/sweep.csv"
"$GAEXP" report "$out/rates" > "$out/rates.txt"
check "the report ranks crossover 0.9 first on the final hypervolume" grep -q '^1 *p002 *0.9 ' "$out/rates.txt"
check "significantly better: p < 0.05 against the first" awk '$2 == "p001" { exit !($(NF - 1) < 0.05) }' "$out/rates.txt"
check "the report says the hypervolume ranks" grep -q "Ranked by the mean final hypervolume" "$out/rates.txt"
check "boxes.gp draws the final hypervolume" grep -q "Final hypervolume (higher is better)" "$out/rates/boxes.gp"
check "boxes.png drawn" png "$out/rates/boxes.png"
# gaexp compare: the same sweep on ZDT2, each folder ranking by final hypervolume.
sed 's/zdt1/zdt2/; s/plot = true/plot = false/' "$out/rates.cfg" > "$out/rates2.cfg"
"$GAEXP" sweep "$out/rates2.cfg" --out "$out/rates2" --quiet
"$GAEXP" compare "$out/rates" "$out/rates2" --out "$out/compare" > "$out/compare.txt"
check "compare: each block's measure is the final hypervolume" sh -c '[ "$(grep -c ",hv_mean,final_hv," "$0")" -eq 2 ]' "$out/compare/blocks.csv"
check "compare: crossover 0.9 ranked first in both" grep -q '^1 *0.9 *1.000 ' "$out/compare.txt"
check "each point's front.png drawn" sh -c 'for p in p001 p002; do [ -s "$0/$p/front.png" ] || exit 1; done' "$out/rates"

test_summary mo_output
