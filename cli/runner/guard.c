/* cli/runner/guard.c — a plug-in that crashes, calls exit() or breaks its contract is named, and what is
 * kept said.  The crash handler finds the plug-in's code on the stack by address: its segments
 * and its hooks are recorded when it is loaded, so the handler only reads tables and writes. */
#define _GNU_SOURCE /* dl_iterate_phdr, REG_RIP */
#include "config.h"

#include "cli/runner/guard.h"

#include <elf.h>
#include <execinfo.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#include "app/app.h"
#include "gaexp/experiment.h"
#include "gaexp/run.h"

#define GUARD_PLUGINS 16
#define GUARD_STACK (1 << 16) /* a thread's stack for the handlers, where a stack overflow still runs them */
#define GUARD_RANGES 8
#define GUARD_HOOKS 512
#define GUARD_FRAMES 128

struct guard_plugin {
    char path[PATH_MAX];
    uintptr_t from[GUARD_RANGES], to[GUARD_RANGES]; /* its loaded segments */
    size_t ranges;
    uintptr_t bias; /* where it was loaded: symbol values + bias are addresses */
    /* Its function symbols from the ELF symbol table, by address: GCC moves a
     * hook's cold paths (those that call abort or exit) into
     * "hook.cold", away from the hook, and only the name tells. */
    struct guard_symbol *symbols;
    size_t symbol_count;
    char *names;
};

struct guard_symbol {
    uintptr_t from, to;
    size_t name; /* offset into the plug-in's names */
};

/* A hook's entry point and what it is: "evaluate of problem 'queens'". */
struct guard_hook {
    uintptr_t at;
    size_t plugin;
    const char *function; /* its function's name in the plug-in's names, or NULL */
    char what[120];
};

static struct guard_plugin guard_plugins[GUARD_PLUGINS];
static size_t guard_plugin_count;
static struct guard_hook guard_hooks[GUARD_HOOKS];
static size_t guard_hook_count;
static volatile sig_atomic_t guard_armed;
/* What an interruption leaves ("DIR keeps its checkpoint of ...") and the
 * folder 'gaexp resume' goes on with, for the messages: written into the
 * pair not shown, then shown (a handler may read them at any moment). */
struct guard_kept {
    char what[1200];
    char resume[1100]; /* "": nothing to resume */
};
static struct guard_kept guard_kept[2];
static volatile sig_atomic_t guard_kept_shown;
static bool guard_kept_fixed; /* a sweep's: the runs of its points do not change it */
static volatile sig_atomic_t guard_hooks_run; /* runs under way: an interruption gives their generations a second */
static atomic_int guard_generations;          /* threads inside a generation (cli_guard_generation) */
static struct sigaction guard_previous[32]; /* the handlers before ours (a sanitizer's), by signal */
static const int guard_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

/* ---- recording a plug-in ------------------------------------------------------------- */

struct guard_search {
    const char *path;
    struct guard_plugin *plugin;
};

static int guard_segments(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    struct guard_search *s = arg;
    if (!info->dlpi_name || strcmp(info->dlpi_name, s->path) != 0)
        return 0;
    s->plugin->bias = info->dlpi_addr;
    for (int i = 0; i < info->dlpi_phnum && s->plugin->ranges < GUARD_RANGES; i++)
        if (info->dlpi_phdr[i].p_type == PT_LOAD) {
            uintptr_t from = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
            s->plugin->from[s->plugin->ranges] = from;
            s->plugin->to[s->plugin->ranges++] = from + info->dlpi_phdr[i].p_memsz;
        }
    return 1;
}

static int guard_symbol_order(const void *a, const void *b)
{
    const struct guard_symbol *x = a, *y = b;
    return (x->from > y->from) - (x->from < y->from);
}

/* Reads the function symbols of p's file (the ELF symbol table, else the
 * dynamic one); none when it cannot (the hooks are then found by address). */
static void guard_symbols(struct guard_plugin *p)
{
    int fd = open(p->path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    const unsigned char *file = MAP_FAILED;
    if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size >= (off_t)sizeof(Elf64_Ehdr))
        file = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (fd >= 0)
        close(fd);
    if (file == MAP_FAILED)
        return;
    size_t size = (size_t)st.st_size;
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)file;
    if (memcmp(eh->e_ident, ELFMAG, SELFMAG) == 0 && eh->e_ident[EI_CLASS] == ELFCLASS64 &&
        eh->e_shoff + (size_t)eh->e_shnum * sizeof(Elf64_Shdr) <= size) {
        const Elf64_Shdr *sh = (const Elf64_Shdr *)(file + eh->e_shoff), *table = NULL;
        for (unsigned kind = SHT_SYMTAB; !table && kind; kind = kind == SHT_SYMTAB ? SHT_DYNSYM : 0)
            for (unsigned i = 0; i < eh->e_shnum && !table; i++)
                if (sh[i].sh_type == kind && sh[i].sh_link < eh->e_shnum)
                    table = &sh[i];
        const Elf64_Shdr *strings = table ? &sh[table->sh_link] : NULL;
        if (table && table->sh_offset + table->sh_size <= size && strings->sh_offset + strings->sh_size <= size) {
            const Elf64_Sym *sym = (const Elf64_Sym *)(file + table->sh_offset);
            size_t n = table->sh_size / sizeof *sym;
            p->symbols = calloc(n ? n : 1, sizeof *p->symbols);
            p->names = malloc(strings->sh_size + 1);
            if (p->symbols && p->names) {
                memcpy(p->names, file + strings->sh_offset, strings->sh_size);
                p->names[strings->sh_size] = '\0';
                for (size_t i = 0; i < n; i++)
                    if (ELF64_ST_TYPE(sym[i].st_info) == STT_FUNC && sym[i].st_value && sym[i].st_size &&
                        sym[i].st_name < strings->sh_size)
                        p->symbols[p->symbol_count++] = (struct guard_symbol){
                            p->bias + sym[i].st_value, p->bias + sym[i].st_value + sym[i].st_size, sym[i].st_name};
                qsort(p->symbols, p->symbol_count, sizeof *p->symbols, guard_symbol_order);
            }
        }
    }
    munmap((void *)file, size);
}

/* The plug-in's function holding 'at', or NULL. */
static const char *guard_function_at(const struct guard_plugin *p, uintptr_t at)
{
    size_t lo = 0, hi = p->symbol_count;
    while (lo < hi) { /* the first function starting above 'at' */
        size_t mid = lo + (hi - lo) / 2;
        if (p->symbols[mid].from <= at)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && at < p->symbols[lo - 1].to ? p->names + p->symbols[lo - 1].name : NULL;
}

/* Whether two symbol names are one function: "f" and "f.cold" (or
 * "f.part.0", "f.isra.0", "f.constprop.0"). */
static bool guard_same_function(const char *a, const char *b)
{
    size_t la = strcspn(a, "."), lb = strcspn(b, ".");
    return la == lb && strncmp(a, b, la) == 0;
}

/* A function pointer's address (a cast of function to object pointer is
 * not C; its bytes are). */
#define GUARD_ADDRESS(fn) guard_address((void (*)(void))(fn))
static uintptr_t guard_address(void (*fn)(void))
{
    uintptr_t at = 0;
    memcpy(&at, &fn, sizeof fn < sizeof at ? sizeof fn : sizeof at);
    return at;
}

static void guard_hook(size_t plugin, uintptr_t at, const char *hook, const char *family, const char *name)
{
    if (!at || guard_hook_count == GUARD_HOOKS)
        return;
    struct guard_hook *h = &guard_hooks[guard_hook_count++];
    h->at = at;
    h->plugin = plugin;
    h->function = guard_function_at(&guard_plugins[plugin], at);
    snprintf(h->what, sizeof h->what, "%s of %s '%s'", hook, family, name);
}

static void guard_crossover_hooks(size_t k, const struct ga_crossover *c)
{
    guard_hook(k, GUARD_ADDRESS(c->apply), "apply", "crossover", c->name);
}

static void guard_mutation_hooks(size_t k, const struct ga_mutation *m)
{
    guard_hook(k, GUARD_ADDRESS(m->at), "at", "mutation", m->name);
    guard_hook(k, GUARD_ADDRESS(m->once), "once", "mutation", m->name);
}

static void guard_problem_hooks(size_t k, const struct ga_problem *p)
{
    guard_hook(k, GUARD_ADDRESS(p->configure), "configure", "problem", p->name);
    guard_hook(k, GUARD_ADDRESS(p->shape), "shape", "problem", p->name);
    guard_hook(k, GUARD_ADDRESS(p->init), "init", "problem", p->name);
    guard_hook(k, GUARD_ADDRESS(p->evaluate), "evaluate", "problem", p->name);
    guard_hook(k, GUARD_ADDRESS(ga_problem_evaluate_batch(p)), "evaluate_batch", "problem", p->name);
    guard_hook(k, GUARD_ADDRESS(p->valid), "valid", "problem", p->name);
    guard_hook(k, GUARD_ADDRESS(p->print), "print", "problem", p->name);
    guard_hook(k, GUARD_ADDRESS(p->release), "release", "problem", p->name);
    guard_hook(k, GUARD_ADDRESS(ga_problem_bounds(p)), "bounds", "problem", p->name);
    const struct ga_problem_columns *columns = ga_problem_columns(p);
    if (columns)
        guard_hook(k, GUARD_ADDRESS(columns->measure), "measure", "problem", p->name);
    for (const struct ga_crossover *const *c = ga_problem_crossovers(p); c && *c; c++)
        guard_crossover_hooks(k, *c);
    for (const struct ga_mutation *const *m = ga_problem_mutations(p); m && *m; m++)
        guard_mutation_hooks(k, *m);
    for (const struct ga_local *const *l = ga_problem_locals(p); l && *l; l++)
        guard_hook(k, GUARD_ADDRESS((*l)->improve), "improve", "local search", (*l)->name);
}

bool cli_guard_plugin(const char *path, const struct ga_catalog *cat, const size_t first[4], const size_t last[4])
{
    if (guard_plugin_count == GUARD_PLUGINS)
        return false;
    void *warm[1];
    backtrace(warm, 1); /* loads the unwinder now, not in a signal handler (only plug-ins need it) */
    size_t k = guard_plugin_count;
    struct guard_plugin *p = &guard_plugins[k];
    snprintf(p->path, sizeof p->path, "%s", path);
    p->ranges = 0;
    struct guard_search search = {path, p};
    dl_iterate_phdr(guard_segments, &search);
    guard_symbols(p);
    for (size_t i = first[0]; i < last[0]; i++)
        guard_problem_hooks(k, cat->problems[i]);
    for (size_t i = first[1]; i < last[1]; i++)
        guard_crossover_hooks(k, cat->crossovers[i]);
    for (size_t i = first[2]; i < last[2]; i++)
        guard_mutation_hooks(k, cat->mutations[i]);
    for (size_t i = first[3]; cat->selections && i < last[3]; i++) {
        const struct ga_selection *s = cat->selections[i];
        guard_hook(k, GUARD_ADDRESS(s->work_size), "work_size", "selection", s->name);
        guard_hook(k, GUARD_ADDRESS(s->prepare), "prepare", "selection", s->name);
        guard_hook(k, GUARD_ADDRESS(s->draw), "draw", "selection", s->name);
    }
    guard_plugin_count++;
    return true;
}

/* The plug-in whose segments hold 'at', or GUARD_PLUGINS. */
static size_t guard_plugin_of(uintptr_t at)
{
    for (size_t k = 0; k < guard_plugin_count; k++)
        for (size_t r = 0; r < guard_plugins[k].ranges; r++)
            if (at >= guard_plugins[k].from[r] && at < guard_plugins[k].to[r])
                return k;
    return GUARD_PLUGINS;
}

const char *cli_guard_owner(const void *address)
{
    size_t k = guard_plugin_of((uintptr_t)address);
    return k < GUARD_PLUGINS ? guard_plugins[k].path : NULL;
}

/* The hook of plug-in k whose code holds 'at': the one whose function
 * (or a cold part of it) holds it, by the symbol table; without symbols,
 * the one that starts last at or before it (a hook's body holds no other
 * hook's entry).  NULL when none does. */
static const char *guard_hook_at(size_t k, uintptr_t at, bool by_name)
{
    const char *function = guard_function_at(&guard_plugins[k], at);
    const struct guard_hook *best = NULL;
    for (size_t i = 0; i < guard_hook_count; i++) {
        const struct guard_hook *h = &guard_hooks[i];
        if (h->plugin != k)
            continue;
        if (by_name ? function && h->function && guard_same_function(function, h->function)
                    : h->at <= at && (!best || h->at > best->at))
            best = h;
    }
    return best ? best->what : NULL;
}

/* ---- what is kept ---------------------------------------------------------------------- */

static void guard_vkeep(const char *resume, const char *format, va_list ap)
{
    struct guard_kept *next = &guard_kept[!guard_kept_shown];
    vsnprintf(next->what, sizeof next->what, format, ap);
    snprintf(next->resume, sizeof next->resume, "%s", resume ? resume : "");
    guard_kept_shown = !guard_kept_shown;
}

void cli_guard_keep(const char *resume, const char *format, ...)
{
    if (guard_kept_fixed)
        return;
    va_list ap;
    va_start(ap, format);
    guard_vkeep(resume, format, ap);
    va_end(ap);
}

void cli_guard_keep_fixed(const char *resume, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    guard_vkeep(resume, format, ap);
    va_end(ap);
    guard_kept_fixed = true;
}

void cli_guard_arm(bool armed)
{
    guard_armed = armed;
    if (!armed) {
        memset(guard_kept, 0, sizeof guard_kept);
        guard_kept_fixed = false;
    }
}

/* ---- the handlers: only reads of the tables and write(2) --------------------------------- */

/* A message built in a fixed buffer, without stdio. */
struct guard_text {
    char buf[4096];
    size_t len;
};

static void guard_put(struct guard_text *t, const char *s)
{
    while (s && *s && t->len + 1 < sizeof t->buf)
        t->buf[t->len++] = *s++;
}

/* What is kept, and how to go on: "; WHAT" lead RESUME tail when a
 * folder can be resumed, " WHAT" when only said (an MPI worker's rank),
 * else 'nothing'. */
static void guard_put_kept(struct guard_text *t, const char *lead, const char *tail, const char *nothing)
{
    const struct guard_kept *kept = &guard_kept[guard_kept_shown];
    if (kept->resume[0]) {
        guard_put(t, "; ");
        guard_put(t, kept->what);
        guard_put(t, lead);
        guard_put(t, kept->resume);
        guard_put(t, tail);
    } else if (kept->what[0]) {
        guard_put(t, " ");
        guard_put(t, kept->what);
        guard_put(t, "\n");
    } else {
        guard_put(t, nothing);
    }
}

/* The plug-in whose code is on the stack (frames[0] the innermost, pc the
 * faulting instruction) and the hook gaexp called it through: the
 * outermost frame in one of its hooks by name, else the outermost frame
 * of the plug-in by address.  False when no plug-in code is on the stack. */
static bool guard_find(void *const *frames, int n, uintptr_t pc, size_t *k, const char **hook)
{
    uintptr_t at[GUARD_FRAMES + 1];
    size_t which[GUARD_FRAMES + 1], count = 0;
    if (pc && (which[0] = guard_plugin_of(pc)) < GUARD_PLUGINS)
        at[count++] = pc;
    for (int i = 0; i < n && count <= GUARD_FRAMES; i++) {
        uintptr_t a = (uintptr_t)frames[i] - (i > 0); /* a return address points just after its call */
        if ((which[count] = guard_plugin_of(a)) < GUARD_PLUGINS)
            at[count++] = a;
    }
    if (!count)
        return false;
    *k = which[count - 1];
    *hook = NULL;
    for (size_t i = count; i-- > 0 && !*hook;)
        *hook = guard_hook_at(which[i], at[i], true);
    if (!*hook)
        *hook = guard_hook_at(*k, at[count - 1], false);
    return true;
}

/* The message of a plug-in that crashed (what: "crashed (SIGSEGV)") or
 * called exit(); written, then exit status 1. */
static void guard_plugin_end(size_t k, const char *hook, const char *what)
{
    struct guard_text t = {.len = 0};
    guard_put(&t, "gaexp: the plug-in ");
    guard_put(&t, guard_plugins[k].path);
    guard_put(&t, " ");
    guard_put(&t, what);
    guard_put(&t, hook ? " in " : " in code gaexp called");
    guard_put(&t, hook);
    guard_put_kept(&t, ": once the plug-in is fixed, 'gaexp resume ", " --accept-changed-plugin' goes on from there\n",
                   "; nothing of the run is kept: run it again once the plug-in is fixed\n");
    ssize_t said = write(STDERR_FILENO, t.buf, t.len);
    (void)said;
    _exit(APP_FAILED);
}

static const char *guard_signal_text(int sig)
{
    switch (sig) {
    case SIGSEGV: return "crashed (SIGSEGV, a segmentation fault)";
    case SIGBUS: return "crashed (SIGBUS, a bus error)";
    case SIGFPE: return "crashed (SIGFPE, an arithmetic error)";
    case SIGILL: return "crashed (SIGILL, an illegal instruction)";
    default: return "aborted (SIGABRT)";
    }
}

static uintptr_t guard_pc(void *context)
{
#if defined(__x86_64__) && defined(REG_RIP)
    return (uintptr_t)((ucontext_t *)context)->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    return (uintptr_t)((ucontext_t *)context)->uc_mcontext.pc;
#else
    (void)context;
    return 0;
#endif
}

static void guard_on_signal(int sig, siginfo_t *info, void *context)
{
    void *frames[GUARD_FRAMES];
    int n = guard_plugin_count ? backtrace(frames, GUARD_FRAMES) : 0; /* warm only once a plug-in loaded */
    size_t k = GUARD_PLUGINS;
    const char *hook = NULL;
    if (guard_armed && guard_find(frames, n, guard_pc(context), &k, &hook))
        guard_plugin_end(k, hook, guard_signal_text(sig));
    /* gaexp's own: said, then the handler before ours (a sanitizer's
     * report) or the signal's default action, for the same fault again. */
    if (guard_armed && sig != SIGABRT) {
        static const char text[] = "gaexp: internal error (a crash in gaexp's own code): please report it\n";
        ssize_t said = write(STDERR_FILENO, text, sizeof text - 1);
        (void)said;
    }
    sigaction(sig, &guard_previous[sig], NULL);
    if (info->si_code <= 0 || sig == SIGABRT) /* sent, not a fault that happens again on return */
        raise(sig);
}

/* A second after SIGINT or SIGTERM, the generations have not stopped: a
 * hook that does not return.  What the last checkpoint kept is said, and
 * gaexp ends as interrupted. */
static void guard_on_alarm(int sig)
{
    (void)sig;
    if (!guard_hooks_run)
        return;
    if (atomic_load(&guard_generations) == 0) { /* between generations (writing what is kept): look again */
        alarm(1);
        return;
    }
    void *frames[GUARD_FRAMES];
    int n = guard_plugin_count ? backtrace(frames, GUARD_FRAMES) : 0; /* warm only once a plug-in loaded */
    size_t k = GUARD_PLUGINS;
    const char *hook = NULL;
    struct guard_text t = {.len = 0};
    guard_put(&t, "gaexp: interrupted, and the run did not reach the end of its generation within a second");
    if (guard_find(frames, n, 0, &k, &hook)) {
        guard_put(&t, " (the plug-in ");
        guard_put(&t, guard_plugins[k].path);
        guard_put(&t, hook ? " did not return from " : " did not return");
        guard_put(&t, hook);
        guard_put(&t, ")");
    }
    guard_put_kept(&t, ": 'gaexp resume ", "' goes on from there\n", "; nothing of the run is kept\n");
    ssize_t said = write(STDERR_FILENO, t.buf, t.len);
    (void)said;
    _exit(APP_INTERRUPTED);
}

void cli_guard_hooks(bool running)
{
    guard_hooks_run = running;
    if (!running)
        alarm(0);
}

void cli_guard_generation(bool begins)
{
    if (begins)
        atomic_fetch_add(&guard_generations, 1);
    else
        atomic_fetch_sub(&guard_generations, 1);
}

void cli_guard_interrupted(void)
{
    if (guard_hooks_run)
        alarm(1);
}

void cli_guard_settled(void)
{
    alarm(0);
}

static void guard_at_exit(void)
{
    if (!guard_armed)
        return;
    void *frames[GUARD_FRAMES];
    int n = guard_plugin_count ? backtrace(frames, GUARD_FRAMES) : 0; /* warm only once a plug-in loaded */
    size_t k = GUARD_PLUGINS;
    const char *hook = NULL;
    if (guard_find(frames, n, 0, &k, &hook))
        guard_plugin_end(k, hook, "called exit()");
    static const char text[] = "gaexp: exit() was called while a command ran (not by gaexp)\n";
    ssize_t said = write(STDERR_FILENO, text, sizeof text - 1);
    (void)said;
    _exit(APP_FAILED);
}

void cli_guard_thread(bool start)
{
    static _Thread_local void *stack;
    if (start && !stack && (stack = malloc(GUARD_STACK))) {
        stack_t alt = {.ss_sp = stack, .ss_size = GUARD_STACK};
        sigaltstack(&alt, NULL);
    } else if (!start && stack) {
        stack_t off = {.ss_flags = SS_DISABLE};
        sigaltstack(&off, NULL);
        free(stack);
        stack = NULL;
    }
}

void cli_guard_install(void)
{
    static bool installed;
    if (installed)
        return;
    installed = true;
    static char stack[GUARD_STACK];
    stack_t alt = {.ss_sp = stack, .ss_size = sizeof stack};
    sigaltstack(&alt, NULL);
    struct sigaction on = {.sa_sigaction = guard_on_signal, .sa_flags = SA_SIGINFO | SA_ONSTACK};
    sigemptyset(&on.sa_mask);
    for (size_t i = 0; i < sizeof guard_signals / sizeof *guard_signals; i++)
        sigaction(guard_signals[i], &on, &guard_previous[guard_signals[i]]);
    struct sigaction alarm_on = {.sa_handler = guard_on_alarm};
    sigemptyset(&alarm_on.sa_mask);
    sigaction(SIGALRM, &alarm_on, NULL);
    atexit(guard_at_exit);
}

/* ---- a hook's wrong answer -------------------------------------------------------------- */

/* "genes 3 1 4 1 5 ...": at most 32 of them. */
static void guard_genes(const struct ga_experiment *e, const struct ga_fault *f, char *buf, size_t size)
{
    size_t len = ga_problem_genome(e->problem, e->state).len, used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < len && i < 32 && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%u", i ? " " : "genes ", (unsigned)f->genes[i]);
    if (len > 32 && used < size)
        snprintf(buf + used, size - used, " ... (%zu in all)", len);
}

bool cli_guard_plugin_in(const struct ga_experiment *e)
{
    return cli_guard_owner(e->problem) || cli_guard_owner(e->params.crossover) || cli_guard_owner(e->params.mutation) ||
           cli_guard_owner(e->params.selection);
}

void cli_guard_fault(const struct ga_experiment *e, const struct ga_fault *f, const char *dir, unsigned replicate,
                     char *buf, size_t size)
{
    const void *table = strcmp(f->hook, "crossover") == 0 ? (const void *)e->params.crossover
                        : strcmp(f->hook, "mutation") == 0 ? (const void *)e->params.mutation
                                                           : (const void *)e->problem;
    const char *owner = cli_guard_owner(table);
    const char *family = table == e->problem ? "problem" : f->hook;
    char who[PATH_MAX + 200], where[1300], genes[400];
    if (owner)
        snprintf(who, sizeof who, "plug-in %s: %s '%s'", owner, family, f->name);
    else
        snprintf(who, sizeof who, "%s '%s'", family, f->name);
    snprintf(where, sizeof where, "generation %lu of replicate %u of %s (individual %zu)", f->generation, replicate,
             dir, f->individual);
    if (f->rank)
        snprintf(genes, sizeof genes, "found by MPI rank %u", f->rank);
    else
        guard_genes(e, f, genes, sizeof genes);
    switch (f->kind) {
    case GA_FAULT_FITNESS:
        snprintf(buf, size, "%s: evaluate returned %g in %s; a fitness must be a finite number >= 0 (lower is "
                 "better, 0 solved) [%s]", who, f->value, where, genes);
        break;
    case GA_FAULT_INVALID:
        snprintf(buf, size, "%s: %s made a genome that is not valid in %s [%s]", who,
                 table == e->problem ? "init" : "the operator", where, genes);
        break;
    case GA_FAULT_REPEAT:
        snprintf(buf, size, "%s: evaluate is not repeatable%s: %.17g, then %.17g for the same genome in %s (a data "
                 "race, or state shared between evaluations) [%s]", who,
                 ga_problem_evaluate_batch(e->problem) ? ", or evaluate_batch gives other bits than evaluate" : "", f->value,
                 f->again, where, genes);
        break;
    }
}
