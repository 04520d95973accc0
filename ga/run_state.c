/* ga/run_state.c — what holds a run: its memory, what its caller reads of it, and its checkpoint. */
/* MAP_ANONYMOUS and MADV_HUGEPAGE (Linux, BSD) beside POSIX */
#define _DEFAULT_SOURCE

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "gaexp/experiment.h"
#include "gaexp/pack.h"
#include "gaexp/rng.h"
#include "ga/params.h"
#include "ga/run_fault.h"
#include "ga/run_mo.h"
#include "ga/run_types.h"
#include "ga/schemes/schemes.h"

/* ga_run_alloc's check: every rule of ga/params.c, then the problem's columns. */
static bool run_check(const struct ga_problem *problem, const struct ga_genome *gen,
                      const struct ga_params *p, struct ga_diag *d)
{
    struct params_fault f;
    size_t column;
    const char *why;
    if (!params_check(p, gen, &f) || !params_check_objectives(p, problem, gen->state, &f))
        ga_diag_add(d, "", 0, problem->name, "%s: %s", f.setting, f.why);
    else if ((why = ga_problem_columns_check(problem, &column)))
        ga_diag_add(d, "", 0, problem->name, "statistics column %zu: %s", column + 1, why);
    else
        return true;
    return false;
}

/* A population block: n slots of 'stride' genes on cache-line boundaries,
 * zeroed (the padding too: checkpoints and copies never see stale bytes).
 * A block of a megabyte or more is mapped on its own, in huge pages where
 * the kernel has them: fresh pages come zeroed (no memset), and the random
 * parent reads of a large population miss the TLB far less.  Not under
 * AddressSanitizer, whose allocator then checks every block and refuses
 * the ones above its cap as a full memory would. */
#ifdef __SANITIZE_ADDRESS__
#define RUN_BLOCK_MAPPED SIZE_MAX
#else
#define RUN_BLOCK_MAPPED (1u << 20)
#endif
#define RUN_HUGE_PAGE (2u << 20)
#define RUN_SMALL_PAGE 4096u

static size_t run_block_bytes(size_t n, size_t stride)
{
    size_t bytes = n * stride * sizeof(ga_gene);
    if (bytes >= RUN_BLOCK_MAPPED) /* whole pages: the huge ones, then small ones for the tail */
        return (bytes + RUN_SMALL_PAGE - 1) / RUN_SMALL_PAGE * RUN_SMALL_PAGE;
    return (bytes + GA_GENOME_LINE - 1) / GA_GENOME_LINE * GA_GENOME_LINE;
}

static ga_gene *run_block_alloc(size_t n, size_t stride)
{
    size_t bytes = run_block_bytes(n, stride);
    if (bytes >= RUN_BLOCK_MAPPED) {
        /* over-map by one huge page so that the block can start on one */
        char *map = mmap(NULL, bytes + RUN_HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (map == MAP_FAILED)
            return NULL;
        uintptr_t at = (uintptr_t)map, start = (at + RUN_HUGE_PAGE - 1) / RUN_HUGE_PAGE * RUN_HUGE_PAGE;
        if (start > at)
            munmap(map, start - at);
        munmap((char *)start + bytes, at + RUN_HUGE_PAGE - start);
#ifdef MADV_HUGEPAGE
        madvise((void *)start, bytes, MADV_HUGEPAGE);
#endif
        return (ga_gene *)start;
    }
    ga_gene *block = aligned_alloc(GA_GENOME_LINE, bytes);
    if (block)
        memset(block, 0, bytes);
    return block;
}

static void run_block_free(ga_gene *block, size_t n, size_t stride)
{
    size_t bytes = run_block_bytes(n, stride);
    if (block && bytes >= RUN_BLOCK_MAPPED)
        munmap(block, bytes);
    else
        free(block);
}

/* The fast mutation's tables: alpha in 1 .. max(1, len/2) with weight
 * alpha^-beta, summed in order (the same doubles on every machine). */
static bool run_fast_tables(struct ga_run *run)
{
    size_t len = ga_genome_sites(&run->gen), max = len / 2 > 1 ? len / 2 : 1;
    run->fast_max = max;
    run->fast_cdf = malloc((max + 1) * sizeof *run->fast_cdf);
    run->fast_log_keep = malloc((max + 1) * sizeof *run->fast_log_keep);
    if (!run->fast_cdf || !run->fast_log_keep)
        return false;
    double total = 0;
    for (size_t a = 1; a <= max; a++) {
        total += pow((double)a, -run->params.mutation_beta);
        run->fast_cdf[a] = total;
        run->fast_log_keep[a] = log1p(-(double)a / (double)len);
    }
    for (size_t a = 1; a <= max; a++)
        run->fast_cdf[a] /= total;
    run->fast_cdf[max] = 1.0;
    run->fast_cdf[0] = 0.0;
    run->fast_log_keep[0] = 0.0;
    return true;
}

/* A composite genome's parts, as its operators see them in the run: each
 * part's shape from the problem's declaration, its variation from the
 * parameters (gen.parts).  False with a diagnostic when they do not fit. */
static bool run_parts_set(struct ga_run *run, struct ga_diag *d)
{
    const struct ga_problem *problem = run->problem;
    const struct ga_problem_part *decl = NULL;
    ga_problem_parts_fn parts = ga_problem_parts(problem);
    size_t n = parts ? parts(run->gen.state, &decl) : 0;
    size_t offsets[GA_PARTS_MAX];
    unsigned alphabet;
    if (n < 1 || n > GA_PARTS_MAX || ga_parts_layout(decl, n, offsets, &alphabet) != run->gen.len ||
        alphabet != run->gen.alphabet) {
        ga_diag_add(d, "", 0, problem->name, "a composite problem needs 1 to %d parts, and the length and alphabet "
                                             "ga_parts_layout gives", GA_PARTS_MAX);
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        const struct ga_problem_part *p = &decl[i];
        const struct ga_variation *v = &run->params.parts[i];
        struct params_fault f;
        if (!params_check_part(v, p->kind, p->name, &f)) {
            ga_diag_add(d, "", 0, problem->name, "part %s: %s", f.setting, f.why);
            return false;
        }
        bool real = p->kind == GA_KIND_REAL;
        if (real && (!p->lower || !p->upper)) {
            ga_diag_add(d, "", 0, problem->name, "part %s: a real part needs its bounds (lower and upper)", p->name);
            return false;
        }
        run->parts[i] = (struct ga_genome_part){
            p->name, offsets[i],
            {.state = run->gen.state, .len = real ? GA_REAL_LEN(p->len) : p->len,
             .alphabet = real ? GA_GENE_MAX + 1u : p->alphabet, .kind = p->kind, .reals = real ? p->len : 0,
             .lower = real ? p->lower : NULL, .upper = real ? p->upper : NULL,
             .crossover_settings = v->crossover_settings, .mutation_settings = v->mutation_settings},
            v};
    }
    run->gen.parts = run->parts;
    run->gen.part_count = n;
    return true;
}

struct ga_run *ga_run_alloc(const struct ga_problem *problem, const void *state,
                            const struct ga_params *params, struct ga_diag *diag)
{
    struct ga_genome gen = ga_problem_genome(problem, state);
    if (!run_check(problem, &gen, params, diag))
        return NULL;

    struct ga_run *run = calloc(1, sizeof *run);
    if (!run) {
        ga_diag_add(diag, "", 0, problem->name, "out of memory");
        return NULL;
    }
    run->problem = problem;
    run->scheme = scheme_of(params);
    run->gen = gen;
    run->params = *params;
    run->params.scheme = run->scheme;
    if (!run->params.rng_type)
        run->params.rng_type = ga_rng_xoshiro256ss;
    if (run->params.islands < 1)
        run->params.islands = 1;
    if (!run->params.selection)
        run->params.selection = &ga_selection_tournament;
    unsigned islands = run->params.islands;
    run->walk = run_walk(log1p(-params->mutation_rate), ga_genome_sites(&gen), true);
    if (run->scheme->resolve)
        run->scheme->resolve(&run->params, &gen);
    run->gen.crossover_settings = run->params.crossover_settings;
    run->gen.mutation_settings = run->params.mutation_settings;
    if (gen.kind == GA_KIND_COMPOSITE && !run_parts_set(run, diag)) {
        free(run);
        return NULL;
    }

    size_t n = params->population * islands, size = params->migration_size;
    run->total = n;
    if (!run_mo_setup(run, diag)) {
        ga_run_free(run);
        return NULL;
    }
    if (run->mo && run->mo->keyed) { /* no target: the fitness is a key, the front the result */
        run->params.stop_fitness = -INFINITY;
        run->params.stop_at_target = false;
    }
    run->stride = ga_genome_stride(run->copy);
    unsigned threads = params->threads;
    run->fault_threads = threads > 2 ? threads : 2;
    bool ok = (run->genes = run_block_alloc(n, run->stride)) && (run->next_genes = run_block_alloc(n, run->stride)) &&
              (run->notes = malloc(run->fault_threads * sizeof *run->notes)) &&
              (run->fault_genes = malloc((run->fault_threads + 1) * run->stride * sizeof *run->fault_genes)) &&
              (run->fitness = malloc(n * sizeof *run->fitness)) &&
              (run->next_fitness = malloc(n * sizeof *run->next_fitness)) &&
              (run->spare = malloc(threads * run->stride * sizeof *run->spare)) &&
              (run->rngs = calloc(threads, sizeof *run->rngs));
    if (ok && params->mutation_unit == GA_PER_FAST)
        ok = run_fast_tables(run);
    if (ok && islands > 1)
        ok = (run->elite_keys = malloc(n * sizeof *run->elite_keys)) != NULL;
    if (ok && islands > 1)
        ok = (run->migrants = malloc(islands * size * run->stride * sizeof *run->migrants)) &&
             (run->migrant_fitness = malloc(islands * size * sizeof *run->migrant_fitness));
    if (ok && params->link)
        ok = (run->link_sizes = malloc(2 * params->link->ranks * sizeof *run->link_sizes)) &&
             (run->link_counts = malloc(params->link->ranks * sizeof *run->link_counts));
    if (ok && params->diversity && gen.kind == GA_KIND_PACKED) /* ones at each bit */
        ok = (run->allele_counts = malloc(threads * gen.bits * sizeof *run->allele_counts));
    else if (ok && params->diversity && gen.kind != GA_KIND_REAL)
        ok = (run->allele_counts = malloc(threads * gen.len * gen.alphabet * sizeof *run->allele_counts));
    const struct ga_selection *sel = run->params.selection;
    if (ok && sel->work_size) { /* each island's tables on their own lines */
        run->select_stride = (sel->work_size(params->population) + GA_GENOME_LINE - 1) / GA_GENOME_LINE *
                             GA_GENOME_LINE;
        ok = (run->select_work = aligned_alloc(GA_GENOME_LINE, islands * run->select_stride)) != NULL;
    }
    size_t lambda = run->brood_per = run->scheme->brood ? run->scheme->brood(&run->params) : 0;
    if (ok && lambda)
        ok = (run->brood = run_block_alloc(islands * lambda, run->stride)) &&
             (run->brood_fitness = malloc(islands * lambda * sizeof *run->brood_fitness));
    run->trail_per = run->scheme->children(&run->params);
    if (ok)
        ok = (run->trail = malloc(islands * run->trail_per * sizeof *run->trail)) != NULL;
    if (ok && params->local) {
        size_t costs = n > islands * run->trail_per ? n : islands * run->trail_per;
        ok = (run->trail_cost = malloc(costs * sizeof *run->trail_cost)) &&
             (run->local_spare = malloc(threads * run->stride * sizeof *run->local_spare));
    }
    if (ok && run->scheme->survivor_keys)
        ok = (run->survivor_keys = malloc(islands * (params->population + lambda) * sizeof *run->survivor_keys));
    if (ok && run->scheme->alloc)
        ok = run->scheme->alloc(run);
    for (unsigned t = 0; ok && t < threads; t++)
        ok = (run->rngs[t] = ga_rng_alloc(run->params.rng_type)) != NULL;
    if (!ok) {
        ga_diag_add(diag, "", 0, problem->name, "out of memory for a population of %zu", n);
        ga_run_free(run);
        return NULL;
    }
    return run;
}

void ga_run_free(struct ga_run *run)
{
    if (!run)
        return;
    free(run->fast_cdf);
    free(run->fast_log_keep);
    if (run->rngs)
        for (unsigned t = 0; t < run->params.threads; t++)
            ga_rng_free(run->rngs[t]);
    free(run->rngs);
    run_block_free(run->genes, run->total, run->stride);
    run_block_free(run->next_genes, run->total, run->stride);
    free(run->fitness);
    free(run->next_fitness);
    free(run->spare);
    free(run->elite_keys);
    free(run->migrants);
    free(run->migrant_fitness);
    free(run->link_sizes);
    free(run->link_counts);
    free(run->allele_counts);
    free(run->select_work);
    run_block_free(run->brood, run->params.islands * run->brood_per, run->stride);
    free(run->brood_fitness);
    free(run->trail);
    free(run->trail_cost);
    free(run->local_spare);
    free(run->survivor_keys);
    free(run->notes);
    free(run->fault_genes);
    if (run->scheme->release)
        run->scheme->release(run);
    run_mo_free(run->mo);
    free(run);
}

double run_elapsed(const struct ga_run *run)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - run->started.tv_sec) +
           1e-9 * (double)(now.tv_nsec - run->started.tv_nsec);
}

const struct ga_stats *ga_run_stats(const struct ga_run *run)
{
    return &run->stats;
}

const struct ga_genome *ga_run_genome(const struct ga_run *run)
{
    return &run->gen;
}

const ga_gene *ga_run_best(const struct ga_run *run)
{
    return run->genes + run->stats.best_index * run->stride;
}

const ga_gene *ga_run_individual(const struct ga_run *run, size_t i)
{
    return run->genes + i * run->stride;
}

double ga_run_fitness(const struct ga_run *run, size_t i)
{
    return run->fitness[i];
}

unsigned long ga_run_generation_found(const struct ga_run *run)
{
    return run->generation_found;
}

unsigned long long ga_run_evaluations_found(const struct ga_run *run)
{
    return run->evaluations_found;
}

unsigned long long ga_run_evaluations_to_target(const struct ga_run *run)
{
    return run->evaluations_target;
}

double ga_run_best_ever(const struct ga_run *run)
{
    return run->best_ever;
}

bool ga_run_succeeded(const struct ga_run *run)
{
    return run->best_ever <= run->params.stop_fitness;
}

/* The fields that ga_run_pack writes before the population, as one record. */
struct run_packed {
    uint64_t seed, generation, generation_found, population, len;
    double seconds;
    uint64_t evaluations_found, evaluations_target; /* the evaluations that first reached the best, the target */
    double best_ever;
    struct ga_stats stats;
};

void ga_run_pack(const struct ga_run *run, struct ga_pack *p)
{
    size_t n = run->total, len = run->gen.len, copy = run->copy;
    struct run_packed head = {run->seed, run->generation,       run->generation_found, n, len, run_elapsed(run),
                              run->evaluations_found, run->evaluations_target, run->best_ever, run->stats};
    ga_pack_put(p, &head, sizeof head);
    for (size_t i = 0; i < n; i++) /* the genes and any record, not the padding */
        ga_pack_put(p, run->genes + i * run->stride, copy * sizeof *run->genes);
    ga_pack_put(p, run->fitness, n * sizeof *run->fitness);
    run_mo_pack(run->mo, p);
    if (run->scheme->pack)
        run->scheme->pack(run, p);
}

bool ga_run_unpack(struct ga_run *run, struct ga_unpack *u)
{
    size_t n = run->total, len = run->gen.len, copy = run->copy;
    struct run_packed head;
    if (!ga_unpack_get(u, &head, sizeof head) || head.population != n || head.len != len ||
        u->left < n * copy * sizeof *run->genes + n * sizeof *run->fitness || head.stats.best_index >= n ||
        !(head.seconds >= 0 && head.seconds <= 1e12)) /* finite, or the timespec below overflows */
        return false;
    /* Into the spare population first: a refused state leaves the run as it was. */
    for (size_t i = 0; i < n; i++)
        ga_unpack_get(u, run->next_genes + i * run->stride, copy * sizeof *run->genes);
    ga_unpack_get(u, run->next_fitness, n * sizeof *run->fitness);
    for (size_t i = 0; i < n; i++) {
        const ga_gene *g = run->next_genes + i * run->stride;
        for (size_t k = 0; k < len; k++)
            if (g[k] >= run->gen.alphabet)
                return false;
        if (run->problem->valid && !run->problem->valid(&run->gen, g))
            return false;
    }
    if (!run_mo_unpack(run->mo, u))
        return false;
    if (run->scheme->unpack && !run->scheme->unpack(run, u))
        return false;
    memcpy(run->genes, run->next_genes, n * run->stride * sizeof *run->genes);
    memcpy(run->fitness, run->next_fitness, n * sizeof *run->fitness);
    run->seed = head.seed;
    run->generation = (unsigned long)head.generation;
    run->generation_found = (unsigned long)head.generation_found;
    run->evaluations_found = head.evaluations_found;
    run->evaluations_target = head.evaluations_target;
    run->best_ever = head.best_ever;
    run->stats = head.stats;
    /* Time already spent counts toward ga.stop.seconds. */
    clock_gettime(CLOCK_MONOTONIC, &run->started);
    double whole = floor(head.seconds);
    run->started.tv_sec -= (time_t)whole;
    long nsec = run->started.tv_nsec - (long)((head.seconds - whole) * 1e9);
    if (nsec < 0) {
        nsec += 1000000000L;
        run->started.tv_sec--;
    }
    run->started.tv_nsec = nsec;
    return true;
}

