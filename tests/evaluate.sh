#!/bin/sh
# tests/evaluate.sh — 'gaexp evaluate FILE.cfg' < genomes: known fitness values of
# OneMax, PBO (its 'value' column), BBOB (COCO's own f(x) and gaexp run's best),
# the sphere and the 31-derful grid, a plug-in's problem, and every bad line
# refused with one message naming stdin:LINE, exit 2, nothing printed.
. "${srcdir:-.}/tests/lib.sh"
test_folder evaluate
src=${srcdir:-.}
libs=tests/.libs

# evaluates CFG [OPTION]... with stdin from $out/in: stdout in $out/got, which must equal $out/want
gives() {
  "$GAEXP" evaluate "$@" <"$out/in" >"$out/got" 2>"$out/err" && cmp -s "$out/want" "$out/got"
}
# refused MESSAGE CFG [OPTION]...: exit 2, one line on stderr holding MESSAGE, nothing on stdout
refused() {
  message=$1; shift
  "$GAEXP" evaluate "$@" <"$out/in" >"$out/got" 2>"$out/err"
  [ $? -eq 2 ] && [ ! -s "$out/got" ] && [ "$(wc -l <"$out/err")" -eq 1 ] && grep -qF -- "$message" "$out/err"
}

check "help lists evaluate" sh -c '"$0" help | grep -q "^  evaluate FILE.cfg"' "$GAEXP"
check "help evaluate" sh -c '"$0" help evaluate | grep -q "^Usage: gaexp evaluate FILE.cfg"' "$GAEXP"
check "evaluate --help says permutations are 0-based" sh -c '"$0" evaluate --help | grep -q "0-based"' "$GAEXP"
check "evaluate without a file is a usage error" sh -c '"$0" evaluate </dev/null 2>/dev/null; [ $? -eq 2 ]' "$GAEXP"
check "evaluate refuses an unknown option" sh -c '"$0" evaluate "$1" --seed 3 </dev/null 2>/dev/null; [ $? -eq 2 ]' \
  "$GAEXP" "$src/configs/onemax.cfg"

# ---- OneMax: fitness = zero bits; a string, spaces or commas; comments and empty lines skipped
onemax="$src/configs/onemax.cfg --set problem.bits=5"
printf '11111\n00000\n# a comment\n\n  \n1 0 1 0 1\n1,1, 0 ,0,1\n0\t1 1 1 1\n' >"$out/in"
printf 'fitness\n0\n5\n2\n2\n1\n' >"$out/want"
check "onemax: all ones 0, all zeros n, mixed notations" gives $onemax
: >"$out/in"
printf 'fitness\n' >"$out/want"
check "an input with no genome prints the header alone" gives $onemax
printf '# nothing\n\n' >"$out/in"
check "comments and empty lines alone print the header alone" gives $onemax
printf '%s\n' "$(printf '1%.0s' $(seq 1000))" >"$out/in"
printf 'fitness\n0\n' >"$out/want"
check "onemax.cfg as it is: 1000 ones are 0" gives "$src/configs/onemax.cfg"

# ---- bad lines: one message naming the line, exit 2, nothing printed (not even the good lines before)
printf '11111\n1111\n' >"$out/in"
check "a short line is refused" refused "stdin:2: expected 5 bits, got a string of 4" $onemax
printf '11111\n\n1 1 1 1 1 1\n' >"$out/in"
check "a long line is refused" refused "stdin:3: expected 5 bits, got 6" $onemax
printf '1 x 1 1 1\n' >"$out/in"
check "a non-number is refused" refused "stdin:1: value 2: expected an integer in [0, 1], got 'x'" $onemax
printf '1 1 2 1 1\n' >"$out/in"
check "a value out of the alphabet is refused" refused "stdin:1: value 3: expected an integer in [0, 1], got '2'" $onemax
printf '1 1 -1 1 1\n' >"$out/in"
check "a negative value is refused" refused "stdin:1: value 3: expected an integer in [0, 1], got '-1'" $onemax
printf '1 1 1e0 1 1\n' >"$out/in"
check "a number that is not an integer is refused" refused "stdin:1: value 3: expected an integer" $onemax
printf '1,,1,1,1,1\n' >"$out/in"
check "two commas in a row are refused" refused "stdin:1: a comma with no value after it" $onemax
printf '11111\n11111\n0 0 0 0 0 0 0\n11111\n' >"$out/in"
check "the first bad line is the one said" refused "stdin:3:" $onemax

# ---- PBO: fitness y* - y and IOH's y in column 'value'
pbo="$src/configs/pbo.cfg --set problem.dimension=10"
printf '1111111111\n0000000000\n1 1 1 1 1 0 0 0 0 0\n' >"$out/in"
printf 'fitness value\n0 10\n10 0\n5 5\n' >"$out/want"
check "pbo F1 (OneMax) instance 1: fitness and value" gives $pbo
# IOH's instance 2 transforms x and y: fitness + value is still y*, the same on every line.
"$GAEXP" evaluate $pbo --set problem.instance=2 <"$out/in" >"$out/got" 2>/dev/null
check "pbo instance 2: fitness + value is one y* on every line" awk 'NR == 1 && $0 != "fitness value" { bad = 1 }
  NR == 2 { y = $1 + $2 } NR > 2 && ($1 + $2 - y > 1e-9 || y - $1 - $2 > 1e-9) { bad = 1 } END { exit bad || NR != 4 }' "$out/got"

# ---- BBOB: COCO's own f(x) (tests/test_bbob.c: regression data, f3 in 3-D, instance 5) in column best_f
bbob="$src/configs/bbob.cfg --set problem.function=3 --set problem.dimension=3 --set problem.instance=5"
printf -- '-0.13836312584565544, -0.0062699120128144915, 0.30241968560881705\n' >"$out/in"
"$GAEXP" evaluate $bbob <"$out/in" >"$out/got" 2>/dev/null
check "bbob f3: the header names best_f" sh -c '[ "$(head -n 1 "$0")" = "fitness best_f" ]' "$out/got"
check "bbob f3: best_f is COCO's 277.44938441488182" awk 'NR == 2 { d = $2 - 277.44938441488182; ok = d < 1e-9 && d > -1e-9 }
  END { exit !ok }' "$out/got"
printf '0 0 6\n' >"$out/in"
check "bbob: a value outside [-5, 5] is refused" refused "stdin:1: value 3: expected a number in [-5, 5], got '6'" $bbob
printf '0 0 nan\n' >"$out/in"
check "bbob: NaN is refused" refused "stdin:1: value 3: expected a number in [-5, 5], got 'nan'" $bbob
# A run's best individual (best.txt: x_i with 17 digits) evaluates to the best of its summary.csv.
"$GAEXP" run "$src/configs/bbob.cfg" --set problem.dimension=2 --replicates 1 --set ga.stop.generations=30 \
  --set output.plot=false --quiet --out "$out/run" 2>/dev/null
sed -n 's/^x[0-9]* = //p' "$out/run/best.txt" | paste -s -d ' ' >"$out/in"
"$GAEXP" evaluate "$src/configs/bbob.cfg" --set problem.dimension=2 <"$out/in" >"$out/got" 2>/dev/null
best=$(tail -n 1 "$out/run/summary.csv" | cut -d, -f4)
check "bbob f1: the run's best individual evaluates to its best ($best)" awk -v b="$best" \
  'NR == 2 { ok = $1 > 0 && ($1 - b) * ($1 - b) <= (1e-9 * b) * (1e-9 * b) } END { exit !ok }' "$out/got"

# ---- the sphere: f(0, 0) = 0, f(1, 1) = 2, f(-1.5, 0.5) = 2.5
sphere="$src/configs/rastrigin.cfg --set problem.function=sphere --set problem.dimension=2"
printf '0 0\n1, 1\n-1.5 0.5\n' >"$out/in"
printf 'fitness best_distance\n0 0\n2 1.4142135623730951\n2.5 1.5811388300841898\n' >"$out/want"
check "sphere: 0 at 0, 2 at (1, 1), 2.5 at (-1.5, 0.5)" gives $sphere
printf '0\n' >"$out/in"
check "sphere: one value of two is refused" refused "stdin:1: expected 2 real values, got 1" $sphere

# ---- 31-derful 3x3, two suits: card codes (code / 4 the rank from 2, code % 4 the suit)
# The magic square 4 9 8 / 11 7 3 / 6 5 10 (every row and column 21) in spades, then two cards swapped.
printf '8 28 24 48 20 4 16 12 32\n8 28 24 48 20 4 16 32 12\n' >"$out/in"
printf 'fitness\n0\n50\n' >"$out/want"
check "derful 3x3: a magic grid is solved, a swapped one is not" gives "$src/configs/derful3.cfg"
printf '8 28 24 48 20 4 16 12 12\n' >"$out/in"
check "derful: a card twice is refused" refused "stdin:1: expected distinct values the instance allows" \
  "$src/configs/derful3.cfg"
printf '8 28 24 48 20 4 16 12 34\n' >"$out/in"
check "derful: a suit the game does not hold is refused" refused "stdin:1: expected distinct values" \
  "$src/configs/derful3.cfg"

# ---- permutations (animals, 9 pieces): 0-based, each value once
printf '8 7 6 5 4 3 2 1 0\n' >"$out/in"
check "animals: a permutation is evaluated" sh -c '"$0" evaluate "$1" <"$2" | awk "NR == 2 && \$1 >= 0 { ok = 1 } END { exit !ok }"' \
  "$GAEXP" "$src/configs/animals.cfg" "$out/in"
printf '0 1 2 3 4 5 6 7 7\n' >"$out/in"
check "animals: a non-permutation is refused" refused "stdin:1: not a permutation" "$src/configs/animals.cfg"
printf '1 2 3 4 5 6 7 8 9\n' >"$out/in"
check "animals: 1-based values are refused as such" refused "stdin:1: value 9: expected an integer in [0, 8] (0-based), got '9'" \
  "$src/configs/animals.cfg"

# ---- a plug-in's problem (--plugin anywhere on the line): 8 queens
printf 'problem = { name = "queens"; n = 8; };\n' >"$out/queens.cfg"
printf '0 4 7 5 2 6 1 3\n' >"$out/in"
printf 'fitness solved_share\n0 1\n' >"$out/want"
check "--plugin: a solution of 8 queens is 0" gives --plugin "$libs/queens.so" "$out/queens.cfg"
check "--plugin after the file" gives "$out/queens.cfg" --plugin "$libs/queens.so"
printf '0 1 2 3 4 5 6 7\n' >"$out/in"
check "--plugin: the diagonal is not 0" sh -c '"$0" evaluate "$1" --plugin "$2" <"$3" | awk "NR == 2 && \$1 > 0 { ok = 1 } END { exit !ok }"' \
  "$GAEXP" "$out/queens.cfg" "$libs/queens.so" "$out/in"

test_summary evaluate
