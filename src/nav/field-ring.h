/* SPDX-License-Identifier: ISC */
/*
 * What field.c and repair.c share, in one copy: the bucket ring both run
 * their Dijkstra on, the moves a cell allows, and the pointer tie-break.
 * Internal to the engine; nothing outside src/nav/field*.c and repair.c
 * includes it.
 *
 * The ring keeps one doubly linked list of cells per FIELD_UNIT-wide bucket
 * of distance, FIELD_NBUCKETS buckets round. It is correct only while every
 * cell in it lies within FIELD_NBUCKETS buckets of the lowest: for Dijkstra
 * the largest step (GRID_COST_MAX diagonal) decides that, and the assertions
 * below tie the ring's size, the unit and the grid's limits together so that
 * changing one of them cannot silently break the queue. The canonical
 * builder holds its scans to the ring's reach itself (field-canon.c).
 */
#ifndef WEIR_FIELD_RING_H
#define WEIR_FIELD_RING_H

#include <stdint.h>
#include <stdlib.h>

#include "field.h"
#include "grid.h"

#define FIELD_QSHIFT	32	/* log2(FIELD_UNIT): bucket = d >> this */
#define FIELD_QHEAD	(-2)	/* prev of the first cell of a bucket */

_Static_assert(FIELD_UNIT == (int64_t)1 << FIELD_QSHIFT,
    "a bucket is one FIELD_UNIT wide");
_Static_assert((FIELD_NBUCKETS & (FIELD_NBUCKETS - 1)) == 0,
    "the ring is indexed by masking, so its size is a power of two");
/*
 * A cell settled from bucket b offers at most b + 1 + (largest step), so the
 * queue spans at most 2 + floor(largest step / unit) buckets.
 */
_Static_assert(GRID_COST_MAX * FIELD_DIAG < (FIELD_NBUCKETS - 1) * FIELD_UNIT,
    "the largest step (GRID_COST_MAX diagonal) must fit in the ring");
/* No step costs less than a unit: a whole bucket is final at once. */
_Static_assert(FIELD_DIAG > FIELD_UNIT, "a diagonal costs more than a step");
/* Cell indices and links are int32_t; distances int64_t. */
_Static_assert((int64_t)(GRID_MAX_W + 2) * (GRID_MAX_H + 2) < INT32_MAX,
    "padded cell indices fit the int32_t links");
_Static_assert((int64_t)(GRID_MAX_W + 2) * (GRID_MAX_H + 2) * GRID_COST_MAX <
    INT64_MAX / FIELD_DIAG, "the longest route fits an int64_t distance");

/* The ring: one list per bucket, linked through per-cell next and prev. */
struct field_ring {
	int32_t	*restrict next;
	int32_t	*restrict prev;
	int32_t	 head[FIELD_NBUCKETS];
};

/* Empty ring r over the link arrays of f. */
static inline void
field_ring_init(struct field_ring *r, struct field *f)
{
	r->next = f->qnext;
	r->prev = f->qprev;
	for (int b = 0; b < FIELD_NBUCKETS; b++)
		r->head[b] = -1;
}

/* Bucket (ring slot) of distance d. */
static inline int
field_ring_bucket(int64_t d)
{
	return (int)((d >> FIELD_QSHIFT) & (FIELD_NBUCKETS - 1));
}

/* Put cell i at the front of the bucket of distance d. */
static inline void
field_ring_push(struct field_ring *r, int i, int64_t d)
{
	int b = field_ring_bucket(d);
	int h = r->head[b];

	r->prev[i] = FIELD_QHEAD;
	r->next[i] = h;
	if (h >= 0)
		r->prev[h] = i;
	r->head[b] = i;
}

/* Take cell i out of the bucket of distance d. */
static inline void
field_ring_remove(struct field_ring *r, int i, int64_t d)
{
	int p = r->prev[i], n = r->next[i];

	if (p >= 0)
		r->next[p] = n;
	else
		r->head[field_ring_bucket(d)] = n;
	if (n >= 0)
		r->prev[n] = p;
}

/* Detach and return the list of bucket slot b (-1 when empty). */
static inline int
field_ring_take(struct field_ring *r, int b)
{
	int i = r->head[b];

	r->head[b] = -1;
	return i;
}

/* Index of the lowest set bit of m (m != 0). */
static inline int
field_ctz(unsigned m)
{
#if defined(__GNUC__)
	return __builtin_ctz(m);
#else
	int n = 0;

	while ((m & 1) == 0) {
		m >>= 1;
		n++;
	}
	return n;
#endif
}

/*
 * Pointer tie-break: N, E, S, W, then NE, SE, SW, NW (orthogonal before
 * diagonal). field_order lists the directions in that order, field_rank
 * gives each direction's place in it (FIELD_DIR_GOAL ranks last); both are
 * written out from the one rule below.
 */
#define FIELD_RANK(d)	((d) == FIELD_DIR_GOAL ? 8 : ((d) & 1) * 4 + (d) / 2)
#define FIELD_ORDER(k)	((k) < 4 ? 2 * (k) : 2 * ((k) - 4) + 1)

static const int8_t field_rank[9] = {
	FIELD_RANK(0), FIELD_RANK(1), FIELD_RANK(2), FIELD_RANK(3),
	FIELD_RANK(4), FIELD_RANK(5), FIELD_RANK(6), FIELD_RANK(7),
	FIELD_RANK(FIELD_DIR_GOAL),
};
static const int8_t field_order[8] = {
	FIELD_ORDER(0), FIELD_ORDER(1), FIELD_ORDER(2), FIELD_ORDER(3),
	FIELD_ORDER(4), FIELD_ORDER(5), FIELD_ORDER(6), FIELD_ORDER(7),
};
_Static_assert(FIELD_DIR_GOAL == 8, "field_rank has a slot for the goal");

/*
 * The moves between cell i and its neighbours, bit d for direction d: both
 * cells open and, for a diagonal, both cells beside it open (no corner
 * cutting). A move is allowed both ways or neither, so one mask serves for
 * the steps out of i and the steps into it.
 */
static inline unsigned
field_moves(const struct grid *g, int i)
{
	const uint8_t *c = g->cost;
	const int s = g->stride;
	unsigned n, e, so, w;

	if (c[i] == 0)
		return 0;
	n = c[i - s] != 0;
	e = c[i + 1] != 0;
	so = c[i + s] != 0;
	w = c[i - 1] != 0;
	if (!g->diagonal)
		return n | e << 2 | so << 4 | w << 6;
	return n | (n & e & (c[i - s + 1] != 0)) << 1 | e << 2 |
	    (so & e & (c[i + s + 1] != 0)) << 3 | so << 4 |
	    (so & w & (c[i + s - 1] != 0)) << 5 | w << 6 |
	    (n & w & (c[i - s - 1] != 0)) << 7;
}

/*
 * The octile distance between two cells dx and dy apart (either sign),
 * eight-way steps, in FIELD_UNITs.
 */
static inline int64_t
field_octile_apart(int dx, int dy)
{
	int ax = abs(dx), ay = abs(dy);
	int lo = ax < ay ? ax : ay, hi = ax < ay ? ay : ax;

	return (int64_t)hi * FIELD_UNIT + (int64_t)lo * (FIELD_DIAG -
	    FIELD_UNIT);
}

/*
 * The octile distance from cell i to map cell (tx, ty) (the 4-way one on a
 * grid without diagonals), in FIELD_UNITs: no route is shorter where every
 * cell costs 1, and it is never more than a route's cost.
 */
static inline int64_t
field_octile(const struct grid *g, int i, int tx, int ty)
{
	int dx = grid_x(g, i) - tx, dy = grid_y(g, i) - ty;

	if (!g->diagonal)
		return (int64_t)(abs(dx) + abs(dy)) * FIELD_UNIT;
	return field_octile_apart(dx, dy);
}

/* Cost of a step in direction d into cell j (the move being allowed). */
static inline int64_t
field_move_cost(const struct grid *g, int j, int d)
{
	return g->cost[j] * (d & 1 ? FIELD_DIAG : FIELD_UNIT);
}

/*
 * The direction cell i's flow points, its moves being known: the first
 * neighbour in the tie-break order that starts a shortest route.
 */
static inline int
field_best_dir_moves(const struct field *f, const struct grid *g, int i,
    unsigned moves)
{
	int64_t d = f->dist[i];

	if (d == FIELD_INF)
		return FIELD_DIR_NONE;
	if (d == 0)
		return FIELD_DIR_GOAL;
	for (int k = 0; k < 8; k++) {
		int dd = field_order[k];
		int j = i + field_offset(g->stride, dd);

		if ((moves >> dd & 1) != 0 && f->dist[j] != FIELD_INF &&
		    f->dist[j] + field_move_cost(g, j, dd) == d)
			return dd;
	}
	return FIELD_DIR_NONE;	/* not reached on a finished field */
}

#endif
