/* cli/figures/figures.c — what every figure of gaexp shares: terminal, style file, palette, legends, traces. */
#include "config.h"
#include "cli/figures/figures.h"

#include <errno.h>
#include <libconfig.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/app.h"
#include "app/file.h"
#include "cli/store/figure.h"
#include "cli/store/output_settings.h"
#include "gaexp/cfg.h"

/* Twelve colours told apart also by most colour-blind readers (Okabe and
 * Ito's eight, yellow darkened, and four of Tol's), each with a dash type,
 * so curves differ in two ways and survive greyscale printing. */
static const char figures_style_text[] =
    "# style.gp — the look of every figure in this folder, loaded by each script gaexp\n"
    "# writes.  gaexp writes this file once and never again: restyle here (fonts, sizes,\n"
    "# colours, key position) and redraw with 'gaexp plot DIR' or 'gnuplot NAME.gp'.\n"
    "set linetype 1  lc rgb '#0072B2' lw 2 dt 1 pt 7\n"
    "set linetype 2  lc rgb '#D55E00' lw 2 dt 2 pt 5\n"
    "set linetype 3  lc rgb '#009E73' lw 2 dt 3 pt 9\n"
    "set linetype 4  lc rgb '#CC79A7' lw 2 dt 4 pt 11\n"
    "set linetype 5  lc rgb '#E69F00' lw 2 dt 1 pt 13\n"
    "set linetype 6  lc rgb '#56B4E9' lw 2 dt 2 pt 6\n"
    "set linetype 7  lc rgb '#000000' lw 2 dt 3 pt 4\n"
    "set linetype 8  lc rgb '#B8860B' lw 2 dt 4 pt 8\n"
    "set linetype 9  lc rgb '#6A3D9A' lw 2 dt 1 pt 10\n"
    "set linetype 10 lc rgb '#882255' lw 2 dt 2 pt 12\n"
    "set linetype 11 lc rgb '#44AA99' lw 2 dt 3 pt 14\n"
    "set linetype 12 lc rgb '#999933' lw 2 dt 4 pt 3\n"
    "set linetype cycle 12\n"
    "set grid lc rgb '#dddddd' lw 1 dt 1\n"
    "set border lc rgb '#444444'\n"
    "set key box lc rgb '#bbbbbb' opaque samplen 3 spacing 1.1\n"
    "set style fill transparent solid 0.12 noborder\n";

bool figures_style(const char *dir)
{
    char path[2200];
    snprintf(path, sizeof path, "%s/style.gp", dir);
    if (access(path, F_OK) == 0)
        return true;
    return output_script(dir, "style.gp", figures_style_text);
}

bool figures_style_into(const char *dir, struct app_file *f)
{
    if (!f)
        return figures_style(dir);
    if (!app_file_open(f, dir, "style.gp"))
        return false;
    fputs(figures_style_text, f->fp);
    return true;
}

void figures_file(const struct figures_setup *s, const char *name, char *buf, size_t size)
{
    snprintf(buf, size, "%s.%s", name, s->format);
}

void figures_opening(FILE *out, const struct figures_setup *s, const char *name, int width, int height)
{
    char file[256];
    figures_file(s, name, file, sizeof file);
    if (strcmp(s->format, "pdf") == 0) /* inches at 100 pixels per inch */
        fprintf(out, "set terminal pdfcairo size %.2fin,%.2fin noenhanced font 'Sans,8'\n",
                width / 100.0, height / 100.0);
    else if (strcmp(s->format, "svg") == 0)
        fprintf(out, "set terminal svg size %d,%d dynamic noenhanced font 'Sans,11'\n", width, height);
    else
        fprintf(out, "set terminal pngcairo size %d,%d noenhanced font 'Sans,11'\n", width, height);
    /* gaexp draws into a temporary name it checks before renaming it (cli/store/output.h) */
    fprintf(out, "load 'style.gp'  # the look: yours to restyle, never rewritten by gaexp\n"
                 "set output (exists('%s') ? %s : '%s')\n",
            OUTPUT_FIGURE_VARIABLE, OUTPUT_FIGURE_VARIABLE, file);
}

void figures_quoted(FILE *out, const char *text)
{
    fputc('\'', out);
    for (const char *c = text; *c; c++) {
        if (*c == '\n') { /* a line break: single quotes take none, so join a double-quoted one */
            fputs("'.\"\\n\".'", out);
            continue;
        }
        if (*c == '\'')
            fputc('\'', out);
        fputc(*c, out);
    }
    fputc('\'', out);
}

/* Longest title line, in characters, that a 900-pixel figure shows whole
 * in its 11-point font. */
#define FIGURES_TITLE_WIDTH 95

void figures_title(FILE *out, const char *text)
{
    /* A line longer than the figure is broken after its last "; " that
     * keeps the line within FIGURES_TITLE_WIDTH (gnuplot cuts it instead). */
    char wrapped[1024];
    size_t at = 0, line = 0, room = sizeof wrapped - 1;
    for (const char *c = text; *c && at < room; c++, line++) {
        if (*c == '\n')
            line = (size_t)-1;
        else if (c[0] == ';' && c[1] == ' ' && line > 0) {
            const char *next = strchr(c + 2, ';');
            size_t rest = next ? (size_t)(next - c) : strlen(c);
            if (line + rest > FIGURES_TITLE_WIDTH) {
                wrapped[at++] = ';';
                if (at < room)
                    wrapped[at++] = '\n';
                c++; /* the space */
                line = (size_t)-1;
                continue;
            }
        }
        wrapped[at++] = *c;
    }
    wrapped[at] = '\0';
    fprintf(out, "set title ");
    figures_quoted(out, wrapped);
}

/* ---- legends ------------------------------------------------------------------ */

/* "ga.mutation.rate" -> "mutation rate"; "ga.crossover.name" -> "crossover";
 * "problem.target" -> "target". */
static void figures_path_words(const char *path, size_t len, char *buf, size_t size)
{
    const char *dot = memchr(path, '.', len);
    if (dot && ((size_t)(dot - path) == 2 || (size_t)(dot - path) == 7 || (size_t)(dot - path) == 6)) {
        len -= (size_t)(dot + 1 - path); /* drop the group: ga., problem., output. */
        path = dot + 1;
    }
    if (len > 5 && strncmp(path + len - 5, ".name", 5) == 0)
        len -= 5;
    /* the last two words say enough: "islands.migration.interval" -> "migration interval" */
    size_t dots = 0, from = 0;
    for (size_t i = len; i > 0 && !from; i--)
        if (path[i - 1] == '.' && ++dots == 2)
            from = i;
    path += from;
    len -= from;
    size_t n = 0;
    for (size_t i = 0; i < len && n + 1 < size; i++)
        buf[n++] = path[i] == '.' || path[i] == '_' ? ' ' : path[i];
    buf[n] = '\0';
}

/* Both legends: names and values, or values alone. */
static void figures_text(const char *const *axis, const char *const *value, size_t axes, const bool *same,
                         bool names, char *buf, size_t size)
{
    size_t used = 0, k = 0;
    buf[0] = '\0';
    for (size_t a = 0; a < axes; a++) {
        const char *path = axis[a], *val = value[a];
        while (*path) {
            size_t plen = strcspn(path, "+"), vlen = strcspn(val, " ");
            if (!(same && same[k]) && used + 1 < size) {
                char words[128];
                figures_path_words(path, plen, words, sizeof words);
                /* true/false of a switch read better as its name or "no ..." */
                if (!names)
                    used += (size_t)snprintf(buf + used, size - used, "%s%.*s", used ? ", " : "", (int)vlen, val);
                else if (!vlen)
                    used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? ", " : "", words);
                else if (vlen == 4 && strncmp(val, "true", 4) == 0)
                    used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? ", " : "", words);
                else if (vlen == 5 && strncmp(val, "false", 5) == 0)
                    used += (size_t)snprintf(buf + used, size - used, "%sno %s", used ? ", " : "", words);
                else
                    used += (size_t)snprintf(buf + used, size - used, "%s%s %.*s", used ? ", " : "", words,
                                             (int)vlen, val);
            }
            k++;
            path += plen + (path[plen] == '+');
            val += vlen + (val[vlen] == ' ');
        }
    }
    if (used >= size && size > 4)
        memcpy(buf + size - 4, "...", 4);
    if (!buf[0])
        snprintf(buf, size, "all settings alike");
}

void figures_label(const char *const *axis, const char *const *value, size_t axes, const bool *same,
                   char *buf, size_t size)
{
    figures_text(axis, value, axes, same, true, buf, size);
}

void figures_values(const char *const *axis, const char *const *value, size_t axes, const bool *same,
                    char *buf, size_t size)
{
    figures_text(axis, value, axes, same, false, buf, size);
}

/* ---- the title's setup ---------------------------------------------------------- */

/* Whether the dotted path is swept (equal to, or inside, a swept path). */
static bool figures_swept(const char *path, const char *const *swept, size_t nswept)
{
    size_t len = strlen(path);
    for (size_t i = 0; i < nswept; i++)
        for (const char *p = swept[i]; *p;) {
            size_t plen = strcspn(p, "+");
            if ((plen == len || (plen > len && p[len] == '.')) && strncmp(p, path, len) == 0)
                return true;
            if (plen < len && path[plen] == '.' && strncmp(p, path, plen) == 0)
                return true;
            p += plen + (p[plen] == '+');
        }
    return false;
}

/* A setting's value as a title shows it: a path (config.cfg records input
 * files absolutely) by its file name, which says which instance it is
 * where the folders would fill the line and be cut. */
static void figures_value_text(const config_setting_t *s, char *buf, size_t size)
{
    const char *text = config_setting_type(s) == CONFIG_TYPE_STRING ? config_setting_get_string(s) : NULL;
    const char *slash = text ? strrchr(text, '/') : NULL;
    if (slash && slash[1])
        snprintf(buf, size, "%s", slash + 1);
    else
        ga_cfg_value_text(s, buf, size);
}

/* "queens (n 8)": the problem's settings but the swept ones. */
static void figures_problem(const config_t *cfg, const char *const *swept, size_t nswept, char *buf,
                            size_t size)
{
    const config_setting_t *problem = config_lookup(cfg, "problem");
    const char *name = "?";
    config_lookup_string(cfg, "problem.name", &name);
    size_t used = (size_t)snprintf(buf, size, "%s", name), shown = 0;
    for (int i = 0; problem && i < config_setting_length(problem) && used < size; i++) {
        const config_setting_t *s = config_setting_get_elem(problem, (unsigned)i);
        char path[128], text[64];
        snprintf(path, sizeof path, "problem.%s", config_setting_name(s));
        figures_value_text(s, text, sizeof text);
        if (strcmp(config_setting_name(s), "name") == 0 || !config_setting_is_scalar(s) || !text[0] ||
            figures_swept(path, swept, nswept))
            continue;
        used += (size_t)snprintf(buf + used, size - used, "%s%s %s", shown++ ? ", " : " (",
                                 config_setting_name(s), text);
    }
    if (shown && used < size)
        snprintf(buf + used, size - used, ")");
}

/* "population 1000, 500 generations": the budget, but what is swept. */
static void figures_budget(const config_t *cfg, const char *const *swept, size_t nswept, char *buf,
                           size_t size)
{
    long long population = 0, generations = 0, evaluations = 0;
    double seconds = 0;
    config_lookup_int64(cfg, "ga.population", &population);
    config_lookup_int64(cfg, "ga.stop.generations", &generations);
    config_lookup_int64(cfg, "ga.stop.evaluations", &evaluations);
    config_lookup_float(cfg, "ga.stop.seconds", &seconds);
    size_t used = 0;
    buf[0] = '\0';
    if (population && !figures_swept("ga.population", swept, nswept))
        used += (size_t)snprintf(buf + used, size - used, "population %lld", population);
    if (generations && !figures_swept("ga.stop.generations", swept, nswept) && used < size)
        used += (size_t)snprintf(buf + used, size - used, "%sat most %lld generations", used ? ", " : "",
                                 generations);
    if (evaluations && !figures_swept("ga.stop.evaluations", swept, nswept) && used < size)
        used += (size_t)snprintf(buf + used, size - used, "%sat most %lld evaluations", used ? ", " : "",
                                 evaluations);
    if (seconds > 0 && !figures_swept("ga.stop.seconds", swept, nswept) && used < size)
        snprintf(buf + used, size - used, "%sat most %g s", used ? ", " : "", seconds);
}

bool figures_setup_read(const char *config, const char *const *swept, size_t nswept,
                        struct figures_setup *s)
{
    *s = (struct figures_setup){.format = OUTPUT_FORMAT_DEFAULT, .xaxis = OUTPUT_XAXIS_DEFAULT, .problem = "?",
                                .replicates = 1};
    config_t cfg;
    config_init(&cfg);
    bool ok = config_read_file(&cfg, config) == CONFIG_TRUE;
    if (ok) {
        const char *text;
        if (config_lookup_string(&cfg, "output.format", &text) && strlen(text) < sizeof s->format)
            snprintf(s->format, sizeof s->format, "%s", text);
        if (config_lookup_string(&cfg, "output.xaxis", &text) && strlen(text) < sizeof s->xaxis)
            snprintf(s->xaxis, sizeof s->xaxis, "%s", text);
        long long replicates = 1;
        config_lookup_int64(&cfg, "ga.replicates", &replicates);
        s->replicates = replicates > 0 ? (unsigned long)replicates : 1;
        figures_problem(&cfg, swept, nswept, s->problem, sizeof s->problem);
        figures_budget(&cfg, swept, nswept, s->budget, sizeof s->budget);
    }
    config_destroy(&cfg);
    return ok;
}

/* ---- traces ------------------------------------------------------------------- */

void figures_traces_free(struct figures_traces *t)
{
    free(t->start);
    free(t->evaluations);
    free(t->best);
    *t = (struct figures_traces){0};
}

/* Room for one more row and one more replicate. */
static bool figures_traces_grow(struct figures_traces *t)
{
    if (t->rows < t->cap)
        return true;
    size_t cap = t->cap ? 2 * t->cap : 1024;
    double *e = realloc(t->evaluations, cap * sizeof *e);
    if (e)
        t->evaluations = e;
    double *b = realloc(t->best, cap * sizeof *b);
    if (b)
        t->best = b;
    size_t *s = realloc(t->start, (cap + 1) * sizeof *s);
    if (s)
        t->start = s;
    if (!e || !b || !s)
        return false;
    t->cap = cap;
    return true;
}

bool figures_traces_read(const char *path, struct figures_traces *t)
{
    *t = (struct figures_traces){0};
    const char *why;
    FILE *f = app_result_open(path, &why);
    if (!f) {
        app_error("cannot read %s: %s", path, why);
        return false;
    }
    char line[1024];
    size_t lineno = 1;
    unsigned long long current = 0;
    bool ok = fgets(line, sizeof line, f) != NULL;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        unsigned long long replicate, generation;
        double evaluations, best;
        if (sscanf(line, "%llu,%llu,%lf,%lf,", &replicate, &generation, &evaluations, &best) != 4 ||
            !isfinite(evaluations) || !isfinite(best) || replicate < current) {
            app_error("%s:%zu: expected replicate,generation,evaluations,best,... in order", path, lineno);
            ok = false;
            break;
        }
        if (!figures_traces_grow(t)) {
            app_error("out of memory");
            ok = false;
            break;
        }
        if (replicate != current) { /* a new replicate starts here */
            t->start[t->replicates++] = t->rows;
            current = replicate;
        }
        bool first = t->start[t->replicates - 1] == t->rows;
        t->evaluations[t->rows] = evaluations;
        t->best[t->rows] = first || best < t->best[t->rows - 1] ? best : t->best[t->rows - 1];
        t->rows++;
    }
    fclose(f);
    if (ok && t->rows == 0) {
        app_error("%s: no generation", path);
        ok = false;
    }
    if (ok)
        t->start[t->replicates] = t->rows;
    else
        figures_traces_free(t);
    return ok;
}

double figures_traces_at(const struct figures_traces *t, size_t r, double evaluations)
{
    size_t lo = t->start[r], hi = t->start[r + 1];
    if (evaluations < t->evaluations[lo])
        return NAN;
    while (hi - lo > 1) { /* the last row at or below 'evaluations' */
        size_t mid = lo + (hi - lo) / 2;
        if (t->evaluations[mid] <= evaluations)
            lo = mid;
        else
            hi = mid;
    }
    return t->best[lo];
}
