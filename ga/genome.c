/* ga/genome.c — names of genome kinds. */
#include "ga/genome.h"

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
