/* cli/evaluate.c — 'gaexp evaluate': the fitness of genomes read from standard input, one a line,
 * to check a published solution or compare a problem with a reference implementation point by point. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cli/runner/plugin.h"
#include "cli/store/output_settings.h"
#include "gaexp/rng.h"

static const char evaluate_usage[] =
    "Usage: gaexp evaluate FILE.cfg [OPTION]... < GENOMES\n"
    "Reads genomes from standard input, one a line, and prints the fitness of each\n"
    "for the problem FILE.cfg configures (its 'ga' and 'output' groups are read\n"
    "and checked, and play no part).\n"
    "\n"
    "Input: a line's values separated by spaces, tabs or single commas; an empty\n"
    "line or one starting with '#' is skipped.\n"
    "  bits             0/1 values, or one string of 0 and 1 characters (10110)\n"
    "  integers, tree   the gene values, each in [0, alphabet)\n"
    "  permutation      the values 0..len-1, each once (0-based)\n"
    "  distinct values  the gene values, distinct (card games: the card codes)\n"
    "  real             x_1 .. x_D within the problem's bounds; sigma is the one\n"
    "                   the problem's init gives (problem.sigma): fitness ignores it\n"
    "Every line is checked (its count, each value, then the problem's own validity\n"
    "check) before any is evaluated: a bad line is one message naming it\n"
    "(stdin:LINE), nothing is printed and the status is 2.\n"
    "\n"
    "Output: a header line, 'fitness' then the names of the problem's own\n"
    "statistics columns (as in generations.csv: IOH's y, COCO's raw f(x)...),\n"
    "measured on that one genome; then one line per genome in input order, each\n"
    "number with 17 significant digits; an input with no genome prints the header\n"
    "alone.\n"
    "\n"
    "Options:\n"
    "  --set PATH=VAL   override a setting, e.g. --set problem.bits=20 (repeatable)\n"
    "  -h, --help       show this help\n"
    "\n"
    "Fitness is lower-is-better everywhere; 0 means solved.\n";

/* The genomes read so far: 'count' of them, 'len' genes each, one block. */
struct evaluate_input {
    ga_gene *genes;
    size_t count, capacity, len;
};

/* Separators: blanks, and single commas between values. */
static bool evaluate_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* The next value of the line at *p into tok (NUL-terminated, at most size - 1
 * characters): 1 when there is one, 0 at the end of the line, -1 after a
 * message (two commas in a row, a comma first or last, a value too long). */
static int evaluate_token(const char **p, bool first, char *tok, size_t size, unsigned long line)
{
    const char *s = *p;
    while (evaluate_blank(*s))
        s++;
    if (*s == ',' && first) {
        app_error("stdin:%lu: a comma before the first value", line);
        return -1;
    }
    if (*s == ',') {
        s++;
        while (evaluate_blank(*s))
            s++;
        if (*s == ',' || *s == '\0') {
            app_error("stdin:%lu: a comma with no value after it", line);
            return -1;
        }
    }
    if (*s == '\0') {
        *p = s;
        return 0;
    }
    size_t n = 0;
    while (s[n] && s[n] != ',' && !evaluate_blank(s[n]))
        n++;
    if (n >= size) {
        app_error("stdin:%lu: a value of %zu characters, more than a number takes", line, n);
        return -1;
    }
    memcpy(tok, s, n);
    tok[n] = '\0';
    *p = s + n;
    return 1;
}

/* The kind's values, for messages. */
static const char *evaluate_what(enum ga_genome_kind kind)
{
    switch (kind) {
    case GA_KIND_BITS:
    case GA_KIND_PACKED:
        return "bits";
    case GA_KIND_PERM:
        return "0-based permutation values";
    case GA_KIND_DISTINCT:
        return "distinct values";
    case GA_KIND_REAL:
        return "real values";
    default:
        return "gene values";
    }
}

/* A bit string written without separators: every character 0 or 1. */
static bool evaluate_bit_string(const char *s, size_t *n)
{
    size_t k = 0;
    while (s[k] == '0' || s[k] == '1')
        k++;
    const char *rest = s + k;
    while (evaluate_blank(*rest))
        rest++;
    *n = k;
    return k > 1 && *rest == '\0';
}

/* Gives gene (or packed bit) i of g, zeroed before, the value v. */
static void evaluate_set(const struct ga_genome *gen, ga_gene *g, size_t i, ga_gene v)
{
    if (gen->kind == GA_KIND_PACKED)
        ga_genome_words(g)[i / GA_PACKED_WORD_BITS] |= (uint64_t)v << (i % GA_PACKED_WORD_BITS);
    else
        g[i] = v;
}

/* Parses the line into g (gen->len genes); false after one message naming stdin:LINE. */
static bool evaluate_parse(const struct ga_genome *gen, const char *s, unsigned long line, ga_gene *g,
                           double sigma)
{
    bool real = gen->kind == GA_KIND_REAL, packed = gen->kind == GA_KIND_PACKED;
    size_t want = real ? gen->reals : ga_genome_sites(gen), got = 0, bits;
    unsigned alphabet = packed ? 2 : gen->alphabet;
    const char *what = evaluate_what(gen->kind);
    memset(g, 0, gen->len * sizeof *g);
    if ((gen->kind == GA_KIND_BITS || packed) && evaluate_bit_string(s, &bits)) {
        if (bits != want) {
            app_error("stdin:%lu: expected %zu %s, got a string of %zu", line, want, what, bits);
            return false;
        }
        for (size_t i = 0; i < want; i++)
            evaluate_set(gen, g, i, (ga_gene)(s[i] - '0'));
        return true;
    }
    double *x = real ? ga_genome_reals(g) : NULL;
    char tok[64];
    for (int more; (more = evaluate_token(&s, got == 0, tok, sizeof tok, line)) != 0; got++) {
        if (more < 0)
            return false;
        if (got >= want)
            continue; /* counted, said below */
        char *end;
        errno = 0;
        if (real) {
            double v = strtod(tok, &end);
            if (*end || errno == ERANGE || !isfinite(v) || v < gen->lower[got] || v > gen->upper[got]) {
                app_error("stdin:%lu: value %zu: expected a number in [%.15g, %.15g], got '%s'", line, got + 1,
                          gen->lower[got], gen->upper[got], tok);
                return false;
            }
            x[got] = v;
        } else {
            long long v = tok[0] == '-' || tok[0] == '+' ? -1 : strtoll(tok, &end, 10);
            if (v < 0 || *end || errno == ERANGE || v >= (long long)alphabet) {
                app_error("stdin:%lu: value %zu: expected an integer in [0, %u]%s, got '%s'", line, got + 1,
                          alphabet - 1, gen->kind == GA_KIND_PERM ? " (0-based)" : "", tok);
                return false;
            }
            evaluate_set(gen, g, got, (ga_gene)v);
        }
    }
    if (got != want) {
        app_error("stdin:%lu: expected %zu %s, got %zu", line, want, what, got);
        return false;
    }
    if (real)
        x[gen->reals] = sigma;
    return true;
}

/* Why a genome of the right size is not valid, as well as the kind tells. */
static const char *evaluate_invalid(enum ga_genome_kind kind)
{
    switch (kind) {
    case GA_KIND_PERM:
        return "not a permutation: expected every value of 0..len-1 once";
    case GA_KIND_DISTINCT:
        return "expected distinct values the instance allows";
    default:
        return "not a valid genome of this instance";
    }
}

/* The sigma a real genome is given: the one the problem's init writes
 * (problem.sigma), or 1 when it writes none in (0, 1]. */
static double evaluate_sigma(const struct ga_problem *p, const struct ga_genome *gen)
{
    double sigma = 1;
    ga_gene *g = calloc(gen->len, sizeof *g);
    gsl_rng *r = ga_rng_alloc(gsl_rng_mt19937);
    if (g && r) {
        p->init(gen, r, g);
        double s = ga_genome_creals(g)[gen->reals];
        if (isfinite(s) && s > 0 && s <= 1)
            sigma = s;
    }
    ga_rng_free(r);
    free(g);
    return sigma;
}

/* Reads every genome of standard input into in, each checked; an APP_ status (message printed). */
static int evaluate_read(const struct ga_problem *p, const struct ga_genome *gen, struct evaluate_input *in)
{
    double sigma = gen->kind == GA_KIND_REAL ? evaluate_sigma(p, gen) : 0;
    char *text = NULL;
    size_t size = 0;
    int status = APP_OK;
    unsigned long line = 0;
    for (ssize_t n; status == APP_OK && (n = getline(&text, &size, stdin)) >= 0;) {
        line++;
        if (memchr(text, '\0', (size_t)n)) {
            app_error("stdin:%lu: not text (a NUL byte)", line);
            status = APP_USAGE;
            break;
        }
        const char *s = text;
        while (evaluate_blank(*s))
            s++;
        if (*s == '\0' || *s == '#')
            continue;
        if (in->count == in->capacity) {
            size_t grown = in->capacity ? 2 * in->capacity : 64;
            ga_gene *more = realloc(in->genes, grown * in->len * sizeof *more);
            if (!more) {
                app_error("out of memory");
                status = APP_FAILED;
                break;
            }
            in->genes = more;
            in->capacity = grown;
        }
        ga_gene *g = in->genes + in->count * in->len;
        if (!evaluate_parse(gen, s, line, g, sigma))
            status = APP_USAGE;
        else if (!p->valid(gen, g)) {
            app_error("stdin:%lu: %s (problem '%s')", line, evaluate_invalid(gen->kind), p->name);
            status = APP_USAGE;
        } else
            in->count++;
    }
    if (status == APP_OK && ferror(stdin)) {
        app_error("cannot read standard input: %s", strerror(errno));
        status = APP_FAILED;
    }
    free(text);
    return status;
}

/* With objectives: the header (the objectives' names, then violation)
 * and each genome's objective values and total violation. */
static void evaluate_print_objectives(const struct ga_problem *p, const struct ga_genome *gen,
                                      const struct evaluate_input *in)
{
    const struct ga_problem_objectives *o = ga_problem_objectives(p);
    size_t m = 0, k = 0;
    o->count(gen->state, &m, &k);
    for (size_t j = 0; j < m; j++) {
        const char *name = o->name ? o->name(gen->state, j) : NULL;
        if (name)
            printf("%s ", name);
        else
            printf("f%zu ", j + 1);
    }
    puts("violation");
    for (size_t i = 0; i < in->count; i++) {
        double f[GA_OBJECTIVES_MAX], v[GA_CONSTRAINTS_MAX], total = 0;
        o->evaluate(gen, in->genes + i * in->len, f, v);
        for (size_t j = 0; j < m; j++)
            printf("%.17g ", f[j]);
        for (size_t j = 0; j < k; j++)
            total += v[j] > 0 ? v[j] : 0;
        printf("%.17g\n", total);
    }
}

/* Prints the header and every genome's fitness and columns; an APP_ status. */
static int evaluate_print(const struct ga_problem *p, const struct ga_genome *gen, const struct evaluate_input *in)
{
    if (ga_problem_objectives(p)) {
        evaluate_print_objectives(p, gen, in);
        return fflush(stdout) == 0 && !ferror(stdout) ? APP_OK : APP_FAILED;
    }
    size_t columns = ga_problem_column_count(p);
    const struct ga_problem_columns *table = ga_problem_columns(p);
    fputs("fitness", stdout);
    for (size_t c = 0; c < columns; c++)
        printf(" %s", table->names[c]);
    putchar('\n');
    for (size_t i = 0; i < in->count; i++) {
        const ga_gene *g = in->genes + i * in->len;
        double fitness = p->evaluate(gen, g), values[GA_STATS_PROBLEM_MAX] = {0};
        if (!isfinite(fitness) || fitness < 0) {
            app_error("problem '%s': evaluate gave %g for genome %zu, not a finite fitness >= 0 (a broken hook)",
                      p->name, fitness, i + 1);
            return APP_USAGE;
        }
        /* The columns measure a population: this genome alone. */
        struct ga_population pop = {.genes = g, .stride = in->len, .n = 1, .best = 0, .fitness = &fitness};
        if (columns)
            table->measure(gen, &pop, values);
        printf("%.17g", fitness);
        for (size_t c = 0; c < columns; c++)
            printf(" %.17g", values[c]);
        putchar('\n');
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        app_error("cannot write to standard output: %s", strerror(errno));
        return APP_FAILED;
    }
    return APP_OK;
}

/* The command line applied to the configuration: FILE.cfg and --set. */
static int evaluate_parse_args(int argc, char **argv, struct ga_cfg *cfg)
{
    static const struct option longopts[] = {
        {"set", required_argument, NULL, 'S'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *sets[256];
    size_t nsets = 0;
    optind = 1;
    opterr = 0;
    for (int c; (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1;) {
        if (c == 'h') {
            fputs(evaluate_usage, stdout);
            return -1;
        }
        if (c != 'S' || nsets == sizeof sets / sizeof sets[0] || !strchr(optarg, '=')) {
            if (c == 'S' && nsets < sizeof sets / sizeof sets[0])
                app_error("--set %s: expected PATH=VALUE, e.g. --set %s=VALUE", optarg, optarg);
            else if (c == 'S')
                app_error("too many --set options (at most %zu)", sizeof sets / sizeof sets[0]);
            else
                app_error("evaluate: unknown or incomplete option '%s' (see 'gaexp evaluate --help')",
                          argv[optind - 1]);
            return APP_USAGE;
        }
        sets[nsets++] = optarg;
    }
    if (optind != argc - 1) {
        app_error("evaluate: expected one FILE.cfg, the genomes on standard input (see 'gaexp evaluate --help')");
        return APP_USAGE;
    }
    const char *file = argv[optind];
    if (!ga_cfg_load(cfg, file))
        return APP_USAGE;
    config_setting_t *sweep = config_setting_get_member(ga_cfg_root(cfg), "sweep");
    if (sweep) {
        ga_cfg_error(cfg, sweep, "a sweep file: evaluate with one of its points' config.cfg");
        return APP_USAGE;
    }
    for (size_t i = 0; i < nsets; i++)
        if (!ga_cfg_override(cfg, sets[i]))
            return APP_USAGE;
    return APP_OK;
}

int cli_evaluate(int argc, char **argv)
{
    struct ga_diag diag;
    ga_diag_clear(&diag);
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    if (!cfg) {
        app_error("out of memory");
        return APP_FAILED;
    }
    int status = evaluate_parse_args(argc, argv, cfg);
    struct ga_experiment *e = NULL;
    struct output_settings out;
    if (status == APP_OK && !(e = cli_experiment_alloc(cfg, 1, &out)))
        status = cli_options_failed(&diag);
    app_print_diag(&diag);
    if (status == APP_OK) {
        struct ga_genome gen = ga_problem_genome(e->problem, e->state);
        struct evaluate_input in = {.len = gen.len};
        status = evaluate_read(e->problem, &gen, &in);
        if (status == APP_OK)
            status = evaluate_print(e->problem, &gen, &in);
        free(in.genes);
    }
    ga_experiment_free(e);
    ga_cfg_free(cfg);
    return status < 0 ? APP_OK : status;
}
