/* SPDX-License-Identifier: ISC */
/*
 * Grid storage: a padded cost array, blocked all round the map's edge.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "util.h"

/* Point g at a caller-owned cost buffer of grid_cells(w, h) bytes, all blocked. */
void
grid_init(struct grid *g, uint8_t *cost, int w, int h, bool diagonal)
{
	assert(w > 0 && h > 0 && w <= GRID_MAX_W && h <= GRID_MAX_H);
	g->w = w;
	g->h = h;
	g->stride = w + 2;
	g->diagonal = diagonal;
	g->cost = cost;
	memset(cost, 0, grid_cells(w, h));
}

/* Allocate a w x h grid with every cell blocked. */
struct grid *
grid_new(int w, int h, bool diagonal)
{
	struct grid *g = xmalloc(sizeof *g);

	grid_init(g, xmalloc(grid_cells(w, h)), w, h, diagonal);
	return g;
}

/* Free a grid made by grid_new or grid_copy. */
void
grid_free(struct grid *g)
{
	if (g == NULL)
		return;
	free(g->cost);
	free(g);
}

/* Set the cost of map cell (x, y): 0 blocks it, 1..GRID_COST_MAX opens it. */
void
grid_set_cost(struct grid *g, int x, int y, int cost)
{
	assert(grid_inside(g, x, y));
	assert(cost >= 0 && cost <= GRID_COST_MAX);
	g->cost[grid_index(g, x, y)] = (uint8_t)cost;
}

/* Cost of map cell (x, y); 0 when blocked or off the map. */
int
grid_get_cost(const struct grid *g, int x, int y)
{
	return grid_inside(g, x, y) ? g->cost[grid_index(g, x, y)] : 0;
}

/* A deep copy of g. */
struct grid *
grid_copy(const struct grid *g)
{
	struct grid *c = xmalloc(sizeof *c);

	*c = *g;
	c->cost = xmalloc(grid_cells(g->w, g->h));
	memcpy(c->cost, g->cost, grid_cells(g->w, g->h));
	return c;
}
