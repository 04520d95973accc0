#!/bin/sh
# tests/progress.sh — the live line of 'gaexp run' on a terminal (through script(1)):
# evaluations per second, an ETA bounded by the budget until a replicate has
# finished, then one predicted from the finished replicates; silent off a terminal.
# The replicates run their whole budget (4 M evaluations each), so each draws lines.
. "${srcdir:-.}/tests/lib.sh"
test_folder progress
command -v script >/dev/null 2>&1 || skip_rest progress "script(1) is missing"
cfg="$srcdir/configs/derful5.cfg"
script -q -c "$GAEXP run $cfg --replicates 4 --set ga.population=20000 --set ga.stop.generations=200 --set ga.stop.fitness=-1 --out $out/run" \
  "$out/typescript" >/dev/null 2>&1
tr '\r' '\n' < "$out/typescript" | sed 's/\x1b\[K//g' | grep -a '^replicate' > "$out/lines"
check "the live line was drawn" [ -s "$out/lines" ]
check "it shows evaluations per second" grep -q ' [0-9.]* [kM]* *evaluations/s' "$out/lines"
check "an upper bound during the first replicate" sh -c '! grep "^replicate 1/4" "$0" | grep "ETA" | grep -qv "ETA at most"' "$out/lines"
check "then a prediction" grep -q '^replicate [234]/4 .*ETA ~[0-9]* s' "$out/lines"
"$GAEXP" run "$cfg" --replicates 2 --out "$out/quiet" 2>"$out/quiet.err" >/dev/null
check "silent off a terminal" sh -c '! grep -q "evaluations/s" "$0"' "$out/quiet.err"
test_summary "progress"
