/* SPDX-License-Identifier: ISC */
/*
 * Wall-safe movement (steer.h has the model): an agent's square of side
 * 2 * radius moves through the grid one axis at a time, in sub-steps under
 * half a cell, and stops flush against any blocked cell it would enter,
 * the velocity into that wall dropped. Flush is computed so that no
 * rounding leaves a square a hair inside a wall; an agent found overlapping
 * one (a tower went up on it) is moved to the nearest free place.
 */
#include <math.h>
#include <stdlib.h>

#include "steer.h"

#define STEER_SUBSTEP	0.45	/* largest move along one axis at once */

/*
 * Largest x flush below edge: x + r <= edge and edge - x >= r both hold in
 * floating point, so however a caller measures the gap it is not negative.
 */
static inline double
steer_below(double edge, double r)
{
	double x = edge - r;

	while (x + r > edge || edge - x < r)
		x = nextafter(x, -INFINITY);
	return x;
}

/* Smallest x flush above edge: x - r >= edge and x - edge >= r. */
static inline double
steer_above(double edge, double r)
{
	double x = edge + r;

	while (x - r < edge || x - edge < r)
		x = nextafter(x, INFINITY);
	return x;
}

/* First and last cell (column or row) that [c - r, c + r] overlaps. */
static inline void
steer_span(double c, double r, int *lo, int *hi)
{
	*lo = (int)floor(c - r);
	*hi = (int)ceil(c + r) - 1;
}

/*
 * Whether the square of half-side r centred on p (which holds the disc of
 * radius r) overlaps a blocked cell or leaves the map.
 */
bool
steer_overlaps_wall(const struct grid *g, struct vec p, double r)
{
	int x0, x1, y0, y1, x, y;

	steer_span(p.x, r, &x0, &x1);
	steer_span(p.y, r, &y0, &y1);
	for (y = y0; y <= y1; y++)
		for (x = x0; x <= x1; x++)
			if (!grid_open(g, x, y))
				return true;
	return false;
}

/*
 * The nearest free place to p when p's square overlaps blocked cells (a
 * tower went up on the agent, or it was put down badly): the smallest push
 * that clears every face it overlaps, one axis or both; failing that, the
 * centre of the nearest open cell. p itself when it is already free.
 */
struct vec
steer_unstick(const struct grid *g, struct vec p, double r)
{
	double xs[8], ys[8], best = INFINITY;
	int nx = 0, ny = 0, x0, x1, y0, y1, x, y, i, j, ring;
	struct vec out = p;

	if (!steer_overlaps_wall(g, p, r))
		return p;
	steer_span(p.x, r, &x0, &x1);
	steer_span(p.y, r, &y0, &y1);
	xs[nx++] = p.x;
	ys[ny++] = p.y;
	for (x = x0; x <= x1 && nx < 8; x++) {
		xs[nx++] = steer_below(x, r);
		xs[nx++] = steer_above(x + 1, r);
	}
	for (y = y0; y <= y1 && ny < 8; y++) {
		ys[ny++] = steer_below(y, r);
		ys[ny++] = steer_above(y + 1, r);
	}
	for (i = 0; i < nx; i++) {
		for (j = 0; j < ny; j++) {
			struct vec q = vec_make(xs[i], ys[j]);
			double d = vec_dist2(q, p);

			if (d < best && !steer_overlaps_wall(g, q, r)) {
				best = d;
				out = q;
			}
		}
	}
	if (best < INFINITY)
		return out;
	/* Rings of cells round p's cell, nearest centre first per ring. */
	x0 = (int)floor(p.x);
	y0 = (int)floor(p.y);
	for (ring = 1; ring <= GRID_MAX_W + GRID_MAX_H; ring++) {
		for (y = y0 - ring; y <= y0 + ring; y++) {
			for (x = x0 - ring; x <= x0 + ring; x++) {
				struct vec c = vec_make(x + 0.5, y + 0.5);
				double d;

				if (abs(x - x0) != ring && abs(y - y0) != ring)
					continue;
				d = vec_dist2(c, p);
				if (d < best && grid_open(g, x, y)) {
					best = d;
					out = c;
				}
			}
		}
		if (best < INFINITY)
			return out;
	}
	return p;
}

/* Move along x by dx (|dx| < 1), stopping flush against a blocked column. */
static bool
steer_move_x(const struct grid *g, struct vec *p, double dx, double r)
{
	double nx = p->x + dx;
	int y0, y1, y, c;

	steer_span(p->y, r, &y0, &y1);
	c = dx > 0.0 ? (int)ceil(nx + r) - 1 : (int)floor(nx - r);
	for (y = y0; y <= y1; y++) {
		if (grid_open(g, c, y))
			continue;
		p->x = dx > 0.0 ? steer_below(c, r) : steer_above(c + 1, r);
		return true;
	}
	p->x = nx;
	return false;
}

/* Move along y by dy (|dy| < 1), stopping flush against a blocked row. */
static bool
steer_move_y(const struct grid *g, struct vec *p, double dy, double r)
{
	double ny = p->y + dy;
	int x0, x1, x, c;

	steer_span(p->x, r, &x0, &x1);
	c = dy > 0.0 ? (int)ceil(ny + r) - 1 : (int)floor(ny - r);
	for (x = x0; x <= x1; x++) {
		if (grid_open(g, x, c))
			continue;
		p->y = dy > 0.0 ? steer_below(c, r) : steer_above(c + 1, r);
		return true;
	}
	p->y = ny;
	return false;
}

/*
 * Move the agent at *p (radius r, square clear of walls) by d through the
 * grid: in sub-steps of at most STEER_SUBSTEP per axis, x then y, each
 * stopped flush against the first blocked cell the square would enter; a
 * stopped axis moves no further this call and its velocity component into
 * the wall, in *v, is dropped. The other axis keeps going: the agent slides.
 * A sub-step is shorter than a cell, so no wall is jumped, and the square
 * never passes between two cells that touch only at a corner.
 */
void
steer_move(const struct grid *g, struct vec *p, struct vec *v, double r,
    struct vec d)
{
	double m = fmax(fabs(d.x), fabs(d.y));
	int nsub = m > STEER_SUBSTEP ? (int)ceil(m / STEER_SUBSTEP) : 1, i;
	struct vec s = vec_scale(d, 1.0 / nsub);

	for (i = 0; i < nsub; i++) {
		if (s.x != 0.0 && steer_move_x(g, p, s.x, r)) {
			if (v->x * s.x > 0.0)
				v->x = 0.0;
			s.x = 0.0;
		}
		if (s.y != 0.0 && steer_move_y(g, p, s.y, r)) {
			if (v->y * s.y > 0.0)
				v->y = 0.0;
			s.y = 0.0;
		}
	}
}
