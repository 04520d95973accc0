/* problems/fortythieves/cmd_deal.c — 'gaexp deal': seeded Forty Thieves deals in the deal-file format. */
#include "config.h"

#include <getopt.h>
#include <string.h>

#include "app/app.h"
#include "problems/fortythieves/fortythieves_deal.h"

static const char deal_usage[] =
    "Usage: gaexp deal --seed K [--count N]\n"
    "Writes N Forty Thieves deals (default 1), of seeds K, K+1, ..., K+N-1, to\n"
    "standard output in the deal-file format that 'gaexp solve fortythieves' reads:\n"
    "a line 'deal seed-K seed K', then the 10 columns of 4 cards, left to right,\n"
    "one line each, bottom card first (AS 10H KD ...).  Deal K is the same on\n"
    "every machine: problems/fortythieves/fortythieves_deal.h in the sources gives\n"
    "the exact shuffle.\n"
    "\n"
    "Options:\n"
    "  --seed K     first seed, K in [0, 9223372036854775807]\n"
    "  --count N    number of deals, N in [1, 10000000]\n"
    "  -h, --help   show this help\n";

static int deal_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"seed", required_argument, NULL, 's'},
        {"count", required_argument, NULL, 'n'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    long long seed = -1, count = 1;
    optind = 1;
    opterr = 0;
    for (int c; (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1;) {
        if (c == 's' && !app_parse_long("--seed", optarg, 0, 0x7fffffffffffffffLL, &seed))
            return APP_USAGE;
        if (c == 'n' && !app_parse_long("--count", optarg, 1, 10000000, &count))
            return APP_USAGE;
        if (c == 'h') {
            fputs(deal_usage, stdout);
            return APP_OK;
        }
        if (c == '?' || c == ':') {
            app_error("deal: unknown or incomplete option '%s'", argv[optind - 1]);
            return APP_USAGE;
        }
    }
    if (seed < 0 || optind != argc) {
        app_error("deal: expected --seed K [--count N] and no other arguments");
        return APP_USAGE;
    }
    if (count - 1 > 0x7fffffffffffffffLL - seed) {
        app_error("deal: seed %lld plus %lld deals passes the largest seed", seed, count);
        return APP_USAGE;
    }
    printf("# gaexp deal --seed %lld --count %lld: Forty Thieves deals, columns left to right, "
           "bottom card first\n",
           seed, count);
    for (long long k = seed; k < seed + count; k++) {
        struct ft_position p;
        int status = ft_deal((uint64_t)k, &p);
        if (status != FT_OK) {
            app_error("deal: seed %lld: %s", k, ga_strerror(status));
            return status == FT_EINVAL ? APP_USAGE : APP_FAILED;
        }
        putchar('\n');
        if (ft_position_write(stdout, &p) != FT_OK)
            break;
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        app_error("deal: cannot write the deals to standard output");
        return APP_FAILED;
    }
    return APP_OK;
}

const struct app_command fortythieves_cmd_deal = {"deal", "fortythieves", "seeded Forty Thieves deals in the deal-file format", deal_usage,
                                         deal_main};
