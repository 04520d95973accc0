#!/bin/sh
# build-aux/perturb-nsga3.sh — shows that tests/test_nsga3 fails when
# NSGA-III's reference directions, normalisation, association or niching
# (ga/nsga3.c) are perturbed.
#
# Usage: sh build-aux/perturb-nsga3.sh   (from the top of a built tree)
# Each perturbation is one sed expression applied to a copy of ga/nsga3.c;
# the test is linked with the copy ahead of the built library
# (.libs/libgaexp_core.a, whose own nsga3 object is then not used) and must
# fail.  Prints one line per perturbation, with the tests that failed, and
# exits 1 if any perturbed copy still passes.
src=ga/nsga3.c
perturb_build() { # the test linked with the copy ahead of the library's own object
  gcc -std=c11 -O2 -fopenmp -D_POSIX_C_SOURCE=200809L -I. -Iinclude -o "$work/test" tests/test_nsga3.c \
      "$work/copy.c" .libs/libgaexp_core.a $(pkg-config --libs gsl libconfig cmocka) -lm
}
. "$(dirname "$0")/perturb-lib.sh"

# reference directions
perturb "the count without the inner layer" 's/return a + b;/return a;/'
perturb "C(h + m - 1, m - 2): one factor short" 's/for (size_t i = 1; i < m; i++) {/for (size_t i = 2; i < m; i++) {/'
perturb "the tail's sum moved whole, not less one" 's/row\[m - 1\] = tail - 1.0;/row[m - 1] = tail;/'
perturb "the inner layer shrunk by 0.6" 's/nsga3_layer(m, inner, 0.5, out + a \* m);/nsga3_layer(m, inner, 0.6, out + a * m);/'
# normalisation
perturb "no normalisation: raw objectives" 's/x\[k\] = (f\[i \* m + k\] - s->ideal\[k\]) \/ s->intercept\[k\];/x[k] = f[i * m + k];/'
perturb "the ideal point not subtracted" 's/x\[k\] = (f\[i \* m + k\] - s->ideal\[k\]) \/ s->intercept\[k\];/x[k] = f[i * m + k] \/ s->intercept[k];/'
perturb "the achievement function's off-axis weight 1" 's/#define NSGA3_ASF_OFF_AXIS 1e-6/#define NSGA3_ASF_OFF_AXIS 1.0/'
perturb "intercepts past the worst of S accepted (the paper's rule, unchecked)" 's/ || a > range \* (1.0 + NSGA3_INTERCEPT_SLACK))/)/'
perturb "elimination without row exchanges" 's/                p = i;/                p = c;/'
perturb "back substitution without the terms above" 's/            rhs\[c\] -= plane\[c \* m + k\] \* rhs\[k\];/            (void)k;/'
perturb "the fallback from the worst of S, not the best front's nadir" 's/double a = s->nadir\[k\] - s->ideal\[k\];/double a = s->worst[k] - s->ideal[k];/'
perturb "the fallback intercept 1 where the best front is flat" 's/            a = s->worst\[k\] - s->ideal\[k\];/            a = 1.0;/'
# association
perturb "ties in distance to the highest direction" 's/if (d2 < best_d2) {/if (d2 <= best_d2) {/'
perturb "the distance along the line, not across it" 's/double e = x\[k\] - t \* w\[k\];/double e = t * w[k];/'
# niching
perturb "the chosen fronts' niches not counted" 's/s->count\[s->niche\[s->order\[t\]\]\]++;/(void)0;/'
perturb "the first direction at the least count, never a draw" 's/size_t at = pooled > 1 ? gsl_rng_uniform_int(r, pooled) : 0, d = s->pool\[at\];/size_t at = 0, d = s->pool[at];/'
perturb "a draw even when one direction is left" 's/size_t at = pooled > 1 ? gsl_rng_uniform_int(r, pooled) : 0/size_t at = pooled > 0 ? gsl_rng_uniform_int(r, pooled) : 0/'
perturb "an empty niche takes a random member, not the nearest" 's/if (s->count\[d\] == 0) {/if (0) {/'
perturb "a niche holding some takes its first member, not a random one" 's/pick = gsl_rng_uniform_int(r, n);/pick = 0;/'
perturb "a raised direction dropped from the next level" 's/s->raised\[raised++\] = d;/(void)d;/'
perturb "the last front as one more whole front" 's/    if (ns <= keep)/    if (ns >= 1)/'
perturb "the best front's nadir over all of S" 's/            if (t < best)/            if (t < ns)/'
exit $failed_to_fail
