/* cli/store/checkpoint.h — the checkpoint file of an output folder. */
#ifndef GA_CLI_STORE_CHECKPOINT_H
#define GA_CLI_STORE_CHECKPOINT_H

#include <stdbool.h>
#include <stdint.h>

#include "gaexp/pack.h"

/*
 * DIR/checkpoint: a header — the magic "gaexp-ck", the byte order mark
 * 0x01020304 as the writer stored it, the format version, the hash of the
 * resolved configuration, the payload's length and its checksum (FNV-1a,
 * ga_pack_hash) — then the payload, whose layout the runner owns
 * (cli/runner/run_checkpoint.c writes it, cli/runner/run_resume.c reads it
 * back).  It is written as checkpoint.part, synced and renamed, so a
 * crash leaves the previous checkpoint or the new one, never half of one.
 */
#define CHECKPOINT_VERSION 9 /* 2: hashes of the .part files and of the inputs; 3: the run's best so far;
                                4: the problem's own columns in the statistics; 5: exact hitting times;
                                6: the CMA-ES's state after the population; 7: the (1+(lambda,lambda)) GA's lambda;
                                8: front.csv's mark, the records of objectives, the statistics of several objectives;
                                9: the genomes of the fronts (best.txt), the best front so far */

/* False (message printed) when the file cannot be written whole. */
bool checkpoint_write(const char *dir, uint64_t config_hash, const struct ga_pack *payload);
/* Reads and checks DIR/checkpoint into *payload (ga_pack_free it) and
 * *config_hash; false (message printed, nothing kept) when it is missing,
 * truncated, corrupted, of another version or written on another machine. */
bool checkpoint_read(const char *dir, struct ga_pack *payload, uint64_t *config_hash);
/* The same format under another name (the replicates a run side by side
 * keeps, cli/store/replicates.h): written as checkpoint_write does, the folder
 * synced after when 'sync_dir'; read back with every check, NULL when
 * loaded, else why not ("missing" when there is no such file). */
bool checkpoint_save(const char *dir, const char *name, uint64_t config_hash, const struct ga_pack *payload,
                     bool sync_dir);
const char *checkpoint_load(const char *path, struct ga_pack *payload, uint64_t *config_hash);

#endif
