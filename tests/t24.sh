#!/bin/sh
# tests/t24.sh — the 24 game from the command line: the census against the
# published count, solutions that check, bad input refused, GP on a hard hand,
# and the census study on a small range of values.
. "${srcdir:-.}/tests/lib.sh"
test_folder t24
prints() { # pattern, then a gaexp command line whose stdout must contain it
  pattern=$1; shift
  "$GAEXP" "$@" >"$out/stdout" 2>"$out/stderr" && grep -qF -- "$pattern" "$out/stdout"
}
usage_error() { # a gaexp command line that must fail with status 2 and one message
  "$GAEXP" "$@" >"$out/stdout" 2>"$out/stderr"
  [ $? -eq 2 ] && [ "$(wc -l <"$out/stderr")" -eq 1 ] && [ ! -s "$out/stdout" ]
}

# The census: 566 of 715 (published), its unsolvable list the complement of the CSV's solvable hands.
check "census 1..10: 566 of 715" prints "solvable: 566 of 715 hands" solve t24 --census --csv "$out/truth.csv"
cp "$out/stdout" "$out/census.txt"
check "census CSV has every hand" [ "$(tail -n +2 "$out/truth.csv" | wc -l)" -eq 715 ]
check "census CSV has 566 solvable" [ "$(grep -c '",1,"' "$out/truth.csv")" -eq 566 ]
sed -n 's/^  \([0-9]\)/\1/p' "$out/census.txt" | sort > "$out/listed"
sed -n 's/^"\([0-9 ]*\)",0,.*/\1/p' "$out/truth.csv" | sort > "$out/csv-unsolvable"
check "the listed unsolvable hands are the CSV's unsolvable ones" cmp "$out/listed" "$out/csv-unsolvable"
check "149 hands listed" [ "$(wc -l <"$out/listed")" -eq 149 ]
check "10 hands only fractions solve" [ "$(grep -c ',1$' "$out/truth.csv")" -eq 10 ]
check "3 3 8 8 is one of them" grep -q '^"3 3 8 8",1,.*,1$' "$out/truth.csv"
check "census 1..13: 1362 of 1820" prints "solvable: 1362 of 1820 hands" solve t24 --census --values 1..13
check "census 1..9: 404 of 495" prints "solvable: 404 of 495 hands" solve t24 --census --values 1..9

# One hand.
check "3 3 8 8 needs a fraction" prints "8 / (3 - 8 / 3) = 24" solve t24 3 3 8 8
check "3 5 5 10 has no arithmetic solution" prints "no solution" solve t24 3 5 5 10
check "3 5 5 10 with mod" prints "5 * 5 - mod(10, 3) = 24" solve t24 3 5 5 10 --ops +,-,*,/,pow,root,log,mod
check "1 1 8 9: exactly one distinct solution" prints "1 distinct solution" solve t24 1 1 8 9 --ops +,-,*,/,pow,root,log,mod --all
check "1 1 8 9: it is 8 * root(9, 1 + 1)" grep -qxF "8 * root(9, 1 + 1)" "$out/stdout"
check "2 3 10 10 with powers" prints "2^10 - 10^3" solve t24 2 3 10 10 --ops +,-,*,/,pow --all
check "another target" prints "= 100" solve t24 5 5 4 --target 100

# Bad input: one message, exit 2.
check "no cards" usage_error solve t24
check "one card" usage_error solve t24 7
check "a card of 100" usage_error solve t24 1 2 3 100
check "a card of 0" usage_error solve t24 0 2 3 4
check "nine cards" usage_error solve t24 1 2 3 4 5 6 7 8 9
check "an unknown operator" usage_error solve t24 1 2 3 4 --ops +,-,sqrt
check "an operator twice" usage_error solve t24 1 2 3 4 --ops +,+
check "a non-integer target" usage_error solve t24 1 2 3 4 --target 2.5
check "reversed values" usage_error solve t24 --census --values 5..3
check "values out of range" usage_error solve t24 --census --values 1..100
check "cards with --census" usage_error solve t24 --census 1 2 3 4
check "--all beyond 6 cards" usage_error solve t24 1 2 3 4 5 6 7 --all

# GP on the hardest classic hand: every solution it reports evaluates to 24.
check "GP runs 3 3 8 8" "$GAEXP" run "$srcdir/configs/t24.cfg" --seed 1 --quiet --out "$out/gp" --set output.plot=false
check "GP solves 3 3 8 8" grep -q "^solved: target 24" "$out/gp/best.txt"
check "GP finds 8 / (3 - 8 / 3)" grep -qxF "8 / (3 - 8 / 3) = 24" "$out/gp/best.txt"
check "GP on an unsolvable hand" "$GAEXP" run "$srcdir/configs/t24.cfg" --seed 1 --quiet --out "$out/gp-none" \
  --set output.plot=false --set "problem.cards=[3,5,5,10]" --set ga.stop.generations=20
check "GP reports no solution where there is none" grep -q "^not solved" "$out/gp-none/best.txt"

# The study on values 1..5, two replicates a hand: every solvable hand, no false solution.
check "census study runs" env GAEXP="$GAEXP" sh "$srcdir/experiments/t24-census/run.sh" --values 1..5 \
  --ops "+,-,*,/" --seeds 2 --out "$(pwd)/$out/study" --jobs 2 >"$out/study.log" 2>&1
check "study: no false solution" grep -q "^false solutions (unsolvable hands)  0$" "$out/study/table.txt"
check "study: every run on a solvable hand solved" grep -q "^  missed  *0$" "$out/study/table.txt"
check "study: one row per run" [ "$(tail -n +2 "$out/study/runs.csv" | wc -l)" -eq 140 ]
check "study: one row per hand" [ "$(tail -n +2 "$out/study/hands.csv" | wc -l)" -eq 70 ]
check "study: 1 5 5 5 is marked fractions only, solved by both runs" grep -q '^1..5,arith,"1 5 5 5",1,1,2,2,' "$out/study/hands.csv"
check "study refuses an existing folder" sh -c 'env GAEXP="$0" sh "$1" --values 1..5 --out "$2" >/dev/null 2>&1; [ $? -eq 2 ]' \
  "$GAEXP" "$srcdir/experiments/t24-census/run.sh" "$(pwd)/$out/study"
# 8 cards: the help says where the solver stops (issue: it said "2 to 8 cards" and gave up at 15 s).
check "solve --help states the 8-card limit" sh -c '"$0" solve t24 --help | grep -q "more than 8,000,000"' "$GAEXP"
# The problem's own column, mean_depth: every tree of 3 cards has depth 2,
# of 2 cards depth 1; a run side by side with another writes the same.
depth() { # CARDS DIR
  printf 'problem = { name = "t24"; cards = [%s]; };\nga = { seed = 1; population = 40; replicates = 2; stop = { generations = 5; fitness = -1.0; }; };\noutput = { plot = false; };\n' "$1" >"$2.cfg"
  "$GAEXP" run "$2.cfg" --quiet --out "$2"
}
check "mean_depth: runs on 3 cards" depth "3, 8, 8" "$out/depth3"
check "mean_depth: after the standard columns" \
  [ "$(head -1 "$out/depth3/generations.csv")" = "replicate,generation,evaluations,best,mean,std,worst,diversity,evaluations_found,mean_depth" ]
check "mean_depth: 2 in all 12 rows of 3 cards" awk -F, 'NR > 1 && $10 != "2" { bad = 1 } END { exit bad || NR != 13 }' "$out/depth3/generations.csv"
check "mean_depth: runs on 2 cards" depth "3, 8" "$out/depth2"
check "mean_depth: 1 in all 12 rows of 2 cards" awk -F, 'NR > 1 && $10 != "1" { bad = 1 } END { exit bad || NR != 13 }' "$out/depth2/generations.csv"
check "mean_depth of 4 cards lies in [2, 3] and varies" awk -F, 'NR > 1 { if ($10 < 2 || $10 > 3) bad = 1; seen[$10] = 1 }
  END { n = 0; for (v in seen) n++; exit bad || n < 2 }' "$srcdir/tests/data/golden/t24.generations.csv"
golden_t24() { "$GAEXP" run "$srcdir/tests/data/golden/t24.cfg" --quiet --set output.plot=false --replicates 4 "$@"; }
check "t24: 4 replicates one after another" golden_t24 --out "$out/one-by-one"
check "t24: 4 replicates, 2 side by side" golden_t24 --out "$out/side" --jobs 2 --parallel runs
check "t24: side by side, the same generations.csv (mean_depth too)" cmp "$out/one-by-one/generations.csv" "$out/side/generations.csv"
test_summary "t24"
