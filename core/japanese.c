/* core/japanese.c: independently alive strings by imagined play, Removal, territory, score. */
#include "core/japanese.h"
#include "core/japanese_internal.h"

#include "core/benson.h"
#include "core/hash.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK(japanese - error - quark, japanese_error)

#define KEY_SIDE    0x9E3779B97F4A7C15ULL
#define KEY_PASS    0xC2B2AE3D27D4EB4FULL
#define KEY_KO      0xD6E8FEB86659FD93ULL
#define NO_KO       0xFF
#define SIG_WORDS   4 /* a signature is 256 bits; a situation sets two of them */
#define RESULT_DEF  1 /* the defender forces the formation */
#define RESULT_ATT  2 /* the attacker prevents it */
#define RESULT_OPEN 3 /* not proved within `depth` plies (see open_store) */

/*
 * A table entry: the exact situation (both colours' stones, player to move, passes ending
 * here, ko point), the analysed string's points and colour (the imagined game is the same
 * for every analysis of the same points and colour, whatever the analysed position: a result
 * serves them all, also across positions), the result, and for a defender's win the signature
 * of the situations its proof passes through.  64 bytes; an empty slot (target 0) matches
 * nothing, since a string has a point.
 */
typedef struct entry {
    uint64_t stones[2];
    uint64_t target;
    uint8_t to_move, passes, ko, result;
    uint8_t defender;
    uint8_t pad;
    uint16_t depth; /* RESULT_OPEN: the plies that were left below it (< JAPANESE_MAX_PLIES) */
    uint64_t sig[SIG_WORDS];
} entry_t;
_Static_assert(sizeof(entry_t) == 64, "a table entry is one cache line");
_Static_assert(JAPANESE_MAX_PLIES <= UINT16_MAX, "an open entry's depth fits its field");

/* One situation of the imagined sequence being searched. */
typedef struct node {
    board_t board;
    uint64_t key;    /* hash_key of board */
    uint64_t sitkey; /* key of the situation: key and the player to move */
    uint8_t to_move, passes, ko;
    board_move_t move; /* the move that led here (BOARD_MOVE_NONE at the start) */
} node_t;

/* A candidate move and what it leads to. */
typedef struct child {
    node_t node;
    int order;
    int cycle_k;     /* the ply whose situation it repeats, or -1 */
    bool two_passes; /* the second successive pass */
    bool formation;  /* the defender's formation stands after it */
    bool focus;      /* a play next to the analysed string's side of the board (see generate) */
} child_t;

/* What a subtree proves: who wins, the oldest ply a cycle in the proof returned to (attacker's
 * wins), and the situations of the proof (defender's wins). */
typedef struct jres {
    bool defender_wins;
    bool unknown; /* the ply limit cut the proof: an attacker's "win" that is not proved */
    int minhit;
    bool path_bound; /* a defender's win that used `secured`: holds on this path only */
    uint64_t sig[SIG_WORDS];
} jres_t;

/* The places of the states agraph_repeats reaches, kept from one question to the next so that
 * nothing is cleared: place_of[i] is state i's place when stamp_of[i] is the question's stamp. */
typedef struct aplaces {
    uint32_t *place_of, *stamp_of;
    uint32_t size, stamp;
} aplaces_t;

struct japanese {
    const board_geom_t *g;
    entry_t *table;
    uint64_t mask;
    int table_bits,
        table_most_bits; /* now, and the most it may grow to (japanese_set_table_growth) */
    uint64_t stores;     /* entries written since the table last grew */
    uint64_t max_nodes, nodes, nodes_start;
    int64_t deadline;          /* g_get_monotonic_time() past which a search gives up; 0 none */
    _Atomic uint64_t *counter; /* japanese_set_counter, or NULL */
    const atomic_bool *stop;   /* japanese_set_stop, or NULL */
    bool timed_out;
    node_t *path;    /* JAPANESE_MAX_PLIES situations */
    child_t **kids;  /* kids[ply]: the moves of that ply (BOARD_MAX_POINTS + 1), made on use */
    int ply_limit;   /* plies searched in this iteration: a node there is unknown */
    bool open_reuse; /* open entries answer probes (not in the last iteration nor the line) */
    uint8_t centrality[BOARD_MAX_POINTS];
    /* The string being analysed. */
    board_color_t defender;
    uint64_t target;   /* the points of the analysed string */
    int failed;        /* 0, or a japanese_error_code_t + 1 */
    bool by_attractor; /* the last decide answered by attractor_bounds, not by the search */
    bool cuts;         /* sealed's eye-space test and secured (true unless a test turns them off) */
    bool fallback;     /* past the limit, attractor_bounds (true unless a test turns it off) */
    uint32_t attractor_states;  /* attractor_bounds' graphs stop past so many states */
    uint64_t space_after;       /* decide asks the game space after so many nodes (0: never) */
    uint64_t space_answers;     /* strings the space decided */
    uint64_t space_line_checks; /* of its strategies, those whose lines were checked one by one */
    japanese_space_t *space;    /* the game space, made on first use or shared */
    aplaces_t places;           /* agraph_repeats' over the space */
};

japanese_t *japanese_create(const board_geom_t *geom, int table_bits, uint64_t max_nodes)
{
    if (table_bits < 10)
        table_bits = 10;
    if (table_bits > 24)
        table_bits = 24;
    japanese_t *j = g_new0(japanese_t, 1);
    j->g = geom;
    j->table = g_new0(entry_t, (size_t)1 << table_bits);
    j->mask = ((uint64_t)1 << table_bits) - 1;
    j->table_bits = j->table_most_bits = table_bits;
    j->max_nodes = max_nodes;
    j->cuts = true;
    j->fallback = true;
    japanese_set_attractor_states(j, 0);
    j->path = g_new0(node_t, JAPANESE_MAX_PLIES);
    j->kids = g_new0(child_t *, JAPANESE_MAX_PLIES);
    for (int p = 0; p < geom->size; p++) {
        int x = p % geom->width, y = p / geom->width;
        int dx = x < geom->width - 1 - x ? x : geom->width - 1 - x;
        int dy = y < geom->height - 1 - y ? y : geom->height - 1 - y;
        j->centrality[p] = (uint8_t)(dx + dy);
    }
    return j;
}

size_t japanese_table_bytes(int table_bits)
{
    return sizeof(entry_t) << table_bits;
}

int japanese_table_bits_within(size_t bytes)
{
    int bits = 10;
    while (bits < 24 && japanese_table_bytes(bits + 1) <= bytes)
        bits++;
    return bits;
}

static void aplaces_free(aplaces_t *p);

void japanese_destroy(japanese_t *j)
{
    if (!j)
        return;
    japanese_space_destroy(j->space);
    aplaces_free(&j->places);
    g_free(j->table);
    g_free(j->path);
    for (int i = 0; i < JAPANESE_MAX_PLIES; i++)
        g_free(j->kids[i]);
    g_free(j->kids);
    g_free(j);
}

uint64_t japanese_nodes(const japanese_t *j)
{
    return j->nodes;
}

/* Whether the searches must stop now: past the deadline (japanese_set_deadline) or told to
 * (japanese_set_stop).  Asked every few thousand steps: the clock costs a system call. */
static bool out_of_time(const japanese_t *j)
{
    return (j->deadline && g_get_monotonic_time() > j->deadline) ||
           (j->stop && atomic_load_explicit(j->stop, memory_order_relaxed));
}

/* ---- Two-eye-formations ---------------------------------------------------------------------- */

/* The strings of the formation F that holds string x of colour `own` (the stones of that
 * colour), or 0 when there is none: x must have two liberties, both eyes (`eyes`: empty points
 * next to `own` only), and F is then every string next to them, each with those liberties
 * alone.  *libs receives the two liberties. */
static uint64_t formation_through(uint64_t *libs, const board_geom_t *g, uint64_t own,
                                  uint64_t empty, uint64_t eyes, uint64_t x)
{
    *libs = board_adjacent(g, x) & empty;
    if (board_popcount(*libs) != 2 || (*libs & ~eyes))
        return 0;
    uint64_t strings = board_flood(g, board_adjacent(g, *libs) & own, own);
    for (uint64_t s = strings; s;) {
        uint64_t y = board_flood(g, s & -s, own);
        s &= ~y;
        if ((board_adjacent(g, y) & empty) != *libs)
            return 0;
    }
    return strings;
}

bool japanese_two_eye_formation(uint64_t *formation, const board_t *b, const board_geom_t *g,
                                board_color_t c, uint64_t on)
{
    uint64_t own = b->stones[c];
    uint64_t empty = board_empty(b, g);
    /* An eye is next only to c's stones (and to something: F is not empty).  A formation
     * needs two. */
    uint64_t eyes = empty & board_adjacent(g, own) & ~board_adjacent(g, g->all & ~own);
    if (board_popcount(eyes) < 2)
        return false;
    /* F holds a stone of `on`: try the strings through on's stones of c. */
    for (uint64_t rest = own & on; rest;) {
        uint64_t x = board_flood(g, rest & -rest, own);
        rest &= ~x;
        uint64_t libs, strings = formation_through(&libs, g, own, empty, eyes, x);
        if (strings) {
            if (formation)
                *formation = strings | libs;
            return true;
        }
    }
    return false;
}

uint64_t japanese_formations(const board_t *b, const board_geom_t *g, board_color_t c)
{
    uint64_t own = b->stones[c];
    uint64_t empty = board_empty(b, g);
    uint64_t eyes = empty & board_adjacent(g, own) & ~board_adjacent(g, g->all & ~own);
    uint64_t formed = 0;
    if (board_popcount(eyes) < 2)
        return 0;
    for (uint64_t rest = own; rest;) {
        uint64_t x = board_flood(g, rest & -rest, own);
        rest &= ~x;
        uint64_t libs;
        if (!(x & formed))
            formed |= formation_through(&libs, g, own, empty, eyes, x);
    }
    return formed;
}

/* ---- The table ------------------------------------------------------------------------------- */

static uint64_t situation_key(uint64_t sitkey, int passes, int ko)
{
    uint64_t k = sitkey;
    if (passes)
        k ^= KEY_PASS;
    if (ko != NO_KO)
        k ^= KEY_KO * (uint64_t)(ko + 1);
    return k;
}

/* The first of the two entries (a bucket) where a situation of key k may be stored. */
static entry_t *bucket_of_key(const japanese_t *j, uint64_t k)
{
    return &j->table[(k ^ (k >> 29)) & j->mask & ~(uint64_t)1];
}

static entry_t *bucket(japanese_t *j, const node_t *n)
{
    return bucket_of_key(j, situation_key(n->sitkey, n->passes, n->ko));
}

/* The bucket where entry e belongs: its key made again from the situation it holds. */
static entry_t *entry_bucket(const japanese_t *j, const entry_t *e)
{
    board_t b = {{e->stones[0], e->stones[1]}};
    uint64_t sitkey = hash_key(&b, j->g) ^ (e->to_move == BOARD_WHITE ? KEY_SIDE : 0);
    return bucket_of_key(j, situation_key(sitkey, e->passes, e->ko));
}

/*
 * A table written over as many times as it has entries since it last grew is too small for the
 * search at hand: it grows four times (japanese_set_table_growth), every entry moved to its
 * bucket in the larger table (its key made again from its situation).  Small searches keep a
 * table that stays in the cache; an Analysis of billions of imagined positions gets the room
 * to keep what it proved.  Called where no entry is held (the start of store and open_store).
 */
static void table_maybe_grow(japanese_t *j)
{
    if (++j->stores <= j->mask + 1 || j->table_bits >= j->table_most_bits)
        return;
    entry_t *old = j->table;
    uint64_t count = j->mask + 1;
    j->table_bits = j->table_bits + 2 < j->table_most_bits ? j->table_bits + 2 : j->table_most_bits;
    j->table = g_new0(entry_t, (size_t)1 << j->table_bits);
    j->mask = ((uint64_t)1 << j->table_bits) - 1;
    j->stores = 0;
    for (uint64_t i = 0; i < count; i++) {
        const entry_t *e = &old[i];
        if (!e->target)
            continue;
        entry_t *to = entry_bucket(j, e);
        if (!to[0].target)
            to[0] = *e;
        else if (!to[1].target)
            to[1] = *e;
    }
    g_free(old);
}

/* Whether e is the entry of the analysed string's points and colour. */
static bool entry_of_target(const japanese_t *j, const entry_t *e)
{
    return e->target == j->target && e->defender == j->defender;
}

/* Whether e holds situation n for the analysed colour (any target). */
static bool entry_of_situation(const japanese_t *j, const entry_t *e, const node_t *n)
{
    return e->target && e->defender == j->defender && e->stones[0] == n->board.stones[0] &&
           e->stones[1] == n->board.stones[1] && e->to_move == n->to_move &&
           e->passes == n->passes && e->ko == n->ko;
}

static void sig_add(uint64_t sig[SIG_WORDS], uint64_t sitkey)
{
    unsigned a = (unsigned)(sitkey & 255), b = (unsigned)((sitkey >> 8) & 255);
    sig[a >> 6] |= (uint64_t)1 << (a & 63);
    sig[b >> 6] |= (uint64_t)1 << (b & 63);
}

static bool sig_may_contain(const uint64_t sig[SIG_WORDS], uint64_t sitkey)
{
    unsigned a = (unsigned)(sitkey & 255), b = (unsigned)((sitkey >> 8) & 255);
    return (sig[a >> 6] >> (a & 63) & 1) && (sig[b >> 6] >> (b & 63) & 1);
}

/* Whether a situation of the path before `ply` may be one the signature stands for. */
static bool sig_meets_path(const japanese_t *j, const uint64_t sig[SIG_WORDS], int ply)
{
    for (int i = 0; i < ply; i++)
        if (sig_may_contain(sig, j->path[i].sitkey))
            return true;
    return false;
}

/* ---- Moves ----------------------------------------------------------------------------------- */

/* The ko point after `me` played q giving `after` with `captured` taken: the one point where
 * the opponent's play would recreate the position before q (see solver/search.c). */
static uint8_t ko_point(const board_geom_t *g, const board_t *after, board_color_t me,
                        board_point_t q, uint64_t captured)
{
    if (board_popcount(captured) != 1)
        return NO_KO;
    if (g->neighbours[q] & after->stones[me])
        return NO_KO;
    if ((g->neighbours[q] & board_empty(after, g)) != captured)
        return NO_KO;
    return board_lowest(captured);
}

/* The ply before `ply` (the child's) whose situation is the child's, or -1: the same player
 * moves at every second ply. */
static int find_cycle(const japanese_t *j, int ply, const node_t *child)
{
    for (int k = ply - 2; k >= 0; k -= 2)
        if (j->path[k].sitkey == child->sitkey && board_equal(&j->path[k].board, &child->board))
            return k;
    return -1;
}

/* Inserts the child kids[n] into the best-first order of idx[0..n): after the children of
 * its order generated before it.  The indices move, not the children (56 bytes each). */
static void insert_sorted(uint8_t *idx, const child_t *kids, int n)
{
    int i = n;
    while (i > 0 && kids[idx[i - 1]].order < kids[n].order) {
        idx[i] = idx[i - 1];
        i--;
    }
    idx[i] = (uint8_t)n;
}

/*
 * The legal moves at path[ply], each with its terminal flags, in kids[] as generated and in
 * idx[] best first for the mover: a move that ends the sequence in the mover's favour, then
 * captures, then moves next to the analysed string's colour near the string, then the rest; a
 * pass last unless it wins.  The table's buckets of the first two are prefetched: one of them
 * is searched next, and most nodes cut off on their first moves.
 */
static int generate(japanese_t *j, int ply, child_t *kids, uint8_t *idx)
{
    const board_geom_t *g = j->g;
    const node_t *n = &j->path[ply];
    board_color_t me = (board_color_t)n->to_move, opp = board_color_other(me);
    bool defender = me == j->defender;
    uint64_t d_stones = n->board.stones[j->defender];
    uint64_t near_d = board_flood(g, (d_stones & j->target) | j->target, d_stones | j->target);
    uint64_t focus = near_d | board_adjacent(g, near_d);
    int count = 0;
    for (uint64_t m = board_empty(&n->board, g); m; m &= m - 1) {
        board_point_t p = board_lowest(m);
        board_placement_t pl = board_place(&n->board, g, me, p);
        if (pl.suicided)
            continue;
        if (ply >= 1 && n->move != BOARD_MOVE_PASS &&
            board_equal(&j->path[ply - 1].board, &pl.after))
            continue; /* the basic ko rule */
        child_t *c = &kids[count];
        c->node.board = pl.after;
        c->node.key = n->key ^ g->zobrist[me][p] ^ hash_delta(g, opp, pl.captured);
        c->node.sitkey = c->node.key ^ (opp == BOARD_WHITE ? KEY_SIDE : 0);
        c->node.to_move = (uint8_t)opp;
        c->node.passes = 0;
        c->node.ko = ko_point(g, &pl.after, me, p, pl.captured);
        c->node.move = p;
        c->two_passes = false;
        c->cycle_k = find_cycle(j, ply + 1, &c->node);
        c->formation = c->cycle_k < 0 &&
                       japanese_two_eye_formation(NULL, &pl.after, g, j->defender, j->target);
        int order = j->centrality[p];
        if (pl.captured)
            order += 1000 + 10 * board_popcount(pl.captured);
        c->focus = (focus & board_bit(p)) != 0;
        if (c->focus)
            order += 100;
        if (defender ? c->formation : c->cycle_k >= 0)
            order += 1 << 20;
        c->order = order;
        insert_sorted(idx, kids, count++);
    }
    child_t *c = &kids[count];
    c->node = *n;
    c->node.sitkey = n->key ^ (opp == BOARD_WHITE ? KEY_SIDE : 0);
    c->node.to_move = (uint8_t)opp;
    c->node.passes = (uint8_t)(n->passes + 1);
    c->node.ko = NO_KO;
    c->node.move = BOARD_MOVE_PASS;
    c->two_passes = n->passes >= 1;
    c->cycle_k = c->two_passes ? -1 : find_cycle(j, ply + 1, &c->node);
    c->formation = false;
    c->focus = false;
    bool pass_wins = !defender && (c->two_passes || c->cycle_k >= 0);
    c->order = pass_wins ? (1 << 21) : -1;
    insert_sorted(idx, kids, count++);
    for (int i = 0; i < count && i < 2; i++)
        __builtin_prefetch(bucket(j, &kids[idx[i]].node)); /* probed when searched */
    return count;
}

/* ---- The search ------------------------------------------------------------------------------ */

static void search(jres_t *out, japanese_t *j, int ply);

/* Whether `points` holds two points that are not adjacent: on the square grid no three points
 * are pairwise adjacent (it has no triangle), so three or more always do. */
static bool two_apart(const board_geom_t *g, uint64_t points)
{
    int n = board_popcount(points);
    if (n != 2)
        return n > 2;
    board_point_t a = board_lowest(points);
    return !(g->neighbours[a] & points);
}

/*
 * Whether the attacker wins by passing from here on (docs/japanese.md, "The search", has the
 * argument).  A is the attacker's unconditionally alive stones (Benson, core/benson.h): while
 * the attacker passes they stay, whatever the defender plays.  A formation that holds a stone
 * on a point t of the analysed string is, with its two eyes, a connected set of points outside
 * A (each string of it touches the first eye), so it lies in the component C(t) of the points
 * outside A that holds t; its eyes have no neighbour in A (their neighbours are the formation's
 * stones) and are not adjacent to each other (an eye's neighbours are stones).  So when no such
 * component has two non-adjacent points without a neighbour in A, no formation ever stands: the
 * sequence ends by two passes or, the situations being finite, by a cycle, without one.  A pass
 * is legal after any history, so the result is stored like any other.  With the eye-space cut
 * off (japanese_set_cuts, for tests) only Benson's own claim is used: every point of
 * the string lies in the attacker's Benson territory or holds a stone of A.
 */
static bool sealed(const japanese_t *j, const board_t *b)
{
    const board_geom_t *g = j->g;
    benson_t safe;
    benson_analyse(&safe, b, g, board_color_other(j->defender));
    if (!j->cuts)
        return !(j->target & ~(safe.territory | safe.alive));
    if (!safe.alive)
        return false; /* C(t) is the whole board */
    uint64_t outside = g->all & ~safe.alive;
    uint64_t eye_candidates = outside & ~board_adjacent(g, safe.alive);
    for (uint64_t rest = j->target & outside; rest;) {
        uint64_t component = board_flood(g, rest & -rest, outside);
        rest &= ~component;
        if (two_apart(g, component & eye_candidates))
            return false;
    }
    return true;
}

/*
 * Whether the defender wins by filling (docs/japanese.md, "The search", has the argument): a
 * chain C through a point of the analysed string has two liberties whose neighbours are all
 * stones of C (two eyes of its own), and every situation of the path before `ply` lacks a stone
 * of C.  The defender fills C's other liberties one by one, each play joining C: never a
 * suicide (C keeps the two eyes, where the attacker cannot play: a stone there would have no
 * liberty and take nothing), never forbidden by the basic ko rule (the point did not hold a
 * stone of C two plies before, C's stones are never taken), never repeating a situation (C
 * grows with every fill, and the path's earlier situations lack a stone of C), until C's
 * liberties are the two eyes: a formation.  Not when the attacker is to move after the
 * defender's pass (its pass ends the sequence).  The path condition makes the result hold on
 * this path only: it is never stored (path_bound).
 */
static bool secured(const japanese_t *j, int ply)
{
    const board_geom_t *g = j->g;
    const node_t *n = &j->path[ply];
    if (!j->cuts || (n->to_move != j->defender && n->passes))
        return false;
    uint64_t own = n->board.stones[j->defender];
    uint64_t empty = board_empty(&n->board, g);
    for (uint64_t rest = own & j->target; rest;) {
        uint64_t chain = board_flood(g, rest & -rest, own);
        rest &= ~chain;
        int eyes = 0;
        for (uint64_t m = board_adjacent(g, chain) & empty; m && eyes < 2; m &= m - 1)
            eyes += !(g->neighbours[board_lowest(m)] & ~chain);
        if (eyes < 2)
            continue;
        bool repeats = false;
        for (int i = 0; i < ply && !repeats; i++)
            repeats = !(chain & ~j->path[i].board.stones[j->defender]);
        if (!repeats)
            return true;
    }
    return false;
}

/* The result of moving to child c from path[ply]: terminal, or searched one ply down. */
static void evaluate(jres_t *r, japanese_t *j, int ply, const child_t *c)
{
    memset(r, 0, sizeof *r);
    r->minhit = INT_MAX;
    if (c->two_passes)
        return;
    if (c->cycle_k >= 0) {
        r->minhit = c->cycle_k;
        return;
    }
    if (c->formation) {
        r->defender_wins = true;
        return;
    }
    if (ply + 1 >= j->ply_limit) {
        r->unknown = true;
        return;
    }
    j->path[ply + 1] = c->node;
    search(r, j, ply + 1);
    if (r->defender_wins)
        sig_add(r->sig, c->node.sitkey);
}

/* Makes e the entry of situation n with `result` (the caller fills the rest). */
static void entry_fill(entry_t *e, const japanese_t *j, const node_t *n, uint8_t result)
{
    e->stones[0] = n->board.stones[0];
    e->stones[1] = n->board.stones[1];
    e->target = j->target;
    e->defender = (uint8_t)j->defender;
    e->to_move = n->to_move;
    e->passes = n->passes;
    e->ko = n->ko;
    e->result = result;
}

/*
 * Remembers that path[ply] was not proved within the plies left in this iteration, so that the
 * same situation reached again (a transposition, or in a later iteration) with as few plies
 * left or fewer is not searched again.  Sound because an open result is never an answer: it
 * only makes its parents open, and the deepening goes on.  The only loss is a proof that the
 * other path would have found (by its own cycles, or by a stored defender's win that its path
 * allows), which a later iteration, with more plies left, searches again; the last iteration
 * (JAPANESE_MAX_PLIES) and the principal line reuse none, so the answers are those of the
 * search without open entries.  An open entry never replaces a result of the same analysis.
 */
static void open_store(japanese_t *j, const node_t *n, int ply)
{
    table_maybe_grow(j);
    entry_t *b = bucket(j, n);
    entry_t *e = NULL;
    for (int w = 0; w < 2; w++)
        if (entry_of_target(j, &b[w]) && b[w].result != RESULT_OPEN)
            return;
    for (int w = 0; w < 2 && !e; w++)
        if (!b[w].target || b[w].result == RESULT_OPEN)
            e = &b[w];
    if (!e)
        e = &b[1];
    entry_fill(e, j, n, RESULT_OPEN);
    e->depth = (uint16_t)(j->ply_limit - ply);
}

/*
 * Whether the table answers situation path[ply]; then *out is the answer.  An entry of the
 * same colour and situation answers for another string's points too when the game's outcome
 * follows: the defender wins for points T when it wins for a subset of T (a formation on the
 * subset's points is one on T's), the attacker wins for T when it wins for a superset of T.
 * The outcomes are those of the game itself (every cut is exact), so they hold whichever
 * analysis found them; a defender's win still needs a history that meets none of its proof's
 * situations.  Open entries answer for their own points only.
 */
static bool probe(jres_t *out, japanese_t *j, int ply)
{
    const node_t *n = &j->path[ply];
    entry_t *b = bucket(j, n);
    for (int w = 0; w < 2; w++) {
        const entry_t *e = &b[w];
        if (!entry_of_situation(j, e, n))
            continue;
        bool own = e->target == j->target;
        if (e->result == RESULT_ATT && !(j->target & ~e->target))
            return true;
        if (e->result == RESULT_OPEN) {
            if (own && j->open_reuse && (int)e->depth >= j->ply_limit - ply) {
                out->unknown = true; /* see open_store */
                return true;
            }
        } else if (e->result == RESULT_DEF && !(e->target & ~j->target) &&
                   !sig_meets_path(j, e->sig, ply)) {
            out->defender_wins = true;
            memcpy(out->sig, e->sig, sizeof out->sig);
            return true;
        }
    }
    return false;
}

/* Stores a proved result of path[ply]: over this situation's entry for the same points, else
 * over an empty or open entry, else the newer of the two moves to the second place. */
static void store(japanese_t *j, const node_t *n, const jres_t *r)
{
    table_maybe_grow(j);
    entry_t *b = bucket(j, n);
    entry_t *e = NULL;
    for (int w = 0; w < 2 && !e; w++)
        if (entry_of_target(j, &b[w]) && entry_of_situation(j, &b[w], n))
            e = &b[w];
    for (int w = 0; w < 2 && !e; w++)
        if (!b[w].target || b[w].result == RESULT_OPEN)
            e = &b[w];
    if (!e) {
        b[1] = b[0];
        e = &b[0];
    }
    entry_fill(e, j, n, r->defender_wins ? RESULT_DEF : RESULT_ATT);
    memcpy(e->sig, r->sig, sizeof e->sig);
}

static void search(jres_t *out, japanese_t *j, int ply)
{
    const node_t *n = &j->path[ply];
    memset(out, 0, sizeof *out);
    out->minhit = INT_MAX;
    j->nodes++;
    if (j->counter && !(j->nodes & 1023))
        atomic_fetch_add_explicit(j->counter, 1024, memory_order_relaxed);
    if (j->max_nodes && j->nodes - j->nodes_start > j->max_nodes) {
        j->failed = JAPANESE_ERROR_LIMIT + 1;
        return;
    }
    if (!(j->nodes & 1023) && out_of_time(j)) {
        j->timed_out = true;
        j->failed = JAPANESE_ERROR_LIMIT + 1;
        return;
    }
    if (probe(out, j, ply))
        return;
    if (sealed(j, &n->board))
        return; /* the attacker passes from here on and wins (see sealed) */
    if (secured(j, ply)) {
        out->defender_wins = out->path_bound = true; /* the defender fills (see secured) */
        return;
    }
    if (!j->kids[ply])
        j->kids[ply] = g_new(child_t, BOARD_MAX_POINTS + 1);
    child_t *kids = j->kids[ply];
    uint8_t idx[BOARD_MAX_POINTS + 1];
    int count = generate(j, ply, kids, idx);
    bool defender = n->to_move == j->defender;
    bool unknown = false;
    out->defender_wins = !defender;
    for (int i = 0; i < count; i++) {
        jres_t r;
        evaluate(&r, j, ply, &kids[idx[i]]);
        if (j->failed)
            return;
        if (defender) {
            if (r.defender_wins) {
                out->defender_wins = true;
                out->path_bound = r.path_bound;
                memcpy(out->sig, r.sig, sizeof out->sig);
                unknown = false;
                break;
            }
            unknown |= r.unknown;
            if (r.minhit < out->minhit)
                out->minhit = r.minhit;
        } else {
            if (!r.defender_wins && !r.unknown) {
                out->defender_wins = false;
                out->minhit = r.minhit;
                unknown = false;
                break;
            }
            if (r.unknown) {
                unknown = true;
                continue;
            }
            for (int w = 0; w < SIG_WORDS; w++)
                out->sig[w] |= r.sig[w];
            out->path_bound |= r.path_bound;
        }
    }
    if (unknown) {
        /* Not proved either way within the ply limit: reported as the attacker's, never
         * stored. */
        memset(out, 0, sizeof *out);
        out->unknown = true;
        out->minhit = INT_MAX;
        open_store(j, n, ply);
        return;
    }
    /* An attacker's win holds after any history when its cycles return inside this subtree
     * (more history only adds cycles, and every cycle is the attacker's); a defender's win
     * holds after a history that meets none of its proof's situations. */
    if (!out->defender_wins && out->minhit < ply)
        return;
    if (out->defender_wins && out->path_bound)
        return; /* it used `secured`, which holds on this path only */
    store(j, n, out);
}

/* Empties the table (japanese_set_cuts: results found with the other cuts are not reused). */
static void table_clear(japanese_t *j)
{
    memset(j->table, 0, (size_t)(j->mask + 1) * sizeof *j->table);
}

static bool fail(GError **error, const japanese_t *j)
{
    if (j->failed == JAPANESE_ERROR_LIMIT + 1 && j->timed_out)
        g_set_error(error, JAPANESE_ERROR, JAPANESE_ERROR_LIMIT,
                    "the analysis of a string passed its time limit");
    else if (j->failed == JAPANESE_ERROR_LIMIT + 1)
        g_set_error(error, JAPANESE_ERROR, JAPANESE_ERROR_LIMIT,
                    "the analysis of a string passed its limit of %llu imagined positions",
                    (unsigned long long)j->max_nodes);
    else
        g_set_error(error, JAPANESE_ERROR, JAPANESE_ERROR_DEPTH,
                    "an imagined sequence is longer than %d moves", JAPANESE_MAX_PLIES);
    return false;
}

/* Follows the proof from the start: the winner's first winning move, the loser's first move. */
static void principal_line(japanese_line_t *line, japanese_t *j, bool defender_wins)
{
    memset(line, 0, sizeof *line);
    line->end = JAPANESE_END_TRUNCATED;
    for (int ply = 0; ply < JAPANESE_MAX_LINE && !j->failed; ply++) {
        if (!defender_wins && sealed(j, &j->path[ply].board)) {
            line->end = JAPANESE_END_SEALED;
            return;
        }
        if (defender_wins && secured(j, ply)) {
            line->end = JAPANESE_END_SECURED;
            return;
        }
        child_t generated[BOARD_MAX_POINTS + 1], kids[BOARD_MAX_POINTS + 1];
        uint8_t idx[BOARD_MAX_POINTS + 1];
        int count = generate(j, ply, generated, idx);
        for (int i = 0; i < count; i++)
            kids[i] = generated[idx[i]];
        bool winner_moves = (j->path[ply].to_move == j->defender) == defender_wins;
        int pick = 0;
        /* The winner's first move that wins within the plies left, with more plies when
         * none does: the search's proof may have used a result found higher up the tree (or
         * for another string, see probe) that the table no longer holds. */
        while (winner_moves) {
            for (pick = 0; pick < count; pick++) {
                jres_t r;
                j->nodes_start = j->nodes;
                evaluate(&r, j, ply, &kids[pick]);
                if (j->failed || (!r.unknown && r.defender_wins == defender_wins))
                    break;
            }
            if (j->failed)
                return;
            if (pick < count)
                break;
            if (j->ply_limit >= JAPANESE_MAX_PLIES - 1)
                return; /* cannot happen: the search proved a winning move */
            j->ply_limit = 2 * j->ply_limit < JAPANESE_MAX_PLIES - 1 ? 2 * j->ply_limit
                                                                     : JAPANESE_MAX_PLIES - 1;
        }
        if (!winner_moves) {
            /* The loser's first play near the string, else its pass (the last move): a line
             * that shows the fight rather than a play far away. */
            for (pick = 0; pick < count - 1 && !kids[pick].focus; pick++)
                ;
            if (!kids[pick].focus)
                for (pick = 0; kids[pick].node.move != BOARD_MOVE_PASS; pick++)
                    ;
        }
        const child_t *c = &kids[pick];
        line->moves[line->length++] = c->node.move;
        if (c->formation) {
            line->end = JAPANESE_END_FORMATION;
            japanese_two_eye_formation(&line->formation, &c->node.board, j->g, j->defender,
                                       j->target);
            return;
        }
        if (c->two_passes) {
            line->end = JAPANESE_END_PASSES;
            return;
        }
        if (c->cycle_k >= 0) {
            line->end = JAPANESE_END_CYCLE;
            line->cycle_start = c->cycle_k;
            return;
        }
        j->path[ply + 1] = c->node;
    }
}

/* ---- The attractor: history-free bounds on a string's status ----------------------------------
 */

/* A state of the imagined game: what decides its moves and its end (the situation, the basic
 * ko's banned point, and whether the last move was a pass).  A situation is a state with
 * passes 0 and ko NO_KO. */
typedef struct astate {
    uint64_t stones[2];
    uint8_t to_move, passes, ko, pad[5];
} astate_t;

/* A set of states, numbered in the order they were added: open addressing over slots, which
 * hold index + 1 (0: empty); the slots double when half full, so that a set that stays small
 * (a strategy's situations) costs little, and `most` caps the states. */
typedef struct aset {
    GArray *states; /* astate_t */
    uint32_t *slots;
    uint64_t mask;
    uint32_t most;
} aset_t;

#define ASET_FIRST_SLOTS 1024

static void aset_init(aset_t *s, uint64_t most)
{
    s->states = g_array_new(FALSE, FALSE, sizeof(astate_t));
    s->most = (uint32_t)most;
    s->mask = ASET_FIRST_SLOTS - 1;
    s->slots = g_new0(uint32_t, s->mask + 1);
}

/* Readies s for about `expected` states at once (slots for twice as many, the states'
 * array reserved), so that a set known to grow large is not rehashed and copied on the way. */
static void aset_reserve(aset_t *s, uint32_t expected)
{
    g_assert(!s->states->len);
    uint64_t slots = ASET_FIRST_SLOTS;
    while (slots < 2 * (uint64_t)expected)
        slots *= 2;
    g_free(s->slots);
    s->mask = slots - 1;
    s->slots = g_new0(uint32_t, slots);
    g_array_set_size(s->states, expected);
    g_array_set_size(s->states, 0);
}

static void aset_clear(aset_t *s)
{
    g_array_free(s->states, TRUE);
    g_free(s->slots);
}

static const astate_t *aset_at(const aset_t *s, uint32_t i)
{
    return &g_array_index(s->states, astate_t, i);
}

static uint64_t astate_hash(const astate_t *s)
{
    uint64_t h = (s->stones[0] * 0x9E3779B97F4A7C15ULL) ^ (s->stones[1] * 0xC2B2AE3D27D4EB4FULL) ^
                 (((uint64_t)s->to_move << 16 | (uint64_t)s->passes << 8 | s->ko) * KEY_KO);
    return h ^ (h >> 29);
}

/* The slot where a look-up of x starts. */
static inline uint64_t aset_home(const aset_t *s, const astate_t *x)
{
    return astate_hash(x) & s->mask;
}

/* The slot that holds x in s, or the empty slot where it would go. */
static uint64_t aset_slot(const aset_t *s, const astate_t *x)
{
    for (uint64_t i = aset_home(s, x);; i = (i + 1) & s->mask) {
        if (!s->slots[i])
            return i;
        const astate_t *t = aset_at(s, s->slots[i] - 1);
        if (t->stones[0] == x->stones[0] && t->stones[1] == x->stones[1] &&
            t->to_move == x->to_move && t->passes == x->passes && t->ko == x->ko)
            return i;
    }
}

/* The index of x in s, or -1 when it is not there. */
static int64_t aset_find(const aset_t *s, const astate_t *x)
{
    return (int64_t)s->slots[aset_slot(s, x)] - 1;
}

/* The index of x in s (added when new), or -1 past s->most states. */
static int64_t aset_index(aset_t *s, const astate_t *x)
{
    uint64_t i = aset_slot(s, x);
    if (s->slots[i])
        return s->slots[i] - 1;
    if (s->states->len >= s->most)
        return -1;
    if (2 * ((uint64_t)s->states->len + 1) > s->mask + 1) {
        g_free(s->slots);
        s->mask = 2 * s->mask + 1;
        s->slots = g_new0(uint32_t, s->mask + 1);
        for (uint32_t k = 0; k < s->states->len; k++)
            s->slots[aset_slot(s, aset_at(s, k))] = k + 1;
        i = aset_slot(s, x);
    }
    g_array_append_val(s->states, *x);
    s->slots[i] = s->states->len;
    return s->states->len - 1;
}

/*
 * A move backwards in 32 bits: the state it leaves in the low pred_shift bits and, above them,
 * its place among that state's moves.  A state has at most N plays and a pass on a board of N
 * points, so the place takes the bits of N (5 up to 31 points, 7 at 64), and the analyser's cap
 * of states stays within the rest (japanese_set_attractor_states): 2^27 states up to 31 points,
 * the whole imagined game of a 4x4 final position (99 M) among them.
 */
static int pred_shift(const board_geom_t *g)
{
    return 32 - (64 - __builtin_clzll((uint64_t)g->size));
}

/*
 * The graph of an imagined game from a start (state 0): the states reachable from it, each with
 * its moves and whether the defender's formation stands there (a formation's state has no
 * moves: the defender has won).  Two graphs are built:
 *   states      the game itself: every legal move (the basic ko rule by the state's ban), the
 *               second pass the attacker's end (move -1);
 *   situations  an under-approximation for the defender, over situations (no ban, no pass
 *               flag): the defender never passes and never plays a capture of exactly one
 *               stone (the only plays a ban can forbid), the attacker plays every play that is
 *               not a suicide, banned or not, and may always pass.
 */
typedef struct agraph {
    aset_t set;
    GArray *first;      /* uint32_t: state i's moves are moves[first[i] .. first[i + 1]) */
    GArray *moves;      /* int32_t: the state a move leads to; -1 the attacker's end */
    GByteArray *formed; /* whether the defender's formation stands in state i */
    int pred_shift;     /* agraph_preds' layout: pred_shift(the board) */
} agraph_t;

static void agraph_free(agraph_t *gr)
{
    aset_clear(&gr->set);
    g_array_free(gr->first, TRUE);
    g_array_free(gr->moves, TRUE);
    g_byte_array_free(gr->formed, TRUE);
}

static uint32_t agraph_size(const agraph_t *gr)
{
    return gr->set.states->len;
}

static const uint32_t *agraph_first(const agraph_t *gr)
{
    return (const uint32_t *)(const void *)gr->first->data;
}

static const int32_t *agraph_moves(const agraph_t *gr)
{
    return (const int32_t *)(const void *)gr->moves->data;
}

/* Which states of a graph end the imagined game with the defender's formation: the graph's own
 * marks (agraph_build's), or the game space's formations of (d, target), read where needed so
 * that a question costs nothing per state of the space. */
typedef struct aformed {
    const uint8_t *marks;       /* when not NULL */
    const uint64_t *formations; /* else: the defender's formations in each state */
    uint64_t target;
} aformed_t;

static inline bool aformed_at(const aformed_t *f, uint32_t i)
{
    return f->marks ? f->marks[i] != 0 : (f->formations[i] & f->target) != 0;
}

static aformed_t agraph_marks(const agraph_t *gr)
{
    return (aformed_t){gr->formed->data, NULL, 0};
}

/* Adds a move of the state being expanded to x (or to the end, x NULL); false past the
 * limit (of states, or of moves: they are numbered by 32 bits). */
static bool agraph_move(agraph_t *gr, const astate_t *x)
{
    if (gr->moves->len == UINT32_MAX)
        return false;
    int64_t k = x ? aset_index(&gr->set, x) : -1;
    int32_t k32 = (int32_t)k;
    g_array_append_val(gr->moves, k32);
    return !x || k >= 0;
}

/* Adds the moves of state s to gr (agraph_build says which): false past the limit. */
static bool astate_expand(agraph_t *gr, const board_geom_t *g, const astate_t *s, bool situations,
                          board_color_t d)
{
    board_t pos = {{s->stones[0], s->stones[1]}};
    board_color_t me = (board_color_t)s->to_move, opp = board_color_other(me);
    astate_t next[BOARD_MAX_POINTS + 1];
    int n = 0;
    for (uint64_t m = board_empty(&pos, g); m; m &= m - 1) {
        board_point_t p = board_lowest(m);
        if (p == s->ko)
            continue; /* the basic ko rule */
        board_placement_t pl = board_place(&pos, g, me, p);
        if (pl.suicided)
            continue;
        if (situations && me == d && board_popcount(pl.captured) == 1)
            continue; /* a ban could forbid it */
        uint8_t ko = situations ? NO_KO : ko_point(g, &pl.after, me, p, pl.captured);
        next[n++] = (astate_t){{pl.after.stones[0], pl.after.stones[1]}, (uint8_t)opp, 0, ko, {0}};
    }
    bool end = false; /* a second pass: the end */
    if (!situations) {
        next[n] = (astate_t){{s->stones[0], s->stones[1]}, (uint8_t)opp, 1, NO_KO, {0}};
        end = s->passes;
        n += !end;
    } else if (me != d)
        next[n++] = (astate_t){{s->stones[0], s->stones[1]}, (uint8_t)opp, 0, NO_KO, {0}};
    /* The look-ups in the moves' order, their cache misses overlapped: nearly every one misses
     * twice, on its home slot and on the state that slot holds, so the slots are fetched for
     * all the moves first, then the states. */
    const aset_t *set = &gr->set;
    uint64_t home[BOARD_MAX_POINTS + 1];
    for (int i = 0; i < n; i++)
        __builtin_prefetch(&set->slots[home[i] = aset_home(set, &next[i])]);
    for (int i = 0; i < n; i++)
        if (set->slots[home[i]])
            __builtin_prefetch(aset_at(set, set->slots[home[i]] - 1));
    bool ok = true;
    for (int i = 0; i < n && ok; i++)
        ok = agraph_move(gr, &next[i]);
    return ok && (!end || agraph_move(gr, NULL));
}

/*
 * Enumerates the graph (of states, or of situations) of the imagined game of (d, target) from
 * b, the attacker to move.  Always fills *gr (free with agraph_free); false when it passed
 * the analyser's cap of states (japanese_set_attractor_states) or its deadline (then the
 * graph is incomplete).
 */
static bool agraph_build(agraph_t *gr, const japanese_t *j, const board_t *b, board_color_t d,
                         uint64_t target, bool situations)
{
    const board_geom_t *g = j->g;
    /* At most 3^N positions, each with 2 players to move (and for states N + 1 bans and 2 pass
     * flags): small boards get a small slot table. */
    uint64_t most = situations ? 2 : 4 * (uint64_t)(g->size + 1);
    for (int i = 0; i < g->size && most < j->attractor_states; i++)
        most *= 3;
    if (most > j->attractor_states)
        most = j->attractor_states;
    aset_init(&gr->set, most);
    gr->pred_shift = pred_shift(g);
    gr->first = g_array_new(FALSE, FALSE, sizeof(uint32_t));
    gr->moves = g_array_new(FALSE, FALSE, sizeof(int32_t));
    gr->formed = g_byte_array_new();
    bool ok = true;
    astate_t start = {{b->stones[0], b->stones[1]}, (uint8_t)board_color_other(d), 0, NO_KO, {0}};
    aset_index(&gr->set, &start);
    for (uint32_t i = 0; i < agraph_size(gr) && ok; i++) {
        if (!(i & 4095) && out_of_time(j)) {
            ok = false;
            break;
        }
        astate_t s = *aset_at(&gr->set, i); /* a copy: the array grows */
        g_array_append_val(gr->first, gr->moves->len);
        board_t pos = {{s.stones[0], s.stones[1]}};
        uint8_t f = japanese_two_eye_formation(NULL, &pos, g, d, target);
        g_byte_array_append(gr->formed, &f, 1);
        if (!f) /* else the defender's: the formation counts the moment it stands */
            ok = astate_expand(gr, g, &s, situations, d);
    }
    g_array_append_val(gr->first, gr->moves->len);
    return ok;
}

/* The moves of gr backwards: first[k] .. first[k + 1] index the moves into state k in preds. */
typedef struct apreds {
    uint32_t *first, *preds; /* a move in preds laid out as gr->pred_shift says */
} apreds_t;

static void apreds_free(apreds_t *p)
{
    g_free(p->first), g_free(p->preds);
    memset(p, 0, sizeof *p);
}

static apreds_t agraph_preds(const agraph_t *gr)
{
    uint32_t n = agraph_size(gr);
    const uint32_t *fst = agraph_first(gr);
    const int32_t *mv = agraph_moves(gr);
    uint32_t edges = fst[n];
    int shift = gr->pred_shift;
    g_assert(n <= 1u << shift);
    uint32_t *pf = g_new0(uint32_t, (size_t)n + 1);
    for (uint32_t e = 0; e < edges; e++)
        if (mv[e] >= 0)
            pf[mv[e] + 1]++;
    for (uint32_t k = 0; k < n; k++)
        pf[k + 1] += pf[k];
    uint32_t *pr = g_new(uint32_t, pf[n] + 1);
    uint32_t *fill = g_new(uint32_t, (size_t)n + 1);
    memcpy(fill, pf, (size_t)n * sizeof *fill);
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t e = fst[i]; e < fst[i + 1]; e++)
            if (mv[e] >= 0)
                pr[fill[mv[e]]++] = i | (e - fst[i]) << shift;
    g_free(fill);
    return (apreds_t){pf, pr};
}

/*
 * An attractor, one byte per state (a 3x4 board's space has 1.3 M states; a byte each keeps
 * the attractor's random accesses within the cache far more often than a word each):
 *   ATTRACTED | m    the state joined: the defender moves there, and its m-th move (of the
 *                    graph's moves of the state) joined first; else m is NO_MOVE (the
 *                    attacker's states, and the formations);
 *   OPEN_DEFENDER    not yet, the defender's state (one move into the set is enough);
 *   left             not yet, the attacker's state: how many of its moves are not yet known to
 *                    lead into the set (1 to 65: a board has at most 64 points).
 */
enum { ATTRACTED = 0x80, NO_MOVE = 0x7F, OPEN_DEFENDER = 0x7F };

static inline bool attracted(const uint8_t *won, uint32_t i)
{
    return won[i] & ATTRACTED;
}

/* The state the attractor's strategy moves to from the defender's state i (inside it). */
static inline uint32_t attractor_via(const agraph_t *gr, const uint8_t *won, uint32_t i)
{
    g_assert(attracted(won, i) && (won[i] & NO_MOVE) != NO_MOVE);
    return (uint32_t)agraph_moves(gr)[agraph_first(gr)[i] + (won[i] & NO_MOVE)];
}

/* The attractor's bytes for defender d before anything joined (free with g_free). */
static uint8_t *agraph_open(const agraph_t *gr, board_color_t d)
{
    uint32_t n = agraph_size(gr);
    const uint32_t *fst = agraph_first(gr);
    uint8_t *open = g_new(uint8_t, (size_t)n + 1);
    for (uint32_t i = 0; i < n; i++) {
        g_assert(fst[i + 1] - fst[i] < OPEN_DEFENDER);
        open[i] =
            aset_at(&gr->set, i)->to_move == d ? OPEN_DEFENDER : (uint8_t)(fst[i + 1] - fst[i]);
    }
    return open;
}

/*
 * Takes the attractor `won` to the fixpoint over the formation states of `formed` (the moves
 * backwards given, agraph_preds): `won` holds agraph_open's bytes, or an attractor of a
 * subset of those formation states, whose bytes are a fixpoint of their own (every state
 * outside counts the moves not yet into it).  Adding formation states to a fixpoint and going
 * on reaches the same least fixpoint as starting afresh, and only the states that join are
 * visited.  A state that was inside already and now holds a formation keeps its move: the
 * game ends there all the same (aformed_at is read first).
 */
static void agraph_attract_more(uint8_t *won, const agraph_t *gr, const aformed_t *formed,
                                const apreds_t *back)
{
    const uint32_t *pred_first = back->first, *preds = back->preds;
    int shift = gr->pred_shift;
    uint32_t mask = (1u << shift) - 1;
    uint32_t n = agraph_size(gr);
    uint32_t *queue = g_new(uint32_t, (size_t)n + 1), tail = 0;
    for (uint32_t i = 0; i < n; i++)
        if (!(won[i] & ATTRACTED) && aformed_at(formed, i)) {
            won[i] = ATTRACTED | NO_MOVE;
            queue[tail++] = i;
        }
    /* Any order of joining gives the same set; the strategy moves to a state that joined
     * earlier, so it never returns to a state it has left.  A queue, because its states are
     * known ahead: each one's moves backwards are fetched into the cache a few states before
     * they are read (nearly every read of them would miss it). */
    enum { AHEAD = 8 };
    for (uint32_t head = 0; head < tail; head++) {
        if (head + 2 * AHEAD < tail)
            __builtin_prefetch(&pred_first[queue[head + 2 * AHEAD]]);
        if (head + AHEAD < tail)
            __builtin_prefetch(&preds[pred_first[queue[head + AHEAD]]]);
        uint32_t k = queue[head];
        for (uint32_t e = pred_first[k]; e < pred_first[k + 1]; e++)
            __builtin_prefetch(&won[preds[e] & mask]);
        for (uint32_t e = pred_first[k]; e < pred_first[k + 1]; e++) {
            uint32_t i = preds[e] & mask;
            uint8_t w = won[i];
            if (w & ATTRACTED)
                continue;
            if (w == OPEN_DEFENDER)
                won[i] = (uint8_t)(ATTRACTED | preds[e] >> shift);
            else if (--w) {
                won[i] = w;
                continue;
            } else
                won[i] = ATTRACTED | NO_MOVE;
            queue[tail++] = i;
        }
    }
    g_free(queue);
}

/* agraph_attract with the moves backwards (agraph_preds) and agraph_open's bytes given. */
static uint8_t *agraph_attract_by(const agraph_t *gr, const aformed_t *formed, const uint8_t *open,
                                  const apreds_t *back)
{
    uint8_t *won = g_memdup2(open, (size_t)agraph_size(gr) + 1);
    agraph_attract_more(won, gr, formed, back);
    return won;
}

/*
 * The defender's attractor of the formation states of a complete graph: a defender's state
 * joins with one move into the set, an attacker's when all its moves lead into it (the end
 * never does).  Returns a byte per state (free with g_free; `attracted`, `attractor_via`):
 * inside or not, and for each defender's state inside that has no formation the move of a
 * positional strategy that forces one without returning to a state it has left.
 */
static uint8_t *agraph_attract(const agraph_t *gr, board_color_t d)
{
    apreds_t back = agraph_preds(gr);
    aformed_t formed = agraph_marks(gr);
    uint8_t *open = agraph_open(gr, d);
    uint8_t *won = agraph_attract_by(gr, &formed, open, &back);
    apreds_free(&back);
    g_free(open);
    return won;
}

/* The strategy's part of a graph reached from its start, each state by its place (the order
 * in which it was reached): the state, its situation (numbered in `sits`), and the moves
 * between them as pairs of places.  Its size is the strategy's, not the graph's. */
typedef struct astrategy {
    GArray *reached; /* uint32_t: the state at each place */
    GArray *sit;     /* uint32_t: the situation at each place */
    GArray *edges;   /* uint32_t pairs of places (from, to) */
    aset_t sits;
} astrategy_t;

bool japanese_lines_acyclic(const japanese_lines_t *l)
{
    uint32_t m = l->situations, pairs = l->moves;
    const uint32_t *pr = l->edges, *sit = l->sit;
    uint32_t *out_first = g_new0(uint32_t, (size_t)m + 1), *in = g_new0(uint32_t, (size_t)m + 1);
    uint32_t *out = g_new(uint32_t, (size_t)pairs + 1), *fill = g_new(uint32_t, (size_t)m + 1);
    uint32_t *stack = g_new(uint32_t, (size_t)m + 1);
    for (uint32_t e = 0; e < pairs; e++) {
        out_first[sit[pr[2 * e]] + 1]++;
        in[sit[pr[2 * e + 1]]]++;
    }
    for (uint32_t k = 0; k < m; k++)
        out_first[k + 1] += out_first[k];
    memcpy(fill, out_first, (size_t)m * sizeof *fill);
    for (uint32_t e = 0; e < pairs; e++)
        out[fill[sit[pr[2 * e]]]++] = sit[pr[2 * e + 1]];
    uint32_t done = 0, top = 0;
    for (uint32_t k = 0; k < m; k++)
        if (!in[k])
            stack[top++] = k;
    while (top) {
        uint32_t k = stack[--top];
        done++;
        for (uint32_t e = out_first[k]; e < out_first[k + 1]; e++)
            if (--in[out[e]] == 0)
                stack[top++] = out[e];
    }
    g_free(out_first), g_free(in), g_free(out), g_free(fill), g_free(stack);
    return done == m;
}

bool japanese_lines_repeat(bool *known, const japanese_lines_t *l)
{
    uint32_t r = l->places, m = l->situations, pairs = l->moves;
    uint64_t words = (m + 63) / 64;
    *known = (uint64_t)r * words <= JAPANESE_LINES_MAX_WORDS;
    if (!*known)
        return false;
    const uint32_t *sit = l->sit, *pr = l->edges;
    /* The moves into each place, and how many moves out of it are not yet ranked. */
    uint32_t *in_first = g_new0(uint32_t, (size_t)r + 1), *from = g_new(uint32_t, pairs + 1);
    uint32_t *fill = g_new(uint32_t, (size_t)r + 1), *out = g_new0(uint32_t, (size_t)r + 1);
    for (uint32_t e = 0; e < pairs; e++) {
        in_first[pr[2 * e + 1] + 1]++;
        out[pr[2 * e]]++;
    }
    for (uint32_t k = 0; k < r; k++)
        in_first[k + 1] += in_first[k];
    memcpy(fill, in_first, (size_t)r * sizeof *fill);
    for (uint32_t e = 0; e < pairs; e++)
        from[fill[pr[2 * e + 1]]++] = pr[2 * e];
    /* by_rank: the places, each after every place it moves to (Kahn's order backwards). */
    uint32_t *by_rank = g_new(uint32_t, (size_t)r + 1), *rank = g_new(uint32_t, (size_t)r + 1);
    uint32_t ranked = 0;
    for (uint32_t k = 0; k < r; k++)
        if (!out[k])
            by_rank[ranked++] = k;
    for (uint32_t q = 0; q < ranked; q++)
        for (uint32_t e = in_first[by_rank[q]]; e < in_first[by_rank[q] + 1]; e++)
            if (--out[from[e]] == 0)
                by_rank[ranked++] = from[e];
    *known = ranked == r;
    bool repeats = false;
    if (*known) {
        for (uint32_t q = 0; q < r; q++)
            rank[by_rank[q]] = q;
        /* The moves out of each rank, by the ranks they lead to. */
        uint32_t *first = g_new0(uint32_t, (size_t)r + 1), *to = g_new(uint32_t, pairs + 1);
        for (uint32_t e = 0; e < pairs; e++)
            first[rank[pr[2 * e]] + 1]++;
        for (uint32_t k = 0; k < r; k++)
            first[k + 1] += first[k];
        memcpy(fill, first, (size_t)r * sizeof *fill);
        for (uint32_t e = 0; e < pairs; e++)
            to[fill[rank[pr[2 * e]]]++] = rank[pr[2 * e + 1]];
        uint64_t *reach = g_new0(uint64_t, (size_t)r * words);
        for (uint32_t q = 0; q < r && !repeats; q++) {
            uint32_t own = sit[by_rank[q]];
            uint64_t *set = &reach[(size_t)q * words];
            for (uint32_t e = first[q]; e < first[q + 1] && !repeats; e++) {
                const uint64_t *next = &reach[(size_t)to[e] * words]; /* lower: gathered */
                repeats = (next[own / 64] >> (own % 64)) & 1;
                for (uint64_t w = 0; w < words; w++)
                    set[w] |= next[w];
            }
            set[own / 64] |= (uint64_t)1 << (own % 64);
        }
        g_free(first), g_free(to), g_free(reach);
    }
    g_free(in_first), g_free(from), g_free(fill), g_free(out), g_free(by_rank), g_free(rank);
    return repeats;
}

/* Readies p for a question on a graph of n states. */
static void aplaces_begin(aplaces_t *p, uint32_t n)
{
    if (p->size < n) {
        g_free(p->place_of), g_free(p->stamp_of);
        p->size = n + n / 2 + 1024;
        p->place_of = g_new(uint32_t, p->size);
        p->stamp_of = g_new0(uint32_t, p->size);
        p->stamp = 0;
    }
    if (++p->stamp == 0) { /* wrapped: every old stamp could match again */
        memset(p->stamp_of, 0, (size_t)p->size * sizeof *p->stamp_of);
        p->stamp = 1;
    }
}

static void aplaces_free(aplaces_t *p)
{
    g_free(p->place_of), g_free(p->stamp_of);
    memset(p, 0, sizeof *p);
}

/* The place of state i in s, given one when it is new (and then pushed on `stack`). */
static uint32_t astrategy_place(astrategy_t *s, aplaces_t *places, GArray *stack,
                                const agraph_t *gr, uint32_t i)
{
    if (places->stamp_of[i] == places->stamp)
        return places->place_of[i];
    uint32_t p = s->reached->len;
    astate_t x = *aset_at(&gr->set, i);
    x.passes = 0;
    x.ko = NO_KO;
    uint32_t k = (uint32_t)aset_index(&s->sits, &x); /* at most a situation per state */
    g_array_append_val(s->reached, i);
    g_array_append_val(s->sit, k);
    places->stamp_of[i] = places->stamp;
    places->place_of[i] = p;
    g_array_append_val(stack, p);
    return p;
}

/*
 * Whether a line of the defender's strategy (the attractor `won`'s, on the complete graph of
 * states, whose start lies in the attractor) may repeat a situation or end with two passes
 * before the formation.  The states the strategy reaches from the start (the defender's move
 * attractor_via, each of the attacker's moves) are gathered; a second pass among their moves
 * repeats.  A line that repeats a situation is a closed walk of their projection onto
 * situations, so a projection without a cycle proves that none does; else the lines are
 * checked exactly (japanese_lines_repeat), when that fits.
 */
static bool agraph_repeats(bool *line_check, const agraph_t *gr, const aformed_t *formed,
                           uint32_t start, const uint8_t *won, board_color_t d, aplaces_t *places,
                           uint64_t *settled)
{
    /* A state some earlier strategy of the same attractor reached without a repeat: every line
     * from it is a suffix of one of those lines.  Under MATHGO_DEBUG the lines are gathered
     * anyway and must agree. */
    bool clean =
        settled && (__atomic_load_n(&settled[start / 64], __ATOMIC_RELAXED) >> (start % 64) & 1);
#ifndef MATHGO_DEBUG
    if (clean) {
        *line_check = false;
        return false;
    }
#endif
    const uint32_t *fst = agraph_first(gr);
    const int32_t *mv = agraph_moves(gr);
    astrategy_t s = {g_array_new(FALSE, FALSE, sizeof(uint32_t)),
                     g_array_new(FALSE, FALSE, sizeof(uint32_t)),
                     g_array_new(FALSE, FALSE, sizeof(uint32_t)),
                     {0}};
    aset_init(&s.sits, agraph_size(gr));
    aplaces_begin(places, agraph_size(gr));
    GArray *stack = g_array_new(FALSE, FALSE, sizeof(uint32_t)); /* places to expand */
    bool repeats = false;
    astrategy_place(&s, places, stack, gr, start);
    while (stack->len && !repeats) {
        uint32_t p = g_array_index(stack, uint32_t, stack->len - 1);
        g_array_set_size(stack, stack->len - 1);
        uint32_t i = g_array_index(s.reached, uint32_t, p);
        if (aformed_at(formed, i))
            continue;
        int32_t via;
        const int32_t *next = &mv[fst[i]];
        uint32_t count = fst[i + 1] - fst[i];
        if (aset_at(&gr->set, i)->to_move == d) {
            via = (int32_t)attractor_via(gr, won, i); /* the strategy is defined inside */
            next = &via;
            count = 1;
        }
        for (uint32_t e = 0; e < count && !repeats; e++) {
            repeats = next[e] < 0;
            if (!repeats) {
                uint32_t pair[2] = {p, astrategy_place(&s, places, stack, gr, (uint32_t)next[e])};
                g_array_append_vals(s.edges, pair, 2);
            }
        }
    }
    japanese_lines_t lines = {s.reached->len, s.sits.states->len, s.edges->len / 2,
                              (const uint32_t *)(const void *)s.sit->data,
                              (const uint32_t *)(const void *)s.edges->data};
    *line_check = !repeats && !japanese_lines_acyclic(&lines);
    if (*line_check) {
        bool known;
        repeats = japanese_lines_repeat(&known, &lines) || !known;
    }
#ifdef MATHGO_DEBUG
    g_assert(!clean || !repeats);
#endif
    if (settled && !repeats) {
        /* A load and a store, not an atomic or: two threads setting bits of one word at once
         * may lose one, which only costs a later question the check again. */
        for (uint32_t p = 0; p < s.reached->len; p++) {
            uint32_t i = g_array_index(s.reached, uint32_t, p);
            uint64_t bit = (uint64_t)1 << (i % 64);
            uint64_t word = __atomic_load_n(&settled[i / 64], __ATOMIC_RELAXED);
            if (!(word & bit))
                __atomic_store_n(&settled[i / 64], word | bit, __ATOMIC_RELAXED);
        }
    }
    g_array_free(stack, TRUE);
    aset_clear(&s.sits);
    g_array_free(s.reached, TRUE);
    g_array_free(s.sit, TRUE);
    g_array_free(s.edges, TRUE);
    return repeats;
}

/*
 * The game space of a small board: the graph of states of the imagined game (agraph_t's
 * `states` kind) over every state reached from the starts asked so far, each expanded with all
 * its moves, formation or not, and each with both colours' formations (japanese_formations).
 * The moves of a state do not depend on the analysed string nor on the defender, so one graph
 * serves every search of the analyser, and every analyser of the board that shares it (the
 * solver's threads: japanese_share_space): a question is then only a new attractor over it,
 * whose formation states are those where the defender's formations hold a stone of the target.
 *
 * Threads: a question holds `lock` for reading from its look-up to its answer; growing the
 * space (and remaking what is derived from it) takes it for writing.  The kept attractors
 * change under `kept_lock` alone, and each is counted (`refs`: its slot's and each question's
 * using it), so that a slot given to another attractor does not free one still being read.
 * An attractor's `settled` bits are only ever set, by any thread (atomically): each is a fact
 * about the strategy of an attractor that does not change.
 */
/* Attractors kept (a byte per state each): strings come back position after position.  At
 * most SPACE_ATTRACTORS, and no more than fit in SPACE_ATTRACTOR_BYTES with their bits of
 * `settled` (a space of 2^21 states, the default cap, keeps 108).  Measured on 2026-12-03 (one
 * thread, value only, the same nodes): 3x4 15.2 s with 64 kept, 8.6 s with 256, 7.8 s with 512;
 * 2x6 63.3 s, 47.8 s (128), 39.1 s (256); docs/japanese.md. */
#define SPACE_ATTRACTORS      256
#define SPACE_RESERVED        (1u << 21) /* the most states reserved at once (aspace_reach) */
#define SPACE_ATTRACTOR_BYTES ((size_t)256 << 20)

typedef struct aspace_attractor {
    board_color_t defender;
    uint64_t target;
    uint64_t used;   /* the space's question count when it last answered (the least is replaced) */
    atomic_int refs; /* its slot's, and one per question reading it */
    uint8_t *won;    /* agraph_attract_by's */
    uint64_t *settled; /* a bit per state: no line of the strategy from it repeats a situation */
} aspace_attractor_t;

struct japanese_space {
    GRWLock lock;        /* read: a question; write: the space grows (see above) */
    GMutex kept_lock;    /* kept[], questions and each kept attractor's `used` */
    atomic_int refs;     /* the creator's and each analyser's sharing it */
    bool made;           /* gr and formed exist (made on the first question) */
    agraph_t gr;         /* gr.first has an entry per expanded state, then the end of the moves */
    GArray *formed[2];   /* uint64_t: japanese_formations of each state, Black's, White's */
    uint32_t expanded;   /* states [0, expanded) have their moves */
    bool full;           /* passed the analysers' cap of states: no longer used */
    uint32_t preds_size; /* the space's size when `back` was made (0: none) */
    apreds_t back;
    uint8_t *open[2]; /* agraph_open's for each defender, made with the preds */
    aspace_attractor_t *kept[SPACE_ATTRACTORS];
    uint64_t questions; /* asked so far: the clock of the kept attractors' use */
};

static void aspace_attractor_release(aspace_attractor_t *a)
{
    if (!a || atomic_fetch_sub(&a->refs, 1) > 1)
        return;
    g_free(a->won);
    g_free(a->settled);
    g_free(a);
}

/* Drops what was made from the space (the writer, or the last owner, holds it alone). */
static void aspace_drop_derived(japanese_space_t *sp)
{
    apreds_free(&sp->back);
    g_free(sp->open[0]), g_free(sp->open[1]);
    sp->open[0] = sp->open[1] = NULL;
    sp->preds_size = 0;
    for (int i = 0; i < SPACE_ATTRACTORS; i++) {
        aspace_attractor_release(sp->kept[i]);
        sp->kept[i] = NULL;
    }
}

/* Frees the graph itself (made again by no one once the space is full). */
static void aspace_drop_graph(japanese_space_t *sp)
{
    aspace_drop_derived(sp);
    if (sp->made) {
        agraph_free(&sp->gr);
        g_array_free(sp->formed[0], TRUE);
        g_array_free(sp->formed[1], TRUE);
    }
    sp->made = false;
    sp->expanded = 0;
}

japanese_space_t *japanese_space_create(void)
{
    japanese_space_t *sp = g_new0(japanese_space_t, 1);
    g_rw_lock_init(&sp->lock);
    g_mutex_init(&sp->kept_lock);
    atomic_init(&sp->refs, 1);
    return sp;
}

void japanese_space_destroy(japanese_space_t *sp)
{
    if (!sp || atomic_fetch_sub(&sp->refs, 1) > 1)
        return;
    aspace_drop_graph(sp);
    g_rw_lock_clear(&sp->lock);
    g_mutex_clear(&sp->kept_lock);
    g_free(sp);
}

void japanese_share_space(japanese_t *j, japanese_space_t *sp)
{
    atomic_fetch_add(&sp->refs, 1);
    japanese_space_destroy(j->space);
    j->space = sp;
}

/* The index of the state `start` in the space, expanding every state reached from it, with
 * the lock held for writing; -1 when the space is full (past the cap of states: it is then
 * dropped, and not used again) or the deadline passed or j was told to stop (then what was
 * expanded stays, and the next question goes on from there). */
static int64_t aspace_reach(japanese_t *j, japanese_space_t *sp, const astate_t *start)
{
    const board_geom_t *g = j->g;
    if (sp->full)
        return -1;
    if (!sp->made) {
        /* Reserved for about as many states as the board can have (3^N positions, each in a
         * few states: a 3x4 space has 1.3 M), at most SPACE_RESERVED, rather than grown by
         * doubling, each doubling rehashing every state and copying the arrays; a reserve far
         * larger than the space spreads a small space's look-ups over more memory (2x5 lost
         * 10 % to one of 2^21 states). */
        uint64_t positions = 1;
        for (int p = 0; p < g->size && positions < SPACE_RESERVED; p++)
            positions *= 3;
        uint32_t reserve = (uint32_t)MIN(MIN((uint64_t)j->attractor_states, 3 * positions),
                                         (uint64_t)SPACE_RESERVED);
        aset_init(&sp->gr.set, j->attractor_states);
        aset_reserve(&sp->gr.set, reserve);
        sp->gr.pred_shift = pred_shift(g);
        sp->gr.first = g_array_sized_new(FALSE, FALSE, sizeof(uint32_t), reserve + 1);
        sp->gr.moves = g_array_sized_new(FALSE, FALSE, sizeof(int32_t), 8 * reserve);
        sp->gr.formed = g_byte_array_new();
        sp->formed[0] = g_array_sized_new(FALSE, FALSE, sizeof(uint64_t), reserve);
        sp->formed[1] = g_array_sized_new(FALSE, FALSE, sizeof(uint64_t), reserve);
        sp->made = true;
    }
    int64_t k = aset_index(&sp->gr.set, start);
    bool ok = k >= 0;
    if (ok && sp->gr.first->len > sp->expanded)
        g_array_set_size(sp->gr.first, sp->expanded); /* the end entry moves */
    for (; ok && sp->expanded < agraph_size(&sp->gr); sp->expanded++) {
        if (!(sp->expanded & 4095) && out_of_time(j))
            return -1; /* nothing of this state added yet: the next question goes on here */
        astate_t x = *aset_at(&sp->gr.set, sp->expanded);
        board_t pos = {{x.stones[0], x.stones[1]}};
        for (int c = 0; c < 2; c++) {
            uint64_t f = japanese_formations(&pos, g, (board_color_t)c);
            g_array_append_val(sp->formed[c], f);
        }
        g_array_append_val(sp->gr.first, sp->gr.moves->len);
        ok = astate_expand(&sp->gr, g, &x, false, BOARD_BLACK);
    }
    if (!ok) {
        /* Past the cap: a half-made space is of no use, so it is freed now and never made
         * again. */
        aspace_drop_graph(sp);
        sp->full = true;
        return -1;
    }
    g_array_append_val(sp->gr.first, sp->gr.moves->len);
    return k;
}

/* With the lock held for writing: reaches `start` and remakes what is derived from the space
 * when it grew; false when the space cannot answer (aspace_reach's -1). */
static bool aspace_grow(japanese_t *j, japanese_space_t *sp, const astate_t *start)
{
    if (aspace_reach(j, sp, start) < 0)
        return false;
    uint32_t n = agraph_size(&sp->gr);
    if (sp->preds_size != n) { /* the space grew: what was made from it is stale */
        aspace_drop_derived(sp);
        sp->back = agraph_preds(&sp->gr);
        for (int c = 0; c < 2; c++)
            sp->open[c] = agraph_open(&sp->gr, (board_color_t)c);
        sp->preds_size = n;
    }
    return true;
}

/* The kept attractor of (d, target), or NULL; with kept_lock held.  Every kept attractor is
 * over the whole space as it is: growing it drops them (aspace_grow). */
static aspace_attractor_t *aspace_kept(const japanese_space_t *sp, board_color_t d, uint64_t target)
{
    for (int i = 0; i < SPACE_ATTRACTORS; i++) {
        aspace_attractor_t *x = sp->kept[i];
        if (x && x->defender == d && x->target == target)
            return x;
    }
    return NULL;
}

/* Counts a kept attractor for the caller (who releases it) as used now; with kept_lock held. */
static aspace_attractor_t *aspace_use(japanese_space_t *sp, aspace_attractor_t *a)
{
    atomic_fetch_add(&a->refs, 1);
    a->used = ++sp->questions;
    return a;
}

/* The kept attractor of (d, target) over the whole space, counted for the caller (who
 * releases it), or NULL; with the lock held for reading. */
static aspace_attractor_t *aspace_take(japanese_space_t *sp, board_color_t d, uint64_t target)
{
    g_mutex_lock(&sp->kept_lock);
    aspace_attractor_t *a = aspace_kept(sp, d, target);
    if (a)
        aspace_use(sp, a);
    g_mutex_unlock(&sp->kept_lock);
    return a;
}

/* The bytes to start the attractor of (d, target) from (a copy, for the caller): the kept
 * attractor of the most points within the target when there is one (the attractor grows
 * with the target, and going on from it visits only what joins), else agraph_open's. */
static uint8_t *aspace_attractor_start(japanese_space_t *sp, board_color_t d, uint64_t target)
{
    size_t bytes = (size_t)agraph_size(&sp->gr) + 1;
    g_mutex_lock(&sp->kept_lock);
    const aspace_attractor_t *from = NULL;
    for (int i = 0; i < SPACE_ATTRACTORS; i++) {
        const aspace_attractor_t *x = sp->kept[i];
        if (x && x->defender == d && !(x->target & ~target) &&
            (!from || board_popcount(x->target) > board_popcount(from->target)))
            from = x;
    }
    /* Copied under the mutex: a slot may be given to another attractor as soon as it is
     * released. */
    uint8_t *won = g_memdup2(from ? from->won : sp->open[d], bytes);
    g_mutex_unlock(&sp->kept_lock);
    return won;
}

/* Keeps the attractor `won` of (d, target) (taken over) and returns it counted for the
 * caller; when another thread kept one for (d, target) meanwhile, that one instead. */
static aspace_attractor_t *aspace_keep(japanese_space_t *sp, board_color_t d, uint64_t target,
                                       uint8_t *won)
{
    uint32_t n = agraph_size(&sp->gr);
    g_mutex_lock(&sp->kept_lock);
    aspace_attractor_t *a = aspace_kept(sp, d, target);
    if (!a) {
        /* An empty slot while the kept ones fit their bytes, else the least recently used. */
        aspace_attractor_t **empty = NULL, **oldest = NULL;
        size_t kept = 0;
        for (int i = 0; i < SPACE_ATTRACTORS; i++) {
            aspace_attractor_t *x = sp->kept[i];
            if (!x) {
                if (!empty)
                    empty = &sp->kept[i];
                continue;
            }
            kept++;
            if (!oldest || x->used < (*oldest)->used)
                oldest = &sp->kept[i];
        }
        size_t bytes = (size_t)n + 1 + ((size_t)n / 64 + 1) * sizeof(uint64_t);
        aspace_attractor_t **slot =
            empty && (!oldest || (kept + 1) * bytes <= SPACE_ATTRACTOR_BYTES) ? empty : oldest;
        aspace_attractor_release(*slot);
        a = g_new0(aspace_attractor_t, 1);
        a->defender = d;
        a->target = target;
        a->won = won;
        a->settled = g_new0(uint64_t, (size_t)n / 64 + 1);
        atomic_init(&a->refs, 1); /* the slot's */
        *slot = a;
        won = NULL;
    }
    aspace_use(sp, a);
    g_mutex_unlock(&sp->kept_lock);
    g_free(won);
    return a;
}

/* The space's word on (d, target) in b (attractor_bounds' `excluded` and `strategy`, over the
 * space): -1 not independently alive, 1 alive, 0 not known (or the space is full).  With
 * kept_only, only when b's state is in the space already and the attractor of (d, target) is
 * kept: an answer that costs no new attractor (decide asks so before it searches). */
static int aspace_status(japanese_t *j, const board_t *b, board_color_t d, uint64_t target,
                         bool kept_only)
{
    astate_t start = {{b->stones[0], b->stones[1]}, (uint8_t)board_color_other(d), 0, NO_KO, {0}};
    if (!j->space) {
        if (kept_only)
            return 0;
        j->space = japanese_space_create();
    }
    japanese_space_t *sp = j->space;
    int64_t k;
    g_rw_lock_reader_lock(&sp->lock);
    for (;;) {
        k = sp->made ? aset_find(&sp->gr.set, &start) : -1; /* a full space is not made */
        if (k >= 0 && k < sp->expanded && sp->preds_size == agraph_size(&sp->gr))
            break; /* in the space, and the space complete */
        g_rw_lock_reader_unlock(&sp->lock);
        if (kept_only)
            return 0; /* an answer that costs nothing: the space is not grown for it */
        g_rw_lock_writer_lock(&sp->lock);
        bool grown = aspace_grow(j, sp, &start);
        g_rw_lock_writer_unlock(&sp->lock);
        if (!grown)
            return 0;
        g_rw_lock_reader_lock(&sp->lock); /* another thread may grow it again meanwhile */
    }
    aspace_attractor_t *a = aspace_take(sp, d, target);
    if (!a && kept_only) {
        g_rw_lock_reader_unlock(&sp->lock);
        return 0;
    }
    aformed_t formed = {NULL, (const uint64_t *)(const void *)sp->formed[d]->data, target};
    if (!a) {
        uint8_t *won = aspace_attractor_start(sp, d, target);
        agraph_attract_more(won, &sp->gr, &formed, &sp->back);
#ifdef MATHGO_DEBUG
        uint8_t *afresh = agraph_attract_by(&sp->gr, &formed, sp->open[d], &sp->back);
        for (uint32_t i = 0; i < agraph_size(&sp->gr); i++)
            g_assert(attracted(won, i) == attracted(afresh, i));
        g_free(afresh);
#endif
        a = aspace_keep(sp, d, target, won);
    }
    int status = -1;
    if (attracted(a->won, (uint32_t)k)) {
        bool line_check;
        bool repeats = agraph_repeats(&line_check, &sp->gr, &formed, (uint32_t)k, a->won, d,
                                      &j->places, a->settled);
        j->space_line_checks += line_check;
        status = repeats ? 0 : 1;
    }
    aspace_attractor_release(a);
    g_rw_lock_reader_unlock(&sp->lock);
    return status;
}

/*
 * The history-free bounds on the status of (d, target) in b (docs/japanese.md, "Open ends",
 * has the arguments):
 *   excluded    the start lies outside the defender's attractor over the reachable states:
 *               no strategy forces a formation even where cycles do not end a sequence, and
 *               a win in the imagined game would be one (reachability games are won by
 *               positional strategies), so the string is not independently alive;
 *   strategy    the start lies inside it, and the attractor's strategy (agraph_attract's via)
 *               neither repeats a situation nor ends with two passes on any line
 *               (agraph_repeats): it wins the imagined game, the string is independently alive;
 *   situations  the start lies inside the defender's attractor over the graph of situations
 *               (agraph_build): its strategy descends in order, so no situation repeats, no
 *               ban forbids its plays, it never passes, and every play the attacker may make
 *               is one of the graph's: independently alive.
 * With `all` false it stops at the first proof, else it computes the three.  False when
 * neither graph fit in the analyser's cap of states (or the deadline passed): nothing is known.
 */
static bool attractor_bounds(japanese_bounds_t *out, const japanese_t *j, const board_t *b,
                             board_color_t d, uint64_t target, bool all)
{
    memset(out, 0, sizeof *out);
    bool known = false;
    agraph_t gr;
    if (agraph_build(&gr, j, b, d, target, false)) {
        known = true;
        uint8_t *won = agraph_attract(&gr, d);
        out->excluded = !attracted(won, 0);
        aformed_t formed = agraph_marks(&gr);
        bool line_check;
        aplaces_t places = {0};
        out->strategy = attracted(won, 0) &&
                        !agraph_repeats(&line_check, &gr, &formed, 0, won, d, &places, NULL);
        aplaces_free(&places);
        g_free(won);
    }
    agraph_free(&gr);
    if (!all && (out->excluded || out->strategy))
        return true;
    if (agraph_build(&gr, j, b, d, target, true)) {
        known = true;
        uint8_t *won = agraph_attract(&gr, d);
        out->situations = attracted(won, 0);
        g_free(won);
    }
    agraph_free(&gr);
    return known;
}

bool japanese_attractor_bounds(japanese_bounds_t *out, const japanese_t *j, const board_t *b,
                               board_point_t p)
{
    board_color_t d = board_at(b, p);
    g_assert(d != BOARD_EMPTY);
    return attractor_bounds(out, j, b, d, board_chain(b, j->g, p), true);
}

/* Takes the game space's word (aspace_status's) as decide's answer when it gives one. */
static bool take_space_answer(bool *alive, japanese_t *j, int status)
{
    if (!status)
        return false;
    j->space_answers++;
    j->by_attractor = true;
    *alive = status > 0;
    return true;
}

/*
 * The ply limits of decide's iterative deepening: 8, then two plies more at a time up to 32, then
 * doubling.  Most strings of a 4x4 final position are decided within 8 to 20 plies, and an
 * iteration past the one that decides searches every try to its limit: doubling from 8 (8, 16,
 * 32, ...) made 13 of 57 such positions pass 20 M imagined positions that this schedule decides
 * in 0.2 to 7.4 s (bench/japanese_analysis.sh: 108 -> 45 s in all), and took 38.1 M imagined
 * positions on 26 rows of the 4x4 Chetrit sample against 25.0 M.  Steps of one ply cost more (33.1
 * M: every second limit ends on the other player's move); small steps past 32 gained nothing there,
 * and a sequence that needs hundreds of plies (long cycles) still reaches them in a few iterations.
 */
static int ply_limit_next(int limit)
{
    if (limit < 8)
        return 8;
    int next = limit < 32 ? limit + 2 : 2 * limit;
    return next < JAPANESE_MAX_PLIES - 1 ? next : JAPANESE_MAX_PLIES - 1;
}

/*
 * Decides whether colour d can force a two-eye-formation holding a stone on a point of
 * `target` in b, the other colour moving first (the imagined game of a string when target is
 * its points).  False and *error when the search did not finish.
 */
static bool decide(bool *alive, japanese_t *j, const board_t *b, board_color_t d, uint64_t target,
                   GError **error)
{
    const board_geom_t *g = j->g;
    j->defender = d;
    j->target = target;
    j->failed = 0;
    j->by_attractor = false;
    j->nodes_start = j->nodes;
    node_t *root = &j->path[0];
    root->board = *b;
    root->key = hash_key(b, g);
    root->to_move = (uint8_t)board_color_other(d);
    root->sitkey = root->key ^ (root->to_move == BOARD_WHITE ? KEY_SIDE : 0);
    root->passes = 0;
    root->ko = NO_KO;
    root->move = BOARD_MOVE_NONE;
    j->open_reuse = false;
    if (japanese_two_eye_formation(NULL, b, g, d, target)) {
        *alive = true;
        return true;
    }
    /* Iterative deepening on the plies: a formation the defender can force soon is found
     * without searching the long sequences of its other tries to their end.  With the game
     * space, first within SPACE_AFTER_NODES: a string that is not alive is proved so only by
     * refuting every try to its end, which on a small board soon means a whole-board game, and
     * the space's attractor settles that at once; a string inside the attractor goes back to
     * the search (the table keeps what the short one proved). */
    uint64_t max_nodes = j->max_nodes;
    bool space = j->space_after > 0;
    if (space && take_space_answer(alive, j, aspace_status(j, b, d, target, true)))
        return true; /* an attractor kept from an earlier question answered at once */
    if (space && (!max_nodes || max_nodes > j->space_after))
        j->max_nodes = j->space_after;
    jres_t r;
    for (j->ply_limit = ply_limit_next(0);; j->ply_limit = ply_limit_next(j->ply_limit)) {
        j->open_reuse = j->ply_limit < JAPANESE_MAX_PLIES - 1;
        search(&r, j, 0);
        if (j->failed && space && !j->timed_out) {
            space = false;
            j->max_nodes = max_nodes;
            j->failed = 0;
            if (take_space_answer(alive, j, aspace_status(j, b, d, target, false)))
                return true;
            j->nodes_start = j->nodes;
            j->ply_limit = 0; /* the loop starts again from the first limit */
            continue;
        }
        if (j->failed) {
            /* Past the search's limits (not its deadline), the attractor may still decide:
             * the states' attractor proves the attacker's win (a string that is not alive
             * whose every try must be refuted to the end is what stops the search), its
             * strategy or the situations' attractor the defender's (docs/japanese.md). */
            j->max_nodes = max_nodes;
            japanese_bounds_t bounds;
            if (!j->timed_out && j->fallback && attractor_bounds(&bounds, j, b, d, target, false) &&
                (bounds.excluded || bounds.strategy || bounds.situations)) {
                j->failed = 0;
                j->by_attractor = true;
                *alive = !bounds.excluded;
                return true;
            }
            return fail(error, j);
        }
        if (!r.unknown)
            break;
        if (j->ply_limit == JAPANESE_MAX_PLIES - 1) {
            j->max_nodes = max_nodes;
            j->failed = JAPANESE_ERROR_DEPTH + 1;
            return fail(error, j);
        }
    }
    j->max_nodes = max_nodes;
    /* The line follows the proof with the same paths; an open entry stored after a node was
     * proved could hide that proof now, so none answers while it is built. */
    j->open_reuse = false;
    *alive = r.defender_wins;
    return true;
}

/* ---- The precedent -----------------------------------------------------------------------------
 */

/* The basic kos of b: each single stone whose one liberty q is surrounded by its own colour
 * (and it), and whose capture at q takes it alone.  *capture[k] gets q for stone k. */
static int basic_kos(board_point_t stone[], board_point_t capture[], const board_t *b,
                     const board_geom_t *g)
{
    int n = 0;
    uint64_t occupied = b->stones[0] | b->stones[1];
    for (uint64_t rest = occupied; rest; rest &= rest - 1) {
        board_point_t p = board_lowest(rest);
        uint64_t bit = board_bit(p);
        board_color_t c = board_at(b, p);
        if (g->neighbours[p] & b->stones[c])
            continue; /* not a single stone (no flood fill: this runs in every Analysis) */
        uint64_t libs = board_liberties(b, g, bit);
        if (board_popcount(libs) != 1)
            continue;
        board_point_t q = board_lowest(libs);
        uint64_t around = g->neighbours[q] & ~bit;
        if (around & ~b->stones[c])
            continue;      /* the capturing stone would have another liberty or friend */
        bool alone = true; /* no other string next to q is taken with s */
        for (uint64_t o = around; o && alone; o &= o - 1) {
            uint64_t chain = board_chain(b, g, board_lowest(o));
            alone = (board_liberties(b, g, chain) & ~board_bit(q)) != 0;
        }
        if (!alone)
            continue;
        stone[n] = p;
        capture[n] = q;
        n++;
    }
    return n;
}

bool japanese_triple_ko_precedent(japanese_precedent_t *out, const board_t *b,
                                  const board_geom_t *g)
{
    board_point_t stone[BOARD_MAX_POINTS], capture[BOARD_MAX_POINTS];
    int kos = basic_kos(stone, capture, b, g);
    if (kos != 4)
        return false; /* three in the triple ko and the external one */
    uint64_t empty = board_empty(b, g);
    for (int c = 0; c < 2; c++) {
        board_color_t e = board_color_other((board_color_t)c);
        for (uint64_t rest = b->stones[e]; rest;) {
            uint64_t x = board_chain(b, g, board_lowest(rest));
            rest &= ~x;
            uint64_t near = board_adjacent(g, x);
            uint64_t ko_stones = 0, ko_points = 0, external = 0;
            int touched = 0;
            for (int k = 0; k < kos; k++) {
                bool ours =
                    board_at(b, stone[k]) == (board_color_t)c && (near & board_bit(stone[k]));
                if (ours) {
                    ko_stones |= board_bit(stone[k]);
                    ko_points |= board_bit(capture[k]);
                    touched++;
                } else
                    external |= board_bit(stone[k]);
            }
            if (touched != 3)
                continue;
            int eyes = 0;
            for (uint64_t l = near & empty; l; l &= l - 1)
                eyes += !(g->neighbours[board_lowest(l)] & ~x);
            if (eyes != 1)
                continue;
            uint64_t y = 0;
            for (uint64_t o = board_adjacent(g, ko_points) & b->stones[c] & ~ko_stones; o;) {
                uint64_t chain = board_chain(b, g, board_lowest(o));
                o &= ~chain;
                y |= chain;
            }
            if (!y || board_liberties(b, g, y) != ko_points)
                continue;
            out->eye_player = e;
            out->eye_string = x;
            out->opposing = y | ko_stones;
            out->kos = ko_stones;
            out->external = external;
            return true;
        }
    }
    return false;
}

/* The precedent's ruling on `string` of b, when it rules one: true and *alive. */
static bool precedent_rules(bool *alive, const board_t *b, const board_geom_t *g, uint64_t string)
{
    japanese_precedent_t pr;
    if (!japanese_triple_ko_precedent(&pr, b, g))
        return false;
    if (string == pr.eye_string)
        *alive = true;
    else if (!(string & ~pr.opposing))
        *alive = false;
    else
        return false;
    return true;
}

bool japanese_string_alive(bool *alive, japanese_line_t *line, japanese_t *j, const board_t *b,
                           board_point_t p, GError **error)
{
    board_color_t d = board_at(b, p);
    g_assert(d != BOARD_EMPTY);
    uint64_t target = board_chain(b, j->g, p);
    if (precedent_rules(alive, b, j->g, target)) {
        if (line) {
            memset(line, 0, sizeof *line);
            line->end = JAPANESE_END_PRECEDENT;
        }
        return true;
    }
    if (!decide(alive, j, b, d, target, error))
        return false;
    if (line) {
        uint64_t formation = 0;
        if (japanese_two_eye_formation(&formation, b, j->g, d, target)) {
            memset(line, 0, sizeof *line);
            line->end = JAPANESE_END_FORMATION;
            line->formation = formation;
            return true;
        }
        if (j->by_attractor) {
            memset(line, 0, sizeof *line);
            line->end = *alive ? JAPANESE_END_ATTRACTOR_ALIVE : JAPANESE_END_ATTRACTOR;
            return true;
        }
        principal_line(line, j, *alive);
        if (j->failed == JAPANESE_ERROR_LIMIT + 1 && !j->timed_out) {
            j->failed = 0; /* the status stands: only its line is cut short */
            line->end = JAPANESE_END_LINE_LIMIT;
        }
        if (j->failed)
            return fail(error, j);
    }
    return true;
}

/* ---- Removal, territory, score --------------------------------------------------------------- */

void japanese_settle(japanese_analysis_t *out, const board_t *b, const board_geom_t *g,
                     const uint64_t alive[2])
{
    memset(out, 0, sizeof *out);
    out->alive[0] = alive[0];
    out->alive[1] = alive[1];
    uint64_t empty = board_empty(b, g);
    for (int c = 0; c < 2; c++) {
        board_color_t o = board_color_other((board_color_t)c);
        uint64_t within = empty | (b->stones[o] & ~alive[o]);
        for (uint64_t rest = within; rest;) {
            uint64_t region = board_flood(g, rest & -rest, within);
            rest &= ~region;
            uint64_t around = board_adjacent(g, region) & ~region;
            if (around && !(around & ~alive[c]))
                out->removed[o] |= region & b->stones[o];
        }
    }
    out->counted.stones[0] = b->stones[0] & ~out->removed[0];
    out->counted.stones[1] = b->stones[1] & ~out->removed[1];
    uint64_t after = board_empty(&out->counted, g);
    for (uint64_t rest = after; rest;) {
        uint64_t region = board_flood(g, rest & -rest, after);
        rest &= ~region;
        uint64_t around = board_adjacent(g, region) & ~region;
        for (int c = 0; c < 2; c++)
            if (around && !(around & ~alive[c]))
                out->territory[c] |= region;
    }
}

/* japanese_margin2 (no captures, no komi) of b with the alive sets `alive`. */
static int settled_margin2(const board_t *b, const board_geom_t *g, const uint64_t alive[2])
{
    static const uint16_t none[2] = {0, 0};
    japanese_analysis_t a;
    japanese_settle(&a, b, g, alive);
    return japanese_margin2(&a, none, 0);
}

/* Black's undecided strings dead and White's alive, then the reverse. */
static void known_bounds(japanese_known_t *k, const board_t *b, const board_geom_t *g)
{
    uint64_t least[2] = {k->alive[0], b->stones[1] & ~k->dead[1]};
    uint64_t most[2] = {b->stones[0] & ~k->dead[0], k->alive[1]};
    k->lo2 = settled_margin2(b, g, least);
    k->hi2 = settled_margin2(b, g, most);
}

void japanese_known_start(japanese_known_t *k, const board_t *b, const board_geom_t *g)
{
    memset(k, 0, sizeof *k);
    /* The precedent's strings take its ruling (its other strings are analysed as usual). */
    japanese_precedent_t pr;
    if (japanese_triple_ko_precedent(&pr, b, g)) {
        k->alive[pr.eye_player] |= pr.eye_string;
        k->dead[board_color_other(pr.eye_player)] |= pr.opposing;
    }
    for (int c = 0; c < 2; c++)
        k->alive[c] |= japanese_formations(b, g, (board_color_t)c) & ~k->dead[c];
    known_bounds(k, b, g);
}

bool japanese_known_complete(japanese_known_t *k, japanese_t *j, const board_t *b, GError **error)
{
    const board_geom_t *g = j->g;
    /* When a colour cannot force a formation anywhere, none of its strings is independently
     * alive: one search for all of them, whose results (keyed by colour and the whole board)
     * serve every position analysed later.  A colour with a formation standing can. */
    for (int c = 0; c < 2; c++) {
        uint64_t unknown = b->stones[c] & ~k->alive[c] & ~k->dead[c];
        if (!unknown || k->alive[c])
            continue;
        bool any;
        if (!decide(&any, j, b, (board_color_t)c, g->all, error)) {
            known_bounds(k, b, g);
            return false;
        }
        if (!any)
            k->dead[c] |= unknown;
    }
    /* Then each remaining string's own search. */
    for (int c = 0; c < 2; c++)
        for (uint64_t rest = b->stones[c] & ~k->alive[c] & ~k->dead[c]; rest;) {
            uint64_t string = board_chain(b, g, board_lowest(rest));
            rest &= ~string;
            bool is_alive;
            if (!decide(&is_alive, j, b, (board_color_t)c, string, error)) {
                known_bounds(k, b, g);
                return false;
            }
            if (is_alive)
                k->alive[c] |= string;
            else
                k->dead[c] |= string;
        }
    known_bounds(k, b, g);
    g_assert(k->lo2 == k->hi2);
    return true;
}

bool japanese_analyse(japanese_analysis_t *out, japanese_t *j, const board_t *b, GError **error)
{
    japanese_known_t k;
    japanese_known_start(&k, b, j->g);
    if (!japanese_known_complete(&k, j, b, error))
        return false;
    japanese_settle(out, b, j->g, k.alive);
    return true;
}

int japanese_points(const japanese_analysis_t *a, const uint16_t captures[2], board_color_t c)
{
    return board_popcount(a->territory[c]) + board_popcount(a->removed[board_color_other(c)]) +
           captures[c];
}

int japanese_margin2(const japanese_analysis_t *a, const uint16_t captures[2], int komi2)
{
    return 2 * (japanese_points(a, captures, BOARD_BLACK) -
                japanese_points(a, captures, BOARD_WHITE)) -
           komi2;
}

void japanese_set_fallback(japanese_t *j, bool on)
{
    j->fallback = on;
}

void japanese_set_table_growth(japanese_t *j, int most_bits)
{
    j->table_most_bits = most_bits > 24              ? 24
                         : most_bits < j->table_bits ? j->table_bits
                                                     : most_bits;
}

int japanese_table_bits(const japanese_t *j)
{
    return j->table_bits;
}

uint64_t japanese_table_misplaced(const japanese_t *j)
{
    uint64_t misplaced = 0, used = 0;
    for (uint64_t i = 0; i <= j->mask; i++) {
        const entry_t *e = &j->table[i];
        if (!e->target)
            continue;
        used++;
        misplaced += entry_bucket(j, e) != &j->table[i & ~(uint64_t)1];
    }
    return used ? misplaced : UINT64_MAX;
}

void japanese_set_cuts(japanese_t *j, bool on)
{
    j->cuts = on;
    table_clear(j); /* results found with the other test are not reused */
}

uint32_t japanese_attractor_states_on(const board_geom_t *geom, uint32_t most)
{
    uint32_t fits = 1u << pred_shift(geom); /* every state's index fits a move backwards */
    return MIN(most ? most : JAPANESE_ATTRACTOR_STATES, fits);
}

void japanese_set_attractor_states(japanese_t *j, uint32_t most)
{
    j->attractor_states = japanese_attractor_states_on(j->g, most);
}

void japanese_set_space(japanese_t *j, uint64_t after_nodes)
{
    j->space_after = japanese_space_fits(j->g) ? after_nodes : 0;
}

uint64_t japanese_space_answers(const japanese_t *j)
{
    return j->space_answers;
}

uint64_t japanese_space_line_checks(const japanese_t *j)
{
    return j->space_line_checks;
}

void japanese_set_max_nodes(japanese_t *j, uint64_t max_nodes)
{
    j->max_nodes = max_nodes;
}

void japanese_set_counter(japanese_t *j, _Atomic uint64_t *counter)
{
    j->counter = counter;
}

void japanese_set_stop(japanese_t *j, const atomic_bool *stop)
{
    j->stop = stop;
}

void japanese_set_deadline(japanese_t *j, int64_t deadline)
{
    j->deadline = deadline;
    j->timed_out = false;
}
