/* SPDX-License-Identifier: ISC */
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

#include <stddef.h>
#include <stdint.h>

#include "field.h"
#include "grid.h"

struct point {
	int	x, y;
};

/*
 * Smoothing is greedy, and the cells after any cell of a descended path are
 * that cell's own descent: so the waypoint after a waypoint depends on that
 * cell alone. A path_memo keeps it for each cell, for one field and grid
 * as they stand; path_memo_forget when either changes.
 */
struct path_memo {
	size_t		 n;		/* padded cells */
	uint32_t	 gen;		/* stamp of what is known now */
	uint32_t	*stamp;		/* gen: next[i] is known */
	int32_t		*next;		/* the waypoint after cell i, or -1 */
};

int	path_descend(const struct field *f, const struct grid *g, int x, int y,
	    struct point *out, int max);
int	path_smooth(const struct grid *g, const struct point *in, int n,
	    struct point *out);
int	path_smooth_some(const struct grid *g, const struct point *in, int n,
	    struct point *out, int want);
int	path_waypoints(const struct field *f, const struct grid *g, int x,
	    int y, struct point *out, int max);
int	path_waypoints_first(const struct field *f, const struct grid *g,
	    int x, int y, struct point *out, int max, int want);

struct path_memo *path_memo_new(int w, int h);
void		 path_memo_free(struct path_memo *m);
void		 path_memo_forget(struct path_memo *m);
int		 path_waypoints_memo(struct path_memo *m, const struct field *f,
		    const struct grid *g, int x, int y, struct point *out,
		    int want, struct point *scratch, int max);

#endif
