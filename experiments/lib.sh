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
