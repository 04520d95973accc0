/* cli/runner/run_resume.c — a run folder gone on with from its checkpoint: the payload read back, the session restored. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "cli/runner/genes_valid.h"
#include "cli/runner/plugin.h"
#include "cli/runner/run_files.h"
#include "cli/runner/run_resume.h"
#include "cli/runner/run_session.h"
#include "cli/store/checkpoint.h"
#include "cli/store/journal.h"
#include "cli/store/output.h"

/* Reads the inputs a checkpoint recorded; with cfg, each becomes an
 * expectation of the configuration: the run reads each input again, and
 * one whose content changed is refused there, never used.  False when
 * the record is malformed or memory runs out. */
static bool run_inputs_unpack(struct ga_unpack *u, struct ga_cfg *cfg)
{
    uint64_t count, len, hash;
    if (!ga_unpack_get(u, &count, sizeof count) || count > 4096)
        return false;
    for (uint64_t i = 0; i < count; i++) {
        char path[APP_PATH_MAX];
        if (!ga_unpack_get(u, &len, sizeof len) || len >= sizeof path || !ga_unpack_get(u, path, (size_t)len) ||
            !ga_unpack_get(u, &hash, sizeof hash))
            return false;
        path[len] = '\0';
        if (cfg && !ga_cfg_expect(cfg, path, hash, "the run started"))
            return false;
    }
    return true;
}

/* The inputs a checkpoint recorded, found after the run's place (u at
 * it, not moved), made expectations of cfg. */
static bool run_inputs_expect(struct ga_unpack u, struct ga_cfg *cfg)
{
    unsigned replicate;
    double seconds;
    uint64_t lengths[RUN_STREAMED], hashes[RUN_STREAMED];
    return ga_unpack_get(&u, &replicate, sizeof replicate) && ga_unpack_get(&u, &seconds, sizeof seconds) &&
           ga_unpack_get(&u, lengths, sizeof lengths) && ga_unpack_get(&u, hashes, sizeof hashes) &&
           run_inputs_unpack(&u, cfg);
}

/* The best so far; once a replicate has ended its genome must be one the
 * problem accepts, since best.txt prints it. */
static bool run_best_unpack(struct run_best *b, const struct ga_run *run, const struct ga_problem *problem,
                            struct ga_unpack *u)
{
    const struct ga_genome *gen = ga_run_genome(run);
    uint64_t seed = 0, generation = 0; /* read only when ok, but assigned below either way */
    bool ok = ga_unpack_get(u, &b->fitness, sizeof b->fitness) &&
              ga_unpack_get(u, &b->replicate, sizeof b->replicate) && ga_unpack_get(u, &seed, sizeof seed) &&
              ga_unpack_get(u, &generation, sizeof generation) &&
              ga_unpack_get(u, &b->solved, sizeof b->solved) &&
              ga_unpack_get(u, b->genes, gen->len * sizeof *b->genes);
    b->seed = seed;
    b->generation = (unsigned long)generation;
    ok = ok && (!b->front.width || (ga_unpack_get(u, &b->front_replicate, sizeof b->front_replicate) &&
                                    ga_unpack_get(u, &b->hv, sizeof b->hv) && front_unpack(&b->front, u, gen, problem)));
    return ok && (b->replicate == 0 || run_genes_valid(gen, problem, b->genes));
}

bool cli_config_resumed(struct ga_cfg *cfg, const char *name, const char *text, const char *dir, long long jobs)
{
    char threads[32];
    snprintf(threads, sizeof threads, "ga.threads=%lld", jobs);
    if (!ga_cfg_load_string(cfg, name, text))
        return false;
    /* set only when it changes: an override moves the setting to the end of its group */
    long long kept = 0;
    bool same_jobs = config_lookup_int64(ga_cfg_config(cfg), "ga.threads", &kept) == CONFIG_TRUE && kept == jobs;
    if (jobs > 0 && !same_jobs && !ga_cfg_override(cfg, threads))
        return false;
    /* The folder is dir, wherever the run first wrote: its own text kept when it names dir (the same config.cfg). */
    const char *stored = NULL;
    bool same_dir = config_lookup_string(ga_cfg_config(cfg), "output.dir", &stored) == CONFIG_TRUE &&
                    strcmp(stored, dir) == 0;
    return same_dir || ga_cfg_override_string(cfg, "output.dir", dir);
}

/* Restores a session from DIR's checkpoint: configuration, experiment,
 * run state, curves, best, and the streamed files cut back to their
 * lengths at the checkpoint.  False (message printed) when anything fails. */
static bool resume_load(struct run_session *s, struct ga_cfg **cfg, struct ga_experiment **e,
                        struct output_settings *out, struct ga_run **run, struct ga_diag *diag, const char *dir, const char *named,
                        long long jobs, bool quiet)
{
    struct ga_pack payload;
    uint64_t hash, config_len;
    if (!checkpoint_read(dir, &payload, &hash))
        return false;
    struct ga_unpack u = {payload.data, payload.len, false};
    bool ok = ga_unpack_get(&u, &config_len, sizeof config_len) && config_len > 0 && config_len <= u.left &&
              ga_pack_hash(u.data, (size_t)config_len) == hash && u.data[config_len - 1] == '\0';
    if (!ok) {
        app_error("cannot resume from %s/checkpoint: its configuration does not match its hash", dir);
        ga_pack_free(&payload);
        return false;
    }
    char name[1100]; /* the configuration as the checkpoint holds it: config.cfg is not written yet */
    snprintf(name, sizeof name, "%s/checkpoint", dir);
    *cfg = ga_cfg_alloc(diag);
    ok = *cfg && cli_config_resumed(*cfg, name, (const char *)u.data, named ? named : dir, jobs);
    u.data += config_len;
    u.left -= (size_t)config_len;
    bool loaded = ok, recorded = ok && run_inputs_expect(u, *cfg);
    ok = recorded && (*e = cli_experiment_alloc(*cfg, 0, out)) != NULL;
    if (ok)
        out->dir = dir; /* written in DIR, named as config.cfg says */
    ok = ok && (*run = ga_run_alloc((*e)->problem, (*e)->state, &(*e)->params, diag)) != NULL &&
         run_session_init(s, *cfg, *e, out, *run, quiet);
    uint64_t lengths[RUN_STREAMED], hashes[RUN_STREAMED];
    double seconds;
    ok = ok && ga_unpack_get(&u, &s->replicate, sizeof s->replicate) &&
         ga_unpack_get(&u, &seconds, sizeof seconds) && ga_unpack_get(&u, lengths, sizeof lengths) &&
         ga_unpack_get(&u, hashes, sizeof hashes) && run_inputs_unpack(&u, NULL) &&
         run_best_unpack(&s->best, *run, (*e)->problem, &u) && curves_unpack(s->curves, &u) && ga_run_unpack(*run, &u) &&
         u.left == 0 && s->replicate >= 1 && s->replicate <= (*e)->replicates && seconds >= 0 && seconds <= 1e12;
    ga_pack_free(&payload);
    if ((*run || (loaded && !recorded)) && !ok) {
        app_error("cannot resume from %s/checkpoint: its state does not fit its configuration", dir);
        return false;
    }
    if (!ok)
        return false;
    s->resumed = s->checkpointed = true;
    s->replicate_started = app_now() - seconds;
    struct run_files *f = &s->f;
    f->columns = ga_problem_column_count((*e)->problem);
    f->open_gens = output_reopen(&f->gens, dir, "generations.csv", lengths[0], hashes[0]);
    f->open_summary = f->open_gens && output_reopen(&f->summary, dir, "summary.csv", lengths[1], hashes[1]);
    f->open_times = f->open_summary && output_reopen(&f->times, dir, "times.csv", lengths[2], hashes[2]);
    f->objectives = ga_problem_objectives((*e)->problem) != NULL;
    f->open_front = f->open_times && f->objectives && output_reopen(&f->front, dir, "front.csv", lengths[3], hashes[3]);
    /* Every check passed before anything changes; config.cfg last: a
     * resume that cannot start changes nothing. */
    bool streamed = f->open_times && f->open_front == f->objectives;
    f->open_config = streamed && output_cut(&f->gens) && output_cut(&f->summary) && output_cut(&f->times) &&
                     (!f->objectives || output_cut(&f->front)) &&
                     run_write_config(&s->config, dir, s->shown, &f->config);
    return f->open_config;
}

/* What a resume holds, from resume_open to resume_close. */
struct resume {
    struct ga_diag diag;
    struct ga_cfg *cfg;
    struct ga_experiment *e;
    struct output_settings out;
    struct ga_run *run;
    struct run_session s;
};

/* Loads DIR's checkpoint into r (messages printed); false when it cannot
 * be resumed, the folder's files then closed and kept as they were. */
static bool resume_open(struct resume *r, const char *dir, const char *named, long long jobs, bool quiet)
{
    *r = (struct resume){0};
    ga_diag_clear(&r->diag);
    bool ok = resume_load(&r->s, &r->cfg, &r->e, &r->out, &r->run, &r->diag, dir, named, jobs, quiet);
    app_print_diag(&r->diag);
    if (!ok)
        run_files_close(&r->s.f);
    return ok;
}

static void resume_close(struct resume *r)
{
    run_session_free(&r->s);
    ga_run_free(r->run);
    ga_experiment_free(r->e);
    ga_cfg_free(r->cfg);
}

int cli_resume_dir(const char *dir, const char *named, long long jobs, bool quiet, unsigned *replicates)
{
    int lock, status = output_lock_as(dir, "wait for it to end", &lock);
    if (status != APP_OK)
        return status;
    status = APP_FAILED;
    /* A commit a kill interrupted: the result is decided, finish it. */
    enum output_recovered recovered = output_recover(dir, quiet);
    if (recovered != OUTPUT_NO_JOURNAL) {
        if (recovered == OUTPUT_RECOVERED && !quiet)
            printf("finished the commit of %s/\n", dir);
        output_unlock(lock);
        return recovered == OUTPUT_RECOVERED ? APP_OK : APP_FAILED;
    }
    struct resume r;
    status = resume_open(&r, dir, named, jobs, quiet) ? run_session_go(&r.s, quiet) : APP_USAGE;
    if (replicates && r.e)
        *replicates = r.e->replicates;
    resume_close(&r);
    output_unlock(lock);
    return status;
}

bool cli_resume_probe(const char *dir, unsigned *replicate, unsigned *replicates)
{
    struct resume r;
    bool ok = resume_open(&r, dir, NULL, 0, true);
    if (ok && replicate)
        *replicate = r.s.replicate;
    if (ok && replicates)
        *replicates = r.e->replicates;
    if (ok)
        run_files_close(&r.s.f);
    resume_close(&r);
    return ok;
}
