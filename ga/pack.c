/* ga/pack.c — values packed into a growing byte buffer and unpacked again. */
#include "gaexp/pack.h"

#include <stdlib.h>
#include <string.h>

void ga_pack_put(struct ga_pack *p, const void *src, size_t n)
{
    if (p->oom || n == 0)
        return; /* n == 0: src may be NULL (an empty array) */
    if (p->len + n > p->cap) {
        size_t cap = p->cap ? p->cap : 4096;
        while (cap < p->len + n)
            cap *= 2;
        unsigned char *grown = realloc(p->data, cap);
        if (!grown) {
            p->oom = true;
            return;
        }
        p->data = grown;
        p->cap = cap;
    }
    memcpy(p->data + p->len, src, n);
    p->len += n;
}

void ga_pack_free(struct ga_pack *p)
{
    free(p->data);
    *p = (struct ga_pack){0};
}

bool ga_unpack_get(struct ga_unpack *u, void *dst, size_t n)
{
    if (u->short_read || n > u->left) {
        u->short_read = true;
        return false;
    }
    if (n == 0)
        return true; /* dst may be NULL (an empty array) */
    memcpy(dst, u->data, n);
    u->data += n;
    u->left -= n;
    return true;
}

uint64_t ga_pack_hash_more(uint64_t h, const void *data, size_t n)
{
    const unsigned char *b = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

uint64_t ga_pack_hash(const void *data, size_t n)
{
    return ga_pack_hash_more(GA_PACK_HASH_START, data, n);
}
