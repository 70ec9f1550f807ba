/*
 * solver/internal.h: the search's shared state, for the files of the search only (search.c,
 * history.c, symmetry.c, bounds.c, moves.c, threads.c, driver.c; never included outside
 * solver/).  Public code uses solver/search.h.
 *
 * A search context (struct search) owns the table and the limits; each thread searches with
 * its own worker (worker_t): the game as a stack of states (hist_t, the history index of
 * solver/history.h), its counters and its heuristics.  A result's dependence on the history
 * travels as a dep_t (see search.c and tt.h).  Values inside the search are from the side to
 * move's view; the table stores them relative to the node (value_to_table).
 */
#ifndef MATHGO_SOLVER_INTERNAL_H
#define MATHGO_SOLVER_INTERNAL_H

#include "core/japanese.h"
#include "solver/search.h"
#include "solver/tt.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#define HEAD_SIZE     4096  /* buckets of the earlier-position index (history.h) */
#define STACK_EXTRA   65536 /* plies a search may go below its root */
#define STACK_FIRST   1024  /* plies below the root the stack arrays hold at first (they grow) */
#define CHECK_PERIOD  4096  /* nodes between two looks at the limits (search.c, limits_hit) */
#define BUSY_SLOTS    (1u << 16) /* the table of states being searched (threads > 1, threads.h) */
#define STACK_MARGIN  (1u << 20) /* kept free below the deepest frame */
#define HELPER_PROVED (UINT64_C(1) << 32) /* search_t.helper_proof holds a value */

/* A cached Analysis (analysis=japanese): a final position and what is known of it, the strings
 * decided and the bounds on its value less captures and komi (japanese_known_t). */
#define JP_CACHE_SIZE (1u << 16)
typedef struct jp_cache {
    board_t board;
    japanese_known_t known;
    uint64_t failed_at; /* 0, or the budget per string of an Analysis of it that did not end */
    bool used;
} jp_cache_t;

/* The entry of `cache` (JP_CACHE_SIZE entries) for final position b: what is known of it, begun
 * from what it shows without a search (japanese_known_start) when the entry held another
 * position.  The alpha-beta search (search.c, japanese_final) and proof-number search (pns.c)
 * share it. */
static inline jp_cache_t *jp_cache_find(jp_cache_t *cache, const board_t *b, const board_geom_t *g)
{
    uint64_t k = (b->stones[0] * 0x9E3779B97F4A7C15ULL) ^ (b->stones[1] * 0xC2B2AE3D27D4EB4FULL);
    jp_cache_t *e = &cache[(k >> 40) & (JP_CACHE_SIZE - 1)];
    if (!e->used || !board_equal(&e->board, b)) {
        e->used = true;
        e->board = *b;
        e->failed_at = 0;
        japanese_known_start(&e->known, b, g);
    }
    return e;
}

/* The first Analysis budget per string when none is given (search_options_t.
 * analysis_first_nodes, pns_set_analysis): a million where the analyser has its game space,
 * ten past it or without it (docs/japanese.md, "A first budget of ten where there is no game
 * space").  Both searches start from it. */
static inline uint64_t search_analysis_first_default(const board_geom_t *g, bool search_only)
{
    return japanese_space_fits(g) && !search_only ? SEARCH_ANALYSIS_FIRST
                                                  : SEARCH_ANALYSIS_FIRST_SEARCHED;
}

/* The first Analysis budget per string of a search: `first` (0: the default above), at most
 * `last`.  The alpha-beta search starts each search and each restart from it (driver.c),
 * proof-number search each final position's first try (pns.c, analysis_budget). */
static inline uint64_t search_analysis_first(const board_geom_t *g, uint64_t first, uint64_t last,
                                             bool search_only)
{
    return MIN(first ? first : search_analysis_first_default(g, search_only), last);
}

/* The analyser of the final positions of a search (search.c, japanese_final; pns.c,
 * japanese_final_outcome): a table of 2^table_bits entries, the game space unless
 * search_only, the attractor bounds' cap `states` (0: the default), stopped with `stop`.
 * Each search sets its budgets, deadline and fallback before each Analysis. */
static inline japanese_t *search_analyser_create(const board_geom_t *g, int table_bits,
                                                 bool search_only, uint32_t states,
                                                 const atomic_bool *stop, japanese_space_t *space)
{
    japanese_t *j = japanese_create(g, table_bits, SEARCH_ANALYSIS_NODES);
    japanese_set_space(j, search_only ? 0 : JAPANESE_SPACE_AFTER_NODES);
    japanese_set_attractor_states(j, states);
    japanese_set_stop(j, stop);
    if (space)
        japanese_share_space(j, space);
    return j;
}

/* One state of the game on the stack. */
typedef struct hist {
    board_t board;
    uint64_t key;                         /* hash_key of board */
    uint64_t ikey;                        /* symmetry-invariant key: the least of skeys[] */
    uint64_t skeys[BOARD_MAX_SYMMETRIES]; /* skeys[s]: hash_key of the board's image under s
                                           * (s >= nsym: skeys[0], see worker_t.zsym) */
    int32_t chain; /* the next older stack entry in the same head[] bucket, or -1 */
    uint16_t pass_count[2];
    uint16_t captures[2];
    uint8_t to_move;
    uint8_t passes;
    uint8_t move;        /* the move that led here */
    uint8_t ko;          /* ko point under ko=simple, else TT_NO_KO */
    uint8_t cycle_end;   /* the state repeats an earlier situation (cycle=draw) */
    int8_t cycle_winner; /* +1 Black, -1 White, 0 draw: who passed more in the cycle */
} hist_t;

/* What a result depends on in the history: see the file comments of search.c and tt.h. */
#define DEP_REQS 4
typedef struct dep {
    tt_sig_t sig;
    int minhit; /* the oldest index of a hit beyond DEP_REQS requirements */
    int nreq;   /* positions superko or cycle tests found, with the index they were found at */
    tt_req_t req[DEP_REQS];
    int req_index[DEP_REQS];
    tt_cond_t cond[2][TT_CONDS]; /* the static cuts' conditions (tt_cond_t) per colour */
    bool unknown; /* horizon or unfinished Analysis reached: no bound (never stored) */
} dep_t;

static inline void dep_init(dep_t *d)
{
    memset(&d->sig, 0, sizeof d->sig);
    d->minhit = INT_MAX;
    d->nreq = 0;
    memset(d->cond, 0xff, sizeof d->cond);
    d->unknown = false;
}

/* Records that the result relies on `board` (side: 0, 1, or 2 for any) being at `index`;
 * with `cycle`, as a cycle requirement whose occurrence has cycle counter `counter`
 * (tt_req_t). */
static inline void dep_require(dep_t *d, const board_t *board, int side, int index, bool cycle,
                               int counter)
{
    for (int i = 0; i < d->nreq; i++)
        if (d->req[i].side == side && d->req[i].cycle == cycle &&
            board_equal(&d->req[i].board, board) && (!cycle || d->req[i].counter == counter)) {
            if (index < d->req_index[i])
                d->req_index[i] = index;
            return;
        }
    if (d->nreq < DEP_REQS) {
        d->req[d->nreq].board = *board;
        d->req[d->nreq].side = (uint8_t)side;
        d->req[d->nreq].cycle = cycle;
        d->req[d->nreq].counter = cycle ? counter : 0;
        d->req_index[d->nreq++] = index;
    } else if (index < d->minhit)
        d->minhit = index;
}

static inline void dep_merge(dep_t *into, const dep_t *from)
{
    tt_sig_merge(&into->sig, &from->sig);
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < TT_CONDS; i++)
            if (from->cond[c][i].alive != ~(uint64_t)0)
                tt_cond_add(into->cond[c], from->cond[c][i]);
    if (from->minhit < into->minhit)
        into->minhit = from->minhit;
    for (int i = 0; i < from->nreq; i++)
        dep_require(into, &from->req[i].board, from->req[i].side, from->req_index[i],
                    from->req[i].cycle, from->req[i].counter);
}

/* Forgets the requirements met inside the subtree of the node at index j. */
static inline void dep_leave(dep_t *d, int j)
{
    int n = 0;
    for (int i = 0; i < d->nreq; i++)
        if (d->req_index[i] < j) {
            d->req[n] = d->req[i];
            d->req_index[n++] = d->req_index[i];
        }
    d->nreq = n;
}

/* A candidate move while a node's moves are generated. */
typedef struct child {
    board_t board;
    uint64_t key;
    uint64_t ikey; /* symmetry-invariant key (see hist_t) */
    int order;
    int test_k; /* this move's own history test: the index it hit, or -1 for a miss */
    uint8_t move, captured, suicided, ko, cycle_end;
    int8_t cycle_winner;
    uint8_t tested;       /* whether the move's position was tested against the history */
    uint8_t test_superko; /* the test was a superko test (a hit is a requirement) */
    uint8_t test_side;    /* its side: 0, 1, or 2 for any */
    uint8_t margin_due;   /* order still lacks the area margin (moves_add_margins) */
} child_t;

struct search {
    const board_geom_t *geom;
    rules_t rules;
    search_options_t options;
    tt_t *tt;
    search_stats_t stats;
    atomic_bool stop; /* set to end helper threads, or when a limit is hit */
    atomic_ullong nodes_all;
    gint64 started;
    /* The root test being run, for progress reports (search_options_t.progress); reporting
     * is false in the searches of optimal moves and games. */
    bool reporting;
    int report_test, report_lo, report_hi;
    uint64_t nodes_begin;   /* stats.nodes when the search began */
    _Atomic uint64_t *busy; /* BUSY_SLOTS states being searched, with several threads */
    atomic_int main_depth;  /* the horizon (plies) of the main search's pass, */
    atomic_int main_pass;   /* and the pass's number (0 before one) */
    /* A helper's proof of the root test, HELPER_PROVED | (uint32_t)value, 0 for none
     * (threads.c): one word, so that the flag and the value are read together; the main search
     * then ends its pass and takes it (driver.c, main_pass). */
    _Atomic uint64_t helper_proof;
    atomic_bool interrupted; /* search_interrupt: every search stops, now and later (until
                              * search_clear_interrupt) */
    size_t plies;            /* with a memory cap, the states a thread's stacks may hold */
    int root_lo, root_hi;    /* what the root tests proved (search_root_bounds) */
    bool resume;             /* search_resume: the next root search starts from these */
    int resume_lo, resume_hi;
    bool resume_testing; /* search_resume_test: and asks this test first */
    int resume_test;
    bool root_testing;         /* a root test began and has no answer yet (search_bounds_t.test: */
    int root_test;             /* kept when a limit or a signal stops it, for the checkpoint) */
    search_line_t line;        /* search_solve's optimal line so far (search_bounds_t.line) */
    bool resume_line_pending;  /* search_resume_line: the next search_solve starts from */
    search_line_t resume_line; /* this line */
    gint64 next_checkpoint;    /* when the main thread calls options.checkpoint next */
    /* analysis=japanese: each thread's analyser and cache of Analyses (worker_t.jp, jp_cache),
     * kept from one root test to the next (threads_run lends them to the workers); NULL
     * before the first.  An Analysis depends on the position alone, so they hold across roots. */
    japanese_t **jp;
    jp_cache_t **jp_cache;
    /* and the game space their analysers share (japanese_share_space): built once, each
     * attractor computed once for all the threads; NULL unless analysis=japanese */
    japanese_space_t *space;
    /* The alpha-beta search's budget per string for an Analysis, from SEARCH_ANALYSIS_FIRST up
     * to SEARCH_ANALYSIS_NODES (search.c, japanese_final; driver.c raises it). */
    _Atomic uint64_t analysis_nodes;
    /* and what its Analyses left unfinished below the limit have cost so far, in imagined
     * positions: past SEARCH_ANALYSIS_UNFINISHED the search stops (japanese_final) */
    _Atomic uint64_t analysis_unfinished;
    /* and the imagined positions of every Analysis so far, 1,024 at a time, for the heartbeat
     * (search_imagined_so_far) */
    _Atomic uint64_t imagined_all;
};

typedef struct worker {
    search_t *s;
    const board_geom_t *g;
    const rules_t *r;
    hist_t *hist;
    tt_sig_t *cum; /* cum[i]: the signature bits of stack entries 0..i */
    /* The filter keys of hist[i] (history_sig_key: its invariant key, with its side to move
     * when sig_side) and copies of hist[i].board, dense, for the history scans of every probe
     * (history_meets, history_covers): a hist_t is two cache lines. */
    uint64_t *ikeys;
    board_t *boards;
    int cap, top, root, ply0;
    int cap_max; /* the most plies cap may grow to (the game plus STACK_EXTRA) */
    int32_t head[HEAD_SIZE];
    /* The stack entries by the first filter bit of their position (tt_sig_bit(ikey, 0)):
     * bit_head[b] the newest, bit_chain[i] the next older; history_meets walks the set bits
     * of a signature through them when that is shorter than the history. */
    int32_t bit_head[TT_SIG_BITS];
    int32_t *bit_chain;
    int nsym;                              /* the board's symmetries */
    int points;                            /* on-board points (a region's holes left out) */
    uint8_t inverse[BOARD_MAX_SYMMETRIES]; /* inverse[s]: the symmetry undoing s */
    /* zsym[c][p][s]: the Zobrist key of colour c at sym[s][p]; the symmetries s >= nsym repeat
     * symmetry 0, so the keys of all BOARD_MAX_SYMMETRIES lanes are updated together (one
     * vector) and the lanes beyond nsym repeat lane 0 (symmetry.h). */
    uint64_t zsym[2][BOARD_MAX_POINTS][BOARD_MAX_SYMMETRIES];
    uint32_t hh[2][BOARD_MAX_POINTS + 1]; /* history heuristic: cutoffs per move, < 2^22 */
    uint8_t centrality[BOARD_MAX_POINTS]; /* distance to the nearest edge, summed over x and y */
    uint64_t nodes, probes, hits, refused, stores, unstored;
    uint64_t analyses_unknown; /* final positions met unknown, their Analysis unfinished */
    uint64_t restarts;         /* the main search's schedules restarted (driver.c) */
    uint64_t helper_proofs;    /* passes of the main search ended by a helper's proof */
    uint64_t rng;
    bool aborted;
    bool pass_out;        /* the pass gave up (pass_end, or the main search's pass ended) */
    uint64_t pass_end;    /* the node count at which the pass gives up, 0 for none */
    int pass;             /* the main search's pass a helper is searching */
    bool upper_no_misses; /* upper bounds record no superko misses (last-move scoring) */
    bool sig_side;        /* the miss filter keys a position with its side (history_sig_key) */
    bool statics;         /* static score bounds apply (see bounds_static) */
    int horizon;          /* stack index at which a node is not searched ("unknown") */
    int id;               /* the thread's number, 0 for the main search */
    uintptr_t stack_base; /* address near the top of the thread's stack, and its size: a */
    size_t stack_size;    /* line deeper than the stack allows ends with SEARCH_ERROR_DEPTH */
    bool stack_out;       /* the search stopped because this thread's stack was too small */
    int error;            /* 0, or a search_error_code_t + 1 */
    japanese_t *jp;       /* analysis=japanese: the Analysis of final positions, */
    jp_cache_t *jp_cache; /* and its results by position (JP_CACHE_SIZE, see japanese_final) */
    bool analysis_out;    /* the Analysis of a final position passed its node limit, */
    bool analysis_spent;  /* or those left unfinished passed theirs in all */
    board_t jp_board;     /* with analysis_out, or analyses_unknown: that final position */
} worker_t;

/* Whether a helper has proved the root of this test (in any pass: the window is the test's),
 * and with which value (search_t.helper_proof; `value` may be NULL). */
static inline bool helper_proved(int *value, const worker_t *w)
{
    uint64_t proof = atomic_load_explicit(&w->s->helper_proof, memory_order_acquire);
    if (!proof)
        return false;
    if (value)
        *value = (int32_t)(uint32_t)proof;
    return true;
}

/* Stops the search with the error of an Analysis past its limit; threads_run names w->jp_board,
 * the final position, in the message. */
static inline void search_analysis_out(worker_t *w)
{
    w->analysis_out = true;
    w->error = SEARCH_ERROR_LIMIT + 1;
    w->aborted = true;
    atomic_store(&w->s->stop, true);
}

/*
 * One search thread.  Thread 0 is the main search (driver_main_search) and its value is the
 * answer; the others help it (search_thread_main), filling the shared table.
 */
typedef struct search_thread {
    worker_t w;
    int alpha, beta;
    int value;
    bool helper;
    pthread_t thread;
} search_thread_t;

/* ---- Values ------------------------------------------------------------------------------ */

_Static_assert(SEARCH_VALUE_INF <= TT_VALUE_MAX, "a search value fits the table's value field");

static inline int value_black_view(int v, board_color_t to_move)
{
    return to_move == BOARD_BLACK ? v : -v;
}

/* Twice (Black's - White's captures) from the side to move's view (territory scoring only). */
static inline int value_capture_offset(const worker_t *w, const hist_t *h)
{
    if (w->r->scoring != RULES_SCORING_TERRITORY)
        return 0;
    int d = 2 * (h->captures[BOARD_BLACK] - h->captures[BOARD_WHITE]);
    return value_black_view(d, (board_color_t)h->to_move);
}

static inline int value_to_table(int v, int ply, int offset)
{
    if (v > SEARCH_VALUE_WIN_MIN)
        return v + ply;
    if (v < -SEARCH_VALUE_WIN_MIN)
        return v - ply;
    if (v >= SEARCH_VALUE_CYCLE_WIN || v <= -SEARCH_VALUE_CYCLE_WIN)
        return v;
    return v - offset;
}

static inline int value_from_table(int v, int ply, int offset)
{
    if (v > SEARCH_VALUE_WIN_MIN)
        return v - ply;
    if (v < -SEARCH_VALUE_WIN_MIN)
        return v + ply;
    if (v >= SEARCH_VALUE_CYCLE_WIN || v <= -SEARCH_VALUE_CYCLE_WIN)
        return v;
    return v + offset;
}

/* A win (sign +1) or loss for Black of a game ended without a score, `ply` plies in. */
static inline int value_unscored(const worker_t *w, int sign, int ply)
{
    if (sign == 0)
        return 0;
    if (w->r->scoring == RULES_SCORING_LAST_MOVE)
        return sign * (SEARCH_VALUE_WIN - ply);
    return sign * SEARCH_VALUE_CYCLE_WIN;
}

/* ---- search.c ---------------------------------------------------------------------------- */

/* A worker for `game`'s current state, `ply0` plies below the solved position: its stacks
 * hold the game (search_worker_free frees them). */
void search_worker_init(worker_t *w, search_t *s, const game_t *game, int ply0);
void search_worker_free(worker_t *w);
/* Adds the worker's counters and its memory to s->stats. */
void search_worker_collect(search_t *s, const worker_t *w);
/* Fail-soft alpha-beta of the state on top of the worker's stack (side to move's view); *dep
 * receives what the result relies on in the history. */
int search_alphabeta(worker_t *w, int alpha, int beta, dep_t *dep);

/* ---- driver.c ---------------------------------------------------------------------------- */

/* The main search of a null-window test on thread 0: its passes with horizons (see driver.c);
 * th->value receives the value. */
void driver_main_search(search_thread_t *th, dep_t *d);

#endif
