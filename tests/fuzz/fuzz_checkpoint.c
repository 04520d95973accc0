/* tests/fuzz/fuzz_checkpoint.c — libFuzzer: the checkpoint reader behind 'gaexp resume', header and payload. */
#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gsl/gsl_errno.h>

#include "cli/cli.h"
#include "cli/runner/plugin.h"
#include "cli/runner/run_resume.h"
#include "cli/store/checkpoint.h"
#include "cli/store/output_settings.h"
#include "gaexp/cfg.h"
#include "gaexp/experiment.h"
#include "gaexp/genome.h"
#include "gaexp/pack.h"
#include "gaexp/problem.h"
#include "tests/fuzz/fuzz.h"

/*
 * The input is one flag byte, then the rest R:
 *   flag bit 0 clear: R is the payload; the harness wraps it in a valid
 *     header (checksum and config hash computed as the reader checks them),
 *     so every input reaches the payload's parser;
 *   flag bit 0 set: R is the whole checkpoint file, header included;
 *   flag bit 1: the .part files are one byte shorter than the
 *     payload says (a resume must refuse them).
 * The corpus under tests/fuzz/corpus/checkpoint holds real payloads with
 * the flag byte 0 in front.
 */

#define FUZZ_CK_MAX_GENES (8u << 20) /* genes a load may allocate (twice): bounded memory */
#define FUZZ_CK_MAX_PART (1u << 20)  /* bytes of each .part file */

/* The header as cli/store/checkpoint.c writes it. */
struct fuzz_ck_header {
    char magic[8];
    uint32_t order, version;
    uint64_t config_hash, length, checksum;
};

/* The streamed files a checkpoint marks, in its order (cli/runner/run_session.h's RUN_STREAMED). */
#define FUZZ_CK_PARTS 4
static const char *const fuzz_ck_parts[FUZZ_CK_PARTS] = {"generations.csv.part", "summary.csv.part", "times.csv.part",
                                                          "front.csv.part"};
static char fuzz_ck_dir[] = "/tmp/fuzz_checkpoint.XXXXXX";
bool fuzz_checkpoint_loaded;
static FILE *fuzz_ck_err; /* stderr while the reader runs: its messages, checked then dropped */

static void fuzz_ck_write(const char *name, const void *a, size_t na, const void *b, size_t nb)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", fuzz_ck_dir, name);
    FILE *f = fopen(path, "wb");
    FUZZ_CHECK(f, "cannot write %s", path);
    FUZZ_CHECK((na == 0 || fwrite(a, na, 1, f) == 1) && (nb == 0 || fwrite(b, nb, 1, f) == 1), "write %s", path);
    FUZZ_CHECK(fclose(f) == 0, "close %s", path);
}

/* At exit: the temporary folder and what the reader left in it. */
static void fuzz_ck_cleanup(void)
{
    DIR *d = opendir(fuzz_ck_dir);
    if (!d)
        return;
    for (struct dirent *entry; (entry = readdir(d));) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", fuzz_ck_dir, entry->d_name);
        if (entry->d_name[0] != '.')
            remove(path);
    }
    closedir(d);
    rmdir(fuzz_ck_dir);
}

static long long fuzz_ck_size(const char *name)
{
    char path[256];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", fuzz_ck_dir, name);
    return stat(path, &st) == 0 ? (long long)st.st_size : -1;
}

/* False when the payload's configuration asks for more memory than a fuzz
 * run should spend (a real resume would allocate it). */
static bool fuzz_ck_affordable(const uint8_t *payload, size_t len)
{
    uint64_t config_len;
    if (len < sizeof config_len)
        return true;
    memcpy(&config_len, payload, sizeof config_len);
    const char *text = (const char *)payload + sizeof config_len;
    if (config_len == 0 || config_len > len - sizeof config_len || text[config_len - 1] != '\0')
        return true; /* refused before any allocation */
    struct ga_diag diag = {0};
    struct ga_cfg *cfg = ga_cfg_alloc(&diag);
    bool ok = true;
    if (cfg && ga_cfg_load_string(cfg, "fuzz.cfg", text)) {
        struct output_settings out;
        struct ga_experiment *e = cli_experiment_alloc(cfg, 0, &out);
        if (e)
            ok = e->params.population * e->params.islands <=
                 FUZZ_CK_MAX_GENES / ga_problem_genome(e->problem, e->state).len;
        ga_experiment_free(e);
    }
    ga_cfg_free(cfg);
    return ok;
}

/* The streamed files' lengths the payload records, when it has them;
 * *hashes_at is where their hashes follow. */
static bool fuzz_ck_lengths(const uint8_t *payload, size_t len, uint64_t lengths[FUZZ_CK_PARTS], size_t *hashes_at)
{
    uint64_t config_len;
    if (len < sizeof config_len)
        return false;
    memcpy(&config_len, payload, sizeof config_len);
    size_t at = sizeof config_len + sizeof(unsigned) + sizeof(double);
    if (config_len > len || at + config_len + FUZZ_CK_PARTS * sizeof *lengths > len)
        return false;
    memcpy(lengths, payload + at + config_len, FUZZ_CK_PARTS * sizeof *lengths);
    *hashes_at = at + (size_t)config_len + FUZZ_CK_PARTS * sizeof *lengths;
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool once;
    static char filler[FUZZ_CK_MAX_PART];
    if (!once) {
        gsl_set_error_handler_off(); /* as the CLI does */
        FUZZ_CHECK(mkdtemp(fuzz_ck_dir), "mkdtemp");
        atexit(fuzz_ck_cleanup);
        fuzz_ck_err = tmpfile();
        FUZZ_CHECK(fuzz_ck_err, "tmpfile");
        for (size_t i = 0; i < sizeof filler; i++)
            filler[i] = i % 64 == 63 ? '\n' : '0' + (char)(i % 10);
        once = true;
    }
    if (size < 1)
        return 0;
    uint8_t flags = data[0];
    const uint8_t *rest = data + 1;
    size_t len = size - 1;
    bool raw = flags & 1, short_parts = flags & 2;

    uint64_t lengths[FUZZ_CK_PARTS] = {0};
    size_t hashes_at = 0;
    bool have_lengths = false;
    static uint8_t payload[1 << 22];
    if (raw) {
        fuzz_ck_write("checkpoint", rest, len, NULL, 0);
        if (len > sizeof(struct fuzz_ck_header))
            have_lengths = fuzz_ck_lengths(rest + sizeof(struct fuzz_ck_header),
                                           len - sizeof(struct fuzz_ck_header), lengths, &hashes_at);
    } else {
        if (!fuzz_ck_affordable(rest, len) || len > sizeof payload)
            return 0;
        /* The .part files hold the filler: the payload's hashes of them are
         * made to match, so that every input reaches the parser beyond. */
        memcpy(payload, rest, len);
        rest = payload;
        have_lengths = fuzz_ck_lengths(rest, len, lengths, &hashes_at);
        for (int i = 0; have_lengths && i < FUZZ_CK_PARTS && hashes_at + 8 * (size_t)(i + 1) <= len; i++) {
            size_t n = lengths[i] <= FUZZ_CK_MAX_PART ? (size_t)lengths[i] : 100;
            uint64_t hash = ga_pack_hash(filler, n);
            memcpy(payload + hashes_at + 8 * (size_t)i, &hash, sizeof hash);
        }
        struct fuzz_ck_header h = {.magic = {'g', 'a', 'e', 'x', 'p', '-', 'c', 'k'}, .order = 0x01020304u,
                                   .version = CHECKPOINT_VERSION, .length = len, .checksum = ga_pack_hash(rest, len)};
        uint64_t config_len;
        if (len >= sizeof config_len) {
            memcpy(&config_len, rest, sizeof config_len);
            if (config_len <= len - sizeof config_len)
                h.config_hash = ga_pack_hash(rest + sizeof config_len, (size_t)config_len);
        }
        fuzz_ck_write("checkpoint", &h, sizeof h, rest, len);
    }
    char stale[256];
    snprintf(stale, sizeof stale, "%s/config.cfg.part", fuzz_ck_dir);
    remove(stale);
    for (int i = 0; i < FUZZ_CK_PARTS; i++) {
        size_t n = have_lengths && lengths[i] <= FUZZ_CK_MAX_PART ? (size_t)lengths[i] : 100;
        if (short_parts && n > 0)
            n--;
        fuzz_ck_write(fuzz_ck_parts[i], filler, n, NULL, 0);
    }

    FILE *saved = stderr;
    FUZZ_CHECK(ftruncate(fileno(fuzz_ck_err), 0) == 0, "truncate");
    rewind(fuzz_ck_err);
    stderr = fuzz_ck_err;
    unsigned replicate = 0, replicates = 0;
    bool loaded = cli_resume_probe(fuzz_ck_dir, &replicate, &replicates);
    fuzz_checkpoint_loaded = loaded;
    fflush(fuzz_ck_err);
    long said = ftell(fuzz_ck_err);
    stderr = saved;

    if (loaded) {
        FUZZ_CHECK(replicates >= 1 && replicate >= 1 && replicate <= replicates, "replicate %u of %u", replicate,
                   replicates);
        FUZZ_CHECK(have_lengths, "loaded a payload too short for its files' lengths");
        for (int i = 0; i < FUZZ_CK_PARTS; i++)
            FUZZ_CHECK(fuzz_ck_size(fuzz_ck_parts[i]) == (long long)lengths[i], "%s: %lld bytes, not %llu",
                       fuzz_ck_parts[i], fuzz_ck_size(fuzz_ck_parts[i]), (unsigned long long)lengths[i]);
        FUZZ_CHECK(!short_parts || (lengths[0] == 0 && lengths[1] == 0 && lengths[2] == 0 && lengths[3] == 0),
                   "loaded with .part files shorter than the checkpoint says");
        FUZZ_CHECK(fuzz_ck_size("config.cfg.part") > 0, "no config.cfg.part");
    } else {
        FUZZ_CHECK(said > 0, "refused without a message");
    }
    return 0;
}
