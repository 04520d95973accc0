#!/bin/sh
# tests/golden.sh — reproducibility: a seeded run is byte-identical on rerun,
# at any thread count, when repeated from its own config.cfg, and equal to
# the stored golden files (which change only when the algorithm does;
# rastrigin, rastrigin-mt and tsp were stored before the real and permutation
# operators were made faster, which kept every draw and result).
. "${srcdir:-.}/tests/lib.sh"
test_folder golden
same() { cmp "$1/generations.csv" "$2/generations.csv" && cmp "$1/summary.csv" "$2/summary.csv" &&
         cmp "$1/best.txt" "$2/best.txt" && cmp "$1/curves.csv" "$2/curves.csv"; }
run() { "$GAEXP" run "$@" --quiet --set output.plot=false; }

golden="$srcdir/tests/data/golden"
for case in derful4 onemax t24 rastrigin rastrigin-mt tsp; do
  cfg="$golden/$case.cfg"
  check "$case runs" run "$cfg" --out "$out/$case-a"
  check "$case reruns" run "$cfg" --out "$out/$case-b"
  check "$case rerun is identical" same "$out/$case-a" "$out/$case-b"
  check "$case at 2 threads" run "$cfg" --jobs 2 --out "$out/$case-j2"
  check "$case at 2 threads is identical" same "$out/$case-a" "$out/$case-j2"
  check "$case at 4 threads" run "$cfg" --jobs 4 --out "$out/$case-j4"
  check "$case at 4 threads is identical" same "$out/$case-a" "$out/$case-j4"
  check "$case from its config.cfg" run "$out/$case-a/config.cfg" --out "$out/$case-again"
  check "$case from its config.cfg is identical" same "$out/$case-a" "$out/$case-again"
  check "$case equals the stored golden generations" cmp "$golden/$case.generations.csv" "$out/$case-a/generations.csv"
  check "$case equals the stored golden summary" cmp "$golden/$case.summary.csv" "$out/$case-a/summary.csv"
done
# Every shipped configuration, cut to 5 generations: the same files at 1, 2
# and 4 threads.  Run from the source folder, where their relative paths lead.
here=$(pwd)
case $GAEXP in /*) gaexp=$GAEXP ;; *) gaexp=$here/$GAEXP ;; esac
shipped() { # CFG JOBS
  (cd "$srcdir" && "$gaexp" run "configs/$1.cfg" --quiet --set output.plot=false --seed 1 --jobs "$2" \
     --set ga.stop.generations=5 --out "$here/$out/shipped-$1-j$2")
}
for cfg in "$srcdir"/configs/*.cfg; do
  case=$(basename "$cfg" .cfg)
  for jobs in 1 2 4; do
    check "configs/$case.cfg at $jobs threads" shipped "$case" "$jobs"
  done
  check "configs/$case.cfg: 2 threads as 1" same "$out/shipped-$case-j1" "$out/shipped-$case-j2"
  check "configs/$case.cfg: 4 threads as 1" same "$out/shipped-$case-j1" "$out/shipped-$case-j4"
done
# The (1+1) EA and the (1+lambda) EA on OneMax and the fast GA (resampled)
# on LeadingOnes to the optimum, 3 replicates, on 300 bits: packed bits give
# the unpacked runs.
ea() { # CFG OUT [ARG]...
  cfg=$1 to=$2; shift 2
  size=problem.bits
  [ "$cfg" = fastga ] && size=problem.dimension
  "$GAEXP" run "$srcdir/configs/$cfg.cfg" --quiet --set output.plot=false --seed 2 --replicates 3 \
    --set $size=300 --out "$to" "$@"
}
for case in oneplusone onelambda fastga; do
  check "configs/$case.cfg to the optimum" ea "$case" "$out/ea-$case"
  check "configs/$case.cfg on packed bits" ea "$case" "$out/ea-$case-packed" --set problem.packed=true --jobs 2
  check "configs/$case.cfg: packed bits as unpacked" same "$out/ea-$case" "$out/ea-$case-packed"
done
check "the EAs reached the optimum" [ "$(cat "$out"/ea-*/summary.csv | grep -c ',1,0,')" -eq 18 ]
# Every selection scheme, alone and with islands: the same files at 1, 2 and
# 4 threads, and on packed bits (problem.packed) as on unpacked ones; the
# schemes differ from one another.
sel=$out/selection.cfg
cat > "$sel" <<EOT
problem = { name = "onemax"; bits = 120; };
ga = { seed = 4; population = 90; stop = { generations = 25; fitness = -1.0; }; };
output = { plot = false; };
EOT
for name in tournament roulette sus rank truncation random; do
  for islands in 1 3; do
    for jobs in 1 2 4; do
      check "selection $name, $islands island(s), $jobs threads" "$GAEXP" run "$sel" --quiet --jobs "$jobs" \
        --set ga.selection.name=$name --set ga.islands.count=$islands --out "$out/sel-$name-$islands-j$jobs"
    done
    check "selection $name, $islands island(s): 2 threads as 1" same "$out/sel-$name-$islands-j1" "$out/sel-$name-$islands-j2"
    check "selection $name, $islands island(s): 4 threads as 1" same "$out/sel-$name-$islands-j1" "$out/sel-$name-$islands-j4"
    check "selection $name, $islands island(s), packed bits at 4 threads" "$GAEXP" run "$sel" --quiet --jobs 4 \
      --set ga.selection.name=$name --set ga.islands.count=$islands --set problem.packed=true --out "$out/sel-$name-$islands-packed"
    check "selection $name, $islands island(s): packed bits at 4 threads as unpacked at 1" same "$out/sel-$name-$islands-j1" "$out/sel-$name-$islands-packed"
  done
done
# islands_threads NAME CFG SETTINGS: CFG run with the --set words SETTINGS,
# alone and on 3 islands, at 1, 2 and 4 threads: the same files at each.
islands_threads() {
  for islands in 1 3; do
    for jobs in 1 2 4; do
      # shellcheck disable=SC2086  # the settings' words
      check "$1, $islands island(s), $jobs threads" "$GAEXP" run "$2" --quiet --jobs "$jobs" $3 \
        --set ga.islands.count=$islands --out "$out/$1-$islands-j$jobs"
    done
    check "$1, $islands island(s): 2 threads as 1" same "$out/$1-$islands-j1" "$out/$1-$islands-j2"
    check "$1, $islands island(s): 4 threads as 1" same "$out/$1-$islands-j1" "$out/$1-$islands-j4"
  done
}
# Every replacement scheme (generational without an elite too), alone and
# with islands, at 1, 2 and 4 threads, and on packed bits as on unpacked ones.
for scheme in generational-0 steady-worst steady-random steady-tournament-unique plus comma; do
  case $scheme in
    generational-0) sets="--set ga.scheme.generational.elite=0" ;;
    steady-worst) sets="--set ga.scheme.name=steady --set ga.scheme.steady.lambda=3" ;;
    steady-random) sets="--set ga.scheme.name=steady --set ga.scheme.steady.replace=random --set ga.selection.name=rank" ;;
    steady-tournament-unique) sets="--set ga.scheme.name=steady --set ga.scheme.steady.replace=tournament --set ga.scheme.steady.unique=true --set ga.scheme.steady.lambda=40" ;;
    plus) sets="--set ga.scheme.name=plus --set ga.scheme.plus.lambda=50 --set ga.selection.name=sus" ;;
    comma) sets="--set ga.scheme.name=comma --set ga.selection.name=truncation" ;;
  esac
  islands_threads "scheme-$scheme" "$sel" "$sets"
  for islands in 1 3; do
    # shellcheck disable=SC2086  # the settings' words
    check "scheme $scheme, $islands island(s), packed bits at 2 threads" "$GAEXP" run "$sel" --quiet --jobs 2 $sets \
      --set ga.islands.count=$islands --set problem.packed=true --out "$out/scheme-$scheme-$islands-packed"
    check "scheme $scheme, $islands island(s): packed bits at 2 threads as unpacked at 1" same "$out/scheme-$scheme-$islands-j1" "$out/scheme-$scheme-$islands-packed"
  done
done
# A one-child crossover (erx: each child from its own pair of parents) in
# every breeding scheme, an odd brood dropping no child, alone and with
# islands, at 1, 2 and 4 threads.
erx=$out/erx.cfg
cat > "$erx" <<EOT
problem = { name = "tsp"; cities = 30; seed = 3; };
ga = { seed = 4; population = 41; crossover = { name = "erx"; rate = 0.8; };
       stop = { generations = 15; fitness = -1.0; }; };
output = { plot = false; };
EOT
for scheme in generational steady plus comma; do
  case $scheme in
    generational) sets="--set ga.scheme.generational.elite=2" ;;
    steady) sets="--set ga.scheme.name=steady --set ga.scheme.steady.lambda=5" ;;
    plus) sets="--set ga.scheme.name=plus --set ga.scheme.plus.lambda=33" ;;
    comma) sets="--set ga.scheme.name=comma --set ga.scheme.comma.lambda=45" ;;
  esac
  islands_threads "erx-$scheme" "$erx" "$sets"
done
check "the six schemes give six different runs" \
  [ "$(for n in tournament roulette sus rank truncation random; do cksum < "$out/sel-$n-1-j1/generations.csv"; done | sort -u | wc -l)" -eq 6 ]
# Replicates: each one is the run its own seed gives, whatever the thread count.
cfg="$golden/derful4.cfg"
check "3 replicates run" run "$cfg" --replicates 3 --out "$out/rep"
check "3 replicates at 2 threads" run "$cfg" --replicates 3 --jobs 2 --out "$out/rep-j2"
check "replicates at 2 threads are identical" same "$out/rep" "$out/rep-j2"
check "summary has one row per replicate" [ "$(tail -n +2 "$out/rep/summary.csv" | cut -d, -f1 | tr '\n' ' ')" = "1 2 3 " ]
grep "^1," "$out/rep/generations.csv" > "$out/rep1.rows"
tail -n +2 "$out/derful4-a/generations.csv" > "$out/plain.rows"
check "replicate 1 is the plain run" cmp "$out/rep1.rows" "$out/plain.rows"
seed2=$(sed -n 3p "$out/rep/summary.csv" | cut -d, -f2)
check "replicate 2 alone" run "$cfg" --seed "$seed2" --out "$out/rep2-alone"
grep "^2," "$out/rep/generations.csv" | cut -d, -f2- > "$out/rep2.rows"
tail -n +2 "$out/rep2-alone/generations.csv" | cut -d, -f2- > "$out/rep2-alone.rows"
check "replicate 2 is the run of its own seed" cmp "$out/rep2.rows" "$out/rep2-alone.rows"
check "curves average the 3 replicates" grep -q "^0,3," "$out/rep/curves.csv"
test_summary "golden runs"
