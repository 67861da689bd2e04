/* SPDX-License-Identifier: ISC */
/*
 * hunt-prove: the hunters' cells made exact by a straight route, without
 * the wave. Where every open cell costs the same and steps go eight ways,
 * no route from x to the goal is shorter than the octile distance (the
 * diagonal steps min(|dx|, |dy|), the straight ones the rest), so a route
 * of that length is a shortest one and every cell on it holds its own
 * octile distance. Such a route takes only the diagonal towards the goal
 * and the straight step along the longer side, in any order; a depth-first
 * search from each given cell finds one if there is one (no wall, no
 * corner cut), each cell searched once an update, and writes it into the
 * field: each of its cells that held more takes its octile distance and a
 * pointer along the route, and joins the wave (so the wave's invariant
 * holds: a cell not queued offers no neighbour anything better). A search
 * stops early at a cell that already holds its octile distance: its
 * pointer chain is exact (a pointer from an exact cell leads to a cell no
 * higher than exact minus the step, which, being an upper bound, is exact
 * too). Each cell tries its ways in the order a build's tie-break ranks
 * them, so where a route is written its pointers are a build's.
 *
 * The wave must settle every given cell before it stops (hunt.c); a proven
 * cell is exact already, so the hunters' need is the farthest cell not
 * proven (hunt_wave, hunt_need_cells). On open ground at the opening of a chase, when the
 * hunters are far and the goal steps every update, that need was the whole
 * map on every update (a wave as dear as a build, or a whole build).
 *
 * Every written value is the length of a real route and falls along the
 * pointer by the step, and only values that fall are written: the field
 * stays valid.
 */
#include <stdlib.h>
#include <string.h>

#include "field-ring.h"
#include "hunt.h"

/* The direction of the step (dx, dy), each -1, 0 or 1, not both 0. */
static int
prove_dir(int dx, int dy)
{
	static const int8_t dirs[3][3] = {
		{ 7, 6, 5 },	/* dx -1: dy -1, 0, 1 */
		{ 0, -1, 4 },	/* dx 0 */
		{ 1, 2, 3 },	/* dx 1 */
	};

	return dirs[dx + 1][dy + 1];
}

/* The octile distance from cell i to the goal, in FIELD_UNITs. */
int64_t
hunt_octile(const struct hunt *h, const struct grid *g, int32_t i)
{
	return field_octile(g, i, grid_x(g, h->goal), grid_y(g, h->goal));
}

/* Whether cell i holds its octile distance (so is exact: h->unit only). */
bool
hunt_proven(const struct hunt *h, const struct grid *g, int32_t i)
{
	return h->unit && h->f->dist[i] != FIELD_INF &&
	    h->f->dist[i] + h->f->base == hunt_octile(h, g, i);
}

/*
 * The ways on towards the goal along a route of octile length from a cell
 * (dx, dy) off it: the diagonal towards it and the straight step along the
 * longer side, as bits of a direction mask (none on the goal). Every cell
 * of such a route from x lies between x and the goal, so has the same ways
 * on as x: what is found of a cell (that no such route leaves it) holds
 * for every x.
 */
static unsigned
prove_ways(int dx, int dy)
{
	int sx = (dx > 0) - (dx < 0), sy = (dy > 0) - (dy < 0);
	unsigned m = 0;

	if (sx != 0 && sy != 0)
		m |= 1u << prove_dir(sx, sy);
	if (abs(dx) > abs(dy))
		m |= 1u << prove_dir(sx, 0);
	else if (abs(dy) > abs(dx))
		m |= 1u << prove_dir(0, sy);
	return m;
}

/*
 * Of the ways in mask m (one or two), the one a build's tie-break ranks
 * first: so the way a search leaves a cell by is the pointer a build gives
 * it (the first in rank of the neighbours a step lower, and those are the
 * ones a route of octile length goes on from).
 */
static int
prove_first(unsigned m)
{
	int a = field_ctz(m), b;

	m &= m - 1;
	if (m == 0)
		return a;
	b = field_ctz(m);
	return field_rank[b] < field_rank[a] ? b : a;
}

/*
 * Where each cell of the search's stack lies off the goal, (dx, dy): the
 * search steps from cell to cell and carries them, so its octile
 * distances (field_octile_apart) need no division by the map's width.
 */
struct prove_off {
	int	dx[HUNT_PROVE_MAX + 1], dy[HUNT_PROVE_MAX + 1];
};

/*
 * Search from cell x, (dx, dy) off the goal, for a route of octile length
 * to the goal or to a cell holding its octile distance, depth first, each
 * cell once an update (h->pmark: a cell met before this update either
 * holds its octile distance now or has no such route). On success the
 * route is on the stack (h->pcell, h->pdir: the step from each cell; o:
 * where each lies) and its length in cells is returned; else 0.
 */
static int
prove_search(struct hunt *h, const struct grid *g, int32_t x, int dx, int dy,
    struct prove_off *o)
{
	const int64_t	*dist = h->f->dist, base = h->f->base;
	int		 top;

	h->pmark[x] = h->pstamp;
	h->pcell[0] = x;
	h->pways[0] = (uint8_t)prove_ways(dx, dy);
	o->dx[0] = dx;
	o->dy[0] = dy;
	top = 1;
	while (top > 0) {
		int32_t	c = h->pcell[top - 1], n;
		int	d, ndx, ndy;

		if (h->pways[top - 1] == 0) {
			top--;		/* no route on from c */
			continue;
		}
		d = prove_first(h->pways[top - 1]);
		h->pways[top - 1] &= (uint8_t)~(1u << d);
		n = c + field_offset(g->stride, d);
		if (field_step_cost(g, c, d) == 0)
			continue;
		h->pdir[top - 1] = (int8_t)d;
		ndx = o->dx[top - 1] - field_dx[d];
		ndy = o->dy[top - 1] - field_dy[d];
		if ((ndx == 0 && ndy == 0) || (dist[n] != FIELD_INF &&
		    dist[n] + base == field_octile_apart(ndx, ndy)))
			return top;	/* the goal, or a proven cell */
		if (h->pmark[n] == h->pstamp || top >= HUNT_PROVE_MAX)
			continue;
		h->pmark[n] = h->pstamp;
		h->pcell[top] = n;
		h->pways[top] = (uint8_t)prove_ways(ndx, ndy);
		o->dx[top] = ndx;
		o->dy[top++] = ndy;
	}
	return 0;
}

/* Write the route's n cells: their octile distance and the route's step. */
static void
prove_write(struct hunt *h, int n, const struct prove_off *o)
{
	struct field *f = h->f;

	for (int k = n - 1; k >= 0; k--) {
		int32_t	c = h->pcell[k];
		int64_t	d = field_octile_apart(o->dx[k], o->dy[k]) - f->base;

		if (d >= f->dist[c])
			continue;
		hunt_rev_keep(h, c);
		hunt_lower(h, c, d);
		f->dir[c] = h->pdir[k];
		f->goal[c] = 0;
		hunt_push(h, c);
	}
}

/* A new mark for this search (h->pmark), every old one forgotten. */
static void
prove_stamp(struct hunt *h)
{
	if (++h->pstamp == 0) {		/* wrapped: forget every mark */
		memset(h->pmark, 0, h->f->ncells * sizeof *h->pmark);
		h->pstamp = 1;
	}
}

/*
 * Prove what of cells[] a route of octile length can (the model comment);
 * only on a map of unit costs and eight-way steps (h->unit). With stop,
 * give up at the first cell left unproven so far out that the update
 * builds whole (hunt_far_dearer): what was proven would be thrown away.
 * (A need a local build meets does not stop it: the other cells' proofs
 * keep the local build's box to what is left.) The cell that made the
 * last proof give up is tried first (without writing: the others' order
 * is kept), since a hunter far off in a wall's shadow stays there for a
 * while. Returns false when it gave up so, else true.
 */
bool
hunt_prove(struct hunt *h, const struct grid *g, const int32_t *cells, int n,
    bool stop)
{
	const int64_t *dist = h->f->dist;
	struct prove_off o;
	int gx, gy, first = h->pstop - 1;

	h->pstop = 0;
	if (!h->unit || h->goal < 0)
		return true;
	gx = grid_x(g, h->goal);
	gy = grid_y(g, h->goal);
	prove_stamp(h);
	if (stop && first >= 0 && first < n) {
		int32_t	x = cells[first];

		if (x != h->goal && dist[x] != FIELD_INF &&
		    !hunt_proven(h, g, x) &&
		    hunt_far_dearer(h, dist[x] + h->f->base)) {
			if (prove_search(h, g, x, gx - grid_x(g, x),
			    gy - grid_y(g, x), &o) == 0) {
				h->pstop = first + 1;
				return false;
			}
			prove_stamp(h);	/* it has a route: start afresh */
		}
	}
	for (int k = 0; k < n; k++) {
		int32_t	x = cells[k];
		int	m = 0;

		if (x == h->goal || dist[x] == FIELD_INF || hunt_proven(h, g, x))
			continue;
		/* A cell searched before this update has no such route. */
		if (h->pmark[x] != h->pstamp)
			m = prove_search(h, g, x, gx - grid_x(g, x),
			    gy - grid_y(g, x), &o);
		if (m > 0)
			prove_write(h, m, &o);
		else if (stop && hunt_far_dearer(h, dist[x] + h->f->base)) {
			h->pstop = k + 1;
			return false;	/* nothing written now can lower x */
		}
	}
	return true;
}
