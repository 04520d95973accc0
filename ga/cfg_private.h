/* ga/cfg_private.h — the fields of a loaded experiment file, private to the library. */
#ifndef GA_CFG_PRIVATE_H
#define GA_CFG_PRIVATE_H

#include "gaexp/cfg.h"

struct ga_cfg_asked {
    const config_setting_t *group;
    const char *key; /* a string literal of the reader */
};

/* A file read once: the experiment file, an @include, or an input file
 * named through ga_cfg_file (whose bytes are kept, so that every reader
 * sees what was read and hashed, whatever happens to the file later). */
struct cfg_file {
    char *path;       /* sources: as diagnostics name them; inputs: absolute */
    enum ga_cfg_kind kind;
    uint64_t hash;    /* FNV-1a of the bytes read */
    char *bytes;      /* inputs only */
    size_t len;
    bool read;        /* false: only an expectation so far (ga_cfg_expect) */
    bool origin_recorded; /* a kept configuration naming the files it came from (cfg_recorded) */
    char *since;      /* with an expectation: what recorded it, for the message */
};

/* A setting an input file was named by, as written, and where: what
 * ga_cfg_absolute_inputs looks for. */
struct cfg_resolved {
    const char *file; /* the setting's file (a string its configuration or "--set" owns) */
    unsigned line;
    char *given, *absolute;
};

/* The files of one experiment: owned by the configuration that read them
 * first, shared by those made from it (cfg_files_share, ga_cfg_copy). */
struct cfg_files {
    struct cfg_file *file;
    size_t count, cap;
};

/* Lines 'first' on of the text libconfig parsed come from file 'file'
 * (an index into the files) from its line 'line' on: @includes are
 * expanded before parsing, so that each file is read once. */
struct cfg_span {
    unsigned first, line;
    size_t file;
};

/* 'conf' stays the first member: a setting's config_t pointer is then its
 * configuration's (cfg_owner). */
struct ga_cfg {
    config_t conf;
    char file[512]; /* the name diagnostics show */
    struct ga_diag *diag;
    struct ga_cfg_asked *asked;
    size_t asked_count, asked_cap;
    size_t settings;          /* '=' and ':' seen in the files read: GA_CFG_MAX_SETTINGS at most */
    struct cfg_files *files;  /* owned unless shared from another configuration */
    bool files_shared;
    struct cfg_span *spans;   /* where the lines of the parsed text come from (none: c->file) */
    size_t span_count;
    size_t *used;             /* the input files this configuration read, as indices into files */
    size_t used_count;
    struct cfg_resolved *resolved; /* how each input's setting named it */
    size_t resolved_count;
    bool oom;
};

/* ga/cfg_files.c, for ga/cfg.c. */
/* Every ga_cfg's libconfig tree has this destructor (a no-op: hooks own
 * nothing), which tells its settings from those of other trees. */
void cfg_hook_destructor(void *hook);
/* The configuration whose tree holds s, or NULL for a plain libconfig tree. */
struct ga_cfg *cfg_owner(const config_setting_t *s);
/* Where line 'at' of the parsed text was written: file and line. */
void cfg_line(const struct ga_cfg *c, unsigned at, const char **file, unsigned *line);
/* The folder of 'file' into buf: what relative paths written in it resolve against. */
void cfg_dir_of(const char *file, char *buf, size_t size);
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
