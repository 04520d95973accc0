/* problems/tsp/cmd_solve.c — 'gaexp solve tsp': the optimal tour of a small TSPLIB instance by Held-Karp. */
#include "config.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "problems/tsp/tsp_solve.h"

static const char solve_tsp_usage[] =
    "  gaexp solve tsp FILE [--tour]\n"
    "      The optimal tour length of the TSPLIB FILE (TYPE: TSP; EUC_2D, CEIL_2D,\n"
    "      GEO, ATT or EXPLICIT) by Held-Karp dynamic programming: at most 20\n"
    "      cities (its table takes 80 MB and a third of a second there).  Beside it\n"
    "      TSPLIB's published optimum, when the instance has one.  --tour adds an\n"
    "      optimal tour from city 1, the cities numbered as in the file.\n";

static int solve_tsp_parse(int argc, char **argv, const char **file, bool *tour, bool *help)
{
    static const struct option longopts[] = {
        {"tour", no_argument, NULL, 't'}, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0},
    };
    *tour = *help = false;
    optind = 1;
    opterr = 0;
    for (int c; (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1;) {
        *tour |= c == 't';
        *help |= c == 'h';
        if (c == '?' || c == ':') {
            app_error("solve tsp: unknown or incomplete option '%s'", argv[optind - 1]);
            return APP_USAGE;
        }
    }
    if (*help)
        return APP_OK;
    if (optind != argc - 1) {
        app_error("solve tsp: expected one TSPLIB FILE (see 'gaexp solve --help')");
        return APP_USAGE;
    }
    *file = argv[optind];
    return APP_OK;
}

static int solve_tsp(int argc, char **argv)
{
    const char *file = NULL;
    bool want_tour, help;
    int status = solve_tsp_parse(argc, argv, &file, &want_tour, &help);
    if (status != APP_OK || help) {
        if (help)
            fputs(solve_tsp_usage, stdout);
        return status;
    }
    struct ga_diag diag;
    ga_diag_clear(&diag);
    int ga;
    struct tsp_instance *t = tsp_instance_alloc_file(file, &diag, &ga);
    if (!t) {
        app_print_diag(&diag);
        return ga == GA_ENOMEM ? APP_FAILED : APP_USAGE;
    }
    size_t *tour = malloc(t->n * sizeof *tour);
    int64_t length = 0;
    double start = app_now();
    ga = tour ? tsp_held_karp(t, &length, tour) : GA_ENOMEM;
    double seconds = app_now() - start;
    if (ga == GA_ETOOBIG) {
        app_error("solve tsp: %s has %zu cities: Held-Karp takes at most %d (its table takes 2^(n-1) (n-1) "
                  "lengths: %zu MB at %d)",
                  file, t->n, TSP_HELD_KARP_MAX, tsp_held_karp_bytes(TSP_HELD_KARP_MAX) >> 20, TSP_HELD_KARP_MAX);
        status = APP_USAGE;
    } else if (ga != GA_OK) {
        app_error("solve tsp: %s: %s", file, ga_strerror(ga));
        status = APP_FAILED;
    } else {
        long long published = t->optimum >= 0 ? t->optimum : tsp_published_optimum(t->name, t->n);
        printf("%s: %zu cities (%s), optimal tour length %lld (Held-Karp, %.3f s)", t->name, t->n,
               tsp_weight_type_name(t->type), (long long)length, seconds);
        if (published >= 0)
            printf("; %s %lld%s", t->optimum >= 0 ? "the file's OPTIMUM" : "published", published,
                   published == length ? "" : ": THEY DIFFER");
        putchar('\n');
        for (size_t i = 0; want_tour && i < t->n; i++)
            printf("%s%zu%s", i ? "" : "tour ", tour[i] + 1, i + 1 < t->n ? " " : "\n");
        if (tsp_tour_length(t, tour) != length) {
            app_error("solve tsp: the tour found does not have the optimal length (a bug)");
            status = APP_FAILED;
        }
    }
    if (status == APP_OK && (fflush(stdout) != 0 || ferror(stdout))) {
        app_error("solve tsp: cannot write to standard output");
        status = APP_FAILED;
    }
    free(tour);
    tsp_instance_free(t);
    return status;
}

const struct app_command tsp_cmd_solve = {"solve", "tsp", "the optimal tour of up to 20 cities (Held-Karp)",
                                          solve_tsp_usage, solve_tsp};
