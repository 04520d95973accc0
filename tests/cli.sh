#!/bin/sh
# tests/cli.sh — the gaexp command as a user meets it: help, list, the exact
# baseline's published counts, the 5x5 demo on 20 seeds, output-folder safety.
. "${srcdir:-.}/tests/lib.sh"
test_folder cli
prints() { # pattern, then a gaexp command line whose stdout must contain it
  pattern=$1; shift
  "$GAEXP" "$@" >"$out/stdout" 2>"$out/stderr" && grep -qF -- "$pattern" "$out/stdout"
}

check "--help" prints "Usage: gaexp COMMAND" --help
check "--version" prints "gaexp " --version
check "help run" prints "Usage: gaexp run FILE.cfg" help run
check "run --help" prints "--set PATH=VAL" run --help
check "solve --help" prints "gaexp solve derful --n N" solve --help
check "list --help" prints "Usage: gaexp list" list --help
check "list names derful" prints "derful" list
check "list names the published operators" prints "checkcontain" list
check "no command is a usage error" sh -c '"$0" >/dev/null 2>&1; [ $? -eq 2 ]' "$GAEXP"
check "unknown command is a usage error" sh -c '"$0" frobnicate 2>/dev/null; [ $? -eq 2 ]' "$GAEXP"

# Files that are not experiment files: one message each, exit 2, nothing written.
printf 'problem = { name = "derful"; };\0' >"$out/nul.cfg"
refused() { # file, expected message
  "$GAEXP" run "$1" --out "$out/never" >/dev/null 2>"$out/file.stderr"
  [ $? -eq 2 ] && [ "$(wc -l <"$out/file.stderr")" -eq 1 ] && grep -qF -- "$2" "$out/file.stderr" &&
    [ ! -e "$out/never" ]
}
check "a folder is refused" refused "$out" "cannot read the file: it is a folder"
check "a missing file is refused" refused "$out/missing.cfg" "cannot read the file: No such file"
check "a binary file is refused" refused "$out/nul.cfg" "not a text file"

# The exact baseline against the published figures.
check "2x2: exactly one game" prints "total: 1 games, sums 20..20" solve derful --n 2
check "3x3: 358 games, sums 12..30" prints "total: 358 games, sums 12..30" solve derful --n 3
check "3x3: one game per multiset" prints "card multisets: 358, at most 1 game per multiset" solve derful --n 3
check "solve refuses n=6" sh -c '"$0" solve derful --n 6 2>/dev/null; [ $? -eq 2 ]' "$GAEXP"
check "5x5: estimated games per S, with intervals" prints "95% interval" solve derful --n 5 --samples 20000
check "5x5 estimate: S = 31 has games" sh -c '"$0" solve derful --n 5 --samples 20000 | awk '"'"'$1 == 31 && $2 > 1e8 { ok = 1 } END { exit !ok }'"'"'' "$GAEXP"
check "3x3 estimate near the 358 games" sh -c '"$0" solve derful --n 3 --estimate --samples 100000 | awk '"'"'/^total/ { t = $2 + 0 } END { exit !(t > 340 && t < 376) }'"'"'' "$GAEXP"
check "--list refuses the estimate" sh -c '"$0" solve derful --n 5 --list 2>/dev/null; [ $? -eq 2 ]' "$GAEXP"
check "4x4 counted exactly: 251212 games" prints "total: 251212 games, sums 17..40" solve derful --n 4 --exact
check "5x5 counted exactly, top sums" prints "total: 69339 games, sums 45..49" solve derful --n 5 --sums 45..49
check "5x5 exact: S = 49 has 16 games" sh -c '"$0" solve derful --n 5 --exact --sums 49..49 | awk '"'"'$1 == 49 && $2 == 16 { ok = 1 } END { exit !ok }'"'"'' "$GAEXP"
check "--exact with --estimate refused" sh -c '"$0" solve derful --n 3 --exact --estimate 2>/dev/null; [ $? -eq 2 ]' "$GAEXP"
check "--sums without --exact refused" sh -c '"$0" solve derful --n 3 --sums 12..14 2>/dev/null; [ $? -eq 2 ]' "$GAEXP"
check "--sums outside the game refused" sh -c '"$0" solve derful --n 3 --exact --sums 40..50 2>/dev/null; [ $? -eq 2 ]' "$GAEXP"
check "--sums LO..HI format" sh -c '"$0" solve derful --n 3 --exact --sums 12 2>/dev/null; [ $? -eq 2 ]' "$GAEXP"

# The animal puzzle: the published level 50, its one answer, and the level designer.
level50="$srcdir/configs/animals/level50.txt"
check "solve --help names animals" prints "gaexp solve animals FILE [--count]" solve --help
check "level 50: the published answer, top row" prints "  panda  lion     monkey" solve animals "$level50"
check "level 50: the published answer, middle row" prints "  tiger  hippo    lion" solve animals "$level50"
check "level 50: the published answer, bottom row" prints "  panda  elephant hippo" solve animals "$level50"
check "level 50: one solution" prints "solutions (N):                  1" solve animals "$level50"
check "level 50: difficulty" prints "difficulty (D):                 45.6166" solve animals "$level50"
check "--count prints no board" sh -c '"$0" solve animals "$1" --count | grep -q -v "panda  lion" &&
  ! "$0" solve animals "$1" --count | grep -q "solution 1:"' "$GAEXP" "$level50"
printf 'pieces: hippo lion*3 panda*5\nheight hippo 3\nhigher lion hippo\n' >"$out/none.txt"
check "no solution: D undefined" prints "difficulty (D):                 undefined (no solution)" solve animals "$out/none.txt"
check "solve animals without a file is a usage error" sh -c '"$0" solve animals 2>/dev/null; [ $? -eq 2 ]' "$GAEXP"
check "a missing puzzle file is refused" sh -c '"$0" solve animals "$1/missing.txt" 2>/dev/null; [ $? -eq 2 ]' "$GAEXP" "$out"
check "design --help lists the designers" prints "gaexp design animals --difficulty D" design --help
check "design animals --help" prints "Usage: gaexp design animals --difficulty D" design animals --help
check "help lists design" prints "design PROBLEM" --help
check "design refuses D out of range" sh -c '"$0" design animals --difficulty 500 2>"$1/design.err"; [ $? -eq 2 ] &&
  grep -qF "expected a number in [7.5, 150], got '"'"'500'"'"'" "$1/design.err"' "$GAEXP" "$out"
check "design refuses a bad seed" sh -c '"$0" design animals --difficulty 30 --seed x 2>/dev/null; [ $? -eq 2 ]' "$GAEXP"
check "design needs --difficulty" sh -c '"$0" design animals 2>/dev/null; [ $? -eq 2 ]' "$GAEXP"
check "design knows only animals" sh -c '"$0" design derful --difficulty 30 2>/dev/null; [ $? -eq 2 ]' "$GAEXP"
for seed in 1 2 3; do
  "$GAEXP" design animals --difficulty 40 --seed "$seed" --out "$out/design-$seed.txt" 2>"$out/design-$seed.err"
  check "design seed $seed: written" [ -s "$out/design-$seed.txt" ]
  check "design seed $seed: unique" prints "solutions (N):                  1" solve animals "$out/design-$seed.txt"
  "$GAEXP" design animals --difficulty 40 --seed "$seed" >"$out/design-$seed-again.txt" 2>/dev/null
  check "design seed $seed: the same puzzle again" cmp -s "$out/design-$seed.txt" "$out/design-$seed-again.txt"
  check "design seed $seed: reports D" grep -q "^gaexp: design animals: D [0-9.]* for target 40" "$out/design-$seed.err"
done

# Forty Thieves: seeded deals, and the AutoStart baselines on study positions.
studies="$srcdir/tests/data/fortythieves/studies.deal"
check "deal --help" prints "Usage: gaexp deal --seed K" deal --help
check "solve --help names fortythieves" prints "gaexp solve fortythieves FILE" solve --help
check "deal 1 is the golden deal" prints "JC 10D AH 10C" deal --seed 1
check "deal --count" sh -c '[ "$("$0" deal --seed 5 --count 7 | grep -c "^deal seed-")" -eq 7 ]' "$GAEXP"
"$GAEXP" deal --seed 1 --count 50 >"$out/deals.deal"
check "deals are solved" sh -c '"$0" solve fortythieves "$1" --summary >"$2" && [ "$(grep -c "^seed-" "$2")" -eq 50 ]' \
  "$GAEXP" "$out/deals.deal" "$out/deals.out"
check "the summary compares with the optimum" grep -q "^greedy below the optimum: " "$out/deals.out"
check "greedy trap: 2, 2, 5" prints "greedy-trap              8         2         2         5" solve fortythieves "$studies"
check "empty column: 0, 0, 1" prints "empty-column             6         0         0         1" solve fortythieves "$studies"
check "moves are listed" prints "optimal:   AS 1->F 2S 3->F 3S 3->F 4S 3->F 5S 3->F" \
  solve fortythieves "$studies" --moves --position greedy-trap
check "one method" sh -c '"$0" solve fortythieves "$1" --method greedy --position park | grep -q "^park  *4  *0$"' \
  "$GAEXP" "$studies"
check "an unknown position is a usage error" sh -c '"$0" solve fortythieves "$1" --position nowhere 2>/dev/null; [ $? -eq 2 ]' \
  "$GAEXP" "$studies"
check "deal needs a seed" sh -c '"$0" deal 2>/dev/null; [ $? -eq 2 ]' "$GAEXP"

# The demo: a 5x5 grid whose ten lines all sum to 31, for every seed 1..20.
demo="$srcdir/configs/derful5.cfg"
solved=0
for seed in $(seq 1 20); do
  dir="$out/demo-$seed"
  "$GAEXP" run "$demo" --seed "$seed" --out "$dir" --quiet --set output.plot=false || continue
  rows=$(grep -c '| 31$' "$dir/best.txt")
  cols=$(grep -c '^ 31 31 31 31 31$' "$dir/best.txt")
  [ "$rows" -eq 5 ] && [ "$cols" -eq 1 ] && grep -q "^1,$seed,1,0," "$dir/summary.csv" &&
    solved=$((solved + 1))
done
check "derful5 solves 31 on all 20 seeds (solved $solved)" [ "$solved" -eq 20 ]
check "no temporary files are left" sh -c '! ls "$0"/demo-1/*.part >/dev/null 2>&1' "$out"
check "times live apart from results" grep -q "^replicate,seconds" "$out/demo-1/times.csv"

# Output safety: an existing folder is kept unless --force.
before=$(cat "$out/demo-1/generations.csv" "$out/demo-1/summary.csv" | cksum)
check "existing output folder is refused" sh -c '"$0" run "$1" --seed 2 --out "$2" --quiet 2>/dev/null; [ $? -eq 2 ]' "$GAEXP" "$demo" "$out/demo-1"
check "refused folder is untouched" [ "$before" = "$(cat "$out/demo-1/generations.csv" "$out/demo-1/summary.csv" | cksum)" ]
check "--force overwrites" "$GAEXP" run "$demo" --seed 2 --out "$out/demo-1" --quiet --force --set output.plot=false
check "--force wrote the new run" grep -q "^1,2,1,0," "$out/demo-1/summary.csv"

# Plots: without gnuplot a notice and complete CSVs; the script is always kept.
GNUPLOT= "$GAEXP" run "$demo" --seed 3 --out "$out/noplot" >/dev/null 2>"$out/noplot.stderr"
check "without gnuplot the run succeeds" [ $? -eq 0 ]
check "without gnuplot a notice" grep -q "gnuplot is not installed" "$out/noplot.stderr"
check "without gnuplot no png" [ ! -e "$out/noplot/fitness.png" ] 
check "without gnuplot the script is kept" [ -s "$out/noplot/fitness.gp" ]
if command -v gnuplot >/dev/null 2>&1; then
  "$GAEXP" run "$demo" --seed 3 --out "$out/plot" --quiet
  check "with gnuplot a png" sh -c 'head -c 8 "$0" | grep -q PNG' "$out/plot/fitness.png"
fi

# A full disk while the files are committed (every write to
# summary.csv.part fails with ENOSPC, injected by strace): one message,
# exit 1, and the folder's earlier run intact.
"$GAEXP" run "$demo" --seed 2 --out "$out/full" --quiet --force --set output.plot=false
cp -r "$out/full" "$out/full.before"
full=$(cd "$out/full" && pwd)
inject -o /dev/null -P "$full/summary.csv.part" -e trace=write -e inject=write:error=ENOSPC \
  "$GAEXP" run "$demo" --seed 4 --out "$out/full" --quiet --force --set output.plot=false 2>"$out/full.stderr"
check "a full disk: exit status 1" [ $? -eq 1 ]
check "a full disk: one message naming the file" \
  [ "$(cat "$out/full.stderr")" = "gaexp: cannot write $out/full/summary.csv: No space left on device" ]
check "a full disk: the earlier run is intact" diff -r "$out/full" "$out/full.before"

# A symlink planted at a temporary name is replaced, never followed.
echo precious >"$out/precious"
ln -s ../precious "$out/full/summary.csv.part"
"$GAEXP" run "$demo" --seed 4 --out "$out/full" --quiet --force --set output.plot=false
check "a planted symlink: the run succeeds" [ $? -eq 0 ]
check "a planted symlink: its target untouched" [ "$(cat "$out/precious")" = precious ]
check "a planted symlink: summary.csv a regular file" eval '[ -f "$out/full/summary.csv" ] && [ ! -L "$out/full/summary.csv" ]'

test_summary cli
