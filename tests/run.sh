#!/bin/sh
# tests/run.sh — the quick-start test command: installs what is missing, builds,
# runs the whole test suite (make check), checks the distribution (make
# distcheck), runs the suite again on the tarball built with ASan and UBSan
# once more on the tarball built --with-mpi (the MPI tests under mpirun) and
# with clang, runs the Slurm batch script on a one-node cluster, then prints
# one closing line "tests: N passed, N failed", naming every script that
# skipped and every phase that did not run.  Each phase says when it
# starts; every check of every script and every cmocka test counts.
set -eu
GAEXP_WITH_MPI=yes # bootstrap.sh installs Open MPI and strace too
. "$(dirname "$0")/../build-aux/bootstrap.sh"
started=$(date +%s)
phase() { echo "== $(($(date +%s) - started)) s: $*"; }
status=0
phase "1/6 make check: the unit tests and the test scripts"
make -j"$(nproc)" check || status=$?
# Count test cases in DIR/tests/*.log: cmocka's closing lines and the
# scripts' one closing line "NAME: N passed, N failed" (tests/lib.sh); a
# script or program that failed without its closing line counts as one
# failure.  A script that skipped (77) is named in $skipped with its phase
# (PHASE), its reason ("NAME: skipped: WHY") on a line of its own.
passed=0 failed=0 skipped= not_run=
count_logs() {
  names=
  for log in "$1"/tests/*.log; do
    [ "$log" = "$1/tests/test-suite.log" ] && continue
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p; s/^[A-Za-z0-9 _.-]*: \([0-9]*\) passed, [0-9]* failed$/\1/p' "$log" | tail -1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p; s/^[A-Za-z0-9 _.-]*: [0-9]* passed, \([0-9]*\) failed$/\1/p' "$log" | tail -1)
    passed=$((passed + ${p:-0}))
    failed=$((failed + ${f:-0}))
    grep -q ':test-result: \(FAIL\|ERROR\)' "${log%.log}.trs" 2>/dev/null && [ -z "$f" ] && failed=$((failed + 1))
    if grep -q ':test-result: SKIP' "${log%.log}.trs" 2>/dev/null; then
      name=$(basename "$log" .log)
      echo "   skipped in phase $2: $name: $(sed -n "s/^${name%.sh}: skipped: //p" "$log" | head -1)"
      names="$names${names:+, }$name"
    fi
  done
  [ -z "$names" ] || skipped="$skipped${skipped:+; }phase $2: $names"
  return 0
}
# A phase that cannot run, as status says: named in the closing line.
later() { not_run="$not_run${not_run:+, }$1"; }
count_logs . 1
# the build failed, or make check stopped without a log saying why
[ "$status" -eq 0 ] || [ "$failed" -gt 0 ] || { failed=1; echo "make check failed before any test said why"; }
# failed_checks DIR: which checks failed, from the logs in DIR/tests (the
# closing summary names only the test).
failed_checks() {
  grep -H '^FAIL: \|^\[  FAILED  \] [^0-9]' "$1"/tests/*.log 2>/dev/null | grep -v '/test-suite.log:' | head -40 || true
}
[ "$status" -eq 0 ] || failed_checks .
if [ "$status" -ne 0 ]; then later "2/6 distcheck"; else
  phase "2/6 make distcheck: the tarball builds and passes make check"
  make -j"$(nproc)" distcheck >tests/distcheck.out 2>&1 || { status=$?; tail -30 tests/distcheck.out; }
  if [ "$status" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
fi
tarball=$(ls -t gaexp-*.tar.gz 2>/dev/null | head -n 1)
# The released tarball once more, built with AddressSanitizer and UBSan:
# every test again, and any memory error or undefined behaviour fails it.
if [ "$status" -ne 0 ]; then later "3/6 ASan and UBSan"; else
  phase "3/6 the tarball built with ASan and UBSan: make check again"
  sanitized=$(mktemp -d)
  if tar -xzf "$tarball" -C "$sanitized" && cd "$sanitized"/gaexp-* &&
     ./configure -q CFLAGS='-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all' \
       LDFLAGS='-fsanitize=address,undefined' >/dev/null &&
     make -j"$(nproc)" >/dev/null 2>&1 && make -j"$(nproc)" check >sanitizers.out 2>&1; then
    count_logs . 3
  else
    status=1 before=$failed
    count_logs . 3
    [ "$failed" -gt "$before" ] || failed=$((failed + 1))
    tail -30 sanitizers.out 2>/dev/null || echo "the sanitizer build failed"
    grep -h '^\(FAIL\|ERROR\):' sanitizers.out 2>/dev/null   # which tests: the tail may not say
    failed_checks .
  fi
  cd - >/dev/null
  rm -rf "$sanitized"
fi
# check_tarball PHASE CONFIGURE-ARGS...: the tarball built anew with
# CONFIGURE-ARGS, make check on it, its checks counted as phase PHASE.
check_tarball() {
  n=$1; shift
  where=$(mktemp -d)
  if tar -xzf "$tarball" -C "$where" && cd "$where"/gaexp-* && ./configure -q "$@" >/dev/null &&
     make -j"$(nproc)" >/dev/null 2>&1; then
    make -j"$(nproc)" check >check.out 2>&1 || { status=$?; tail -30 check.out; grep -h '^\(FAIL\|ERROR\):' check.out; failed_checks .; }
    count_logs . "$n"
  else
    status=1; failed=$((failed + 1))
    echo "the build with $* failed"
  fi
  cd - >/dev/null
  rm -rf "$where"
}
# And built --with-mpi (Open MPI): every test again, tests/mpi.sh running
# sweeps under mpirun; its test cases count in the closing line.
if [ "$status" -ne 0 ]; then later "4/6 --with-mpi"; else
  phase "4/6 the tarball built --with-mpi: make check again, sweeps under mpirun"
  check_tarball 4 --with-mpi
fi
# And built with clang (gaexp builds with gcc and clang, researchers on
# macOS and BSD have only clang): every test again, the golden files the same.
if [ "$status" -ne 0 ]; then later "5/6 clang"; else
  phase "5/6 the tarball built with clang: make check again"
  check_tarball 5 CC=clang
fi
# A real scheduler: doc/clusters.md's Slurm batch script on a one-node Slurm
# cluster on localhost (tests/slurm.sh, also 'make check-slurm'); skipped
# (77) when Slurm cannot be installed or the daemons cannot get root.
if [ "$status" -ne 0 ]; then later "6/6 Slurm"; else
  phase "6/6 Slurm: doc/clusters.md's batch script on a one-node cluster on localhost"
  s=0
  GAEXP=$PWD/gaexp srcdir=. sh tests/slurm.sh >tests/slurm.out 2>&1 || s=$?
  p=$(sed -n 's/^slurm: \([0-9]*\) passed, [0-9]* failed$/\1/p' tests/slurm.out)
  f=$(sed -n 's/^slurm: [0-9]* passed, \([0-9]*\) failed$/\1/p' tests/slurm.out)
  passed=$((passed + ${p:-0})) failed=$((failed + ${f:-0}))
  case $s in
    0) ;;
    77) grep "^slurm: skipped" tests/slurm.out; skipped="$skipped${skipped:+; }phase 6: slurm" ;;
    *) status=$s; [ -n "$f" ] || failed=$((failed + 1)); tail -30 tests/slurm.out ;;
  esac
fi
phase "done"
echo "tests: $passed passed, $failed failed${skipped:+; skipped: $skipped}${not_run:+; not run: $not_run}"
exit "$status"
