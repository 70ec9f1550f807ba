/*
 * core/rules.h: a rule set as one small value, with named presets and per-key overrides.
 *
 * The keys follow KataGo's vocabulary where it fits:
 *   ko=simple|positional|situational   the repetition rule
 *   suicide=0|1                        multi-stone (and single-stone) suicide allowed
 *   pass=0|1                           passing allowed
 *   scoring=area|territory|last-move   how an ended game is decided
 *   tax=none|all                       2 points deducted per group (old Chinese counting)
 *   taxgroup=chain|eyes                what a taxed "group" is (see docs/rules.md)
 *   cycle=none|draw|japanese           none: the ko rule alone governs repetition;
 *                                      draw: a repeated whole-board situation ends the game
 *                                      (van der Werf and Winands 2009; see docs/rules.md);
 *                                      japanese: it ends the game too, a tie when both
 *                                      players took equally many prisoners in the cycle,
 *                                      else a win for the one who took fewer (J1989)
 *   analysis=none|japanese             which stones count at the end under territory
 *                                      scoring: none: every stone on the board; japanese:
 *                                      the Analysis of J1989 (core/japanese.h)
 * and komi, a multiple of 1/2 (stored doubled, so it stays exact).
 *
 * Presets: math, pseudo, tromp-taylor, chinese, old-chinese, japanese.  docs/rules.md states
 * each one formally.  A rules string is a preset name followed by comma-separated overrides,
 * "chinese,ko=simple,cycle=draw", or overrides alone (applied to "chinese").
 */
#ifndef MATHGO_CORE_RULES_H
#define MATHGO_CORE_RULES_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

typedef enum rules_ko {
    RULES_KO_SIMPLE,      /* no play may recreate the position before the opponent's last play */
    RULES_KO_POSITIONAL,  /* no play may recreate any earlier board */
    RULES_KO_SITUATIONAL, /* no play may recreate an earlier board with the same side to move */
} rules_ko_t;

typedef enum rules_scoring {
    RULES_SCORING_AREA,      /* stones plus empty regions reaching only one colour */
    RULES_SCORING_TERRITORY, /* empty regions reaching only one colour, plus prisoners */
    RULES_SCORING_LAST_MOVE, /* the player who cannot move loses; no points */
} rules_scoring_t;

typedef enum rules_tax { RULES_TAX_NONE, RULES_TAX_ALL } rules_tax_t;

typedef enum rules_tax_group {
    RULES_TAX_GROUP_CHAIN, /* every chain pays */
    RULES_TAX_GROUP_EYES, /* chains that share an eye (an empty region only they border) pay once */
} rules_tax_group_t;

typedef enum rules_cycle { RULES_CYCLE_NONE, RULES_CYCLE_DRAW, RULES_CYCLE_JAPANESE } rules_cycle_t;

typedef enum rules_analysis { RULES_ANALYSIS_NONE, RULES_ANALYSIS_JAPANESE } rules_analysis_t;

typedef struct rules {
    rules_ko_t ko;
    rules_scoring_t scoring;
    rules_tax_t tax;
    rules_tax_group_t tax_group;
    rules_cycle_t cycle;
    bool suicide;
    bool pass;
    int komi2; /* twice the komi: komi 7.5 is 15 */
    rules_analysis_t analysis;
} rules_t;

#define RULES_ERROR (rules_error_quark())
GQuark rules_error_quark(void);
typedef enum rules_error_code { RULES_ERROR_PARSE } rules_error_code_t;

/* The rule set of a preset name; false (and *error) for an unknown name. */
bool rules_preset(rules_t *rules, const char *name, GError **error);

/*
 * Parses "preset[,key=value...]" or "key=value[,...]" (overriding "chinese").  On error, *error
 * names the offending word and its position in the text.
 */
bool rules_parse(rules_t *rules, const char *text, GError **error);

/* Applies one "key=value" override; used by rules_parse and by the GTP rules command. */
bool rules_set(rules_t *rules, const char *key, const char *value, GError **error);

/* Parses a komi: an integer or a half-integer ("0", "-3", "7.5", "0.5") between -5000 and
 * 5000. */
bool rules_parse_komi(int *komi2, const char *text, GError **error);

/*
 * Writes the rule set as text: the closest preset's name followed by the overrides needed to
 * reach it ("math", "chinese,ko=simple,cycle=draw").  Komi is not included.  Returns a new
 * string; free with g_free.
 */
char *rules_to_string(const rules_t *rules);

/* Writes komi2 / 2 as "0", "7.5", "-0.5" into buf. */
char *rules_komi_string(char buf[16], int komi2);

/* Writes a doubled margin (Black minus White minus komi, times 2) as "B+3.5", "W+1" or "0". */
char *rules_margin_string(char buf[24], int margin2);

/* The preset names, NULL-terminated, for help texts. */
extern const char *const rules_preset_names[];

#endif
