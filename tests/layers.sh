#!/bin/sh
# tests/layers.sh — the three layers, checked mechanically: the library
# (ga/, operators/, the problems' GA modules and solvers) prints nothing and
# never exits; the program (cli/) reaches the core only through the
# installed headers.
. "${srcdir:-.}/tests/lib.sh"
test_folder layers
src=${srcdir:-.}

# ---- cli/ includes no private header of the core
private=$(grep -n '#include "\(ga\|operators\|problems\)/' "$src"/cli/*.c "$src"/cli/*.h)
[ -z "$private" ] || echo "$private"
check "cli/ includes no private header of the core (only gaexp/*.h)" [ -z "$private" ]

test_summary layers
