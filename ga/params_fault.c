/* ga/params_fault.c — a broken rule of a run's parameters, said: what params_broken writes into struct params_fault. */
#include "ga/params.h"

#include <stdarg.h>
#include <stdio.h>

bool params_broken(struct params_fault *f, const char *setting, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    f->setting = setting;
    vsnprintf(f->why, sizeof f->why, fmt, ap);
    va_end(ap);
    return false;
}
