/* tests/fuzz/fuzz_set.c — libFuzzer: --set PATH=VALUE overrides (and sweep values) on valid experiment files. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "ga/cfg_types.h"
#include "tests/fuzz/fuzz.h"
#include "tests/fuzz/fuzz_experiment.h"

/* One valid file per problem; the first byte of the input picks one ('0' the first). */
static const char *const fuzz_set_bases[] = {
    "problem = { name = \"derful\"; n = 5; target = 31; };\n"
    "ga = { population = 100; crossover = { name = \"lineswap\"; rate = 0.6; };\n"
    "  mutation = { name = \"mix\"; rate = 0.5; per = \"individual\"; };\n"
    "  selection = { tournament = { size = 2; }; }; scheme = { generational = { elite = 1; }; }; stop = { generations = 20; }; };\n"
    "output = { dir = \"results/fuzz\"; };\n",
    "problem = { name = \"onemax\"; };\nga = { population = 50; };\n",
    "problem = { name = \"t24\"; cards = [3, 3, 8, 8]; };\nga = { population = 50; };\n",
    "problem = { name = \"animals\"; puzzle = \"configs/animals/easy.txt\"; };\n"
    "ga = { population = 20; crossover = { name = \"ox\"; rate = 0.9; }; };\n",
    "problem = { name = \"fortythieves\"; seed = 20550; moves = 120; reference = \"cards\"; };\n"
    "ga = { population = 20; };\n",
    "problem = { name = \"fortythieves\"; deals = \"tests/data/fortythieves/studies.deal\";\n"
    "  position = \"greedy-trap\"; };\nga = { population = 20; };\n",
};
#define FUZZ_SET_BASES (sizeof fuzz_set_bases / sizeof fuzz_set_bases[0])
#define FUZZ_SET_MAX 16

/*
 * The input: a base selector byte, then one override a line, at most
 * FUZZ_SET_MAX: "PATH=VALUE" goes through ga_cfg_override (--set),
 * "@PATH=VALUE" through ga_cfg_override_string (--out) and "%PATH=VALUE"
 * through ga_cfg_override_value with VALUE read as a libconfig value in a
 * file of its own (a sweep axis).
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool once;
    if (!once) {
        gsl_set_error_handler_off();
        once = true;
    }
    if (size < 1)
        return 0;
    size_t base = ((unsigned)data[0] + 256 - '0') % FUZZ_SET_BASES;
    char *text = fuzz_text(data + 1, size - 1);
    struct ga_diag diag = {0}, vdiag = {0};
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    struct ga_cfg *values[FUZZ_SET_MAX] = {0};
    size_t nvalues = 0;
    bool ok = cfg && ga_cfg_load_string(cfg, "base.cfg", fuzz_set_bases[base]);
    FUZZ_CHECK(!cfg || ok, "base %zu does not load", base);
    size_t n = 0;
    for (char *line = text; ok && line && n < FUZZ_SET_MAX; n++) {
        char *next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (line[0] == '@' || line[0] == '%') {
            char *eq = strchr(line + 1, '=');
            if (!eq) {
                line = next;
                continue;
            }
            *eq = '\0';
            if (line[0] == '@') {
                ok = ga_cfg_override_string(cfg, line + 1, eq + 1);
            } else {
                struct ga_cfg *v = values[nvalues++] = ga_cfg_alloc(&vdiag);
                size_t vlen = strlen(eq + 1) + 16;
                char *vtext = malloc(vlen);
                if (v && vtext) {
                    snprintf(vtext, vlen, "v = %s;\n", eq + 1);
                    if (ga_cfg_load_string(v, "sweep.cfg", vtext)) {
                        config_setting_t *s = config_setting_get_member(ga_cfg_root(v), "v");
                        if (s)
                            ok = ga_cfg_override_value(cfg, line + 1, s);
                    }
                }
                free(vtext);
            }
        } else {
            ok = ga_cfg_override(cfg, line);
        }
        FUZZ_CHECK(ok || diag.count || cfg->oom, "override refused without a diagnostic");
        line = next;
    }
    if (ok) {
        struct ga_experiment *e = fuzz_experiment(cfg, 1);
        FUZZ_CHECK(e || diag.count || cfg->oom, "refused without a diagnostic");
        if (e) {
            FUZZ_CHECK(e->params.population >= 2, "population %zu", e->params.population);
            double elite = 1;
            ga_scheme_setting(&e->params, "elite", &elite); /* the generational scheme's */
            FUZZ_CHECK(elite >= 1 && elite < (double)e->params.population, "elite");
            FILE *out = fopen("/dev/null", "w");
            if (out) {
                ga_cfg_write(cfg, out);
                fclose(out);
            }
        }
        ga_experiment_free(e);
    }
    for (size_t i = 0; i < diag.count; i++) {
        char msg[1400];
        ga_diag_format(&diag.entries[i], msg, sizeof msg);
        FUZZ_CHECK(msg[0], "empty diagnostic");
    }
    ga_cfg_free(cfg);
    for (size_t i = 0; i < nvalues; i++)
        ga_cfg_free(values[i]);
    free(text);
    return 0;
}
