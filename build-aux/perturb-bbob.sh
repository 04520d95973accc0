#!/bin/sh
# build-aux/perturb-bbob.sh — shows that tests/test_bbob fails when the BBOB
# functions or their instance data are perturbed.
#
# Usage: sh build-aux/perturb-bbob.sh   (from the top of a built tree)
# Each perturbation is one sed expression applied to a copy of
# problems/bbob/bbob.c; the test is linked with the copy ahead of the built
# library (.libs/libgaexp_core.a, whose own bbob object is then not used)
# and must fail.  Prints one line per perturbation and exits 1 if any
# perturbed copy still passes.
src=problems/bbob/bbob.c
perturb_build() { # the test linked with the copy ahead of the library's own object
  gcc -std=c11 -O2 -fopenmp -D_POSIX_C_SOURCE=200809L -I. -Iinclude -o "$work/test" tests/test_bbob.c \
      "$work/copy.c" .libs/libgaexp_core.a $(pkg-config --libs gsl libconfig cmocka) -lm
}
. "$(dirname "$0")/perturb-lib.sh"

perturb "the uniform generator's multiplier 16807 -> 16808" 's/s = 16807 \* (s - k \* 127773)/s = 16808 * (s - k * 127773)/'
perturb "xopt on a grid of 1e-3 instead of 1e-4" 's/xopt\[i\] = 8 \* floor(1e4 \* xopt\[i\]) \/ 1e4 - 4;/xopt[i] = 8 * floor(1e3 * xopt[i]) \/ 1e3 - 4;/'
perturb "f_opt rounded to 1 decimal" 's/double v = floor(100.0 \* 100.0 \* g1 \/ g2 + 0.5) \/ 100.0;/double v = floor(10.0 * 10.0 * g1 \/ g2 + 0.5) \/ 10.0;/'
perturb "Gram-Schmidt without the normalisation" 's/rot\[k \* d + i\] \/= sqrt(norm);/rot[k * d + i] \/= 1.0;/'
perturb "T_osz with 0.5 for 0.49 (positive side)" 's/return pow(exp(h + 0.49 \* (sin(h) + sin(0.79 \* h))), 0.1);/return pow(exp(h + 0.5 * (sin(h) + sin(0.79 * h))), 0.1);/'
perturb "T_asy with beta i / D instead of i / (D - 1)" 's/return pow(v, 1.0 + beta \* (double)i \/ ((double)n - 1.0) \* sqrt(v));/return pow(v, 1.0 + beta * (double)i \/ ((double)n) * sqrt(v));/'
perturb "rotations applied transposed" 's/s += x\[j\] \* m\[i \* n + j\];/s += x[j] * m[j * n + i];/'
perturb "f4's xopt not made positive" 's/b->xopt\[i\] = b->best\[i\] = fabs(b->xopt\[i\]);/b->xopt[i] = b->best[i] = b->xopt[i];/'
perturb "f5 not flat beyond its corner" 's/double at = b->best\[i\] \* x\[i\] < 25.0 ? x\[i\] : b->best\[i\];/double at = x[i];/'
perturb "f7's fine rounding at 0.25 instead of 0.5" 's/z\[i\] = fabs(z\[i\]) > 0.5 ?/z[i] = fabs(z[i]) > 0.25 ?/'
perturb "f12's xopt from rseed instead of rseed + 1e6" 's/b->function == 12 ? seed + 1000000 : seed/b->function == 12 ? seed : seed/'
perturb "f16's penalty 1/D instead of 10/D" 's/10.0 \/ dn \* bbob_pen(x, n)/1.0 \/ dn * bbob_pen(x, n)/'
perturb "f18 with f17's conditioning" 's/sqrt(b->function == 17 ? 10.0 : 1000.0)/sqrt(b->function == 17 ? 10.0 : 10.0)/'
perturb "f20's z_hat without the neighbour" 's/t\[i\] + 0.25 \* (t\[i - 1\]/t[i] + 0.0 * (t[i - 1]/'
perturb "f21's first peak at 0.9 instead of 0.8" 's/b->peak_y\[p \* n + i\] = p == 0 ? 0.8 \* s : s;/b->peak_y[p * n + i] = p == 0 ? 0.9 * s : s;/'
perturb "f23's exponent 10 / D^1.1 instead of 10 / D^1.2" 's/e = 10.0 \/ pow((double)n, 1.2);/e = 10.0 \/ pow((double)n, 1.1);/'
perturb "f10 rotated by R instead of Q" '/case 10: /{n;s/b->q/b->r/}'
perturb "T_osz with 0.5 for 0.49 (both sides)" 's/0\.49 \* /0.5 * /g'
perturb "f24's penalty 1e3 instead of 1e4" 's/1e4 \* bbob_pen(x, n)/1e3 * bbob_pen(x, n)/'
perturb "dimension 41 accepted" 's/#define BBOB_N GA_BBOB_MAX_DIMENSION/#define BBOB_N (GA_BBOB_MAX_DIMENSION + 1)/; s/GA_BBOB_MIN_DIMENSION, GA_BBOB_MAX_DIMENSION, &dimension/GA_BBOB_MIN_DIMENSION, GA_BBOB_MAX_DIMENSION + 1, \&dimension/'
perturb "the column gives the fitness, not f(x)" 's/values\[0\] = ga_bbob_value(gen->state, /values[0] = bbob_evaluate(gen, pop->genes + pop->best * pop->stride) + 0 * ga_bbob_value(gen->state, /'
exit $failed_to_fail
