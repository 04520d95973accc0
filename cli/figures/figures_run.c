/* cli/figures/figures_run.c — a run folder's figures: fitness.gp, or front.gp and hypervolume.gp
 * with several objectives (cli/figures/figures_front.c), their scripts written and drawn. */
#include "config.h"
#include "cli/figures/figures_run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "app/app.h"
#include "app/file.h"
#include "cli/figures/figures.h"
#include "cli/figures/figures_front.h"
#include "cli/store/figure.h"

static const char figures_fitness_body[] =
    "set datafile separator ','\n"
    "stats 'curves.csv' skip 1 using 2 nooutput\n"
    "replicates = int(STATS_max)\n"
    "stats 'curves.csv' skip 1 using 1 nooutput\n"
    "set xrange [0:(STATS_max > 0 ? STATS_max : 1)]  # a run solved in generation 0 has one point\n"
    "# 'nan' (under constraints: no feasible individual yet) is left out of the range and undrawn\n"
    "stats 'curves.csv' skip 1 using (valid(3) ? 1 : 0) nooutput\n"
    "if (STATS_sum == 0) set label 'no generation in which every replicate holds a feasible individual' at graph 0.5, 0.5 center\n"
    "stats 'curves.csv' skip 1 using (b = valid(5) ? $5 : 0, m = valid(6) ? $6 : 0, (b > m ? b : m) + 1) nooutput\n"
    "set yrange [0.85:STATS_max*1.15]  # from just below 0 (the curve at 0 stays in sight)\n";

static const char figures_fitness_plot[] =
    "set xlabel 'generation'\n"
    "set ylabel 'fitness (log scale of fitness + 1)'\n"
    "set logscale y\n"
    "set ytics ('0' 1, '1' 2, '2' 3, '5' 6, '10' 11, '20' 21, '50' 51, '100' 101, '200' 201, '500' 501, \\\n"
    "           '1000' 1001, '2000' 2001, '5000' 5001, '10000' 10001, '1e5' 100001, '1e6' 1000001)\n"
    "set key top right\n"
    "plot 'curves.csv' skip 1 using 1:(($4 > 0 ? $4 : 0)+1):($5+1) with filledcurves lt 2 \\\n"
    "       title (replicates > 1 ? 'best: 95% confidence band' : ''), \\\n"
    "     '' skip 1 using 1:($3+1) with lines lt 2 dt 1 \\\n"
    "       title (replicates > 1 ? 'best (mean over replicates)' : 'best'), \\\n"
    "     '' skip 1 using 1:($6+1) with lines lt 1 dt 1 \\\n"
    "       title (replicates > 1 ? 'mean (mean over replicates)' : 'mean')\n";

char *figures_fitness_text(const char *config, char *figure, size_t size)
{
    struct figures_setup s;
    figures_setup_read(config, NULL, 0, &s);
    char *text = NULL;
    size_t length = 0;
    FILE *out = open_memstream(&text, &length);
    if (!out)
        return NULL;
    fprintf(out, "# fitness.gp — written by gaexp: fitness per generation from curves.csv\n"
                 "# (over the replicates: mean best with its 95%% confidence band, mean fitness).\n"
                 "# gaexp plot rewrites this script; the look is in style.gp, which it never rewrites.\n");
    figures_opening(out, &s, "fitness", 900, 560);
    char title[600];
    snprintf(title, sizeof title, "Fitness per generation (lower is better, 0 = solved)\n%s%s%s", s.problem,
             s.budget[0] ? "; " : "", s.budget);
    fputs(figures_fitness_body, out);
    figures_title(out, title);
    fprintf(out, ".sprintf('; %%d replicate%%s', replicates, replicates > 1 ? 's' : '')\n");
    fputs(figures_fitness_plot, out);
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    figures_file(&s, "fitness", figure, size);
    return text;
}

/* The fitness figure's script under its temporary name; false (said) when it cannot be written. */
static bool figures_fitness_open(const char *dir, const char *config, struct app_file *f)
{
    char figure[64];
    char *text = figures_fitness_text(config, figure, sizeof figure);
    if (!text) {
        app_error("out of memory");
        return false;
    }
    bool ok = app_file_open(f, dir, "fitness.gp");
    if (ok)
        fputs(text, f->fp);
    free(text);
    return ok;
}

void figures_run_names(bool objectives, const char *format, struct figures_run *fig)
{
    static const char *const fitness[] = {"fitness"}, *const front[] = {"front", "hypervolume"};
    fig->count = objectives ? 2 : 1;
    for (size_t i = 0; i < fig->count; i++) {
        snprintf(fig->stem[i], sizeof fig->stem[i], "%s", objectives ? front[i] : fitness[i]);
        snprintf(fig->figure[i], sizeof fig->figure[i], "%s.%s", fig->stem[i], format);
    }
}

bool figures_run_open(const char *dir, const char *config, const struct figures_front_input *several,
                      struct app_file *style, struct app_file *scripts, struct figures_run *fig)
{
    *fig = (struct figures_run){0};
    if (!figures_style_into(dir, style))
        return false;
    struct figures_setup s;
    figures_setup_read(config, NULL, 0, &s);
    if (several && !figures_front_several(several->front)) /* one objective: its fitness is the objective */
        several = NULL;
    figures_run_names(several != NULL, s.format, fig);
    bool ok = several ? figures_front_open(dir, &s, several, scripts) : figures_fitness_open(dir, config, &scripts[0]);
    if (!ok && style)
        app_file_abandon(style);
    return ok;
}

bool figures_run_scripts(const char *dir, struct figures_run *fig)
{
    char config[APP_PATH_MAX + 16], front[APP_PATH_MAX + 16], gens[APP_PATH_MAX + 16], truth[APP_PATH_MAX + 16];
    snprintf(config, sizeof config, "%s/config.cfg", dir);
    snprintf(front, sizeof front, "%s/front.csv", dir);
    snprintf(gens, sizeof gens, "%s/generations.csv", dir);
    snprintf(truth, sizeof truth, "%s/true-front.csv", dir);
    struct figures_front_input several = {.front = front, .generations = gens, .true_front = access(truth, F_OK) == 0};
    struct app_file scripts[FIGURES_RUN_MAX] = {0};
    if (!figures_run_open(dir, config, access(front, F_OK) == 0 ? &several : NULL, NULL, scripts, fig))
        return false;
    bool ok = true;
    for (size_t i = 0; i < fig->count; i++)
        ok &= app_file_commit(&scripts[i]);
    return ok;
}

bool figures_run_data_sound(const char *dir)
{
    static const char *const data[] = {"curves.csv", "front.csv", "generations.csv", "true-front.csv"};
    for (size_t i = 0; i < sizeof data / sizeof *data; i++) {
        char path[APP_PATH_MAX + 32];
        const char *why;
        snprintf(path, sizeof path, "%s/%s", dir, data[i]);
        FILE *f = app_result_open(path, &why);
        if (f)
            fclose(f);
        else if (errno != ENOENT) {
            app_error("cannot draw from %s: %s", path, why);
            return false;
        }
    }
    return true;
}

bool figures_run(const char *dir, bool quiet)
{
    struct figures_run fig;
    if (!figures_run_data_sound(dir) || !figures_run_scripts(dir, &fig))
        return false;
    for (size_t i = 0; i < fig.count; i++) {
        char script[32];
        const char *failure;
        snprintf(script, sizeof script, "%s.gp", fig.stem[i]);
        enum output_drawn how = output_draw(dir, script, fig.figure[i], quiet, &failure);
        if (how == OUTPUT_NO_GNUPLOT)
            return true;
        if (how == OUTPUT_NOT_DRAWN) {
            app_error("cannot draw %s/%s: %s", dir, fig.figure[i], failure);
            return false;
        }
    }
    return true;
}
