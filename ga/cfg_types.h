/* ga/cfg_types.h — the fields of a loaded experiment file (struct ga_cfg) and of the files it read; private to the library. */
#ifndef GA_CFG_TYPES_H
#define GA_CFG_TYPES_H

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

#endif
