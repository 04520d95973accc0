/* ga/status.h — status codes of the library, one X-macro list for the enum and the text. */
#ifndef GA_STATUS_H
#define GA_STATUS_H

#define GA_STATUS_LIST(X)                                   \
    X(GA_OK, "success")                                     \
    X(GA_ENOMEM, "out of memory")                           \
    X(GA_EINVAL, "invalid input")                           \
    X(GA_ERANGE, "value out of range")                      \
    X(GA_EIO, "input/output error")

enum ga_status {
#define GA_STATUS_ENUM(code, text) code,
    GA_STATUS_LIST(GA_STATUS_ENUM)
#undef GA_STATUS_ENUM
};

/* Text for a status code; never NULL. */
const char *ga_strerror(int status);

#endif
