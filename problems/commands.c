/* problems/commands.c — the program's table of problem commands, from commands.def. */
#include "app/app.h"

#include <stddef.h>

#define APP_COMMAND(id) extern const struct app_command id;
#include "problems/commands.def"
#undef APP_COMMAND

const struct app_command *const app_commands[] = {
#define APP_COMMAND(id) &id,
#include "problems/commands.def"
#undef APP_COMMAND
    NULL,
};
