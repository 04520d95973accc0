#!/bin/sh
# tests/figures.sh — the figures: PDF and SVG files that are valid, a restyled style.gp
# that survives 'gaexp plot', literal legends of what varies, the x axis and the new
# runtime figures.
. "${srcdir:-.}/tests/lib.sh"
test_folder figures
command -v gnuplot >/dev/null 2>&1 || skip_rest figures "gnuplot is not installed"
# Every point of one value (OneMax of 2 bits, never 'solved'): the heatmap
# has a colour range of its own, and gnuplot warns of none on gaexp's stderr.
cat > "$out/flat.cfg" <<'CFG'
problem = { name = "onemax"; bits = 2; };
ga = { seed = 1; population = 10; replicates = 2; stop = { generations = 3; fitness = -1.0; }; };
sweep = ( { set = "ga.mutation.rate"; values = [0.1, 0.2]; }, { set = "ga.crossover.rate"; values = [0.5, 0.9]; } );
CFG
"$GAEXP" sweep "$out/flat.cfg" --out "$out/flat" --quiet 2>"$out/flat.err"
check "a sweep of one value everywhere: exit 0" [ $? -eq 0 ]
check "its heatmap is drawn, gnuplot silent" sh -c '[ -s "$0/flat/heatmap.png" ] && [ ! -s "$0/flat.err" ]' "$out"
cat > "$out/pop.cfg" <<'CFG'
problem = { name = "derful"; n = 4; };
ga = { seed = 2; replicates = 3; stop = { generations = 30; }; };
output = { plot = true; };  # points this small would leave their figures to 'gaexp plot'
sweep = ( { set = "ga.population"; values = [30, 120]; },
          { set = ["ga.crossover.name", "ga.mutation.name"];
            values = (("lineswap", "mix"), ("lineswap", "checkcontain")); } );
CFG
sweep() { "$GAEXP" sweep "$out/pop.cfg" --quiet "$@"; }
check "a sweep drawn as PDF" sweep --out "$out/pdf" --set output.format=pdf
pdf() { [ "$(head -c 5 "$1")" = "%PDF-" ] && tail -c 1024 "$1" | grep -q '%%EOF' &&
        { ! command -v pdfinfo >/dev/null 2>&1 || pdfinfo "$1" >/dev/null 2>&1; }; }
for name in curves fixed-budget ecdf boxes heatmap; do
  check "$name.pdf is a valid PDF" pdf "$out/pdf/$name.pdf"
done
check "and no PNG" sh -c '! ls "$0"/*.png >/dev/null 2>&1' "$out/pdf"
check "a point's fitness.pdf" pdf "$out/pdf/p001/fitness.pdf"
check "a sweep drawn as SVG" sweep --out "$out/svg" --set output.format=svg
svg() { head -c 600 "$1" | grep -q '<svg' && tail -c 20 "$1" | grep -q '</svg>' &&
        { ! command -v xmllint >/dev/null 2>&1 || xmllint --noout "$1"; }; }
for name in curves ecdf boxes; do
  check "$name.svg is an SVG document" svg "$out/svg/$name.svg"
done
# The population varies: against evaluations (budget.dat), on a log axis.
check "curves against evaluations" grep -q "'budget.dat' index" "$out/pdf/curves.gp"
check "legends name only what varies" grep -q "title 'population 120, mutation checkcontain'" "$out/pdf/curves.gp"
check "no joined paths in legends" sh -c '! grep -q "+ga\." "$0"/*.gp' "$out/pdf"
check "text taken literally" grep -q "noenhanced" "$out/pdf/curves.gp"
check "the title names the problem" grep -q "derful (n 4" "$out/pdf/curves.gp"
# An input file deep in long folders: the title names it by its file name
# (its absolute path was cut at 63 characters, mid-folder).
deep=$(cd "$out" && pwd)/a_rather_long_folder_name_for_the_title/and_a_second_rather_long_folder_name
mkdir -p "$deep"
cp "${srcdir:-.}/configs/tsp/burma14.tsp" "$deep/"
printf 'problem = { name = "tsp"; file = "%s/burma14.tsp"; };\nga = { seed = 1; population = 10; stop = { generations = 3; }; };\n' \
  "$deep" >"$out/deep.cfg"
"$GAEXP" run "$out/deep.cfg" --out "$out/deep" --quiet
check "a long input path: the title names the file" grep -q "'tsp (file burma14.tsp, optimum 3323)" "$out/deep/fitness.gp"
check "ECDF: a block per point" [ "$(grep -c '^# point' "$out/pdf/ecdf.dat")" -eq 4 ]
check "ECDF ends at a share in [0, 1]" awk 'NF == 2 && $1 !~ /#/ && ($2 < 0 || $2 > 1) { exit 1 }' "$out/pdf/ecdf.dat"
# sweep.csv: the ERT of each point is its summary.csv's evaluations (to the
# target for a solved run, else all it spent) over its solved runs.
ert() {
  for p in p001 p002 p003 p004; do
    want=$(awk -F, 'NR > 1 { e += $3 ? $9 : $6; s += $3 } END { printf "%.10g", s ? e / s : "inf" }' "$out/pdf/$p/summary.csv")
    got=$(awk -F, -v p="$p" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "ert") c = i } $2 == p { print $c }' "$out/pdf/sweep.csv")
    [ "$want" = "$got" ] || { echo "$p: ERT $got, expected $want"; return 1; }
  done
}
check "sweep.csv: ERT, its interval and the rank" grep -q ',ert,ert_low,ert_high,.*,rank$' "$out/pdf/sweep.csv"
check "sweep.csv: each ERT from summary.csv" ert
# A user's restyling survives 'gaexp plot'; the data scripts are redrawn.
echo "set linetype 1 lc rgb '#ff00ff' lw 5  # mine" >> "$out/pdf/style.gp"
cp "$out/pdf/style.gp" "$out/style.kept"
rm "$out/pdf/curves.pdf"
check "gaexp plot redraws" "$GAEXP" plot "$out/pdf"
check "style.gp is kept as the user left it" cmp "$out/pdf/style.gp" "$out/style.kept"
check "curves.pdf is back" pdf "$out/pdf/curves.pdf"
check "every script loads style.gp" sh -c 'for f in "$0"/*.gp; do case $f in */style.gp) continue;; esac;
  grep -q "^load .style.gp." "$f" || exit 1; done' "$out/pdf"
# Generations when nothing changes what a generation costs, or when asked.
check "a sweep against generations" sweep --out "$out/gen" --set output.xaxis=generations
check "curves from each point's curves.csv" grep -q "'p001/curves.csv'" "$out/gen/curves.gp"
# More than 12 points: the 12 best, said in the title.
cat > "$out/many.cfg" <<'CFG'
problem = { name = "derful"; n = 4; };
ga = { seed = 2; replicates = 2; population = 30; stop = { generations = 10; }; };
output = { plot = true; };
sweep = ( { set = "ga.mutation.rate"; from = 0.05; to = 0.7; step = 0.05; } );
CFG
check "a sweep of 14 points" sh -c '"$0" sweep "$1" --out "$2" --quiet 2>"$2.err"' "$GAEXP" "$out/many.cfg" "$out/many"
check "gnuplot drew every figure without a word" [ ! -s "$out/many.err" ]
check "12 curves" [ "$(grep -c "with lines lt" "$out/many/curves.gp")" -eq 12 ]
check "and a note" grep -q "the 12 best of 14 points" "$out/many/curves.gp"
# Runs side by side: each point's figure queued as the point ends, all 19 figures
# (14 points, 5 of the sweep) drawn by --jobs gnuplots, the same bytes as at --jobs 1.
gnuplots() { grep 'execve(.*\["gnuplot"' "$1" | awk '{ print $1 }' | sort -u | wc -l; } # processes
if command -v strace >/dev/null 2>&1; then
  check "a sweep side by side at --jobs 2" inject -f -e trace=execve -o "$out/many2.trace" \
    "$GAEXP" sweep "$out/many.cfg" --out "$out/many2" --quiet --jobs 2 --parallel runs
  check "draws its 19 figures in 2 gnuplots" [ "$(gnuplots "$out/many2.trace")" -eq 2 ]
  check "gaexp plot redraws them in one gnuplot per core" inject -f -e trace=execve -o "$out/plot.trace" \
    "$GAEXP" plot "$out/many2"
  check "(at most one per core)" [ "$(gnuplots "$out/plot.trace")" -le "$(getconf _NPROCESSORS_ONLN)" ]
else
  check "a sweep side by side at --jobs 2" "$GAEXP" sweep "$out/many.cfg" --out "$out/many2" --quiet --jobs 2 --parallel runs
fi
check "its figures are those of --jobs 1, byte for byte" \
  diff -r -x times.csv -x config.cfg -x sweep.args "$out/many" "$out/many2"
# A figure gnuplot refuses: its message and gaexp's, and the other figures drawn.
echo "set nosuchoption" >> "$out/many2/p003/style.gp"
rm "$out/many2/p004/fitness.png"
"$GAEXP" plot "$out/many2" 2> "$out/refused.err"; status=$?
check "a figure gnuplot refuses: exit 1" [ "$status" -eq 1 ]
check "gnuplot's message is shown" grep -q "nosuchoption" "$out/refused.err"
check "and gaexp says which figure failed" grep -q "^gaexp: cannot draw $out/many2/p003/fitness.png: gnuplot did not write it\$" "$out/refused.err"
check "the other figures are drawn" [ -s "$out/many2/p004/fitness.png" ]
# Under constraints a replicate without a feasible individual has no best
# fitness (Deb's encoding, 2^300 (1 + violation), is none): curves.csv says
# nan, fitness.png leaves it undrawn and says so, gnuplot silent; once every
# replicate holds a feasible individual the curve is drawn.
printf 'problem = { name = "constrained"; function = "g06"; };
ga = { seed = 1; replicates = 2; population = 100; scheme = { name = "steady"; };
       constraints = { name = "epsilon"; epsilon = { share = 0.2; generations = 100; exponent = 5.0; }; };
       stop = { generations = %s; fitness = 1e-3; }; };
output = { plot = true; };\n' 1 > "$out/g06-short.cfg"
sed 's/generations = 1;/generations = 150;/' "$out/g06-short.cfg" > "$out/g06-long.cfg"
for run in short long; do
  "$GAEXP" run "$out/g06-$run.cfg" --out "$out/g06-$run" --quiet 2> "$out/g06-$run.err"
  check "constrained, $run: exit 0, gnuplot silent" sh -c '[ $? -eq 0 ] && [ ! -s "$0" ] && [ -s "$1/fitness.png" ]' \
    "$out/g06-$run.err" "$out/g06-$run"
  check "constrained, $run: no encoded infeasible fitness in curves.csv" \
    awk -F, 'NR > 1 { for (c = 3; c <= 6; c++) if ($c != "nan" && $c + 0 > 1e80) exit 1 }' "$out/g06-$run/curves.csv"
done
check "constrained, short: no best yet (nan) and the figure says so" sh -c \
  'awk -F, "NR > 1 && \$3 != \"nan\" { exit 1 }" "$0/curves.csv" && grep -q "no generation in which every replicate" "$0/fitness.gp"' \
  "$out/g06-short"
check "constrained, long: a best curve once every replicate is feasible" awk -F, 'NR > 1 && $3 != "nan" { n++ } END { exit !(n > 10) }' \
  "$out/g06-long/curves.csv"
test_summary "figures"
