#!/bin/sh
# tests/fortythieves.sh — Forty Thieves from the command line: the GA on the
# published greedy trap and a deal file position, and the study on a few
# hundred deals (the GA never above the optimum, byte-identical reruns).
. "${srcdir:-.}/tests/lib.sh"
test_folder fortythieves
cfg=$srcdir/configs/fortythieves.cfg
studies=$(cd "$srcdir" && pwd)/tests/data/fortythieves/studies.deal # the cfg below is elsewhere
# last_line DIR: the closing line of DIR/best.txt
last_line() { tail -n 1 "$1/best.txt"; }

# A small GA on a position of the study file.
cat > "$out/position.cfg" <<EOT
problem = { name = "fortythieves"; deals = "$studies"; position = "greedy-trap"; };
ga = { population = 20; stop = { generations = 50; }; };
output = { plot = false; };
EOT
pos=$out/position.cfg

# The GA on the published trap: greedy moves 2 cards, the optimum 5.
check "GA runs on the greedy trap" "$GAEXP" run "$pos" --seed 1 --quiet --out "$out/trap"
check "GA moves the 5 cards of the greedy trap" \
  [ "$(last_line "$out/trap")" = "cards to the foundations: 5 in 5 moves; the optimum: 5 of 8" ]
check "GA plays 2S from column 3 first" grep -q "^AS 1->F, 2S 3->F, 3S 3->F, 4S 3->F, 5S 3->F$" "$out/trap/best.txt"
check "GA runs on the position needing an empty column" "$GAEXP" run "$pos" --seed 1 --quiet \
  --out "$out/empty" --set 'problem.position="empty-column"'
check "GA empties a column for KC" grep -qF "5D 2->3, KC 1->2, AH 1->F" "$out/empty/best.txt"
check "GA blind to the optimum still finds it" "$GAEXP" run "$pos" --seed 1 --quiet --out "$out/blind" \
  --set 'problem.reference="cards"'
check "blind GA: 5 of 8 cards, fitness 3" \
  [ "$(last_line "$out/blind")" = "cards to the foundations: 5 in 5 moves; the cards in the tableau: 8 of 8" ]

# The study on deals 1..300, the GA on the first 40: its table and figure,
# the GA never above the optimum, the same figures on a rerun.
study() { # DIR
  env GAEXP="$GAEXP" sh "$srcdir/experiments/fortythieves/run.sh" --deals 40 --redeal 300 --at-least 8 \
    --cfg "$cfg" --jobs 2 --out "$1" --force > "$1.log" 2>&1
}
check "study runs" study "$out/study"
check "study writes its table" grep -q "^optimal  *[0-9.]* *0 *0.00%" "$out/study/table.txt"
check "study writes its histogram" [ -s "$out/study/histogram.dat" ]
if command -v "${GNUPLOT:-gnuplot}" > /dev/null; then
  check "study draws its histogram" [ -s "$out/study/histogram.png" ]
fi
check "study: 300 deals solved by the baselines" [ "$(tail -n +2 "$out/study/baselines.csv" | wc -l)" -eq 300 ]
check "study: greedy and the heuristic never above the optimum" \
  awk -F, 'NR > 1 && ($2 > $4 || $3 > $4) { bad = 1 } END { exit bad }' "$out/study/baselines.csv"
check "study: the GA never above the optimum" \
  awk -F, 'NR > 1 && $3 > $2 { bad = 1 } END { exit bad }' "$out/study/ga.csv"
check "study: the GA ran on the 40 deals and on every later one reaching 8" [ "$(tail -n +2 "$out/study/ga.csv" | wc -l)" -eq \
  "$(awk -F, 'NR > 1 && (NR <= 41 || $4 >= 8)' "$out/study/baselines.csv" | wc -l)" ]
check "study reruns" study "$out/rerun"
cut -d, -f1-4 "$out/study/ga.csv" > "$out/ga-1"
cut -d, -f1-4 "$out/rerun/ga.csv" > "$out/ga-2"
check "study rerun: the same GA results" cmp -s "$out/ga-1" "$out/ga-2"
check "study rerun: the same baselines" cmp -s "$out/study/baselines.csv" "$out/rerun/baselines.csv"
check "study refuses a bad option value" eval "! sh '$srcdir/experiments/fortythieves/run.sh' --deals x > /dev/null 2>&1"
check "study keeps an existing folder without --force" \
  eval "! env GAEXP='$GAEXP' sh '$srcdir/experiments/fortythieves/run.sh' --deals 5 --redeal 10 --out '$out/study' > /dev/null 2>&1"
check "the kept folder is intact" [ -s "$out/study/table.txt" ]
# The problem's own column, mean_moved: without shaping the fitness is the
# reference minus the cards moved, so mean_moved + mean = the reference
# (blind: the 8 cards, so that all 11 generations run).
check "mean_moved: a blind run without shaping" "$GAEXP" run "$pos" --seed 1 --quiet --out "$out/moved" \
  --set problem.shaping=false --set 'problem.reference="cards"' --set ga.stop.generations=10
check "mean_moved follows the standard columns" [ "$(head -1 "$out/moved/generations.csv" | cut -d, -f10-)" = mean_moved ]
check "mean_moved + mean = 8 in all 11 rows" awk -F, 'NR > 1 { d = $10 + $5 - 8; if (d < 0) d = -d; if (d > 1e-8) bad = 1 }
  END { exit bad || NR != 12 }' "$out/moved/generations.csv"
test_summary fortythieves
