/* cli/figures/figures_front.c — the figures of a run with several objectives: the final fronts with
 * the true front, and the hypervolume over the run. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/file.h"
#include "cli/figures/figures_front.h"
#include "gaexp/stats.h"

/* The 1-based column of 'name' among the comma-separated 'columns', 0 when absent. */
static size_t figures_front_column_of(const char *columns, const char *name)
{
    size_t len = strlen(name), column = 1;
    for (const char *c = columns; *c; column++) {
        size_t field = strcspn(c, ",");
        if (field == len && strncmp(c, name, len) == 0)
            return column;
        c += field + (c[field] == ',');
    }
    return 0;
}

/* generations.csv's column 'name' (one of GA_STATS_MO_COLUMNS, which follow
 * the standard ones), 1-based. */
static size_t figures_front_stats_column(const char *name)
{
    size_t standard = 1;
    for (const char *c = GA_STATS_COLUMNS; *c; c++)
        standard += *c == ',';
    return standard + figures_front_column_of(GA_STATS_MO_COLUMNS, name);
}

/* Reads front.csv's header ("replicate,f1,...,fm,violation"): the objectives'
 * names, one a line, into names, and their count; false (said) when it is not one. */
static bool figures_front_names(const char *path, char *names, size_t size, size_t *m)
{
    const char *why;
    FILE *f = app_result_open(path, &why);
    if (!f) {
        app_error("cannot read %s: %s", path, why);
        return false;
    }
    char line[1024];
    bool ok = fgets(line, sizeof line, f) && strncmp(line, "replicate,", 10) == 0;
    fclose(f);
    char *last = ok ? strrchr(line, ',') : NULL;
    ok = last && strcmp(last, ",violation\n") == 0 && last > line + 9 && (size_t)(last - line) - 10 < size;
    if (!ok) {
        app_error("%s: expected the header replicate,f1,...,violation", path);
        return false;
    }
    *last = '\0';
    memcpy(names, line + 10, (size_t)(last - line) - 9); /* with its NUL */
    *m = 1;
    for (char *c = names; *c; c++)
        if (*c == ',')
            *c = '\n', ++*m;
    return true;
}

bool figures_front_several(const char *front)
{
    const char *why;
    FILE *f = app_result_open(front, &why);
    char line[1024];
    bool read = f && fgets(line, sizeof line, f);
    if (f)
        fclose(f);
    size_t commas = 0;
    for (const char *c = line; read && *c; c++)
        commas += *c == ',';
    return read && commas >= 3; /* replicate,f1,f2,violation */
}

/* Whether the last row of the CSV file at path has a value in the 1-based column. */
static bool figures_front_last_has(const char *path, size_t column)
{
    const char *why;
    FILE *f = app_result_open(path, &why);
    char line[4096], last[4096] = "";
    while (f && fgets(line, sizeof line, f))
        memcpy(last, line, sizeof last);
    if (f)
        fclose(f);
    const char *c = last;
    for (size_t k = 1; k < column && c; k++)
        c = strchr(c, ',') ? strchr(c, ',') + 1 : NULL;
    return c && *c && *c != ',' && *c != '\n';
}

/* Objective j's name (j from 0) among the names figures_front_names read. */
static void figures_front_name(const char *names, size_t j, char *buf, size_t size)
{
    for (; j > 0 && names; j--)
        names = strchr(names, '\n') ? strchr(names, '\n') + 1 : NULL;
    snprintf(buf, size, "%.*s", names ? (int)strcspn(names, "\n") : 1, names ? names : "?");
}

/* The title: what is drawn, then the problem, budget and how many replicates are shown. */
static void figures_front_title(FILE *out, const struct figures_setup *s, const char *what, unsigned long shown)
{
    char title[700], replicates[80];
    if (shown < s->replicates)
        snprintf(replicates, sizeof replicates, "the first %lu of %lu replicates", shown, s->replicates);
    else
        snprintf(replicates, sizeof replicates, "%lu replicate%s", shown, shown > 1 ? "s" : "");
    snprintf(title, sizeof title, "%s\n%s%s%s; %s", what, s->problem, s->budget[0] ? "; " : "", s->budget,
             replicates);
    figures_title(out, title);
    fputc('\n', out);
}

/* 2 or 3 objectives: a scatter of each replicate's front, the true front in grey dots
 * beneath (dots, not a line: disconnected fronts such as ZDT3's keep their gaps). */
static void figures_front_scatter(FILE *out, const char *names, size_t m, bool true_front, unsigned long shown)
{
    char axis[64];
    const char *letters = "xyz";
    for (size_t j = 0; j < m; j++) {
        figures_front_name(names, j, axis, sizeof axis);
        fprintf(out, "set %clabel ", letters[j]);
        figures_quoted(out, axis);
        fputs(j == 2 ? " rotate parallel\n" : "\n", out);
    }
    const char *using = m == 2 ? "($1 == r ? $2 : NaN):3" : "($1 == r ? $2 : NaN):3:4";
    if (m == 3) /* from the side of the reference point: a front's surface faces it */
        fputs("set view 55, 125\nset ticslevel 0\nset key at screen 0.98, 0.9\n", out);
    else
        fputs("set key top right\n", out);
    fprintf(out, "%s ", m == 2 ? "plot" : "splot");
    if (true_front)
        fprintf(out, "'true-front.csv' skip 1 using 1:2%s with points pt 7 ps 0.25 lc rgb '#aaaaaa' "
                     "title 'true front', \\\n      ",
                m == 3 ? ":3" : "");
    fprintf(out, "for [r = 1:%lu] 'front.csv' skip 1 using %s with points lt r ps 0.7 "
                 "title sprintf('replicate %%d', r)\n",
            shown, using);
}

/* More than 3 objectives: each front member a polyline over the objectives' axes. */
static void figures_front_parallel(FILE *out, const char *names, size_t m, unsigned long shown)
{
    char axis[64];
    fputs("set xtics (", out);
    for (size_t j = 0; j < m; j++) {
        figures_front_name(names, j, axis, sizeof axis);
        figures_quoted(out, axis);
        fprintf(out, " %zu%s", j + 1, j + 1 < m ? ", " : ")\n");
    }
    fputs("set key top right\nplot ", out);
    fprintf(out, "for [r = 1:%lu] 'front.csv' skip 1 using ($1 == r ? $2 : NaN)", shown);
    for (size_t j = 1; j < m; j++)
        fprintf(out, ":%zu", j + 2);
    fputs(" with parallelaxes lt r title sprintf('replicate %d', r)\n", out);
}

/* front.gp's text, from front.csv's header at 'front'; NULL (said) when it cannot be made. */
static char *figures_front_text(const struct figures_setup *s, const char *front, bool true_front)
{
    char names[900];
    size_t m, length = 0;
    if (!figures_front_names(front, names, sizeof names, &m))
        return NULL;
    char *text = NULL;
    FILE *out = open_memstream(&text, &length);
    if (!out)
        return NULL;
    unsigned long shown = s->replicates < FIGURES_MAX_CURVES ? s->replicates : FIGURES_MAX_CURVES;
    fprintf(out, "# front.gp — written by gaexp: each replicate's final front (front.csv)%s.\n"
                 "# gaexp plot rewrites this script; the look is in style.gp, which it never rewrites.\n",
            true_front ? " over the true front (true-front.csv)" : "");
    figures_opening(out, s, "front", 900, m == 3 ? 700 : 560);
    fputs("set datafile separator ','\n", out);
    figures_front_title(out, s, "Final non-dominated feasible points (every objective minimised)", shown);
    if (m <= 3)
        figures_front_scatter(out, names, m, true_front, shown);
    else
        figures_front_parallel(out, names, m, shown);
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* hypervolume.gp's text: each replicate's hypervolume share (its hypervolume when the
 * true front's is unknown, 'share' false) over evaluations or generations. */
static char *figures_hypervolume_text(const struct figures_setup *s, bool share)
{
    char *text = NULL;
    size_t length = 0;
    FILE *out = open_memstream(&text, &length);
    if (!out)
        return NULL;
    unsigned long shown = s->replicates < FIGURES_MAX_CURVES ? s->replicates : FIGURES_MAX_CURVES;
    bool generations = strcmp(s->xaxis, "generations") == 0;
    fprintf(out, "# hypervolume.gp — written by gaexp: each replicate's hypervolume%s per generation\n"
                 "# (generations.csv). gaexp plot rewrites this script; the look is in style.gp.\n",
            share ? " share" : "");
    figures_opening(out, s, "hypervolume", 900, 560);
    fputs("set datafile separator ','\n", out);
    figures_front_title(out, s,
                        share ? "Hypervolume as a share of the true front's (higher is better, 1 = the true front)"
                              : "Hypervolume of the feasible non-dominated points (higher is better)",
                        shown);
    fprintf(out, "set xlabel '%s'\nset ylabel '%s'\nset key bottom right\n", generations ? "generation" : "evaluations",
            share ? "hypervolume share" : "hypervolume");
    if (share)
        fputs("set yrange [0:1.02]\n", out);
    fprintf(out, "plot for [r = 1:%lu] 'generations.csv' skip 1 using %d:($1 == r ? $%zu : NaN) with lines lt r "
                 "title sprintf('replicate %%d', r)\n",
            shown, generations ? 2 : 3, figures_front_stats_column(share ? "hv_share" : "hv"));
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* Opens the script stem.gp under its temporary name with text (freed); false (said) when it cannot. */
static bool figures_front_put(const char *dir, const char *stem, char *text, struct app_file *f)
{
    char name[32];
    snprintf(name, sizeof name, "%s.gp", stem);
    bool ok = text && app_file_open(f, dir, name);
    if (ok)
        fputs(text, f->fp);
    free(text);
    return ok;
}

bool figures_front_open(const char *dir, const struct figures_setup *s, const struct figures_front_input *in,
                        struct app_file *scripts)
{
    bool share = figures_front_last_has(in->generations, figures_front_stats_column("hv_share"));
    if (!figures_front_put(dir, "front", figures_front_text(s, in->front, in->true_front), &scripts[0]))
        return false;
    if (figures_front_put(dir, "hypervolume", figures_hypervolume_text(s, share), &scripts[1]))
        return true;
    app_file_abandon(&scripts[0]);
    return false;
}
