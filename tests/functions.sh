#!/bin/sh
# tests/functions.sh — the real-valued genome: configs/rastrigin.cfg reaches
# within 1e-6 of the optimum in at least 29 of its 30 seeded replicates,
# sphere in 30 dimensions in all 30; a real-valued run is byte-identical at
# 1 and 4 threads with islands, and after Ctrl-C and resume.
. "${srcdir:-.}/tests/lib.sh"
test_folder functions
cfg=$srcdir/configs/rastrigin.cfg
solved() { tail -n +2 "$1/summary.csv" | awk -F, '{ s += $3 } END { print s + 0 }'; }
run() { "$GAEXP" run "$cfg" --quiet --set output.plot=false "$@"; }

check "rastrigin-10 runs" run --out "$out/rastrigin"
n=$(solved "$out/rastrigin")
echo "# rastrigin-10: $n of 30 within 1e-6"
check "rastrigin-10: at least 29 of 30 within 1e-6 ($n)" [ "$n" -ge 29 ]
check "every row says why it stopped" sh -c '[ "$(tail -n +2 "$0/summary.csv" | cut -d, -f7 | sort -u)" = target ]' "$out/rastrigin"
check "sphere-30 runs" run --set problem.function=sphere --set problem.dimension=30 --out "$out/sphere"
n=$(solved "$out/sphere")
echo "# sphere-30: $n of 30 within 1e-6"
check "sphere-30: all 30 within 1e-6 ($n)" [ "$n" -eq 30 ]

same() { cmp "$1/generations.csv" "$2/generations.csv" && cmp "$1/summary.csv" "$2/summary.csv" && cmp "$1/best.txt" "$2/best.txt"; }
for op in "sbx polynomial" "blx gaussian" "arithmetic selfadaptive"; do
  set -- $op
  for jobs in 1 4; do
    check "$1 and $2, 3 islands, $jobs threads" run --replicates 2 --jobs "$jobs" --set ga.islands.count=3 \
      --set ga.stop.generations=40 --set ga.crossover.name="$1" --set ga.mutation.name="$2" --out "$out/$1-j$jobs"
  done
  check "$1 and $2: 4 threads as 1" same "$out/$1-j1" "$out/$1-j4"
done
check "diversity is a share: between 0 and 1.5" awk -F, 'NR > 1 && ($8 < 0 || $8 > 1.5) { bad = 1 } END { exit bad }' \
  "$out/sbx-j1/generations.csv"

# Ctrl-C: a checkpoint every generation, then resume: the doubles come back exactly.
run --replicates 1 --set ga.stop.generations=15000 --set ga.stop.fitness=-1.0 --out "$out/whole"
"$GAEXP" run "$cfg" --quiet --set output.plot=false --replicates 1 --set ga.stop.generations=15000 \
  --set ga.stop.fitness=-1.0 --set output.checkpoint=0.0 --out "$out/cut" & pid=$!
# until its first checkpoint: the signal handler is in place by then
wait_until "$pid" [ -e "$out/cut/checkpoint" ] || true
kill -INT "$pid"; wait "$pid"; status=$?
check "Ctrl-C stops the run with a checkpoint (130): $status" [ "$status" -eq 130 ]
[ "$status" -eq 130 ] && "$GAEXP" resume "$out/cut" --quiet
check "resumed, the run is byte-identical" same "$out/whole" "$out/cut"
# The problem's own column: best_distance, the distance from the best to the
# optimum.  On the sphere in one dimension it is the square root of the best.
check "sphere-1 runs" run --replicates 2 --set problem.function='"sphere"' --set problem.dimension=1 \
  --set ga.stop.generations=20 --set ga.stop.fitness=-1.0 --out "$out/sphere1"
check "best_distance follows the standard columns" [ "$(head -1 "$out/sphere1/generations.csv" | cut -d, -f10-)" = best_distance ]
check "best_distance = sqrt(best) in every row" awk -F, 'NR > 1 { d = $10 - sqrt($4); if (d < 0) d = -d; if (d > 1e-9 * (1 + $10)) bad = 1 }
  END { exit bad || NR != 43 }' "$out/sphere1/generations.csv"
test_summary "functions"
