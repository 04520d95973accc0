/* ga/diag.c — collecting and formatting diagnostics, did-you-mean hints. */
#include "gaexp/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void ga_diag_clear(struct ga_diag *d)
{
    d->count = 0;
    d->dropped = 0;
}

static void diag_copy(char *dst, size_t size, const char *src)
{
    snprintf(dst, size, "%s", src ? src : "");
}

void ga_diag_add(struct ga_diag *d, const char *file, unsigned line, const char *path,
                 const char *fmt, ...)
{
    if (d->count == GA_DIAG_MAX) {
        d->dropped++;
        return;
    }
    struct ga_diag_entry *e = &d->entries[d->count++];
    diag_copy(e->file, sizeof e->file, file);
    diag_copy(e->path, sizeof e->path, path);
    e->line = line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
}

void ga_diag_format(const struct ga_diag_entry *e, char *buf, size_t size)
{
    const char *file = e->file[0] ? e->file : "command line";
    char where[600];
    if (e->line)
        snprintf(where, sizeof where, "%s:%u: ", file, e->line);
    else
        snprintf(where, sizeof where, "%s: ", file);
    if (e->path[0])
        snprintf(buf, size, "%s%s: %s", where, e->path, e->message);
    else
        snprintf(buf, size, "%s%s", where, e->message);
}

size_t ga_diag_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return la > lb ? la : lb;
    size_t row[64];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t above = row[j];
            size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            size_t best = diagonal + cost;
            if (above + 1 < best)
                best = above + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diagonal = above;
        }
    }
    return row[lb];
}

const char *ga_diag_closest(const char *word, const char *const *candidates, size_t n)
{
    /* A typo is a small edit relative to the word: one edit in four letters. */
    size_t limit = strlen(word) / 4 + 1;
    const char *best = NULL;
    size_t best_distance = limit + 1;
    for (size_t i = 0; i < n; i++) {
        size_t dist = ga_diag_distance(word, candidates[i]);
        if (dist < best_distance) {
            best_distance = dist;
            best = candidates[i];
        }
    }
    return best;
}
