/* build-aux/mo-fronts.c — writes the sampled true fronts of problems/mo for doc/mo-problems.md's figures, and its table of exact hypervolumes. */
#include <stdio.h>
#include <stdlib.h>

#include "gaexp/indicator.h"
#include "problems/mo/mo_functions.h"

#define FRONTS_POINTS 2000    /* per figure's front (3 objectives: a third): dense enough to draw */
#define FRONTS_HV_POINTS 40000 /* for the table's sampled hypervolume */

/* Writes DIR/NAME-M.dat for every function and m (one point a line), and
 * prints the markdown table: reference point, exact hypervolume, and that
 * of a sample of up to FRONTS_HV_POINTS points, which lies just below. */
int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    double *f = malloc(FRONTS_HV_POINTS * 3 * sizeof *f);
    if (!f)
        return 1;
    printf("| function | m | reference point | exact hypervolume | sample of | its hypervolume |\n");
    printf("|---|---|---|---|---|---|\n");
    for (size_t k = 0; k < ga_mo_function_count; k++) {
        const struct ga_mo_function *fn = &ga_mo_functions[k];
        for (size_t m = fn->m_min; m <= fn->m_max; m++) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s-%zu.dat", argv[1], fn->name, m);
            FILE *out = fopen(path, "w");
            if (!out) {
                perror(path);
                return 1;
            }
            size_t count = ga_mo_front_sample(fn, m, m == 2 ? FRONTS_POINTS : FRONTS_POINTS / 3, f);
            for (size_t i = 0; i < count; i++)
                for (size_t j = 0; j < m; j++)
                    fprintf(out, "%.9g%c", f[i * m + j], j + 1 < m ? ' ' : '\n');
            if (fclose(out) != 0) {
                perror(path);
                return 1;
            }
            const double *r = fn->reference[m - 2];
            count = ga_mo_front_sample(fn, m, FRONTS_HV_POINTS, f);
            printf("| %s | %zu | (%g, %g", fn->name, m, r[0], r[1]);
            if (m == 3)
                printf(", %g", r[2]);
            printf(") | %.12g | %zu | %.12g |\n", ga_mo_front_hv(fn, m), count, ga_indicator_hv(f, count, m, r));
        }
    }
    free(f);
    return 0;
}
