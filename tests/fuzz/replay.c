/* tests/fuzz/replay.c — the fuzz harnesses in make check, without libFuzzer:
 * every file of the folders (or files) given is fed to the harness, as
 * libFuzzer replays a corpus.  A broken invariant aborts (the harness's
 * FUZZ_CHECK), so the seed corpus and the regressions of tests/fuzz/
 * are checked by every build, sanitized or not. */
#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tests/fuzz/fuzz.h"

#ifndef FUZZ_REPLAY_CHECKPOINT
bool fuzz_checkpoint_loaded; /* only the checkpoint harness sets it */
#endif

/* The whole file; NULL when it cannot be read. */
static uint8_t *replay_read(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    uint8_t *data = NULL;
    size_t len = 0, cap = 0, got;
    do {
        if (len == cap) {
            uint8_t *bigger = realloc(data, cap = cap ? 2 * cap : 4096);
            FUZZ_CHECK(bigger, "out of memory reading %s", path);
            data = bigger;
        }
        got = fread(data + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    bool failed = ferror(f);
    fclose(f);
    if (failed) {
        free(data);
        return NULL;
    }
    *size = len;
    return data;
}

/* One input.  A checkpoint regression named refused-* must be refused (it
 * once was loaded, or crashed the reader), one named loaded-* must load (the
 * real checkpoint the refused ones were made from). */
static void replay_one(const char *path, const char *name)
{
    size_t size = 0;
    uint8_t *data = replay_read(path, &size);
    FUZZ_CHECK(data, "cannot read %s", path);
    fuzz_checkpoint_loaded = false;
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    FUZZ_CHECK(strncmp(name, "refused-", 8) != 0 || !fuzz_checkpoint_loaded, "%s was loaded", path);
    FUZZ_CHECK(strncmp(name, "loaded-", 7) != 0 || fuzz_checkpoint_loaded, "%s was refused", path);
}

static int replay_by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* Every regular file of the folder, in name order; the count. */
static size_t replay_folder(const char *dir)
{
    struct dirent **entries;
    int n = scandir(dir, &entries, NULL, replay_by_name);
    FUZZ_CHECK(n >= 0, "cannot read the folder %s", dir);
    size_t count = 0;
    for (int i = 0; i < n; i++) {
        char path[4096];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, entries[i]->d_name);
        if (entries[i]->d_name[0] != '.' && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            replay_one(path, entries[i]->d_name);
            count++;
        }
        free(entries[i]);
    }
    free(entries);
    return count;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "Usage: %s FOLDER|FILE...\nFeeds every input to the fuzz harness; aborts on a broken invariant.\n",
                argv[0]);
        return 2;
    }
    size_t count = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        FUZZ_CHECK(stat(argv[i], &st) == 0, "no such file or folder: %s", argv[i]);
        if (S_ISDIR(st.st_mode)) {
            count += replay_folder(argv[i]);
        } else {
            const char *base = strrchr(argv[i], '/');
            replay_one(argv[i], base ? base + 1 : argv[i]);
            count++;
        }
    }
    printf("%zu inputs\n", count);
    return 0;
}
