#!/bin/sh
# tests/fuzz.sh — every fuzz harness replays its seed corpus and its
# regressions (tests/fuzz/regressions/NAME: inputs that once crashed a reader
# or were wrongly accepted) without libFuzzer; a broken invariant aborts.
. "${srcdir:-.}/tests/lib.sh"
builddir=$(dirname "$GAEXP")
fuzz=$srcdir/tests/fuzz
LSAN_OPTIONS="suppressions=$(cd "$fuzz" && pwd)/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export LSAN_OPTIONS
for h in cfg set deal animals checkpoint; do
  inputs="$fuzz/corpus/$h"
  [ -d "$fuzz/regressions/$h" ] && inputs="$inputs $fuzz/regressions/$h"
  # shellcheck disable=SC2086  # a list of folders
  check "fuzz_$h replays its corpus and regressions" "$builddir/tests/fuzz/replay_$h" $inputs
done
check "the checkpoint regressions are there" [ "$(ls "$fuzz/regressions/checkpoint" | wc -l)" -ge 4 ]
test_summary fuzz
