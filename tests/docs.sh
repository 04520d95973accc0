#!/bin/sh
# tests/docs.sh — the documentation holds together: the README stays an
# entry page (short, no hand-edited test counts or timings, which go stale),
# every relative link in README.md and doc/*.md leads to a file, doc/README.md
# indexes every page, gaexp(1) has an entry for every command 'gaexp help'
# lists, and groff renders it without a warning.
. "${srcdir:-.}/tests/lib.sh"
test_folder docs
src=${srcdir:-.}

# ---- the README is an entry page, not the manual
lines=$(wc -l < "$src/README.md")
check "README.md has at most 260 lines (it has $lines)" [ "$lines" -le 260 ]
counts=$(grep -n -E '[0-9][0-9,]* passed|[0-9][0-9.]* minutes' "$src/README.md")
[ -z "$counts" ] || echo "$counts"
check "README.md holds no hand-edited test count ('N passed') or timing ('N minutes')" [ -z "$counts" ]

# ---- every relative link resolves (an #anchor is not checked, a URL is not followed)
unchecked=0
for page in "$src/README.md" "$src"/doc/*.md; do
  dir=$(dirname "$page")
  broken=
  # ](target) and ](target "title"); code spans and blocks hold no such pattern here.
  for target in $(grep -o '](\([^)# ]*\)[^)]*)' "$page" | sed 's/^](\([^)# ]*\).*/\1/'); do
    case $target in
      '' | http://* | https://* | mailto:*) continue ;;
    esac
    # The release tarball leaves bench/ out (its figures stay in the repository).
    case $dir/$target in
      */bench/*) [ -d "$src/bench" ] || { unchecked=$((unchecked + 1)); continue; } ;;
    esac
    [ -e "$dir/$target" ] || broken="$broken $target"
  done
  [ -z "$broken" ] || echo "${page#"$src"/}: broken links:$broken"
  check "every relative link of ${page#"$src"/} resolves" [ -z "$broken" ]
done

[ "$unchecked" -eq 0 ] || echo "# $unchecked links into bench/ not checked (no bench/ here: a release tarball)"

# ---- doc/README.md indexes every page of doc/
unlisted=
for page in "$src"/doc/*.md; do
  name=$(basename "$page")
  [ "$name" = README.md ] && continue
  grep -q "($name)\|\`$name\`" "$src/doc/README.md" || unlisted="$unlisted $name"
done
[ -z "$unlisted" ] || echo "doc/README.md does not name:$unlisted"
check "doc/README.md names every doc/*.md page" [ -z "$unlisted" ]

# ---- gaexp(1) documents every command 'gaexp help' lists
commands=$("$GAEXP" help | sed -n '/^Commands:$/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')
check "'gaexp help' lists commands" [ -n "$commands" ]
for c in $commands; do
  check "gaexp.1 has an entry for '$c'" grep -q -E "^\.SS $c$|^\.B $c( |$)" "$src/doc/gaexp.1"
done

# ---- gaexp(1) renders without a warning
if command -v groff >/dev/null 2>&1; then
  groff -man -Tutf8 -ww "$src/doc/gaexp.1" >/dev/null 2>"$out/groff.err"
  [ -s "$out/groff.err" ] && cat "$out/groff.err"
  check "groff renders gaexp.1 without a warning" [ ! -s "$out/groff.err" ]
  groff -man -Tutf8 -ww "$src/doc/gaexp-problem.7" >/dev/null 2>"$out/groff7.err"
  [ -s "$out/groff7.err" ] && cat "$out/groff7.err"
  check "groff renders gaexp-problem.7 without a warning" [ ! -s "$out/groff7.err" ]
else
  echo "# groff rendering: skipped (groff is not installed)"
fi

test_summary docs
