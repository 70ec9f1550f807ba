/* core/rules.c: rule presets, "key=value" overrides and their text form. */
#include "core/rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK(rules - error - quark, rules_error)

const char *const rules_preset_names[] = {
    "math", "pseudo", "tromp-taylor", "chinese", "old-chinese", "japanese", NULL};

static const rules_t presets[] = {
    /* math: Chetrit's Mathematical Go */
    {RULES_KO_POSITIONAL, RULES_SCORING_LAST_MOVE, RULES_TAX_NONE, RULES_TAX_GROUP_CHAIN,
     RULES_CYCLE_NONE, false, false, 0, RULES_ANALYSIS_NONE},
    /* pseudo: Tromp-Taylor moves without passing */
    {RULES_KO_POSITIONAL, RULES_SCORING_LAST_MOVE, RULES_TAX_NONE, RULES_TAX_GROUP_CHAIN,
     RULES_CYCLE_NONE, true, false, 0, RULES_ANALYSIS_NONE},
    /* tromp-taylor */
    {RULES_KO_POSITIONAL, RULES_SCORING_AREA, RULES_TAX_NONE, RULES_TAX_GROUP_CHAIN,
     RULES_CYCLE_NONE, true, true, 0, RULES_ANALYSIS_NONE},
    /* chinese */
    {RULES_KO_POSITIONAL, RULES_SCORING_AREA, RULES_TAX_NONE, RULES_TAX_GROUP_CHAIN,
     RULES_CYCLE_NONE, false, true, 0, RULES_ANALYSIS_NONE},
    /* old-chinese */
    {RULES_KO_POSITIONAL, RULES_SCORING_AREA, RULES_TAX_ALL, RULES_TAX_GROUP_CHAIN,
     RULES_CYCLE_NONE, false, true, 0, RULES_ANALYSIS_NONE},
    /* japanese: Jasiek's simplified reading of J1989 (docs/japanese.md) */
    {RULES_KO_SIMPLE, RULES_SCORING_TERRITORY, RULES_TAX_NONE, RULES_TAX_GROUP_CHAIN,
     RULES_CYCLE_JAPANESE, false, true, 0, RULES_ANALYSIS_JAPANESE},
};

bool rules_preset(rules_t *rules, const char *name, GError **error)
{
    for (int i = 0; rules_preset_names[i]; i++) {
        if (!strcmp(name, rules_preset_names[i])) {
            *rules = presets[i];
            return true;
        }
    }
    char *known = g_strjoinv(", ", (char **)rules_preset_names);
    g_set_error(error, RULES_ERROR, RULES_ERROR_PARSE, "unknown rule set '%s' (known: %s)", name,
                known);
    g_free(known);
    return false;
}

/* One key's name and its values, in enum order. */
typedef struct key_spec {
    const char *key;
    const char *values[4];
} key_spec_t;

enum {
    KEY_KO,
    KEY_SUICIDE,
    KEY_PASS,
    KEY_SCORING,
    KEY_TAX,
    KEY_TAXGROUP,
    KEY_CYCLE,
    KEY_ANALYSIS,
    KEY_COUNT
};

static const key_spec_t keys[KEY_COUNT] = {
    {"ko", {"simple", "positional", "situational", NULL}},
    {"suicide", {"0", "1", NULL}},
    {"pass", {"0", "1", NULL}},
    {"scoring", {"area", "territory", "last-move", NULL}},
    {"tax", {"none", "all", NULL}},
    {"taxgroup", {"chain", "eyes", NULL}},
    {"cycle", {"none", "draw", "japanese", NULL}},
    {"analysis", {"none", "japanese", NULL}},
};

static void key_assign(rules_t *r, int key, int value)
{
    switch (key) {
    case KEY_KO:
        r->ko = (rules_ko_t)value;
        break;
    case KEY_SUICIDE:
        r->suicide = value;
        break;
    case KEY_PASS:
        r->pass = value;
        break;
    case KEY_SCORING:
        r->scoring = (rules_scoring_t)value;
        break;
    case KEY_TAX:
        r->tax = (rules_tax_t)value;
        break;
    case KEY_TAXGROUP:
        r->tax_group = (rules_tax_group_t)value;
        break;
    case KEY_CYCLE:
        r->cycle = (rules_cycle_t)value;
        break;
    case KEY_ANALYSIS:
        r->analysis = (rules_analysis_t)value;
        break;
    }
}

static int key_value(const rules_t *r, int key)
{
    switch (key) {
    case KEY_KO:
        return r->ko;
    case KEY_SUICIDE:
        return r->suicide;
    case KEY_PASS:
        return r->pass;
    case KEY_SCORING:
        return r->scoring;
    case KEY_TAX:
        return r->tax;
    case KEY_TAXGROUP:
        return r->tax_group;
    case KEY_CYCLE:
        return r->cycle;
    case KEY_ANALYSIS:
        return r->analysis;
    }
    return 0;
}

bool rules_parse_komi(int *komi2, const char *text, GError **error)
{
    /* |komi| <= 5000 keeps every doubled margin (at most 2 * 64 points plus twice the komi)
     * well inside the solver's scored values, below its cycle and win values (20000). */
    char *end;
    double v = g_ascii_strtod(text, &end);
    double twice = v * 2;
    /* The range first (NaN fails it too): casting a double outside long's range is undefined. */
    if (!*text || *end || !(twice >= -10000 && twice <= 10000) || twice != (double)(long)twice) {
        g_set_error(error, RULES_ERROR, RULES_ERROR_PARSE,
                    "komi '%s' is not a multiple of 1/2 between -5000 and 5000 (e.g. 0, 7.5, -3)",
                    text);
        return false;
    }
    *komi2 = (int)twice;
    return true;
}

bool rules_set(rules_t *rules, const char *key, const char *value, GError **error)
{
    if (!strcmp(key, "komi"))
        return rules_parse_komi(&rules->komi2, value, error);
    for (int k = 0; k < KEY_COUNT; k++) {
        if (strcmp(key, keys[k].key))
            continue;
        for (int v = 0; keys[k].values[v]; v++) {
            if (!strcmp(value, keys[k].values[v])) {
                key_assign(rules, k, v);
                return true;
            }
        }
        char *known = g_strjoinv("|", (char **)keys[k].values);
        g_set_error(error, RULES_ERROR, RULES_ERROR_PARSE, "rule key '%s' has no value '%s' (%s)",
                    key, value, known);
        g_free(known);
        return false;
    }
    g_set_error(error, RULES_ERROR, RULES_ERROR_PARSE,
                "unknown rule key '%s' (keys: ko, suicide, pass, scoring, tax, taxgroup, cycle, "
                "analysis, komi)",
                key);
    return false;
}

bool rules_parse(rules_t *rules, const char *text, GError **error)
{
    bool ok = true;
    rules_t r;
    char *stripped = g_strstrip(g_strdup(text));
    bool empty = !*stripped;
    g_free(stripped);
    if (empty) {
        g_set_error(error, RULES_ERROR, RULES_ERROR_PARSE,
                    "rules '%s': empty; name a preset (math, pseudo, tromp-taylor, chinese, "
                    "old-chinese, japanese)",
                    text);
        return false;
    }
    rules_preset(&r, "chinese", NULL);
    char **words = g_strsplit(text, ",", -1);
    size_t column = 1;
    for (int i = 0; words[i] && ok; i++) {
        char *w = g_strstrip(words[i]);
        char *eq = strchr(w, '=');
        GError *inner = NULL;
        if (!*w) {
            g_set_error(&inner, RULES_ERROR, RULES_ERROR_PARSE, "empty word");
        } else if (!eq) {
            if (i == 0)
                rules_preset(&r, w, &inner);
            else
                g_set_error(&inner, RULES_ERROR, RULES_ERROR_PARSE,
                            "'%s' is not key=value (only the first word may name a preset)", w);
        } else {
            *eq = '\0';
            rules_set(&r, g_strstrip(w), g_strstrip(eq + 1), &inner);
        }
        if (inner) {
            g_set_error(error, RULES_ERROR, RULES_ERROR_PARSE,
                        "rules '%s', word %d (column %zu): %s", text, i + 1, column,
                        inner->message);
            g_error_free(inner);
            ok = false;
        }
        column += strlen(words[i]) + 1;
    }
    g_strfreev(words);
    if (ok)
        *rules = r;
    return ok;
}

char *rules_to_string(const rules_t *rules)
{
    /* The preset needing the fewest overrides names the rule set. */
    int best = 0, best_diff = KEY_COUNT + 1;
    for (int i = 0; rules_preset_names[i]; i++) {
        int diff = 0;
        for (int k = 0; k < KEY_COUNT; k++)
            diff += key_value(&presets[i], k) != key_value(rules, k);
        if (diff < best_diff) {
            best = i;
            best_diff = diff;
        }
    }
    GString *s = g_string_new(rules_preset_names[best]);
    for (int k = 0; k < KEY_COUNT; k++) {
        int v = key_value(rules, k);
        if (v != key_value(&presets[best], k))
            g_string_append_printf(s, ",%s=%s", keys[k].key, keys[k].values[v]);
    }
    return g_string_free(s, FALSE);
}

char *rules_komi_string(char buf[16], int komi2)
{
    if (komi2 % 2 == 0)
        snprintf(buf, 16, "%d", komi2 / 2);
    else
        snprintf(buf, 16, "%s%d.5", komi2 < 0 ? "-" : "", abs(komi2) / 2);
    return buf;
}

char *rules_margin_string(char buf[24], int margin2)
{
    if (margin2 == 0) {
        snprintf(buf, 24, "0");
        return buf;
    }
    char points[16];
    rules_komi_string(points, margin2 < 0 ? -margin2 : margin2);
    snprintf(buf, 24, "%c+%s", margin2 > 0 ? 'B' : 'W', points);
    return buf;
}
