/* examples/symreg/symreg.c — symbolic regression by genetic programming: a gaexp plug-in
 * that brings its own primitive set to gaexp's tree genome (gaexp/tree.h). */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gaexp/gaexp.h>

/* The primitive set: the data's variables, the constant 1 and a pool of
 * ephemeral random constants are the terminals; + - * and protected
 * division (Koza's: 1 where the divisor is 0) the functions, each of arity
 * 2.  A flat tree genome holds symbols, not values, so the ephemeral
 * constants are a pool drawn once per experiment (problem.ephemeral:
 * count, range, seed) rather than a value per node as in DEAP. */
#define SYMREG_MAX_VARS 8
#define SYMREG_MAX_POINTS 100000
#define SYMREG_MAX_CONSTANTS 32
enum symreg_function { SYMREG_ADD, SYMREG_SUB, SYMREG_MUL, SYMREG_DIV, SYMREG_FUNCTIONS };
static const char symreg_function_sign[SYMREG_FUNCTIONS] = {'+', '-', '*', '/'};

struct symreg {
    struct ga_tree_spec tree; /* first: the tree operators read it (gaexp/tree.h) */
    size_t vars, points;
    size_t constants;                      /* 1, then the ephemeral ones: terminals vars .. */
    double constant[SYMREG_MAX_CONSTANTS + 1];
    double parsimony;                      /* fitness += parsimony x tree size */
    double *x; /* points rows of vars values */
    double *y; /* points targets */
};

/* ---- the data: "x1,...,xk,y" a line, '#' comments and blank lines aside ---- */

/* Splits one line into at most SYMREG_MAX_VARS + 1 numbers; their count, or 0 when one is not a number. */
static size_t symreg_numbers(char *line, double *v)
{
    size_t n = 0;
    for (char *field = strtok(line, ",\r\n"); field; field = strtok(NULL, ",\r\n")) {
        char *end;
        errno = 0;
        double d = strtod(field, &end);
        while (*end == ' ' || *end == '\t')
            end++;
        if (end == field || *end || errno || !isfinite(d) || n == SYMREG_MAX_VARS + 1)
            return 0;
        v[n++] = d;
    }
    return n;
}

/* Reads the data file the setting 'data' names (as gaexp read it once,
 * so every point of a sweep sees the same bytes); each line's error is
 * reported with the file's line. */
static bool symreg_read(struct symreg *s, struct ga_cfg *cfg, config_setting_t *group, const char *path)
{
    FILE *f = ga_cfg_input(cfg, path);
    if (!f)
        return false;
    char line[1024];
    size_t lineno = 0, cap = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        char *p = line + strspn(line, " \t");
        if (*p == '#' || *p == '\n' || *p == '\r' || !*p)
            continue;
        double v[SYMREG_MAX_VARS + 1];
        size_t n = symreg_numbers(p, v);
        if (n < 2 || (s->points && n != s->vars + 1) || s->points == SYMREG_MAX_POINTS) {
            ga_cfg_error_at(cfg, group, "data", "%s:%zu: expected %s numbers x1,...,xk,y (k from 1 to %d, at most %d lines)",
                            path, lineno, s->points ? "the same count of" : "2 or more", SYMREG_MAX_VARS,
                            SYMREG_MAX_POINTS);
            ok = false;
            break;
        }
        if (s->points == cap) {
            cap = cap ? 2 * cap : 64;
            double *x = realloc(s->x, cap * SYMREG_MAX_VARS * sizeof *x), *y = x ? realloc(s->y, cap * sizeof *y) : NULL;
            if (x)
                s->x = x;
            if (!x || !y) {
                ga_cfg_error_at(cfg, group, "data", "out of memory");
                ok = false;
                break;
            }
            s->y = y;
        }
        s->vars = n - 1;
        memcpy(s->x + s->points * s->vars, v, s->vars * sizeof *v);
        s->y[s->points++] = v[n - 1];
    }
    fclose(f);
    if (ok && !s->points) {
        ga_cfg_error_at(cfg, group, "data", "%s: no data line (x1,...,xk,y)", path);
        ok = false;
    }
    return ok;
}

/* ---- the problem ---- */

static void symreg_release(void *state)
{
    struct symreg *s = state;
    free(s->x);
    free(s->y);
}

/* The pool of ephemeral constants: 'count' values uniform in [low, high],
 * drawn from their own seed, so that a configuration names the same pool
 * on every machine (the group problem.ephemeral; none by default). */
static bool symreg_ephemeral(struct symreg *s, struct ga_cfg *cfg, config_setting_t *group)
{
    config_setting_t *e = config_setting_get_member(group, "ephemeral");
    long long count = 0, seed = 1;
    double low = -1, high = 1;
    bool ok = true;
    if (e) {
        ok &= ga_cfg_int(cfg, e, "count", 8, 0, SYMREG_MAX_CONSTANTS, &count);
        ok &= ga_cfg_double(cfg, e, "low", -1.0, -1e6, 1e6, &low);
        ok &= ga_cfg_double(cfg, e, "high", 1.0, -1e6, 1e6, &high);
        ok &= ga_cfg_int(cfg, e, "seed", 1, 0, (1LL << 62), &seed);
        if (ok && !(low < high)) {
            ga_cfg_error_at(cfg, e, "high", "%g is not above low (%g)", high, low);
            ok = false;
        }
    }
    if (!ok)
        return false;
    s->constants = 1 + (size_t)count;
    s->constant[0] = 1.0;
    gsl_rng *r = count ? ga_rng_alloc(ga_rng_xoshiro256ss) : NULL;
    if (count && !r) {
        ga_cfg_error(cfg, e, "out of memory");
        return false;
    }
    if (r) {
        gsl_rng_set(r, (unsigned long)seed);
        for (long long k = 1; k <= count; k++)
            s->constant[k] = low + (high - low) * ga_rng_uniform(r);
        ga_rng_free(r);
    }
    return true;
}

/* Reads 'data' (required), the tree's limits (Koza's depth 17 by
 * default), the ephemeral constants and the parsimony coefficient. */
static bool symreg_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct symreg *s = state;
    const char *data;
    long long depth_min, depth_max, max_depth, max_len;
    bool ok = ga_cfg_file(cfg, group, "data", "", &data);
    ok &= ga_cfg_int(cfg, group, "init_depth_min", 2, 0, 16, &depth_min);
    ok &= ga_cfg_int(cfg, group, "init_depth_max", 6, 0, 16, &depth_max);
    ok &= ga_cfg_int(cfg, group, "max_depth", 17, 1, 64, &max_depth);
    ok &= ga_cfg_int(cfg, group, "max_len", 255, 3, GA_TREE_MAX_LEN, &max_len);
    ok &= ga_cfg_double(cfg, group, "parsimony", 0.0, 0.0, 1.0, &s->parsimony);
    ok &= symreg_ephemeral(s, cfg, group);
    if (!ok)
        return false;
    if (!*data) {
        ga_cfg_error_at(cfg, group, "data", "the data file is required: data = \"FILE\"; (lines x1,...,xk,y)");
        return false;
    }
    if (depth_min > depth_max) {
        ga_cfg_error_at(cfg, group, "init_depth_min", "%lld is above init_depth_max (%lld)", depth_min, depth_max);
        return false;
    }
    if (!symreg_read(s, cfg, group, data))
        return false;
    s->tree = (struct ga_tree_spec){
        .terminals = (unsigned)(s->vars + s->constants),
        .functions = SYMREG_FUNCTIONS,
        .leaves = GA_TREE_LEAVES_FREE,
        .init = GA_TREE_INIT_RAMPED,
        .init_depth_min = (unsigned)depth_min,
        .init_depth_max = (unsigned)depth_max,
        .max_depth = (unsigned)max_depth,
        .max_len = (size_t)max_len,
    };
    for (unsigned k = 0; k < SYMREG_FUNCTIONS; k++)
        s->tree.arity[s->tree.terminals + k] = 2;
    const char *why = ga_tree_spec_check(&s->tree);
    if (why)
        ga_cfg_error(cfg, group, "%s", why);
    return why == NULL;
}

static void symreg_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct symreg *s = state;
    *len = s->tree.max_len;
    *alphabet = s->tree.terminals + s->tree.functions;
}

/* The tree's value at one point: the prefix order read backwards, leaves
 * pushed and each function applied to the two values on top.  The stack
 * lives on the caller's stack: evaluate runs on several threads at once. */
static double symreg_value(const struct symreg *s, const ga_gene *g, size_t size, const double *x)
{
    double stack[GA_TREE_MAX_LEN];
    size_t top = 0;
    for (size_t i = size; i-- > 0;) {
        unsigned symbol = g[i];
        if (symbol < s->tree.terminals) {
            stack[top++] = symbol < s->vars ? x[symbol] : s->constant[symbol - s->vars];
            continue;
        }
        double a = stack[--top], b = stack[--top]; /* a: the first argument */
        switch ((enum symreg_function)(symbol - s->tree.terminals)) {
        case SYMREG_ADD: stack[top++] = a + b; break;
        case SYMREG_SUB: stack[top++] = a - b; break;
        case SYMREG_MUL: stack[top++] = a * b; break;
        case SYMREG_DIV: stack[top++] = b == 0 ? 1.0 : a / b; break;
        case SYMREG_FUNCTIONS: break;
        }
    }
    return stack[0];
}

/* The sum of absolute errors over the data (Koza's raw fitness). */
static double symreg_error(const struct symreg *s, const ga_gene *g, size_t size)
{
    double sum = 0;
    for (size_t p = 0; p < s->points; p++)
        sum += fabs(symreg_value(s, g, size, s->x + p * s->vars) - s->y[p]);
    return sum;
}

/* Fitness: the error, plus parsimony x size; a value that overflows is
 * the largest finite one (never NaN or infinite, as gaexp requires). */
static double symreg_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    const struct symreg *s = gen->state;
    size_t size = ga_tree_size(&s->tree, g);
    double f = symreg_error(s, g, size) + s->parsimony * (double)size;
    return isfinite(f) ? f : DBL_MAX;
}

static bool symreg_valid(const struct ga_genome *gen, const ga_gene *g)
{
    return ga_tree_valid(ga_tree_spec_of(gen), g, gen->len);
}

/* The expression in infix, fully parenthesised, from node i; returns the node after its subtree. */
static size_t symreg_write(const struct symreg *s, const ga_gene *g, size_t i, FILE *out)
{
    unsigned symbol = g[i];
    if (symbol < s->tree.terminals) {
        if (symbol >= s->vars)
            fprintf(out, "%.17g", s->constant[symbol - s->vars]);
        else if (s->vars == 1)
            fputc('x', out);
        else
            fprintf(out, "x%u", symbol + 1);
        return i + 1;
    }
    fputc('(', out);
    size_t next = symreg_write(s, g, i + 1, out);
    fprintf(out, " %c ", symreg_function_sign[symbol - s->tree.terminals]);
    next = symreg_write(s, g, next, out);
    fputc(')', out);
    return next;
}

/* The expression, its error and its hits (points within 0.01, Koza's measure). */
static void symreg_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    const struct symreg *s = gen->state;
    size_t size = ga_tree_size(&s->tree, g), hits = 0;
    for (size_t p = 0; p < s->points; p++)
        hits += fabs(symreg_value(s, g, size, s->x + p * s->vars) - s->y[p]) < 0.01;
    symreg_write(s, g, 0, out);
    fprintf(out, "\nsum of absolute errors %.10g, hits %zu of %zu, %zu nodes\n", symreg_error(s, g, size), hits,
            s->points, size);
}

/* A column of the problem's own: the mean tree size, to watch bloat. */
static const char *const symreg_column_names[] = {"mean_size", NULL};

static void symreg_measure(const struct ga_genome *gen, const struct ga_population *pop, double *values)
{
    double sum = 0;
    for (size_t i = 0; i < pop->n; i++)
        sum += (double)ga_tree_size(ga_tree_spec_of(gen), pop->genes + i * pop->stride);
    values[0] = sum / (double)pop->n;
}

static const struct ga_problem_columns symreg_columns = {symreg_column_names, symreg_measure};

static const struct ga_problem_variation symreg_variation = {
    .example = "data = \"quartic.csv\";",
    .defaults = {"subtree", 0.9, "subtree", 0.1, GA_PER_INDIVIDUAL},
};
static const struct ga_problem_evaluation symreg_evaluation = {.columns = &symreg_columns};
static const struct ga_problem symreg_problem = {
    .name = "symreg",
    .summary = "symbolic regression: an expression of the data's variables and 1 with + - * / "
               "(fitness = sum of absolute errors)",
    .kind = GA_KIND_TREE,
    .state_size = sizeof(struct symreg),
    .configure = symreg_configure,
    .shape = symreg_shape,
    .init = ga_tree_init,
    .evaluate = symreg_evaluate,
    .valid = symreg_valid,
    .print = symreg_print,
    .release = symreg_release,
    .variation = &symreg_variation,
    .evaluation = &symreg_evaluation,
};

static int symreg_register(struct ga_registry *reg)
{
    return ga_registry_add_problem(reg, &symreg_problem);
}

/* The entry point gaexp looks for when it loads symreg.so. */
GAEXP_PLUGIN(symreg_register)
