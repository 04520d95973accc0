#!/bin/sh
# tests/layers.sh — the three layers, checked mechanically: the library
# (ga/, operators/, the problems' GA modules and solvers) prints nothing,
# never exits and exports only the functions its installed headers
# declare; the program (app/, cli/, the problems' commands) reaches the
# core only through those headers.
. "${srcdir:-.}/tests/lib.sh"
test_folder layers
src=${srcdir:-.}

# ---- the library's sources, as Makefile.am lists them
library=$(sed -n '/^libgaexp_core_la_SOURCES/,/^[^	]/p' "$src/Makefile.am" | tr ' \\	' '\n\n\n' |
          grep '\.[ch]$' | sed "s|^|$src/|")
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
private=$(grep -n '#include "\(ga\|operators\|problems\)/' "$src"/cli/*.[ch] "$src"/cli/*/*.[ch] "$src"/app/*.[ch])
[ -z "$private" ] || echo "$private"
check "cli/ and app/ include no private header of the core (only gaexp/*.h)" [ -z "$private" ]
strays=$(for f in "$src"/problems/*/cmd_*.c; do
  name=$(basename "$(dirname "$f")")
  grep -n '#include "\(ga\|operators\|problems\|cli\)/' "$f" | grep -v "\"problems/$name/" | sed "s|^|$f:|"
done)
[ -z "$strays" ] || echo "$strays"
check "a problem's commands include only the installed API, app/ and their own problem" [ -z "$strays" ]
check "the problems have commands to check" sh -c 'ls "$0"/problems/*/cmd_*.c >/dev/null' "$src"

# ---- the commands are the program's: none is compiled into the library,
# which reads no command line
check "no command file in the library" [ -z "$(echo "$library" | grep -e '/cmd_' -e '/app/' -e '/cli/')" ]
commands=$(grep -ln -e 'getopt' -e 'argv' $library)
[ -z "$commands" ] || echo "$commands"
check "the library reads no command line (no getopt, no argv)" [ -z "$commands" ]

test_summary layers
