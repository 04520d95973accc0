/* problems/fortythieves/fortythieves_deal.h — Forty Thieves cards, seeded deals, positions and deal files. */
#ifndef GA_PROBLEMS_FORTYTHIEVES_DEAL_H
#define GA_PROBLEMS_FORTYTHIEVES_DEAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gaexp/diag.h"
#include "gaexp/status.h"

#define FT_RANKS 13
#define FT_SUITS 4
#define FT_COPIES 2               /* two decks: every card exists twice */
#define FT_CARDS 104              /* FT_RANKS * FT_SUITS * FT_COPIES */
#define FT_CARD_CODES 64          /* every card code is below this */
#define FT_CARD_NAME_SIZE 4       /* "10H" and its NUL */
#define FT_MAX_COLUMNS 10         /* a position has 1..FT_MAX_COLUMNS columns */
#define FT_DEAL_COLUMNS 10        /* the real game: 10 columns of 4 */
#define FT_DEAL_ROWS 4
#define FT_DEAL_CARDS (FT_DEAL_COLUMNS * FT_DEAL_ROWS)
#define FT_NAME_MAX 64            /* a position name, NUL included */

/* Status codes of the Forty Thieves modules: the library's one table
 * (gaexp/status.h, texts by ga_strerror).  Functions return FT_OK (0) or a
 * negative code. */
enum ft_status {
    FT_OK = GA_OK,
    FT_EINVAL = GA_EINVAL, /* not a valid position */
    FT_ENOMEM = GA_ENOMEM,
    FT_EINPUT = GA_EINPUT, /* bad input: see the diagnostics */
    FT_EIO = GA_EIO,
};

/*
 * A card is a small integer: suit * 16 + rank, with rank 1..13 (Ace low,
 * King high) and suit 0..3 for Clubs, Diamonds, Hearts, Spades.  0 is no
 * card.  So a card may go onto card + 1 (one rank higher, same suit), and
 * every code is below FT_CARD_CODES.  The two copies of a card share a code.
 */
enum { FT_CLUBS, FT_DIAMONDS, FT_HEARTS, FT_SPADES };
static inline int ft_card(int rank, int suit) { return suit << 4 | rank; }
static inline int ft_card_rank(int card) { return card & 15; }
static inline int ft_card_suit(int card) { return card >> 4; }
bool ft_card_valid(int card);

/* The card's name, rank then suit in capitals ("AS", "10H", "KD"), in buf. */
const char *ft_card_name(int card, char buf[FT_CARD_NAME_SIZE]);

/* The card named by the len characters at text: a rank A 2 3 4 5 6 7 8 9
 * 10 J Q K and a suit C D H S, in upper or lower case ("10h", "Ks"); 0 when
 * they name no card. */
int ft_card_parse(const char *text, size_t len);

/*
 * A tableau: ncolumns columns (1..FT_MAX_COLUMNS), column c holding
 * height[c] cards, card[c][0] at the bottom and card[c][height[c] - 1] on
 * top, the only one that may move.  Valid: every card a valid code, at most
 * FT_COPIES copies of each and at most FT_CARDS cards in all.  Columns of
 * any height (0 is an empty column) serve study positions; a deal has
 * FT_DEAL_COLUMNS columns of FT_DEAL_ROWS.  The foundations start empty.
 */
struct ft_tableau {
    int ncolumns;
    int height[FT_MAX_COLUMNS];
    unsigned char card[FT_MAX_COLUMNS][FT_CARDS];
};

/* NULL when t is valid, else a short reason (a string literal). */
const char *ft_tableau_check(const struct ft_tableau *t);
int ft_tableau_cards(const struct ft_tableau *t); /* cards in all columns */

/* A named tableau, as a deal file holds it.  is_deal: written 'deal' (a
 * game's start: 10 columns of 4); has_seed: dealt by ft_deal(seed). */
struct ft_position {
    char name[FT_NAME_MAX];
    bool is_deal, has_seed;
    uint64_t seed;
    struct ft_tableau tableau;
};

/*
 * The seeded shuffle, exactly, so that deal k is the same on every machine
 * and can be rebuilt without this code:
 *
 * 1. The ordered deck, index i = 0..103: deck copy i / 52, then within a
 *    copy j = i % 52, suit j / 13 (C, D, H, S) and rank j % 13 + 1; so
 *    AC 2C ... KC AD ... KS, twice.
 * 2. The generator is xoshiro256** (ga/rng.h).  Its four 64-bit state words
 *    are four successive outputs of splitmix64 started at x = k:
 *        x += 0x9e3779b97f4a7c15;  z = x;
 *        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
 *        z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
 *        output z ^ (z >> 31).
 *    Each draw u is the upper 32 bits of the next 64-bit xoshiro256** result
 *    (result = rotl(s1 * 5, 7) * 9, then the usual state update).
 * 3. below(n), a uniform integer in [0, n): m = u * n as a 64-bit product;
 *    if (m mod 2^32) < n, then with t = (2^32 - n) mod n, draw again while
 *    (m mod 2^32) < t; the result is m >> 32 (Lemire's method, as in
 *    ga_rng_below).
 * 4. Fisher-Yates: for i = 103 down to 1, swap deck[i] and deck[below(i + 1)].
 *
 * Seeds above ULONG_MAX are refused (FT_EINVAL) rather than dealt
 * differently where long has 32 bits; otherwise FT_OK (nothing is
 * allocated).
 */
int ft_deck_shuffle(uint64_t seed, unsigned char deck[FT_CARDS]);

/*
 * Deal k: the first 40 cards of ft_deck_shuffle(k), row by row from the
 * bottom: card i (0..39) goes to column i % 10 at height i / 10, so
 * column c holds deck[c], deck[c + 10], deck[c + 20], deck[c + 30] from
 * bottom to top; deck[40..103] would be the stock.  The position is named
 * "seed-<k>", is_deal and has_seed.  Returns FT_OK or as ft_deck_shuffle.
 */
int ft_deal(uint64_t seed, struct ft_position *p);

/*
 * Deal files, plain text, one or many positions:
 *
 *   # a comment (a line whose first non-blank character is '#')
 *   deal seed-1 seed 1          <- 'deal NAME [seed K]' or 'position NAME'
 *   4H 9C KD 2S                 <- column 1, bottom card first
 *   -                           <- an empty column
 *   ...                         <- one line per column, left to right
 *
 * Blank lines are ignored; words are separated by blanks; the keywords
 * 'deal', 'position' and 'seed' are lower case, cards are read in either
 * case (ft_card_parse) and written in capitals.  A name is one word of at
 * most FT_NAME_MAX - 1 characters, unique in the file.  A 'deal' must have
 * 10 columns of 4 cards; with 'seed K' its columns may be left out (they
 * are then dealt by ft_deal(K)) and, when given, must equal that deal.  A
 * 'position' has 1..10 columns of any height.  In every position each card
 * appears at most twice and there are at most 104 cards.
 */
struct ft_deal_file {
    size_t count;
    struct ft_position *positions;
};

/*
 * Reads the deal file at 'path'.  Every error is added to *d with the file
 * and line (and the position name when there is one); then the result is
 * NULL, never a partial file.  *status (may be NULL) receives FT_OK,
 * FT_EINPUT for bad input or FT_ENOMEM.
 */
struct ft_deal_file *ft_deal_file_alloc(const char *path, struct ga_diag *d, int *status);
/* The same from an open stream, naming it 'name' in diagnostics (f may be
 * NULL: no lines). */
struct ft_deal_file *ft_deal_file_read(const char *name, FILE *f, struct ga_diag *d, int *status);
/* The same from a string, naming it 'name' in diagnostics. */
struct ft_deal_file *ft_deal_file_alloc_string(const char *name, const char *text,
                                               struct ga_diag *d, int *status);
void ft_deal_file_free(struct ft_deal_file *f);
/* The position called 'name', or NULL. */
const struct ft_position *ft_deal_file_find(const struct ft_deal_file *f, const char *name);

/* Writes p in the deal-file format (header line, then one line per column),
 * as snprintf does: returns the length the text needs, and writes at most
 * size bytes, NUL included. */
size_t ft_position_format(char *buf, size_t size, const struct ft_position *p);
/* Writes p to out; FT_OK, or FT_EIO when out reports a write error. */
int ft_position_write(FILE *out, const struct ft_position *p);

#endif
