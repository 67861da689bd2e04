/*
 * Integration field by multi-goal Dijkstra over a bucket queue, and the
 * pointer form of the flow field read off the finished distances.
 *
 * Distances are integers (FIELD_UNIT per cell), edge weights are at least
 * FIELD_UNIT, and the queue keeps one doubly linked list per FIELD_UNIT-wide
 * bucket in a ring of 16 (a step costs at most 9 * sqrt(2) < 13 units, so
 * every queued cell is within 13 buckets of the lowest). Settling a cell can
 * only push its neighbours into later buckets, so the lowest bucket is final
 * as a whole and is emptied without any ordering inside it.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "field.h"
#include "los.h"
#include "util.h"

const int field_dx[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
const int field_dy[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };

/* Tie-break order of field_best_dir: N, E, S, W, then NE, SE, SW, NW. */
static const int field_order[8] = { 0, 2, 4, 6, 1, 3, 5, 7 };

#define FIELD_NBUCKETS	16
#define FIELD_QNONE	(-2)	/* qprev value of a cell not in the queue */

static size_t
field_align(size_t n)
{
	return (n + 15) & ~(size_t)15;
}

/* Bytes of line-of-sight scratch for a w x h field. */
static size_t
field_losbuf_size(int w, int h)
{
	int n = (w > h ? w : h) + 2;

	return los_scratch_size(n);
}

/* Bytes field_init needs for a w x h field. */
size_t
field_sizeof(int w, int h)
{
	size_t n = grid_cells(w, h);

	return field_align(sizeof(struct field)) +
	    field_align(n * sizeof(int64_t)) +		/* dist */
	    field_align(n * sizeof(int8_t)) +		/* dir */
	    field_align(n * sizeof(uint8_t)) +		/* los */
	    field_align(n * sizeof(int32_t)) * 3 +	/* goal, qnext, qprev */
	    field_align(FIELD_MAX_GOALS * sizeof(int32_t)) +
	    field_align(field_losbuf_size(w, h));
}

/* Lay out a field in mem (field_sizeof(w, h) bytes, 16-byte aligned). */
struct field *
field_init(void *mem, int w, int h)
{
	struct field *f = mem;
	unsigned char *p = mem;
	size_t n = grid_cells(w, h);

	assert(w > 0 && h > 0 && w <= GRID_MAX_W && h <= GRID_MAX_H);
	memset(f, 0, sizeof *f);
	f->w = w;
	f->h = h;
	f->stride = w + 2;
	f->ncells = n;
	p += field_align(sizeof(struct field));
	f->dist = (int64_t *)p;
	p += field_align(n * sizeof(int64_t));
	f->dir = (int8_t *)p;
	p += field_align(n * sizeof(int8_t));
	f->los = (uint8_t *)p;
	p += field_align(n * sizeof(uint8_t));
	f->goal = (int32_t *)p;
	p += field_align(n * sizeof(int32_t));
	f->qnext = (int32_t *)p;
	p += field_align(n * sizeof(int32_t));
	f->qprev = (int32_t *)p;
	p += field_align(n * sizeof(int32_t));
	f->goals = (int32_t *)p;
	p += field_align(FIELD_MAX_GOALS * sizeof(int32_t));
	f->losbuf = p;
	f->losbuf_size = field_losbuf_size(w, h);
	for (size_t i = 0; i < n; i++) {
		f->dist[i] = FIELD_INF;
		f->dir[i] = FIELD_DIR_NONE;
		f->goal[i] = -1;
		f->qprev[i] = FIELD_QNONE;
	}
	memset(f->los, 0, n);
	return f;
}

/* Allocate and lay out a w x h field. */
struct field *
field_new(int w, int h)
{
	size_t size = field_sizeof(w, h);	/* a multiple of 16 */
	void *mem = aligned_alloc(16, size);

	if (mem == NULL)
		mem = xmalloc(size);
	return field_init(mem, w, h);
}

/* Free a field made by field_new. */
void
field_free(struct field *f)
{
	free(f);
}

/* Cost of the step from padded cell i in direction d, 0 if not allowed. */
int64_t
field_step_cost(const struct grid *g, int i, int d)
{
	int j = i + field_offset(g->stride, d);
	int c = g->cost[j];

	if (c == 0 || g->cost[i] == 0)
		return 0;
	if ((d & 1) == 0)
		return c * FIELD_UNIT;
	if (!g->diagonal)
		return 0;
	/* No corner cutting: both orthogonal cells beside the step open. */
	if (g->cost[i + field_dx[d]] == 0 ||
	    g->cost[i + field_dy[d] * g->stride] == 0)
		return 0;
	return c * FIELD_DIAG;
}

/* Put cell i into the bucket of its distance. */
static inline void
field_qpush(struct field *f, int i)
{
	int b = (int)((f->dist[i] >> 32) & (FIELD_NBUCKETS - 1));
	int h = f->qhead[b];

	f->qprev[i] = -1;
	f->qnext[i] = h;
	if (h >= 0)
		f->qprev[h] = i;
	f->qhead[b] = i;
}

/* Take cell i out of whatever bucket holds it. */
static inline void
field_qremove(struct field *f, int i)
{
	int p = f->qprev[i], n = f->qnext[i];

	if (p >= 0)
		f->qnext[p] = n;
	else
		f->qhead[(f->dist[i] >> 32) & (FIELD_NBUCKETS - 1)] = n;
	if (n >= 0)
		f->qprev[n] = p;
	f->qprev[i] = FIELD_QNONE;
}

/* Offer distance d to cell j, which belongs to goal slot s. */
static inline void
field_offer(struct field *f, int j, int64_t d, int s, size_t *queued)
{
	if (d >= f->dist[j])
		return;
	if (f->qprev[j] != FIELD_QNONE)
		field_qremove(f, j);
	else
		(*queued)++;
	f->dist[j] = d;
	f->goal[j] = s;
	f->qprev[j] = -1;
	field_qpush(f, j);
	f->stats.relaxed++;
}

/*
 * Fill dist and goal from the goal cells (padded indices; blocked ones and
 * repeats are skipped). dir and los are left for field_flow and los_sweep.
 */
void
field_integrate(struct field *f, const struct grid *g, const int32_t *goals,
    int ngoals)
{
	const int s = g->stride;
	const uint8_t *cost = g->cost;
	int64_t *dist = f->dist;
	size_t queued = 0;
	int64_t bucket;

	assert(f->w == g->w && f->h == g->h);
	for (size_t i = 0; i < f->ncells; i++) {
		dist[i] = FIELD_INF;
		f->goal[i] = -1;
	}
	memset(&f->stats, 0, sizeof f->stats);
	for (int b = 0; b < FIELD_NBUCKETS; b++)
		f->qhead[b] = -1;

	f->ngoals = 0;
	for (int k = 0; k < ngoals && f->ngoals < FIELD_MAX_GOALS; k++) {
		int i = goals[k];

		if (i < 0 || (size_t)i >= f->ncells || cost[i] == 0 ||
		    dist[i] == 0)
			continue;
		f->goals[f->ngoals] = i;
		dist[i] = 0;
		f->goal[i] = f->ngoals++;
		field_qpush(f, i);
		queued++;
	}

	for (bucket = 0; queued > 0; bucket++) {
		int b = (int)(bucket & (FIELD_NBUCKETS - 1));
		int i;

		while ((i = f->qhead[b]) >= 0) {
			int64_t du, wo, wd;
			int slot;
			bool n, e, so, w;

			f->qhead[b] = f->qnext[i];
			if (f->qhead[b] >= 0)
				f->qprev[f->qhead[b]] = -1;
			f->qprev[i] = FIELD_QNONE;
			queued--;
			f->stats.settled++;

			/* A step into i costs i's multiplier. */
			du = dist[i];
			slot = f->goal[i];
			wo = du + cost[i] * FIELD_UNIT;
			wd = du + cost[i] * FIELD_DIAG;
			n = cost[i - s] != 0;
			e = cost[i + 1] != 0;
			so = cost[i + s] != 0;
			w = cost[i - 1] != 0;
			if (n)
				field_offer(f, i - s, wo, slot, &queued);
			if (e)
				field_offer(f, i + 1, wo, slot, &queued);
			if (so)
				field_offer(f, i + s, wo, slot, &queued);
			if (w)
				field_offer(f, i - 1, wo, slot, &queued);
			if (!g->diagonal)
				continue;
			if (n && e && cost[i - s + 1] != 0)
				field_offer(f, i - s + 1, wd, slot, &queued);
			if (so && e && cost[i + s + 1] != 0)
				field_offer(f, i + s + 1, wd, slot, &queued);
			if (so && w && cost[i + s - 1] != 0)
				field_offer(f, i + s - 1, wd, slot, &queued);
			if (n && w && cost[i - s - 1] != 0)
				field_offer(f, i - s - 1, wd, slot, &queued);
		}
	}
}

/*
 * The direction a cell's flow points: the first neighbour, in the tie-break
 * order, that starts a shortest route. FIELD_DIR_GOAL on a goal and
 * FIELD_DIR_NONE on a blocked or unreachable cell.
 */
int
field_best_dir(const struct field *f, const struct grid *g, int i)
{
	int64_t d = f->dist[i];

	if (d == FIELD_INF)
		return FIELD_DIR_NONE;
	if (d == 0)
		return FIELD_DIR_GOAL;
	for (int k = 0; k < 8; k++) {
		int dd = field_order[k];
		int64_t c = field_step_cost(g, i, dd);
		int j = i + field_offset(g->stride, dd);

		if (c != 0 && f->dist[j] != FIELD_INF && f->dist[j] + c == d)
			return dd;
	}
	return FIELD_DIR_NONE;	/* not reached when dist came from integrate */
}

/* Fill dir for every map cell from the finished distances. */
void
field_flow(struct field *f, const struct grid *g)
{
	for (int y = 0; y < g->h; y++) {
		int i = grid_index(g, 0, y);

		for (int x = 0; x < g->w; x++, i++)
			f->dir[i] = (int8_t)field_best_dir(f, g, i);
	}
}

/*
 * Build everything: distances, flow pointers and line of sight. Returns the
 * number of map cells from which some goal can be reached.
 */
int
field_build(struct field *f, const struct grid *g, const int32_t *goals,
    int ngoals)
{
	int reachable = 0;

	field_integrate(f, g, goals, ngoals);
	field_flow(f, g);
	los_sweep(f, g);
	for (size_t i = 0; i < f->ncells; i++)
		reachable += f->dist[i] != FIELD_INF;
	return reachable;
}

/* Route cost from map cell (x, y) in cells, INFINITY if unreachable. */
double
field_distance(const struct field *f, int x, int y)
{
	int64_t d;

	if (x < 0 || y < 0 || x >= f->w || y >= f->h)
		return INFINITY;
	d = f->dist[(y + 1) * f->stride + x + 1];
	if (d == FIELD_INF)
		return INFINITY;
	return (double)d / (double)FIELD_UNIT;
}

/* Distance of padded cell j for the gradient: own distance if j is useless. */
static double
field_grad_sample(const struct field *f, int j, double own)
{
	if (f->dist[j] == FIELD_INF)
		return own;
	return (double)f->dist[j] / (double)FIELD_UNIT;
}

/*
 * The gradient form of seed 001: x = left - right, y = up - down, with a
 * blocked or unreachable neighbour counting as the cell's own distance, then
 * normalised. Zero when the cell is unreachable, a goal, or sits on a ridge
 * where the differences cancel (callers fall back to the pointer form).
 */
void
field_gradient(const struct field *f, const struct grid *g, int x, int y,
    double *vx, double *vy)
{
	int i = grid_index(g, x, y);
	double own, gx, gy, len;

	*vx = *vy = 0;
	if (!grid_inside(g, x, y) || f->dist[i] == FIELD_INF || f->dist[i] == 0)
		return;
	own = (double)f->dist[i] / (double)FIELD_UNIT;
	gx = field_grad_sample(f, i - 1, own) - field_grad_sample(f, i + 1, own);
	gy = field_grad_sample(f, i - g->stride, own) -
	    field_grad_sample(f, i + g->stride, own);
	len = sqrt(gx * gx + gy * gy);
	if (len > 0) {
		*vx = gx / len;
		*vy = gy / len;
	}
}
