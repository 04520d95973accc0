#!/bin/sh
# tests/tsp.sh — the TSP from the command line: 'gaexp solve tsp' on the
# small TSPLIB instances (their published optima), malformed files refused
# with their line (exit 2), the GA on berlin52 and on a random instance.
. "${srcdir:-.}/tests/lib.sh"
test_folder tsp
data=$(cd "$srcdir" && pwd)/configs/tsp
bad=$(cd "$srcdir" && pwd)/tests/data/tsp/bad
here=$(pwd)
case $GAEXP in /*) gaexp=$GAEXP ;; *) gaexp=$here/$GAEXP ;; esac

# solve INSTANCE OPTIMUM: Held-Karp's length is the published optimum.
solve() {
  "$GAEXP" solve tsp "$data/$1.tsp" --tour > "$out/$1.txt" 2>&1 &&
    grep -q "^$1: [0-9]* cities (.*), optimal tour length $2 (Held-Karp, .*); published $2$" "$out/$1.txt"
}
check "solve tsp: burma14 (GEO) 3323" solve burma14 3323
check "solve tsp: ulysses16 (GEO) 6859" solve ulysses16 6859
check "solve tsp: gr17 (EXPLICIT LOWER_DIAG_ROW) 2085" solve gr17 2085
# the tour: 17 distinct cities from city 1
check "solve tsp --tour: gr17's tour visits each of the 17 cities once" sh -c \
  'sed -n "s/^tour //p" "$0" | tr " " "\n" | sort -n | uniq | tr "\n" " " | grep -qx "$(seq -s " " 1 17) "' "$out/gr17.txt"
check "solve tsp --tour: the tour starts at city 1" grep -q "^tour 1 " "$out/gr17.txt"

# refused: exit 2 and one message, with file:line and what was expected
refused() { # FILE MESSAGE
  "$GAEXP" solve tsp "$bad/$1" > /dev/null 2> "$out/err"
  status=$?
  [ "$status" -eq 2 ] && [ "$(wc -l < "$out/err")" -eq 1 ] && grep -qF "gaexp: $bad/$1:$2" "$out/err" ||
    { echo "got status $status: $(cat "$out/err")"; false; }
}
check "missing DIMENSION: exit 2 at the section's line" \
  refused no-dimension.tsp "4: NODE_COORD_SECTION: expected DIMENSION before the section"
check "too few coordinates: exit 2 at the section's end" \
  refused coord-count.tsp "10: NODE_COORD_SECTION (line 5): expected 5 nodes (DIMENSION), found 4"
check "a coordinate missing: exit 2 at its line" \
  refused coord-missing.tsp "7: NODE_COORD_SECTION: expected a node 'ID X Y' (3 numbers), got 2 words"
check "unknown EDGE_WEIGHT_TYPE: exit 2 with a hint" \
  refused unknown-type.tsp "4: EDGE_WEIGHT_TYPE: unknown type 'EUC2D' (did you mean 'EUC_2D'?)"
check "unsupported EDGE_WEIGHT_TYPE: exit 2" \
  refused unsupported-type.tsp "4: EDGE_WEIGHT_TYPE: MAN_2D is not supported"
check "truncated matrix: exit 2 at its end" \
  refused truncated-matrix.tsp "11: EDGE_WEIGHT_SECTION (line 6): expected 15 weights (LOWER_DIAG_ROW of 5 cities), found 10"
check "too long a matrix: exit 2 at the extra weight" \
  refused long-matrix.tsp "10: EDGE_WEIGHT_SECTION: unexpected '7' after the 6 weights (UPPER_ROW of 4 cities)"
check "asymmetric matrix: exit 2" refused asymmetric.tsp "9: EDGE_WEIGHT_SECTION: the matrix is not symmetric"
check "TYPE ATSP: exit 2" refused atsp.tsp "2: TYPE: expected TSP"
check "a misspelt keyword: exit 2 with a hint" refused unknown-keyword.tsp "3: unknown keyword 'DIMENSON' (did you mean 'DIMENSION'?)"
check "a node twice: exit 2" refused duplicate-node.tsp "8: NODE_COORD_SECTION: node 2 is given twice"
check "a bad coordinate: exit 2" refused bad-coordinate.tsp "7: NODE_COORD_SECTION: node 2: expected a number for X, got 'abc'"
check "20,000 cities: exit 2" refused too-many-cities.tsp "3: DIMENSION: expected an integer in [3, 10000], got '20000'"
check "Held-Karp refuses 26 cities: exit 2" \
  sh -c '"$0" solve tsp "$1/fri26.tsp" 2>&1 >/dev/null | grep -q "has 26 cities: Held-Karp takes at most 20"; [ $? -eq 0 ]' "$GAEXP" "$data"
check "solve tsp without a file: exit 2" sh -c '"$0" solve tsp 2>/dev/null; [ $? -eq 2 ]' "$GAEXP"

# The same refusal through an experiment file in another folder: the path
# is relative to the file, and the message names the TSPLIB file's line.
mkdir -p "$out/elsewhere/sub"
cp "$bad/truncated-matrix.tsp" "$out/elsewhere/cut.tsp"
printf 'problem = { name = "tsp"; file = "../cut.tsp"; };\n' > "$out/elsewhere/sub/cut.cfg"
( cd / && "$gaexp" run "$here/$out/elsewhere/sub/cut.cfg" --quiet --out "$here/$out/cut" ) > /dev/null 2> "$out/err"
status=$?
check "run: a truncated matrix is refused (exit 2)" [ "$status" -eq 2 ]
check "run: the message names the file and line, resolved from the experiment file's folder" \
  grep -q "elsewhere/cut.tsp:11: EDGE_WEIGHT_SECTION (line 6): expected 15 weights" "$out/err"

# configs/tsp.cfg from another working folder: berlin52 (its file relative
# to the experiment file), the gap to the optimum reported.
cfg=$(cd "$srcdir" && pwd)/configs/tsp.cfg
( cd / && "$gaexp" run "$cfg" --seed 1 --quiet --set ga.stop.generations=100 --out "$here/$out/berlin52" )
check "configs/tsp.cfg runs from another folder" [ $? -eq 0 ]
check "best.txt: berlin52's tour, its length and the gap" \
  grep -qE "^berlin52: 52 cities, length [0-9]+, optimum 7542 \(TSPLIB's published optimum\), gap [0-9.]+%$" \
  "$out/berlin52/best.txt"
check "best.txt: 52 distinct cities from city 1" sh -c \
  'grep -E "^[0-9 ]+$" "$0" | tr " " "\n" | sort -n | uniq | wc -l | grep -qx 52 && grep -q "^1 " "$0"' "$out/berlin52/best.txt"
check "generations.csv: best_length and gap_percent follow the standard columns" \
  [ "$(head -1 "$out/berlin52/generations.csv" | cut -d, -f10-)" = "best_length,gap_percent" ]
check "generations.csv: best_length = best + 7542 and gap_percent = 100 best / 7542 in every row" \
  awk -F, 'NR > 1 { if ($10 != $4 + 7542 || ($11 - 100 * $4 / 7542) ^ 2 > 1e-12) bad = 1 } END { exit bad || NR != 102 }' \
  "$out/berlin52/generations.csv"

# A random instance of 10 cities: its optimum by Held-Karp, which the GA reaches.
check "random 10 cities: the GA finds the optimum" "$GAEXP" run "$cfg" --seed 1 --quiet --out "$out/random" \
  --set 'problem={name="tsp";cities=10;seed=3;}' --set ga.population=50
check "random 10 cities: solved" grep -q "^# fitness 0 (0 = solved)" "$out/random/best.txt"
check "random 10 cities: the optimum is Held-Karp's" grep -q "optimum [0-9]* (Held-Karp's), gap 0.00%" "$out/random/best.txt"
check "the resolved configuration names the instance" grep -q "cities = 10;" "$out/random/config.cfg"
# config.cfg holds the optimum it resolved: run again from it, every file is
# the same (best.txt still names the optimum's source), and a given
# optimum that differs is named as given.
for inst in berlin52 random; do
  "$GAEXP" run "$out/$inst/config.cfg" --quiet --out "$out/$inst-again"
  check "$inst: a rerun of its config.cfg writes the same files" \
    diff -r -x times.csv -x config.cfg -x '*.png' -x '*.gp' "$out/$inst" "$out/$inst-again"
done
"$GAEXP" run "$out/berlin52/config.cfg" --quiet --set problem.optimum=7000 --set ga.stop.generations=1 --out "$out/given"
check "an optimum given by hand is named as given" grep -q "shorter than the optimum 7000 (problem.optimum)\|optimum 7000 (problem.optimum)" "$out/given/best.txt"
test_summary tsp
