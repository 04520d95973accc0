/* problems/sched/cmd_solve.c — 'gaexp solve sched': the optimal schedule of a small instance, by enumeration. */
#include "config.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>

#include "app/app.h"
#include "problems/sched/sched.h"

static const char solve_sched_usage[] =
    "  gaexp solve sched [--jobs N] [--machines M] [--instance K]\n"
    "      The optimal total weighted completion time of the instance the\n"
    "      problem group { name = \"sched\"; jobs = N; machines = M; instance = K; }\n"
    "      describes (defaults 8, 3, 1), and an optimal schedule: every assignment\n"
    "      of jobs to machines, each machine's jobs in Smith's order; M^N at most\n"
    "      2^24 (10 jobs on 5 machines, 12 on 4, 24 on 2).\n";

static int solve_sched_parse(int argc, char **argv, long long *jobs, long long *machines, long long *instance,
                             bool *help)
{
    static const struct option longopts[] = {
        {"jobs", required_argument, NULL, 'j'},     {"machines", required_argument, NULL, 'm'},
        {"instance", required_argument, NULL, 'i'}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    *jobs = 8, *machines = 3, *instance = 1, *help = false;
    optind = 1;
    opterr = 0;
    for (int c; (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1;) {
        *help |= c == 'h';
        if (c == 'j' && !app_parse_long("--jobs", optarg, 2, SCHED_MAX_JOBS, jobs))
            return APP_USAGE;
        if (c == 'm' && !app_parse_long("--machines", optarg, 1, SCHED_MAX_MACHINES, machines))
            return APP_USAGE;
        if (c == 'i' && !app_parse_long("--instance", optarg, 0, 0x7fffffffffffffffLL, instance))
            return APP_USAGE;
        if (c == '?' || c == ':') {
            app_error("solve sched: unknown or incomplete option '%s'", argv[optind - 1]);
            return APP_USAGE;
        }
    }
    if (!*help && optind != argc) {
        app_error("solve sched: unexpected argument '%s' (see 'gaexp solve --help')", argv[optind]);
        return APP_USAGE;
    }
    return APP_OK;
}

static int solve_sched(int argc, char **argv)
{
    long long jobs, machines, instance;
    bool help;
    int status = solve_sched_parse(argc, argv, &jobs, &machines, &instance, &help);
    if (status != APP_OK || help) {
        if (help)
            fputs(solve_sched_usage, stdout);
        return status;
    }
    struct sched_instance s;
    sched_instance_make(&s, (size_t)jobs, (size_t)machines, (uint64_t)instance);
    uint16_t order[SCHED_MAX_JOBS], machine[SCHED_MAX_JOBS];
    uint64_t cost;
    if (!sched_optimum(&s, &cost, order, machine)) {
        app_error("solve sched: %lld jobs on %lld machines are %lld^%lld assignments: the enumeration takes at "
                  "most 2^24", jobs, machines, machines, jobs);
        return APP_USAGE;
    }
    printf("sched: %lld jobs, %lld machines, instance %lld: optimal total weighted completion time %" PRIu64 "\n",
           jobs, machines, instance, cost);
    for (size_t i = 0; i < s.machines; i++) {
        printf("machine %zu:", i + 1);
        for (size_t k = 0; k < s.jobs; k++)
            if (machine[order[k]] == i)
                printf(" %u", order[k] + 1u);
        putchar('\n');
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        app_error("solve sched: cannot write to standard output");
        return APP_FAILED;
    }
    return APP_OK;
}

const struct app_command sched_cmd_solve = {"solve", "sched", "the optimal schedule of a small instance (enumeration)",
                                            solve_sched_usage, solve_sched};
