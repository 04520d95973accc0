/* ga/genome.c — names of genome kinds. */
#include "gaexp/genome.h"

const char *ga_genome_kind_name(unsigned kind)
{
    switch (kind) {
    case GA_KIND_BITS:
        return "bits";
    case GA_KIND_INTS:
        return "integers";
    case GA_KIND_PERM:
        return "permutation";
    case GA_KIND_DISTINCT:
        return "distinct values";
    case GA_KIND_TREE:
        return "tree";
    }
    return "mixed";
}

size_t ga_genome_stride(size_t len)
{
    size_t bytes = len * sizeof(ga_gene), slot = sizeof(ga_gene);
    if (bytes > GA_GENOME_LINE)
        return (bytes + GA_GENOME_LINE - 1) / GA_GENOME_LINE * GA_GENOME_LINE / sizeof(ga_gene);
    while (slot < bytes)
        slot *= 2;
    return slot / sizeof(ga_gene);
}
