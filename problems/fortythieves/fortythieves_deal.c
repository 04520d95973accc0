/* problems/fortythieves/fortythieves_deal.c — Forty Thieves cards, the seeded deal, deal files read and written. */
#include "problems/fortythieves/fortythieves_deal.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gaexp/cfg.h"
#include "gaexp/rng.h"

/* ---- cards ----------------------------------------------------------- */

static const char ft_suit_letters[FT_SUITS + 1] = "CDHS";
static const char *const ft_rank_names[FT_RANKS + 1] = {
    "", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
};

bool ft_card_valid(int card)
{
    int rank = ft_card_rank(card);
    return card > 0 && card < FT_CARD_CODES && rank >= 1 && rank <= FT_RANKS;
}

const char *ft_card_name(int card, char buf[FT_CARD_NAME_SIZE])
{
    if (ft_card_valid(card))
        snprintf(buf, FT_CARD_NAME_SIZE, "%s%c", ft_rank_names[ft_card_rank(card)],
                 ft_suit_letters[ft_card_suit(card)]);
    else
        snprintf(buf, FT_CARD_NAME_SIZE, "??");
    return buf;
}

static char ft_upper(char c)
{
    return c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
}

int ft_card_parse(const char *text, size_t len)
{
    if (len < 2 || len > 3)
        return 0;
    int suit = 0;
    while (suit < FT_SUITS && ft_suit_letters[suit] != ft_upper(text[len - 1]))
        suit++;
    for (int rank = 1; rank <= FT_RANKS && suit < FT_SUITS; rank++) {
        const char *r = ft_rank_names[rank];
        if (strlen(r) == len - 1 && ft_upper(text[0]) == r[0] && (len == 2 || text[1] == r[1]))
            return ft_card(rank, suit);
    }
    return 0;
}

/* ---- tableaux and the seeded deal ------------------------------------ */

int ft_tableau_cards(const struct ft_tableau *t)
{
    int n = 0;
    for (int c = 0; c < t->ncolumns; c++)
        n += t->height[c];
    return n;
}

const char *ft_tableau_check(const struct ft_tableau *t)
{
    if (t->ncolumns < 1 || t->ncolumns > FT_MAX_COLUMNS)
        return "the number of columns is not in [1, 10]";
    int copies[FT_CARD_CODES] = {0}, total = 0;
    for (int c = 0; c < t->ncolumns; c++) {
        if (t->height[c] < 0 || t->height[c] > FT_CARDS - total)
            return "more than 104 cards";
        total += t->height[c];
        for (int i = 0; i < t->height[c]; i++) {
            int card = t->card[c][i];
            if (!ft_card_valid(card))
                return "a card code is not valid";
            if (++copies[card] > FT_COPIES)
                return "a card appears more than twice";
        }
    }
    return NULL;
}

int ft_deck_shuffle(uint64_t seed, unsigned char deck[FT_CARDS])
{
#if ULONG_MAX < UINT64_MAX
    if (seed > ULONG_MAX)
        return FT_EINVAL;
#endif
    /* The generator lives on the stack (gsl_rng is a public pair of type
     * and state), so that dealing never allocates and cannot fail. */
    uint64_t state[8];
    gsl_rng r = {ga_rng_xoshiro256ss, state};
    if (ga_rng_xoshiro256ss->size > sizeof state)
        return FT_EINVAL;
    gsl_rng_set(&r, (unsigned long)seed);
    for (int i = 0; i < FT_CARDS; i++) {
        int j = i % (FT_CARDS / FT_COPIES);
        deck[i] = (unsigned char)ft_card(j % FT_RANKS + 1, j / FT_RANKS);
    }
    for (int i = FT_CARDS - 1; i > 0; i--) {
        int j = (int)ga_rng_below(&r, (unsigned long)i + 1);
        unsigned char swap = deck[i];
        deck[i] = deck[j];
        deck[j] = swap;
    }
    return FT_OK;
}

int ft_deal(uint64_t seed, struct ft_position *p)
{
    unsigned char deck[FT_CARDS];
    int status = ft_deck_shuffle(seed, deck);
    if (status != FT_OK)
        return status;
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "seed-%llu", (unsigned long long)seed);
    p->is_deal = p->has_seed = true;
    p->seed = seed;
    p->tableau.ncolumns = FT_DEAL_COLUMNS;
    for (int i = 0; i < FT_DEAL_CARDS; i++) {
        int c = i % FT_DEAL_COLUMNS;
        p->tableau.card[c][p->tableau.height[c]++] = deck[i];
    }
    return FT_OK;
}

/* ---- the writer ------------------------------------------------------ */

/* Appends to a snprintf-style buffer, counting what does not fit. */
struct ft_text {
    char *buf;
    size_t size, len;
};

static void ft_text_add(struct ft_text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->len < t->size) {
        size_t room = t->size - t->len - 1;
        memcpy(t->buf + t->len, s, n < room ? n : room);
        t->buf[t->len + (n < room ? n : room)] = '\0';
    }
    t->len += n;
}

/* Column c as "AS 10H KD", or "-" when it is empty. */
static void ft_text_column(struct ft_text *text, const struct ft_tableau *t, int c)
{
    char name[FT_CARD_NAME_SIZE];
    if (t->height[c] == 0)
        ft_text_add(text, "-");
    for (int i = 0; i < t->height[c]; i++) {
        ft_text_add(text, i ? " " : "");
        ft_text_add(text, ft_card_name(t->card[c][i], name));
    }
}

size_t ft_position_format(char *buf, size_t size, const struct ft_position *p)
{
    struct ft_text text = {buf, size, 0};
    char head[FT_NAME_MAX + 64];

    if (size)
        buf[0] = '\0';
    if (p->is_deal && p->has_seed)
        snprintf(head, sizeof head, "deal %s seed %llu\n", p->name, (unsigned long long)p->seed);
    else
        snprintf(head, sizeof head, "%s %s\n", p->is_deal ? "deal" : "position", p->name);
    ft_text_add(&text, head);
    for (int c = 0; c < p->tableau.ncolumns; c++) {
        ft_text_column(&text, &p->tableau, c);
        ft_text_add(&text, "\n");
    }
    return text.len;
}

int ft_position_write(FILE *out, const struct ft_position *p)
{
    /* Each card takes at most 4 bytes with its separator. */
    char buf[FT_NAME_MAX + 64 + FT_CARDS * 4 + FT_MAX_COLUMNS * 2];
    size_t len = ft_position_format(buf, sizeof buf, p);
    if (len >= sizeof buf || fwrite(buf, 1, len, out) != len)
        return FT_EIO;
    return FT_OK;
}

/* ---- the reader ------------------------------------------------------ */

/* One blank-separated word of a line. */
struct ft_word {
    const char *text;
    size_t len;
};

static bool ft_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* The next word after *p, advancing *p; false at the end of the line. */
static bool ft_word_next(const char **p, struct ft_word *w)
{
    const char *s = *p;
    while (*s && ft_blank(*s))
        s++;
    const char *start = s;
    while (*s && !ft_blank(*s))
        s++;
    *p = s;
    w->text = start;
    w->len = (size_t)(s - start);
    return w->len > 0;
}

static bool ft_word_is(const struct ft_word *w, const char *keyword)
{
    return w->len == strlen(keyword) && memcmp(w->text, keyword, w->len) == 0;
}

/* A printable copy of the word, cut to fit. */
static const char *ft_word_copy(const struct ft_word *w, char *buf, size_t size)
{
    snprintf(buf, size, "%.*s", (int)(w->len < size ? w->len : size - 1), w->text);
    return buf;
}

/* Decimal digits only (no sign, no blanks), within [0, ULONG_MAX]. */
static bool ft_parse_seed(const struct ft_word *w, uint64_t *out)
{
    uint64_t v = 0;
    for (size_t i = 0; i < w->len; i++) {
        unsigned digit = (unsigned)(w->text[i] - '0');
        if (digit > 9 || v > (ULONG_MAX - digit) / 10)
            return false;
        v = v * 10 + digit;
    }
    *out = v;
    return w->len > 0;
}

struct ft_reader {
    const char *file;
    struct ga_diag *d;
    size_t errors;                  /* diagnostics this read added */
    bool oom;
    unsigned line;
    struct ft_position *list;       /* the positions read so far */
    unsigned *list_line;            /* the header line of each */
    size_t count, cap;
    bool orphan_reported;           /* cards before any header */
    /* The position being read. */
    bool open;
    struct ft_position cur;
    unsigned header_line;
    unsigned column_line[FT_MAX_COLUMNS];
    size_t errors_at_open;
    bool too_many_columns, too_many_cards;
    int copies[FT_CARD_CODES];
    int ncards;
};

static void ft_reader_error(struct ft_reader *r, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void ft_reader_error(struct ft_reader *r, unsigned line, const char *fmt, ...)
{
    char message[sizeof r->d->entries[0].message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    ga_diag_add(r->d, r->file, line, r->open ? r->cur.name : "", "%s", message);
    r->errors++;
}

static void ft_reader_header_seed(struct ft_reader *r, const char **p)
{
    struct ft_word w;
    char word[64];

    if (!ft_word_next(p, &w))
        return;
    if (!ft_word_is(&w, "seed")) {
        ft_reader_error(r, r->line,
                        "unexpected '%s' after the name (expected 'seed K' or the end of the line)",
                        ft_word_copy(&w, word, sizeof word));
        return;
    }
    if (!r->cur.is_deal) {
        ft_reader_error(r, r->line, "only a 'deal' takes a seed");
        return;
    }
    if (!ft_word_next(p, &w)) {
        ft_reader_error(r, r->line, "'seed' needs a number");
        return;
    }
    if (!ft_parse_seed(&w, &r->cur.seed)) {
        ft_reader_error(r, r->line, "seed: expected an integer in [0, %lu], got '%s'", ULONG_MAX,
                        ft_word_copy(&w, word, sizeof word));
        return;
    }
    r->cur.has_seed = true;
    if (ft_word_next(p, &w))
        ft_reader_error(r, r->line, "unexpected '%s' at the end of the line",
                        ft_word_copy(&w, word, sizeof word));
}

/* 'deal NAME [seed K]' or 'position NAME': opens a new position. */
static void ft_reader_header(struct ft_reader *r, const struct ft_word *keyword, const char **p)
{
    struct ft_word name;

    memset(&r->cur, 0, sizeof r->cur);
    memset(r->copies, 0, sizeof r->copies);
    r->ncards = 0;
    r->too_many_columns = r->too_many_cards = false;
    r->open = true;
    r->header_line = r->line;
    r->errors_at_open = r->errors;
    r->cur.is_deal = ft_word_is(keyword, "deal");
    if (!ft_word_next(p, &name)) {
        ft_reader_error(r, r->line, "'%s' needs a name", r->cur.is_deal ? "deal" : "position");
        return;
    }
    ft_word_copy(&name, r->cur.name, sizeof r->cur.name);
    if (name.len >= FT_NAME_MAX) {
        ft_reader_error(r, r->line, "the name is longer than %d characters", FT_NAME_MAX - 1);
        return;
    }
    ft_reader_header_seed(r, p);
}

static void ft_reader_unknown_card(struct ft_reader *r, const struct ft_word *w, bool first)
{
    static const char *const keywords[] = {"deal", "position"};
    char word[64];
    ft_word_copy(w, word, sizeof word);
    const char *hint = first ? ga_diag_closest(word, keywords, 2) : NULL;

    if (hint)
        ft_reader_error(r, r->line, "unknown card '%s' (did you mean '%s'?)", word, hint);
    else
        ft_reader_error(r, r->line,
                        "unknown card '%s' (expected a rank A 2-10 J Q K and a suit C D H S, e.g. 10H)",
                        word);
}

static void ft_reader_card(struct ft_reader *r, int column, const struct ft_word *w, bool first)
{
    char name[FT_CARD_NAME_SIZE];
    int card = ft_card_parse(w->text, w->len);
    struct ft_tableau *t = &r->cur.tableau;

    if (!card) {
        ft_reader_unknown_card(r, w, first);
    } else if (r->ncards == FT_CARDS) {
        if (!r->too_many_cards)
            ft_reader_error(r, r->line, "more than %d cards (two decks)", FT_CARDS);
        r->too_many_cards = true;
    } else if (r->copies[card] == FT_COPIES) {
        ft_reader_error(r, r->line,
                        "card %s appears a third time (two decks hold two of each card)",
                        ft_card_name(card, name));
    } else {
        r->copies[card]++;
        r->ncards++;
        t->card[column][t->height[column]++] = (unsigned char)card;
    }
}

/* One line of cards, bottom first, or '-': the next column. */
static void ft_reader_column(struct ft_reader *r, const struct ft_word *first, const char **p)
{
    struct ft_tableau *t = &r->cur.tableau;
    struct ft_word w = *first;

    if (!r->open) {
        if (!r->orphan_reported)
            ft_reader_error(r, r->line, "cards before any 'deal NAME' or 'position NAME' line");
        r->orphan_reported = true;
        return;
    }
    if (t->ncolumns == FT_MAX_COLUMNS) {
        if (!r->too_many_columns)
            ft_reader_error(r, r->line, "more than %d columns", FT_MAX_COLUMNS);
        r->too_many_columns = true;
        return;
    }
    int column = t->ncolumns++;
    r->column_line[column] = r->line;
    if (ft_word_is(&w, "-")) {
        if (ft_word_next(p, &w))
            ft_reader_error(r, r->line, "'-' marks an empty column and stands alone");
        return;
    }
    bool is_first = true;
    do {
        ft_reader_card(r, column, &w, is_first);
        is_first = false;
    } while (ft_word_next(p, &w));
}

/* A seeded deal: columns left out are dealt, columns given must be the deal's. */
static void ft_reader_check_seed(struct ft_reader *r)
{
    struct ft_position dealt;
    struct ft_tableau *t = &r->cur.tableau;

    if (ft_deal(r->cur.seed, &dealt) != FT_OK) {  /* ft_parse_seed keeps seeds it can deal */
        ft_reader_error(r, r->header_line, "cannot deal seed %llu", (unsigned long long)r->cur.seed);
        return;
    }
    if (t->ncolumns == 0) {
        *t = dealt.tableau;
        return;
    }
    for (int c = 0; c < FT_DEAL_COLUMNS; c++) {
        if (t->height[c] == dealt.tableau.height[c] &&
            memcmp(t->card[c], dealt.tableau.card[c], (size_t)t->height[c]) == 0)
            continue;
        char expected[FT_DEAL_ROWS * FT_CARD_NAME_SIZE + 1] = "";
        struct ft_text text = {expected, sizeof expected, 0};
        ft_text_column(&text, &dealt.tableau, c);
        ft_reader_error(r, r->column_line[c], "column %d differs from the deal of seed %llu: %s",
                        c + 1, (unsigned long long)r->cur.seed, expected);
        return;
    }
}

static bool ft_reader_is_deal_shape(const struct ft_tableau *t)
{
    if (t->ncolumns != FT_DEAL_COLUMNS)
        return false;
    for (int c = 0; c < FT_DEAL_COLUMNS; c++)
        if (t->height[c] != FT_DEAL_ROWS)
            return false;
    return true;
}

/* Whole-position checks, skipped when a line of it was already wrong. */
static void ft_reader_validate(struct ft_reader *r)
{
    struct ft_tableau *t = &r->cur.tableau;

    if (r->cur.has_seed && t->ncolumns == 0) {
        ft_reader_check_seed(r);
        return;
    }
    if (t->ncolumns == 0) {
        ft_reader_error(r, r->header_line,
                        "no columns (one line per column follows the header; '-' is an empty column)");
        return;
    }
    if (r->cur.is_deal && !ft_reader_is_deal_shape(t)) {
        ft_reader_error(r, r->header_line,
                        "a deal has %d columns of %d cards (use 'position' for other shapes)",
                        FT_DEAL_COLUMNS, FT_DEAL_ROWS);
        return;
    }
    if (r->cur.has_seed)
        ft_reader_check_seed(r);
}

/* Ends the open position and keeps it. */
static void ft_reader_close(struct ft_reader *r)
{
    if (!r->open)
        return;
    if (r->errors == r->errors_at_open)
        ft_reader_validate(r);
    r->open = false;
    if (r->count == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 16;
        struct ft_position *list = realloc(r->list, cap * sizeof *list);
        if (list)
            r->list = list;
        unsigned *lines = realloc(r->list_line, cap * sizeof *lines);
        if (lines)
            r->list_line = lines;
        if (!list || !lines) {
            r->oom = true;
            return;
        }
        r->cap = cap;
    }
    r->list_line[r->count] = r->header_line;
    r->list[r->count++] = r->cur;
}

static void ft_reader_line(struct ft_reader *r, const char *text)
{
    struct ft_word w;
    const char *p = text;

    if (!ft_word_next(&p, &w) || w.text[0] == '#')
        return;
    if (ft_word_is(&w, "deal") || ft_word_is(&w, "position")) {
        ft_reader_close(r);
        ft_reader_header(r, &w, &p);
    } else {
        ft_reader_column(r, &w, &p);
    }
}

/* Reads every line of f (none when f is NULL); false when reading stopped
 * early, the reason diagnosed. */
static bool ft_reader_stream(struct ft_reader *r, FILE *f)
{
    char *buf = NULL;
    size_t cap = 0;
    int error = 0;

    while (f && !r->oom) {
        errno = 0;
        ssize_t len = getline(&buf, &cap, f);
        if (len < 0) {
            error = ferror(f) || errno == ENOMEM ? (errno ? errno : EIO) : 0;
            break;
        }
        r->line++;
        if (strlen(buf) != (size_t)len) {
            ft_reader_error(r, r->line, "not a text file (it holds a NUL byte)");
            free(buf);
            return false;
        }
        ft_reader_line(r, buf);
    }
    free(buf);
    if (error) {
        r->oom = error == ENOMEM;
        r->open = false;
        ft_reader_error(r, 0, "cannot read the file: %s", strerror(error));
        return false;
    }
    return !r->oom;
}

/* A position's name and header line, sorted to find names used twice. */
struct ft_name_entry {
    const char *name;
    unsigned line;
};

static int ft_name_entry_cmp(const void *a, const void *b)
{
    const struct ft_name_entry *x = a, *y = b;
    int order = strcmp(x->name, y->name);
    return order ? order : (x->line > y->line) - (x->line < y->line);
}

/* Reports every position whose name an earlier one already has. */
static void ft_reader_check_names(struct ft_reader *r)
{
    if (r->count < 2)
        return;
    struct ft_name_entry *e = malloc(r->count * sizeof *e);
    if (!e) {
        r->oom = true;
        return;
    }
    for (size_t i = 0; i < r->count; i++)
        e[i] = (struct ft_name_entry){r->list[i].name, r->list_line[i]};
    qsort(e, r->count, sizeof *e, ft_name_entry_cmp);
    for (size_t i = 1, first = 0; i < r->count; i++) {
        if (strcmp(e[i].name, e[first].name) != 0) {
            first = i;
            continue;
        }
        if (!e[i].name[0])                /* a missing name is reported already */
            continue;
        ga_diag_add(r->d, r->file, e[i].line, e[i].name, "the name is already used at line %u",
                    e[first].line);
        r->errors++;
    }
    free(e);
}

static struct ft_deal_file *ft_reader_finish(struct ft_reader *r, bool complete, int *status)
{
    if (complete) {
        ft_reader_close(r);
        if (!r->oom)
            ft_reader_check_names(r);
        if (!r->oom && r->count == 0 && r->errors == 0)
            ft_reader_error(r, 0,
                            "no positions (a 'deal NAME' or 'position NAME' line starts one)");
    }
    if (r->oom && r->errors == 0)
        ft_reader_error(r, r->line, "out of memory");
    struct ft_deal_file *f = NULL;
    if (r->errors == 0 && (f = malloc(sizeof *f)) != NULL) {
        f->count = r->count;
        f->positions = r->list;
        r->list = NULL;
    } else if (r->errors == 0) {
        r->oom = true;
        ft_reader_error(r, 0, "out of memory");
    }
    free(r->list);
    free(r->list_line);
    if (status)
        *status = f ? FT_OK : r->oom ? FT_ENOMEM : FT_EINPUT;
    return f;
}

/* The reader state is large (one position): it lives on the heap. */
struct ft_deal_file *ft_deal_file_read(const char *name, FILE *f, struct ga_diag *d, int *status)
{
    struct ft_reader *r = calloc(1, sizeof *r);
    if (!r) {
        ga_diag_add(d, name, 0, "", "out of memory");
        if (status)
            *status = FT_ENOMEM;
        return NULL;
    }
    r->file = name;
    r->d = d;
    bool complete = ft_reader_stream(r, f);
    struct ft_deal_file *result = ft_reader_finish(r, complete, status);
    free(r);
    return result;
}

struct ft_deal_file *ft_deal_file_alloc(const char *path, struct ga_diag *d, int *status)
{
    FILE *f = ga_cfg_fopen(path, d);
    if (!f) {
        if (status)
            *status = FT_EINPUT;
        return NULL;
    }
    struct ft_deal_file *result = ft_deal_file_read(path, f, d, status);
    fclose(f);
    return result;
}

struct ft_deal_file *ft_deal_file_alloc_string(const char *name, const char *text,
                                               struct ga_diag *d, int *status)
{
    /* fmemopen may refuse a size of 0: an empty text is read as no lines. */
    size_t len = strlen(text);
    FILE *f = len ? fmemopen((void *)text, len, "r") : NULL;
    if (len && !f) {
        ga_diag_add(d, name, 0, "", "cannot read the text: %s", strerror(errno));
        if (status)
            *status = FT_ENOMEM;
        return NULL;
    }
    struct ft_deal_file *result = ft_deal_file_read(name, f, d, status);
    if (f)
        fclose(f);
    return result;
}

void ft_deal_file_free(struct ft_deal_file *f)
{
    if (!f)
        return;
    free(f->positions);
    free(f);
}

const struct ft_position *ft_deal_file_find(const struct ft_deal_file *f, const char *name)
{
    for (size_t i = 0; i < f->count; i++)
        if (strcmp(f->positions[i].name, name) == 0)
            return &f->positions[i];
    return NULL;
}
