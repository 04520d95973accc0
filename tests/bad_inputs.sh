#!/bin/sh
# tests/bad_inputs.sh — every bad input under tests/data/bad through the real CLI:
# the message of its '# expect:' line, alone on stderr, exit status 2, nothing
# written.  *.cfg are experiment files ('gaexp run'), *.txt animal puzzle files
# ('gaexp solve animals'), *.deal Forty Thieves deal files ('gaexp solve
# fortythieves').  A '# args:' line adds command-line options.
# Experiment files run from the source tree, so the data files they name
# (e.g. deals = "tests/data/fortythieves/studies.deal") are found in a
# VPATH build too, as when a user runs them from a checkout.
. "${srcdir:-.}/tests/lib.sh"
test_folder bad
abs_out=$(cd "$out" && pwd)
case $GAEXP in /*) ;; *) GAEXP=$(pwd)/$GAEXP ;; esac

# bad_case FILE NAME COMMAND...: runs the command (the file's args appended) and judges it.
bad_case() {
  file=$1 name=$2; shift 2
  expect=$(sed -n 's/^# expect: //p' "$file")
  args=$(sed -n 's/^# args: //p' "$file")
  # shellcheck disable=SC2086  # args are words by design
  "$@" $args >"$out/$name.stdout" 2>"$out/$name.stderr"
  status=$?
  why=
  [ "$status" -eq 2 ] || why="exit status $status, expected 2"
  [ -z "$why" ] && ! grep -qF -- "$expect" "$out/$name.stderr" && why="message differs"
  [ -z "$why" ] && [ "$(wc -l <"$out/$name.stderr")" -ne 1 ] && why="more than one line on stderr"
  [ -z "$why" ] && [ -s "$out/$name.stdout" ] && why="wrote to stdout"
  [ -z "$why" ] && [ -e "$out/$name" ] && why="created the output folder"
  if [ -z "$why" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name: $why"
    echo "  expected: $expect"
    sed 's/^/  stderr:   /' "$out/$name.stderr"
  fi
}

# in_srcdir COMMAND...: runs the command from the source tree.
in_srcdir() {
  (cd "$srcdir" && "$@")
}

for cfg in "$srcdir"/tests/data/bad/*.cfg; do
  name=$(basename "$cfg" .cfg)
  bad_case "$cfg" "$name" in_srcdir "$GAEXP" run "tests/data/bad/$name.cfg" --out "$abs_out/$name"
done
puzzles=0
for puzzle in "$srcdir"/tests/data/bad/*.txt; do
  name=$(basename "$puzzle" .txt)
  bad_case "$puzzle" "$name" "$GAEXP" solve animals "$puzzle"
  puzzles=$((puzzles + 1))
done
deals=0
for deal in "$srcdir"/tests/data/bad/*.deal; do
  name=$(basename "$deal")
  bad_case "$deal" "$name" "$GAEXP" solve fortythieves "$deal"
  deals=$((deals + 1))
done
test_summary "bad inputs" && [ "$pass" -gt 20 ] && [ "$puzzles" -ge 6 ] && [ "$deals" -ge 4 ]
