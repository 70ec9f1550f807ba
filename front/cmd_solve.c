/*
 * front/cmd_solve.c: `mathgo solve WxH --rules R [--komi K] [--from FILE [--region]] [--to-move
 * b|w]
 * [--csv] [--sgf FILE] [--memory SIZE] [--threads N] [--pv-diagrams] [--value-only]
 * [--checkpoint FILE [--checkpoint-every S]] [--algorithm alphabeta|pns|auto]
 * [--distributed [--journal FILE]]`: the exact value
 * of a board, its optimal first moves and an optimal game (solver/search.h, or proof-number
 * search, solver/pns.h: front/solve_engine.h); SIGINT and SIGTERM stop it with the bounds known
 * so far, and a checkpoint (solver/checkpoint.h) lets the same command resume.  `mathgo solve
 * WxH --positions FILE` solves a list of fresh starts instead (front/solve_list.h); `mpirun -np N
 * mathgo solve ... --distributed` spreads the value's search over MPI ranks
 * (front/solve_distributed.h).
 */
#include "front/commands.h"
#include "front/common.h"
#include "front/interrupt.h"
#include "front/progress.h"
#include "front/solve_decompose.h"
#include "front/solve_distributed.h"
#include "front/solve_engine.h"
#include "front/solve_list.h"
#include "front/solve_output.h"
#include "front/svg_board.h"

#include "core/board.h"
#include "core/game.h"
#include "core/rules.h"
#include "positions/diagram.h"
#include "positions/sgf.h"
#include "solver/checkpoint.h"
#include "solver/search.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static double peak_mb(void)
{
    return front_peak_bytes() / 1048576.0;
}

/* A value or bound for the progress lines: "B+2", "W in 23", "?" for an open end. */
static char *progress_value_text(char buf[32], int value, const rules_t *rules)
{
    if (value >= SEARCH_VALUE_INF || value <= -SEARCH_VALUE_INF)
        snprintf(buf, 32, "?");
    else if (value == SEARCH_VALUE_WIN_MIN + 1) /* proof-number search's "Black wins?" */
        snprintf(buf, 32, "B wins");
    else if (search_value_is_win(value))
        snprintf(buf, 32, "%c in %d", value > 0 ? 'B' : 'W', search_value_plies(value));
    else
        solve_result_text(buf, value, rules);
    return buf;
}

typedef struct progress_context {
    const rules_t *rules;
    bool print;
    front_ticker_t *ticker; /* the heartbeat, told of each line and of the phase */
    int lo, hi;             /* what the root tests proved so far (Black's view) */
    bool value_only;        /* no optimal first moves and game follow the value */
} progress_context_t;

/* The heartbeat's phase while the value is open: the bounds proved so far and, when `asking`
 * is not NULL, the root test being asked, with the main search's pass when it has begun one
 * (on a long run the heartbeat is all there is to read for hours: 4x5 spends billions of
 * nodes on its first test, in passes of a billion nodes each). */
static void phase_bounds(front_ticker_t *ticker, int lo, int hi, const search_progress_t *asking,
                         const rules_t *rules)
{
    char l[32], h[32], t[32];
    progress_value_text(l, lo, rules);
    progress_value_text(h, hi, rules);
    if (!asking)
        front_ticker_phase(ticker, "the value: in [%s, %s]", l, h);
    else if (asking->pass == 0)
        front_ticker_phase(ticker, "the value: in [%s, %s], asking >= %s?", l, h,
                           progress_value_text(t, asking->test, rules));
    else
        front_ticker_phase(ticker,
                           "the value: in [%s, %s], asking >= %s? pass %d: horizon %d plies, "
                           "budget %" PRIu64 " nodes",
                           l, h, progress_value_text(t, asking->test, rules), asking->pass,
                           asking->horizon, asking->budget);
}

/* --algorithm retrograde: the tablebase's levels on the ticker (a tablebase_progress_fn). */
static void tablebase_progress(int level, uint64_t resolved, uint64_t states, void *data)
{
    front_ticker_phase(data, "the tablebase: level %d, %llu of %llu states decided", level,
                       (unsigned long long)resolved, (unsigned long long)states);
}

/* --algorithm retrograde: computes the tablebase into the engine within `memory` when
 * `memory_given` (--memory), else within a quarter of the machine's, or prints why not and
 * sets *status (1: memory or a signal, the run's failure).  When auto chose it (`fallback`), a
 * board whose tablebase cannot be held is searched by alpha-beta alone instead, with a note. */
static bool make_tablebase(int *status, solve_engine_t *engine, solve_stopper_t *stopper,
                           front_ticker_t *ticker, const board_geom_t *geom, const rules_t *rules,
                           int threads, size_t memory, bool memory_given, bool fallback, bool quiet)
{
    if (!memory_given)
        memory = front_physical_memory() / 4;
    GError *err = NULL;
    if (ticker)
        front_ticker_phase(ticker, "%s", "the tablebase");
    if (solve_engine_make_tablebase(engine, stopper, geom, rules, threads, memory,
                                    ticker ? tablebase_progress : NULL, ticker, &err))
        return true;
    if (fallback && (err->code == TABLEBASE_ERROR_MEMORY || err->code == TABLEBASE_ERROR_SIZE)) {
        if (!quiet)
            fprintf(stderr, "mathgo solve: no tablebase (%s): alpha-beta alone\n", err->message);
        g_error_free(err);
        return true;
    }
    if (err->code == TABLEBASE_ERROR_INTERRUPTED)
        fprintf(stderr, "mathgo solve: %dx%d: stopped by %s while computing the tablebase: %s\n",
                geom->width, geom->height, solve_signal_name(solve_stopper_signal(stopper)),
                err->message);
    else
        fprintf(stderr, "mathgo solve: --algorithm retrograde: %s\n", err->message);
    *status = FRONT_EXIT_FAILURE;
    g_error_free(err);
    return false;
}

/* The heartbeat's phase for what is known of the value: the value once exact (and what
 * follows it: nothing under --value-only, else the optimal first moves and game, also on a run
 * resumed from a checkpoint that holds the value), else phase_bounds's. */
static void phase_known(const progress_context_t *ctx, int lo, int hi,
                        const search_progress_t *asking)
{
    char v[32];
    if (lo != hi)
        phase_bounds(ctx->ticker, lo, hi, asking, ctx->rules);
    else if (ctx->value_only)
        front_ticker_phase(ctx->ticker, "the value is %s", progress_value_text(v, lo, ctx->rules));
    else
        front_ticker_phase(ctx->ticker, "the value is %s; the optimal first moves and game",
                           progress_value_text(v, lo, ctx->rules));
}

/* Records what is known of the value and the test being asked (the heartbeat's phase) and,
 * when asked, prints one line on stderr per answered root test and per horizon pass that
 * proved nothing. */
static void print_progress(const search_progress_t *p, void *data)
{
    progress_context_t *ctx = data;
    ctx->lo = p->lo, ctx->hi = p->hi;
    char t[32], v[32], lo[32], hi[32];
    if (p->line_step) { /* the heartbeat's alone: one search of the line per legal move */
        progress_value_text(v, p->lo, ctx->rules);
        if (p->line_plies == 0)
            front_ticker_phase(ctx->ticker,
                               "the value is %s; the optimal first moves: move %d of %d (%d "
                               "optimal so far)",
                               v, p->line_tested + 1, p->line_moves, p->line_best);
        else
            front_ticker_phase(ctx->ticker,
                               "the value is %s; the optimal game: ply %d, move %d of %d", v,
                               p->line_plies, p->line_tested + 1, p->line_moves);
        return;
    }
    progress_value_text(t, p->test, ctx->rules);
    progress_value_text(lo, p->lo, ctx->rules);
    progress_value_text(hi, p->hi, ctx->rules);
    /* a test goes on unless this one is answered (it or a pass began, a pass ended) */
    phase_known(ctx, p->lo, p->hi, p->done ? NULL : p);
    if (!ctx->print || p->began || p->pass_began)
        return;
    front_ticker_printed(ctx->ticker);
    if (p->done)
        fprintf(stderr,
                "mathgo solve: %8.1f s %12llu nodes  value >= %s? %s (bound %s), now in [%s, %s]\n",
                p->seconds, (unsigned long long)p->nodes, t, p->value >= p->test ? "yes" : "no",
                progress_value_text(v, p->value, ctx->rules), lo, hi);
    else
        fprintf(
            stderr,
            "mathgo solve: %8.1f s %12llu nodes  value >= %s? unknown within %d plies (pass %d)\n",
            p->seconds, (unsigned long long)p->nodes, t, p->horizon, p->pass);
}

/* The state of a run for its checkpoints and its signal watcher. */
typedef struct solve_run {
    solve_stopper_t stop;     /* the engine once created, and the signal received */
    const char *path;         /* --checkpoint, or NULL */
    checkpoint_info_t before; /* what the checkpoint held (the work of earlier runs) */
    char *problem, *command;  /* for the checkpoint's header */
    bool quiet;
    /* The root is solved: the searches after it (--variations) are of other positions, whose
     * bounds and line are not the checkpoint's problem's, so the periodic saves stop. */
    bool root_solved;
    pns_t *pns; /* proof-number search's, whose tree of a test under way the file keeps */
} solve_run_t;

/* Writes the checkpoint of the bounds b (this run's work in b, the earlier runs' added). */
static bool save_checkpoint(solve_run_t *run, search_t *search, const search_bounds_t *b)
{
    checkpoint_info_t info = {.command = run->command,
                              .problem = run->problem,
                              .lo = b->lo,
                              .hi = b->hi,
                              .nodes = run->before.nodes + b->nodes,
                              .seconds = run->before.seconds + b->seconds};
    if (b->line) /* the optimal line so far: a resumed run goes on from it */
        info.line = *b->line;
    info.testing = b->testing; /* and the test under way: a resumed run asks it first */
    info.test = b->test;
    info.tree = run->pns; /* and proof-number search's tree of it, when it keeps one */
    return solve_checkpoint_save(run->path, info, search);
}

static void on_checkpoint(search_t *search, const search_bounds_t *bounds, void *data)
{
    solve_run_t *run = data;
    if (!run->root_solved)
        save_checkpoint(run, search, bounds);
}

/* The text answer's first lines: the board, the rules in full, the komi, who moves; the
 * history and the region as read, when there are. */
static void print_header(const game_t *game, const board_t *start, const rules_t *rules,
                         const char *rules_name)
{
    const board_geom_t *geom = game_geom(game);
    char *full = rules_to_string(rules);
    char komi[16];
    rules_komi_string(komi, rules->komi2);
    printf("board %dx%d, rules %s (%s: ko=%s, suicide=%d, pass=%d, cycle=%s), komi %s, "
           "%s to move\n",
           geom->width, geom->height, rules_name, full,
           rules->ko == RULES_KO_SIMPLE       ? "simple"
           : rules->ko == RULES_KO_POSITIONAL ? "positional"
                                              : "situational",
           rules->suicide, rules->pass,
           rules->cycle == RULES_CYCLE_DRAW       ? "draw"
           : rules->cycle == RULES_CYCLE_JAPANESE ? "japanese"
                                                  : "none",
           komi, game_current(game)->to_move == BOARD_BLACK ? "Black" : "White");
    g_free(full);
    if (game_length(game))
        printf("history: %zu moves from --from's start (superko sees them)\n", game_length(game));
    if (board_geom_is_region(geom)) {
        /* The region as read (X O safe stones, # off the board): the moves below name its
         * points on the rectangle. */
        char *text = diagram_format_region(start, geom);
        printf("region (X O safe, x o stones, # off the board):\n%s", text);
        g_free(text);
    }
}

/* The position and the optimal game numbered on it, as Go books print a line (res NULL: the
 * position alone, when a limit stopped the solve). */
static bool write_svg(const char *path, const game_t *game, const search_result_t *res,
                      const rules_t *rules)
{
    char *caption = svg_board_caption(game), value[32];
    GError *error = NULL;
    bool ok;
    if (res) {
        char *line = g_strdup_printf("result %s: the optimal game, %d plies%s",
                                     solve_result_text(value, res->value, rules), res->pv_length,
                                     res->pv_truncated ? " (truncated)" : "");
        ok = svg_board_write_line(path, game, res->pv, res->pv_length, caption, line, &error);
        g_free(line);
    } else {
        char *text = g_strdup_printf("%s; not solved", caption);
        ok = svg_board_write_position(path, game, text, &error);
        g_free(text);
    }
    if (!ok) {
        fprintf(stderr, "mathgo solve: --svg: %s\n", error->message);
        g_error_free(error);
    }
    g_free(caption);
    return ok;
}

/*
 * The search --algorithm leaves to choose (auto: solve_algorithm_auto, alpha-beta whenever a
 * checkpoint is asked for, since its file keeps the table) and alpha-beta's default memory
 * once it is chosen, unless --memory was given.  With `check_pns`, proof-number search must
 * take the options (a list's checkpoint is its table: not with it), and --leaf-nodes
 * (leaf_given) wants it; false, with *status the usage error, when it cannot.
 */
static bool solve_choose_algorithm(solve_algorithm_t *algorithm, size_t *memory, int *status,
                                   const board_geom_t *geom, const rules_t *rules, int threads,
                                   bool checkpoint, bool list, bool memory_given, bool check_pns,
                                   bool leaf_given)
{
    if (*algorithm == SOLVE_ALGORITHM_AUTO)
        *algorithm = solve_algorithm_auto(geom, rules, threads, checkpoint);
    if (leaf_given && *algorithm != SOLVE_ALGORITHM_PNS) {
        *status = front_usage("solve", "%s",
                              "--leaf-nodes is proof-number search's: with --algorithm pns (or "
                              "auto choosing it)");
        return false;
    }
    if (!memory_given && *algorithm != SOLVE_ALGORITHM_PNS)
        *memory = front_default_memory(true);
    GError *err = NULL;
    if (*algorithm == SOLVE_ALGORITHM_RETROGRADE &&
        !solve_algorithm_check_retrograde(geom, rules, &err)) {
        *status = front_usage("solve", "%s", err->message);
        g_error_free(err);
        return false;
    }
    if (check_pns && *algorithm == SOLVE_ALGORITHM_PNS &&
        !solve_algorithm_check_pns(rules, threads, checkpoint && list, *memory, &err)) {
        *status = front_usage("solve", "%s", err->message);
        g_error_free(err);
        return false;
    }
    return true;
}

int front_solve(int argc, char **argv)
{
    solve_run_t run = {0};
    g_mutex_init(&run.stop.lock);
    run.command = front_command_line(argc, argv);
    double command_started = front_seconds(); /* --max-time counts from here */
    char *checkpoint = NULL;
    gdouble checkpoint_every = 300;
    front_interrupt_t *watcher = NULL;
    front_rules_args_t rules_args = {0};
    char *from = NULL, *to_move_text = NULL;
    char *sgf = NULL, *memory_text = NULL, *svg = NULL, *algorithm_text = NULL;
    gboolean csv = FALSE, no_header = FALSE, diagrams = FALSE, value_only = FALSE;
    gboolean winner = FALSE;
    gboolean variations = FALSE;
    solve_first_move_t *first_moves = NULL;
    int first_move_count = 0;
    front_position_t pos = {0};
    gboolean region = FALSE, decompose = FALSE;
    front_progress_args_t progress_args = {FALSE, FALSE};
    bool show_progress = false;
    front_ticker_t *ticker = NULL;
    gint threads = 1;
    gint64 max_nodes = 0, analysis_limit = 0, analysis_states = 0, leaf_nodes = G_MININT64;
    gdouble max_seconds = 0;
    char *positions = NULL;
    gboolean distributed = FALSE;
    char *journal = NULL;
    GOptionEntry entries[] = {
        {"from", 'f', 0, G_OPTION_ARG_FILENAME, &from,
         "start from the position file FILE (- for stdin): a diagram, a diagram with a "
         "'moves:' list, or SGF (setup, then moves: the history superko sees; docs/sgf.md)",
         "FILE"},
        {"region", 0, 0, G_OPTION_ARG_NONE, &region,
         "read --from as a region diagram (X O safe, x o stones, # off the board; "
         "auto-detected when it has # points or mixes X and x)",
         NULL},
        {"to-move", 't', 0, G_OPTION_ARG_STRING, &to_move_text,
         "who plays first (default: --from's, else b)", "b|w"},
        {"csv", 0, 0, G_OPTION_ARG_NONE, &csv,
         "print one CSV row after a header line (docs/csv.md); on a limit, the bounds found", NULL},
        {"no-header", 0, 0, G_OPTION_ARG_NONE, &no_header, "with --csv: no header line", NULL},
        {"sgf", 0, 0, G_OPTION_ARG_FILENAME, &sgf,
         "write the optimal game as SGF to FILE, each node with its value (docs/sgf.md)", "FILE"},
        {"variations", 0, 0, G_OPTION_ARG_NONE, &variations,
         "with --sgf: every first move's value and optimal continuation as a variation (one "
         "more solve per legal move)",
         NULL},
        {"svg", 0, 0, G_OPTION_ARG_FILENAME, &svg,
         "draw the position and the optimal game's moves numbered on a Go board as an SVG "
         "picture in FILE (-: stdout, instead of the text; docs/pictures.md)",
         "FILE"},
        {"memory", 'm', 0, G_OPTION_ARG_STRING, &memory_text,
         "cap on the memory the search allocates: its table, stacks and threads (default: a "
         "quarter of the machine's memory, at most 128M for alpha-beta, 256M for proof-number "
         "search; 0: no table); a run that cannot fit is refused",
         "SIZE"},
        {"checkpoint", 0, 0, G_OPTION_ARG_FILENAME, &checkpoint,
         "save the search's state to FILE every --checkpoint-every seconds and when stopped "
         "(SIGINT, SIGTERM, a limit); the same command resumes from it; with --positions the "
         "table the positions share, read at the start; under --algorithm pns the root tests "
         "answered, saved as each is, and the table of its leaves' alpha-beta tests, saved "
         "every --checkpoint-every seconds too (docs/reliability.md)",
         "FILE"},
        {"checkpoint-every", 0, 0, G_OPTION_ARG_DOUBLE, &checkpoint_every,
         "seconds between checkpoints (default 300)", "S"},
        {"threads", 'j', 0, G_OPTION_ARG_INT, &threads, "search threads (default 1)", "N"},
        {"pv-diagrams", 0, 0, G_OPTION_ARG_NONE, &diagrams,
         "print a diagram after every move of the optimal game", NULL},
        {"value-only", 0, 0, G_OPTION_ARG_NONE, &value_only,
         "only the value (no first moves, no optimal game): for large boards", NULL},
        {"positions", 0, 0, G_OPTION_ARG_FILENAME, &positions,
         "solve every line 'POSITION TO_MOVE' of FILE (- for stdin; e.g. 'X.O/.../.O. b') as a "
         "fresh start, the values only, one row each, in one process (front/solve_list.h); "
         "--max-nodes and --max-time apply to each",
         "FILE"},
        {"winner", 0, 0, G_OPTION_ARG_NONE, &winner,
         "who wins and nothing more (status 'winner', the bounds that decide it in lower and "
         "upper; with --komi -0.5 the one test 'at least a tie for Black?'; docs/solver.md): "
         "each line of --positions, or the board or --from position",
         NULL},
        {"max-nodes", 0, 0, G_OPTION_ARG_INT64, &max_nodes, "stop after N nodes", "N"},
        {"max-time", 0, 0, G_OPTION_ARG_DOUBLE, &max_seconds,
         "stop S seconds after the command started (a checkpoint's load and the tablebase "
         "included; with --positions, S for each position)",
         "S"},
        {"analysis-limit", 0, 0, G_OPTION_ARG_INT64, &analysis_limit,
         "japanese: the most imagined positions the Analysis of a final position may spend on a "
         "string before the search stops (default 50000000; docs/japanese.md)",
         "N"},
        {"analysis-states", 0, 0, G_OPTION_ARG_INT64, &analysis_states,
         "japanese: the most states of the graph whose attractor settles a string past that "
         "limit (default 2097152, at most 2^27 up to 31 points; about 100 bytes a state, outside "
         "--memory: a 4x4 final "
         "position's whole imagined game is 99 M states; docs/japanese.md)",
         "N"},
        {"algorithm", 0, 0, G_OPTION_ARG_STRING, &algorithm_text,
         "alphabeta (the table), pns (proof-number search: math and pseudo, and the scored "
         "rule sets whose games end, japanese among them; --memory bounds its tree, collected when "
         "full), retrograde (math and pseudo played with ko=simple,cycle=draw: the board's "
         "simple-ko tablebase first, within --memory, then alpha-beta bounded by its values; "
         "docs/tablebases.md) or auto "
         "(default: retrograde under those rules up to 15 points, on strips and when suicide is "
         "legal; pns on 1xN boards under every rule set it solves; else alphabeta; "
         "docs/solver.md)",
         "A"},
        {"leaf-nodes", 0, 0, G_OPTION_ARG_INT64, &leaf_nodes,
         "pns: give each new leaf first to an alpha-beta test of at most N nodes, whose table "
         "keeps proofs across the tree (0: none; default 8192 under chinese, old-chinese and "
         "tromp-taylor, 0 elsewhere; docs/solver.md, \"Alpha-beta at the leaves\")",
         "N"},
        {"decompose", 0, 0, G_OPTION_ARG_NONE, &decompose,
         "solve from the values of the regions the safe stones wall off (math or territory "
         "rules; docs/regions.md)",
         NULL},
        {"distributed", 0, 0, G_OPTION_ARG_NONE, &distributed,
         "the value only, its search spread over the ranks of an MPI job (mpirun -np N mathgo "
         "solve ...; rank 0 coordinates; docs/scale.md)",
         NULL},
        {"journal", 0, 0, G_OPTION_ARG_FILENAME, &journal,
         "with --distributed: record the units and their answers in FILE; the same command "
         "started again (with any number of ranks) skips the units answered",
         "FILE"},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    int status = FRONT_EXIT_USAGE;
    GError *err = NULL;
    board_geom_t *geom = NULL;
    game_t *game = NULL;
    solve_engine_t engine = {0};
    char *rules_name = NULL;
    GOptionContext *ctx = g_option_context_new("[WxH] - solve a board exactly");
    g_option_context_set_summary(
        ctx, "Solves the board (from the empty board with Black to move, unless --from) and "
             "prints the exact value, the optimal first moves and an optimal game.\n"
             "No-pass rules (math, pseudo): who wins, and a game with the winner hurrying and "
             "the loser delaying.  Scored rules: the margin, Black minus White minus komi.");
    g_option_context_add_main_entries(ctx, entries, NULL);
    front_rules_args_add(ctx, &rules_args);
    front_progress_args_add(ctx, &progress_args);
    if (!g_option_context_parse(ctx, &argc, &argv, &err)) {
        fprintf(stderr, "mathgo solve: %s\n", err->message);
        goto done;
    }
    if (argc > 2) {
        status = front_usage("solve", "unexpected argument '%s'", argv[2]);
        goto done;
    }

    if (winner && !positions &&
        (sgf || svg || variations || diagrams || decompose || distributed)) {
        /* A single board's winner is the value's sign only: no game.  A checkpoint is fine:
         * what it saves are bounds the tests proved, which a full solve of the same problem
         * may take for its own (and the winner is answered at once from a full solve's). */
        status = front_usage("solve", "%s",
                             "--winner asks the sign of the value only: no --sgf, --svg, "
                             "--variations, --pv-diagrams, --decompose or --distributed");
        goto done;
    }
    if (journal && !distributed) {
        status = front_usage("solve", "%s", "--journal goes with --distributed");
        goto done;
    }
    if (distributed && (sgf || svg || variations || diagrams || checkpoint || decompose ||
                        positions || algorithm_text || max_nodes || max_seconds > 0)) {
        status = front_usage("solve", "%s",
                             "--distributed computes the value only, by alpha-beta: no --sgf, "
                             "--svg, --variations, --pv-diagrams, --checkpoint, --decompose, "
                             "--positions, --algorithm, --max-nodes or --max-time");
        goto done;
    }
    if (journal && (!*journal || !strcmp(journal, "-"))) {
        status = front_usage("solve", "--journal: '%s' is not a file name", journal);
        goto done;
    }
    if (distributed && !solve_distributed_check())
        goto done;
    if (variations && !sgf) {
        status = front_usage("solve", "%s", "--variations goes with --sgf FILE");
        goto done;
    }
    if (sgf && !solve_check_writable(sgf, &err)) {
        fprintf(stderr, "mathgo solve: --sgf: %s\n", err->message);
        goto done;
    }
    if (svg && (value_only || decompose)) {
        status = front_usage("solve", "%s",
                             "--svg draws the optimal game: no --value-only or --decompose");
        goto done;
    }
    if (svg && strcmp(svg, "-") && !solve_check_writable(svg, &err)) {
        fprintf(stderr, "mathgo solve: --svg: %s\n", err->message);
        goto done;
    }
    if (decompose && (sgf || diagrams || value_only)) {
        status = front_usage("solve", "%s",
                             "--decompose prints its own line: no --sgf, --pv-diagrams or "
                             "--value-only");
        goto done;
    }
    size_t memory = front_default_memory(false); /* alpha-beta's, once it is chosen */
    if (memory_text && !front_parse_memory(&memory, memory_text)) {
        status =
            front_usage("solve", "--memory: '%s' is not a size such as 64M or 1G", memory_text);
        goto done;
    }
    if (value_only && (sgf || diagrams)) {
        status = front_usage("solve", "%s",
                             "--value-only computes no optimal game for --sgf or --pv-diagrams");
        goto done;
    }
    if (!front_check_limits("solve", max_seconds, max_nodes))
        goto done;
    if (analysis_limit < 0 || analysis_limit > 1000000000000) {
        status = front_usage("solve", "--analysis-limit: %lld is not between 1 and 10^12",
                             (long long)analysis_limit);
        goto done;
    }
    if (!front_check_analysis_states("solve", analysis_states, NULL)) {
        status = FRONT_EXIT_USAGE;
        goto done;
    }
    if (leaf_nodes != G_MININT64 && (leaf_nodes < 0 || leaf_nodes > 1000000000000)) {
        status = front_usage("solve", "--leaf-nodes: %lld is not between 0 and 10^12",
                             (long long)leaf_nodes);
        goto done;
    }
    uint64_t leaf_budget =
        leaf_nodes == G_MININT64 ? SOLVE_LEAF_NODES_DEFAULT : (uint64_t)leaf_nodes;
    if (!front_progress_args_parse(&show_progress, "solve", &progress_args))
        goto done;
    if (threads < 1 || threads > 64) {
        fprintf(stderr, "mathgo solve: --threads: %d is not between 1 and 64\n", threads);
        goto done;
    }
    if (!(checkpoint_every > 0 && checkpoint_every < 1e9)) {
        status = front_usage("solve", "--checkpoint-every: %g is not a number of seconds > 0",
                             checkpoint_every);
        goto done;
    }
    if (checkpoint && decompose) {
        status = front_usage("solve", "%s", "--checkpoint saves a search: no --decompose");
        goto done;
    }
    if (checkpoint && (!*checkpoint || !strcmp(checkpoint, "-"))) {
        status = front_usage("solve", "--checkpoint: '%s' is not a file name", checkpoint);
        goto done;
    }
    if (checkpoint && !g_file_test(checkpoint, G_FILE_TEST_EXISTS) &&
        !solve_check_writable(checkpoint, &err)) {
        fprintf(stderr, "mathgo solve: --checkpoint: %s\n", err->message);
        goto done;
    }
    solve_algorithm_t algorithm;
    if (!solve_algorithm_parse(&algorithm, algorithm_text)) {
        status = front_usage("solve", "--algorithm: '%s' is not alphabeta, pns, retrograde or auto",
                             algorithm_text);
        goto done;
    }
    bool chosen_auto = algorithm == SOLVE_ALGORITHM_AUTO;
    if (algorithm_text && decompose) {
        status = front_usage("solve", "%s", "--decompose searches nothing: no --algorithm");
        goto done;
    }

    int width = 0, height = 0;
    if (argc == 2 && !board_parse_size(&width, &height, argv[1], &err)) {
        fprintf(stderr, "mathgo solve: %s\n", err->message);
        goto done;
    }
    if (region && !from) {
        status = front_usage("solve", "%s", "--region reads the diagram of --from FILE: give one");
        goto done;
    }
    if (from) {
        if (!front_position_read(&pos, "solve", from, region || decompose))
            goto done;
        const board_geom_t *g = pos.geom;
        if (width && (g->width != width || g->height != height)) {
            fprintf(stderr, "mathgo solve: --from %s: the position is %dx%d, not %dx%d\n", from,
                    g->width, g->height, width, height);
            goto done;
        }
        width = g->width, height = g->height;
    }
    if (!width) {
        status = front_usage("solve", "%s", "give a board size (e.g. 3x3) or --from FILE");
        goto done;
    }
    if (sgf && (width > SGF_MAX_WIDTH || height > SGF_MAX_WIDTH)) {
        status = front_usage("solve", "--sgf: a %dx%d board: SGF names at most %d columns and rows",
                             width, height, SGF_MAX_WIDTH);
        goto done;
    }
    rules_t rules;
    if (!front_position_rules(&rules, "solve", &rules_args, &pos, FRONT_DEFAULT_RULES))
        goto done;
    region_model_t decompose_model;
    if (decompose ? !solve_decompose_model(&decompose_model, &rules, &err)
                  : !search_rules_supported(&rules, &err)) {
        /* The rule set may be the file's (SGF RU) rather than the command line's. */
        if (!rules_args.rules_text && pos.rules_text)
            fprintf(stderr, "mathgo solve: %s: the file's rules '%s': %s (give --rules)\n", from,
                    pos.rules_text, err->message);
        else
            fprintf(stderr, "mathgo solve: --rules: %s\n", err->message);
        goto done;
    }
    if (positions) {
        /* A list of fresh starts (front/solve_list.h): values only, one row each. */
        if (from || to_move_text || sgf || svg || variations || diagrams || decompose) {
            status = front_usage("solve", "%s",
                                 "--positions solves fresh starts for their values only: no "
                                 "--from, --to-move, --sgf, --svg, --pv-diagrams or --decompose");
            goto done;
        }
        if (!(geom = board_geom_create(width, height, &err))) {
            fprintf(stderr, "mathgo solve: %s\n", err->message);
            goto done;
        }
        if (!front_check_analysis_states("solve", analysis_states, geom)) {
            status = FRONT_EXIT_USAGE;
            goto done;
        }
        if (!solve_choose_algorithm(&algorithm, &memory, &status, geom, &rules, threads,
                                    checkpoint != NULL, true, memory_text != NULL, true,
                                    leaf_nodes != G_MININT64))
            goto done;
        if (checkpoint && !memory) {
            status = front_usage("solve", "%s",
                                 "--checkpoint with --positions keeps the table: not with "
                                 "--memory 0");
            goto done;
        }
        rules_name =
            rules_args.rules_text ? g_strdup(rules_args.rules_text) : rules_to_string(&rules);
        solve_list_options_t list = {positions,
                                     rules_name,
                                     &rules,
                                     memory,
                                     threads,
                                     (uint64_t)(max_nodes > 0 ? max_nodes : 0),
                                     max_seconds,
                                     csv,
                                     !no_header,
                                     show_progress,
                                     algorithm == SOLVE_ALGORITHM_PNS,
                                     NULL,
                                     winner,
                                     checkpoint,
                                     checkpoint_every,
                                     run.command,
                                     (uint64_t)analysis_limit,
                                     (uint32_t)analysis_states,
                                     leaf_budget};
        if (algorithm == SOLVE_ALGORITHM_RETROGRADE) {
            if (!make_tablebase(&status, &engine, NULL, NULL, geom, &rules, threads, memory,
                                memory_text != NULL, chosen_auto, progress_args.quiet))
                goto done;
            list.tablebase = engine.tablebase;
        }
        status = solve_list(geom, &list);
        goto done;
    }
    if (from) {
        if (!(game = front_position_game("solve", from, &pos, &rules, to_move_text)))
            goto done;
        geom = pos.geom; /* the game borrows it: owned here from now on */
        pos.geom = NULL;
    } else {
        if (!(geom = board_geom_create(width, height, &err))) {
            fprintf(stderr, "mathgo solve: %s\n", err->message);
            goto done;
        }
        board_color_t first = BOARD_BLACK;
        if (to_move_text && !front_parse_color(&first, "solve", "--to-move", to_move_text))
            goto done;
        board_t empty = board_initial(geom);
        game = game_create_from(geom, &rules, &empty, first, &err);
        g_assert(game);
    }
    if (!front_check_analysis_states("solve", analysis_states, geom)) {
        status = FRONT_EXIT_USAGE;
        goto done;
    }
    board_color_t to_move = (board_color_t)game_current(game)->to_move;
    board_t start = game_current(game)->board;
    if (analysis_limit) /* the Analysis of a --from game already ended too */
        game_set_analysis_nodes(game, (uint64_t)analysis_limit);
    game_set_analysis_states(game, (uint32_t)analysis_states);
    if (distributed) {
        search_memory_plan_t each_plan;
        if (memory && !search_memory_plan(&each_plan, memory, threads, &err)) {
            fprintf(stderr, "mathgo solve: --memory %s: %s\n", memory_text ? memory_text : "",
                    err->message);
            status = FRONT_EXIT_FAILURE;
            goto done;
        }
        search_options_t each = search_options_default();
        each.tt_bytes = 0;
        each.memory_bytes = memory;
        each.threads = threads;
        rules_name =
            rules_args.rules_text ? g_strdup(rules_args.rules_text) : rules_to_string(&rules);
        solve_distributed_args_t args = {rules_name, journal,       run.command,
                                         each,       show_progress, progress_args.quiet};
        status = solve_distributed(geom, &rules, game, &args);
        goto done;
    }
    if (!solve_choose_algorithm(&algorithm, &memory, &status, geom, &rules, threads,
                                checkpoint != NULL, false, memory_text != NULL, !decompose,
                                leaf_nodes != G_MININT64))
        goto done;
    search_memory_plan_t plan;
    if (algorithm != SOLVE_ALGORITHM_PNS && memory && !decompose &&
        !search_memory_plan(&plan, memory, threads, &err)) {
        fprintf(stderr, "mathgo solve: --memory %s: %s\n", memory_text ? memory_text : "",
                err->message);
        status = FRONT_EXIT_FAILURE;
        goto done;
    }

    if (decompose && game_length(game)) {
        status = front_usage("solve", "%s",
                             "--decompose solves a position without history: no moves in --from");
        goto done;
    }
    /* Before any thread: every thread started from here on leaves the signals to the watcher. */
    run.path = checkpoint;
    run.quiet = progress_args.quiet;
    if (!decompose)
        watcher = front_interrupt_watch(solve_stopper_on_signal, &run.stop);
    ticker = front_ticker_create("solve", show_progress);
    front_ticker_phase(ticker, "%s", decompose ? "the regions' values" : "the value: in [?, ?]");
    if (decompose) {
        status = solve_decompose(geom, &start, &rules, to_move, csv, !no_header);
        goto done;
    }

    if (algorithm == SOLVE_ALGORITHM_RETROGRADE &&
        !make_tablebase(&status, &engine, &run.stop, ticker, geom, &rules, threads, memory,
                        memory_text != NULL, chosen_auto, progress_args.quiet))
        goto done;
    search_options_t opts = search_options_default();
    opts.tt_bytes = 0;
    opts.memory_bytes = memory; /* 0: no table, and stacks as deep as the solver allows */
    opts.tablebase = engine.tablebase;
    opts.threads = threads;
    opts.max_nodes = (uint64_t)(max_nodes > 0 ? max_nodes : 0);
    opts.max_seconds = max_seconds > 0 ? max_seconds : 0;
    opts.analysis_last_nodes = (uint64_t)analysis_limit;
    opts.analysis_attractor_states = (uint32_t)analysis_states;
    progress_context_t progress_ctx = {&rules,           show_progress, ticker, -SEARCH_VALUE_INF,
                                       SEARCH_VALUE_INF, value_only};
    opts.progress = print_progress;
    opts.progress_data = &progress_ctx;
    if (checkpoint) {
        opts.checkpoint = on_checkpoint;
        opts.checkpoint_data = &run;
        opts.checkpoint_seconds = checkpoint_every;
    }
    if (algorithm == SOLVE_ALGORITHM_PNS)
        solve_engine_init_pns(&engine, memory, &opts, geom, &rules, leaf_budget);
    else if (!(engine.search = search_create(geom, &rules, &opts, &err))) {
        fprintf(stderr, "mathgo solve: %s\n", err->message);
        status = FRONT_EXIT_FAILURE;
        goto done;
    }
    search_t *search = engine.search; /* NULL under proof-number search (no table) */
    /* The table a checkpoint keeps: alpha-beta's, or that of proof-number search's leaf tests
     * (whose proofs about their own positions and histories serve the next sitting's tests),
     * or none. */
    search_t *table_search = search ? search : engine.leaf_search;
    front_ticker_watch(ticker, search);
    front_ticker_watch_pns(ticker, engine.pns);
    if (checkpoint) {
        run.problem = checkpoint_problem(game);
        run.pns = engine.pns;
        if (g_file_test(checkpoint, G_FILE_TEST_EXISTS)) {
            /* Proof-number search takes the bounds, and the entries into its leaves' table
             * when it has one (an alpha-beta run's file too: each entry is a proof about its
             * own position and history, whichever search made it); else they are skipped. */
            if (!checkpoint_load_tree(&run.before, checkpoint, MATHGO_VERSION, run.problem,
                                      table_search ? search_table(table_search) : NULL, engine.pns,
                                      &err)) {
                fprintf(stderr, "mathgo solve: --checkpoint %s\n", err->message);
                status = err->code == CHECKPOINT_ERROR_IO ? FRONT_EXIT_FAILURE : FRONT_EXIT_USAGE;
                goto done;
            }
            if (search)
                checkpoint_resume(search, &run.before);
            else
                pns_resume(engine.pns, run.before.lo, run.before.hi);
            progress_ctx.lo = run.before.lo, progress_ctx.hi = run.before.hi;
            phase_known(&progress_ctx, run.before.lo, run.before.hi,
                        NULL); /* until a test begins */
            if (!run.quiet) {
                char lo[32], hi[32], test[32];
                /* Which test goes on (alpha-beta asks it first: search_resume_test). */
                char *going_on =
                    search && run.before.testing
                        ? g_strdup_printf("; going on with >= %s?",
                                          progress_value_text(test, run.before.test, &rules))
                        : g_strdup("");
                fprintf(stderr,
                        "mathgo solve: resuming from %s: the value is in [%s, %s] after %llu "
                        "nodes and %.1f s%s\n",
                        checkpoint, progress_value_text(lo, run.before.lo, &rules),
                        progress_value_text(hi, run.before.hi, &rules),
                        (unsigned long long)run.before.nodes, run.before.seconds, going_on);
                g_free(going_on);
                if (run.before.tree_read)
                    fprintf(stderr,
                            "mathgo solve: with the proof-number tree of the test under way "
                            "(%llu nodes), which that test goes on with\n",
                            (unsigned long long)run.before.tree_records);
                else if (run.before.tree_too_large)
                    fprintf(stderr,
                            "mathgo solve: the file's proof-number tree (%llu nodes) does not "
                            "fit --memory: its test starts again from the root\n",
                            (unsigned long long)run.before.tree_records);
            }
        }
    }
    if (max_seconds > 0) {
        /* --max-time is the command's: what the checkpoint's load and the tablebase took comes
         * off the search's share (a run resumed from 9.5 GB spent 100 s loading it).  None left:
         * the search stops at its first check, saving the checkpoint again. */
        double left = max_seconds - (front_seconds() - command_started);
        if (search)
            search_set_limits(search, opts.max_nodes, left > 1e-3 ? left : 1e-3);
        else if (engine.pns)
            pns_set_limits(engine.pns, opts.max_nodes, left > 1e-3 ? left : 1e-3);
    }
    solve_stopper_attach(&run.stop, &engine);
    search_result_t res;
    rules_name = rules_args.rules_text ? g_strdup(rules_args.rules_text) : rules_to_string(&rules);
    search_bounds_t winner_bounds;
    bool solved = winner ? solve_engine_winner(&winner_bounds, &engine, game, &err)
                         : solve_engine_solve(&res, &engine, game, value_only, &err);
    /* The root's bounds and line, for the checkpoint written once the run ends: the searches
     * of --variations below replace the search's own. */
    search_bounds_t root_bounds = winner ? winner_bounds : solve_engine_bounds(&engine);
    search_line_t root_line;
    if (root_bounds.line) {
        root_line = *root_bounds.line;
        root_bounds.line = &root_line;
    }
    run.root_solved = solved;
    if (!solved) {
        search_stats_t st = solve_engine_stats(&engine);
        search_bounds_t bounds = root_bounds;
        progress_ctx.lo = bounds.lo, progress_ctx.hi = bounds.hi;
        char lo[32], hi[32];
        progress_value_text(lo, bounds.lo, &rules);
        progress_value_text(hi, bounds.hi, &rules);
        if (err->code == SEARCH_ERROR_INTERRUPTED)
            fprintf(stderr,
                    "mathgo solve: %dx%d %s: stopped by %s after %.1f s: the value is in "
                    "[%s, %s]\n",
                    width, height, rules_name, solve_signal_name(solve_stopper_signal(&run.stop)),
                    st.seconds, lo, hi);
        else
            fprintf(stderr, "mathgo solve: %dx%d %s: %s (%.1f s); the value is in [%s, %s]\n",
                    width, height, rules_name, err->message, st.seconds, lo, hi);
        if (checkpoint && save_checkpoint(&run, table_search, &bounds))
            fprintf(stderr, "mathgo solve: saved %s: the same command resumes from it\n",
                    checkpoint);
        status = FRONT_EXIT_FAILURE;
        if (csv && (err->code == SEARCH_ERROR_LIMIT || err->code == SEARCH_ERROR_DEPTH ||
                    err->code == SEARCH_ERROR_INTERRUPTED)) {
            /* The bounds the root tests proved before the limit, in place of the value. */
            solve_csv_row_t row = {geom,
                                   rules_name,
                                   &rules,
                                   to_move,
                                   NULL,
                                   value_only,
                                   progress_ctx.lo,
                                   progress_ctx.hi,
                                   err->code == SEARCH_ERROR_DEPTH   ? "depth"
                                   : err->code == SEARCH_ERROR_LIMIT ? "limit"
                                                                     : "interrupted",
                                   st,
                                   peak_mb(),
                                   threads,
                                   NULL,
                                   run.before.nodes,
                                   run.before.seconds};
            if (!no_header)
                printf("%s\n", solve_csv_header);
            solve_print_csv_row(stdout, &row);
        }
        if (sgf) {
            /* What the search proved before the limit, on the root. */
            char *known = g_strdup_printf("not solved: %s; the value is between %s and %s",
                                          err->message, lo, hi);
            solve_sgf_t what = {game, NULL, known, NULL, 0};
            g_clear_error(&err);
            if (!solve_write_sgf(sgf, &what, &err))
                fprintf(stderr, "mathgo solve: --sgf: %s\n", err->message);
            g_free(known);
        }
        if (svg)
            write_svg(svg, game, NULL, &rules);
        goto done;
    }
    if (winner) {
        search_stats_t st = solve_engine_stats(&engine);
        if (!engine.search) /* the tests' own, as --positions counts them */
            st.nodes = st.nodes_main = root_bounds.nodes;
        if (checkpoint) /* the answer in the file too, for this command and a full solve */
            save_checkpoint(&run, table_search, &root_bounds);
        if (csv) {
            solve_csv_row_t row = {.geom = geom,
                                   .rules_name = rules_name,
                                   .rules = &rules,
                                   .to_move = to_move,
                                   .value_only = true,
                                   .lower = root_bounds.lo,
                                   .upper = root_bounds.hi,
                                   .status = "winner",
                                   .winner = solve_winner_code(root_bounds.lo, root_bounds.hi),
                                   .stats = st,
                                   .peak_mb = peak_mb(),
                                   .threads = threads,
                                   .nodes_before = run.before.nodes,
                                   .seconds_before = run.before.seconds};
            if (!no_header)
                printf("%s\n", solve_csv_header);
            solve_print_csv_row(stdout, &row);
        } else {
            print_header(game, &start, &rules, rules_name);
            printf("result: ");
            solve_print_winner(stdout, root_bounds.lo, root_bounds.hi);
            printf("\nnodes %llu, time %.3f s\n", (unsigned long long)st.nodes, st.seconds);
            solve_engine_print_stats(stdout, &engine, peak_mb(), threads);
        }
        status = FRONT_EXIT_OK;
        goto done;
    }
    if (variations) {
        /* Each first move's value: a solve of the position after it, on the same table. */
        board_move_t moves[BOARD_MAX_POINTS + 1];
        int n = game_legal_moves(moves, game);
        first_moves = g_new0(solve_first_move_t, n ? n : 1);
        for (int i = 0; i < n; i++) {
            game_t *after = game_copy(game);
            game_play(after, moves[i]);
            solve_first_move_t *f = &first_moves[first_move_count++];
            f->move = moves[i];
            char name[8];
            front_ticker_phase(ticker, "--variations: first move %d of %d (%s)", i + 1, n,
                               board_move_name(name, geom, moves[i]));
            f->solved = solve_engine_solve(&f->result, &engine, after, false, &err);
            g_clear_error(&err);
            game_destroy(after);
        }
        /* Best first for the player to move; unsolved ones last (insertion sort: at most 65). */
        int sign = to_move == BOARD_BLACK ? 1 : -1;
        for (int i = 1; i < first_move_count; i++) {
            solve_first_move_t f = first_moves[i];
            int j = i;
            for (; j > 0; j--) {
                const solve_first_move_t *p = &first_moves[j - 1];
                bool better =
                    f.solved && (!p->solved || sign * f.result.value > sign * p->result.value);
                if (!better)
                    break;
                first_moves[j] = first_moves[j - 1];
            }
            first_moves[j] = f;
        }
    }
    front_interrupt_stop(watcher); /* a signal from here on ends the process as usual */
    watcher = NULL;
    int stopped = solve_stopper_signal(&run.stop);
    if (stopped) {
        /* During --variations: the first moves' values are incomplete; nothing is written. */
        fprintf(stderr, "mathgo solve: stopped by %s during --variations: the value is %s\n",
                solve_signal_name(stopped), solve_result_text((char[32]){0}, res.value, &rules));
        status = FRONT_EXIT_FAILURE;
        goto done;
    }
    if (checkpoint) {
        /* The answer in the file too: the same command then answers at once.  The root's
         * bounds, not the last search's: before 2026-12-04 a run with --variations saved the
         * value of its last first move's position as the root's (1x4 chinese, B+4, was
         * answered W+4 from its file). */
        save_checkpoint(&run, table_search, &root_bounds);
    }
    search_stats_t st = solve_engine_stats(&engine);
    char result[32];
    solve_result_text(result, res.value, &rules);
    char *best = solve_moves_text(geom, res.best, res.best_count, ", ");
    if (svg && !strcmp(svg, "-")) {
        /* the picture alone on stdout */
    } else if (csv) {
        solve_csv_row_t row = {
            geom,       rules_name, &rules,    to_move,          &res,
            value_only, res.value,  res.value, "solved",         st,
            peak_mb(),  threads,    NULL,      run.before.nodes, run.before.seconds};
        if (!no_header)
            printf("%s\n", solve_csv_header);
        solve_print_csv_row(stdout, &row);
    } else {
        print_header(game, &start, &rules, rules_name);
        if (search_value_is_win(res.value))
            printf("result: %s wins (%d plies with perfect play)\n",
                   res.value > 0 ? "Black" : "White", search_value_plies(res.value));
        else if (rules.scoring == RULES_SCORING_LAST_MOVE && res.value == 0)
            printf("result: draw (neither side can force a win: a repetition ends the game)\n");
        else
            printf("result: %s\n", result);
        bool mover_wins =
            search_value_is_win(res.value) && (res.value > 0) == (to_move == BOARD_BLACK);
        if (!value_only) {
            printf("%s first moves: %s\n", mover_wins ? "winning" : "optimal",
                   res.best_count ? best : "(none)");
            printf("optimal game (%d plies%s):\n", res.pv_length,
                   res.pv_truncated ? ", truncated" : "");
            solve_print_game(stdout, game, &res, diagrams);
        }
        printf("nodes %llu, time %.3f s, %.0f nodes/s\n", (unsigned long long)st.nodes, st.seconds,
               st.seconds > 0 ? st.nodes / st.seconds : 0.0);
        solve_engine_print_stats(stdout, &engine, peak_mb(), threads);
    }
    g_free(best);
    status = FRONT_EXIT_OK;
    solve_sgf_t what = {game, &res, NULL, first_moves, first_move_count};
    front_ticker_phase(ticker, "%s", "writing --sgf");
    if (sgf && !solve_write_sgf(sgf, &what, &err)) {
        fprintf(stderr, "mathgo solve: --sgf: %s\n", err->message);
        status = FRONT_EXIT_FAILURE;
    }
    if (svg && !write_svg(svg, game, &res, &rules))
        status = FRONT_EXIT_FAILURE;
done:
    front_ticker_destroy(ticker);
    front_interrupt_stop(watcher);
    solve_stopper_attach(&run.stop, NULL);
    g_mutex_clear(&run.stop.lock);
    checkpoint_info_clear(&run.before);
    g_free(run.problem);
    g_free(run.command);
    g_free(checkpoint);
    g_clear_error(&err);
    solve_engine_clear(&engine);
    game_destroy(game);
    board_geom_destroy(geom);
    front_position_clear(&pos);
    g_free(first_moves);
    g_free(rules_name);
    front_rules_args_clear(&rules_args);
    g_free(from);
    g_free(positions);
    g_free(journal);
    g_free(to_move_text);
    g_free(sgf);
    g_free(svg);
    g_free(memory_text);
    g_free(algorithm_text);
    g_option_context_free(ctx);
    return status;
}
