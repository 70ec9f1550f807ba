/*
 * front/cgt_output.h: game values as text and pictures, shared by `mathgo cgt` and
 * `mathgo region`: outcome classes, thermographs in CGSuite's text form and as SVG.
 */
#ifndef MATHGO_FRONT_CGT_OUTPUT_H
#define MATHGO_FRONT_CGT_OUTPUT_H

#include "cgt/game.h"
#include "cgt/thermo.h"

#include <stdbool.h>
#include <stdio.h>

#define CGT_OUTPUT_SVG_WIDTH  640
#define CGT_OUTPUT_SVG_HEIGHT 480

/* "L", "R", "N" or "P". */
const char *cgt_output_outcome(cgt_outcome_t o);

/* CGSuite's text for a thermograph: Thermograph(mast,[critical t],[slopes], same for Right);
 * free with g_free. */
char *cgt_output_thermograph_text(const cgt_thermo_t *th);

/* The thermograph drawn in a CGT_OUTPUT_SVG_WIDTH x CGT_OUTPUT_SVG_HEIGHT box at (0, 0),
 * titled "Thermograph of TITLE" (SVG elements only, for a picture that svg_board_open
 * began, or a <g> of a larger one). */
void cgt_output_thermograph_svg_body(FILE *f, const char *title, const cgt_thermo_t *th);

#endif
