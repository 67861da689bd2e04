/* SPDX-License-Identifier: ISC */
/*
 * Neighbour grid: agents sorted into square buckets (by column, then by
 * row), then range queries over the buckets a query circle touches.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include "spatial.h"
#include "util.h"

#define SPATIAL_DENSE_SHARE	32	/* dense with an agent per 32 buckets */

/* Strided element i of an array of vectors embedded in larger records. */
static inline struct vec
spatial_at(const struct vec *base, size_t stride, int i)
{
	return *(const struct vec *)(const void *)((const char *)base +
	    (size_t)i * stride);
}

/* Bucket coordinate of map coordinate v, clamped to 0..n-1. */
static inline int
spatial_coord(const struct spatial *sp, double v, int n)
{
	double b = v * sp->inv_cell;

	if (!(b >= 0.0))	/* also catches NaN */
		return 0;
	if (b >= (double)n)
		return n - 1;
	return (int)b;
}

/* Bucket of point p. */
static inline int
spatial_bucket(const struct spatial *sp, struct vec p)
{
	return spatial_coord(sp, p.y, sp->bh) * sp->bw +
	    spatial_coord(sp, p.x, sp->bw);
}

/* A grid of cell-sized buckets over a w x h map, for at most max agents. */
struct spatial *
spatial_new(int w, int h, double cell, int max)
{
	struct spatial *sp = xcalloc(1, sizeof *sp);

	assert(w > 0 && h > 0 && cell > 0.0 && max >= 0);
	sp->cell = cell;
	sp->inv_cell = 1.0 / cell;
	sp->bw = (int)ceil(w / cell);
	sp->bh = (int)ceil(h / cell);
	if (sp->bw < 1)
		sp->bw = 1;
	if (sp->bh < 1)
		sp->bh = 1;
	sp->nbuckets = sp->bw * sp->bh;
	sp->max = max;
	/* The dense layout pays per bucket: worth it with a crowd. */
	sp->dense_min = sp->nbuckets / SPATIAL_DENSE_SHARE;
	sp->start = xcalloc((size_t)sp->nbuckets + 1, sizeof *sp->start);
	sp->row = xcalloc((size_t)sp->bh + 1, sizeof *sp->row);
	sp->count = xcalloc((size_t)sp->bw + 1, sizeof *sp->count);
	sp->bucket = xcalloc((size_t)max + 1, sizeof *sp->bucket);
	sp->order = xcalloc((size_t)max + 1, sizeof *sp->order);
	sp->index = xcalloc((size_t)max + 1, sizeof *sp->index);
	sp->col = xcalloc((size_t)max + 1, sizeof *sp->col);
	sp->pos = xcalloc((size_t)max + 1, sizeof *sp->pos);
	sp->vel = xcalloc((size_t)max + 1, sizeof *sp->vel);
	return sp;
}

/* Free a neighbour grid. */
void
spatial_free(struct spatial *sp)
{
	if (sp == NULL)
		return;
	free(sp->start);
	free(sp->row);
	free(sp->count);
	free(sp->bucket);
	free(sp->order);
	free(sp->index);
	free(sp->col);
	free(sp->pos);
	free(sp->vel);
	free(sp);
}

/* The sparse layout (spatial_build). */
static void
spatial_build_sparse(struct spatial *sp, const struct vec *pos,
    const struct vec *vel, size_t stride, int n)
{
	int32_t *row = sp->row, *count = sp->count;
	int b, i, k;

	for (b = 0; b <= sp->bw; b++)
		count[b] = 0;
	for (b = 0; b <= sp->bh; b++)
		row[b] = 0;
	for (i = 0; i < n; i++) {
		b = spatial_bucket(sp, spatial_at(pos, stride, i));
		sp->bucket[i] = b;
		count[b % sp->bw + 1]++;
		row[b / sp->bw + 1]++;
	}
	/*
	 * Prefix sums: count[x] is then the write cursor of column x, row[y]
	 * that of row y. Both sorts are stable, so the order is by row, then
	 * by column, then by the caller's index: bucket order.
	 */
	for (b = 0; b < sp->bw; b++)
		count[b + 1] += count[b];
	for (b = 0; b < sp->bh; b++)
		row[b + 1] += row[b];
	for (i = 0; i < n; i++)
		sp->order[count[sp->bucket[i] % sp->bw]++] = i;
	for (k = 0; k < n; k++) {
		int at;

		i = sp->order[k];
		at = row[sp->bucket[i] / sp->bw]++;
		sp->index[at] = i;
		sp->col[at] = sp->bucket[i] % sp->bw;
		sp->pos[at] = spatial_at(pos, stride, i);
		sp->vel[at] = vel != NULL ? spatial_at(vel, stride, i) :
		    vec_zero();
	}
	/* The cursors ended one row on: row[y] is now row y + 1's start. */
	for (b = sp->bh; b > 0; b--)
		row[b] = row[b - 1];
	row[0] = 0;
}

/* The dense layout (spatial_build). */
static void
spatial_build_dense(struct spatial *sp, const struct vec *pos,
    const struct vec *vel, size_t stride, int n)
{
	int32_t *start = sp->start;
	int b, i, sum;

	for (b = 0; b <= sp->nbuckets; b++)
		start[b] = 0;
	for (i = 0; i < n; i++) {
		b = spatial_bucket(sp, spatial_at(pos, stride, i));
		sp->bucket[i] = b;
		start[b]++;
	}
	/* Exclusive prefix sums, shifted one bucket up: start[b + 1] is the
	 * write cursor of bucket b while scattering, and its end afterwards. */
	sum = 0;
	for (b = 0; b < sp->nbuckets; b++) {
		int c = start[b];

		start[b] = sum;
		sum += c;
	}
	start[sp->nbuckets] = sum;
	for (b = sp->nbuckets; b > 0; b--)
		start[b] = start[b - 1];
	start[0] = 0;
	for (i = 0; i < n; i++) {
		int at = start[sp->bucket[i] + 1]++;

		sp->index[at] = i;
		sp->pos[at] = spatial_at(pos, stride, i);
		sp->vel[at] = vel != NULL ? spatial_at(vel, stride, i) :
		    vec_zero();
	}
}

/*
 * Sort n agents into buckets. pos and vel point at the first agent's
 * position and velocity; stride is the distance in bytes from one agent's
 * to the next (sizeof the agent record, or sizeof (struct vec) for plain
 * arrays). vel may be NULL, in which case the copies hold zero velocity.
 */
void
spatial_build(struct spatial *sp, const struct vec *pos, const struct vec *vel,
    size_t stride, int n)
{
	assert(n >= 0 && n <= sp->max);
	sp->dense = n >= sp->dense_min;
	if (sp->dense)
		spatial_build_dense(sp, pos, vel, stride, n);
	else
		spatial_build_sparse(sp, pos, vel, stride, n);
	sp->n = n;
}

/* The first of the agents [lo, hi), in bucket order, in column x or after. */
static inline int
spatial_first_col(const struct spatial *sp, int lo, int hi, int x)
{
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (sp->col[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Add one neighbour to hits unless it is full. */
static inline void
spatial_hit(struct spatial_hits *hits, int32_t index, struct vec p,
    struct vec v)
{
	if (hits->n >= hits->max)
		return;
	hits->index[hits->n] = index;
	hits->pos[hits->n] = p;
	hits->vel[hits->n] = v;
	hits->n++;
}

/*
 * Collect into hits every agent of the last build within radius of p (closer
 * than radius, not equal), except the agent whose index is self (-1 for
 * none). Hits come in bucket order, the same for the same build. Returns the
 * number found; hits stop at hits->max.
 */
int
spatial_query(const struct spatial *sp, struct vec p, double radius, int self,
    struct spatial_hits *hits)
{
	double r2 = radius * radius;
	int x0, x1, y0, y1, y, k;

	hits->n = 0;
	x0 = spatial_coord(sp, p.x - radius, sp->bw);
	x1 = spatial_coord(sp, p.x + radius, sp->bw);
	y0 = spatial_coord(sp, p.y - radius, sp->bh);
	y1 = spatial_coord(sp, p.y + radius, sp->bh);
	for (y = y0; y <= y1; y++) {
		/* Buckets of one row are adjacent: one run of the arrays. */
		int from, to;

		if (sp->dense) {
			from = sp->start[y * sp->bw + x0];
			to = sp->start[y * sp->bw + x1 + 1];
		} else {
			from = spatial_first_col(sp, sp->row[y],
			    sp->row[y + 1], x0);
			to = spatial_first_col(sp, from, sp->row[y + 1],
			    x1 + 1);
		}

		for (k = from; k < to; k++) {
			struct vec d = vec_sub(sp->pos[k], p);

			if (vec_len2(d) < r2 && sp->index[k] != self)
				spatial_hit(hits, sp->index[k], sp->pos[k],
				    sp->vel[k]);
		}
	}
	return hits->n;
}

/*
 * The same question answered by looking at all n agents (strided as for
 * spatial_build): O(n) a query, the reference for tests and benchmarks.
 */
int
spatial_query_all(const struct vec *pos, const struct vec *vel, size_t stride,
    int n, struct vec p, double radius, int self, struct spatial_hits *hits)
{
	double r2 = radius * radius;
	int i;

	hits->n = 0;
	for (i = 0; i < n; i++) {
		struct vec q = spatial_at(pos, stride, i);

		if (vec_len2(vec_sub(q, p)) < r2 && i != self)
			spatial_hit(hits, i, q,
			    vel != NULL ? spatial_at(vel, stride, i) :
			    vec_zero());
	}
	return hits->n;
}

/* Arrays for up to max neighbours. */
struct spatial_hits *
spatial_hits_new(int max)
{
	struct spatial_hits *hits = xcalloc(1, sizeof *hits);

	hits->max = max;
	hits->index = xcalloc((size_t)max + 1, sizeof *hits->index);
	hits->pos = xcalloc((size_t)max + 1, sizeof *hits->pos);
	hits->vel = xcalloc((size_t)max + 1, sizeof *hits->vel);
	return hits;
}

/* Free arrays made by spatial_hits_new. */
void
spatial_hits_free(struct spatial_hits *hits)
{
	if (hits == NULL)
		return;
	free(hits->index);
	free(hits->pos);
	free(hits->vel);
	free(hits);
}
