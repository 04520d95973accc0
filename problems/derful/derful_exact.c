/* problems/derful/derful_exact.c — the exact number of winning n×n 31-derful games per common sum, by Burnside's lemma. */
#include "problems/derful/derful_exact.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define EXACT_VMIN 2
#define EXACT_VMAX 11
#define EXACT_NMAX DERFUL_EXACT_MAX_N
#define EXACT_CELLS (EXACT_NMAX * EXACT_NMAX)
#define EXACT_LINES (2 * EXACT_NMAX)
#define EXACT_FIELD 6                     /* bits per value count, per line sum */
#define EXACT_MAX_CLASSES 64              /* 7*8/2 + 7 for n = 5 */

/*
 * The use of each card value, one 6-bit field per value 2..11 (at most 25
 * cards, so a field never carries).  'bias' holds 31 - limit in each field:
 * a use is within the deck's limits when adding the bias sets no field's
 * top bit, which tests all ten values, or the sum of two uses, at once.
 */
struct exact_deck {
    uint64_t bias, guard;
};

static uint64_t exact_unit(int value)
{
    return (uint64_t)1 << (EXACT_FIELD * (value - EXACT_VMIN));
}

static struct exact_deck exact_deck(int suits)
{
    struct exact_deck d = {0, 0};
    for (int v = EXACT_VMIN; v <= EXACT_VMAX; v++) {
        int limit = v == 10 ? 4 * suits : suits;
        d.bias += (uint64_t)(31 - limit) * exact_unit(v);
        d.guard += (uint64_t)32 * exact_unit(v);
    }
    return d;
}

static int exact_fits(const struct exact_deck *d, uint64_t use)
{
    return ((use + d->bias) & d->guard) == 0;
}

/* ---- tables: counts keyed by one word, open addressing ---- */

struct exact_slot {
    uint64_t key, count;                  /* count 0: an empty slot */
};

struct exact_table {
    struct exact_slot *slot;
    size_t mask, size;
    int shift;                            /* 64 - log2(capacity): Fibonacci hashing takes the top bits */
};

static int exact_table_init(struct exact_table *t, size_t capacity)
{
    t->slot = calloc(capacity, sizeof *t->slot);
    t->mask = capacity - 1;
    t->size = 0;
    t->shift = 64;
    for (size_t c = capacity; c > 1; c >>= 1)
        t->shift--;
    return t->slot ? GA_OK : GA_ENOMEM;
}

static void exact_table_free(struct exact_table *t)
{
    free(t->slot);
    t->slot = NULL;
}

/* The slot holding key, or the empty slot where it belongs. */
static struct exact_slot *exact_table_find(const struct exact_table *t, uint64_t key)
{
    size_t i = t->shift < 64 ? (size_t)((key * 0x9e3779b97f4a7c15u) >> t->shift) : 0;
    while (t->slot[i].count && t->slot[i].key != key)
        i = (i + 1) & t->mask;
    return &t->slot[i];
}

/* Adds count (> 0) to key's entry, doubling the table at half load. */
static int exact_table_add(struct exact_table *t, uint64_t key, uint64_t count)
{
    if (2 * (t->size + 1) > t->mask + 1) {
        struct exact_table bigger;
        if (exact_table_init(&bigger, 2 * (t->mask + 1)) != GA_OK)
            return GA_ENOMEM;
        for (size_t i = 0; i <= t->mask; i++)
            if (t->slot[i].count)
                *exact_table_find(&bigger, t->slot[i].key) = t->slot[i];
        bigger.size = t->size;
        free(t->slot);
        *t = bigger;
    }
    struct exact_slot *s = exact_table_find(t, key);
    if (!s->count) {
        s->key = key;
        t->size++;
    }
    s->count += count;
    return GA_OK;
}

/* Moves the entries to the front: from then on the table is only walked, slot[0..size). */
static void exact_table_compact(struct exact_table *t)
{
    size_t n = 0;
    for (size_t i = 0; i <= t->mask; i++)
        if (t->slot[i].count)
            t->slot[n++] = t->slot[i];
}

/*
 * A layer of the dynamic programme: per vector of sums (packed) a group,
 * the table of counts by use.  Work is done group against group, so the
 * sums are handled once per pair of groups and the inner loops touch one
 * small table.
 */
struct exact_group {
    uint64_t sums;
    struct exact_table uses;
};

struct exact_layer {
    struct exact_table index;             /* sums -> group number + 1 */
    struct exact_group *group;
    size_t groups, capacity;
};

static int exact_layer_init(struct exact_layer *l)
{
    memset(l, 0, sizeof *l);
    return exact_table_init(&l->index, 64);
}

static void exact_layer_free(struct exact_layer *l)
{
    for (size_t g = 0; g < l->groups; g++)
        exact_table_free(&l->group[g].uses);
    free(l->group);
    exact_table_free(&l->index);
    l->group = NULL;
    l->groups = 0;
}

/* The group of these sums, or NULL; valid until the next group is made. */
static struct exact_group *exact_layer_lookup(const struct exact_layer *l, uint64_t sums)
{
    const struct exact_slot *s = exact_table_find(&l->index, sums);
    return s->count ? &l->group[s->count - 1] : NULL;
}

/* The group of these sums, made if new; NULL when memory ran out. */
static struct exact_group *exact_layer_group(struct exact_layer *l, uint64_t sums)
{
    struct exact_group *g = exact_layer_lookup(l, sums);
    if (g)
        return g;
    if (l->groups == l->capacity) {
        size_t capacity = l->capacity ? 2 * l->capacity : 64;
        struct exact_group *more = realloc(l->group, capacity * sizeof *more);
        if (!more)
            return NULL;
        l->group = more;
        l->capacity = capacity;
    }
    g = &l->group[l->groups];
    g->sums = sums;
    if (exact_table_init(&g->uses, 16) != GA_OK)
        return NULL;
    if (exact_table_add(&l->index, sums, l->groups + 1) != GA_OK) {
        exact_table_free(&g->uses);
        return NULL;
    }
    l->groups++;
    return g;
}

/* Compacts every group (the layer is only read from then on); returns its entries. */
static size_t exact_layer_freeze(struct exact_layer *l)
{
    size_t entries = 0;
    for (size_t g = 0; g < l->groups; g++) {
        exact_table_compact(&l->group[g].uses);
        entries += l->group[g].uses.size;
    }
    return entries;
}

/* The layer holding one empty filling: sums 0, use 0, one way. */
static int exact_layer_start(struct exact_layer *l)
{
    if (exact_layer_init(l) != GA_OK)
        return GA_ENOMEM;
    struct exact_group *g = exact_layer_group(l, 0);
    if (!g || exact_table_add(&g->uses, 0, 1) != GA_OK) {
        exact_layer_free(l);
        return GA_ENOMEM;
    }
    exact_layer_freeze(l);
    return GA_OK;
}

/* Packs and unpacks small non-negative numbers, one 6-bit field each. */
static uint64_t exact_pack(const int *x, int k)
{
    uint64_t p = 0;
    for (int i = 0; i < k; i++)
        p |= (uint64_t)x[i] << (EXACT_FIELD * i);
    return p;
}

static void exact_unpack(uint64_t p, int *x, int k)
{
    for (int i = 0; i < k; i++)
        x[i] = (int)(p >> (EXACT_FIELD * i) & 63);
}

static int exact_gcd(int a, int b)
{
    while (b) {
        int r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/* ---- symmetries that permute rows and columns alone: super-rows ---- */

/*
 * One such symmetry by its cycles: rows[] the lengths of the row cycles in
 * the order the super-rows are counted, cols[] those of the column cycles,
 * longest first (cycles of one length are adjacent: a group).  Cycles of
 * lengths a and b share gcd(a,b) orbits of lcm(a,b) cells; such an orbit
 * puts b/gcd cells in each row of its row cycle and a/gcd in each column.
 */
struct exact_cycles {
    int n, sum;
    int rows[EXACT_NMAX], nrows;
    int cols[EXACT_NMAX], ncols;
    struct exact_deck deck;
};

/* Walks the values of one super-row's orbits into a layer keyed by what it adds to each column cycle. */
struct exact_option_walk {
    const struct exact_cycles *c;
    int length;                           /* of the row cycle */
    int col[EXACT_NMAX];                  /* column-cycle sums so far */
    struct exact_layer *out;
    int status;
};

static void exact_options_walk(struct exact_option_walk *w, int j, int k, int row_sum, uint64_t use)
{
    const struct exact_cycles *c = w->c;
    if (w->status != GA_OK)
        return;
    if (j == c->ncols) {
        if (row_sum != c->sum)
            return;
        struct exact_group *g = exact_layer_group(w->out, exact_pack(w->col, c->ncols));
        w->status = g ? exact_table_add(&g->uses, use, 1) : GA_ENOMEM;
        return;
    }
    int g = exact_gcd(w->length, c->cols[j]);
    if (k == g) {
        exact_options_walk(w, j + 1, 0, row_sum, use);
        return;
    }
    int in_row = c->cols[j] / g, in_col = w->length / g, cells = w->length * c->cols[j] / g;
    for (int v = EXACT_VMIN; v <= EXACT_VMAX && row_sum + in_row * v <= c->sum; v++) {
        uint64_t more = use + (uint64_t)cells * exact_unit(v);
        if (!exact_fits(&c->deck, more))
            continue;
        w->col[j] += in_col * v;
        exact_options_walk(w, j, k + 1, row_sum + in_row * v, more);
        w->col[j] -= in_col * v;
    }
}

static int exact_options_of(const struct exact_cycles *c, int length, struct exact_layer *out)
{
    struct exact_option_walk w = {.c = c, .length = length, .out = out};
    if ((w.status = exact_layer_init(out)) != GA_OK)
        return w.status;
    exact_options_walk(&w, 0, 0, 0, 0);
    if (w.status != GA_OK)
        exact_layer_free(out);
    else
        exact_layer_freeze(out);
    return w.status;
}

/* Sorts each group of equal-length column cycles' sums into decreasing order. */
static void exact_canonical(const struct exact_cycles *c, int *x)
{
    for (int start = 0, end; start < c->ncols; start = end) {
        for (end = start + 1; end < c->ncols && c->cols[end] == c->cols[start]; end++)
            ;
        for (int i = start + 1; i < end; i++) {
            int v = x[i], k = i;
            for (; k > start && x[k - 1] < v; k--)
                x[k] = x[k - 1];
            x[k] = v;
        }
    }
}

/* The number of distinct vectors the within-group permutations make of x (canonical). */
static uint64_t exact_arrangements(const struct exact_cycles *c, const int *x)
{
    uint64_t ways = 1;
    for (int start = 0, end; start < c->ncols; start = end) {
        for (end = start + 1; end < c->ncols && c->cols[end] == c->cols[start]; end++)
            ;
        /* the multinomial, built one factor at a time (exact at each step) */
        int placed = 0;
        for (int i = start, run = 0; i < end; i++) {
            run = (i > start && x[i] == x[i - 1]) ? run + 1 : 1;
            placed++;
            ways = ways * (uint64_t)placed / (uint64_t)run;
        }
    }
    return ways;
}

/* Every use of 'from' plus every use of 'add' that fits the deck, into 'to'. */
static int exact_combine(const struct exact_deck *deck, const struct exact_table *from,
                         const struct exact_table *add, struct exact_table *to)
{
    for (size_t i = 0; i < from->size; i++)
        for (size_t k = 0; k < add->size; k++) {
            uint64_t use = from->slot[i].key + add->slot[k].key;
            if (exact_fits(deck, use)
                && exact_table_add(to, use, from->slot[i].count * add->slot[k].count) != GA_OK)
                return GA_ENOMEM;
        }
    return GA_OK;
}

/* A group of one layer meeting a group of options, and where their sum goes. */
struct exact_pair {
    uint64_t to;                          /* packed canonical sums */
    uint32_t from, option;
};

static int exact_pair_cmp(const void *a, const void *b)
{
    const struct exact_pair *x = a, *y = b;
    if (x->to != y->to)
        return x->to < y->to ? -1 : 1;
    if (x->from != y->from)
        return x->from < y->from ? -1 : 1;
    return (x->option > y->option) - (x->option < y->option);
}

/*
 * The pairs of groups (of 'now' and of 'options') whose sums leave every
 * column able to reach S with 'left' rows to come, sorted by where they go:
 * so all the work for one group of the next layer is done together, while
 * its table is in the cache.
 */
static struct exact_pair *exact_pairs(const struct exact_cycles *c, const struct exact_layer *now,
                                      const struct exact_layer *options, int left, size_t *count)
{
    size_t n = 0, capacity = 1024;
    struct exact_pair *pair = malloc(capacity * sizeof *pair);
    for (size_t i = 0; i < now->groups && pair; i++) {
        int base[EXACT_NMAX];
        exact_unpack(now->group[i].sums, base, c->ncols);
        for (size_t o = 0; o < options->groups; o++) {
            int x[EXACT_NMAX], ok = 1;
            exact_unpack(options->group[o].sums, x, c->ncols);
            for (int j = 0; j < c->ncols && ok; j++) {
                x[j] += base[j];
                int need = c->sum - x[j];
                ok = need >= EXACT_VMIN * left && need <= EXACT_VMAX * left;
            }
            if (!ok)
                continue;
            if (n == capacity) {
                struct exact_pair *more = realloc(pair, 2 * capacity * sizeof *pair);
                if (!more) {
                    free(pair);
                    return NULL;
                }
                pair = more;
                capacity *= 2;
            }
            exact_canonical(c, x);
            pair[n++] = (struct exact_pair){exact_pack(x, c->ncols), (uint32_t)i, (uint32_t)o};
        }
    }
    if (pair && n)
        qsort(pair, n, sizeof *pair, exact_pair_cmp);
    *count = n;
    return pair;
}

/*
 * Counts the fillings of the super-rows rows[first..last) into *out, keyed
 * by canonical column-cycle sums and use.  'later' is the number of rows the
 * other half will hold, so that every column can still reach the sum.
 */
static int exact_half(const struct exact_cycles *c, const struct exact_layer *options, int first, int last,
                      int later, struct exact_layer *out, size_t *peak)
{
    int status = exact_layer_start(out);
    for (int r = first; r < last && status == GA_OK; r++) {
        int left = later;
        for (int k = r + 1; k < last; k++)
            left += c->rows[k];
        size_t npairs = 0;
        struct exact_pair *pair = exact_pairs(c, out, &options[r], left, &npairs);
        struct exact_layer next;
        if (!pair || (status = exact_layer_init(&next)) != GA_OK) {
            free(pair);
            status = GA_ENOMEM;
            break;
        }
        struct exact_group *to = NULL;
        for (size_t p = 0; p < npairs && status == GA_OK; p++) {
            if (p == 0 || pair[p].to != pair[p - 1].to)
                to = exact_layer_group(&next, pair[p].to);
            status = to ? exact_combine(&c->deck, &out->group[pair[p].from].uses,
                                        &options[r].group[pair[p].option].uses, &to->uses)
                        : GA_ENOMEM;
        }
        free(pair);
        exact_layer_free(out);
        *out = next;
        size_t entries = exact_layer_freeze(out);
        if (entries > *peak)
            *peak = entries;
    }
    if (status != GA_OK)
        exact_layer_free(out);
    return status;
}

/*
 * Joins the halves: a top filling with column-cycle sums x meets every
 * bottom filling with sums exactly S - x whose use fits beside its own.  The
 * bottom layer counts all arrangements of its canonical sums, each equally
 * often, so it is divided by their number.
 */
static int exact_join(const struct exact_cycles *c, const struct exact_layer *top, const struct exact_layer *bottom,
                      unsigned __int128 *fixed)
{
    unsigned __int128 total = 0;

    for (size_t i = 0; i < top->groups; i++) {
        int x[EXACT_NMAX];
        exact_unpack(top->group[i].sums, x, c->ncols);
        for (int j = 0; j < c->ncols; j++)
            x[j] = c->sum - x[j];
        exact_canonical(c, x);
        const struct exact_group *match = exact_layer_lookup(bottom, exact_pack(x, c->ncols));
        if (!match)
            continue;
        const struct exact_table *t = &top->group[i].uses, *b = &match->uses;
        uint64_t ways = exact_arrangements(c, x);
        for (size_t k = 0; k < b->size; k++) {
            if (b->slot[k].count % ways)
                return GA_ECHECK;
            unsigned __int128 matched = 0;
            for (size_t m = 0; m < t->size; m++)
                if (exact_fits(&c->deck, t->slot[m].key + b->slot[k].key))
                    matched += t->slot[m].count;
            total += matched * (b->slot[k].count / ways);
        }
    }
    *fixed = total;
    return GA_OK;
}

static int exact_by_cycles(const struct exact_cycles *c, unsigned __int128 *fixed, size_t *peak)
{
    struct exact_layer options[EXACT_NMAX], top, bottom;
    int status = GA_OK, made = 0, split = (c->nrows + 1) / 2, top_rows = 0, bottom_rows = 0;

    for (; made < c->nrows && status == GA_OK; made++)
        status = exact_options_of(c, c->rows[made], &options[made]);
    if (status != GA_OK)
        made--;
    for (int r = 0; r < c->nrows; r++)
        *(r < split ? &top_rows : &bottom_rows) += c->rows[r];
    if (status == GA_OK && (status = exact_half(c, options, 0, split, bottom_rows, &top, peak)) == GA_OK) {
        if ((status = exact_half(c, options, split, c->nrows, top_rows, &bottom, peak)) == GA_OK) {
            status = exact_join(c, &top, &bottom, fixed);
            exact_layer_free(&bottom);
        }
        exact_layer_free(&top);
    }
    for (int r = 0; r < made; r++)
        exact_layer_free(&options[r]);
    return status;
}

/* ---- any symmetry: orbits of cells one at a time ---- */

/*
 * The symmetry as a permutation of the n*n cells (row-major) and of the 2n
 * lines (rows 0..n-1, columns n..2n-1).  A fixed matrix takes one value per
 * orbit of cells; a line and its image hold the same values, so each orbit
 * of lines is one constraint on its first line.
 */
struct exact_orbits {
    int n, sum, norbits, nconstraints;
    int size[EXACT_CELLS];                         /* cells per orbit */
    int in_line[EXACT_LINES][EXACT_CELLS];         /* cells of orbit o on constraint k's line */
    int last[EXACT_LINES];                         /* the last orbit constraint k involves */
    struct exact_deck deck;
};

static void exact_orbits_make(struct exact_orbits *o, int n, const int *rows, const int *cols, int transpose)
{
    int cells = n * n, orbit[EXACT_CELLS], image[EXACT_CELLS];

    /* M fixed: M'[i][j] = M[rows[i]][cols[j]] with M' = M or its transpose. */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            image[transpose ? j * n + i : i * n + j] = rows[i] * n + cols[j];
    o->norbits = 0;
    for (int x = 0; x < cells; x++)
        orbit[x] = -1;
    for (int x = 0; x < cells; x++) {
        if (orbit[x] >= 0)
            continue;
        int id = o->norbits++;
        o->size[id] = 0;
        for (int y = x; orbit[y] < 0; y = image[y]) {
            orbit[y] = id;
            o->size[id]++;
        }
    }
    /* The image of a line is the line holding the images of its first two cells. */
    int line_image[EXACT_LINES], seen[EXACT_LINES] = {0};
    for (int l = 0; l < 2 * n; l++) {
        int a = l < n ? image[l * n] : image[l - n], b = l < n ? image[l * n + 1] : image[l];
        line_image[l] = a / n == b / n ? a / n : n + a % n;
    }
    o->nconstraints = 0;
    for (int l = 0; l < 2 * n; l++) {
        if (seen[l])
            continue;
        for (int m = l; !seen[m]; m = line_image[m])
            seen[m] = 1;
        int k = o->nconstraints++;
        memset(o->in_line[k], 0, sizeof o->in_line[k]);
        o->last[k] = 0;
        for (int t = 0; t < n; t++) {
            int cell = l < n ? l * n + t : t * n + (l - n);
            o->in_line[k][orbit[cell]]++;
            if (orbit[cell] > o->last[k])
                o->last[k] = orbit[cell];
        }
    }
}

/* Counts the matrices constant on the orbits whose constraints all hold. */
static int exact_by_orbits(const struct exact_orbits *o, unsigned __int128 *fixed, size_t *peak)
{
    struct exact_layer now;
    int status = exact_layer_start(&now), nk = o->nconstraints;
    int low[EXACT_LINES][EXACT_CELLS + 1], high[EXACT_LINES][EXACT_CELLS + 1];

    /* what the orbits from index v on can still add to each constraint */
    for (int k = 0; k < nk; k++) {
        low[k][o->norbits] = high[k][o->norbits] = 0;
        for (int v = o->norbits - 1; v >= 0; v--) {
            low[k][v] = low[k][v + 1] + o->in_line[k][v] * EXACT_VMIN;
            high[k][v] = high[k][v + 1] + o->in_line[k][v] * EXACT_VMAX;
        }
    }
    for (int v = 0; v < o->norbits && status == GA_OK; v++) {
        struct exact_layer next;
        if ((status = exact_layer_init(&next)) != GA_OK)
            break;
        for (size_t i = 0; i < now.groups && status == GA_OK; i++) {
            for (int value = EXACT_VMIN; value <= EXACT_VMAX && status == GA_OK; value++) {
                int s[EXACT_LINES], ok = 1;
                exact_unpack(now.group[i].sums, s, nk);
                for (int k = 0; k < nk && ok; k++) {
                    if (!o->in_line[k][v])
                        continue;                 /* unchanged, and checked when it last changed */
                    s[k] += o->in_line[k][v] * value;
                    ok = s[k] + low[k][v + 1] <= o->sum && s[k] + high[k][v + 1] >= o->sum;
                    if (o->last[k] == v)
                        s[k] = 0;                 /* closed and met: forget it */
                }
                if (!ok)
                    continue;
                struct exact_table one = {&(struct exact_slot){(uint64_t)o->size[v] * exact_unit(value), 1}, 0, 1, 64};
                struct exact_group *to = exact_layer_group(&next, exact_pack(s, nk));
                status = to ? exact_combine(&o->deck, &now.group[i].uses, &one, &to->uses) : GA_ENOMEM;
            }
        }
        exact_layer_free(&now);
        now = next;
        size_t entries = exact_layer_freeze(&now);
        if (entries > *peak)
            *peak = entries;
    }
    if (status == GA_OK) {
        unsigned __int128 total = 0;
        for (size_t g = 0; g < now.groups; g++)
            for (size_t i = 0; i < now.group[g].uses.size; i++)
                total += now.group[g].uses.slot[i].count;
        *fixed = total;
    }
    exact_layer_free(&now);               /* the last layer, or the one a failure left */
    return status;
}

/* ---- the conjugacy classes of G ---- */

/* One class: its size and a member, as cycle lengths (no transposition) or a permutation (with it). */
struct exact_class {
    unsigned long long size;
    int transpose;
    int rows[EXACT_NMAX], nrows;          /* cycle lengths, or with transpose: unused */
    int cols[EXACT_NMAX], ncols;
    int perm[EXACT_NMAX];                 /* with transpose: rows permuted by perm, columns fixed */
};

/* The partitions of n, largest part first, and the size of each cycle type's class in S_n. */
struct exact_types {
    int count;
    int part[8][EXACT_NMAX], parts[8];
    unsigned long long size[8];
};

static unsigned long long exact_factorial(int n)
{
    unsigned long long f = 1;
    for (int i = 2; i <= n; i++)
        f *= (unsigned long long)i;
    return f;
}

static void exact_types_walk(struct exact_types *t, int n, int left, int max, int *part, int parts)
{
    if (left == 0) {
        int k = t->count++;
        memcpy(t->part[k], part, (size_t)parts * sizeof *part);
        t->parts[k] = parts;
        /* n! / prod over lengths l of l^m * m! */
        unsigned long long centraliser = 1;
        for (int i = 0, run = 0; i < parts; i++) {
            run = (i > 0 && part[i] == part[i - 1]) ? run + 1 : 1;
            centraliser *= (unsigned long long)part[i] * (unsigned long long)run;
        }
        t->size[k] = exact_factorial(n) / centraliser;
        return;
    }
    /* parts 1 first: the identity is the first type, so its (longest) tasks start first */
    for (int p = 1; p <= left && p <= max; p++) {
        part[parts] = p;
        exact_types_walk(t, n, left - p, p, part, parts + 1);
    }
}

static int exact_classes(int n, struct exact_class *cls)
{
    struct exact_types t = {0};
    int part[EXACT_NMAX], count = 0;
    exact_types_walk(&t, n, n, n, part, 0);

    /* Rows and columns swap under transposition: {a, b} is one class. */
    for (int a = 0; a < t.count; a++)
        for (int b = a; b < t.count; b++) {
            struct exact_class *c = &cls[count++];
            memset(c, 0, sizeof *c);
            c->size = (a == b ? 1 : 2) * t.size[a] * t.size[b];
            /* the type with fewer cycles gives the rows: fewer super-rows to count */
            int r = t.parts[a] <= t.parts[b] ? a : b, k = r == a ? b : a;
            c->nrows = t.parts[r];
            memcpy(c->rows, t.part[r], sizeof c->rows);
            c->ncols = t.parts[k];
            memcpy(c->cols, t.part[k], sizeof c->cols);
        }
    /* (s, u) with transposition is conjugate to (s u, id) with it. */
    for (int a = 0; a < t.count; a++) {
        struct exact_class *c = &cls[count++];
        memset(c, 0, sizeof *c);
        c->size = exact_factorial(n) * t.size[a];
        c->transpose = 1;
        for (int i = 0, at = 0; i < t.parts[a]; at += t.part[a][i++])
            for (int x = 0; x < t.part[a][i]; x++)
                c->perm[at + x] = at + (x + 1) % t.part[a][i];
    }
    return count;
}

static int exact_class_fixed(int n, int suits, int sum, const struct exact_class *c, unsigned __int128 *fixed,
                             size_t *peak)
{
    if (c->transpose) {
        int id[EXACT_NMAX];
        for (int i = 0; i < n; i++)
            id[i] = i;
        struct exact_orbits *o = malloc(sizeof *o);
        if (!o)
            return GA_ENOMEM;
        exact_orbits_make(o, n, c->perm, id, 1);
        o->n = n;
        o->sum = sum;
        o->deck = exact_deck(suits);
        int status = exact_by_orbits(o, fixed, peak);
        free(o);
        return status;
    }
    struct exact_cycles cy = {.n = n, .sum = sum, .nrows = c->nrows, .ncols = c->ncols, .deck = exact_deck(suits)};
    memcpy(cy.rows, c->rows, sizeof cy.rows);
    memcpy(cy.cols, c->cols, sizeof cy.cols);
    return exact_by_cycles(&cy, fixed, peak);
}

/*
 * A task's share of the work, for the progress fraction: at n = 5 the
 * identity (every grid, 25 free cells) takes about 3/4 of the time and the
 * transposition alone (symmetric grids, 15 cells counted one by one) most of
 * the rest; every other class is small.
 */
static double exact_task_weight(int n, const struct exact_class *c)
{
    if (c->transpose)
        return c->perm[0] == 0 && c->perm[n - 1] == n - 1 ? 40 : 1;
    return c->nrows == n && c->ncols == n ? 150 : 1;
}

int derful_exact_count(int n, int suits, int sum_lo, int sum_hi, struct derful_exact *out,
                       derful_enum_progress_fn progress, void *ctx)
{
    if (!out || n < 2 || n > EXACT_NMAX || suits < 1 || suits > 4)
        return GA_ERANGE;
    memset(out, 0, sizeof *out);
    out->n = n;
    out->suits = suits;
    if (sum_lo < EXACT_VMIN * n)
        sum_lo = EXACT_VMIN * n;
    if (sum_hi > EXACT_VMAX * n)
        sum_hi = EXACT_VMAX * n;
    if (sum_lo > sum_hi)
        return GA_ERANGE;

    struct exact_class cls[EXACT_MAX_CLASSES];
    int nclasses = exact_classes(n, cls), nsums = sum_hi - sum_lo + 1, ntasks = nclasses * nsums;
    unsigned __int128 *fixed = calloc((size_t)ntasks, sizeof *fixed);
    size_t *peaks = calloc((size_t)ntasks, sizeof *peaks);
    int status = fixed && peaks ? GA_OK : GA_ENOMEM, stop = status != GA_OK;
    double work = 0, done = 0;
    for (int k = 0; k < nclasses; k++)
        work += nsums * exact_task_weight(n, &cls[k]);

    /* The classes come with the identity first: the longest tasks start first. */
#pragma omp parallel for schedule(dynamic, 1)
    for (int task = 0; task < ntasks; task++) {
        int failed;
#pragma omp atomic read
        failed = stop;
        if (failed)
            continue;
        const struct exact_class *c = &cls[task / nsums];
        int s = exact_class_fixed(n, suits, sum_lo + task % nsums, c, &fixed[task], &peaks[task]);
#pragma omp critical(derful_exact_progress)
        {
            if (s != GA_OK && status == GA_OK) {
                status = s;
#pragma omp atomic write
                stop = 1;
            }
            done += exact_task_weight(n, c);
            if (progress && status == GA_OK)
                progress(ctx, done < work ? done / work : 1.0);
        }
    }

    unsigned long long group = 2 * exact_factorial(n) * exact_factorial(n), check = 0;
    for (int k = 0; k < nclasses; k++)
        check += cls[k].size;
    if (status == GA_OK && check != group)
        status = GA_ECHECK;
    for (int si = 0; si < nsums && status == GA_OK; si++) {
        unsigned __int128 all = 0;
        for (int k = 0; k < nclasses; k++)
            all += (unsigned __int128)cls[k].size * fixed[k * nsums + si];
        if (all % group)
            status = GA_ECHECK;
        int s = sum_lo + si;
        out->games_by_sum[s] = (unsigned long long)(all / group);
        out->labelled_by_sum[s] = (unsigned long long)fixed[si];   /* the identity: class 0 */
        out->total += out->games_by_sum[s];
        if (out->games_by_sum[s]) {
            if (!out->sum_min)
                out->sum_min = s;
            out->sum_max = s;
        }
    }
    for (int t = 0; t < ntasks; t++)
        if (peaks && peaks[t] > out->peak_states)
            out->peak_states = peaks[t];
    out->classes = nclasses;
    free(fixed);
    free(peaks);
    if (status != GA_OK) {
        memset(out, 0, sizeof *out);
        out->n = n;
        out->suits = suits;
    }
    return status;
}

/* The cycle lengths of a permutation, longest first. */
static int exact_cycle_lengths(int n, const int *p, int *len)
{
    int seen[EXACT_NMAX] = {0}, count = 0;
    for (int i = 0; i < n; i++) {
        if (seen[i])
            continue;
        int l = 0;
        for (int x = i; !seen[x]; x = p[x], l++)
            seen[x] = 1;
        int k = count++;
        for (; k > 0 && len[k - 1] < l; k--)
            len[k] = len[k - 1];
        len[k] = l;
    }
    return count;
}

long long derful_exact_fixed(int n, int suits, int sum, const int *rows, const int *cols, int transpose,
                             int by_cells)
{
    if (n < 2 || n > EXACT_NMAX || suits < 1 || suits > 4 || !rows || !cols)
        return GA_ERANGE;
    unsigned __int128 fixed = 0;
    size_t peak = 0;
    int status;
    if (transpose || by_cells) {
        struct exact_orbits *o = malloc(sizeof *o);
        if (!o)
            return GA_ENOMEM;
        exact_orbits_make(o, n, rows, cols, transpose);
        o->n = n;
        o->sum = sum;
        o->deck = exact_deck(suits);
        status = exact_by_orbits(o, &fixed, &peak);
        free(o);
    } else {
        struct exact_cycles cy = {.n = n, .sum = sum, .deck = exact_deck(suits)};
        cy.nrows = exact_cycle_lengths(n, rows, cy.rows);
        cy.ncols = exact_cycle_lengths(n, cols, cy.cols);
        status = exact_by_cycles(&cy, &fixed, &peak);
    }
    return status == GA_OK ? (long long)fixed : status;
}
