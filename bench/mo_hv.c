/* bench/mo_hv.c — the hypervolume of runs' final fronts against problems/mo's shipped reference point and exact front, for bench/mo_compare. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gaexp/indicator.h"
#include "problems/mo/mo_functions.h"

#define MO_HV_MAX_ROWS 100000

static double mo_hv_points[MO_HV_MAX_ROWS * GA_MO_MAX_OBJECTIVES];

/* Prints "label,hypervolume,share" for the rows read so far (share: of the
 * true front's exact hypervolume). */
static void mo_hv_print(const char *label, size_t rows, size_t m, const struct ga_mo_function *fn)
{
    double hv = ga_indicator_hv(mo_hv_points, rows, m, fn->reference[m - 2]);
    printf("%s,%.17g,%.17g\n", label, hv, hv / ga_mo_front_hv(fn, m));
}

/* Usage: mo_hv FUNCTION < rows.  Each row is "label,f1,...,fm" (no header),
 * the rows of one run together; m, 2 or 3, from the first row.  Exit 2 on
 * bad input. */
int main(int argc, char **argv)
{
    const struct ga_mo_function *fn = argc == 2 ? ga_mo_find(argv[1]) : NULL;
    char line[4096], label[256] = "", *at, *end;
    size_t m = 0, rows = 0;
    if (!fn) {
        fprintf(stderr, "usage: mo_hv FUNCTION < rows of label,f1,...,fm\n");
        return 2;
    }
    for (size_t number = 1; fgets(line, sizeof line, stdin); number++) {
        size_t fields = 1, cut = strcspn(line, ",");
        for (const char *c = line; *c; c++)
            fields += *c == ',';
        if (m == 0)
            m = fields - 1;
        if (fields - 1 != m || m < fn->m_min || m > fn->m_max || cut >= sizeof label) {
            fprintf(stderr, "mo_hv: line %zu: expected a label and %zu objectives of %s\n", number,
                    m ? m : fn->m_min, fn->name);
            return 2;
        }
        line[cut] = '\0';
        if (rows > 0 && strcmp(line, label) != 0) {
            mo_hv_print(label, rows, m, fn);
            rows = 0;
        }
        if (rows == MO_HV_MAX_ROWS) {
            fprintf(stderr, "mo_hv: line %zu: more than %d rows in one run\n", number, MO_HV_MAX_ROWS);
            return 2;
        }
        strcpy(label, line);
        at = line + cut + 1;
        for (size_t j = 0; j < m; j++, at = end + 1) {
            mo_hv_points[rows * m + j] = strtod(at, &end);
            if (end == at || *end != (j + 1 < m ? ',' : '\n')) {
                fprintf(stderr, "mo_hv: line %zu: expected %zu numbers after the label\n", number, m);
                return 2;
            }
        }
        rows++;
    }
    if (rows > 0)
        mo_hv_print(label, rows, m, fn);
    return 0;
}
