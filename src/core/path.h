/*
 * Waypoint paths. path_descend follows a field's flow pointers from a cell to
 * its goal, one cell a step (seed 000: walk down the weights). path_smooth
 * then pulls the string: from each waypoint it jumps to the last cell of the
 * unbroken run of later cells it can see (los_ray_clear), so no segment
 * crosses an opaque cell; with 4-way movement only along a row or a column,
 * so the path keeps its turns.
 */
#ifndef WEIR_PATH_H
#define WEIR_PATH_H

#include "field.h"
#include "grid.h"

struct point {
	int	x, y;
};

int	path_descend(const struct field *f, const struct grid *g, int x, int y,
	    struct point *out, int max);
int	path_smooth(const struct grid *g, const struct point *in, int n,
	    struct point *out);
int	path_waypoints(const struct field *f, const struct grid *g, int x,
	    int y, struct point *out, int max);
int	path_waypoints_first(const struct field *f, const struct grid *g,
	    int x, int y, struct point *out, int max, int want);

#endif
