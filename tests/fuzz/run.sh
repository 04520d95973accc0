#!/bin/sh
# tests/fuzz/run.sh [SECONDS] — builds the libFuzzer harnesses with clang (ASan, UBSan)
# and runs each for SECONDS (default 60) on its seed corpus; fails on any crash,
# leak, undefined behaviour or broken invariant.  Run from anywhere; it works
# in the source tree.  FUZZ="NAME..." runs only those harnesses
# (cfg set deal animals checkpoint).  New inputs go to tests/fuzz/build/new/NAME, crashes to
# tests/fuzz/build/NAME-crash-*; fold new inputs into the committed corpus with
#   tests/fuzz/build/fuzz_NAME -merge=1 tests/fuzz/corpus/NAME tests/fuzz/build/new/NAME
set -eu
seconds=${1:-60}
cd "$(dirname "$0")/../.."
top=$(pwd)
build=tests/fuzz/build
harnesses=${FUZZ:-"cfg set deal animals checkpoint"}
CC=${CC_FUZZ:-clang}
command -v "$CC" >/dev/null || { echo "run.sh: $CC not found (apt-get install clang)" >&2; exit 77; }

# The C sources of Makefile.am's variable $1, its $(NAME)s expanded; what
# is set inside an 'if' is left out (cli_mpi_sources needs --with-mpi).
am_sources() {
  awk -v want="$1" '
    function expand(n,   w, k, i, out) {
      k = split(val[n], w, /[ \t]+/)
      for (i = 1; i <= k; i++)
        out = out " " (w[i] ~ /^\$\(.*\)$/ ? expand(substr(w[i], 3, length(w[i]) - 3)) : w[i])
      return out
    }
    more { val[name] = val[name] " " $0; more = sub(/\\$/, "", val[name]); next }
    /^if / { inside++ } /^endif/ { inside-- }
    !inside && /^[A-Za-z_][A-Za-z0-9_]* *=/ {
      name = $0; sub(/ *=.*/, "", name); val[name] = $0; sub(/^[^=]*= */, "", val[name])
      more = sub(/\\$/, "", val[name])
    }
    END { print expand(want) }' Makefile.am | tr ' \t' '\n\n' | grep '\.c$'
}
# The library's sources, as Makefile.am lists them, compiled once with the sanitizers.
sources=$(am_sources libgaexp_core_la_SOURCES)
flags="-g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -DHAVE_INLINE -I. -Iinclude $(pkg-config --cflags gsl libconfig)"
flags="$flags -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
# A lighter exact solver when an experiment asks Forty Thieves for its reference.
flags="$flags -DFT_GA_SOLVER_NODES=20000ULL"
libs="$(pkg-config --libs gsl libconfig) -lm"
mkdir -p "$build/obj" "$build/new"
objs=
for src in $sources; do
  obj=$build/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')
  if [ ! -e "$obj" ] || [ "$src" -nt "$obj" ] || [ "$0" -nt "$obj" ] || [ -n "$(find ga problems operators -name '*.h' -newer "$obj" | head -1)" ]; then
    $CC $flags -fsanitize=fuzzer-no-link -c "$src" -o "$obj"
  fi
  objs="$objs $obj"
done
# The command's sources but main() (libcli_a_SOURCES) for the harnesses that drive cli/.
cli_sources=$(am_sources libcli_a_SOURCES)
cli_objs=
for src in $cli_sources; do
  obj=$build/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')
  if [ ! -e "$obj" ] || [ "$src" -nt "$obj" ] || [ "$0" -nt "$obj" ] || [ -n "$(find ga cli problems operators -name '*.h' -newer "$obj" | head -1)" ]; then
    $CC $flags -fsanitize=fuzzer-no-link -c "$src" -o "$obj"
  fi
  cli_objs="$cli_objs $obj"
done
for h in $harnesses; do
  extra=
  [ "$h" = checkpoint ] && extra=$cli_objs
  # shellcheck disable=SC2086  # word lists by design
  $CC $flags -fsanitize=fuzzer "tests/fuzz/fuzz_$h.c" $extra $objs $libs -o "$build/fuzz_$h"
done

# One harness: a bounded run; new inputs land in build/new/NAME, the corpus is only read.
fuzz_one() {
  h=$1
  mkdir -p "$build/new/$h"
  if LSAN_OPTIONS="suppressions=$top/tests/fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
      "$build/fuzz_$h" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -max_len=8192 \
      -print_final_stats=1 -artifact_prefix="$build/$h-" "$build/new/$h" "tests/fuzz/corpus/$h" \
      </dev/null >"$build/$h.log" 2>&1; then
    echo "PASS fuzz_$h: $(grep -o 'stat::number_of_executed_units: *[0-9]*' "$build/$h.log" | grep -o '[0-9]*$') executions in $seconds s"
  else
    echo "FAIL fuzz_$h: see $top/$build/$h.log"
    grep -m5 'ERROR\|invariant failed\|runtime error' "$build/$h.log" || true
    return 1
  fi
}

status=0
for h in $harnesses; do fuzz_one "$h" || status=1; done
exit $status
