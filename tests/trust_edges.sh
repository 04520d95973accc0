#!/bin/sh
# tests/trust_edges.sh — the last edges a hostile user finds (issue 44), one
# section a point: each a reproducer that failed before its fix.
. "${srcdir:-.}/tests/lib.sh"
test_folder trust_edges
out=$(cd "$out" && pwd)
src=$(cd "$srcdir" && pwd)
case $GAEXP in /*) ;; *) GAEXP=$(pwd)/$GAEXP ;; esac
nl='
'
tab=$(printf '\t')
# refused EXPECTED DIR COMMAND...: exit 2, one line of stderr holding
# EXPECTED, and no folder DIR made.
refused() {
  want=$1 dir=$2; shift 2
  "$@" >/dev/null 2>"$out/refused.err"
  rc=$?
  [ "$rc" -eq 2 ] && [ "$(wc -l <"$out/refused.err")" -eq 1 ] && grep -qF -- "$want" "$out/refused.err" &&
    [ ! -e "$dir" ] && return 0
  echo "  (exit $rc; no folder: $([ -e "$dir" ] && echo no || echo yes))"; sed 's/^/  stderr: /' "$out/refused.err"
  return 1
}

# ---- 1. a file name with a control character never reaches a kept file:
# refused at the start, naming the setting, the name shown escaped.
unsafe="the file name holds a control character, which gaexp's result files could not record on its line"
mkdir -p "$out/names"
cp "$src/configs/animals/level50.txt" "$out/names/p${nl}q.txt"
ln -s "p${nl}q.txt" "$out/names/link.txt"
printf 'problem = { name = "animals"; puzzle = "p\\nq.txt"; };\nga = { stop = { generations = 2; }; };\n' \
  >"$out/names/newline.cfg"
printf 'problem = { name = "animals"; puzzle = "link.txt"; };\nga = { stop = { generations = 2; }; };\n' \
  >"$out/names/link.cfg"
check "an input file whose name holds a newline: refused, naming the setting" \
  refused "newline.cfg:1: problem.puzzle: cannot read \"$out/names/p\\nq.txt\": $unsafe" "$out/names/r1" \
  "$GAEXP" run "$out/names/newline.cfg" --out "$out/names/r1"
check "the same reached through a link" \
  refused "link.cfg:1: problem.puzzle: cannot read \"$out/names/p\\nq.txt\": $unsafe" "$out/names/r2" \
  "$GAEXP" run "$out/names/link.cfg" --out "$out/names/r2"
printf '@include "newline.cfg"\nsweep = ( { set = "ga.mutation.rate"; values = [0.1, 0.2]; } );\n' \
  >"$out/names/sweep.cfg"
"$GAEXP" sweep "$out/names/sweep.cfg" --out "$out/names/s1" 2>"$out/names/s1.err"
check "a sweep with it: refused (exit 2), naming the setting, before any point" \
  sh -c '[ $0 -eq 2 ] && grep -qF "problem.puzzle: cannot read \"$1/p\\nq.txt\": $2" "$1/s1.err" && [ ! -e "$1/s1" ]' \
  $? "$out/names" "$unsafe"
cp "$out/names/link.cfg" "$out/names/e${nl}f.cfg"
check "an experiment file whose name holds a newline" \
  refused "$out/names/e\\nf.cfg: $unsafe" "$out/names/r3" "$GAEXP" run "$out/names/e${nl}f.cfg" --out "$out/names/r3"
printf 'problem = { name = "onemax"; bits = 8; };\n' >"$out/names/i${tab}j.cfg"
printf '@include "i%sj.cfg"\nga = { stop = { generations = 2; }; };\n' "$tab" >"$out/names/include.cfg"
check "an @include whose name holds a tab" \
  refused "$out/names/i\\tj.cfg: $unsafe" "$out/names/r4" "$GAEXP" run "$out/names/include.cfg" --out "$out/names/r4"

# ---- 2. a sweep --force killed before it recorded itself (SIGKILL, by
# strace, as it renames its sweep.cfg into the stage, before its sweep.args): 'gaexp resume' says that the
# replacing sweep never started and fails (exit 1), 'gaexp report' says it
# reports the earlier sweep; the folder is the earlier sweep, unchanged, and
# the same --force again replaces it.
base='problem = { name = "onemax"; bits = 20; };
ga = { seed = 5; population = 10; replicates = 2; stop = { generations = 3; fitness = -1.0; }; };
output = { plot = false; };'
printf '%s\nsweep = ( { set = "ga.mutation.rate"; values = [0.1, 0.2]; } );\n' "$base" >"$out/old.cfg"
printf '%s\nsweep = ( { set = "ga.mutation.rate"; values = [0.3, 0.4, 0.5]; } );\n' "$base" >"$out/new.cfg"
"$GAEXP" sweep "$out/new.cfg" --out "$out/fresh" --quiet
"$GAEXP" sweep "$out/old.cfg" --out "$out/force" --quiet && cp -a "$out/force" "$out/force.old"
inject -f -o /dev/null -P "$out/force/.sweep.new/sweep.cfg.part" -e trace=rename -e inject=rename:signal=SIGKILL:when=1 \
    "$GAEXP" sweep "$out/new.cfg" --out "$out/force" --force --quiet
check "killed as it records itself: the stage holds no sweep.args" \
    sh -c '[ -d "$0/.sweep.new" ] && [ ! -e "$0/.sweep.new/sweep.args" ]' "$out/force"
"$GAEXP" resume "$out/force" --quiet >/dev/null 2>"$out/resume.err"
check "resume: exit 1" [ $? -eq 1 ]
check "resume says the replacing sweep never started" grep -qF \
    "gaexp: $out/force: the replacing sweep (sweep --force) was stopped before it recorded its settings: it never started, and the folder still holds the earlier sweep, unchanged; run that sweep --force again" \
    "$out/resume.err"
"$GAEXP" report "$out/force" >"$out/report.out" 2>"$out/report.err"
rc=$?
check "report: exit 0, the earlier sweep's two points" [ "$rc" -eq 0 -a "$(grep -c "^ *[0-9]" "$out/report.out")" -eq 2 ]
check "report says the replacing sweep never started" grep -qF "was stopped before it recorded its settings" "$out/report.err"
check "the folder is the earlier sweep, unchanged" diff -r -x '.*' "$out/force" "$out/force.old"
"$GAEXP" sweep "$out/new.cfg" --out "$out/force" --force --quiet
check "the same --force again: the new sweep, no stage left" sh -c \
    '[ ! -e "$0/.sweep.new" ] && diff -r -x config.cfg -x times.csv -x sweep.cfg "$0" "$1" >/dev/null' "$out/force" "$out/fresh"

# ---- 4. out of file descriptors, at every ulimit -n from 4 to 16: named
# ("Too many open files", exit 1) or a finished run, never "in use by
# another gaexp process", never a .part left.
printf 'problem = { name = "onemax"; bits = 16; };\nga = { seed = 1; };\n' >"$out/fd.cfg"
misnamed= leftover=
for n in 4 5 6 7 8 9 10 11 12 13 14 15 16; do
  rm -rf "$out/fd"
  (ulimit -n "$n" && exec "$GAEXP" run "$out/fd.cfg" --out "$out/fd" --quiet) 2>"$out/fd.err"
  rc=$?
  { [ "$rc" -eq 0 ] || { [ "$rc" -eq 1 ] && grep -q "Too many open files" "$out/fd.err"; }; } || misnamed="$misnamed $n:$rc"
  [ -z "$(find "$out/fd" -name '*.part' 2>/dev/null)" ] || leftover="$leftover $n"
done
check "out of descriptors: named, exit 1 (misnamed at ulimit -n:${misnamed:- none})" [ -z "$misnamed" ]
check "out of descriptors: no .part left (left at ulimit -n:${leftover:- none})" [ -z "$leftover" ]

# ---- 7. result files are read only as the regular files gaexp wrote: a
# link planted as curves.csv is not followed by plot (nor by gnuplot), a
# FIFO planted as a summary.csv or generations.csv hangs no reader.
"$GAEXP" run "$out/fd.cfg" --out "$out/planted" --quiet
rm "$out/planted/curves.csv" && ln -s /etc/passwd "$out/planted/curves.csv"
check "plot: a link planted as curves.csv is refused, not followed" \
  refused "cannot draw from $out/planted/curves.csv: a symbolic link: gaexp reads only the regular files it wrote" \
  "$out/planted/fitness.png.none" timeout 60 "$GAEXP" plot "$out/planted"
printf 'problem = { name = "onemax"; bits = 10; };\nga = { seed = 1; population = 10; replicates = 2; stop = { generations = 3; }; };\noutput = { plot = false; };\nsweep = ( { set = "ga.mutation.rate"; values = [0.1, 0.2]; } );\n' \
  >"$out/fifo.cfg"
"$GAEXP" sweep "$out/fifo.cfg" --out "$out/fifo" --quiet
rm "$out/fifo/p002/summary.csv" && mkfifo "$out/fifo/p002/summary.csv"
check "report: a FIFO planted as a point's summary.csv is refused at once (exit 2)" \
  refused "cannot read $out/fifo/p002/summary.csv: not a regular file (a FIFO, device or socket)" "$out/fifo.none" \
  timeout 60 "$GAEXP" report "$out/fifo"
rm "$out/fifo/p002/summary.csv" && cp "$out/fifo/p001/summary.csv" "$out/fifo/p002/summary.csv"
rm "$out/fifo/p001/generations.csv" && mkfifo "$out/fifo/p001/generations.csv"
timeout 60 "$GAEXP" export --format iohprofiler "$out/fifo" "$out/fifo-ioh" 2>"$out/fifo-ioh.err"
rc=$?
check "export: a FIFO planted as generations.csv does not hang it (exit $rc), and is named" \
  sh -c '[ "$0" -ne 0 ] && [ "$0" -ne 124 ] && grep -qF "$1/p001/generations.csv: not a regular file" "$2"' "$rc" "$out/fifo" "$out/fifo-ioh.err"

# ---- 9. messages that say what was given: a long value cut with "..." and
# its closing quote, a number as written, an include cycle named as one.
long=$(head -c 100000 /dev/zero | tr '\0' x)
printf 'problem = { name = "onemax"; bits = 8; };\nga = { crossover = { name = "%s"; }; };\n' "$long" >"$out/long.cfg"
check "a 100 kB value: cut with an ellipsis, its quote closed" \
  refused "long.cfg:2: ga.crossover.name: unknown crossover 'xxxxxxxx" "$out/r9" "$GAEXP" run "$out/long.cfg" --out "$out/r9"
check "  ... and the line is short" sh -c 'grep -q "xxx\.\.\.'"'"' (choose one of" "$0" && [ "$(wc -c <"$0")" -lt 400 ]' "$out/refused.err"
printf 'problem = { name = "onemax"; bits = 8; };\nga = { mutation = { rate = 1.0000001; }; };\n' >"$out/rate.cfg"
check "a rate of 1.0000001 is said as written" \
  refused "rate.cfg:2: ga.mutation.rate: expected a number in [0, 1], got 1.0000001" "$out/r9" "$GAEXP" run "$out/rate.cfg" --out "$out/r9"
printf '@include "cycle-b.cfg"\nproblem = { name = "onemax"; bits = 8; };\n' >"$out/cycle-a.cfg"
printf '@include "cycle-a.cfg"\n' >"$out/cycle-b.cfg"
check "an include cycle is named as one, at its line" \
  refused "cycle-b.cfg:1: @include \"cycle-a.cfg\": a cycle: it includes a file that includes it" "$out/r9" \
  "$GAEXP" run "$out/cycle-a.cfg" --out "$out/r9"

# ---- 9. validation that says what was given: NSGA-II and NSGA-III need
# a population of 4, a constraint handler needs constraints.
for scheme in nsga2 nsga3; do
  check "$scheme: a population of 3 is refused" refused "ga.population: NSGA-I" "$out/r9" \
    "$GAEXP" run "$src/configs/zdt1.cfg" --set "ga.scheme.name=\"$scheme\"" --set ga.population=3 --out "$out/r9"
  check "$scheme: 4 runs" "$GAEXP" run "$src/configs/zdt1.cfg" --set "ga.scheme.name=\"$scheme\"" --set ga.population=4 \
    --set ga.stop.generations=2 --out "$out/r9-$scheme" --quiet
done
check "ga.constraints on a problem without constraints is refused" \
  refused "ga.constraints: problem 'mo' has no constraints: there is nothing to handle (remove the group)" "$out/r9" \
  "$GAEXP" run "$src/configs/zdt1.cfg" --set 'ga.constraints.name="deb"' --out "$out/r9"

# ---- 9. a sweep of 1 x 2 points draws its heatmap, gnuplot silent
printf 'problem = { name = "onemax"; bits = 10; };\nga = { seed = 1; population = 10; replicates = 2; stop = { generations = 3; }; };\nsweep = ( { set = "ga.mutation.rate"; values = [0.1]; }, { set = "ga.crossover.rate"; values = [0.5, 0.9]; } );\n' \
  >"$out/s12.cfg"
if command -v gnuplot >/dev/null 2>&1; then
  "$GAEXP" sweep "$out/s12.cfg" --out "$out/s12" --quiet 2>"$out/s12.err"
  check "a 1 x 2 sweep: exit 0, its heatmap drawn, nothing on stderr (was gnuplot's 'Image grid must be at least 4 points')" \
    [ $? -eq 0 -a -s "$out/s12/heatmap.png" -a ! -s "$out/s12.err" ]
else
  echo "trust_edges: gnuplot is missing: the 1 x 2 heatmap is not checked"
fi

# ---- 9. SIGTERM of a sweep in place: one hint how to go on, the sweep's
printf 'problem = { name = "onemax"; bits = 2000; };\nga = { seed = 1; population = 200; replicates = 2; stop = { generations = 4000; fitness = -1.0; }; };\noutput = { plot = false; checkpoint = 0.0; };\nsweep = ( { set = "ga.mutation.rate"; values = [0.1, 0.2]; } );\n' \
  >"$out/term.cfg"
"$GAEXP" sweep "$out/term.cfg" --out "$out/term" --quiet 2>"$out/term.err" & pid=$!
wait_until "$pid" [ -e "$out/term/p001/checkpoint" ] || true
stop TERM "$pid"
check "SIGTERM of a sweep: exit 130 and one resume hint, the sweep's" sh -c \
  '[ "$0" -eq 130 ] && [ "$(grep -c "gaexp resume" "$1")" -eq 1 ] && grep -qF "'"'"'gaexp resume $2'"'"' goes on with the whole sweep" "$1"' \
  "$status" "$out/term.err" "$out/term"

# ---- 9. a standard output whose reader went away (its read end closed
# before gaexp starts): the run completes, quietly, with status 0.
printf 'problem = { name = "onemax"; bits = 16; };\nga = { seed = 1; replicates = 2; };\noutput = { plot = false; };\n' >"$out/pipe.cfg"
rc=$(python3 -c 'import os, subprocess, sys
r, w = os.pipe(); os.close(r)
print(subprocess.call(sys.argv[1:], stdout=w, stderr=open(sys.argv[-1] + ".err", "w")))' \
  "$GAEXP" run "$out/pipe.cfg" --out "$out/pipe")
check "a closed pipe on stdout: exit 0 (was 141, SIGPIPE), nothing said" [ "$rc" = 0 -a ! -s "$out/pipe.err" ]
check "  ... and the folder complete" [ "$(tail -n +2 "$out/pipe/summary.csv" | wc -l)" -eq 2 ]

test_summary trust_edges
