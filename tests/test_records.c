/* tests/test_records.c — replicates run apart from their folder (as on MPI
 * workers) and written from their records give the very files of a run
 * here (times.csv aside), in whatever order they were computed; a record
 * that does not fit is refused and nothing is written. */
#include "tests/testlib.h"

#include <dirent.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/runner/record.h"
#include "cli/runner/run_session.h"
#include "cli/store/output.h"
#include "cli/store/output_settings.h"
#include "gaexp/pack.h"

#define RECORDS_DIR "tests/out/records"

/* Replicates end at different generations (derful solves, onemax stops at
 * its target) or all at the limit (no target), with and without diversity. */
static const char *const records_cases[][2] = {
    {"derful", "problem = { name = \"derful\"; n = 4; };\n"
               "ga = { seed = 3; population = 40; replicates = 4; stop = { generations = 60; }; };\n"},
    {"onemax", "problem = { name = \"onemax\"; bits = 64; };\n"
               "ga = { seed = 9; population = 30; replicates = 3; stop = { generations = 30; fitness = -1.0; }; };\n"
               "output = { diversity = false; };\n"},
    {"t24", "problem = { name = \"t24\"; cards = [3, 3, 8, 8]; };\n"
            "ga = { seed = 2; population = 50; replicates = 3; stop = { generations = 25; }; };\n"},
};

static const char *const records_files[] = {"config.cfg", "generations.csv", "summary.csv", "best.txt",
                                             "curves.csv"};

static bool records_same_file(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    bool same = fa && fb;
    for (int ca = 0, cb = 0; same && ca != EOF;) {
        ca = fgetc(fa);
        cb = fgetc(fb);
        same = ca == cb;
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

/* The files a run writes are the same in both folders. */
static void records_same_as(const char *here, const char *dir, const char *name)
{
    for (size_t f = 0; f < sizeof records_files / sizeof records_files[0]; f++) {
        char a[400], b[400];
        snprintf(a, sizeof a, "%s/%s", here, records_files[f]);
        snprintf(b, sizeof b, "%s/%s", dir, records_files[f]);
        if (!records_same_file(a, b))
            fail_msg("%s: %s differs from the run's", name, records_files[f]);
    }
}

static bool records_dir_empty(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    bool empty = true;
    for (struct dirent *e; empty && (e = readdir(d));)
        empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
    closedir(d);
    return empty;
}

/* The experiment of one case, writing into RECORDS_DIR/NAME-SUFFIX. */
struct records_case {
    struct test_experiment *t;
    struct output_settings out;
    struct ga_run *run;
    char dir[256];
};

static void records_case_open(struct records_case *c, size_t i, const char *suffix)
{
    snprintf(c->dir, sizeof c->dir, RECORDS_DIR "/%s-%s", records_cases[i][0], suffix);
    char set_dir[300];
    snprintf(set_dir, sizeof set_dir, "output.dir=\"%s\"", c->dir);
    const char *const sets[] = {set_dir, "output.plot=false", NULL};
    struct ga_experiment_reader output = output_settings_reader(&c->out);
    c->t = test_experiment_reading(records_cases[i][1], sets, &output);
    assert_non_null(c->t->e);
    c->run = ga_run_alloc(c->t->e->problem, c->t->e->state, &c->t->e->params, &c->t->diag);
    assert_non_null(c->run);
    assert_int_equal(output_prepare_dir(c->dir), APP_OK);
}

static void records_case_close(struct records_case *c)
{
    ga_run_free(c->run);
    test_experiment_free(c->t);
}

/* Every replicate's record, computed last replicate first. */
static struct ga_pack *records_compute(struct records_case *c)
{
    unsigned n = c->t->e->replicates;
    struct ga_pack *records = calloc(n, sizeof *records);
    assert_non_null(records);
    for (unsigned r = n; r >= 1; r--) {
        cli_run_replicate(c->t->e, c->run, r, &records[r - 1]);
        assert_false(records[r - 1].oom);
    }
    return records;
}

static void records_free(struct ga_pack *records, unsigned n)
{
    for (unsigned r = 0; r < n; r++)
        ga_pack_free(&records[r]);
    free(records);
}

static void test_records_write_what_a_run_writes(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof records_cases / sizeof records_cases[0]; i++) {
        struct records_case c;
        records_case_open(&c, i, "records");
        assert_int_equal(cli_run_experiment(c.t->cfg, c.t->e, &c.out, c.run, true), APP_OK);
        char here[300];
        snprintf(here, sizeof here, RECORDS_DIR "/%s-here", records_cases[i][0]);
        assert_int_equal(rename(c.dir, here), 0);
        assert_int_equal(output_prepare_dir(c.dir), APP_OK);
        struct ga_pack *records = records_compute(&c);
        assert_int_equal(cli_run_write(c.t->cfg, c.t->e, &c.out, records, NULL), APP_OK);
        records_same_as(here, c.dir, records_cases[i][0]);
        /* A folder not there yet is written whole under a hidden name, and
         * appears only when the caller closes that: the same files. */
        output_stage_remove(c.dir);
        struct output_stage left;
        assert_int_equal(cli_run_write(c.t->cfg, c.t->e, &c.out, records, &left), APP_OK);
        assert_true(left.fd >= 0);
        assert_int_equal(access(c.dir, F_OK), -1);
        assert_int_equal(access(left.path, F_OK), 0);
        assert_true(output_stage_close(&left, c.dir));
        assert_int_equal(access(left.path, F_OK), -1);
        records_same_as(here, c.dir, records_cases[i][0]);
        records_free(records, c.t->e->replicates);
        records_case_close(&c);
    }
}

/* A record of another replicate, cut short, or missing: refused, no file written. */
static void test_records_refuse_what_does_not_fit(void **state)
{
    (void)state;
    struct records_case c;
    records_case_open(&c, 0, "refused");
    struct ga_pack *records = records_compute(&c);
    struct ga_pack first = records[0];
    records[0] = records[1]; /* replicate 2's record as replicate 1 */
    assert_int_equal(cli_run_write(c.t->cfg, c.t->e, &c.out, records, NULL), APP_FAILED);
    assert_true(records_dir_empty(c.dir));
    records[0] = first;
    records[2].len--; /* its last generation cut short */
    assert_int_equal(cli_run_write(c.t->cfg, c.t->e, &c.out, records, NULL), APP_FAILED);
    assert_true(records_dir_empty(c.dir));
    records[2].len = 0; /* a worker that returned nothing */
    assert_int_equal(cli_run_write(c.t->cfg, c.t->e, &c.out, records, NULL), APP_FAILED);
    assert_true(records_dir_empty(c.dir));
    /* Nor written whole: neither the folder nor its hidden one is left. */
    output_stage_remove(c.dir);
    struct output_stage left;
    assert_int_equal(cli_run_write(c.t->cfg, c.t->e, &c.out, records, &left), APP_FAILED);
    assert_int_equal(access(c.dir, F_OK), -1);
    char hidden[400];
    snprintf(hidden, sizeof hidden, RECORDS_DIR "/.%s-refused.new", records_cases[0][0]);
    assert_int_equal(access(hidden, F_OK), -1);
    records_free(records, c.t->e->replicates);
    records_case_close(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_records_write_what_a_run_writes),
        cmocka_unit_test(test_records_refuse_what_does_not_fit),
    };
    if (system("rm -rf " RECORDS_DIR) != 0)
        return 1;
    return cmocka_run_group_tests(tests, NULL, NULL);
}
