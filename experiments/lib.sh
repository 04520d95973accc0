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
