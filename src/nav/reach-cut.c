/* SPDX-License-Identifier: ISC */
/*
 * Would blocking one cell cut a source off from every goal? reach_all
 * answers by flooding the whole map; this answers the same question by
 * looking only at what the cell can change.
 *
 * The field of the grid as it stands says who reaches a goal now (a finite
 * distance), so only the cell's own component can change, and only by
 * falling apart into pieces, each holding some of the cell's open
 * orthogonal neighbours. If the neighbours are joined around the cell's
 * own ring of eight, nothing falls apart. Otherwise one flood starts from
 * every separate group of neighbours, all in step, and groups that meet
 * merge; it stops once all have met (no cut) or all but one have run out:
 * those are whole pieces, cut off, and fail if they hold a source and no
 * goal. The one left is the rest of the component, and holds a goal unless
 * a search from its edge, led downhill by the distances, runs out without
 * finding one. The cost is the pieces cut off (the smaller side), the way
 * round when the groups meet, and the cells whose way led through the
 * cell: what the placement can change.
 */
#include <stdlib.h>
#include <string.h>

#include "reach.h"
#include "util.h"

#define REACH_CUT_GROUPS	4	/* orthogonal neighbours of a cell */

struct reach_cut {
	size_t		 n;		/* padded cells */
	uint32_t	 gen;		/* this check's stamp */
	uint32_t	*seen;		/* gen: visited this check */
	uint32_t	*source;	/* gen: a source stands there */
	uint8_t		*group;		/* the group that visited it */
	int32_t		*queue;		/* the flood, then the heap */
};

/* Buffers for checks on a w x h grid. */
struct reach_cut *
reach_cut_new(int w, int h)
{
	struct reach_cut	*rc = xcalloc(1, sizeof *rc);

	rc->n = grid_cells(w, h);
	rc->seen = xcalloc(rc->n, sizeof *rc->seen);
	rc->source = xcalloc(rc->n, sizeof *rc->source);
	rc->group = xcalloc(rc->n, sizeof *rc->group);
	rc->queue = xcalloc(rc->n, sizeof *rc->queue);
	return rc;
}

/* Free rc. */
void
reach_cut_free(struct reach_cut *rc)
{
	if (rc == NULL)
		return;
	free(rc->seen);
	free(rc->source);
	free(rc->group);
	free(rc->queue);
	free(rc);
}

/* A fresh stamp; the marks are cleared when the counter wraps. */
static uint32_t
reach_cut_stamp(struct reach_cut *rc)
{
	if (++rc->gen == 0) {
		memset(rc->seen, 0, rc->n * sizeof *rc->seen);
		memset(rc->source, 0, rc->n * sizeof *rc->source);
		rc->gen = 1;
	}
	return rc->gen;
}

/* The root of group k. */
static int
reach_cut_find(const int *parent, int k)
{
	while (parent[k] != k)
		k = parent[k];
	return k;
}

/* Whether heap entry a sorts before b: nearer a goal, then lower index. */
static bool
reach_cut_before(const struct field *f, int32_t a, int32_t b)
{
	return f->dist[a] < f->dist[b] || (f->dist[a] == f->dist[b] && a < b);
}

/* Push cell i on the heap of n entries in h. */
static void
reach_cut_push(const struct field *f, int32_t *h, int n, int32_t i)
{
	while (n > 0 && reach_cut_before(f, i, h[(n - 1) / 2])) {
		h[n] = h[(n - 1) / 2];
		n = (n - 1) / 2;
	}
	h[n] = i;
}

/* Pop the first of the heap of n entries in h. */
static int32_t
reach_cut_pop(const struct field *f, int32_t *h, int n)
{
	int32_t	top = h[0], last = h[n - 1];
	int	k = 0;

	n--;
	for (;;) {
		int c = 2 * k + 1;

		if (c >= n)
			break;
		if (c + 1 < n && reach_cut_before(f, h[c + 1], h[c]))
			c++;
		if (!reach_cut_before(f, h[c], last))
			break;
		h[k] = h[c];
		k = c;
	}
	if (n > 0)
		h[k] = last;
	return top;
}

/*
 * Whether the rest of the component, group root r, holds a goal: search
 * from its unfinished edge (the queue from head to tail), nearest the
 * goals first. Sets *source if it meets a source.
 */
static bool
reach_cut_rest(struct reach_cut *rc, const struct grid *g,
    const struct field *f, int c, int r, int head, int tail, bool *source)
{
	const int	off[4] = { -g->stride, 1, g->stride, -1 };
	int32_t		*h = rc->queue;
	int		 n = 0, k;

	/* The edge moves to the front of the queue's space as a heap. */
	for (k = head; k < tail; k++) {
		int32_t i = rc->queue[k];

		if (rc->group[i] == r)
			reach_cut_push(f, h, n++, i);
	}
	while (n > 0) {
		int32_t i = reach_cut_pop(f, h, n--);

		for (int d = 0; d < 4; d++) {
			int32_t j = i + off[d];

			if (j == c || g->cost[j] == 0 || rc->seen[j] == rc->gen)
				continue;
			if (f->dir[j] == FIELD_DIR_GOAL)
				return true;
			if (rc->source[j] == rc->gen)
				*source = true;
			rc->seen[j] = rc->gen;
			rc->group[j] = (uint8_t)r;
			reach_cut_push(f, h, n++, j);
		}
	}
	return false;
}

/*
 * Whether every source (padded index) reaching some goal is no longer so
 * once map cell (x, y) is blocked, exactly as reach_would_block answers;
 * f is the field of g with the goals given. scratch as for reach_all,
 * for the rare case asked of a goal or a cell off the map.
 */
bool
reach_cut_blocks(struct reach_cut *rc, const struct grid *g,
    const struct field *f, const int32_t *sources, int nsources,
    const int32_t *goals, int ngoals, int x, int y, int32_t *scratch)
{
	const int	off[4] = { -g->stride, 1, g->stride, -1 };
	/* The ring of eight round a cell, clockwise from the north. */
	const int	ring[8] = { -g->stride, -g->stride + 1, 1,
			    g->stride + 1, g->stride, g->stride - 1, -1,
			    -g->stride - 1 };
	int		 parent[REACH_CUT_GROUPS], active[REACH_CUT_GROUPS];
	bool		 goal[REACH_CUT_GROUPS], source[REACH_CUT_GROUPS];
	int		 arc[8], ngroups = 0, head = 0, tail = 0, k, c;
	int		 narcs = 0, live, roots, rest;
	uint32_t	 gen;

	if (!grid_inside(g, x, y))
		return reach_would_block(g, sources, nsources, goals, ngoals,
		    x, y, scratch);
	c = grid_index(g, x, y);
	if (g->cost[c] == 0 || f->dir[c] == FIELD_DIR_GOAL)
		return reach_would_block(g, sources, nsources, goals, ngoals,
		    x, y, scratch);

	if (nsources == 0)
		return false;

	/* Everyone must reach a goal now, and not from the cell itself. */
	gen = reach_cut_stamp(rc);
	for (k = 0; k < nsources; k++) {
		int32_t s = sources[k];

		if (s == c || g->cost[s] == 0 || f->dist[s] == FIELD_INF)
			return true;
		rc->source[s] = gen;
	}
	if (f->dist[c] == FIELD_INF)
		return false;	/* its component has no goal, and no source */

	/*
	 * Open runs round the ring: neighbours in one run are joined without
	 * the cell. arc[k] numbers the run of ring cell k (-1: blocked).
	 */
	for (k = 0; k < 8; k++)
		if (g->cost[c + ring[k]] == 0)
			break;
	if (k == 8)
		return false;	/* an open ring joins every neighbour */
	for (int m = 1; m <= 8; m++) {
		int	j = (k + m) % 8;

		if (g->cost[c + ring[j]] == 0) {
			arc[j] = -1;
			continue;
		}
		if (m == 1 || arc[(j + 7) % 8] < 0)
			narcs++;
		arc[j] = narcs - 1;
	}

	/* A group for every run that holds an orthogonal neighbour. */
	for (int a = 0; a < narcs; a++) {
		bool	has = false;

		for (k = 0; k < 8; k += 2)
			if (arc[k] == a)
				has = true;
		if (!has)
			continue;
		parent[ngroups] = ngroups;
		active[ngroups] = 0;
		goal[ngroups] = source[ngroups] = false;
		for (k = 0; k < 8; k += 2) {
			int32_t	 j = c + ring[k];

			if (arc[k] != a)
				continue;
			rc->seen[j] = gen;
			rc->group[j] = (uint8_t)ngroups;
			rc->queue[tail++] = j;
			active[ngroups]++;
			goal[ngroups] |= f->dir[j] == FIELD_DIR_GOAL;
			source[ngroups] |= rc->source[j] == gen;
		}
		ngroups++;
	}
	if (ngroups <= 1)
		return false;

	/* Flood every group in step until all meet or all but one end. */
	for (;;) {
		int32_t	i;
		int	r;

		live = roots = 0;
		for (k = 0; k < ngroups; k++) {
			if (parent[k] != k)
				continue;
			roots++;
			live += active[k] > 0;
		}
		if (roots == 1)
			return false;
		if (live <= 1)
			break;
		i = rc->queue[head++];
		r = reach_cut_find(parent, rc->group[i]);
		active[r]--;
		for (int d = 0; d < 4; d++) {
			int32_t	j = i + off[d];
			int	q;

			if (j == c || g->cost[j] == 0)
				continue;
			if (rc->seen[j] == gen) {
				if ((q = reach_cut_find(parent,
				    rc->group[j])) == r)
					continue;
				/* Two groups meet: the lower root stays. */
				if (q < r) {
					int t = q;

					q = r;
					r = t;
				}
				parent[q] = r;
				active[r] += active[q];
				goal[r] |= goal[q];
				source[r] |= source[q];
				continue;
			}
			rc->seen[j] = gen;
			rc->group[j] = (uint8_t)r;
			rc->queue[tail++] = j;
			active[r]++;
			goal[r] |= f->dir[j] == FIELD_DIR_GOAL;
			source[r] |= rc->source[j] == gen;
		}
	}

	/* Pieces cut off: each needs a goal if it holds a source. */
	rest = -1;
	for (k = 0; k < ngroups; k++) {
		if (parent[k] != k)
			continue;
		if (active[k] > 0) {
			rest = k;
			continue;
		}
		if (source[k] && !goal[k])
			return true;
	}
	if (rest < 0 || goal[rest])
		return false;

	/* Cells of the queue still carry their first group: make it root. */
	for (k = head; k < tail; k++)
		rc->group[rc->queue[k]] = (uint8_t)reach_cut_find(parent,
		    rc->group[rc->queue[k]]);
	if (reach_cut_rest(rc, g, f, c, rest, head, tail, &source[rest]))
		return false;
	return source[rest];
}
