/*
 * solver/search.h: exact minimax solving of small boards under every rule set.
 *
 * The solver is a fail-soft alpha-beta (negamax) search to the end of the game with a
 * transposition table (solver/tt.h) whose reuse is sound under positional and situational
 * superko and under cycle=draw (graph history interaction: Kishimoto and Mueller, AAAI 2004;
 * the argument is in tt.h and docs/solver.md).  Move ordering: table move, captures, history
 * heuristic (Schaeffer 1989).  Legality is exactly core/game.c's game_try, re-implemented on an
 * incremental state (a stack of positions with a hashed index of earlier positions) and tested
 * against game_legal_moves on random games.
 *
 * VALUES are integers from Black's point of view:
 *   - a scored end (two passes, or no move under a scoring rule): twice the margin
 *     (score_margin2: Black minus White minus komi, in half points);
 *   - under scoring=last-move, a game Black wins after p plies from the solved position:
 *     SEARCH_VALUE_WIN - p (White: -(SEARCH_VALUE_WIN - p)); a faster win is worth more and a
 *     slower loss less bad, so the optimal game has the winner hurrying and the loser delaying;
 *   - a cycle under cycle=draw: 0 when both players passed equally often in the cycle,
 *     otherwise +-SEARCH_VALUE_CYCLE_WIN for the player who passed more (beyond any score) under
 *     a scoring rule, or +-(SEARCH_VALUE_WIN - p) under scoring=last-move.
 *
 * A search context (search_t) owns its table, counters and limits; two contexts in one process
 * are independent.  Nothing here prints.
 */
#ifndef MATHGO_SOLVER_SEARCH_H
#define MATHGO_SOLVER_SEARCH_H

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"

#include <glib.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#define SEARCH_VALUE_WIN               30000
#define SEARCH_VALUE_WIN_MIN           25000 /* values beyond this are wins with a distance */
#define SEARCH_VALUE_CYCLE_WIN         20000
#define SEARCH_VALUE_INF               32000
#define SEARCH_MAX_PV                  1024
#define SEARCH_ANALYSIS_NODES          50000000 /* analysis=japanese: the Analysis's limit per string */
#define SEARCH_ANALYSIS_FIRST          1000000 /* and the first budget per string (search.c), */
#define SEARCH_ANALYSIS_FIRST_SEARCHED 10      /* on boards past the game space's (driver.c) */
/* analysis=japanese: the imagined positions a search may spend in all on Analyses that end
 * unfinished below the limit (search.c, japanese_final) */
#define SEARCH_ANALYSIS_UNFINISHED (4 * (uint64_t)SEARCH_ANALYSIS_NODES)

#define SEARCH_ERROR (search_error_quark())
GQuark search_error_quark(void);
typedef enum search_error_code {
    SEARCH_ERROR_RULES,  /* a rule set the solver cannot solve (infinite game tree) */
    SEARCH_ERROR_LIMIT,  /* the node or time limit was reached */
    SEARCH_ERROR_MEMORY, /* the table or the stacks do not fit (search_options_t.memory_bytes) */
    SEARCH_ERROR_DEPTH,  /* a line longer than the solver's stack */
    SEARCH_ERROR_INTERRUPTED, /* search_interrupt was called */
} search_error_code_t;

typedef struct search search_t;

/* One step of a long search, for a progress display (search_options_t.progress). */
typedef struct search_progress {
    int test;    /* the null-window test: "is the value >= test?", Black's view */
    int horizon; /* plies to the horizon of the pass that began or ended (INT_MAX: none) */
    bool began;  /* the test is being asked: nothing of it is answered yet */
    bool done;   /* the test is answered (else, unless began or pass_began: a horizon pass
                  * ended unknown) */
    /* A pass of the main search began for the open test: `pass` (its number within the test,
     * from 1), `horizon` and `budget` say which.  Scored rule sets only: their tests deepen a
     * horizon in passes that each give up after a node budget (solver/driver.c); on a board
     * that takes hours, such as 4x5, a pass can take an hour, and the heartbeat shows where
     * the schedule is. */
    bool pass_began;
    int pass;        /* the pass that began or ended (0 in a test's began and done events) */
    uint64_t budget; /* its node budget (0: none) */
    /* search_solve's line moved on, the value exact (lo = hi): the search of move
     * line_tested + 1 of line_moves is about to begin, a first move (line_plies 0, line_best
     * optimal ones found so far) or a move of the optimal game at its ply line_plies (from 1).
     * On 4x5 the line takes hours too, and the heartbeat shows where it is. */
    bool line_step;
    int line_moves, line_tested, line_best, line_plies;
    int value;      /* when done: its fail-soft bound, Black's view */
    int lo, hi;     /* what is known of the value so far, Black's view */
    uint64_t nodes; /* nodes so far (finished tests: all threads; a pass: the main search) */
    double seconds; /* since the search began */
} search_progress_t;

typedef void (*search_progress_fn)(const search_progress_t *progress, void *data);

/* A line_step event of the line of value `value` (its fields above): the search of move
 * tested + 1 of `moves` at the optimal game's ply `ply` (0: a first move), `best` optimal first
 * moves found so far.  The caller adds its nodes and seconds. */
static inline search_progress_t search_progress_line(int value, int ply, int moves, int tested,
                                                     int best)
{
    return (search_progress_t){.test = value,
                               .horizon = INT_MAX,
                               .line_step = true,
                               .line_moves = moves,
                               .line_tested = tested,
                               .line_best = best,
                               .line_plies = ply,
                               .lo = value,
                               .hi = value};
}

/*
 * How far search_solve has got with the optimal first moves and the optimal game after it
 * proved the value, for a checkpoint: a solve resumed from it (search_resume_line) skips the
 * searches recorded here.  On boards where the value is hours of work the line is too (each
 * of its null-window tests can cost as much as a root test), and without this record every
 * resumed run began it again.  Moves are tested in game_legal_moves' order.
 */
typedef struct search_line {
    bool started; /* the value is exact and the line's searches have begun */
    int value;    /* that value, Black's view */
    int tested;   /* the first moves tested so far; best holds those that reach the value */
    int best_count;
    board_move_t best[BOARD_MAX_POINTS + 1];
    int pv_length; /* the optimal game's moves chosen so far */
    board_move_t pv[SEARCH_MAX_PV];
    int pv_tested; /* the moves after pv tested so far, each short of the value */
} search_line_t;

/* What a search has proved of its root so far, for a checkpoint (solver/checkpoint.h). */
typedef struct search_bounds {
    int lo, hi;     /* lo <= value <= hi, Black's view (+-SEARCH_VALUE_INF: nothing known) */
    uint64_t nodes; /* nodes since the search began */
    double seconds; /* since the search began */
    /* search_solve's progress with the optimal line once the value is exact; NULL before
     * (and under search_value).  Points into the search: copy it to keep it. */
    const search_line_t *line;
    /* The root test under way ("value >= test?", Black's view), when testing: a run resumed
     * from a checkpoint asks it first (search_resume_test), so that a long test goes on across
     * sittings rather than one chosen afresh. */
    bool testing;
    int test;
} search_bounds_t;

/* Called from the main searching thread at checkpoint time, while helper threads may go on
 * storing into the table (solver/checkpoint.h copies each bucket under its lock). */
typedef void (*search_checkpoint_fn)(search_t *search, const search_bounds_t *bounds, void *data);

typedef struct search_options {
    size_t tt_bytes; /* table size; 0 means no table (unless memory_bytes is given) */
    /* A cap on everything the search allocates: the table, each thread's stacks (the game's
     * history and the line below the root, arrays and the recursion's frames), the helpers'
     * shared state.  0: no cap (tt_bytes, and stacks for STACK_EXTRA plies as needed).  Given,
     * it replaces tt_bytes: search_memory_plan splits it. */
    size_t memory_bytes;
    int threads;        /* 1 or more: helpers share the table (ABDADA) */
    uint64_t max_nodes; /* 0: no limit */
    double max_seconds; /* 0: no limit */
    /* Called from the searching thread when a null-window test of the root begins, when each
     * of its horizon passes begins and when one ends unknown, and when the test is answered
     * (not for the optimal-move and optimal-game searches); NULL: none. */
    search_progress_fn progress;
    void *progress_data;
    /* Called every checkpoint_seconds (> 0) of a search by the main thread; NULL: never. */
    search_checkpoint_fn checkpoint;
    void *checkpoint_data;
    double checkpoint_seconds;
    /* analysis=japanese: the first budget per string of a final position's Analysis, 0 for
     * the default (SEARCH_ANALYSIS_FIRST, SEARCH_ANALYSIS_FIRST_SEARCHED past the game space's
     * boards: driver.c, begin); a position past it is unknown until the budget grows
     * (search.c, japanese_final).  The tests give 1, so that nearly every Analysis passes
     * through it. */
    uint64_t analysis_first_nodes;
    /* and the last budget per string, past which an Analysis stops the search, 0 for
     * SEARCH_ANALYSIS_NODES (`solve --analysis-limit`; search_create puts the default in its
     * copy) */
    uint64_t analysis_last_nodes;
    /* and what the Analyses left unfinished below the limit may cost in all before the search
     * stops, 0 for four last budgets (SEARCH_ANALYSIS_UNFINISHED with the default last) */
    uint64_t analysis_unfinished_nodes;
    /* and the cap on the states of the attractor bounds an Analysis past its last budget tries
     * (japanese_set_attractor_states; 0: the default, 2^21; `solve --analysis-states`) */
    uint32_t analysis_attractor_states;
    /* math or pseudo played with ko=simple and cycle=draw: the board's computed simple-ko
     * tablebase (solver/tablebase.h; borrowed, it must outlive the search), whose value of a
     * state bounds the value with any history (bounds_tablebase, solver/bounds.h); NULL: none.
     * Refused (SEARCH_ERROR_RULES) for other rules or another board. */
    const struct tablebase *tablebase;
    /* For tests: the analysers without the game space and without the attractor bounds past
     * their limit (japanese_set_space(0), japanese_set_fallback(false)): the search alone. */
    bool analysis_search_only;
    /* analysis=japanese: the main search's schedules first restart once their passes' budget
     * reaches 2^restart_first_shift times the first (driver.c, driver_main_search); 0 for the
     * default (6), and the later restarts come as much earlier.  The tests give 1, so that
     * searches of small boards restart. */
    int restart_first_shift;
} search_options_t;

/*
 * The rule sets the solver is checked under (tests, docs/results.md): the presets that have a
 * finite game tree, van der Werf and Winands's rules, situational superko, and Japanese-style
 * territory counting with the cycle rule.  NULL-terminated.
 */
extern const char *const search_rule_sets[];

/* Whether a simple-ko tablebase can bound a search of this board and rule set: the no-pass
 * rules played with ko=simple and cycle=draw (tablebase_plays), on a plain board.  False and
 * *error (SEARCH_ERROR_RULES) naming what is not. */
bool search_tablebase_applies(const board_geom_t *geom, const rules_t *rules, GError **error);

/* Whether the simple-ko tablebase tb can bound a search of this board and rule set
 * (search_options_t.tablebase): search_tablebase_applies, and tb is of this board and these
 * rules.  False and *error (SEARCH_ERROR_RULES) naming the mismatch. */
bool search_tablebase_fits(const struct tablebase *tb, const board_geom_t *geom,
                           const rules_t *rules, GError **error);

/* Sensible defaults: 128 MiB table, one thread, no limits. */
search_options_t search_options_default(void);

typedef struct search_stats {
    uint64_t nodes;       /* interior nodes visited (all threads) */
    uint64_t nodes_main;  /* of which the main search's (thread 0): with helpers, its length */
    uint64_t tt_probes;   /* table lookups */
    uint64_t tt_hits;     /* lookups that verified and passed the history check */
    uint64_t tt_refused;  /* lookups that verified but failed the history check */
    uint64_t tt_stores;   /* results stored */
    uint64_t tt_unstored; /* results not stored because they depended on the history */
    /* analysis=japanese: final positions met whose Analysis had not ended within the budget
     * per string (search_options_t.analysis_first_nodes), each left unknown */
    uint64_t analyses_unknown;
    /* analysis=japanese: how often the main search's schedules restarted (driver.c) */
    uint64_t restarts;
    /* threads > 1: the main search's passes that a helper's proof of the root ended (the
     * main search then takes the helper's value instead of finishing its own line) */
    uint64_t helper_proofs;
    double seconds;      /* wall time of the last search_solve / search_value */
    size_t memory_bytes; /* table plus search stacks */
} search_stats_t;

/* The answer of search_solve. */
typedef struct search_result {
    int value;      /* Black's point of view (see above) */
    int best_count; /* optimal (or, under last-move, winning) first moves */
    board_move_t best[BOARD_MAX_POINTS + 1];
    int pv_length;     /* plies of the optimal game */
    bool pv_truncated; /* longer than SEARCH_MAX_PV */
    board_move_t pv[SEARCH_MAX_PV];
    game_result_t final; /* how the optimal game ends */
} search_result_t;

/*
 * How search_create splits a memory cap (search_options_t.memory_bytes) for `threads` threads:
 * the stacks (the game's history and the line below the root, per thread) get a quarter of it,
 * at least SEARCH_PLAN_MIN_PLIES plies and at most 65,536; the table gets the rest.  False and
 * *error (SEARCH_ERROR_MEMORY, naming what is needed) when the cap cannot hold a table of one
 * bucket and the least stacks.
 */
#define SEARCH_PLAN_MIN_PLIES 256
typedef struct search_memory_plan {
    size_t tt_bytes;    /* the table */
    size_t plies;       /* states each thread's stacks may hold (history plus search) */
    size_t stack_bytes; /* all threads' stacks and the shared state, at their largest */
} search_memory_plan_t;
bool search_memory_plan(search_memory_plan_t *plan, size_t memory_bytes, int threads,
                        GError **error);

/*
 * Checks that the rule set can be solved: the game tree must be finite, which needs superko
 * (positional or situational) or cycle=draw.  False and *error otherwise.
 */
bool search_rules_supported(const rules_t *rules, GError **error);

/*
 * A solver for one board size and rule set.  The geometry is borrowed and must outlive the
 * context.  NULL and *error when the rules are unsupported or the table cannot be allocated.
 */
search_t *search_create(const board_geom_t *geom, const rules_t *rules,
                        const search_options_t *options, GError **error);
void search_destroy(search_t *search);

/*
 * The minimax value (Black's view) of the current state of `game`, whose whole history is
 * taken into account, searched with the window (alpha, beta) in Black's view: the result is
 * exact when strictly inside, a bound (fail-soft) otherwise.  False and *error when a limit
 * was hit.  The game must use this context's geometry and rules.
 */
bool search_value(int *value, search_t *search, const game_t *game, int alpha, int beta,
                  GError **error);

/*
 * Who wins: a fail-soft value whose sign is the winner's (0 a tie), as search_value with the
 * window (-1, 1).  Under last-move scoring the tests follow distance deepening ("does X win
 * within d plies?") and stop at the first yes, so no line is searched deeper than the winner's
 * distance: the window (-1, 1) alone asks for a search without a depth bound, whose lines under
 * `pseudo` outgrow the stack (the empty 4x4: past 3,531 states within the default memory).
 */
bool search_winner(int *value, search_t *search, const game_t *game, GError **error);

/* The exact value, the optimal first moves and an optimal game from the game's current state. */
bool search_solve(search_result_t *result, search_t *search, const game_t *game, GError **error);

/*
 * Stops the search in progress (and every later one on this context) as soon as it notices:
 * they return false with SEARCH_ERROR_INTERRUPTED.  Safe from any thread (a signal watcher).
 */
void search_interrupt(search_t *search);

/*
 * Lets the searches after a search_interrupt run again; the table keeps what the stopped
 * search proved (as after a node limit), so a worker that cancels one task keeps its table
 * for the next.  Call it only when no search of this context is running.
 */
void search_clear_interrupt(search_t *search);

/*
 * Starts the root tests of the next search_value or search_solve from the bounds lo <= value
 * <= hi (Black's view), proved by an earlier run of the same game (a checkpoint, with its
 * table loaded).  The tests that remain, and so the answer, are those of the full search.
 */
void search_resume(search_t *search, int lo, int hi);

/*
 * And the next search_solve's optimal line from where an earlier run of the same game got
 * (search_bounds_t.line, kept in its checkpoint): used when the value proves to be line's, its
 * moves are legal and its counts within the moves there; otherwise the line starts afresh.
 */
void search_resume_line(search_t *search, const search_line_t *line);

/*
 * And the root test that was under way (search_bounds_t.test): the next root search asks it
 * first when it lies strictly inside the resumed bounds and the window.  Without it a resumed
 * run chooses its first test afresh, and under last-move scoring the distance schedule, which
 * weighs the costs of the tests before, may choose another (2x9 `pseudo`, 2026-12-07: a second
 * sitting asked "B in 25?" where the first had spent 4.46 G nodes on "B in 27?").
 */
void search_resume_test(search_t *search, int test);

/* What the running (or last) search proved of its root: lo <= value <= hi, Black's view. */
search_bounds_t search_root_bounds(const search_t *search);

/* The nodes of the running (or last) search so far, all threads, each counted to within its
 * last few thousand: safe to read from another thread (a progress display), which
 * search_root_bounds is not. */
uint64_t search_nodes_so_far(const search_t *search);

/* Under analysis=japanese, the imagined positions of its Analyses of final positions so far
 * (core/japanese.h) since the search began, counted 1,024 at a time: during a long Analysis the
 * node count stands still and this one moves.  Safe to read from another thread, as
 * search_nodes_so_far. */
uint64_t search_imagined_so_far(const search_t *search);

/* The context's table (NULL when it has none), for checkpoints. */
struct tt *search_table(search_t *search);

/* Sets the node and time limits of the next searches (0: none), e.g. for a portfolio of
 * searches that each get a budget in turn; the table keeps what a stopped search proved. */
void search_set_limits(search_t *search, uint64_t max_nodes, double max_seconds);

/* Counters since the context was created (or since search_reset_stats). */
search_stats_t search_stats(const search_t *search);
void search_reset_stats(search_t *search);

/* Empties the table (results stay valid across searches; this is only for measurements). */
void search_clear_table(search_t *search);

/*
 * The static bounds the search cuts on (solver/bounds.h) for the game's current state, from
 * Black's view (twice the margin with komi): *lo <= value <= *hi.  A side whose bound does not
 * apply (rules without static bounds, nothing alive, or the history condition fails) gives
 * -SEARCH_VALUE_INF or SEARCH_VALUE_INF.  For tests: the claim checked against a full search.
 */
void search_static_bounds(int *lo, int *hi, search_t *search, const game_t *game);

/*
 * The legal moves of the game's current state as the solver's own incremental state sees them
 * (points in increasing order, then the pass), for tests against game_legal_moves.  0 when the
 * game is over.
 */
int search_legal_moves(board_move_t *moves, search_t *search, const game_t *game);

/*
 * Distance deepening's schedule under last-move scoring (docs/solver.md, "Which distances are
 * asked"): which test "does X win within d plies?" the root asks next.  The solver's root
 * (solver/driver.c) and the distributed plan (dist/plan.c) ask the same sequence.  A small value
 * type: zero it before the first test.
 */
typedef struct search_distances {
    int d;            /* the distance of the last test asked */
    int side;         /* its player: 0 the mover, 1 the opponent */
    int last[2];      /* per player, the last distance asked (0: none) */
    uint64_t cost[2]; /* per player, the nodes of its last test */
    bool descending;  /* a test said yes: the distances below it are asked downwards */
} search_distances_t;

/* The next test: true with *target, the test being "value >= *target?" from Black's view, with
 * a < *target <= b ((a, b] are the values not yet excluded; `mover` is the root's player to
 * move); false when no distance is left to ask (the value is no win at a distance). */
bool search_distances_next(int *target, search_distances_t *plan, board_color_t mover, int a,
                           int b);

/* Records the answer to the last test: the `nodes` it cost, and whether its player won within
 * its distance (for a Black target, value >= target; for a White one, value < target). */
void search_distances_answer(search_distances_t *plan, uint64_t nodes, bool won);

/* Whether a value is a last-move win or loss with a distance, and that distance in plies. */
static inline bool search_value_is_win(int value)
{
    return value > SEARCH_VALUE_WIN_MIN || value < -SEARCH_VALUE_WIN_MIN;
}
static inline int search_value_plies(int value)
{
    return SEARCH_VALUE_WIN - (value < 0 ? -value : value);
}

/*
 * The value of an ended game in the conventions above, from game_result; `plies` is the
 * number of moves since the solved position.  For tests and for callers that replay games.
 * The result must be known (not result->unknown: search_ended_value checks it).
 */
int search_value_of_result(const game_result_t *result, const rules_t *rules, int plies);

/*
 * The values an ended game of a scored rule set can take (search_value_of_result): a score's
 * twice-margin, 2 * (an integer) - komi2, so of komi2's parity; a tie by a cycle (0); a cycle
 * won (+-SEARCH_VALUE_CYCLE_WIN).  A test "value >= t?" proved or disproved says the same of
 * every t between two of them, so a search that learns only yes or no (proof-number search)
 * moves its bounds to the nearest such value: search_value_up the least one >= v,
 * search_value_down the greatest one <= v.  At komi 0 "B >= 0.5?" is "B >= 1?".
 */
static inline bool search_value_possible(int v, const rules_t *rules)
{
    return ((v - rules->komi2) & 1) == 0 || v == 0 || v == SEARCH_VALUE_CYCLE_WIN ||
           v == -SEARCH_VALUE_CYCLE_WIN;
}
static inline int search_value_up(int v, const rules_t *rules)
{
    return search_value_possible(v, rules) ? v : v + 1;
}
static inline int search_value_down(int v, const rules_t *rules)
{
    return search_value_possible(v, rules) ? v : v - 1;
}

/*
 * The value of an ended game (game_status not GAME_ONGOING), `plies` moves from the solved
 * position, and its result in *result unless NULL.  False and *error (SEARCH_ERROR_LIMIT,
 * naming the limit) when game_result cannot give it: its Analysis passed game_analysis_nodes
 * imagined positions a string.  Before 2026-12-05 such a game was worth 0 (a tie) to
 * proof-number search's finished root and to alpha-beta's optimal moves and GTP's
 * mathgo-value, a value no score gives at a half-integer komi.
 */
bool search_ended_value(int *value, game_result_t *result, const game_t *game, int plies,
                        GError **error);

#endif
