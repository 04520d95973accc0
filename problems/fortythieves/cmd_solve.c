/* problems/fortythieves/cmd_solve.c — 'gaexp solve fortythieves': AutoStart baselines on a deal file. */
#include "config.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "problems/fortythieves/fortythieves_solve.h"

static const char solve_fortythieves_usage[] =
    "  gaexp solve fortythieves FILE [--method M] [--moves] [--position NAME]\n"
    "                               [--node-limit N] [--summary]\n"
    "      Forty Thieves AutoStart: for each position of the deal FILE (as\n"
    "      'gaexp deal' writes), the cards that reach the foundations with tableau\n"
    "      moves only.  M is greedy, heuristic (the published one), optimal (exact\n"
    "      search) or all (default).  --moves lists each method's moves as CARD\n"
    "      FROM->TO, columns numbered from 1, F a foundation (the optimal list is a\n"
    "      shortest one).  --position solves one position.  The optimal search\n"
    "      stops after N nodes (default 2000000; 0: never) and then shows '>='\n"
    "      before the best count it found.  --summary adds the means, how often\n"
    "      greedy and the heuristic fall short of the optimum, and the optimal\n"
    "      search's time (with --moves, finding the move list too) and nodes.\n";

#define FT_CLI_DEFAULT_LIMIT 2000000LL   /* the table then stays under 100 MB */

enum { FT_CLI_GREEDY = 1, FT_CLI_HEURISTIC = 2, FT_CLI_OPTIMAL = 4 };

struct ft_cli_options {
    const char *file, *position;
    unsigned methods;
    bool moves, summary, help;
    unsigned long long node_limit;
};

/* What one position gave; the summary is built from these. */
struct ft_cli_result {
    int cards, greedy, heuristic;
    struct ft_optimum optimum;
    double seconds;
};

static int ft_cli_parse(int argc, char **argv, struct ft_cli_options *o)
{
    static const struct option longopts[] = {
        {"method", required_argument, NULL, 'm'}, {"moves", no_argument, NULL, 'v'},
        {"position", required_argument, NULL, 'p'}, {"node-limit", required_argument, NULL, 'l'},
        {"summary", no_argument, NULL, 's'},      {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    static const char *const names[] = {"greedy", "heuristic", "optimal", "all"};
    static const unsigned sets[] = {FT_CLI_GREEDY, FT_CLI_HEURISTIC, FT_CLI_OPTIMAL, 7};
    long long limit = FT_CLI_DEFAULT_LIMIT;

    *o = (struct ft_cli_options){.methods = 7};
    optind = 1;
    opterr = 0;
    for (int c; (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1;) {
        if (c == 'm') {
            size_t i = 0;
            while (i < 4 && strcmp(optarg, names[i]) != 0)
                i++;
            if (i == 4) {
                app_error("--method: expected greedy, heuristic, optimal or all, got '%s'", optarg);
                return APP_USAGE;
            }
            o->methods = sets[i];
        }
        if (c == 'l' && !app_parse_long("--node-limit", optarg, 0, 0x7fffffffffffffffLL, &limit))
            return APP_USAGE;
        o->moves |= c == 'v';
        o->summary |= c == 's';
        o->help |= c == 'h';
        if (c == 'p')
            o->position = optarg;
        if (c == '?' || c == ':') {
            app_error("solve fortythieves: unknown or incomplete option '%s'", argv[optind - 1]);
            return APP_USAGE;
        }
    }
    if (o->help)
        return APP_OK;
    if (optind != argc - 1) {
        app_error("solve fortythieves: expected one deal FILE (see 'gaexp solve --help')");
        return APP_USAGE;
    }
    o->file = argv[optind];
    o->node_limit = (unsigned long long)limit;
    return APP_OK;
}

/* One method's moves on a line, replayed as a check; false if one is not legal. */
static bool ft_cli_print_moves(const char *label, const struct ft_tableau *t,
                               const struct ft_moves *m)
{
    struct ft_game g;
    char name[FT_MOVE_NAME_SIZE];
    bool legal = ft_game_init(&g, t) == FT_OK;

    printf("  %-10s", label);
    for (size_t i = 0; i < m->count; i++) {
        legal = legal && ft_game_play(&g, m->move[i]) == FT_OK;
        printf(" %s", ft_move_name(m->move[i], name));
    }
    printf("%s\n", m->count ? "" : " none");
    return legal;
}

/* Runs the chosen methods on one position, keeping each one's moves. */
static int ft_cli_run(const struct ft_cli_options *o, const struct ft_tableau *t,
                      struct ft_solver *solver, struct ft_moves *moves[3], struct ft_cli_result *r)
{
    *r = (struct ft_cli_result){.cards = ft_tableau_cards(t)};
    if ((o->methods & FT_CLI_GREEDY) && (r->greedy = ft_greedy(t, moves[0])) < 0)
        return r->greedy;
    if ((o->methods & FT_CLI_HEURISTIC) && (r->heuristic = ft_heuristic(t, moves[1])) < 0)
        return r->heuristic;
    if (o->methods & FT_CLI_OPTIMAL) {
        double start = app_now();
        int status = ft_optimal(solver, t, moves[2], &r->optimum);
        r->seconds = app_now() - start;
        return status;
    }
    return FT_OK;
}

static void ft_cli_print_header(const struct ft_cli_options *o)
{
    printf("%-20s %5s", "position", "cards");
    if (o->methods & FT_CLI_GREEDY)
        printf(" %9s", "greedy");
    if (o->methods & FT_CLI_HEURISTIC)
        printf(" %9s", "heuristic");
    if (o->methods & FT_CLI_OPTIMAL)
        printf(" %9s", "optimal");
    putchar('\n');
}

/* The row of one position and, with --moves, its move lists; false if a list is not legal. */
static bool ft_cli_print_row(const struct ft_cli_options *o, const struct ft_position *p,
                             struct ft_moves *moves[3], const struct ft_cli_result *r)
{
    static const char *const labels[] = {"greedy:", "heuristic:", "optimal:"};
    char optimum[32];
    bool legal = true;

    printf("%-20s %5d", p->name, r->cards);
    if (o->methods & FT_CLI_GREEDY)
        printf(" %9d", r->greedy);
    if (o->methods & FT_CLI_HEURISTIC)
        printf(" %9d", r->heuristic);
    if (o->methods & FT_CLI_OPTIMAL) {
        snprintf(optimum, sizeof optimum, "%s%d", r->optimum.proven ? "" : ">=", r->optimum.moved);
        printf(" %9s", optimum);
    }
    putchar('\n');
    for (int i = 0; i < 3 && o->moves; i++)
        if (o->methods & (1u << i))
            legal = ft_cli_print_moves(labels[i], &p->tableau, moves[i]) && legal;
    return legal;
}

static int ft_cli_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Means, shortfalls against the optimum, and the optimal search's cost. */
static void ft_cli_print_summary(const struct ft_cli_options *o, struct ft_cli_result *r, size_t n)
{
    double greedy = 0, heuristic = 0, optimal = 0, cards = 0;
    size_t greedy_short = 0, heuristic_short = 0, unproven = 0;
    for (size_t i = 0; i < n; i++) {
        cards += r[i].cards;
        greedy += r[i].greedy;
        heuristic += r[i].heuristic;
        optimal += r[i].optimum.moved;
        greedy_short += r[i].greedy < r[i].optimum.moved;
        heuristic_short += r[i].heuristic < r[i].optimum.moved;
        unproven += !r[i].optimum.proven;
    }
    printf("%-20s %5.1f", "mean", cards / (double)n);
    if (o->methods & FT_CLI_GREEDY)
        printf(" %9.3f", greedy / (double)n);
    if (o->methods & FT_CLI_HEURISTIC)
        printf(" %9.3f", heuristic / (double)n);
    if (o->methods & FT_CLI_OPTIMAL)
        printf(" %9.3f", optimal / (double)n);
    putchar('\n');
    if (!(o->methods & FT_CLI_OPTIMAL))
        return;
    if (o->methods & FT_CLI_GREEDY)
        printf("greedy below the optimum: %zu of %zu positions (%.1f%%)\n", greedy_short, n,
               100.0 * (double)greedy_short / (double)n);
    if (o->methods & FT_CLI_HEURISTIC)
        printf("heuristic below the optimum: %zu of %zu positions (%.1f%%)\n", heuristic_short, n,
               100.0 * (double)heuristic_short / (double)n);
    double *v = malloc(2 * n * sizeof *v);
    if (!v)
        return;
    for (size_t i = 0; i < n; i++) {
        v[i] = 1e3 * r[i].seconds;
        v[n + i] = (double)r[i].optimum.nodes;
    }
    qsort(v, n, sizeof *v, ft_cli_cmp_double);
    qsort(v + n, n, sizeof *v, ft_cli_cmp_double);
    printf("optimal search: median %.4f ms, max %.4f ms; median %.0f nodes, max %.0f nodes; "
           "%zu not proven\n",
           v[n / 2], v[n - 1], v[n + n / 2], v[2 * n - 1], unproven);
    free(v);
}

/* The positions to solve: all of the file, or the one --position names. */
static int ft_cli_select(const struct ft_cli_options *o, const struct ft_deal_file *f,
                         const struct ft_position **first, size_t *count)
{
    *first = f->positions;
    *count = f->count;
    if (!o->position)
        return APP_OK;
    *first = ft_deal_file_find(f, o->position);
    *count = 1;
    if (*first)
        return APP_OK;
    const char **names = malloc(f->count * sizeof *names);
    if (!names)
        return APP_FAILED;
    for (size_t i = 0; i < f->count; i++)
        names[i] = f->positions[i].name;
    const char *hint = ga_diag_closest(o->position, names, f->count);
    if (hint)
        app_error("%s: no position named '%s' (did you mean '%s'?)", o->file, o->position, hint);
    else
        app_error("%s: no position named '%s'", o->file, o->position);
    free(names);
    return APP_USAGE;
}

/* Solves and prints every selected position. */
static int ft_cli_solve_all(const struct ft_cli_options *o, const struct ft_position *first,
                            size_t count, struct ft_solver *solver, struct ft_moves *moves[3])
{
    struct ft_cli_result *results = calloc(count, sizeof *results);
    if (!results) {
        app_error("solve fortythieves: out of memory");
        return APP_FAILED;
    }
    int status = APP_OK;
    ft_cli_print_header(o);
    for (size_t i = 0; i < count && status == APP_OK; i++) {
        int ft = ft_cli_run(o, &first[i].tableau, solver, moves, &results[i]);
        if (ft != FT_OK) {
            app_error("solve fortythieves: %s: %s", first[i].name, ga_strerror(ft));
            status = APP_FAILED;
        } else if (!ft_cli_print_row(o, &first[i], moves, &results[i])) {
            app_error("solve fortythieves: %s: a move list does not replay (a bug)", first[i].name);
            status = APP_FAILED;
        }
    }
    if (status == APP_OK && o->summary)
        ft_cli_print_summary(o, results, count);
    free(results);
    return status;
}

static int solve_fortythieves(int argc, char **argv)
{
    struct ft_cli_options o;
    int status = ft_cli_parse(argc, argv, &o);
    if (status != APP_OK || o.help) {
        if (o.help)
            fputs(solve_fortythieves_usage, stdout);
        return status;
    }

    struct ga_diag diag;
    ga_diag_clear(&diag);
    int ft;
    struct ft_deal_file *f = ft_deal_file_alloc(o.file, &diag, &ft);
    if (!f) {
        app_print_diag(&diag);
        return ft == FT_ENOMEM ? APP_FAILED : APP_USAGE;
    }
    const struct ft_position *first;
    size_t count;
    status = ft_cli_select(&o, f, &first, &count);
    struct ft_solver_params params = {.node_limit = o.node_limit};
    struct ft_solver *solver = ft_solver_alloc(&params);
    struct ft_moves *moves[3] = {NULL, NULL, NULL};
    for (int i = 0; i < 3 && o.moves; i++)
        moves[i] = ft_moves_alloc();
    if (status == APP_OK && (!solver || (o.moves && (!moves[0] || !moves[1] || !moves[2])))) {
        app_error("solve fortythieves: out of memory");
        status = APP_FAILED;
    }
    if (status == APP_OK)
        status = ft_cli_solve_all(&o, first, count, solver, moves);
    if (status == APP_OK && (fflush(stdout) != 0 || ferror(stdout))) {
        app_error("solve fortythieves: cannot write to standard output");
        status = APP_FAILED;
    }
    for (int i = 0; i < 3; i++)
        ft_moves_free(moves[i]);
    ft_solver_free(solver);
    ft_deal_file_free(f);
    return status;
}

const struct app_command fortythieves_cmd_solve = {"solve", "fortythieves", "AutoStart baselines (greedy, heuristic, optimum) on a deal file", solve_fortythieves_usage, solve_fortythieves};
