#!/bin/sh
# tests/trust_scale.sh — a sweep of 1,000 points, past the 300 whose ranking tests significance:
# sweep, report, plot, export and resume finish, rank every point once, and say what they did.
. "${srcdir:-.}/tests/lib.sh"
test_folder trust_scale
cat > "$out/s.cfg" <<'CFG'
problem = { name = "onemax"; bits = 20; };
ga = { seed = 3; population = 10; replicates = 3; stop = { generations = 8; }; };
sweep = ( { set = "ga.mutation.rate"; from = 0.0; to = 0.99; step = 0.01; },
          { set = "ga.crossover.rate"; from = 0.0; to = 0.9; step = 0.1; } );
CFG
s=$out/s
check "a sweep of 1,000 points" "$GAEXP" sweep "$out/s.cfg" --out "$s" --quiet --jobs 2

# sweep.csv: a row a point, the ranks a permutation of 1..1000 in the order of ERT, then
# success rate, then final best fitness (ties in point order), and 'compared' saying that
# significance was not tested.  ranked() lists the folders best first.
check "sweep.csv has 1,000 rows" [ "$(tail -n +2 "$s/sweep.csv" 2>/dev/null | wc -l)" -eq 1000 ]
ranked() {
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
           { k = $c["rank"]; if (k in dir) exit 1; dir[k] = $c["dir"]; n++
             ert[k] = $c["ert"] == "inf" ? 1e300 : $c["ert"] + 0
             rate[k] = $c["success_rate"] + 0; best[k] = $c["final_best_mean"] + 0; point[k] = $c["point"] + 0 }
           END { if (n != 1000) exit 1
                 for (k = 1; k <= n; k++) if (!(k in dir)) exit 1
                 for (k = 2; k <= n; k++) {
                   j = k - 1
                   if (ert[j] != ert[k]) { if (ert[j] > ert[k]) exit 1; continue }
                   if (rate[j] != rate[k]) { if (rate[j] < rate[k]) exit 1; continue }
                   if (best[j] != best[k]) { if (best[j] > best[k]) exit 1; continue }
                   if (point[j] > point[k]) exit 1
                 }
                 for (k = 1; k <= n; k++) print dir[k] }' "$s/sweep.csv"
}
ranked > "$out/ranked.txt" 2>/dev/null
check "its ranks are 1..1000, in the order of ERT, success rate, final best" [ $? -eq 0 ]
check "'compared' says significance was not tested" \
  [ "$(grep -c ',\(evaluations_to_solution\|final_best\)_untested,' "$s/sweep.csv" 2>/dev/null)" -eq 1000 ]

# The report: a row a point in the ranking of sweep.csv, the rule it used, the same twice.
"$GAEXP" report "$s" > "$out/report1.txt"
check "gaexp report exits 0" [ $? -eq 0 ]
rows() { grep -E "^[0-9]+ +p[0-9]+ " "$1" | awk '{ print $2 }'; }
listed() { [ "$(wc -l < "$out/ranked.txt")" -eq 1000 ] && [ "$(rows "$out/report1.txt")" = "$(cat "$out/ranked.txt")" ]; }
check "and lists the 1,000 points in sweep.csv's ranking" listed
check "saying that significance was not tested" grep -q "With more than 300 points significance is not tested" "$out/report1.txt"
"$GAEXP" report "$s" > "$out/report2.txt"
twice() { [ "$(rows "$out/report1.txt" | wc -l)" -eq 1000 ] && cmp "$out/report1.txt" "$out/report2.txt"; }
check "the same report twice" twice

# The figures: each drawn (when gnuplot is there), each saying which points it shows.
"$GAEXP" plot "$s" 2> "$out/plot.err"
check "gaexp plot exits 0" [ $? -eq 0 ]
png() { # every script's figure beside it is a PNG
  for gp in "$s"/*.gp "$s"/p*/fitness.gp; do
    case $gp in */style.gp) continue ;; esac
    [ "$(head -c 4 "${gp%.gp}.png" 2>/dev/null | tail -c 3)" = PNG ] || { echo "no ${gp%.gp}.png"; return 1; }
  done
}
if command -v gnuplot >/dev/null 2>&1; then
  check "every figure is a PNG" png
  check "gnuplot said nothing" [ ! -s "$out/plot.err" ]
fi
check "curves: the 12 best, said in the title" grep -q "the 12 best of 1000 points by the ranking of gaexp report, significance not tested" "$s/curves.gp"
check "budget.dat: those 12 points only" [ "$(grep -c '^# point' "$s/budget.dat")" -eq 12 ]
check "boxes: the 30 best, said in the title" grep -q "the 30 best of 1000 points by the ranking of gaexp report, significance not tested" "$s/boxes.gp"
check "runs.dat: those 30 points only" [ "$(grep -c '^# point' "$s/runs.dat")" -eq 30 ]
check "heatmap: no value written in its 1,000 cells, said in the title" \
  sh -c '! grep -q "with labels" "$0" && grep -q "100 x 10 points: the colour alone" "$0"' "$s/heatmap.gp"

check "gaexp export: exit 0" "$GAEXP" export --format iohprofiler "$s" "$out/ioh"
check "a folder with its JSON meta file per point (each its own algorithm)" [ "$(ls "$out"/ioh/p*/*.json 2>/dev/null | wc -l)" -eq 1000 ]

cp "$s/sweep.csv" "$out/sweep.csv.before"
check "gaexp resume of the finished sweep" "$GAEXP" resume "$s" --quiet
check "leaves sweep.csv as it was" cmp "$out/sweep.csv.before" "$s/sweep.csv"
rm -rf "$out/s.before" && cp -a "$s" "$out/s.before"
rm -rf "$s/p001" "$s/p500" "$s/p999" "$s/p1000"
check "gaexp resume with 4 points removed" "$GAEXP" resume "$s" --quiet
again() { [ -s "$s/sweep.csv" ] && diff -r -x times.csv -x '*.png' "$out/s.before" "$s"; }
check "runs them again: the folder as it was, sweep.csv and all" again
test_summary "scale"
