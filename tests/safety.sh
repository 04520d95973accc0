#!/bin/sh
# tests/safety.sh — the reproducers of issue 14, each now refused or mended:
# a folder in use, foreign checkpoints and edited .part files, changed or
# relocated input files, planted symlinks, long paths, numbers in @include'd
# files and 64-bit seeds, follow-on errors, unbounded inputs, --force over a
# sweep, and the command line's smaller messages.  (Kills between renames
# and full disks: tests/crash.sh.)
. "${srcdir:-.}/tests/lib.sh"
test_folder safety
out=$(cd "$out" && pwd)
src=$(cd "$srcdir" && pwd)
case $GAEXP in /*) ;; *) GAEXP=$(pwd)/$GAEXP ;; esac
files="config.cfg generations.csv summary.csv best.txt curves.csv"
same() { for f in $files; do cmp -s "$1/$f" "$2/$f" || return 1; done; }
# refused STDERR-FILE MESSAGE COMMAND...: exit 2 and one line holding MESSAGE.
refused() {
  err=$1 message=$2; shift 2
  "$@" >/dev/null 2>"$err"
  [ $? -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -qF -- "$message" "$err"
}

# ---- 1. A folder in use: the second process is refused, the first intact.
long=$out/long.cfg
cat >"$long" <<EOT
problem = { name = "onemax"; bits = 1000; };
ga = { seed = 5; population = 200; stop = { generations = 8000; fitness = -1.0; }; };
output = { plot = false; checkpoint = 0.2; };
EOT
"$GAEXP" run "$long" --out "$out/busy" --quiet
mv "$out/busy" "$out/busy.reference"
"$GAEXP" run "$long" --out "$out/busy" --quiet & first=$!
wait_until "$first" [ -e "$out/busy/checkpoint" ] || true
check "in use: resume is refused" refused "$out/e1" "output folder '$out/busy' is in use" "$GAEXP" resume "$out/busy" --quiet
check "in use: run --force is refused" refused "$out/e2" "output folder '$out/busy' is in use" \
  "$GAEXP" run "$long" --out "$out/busy" --quiet --force
check "in use: the refusals came while it ran" kill -0 "$first"
wait "$first"
check "in use: the first run ends well" [ $? -eq 0 ]
check "in use: the first run's result is byte-identical" same "$out/busy" "$out/busy.reference"
# A sweep in use.
sweep=$out/sweep.cfg
{ cat "$long"; echo 'sweep = ( { set = "ga.mutation.rate"; values = [0.01, 0.02]; } );'; } >"$sweep"
"$GAEXP" sweep "$sweep" --out "$out/busy-sweep" --quiet
mv "$out/busy-sweep" "$out/busy-sweep.reference"
"$GAEXP" sweep "$sweep" --out "$out/busy-sweep" --quiet & first=$!
wait_until "$first" [ -e "$out/busy-sweep/p001/checkpoint" ] || true
check "in use: a second sweep is refused" refused "$out/e3" "output folder '$out/busy-sweep' is in use" \
  "$GAEXP" sweep "$sweep" --out "$out/busy-sweep" --quiet --force
check "in use: resuming the sweep is refused" refused "$out/e4" "is in use" "$GAEXP" resume "$out/busy-sweep" --quiet
check "in use: resuming its point is refused" refused "$out/e5" "output folder '$out/busy-sweep/p001' is in use" \
  "$GAEXP" resume "$out/busy-sweep/p001" --quiet
wait "$first"
check "in use: the first sweep ends well" [ $? -eq 0 ]
check "in use: the first sweep's points and table are byte-identical" sh -c '
  for p in p001 p002; do for f in '"$files"'; do cmp -s "$0/$p/$f" "$1/$p/$f" || exit 1; done; done
  cmp -s "$0/sweep.csv" "$1/sweep.csv"' "$out/busy-sweep" "$out/busy-sweep.reference"

# ---- 4. Resume checks what it resumes.  A run stopped at its third
# checkpoint (SIGKILL injected at the third rename).
small=$out/small.cfg
cat >"$small" <<EOT
problem = { name = "onemax"; bits = 100; };
ga = { population = 30; stop = { generations = 20; fitness = -1.0; }; };
output = { plot = false; checkpoint = 0.0; };
EOT
stopped() { # DIR SEED
  rm -rf "$1"
  inject -o /dev/null -e trace=rename -e inject=rename:signal=SIGKILL:when=3 \
    "$GAEXP" run "$small" --out "$1" --seed "$2" --quiet 2>/dev/null
  [ -e "$1/checkpoint" ]
}
check "a run stopped at its third checkpoint" stopped "$out/s42" 42
stopped "$out/s7" 7
cp "$out/s7/checkpoint" "$out/s42/checkpoint"
cp -r "$out/s42" "$out/s42.before"
check "a foreign checkpoint is refused" refused "$out/e6" "the checkpoint belongs to another run" \
  "$GAEXP" resume "$out/s42" --quiet
check "a foreign checkpoint: the folder untouched" diff -r "$out/s42" "$out/s42.before"
stopped "$out/edited" 42
sed -i '3s/^1,1,/1,1,9/' "$out/edited/generations.csv.part"
check "an edited generations.csv.part is refused" refused "$out/e7" "generations.csv.part: its content differs" \
  "$GAEXP" resume "$out/edited" --quiet
stopped "$out/missing" 42
rm "$out/missing/summary.csv.part"
check "a missing summary.csv.part is refused" refused "$out/e8" "summary.csv.part: No such file" \
  "$GAEXP" resume "$out/missing" --quiet
# A symlink planted at a .part name: resume refuses it, the target untouched.
stopped "$out/planted" 42
echo precious >"$out/precious"
ln -sf "$out/precious" "$out/planted/generations.csv.part"
check "a symlinked generations.csv.part is refused" refused "$out/e9" "generations.csv.part" \
  "$GAEXP" resume "$out/planted" --quiet
check "a symlinked .part: its target untouched" [ "$(cat "$out/precious")" = precious ]

# Input files resolve against the experiment file and are hashed: a
# changed puzzle is refused, and a resume from elsewhere reads the same one.
mkdir -p "$out/animals" "$out/elsewhere"
cp "$src/configs/animals/level50.txt" "$out/animals/p.txt"
cp "$src/configs/animals/easy.txt" "$out/elsewhere/p.txt"
chmod u+w "$out/animals/p.txt" "$out/elsewhere/p.txt" # a distcheck source tree is read-only
cat >"$out/animals/a.cfg" <<EOT
problem = { name = "animals"; puzzle = "p.txt"; };
ga = { seed = 3; population = 30; stop = { generations = 30; fitness = -1.0; }; };
output = { plot = false; checkpoint = 0.0; };
EOT
(cd "$out" && "$GAEXP" run animals/a.cfg --out "$out/a" --quiet)
check "a relative puzzle path resolves against the experiment file" [ $? -eq 0 ]
mv "$out/a" "$out/a.reference"
check "config.cfg records the puzzle's absolute path" grep -qF "puzzle = \"$out/animals/p.txt\"" "$out/a.reference/config.cfg"
animals_stopped() {
  rm -rf "$out/a"
  (cd "$out" && inject -o /dev/null -e trace=rename -e inject=rename:signal=SIGKILL:when=3 \
    "$GAEXP" run animals/a.cfg --out "$out/a" --quiet 2>/dev/null)
  [ -e "$out/a/checkpoint" ]
}
animals_stopped
(cd "$out/elsewhere" && "$GAEXP" resume "$out/a" --quiet >/dev/null)
check "resumed from a folder with another p.txt: the same result" same "$out/a" "$out/a.reference"
animals_stopped
echo "# edited" >>"$out/animals/p.txt"
check "a changed puzzle file is refused" refused "$out/e10" "the input file $out/animals/p.txt changed" \
  "$GAEXP" resume "$out/a" --quiet
# Population 5 keeps them short (configs/bench-tsp.cfg's 5-way tournament needs
# five); the CMA-ES and the (1+(lambda,lambda)) GA keep their population of 1.
check "every shipped config runs from another folder" sh -c '
  for cfg in "$1"/configs/*.cfg; do
    pop=5; grep -q -e "name = \"cmaes\"" -e "name = \"lambdalambda\"" "$cfg" && pop=1
    (cd "$2" && "$3" run "$cfg" --out "$2/shipped" --force --quiet \
      --set ga.stop.generations=1 --set ga.population=$pop --set output.plot=false) >/dev/null || { echo "$cfg"; exit 1; }
  done' sh "$src" "$out/elsewhere" "$GAEXP"

# ---- 5. Writes never follow symlinks nor replace special files.
check "--csv /dev/full is refused, /dev/full kept" refused "$out/e11" "/dev/full exists and is not a regular file" \
  "$GAEXP" solve t24 --census --values 1..3 --cards 2 --csv /dev/full
check "--csv /dev/full: still a device" [ -c /dev/full ]
check "--csv - writes to standard output" sh -c '"$1" solve t24 --census --values 1..3 --cards 2 --csv - | head -1 |
  grep -qx "hand,solvable,solution,fractions_only"' sh "$GAEXP"
check "design --out /dev/stdout writes to standard output" sh -c '"$1" design animals --difficulty 10 --out /dev/stdout 2>/dev/null |
  grep -q "^# designed by"' sh "$GAEXP"

# ---- 6. Long paths are refused before any work, never cut.
name=$(printf '%0100d' 0)
long_dir=$out/$name
check "a 1100-character --out is refused" refused "$out/e12" "path too long" \
  "$GAEXP" run "$small" --out "$long_dir/$name/$name/$name/$name/$name/$name/$name/$name/$name/$name" --quiet
check "a long --out: nothing created" [ ! -e "$long_dir" ]

# ---- 7. Strict numbers everywhere.
printf 'ga = { population = 4294967396; };\n' >"$out/inc-pop.cfg"
printf 'problem = { name = "onemax"; };\n@include "inc-pop.cfg"\n' >"$out/main-pop.cfg"
check "a too large integer in an @include'd file is refused" refused "$out/e13" "inc-pop.cfg:1: integer 4294967396 is too large" \
  "$GAEXP" run "$out/main-pop.cfg" --out "$out/never" --quiet
printf 'problem = { name = "onemax"; };\nga = { seed = 18446744073709551615L; };\n' >"$out/seed.cfg"
check "a seed beyond 64 bits is refused" refused "$out/e14" "beyond the 64-bit range" \
  "$GAEXP" run "$out/seed.cfg" --out "$out/never" --quiet
printf 'ga = { population = 10; stop = { generations = 2; }; };\n' >"$out/inc-ok.cfg"
printf 'problem = { name = "onemax"; };\n@include "%s/inc-ok.cfg"\noutput = { plot = false; };\n' "$out" >"$out/main-abs.cfg"
check "an absolute @include is read" "$GAEXP" run "$out/main-abs.cfg" --out "$out/abs" --quiet
check "an absolute @include: its population used" grep -q "population = 10;" "$out/abs/config.cfg"
check "a large seed is kept exactly" "$GAEXP" run "$small" --out "$out/bigseed" --quiet --set ga.seed=9223372036854775807L
check "a large seed: config.cfg keeps it" grep -q "seed = 9223372036854775807L;" "$out/bigseed/config.cfg"

# ---- 8. One error per mistake.
for set in ga.population=1 ga.seed=-1 ga.replicates=0 ga.threads=0; do
  check "--set $set: one message, none for the settings after it" refused "$out/e15" "${set%%=*}" \
    "$GAEXP" run "$src/configs/derful5.cfg" --set "$set" --out "$out/never" --quiet
done
printf 'problem = { name = "derful"; n = 9; suits = 4; target = 31; };\n' >"$out/n.cfg"
check "a bad problem.n: one message" refused "$out/e16" "problem.n: expected an integer in [2, 7], got 9" \
  "$GAEXP" run "$out/n.cfg" --out "$out/never" --quiet

# ---- 9. Bounded inputs: no endless read, no hang, no quadratic time.
check "/dev/zero as the experiment file is refused" refused "$out/e17" "not a regular file" \
  timeout 10 "$GAEXP" run /dev/zero --out "$out/never"
mkfifo "$out/fifo.cfg"
check "a FIFO as the experiment file is refused at once" refused "$out/e18" "not a regular file" \
  timeout 10 "$GAEXP" run "$out/fifo.cfg" --out "$out/never"
printf 'problem = { name = "onemax"; };\n@include "fifo.cfg"\n' >"$out/inc-fifo.cfg"
check "an @include'd FIFO is refused at once" refused "$out/e19" "not a regular file" \
  timeout 10 "$GAEXP" run "$out/inc-fifo.cfg" --out "$out/never"
check "a puzzle from /dev/zero is refused at once" refused "$out/e25" "not a regular file" \
  timeout 10 "$GAEXP" solve animals /dev/zero
check "a deal file that is a FIFO is refused at once" refused "$out/e26" "not a regular file" \
  timeout 10 "$GAEXP" solve fortythieves "$out/fifo.cfg"
# settings: COUNT; the time of a run on a file of COUNT unknown keys, in $ms.
settings() {
  awk -v n="$1" 'BEGIN { print "problem = { name = \"onemax\"; };"; for (i = 0; i < n; i++) printf "key%d = 1;\n", i }' >"$out/keys.cfg"
  started=$(date +%s%N)
  "$GAEXP" run "$out/keys.cfg" --out "$out/never" >/dev/null 2>"$out/keys.stderr"
  status=$?
  ms=$((($(date +%s%N) - started) / 1000000))
}
settings 40000
echo "# 40000 unknown keys: $ms ms"
check "40000 unknown keys: refused at the settings limit, unread past it" \
  eval '[ "$status" -eq 2 ] && grep -q "more than 4096 settings (the limit)" "$out/keys.stderr"'
settings 4000
echo "# 4000 unknown keys: $ms ms"
check "4000 unknown keys: 16 named and the rest counted" \
  eval '[ "$status" -eq 2 ] && [ "$(grep -c ": unknown setting$" "$out/keys.stderr")" -eq 16 ] && grep -q "^gaexp: ... and 3984 more$" "$out/keys.stderr"'

# ---- 10. The smaller ones.
check "an unknown command: a did-you-mean" refused "$out/e20" "did you mean 'resume'" "$GAEXP" resum "$out/a"
check "--set without '=': says PATH=VALUE" refused "$out/e21" "--set ga.mutation.rate: expected PATH=VALUE, e.g. --set ga.mutation.rate=0.2" \
  "$GAEXP" run "$src/configs/derful5.cfg" --set ga.mutation.rate 0.2
check "run on a sweep file: points to gaexp sweep" refused "$out/e22" "run it with 'gaexp sweep" \
  "$GAEXP" run "$sweep" --out "$out/never"
check "--help: the exit status table" sh -c '"$1" --help | grep -q "^  130"' sh "$GAEXP"
printf 'problem = { name = "onemax"; };\nga = { population = 1; };\nsweep = ( { set = "ga.mutation.rate"; values = [0.1, 0.2, 0.3, 0.4, 0.5]; } );\n' >"$out/bad-sweep.cfg"
"$GAEXP" sweep "$out/bad-sweep.cfg" --out "$out/never" 2>"$out/e23"
check "a bad base file of a sweep: said once, not once per point" [ "$(grep -c 'ga.population' "$out/e23")" -eq 1 ]
# --force over a sweep folder: the old sweep's files and points go.
printf 'problem = { name = "onemax"; bits = 20; };\nga = { population = 10; stop = { generations = 3; }; };\noutput = { plot = false; };\n' >"$out/grid.cfg"
{ cat "$out/grid.cfg"; echo 'sweep = ( { set = "ga.mutation.rate"; values = [0.1, 0.2, 0.3]; },'
  echo '          { set = "ga.crossover.rate"; values = [0.5, 0.9]; } );'; } >"$out/grid2.cfg"
{ cat "$out/grid.cfg"; echo 'sweep = ( { set = "ga.mutation.rate"; values = [0.1, 0.2]; } );'; } >"$out/grid1.cfg"
"$GAEXP" sweep "$out/grid2.cfg" --out "$out/grid" --quiet
echo mine >"$out/grid/notes.txt"
"$GAEXP" sweep "$out/grid1.cfg" --out "$out/grid" --quiet --force
check "--force over a sweep: no old point left" eval '[ ! -e "$out/grid/p003" ] && [ ! -e "$out/grid/p006" ]'
check "--force over a sweep: no old heatmap left" [ ! -e "$out/grid/heatmap.gp" ]
check "--force over a sweep: the index is the new one" [ "$(wc -l <"$out/grid/index.csv")" -eq 3 ]
check "--force over a sweep: other files kept" [ "$(cat "$out/grid/notes.txt")" = mine ]
# Out of memory: exit 1, the experiment file named (not "command line").
# An address space of 600 MB (under ASan, which needs a vast one, its own
# allocation cap does the same).
printf 'problem = { name = "onemax"; bits = 1000; };\nga = { population = 1000000; };\n' >"$out/oom.cfg"
if grep -q __asan_init "$GAEXP"; then
  ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=500 "$GAEXP" run "$out/oom.cfg" --out "$out/oom" 2>"$out/e27"
else
  (ulimit -v 600000 && exec "$GAEXP" run "$out/oom.cfg" --out "$out/oom" 2>"$out/e27")
fi
check "out of memory: exit 1" [ $? -eq 1 ]
check "out of memory: the message names the file" grep -q "^gaexp: $out/oom.cfg: onemax: out of memory" "$out/e27"
# A thread limit (EAGAIN injected from the fourth thread on): exit 1 with
# a message before the run starts, no .part file left.
inject -o /dev/null -e trace=clone3,clone -e inject=clone3:error=EAGAIN:when=4+ \
  "$GAEXP" run "$small" --out "$out/threads" --jobs 16 --quiet 2>"$out/e28"
check "a thread limit: exit 1" [ $? -eq 1 ]
check "a thread limit: the message" grep -q "cannot start 16 threads (ga.threads): Resource temporarily unavailable" "$out/e28"
check "a thread limit: nothing left" [ -z "$(ls -A "$out/threads")" ]
# A read-only folder (EROFS injected where the first file is created, as
# root writes anywhere): the machine failed us, exit 1, nothing left.
mkdir -p "$out/ro"
inject -o /dev/null -P "$out/ro/config.cfg.part" -e trace=openat -e inject=openat:error=EROFS \
  "$GAEXP" run "$small" --out "$out/ro" --quiet 2>"$out/e24"
ro=$?
check "a read-only folder: the message" grep -q "cannot write $out/ro/config.cfg.part: Read-only file system" "$out/e24"
check "a read-only folder: nothing left" [ -z "$(ls -A "$out/ro")" ]
check "a folder that cannot be written: exit 1" [ "$ro" -eq 1 ]
test_summary safety
