#!/bin/sh
# tests/trust_inputs.sh — inputs frozen at the start (issue 27, point 2): a
# sweep reads its file, every @include and every input file once; points and
# resumes use exactly that, whatever happens to the files meanwhile; ROOT/sweep.cfg
# is a self-contained copy (includes expanded, inputs named absolutely, their
# content hashes recorded), from which the sweep runs again; an input that
# changed since is refused at resume or rerun, naming the file (exit 2).
. "${srcdir:-.}/tests/lib.sh"
test_folder trust_inputs
out=$(cd "$out" && pwd) # strace needs absolute paths
src=$(cd "$srcdir" && pwd)
case $GAEXP in /*) ;; *) GAEXP=$(pwd)/$GAEXP ;; esac
have_strace=yes
command -v strace >/dev/null 2>&1 || have_strace=
# same ROOT REFERENCE: the same sweep (config.cfg names its own folder: its settings compared without it).
same() {
  diff -r -x times.csv -x '*.png' -x sweep.args -x config.cfg "$1" "$2" >/dev/null || return 1
  for c in "$2"/p0*/config.cfg; do
    p=${c%/config.cfg}; p=${p##*/}
    [ "$(grep -v -e "^# 'gaexp run" -e "dir = " "$c")" = "$(grep -v -e "^# 'gaexp run" -e "dir = " "$1/$p/config.cfg")" ] || return 1
  done
}
# one_message FILE TEXT: one line in FILE, holding TEXT.
one_message() { [ "$(wc -l <"$1")" -eq 1 ] && grep -qF -- "$2" "$1"; }

# A sweep in folder A, with a relative @include, a relative puzzle and a
# relative plug-in, slow enough (a checkpoint a generation) to be edited or
# killed as it runs.
mkdir -p "$out/A"
cp "$src/configs/animals/level50.txt" "$out/A/p.txt"
chmod u+w "$out/A/p.txt"
printf 'problem = { name = "onemax"; bits = 60; };\n' >"$out/A/base.cfg"
cat >"$out/A/s.cfg" <<EOT
@include "base.cfg"
ga = { seed = 2; population = 100; replicates = 2; stop = { generations = 300; fitness = -1.0; }; };
output = { plot = false; checkpoint = 0.0; };
sweep = ( { set = "ga.mutation.rate"; values = [0.01, 0.02, 0.03, 0.04, 0.05, 0.06]; } );
EOT
cat >"$out/A/a.cfg" <<EOT
problem = { name = "animals"; puzzle = "p.txt"; };
ga = { seed = 3; population = 30; replicates = 2; stop = { generations = 60; fitness = -1.0; }; };
output = { plot = false; checkpoint = 0.0; };
sweep = ( { set = "ga.mutation.rate"; values = [0.1, 0.3, 0.5, 0.7]; } );
EOT
cp "$(pwd)/tests/.libs/plugin_liar.so" "$out/A/liar.so"
cat >"$out/A/l.cfg" <<EOT
problem = { plugin = "liar.so"; name = "liar"; cities = 20; };
ga = { seed = 4; population = 60; replicates = 2; stop = { generations = 80; fitness = -1.0; }; };
output = { plot = false; checkpoint = 0.0; };
sweep = ( { set = "ga.mutation.rate"; values = [0.2, 0.4, 0.6, 0.8]; } );
EOT
(cd "$out/A" && "$GAEXP" sweep s.cfg --out "$out/s.reference" --quiet &&
  "$GAEXP" sweep a.cfg --out "$out/a.reference" --quiet && "$GAEXP" sweep l.cfg --out "$out/l.reference" --quiet)
check "the reference sweeps" [ -s "$out/s.reference/sweep.csv" ] && [ -s "$out/a.reference/sweep.csv" ] && [ -s "$out/l.reference/sweep.csv" ]

# ---- the kept copy is self-contained
check "sweep.cfg has no @include" sh -c '! grep -q "^@include" "$0/s.reference/sweep.cfg"' "$out"
check "sweep.cfg holds the included setting" grep -q "bits = 60;" "$out/s.reference/sweep.cfg"
check "sweep.cfg names the puzzle absolutely" grep -qF "puzzle = \"$out/A/p.txt\";" "$out/a.reference/sweep.cfg"
check "sweep.cfg records the puzzle's hash" grep -q "^# input file [0-9a-f]\{16\} $out/A/p.txt\$" "$out/a.reference/sweep.cfg"
check "sweep.cfg records the experiment file and the @include" sh -c \
  'grep -q "^# input experiment [0-9a-f]\{16\} s.cfg$" "$0" && grep -q "^# input include [0-9a-f]\{16\} ./base.cfg$" "$0"' \
  "$out/s.reference/sweep.cfg"
check "sweep.cfg names the plug-in absolutely, with its hash" sh -c \
  'grep -qF "plugin = \"$1/A/liar.so\";" "$0" && grep -q "plugin_hash = \"[0-9a-f]\{16\}\";" "$0"' "$out/l.reference/sweep.cfg" "$out"
check "a point's config.cfg records the puzzle's hash" grep -q "^# input file [0-9a-f]\{16\} $out/A/p.txt\$" "$out/a.reference/p001/config.cfg"

# ---- files edited while the sweep runs are not read again
edit_while() { # ROOT FILE SED: runs the sweep of A/FILE into ROOT, editing A/... once its first point is done
  root=$1 file=$2 edit=$3 target=$4
  cp "$out/A/$target" "$out/A/$target.orig"
  (cd "$out/A" && "$GAEXP" sweep "$file" --out "$root" --quiet) & pid=$!
  wait_until "$pid" [ -e "$root/p001/summary.csv" ] || true
  sed -i "$edit" "$out/A/$target"
  wait "$pid"
  status=$?
  cp "$out/A/$target.orig" "$out/A/$target"
  return "$status"
}
edit_while "$out/s-edited" s.cfg 's/values = \[.*\]/values = [0.5]/; s/population = 100/population = 7/' s.cfg
check "the sweep file edited mid-sweep: exit 0" [ $? -eq 0 ]
check "the sweep file edited mid-sweep: every point as the file was at the start" same "$out/s-edited" "$out/s.reference"
edit_while "$out/s-include" s.cfg 's/bits = 60/bits = 200/' base.cfg
check "the @include edited mid-sweep: exit 0" [ $? -eq 0 ]
check "the @include edited mid-sweep: no point of 200 bits" same "$out/s-include" "$out/s.reference"
edit_while "$out/a-puzzle" a.cfg 's/^.*$/# emptied/' p.txt
check "the puzzle edited mid-sweep: exit 0" [ $? -eq 0 ]
check "the puzzle edited mid-sweep: every point read it as it was" same "$out/a-puzzle" "$out/a.reference"

# ---- resume uses the kept copy: not the @include as it is now, not ROOT's own files
if [ -n "$have_strace" ]; then
  killed() { # ROOT FILE: the sweep of A/FILE killed at its 300th rename (a few points in)
    rm -rf "$1"
    (cd "$out/A" && inject -f -o /dev/null -e trace=rename -e inject=rename:signal=SIGKILL:when=300 \
      "$GAEXP" sweep "$2" --out "$1" --quiet 2>/dev/null)
    [ -e "$1/sweep.cfg" ] && [ ! -e "$1/sweep.csv" ]
  }
  check "a sweep killed mid-way" killed "$out/s-killed" s.cfg
  sed -i 's/bits = 60/bits = 200/' "$out/A/base.cfg"
  (cd / && "$GAEXP" resume "$out/s-killed" --quiet)
  check "resume after the absolute include changed: exit 0" [ $? -eq 0 ]
  check "resume after the include changed: the uninterrupted result" same "$out/s-killed" "$out/s.reference"
  printf 'problem = { name = "onemax"; bits = 60; };\n' >"$out/A/base.cfg"
  check "the animals sweep killed mid-way" killed "$out/a-killed" a.cfg
  cp "$src/configs/animals/easy.txt" "$out/a-killed/p.txt" # a relative path must not find this one
  (cd "$out/a-killed" && "$GAEXP" resume "$out/a-killed" --quiet)
  check "resume with a relative puzzle path: exit 0" [ $? -eq 0 ]
  rm "$out/a-killed/p.txt"
  check "resume with a relative puzzle path: the puzzle of the sweep file's folder" same "$out/a-killed" "$out/a.reference"
  check "the plug-in sweep killed mid-way" killed "$out/l-killed" l.cfg
  (cd / && "$GAEXP" resume "$out/l-killed" --quiet)
  check "resume with a relative plug-in path and include: exit 0" [ $? -eq 0 ]
  check "resume with a relative plug-in path: the uninterrupted result" same "$out/l-killed" "$out/l.reference"
  # An input that changed since the sweep started is refused, naming it; nothing changes.
  check "the animals sweep killed again" killed "$out/a-changed" a.cfg
  echo "# edited" >>"$out/A/p.txt"
  cp -r "$out/a-changed" "$out/a-changed.before"
  "$GAEXP" resume "$out/a-changed" --quiet 2>"$out/a-changed.err"
  check "resume with a changed puzzle: exit 2" [ $? -eq 2 ]
  check "resume with a changed puzzle: the file named" grep -qF \
    "the input file $out/A/p.txt changed since $out/a-changed/sweep.cfg was written" "$out/a-changed.err"
  check "resume with a changed puzzle: nothing changed" diff -r "$out/a-changed" "$out/a-changed.before"
  cp "$out/A/p.txt.orig" "$out/A/p.txt"
fi

# ---- the kept copies run again; a changed input is refused there too
"$GAEXP" sweep "$out/s.reference/sweep.cfg" --out "$out/s-again" --quiet
check "a sweep again from its sweep.cfg: exit 0" [ $? -eq 0 ]
check "a sweep again from its sweep.cfg: the same points" sh -c \
  'for p in "$0"/p0*; do for f in generations.csv summary.csv best.txt; do cmp -s "$p/$f" "$1/${p##*/}/$f" || exit 1; done; done' \
  "$out/s-again" "$out/s.reference"
"$GAEXP" run "$out/a.reference/p002/config.cfg" --out "$out/p002-again" --quiet
check "a point again from its config.cfg: the same runs" cmp "$out/a.reference/p002/generations.csv" "$out/p002-again/generations.csv"
cp -r "$out/a.reference" "$out/a-rerun"
"$GAEXP" run "$out/a-rerun/p001/config.cfg" --out "$out/a-rerun/p001" --force --quiet
check "run DIR/config.cfg --out DIR --force: exit 0" [ $? -eq 0 ]
check "run DIR/config.cfg --out DIR --force: the same run" cmp "$out/a.reference/p001/summary.csv" "$out/a-rerun/p001/summary.csv"
echo "# edited" >>"$out/A/p.txt"
"$GAEXP" run "$out/a.reference/p001/config.cfg" --out "$out/p001-changed" --quiet 2>"$out/p001-changed.err"
check "config.cfg again with a changed puzzle: exit 2" [ $? -eq 2 ]
check "config.cfg again with a changed puzzle: the file named" one_message "$out/p001-changed.err" \
  "the input file $out/A/p.txt changed since $out/a.reference/p001/config.cfg was written"
"$GAEXP" sweep "$out/a.reference/sweep.cfg" --out "$out/a-changed-again" --quiet 2>"$out/a-changed-again.err"
check "sweep.cfg again with a changed puzzle: exit 2" [ $? -eq 2 ]
check "sweep.cfg again with a changed puzzle: nothing written" [ ! -e "$out/a-changed-again/index.csv" ]
cp "$out/A/p.txt.orig" "$out/A/p.txt"

# ---- a --set value holding a line break: the sweep still resumes
"$GAEXP" sweep "$out/A/s.cfg" --out "$out/newline" --quiet --set 'ga.crossover.rate=
0.5' --set ga.stop.generations=20
check "a --set with a line break: the sweep runs" [ $? -eq 0 ]
rm -r "$out/newline/p006"
"$GAEXP" resume "$out/newline" --quiet
check "a --set with a line break: it resumes" [ $? -eq 0 ]
check "a --set with a line break: the value kept" grep -q "rate = 0.5;" "$out/newline/p006/config.cfg"

# ---- an @include'd file's own paths are relative to its folder, run from anywhere
# (B/e.cfg includes sub/i.cfg, which includes j.cfg beside it: B/sub/j.cfg,
# naming a puzzle beside it; a decoy B/j.cfg would be libconfig's choice).
mkdir -p "$out/B/sub" "$out/C"
cp "$src/configs/animals/level50.txt" "$out/B/sub/p.txt"
printf '@include "sub/i.cfg"\nga = { seed = 3; population = 20; stop = { generations = 3; }; };\noutput = { plot = false; };\n' >"$out/B/e.cfg"
printf '@include "j.cfg"\n' >"$out/B/sub/i.cfg"
printf 'problem = { name = "animals"; puzzle = "p.txt"; };\n' >"$out/B/sub/j.cfg"
printf 'problem = { name = "onemax"; };\n' >"$out/B/j.cfg"
(cd "$out/C" && "$GAEXP" run ../B/e.cfg --out "$out/nested" --quiet 2>"$out/nested.err")
check "a nested @include run from another folder: exit 0" [ $? -eq 0 ]
check "a nested @include: the file beside the including one" grep -q 'name = "animals";' "$out/nested/config.cfg"
check "a nested @include: its puzzle beside it" grep -qF "puzzle = \"$out/B/sub/p.txt\";" "$out/nested/config.cfg"

test_summary trust_inputs
