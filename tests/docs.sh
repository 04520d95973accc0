#!/bin/sh
# tests/docs.sh — the documentation holds together: the README stays an
# entry page (short, no hand-edited test counts or timings, which go stale),
# every relative link in README.md and doc/*.md leads to a file, doc/README.md
# indexes every page, gaexp(1) has an entry for every command 'gaexp help'
# lists and every setting the code reads, and groff renders it without a
# warning.
. "${srcdir:-.}/tests/lib.sh"
test_folder docs
src=${srcdir:-.}

# ---- the README is an entry page, not the manual
lines=$(wc -l < "$src/README.md")
check "README.md has at most 200 lines (it has $lines)" [ "$lines" -le 200 ]
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
    # A tarball made without bench/ (before gaexp 0.5) cannot check its figures.
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

# ---- gaexp(1) documents every setting the code reads.  (1) Every key the
# sources hand the validating reader (ga_cfg_int(c, group, "KEY", ...) and
# its kin, in the library and the program) is a part of some '.B a.b.KEY'
# entry of SETTINGS; (2) every setting of the resolved configuration of
# every shipped and golden experiment file, every default filled in, has
# its own '.B group.key' entry.
grep -E '^\.B [a-z_]+(\.[A-Za-z_0-9]+)+$' "$src/doc/gaexp.1" | sed 's/^\.B //' | sort -u >"$out/documented"
tr '.' '\n' <"$out/documented" | sort -u >"$out/documented-parts"
cat "$src"/ga/*.c "$src"/operators/*.c "$src"/problems/*/*.c "$src"/cli/*.c "$src"/cli/*/*.c | tr '\n' ' ' |
  grep -oE 'ga_cfg_(int|int_list|double|bool|string|file|choice|lookup|group)\([^;"]*"[A-Za-z_]+"' |
  grep -oE '"[A-Za-z_]+"$' | tr -d '"' | sort -u >"$out/read-keys"
check "the sources read settings through the validating reader" [ "$(wc -l <"$out/read-keys")" -ge 40 ]
comm -23 "$out/read-keys" "$out/documented-parts" >"$out/undocumented-keys"
[ -s "$out/undocumented-keys" ] && sed 's/^/not in gaexp.1: /' "$out/undocumented-keys"
check "every key the code reads is in gaexp.1's SETTINGS" [ ! -s "$out/undocumented-keys" ]
# The resolved configurations, as config.cfg writes them ("key = value;"
# and "key = {" ... "};"), flattened to group.key paths.
: >"$out/resolved"
here=$(pwd)
case $GAEXP in /*) gaexp=$GAEXP ;; *) gaexp=$here/$GAEXP ;; esac
files=0 resolved=0
for cfg in $(cd "$src" && ls configs/*.cfg tests/data/golden/*.cfg); do
  name=$(basename "$cfg" .cfg)
  files=$((files + 1))
  (cd "$src" && "$gaexp" run "$cfg" --quiet --seed 1 --set ga.stop.generations=1 --set output.plot=false \
     --out "$here/$out/run-$name" >/dev/null 2>&1)
  awk '/^[ \t]*#/ {next}
       /^[ \t]*[a-z_0-9]+ = \{/ {sub(/^[ \t]*/, ""); path[++depth] = $1; next}
       /^[ \t]*\};/ {depth--; next}
       /^[ \t]*[A-Za-z_]+ = / {sub(/^[ \t]*/, ""); p = ""; for (i = 1; i <= depth; i++) p = p path[i] "."; print p $1}' \
    "$out/run-$name/config.cfg" >>"$out/resolved" 2>/dev/null && resolved=$((resolved + 1))
done
sort -u "$out/resolved" -o "$out/resolved"
check "every shipped and golden experiment file runs and resolves ($resolved of $files)" \
  [ "$files" -ge 10 -a "$resolved" -eq "$files" ]
comm -23 "$out/resolved" "$out/documented" >"$out/undocumented-paths"
[ -s "$out/undocumented-paths" ] && sed 's/^/not in gaexp.1: /' "$out/undocumented-paths"
check "every setting of a resolved configuration has its entry in gaexp.1" [ ! -s "$out/undocumented-paths" ]

# ---- the manual pages render without a warning (groff-base is one of
# the test packages, build-aux/bootstrap.sh)
groff -man -Tutf8 -ww "$src/doc/gaexp.1" >/dev/null 2>"$out/groff.err"
[ -s "$out/groff.err" ] && cat "$out/groff.err"
check "groff renders gaexp.1 without a warning" [ ! -s "$out/groff.err" ]
groff -man -Tutf8 -ww "$src/doc/gaexp-problem.7" >/dev/null 2>"$out/groff7.err"
[ -s "$out/groff7.err" ] && cat "$out/groff7.err"
check "groff renders gaexp-problem.7 without a warning" [ ! -s "$out/groff7.err" ]

test_summary docs
