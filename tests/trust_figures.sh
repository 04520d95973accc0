#!/bin/sh
# tests/trust_figures.sh — figures are output like any other (issue 27, point 4):
# gnuplot draws each under a temporary name, gaexp checks the file is whole
# (a PNG ends with IEND) and only then renames it into place.  A full disk
# while gnuplot draws (ENOSPC injected by strace into its writes), a gnuplot
# that writes nothing or fails is an error: exit 1, one message naming the
# figure, never a 0-byte or cut PNG with exit 0; resume draws it again.
. "${srcdir:-.}/tests/lib.sh"
test_folder trust_figures
out=$(cd "$out" && pwd) # strace -P needs absolute paths
case $GAEXP in /*) ;; *) GAEXP=$(pwd)/$GAEXP ;; esac
command -v strace >/dev/null 2>&1 && command -v gnuplot >/dev/null 2>&1 ||
  skip_rest trust_figures "needs strace and gnuplot"
cfg=$out/run.cfg
cat >"$cfg" <<EOT
problem = { name = "onemax"; bits = 40; };
ga = { seed = 3; population = 20; replicates = 2; stop = { generations = 15; }; };
output = { plot = true; };
EOT
sweep=$out/sweep.cfg
{ cat "$cfg"; echo 'sweep = ( { set = "ga.mutation.rate"; values = [0.01, 0.1, 0.3]; } );'; } >"$sweep"
# whole FILE: a PNG from its signature to its IEND chunk.
whole() {
  [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
    [ "$(tail -c 12 "$1" | od -An -tx1 | tr -d ' \n')" = 0000000049454e44ae426082 ]
}
# full PATH COMMAND...: COMMAND with every write to PATH after the first failing with ENOSPC.
full() {
  path=$1; shift
  inject -f -o /dev/null -P "$path" -e trace=write -e inject=write:error=ENOSPC:when=2+ "$@"
}
# one_message FILE TEXT: FILE holds one line, which holds TEXT.
one_message() { [ "$(wc -l <"$1")" -eq 1 ] && grep -qF -- "$2" "$1"; }

# ---- a run: the disk fills while gnuplot writes fitness.png.
full "$out/run/fitness.png.part" "$GAEXP" run "$cfg" --out "$out/run" --quiet 2>"$out/run.err"
status=$?
check "run, disk full while drawing: exit 1" [ "$status" -eq 1 ]
check "run: one message naming the figure and the remedy" \
  one_message "$out/run.err" "cannot draw $out/run/fitness.png: the file is cut short; the results are complete, 'gaexp resume $out/run' draws it again"
check "run: no cut fitness.png in place" [ ! -e "$out/run/fitness.png" ]
check "run: no temporary figure left" [ ! -e "$out/run/fitness.png.part" ]
check "run: the results are committed" [ -s "$out/run/curves.csv" ]
"$GAEXP" resume "$out/run" --quiet >/dev/null 2>"$out/resume.err"
check "run: resume draws it again" [ $? -eq 0 ]
check "run: then fitness.png is whole" whole "$out/run/fitness.png"
check "run: and the journal is gone" [ ! -e "$out/run/commit" ]

# ---- a gnuplot that exits 0 and draws nothing, and one that fails.
printf '#!/bin/sh\nexit 0\n' >"$out/lazy-gnuplot"
printf '#!/bin/sh\nexit 3\n' >"$out/failing-gnuplot"
chmod +x "$out/lazy-gnuplot" "$out/failing-gnuplot"
GNUPLOT=$out/lazy-gnuplot "$GAEXP" run "$cfg" --out "$out/lazy" --quiet 2>"$out/lazy.err"
check "a gnuplot that draws nothing: exit 1" [ $? -eq 1 ]
check "a gnuplot that draws nothing: the message" \
  one_message "$out/lazy.err" "cannot draw $out/lazy/fitness.png: gnuplot did not write it"
GNUPLOT=$out/failing-gnuplot "$GAEXP" run "$cfg" --out "$out/failing" --quiet 2>"$out/failing.err"
check "a gnuplot that fails: exit 1" [ $? -eq 1 ]
check "a gnuplot that fails: the message" one_message "$out/failing.err" "cannot draw $out/failing/fitness.png: gnuplot failed"
GNUPLOT= "$GAEXP" run "$cfg" --out "$out/none" --quiet 2>"$out/none.err"
check "no gnuplot at all: exit 0 (the figures are optional)" [ $? -eq 0 ]

# ---- a sweep: the disk fills while gnuplot writes the sweep's curves.png.
"$GAEXP" sweep "$sweep" --out "$out/sweep.reference" --quiet
full "$out/sweep/curves.png.part" "$GAEXP" sweep "$sweep" --out "$out/sweep" --quiet 2>"$out/sweep.err"
check "sweep, disk full while drawing: exit 1" [ $? -eq 1 ]
check "sweep: one message naming the figure" \
  one_message "$out/sweep.err" "cannot draw $out/sweep/curves.png: the file is cut short; the results are complete, 'gaexp resume $out/sweep' draws the figures again"
check "sweep: no cut curves.png in place" [ ! -e "$out/sweep/curves.png" ]
check "sweep: the other figures are whole" whole "$out/sweep/ecdf.png"
"$GAEXP" resume "$out/sweep" --quiet
check "sweep: resume draws it again" [ $? -eq 0 ]
check "sweep: then curves.png is whole" whole "$out/sweep/curves.png"
check "sweep: and the folder is the uninterrupted one" \
  diff -r -x times.csv -x '*.png' -x config.cfg "$out/sweep" "$out/sweep.reference"
# A point's figure, drawn while the other points run (runs side by side).
full "$out/side/p002/fitness.png.part" "$GAEXP" sweep "$sweep" --out "$out/side" --quiet --jobs 2 --parallel runs \
  2>"$out/side.err"
check "sweep side by side, disk full at a point's figure: exit 1" [ $? -eq 1 ]
check "sweep side by side: the message names it" grep -qF "cannot draw $out/side/p002/fitness.png: the file is cut short" "$out/side.err"
check "sweep side by side: no cut figure" [ ! -e "$out/side/p002/fitness.png" ]
GNUPLOT=$out/failing-gnuplot "$GAEXP" sweep "$sweep" --out "$out/sweep-failing" --quiet 2>"$out/sweep-failing.err"
check "a sweep whose gnuplot fails: exit 1" [ $? -eq 1 ]
check "a sweep whose gnuplot fails: one message" [ "$(wc -l <"$out/sweep-failing.err")" -eq 1 ]

# ---- gaexp plot redraws through the same checks.
full "$out/sweep/ecdf.png.part" "$GAEXP" plot "$out/sweep" 2>"$out/plot.err"
check "plot, disk full: exit 1" [ $? -eq 1 ]
check "plot: the message" grep -qF "cannot draw $out/sweep/ecdf.png: the file is cut short" "$out/plot.err"
check "plot: the figure drawn before is kept whole" whole "$out/sweep/ecdf.png"

test_summary trust_figures
