/*
 * cgt/notation.h: CGSuite's notation for short games, read and written.
 *
 * Read: numbers (`3`, `-5/16`), nimbers (`*`, `*3`), ups (`^`, `^^`, `^3`, `v`, `vv`, `v3`),
 * juxtaposition as a sum (`1/2*`, `6^*`, `73/16v9*8`, `8Tiny(6)`), games `{a,b|c}` with
 * multi-bar nesting (`{4||-4|-10}` is {4|{-4|-10}}), switches `+-x` (also `±x`, and `a+-b` is
 * a + ±b), `Tiny(x)` = {0||0|-x}, `Miny(x)` = {x|0||0}, sums, differences, negation and
 * parentheses.  Written: the form CGSuite prints (options in its order, bars instead of nested
 * braces up to four, `+-x`, `xTiny(y)`, `^n*m`), so text can be pasted both ways.
 * (CGSuite's uptimal notations `^<n>` and `^[n]` are neither read nor written.)
 */
#ifndef MATHGO_CGT_NOTATION_H
#define MATHGO_CGT_NOTATION_H

#include "cgt/game.h"

#include <glib.h>

#define CGT_PARSE_ERROR (cgt_parse_error_quark())
GQuark cgt_parse_error_quark(void);
enum {
    CGT_PARSE_ERROR_SYNTAX, /* malformed text: the message names what and the column */
    CGT_PARSE_ERROR_RANGE   /* a number, up count or nimber too large, or not dyadic */
};

/* Limits that keep every later recursion shallow (docs/cgt.md). */
enum {
    CGT_MAX_DIGITS = 10000, /* decimal digits in one integer literal */
    CGT_MAX_DEN_EXP = 1000, /* denominators up to 2^1000 */
    CGT_MAX_UPS = 4096,     /* ^n and vn */
    /* *n: adding *n to a game that is not a number-up-star costs of the order of n^4 steps
     * ({2|-1}+*128 0.2 s, +*512 17 s, +*4096 hours); 127 keeps every nim-sum of written
     * nimbers below 128 too. */
    CGT_MAX_NIMBER = 127
};

/* Parses one expression (the whole text).  On failure returns false and sets error. */
bool cgt_parse(cgt_game_t *out, cgt_ctx_t *ctx, const char *text, GError **error);
/* Parses an exact number ("3", "-5/16", "1/3" is read but is not dyadic: callers check). */
bool cgt_parse_number(mpq_t out, const char *text, GError **error);
/* g in CGSuite's notation; free with g_free. */
char *cgt_to_string(cgt_ctx_t *ctx, cgt_game_t g);
/* An exact number as text: "3", "-5/16"; free with g_free. */
char *cgt_number_to_string(const mpq_t x);

#endif
