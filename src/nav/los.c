/* SPDX-License-Identifier: ISC */
/*
 * Line of sight, exact, swept outward from each goal.
 *
 * Work in one octant at a time, with the goal at the origin and octant
 * coordinates (k, j), 0 <= j <= k: k steps along the major axis, j along the
 * minor. Lengths are doubled so every cell edge is an integer: cell (k, j)
 * spans [2k-1, 2k+1] x [2j-1, 2j+1] and its centre is (2k, 2j). A ray from
 * the goal is y = s x with slope s in [0, 1]; cell (k, j) sees the goal when
 * the ray of slope j/k is clear up to x = 2k.
 *
 * For each cell the sweep keeps span(k, j): the ray slopes, among those that
 * cross column k inside the cell (its window [(2j-1)/2k, (2j+1)/2k]), that
 * are clear all the way to x = 2k. span(k, j) comes from the spans of
 * (k-1, j-1) and (k-1, j), whose windows cover this one, minus the shadows
 * of the opaque cells the rays pass between x = 2k-2 and x = 2k: (k-1, j-1),
 * (k-1, j), (k, j-1), (k, j+1) and finally the cell itself.
 *
 * Why one interval per cell is enough: the shadow an opaque cell casts on a
 * column, from a point no farther than its own column, is wider than one
 * cell, and so is each piece of it the sweep subtracts; a window is at most
 * one cell wide. So a shadow can only bite a window from one end or cover it,
 * and what stays clear in a window is always a single interval. Slopes are
 * kept as exact fractions with open or closed ends (a ray that only grazes a
 * corner is blocked), so the sweep agrees with los_ray_clear on every cell.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "los.h"

/*
 * Numerators and denominators stay under 2 * GRID_MAX_W + 2, so products
 * fit 32 bits.
 */
struct los_frac {
	int32_t	n, d;		/* n / d with d > 0, or +infinity as 1 / 0 */
};

struct los_span {
	struct los_frac	lo, hi;
	uint8_t		lo_open, hi_open, empty;
	uint8_t		full;	/* the cell's whole window, ends closed */
};

_Static_assert((int64_t)(2 * GRID_MAX_W + 3) * (2 * GRID_MAX_W + 3) <
    INT32_MAX, "slope products fit an int32_t");

/*
 * Octant transforms, each row { xk, xj, yk, yj }: octant cell (k, j) is at
 * map offset (xk * k + xj * j, yk * k + yj * j) from the goal.
 */
static const int los_oct[8][4] = {
	{ 1, 0, 0, 1 }, { 0, 1, 1, 0 }, { 0, -1, 1, 0 }, { -1, 0, 0, 1 },
	{ -1, 0, 0, -1 }, { 0, -1, -1, 0 }, { 0, 1, -1, 0 }, { 1, 0, 0, -1 },
};

/* Bytes of scratch for spans of columns up to n cells tall. */
size_t
los_scratch_size(int n)
{
	return 2 * (size_t)(n + 2) * sizeof(struct los_span);
}

/* Compare two fractions: -1, 0 or 1. */
static inline int
los_cmp(struct los_frac a, struct los_frac b)
{
	int32_t l = a.n * b.d, r = b.n * a.d;

	return (l > r) - (l < r);
}

static inline struct los_frac
los_frac(int n, int d)
{
	struct los_frac f = { n, d };

	return f;
}

/* Whether slope s lies in span p. */
static inline int
los_span_has(const struct los_span *p, struct los_frac s)
{
	int a, b;

	if (p->empty)
		return 0;
	a = los_cmp(p->lo, s);
	b = los_cmp(s, p->hi);
	return (a < 0 || (a == 0 && !p->lo_open)) &&
	    (b < 0 || (b == 0 && !p->hi_open));
}

/* Mark p empty if its ends have crossed. */
static inline void
los_span_check(struct los_span *p)
{
	int c = los_cmp(p->lo, p->hi);

	if (c > 0 || (c == 0 && (p->lo_open || p->hi_open)))
		p->empty = 1;
}

/* Narrow p to the closed window [lo, hi]. */
static inline void
los_span_clip(struct los_span *p, struct los_frac lo, struct los_frac hi)
{
	if (p->empty)
		return;
	if (los_cmp(lo, p->lo) > 0) {
		p->lo = lo;
		p->lo_open = 0;
	}
	if (los_cmp(hi, p->hi) < 0) {
		p->hi = hi;
		p->hi_open = 0;
	}
	los_span_check(p);
}

/*
 * Remove the closed shadow [a, b] from p. A shadow never lies strictly inside
 * a span (see the top of the file); if one ever did, keeping the lower part
 * would still be safe, only less complete.
 */
static inline void
los_span_cut(struct los_span *p, struct los_frac a, struct los_frac b)
{
	int below, above;

	if (p->empty)
		return;
	below = los_cmp(b, p->lo);
	above = los_cmp(a, p->hi);
	if (below < 0 || (below == 0 && p->lo_open) ||
	    above > 0 || (above == 0 && p->hi_open))
		return;				/* disjoint */
	if (los_cmp(a, p->lo) <= 0) {
		if (los_cmp(b, p->hi) >= 0) {
			p->empty = 1;
			return;
		}
		p->lo = b;
		p->lo_open = 1;
	} else {
		p->hi = a;
		p->hi_open = 1;
	}
	los_span_check(p);
}

/*
 * Shadow of row r's cell over the doubled x range [xl, xr]: the slopes s
 * with 2r-1 <= s x <= 2r+1 for some x in the range.
 */
static inline void
los_shadow(struct los_span *p, int r, int xl, int xr)
{
	struct los_frac a = los_frac(2 * r - 1, xr);
	struct los_frac b = xl == 0 ? los_frac(1, 0) : los_frac(2 * r + 1, xl);

	los_span_cut(p, a, b);
}

/*
 * The span of cell (k, j) at padded index i, the slow way: the union of the
 * spans a (k-1, j-1) and b (k-1, j) (either NULL when empty or absent)
 * clipped to the cell's window, less the shadows of the opaque cells the
 * rays pass between x = 2k-2 and x = 2k; op holds which of those are
 * opaque (bits 0..3: (k-1, j-1), (k-1, j), (k, j-1), (k, j+1)).
 */
static void
los_span_make(struct los_span *p, const struct los_span *a,
    const struct los_span *b, int k, int j, unsigned op)
{
	struct los_frac wlo, whi;

	/* Window of the cell, within the octant. */
	wlo = j == 0 ? los_frac(0, 1) : los_frac(2 * j - 1, 2 * k);
	whi = j == k ? los_frac(1, 1) : los_frac(2 * j + 1, 2 * k);

	/* Union of the two spans feeding this window. */
	if (a == NULL && b == NULL) {
		p->empty = 1;
		p->full = 0;
		return;
	}
	if (a != NULL && b != NULL) {
		int c = los_cmp(a->hi, b->lo);

		if (c == 0 && !(a->hi_open && b->lo_open)) {
			*p = *a;
			p->hi = b->hi;
			p->hi_open = b->hi_open;
		} else {
			/*
			 * A gap: the two parts cannot both meet this window,
			 * because the shadow between them is wider than a
			 * window (see the top of the file); keep the one that
			 * does.
			 */
			*p = *b;
			los_span_clip(p, wlo, whi);
			if (p->empty)
				*p = *a;
		}
	} else
		*p = a != NULL ? *a : *b;
	los_span_clip(p, wlo, whi);

	/* Shadows cast between x = 2k-2 and x = 2k. */
	if (op & 1)
		los_shadow(p, j - 1, 2 * k - 2, 2 * k - 1);
	if (op & 2)
		los_shadow(p, j, 2 * k - 2, 2 * k - 1);
	if (op & 4)
		los_shadow(p, j - 1, 2 * k - 1, 2 * k);
	if (op & 8)
		los_shadow(p, j + 1, 2 * k - 1, 2 * k);
	p->full = !p->empty && !p->lo_open && !p->hi_open &&
	    los_cmp(p->lo, wlo) == 0 && los_cmp(p->hi, whi) == 0;
}

/*
 * The span of cell (k - 1, j) as the slow way reads it: a whole window is
 * kept as a flag alone (the quick way writes nothing else), so its ends
 * are filled in here. NULL when empty.
 */
static inline const struct los_span *
los_span_get(const struct los_span *p, int k, int j, struct los_span *tmp)
{
	if (p->empty)
		return NULL;
	if (!p->full)
		return p;
	k--;
	tmp->lo = j == 0 ? los_frac(0, 1) : los_frac(2 * j - 1, 2 * k);
	tmp->hi = j == k ? los_frac(1, 1) : los_frac(2 * j + 1, 2 * k);
	tmp->lo_open = tmp->hi_open = 0;
	tmp->empty = 0;
	tmp->full = 1;
	return tmp;
}

/* Mark a span slot empty (a sentinel past the ends of a column's run). */
static inline void
los_span_none(struct los_span *p)
{
	p->empty = 1;
	p->full = 0;
}

/*
 * Sweep one octant of goal slot s at padded index gi, clipped to the box
 * (which lies on the map); sets los on the cells of that goal which see
 * it. With clear set, instead clears los on every cell of that goal the
 * sweep reaches: every cell that could see the goal, which is how a repair
 * forgets what an old grid let a goal see.
 *
 * Only the run of rows [plo, phi] where the last column had open spans is
 * looked at, and one row more: nothing else can be reached; the slots just
 * outside the run are marked empty, so no cell tests where it reads. Most
 * cells of an open map take the quick way: both spans feeding a cell whole
 * windows and none of the four cells that could cast a shadow opaque, its
 * span is its whole window (the two windows cover it), kept as a flag, and
 * it sees the goal. prev and cur may be indexed from -1.
 */
static void
los_octant(struct field *f, const struct grid *g, int s, int gi,
    const int *t, int kmax, int jmax, struct los_span *prev,
    struct los_span *cur, int clear)
{
	const uint8_t *restrict cost = g->cost;
	const int32_t *restrict goal = f->goal;
	uint8_t *restrict los = f->los;
	const int dk = t[0] + t[2] * g->stride, dj = t[1] + t[3] * g->stride;
	int plo = 0, phi = 0;
	uint64_t swept = 0;

	prev[0].empty = 0;
	prev[0].full = 1;	/* the goal: as (0, 0)'s window, every slope */
	los_span_none(&prev[-1]);
	los_span_none(&prev[1]);
	for (int k = 1; k <= kmax; k++) {
		int jhi = phi + 1 < k ? phi + 1 : k, nlo = -1, nhi = -1;

		if (jhi > jmax)
			jhi = jmax;
		for (int j = plo, i = gi + k * dk + plo * dj; j <= jhi;
		    j++, i += dj) {
			struct los_span *p = &cur[j], ta, tb;
			const struct los_span *a = &prev[j - 1], *b = &prev[j];
			unsigned op, sees, own;

			/* Shadow casters; some are the goal, or no cell's. */
			op = (cost[i - dk - dj] != 1) | (cost[i - dk] != 1) << 1 |
			    (cost[i - dj] != 1) << 2 | (cost[i + dj] != 1) << 3;
			if (j == 0)
				op &= k == 1 ? 8u : 10u;
			else if (k == 1)
				op &= ~1u;
			if (op == 0 && (j == 0 || a->full) && (j == k || b->full)) {
				p->empty = 0;
				p->full = 1;
				sees = 1;
			} else {
				los_span_make(p, los_span_get(a, k, j - 1, &ta),
				    los_span_get(b, k, j, &tb), k, j, op);
				if (p->empty)
					continue;
				sees = p->full ||
				    los_span_has(p, los_frac(j, k));
			}
			swept++;
			own = goal[i] == s;
			los[i] = clear ? (uint8_t)(los[i] & ~own) :
			    (uint8_t)(los[i] | (own & sees));
			/* The cell's own square shades everything behind it. */
			if (cost[i] != 1) {
				los_span_none(p);
				continue;
			}
			if (nlo < 0)
				nlo = j;
			nhi = j;
		}
		if (nlo < 0)
			break;
		los_span_none(&cur[nlo - 1]);
		los_span_none(&cur[nhi + 1]);
		plo = nlo;
		phi = nhi;
		{
			struct los_span *tmp = prev;

			prev = cur;
			cur = tmp;
		}
	}
	f->stats.los_cells += swept;
}

/* Whether no cell of the box (on the map) is opaque. */
static bool
los_box_clear(const struct grid *g, int minx, int miny, int maxx, int maxy)
{
	const uint64_t ones = UINT64_C(0x0101010101010101);
	size_t n = (size_t)(maxx - minx + 1);

	for (int y = miny; y <= maxy; y++) {
		const uint8_t *c = g->cost + grid_index(g, minx, y);
		uint64_t diff = 0;
		size_t x = 0;

		/* Eight cells a step: a byte other than 1 leaves a bit. */
		for (; x + 8 <= n; x += 8) {
			uint64_t w;

			memcpy(&w, c + x, 8);
			diff |= w ^ ones;
		}
		for (; x < n; x++)
			diff |= c[x] ^ 1u;
		if (diff != 0)
			return false;
	}
	return true;
}

/*
 * The sweep of a box with no opaque cell: the segment between two centres
 * in a box touches only cells of the box, so every cell there sees the
 * goal, and each cell of goal slot s gets its sight set (or cleared).
 */
static void
los_fill_box(struct field *f, const struct grid *g, int s, int minx,
    int miny, int maxx, int maxy, int clear)
{
	const int32_t *restrict goal = f->goal;
	uint8_t *restrict los = f->los;
	int n = maxx - minx + 1;

	for (int y = miny; y <= maxy; y++) {
		int i = grid_index(g, minx, y);

		if (clear)
			for (int x = 0; x < n; x++)
				los[i + x] &= (uint8_t)(goal[i + x] != s);
		else
			for (int x = 0; x < n; x++)
				los[i + x] |= (uint8_t)(goal[i + x] == s);
	}
	f->stats.los_cells += (uint64_t)n * (uint64_t)(maxy - miny + 1);
}

/* Sweep goal slot s over the box, setting (or clearing) los. */
static void
los_sweep_box(struct field *f, const struct grid *g, int s, int minx,
    int miny, int maxx, int maxy, int clear)
{
	int gi = f->goals[s], gx = grid_x(g, gi), gy = grid_y(g, gi);
	int n = (f->w > f->h ? f->w : f->h) + 2;
	struct los_span *prev = (struct los_span *)f->losbuf + 1;
	struct los_span *cur = prev + n + 2;	/* both from -1 */
	int right, left, down, up;

	/* Off the map nothing is set, and its border is opaque anyway. */
	minx = minx < 0 ? 0 : minx;
	miny = miny < 0 ? 0 : miny;
	maxx = maxx >= g->w ? g->w - 1 : maxx;
	maxy = maxy >= g->h ? g->h - 1 : maxy;
	right = maxx - gx;
	left = gx - minx;
	down = maxy - gy;
	up = gy - miny;
	f->los[gi] = !clear;	/* a goal sees itself (while it is one) */
	if (gx >= minx && gx <= maxx && gy >= miny && gy <= maxy &&
	    los_box_clear(g, minx, miny, maxx, maxy)) {
		los_fill_box(f, g, s, minx, miny, maxx, maxy, clear);
		return;
	}
	for (int o = 0; o < 8; o++) {
		const int *t = los_oct[o];
		int kmax, jmax;

		/* Extent of the box along the octant's major and minor axes. */
		if (t[0] != 0) {
			kmax = t[0] > 0 ? right : left;
			jmax = t[3] > 0 ? down : up;
		} else {
			kmax = t[2] > 0 ? down : up;
			jmax = t[1] > 0 ? right : left;
		}
		if (kmax > 0 && jmax >= 0)
			los_octant(f, g, s, gi, t, kmax, jmax, prev, cur,
			    clear);
	}
}

/*
 * Sweep the cells in [minx, maxx] x [miny, maxy] for goal slot s: set los on
 * the cells of that goal in the box which see it (others are left alone).
 */
void
los_sweep_goal(struct field *f, const struct grid *g, int s, int minx,
    int miny, int maxx, int maxy)
{
	los_sweep_box(f, g, s, minx, miny, maxx, maxy, 0);
}

/*
 * Clear los on every cell of goal slot s in the box that could see the goal
 * on this grid. A repair calls it before it changes what blocks sight, then
 * los_sweep_goal with the same box after: together they redo the box exactly.
 */
void
los_clear_goal(struct field *f, const struct grid *g, int s, int minx,
    int miny, int maxx, int maxy)
{
	los_sweep_box(f, g, s, minx, miny, maxx, maxy, 1);
}

/* Set los for every cell of f: exactly the cells that see their own goal. */
void
los_sweep(struct field *f, const struct grid *g)
{
	int (*box)[4] = NULL;
	int boxes[64][4];
	int ng = f->ngoals;

	memset(f->los, 0, f->ncells);
	if (ng == 0)
		return;
	if (ng == 1) {
		los_sweep_goal(f, g, 0, 0, 0, g->w - 1, g->h - 1);
		return;
	}
	/* A box round each goal's cells, so a goal sweeps only its area. */
	if (f->obox_ok) {
		/* The build or a repair keeps them (field-canon.c, repair.c). */
		for (int s = 0; s < ng; s++)
			if (f->obox[4 * s + 2] >= 0)
				los_sweep_goal(f, g, s, f->obox[4 * s],
				    f->obox[4 * s + 1], f->obox[4 * s + 2],
				    f->obox[4 * s + 3]);
		return;
	}
	for (int base = 0; base < ng; base += 64) {
		int cnt = ng - base < 64 ? ng - base : 64;

		box = boxes;
		for (int s = 0; s < cnt; s++) {
			box[s][0] = box[s][1] = 1 << 30;
			box[s][2] = box[s][3] = -1;
		}
		for (int y = 0; y < g->h; y++) {
			for (int x = 0; x < g->w; x++) {
				int s = f->goal[grid_index(g, x, y)] - base;

				if (s < 0 || s >= cnt)
					continue;
				if (x < box[s][0]) box[s][0] = x;
				if (y < box[s][1]) box[s][1] = y;
				if (x > box[s][2]) box[s][2] = x;
				if (y > box[s][3]) box[s][3] = y;
			}
		}
		for (int s = 0; s < cnt; s++)
			if (box[s][2] >= 0)
				los_sweep_goal(f, g, base + s, box[s][0],
				    box[s][1], box[s][2], box[s][3]);
	}
}

/*
 * Exact test: does the segment between the centres of (x0, y0) and (x1, y1)
 * touch no opaque cell other than those two? O(max(|x1 - x0|, |y1 - y0|)),
 * with no division in the loop.
 *
 * Mirror the ray so it runs along its longer axis u from its first cell,
 * U cells, and rises along the other, v, V <= U cells (mirrors through the
 * first cell's centre and across its diagonal map cells onto cells), and
 * put that centre at (1, 1) with lengths doubled: local cell (u, v) spans
 * [2u, 2u + 2] x [2v, 2v + 2], and the ray ends at (2U + 1, 2V + 1).
 * Scaled by U, its height at x is U + (x - 1) V: T(k) = U + kV at
 * x = k + 1. The part of the ray in column u runs from x = 2u (or 1) to
 * 2u + 2 (or 2U + 1), heights T(2u - 1) to T(2u + 1) (T(0) to T(2U) at the
 * ends), and touches the rows v with 2v <= its top and 2v + 2 >= its
 * bottom, both ends counted, since a ray that grazes a corner is blocked:
 * rows ceil(lo / 2U) - 1 to floor(hi / 2U), one to three of them as the
 * ray is no steeper than 1. The top of one column is the bottom of the
 * next, so a quotient and remainder carried from column to column give
 * both.
 */
bool
los_ray_clear(const struct grid *g, int x0, int y0, int x1, int y1)
{
	const uint8_t *cost = g->cost;
	int dx, dy, U, V, iu, iv, at, q, rem, qstep, rstep, D, lo;

	if (!grid_inside(g, x0, y0) || !grid_inside(g, x1, y1))
		return false;
	dx = x1 - x0;
	dy = y1 - y0;
	if (abs(dx) >= abs(dy)) {
		U = abs(dx);
		V = abs(dy);
		iu = dx >= 0 ? 1 : -1;
		iv = dy >= 0 ? g->stride : -g->stride;
	} else {
		U = abs(dy);
		V = abs(dx);
		iu = dy >= 0 ? g->stride : -g->stride;
		iv = dx >= 0 ? 1 : -1;
	}
	if (U == 0)
		return true;
	at = grid_index(g, x0, y0);
	D = 2 * U;
	/* Column 0: rows 0 .. floor(T(1) / 2U), the first cell not counted. */
	q = V == U;			/* (U + V) / 2U: 1 on a diagonal */
	rem = U + V - q * D;
	if (q == 1 && cost[at + iv] != 1)
		return false;
	qstep = V == U;			/* T's step, 2V, over 2U */
	rstep = 2 * V - qstep * D;
	for (int u = 1; u < U; u++) {
		int hi, p, carry;

		lo = q - (rem == 0);	/* the last column's top, T(2u - 1) */
		q += qstep;
		rem += rstep;
		carry = rem >= D;
		rem -= carry ? D : 0;
		q += carry;
		hi = q;
		at += iu;
		p = at + lo * iv;
		/* Rows lo .. hi, at most three. */
		if ((cost[p] != 1) | (cost[p + (hi > lo) * iv] != 1) |
		    (cost[p + (hi - lo) * iv] != 1))
			return false;
	}
	/* The last column: up to T(2U) / 2U, which is V, the last cell. */
	at += iu;
	for (int v = q - (rem == 0); v < V; v++)
		if (cost[at + v * iv] != 1)
			return false;
	return true;
}

/*
 * The rule of seed 000, for comparison: walking out from each goal ring by
 * ring, a cell sees the goal if the neighbour towards the goal along its
 * longer axis does (either one when the axes tie) and, off the axes, the
 * diagonal neighbour towards the goal does too; an exact diagonal also needs
 * both orthogonal neighbours open.
 */
void
los_seed_rule(struct field *f, const struct grid *g)
{
	memset(f->los, 0, f->ncells);
	for (int s = 0; s < f->ngoals; s++) {
		int gi = f->goals[s], gx = grid_x(g, gi), gy = grid_y(g, gi);
		int rmax = g->w > g->h ? g->w : g->h;

		f->los[gi] = 1;
		for (int r = 1; r <= rmax; r++) {
			/* Off-diagonal cells of the ring first, diagonals last. */
			for (int pass = 0; pass < 2; pass++) {
				for (int dy = -r; dy <= r; dy++) {
					int edge = dy == -r || dy == r;

					for (int dx = -r; dx <= r;
					    dx += edge || dx == r ? 1 : 2 * r) {
						int ax = dx < 0 ? -dx : dx;
						int ay = dy < 0 ? -dy : dy;
						int x = gx + dx, y = gy + dy, i;
						int sx = dx > 0 ? -1 : dx < 0;
						int sy = dy > 0 ? -1 : dy < 0;
						int has = 0;

						if ((ax > ay ? ax : ay) != r)
							continue;
						if ((ax == ay) != pass)
							continue;
						if (!grid_inside(g, x, y))
							continue;
						i = grid_index(g, x, y);
						if (f->goal[i] != s ||
						    los_opaque(g, i))
							continue;
						if (ax >= ay && f->los[i + sx])
							has = 1;
						if (ay >= ax &&
						    f->los[i + sy * g->stride])
							has = 1;
						if (ax > 0 && ay > 0) {
							if (!f->los[i + sx +
							    sy * g->stride])
								has = 0;
							else if (ax == ay &&
							    (los_opaque(g, i + sx) ||
							    los_opaque(g, i +
							    sy * g->stride)))
								has = 0;
						}
						f->los[i] = (uint8_t)has;
					}
				}
			}
		}
	}
}
