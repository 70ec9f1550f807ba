/*
 * front/cgt_output.c: game values as text and pictures: outcome names, thermographs in
 * CGSuite's text form and as SVG (used by `mathgo cgt` and `mathgo region`).
 */
#include "front/cgt_output.h"

#include "cgt/notation.h"

#include <string.h>

const char *cgt_output_outcome(cgt_outcome_t o)
{
    static const char *const names[] = {"L", "R", "N", "P"};
    return names[o];
}

static void append_traj(GString *s, const cgt_traj_t *tr)
{
    mpq_t q;
    mpq_init(q);
    size_t n = cgt_traj_count(tr);
    cgt_traj_intercept(q, tr, 0);
    char *t = cgt_number_to_string(q);
    g_string_append_printf(s, "%s,[", t);
    g_free(t);
    for (size_t i = 0; i < n; i++) {
        cgt_traj_critical(q, tr, i);
        t = cgt_number_to_string(q);
        g_string_append_printf(s, "%s%s", i ? "," : "", t);
        g_free(t);
    }
    g_string_append(s, "],[");
    for (size_t i = 0; i <= n; i++)
        g_string_append_printf(s, "%s%ld", i ? "," : "", cgt_traj_slope(tr, i));
    g_string_append_c(s, ']');
    mpq_clear(q);
}

/* CGSuite's text for a thermograph: Thermograph(mast,[critical t],[slopes], same for Right). */
char *cgt_output_thermograph_text(const cgt_thermo_t *th)
{
    GString *s = g_string_new("Thermograph(");
    append_traj(s, cgt_thermo_left_wall(th));
    g_string_append_c(s, ',');
    append_traj(s, cgt_thermo_right_wall(th));
    g_string_append_c(s, ')');
    return g_string_free(s, FALSE);
}

/* ---- SVG --------------------------------------------------------------------------------- */

/* Points (value, t) of a wall from t = -1 up to t = top, bottom first. */
static GArray *wall_points(const cgt_traj_t *tr, double top)
{
    GArray *pts = g_array_new(FALSE, FALSE, sizeof(double));
    mpq_t q, v;
    mpq_inits(q, v, NULL);
    size_t n = cgt_traj_count(tr);
    mpq_set_si(q, -1, 1);
    cgt_traj_value_at(v, tr, q);
    double xy[2] = {mpq_get_d(v), -1};
    g_array_append_vals(pts, xy, 2);
    for (size_t i = n; i-- > 0;) {
        cgt_traj_critical(q, tr, i);
        cgt_traj_value_at(v, tr, q);
        xy[0] = mpq_get_d(v);
        xy[1] = mpq_get_d(q);
        g_array_append_vals(pts, xy, 2);
    }
    mpq_set_d(q, top);
    cgt_traj_value_at(v, tr, q);
    xy[0] = mpq_get_d(v);
    xy[1] = top;
    g_array_append_vals(pts, xy, 2);
    mpq_clears(q, v, NULL);
    return pts;
}

/* A whole tick step of 1, 2 or 5 times a power of ten giving at most about 16 ticks. */
static long nice_step(double range)
{
    double raw = range / 16, p = 1;
    while (p * 10 <= raw)
        p *= 10;
    long step = (long)p;
    return raw <= p ? step : raw <= 2 * p ? 2 * step : raw <= 5 * p ? 5 * step : 10 * step;
}

/*
 * The thermograph drawn in a CGT_OUTPUT_SVG_WIDTH x CGT_OUTPUT_SVG_HEIGHT box from (0, 0):
 * values run right to left (Left's side on the left, as in Winning Ways), temperature upwards;
 * both walls, the mast, the temperature marked.
 */
void cgt_output_thermograph_svg_body(FILE *f, const char *title, const cgt_thermo_t *th)
{
    mpq_t q;
    mpq_init(q);
    cgt_thermo_temperature(q, th);
    double temp = mpq_get_d(q);
    char *temp_s = cgt_number_to_string(q);
    cgt_thermo_mast(q, th);
    char *mast_s = cgt_number_to_string(q);
    double mast = mpq_get_d(q);
    mpq_clear(q);
    double top = (temp > 0 ? temp : 0) * 1.25 + 1;
    GArray *lw = wall_points(cgt_thermo_left_wall(th), top);
    GArray *rw = wall_points(cgt_thermo_right_wall(th), top);
    double vmin = mast, vmax = mast;
    for (guint i = 0; i < lw->len; i += 2) {
        double a = g_array_index(lw, double, i), b = g_array_index(rw, double, i < rw->len ? i : 0);
        vmax = a > vmax ? a : vmax;
        vmin = b < vmin ? b : vmin;
    }
    for (guint i = 0; i < rw->len; i += 2) {
        double b = g_array_index(rw, double, i);
        vmin = b < vmin ? b : vmin;
    }
    double pad = (vmax - vmin) * 0.1 + 0.5;
    vmin -= pad;
    vmax += pad;
    const double W = CGT_OUTPUT_SVG_WIDTH, H = CGT_OUTPUT_SVG_HEIGHT, M = 60;
    /* value v -> x (larger values to the left); temperature t -> y (up) */
#define SX(v) (M + (vmax - (v)) / (vmax - vmin) * (W - 2 * M))
#define SY(t) (H - M - ((t) + 1) / (top + 1) * (H - 2 * M))
    char *esc = g_markup_escape_text(title, -1);
    fprintf(f,
            "<title>Thermograph of %s</title>\n<rect width=\"%.0f\" height=\"%.0f\" "
            "fill=\"white\"/>\n",
            esc, W, H);
    fprintf(f,
            "<text x=\"%.1f\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">Thermograph "
            "of %s</text>\n",
            W / 2, esc);
    g_free(esc);
    /* axes: value axis at t = 0, temperature axis at the value 0 when in range */
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>\n", M,
            SY(0), W - M, SY(0));
    double x0 = (vmin <= 0 && 0 <= vmax) ? SX(0) : M;
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>\n", x0,
            SY(-1), x0, SY(top));
    fprintf(f,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">value (Left's side on the "
            "left)</text>\n",
            W / 2, H - 15);
    fprintf(f,
            "<text x=\"15\" y=\"%.1f\" transform=\"rotate(-90 15 %.1f)\" "
            "text-anchor=\"middle\">temperature t</text>\n",
            H / 2, H / 2);
    /* about 16 ticks on each axis, at whole numbers */
    long vstep = nice_step(vmax - vmin), tstep = nice_step(top + 1);
    for (long k = (long)vmin / vstep * vstep; k <= (long)vmax; k += vstep) {
        if (k < vmin)
            continue;
        double x = SX((double)k);
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>"
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%ld</text>\n",
                x, SY(0) - 3, x, SY(0) + 3, x, SY(0) + 16, k);
    }
    for (long k = -1; k <= (long)top; k += tstep)
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%ld</text>\n", x0 - 4,
                SY((double)k) + 4, k);
    GArray *walls[2] = {lw, rw};
    const char *colour[2] = {"#1f4e9e", "#b22222"};
    for (int w = 0; w < 2; w++) {
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", colour[w]);
        for (guint i = 0; i < walls[w]->len; i += 2)
            fprintf(f, "%.2f,%.2f ", SX(g_array_index(walls[w], double, i)),
                    SY(g_array_index(walls[w], double, i + 1)));
        fprintf(f, "\"/>\n");
    }
    fprintf(f,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\" "
            "stroke-width=\"2\" stroke-dasharray=\"6 3\"/>\n",
            SX(mast), SY(temp), SX(mast), SY(top));
    fprintf(f,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#2a2\" "
            "stroke-dasharray=\"2 3\"/>\n<text x=\"%.1f\" y=\"%.1f\" fill=\"#2a2\">"
            "temperature %s, mean %s</text>\n",
            M, SY(temp), W - M, SY(temp), M + 4, SY(temp) - 4, temp_s, mast_s);
#undef SX
#undef SY
    g_array_free(lw, TRUE);
    g_array_free(rw, TRUE);
    g_free(temp_s);
    g_free(mast_s);
}
