#!/bin/sh
# tests/resume.sh — checkpoints: a run (and a sweep) killed with SIGKILL at
# random moments and resumed each time ends byte-identical to an
# uninterrupted one; Ctrl-C checkpoints and exits 130; damaged checkpoints
# are refused.
. "${srcdir:-.}/tests/lib.sh"
test_folder resume
cfg=$out/small.cfg
cat > "$cfg" <<EOT
problem = { name = "onemax"; bits = 200; };
ga = { seed = 5; population = 60; replicates = 2; stop = { generations = 40; fitness = -1.0; }; };
output = { plot = false; checkpoint = 0.0; };
EOT
same() { # the folders' files but times.csv
  for f in config.cfg generations.csv summary.csv best.txt curves.csv; do
    cmp -s "$1/$f" "$2/$f" || return 1
  done
  [ ! -e "$1/front.csv" ] || cmp -s "$1/front.csv" "$2/front.csv"
}
# Reference: an uninterrupted run, moved aside (config.cfg names its folder);
# its duration scales the moments of the kills below.
started=$(date +%s%N)
"$GAEXP" run "$cfg" --out "$out/run" --quiet
span=$((($(date +%s%N) - started) / 1000000)) # milliseconds
mv "$out/run" "$out/reference"

# kill_after SECONDS COMMAND...: runs the command, SIGKILLs it after SECONDS
# unless it ended; the status is the command's (137 when killed).
kill_after() {
  delay=$1; shift
  "$@" & pid=$!
  ( sleep "$delay"; kill -KILL "$pid" 2>/dev/null ) & killer=$!
  wait "$pid"; status=$?
  kill "$killer" 2>/dev/null; wait "$killer" 2>/dev/null
  return $status
}

# until_done SEED SPAN DIR MARKER COMMAND FILE: runs 'gaexp COMMAND FILE
# --out DIR', SIGKILLed at a random moment within SPAN ms, then resumes DIR
# (or, while DIR has no MARKER yet, starts again) until an attempt ends by
# itself; $status is its status and $rounds the kills it took.
until_done() {
  seed=$1 span_ms=$2 dir=$3 marker=$4 command=$5 file=$6
  rm -rf "$dir"
  rounds=0
  while :; do
    delay=$(awk -v s="$seed$rounds" -v t="$span_ms" 'BEGIN { srand(s); printf "%.3f", rand() * 0.9 * t / 1000 }')
    if [ -e "$dir/$marker" ]; then
      kill_after "$delay" "$GAEXP" resume "$dir" --quiet; status=$?
    else # not started, or killed before it could be resumed: start again
      kill_after "$delay" "$GAEXP" "$command" "$file" --out "$dir" --quiet --force; status=$?
    fi
    [ "$status" -ne 0 ] && [ "$rounds" -lt 60 ] || break
    rounds=$((rounds + 1))
  done
}

# Scenarios, each killed at random moments until it finishes: at least
# eight, and more (up to 40) until the runs were killed at least eight times,
# so that a busy machine, where the moments may all fall after the end, only
# makes the test longer.  Each kind of check is counted once, whatever the
# number of scenarios, so the suite's total is the same on every run.
kills=0 scenario=0 unfinished= differing= leftover=
while [ "$scenario" -lt 8 ] || { [ "$kills" -lt 8 ] && [ "$scenario" -lt 40 ]; }; do
  scenario=$((scenario + 1))
  until_done "$scenario" "$span" "$out/run" checkpoint run "$cfg"
  kills=$((kills + rounds))
  # ended before its kill: the span measured on a busier moment was too long
  [ "$rounds" -gt 0 ] || [ "$span" -le 10 ] || span=$((span * 2 / 3))
  [ "$status" -eq 0 ] || unfinished="$unfinished $scenario"
  same "$out/reference" "$out/run" || differing="$differing $scenario"
  [ -z "$(ls "$out/run" | grep -e checkpoint -e commit -e '\.part$')" ] || leftover="$leftover $scenario"
done
echo "# $scenario scenarios, $kills kills${unfinished:+; unfinished:$unfinished}${differing:+; differing:$differing}"
check "every scenario finishes (unfinished:${unfinished:- none})" [ -z "$unfinished" ]
check "every scenario byte-identical to the uninterrupted run (differing:${differing:- none})" [ -z "$differing" ]
check "no checkpoint, journal or temporary file left (in:${leftover:- none})" [ -z "$leftover" ]
check "the runs were really killed ($kills times in $scenario scenarios)" [ "$kills" -ge 8 ]

# The other replacement schemes and a table-driven selection, random search,
# the (1 + 4) EA with the fast, resampled mutation (a population of 1:
# the defaults its checkpoint writes must read back), a memetic GA (tsp
# with 2-opt on half the children) and the CMA-ES with IPOP restarts on
# Rastrigin (its distribution, lambda and restarts in the checkpoint) and
# the self-adjusting (1+(lambda,lambda)) GA on OneMax (its lambda in the
# checkpoint), a composite genome (sched: each part its own operators), a
# one-child crossover (erx, each child from its own pair of parents) and
# OneMax on packed bits (problem.packed, uniform crossover), NSGA-II on
# a constrained bi-objective problem (BNH) with two islands (the records of
# objectives in the checkpoint, front.csv streamed), the epsilon level
# on g06 (its start in the checkpoint) and NSGA-III on DTLZ2 (its niching's
# draws), killed and resumed alike (three scenarios each).
scheme_kills=0 scheme_differing=
for scheme in steady plus random oneplus memetic cmaes lambdalambda composite erx packed nsga2 epsilon nsga3; do
  scfg=$out/$scheme.cfg
  case $scheme in
    cmaes) cat > "$scfg" <<EOT
problem = { name = "bbob"; function = 15; dimension = 2; instance = 1; };
ga = { seed = 5; population = 1; replicates = 2; scheme = { name = "cmaes"; cmaes = { ipop = true; lambda = 12; }; };
       stop = { generations = 150; fitness = -1.0; }; };
output = { plot = false; checkpoint = 0.0; };
EOT
      ;;
    lambdalambda) cat > "$scfg" <<EOT
problem = { name = "onemax"; bits = 1000; };
ga = { seed = 5; population = 1; replicates = 2; scheme = { name = "lambdalambda"; lambdalambda = { lambda = 8.0; F = 1.2; }; };
       stop = { generations = 100; fitness = -1.0; }; };
output = { plot = false; checkpoint = 0.0; };
EOT
      ;;
    erx) printf '%s\n' 'problem = { name = "tsp"; cities = 40; seed = 2; };' \
      'ga = { seed = 5; population = 61; replicates = 2; crossover = { name = "erx"; };' \
      '       stop = { generations = 60; fitness = -1.0; }; };' 'output = { plot = false; checkpoint = 0.0; };' > "$scfg" ;;
    nsga3) printf '%s\n' 'problem = { name = "mo"; function = "dtlz2"; objectives = 3; };' \
      'ga = { seed = 5; population = 40; replicates = 2; scheme = { name = "nsga3"; };' \
      '       stop = { generations = 60; }; };' 'output = { plot = false; checkpoint = 0.0; };' > "$scfg" ;;
    epsilon) printf '%s\n' 'problem = { name = "constrained"; function = "g06"; };' \
      'ga = { seed = 5; population = 40; replicates = 2; constraints = { name = "epsilon"; epsilon = { generations = 30; }; };' \
      '       stop = { generations = 60; }; };' 'output = { plot = false; checkpoint = 0.0; };' > "$scfg" ;;
    nsga2) printf '%s\n' 'problem = { name = "mo"; function = "bnh"; };' \
      'ga = { seed = 5; population = 40; replicates = 2; islands = { count = 2; migration = { interval = 5; size = 2; }; };' \
      '       stop = { generations = 60; }; };' 'output = { plot = false; checkpoint = 0.0; };' > "$scfg" ;;
    packed) sed 's/bits = 200;/bits = 2000; packed = true;/; s/^ga = { /ga = { crossover = { name = "uniform"; }; /' "$cfg" > "$scfg" ;;
    oneplus) sed 's/population = 60;/population = 1; scheme = { name = "plus"; plus = { lambda = 4; }; }; crossover = { rate = 0.0; }; mutation = { per = "fast"; resample = true; };/' "$cfg" > "$scfg" ;;
    composite) printf '%s\n' 'problem = { name = "sched"; jobs = 12; machines = 4; };' \
      'ga = { seed = 5; population = 100; replicates = 2; parts = { order = { mutation = { name = "scramble"; scramble = { span = 0.5; }; }; }; };' \
      '       stop = { generations = 60; fitness = -1.0; }; };' 'output = { plot = false; checkpoint = 0.0; };' > "$scfg" ;;
    memetic) printf '%s\n' 'problem = { name = "tsp"; cities = 40; seed = 2; };' \
      'ga = { seed = 5; population = 60; replicates = 2; local = { name = "2opt"; rate = 0.5; evaluations = 50; };' \
      '       stop = { generations = 40; fitness = -1.0; }; };' 'output = { plot = false; checkpoint = 0.0; };' > "$scfg" ;;
    *) sed "s/^ga = { /ga = { scheme = { name = \"$scheme\"; }; selection = { name = \"rank\"; }; /" "$cfg" > "$scfg" ;;
  esac
  # The kills fall within this scheme's own run (its reference's span):
  # a run longer than the first one's would otherwise need more than
  # until_done's 60 rounds to finish on a slow machine.
  started=$(date +%s%N)
  "$GAEXP" run "$scfg" --out "$out/run" --quiet --force
  scheme_span=$((($(date +%s%N) - started) / 1000000))
  [ "$scheme_span" -ge "$span" ] || scheme_span=$span
  rm -rf "$out/$scheme-reference"
  mv "$out/run" "$out/$scheme-reference"
  for s in 1 2 3; do
    until_done "$s" "$scheme_span" "$out/run" checkpoint run "$scfg"
    scheme_kills=$((scheme_kills + rounds))
    if [ "$status" -ne 0 ]; then
      scheme_differing="$scheme_differing $scheme/$s(unfinished after $rounds kills, status $status)"
    elif ! same "$out/$scheme-reference" "$out/run"; then
      scheme_differing="$scheme_differing $scheme/$s"
    fi
  done
done
echo "# steady, plus, random search, the (1+4) EA, the memetic GA, the CMA-ES, the (1+(lambda,lambda)) GA, a composite genome, erx, packed bits, NSGA-II, the epsilon level and NSGA-III: $scheme_kills kills"
check "steady, plus, random search, the (1+4) EA, the memetic GA, the IPOP-CMA-ES, the (1+(lambda,lambda)) GA, a composite genome, erx, packed bits, NSGA-II (constraints, islands), the epsilon level and NSGA-III, killed and resumed, byte-identical (differing:${scheme_differing:- none})" [ -z "$scheme_differing" ]

# A problem's own columns (functions: best_distance after the standard
# ones), killed and resumed alike (three scenarios).
ccfg=$out/columns.cfg
cat > "$ccfg" <<EOT
problem = { name = "functions"; function = "rastrigin"; dimension = 5; };
ga = { seed = 5; population = 60; replicates = 2; stop = { generations = 40; fitness = -1.0; }; };
output = { plot = false; checkpoint = 0.0; };
EOT
started=$(date +%s%N)
"$GAEXP" run "$ccfg" --out "$out/run" --quiet --force
columns_span=$((($(date +%s%N) - started) / 1000000))
rm -rf "$out/columns-reference"
mv "$out/run" "$out/columns-reference"
check "the problem's column follows the standard ones" \
  [ "$(head -1 "$out/columns-reference/generations.csv")" = "replicate,generation,evaluations,best,mean,std,worst,diversity,evaluations_found,best_distance" ]
columns_kills=0 columns_differing=
for s in 1 2 3; do
  until_done "$s" "$columns_span" "$out/run" checkpoint run "$ccfg"
  columns_kills=$((columns_kills + rounds))
  { [ "$status" -eq 0 ] && same "$out/columns-reference" "$out/run"; } || columns_differing="$columns_differing $s"
done
echo "# a problem's own columns: $columns_kills kills"
check "a problem's own columns, killed and resumed, byte-identical (differing:${columns_differing:- none})" [ -z "$columns_differing" ]

# Ctrl-C: a checkpoint, one message, exit 130; then resume finishes it. A
# longer run, so that the signal surely comes before its end.
long_cfg=$out/long.cfg
sed 's/generations = 40/generations = 600/; s/replicates = 2/replicates = 1/' "$cfg" > "$long_cfg"
rm -rf "$out/run"
"$GAEXP" run "$long_cfg" --out "$out/run" --quiet
mv "$out/run" "$out/long-reference"
"$GAEXP" run "$long_cfg" --out "$out/run" --quiet 2>"$out/int.stderr" & pid=$!
# until its first checkpoint: the signal handler is in place by then
wait_until "$pid" [ -e "$out/run/checkpoint" ] || true
kill -INT "$pid"; wait "$pid"; status=$?
check "Ctrl-C: exit status 130" [ "$status" -eq 130 ]
check "Ctrl-C: a message saying how to resume" grep -q "gaexp resume $out/run" "$out/int.stderr"
check "Ctrl-C: a checkpoint" [ -s "$out/run/checkpoint" ]
cp -r "$out/run" "$out/damaged"
check "resume after Ctrl-C" "$GAEXP" resume "$out/run" --quiet
check "resume after Ctrl-C: byte-identical" same "$out/long-reference" "$out/run"

# Damaged checkpoints: refused with one message, exit 2, the folder untouched.
refused() { # DIR: resume must fail with one line and leave DIR as it was
  cp -r "$1" "$1.before"
  "$GAEXP" resume "$1" --quiet 2>"$1.stderr"; status=$?
  [ "$status" -eq 2 ] && [ "$(wc -l < "$1.stderr")" -eq 1 ] && diff -r "$1" "$1.before" > /dev/null
}
size=$(wc -c < "$out/damaged/checkpoint")
cp -r "$out/damaged" "$out/truncated"
head -c $((size / 2)) "$out/damaged/checkpoint" > "$out/truncated/checkpoint"
check "a truncated checkpoint is refused" refused "$out/truncated"
check "the message says truncated" grep -q "truncated" "$out/truncated.stderr"
cp -r "$out/damaged" "$out/flipped"
printf 'X' | dd of="$out/flipped/checkpoint" bs=1 seek=$((size - 7)) conv=notrunc 2>/dev/null
check "a corrupted checkpoint is refused" refused "$out/flipped"
check "the message says checksum" grep -q "checksum" "$out/flipped.stderr"
cp -r "$out/damaged" "$out/version"
printf '\010' | dd of="$out/version/checkpoint" bs=1 seek=12 conv=notrunc 2>/dev/null
check "a checkpoint of another version is refused" refused "$out/version"
cp -r "$out/damaged" "$out/short-part"
: > "$out/short-part/generations.csv.part"
check "a shortened generations.csv.part is refused" refused "$out/short-part"
check "no checkpoint: refused" eval "! '$GAEXP' resume '$out/reference' --quiet 2>/dev/null"
# A sweep: killed at random moments, resumed as a whole until it finishes.
sweep_cfg=$out/sweep.cfg
{ cat "$cfg"; echo 'sweep = ( { set = "ga.islands.count"; values = [1, 3]; } );'; } > "$sweep_cfg" # island runs too
started=$(date +%s%N)
"$GAEXP" sweep "$sweep_cfg" --out "$out/sweep" --quiet
sweep_span=$((($(date +%s%N) - started) / 1000000))
mv "$out/sweep" "$out/sweep-reference"
sweep_kills=0 scenario=0 unfinished= differing=
while [ "$scenario" -lt 3 ] || { [ "$sweep_kills" -lt 3 ] && [ "$scenario" -lt 20 ]; }; do
  scenario=$((scenario + 1))
  until_done "$scenario" "$sweep_span" "$out/sweep" sweep.args sweep "$sweep_cfg"
  sweep_kills=$((sweep_kills + rounds))
  [ "$status" -eq 0 ] || unfinished="$unfinished $scenario"
  diff -r -x times.csv -x '*.png' "$out/sweep-reference" "$out/sweep" >/dev/null || differing="$differing $scenario"
done
check "every sweep scenario finishes (unfinished:${unfinished:- none})" [ -z "$unfinished" ]
check "every sweep scenario: every file as in the uninterrupted sweep (differing:${differing:- none})" [ -z "$differing" ]
check "the sweeps were really killed ($sweep_kills times in $scenario scenarios)" [ "$sweep_kills" -ge 3 ]
# A kill between two renames: a point with its summary.csv but no curves.csv
# (renamed last) is run again.
rm "$out/sweep/p002/curves.csv"
check "a point killed between its renames is run again" "$GAEXP" resume "$out/sweep" --quiet
check "to the same files" diff -r -x times.csv -x '*.png' "$out/sweep-reference" "$out/sweep"

echo "# $kills kills of runs ($span ms each), $sweep_kills of sweeps ($sweep_span ms)"
test_summary resume
