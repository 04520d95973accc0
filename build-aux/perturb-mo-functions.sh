#!/bin/sh
# build-aux/perturb-mo-functions.sh — shows that tests/test_mo_functions
# fails when the multi-objective test functions, their fronts or their
# exact hypervolumes are perturbed.
#
# Usage: sh build-aux/perturb-mo-functions.sh   (from the top of a built tree)
# Each perturbation is one sed expression applied to a copy of
# problems/mo/mo_functions.c; the test is linked with the copy ahead of the
# built library (.libs/libgaexp_core.a, whose own object is then not used)
# and must fail.  Prints one line per perturbation, with the tests that
# failed, and exits 1 if any perturbed copy still passes.
src=problems/mo/mo_functions.c
perturb_build() { # the test linked with the copy ahead of the library's own object
  gcc -std=c11 -O2 -fopenmp -D_POSIX_C_SOURCE=200809L -I. -Iinclude -o "$work/test" tests/test_mo_functions.c \
      "$work/copy.c" .libs/libgaexp_core.a $(pkg-config --libs gsl libconfig cmocka) -lm
}
. "$(dirname "$0")/perturb-lib.sh"

perturb "ZDT's g with 10 for 9" 's/return 1 + 9 \* s \/ (double)(n - 1);/return 1 + 10 * s \/ (double)(n - 1);/'
perturb "ZDT3's sine at 9 pi" 's/f\[0\] \/ g \* sin(10 \* MO_PI \* f\[0\])/f[0] \/ g * sin(9 * MO_PI * f[0])/'
perturb "ZDT4's cosine at 2 pi" 's/10 \* cos(4 \* MO_PI \* x\[i\])/10 * cos(2 * MO_PI * x[i])/'
perturb "ZDT6's g without the fourth root" 's/pow(s \/ (double)(n - 1), 0.25)/pow(s \/ (double)(n - 1), 0.5)/'
perturb "DTLZ's angles reversed in the last objective" 's/sin(pow(x\[m - 1 - i\], alpha)/sin(pow(x[i - 1], alpha)/'
perturb "DTLZ7's g over k + 1" 's/double g = 1 + 9 \* s \/ (double)(n - m + 1);/double g = 1 + 9 * s \/ (double)(n - m + 2);/'
perturb "BNH's second constraint 7.6" 's/\/ 7.7; \/\* >= 7.7 \*\//\/ 7.6;/'
perturb "C1-DTLZ1's f_m over 0.5" 's/double c = f\[m - 1\] \/ 0.6;/double c = f[m - 1] \/ 0.5;/'
perturb "SRN's front as the literature gives it: the line x1 = -2.5 alone" 's/    .arcs = 3,/    .arcs = 1,/; s/    .arc = {{srn_cut, {0}, 3.7, 2.5}, {srn_line, {0}, 2.5, SRN_LINE_END}/    .arc = {{srn_line, {0}, 2.5, SRN_LINE_END}, {srn_cut, {0}, 3.7, 2.5}/'
perturb "SRN's circle ends at u = 4.8" 's/#define SRN_CIRCLE_END 4.8409773708746728/#define SRN_CIRCLE_END 4.8/'
perturb "OSY's arcs cut where Deb's table rounds them (4.056, 3.732)" 's/#define OSY_CD_END 4.0565430124312840/#define OSY_CD_END 4.056/; s/#define OSY_DE_START 3.7316847560574749/#define OSY_DE_START 3.732/'
perturb "OSY's arc DE with BC's constants" 's/{osy_x3, {116, 5}, OSY_DE_START, 1}/{osy_x3, {242, 27}, OSY_DE_START, 1}/'
perturb "OSY's fifth constraint over 5" 's/violation\[4\] = ((x\[2\] - 3) \* (x\[2\] - 3) + x\[3\]) \/ 4 - 1;/violation[4] = ((x[2] - 3) * (x[2] - 3) + x[3]) \/ 5 - 1;/'
perturb "SRN's second constraint's sign" 's/violation\[1\] = 1 - (3 \* x\[1\] - x\[0\]) \/ 10;/violation[1] = (3 * x[1] - x[0]) \/ 10 - 1;/'
perturb "BNH's edge arc with x1's slope halved" 's/\*f1_slope = 8 \* s;/*f1_slope = 4 * s;/'
perturb "2 Gauss-Legendre points on 2 parts" 's/#define MO_GL_POINTS 20 /#define MO_GL_POINTS 2 /; s/#define MO_GL_PARTS 64/#define MO_GL_PARTS 2/'
perturb "ZDT6's least f1 to 9 digits" 's/#define MO_ZDT6_F1_MIN 0.28077531881536966/#define MO_ZDT6_F1_MIN 0.280775319/'
perturb "ZDT3's area without its sine term" 's/return 2.0 \/ 3 \* t \* sqrt(t) + mo_t_sine_area(t, 10 \* MO_PI);/return 2.0 \/ 3 * t * sqrt(t);/'
perturb "t sin(w t)'s antiderivative with + t cos" 's/return sin(w \* t) \/ (w \* w) - t \* cos(w \* t) \/ w;/return sin(w * t) \/ (w * w) + t * cos(w * t) \/ w;/'
perturb "DTLZ7's f3 constant 6.01" 's/MO_CURVE(0, 1, 4, 6, dtlz7)/MO_CURVE(0, 1, 4, 6.01, dtlz7)/'
perturb "the envelope not flat across the gaps" 's/+ c->value(b) \* (next - b);/+ c->value(b) * (r - b) * (j + 1 == pieces);/'
perturb "a scan of 8 steps" 's/#define MO_SCAN_STEPS 131072/#define MO_SCAN_STEPS 8/'
perturb "the bisection stops at 1e-6" 's/if (mid <= lo || mid >= hi)/if (hi - lo < 1e-6)/'
perturb "later pieces sampled from their start" 's/return a + (b - a) \* (double)(index + 1) \/ (double)grid->size\[j\];/return a + (b - a) * (double)index \/ (double)(grid->size[j] - 1);/'
perturb "the sphere's pole left out" 's/return written + 1;/return written;/'
perturb "the simplex grid stretched by 1e-4" 's/z\[0\] = radius \* (double)i \/ (double)p;/z[0] = radius * (double)i \/ (double)p * 1.0001;/'
perturb "the 3-objective sphere under pi/6.01" 's/MO_PI \/ 4 : MO_PI \/ 6)/MO_PI \/ 4 : MO_PI \/ 6.01)/'
perturb "DTLZ's default k one less" 's/MO_DTLZ(dtlz2, 10,/MO_DTLZ(dtlz2, 9,/'
perturb "the bounds' last entry not repeated" 's/size_t b = i < fn->bounds ? i : fn->bounds - 1;/size_t b = i < fn->bounds ? i : 0;/'
perturb "TNK's wave cos(15 theta)" 's/- 0.1 \* cos(16 \* atan2(x\[0\], x\[1\])));/- 0.1 * cos(15 * atan2(x[0], x[1])));/'
perturb "TNK's disk of radius squared 0.45" 's/(x\[1\] - 0.5) \* (x\[1\] - 0.5)) \/ 0.5 - 1;/(x[1] - 0.5) * (x[1] - 0.5)) \/ 0.45 - 1;/'
perturb "TNK's box [0, 3]" 's/.lower = {0},$/.lower = {0}, .upper = {3},/; s/            .upper = {MO_PI}, .reference/            .reference/'
perturb "TNK's reference point (1.1, 1.1)" 's/.reference = {{1.2, 1.2}}/.reference = {{1.1, 1.1}}/'
perturb "TNK's disk crossing to 9 digits" 's/#define TNK_DISK 0.040099955671146933 /#define TNK_DISK 0.040099956 /'
perturb "TNK's first least f2 to 9 digits" 's/#define TNK_LOW1 0.21166109077144593 /#define TNK_LOW1 0.211661091 /'
perturb "TNK's wave slope without rho's" 's/\*f1_slope = rho_slope \* sin(t) + rho \* cos(t);/*f1_slope = rho * cos(t);/'
perturb "TNK's vertical gaps taken as flat" 's/.end_dominated = {\[2\] = true, \[3\] = true}/.end_dominated = {[2] = false}/'
perturb "every arc sampled from its start" 's/size_t start = j == 0 || path->end_dominated\[j - 1\]/size_t start = 1/'
perturb "the flat gaps' boxes left out" 's/hv += (next\[0\] - end\[0\]) \* (r\[1\] - end\[1\]);/(void)next;/'
exit $failed_to_fail
