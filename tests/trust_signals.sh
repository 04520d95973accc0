#!/bin/sh
# tests/trust_signals.sh — signals and the machine's limits (issue 27, points 7
# and 12): a full disk at a checkpoint is named "No space left on device" and
# keeps the previous checkpoint; 'ulimit -f' is a write that fails (exit 1,
# "File too large"), not a process killed silently; a folder removed while
# its run goes on is said so, never offered to resume; SIGINT and SIGTERM
# end a run (and a hung hook: tests/trust_plugins.sh) within a second.
. "${srcdir:-.}/tests/lib.sh"
test_folder trust_signals
out=$(cd "$out" && pwd)
case $GAEXP in /*) ;; *) GAEXP=$(pwd)/$GAEXP ;; esac
long=$out/long.cfg
cat >"$long" <<EOT
problem = { name = "onemax"; bits = 1000; };
ga = { seed = 5; population = 200; stop = { generations = 100000; fitness = -1.0; }; };
output = { plot = false; checkpoint = 0.05; };
EOT
one_message() { [ "$(wc -l <"$1")" -eq 1 ] && grep -qF -- "$2" "$1"; }

# ---- a full disk at the third checkpoint: named, the previous one kept, resume goes on
if command -v strace >/dev/null 2>&1; then
  short=$out/short.cfg
  sed 's/generations = 100000/generations = 60/; s/checkpoint = 0.05/checkpoint = 0.0/; s/bits = 1000/bits = 50/; s/population = 200/population = 20/' "$long" >"$short"
  "$GAEXP" run "$short" --out "$out/full.reference" --quiet
  inject -f -o /dev/null -P "$out/full/checkpoint.part" -e trace=write -e inject=write:error=ENOSPC:when=5 \
    "$GAEXP" run "$short" --out "$out/full" --quiet 2>"$out/full.err"
  check "a full disk at a checkpoint: exit 1" [ $? -eq 1 ]
  check "a full disk at a checkpoint: No space left on device, not an I/O error" \
    grep -qF "cannot write $out/full/checkpoint: No space left on device" "$out/full.err"
  check "a full disk at a checkpoint: the previous one kept" [ -s "$out/full/checkpoint" ]
  "$GAEXP" resume "$out/full" --quiet
  check "a full disk at a checkpoint: resume finishes it" cmp "$out/full/generations.csv" "$out/full.reference/generations.csv"
fi

# ---- ulimit -f: a file too large is an error said, not a silent death (exit 153)
(ulimit -f 16 && "$GAEXP" run "$long" --out "$out/limit" --quiet 2>"$out/limit.err")
status=$?
check "ulimit -f: exit 1, not 153" [ "$status" -eq 1 ]
check "ulimit -f: File too large, said once" one_message "$out/limit.err" "File too large"

# ---- a folder removed while its run goes on: said, never offered to resume
"$GAEXP" run "$long" --out "$out/removed" --quiet 2>"$out/removed.err" & pid=$!
wait_until "$pid" [ -e "$out/removed/checkpoint" ] || true
rm -rf "$out/removed"
(sleep 60; kill -INT "$pid" 2>/dev/null) & watchdog=$! # a hang, not a slow machine
wait "$pid"
status=$?
kill "$watchdog" 2>/dev/null
check "a folder removed mid-run: exit 1" [ "$status" -eq 1 ]
check "a folder removed mid-run: said so" grep -qF "$out/removed was removed while the run went on: nothing of it is kept" "$out/removed.err"
check "a folder removed mid-run: no resume offered" sh -c '! grep -q "gaexp resume" "$0"' "$out/removed.err"

# ---- SIGINT and SIGTERM: a checkpoint, exit 130, within a second; resume goes on
for sig in INT TERM; do
  rm -rf "$out/sig-$sig"
  "$GAEXP" run "$long" --out "$out/sig-$sig" --quiet 2>"$out/sig-$sig.err" & pid=$!
  wait_until "$pid" [ -e "$out/sig-$sig/checkpoint" ] || true
  stop "$sig" "$pid"
  check "SIG$sig: exit 130 at the end of a generation (took $took ms)" [ "$status" -eq 130 ]
  check "SIG$sig: says how to go on" grep -qF "'gaexp resume $out/sig-$sig' goes on from there" "$out/sig-$sig.err"
done

test_summary trust_signals
