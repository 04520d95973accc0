/* tests/test_t24.c — the 24 game: exact arithmetic and domains, printing that reads back,
 * two independent solvers that agree on every hand, and GP solutions that check. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>

#include "gaexp/rng.h"
#include "gaexp/tree.h"
#include "problems/t24/t24_rdo.h"
#include "problems/t24/t24_solve.h"
#include "testlib.h"

static struct t24_value num(int64_t n, int64_t d)
{
    return t24_apply(T24_DIV, t24_value_int(n), t24_value_int(d));
}

static void assert_exact(struct t24_value v, int64_t n, int64_t d)
{
    assert_true(v.valid);
    assert_true(v.exact);
    assert_int_equal(v.num, n);
    assert_int_equal(v.den, d);
}

static void test_exact_arithmetic(void **unused)
{
    (void)unused;
    /* 8 / (3 - 8/3) is exactly 24. */
    struct t24_value v = t24_apply(T24_DIV, t24_value_int(8),
                                   t24_apply(T24_SUB, t24_value_int(3), num(8, 3)));
    assert_exact(v, 24, 1);
    assert_true(t24_value_is(v, 24));
    assert_true(t24_distance(v, 24) == 0);
    assert_exact(t24_apply(T24_ADD, num(1, 3), num(1, 6)), 1, 2);
    assert_exact(t24_apply(T24_MUL, num(-2, 3), num(9, 4)), -3, 2);
    assert_false(t24_apply(T24_DIV, t24_value_int(5), t24_apply(T24_SUB, num(1, 2), num(2, 4))).valid);
    /* Exact but not 24: 24 + 1/99^4 is not solved. */
    struct t24_value near = t24_apply(T24_ADD, t24_value_int(24), num(1, 96059601));
    assert_false(t24_value_is(near, 24));
    assert_true(t24_distance(near, 24) > 0);
}

static void test_domains(void **unused)
{
    (void)unused;
    struct t24_value two = t24_value_int(2), three = t24_value_int(3), nine = t24_value_int(9);
    assert_exact(t24_apply(T24_POW, two, t24_value_int(10)), 1024, 1);
    assert_exact(t24_apply(T24_POW, two, t24_value_int(-2)), 1, 4);
    assert_exact(t24_apply(T24_POW, t24_value_int(4), num(3, 2)), 8, 1); /* 4^(3/2) */
    assert_true(t24_apply(T24_POW, two, t24_value_int(16)).valid);
    assert_false(t24_apply(T24_POW, two, t24_value_int(17)).valid);   /* y in [-16, 16] */
    assert_false(t24_apply(T24_POW, two, t24_value_int(-17)).valid);
    assert_false(t24_apply(T24_POW, t24_value_int(-2), two).valid);   /* x > 0 */
    assert_false(t24_apply(T24_POW, t24_value_int(0), two).valid);
    struct t24_value irrational = t24_apply(T24_POW, two, num(1, 2));
    assert_true(irrational.valid && !irrational.exact);
    assert_true(fabs(irrational.real - sqrt(2)) < 1e-15);

    assert_exact(t24_apply(T24_ROOT, nine, two), 3, 1);
    assert_exact(t24_apply(T24_ROOT, t24_value_int(8), t24_value_int(-3)), 1, 2);
    assert_false(t24_apply(T24_ROOT, nine, t24_value_int(0)).valid);   /* y != 0 */
    assert_false(t24_apply(T24_ROOT, nine, t24_value_int(17)).valid);  /* |y| <= 16 */
    assert_false(t24_apply(T24_ROOT, num(9, 2), two).valid);           /* integer x */
    assert_false(t24_apply(T24_ROOT, t24_value_int(-9), two).valid);   /* x > 0 */
    assert_false(t24_apply(T24_ROOT, nine, num(1, 2)).valid);          /* integer y */
    assert_false(t24_apply(T24_ROOT, two, two).exact);                 /* sqrt 2 */

    assert_exact(t24_apply(T24_LOG, two, t24_value_int(8)), 3, 1); /* not 2.9999999999999996 */
    assert_exact(t24_apply(T24_LOG, t24_value_int(4), two), 1, 2);
    assert_exact(t24_apply(T24_LOG, t24_value_int(8), num(1, 4)), -2, 3);
    assert_false(t24_apply(T24_LOG, t24_value_int(1), two).valid); /* base 1 */
    assert_false(t24_apply(T24_LOG, t24_value_int(0), two).valid);
    assert_false(t24_apply(T24_LOG, two, t24_value_int(0)).valid);
    assert_false(t24_apply(T24_LOG, two, three).exact);

    /* Floored modulo: the sign of y. */
    assert_exact(t24_apply(T24_MOD, t24_value_int(10), three), 1, 1);
    assert_exact(t24_apply(T24_MOD, t24_value_int(10), t24_value_int(-3)), -2, 1);
    assert_exact(t24_apply(T24_MOD, t24_value_int(9), three), 0, 1);
    assert_false(t24_apply(T24_MOD, t24_value_int(0), three).valid);   /* x > 0 */
    assert_false(t24_apply(T24_MOD, num(7, 2), three).valid);          /* integer x */
    assert_false(t24_apply(T24_MOD, t24_value_int(10), t24_value_int(0)).valid);
    assert_false(t24_apply(T24_MOD, t24_value_int(10), t24_value_int(17)).valid);
    /* An inexact value counts as an integer within the tolerance: log base sqrt(2) of 8 is 6. */
    struct t24_value almost_three = t24_apply(T24_LOG, t24_apply(T24_ROOT, two, two), t24_value_int(8));
    assert_true(almost_three.valid);
    assert_true(t24_value_is(almost_three, 6));
    assert_exact(t24_apply(T24_MOD, almost_three, t24_value_int(4)), 2, 1);
}

/* ---- an independent reader of the printed infix ---------------------------- */

struct reader {
    const char *p;
    bool ok;
};

static void skip_spaces(struct reader *r)
{
    while (*r->p == ' ')
        r->p++;
}

static struct t24_value read_sum(struct reader *r);

static struct t24_value read_atom(struct reader *r)
{
    skip_spaces(r);
    if (*r->p == '(') {
        r->p++;
        struct t24_value v = read_sum(r);
        skip_spaces(r);
        r->ok &= *r->p == ')';
        r->p++;
        return v;
    }
    if (isdigit((unsigned char)*r->p)) {
        long v = strtol(r->p, (char **)&r->p, 10);
        return t24_value_int(v);
    }
    static const struct { const char *name; enum t24_op op; } calls[] = {
        {"root(", T24_ROOT}, {"log(", T24_LOG}, {"mod(", T24_MOD}};
    for (size_t i = 0; i < 3; i++)
        if (strncmp(r->p, calls[i].name, strlen(calls[i].name)) == 0) {
            r->p += strlen(calls[i].name);
            struct t24_value a = read_sum(r);
            skip_spaces(r);
            r->ok &= *r->p == ',';
            r->p++;
            struct t24_value b = read_sum(r);
            skip_spaces(r);
            r->ok &= *r->p == ')';
            r->p++;
            return t24_apply(calls[i].op, a, b);
        }
    r->ok = false;
    return t24_value_int(0);
}

static struct t24_value read_power(struct reader *r) /* right-associative */
{
    struct t24_value base = read_atom(r);
    skip_spaces(r);
    if (*r->p != '^')
        return base;
    r->p++;
    return t24_apply(T24_POW, base, read_power(r));
}

static struct t24_value read_product(struct reader *r)
{
    struct t24_value v = read_power(r);
    for (;;) {
        skip_spaces(r);
        if (*r->p != '*' && *r->p != '/')
            return v;
        enum t24_op op = *r->p++ == '*' ? T24_MUL : T24_DIV;
        v = t24_apply(op, v, read_power(r));
    }
}

static struct t24_value read_sum(struct reader *r)
{
    struct t24_value v = read_product(r);
    for (;;) {
        skip_spaces(r);
        if (*r->p != '+' && *r->p != '-')
            return v;
        enum t24_op op = *r->p++ == '+' ? T24_ADD : T24_SUB;
        v = t24_apply(op, v, read_product(r));
    }
}

static struct t24_value read_text(const char *text)
{
    struct reader r = {text, true};
    struct t24_value v = read_sum(&r);
    skip_spaces(&r);
    if (!r.ok || *r.p)
        fail_msg("cannot read back '%s'", text);
    return v;
}

static bool same_value(struct t24_value a, struct t24_value b)
{
    if (a.valid != b.valid)
        return false;
    if (!a.valid)
        return true;
    if (a.exact && b.exact)
        return a.num == b.num && a.den == b.den;
    return fabs(a.real - b.real) <= 1e-9 * fmax(1, fabs(a.real));
}

static struct t24_hand hand_of(const char *ops, unsigned n, const int *cards, long target)
{
    struct t24_hand h = {.ncards = n, .target = target};
    char why[160];
    assert_true(t24_ops_parse(ops, &h, why, sizeof why));
    memcpy(h.card, cards, n * sizeof *cards);
    return h;
}

static void check_format(const struct t24_hand *h, const ga_gene *e, const char *plain, const char *canonical)
{
    char text[256];
    t24_format(h, e, false, text, sizeof text);
    assert_string_equal(text, plain);
    t24_format(h, e, true, text, sizeof text);
    assert_string_equal(text, canonical);
}

static void test_printing(void **unused)
{
    (void)unused;
    /* symbols: cards 0..3, then + - * / pow root log mod as 4..11 */
    const int c3388[] = {3, 3, 8, 8};
    struct t24_hand h = hand_of("+,-,*,/,pow,root,log,mod", 4, c3388, 24);
    enum { A = 4, S, M, D, P, R, L, O };
    ga_gene frac[] = {D, 2, S, 0, D, 3, 1}; /* 8 / (3 - 8 / 3) */
    check_format(&h, frac, "8 / (3 - 8 / 3)", "8 / (3 - 8 / 3)");
    ga_gene chain[] = {S, 2, S, 0, A, 1, 3}; /* 8 - (3 - (3 + 8)) */
    check_format(&h, chain, "8 - (3 - (3 + 8))", "3 + 8 + 8 - 3");
    ga_gene assoc[] = {A, 2, S, 0, M, 1, 3}; /* 8 + (3 - 3 * 8) */
    check_format(&h, assoc, "8 + 3 - 3 * 8", "3 + 8 - 3 * 8");
    ga_gene powers[] = {P, P, 0, 1, P, 2, 3}; /* (3^3)^(8^8) */
    check_format(&h, powers, "(3^3)^8^8", "(3^3)^8^8");
    ga_gene calls[] = {M, 2, R, 0, O, 3, 1}; /* 8 * root(3, mod(8, 3)) */
    check_format(&h, calls, "8 * root(3, mod(8, 3))", "8 * root(3, mod(8, 3))");
    ga_gene product[] = {D, M, 2, 0, D, 1, 3}; /* (8 * 3) / (3 / 8) */
    check_format(&h, product, "8 * 3 / (3 / 8)", "3 * 8 * 8 / 3");
    struct t24_hand three = h; /* cards 3 3 8: the operators start at symbol 3 */
    three.ncards = 3;
    ga_gene np[] = {P - 1, S - 1, 0, 2, 1}; /* (3 - 8)^3 */
    char text[128];
    t24_format(&three, np, false, text, sizeof text);
    assert_string_equal(text, "(3 - 8)^3");
}

/* Random expressions over random hands: the printed text reads back to the same value. */
static void test_printing_reads_back(void **unused)
{
    (void)unused;
    gsl_rng *r = gsl_rng_alloc(ga_rng_xoshiro256ss);
    gsl_rng_set(r, 24);
    for (int t = 0; t < 20000; t++) {
        struct t24_hand h = {.ncards = 2 + (unsigned)ga_rng_below(r, 7), .target = 24};
        char why[160];
        assert_true(t24_ops_parse("+,-,*,/,pow,root,log,mod", &h, why, sizeof why));
        for (unsigned i = 0; i < h.ncards; i++)
            h.card[i] = 1 + (int)ga_rng_below(r, t % 2 ? 99 : 10);
        struct ga_tree_spec spec = {.terminals = h.ncards, .functions = h.nops,
                                    .leaves = GA_TREE_LEAVES_EACH_ONCE, .max_len = 2 * h.ncards - 1};
        for (unsigned k = 0; k < h.nops; k++)
            spec.arity[h.ncards + k] = 2;
        ga_gene e[2 * T24_MAX_CARDS];
        ga_tree_random(&spec, r, e);
        char plain[256], canonical[256];
        t24_format(&h, e, false, plain, sizeof plain);
        t24_format(&h, e, true, canonical, sizeof canonical);
        struct t24_value v = t24_eval(&h, e);
        if (!same_value(v, read_text(plain)))
            fail_msg("'%s' reads back to another value", plain);
        /* Canonical text is an equal expression too, when all steps are defined. */
        if (v.valid && v.exact) {
            struct t24_value c = read_text(canonical);
            if (c.valid && !same_value(v, c))
                fail_msg("canonical '%s' differs from '%s'", canonical, plain);
        }
    }
    gsl_rng_free(r);
}

static void test_ops_parse(void **unused)
{
    (void)unused;
    struct t24_hand h;
    char why[160], text[64];
    assert_true(t24_ops_parse("mod,+,^", &h, why, sizeof why));
    assert_int_equal(h.nops, 3);
    t24_ops_format(&h, text, sizeof text);
    assert_string_equal(text, "mod,+,pow");
    assert_int_equal(t24_hand_symbol(&(struct t24_hand){.ncards = 4, .nops = 3, .op = {T24_MOD, T24_ADD, T24_POW}}, T24_ADD), 5);
    assert_false(t24_ops_parse("+,lg", &h, why, sizeof why));
    assert_non_null(strstr(why, "did you mean 'log'"));
    assert_false(t24_ops_parse("+,+", &h, why, sizeof why));
    assert_false(t24_ops_parse("", &h, why, sizeof why));
    assert_false(t24_ops_parse("+,", &h, why, sizeof why));
}

/* ---- the solvers -------------------------------------------------------------------- */

struct census_tally {
    long hands, solvable;
    const char *ops;
};

static void count_found(void *ctx, const char *canonical, const ga_gene *expr)
{
    (void)canonical, (void)expr;
    ++*(long *)ctx;
}

/* Every hand: t24_solve's answer checks exactly (by its tree and by its
 * text) and agrees with the walk over every expression. */
static bool census_check(void *vctx, const struct t24_hand *h, const ga_gene *solution)
{
    struct census_tally *tally = vctx;
    tally->hands++;
    long walked = 0;
    assert_true(t24_solve_all(h, count_found, &walked) >= 0);
    if (solution) {
        tally->solvable++;
        assert_true(t24_value_is(t24_eval(h, solution), h->target));
        char text[256];
        t24_format(h, solution, false, text, sizeof text);
        if (!t24_value_is(read_text(text), h->target))
            fail_msg("'%s' does not read back to %ld", text, h->target);
        /* every card exactly once */
        unsigned used = 0;
        for (size_t i = 0; i < t24_expr_len(h); i++)
            if (solution[i] < h->ncards)
                used |= 1u << solution[i];
        assert_int_equal(used, (1u << h->ncards) - 1);
    }
    if ((walked > 0) != (solution != NULL))
        fail_msg("hand %d %d %d %d: the subset search and the walk disagree", h->card[0], h->card[1],
                 h->card[2], h->card[3]);
    return true;
}

static void census(const char *ops, int low, int high, unsigned cards, long *solvable, long *hands)
{
    struct t24_hand proto = {.target = 24};
    char why[160];
    assert_true(t24_ops_parse(ops, &proto, why, sizeof why));
    struct census_tally tally = {0, 0, ops};
    assert_int_equal(t24_census(&proto, low, high, cards, census_check, &tally), T24_SOLVED);
    *solvable = tally.solvable;
    *hands = tally.hands;
}

static void test_census_published(void **unused)
{
    (void)unused;
    long solvable, hands;
    census("+,-,*,/", 1, 10, 4, &solvable, &hands);
    assert_int_equal(hands, 715);
    assert_int_equal(solvable, 566); /* the published count */
    census("+,-,*,/", 1, 13, 4, &solvable, &hands);
    assert_int_equal(hands, 1820);
    assert_int_equal(solvable, 1362);
    census("+,-,*,/", 1, 9, 4, &solvable, &hands);
    assert_int_equal(hands, 495);
    assert_int_equal(solvable, 404);
}

static void test_census_larger_operator_sets(void **unused)
{
    (void)unused;
    long solvable, hands;
    census("+,-,*,/,pow,root,log", 1, 10, 4, &solvable, &hands);
    assert_int_equal(hands, 715);
    assert_int_equal(solvable, 595);
    census("+,-,*,/,pow,root,log,mod", 1, 10, 4, &solvable, &hands);
    assert_int_equal(solvable, 619);
    census("+,-,*,/", 1, 6, 5, &solvable, &hands); /* other hand sizes agree too */
    assert_int_equal(hands, 252);
    census("+,-,*,/,mod", 1, 8, 3, &solvable, &hands);
    assert_int_equal(hands, 120);
}

/* The hands of 1..10 that only fractions solve: the ten known ones. */
static void test_fractions_only(void **unused)
{
    (void)unused;
    static const int hands[][4] = {{1, 3, 4, 6}, {1, 4, 5, 6}, {1, 5, 5, 5}, {1, 6, 6, 8}, {2, 4, 10, 10},
                                   {2, 5, 5, 10}, {2, 7, 7, 10}, {3, 3, 7, 7}, {3, 3, 8, 8}, {4, 4, 7, 7}};
    int found = 0;
    ga_gene e[7];
    struct t24_hand h = hand_of("+,-,*,/", 4, hands[0], 24);
    for (h.card[0] = 1; h.card[0] <= 10; h.card[0]++)
        for (h.card[1] = h.card[0]; h.card[1] <= 10; h.card[1]++)
            for (h.card[2] = h.card[1]; h.card[2] <= 10; h.card[2]++)
                for (h.card[3] = h.card[2]; h.card[3] <= 10; h.card[3]++) {
                    if (t24_solve(&h, e) != T24_SOLVED || t24_solve_integers(&h, e) != T24_UNSOLVABLE)
                        continue;
                    assert_true(found < 10);
                    assert_memory_equal(h.card, hands[found], sizeof hands[0]);
                    found++;
                }
    assert_int_equal(found, 10);
    static const int c1234[] = {1, 2, 3, 4};
    h = hand_of("+,-,*,/", 4, c1234, 24);
    assert_int_equal(t24_solve_integers(&h, e), T24_SOLVED);
}

static void test_solve_all_examples(void **unused)
{
    (void)unused;
    long count = 0;
    const int c1189[] = {1, 1, 8, 9}, c2310[] = {2, 3, 10, 10}, c3388[] = {3, 3, 8, 8};
    struct t24_hand h = hand_of("+,-,*,/,pow,root,log,mod", 4, c1189, 24);
    assert_int_equal(t24_solve_all(&h, count_found, &count), 1); /* 8 * root(9, 1 + 1) */
    h = hand_of("+,-,*,/", 4, c3388, 24);
    count = 0;
    assert_int_equal(t24_solve_all(&h, count_found, &count), 1); /* 8 / (3 - 8 / 3) */
    h = hand_of("+,-,*,/,pow", 4, c2310, 24);
    count = 0;
    assert_int_equal(t24_solve_all(&h, count_found, &count), 3);
    ga_gene e[7];
    h = hand_of("+,-,*,/", 4, c2310, 1000); /* another target: both solvers agree */
    long walked = 0;
    t24_solve_all(&h, count_found, &walked);
    assert_int_equal(t24_solve(&h, e) == T24_SOLVED, walked > 0);
}

/* ---- GP ----------------------------------------------------------------------------- */

/* Semantic backpropagation inverts every operator but mod, exactly, and
 * RDO fits a subtree to the value it needs: 6 / (1 + 3 * 4) becomes
 * 6 / (1 - 3 / 4), the only solution of 1 3 4 6. */
static void test_rdo(void **unused)
{
    (void)unused;
    static const int c1346[] = {1, 3, 4, 6};
    struct t24_hand h = hand_of("+,-,*,/", 4, c1346, 24);
    /* symbols: cards 0..3 = 1 3 4 6, then + - * / = 4..7 */
    ga_gene e[] = {7, 3, 4, 0, 6, 1, 2}; /* 6 / (1 + 3 * 4) */
    assert_exact(t24_rdo_desired(&h, e, 0), 24, 1);
    assert_exact(t24_rdo_desired(&h, e, 1), 312, 1);  /* 6 = 24 * 13 */
    assert_exact(t24_rdo_desired(&h, e, 2), 1, 4);    /* 6 / x = 24 */
    assert_exact(t24_rdo_desired(&h, e, 3), -47, 4);  /* x + 12 = 1/4 */
    assert_exact(t24_rdo_desired(&h, e, 4), -3, 4);   /* 1 + x = 1/4 */
    assert_exact(t24_rdo_desired(&h, e, 6), -1, 4);   /* 3 * x = -3/4 */
    assert_false(t24_rdo_site(&h, e, 0));  /* the root */
    assert_false(t24_rdo_site(&h, e, 1));  /* a card */
    assert_true(t24_rdo_site(&h, e, 2));   /* three cards */
    assert_true(t24_rdo_site(&h, e, 4));   /* two cards */
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    struct t24_rdo_library *lib = t24_rdo_library_alloc(&h);
    assert_non_null(lib);
    assert_true(t24_rdo_at(&h, lib, r, e, 2));
    assert_true(t24_value_is(t24_eval(&h, e), 24));
    char text[64];
    t24_format(&h, e, false, text, sizeof text);
    assert_string_equal(text, "6 / (1 - 3 / 4)");
    assert_false(t24_rdo_at(&h, lib, r, e, 2)); /* already the nearest */
    t24_rdo_library_free(lib);

    /* pow, root and log invert within their domains; mod does not. */
    static const int c132[] = {1, 3, 2};
    struct t24_hand p = hand_of("+,pow,root,log,mod", 3, c132, 16);
    ga_gene pw[] = {4, 3, 0, 1, 2}; /* (1 + 3)^2: symbols + pow root log mod = 3..7 */
    assert_exact(t24_rdo_desired(&p, pw, 1), 4, 1);  /* x^2 = 16 */
    assert_exact(t24_rdo_desired(&p, pw, 4), 2, 1);  /* 4^x = 16 */
    ga_gene rt[] = {5, 3, 0, 1, 2}; /* root(1 + 3, 2) */
    assert_exact(t24_rdo_desired(&p, rt, 1), 256, 1); /* x^(1/2) = 16 */
    assert_exact(t24_rdo_desired(&p, rt, 4), 1, 2);   /* 4^(1/x) = 16 */
    ga_gene lg[] = {6, 3, 0, 1, 2}; /* log(1 + 3, 2) */
    struct t24_value base = t24_rdo_desired(&p, lg, 1); /* log_x 2 = 16: x = 2^(1/16), irrational */
    assert_true(base.valid && !base.exact && fabs(base.real - pow(2, 1.0 / 16)) < 1e-15);
    assert_exact(t24_rdo_desired(&p, lg, 4), 4294967296, 1); /* log_4 x = 16 */
    ga_gene md[] = {7, 3, 0, 1, 2}; /* mod(1 + 3, 2) */
    assert_false(t24_rdo_desired(&p, md, 1).valid);
    lib = t24_rdo_library_alloc(&p);
    assert_false(t24_rdo_at(&p, lib, r, md, 1));
    t24_rdo_library_free(lib);
    t24_rdo_library_free(NULL);
    gsl_rng_free(r);
}

/* GP runs (the settings of configs/t24.cfg) on hard hands, with seeds that
 * solve them, and on a hand without solution: fitness 0 exactly when the
 * best expression, evaluated and printed, makes 24. */
static void test_gp_solutions_check(void **unused)
{
    (void)unused;
    static const struct {
        const char *cards;
        unsigned long seeds[3];
        bool solvable;
    } cases[] = {
        {"[3, 3, 8, 8]", {1, 3, 4}, true},
        {"[1, 5, 5, 5]", {1, 2, 3}, true},
        {"[1, 4, 5, 6]", {2, 4, 6}, true},
        {"[3, 5, 5, 10]", {1, 2, 3}, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (size_t k = 0; k < 3; k++) {
            char text[512];
            snprintf(text, sizeof text,
                     "problem = { name = \"t24\"; cards = %s; };\n"
                     "ga = { seed = %lu; population = 500; stop = { generations = %d; };\n"
                     "       mutation = { name = \"subtree\"; rate = 0.8; }; };",
                     cases[i].cards, cases[i].seeds[k], cases[i].solvable ? 100 : 20);
            struct test_experiment *t = test_experiment_alloc(text);
            struct ga_run *run = test_run_alloc(t);
            ga_run_init(run, t->e->seed);
            while (ga_run_iterate(run) == GA_CONTINUE)
                ;
            const ga_gene *best = ga_run_best(run);
            const struct t24_hand *h = t24_hand_of(ga_run_genome(run));
            bool solved = ga_run_stats(run)->best == 0;
            if (solved != cases[i].solvable)
                fail_msg("%s seed %lu: solved %d", cases[i].cards, cases[i].seeds[k], solved);
            assert_int_equal(solved, t24_value_is(t24_eval(h, best), 24));
            char expr[256];
            t24_format(h, best, false, expr, sizeof expr);
            assert_int_equal(t24_value_is(read_text(expr), 24), solved);
            ga_run_free(run);
            test_experiment_free(t);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_arithmetic),
        cmocka_unit_test(test_domains),
        cmocka_unit_test(test_printing),
        cmocka_unit_test(test_printing_reads_back),
        cmocka_unit_test(test_ops_parse),
        cmocka_unit_test(test_census_published),
        cmocka_unit_test(test_census_larger_operator_sets),
        cmocka_unit_test(test_solve_all_examples),
        cmocka_unit_test(test_fractions_only),
        cmocka_unit_test(test_rdo),
        cmocka_unit_test(test_gp_solutions_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
