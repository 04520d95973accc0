/* tests/test_nsga3.c — NSGA-III's reference directions and selection against hand answers and its own rules. */
#include <math.h>
#include <stdlib.h>

#include "ga/nsga3.h"
#include "gaexp/pareto.h"
#include "testlib.h"

/* ---- reference directions */

static void test_direction_counts(void **state)
{
    (void)state;
    assert_int_equal(nsga3_directions_count(3, 12, 0), 91);
    for (size_t h = 1; h <= 30; h++)
        assert_int_equal(nsga3_directions_count(2, h, 0), h + 1);
    assert_int_equal(nsga3_directions_count(5, 6, 0), 210);
    assert_int_equal(nsga3_directions_count(1, 7, 0), 1);
    /* Deb and Jain 2014, Table I: two layers for 8, 10 and 15 objectives. */
    assert_int_equal(nsga3_directions_count(8, 3, 2), 120 + 36);
    assert_int_equal(nsga3_directions_count(10, 3, 2), 220 + 55);
    assert_int_equal(nsga3_directions_count(15, 2, 1), 120 + 15);
    assert_int_equal(nsga3_directions_count(0, 12, 0), 0);
    assert_int_equal(nsga3_directions_count(3, 0, 0), 0);
    assert_int_equal(nsga3_directions_count(40, 1000, 0), 0); /* overflows */
}

/* m = 2: H + 1 points evenly spaced, from (0, 1) to (1, 0). */
static void test_directions_two_objectives(void **state)
{
    (void)state;
    double d[2 * 8];
    assert_int_equal(nsga3_directions(2, 7, 0, d), 8);
    for (size_t i = 0; i <= 7; i++) {
        assert_true(d[2 * i] == (double)i / 7);
        assert_true(d[2 * i + 1] == (double)(7 - i) / 7);
    }
}

/* m = 3, H = 12: every (a, b, c) / 12 with a + b + c = 12, once each, in
 * ascending lexicographic order. */
static void test_directions_three_objectives(void **state)
{
    (void)state;
    double d[3 * 91];
    assert_int_equal(nsga3_directions(3, 12, 0, d), 91);
    size_t i = 0;
    for (int a = 0; a <= 12; a++)
        for (int b = 0; a + b <= 12; b++, i++) {
            assert_true(d[3 * i] == a / 12.0);
            assert_true(d[3 * i + 1] == b / 12.0);
            assert_true(d[3 * i + 2] == (12 - a - b) / 12.0);
        }
    assert_int_equal(i, 91);
}

/* Two layers, m = 6: the 21 points of H = 2, then the 6 of H = 1 shrunk
 * half way to the centre: e_j / 2 + 1 / 12. */
static void test_directions_two_layers(void **state)
{
    (void)state;
    double d[6 * 27], one[6 * 21];
    assert_int_equal(nsga3_directions(6, 2, 1, d), 27);
    assert_int_equal(nsga3_directions(6, 2, 0, one), 21);
    assert_memory_equal(d, one, sizeof one);
    for (size_t i = 0; i < 6; i++) {
        double sum = 0.0;
        for (size_t k = 0; k < 6; k++) {
            double v = d[6 * (21 + i) + k];
            /* The inner layer lists e_5 first: ascending lexicographic order. */
            assert_true(fabs(v - (k == 5 - i ? 0.5 + 1.0 / 12 : 1.0 / 12)) < 1e-15);
            sum += v;
        }
        assert_true(fabs(sum - 1.0) < 1e-15);
    }
}

/* ---- selection */

struct case_run {
    struct nsga3 *s;
    gsl_rng *r;
    size_t chosen[64];
};

static size_t run_select(struct case_run *c, const double *f, size_t n, size_t m, const size_t *rank, size_t keep,
                         const double *dirs, size_t ndirs, unsigned long seed)
{
    c->s = nsga3_alloc(64, m, 64);
    assert_non_null(c->s);
    c->r = test_rng_alloc(seed);
    for (size_t i = 0; i < 64; i++)
        c->chosen[i] = 999;
    return nsga3_select(c->s, f, n, rank, keep, dirs, ndirs, c->r, c->chosen);
}

static void case_free(struct case_run *c)
{
    nsga3_free(c->s);
    gsl_rng_free(c->r);
}

/* Whole fronts when they fit: keep = the first fronts' size, keep = n, keep = 0. */
static void test_select_whole_fronts(void **state)
{
    (void)state;
    const double f[] = {1, 1, 0, 3, 2, 2, 3, 0, 4, 4};
    const size_t rank[] = {0, 0, 1, 0, 2};
    double dirs[2 * 3];
    nsga3_directions(2, 2, 0, dirs);
    struct case_run c;
    assert_int_equal(run_select(&c, f, 5, 2, rank, 4, dirs, 3, 1), 4);
    const size_t four[] = {0, 1, 2, 3};
    assert_memory_equal(c.chosen, four, sizeof four);
    assert_int_equal(c.chosen[4], 999);
    double ideal[2], icpt[2];
    assert_int_equal(nsga3_scaling(c.s, ideal, icpt), NSGA3_NONE);
    size_t d;
    double dist;
    assert_false(nsga3_niche(c.s, 0, &d, &dist));
    assert_int_equal(nsga3_select(c.s, f, 5, rank, 5, dirs, 3, c.r, c.chosen), 5);
    const size_t all[] = {0, 1, 2, 3, 4};
    assert_memory_equal(c.chosen, all, sizeof all);
    c.chosen[0] = 999;
    assert_int_equal(nsga3_select(c.s, f, 5, rank, 0, dirs, 3, c.r, c.chosen), 0);
    assert_int_equal(c.chosen[0], 999);
    assert_int_equal(nsga3_select(c.s, f, 5, rank, 6, dirs, 3, c.r, c.chosen), 0); /* keep > n */
    /* Without directions, only a call that needs niching fails. */
    assert_int_equal(nsga3_select(c.s, f, 5, rank, 3, dirs, 0, c.r, c.chosen), 3);
    case_free(&c);
}

/* The 5 directions of m = 2, H = 4 in dirs, and n points on their lines
 * in f: point i is 'scale' times direction i mod 5. */
static void on_lines(double *dirs, double *f, size_t n, double scale)
{
    nsga3_directions(2, 4, 0, dirs);
    for (size_t i = 0; i < 2 * n; i++)
        f[i] = scale * dirs[2 * (i / 2 % 5) + i % 2];
}

/* Points exactly on the 5 lines of m = 2, H = 4, each twice: one per niche,
 * the first of each pair (the nearest, ties to the lower index), whatever r. */
static void test_select_on_lines(void **state)
{
    (void)state;
    double dirs[2 * 5], f[2 * 10];
    size_t rank[10] = {0};
    on_lines(dirs, f, 10, 10);
    for (unsigned long seed = 1; seed <= 20; seed++) {
        struct case_run c;
        assert_int_equal(run_select(&c, f, 10, 2, rank, 5, dirs, 5, seed), 5);
        const size_t firsts[] = {0, 1, 2, 3, 4};
        assert_memory_equal(c.chosen, firsts, sizeof firsts);
        double ideal[2], icpt[2];
        assert_int_equal(nsga3_scaling(c.s, ideal, icpt), NSGA3_HYPERPLANE);
        assert_true(ideal[0] == 0 && ideal[1] == 0 && icpt[0] == 10 && icpt[1] == 10);
        for (size_t i = 0; i < 10; i++) {
            size_t d;
            double dist;
            assert_true(nsga3_niche(c.s, i, &d, &dist));
            assert_int_equal(d, i % 5);
            assert_true(dist < 1e-15);
        }
        case_free(&c);
    }
}

/* Front 0: A, B; front 1: C, D, E.  Ideal (0, 0), extremes B and A,
 * intercepts 2 and 2; normalised, C = (0.5, 1) and D = (1.25, 1.25) go to the
 * middle line (distances 0.354 and 0), E = (1.5, 0.25) to (1, 0).  The
 * niches of A and B hold 1 each, the middle 0: keep 3 adds D (the nearest);
 * keep 4 then draws between the middle (C) and (1, 0) (E), both at 1. */
static const double lines_f[] = {0, 2, 2, 0, 1, 2, 2.5, 2.5, 3, 0.5};
static const size_t lines_rank[] = {0, 0, 1, 1, 1};

static void select_hand(const double *f, bool *saw_c, bool *saw_e)
{
    double dirs[2 * 3];
    nsga3_directions(2, 2, 0, dirs);
    for (unsigned long seed = 1; seed <= 40; seed++) {
        struct case_run c;
        assert_int_equal(run_select(&c, f, 5, 2, lines_rank, 3, dirs, 3, seed), 3);
        const size_t abd[] = {0, 1, 3};
        assert_memory_equal(c.chosen, abd, sizeof abd);
        /* No choice was left to chance, so r was not drawn from. */
        gsl_rng *fresh = test_rng_alloc(seed);
        assert_int_equal(gsl_rng_get(c.r), gsl_rng_get(fresh));
        gsl_rng_free(fresh);
        assert_int_equal(nsga3_select(c.s, f, 5, lines_rank, 4, dirs, 3, c.r, c.chosen), 4);
        assert_true(c.chosen[0] == 0 && c.chosen[1] == 1);
        assert_true((c.chosen[2] == 2 && c.chosen[3] == 3) || (c.chosen[2] == 3 && c.chosen[3] == 4));
        *saw_c |= c.chosen[2] == 2;
        *saw_e |= c.chosen[3] == 4;
        case_free(&c);
    }
}

static void test_select_by_hand(void **state)
{
    (void)state;
    bool saw_c = false, saw_e = false;
    select_hand(lines_f, &saw_c, &saw_e);
    assert_true(saw_c && saw_e); /* a tie, drawn at random */
    struct case_run c;
    double dirs[2 * 3], ideal[2], icpt[2];
    nsga3_directions(2, 2, 0, dirs);
    run_select(&c, lines_f, 5, 2, lines_rank, 3, dirs, 3, 1);
    assert_int_equal(nsga3_scaling(c.s, ideal, icpt), NSGA3_HYPERPLANE);
    assert_true(ideal[0] == 0 && ideal[1] == 0 && icpt[0] == 2 && icpt[1] == 2);
    size_t d;
    double dist;
    assert_true(nsga3_niche(c.s, 2, &d, &dist));
    assert_int_equal(d, 1);
    assert_true(fabs(dist - sqrt(0.125)) < 1e-15);
    assert_true(nsga3_niche(c.s, 4, &d, &dist));
    assert_int_equal(d, 2);
    assert_true(fabs(dist - 0.25) < 1e-15);
    case_free(&c);
}

/* The same answers when an objective is scaled and both shifted:
 * normalisation makes the choice independent of units. */
static void test_select_units(void **state)
{
    (void)state;
    double f[10];
    for (size_t i = 0; i < 5; i++) {
        f[2 * i] = lines_f[2 * i] - 7;
        f[2 * i + 1] = 100 * lines_f[2 * i + 1] + 3;
    }
    bool saw_c = false, saw_e = false;
    select_hand(f, &saw_c, &saw_e);
    assert_true(saw_c && saw_e);
}

/* A degenerate hyperplane: the one point of front 0 is the extreme point of
 * both axes (a singular system), and that front's nadir is the ideal point,
 * so the intercepts are the worst of S, (3, 3).  Normalised, O = (0, 0) goes
 * to direction 0 (every distance 0, the lowest index), P = (1/3, 1) there
 * too, R = (2/3, 2/3) to the middle, Q = (1, 1/3) to (1, 0): keep 2 adds R
 * or Q, at random. */
static void test_select_singular(void **state)
{
    (void)state;
    const double f[] = {0, 0, 1, 3, 3, 1, 2, 2};
    const size_t rank[] = {0, 1, 1, 1};
    double dirs[2 * 3], ideal[2], icpt[2];
    nsga3_directions(2, 2, 0, dirs);
    bool saw_q = false, saw_r = false;
    for (unsigned long seed = 1; seed <= 40; seed++) {
        struct case_run c;
        assert_int_equal(run_select(&c, f, 4, 2, rank, 2, dirs, 3, seed), 2);
        assert_int_equal(nsga3_scaling(c.s, ideal, icpt), NSGA3_NADIR);
        assert_true(ideal[0] == 0 && ideal[1] == 0 && icpt[0] == 3 && icpt[1] == 3);
        assert_int_equal(c.chosen[0], 0);
        assert_true(c.chosen[1] == 2 || c.chosen[1] == 3);
        saw_q |= c.chosen[1] == 2;
        saw_r |= c.chosen[1] == 3;
        case_free(&c);
    }
    assert_true(saw_q && saw_r);
}

/* Keeps 4 of the 5 points f (m = 3, fronts 'rank', directions of H = 2) and
 * checks the normalisation: its kind, the ideal point and the intercepts. */
static void check_scaling(const double *f, const size_t *rank, enum nsga3_scale scale, const double *want_ideal,
                          const double *want_icpt)
{
    double dirs[3 * 6], ideal[3], icpt[3];
    nsga3_directions(3, 2, 0, dirs);
    struct case_run c;
    assert_int_equal(run_select(&c, f, 5, 3, rank, 4, dirs, 6, 1), 4);
    assert_int_equal(nsga3_scaling(c.s, ideal, icpt), scale);
    for (size_t k = 0; k < 3; k++)
        assert_true(ideal[k] == want_ideal[k] && fabs(icpt[k] - want_icpt[k]) < 1e-12);
    case_free(&c);
}

/* A hyperplane whose intercepts lie past the worst values: front 0's
 * extremes (3, 0, 0), (0, 3, 1) and (0, 2, 3) give intercepts 3, 3.5 and 7,
 * past the worst of S, (6, 6, 5) on axis 3, so front 0's nadir (3, 3, 3) is
 * used, not the worst of S. */
static void test_select_intercepts_past_worst(void **state)
{
    (void)state;
    const double f[] = {0, 3, 1, 0, 2, 3, 3, 0, 0, 5, 5, 5, 6, 6, 4};
    const size_t rank[] = {0, 0, 0, 1, 1};
    const double ideal[] = {0, 0, 0}, nadir[] = {3, 3, 3};
    check_scaling(f, rank, NSGA3_NADIR, ideal, nadir);
}

/* A hyperplane that needs a row exchange: ideal (0, 1, 1); the extremes of
 * the axes are (0, 3, 3), (2, 4, 1) and (1, 1, 4), so E's rows are
 * (0, 2, 2), (2, 3, 0), (1, 0, 3) and E a = 1 gives a = (1/6, 2/9, 5/18):
 * intercepts 6, 4.5 and 3.6, within the worst of S less the ideal,
 * (6, 5, 5). */
static void test_select_hyperplane(void **state)
{
    (void)state;
    const double f[] = {2, 4, 1, 1, 1, 4, 0, 3, 3, 6, 6, 2, 5, 2, 6};
    const size_t rank[] = {0, 0, 0, 1, 1};
    const double ideal[] = {0, 1, 1}, intercepts[] = {6, 4.5, 3.6};
    check_scaling(f, rank, NSGA3_HYPERPLANE, ideal, intercepts);
}

/* Three copies on each line of m = 2, H = 4, keep 10: the first copy of
 * each (an empty niche takes its nearest, ties to the lower index), then one
 * of the two others at random (a niche holding one already). */
static void test_select_random_member(void **state)
{
    (void)state;
    double dirs[2 * 5], f[2 * 15];
    size_t rank[15] = {0};
    on_lines(dirs, f, 15, 1);
    bool saw[15] = {false};
    for (unsigned long seed = 1; seed <= 40; seed++) {
        struct case_run c;
        assert_int_equal(run_select(&c, f, 15, 2, rank, 10, dirs, 5, seed), 10);
        bool in[15] = {false};
        for (size_t k = 0; k < 10; k++)
            in[c.chosen[k]] = saw[c.chosen[k]] = true;
        for (size_t line = 0; line < 5; line++)
            assert_true(in[line] && in[line + 5] != in[line + 10]);
        case_free(&c);
    }
    for (size_t i = 5; i < 15; i++)
        assert_true(saw[i]);
}

/* ---- random inputs: the rules, checked one by one */

/* n random points of whole values in [0, levels) (duplicates likely). */
static void random_points(gsl_rng *r, double *f, size_t n, size_t m, unsigned long levels)
{
    for (size_t i = 0; i < n * m; i++)
        f[i] = (double)gsl_rng_uniform_int(r, levels);
}

struct random_case {
    size_t n, m, keep, ndirs;
    double f[64 * 4], dirs[64 * 4];
    size_t rank[64];
};

static void random_case(gsl_rng *r, struct random_case *t)
{
    t->m = 2 + gsl_rng_uniform_int(r, 3);
    t->n = 1 + gsl_rng_uniform_int(r, 64);
    t->keep = gsl_rng_uniform_int(r, t->n + 1);
    random_points(r, t->f, t->n, t->m, 2 + gsl_rng_uniform_int(r, 12));
    size_t h = t->m == 2 ? 1 + gsl_rng_uniform_int(r, 20) : t->m == 3 ? 1 + gsl_rng_uniform_int(r, 8) : 4;
    t->ndirs = nsga3_directions(t->m, h, 0, t->dirs);
    assert_true(t->ndirs > 0 && t->ndirs <= 64);
    struct ga_pareto *p = ga_pareto_alloc(t->n, t->m);
    assert_non_null(p);
    ga_pareto_rank(p, t->f, t->n, t->rank);
    ga_pareto_free(p);
}

/* Association: each point of S goes to its nearest line, recomputed here
 * from the reported normalisation. */
static void check_association(const struct nsga3 *s, const struct random_case *t)
{
    double ideal[4], icpt[4];
    if (nsga3_scaling(s, ideal, icpt) == NSGA3_NONE)
        return;
    for (size_t i = 0; i < t->n; i++) {
        size_t d;
        double dist;
        if (!nsga3_niche(s, i, &d, &dist))
            continue;
        double best = INFINITY;
        for (size_t e = 0; e < t->ndirs; e++) {
            double x[4], dot = 0, n2 = 0, d2 = 0;
            for (size_t k = 0; k < t->m; k++) {
                x[k] = (t->f[i * t->m + k] - ideal[k]) / icpt[k];
                dot += x[k] * t->dirs[e * t->m + k];
                n2 += t->dirs[e * t->m + k] * t->dirs[e * t->m + k];
            }
            for (size_t k = 0; k < t->m; k++)
                d2 += pow(x[k] - dot / n2 * t->dirs[e * t->m + k], 2);
            best = fmin(best, sqrt(d2));
        }
        assert_true(fabs(dist - best) <= 1e-12 * (1 + best));
    }
}

/* Niching: no direction was given a point of the last front at count c
 * while another with a candidate left stood below c; a direction whose niche
 * was empty before the last front and got points from it got its nearest
 * candidate (the lowest index on ties) among them. */
static void check_niching(const struct nsga3 *s, const struct random_case *t, const bool *in)
{
    size_t last = 0, count[64] = {0}, from_last[64] = {0}, nearest[64];
    for (size_t i = 0; i < t->n; i++)
        if (in[i] && t->rank[i] > last)
            last = t->rank[i];
    for (size_t e = 0; e < 64; e++)
        nearest[e] = SIZE_MAX;
    size_t d;
    double dist[64] = {0};
    for (size_t i = 0; i < t->n; i++) {
        if (!nsga3_niche(s, i, &d, &dist[i]))
            continue;
        count[d] += in[i];
        from_last[d] += in[i] && t->rank[i] == last;
        if (t->rank[i] == last && (nearest[d] == SIZE_MAX || dist[i] < dist[nearest[d]]))
            nearest[d] = i;
    }
    size_t top = 0;
    for (size_t e = 0; e < t->ndirs; e++) {
        if (from_last[e] > 0 && count[e] - 1 > top)
            top = count[e] - 1;
        if (from_last[e] > 0 && count[e] == from_last[e])
            assert_true(in[nearest[e]]);
    }
    for (size_t i = 0; i < t->n; i++)
        if (!in[i] && t->rank[i] == last && nsga3_niche(s, i, &d, &dist[i]))
            assert_true(count[d] >= top);
}

static void test_select_random(void **state)
{
    (void)state;
    gsl_rng *r = test_rng_alloc(30);
    struct random_case t;
    for (int trial = 0; trial < 3000; trial++) {
        random_case(r, &t);
        struct nsga3 *sm = nsga3_alloc(64, t.m, 64);
        assert_non_null(sm);
        size_t chosen[64];
        assert_int_equal(nsga3_select(sm, t.f, t.n, t.rank, t.keep, t.dirs, t.ndirs, r, chosen), t.keep);
        bool in[64] = {false};
        for (size_t k = 0; k < t.keep; k++) {
            assert_true(chosen[k] < t.n);
            assert_true(k == 0 || chosen[k] > chosen[k - 1]); /* ascending, so distinct */
            in[chosen[k]] = true;
        }
        /* Fronts respected: no chosen point of a worse front than one left out. */
        for (size_t i = 0; i < t.n; i++)
            for (size_t j = 0; j < t.n; j++)
                assert_false(in[i] && !in[j] && t.rank[i] > t.rank[j]);
        check_association(sm, &t);
        check_niching(sm, &t, in);
        nsga3_free(sm);
    }
    gsl_rng_free(r);
}

/* How many of the chosen each direction holds, sorted: a multiset. */
static void niche_counts(const struct nsga3 *s, const size_t *chosen, size_t keep, size_t *cnt)
{
    memset(cnt, 0, 64 * sizeof *cnt);
    for (size_t k = 0; k < keep; k++) {
        size_t d;
        double dist;
        if (nsga3_niche(s, chosen[k], &d, &dist))
            cnt[d]++;
    }
    for (size_t x = 1; x < 64; x++)
        for (size_t y = x; y > 0 && cnt[y - 1] > cnt[y]; y--) {
            size_t tmp = cnt[y];
            cnt[y] = cnt[y - 1];
            cnt[y - 1] = tmp;
        }
}

/* The same seed gives the same choice and leaves r in the same state;
 * another seed changes only which tied niches gain a point: the whole
 * fronts and the multiset of the final niche counts stay. */
static void test_select_determinism(void **state)
{
    (void)state;
    gsl_rng *r = test_rng_alloc(31);
    struct random_case t;
    for (unsigned long trial = 0; trial < 300; trial++) {
        random_case(r, &t);
        size_t first[64], again[64], other[64], counts_first[64], counts_other[64];
        struct nsga3 *a = nsga3_alloc(64, t.m, 64), *b = nsga3_alloc(64, t.m, 64);
        gsl_rng *ra = test_rng_alloc(100 + trial), *rb = test_rng_alloc(100 + trial), *rc = test_rng_alloc(7000 + trial);
        assert_true(a && b);
        nsga3_select(a, t.f, t.n, t.rank, t.keep, t.dirs, t.ndirs, ra, first);
        nsga3_select(b, t.f, t.n, t.rank, t.keep, t.dirs, t.ndirs, rb, again);
        assert_memory_equal(first, again, t.keep * sizeof *first);
        assert_int_equal(gsl_rng_get(ra), gsl_rng_get(rb));
        niche_counts(a, first, t.keep, counts_first);
        nsga3_select(b, t.f, t.n, t.rank, t.keep, t.dirs, t.ndirs, rc, other);
        niche_counts(b, other, t.keep, counts_other);
        assert_memory_equal(counts_first, counts_other, sizeof counts_first);
        size_t last = 0;
        bool in_first[64] = {false}, in_other[64] = {false};
        for (size_t k = 0; k < t.keep; k++) {
            last = t.rank[first[k]] > last ? t.rank[first[k]] : last;
            in_first[first[k]] = in_other[other[k]] = true;
        }
        for (size_t i = 0; i < t.n; i++) /* the same whole fronts */
            assert_true(t.rank[i] >= last || (in_first[i] && in_other[i]));
        nsga3_free(a);
        nsga3_free(b);
        gsl_rng_free(ra);
        gsl_rng_free(rb);
        gsl_rng_free(rc);
    }
    gsl_rng_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_direction_counts),
        cmocka_unit_test(test_directions_two_objectives),
        cmocka_unit_test(test_directions_three_objectives),
        cmocka_unit_test(test_directions_two_layers),
        cmocka_unit_test(test_select_whole_fronts),
        cmocka_unit_test(test_select_on_lines),
        cmocka_unit_test(test_select_by_hand),
        cmocka_unit_test(test_select_units),
        cmocka_unit_test(test_select_singular),
        cmocka_unit_test(test_select_intercepts_past_worst),
        cmocka_unit_test(test_select_hyperplane),
        cmocka_unit_test(test_select_random_member),
        cmocka_unit_test(test_select_random),
        cmocka_unit_test(test_select_determinism),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
