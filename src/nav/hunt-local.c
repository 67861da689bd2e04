/* SPDX-License-Identifier: ISC */
/*
 * hunt-local: an exact build round the goal only, merged into the hunt
 * field, for an update whose hunters stand too far off for the wave.
 *
 * The wave settles a cell at a time: each pop offers to eight neighbours
 * through the queue. The canonical builder fills the same cells by
 * straight and diagonal scans, many times faster. So when the hunters' need is far, the update runs the builder from
 * the goal on a third field (h->l), stopping at the first bucket past the
 * need (field_canon_local): every cell nearer than that then holds its exact
 * distance and a build's pointer. Those cells are written into the field.
 *
 * Why the field stays valid: a cell written holds its exact distance,
 * which is no more than what it held (every stored distance is a route's
 * length), and points at a neighbour exactly one step nearer, which is
 * nearer than the bound too, so was written as well. A cell not written
 * keeps its distance and pointer; its pointer's cell can only have come
 * lower. So distances still fall by at least a step along every pointer.
 *
 * And the wave's invariant (a cell not queued offers no neighbour anything
 * better): a written cell more than a diagonal step under the bound has
 * every neighbour written, exact, so it offers nothing and leaves the queue;
 * one within a diagonal step of it that came lower joins the queue, so the
 * wave goes on from there to the cells past the bound; every other cell
 * offers what it offered before, to neighbours that only came lower.
 *
 * Its cost is about the box's cells (the build, its pointers, the merge and
 * the cleaning of h->l): HUNT_LOCAL_WEIGHT of a whole build's cells each,
 * and HUNT_LOCAL_FIXED more (weir-bench goal times both against a whole
 * build). The cells it settles count towards the
 * wave's cap that update, so the wave after it only finishes what is left
 * of the need. hunt_choose (hunt-plan.c) weighs it against the wave and a
 * whole build.
 */
#include <assert.h>

#include "field-ring.h"
#include "hunt.h"

/*
 * Whether a local build may run: the canonical builder applies (unit
 * costs, eight ways), and no walk's routes are being kept for a build
 * taken early (hunt-rev.c records every cell the wave changes then).
 */
bool
hunt_local_fits(const struct hunt *h)
{
	return h->unit && !h->rev && h->goal >= 0;
}

/* Buckets of a local build for a need out to distance far. */
static int64_t
hunt_local_buckets(int64_t far)
{
	return (far < 0 ? 0 : far >> FIELD_QSHIFT) + 1;
}

/* A local build's cost for a need out to far, in a whole build's cells. */
double
hunt_local_cost(const struct hunt *h, int64_t far)
{
	const struct field *f = h->f;
	int64_t r = hunt_local_buckets(far) - 1;
	int gx = h->goal % f->stride - 1, gy = h->goal / f->stride - 1;
	int64_t x0 = gx - r < 0 ? 0 : gx - r, y0 = gy - r < 0 ? 0 : gy - r;
	int64_t x1 = gx + r >= f->w ? f->w - 1 : gx + r;
	int64_t y1 = gy + r >= f->h ? f->h - 1 : gy + r;

	return (double)((x1 - x0 + 1) * (y1 - y0 + 1)) * HUNT_LOCAL_WEIGHT +
	    HUNT_LOCAL_FIXED;
}

/*
 * Build round the goal out past far (an absolute distance: dist + base)
 * and write what it settled into the field (see the model comment).
 * Returns the cells settled.
 */
uint64_t
hunt_local(struct hunt *h, const struct grid *g, int64_t far)
{
	struct field	*f = h->f, *l = h->l;
	const int64_t	 nb = hunt_local_buckets(far);
	const int64_t	 band = (nb << FIELD_QSHIFT) - FIELD_DIAG;
	int		 box[4];
	uint64_t	 cells, written;

	assert(hunt_local_fits(h));
	written = field_canon_local(l, g, h->goal, nb, box);
	for (int y = box[1]; y <= box[3]; y++) {
		int i = grid_index(g, box[0], y);

		for (int x = box[0]; x <= box[2]; x++, i++) {
			int64_t d = l->dist[i], nd;

			if (d == FIELD_INF)
				continue;
			nd = d - f->base;
			assert(nd <= f->dist[i]);	/* it was a route's */
			if (d < band) {
				/* Every neighbour is exact: nothing to offer. */
				if (h->hpos[i] != -1)
					hunt_remove(h, i);
				f->dist[i] = nd;
			} else if (nd < f->dist[i]) {
				hunt_lower(h, i, nd);
				hunt_push(h, i);
			}
			f->dir[i] = l->dir[i];
			f->goal[i] = 0;
		}
	}
	cells = (uint64_t)(box[2] - box[0] + 1) * (uint64_t)(box[3] - box[1] +
	    1);
	field_canon_local_clean(l, g, box);
	h->stats.local = cells;
	h->stats.locals++;
	return written;
}

/* A local build's work this update, in the wave's cells (for slices). */
uint64_t
hunt_local_waved(const struct hunt *h)
{
	return (uint64_t)((double)h->stats.local * HUNT_LOCAL_WEIGHT /
	    HUNT_WAVE_WEIGHT + 0.999);
}
