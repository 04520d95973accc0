#!/bin/sh
# build-aux/compare-binaries.sh OLD NEW — for a refactoring that must not
# change behaviour: runs the same commands (the golden and shipped
# experiment files, every command's help, the exact solvers, a sweep with
# its report, plot and export, bad inputs) with two gaexp binaries, each in
# a folder of its own under one name, and compares their stdout, stderr,
# exit statuses and output files byte for byte (times.csv and figures
# aside; wall-clock seconds in messages masked).  Prints the number of
# commands, then any difference; exit 1 when there is one.
set -u
[ $# -eq 2 ] || { echo "usage: $0 OLD-GAEXP NEW-GAEXP" >&2; exit 2; }
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for side in old new; do
  if [ $side = old ]; then bin=$1; else bin=$2; fi
  d=$work/run; mkdir -p "$d"
  n=0
  c() { n=$((n + 1)); (cd "$src" && "$bin" "$@") >"$d/$n.out" 2>"$d/$n.err"; echo $? >"$d/$n.rc"; }
  for g in derful4 onemax t24; do c run tests/data/golden/$g.cfg --quiet --out "$d/g-$g"; done
  for cfg in "$src"/configs/*.cfg; do
    b=$(basename "$cfg" .cfg)
    c run configs/$b.cfg --seed 1 --set ga.stop.generations=5 --out "$d/s-$b"
  done
  c run configs/onemax.cfg --seed 3 --out "$d/verbose"
  c list; c --help; c help
  for k in run sweep report plot export tune resume solve design deal list; do c help $k; c $k --help; done
  c solve; c solve nothere; c deal --help; c design; c design animals --help
  c solve t24 3 3 8 8; c solve t24 --census --values 1..6 --csv "$d/census.csv"; c solve t24 --census --values 1..6 --csv -
  c solve derful --n 3; c solve animals configs/animals/easy.txt; c solve fortythieves tests/data/fortythieves/studies.deal
  c deal --seed 5 --count 3; c deal --count 0; c design animals --seed 3 --out "$d/level.txt"; c design animals --seed 3
  c sweep tests/data/sweep/rates.cfg --out "$d/sweep" --quiet
  c report "$d/sweep"; c plot "$d/sweep"; c export --format iohprofiler "$d/sweep" "$d/export"
  c run configs/onemax.cfg --set ga.population=0 --out "$d/bad"
  c solve t24 --census --values 1..6 --csv /nonexistent/x.csv
  for f in "$d"/*.out "$d"/*.err; do
    sed -E -i 's/[0-9]+\.[0-9]+ s\b/T s/g; s/[0-9.]+ (ms|s)\/(generation|gen|run|point)/T/g' "$f"
  done
  mv "$d" "$work/$side"
done
echo "commands: $n"
diff -r -x times.csv -x '*.png' -x '*.pdf' -x '*.svg' "$work/old" "$work/new"
