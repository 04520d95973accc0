/* problems/t24/t24_expr.c — the 24 game's expressions: exact arithmetic, the operators, evaluation and infix printing, shared by the GP problem, RDO and the solver. */
#include "problems/t24/t24.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gaexp/diag.h"

/* ---- values ---------------------------------------------------------------- */
/* ---- values ---------------------------------------------------------------- */

/* Exact values stay below 2^62 in magnitude, so that every sum of two
 * products fits the 128-bit intermediates below. */
#define T24_EXACT_LIMIT ((__int128)1 << 62)
#define T24_MAX_EXPONENT 16 /* |y| of pow, root and mod */

static const struct t24_value t24_invalid = {false, false, 0, 0, 0.0};

static struct t24_value t24_real(double x)
{
    if (!isfinite(x))
        return t24_invalid;
    return (struct t24_value){true, false, 0, 0, x};
}

/* Binary gcd: 128-bit division is slow, and most values are small. */
static uint64_t t24_gcd64(uint64_t a, uint64_t b)
{
    if (!a || !b)
        return a | b;
    int shift = __builtin_ctzll(a | b);
    a >>= __builtin_ctzll(a);
    do {
        b >>= __builtin_ctzll(b);
        if (a > b) {
            uint64_t t = a;
            a = b;
            b = t;
        }
        b -= a;
    } while (b);
    return a << shift;
}

static __int128 t24_gcd(__int128 a, __int128 b)
{
    if (a < 0)
        a = -a;
    if (a <= (__int128)UINT64_MAX && b <= (__int128)UINT64_MAX)
        return t24_gcd64((uint64_t)a, (uint64_t)b);
    while (b) {
        __int128 t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* num/den reduced; inexact when it does not fit.  den != 0. */
static struct t24_value t24_ratio(__int128 num, __int128 den)
{
    if (den < 0)
        num = -num, den = -den;
    if (num >= -T24_EXACT_LIMIT && num <= T24_EXACT_LIMIT && den <= T24_EXACT_LIMIT) {
        /* The common case in 64 bits: 128-bit division is slow. */
        int64_t n = (int64_t)num, d = (int64_t)den;
        int64_t g = d == 1 ? 1 : (int64_t)t24_gcd64((uint64_t)(n < 0 ? -n : n), (uint64_t)d);
        if (g > 1)
            n /= g, d /= g;
        if (n != T24_EXACT_LIMIT && n != -T24_EXACT_LIMIT && d != T24_EXACT_LIMIT)
            return (struct t24_value){true, true, n, d, (double)n / (double)d};
        return t24_real((double)n / (double)d);
    }
    __int128 g = t24_gcd(num, den);
    if (g > 1)
        num /= g, den /= g;
    if (num >= T24_EXACT_LIMIT || num <= -T24_EXACT_LIMIT || den >= T24_EXACT_LIMIT)
        return t24_real((double)num / (double)den);
    return (struct t24_value){true, true, (int64_t)num, (int64_t)den, (double)num / (double)den};
}

struct t24_value t24_value_int(int64_t v)
{
    return t24_ratio(v, 1);
}

/* v as an integer: exactly, or within the tolerance when inexact (only
 * below 2^53, where a double still resolves integers). */
static bool t24_integer(struct t24_value v, int64_t *out)
{
    if (v.exact) {
        *out = v.num;
        return v.den == 1;
    }
    double r = round(v.real);
    if (fabs(r) > 9007199254740992.0 || fabs(v.real - r) > T24_TOLERANCE * fmax(1.0, fabs(r)))
        return false;
    *out = (int64_t)r;
    return true;
}

/* x^k for exact x and a small k, exactly when it fits. */
static struct t24_value t24_power_int(struct t24_value x, int64_t k)
{
    if (k < 0) {
        if (x.num == 0)
            return t24_invalid;
        x = t24_ratio(x.den, x.num);
        k = -k;
    }
    struct t24_value p = t24_value_int(1);
    for (int64_t i = 0; i < k && p.exact; i++)
        p = t24_ratio((__int128)p.num * x.num, (__int128)p.den * x.den);
    return p.exact ? p : t24_real(pow(x.real, (double)k));
}

/* The q-th root of v >= 0 when it is an integer, else -1. */
static int64_t t24_integer_root(int64_t v, int64_t q)
{
    int64_t guess = llround(pow((double)v, 1.0 / (double)q));
    for (int64_t r = guess > 0 ? guess - 1 : 0; r <= guess + 1; r++) {
        __int128 p = 1;
        for (int64_t i = 0; i < q && p <= v; i++)
            p *= r;
        if (p == v)
            return r;
    }
    return -1;
}

/* x^(p/q) for exact x > 0: exact when num and den are perfect q-th powers. */
static struct t24_value t24_power_ratio(struct t24_value x, int64_t p, int64_t q)
{
    int64_t rn = t24_integer_root(x.num, q), rd = t24_integer_root(x.den, q);
    if (rn < 0 || rd < 0)
        return t24_real(pow(x.real, (double)p / (double)q));
    return t24_power_int(t24_ratio(rn, rd), p);
}

static bool t24_equal(struct t24_value a, struct t24_value b)
{
    return a.exact && b.exact && a.num == b.num && a.den == b.den;
}

static struct t24_value t24_pow(struct t24_value x, struct t24_value y)
{
    if (x.real <= 0 || y.real < -T24_MAX_EXPONENT || y.real > T24_MAX_EXPONENT)
        return t24_invalid;
    if (x.exact && y.exact && y.den <= T24_MAX_EXPONENT)
        return t24_power_ratio(x, y.num, y.den);
    return t24_real(pow(x.real, y.real));
}

static struct t24_value t24_root(struct t24_value x, struct t24_value y)
{
    int64_t xi, yi;
    if (!t24_integer(x, &xi) || !t24_integer(y, &yi) || xi <= 0 || yi == 0 ||
        yi < -T24_MAX_EXPONENT || yi > T24_MAX_EXPONENT)
        return t24_invalid;
    /* x^(1/y) = x^(+-1/|y|): exact when x is a perfect |y|-th power. */
    return t24_power_ratio(t24_value_int(xi), yi < 0 ? -1 : 1, yi < 0 ? -yi : yi);
}

/* log base x of y.  An exact result p/q (q <= 16) is recognised by
 * checking x^p = y^q exactly: log(2, 8) is 3, not 2.9999999999999996. */
static struct t24_value t24_log(struct t24_value x, struct t24_value y)
{
    if (x.real <= 0 || y.real <= 0)
        return t24_invalid;
    if (x.exact ? x.num == x.den : fabs(x.real - 1) <= T24_TOLERANCE)
        return t24_invalid;
    double r = log(y.real) / log(x.real);
    if (x.exact && y.exact) {
        for (int64_t q = 1; q <= T24_MAX_EXPONENT; q++) {
            double p = round(r * (double)q);
            /* Only a near-integer r * q can be exact: check it with powers. */
            if (fabs(r * (double)q - p) < 1e-6 && fabs(p) <= 64 && t24_equal(t24_power_int(x, (int64_t)p), t24_power_int(y, q)))
                return t24_ratio((int64_t)p, q);
        }
    }
    return t24_real(r);
}

/* Floored modulo: the result takes the sign of y. */
static struct t24_value t24_mod(struct t24_value x, struct t24_value y)
{
    int64_t xi, yi;
    if (!t24_integer(x, &xi) || !t24_integer(y, &yi) || xi <= 0 || yi == 0 ||
        yi < -T24_MAX_EXPONENT || yi > T24_MAX_EXPONENT)
        return t24_invalid;
    int64_t m = xi % yi;
    if (m != 0 && (m < 0) != (yi < 0))
        m += yi;
    return t24_value_int(m);
}

static bool t24_is_zero(struct t24_value v)
{
    return v.exact ? v.num == 0 : v.real == 0;
}

struct t24_value t24_apply(enum t24_op op, struct t24_value a, struct t24_value b)
{
    if (!a.valid || !b.valid)
        return t24_invalid;
    bool exact = a.exact && b.exact;
    switch (op) {
    case T24_ADD:
        return exact ? t24_ratio((__int128)a.num * b.den + (__int128)b.num * a.den, (__int128)a.den * b.den)
                     : t24_real(a.real + b.real);
    case T24_SUB:
        return exact ? t24_ratio((__int128)a.num * b.den - (__int128)b.num * a.den, (__int128)a.den * b.den)
                     : t24_real(a.real - b.real);
    case T24_MUL:
        return exact ? t24_ratio((__int128)a.num * b.num, (__int128)a.den * b.den) : t24_real(a.real * b.real);
    case T24_DIV:
        if (t24_is_zero(b))
            return t24_invalid;
        return exact ? t24_ratio((__int128)a.num * b.den, (__int128)a.den * b.num) : t24_real(a.real / b.real);
    case T24_POW:
        return t24_pow(a, b);
    case T24_ROOT:
        return t24_root(a, b);
    case T24_LOG:
        return t24_log(a, b);
    case T24_MOD:
        return t24_mod(a, b);
    case T24_OP_COUNT:
        break;
    }
    return t24_invalid;
}

bool t24_value_is(struct t24_value v, long target)
{
    if (!v.valid)
        return false;
    if (v.exact)
        return v.den == 1 && v.num == target;
    return fabs(v.real - (double)target) <= T24_TOLERANCE * fmax(1.0, fabs((double)target));
}

double t24_distance(struct t24_value v, long target)
{
    if (!v.valid)
        return T24_FITNESS_INVALID;
    if (t24_value_is(v, target))
        return 0.0;
    double d = v.exact ? fabs((double)((__int128)v.num - (__int128)target * v.den) / (double)v.den)
                       : fabs(v.real - (double)target);
    return d < T24_FAR ? d : T24_FAR;
}

void t24_value_format(struct t24_value v, char *buf, size_t size)
{
    if (!v.valid)
        snprintf(buf, size, "undefined");
    else if (v.exact && v.den == 1)
        snprintf(buf, size, "%lld", (long long)v.num);
    else if (v.exact)
        snprintf(buf, size, "%lld/%lld", (long long)v.num, (long long)v.den);
    else
        snprintf(buf, size, "%.12g (inexact)", v.real);
}

/* ---- operators --------------------------------------------------------------- */

static const char *const t24_op_names[T24_OP_COUNT] = {"+", "-", "*", "/", "pow", "root", "log", "mod"};

const char *t24_op_name(enum t24_op op)
{
    return t24_op_names[op];
}

bool t24_ops_parse(const char *text, struct t24_hand *h, char *err, size_t err_size)
{
    bool seen[T24_OP_COUNT] = {false};
    h->nops = 0;
    for (const char *p = text;; p++) {
        size_t len = strcspn(p, ",");
        char word[32];
        snprintf(word, sizeof word, "%.*s", (int)(len < sizeof word ? len : sizeof word - 1), p);
        int op = -1;
        for (int k = 0; k < T24_OP_COUNT; k++)
            if (strcmp(word, t24_op_names[k]) == 0 || (k == T24_POW && strcmp(word, "^") == 0))
                op = k;
        if (op < 0) {
            const char *hint = ga_diag_closest(word, t24_op_names, T24_OP_COUNT);
            snprintf(err, err_size, "unknown operator '%s'%s%s%s (known: +, -, *, /, pow, root, log, mod)",
                     word, hint ? " (did you mean '" : "", hint ? hint : "", hint ? "'?)" : "");
            return false;
        }
        if (seen[op]) {
            snprintf(err, err_size, "operator '%s' listed twice", word);
            return false;
        }
        seen[op] = true;
        h->op[h->nops++] = (enum t24_op)op;
        p += len;
        if (!*p)
            return true;
    }
}

void t24_ops_format(const struct t24_hand *h, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned k = 0; k < h->nops && used < size; k++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", k ? "," : "", t24_op_names[h->op[k]]);
}

int t24_hand_symbol(const struct t24_hand *h, enum t24_op op)
{
    for (unsigned k = 0; k < h->nops; k++)
        if (h->op[k] == op)
            return (int)(h->ncards + k);
    return -1;
}

/* ---- expressions --------------------------------------------------------------- */

static bool t24_is_card(const struct t24_hand *h, ga_gene s)
{
    return s < h->ncards;
}

static enum t24_op t24_op_of(const struct t24_hand *h, ga_gene s)
{
    return h->op[s - h->ncards];
}

size_t t24_expr_size(const struct t24_hand *h, const ga_gene *e)
{
    size_t open = 1, i = 0;
    for (; open; i++)
        open += t24_is_card(h, e[i]) ? (size_t)0 - 1 : 1;
    return i;
}

struct t24_value t24_eval(const struct t24_hand *h, const ga_gene *e)
{
    struct t24_value stack[T24_MAX_CARDS];
    size_t top = 0;
    /* Prefix order read backwards: operands are on the stack when their operator comes. */
    for (size_t i = t24_expr_size(h, e); i-- > 0;) {
        if (t24_is_card(h, e[i])) {
            stack[top++] = t24_value_int(h->card[e[i]]);
        } else {
            struct t24_value left = stack[--top], right = stack[--top];
            stack[top++] = t24_apply(t24_op_of(h, e[i]), left, right);
        }
    }
    return stack[0];
}

/* Text written into a fixed buffer; truncation is silent and safe. */
struct t24_text {
    char *buf;
    size_t size, len;
};

static void t24_put(struct t24_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void t24_put(struct t24_text *t, const char *fmt, ...)
{
    if (t->len + 1 >= t->size)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->buf + t->len, t->size - t->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len = t->len + (size_t)n < t->size ? t->len + (size_t)n : t->size - 1;
}

/* Binding strength: sums 1, products 2, powers 3, cards and calls 4. */
static int t24_precedence(const struct t24_hand *h, ga_gene s)
{
    if (t24_is_card(h, s))
        return 4;
    switch (t24_op_of(h, s)) {
    case T24_ADD:
    case T24_SUB:
        return 1;
    case T24_MUL:
    case T24_DIV:
        return 2;
    case T24_POW:
        return 3;
    default:
        return 4;
    }
}

static void t24_write(const struct t24_hand *h, const ga_gene *e, bool canonical, struct t24_text *t);

static void t24_write_operand(const struct t24_hand *h, const ga_gene *e, bool canonical, bool parens,
                              struct t24_text *t)
{
    if (parens)
        t24_put(t, "(");
    t24_write(h, e, canonical, t);
    if (parens)
        t24_put(t, ")");
}

/* The operands of a chain of sums (level 1) or products (level 2), with
 * their signs: a - (b - c) gives +a, -b, +c. */
struct t24_chain {
    size_t count;
    const ga_gene *term[T24_MAX_CARDS];
    bool inverse[T24_MAX_CARDS]; /* subtracted, or divided by */
};

static void t24_chain_collect(const struct t24_hand *h, const ga_gene *e, int level, bool inverse,
                              struct t24_chain *c)
{
    if (t24_precedence(h, e[0]) == level && !t24_is_card(h, e[0])) {
        const ga_gene *left = e + 1, *right = left + t24_expr_size(h, left);
        enum t24_op op = t24_op_of(h, e[0]);
        t24_chain_collect(h, left, level, inverse, c);
        t24_chain_collect(h, right, level, inverse ^ (op == T24_SUB || op == T24_DIV), c);
        return;
    }
    c->term[c->count] = e;
    c->inverse[c->count++] = inverse;
}

static int t24_compare_text(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* A canonical sum or product: direct operands sorted, then inverse ones sorted. */
static void t24_write_chain(const struct t24_hand *h, const ga_gene *e, int level, struct t24_text *t)
{
    struct t24_chain chain = {0};
    t24_chain_collect(h, e, level, false, &chain);
    char text[2][T24_MAX_CARDS][T24_TEXT_MAX];
    size_t count[2] = {0, 0};
    for (size_t i = 0; i < chain.count; i++) {
        int side = chain.inverse[i];
        struct t24_text term = {text[side][count[side]++], T24_TEXT_MAX, 0};
        term.buf[0] = '\0';
        t24_write_operand(h, chain.term[i], true, t24_precedence(h, chain.term[i][0]) < level, &term);
    }
    const char *sep[2] = {level == 1 ? " + " : " * ", level == 1 ? " - " : " / "};
    for (int side = 0; side < 2; side++) {
        qsort(text[side], count[side], T24_TEXT_MAX, t24_compare_text);
        for (size_t i = 0; i < count[side]; i++)
            t24_put(t, "%s%s", side == 0 && i == 0 ? "" : sep[side], text[side][i]);
    }
}

static void t24_write(const struct t24_hand *h, const ga_gene *e, bool canonical, struct t24_text *t)
{
    if (t24_is_card(h, e[0])) {
        t24_put(t, "%d", h->card[e[0]]);
        return;
    }
    enum t24_op op = t24_op_of(h, e[0]);
    int prec = t24_precedence(h, e[0]);
    if (canonical && prec <= 2) {
        t24_write_chain(h, e, prec, t);
        return;
    }
    const ga_gene *left = e + 1, *right = left + t24_expr_size(h, left);
    if (prec == 4) { /* root, log, mod: written as calls */
        t24_put(t, "%s(", t24_op_names[op]);
        t24_write(h, left, canonical, t);
        t24_put(t, ", ");
        t24_write(h, right, canonical, t);
        t24_put(t, ")");
        return;
    }
    int lp = t24_precedence(h, left[0]), rp = t24_precedence(h, right[0]);
    /* (a^b)^c keeps its parentheses, a^(b^c) does not: ^ groups to the right.
     * a - (b - c) and a / (b / c) keep theirs; a + (b - c) = a + b - c does not. */
    bool left_parens = lp < prec || (op == T24_POW && lp == prec);
    bool right_parens = rp < prec || (rp == prec && (op == T24_SUB || op == T24_DIV));
    t24_write_operand(h, left, canonical, left_parens, t);
    t24_put(t, "%s", op == T24_POW ? "^" : op == T24_ADD ? " + " : op == T24_SUB ? " - " : op == T24_MUL ? " * " : " / ");
    t24_write_operand(h, right, canonical, right_parens, t);
}

void t24_format(const struct t24_hand *h, const ga_gene *e, bool canonical, char *buf, size_t size)
{
    struct t24_text t = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    t24_write(h, e, canonical, &t);
}
