/* SPDX-License-Identifier: ISC */
/*
 * hunt-valid: what the hunt field promises, checked and bounded. hunt_valid
 * tests the valid clause of hunt.h on a whole field (the tests and
 * weir-bench call it after every step and tower); hunt_exact_bound says
 * within how many updates a goal that stands still leaves the field exactly
 * a rebuild's.
 */
#include <stdbool.h>
#include <stdio.h>

#include "field-ring.h"
#include "grid.h"
#include "hunt.h"

/*
 * Updates after which a goal that stands still (and a map that does not
 * change) leaves the field exactly field_build's. The worst case: a build
 * aimed ahead on the goal's walk has just begun (b updates: hunt.h), is
 * done and waits for the goal (b more) and is dropped with the walk, and
 * a build toward the goal runs (b) and is taken whole.
 */
int
hunt_exact_bound(const struct hunt *h, const struct grid *g)
{
	return 3 * hunt_build_updates(h, g) + 3;
}

/*
 * Whether h's field keeps the valid clause (hunt.h) on g: the goal at 0,
 * every finite cell's pointer a legal move to a cell at least the step's
 * cost lower, every open neighbour of a finite cell finite (so the finite
 * cells are the goal's whole component). On failure why says where.
 */
bool
hunt_valid(const struct hunt *h, const struct grid *g, char *why, int len)
{
	const struct field *f = h->f;

	if (h->goal < 0)
		return true;
	if (f->dist[h->goal] != -f->base || f->dir[h->goal] != FIELD_DIR_GOAL) {
		snprintf(why, (size_t)len, "goal not at 0");
		return false;
	}
	for (int y = 0; y < g->h; y++) {
		for (int x = 0; x < g->w; x++) {
			int		i = grid_index(g, x, y), d = f->dir[i];
			unsigned	m = field_moves(g, i);

			if (f->dist[i] == FIELD_INF || i == h->goal)
				continue;
			if (d < 0 || d > 7 || (m >> d & 1) == 0 ||
			    f->dist[i] < f->dist[i + field_offset(g->stride,
			    d)] + field_move_cost(g, i + field_offset(
			    g->stride, d), d)) {
				snprintf(why, (size_t)len, "(%d,%d): pointer "
				    "%d does not descend", x, y, d);
				return false;
			}
			for (; m != 0; m &= m - 1)
				if (f->dist[i + field_offset(g->stride,
				    field_ctz(m))] == FIELD_INF) {
					snprintf(why, (size_t)len, "(%d,%d): "
					    "a neighbour is unreachable", x, y);
					return false;
				}
		}
	}
	return true;
}
