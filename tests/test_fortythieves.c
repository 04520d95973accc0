/* tests/test_fortythieves.c — Forty Thieves: cards, seeded deals, deal files, the AutoStart baselines against brute force, and the GA problem */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "problems/fortythieves/fortythieves_solve.h"
#include "testlib.h"

/* ---- helpers --------------------------------------------------------- */

/* A tableau from text: columns separated by '|', cards bottom first, e.g.
 * "KC AS | QD 2S | 5S 4S 3S 2S"; an empty column is blank ("AS | | 2S"). */
static struct ft_tableau ft_test_tableau(const char *text)
{
    struct ft_tableau t;
    memset(&t, 0, sizeof t);
    t.ncolumns = 1;
    for (const char *p = text; *p;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        if (*p == '|') {
            assert_true(t.ncolumns < FT_MAX_COLUMNS);
            t.ncolumns++;
            p++;
            continue;
        }
        size_t len = strcspn(p, " |");
        int card = ft_card_parse(p, len);
        if (!card)
            fail_msg("bad card in '%s'", text);
        t.card[t.ncolumns - 1][t.height[t.ncolumns - 1]++] = (unsigned char)card;
        p += len;
    }
    assert_null(ft_tableau_check(&t));
    return t;
}

/* Replays a move list from t: all moves legal, and the cards it moves up. */
static int ft_test_replay(const struct ft_tableau *t, const struct ft_moves *m)
{
    struct ft_game g;
    assert_int_equal(ft_game_init(&g, t), FT_OK);
    for (size_t i = 0; i < m->count; i++) {
        char name[FT_MOVE_NAME_SIZE];
        if (ft_game_play(&g, m->move[i]) != FT_OK)
            fail_msg("move %zu (%s) is not legal", i, ft_move_name(m->move[i], name));
    }
    return g.moved;
}

static const char *ft_test_moves_text(const struct ft_moves *m, char *buf, size_t size)
{
    char name[FT_MOVE_NAME_SIZE];
    buf[0] = '\0';
    for (size_t i = 0; i < m->count; i++)
        snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", i ? ", " : "",
                 ft_move_name(m->move[i], name));
    return buf;
}

struct ft_test_solved {
    int greedy, heuristic;
    struct ft_optimum optimum;
};

/* All three baselines on t, each move list replayed and checked. */
static struct ft_test_solved ft_test_solve(const struct ft_tableau *t)
{
    struct ft_test_solved r;
    struct ft_moves *m = ft_moves_alloc();
    struct ft_solver *s = ft_solver_alloc(NULL);
    assert_non_null(m);
    assert_non_null(s);
    r.greedy = ft_greedy(t, m);
    assert_int_equal(ft_test_replay(t, m), r.greedy);
    r.heuristic = ft_heuristic(t, m);
    assert_int_equal(ft_test_replay(t, m), r.heuristic);
    assert_int_equal(ft_optimal(s, t, m, &r.optimum), FT_OK);
    assert_int_equal(ft_test_replay(t, m), r.optimum.moved);
    assert_int_equal(ft_greedy(t, NULL), r.greedy);
    assert_int_equal(ft_heuristic(t, NULL), r.heuristic);
    ft_solver_free(s);
    ft_moves_free(m);
    return r;
}

/* ---- cards ----------------------------------------------------------- */

static void test_card_names(void **state)
{
    (void)state;
    char name[FT_CARD_NAME_SIZE], lower[FT_CARD_NAME_SIZE];
    int seen = 0;
    for (int card = 0; card < FT_CARD_CODES; card++) {
        if (!ft_card_valid(card))
            continue;
        seen++;
        ft_card_name(card, name);
        assert_int_equal(ft_card_parse(name, strlen(name)), card);
        for (size_t i = 0; i < sizeof lower; i++)
            lower[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
        assert_int_equal(ft_card_parse(lower, strlen(lower)), card);
    }
    assert_int_equal(seen, FT_RANKS * FT_SUITS);
    assert_string_equal(ft_card_name(ft_card(10, FT_HEARTS), name), "10H");
    assert_string_equal(ft_card_name(ft_card(1, FT_SPADES), name), "AS");
    assert_string_equal(ft_card_name(ft_card(13, FT_DIAMONDS), name), "KD");
    assert_int_equal(ft_card_parse("Qc", 2), ft_card(12, FT_CLUBS));
    static const char *const bad[] = {"", "A", "10", "1H", "TH", "11H", "0S", "AX", "ASS", "10HH", "-", "1OH"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (ft_card_parse(bad[i], strlen(bad[i])))
            fail_msg("'%s' parsed as a card", bad[i]);
    assert_false(ft_card_valid(0));
    assert_false(ft_card_valid(ft_card(14, FT_CLUBS)));
    assert_false(ft_card_valid(ft_card(0, FT_SPADES)));
}

/* ---- seeded deals ---------------------------------------------------- */

/* The shuffle rebuilt from the header's description alone. */
static uint64_t ft_test_splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t ft_test_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint32_t ft_test_draw(uint64_t s[4])
{
    uint64_t result = ft_test_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ft_test_rotl(s[3], 45);
    return (uint32_t)(result >> 32);
}

static uint32_t ft_test_below(uint64_t s[4], uint32_t n)
{
    uint64_t m = (uint64_t)ft_test_draw(s) * n;
    if ((uint32_t)m < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while ((uint32_t)m < t)
            m = (uint64_t)ft_test_draw(s) * n;
    }
    return (uint32_t)(m >> 32);
}

static void ft_test_shuffle(uint64_t seed, unsigned char deck[FT_CARDS])
{
    uint64_t s[4], x = seed;
    for (int i = 0; i < 4; i++)
        s[i] = ft_test_splitmix(&x);
    for (int i = 0; i < FT_CARDS; i++)
        deck[i] = (unsigned char)ft_card(i % 52 % 13 + 1, i % 52 / 13);
    for (int i = FT_CARDS - 1; i > 0; i--) {
        uint32_t j = ft_test_below(s, (uint32_t)i + 1);
        unsigned char swap = deck[i];
        deck[i] = deck[j];
        deck[j] = swap;
    }
}

static void test_deal_documented(void **state)
{
    (void)state;
    static const uint64_t seeds[] = {0, 1, 2, 3, 41, 1000, 123456789, 0xffffffffULL,
                                     0x7fffffffffffffffULL, UINT64_MAX};
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0] + 200; i++) {
        uint64_t seed = i < sizeof seeds / sizeof seeds[0] ? seeds[i] : i * 7919;
        unsigned char ours[FT_CARDS], rebuilt[FT_CARDS];
        assert_int_equal(ft_deck_shuffle(seed, ours), FT_OK);
        ft_test_shuffle(seed, rebuilt);
        assert_memory_equal(ours, rebuilt, FT_CARDS);
        int copies[FT_CARD_CODES] = {0};
        for (int c = 0; c < FT_CARDS; c++)
            copies[ours[c]]++;
        for (int card = 0; card < FT_CARD_CODES; card++)
            assert_int_equal(copies[card], ft_card_valid(card) ? 2 : 0);
        struct ft_position p;
        assert_int_equal(ft_deal(seed, &p), FT_OK);
        for (int k = 0; k < FT_DEAL_CARDS; k++)
            assert_int_equal(p.tableau.card[k % 10][k / 10], ours[k]);
    }
}

static void test_deal_golden(void **state)
{
    (void)state;
    static const char golden[] =
        "deal seed-1 seed 1\n"
        "JC 6D 9H 3S\n"
        "5D 5H 10D AD\n"
        "AS 7S 7D 8D\n"
        "QH 5C KS QC\n"
        "9H 5S 6H 9S\n"
        "KC 4H JS 8C\n"
        "JC 10D AH 10C\n"
        "9S 4S 6S 9D\n"
        "8S 3D 2S JS\n"
        "KH 9C 3C 3C\n";
    struct ft_position p;
    char text[1024];
    assert_int_equal(ft_deal(1, &p), FT_OK);
    assert_int_equal(ft_position_format(text, sizeof text, &p), strlen(golden));
    assert_string_equal(text, golden);
    assert_true(p.is_deal && p.has_seed);
    assert_int_equal(p.seed, 1);
    assert_string_equal(p.name, "seed-1");
    /* Too small a buffer: cut, terminated, and the full length told. */
    assert_int_equal(ft_position_format(text, 10, &p), strlen(golden));
    assert_string_equal(text, "deal seed");
}

/* ---- deal files ------------------------------------------------------ */

static void ft_test_positions_equal(const struct ft_position *a, const struct ft_position *b)
{
    assert_string_equal(a->name, b->name);
    assert_int_equal(a->is_deal, b->is_deal);
    assert_int_equal(a->has_seed, b->has_seed);
    if (a->has_seed)
        assert_true(a->seed == b->seed);
    assert_int_equal(a->tableau.ncolumns, b->tableau.ncolumns);
    for (int c = 0; c < a->tableau.ncolumns; c++) {
        assert_int_equal(a->tableau.height[c], b->tableau.height[c]);
        assert_memory_equal(a->tableau.card[c], b->tableau.card[c], (size_t)a->tableau.height[c]);
    }
}

/* A random valid position: 1..10 columns, 0..12 cards each, copies capped. */
static void ft_test_random_position(unsigned *rng, struct ft_position *p, int index)
{
    int copies[FT_CARD_CODES] = {0};
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "random-%d", index);
    p->tableau.ncolumns = 1 + (int)(rand_r(rng) % FT_MAX_COLUMNS);
    for (int c = 0; c < p->tableau.ncolumns; c++) {
        int want = (int)(rand_r(rng) % 13);
        for (int i = 0; i < want; i++) {
            int card = ft_card(1 + (int)(rand_r(rng) % FT_RANKS), (int)(rand_r(rng) % FT_SUITS));
            if (copies[card] < FT_COPIES) {
                copies[card]++;
                p->tableau.card[c][p->tableau.height[c]++] = (unsigned char)card;
            }
        }
    }
}

static void test_deal_file_round_trip(void **state)
{
    (void)state;
    enum { N = 60 };
    static struct ft_position written[N];
    static char text[N * 700];
    unsigned rng = 7;
    size_t len = 0;
    for (int i = 0; i < N; i++) {
        if (i % 3 == 0)
            assert_int_equal(ft_deal((uint64_t)i * 1000003u, &written[i]), FT_OK);
        else
            ft_test_random_position(&rng, &written[i], i);
        if (i % 3 == 0 && i % 2)          /* a deal with no seed line */
            written[i].has_seed = false, snprintf(written[i].name, FT_NAME_MAX, "plain-%d", i);
        len += (size_t)snprintf(text + len, sizeof text - len, "%s# position %d\n\n", i % 5 ? "" : "   ", i);
        len += ft_position_format(text + len, sizeof text - len, &written[i]);
        assert_true(len < sizeof text);
    }
    struct ga_diag d;
    int status;
    ga_diag_clear(&d);
    struct ft_deal_file *f = ft_deal_file_alloc_string("round.deal", text, &d, &status);
    if (!f) {
        char msg[1024];
        ga_diag_format(&d.entries[0], msg, sizeof msg);
        fail_msg("round trip refused: %s", msg);
    }
    assert_int_equal(status, FT_OK);
    assert_int_equal(f->count, N);
    for (int i = 0; i < N; i++)
        ft_test_positions_equal(&written[i], &f->positions[i]);
    assert_ptr_equal(ft_deal_file_find(f, "random-5"), &f->positions[5]);
    assert_null(ft_deal_file_find(f, "random-"));
    ft_deal_file_free(f);
    ft_deal_file_free(NULL);
}

static void test_deal_file_features(void **state)
{
    (void)state;
    static const char text[] =
        "# lower case cards, tabs, CRLF, a deal given by its seed alone\r\n"
        "position small\r\n"
        "\tas  10h\tkD \r\n"
        "-\n"
        "   # an indented comment\n"
        "2c\n"
        "deal seven seed 7\n";
    struct ga_diag d;
    ga_diag_clear(&d);
    struct ft_deal_file *f = ft_deal_file_alloc_string("features.deal", text, &d, NULL);
    assert_non_null(f);
    assert_int_equal(f->count, 2);
    struct ft_tableau expect = ft_test_tableau("AS 10H KD | | 2C");
    ft_test_positions_equal(&(struct ft_position){.name = "small", .tableau = expect}, &f->positions[0]);
    struct ft_position seven;
    assert_int_equal(ft_deal(7, &seven), FT_OK);
    snprintf(seven.name, sizeof seven.name, "seven");
    ft_test_positions_equal(&seven, &f->positions[1]);
    ft_deal_file_free(f);
}

/* Reads text, expecting refusal with exactly the given messages in order. */
static void ft_test_refused(const char *text, int expected_status, const char *const *messages)
{
    struct ga_diag d;
    int status = FT_OK;
    ga_diag_clear(&d);
    struct ft_deal_file *f = ft_deal_file_alloc_string("bad.deal", text, &d, &status);
    assert_null(f);
    assert_int_equal(status, expected_status);
    size_t n = 0;
    while (messages[n])
        n++;
    for (size_t i = 0; i < d.count; i++) {
        char msg[1024];
        ga_diag_format(&d.entries[i], msg, sizeof msg);
        if (i >= n || strcmp(msg, messages[i]) != 0)
            fail_msg("message %zu: got '%s', expected '%s'", i, msg, i < n ? messages[i] : "(none)");
    }
    assert_int_equal(d.count, n);
}

#define FT_REFUSED(text, ...) ft_test_refused((text), FT_EINPUT, (const char *const[]){__VA_ARGS__, NULL})

static void test_deal_file_errors(void **state)
{
    (void)state;
    FT_REFUSED("position p\nAS ZS 1H\n",
               "bad.deal:2: p: unknown card 'ZS' (expected a rank A 2-10 J Q K and a suit C D H S, e.g. 10H)",
               "bad.deal:2: p: unknown card '1H' (expected a rank A 2-10 J Q K and a suit C D H S, e.g. 10H)");
    FT_REFUSED("position p\nAS 2S\nAS\n\nAS\n",
               "bad.deal:5: p: card AS appears a third time (two decks hold two of each card)");
    FT_REFUSED("AS\nposition p\nAS\n2S\n",
               "bad.deal:1: cards before any 'deal NAME' or 'position NAME' line");
    FT_REFUSED("position\nAS\n", "bad.deal:1: 'position' needs a name");
    FT_REFUSED("deal\n", "bad.deal:1: 'deal' needs a name");
    FT_REFUSED("dael x seed 3\n",
               "bad.deal:1: cards before any 'deal NAME' or 'position NAME' line");
    FT_REFUSED("position p\ndael x\n", "bad.deal:2: p: unknown card 'dael' (did you mean 'deal'?)",
               "bad.deal:2: p: unknown card 'x' (expected a rank A 2-10 J Q K and a suit C D H S, e.g. 10H)");
    FT_REFUSED("deal d seed 12x\n",
               "bad.deal:1: d: seed: expected an integer in [0, 18446744073709551615], got '12x'");
    FT_REFUSED("deal d seed -1\n",
               "bad.deal:1: d: seed: expected an integer in [0, 18446744073709551615], got '-1'");
    FT_REFUSED("deal d seed 18446744073709551616\n",
               "bad.deal:1: d: seed: expected an integer in [0, 18446744073709551615], got "
               "'18446744073709551616'");
    FT_REFUSED("deal d seed\n", "bad.deal:1: d: 'seed' needs a number");
    FT_REFUSED("deal d seed 4 5\n", "bad.deal:1: d: unexpected '5' at the end of the line");
    FT_REFUSED("deal d sed 4\n",
               "bad.deal:1: d: unexpected 'sed' after the name (expected 'seed K' or the end of the line)");
    FT_REFUSED("position p seed 4\nAS\n", "bad.deal:1: p: only a 'deal' takes a seed");
    FT_REFUSED("position p\nAS\n2S\n3S\n4S\n5S\n6S\n7S\n8S\n9S\n10S\nJS\nQS\n",
               "bad.deal:12: p: more than 10 columns");
    FT_REFUSED("position p\n- AS\n", "bad.deal:2: p: '-' marks an empty column and stands alone");
    FT_REFUSED("position p\n", "bad.deal:1: p: no columns (one line per column follows the header; '-' is an empty column)");
    FT_REFUSED("deal d\nAS 2S 3S 4S\n",
               "bad.deal:1: d: a deal has 10 columns of 4 cards (use 'position' for other shapes)");
    FT_REFUSED("position p\nAS\nposition q\nAS\nposition p\n2S\n",
               "bad.deal:5: p: the name is already used at line 1");
    FT_REFUSED("", "bad.deal: no positions (a 'deal NAME' or 'position NAME' line starts one)");
    FT_REFUSED("# only a comment\n\n", "bad.deal: no positions (a 'deal NAME' or 'position NAME' line starts one)");

    /* A seeded deal whose columns are not the seed's. */
    struct ft_position p;
    char text[1024];
    assert_int_equal(ft_deal(3, &p), FT_OK);
    ft_position_format(text, sizeof text, &p);
    char *third = strstr(strchr(strchr(strchr(text, '\n') + 1, '\n') + 1, '\n') + 1, " ");
    char saved = third[1];
    third[1] = third[1] == 'A' ? 'K' : 'A';   /* a card of column 3 changes rank */
    struct ga_diag d;
    ga_diag_clear(&d);
    assert_null(ft_deal_file_alloc_string("bad.deal", text, &d, NULL));
    assert_int_equal(d.count, 1);
    assert_int_equal(d.entries[0].line, 4);
    assert_non_null(strstr(d.entries[0].message, "column 3 differs from the deal of seed 3: "));
    third[1] = saved;
    ga_diag_clear(&d);
    struct ft_deal_file *f = ft_deal_file_alloc_string("good.deal", text, &d, NULL);
    assert_non_null(f);
    ft_deal_file_free(f);
}

static void test_deal_file_too_many_cards(void **state)
{
    (void)state;
    /* Every card twice (104), then one more: the count is reported, once. */
    char text[2048] = "position full\n";
    for (int copy = 0; copy < 2; copy++)
        for (int suit = 0; suit < FT_SUITS; suit++) {
            for (int rank = 1; rank <= FT_RANKS; rank++) {
                char name[FT_CARD_NAME_SIZE];
                strcat(text, ft_card_name(ft_card(rank, suit), name));
                strcat(text, rank < FT_RANKS ? " " : "\n");
            }
        }
    struct ga_diag d;
    ga_diag_clear(&d);
    struct ft_deal_file *f = ft_deal_file_alloc_string("full.deal", text, &d, NULL);
    assert_non_null(f);
    assert_int_equal(ft_tableau_cards(&f->positions[0].tableau), FT_CARDS);
    ft_deal_file_free(f);
    strcat(text, "AS 2S\n");
    FT_REFUSED(text, "bad.deal:10: full: more than 104 cards (two decks)");
}

static void test_deal_file_from_disk(void **state)
{
    (void)state;
    char path[] = "/tmp/gaexp-ft-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    static const char text[] = "position p\nAS\n2S\0oops\n";
    assert_int_equal(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    struct ga_diag d;
    int status;
    ga_diag_clear(&d);
    assert_null(ft_deal_file_alloc(path, &d, &status));
    assert_int_equal(status, FT_EINPUT);
    assert_int_equal(d.count, 1);
    assert_int_equal(d.entries[0].line, 3);
    assert_string_equal(d.entries[0].message, "not a text file (it holds a NUL byte)");
    unlink(path);
    ga_diag_clear(&d);
    assert_null(ft_deal_file_alloc(path, &d, &status));
    assert_int_equal(status, FT_EINPUT);
    assert_non_null(strstr(d.entries[0].message, "cannot read the file: No such file"));
}

/* ---- the rules ------------------------------------------------------- */

static void test_game_rules(void **state)
{
    (void)state;
    struct ft_tableau t = ft_test_tableau("AS 2S | AS | 3S | KH");
    struct ft_game g;
    assert_int_equal(ft_game_init(&g, &t), FT_OK);
    struct ft_move up = {(unsigned char)ft_card(2, FT_SPADES), 0, FT_FOUNDATION};
    assert_false(ft_game_legal(&g, up));      /* no Ace up yet */
    assert_int_equal(ft_game_play(&g, up), FT_EINVAL);
    assert_int_equal(ft_game_top(&g, 0), ft_card(2, FT_SPADES));
    struct ft_move onto = {(unsigned char)ft_card(2, FT_SPADES), 0, 2};
    assert_int_equal(ft_game_play(&g, onto), FT_OK);   /* 2S onto 3S */
    assert_int_equal(ft_game_top(&g, 2), ft_card(2, FT_SPADES));
    struct ft_move wrong_card = {(unsigned char)ft_card(3, FT_SPADES), 2, FT_FOUNDATION};
    assert_false(ft_game_legal(&g, wrong_card));      /* 3S is not on top */
    assert_int_equal(ft_game_play(&g, (struct ft_move){(unsigned char)ft_card(1, FT_SPADES), 0, FT_FOUNDATION}), FT_OK);
    assert_int_equal(ft_game_play(&g, (struct ft_move){(unsigned char)ft_card(1, FT_SPADES), 1, FT_FOUNDATION}), FT_OK);
    assert_int_equal(g.pile[FT_SPADES][0], 1);
    assert_int_equal(g.pile[FT_SPADES][1], 1);
    /* Columns 0 and 1 are empty: any card may go there, a King too. */
    assert_true(ft_game_legal(&g, (struct ft_move){(unsigned char)ft_card(13, FT_HEARTS), 3, 0}));
    assert_false(ft_game_legal(&g, (struct ft_move){(unsigned char)ft_card(13, FT_HEARTS), 3, 3}));
    assert_false(ft_game_legal(&g, (struct ft_move){(unsigned char)ft_card(13, FT_HEARTS), 3, 4}));
    assert_int_equal(ft_game_play(&g, (struct ft_move){(unsigned char)ft_card(2, FT_SPADES), 2, FT_FOUNDATION}), FT_OK);
    assert_int_equal(g.pile[FT_SPADES][0], 2);
    assert_int_equal(g.pile[FT_SPADES][1], 1);
    assert_int_equal(g.moved, 3);

    struct ft_tableau bad = ft_test_tableau("AS | AS");
    bad.card[1][bad.height[1]++] = (unsigned char)ft_card(1, FT_SPADES);
    assert_non_null(ft_tableau_check(&bad));
    assert_int_equal(ft_greedy(&bad, NULL), FT_EINVAL);
    assert_int_equal(ft_heuristic(&bad, NULL), FT_EINVAL);
    struct ft_solver *s = ft_solver_alloc(NULL);
    struct ft_optimum o;
    assert_int_equal(ft_optimal(s, &bad, NULL, &o), FT_EINVAL);
    bad.ncolumns = 0;
    assert_int_equal(ft_optimal(s, &bad, NULL, &o), FT_EINVAL);
    bad = ft_test_tableau("AS");
    bad.card[0][0] = 14;                  /* rank 14 */
    assert_int_equal(ft_greedy(&bad, NULL), FT_EINVAL);
    ft_solver_free(s);
    ft_solver_free(NULL);
    ft_moves_free(NULL);
}

/* ---- the baselines on known positions --------------------------------- */

/* The published counter-example: greedy sends the 2S of column 2 up and
 * strands the run of column 3. */
static void test_greedy_trap(void **state)
{
    (void)state;
    struct ft_tableau t = ft_test_tableau("KC AS | QD 2S | 5S 4S 3S 2S");
    struct ft_test_solved r = ft_test_solve(&t);
    assert_int_equal(r.greedy, 2);
    assert_int_equal(r.heuristic, 2);     /* no column move is legal here: the same mistake */
    assert_int_equal(r.optimum.moved, 5);
    assert_true(r.optimum.proven);

    struct ft_moves *m = ft_moves_alloc();
    char text[256];
    ft_greedy(&t, m);
    assert_string_equal(ft_test_moves_text(m, text, sizeof text), "AS 1->F, 2S 2->F");
    struct ft_solver *s = ft_solver_alloc(NULL);
    struct ft_optimum o;
    assert_int_equal(ft_optimal(s, &t, m, &o), FT_OK);
    assert_string_equal(ft_test_moves_text(m, text, sizeof text),
                        "AS 1->F, 2S 3->F, 3S 3->F, 4S 3->F, 5S 3->F");
    ft_solver_free(s);
    ft_moves_free(m);
}

/* Positions whose optimum needs an empty column. */
static void test_empty_column(void **state)
{
    (void)state;
    struct ft_moves *m = ft_moves_alloc();
    struct ft_solver *s = ft_solver_alloc(NULL);
    struct ft_optimum o;
    char text[256];

    /* 5D onto 6D empties column 2, where KC must go to free AH.  The
     * heuristic, in the same pass, fills it with QS from column 4 first. */
    struct ft_tableau t = ft_test_tableau("AH KC | 5D | 6D | 2C QS");
    struct ft_test_solved r = ft_test_solve(&t);
    assert_int_equal(r.greedy, 0);
    assert_int_equal(r.heuristic, 0);
    assert_int_equal(r.optimum.moved, 1);
    ft_heuristic(&t, m);
    assert_string_equal(ft_test_moves_text(m, text, sizeof text), "5D 2->3, QS 4->2");
    ft_optimal(s, &t, m, &o);
    assert_string_equal(ft_test_moves_text(m, text, sizeof text), "5D 2->3, KC 1->2, AH 1->F");

    /* An empty column from the start. */
    t = ft_test_tableau("AS KD | ");
    r = ft_test_solve(&t);
    assert_int_equal(r.greedy, 0);
    assert_int_equal(r.heuristic, 1);
    assert_int_equal(r.optimum.moved, 1);

    /* The column the first Ace leaves empty takes the second King. */
    t = ft_test_tableau("AC KH | AH KC | ");
    r = ft_test_solve(&t);
    assert_int_equal(r.greedy, 0);
    assert_int_equal(r.heuristic, 2);
    assert_int_equal(r.optimum.moved, 2);

    /* 2S parks in the empty column so that 3S can go onto 4S; the move
     * list is the shortest (the only one of 3 moves). */
    t = ft_test_tableau("AD 3S 2S | 4S | ");
    r = ft_test_solve(&t);
    assert_int_equal(r.greedy, 0);
    assert_int_equal(r.optimum.moved, 1);
    ft_optimal(s, &t, m, &o);
    assert_string_equal(ft_test_moves_text(m, text, sizeof text), "2S 1->3, 3S 1->2, AD 1->F");
    ft_solver_free(s);
    ft_moves_free(m);
}

/* A card flagged after a column move never moves between columns again. */
static void test_heuristic_flag(void **state)
{
    (void)state;
    /* 4S can go onto either 5S and back forever without the flag. */
    struct ft_tableau t = ft_test_tableau("AH 4S | 5S | 5S");
    struct ft_moves *m = ft_moves_alloc();
    char text[256];
    assert_int_equal(ft_heuristic(&t, m), 1);
    assert_string_equal(ft_test_moves_text(m, text, sizeof text), "4S 1->2, AH 1->F");
    ft_moves_free(m);
}

/* ---- the exact solver against an independent brute force -------------- */

/*
 * A plain exhaustive search, written apart from the solver and as simply as
 * it can be: every legal move (into every empty column, a lone card too),
 * no bound, no pruning, no symmetry, and foundations kept as counts per
 * card (a card may go up when its suit holds more cards of the rank below
 * than of its own; "rank 0" counts two).  Positions can repeat through
 * cycles, and counting simple paths explodes even for ten cards, so it
 * keeps every position it reached, compared byte for byte (no hash key
 * stands for a position), and visits each once, breadth first.
 */
struct ft_brute {
    int ncolumns;
    int height[6];
    unsigned char card[6][24];            /* unused places stay 0 */
    unsigned char up[FT_CARD_CODES];      /* copies on the foundations */
};

struct ft_brute_seen {
    struct ft_brute *state;               /* every position reached, in order: the queue */
    size_t count, cap;
    size_t *slot;                         /* index + 1 into state, 0 for none */
    size_t slots;
};

static size_t ft_brute_hash(const struct ft_brute *b)
{
    const unsigned char *p = (const unsigned char *)b;
    size_t h = 2166136261u;
    for (size_t i = 0; i < sizeof *b; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static void ft_brute_add(struct ft_brute_seen *seen, const struct ft_brute *b);

static void ft_brute_grow(struct ft_brute_seen *seen)
{
    free(seen->slot);
    seen->slots = seen->slots ? 2 * seen->slots : 1024;
    seen->slot = calloc(seen->slots, sizeof *seen->slot);
    assert_non_null(seen->slot);
    size_t count = seen->count;
    seen->count = 0;
    for (size_t i = 0; i < count; i++)
        ft_brute_add(seen, &seen->state[i]);
}

/* Adds b unless it was reached before. */
static void ft_brute_add(struct ft_brute_seen *seen, const struct ft_brute *b)
{
    if (2 * (seen->count + 1) > seen->slots)
        ft_brute_grow(seen);
    size_t i = ft_brute_hash(b) % seen->slots;
    for (; seen->slot[i]; i = (i + 1) % seen->slots)
        if (memcmp(&seen->state[seen->slot[i] - 1], b, sizeof *b) == 0)
            return;
    if (seen->count == seen->cap) {
        seen->cap = seen->cap ? 2 * seen->cap : 1024;
        seen->state = realloc(seen->state, seen->cap * sizeof *seen->state);
        assert_non_null(seen->state);
    }
    if (&seen->state[seen->count] != b)
        seen->state[seen->count] = *b;
    seen->slot[i] = ++seen->count;
}

static bool ft_brute_can_go_up(const struct ft_brute *b, int card)
{
    int below = ft_card_rank(card) == 1 ? 2 : b->up[card - 1];
    return below > b->up[card];
}

/* Every position one legal move away from b. */
static void ft_brute_expand(struct ft_brute_seen *seen, struct ft_brute b)
{
    for (int from = 0; from < b.ncolumns; from++) {
        if (!b.height[from])
            continue;
        int card = b.card[from][b.height[from] - 1];
        for (int to = -1; to < b.ncolumns; to++) {
            struct ft_brute next = b;
            next.card[from][--next.height[from]] = 0;
            if (to < 0) {
                if (!ft_brute_can_go_up(&b, card))
                    continue;
                next.up[card]++;
            } else {
                int top = b.height[to] ? b.card[to][b.height[to] - 1] : 0;
                if (to == from || (top && top != card + 1))
                    continue;
                next.card[to][next.height[to]++] = (unsigned char)card;
            }
            ft_brute_add(seen, &next);
        }
    }
}

static int ft_brute_force(const struct ft_tableau *t, long *positions)
{
    struct ft_brute_seen seen = {0};
    struct ft_brute b;
    memset(&b, 0, sizeof b);
    b.ncolumns = t->ncolumns;
    for (int c = 0; c < t->ncolumns; c++) {
        b.height[c] = t->height[c];
        memcpy(b.card[c], t->card[c], (size_t)t->height[c]);
    }
    ft_brute_add(&seen, &b);
    int best = 0;
    for (size_t i = 0; i < seen.count; i++) {
        int moved = 0;
        for (int c = 0; c < FT_CARD_CODES; c++)
            moved += seen.state[i].up[c];
        if (moved > best)
            best = moved;
        ft_brute_expand(&seen, seen.state[i]);
    }
    *positions = (long)seen.count;
    free(seen.state);
    free(seen.slot);
    return best;
}

/* A small random position: 3..6 columns of 1..4 cards (sometimes one left
 * empty), ranks 1..5 of two suits drawn from 'suits', so that many cards can move. */
static void ft_test_small_position(unsigned *rng, struct ft_tableau *t)
{
    int copies[FT_CARD_CODES] = {0};
    int suit_a = (int)(rand_r(rng) % 4), suit_b = (suit_a + 1 + (int)(rand_r(rng) % 3)) % 4;
    memset(t, 0, sizeof *t);
    t->ncolumns = 3 + (int)(rand_r(rng) % 4);
    for (int c = 0; c < t->ncolumns; c++) {
        int want = rand_r(rng) % 10 == 0 ? 0 : 1 + (int)(rand_r(rng) % 4);
        for (int i = 0; i < want; i++) {
            int card = ft_card(1 + (int)(rand_r(rng) % 5), rand_r(rng) % 2 ? suit_a : suit_b);
            if (copies[card] < FT_COPIES) {
                copies[card]++;
                t->card[c][t->height[c]++] = (unsigned char)card;
            }
        }
    }
}

static void test_optimal_against_brute_force(void **state)
{
    (void)state;
    struct ft_solver *fast = ft_solver_alloc(NULL);
    struct ft_solver_params plain = {.no_safe_moves = true};
    struct ft_solver *slow = ft_solver_alloc(&plain);
    struct ft_moves *m = ft_moves_alloc();
    unsigned rng = 20240607;
    int checked = 0, above_greedy = 0, above_heuristic = 0, needed_moves = 0;
    long most_nodes = 0;
    assert_non_null(fast);
    assert_non_null(slow);
    assert_non_null(m);
    while (checked < 1000) {
        struct ft_tableau t;
        ft_test_small_position(&rng, &t);
        if (ft_tableau_cards(&t) > (t.ncolumns < 6 ? 12 : 8))    /* keeps the brute force quick */
            continue;
        long nodes;
        int exact = ft_brute_force(&t, &nodes);
        if (nodes > most_nodes)
            most_nodes = nodes;
        struct ft_optimum o, p;
        assert_int_equal(ft_optimal(fast, &t, m, &o), FT_OK);
        assert_int_equal(ft_optimal(slow, &t, NULL, &p), FT_OK);
        if (o.moved != exact || p.moved != exact || !o.proven || o.bound < exact) {
            char text[1024];
            struct ft_position pos = {.name = "failing", .tableau = t};
            ft_position_format(text, sizeof text, &pos);
            fail_msg("brute force %d, solver %d (without safe moves %d), bound %d, on\n%s", exact,
                     o.moved, p.moved, o.bound, text);
        }
        assert_int_equal(ft_test_replay(&t, m), exact);
        int greedy = ft_greedy(&t, NULL), heuristic = ft_heuristic(&t, NULL);
        assert_true(greedy <= exact && heuristic <= exact);
        above_greedy += exact > greedy;
        above_heuristic += exact > heuristic;
        for (size_t i = 0; i < m->count; i++)
            if (m->move[i].to != FT_FOUNDATION) {
                needed_moves++;
                break;
            }
        checked++;
    }
    /* The sample must exercise what the baselines miss. */
    assert_true(above_greedy > 30);
    assert_true(above_heuristic > 10);
    assert_true(needed_moves > 30);
    print_message("      %d positions; optimum above greedy in %d, above the heuristic in %d; "
                  "column moves in %d optimal paths; brute force up to %ld positions\n",
                  checked, above_greedy, above_heuristic, needed_moves, most_nodes);
    ft_moves_free(m);
    ft_solver_free(slow);
    ft_solver_free(fast);
}

/* Safe foundation moves never change the optimum of real deals. */
static void test_safe_moves_on_deals(void **state)
{
    (void)state;
    struct ft_solver *fast = ft_solver_alloc(NULL);
    struct ft_solver_params plain = {.no_safe_moves = true};
    struct ft_solver *slow = ft_solver_alloc(&plain);
    unsigned long long fast_nodes = 0, slow_nodes = 0;
    for (uint64_t seed = 1; seed <= 400; seed++) {
        struct ft_position p;
        struct ft_optimum a, b;
        assert_int_equal(ft_deal(seed, &p), FT_OK);
        assert_int_equal(ft_optimal(fast, &p.tableau, NULL, &a), FT_OK);
        assert_int_equal(ft_optimal(slow, &p.tableau, NULL, &b), FT_OK);
        assert_true(a.proven && b.proven);
        assert_int_equal(a.moved, b.moved);
        assert_true(a.bound >= a.moved);
        assert_int_equal(a.bound, b.bound);
        assert_true(ft_greedy(&p.tableau, NULL) <= a.moved);
        assert_true(ft_heuristic(&p.tableau, NULL) <= a.moved);
        fast_nodes += a.nodes;
        slow_nodes += b.nodes;
    }
    assert_true(fast_nodes < slow_nodes);
    ft_solver_free(slow);
    ft_solver_free(fast);
}

/* The node limit stops the search with a lower bound, marked not proven. */
static void test_node_limit(void **state)
{
    (void)state;
    struct ft_position p;
    assert_int_equal(ft_deal(45888, &p), FT_OK);   /* among the hardest of the first 100000 */
    struct ft_solver *full = ft_solver_alloc(NULL);
    struct ft_solver_params params = {.node_limit = 1000};
    struct ft_solver *limited = ft_solver_alloc(&params);
    struct ft_moves *m = ft_moves_alloc();
    struct ft_optimum exact, partial;
    assert_int_equal(ft_optimal(full, &p.tableau, NULL, &exact), FT_OK);
    assert_true(exact.proven);
    assert_int_equal(exact.moved, 21);
    assert_int_equal(exact.bound, 22);
    assert_int_equal(ft_optimal(limited, &p.tableau, m, &partial), FT_OK);
    assert_false(partial.proven);
    assert_int_equal(partial.nodes, 1000);
    assert_true(partial.moved <= exact.moved);
    assert_int_equal(partial.bound, exact.bound);
    assert_int_equal(ft_test_replay(&p.tableau, m), partial.moved);
    /* The solver is reused: the next call starts afresh. */
    struct ft_optimum again;
    assert_int_equal(ft_optimal(full, &p.tableau, m, &again), FT_OK);
    assert_int_equal(again.moved, exact.moved);
    assert_int_equal(again.nodes, exact.nodes);
    assert_int_equal(ft_test_replay(&p.tableau, m), 21);
    ft_moves_free(m);
    ft_solver_free(limited);
    ft_solver_free(full);
}

/* ---- the GA problem: an independent decoder ---------------------------
 * The play a genome stands for, rebuilt from the description at the top of
 * problems/fortythieves.c and the solver's documented safe-move rule alone.
 * Each gene chooses among the legal moves of the moment (gene mod their
 * number), in a fixed order: foundation moves, columns left to right; then
 * moves onto another column, by source then by target column, leaving out
 * a lone card into an empty column, every empty column but the leftmost,
 * and the move that undoes the previous one.  Safe foundation moves are
 * played at once, rescanning from the left after each, and cost no gene.
 * The rules are ft_game's (tested above); every move is replayed through
 * ft_game_play, so an illegal choice fails the test.
 */
#define FT_TEST_MOVES 120                 /* the problem's default genome length */
#define FT_TEST_MAX_LEGAL (FT_MAX_COLUMNS * FT_MAX_COLUMNS)

static bool ft_test_goes_up(const struct ft_game *g, int card)
{
    const unsigned char *pile = g->pile[ft_card_suit(card)];
    int below = ft_card_rank(card) - 1;
    return pile[0] == below || pile[1] == below;
}

/* The solver's rule (fortythieves_solve.h): no card one rank lower of the
 * suit left in the tableau, and the other copy of the card out of the
 * tableau or both foundations of the suit one rank lower. */
static bool ft_test_safe(const struct ft_game *g, const int left[FT_CARD_CODES], int card)
{
    int below = ft_card_rank(card) - 1;
    const unsigned char *pile = g->pile[ft_card_suit(card)];
    if (below > 0 && left[card - 1] > 0)
        return false;
    return left[card] == 1 || (pile[0] == below && pile[1] == below);
}

struct ft_test_play {
    struct ft_game game;
    int left[FT_CARD_CODES];              /* copies of each card still in the tableau */
    struct ft_move last;
    size_t count, cap;
    struct ft_move *move;                 /* every move played, safe ones too */
    bool useful_first;                    /* decoder = "useful-first" (the shipped one) */
};

static void ft_test_play_alloc(struct ft_test_play *p, size_t genes)
{
    memset(p, 0, sizeof *p);
    p->cap = genes + FT_CARDS;
    p->move = malloc(p->cap * sizeof *p->move);
    assert_non_null(p->move);
}

static void ft_test_play_move(struct ft_test_play *p, struct ft_move m)
{
    char name[FT_MOVE_NAME_SIZE];
    if (ft_game_play(&p->game, m) != FT_OK)
        fail_msg("the decoder chose an illegal move %s", ft_move_name(m, name));
    if (m.to == FT_FOUNDATION)
        p->left[m.card]--;
    assert_true(p->count < p->cap);
    p->move[p->count++] = m;
    p->last = m;
}

/* The decoder's list of legal moves of p now, into legal; returns how many,
 * and in *useful how many lead it under useful-first.  Moves in a fixed
 * order: foundation moves, columns left to right; then moves onto another
 * column, by source then by target column, leaving out a lone card into an
 * empty column, every empty column but the leftmost, and the move that
 * undoes p->last. */
static size_t ft_test_legal(const struct ft_test_play *p, struct ft_move legal[FT_TEST_MAX_LEGAL], size_t *useful)
{
    const struct ft_game *g = &p->game;
    size_t n = 0;
    int columns = g->t.ncolumns, empty = -1;
    for (int c = 0; c < columns; c++) {
        int top = ft_game_top(g, c);
        if (top && ft_test_goes_up(g, top))
            legal[n++] = (struct ft_move){(unsigned char)top, (unsigned char)c, FT_FOUNDATION};
        if (!top && empty < 0)
            empty = c;
    }
    for (int c = 0; c < columns; c++) {
        int top = ft_game_top(g, c);
        for (int d = 0; top && d < columns; d++) {
            int onto = ft_game_top(g, d);
            bool fits = onto ? onto == top + 1 : d == empty && g->t.height[c] > 1;
            bool undo = p->last.card == top && p->last.from == d && p->last.to == c;
            if (d != c && fits && !undo) {
                assert_true(n < FT_TEST_MAX_LEGAL);
                legal[n++] = (struct ft_move){(unsigned char)top, (unsigned char)c, (unsigned char)d};
            }
        }
    }
    /* useful-first: the foundation moves, then the column moves that empty
     * their column or uncover a card that goes up, then the others (each
     * group in the order above); genes below 32 pick among the first two. */
    *useful = n;
    if (p->useful_first) {
        struct ft_move sorted[FT_TEST_MAX_LEGAL];
        size_t k = 0;
        for (int pass = 0; pass < 3; pass++)
            for (size_t i = 0; i < n; i++) {
                struct ft_move m = legal[i];
                int h = g->t.height[m.from];
                int group = m.to == FT_FOUNDATION ? 0
                            : h == 1 || ft_test_goes_up(g, g->t.card[m.from][h - 2]) ? 1 : 2;
                if (group == pass)
                    sorted[k++] = m;
            }
        for (size_t i = 0; i < n; i++) {
            int h = g->t.height[sorted[i].from];
            if (sorted[i].to != FT_FOUNDATION && h > 1 && !ft_test_goes_up(g, g->t.card[sorted[i].from][h - 2]) &&
                *useful == n)
                *useful = i;
        }
        memcpy(legal, sorted, n * sizeof *legal);
    }
    return n;
}

static size_t ft_test_pick(const struct ft_test_play *p, ga_gene gene, size_t useful, size_t n)
{
    return p->useful_first && useful && gene < 32 ? gene % useful : gene % n;
}

/* Plays every safe foundation move, rescanning from the left after each. */
static void ft_test_play_safe(struct ft_test_play *p)
{
    const struct ft_game *g = &p->game;
    for (int c = 0; c < g->t.ncolumns; c++) {
        int top = ft_game_top(g, c);
        if (top && ft_test_goes_up(g, top) && ft_test_safe(g, p->left, top)) {
            ft_test_play_move(p, (struct ft_move){(unsigned char)top, (unsigned char)c, FT_FOUNDATION});
            c = -1;
        }
    }
}

/* Plays genes[0..len) from t into p; returns the cards moved up. */
static int ft_test_decode(const struct ft_tableau *t, const ga_gene *genes, size_t len,
                          struct ft_test_play *p)
{
    assert_int_equal(ft_game_init(&p->game, t), FT_OK);
    memset(p->left, 0, sizeof p->left);
    p->last = (struct ft_move){0, 0, 0};
    p->count = 0;
    for (int c = 0; c < t->ncolumns; c++)
        for (int i = 0; i < t->height[c]; i++)
            p->left[t->card[c][i]]++;
    size_t used = 0;
    for (;;) {
        ft_test_play_safe(p);
        if (used == len)
            break;
        struct ft_move legal[FT_TEST_MAX_LEGAL];
        size_t useful, n = ft_test_legal(p, legal, &useful);
        if (n == 0)
            break;
        ga_gene gene = genes[used++];
        ft_test_play_move(p, legal[ft_test_pick(p, gene, useful, n)]);
    }
    return p->game.moved;
}

/* ---- the search decoder, rebuilt -------------------------------------
 * As problems/fortythieves/fortythieves.c describes it: a depth-first
 * search from the deal, its safe moves played, that tries at depth d first
 * the move that gene d mod len picks from the useful-first list (with no
 * undo rule), then the next moves of the list in turn, wrapping round;
 * after each move the safe moves; a position seen before is not expanded.
 * It stops once it has played 'budget' moves (safe ones and moves into a
 * seen position included) or run out of positions.  Its result: the most
 * cards up and the first path to them; with shaping, the first among those
 * with the fewest cards buried on the needed ones.  Seen positions are
 * kept whole here, not hashed.
 */
#define FT_TEST_KEY (FT_CARDS + FT_MAX_COLUMNS)

struct ft_test_search {
    const ga_gene *genes;
    size_t len, budget, nodes;
    bool shaping;
    struct ft_test_play play;             /* the path under way */
    int best, best_buried;
    struct ft_move *best_path;
    size_t best_count;
    unsigned char (*seen)[FT_TEST_KEY];   /* open addressing; an all-zero key is free */
    size_t size;
};

/* For each foundation not finished, the cards above the shallowest copy of
 * the card it needs next, when that copy is in the tableau. */
static int ft_test_buried(const struct ft_game *g)
{
    int sum = 0;
    for (int suit = 0; suit < FT_SUITS; suit++)
        for (int k = 0; k < FT_COPIES; k++) {
            int rank = g->pile[suit][k] + 1, least = -1;
            for (int c = 0; rank <= FT_RANKS && c < g->t.ncolumns; c++)
                for (int i = 0; i < g->t.height[c]; i++)
                    if (g->t.card[c][i] == ft_card(rank, suit) &&
                        (least < 0 || g->t.height[c] - 1 - i < least))
                        least = g->t.height[c] - 1 - i;
            sum += least > 0 ? least : 0;
        }
    return sum;
}

static void ft_test_undo(struct ft_test_play *p)
{
    struct ft_move m = p->move[--p->count];
    ft_game_undo(&p->game, m);
    if (m.to == FT_FOUNDATION)
        p->left[m.card]++;
}

/* Whether the position of p was seen; marks it seen. */
static bool ft_test_seen(struct ft_test_search *s)
{
    unsigned char key[FT_TEST_KEY] = {0};
    const struct ft_tableau *t = &s->play.game.t;
    size_t k = 0, h = 7;
    for (int c = 0; c < t->ncolumns; c++) {
        for (int i = 0; i < t->height[c]; i++)
            key[k++] = t->card[c][i];
        key[k++] = 0xff;
    }
    for (size_t i = 0; i < k; i++)
        h = h * 31 + key[i];
    for (h &= s->size - 1;; h = (h + 1) & (s->size - 1)) {
        if (memcmp(s->seen[h], key, FT_TEST_KEY) == 0)
            return true;
        if (s->seen[h][0] == 0) { /* a key starts with a card or 0xff */
            memcpy(s->seen[h], key, FT_TEST_KEY);
            return false;
        }
    }
}

static void ft_test_keep_best(struct ft_test_search *s)
{
    const struct ft_test_play *p = &s->play;
    int moved = p->game.moved, buried = s->shaping ? ft_test_buried(&p->game) : 0;
    if (moved > s->best || (moved == s->best && buried < s->best_buried)) {
        s->best = moved;
        s->best_buried = buried;
        s->best_count = p->count;
        memcpy(s->best_path, p->move, p->count * sizeof *p->move);
    }
}

static void ft_test_dfs(struct ft_test_search *s, size_t depth)
{
    struct ft_test_play *p = &s->play;
    struct ft_move legal[FT_TEST_MAX_LEGAL];
    p->last = (struct ft_move){0, 0, 0};
    size_t useful, n = ft_test_legal(p, legal, &useful);
    size_t first = n ? ft_test_pick(p, s->genes[depth % s->len], useful, n) : 0;
    for (size_t k = 0; k < n && s->nodes < s->budget; k++) {
        size_t before = p->count;
        ft_test_play_move(p, legal[(first + k) % n]);
        ft_test_play_safe(p);
        s->nodes += p->count - before;
        if (!ft_test_seen(s)) {
            ft_test_keep_best(s);
            ft_test_dfs(s, depth + 1);
        }
        while (p->count > before)
            ft_test_undo(p);
    }
}

/* Searches t with genes[0..len) and a budget of moves; replays the best
 * path found from the start into *best (every move checked legal) and
 * returns its cards. */
static int ft_test_search_decode(const struct ft_tableau *t, const ga_gene *genes, size_t len, size_t budget,
                                 bool shaping, struct ft_test_play *best)
{
    struct ft_test_search s = {.genes = genes, .len = len, .budget = budget, .shaping = shaping, .size = 64};
    while (s.size < 4 * budget)
        s.size *= 2;
    s.seen = calloc(s.size, sizeof *s.seen);
    assert_non_null(s.seen);
    ft_test_play_alloc(&s.play, budget + 1);
    s.play.useful_first = true;
    s.best_path = malloc(s.play.cap * sizeof *s.best_path);
    assert_non_null(s.best_path);
    ga_gene none = 0;
    ft_test_decode(t, &none, 0, &s.play); /* the safe moves of the deal */
    s.nodes = s.play.count;
    s.best = -1;
    ft_test_seen(&s);
    ft_test_keep_best(&s);
    ft_test_dfs(&s, 0);
    assert_true(best->cap >= s.best_count);
    assert_int_equal(ft_game_init(&best->game, t), FT_OK);
    memset(best->left, 0, sizeof best->left);
    for (int c = 0; c < t->ncolumns; c++)
        for (int i = 0; i < t->height[c]; i++)
            best->left[t->card[c][i]]++;
    best->count = 0;
    for (size_t i = 0; i < s.best_count; i++)
        ft_test_play_move(best, s.best_path[i]);
    assert_int_equal(best->game.moved, s.best);
    free(s.best_path);
    free(s.play.move);
    free(s.seen);
    return s.best;
}

/* ---- the GA problem: helpers ------------------------------------------ */

/* An experiment on problem fortythieves from the inner settings of its
 * 'problem' and 'ga' groups; a refusal fails the test. */
static struct test_experiment *ft_test_experiment(const char *problem, const char *ga)
{
    char text[2048];
    int len = snprintf(text, sizeof text, "problem = { name = \"fortythieves\"; %s };\nga = { %s };\n",
                       problem, ga);
    assert_true(len > 0 && (size_t)len < sizeof text);
    struct test_experiment *t = test_experiment_alloc(text);
    if (!t->e) {
        char msg[1024];
        fail_msg("experiment refused: %s\n%s", test_first_diag(t, msg, sizeof msg), text);
    }
    return t;
}

/* The shipped configs/fortythieves.cfg with the given "path=value" overrides. */
static struct test_experiment *ft_test_shipped(const char *const *sets)
{
    FILE *f = fopen(GA_SRCDIR "/configs/fortythieves.cfg", "r");
    assert_non_null(f);
    static char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    assert_true(n > 0 && n < sizeof text - 1);
    text[n] = '\0';
    fclose(f);
    struct test_experiment *t = test_experiment_reading(text, sets, &test_gaexp_file);
    if (!t->e) {
        char msg[1024];
        fail_msg("configs/fortythieves.cfg refused: %s", test_first_diag(t, msg, sizeof msg));
    }
    return t;
}

static struct ga_genome ft_test_genome(const struct test_experiment *t)
{
    return ga_problem_genome(t->e->problem, t->e->state);
}

static double ft_test_evaluate(const struct test_experiment *t, const ga_gene *g)
{
    struct ga_genome gen = ft_test_genome(t);
    return t->e->problem->evaluate(&gen, g);
}

/* What the print hook writes for g (best.txt's text); free it. */
static char *ft_test_print(const struct test_experiment *t, const ga_gene *g)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    struct ga_genome gen = ft_test_genome(t);
    t->e->problem->print(&gen, g, out);
    assert_int_equal(fclose(out), 0);
    return text;
}

/* K of the line "cards to the foundations: K in N moves; ..." of a print. */
static int ft_test_printed_cards(const char *text)
{
    static const char key[] = "cards to the foundations: ";
    const char *line = strstr(text, key);
    int cards;
    if (!line || (line != text && line[-1] != '\n') || sscanf(line + strlen(key), "%d in ", &cards) != 1)
        fail_msg("no line 'cards to the foundations: K' in\n%s", text);
    return cards;
}

/*
 * Checks the print of genome g under experiment t (reference 'reference',
 * called 'reference_name') against the independent play of g: the moves up
 * to the last one to a foundation, ten a line, then the summary line; and
 * that the fitness is the reference less the printed cards.
 */
static void ft_test_check_print(const struct test_experiment *t, const ga_gene *g,
                                const struct ft_test_play *play, const char *reference_name,
                                int reference, int cards)
{
    char *expect = NULL, *got = ft_test_print(t, g);
    size_t size = 0, count = play->count;
    FILE *out = open_memstream(&expect, &size);
    assert_non_null(out);
    while (count > 0 && play->move[count - 1].to != FT_FOUNDATION)
        count--;
    for (size_t i = 0; i < count; i++) {
        char name[FT_MOVE_NAME_SIZE];
        fprintf(out, "%s%s", ft_move_name(play->move[i], name),
                i + 1 == count ? "\n" : i % 10 == 9 ? "\n" : ", ");
    }
    fprintf(out, "cards to the foundations: %d in %zu moves; %s: %d of %d\n", play->game.moved, count,
            reference_name, reference, cards);
    assert_int_equal(fclose(out), 0);
    if (strcmp(got, expect) != 0)
        fail_msg("print wrote\n%sexpected\n%s", got, expect);
    double fitness = ft_test_evaluate(t, g);
    if (fitness != (double)(reference - ft_test_printed_cards(got)))
        fail_msg("fitness %g, but the print says %d cards of %d", fitness, ft_test_printed_cards(got),
                 reference);
    free(got);
    free(expect);
}

/* Runs t's experiment to its end from its seed; asserts that no
 * generation's best fitness is negative and returns the stop reason. */
static enum ga_stop ft_test_run(struct test_experiment *t, struct ga_run **out)
{
    struct ga_run *run = test_run_alloc(t);
    ga_run_init(run, t->e->seed);
    enum ga_stop stop;
    do {
        const struct ga_stats *s = ga_run_stats(run);
        if (s->best < 0)
            fail_msg("generation %lu: best fitness %g, better than the reference", s->generation, s->best);
    } while ((stop = ga_run_iterate(run)) == GA_CONTINUE);
    *out = run;
    return stop;
}

/* ---- the GA problem: tests --------------------------------------------- */

/* The defaults the problem states, and the limits of its settings. */
static void test_ga_defaults(void **state)
{
    (void)state;
    struct test_experiment *t = ft_test_experiment("", "");
    struct ga_genome gen = ft_test_genome(t);
    assert_int_equal(gen.len, FT_TEST_MOVES);
    assert_true(gen.alphabet >= 2);
    assert_int_equal(gen.kind, GA_KIND_INTS);
    assert_ptr_equal(t->e->params.mutation, &ga_mutation_reset);
    assert_int_equal(t->e->params.mutation_unit, GA_PER_GENE);
    assert_ptr_equal(t->e->params.crossover, &ga_crossover_twopoint);
    /* No setting at all: seed 1, judged against its optimum. */
    struct ft_position p;
    assert_int_equal(ft_deal(1, &p), FT_OK);
    struct ft_test_play play;
    ft_test_play_alloc(&play, 10000);
    ga_gene *genes = calloc(10000, sizeof *genes);
    assert_non_null(genes);
    struct ft_test_solved solved = ft_test_solve(&p.tableau);
    ft_test_decode(&p.tableau, genes, gen.len, &play);
    ft_test_check_print(t, genes, &play, "the optimum", solved.optimum.moved, FT_DEAL_CARDS);
    test_experiment_free(t);

    /* Both ends of 'moves': one choice, and 10000 (print's buffer). */
    static const unsigned lengths[] = {1, 10000};
    gsl_rng *r = test_rng_alloc(5);
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        char settings[64];
        snprintf(settings, sizeof settings, "seed = 177; moves = %u;", lengths[i]);
        t = ft_test_experiment(settings, "");
        gen = ft_test_genome(t);
        assert_int_equal(gen.len, lengths[i]);
        assert_int_equal(ft_deal(177, &p), FT_OK);
        solved = ft_test_solve(&p.tableau);
        for (int k = 0; k < 20; k++) {
            t->e->problem->init(&gen, r, genes);
            assert_true(t->e->problem->valid(&gen, genes));
            ft_test_decode(&p.tableau, genes, gen.len, &play);
            ft_test_check_print(t, genes, &play, "the optimum", solved.optimum.moved, FT_DEAL_CARDS);
        }
        test_experiment_free(t);
    }
    gsl_rng_free(r);
    free(genes);
    free(play.move);

    test_expect_error("problem = { name = \"fortythieves\"; moves = 10001; };",
                      "problem.moves: expected an integer in [1, 10000], got 10001");
    test_expect_error("problem = { name = \"fortythieves\"; seed = -1; };", "problem.seed: expected an integer");
    test_expect_error("problem = { name = \"fortythieves\"; reference = 1; };",
                      "problem.reference: expected a string, got 1");
    test_expect_error("problem = { name = \"fortythieves\"; reference = \"card\"; };",
                      "problem.reference: unknown value 'card'");
    test_expect_error("problem = { name = \"fortythieves\"; decoder = \"search\"; nodes = 0; };",
                      "problem.nodes: expected an integer in [1, 16384], got 0");
    test_expect_error("problem = { name = \"fortythieves\"; decoder = \"search\"; nodes = 16385; };",
                      "problem.nodes: expected an integer in [1, 16384], got 16385");
    test_expect_error("problem = { name = \"fortythieves\"; decoder = \"useful-first\"; nodes = 100; };",
                      "problem.nodes: only decoder = \"search\" has a node budget");
}

/*
 * On seeded deals 1..300, random genomes (the init hook) and genomes of
 * small genes (which favour foundation moves and so reach further) are
 * evaluated under both references and played by the independent decoder:
 * fitness is the optimum less the cards the play moves, never negative,
 * and with reference "cards" the tableau's 40 less the same count, never
 * below 40 less the optimum.  Some prints are checked in full.
 */
static void test_ga_decoder_and_bounds(void **state)
{
    (void)state;
    enum { DEALS = 300, GENOMES = 40 };
    struct ft_solver *solver = ft_solver_alloc(NULL);
    assert_non_null(solver);
    gsl_rng *r = test_rng_alloc(2024);
    struct ft_test_play play;
    ft_test_play_alloc(&play, FT_TEST_MOVES);
    ga_gene genes[FT_TEST_MOVES];
    int deals_at_optimum = 0, deals_above_greedy = 0, prints = 0;
    long genomes_at_optimum = 0;
    for (int seed = 1; seed <= DEALS; seed++) {
        char settings[128];
        snprintf(settings, sizeof settings, "seed = %d;", seed);
        struct test_experiment *opt = ft_test_experiment(settings, "");
        snprintf(settings, sizeof settings, "seed = %d; reference = \"cards\";", seed);
        struct test_experiment *cards = ft_test_experiment(settings, "");
        struct ga_genome gen = ft_test_genome(opt);
        assert_int_equal(gen.len, FT_TEST_MOVES);
        assert_int_equal(ft_test_genome(cards).alphabet, gen.alphabet);
        struct ft_position p;
        struct ft_optimum best;
        assert_int_equal(ft_deal((uint64_t)seed, &p), FT_OK);
        assert_int_equal(ft_optimal(solver, &p.tableau, NULL, &best), FT_OK);
        assert_true(best.proven);
        int greedy = ft_greedy(&p.tableau, NULL), deal_best = 0;
        for (int k = 0; k < GENOMES; k++) {
            if (k % 2)
                opt->e->problem->init(&gen, r, genes);
            else
                for (size_t i = 0; i < gen.len; i++)   /* k = 0: every gene 0 */
                    genes[i] = (ga_gene)ga_rng_below(r, 1 + (unsigned long)(k / 2 % 4));
            assert_true(opt->e->problem->valid(&gen, genes));
            double f_opt = ft_test_evaluate(opt, genes), f_cards = ft_test_evaluate(cards, genes);
            int moved = ft_test_decode(&p.tableau, genes, gen.len, &play);
            if (f_opt < 0 || FT_DEAL_CARDS - f_cards > best.moved)
                fail_msg("seed %d, genome %d: fitness %g (reference \"cards\": %g) beats the optimum %d",
                         seed, k, f_opt, f_cards, best.moved);
            if (f_opt != best.moved - moved || f_cards != FT_DEAL_CARDS - moved)
                fail_msg("seed %d, genome %d: fitness %g and %g, but the play moves %d of optimum %d",
                         seed, k, f_opt, f_cards, moved, best.moved);
            if (seed <= 30 && k < 4) {
                ft_test_check_print(opt, genes, &play, "the optimum", best.moved, FT_DEAL_CARDS);
                ft_test_check_print(cards, genes, &play, "the cards in the tableau", FT_DEAL_CARDS,
                                    FT_DEAL_CARDS);
                prints += 2;
            }
            genomes_at_optimum += moved == best.moved;
            deal_best = moved > deal_best ? moved : deal_best;
        }
        deals_at_optimum += deal_best == best.moved;
        deals_above_greedy += deal_best > greedy;
        test_experiment_free(cards);
        test_experiment_free(opt);
    }
    /* The bound must be met often, or it is not tested. */
    assert_true(deals_at_optimum > DEALS / 2);
    assert_true(deals_above_greedy > 10);
    print_message("      %d deals x %d genomes: %ld genomes and %d deals at the optimum, "
                  "%d deals above greedy; %d prints checked\n",
                  DEALS, GENOMES, genomes_at_optimum, deals_at_optimum, deals_above_greedy, prints);
    free(play.move);
    gsl_rng_free(r);
    ft_solver_free(solver);
}

/*
 * decoder = "search" against its rebuilt description, on deals 1..40 and
 * five hard deals, with budgets from 1 move to 3000, random
 * genomes and genomes of small genes: the fitness is the tableau's 40 less
 * the cards of the rebuilt search (plus b / (b + 8) with shaping, b its
 * buried cards), never beyond the optimum; the print is its best path,
 * replayed legally from the deal.
 */
static void test_ga_search_decoder(void **state)
{
    (void)state;
    static const unsigned budgets[] = {1, 7, 37, 150, 600, 3000};
    static const int hard[] = {177, 197, 1030, 6282, 20550};
    gsl_rng *r = test_rng_alloc(41);
    struct ft_test_play play;
    ft_test_play_alloc(&play, 4000);
    ga_gene genes[FT_TEST_MOVES];
    int checked = 0, at_optimum = 0, deeper = 0;
    for (int i = 0; i < 45; i++) {
        int seed = i < 40 ? i + 1 : hard[i - 40];
        struct ft_position p;
        assert_int_equal(ft_deal((uint64_t)seed, &p), FT_OK);
        struct ft_test_solved solved = ft_test_solve(&p.tableau);
        for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++)
            for (int shaping = 0; shaping < 2; shaping++) {
                char settings[160];
                snprintf(settings, sizeof settings,
                         "seed = %d; reference = \"cards\"; decoder = \"search\"; nodes = %u; shaping = %s;", seed,
                         budgets[b], shaping ? "true" : "false");
                struct test_experiment *t = ft_test_experiment(settings, "");
                struct ga_genome gen = ft_test_genome(t);
                for (int k = 0; k < 3; k++) {
                    if (k == 0)
                        t->e->problem->init(&gen, r, genes);
                    else
                        for (size_t j = 0; j < gen.len; j++)
                            genes[j] = (ga_gene)ga_rng_below(r, k == 1 ? 2 : 33);
                    int moved = ft_test_search_decode(&p.tableau, genes, gen.len, budgets[b], shaping, &play);
                    assert_true(moved <= solved.optimum.moved);
                    double expect = FT_DEAL_CARDS - moved, fitness = ft_test_evaluate(t, genes);
                    if (shaping) {
                        double buried = ft_test_buried(&play.game);
                        expect += buried / (buried + 8.0);
                    } else {
                        ft_test_check_print(t, genes, &play, "the cards in the tableau", FT_DEAL_CARDS,
                                            FT_DEAL_CARDS);
                    }
                    if (fitness != expect)
                        fail_msg("deal %d, %u moves, shaping %d: fitness %.17g, the rebuilt search %.17g", seed,
                                 budgets[b], shaping, fitness, expect);
                    checked++;
                    at_optimum += moved == solved.optimum.moved && solved.optimum.moved > 0;
                    deeper += b == 5 && moved > ft_test_decode(&p.tableau, genes, gen.len, &play);
                }
                test_experiment_free(t);
            }
    }
    /* The search must often find what one play (the useful-first decoder) does not. */
    assert_true(deeper > 20);
    print_message("      %d genomes checked; %d at a non-zero optimum; %d beyond their useful-first play\n", checked,
                  at_optimum, deeper);
    free(play.move);
    gsl_rng_free(r);
}

/* The published position where greedy takes the wrong 2S: columns
 * KC AS | QD 2S | 5S 4S 3S 2S.  Greedy 2 cards, the optimum 5. */
static const char ft_test_wrong_2s_deals[] =
    "# a decoy first: 'position' picks by name, its absence the first\n"
    "position decoy\n"
    "AH\n"
    "\n"
    "position wrong-2s\n"
    "KC AS\n"
    "QD 2S\n"
    "5S 4S 3S 2S\n";

static void test_ga_wrong_2s(void **state)
{
    (void)state;
    char path[] = "/tmp/gaexp-ft-ga-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    size_t len = sizeof ft_test_wrong_2s_deals - 1;
    assert_int_equal(write(fd, ft_test_wrong_2s_deals, len), (ssize_t)len);
    close(fd);

    struct ga_diag d;
    ga_diag_clear(&d);
    struct ft_deal_file *f = ft_deal_file_alloc(path, &d, NULL);
    assert_non_null(f);
    const struct ft_position *p = ft_deal_file_find(f, "wrong-2s");
    assert_non_null(p);
    struct ft_test_solved solved = ft_test_solve(&p->tableau);
    assert_int_equal(solved.greedy, 2);
    assert_int_equal(solved.optimum.moved, 5);
    ft_deal_file_free(f);

    static const char optimal_play[] = "AS 1->F, 2S 3->F, 3S 3->F, 4S 3->F, 5S 3->F\n";
    char settings[256], expect[256];
    const char *ga = "seed = 1; population = 10; stop = { generations = 50; };";
    snprintf(settings, sizeof settings, "deals = \"%s\"; position = \"wrong-2s\"; moves = 20;", path);
    struct test_experiment *t = ft_test_experiment(settings, ga);
    ga_gene zeros[20] = {0};
    /* Every gene 0 takes the leftmost 2S, as greedy does: 3 short. */
    assert_true(ft_test_evaluate(t, zeros) == 3.0);
    char *text = ft_test_print(t, zeros);
    assert_string_equal(text, "AS 1->F, 2S 2->F\ncards to the foundations: 2 in 2 moves; the optimum: 5 of 8\n");
    free(text);

    struct ga_run *run;
    assert_int_equal(ft_test_run(t, &run), GA_STOP_FITNESS);
    assert_true(ga_run_stats(run)->best == 0);
    text = ft_test_print(t, ga_run_best(run));
    snprintf(expect, sizeof expect, "%scards to the foundations: 5 in 5 moves; the optimum: 5 of 8\n", optimal_play);
    assert_string_equal(text, expect);
    free(text);
    ga_run_free(run);
    test_experiment_free(t);

    /* Blind to the optimum: the same run cannot stop early and ends 8 - 5 = 3 short. */
    snprintf(settings, sizeof settings,
             "deals = \"%s\"; position = \"wrong-2s\"; moves = 20; reference = \"cards\";", path);
    t = ft_test_experiment(settings, ga);
    assert_int_equal(ft_test_run(t, &run), GA_STOP_GENERATIONS);
    assert_true(ga_run_stats(run)->best == 3);
    text = ft_test_print(t, ga_run_best(run));
    snprintf(expect, sizeof expect, "%scards to the foundations: 5 in 5 moves; the cards in the tableau: 8 of 8\n",
             optimal_play);
    assert_string_equal(text, expect);
    free(text);
    ga_run_free(run);
    test_experiment_free(t);

    /* No 'position': the file's first. */
    snprintf(settings, sizeof settings, "deals = \"%s\";", path);
    t = ft_test_experiment(settings, ga);
    ga_gene any[FT_TEST_MOVES] = {7, 3};
    assert_true(ft_test_evaluate(t, any) == 0);
    text = ft_test_print(t, any);
    assert_string_equal(text, "AH 1->F\ncards to the foundations: 1 in 1 moves; the optimum: 1 of 1\n");
    free(text);
    test_experiment_free(t);
    unlink(path);

    /* The study file names the same position 'greedy-trap'. */
    t = ft_test_experiment("deals = \"" GA_SRCDIR "/tests/data/fortythieves/studies.deal\"; "
                           "position = \"greedy-trap\";", ga);
    assert_true(ft_test_evaluate(t, zeros) == 3.0);
    test_experiment_free(t);
}

/*
 * The shipped configuration, fixed seeds, on seeded deals where greedy and
 * the heuristic both fall well short of the optimum: the GA reaches the
 * optimum (fitness 0) and its best play, printed, says so.  Found with
 * 'gaexp solve fortythieves' over deals 1..2000 and ten GA seeds each
 * (when the shipped decoder played one play per genome); the search
 * decoder reaches each in its first generation.
 */
static void test_ga_reaches_optimum(void **state)
{
    (void)state;
    static const struct {
        int deal, greedy, heuristic, optimum;
    } cases[] = {
        {177, 3, 9, 21},
        {1139, 0, 3, 16},
        {1429, 2, 4, 13},
        {1490, 4, 4, 12},
    };
    struct ft_test_play play;
    ft_test_play_alloc(&play, 9000);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct ft_position p;
        assert_int_equal(ft_deal((uint64_t)cases[i].deal, &p), FT_OK);
        struct ft_test_solved solved = ft_test_solve(&p.tableau);
        assert_int_equal(solved.greedy, cases[i].greedy);
        assert_int_equal(solved.heuristic, cases[i].heuristic);
        assert_int_equal(solved.optimum.moved, cases[i].optimum);
        char deal[32];
        snprintf(deal, sizeof deal, "problem.seed=%d", cases[i].deal);
        const char *sets[] = {deal, "ga.seed=1", NULL};
        struct test_experiment *t = ft_test_shipped(sets);
        struct ga_run *run;
        assert_int_equal(ft_test_run(t, &run), GA_STOP_FITNESS);
        assert_true(ga_run_stats(run)->best == 0);
        /* configs/fortythieves.cfg: decoder "search", 8192 moves, shaping */
        ft_test_search_decode(&p.tableau, ga_run_best(run), ga_run_genome(run)->len, 8192, true, &play);
        assert_int_equal(play.game.moved, cases[i].optimum);
        ft_test_check_print(t, ga_run_best(run), &play, "the optimum", cases[i].optimum, FT_DEAL_CARDS);
        print_message("      deal %d: greedy %d, heuristic %d, optimum %d, reached in generation %lu\n",
                      cases[i].deal, cases[i].greedy, cases[i].heuristic, cases[i].optimum,
                      ga_run_generation_found(run));
        ga_run_free(run);
        test_experiment_free(t);
    }
    free(play.move);
}

struct ft_test_outcome {
    uint64_t digest;                      /* of every generation's statistics and best genome */
    double best;
    ga_gene genes[FT_TEST_MOVES];
    char *print;
};

static struct ft_test_outcome ft_test_outcome(const char *seed, const char *threads)
{
    const char *sets[] = {"problem.seed=1865", seed, threads, "ga.stop.generations=25",
                          "ga.stop.fitness=-1.0", "problem.nodes=300", NULL};
    struct test_experiment *t = ft_test_shipped(sets);
    struct ga_run *run = test_run_alloc(t);
    struct ft_test_outcome o = {.digest = 1469598103934665603ULL};
    ga_run_init(run, t->e->seed);
    do {
        const struct ga_stats *s = ga_run_stats(run);
        double row[] = {s->best, s->mean, s->sd, s->worst, (double)s->evaluations};
        const unsigned char *bytes = (const unsigned char *)row;
        for (size_t i = 0; i < sizeof row; i++)
            o.digest = (o.digest ^ bytes[i]) * 1099511628211ULL;
        bytes = (const unsigned char *)ga_run_best(run);
        for (size_t i = 0; i < FT_TEST_MOVES * sizeof(ga_gene); i++)
            o.digest = (o.digest ^ bytes[i]) * 1099511628211ULL;
    } while (ga_run_iterate(run) == GA_CONTINUE);
    assert_int_equal(ga_run_stats(run)->generation, 25);
    assert_int_equal(ga_run_genome(run)->len, FT_TEST_MOVES);
    o.best = ga_run_stats(run)->best;
    memcpy(o.genes, ga_run_best(run), sizeof o.genes);
    o.print = ft_test_print(t, o.genes);
    ga_run_free(run);
    test_experiment_free(t);
    return o;
}

/* The same seed gives the same run, byte for byte, on any number of threads. */
static void test_ga_same_seed_same_run(void **state)
{
    (void)state;
    struct ft_test_outcome a = ft_test_outcome("ga.seed=3", "ga.threads=1");
    struct ft_test_outcome b = ft_test_outcome("ga.seed=3", "ga.threads=1");
    struct ft_test_outcome c = ft_test_outcome("ga.seed=3", "ga.threads=3");
    struct ft_test_outcome other = ft_test_outcome("ga.seed=4", "ga.threads=1");
    const struct ft_test_outcome *same[] = {&b, &c};
    for (size_t i = 0; i < 2; i++) {
        assert_true(a.digest == same[i]->digest);
        assert_true(a.best == same[i]->best);
        assert_memory_equal(a.genes, same[i]->genes, sizeof a.genes);
        assert_string_equal(a.print, same[i]->print);
    }
    assert_true(a.digest != other.digest);
    free(a.print);
    free(b.print);
    free(c.print);
    free(other.print);
}

/* shaping adds a fraction below one card to the plain fitness, 0 when the
 * play matches the reference; the edit mutation keeps a legal play and
 * changes no gene before its site's move. */
static void test_shaping_and_edit(void **state)
{
    (void)state;
    struct test_experiment *plain = ft_test_experiment("seed = 1030; decoder = \"useful-first\";", "");
    struct test_experiment *shaped =
        ft_test_experiment("seed = 1030; decoder = \"useful-first\"; shaping = true;", "");
    struct ga_genome gp = ft_test_genome(plain), gs = ft_test_genome(shaped);
    const struct ga_mutation *edit = ga_catalog_mutation(&test_catalog, test_catalog_problem("fortythieves"), "edit");
    assert_non_null(edit);
    gsl_rng *r = test_rng_alloc(7);
    ga_gene genes[FT_TEST_MOVES], before[FT_TEST_MOVES];
    int fractions = 0;
    for (int k = 0; k < 200; k++) {
        plain->e->problem->init(&gp, r, genes);
        double a = plain->e->problem->evaluate(&gp, genes), b = shaped->e->problem->evaluate(&gs, genes);
        assert_true(a == floor(a) && b >= a && b < a + 1);
        fractions += b > a;
        memcpy(before, genes, sizeof genes);
        size_t pos = ga_rng_below(r, FT_TEST_MOVES);
        edit->at(&gs, r, genes, pos);
        assert_true(shaped->e->problem->valid(&gs, genes));
        assert_memory_equal(before, genes, pos * sizeof *genes);
    }
    assert_true(fractions > 100); /* most random plays leave needed cards buried */
    gsl_rng_free(r);
    test_experiment_free(plain);
    test_experiment_free(shaped);
}

/* 'reset' always changes the gene, to another value of the alphabet, each
 * about equally often, and touches no other gene. */
static void test_reset_mutation(void **state)
{
    (void)state;
    const struct ga_mutation *reset = ga_catalog_mutation(&test_catalog, test_catalog_problem("fortythieves"), "reset");
    assert_ptr_equal(reset, &ga_mutation_reset);
    assert_ptr_equal(ga_catalog_mutation(&test_catalog, NULL, "reset"), &ga_mutation_reset);
    assert_non_null(reset->at);
    gsl_rng *r = test_rng_alloc(99);
    static const unsigned alphabets[] = {2, 3, 7, 64, 1000};
    enum { LEN = 5, POS = 2, PER_VALUE = 200 };
    for (size_t a = 0; a < sizeof alphabets / sizeof alphabets[0]; a++) {
        unsigned alphabet = alphabets[a];
        struct ga_genome gen = {NULL, LEN, alphabet, GA_KIND_INTS, 0, NULL, NULL};
        unsigned long *seen = calloc(alphabet, sizeof *seen);
        assert_non_null(seen);
        /* Every start value for small alphabets, a spread of them for 1000. */
        for (unsigned from = 0; from < alphabet; from += alphabet > 64 ? 97 : 1) {
            memset(seen, 0, alphabet * sizeof *seen);
            unsigned long draws = (unsigned long)PER_VALUE * (alphabet - 1);
            for (unsigned long k = 0; k < draws; k++) {
                ga_gene g[LEN] = {11, 12, (ga_gene)from, 13, 14};
                assert_true(reset->at(&gen, r, g, POS));
                if (g[POS] == from || g[POS] >= alphabet)
                    fail_msg("alphabet %u: reset of %u gave %u", alphabet, from, g[POS]);
                assert_true(g[0] == 11 && g[1] == 12 && g[3] == 13 && g[4] == 14);
                seen[g[POS]]++;
            }
            double chi2 = 0;
            for (unsigned v = 0; v < alphabet; v++) {
                if (v == from)
                    continue;
                if (seen[v] < PER_VALUE / 2 || seen[v] > PER_VALUE * 3 / 2)
                    fail_msg("alphabet %u: reset of %u gave %u %lu times in %lu (expected about %d)",
                             alphabet, from, v, seen[v], draws, PER_VALUE);
                chi2 += ((double)seen[v] - PER_VALUE) * ((double)seen[v] - PER_VALUE) / PER_VALUE;
            }
            /* Chi-square with alphabet - 2 degrees of freedom: mean df, sd sqrt(2 df). */
            double df = alphabet - 2.0;
            if (chi2 > df + 6 * sqrt(2 * df) + 10)
                fail_msg("alphabet %u: resets of %u are not uniform (chi-square %.1f, %g degrees of freedom)",
                         alphabet, from, chi2, df);
        }
        free(seen);
    }
    /* A one-value alphabet has nothing to change to. */
    struct ga_genome one = {NULL, 1, 1, GA_KIND_INTS, 0, NULL, NULL};
    ga_gene g = 0;
    assert_false(reset->at(&one, r, &g, 0));
    assert_int_equal(g, 0);
    gsl_rng_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_card_names),
        cmocka_unit_test(test_deal_documented),
        cmocka_unit_test(test_deal_golden),
        cmocka_unit_test(test_deal_file_round_trip),
        cmocka_unit_test(test_deal_file_features),
        cmocka_unit_test(test_deal_file_errors),
        cmocka_unit_test(test_deal_file_too_many_cards),
        cmocka_unit_test(test_deal_file_from_disk),
        cmocka_unit_test(test_game_rules),
        cmocka_unit_test(test_greedy_trap),
        cmocka_unit_test(test_empty_column),
        cmocka_unit_test(test_heuristic_flag),
        cmocka_unit_test(test_optimal_against_brute_force),
        cmocka_unit_test(test_safe_moves_on_deals),
        cmocka_unit_test(test_node_limit),
        cmocka_unit_test(test_ga_defaults),
        cmocka_unit_test(test_ga_decoder_and_bounds),
        cmocka_unit_test(test_ga_search_decoder),
        cmocka_unit_test(test_ga_wrong_2s),
        cmocka_unit_test(test_ga_reaches_optimum),
        cmocka_unit_test(test_ga_same_seed_same_run),
        cmocka_unit_test(test_reset_mutation),
        cmocka_unit_test(test_shaping_and_edit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
