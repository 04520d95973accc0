# tests/lib.sh — sourced by the script tests: paths, a fresh output folder, counters.
: "${GAEXP:=./gaexp}" "${srcdir:=.}"
pass=0 fail=0

# A fresh output folder tests/out/NAME, in $out.
test_folder() {
  out=tests/out/$1
  rm -rf "$out" && mkdir -p "$out"
}

# summary_csv DIR RUN...: DIR (made) and its summary.csv, a row per RUN
# "solved,evaluations" or "solved,evaluations,best" (best by default 0 when
# solved, else 3), as a run folder holds it: what 'gaexp report' and
# 'gaexp compare' read.
summary_csv() {
  at=$1; shift; mkdir -p "$at"
  echo replicate,seed,solved,best,generation_found,evaluations,stop > "$at/summary.csv"; i=0
  for run in "$@"; do
    i=$((i + 1)); solved=${run%%,*}; rest=${run#*,}; evals=${rest%%,*}
    case $rest in *,*) best=${rest#*,} ;; *) best=$([ "$solved" = 1 ] && echo 0 || echo 3) ;; esac
    echo "$i,$i,$solved,$best,9,$evals,$([ "$solved" = 1 ] && echo target || echo generations)" >> "$at/summary.csv"
  done
}

# check DESCRIPTION COMMAND...: the command must succeed.
check() {
  what=$1; shift
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $what"; fi
}

# The closing line "NAME: N passed, N failed"; the status says whether all passed.
test_summary() {
  echo "$1: $pass passed, $fail failed"
  [ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
}

# skip_rest NAME WHY: the rest of the script cannot run here: says why, closes
# with the checks run so far, and exits 77 (skipped), or 1 when one of those
# failed (a skip never hides a failure).
skip_rest() {
  echo "$1: skipped: $2"
  echo "$1: $pass passed, $fail failed"
  [ "$fail" -eq 0 ] || exit 1
  exit 77
}

# inject STRACE-ARGS... COMMAND...: runs COMMAND under strace (fault
# injection); LeakSanitizer cannot run under ptrace, so it is off there.
inject() {
  ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace -qq "$@"
}

# wait_until PID COMMAND...: polls COMMAND until it succeeds while the process
# PID lives (a state to wait for, never a length of time; 600 s at most, a
# hang); false when PID ended first.
wait_until() {
  waiting_for=$1; shift
  polls=0
  until "$@"; do
    kill -0 "$waiting_for" 2>/dev/null && [ "$polls" -lt 60000 ] || return 1
    sleep 0.01; polls=$((polls + 1))
  done
}

# stop SIGNAL PID: sends SIGNAL to the gaexp at PID and waits for it; its
# status in $status, the milliseconds it took to end in $took.  A gaexp
# still there 60 s later (a hang, not a slow machine) is killed (status
# 137): it fails its checks, the suite goes on.
stop() {
  started=$(date +%s%N)
  kill "-$1" "$2"
  (sleep 60; kill -KILL "$2" 2>/dev/null) & watchdog=$!
  wait "$2"
  status=$?
  kill "$watchdog" 2>/dev/null
  took=$((($(date +%s%N) - started) / 1000000))
}
