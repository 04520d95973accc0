/* cli/record.c — a replicate run apart from its folder, packed as a record (MPI workers,
 * runs side by side), and a folder written from the records through the run session's writer. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "cli/run_session.h"
#include "gaexp/rng.h"
#include "ga/run_private.h"

/* A replicate's record, as cli_run_replicate packs it: this head, the
 * genes of its best individual, then every generation's statistics. */
struct run_record_head {
    uint64_t seed, generation_found, evaluations, generations;
    double best, mean, seconds;
    uint32_t solved, stop;
};

void cli_run_replicate(const struct ga_experiment *e, struct ga_run *run, unsigned r, struct ga_pack *p)
{
    uint64_t seed = ga_rng_replicate_seed(e->seed, r);
    double started = cli_now();
    struct ga_pack gens = {0};
    ga_run_init(run, seed);
    enum ga_stop why;
    do
        ga_pack_put(&gens, ga_run_stats(run), sizeof(struct ga_stats));
    while ((why = ga_run_iterate(run)) == GA_CONTINUE);
    struct run_end end = run_end_of(run, seed, cli_now() - started, why);
    struct run_record_head h = {.seed = seed, .generation_found = end.generation_found,
                                .evaluations = end.evaluations,
                                .generations = gens.len / sizeof(struct ga_stats),
                                .best = end.best, .mean = end.mean, .seconds = end.seconds,
                                .solved = end.solved, .stop = (uint32_t)end.stop};
    ga_pack_put(p, &h, sizeof h);
    ga_pack_put(p, end.genes, ga_run_genome(run)->len * sizeof *end.genes);
    ga_pack_put(p, gens.data, gens.len);
    p->oom |= gens.oom;
    ga_pack_free(&gens);
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
    bool fits = ga_unpack_get(&u, &h, sizeof h) && h.seed == ga_rng_replicate_seed(s->e->seed, r) &&
                h.solved <= 1 && ga_stop_parse(ga_stop_word((enum ga_stop)h.stop), &stop) &&
                ga_unpack_get(&u, genes, gene_bytes) && run_genes_valid(&s->genome, s->e->problem, genes) &&
                h.generations > 0 && u.left % stats_size == 0 && u.left / stats_size == h.generations;
    for (uint64_t g = 0; fits && g < h.generations; g++) {
        struct ga_stats st;
        ga_unpack_get(&u, &st, sizeof st);
        if ((fits = st.generation == g) && !run_record(&s->f, s->curves, r, &st))
            return false; /* out of memory, said */
    }
    if (!fits) {
        cli_error("%s: the record of replicate %u does not fit its configuration", s->e->out_dir, r);
        return false;
    }
    struct run_end end = {.seed = h.seed, .solved = h.solved != 0, .stop = (enum ga_stop)h.stop, .best = h.best, .mean = h.mean, .seconds = h.seconds,
                          .evaluations = h.evaluations, .generation_found = h.generation_found,
                          .genes = genes};
    return run_end_write(s, r, &end);
}

/* Writes the run folder e->out_dir from the records through the run
 * session's writer, into a folder of its own ('staged': a hidden one the
 * caller renames into place) or the locked folder itself; 'shown' is the
 * folder config.cfg names. */
static int record_write(struct ga_cfg *cfg, const struct ga_experiment *e, const struct ga_pack *records,
                        const char *shown, bool staged)
{
    struct run_session s;
    int status = CLI_FAILED;
    ga_gene *genes = NULL;
    if (run_session_init(&s, cfg, e, NULL, true) && run_files_open(&s.f, &s.config, e->out_dir, shown, e->problem)) {
        s.f.staged = staged;
        bool ok = (genes = calloc(s.genome.len, sizeof *genes)) != NULL;
        if (!ok)
            cli_error("out of memory");
        for (unsigned r = 1; ok && r <= e->replicates; r++)
            ok = run_record_write(&s, r, &records[r - 1], genes);
        status = run_session_finish(&s, ok, true);
    }
    free(genes);
    run_session_free(&s);
    return status;
}

int cli_run_write(struct ga_cfg *cfg, const struct ga_experiment *e, const struct ga_pack *records,
                  struct output_stage *left)
{
    int status = CLI_FAILED;
    struct stat st;
    if (left)
        left->fd = -1;
    if (lstat(e->out_dir, &st) != 0 && errno == ENOENT) {
        /* A folder not there yet (a sweep's point) appears whole: written
         * under a hidden name, one syncfs, one rename; the figure's script
         * goes with it, the figure is the caller's to draw. */
        struct output_stage stage;
        if (!output_stage_open(&stage, e->out_dir))
            return CLI_FAILED;
        struct ga_experiment staged = *e;
        staged.out_dir = stage.path;
        status = record_write(cfg, &staged, records, e->out_dir, true);
        if (status != CLI_OK)
            output_stage_abandon(&stage);
        else if (left)
            *left = stage;
        else if (!output_stage_close(&stage, e->out_dir))
            status = CLI_FAILED;
        return status;
    }
    int lock = run_lock(e->out_dir, true, &status);
    if (lock < 0)
        return status;
    status = record_write(cfg, e, records, e->out_dir, false);
    output_unlock(lock);
    return status;
}
