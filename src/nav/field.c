/* SPDX-License-Identifier: ISC */
/*
 * Integration field by multi-goal Dijkstra over a bucket queue, and the
 * pointer form of the flow field read off the finished distances.
 * field_build hands grids of unit cost with 8-way movement to the canonical
 * builder (field-canon.c) and everything else to field_integrate here, which
 * is also the oracle the canonical builder is tested against.
 *
 * Distances are integers (FIELD_UNIT per cell), edge weights are at least
 * FIELD_UNIT, and the queue keeps one doubly linked list per FIELD_UNIT-wide
 * bucket in the ring of field-ring.h (a step costs at most 9 * sqrt(2) < 13
 * units, so every queued cell is within 13 buckets of the lowest). Settling
 * a cell can only push its neighbours into later buckets, so the lowest
 * bucket is final as a whole and is emptied without any ordering inside it.
 *
 * Speed (weir-bench field): the loop that settles a cell
 * is where the time goes. Prefetching does not help it, so memory is not
 * what holds it back; branches that no predictor can guess are, since which
 * neighbours accept an offer depends on the map. So the loop decides which
 * of the eight neighbours take an offer or tie with it without branching (a
 * mask), and only those, about one and a half a cell, run the branchy code.
 * Nothing is stored per offer that can wait: a cell's goal slot is copied
 * from the neighbour its pointer names once the cell is settled, and the
 * count of reachable cells is the count of settled ones, so no pass over the
 * map follows the search.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dmath.h"
#include "field.h"
#include "field-ring.h"
#include "los.h"
#include "util.h"

const int field_dx[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
const int field_dy[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };

/* n rounded up to a multiple of 16. */
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
	    field_align(field_losbuf_size(w, h)) +
	    field_align(n * sizeof(uint8_t)) +		/* rflag */
	    field_align(n * sizeof(int32_t)) * 2 +	/* rlist, rseed */
	    /* rbox, obox, sbox */
	    field_align(FIELD_MAX_GOALS * 4 * sizeof(int32_t)) * 3;
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
	p += field_align(f->losbuf_size);
	f->rflag = p;
	p += field_align(n * sizeof(uint8_t));
	f->rlist = (int32_t *)p;
	p += field_align(n * sizeof(int32_t));
	f->rseed = (int32_t *)p;
	p += field_align(n * sizeof(int32_t));
	f->rbox = (int32_t *)p;
	p += field_align(FIELD_MAX_GOALS * 4 * sizeof(int32_t));
	f->obox = (int32_t *)p;
	p += field_align(FIELD_MAX_GOALS * 4 * sizeof(int32_t));
	f->sbox = (int32_t *)p;
	for (size_t i = 0; i < n; i++) {
		f->dist[i] = FIELD_INF;
		f->dir[i] = FIELD_DIR_NONE;
		f->goal[i] = -1;
	}
	memset(f->los, 0, n);
	memset(f->rflag, 0, n);
	return f;
}

/*
 * Make dst, a field of the same size, the same field as src: every array a
 * build fills and the goal list, so that repairs of dst go on from there.
 */
void
field_copy(struct field *dst, const struct field *src)
{
	size_t n = src->ncells;

	assert(dst->w == src->w && dst->h == src->h);
	memcpy(dst->dist, src->dist, n * sizeof *dst->dist);
	memcpy(dst->dir, src->dir, n * sizeof *dst->dir);
	memcpy(dst->los, src->los, n * sizeof *dst->los);
	memcpy(dst->goal, src->goal, n * sizeof *dst->goal);
	memcpy(dst->goals, src->goals, (size_t)src->ngoals *
	    sizeof *dst->goals);
	dst->ngoals = src->ngoals;
	dst->base = src->base;
	dst->stats = src->stats;
	dst->obox_ok = false;
}

/* Allocate and lay out a w x h field. */
struct field *
field_new(int w, int h)
{
	return field_init(xaligned(16, field_sizeof(w, h)), w, h);
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

/*
 * The queue and the relaxation, on local copies of the hot pointers so the
 * compiler need not reload them after every store (the int32 and int64
 * arrays could otherwise alias one another).
 */
struct field_q {
	int64_t	*restrict dist;
	int8_t	*restrict dir;
	struct field_ring ring;
	size_t	 queued;
	uint64_t relaxed;
};

/*
 * Offer distance d, no worse than its own, to cell j through its neighbour
 * in direction dj (as seen from j). An equal offer takes over the pointer
 * only if its direction ranks first in the tie-break, so the pointer comes
 * out the same whatever order cells are settled in. A shorter one wins; the
 * cell joins the queue if it was not in it, and changes lists only if it
 * changes bucket, since the order inside a bucket does not matter.
 */
static inline void
field_offer(struct field_q *q, int j, int64_t d, int dj)
{
	int64_t old = q->dist[j];

	if (d == old) {
		/* old is finite, so j holds a pointer 0..7 to rank against. */
		if (field_rank[dj] < field_rank[(uint8_t)q->dir[j]])
			q->dir[j] = (int8_t)dj;
		return;
	}
	q->dist[j] = d;
	q->dir[j] = (int8_t)dj;
	q->relaxed++;
	if (old == FIELD_INF) {
		field_ring_push(&q->ring, j, d);
		q->queued++;
	} else if ((old >> FIELD_QSHIFT) != (d >> FIELD_QSHIFT)) {
		field_ring_remove(&q->ring, j, old);
		field_ring_push(&q->ring, j, d);
	}
}

/*
 * Begin field_integrate on f: every cell unreachable, the goal cells
 * (padded indices; blocked ones and repeats are skipped) at 0 in the
 * queue, whose state s keeps so that field_integrate_run can go on with
 * it in as many slices as the caller likes.
 */
void
field_integrate_start(struct field *f, const struct grid *g,
    const int32_t *goals, int ngoals, struct field_slice *s)
{
	struct field_ring ring;

	assert(f->w == g->w && f->h == g->h);
	f->obox_ok = false;	/* goal slots change: repair.c forgets */
	f->base = 0;
	field_ring_init(&ring, f);
	if (!s->clean) {
		for (size_t i = 0; i < f->ncells; i++)
			f->dist[i] = FIELD_INF;
		memset(f->goal, 0xff, f->ncells * sizeof *f->goal); /* -1 */
		memset(f->dir, FIELD_DIR_NONE, f->ncells);
	}
	s->clean = false;
	s->norder = 0;
	memset(&f->stats, 0, sizeof f->stats);
	s->queued = 0;
	s->bucket = 0;
	f->ngoals = 0;
	for (int k = 0; k < ngoals && f->ngoals < FIELD_MAX_GOALS; k++) {
		int i = goals[k];

		if (i < 0 || (size_t)i >= f->ncells || g->cost[i] == 0 ||
		    f->dist[i] == 0)
			continue;
		f->goals[f->ngoals] = i;
		f->dist[i] = 0;
		f->goal[i] = f->ngoals++;
		f->dir[i] = FIELD_DIR_GOAL;
		field_ring_push(&ring, i, 0);
		s->queued++;
	}
	memcpy(s->head, ring.head, sizeof s->head);
}

/*
 * Go on with the search s holds: settle whole buckets until at least
 * budget cells have been settled by this call, or none is left. Returns
 * true when the field is done. Pointers are chosen while relaxing: a
 * cell's pointer names the neighbour whose offer set its distance, the
 * first in the tie-break order among equal offers; offers come only from
 * settled cells, and every neighbour on a shortest route is settled before
 * the cell is, so all of them get their say. For the same reason a cell's
 * pointer is final when the cell is settled, and so is the goal slot of
 * the neighbour it names, which the cell takes over.
 */
bool
field_integrate_run(struct field *f, const struct grid *g,
    struct field_slice *sl, uint64_t budget)
{
	const int s = g->stride;
	const uint8_t *restrict cost = g->cost;
	const unsigned diag = g->diagonal;
	int64_t *restrict dist = f->dist;
	int32_t *restrict goal = f->goal;
	int8_t *restrict dir = f->dir;
	struct field_q q;
	uint64_t settled = 0;
	int64_t bucket = sl->bucket;
	int32_t *order = sl->order;
	size_t norder = sl->norder;
	int off[8];

	for (int d = 0; d < 8; d++)
		off[d] = field_offset(s, d);
	q.dist = dist;
	q.dir = dir;
	field_ring_init(&q.ring, f);
	memcpy(q.ring.head, sl->head, sizeof q.ring.head);
	q.queued = sl->queued;
	q.relaxed = 0;

	/*
	 * Settle the lowest bucket as a whole: detach its list, then walk it.
	 * Nothing enters the bucket meanwhile (every offer is at least one
	 * FIELD_UNIT above it) and nothing leaves it (its cells are final, so
	 * no offer improves them). The links of a settled cell are stale and
	 * never looked at again: only a cell in the queue takes an offer.
	 */
	for (; q.queued > 0 && settled < budget; bucket++) {
		int i = field_ring_take(&q.ring,
		    (int)(bucket & (FIELD_NBUCKETS - 1))), next;

		for (; i >= 0; i = next) {
			const int64_t du = dist[i];
			int64_t wo, wd;
			unsigned n, e, so, w, ne, se, sw, nw, m;

			next = q.ring.next[i];
			q.queued--;
			settled++;
			if (order != NULL)
				order[norder++] = i;
			if (du != 0)
				goal[i] = goal[i + off[dir[i]]];

			/* A step into i costs i's multiplier. */
			wo = du + cost[i] * FIELD_UNIT;
			wd = du + cost[i] * FIELD_DIAG;

			/*
			 * Which steps into i are legal: 0 or 1 each, so the
			 * diagonal ones (no corner cutting) are plain ANDs.
			 */
			n = cost[i - s] != 0;
			e = cost[i + 1] != 0;
			so = cost[i + s] != 0;
			w = cost[i - 1] != 0;
			ne = n & e & (cost[i - s + 1] != 0) & diag;
			se = so & e & (cost[i + s + 1] != 0) & diag;
			sw = so & w & (cost[i + s - 1] != 0) & diag;
			nw = n & w & (cost[i - s - 1] != 0) & diag;

			/*
			 * Bit d of m: the neighbour in direction d takes the
			 * offer or ties with it. Computed with compares that
			 * yield 0 or 1, not branches: which neighbours accept
			 * follows the map, and a predictor guesses it badly.
			 * Settled neighbours always refuse, so they fall out
			 * here too: a settled cell lies below the end of the
			 * current bucket, and every offer is at least one
			 * unit above du, which is in the bucket, so at or past
			 * its end (a settled cell of this bucket may well lie
			 * above du; it still lies below the offer).
			 */
			m = (n & (wo <= dist[i - s])) |
			    (ne & (wd <= dist[i - s + 1])) << 1 |
			    (e & (wo <= dist[i + 1])) << 2 |
			    (se & (wd <= dist[i + s + 1])) << 3 |
			    (so & (wo <= dist[i + s])) << 4 |
			    (sw & (wd <= dist[i + s - 1])) << 5 |
			    (w & (wo <= dist[i - 1])) << 6 |
			    (nw & (wd <= dist[i - s - 1])) << 7;
			while (m != 0) {
				int d = field_ctz(m);

				m &= m - 1;
				/* The neighbour's pointer leads back to i. */
				field_offer(&q, i + off[d], d & 1 ? wd : wo,
				    (d + 4) & 7);
			}
		}
	}
	f->stats.settled += settled;
	f->stats.relaxed += q.relaxed;
	memcpy(sl->head, q.ring.head, sizeof sl->head);
	sl->queued = q.queued;
	sl->bucket = bucket;
	sl->norder = norder;
	return q.queued == 0;
}

/*
 * Fill dist, goal and dir (the pointer form of the flow) from the goal cells
 * (padded indices; blocked ones and repeats are skipped), in one go.
 */
void
field_integrate(struct field *f, const struct grid *g, const int32_t *goals,
    int ngoals)
{
	struct field_slice s;

	s.clean = false;
	s.order = NULL;
	field_integrate_start(f, g, goals, ngoals, &s);
	field_integrate_run(f, g, &s, UINT64_MAX);
}

/*
 * The direction a cell's flow points: the first neighbour, in the tie-break
 * order, that starts a shortest route. FIELD_DIR_GOAL on a goal and
 * FIELD_DIR_NONE on a blocked or unreachable cell.
 */
int
field_best_dir(const struct field *f, const struct grid *g, int i)
{
	return field_best_dir_moves(f, g, i, field_moves(g, i));
}

/*
 * Recompute dir for every map cell from the distances alone, by scanning
 * neighbours. field_integrate already leaves the same pointers; this is the
 * slow, obvious form, for checking and for callers that edit dist.
 */
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
 * Build everything: distances, flow pointers and line of sight, by the
 * canonical builder where it applies (8-way, every open cell at cost 1) and
 * by field_integrate elsewhere; both give the same field. Returns the number
 * of map cells from which some goal can be reached.
 */
int
field_build(struct field *f, const struct grid *g, const int32_t *goals,
    int ngoals)
{
	if (field_canon_applies(g))
		field_canon(f, g, goals, ngoals);
	else
		field_integrate(f, g, goals, ngoals);
	los_sweep(f, g);
	return (int)f->stats.settled;
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
	return (double)(d + f->base) / (double)FIELD_UNIT;
}

/* Distance of padded cell j for the gradient: own distance if j is useless. */
static double
field_grad_sample(const struct field *f, int j, double own)
{
	if (f->dist[j] == FIELD_INF)
		return own;
	return (double)(f->dist[j] + f->base) / (double)FIELD_UNIT;
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
	if (!grid_inside(g, x, y) || f->dist[i] == FIELD_INF ||
	    f->dir[i] == FIELD_DIR_GOAL)
		return;
	own = (double)(f->dist[i] + f->base) / (double)FIELD_UNIT;
	gx = field_grad_sample(f, i - 1, own) - field_grad_sample(f, i + 1, own);
	gy = field_grad_sample(f, i - g->stride, own) -
	    field_grad_sample(f, i + g->stride, own);
	len = sqrt(gx * gx + gy * gy);
	if (len > 0) {
		*vx = gx / len;
		*vy = gy / len;
	}
}

/*
 * The gradient of cell (x, y) (field_gradient) as the nearest of the eight
 * directions 0..7 (N, NE, E, ... as field_dx, field_dy), for drawing beside
 * the pointer form; -1 where the gradient is zero. Unlike the pointer it
 * ignores walls and corners: it can point into a wall, or across a corner
 * no walker may cut.
 */
int
field_gradient_dir(const struct field *f, const struct grid *g, int x, int y)
{
	double	vx, vy, a;
	int	k;

	field_gradient(f, g, x, y, &vx, &vy);
	if (vx == 0 && vy == 0)
		return -1;
	/* Angle clockwise from north (y grows down), in eighths. */
	a = dmath_atan2(vx, -vy) / (DMATH_PI / 4);
	k = (int)lround(a);
	return (k + 8) % 8;
}
