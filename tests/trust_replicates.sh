#!/bin/sh
# tests/trust_replicates.sh — replicates side by side checkpoint like everything
# else (issue 27, point 6): 'run --replicates R --jobs N' keeps each replicate
# as it ends and, under way, its state every output.checkpoint seconds; SIGTERM
# keeps what it has and exits 130; 'gaexp resume' runs only what is unfinished,
# and the folder equals an uninterrupted run's.  The same for a sweep's points.
. "${srcdir:-.}/tests/lib.sh"
test_folder trust_replicates
out=$(cd "$out" && pwd)
case $GAEXP in /*) ;; *) GAEXP=$(pwd)/$GAEXP ;; esac
# Six replicates of a few tenths of a second each, two side by side; with
# output.checkpoint below a second every replicate that ends is kept.
cat >"$out/side.cfg" <<EOT
problem = { name = "onemax"; bits = 300; };
ga = { seed = 5; population = 200; replicates = 6; stop = { generations = 12000; fitness = -1.0; }; };
output = { plot = false; checkpoint = 0.1; };
EOT
run() { "$GAEXP" run "$out/side.cfg" --quiet --jobs 2 --parallel runs "$@"; }
# same DIR REFERENCE: the same results (config.cfg names its folder).
same() { # (--jobs N of a resume writes ga.threads = N)
  diff -r -x times.csv -x config.cfg "$1" "$2" >/dev/null &&
    [ "$(grep -v -e "^# 'gaexp run" -e "dir = " -e "threads = " "$1/config.cfg")" = \
      "$(grep -v -e "^# 'gaexp run" -e "dir = " -e "threads = " "$2/config.cfg")" ]
}
# stopped SIGNAL SECONDS DIR: the run into DIR, sent SIGNAL SECONDS after its first replicate ended; its status in $status.
stopped() {
  rm -rf "$3"
  "$GAEXP" run "$out/side.cfg" --quiet --jobs 2 --parallel runs --out "$3" 2>"$3.err" & pid=$!
  wait_until "$pid" sh -c 'ls "$0"/replicates/r[0-9] >/dev/null 2>&1' "$3" || true
  sleep "$2"
  kill "-$1" "$pid"
  wait "$pid"
  status=$?
}
run --out "$out/reference"
check "the uninterrupted run" [ -s "$out/reference/summary.csv" ]

stopped TERM 0.1 "$out/term"
check "SIGTERM: exit 130" [ "$status" -eq 130 ]
check "SIGTERM: the replicates that ended are kept" sh -c 'ls "$0"/term/replicates/r[0-9] >/dev/null 2>&1' "$out"
check "SIGTERM: every replicate begun is kept, ended or under way" \
  [ "$(ls "$out/term/replicates" | grep -c '^r[0-9]')" -ge 2 ]
check "SIGTERM: it says so and how to go on" grep -qF "'gaexp resume $out/term' goes on" "$out/term.err"
check "SIGTERM: no result appears" [ ! -e "$out/term/summary.csv" ]
ended=$(ls "$out/term/replicates" | grep -c '^r[0-9]*$')
under_way=0
for f in "$out"/term/replicates/r*.state; do [ -e "${f%.state}" ] || under_way=$((under_way + 1)); done
check "SIGTERM: no replicate begins after it (at most 2 under way, on 2 threads)" [ "$under_way" -le 2 ]
"$GAEXP" resume "$out/term" > "$out/term.resumed"
check "resume after SIGTERM: exit 0" [ $? -eq 0 ]
check "resume after SIGTERM: what an uninterrupted run writes" same "$out/term" "$out/reference"
check "resume after SIGTERM: runs only what was unfinished (its $ended ended replicates kept, $under_way gone on with)" \
  grep -qF "($ended kept from before, $under_way gone on with from their kept state)" "$out/term.resumed"
check "resume after SIGTERM: no replicates folder left" [ ! -e "$out/term/replicates" ]

stopped KILL 0.1 "$out/kill"
check "SIGKILL: killed" [ "$status" -eq 137 ]
check "SIGKILL: the states of output.checkpoint (0.1 s) are there" sh -c 'ls "$0"/kill/replicates/r*.state >/dev/null 2>&1 || ls "$0"/kill/replicates/r[0-9] >/dev/null 2>&1' "$out"
"$GAEXP" resume "$out/kill" --quiet --jobs 1
check "resume after SIGKILL, on one thread: exit 0" [ $? -eq 0 ]
check "resume after SIGKILL: what an uninterrupted run writes" same "$out/kill" "$out/reference"
stopped INT 0.05 "$out/twice"
"$GAEXP" resume "$out/twice" --quiet & pid=$!
sleep 0.3
kill -INT "$pid"
wait "$pid"
check "interrupted twice: the second resume exits 130" [ $? -eq 130 ]
"$GAEXP" resume "$out/twice" --quiet
check "interrupted twice: the third ends it as the uninterrupted run" same "$out/twice" "$out/reference"

# A sweep's points side by side: the same.
{ sed 's/replicates = 6/replicates = 3/; s/generations = 12000/generations = 5000/' "$out/side.cfg"
  echo 'sweep = ( { set = "ga.mutation.rate"; values = [0.001, 0.002, 0.003, 0.004]; } );'; } >"$out/sweep.cfg"
"$GAEXP" sweep "$out/sweep.cfg" --out "$out/sweep.reference" --quiet --jobs 2 --parallel runs
"$GAEXP" sweep "$out/sweep.cfg" --out "$out/sweep" --quiet --jobs 2 --parallel runs 2>"$out/sweep.err" & pid=$!
wait_until "$pid" sh -c 'ls -d "$0"/sweep/.p*.replicates >/dev/null 2>&1' "$out" || true
kill -TERM "$pid"
wait "$pid"
check "a sweep side by side, SIGTERM: exit 130" [ $? -eq 130 ]
check "a sweep side by side, SIGTERM: the point under way keeps its replicates" sh -c 'ls -d "$0"/sweep/.p*.replicates >/dev/null 2>&1' "$out"
"$GAEXP" resume "$out/sweep" --quiet
check "the sweep resumed: exit 0" [ $? -eq 0 ]
check "the sweep resumed: as the uninterrupted sweep" \
  diff -r -x times.csv -x config.cfg -x '*.png' "$out/sweep" "$out/sweep.reference"
check "the sweep resumed: no kept replicates left" sh -c '! ls -d "$0"/sweep/.p*.replicates >/dev/null 2>&1' "$out"

test_summary trust_replicates
