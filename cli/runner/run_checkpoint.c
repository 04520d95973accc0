/* cli/runner/run_checkpoint.c — a run's checkpoint: its payload written (cli/runner/run_resume.c reads it back). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/app.h"
#include "cli/runner/guard.h"
#include "cli/runner/run_checkpoint.h"
#include "cli/runner/run_files.h"
#include "cli/store/checkpoint.h"

bool run_inputs_hash(struct run_inputs *in, const struct ga_cfg *cfg)
{
    const char *path;
    uint64_t hash;
    in->count = 0;
    while (ga_cfg_used_input(cfg, in->count, &path, &hash))
        in->count++;
    in->paths = calloc(in->count ? in->count : 1, sizeof *in->paths);
    in->hashes = calloc(in->count ? in->count : 1, sizeof *in->hashes);
    if (!in->paths || !in->hashes) {
        app_error("out of memory");
        return false;
    }
    for (size_t i = 0; i < in->count; i++)
        ga_cfg_used_input(cfg, i, &in->paths[i], &in->hashes[i]);
    return true;
}

static void run_inputs_pack(const struct run_inputs *in, struct ga_pack *p)
{
    uint64_t count = in->count;
    ga_pack_put(p, &count, sizeof count);
    for (size_t i = 0; i < in->count; i++) {
        uint64_t len = strlen(in->paths[i]);
        ga_pack_put(p, &len, sizeof len);
        ga_pack_put(p, in->paths[i], len);
        ga_pack_put(p, &in->hashes[i], sizeof in->hashes[i]);
    }
}

static void run_best_pack(const struct run_best *b, size_t len, struct ga_pack *p)
{
    uint64_t seed = b->seed, generation = b->generation;
    ga_pack_put(p, &b->fitness, sizeof b->fitness);
    ga_pack_put(p, &b->replicate, sizeof b->replicate);
    ga_pack_put(p, &seed, sizeof seed);
    ga_pack_put(p, &generation, sizeof generation);
    ga_pack_put(p, &b->solved, sizeof b->solved);
    ga_pack_put(p, b->genes, len * sizeof *b->genes);
    if (!b->front.width)
        return;
    ga_pack_put(p, &b->front_replicate, sizeof b->front_replicate);
    ga_pack_put(p, &b->hv, sizeof b->hv);
    front_pack(&b->front, p);
}

bool run_checkpoint(struct run_session *s)
{
    uint64_t lengths[RUN_STREAMED], hashes[RUN_STREAMED], config_len = s->config.len;
    if (!run_files_mark(&s->f, lengths, hashes)) {
        app_error("cannot write to %s: %s", s->out->dir, strerror(errno));
        return false;
    }
    struct ga_pack p = {0};
    double seconds = app_now() - s->replicate_started;
    size_t len = s->genome.len;
    ga_pack_put(&p, &config_len, sizeof config_len);
    ga_pack_put(&p, s->config.data, s->config.len);
    ga_pack_put(&p, &s->replicate, sizeof s->replicate);
    ga_pack_put(&p, &seconds, sizeof seconds);
    ga_pack_put(&p, lengths, sizeof lengths);
    ga_pack_put(&p, hashes, sizeof hashes);
    run_inputs_pack(&s->inputs, &p);
    run_best_pack(&s->best, len, &p);
    curves_pack(s->curves, &p);
    ga_run_pack(s->run, &p);
    bool ok = !p.oom && checkpoint_write(s->out->dir, ga_pack_hash(s->config.data, s->config.len), &p);
    if (p.oom)
        app_error("out of memory");
    ga_pack_free(&p);
    s->checkpointed |= ok;
    if (ok) /* what a crash of a plug-in would leave */
        cli_guard_keep(s->out->dir, "%s keeps its checkpoint of generation %lu of replicate %u", s->out->dir,
                       ga_run_stats(s->run)->generation, s->replicate);
    s->last_checkpoint = app_now();
    return ok;
}

bool run_maybe_checkpoint(struct run_session *s)
{
    if (app_now() - s->last_checkpoint < s->out->checkpoint_seconds)
        return true;
    return run_checkpoint(s);
}

bool run_checkpoint_kept(struct run_session *s)
{
    char path[APP_PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/checkpoint", s->out->dir);
    if (s->checkpointed && access(path, F_OK) != 0) {
        app_error("%s was removed while the run went on: nothing of it is kept", s->out->dir);
        s->checkpointed = false;
    }
    return s->checkpointed;
}
