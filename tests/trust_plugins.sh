#!/bin/sh
# tests/trust_plugins.sh — a plug-in cannot lie (issue 27, point 5), with
# tests/plugin_liar.c, a tour problem whose hooks misbehave on request once a
# tour is shorter than problem.below (some generations in):
#  - a fitness of NaN, +inf or below 0 stops the run: exit 2, one message
#    naming the plug-in, the hook and the generation; the checkpoint kept;
#  - a best genome that is not valid (a crossover that breaks permutations)
#    is refused; --check finds the operator at once, and a data race in
#    evaluate (evaluated again on other threads), within seconds;
#  - a crash (SIGSEGV, SIGFPE, abort) or exit(0) inside a hook: exit 1, one
#    message naming the plug-in and the hook, what is kept and how to go on;
#  - after the plug-in is rebuilt, resume refuses it naming
#    --accept-changed-plugin, which goes on and records the change;
#  - a genome of 2^63 - 1 genes is refused at load, not by SIGFPE;
#  - --check on every shipped problem and operator (and every part's
#    operator of a composite genome) reports nothing.
. "${srcdir:-.}/tests/lib.sh"
test_folder trust_plugins
out=$(cd "$out" && pwd)
src=$(cd "$srcdir" && pwd)
case $GAEXP in /*) ;; *) GAEXP=$(pwd)/$GAEXP ;; esac
libs=$(pwd)/tests/.libs
cp "$libs/plugin_liar.so" "$out/liar.so"
cat >"$out/liar.cfg" <<EOT
problem = { plugin = "liar.so"; name = "liar"; cities = 12; fault = "none"; below = 330.0; };
ga = { seed = 1; population = 40; stop = { generations = 60; }; };
output = { plot = false; checkpoint = 0.0; };
EOT
# one_message FILE TEXT...: FILE holds one line, holding each TEXT.
one_message() {
  file=$1; shift
  [ "$(wc -l <"$file")" -eq 1 ] || return 1
  for text in "$@"; do grep -qF -- "$text" "$file" || return 1; done
}
# liar NAME FAULT [OPTION...]: a run of liar.cfg with problem.fault=FAULT into $out/NAME; its status in $status.
liar() {
  name=$1 fault=$2; shift 2
  rm -rf "$out/$name"
  "$GAEXP" run "$out/liar.cfg" --set problem.fault="$fault" --out "$out/$name" --quiet "$@" >/dev/null 2>"$out/$name.err"
  status=$?
}

# ---- a fitness that breaks the convention
for fault in nan inf negative; do
  case $fault in nan) value=nan ;; inf) value=inf ;; negative) value=-26 ;; esac
  for how in "1 thread" "2 threads"; do
    liar "$fault-${how% *}" "$fault" --jobs "${how% *}"
    check "$fault ($how): exit 2" [ "$status" -eq 2 ]
    check "$fault ($how): the message names the plug-in, hook, value and generation" grep -qF \
      "gaexp: plug-in $out/liar.so: problem 'liar': evaluate returned $value in generation 6 of replicate 1 of $out/$fault-${how% *} (individual 18)" \
      "$out/$fault-${how% *}.err"
    check "$fault ($how): the checkpoint is kept" [ -e "$out/$fault-${how% *}/checkpoint" ]
    check "$fault ($how): no summary.csv" [ ! -e "$out/$fault-${how% *}/summary.csv" ]
  done
done
liar nan-side nan --replicates 4 --jobs 2 --parallel runs
check "nan, replicates side by side: exit 2" [ "$status" -eq 2 ]
check "nan, replicates side by side: the message" grep -qF "evaluate returned nan in generation 6 of replicate" "$out/nan-side.err"
# A sweep fails at the point, not at its end blaming a summary.csv gaexp wrote.
{ cat "$out/liar.cfg"; echo 'sweep = ( { set = "ga.mutation.rate"; values = [0.5, 1.0]; } );'; } >"$out/sweep.cfg"
for jobs in 1 2; do
  "$GAEXP" sweep "$out/sweep.cfg" --set problem.fault=nan --out "$out/sweep-$jobs" --quiet --jobs "$jobs" 2>"$out/sweep-$jobs.err"
  check "nan in a sweep at --jobs $jobs: exit 2" [ $? -eq 2 ]
  check "nan in a sweep at --jobs $jobs: the point's fault is said" grep -qF "evaluate returned nan in generation" "$out/sweep-$jobs.err"
  check "nan in a sweep at --jobs $jobs: no summary.csv is blamed" sh -c '! grep -q "summary.csv" "$0"' "$out/sweep-$jobs.err"
done

# ---- a crossover that breaks permutations, and a data race
liar cut none --set ga.crossover.name=cutbad --set ga.stop.generations=200 --set problem.cities=30
check "a crossover breaking tours: exit 2, not a 'solved' tour" [ "$status" -eq 2 ]
check "a crossover breaking tours: the message" one_message "$out/cut.err" \
  "problem 'liar': the best genome of replicate 1 of $out/cut is not valid" "'gaexp run --check' finds which"
check "a crossover breaking tours: no best.txt" [ ! -e "$out/cut/best.txt" ]
liar cut-check none --set ga.crossover.name=cutbad --set ga.stop.generations=200 --set problem.cities=30 --check
check "--check finds the crossover: exit 2" [ "$status" -eq 2 ]
check "--check finds the crossover: its message" one_message "$out/cut-check.err" \
  "plug-in $out/liar.so: crossover 'cutbad': the operator made a genome that is not valid in generation 1 of replicate 1"
race() {
  name=$1; shift
  "$GAEXP" run "$out/liar.cfg" --set problem.fault=race --set problem.cities=60 --set ga.population=200 \
    --set ga.stop.generations=150 --out "$out/$name" --quiet "$@" 2>"$out/$name.err"
}
for i in 1 2 3; do race "race-$i" --jobs 2 || true; done
check "a data race: runs of one seed at --jobs 2 differ (the plug-in's bug, shown)" sh -c \
  '! { cmp -s "$0/race-1/summary.csv" "$0/race-2/summary.csv" && cmp -s "$0/race-1/summary.csv" "$0/race-3/summary.csv"; }' "$out"
race race-check --check
check "--check finds the race: exit 2" [ $? -eq 2 ]
check "--check finds the race: its message" one_message "$out/race-check.err" \
  "plug-in $out/liar.so: problem 'liar': evaluate is not repeatable:" "for the same genome in generation"
check "--check stops at the race, before the last generation (150)" \
  [ "$(sed -n 's/.* in generation \([0-9]*\) of replicate.*/\1/p' "$out/race-check.err")" -lt 150 ]

# ---- crashes and exit() inside a hook
for fault in segv fpe abort exit; do
  case $fault in segv) said="crashed (SIGSEGV" ;; fpe) said="crashed (SIGFPE" ;; abort) said="aborted (SIGABRT)" ;;
    exit) said="called exit()" ;; esac
  for jobs in 1 2; do
    liar "$fault-$jobs" "$fault" --jobs "$jobs"
    check "$fault at --jobs $jobs: exit 1 (never 0)" [ "$status" -eq 1 ]
    check "$fault at --jobs $jobs: one message naming the plug-in, the hook and what is kept" one_message "$out/$fault-$jobs.err" \
      "gaexp: the plug-in $out/liar.so $said" "in evaluate of problem 'liar'; $out/$fault-$jobs keeps its checkpoint of generation 5 of replicate 1: once the plug-in is fixed, 'gaexp resume $out/$fault-$jobs --accept-changed-plugin' goes on from there"
  done
done
liar segv-first segv --set problem.below=1000
check "a crash before any checkpoint: exit 1" [ "$status" -eq 1 ]
check "a crash before any checkpoint: says nothing is kept" grep -qF "nothing of the run is kept: run it again once the plug-in is fixed" "$out/segv-first.err"

# ---- the plug-in rebuilt: resume refuses it, --accept-changed-plugin goes on and records it
liar fixed segv
cp "$libs/plugin_liar_mended.so" "$out/liar.so"
"$GAEXP" resume "$out/fixed" --quiet 2>"$out/fixed.err"
check "a rebuilt plug-in: resume refuses it (exit 2)" [ $? -eq 2 ]
check "a rebuilt plug-in: the refusal names the flag and no file that is not there" one_message "$out/fixed.err" \
  "gaexp: $out/fixed/checkpoint:" "has changed since this run was configured" "'gaexp resume $out/fixed --accept-changed-plugin' goes on with it"
"$GAEXP" resume "$out/fixed" --quiet --accept-changed-plugin 2>"$out/accepted.err"
check "--accept-changed-plugin goes on" [ $? -eq 0 ]
check "--accept-changed-plugin: config.cfg records the change" grep -q 'plugin_changed = "[0-9a-f]\{16\} -> [0-9a-f]\{16\}";' "$out/fixed/config.cfg"
check "--accept-changed-plugin: the run is whole" [ -s "$out/fixed/best.txt" ] && [ ! -e "$out/fixed/checkpoint" ]
"$GAEXP" run "$out/fixed/config.cfg" --out "$out/fixed-again" --quiet
check "config.cfg with plugin_changed runs again" [ $? -eq 0 ]
cp "$libs/plugin_liar.so" "$out/liar.so"

# ---- absurd declarations are refused at load
liar huge huge
check "a genome of 2^63 - 1 genes: exit 2, no SIGFPE" [ "$status" -eq 2 ]
check "a genome of 2^63 - 1 genes: the message" one_message "$out/huge.err" \
  "problem 'liar' declares genomes of 9223372036854775807 genes over 12 symbols: gaexp holds 1 to 268435456 genes"

# ---- a hook that never returns: SIGTERM ends the run within a second
rm -rf "$out/hang"
rm -f "$out/hang.started"
LIAR_HANG_MARK=$out/hang.started "$GAEXP" run "$out/liar.cfg" --set problem.fault=hang --out "$out/hang" --quiet 2>"$out/hang.err" & pid=$!
wait_until "$pid" [ -e "$out/hang.started" ] || true # the hook has begun to hang
stop TERM "$pid"
check "a hung hook, SIGTERM: exit 130 (the guard's second, not the watchdog's kill; took $took ms)" [ "$status" -eq 130 ]
check "a hung hook, SIGTERM: one message naming the hook and the checkpoint" one_message "$out/hang.err" \
  "did not return from evaluate of problem 'liar'); $out/hang keeps its checkpoint of generation 5 of replicate 1: 'gaexp resume $out/hang' goes on from there"

# ---- --check on every shipped problem with each of its operators: nothing to report
list=$("$GAEXP" list)
for cfg in "$src"/configs/*.cfg; do
  case $(basename "$cfg") in bench-*|derful5-paper.cfg|derful5-islands.cfg) continue ;; esac
  problem=$(sed -n 's/^ *name = "\([a-z0-9_]*\)";.*/\1/p' "$cfg" | head -1)
  # a composite problem's parts' operators as parts.PART.crossover=NAME
  ops=$(printf '%s\n' "$list" | awk -v p="$problem" '/^  [a-z0-9_]+ / { cur = $1; part = "" }
    cur == p && /^    part / { part = "parts." substr($2, 1, length($2) - 1) "." }
    cur == p && $1 ~ /^(crossover|mutation)$/ { print part $1 "=" $2 }')
  for op in $ops; do
    kind=${op%%=*} name=${op#*=}
    (cd "$src" && "$GAEXP" run "configs/$(basename "$cfg")" --check --quiet --seed 2 --jobs 2 --set output.plot=false \
      --set ga.stop.generations=8 --set "ga.$kind.name=$name" --out "$out/shipped") 2>"$out/shipped.err"
    check "--check: $(basename "$cfg") with $kind $name reports nothing" [ $? -eq 0 ] && [ ! -s "$out/shipped.err" ]
    rm -rf "$out/shipped"
  done
done

test_summary trust_plugins
