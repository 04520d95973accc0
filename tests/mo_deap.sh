#!/bin/sh
# tests/mo_deap.sh — the DEAP peer of the multi-objective comparison
# (bench/mo_deap.py) at a tiny budget: its CSV files' shape, the same files
# for the same seed, its objective values those of problems/mo's functions
# (tests/mo_eval) within 1e-12; and bench/mo_compare on hand-made fronts:
# each run's hypervolume, gaexp's replicate and violation columns, the
# seconds beside the files, R's Mann-Whitney p-values.  Skipped (77) without
# Debian's python3-deap.
. "${srcdir:-.}/tests/lib.sh"
python=/usr/bin/python3
"$python" -c 'import deap' 2>/dev/null || skip_rest mo_deap "$python has no deap (Debian python3-deap)"
test_folder mo_deap
deap() { "$python" "$srcdir/bench/mo_deap.py" --population 8 --generations 3 "$@"; }

# ---- bench/mo_deap.py
check "zdt1 runs" deap --problem zdt1 --seed 1 --out "$out/zdt1-a"
check "zdt1 runs again" deap --problem zdt1 --seed 1 --out "$out/zdt1-b"
check "zdt1 runs with another seed" deap --problem zdt1 --seed 2 --out "$out/zdt1-c"
check "dtlz2 runs" deap --problem dtlz2 --seed 1 --out "$out/dtlz2"

# shape NAME FILE HEADER COLUMNS: the header, 1 to 8 rows of COLUMNS numbers
shape() {
  awk -F, -v header="$3" -v columns="$4" '
    NR == 1 { ok = $0 == header; next }
    { ok = ok && NF == columns; for (i = 1; i <= NF; i++) ok = ok && $i ~ /^-?[0-9.]+(e-?[0-9]+)?$/ }
    END { exit !(ok && NR >= 2 && NR <= 9) }' "$2"
}
x30=$(seq 1 30 | sed 's/^/x/' | paste -sd,); x12=$(seq 1 12 | sed 's/^/x/' | paste -sd,)
check "zdt1's front.csv: f1,f2 and 1 to 8 rows" shape zdt1 "$out/zdt1-a/front.csv" f1,f2 2
check "zdt1's variables.csv: x1..x30" shape zdt1 "$out/zdt1-a/variables.csv" "$x30" 30
check "dtlz2's front.csv: f1,f2,f3" shape dtlz2 "$out/dtlz2/front.csv" f1,f2,f3 3
check "dtlz2's variables.csv: x1..x12" shape dtlz2 "$out/dtlz2/variables.csv" "$x12" 12
check "as many variable rows as front rows" [ "$(wc -l < "$out/zdt1-a/front.csv")" = "$(wc -l < "$out/zdt1-a/variables.csv")" ]
check "run.csv: 8 x 3 evaluations" sh -c 'tail -n 1 "$1" | grep -q "^zdt1,1,8,3,24,[0-9.]*$"' - "$out/zdt1-a/run.csv"
check "the same seed, the same front" cmp "$out/zdt1-a/front.csv" "$out/zdt1-b/front.csv"
check "the same seed, the same variables" cmp "$out/zdt1-a/variables.csv" "$out/zdt1-b/variables.csv"
check "another seed, another front" sh -c '! cmp -s "$1" "$2"' - "$out/zdt1-a/front.csv" "$out/zdt1-c/front.csv"
check "a population not a multiple of 4 is refused (exit 2)" sh -c \
  '"$1" "$2" --problem zdt1 --seed 1 --population 10 --out "$3" 2>&1; [ $? -eq 2 ]' - "$python" "$srcdir/bench/mo_deap.py" "$out/bad"

# agree FUNCTION M DIR: DEAP's objectives of its points are mo_functions' within 1e-12
agree() {
  ./tests/mo_eval "$1" "$2" < "$3/variables.csv" > "$3/ours.csv" &&
  tail -n +2 "$3/front.csv" | paste -d, - "$3/ours.csv" | awk -F, -v m="$2" '
    { for (j = 1; j <= m; j++) { d = $j - $(j + m); if (d < 0) d = -d; s = $j < 0 ? -$j : $j
        if (d > 1e-12 * (s > 1 ? s : 1)) bad++ } }
    END { exit !(NR >= 1 && bad == 0) }'
}
check "zdt1: DEAP's objectives are mo_functions'" agree zdt1 2 "$out/zdt1-a"
check "dtlz2: DEAP's objectives are mo_functions'" agree dtlz2 3 "$out/dtlz2"
check "mo_eval tells DTLZ2 m = 3 from m = 2 (n = 12 fits both)" sh -c \
  './tests/mo_eval dtlz2 2 < "$1/variables.csv" | head -n 1 | grep -q "^[^,]*,[^,]*$"' - "$out/dtlz2"

# ---- bench/mo_hv and bench/mo_compare on hand-made fronts, ZDT1's reference point (1.1, 1.1)
# (mo_compare runs the mo_hv of this build: in a VPATH build it is not beside the script)
MO_HV=$(pwd)/bench/mo_hv
export MO_HV
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(d < 1e-12 && d > -1e-12) }'; }
hv=$(printf 'r,0.1,0.9\nr,0.5,0.5\ns,0.5,0.5\n' | ./bench/mo_hv zdt1)
check "mo_hv: 1 x 0.2 + 0.6 x 0.4 = 0.44" near "$(echo "$hv" | sed -n 's/^r,\([^,]*\),.*/\1/p')" 0.44
check "mo_hv: a run a label, 0.6 x 0.6 = 0.36" near "$(echo "$hv" | sed -n 's/^s,\([^,]*\),.*/\1/p')" 0.36
check "mo_hv: the share of the exact 1.21 - 1/3" near "$(echo "$hv" | sed -n 's/^r,[^,]*,//p')" "$(awk 'BEGIN { printf "%.17g", 0.44 / (1.21 - 1 / 3) }')"
check "mo_hv: a row without objectives is refused (exit 2)" sh -c 'echo r | ./bench/mo_hv zdt1 2>/dev/null; [ $? -eq 2 ]'

if command -v Rscript > /dev/null; then
  # gaexp's form: two replicates, an infeasible point (which would dominate everything) left out
  mkdir -p "$out/hand"
  printf 'replicate,f1,f2,violation\n1,0.1,0.9,0\n1,0.5,0.5,0\n2,0.5,0.5,0\n2,0,0,1\n' > "$out/hand/front.csv"
  printf 'replicate,seconds,evaluations_per_second\n1,2,1\n2,4,1\n' > "$out/hand/times.csv"
  row=$("$python" "$srcdir/bench/mo_compare" zdt1 hand "$out/hand/front.csv" -- deap "$out"/zdt1-?/front.csv)
  echo "# $row"
  check "mo_compare: the replicates' median 0.4, the infeasible point left out" sh -c 'echo "$1" | grep -q "| hand: 2 runs, 0.400000 (0.4563) |"' - "$row"
  check "mo_compare: the DEAP side's three runs" sh -c 'echo "$1" | grep -q "| deap: 3 runs, "' - "$row"
  check "mo_compare: times.csv's median seconds" sh -c 'echo "$1" | grep -q "| 3 | [0-9.e-]* |$"' - "$row"
  # five runs each, every one of the first below every one of the second: exact p = 2/252, 1/252;
  # the first's hypervolumes 0.3, 0.24, 0.18, 0.12, 0.03: median 0.18, mean 0.174
  mkdir -p "$out/ranks"
  for i in 1 2 3 4 5; do
    printf 'f1,f2\n0.5,%s\n' "$(echo 0.6 0.7 0.8 0.9 1.05 | cut -d' ' -f$i)" > "$out/ranks/low$i.csv"
    printf 'f1,f2\n0.5,0.%d\n' "$i" > "$out/ranks/high$i.csv"
  done
  row=$("$python" "$srcdir/bench/mo_compare" zdt1 low "$out"/ranks/low?.csv -- high "$out"/ranks/high?.csv --header)
  echo "$row" | sed 's/^/# /'
  check "mo_compare: the median hypervolume" sh -c 'echo "$1" | grep -q "| low: 5 runs, 0.180000 (0.2053) |"' - "$row"
  check "mo_compare: Mann-Whitney's exact p-values" sh -c 'echo "$1" | grep -q "| 0.00794 | 0.00397 | - | - |$"' - "$row"
  check "mo_compare: the table's header" sh -c 'echo "$1" | head -n 1 | grep -q "^| function | low: median HV"' - "$row"
else
  echo "# no Rscript: bench/mo_compare not tested"
fi
test_summary mo_deap
