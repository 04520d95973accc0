#!/bin/sh
# tests/trust_locks.sh — one writer per folder, and readers that trust no file
# (issue 27, points 7 and 12): 'gaexp plot' takes the folder's lock (beside a
# sweep it is refused, and the sweep ends well); 'report' refuses a
# summary.csv with a missing or repeated row; 'export' and 'report' follow no
# point folder of a crafted index.csv out of the sweep.
. "${srcdir:-.}/tests/lib.sh"
test_folder trust_locks
out=$(cd "$out" && pwd)
case $GAEXP in /*) ;; *) GAEXP=$(pwd)/$GAEXP ;; esac
refused() { # STDERR-FILE MESSAGE COMMAND...: exit 2 and one line holding MESSAGE
  err=$1 message=$2; shift 2
  "$@" >/dev/null 2>"$err"
  [ $? -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -qF -- "$message" "$err"
}
cat >"$out/sweep.cfg" <<EOT
problem = { name = "onemax"; bits = 400; };
ga = { seed = 2; population = 100; replicates = 2; stop = { generations = 1500; fitness = -1.0; }; };
output = { plot = true; };
sweep = ( { set = "ga.mutation.rate"; values = [0.001, 0.002, 0.003]; } );
EOT

# ---- plot beside a sweep: refused while the sweep runs, which ends well
"$GAEXP" sweep "$out/sweep.cfg" --out "$out/busy" --quiet & pid=$!
wait_until "$pid" [ -e "$out/busy/p001/summary.csv" ] || true
tries=0 refusals=0
while kill -0 "$pid" 2>/dev/null && [ "$tries" -lt 9 ]; do
  "$GAEXP" plot "$out/busy" >/dev/null 2>"$out/plot.err" && : || { [ $? -eq 2 ] && grep -q "is in use" "$out/plot.err" && refusals=$((refusals + 1)); }
  tries=$((tries + 1))
done
wait "$pid"
check "a sweep with plot beside it ends well" [ $? -eq 0 ]
check "plot beside a running sweep is refused ($refusals of $tries tries)" [ "$refusals" -ge 1 ]
check "the sweep's figures are whole" [ -s "$out/busy/curves.png" ] && [ -s "$out/busy/sweep.csv" ]
"$GAEXP" plot "$out/busy" >/dev/null 2>&1
check "plot once the sweep ended" [ $? -eq 0 ]

# ---- report refuses a summary.csv with a row missing or repeated
"$GAEXP" sweep "$out/sweep.cfg" --out "$out/s" --quiet --set ga.stop.generations=20 --set output.plot=false
cp -r "$out/s" "$out/missing"
sed -i '2d' "$out/missing/p002/summary.csv"
check "report: a missing row is refused" refused "$out/e1" "$out/missing/p002/summary.csv:2: replicate: expected 1" \
  "$GAEXP" report "$out/missing"
cp -r "$out/s" "$out/twice"
sed -n '2p' "$out/twice/p001/summary.csv" >>"$out/twice/p001/summary.csv"
check "report: a repeated row is refused" refused "$out/e2" "$out/twice/p001/summary.csv:4: replicate: expected 3" \
  "$GAEXP" report "$out/twice"

# ---- a crafted index.csv: no path out of the sweep
mkdir -p "$out/outside"
cp -r "$out/s/p001" "$out/outside/victim"
cp -r "$out/s" "$out/crafted"
sed -i 's|^2,p002,|2,../outside/victim,|' "$out/crafted/index.csv"
check "export: a crafted index.csv is refused" refused "$out/e3" "index.csv:3: expected point 2 in folder p002" \
  "$GAEXP" export --format iohprofiler "$out/crafted" "$out/crafted-export"
check "export: nothing written outside its folder" [ ! -e "$out/outside/victim/IOHprofiler_f5_onemax.info" ]
check "export: nothing written in OUT either (every row is checked first)" [ -z "$(ls -A "$out/crafted-export" 2>/dev/null)" ]
check "report: a crafted index.csv is refused" refused "$out/e4" "index.csv:3: expected point 2 in folder p002" \
  "$GAEXP" report "$out/crafted"

test_summary trust_locks
