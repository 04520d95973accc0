/* tests/fuzz/fuzz_deal.c — libFuzzer: Forty Thieves deal files, with validity and a format/parse round trip. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "problems/fortythieves/fortythieves_deal.h"
#include "tests/fuzz/fuzz.h"


static bool fuzz_deal_same(const struct ft_position *a, const struct ft_position *b)
{
    if (strcmp(a->name, b->name) || a->is_deal != b->is_deal || a->has_seed != b->has_seed ||
        (a->has_seed && a->seed != b->seed) || a->tableau.ncolumns != b->tableau.ncolumns)
        return false;
    for (int c = 0; c < a->tableau.ncolumns; c++)
        if (a->tableau.height[c] != b->tableau.height[c] ||
            memcmp(a->tableau.card[c], b->tableau.card[c], (size_t)a->tableau.height[c]))
            return false;
    return true;
}

/* Every position is valid, found by its name, and reads back as written. */
static void fuzz_deal_check(const struct ft_deal_file *f)
{
    for (size_t i = 0; i < f->count; i++) {
        const struct ft_position *p = &f->positions[i];
        const char *why = ft_tableau_check(&p->tableau);
        FUZZ_CHECK(!why, "position %zu '%s': %s", i, p->name, why);
        FUZZ_CHECK(strlen(p->name) > 0 && strlen(p->name) < FT_NAME_MAX, "name");
        FUZZ_CHECK(ft_deal_file_find(f, p->name) == p, "name '%s' not unique", p->name);
        if (p->is_deal) {
            FUZZ_CHECK(p->tableau.ncolumns == FT_DEAL_COLUMNS, "deal columns");
            for (int c = 0; c < FT_DEAL_COLUMNS; c++)
                FUZZ_CHECK(p->tableau.height[c] == FT_DEAL_ROWS, "deal height");
        }
        if (p->has_seed) {
            struct ft_position dealt;
            FUZZ_CHECK(ft_deal(p->seed, &dealt) == FT_OK, "seed");
            FUZZ_CHECK(fuzz_deal_same(&(struct ft_position){.tableau = dealt.tableau},
                                      &(struct ft_position){.tableau = p->tableau}),
                       "seeded deal differs from ft_deal");
        }
        size_t need = ft_position_format(NULL, 0, p);
        char *text = malloc(need + 1);
        FUZZ_CHECK(text, "out of memory");
        FUZZ_CHECK(ft_position_format(text, need + 1, p) == need, "format length");
        FUZZ_CHECK(strlen(text) == need, "format length");
        struct ga_diag d = {0};
        int status;
        struct ft_deal_file *again = ft_deal_file_alloc_string("again.deal", text, &d, &status);
        char msg[1400] = "";
        if (d.count)
            ga_diag_format(&d.entries[0], msg, sizeof msg);
        FUZZ_CHECK(again || status == FT_ENOMEM, "formatted position refused: %s\n%s", msg, text);
        if (again) {
            FUZZ_CHECK(again->count == 1, "count %zu", again->count);
            FUZZ_CHECK(fuzz_deal_same(p, &again->positions[0]), "round trip differs:\n%s", text);
        }
        ft_deal_file_free(again);
        free(text);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[] = "/tmp/fuzz_deal.XXXXXX";
    static int fd = -1;
    char *text = fuzz_text(data, size);
    struct ga_diag d = {0};
    int status = 12345;
    struct ft_deal_file *f = ft_deal_file_alloc_string("fuzz.deal", text, &d, &status);
    FUZZ_CHECK(f ? status == FT_OK : (status == FT_EINPUT || status == FT_ENOMEM), "status %d", status);
    FUZZ_CHECK(f || d.count, "refused without a diagnostic");
    if (f)
        fuzz_deal_check(f);
    ft_deal_file_free(f);

    /* The file reader sees every byte, NULs included. */
    if (memchr(data, '\0', size)) {
        if (fd < 0) {
            fd = mkstemp(path);
            if (fd >= 0)
                unlink(path);
        }
        char procpath[64];
        snprintf(procpath, sizeof procpath, "/proc/self/fd/%d", fd);
        if (fd >= 0 && ftruncate(fd, 0) == 0 && pwrite(fd, data, size, 0) == (ssize_t)size) {
            struct ga_diag d2 = {0};
            struct ft_deal_file *g = ft_deal_file_alloc(procpath, &d2, &status);
            FUZZ_CHECK(g || d2.count, "refused without a diagnostic");
            if (g)
                fuzz_deal_check(g);
            ft_deal_file_free(g);
        }
    }
    free(text);
    return 0;
}
