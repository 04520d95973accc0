/* problems/sched/sched_solve.c — the exact baseline: every assignment, each machine in Smith's order. */
#include <stdbool.h>
#include <string.h>

#include "problems/sched/sched.h"

/* Whether job a goes before job b on machine i in Smith's order: the lower
 * time / weight first (compared as products), ties by the job's number. */
static bool solve_before(const struct sched_instance *s, size_t i, size_t a, size_t b)
{
    uint64_t ta = (uint64_t)s->time[a][i] * s->weight[b], tb = (uint64_t)s->time[b][i] * s->weight[a];
    return ta < tb || (ta == tb && a < b);
}

/* All jobs by machine, each machine's in Smith's order (an insertion
 * sort: only each machine's own order matters to the cost). */
static void solve_smith(const struct sched_instance *s, const uint16_t *machine, uint16_t *order)
{
    for (size_t j = 0; j < s->jobs; j++) {
        size_t k = j;
        for (; k > 0; k--) {
            size_t o = order[k - 1];
            if (machine[o] < machine[j] || (machine[o] == machine[j] && !solve_before(s, machine[j], j, o)))
                break;
            order[k] = order[k - 1];
        }
        order[k] = (uint16_t)j;
    }
}

bool sched_optimum(const struct sched_instance *s, uint64_t *cost, uint16_t *order, uint16_t *machine)
{
    uint64_t count = 1;
    for (size_t j = 0; j < s->jobs; j++)
        if ((count *= s->machines) > SCHED_OPTIMUM_MAX_ASSIGNMENTS)
            return false;
    uint16_t assign[SCHED_MAX_JOBS] = {0}, sorted[SCHED_MAX_JOBS];
    uint64_t best = UINT64_MAX;
    for (uint64_t a = 0; a < count; a++) {
        uint64_t code = a;
        for (size_t j = 0; j < s->jobs; j++, code /= s->machines)
            assign[j] = (uint16_t)(code % s->machines);
        solve_smith(s, assign, sorted);
        uint64_t c = sched_cost(s, sorted, assign);
        if (c < best) {
            best = c;
            if (order)
                memcpy(order, sorted, s->jobs * sizeof *order);
            if (machine)
                memcpy(machine, assign, s->jobs * sizeof *machine);
        }
    }
    *cost = best;
    return true;
}
