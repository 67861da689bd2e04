/* SPDX-License-Identifier: ISC */
/*
 * The map and who stands on it: the floor every concern of the game
 * stands on. Who stands where (a neighbour grid of the units, made when
 * first asked after they move), the tower on a cell, whether blocking a
 * cell would cut a spawn or a ground enemy off from every exit, the
 * waypoint plans of enemies and of the hero (and the cells the hero
 * will walk through, told to the hunt field), and the one door through
 * which the map changes: game_map_changed repairs the exit field, keeps
 * the hunt field valid (hunt.h), has the hero's path cut anew (a route
 * query, route.h), and gives every walker whose way it changed a new
 * plan. Nothing here calls a concern's file.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "game-internal.h"
#include "hunt.h"
#include "los.h"
#include "path.h"
#include "reach.h"
#include "repair.h"
#include "route.h"
#include "spatial.h"
#include "util.h"

/*
 * Whether the square holding a ground enemy's disc overlaps map cell
 * (x, y): the same test the crowd uses to keep enemies out of walls.
 */
bool
game_overlaps(const struct steer_agent *a, int x, int y)
{
	int	x0 = (int)floor(a->pos.x - a->radius);
	int	x1 = (int)ceil(a->pos.x + a->radius) - 1;
	int	y0 = (int)floor(a->pos.y - a->radius);
	int	y1 = (int)ceil(a->pos.y + a->radius) - 1;

	return x >= x0 && x <= x1 && y >= y0 && y <= y1;
}

/*
 * Who stands where, for game_enemy_blocks_cell and game_units_near: the
 * units in a neighbour grid (spatial.h), made when first asked after they
 * have moved (in a tick, or game_units_moved), so that a question about a
 * place costs the units near it, not every unit on the map. A cache:
 * asking changes no game state.
 */
struct game_blockers {
	struct spatial		*sp;
	struct spatial_hits	*hits;
	bool			 ok;		/* made since they last moved */
	long			 tick;		/* ... at this tick */
	double			 reach;		/* largest ground radius */
};

/* Make the grid of who stands where for game g (its units are sized). */
void
game_blockers_new(struct game *g)
{
	g->blockers = xcalloc(1, sizeof *g->blockers);
	g->blockers->sp = spatial_new(g->w, g->h, 2.0, g->max_units);
	g->blockers->hits = spatial_hits_new(g->max_units);
}

/* Free what game_blockers_new made. */
void
game_blockers_free(struct game *g)
{
	if (g->blockers == NULL)
		return;
	spatial_free(g->blockers->sp);
	spatial_hits_free(g->blockers->hits);
	free(g->blockers);
}

/* The units have moved (in a tick or outside one): forget who stood where. */
void
game_units_moved(struct game *g)
{
	g->blockers->ok = false;
}

/* The grid of who stands where, made if the units have moved since. */
static struct game_blockers *
game_blockers(const struct game *g)
{
	struct game_blockers	*b = g->blockers;
	int			 i;

	if (!b->ok || b->tick != g->tick) {
		spatial_build(b->sp, &g->agents[0].pos, &g->agents[0].vel,
		    sizeof *g->agents, g->nunits);
		b->reach = 0.0;
		for (i = 0; i < g->nunits; i++)
			if (game_alive(g, i) && game_ground(g, i) &&
			    g->agents[i].radius > b->reach)
				b->reach = g->agents[i].radius;
		b->ok = true;
		b->tick = g->tick;
	}
	return b;
}

/* Let v[r] sink to its place in the heap v[0, end). */
static void
game_sift(int32_t *v, int r, int end)
{
	int	c;
	int32_t	t;

	while ((c = 2 * r + 1) < end) {
		if (c + 1 < end && v[c + 1] > v[c])
			c++;
		if (v[r] >= v[c])
			return;
		t = v[r];
		v[r] = v[c];
		v[c] = t;
		r = c;
	}
}

/* Sort n indices ascending, in place (a heap sort: nothing allocated). */
static void
game_sort_indices(int32_t *v, int n)
{
	int	k;
	int32_t	t;

	for (k = n / 2 - 1; k >= 0; k--)
		game_sift(v, k, n);
	for (k = n - 1; k > 0; k--) {
		t = v[0];
		v[0] = v[k];
		v[k] = t;
		game_sift(v, 0, k);
	}
}

/*
 * The units whose centres may lie within r of p (every one that does, and
 * perhaps a few more: the caller checks each), in the order of their
 * indices, as a look at every unit in turn would meet them. The list goes
 * to *out and holds until the next question or until the units move.
 */
int
game_units_near(const struct game *g, struct vec p, double r,
    const int32_t **out)
{
	struct game_blockers	*b = game_blockers(g);

	spatial_query(b->sp, p, r * (1.0 + 1e-9) + 1e-9, -1, b->hits);
	game_sort_indices(b->hits->index, b->hits->n);
	*out = b->hits->index;
	return b->hits->n;
}

/* Whether a living ground enemy stands (even partly) on map cell (x, y). */
bool
game_enemy_blocks_cell(const struct game *g, int x, int y)
{
	struct game_blockers	*b = game_blockers(g);
	int			 i, k;

	/*
	 * A disc overlaps the cell's square only if its centre is within
	 * its radius of the square on each axis: nearer the cell's centre
	 * than (0.5 + radius) times the square root of two.
	 */
	spatial_query(b->sp, game_centre(x, y), (0.5 + b->reach) * M_SQRT2 +
	    1e-9, -1, b->hits);
	for (k = 0; k < b->hits->n; k++) {
		i = b->hits->index[k];
		if (game_alive(g, i) && game_ground(g, i) &&
		    game_overlaps(&g->agents[i], x, y))
			return true;
	}
	return false;
}

/* The tower standing on (x, y), or NULL. */
const struct game_tower *
game_tower_at(const struct game *g, int x, int y)
{
	int32_t	t;

	if (!grid_inside(&g->grid, x, y))
		return NULL;
	t = g->tower_at[(size_t)y * g->w + x];
	return t < 0 ? NULL : &g->towers[t];
}

/*
 * Whether blocking (x, y) would leave a spawn or a ground enemy where it
 * stands with no way to any exit: the rule every tower and barrier obeys.
 */
bool
game_would_block(struct game *g, int x, int y)
{
	int	i, n = g->nspawn_cells;

	for (i = 0; i < g->nunits; i++) {
		const struct steer_agent *a = &g->agents[i];

		if (!game_alive(g, i) || !game_ground(g, i))
			continue;
		g->sources[n++] = grid_index(&g->grid, (int)floor(a->pos.x),
		    (int)floor(a->pos.y));
	}
	return reach_cut_blocks(g->cut, &g->grid, g->field, g->sources, n,
	    g->goals, g->ngoals, x, y, g->scratch);
}

/*
 * Cut a ground enemy's waypoint path from where it stands, down the field
 * it follows (a hunter's hunt field, else the exit field). The first
 * waypoint is the centre of its own cell: the agent heads straight for the
 * second unless via_centre asks it to go by the centre first, the sure way
 * out of any corner it may have slid into.
 */
void
game_plan(struct game *g, int i, bool via_centre)
{
	struct steer_agent	*a = &g->agents[i];
	struct game_unit	*u = &g->units[i];
	struct point		*buf = g->paths + (size_t)u->pathslot *
				    GAME_PATH_MAX;
	const struct field	*f = a->field != NULL ? a->field : g->field;
	int			 cx = (int)floor(a->pos.x);
	int			 cy = (int)floor(a->pos.y), n, first = 0;

	if (f == g->field)
		n = path_waypoints_memo(g->plans, f, &g->grid, cx, cy,
		    g->descend, GAME_PATH_MAX + 1, g->descend + GAME_PATH_MAX +
		    1, g->descend_max - GAME_PATH_MAX - 1);
	else
		n = path_waypoints_first(f, &g->grid, cx, cy, g->descend,
		    g->descend_max, GAME_PATH_MAX + 1);
	if (n > 1 && !via_centre)
		first = 1;
	n -= first;
	if (n > GAME_PATH_MAX)
		n = GAME_PATH_MAX;
	if (n > 0)
		memcpy(buf, g->descend + first, (size_t)n * sizeof *buf);
	a->path = buf;
	a->npath = n;
	a->ipath = 0;
}

/*
 * Append to w[*n .. max) the cells a straight line crosses from the centre
 * of cell (x, y) to that of (x1, y1), (x, y) left out: a step a side of a
 * cell crossed, a diagonal one where the line meets a corner exactly (by
 * an open side cell when that diagonal is no legal step).
 */
static void
game_hero_line(const struct grid *gr, int x, int y, int x1, int y1,
    int32_t *w, int *n, int max)
{
	const int	nx = abs(x1 - x), ny = abs(y1 - y);
	const int	sx = x1 > x ? 1 : -1, sy = y1 > y ? 1 : -1;

	for (int ix = 0, iy = 0; (ix < nx || iy < ny) && *n < max;) {
		/* It leaves a cell across x at (2 ix + 1) / 2 nx of the
		 * way, across y at (2 iy + 1) / 2 ny. */
		int64_t	ax = (int64_t)(2 * ix + 1) * ny;
		int64_t	ay = (int64_t)(2 * iy + 1) * nx;
		bool	stepx = ix < nx && (iy >= ny || ax <= ay);
		bool	stepy = iy < ny && (ix >= nx || ay <= ax);

		if (stepx && stepy && !(grid_open(gr, x + sx, y) &&
		    grid_open(gr, x, y + sy))) {
			if (grid_open(gr, x + sx, y))
				stepy = false;
			else
				stepx = false;
		}
		if (stepx) {
			x += sx;
			ix++;
		}
		if (stepy) {
			y += sy;
			iy++;
		}
		w[(*n)++] = grid_index(gr, x, y);
	}
}

/*
 * Tell the hunt field the cells the hero will enter (hunt_plan), so that
 * its builds aim where the hero will stand and may be taken before it
 * comes (hunt.h): the hero walks straight from cell (x, y) to waypoint k
 * of its path and on from waypoint to waypoint, so its cells are those the
 * lines between the cells' centres cross. A hero that leaves them (a
 * corner turned early, a shove from the crowd) is told its walk again
 * from where it stands (game_hero_fight).
 */
void
game_hero_tell(struct game *g, int x, int y, int k)
{
	const struct steer_agent	*a = &g->agents[g->hero];
	int				 n = 0, max = g->w * g->h;

	for (; k < a->npath && n < max; k++) {
		game_hero_line(&g->grid, x, y, a->path[k].x, a->path[k].y,
		    g->hero_walk, &n, max);
		x = a->path[k].x;
		y = a->path[k].y;
	}
	if (n > 0 || hunt_walk_known(g->chase))
		hunt_plan(g->chase, g->hero_walk, n);
}

/* Cut the hero's path from where it stands: to its order, or hold. */
void
game_hero_plan(struct game *g)
{
	struct steer_agent	*a = &g->agents[g->hero];
	int			 cx = (int)floor(a->pos.x);
	int			 cy = (int)floor(a->pos.y), n = 0, first = 0;

	g->hero_replan = false;
	if (g->hero_order.x >= 0) {
		/*
		 * A path query (A*: the cells a field toward the order would
		 * lead along), smoothed as far as the walk keeps; straight
		 * there when the order is in sight, as a field would say.
		 */
		n = route_find(g->hero_route, &g->grid, cx, cy,
		    g->hero_order.x, g->hero_order.y, g->descend,
		    g->descend_max, NULL);
		if (n > 1 && g->grid.diagonal && los_ray_clear(&g->grid, cx,
		    cy, g->hero_order.x, g->hero_order.y)) {
			g->descend[1] = g->descend[n - 1];
			n = 2;
		} else
			n = path_smooth_some(&g->grid, g->descend, n,
			    g->descend, GAME_PATH_MAX + 1);
		if (n > 1)
			first = 1;
		n -= first;
		if (n > GAME_PATH_MAX)
			n = GAME_PATH_MAX;
		if (n > 0)
			memcpy(g->hero_path, g->descend + first,
			    (size_t)n * sizeof *g->hero_path);
	}
	if (n <= 0) {
		/* Hold: keep to the centre of its own cell. */
		g->hero_path[0].x = cx;
		g->hero_path[0].y = cy;
		n = 1;
	}
	a->path = g->hero_path;
	a->npath = n;
	a->ipath = 0;
	game_hero_tell(g, cx, cy, 0);
}

/* Whether the hero's disc overlaps map cell (x, y). */
bool
game_hero_blocks_cell(const struct game *g, int x, int y)
{
	return g->hero >= 0 && game_overlaps(&g->agents[g->hero], x, y);
}

/* Rebuild the obstacle circles flyers steer round: attacking towers. */
void
game_circles(struct game *g)
{
	int	t, n = 0;

	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];

		if (!tw->used ||
		    tower_types[tw->type].attack == TOWER_ATTACK_NONE)
			continue;
		g->circles[n].c = game_centre(tw->x, tw->y);
		g->circles[n].r = 0.5;
		n++;
	}
	g->crowd->obstacles = g->circles;
	g->crowd->nobstacles = n;
}

/* Whether path mover i's path ahead still runs clear of walls and towers. */
static bool
game_path_clear(const struct game *g, int i)
{
	const struct steer_agent	*a = &g->agents[i];
	int				 k, x = (int)floor(a->pos.x);
	int				 y = (int)floor(a->pos.y);

	for (k = a->ipath; k < a->npath; k++) {
		if (!los_ray_clear(&g->grid, x, y, a->path[k].x, a->path[k].y))
			return false;
		x = a->path[k].x;
		y = a->path[k].y;
	}
	return a->npath > 0;
}

/*
 * The map changed at a cell that had cost old (the exit field is already
 * repaired): the hunt field cuts and settles what the change broke (it
 * makes the change itself, so the cell is given its old cost back first),
 * and the hero's path is cut again at its next step. An order to a cell a
 * tower now stands on is dropped.
 */
static void
game_hero_map_changed(struct game *g, int x, int y, int old)
{
	int	cost;

	if (!g->has_hero)
		return;
	cost = grid_get_cost(&g->grid, x, y);
	grid_set_cost(&g->grid, x, y, old);
	hunt_set_cost(g->chase, &g->grid, x, y, cost);
	if (g->hero_order.x == x && g->hero_order.y == y && cost == 0)
		g->hero_order.x = g->hero_order.y = -1;
	g->hero_replan = true;
}

/*
 * Change the map: cell (x, y) gets cost (0 when a tower goes up, the
 * terrain's own when it comes down). The field is repaired in place
 * (repair.h; exactly what a rebuild gives) and path movers get a new path
 * from where they stand: every one after a sale (a shorter way may have
 * opened), after a placement the ones whose path it cuts (no other way got
 * shorter); so do flow movers walking a path out of a stall. Flow movers
 * read the repaired field as it is. This is the one place the map and its
 * field change.
 */
void
game_map_changed(struct game *g, int x, int y, int cost)
{
	bool	placed = cost == 0;
	int	i, old = grid_get_cost(&g->grid, x, y);

	if (placed)
		repair_block(g->field, &g->grid, x, y);
	else
		repair_unblock(g->field, &g->grid, x, y, cost);
	g->map_gen++;
	path_memo_forget(g->plans);
	game_hero_map_changed(g, x, y, old);
	game_circles(g);
	for (i = 0; i < g->nunits; i++) {
		if (!game_alive(g, i))
			continue;
		if ((g->units[i].mover == ENEMY_PATH ||
		    (g->units[i].mover == ENEMY_FLOW &&
		    g->units[i].squeeze > 0)) &&
		    (!placed || !game_path_clear(g, i)))
			game_plan(g, i, false);
	}
}
