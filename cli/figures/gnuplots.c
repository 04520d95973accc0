/* cli/figures/gnuplots.c — figures drawn by N gnuplots side by side, each fed from one queue by a thread of its own. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app/app.h"
#include "cli/figures/gnuplots.h"
#include "cli/store/figure.h"
#include "cli/store/output.h"

/* The line a gnuplot prints (on its stderr) when it has drawn a figure. */
#define GNUPLOTS_DRAWN "gaexp: drawn"

/* One gnuplot: its pid, its commands' pipe, its stderr read back. */
struct gnuplots_proc {
    pid_t pid;
    FILE *in, *err;
    pthread_t feeder;
    bool fed; /* its feeder thread runs */
    struct gnuplots *owner;
};

/* A queue of figures and 'procs' gnuplots, each with a thread that hands
 * it the next figure as soon as it has drawn the last one: one start-up
 * serves many figures, the gnuplots stay evenly busy, and the figures of
 * finished points are drawn while other runs go on.  Each figure is drawn
 * under a temporary name, checked whole and renamed into place
 * (output_figure_settle); the first that fails is kept for the message. */
struct gnuplots {
    unsigned procs;
    struct gnuplots_proc g[GNUPLOTS_MAX];
    char **queue;              /* "dir\0script\0figure" each, malloc'd */
    size_t count, cap, taken;  /* queued, room, handed out */
    size_t failures;           /* figures not drawn whole */
    char failed[APP_PATH_MAX + 200]; /* the first of them, and why */
    bool closing, lost;        /* no more figures; a figure could not be queued */
    pthread_mutex_t lock;
    pthread_cond_t more;
    char cwd[4096];            /* relative folders are from here */
    struct sigaction old_pipe; /* a gnuplot that died is said by gnuplots_end */
};

/* Starts one gnuplot reading commands from a pipe, its stderr into
 * another, in a process group of its own (a Ctrl-C stops the runs; the
 * figures of the points done are still drawn); false when it cannot. */
static bool gnuplots_spawn(const char *gnuplot, struct gnuplots_proc *g)
{
    int in[2], err[2];
    if (pipe(in) != 0)
        return false;
    if (pipe(err) != 0) {
        close(in[0]), close(in[1]);
        return false;
    }
    for (int k = 0; k < 2; k++) /* the next gnuplot must not hold these pipes open */
        fcntl(in[k], F_SETFD, FD_CLOEXEC), fcntl(err[k], F_SETFD, FD_CLOEXEC);
    g->pid = fork();
    if (g->pid == 0) {
        setpgid(0, 0);
        if (dup2(in[0], STDIN_FILENO) >= 0 && dup2(err[1], STDERR_FILENO) >= 0)
            execlp(gnuplot, "gnuplot", "-", (char *)NULL);
        _exit(127);
    }
    close(in[0]), close(err[1]);
    g->in = g->pid > 0 ? fdopen(in[1], "w") : NULL;
    g->err = g->in ? fdopen(err[0], "r") : NULL;
    if (!g->in)
        close(in[1]);
    if (!g->err)
        close(err[0]);
    return g->err != NULL;
}

/* Has gnuplot g draw dir/script into figure's temporary name from a fresh
 * session, and waits until it says it has; what else it says goes to
 * stderr.  False when it died. */
static bool gnuplots_draw(struct gnuplots_proc *g, const char *cwd, const char *dir, const char *script,
                              const char *figure)
{
    fputs("reset session\ncd '", g->in);
    if (dir[0] != '/')
        fprintf(g->in, "%s/", cwd);
    for (const char *c = dir; *c; c++) /* '' is a quote inside '...' */
        fputs(*c == '\'' ? "''" : (char[]){*c, '\0'}, g->in);
    if (fprintf(g->in, "'\n" OUTPUT_FIGURE_VARIABLE " = '%s.part'\nload '%s'\nset output\nprint '%s'\n", figure,
                script, GNUPLOTS_DRAWN) < 0 ||
        fflush(g->in) != 0)
        return false;
    char line[4096];
    while (fgets(line, sizeof line, g->err))
        if (strcmp(line, GNUPLOTS_DRAWN "\n") == 0)
            return true;
        else
            fputs(line, stderr);
    return false;
}

/* Draws one queued figure with g and puts it in place; false when g died. */
static bool gnuplots_draw_one(struct gnuplots_proc *g, const char *item)
{
    struct gnuplots *p = g->owner;
    const char *dir = item, *script = dir + strlen(dir) + 1, *figure = script + strlen(script) + 1;
    output_figure_unlink_part(dir, figure);
    bool alive = gnuplots_draw(g, p->cwd, dir, script, figure);
    /* synced all at once by gnuplots_end */
    const char *why = alive ? output_figure_settle(dir, figure, false) : "gnuplot stopped";
    if (!alive)
        output_figure_unlink_part(dir, figure);
    if (why) {
        pthread_mutex_lock(&p->lock);
        if (p->failures++ == 0)
            snprintf(p->failed, sizeof p->failed, "%s/%s: %s", dir, figure, why);
        pthread_mutex_unlock(&p->lock);
    }
    return alive;
}

/* A gnuplot's feeder: the next figure of the queue, until it is closed
 * and empty, or the gnuplot died. */
static void *gnuplots_feed(void *arg)
{
    struct gnuplots_proc *g = arg;
    struct gnuplots *p = g->owner;
    bool alive = true;
    pthread_mutex_lock(&p->lock);
    while (alive) {
        while (p->taken == p->count && !p->closing)
            pthread_cond_wait(&p->more, &p->lock);
        if (p->taken == p->count)
            break;
        const char *item = p->queue[p->taken++];
        pthread_mutex_unlock(&p->lock);
        alive = gnuplots_draw_one(g, item);
        pthread_mutex_lock(&p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Starts gnuplot g and its feeder; false when either cannot start. */
static bool gnuplots_begin(struct gnuplots *p, const char *gnuplot, struct gnuplots_proc *g)
{
    g->owner = p;
    g->fed = gnuplots_spawn(gnuplot, g) && pthread_create(&g->feeder, NULL, gnuplots_feed, g) == 0;
    return g->fed;
}

struct gnuplots *gnuplots_start(unsigned procs, bool quiet)
{
    const char *gnuplot = output_gnuplot();
    if (!gnuplot) {
        if (!quiet)
            fprintf(stderr, "gaexp: notice: gnuplot is not installed: the figures are not drawn "
                            "(the CSV files and the .gp scripts are complete)\n");
        return NULL;
    }
    struct gnuplots *p = calloc(1, sizeof *p);
    if (!p || !getcwd(p->cwd, sizeof p->cwd)) {
        app_error("cannot draw the figures: %s", p ? strerror(errno) : "out of memory");
        free(p);
        return NULL;
    }
    p->procs = procs < 1 ? 1 : procs > GNUPLOTS_MAX ? GNUPLOTS_MAX : procs;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->more, NULL);
    fflush(NULL);
    struct sigaction ignore = {.sa_handler = SIG_IGN};
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, &p->old_pipe);
    bool started = false;
    for (unsigned k = 0; k < p->procs; k++)
        started |= gnuplots_begin(p, gnuplot, &p->g[k]);
    if (!started)
        app_error("cannot start gnuplot: %s", strerror(errno));
    return p;
}

void gnuplots_add(struct gnuplots *p, const char *dir, const char *script, const char *figure)
{
    if (!p)
        return;
    size_t a = strlen(dir) + 1, b = strlen(script) + 1, c = strlen(figure) + 1;
    char *item = malloc(a + b + c);
    pthread_mutex_lock(&p->lock);
    if (p->count == p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 64;
        char **queue = realloc(p->queue, cap * sizeof *queue);
        if (queue)
            p->queue = queue, p->cap = cap;
    }
    if (item && p->count < p->cap) {
        memcpy(item, dir, a), memcpy(item + a, script, b), memcpy(item + a + b, figure, c);
        p->queue[p->count++] = item;
        pthread_cond_signal(&p->more);
    } else {
        free(item);
        p->lost = true;
    }
    pthread_mutex_unlock(&p->lock);
}

/* Waits for gnuplot g to end; false when it did not end well. */
static bool gnuplots_wait(struct gnuplots_proc *g)
{
    if (g->fed)
        pthread_join(g->feeder, NULL);
    bool ok = g->in && fclose(g->in) == 0;
    char line[4096];
    while (g->err && fgets(line, sizeof line, g->err)) /* what it says at the end */
        fputs(line, stderr);
    if (g->err)
        fclose(g->err);
    int status = 0;
    return ok && g->pid > 0 && waitpid(g->pid, &status, 0) == g->pid && WIFEXITED(status) &&
           WEXITSTATUS(status) == 0;
}

bool gnuplots_end(struct gnuplots *p, const char *remedy)
{
    if (!p)
        return true;
    pthread_mutex_lock(&p->lock);
    p->closing = true;
    pthread_cond_broadcast(&p->more);
    pthread_mutex_unlock(&p->lock);
    bool ended = true;
    for (unsigned k = 0; k < p->procs; k++)
        ended &= gnuplots_wait(&p->g[k]);
    size_t undrawn = p->count - p->taken; /* every gnuplot died first */
    bool ok = ended && !p->lost && !p->failures && !undrawn;
    /* The figures renamed into place, made durable together. */
    int fd = ok && p->count ? open(p->cwd, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
    if (fd >= 0 && !output_syncfs(fd) && ok) {
        snprintf(p->failed, sizeof p->failed, "the figures: %s", strerror(errno));
        p->failures++, ok = false;
    }
    if (fd >= 0)
        close(fd);
    sigaction(SIGPIPE, &p->old_pipe, NULL);
    const char *then = remedy ? "; " : "";
    remedy = remedy ? remedy : "";
    if (p->failures)
        app_error("cannot draw %s%s%s%s", p->failed, p->failures > 1 ? " (and other figures)" : "", then, remedy);
    else if (undrawn || p->lost)
        app_error("gnuplot stopped before drawing every figure (%zu of %zu not drawn)%s%s", undrawn, p->count,
                  then, remedy);
    else if (!ended)
        app_error("gnuplot did not end well after drawing the figures%s%s", then, remedy);
    for (size_t i = 0; i < p->count; i++)
        free(p->queue[i]);
    free(p->queue);
    pthread_cond_destroy(&p->more);
    pthread_mutex_destroy(&p->lock);
    free(p);
    return ok;
}
