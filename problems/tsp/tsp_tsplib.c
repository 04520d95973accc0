/* problems/tsp/tsp_tsplib.c — TSPLIB files read, TSPLIB's distance functions, random instances. */
#include "problems/tsp/tsp_tsplib.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gaexp/cfg.h"
#include "gaexp/rng.h"

/* ---- distances ------------------------------------------------------- */

static const char *const tsp_type_names[] = {"EUC_2D", "CEIL_2D", "GEO", "ATT", "EXPLICIT"};

const char *tsp_weight_type_name(enum tsp_weight_type type)
{
    return (unsigned)type < sizeof tsp_type_names / sizeof tsp_type_names[0] ? tsp_type_names[type] : "?";
}

static double tsp_nint(double x)
{
    return floor(x + 0.5); /* (int)(x + 0.5) for the x >= 0 it is used on, without int's range */
}

/* A GEO coordinate DDD.MM in radians, as TSPLIB's FAQ computes it. */
static double tsp_geo_radians(double v)
{
    const double pi = 3.141592;
    double deg = trunc(v);
    return pi * (deg + 5.0 * (v - deg) / 3.0) / 180.0;
}

double tsp_distance(enum tsp_weight_type type, double xi, double yi, double xj, double yj)
{
    double dx = xi - xj, dy = yi - yj;
    switch (type) {
    case TSP_EUC_2D:
        return tsp_nint(sqrt(dx * dx + dy * dy));
    case TSP_CEIL_2D:
        return ceil(sqrt(dx * dx + dy * dy));
    case TSP_ATT: {
        double r = sqrt((dx * dx + dy * dy) / 10.0), t = tsp_nint(r);
        return t < r ? t + 1 : t;
    }
    case TSP_GEO: {
        const double rrr = 6378.388;
        double lat_i = tsp_geo_radians(xi), lon_i = tsp_geo_radians(yi);
        double lat_j = tsp_geo_radians(xj), lon_j = tsp_geo_radians(yj);
        double q1 = cos(lon_i - lon_j), q2 = cos(lat_i - lat_j), q3 = cos(lat_i + lat_j);
        return trunc(rrr * acos(0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)) + 1.0);
    }
    case TSP_EXPLICIT:
        break;
    }
    return 0;
}

/* ---- published optima -------------------------------------------------- */

/* TSPLIB's list of optimal tour lengths of its symmetric instances
 * (STSP.html), those up to 1002 cities. */
static const struct {
    const char *name;
    unsigned n;
    long long optimum;
} tsp_optima[] = {
    {"burma14", 14, 3323},     {"ulysses16", 16, 6859},  {"gr17", 17, 2085},      {"gr21", 21, 2707},
    {"ulysses22", 22, 7013},   {"gr24", 24, 1272},       {"fri26", 26, 937},      {"bayg29", 29, 1610},
    {"bays29", 29, 2020},      {"dantzig42", 42, 699},   {"swiss42", 42, 1273},   {"att48", 48, 10628},
    {"gr48", 48, 5046},        {"hk48", 48, 11461},      {"eil51", 51, 426},      {"berlin52", 52, 7542},
    {"brazil58", 58, 25395},   {"st70", 70, 675},        {"eil76", 76, 538},      {"pr76", 76, 108159},
    {"gr96", 96, 55209},       {"rat99", 99, 1211},      {"kroA100", 100, 21282}, {"kroB100", 100, 22141},
    {"kroC100", 100, 20749},   {"kroD100", 100, 21294},  {"kroE100", 100, 22068}, {"rd100", 100, 7910},
    {"eil101", 101, 629},      {"lin105", 105, 14379},   {"pr107", 107, 44303},   {"pr124", 124, 59030},
    {"bier127", 127, 118282},  {"ch130", 130, 6110},     {"pr136", 136, 96772},   {"pr144", 144, 58537},
    {"ch150", 150, 6528},      {"kroA150", 150, 26524},  {"kroB150", 150, 26130}, {"pr152", 152, 73682},
    {"u159", 159, 42080},      {"rat195", 195, 2323},    {"d198", 198, 15780},    {"kroA200", 200, 29368},
    {"kroB200", 200, 29437},   {"ts225", 225, 126643},   {"tsp225", 225, 3916},   {"pr226", 226, 80369},
    {"gil262", 262, 2378},     {"pr264", 264, 49135},    {"a280", 280, 2579},     {"pr299", 299, 48191},
    {"lin318", 318, 42029},    {"rd400", 400, 15281},    {"fl417", 417, 11861},   {"pr439", 439, 107217},
    {"pcb442", 442, 50778},    {"d493", 493, 35002},     {"att532", 532, 27686},  {"u574", 574, 36905},
    {"rat575", 575, 6773},     {"d657", 657, 48912},     {"u724", 724, 41910},    {"rat783", 783, 8806},
    {"pr1002", 1002, 259045},
};

long long tsp_published_optimum(const char *name, size_t n)
{
    for (size_t i = 0; i < sizeof tsp_optima / sizeof tsp_optima[0]; i++)
        if (tsp_optima[i].n == n && strcmp(tsp_optima[i].name, name) == 0)
            return tsp_optima[i].optimum;
    return -1;
}

/* ---- instances ------------------------------------------------------- */

static struct tsp_instance *tsp_instance_new(const char *name, size_t n, enum tsp_weight_type type)
{
    struct tsp_instance *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->dist = calloc(n * n, sizeof *t->dist);
    if (!t->dist) {
        free(t);
        return NULL;
    }
    snprintf(t->name, sizeof t->name, "%s", name);
    t->n = n;
    t->type = type;
    t->optimum = -1;
    return t;
}

void tsp_instance_free(struct tsp_instance *t)
{
    if (!t)
        return;
    free(t->dist);
    free(t);
}

/* Fills t's matrix from coordinates; false (i, j set) when a distance
 * does not fit an int32_t. */
static bool tsp_instance_fill(struct tsp_instance *t, const double *x, const double *y, size_t *bad_i, size_t *bad_j)
{
    size_t n = t->n;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            double d = tsp_distance(t->type, x[i], y[i], x[j], y[j]);
            if (!(d >= 0 && d <= INT32_MAX)) {
                *bad_i = i;
                *bad_j = j;
                return false;
            }
            t->dist[i * n + j] = t->dist[j * n + i] = (int32_t)d;
        }
    return true;
}

struct tsp_instance *tsp_instance_random(size_t n, uint64_t seed, int *status)
{
    int dummy;
    status = status ? status : &dummy;
    if (n < TSP_MIN_CITIES || n > TSP_MAX_CITIES
#if ULONG_MAX < UINT64_MAX
        || seed > ULONG_MAX
#endif
    ) {
        *status = GA_EINVAL;
        return NULL;
    }
    char name[TSP_NAME_MAX];
    snprintf(name, sizeof name, "random-%zu-seed-%llu", n, (unsigned long long)seed);
    struct tsp_instance *t = tsp_instance_new(name, n, TSP_EUC_2D);
    double *xy = malloc(2 * n * sizeof *xy);
    /* The generator lives on the stack, as in ft_deck_shuffle. */
    uint64_t state[8];
    gsl_rng r = {ga_rng_xoshiro256ss, state};
    if (!t || !xy || ga_rng_xoshiro256ss->size > sizeof state) {
        free(xy);
        tsp_instance_free(t);
        *status = t && xy ? GA_EINVAL : GA_ENOMEM;
        return NULL;
    }
    gsl_rng_set(&r, (unsigned long)seed);
    for (size_t i = 0; i < n; i++) {
        xy[i] = (double)ga_rng_below(&r, 1001);
        xy[n + i] = (double)ga_rng_below(&r, 1001);
    }
    size_t bi, bj;
    tsp_instance_fill(t, xy, xy + n, &bi, &bj); /* distances below 1415 */
    free(xy);
    *status = GA_OK;
    return t;
}

struct tsp_instance *tsp_instance_from_matrix(const char *name, size_t n, const int32_t *matrix, int *status)
{
    int dummy;
    status = status ? status : &dummy;
    *status = GA_EINVAL;
    if (n < 1 || n > TSP_MAX_CITIES)
        return NULL;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            if (i != j && (matrix[i * n + j] < 0 || matrix[i * n + j] != matrix[j * n + i]))
                return NULL;
    struct tsp_instance *t = tsp_instance_new(name, n, TSP_EXPLICIT);
    if (!t) {
        *status = GA_ENOMEM;
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            t->dist[i * n + j] = i == j ? 0 : matrix[i * n + j];
    *status = GA_OK;
    return t;
}

int64_t tsp_tour_length(const struct tsp_instance *t, const size_t *tour)
{
    size_t n = t->n;
    int64_t sum = t->dist[tour[n - 1] * n + tour[0]];
    for (size_t i = 1; i < n; i++)
        sum += t->dist[tour[i - 1] * n + tour[i]];
    return sum;
}

/* ---- the reader ------------------------------------------------------ */

enum tsp_format {
    TSP_FORMAT_NONE,
    TSP_FULL_MATRIX,
    TSP_UPPER_ROW,      /* = LOWER_COL for a symmetric matrix */
    TSP_LOWER_ROW,      /* = UPPER_COL */
    TSP_UPPER_DIAG_ROW, /* = LOWER_DIAG_COL */
    TSP_LOWER_DIAG_ROW, /* = UPPER_DIAG_COL */
    TSP_FUNCTION,
};

static const struct {
    const char *name;
    enum tsp_format format;
} tsp_formats[] = {
    {"FULL_MATRIX", TSP_FULL_MATRIX},       {"UPPER_ROW", TSP_UPPER_ROW},
    {"LOWER_ROW", TSP_LOWER_ROW},           {"UPPER_DIAG_ROW", TSP_UPPER_DIAG_ROW},
    {"LOWER_DIAG_ROW", TSP_LOWER_DIAG_ROW}, {"UPPER_COL", TSP_LOWER_ROW},
    {"LOWER_COL", TSP_UPPER_ROW},           {"UPPER_DIAG_COL", TSP_LOWER_DIAG_ROW},
    {"LOWER_DIAG_COL", TSP_UPPER_DIAG_ROW}, {"FUNCTION", TSP_FUNCTION},
};
#define TSP_FORMATS (sizeof tsp_formats / sizeof tsp_formats[0])

static const char *tsp_format_name(enum tsp_format format)
{
    for (size_t i = 0; i < TSP_FORMATS; i++)
        if (tsp_formats[i].format == format)
            return tsp_formats[i].name;
    return "?";
}

/* Every keyword of TSPLIB 95 and OPTIMUM; those this reader has no use for
 * belong to other problem types (CVRP, tours) and are refused. */
static const char *const tsp_keywords[] = {
    "NAME", "TYPE", "COMMENT", "DIMENSION", "EDGE_WEIGHT_TYPE", "EDGE_WEIGHT_FORMAT",
    "NODE_COORD_TYPE", "DISPLAY_DATA_TYPE", "NODE_COORD_SECTION", "EDGE_WEIGHT_SECTION",
    "DISPLAY_DATA_SECTION", "EOF", "OPTIMUM", "CAPACITY", "EDGE_DATA_FORMAT", "DEPOT_SECTION",
    "DEMAND_SECTION", "EDGE_DATA_SECTION", "FIXED_EDGES_SECTION", "TOUR_SECTION",
};
#define TSP_KEYWORDS (sizeof tsp_keywords / sizeof tsp_keywords[0])

enum tsp_section { TSP_IN_HEADER, TSP_IN_COORDS, TSP_IN_WEIGHTS, TSP_IN_DISPLAY, TSP_AT_EOF };

struct tsp_reader {
    const char *file;
    struct ga_diag *d;
    unsigned line;
    bool failed, oom;
    enum tsp_section section;
    unsigned section_line;
    /* the specification */
    char name[TSP_NAME_MAX];
    unsigned name_line, type_line, dimension_line, weight_type_line, format_line, optimum_line;
    size_t n;
    int weight_type; /* enum tsp_weight_type, -1 until given */
    enum tsp_format format;
    long long optimum;
    /* the data */
    double *x, *y;
    bool *seen;
    size_t coords;   /* nodes read */
    unsigned coords_line;
    int32_t *dist;
    size_t weights, expected; /* matrix numbers read, and due */
    size_t wi, wj;            /* where the next one goes */
    unsigned weights_line;
};

static void tsp_error(struct tsp_reader *r, unsigned line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void tsp_error(struct tsp_reader *r, unsigned line, const char *fmt, ...)
{
    char message[sizeof r->d->entries[0].message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    ga_diag_add(r->d, r->file, line, "", "%s", message);
    r->failed = true;
}

static bool tsp_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* The next blank-separated word after *p, advancing *p; false at the end. */
static bool tsp_word(const char **p, const char **start, size_t *len)
{
    const char *s = *p;
    while (*s && tsp_blank(*s))
        s++;
    *start = s;
    while (*s && !tsp_blank(*s))
        s++;
    *p = s;
    *len = (size_t)(s - *start);
    return *len > 0;
}

/* A printable copy of len characters at s, cut to fit. */
static const char *tsp_copy(const char *s, size_t len, char *buf, size_t size)
{
    snprintf(buf, size, "%.*s%s", (int)(len < size - 4 ? len : size - 4), s, len < size - 4 ? "" : "...");
    return buf;
}

/* The whole word as a finite number. */
static bool tsp_parse_double(const char *s, size_t len, double *out)
{
    char buf[64], *end;
    if (len >= sizeof buf)
        return false;
    memcpy(buf, s, len);
    buf[len] = '\0';
    errno = 0;
    *out = strtod(buf, &end);
    return end == buf + len && errno == 0 && isfinite(*out);
}

/* The whole word as a decimal integer in [min, max]. */
static bool tsp_parse_int(const char *s, size_t len, long long min, long long max, long long *out)
{
    char buf[32], *end;
    if (len >= sizeof buf)
        return false;
    memcpy(buf, s, len);
    buf[len] = '\0';
    errno = 0;
    *out = strtoll(buf, &end, 10);
    return end == buf + len && errno == 0 && *out >= min && *out <= max;
}

static bool tsp_is_keyword_start(char c)
{
    return c >= 'A' && c <= 'Z';
}

/* The keyword of a line: upper-case letters, digits and '_', up to a blank
 * or ':'; *value the rest after an optional ':', trimmed. */
static void tsp_split(const char *line, const char **key, size_t *key_len, const char **value, size_t *value_len)
{
    const char *s = line;
    while (*s && tsp_blank(*s))
        s++;
    *key = s;
    while (*s && !tsp_blank(*s) && *s != ':')
        s++;
    *key_len = (size_t)(s - *key);
    while (*s && tsp_blank(*s))
        s++;
    if (*s == ':')
        s++;
    while (*s && tsp_blank(*s))
        s++;
    const char *e = s + strlen(s);
    while (e > s && tsp_blank(e[-1]))
        e--;
    *value = s;
    *value_len = (size_t)(e - s);
}

static bool tsp_is(const char *s, size_t len, const char *word)
{
    return len == strlen(word) && memcmp(s, word, len) == 0;
}

/* False (reported) when the keyword at this line was given before. */
static bool tsp_once(struct tsp_reader *r, unsigned *at, const char *key)
{
    if (*at) {
        tsp_error(r, r->line, "%s is given twice (first at line %u)", key, *at);
        return false;
    }
    *at = r->line;
    return true;
}

static void tsp_read_name(struct tsp_reader *r, const char *v, size_t len)
{
    char word[TSP_NAME_MAX + 8];
    const char *p = v, *w;
    size_t wlen;
    if (!tsp_once(r, &r->name_line, "NAME"))
        return;
    if (!tsp_word(&p, &w, &wlen)) {
        tsp_error(r, r->line, "NAME: expected a name");
        return;
    }
    (void)len;
    if (wlen >= TSP_NAME_MAX) {
        tsp_error(r, r->line, "NAME: '%s' is longer than %d characters", tsp_copy(w, wlen, word, sizeof word),
                  TSP_NAME_MAX - 1);
        return;
    }
    memcpy(r->name, w, wlen);
    r->name[wlen] = '\0';
    /* "ulysses16.tsp" names ulysses16 in some copies */
    if (wlen > 4 && strcmp(r->name + wlen - 4, ".tsp") == 0)
        r->name[wlen - 4] = '\0';
}

static void tsp_read_type(struct tsp_reader *r, const char *v, size_t len)
{
    char word[64];
    if (!tsp_once(r, &r->type_line, "TYPE"))
        return;
    /* some copies write "TSP (M.~Hofmeister)" and the like: the first word counts */
    const char *p = v, *w;
    size_t wlen;
    if (!tsp_word(&p, &w, &wlen) || !tsp_is(w, wlen, "TSP"))
        tsp_error(r, r->line, "TYPE: expected TSP (a symmetric travelling salesman problem), got '%s'",
                  tsp_copy(v, len, word, sizeof word));
}

static void tsp_read_dimension(struct tsp_reader *r, const char *v, size_t len)
{
    char word[64];
    long long n;
    if (!tsp_once(r, &r->dimension_line, "DIMENSION"))
        return;
    if (!tsp_parse_int(v, len, TSP_MIN_CITIES, TSP_MAX_CITIES, &n)) {
        tsp_error(r, r->line, "DIMENSION: expected an integer in [%d, %d], got '%s'%s", TSP_MIN_CITIES,
                  TSP_MAX_CITIES, tsp_copy(v, len, word, sizeof word),
                  len && v[0] != '-' && tsp_parse_int(v, len, TSP_MAX_CITIES, LLONG_MAX, &n)
                      ? " (a distance matrix of 4-byte integers of more cities takes more than 400 MB)"
                      : "");
        return;
    }
    r->n = (size_t)n;
}

static void tsp_read_weight_type(struct tsp_reader *r, const char *v, size_t len)
{
    static const char *const unsupported[] = {"MAX_2D", "MAN_2D", "EUC_3D", "MAX_3D", "MAN_3D",
                                              "CEIL_3D", "XRAY1", "XRAY2", "SPECIAL"};
    char word[64];
    if (!tsp_once(r, &r->weight_type_line, "EDGE_WEIGHT_TYPE"))
        return;
    tsp_copy(v, len, word, sizeof word);
    for (int t = 0; t < 5; t++)
        if (tsp_is(v, len, tsp_type_names[t])) {
            r->weight_type = t;
            return;
        }
    for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++)
        if (tsp_is(v, len, unsupported[i])) {
            tsp_error(r, r->line, "EDGE_WEIGHT_TYPE: %s is not supported (expected EUC_2D, CEIL_2D, GEO, ATT or EXPLICIT)",
                      word);
            return;
        }
    const char *hint = ga_diag_closest(word, tsp_type_names, 5);
    if (hint)
        tsp_error(r, r->line, "EDGE_WEIGHT_TYPE: unknown type '%s' (did you mean '%s'?)", word, hint);
    else
        tsp_error(r, r->line, "EDGE_WEIGHT_TYPE: unknown type '%s' (expected EUC_2D, CEIL_2D, GEO, ATT or EXPLICIT)",
                  word);
}

static void tsp_read_format(struct tsp_reader *r, const char *v, size_t len)
{
    char word[64];
    const char *names[TSP_FORMATS];
    if (!tsp_once(r, &r->format_line, "EDGE_WEIGHT_FORMAT"))
        return;
    for (size_t i = 0; i < TSP_FORMATS; i++) {
        names[i] = tsp_formats[i].name;
        if (tsp_is(v, len, tsp_formats[i].name)) {
            r->format = tsp_formats[i].format;
            return;
        }
    }
    tsp_copy(v, len, word, sizeof word);
    const char *hint = ga_diag_closest(word, names, TSP_FORMATS);
    tsp_error(r, r->line, "EDGE_WEIGHT_FORMAT: unknown format '%s' (%s%s%s)", word, hint ? "did you mean '" : "expected FULL_MATRIX, UPPER_ROW, LOWER_ROW, UPPER_DIAG_ROW, LOWER_DIAG_ROW, a _COL form or FUNCTION",
              hint ? hint : "", hint ? "'?" : "");
}

static void tsp_read_optimum(struct tsp_reader *r, const char *v, size_t len)
{
    char word[64];
    double x;
    if (!tsp_once(r, &r->optimum_line, "OPTIMUM"))
        return;
    /* "7542" or "7542.0" */
    if (!tsp_parse_double(v, len, &x) || x < 0 || x > 9e15 || x != floor(x))
        tsp_error(r, r->line, "OPTIMUM: expected a non-negative integer tour length, got '%s'",
                  tsp_copy(v, len, word, sizeof word));
    else
        r->optimum = (long long)x;
}

/* The keyword that every section needs first; false (reported) when absent. */
static bool tsp_need_dimension(struct tsp_reader *r, const char *section)
{
    if (r->n)
        return true;
    tsp_error(r, r->line, "%s: expected DIMENSION before the section", section);
    return false;
}

static void tsp_begin_coords(struct tsp_reader *r)
{
    if (!tsp_need_dimension(r, "NODE_COORD_SECTION"))
        return;
    if (r->coords_line) {
        tsp_error(r, r->line, "NODE_COORD_SECTION is given twice (first at line %u)", r->coords_line);
        return;
    }
    r->coords_line = r->line;
    r->x = malloc(r->n * sizeof *r->x);
    r->y = malloc(r->n * sizeof *r->y);
    r->seen = calloc(r->n, sizeof *r->seen);
    if (!r->x || !r->y || !r->seen) {
        r->oom = true;
        tsp_error(r, r->line, "out of memory");
        return;
    }
    r->section = TSP_IN_COORDS;
}

static size_t tsp_weights_due(enum tsp_format f, size_t n)
{
    switch (f) {
    case TSP_FULL_MATRIX:
        return n * n;
    case TSP_UPPER_ROW:
    case TSP_LOWER_ROW:
        return n * (n - 1) / 2;
    case TSP_UPPER_DIAG_ROW:
    case TSP_LOWER_DIAG_ROW:
        return n * (n + 1) / 2;
    default:
        return 0;
    }
}

static void tsp_begin_weights(struct tsp_reader *r)
{
    if (!tsp_need_dimension(r, "EDGE_WEIGHT_SECTION"))
        return;
    if (r->weights_line) {
        tsp_error(r, r->line, "EDGE_WEIGHT_SECTION is given twice (first at line %u)", r->weights_line);
        return;
    }
    if (r->weight_type != TSP_EXPLICIT) {
        tsp_error(r, r->line, "EDGE_WEIGHT_SECTION: expected EDGE_WEIGHT_TYPE: EXPLICIT before the section");
        return;
    }
    if (r->format == TSP_FORMAT_NONE || r->format == TSP_FUNCTION) {
        tsp_error(r, r->line,
                  "EDGE_WEIGHT_SECTION: expected EDGE_WEIGHT_FORMAT (FULL_MATRIX, UPPER_ROW, LOWER_ROW, UPPER_DIAG_ROW, "
                  "LOWER_DIAG_ROW or a _COL form) before the section");
        return;
    }
    r->weights_line = r->line;
    r->expected = tsp_weights_due(r->format, r->n);
    r->wi = 0;
    r->wj = r->format == TSP_UPPER_ROW ? 1 : 0;
    if (r->format == TSP_LOWER_ROW)
        r->wi = 1;
    r->dist = calloc(r->n * r->n, sizeof *r->dist);
    if (!r->dist) {
        r->oom = true;
        tsp_error(r, r->line, "out of memory: a distance matrix of %zu cities takes %zu MB", r->n,
                  r->n * r->n * sizeof *r->dist >> 20);
        return;
    }
    r->section = TSP_IN_WEIGHTS;
}

/* The 'row, column' of the matrix entry at (i, j), 1-based, as the format reads. */
static void tsp_next_cell(struct tsp_reader *r)
{
    size_t n = r->n;
    r->wj++;
    switch (r->format) {
    case TSP_FULL_MATRIX:
        if (r->wj == n)
            r->wi++, r->wj = 0;
        break;
    case TSP_UPPER_ROW:
        if (r->wj == n)
            r->wi++, r->wj = r->wi + 1;
        break;
    case TSP_LOWER_ROW:
        if (r->wj == r->wi)
            r->wi++, r->wj = 0;
        break;
    case TSP_UPPER_DIAG_ROW:
        if (r->wj == n)
            r->wi++, r->wj = r->wi;
        break;
    case TSP_LOWER_DIAG_ROW:
        if (r->wj > r->wi)
            r->wi++, r->wj = 0;
        break;
    default:
        break;
    }
}

static void tsp_weight_line(struct tsp_reader *r, const char *text)
{
    const char *p = text, *w;
    size_t len;
    char word[64];
    while (!r->failed && tsp_word(&p, &w, &len)) {
        long long v;
        if (r->weights == r->expected) {
            tsp_error(r, r->line, "EDGE_WEIGHT_SECTION: unexpected '%s' after the %zu weights (%s of %zu cities)",
                      tsp_copy(w, len, word, sizeof word), r->expected, tsp_format_name(r->format), r->n);
            return;
        }
        if (!tsp_parse_int(w, len, 0, INT32_MAX, &v)) {
            tsp_error(r, r->line, "EDGE_WEIGHT_SECTION: expected a weight, an integer in [0, %d], got '%s'", INT32_MAX,
                      tsp_copy(w, len, word, sizeof word));
            return;
        }
        size_t n = r->n, i = r->wi, j = r->wj;
        if (r->format == TSP_FULL_MATRIX && j < i && r->dist[j * n + i] != v) {
            tsp_error(r, r->line,
                      "EDGE_WEIGHT_SECTION: the matrix is not symmetric: row %zu, column %zu holds %lld, "
                      "row %zu, column %zu holds %d (TYPE: TSP is symmetric)",
                      i + 1, j + 1, v, j + 1, i + 1, (int)r->dist[j * n + i]);
            return;
        }
        if (i != j)
            r->dist[i * n + j] = r->dist[j * n + i] = (int32_t)v;
        r->weights++;
        tsp_next_cell(r);
    }
}

static void tsp_coord_line(struct tsp_reader *r, const char *text)
{
    const char *p = text, *w[4];
    size_t len[4], k = 0;
    char word[64];
    while (k < 4 && tsp_word(&p, &w[k], &len[k]))
        k++;
    if (k != 3) {
        tsp_error(r, r->line, "NODE_COORD_SECTION: expected a node 'ID X Y' (3 numbers), got %s%zu word%s",
                  k == 4 ? "more than " : "", k == 4 ? (size_t)3 : k, k == 1 ? "" : "s");
        return;
    }
    long long id;
    double x, y;
    if (!tsp_parse_int(w[0], len[0], 1, (long long)r->n, &id)) {
        tsp_error(r, r->line, "NODE_COORD_SECTION: expected a node number in [1, %zu] (DIMENSION), got '%s'", r->n,
                  tsp_copy(w[0], len[0], word, sizeof word));
        return;
    }
    for (int c = 1; c < 3; c++)
        if (!tsp_parse_double(w[c], len[c], c == 1 ? &x : &y)) {
            tsp_error(r, r->line, "NODE_COORD_SECTION: node %lld: expected a number for %s, got '%s'", id,
                      c == 1 ? "X" : "Y", tsp_copy(w[c], len[c], word, sizeof word));
            return;
        }
    if (r->seen[id - 1]) {
        tsp_error(r, r->line, "NODE_COORD_SECTION: node %lld is given twice", id);
        return;
    }
    if (r->coords == r->n) { /* unreachable: n distinct ids in [1, n] fill it */
        tsp_error(r, r->line, "NODE_COORD_SECTION: more than %zu nodes", r->n);
        return;
    }
    r->seen[id - 1] = true;
    r->x[id - 1] = x;
    r->y[id - 1] = y;
    r->coords++;
}

/* Ends the section being read at this line (a keyword, or the end of the file). */
static void tsp_end_section(struct tsp_reader *r, unsigned line)
{
    if (r->section == TSP_IN_COORDS && r->coords != r->n)
        tsp_error(r, line, "NODE_COORD_SECTION (line %u): expected %zu nodes (DIMENSION), found %zu", r->coords_line,
                  r->n, r->coords);
    if (r->section == TSP_IN_WEIGHTS && r->weights != r->expected)
        tsp_error(r, line, "EDGE_WEIGHT_SECTION (line %u): expected %zu weights (%s of %zu cities), found %zu",
                  r->weights_line, r->expected, tsp_format_name(r->format), r->n, r->weights);
    if (r->section != TSP_AT_EOF)
        r->section = TSP_IN_HEADER;
}

static void tsp_keyword_line(struct tsp_reader *r, const char *text)
{
    const char *key, *value;
    size_t klen, vlen;
    char word[64];
    tsp_split(text, &key, &klen, &value, &vlen);
    tsp_copy(key, klen, word, sizeof word);
    if (tsp_is(key, klen, "COMMENT"))
        return;
    if (tsp_is(key, klen, "NAME"))
        tsp_read_name(r, value, vlen);
    else if (tsp_is(key, klen, "TYPE"))
        tsp_read_type(r, value, vlen);
    else if (tsp_is(key, klen, "DIMENSION"))
        tsp_read_dimension(r, value, vlen);
    else if (tsp_is(key, klen, "EDGE_WEIGHT_TYPE"))
        tsp_read_weight_type(r, value, vlen);
    else if (tsp_is(key, klen, "EDGE_WEIGHT_FORMAT"))
        tsp_read_format(r, value, vlen);
    else if (tsp_is(key, klen, "OPTIMUM"))
        tsp_read_optimum(r, value, vlen);
    else if (tsp_is(key, klen, "NODE_COORD_TYPE")) {
        if (!tsp_is(value, vlen, "TWOD_COORDS") && !tsp_is(value, vlen, "NO_COORDS"))
            tsp_error(r, r->line, "NODE_COORD_TYPE: expected TWOD_COORDS or NO_COORDS, got '%s'",
                      tsp_copy(value, vlen, word, sizeof word));
    } else if (tsp_is(key, klen, "DISPLAY_DATA_TYPE")) {
        /* how to draw the instance: no bearing on the distances */
    } else if (tsp_is(key, klen, "NODE_COORD_SECTION") || tsp_is(key, klen, "EDGE_WEIGHT_SECTION") ||
               tsp_is(key, klen, "DISPLAY_DATA_SECTION")) {
        if (vlen) {
            tsp_error(r, r->line, "%s: expected the section's data on the next lines, got '%s' after it", word,
                      tsp_copy(value, vlen, word, sizeof word));
            return;
        }
        if (key[0] == 'N')
            tsp_begin_coords(r);
        else if (key[0] == 'E')
            tsp_begin_weights(r);
        else
            r->section = TSP_IN_DISPLAY;
    } else if (tsp_is(key, klen, "EOF")) {
        r->section = TSP_AT_EOF;
    } else {
        const char *hint = ga_diag_closest(word, tsp_keywords, TSP_KEYWORDS);
        bool known = false;
        for (size_t i = 0; i < TSP_KEYWORDS; i++)
            known |= tsp_is(key, klen, tsp_keywords[i]);
        if (known)
            tsp_error(r, r->line, "%s belongs to another problem type than TSP", word);
        else if (hint)
            tsp_error(r, r->line, "unknown keyword '%s' (did you mean '%s'?)", word, hint);
        else
            tsp_error(r, r->line, "unknown keyword '%s' (expected a TSPLIB keyword such as DIMENSION)", word);
    }
}

static void tsp_line(struct tsp_reader *r, const char *text)
{
    const char *p = text, *w;
    size_t len;
    if (!tsp_word(&p, &w, &len))
        return; /* a blank line */
    if (r->section != TSP_IN_HEADER && tsp_is_keyword_start(w[0])) {
        tsp_end_section(r, r->line);
        if (r->failed)
            return;
    }
    switch (r->section) {
    case TSP_IN_COORDS:
        tsp_coord_line(r, text);
        break;
    case TSP_IN_WEIGHTS:
        tsp_weight_line(r, text);
        break;
    case TSP_IN_DISPLAY:
        break;
    case TSP_IN_HEADER:
        if (!tsp_is_keyword_start(w[0])) {
            char word[64];
            tsp_error(r, r->line, "expected a keyword (NAME, DIMENSION, EDGE_WEIGHT_TYPE, a section...), got '%s'",
                      tsp_copy(w, len, word, sizeof word));
            break;
        }
        tsp_keyword_line(r, text);
        break;
    case TSP_AT_EOF:
        break;
    }
}

/* Whole-file checks and the matrix; false (reported) on an error. */
static bool tsp_finish(struct tsp_reader *r, struct tsp_instance **out)
{
    unsigned end = r->line;
    if (r->section != TSP_AT_EOF)
        tsp_end_section(r, end);
    if (r->failed)
        return false;
    if (!r->n) {
        tsp_error(r, end, "expected DIMENSION: the number of cities (the file ends without it)");
        return false;
    }
    if (r->weight_type < 0) {
        tsp_error(r, end, "expected EDGE_WEIGHT_TYPE (EUC_2D, CEIL_2D, GEO, ATT or EXPLICIT; the file ends without it)");
        return false;
    }
    bool explicit = r->weight_type == TSP_EXPLICIT;
    if (explicit && !r->weights_line) {
        tsp_error(r, end, "expected an EDGE_WEIGHT_SECTION (EDGE_WEIGHT_TYPE: EXPLICIT, line %u)", r->weight_type_line);
        return false;
    }
    if (!explicit && !r->coords_line) {
        tsp_error(r, end, "expected a NODE_COORD_SECTION (EDGE_WEIGHT_TYPE: %s, line %u)",
                  tsp_type_names[r->weight_type], r->weight_type_line);
        return false;
    }
    if (!explicit && r->format != TSP_FORMAT_NONE && r->format != TSP_FUNCTION) {
        tsp_error(r, r->format_line, "EDGE_WEIGHT_FORMAT: a matrix format needs EDGE_WEIGHT_TYPE: EXPLICIT (line %u says %s)",
                  r->weight_type_line, tsp_type_names[r->weight_type]);
        return false;
    }
    struct tsp_instance *t = calloc(1, sizeof *t);
    if (!t) {
        r->oom = true;
        tsp_error(r, 0, "out of memory");
        return false;
    }
    snprintf(t->name, sizeof t->name, "%s", r->name[0] ? r->name : "unnamed");
    t->n = r->n;
    t->type = (enum tsp_weight_type)r->weight_type;
    t->optimum = r->optimum;
    if (explicit) {
        t->dist = r->dist;
        r->dist = NULL;
    } else if (!(t->dist = calloc(r->n * r->n, sizeof *t->dist))) {
        free(t);
        r->oom = true;
        tsp_error(r, r->coords_line, "out of memory: a distance matrix of %zu cities takes %zu MB", r->n,
                  r->n * r->n * sizeof *t->dist >> 20);
        return false;
    } else {
        size_t i, j;
        if (!tsp_instance_fill(t, r->x, r->y, &i, &j)) {
            tsp_error(r, r->coords_line, "NODE_COORD_SECTION: the %s distance of nodes %zu and %zu exceeds %d",
                      tsp_type_names[t->type], i + 1, j + 1, INT32_MAX);
            tsp_instance_free(t);
            return false;
        }
    }
    *out = t;
    return true;
}

struct tsp_instance *tsp_instance_read(const char *name, FILE *f, struct ga_diag *d, int *status)
{
    struct tsp_reader r = {.file = name, .d = d, .weight_type = -1, .optimum = -1};
    struct tsp_instance *t = NULL;
    char *buf = NULL;
    size_t cap = 0;
    while (f && !r.failed && r.section != TSP_AT_EOF) {
        errno = 0;
        ssize_t len = getline(&buf, &cap, f);
        if (len < 0) {
            if (ferror(f) || errno == ENOMEM) {
                r.oom = errno == ENOMEM;
                tsp_error(&r, 0, "cannot read the file: %s", strerror(errno ? errno : EIO));
            }
            break;
        }
        r.line++;
        if (strlen(buf) != (size_t)len) {
            tsp_error(&r, r.line, "not a text file (it holds a NUL byte)");
            break;
        }
        tsp_line(&r, buf);
    }
    free(buf);
    if (!r.failed)
        tsp_finish(&r, &t);
    free(r.x);
    free(r.y);
    free(r.seen);
    free(r.dist);
    if (status)
        *status = t ? GA_OK : r.oom ? GA_ENOMEM : GA_EINPUT;
    return t;
}

struct tsp_instance *tsp_instance_alloc_file(const char *path, struct ga_diag *d, int *status)
{
    FILE *f = ga_cfg_fopen(path, d);
    if (!f) {
        if (status)
            *status = GA_EINPUT;
        return NULL;
    }
    struct tsp_instance *t = tsp_instance_read(path, f, d, status);
    fclose(f);
    return t;
}

struct tsp_instance *tsp_instance_alloc_string(const char *name, const char *text, struct ga_diag *d, int *status)
{
    size_t len = strlen(text);
    FILE *f = len ? fmemopen((void *)text, len, "r") : NULL;
    if (len && !f) {
        ga_diag_add(d, name, 0, "", "cannot read the text: %s", strerror(errno));
        if (status)
            *status = GA_ENOMEM;
        return NULL;
    }
    struct tsp_instance *t = tsp_instance_read(name, f, d, status);
    if (f)
        fclose(f);
    return t;
}
