/* SPDX-License-Identifier: ISC */
/*
 * Line of sight. A cell sees a goal when the straight segment between their
 * centres touches no opaque cell, the two end cells excepted. Opaque means
 * blocked, or slow terrain (cost above 1): an agent walking straight must
 * neither hit a wall nor wade through mud the route would have gone round.
 * Touching counts: a segment that grazes the corner of a wall is blocked, so
 * a straight walk never squeezes between two diagonal walls.
 *
 * los_sweep computes, for every cell of a field, whether it sees its own goal.
 * It is exact, not a conservative rule: per goal and octant it sweeps columns
 * outward and keeps for each cell the interval of ray slopes through that cell
 * that are still clear; a cell sees the goal when its own slope lies inside.
 * Each cell is visited at most once per goal whose box holds it (a box round
 * the goal's cells: the build's, f->obox, when it left one), and only while
 * some ray from the goal still reaches its column, so a single goal costs
 * time linear in the cells of the map at worst (weir-bench gives the
 * times).
 *
 * los_seed_rule is the rule of seed 000, kept for comparison: a cell sees the
 * goal if its dominant-axis neighbour and its diagonal neighbour towards the
 * goal do. It never sees through walls either, but it misses many cells.
 */
#ifndef WEIR_LOS_H
#define WEIR_LOS_H

#include <stdbool.h>
#include <stddef.h>

#include "field.h"
#include "grid.h"

/* Whether a cell's terrain stops a line of sight. */
static inline bool
los_opaque(const struct grid *g, int i)
{
	return g->cost[i] != 1;
}

size_t	los_scratch_size(int n);
bool	los_ray_clear(const struct grid *g, int x0, int y0, int x1, int y1);
void	los_sweep(struct field *f, const struct grid *g);
void	los_sweep_goal(struct field *f, const struct grid *g, int goal_index,
	    int minx, int miny, int maxx, int maxy);
void	los_clear_goal(struct field *f, const struct grid *g, int goal_index,
	    int minx, int miny, int maxx, int maxy);
void	los_seed_rule(struct field *f, const struct grid *g);

#endif
