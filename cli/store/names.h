/* cli/store/names.h — the names gaexp writes in each kind of folder: one table for all that
 * replaces, removes or checks them (a run's commit, --force's publication, the refusals). */
#ifndef GA_CLI_STORE_NAMES_H
#define GA_CLI_STORE_NAMES_H

#include <stdbool.h>
#include <stddef.h>

/* The kinds of folder gaexp writes: those a command writes (the first
 * five, NAMES_COMMANDS of them) and those it writes inside them. */
enum names_kind {
    NAMES_RUN,          /* a run folder: 'gaexp run', a sweep's point */
    NAMES_SWEEP,        /* a sweep's folder */
    NAMES_EXPORT,       /* the OUT of 'gaexp export' */
    NAMES_TUNE,         /* the folder of 'gaexp tune' */
    NAMES_COMPARE,      /* the OUT of 'gaexp compare' */
    NAMES_EXPORT_POINT, /* OUT/pNNN of an exported sweep */
    NAMES_EXPORT_DATA,  /* data_f<id>_<problem>/ of an export */
    NAMES_IRACE,        /* the tune folder's irace/ */
    NAMES_REPLICATES,   /* the replicates runs side by side keep (cli/store/replicates.h) */
    NAMES_NONE          /* no kind: a file holds no names */
};
#define NAMES_COMMANDS 5

/* The header of a run folder's summary.csv: one row per replicate (a
 * stop word of ga_stop_word in 'stop'; evaluations_to_target empty when
 * the target was not reached).  gaexp 0.5's summary.csv ended at 'stop'
 * (NAMES_SUMMARY_COLUMNS_0_5): read with hitting times at generations' ends. */
#define NAMES_SUMMARY_COLUMNS_0_5 "replicate,seed,solved,best,generation_found,evaluations,stop"
#define NAMES_SUMMARY_COLUMNS NAMES_SUMMARY_COLUMNS_0_5 ",evaluations_found,evaluations_to_target"
/* With several objectives or constraints: each replicate's final indicators after them. */
#define NAMES_SUMMARY_MO_COLUMNS "hv,hv_share,igd,igd_plus"

/* The most settings a sweep varies: index.csv has a column for each. */
#define NAMES_SWEEP_AXES 8

/* A sweep's point folder, from its number (from 1): p001, p002, ...,
 * p1000 (the table's "p###"). */
#define NAMES_POINT "p%03zu"
/* Point p's folder (p from 0): root/pNNN with NNN = p + 1, into dir. */
void names_point_dir(const char *root, size_t p, char *dir, size_t size);
/* Whether the row at 'line' of ROOT/index.csv names point 'point' (from
 * 1) as gaexp does: its number, and its folder pNNN (readers follow no
 * other name out of the sweep's folder); false after a message. */
bool names_point_named(const char *root, size_t line, const char *number, const char *dir, size_t point);

/* What a name is to a folder of its kind. */
enum names_role {
    NAMES_FILE,    /* a file of the result; its temporary NAME.part matches it too */
    NAMES_JOURNAL, /* a run's commit journal: replaced like a file, never named in a journal */
    NAMES_KEPT,    /* the user's once written (style.gp): never replaced nor removed */
    NAMES_FOLDER,  /* a folder of the result, holding names of kind 'inner' */
    NAMES_STAGE,   /* a hidden folder a killed writer left ('.pNNN.new'), of kind 'inner' */
};

struct names_entry {
    enum names_kind kind;
    const char *pattern; /* '#' stands for one or more digits, '*' for one or more characters */
    enum names_role role;
    enum names_kind inner; /* a folder's: what it holds */
};

/* The entry of kind k that 'name' matches, or NULL when gaexp writes no
 * such name in a folder of that kind. */
const struct names_entry *names_find(enum names_kind k, const char *name);
/* The entries of kind k, in the table's order: the first, and *n of them. */
const struct names_entry *names_list(enum names_kind k, size_t *n);
/* Whether 'name' is a temporary "NAME.part" (a file being written). */
bool names_temporary(const char *name);
/* What a folder of kind k holds, for messages: "a sweep", "an export". */
const char *names_what(enum names_kind k);

#endif
