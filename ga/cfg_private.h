/* ga/cfg_private.h — the fields of a loaded experiment file, for the library and gaexp's own code. */
#ifndef GA_CFG_PRIVATE_H
#define GA_CFG_PRIVATE_H

#include "gaexp/cfg.h"

struct ga_cfg_asked {
    const config_setting_t *group;
    const char *key; /* a string literal of the reader */
};

struct ga_cfg {
    config_t conf;
    char file[512]; /* the name diagnostics show */
    struct ga_diag *diag;
    struct ga_cfg_asked *asked;
    size_t asked_count, asked_cap;
    size_t settings;     /* '=' and ':' seen in the files read: GA_CFG_MAX_SETTINGS at most */
    char **inputs;       /* absolute paths of the input files read (ga_cfg_file) */
    size_t input_count;
    bool oom;
};

#endif
