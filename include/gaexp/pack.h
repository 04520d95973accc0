/* gaexp/pack.h — values packed into a growing byte buffer and unpacked again (a run's
 * state for a checkpoint, ga_run_pack), and the content hash gaexp records. */
#ifndef GA_PACK_H
#define GA_PACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "gaexp/export.h"

GAEXP_API_BEGIN

/* Values are copied as they lie in memory (native byte order and layout):
 * a checkpoint is read back by the gaexp that wrote it, and its header
 * records the byte order so that any other machine refuses it. */
struct ga_pack {
    unsigned char *data;
    size_t len, cap;
    bool oom; /* an append failed; the buffer is then incomplete */
};

/* Appends n bytes of src, growing the buffer; sets p->oom (and appends
 * nothing more) when it cannot grow. */
void ga_pack_put(struct ga_pack *p, const void *src, size_t n);
/* Frees the buffer and empties p (a zeroed struct ga_pack is empty). */
void ga_pack_free(struct ga_pack *p);

struct ga_unpack {
    const unsigned char *data;
    size_t left;
    bool short_read; /* a get asked for more than was left */
};

/* Copies n bytes into dst; false (and short_read) when fewer are left. */
bool ga_unpack_get(struct ga_unpack *u, void *dst, size_t n);

/* FNV-1a, 64 bits: the content hash gaexp records (of a checkpoint, a
 * configuration, an input file). */
uint64_t ga_pack_hash(const void *data, size_t n);
/* The same in pieces: h = GA_PACK_HASH_START, then h = ga_pack_hash_more(h,
 * piece, n) for each piece in order gives ga_pack_hash of them joined. */
#define GA_PACK_HASH_START 0xcbf29ce484222325ULL
uint64_t ga_pack_hash_more(uint64_t h, const void *data, size_t n);

GAEXP_API_END

#endif
