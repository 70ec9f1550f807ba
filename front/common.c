/* front/common.c: option parsing, board and rules set-up, timing, file reading. */
#include "front/common.h"

#include "front/commands.h"

#include <errno.h>
#include <stdarg.h>
#include "core/japanese.h"
#include "positions/diagram.h"
#include "positions/sgf.h"
#include "solver/checkpoint.h"

#include <math.h>
#include <poll.h>
#include <sys/resource.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>

bool front_parse_options(GOptionContext *context, int *argc, char ***argv, const char *name)
{
    GError *error = NULL;
    if (g_option_context_parse(context, argc, argv, &error))
        return true;
    fprintf(stderr, "mathgo %s: %s (try 'mathgo %s --help')\n", name, error->message, name);
    g_error_free(error);
    return false;
}

int front_usage(const char *name, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    fprintf(stderr, "mathgo %s: ", name);
    vfprintf(stderr, format, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    return FRONT_EXIT_USAGE;
}

int front_fail_usage(const char *name, GError *error)
{
    fprintf(stderr, "mathgo %s: %s\n", name, error ? error->message : "bad input");
    if (error)
        g_error_free(error);
    return FRONT_EXIT_USAGE;
}

void front_rules_args_add_default(GOptionContext *context, front_rules_args_t *args,
                                  const char *default_rules)
{
    g_free(args->rules_help);
    args->rules_help = g_strdup_printf(
        "rule set: a preset (math, pseudo, tromp-taylor, chinese, old-chinese, japanese) and "
        "key=value overrides, e.g. chinese,ko=simple (default %s; docs/rules.md)",
        default_rules);
    GOptionEntry entries[] = {
        {"rules", 'r', 0, G_OPTION_ARG_STRING, &args->rules_text, args->rules_help, "R"},
        {"komi", 'k', 0, G_OPTION_ARG_STRING_ARRAY, &args->komi_texts,
         "komi, an integer or half-integer between -5000 and 5000 (default 0; not with the "
         "rules without a score, math and pseudo)",
         "K"},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    g_option_context_add_main_entries(context, entries, NULL);
}

void front_rules_args_add(GOptionContext *context, front_rules_args_t *args)
{
    front_rules_args_add_default(context, args, FRONT_DEFAULT_RULES);
}

void front_progress_args_add(GOptionContext *context, front_progress_args_t *args)
{
    GOptionEntry entries[] = {
        {"progress", 0, 0, G_OPTION_ARG_NONE, &args->progress,
         "progress on stderr (the default when stderr is a terminal)", NULL},
        {"quiet", 'q', 0, G_OPTION_ARG_NONE, &args->quiet,
         "no progress on stderr, even on a terminal", NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    g_option_context_add_main_entries(context, entries, NULL);
}

bool front_progress_args_parse(bool *show, const char *name, const front_progress_args_t *args)
{
    if (args->progress && args->quiet) {
        front_usage(name, "%s", "--progress and --quiet: give one");
        return false;
    }
    *show = !args->quiet && (args->progress || isatty(STDERR_FILENO));
    return true;
}

const char *front_rules_args_komi(const front_rules_args_t *args)
{
    return args->komi_texts && args->komi_texts[0] ? args->komi_texts[0] : NULL;
}

/* The komi=... word of a rules text, or NULL. */
static char *komi_word(const char *rules_text)
{
    char **words = g_strsplit(rules_text, ",", -1);
    char *found = NULL;
    for (int i = 0; words[i] && !found; i++) {
        char *w = g_strstrip(words[i]);
        if (g_str_has_prefix(w, "komi") && g_strstrip(w + 4)[0] == '=')
            found = g_strdup(w);
    }
    g_strfreev(words);
    return found;
}

bool front_rules_args_parse(rules_t *rules, const char *name, const front_rules_args_t *args,
                            const char *fallback)
{
    GError *error = NULL;
    const char *komi = front_rules_args_komi(args);
    if (komi && args->komi_texts[1]) {
        front_usage(name, "--komi given twice ('%s' and '%s'): give it once", komi,
                    args->komi_texts[1]);
        return false;
    }
    char *in_rules = args->rules_text ? komi_word(args->rules_text) : NULL;
    if (komi && in_rules) {
        front_usage(name, "komi given twice (--komi %s and '%s' in --rules): give it once", komi,
                    in_rules);
        g_free(in_rules);
        return false;
    }
    if (!rules_parse(rules, args->rules_text ? args->rules_text : fallback, &error) ||
        (komi && !rules_parse_komi(&rules->komi2, komi, &error))) {
        g_free(in_rules);
        front_fail_usage(name, error);
        return false;
    }
    if ((komi || in_rules) && rules->scoring == RULES_SCORING_LAST_MOVE) {
        char *what = komi ? g_strdup_printf("--komi %s", komi)
                          : g_strdup_printf("'%s' in --rules", in_rules);
        front_usage(name,
                    "%s: the rules '%s' have no score (the player who cannot move loses), so a "
                    "komi means nothing there",
                    what, args->rules_text ? args->rules_text : fallback);
        g_free(what);
        g_free(in_rules);
        return false;
    }
    g_free(in_rules);
    return true;
}

void front_rules_args_clear(front_rules_args_t *args)
{
    g_free(args->rules_text);
    g_strfreev(args->komi_texts);
    g_free(args->rules_help);
    args->rules_text = args->rules_help = NULL;
    args->komi_texts = NULL;
}

bool front_check_limits(const char *name, double max_seconds, gint64 max_nodes)
{
    if (!(max_seconds >= 0) || !isfinite(max_seconds)) {
        front_usage(name, "--max-time: %g is not a number of seconds >= 0", max_seconds);
        return false;
    }
    if (max_nodes < 0) {
        front_usage(name, "--max-nodes: %" G_GINT64_FORMAT " is not a number of nodes >= 0",
                    max_nodes);
        return false;
    }
    return true;
}

bool front_check_analysis_states(const char *name, gint64 states, const board_geom_t *geom)
{
    if (states < 0 || states > UINT32_MAX - 1) {
        front_usage(name, "--analysis-states: %" G_GINT64_FORMAT " is not between 1 and %u", states,
                    UINT32_MAX - 1);
        return false;
    }
    if (!geom || !states)
        return true;
    uint32_t taken = japanese_attractor_states_on(geom, (uint32_t)states);
    double need = (double)taken * JAPANESE_ATTRACTOR_STATE_BYTES, have = front_physical_memory();
    if (have > 0 && need > have) {
        char cap[96] = "";
        if (taken < states)
            g_snprintf(cap, sizeof cap, " (taken as %u, the most a %dx%d board holds)", taken,
                       geom->width, geom->height);
        front_usage(name,
                    "--analysis-states: %" G_GINT64_FORMAT " states%s take about %.1f GB (%d "
                    "bytes a state), more than this machine's %.1f GB",
                    states, cap, need / 1e9, JAPANESE_ATTRACTOR_STATE_BYTES, have / 1e9);
        return false;
    }
    return true;
}

int front_finish_output(const char *name, int status)
{
    errno = 0;
    bool failed = fflush(stdout) != 0 || ferror(stdout);
    if (!failed || status != FRONT_EXIT_OK) /* a failing command has said why */
        return status;
    /* An earlier buffered write failed and its errno is gone: a pipe without a reader still
     * says so (POLLERR on the write end). */
    struct pollfd pipe_end = {STDOUT_FILENO, POLLOUT, 0};
    if (!errno && poll(&pipe_end, 1, 0) == 1 && (pipe_end.revents & POLLERR))
        errno = EPIPE;
    fprintf(stderr, "mathgo %s: cannot write the output: %s\n", name,
            errno ? g_strerror(errno) : "write error");
    return FRONT_EXIT_FAILURE;
}

bool front_parse_color(board_color_t *color, const char *name, const char *option, const char *text)
{
    if (!g_ascii_strcasecmp(text, "b") || !g_ascii_strcasecmp(text, "black"))
        *color = BOARD_BLACK;
    else if (!g_ascii_strcasecmp(text, "w") || !g_ascii_strcasecmp(text, "white"))
        *color = BOARD_WHITE;
    else {
        fprintf(stderr, "mathgo %s: %s '%s' is not b or w\n", name, option, text);
        return false;
    }
    return true;
}

board_geom_t *front_geom(const char *name, const char *size_text)
{
    GError *error = NULL;
    int w, h;
    board_geom_t *geom = NULL;
    if (board_parse_size(&w, &h, size_text, &error))
        geom = board_geom_create(w, h, &error);
    if (!geom)
        front_fail_usage(name, error);
    return geom;
}

bool front_read_diagram(board_t *board, board_geom_t **geom, const char *name, const char *where,
                        const char *text, bool region)
{
    GError *error = NULL;
    int w, h;
    uint64_t on_board, safe[2] = {0, 0};
    *geom = NULL;
    /* A diagram as `mathgo show` prints it (column names, row numbers, a report below) reads
     * as its rows. */
    char *unframed = diagram_strip_frame(text, &error);
    if (!unframed)
        goto fail;
    text = unframed;
    if (region || diagram_looks_like_region(text)) {
        if (diagram_parse_region(board, &w, &h, &on_board, safe, text, &error))
            *geom = board_geom_create_region(w, h, on_board, safe, &error);
    } else if (diagram_parse(board, &w, &h, text, &error)) {
        *geom = board_geom_create(w, h, &error);
    }
    g_free(unframed);
    if (*geom)
        return true;
fail:
    fprintf(stderr, "mathgo %s: %s: %s\n", name, where, error->message);
    g_error_free(error);
    return false;
}

void front_csv_field(FILE *out, const char *text)
{
    if (!strpbrk(text, ",\"\r\n")) {
        fputs(text, out);
        return;
    }
    fputc('"', out);
    for (; *text; text++) {
        if (*text == '"')
            fputc('"', out);
        fputc(*text, out);
    }
    fputc('"', out);
}

char *front_command_line(int argc, char **argv)
{
    GString *s = g_string_new("mathgo");
    for (int i = 0; i < argc; i++) {
        bool plain = *argv[i] != '\0';
        for (const char *c = argv[i]; *c; c++)
            plain = plain && (g_ascii_isalnum(*c) || strchr("-_.,=/:+", *c));
        char *quoted = plain ? g_strdup(argv[i]) : g_shell_quote(argv[i]);
        g_string_append_printf(s, " %s", quoted);
        g_free(quoted);
    }
    return g_string_free(s, FALSE);
}

long long front_peak_bytes(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return -1;
    return (long long)ru.ru_maxrss * 1024; /* Linux: kilobytes */
}

double front_seconds(void)
{
    return (double)g_get_monotonic_time() / 1e6;
}

char *front_read_stream(FILE *f, GError **error)
{
    /* Bounded: /dev/zero or a disk image is not a position, and must not fill the memory. */
    GString *s = g_string_new(NULL);
    char buf[65536];
    size_t n;
    while (s->len <= FRONT_MAX_FILE_BYTES && (n = fread(buf, 1, sizeof buf, f)) > 0)
        g_string_append_len(s, buf, (gssize)n);
    int failed = ferror(f) ? (errno ? errno : EIO) : 0;
    if (failed)
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(failed), "cannot read: %s",
                    g_strerror(failed));
    else if (s->len > FRONT_MAX_FILE_BYTES)
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                    "larger than %d MB: not a file mathgo reads", FRONT_MAX_FILE_BYTES >> 20);
    if (failed || s->len > FRONT_MAX_FILE_BYTES) {
        g_string_free(s, TRUE);
        return NULL;
    }
    return g_string_free(s, FALSE);
}

char *front_read_file(const char *name, const char *path)
{
    bool is_stdin = !g_strcmp0(path, "-");
    const char *shown = is_stdin ? "stdin" : path;
    if (!is_stdin && g_file_test(path, G_FILE_TEST_IS_DIR)) {
        fprintf(stderr, "mathgo %s: %s: a folder, not a file\n", name, path);
        return NULL;
    }
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "mathgo %s: %s: cannot open: %s\n", name, path, g_strerror(errno));
        return NULL;
    }
    GError *error = NULL;
    char *text = front_read_stream(f, &error);
    if (!is_stdin)
        fclose(f);
    if (!text) {
        fprintf(stderr, "mathgo %s: %s: %s\n", name, shown, error->message);
        g_error_free(error);
    }
    return text;
}

bool front_write_file(const char *path, const char *text, GError **error)
{
    bool to_stdout = !strcmp(path, "-");
    char *tmp = to_stdout ? NULL : checkpoint_temp_path(path);
    FILE *f = to_stdout ? stdout : fopen(tmp, "wb");
    const char *failed = to_stdout ? "-" : tmp;
    size_t length = strlen(text);
    errno = 0;
    bool ok = f && fwrite(text, 1, length, f) == length;
    if (to_stdout)
        ok = ok && fflush(f) == 0;
    else if (f && ok)
        ok = checkpoint_commit(f, tmp, path, &failed);
    else if (f)
        fclose(f);
    if (!ok) {
        int e = errno ? errno : EIO;
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "cannot write '%s': %s",
                    failed, g_strerror(e));
        if (tmp)
            checkpoint_discard(tmp, path);
    }
    g_free(tmp);
    return ok;
}

bool front_parse_memory(size_t *bytes, const char *text)
{
    char *end;
    errno = 0;
    double v = g_ascii_strtod(text, &end);
    if (end == text || errno || !(v >= 0)) /* NaN too */
        return false;
    double mult = 1;
    if (*end == 'k' || *end == 'K')
        mult = 1024.0, end++;
    else if (*end == 'm' || *end == 'M')
        mult = 1024.0 * 1024, end++;
    else if (*end == 'g' || *end == 'G')
        mult = 1024.0 * 1024 * 1024, end++;
    if (*end == 'B' || *end == 'b')
        end++;
    if (*end || v * mult > 1e12)
        return false;
    *bytes = (size_t)(v * mult);
    return true;
}

size_t front_physical_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? (size_t)pages * (size_t)page : 0;
}

size_t front_default_memory(bool table)
{
    size_t most = (size_t)(table ? FRONT_DEFAULT_TABLE_MEMORY_MB : FRONT_DEFAULT_MEMORY_MB) << 20;
    size_t quarter = front_physical_memory() / 4;
    return quarter && quarter < most ? quarter : most;
}

/* The rules, komi and player to move of a `show` report's line ("board 3x3, rules chinese,
 * komi 0, black to move, move 0"), when text has one. */
static void read_show_report(front_position_t *pos, const char *text)
{
    GRegex *re = g_regex_new("^(?:board|region) [0-9]+x[0-9]+, rules (\\S+), komi (\\S+), "
                             "(black|white) to move",
                             G_REGEX_MULTILINE, 0, NULL);
    GMatchInfo *match = NULL;
    if (g_regex_match(re, text, 0, &match)) {
        pos->rules_text = g_match_info_fetch(match, 1);
        char *komi = g_match_info_fetch(match, 2), *color = g_match_info_fetch(match, 3);
        pos->has_komi = rules_parse_komi(&pos->komi2, komi, NULL);
        pos->to_move = !strcmp(color, "white") ? BOARD_WHITE : BOARD_BLACK;
        pos->to_move_given = true;
        g_free(komi);
        g_free(color);
    }
    g_match_info_free(match);
    g_regex_unref(re);
}

bool front_position_read(front_position_t *pos, const char *name, const char *path, bool region)
{
    memset(pos, 0, sizeof *pos);
    pos->to_move = BOARD_BLACK;
    GError *error = NULL;
    char *text = front_read_file(name, path);
    if (!text)
        return false;
    bool ok = false;
    const char *where = !strcmp(path, "-") ? "stdin" : path;
    if (sgf_looks_like_sgf(text)) {
        sgf_record_t record;
        if (!sgf_record_read(&record, text, &error))
            goto fail;
        pos->geom = board_geom_create(record.width, record.height, &error);
        if (!pos->geom) {
            sgf_record_clear(&record);
            goto fail;
        }
        pos->start = record.start;
        pos->to_move = record.to_move;
        pos->to_move_given = record.to_move_given;
        pos->moves = record.moves;
        pos->move_count = record.move_count;
        pos->rules_text = record.rules;
        pos->has_komi = record.has_komi;
        pos->komi2 = record.komi2;
        ok = true;
        goto done;
    }
    ssize_t moves_at = diagram_moves_offset(text);
    char *diagram = moves_at < 0 ? g_strdup(text) : g_strndup(text, (gsize)moves_at);
    ok = front_read_diagram(&pos->start, &pos->geom, name, where, diagram, region);
    g_free(diagram);
    if (!ok)
        goto done;
    read_show_report(pos, text);
    if (moves_at >= 0 && !diagram_parse_moves(&pos->moves, &pos->move_count, pos->geom, text,
                                              (size_t)moves_at, &error)) {
        ok = false;
        goto fail;
    }
    if (pos->move_count && pos->moves[0].color != BOARD_EMPTY) {
        pos->to_move = pos->moves[0].color;
        pos->to_move_given = true;
    }
    goto done;
fail:
    fprintf(stderr, "mathgo %s: %s: %s\n", name, where, error->message);
    g_error_free(error);
done:
    g_free(text);
    if (!ok)
        front_position_clear(pos);
    return ok;
}

bool front_position_rules(rules_t *rules, const char *name, const front_rules_args_t *args,
                          const front_position_t *pos, const char *fallback)
{
    front_rules_args_t merged = *args;
    if (!merged.rules_text && pos->rules_text) {
        rules_t probe;
        char *lower = g_ascii_strdown(pos->rules_text, -1);
        GError *error = NULL;
        if (rules_parse(&probe, lower, &error))
            merged.rules_text = lower;
        else {
            fprintf(stderr,
                    "mathgo %s: warning: the file's rule set '%s' is not one of mathgo's "
                    "(%s); using %s\n",
                    name, pos->rules_text, error->message, fallback);
            g_error_free(error);
            g_free(lower);
            lower = NULL;
        }
        bool ok = front_rules_args_parse(rules, name, &merged, fallback);
        g_free(lower);
        if (!ok)
            return false;
    } else if (!front_rules_args_parse(rules, name, args, fallback))
        return false;
    if (!front_rules_args_komi(args) && pos->has_komi)
        rules->komi2 = pos->komi2;
    return true;
}

game_t *front_position_game(const char *name, const char *path, const front_position_t *pos,
                            const rules_t *rules, const char *to_move_text)
{
    board_color_t to_move = pos->to_move;
    if (to_move_text && !front_parse_color(&to_move, name, "--to-move", to_move_text))
        return NULL;
    const char *where = !strcmp(path, "-") ? "stdin" : path;
    GError *error = NULL;
    game_t *game = game_create_from(pos->geom, rules, &pos->start, to_move, &error);
    if (game && !diagram_play_moves(game, pos->moves, pos->move_count, &error)) {
        game_destroy(game);
        game = NULL;
    }
    if (!game) {
        fprintf(stderr, "mathgo %s: %s: %s\n", name, where, error->message);
        g_error_free(error);
    }
    return game;
}

void front_position_clear(front_position_t *pos)
{
    board_geom_destroy(pos->geom);
    g_free(pos->moves);
    g_free(pos->rules_text);
    memset(pos, 0, sizeof *pos);
}
