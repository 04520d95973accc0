/* problems/derful/derful.c — 31-derful: n×n grids of distinct cards whose rows and columns share a sum. */
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "gaexp/cfg.h"
#include "gaexp/problem.h"
#include "gaexp/rng.h"
#include "problems/derful/derful.h"

#define DERFUL_CARDS 52
#define DERFUL_MAX_N 7 /* 8×8 needs 64 distinct cards; the deck has 52 */
#define DERFUL_ROW_LANE 56 /* the byte of a lanes word that sums a row (derful_fitness) */

typedef uint64_t derful_set; /* a set of card codes, bit c = card c */

/* A configured game.  The deck holds the codes c with c % 4 < suits. */
struct derful {
    int n, cells, suits;
    bool free_target;
    int target;
    int deck_size;
    ga_gene deck[DERFUL_CARDS];    /* the allowed codes, ascending */
    derful_set value_cards[12];    /* allowed codes of each value 2..11 */
    derful_set deck_set;           /* every allowed code */
    derful_set card[DERFUL_CARDS]; /* card[c] = {c}: a load, where a shift needs its count in cl */
    derful_set below[10], at_most[10]; /* allowed codes of value < v and <= v, v = 2..11 */
    uint64_t lanes[DERFUL_MAX_N][DERFUL_CARDS]; /* see derful_fitness */
};

/* Card values by code: a table, read by the repair and to build the lanes of derful_fitness. */
#define DERFUL_RANK_VALUES(v) v, v, v, v
static const unsigned char derful_values[DERFUL_CARDS] = {
    DERFUL_RANK_VALUES(2), DERFUL_RANK_VALUES(3), DERFUL_RANK_VALUES(4), DERFUL_RANK_VALUES(5),
    DERFUL_RANK_VALUES(6), DERFUL_RANK_VALUES(7), DERFUL_RANK_VALUES(8), DERFUL_RANK_VALUES(9),
    DERFUL_RANK_VALUES(10), DERFUL_RANK_VALUES(10), DERFUL_RANK_VALUES(10), DERFUL_RANK_VALUES(10),
    DERFUL_RANK_VALUES(11),
};
#undef DERFUL_RANK_VALUES

int derful_value(int code)
{
    return derful_values[code];
}

const char *derful_face(int code)
{
    static const char *const faces[13] = {"2", "3", "4", "5", "6", "7", "8",
                                          "9", "10", "J", "Q", "K", "A"};
    return faces[code / 4];
}

void derful_sum_range(int n, int suits, int *lowest, int *highest)
{
    int values[DERFUL_CARDS], count = 0;
    for (int c = 0; c < DERFUL_CARDS; c++)
        if (c % 4 < suits)
            values[count++] = derful_value(c); /* ascending, since codes follow rank */
    int cells = n * n, cheap = 0, dear = 0;
    for (int i = 0; i < cells && i < count; i++) {
        cheap += values[i];
        dear += values[count - 1 - i];
    }
    *lowest = (cheap + n - 1) / n;
    *highest = dear / n;
}

static bool derful_read_target(struct derful *d, struct ga_cfg *cfg, config_setting_t *group)
{
    int lowest, highest;
    derful_sum_range(d->n, d->suits, &lowest, &highest);
    config_setting_t *s = ga_cfg_lookup(cfg, group, "target");
    if (!s) {
        /* The real game (5×5, full deck) aims at 31; scaled-down games are free. */
        d->free_target = !(d->n == 5 && d->suits == 4);
        d->target = 31;
        s = ga_cfg_add(cfg, group, "target", d->free_target ? CONFIG_TYPE_STRING : CONFIG_TYPE_INT);
        if (s && d->free_target)
            config_setting_set_string(s, "free");
        else if (s)
            config_setting_set_int(s, d->target);
        return true;
    }
    int type = config_setting_type(s);
    if (type == CONFIG_TYPE_STRING && strcmp(config_setting_get_string(s), "free") == 0) {
        d->free_target = true;
        return true;
    }
    if (type == CONFIG_TYPE_INT || type == CONFIG_TYPE_INT64) {
        long long t = config_setting_get_int64(s);
        if (t >= lowest && t <= highest) {
            d->target = (int)t;
            return true;
        }
        ga_cfg_error(cfg, s, "a %dx%d grid with %d suit%s can sum to [%d, %d] per line; got %lld",
                     d->n, d->n, d->suits, d->suits > 1 ? "s" : "", lowest, highest, t);
        return false;
    }
    ga_cfg_error(cfg, s, "expected an integer in [%d, %d] or \"free\"", lowest, highest);
    return false;
}

static bool derful_configure(void *state, struct ga_cfg *cfg, config_setting_t *group)
{
    struct derful *d = state;
    long long n, suits;
    if (!ga_cfg_int(cfg, group, "n", 5, 2, DERFUL_MAX_N, &n)) {
        /* suits and target depend on n: known settings, not checked */
        ga_cfg_lookup(cfg, group, "suits");
        ga_cfg_lookup(cfg, group, "target");
        return false;
    }
    if (!ga_cfg_int(cfg, group, "suits", n <= 4 ? n - 1 : 4, 1, 4, &suits)) {
        ga_cfg_lookup(cfg, group, "target");
        return false;
    }
    d->n = (int)n;
    d->cells = d->n * d->n;
    d->suits = (int)suits;
    if (d->cells > 13 * d->suits) {
        ga_cfg_error_at(cfg, group, "suits", "a %dx%d grid needs %d distinct cards; %d suit%s hold%s %d",
                        d->n, d->n, d->cells, d->suits, d->suits > 1 ? "s" : "",
                        d->suits > 1 ? "" : "s", 13 * d->suits);
        return false;
    }
    for (int c = 0; c < DERFUL_CARDS; c++) {
        if (c % 4 < d->suits) {
            d->deck[d->deck_size++] = (ga_gene)c;
            d->value_cards[derful_value(c) - 2] |= (derful_set)1 << c;
            d->deck_set |= (derful_set)1 << c;
        }
        d->card[c] = (derful_set)1 << c;
    }
    for (int j = 0; j < DERFUL_MAX_N; j++)
        for (int c = 0; c < DERFUL_CARDS; c++)
            d->lanes[j][c] = (uint64_t)derful_value(c) << (8 * j) | (uint64_t)derful_value(c) << DERFUL_ROW_LANE;
    for (int v = 2; v <= 11; v++) {
        d->below[v - 2] = v > 2 ? d->at_most[v - 3] : 0;
        d->at_most[v - 2] = d->below[v - 2] | d->value_cards[v - 2];
    }
    return derful_read_target(d, cfg, group);
}

static void derful_shape(const void *state, size_t *len, unsigned *alphabet)
{
    const struct derful *d = state;
    *len = (size_t)d->cells;
    *alphabet = DERFUL_CARDS;
}

static derful_set derful_cards(const ga_gene *g, int cells)
{
    derful_set set = 0;
    for (int i = 0; i < cells; i++)
        set |= (derful_set)1 << g[i];
    return set;
}

/* Partial Fisher-Yates over the allowed deck: cells distinct cards. */
static void derful_init(const struct ga_genome *gen, gsl_rng *r, ga_gene *g)
{
    const struct derful *d = gen->state;
    ga_gene deck[DERFUL_CARDS];
    memcpy(deck, d->deck, (size_t)d->deck_size * sizeof *deck);
    if (r->type == ga_rng_xoshiro256ss) { /* the same draws, the state in registers */
        struct ga_rng_xoshiro_state *state = r->state, s = *state;
        for (int i = 0; i < d->cells; i++) {
            int j = i + (int)ga_rng_xoshiro_below(&s, (uint32_t)(d->deck_size - i));
            g[i] = deck[j];
            deck[j] = deck[i];
        }
        *state = s;
        return;
    }
    for (int i = 0; i < d->cells; i++) {
        int j = i + (int)ga_rng_below(r, (unsigned long)(d->deck_size - i));
        ga_gene t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
        g[i] = deck[i];
    }
}

/* Sum of squared deviations of the 2n line sums from the target; with a
 * free target, from their common mean total/n (computed exactly in
 * integers as (n*s - total)^2, then scaled).  The sums go eight to a word:
 * d->lanes[j][c] holds card c's value in byte j (its column) and in byte 7
 * (its row), so adding a row's n words gives the row's sum in byte 7, and
 * adding the row words gives every column's sum.  A sum is at most 7 * 11
 * = 77, so no byte carries into the next, but for byte 7 of the column
 * word, which is not read.  Inlined with n a constant (below), the loops
 * unroll completely and the sums stay in registers. */
static inline __attribute__((always_inline)) double derful_fitness(const struct derful *d,
                                                                   const ga_gene *g, int n, bool free_target)
{
    int rows[DERFUL_MAX_N], total = 0;
    uint64_t columns = 0;
    int sq = 0; /* at most 2n lines of (n * 77)^2: an int holds it */
#pragma GCC unroll 8
    for (int i = 0; i < n; i++) {
        uint64_t row = 0;
#pragma GCC unroll 8
        for (int j = 0; j < n; j++)
            row += d->lanes[j][g[i * n + j]];
        columns += row;
        rows[i] = (int)(row >> DERFUL_ROW_LANE);
        total += rows[i];
        sq += (rows[i] - d->target) * (rows[i] - d->target);
    }
    if (!free_target) {
#pragma GCC unroll 8
        for (int i = 0; i < n; i++) {
            int col = (int)(columns >> (8 * i) & 0xff);
            sq += (col - d->target) * (col - d->target);
        }
        return (double)sq;
    }
    sq = 0;
    for (int i = 0; i < n; i++) {
        int col = (int)(columns >> (8 * i) & 0xff);
        sq += (n * rows[i] - total) * (n * rows[i] - total) + (n * col - total) * (n * col - total);
    }
    return (double)sq / (double)(n * n);
}

#ifdef __SSE2__
/* The values of sixteen cards at once, one byte each: code c has rank
 * c / 4 (2, 3, ..., 10, J, Q, K, A), worth rank + 2 up to 10, and the ace
 * 11 (derful_values).  SSE2 shifts bytes only in pairs: the bits a shift
 * brings in from the neighbour are masked off. */
static inline __m128i derful_values16(__m128i code)
{
    __m128i rank = _mm_and_si128(_mm_srli_epi16(code, 2), _mm_set1_epi8(0x3f));
    __m128i value = _mm_min_epu8(_mm_add_epi8(rank, _mm_set1_epi8(2)), _mm_set1_epi8(10));
    return _mm_sub_epi8(value, _mm_cmpeq_epi8(rank, _mm_set1_epi8(12))); /* the ace: 10 - (-1) */
}

/* The 5×5 game with a fixed target in SSE2 (x86-64 always has it): the 25
 * codes packed to bytes and turned into values, sixteen at a time; each
 * row's five bytes moved to bytes 0..4 of a vector of its own, whose byte
 * sums are the column sums; psadbw sums each row, two rows a vector (one
 * in each half); one madd squares the deviations.  A third of the time of
 * the lanes (derful_fitness), which load a word per card. */
static inline double derful_fitness5(const struct derful *d, const ga_gene *g)
{
    __m128i a, b, c;
    memcpy(&a, g, sizeof a);
    memcpy(&b, g + 8, sizeof b);
    memcpy(&c, g + 16, sizeof c);
    __m128i low = derful_values16(_mm_packus_epi16(a, b));                        /* cells 0..15 */
    __m128i high = derful_values16(_mm_packus_epi16(c, _mm_cvtsi32_si128(g[24]))); /* 16..24, then junk */
    __m128i tail = _mm_or_si128(_mm_srli_si128(low, 15), _mm_slli_si128(high, 1)); /* cells 15..24 */
    __m128i five = _mm_set_epi64x(0, 0xffffffffff); /* bytes 0..4 */
    __m128i row0 = _mm_and_si128(low, five), row1 = _mm_and_si128(_mm_srli_si128(low, 5), five);
    __m128i row2 = _mm_and_si128(_mm_srli_si128(low, 10), five), row3 = _mm_and_si128(tail, five);
    __m128i row4 = _mm_and_si128(_mm_srli_si128(tail, 5), five);
    __m128i rows02 = _mm_or_si128(row0, _mm_slli_si128(row2, 8)), rows13 = _mm_or_si128(row1, _mm_slli_si128(row3, 8));
    __m128i zero = _mm_setzero_si128();
    __m128i rows = _mm_or_si128(_mm_or_si128(_mm_sad_epu8(rows02, zero), _mm_slli_si128(_mm_sad_epu8(rows13, zero), 2)),
                                _mm_slli_si128(_mm_sad_epu8(row4, zero), 4)); /* 16-bit lanes 0 1 2 4 5: rows 0 1 4 2 3 */
    __m128i pairs = _mm_add_epi8(rows02, rows13);
    __m128i columns = _mm_unpacklo_epi8(_mm_add_epi8(_mm_add_epi8(pairs, _mm_srli_si128(pairs, 8)), row4), zero);
    __m128i target = _mm_set1_epi16((short)d->target);
    columns = _mm_and_si128(_mm_sub_epi16(columns, target), _mm_setr_epi16(-1, -1, -1, -1, -1, 0, 0, 0));
    rows = _mm_and_si128(_mm_sub_epi16(rows, target), _mm_setr_epi16(-1, -1, -1, 0, -1, -1, 0, 0));
    __m128i sq = _mm_add_epi32(_mm_madd_epi16(columns, columns), _mm_madd_epi16(rows, rows));
    sq = _mm_add_epi32(sq, _mm_srli_si128(sq, 8));
    sq = _mm_add_epi32(sq, _mm_srli_si128(sq, 4));
    return (double)_mm_cvtsi128_si32(sq);
}
#else
static inline double derful_fitness5(const struct derful *d, const ga_gene *g)
{
    return derful_fitness(d, g, 5, false);
}
#endif

/* The other games apart, a leaf of their own: the published game's few
 * registers need no saving. */
static __attribute__((noinline)) double derful_evaluate_any(const struct derful *d, const ga_gene *g)
{
    return derful_fitness(d, g, d->n, d->free_target);
}

static double derful_evaluate(const struct ga_genome *gen, const ga_gene *g)
{
    const struct derful *d = gen->state;
    if (d->n == 5 && !d->free_target)
        return derful_fitness5(d, g);
    return derful_evaluate_any(d, g);
}

static bool derful_valid(const struct ga_genome *gen, const ga_gene *g)
{
    const struct derful *d = gen->state;
    derful_set seen = 0;
    for (int i = 0; i < d->cells; i++) {
        if (g[i] >= DERFUL_CARDS || g[i] % 4 >= d->suits || (seen >> g[i] & 1))
            return false;
        seen |= (derful_set)1 << g[i];
    }
    return true;
}

static void derful_print(const struct ga_genome *gen, const ga_gene *g, FILE *out)
{
    const struct derful *d = gen->state;
    int n = d->n, cols[DERFUL_MAX_N] = {0};
    for (int i = 0; i < n; i++) {
        int row = 0;
        for (int j = 0; j < n; j++) {
            fprintf(out, "%3s", derful_face(g[i * n + j]));
            row += derful_value(g[i * n + j]);
            cols[j] += derful_value(g[i * n + j]);
        }
        fprintf(out, "  | %d\n", row);
    }
    fprintf(out, "%.*s\n", 3 * n, "---------------------");
    for (int j = 0; j < n; j++)
        fprintf(out, "%3d", cols[j]);
    fputc('\n', out);
}

/* ---- repair ------------------------------------------------------------ */

/* The unused allowed card whose value is closest to v: ties go to the lower
 * value, then to the lowest code (a same-value card of another suit first).
 * Codes follow values, so the nearest free value at or below v holds the
 * highest free code in d->at_most[v - 2], and the nearest at or above v
 * the lowest free code outside d->below[v - 2]: two bit scans, no search. */
static inline int derful_nearest_unused(const struct derful *d, int v, derful_set used)
{
    derful_set free_cards = d->deck_set & ~used;
    derful_set up = free_cards & ~d->below[v - 2], down = free_cards & d->at_most[v - 2];
    int high = up ? __builtin_ctzll(up) : -1;
    if (high >= 0 && derful_values[high] == v)
        return high; /* a free card of the value itself, lowest code first */
    if (!down)
        return high; /* -1 is unreachable: fewer cells than allowed cards */
    int w = derful_values[63 - __builtin_clzll(down)];
    if (high >= 0 && derful_values[high] - v < v - w)
        return high;
    return __builtin_ctzll(free_cards & d->value_cards[w - 2]);
}

/* Line 'first, first + step, ...' (n cells) of 'child' came from the other
 * parent with 'line_cards': every incoming card that the rest of the grid,
 * 'outside', already holds is replaced by the nearest unused card, cell by
 * cell in line order (the published ±1-step repair, with the benchmark's
 * exact tie rule). */
static inline __attribute__((always_inline)) void derful_repair_line(const struct derful *d, ga_gene *child,
                                                                    derful_set line_cards, derful_set outside,
                                                                    int first, int step, int n)
{
    derful_set twice_cards = line_cards & outside, used = outside | line_cards;
    if (!twice_cards)
        return; /* parents alike, as late in a run, often bring none */
    unsigned twice = 0; /* bit k: cell k of the line holds a card found outside */
#pragma GCC unroll 8
    for (int k = 0; k < n; k++)
        twice |= (unsigned)((twice_cards & d->card[child[first + k * step]]) != 0) << k;
    for (; twice; twice &= twice - 1) {
        int cell = first + __builtin_ctz(twice) * step;
        int fresh = derful_nearest_unused(d, derful_values[child[cell]], used);
        child[cell] = (ga_gene)fresh;
        used |= (derful_set)1 << fresh;
    }
}

/* ---- crossovers -------------------------------------------------------- */

/* Exchanges line 'line' (0..n-1 rows, n..2n-1 columns) and repairs both
 * children; inlined with n a constant (below), its loops unroll.  Each
 * child's cards outside the line are its own parent's there, gathered as
 * one set per row and column of the parents. */
static inline __attribute__((always_inline)) void derful_swap_line_n(const struct derful *d, int line,
                                                                     const ga_gene *a, const ga_gene *b,
                                                                     ga_gene *child_a, ga_gene *child_b, int n)
{
    bool row = line < n;
    int index = row ? line : line - n, step = row ? 1 : n, across = row ? n : 1, first = index * across;
    memcpy(child_a, a, (size_t)(n * n) * sizeof *a);
    memcpy(child_b, b, (size_t)(n * n) * sizeof *b);
    derful_set line_a = 0, line_b = 0;
#pragma GCC unroll 8
    for (int k = 0; k < n; k++) {
        child_a[first + k * step] = b[first + k * step];
        child_b[first + k * step] = a[first + k * step];
        line_a |= d->card[a[first + k * step]];
        line_b |= d->card[b[first + k * step]];
    }
    /* The same cards on the line in both parents (two thirds of the
     * benchmark's crossovers) bring no duplicate: nothing to repair. */
    if (line_a == line_b)
        return;
    derful_set outside_a = 0, outside_b = 0;
#pragma GCC unroll 8
    for (int k = 0; k < n; k++) {
        derful_set in_a = 0, in_b = 0, keep = k == index ? 0 : ~(derful_set)0;
#pragma GCC unroll 8
        for (int j = 0; j < n; j++) {
            in_a |= d->card[a[k * across + j * step]];
            in_b |= d->card[b[k * across + j * step]];
        }
        outside_a |= in_a & keep;
        outside_b |= in_b & keep;
    }
    derful_repair_line(d, child_a, line_b, outside_a, first, step, n);
    derful_repair_line(d, child_b, line_a, outside_b, first, step, n);
}

static void derful_swap_line(const struct derful *d, int line, const ga_gene *a, const ga_gene *b,
                             ga_gene *child_a, ga_gene *child_b)
{
    if (d->n == 5) /* the published game */
        derful_swap_line_n(d, line, a, b, child_a, child_b, 5);
    else
        derful_swap_line_n(d, line, a, b, child_a, child_b, d->n);
}

static void derful_rowswap(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a,
                           const ga_gene *b, ga_gene *child_a, ga_gene *child_b)
{
    const struct derful *d = gen->state;
    int row = (int)ga_rng_below(r, (unsigned long)d->n);
    if (d->n == 5) /* the benchmark: a row of the published game, its cells known at compile time */
        derful_swap_line_n(d, row, a, b, child_a, child_b, 5);
    else
        derful_swap_line(d, row, a, b, child_a, child_b);
}

static void derful_lineswap(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a,
                            const ga_gene *b, ga_gene *child_a, ga_gene *child_b)
{
    const struct derful *d = gen->state;
    derful_swap_line(d, (int)ga_rng_below(r, 2ul * (unsigned long)d->n), a, b, child_a, child_b);
}

/* child = a with every chosen common card moved to where 'b' holds it. */
static void derful_adopt_positions(const struct derful *d, const ga_gene *a, const ga_gene *b,
                                   derful_set chosen, ga_gene *child)
{
    int where[DERFUL_CARDS];
    memcpy(child, a, (size_t)d->cells * sizeof *a);
    for (int i = 0; i < d->cells; i++)
        where[child[i]] = i;
    for (int j = 0; j < d->cells; j++) {
        int c = b[j];
        if (!(chosen >> c & 1))
            continue;
        /* A card already placed stays put: later swaps touch other targets. */
        int i = where[c], displaced = child[j];
        child[j] = (ga_gene)c;
        child[i] = (ga_gene)displaced;
        where[c] = j;
        where[displaced] = i;
    }
}

/* The published "common cards" crossover: each card both parents hold is
 * chosen with probability 1/2; each child takes the other parent's
 * positions for the chosen cards. */
static void derful_common(const struct ga_genome *gen, gsl_rng *r, const ga_gene *a,
                          const ga_gene *b, ga_gene *child_a, ga_gene *child_b)
{
    const struct derful *d = gen->state;
    derful_set common = derful_cards(a, d->cells) & derful_cards(b, d->cells), chosen = 0;
    for (derful_set rest = common; rest; rest &= rest - 1)
        if (ga_rng_below(r, 2))
            chosen |= rest & -rest;
    derful_adopt_positions(d, a, b, chosen, child_a);
    derful_adopt_positions(d, b, a, chosen, child_b);
}

/* ---- mutations --------------------------------------------------------- */

static int derful_random_unused(const struct derful *d, gsl_rng *r, derful_set used)
{
    for (;;) {
        int c = d->deck[ga_rng_below(r, (unsigned long)d->deck_size)];
        if (!(used >> c & 1))
            return c;
    }
}

/* The published checkContain mutation: a random card of the deck goes to
 * the cell, unless the grid already holds it (then nothing happens). */
static bool derful_checkcontain(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    const struct derful *d = gen->state;
    int c = d->deck[ga_rng_below(r, (unsigned long)d->deck_size)];
    for (int i = 0; i < d->cells; i++)
        if (g[i] == c)
            return false;
    g[pos] = (ga_gene)c;
    return true;
}

/* The benchmark mutation: the cell gets a card drawn uniformly from the
 * cards not in the grid (rejection sampling over the deck). */
static bool derful_replace(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    const struct derful *d = gen->state;
    g[pos] = (ga_gene)derful_random_unused(d, r, derful_cards(g, d->cells));
    return true;
}

/* One value step up or down (direction at random, the other when the
 * first has no free card): fine-tunes line sums without wrecking them. */
static bool derful_nudge(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    const struct derful *d = gen->state;
    derful_set used = derful_cards(g, d->cells);
    int v = derful_value(g[pos]), up = (int)ga_rng_below(r, 2);
    for (int k = 0; k < 2; k++) {
        int w = (k == 0) == (up == 1) ? v + 1 : v - 1;
        if (w < 2 || w > 11)
            continue;
        derful_set free_cards = d->value_cards[w - 2] & ~used;
        if (free_cards) {
            g[pos] = (ga_gene)__builtin_ctzll(free_cards);
            return true;
        }
    }
    return false;
}

static bool derful_swap_cells(const struct derful *d, gsl_rng *r, ga_gene *g, size_t pos)
{
    size_t other = ga_rng_below(r, (unsigned long)d->cells);
    ga_gene t = g[pos];
    g[pos] = g[other];
    g[other] = t;
    return derful_value(g[pos]) != derful_value(g[other]);
}

/* Our default: a cell swap (moves value between lines, keeps the total),
 * an exchange with an unused card (changes the total), or a nudge. */
static bool derful_mix(const struct ga_genome *gen, gsl_rng *r, ga_gene *g, size_t pos)
{
    const struct derful *d = gen->state;
    switch (ga_rng_below(r, 3)) {
    case 0:
        return derful_swap_cells(d, r, g, pos);
    case 1:
        return derful_replace(gen, r, g, pos);
    default:
        return derful_nudge(gen, r, g, pos);
    }
}

static const struct ga_crossover derful_crossover_lineswap = {
    "lineswap", "published v2: swap a row or column, repair duplicates to the nearest free value", 0,
    derful_lineswap, NULL, false,
};
static const struct ga_crossover derful_crossover_rowswap = {
    "rowswap", "the benchmark's line swap: a row only, same repair", 0, derful_rowswap, NULL, false,
};
static const struct ga_crossover derful_crossover_common = {
    "common", "published v1: cards both parents hold move to the other parent's positions", 0,
    derful_common, NULL, false,
};
static const struct ga_mutation derful_mutation_checkcontain = {
    "checkcontain", "published: a random deck card to a cell unless the grid holds it", 0,
    derful_checkcontain, NULL, NULL,
};
static const struct ga_mutation derful_mutation_replace = {
    "replace", "a cell gets a random card not in the grid", 0, derful_replace, NULL, NULL,
};
static const struct ga_mutation derful_mutation_nudge = {
    "nudge", "a cell's card one value step up or down", 0, derful_nudge, NULL, NULL,
};
static const struct ga_mutation derful_mutation_mix = {
    "mix", "swap two cells, replace with an unused card, or nudge (1/3 each)", 0, derful_mix,
    NULL, NULL,
};

static const struct ga_crossover *const derful_crossovers[] = {
    &derful_crossover_lineswap, &derful_crossover_rowswap, &derful_crossover_common, NULL,
};
static const struct ga_mutation *const derful_mutations[] = {
    &derful_mutation_mix, &derful_mutation_checkcontain, &derful_mutation_replace,
    &derful_mutation_nudge, NULL,
};

static const struct ga_problem_variation derful_variation = {
    .defaults = {"lineswap", 0.6, "mix", 0.5, GA_PER_INDIVIDUAL},
    .crossovers = derful_crossovers,
    .mutations = derful_mutations,
};
const struct ga_problem ga_problem_derful = {
    .name = "derful",
    .summary = "31-derful: n x n grid of distinct cards, every row and column on one sum",
    .kind = GA_KIND_DISTINCT,
    .state_size = sizeof(struct derful),
    .configure = derful_configure,
    .shape = derful_shape,
    .init = derful_init,
    .evaluate = derful_evaluate,
    .valid = derful_valid,
    .print = derful_print,
    .variation = &derful_variation,
};
