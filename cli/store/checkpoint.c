/* cli/store/checkpoint.c — the checkpoint file of an output folder: written atomically, read with every check. */
#include "cli/store/checkpoint.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/app.h"
#include "app/file.h"

static const char checkpoint_magic[8] = {'g', 'a', 'e', 'x', 'p', '-', 'c', 'k'};
#define CHECKPOINT_ORDER 0x01020304u

struct checkpoint_header {
    char magic[8];
    uint32_t order, version;
    uint64_t config_hash, length, checksum;
};

bool checkpoint_write(const char *dir, uint64_t config_hash, const struct ga_pack *payload)
{
    return checkpoint_save(dir, "checkpoint", config_hash, payload, true);
}

bool checkpoint_save(const char *dir, const char *name, uint64_t config_hash, const struct ga_pack *payload,
                     bool sync_dir)
{
    struct checkpoint_header h = {.order = CHECKPOINT_ORDER, .version = CHECKPOINT_VERSION,
                                  .config_hash = config_hash, .length = payload->len,
                                  .checksum = ga_pack_hash(payload->data, payload->len)};
    memcpy(h.magic, checkpoint_magic, sizeof h.magic);
    struct app_file f;
    if (!app_file_open(&f, dir, name))
        return false;
    fwrite(&h, sizeof h, 1, f.fp);
    if (payload->len)
        fwrite(payload->data, payload->len, 1, f.fp);
    /* app_file_commit sees any short write through ferror and keeps the
     * previous checkpoint; the folder's sync makes the rename durable. */
    if (!app_file_commit(&f))
        return false;
    if (!sync_dir || app_sync_dir(dir))
        return true;
    app_error("cannot sync %s: %s", dir, strerror(errno));
    return false;
}

bool checkpoint_read(const char *dir, struct ga_pack *payload, uint64_t *config_hash)
{
    char path[1100];
    snprintf(path, sizeof path, "%s/checkpoint", dir);
    const char *why = checkpoint_load(path, payload, config_hash);
    if (why && strcmp(why, "missing") == 0)
        app_error("cannot resume %s: no checkpoint (%s)", dir, strerror(ENOENT));
    else if (why)
        app_error("cannot resume from %s: %s", path, why);
    return !why;
}

const char *checkpoint_load(const char *path, struct ga_pack *payload, uint64_t *config_hash)
{
    *payload = (struct ga_pack){0};
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    FILE *f = fd >= 0 ? fdopen(fd, "rb") : NULL;
    if (fd >= 0 && !f)
        close(fd);
    if (!f)
        return errno == ENOENT ? "missing" : strerror(errno);
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
        ga_pack_free(payload);
        return why;
    }
    *config_hash = h.config_hash;
    return NULL;
}
