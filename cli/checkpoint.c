/* cli/checkpoint.c — the checkpoint file of an output folder: written atomically, read with every check. */
#include "cli/checkpoint.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

static const char checkpoint_magic[8] = {'g', 'a', 'e', 'x', 'p', '-', 'c', 'k'};
#define CHECKPOINT_ORDER 0x01020304u

struct checkpoint_header {
    char magic[8];
    uint32_t order, version;
    uint64_t config_hash, length, checksum;
};

static void checkpoint_path(char *buf, size_t size, const char *dir, const char *suffix)
{
    snprintf(buf, size, "%s/checkpoint%s", dir, suffix);
}

bool checkpoint_write(const char *dir, uint64_t config_hash, const struct ga_pack *payload)
{
    char part[1100], final[1100];
    checkpoint_path(part, sizeof part, dir, ".part");
    checkpoint_path(final, sizeof final, dir, "");
    struct checkpoint_header h = {.order = CHECKPOINT_ORDER, .version = CHECKPOINT_VERSION,
                                  .config_hash = config_hash, .length = payload->len,
                                  .checksum = ga_pack_hash(payload->data, payload->len)};
    memcpy(h.magic, checkpoint_magic, sizeof h.magic);
    FILE *f = fopen(part, "wb");
    bool ok = f && fwrite(&h, sizeof h, 1, f) == 1 &&
              (payload->len == 0 || fwrite(payload->data, payload->len, 1, f) == 1) &&
              fflush(f) == 0 && fsync(fileno(f)) == 0;
    int error = errno;
    if (f && fclose(f) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (ok && rename(part, final) == 0)
        return true;
    cli_error("cannot write the checkpoint %s: %s", final, strerror(error ? error : errno));
    remove(part);
    return false;
}

bool checkpoint_read(const char *dir, struct ga_pack *payload, uint64_t *config_hash)
{
    char path[1100];
    checkpoint_path(path, sizeof path, dir, "");
    *payload = (struct ga_pack){0};
    FILE *f = fopen(path, "rb");
    if (!f) {
        cli_error("cannot resume %s: no checkpoint (%s)", dir, strerror(errno));
        return false;
    }
    struct checkpoint_header h;
    struct stat st;
    const char *why = NULL;
    if (fread(&h, sizeof h, 1, f) != 1 || memcmp(h.magic, checkpoint_magic, sizeof h.magic) != 0)
        why = "not a gaexp checkpoint, or truncated";
    else if (h.order != CHECKPOINT_ORDER)
        why = "written on a machine of another byte order";
    else if (h.version != CHECKPOINT_VERSION)
        why = "written by another version of gaexp";
    else if (h.length > (uint64_t)1 << 40)
        why = "corrupted (impossible length)";
    else if (fstat(fileno(f), &st) != 0 || (uint64_t)st.st_size < sizeof h + h.length)
        why = "truncated"; /* before allocating what the header claims */
    if (!why) {
        payload->data = malloc(h.length ? (size_t)h.length : 1);
        payload->cap = (size_t)h.length;
        if (!payload->data)
            why = "out of memory";
        else if (h.length && fread(payload->data, (size_t)h.length, 1, f) != 1)
            why = "truncated";
        else if (fgetc(f) != EOF)
            why = "corrupted (trailing bytes)";
        else if (ga_pack_hash(payload->data, (size_t)h.length) != h.checksum)
            why = "corrupted (checksum mismatch)";
        payload->len = (size_t)h.length;
    }
    fclose(f);
    if (why) {
        cli_error("cannot resume from %s: %s", path, why);
        ga_pack_free(payload);
        return false;
    }
    *config_hash = h.config_hash;
    return true;
}

void checkpoint_remove(const char *dir)
{
    char path[1100];
    checkpoint_path(path, sizeof path, dir, "");
    remove(path);
}
