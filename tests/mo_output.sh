#!/bin/sh
# tests/mo_output.sh — what a run with several objectives writes for the researcher:
# front.png over the true front, hypervolume.png, drawn through the commit journal.
. "${srcdir:-.}/tests/lib.sh"
test_folder mo_output
command -v gnuplot >/dev/null 2>&1 || { echo "mo_output: gnuplot is not installed"; exit 77; }
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

# A figure that cannot be drawn keeps the commit journal, and 'gaexp resume'
# draws both figures it names.
GNUPLOT=/bin/false "$GAEXP" run "$out/zdt1.cfg" --out "$out/journal" --quiet 2>"$out/journal.err"
check "gnuplot failing: the journal is kept" sh -c '[ -e "$0/commit" ] && [ $(grep -c "^draw " "$0/commit") -eq 2 ]' "$out/journal"
"$GAEXP" resume "$out/journal" --quiet
check "resume draws front.png and hypervolume.png" sh -c '[ ! -e "$0/commit" ] && [ -s "$0/front.png" ] && [ -s "$0/hypervolume.png" ]' "$out/journal"
check "the same results as the run drawn at once" sh -c 'for f in front.csv generations.csv summary.csv best.txt true-front.csv front.gp hypervolume.gp; do cmp -s "$0/$f" "$1/$f" || exit 1; done' "$out/journal" "$z"

test_summary mo_output
