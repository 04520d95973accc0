/* bench/cputime.c — runs a command and reports the CPU seconds it used (user + system, microseconds), as /usr/bin/time cannot below 10 ms. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Usage: cputime FILE COMMAND [ARG]...  Writes "cpu=SECONDS wall=SECONDS maxrss_kb=K" to
 * FILE when COMMAND ends; exits with COMMAND's status (125 when it could
 * not be run, 128 + signal when it was killed). */
int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: cputime FILE COMMAND [ARG]...\n");
        return 125;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid < 0) {
        perror("cputime: fork");
        return 125;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror(argv[2]);
        _exit(125);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("cputime: wait4");
        return 125;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double wall = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    double cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                 1e-6 * (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
    FILE *f = fopen(argv[1], "w");
    if (!f || fprintf(f, "cpu=%.6f wall=%.6f maxrss_kb=%ld\n", cpu, wall, ru.ru_maxrss) < 0 || fclose(f) != 0) {
        perror(argv[1]);
        return 125;
    }
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
