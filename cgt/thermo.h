/*
 * cgt/thermo.h: thermographs, mean and temperature, and the temperature operators: cooling,
 * freezing, heating, overheating, and Berlekamp and Wolfe's chilling and warming for Go.
 *
 * A trajectory is an exact piecewise-linear function of the temperature t >= -1: critical
 * temperatures c[0] > c[1] > ... > c[n-1] > -1 cut it into n+1 segments; segment i (i = 0 is
 * the top one, above c[0]) has value(t) = intercept[i] + slope[i] * t.  All values are GMP
 * rationals.  A thermograph is two such walls (left >= right) that meet at the temperature and
 * go on as a vertical mast at the mean (Siegel, "Combinatorial Game Theory", II.5; Berlekamp,
 * Conway and Guy, Winning Ways ch. 6).
 *
 * Thermographs are made bottom-up from the options' walls: the left scaffold is the largest
 * right wall of a Left option, tilted by -t; the right scaffold the smallest left wall of a Right
 * option, tilted by +t; the walls follow the scaffolds up to the lowest t where they meet, and
 * the mast goes up from there.  An integer n has the mast at n from t = -1 (temperature -1);
 * m/2^k has temperature -1/2^k.  Thermographs are cached per game in the context.
 */
#ifndef MATHGO_CGT_THERMO_H
#define MATHGO_CGT_THERMO_H

#include "cgt/game.h"

#include <glib.h>

#define CGT_THERMO_ERROR (cgt_thermo_error_quark())
GQuark cgt_thermo_error_quark(void);
enum { CGT_THERMO_ERROR_TEMPERATURE, CGT_THERMO_ERROR_NOT_DYADIC };

typedef struct cgt_traj cgt_traj_t;
typedef struct cgt_thermo cgt_thermo_t;

/* The thermograph of g, owned by the context (valid until it is destroyed). */
const cgt_thermo_t *cgt_thermograph(cgt_ctx_t *ctx, cgt_game_t g);
const cgt_traj_t *cgt_thermo_left_wall(const cgt_thermo_t *th);
const cgt_traj_t *cgt_thermo_right_wall(const cgt_thermo_t *th);
/* The temperature (where the walls meet) and the mast's value (the mean). */
void cgt_thermo_temperature(mpq_t out, const cgt_thermo_t *th);
void cgt_thermo_mast(mpq_t out, const cgt_thermo_t *th);

/* Number of critical temperatures of a trajectory. */
size_t cgt_traj_count(const cgt_traj_t *tr);
/* The i-th critical temperature, i < cgt_traj_count (descending). */
void cgt_traj_critical(mpq_t out, const cgt_traj_t *tr, size_t i);
/* Slope and intercept of segment i (0 = top, cgt_traj_count = bottom). */
long cgt_traj_slope(const cgt_traj_t *tr, size_t i);
void cgt_traj_intercept(mpq_t out, const cgt_traj_t *tr, size_t i);
/* The trajectory's value at t (t >= -1). */
void cgt_traj_value_at(mpq_t out, const cgt_traj_t *tr, const mpq_t t);

/* Mean and temperature of g. */
void cgt_mean(mpq_t out, cgt_ctx_t *ctx, cgt_game_t g);
void cgt_temperature(mpq_t out, cgt_ctx_t *ctx, cgt_game_t g);

/*
 * g cooled by t (Conway; Siegel II.5): an integer is unchanged; if t exceeds g's temperature
 * the result is the mean; else {GL_t - t | GR_t + t}.  Fails (returns false, sets error) if
 * t <= -1 or t is not dyadic.
 */
bool cgt_cool(cgt_game_t *out, cgt_ctx_t *ctx, cgt_game_t g, const mpq_t t, GError **error);
/* g cooled by its own temperature (a number is left as it is). */
cgt_game_t cgt_freeze(cgt_ctx_t *ctx, cgt_game_t g);
/* Heating by the game t: a number is unchanged, else {heat(GL) + t | heat(GR) - t}. */
cgt_game_t cgt_heat(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t t);
/*
 * Overheating from s to t (Berlekamp): an integer n becomes n.s (n copies of s), else
 * {overheat(GL) + t | overheat(GR) - t}.
 */
cgt_game_t cgt_overheat(cgt_ctx_t *ctx, cgt_game_t g, cgt_game_t s, cgt_game_t t);
/*
 * Chilling (Berlekamp and Wolfe, Mathematical Go, 1994): an integer is unchanged, else
 * {chill(GL) - 1 | chill(GR) + 1}, applied to the canonical form.
 */
cgt_game_t cgt_chill(cgt_ctx_t *ctx, cgt_game_t g);
/*
 * Warming (ibid.): overheating from 1* to 1: an even integer is unchanged, an odd integer n
 * becomes n*, else {warm(GL) + 1 | warm(GR) - 1}.  It inverts chill on even elementary Go values.
 */
cgt_game_t cgt_warm(cgt_ctx_t *ctx, cgt_game_t g);

#endif
