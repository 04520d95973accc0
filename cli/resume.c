/* cli/resume.c — 'gaexp resume DIR': a run folder from its checkpoint or commit journal, or a sweep. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/runner/plugin.h"
#include "cli/runner/pool.h"
#include "cli/runner/run_resume.h"
#include "cli/store/output.h"
#include "cli/store/publish.h"
#include "cli/store/replicates.h"

static const char resume_usage[] =
    "Usage: gaexp resume DIR [OPTION]...\n"
    "Goes on with the run whose output folder DIR holds a checkpoint, or with the\n"
    "sweep whose folder DIR is (finished points are kept, an interrupted one\n"
    "resumed, the others run).  After a killed 'sweep --force', it goes on with\n"
    "the new sweep, built beside the old one, and then puts it in place of the\n"
    "old one; once that replacement has begun (DIR/publish), it finishes it.\n"
    "A 'sweep --force' killed before it recorded its settings never started:\n"
    "resume says so and exits 1 (DIR holds the earlier sweep, unchanged).\n"
    "A run writes a checkpoint every output.checkpoint seconds (default 60;\n"
    "0: every generation) and when the run is interrupted (Ctrl-C, SIGTERM).\n"
    "The finished folder is the one an uninterrupted run writes, byte for byte\n"
    "(times.csv aside).  A checkpoint that is truncated, corrupted or from\n"
    "another gaexp is refused.  Under mpirun a sweep goes on spread over the\n"
    "ranks (see 'gaexp sweep --help').\n"
    "\n"
    "A plug-in that changed since the run began (rebuilt after a fix) is refused:\n"
    "the results would mix two programs.  --accept-changed-plugin goes on with it\n"
    "and records the change in config.cfg (problem.plugin_changed).\n"
    "\n"
    "Options:\n"
    "  --jobs N                  threads (results are identical for every N)\n"
    "  --accept-changed-plugin   go on with a plug-in that changed, recording it\n"
    "  --quiet                   no progress line and no summary on the terminal\n"
    "  -h, --help                show this help\n";

/* 'gaexp resume DIR' of a run whose replicates went side by side (its
 * folder keeps replicates/config): goes on with what was kept, on 'jobs'
 * threads (0: as before).  An APP_ status. */
static int resume_replicates(const char *dir, long long jobs, bool quiet)
{
    struct ga_pack text = {0};
    struct ga_diag diag;
    ga_diag_clear(&diag);
    char name[APP_PATH_MAX + 32];
    snprintf(name, sizeof name, "%s/replicates/config", dir);
    struct ga_cfg *cfg = replicates_load_config(dir, &text) ? ga_cfg_alloc(&diag) : NULL;
    struct ga_experiment *e = NULL;
    struct output_settings out;
    bool ok = cfg && cli_config_resumed(cfg, name, (const char *)text.data, dir, jobs) &&
              (e = cli_experiment_alloc(cfg, 0, &out)) != NULL;
    app_print_diag(&diag);
    int status = ok ? cli_pool_run_experiment(cfg, e, &out, quiet) : APP_USAGE;
    ga_experiment_free(e);
    ga_cfg_free(cfg);
    ga_pack_free(&text);
    return status;
}

int cli_resume(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"jobs", required_argument, NULL, 'j'}, {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},       {"accept-changed-plugin", no_argument, NULL, 'A'},
        {NULL, 0, NULL, 0},
    };
    long long jobs = 0;
    bool quiet = false, accept = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'j':
            if (!app_parse_long("--jobs", optarg, 1, 1024, &jobs))
                return APP_USAGE;
            break;
        case 'q':
            quiet = true;
            break;
        case 'A':
            accept = true;
            break;
        case 'h':
            fputs(resume_usage, stdout);
            return APP_OK;
        default:
            app_error("see 'gaexp resume --help'");
            return APP_USAGE;
        }
    }
    if (optind != argc - 1) {
        app_error("resume expects one output folder (see 'gaexp resume --help')");
        return APP_USAGE;
    }
    const char *dir = argv[optind];
    char path[1100];
    if (!output_path_fits(dir))
        return APP_USAGE;
    /* A new result decided (its journal in place) is published first, and is all there is to do. */
    bool published;
    int status = publish_finish(dir, &published);
    if (status != APP_OK || published) {
        if (published && !quiet)
            printf("finished the publication of %s/\n", dir);
        return status;
    }
    snprintf(path, sizeof path, "%s/checkpoint", dir);
    char journal[1100];
    snprintf(journal, sizeof journal, "%s/commit", dir);
    cli_plugin_resuming(dir, accept);
    bool resumed = false;
    if (access(path, F_OK) != 0 && access(journal, F_OK) != 0) {
        char kept[1100];
        snprintf(kept, sizeof kept, "%s/replicates/config", dir);
        resumed = cli_resume_sweep(dir, jobs, quiet, &status);
        if (!resumed && access(kept, F_OK) == 0) { /* replicates side by side */
            status = resume_replicates(dir, jobs, quiet);
            resumed = true;
        }
    }
    if (!resumed)
        status = cli_resume_dir(dir, NULL, jobs, quiet, NULL);
    cli_plugin_resuming(NULL, false);
    return status;
}
