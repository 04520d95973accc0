# build-aux/perturb-lib.sh — the harness of the build-aux/perturb-*.sh scripts,
# which show that a test fails when the code it checks is perturbed.
#
# A script sets 'src' (the source file to perturb) and defines
# perturb_build, which builds "$work/test" from the copy "$work/copy.c",
# then sources this file, calls 'perturb NAME SED-EXPRESSION' once per
# perturbation and ends with 'exit $failed_to_fail': 1 when a perturbed
# copy still passes.  Run from the top of a built tree.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed_to_fail=0

perturb() { # name, sed expression
  sed "$2" "$src" > "$work/copy.c"
  if cmp -s "$src" "$work/copy.c"; then
    echo "perturbation '$1' did not apply: update this script" >&2
    exit 2
  fi
  perturb_build
  if "$work/test" > "$work/log" 2>&1; then
    echo "STILL PASSES: $1"
    failed_to_fail=1
  else
    echo "fails as it must: $1 (failed: $(grep '^\[  FAILED  \] test_' "$work/log" | sed 's/.*\] //' | sort -u | tr '\n' ' '))"
  fi
}
