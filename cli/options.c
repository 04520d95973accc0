/* cli/options.c — the options 'gaexp run' and 'gaexp sweep' share, read by one parser. */
#include "cli/options.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "gaexp/cfg.h"

int cli_options_parse(int argc, char **argv, const char *command, const char *usage, bool resume,
                      struct cli_options *o)
{
    static const struct option longopts[] = {
        {"seed", required_argument, NULL, 's'},       {"set", required_argument, NULL, 'S'},
        {"out", required_argument, NULL, 'o'},        {"jobs", required_argument, NULL, 'j'},
        {"replicates", required_argument, NULL, 'r'}, {"force", no_argument, NULL, 'f'},
        {"quiet", no_argument, NULL, 'q'},            {"help", no_argument, NULL, 'h'},
        {"resume", no_argument, NULL, 'R'},           {"parallel", required_argument, NULL, 'P'},
        {"check", no_argument, NULL, 'C'},
        {NULL, 0, NULL, 0},
    };
    *o = (struct cli_options){.seed = -1};
    optind = 1;
    opterr = 0;
    for (int c; (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1;) {
        bool ok = true;
        switch (c) {
        case 's':
            ok = app_parse_long("--seed", optarg, 0, 0x7fffffffffffffffLL, &o->seed);
            break;
        case 'S':
            if ((ok = o->nsets < CLI_OPTIONS_MAX_SETS))
                o->sets[o->nsets++] = optarg;
            else
                app_error("too many --set options (at most %d)", CLI_OPTIONS_MAX_SETS);
            break;
        case 'o':
            o->out = optarg;
            break;
        case 'j':
            ok = app_parse_long("--jobs", optarg, 1, 1024, &o->jobs);
            break;
        case 'r':
            ok = app_parse_long("--replicates", optarg, 1, 100000, &o->replicates);
            break;
        case 'P':
            ok = cli_pool_parse(optarg, &o->parallel);
            break;
        case 'f':
            o->force = true;
            break;
        case 'q':
            o->quiet = true;
            break;
        case 'C':
            o->check = true;
            break;
        case 'h':
            fputs(usage, stdout);
            return -1;
        case 'R': /* internal: set by gaexp resume for a sweep; not an option of run */
            if (resume) {
                o->resume = o->force = true;
                break;
            }
            /* fall through */
        default:
            app_error("%s: unknown or incomplete option '%s' (see 'gaexp %s --help')", command,
                      argv[optind - 1], command);
            return APP_USAGE;
        }
        if (!ok)
            return APP_USAGE;
    }
    /* "--set a.b 0.2": the value went astray as a second file name. */
    for (size_t i = 0; i < o->nsets; i++)
        if (!strchr(o->sets[i], '=')) {
            app_error("--set %s: expected PATH=VALUE, e.g. --set %s=%s", o->sets[i], o->sets[i],
                      optind < argc - 1 ? argv[optind + 1] : "VALUE");
            return APP_USAGE;
        }
    if (optind != argc - 1) {
        app_error("%s: expected one FILE.cfg (see 'gaexp %s --help')", command, command);
        return APP_USAGE;
    }
    o->file = argv[optind];
    return APP_OK;
}

bool cli_options_apply(const struct cli_options *o, struct ga_cfg *cfg)
{
    bool ok = true;
    for (size_t i = 0; ok && i < o->nsets; i++)
        ok = ga_cfg_override(cfg, o->sets[i]);
    char text[64];
    if (ok && o->seed >= 0) {
        snprintf(text, sizeof text, "ga.seed=%lldL", o->seed);
        ok = ga_cfg_override(cfg, text);
    }
    if (ok && o->replicates > 0) {
        snprintf(text, sizeof text, "ga.replicates=%lld", o->replicates);
        ok = ga_cfg_override(cfg, text);
    }
    if (ok && o->check)
        ok = ga_cfg_override(cfg, "ga.check=true");
    return ok;
}

bool cli_options_jobs(const struct cli_options *o, struct ga_cfg *cfg)
{
    char text[64];
    snprintf(text, sizeof text, "ga.threads=%lld", o->jobs);
    return o->jobs <= 0 || ga_cfg_override(cfg, text);
}

int cli_options_failed(const struct ga_diag *diag)
{
    bool oom = diag->count && strncmp(diag->entries[diag->count - 1].message, "out of memory", 13) == 0;
    return oom ? APP_FAILED : APP_USAGE;
}
