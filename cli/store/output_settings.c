/* cli/store/output_settings.c — the 'output' group of an experiment file, read and validated. */
#include "cli/store/output_settings.h"

#include <stdio.h>
#include <string.h>

void output_settings_default_dir(const char *file, const char *suffix, char *buf, size_t size)
{
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    size_t len = strlen(base);
    if (len > 4 && strcmp(base + len - 4, ".cfg") == 0)
        len -= 4;
    snprintf(buf, size, "results/%.*s%s", (int)len, base, suffix);
}

/* output.plot: true, false, or "end": a sweep then draws only its own
 * figures and leaves its points' to 'gaexp plot' (a run draws its figure). */
static bool output_settings_plot(struct output_settings *o, struct ga_cfg *cfg, config_setting_t *out)
{
    config_setting_t *s = ga_cfg_lookup(cfg, out, "plot");
    const char *text = s ? config_setting_get_string(s) : NULL;
    if (!text)
        return ga_cfg_bool(cfg, out, "plot", true, &o->plot);
    if (strcmp(text, "end") == 0)
        return o->plot = o->plot_end = true;
    ga_cfg_error(cfg, s, "expected true, false or \"end\", got \"%s\"", text);
    return false;
}

static bool output_settings_read(void *ctx, struct ga_cfg *cfg, struct ga_experiment *e)
{
    struct output_settings *o = ctx;
    *o = (struct output_settings){0};
    config_setting_t *out = ga_cfg_group(cfg, ga_cfg_root(cfg), "output");
    if (!out)
        return false;
    char dir[512];
    output_settings_default_dir(ga_cfg_name(cfg), "", dir, sizeof dir);
    bool ok = ga_cfg_string(cfg, out, "dir", dir, &o->dir);
    ok &= output_settings_plot(o, cfg, out);
    ok &= ga_cfg_bool(cfg, out, "diversity", true, &e->params.diversity);
    ok &= ga_cfg_double(cfg, out, "checkpoint", 60, 0, 1e9, &o->checkpoint_seconds);
    static const char *const xaxes[] = OUTPUT_XAXES, *const formats[] = OUTPUT_FORMATS;
    size_t xaxis = 0, format = 0;
    ok &= ga_cfg_choice(cfg, out, "xaxis", xaxes, 3, 0, &xaxis);
    ok &= ga_cfg_choice(cfg, out, "format", formats, 3, 0, &format);
    ok &= ga_cfg_string(cfg, out, "algorithm", "", &o->algorithm);
    o->xaxis = xaxes[xaxis];
    o->format = formats[format];
    if (ok && !o->dir[0]) {
        ga_cfg_error_at(cfg, out, "dir", "must not be empty");
        ok = false;
    }
    return ok;
}

struct ga_experiment_reader output_settings_reader(struct output_settings *o)
{
    return (struct ga_experiment_reader){output_settings_read, o};
}
