/* tests/fuzz/fuzz.h — what the libFuzzer harnesses share: NUL-terminated copies and a hard stop. */
#ifndef GA_FUZZ_H
#define GA_FUZZ_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each harness's entry point: libFuzzer calls it, and so does tests/fuzz/replay.c. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Set by fuzz_checkpoint.c: whether its last input was loaded as a checkpoint. */
extern bool fuzz_checkpoint_loaded;

/* A broken invariant: print it and abort, so that libFuzzer keeps the input. */
#define FUZZ_CHECK(cond, ...)                                                       \
    do {                                                                            \
        if (!(cond)) {                                                              \
            fprintf(stderr, "%s:%d: invariant failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                           \
            fputc('\n', stderr);                                                    \
            abort();                                                                \
        }                                                                           \
    } while (0)

/* The input as a C string (cut at its first NUL, as a string reader sees it); free it. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

#endif
