/* SPDX-License-Identifier: ISC */
/*
 * A* between two cells, and component labels for "is there a route at
 * all". Per-cell state is stamped with the query's number, so a query
 * clears nothing: a cell whose stamp is old is unseen. The open set is a
 * binary heap ordered by cost so far plus the octile guide, ties to the
 * cell further along (larger cost so far). The search runs from the
 * target, so that the walk from the start can break ties as a field
 * toward the target would (route_find).
 */
#include <stdlib.h>
#include <string.h>

#include "field.h"
#include "field-ring.h"
#include "route.h"
#include "util.h"

struct route {
	size_t		 n;
	uint32_t	 query;		/* stamp of the running query */
	uint32_t	*stamp;		/* query: cost and from are known */
	uint8_t		*closed;	/* 1: expanded in the stamped query */
	int64_t		*cost;		/* cost so far */
	int64_t		*key;		/* cost + guide */
	int8_t		*from;		/* direction it was reached in */
	int32_t		*heap, *hpos;
	int		 nheap;
	int32_t		*label;		/* component, 0 closed */
	int32_t		*queue;		/* the labelling flood's */
	unsigned	 label_gen;
	bool		 labelled;
	uint64_t	 expanded;	/* cells the last query expanded */
};

/* Buffers for a w x h grid. */
struct route *
route_new(int w, int h)
{
	struct route	*r = xcalloc(1, sizeof *r);
	size_t		 n = grid_cells(w, h);

	r->n = n;
	r->stamp = xcalloc(n, sizeof *r->stamp);
	r->closed = xcalloc(n, 1);
	r->cost = xcalloc(n, sizeof *r->cost);
	r->key = xcalloc(n, sizeof *r->key);
	r->from = xcalloc(n, 1);
	r->heap = xcalloc(n, sizeof *r->heap);
	r->hpos = xcalloc(n, sizeof *r->hpos);
	r->label = xcalloc(n, sizeof *r->label);
	r->queue = xcalloc(n, sizeof *r->queue);
	return r;
}

/* Free r. */
void
route_free(struct route *r)
{
	if (r == NULL)
		return;
	free(r->stamp);
	free(r->closed);
	free(r->cost);
	free(r->key);
	free(r->from);
	free(r->heap);
	free(r->hpos);
	free(r->label);
	free(r->queue);
	free(r);
}

/* Whether heap cell a comes out before b. */
static inline bool
route_before(const struct route *r, int a, int b)
{
	if (r->key[a] != r->key[b])
		return r->key[a] < r->key[b];
	return r->cost[a] > r->cost[b];
}

/* Move the heap's cell at k up to its place. */
static void
route_up(struct route *r, int k)
{
	int v = r->heap[k];

	while (k > 0) {
		int p = (k - 1) / 2;

		if (!route_before(r, v, r->heap[p]))
			break;
		r->heap[k] = r->heap[p];
		r->hpos[r->heap[k]] = k;
		k = p;
	}
	r->heap[k] = v;
	r->hpos[v] = k;
}

/* Move the heap's cell at k down to its place. */
static void
route_down(struct route *r, int k)
{
	int v = r->heap[k];

	for (;;) {
		int c = 2 * k + 1;

		if (c >= r->nheap)
			break;
		if (c + 1 < r->nheap && route_before(r, r->heap[c + 1],
		    r->heap[c]))
			c++;
		if (!route_before(r, r->heap[c], v))
			break;
		r->heap[k] = r->heap[c];
		r->hpos[r->heap[k]] = k;
		k = c;
	}
	r->heap[k] = v;
	r->hpos[v] = k;
}

/* The octile guide from cell i to (tx, ty): never more than the cost. */
static inline int64_t
route_guide(const struct grid *g, int i, int tx, int ty)
{
	return field_octile(g, i, tx, ty);
}

/* Reach cell j from i at cost c (direction d), if that is better. */
static void
route_relax(struct route *r, const struct grid *g, int j, int64_t c, int d,
    int tx, int ty)
{
	if (r->stamp[j] == r->query && (r->closed[j] || r->cost[j] <= c))
		return;
	if (r->stamp[j] != r->query) {
		r->stamp[j] = r->query;
		r->closed[j] = 0;
		r->hpos[j] = -1;
	}
	r->cost[j] = c;
	r->key[j] = c + route_guide(g, j, tx, ty);
	r->from[j] = (int8_t)d;
	if (r->hpos[j] < 0) {
		r->heap[r->nheap] = j;
		r->hpos[j] = r->nheap++;
	}
	route_up(r, r->hpos[j]);
}

/* Take the first cell out of the heap. */
static int
route_pop(struct route *r)
{
	int v = r->heap[0];

	r->hpos[v] = -1;
	if (--r->nheap > 0) {
		r->heap[0] = r->heap[r->nheap];
		r->hpos[r->heap[0]] = 0;
		route_down(r, 0);
	}
	return v;
}

/*
 * Walk from s down to t over the searched cells, as a field's pointers
 * would: at each cell the first neighbour in the tie-break order whose
 * cost to t plus the step is the cell's own. Writes the cells into out
 * (max); returns how many, 0 if they do not fit.
 */
static int
route_descend(const struct route *r, const struct grid *g, int s, int t,
    struct point *out, int max)
{
	int n = 0, i = s;

	for (;;) {
		int k;

		if (n == max)
			return 0;
		out[n].x = grid_x(g, i);
		out[n].y = grid_y(g, i);
		n++;
		if (i == t)
			return n;
		for (k = 0; k < 8; k++) {
			int d = field_order[k], j = i + field_offset(g->stride, d);
			int64_t c = field_step_cost(g, i, d);

			if (c != 0 && r->stamp[j] == r->query && r->closed[j] &&
			    r->cost[j] + c == r->cost[i])
				break;
		}
		if (k == 8)
			return 0;	/* not reached: see route_find */
		i += field_offset(g->stride, field_order[k]);
	}
}

/*
 * The route from (x0, y0) to (x1, y1) that a field built toward (x1, y1)
 * gives by descent from (x0, y0): its cells, both ends included, into out
 * (room for max). Returns how many, 0 when there is none (or it does not
 * fit); *cost (if not NULL) gets its cost.
 *
 * The search runs from the target, each step costing what the field's
 * does (the cell nearer the target), guided by the octile distance to the
 * start, and goes on past the start until every cell whose cost plus
 * guide is no more than the start's is settled: those are all the cells
 * of every shortest route, each with its exact cost to the target (the
 * guide never overestimates and never falls by more than a step). The
 * walk down from the start then breaks ties as the field's pointers do.
 */
int
route_find(struct route *r, const struct grid *g, int x0, int y0, int x1,
    int y1, struct point *out, int max, int64_t *cost)
{
	int s, t;

	r->expanded = 0;
	if (!grid_open(g, x0, y0) || !grid_open(g, x1, y1))
		return 0;
	s = grid_index(g, x0, y0);
	t = grid_index(g, x1, y1);
	if (++r->query == 0) {
		memset(r->stamp, 0, r->n * sizeof *r->stamp);
		r->query = 1;
	}
	r->nheap = 0;
	r->stamp[t] = r->query;
	r->closed[t] = 0;
	r->cost[t] = 0;
	r->key[t] = route_guide(g, t, x0, y0);
	r->heap[r->nheap++] = t;
	r->hpos[t] = 0;
	while (r->nheap > 0) {
		int v;

		if (r->stamp[s] == r->query && r->closed[s] &&
		    r->key[r->heap[0]] > r->cost[s])
			break;
		v = route_pop(r);
		r->closed[v] = 1;
		r->expanded++;
		for (int d = 0; d < 8; d++) {
			int j = v + field_offset(g->stride, d);
			/* From j into v: what the field charges. */
			int64_t c = field_step_cost(g, j, (d + 4) & 7);

			if (c != 0)
				route_relax(r, g, j, r->cost[v] + c, d, x0,
				    y0);
		}
	}
	if (r->stamp[s] != r->query || !r->closed[s])
		return 0;
	if (cost != NULL)
		*cost = r->cost[s];
	return route_descend(r, g, s, t, out, max);
}

/* Label every open cell with its component (4-way flood). */
static void
route_label(struct route *r, const struct grid *g)
{
	const int	s = g->stride;
	const int	off[4] = { -s, 1, s, -1 };
	int32_t		next = 0;

	memset(r->label, 0, r->n * sizeof *r->label);
	for (int y = 0; y < g->h; y++) {
		for (int x = 0; x < g->w; x++) {
			int i = grid_index(g, x, y), head = 0, tail = 0;

			if (g->cost[i] == 0 || r->label[i] != 0)
				continue;
			r->label[i] = ++next;
			r->queue[tail++] = i;
			while (head < tail) {
				int v = r->queue[head++];

				for (int k = 0; k < 4; k++) {
					int j = v + off[k];

					if (g->cost[j] != 0 && r->label[j] == 0) {
						r->label[j] = next;
						r->queue[tail++] = j;
					}
				}
			}
		}
	}
}

/*
 * Whether (x0, y0) can reach (x1, y1) on g, whose map generation is gen
 * (the labels are made again when it changed).
 */
bool
route_connected(struct route *r, const struct grid *g, unsigned gen, int x0,
    int y0, int x1, int y1)
{
	int a, b;

	if (!grid_open(g, x0, y0) || !grid_open(g, x1, y1))
		return false;
	if (!r->labelled || r->label_gen != gen) {
		route_label(r, g);
		r->label_gen = gen;
		r->labelled = true;
	}
	a = grid_index(g, x0, y0);
	b = grid_index(g, x1, y1);
	return r->label[a] == r->label[b];
}

/* Cells the last route_find expanded. */
uint64_t
route_expanded(const struct route *r)
{
	return r->expanded;
}

/* Forget the component labels (they are made again when next asked). */
void
route_forget(struct route *r)
{
	r->labelled = false;
}
