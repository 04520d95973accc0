/* cli/store/publish.h — a folder's result replaced whole, never mixed with the one before
 * (--force): the new one is built in a hidden stage inside the folder and published
 * by a journal once complete (doc/data-safety.md). */
#ifndef GA_CLI_STORE_PUBLISH_H
#define GA_CLI_STORE_PUBLISH_H

#include <stdbool.h>
#include "cli/store/names.h"
#include "app/file.h"

/* How a command writes its folder. */
enum publish_mode {
    PUBLISH_NEW,    /* no --force: the folder must hold no file */
    PUBLISH_FORCE,  /* --force: an old result of the kind is replaced whole */
    PUBLISH_RESUME, /* going on with the result in the folder itself */
    PUBLISH_STAGED, /* going on with the result a killed --force left in the stage */
};

/* A folder being written, from publish_open to publish_close. */
struct publish {
    enum names_kind kind;        /* NAMES_RUN, _SWEEP, _EXPORT or _TUNE */
    const char *dir;             /* the folder as named: the caller's string */
    char where[APP_PATH_MAX]; /* where the new result is written: dir, or its stage */
    bool staged;                 /* 'where' is the stage, which publish_close publishes */
    int lock;                    /* on dir (its descriptor), held until publish_close */
    int stage;                   /* on the stage, open from its start: its syncfs reports any write-back error since */
};

/* Makes dir (and its parents), takes its lock for the whole command,
 * finishes a publication a kill interrupted, then checks what dir holds,
 * before any work: a folder of another kind, a name gaexp would write or
 * remove that is a symbolic link, FIFO or device (or not a folder where
 * gaexp writes one), a file gaexp did not write inside one of its
 * folders, and, with PUBLISH_NEW, any file at all, are refused.  With
 * PUBLISH_FORCE over an old result of a kind that publishes (all but a
 * run, which its commit journal replaces), p->where is a fresh stage;
 * with PUBLISH_STAGED, the stage a killed --force left.  APP_OK, or
 * APP_USAGE / APP_FAILED after one message, nothing held. */
int publish_open(struct publish *p, const char *dir, enum names_kind kind, enum publish_mode mode);
/* Ends the command: with 'publish' and a stage, makes the stage durable,
 * writes the journal and rolls it forward (the old result replaced); a
 * stage not published is kept when it can be gone on with (a sweep's) or
 * says why it failed (a tuning's irace.log), else removed.  Unlocks.  False (message printed) when the publication
 * failed. */
bool publish_close(struct publish *p, bool publish);

/* Finishes a publication a kill left in dir (under its lock, taken and
 * dropped here), for 'gaexp resume' and for the commands that read dir:
 * APP_OK when none is pending or it was finished (*finished says which;
 * may be NULL), else, after a message, APP_USAGE (dir in use, or a
 * 'publish' that is not gaexp's journal) or APP_FAILED (the roll forward
 * failed: 'gaexp resume DIR' tries again). */
int publish_finish(const char *dir, bool *finished);
/* dir's stage of a --force of kind 'kind' (".sweep.new"), into buf; false
 * when it does not fit. */
bool publish_stage_path(const char *dir, enum names_kind kind, char *buf, size_t size);
/* What dir's stage of a --force of kind 'kind' holds: none (or a kind that
 * is not gone on with), one whose command was stopped before it recorded
 * itself (a sweep's stage without its sweep.args: nothing says what it was
 * to run, and dir holds the earlier result), or one to go on with. */
enum publish_stage { PUBLISH_STAGE_NONE, PUBLISH_STAGE_UNSTARTED, PUBLISH_STAGE_STARTED };
enum publish_stage publish_stage_state(const char *dir, enum names_kind kind);
/* What a sweep's folder with a PUBLISH_STAGE_UNSTARTED stage is said to hold. */
#define PUBLISH_NEVER_STARTED                                                                  \
    "the replacing sweep (sweep --force) was stopped before it recorded its settings: it never " \
    "started, and the folder still holds the earlier sweep, unchanged"

#endif
