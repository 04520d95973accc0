/* problems/animals/animals_puzzle.c — the animal placement puzzle: board geometry, conditions, puzzle files. */
#include "problems/animals/animals_puzzle.h"
#include "gaexp/cfg.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>

#define ANIMALS_MAX_WORDS 32      /* more words than any valid line needs */
#define ANIMALS_LINES 3           /* fruit lines per axis */

static const char *const animals_type_names[ANIMALS_TYPES] = {
    "elephant", "monkey", "tiger", "pig", "cat", "turtle", "hippo", "lion", "panda",
};
static const int animals_stock_counts[ANIMALS_TYPES] = {1, 1, 1, 1, 1, 1, 2, 3, 5};
static const char *const animals_fruit_names[2][ANIMALS_LINES] = {
    {"apple", "lemon", "orange"},
    {"pineapple", "banana", "strawberry"},
};
static const char *const animals_axis_names[2] = {"row", "col"};
static const char *const animals_axis_nouns[2] = {"row", "column"};
static const char *const animals_axis_plural[2] = {"rows", "columns"};

/* ---- geometry and names ---------------------------------------------------------------- */

int animals_row(int cell)
{
    return cell / ANIMALS_SIDE;
}

int animals_col(int cell)
{
    return cell % ANIMALS_SIDE;
}

int animals_height(int cell)
{
    int x = animals_col(cell), y = ANIMALS_SIDE - 1 - animals_row(cell);
    return (x < y ? x : y) + 1;
}

bool animals_adjacent(int a, int b)
{
    return abs(animals_row(a) - animals_row(b)) + abs(animals_col(a) - animals_col(b)) == 1;
}

int animals_line(enum animals_axis axis, int cell)
{
    return axis == ANIMALS_ROW ? animals_row(cell) : animals_col(cell);
}

const char *animals_fruit_name(enum animals_axis axis, int line)
{
    return animals_fruit_names[axis == ANIMALS_COL][line];
}

const char *animals_type_name(int type)
{
    return animals_type_names[type];
}

int animals_stock(int type)
{
    return animals_stock_counts[type];
}

int animals_type_find(const char *word)
{
    size_t len = strlen(word);
    for (int t = 0; t < ANIMALS_TYPES; t++) {
        const char *name = animals_type_names[t];
        size_t n = strlen(name);
        if (strcasecmp(word, name) == 0 ||
            (len == n + 1 && strncasecmp(word, name, n) == 0 && tolower((unsigned char)word[n]) == 's'))
            return t;
    }
    return -1;
}

bool animals_cond_is_relative(const struct animals_cond *c)
{
    return c->kind >= ANIMALS_COND_NEIGHBOUR;
}

/* ---- conditions on a full board -------------------------------------------------------- */

/* Whether every piece of type a has a piece of type other beside it. */
static bool animals_each_has_neighbour(const struct animals_board *b, int a, int other)
{
    for (int c = 0; c < ANIMALS_CELLS; c++) {
        if (b->cell[c] != a)
            continue;
        bool found = false;
        for (int n = 0; n < ANIMALS_CELLS && !found; n++)
            found = b->cell[n] == other && animals_adjacent(c, n);
        if (!found)
            return false;
    }
    return true;
}

/* The lowest and highest height of the pieces of the types in 'types' (a bit set); 0 and 0 if none. */
static void animals_height_range(const struct animals_board *b, unsigned types, int *low, int *high)
{
    *low = ANIMALS_HEIGHTS + 1;
    *high = 0;
    for (int c = 0; c < ANIMALS_CELLS; c++) {
        if (!(types & 1u << b->cell[c]))
            continue;
        int h = animals_height(c);
        *low = h < *low ? h : *low;
        *high = h > *high ? h : *high;
    }
    if (*high == 0)
        *low = 0;
}

bool animals_cond_allows(const struct animals_cond *c, int cell)
{
    int bit = c->kind == ANIMALS_COND_HEIGHT ? animals_height(cell) - 1 : animals_line(c->axis, cell);
    bool named = (c->set >> bit) & 1u;
    return c->kind == ANIMALS_COND_NOTIN ? !named : named;
}

/* Whether every piece of type c->a stands where the unary condition c allows. */
static bool animals_all_allowed(const struct animals_cond *c, const struct animals_board *b)
{
    for (int cell = 0; cell < ANIMALS_CELLS; cell++)
        if (b->cell[cell] == c->a && !animals_cond_allows(c, cell))
            return false;
    return true;
}

bool animals_cond_holds(const struct animals_cond *c, const struct animals_board *b)
{
    int alow, ahigh, blow, bhigh;
    switch (c->kind) {
    case ANIMALS_COND_HEIGHT:
    case ANIMALS_COND_IN:
    case ANIMALS_COND_NOTIN:
        return animals_all_allowed(c, b);
    case ANIMALS_COND_NEIGHBOUR:
        return animals_each_has_neighbour(b, c->a, c->b) && animals_each_has_neighbour(b, c->b, c->a);
    case ANIMALS_COND_SAME:
        animals_height_range(b, 1u << c->a | 1u << c->b, &alow, &ahigh);
        return alow == ahigh;
    case ANIMALS_COND_HIGHER:
    case ANIMALS_COND_LOWER:
        animals_height_range(b, 1u << c->a, &alow, &ahigh);
        animals_height_range(b, 1u << c->b, &blow, &bhigh);
        if (!ahigh || !bhigh)
            return true;
        return c->kind == ANIMALS_COND_HIGHER ? alow > bhigh : ahigh < blow;
    }
    return false;
}

unsigned animals_violations(const struct animals_puzzle *p, const struct animals_board *b)
{
    unsigned violated = 0;
    for (size_t i = 0; i < p->nconds; i++)
        violated += !animals_cond_holds(&p->conds[i], b);
    return violated;
}

bool animals_board_fits(const struct animals_puzzle *p, const struct animals_board *b)
{
    int count[ANIMALS_TYPES] = {0};
    for (int c = 0; c < ANIMALS_CELLS; c++) {
        if (b->cell[c] < 0 || b->cell[c] >= ANIMALS_TYPES)
            return false;
        count[b->cell[c]]++;
    }
    return memcmp(count, p->count, sizeof count) == 0;
}

void animals_puzzle_pieces(const struct animals_puzzle *p, int types[ANIMALS_CELLS])
{
    int k = 0;
    for (int t = 0; t < ANIMALS_TYPES; t++)
        for (int i = 0; i < p->count[t] && k < ANIMALS_CELLS; i++)
            types[k++] = t;
}

void animals_board_write(const struct animals_board *b, const char *indent, FILE *out)
{
    int width[ANIMALS_SIDE];
    for (int col = 0; col < ANIMALS_SIDE; col++) {
        width[col] = 6;                   /* so that "pig" and "cat" still read as a grid */
        for (int row = 0; row < ANIMALS_SIDE; row++) {
            int len = (int)strlen(animals_type_names[b->cell[row * ANIMALS_SIDE + col]]);
            width[col] = len > width[col] ? len : width[col];
        }
    }
    for (int row = 0; row < ANIMALS_SIDE; row++) {
        fputs(indent, out);
        for (int col = 0; col < ANIMALS_SIDE; col++) {
            const char *name = animals_type_names[b->cell[row * ANIMALS_SIDE + col]];
            if (col + 1 < ANIMALS_SIDE)
                fprintf(out, "%-*s ", width[col], name);
            else
                fprintf(out, "%s\n", name);
        }
    }
}

/* ---- validity ---------------------------------------------------------------------------- */

/* A name survives the writer and the reader: no '#', no control character, no outer space. */
static bool animals_name_valid(const char *name)
{
    size_t len = strnlen(name, ANIMALS_NAME_MAX);
    if (len == ANIMALS_NAME_MAX)
        return false;
    if (len && (isspace((unsigned char)name[0]) || isspace((unsigned char)name[len - 1])))
        return false;
    for (size_t i = 0; i < len; i++)
        if (name[i] == '#' || iscntrl((unsigned char)name[i]))
            return false;
    return true;
}

static bool animals_type_present(const struct animals_puzzle *p, int type)
{
    return type >= 0 && type < ANIMALS_TYPES && p->count[type] > 0;
}

static bool animals_cond_valid(const struct animals_puzzle *p, const struct animals_cond *c)
{
    const unsigned all = (1u << ANIMALS_LINES) - 1;   /* three lines, three heights */
    if (!animals_type_present(p, c->a))
        return false;
    switch (c->kind) {
    case ANIMALS_COND_HEIGHT:
        return c->set && !(c->set & ~all);
    case ANIMALS_COND_IN:
    case ANIMALS_COND_NOTIN:
        return (c->axis == ANIMALS_ROW || c->axis == ANIMALS_COL) && c->set && !(c->set & ~all);
    case ANIMALS_COND_NEIGHBOUR:
    case ANIMALS_COND_HIGHER:
    case ANIMALS_COND_LOWER:
    case ANIMALS_COND_SAME:
        return animals_type_present(p, c->b) && c->b != c->a;
    }
    return false;
}

bool animals_puzzle_valid(const struct animals_puzzle *p)
{
    int total = 0;
    for (int t = 0; t < ANIMALS_TYPES; t++) {
        if (p->count[t] < 0 || p->count[t] > animals_stock_counts[t])
            return false;
        total += p->count[t];
    }
    if (total != ANIMALS_CELLS || p->nconds > ANIMALS_MAX_CONDS || !animals_name_valid(p->name))
        return false;
    for (size_t i = 0; i < p->nconds; i++)
        if (!animals_cond_valid(p, &p->conds[i]))
            return false;
    return true;
}

/* ---- the writer -------------------------------------------------------------------------- */

static const char *const animals_keywords[] = {
    "name", "pieces", "height", "in", "notin", "neighbour", "higher", "lower", "same",
};
#define ANIMALS_KEYWORDS (sizeof animals_keywords / sizeof animals_keywords[0])
enum { ANIMALS_KW_NAME, ANIMALS_KW_PIECES, ANIMALS_KW_CONDS };  /* keyword index − 2 = cond kind */

static const char *animals_cond_keyword(enum animals_cond_kind kind)
{
    return animals_keywords[ANIMALS_KW_CONDS + kind];
}

static void animals_cond_write(const struct animals_cond *c, FILE *out)
{
    fprintf(out, "%s %s", animals_cond_keyword(c->kind), animals_type_names[c->a]);
    if (animals_cond_is_relative(c)) {
        fprintf(out, " %s\n", animals_type_names[c->b]);
        return;
    }
    if (c->kind != ANIMALS_COND_HEIGHT)
        fprintf(out, " %s", animals_axis_names[c->axis]);
    for (int i = 0; i < ANIMALS_LINES; i++) {
        if (!(c->set & 1u << i))
            continue;
        if (c->kind == ANIMALS_COND_HEIGHT)
            fprintf(out, " %d", i + 1);
        else
            fprintf(out, " %s", animals_fruit_name(c->axis, i));
    }
    fputc('\n', out);
}

int animals_puzzle_write(const struct animals_puzzle *p, const char *comment, FILE *out)
{
    if (!animals_puzzle_valid(p))
        return -1;
    for (const char *s = comment; s && *s;) {
        size_t len = strcspn(s, "\n");
        fprintf(out, "#%s%.*s\n", len ? " " : "", (int)len, s);
        s += len + (s[len] == '\n');
    }
    if (p->name[0])
        fprintf(out, "name: %s\n", p->name);
    fputs("pieces:", out);
    for (int t = 0; t < ANIMALS_TYPES; t++) {
        if (p->count[t] == 1)
            fprintf(out, " %s", animals_type_names[t]);
        else if (p->count[t] > 1)
            fprintf(out, " %s*%d", animals_type_names[t], p->count[t]);
    }
    fputc('\n', out);
    for (size_t i = 0; i < p->nconds; i++)
        animals_cond_write(&p->conds[i], out);
    return ferror(out) ? -1 : 0;
}

/* ---- the reader -------------------------------------------------------------------------- */

/* A puzzle being read: it reaches the caller only when no line was refused. */
struct animals_reader {
    const char *file;
    struct ga_diag *d;
    size_t errors;
    struct animals_puzzle p;
    unsigned name_line, pieces_line;       /* 0 until seen */
    bool pieces_ok;
    unsigned cond_line[ANIMALS_MAX_CONDS];
};

static void animals_error(struct animals_reader *r, unsigned line, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void animals_error(struct animals_reader *r, unsigned line, const char *path, const char *fmt, ...)
{
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    ga_diag_add(r->d, r->file, line, path, "%s", message);
    r->errors++;
}

/* The word in lower case, cut to fit, for lookups and did-you-mean hints. */
static void animals_lower(const char *word, char *buf, size_t size)
{
    size_t i = 0;
    for (; word[i] && i + 1 < size; i++)
        buf[i] = (char)tolower((unsigned char)word[i]);
    buf[i] = '\0';
}

/* "unknown WHAT 'word' (did you mean 'x'?)" or "(choose one of: ...)". */
static void animals_unknown(struct animals_reader *r, unsigned line, const char *path, const char *what,
                            const char *word, const char *const *names, size_t n)
{
    char lower[64];
    animals_lower(word, lower, sizeof lower);
    const char *hint = ga_diag_closest(lower, names, n);
    if (hint) {
        animals_error(r, line, path, "unknown %s '%s' (did you mean '%s'?)", what, word, hint);
        return;
    }
    char list[256] = "";
    for (size_t i = 0, used = 0; i < n && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", names[i]);
    animals_error(r, line, path, "unknown %s '%s' (choose one of: %s)", what, word, list);
}

/* The animal a word names, or −1 after a diagnostic. */
static int animals_read_type(struct animals_reader *r, unsigned line, const char *path, const char *word)
{
    int t = animals_type_find(word);
    if (t < 0)
        animals_unknown(r, line, path, "animal", word, animals_type_names, ANIMALS_TYPES);
    return t;
}

/* A whole decimal number in [min, max]: digits only, no sign, no space, no overflow. */
static bool animals_parse_number(const char *text, int min, int max, int *out)
{
    if (!isdigit((unsigned char)text[0]))
        return false;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || *end || v < min || v > max)
        return false;
    *out = (int)v;
    return true;
}

/* Splits s into words at white space; the count, or −1 when there are too many. */
static int animals_split(char *s, char **words)
{
    int n = 0;
    char *save;
    for (char *w = strtok_r(s, " \t\r\f\v", &save); w; w = strtok_r(NULL, " \t\r\f\v", &save)) {
        if (n == ANIMALS_MAX_WORDS)
            return -1;
        words[n++] = w;
    }
    return n;
}

static void animals_read_name(struct animals_reader *r, unsigned line, const char *text)
{
    if (r->name_line) {
        animals_error(r, line, "name", "given again (first on line %u)", r->name_line);
        return;
    }
    r->name_line = line;
    size_t len = strlen(text);
    if (len == 0)
        animals_error(r, line, "name", "expected some text after 'name:'");
    else if (len >= ANIMALS_NAME_MAX)
        animals_error(r, line, "name", "too long: %zu characters (at most %d)", len, ANIMALS_NAME_MAX - 1);
    else if (!animals_name_valid(text))
        animals_error(r, line, "name", "a name is one line of text without control characters");
    else
        memcpy(r->p.name, text, len + 1);
}

/* One word of the pieces line, "T" or "T*k", added to r->p.count; false after a diagnostic. */
static bool animals_read_piece(struct animals_reader *r, unsigned line, char *word)
{
    char *star = strchr(word, '*');
    int k = 1;
    if (star)
        *star = '\0';
    int t = animals_read_type(r, line, "pieces", word);
    if (t < 0)
        return false;
    if (star && !animals_parse_number(star + 1, 1, ANIMALS_CELLS, &k)) {
        animals_error(r, line, "pieces", "'%s*%s': expected a count from 1 to %d after '*'", word,
                      star + 1, animals_stock_counts[t]);
        return false;
    }
    r->p.count[t] += k;
    if (r->p.count[t] > animals_stock_counts[t]) {
        animals_error(r, line, "pieces", "too many %ss: %d (the stock holds %d)", animals_type_names[t],
                      r->p.count[t], animals_stock_counts[t]);
        return false;
    }
    return true;
}

static void animals_read_pieces(struct animals_reader *r, unsigned line, char **words, int n)
{
    if (r->pieces_line) {
        animals_error(r, line, "pieces", "given again (first on line %u)", r->pieces_line);
        return;
    }
    r->pieces_line = line;
    if (n == 0) {
        animals_error(r, line, "pieces", "expected 'pieces: ANIMAL[*COUNT] ...', nine pieces in all");
        return;
    }
    int total = 0;
    for (int i = 0; i < n; i++)
        if (!animals_read_piece(r, line, words[i]))
            return;
    for (int t = 0; t < ANIMALS_TYPES; t++)
        total += r->p.count[t];
    if (total != ANIMALS_CELLS) {
        animals_error(r, line, "pieces", "the pieces add up to %d; a puzzle places %d", total, ANIMALS_CELLS);
        return;
    }
    r->pieces_ok = true;
}

/* The fruit lines of 'axis' named by words into *set; false after a diagnostic. */
static bool animals_read_fruits(struct animals_reader *r, unsigned line, const char *path,
                                enum animals_axis axis, char **words, int n, unsigned *set)
{
    const char *const *mine = animals_fruit_names[axis], *const *other = animals_fruit_names[!axis];
    for (int i = 0; i < n; i++) {
        int found = -1;
        for (int l = 0; l < ANIMALS_LINES; l++) {
            if (strcasecmp(words[i], other[l]) == 0) {
                animals_error(r, line, path, "'%s' names a %s, not a %s (%s: %s, %s, %s)", words[i],
                              animals_axis_nouns[!axis], animals_axis_nouns[axis], animals_axis_plural[axis],
                              mine[0], mine[1], mine[2]);
                return false;
            }
            if (strcasecmp(words[i], mine[l]) == 0)
                found = l;
        }
        if (found < 0) {
            char lower[64];
            animals_lower(words[i], lower, sizeof lower);
            /* A typo of the other axis's fruit gets that hint, then the wrong-axis message. */
            if (ga_diag_closest(lower, mine, ANIMALS_LINES))
                animals_unknown(r, line, path, "fruit", words[i], mine, ANIMALS_LINES);
            else
                animals_unknown(r, line, path, "fruit", words[i], &animals_fruit_names[0][0],
                                2 * ANIMALS_LINES);
            return false;
        }
        *set |= 1u << found;
    }
    return true;
}

/* 'row', 'col' or 'column'; −1 after a diagnostic. */
static int animals_read_axis(struct animals_reader *r, unsigned line, const char *path, const char *word)
{
    if (strcasecmp(word, "row") == 0)
        return ANIMALS_ROW;
    if (strcasecmp(word, "col") == 0 || strcasecmp(word, "column") == 0)
        return ANIMALS_COL;
    char lower[64];
    animals_lower(word, lower, sizeof lower);
    const char *hint = ga_diag_closest(lower, animals_axis_names, 2);
    if (hint)
        animals_error(r, line, path, "expected 'row' or 'col', got '%s' (did you mean '%s'?)", word, hint);
    else
        animals_error(r, line, path, "expected 'row' or 'col', got '%s'", word);
    return -1;
}

static bool animals_read_heights(struct animals_reader *r, unsigned line, char **words, int n,
                                 unsigned *set)
{
    for (int i = 0; i < n; i++) {
        int h;
        if (!animals_parse_number(words[i], 1, ANIMALS_HEIGHTS, &h)) {
            animals_error(r, line, "height", "'%s' is not a height (heights are 1 to %d)", words[i],
                          ANIMALS_HEIGHTS);
            return false;
        }
        *set |= 1u << (h - 1);
    }
    return true;
}

static const char *const animals_cond_usage[] = {
    "height ANIMAL HEIGHT...",
    "in ANIMAL row|col FRUIT...",
    "notin ANIMAL row|col FRUIT...",
    "neighbour ANIMAL ANIMAL",
    "higher ANIMAL ANIMAL",
    "lower ANIMAL ANIMAL",
    "same ANIMAL ANIMAL",
};

/* The words after a condition keyword, into c; false after a diagnostic. */
static bool animals_read_cond_words(struct animals_reader *r, unsigned line, struct animals_cond *c,
                                    char **words, int n)
{
    const char *path = animals_cond_keyword(c->kind);
    int need = c->kind == ANIMALS_COND_HEIGHT ? 2 : animals_cond_is_relative(c) ? 2 : 3;
    if (n < need || (animals_cond_is_relative(c) && n > 2)) {
        animals_error(r, line, path, "expected '%s'", animals_cond_usage[c->kind]);
        return false;
    }
    if ((c->a = animals_read_type(r, line, path, words[0])) < 0)
        return false;
    if (animals_cond_is_relative(c)) {
        if ((c->b = animals_read_type(r, line, path, words[1])) < 0)
            return false;
        if (c->b == c->a) {
            animals_error(r, line, path, "names %s twice; a relative condition joins two different animals",
                          animals_type_names[c->a]);
            return false;
        }
        return true;
    }
    if (c->kind == ANIMALS_COND_HEIGHT)
        return animals_read_heights(r, line, words + 1, n - 1, &c->set);
    int axis = animals_read_axis(r, line, path, words[1]);
    if (axis < 0)
        return false;
    c->axis = (enum animals_axis)axis;
    return animals_read_fruits(r, line, path, c->axis, words + 2, n - 2, &c->set);
}

static void animals_read_cond(struct animals_reader *r, unsigned line, enum animals_cond_kind kind,
                              char **words, int n)
{
    struct animals_cond c = {.kind = kind};
    if (!animals_read_cond_words(r, line, &c, words, n))
        return;
    if (r->p.nconds == ANIMALS_MAX_CONDS) {
        animals_error(r, line, animals_cond_keyword(kind), "too many conditions (at most %d)",
                      ANIMALS_MAX_CONDS);
        return;
    }
    r->cond_line[r->p.nconds] = line;
    r->p.conds[r->p.nconds++] = c;
}

/* The index in animals_keywords of a line's first word, or −1 after a diagnostic. */
static int animals_read_keyword(struct animals_reader *r, unsigned line, const char *word)
{
    if (strcasecmp(word, "neighbor") == 0)
        return ANIMALS_KW_CONDS + ANIMALS_COND_NEIGHBOUR;
    for (size_t k = 0; k < ANIMALS_KEYWORDS; k++)
        if (strcasecmp(word, animals_keywords[k]) == 0)
            return (int)k;
    animals_unknown(r, line, "", "keyword", word, animals_keywords, ANIMALS_KEYWORDS);
    return -1;
}

static char *animals_trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t len = strlen(s);
    while (len && isspace((unsigned char)s[len - 1]))
        s[--len] = '\0';
    return s;
}

/* One line of a puzzle file (modified in place); at most one diagnostic a line. */
static void animals_read_line(struct animals_reader *r, char *text, unsigned line)
{
    char *hash = strchr(text, '#');
    if (hash)
        *hash = '\0';
    char *s = animals_trim(text);
    if (!*s)
        return;
    size_t klen = strcspn(s, " \t\r\f\v:");
    char *body = s + klen;
    body += strspn(body, " \t\r\f\v");
    if (*body == ':')
        body++;
    s[klen] = '\0';
    int k = animals_read_keyword(r, line, s);
    if (k < 0)
        return;
    body = animals_trim(body);
    if (k == ANIMALS_KW_NAME) {
        animals_read_name(r, line, body);
        return;
    }
    char *words[ANIMALS_MAX_WORDS];
    int n = animals_split(body, words);
    if (n < 0)
        animals_error(r, line, animals_keywords[k], "too many words (at most %d)", ANIMALS_MAX_WORDS);
    else if (k == ANIMALS_KW_PIECES)
        animals_read_pieces(r, line, words, n);
    else
        animals_read_cond(r, line, (enum animals_cond_kind)(k - ANIMALS_KW_CONDS), words, n);
}

static void animals_reader_init(struct animals_reader *r, const char *file, struct ga_diag *d)
{
    memset(r, 0, sizeof *r);
    r->file = file;
    r->d = d;
}

/* The checks that need the whole file; copies the puzzle out when nothing was refused. */
static bool animals_reader_finish(struct animals_reader *r, struct animals_puzzle *out)
{
    if (!r->pieces_line && !r->errors)
        animals_error(r, 0, "", "no 'pieces:' line: a puzzle names its nine pieces");
    for (size_t i = 0; r->pieces_ok && i < r->p.nconds; i++) {
        const struct animals_cond *c = &r->p.conds[i];
        int absent = !animals_type_present(&r->p, c->a) ? c->a
                   : animals_cond_is_relative(c) && !animals_type_present(&r->p, c->b) ? c->b : -1;
        if (absent >= 0)
            animals_error(r, r->cond_line[i], animals_cond_keyword(c->kind),
                          "%s is not among the pieces on line %u", animals_type_names[absent], r->pieces_line);
    }
    if (r->errors)
        return false;
    *out = r->p;
    return true;
}

bool animals_puzzle_parse(struct animals_puzzle *out, const char *text, const char *file,
                          struct ga_diag *d)
{
    struct animals_reader r;
    animals_reader_init(&r, file, d);
    char *copy = strdup(text);
    if (!copy) {
        animals_error(&r, 0, "", "out of memory");
        return false;
    }
    unsigned line = 0;
    for (char *s = copy; s;) {
        char *next = strchr(s, '\n');
        if (next)
            *next++ = '\0';
        if (*s || next)                   /* a final newline does not start a line */
            animals_read_line(&r, s, ++line);
        s = next;
    }
    free(copy);
    return animals_reader_finish(&r, out);
}

bool animals_puzzle_read(struct animals_puzzle *out, FILE *in, const char *file, struct ga_diag *d)
{
    struct animals_reader r;
    animals_reader_init(&r, file, d);
    char *text = NULL;
    size_t cap = 0;
    unsigned line = 0;
    ssize_t len;
    errno = 0;
    while ((len = getline(&text, &cap, in)) >= 0) {
        if (memchr(text, '\0', (size_t)len)) {
            animals_error(&r, ++line, "", "not a text file (it holds a NUL byte)");
            break;
        }
        animals_read_line(&r, text, ++line);
    }
    int read_error = errno;
    free(text);
    if (len < 0 && !feof(in)) {
        animals_error(&r, 0, "", "cannot read the file: %s", strerror(read_error ? read_error : EIO));
        return false;
    }
    return animals_reader_finish(&r, out);
}

bool animals_puzzle_load(struct animals_puzzle *out, const char *path, struct ga_diag *d)
{
    FILE *in = ga_cfg_fopen(path, d);
    if (!in)
        return false;
    bool ok = animals_puzzle_read(out, in, path, d);
    fclose(in);
    return ok;
}
