/* SPDX-License-Identifier: ISC */
/*
 * The grid: what each cell costs to walk through. A grid is w x h cells stored
 * with a one-cell blocked border all round (stride w + 2), so the navigation
 * loops can look at any neighbour of a map cell without a bounds check.
 *
 * cost[i] == 0 means blocked (wall, tower, off the map); otherwise it is the
 * integer multiplier 1..GRID_COST_MAX applied to a step that ends in the cell
 * (1 for open ground, more for slow terrain). With 8-connected movement an
 * orthogonal step costs 1 x cost and a diagonal step sqrt(2) x cost, and a
 * diagonal step is allowed only when both orthogonal cells it passes are open
 * (no corner cutting): the Moving AI benchmark rules.
 */
#ifndef WEIR_GRID_H
#define WEIR_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GRID_MAX_W	1024	/* largest map width the engine accepts */
#define GRID_MAX_H	1024	/* largest map height */
#define GRID_COST_MAX	9	/* largest terrain cost multiplier */

struct grid {
	int		 w, h;		/* map size in cells */
	int		 stride;	/* w + 2 */
	bool		 diagonal;	/* true: 8-connected; false: 4-connected */
	uint8_t		*cost;		/* (w + 2) * (h + 2) cells, border = 0 */
};

/* Padded index of map cell (x, y); valid for -1 <= x <= w, -1 <= y <= h. */
static inline int
grid_index(const struct grid *g, int x, int y)
{
	return (y + 1) * g->stride + (x + 1);
}

/* Map coordinates of padded index i. */
static inline int grid_x(const struct grid *g, int i) { return i % g->stride - 1; }
static inline int grid_y(const struct grid *g, int i) { return i / g->stride - 1; }

/* Whether (x, y) lies on the map. */
static inline bool
grid_inside(const struct grid *g, int x, int y)
{
	return x >= 0 && y >= 0 && x < g->w && y < g->h;
}

/* Whether map cell (x, y) can be walked; false off the map. */
static inline bool
grid_open(const struct grid *g, int x, int y)
{
	return grid_inside(g, x, y) && g->cost[grid_index(g, x, y)] != 0;
}

/* Number of cells (padded) a w x h grid stores. */
static inline size_t
grid_cells(int w, int h)
{
	return (size_t)(w + 2) * (size_t)(h + 2);
}

struct grid	*grid_new(int w, int h, bool diagonal);
void		 grid_free(struct grid *g);
void		 grid_init(struct grid *g, uint8_t *cost, int w, int h, bool diagonal);
void		 grid_set_cost(struct grid *g, int x, int y, int cost);
int		 grid_get_cost(const struct grid *g, int x, int y);
struct grid	*grid_copy(const struct grid *g);

#endif
