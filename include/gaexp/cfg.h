/* gaexp/cfg.h — experiment files: libconfig plus validation (presence, type, range, unknown keys). */
#ifndef GA_CFG_H
#define GA_CFG_H

#include "gaexp/export.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <libconfig.h>
#include "gaexp/diag.h"

GAEXP_API_BEGIN

/* A loaded experiment file.  Every read goes through the ga_cfg_* getters:
 * they check type and range, report with file and line, write the default
 * back into the tree when a key is absent (so the tree becomes the fully
 * resolved configuration) and mark the key as known.  ga_cfg_check_unknown
 * then reports every setting nobody asked for, with a did-you-mean hint. */
struct ga_cfg; /* opaque: its fields are the library's (ga/cfg_types.h) */

/* libconfig 1.5 adds each setting after a linear search of its group, so
 * its parse is quadratic in the number of settings: they are counted (and
 * bounded) before parsing, over the main file and its @includes. */
#define GA_CFG_MAX_SETTINGS 4096
/* The largest experiment, puzzle or deal file gaexp reads. */
#define GA_CFG_FILE_MAX ((size_t)16 << 20)

/* Opens an input file (experiment, puzzle, deal file) for reading only
 * when it is a regular file of at most GA_CFG_FILE_MAX bytes: a FIFO,
 * device or folder is refused at once, and so is a name holding a control
 * character (no result file could record it on its line).  NULL with a
 * diagnostic. */
FILE *ga_cfg_fopen(const char *path, struct ga_diag *d);

/* The libconfig tree of the experiment (for lookups the getters do not
 * cover); it lives as long as c. */
config_t *ga_cfg_config(struct ga_cfg *c);
/* The name diagnostics show for the file. */
const char *ga_cfg_name(const struct ga_cfg *c);
/* The diagnostics the configuration adds to, for a problem that reads an
 * input file of its own and reports that file's lines. */
struct ga_diag *ga_cfg_diag(struct ga_cfg *c);
/* True once an allocation failed: the tree or the diagnostics are incomplete. */
bool ga_cfg_oom(const struct ga_cfg *c);

/* An empty configuration whose diagnostics go to diag (borrowed, outlives
 * it); NULL when out of memory.  ga_cfg_free(NULL) does nothing. */
struct ga_cfg *ga_cfg_alloc(struct ga_diag *diag);
void ga_cfg_free(struct ga_cfg *c);
/* Reads a file; false (with a diagnostic) on a missing file or a syntax error. */
bool ga_cfg_load(struct ga_cfg *c, const char *path);
/* Reads from a string (tests), naming it 'name' in diagnostics. */
bool ga_cfg_load_string(struct ga_cfg *c, const char *name, const char *text);
/* Applies "a.b.c=value" from the command line; the value is a libconfig
 * scalar, array or list, or else taken as a bare string. */
bool ga_cfg_override(struct ga_cfg *c, const char *assignment);
/* Sets the setting at dotted 'path' to the string 'value' as it is. */
bool ga_cfg_override_string(struct ga_cfg *c, const char *path, const char *value);

/* Puts a copy of 'value' (a setting of another configuration, which must
 * outlive this one) at the dotted path; diagnostics about it then name
 * value's file and line.  For sweeps. */
bool ga_cfg_override_value(struct ga_cfg *c, const char *path, const config_setting_t *value);

config_setting_t *ga_cfg_root(struct ga_cfg *c);
/* The group 'key' of 'parent', created when absent; NULL (diagnosed) when
 * the key holds something else. */
config_setting_t *ga_cfg_group(struct ga_cfg *c, config_setting_t *parent, const char *key);

/* Getters: true when *out holds a valid value (given or default). */
bool ga_cfg_int(struct ga_cfg *c, config_setting_t *group, const char *key, long long def,
                long long min, long long max, long long *out);
bool ga_cfg_double(struct ga_cfg *c, config_setting_t *group, const char *key, double def,
                   double min, double max, double *out);
bool ga_cfg_bool(struct ga_cfg *c, config_setting_t *group, const char *key, bool def, bool *out);
/* A required list (or array) of min_count..max_count integers, each in
 * [min, max], into out[]; *count is how many. */
bool ga_cfg_int_list(struct ga_cfg *c, config_setting_t *group, const char *key, size_t min_count,
                     size_t max_count, long long min, long long max, long long *out, size_t *count);
/* The same for numbers in [min, max]. */
bool ga_cfg_double_list(struct ga_cfg *c, config_setting_t *group, const char *key, size_t min_count,
                        size_t max_count, double min, double max, double *out, size_t *count);
/* A string; the result lives as long as the configuration. */
bool ga_cfg_string(struct ga_cfg *c, config_setting_t *group, const char *key, const char *def,
                   const char **out);
/* A string naming an input file (a puzzle, a deal file): resolved against
 * the folder of the file the setting was read from (the working directory
 * for --set), checked to be a regular file of at most GA_CFG_FILE_MAX
 * bytes, read once (see below: ga_cfg_input gives its bytes), and written
 * back into the tree as an absolute path (so config.cfg names the same
 * file from anywhere).  An empty value (the default "") is returned as it
 * is. */
bool ga_cfg_file(struct ga_cfg *c, config_setting_t *group, const char *key, const char *def,
                 const char **out);
/* THE FILES OF AN EXPERIMENT, READ ONCE.  A configuration reads its
 * experiment file and every @include once (they are expanded before
 * parsing, and diagnostics still name each file and line), and each input
 * file named through ga_cfg_file once: its bytes are kept, a problem reads
 * them with ga_cfg_input, and configurations made from one another share
 * them, so that every point of a sweep sees the same content whatever
 * happens to the file meanwhile.  Each file's content hash (FNV-1a, 64
 * bits) is kept for the record a run or sweep writes. */
enum ga_cfg_kind {
    GA_CFG_EXPERIMENT, /* the experiment file ga_cfg_load read */
    GA_CFG_INCLUDE,    /* one of its @includes */
    GA_CFG_INPUT,      /* a file named by a setting (ga_cfg_file) */
};
/* The input file at 'path' (as ga_cfg_file returned it) as a stream over
 * the bytes read then; NULL (with a diagnostic) when c read no such file.
 * fclose it. */
FILE *ga_cfg_input(struct ga_cfg *c, const char *path);
/* The files read so far by c and those sharing its files, in the order
 * first read: false past the last.  *kind may be NULL. */
bool ga_cfg_read_file(const struct ga_cfg *c, size_t i, const char **path, uint64_t *hash,
                      enum ga_cfg_kind *kind);
/* The input files this configuration itself read (ga_cfg_file), in the
 * order first read: false past the last. */
bool ga_cfg_used_input(const struct ga_cfg *c, size_t i, const char **path, uint64_t *hash);
/* Records that the input file at absolute 'path' had content hash 'hash'
 * when 'since' happened ("the run started", copied): reading it with
 * another content is then refused, with a message saying so.  False when
 * out of memory. */
bool ga_cfg_expect(struct ga_cfg *c, const char *path, uint64_t hash, const char *since);
/* Copies every top-level setting of 'from' but 'except' (NULL: none) into
 * c (empty), each keeping its file and line for diagnostics, and shares
 * its files: c reads what 'from' read, and records with it what it reads
 * ('from' must outlive c), so a configuration is made from another without
 * reading anything again (the points of a sweep).  False when out of
 * memory. */
bool ga_cfg_copy(struct ga_cfg *c, struct ga_cfg *from, const char *except);
/* Rewrites, in c, the string settings that the input files 'derived' read
 * were named by (traced by file, line and value: settings that 'derived'
 * copied from c, or that --set gave both) to the absolute paths they were
 * resolved to, so that c names its inputs from anywhere; the lists of
 * values a sweep holds included.  For a configuration kept in a folder. */
void ga_cfg_absolute_inputs(struct ga_cfg *c, const struct ga_cfg *derived);
/* An experiment file's leading comment lines "# input file HASH PATH"
 * (HASH 16 hexadecimal digits: what gaexp writes at the top of the
 * configurations it keeps, config.cfg and sweep.cfg) become expectations
 * (ga_cfg_expect) when ga_cfg_load or ga_cfg_load_string reads it: a
 * kept configuration reads the inputs it recorded, or refuses them. */
#define GA_CFG_INPUT_LINE "# input file"
/* Its leading lines "# input experiment HASH PATH" and "# input include
 * HASH PATH" name the files a kept configuration was first read from
 * (sweep.cfg): ga_cfg_read_file lists them instead of the kept file, so a
 * configuration kept again from it names the same origin. */
#define GA_CFG_EXPERIMENT_LINE "# input experiment"
#define GA_CFG_INCLUDE_LINE "# input include"

/* A string that must be one of 'choices' (n of them); *out is its index. */
bool ga_cfg_choice(struct ga_cfg *c, config_setting_t *group, const char *key,
                   const char *const *choices, size_t n, size_t def, size_t *out);
/* A setting read by hand: marks it known (and records the key for hints). */
config_setting_t *ga_cfg_lookup(struct ga_cfg *c, config_setting_t *group, const char *key);

/* Adds 'key' of 'type' to 'group' as a known setting: for a default that a
 * reader writes back by hand.  NULL when out of memory. */
config_setting_t *ga_cfg_add(struct ga_cfg *c, config_setting_t *group, const char *key, int type);
/* Reports, with a hint, a setting's value that names nothing known. */
void ga_cfg_unknown_name(struct ga_cfg *c, config_setting_t *s, const char *what,
                         const char *const *names, size_t n);
/* Adds a diagnostic located at setting s. */
void ga_cfg_error(struct ga_cfg *c, const config_setting_t *s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Adds a diagnostic at key 'key' of 'group' (the key itself may be absent). */
void ga_cfg_error_at(struct ga_cfg *c, const config_setting_t *group, const char *key,
                     const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Reports every setting no reader asked for. */
void ga_cfg_check_unknown(struct ga_cfg *c);
/* Writes the resolved configuration. */
bool ga_cfg_write(struct ga_cfg *c, FILE *out);
/* A setting's value as text: a number as written ("5", "0.3"), a string
 * without quotes, true/false, a list or array as its items separated by
 * spaces ("3 3 8 8"), a group as "". */
void ga_cfg_value_text(const config_setting_t *s, char *buf, size_t size);
/* The dotted path of a setting, e.g. "ga.mutation.rate". */
void ga_cfg_path(const config_setting_t *s, char *buf, size_t size);

GAEXP_API_END

#endif
