/* ga/run_link.c — islands over several processes: each process's share of the islands, their parts gathered, one value of each shared. */
#include "ga/run_link.h"

size_t run_link_first(const struct ga_run *run, unsigned p)
{
    return (size_t)p * run->params.islands / run->params.link->ranks;
}

void run_link_gather(struct ga_run *run, void *block, size_t per)
{
    const struct ga_link *link = run->params.link;
    size_t *sizes = run->link_sizes, *offsets = run->link_sizes + link->ranks;
    for (unsigned p = 0; p < link->ranks; p++) {
        offsets[p] = run_link_first(run, p) * per;
        sizes[p] = run_link_first(run, p + 1) * per - offsets[p];
    }
    link->gather(link->ctx, block, sizes, offsets);
}

void run_link_share(struct ga_run *run, unsigned long long mine)
{
    const struct ga_link *link = run->params.link;
    size_t *sizes = run->link_sizes, *offsets = run->link_sizes + link->ranks;
    for (unsigned p = 0; p < link->ranks; p++) {
        sizes[p] = sizeof *run->link_counts;
        offsets[p] = p * sizeof *run->link_counts;
    }
    run->link_counts[link->rank] = mine;
    link->gather(link->ctx, run->link_counts, sizes, offsets);
}

