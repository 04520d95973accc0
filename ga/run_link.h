/* ga/run_link.h — islands over several processes (struct ga_link): what each breeds, gathered and shared (ga/run_link.c); private to the library. */
#ifndef GA_RUN_LINK_H
#define GA_RUN_LINK_H

#include <stddef.h>

#include "ga/run_types.h"

/* The first island process p of the link breeds (p = ranks gives K). */
size_t run_link_first(const struct ga_run *run, unsigned p);
/* Gathers, in every process, the islands' parts of an array of 'per'
 * bytes an island. */
void run_link_gather(struct ga_run *run, void *block, size_t per);
/* Every process's value, in process order, into run->link_counts. */
void run_link_share(struct ga_run *run, unsigned long long mine);

#endif
