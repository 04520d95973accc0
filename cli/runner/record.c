/* cli/runner/record.c — a replicate run apart from its folder, packed as a record (MPI workers,
 * runs side by side), and a folder written from the records through the run session's writer. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app/app.h"
#include "cli/runner/guard.h"
#include "cli/runner/record.h"
#include "cli/runner/run_files.h"
#include "cli/runner/run_session.h"
#include "cli/store/journal.h"
#include "cli/store/output.h"
#include "gaexp/rng.h"

/* A replicate's record, as cli_run_replicate packs it: this head, the
 * genes of its best individual, with objectives its final front
 * (front_pack), then every generation's statistics. */
struct run_record_head {
    uint64_t seed, generation_found, evaluations, evaluations_found, evaluations_to_target, generations;
    double best, mean, seconds;
    uint32_t solved, stop;
};

/* A fault a record carries instead of generations: what struct ga_fault
 * holds, the hook by its index in record_hooks, then the genome. */
struct run_record_fault {
    uint64_t generation, individual;
    double value, again;
    uint32_t kind, hook, rank;
};
static const char *const record_hooks[] = {"evaluate", "init", "crossover", "mutation", "local"};

static void record_fault_pack(const struct ga_fault *f, size_t len, struct ga_pack *p)
{
    uint32_t hook = 0;
    while (hook + 1 < sizeof record_hooks / sizeof *record_hooks && strcmp(record_hooks[hook], f->hook) != 0)
        hook++;
    struct run_record_fault rf = {f->generation, f->individual, f->value, f->again, f->kind, hook, f->rank};
    ga_pack_put(p, &rf, sizeof rf);
    ga_pack_put(p, f->genes, len * sizeof *f->genes);
}

double cli_record_seconds(const struct ga_pack *record)
{
    struct run_record_head h;
    return record->len >= sizeof h ? (memcpy(&h, record->data, sizeof h), h.seconds) : 0;
}

enum ga_stop replicate_start(struct replicate_run *x, const struct ga_experiment *e, struct ga_run *run,
                             unsigned r)
{
    *x = (struct replicate_run){.e = e, .run = run, .r = r, .seed = ga_rng_replicate_seed(e->seed, r),
                                .started = app_now()};
    cli_guard_generation(true);
    x->why = ga_run_init(run, x->seed);
    cli_guard_generation(false);
    if (x->why == GA_CONTINUE)
        ga_pack_put(&x->gens, ga_run_stats(run), sizeof(struct ga_stats));
    return x->why;
}

enum ga_stop replicate_step(struct replicate_run *x)
{
    if (x->why != GA_CONTINUE)
        return x->why;
    cli_guard_generation(true);
    x->why = ga_run_iterate(x->run);
    cli_guard_generation(false);
    if (x->why == GA_CONTINUE)
        ga_pack_put(&x->gens, ga_run_stats(x->run), sizeof(struct ga_stats));
    return x->why;
}

/* A state: the statistics so far, the seconds spent, then the run's own. */
void replicate_state(const struct replicate_run *x, struct ga_pack *out)
{
    uint64_t len = x->gens.len;
    double seconds = x->before + (app_now() - x->started);
    ga_pack_put(out, &len, sizeof len);
    ga_pack_put(out, x->gens.data, x->gens.len);
    ga_pack_put(out, &seconds, sizeof seconds);
    ga_run_pack(x->run, out);
}

bool replicate_restore(struct replicate_run *x, const struct ga_experiment *e, struct ga_run *run, unsigned r,
                       const struct ga_pack *state)
{
    *x = (struct replicate_run){.e = e, .run = run, .r = r, .seed = ga_rng_replicate_seed(e->seed, r),
                                .started = app_now(), .why = GA_CONTINUE};
    struct ga_unpack u = {state->data, state->len, false};
    uint64_t len;
    if (!ga_unpack_get(&u, &len, sizeof len) || len == 0 || len % sizeof(struct ga_stats) != 0 || len > u.left)
        return false;
    ga_pack_put(&x->gens, u.data, (size_t)len);
    u.data += len, u.left -= (size_t)len;
    const struct ga_stats *last = (const struct ga_stats *)(const void *)(x->gens.data + len - sizeof(struct ga_stats));
    bool ok = !x->gens.oom && ga_unpack_get(&u, &x->before, sizeof x->before) && x->before >= 0 &&
              x->before <= 1e12 && ga_run_unpack(run, &u) && u.left == 0 &&
              last->generation == ga_run_stats(run)->generation && last->generation + 1 == len / sizeof *last;
    if (!ok)
        replicate_free(x);
    return ok;
}

void replicate_record(struct replicate_run *x, struct ga_pack *p)
{
    struct run_end end = run_end_of(x->run, x->seed, x->before + (app_now() - x->started), x->why);
    struct run_record_head h = {.seed = x->seed, .generation_found = end.generation_found,
                                .evaluations = end.evaluations, .evaluations_found = end.evaluations_found,
                                .evaluations_to_target = end.evaluations_to_target,
                                .generations = x->gens.len / sizeof(struct ga_stats),
                                .best = end.best, .mean = end.mean, .seconds = end.seconds,
                                .solved = end.solved, .stop = (uint32_t)end.stop};
    size_t len = ga_run_genome(x->run)->len;
    ga_pack_put(p, &h, sizeof h);
    if (x->why == GA_STOP_FAULT) /* the fault, for the writer to say */
        record_fault_pack(ga_run_fault(x->run), len, p);
    else {
        ga_pack_put(p, end.genes, len * sizeof *end.genes);
        struct run_front front;
        if (!front_alloc(&front, x->e))
            p->oom = true;
        else if (front.width) {
            front_take(&front, x->run);
            front_pack(&front, p);
        }
        front_free(&front);
        ga_pack_put(p, x->gens.data, x->gens.len);
    }
    p->oom |= x->gens.oom;
}

void replicate_free(struct replicate_run *x)
{
    ga_pack_free(&x->gens);
}

enum ga_stop cli_run_replicate(const struct ga_experiment *e, struct ga_run *run, unsigned r, struct ga_pack *p)
{
    struct replicate_run x;
    for (replicate_start(&x, e, run, r); replicate_step(&x) == GA_CONTINUE;)
        ;
    replicate_record(&x, p);
    replicate_free(&x);
    return x.why;
}

/* The fault a record carries, for the session to say; false when it does not fit. */
static bool record_fault_say(struct run_session *s, unsigned r, struct ga_unpack *u, ga_gene *genes)
{
    struct run_record_fault rf;
    size_t gene_bytes = s->genome.len * sizeof *genes;
    if (!ga_unpack_get(u, &rf, sizeof rf) || rf.hook >= sizeof record_hooks / sizeof *record_hooks ||
        rf.kind > GA_FAULT_REPEAT || !ga_unpack_get(u, genes, gene_bytes) || u->left != 0)
        return false;
    const char *hook = record_hooks[rf.hook];
    const struct ga_params *p = &s->e->params;
    struct ga_fault f = {(enum ga_fault_kind)rf.kind, hook,
                         rf.hook == 2 ? p->crossover->name : rf.hook == 3 ? p->mutation->name : s->e->problem->name,
                         (unsigned long)rf.generation, (size_t)rf.individual, rf.value, rf.again, genes, rf.rank};
    cli_guard_fault(s->e, &f, s->shown, r, s->fault, sizeof s->fault);
    return true;
}

/* Writes replicate r from its record through run_record and run_end_write,
 * as if it had run here; false (message printed) when the record does not
 * fit the experiment.  'genes' is scratch for one genome. */
static bool run_record_write(struct run_session *s, unsigned r, const struct ga_pack *record, ga_gene *genes)
{
    struct ga_unpack u = {record->data, record->len, false};
    struct run_record_head h;
    size_t gene_bytes = s->genome.len * sizeof *genes, stats_size = sizeof(struct ga_stats);
    enum ga_stop stop;
    if (ga_unpack_get(&u, &h, sizeof h) && h.stop == GA_STOP_FAULT && h.seed == ga_rng_replicate_seed(s->e->seed, r)) {
        s->faulted = record_fault_say(s, r, &u, genes);
        if (!s->faulted)
            app_error("%s: the record of replicate %u does not fit its configuration", s->out->dir, r);
        return false;
    }
    u = (struct ga_unpack){record->data, record->len, false};
    bool fits = ga_unpack_get(&u, &h, sizeof h) && h.seed == ga_rng_replicate_seed(s->e->seed, r) &&
                h.solved <= 1 && ga_stop_parse(ga_stop_word((enum ga_stop)h.stop), &stop) &&
                ga_unpack_get(&u, genes, gene_bytes) && /* run_end_write checks them */
                (!s->front.width || front_unpack(&s->front, &u, &s->genome, s->e->problem)) && h.generations > 0 &&
                u.left % stats_size == 0 && u.left / stats_size == h.generations;
    struct ga_stats st; /* the last: the final hypervolume */
    for (uint64_t g = 0; fits && g < h.generations; g++) {
        ga_unpack_get(&u, &st, sizeof st);
        if ((fits = st.generation == g) && !run_record(&s->f, s->curves, r, &st))
            return false; /* out of memory, said */
    }
    if (!fits) {
        app_error("%s: the record of replicate %u does not fit its configuration", s->out->dir, r);
        return false;
    }
    struct run_end end = {.seed = h.seed, .solved = h.solved != 0, .stop = (enum ga_stop)h.stop, .best = h.best, .mean = h.mean, .seconds = h.seconds,
                          .evaluations = h.evaluations, .evaluations_found = h.evaluations_found,
                          .evaluations_to_target = h.evaluations_to_target, .generation_found = h.generation_found,
                          .genes = genes, .front = &s->front, .hv = st.hv,
                          .hv_share = st.hv_share, .igd = st.igd, .igd_plus = st.igd_plus};
    return run_end_write(s, r, &end);
}

/* Writes the run folder out->dir from the records through the run
 * session's writer, into a folder of its own ('staged': a hidden one the
 * caller renames into place) or the locked folder itself; config.cfg names
 * the folder the configuration's output.dir says. */
static int record_write(struct ga_cfg *cfg, const struct ga_experiment *e, const struct output_settings *out,
                        const struct ga_pack *records, bool staged)
{
    struct run_session s;
    int status = APP_FAILED;
    ga_gene *genes = NULL;
    bool ready = run_session_init(&s, cfg, e, out, NULL, true);
    if (ready && run_files_open(&s.f, &s.config, out->dir, s.shown, e)) {
        s.f.staged = staged;
        bool ok = (genes = calloc(s.genome.len, sizeof *genes)) != NULL;
        if (!ok)
            app_error("out of memory");
        for (unsigned r = 1; ok && r <= e->replicates; r++)
            ok = run_record_write(&s, r, &records[r - 1], genes);
        status = run_session_finish(&s, ok, true);
    }
    free(genes);
    run_session_free(&s);
    return status;
}

int cli_run_write(struct ga_cfg *cfg, const struct ga_experiment *e, const struct output_settings *out,
                  const struct ga_pack *records, struct output_stage *left)
{
    int status = APP_FAILED;
    struct stat st;
    if (left)
        left->fd = -1;
    if (lstat(out->dir, &st) != 0 && errno == ENOENT) {
        /* A folder not there yet (a sweep's point) appears whole: written
         * under a hidden name, one syncfs, one rename; the figure's script
         * goes with it, the figure is the caller's to draw. */
        struct output_stage stage;
        if (!output_stage_open(&stage, out->dir))
            return APP_FAILED;
        struct output_settings staged = *out;
        staged.dir = stage.path;
        status = record_write(cfg, e, &staged, records, true);
        if (status != APP_OK)
            output_stage_abandon(&stage);
        else if (left)
            *left = stage;
        else if (!output_stage_close(&stage, out->dir))
            status = APP_FAILED;
        return status;
    }
    int lock = output_lock_settled(out->dir, true, &status);
    if (lock < 0)
        return status;
    status = record_write(cfg, e, out, records, false);
    output_unlock(lock);
    return status;
}
