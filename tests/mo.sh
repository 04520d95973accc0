#!/bin/sh
# tests/mo.sh — several objectives: NSGA-II and NSGA-III reach the
# hypervolume share doc/mo.md states on every shipped function (10 seeds
# each, the budget of its table); front.csv holds feasible, mutually non-dominated points;
# runs are byte-identical at 1, 2 and 4 threads (islands, constraints);
# bad declarations are refused at their line with exit 2.
. "${srcdir:-.}/tests/lib.sh"
test_folder mo

# The table of doc/mo.md: function, m, N x generations, then every seed >=
# and median >= for NSGA-II and for NSGA-III; a line for each algorithm.
table=$(sed -n 's/^| \([a-z0-9]*\) | \([23]\) | \([0-9]*\) × \([0-9]*\) | \([0-9.]*\) | \([0-9.]*\) | \([0-9.]*\) | \([0-9.]*\) |$/nsga2 \1 \2 \3 \4 \5 \6\nnsga3 \1 \2 \3 \4 \7 \8/p' \
  "$srcdir/doc/mo.md")
rows=$(printf '%s\n' "$table" | grep -c .)
check "doc/mo.md's table lists the 20 shipped function and objective pairs for both algorithms ($rows)" [ "$rows" -eq 40 ]

# shares FOLDER GENERATIONS: each replicate's final hv_share, one a line, sorted.
shares() {
  awk -F, -v g="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "hv_share") c = i } NR > 1 && $2 == g { print $c }' \
    "$1/generations.csv" | sort -g
}
low= 
printf '%s\n' "$table" > "$out/table"
while read -r scheme fn m n g every median; do
  dir=$out/$scheme-$fn-$m
  printf 'problem = { name = "mo"; function = "%s"; objectives = %s; };\nga = { seed = 1; population = %s; replicates = 10; scheme = { name = "%s"; }; stop = { generations = %s; }; };\noutput = { plot = false; };\n' \
    "$fn" "$m" "$n" "$scheme" "$g" > "$dir.cfg"
  if ! "$GAEXP" run "$dir.cfg" --out "$dir" --quiet; then
    low="$low $scheme/$fn/$m(failed)"
    continue
  fi
  got=$(shares "$dir" "$g" | awk -v every="$every" -v median="$median" \
    '{ v[NR] = $1 } END { m = v[int((NR + 1) / 2)]; printf "%s %.4f %.4f", (NR == 10 && v[1] >= every && m >= median) ? "ok" : "low", v[1], m }')
  echo "# $scheme, $fn, m = $m, $n x $g: least $(echo "$got" | cut -d' ' -f2) (>= $every), median $(echo "$got" | cut -d' ' -f3) (>= $median)"
  [ "${got%% *}" = ok ] || low="$low $scheme/$fn/$m($got)"
done < "$out/table"
check "NSGA-II and NSGA-III reach doc/mo.md's hypervolume shares on every function, 10 seeds each (below:${low:- none})" [ -z "$low" ]

# front.csv: each replicate's rows feasible and mutually non-dominated, and
# as many replicates as were run.
front_sound() {
  awk -F, 'NR > 1 { r[NR] = $1; a[NR] = $2; b[NR] = $3; v[NR] = $NF; n = NR }
    END { for (i = 2; i <= n; i++) { if (v[i] != 0) exit 1
            for (j = 2; j <= n; j++) if (i != j && r[i] == r[j] && a[j] <= a[i] && b[j] <= b[i] && (a[j] < a[i] || b[j] < b[i])) exit 1 }
          exit (r[n] == 10) ? 0 : 1 }' "$1/front.csv"
}
check "ZDT1's front.csv: feasible, non-dominated points of 10 replicates" front_sound "$out/nsga2-zdt1-2"
check "BNH's front.csv (constrained): feasible, non-dominated points of 10 replicates" front_sound "$out/nsga2-bnh-2"
check "front.csv names its columns" sh -c '[ "$(head -1 "$0/front.csv")" = "replicate,f1,f2,violation" ]' "$out/nsga2-zdt1-2"

# Threads: a constrained problem on islands, three objectives, and
# NSGA-III (its niching's draws) on a constrained one.
same() { for f in generations.csv summary.csv front.csv best.txt; do cmp "$1/$f" "$2/$f" || return 1; done; }
for case in "bnh 2 nsga2" "dtlz2 3 nsga2" "c1dtlz1 3 nsga3"; do
  set -- $case
  cfg=$out/threads-$1.cfg
  printf 'problem = { name = "mo"; function = "%s"; objectives = %s; };\nga = { seed = 4; population = 60; replicates = 2; scheme = { name = "%s"; }; islands = { count = 3; migration = { interval = 4; size = 2; }; }; stop = { generations = 40; }; };\noutput = { plot = false; };\n' \
    "$1" "$2" "$3" > "$cfg"
  for jobs in 1 2 4; do
    check "$1, m = $2, 3 islands, $jobs threads" "$GAEXP" run "$cfg" --jobs "$jobs" --out "$out/$1-j$jobs" --quiet
  done
  check "$1, m = $2: 2 threads as 1" same "$out/$1-j1" "$out/$1-j2"
  check "$1, m = $2: 4 threads as 1" same "$out/$1-j1" "$out/$1-j4"
done

# Constraints in the single-objective schemes (CEC 2006's g24, optimum
# known): Deb's rules by default and the epsilon level, each scheme, 10
# seeds: every final best feasible and within 0.02 of the optimum (the
# worst measured: 0.0100).
far=
for handling in deb epsilon; do
  for scheme in generational steady plus; do
    dir=$out/g24-$handling-$scheme
    printf 'problem = { name = "constrained"; function = "g24"; };
ga = { seed = 1; population = 100; replicates = 10; scheme = { name = "%s"; }; constraints = { name = "%s"; }; stop = { generations = 200; }; };
output = { plot = false; };
'       "$scheme" "$handling" > "$dir.cfg"
    "$GAEXP" run "$dir.cfg" --out "$dir" --quiet || { far="$far $handling/$scheme(failed)"; continue; }
    worst=$(awk -F, 'NR > 1 { if ($4 > w) w = $4 } END { print w + 0 }' "$dir/summary.csv")
    echo "# g24, $handling, $scheme: the worst final gap of 10 seeds $worst"
    awk -v w="$worst" 'BEGIN { exit !(w <= 0.02) }' || far="$far $handling/$scheme($worst)"
  done
done
check "g24: Deb's rules and the epsilon level, generational, steady and plus, 10 seeds each within 0.02 of the optimum, feasible (beyond:${far:- none})" [ -z "$far" ]
cfg=$out/g06.cfg
printf 'problem = { name = "constrained"; function = "g06"; };
ga = { seed = 2; population = 60; replicates = 2; scheme = { name = "steady"; }; constraints = { name = "epsilon"; }; islands = { count = 2; migration = { interval = 5; size = 2; }; }; stop = { generations = 60; }; };
output = { plot = false; };
' > "$cfg"
for jobs in 1 4; do
  check "g06, the epsilon level, steady, 2 islands, $jobs threads" "$GAEXP" run "$cfg" --jobs "$jobs" --out "$out/g06-j$jobs" --quiet
done
check "g06, the epsilon level: 4 threads as 1" sh -c 'cmp "$0/generations.csv" "$1/generations.csv" && cmp "$0/summary.csv" "$1/summary.csv"' "$out/g06-j1" "$out/g06-j4"

# Refusals: at the setting's line, exit 2, no folder.
refused() { # FILE-TEXT EXPECTED
  printf '%s\n' "$1" > "$out/bad.cfg"
  "$GAEXP" run "$out/bad.cfg" --out "$out/bad" > "$out/bad.txt" 2>&1
  status=$?
  [ "$status" -eq 2 ] && grep -q -F -- "$2" "$out/bad.txt" && [ ! -e "$out/bad" ]
}
check "a reference point inside the front is refused at its line" refused \
  'problem = { name = "mo"; };
ga = { mo = { reference = [1.1, 0.5]; }; };' 'bad.cfg:2: ga.mo.reference: the reference point must be worse than the true front'"'"'s nadir in every objective: objective 2 is 0.5'
check "several objectives with the generational scheme are refused" refused \
  'problem = { name = "mo"; function = "dtlz2"; objectives = 3; };
ga = { scheme = { name = "generational"; }; };' "'mo' has 3 objectives: it needs scheme \"nsga2\""
check "three objectives of a two-objective function are refused" refused \
  'problem = { name = "mo"; function = "zdt1"; objectives = 3; };' 'problem.objectives'
check "a penalty with NSGA-II is refused" refused \
  'problem = { name = "mo"; function = "bnh"; };
ga = { constraints = { name = "penalty"; }; };' 'not "penalty"'
check "a local search with objectives is refused" refused \
  'problem = { name = "mo"; };
ga = { local = { name = "2opt"; }; };' 'local'
test_summary
