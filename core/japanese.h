/*
 * core/japanese.h: the Analysis of the Japanese 1989 rules as Jasiek's simplified reading
 * states it (docs/sources/003_d4b48b8c06718737.txt; docs/japanese.md states every choice the
 * text leaves open): independently alive strings by imagined play, Removal, Determination of
 * territory, and territory scoring with prisoners and komi.
 *
 * Definitions, for a string S of colour d (the defender; the attacker a is the other colour):
 *   two-eye-formation  one or several strings F of one colour and exactly two empty points
 *                      e1, e2 such that every string of F is adjacent to e1 and to e2, no
 *                      string of F is adjacent to another empty point, and e1 and e2 are
 *                      adjacent only to stones of F.  So F is exactly the set of strings next
 *                      to e1 (and next to e2), and each has the liberties {e1, e2} and no other.
 *   imagined sequence  alternate moves from the position, the attacker first; a move is a play
 *                      or a pass; suicide is prohibited; the basic ko rule forbids a play that
 *                      recreates the position before the opponent's preceding play (none is
 *                      forbidden at the start); two successive passes end it; so does the
 *                      completion of its first cycle (a repeated situation: the same position
 *                      with the same player to move).
 *   independently      the defender can force a two-eye-formation of colour d that holds a
 *   alive              stone on one of S's points (the points S occupies in the analysed
 *                      position).  Searched as a game: the defender wins the moment such a
 *                      formation stands (also in the start position); the attacker wins when
 *                      the sequence ends without one.  A formation, once it stands, stays
 *                      whatever the attacker plays (both eyes are suicide for the attacker and
 *                      the strings have no other liberty), so "it stands at some moment" and
 *                      "it stands when the sequence ends" give the same strings
 *                      (docs/japanese.md has the argument, also for cycles: no stone played
 *                      during a cycle is independently alive).
 *   Removal            for each player P, the maximal connected sets R of points that are
 *                      empty or hold the other player's not independently alive stones, such
 *                      that the points outside R adjacent to R are all independently alive
 *                      stones of P (and there is at least one): the other player's stones in R
 *                      are removed and become P's prisoners.  Both players' regions are taken
 *                      from the analysed position.
 *   territory          after Removal, the empty regions whose adjacent stones are all
 *                      independently alive stones of P (at least one) are P's territory.
 *   score              P's territory plus P's prisoners (the captures of the game and the
 *                      stones removed); margin = Black's - White's - komi.
 *
 * The search (japanese_string_alive) is exact: an AND-OR search over the imagined sequences
 * with a table of situations, keyed with the analysed string's points and colour so that a
 * result serves every analysis of that string (from any position: the imagined game from a
 * situation does not depend on where the analysis started).  A result that depends on the
 * history is stored only when that is sound: a cycle always ends a sequence in the attacker's
 * favour, so an attacker's win whose cycles all return to positions inside its own subtree
 * holds after any history, and a defender's win is stored with a signature of the situations
 * its proof passes through, which a later probe checks against its own path (docs/japanese.md,
 * "The search").  Iterative deepening on the plies finds a formation the defender can force
 * soon first (an unfinished depth is never a result; a situation left unproved is not searched
 * again with as few plies left).  Two cuts end a line: the attacker wins when its
 * unconditionally alive stones (core/benson.h) leave no room for the two eyes a formation on
 * the string's points would need; the defender wins when a chain on the string's points has
 * two eyes of its own and can fill its other liberties.  A node limit bounds the work: past
 * it the history-free bounds of japanese_attractor_bounds may still decide the status, else
 * the analysis fails with JAPANESE_ERROR_LIMIT; it never guesses.
 */
#ifndef MATHGO_CORE_JAPANESE_H
#define MATHGO_CORE_JAPANESE_H

#include "core/board.h"

#include <glib.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define JAPANESE_ERROR (japanese_error_quark())
GQuark japanese_error_quark(void);
typedef enum japanese_error_code {
    JAPANESE_ERROR_LIMIT, /* the node limit was reached before the status was decided */
    JAPANESE_ERROR_DEPTH, /* an imagined sequence longer than JAPANESE_MAX_PLIES */
} japanese_error_code_t;

#define JAPANESE_MAX_PLIES 1024 /* the longest imagined sequence searched */
#define JAPANESE_MAX_LINE  256  /* the longest line japanese_string_alive reports */

/* How an imagined line ends. */
typedef enum japanese_line_end {
    JAPANESE_END_FORMATION, /* the defender's two-eye-formation stands */
    JAPANESE_END_PASSES,    /* two successive passes, without the formation */
    JAPANESE_END_CYCLE,     /* the first cycle is complete, without the formation */
    JAPANESE_END_SEALED,    /* the attacker's unconditionally alive stones (Benson) leave no
                             * two non-adjacent points that could be eyes next to the string's
                             * points: the attacker passes from here on and wins */
    JAPANESE_END_SECURED,   /* a chain on the string's points has two eyes of its own: the
                             * defender fills its other liberties and the formation follows */
    JAPANESE_END_TRUNCATED, /* longer than JAPANESE_MAX_LINE: the rest is left out */
    JAPANESE_END_PRECEDENT, /* no line: the text's precedent rules the string's status
                             * (japanese_triple_ko_precedent) */
    JAPANESE_END_ATTRACTOR, /* no line: the search passed its limit, and the start lies outside
                             * the defender's attractor over the reachable states (not
                             * independently alive; docs/japanese.md, "Open ends") */
    JAPANESE_END_ATTRACTOR_ALIVE, /* no line: the search passed its limit, and a positional
                                   * strategy of the defender from an attractor forces the
                                   * formation on every line without repeating a situation
                                   * or two passes (independently alive; japanese_bounds_t) */
    JAPANESE_END_LINE_LIMIT,      /* the search proved the status, but finding the proof's next move
                                   * again passed the limit of imagined positions: the line stops
                                   * there (the table no longer held the proof) */
} japanese_line_end_t;

/* An imagined sequence that proves a string's status: the attacker's move first. */
typedef struct japanese_line {
    int length;
    board_move_t moves[JAPANESE_MAX_LINE];
    japanese_line_end_t end;
    uint64_t formation; /* JAPANESE_END_FORMATION: the formation's stones and its two eyes */
    int cycle_start;    /* JAPANESE_END_CYCLE: the ply whose situation the last move repeats */
} japanese_line_t;

/* The Analysis of one position. */
typedef struct japanese_analysis {
    uint64_t alive[2];     /* independently alive stones of each colour */
    uint64_t removed[2];   /* stones of each colour removed in Removal */
    uint64_t territory[2]; /* each colour's territory (after Removal) */
    board_t counted;       /* the position after Removal */
} japanese_analysis_t;

/* An analyser for one geometry: its table of situations and its node limit.  Not shared
 * between threads; two analysers are independent. */
typedef struct japanese japanese_t;

/*
 * An analyser for `geom` (borrowed; it must outlive the analyser) with a table of
 * 2^table_bits entries (about 64 bytes each; 10 to 24) and a limit of max_nodes imagined
 * positions per string (0: none).  Free with japanese_destroy.
 */
japanese_t *japanese_create(const board_geom_t *geom, int table_bits, uint64_t max_nodes);

/* The bytes of an analyser's table of 2^table_bits entries, and the most table bits (10 to 24)
 * whose table fits in `bytes` (10 when none does). */
size_t japanese_table_bytes(int table_bits);
int japanese_table_bits_within(size_t bytes);

/* Lets the table grow, four times at a time, up to 2^most_bits entries (at most 24) when a
 * search writes it over (none unless set): a hard Analysis gets room, an easy one keeps a small
 * table in the cache.  japanese_table_bits: its size now. */
void japanese_set_table_growth(japanese_t *j, int most_bits);
int japanese_table_bits(const japanese_t *j);

/* For tests: how many entries of the table are outside the bucket their situation hashes to
 * (0 when the table is sound; UINT64_MAX when it holds none). */
uint64_t japanese_table_misplaced(const japanese_t *j);
void japanese_destroy(japanese_t *j);

/* The limit of imagined positions per string for the searches to come (0: none), in place of
 * japanese_create's: a caller can try cheaply first and give more later (the table keeps what
 * the cheap tries proved). */
void japanese_set_max_nodes(japanese_t *j, uint64_t max_nodes);

/* A time limit for the searches to come: past the monotonic time `deadline` (microseconds, as
 * g_get_monotonic_time; 0 none) an analysis fails like one past its node limit, so that a
 * caller with a clock (a GTP genmove, a solve with --max-time) is not held by one string. */
void japanese_set_deadline(japanese_t *j, int64_t deadline);

/* A counter that the searches to come add their imagined positions to, 1,024 at a time, so
 * that another thread can show how far a long Analysis has gone (a solve's heartbeat, whose
 * node count stands still meanwhile); NULL for none. */
void japanese_set_counter(japanese_t *j, _Atomic uint64_t *counter);

/* A flag that stops the searches to come, as the deadline does, once another thread sets it
 * (a solve interrupted by a signal or stopped by a limit, whose Analysis would otherwise hold
 * it for up to a string's whole budget); NULL for none. */
void japanese_set_stop(japanese_t *j, const atomic_bool *stop);

/*
 * The cap on the states of the graphs whose attractors bound a string's status: the game space
 * below, and the graphs a string's search builds when it passes its limit (docs/japanese.md,
 * "Open ends"); 0: the default, 2^21 states, about 200 MB.  About 100 bytes a state: the whole
 * imagined game of a 4x4 final position is about 99 M states (9.7 GB, 4 minutes), and decides
 * strings no search does.  At most 2^(32 - b) states, b the bits of the board's points (2^27
 * up to 31 points, 2^25 at 64): a larger cap is taken as that, so that a state's index and its
 * move's place share 32 bits.  The memory is the caller's to budget (a solve's --memory does
 * not count it).
 */
#define JAPANESE_ATTRACTOR_STATES (1u << 21)
/* The bytes of a state of those graphs, about: the 4x4 seki's 99.1 M took 9.7 GB (98 a state). */
#define JAPANESE_ATTRACTOR_STATE_BYTES 100
void japanese_set_attractor_states(japanese_t *j, uint32_t most);
/* The cap japanese_set_attractor_states takes for `most` on geom's board (most 0: the default):
 * for the front ends, which size the graphs' memory before an analyser exists. */
uint32_t japanese_attractor_states_on(const board_geom_t *geom, uint32_t most);

/*
 * The game space (docs/japanese.md, "The game space"), for boards of at most
 * JAPANESE_SPACE_MAX_POINTS points: the graph of every state of the imagined game reached so
 * far, kept across searches.  A search that passes `after_nodes` nodes (0: never, the
 * default) asks it: its attractor proves a string not independently alive, and its
 * attractor's strategy, when no line of it repeats a situation, proves one alive, without
 * the search.  Such a string gets no line (JAPANESE_END_ATTRACTOR and _ALIVE), so `score
 * --explain` does not use it; the solver asks after JAPANESE_SPACE_AFTER_NODES.  Up to the
 * analyser's cap of states (japanese_set_attractor_states); past that the space is dropped and
 * the search runs as before.
 */
#define JAPANESE_SPACE_MAX_POINTS  12
#define JAPANESE_SPACE_AFTER_NODES 2000
/* For an Analysis on its own (`score`, a game's end, GTP): building the space costs about
 * 1.7 s on 3x4, which the solver's thousands of Analyses share and one position does not, so
 * the space waits until the search has spent about as long (docs/japanese.md). */
#define JAPANESE_SPACE_AFTER_NODES_ALONE 1000000
void japanese_set_space(japanese_t *j, uint64_t after_nodes);

/*
 * A game space several analysers of one board may share, as the solver's threads do: each
 * thread's analyser asks the same space (threads may ask at the same time; one grows it at a
 * time), so the space is built once and an attractor one thread computed answers the others.
 * japanese_space_create makes an empty one; japanese_share_space(j, sp) makes j use sp
 * instead of its own, and japanese_space_destroy drops the creator's hold: the space is freed
 * when no analyser uses it either.  All the analysers sharing it must be of the same board and
 * have the same cap of states (japanese_set_attractor_states).
 */
typedef struct japanese_space japanese_space_t;
japanese_space_t *japanese_space_create(void);
void japanese_space_destroy(japanese_space_t *sp);
void japanese_share_space(japanese_t *j, japanese_space_t *sp);

/* Whether an analyser of board g can have the game space (at most JAPANESE_SPACE_MAX_POINTS
 * points): past it japanese_set_space is ignored. */
static inline bool japanese_space_fits(const board_geom_t *g)
{
    return g->size <= JAPANESE_SPACE_MAX_POINTS;
}

/* How many strings the game space has decided. */
uint64_t japanese_space_answers(const japanese_t *j);

/* How many of the space's strategies had their lines checked one by one for a repeated
 * situation (their projection onto situations had a cycle): the exact, rarer check. */
uint64_t japanese_space_line_checks(const japanese_t *j);

/* For tests: with false, the search's static cuts are Benson's territory alone, without the
 * eye-space test and the defender's fill (docs/japanese.md, "The search"); true (the default)
 * uses all. */
void japanese_set_cuts(japanese_t *j, bool on);

/* For tests: with false, a string's search past its node limit fails at once, without trying
 * the attractor bounds (docs/japanese.md, "Open ends"); true (the default) tries them. */
void japanese_set_fallback(japanese_t *j, bool on);

/* The imagined positions searched since the analyser was created. */
uint64_t japanese_nodes(const japanese_t *j);

/*
 * Whether colour c has a two-eye-formation in b that holds a stone of `on`; when it has,
 * *formation (may be NULL) receives the formation's stones and its two eyes.
 */
bool japanese_two_eye_formation(uint64_t *formation, const board_t *b, const board_geom_t *g,
                                board_color_t c, uint64_t on);

/*
 * The text's precedent "a triple ko with one eye and one external ko" (docs/japanese.md,
 * "Choices the text leaves open", 9): a ruling that replaces the imagined play for the strings
 * it names, as the text makes it one when it drops the original rules' hypothetical ko rule.
 * Formally, with a basic ko being a single stone s of one colour whose one liberty q has
 * only stones of s's colour (and s) around it, and whose capture at q takes s alone (every
 * other string next to q keeps a liberty), so that the capturing stone could be retaken at
 * once: b holds the precedent when, for a colour c and the other colour e (the eye player),
 *   - a string X of e is next to the stones of exactly three basic kos of colour c, k1..k3,
 *     and X has exactly one eye (an empty point all of whose neighbours are X's stones);
 *   - the strings Y of c next to the kos' liberties q1..q3 (the ko stones aside) are at
 *     least one, and their liberties are exactly q1, q2 and q3 (no eye, no other liberty);
 *   - the board holds exactly one more basic ko (of either colour), the external one.
 * Then X is independently alive and Y and the three ko stones are not.  Fills *out when
 * it holds (`eye_player` e, `eye_string` X, `opposing` Y and the ko stones, `kos` the three
 * ko stones, `external` the external ko's stone).
 */
typedef struct japanese_precedent {
    board_color_t eye_player;
    uint64_t eye_string;
    uint64_t opposing;
    uint64_t kos;
    uint64_t external;
} japanese_precedent_t;

bool japanese_triple_ko_precedent(japanese_precedent_t *out, const board_t *b,
                                  const board_geom_t *g);

/*
 * Decides whether the string through point p of b is independently alive.  *line (may be NULL)
 * receives an imagined line proving it: the loser's moves are its first choice in the search's
 * order, the winner's moves win.  A string the precedent rules (japanese_triple_ko_precedent)
 * gets its ruling without a search and a line of no moves ending JAPANESE_END_PRECEDENT.  False and
 * *error (JAPANESE_ERROR_LIMIT or _DEPTH) when the search did not finish.  p must hold a stone.
 */
bool japanese_string_alive(bool *alive, japanese_line_t *line, japanese_t *j, const board_t *b,
                           board_point_t p, GError **error);

/*
 * The history-free bounds on a string's status that japanese_string_alive falls back on when
 * its search passes its limit (docs/japanese.md, "Open ends", has the arguments); each is a
 * proof when set, none is a proof of the contrary:
 *   excluded    the start of the imagined game lies outside the defender's attractor over every
 *               reachable state (position, player to move, banned ko point, last move a pass):
 *               not independently alive;
 *   strategy    it lies inside, and the attractor's positional strategy for the defender repeats
 *               no situation and ends with no two passes on any line: independently alive;
 *   situations  it lies inside the defender's attractor over the reachable situations (position
 *               and player to move) with the defender never passing nor capturing exactly one
 *               stone and the attacker free of the ko ban: independently alive.
 */
typedef struct japanese_bounds {
    bool excluded;
    bool strategy;
    bool situations;
} japanese_bounds_t;

/*
 * The three bounds of japanese_bounds_t for the string through point p of b, all computed
 * (the fallback stops at the first proof).  False when neither graph fits in the analyser's cap
 * of states (japanese_set_attractor_states; then all are false); a graph past it leaves its
 * bounds false.
 */
bool japanese_attractor_bounds(japanese_bounds_t *out, const japanese_t *j, const board_t *b,
                               board_point_t p);

/*
 * Removal and Determination of territory given the independently alive stones alive[0..1]
 * (which must be unions of strings of b): fills out->removed, out->territory, out->counted and
 * copies alive.
 */
void japanese_settle(japanese_analysis_t *out, const board_t *b, const board_geom_t *g,
                     const uint64_t alive[2]);

/* The whole Analysis of b: every string's status (japanese_known_start, then
 * japanese_known_complete: each colour is first searched for a formation anywhere on the
 * board; when it cannot force one, none of its strings is independently alive and no string
 * of it is searched on its own), then japanese_settle.  False and *error as
 * japanese_string_alive. */
bool japanese_analyse(japanese_analysis_t *out, japanese_t *j, const board_t *b, GError **error);

/* The stones of c's strings that belong to a two-eye-formation standing in b (every formation
 * of c, united).  Each is independently alive: the defender has won before any move. */
uint64_t japanese_formations(const board_t *b, const board_geom_t *g, board_color_t c);

/*
 * What is known of an Analysis: the strings decided so far and the bounds they give on
 * japanese_margin2 (no captures, no komi).  The margin is monotone in the alive sets: a string
 * of Black's that is independently alive keeps its stones from Removal, may let Black remove
 * White's stones, adds to Black's territory and never to White's; the reverse for White.  So
 * Black's undecided strings dead and White's alive give lo2, the reverse hi2
 * (test_japanese makes one string more alive at a time in random alive sets of random
 * positions, and compares the bounds with the whole Analysis).
 */
typedef struct japanese_known {
    uint64_t alive[2]; /* strings known to be independently alive */
    uint64_t dead[2];  /* strings known not to be */
    int lo2, hi2;
} japanese_known_t;

/* What b shows without a search: the precedent's rulings and the strings of a standing
 * formation (japanese_formations), and the bounds. */
void japanese_known_start(japanese_known_t *k, const board_t *b, const board_geom_t *g);

/* Decides the strings *k leaves open (japanese_known_start's): each colour's search for a
 * formation anywhere, then the remaining strings' own.  Then lo2 == hi2.  False and *error as
 * japanese_string_alive; *k then keeps the strings decided before the failure, and its bounds
 * follow from them (a later call goes on from there). */
bool japanese_known_complete(japanese_known_t *k, japanese_t *j, const board_t *b, GError **error);

/* Territory plus prisoners of colour c: its territory, the stones of the other colour it
 * removed, and captures[c] taken during the game. */
int japanese_points(const japanese_analysis_t *a, const uint16_t captures[2], board_color_t c);

/* Twice (Black's points - White's points) - komi2. */
int japanese_margin2(const japanese_analysis_t *a, const uint16_t captures[2], int komi2);

#endif
