#!/bin/sh
# experiments/animals-front/run.sh — the Pareto front of animal levels (difficulty up, conditions down, one solution), every member confirmed by the exact solver.
#
# Usage: sh experiments/animals-front/run.sh [--seed K] [--population N] [--generations G]
#                                            [--answer "NINE ANIMALS"] [--out DIR] [--force]
#        sh experiments/animals-front/run.sh --from RUN [--out DIR] [--force]
# Runs NSGA-II on the problem animals_level (experiments/animals-front/front.cfg:
# level 50's answer, population 200, 300 generations, seed 1 unless told),
# then takes every level of the final front from the run's best.txt (each
# member's print: a puzzle file), solves each with the exact solver
# ('gaexp solve animals --count') and confirms it: one solution, the D and
# the number of conditions front.csv gives it.  --from RUN confirms the
# run folder RUN instead of running.  Writes into DIR (default
# results/animals-front): run/ (the gaexp run), levels/NNN.txt (one puzzle
# file per member), levels.dat, table.txt (the front, each member's D from
# front.csv and from the solver, N, its conditions, confirmed or not), and
# front.dat, front.gp, front.png (D against conditions; level 50 marked when
# the answer is its own).  With the default DIR, table.txt and front.png are
# copied into experiments/animals-front/.  Exit status 0 when every member
# is confirmed; 3 when each level best.txt lists is confirmed but it lists
# fewer than the front has; 1 otherwise (a level not confirmed, no front);
# 2 for bad usage.  Some 10 s on this 2-core machine with the defaults.  An
# existing DIR is kept unless --force.  $GAEXP names the gaexp to use
# (default: build this tree).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
level50_answer="panda lion monkey / tiger hippo lion / panda elephant hippo"

seed=1 population=200 generations=300 answer=$level50_answer from=
out=results/animals-front default_out=1 force=
while [ $# -gt 0 ]; do
  case $1 in
    --seed|--population|--generations|--answer|--out|--from)
      [ $# -ge 2 ] || { echo "animals-front: $1 needs a value (see --help)" >&2; exit 2; } ;;
  esac
  case $1 in
    --seed) seed=$2; shift 2 ;;
    --population) population=$2; shift 2 ;;
    --generations) generations=$2; shift 2 ;;
    --answer) answer=$2; shift 2 ;;
    --out) out=$2; default_out=; shift 2 ;;
    --from) from=$2; shift 2 ;;
    --force) force=1; shift ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "animals-front: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case $answer in *\"*|*\\*) echo "animals-front: --answer: nine animal names, without quotes" >&2; exit 2 ;; esac
if [ -n "$from" ]; then
  [ -f "$from/front.csv" ] && [ -f "$from/best.txt" ] ||
    { echo "animals-front: --from $from: no front.csv and best.txt there" >&2; exit 2; }
  from=$(cd "$from" && pwd)
fi

cd "$top"
. experiments/lib.sh
study_gaexp
study_fresh "animals-front" "$out" "$force"
rm -rf "$out" && mkdir -p "$out/levels"

# ---- the run (gaexp checks the numbers and the answer: exit 2 with its message)
run=$out/run
if [ -n "$from" ]; then
  run=$from
else
  "$gaexp" run experiments/animals-front/front.cfg --out "$run" --force --quiet --seed "$seed" \
    --set "ga.population=$population" --set "ga.stop.generations=$generations" \
    --set "problem.answer=\"$answer\""
fi
answer=$(sed -n 's/^ *answer = "\(.*\)";$/\1/p' "$run/config.cfg")

# ---- every member's level: best.txt holds each member's print, which
# begins with a comment "# level: ..." (other comment lines are the run's);
# the puzzle-file lines after it make the member's file.
awk -v dir="$out/levels" '
  /^# level:/ { n++; file = sprintf("%s/%03d.txt", dir, n) }
  n && (/^#/ || /^(name|pieces):/ || /^(height|in|notin|neighbour|higher|lower|same) /) { print > file }
' "$run/best.txt"

# levels.dat: file, N, D and conditions by the exact solver.
: > "$out/levels.dat"
for level in "$out"/levels/*.txt; do
  [ -e "$level" ] || break
  "$gaexp" solve animals "$level" --count > "$level.solved"
  awk -v file="$(basename "$level")" -v conds="$(grep -cE '^(height|in|notin|neighbour|higher|lower|same) ' "$level")" '
    /^solutions \(N\):/ { n = $NF }
    /^difficulty \(D\):/ { d = $NF }
    END { print file, n, (d == "" ? "-" : d), conds }' "$level.solved" >> "$out/levels.dat"
done

# ---- each front.csv row (replicate, -D, conditions, violation) matched to a
# level of one solution with its D (to the solver's 4 decimals) and its
# conditions; with several replicates, the rows of the one whose front
# best.txt lists ("# the final front of replicate R of ...").
replicate=$(sed -n '1s/^# the final front of replicate \([0-9]*\) of .*/\1/p' "$run/best.txt")
awk -v answer="$answer" -v run="$run" -v replicate="$replicate" '
  FNR == 1 { file++ }
  file == 1 { lf[FNR] = $1; ln[FNR] = $2; ld[FNR] = $3; lc[FNR] = $4; levels = FNR; next }
  file == 2 && FNR > 1 && (replicate == "" || $0 ~ "^" replicate ",") {
    split($0, f, ","); members++
    d = sprintf("%.4f", -f[2]); c = f[3] + 0; hit = "-"
    for (i = 1; i <= levels; i++)
      if (!(i in used) && ln[i] == 1 && ld[i] == d && lc[i] == c) { hit = i; used[i] = 1; break }
    row[members] = sprintf("%6d %12s %12s %3s %10d  %-9s %s", members, d, hit == "-" ? "-" : ld[hit],
                           hit == "-" ? "-" : ln[hit], c, hit == "-" ? "NO" : "yes", hit == "-" ? "-" : "levels/" lf[hit])
    confirmed += hit != "-"
  }
  END {
    printf "The animal-level front: answer \"%s\" (%s%s)\n", answer, run, replicate == "" ? "" : ", replicate " replicate
    printf "%6s %12s %12s %3s %10s  %-9s %s\n", "member", "D front.csv", "D solver", "N", "conditions", "confirmed", "level"
    for (i = 1; i <= members; i++) print row[i]
    unique = 0
    for (i = 1; i <= levels; i++) unique += ln[i] == 1
    printf "confirmed: %d of %d front members (one solution, the same D and conditions); %d levels in best.txt, %d with one solution\n",
           confirmed, members, levels, unique
    if (levels < members)
      printf "best.txt lists %d levels for %d front members (a gaexp that writes the best individual alone there): the others cannot be confirmed\n",
             levels, members
  }' "$out/levels.dat" "$run/front.csv" > "$out/table.txt"

# front.dat: each member's conditions, D and whether it is confirmed (1 or 0), fewest conditions first.
awk 'NR > 2 && NF == 7 { print $5, $2, $6 == "yes" }' "$out/table.txt" | sort -n -k1,1 -k2,2 > "$out/front.dat"
level50=
if [ "$answer" = "$level50_answer" ]; then
  level50=$("$gaexp" solve animals configs/animals/level50.txt --count | awk '/^difficulty \(D\):/ { print $NF }')
  awk -v d="$level50" '$1 <= 6 && $2 >= d { better++ } $1 == 6 && $2 == d { on++ }
    END { printf "level 50 (D %s, 6 conditions, the published level of this answer): %s\n", d,
          on ? "on the front" : better ? "dominated by a front member" : "not dominated by the front" }' \
    "$out/front.dat" >> "$out/table.txt"
fi

cat > "$out/front.gp" <<EOF
# front.gp — the animal-level front: D against the number of conditions, each member confirmed by the exact solver.
set terminal pngcairo size 800,520
set output "front.png"
set title "Animal levels with one solution: the front (NSGA-II, seed $(sed -n 's/^ *seed = \([0-9]*\)L*;$/\1/p' "$run/config.cfg" | head -n 1))"
set xlabel "conditions (fewer is better)"
set ylabel "difficulty D (higher is better)"
set grid
set key top left reverse Left
set xtics 1
set offsets 0.5, 0.5, 5, 5
plot "front.dat" using 1:2 with steps lc rgb "#4477aa" notitle, \\
     "" using 1:(\$3 > 0 ? \$2 : 1/0) with points pt 7 ps 1.4 lc rgb "#4477aa" title "member confirmed (exact solver: 1 solution, its D)", \\
     "" using 1:(\$3 > 0 ? 1/0 : \$2) with points pt 6 ps 1.4 lw 2 lc rgb "#4477aa" title "member not confirmed"$(
  [ -n "$level50" ] && printf ', \\\n     "+" using (6):(%s) every ::0::0 with points pt 3 ps 2.2 lw 2 lc rgb "#cc3311" title "published level 50 (D %s)"' "$level50" "$level50")
EOF
study_draw "$out" front
cat "$out/table.txt"
[ -z "$default_out" ] || study_keep "$out" "$here" table.txt front.png
# Exit 0 when every member is confirmed; 3 when every level best.txt
# lists is, but it lists fewer than the front has; 1 otherwise.
set -- $(sed -n 's/^confirmed: \([0-9]*\) of \([0-9]*\) front members.*; \([0-9]*\) levels in best.txt.*/\1 \2 \3/p' "$out/table.txt")
if [ "$2" -ge 1 ] && [ "$1" -eq "$2" ]; then
  exit 0
elif [ "$1" -eq "$3" ] && [ "$3" -ge 1 ]; then
  echo "animals-front: every level best.txt lists is confirmed, but it lists $3 for $2 front members" >&2
  exit 3
fi
echo "animals-front: not every front member is confirmed by the exact solver (see $out/table.txt)" >&2
exit 1
