/* SPDX-License-Identifier: ISC */
/*
 * What the player's view marks over the map before each frame
 * (play_prepare): each spawn's route, drawn as the cells each straight
 * segment of its waypoint path passes through, which is where an enemy
 * walking the waypoints goes; the preview, the field a tower on the cursor
 * would give with the routes marked over it the same way; who stands where;
 * the shots and blasts to draw.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nav/reach.h"
#include "nav/repair.h"
#include "nav/util.h"
#include "ui/play.h"

/* Or bit into *cell. */
static void
play_mark_or(uint8_t *cell, uint8_t bit)
{
	*cell |= bit;
}

/* Keep in *cell the least of the marks it gets (0 counts as none). */
static void
play_mark_least(uint8_t *cell, uint8_t mark)
{
	if (*cell == 0 || mark < *cell)
		*cell = mark;
}

/* Mark every cell of cells[] the segment between two centres crosses. */
static void
play_mark_segment(struct play *p, uint8_t *cells, struct point a,
    struct point b, void (*mark)(uint8_t *, uint8_t), uint8_t bit)
{
	int dx = abs(b.x - a.x), dy = abs(b.y - a.y);
	int sx = b.x > a.x ? 1 : -1, sy = b.y > a.y ? 1 : -1;
	int x = a.x, y = a.y, n = 1 + dx + dy, err = dx - dy;

	/*
	 * Walk the cells in the order the segment enters them: err compares
	 * how far the segment is from its next vertical and horizontal cell
	 * edges. At err == 0 it passes exactly through a corner and enters
	 * the diagonal cell directly, touching neither side cell's inside.
	 */
	dx *= 2;
	dy *= 2;
	for (; n > 0; n--) {
		if (x >= 0 && y >= 0 && x < p->w && y < p->h)
			mark(&cells[play_cell(p, x, y)], bit);
		if (err > 0) {
			x += sx;
			err -= dy;
		} else if (err < 0) {
			y += sy;
			err += dx;
		} else {
			x += sx;
			y += sy;
			err += dx - dy;
			n--;
		}
	}
}

/* The steps in t along a ray of slope d from s to the cell edges it meets. */
static void
play_mark_steps(double s, double d, int cell, double *next, double *every)
{
	if (d == 0) {
		*next = *every = INFINITY;
		return;
	}
	*every = fabs(1 / d);
	*next = (d > 0 ? cell + 1 - s : s - cell) * *every;
}

/*
 * Mark every cell of cells[] the segment from point a to point b (in
 * cells, not centres) really crosses, in order: a shot is drawn on the
 * cells it flies over, no others. Through a corner exactly it enters the
 * diagonal cell directly.
 */
static void
play_mark_ray(struct play *p, uint8_t *cells, struct vec a, struct vec b,
    void (*mark)(uint8_t *, uint8_t), uint8_t bit)
{
	int	x = (int)floor(a.x), y = (int)floor(a.y);
	int	bx = (int)floor(b.x), by = (int)floor(b.y);
	int	sx = b.x > a.x ? 1 : -1, sy = b.y > a.y ? 1 : -1;
	int	n = abs(bx - x) + abs(by - y);
	double	tx, ty, ex, ey;

	play_mark_steps(a.x, b.x - a.x, x, &tx, &ex);
	play_mark_steps(a.y, b.y - a.y, y, &ty, &ey);
	for (;;) {
		if (x >= 0 && y >= 0 && x < p->w && y < p->h)
			mark(&cells[play_cell(p, x, y)], bit);
		if ((x == bx && y == by) || n-- <= 0)
			break;
		if (tx < ty) {
			x += sx;
			tx += ex;
		} else if (ty < tx) {
			y += sy;
			ty += ey;
		} else {
			x += sx;
			y += sy;
			tx += ex;
			ty += ey;
			n--;
		}
	}
}

/* Clear bits from every cell's route. */
static void
play_clear_route(struct play *p, uint8_t bits)
{
	size_t	ncell = (size_t)p->w * (size_t)p->h;

	for (size_t i = 0; i < ncell; i++)
		p->route[i] &= (uint8_t)~bits;
}

/*
 * Mark with bit the route of every spawn over f, g, and each waypoint also
 * with wpbit (may be 0); store each spawn's route length in len.
 */
static void
play_mark_routes(struct play *p, const struct field *f, const struct grid *g,
    uint8_t bit, uint8_t wpbit, double *len)
{
	int	s, n, k;

	play_clear_route(p, bit | wpbit);
	for (s = 0; s < p->lv->nspawns; s++) {
		const struct level_spawn *sp = &p->lv->spawns[s];
		struct level_point c = sp->cells[level_route_from(sp->ncells)];
		struct point *wp = p->pathbuf;

		len[s] = field_distance(f, c.x, c.y);
		n = path_waypoints(f, g, c.x, c.y, wp, p->pathmax);
		for (k = 0; k < n; k++) {
			p->route[play_cell(p, wp[k].x, wp[k].y)] |= bit | wpbit;
			if (k + 1 < n)
				play_mark_segment(p, p->route, wp[k], wp[k + 1],
				    play_mark_or, bit);
		}
	}
}

/* The spawns' routes over the game's field, when the map has changed. */
static void
play_update_routes(struct play *p)
{
	const struct field	*f = p->g->field;
	int64_t			 max = 0;

	if (p->routes_made && p->route_gen == p->g->map_gen)
		return;
	for (size_t i = 0; i < f->ncells; i++) {
		if (f->dist[i] != FIELD_INF && f->dist[i] > max)
			max = f->dist[i];
	}
	p->maxdist = (double)max / (double)FIELD_UNIT;
	play_mark_routes(p, f, &p->g->grid, PLAY_ROUTE_NOW,
	    PLAY_ROUTE_WAYPOINT, p->routelen);
	p->route_gen = p->g->map_gen;
	p->routes_made = true;
}

/* Mark the path ahead of every path-walking enemy, and who is where. */
static void
play_update_units(struct play *p)
{
	const struct game	*g = p->g;
	size_t			 ncell = (size_t)p->w * (size_t)p->h;
	int			 i, k, x, y;

	for (size_t c = 0; c < ncell; c++)
		p->enemy_at[c] = p->shot_at[c] = -1;
	play_clear_route(p, PLAY_ROUTE_ENEMY | PLAY_ROUTE_ENEMY_WP);
	for (i = 0; i < g->nunits; i++) {
		const struct game_unit	*u = &g->units[i];
		const struct steer_agent *a = &g->agents[i];
		int32_t			*at;

		if (u->dead)
			continue;
		x = (int)floor(a->pos.x);
		y = (int)floor(a->pos.y);
		if (x < 0 || y < 0 || x >= p->w || y >= p->h)
			continue;
		if (u->kind == GAME_UNIT_SHOT) {
			p->shot_at[play_cell(p, x, y)] = i;
			continue;
		}
		if (u->kind == GAME_UNIT_HERO)
			continue;	/* drawn on its own */
		/* The enemy nearest its exit is the one drawn on a cell. */
		at = &p->enemy_at[play_cell(p, x, y)];
		if (*at < 0 || u->togo < g->units[*at].togo)
			*at = i;
		if (u->mover != ENEMY_PATH || a->path == NULL)
			continue;
		for (k = a->ipath; k < a->npath; k++) {
			struct point from = { x, y };

			if (k > a->ipath)
				from = a->path[k - 1];
			play_mark_segment(p, p->route, from, a->path[k],
			    play_mark_or, PLAY_ROUTE_ENEMY);
			p->route[play_cell(p, a->path[k].x, a->path[k].y)] |=
			    PLAY_ROUTE_ENEMY_WP;
		}
	}
}

_Static_assert(TOWER_NTYPES < 255, "fx_at holds a tower kind + 1 a byte");

/* Mark the cells the game's fresh instant attacks crossed or covered. */
static void
play_update_fx(struct play *p)
{
	const struct game	*g = p->g;
	int			 k, n, x, y, x0, x1, y0, y1;

	memset(p->fx_at, 0, (size_t)p->w * (size_t)p->h);
	n = g->nfx < GAME_FX_MAX ? g->nfx : GAME_FX_MAX;
	for (k = 0; k < n; k++) {
		const struct game_fx	*fx = &g->fx[k];
		uint8_t			 mark = (uint8_t)(fx->tower + 1);

		if (g->tick - fx->tick >= PLAY_FX_TICKS || fx->tower < 0 ||
		    fx->tower >= TOWER_NTYPES)
			continue;
		if (fx->radius > 0) {
			x0 = (int)floor(fx->from.x - fx->radius);
			x1 = (int)floor(fx->from.x + fx->radius);
			y0 = (int)floor(fx->from.y - fx->radius);
			y1 = (int)floor(fx->from.y + fx->radius);
			for (y = y0 < 0 ? 0 : y0; y <= y1 && y < p->h; y++) {
				for (x = x0 < 0 ? 0 : x0; x <= x1 && x < p->w;
				    x++) {
					double dx = x + 0.5 - fx->from.x;
					double dy = y + 0.5 - fx->from.y;

					if (dx * dx + dy * dy <=
					    fx->radius * fx->radius)
						play_mark_least(&p->fx_at[
						    play_cell(p, x, y)], mark);
				}
			}
			continue;
		}
		play_mark_ray(p, p->fx_at, fx->from, fx->to, play_mark_least,
		    mark);
	}
}

/*
 * Make pfield the field the game would have with a tower on (x, y): a copy
 * of the game's field when the map has changed, then repaired, as the
 * cursor moves, for the cell it leaves and the cell it enters (a repair
 * gives exactly what a build would), not built over the whole map a key.
 */
static void
play_preview_field(struct play *p, int x, int y)
{
	const struct game	*g = p->g;
	int32_t			 c = grid_index(&g->grid, x, y), old;

	if (!p->pfield_ok || p->pfield_gen != g->map_gen) {
		memcpy(p->pgrid.cost, g->grid.cost, grid_cells(p->w, p->h));
		field_copy(p->pfield, g->field);
		p->pfield_ok = true;
		p->pfield_gen = g->map_gen;
		p->pfield_cell = -1;
	}
	if ((old = p->pfield_cell) == c)
		return;
	if (old >= 0)
		repair_unblock(p->pfield, &p->pgrid, grid_x(&g->grid, old),
		    grid_y(&g->grid, old), g->grid.cost[old]);
	repair_block(p->pfield, &p->pgrid, x, y);
	p->pfield_cell = c;
}

/*
 * Bring the preview up to date with the cursor: on free buildable ground
 * (no tower, and no enemy or hero standing on it: nothing is built there),
 * find whether a tower there would cut anyone off, and if not, build the
 * field it would give and mark its routes with PLAY_ROUTE_PREVIEW. The
 * field is built again only when the cell or the map has changed; whether
 * it blocks, every frame, as enemies move.
 */
static void
play_update_preview(struct play *p)
{
	const struct game	*g = p->g;
	bool			 free_ground, blocks;

	free_ground = level_buildable(p->lv, p->cx, p->cy) &&
	    game_tower_at(g, p->cx, p->cy) == NULL && !game_over(g) &&
	    !game_enemy_blocks_cell(g, p->cx, p->cy) &&
	    !game_hero_blocks_cell(g, p->cx, p->cy);
	if (!free_ground) {
		if (p->px != -1)
			play_clear_route(p, PLAY_ROUTE_PREVIEW);
		p->preview = PLAY_PREVIEW_NONE;
		p->px = p->py = -1;
		return;
	}
	blocks = play_would_block(p, p->cx, p->cy, p->pblocked, &p->penemy);
	if (blocks) {
		if (p->preview != PLAY_PREVIEW_BLOCKS)
			play_clear_route(p, PLAY_ROUTE_PREVIEW);
		p->preview = PLAY_PREVIEW_BLOCKS;
		p->px = p->cx;
		p->py = p->cy;
		return;
	}
	if (p->preview == PLAY_PREVIEW_OPEN && p->px == p->cx &&
	    p->py == p->cy && p->pgen == g->map_gen)
		return;
	p->px = p->cx;
	p->py = p->cy;
	p->pgen = g->map_gen;
	play_preview_field(p, p->cx, p->cy);
	play_mark_routes(p, p->pfield, &p->pgrid, PLAY_ROUTE_PREVIEW, 0,
	    p->proutelen);
	p->preview = PLAY_PREVIEW_OPEN;
}

/* Bring the view up to date before drawing a frame. */
void
play_prepare(struct play *p)
{
	const struct field	*hunt = p->g->hunt;
	int64_t			 max = 0;

	/* The hunt heatmap's scale: the hunt field changes as the hero goes. */
	if (hunt != NULL && p->overlay == OVERLAY_HUNT_HEAT) {
		max = -hunt->base;	/* the goal's, the least */
		for (size_t i = 0; i < hunt->ncells; i++) {
			if (hunt->dist[i] != FIELD_INF && hunt->dist[i] > max)
				max = hunt->dist[i];
		}
		p->huntmax = (double)(max + hunt->base) / (double)FIELD_UNIT;
	}
	play_update_routes(p);
	play_update_units(p);
	play_update_fx(p);
	play_update_preview(p);
	p->verdict = p->power >= 0 ? game_check_power(p->g, p->power, p->cx,
	    p->cy) : game_check_place(p->g, p->tower, p->cx, p->cy);
	play_sight_prepare(p);
}
