#!/bin/sh
# tests/tune.sh — 'gaexp tune': bad tune groups refused before irace starts, a missing
# irace told with the command that installs it (gaexp installs nothing), and a small
# real irace tuning end to end (skipped when R's irace is missing).
. "${srcdir:-.}/tests/lib.sh"
test_folder tune
cat > "$out/small.cfg" <<'CFG'
problem = { name = "derful"; n = 4; };
ga = { seed = 1; population = 60; replicates = 5; stop = { generations = 60; }; };
tune = {
  runs = 100;
  settings = (
    { set = "ga.mutation.rate"; range = [0.0, 1.0]; },
    { set = "ga.crossover.name"; values = ["lineswap", "common"]; }
  );
};
CFG
bad() { # expected message, then the tune group
  printf 'problem = { name = "derful"; n = 4; };\n%s\n' "$2" > "$out/bad.cfg"
  rm -rf "$out/bad"
  "$GAEXP" tune "$out/bad.cfg" --out "$out/bad" --quiet 2>"$out/bad.err"
  [ $? -eq 2 ] && grep -qF -- "$1" "$out/bad.err" && [ ! -e "$out/bad" ]
}
check "no tune group" bad "tune: missing: a group tune" ''
check "a range upside down" bad "bad.cfg:2: tune.settings[0].range: expected low < high" \
  'tune = { settings = ( { set = "ga.mutation.rate"; range = [0.9, 0.1]; } ); };'
check "a value the setting refuses" bad "ga.mutation.rate: expected a number in [0, 1], got 1.5" \
  'tune = { settings = ( { set = "ga.mutation.rate"; range = [0.1, 1.5]; } ); };'
check "an unknown operator" bad "unknown crossover 'lineswop'" \
  'tune = { settings = ( { set = "ga.crossover.name"; values = ["lineswap", "lineswop"]; } ); };'
check "an unknown key" bad "bad.cfg:2: tune.budget: unknown setting" \
  'tune = { budget = 5; settings = ( { set = "ga.mutation.rate"; range = [0.1, 0.5]; } ); };'

# irace absent (an Rscript that loads no irace first on the PATH): one
# message with the command that installs it, exit 2, no folder, and no
# package tool run (each leaves a mark).
mkdir -p "$out/bin"
for tool in apt-get apt sudo dpkg Rscript; do
  printf '#!/bin/sh\necho %s >>"%s/installers"\nexit 1\n' "$tool" "$PWD/$out" >"$out/bin/$tool"
  chmod +x "$out/bin/$tool"
done
PATH="$PWD/$out/bin:$PATH" "$GAEXP" tune "$out/small.cfg" --out "$out/absent" --quiet 2>"$out/absent.err"
check "irace absent: exit 2" [ $? -eq 2 ]
check "irace absent: one message with the command that installs it" sh -c \
  '[ "$(wc -l <"$0")" -eq 1 ] && grep -qF "irace (the R package) is not installed, and gaexp installs nothing: on Debian, as root, apt-get install r-cran-irace" "$0"' \
  "$out/absent.err"
check "irace absent: no folder made" [ ! -e "$out/absent" ]
check "irace absent: only Rscript was run, no package tool" [ "$(cat "$out/installers")" = Rscript ]

Rscript -e 'library(irace)' >/dev/null 2>&1 || skip_rest tune "R's irace is not installed (Debian r-cran-irace)"
check "a tuning of 100 runs" sh -c '"$0" tune "$1" --out "$2" --quiet' "$GAEXP" "$out/small.cfg" "$out/t"
check "irace's elites" [ -s "$out/t/elite-1.cfg" ]
check "tune.csv: a row per elite" [ "$(tail -n +2 "$out/t/tune.csv" | wc -l)" -eq "$(ls "$out"/t/elite-*.cfg | wc -l)" ]
check "mutation rates within the range" awk -F, 'NR > 1 && ($3 < 0 || $3 > 1) { exit 1 }' "$out/t/tune.csv"
check "crossovers among the choices" awk -F, 'NR > 1 && $4 != "lineswap" && $4 != "common" { exit 1 }' "$out/t/tune.csv"
check "within the budget" awk -F, 'NR > 1 && $7 > 100 { exit 1 }' "$out/t/tune.csv"
check "irace ran the target runner" [ "$(awk -F, 'NR == 2 { print $7 }' "$out/t/tune.csv")" -ge 50 ]
rate=$(awk -F, 'NR == 2 { print $3 }' "$out/t/tune.csv")
check "elite-1.cfg holds its mutation rate" grep -q "rate = $rate" "$out/t/elite-1.cfg"
check "elite-1.cfg keeps the file's replicates" grep -q "replicates = 5;" "$out/t/elite-1.cfg"
check "elite-1.cfg has no tune group" sh -c '! grep -q "^tune" "$0"' "$out/t/elite-1.cfg"
check "elite-1.cfg runs" "$GAEXP" run "$out/t/elite-1.cfg" --out "$out/elite" --quiet

# irace's choice, as its own log states it: the final elites in its
# ranking order (tune.csv's irace_id column, best first), and the best's
# mean cost as irace's last 'Best-so-far configuration' line gives it.
# derful-rates at 100 runs ranks configuration 6 above 4: an id order
# would name the worse one elite-1.
irace_order() { # DIR: irace's final ranking, and gaexp's
  sed -n '/^# Best configurations (first/,/^# Best configurations as/p' "$1/irace/irace.log" |
    awk '/^[0-9]+ / { printf "%s ", $1 }' >"$1/irace.order"
  tail -n +2 "$1/tune.csv" | awk -F, '{ printf "%s ", $2 }' >"$1/gaexp.order"
  [ -s "$1/irace.order" ] && cmp -s "$1/irace.order" "$1/gaexp.order"
}
irace_best_cost() { # DIR: elite-1's mean cost is irace's mean value of its best
  best=$(grep 'Best-so-far configuration:' "$1/irace/irace.log" | tail -1)
  id=$(echo "$best" | awk '{ print $3 }') value=$(echo "$best" | awk '{ print $6 }')
  awk -F, -v id="$id" -v v="$value" 'NR == 2 { d = $2 == id ? $(NF - 2) - v : 1; exit !(d * d <= 1e-12 * v * v) }' \
    "$1/tune.csv"
}
check "the small tuning: elites in irace's ranking" irace_order "$out/t"
check "the small tuning: elite-1's mean cost is irace's" irace_best_cost "$out/t"
check "derful-rates, 100 runs" sh -c '"$0" tune "$1" --runs 100 --out "$2" --quiet' "$GAEXP" \
  "${srcdir:-.}/experiments/derful-rates/tune.cfg" "$out/rates"
check "derful-rates: elites in irace's ranking" irace_order "$out/rates"
check "derful-rates: elite-1's mean cost is irace's" irace_best_cost "$out/rates"
test_summary "tune"
