#!/bin/sh
# tests/install.sh — 'make install' into a staging folder, then examples/queens built from the
# installed files only (pkg-config) and run as a plug-in: 8x8 and 64x64 solved, a rerun
# byte-identical, a killed run resumed byte-identically, a changed plug-in refused; and
# examples/symreg and examples/batch (SIMD batch evaluation: the same runs as without).
. "${srcdir:-.}/tests/lib.sh"
test_folder install
top=${abs_top_builddir:-$(pwd)}
out=$(cd "$out" && pwd)
stage=$out/stage

${MAKE:-make} -C "$top" install DESTDIR="$stage" >"$out/install.log" 2>&1
check "make install DESTDIR=stage" [ $? -eq 0 ]
pc=$(find "$stage" -name gaexp.pc | head -n 1)
bin=$(find "$stage" -path '*/bin/gaexp' | head -n 1)
data=$(find "$stage" -type d -path '*/share/gaexp' | head -n 1)
examples=$(find "$stage" -type d -path '*/doc/gaexp/examples/queens' | head -n 1)
check "installs the program" [ -x "$bin" ]
soname=$(sed -n "s/^dlname='\(.*\)'$/\1/p" "$top/libgaexp.la") # libtool's, from -version-info
check "installs the shared library ($soname)" sh -c '[ -n "$1" ] && find "$0" -name "$1*" | grep -q .' "$stage" "$soname"
check "installs the static library" sh -c 'find "$0" -name libgaexp.a | grep -q .' "$stage"
check "installs the headers" sh -c 'find "$0" -path "*/include/gaexp/gaexp.h" | grep -q .' "$stage"
check "installs no private header" sh -c '! find "$0" -path "*/include/*" -name "*private*" | grep -q .' "$stage"
check "installs gaexp.pc" [ -f "$pc" ]
check "installs gaexp(1)" sh -c 'find "$0" -path "*/man1/gaexp.1" | grep -q .' "$stage"
check "installs gaexp-problem(7)" sh -c 'find "$0" -path "*/man7/gaexp-problem.7" | grep -q .' "$stage"
check "installs the configs" [ -f "$data/configs/derful5.cfg" ]
check "installs the puzzles" [ -f "$data/configs/animals/level50.txt" ]
check "installs the deals" [ -f "$data/deals/studies.deal" ]
check "installs the example" [ -f "$examples/Makefile" ]

# The example, from the installed copy, against the installed library only.
export PKG_CONFIG_PATH="${pc%/*}" PKG_CONFIG_SYSROOT_DIR="$stage"
check "pkg-config finds gaexp in the stage" sh -c 'pkg-config --cflags --libs gaexp | grep -q -- "-I$0"' "$stage"
mkdir -p "$out/queens" "$out/elsewhere"
cp "$examples"/* "$out/queens/"
# With the compiler flags gaexp was built with (a sanitizer build needs them in every program).
cflags=$(sed -n 's/^CFLAGS = //p' "$top/Makefile")
ldflags=$(sed -n 's/^LDFLAGS = //p' "$top/Makefile")
${MAKE:-make} -C "$out/queens" CFLAGS="$cflags" LDFLAGS="$ldflags" >"$out/queens.log" 2>&1
check "examples/queens builds against the installed files" [ -f "$out/queens/queens.so" ] && [ -x "$out/queens/queens" ]
check "the plug-in takes libgaexp from the program that loads it (one copy a process)" \
  sh -c '! objdump -p "$0/queens/queens.so" | grep -q "NEEDED.*libgaexp"' "$out"
check "the build names no path of the source or build tree" sh -c '! grep -q -e "$0" -e "$1/include" "$2"' \
  "$(cd "${srcdir:-.}" && pwd)/include" "$top" "$out/queens.log"
check "the example's own program solves 8 queens" sh -c '"$0/queens/queens" 8 >"$0/own.txt" && grep -q "^8 queens: solved" "$0/own.txt"' "$out"

# The GP example: its own primitive set on the installed gaexp/tree.h.
symreg=${examples%/queens}/symreg
mkdir -p "$out/symreg"
cp "$symreg"/* "$out/symreg/"
${MAKE:-make} -C "$out/symreg" CFLAGS="$cflags" LDFLAGS="$ldflags" >"$out/symreg.log" 2>&1
check "examples/symreg builds against the installed files" [ -f "$out/symreg/symreg.so" ]
"$bin" run "$out/symreg/symreg.cfg" --set ga.replicates=2 --out "$out/symreg/r" --quiet 2>/dev/null
check "the installed symreg plug-in solves the quartic" grep -q '^1,1,1,' "$out/symreg/r/summary.csv"

# The batch example: a block evaluated with SIMD gives the runs of one
# genome a call ('ones_single', the same problem without the hook), at 1
# and 4 threads, in the generational and the steady-state scheme.
batch=${examples%/queens}/batch
mkdir -p "$out/batch"
cp "$batch"/* "$out/batch/"
${MAKE:-make} -C "$out/batch" CFLAGS="$cflags" LDFLAGS="$ldflags" >"$out/batch.log" 2>&1
check "examples/batch builds against the installed files" [ -f "$out/batch/ones.so" ]
same_run() { for f in generations.csv summary.csv best.txt curves.csv; do cmp "$1/$f" "$2/$f" || return 1; done; }
for scheme in generational steady; do
  for name in ones ones_single; do
    for j in 1 4; do
      "$bin" run "$out/batch/ones.cfg" --set problem.name=\"$name\" --set ga.scheme.name=\"$scheme\" --jobs $j \
        --out "$out/batch/$scheme-$name-$j" --quiet 2>/dev/null
    done
  done
  check "examples/batch, $scheme: it runs" [ -s "$out/batch/$scheme-ones-1/summary.csv" ]
  check "examples/batch, $scheme: SIMD blocks as one genome a call" same_run "$out/batch/$scheme-ones-1" "$out/batch/$scheme-ones_single-1"
  check "examples/batch, $scheme: at 4 threads as at 1" same_run "$out/batch/$scheme-ones-1" "$out/batch/$scheme-ones-4"
done

cd "$out/elsewhere" || exit 1
"$bin" run ../queens/queens.cfg --out r8 --quiet 2>/dev/null
check "8x8 solved with the plug-in" grep -q '^1,1,1,0,' r8/summary.csv
"$bin" run ../queens/queens64.cfg --out r64 --quiet 2>/dev/null
check "64x64 solved with the plug-in" grep -q '^1,1,1,0,' r64/summary.csv
"$bin" run ../queens/queens64.cfg --out r64b --quiet 2>/dev/null
for f in generations.csv summary.csv curves.csv best.txt; do
  check "a rerun writes the same $f" cmp -s r64/$f r64b/$f
done

# Kill a long run (no stop when solved) and resume it: the folder equals an
# uninterrupted one.  SIGKILL injected by strace at its fifth checkpoint (a
# state of the run, not a moment of the clock).
long="--set ga.stop.fitness=-1 --set ga.stop.generations=300 --set output.checkpoint=0.0"
kill_at_checkpoint() { # N DIR ARGS...: gaexp ARGS, killed as it writes DIR's N-th checkpoint
  n=$1 at=$(cd "$(dirname "$2")" && pwd)/$(basename "$2"); shift 2
  inject -f -o /dev/null -P "$at/checkpoint.part" -e trace=rename -e inject="rename:signal=SIGKILL:when=$n" "$bin" "$@"
}
# shellcheck disable=SC2086
"$bin" run ../queens/queens64.cfg $long --out whole --quiet 2>/dev/null
# shellcheck disable=SC2086
kill_at_checkpoint 5 killed run ../queens/queens64.cfg $long --out "$PWD/killed" --quiet 2>/dev/null
check "the killed run was killed" [ $? -eq 137 ]
check "the killed run left a checkpoint and no summary" sh -c '[ -f killed/checkpoint ] && [ ! -f killed/summary.csv ]'
"$bin" resume killed --quiet 2>/dev/null
check "gaexp resume finishes the killed run" [ $? -eq 0 ]
for f in config.cfg generations.csv summary.csv curves.csv best.txt; do
  [ "$f" = config.cfg ] && continue
  check "resumed $f equals the uninterrupted one" cmp -s whole/$f killed/$f
done

# A plug-in that changed under an interrupted run is refused on resume.
mkdir -p "$out/copy" && cp "$out/queens/queens.so" "$out/queens/queens64.cfg" "$out/copy/"
# shellcheck disable=SC2086
kill_at_checkpoint 2 changed run "$out/copy/queens64.cfg" $long --out "$PWD/changed" --quiet 2>/dev/null
printf 'x' >>"$out/copy/queens.so"
"$bin" resume changed 2>"$out/changed.err"; status=$?
check "resume refuses a changed plug-in: exit 2" [ "$status" -eq 2 ]
check "resume refuses a changed plug-in: the message" grep -q "problem.plugin: '$out/copy/queens.so' has changed since this run was configured" "$out/changed.err"

# The installed data and man page.
# Every installed config, from another folder: input files (animals.cfg's
# puzzle) resolve against the experiment file, not the working directory.
for cfg in "$data"/configs/*.cfg; do
  name=${cfg##*/}
  "$bin" run "$cfg" --out "installed-${name%.cfg}" --quiet 2>/dev/null
  check "installed $name runs from another folder" grep -q '^1,' "installed-${name%.cfg}/summary.csv"
done
if command -v man >/dev/null; then
  check "man gaexp renders" sh -c 'man -l "$(find "$0" -path "*/man1/gaexp.1")" 2>/dev/null | grep -q "gaexp - genetic"' "$stage"
fi

test_summary install
