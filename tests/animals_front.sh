#!/bin/sh
# tests/animals_front.sh — the animal-level front study in miniature: every
# front member confirmed by the exact solver, a tampered level refused; the
# run the same bytes at 1, 2 and 4 threads and after kill -9 and resume.
. "${srcdir:-.}/tests/lib.sh"
test_folder animals_front
top=$(cd "$srcdir" && pwd)
study=$top/experiments/animals-front/run.sh
small="--population 40 --generations 15 --seed 2"

# The study: exit 0 when every member is confirmed; 3 when best.txt lists
# fewer levels than the front has (a gaexp that writes the best individual
# alone there) and every level it lists is confirmed.
# shellcheck disable=SC2086 # $small is words
env GAEXP="$GAEXP" sh "$study" $small --out "$(pwd)/$out/study" >"$out/study.log" 2>&1
status=$?
members=$(tail -n +2 "$out/study/run/front.csv" | wc -l)
levels=$(ls "$out/study/levels/" | grep -c '\.txt$')
check "the study ends confirmed (status $status: 0, or 3 with fewer levels than members)" \
  [ "$status" -eq 0 -o \( "$status" -eq 3 -a "$levels" -lt "$members" \) ]
check "the run left a front" [ "$members" -ge 2 ]
check "best.txt lists at least one level" [ "$levels" -ge 1 ]
check "every level best.txt lists is confirmed" grep -q "^confirmed: $levels of $members front members" "$out/study/table.txt"
check "every listed level has one solution by the solver" \
  sh -c 'for f in "$0"/levels/*.solved; do grep -qE "^solutions \(N\): +1$" "$f" || exit 1; done' "$out/study"
check "each listed level's D is a member's D in front.csv" sh -c '
  tail -n +2 "$0/run/front.csv" | awk -F, "{ printf \"%.4f\\n\", -\$2 }" | sort >"$0/front-d"
  sed -n "s/^difficulty (D): *//p" "$0"/levels/*.solved | sort >"$0/solver-d"
  [ -s "$0/solver-d" ] && [ -z "$(comm -13 "$0/front-d" "$0/solver-d")" ]' "$out/study"
if [ "$levels" -eq "$members" ]; then
  check "the study confirms every member (exit 0)" [ "$status" -eq 0 ]
  check "one level per member, the same D's" cmp -s "$out/study/front-d" "$out/study/solver-d"
else
  echo "SKIP: best.txt lists $levels levels for $members front members: the whole front waits for a gaexp that lists it"
fi
check "level 50 is placed against the front" grep -q "^level 50 (D 45.6166, 6 conditions" "$out/study/table.txt"
if command -v gnuplot >/dev/null; then
  check "the figure is drawn" [ -s "$out/study/front.png" ]
fi

# A member whose level lost a condition is not confirmed: exit 1, its row NO.
mkdir -p "$out/tampered"
cp "$out/study/run/front.csv" "$out/study/run/config.cfg" "$out/tampered/"
awk '/^# level:/ { n++ } n == 1 && /^(height|in|notin|neighbour|higher|lower|same) / && !done { done = 1; next } { print }' \
  "$out/study/run/best.txt" >"$out/tampered/best.txt"
check "the tampered copy differs" sh -c '! cmp -s "$0" "$1"' "$out/study/run/best.txt" "$out/tampered/best.txt"
env GAEXP="$GAEXP" sh "$study" --from "$out/tampered" --out "$(pwd)/$out/retold" >"$out/retold.log" 2>&1
check "a tampered level fails the study (exit 1)" [ $? -eq 1 ]
check "its row says NO" grep -q " NO " "$out/retold/table.txt"
check "the study says why" grep -q "not every front member is confirmed by the exact solver" "$out/retold.log"
check "the study keeps a finished folder" sh -c 'env GAEXP="$0" sh "$1" --from "$2" --out "$3" >/dev/null 2>&1; [ $? -eq 2 ]' \
  "$GAEXP" "$study" "$out/tampered" "$(pwd)/$out/retold"
check "a bad answer is refused (exit 2)" sh -c 'env GAEXP="$0" sh "$1" --answer "panda lion" --out "$2" 2>"$2.err"; [ $? -eq 2 ] &&
  grep -q "problem.answer: expected nine animals, top row first, got 2" "$2.err"' "$GAEXP" "$study" "$(pwd)/$out/bad"

# The run itself: the same files at 1, 2 and 4 threads, and after kill -9 and resume.
cfg=$top/experiments/animals-front/front.cfg
small_run="--quiet --seed 3 --set ga.population=40 --set ga.stop.generations=25 --set output.checkpoint=0.0 --force"
same() { # the folders' files but times.csv and config.cfg (which names the folder)
  for f in generations.csv summary.csv best.txt front.csv; do
    cmp -s "$1/$f" "$2/$f" || return 1
  done
}
# shellcheck disable=SC2086 # $small_run is words
for jobs in 1 2 4; do
  check "run at $jobs threads" "$GAEXP" run "$cfg" $small_run --jobs "$jobs" --out "$out/t$jobs"
done
check "2 threads: the same files" same "$out/t1" "$out/t2"
check "4 threads: the same files" same "$out/t1" "$out/t4"
# Killed and resumed until it ends by itself: SIGKILL, injected by strace,
# at the third checkpoint each process writes (a state of the run, never a
# moment of the clock: the same kills on a busy machine as on an idle one).
command -v strace >/dev/null 2>&1 || skip_rest animals_front "strace is missing: the kills"
killed=$(pwd)/$out/killed
kill_at_third_checkpoint() {
  inject -f -o /dev/null -P "$killed/checkpoint.part" -e trace=rename -e inject=rename:signal=SIGKILL:when=3 "$GAEXP" "$@"
}
rm -rf "$killed"
# shellcheck disable=SC2086
kill_at_third_checkpoint run "$cfg" $small_run --out "$killed"
status=$? kills=0
while [ "$status" -eq 137 ] && [ "$kills" -lt 30 ]; do
  kills=$((kills + 1))
  kill_at_third_checkpoint resume "$killed" --quiet
  status=$?
done
check "the killed run ended by itself (status $status after $kills kills)" [ "$status" -eq 0 ]
check "it was killed at least once ($kills kills)" [ "$kills" -ge 1 ]
check "killed and resumed: the same files" same "$out/t1" "$out/killed"
test_summary animals_front
