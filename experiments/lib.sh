# experiments/lib.sh — sourced by the study scripts, from the top of the tree.

# study_gaexp: sets $gaexp to $GAEXP, else to this tree's gaexp, built
# first (installing what is missing).
study_gaexp() {
  if [ -n "${GAEXP:-}" ]; then
    gaexp=$GAEXP
  else
    . build-aux/bootstrap.sh
    gaexp=$(pwd)/gaexp
  fi
}

# study_fresh NAME DIR FORCE: stops (exit 2) when DIR holds files and FORCE
# is empty, so that a finished study is never overwritten by accident.
study_fresh() {
  if [ -e "$2" ] && [ -z "$3" ] && [ -n "$(ls -A "$2" 2>/dev/null)" ]; then
    echo "$1: $2 exists; use --force to replace it" >&2
    exit 2
  fi
}

# study_draw DIR NAME...: draws DIR/NAME.png from DIR/NAME.gp for each NAME
# with gnuplot ($GNUPLOT), or says the scripts were written and not drawn.
study_draw() {
  dir=$1; shift
  if ! command -v "${GNUPLOT:-gnuplot}" >/dev/null; then
    echo "gnuplot not found: the .gp scripts are in $dir, no plot drawn"
    return 0
  fi
  for name; do
    (cd "$dir" && "${GNUPLOT:-gnuplot}" "$name.gp") && echo "plot: $dir/$name.png" || return 1
  done
}

# study_keep FROM TO FILE...: copies each FILE of the folder FROM that exists
# (a study's table, its data, its figures) into TO, the study's folder in
# the tree, and says which.
study_keep() {
  from=$1 to=$2 kept=
  shift 2
  for f; do
    [ -e "$from/$f" ] || continue
    cp "$from/$f" "$to/"
    kept="$kept${kept:+, }$f"
  done
  echo "copied into $to: $kept"
}

# study_start NAME [--out DIR] ...: for a study's run.sh, sourced as
# "$(dirname "$0")/../lib.sh": sets $results and $keep to results/NAME and
# experiments/NAME, or both to DIR (made, absolute) when the arguments begin
# with --out DIR, and $taken to the arguments read (0 or 2); goes to the top of
# the tree, sets $gaexp (study_gaexp) and gives DIR the study's ecdf.gp.
study_start() {
  results=results/$1 keep=experiments/$1 taken=0
  if [ "${2:-}" = --out ]; then
    [ -n "${3:-}" ] || { echo "$1: --out needs a folder" >&2; exit 2; }
    mkdir -p "$3" && results=$(cd "$3" && pwd) keep=$results taken=2
  fi
  cd "$(dirname "$0")/../.."
  study_gaexp
  [ "$keep" = "experiments/$1" ] || cp "experiments/$1/ecdf.gp" "$keep/"
}

# study_sweep NAME ALGORITHM POINT [gaexp sweep OPTION]...: sweeps
# experiments/NAME/ALGORITHM.cfg into $results/POINT (replacing it) with nice,
# then exports it to IOHprofiler's format in $results/iohprofiler/POINT.
study_sweep() {
  name=$1 algorithm=$2 point=$3; shift 3
  echo "$name: $point"
  nice -n 10 "$gaexp" sweep "experiments/$name/$algorithm.cfg" --out "$results/$point" --force --quiet "$@"
  "$gaexp" export --format iohprofiler "$results/$point" "$results/iohprofiler/$point" --force
}

# study_suite NAME LETTER "ALGORITHMS" "SIZES" [gaexp sweep OPTION]...: for each
# algorithm and size S, study_sweep NAME ALGORITHM ALGORITHM-LETTER-S (e.g.
# ga-n16) with the --set options the caller's study_settings S prints, then
# the options.  Each size is its own sweep, so that settings may follow the
# size (a rate 1/n, a budget) while the export keeps one algorithm name:
# a swept setting would name one algorithm per value.
study_suite() {
  name=$1 letter=$2 algorithms=$3 sizes=$4; shift 4
  for alg in $algorithms; do
    for size in $sizes; do
      # shellcheck disable=SC2046 # the settings are words without blanks
      study_sweep "$name" "$alg" "$alg-$letter$size" $(study_settings "$size") "$@"
    done
  done
}
