#!/bin/sh
# tests/golden.sh — reproducibility: a seeded run is byte-identical on rerun,
# at any thread count, when repeated from its own config.cfg, and equal to
# the stored golden files (which change only when the algorithm does).
. "${srcdir:-.}/tests/lib.sh"
test_folder golden
same() { cmp "$1/generations.csv" "$2/generations.csv" && cmp "$1/summary.csv" "$2/summary.csv" &&
         cmp "$1/best.txt" "$2/best.txt"; }
run() { "$GAEXP" run "$@" --quiet --set output.plot=false; }

golden="$srcdir/tests/data/golden"
for case in derful4 onemax t24; do
  cfg="$golden/$case.cfg"
  check "$case runs" run "$cfg" --out "$out/$case-a"
  check "$case reruns" run "$cfg" --out "$out/$case-b"
  check "$case rerun is identical" same "$out/$case-a" "$out/$case-b"
  check "$case at 2 threads" run "$cfg" --jobs 2 --out "$out/$case-j2"
  check "$case at 2 threads is identical" same "$out/$case-a" "$out/$case-j2"
  check "$case at 4 threads" run "$cfg" --jobs 4 --out "$out/$case-j4"
  check "$case at 4 threads is identical" same "$out/$case-a" "$out/$case-j4"
  check "$case from its config.cfg" run "$out/$case-a/config.cfg" --out "$out/$case-again"
  check "$case from its config.cfg is identical" same "$out/$case-a" "$out/$case-again"
  check "$case equals the stored golden generations" cmp "$golden/$case.generations.csv" "$out/$case-a/generations.csv"
  check "$case equals the stored golden summary" cmp "$golden/$case.summary.csv" "$out/$case-a/summary.csv"
done
test_summary "golden runs"
