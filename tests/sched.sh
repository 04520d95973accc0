#!/bin/sh
# tests/sched.sh — composite genomes (doc/sched.md): the exact baseline
# 'gaexp solve sched' equals the best of every genome of a small instance
# (enumerated, each evaluated by gaexp evaluate); the GA reaches that
# optimum; each part's operators, chosen in ga.parts, shape the run (--set
# and a sweep over them, which report and export read); the run is the
# same at 1, 2 and 4 threads and after SIGKILL and 'gaexp resume'; bad part
# settings are one message, exit 2.
. "${srcdir:-.}/tests/lib.sh"
test_folder sched
src=${srcdir:-.}
cfg=$src/configs/sched.cfg
quiet() { "$GAEXP" "$@" --quiet >/dev/null 2>&1; }

# ---- the baseline against brute force: 5 jobs on 2 machines, every job
# order and assignment (5! 2^5 genomes: the order, 3 genes of padding, the
# machines), evaluated by gaexp; the least is solve's optimum.
small="--set problem.jobs=5 --set problem.machines=2 --set problem.instance=7"
echo 'problem = { name = "sched"; jobs = 5; machines = 2; instance = 7; };' >"$out/small.cfg"
python3 -c '
import itertools
for p in itertools.permutations(range(5)):
    for m in itertools.product(range(2), repeat=5):
        print(" ".join(map(str, list(p) + [0, 0, 0] + list(m))))' >"$out/all"
"$GAEXP" evaluate "$out/small.cfg" <"$out/all" >"$out/fitness" 2>"$out/err"
least=$(awk 'NR > 1 && (min == "" || $1 < min) { min = $1 } END { print min }' "$out/fitness")
solved=$("$GAEXP" solve sched --jobs 5 --machines 2 --instance 7 | sed -n 's/.*completion time \([0-9]*\)$/\1/p')
check "evaluate: all 3840 genomes" [ "$(wc -l <"$out/fitness")" -eq 3841 ]
check "solve sched: the optimum is the least of all genomes ($solved, $least)" [ "${solved:-none}" = "$least" ]

# ---- the GA reaches the exact optimum of the shipped instance (10 jobs,
# 4 machines, 387 by 'gaexp solve sched --jobs 10 --machines 4'), in each
# of 5 seeded runs of the shipped file (20 of 20 when measured, seeds 100..).
opt=$("$GAEXP" solve sched --jobs 10 --machines 4 | sed -n 's/.*completion time \([0-9]*\)$/\1/p')
check "solve sched --jobs 10 --machines 4: 387" [ "$opt" = 387 ]
quiet run "$cfg" --out "$out/ga" --set ga.replicates=5
check "the GA reaches the optimum in 5 runs of 5" \
  awk -F, 'NR > 1 { n++; if ($3 == 1 && $4 == 387) ok++ } END { exit !(n == 5 && ok == 5) }' "$out/ga/summary.csv"
check "best.txt: machine by machine, and the optimum" grep -q '^total weighted completion time: 387$' "$out/ga/best.txt"

# ---- each part's operators shape the run: another mutation of the order
# (by --set) or another span of its inversion gives another run; a sweep
# over the order's mutations runs each, with its name in the report.
long="--set ga.stop.fitness=0 --set ga.stop.generations=30"
# shellcheck disable=SC2086
quiet run "$cfg" $long --out "$out/inv"
# shellcheck disable=SC2086
quiet run "$cfg" $long --set 'ga.parts.order.mutation.name="swap"' --out "$out/swap"
# shellcheck disable=SC2086
quiet run "$cfg" $long --set ga.parts.order.mutation.inversion.span=0.3 --out "$out/span"
# shellcheck disable=SC2086
quiet run "$cfg" $long --set ga.parts.machine.mutation.rate=0.3 --out "$out/rate"
differ() { ! cmp -s "$1/generations.csv" "$2/generations.csv"; }
check "ga.parts.order.mutation.name: another run" differ "$out/inv" "$out/swap"
check "ga.parts.order.mutation.inversion.span: another run" differ "$out/inv" "$out/span"
check "ga.parts.machine.mutation.rate: another run" differ "$out/inv" "$out/rate"
sed 's/^  stop = .*/  stop = { generations = 30; fitness = 0; };/' "$cfg" >"$out/sweep.cfg"
echo 'sweep = ( { set = "ga.parts.order.mutation.name"; values = ["swap", "inversion", "insertion"]; } );' >>"$out/sweep.cfg"
check "a sweep over the order's mutations" quiet sweep "$out/sweep.cfg" --out "$out/sweep"
check "gaexp report ranks its three points by the order's mutation" \
  sh -c '"$0" report "$1" >"$1.txt" && grep -q "parts.order.mutation.name" "$1.txt" && [ "$(grep -c -E " p00[123] +(swap|inversion|insertion) " "$1.txt")" -eq 3 ]' \
  "$GAEXP" "$out/sweep"
check "gaexp export writes the sweep for IOHanalyzer" \
  sh -c '"$0" export --format iohprofiler "$1" "$2" >/dev/null 2>&1 && [ -n "$(find "$2" -name "*.dat" | head -1)" ]' \
  "$GAEXP" "$out/sweep" "$out/ioh"
check "its point 2 (inversion) is the run of the file" \
  diff -rq -x times.csv -x config.cfg -x '*.png' -x '*.gp' "$out/inv" "$out/sweep/p002"

# ---- the same run at 1, 2 and 4 threads, its hooks checked (--check).
for j in 1 2 4; do
  check "$j threads, every genome checked valid (--check)" \
    quiet run "$cfg" --set ga.replicates=2 --set ga.population=300 --jobs $j --parallel threads --check --out "$out/j$j"
done
check "2 threads: the same run" diff -rq -x times.csv -x config.cfg "$out/j1" "$out/j2"
check "4 threads: the same run" diff -rq -x times.csv -x config.cfg "$out/j1" "$out/j4"
# A one-child crossover (erx) in a part: the pair's two children, one call each.
for j in 1 4; do
  check "erx on the order, $j threads, every genome checked valid (--check)" \
    quiet run "$cfg" --set 'ga.parts.order.crossover.name="erx"' --set ga.population=200 --jobs $j \
      --parallel threads --check --out "$out/erx$j"
done
check "erx on the order: 4 threads, the same run" diff -rq -x times.csv -x config.cfg "$out/erx1" "$out/erx4"
check "erx on the order: another run than ox" differ "$out/erx1" "$out/j1"

# ---- killed with SIGKILL and resumed (a checkpoint every generation): the same files.
kl="--set ga.replicates=2 --set ga.population=2000 --set ga.stop.fitness=0 --set ga.stop.generations=150 --set output.checkpoint=0.0"
# shellcheck disable=SC2086
quiet run "$cfg" $kl --out "$out/whole"
# shellcheck disable=SC2086
"$GAEXP" run "$cfg" $kl --out "$out/killed" --quiet & pid=$!
sleep 0.5; kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
if [ -e "$out/killed/checkpoint" ] || [ -e "$out/killed/commit" ]; then # a run to go on, or a commit to finish
  "$GAEXP" resume "$out/killed" --quiet
elif [ ! -e "$out/killed/summary.csv" ]; then # killed before its first checkpoint: started again
  # shellcheck disable=SC2086
  quiet run "$cfg" $kl --out "$out/killed" --force
fi
check "killed and resumed: the same files as uninterrupted" diff -rq -x times.csv -x config.cfg "$out/whole" "$out/killed"

# ---- bad part settings: one message at the file's line, exit 2, no folder.
bad() {
  "$GAEXP" run "$cfg" --set "$1" --out "$out/bad" --quiet 2>"$out/bad.err"
  status=$?
  check "$1: exit 2, one line: $2" sh -c '[ "$1" -eq 2 ] && [ "$(wc -l <"$0")" -eq 1 ] && grep -qF -- "$2" "$0"' \
    "$out/bad.err" "$status" "$2"
  check "$1: no folder" [ ! -e "$out/bad" ]
}
bad 'ga.parts.order.crossover.name="uniform"' "crossover 'uniform' does not serve part 'order' of problem 'sched' (permutation)"
bad 'ga.parts.machine.mutation.name="inversion"' "mutation 'inversion' does not serve part 'machine'"
bad 'ga.parts.jobs.mutation.name="swap"' "ga.parts.jobs: no part has this name"
bad 'ga.parts.machine.mutation.per="fast"' "unknown value 'fast' (choose one of: individual, gene)"
bad 'ga.crossover.name="ox"' "crossover 'ox' does not serve problem 'sched' (composite genome); choose one of: parts"
"$GAEXP" run "$src/configs/onemax.cfg" --set 'ga.parts.x.crossover.name="ox"' --out "$out/bad" --quiet 2>"$out/bad.err"
check "ga.parts on a bits problem: exit 2, one message" \
  sh -c '[ "$1" -eq 2 ] && [ "$(wc -l <"$0")" -eq 1 ] && grep -q "ga.parts is for composite problems" "$0"' "$out/bad.err" "$?"
test_summary sched
