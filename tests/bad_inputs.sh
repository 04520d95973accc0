#!/bin/sh
# tests/bad_inputs.sh — every tests/data/bad/*.cfg (through 'gaexp run') and
# *.deal (through 'gaexp solve fortythieves') through the real CLI: the
# message of its '# expect:' line, alone on stderr, exit status 2, nothing
# written.  A '# args:' line adds command-line options.
. "${srcdir:-.}/tests/lib.sh"
test_folder bad
for file in "$srcdir"/tests/data/bad/*.cfg "$srcdir"/tests/data/bad/*.deal; do
  name=$(basename "$file")
  expect=$(sed -n 's/^# expect: //p' "$file")
  args=$(sed -n 's/^# args: //p' "$file")
  # shellcheck disable=SC2086  # args are words by design
  case $file in
    *.cfg) "$GAEXP" run "$file" $args --out "$out/$name" ;;
    *.deal) "$GAEXP" solve fortythieves "$file" $args ;;
  esac >"$out/$name.stdout" 2>"$out/$name.stderr"
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
done
test_summary "bad inputs" && [ "$pass" -gt 20 ]
