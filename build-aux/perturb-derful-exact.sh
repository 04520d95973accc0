#!/bin/sh
# build-aux/perturb-derful-exact.sh — shows that tests/test_derful_exact fails
# when the exact count's method is perturbed.
#
# Usage: sh build-aux/perturb-derful-exact.sh   (from the top of a built tree)
# Each perturbation is one sed expression applied to a copy of
# problems/derful/derful_exact.c; the test is compiled against the copy
# (gcc, OpenMP, cmocka) and must fail.  Prints one line per perturbation and
# exits 1 if any perturbed copy still passes.
src=problems/derful/derful_exact.c
perturb_build() {
  gcc -std=c11 -O2 -fopenmp -I. -Iinclude -o "$work/test" tests/test_derful_exact.c "$work/copy.c" \
      problems/derful/derful_enum.c ga/status.c -lcmocka
}
. "$(dirname "$0")/perturb-lib.sh"

perturb "the classes with transposition counted once too often" \
  's/c->size = exact_factorial(n) \* t.size\[a\];/c->size = exact_factorial(n) * t.size[a] + (a == 0);/'
perturb "column sums not sorted within a group (canonical form)" \
  's/for (int i = start + 1; i < end; i++) {/for (int i = end; i < end; i++) {/'
perturb "the bottom half not divided by its arrangements" \
  's/uint64_t ways = exact_arrangements(c, x);/uint64_t ways = 1;/'
perturb "value 10 allowed one card more than the deck holds" \
  's/int limit = v == 10 ? 4 \* suits : suits;/int limit = v == 10 ? 4 * suits + 1 : suits;/'
perturb "a line closed without checking its sum" \
  's/ok = s\[k\] + low\[k\]\[v + 1\] <= o->sum \&\& s\[k\] + high\[k\]\[v + 1\] >= o->sum;/ok = s[k] + low[k][v + 1] <= o->sum;/'
perturb "a super-row's orbit counted in one cell of its row only" \
  's/int in_row = c->cols\[j\] \/ g,/int in_row = 1,/'
perturb "a column pruned when the rows to come can just reach its sum" \
  's/ok = need >= EXACT_VMIN \* left \&\& need <= EXACT_VMAX \* left;/ok = need > EXACT_VMIN * left \&\& need <= EXACT_VMAX * left;/'
exit $failed_to_fail
