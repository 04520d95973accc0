/* problems/animals/cmd_design.c — 'gaexp design animals': a new puzzle level with one solution and a chosen difficulty. */
#include "config.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/file.h"
#include "gaexp/rng.h"
#include "problems/animals/animals_design.h"

#define DESIGN_DEFAULT_SEED 1
#define DESIGN_DEFAULT_BUDGET 100000

/* A format: the range of D fills its two %g. */
static const char design_usage[] =
    "Usage: gaexp design animals --difficulty D [--seed K] [--budget N] [--out FILE]\n"
    "Designs an animal placement puzzle with exactly one solution (confirmed by the\n"
    "exact solver, 'gaexp solve animals') whose difficulty in the published model is\n"
    "near D, and writes it as a puzzle file, its answer in a comment.\n"
    "\n"
    "  --difficulty D  the target difficulty, a number in [%g, %g].  The easiest puzzle\n"
    "                  the solver can count has D 7.547 and easy values lie far apart\n"
    "                  (7.55, 8.59, 9.51, 10.34, 11.81, ...); above about 120 the\n"
    "                  designer may end farther from D (a larger --budget helps)\n"
    "  --seed K        seed of every random choice, an integer in [0, 9223372036854775807];\n"
    "                  default 1.  The same D, K and N give the same puzzle.\n"
    "  --budget N      solver calls at most, an integer in [1, 100000000]; default 100000\n"
    "  --out FILE      write the puzzle to FILE instead of standard output (- is standard output)\n"
    "  -h, --help      show this help\n"
    "\n"
    "The designer stops when D is within 0.25 of the target or the budget is spent, and\n"
    "reports the achieved D and its distance from the target on standard error.\n"
    "Exit status: 0 done, 1 no unique puzzle found or FILE not written, 2 bad usage.\n";

struct design_options {
    double difficulty;
    long long seed, budget;
    const char *out;
};

/* Reads the options after 'design animals'; false after a message. */
static bool design_parse(int argc, char **argv, struct design_options *o, bool *help)
{
    static const struct option longopts[] = {
        {"difficulty", required_argument, NULL, 'd'}, {"seed", required_argument, NULL, 's'},
        {"budget", required_argument, NULL, 'b'},     {"out", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},             {NULL, 0, NULL, 0},
    };
    bool have_difficulty = false;
    optind = 1;
    opterr = 0;
    for (int c; (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1;) {
        if (c == 'd' && !(have_difficulty = app_parse_double("--difficulty", optarg, ANIMALS_DESIGN_MIN_D,
                                                             ANIMALS_DESIGN_MAX_D, &o->difficulty)))
            return false;
        if (c == 's' && !app_parse_long("--seed", optarg, 0, 0x7fffffffffffffffLL, &o->seed))
            return false;
        if (c == 'b' && !app_parse_long("--budget", optarg, 1, 100000000, &o->budget))
            return false;
        if (c == 'o' && (!*optarg || optarg[strlen(optarg) - 1] == '/')) {
            app_error("--out: expected a file name, got '%s'", optarg);
            return false;
        }
        if (c == 'o')
            o->out = optarg;
        if (c == 'h') {
            *help = true;
            return true;
        }
        if (c == '?' || c == ':') {
            app_error("design animals: unknown or incomplete option '%s'", argv[optind - 1]);
            return false;
        }
    }
    if (!have_difficulty || optind != argc) {
        app_error("design animals: expected --difficulty D with D in [%g, %g] and no other arguments",
                  ANIMALS_DESIGN_MIN_D, ANIMALS_DESIGN_MAX_D);
        return false;
    }
    return true;
}

/* The comment above the puzzle: how it was made, its figures and its answer. */
static char *design_comment(const struct design_options *o, const struct animals_design *d)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    if (!f)
        return NULL;
    fprintf(f, "designed by: gaexp design animals --difficulty %g --seed %lld --budget %lld\n",
            o->difficulty, o->seed, o->budget);
    fprintf(f, "difficulty D = %.4f (target %g, off by %.4f)\n", d->difficulty, o->difficulty,
            d->difficulty - o->difficulty);
    fprintf(f, "N = %llu, x1 = %llu, x2 = %llu, x3 = %llu, x4 = %llu (see 'gaexp solve animals')\n",
            d->stats.solutions, d->stats.steps, d->stats.space, d->stats.nodes, d->stats.dead_ends);
    fputs("answer:\n", f);
    animals_board_write(&d->answer, "  ", f);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* Writes the puzzle to o->out, or to standard output; false after a message. */
static bool design_write(const struct design_options *o, const struct animals_puzzle *p, const char *comment)
{
    if (!o->out || app_is_stdout(o->out)) {
        bool ok = animals_puzzle_write(p, comment, stdout) == 0 && fflush(stdout) == 0;
        if (!ok)
            app_error("design animals: cannot write to standard output");
        return ok;
    }
    struct app_file f;
    if (!app_file_open_path(&f, o->out))
        return false;
    if (animals_puzzle_write(p, comment, f.fp) != 0) {
        app_error("cannot write %s", f.part_path);
        app_file_abandon(&f);
        return false;
    }
    return app_file_commit(&f);
}

static int design_animals(int argc, char **argv)
{
    struct design_options o = {.seed = DESIGN_DEFAULT_SEED, .budget = DESIGN_DEFAULT_BUDGET};
    bool help = false;
    if (!design_parse(argc, argv, &o, &help))
        return APP_USAGE;
    if (help) {
        printf(design_usage, ANIMALS_DESIGN_MIN_D, ANIMALS_DESIGN_MAX_D);
        return APP_OK;
    }
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    if (!r) {
        app_error("design animals: out of memory");
        return APP_FAILED;
    }
    gsl_rng_set(r, (unsigned long)o.seed);
    struct animals_design d;
    int status = animals_design(r, o.difficulty, (unsigned long long)o.budget, &d);
    gsl_rng_free(r);
    if (status != 0) {
        app_error("design animals: no puzzle with one solution found in %lld solver calls", o.budget);
        return APP_FAILED;
    }
    snprintf(d.puzzle.name, sizeof d.puzzle.name, "Designed level, D %.2f (seed %lld)", d.difficulty, o.seed);
    char *comment = design_comment(&o, &d);
    bool ok = comment && design_write(&o, &d.puzzle, comment);
    if (!comment)
        app_error("design animals: out of memory");
    free(comment);
    if (!ok)
        return APP_FAILED;
    fprintf(stderr, "gaexp: design animals: D %.4f for target %g (off by %.4f), %llu solver calls\n",
            d.difficulty, o.difficulty, d.difficulty - o.difficulty, d.solves);
    return APP_OK;
}

static const char design_animals_summary[] =
    "  gaexp design animals --difficulty D [--seed K] [--budget N] [--out FILE]\n"
    "      Designs an animal placement puzzle with exactly one solution whose\n"
    "      difficulty in the published model is near D, and writes it as a puzzle\n"
    "      file ('gaexp design animals --help' for every option).\n";

const struct app_command animals_cmd_design = {"design", "animals", "a new puzzle level with one solution and a chosen difficulty",
                                                   design_animals_summary, design_animals};
