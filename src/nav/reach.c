/* SPDX-License-Identifier: ISC */
/*
 * Reachability by one orthogonal flood from the goals. The scratch buffer
 * holds 2 * grid_cells(w, h) ints: a visit stamp per cell and the queue.
 */
#include <string.h>

#include "reach.h"

/*
 * Whether every source (padded index) reaches some goal, treating cell
 * `blocked` (padded index, or -1) as blocked too.
 */
bool
reach_all(const struct grid *g, const int32_t *sources, int nsources,
    const int32_t *goals, int ngoals, int blocked, int32_t *scratch)
{
	size_t n = grid_cells(g->w, g->h);
	int32_t *seen = scratch, *queue = scratch + n;
	const int off[4] = { -g->stride, 1, g->stride, -1 };
	int head = 0, tail = 0, left = 0;

	memset(seen, 0, n * sizeof *seen);
	for (int k = 0; k < nsources; k++) {
		if (sources[k] == blocked || g->cost[sources[k]] == 0)
			return false;
		if (seen[sources[k]] == 0) {
			seen[sources[k]] = 2;	/* 2: a source not yet reached */
			left++;
		}
	}
	if (left == 0)
		return true;
	for (int k = 0; k < ngoals; k++) {
		int i = goals[k];

		if (i == blocked || g->cost[i] == 0 || seen[i] == 1)
			continue;
		if (seen[i] == 2 && --left == 0)
			return true;
		seen[i] = 1;
		queue[tail++] = i;
	}
	while (head < tail) {
		int i = queue[head++];

		for (int d = 0; d < 4; d++) {
			int j = i + off[d];

			if (seen[j] == 1 || j == blocked || g->cost[j] == 0)
				continue;
			if (seen[j] == 2 && --left == 0)
				return true;
			seen[j] = 1;
			queue[tail++] = j;
		}
	}
	return false;
}

/* Whether every source still reaches a goal once map cell (x, y) is blocked. */
bool
reach_would_block(const struct grid *g, const int32_t *sources, int nsources,
    const int32_t *goals, int ngoals, int x, int y, int32_t *scratch)
{
	int b = grid_inside(g, x, y) ? grid_index(g, x, y) : -1;

	return !reach_all(g, sources, nsources, goals, ngoals, b, scratch);
}
