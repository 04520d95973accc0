/* problems/fortythieves/fortythieves_solve.c — Forty Thieves AutoStart: the rules, greedy, heuristic, optimum. */
#include "problems/fortythieves/fortythieves_solve.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gaexp/rng.h"

/* ---- the game -------------------------------------------------------- */

static struct ft_move ft_move_make(int card, int from, int to)
{
    return (struct ft_move){(unsigned char)card, (unsigned char)from, (unsigned char)to};
}

const char *ft_move_name(struct ft_move m, char buf[FT_MOVE_NAME_SIZE])
{
    char card[FT_CARD_NAME_SIZE];
    ft_card_name(m.card, card);
    if (m.to == FT_FOUNDATION)
        snprintf(buf, FT_MOVE_NAME_SIZE, "%s %d->F", card, m.from + 1);
    else
        snprintf(buf, FT_MOVE_NAME_SIZE, "%s %d->%d", card, m.from + 1, m.to + 1);
    return buf;
}

int ft_game_init(struct ft_game *g, const struct ft_tableau *t)
{
    if (ft_tableau_check(t))
        return FT_EINVAL;
    memset(g, 0, sizeof *g);
    g->t = *t;
    return FT_OK;
}

int ft_game_top(const struct ft_game *g, int column)
{
    int h = g->t.height[column];
    return h ? g->t.card[column][h - 1] : 0;
}

bool ft_game_can_found(const struct ft_game *g, int card)
{
    const unsigned char *pile = g->pile[ft_card_suit(card)];
    int below = ft_card_rank(card) - 1;
    return pile[0] == below || pile[1] == below;
}

/* Puts a card of 'rank' on a foundation one lower; keeps pile[0] >= pile[1]. */
static void ft_pile_add(unsigned char pile[FT_COPIES], int rank)
{
    if (pile[1] == rank - 1) {
        pile[1] = (unsigned char)rank;
        if (pile[1] > pile[0]) {
            pile[1] = pile[0];
            pile[0] = (unsigned char)rank;
        }
    } else {
        pile[0] = (unsigned char)rank;
    }
}

/* Undoes ft_pile_add: the foundation that holds 'rank' on top gives it back. */
static void ft_pile_remove(unsigned char pile[FT_COPIES], int rank)
{
    if (pile[1] == rank)
        pile[1]--;
    else
        pile[0]--;
}

bool ft_game_legal(const struct ft_game *g, struct ft_move m)
{
    int n = g->t.ncolumns;
    if (m.from >= n || !m.card || ft_game_top(g, m.from) != m.card)
        return false;
    if (m.to == FT_FOUNDATION)
        return ft_game_can_found(g, m.card);
    if (m.to >= n || m.to == m.from)
        return false;
    int target = ft_game_top(g, m.to);
    return target == 0 || target == m.card + 1;
}

/* Plays a move known to be legal. */
static void ft_game_apply(struct ft_game *g, struct ft_move m)
{
    struct ft_tableau *t = &g->t;
    t->height[m.from]--;
    if (m.to == FT_FOUNDATION) {
        ft_pile_add(g->pile[ft_card_suit(m.card)], ft_card_rank(m.card));
        g->moved++;
    } else {
        t->card[m.to][t->height[m.to]++] = m.card;
    }
}

void ft_game_undo(struct ft_game *g, struct ft_move m)
{
    struct ft_tableau *t = &g->t;
    if (m.to == FT_FOUNDATION) {
        ft_pile_remove(g->pile[ft_card_suit(m.card)], ft_card_rank(m.card));
        g->moved--;
    } else {
        t->height[m.to]--;
    }
    t->card[m.from][t->height[m.from]++] = m.card;
}

int ft_game_play(struct ft_game *g, struct ft_move m)
{
    if (!ft_game_legal(g, m))
        return FT_EINVAL;
    ft_game_apply(g, m);
    return FT_OK;
}

/* ---- move lists ------------------------------------------------------ */

struct ft_moves *ft_moves_alloc(void)
{
    return calloc(1, sizeof(struct ft_moves));
}

void ft_moves_free(struct ft_moves *m)
{
    if (!m)
        return;
    free(m->move);
    free(m);
}

/* Makes room for n moves in all. */
static int ft_moves_reserve(struct ft_moves *m, size_t n)
{
    if (n <= m->cap)
        return FT_OK;
    size_t cap = m->cap ? m->cap : 64;
    while (cap < n)
        cap *= 2;
    struct ft_move *grown = realloc(m->move, cap * sizeof *grown);
    if (!grown)
        return FT_ENOMEM;
    m->move = grown;
    m->cap = cap;
    return FT_OK;
}

/* Plays m and, when a list is kept, records it. */
static int ft_play_recorded(struct ft_game *g, struct ft_moves *list, struct ft_move m)
{
    if (list) {
        if (ft_moves_reserve(list, list->count + 1) != FT_OK)
            return FT_ENOMEM;
        list->move[list->count++] = m;
    }
    ft_game_apply(g, m);
    return FT_OK;
}

/* ---- greedy and the heuristic ---------------------------------------- */

/* The leftmost column other than 'from' that may take 'card' from it:
 * a top one rank higher, else an empty column if 'from' holds more; -1 if none. */
static int ft_heuristic_target(const struct ft_game *g, int from, int card)
{
    int empty = -1;
    for (int c = 0; c < g->t.ncolumns; c++) {
        if (c == from)
            continue;
        int top = ft_game_top(g, c);
        if (top == card + 1)
            return c;
        if (top == 0 && empty < 0)
            empty = c;
    }
    return g->t.height[from] > 1 ? empty : -1;
}

/* Greedy when 'columns' is false; the heuristic when it is true. */
static int ft_autostart(const struct ft_tableau *t, struct ft_moves *moves, bool columns)
{
    struct ft_game g;
    bool flag[FT_MAX_COLUMNS][FT_CARDS] = {{false}};  /* per card: it was moved to a column */

    if (ft_game_init(&g, t) != FT_OK)
        return FT_EINVAL;
    if (moves)
        moves->count = 0;
    for (bool progress = true; progress;) {
        progress = false;
        for (int c = 0; c < g.t.ncolumns; c++) {
            int card = ft_game_top(&g, c), h = g.t.height[c];
            struct ft_move m = ft_move_make(card, c, FT_FOUNDATION);
            if (!card)
                continue;
            if (!ft_game_can_found(&g, card)) {
                int to = columns && !flag[c][h - 1] ? ft_heuristic_target(&g, c, card) : -1;
                if (to < 0)
                    continue;
                m.to = (unsigned char)to;
                flag[to][g.t.height[to]] = true;
            }
            if (ft_play_recorded(&g, moves, m) != FT_OK)
                return FT_ENOMEM;
            progress = true;
        }
    }
    return g.moved;
}

int ft_greedy(const struct ft_tableau *t, struct ft_moves *moves)
{
    return ft_autostart(t, moves, false);
}

int ft_heuristic(const struct ft_tableau *t, struct ft_moves *moves)
{
    return ft_autostart(t, moves, true);
}

/* ---- the exact optimum ----------------------------------------------- */

/* At most this many moves from one position: every column to a foundation,
 * onto every other column, or into the leftmost empty one. */
#define FT_MAX_BRANCH (FT_MAX_COLUMNS * (FT_MAX_COLUMNS + 1))
#define FT_TABLE_MIN 4096                 /* slots, a power of two */
#define FT_PATH_BUDGET 100000ULL          /* nodes for a short path, beyond 4 per search node, */
#define FT_PATH_BUDGET_MAX 2000000ULL     /* and at most this many (the table stays under 64 MB) */

/* A visited position: its hash and the fewest moves that reached it, valid
 * while stamp is the solver's current search. */
struct ft_slot {
    uint64_t key;
    uint32_t stamp, depth;
};

/* One position on the search path: the move that reached it and its own
 * moves, moves[first .. first + count), of which next are tried. */
struct ft_frame {
    struct ft_move via;
    size_t first;
    int count, next;
};

/* What one depth-first search looks for. */
struct ft_goal {
    int target;                           /* stop at a position with this many cards up */
    size_t max_depth;                     /* prune paths that cannot reach target within it */
    bool by_depth;                        /* search again from a position reached in fewer moves */
    unsigned long long node_limit;        /* 0: none */
};

struct ft_solver {
    struct ft_solver_params params;
    uint64_t zobrist[FT_CARDS][FT_CARD_CODES];  /* a card at a height in a column */
    /* the table */
    struct ft_slot *table;
    size_t table_size, table_used;
    uint32_t stamp;
    /* the search path */
    struct ft_frame *frame;
    size_t frames, frame_cap;
    struct ft_move *moves;
    size_t moves_cap;
    struct ft_moves best_path;
    /* the position */
    struct ft_game g;
    uint64_t column_hash[FT_MAX_COLUMNS];
    uint64_t key;                         /* the sum of the scrambled column hashes */
    int in_tableau[FT_CARD_CODES];        /* copies of each card in the tableau */
};

/* A column's hash, scrambled (MurmurHash3's finaliser) so that adding the
 * columns' hashes keeps different multisets of columns apart. */
static uint64_t ft_mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 33);
}

struct ft_solver *ft_solver_alloc(const struct ft_solver_params *params)
{
    struct ft_solver *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (params)
        s->params = *params;
    for (int h = 0; h < FT_CARDS; h++)     /* any fixed seed: hashes never leave the solver */
        for (int c = 0; c < FT_CARD_CODES; c++)
            s->zobrist[h][c] = ga_rng_stream_seed(0x46545a6f62726973ULL, (uint64_t)h, (uint64_t)c);
    s->table = calloc(FT_TABLE_MIN, sizeof *s->table);
    if (!s->table) {
        free(s);
        return NULL;
    }
    s->table_size = FT_TABLE_MIN;
    return s;
}

void ft_solver_free(struct ft_solver *s)
{
    if (!s)
        return;
    free(s->table);
    free(s->frame);
    free(s->moves);
    free(s->best_path.move);
    free(s);
}

/* The slot of key: its own, or the empty one where it belongs. */
static struct ft_slot *ft_table_slot(struct ft_slot *table, size_t size, uint32_t stamp,
                                     uint64_t key)
{
    size_t mask = size - 1;
    size_t i = (size_t)(key >> 20) & mask;
    while (table[i].stamp == stamp && table[i].key != key)
        i = (i + 1) & mask;
    return &table[i];
}

/* Doubles the table, keeping the current search's entries. */
static int ft_table_grow(struct ft_solver *s)
{
    size_t size = 2 * s->table_size;
    struct ft_slot *table = calloc(size, sizeof *table);
    if (!table)
        return FT_ENOMEM;
    for (size_t i = 0; i < s->table_size; i++)
        if (s->table[i].stamp == s->stamp)
            *ft_table_slot(table, size, s->stamp, s->table[i].key) = s->table[i];
    free(s->table);
    s->table = table;
    s->table_size = size;
    return FT_OK;
}

/* 1 when the current position is to be searched from: never seen, or with
 * by_depth seen only at a greater depth (depth is recorded); 0 when not;
 * FT_ENOMEM. */
static int ft_table_visit(struct ft_solver *s, size_t depth, bool by_depth)
{
    if (2 * (s->table_used + 1) > s->table_size && ft_table_grow(s) != FT_OK)
        return FT_ENOMEM;
    struct ft_slot *slot = ft_table_slot(s->table, s->table_size, s->stamp, s->key);
    if (slot->stamp == s->stamp && (!by_depth || slot->depth <= depth))
        return 0;
    if (slot->stamp != s->stamp)
        s->table_used++;
    *slot = (struct ft_slot){s->key, s->stamp, (uint32_t)depth};
    return 1;
}

/* A new search: every slot of an older stamp counts as empty. */
static void ft_table_clear(struct ft_solver *s)
{
    if (++s->stamp == 0) {                /* after 2^32 searches, really clear */
        memset(s->table, 0, s->table_size * sizeof *s->table);
        s->stamp = 1;
    }
    s->table_used = 0;
}

/* Foundation reach of one suit: the heights its two foundations could
 * reach if every card counted in have[rank] (foundations included) went up. */
static int ft_suit_reach(const int have[FT_RANKS + 2], int *first)
{
    int a = 0, b = 0;
    while (a < FT_RANKS && have[a + 1] >= 1)
        a++;
    while (b < FT_RANKS && have[b + 1] >= 2)
        b++;
    *first = a;
    return a + b;
}

/*
 * Which tableau cards could some day move to another column: a copy of the
 * next rank lies in another column, or above it in its own (one below it
 * cannot be freed first).  Foundations and empty columns are not counted.
 */
static void ft_solver_targets(const struct ft_tableau *t, bool target[FT_MAX_COLUMNS][FT_CARDS])
{
    unsigned where[FT_CARD_CODES + 1] = {0};  /* columns holding each card, one bit each */

    for (int c = 0; c < t->ncolumns; c++)
        for (int i = 0; i < t->height[c]; i++)
            where[t->card[c][i]] |= 1u << c;
    for (int c = 0; c < t->ncolumns; c++) {
        uint64_t above = 0;               /* cards above index i in column c, by code */
        for (int i = t->height[c] - 1; i >= 0; i--) {
            int next = t->card[c][i] + 1;
            target[c][i] = (where[next] & ~(1u << c)) || (above >> next & 1);
            above |= 1ull << t->card[c][i];
        }
    }
}

/* The cards of each rank of each suit on the foundations and alive in the
 * tableau; returns the bound they allow, with each suit's first reach. */
static int ft_solver_reach(const struct ft_game *g, bool alive[FT_MAX_COLUMNS][FT_CARDS],
                           int reach[FT_SUITS])
{
    const struct ft_tableau *t = &g->t;
    int have[FT_SUITS][FT_RANKS + 2] = {{0}}, bound = 0;

    for (int suit = 0; suit < FT_SUITS; suit++)
        for (int r = 1; r <= FT_RANKS; r++)
            have[suit][r] = (g->pile[suit][0] >= r) + (g->pile[suit][1] >= r);
    for (int c = 0; c < t->ncolumns; c++)
        for (int i = 0; i < t->height[c]; i++)
            have[ft_card_suit(t->card[c][i])][ft_card_rank(t->card[c][i])] += alive[c][i];
    for (int suit = 0; suit < FT_SUITS; suit++)
        bound += ft_suit_reach(have[suit], &reach[suit]);
    return bound;
}

/*
 * An upper bound on the cards the foundations can hold from here.  'alive'
 * starts with every tableau card and only loses cards that provably never
 * reach a foundation: those above their suit's reach, and those under a
 * card that can never leave its column.  A card can leave only to a
 * foundation (it is alive), onto a copy of the next rank (ft_solver_targets)
 * or into an empty column; and no column can ever empty unless one is empty
 * now or one holds only cards that can leave without an empty column (the
 * first column to empty would be such a one).  Repeated until nothing
 * changes; the result is the reach of the alive cards.
 */
static int ft_solver_bound(const struct ft_solver *s)
{
    const struct ft_tableau *t = &s->g.t;
    bool alive[FT_MAX_COLUMNS][FT_CARDS], target[FT_MAX_COLUMNS][FT_CARDS];
    int reach[FT_SUITS], bound;
    bool changed = true, some_empty = false;

    ft_solver_targets(t, target);
    for (int c = 0; c < t->ncolumns; c++) {
        some_empty |= t->height[c] == 0;
        for (int i = 0; i < t->height[c]; i++)
            alive[c][i] = true;
    }
    do {
        bound = ft_solver_reach(&s->g, alive, reach);
        bool may_empty = some_empty;
        for (int c = 0; c < t->ncolumns && !may_empty; c++) {
            int i = 0;
            while (i < t->height[c] && (alive[c][i] || target[c][i]))
                i++;
            may_empty = i == t->height[c];
        }
        changed = false;
        for (int c = 0; c < t->ncolumns; c++) {
            bool stuck_above = false;
            for (int i = t->height[c] - 1; i >= 0; i--) {
                int card = t->card[c][i];
                bool beyond = ft_card_rank(card) > reach[ft_card_suit(card)];
                if (alive[c][i] && (stuck_above || beyond)) {
                    alive[c][i] = false;
                    changed = true;
                }
                stuck_above |= !alive[c][i] && !target[c][i] && !may_empty;
            }
        }
    } while (changed);
    return bound;
}

bool ft_foundation_safe(const struct ft_game *g, const int in_tableau[FT_CARD_CODES], int card)
{
    int rank = ft_card_rank(card);
    const unsigned char *pile = g->pile[ft_card_suit(card)];
    if (rank > 1 && in_tableau[card - 1] > 0)
        return false;
    return in_tableau[card] == 1 || pile[1] >= rank - 1;
}

static bool ft_solver_safe(const struct ft_solver *s, int card)
{
    return ft_foundation_safe(&s->g, s->in_tableau, card);
}

/* Toggles a card at a height of a column in that column's hash and the key. */
static void ft_solver_hash(struct ft_solver *s, int column, int height, int card)
{
    s->key -= ft_mix(s->column_hash[column]);
    s->column_hash[column] ^= s->zobrist[height][card];
    s->key += ft_mix(s->column_hash[column]);
}

static void ft_solver_apply(struct ft_solver *s, struct ft_move m)
{
    const struct ft_tableau *t = &s->g.t;
    ft_solver_hash(s, m.from, t->height[m.from] - 1, m.card);
    if (m.to == FT_FOUNDATION)
        s->in_tableau[m.card]--;
    else
        ft_solver_hash(s, m.to, t->height[m.to], m.card);
    ft_game_apply(&s->g, m);
}

static void ft_solver_undo(struct ft_solver *s, struct ft_move m)
{
    ft_game_undo(&s->g, m);
    const struct ft_tableau *t = &s->g.t;
    ft_solver_hash(s, m.from, t->height[m.from] - 1, m.card);
    if (m.to == FT_FOUNDATION)
        s->in_tableau[m.card]++;
    else
        ft_solver_hash(s, m.to, t->height[m.to], m.card);
}

/* Writes the moves worth trying from the current position into out and
 * returns their number: a safe foundation move alone, else foundation
 * moves, then moves onto other columns, then into the leftmost empty one. */
static int ft_solver_moves(const struct ft_solver *s, struct ft_move *out)
{
    const struct ft_game *g = &s->g;
    int n = g->t.ncolumns, count = 0, empty = -1;
    int top[FT_MAX_COLUMNS];

    for (int c = 0; c < n; c++) {
        top[c] = ft_game_top(g, c);
        if (!top[c] && empty < 0)
            empty = c;
    }
    for (int c = 0; c < n; c++) {
        if (!top[c] || !ft_game_can_found(g, top[c]))
            continue;
        out[count++] = ft_move_make(top[c], c, FT_FOUNDATION);
        if (!s->params.no_safe_moves && ft_solver_safe(s, top[c])) {
            out[0] = out[count - 1];
            return 1;
        }
    }
    for (int c = 0; c < n; c++)
        for (int d = 0; d < n && top[c]; d++)
            if (top[d] == top[c] + 1)
                out[count++] = ft_move_make(top[c], c, d);
    for (int c = 0; c < n && empty >= 0; c++)
        if (g->t.height[c] > 1)
            out[count++] = ft_move_make(top[c], c, empty);
    return count;
}

/* Pushes a frame for the current position, reached by 'via'. */
static int ft_solver_push(struct ft_solver *s, struct ft_move via)
{
    if (s->frames == s->frame_cap) {
        size_t cap = s->frame_cap ? 2 * s->frame_cap : 256;
        struct ft_frame *grown = realloc(s->frame, cap * sizeof *grown);
        if (!grown)
            return FT_ENOMEM;
        s->frame = grown;
        s->frame_cap = cap;
    }
    const struct ft_frame *parent = s->frames ? &s->frame[s->frames - 1] : NULL;
    size_t first = parent ? parent->first + (size_t)parent->count : 0;
    if (first + FT_MAX_BRANCH > s->moves_cap) {
        size_t cap = s->moves_cap ? 2 * s->moves_cap : 64 * FT_MAX_BRANCH;
        struct ft_move *grown = realloc(s->moves, cap * sizeof *grown);
        if (!grown)
            return FT_ENOMEM;
        s->moves = grown;
        s->moves_cap = cap;
    }
    struct ft_frame *f = &s->frame[s->frames++];
    f->via = via;
    f->first = first;
    f->next = 0;
    f->count = ft_solver_moves(s, s->moves + first);
    return FT_OK;
}

/* Keeps the path to the current position as the best one. */
static int ft_solver_keep_path(struct ft_solver *s)
{
    if (ft_moves_reserve(&s->best_path, s->frames) != FT_OK)
        return FT_ENOMEM;
    for (size_t i = 1; i < s->frames; i++)
        s->best_path.move[i - 1] = s->frame[i].via;
    s->best_path.count = s->frames - 1;
    return FT_OK;
}

/* Loads t as the position to search from, with an empty table. */
static void ft_solver_start(struct ft_solver *s, const struct ft_tableau *t)
{
    ft_game_init(&s->g, t);
    memset(s->in_tableau, 0, sizeof s->in_tableau);
    s->key = 0;
    for (int c = 0; c < t->ncolumns; c++) {
        s->column_hash[c] = 0;
        for (int i = 0; i < t->height[c]; i++) {
            s->column_hash[c] ^= s->zobrist[i][t->card[c][i]];
            s->in_tableau[t->card[c][i]]++;
        }
        s->key += ft_mix(s->column_hash[c]);
    }
    ft_table_clear(s);
    s->frames = 0;
    s->best_path.count = 0;
}

/*
 * Depth-first search from the loaded position until one holds goal->target
 * cards up, the positions run out, or the node limit is reached (then
 * out->proven is cleared).  out->moved and s->best_path keep the best
 * position found and the path to it.  FT_OK or FT_ENOMEM.
 */
static int ft_solver_search(struct ft_solver *s, const struct ft_goal *goal, struct ft_optimum *out)
{
    const struct ft_move none = {0, 0, 0};

    if (ft_table_visit(s, 0, goal->by_depth) < 0 || ft_solver_push(s, none) != FT_OK)
        return FT_ENOMEM;
    while (s->frames > 0 && out->moved < goal->target) {
        struct ft_frame *f = &s->frame[s->frames - 1];
        if (f->next == f->count) {
            s->frames--;
            if (s->frames > 0)
                ft_solver_undo(s, f->via);
            continue;
        }
        if (goal->node_limit && out->nodes == goal->node_limit) {
            out->proven = false;
            break;
        }
        struct ft_move m = s->moves[f->first + (size_t)f->next++];
        ft_solver_apply(s, m);
        out->nodes++;
        size_t depth = s->frames;         /* moves from the start to this position */
        int fresh = depth + (size_t)(goal->target - s->g.moved) > goal->max_depth
                        ? 0 : ft_table_visit(s, depth, goal->by_depth);
        if (fresh < 0)
            return FT_ENOMEM;
        if (!fresh) {
            ft_solver_undo(s, m);
            continue;
        }
        if (ft_solver_push(s, m) != FT_OK)
            return FT_ENOMEM;
        if (s->g.moved > out->moved) {
            out->moved = s->g.moved;
            if (ft_solver_keep_path(s) != FT_OK)
                return FT_ENOMEM;
        }
    }
    return FT_OK;
}

/* Copies the solver's best path into moves. */
static int ft_solver_copy_path(const struct ft_solver *s, struct ft_moves *moves)
{
    moves->count = 0;
    if (ft_moves_reserve(moves, s->best_path.count) != FT_OK)
        return FT_ENOMEM;
    for (size_t i = 0; i < s->best_path.count; i++)
        moves->move[i] = s->best_path.move[i];
    moves->count = s->best_path.count;
    return FT_OK;
}

/* ---- tidying the optimal path ---------------------------------------- */

/* Whether moves m[0..n), skipping index 'skip' (or none when n), replay
 * legally from t and put at least 'target' cards on the foundations. */
static bool ft_path_works(const struct ft_tableau *t, const struct ft_move *m, size_t n,
                          size_t skip, int target)
{
    struct ft_game g;
    ft_game_init(&g, t);
    for (size_t i = 0; i < n; i++)
        if (i != skip && ft_game_play(&g, m[i]) != FT_OK)
            return false;
    return g.moved >= target;
}

static void ft_path_delete(struct ft_moves *p, size_t i)
{
    memmove(p->move + i, p->move + i + 1, (p->count - i - 1) * sizeof *p->move);
    p->count--;
}

/* Drops one move that the path does not need; true if it found one. */
static bool ft_path_drop_one(const struct ft_tableau *t, struct ft_moves *p, int target)
{
    for (size_t i = p->count; i-- > 0;)
        if (ft_path_works(t, p->move, p->count, i, target)) {
            ft_path_delete(p, i);
            return true;
        }
    return false;
}

/* Merges a card's move to a column with its next move from there (A->B,
 * later B->D becomes A->D at the later time) where the path still works. */
static bool ft_path_merge_one(const struct ft_tableau *t, struct ft_moves *p, int target)
{
    for (size_t i = 0; i < p->count; i++) {
        struct ft_move first = p->move[i];
        for (size_t j = i + 1; j < p->count && first.to != FT_FOUNDATION; j++) {
            struct ft_move *later = &p->move[j];
            if (later->card != first.card || later->from != first.to)
                continue;
            unsigned char from = later->from;
            later->from = first.from;
            if (later->from != later->to && ft_path_works(t, p->move, p->count, i, target)) {
                ft_path_delete(p, i);
                return true;
            }
            later->from = from;
            break;                        /* only the card's next move from there */
        }
    }
    return false;
}

/*
 * The search keeps the first path that reached its best count, which may
 * wander; this shortens it while it still reaches the count: moves it does
 * not need are dropped, and a card's move to a column followed by its
 * move from there become one move.  Quadratic in the path length or so,
 * and only run when the moves are asked for.
 */
static void ft_path_tidy(const struct ft_tableau *t, struct ft_moves *p, int target)
{
    while (ft_path_drop_one(t, p, target) || ft_path_merge_one(t, p, target))
        continue;
}

/*
 * The fewest moves that put 'target' cards up, by iterative deepening
 * (depth-first searches to depth target, target + 1, ... with the table
 * keeping the least depth of each position) while the budget of nodes
 * lasts and the depth stays below moves->count.  Safe foundation moves stay
 * forced: the argument for them never lengthens a path.  When found, the
 * path replaces moves.  FT_OK or FT_ENOMEM.
 */
static int ft_solver_shortest(struct ft_solver *s, const struct ft_tableau *t, int target,
                              unsigned long long budget, struct ft_moves *moves)
{
    for (size_t depth = (size_t)target; depth < moves->count && budget > 0; depth++) {
        struct ft_goal goal = {target, depth, true, budget};
        struct ft_optimum o = {.bound = target, .proven = true};
        ft_solver_start(s, t);
        if (ft_solver_search(s, &goal, &o) != FT_OK)
            return FT_ENOMEM;
        if (o.moved == target)
            return ft_solver_copy_path(s, moves);
        budget -= o.nodes;
    }
    return FT_OK;
}

int ft_optimal(struct ft_solver *s, const struct ft_tableau *t, struct ft_moves *moves,
               struct ft_optimum *out)
{
    if (ft_tableau_check(t))
        return FT_EINVAL;
    ft_solver_start(s, t);
    *out = (struct ft_optimum){.bound = ft_solver_bound(s), .proven = true};
    struct ft_goal goal = {out->bound, SIZE_MAX, false, s->params.node_limit};
    int status = ft_solver_search(s, &goal, out);
    if (status != FT_OK || !moves)
        return status;
    if (ft_solver_copy_path(s, moves) != FT_OK)
        return FT_ENOMEM;
    ft_path_tidy(t, moves, out->moved);
    unsigned long long budget = FT_PATH_BUDGET + 4 * out->nodes;
    if (budget > FT_PATH_BUDGET_MAX)
        budget = FT_PATH_BUDGET_MAX;
    return ft_solver_shortest(s, t, out->moved, budget, moves);
}
