/* gaexp/status.h — the one table of status codes of gaexp's library and problems, with their texts. */
#ifndef GA_STATUS_H
#define GA_STATUS_H

#include "gaexp/export.h"

GAEXP_API_BEGIN

/* X(name, value, text).  0 is success; failures are negative, so that a
 * function may return a count or a status.  A code means the same thing in
 * every module (after libuv's error table). */
#define GA_STATUS_LIST(X)                                                         \
    X(GA_OK, 0, "success")                                                        \
    X(GA_EINVAL, -1, "invalid argument")                                          \
    X(GA_ENOMEM, -2, "out of memory")                                             \
    X(GA_EINPUT, -3, "bad input (see the diagnostics)")                           \
    X(GA_EIO, -4, "write error")                                                  \
    X(GA_ERANGE, -5, "out of range")                                              \
    X(GA_ETOOBIG, -6, "too large for an exact search")                            \
    X(GA_ENOENT, -7, "cannot read the file")                                      \
    X(GA_ENOTPLUGIN, -8, "not a shared object")                                   \
    X(GA_ENOENTRY, -9, "not a gaexp plug-in (no gaexp_plugin_register)")          \
    X(GA_EABI, -10, "built for another plug-in ABI")                              \
    X(GA_ECLASH, -11, "a name that is already registered")                        \
    X(GA_ECOLUMN, -12, "a problem's statistics columns are badly declared")       \
    X(GA_ECHECK, -13, "a result failed its own consistency check")

enum ga_status {
#define GA_STATUS_ENUM(name, value, text) name = value,
    GA_STATUS_LIST(GA_STATUS_ENUM)
#undef GA_STATUS_ENUM
};

/* The text of a status code ("unknown status" for a value not in the table). */
const char *ga_strerror(int status);

GAEXP_API_END

#endif
