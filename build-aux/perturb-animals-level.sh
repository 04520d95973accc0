#!/bin/sh
# build-aux/perturb-animals-level.sh — shows that tests/test_animals_level
# (and the contract test, tests/test_registry) fail when the animal-level
# problem (problems/animals/animals_level.c) is perturbed.
#
# Usage: sh build-aux/perturb-animals-level.sh   (from the top of a built tree)
# Each perturbation is one sed expression applied to a copy of the file;
# the test ($test) is linked with the copy ahead of the built library
# (.libs/libgaexp_core.a, whose own object is then not used) and must fail.
# Prints one line per perturbation, with the tests that failed, and exits 1
# if any perturbed copy still passes.
src=problems/animals/animals_level.c
test=test_animals_level
perturb_build() { # the test linked with the copy ahead of the library's own object
  gcc -std=c11 -O2 -fopenmp -D_POSIX_C_SOURCE=200809L -DGA_SRCDIR="\"$(pwd)\"" -I. -Iinclude -Itests \
      -o "$work/test" "tests/$test.c" "$work/copy.c" .libs/libgaexp_core.a $(pkg-config --libs gsl libconfig cmocka) -lm
}
. "$(dirname "$0")/perturb-lib.sh"

perturb "the count's limit 32" 's/#define ANIMALS_LEVEL_COUNT_LIMIT 64/#define ANIMALS_LEVEL_COUNT_LIMIT 32/'
perturb "uniqueness as N - 1" 's/v\[0\] = log((double)st.solutions) \/ log(ANIMALS_LEVEL_COUNT_LIMIT);/v[0] = (double)st.solutions - 1;/'
perturb "difficulty up as +D" 's/f\[0\] = -d;/f[0] = d;/'
perturb "repeats not counted" 's/\*repeated += used\[slot\];/*repeated += 0;/'
perturb "a repeating level solved" 's/    if (repeated)\n        return;//; /^    if (repeated)$/{N;s/    if (repeated)\n        return;/    if (0)\n        return;/}'
perturb "the reference point at the candidates" 's/ref\[1\] = (double)l->ncands + 1;/ref[1] = (double)l->ncands;/'
perturb "the print without its figures" 's/"level: D %.4f, %zu conditions, 1 solution/"level: D %.3f, %zu conditions, 1 solution/'
perturb "the print's name with '#'" 's/"animals_level D %.2f, %zu conditions"/"animals_level #D %.2f, %zu conditions"/'
perturb "init from 0 conditions" 's/for (size_t want = 1 + ga_rng_below(r, ANIMALS_LEVEL_INIT_MOST);/for (size_t want = ga_rng_below(r, ANIMALS_LEVEL_INIT_MOST);/'
perturb "init ignores taken slots" 's/if (!taken\[animals_slot(&l->cands\[i\])\])/if (1)/'
perturb "a ninth animal not checked" 's/if (cells != ANIMALS_CELLS) {/if (cells > ANIMALS_CELLS + 1) {/'
perturb "the stock not checked" 's/if (count\[t\] > animals_stock(t)) {/if (count[t] > 5) {/'
perturb "valid takes any gene" 's/if (g\[i\] > 1)/if (g[i] > 2)/'
test=test_registry
perturb "evaluate not repeatable (contract test)" 's/    f\[1\] = (double)n;/    static _Thread_local double calls;\n    f[1] = (double)n + (calls++ > 0) * 0.5;/'
perturb "a violation not finite (contract test)" 's/    v\[1\] = (double)repeated;/    v[1] = (double)repeated - INFINITY * (n == 3);/'
exit $failed_to_fail
