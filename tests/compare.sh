#!/bin/sh
# tests/compare.sh — 'gaexp compare': the ranks, Friedman's statistic and p-value and the
# Holm-corrected pairwise p-values against R (friedman.test, p.adjust) on hand-made sweeps
# with ties, a configuration dropped, sweeps listing their settings in another order, a
# sweep where nothing solves; and every bad input refused (exit 2, nothing written).
# Without Rscript the R checks are skipped (exit 77 after the others).
. "${srcdir:-.}/tests/lib.sh"
test_folder compare
header=replicate,seed,solved,best,generation_found,evaluations,stop


# block DIR ORDER V1 V2 V3 V4: a sweep of the four configurations (selection x
# scheme) tournament/rank x steady/plus, their values in that order: ERT V
# (two solved runs, V - 10 and V + 10 evaluations; a value 'uV': never
# solved, mean final best V).  ORDER 'swapped' lists the settings the other
# way round.
block() {
  dir=$1 order=$2; shift 2; mkdir -p "$dir"
  if [ "$order" = swapped ]; then echo "point,dir,ga.scheme.name,ga.selection.name"; else
    echo "point,dir,ga.selection.name,ga.scheme.name"; fi > "$dir/index.csv"
  n=0
  for config in tournament,steady tournament,plus rank,steady rank,plus; do
    n=$((n + 1)); p=$(printf 'p%03d' $n); value=$1; shift
    if [ "$order" = swapped ]; then echo "$n,$p,${config#*,},${config%,*}"; else echo "$n,$p,$config"; fi >> "$dir/index.csv"
    case $value in
      u*) summary_csv "$dir/$p" "0,1000,${value#u}" "0,1000,${value#u}" ;;
      *) summary_csv "$dir/$p" "1,$((value - 10)),0" "1,$((value + 10)),0" ;;
    esac
  done
}

# Six blocks of four, ties in three (one a triple), block 5 listing its
# settings swapped, block 6 solving nothing (ranked by final best).
block "$out/b1" plain 100 200 300 400
block "$out/b2" plain 200 100 300 400
block "$out/b3" plain 100 300 200 400
block "$out/b4" plain 200 200 100 300
block "$out/b5" swapped 300 100 200 200
block "$out/b6" plain u1.5 u1.5 u1.5 u4
# b1 with a fifth configuration, in no other folder
cp -r "$out/b1" "$out/b1x"
echo "5,p005,random,steady" >> "$out/b1x/index.csv"
summary_csv "$out/b1x/p005" "1,40,0"
blocks="$out/b1x $out/b2 $out/b3 $out/b4 $out/b5 $out/b6"

"$GAEXP" compare --out "$out/cmp" $blocks > "$out/cmp.txt" 2> "$out/cmp.err"
check "compare runs on six sweeps" [ $? -eq 0 ]
check "it says nothing on stderr" [ ! -s "$out/cmp.err" ]
check "the configuration in one folder is named as dropped" \
  grep -q "ga.selection.name = random, ga.scheme.name = steady (not in $out/b2 $out/b3 $out/b4 $out/b5 $out/b6)" "$out/cmp.txt"
check "four configurations compared" grep -q '^4 configurations (ga.selection.name, ga.scheme.name) ranked in 6 folders' "$out/cmp.txt"
check "the files are written" sh -c 'for f in ranking.csv pairwise.csv blocks.csv friedman.csv cd.gp style.gp; do [ -s "$0/$f" ] || exit 1; done' "$out/cmp"
check "ranking.csv has a row per configuration" [ "$(wc -l < "$out/cmp/ranking.csv")" -eq 5 ]
check "pairwise.csv has a row per pair" [ "$(wc -l < "$out/cmp/pairwise.csv")" -eq 7 ]
check "tournament+plus ranks first (average rank 23/12)" grep -q '^1,tournament,plus,1.9166666666666667,' "$out/cmp/ranking.csv"
check "a block's value is the ERT: the mean of its runs, all solved" \
  grep -q '^1,tournament,plus,[^,]*,[^,]*,[^,]*,2,200,200,195,205,1.000000,0,' "$out/cmp/ranking.csv"
check "the sweep that solves nothing is ranked by final best" grep -q '^6,.*/b6,final_best_mean,final_best,4,4$' "$out/cmp/blocks.csv"
if command -v "${GNUPLOT:-gnuplot}" >/dev/null 2>&1; then
  check "the critical-difference diagram is drawn" [ -s "$out/cmp/cd.png" ]
fi

# ---- bad inputs: one message, exit status 2, no output folder
refused() { # refused WHAT PATTERN ARGS...: exit 2, the message, nothing written
  what=$1 pattern=$2; shift 2
  rm -rf "$out/bad"
  "$GAEXP" compare --out "$out/bad" "$@" > "$out/bad.txt" 2> "$out/bad.err"
  status=$?
  check "$what: exit status 2 (got $status)" [ $status -eq 2 ]
  check "$what: one message" sh -c '[ "$(wc -l < "$0")" -eq 1 ] && grep -q "$1" "$0"' "$out/bad.err" "$pattern"
  check "$what: nothing written" [ ! -e "$out/bad" ]
}
refused "one folder" "expected at least two sweep folders, got 1" "$out/b1"
refused "no folder" "expected at least two sweep folders, got 0"
refused "a run folder" "b1/p001 is not a sweep folder of gaexp (no index.csv" "$out/b1" "$out/b1/p001"
mkdir -p "$out/empty"
refused "an empty folder" "empty is not a sweep folder of gaexp" "$out/b1" "$out/empty"
refused "a missing folder" "missing is not a sweep folder of gaexp" "$out/b1" "$out/missing"
refused "a folder named twice" "are the same folder" "$out/b1" "$out/b2" "$out/b1/"
mkdir -p "$out/other"
printf 'point,dir,ga.selection.name,ga.scheme.name\n1,p001,sus,comma\n2,p002,roulette,comma\n' > "$out/other/index.csv"
summary_csv "$out/other/p001" "1,10,0"
summary_csv "$out/other/p002" "1,20,0"
refused "disjoint configurations" "no configuration is in every folder" "$out/b1" "$out/other"
printf '3,p003,tournament,steady\n' >> "$out/other/index.csv"
summary_csv "$out/other/p003" "1,30,0"
refused "one configuration in common" "only 1 configuration is in every folder" "$out/b1" "$out/other"
mkdir -p "$out/axes/p001"
printf 'point,dir,ga.selection.name\n1,p001,tournament\n' > "$out/axes/index.csv"
summary_csv "$out/axes/p001" "1,10,0"
refused "other swept settings" "sweeps ga.selection.name: no configuration is in both" "$out/b1" "$out/axes"
block "$out/tied1" plain 100 100 100 100
block "$out/tied2" plain u1 u1 u1 u1
refused "every block one tie" "ranks all 4 configurations equal" "$out/tied1" "$out/tied2"
refused "an unknown option" "unexpected '--bogus'" --bogus "$out/b1" "$out/b2"
mkdir -p "$out/badrow/p001"
printf 'point,dir,ga.selection.name,ga.scheme.name\n1,p001,tournament,steady\n' > "$out/badrow/index.csv"
printf '%s\n1,1,1,-3,9,10,target\n' "$header" > "$out/badrow/p001/summary.csv"
refused "a bad summary.csv" "best: expected a finite number >= 0" "$out/b1" "$out/badrow"
# an earlier comparison: refused without --force, replaced with it
"$GAEXP" compare --out "$out/cmp" "$out/b1" "$out/b2" > /dev/null 2> "$out/again.err"
check "an earlier comparison is refused without --force (exit 2)" [ $? -eq 2 ]
check "and kept as it was" grep -q '^6,' "$out/cmp/blocks.csv"
"$GAEXP" compare --force --out "$out/cmp" "$out/b1" "$out/b2" > /dev/null
check "--force replaces it" [ $? -eq 0 ]
check "whole" sh -c '[ "$(wc -l < "$0")" -eq 3 ] && [ ! -e "$1/.compare.new" ]' "$out/cmp/blocks.csv" "$out/cmp"
check "'gaexp help compare' is the usage" sh -c '"$GAEXP" help compare | head -1 | grep -q "^Usage: gaexp compare"'
check "'gaexp compare --help' too" sh -c '"$GAEXP" compare --help | grep -q "Holm"'

# ---- against R: the same six blocks' values, as R's friedman.test and p.adjust see them
if ! command -v Rscript >/dev/null 2>&1; then
  skip_rest compare "Rscript is missing: the checks against R"
fi
"$GAEXP" compare --force --out "$out/cmp" $blocks > /dev/null
cat > "$out/check.R" <<'EOF'
# the blocks as rows, the configurations as columns, in ranking.csv's order of the
# configurations (read below); Inf for a sweep that solved nothing, ranked by final best
args <- commandArgs(TRUE)
m <- rbind(c(100, 200, 300, 400), c(200, 100, 300, 400), c(100, 300, 200, 400),
           c(200, 200, 100, 300), c(300, 100, 200, 200), c(1.5, 1.5, 1.5, 4))
colnames(m) <- c("tournament.steady", "tournament.plus", "rank.steady", "rank.plus")
f <- friedman.test(m)
mine <- read.csv(file.path(args[1], "friedman.csv"))
rank <- read.csv(file.path(args[1], "ranking.csv"))
pairs <- read.csv(file.path(args[1], "pairwise.csv"))
tol <- 1e-9
close <- function(a, b) all(abs(a - b) <= tol * pmax(1, abs(b)))
k <- ncol(m); n <- nrow(m)
R <- colMeans(t(apply(m, 1, rank)))
name <- paste(rank$ga.selection.name, rank$ga.scheme.name, sep = ".")
# the pairs in pairwise.csv's order, from R's own average ranks
a <- sapply(strsplit(as.character(pairs$a), ", "), paste, collapse = ".")
b <- sapply(strsplit(as.character(pairs$b), ", "), paste, collapse = ".")
p <- 2 * pnorm(-abs(R[a] - R[b]) / sqrt(k * (k + 1) / (6 * n)))
ok <- c(statistic = close(mine$statistic, unname(f$statistic)),
        p_value = close(mine$p_value, f$p.value),
        df = mine$df == unname(f$parameter),
        mean_rank = close(rank$mean_rank, unname(R[name])),
        block_ranks = close(unname(as.matrix(rank[, paste0("rank_", 1:n)])), unname(apply(m, 1, rank)[name, ])),
        p_pairs = close(pairs$p_value, unname(p)),
        p_holm = close(pairs$p_holm, p.adjust(unname(p), "holm")),
        p_holm_vs_first = close(rank$p_holm_vs_first[-1], p.adjust(unname(p), "holm")[1:(k - 1)]),
        cd = close(mine$cd, qtukey(0.95, k, Inf) / sqrt(2) * sqrt(k * (k + 1) / (6 * n))))
cat(sprintf("R: Friedman chi-squared %.17g, p %.17g; gaexp %.17g, %.17g\n", f$statistic, f$p.value,
            mine$statistic, mine$p_value))
for (name in names(ok)) cat(name, if (ok[[name]]) "agrees" else "DIFFERS", "\n")
EOF
Rscript "$out/check.R" "$out/cmp" > "$out/check.txt" 2>&1
check "the R script runs" [ $? -eq 0 ]
cat "$out/check.txt" | sed -n 1p
for what in statistic p_value df mean_rank block_ranks p_pairs p_holm p_holm_vs_first; do
  check "$what agrees with R within 1e-9" grep -q "^$what agrees" "$out/check.txt"
done
# R's qtukey stops its search early (about 1e-7 here): the CD is checked to 1e-6
sed -i 's/^tol <- 1e-9/tol <- 1e-6/' "$out/check.R"
Rscript "$out/check.R" "$out/cmp" > "$out/check.txt" 2>&1
check "the critical difference agrees with R's qtukey within 1e-6" grep -q "^cd agrees" "$out/check.txt"

test_summary compare
