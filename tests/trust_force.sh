#!/bin/sh
# tests/trust_force.sh — --force replaces, never mixes, never destroys first
# (doc/data-safety.md): a sweep rerun from the sweep.cfg its folder keeps, a
# symbolic link planted at a point, and --force over an older sweep, export
# or tuning, each mended; folders of another kind refused; then a sweep
# --force over an older sweep killed with SIGKILL at random moments (strace's
# fault injection at its renames, unlinks, mkdirs, syncs and writes): right
# after each kill the folder is the old result, the new one, or holds the
# publication journal; 'gaexp resume' goes on with the new sweep, or says
# that it never started (exit 1), and then the same --force again ends
# equal to an uninterrupted sweep.  TRUST_FORCE_SEED picks other moments.
. "${srcdir:-.}/tests/lib.sh"
test_folder trust_force
out=$(cd "$out" && pwd)
case $GAEXP in /*) ;; *) GAEXP=$(pwd)/$GAEXP ;; esac
command -v strace >/dev/null 2>&1 || skip_rest trust_force "strace is missing"
base='problem = { name = "onemax"; bits = 20; };
ga = { seed = 5; population = 10; replicates = 2; stop = { generations = 3; fitness = -1.0; }; };'
# The older sweep: six points, its figures in PDF.
printf '%s\noutput = { plot = true; format = "pdf"; };\nsweep = ( { set = "ga.mutation.rate"; values = [0.1, 0.2, 0.3]; },\n  { set = "ga.crossover.rate"; values = [0.5, 0.9]; } );\n' \
  "$base" >"$out/old.cfg"
sed 's/"pdf"/"svg"/' "$out/old.cfg" >"$out/old-svg.cfg"
# The new one: three points, a checkpoint every generation (a kill may leave one in the stage).
printf '%s\noutput = { plot = true; checkpoint = 0.0; };\nsweep = ( { set = "ga.mutation.rate"; values = [0.1, 0.2, 0.4]; } );\n' \
  "$base" | sed 's/generations = 3;/generations = 12;/' >"$out/new.cfg"
printf '%s\noutput = { plot = false; };\n' "$base" >"$out/run.cfg"
sweep() { "$GAEXP" sweep "$@" --quiet; }
# same DIR REFERENCE [DIFF-OPTION...]: equal, times and pictures aside
# (gnuplot's PNGs need not be byte-stable), hidden names included.
same() { a=$1 b=$2; shift 2; diff -r -x times.csv -x '*.png' "$@" "$a" "$b" >/dev/null; }
# untouched DIR COPY: byte for byte what it was, links compared as links.
untouched() { a=$1 b=$2; shift 2; diff -r --no-dereference "$@" "$a" "$b" >/dev/null; }
hidden() { [ -z "$(ls -A "$1" | grep '^\.')" ]; }
# refused STDERR-FILE MESSAGE COMMAND...: exit 2 and one line holding MESSAGE.
refused() {
  err=$1 message=$2; shift 2
  "$@" >/dev/null 2>"$err"
  [ $? -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -qF -- "$message" "$err"
}
# older DIR: the older sweep in DIR with its PDF figures, the SVG ones of
# the same sweep beside them, and a note of the user's.
older() {
  rm -rf "$1" "$1.svg"
  sweep "$out/old-svg.cfg" --out "$1.svg" && sweep "$out/old.cfg" --out "$1" || return 1
  for f in "$1.svg"/*.svg; do [ -e "$f" ] && cp "$f" "$1/"; done
  rm -rf "$1.svg"
  echo mine >"$1/notes.txt"
}

# ---- 1. A sweep rerun from the copy of its file its folder keeps.
sweep "$out/new.cfg" --out "$out/rerun"
cp -a "$out/rerun" "$out/rerun.first"
check "sweep ROOT/sweep.cfg --out ROOT --force: done" sweep "$out/rerun/sweep.cfg" --out "$out/rerun" --force
check "sweep ROOT/sweep.cfg --out ROOT --force: equal to the first sweep" same "$out/rerun" "$out/rerun.first"

# ---- 2. A symbolic link planted at a point name is never followed.
sweep "$out/new.cfg" --out "$out/link"
mkdir -p "$out/IMPORTANT" "$out/PRECIOUS"
cp "$out"/rerun.first/p001/* "$out/IMPORTANT/" # another run's results
echo precious >"$out/PRECIOUS/keep.txt"
cp -a "$out/IMPORTANT" "$out/IMPORTANT.copy"
cp -a "$out/PRECIOUS" "$out/PRECIOUS.copy"
rm -rf "$out/link/p002" && ln -s ../IMPORTANT "$out/link/p002"
cp -a "$out/link" "$out/link.copy"
check "a symlinked point: sweep --force refuses it" refused "$out/e1" "$out/link/p002 is a symbolic link" \
  sweep "$out/new.cfg" --out "$out/link" --force
check "a symlinked point: sweep --force leaves its target untouched" untouched "$out/IMPORTANT" "$out/IMPORTANT.copy"
check "a symlinked point: sweep --force leaves the sweep untouched" untouched "$out/link" "$out/link.copy"
rm "$out/link/p002" && ln -s ../PRECIOUS "$out/link/p002" && rm -rf "$out/link.copy" && cp -a "$out/link" "$out/link.copy"
check "a symlinked point: resume refuses it" refused "$out/e2" "$out/link/p002 is a symbolic link" \
  "$GAEXP" resume "$out/link" --quiet
check "a symlinked point: resume leaves its target untouched" untouched "$out/PRECIOUS" "$out/PRECIOUS.copy"
check "a symlinked point: resume leaves the sweep untouched" untouched "$out/link" "$out/link.copy"

# ---- 3. --force replaces, never mixes.  The reference: the new sweep
# written fresh in the same folder (config.cfg names it), then moved aside.
sweep "$out/new.cfg" --out "$out/mix" && mv "$out/mix" "$out/mix.new"
older "$out/mix"
check "the older sweep has figures in PDF and SVG" eval 'ls "$out"/mix/*.pdf "$out"/mix/*.svg >/dev/null 2>&1 || ! command -v gnuplot >/dev/null'
check "sweep --force over an older sweep: done" sweep "$out/new.cfg" --out "$out/mix" --force
check "sweep --force over an older sweep: no old file left (points, figures, .dat), equal to a fresh sweep" \
  same "$out/mix" "$out/mix.new" -x notes.txt
check "sweep --force over an older sweep: the user's notes.txt kept" [ "$(cat "$out/mix/notes.txt")" = mine ]
check "sweep --force over an older sweep: no hidden folder left" hidden "$out/mix"
# Other kinds of folder are refused, nothing changed.
cp -a "$out/mix" "$out/mix.copy"
check "run --force into a sweep's folder is refused" refused "$out/e3" "holds a sweep" \
  "$GAEXP" run "$out/run.cfg" --out "$out/mix" --force --quiet
check "run --force into a sweep's folder: nothing changed" untouched "$out/mix" "$out/mix.copy"
check "sweep --force into a run folder is refused" refused "$out/e4" "holds a run's results" \
  sweep "$out/new.cfg" --out "$out/mix/p001" --force
check "export into a sweep's folder is refused" refused "$out/e5" "holds a sweep" \
  "$GAEXP" export --format iohprofiler "$out/mix.new" "$out/mix" --force
echo mine >"$out/mix/p002/mine.txt"
rm -rf "$out/mix.copy" && cp -a "$out/mix" "$out/mix.copy"
check "a file not gaexp's in a point: --force refuses, naming it" refused "$out/e6" "$out/mix/p002/mine.txt was not written by gaexp" \
  sweep "$out/new.cfg" --out "$out/mix" --force
check "a file not gaexp's in a point: nothing changed" untouched "$out/mix" "$out/mix.copy"
rm "$out/mix/p002/mine.txt"
# An export: an older one of six points replaced by one of three.
older "$out/six"
"$GAEXP" export --format iohprofiler "$out/mix.new" "$out/ioh.new"
"$GAEXP" export --format iohprofiler "$out/six" "$out/ioh"
echo mine >"$out/ioh/notes.txt"
check "export --force over an older export: done" "$GAEXP" export --format iohprofiler "$out/mix.new" "$out/ioh" --force
check "export --force over an older export: no old file left" untouched "$out/ioh" "$out/ioh.new" -x notes.txt
check "export --force over an older export: the user's file kept, nothing hidden" \
  eval '[ "$(cat "$out/ioh/notes.txt")" = mine ] && hidden "$out/ioh"'
# A tuning (irace needed: skipped without it, as tests/tune.sh does).
if Rscript -e 'library(irace)' >/dev/null 2>&1; then
  cat >"$out/tune.cfg" <<'CFG'
problem = { name = "derful"; n = 4; };
ga = { seed = 1; population = 60; replicates = 5; stop = { generations = 60; }; };
tune = { runs = 100; settings = ( { set = "ga.mutation.rate"; range = [0.0, 1.0]; } ); };
CFG
  "$GAEXP" tune "$out/tune.cfg" --out "$out/tune.new" --quiet
  "$GAEXP" tune "$out/tune.cfg" --out "$out/tune" --quiet
  cp "$out/tune/elite-1.cfg" "$out/tune/elite-9.cfg" # an older tuning's elite
  check "tune --force over an older tuning: done" "$GAEXP" tune "$out/tune.cfg" --out "$out/tune" --force --quiet
  check "tune --force over an older tuning: no stale elite left" [ ! -e "$out/tune/elite-9.cfg" ]
  check "tune --force over an older tuning: the new one's files, nothing else" eval \
    '[ "$(ls -A "$out/tune")" = "$(ls -A "$out/tune.new")" ] && [ "$(ls -A "$out/tune/irace")" = "$(ls -A "$out/tune.new/irace")" ] &&
     diff -r -x irace "$out/tune" "$out/tune.new" >/dev/null'
else
  echo "# tune --force: skipped (R's irace is not installed)"
fi

# ---- 4. A publication a kill interrupted (SIGKILL at the first renameat:
# the journal is in place, nothing moved yet): readers finish it.
older "$out/mix"
inject -o /dev/null -e trace=renameat -e inject=renameat:signal=SIGKILL:when=1 \
  "$GAEXP" sweep "$out/new.cfg" --out "$out/mix" --force --quiet 2>/dev/null
check "killed as it publishes: the journal is there" [ -e "$out/mix/publish" ]
check "killed as it publishes: report finishes it and reports the new sweep" \
  eval '[ "$("$GAEXP" report "$out/mix" | grep -c "^ *[0-9]")" -eq 3 ]'
check "killed as it publishes: the folder is then the new sweep" same "$out/mix" "$out/mix.new" -x notes.txt

# ---- 5. Killed at random moments.  The old result, and the new one as a
# fresh sweep writes it in the same folder, with the user's note kept
# (GNUPLOT= draws no figure: the kills fall in gaexp's own calls).
kill=$out/kill
older "$kill" && mv "$kill" "$out/kill.old"
GNUPLOT= sweep "$out/new.cfg" --out "$kill" --jobs 1 && cp "$out/kill.old/notes.txt" "$kill/" && mv "$kill" "$out/kill.new"
# The killed sweeps run on one thread: strace counts a call's invocations
# thread by thread, so that the i-th of n always kills (the same files at
# any thread count).
rm -rf "$kill" && cp -a "$out/kill.old" "$kill"
GNUPLOT= "$GAEXP" sweep "$out/new.cfg" --out "$kill" --force --quiet --jobs 1
check "an uninterrupted sweep --force over the old one: the fresh sweep" same "$kill" "$out/kill.new"
rm -rf "$kill" && cp -a "$out/kill.old" "$kill"
calls="rename renameat unlink unlinkat mkdir mkdirat syncfs fsync write"
inject -f -o "$out/trace" -e trace=$(echo $calls | tr ' ' ,) env GNUPLOT= "$GAEXP" sweep "$out/new.cfg" --out "$kill" --force --quiet --jobs 1
count() { grep -c "^[0-9]* *$1(" "$out/trace"; }
seed=${TRUST_FORCE_SEED:-7}
# random N: a whole number in 1..N, from the seed and the try (counted by the caller).
tries=0
random() { awk -v s="$seed" -v t="$tries" -v n="$1" 'BEGIN { srand(s * 1000 + t); print int(rand() * n) + 1 }'; }
kills=0 mixed= unfinished= differing= states= untold=
# one_kill WHERE COMMAND...: the sweep --force over the old result, killed
# as COMMAND says; then the checks of the state it left and of its end.
one_kill() {
  where=$1; shift
  rm -rf "$kill" && cp -a "$out/kill.old" "$kill"
  "$@" >/dev/null 2>&1
  [ $? -gt 128 ] && kills=$((kills + 1))
  if [ -e "$kill/publish" ]; then
    states="$states journal"
    GNUPLOT= "$GAEXP" resume "$kill" --quiet >/dev/null 2>&1 || unfinished="$unfinished $where"
  else # the old result or the new one, hidden names aside
    if diff -r -x '.*' "$kill" "$out/kill.old" >/dev/null; then
      states="$states old"
    elif same "$kill" "$out/kill.new"; then
      states="$states new"
    else
      mixed="$mixed $where"
    fi
    if [ -e "$kill/.sweep.new/sweep.args" ]; then
      states="$states+staged"
      GNUPLOT= "$GAEXP" resume "$kill" --quiet >/dev/null 2>&1
    else
      if [ -d "$kill/.sweep.new" ]; then # stopped before it recorded itself: resume says so, and fails
        states="$states+unstarted"
        GNUPLOT= "$GAEXP" resume "$kill" --quiet >/dev/null 2>"$out/resume.err"
        [ $? -eq 1 ] && grep -qF "was stopped before it recorded its settings" "$out/resume.err" ||
          untold="$untold $where"
      fi
      if ! same "$kill" "$out/kill.new"; then # nothing to go on with: the user runs it again
        GNUPLOT= "$GAEXP" sweep "$out/new.cfg" --out "$kill" --force --quiet --jobs 1 >/dev/null 2>&1
      fi
    fi || unfinished="$unfinished $where"
  fi
  same "$kill" "$out/kill.new" || differing="$differing $where"
}
# Two rounds over the calls, each a random one of its invocations.
injected=0
for round in 1 2; do
  for call in renameat renameat renameat renameat renameat renameat rename rename rename rename rename \
    unlinkat unlinkat unlinkat unlink unlink mkdir mkdir mkdirat syncfs syncfs fsync fsync write write write; do
    n=$(count "$call")
    [ "$n" -gt 0 ] || continue
    injected=$((injected + 1)) tries=$((tries + 1))
    i=$(random "$n")
    one_kill "$call#$i" inject -f -o /dev/null -e trace="$call" -e inject="$call:signal=SIGKILL:when=$i" \
      env GNUPLOT= "$GAEXP" sweep "$out/new.cfg" --out "$kill" --force --quiet --jobs 1
  done
done
echo "# after each kill:$(for s in $states; do echo "$s"; done | sort | uniq -c | awk '{ printf " %s %s,", $1, $2 }' | sed 's/,$//')"
echo "# $kills kills of $injected tries (seed $seed; an uninterrupted sweep --force makes the calls:$(for c in $calls; do printf ' %s %s' "$c" "$(count "$c")"; done))"
check "every injected SIGKILL killed it ($kills of $injected, 30 or more)" [ "$kills" -eq "$injected" -a "$kills" -ge 30 ]
check "a sweep --force killed before it recorded itself: resume says so and fails (untold:${untold:- none})" [ -z "$untold" ]
check "after each kill: the old result, the new one, or the journal (mixed:${mixed:- none})" [ -z "$mixed" ]
check "after each kill: resume (or the same --force again) finishes (failed:${unfinished:- none})" [ -z "$unfinished" ]
check "after each kill: equal to the uninterrupted sweep, nothing hidden left (differing:${differing:- none})" [ -z "$differing" ]
test_summary trust_force
