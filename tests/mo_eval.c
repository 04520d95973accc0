/* tests/mo_eval.c — evaluates rows of decision variables with problems/mo's test functions, for tests/mo_deap.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "problems/mo/mo_functions.h"

/* Usage: mo_eval FUNCTION M < variables.csv.  The input has a header line
 * (its column count is n) and a row of n numbers a line; each row's m
 * objectives go to stdout, comma-separated, %.17g.  Exit 2 on bad input. */
int main(int argc, char **argv)
{
    const struct ga_mo_function *fn = argc == 3 ? ga_mo_find(argv[1]) : NULL;
    size_t m = argc == 3 ? strtoul(argv[2], NULL, 10) : 0, n = 1;
    char line[65536];
    if (!fn || !fgets(line, sizeof line, stdin)) {
        fprintf(stderr, "usage: mo_eval FUNCTION M < variables.csv (with a header)\n");
        return 2;
    }
    for (const char *c = line; *c; c++)
        n += *c == ',';
    if (!ga_mo_shape_allowed(fn, n, m)) {
        fprintf(stderr, "mo_eval: %s does not take %zu variables and %zu objectives\n", fn->name, n, m);
        return 2;
    }
    double x[GA_MO_MAX_VARIABLES], f[GA_MO_MAX_OBJECTIVES], violation[GA_MO_MAX_CONSTRAINTS];
    for (size_t row = 2; fgets(line, sizeof line, stdin); row++) {
        char *at = line, *end;
        for (size_t i = 0; i < n; i++, at = end + 1) {
            x[i] = strtod(at, &end);
            if (end == at || *end != (i + 1 < n ? ',' : '\n')) {
                fprintf(stderr, "mo_eval: line %zu: expected %zu comma-separated numbers\n", row, n);
                return 2;
            }
        }
        ga_mo_evaluate(fn, n, m, x, f, violation);
        for (size_t j = 0; j < m; j++)
            printf("%.17g%c", f[j], j + 1 < m ? ',' : '\n');
    }
    return 0;
}
