/* gaexp/diag.h — diagnostics: bad input collected with its source, printed by the CLI. */
#ifndef GA_DIAG_H
#define GA_DIAG_H

#include "gaexp/export.h"
#include <stddef.h>

GAEXP_API_BEGIN

#define GA_DIAG_MAX 16

/* One message about one input: 'file' is empty for the command line,
 * 'line' is 0 when no line is known, 'path' is the setting path or empty. */
struct ga_diag_entry {
    char file[512];
    unsigned line;
    char path[256];
    char message[512];
};

/* A bounded list: messages past GA_DIAG_MAX are counted in 'dropped'. */
struct ga_diag {
    size_t count;
    size_t dropped;
    struct ga_diag_entry entries[GA_DIAG_MAX];
};

/* Empties the list. */
void ga_diag_clear(struct ga_diag *d);
/* Appends one message (printf-style), or counts it in 'dropped' when full. */
void ga_diag_add(struct ga_diag *d, const char *file, unsigned line, const char *path,
                 const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Formats one entry as GNU "file:line: path: message" into buf. */
void ga_diag_format(const struct ga_diag_entry *e, char *buf, size_t size);

/* Edit distance, for did-you-mean hints. */
size_t ga_diag_distance(const char *a, const char *b);
/* The candidate closest to 'word', or NULL when none is close enough to be a typo. */
const char *ga_diag_closest(const char *word, const char *const *candidates, size_t n);

GAEXP_API_END

#endif
