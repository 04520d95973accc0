/* cli/solve.c — 'gaexp solve', 'design' and 'deal': dispatch to the commands the problems offer (problems/commands.def). */
#include "config.h"

#include <string.h>

#include "cli/cli.h"

/* What 'gaexp help COMMAND' says above the tools' usage lines. */
static const struct cli_tool_command {
    const char *command;
    const char *synopsis;
    const char *tool; /* what a problem offers, for "no ... for 'NAME'" */
    bool named;       /* the problem's name follows the command */
} cli_tool_commands[] = {
    {"solve", "Usage: gaexp solve PROBLEM [OPTION]...\nRuns the exact baseline of a problem.\n", "exact baseline",
     true},
    {"design", "Usage: gaexp design PROBLEM [OPTION]...\nDesigns a puzzle level of a problem.\n",
     "level designer", true},
    {"deal", "Usage: gaexp deal [OPTION]...\nWrites seeded deals of a card game.\n", "deal writer", false},
};

static const struct cli_tool_command *cli_tool_command_find(const char *command)
{
    for (size_t i = 0; i < sizeof cli_tool_commands / sizeof cli_tool_commands[0]; i++)
        if (strcmp(cli_tool_commands[i].command, command) == 0)
            return &cli_tool_commands[i];
    return NULL;
}

static void cli_tool_help(const struct cli_tool_command *c, FILE *out)
{
    fputs(c->synopsis, out);
    for (const struct app_command *const *t = app_commands; *t; t++)
        if (strcmp((*t)->command, c->command) == 0) {
            fputc('\n', out);
            fputs((*t)->usage, out);
        }
    fputs("\n  -h, --help   show this help\n", out);
}

/* 'gaexp COMMAND [PROBLEM] ARGS...' for a command of cli_tool_commands:
 * the tool of the problem named, or the one problem offering it. */
static int cli_tool_dispatch(const char *command, int argc, char **argv)
{
    const struct cli_tool_command *c = cli_tool_command_find(command);
    bool help = argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0);
    if (c->named && (argc < 2 || help)) {
        cli_tool_help(c, argc < 2 ? stderr : stdout);
        return argc < 2 ? APP_USAGE : APP_OK;
    }
    char names[512] = "";
    const struct app_command *only = NULL;
    for (const struct app_command *const *t = app_commands; *t; t++) {
        if (strcmp((*t)->command, command) != 0)
            continue;
        if (c->named && strcmp(argv[1], (*t)->problem) == 0)
            return (*t)->main(argc - 1, argv + 1);
        only = only ? only : *t;
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", names[0] ? ", " : "",
                 (*t)->problem);
    }
    if (!c->named && only)
        return only->main(argc, argv);
    if (c->named)
        app_error("%s: no %s for '%s' (available: %s)", command, c->tool, argv[1], names[0] ? names : "none");
    else
        app_error("%s: no registered problem offers a %s", command, c->tool);
    return APP_USAGE;
}

int cli_solve(int argc, char **argv)
{
    return cli_tool_dispatch("solve", argc, argv);
}

int cli_design(int argc, char **argv)
{
    return cli_tool_dispatch("design", argc, argv);
}

int cli_deal(int argc, char **argv)
{
    return cli_tool_dispatch("deal", argc, argv);
}
