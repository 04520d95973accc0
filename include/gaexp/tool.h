/* gaexp/tool.h — a problem's subcommands ('gaexp solve NAME', 'design NAME', 'deal') and their helpers. */
#ifndef GAEXP_TOOL_H
#define GAEXP_TOOL_H

#include <stdbool.h>
#include <stdio.h>
#include "gaexp/diag.h"
#include "gaexp/export.h"

GAEXP_API_BEGIN

/* A subcommand a problem offers, listed in its table (struct ga_problem's
 * 'tools').  'gaexp COMMAND NAME ARGS...' calls main(argc, argv) with
 * argv[0] = NAME; 'gaexp deal ARGS...' (a command with one tool) calls the
 * only problem offering it.  Tools are command-level code: they print their
 * results and messages (through the helpers below) and return an exit
 * status, GA_EXIT_OK, GA_EXIT_FAILED or GA_EXIT_USAGE. */
struct ga_tool {
    const char *command; /* "solve", "design" or "deal" */
    const char *summary; /* one line for 'gaexp help COMMAND' */
    const char *usage;   /* the option lines, indented, each ending with a newline */
    int (*main)(int argc, char **argv);
};

/* The exit statuses of gaexp and of its tools. */
enum { GA_EXIT_OK = 0, GA_EXIT_FAILED = 1, GA_EXIT_USAGE = 2 };

/* Prints "gaexp: message" and a newline to stderr. */
void ga_tool_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints every diagnostic as "gaexp: file:line: path: message". */
void ga_tool_print_diag(const struct ga_diag *d);
/* The whole of 'text' as an integer in [min, max] into *out; false after
 * printing "OPTION: expected an integer in [min, max], got 'TEXT'". */
bool ga_tool_parse_long(const char *option, const char *text, long long min, long long max,
                        long long *out);
/* The same for a finite number in [min, max]. */
bool ga_tool_parse_double(const char *option, const char *text, double min, double max, double *out);
/* Wall-clock seconds since an arbitrary start (monotonic). */
double ga_tool_now(void);

/* A file written under PATH.part and renamed to PATH when complete, so that
 * an interrupted tool never leaves a complete-looking file.  Open it, write
 * to 'fp', then commit (flush, sync, rename) or abandon (remove).  PATH "-"
 * or "/dev/stdout" writes to standard output.  An existing PATH that is not
 * a regular file (a symlink, device, FIFO, folder) is never replaced, a
 * symlink at PATH.part never followed, and a path too long is refused, never
 * cut. */
struct ga_tool_file {
    FILE *fp;
    char path[1024];
    char part_path[1040];
};
/* True for the paths that mean standard output: "-" and "/dev/stdout". */
bool ga_tool_is_stdout(const char *path);
/* Opens PATH.part; false after printing a message. */
bool ga_tool_file_open(struct ga_tool_file *f, const char *path);
/* False after printing a message (the .part file is then removed). */
bool ga_tool_file_commit(struct ga_tool_file *f);
/* Flushes, syncs and closes fp (a file being written): 0, or the errno of
 * the first failure (EIO when the stream failed without one). */
int ga_tool_sync_close(FILE *fp);
void ga_tool_file_abandon(struct ga_tool_file *f);

GAEXP_API_END

#endif
