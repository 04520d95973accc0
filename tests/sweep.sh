#!/bin/sh
# tests/sweep.sh — 'gaexp sweep', 'report' and 'plot': a 4 x 3 grid with replicates,
# byte-identical reruns, every bad sweep refused before anything runs.
. "${srcdir:-.}/tests/lib.sh"
test_folder sweep
data="$srcdir/tests/data/sweep"
sweep() { "$GAEXP" sweep "$@" --quiet; }

check "a 4 x 3 sweep runs" sweep "$data/rates.cfg" --out "$out/a"
check "index.csv has 12 points" [ "$(tail -n +2 "$out/a/index.csv" | wc -l)" -eq 12 ]
check "index.csv names the swept settings" grep -qx "point,dir,ga.mutation.rate,ga.crossover.rate" "$out/a/index.csv"
check "the range gives 0.2, 0.6, 1" grep -q "^3,p003,0.1,1$" "$out/a/index.csv"
check "sweep.csv has 12 points" [ "$(tail -n +2 "$out/a/sweep.csv" | wc -l)" -eq 12 ]
check "every point has its 3 replicates" [ "$(cat "$out"/a/p0*/summary.csv | grep -c '^[123],')" -eq 36 ]
check "a point's config.cfg holds its values" grep -q "rate = 1.0;" "$out/a/p012/config.cfg"
check "a point's config.cfg has no sweep" sh -c '! grep -q "^sweep" "$0/a/p001/config.cfg"' "$out"
png() { [ "$(head -c 4 "$1" | tail -c 3)" = "PNG" ]; }
if command -v gnuplot >/dev/null 2>&1; then
  check "curves.png is a PNG" png "$out/a/curves.png"
  check "heatmap.png is a PNG" png "$out/a/heatmap.png"
fi
check "curves.gp and heatmap.gp are kept" [ -s "$out/a/curves.gp" -a -s "$out/a/heatmap.gp" ]
# Points this small (3 x 60 x 41 x 16 genes evaluated) leave their figures
# to 'gaexp plot' unless output.plot is set.
check "small points leave their figures undrawn" sh -c '! ls "$0"/a/p0*/fitness.png 2>/dev/null' "$out"
check "but their scripts written" [ "$(ls "$out"/a/p0*/fitness.gp | wc -l)" -eq 12 ]
check "the rerun" sweep "$data/rates.cfg" --out "$out/b"
same() { diff -r -x times.csv -x '*.png' -x config.cfg -x sweep.args "$out/a" "$out/b" >/dev/null; }
check "a rerun is byte-identical" same
check "a sweep at 2 threads" sweep "$data/rates.cfg" --out "$out/b" --jobs 2 --force
check "is byte-identical too" same
check "an existing folder is refused" sh -c '"$0" sweep "$1" --out "$2" --quiet 2>/dev/null; [ $? -eq 2 ]' "$GAEXP" "$data/rates.cfg" "$out/a"

# report and plot
check "report ranks the points" sh -c '"$0" report "$1" | head -1 | grep -q "^rank point mutation.rate crossover.rate *solved"' "$GAEXP" "$out/a"
check "report lists 12 points" [ "$("$GAEXP" report "$out/a" | grep -c '^[0-9]')" -eq 12 ]
check "report of one run folder" sh -c '"$0" report "$1/p001" | grep -q "3/3\|[0-3]/3"' "$GAEXP" "$out/a"
check "plot redraws a sweep" "$GAEXP" plot "$out/a"
check "report refuses a folder that is not gaexp's" sh -c '"$0" report "$1" 2>/dev/null; [ $? -eq 2 ]' "$GAEXP" "$data"

# Bad sweeps: refused before anything runs, with file and line.
bad() { # expected message, then the sweep list
  printf 'problem = { name = "derful"; n = 4; };\nga = { stop = { generations = 5; }; };\nsweep = (\n  %s\n);\n' "$2" > "$out/bad.cfg"
  rm -rf "$out/bad"
  "$GAEXP" sweep "$out/bad.cfg" --out "$out/bad" --quiet 2>"$out/bad.stderr"
  [ $? -eq 2 ] && grep -qF -- "$1" "$out/bad.stderr" && [ ! -e "$out/bad" ]
}
check "an unknown path" bad "bad.cfg:4: ga.mutaton: unknown setting (did you mean 'mutation'?)" \
  '{ set = "ga.mutaton.rate"; values = [0.1]; }'
check "an empty list" bad "bad.cfg:4: sweep[0].values: expected 1 to 10000 values, got 0" \
  '{ set = "ga.mutation.rate"; values = []; }'
check "a value out of range at one point" bad "bad.cfg:4: ga.mutation.rate: expected a number in [0, 1], got 1.5" \
  '{ set = "ga.mutation.rate"; values = [0.1, 1.5, 0.2]; }'
check "which point" grep -qF "point 2 of 3 refused" "$out/bad.stderr"
check "an unknown operator at one point" bad "bad.cfg:4: ga.crossover.name: unknown crossover 'onepiont'" \
  '{ set = "ga.crossover.name"; values = ["lineswap", "onepiont"]; }'
check "a reversed range" bad "sweep[0].to: must not be below 'from' (10)" \
  '{ set = "ga.population"; from = 10; to = 5; step = 1; }'
check "a path swept twice" bad "'ga.population' is swept twice" \
  '{ set = "ga.population"; values = [10]; }, { set = "ga.population"; values = [20]; }'
check "no sweep list" sh -c '"$0" sweep "$1" --out "$2/never" --quiet 2>/dev/null; [ $? -eq 2 ] && [ ! -e "$2/never" ]' \
  "$GAEXP" "$srcdir/configs/derful3.cfg" "$out"
# Settings swept together, and the profile figure of one swept setting.
cat > "$out/linked.cfg" <<'CFG'
problem = { name = "derful"; n = 4; };
ga = { seed = 3; population = 40; replicates = 2; stop = { generations = 20; }; };
sweep = ( { set = ["ga.crossover.name", "ga.mutation.name"];
            values = (("lineswap", "mix"), ("common", "checkcontain"), ("rowswap", "replace")); } );
CFG
check "a linked sweep runs" sweep "$out/linked.cfg" --out "$out/linked"
check "its column joins the paths" grep -qx "point,dir,ga.crossover.name+ga.mutation.name" "$out/linked/index.csv"
check "its values go together" grep -q 'name = "checkcontain"' "$out/linked/p002/config.cfg"
check "and the profile script is written" [ -s "$out/linked/success.gp" ]
check "a linked value of the wrong size" bad "expected a list of 2 values, one for each of ga.crossover.name+ga.mutation.name" \
  '{ set = ["ga.crossover.name", "ga.mutation.name"]; values = (("lineswap")); }'

# --jobs N: whole runs side by side (the rule, or --parallel runs), or threads
# inside each run; the same files every way, and every point's figure drawn
# (output.plot = true: these points are small enough to leave them undrawn).
for way in "2 runs" "3 runs" "2 threads" "3 auto"; do
  set -- $way
  check "--jobs $1 --parallel $2" sweep "$data/rates.cfg" --out "$out/b" --jobs "$1" --parallel "$2" --force \
    --set output.plot=true
  # sweep.cfg records the --set of output.plot that the first sweep had not
  check "is byte-identical (--jobs $1, $2)" diff -r -x times.csv -x '*.png' -x config.cfg -x sweep.args -x sweep.cfg "$out/a" "$out/b"
done
if command -v gnuplot >/dev/null 2>&1; then
  check "every point's fitness.png is drawn" sh -c 'for f in "$0"/b/p0*/fitness.png; do head -c 4 "$f" | grep -q PNG || exit 1; done' "$out"
  check "by one gnuplot per job" [ "$(ls "$out"/b/p0*/fitness.png | wc -l)" -eq 12 ]
fi
check "--parallel takes auto, runs or threads" sh -c '"$0" sweep "$1" --out "$2/never" --jobs 2 --parallel cores 2>&1 |
  grep -q "expected auto, runs or threads"; [ ! -e "$2/never" ]' "$GAEXP" "$data/rates.cfg" "$out"
check "output.plot = \"end\"" sweep "$data/rates.cfg" --out "$out/end" --jobs 2 --set output.plot=end
check "leaves the points' figures undrawn" sh -c '! ls "$0"/end/p0*/fitness.png 2>/dev/null' "$out"
check "with their scripts" [ "$(ls "$out"/end/p0*/fitness.gp | wc -l)" -eq 12 ]
if command -v gnuplot >/dev/null 2>&1; then
  check "gaexp plot draws them" "$GAEXP" plot "$out/end"
  check "all 12" [ "$(ls "$out"/end/p0*/fitness.png | wc -l)" -eq 12 ]
fi
# Unless output.plot is set, points this small leave their figures to
# 'gaexp plot' (above), and the sweep says so; false draws no figure at all.
check "and the sweep says so" sh -c '"$0" sweep "$1" --out "$2/small" --jobs 2 | grep -q "'"'"'gaexp plot $2/small'"'"' draws them"' \
  "$GAEXP" "$data/rates.cfg" "$out"
check "output.plot = false draws no figure" sweep "$data/rates.cfg" --out "$out/none" --jobs 2 --set output.plot=false
check "none at all" sh -c '[ -z "$(find "$0/none" -name "*.png")" ] && [ -s "$0/none/curves.gp" ]' "$out"
# SIGTERM during runs side by side: the runs under way end, no point is
# half written, and resume finishes the sweep as an uninterrupted one.
long="--set ga.stop.generations=800 --set ga.population=1000 --set ga.stop.fitness=-1 --set output.plot=false"
# shellcheck disable=SC2086  # $long is a list of options
sweep "$data/rates.cfg" --out "$out/whole" --jobs 2 $long
# shellcheck disable=SC2086
"$GAEXP" sweep "$data/rates.cfg" --out "$out/cut" --jobs 2 --parallel runs --quiet $long 2>"$out/cut.stderr" &
pid=$!
i=0 # the first point is written (p001 appears whole), then some time
while [ ! -d "$out/cut/p001" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
sleep 0.3
kill -TERM "$pid"
wait "$pid"
status=$?
check "an interrupted sweep of runs side by side exits with 130" [ "$status" -eq 130 ]
check "and says how far it went" grep -q "the sweep stopped with [0-9]* of 12 points done" "$out/cut.stderr"
check "resume finishes it" "$GAEXP" resume "$out/cut" --quiet --jobs 2
check "as the uninterrupted sweep" diff -r -x times.csv -x config.cfg -x sweep.args "$out/whole" "$out/cut"
# gaexp run --replicates R --jobs N: the replicates side by side, the same folder.
one() { "$GAEXP" run "$srcdir/configs/derful3.cfg" --replicates 6 --seed 4 --quiet --set output.plot=false "$@"; }
check "run --replicates 6 --jobs 1" one --out "$out/run1"
check "run --replicates 6 --jobs 2 (runs side by side)" one --out "$out/run2" --jobs 2 --parallel runs
check "writes the same folder" diff -r -x times.csv -x config.cfg "$out/run1" "$out/run2"
check "and says so" sh -c '"$0" run "$1" --replicates 4 --jobs 2 --out "$2/run3" --set output.plot=false | grep -q "4 replicates, 2 side by side"' \
  "$GAEXP" "$srcdir/configs/derful3.cfg" "$out"
# Every selection x every scheme on configs/derful5.cfg as shipped: each
# variant's settings in its own group, so no point trips over another's.
{ printf '@include "%s/configs/derful5.cfg"\n' "$(cd "$srcdir" && pwd)"
  echo 'sweep = ( { set = "ga.selection.name"; values = ["tournament", "roulette", "sus", "rank", "truncation", "random"]; },'
  echo '          { set = "ga.scheme.name"; values = ["generational", "steady", "plus", "comma", "random"]; } );'; } >"$out/variants.cfg"
check "every selection x every scheme on derful5.cfg as shipped" sweep "$out/variants.cfg" --out "$out/variants" --jobs 2 \
  --set ga.population=20 --set ga.stop.generations=2 --set output.plot=false
check "30 points" [ "$(tail -n +2 "$out/variants/index.csv" | wc -l)" -eq 30 ]
sed 's/"rank", "truncation"/"rank", "trunkation"/' "$out/variants.cfg" >"$out/variants-typo.cfg"
check "a misspelt selection in the sweep: said once, with a hint, exit 2" sh -c \
  '"$0" sweep "$1" --out "$2/never" --quiet 2>"$2/typo.stderr"; [ $? -eq 2 ] && [ "$(grep -c trunkation "$2/typo.stderr")" -eq 1 ] && grep -q "did you mean .truncation." "$2/typo.stderr"' \
  "$GAEXP" "$out/variants-typo.cfg" "$out"
# A sweep over packed storage (problem.packed): both points are the same
# run, PBO's LeadingOnes with flipped bits read as words or bit by bit, and
# export alike for IOHanalyzer (one algorithm: the problem's settings are
# not the algorithm's; runs 3 and 4, packed, repeat runs 1 and 2).
cat > "$out/packed.cfg" <<'EOT'
problem = { name = "pbo"; function = 2; dimension = 70; instance = 7; };
ga = { seed = 3; replicates = 2; population = 30; stop = { generations = 30; }; };
output = { plot = false; };
sweep = ( { set = "problem.packed"; values = [false, true]; } );
EOT
check "a sweep over problem.packed" "$GAEXP" sweep "$out/packed.cfg" --out "$out/packed" --quiet
check "its two points are the same run" cmp "$out/packed/p001/generations.csv" "$out/packed/p002/generations.csv"
check "and give the same best genome" cmp "$out/packed/p001/best.txt" "$out/packed/p002/best.txt"
check "it exports for IOHanalyzer" "$GAEXP" export --format iohprofiler "$out/packed" "$out/packed-ioh"
awk '/^evaluations/ { n++ } { print > (out "/packed-run" n) }' out="$out" "$out"/packed-ioh/p001/data_f2_*/*.dat
check "the packed runs' data as the unpacked ones'" sh -c \
  'cmp "$0/packed-run1" "$0/packed-run3" && cmp "$0/packed-run2" "$0/packed-run4" && [ ! -e "$0/packed-run5" ]' "$out"
test_summary "sweep"
