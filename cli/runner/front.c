/* cli/runner/front.c — a replicate's final front (several objectives or constraints): front.csv's rows. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "app/file.h"
#include "cli/runner/front.h"
#include "cli/runner/genes_valid.h"

size_t front_width(const struct ga_experiment *e)
{
    const struct ga_problem_objectives *o = ga_problem_objectives(e->problem);
    size_t m = 0, k = 0;
    if (o)
        o->count(e->state, &m, &k);
    return o ? m + 1 : 0;
}

bool front_several(const struct run_front *f)
{
    return f->width > 2;
}

bool front_alloc(struct run_front *f, const struct ga_experiment *e)
{
    *f = (struct run_front){.width = front_width(e)};
    if (!f->width)
        return true;
    f->cap = e->params.population * (e->params.islands ? e->params.islands : 1);
    f->len = ga_problem_genome(e->problem, e->state).len;
    f->rows = malloc(f->cap * f->width * sizeof *f->rows);
    f->genes = malloc(f->cap * f->len * sizeof *f->genes);
    f->members = malloc(f->cap * sizeof *f->members);
    return f->rows && f->genes && f->members;
}

void front_free(struct run_front *f)
{
    free(f->rows);
    free(f->genes);
    free(f->members);
}

void front_take(struct run_front *f, struct ga_run *run)
{
    if (!f->width)
        return;
    f->count = ga_run_front(run, f->members);
    for (size_t i = 0; i < f->count; i++) {
        memcpy(f->rows + i * f->width, ga_run_record(run, f->members[i]), f->width * sizeof *f->rows);
        memcpy(f->genes + i * f->len, ga_run_individual(run, f->members[i]), f->len * sizeof *f->genes);
    }
}

void front_copy(struct run_front *dst, const struct run_front *src)
{
    dst->count = src->count;
    memcpy(dst->rows, src->rows, src->count * src->width * sizeof *src->rows);
    memcpy(dst->genes, src->genes, src->count * src->len * sizeof *src->genes);
}

/* The objectives' names, comma-separated. */
static void front_write_names(FILE *fp, const struct ga_experiment *e)
{
    const struct ga_problem_objectives *o = ga_problem_objectives(e->problem);
    size_t m = front_width(e) - 1;
    for (size_t j = 0; j < m; j++) {
        const char *name = o->name ? o->name(e->state, j) : NULL;
        if (name)
            fprintf(fp, "%s%s", j ? "," : "", name);
        else
            fprintf(fp, "%sf%zu", j ? "," : "", j + 1);
    }
}

void front_write_header(FILE *fp, const struct ga_experiment *e)
{
    fputs("replicate,", fp);
    front_write_names(fp, e);
    fputs(",violation\n", fp);
}

/* The first n values of point i, comma-separated, every digit. */
static void front_write_values(FILE *fp, const struct run_front *f, size_t i, size_t n)
{
    for (size_t j = 0; j < n; j++)
        fprintf(fp, "%s%.17g", j ? "," : "", f->rows[i * f->width + j]);
}

void front_write_rows(FILE *fp, unsigned r, const struct run_front *f)
{
    for (size_t i = 0; i < f->count; i++) {
        fprintf(fp, "%u,", r);
        front_write_values(fp, f, i, f->width);
        fputc('\n', fp);
    }
}

void front_write_objectives(FILE *fp, const struct run_front *f, size_t i)
{
    front_write_values(fp, f, i, f->width - 1);
}

void front_pack(const struct run_front *f, struct ga_pack *p)
{
    uint64_t count = f->count;
    ga_pack_put(p, &count, sizeof count);
    ga_pack_put(p, f->rows, f->count * f->width * sizeof *f->rows);
    ga_pack_put(p, f->genes, f->count * f->len * sizeof *f->genes);
}

bool front_unpack(struct run_front *f, struct ga_unpack *u, const struct ga_genome *gen,
                  const struct ga_problem *problem)
{
    uint64_t count;
    if (!ga_unpack_get(u, &count, sizeof count) || count > f->cap)
        return false;
    f->count = (size_t)count;
    bool ok = ga_unpack_get(u, f->rows, f->count * f->width * sizeof *f->rows) &&
              ga_unpack_get(u, f->genes, f->count * f->len * sizeof *f->genes);
    for (size_t i = 0; ok && i < f->count; i++)
        ok = run_genes_valid(gen, problem, f->genes + i * f->len);
    return ok;
}

bool front_write_true(const struct ga_experiment *e, const char *dir, struct app_file *f, bool *written)
{
    const struct ga_problem_objectives *o = ga_problem_objectives(e->problem);
    const double *points = NULL;
    double hv;
    size_t rows = o && o->front ? o->front(e->state, &points, &hv) : 0, m = front_width(e) - 1;
    *written = rows > 0;
    if (!rows)
        return true;
    if (!app_file_open(f, dir, "true-front.csv"))
        return false;
    front_write_names(f->fp, e);
    fputc('\n', f->fp);
    for (size_t i = 0; i < rows; i++)
        for (size_t j = 0; j < m; j++)
            fprintf(f->fp, "%.10g%c", points[i * m + j], j + 1 < m ? ',' : '\n');
    return true;
}
