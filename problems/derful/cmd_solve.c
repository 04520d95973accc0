/* problems/derful/cmd_solve.c — 'gaexp solve derful': the exact 31-derful enumerator. */
#include "config.h"

#include <getopt.h>
#include <unistd.h>

#include "gaexp/rng.h"
#include "app/app.h"
#include "problems/derful/derful_count.h"
#include "problems/derful/derful_enum.h"

static const char solve_derful_usage[] =
    "  gaexp solve derful --n N [--suits K] [--list]\n"
    "      Enumerates every winning n x n 31-derful game (all rows and columns on one\n"
    "      sum S) up to row permutation, column permutation and transposition, and\n"
    "      prints the number of games per S and in total.  N in [2, 4]; K in [1, 4],\n"
    "      default N-1 (the scaled-down games of the published study).\n"
    "      --list also prints every game (values; A = 11, 10 stands for 10/J/Q/K).\n"
    "  gaexp solve derful --n N --estimate [--suits K] [--samples M] [--seed S]\n"
    "      Estimates the same counts without bias by sequential importance sampling\n"
    "      (M samples, default 10000000, seed S, default 1), with 95% intervals; the\n"
    "      only way for N = 5 (the full game, default 4 suits), where it is the default.\n";

struct solve_derful_ctx {
    bool list, progress;
};

static void solve_derful_game(void *vctx, const int *values, int n, int sum)
{
    const struct solve_derful_ctx *ctx = vctx;
    if (!ctx->list)
        return;
    printf("S=%d\n", sum);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            int v = values[i * n + j];
            printf(v == 11 ? "  A" : "%3d", v);
        }
        putchar('\n');
    }
}

static void solve_derful_progress(void *vctx, double fraction)
{
    const struct solve_derful_ctx *ctx = vctx;
    if (ctx->progress)
        fprintf(stderr, "\r\033[Kenumerating: %.0f%%", 100 * fraction);
}

/* The estimator's table: per S the estimate, its 95% interval and the
 * samples that ended on S (few samples: a rough interval). */
static int solve_derful_estimate(int n, int suits, unsigned long long samples, unsigned long seed)
{
    struct derful_estimate e = {.n = n, .suits = suits};
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    if (!r) {
        app_error("solve derful: out of memory");
        return APP_FAILED;
    }
    gsl_rng_set(r, seed);
    double start = app_now();
    int status = derful_count_sample(&e, samples, r);
    gsl_rng_free(r);
    if (status != 0) {
        app_error("solve derful: %d suits hold too few cards for %dx%d", suits, n, n);
        return APP_USAGE;
    }
    printf("31-derful %dx%d, %d suit%s: winning games up to row/column permutation and transposition\n", n, n,
           suits, suits > 1 ? "s" : "");
    printf("estimated by sequential importance sampling: %llu samples (seed %lu), %llu complete\n", e.samples,
           seed, e.completed);
    printf("%5s %14s %14s %14s %12s\n", "S", "games", "95% low", "95% high", "samples");
    for (int s = 0; s < DERFUL_ENUM_MAX_SUM; s++) {
        double half, games = derful_count_games(&e, s, &half);
        if (e.hits[s])
            printf("%5d %14.6g %14.6g %14.6g %12llu\n", s, games, games - half > 0 ? games - half : 0,
                   games + half, e.hits[s]);
    }
    double half, total = derful_count_total(&e, &half);
    printf("total: %.6g games, 95%% interval [%.6g, %.6g]\n", total, total - half, total + half);
    printf("time: %.2f s\n", app_now() - start);
    return APP_OK;
}

static int solve_derful(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"n", required_argument, NULL, 'n'}, {"suits", required_argument, NULL, 's'},
        {"list", no_argument, NULL, 'l'},    {"help", no_argument, NULL, 'h'},
        {"estimate", no_argument, NULL, 'e'}, {"samples", required_argument, NULL, 'm'},
        {"seed", required_argument, NULL, 'r'}, {NULL, 0, NULL, 0},
    };
    long long n = 0, suits = 0, samples = 10000000, seed = 1;
    bool estimate = false;
    struct solve_derful_ctx ctx = {.progress = isatty(STDERR_FILENO)};
    optind = 1;
    opterr = 0;
    for (int c; (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1;) {
        if (c == 'n' && !app_parse_long("--n", optarg, 2, 5, &n))
            return APP_USAGE;
        if (c == 'm' && !app_parse_long("--samples", optarg, 2, 1000000000000LL, &samples))
            return APP_USAGE;
        if (c == 'r' && !app_parse_long("--seed", optarg, 0, 4294967295LL, &seed))
            return APP_USAGE;
        estimate |= c == 'e';
        if (c == 's' && !app_parse_long("--suits", optarg, 1, 4, &suits))
            return APP_USAGE;
        if (c == 'l')
            ctx.list = true;
        if (c == 'h') {
            fputs(solve_derful_usage, stdout);
            return APP_OK;
        }
        if (c == '?' || c == ':') {
            app_error("solve derful: unknown or incomplete option '%s'", argv[optind - 1]);
            return APP_USAGE;
        }
    }
    if (n == 0 || optind != argc) {
        app_error("solve derful: expected --n N with N in [2, 5] and no other arguments");
        return APP_USAGE;
    }
    if (suits == 0)
        suits = n - 1;
    if (n == 5 || estimate) {
        if (ctx.list) {
            app_error("solve derful: --list needs the exact enumeration (n up to 4, no --estimate)");
            return APP_USAGE;
        }
        return solve_derful_estimate((int)n, (int)suits, (unsigned long long)samples, (unsigned long)seed);
    }
    struct derful_census census;
    double start = app_now();
    int status = derful_enum_count((int)n, (int)suits, &census, solve_derful_game,
                                   solve_derful_progress, &ctx);
    if (status != 0) {
        app_error("solve derful: %s", status == GA_ENOMEM ? "out of memory" : "n or suits out of range");
        return status == GA_ENOMEM ? APP_FAILED : APP_USAGE;
    }
    double seconds = app_now() - start;
    if (ctx.progress)
        fputs("\r\033[K", stderr);
    printf("31-derful %lldx%lld, %lld suit%s: winning games up to row/column permutation and "
           "transposition\n",
           n, n, suits, suits > 1 ? "s" : "");
    printf("%5s %12s\n", "S", "games");
    for (int s = 0; s < DERFUL_ENUM_MAX_SUM; s++)
        if (census.games_by_sum[s])
            printf("%5d %12llu\n", s, census.games_by_sum[s]);
    printf("total: %llu games", census.total);
    if (census.total)
        printf(", sums %d..%d", census.sum_min, census.sum_max);
    printf("\ncard multisets: %llu, at most %llu game%s per multiset\n", census.multisets,
           census.max_games_per_multiset, census.max_games_per_multiset == 1 ? "" : "s");
    printf("time: %.2f s\n", seconds);
    return APP_OK;
}


const struct app_command derful_cmd_solve = {"solve", "derful", "the exact 31-derful enumerator: every winning n x n game", solve_derful_usage, solve_derful};
