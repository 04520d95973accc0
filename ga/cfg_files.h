/* ga/cfg_files.h — the files of a configuration (ga/cfg_files.c), for the reader ga/cfg.c; private to the library. */
#ifndef GA_CFG_FILES_H
#define GA_CFG_FILES_H

#include "ga/cfg_types.h"

/* Every ga_cfg's libconfig tree has this destructor (a no-op: hooks own
 * nothing), which tells its settings from those of other trees. */
void cfg_hook_destructor(void *hook);
/* The configuration whose tree holds s, or NULL for a plain libconfig tree. */
struct ga_cfg *cfg_owner(const config_setting_t *s);
/* Where line 'at' of the parsed text was written: file and line. */
void cfg_line(const struct ga_cfg *c, unsigned at, const char **file, unsigned *line);
/* The folder of 'file' into buf: what relative paths written in it resolve against. */
void cfg_dir_of(const char *file, char *buf, size_t size);
/* 'text' as a message shows it, into 'shown' (size bytes): each control
 * character escaped (\n, \t, \xNN), and cut with "..." where it does not
 * fit.  Whether it holds a control character (in a file name, one that no
 * result file could record on its line). */
bool cfg_escape(const char *text, char *shown, size_t size);
#define CFG_NAME_UNSAFE \
    "the file name holds a control character, which gaexp's result files could not record on its line: rename the file"
/* Where setting s of its configuration c was written: file and line. */
void cfg_source(const struct ga_cfg *c, const config_setting_t *s, const char **file, unsigned *line);
/* Reads path (and its @includes, expanded in place) into one text to
 * parse, recording the files and where each line comes from; NULL with a
 * diagnostic.  'check' runs on the text of each file as read. */
char *cfg_expand(struct ga_cfg *c, const char *path, bool (*check)(struct ga_cfg *, const char *, const char *));
/* The input file at the absolute 'path', read now or earlier; NULL with a
 * diagnostic when unreadable, or with why in changed (size bytes; else
 * empty) when it is not what an expectation recorded, for the caller to
 * say at its setting. */
const struct cfg_file *cfg_input_read(struct ga_cfg *c, const char *path, char *changed, size_t size);
/* The comments leading 'text' (a configuration gaexp kept, named 'path'):
 * GA_CFG_INPUT_LINE as expectations; GA_CFG_EXPERIMENT_LINE and
 * GA_CFG_INCLUDE_LINE as the files it was first read from, listed by
 * ga_cfg_read_file instead of the file at index 'self' of the store
 * (SIZE_MAX: none, for a text not read from a file). */
bool cfg_recorded(struct ga_cfg *c, const char *text, const char *path, size_t self);
/* Records that setting s named an input as 'given', resolved to 'absolute'. */
bool cfg_resolved(struct ga_cfg *c, const config_setting_t *s, const char *given, const char *absolute);
void cfg_files_free(struct ga_cfg *c);
/* c reads the files 'from' read, and records with it those it reads
 * ('from' must outlive c); what c read before is dropped.  For
 * ga_cfg_copy. */
void cfg_files_share(struct ga_cfg *c, struct ga_cfg *from);

#endif
