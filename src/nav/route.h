/* SPDX-License-Identifier: ISC */
/*
 * Routes between two cells: a path query, not a field. route_find runs A*
 * between two cells under the field's rules (8-way or 4-way, no corner
 * cutting, a step costs the entered cell's multiplier, FIELD_UNIT a
 * straight step and FIELD_DIAG a diagonal one) with the octile distance as
 * its guide, which never overestimates (no step costs less than plain
 * ground), so the route is a shortest one: its cost is the exact distance a
 * field_build toward the target gives the start, and its cells are those
 * that field's pointers lead along (the same tie-break). Work grows with
 * the cells whose cost plus guide is no more than the route's, not with
 * the map.
 *
 * route_connected answers "can a reach b" in O(1) from component labels
 * (two cells are connected 8-way exactly when they are 4-way, reach.h),
 * labelled again by one flood of the map only when the caller's map
 * generation changed.
 *
 * Memory: about 25 bytes a cell, allocated by route_new; nothing after.
 */
#ifndef WEIR_ROUTE_H
#define WEIR_ROUTE_H

#include <stdbool.h>
#include <stdint.h>

#include "grid.h"
#include "path.h"

struct route;

struct route	*route_new(int w, int h);
void		 route_free(struct route *r);
int		 route_find(struct route *r, const struct grid *g, int x0,
		     int y0, int x1, int y1, struct point *out, int max,
		     int64_t *cost);
bool		 route_connected(struct route *r, const struct grid *g,
		     unsigned gen, int x0, int y0, int x1, int y1);
uint64_t	 route_expanded(const struct route *r);
void		 route_forget(struct route *r);

#endif
