/* app/app.h — the program support layer: what gaexp's commands and the
 * problems' commands share (exit statuses, messages, option numbers, the
 * clock).  Not part of libgaexp: the library prints nothing and never
 * exits; the program, and only the program, speaks to the user. */
#ifndef GA_APP_H
#define GA_APP_H

#include <stdbool.h>
#include "gaexp/diag.h"

/* The exit statuses, one table: the enum below and 'gaexp --help' are made
 * from it (doc/data-safety.md says which failure maps onto which).
 *
 * The program's one return convention: a function that can fail in ways
 * its caller must tell apart (the input's fault or the machine's) returns
 * one of these statuses, its message printed; a helper that succeeds or
 * fails returns bool, false after printing its message; a function with
 * other outcomes returns a named enum of them (cli/store/output.h's
 * enum output_published), never a bare 1/0/-1.  What it hands back besides
 * goes through an out parameter. */
#define APP_EXIT_STATUSES(X)                                                                   \
    X(APP_OK, 0, "done")                                                                       \
    X(APP_FAILED, 1, "the machine failed us: an I/O error, a full disk, out of memory, no threads;\n\t" \
                     "or a plug-in crashed or called exit() (the message names it and the hook)")     \
    X(APP_USAGE, 2, "the input is wrong: usage, a bad setting or file, a folder in use,\n\t"      \
                    "a checkpoint that does not match its folder, an input file that changed\n\t"   \
                    "since it was recorded, a plug-in's hook that broke its contract (a NaN,\n\t"   \
                    "infinite or negative fitness; with --check an invalid genome)")              \
    X(APP_INTERRUPTED, 130, "interrupted (Ctrl-C, SIGTERM) after writing a checkpoint (runs side by side:\n\t" \
                            "keeping their replicates); a hook that does not return is given a second")
#define APP_EXIT_ENUM(name, value, text) name = value,
enum { APP_EXIT_STATUSES(APP_EXIT_ENUM) };
#undef APP_EXIT_ENUM

/* Prints "gaexp: message" and a newline to stderr. */
void app_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints every diagnostic as "gaexp: file:line: path: message". */
void app_print_diag(const struct ga_diag *d);
/* The whole of 'text' as an integer in [min, max] into *out; false after
 * printing "OPTION: expected an integer in [min, max], got 'TEXT'". */
bool app_parse_long(const char *option, const char *text, long long min, long long max, long long *out);
/* The same for a finite number in [min, max]. */
bool app_parse_double(const char *option, const char *text, double min, double max, double *out);
/* "LOW..HIGH", two integers in [min, max] with LOW <= HIGH, into *low and
 * *high; false after printing what was expected. */
bool app_parse_range(const char *option, const char *text, long long min, long long max, long long *low,
                     long long *high);
/* Wall-clock seconds since an arbitrary start (monotonic). */
double app_now(void);
/* True for the paths that mean standard output: "-" and "/dev/stdout". */
bool app_is_stdout(const char *path);

/* A command a problem offers: 'gaexp COMMAND PROBLEM ARGS...' calls
 * main(argc, argv) with argv[0] = PROBLEM; a command with one provider
 * ('gaexp deal ARGS...') calls it without the name.  The table of them is
 * made from problems/commands.def. */
struct app_command {
    const char *command; /* "solve", "design" or "deal" */
    const char *problem; /* the problem's name, as in problem.name */
    const char *summary; /* one line for 'gaexp help COMMAND' */
    const char *usage;   /* the option lines, indented, each ending with a newline */
    int (*main)(int argc, char **argv); /* an APP_ exit status */
};
/* Every problem command, NULL-terminated. */
extern const struct app_command *const app_commands[];

#endif
