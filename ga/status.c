/* ga/status.c — the texts of the status table. */
#include "gaexp/status.h"

const char *ga_strerror(int status)
{
    switch (status) {
#define GA_STATUS_CASE(name, value, text) \
    case name:                            \
        return text;
        GA_STATUS_LIST(GA_STATUS_CASE)
#undef GA_STATUS_CASE
    }
    return "unknown status";
}
