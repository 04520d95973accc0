#!/bin/sh
# experiments/study.sh — runs one study of experiments/ and keeps its table and figures.
#
# Usage: sh experiments/study.sh NAME [gaexp sweep OPTION]...
# Runs experiments/NAME/run.sh when the study has one and no sweep.cfg.  Otherwise
# runs 'gaexp sweep experiments/NAME/sweep.cfg' into results/NAME (replacing
# it), then copies into experiments/NAME/: table.txt ('gaexp report'),
# sweep.csv and index.csv, and the figures (PNG, or PDF/SVG by output.format).  Builds gaexp first,
# installing what is missing; $GAEXP names another gaexp.
set -eu
[ $# -ge 1 ] || { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
case $1 in -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
name=$1; shift
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
# A study of several sweeps has its own script.
[ -f "experiments/$name/sweep.cfg" ] || [ ! -f "experiments/$name/run.sh" ] || exec sh "experiments/$name/run.sh" "$@"
[ -f "experiments/$name/sweep.cfg" ] || { echo "study: no experiments/$name/sweep.cfg" >&2; exit 2; }
if [ -n "${GAEXP:-}" ]; then gaexp=$GAEXP; else . build-aux/bootstrap.sh; gaexp=./gaexp; fi
out=results/$name
"$gaexp" sweep "experiments/$name/sweep.cfg" --out "$out" --force --quiet "$@"
"$gaexp" report "$out" > "experiments/$name/table.txt"
cp "$out/sweep.csv" "$out/index.csv" "experiments/$name/"
for fig in "$out"/*.png "$out"/*.pdf "$out"/*.svg; do [ -e "$fig" ] && cp "$fig" "experiments/$name/"; done
cat "experiments/$name/table.txt"
echo "study $name: experiments/$name/ (table.txt, sweep.csv, figures); all runs: $out/"
