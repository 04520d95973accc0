/* problems/animals/cmd_solve.c — 'gaexp solve animals': every solution of a puzzle file and its difficulty. */
#include "config.h"

#include <getopt.h>

#include "app/app.h"
#include "problems/animals/animals_solve.h"

static const char solve_animals_usage[] =
    "  gaexp solve animals FILE [--count]\n"
    "      Finds every solution of an animal placement puzzle file (e.g.\n"
    "      configs/animals/level50.txt) by depth-first search with propagation and\n"
    "      prints each board, top row first, then the number of solutions N, the\n"
    "      search nodes (x3), dead ends (x4), thinking steps on relative conditions\n"
    "      (x1), the space complexity (x2) and the published difficulty D.\n"
    "      --count prints the figures without the boards.\n";

struct solve_animals_ctx {
    bool list;
    unsigned long long found;
};

static void solve_animals_board(void *vctx, const struct animals_board *b)
{
    struct solve_animals_ctx *ctx = vctx;
    if (!ctx->list)
        return;
    printf("solution %llu:\n", ++ctx->found);
    animals_board_write(b, "  ", stdout);
}

#define SOLVE_ANIMALS_LABEL "%-31s "

/* The figures of a complete search, one a line. */
static void solve_animals_report(const struct animals_stats *st)
{
    printf(SOLVE_ANIMALS_LABEL "%llu\n", "solutions (N):", st->solutions);
    printf(SOLVE_ANIMALS_LABEL "%llu\n", "search nodes (x3):", st->nodes);
    printf(SOLVE_ANIMALS_LABEL "%llu\n", "dead ends (x4):", st->dead_ends);
    printf(SOLVE_ANIMALS_LABEL "%llu\n", "relative-condition steps (x1):", st->steps);
    printf(SOLVE_ANIMALS_LABEL "%llu\n", "space complexity (x2):", st->space);
    double d;
    if (animals_stats_difficulty(st, &d))
        printf(SOLVE_ANIMALS_LABEL "%.4f\n", "difficulty (D):", d);
    else
        printf(SOLVE_ANIMALS_LABEL "undefined (no solution)\n", "difficulty (D):");
}

static int solve_animals(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"count", no_argument, NULL, 'c'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct solve_animals_ctx ctx = {.list = true};
    optind = 1;
    opterr = 0;
    for (int c; (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1;) {
        if (c == 'c')
            ctx.list = false;
        if (c == 'h') {
            fputs(solve_animals_usage, stdout);
            return APP_OK;
        }
        if (c == '?' || c == ':') {
            app_error("solve animals: unknown option '%s'", argv[optind - 1]);
            return APP_USAGE;
        }
    }
    if (optind + 1 != argc) {
        app_error("solve animals: expected one puzzle FILE (and optionally --count)");
        return APP_USAGE;
    }
    const char *path = argv[optind];
    struct ga_diag diag;
    struct animals_puzzle puzzle;
    ga_diag_clear(&diag);
    if (!animals_puzzle_load(&puzzle, path, &diag)) {
        app_print_diag(&diag);
        return APP_USAGE;
    }
    printf("puzzle: %s (%s)\n", puzzle.name[0] ? puzzle.name : "unnamed", path);
    struct animals_stats st;
    if (animals_solve(&puzzle, 0, solve_animals_board, &ctx, &st) != 0) {
        app_error("solve animals: %s: the puzzle read is not valid (a bug in the reader)", path);
        return APP_FAILED;
    }
    solve_animals_report(&st);
    return APP_OK;
}

const struct app_command animals_cmd_solve = {"solve", "animals", "every solution of a puzzle file and its difficulty",
                                          solve_animals_usage, solve_animals};
