#!/bin/sh
# tests/report.sh — 'gaexp report': ERT on a hand-computed folder, the ranking rule on
# a derful-rates case, a run folder, and every malformed summary.csv refused.
. "${srcdir:-.}/tests/lib.sh"
test_folder report
header=replicate,seed,solved,best,generation_found,evaluations,stop

# A run folder: (100 + 300 + 200 + 500) / 2 solved = ERT 550, exactly.
summary_csv "$out/run" 1,100 0,300 1,200 0,500
"$GAEXP" report "$out/run" > "$out/run.txt" 2> "$out/run.err"
check "a run folder is reported" [ $? -eq 0 ]
check "one line per replicate" [ "$(grep -c '^ *[1-4] ' "$out/run.txt")" -eq 4 ]
check "its ERT is 550" grep -q '^ERT 550 \[' "$out/run.txt"
check "its success rate" grep -q '^solved 2/4 (50%' "$out/run.txt"
check "no comparison against itself" sh -c '! grep -q "p vs best\|^1 *\\. " "$0"' "$out/run.txt"

# A sweep like derful-rates p004 / p001: p004 has the lower mean (19,529 against 20,471),
# p001 is significantly faster by the rank test (p = 0.005): the rule ranks p001 first.
mkdir -p "$out/sweep"
printf 'point,dir,ga.mutation.rate\n1,p001,0.2\n2,p002,0.05\n3,p003,1\n' > "$out/sweep/index.csv"
summary_csv "$out/sweep/p001" 1,16957 1,19568 1,19582 1,22924 1,22511 1,20785 1,18787 1,16555 1,20040 1,17581
summary_csv "$out/sweep/p002" 1,14234 1,17273 1,15382 1,76006 1,13250 1,11817 1,12899 1,16253 1,17372 1,10223
summary_csv "$out/sweep/p003" 1,90000 0,100000 1,80000 0,100000 1,70000 0,100000 1,85000 1,95000 1,99000 1,91000
"$GAEXP" report "$out/sweep" > "$out/sweep.txt"
check "the report runs" [ $? -eq 0 ]
check "the significantly faster point is first" grep -q '^1 *p002 *0.05 ' "$out/sweep.txt"
check "the lower mean second" grep -q '^2 *p001 *0.2 ' "$out/sweep.txt"
check "ERT of p001 is its mean" grep -q '^2 *p001 .* 19529 \[' "$out/sweep.txt"
check "ERT of p003: 910000 / 7" grep -q '^3 *p003 .* 130000 \[' "$out/sweep.txt"
check "the rule is stated" grep -q "never stands above one significantly better" "$out/sweep.txt"

# Every bad value: one message with file:line and the allowed range, exit 2.
bad() { # expected message, then the row
  rm -rf "$out/bad"; mkdir -p "$out/bad"
  printf '%s\n1,1,1,0,3,100,target\n%s\n' "$header" "$2" > "$out/bad/summary.csv"
  "$GAEXP" report "$out/bad" > "$out/bad.out" 2> "$out/bad.err"
  [ $? -eq 2 ] && [ "$(wc -l < "$out/bad.err")" -eq 1 ] && grep -qF -- "$1" "$out/bad.err" && [ ! -s "$out/bad.out" ]
}
check "nan" bad "summary.csv:3: best: expected a finite number >= 0, got 'nan'" "2,2,0,nan,3,100,generations"
check "inf" bad "summary.csv:3: best: expected a finite number >= 0, got 'inf'" "2,2,0,inf,3,100,generations"
check "solved=7" bad "summary.csv:3: solved: expected an integer in [0, 1], got '7'" "2,2,7,0,3,100,target"
check "evaluations=-1" bad "summary.csv:3: evaluations: expected an integer in [0, 18446744073709551615], got '-1'" "2,2,1,0,3,-1,target"
check "evaluations=nan" bad "summary.csv:3: evaluations: expected an integer" "2,2,1,0,3,nan,target"
check "a short row" bad "summary.csv:3: expected 7 fields" "2,2,1,0"
check "an unknown stop reason" bad "summary.csv:3: stop: expected generations, evaluations, seconds, target or stagnation, got 'bored'" "2,2,0,3,3,100,bored"
check "replicate 0" bad "summary.csv:3: replicate: expected an integer in [1, 1000000000], got '0'" "0,2,1,0,3,5,target"
rm -rf "$out/empty"; mkdir -p "$out/empty"; : > "$out/empty/summary.csv"
"$GAEXP" report "$out/empty" 2> "$out/empty.err"
check "an empty summary.csv: exit 2" [ $? -eq 2 ]
check "and a message" grep -q "summary.csv: empty; expected the header" "$out/empty.err"
echo "$header" > "$out/empty/summary.csv"
"$GAEXP" report "$out/empty" 2> "$out/empty.err"
check "a header alone: exit 2" [ $? -eq 2 ]
check "and a message" grep -q "summary.csv: no replicate finished" "$out/empty.err"
# In a sweep, the bad point's file is named.
printf '%s\n1,1,5,0,3,100,target\n' "$header" > "$out/sweep/p003/summary.csv"
"$GAEXP" report "$out/sweep" > /dev/null 2> "$out/sweep.err"
check "a bad point of a sweep: exit 2" [ $? -eq 2 ]
check "naming its file and line" grep -qF "sweep/p003/summary.csv:2: solved: expected an integer in [0, 1], got '5'" "$out/sweep.err"
test_summary "report"
