/* problems/animals/animals_puzzle.h — the 3×3 animal placement puzzle: board, pieces, conditions, puzzle files */
#ifndef GA_PROBLEMS_ANIMALS_PUZZLE_H
#define GA_PROBLEMS_ANIMALS_PUZZLE_H

#include <stdbool.h>
#include <stdio.h>
#include "gaexp/diag.h"

#define ANIMALS_SIDE 3
#define ANIMALS_CELLS 9
#define ANIMALS_HEIGHTS 3       /* heights are 1..3 */
#define ANIMALS_STOCK_PIECES 16 /* pieces in the box: the stock of every type */
#define ANIMALS_MAX_CONDS 64
#define ANIMALS_NAME_MAX 128    /* bytes of a puzzle's name, with the NUL */

/* The piece types, in the order of the published stock; the writer lists pieces in this order. */
enum animals_type {
    ANIMALS_ELEPHANT,
    ANIMALS_MONKEY,
    ANIMALS_TIGER,
    ANIMALS_PIG,
    ANIMALS_CAT,
    ANIMALS_TURTLE,
    ANIMALS_HIPPO,
    ANIMALS_LION,
    ANIMALS_PANDA,
    ANIMALS_TYPES
};

/*
 * Cells are numbered row-major from the top left: cell = 3·row + col, row 0
 * the apple row (top), 1 lemon, 2 orange (bottom); col 0 the pineapple column
 * (left), 1 banana, 2 strawberry.  With x = col and y = 2 − row (from the
 * bottom), a cell stands at height min(x, y) + 1, so the heights read, top
 * row first, 1 2 3 / 1 2 2 / 1 1 1.
 */
int animals_row(int cell);
int animals_col(int cell);
int animals_height(int cell);
bool animals_adjacent(int a, int b);     /* orthogonal neighbours */

/* Fruit lines: a row (apple, lemon, orange) or a column (pineapple, banana, strawberry). */
enum animals_axis { ANIMALS_ROW, ANIMALS_COL };
int animals_line(enum animals_axis axis, int cell);        /* the row or the column of cell */
const char *animals_fruit_name(enum animals_axis axis, int line);

const char *animals_type_name(int type);  /* "elephant" … "panda" */
int animals_stock(int type);              /* pieces of the type in the box: 1, 2 (hippo), 3 (lion), 5 (panda) */
/* The type a word names, singular or plural ("panda", "Pandas"), in any case; −1 when none. */
int animals_type_find(const char *word);

/*
 * A condition; 'a' and 'b' are piece types, b only for the relative kinds,
 * where b != a.  'set' holds bit h−1 for each allowed height (HEIGHT) or bit
 * i for each named fruit line i of 'axis' (IN, NOTIN).  With several pieces
 * of a type a condition speaks of all of them:
 *   HEIGHT     every a stands on one of the heights in set        (published type 1)
 *   IN, NOTIN  every a stands in / no a stands in a line of set    (type 2)
 *   NEIGHBOUR  every a has a b orthogonally beside it, every b an a  (type 3)
 *   HIGHER     every a stands strictly higher than every b          (type 4)
 *   LOWER      every a stands strictly lower than every b           (type 4)
 *   SAME       all a and all b stand on one common height           (type 4)
 */
enum animals_cond_kind {
    ANIMALS_COND_HEIGHT,
    ANIMALS_COND_IN,
    ANIMALS_COND_NOTIN,
    ANIMALS_COND_NEIGHBOUR,
    ANIMALS_COND_HIGHER,
    ANIMALS_COND_LOWER,
    ANIMALS_COND_SAME,
};

struct animals_cond {
    enum animals_cond_kind kind;
    int a, b;
    enum animals_axis axis;
    unsigned set;
};

/* Whether the condition is one of the relative kinds (published types 3 and 4). */
bool animals_cond_is_relative(const struct animals_cond *c);
/* For a unary condition (height, in, notin): whether a piece of type c->a may stand on cell. */
bool animals_cond_allows(const struct animals_cond *c, int cell);

/*
 * A puzzle: nine pieces (count[type], within the stock, adding up to 9) and
 * conditions that name only types among the pieces.  A plain value: copy it
 * with '='.  animals_puzzle_valid says whether one built by hand is well formed.
 */
struct animals_puzzle {
    char name[ANIMALS_NAME_MAX];          /* "" when the file gives none */
    int count[ANIMALS_TYPES];
    size_t nconds;
    struct animals_cond conds[ANIMALS_MAX_CONDS];
};

bool animals_puzzle_valid(const struct animals_puzzle *p);
/* The nine pieces as types in type order (the multiset as an array). */
void animals_puzzle_pieces(const struct animals_puzzle *p, int types[ANIMALS_CELLS]);

/* A full board: the type on each cell. */
struct animals_board {
    int cell[ANIMALS_CELLS];
};

/* Whether the board holds exactly the puzzle's nine pieces. */
bool animals_board_fits(const struct animals_puzzle *p, const struct animals_board *b);
/* Whether the condition holds on a full board (vacuously for a type the board lacks). */
bool animals_cond_holds(const struct animals_cond *c, const struct animals_board *b);
/*
 * The number of the puzzle's conditions that the board violates: each
 * condition counts 0 or 1 however many of its pieces are misplaced, so 0
 * means solved and the largest value is p->nconds.  Duplicate conditions
 * count separately.  The board should fit the puzzle (animals_board_fits).
 */
unsigned animals_violations(const struct animals_puzzle *p, const struct animals_board *b);
/* Writes the board as three lines, top row first, each starting with 'indent':
 * names left-aligned in columns as wide as their longest name (at least 6). */
void animals_board_write(const struct animals_board *b, const char *indent, FILE *out);

/*
 * Puzzle files: plain text, one item a line, '#' starts a comment anywhere
 * (so a name cannot hold '#'), blank lines ignored, keywords, animals and
 * fruits in any case, a ':' after the first word optional:
 *   name: TEXT                       optional, once
 *   pieces: T[*k] T[*k] ...          once; nine pieces within the stock
 *   height T h [h ...]               heights 1..3
 *   in T row|col F [F ...]           rows apple lemon orange,
 *   notin T row|col F [F ...]        columns pineapple banana strawberry
 *   neighbour T U                    ('neighbor' too)
 *   higher T U, lower T U, same T U
 * Animals are written singular or plural ("panda", "pandas"); repeated
 * pieces add up ("panda panda" = "panda*2"); 'column' may stand for 'col'.
 *
 * The readers fill *out only on success; otherwise they add diagnostics
 * "file:line: keyword: message" to d (line 0 for the whole file) and leave
 * *out untouched.  'file' is the name diagnostics show.
 */
bool animals_puzzle_load(struct animals_puzzle *out, const char *path, struct ga_diag *d);
bool animals_puzzle_read(struct animals_puzzle *out, FILE *in, const char *file, struct ga_diag *d);
bool animals_puzzle_parse(struct animals_puzzle *out, const char *text, const char *file,
                          struct ga_diag *d);
/*
 * Writes the puzzle in the same format (singular names, 'neighbour', one
 * condition a line in the puzzle's order), after 'comment' (NULL for none)
 * with each of its lines as a '#' comment.  Reading the text back gives an
 * equal puzzle.  Returns 0; −1 for an invalid puzzle or a write error.
 */
int animals_puzzle_write(const struct animals_puzzle *p, const char *comment, FILE *out);

#endif
