#!/bin/sh
# tests/plugin.sh — problems from outside the tree: examples/queens as a plug-in (from an
# experiment file and --plugin), every bad plug-in refused with one message and exit 2,
# and a command line that names no built-in problem.
. "${srcdir:-.}/tests/lib.sh"
test_folder plugin
libs=tests/.libs
out_abs=$(cd "$out" && pwd)

# --- cli/ names no built-in problem: the problems are found through the registry.
names=$(cd "$srcdir/problems" && for d in */; do printf '%s\n' "${d%/}"; done)
check "the built-in problems are known to this test" [ "$(printf '%s\n' "$names" | wc -l)" -ge 5 ]
named=$(for n in $names; do grep -n -i -w "$n" "$srcdir"/cli/*.c "$srcdir"/cli/*.h "$srcdir"/cli/*/*.c "$srcdir"/cli/*/*.h; done)
[ -z "$named" ] || echo "$named"
check "no file under cli/ names a built-in problem" [ -z "$named" ]

# --- plug-ins call GSL and libconfig through the program: gaexp loads their
# shared libraries, or (configure's static archives) exports every function of them.
check "a plug-in finds every GSL and libconfig function in gaexp" sh -c '
  { ldd "$0" | grep -q "libgsl\.so" && ldd "$0" | grep -q "libconfig\.so"; } ||
  { nm -D --defined-only "$0" | grep -q " gsl_sf_bessel_J0$" &&
    nm -D --defined-only "$0" | grep -q " config_setting_lookup_float$"; }' "$GAEXP"

# --- the plug-in from an experiment file, resolved against that file's folder.
mkdir -p "$out/q" "$out/elsewhere"
cp "$libs/queens.so" "$out/q/queens.so"
cp "$srcdir/examples/queens/queens.cfg" "$srcdir/examples/queens/queens64.cfg" "$out/q/"
(cd "$out/elsewhere" && "$GAEXP" run ../q/queens.cfg --out r8 --quiet) >/dev/null 2>"$out/r8.err"
check "8 queens run from another folder" grep -q '^1,1,1,0,' "$out/elsewhere/r8/summary.csv"
check "config.cfg records the resolved plug-in" grep -qF "plugin = \"$out_abs/q/queens.so\";" "$out/elsewhere/r8/config.cfg"
check "config.cfg records its hash" grep -q 'plugin_hash = "[0-9a-f]\{16\}";' "$out/elsewhere/r8/config.cfg"
"$GAEXP" run "$out/q/queens64.cfg" --out "$out/r64" --quiet 2>"$out/r64.err"
check "64 queens solved" grep -q '^1,1,1,0,' "$out/r64/summary.csv"
# The plug-in's own column: the share of the population that is a solution.
check "the plug-in's column follows the standard ones" [ "$(head -1 "$out/r64/generations.csv" | cut -d, -f10-)" = solved_share ]
check "solved_share: 0 until the best is 0, then above 0" awk -F, 'NR > 1 && (($4 > 0) != ($10 == 0) || $10 < 0 || $10 > 1) { bad = 1 }
  END { exit bad || NR < 3 }' "$out/r64/generations.csv"
"$GAEXP" run "$out/r64/config.cfg" --out "$out/r64again" --quiet 2>/dev/null
for f in generations.csv summary.csv best.txt; do
  check "a rerun of config.cfg writes the same $f" cmp -s "$out/r64/$f" "$out/r64again/$f"
done
check "list shows the plug-in's problem" sh -c '"$0" --plugin "$1" list | grep -q "^  queens "' "$GAEXP" "$libs/queens.so"
# A plug-in's operator with a setting of its own (ga_op_setting): read from
# its group, range-checked, recorded in config.cfg, and used.
"$GAEXP" run "$out/q/queens.cfg" --set ga.mutation.name=slide --set ga.mutation.slide.span=0.5 \
  --set ga.mutation.per=gene --set ga.mutation.rate=0.1 --out "$out/slide" --quiet 2>"$out/slide.err"
check "a plug-in operator's setting: the run solves 8 queens" grep -q '^1,1,1,0,' "$out/slide/summary.csv"
check "and config.cfg records the setting" sh -c 'tr -d " \n" <"$0" | grep -q "slide={span=0.5;}"' "$out/slide/config.cfg"
check "list shows the setting" sh -c '"$0" --plugin "$1" list | grep -q "slide.span = 0.25 \[0.01, 1\]"' "$GAEXP" "$libs/queens.so"
"$GAEXP" run "$out/q/queens.cfg" --set ga.mutation.name=slide --set ga.mutation.slide.span=2 --out "$out/never" 2>"$out/span.err"
check "a plug-in setting out of range: one message with the range" grep -q 'ga.mutation.slide.span: expected a number in \[0.01, 1\], got 2' "$out/span.err"
printf 'problem = { name = "queens"; n = 6; };\nga = { seed = 2; stop = { generations = 50; }; };\noutput = { plot = false; };\n' >"$out/noplugin.cfg"
"$GAEXP" run "$out/noplugin.cfg" --plugin "$libs/queens.so" --out "$out/opt" --quiet 2>/dev/null
check "--plugin: config.cfg records the plug-in" grep -qF "plugin = \"$(cd "$libs" && pwd)/queens.so\";" "$out/opt/config.cfg"
check "--plugin: a rerun of config.cfg needs no option" sh -c '"$0" run "$1/opt/config.cfg" --out "$1/opt2" --quiet 2>/dev/null && cmp -s "$1/opt/generations.csv" "$1/opt2/generations.csv"' "$GAEXP" "$out"

# --- a sweep of the plug-in's problem, and the same sweep spread over MPI ranks.
printf 'problem = { plugin = "queens.so"; name = "queens"; n = 12; };\nga = { seed = 3; population = 60; stop = { generations = 100; }; };\noutput = { plot = false; };\nsweep = ( { set = "ga.mutation.rate"; values = [0.5, 1.0]; } );\n' >"$out/q/sweep.cfg"
"$GAEXP" sweep "$out/q/sweep.cfg" --replicates 3 --out "$out/sweep" --quiet 2>/dev/null
check "a sweep of the plug-in's problem" [ -f "$out/sweep/sweep.csv" ] && [ -f "$out/sweep/p002/summary.csv" ]
if [ -n "${MPIRUN:-}" ]; then
  if [ "$(id -u)" -eq 0 ]; then
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
  fi
  mv "$out/sweep" "$out/sweep-one"
  "$MPIRUN" -np 3 --oversubscribe "$GAEXP" sweep "$out/q/sweep.cfg" --replicates 3 --out "$out/sweep" --quiet
  check "the plug-in's sweep on 3 MPI ranks is byte-identical" \
    diff -r -x times.csv -x '*.png' "$out/sweep-one" "$out/sweep"
fi

# --- a plug-in that changed since config.cfg recorded it is refused.
cp "$out/q/queens.so" "$out/q/changed.so"
sed "s|$out_abs/q/queens.so|$out_abs/q/changed.so|" "$out/r64/config.cfg" >"$out/changed.cfg"
printf 'x' >>"$out/q/changed.so"
"$GAEXP" run "$out/changed.cfg" --out "$out/changed" 2>"$out/changed.err"; status=$?
check "a changed plug-in: exit 2" [ "$status" -eq 2 ]
check "a changed plug-in: the message" grep -q "^gaexp: $out/changed.cfg:4: problem.plugin: '$out_abs/q/changed.so' has changed since this run was configured (content hash [0-9a-f]*, problem.plugin_hash records [0-9a-f]*); remove problem.plugin_hash to run with it\$" "$out/changed.err"
check "a changed plug-in: nothing written" [ ! -e "$out/changed" ]

# --- bad plug-ins: one message with FILE:LINE, exit 2, nothing written.
printf 'this is a text file, not a shared object; gaexp must refuse to load it as a plug-in.\n' >"$out/q/text.so"
cp "$libs/plugin_noentry.so" "$libs/plugin_abi.so" "$libs/plugin_old.so" "$libs/plugin_clash.so" "$libs/plugin_column.so" "$out/q/"
# bad CASE PLUGIN MESSAGE: an experiment naming PLUGIN must fail with exactly MESSAGE.
bad() {
  printf '# %s\nproblem = {\n  plugin = "%s";\n  name = "queens";\n};\n' "$1" "$2" >"$out/q/$1.cfg"
  "$GAEXP" run "$out/q/$1.cfg" --out "$out/bad-$1" >/dev/null 2>"$out/$1.err"; status=$?
  check "$1: exit 2" [ "$status" -eq 2 ]
  check "$1: one message" [ "$(wc -l <"$out/$1.err")" -eq 1 ]
  check "$1: the message" [ "$(cat "$out/$1.err")" = "gaexp: $out/q/$1.cfg:3: problem.plugin: $3" ]
  check "$1: nothing written" [ ! -e "$out/bad-$1" ]
}
bad missing nothere.so "cannot read '$out/q/nothere.so': No such file or directory"
bad not-shared text.so "'$out_abs/q/text.so' is not a shared object (invalid ELF header)"
bad no-entry plugin_noentry.so "'$out_abs/q/plugin_noentry.so' is not a gaexp plug-in: it defines no gaexp_plugin_register (see GAEXP_PLUGIN in gaexp/registry.h)"
bad abi plugin_abi.so "'$out_abs/q/plugin_abi.so' was built for plug-in ABI 108 (another gaexp), this gaexp loads ABI 10: rebuild it against this gaexp's headers"
bad old-abi plugin_old.so "'$out_abs/q/plugin_old.so' was built for plug-in ABI 9 (an older gaexp), this gaexp loads ABI 10: rebuild it against this gaexp's headers"
bad clash plugin_clash.so "'$out_abs/q/plugin_clash.so' registers 'derful', a name gaexp already has"
bad column plugin_column.so "'$out_abs/q/plugin_column.so' declares a bad statistics column: problem 'columned', column 2 'best': clashes with a standard column of generations.csv"
# --- a plug-in of the GA hooks alone (no default variation, no optional
# table): listed, and run once its file names the operators (before: a crash)
cp "$libs/plugin_bare.so" "$out/q/"
"$GAEXP" --plugin "$out/q/plugin_bare.so" list >"$out/bare.list" 2>&1; status=$?
check "a bare plug-in: listed" sh -c '[ "$0" -eq 0 ] && grep -q "^  bare " "$1"' "$status" "$out/bare.list"
printf 'problem = { plugin = "plugin_bare.so"; name = "bare"; };\nga = { population = 10; stop = { generations = 3; }; };\n' >"$out/q/bare.cfg"
"$GAEXP" run "$out/q/bare.cfg" --out "$out/bare" >/dev/null 2>"$out/bare.err"; status=$?
check "a bare plug-in without operators named: exit 2, nothing written" sh -c '[ "$0" -eq 2 ] && [ ! -e "$1" ]' "$status" "$out/bare"
check "a bare plug-in without operators named: the message" grep -q "^gaexp: $out/q/bare.cfg: ga.crossover.name: problem 'bare' names no default crossover: choose one of: onepoint, twopoint, uniform\$" "$out/bare.err"
"$GAEXP" run "$out/q/bare.cfg" --set ga.crossover.name=onepoint --set ga.mutation.name=flip --out "$out/bare" --quiet
check "a bare plug-in with its operators named: runs" [ -f "$out/bare/summary.csv" ]

"$GAEXP" --plugin "$out/q/nothere.so" list >/dev/null 2>"$out/option.err"; status=$?
check "--plugin with a missing file: exit 2" [ "$status" -eq 2 ]
check "--plugin with a missing file: the message" [ "$(cat "$out/option.err")" = "gaexp: --plugin: cannot read '$out/q/nothere.so': No such file or directory" ]

test_summary plugin
