/* SPDX-License-Identifier: ISC */
/*
 * hunt-cut: what a closed or dearer cell breaks in the hunt field, the
 * best route each broken cell gets back from the cells round it, and the
 * wave run through them (hunt_cut_settle). A cell whose pointer chain
 * crosses the changed cell has no route left by its pointers; the cells
 * found are the subtree of the pointer tree under it. A cheaper or opened
 * cell breaks nothing: it and its neighbours join the wave (hunt_open).
 */
#include <stdbool.h>

#include "field-ring.h"
#include "hunt.h"

/*
 * The cells whose routes a change at t broke: those whose pointer is no
 * longer a legal move (a corner t now cuts), or leads into t when t got
 * dearer, or t itself when it closed; then everything pointing into a cut
 * cell, transitively.
 */
void
hunt_cut_find(struct hunt *h, const struct grid *g, int t, bool closed)
{
	const int8_t *dir = h->f->dir;

	if (closed && h->f->dist[t] != FIELD_INF)
		hunt_cut_mark(h, t);
	for (int d = 0; d < 8; d++) {
		int n = t + field_offset(g->stride, d), dn = dir[n];

		if (dn < 0 || dn > 7)
			continue;
		if ((field_moves(g, n) >> dn & 1) == 0 ||
		    n + field_offset(g->stride, dn) == t)
			hunt_cut_mark(h, n);
	}
	for (int k = 0; k < h->ncut; k++) {
		int v = h->cut[k];

		for (int d = 0; d < 8; d++) {
			int c = v + field_offset(g->stride, d), dc = dir[c];

			if (dc >= 0 && dc < 8 &&
			    c + field_offset(g->stride, dc) == v)
				hunt_cut_mark(h, c);
		}
	}
}

/* Best route cell v gets from a neighbour outside the cut, into v. */
void
hunt_cut_reseed(struct hunt *h, const struct grid *g, int v)
{
	struct field	*f = h->f;
	int64_t		 best = FIELD_INF;
	int		 bd = FIELD_DIR_NONE;

	for (unsigned m = field_moves(g, v); m != 0; m &= m - 1) {
		int	d = field_ctz(m), u = v + field_offset(g->stride, d);
		int64_t	o;

		if ((h->flag[u] & HUNT_FLAG_CUT) || f->dist[u] == FIELD_INF)
			continue;
		o = f->dist[u] + field_move_cost(g, u, d);
		/* Ties as a build breaks them: the first in rank. */
		if (o < best || (o == best && field_rank[d] < field_rank[bd])) {
			best = o;
			bd = d;
		}
	}
	if (bd == FIELD_DIR_NONE)
		return;
	f->dist[v] = best;
	f->dir[v] = (int8_t)bd;
	f->goal[v] = 0;
	hunt_push(h, v);
}

/* Cut what a closed or dearer cell t broke and settle it again. */
void
hunt_cut(struct hunt *h, const struct grid *g, int t, bool closed)
{
	hunt_cut_find(h, g, t, closed);
	hunt_cut_settle(h, g);
}

/*
 * The cells marked cut (h->cut) lose their routes, each takes the best
 * offer of its neighbours outside the cut, and the wave runs until none
 * is left in it; a cut of more than 1 / HUNT_REBUILD_SHARE of the map
 * builds the field afresh instead.
 */
void
hunt_cut_settle(struct hunt *h, const struct grid *g)
{
	struct field *f = h->f;

	h->stats.cut = (uint64_t)h->ncut;
	if ((size_t)h->ncut * HUNT_REBUILD_SHARE > (size_t)(g->w * g->h)) {
		for (int k = 0; k < h->ncut; k++)
			h->flag[h->cut[k]] &= (uint8_t)~HUNT_FLAG_CUT;
		h->ncut = 0;
		hunt_build(h, g, grid_x(g, h->goal), grid_y(g, h->goal));
		return;
	}
	for (int k = 0; k < h->ncut; k++) {
		int v = h->cut[k];

		if (h->hpos[v] != -1)
			hunt_remove(h, v);
		f->dist[v] = FIELD_INF;
		f->dir[v] = FIELD_DIR_NONE;
		f->goal[v] = -1;
	}
	h->pending = 0;		/* no cut cell is in the wave now */
	for (int k = 0; k < h->ncut; k++)
		hunt_cut_reseed(h, g, h->cut[k]);
	hunt_settle_pending(h, g);
}

/*
 * A cheaper or opened cell t: it and its neighbours join the wave, and an
 * opened cell that joins the goal's part of the map to another is settled
 * through at once (the cells it lets in are reached for the first time).
 */
void
hunt_open(struct hunt *h, const struct grid *g, int t)
{
	struct field *f = h->f;
	bool fresh = f->dist[t] == FIELD_INF;

	for (unsigned m = field_moves(g, t); m != 0; m &= m - 1) {
		int	d = field_ctz(m), u = t + field_offset(g->stride, d);
		int64_t	o;

		if (f->dist[u] == FIELD_INF)
			continue;
		o = f->dist[u] + field_move_cost(g, u, d);
		if (o < f->dist[t]) {
			hunt_lower(h, t, o);
			f->dir[t] = (int8_t)d;
			f->goal[t] = 0;
		}
		hunt_push(h, u);
	}
	if (f->dist[t] != FIELD_INF) {
		if (fresh)
			hunt_cut_mark(h, t);	/* reached for the first time */
		hunt_push(h, t);
	}
	hunt_settle_pending(h, g);
}
