#!/bin/sh
# tests/run.sh — the quick-start test command: installs what is missing, builds,
# runs the whole test suite (make check) and checks the distribution
# (make distcheck), then prints one closing line "tests: N passed, N failed".
set -eu
. "$(dirname "$0")/../build-aux/bootstrap.sh"
status=0
make -j"$(nproc)" check || status=$?
# Count test cases: cmocka's closing lines and the scripts' "N passed, N failed".
passed=0 failed=0
for log in tests/*.log; do
  [ "$log" = tests/test-suite.log ] && continue
  p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p; s/^[a-z ]*: \([0-9]*\) passed, [0-9]* failed$/\1/p' "$log" | tail -1)
  f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p; s/^[a-z ]*: [0-9]* passed, \([0-9]*\) failed$/\1/p' "$log" | tail -1)
  passed=$((passed + ${p:-0}))
  failed=$((failed + ${f:-0}))
  grep -q ':test-result: \(FAIL\|ERROR\)' "${log%.log}.trs" 2>/dev/null && [ -z "$f" ] && failed=$((failed + 1))
done
if [ "$status" -eq 0 ]; then
  make -j"$(nproc)" distcheck >tests/distcheck.out 2>&1 || { status=$?; tail -30 tests/distcheck.out; }
  if [ "$status" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
fi
echo "tests: $passed passed, $failed failed"
exit "$status"
