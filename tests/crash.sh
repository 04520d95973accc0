#!/bin/sh
# tests/crash.sh — crash consistency (doc/data-safety.md): gaexp is killed
# with SIGKILL, by strace's fault injection, at every write, fsync, syncfs,
# rename and unlink of a short run (its generations, checkpoints and commit), over
# an empty folder and with --force over an older result.  Right after each
# kill the folder must be the previous result, the new one, or hold a
# checkpoint or commit journal; 'gaexp resume' (or, with neither, the same
# run again) must then end byte-identical to an uninterrupted run
# (times.csv aside).  Then a full disk (ENOSPC) at every checkpoint write:
# the run fails, keeps the previous checkpoint, and resume finishes it.
. "${srcdir:-.}/tests/lib.sh"
test_folder crash
out=$(cd "$out" && pwd) # strace -P needs absolute paths
cfg=$out/short.cfg
cat >"$cfg" <<EOT
problem = { name = "onemax"; bits = 50; };
ga = { seed = 5; population = 20; replicates = 2; stop = { generations = 4; fitness = -1.0; }; };
output = { plot = false; checkpoint = 0.0; };
EOT
same() { # DIR REFERENCE: the same files, equal but times.csv
  [ "$(ls -A "$1")" = "$(ls -A "$2")" ] || return 1
  for f in $(ls -A "$2"); do [ "$f" = times.csv ] || cmp -s "$1/$f" "$2/$f" || return 1; done
}
# results DIR REFERENCE: DIR's result files (temporary ones, checkpoint
# and journal aside) are the reference's: no mix of two runs.
results() {
  for f in $(ls -A "$1" | grep -v -e checkpoint -e commit -e '\.part$') $(ls -A "$2"); do
    [ "$f" = times.csv ] || cmp -s "$1/$f" "$2/$f" || return 1
  done
}
# A finished folder holds no checkpoint, journal or temporary file.
clean() { [ -z "$(ls -A "$1" | grep -e checkpoint -e commit -e '\.part$')" ]; }

# references CFG: the uninterrupted result (reference.new) and an older
# one for --force (reference.old), both written in $out/run as a scenario's.
references() {
  rm -rf "$out/run" "$out/reference.new" "$out/reference.old"
  "$GAEXP" run "$1" --out "$out/run" --quiet --seed 9 && mv "$out/run" "$out/reference.old"
  "$GAEXP" run "$1" --out "$out/run" --quiet && mv "$out/run" "$out/reference.new"
}
references "$cfg"

# The syscalls of one uninterrupted run, counted by kind.
inject -o "$out/trace" -e trace=write,fsync,syncfs,rename,unlink "$GAEXP" run "$cfg" --out "$out/run" --quiet
rm -rf "$out/run"
count() { grep -c "^$1(" "$out/trace"; }

# scenario PREFIX: kills the run at every syscall of each kind; counts the
# kills and the folders in a bad state.
kills=0 mixed= unfinished= differing= leftover=
scenario() { # FORCE CALL...
  force=$1; shift
  for call in "$@"; do
    n=$(count "$call")
    i=1
    while [ "$i" -le "$n" ]; do
      rm -rf "$out/run"
      [ "$force" = yes ] && cp -r "$out/reference.old" "$out/run"
      inject -o /dev/null -e trace="$call" -e inject="$call:signal=SIGKILL:when=$i" \
        "$GAEXP" run "$cfg" --out "$out/run" --quiet ${force:+--force} 2>/dev/null
      [ $? -ne 0 ] && kills=$((kills + 1))
      where="$call#$i${force:+/force}"
      # Right after the kill: old, new, or resumable; never a mix.
      if [ ! -e "$out/run/checkpoint" ] && [ ! -e "$out/run/commit" ]; then
        if [ "$force" = yes ]; then
          results "$out/run" "$out/reference.old" || results "$out/run" "$out/reference.new" || mixed="$mixed $where"
        else
          [ ! -e "$out/run/generations.csv" ] || results "$out/run" "$out/reference.new" || mixed="$mixed $where"
        fi
      fi
      if [ -e "$out/run/checkpoint" ] || [ -e "$out/run/commit" ]; then
        "$GAEXP" resume "$out/run" --quiet >/dev/null 2>&1
      else
        "$GAEXP" run "$cfg" --out "$out/run" --quiet --force 2>/dev/null
      fi || unfinished="$unfinished $where"
      same "$out/run" "$out/reference.new" || differing="$differing $where"
      clean "$out/run" || leftover="$leftover $where"
      i=$((i + 1))
    done
  done
}
scenario "" write fsync syncfs rename unlink
scenario yes write fsync syncfs rename unlink
total=$((2 * ($(count write) + $(count fsync) + $(count syncfs) + $(count rename) + $(count unlink))))
echo "# without the figure: $total syscalls (write $(count write), fsync $(count fsync), syncfs $(count syncfs), rename $(count rename), unlink $(count unlink); twice)"
# With the figure: fitness.gp committed with the files, fitness.png drawn
# before the journal goes.  Every fsync, syncfs, rename and unlink, with --force.
plot_cfg=$out/plot.cfg
sed 's/plot = false/plot = true/' "$cfg" >"$plot_cfg"
references "$plot_cfg"
# Counted over the older result, as the scenario runs (its style.gp is kept, not written again).
rm -rf "$out/run" && cp -r "$out/reference.old" "$out/run"
inject -o "$out/trace" -e trace=write,fsync,syncfs,rename,unlink "$GAEXP" run "$plot_cfg" --out "$out/run" --quiet --force
rm -rf "$out/run"
cfg=$plot_cfg
scenario yes fsync syncfs rename unlink
total=$((total + $(count fsync) + $(count syncfs) + $(count rename) + $(count unlink)))
echo "# with the figure: fsync $(count fsync), syncfs $(count syncfs), rename $(count rename), unlink $(count unlink); $kills kills in all"
check "every injected SIGKILL killed the run ($kills of $total)" [ "$kills" -eq "$total" ]
check "after each kill: the old result, the new one or resumable (mixed:${mixed:- none})" [ -z "$mixed" ]
check "after each kill: resume or a rerun finishes (failed:${unfinished:- none})" [ -z "$unfinished" ]
check "after each kill: byte-identical to the uninterrupted run (differing:${differing:- none})" [ -z "$differing" ]
check "after each kill: nothing left but the result (in:${leftover:- none})" [ -z "$leftover" ]

cfg=$out/short.cfg
references "$cfg"
# A full disk at every checkpoint write: exit 1 and one message; the
# previous checkpoint and its .part files kept; resume (with room again)
# finishes to the uninterrupted result.  The first checkpoint has no
# previous one: that run is started again.
rm -rf "$out/run"
inject -o "$out/ck-trace" -P "$out/run/checkpoint.part" -e trace=write "$GAEXP" run "$cfg" --out "$out/run" --quiet
checkpoints=$(grep -c '^write(' "$out/ck-trace")
failed= wrong= i=1
while [ "$i" -le "$checkpoints" ]; do
  rm -rf "$out/run"
  inject -o /dev/null -P "$out/run/checkpoint.part" -e trace=write -e inject="write:error=ENOSPC:when=$i" \
    "$GAEXP" run "$cfg" --out "$out/run" --quiet 2>"$out/enospc.stderr"
  status=$?
  grep -q "cannot write $out/run/checkpoint: No space left on device" "$out/enospc.stderr" && [ "$status" -eq 1 ] ||
    wrong="$wrong #$i"
  if [ "$i" -eq 1 ]; then
    [ -z "$(ls -A "$out/run")" ] || wrong="$wrong #1-not-empty"
    "$GAEXP" run "$cfg" --out "$out/run" --quiet || failed="$failed #$i"
  else
    "$GAEXP" resume "$out/run" --quiet >/dev/null || failed="$failed #$i"
  fi
  same "$out/run" "$out/reference.new" && clean "$out/run" || failed="$failed #$i"
  i=$((i + 1))
done
# commit_fails WHERE MESSAGE STRACE-ARGS...: the run, with the failure
# STRACE-ARGS inject while it commits, exits 1 with MESSAGE and keeps its
# checkpoint; resume then finishes to the uninterrupted result.
commit_fails() {
  where=$1 message=$2
  shift 2
  rm -rf "$out/run"
  inject -o /dev/null "$@" "$GAEXP" run "$cfg" --out "$out/run" --quiet 2>"$out/commit.stderr"
  status=$?
  grep -q "$message" "$out/commit.stderr" && [ "$status" -eq 1 ] && [ -e "$out/run/checkpoint" ] ||
    wrong="$wrong $where"
  "$GAEXP" resume "$out/run" --quiet >/dev/null || failed="$failed $where"
  same "$out/run" "$out/reference.new" && clean "$out/run" || failed="$failed $where"
}
# A full disk while the result is committed: the files written last and
# the journal itself.
for name in config.cfg best.txt curves.csv commit; do
  commit_fails "$name" "No space left on device" -P "$out/run/$name.part" -e trace=write -e inject=write:error=ENOSPC
done
# A write-back error reported when the commit's files are made durable (their one syncfs).
commit_fails sync "Input/output error" -e trace=syncfs -e inject=syncfs:error=EIO
echo "# ENOSPC at each of $checkpoints checkpoint writes, and at the commit's files; EIO at their sync"
check "a full disk at a checkpoint or a commit, EIO at its sync: exit 1 and the message (wrong:${wrong:- none})" [ -z "$wrong" ]
check "a full disk at a checkpoint or a commit, EIO at its sync: resumed to the uninterrupted result (failed:${failed:- none})" [ -z "$failed" ]
check "every checkpoint write was hit ($checkpoints)" [ "$checkpoints" -ge 8 ]

# A sweep whose runs go side by side writes each point whole under a hidden
# name and renames it into place (doc/data-safety.md): killed at every
# mkdir, syncfs, fsync, rename and unlink of its threads, every pNNN/ there
# is complete, and 'gaexp resume' (or, before sweep.args exists, the sweep
# again) ends byte-identical to an uninterrupted sweep, no hidden folder
# left.  GNUPLOT= draws no figure: the scripts are what the points write.
sweep_cfg=$out/sweep.cfg
cat >"$sweep_cfg" <<EOT
problem = { name = "onemax"; bits = 50; };
ga = { seed = 5; population = 20; replicates = 2; stop = { generations = 4; fitness = -1.0; }; };
output = { plot = "end"; };
sweep = ( { set = "ga.mutation.rate"; values = [0.01, 0.02, 0.05]; } );
EOT
sweep() { GNUPLOT= "$GAEXP" sweep "$sweep_cfg" --jobs 2 --parallel runs --quiet "$@"; }
rm -rf "$out/sweep-reference" "$out/sweep"
sweep --out "$out/sweep" >/dev/null 2>&1 && mv "$out/sweep" "$out/sweep-reference" # config.cfg names the folder
inject -f -o "$out/sweep-trace" -e trace=mkdir,syncfs,fsync,rename,unlink \
  env GNUPLOT= "$GAEXP" sweep "$sweep_cfg" --jobs 2 --parallel runs --quiet --out "$out/sweep" >/dev/null 2>&1
# strace counts a call's invocations thread by thread: the i-th kills the
# first thread to make its i-th, for i up to the most one thread made.
sweep_calls=0 sweep_kills=0 half= unfinished= differing=
for call in mkdir syncfs fsync rename unlink; do
  n=$(grep " $call(" "$out/sweep-trace" | cut -d' ' -f1 | sort | uniq -c | sort -rn | awk 'NR == 1 { print $1 } END { if (!NR) print 0 }')
  i=1
  while [ "$i" -le "$n" ]; do
    rm -rf "$out/sweep"
    inject -f -o /dev/null -e trace="$call" -e inject="$call:signal=SIGKILL:when=$i" \
      env GNUPLOT= "$GAEXP" sweep "$sweep_cfg" --jobs 2 --parallel runs --quiet --out "$out/sweep" >/dev/null 2>&1
    [ $? -ne 0 ] && sweep_kills=$((sweep_kills + 1))
    sweep_calls=$((sweep_calls + 1))
    for point in "$out"/sweep/p*/; do # complete or absent
      [ -d "$point" ] || continue
      name=$(basename "$point")
      diff -r -x times.csv "$point" "$out/sweep-reference/$name" >/dev/null || half="$half $call#$i:$name"
    done
    if [ -e "$out/sweep/sweep.args" ]; then
      GNUPLOT= "$GAEXP" resume "$out/sweep" --quiet >/dev/null 2>&1
    else
      sweep --out "$out/sweep" --force >/dev/null 2>&1
    fi || unfinished="$unfinished $call#$i"
    diff -r -x times.csv "$out/sweep" "$out/sweep-reference" >/dev/null || differing="$differing $call#$i"
    i=$((i + 1))
  done
done
echo "# the sweep: $sweep_kills kills in $sweep_calls tries (of its mkdir $(grep -c ' mkdir(' "$out/sweep-trace"), syncfs $(grep -c ' syncfs(' "$out/sweep-trace"), fsync $(grep -c ' fsync(' "$out/sweep-trace"), rename $(grep -c ' rename(' "$out/sweep-trace"))"
check "a sweep's points written whole: killed at 30 calls or more ($sweep_kills)" [ "$sweep_kills" -ge 30 ]
check "a sweep's points written whole: after each kill every pNNN/ is complete (half:${half:- none})" [ -z "$half" ]
check "a sweep's points written whole: resumed byte-identical, no hidden folder left (failed:${unfinished:- none}; differing:${differing:- none})" \
  [ -z "$unfinished$differing" ]
test_summary crash
