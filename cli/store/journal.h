/* cli/store/journal.h — the journaled commit of a run folder, and its roll forward after a kill (doc/data-safety.md). */
#ifndef GA_CLI_STORE_JOURNAL_H
#define GA_CLI_STORE_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "app/file.h"

/* How a journaled commit ended (output_publish). */
enum output_published {
    OUTPUT_KEPT = -1,     /* failed after the journal was in place: journal and files kept for resume */
    OUTPUT_UNPUBLISHED,   /* failed before (message printed): the temporary files left to the caller */
    OUTPUT_PUBLISHED,     /* done */
};
/* The most figures one commit draws. */
#define OUTPUT_FIGURES_MAX 4
/* The journaled commit of a run folder (doc/data-safety.md): syncs the n
 * files, writes the journal DIR/commit naming them, the other run files to
 * remove and the nfigures figures to draw, each NAME.<format> from its
 * script NAME.gp, then rolls it forward. */
enum output_published output_publish(const char *dir, struct app_file *const *files, size_t n,
                                     const char *const *figures, size_t nfigures, bool quiet);
/* How output_recover found a folder. */
enum output_recovered {
    OUTPUT_RECOVERY_FAILED = -1, /* message printed */
    OUTPUT_NO_JOURNAL,           /* nothing to finish */
    OUTPUT_RECOVERED,            /* a journal was rolled forward */
};
/* Finishes a commit that a kill interrupted. */
enum output_recovered output_recover(const char *dir, bool quiet);
/* Takes the lock of the folder a run writes and finishes a commit that a
 * kill left there, so that the new run starts from a settled folder
 * (doc/data-safety.md): the lock descriptor, or -1 with *status set
 * (message printed). */
int output_lock_settled(const char *dir, bool quiet, int *status);

#endif
