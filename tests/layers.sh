#!/bin/sh
# tests/layers.sh — the three layers, checked mechanically: the library
# (ga/, operators/, the problems' GA modules and solvers) prints nothing,
# never exits and exports only the functions its installed headers
# declare; the program (app/, cli/, the problems' commands) reaches the
# core only through those headers; cli/'s rooms include one another one
# way; no source files call each other in a loop.
. "${srcdir:-.}/tests/lib.sh"
test_folder layers
src=${srcdir:-.}

# ---- the library's sources, as make expands libgaexp_core_la_SOURCES (Makefile.am's
# layers and the problems' local.mk; make check hands them over in GAEXP_LIBRARY_SOURCES)
library=$(for f in ${GAEXP_LIBRARY_SOURCES:-}; do case $f in *.[ch]) echo "$src/$f" ;; esac; done)
check "Makefile.am lists the library's sources" [ "$(echo "$library" | wc -l)" -ge 20 ]

# ---- the library prints nothing and never exits: no standard stream, no
# printing call of its own, no exit or abort (a problem's 'print' hook
# writes to the stream its caller gives it)
speaks=$(grep -nE '\b(printf|vprintf|puts|putchar|perror|exit|_exit|_Exit|abort|assert)[[:space:]]*\(|\b(stdout|stderr)\b' $library)
[ -z "$speaks" ] || echo "$speaks"
check "the library prints nothing and never exits" [ -z "$speaks" ]

# ---- the core knows runs, not folders: the 'output' group is the program's
folders=$(grep -n '"output' $library)
[ -z "$folders" ] || echo "$folders"
check "the library reads no 'output' setting (the program does)" [ -z "$folders" ]

# ---- the library exports exactly the functions of its installed headers
so=${abs_top_builddir:-.}/.libs/libgaexp.so
check "libgaexp.so is built, nm is there" sh -c '[ -f "$0" ] && command -v nm >/dev/null' "$so"
# (T: a function; i: one the loader picks among clones, as ga_genome_ones)
nm -D --defined-only "$so" | awk '$2 == "T" || $2 == "i" {print $3}' | sort >"$out/exported"
# declared: every ga_ name called in a header, but the static inline ones
cat "$src"/include/gaexp/*.h | grep -v '^#' | grep -oE '\bga_[a-z0-9_]+[[:space:]]*\(' |
  sed 's/[[:space:]]*($//' | sort -u >"$out/named"
grep -hoE 'static inline .*\bga_[a-z0-9_]+\(' "$src"/include/gaexp/*.h | grep -oE 'ga_[a-z0-9_]+\($' |
  tr -d '(' | sort -u >"$out/inline"
comm -23 "$out/named" "$out/inline" >"$out/declared"
check "libgaexp.so exports functions" [ -s "$out/exported" ]
check "every exported function is a ga_ function" [ -z "$(grep -v '^ga_' "$out/exported")" ]
comm -23 "$out/exported" "$out/declared" >"$out/undeclared"
comm -13 "$out/exported" "$out/declared" >"$out/unexported"
cat "$out/undeclared" "$out/unexported"
check "every exported function is declared in an installed header" [ ! -s "$out/undeclared" ]
check "every function an installed header declares is exported" [ ! -s "$out/unexported" ]

# ---- the program reaches the core only through the installed headers:
# cli/ and app/ include gaexp/*.h and their own headers, nothing else of
# the tree; a problem's commands (cmd_*.c) include besides only their own
# problem's headers
private=$(grep -n '#include "\(ga\|operators\|problems\)/' $(find "$src/cli" "$src/app" -name '*.[ch]'))
[ -z "$private" ] || echo "$private"
check "cli/ and app/ include no private header of the core (only gaexp/*.h)" [ -z "$private" ]
strays=$(for f in "$src"/problems/*/cmd_*.c; do
  name=$(basename "$(dirname "$f")")
  grep -n '#include "\(ga\|operators\|problems\|cli\)/' "$f" | grep -v "\"problems/$name/" | sed "s|^|$f:|"
done)
[ -z "$strays" ] || echo "$strays"
check "a problem's commands include only the installed API, app/ and their own problem" [ -z "$strays" ]
check "the problems have commands to check" sh -c 'ls "$0"/problems/*/cmd_*.c >/dev/null' "$src"

# ---- the rooms of cli/ (issue 42): a file of cli/ itself is a command,
# a file of cli/ROOM/ is of that room.  Each line: a room, then the rooms its
# files may include (its own implied); a room of cli/ not named here, or an
# '#include "cli/..."' against it, fails.  The commands use every room; a
# runner writes a run folder's figures; the figures draw what the
# statistics computed; all keep their files through the store, which
# includes no other room.  app/ includes nothing of cli/.
rooms='
cli      runner figures stats store
runner   figures stats store
figures  stats store
stats    store
store
'
room_of() { # cli/X.c: cli; cli/ROOM/X.c: ROOM
  case $1 in cli/*/*) r=${1#cli/}; echo "${r%%/*}" ;; *) echo cli ;; esac
}
unplaced=$(cd "$src" && for d in cli/*/; do
  [ -d "$d" ] || continue
  r=${d#cli/}; r=${r%/}
  echo "$rooms" | grep -q "^$r " || echo "$rooms" | grep -qx "$r" || echo "cli/$r/ is no room of the table"
done)
[ -z "$unplaced" ] || echo "$unplaced"
check "every folder of cli/ is a room of the table" [ -z "$unplaced" ]
against=$(cd "$src" && grep -n '#include "cli/' cli/*.[ch] cli/*/*.[ch] app/*.[ch] 2>/dev/null | while IFS= read -r hit; do
  file=${hit%%:*}; to=$(echo "$hit" | sed 's/.*#include "\(cli\/[^"]*\)".*/\1/')
  case $file in app/*) echo "$hit: app/ includes nothing of cli/"; continue ;; esac
  from=$(room_of "$file"); into=$(room_of "$to")
  [ "$from" = "$into" ] && continue
  echo "$rooms" | grep -E "^$from( |$)" | grep -qw "$into" || echo "$hit: $from/ may not include $into/"
done)
[ -z "$against" ] || echo "$against"
check "cli/'s rooms include one another only as the table allows" [ -z "$against" ]
missing=$(echo "$rooms" | awk 'NF && $1 != "cli" {print $1}' | while read -r r; do
  ls "$src/cli/$r/"*.c >/dev/null 2>&1 || echo "no room cli/$r/ with its sources"
done)
[ -z "$missing" ] || echo "$missing"
check "every room of the table is a folder of cli/ with its sources" [ -z "$missing" ]

# ---- no two files call each other, around any loop (issue 42): an arrow
# A -> B when the object of A uses a function or variable that B's alone
# defines (nm of the built objects: ga/, operators/, the problems' GA
# modules, and apart the program: app/, cli/, the problems' commands);
# tsort finds the loops of every length.  An object whose source is gone
# (a stale one of a moved file) is left out.
build=${abs_top_builddir:-.}
objects() { # $1: library or program; "OBJECT SOURCE" a line
  (cd "$build" && find ga operators problems app cli -name '*.o' ! -path '*/.libs/*' 2>/dev/null) | sort |
  while read -r o; do
    dir=$(dirname "$o"); name=$(basename "$o" .o)
    [ -f "$src/$dir/$name.c" ] || name=${name#*-} # libtool's per-target prefix: ga/libgaexp_core_la-cfg.o
    [ -f "$src/$dir/$name.c" ] || continue
    case $dir/$name in
      app/* | cli/* | problems/commands | problems/*/cmd_*) layer=program ;;
      *) layer=library ;;
    esac
    [ "$layer" = "$1" ] && echo "$build/$o $dir/$name.c"
  done
}
for layer in library program; do
  objects $layer >"$out/$layer.objects"
  while read -r o c; do
    nm -P "$o" | awk -v c="$c" '$2 == "U" {print "U", c, $1} $2 ~ /^[A-TV-Zi]$/ {print "D", c, $1}'
  done <"$out/$layer.objects" >"$out/$layer.symbols"
  # A B NAME: A uses NAME, which B alone defines
  awk '$1 == "D" {n[$3]++; def[$3] = $2} $1 == "U" {use[++u] = $2 " " $3}
       END {for (i = 1; i <= u; i++) {split(use[i], a, " ");
              if (n[a[2]] == 1 && def[a[2]] != a[1]) print a[1], def[a[2]], a[2]}}' "$out/$layer.symbols" |
    sort -u >"$out/$layer.calls"
  check "the $layer's objects are built and read" sh -c '[ "$(wc -l <"$0")" -ge 10 ] && [ -s "$1" ]' \
    "$out/$layer.objects" "$out/$layer.calls"
  awk '{print $1, $2}' "$out/$layer.calls" | sort -u | tsort 2>"$out/$layer.loops" >/dev/null
  # each loop tsort found, widened to all the files that call one another
  # around it (those reached from its first file and reaching it), with the
  # names each takes from another of them
  loops=$(awk -v calls="$out/$layer.calls" '
    BEGIN {while ((getline line < calls) > 0) {split(line, f, " "); k = f[1] " " f[2]
             if (!(k in ties)) {next_of[f[1]] = next_of[f[1]] " " f[2]; prev_of[f[2]] = prev_of[f[2]] " " f[1]}
             ties[k] = ties[k] " " f[3]}}
    /input contains a loop/ {if (first != "") show(first); first = ""; next}
    {sub(/^tsort: /, ""); if (first == "") first = $0}
    END {if (first != "") show(first)}
    function reach(from, links, got,   todo, n, i, k, w, a) {
      delete got; got[from] = 1; todo[n = 1] = from
      for (i = 1; i <= n; i++) {k = split(links[todo[i]], a, " ")
        for (w = 1; w <= k; w++) if (!(a[w] in got)) {got[a[w]] = 1; todo[++n] = a[w]}}
    }
    function show(at,   fwd, back, list, m, i, j, x, y, key) {
      reach(at, next_of, fwd); reach(at, prev_of, back)
      for (x in fwd) if (x in back) list[++m] = x
      for (i = 2; i <= m; i++) for (j = i; j > 1 && list[j - 1] > list[j]; j--) {x = list[j]; list[j] = list[j - 1]; list[j - 1] = x}
      key = list[1]; if (key in shown) return; shown[key] = 1
      x = ""; for (i = 1; i <= m; i++) x = x (i > 1 ? ", " : "") list[i]
      print "call loop of " m " files: " x
      for (i = 1; i <= m; i++) for (j = 1; j <= m; j++)
        if ((list[i] " " list[j]) in ties) print "  " list[i] " -> " list[j] ":" ties[list[i] " " list[j]]
    }' "$out/$layer.loops")
  [ -z "$loops" ] || echo "$loops"
  check "no call loop between the $layer's files" [ -z "$loops" ]
done

# ---- the schemes are a type table (issue 42): no file but ga/schemes/'s
# names a scheme (GA_SCHEME_* or a scheme's name as a string); the loop,
# the reader and the program take what they need from the table
named=$(cd "$src" && for id in $(sed -n 's/^GA_SCHEME(\(.*\))$/\1/p' ga/schemes/schemes.def); do
  grep -n "\"$id\"" ga/*.[ch] include/gaexp/*.h cli/*.[ch] cli/*/*.[ch] app/*.[ch]
done; grep -n 'GA_SCHEME_[A-Z]' ga/*.[ch] include/gaexp/*.h cli/*.[ch] cli/*/*.[ch] app/*.[ch] operators/*.[ch] |
  grep -v GA_SCHEME_SETTINGS_MAX)
[ -z "$named" ] || echo "$named"
check "the schemes' table lists schemes (ga/schemes/schemes.def)" [ "$(grep -c '^GA_SCHEME(' "$src/ga/schemes/schemes.def")" -ge 9 ]
check "no scheme is named outside ga/schemes/" [ -z "$named" ]

# ---- the commands are the program's: none is compiled into the library,
# which reads no command line
check "no command file in the library" [ -z "$(echo "$library" | grep -e '/cmd_' -e '/app/' -e '/cli/')" ]
commands=$(grep -ln -e 'getopt' -e 'argv' $library)
[ -z "$commands" ] || echo "$commands"
check "the library reads no command line (no getopt, no argv)" [ -z "$commands" ]

test_summary layers
