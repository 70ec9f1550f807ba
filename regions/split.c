/*
 * regions/split.c: the split of a position into the regions its safe stones separate, and the
 * value of a whole position as the sum of its parts.
 */
#include "regions/region.h"

#include "cgt/game.h"

void region_parts_free(GArray *parts)
{
    if (!parts)
        return;
    for (guint i = 0; i < parts->len; i++)
        board_geom_destroy(g_array_index(parts, region_part_t, i).geom);
    g_array_free(parts, TRUE);
}

GArray *region_split(const board_geom_t *geom, const board_t *position, GError **error)
{
    GArray *parts = g_array_new(FALSE, FALSE, sizeof(region_part_t));
    uint64_t safe = geom->safe[BOARD_BLACK] | geom->safe[BOARD_WHITE];
    uint64_t open = geom->all & ~safe, empty = board_empty(position, geom);
    while (open) {
        uint64_t component = board_flood(geom, open & -open, open);
        open &= ~component;
        if (!(component & empty))
            continue;
        uint64_t walls = board_adjacent(geom, component) & safe;
        uint64_t part_safe[2] = {walls & geom->safe[BOARD_BLACK], walls & geom->safe[BOARD_WHITE]};
        region_part_t part;
        part.geom = board_geom_create_region(geom->width, geom->height, component | walls,
                                             part_safe, error);
        if (!part.geom) {
            region_parts_free(parts);
            return NULL;
        }
        part.position.stones[BOARD_BLACK] =
            position->stones[BOARD_BLACK] & (component | part_safe[BOARD_BLACK]);
        part.position.stones[BOARD_WHITE] =
            position->stones[BOARD_WHITE] & (component | part_safe[BOARD_WHITE]);
        g_array_append_val(parts, part);
    }
    return parts;
}

bool region_value_sum(cgt_game_t *out, region_ctx_t *ctx, const board_geom_t *geom,
                      const board_t *position, region_model_t model, GError **error)
{
    GArray *parts = region_split(geom, position, error);
    if (!parts)
        return false;
    cgt_ctx_t *cgt = region_ctx_cgt(ctx);
    cgt_game_t sum = cgt_zero(cgt);
    bool ok = true;
    for (guint i = 0; ok && i < parts->len; i++) {
        const region_part_t *part = &g_array_index(parts, region_part_t, i);
        cgt_game_t v;
        if ((ok = region_value(&v, ctx, part->geom, &part->position, model, error)))
            sum = cgt_add(cgt, sum, v);
    }
    region_parts_free(parts);
    if (ok)
        *out = sum;
    return ok;
}
