/* cli/runner/guard.h — a plug-in that crashes, calls exit() or breaks its contract is named, and what is
 * kept said: one message, exit 1 (a crash, exit()) or 2 (a hook's wrong answer). */
#ifndef GA_CLI_RUNNER_GUARD_H
#define GA_CLI_RUNNER_GUARD_H

#include <stdbool.h>
#include <stddef.h>

struct ga_catalog;
struct ga_experiment;
struct ga_fault;

/* Installs the handlers of SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT (on
 * a stack of their own, so that a stack overflow is caught too) and of
 * exit(): while armed, either ends gaexp with one message naming the
 * plug-in and the hook it came from (when a plug-in's code is on the
 * stack), what is kept and how to go on, and exit status 1.  A crash in
 * gaexp's own code says so and ends as the signal would. */
void cli_guard_install(void);
/* A thread gaexp starts (start) and ends (!start) with a stack of its
 * own for the handlers, as the installing thread has: a stack overflow in
 * a hook it calls is named too.  (The threads OpenMP starts inside a run
 * have none: a stack overflow there ends gaexp unnamed, with SIGSEGV.) */
void cli_guard_thread(bool start);
/* Armed while a command runs: gaexp itself never calls exit() then. */
void cli_guard_arm(bool armed);
/* What an interruption now leaves (printf-style: "DIR keeps its
 * checkpoint of generation 5") and the folder 'gaexp resume' goes on with
 * (NULL: nothing to resume), for those messages; the main thread only,
 * between the hooks' calls. */
void cli_guard_keep(const char *resume, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* The same, fixed until the command ends: a sweep's, which the runs of
 * its points then leave as it is. */
void cli_guard_keep_fixed(const char *resume, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Interruption: SIGINT and SIGTERM stop a run at the end of the
 * generation under way.  While runs go on (cli_guard_hooks(true)),
 * cli_guard_interrupted (async-signal-safe: for the signal handlers)
 * gives the generations under way a second; cli_guard_settled says they
 * stopped in time.  A generation still under way a second later (a hook
 * that does not return) ends gaexp, saying what the last checkpoint kept
 * (exit status 130); writing what is kept, between generations, is never
 * cut short.  Each thread brackets its generations (ga_run_init,
 * ga_run_iterate) with cli_guard_generation(true) and (false). */
void cli_guard_hooks(bool running);
void cli_guard_generation(bool begins);
void cli_guard_interrupted(void);
void cli_guard_settled(void);

/* A plug-in loaded from 'path' (resolved): its code's address range (its
 * loaded segments) and the hooks of the tables it registered, entries
 * [first[k], last[k]) of the catalogue's problems, crossovers, mutations
 * and selections (k = 0..3).  False when the table is full: a crash in
 * that plug-in is then not told from gaexp's own. */
bool cli_guard_plugin(const char *path, const struct ga_catalog *cat, const size_t first[4], const size_t last[4]);
/* The plug-in whose code or tables hold 'address' (a problem's or an
 * operator's table): its path, or NULL for gaexp's own. */
const char *cli_guard_owner(const void *address);
/* Whether e's problem or one of its operators comes from a plug-in. */
bool cli_guard_plugin_in(const struct ga_experiment *e);

/* What a run's fault was (ga_run_fault), into buf for one message:
 * which plug-in (or built-in problem) and hook, in which generation of
 * which replicate of e (whose folder is 'dir'), the values and the genome. */
void cli_guard_fault(const struct ga_experiment *e, const struct ga_fault *f, const char *dir, unsigned replicate,
                     char *buf, size_t size);

#endif
