#!/bin/sh
# tests/new_problem.sh — adding a problem is a folder, its local.mk and one
# line of problems/problems.mk (issue 42): in a copy of the tree, the
# LeadingOnes problem of tests/data/new_problem/leadingtwo/ becomes
# problems/leadingtwo/ with one 'include' line; nothing else is touched,
# the copy builds, the contract test checks the new problem with every other,
# and gaexp lists and solves it (the library and gaexp built again: under a
# minute on two cores).
. "${srcdir:-.}/tests/lib.sh"
test_folder new_problem
src=$(cd "${srcdir:-.}" && pwd)
# The copy lies outside the source tree (make distcheck builds inside it).
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
if [ -d "$src/.git" ] && command -v git >/dev/null; then
  git -C "$src" ls-files -z | (cd "$src" && xargs -0 cp --parents -t "$tree")
else # a tarball's tree, maybe with this build inside it: copied without it, then cleaned as it was unpacked
  here=$(pwd)
  case $here in "$src"/*) skip="./${here#"$src"/}" ;; *) skip=./tests/out ;; esac
  (cd "$src" && tar --exclude=./tests/out --exclude="$skip" -cf - .) | (cd "$tree" && tar -xf -)
  [ ! -f "$tree/Makefile" ] || (cd "$tree" && unset MAKEFLAGS MFLAGS MAKELEVEL && make -s distclean) >/dev/null 2>&1
fi
find "$tree" -type f | sed "s|^$tree/||" | sort >"$out/before"
cp -r "$src/tests/data/new_problem/leadingtwo" "$tree/problems/"
echo 'include problems/leadingtwo/local.mk' >>"$tree/problems/problems.mk"
find "$tree" -type f | sed "s|^$tree/||" | sort >"$out/after"
check "the new problem adds its folder's two files alone" \
  [ "$(comm -13 "$out/before" "$out/after" | tr '\n' ' ')" = "problems/leadingtwo/leadingtwo.c problems/leadingtwo/local.mk " ]
check "and one line of problems/problems.mk" \
  [ "$(diff "$src/problems/problems.mk" "$tree/problems/problems.mk" | grep -c '^[<>]')" = 1 ]
echo "building the copy (about a minute)"
(cd "$tree" && unset MAKEFLAGS MFLAGS MAKELEVEL && autoreconf -fi && ./configure -q &&
  make -j"$(nproc)" gaexp tests/test_registry) >"$out/build.log" 2>&1
check "the copy with the new problem builds" sh -c '[ -x "$0/gaexp" ] && [ -x "$0/tests/test_registry" ]' "$tree"
check "the contract test checks every problem, the new one too" sh -c 'cd "$0" && ./tests/test_registry' "$tree" >"$out/contract.log" 2>&1
check "gaexp list shows it" sh -c '"$0/gaexp" list | grep -q "^  leadingtwo "' "$tree"
printf 'problem = { name = "leadingtwo"; bits = 30; };\nga = { population = 40; seed = 1; stop = { generations = 300; }; };\n' >"$out/lt.cfg"
check "gaexp runs it to its optimum" sh -c '"$0/gaexp" run "$1/lt.cfg" --quiet --out "$1/run" && grep -q "^1,1,1,0," "$1/run/summary.csv"' "$tree" "$out"
test_summary new_problem
