/* ga/status.c — texts of the status codes. */
#include "ga/status.h"

const char *ga_strerror(int status)
{
    switch (status) {
#define GA_STATUS_CASE(code, text) \
    case code:                     \
        return text;
        GA_STATUS_LIST(GA_STATUS_CASE)
#undef GA_STATUS_CASE
    }
    return "unknown status";
}
