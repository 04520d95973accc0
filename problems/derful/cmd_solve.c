/* problems/derful/cmd_solve.c — 'gaexp solve derful': the exact 31-derful enumerator. */
#include "config.h"

#include <getopt.h>
#include <string.h>
#include <unistd.h>

#include "gaexp/rng.h"
#include "app/app.h"
#include "problems/derful/derful_count.h"
#include "problems/derful/derful_enum.h"
#include "problems/derful/derful_exact.h"

static const char solve_derful_usage[] =
    "  gaexp solve derful --n N [--suits K] [--list]\n"
    "      Enumerates every winning n x n 31-derful game (all rows and columns on one\n"
    "      sum S) up to row permutation, column permutation and transposition, and\n"
    "      prints the number of games per S and in total.  N in [2, 4]; K in [1, 4],\n"
    "      default N-1 (the scaled-down games of the published study).\n"
    "      --list also prints every game (values; A = 11, 10 stands for 10/J/Q/K).\n"
    "  gaexp solve derful --n N --exact [--suits K] [--sums LO..HI]\n"
    "      Counts the same games exactly without listing them (Burnside's lemma over\n"
    "      the symmetries, each one's fixed grids counted by dynamic programming):\n"
    "      N in [2, 5]; --sums limits S to LO..HI.  The default for N = 5 (the full\n"
    "      game, 4 suits: about 2 minutes on 2 cores and 1.8 GB).\n"
    "  gaexp solve derful --n N --estimate [--suits K] [--samples M] [--seed S]\n"
    "      Estimates the same counts without bias by sequential importance sampling\n"
    "      (M samples, default 10000000, seed S, default 1), with 95% intervals: the\n"
    "      method for variants too large to count.  --samples or --seed imply it.\n";

struct solve_derful_ctx {
    bool list, progress;
    const char *doing;                    /* the progress line's verb */
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
        fprintf(stderr, "\r\033[K%s: %.0f%%", ctx->doing, 100 * fraction);
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

/* The exact counts: per S the games and the labelled grids, then the total. */
static int solve_derful_exact(int n, int suits, int sum_lo, int sum_hi, struct solve_derful_ctx *ctx)
{
    struct derful_exact e;
    if (sum_hi < 2 * n || sum_lo > 11 * n) {
        app_error("solve derful: --sums %d..%d holds no sum a %dx%d game can have (%d to %d)", sum_lo, sum_hi, n, n,
                  2 * n, 11 * n);
        return APP_USAGE;
    }
    double start = app_now();
    ctx->doing = "counting";
    int status = derful_exact_count(n, suits, sum_lo, sum_hi, &e, solve_derful_progress, ctx);
    if (ctx->progress)
        fputs("\r\033[K", stderr);
    if (status != GA_OK) {
        app_error("solve derful: %s", ga_strerror(status));
        return status == GA_ERANGE ? APP_USAGE : APP_FAILED;
    }
    printf("31-derful %dx%d, %d suit%s: winning games up to row/column permutation and transposition\n", n, n,
           suits, suits > 1 ? "s" : "");
    printf("counted exactly (Burnside's lemma over %d classes of symmetries)\n", e.classes);
    printf("%5s %16s %22s\n", "S", "games", "grids (not up to symmetry)");
    for (int s = 0; s < DERFUL_ENUM_MAX_SUM; s++)
        if (e.games_by_sum[s])
            printf("%5d %16llu %22llu\n", s, e.games_by_sum[s], e.labelled_by_sum[s]);
    printf("total: %llu games", e.total);
    if (e.total)
        printf(", sums %d..%d", e.sum_min, e.sum_max);
    printf("\nlargest table: %zu states\n", e.peak_states);
    printf("time: %.2f s\n", app_now() - start);
    return APP_OK;
}

static int solve_derful(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"n", required_argument, NULL, 'n'}, {"suits", required_argument, NULL, 's'},
        {"list", no_argument, NULL, 'l'},    {"help", no_argument, NULL, 'h'},
        {"estimate", no_argument, NULL, 'e'}, {"samples", required_argument, NULL, 'm'},
        {"seed", required_argument, NULL, 'r'}, {"exact", no_argument, NULL, 'x'},
        {"sums", required_argument, NULL, 'S'}, {NULL, 0, NULL, 0},
    };
    long long n = 0, suits = 0, samples = 10000000, seed = 1, sum_lo = -1, sum_hi = -1;
    bool estimate = false, exact = false;
    struct solve_derful_ctx ctx = {.progress = isatty(STDERR_FILENO), .doing = "enumerating"};
    optind = 1;
    opterr = 0;
    for (int c; (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1;) {
        if (c == 'n' && !app_parse_long("--n", optarg, 2, 5, &n))
            return APP_USAGE;
        if (c == 'm' && !app_parse_long("--samples", optarg, 2, 1000000000000LL, &samples))
            return APP_USAGE;
        if (c == 'r' && !app_parse_long("--seed", optarg, 0, 4294967295LL, &seed))
            return APP_USAGE;
        estimate |= c == 'e' || c == 'm' || c == 'r';
        exact |= c == 'x';
        if (c == 'S' && !app_parse_range("--sums", optarg, 0, DERFUL_ENUM_MAX_SUM - 1, &sum_lo, &sum_hi))
            return APP_USAGE;
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
    if (exact && estimate) {
        app_error("solve derful: --exact and --estimate (or --samples, --seed) are two methods: choose one");
        return APP_USAGE;
    }
    exact |= n == 5 && !estimate;
    if (sum_lo >= 0 && !exact) {
        app_error("solve derful: --sums needs --exact");
        return APP_USAGE;
    }
    if (exact) {
        if (ctx.list) {
            app_error("solve derful: --list needs the enumeration (n up to 4, no --exact): the exact count lists no game");
            return APP_USAGE;
        }
        return solve_derful_exact((int)n, (int)suits, sum_lo < 0 ? 0 : (int)sum_lo,
                                  sum_hi < 0 ? DERFUL_ENUM_MAX_SUM - 1 : (int)sum_hi, &ctx);
    }
    if (estimate) {
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
