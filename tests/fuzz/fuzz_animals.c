/* tests/fuzz/fuzz_animals.c — libFuzzer: animal puzzle files, with validity and a write/parse round trip. */
#define _GNU_SOURCE /* fmemopen, open_memstream */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "problems/animals/animals_puzzle.h"
#include "tests/fuzz/fuzz.h"


static bool fuzz_animals_same(const struct animals_puzzle *a, const struct animals_puzzle *b)
{
    if (strcmp(a->name, b->name) || memcmp(a->count, b->count, sizeof a->count) || a->nconds != b->nconds)
        return false;
    for (size_t i = 0; i < a->nconds; i++) {
        const struct animals_cond *x = &a->conds[i], *y = &b->conds[i];
        if (x->kind != y->kind || x->a != y->a)
            return false;
        if (animals_cond_is_relative(x) ? x->b != y->b
                                        : x->set != y->set || (x->kind != ANIMALS_COND_HEIGHT && x->axis != y->axis))
            return false;
    }
    return true;
}

/* A puzzle that parses is valid and reads back as written. */
static void fuzz_animals_check(const struct animals_puzzle *p)
{
    FUZZ_CHECK(animals_puzzle_valid(p), "accepted an invalid puzzle");
    int types[ANIMALS_CELLS];
    animals_puzzle_pieces(p, types);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    FUZZ_CHECK(out, "out of memory");
    int written = animals_puzzle_write(p, "fuzz", out);
    fclose(out);
    FUZZ_CHECK(written == 0, "write failed");
    struct ga_diag d = {0};
    struct animals_puzzle again;
    bool ok = animals_puzzle_parse(&again, text, "again.txt", &d);
    char msg[1400] = "";
    if (d.count)
        ga_diag_format(&d.entries[0], msg, sizeof msg);
    FUZZ_CHECK(ok, "written puzzle refused: %s\n%s", msg, text);
    FUZZ_CHECK(fuzz_animals_same(p, &again), "round trip differs:\n%s", text);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    struct ga_diag d = {0};
    struct animals_puzzle p;
    memset(&p, 0xa5, sizeof p); /* untouched on failure */
    struct animals_puzzle before = p;
    bool ok = animals_puzzle_parse(&p, text, "fuzz.txt", &d);
    FUZZ_CHECK(ok || d.count, "refused without a diagnostic");
    FUZZ_CHECK(ok || !memcmp(&p, &before, sizeof p), "refused but *out written");
    if (ok)
        fuzz_animals_check(&p);

    /* The stream reader sees every byte, NULs included, and agrees with the string reader on text. */
    FILE *in = size ? fmemopen((void *)data, size, "r") : NULL;
    if (in) {
        struct ga_diag d2 = {0};
        struct animals_puzzle q;
        bool ok2 = animals_puzzle_read(&q, in, "fuzz.txt", &d2);
        fclose(in);
        FUZZ_CHECK(ok2 || d2.count, "refused without a diagnostic");
        if (ok2)
            fuzz_animals_check(&q);
        if (!memchr(data, '\0', size)) {
            FUZZ_CHECK(ok == ok2, "string and stream readers disagree: %d %d", ok, ok2);
            if (ok)
                FUZZ_CHECK(fuzz_animals_same(&p, &q), "string and stream readers differ");
        }
    }
    free(text);
    return 0;
}
