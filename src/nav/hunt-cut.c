/* SPDX-License-Identifier: ISC */
/*
 * hunt-cut: what a closed or dearer cell breaks in the hunt field, and the
 * best route each broken cell gets back from the cells round it (hunt.c's
 * hunt_cut_settle then runs the wave through them). A cell whose pointer
 * chain crosses the changed cell has no route left by its pointers; the
 * cells found are the subtree of the pointer tree under it.
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
