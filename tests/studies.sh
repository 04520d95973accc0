#!/bin/sh
# tests/studies.sh — the pbo and bbob studies' analysis (experiments/ecdf.py,
# experiments/pbo/theory.py) on exports made by hand, whose ECDFs are known,
# and the pbo study in miniature (one run a point, 200 evaluations), end to end.
. "${srcdir:-.}/tests/lib.sh"
test_folder studies
command -v python3 >/dev/null || skip_rest studies "python3 is missing"
top=$(cd "$srcdir" && pwd)

# export DIR ALGORITHM-SIZE NAME FUNCTION DIMENSION BUDGET RUN...: an IOHprofiler
# export as gaexp writes it, one function, a run "EVALS:E1,Y1;E2,Y2;..." each.
export_by_hand() {
  dir=$1/iohprofiler/$2/p001 name=$3 f=$4 d=$5 budget=$6; shift 6
  mkdir -p "$dir/data_f${f}_F"
  runs= sep=
  : > "$dir/data_f${f}_F/IOHprofiler_f${f}_DIM$d.dat"
  for run; do
    runs="$runs$sep{\"instance\": 1, \"evals\": ${run%%:*}}" sep=", "
    echo "evaluations raw_y fitness" >> "$dir/data_f${f}_F/IOHprofiler_f${f}_DIM$d.dat"
    echo "${run#*:}" | tr ';' '\n' | tr ',' ' ' | awk '{ print $1, -$2, $2 }' >> "$dir/data_f${f}_F/IOHprofiler_f${f}_DIM$d.dat"
  done
  cat > "$dir/IOHprofiler_f${f}_F.json" <<EOF
{"function_id": $f, "function_name": "F", "algorithm": {"name": "$name"}, "attributes": ["evaluations", "raw_y", "fitness"],
 "experiment_attributes": [{"settings": "ga.population = 1\nga.stop.evaluations = $budget\n"}],
 "scenarios": [{"dimension": $d, "path": "data_f${f}_F/IOHprofiler_f${f}_DIM$d.dat", "runs": [$runs]}]}
EOF
}

# bbob: one run at d = 2, f - f_opt 200 at evaluation 1, 1 at 10, 1e-9 at 100:
# 0 of COCO's 51 targets, then the 11 from 100 down to 1 (1 included), then all.
export_by_hand "$out/bbob" cmaes-d2 CMA-ES 1 2 200 "100:1,200;10,1;100,1e-9"
check "ecdf.py bbob runs" python3 "$top/experiments/ecdf.py" bbob "$out/bbob" "$out/bbob" cmaes
check "bbob: 11 of 51 targets at 10 evaluations (5 d), a target reached when equalled" \
  sh -c "sed -n '/^# d = 2, all 24/,/^\$/p' '$out/bbob/ecdf.dat' | grep -qx '5 0.215686'"
check "bbob: none before" sh -c "sed -n '/^# d = 2, all 24/,/^\$/p' '$out/bbob/ecdf.dat' | grep -qx '4.5 0.000000'"
check "bbob: every target at 100 (50 d)" \
  sh -c "sed -n '/^# d = 2, all 24/,/^\$/p' '$out/bbob/ecdf.dat' | grep -qx '50 1.000000'"
check "bbob: f1 counts in the separable group, not in the others" \
  sh -c "grep -q '^# d = 2, separable (f1-f5): CMA-ES (51 pairs)' '$out/bbob/ecdf.dat' &&
         grep -q '^# d = 2, multimodal, weak structure (f20-f24): CMA-ES (0 pairs)' '$out/bbob/ecdf.dat'"

# pbo: two runs of F1 at n = 16 whose first strings have fitness 4 and 6, so
# the targets are 5 (20 - k) / 20: run A from 4 (4 targets) to 0 at 50 (all
# 20), run B from 6 (none) to 3 at 30 (8) and 2 at 100 (12): 4, 12, 28 and 32
# of 40 pairs at 1, 30, 50 and 100 evaluations.
export_by_hand "$out/pbo" oneplusone-n16 "(1+1) EA" 1 16 100 "50:1,4;50,0" "100:1,6;30,3;100,2"
mkdir -p "$out/pbo/oneplusone-n16"
printf 'point,dir,problem.function,replicates,solved,ert,ert_low,ert_high\n1,p001,1,2,1,150,50,inf\n' \
  > "$out/pbo/oneplusone-n16/sweep.csv"
check "ecdf.py pbo runs" python3 "$top/experiments/ecdf.py" pbo "$out/pbo" "$out/pbo" oneplusone
for at in "1 0.100000" "29 0.100000" "30 0.300000" "50 0.700000" "100 0.800000"; do
  check "pbo: ECDF at ${at% *} evaluations ${at#* }" \
    sh -c "sed -n '/^# n = 16, OneMax/,/^\$/p' '$out/pbo/ecdf.dat' | grep -qx '$at'"
done
check "pbo: the ERT table has the sweep's ERT and runs solved, and the budget" \
  sh -c "grep -q '^F1 F  *150 (1)\$' '$out/pbo/ert.txt' && grep -q '^n = 16 (budget 100 evaluations a run)' '$out/pbo/ert.txt'"

# theory.py: the exact values (1 + E[T]), whatever the runs.
mkdir -p "$out/theory"
for alg in oneplusone onelambda lambdalambda; do
  for n in 16 64 100; do
    mkdir -p "$out/theory/$alg-n$n"
    printf 'point,dir,problem.function,replicates,solved,ert,ert_low,ert_high\n1,p001,1,1,1,1000,900,1100\n2,p002,2,1,1,1000,900,1100\n' \
      > "$out/theory/$alg-n$n/sweep.csv"
  done
done
check "theory.py runs" sh -c "python3 '$top/experiments/pbo/theory.py' '$out/theory' > '$out/theory.txt'"
# (1+1) EA on OneMax at n = 100: 1070.5 (configs/oneplusone.cfg, tests/test_theory);
# LeadingOnes: 1 + ((1 - 1/n)^(1-n) - (1 - 1/n)) / (2/n^2); the (1+10) EA with resampling.
check "theory: (1+1) EA, OneMax, n = 100: 1070.5" grep -q "OneMax (Markov chain) *100 *1070.5 " "$out/theory.txt"
leadingones() { grep -q "LeadingOnes (BDN 2010) *$1 *$2 " "$out/theory.txt"; }
check "theory: (1+1) EA, LeadingOnes, n = 16: 218.0" leadingones 16 218.0
check "theory: (1+1) EA, LeadingOnes, n = 64: 3508.5" leadingones 64 3508.5
check "theory: (1+1) EA, LeadingOnes, n = 100: 8574.4" leadingones 100 8574.4
check "theory: (1+10) EA>0, OneMax, n = 100: 894.0" grep -q "(1+10) EA>0, F1 OneMax (Markov chain) *100 *894.0 " "$out/theory.txt"

# The pbo study in miniature: 18 sweeps, exports, tables and figure in $out/run.
check "pbo study runs in miniature" env GAEXP="$GAEXP" sh "$top/experiments/pbo/run.sh" --out "$(pwd)/$out/run" \
  --replicates 1 --set ga.stop.evaluations=200 > "$out/run.log" 2>&1
check "pbo study: 25 functions at each n in ert.txt" [ "$(grep -c '^F[0-9]' "$out/run/ert.txt")" -eq 75 ]
names() { cat "$out"/run/iohprofiler/oneplusone-n*/p*/*.json | grep -o '"name": "[^"]*"' | sort -u; }
check "pbo study: one IOHprofiler algorithm name over the three n" [ "$(names | wc -l)" -eq 1 ]
check "pbo study: the (1+1) EA's name is its own" grep -q '"name": "(1+1) EA' "$out/run/iohprofiler/oneplusone-n64/p001/IOHprofiler_f1_OneMax.json"

test_summary studies
