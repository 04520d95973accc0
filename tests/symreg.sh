#!/bin/sh
# tests/symreg.sh — genetic programming for everyone: examples/symreg, a plug-in that brings
# its own primitive set to gaexp's tree genome (gaexp/tree.h), solves Koza's quartic; its
# best expression, read back independently, has the error gaexp reports; the run is the
# same at 1, 2 and 4 threads; gaexp evaluate computes a tree's error; bad data is one
# message naming the data file's line, exit 2.
. "${srcdir:-.}/tests/lib.sh"
test_folder symreg
src=${srcdir:-.}
mkdir -p "$out/p" "$out/elsewhere"
cp tests/.libs/symreg.so "$src/examples/symreg/symreg.cfg" "$src/examples/symreg/quartic.csv" "$out/p/"
quiet() { "$GAEXP" "$@" --quiet >/dev/null 2>&1; }

# ---- the shipped configuration, from another folder: ten seeded runs.
(cd "$out/elsewhere" && "$GAEXP" run ../p/symreg.cfg --out r --quiet) >/dev/null 2>"$out/err"
check "the quartic runs with the plug-in and its data beside the file" [ -s "$out/elsewhere/r/summary.csv" ]
check "config.cfg records the data file's hash" grep -q '^# input file [0-9a-f]\{16\} .*quartic.csv' "$out/elsewhere/r/config.cfg"
solved=$(awk -F, 'NR > 1 { s += $3 } END { print s + 0 }' "$out/elsewhere/r/summary.csv")
echo "# the quartic solved in $solved of 10 runs (population 500, 50 generations)"
check "the quartic solved in 8 runs of 10 or more ($solved)" [ "$solved" -ge 8 ]
check "the tree size is a column of the problem's own" [ "$(head -1 "$out/elsewhere/r/generations.csv" | cut -d, -f10-)" = mean_size ]

# best.txt's expression, read by Python: its sum of absolute errors over
# the data is the one gaexp reports (the evaluator and the printer agree).
check "best.txt: the expression's error, recomputed, is gaexp's" python3 - "$out/elsewhere/r/best.txt" "$out/p/quartic.csv" <<'PY'
import sys
lines = [l for l in open(sys.argv[1]) if not l.startswith("#")]
expr, stated = lines[0].strip(), float(lines[1].split()[4].rstrip(","))
data = [tuple(map(float, l.split(","))) for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")]
def value(x):
    import re
    # protected division: Koza's 1 where the divisor is 0
    code = re.sub(r"\(([^()]*) / ([^()]*)\)", r"div(\1, \2)", expr)
    return eval(code, {"x": x, "div": lambda a, b: 1.0 if b == 0 else a / b})
error = sum(abs(value(x) - y) for x, y in data)
sys.exit(0 if abs(error - stated) <= 1e-9 * (1 + stated) else 1)
PY

# ---- the same run at 1, 2 and 4 threads (times aside).
for j in 1 2 4; do quiet run "$out/p/symreg.cfg" --out "$out/j$j" --set ga.replicates=3 --jobs $j; done
check "2 threads: the same run" diff -r -x times.csv -x config.cfg "$out/j1" "$out/j2"
check "4 threads: the same run" diff -r -x times.csv -x config.cfg "$out/j1" "$out/j4"

# ---- gaexp evaluate: trees in plain numbers (symbols: 0 x, 1 the constant 1,
# 2 +, 3 -, 4 *, 5 /; prefix order, the 255 genes padded with 0).
tree() { python3 -c 'import sys; g = [int(v) for v in sys.argv[1:]]; print(" ".join(map(str, g + [0] * (255 - len(g)))))' "$@"; }
{ tree 0; tree 2 2 2 4 4 0 0 4 0 0 4 4 0 0 0 4 0 0 0; tree 5 0 3 0 0; } >"$out/in"
"$GAEXP" evaluate "$out/p/symreg.cfg" <"$out/in" >"$out/got" 2>"$out/err"
# x: sum |x - y| over the data; the quartic as x^4 + x^3 + x^2 + x in any grouping: 0; x / (x - x): 1 - y.
want=$(python3 -c '
import sys
d = [tuple(map(float, l.split(","))) for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
print("%.10g %.10g" % (sum(abs(x - y) for x, y in d), sum(abs(1 - y) for x, y in d)))' "$out/p/quartic.csv")
check "evaluate: x has the data's error" [ "$(sed -n 2p "$out/got" | awk '{ printf "%.10g", $1 }')" = "${want% *}" ]
check "evaluate: ((x^4 + x^3) + x^2) + x ... the quartic: error below 1e-12" \
  awk 'NR == 3 { exit !($1 < 1e-12) }' "$out/got"
check "evaluate: x / (x - x) is 1 everywhere (protected division)" [ "$(sed -n 4p "$out/got" | awk '{ printf "%.10g", $1 }')" = "${want#* }" ]

# ---- the GP options: hoist and shrink mutations keep every tree valid
# (--check), parsimony pressure keeps trees small (mean size after 30
# generations of 3 runs, without a stop at the target: 81 nodes without it,
# 17 with 0.01 per node when measured), ephemeral constants are one pool per
# configuration (two runs identical; another seed, other constants).
for m in hoist shrink; do
  check "the $m mutation: runs checked by --check" quiet run "$out/p/symreg.cfg" --check --set ga.replicates=2 \
    --set "ga.mutation.name=\"$m\"" --out "$out/m-$m"
done
long="--set ga.stop.fitness=-1 --set ga.stop.generations=30 --set ga.replicates=3"
# shellcheck disable=SC2086
quiet run "$out/p/symreg.cfg" $long --out "$out/lean0"
# shellcheck disable=SC2086
quiet run "$out/p/symreg.cfg" $long --set problem.parsimony=0.01 --out "$out/lean1"
size() { awk -F, '$2 == 30 { s += $10; n++ } END { printf "%d", s / n }' "$1/generations.csv"; }
check "parsimony 0.01: final trees less than half the size ($(size "$out/lean1") vs $(size "$out/lean0"))" \
  [ "$(size "$out/lean1")" -lt "$(($(size "$out/lean0") / 2))" ]
erc="--set problem.ephemeral.count=8 --set ga.replicates=2"
# shellcheck disable=SC2086
quiet run "$out/p/symreg.cfg" $erc --out "$out/erc1"
# shellcheck disable=SC2086
quiet run "$out/p/symreg.cfg" $erc --out "$out/erc2"
# shellcheck disable=SC2086
quiet run "$out/p/symreg.cfg" $erc --set problem.ephemeral.seed=2 --out "$out/erc3"
check "ephemeral constants: one pool per configuration (a rerun is identical)" \
  diff -r -x times.csv -x config.cfg "$out/erc1" "$out/erc2"
check "ephemeral constants: another seed draws another pool (other runs)" \
  sh -c '! cmp -s "$0/erc1/generations.csv" "$0/erc3/generations.csv"' "$out"

# ---- hoist and shrink at 1 and 4 threads, and a run killed with SIGKILL
# and resumed (its checkpoint every generation): the same files.
gp="--set ga.replicates=3 --set ga.stop.fitness=-1 --set ga.stop.generations=150 --set output.checkpoint=0.0"
for m in hoist shrink; do
  # shellcheck disable=SC2086
  quiet run "$out/p/symreg.cfg" $gp --set "ga.mutation.name=\"$m\"" --jobs 1 --out "$out/$m-j1"
  # shellcheck disable=SC2086
  quiet run "$out/p/symreg.cfg" $gp --set "ga.mutation.name=\"$m\"" --jobs 4 --out "$out/$m-j4"
  check "$m: 4 threads as 1" diff -r -x times.csv -x config.cfg "$out/$m-j1" "$out/$m-j4"
done
# shellcheck disable=SC2086
"$GAEXP" run "$out/p/symreg.cfg" $gp --set 'ga.mutation.name="hoist"' --out "$out/killed" --quiet & pid=$!
sleep 0.2; kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
if [ -e "$out/killed/checkpoint" ] || [ -e "$out/killed/commit" ]; then # a run to go on, or a commit to finish
  "$GAEXP" resume "$out/killed" --quiet
elif [ ! -e "$out/killed/summary.csv" ]; then # killed before its first checkpoint: started again
  # shellcheck disable=SC2086
  quiet run "$out/p/symreg.cfg" $gp --set 'ga.mutation.name="hoist"' --out "$out/killed" --force
fi
check "killed and resumed (or started again, or run to its end): the same files as uninterrupted" \
  diff -r -x times.csv -x config.cfg "$out/hoist-j1" "$out/killed"

# ---- bad data: one message naming the file's line, exit 2, no folder.
printf '# x,y\n0,0\n0.5,abc\n' >"$out/p/bad.csv"
"$GAEXP" run "$out/p/symreg.cfg" --set "problem.data=\"$out/p/bad.csv\"" --out "$out/bad" --quiet 2>"$out/bad.err"
status=$?
check "a bad data line: exit 2" [ "$status" -eq 2 ]
check "a bad data line: one message naming bad.csv:3" sh -c '[ "$(wc -l <"$0")" -eq 1 ] && grep -q "bad.csv:3: expected" "$0"' "$out/bad.err"
check "a bad data line: no folder" [ ! -e "$out/bad" ]
"$GAEXP" run "$out/p/symreg.cfg" --set 'problem.data=""' --out "$out/none" --quiet 2>"$out/none.err"
status=$?
check "no data file: exit 2 and the way to name one" sh -c '[ "$1" -eq 2 ] && grep -q "data = " "$0"' "$out/none.err" "$status"
test_summary symreg
