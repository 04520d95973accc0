#!/bin/sh
# tests/mpi.sh — sweeps under mpirun (a gaexp built with --with-mpi): at 1, 2
# and 3 ranks the folder is byte-identical to one process's (times.csv
# aside), and so is an island run whose islands the ranks share; a worker
# killed with SIGKILL, or Ctrl-C to mpirun, makes rank 0 list the runs it
# lost and leave a folder that 'gaexp resume' finishes byte-identically,
# alone or under mpirun.  Skipped (77) without MPI.
. "${srcdir:-.}/tests/lib.sh"
[ -n "${MPIRUN:-}" ] || skip_rest mpi "gaexp was built without --with-mpi (phase 4 runs it)"
test_folder mpi
# Open MPI's mpirun refuses root unless told twice.
if [ "$(id -u)" -eq 0 ]; then
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
fi
# mpi RANKS ARGS...: gaexp ARGS on RANKS ranks of this machine, however many cores.
mpi() { ranks=$1; shift; "$MPIRUN" -np "$ranks" --oversubscribe "$GAEXP" "$@"; }
# The folders' files but times.csv and the PNGs (what gnuplot draws may vary).
same() { diff -r -x times.csv -x '*.png' "$1" "$2" >/dev/null; }

check "--version says MPI" sh -c '"$0" --version | grep -q "with MPI (Open MPI"' "$GAEXP"

# A 4 x 3 grid of derful runs of varied lengths (3 replicates each, with the
# plots): on one process, then on 1, 2 and 3 ranks into the same folder
# (config.cfg names it), each byte-identical.
rates=$srcdir/tests/data/sweep/rates.cfg
"$GAEXP" sweep "$rates" --out "$out/rates" --quiet
mv "$out/rates" "$out/rates-reference"
for ranks in 1 2 3; do
  check "a sweep on $ranks ranks" mpi "$ranks" sweep "$rates" --out "$out/rates" --quiet
  check "on $ranks ranks: byte-identical to one process" same "$out/rates-reference" "$out/rates"
  check "on $ranks ranks: times.csv lists replicates 1, 2, 3 in order" \
    awk -F, 'FNR > 1 && $1 != FNR - 1 { bad = 1 } END { exit bad }' "$out"/rates/p0*/times.csv
  rm -rf "$out/rates"
done
check "3 ranks of 2 threads" mpi 3 sweep "$rates" --out "$out/rates" --quiet --jobs 2
check "are byte-identical too (but for the thread count)" \
  diff -r -x times.csv -x '*.png' -x config.cfg -x sweep.args "$out/rates-reference" "$out/rates"
check "its config.cfg says 2 threads" grep -q "threads = 2;" "$out/rates/p001/config.cfg"

# A sweep with island points: spread as any other, the same folder.
isweep=$out/islands-sweep.cfg
sed 's/^  population = 250;.*/  population = 100; seed = 3; replicates = 2;/' "$srcdir/configs/derful5-islands.cfg" > "$isweep"
echo 'output = { plot = false; }; sweep = ( { set = "ga.islands.count"; values = [1, 3]; } );' >> "$isweep"
"$GAEXP" sweep "$isweep" --out "$out/isweep" --quiet
mv "$out/isweep" "$out/isweep-reference"
check "a sweep of island points on 3 ranks" mpi 3 sweep "$isweep" --out "$out/isweep" --quiet
check "is byte-identical to one process's" same "$out/isweep-reference" "$out/isweep"

# A sweep of NSGA-II and NSGA-III on BNH (records of objectives, the fronts
# in each replicate's record, front.csv, best.txt's front, the report's
# hypervolume ranking): spread over 3 ranks, the same folder.
msweep=$out/mo-sweep.cfg
sed 's/replicates = 10;/replicates = 3;/; s/generations = 250;/generations = 30;/; s/plot = true;/plot = false;/' \
  "$srcdir/configs/bnh.cfg" > "$msweep"
echo 'sweep = ( { set = "ga.scheme.name"; values = ["nsga2", "nsga3"]; } );' >> "$msweep"
"$GAEXP" sweep "$msweep" --out "$out/msweep" --quiet
mv "$out/msweep" "$out/msweep-reference"
check "a sweep of NSGA-II and NSGA-III on 3 ranks" mpi 3 sweep "$msweep" --out "$out/msweep" --quiet
check "is byte-identical to one process's" same "$out/msweep-reference" "$out/msweep"

# The EA baselines (a population of 1): the (1+1) EA plain, resampled and
# fast, and random search, spread over 3 ranks: the same folder.
esweep=$out/ea-sweep.cfg
cat >"$esweep" <<EOT
problem = { name = "onemax"; bits = 60; };
ga = { seed = 4; replicates = 3; population = 1; evaluate_all = true;
       scheme = { name = "plus"; plus = { lambda = 1; }; random = { lambda = 4; }; };
       crossover = { rate = 0.0; }; mutation = { name = "flip"; rate = 0.0167; per = "gene"; };
       stop = { generations = 3000; }; };
output = { plot = false; };
sweep = ( { set = ["ga.scheme.name", "ga.mutation.per", "ga.mutation.resample"];
            values = (("plus", "gene", false), ("plus", "gene", true), ("plus", "fast", false),
                      ("random", "gene", false)); } );
EOT
"$GAEXP" sweep "$esweep" --out "$out/esweep" --quiet
mv "$out/esweep" "$out/esweep-reference"
check "the EA baselines on 3 ranks" mpi 3 sweep "$esweep" --out "$out/esweep" --quiet
check "are byte-identical to one process's" same "$out/esweep-reference" "$out/esweep"

# Other commands run on rank 0 alone; the workers are let go.
cfg=$srcdir/tests/data/golden/onemax.cfg
"$GAEXP" run "$cfg" --out "$out/run" --quiet --set output.plot=false
mv "$out/run" "$out/run-reference"
check "gaexp run on 3 ranks" mpi 3 run "$cfg" --out "$out/run" --quiet --set output.plot=false
check "is the run of one process" same "$out/run-reference" "$out/run"

# An island run: the ranks share its islands (5 islands over 2 and over 3
# ranks, complete topology, a time limit agreed by all), byte-identical to
# one process's run, with threads too.
islands="$GAEXP run $srcdir/configs/derful5-islands.cfg --seed 5 --replicates 2 --quiet --set output.plot=false
  --set ga.islands.count=5 --set ga.islands.migration.topology=complete --set ga.stop.seconds=1000"
$islands --out "$out/islands"
mv "$out/islands" "$out/islands-reference"
for ranks in 2 3; do
  # shellcheck disable=SC2086  # the command's words
  check "an island run on $ranks ranks" "$MPIRUN" -np "$ranks" --oversubscribe $islands --out "$out/islands"
  check "on $ranks ranks: byte-identical to one process" same "$out/islands-reference" "$out/islands"
  rm -rf "$out/islands"
done
# A memetic island run (tsp, 2-opt on 30% of the children): the searches'
# evaluations (the trail's costs) gathered from the ranks.
memetic="$GAEXP run $srcdir/configs/tsp.cfg --seed 5 --replicates 2 --quiet --set output.plot=false
  --set ga.islands.count=4 --set ga.population=100 --set ga.stop.generations=30 --set ga.stop.seconds=1000
  --set ga.local.name=\"2opt\" --set ga.local.rate=0.3"
# shellcheck disable=SC2086
$memetic --out "$out/memetic"
mv "$out/memetic" "$out/memetic-reference"
# shellcheck disable=SC2086
check "a memetic island run on 3 ranks" "$MPIRUN" -np 3 --oversubscribe $memetic --out "$out/memetic"
check "the memetic run on 3 ranks: byte-identical to one process" same "$out/memetic-reference" "$out/memetic"
# shellcheck disable=SC2086
check "an island run on 3 ranks of 2 threads" "$MPIRUN" -np 3 --oversubscribe $islands --out "$out/islands" --jobs 2
check "is byte-identical too (but for the thread count)" \
  diff -r -x times.csv -x '*.png' -x config.cfg "$out/islands-reference" "$out/islands"

# Every replacement scheme and selection spreads its islands over ranks alike.
for scheme in steady plus comma; do
  # shellcheck disable=SC2086
  $islands --set ga.scheme.name=$scheme --set ga.selection.name=rank --set ga.stop.generations=30 --out "$out/islands-$scheme"
  mv "$out/islands-$scheme" "$out/islands-$scheme-reference"
  # shellcheck disable=SC2086
  check "a $scheme island run on 3 ranks" "$MPIRUN" -np 3 --oversubscribe $islands --set ga.scheme.name=$scheme \
    --set ga.selection.name=rank --set ga.stop.generations=30 --out "$out/islands-$scheme"
  check "$scheme on 3 ranks: byte-identical to one process" same "$out/islands-$scheme-reference" "$out/islands-$scheme"
done

# A real-valued genome's doubles cross the ranks exactly.
reals="$GAEXP run $srcdir/configs/rastrigin.cfg --replicates 2 --quiet --set output.plot=false
  --set ga.islands.count=3 --set ga.stop.generations=40"
$reals --out "$out/reals"
mv "$out/reals" "$out/reals-reference"
# shellcheck disable=SC2086
check "a real-valued island run on 3 ranks" "$MPIRUN" -np 3 --oversubscribe $reals --out "$out/reals"
check "real-valued on 3 ranks: byte-identical to one process" same "$out/reals-reference" "$out/reals"
# The functions evaluate blocks (evaluate_batch; the sphere four genomes to
# a vector), erx makes one child from each pair of parents, NSGA-II ranks a
# constrained bi-objective problem (BNH: records of objectives in the
# genomes the ranks gather, front.csv), the epsilon level keeps g06's
# constraints and NSGA-III niches on DTLZ2: island runs of each on 3 ranks
# are one process's.
for case in sphere erx nsga2 epsilon nsga3; do
  case $case in
    nsga3) run="$GAEXP run $srcdir/configs/dtlz2.cfg --set ga.scheme.name=nsga3 --set ga.stop.generations=30" ;;
    nsga2) run="$GAEXP run $srcdir/configs/bnh.cfg --set ga.stop.generations=30" ;;
    epsilon) run="$GAEXP run $srcdir/configs/g06.cfg --set ga.stop.generations=30" ;;
    sphere) run="$GAEXP run $srcdir/configs/rastrigin.cfg --set problem.function=sphere --set ga.stop.generations=40" ;;
    erx) run="$GAEXP run $srcdir/configs/tsp.cfg --set ga.crossover.name=erx --set ga.stop.generations=25" ;;
  esac
  run="$run --seed 3 --replicates 2 --quiet --set output.plot=false --set ga.islands.count=3"
  # shellcheck disable=SC2086
  $run --out "$out/$case"
  mv "$out/$case" "$out/$case-reference"
  # shellcheck disable=SC2086
  check "$case: an island run on 3 ranks" "$MPIRUN" -np 3 --oversubscribe $run --out "$out/$case"
  check "$case on 3 ranks: byte-identical to one process" same "$out/$case-reference" "$out/$case"
done

# A composite genome (sched): a sweep over a part's mutations spread over
# 3 ranks, and an island run whose islands the ranks share (each part's
# operators applied on every rank alike): the same folders.
ccfg=$out/composite.cfg
cat > "$ccfg" <<EOT
problem = { name = "sched"; jobs = 12; machines = 4; };
ga = { seed = 7; population = 80; replicates = 2; stop = { generations = 30; fitness = -1.0; };
       parts = { machine = { crossover = { name = "twopoint"; }; }; }; };
output = { plot = false; };
sweep = ( { set = "ga.parts.order.mutation.name"; values = ["swap", "inversion", "insertion"]; } );
EOT
"$GAEXP" sweep "$ccfg" --out "$out/composite" --quiet
mv "$out/composite" "$out/composite-reference"
check "a sweep over a composite genome's part operators on 3 ranks" mpi 3 sweep "$ccfg" --out "$out/composite" --quiet
check "the composite sweep on 3 ranks: byte-identical to one process" same "$out/composite-reference" "$out/composite"
cisl="$GAEXP run $srcdir/configs/sched.cfg --replicates 2 --quiet --set output.plot=false
  --set ga.islands.count=3 --set ga.stop.generations=40 --set ga.stop.fitness=-1.0"
$cisl --out "$out/cisl"
mv "$out/cisl" "$out/cisl-reference"
# shellcheck disable=SC2086
check "a composite island run on 3 ranks" "$MPIRUN" -np 3 --oversubscribe $cisl --out "$out/cisl"
check "composite on 3 ranks: byte-identical to one process" same "$out/cisl-reference" "$out/cisl"
# Packed bits (problem.packed) cross the ranks as words: an island run of
# PBO's LeadingOnes with flipped bits (read as words) on 3 ranks is the
# unpacked run of one process, its column 'value' too.
packed="$GAEXP run $srcdir/configs/pbo.cfg --seed 5 --replicates 2 --quiet --set output.plot=false
  --set problem.function=2 --set problem.instance=7 --set ga.islands.count=3 --set ga.stop.generations=40"
$packed --out "$out/packed"
mv "$out/packed" "$out/packed-reference"
# shellcheck disable=SC2086
check "a packed bits island run on 3 ranks" "$MPIRUN" -np 3 --oversubscribe $packed --set problem.packed=true --out "$out/packed"
check "packed bits on 3 ranks: the unpacked run of one process (but config.cfg)" \
  diff -r -x times.csv -x '*.png' -x config.cfg "$out/packed-reference" "$out/packed"

# A problem's own column (t24's mean_depth) in the records the workers send.
cols=$out/columns.cfg
cat > "$cols" <<EOT
problem = { name = "t24"; cards = [3, 5, 5, 10]; ops = "+,-,*,/,pow,root,log"; };
ga = { seed = 11; population = 100; replicates = 3; stop = { generations = 15; }; };
output = { plot = false; };
sweep = ( { set = "ga.mutation.rate"; values = [0.3, 0.8]; } );
EOT
"$GAEXP" sweep "$cols" --out "$out/cols" --quiet
mv "$out/cols" "$out/cols-reference"
check "a sweep of a problem with a column of its own on 3 ranks" mpi 3 sweep "$cols" --out "$out/cols" --quiet
check "its column crosses the ranks: byte-identical to one process" same "$out/cols-reference" "$out/cols"
check "the column is there" grep -q ",mean_depth$" "$out/cols/p002/generations.csv"

# Bad input: refused once, by rank 0, status 2, nothing written.
printf 'problem = { name = "derful"; n = 4; };\nsweep = ( { set = "ga.mutation.rate"; values = [0.1, 1.5]; } );\n' \
  > "$out/bad.cfg"
mpi 3 sweep "$out/bad.cfg" --out "$out/bad" --quiet 2>"$out/bad.stderr"
check "a bad sweep on 3 ranks: status 2" [ $? -eq 2 ]
check "one message, from rank 0" [ "$(grep -c 'expected a number in \[0, 1\], got 1.5' "$out/bad.stderr")" -eq 1 ]
check "nothing written" [ ! -e "$out/bad" ]

# Faults.  Twelve points of 3 runs of about 50 ms, written by one process
# for reference.
long=$out/long.cfg
cat > "$long" <<'EOT'
problem = { name = "onemax"; bits = 400; };
ga = { seed = 5; population = 500; replicates = 3; stop = { generations = 400; fitness = -1.0; }; };
output = { plot = false; };
sweep = ( { set = "ga.mutation.rate";
            values = [0.001, 0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.07, 0.1, 0.2, 0.3, 0.5]; } );
EOT
"$GAEXP" sweep "$long" --out "$out/fault" --quiet
mv "$out/fault" "$out/fault-reference"

# Every point folder holds all its files or none, and no temporary file
# or checkpoint: what rank 0 leaves when it is interrupted.
whole_or_absent() {
  for p in "$1"/p[0-9]*; do
    [ -d "$p" ] || continue
    files=0
    for f in config.cfg generations.csv summary.csv times.csv best.txt curves.csv; do
      [ -e "$p/$f" ] && files=$((files + 1))
    done
    [ "$files" -eq 0 ] || [ "$files" -eq 6 ] || return 1
    [ -z "$(ls "$p" | grep -e '\.part$' -e checkpoint)" ] || return 1
  done
}

# rank_pid MPIRUN_PID RANK: the pid of that rank (mpirun's own child), read
# from /proc (a minimal Debian has no pgrep).
rank_pid() {
  for proc in /proc/[0-9]*; do
    [ "$(sed -n 's/^PPid:[[:space:]]*//p' "$proc/status" 2>/dev/null)" = "$1" ] || continue
    if tr '\0' '\n' < "$proc/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$2"; then
      echo "${proc#/proc/}"
      return 0
    fi
  done
  return 1
}

# fault N RANKS HOW RESUME...: a sweep of the long file on RANKS ranks,
# interrupted once its first point is written: HOW is "kill R" (SIGKILL to
# rank R) or "int" (SIGINT to mpirun, as Ctrl-C); then 'RESUME... resume
# DIR' finishes it.  $faulted says whether the fault hit a running sweep (a
# busy machine may let it end first; the other checks then still hold).
fault() {
  n=$1 ranks=$2 how=$3; shift 3
  dir=$out/fault stderr=$out/fault$n.stderr
  rm -rf "$dir"
  "$MPIRUN" -np "$ranks" --oversubscribe "$GAEXP" sweep "$long" --out "$dir" --quiet 2>"$stderr" & mpirun=$!
  while [ ! -e "$dir/p001/curves.csv" ] && kill -0 "$mpirun" 2>/dev/null; do sleep 0.01; done
  case $how in
    int) kill -INT "$mpirun" 2>/dev/null ;;
    kill*) pid=$(rank_pid "$mpirun" "${how#kill }") && kill -KILL "$pid" 2>/dev/null ;;
  esac
  wait "$mpirun"; status=$?
  faulted=false
  if grep -q "not returned" "$stderr"; then
    faulted=true
    [ "$status" -ne 0 ] || fault_failed "$n:mpirun-succeeded"
    grep -q "^gaexp:   $dir/p[0-9]* replicate [0-9]* (rank [0-9]*)$" "$stderr" || fault_failed "$n:no-lost-run-named"
    grep -q "gaexp resume $dir' goes on with the whole sweep" "$stderr" || fault_failed "$n:no-how-to-go-on"
    whole_or_absent "$dir" || fault_failed "$n:a-partial-point"
  fi
  "$@" resume "$dir" --quiet || fault_failed "$n:resume($*)"
  same "$out/fault-reference" "$dir" || fault_failed "$n:differs"
}
# Each fault's outcomes are gathered and checked once below, so the number
# of checks does not depend on how many tries the faults took.
fault_failures=
fault_failed() { fault_failures="$fault_failures $1"; }

# At least three faults that hit running sweeps (up to eight tries).
hits=0 n=0
while [ "$hits" -lt 3 ] && [ "$n" -lt 8 ]; do
  n=$((n + 1))
  case $n in
    1|4|7) fault "$n" 3 "kill 1" "$GAEXP" ;;
    2|5|8) fault "$n" 3 "kill 2" mpi 3 ;;
    *) fault "$n" 2 int mpi 2 ;;
  esac
  [ "$faulted" = true ] && hits=$((hits + 1))
done
check "the faults hit running sweeps ($hits times in $n tries)" [ "$hits" -ge 3 ]
check "each fault: mpirun fails naming the lost run and how to go on, every point whole or absent (failed:${fault_failures:- none})" \
  eval '! echo "$fault_failures" | grep -q -e mpirun-succeeded -e no-lost-run-named -e no-how-to-go-on -e a-partial-point'
check "each fault: resumed, byte-identical to one process (failed:${fault_failures:- none})" \
  eval '! echo "$fault_failures" | grep -q -e resume -e differs'

# A sweep on one process killed while a point has a checkpoint, resumed on
# 3 ranks: rank 0 resumes that point itself, the workers run the rest.
sed 's/plot = false;/plot = false; checkpoint = 0.05;/' "$long" > "$out/checkpointed.cfg"
tries=0
while :; do
  tries=$((tries + 1))
  rm -rf "$out/checkpointed"
  "$GAEXP" sweep "$out/checkpointed.cfg" --out "$out/checkpointed" --quiet & pid=$!
  while [ -z "$(ls "$out"/checkpointed/p0*/checkpoint 2>/dev/null)" ] && kill -0 "$pid" 2>/dev/null; do
    sleep 0.01
  done
  kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  [ -n "$(ls "$out"/checkpointed/p0*/checkpoint 2>/dev/null)" ] || [ "$tries" -ge 5 ] || continue
  break
done
check "a checkpoint was left (in $tries tries)" [ -n "$(ls "$out"/checkpointed/p0*/checkpoint 2>/dev/null)" ]
check "resumed on 3 ranks" mpi 3 resume "$out/checkpointed" --quiet
check "byte-identical to one process (but for the checkpoint setting)" \
  diff -r -x times.csv -x config.cfg -x sweep.cfg "$out/fault-reference" "$out/checkpointed"
# An island run whose worker dies: rank 0 says at once how to go on, and
# 'gaexp resume' on one process finishes it byte-identically from the last
# checkpoint (one every generation here).
island_fault="$srcdir/configs/derful5-islands.cfg --seed 5 --quiet --set output.plot=false --set output.checkpoint=0
  --set ga.islands.count=5 --set ga.stop.fitness=-1 --set ga.stop.generations=1500"
# shellcheck disable=SC2086
"$GAEXP" run $island_fault --out "$out/island-fault"
mv "$out/island-fault" "$out/island-fault-reference"
tries=0
while :; do
  tries=$((tries + 1))
  rm -rf "$out/island-fault"
  # shellcheck disable=SC2086
  "$MPIRUN" -np 3 --oversubscribe "$GAEXP" run $island_fault --out "$out/island-fault" 2>"$out/island-fault.stderr" &
  mpirun=$!
  while [ ! -e "$out/island-fault/checkpoint" ] && kill -0 "$mpirun" 2>/dev/null; do sleep 0.01; done
  pid=$(rank_pid "$mpirun" 2) && kill -KILL "$pid" 2>/dev/null
  wait "$mpirun"; status=$?
  [ "$status" -eq 0 ] && [ "$tries" -lt 3 ] || break # ended before the kill: again
done
check "an island run whose worker died: mpirun fails" [ "$status" -ne 0 ]
check "rank 0 says how to go on" grep -q "'gaexp resume $out/island-fault' goes on from the last checkpoint" \
  "$out/island-fault.stderr"
check "resumed on one process" "$GAEXP" resume "$out/island-fault" --quiet
check "byte-identical to one process's run" same "$out/island-fault-reference" "$out/island-fault"
test_summary mpi
