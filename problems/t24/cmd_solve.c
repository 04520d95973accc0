/* problems/t24/cmd_solve.c — 'gaexp solve t24': one hand exhaustively, or the census of every hand. */
#include "config.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/app.h"
#include "app/file.h"
#include "problems/t24/t24_solve.h"

static const char solve_t24_usage[] =
    "  gaexp solve t24 CARD... [--target T] [--ops LIST] [--all]\n"
    "      Says whether the cards (2 to 8 values in [1, 99]) make the target (default\n"
    "      24; an integer in [-1000000, 1000000]) using each card exactly once, and\n"
    "      prints one solution, or with --all every solution distinct up to\n"
    "      commutativity and associativity (at most 6 cards).  Up to 7 cards always\n"
    "      finish; with 8 a subset of the cards can make more than 8,000,000\n"
    "      distinct values, the solver's limit: it then stops with exit status 1\n"
    "      (2 3 5 7 11 13 17 19: after 13 s of CPU).\n"
    "      --ops picks the operators: +,-,*,/ (default) and pow, root, log, mod.\n"
    "  gaexp solve t24 --census [--values LOW..HIGH] [--cards K] [--target T] [--ops LIST]\n"
    "                  [--csv FILE]\n"
    "      Solves every hand of K cards (default 4) with values in LOW..HIGH (default\n"
    "      1..10), prints how many are solvable and lists the others; --csv writes\n"
    "      every hand with a solution or none, and whether every solution needs a\n"
    "      fraction on the way (fractions_only: 1 for 3 3 8 8); FILE - or /dev/stdout:\n"
    "      standard output.\n";

struct t24_options {
    struct t24_hand hand;
    bool all, census;
    long long low, high, cards;
    const char *csv;
};

/* Reads the options; APP_OK to go on, otherwise the exit status. */
static int t24_read_options(int argc, char **argv, struct t24_options *o)
{
    static const struct option longopts[] = {
        {"target", required_argument, NULL, 't'}, {"ops", required_argument, NULL, 'o'},
        {"all", no_argument, NULL, 'a'},          {"census", no_argument, NULL, 'c'},
        {"values", required_argument, NULL, 'v'}, {"cards", required_argument, NULL, 'k'},
        {"csv", required_argument, NULL, 'f'},    {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    long long target = 24;
    char why[160];
    *o = (struct t24_options){.low = 1, .high = 10, .cards = 4};
    t24_ops_parse("+,-,*,/", &o->hand, why, sizeof why);
    optind = 1;
    opterr = 0;
    /* Cards may come before or after the options: getopt permutes them to the end. */
    for (int c; (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1;) {
        switch (c) {
        case 't':
            if (!app_parse_long("--target", optarg, -T24_TARGET_LIMIT, T24_TARGET_LIMIT, &target))
                return APP_USAGE;
            break;
        case 'o':
            if (!t24_ops_parse(optarg, &o->hand, why, sizeof why)) {
                app_error("--ops: %s", why);
                return APP_USAGE;
            }
            break;
        case 'a':
            o->all = true;
            break;
        case 'c':
            o->census = true;
            break;
        case 'v':
            if (!app_parse_range("--values", optarg, T24_CARD_MIN, T24_CARD_MAX, &o->low, &o->high))
                return APP_USAGE;
            break;
        case 'k':
            if (!app_parse_long("--cards", optarg, 2, T24_MAX_CARDS, &o->cards))
                return APP_USAGE;
            break;
        case 'f':
            o->csv = optarg;
            break;
        case 'h':
            fputs(solve_t24_usage, stdout);
            return -1;
        default:
            app_error("solve t24: unknown or incomplete option '%s'", argv[optind - 1]);
            return APP_USAGE;
        }
    }
    o->hand.target = (long)target;
    return APP_OK;
}

static bool t24_read_cards(int argc, char **argv, struct t24_hand *h)
{
    if (argc < 2 || argc > T24_MAX_CARDS) {
        app_error("solve t24: expected 2 to %d cards, got %d", T24_MAX_CARDS, argc);
        return false;
    }
    h->ncards = (unsigned)argc;
    for (int i = 0; i < argc; i++) {
        long long v;
        if (!app_parse_long("card", argv[i], T24_CARD_MIN, T24_CARD_MAX, &v))
            return false;
        h->card[i] = (int)v;
    }
    return true;
}

static void t24_print_found(void *ctx, const char *canonical, const ga_gene *expr)
{
    (void)expr;
    long *count = ctx;
    ++*count;
    printf("%s\n", canonical);
}

static int t24_report_failure(enum t24_solve_status status)
{
    if (status == T24_TOO_LARGE)
        app_error("solve t24: a subset of the cards makes more than %u distinct values, the "
                      "solver's limit; use at most 7 cards with these operators", T24_SOLVE_MAX_VALUES);
    else
        app_error("solve t24: out of memory");
    return APP_FAILED;
}

static void t24_print_hand(const struct t24_hand *h, FILE *out, const char *sep)
{
    for (unsigned i = 0; i < h->ncards; i++)
        fprintf(out, "%s%d", i ? sep : "", h->card[i]);
}

static int t24_solve_hand(const struct t24_options *o)
{
    const struct t24_hand *h = &o->hand;
    if (o->all && h->ncards > T24_ALL_MAX_CARDS) {
        app_error("solve t24: --all walks every expression; at most %d cards", T24_ALL_MAX_CARDS);
        return APP_USAGE;
    }
    char ops[64];
    t24_ops_format(h, ops, sizeof ops);
    printf("hand ");
    t24_print_hand(h, stdout, " ");
    printf(", target %ld, operators %s\n", h->target, ops);
    if (o->all) {
        long count = 0;
        long status = t24_solve_all(h, t24_print_found, &count);
        if (status < 0)
            return t24_report_failure((enum t24_solve_status)status);
        printf(count ? "%ld distinct solution%s\n" : "no solution\n", count, count == 1 ? "" : "s");
        return APP_OK;
    }
    ga_gene solution[2 * T24_MAX_CARDS];
    enum t24_solve_status status = t24_solve(h, solution);
    if (status < 0)
        return t24_report_failure(status);
    if (status == T24_UNSOLVABLE) {
        printf("no solution\n");
        return APP_OK;
    }
    char text[256];
    t24_format(h, solution, false, text, sizeof text);
    printf("%s = %ld\n", text, h->target);
    return APP_OK;
}

struct t24_census_ctx {
    long hands, solvable;
    struct t24_hand *unsolvable; /* grown as found */
    size_t cap;
    FILE *csv;
    bool progress, failed;
    double started;
};

static bool t24_census_hand(void *vctx, const struct t24_hand *h, const ga_gene *solution)
{
    struct t24_census_ctx *ctx = vctx;
    ctx->hands++;
    if (solution) {
        ctx->solvable++;
    } else {
        if ((size_t)(ctx->hands - ctx->solvable) > ctx->cap) {
            size_t cap = ctx->cap ? 2 * ctx->cap : 256;
            struct t24_hand *grown = realloc(ctx->unsolvable, cap * sizeof *grown);
            if (!grown) {
                ctx->failed = true;
                return false;
            }
            ctx->unsolvable = grown, ctx->cap = cap;
        }
        ctx->unsolvable[ctx->hands - ctx->solvable - 1] = *h;
    }
    if (ctx->csv) {
        char text[256] = "";
        if (solution)
            t24_format(h, solution, false, text, sizeof text);
        fputc('"', ctx->csv);
        t24_print_hand(h, ctx->csv, " ");
        ga_gene integral[2 * T24_MAX_CARDS];
        bool fractions_only = solution && t24_solve_integers(h, integral) == T24_UNSOLVABLE;
        fprintf(ctx->csv, "\",%d,\"%s\",%d\n", solution != NULL, text, fractions_only);
    }
    if (ctx->progress && ctx->hands % 64 == 0)
        fprintf(stderr, "\r\033[Kcensus: %ld hands, %ld solvable, %.0f s", ctx->hands, ctx->solvable,
                app_now() - ctx->started);
    return true;
}

/* The CSV, written under a temporary name and renamed when complete. */
static bool t24_open_csv(const char *path, struct app_file *f)
{
    if (!app_file_open_path(f, path))
        return false;
    fprintf(f->fp, "hand,solvable,solution,fractions_only\n");
    return true;
}

static int t24_solve_census(const struct t24_options *o)
{
    struct t24_census_ctx ctx = {.progress = isatty(STDERR_FILENO), .started = app_now()};
    struct app_file csv;
    if (o->csv) {
        if (!t24_open_csv(o->csv, &csv))
            return APP_USAGE; /* a path gaexp may not write: the user's to change */
        ctx.csv = csv.fp;
    }
    enum t24_solve_status status =
        t24_census(&o->hand, (int)o->low, (int)o->high, (unsigned)o->cards, t24_census_hand, &ctx);
    if (ctx.progress)
        fputs("\r\033[K", stderr);
    if (status < 0 || ctx.failed) {
        if (o->csv)
            app_file_abandon(&csv);
        free(ctx.unsolvable);
        return t24_report_failure(ctx.failed ? T24_NO_MEMORY : status);
    }
    if (o->csv && !app_file_commit(&csv)) {
        free(ctx.unsolvable);
        return APP_FAILED;
    }
    char ops[64];
    t24_ops_format(&o->hand, ops, sizeof ops);
    printf("24 game census: %lld cards with values %lld..%lld, operators %s, target %ld\n", o->cards,
           o->low, o->high, ops, o->hand.target);
    printf("solvable: %ld of %ld hands (%.1f%%)\n", ctx.solvable, ctx.hands,
           100.0 * (double)ctx.solvable / (double)ctx.hands);
    printf("unsolvable hands (%ld):\n", ctx.hands - ctx.solvable);
    for (long i = 0; i < ctx.hands - ctx.solvable; i++) {
        printf("  ");
        t24_print_hand(&ctx.unsolvable[i], stdout, " ");
        putchar('\n');
    }
    printf("time: %.2f s\n", app_now() - ctx.started);
    free(ctx.unsolvable);
    return APP_OK;
}

static int solve_t24(int argc, char **argv)
{
    struct t24_options o;
    int status = t24_read_options(argc, argv, &o);
    if (status != APP_OK)
        return status < 0 ? APP_OK : status;
    if (o.census) {
        if (optind != argc || o.all) {
            app_error("solve t24 --census takes no cards and no --all");
            return APP_USAGE;
        }
        return t24_solve_census(&o);
    }
    if (o.csv) {
        app_error("solve t24: --csv goes with --census");
        return APP_USAGE;
    }
    if (!t24_read_cards(argc - optind, argv + optind, &o.hand))
        return APP_USAGE;
    return t24_solve_hand(&o);
}

const struct app_command t24_cmd_solve = {"solve", "t24", "one hand exhaustively, or the census of every hand", solve_t24_usage, solve_t24};
