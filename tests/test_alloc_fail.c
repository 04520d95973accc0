/* tests/test_alloc_fail.c — every allocation of a run's set-up and first
 * generations fails in turn: each failure must give a clean error, crash
 * nothing and leak nothing.
 *
 * Linked with -Wl,--wrap for malloc, calloc, realloc, aligned_alloc, strdup,
 * getline and free, so that gaexp's own allocations go through the counters below
 * (those of GSL, libconfig and libc inside themselves do not).  For
 * N = 1, 2, ... the Nth allocation returns NULL; the walk ends when a whole
 * run (set-up, 3 generations, a checkpoint's pack and unpack) completes
 * without reaching N. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <sys/types.h>
#include <stdlib.h>
#include <string.h>

#include "gaexp/cfg.h"
#include "gaexp/experiment.h"
#include "gaexp/pack.h"
#include "operators/registry.h"
#include "problems/derful/derful_exact.h"
#include "problems/registry.h"
#include <omp.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *p, size_t size);
void *__real_aligned_alloc(size_t alignment, size_t size);
void __real_free(void *p);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t count, size_t size);
void *__wrap_realloc(void *p, size_t size);
void *__wrap_aligned_alloc(size_t alignment, size_t size);
char *__wrap_strdup(const char *s);
void __wrap_free(void *p);
ssize_t __real_getline(char **line, size_t *cap, FILE *in);
ssize_t __wrap_getline(char **line, size_t *cap, FILE *in);

/* The test's own state: one walk at a time (this file is its only user). */
static long alloc_calls;   /* allocations asked for since the walk's step began */
static long alloc_fail_at; /* the call that fails (1-based); 0: none */
static long alloc_live;    /* blocks handed out and not yet freed */
static bool alloc_failed;  /* the failing call was reached */

static bool alloc_should_fail(void)
{
    if (++alloc_calls != alloc_fail_at)
        return false;
    alloc_failed = true;
    return true;
}

static void *alloc_count(void *p)
{
    if (p)
        alloc_live++;
    return p;
}

void *__wrap_malloc(size_t size)
{
    return alloc_should_fail() ? NULL : alloc_count(__real_malloc(size));
}

void *__wrap_calloc(size_t count, size_t size)
{
    return alloc_should_fail() ? NULL : alloc_count(__real_calloc(count, size));
}

void *__wrap_aligned_alloc(size_t alignment, size_t size)
{
    return alloc_should_fail() ? NULL : alloc_count(__real_aligned_alloc(alignment, size));
}

void *__wrap_realloc(void *p, size_t size)
{
    if (alloc_should_fail())
        return NULL; /* p stays valid and owned by the caller */
    void *q = __real_realloc(p, size);
    if (q && !p)
        alloc_live++;
    return q;
}

char *__wrap_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy = __wrap_malloc(n);
    return copy ? memcpy(copy, s, n) : NULL;
}

/* getline allocates inside libc: counted here, and failed like the others
 * (-1 with ENOMEM, the stream not at its end). */
ssize_t __wrap_getline(char **line, size_t *cap, FILE *in)
{
    if (alloc_should_fail()) {
        errno = ENOMEM;
        return -1;
    }
    bool fresh = *line == NULL;
    ssize_t n = __real_getline(line, cap, in);
    if (fresh && *line)
        alloc_live++;
    return n;
}

void __wrap_free(void *p)
{
    if (p)
        alloc_live--;
    __real_free(p);
}

static const struct ga_catalog alloc_catalog = {ga_problems, ga_crossovers, ga_mutations, ga_selections};

/* Sets up the experiment in 'text', runs 3 generations and frees it all.
 * Returns whether it completed; on failure there must be a diagnostic. */
static bool alloc_run(const char *text)
{
    struct ga_diag diag = {0};
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    struct ga_experiment *e = NULL;
    struct ga_run *run = NULL;
    bool ok = cfg && ga_cfg_load_string(cfg, "alloc.cfg", text) &&
              (e = ga_experiment_alloc(cfg, &alloc_catalog, 1, NULL)) != NULL &&
              (run = ga_run_alloc(e->problem, e->state, &e->params, &diag)) != NULL;
    if (ok) {
        ga_run_init(run, e->seed);
        for (int g = 0; g < 3 && ga_run_iterate(run) == GA_CONTINUE; g++)
            ;
        /* A checkpoint's state: packed (a failed allocation marks it
         * incomplete), then read back into the run. */
        struct ga_pack pack = {0};
        ga_run_pack(run, &pack);
        struct ga_unpack u = {pack.data, pack.len, false};
        if (pack.oom)
            ok = false;
        else if (!ga_run_unpack(run, &u) || u.left != 0)
            fail_msg("a packed run does not unpack");
        ga_pack_free(&pack);
        if (!ok)
            ga_diag_add(&diag, "", 0, "pack", "out of memory"); /* what the CLI reports */
    }
    if (!ok && cfg && diag.count == 0)
        fail_msg("allocation %ld failed without a diagnostic", alloc_fail_at);
    ga_run_free(run);
    ga_experiment_free(e);
    ga_cfg_free(cfg);
    return ok;
}

/* The walk over N for one experiment; returns the allocations it counted. */
static long alloc_walk(const char *name, const char *text)
{
    alloc_fail_at = 0;
    alloc_calls = 0;
    alloc_live = 0;
    if (!alloc_run(text))
        fail_msg("%s: the experiment fails without any injected failure", name);
    if (alloc_live != 0)
        fail_msg("%s: %ld blocks left after a clean run", name, alloc_live);
    long total = alloc_calls;
    for (alloc_fail_at = 1;; alloc_fail_at++) {
        alloc_calls = 0;
        alloc_live = 0;
        alloc_failed = false;
        bool ok = alloc_run(text);
        if (alloc_live != 0)
            fail_msg("%s: allocation %ld failed: %ld blocks leaked", name, alloc_fail_at, alloc_live);
        if (!alloc_failed)
            break; /* past the last allocation: the run completed */
        if (ok)
            fail_msg("%s: allocation %ld failed, yet the run went on as if nothing happened", name,
                     alloc_fail_at);
    }
    return total;
}

/* Every problem, through a shipped-like configuration. */
static void test_every_allocation_fails_cleanly(void **unused)
{
    (void)unused;
    static const struct {
        const char *name, *text;
    } cases[] = {
        {"derful", "problem = { name = \"derful\"; n = 5; };\n"
                   "ga = { population = 40; threads = 2; stop = { generations = 3; }; };\n"},
        {"derful-elite", "problem = { name = \"derful\"; n = 4; target = \"free\"; };\n"
                         "ga = { population = 30; scheme = { generational = { elite = 3; }; }; stop = { generations = 3; }; };\n"},
        {"onemax", "problem = { name = \"onemax\"; bits = 64; };\n"
                   "ga = { population = 20; stop = { generations = 3; }; };\n"},
        {"t24", "problem = { name = \"t24\"; cards = [3, 3, 8, 8]; ops = \"+,-,*,/,pow\"; };\n"
                "ga = { population = 30; stop = { generations = 3; }; };\n"},
        {"animals", "problem = { name = \"animals\"; puzzle = \"" GA_SRCDIR "/configs/animals/level50.txt\"; };\n"
                    "ga = { population = 20; stop = { generations = 3; }; };\n"},
        {"fortythieves", "problem = { name = \"fortythieves\"; seed = 20550; };\n"
                         "ga = { population = 20; stop = { generations = 3; }; };\n"},
        {"fortythieves-file", "problem = { name = \"fortythieves\"; deals = \"" GA_SRCDIR
                              "/tests/data/fortythieves/studies.deal\"; position = \"park\"; };\n"
                              "ga = { population = 20; stop = { generations = 3; }; };\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long total = alloc_walk(cases[i].name, cases[i].text);
        if (total < 5)
            fail_msg("%s: only %ld allocations counted: is the wrapping in place?", cases[i].name, total);
        printf("# %s: %ld allocations, each failed in turn\n", cases[i].name, total);
    }
}

/*
 * The exact 31-derful count: each allocation failed in turn gives
 * GA_ENOMEM, leaks nothing, and the walk ends with the right count.  One
 * thread, so that the allocations come in one order.
 */
static void test_derful_exact_allocations(void **unused)
{
    (void)unused;
    static const struct {
        int n, suits, sum_lo, sum_hi;
        unsigned long long total;
    } cases[] = {{3, 2, 20, 20, 40}, {4, 3, 38, 38, 11}};
    omp_set_num_threads(1);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long total = 0;
        for (alloc_fail_at = 0;; alloc_fail_at++) {
            struct derful_exact e;
            alloc_calls = 0;
            alloc_live = 0;
            alloc_failed = false;
            int status = derful_exact_count(cases[i].n, cases[i].suits, cases[i].sum_lo, cases[i].sum_hi, &e,
                                            NULL, NULL);
            if (alloc_live != 0)
                fail_msg("derful exact n=%d: allocation %ld failed: %ld blocks leaked", cases[i].n, alloc_fail_at,
                         alloc_live);
            if (alloc_fail_at == 0)
                total = alloc_calls;
            if (alloc_fail_at > 0 && !alloc_failed) {
                assert_int_equal(status, GA_OK);
                assert_int_equal(e.total, cases[i].total);
                break;
            }
            if (alloc_fail_at > 0)
                assert_int_equal(status, GA_ENOMEM);
        }
        if (total < 5)
            fail_msg("derful exact: only %ld allocations counted: is the wrapping in place?", total);
        printf("# derful exact n=%d: %ld allocations, each failed in turn\n", cases[i].n, total);
    }
    alloc_fail_at = 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_allocation_fails_cleanly),
        cmocka_unit_test(test_derful_exact_allocations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
