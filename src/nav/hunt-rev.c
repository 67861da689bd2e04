/* SPDX-License-Identifier: ISC */
/*
 * hunt-rev: a build taken before its goal comes to it. With the goal's walk
 * known (hunt_plan), a canonical build aims HUNT_AIM_AHEAD steps past where
 * the goal will stand when it ends (hunt_aim). Done, with the goal on the
 * walk short of the build's goal a (and its cells a shortest route of the
 * build to a, as a route_find route is), it is taken at once: the field
 * becomes the build (an O(1) trade of arrays) with every route going on
 * from a back along the walk to the goal. So a cell x holds the length of
 * x to a and back, d_a(x) + L, L the walk's length from the goal to a: that
 * is exact for every cell whose route to the goal passes a (the cells
 * ahead, the stale ones after a step), and the walk's cells hold their
 * length along it to the goal (lowered, so they join the wave).
 *
 * Each step the goal then takes along the walk towards a shortens every
 * such route by the step: the base falls by its cost (where hunt_move's
 * step raises it), so the cells ahead stay exact while the cells behind
 * come closer to exact, and the new goal, whose pointer led to the old one,
 * is at 0. The old goal must rise to point at the new one: it and the
 * cells whose pointer chain runs into it without room to rise by twice the
 * step (the walk behind the goal, the cells the wave settled from it) are
 * cut and settled again as a tower's cut is (hunt_cut_settle). A cell not
 * cut keeps its value and pointer, and falls by the same amount along it;
 * a cut cell ends at most twice the step above its old value (its old
 * chain, then the step, is a route), so the room tested is enough: the
 * field stays valid. The walk left, replaced or done (the goal on a), the
 * steps are hunt_move's again.
 *
 * Against a build taken when the goal comes, the staleness of a step j of
 * the K between takes goes as |j - HUNT_AIM_AHEAD| instead of j.
 */
#include <assert.h>
#include <stdbool.h>

#include "field-ring.h"
#include "hunt.h"

/* The cell before plan[k] on the walk: the goal for the first. */
static int32_t
rev_before(const struct hunt *h, int k)
{
	return k == h->iplan ? h->goal : h->plan[k - 1];
}

/*
 * The index in plan of the build's goal, when the goal stands on the walk
 * short of it, the walk there is a shortest route of the build, and the
 * goal walks (a goal standing still is left to take a build toward
 * itself); else -1.
 */
static int
rev_end(const struct hunt *h, const struct grid *g)
{
	const int64_t	*dist = h->x->dist;
	int		 ka = -1;

	if (!h->xcanon || h->since > h->ups ||
	    h->waved * HUNT_SLICES > h->xwork)
		return -1;
	for (int k = h->iplan; k < h->nplan && k <= h->iplan + HUNT_REV_MAX;
	    k++)
		if (h->plan[k] == h->xgoal) {
			ka = k;
			break;
		}
	for (int k = ka; k >= h->iplan && ka >= 0; k--) {
		int32_t	o = rev_before(h, k), p = h->plan[k];
		int	d = hunt_step_dir(g, o, p);

		if (d == 8 || dist[p] == FIELD_INF ||
		    dist[o] != dist[p] + field_move_cost(g, p, d))
			return -1;
	}
	return ka;
}

/*
 * Take the done build before the goal comes, if it may be (see the model
 * comment); true when taken.
 */
bool
hunt_rev_take(struct hunt *h, const struct grid *g)
{
	struct field	*f;
	int		 ka = rev_end(h, g);

	if (ka < 0)
		return false;
	hunt_trade(h);
	f = h->f;
	f->base = f->dist[h->goal];	/* L: stored values are d_a */
	f->goals[0] = h->goal;
	h->exact = false;
	h->rev = true;
	h->reve = ka;
	/* The walk's cells: their length back along it, -d_a stored. */
	for (int k = h->iplan; k <= ka; k++) {
		int32_t p = h->plan[k];

		hunt_rev_keep(h, p);
		f->dir[p] = (int8_t)hunt_step_dir(g, p, rev_before(h, k));
		f->dist[p] = -f->dist[p];
		hunt_push(h, p);
	}
	hunt_rev_keep(h, h->goal);
	f->dist[h->goal] = -f->base;
	f->dir[h->goal] = FIELD_DIR_GOAL;
	hunt_push(h, h->goal);
	h->stats.early++;
	return true;
}

/*
 * Whether the goal's step from o to c (hunt_plan_step has taken it) goes
 * on towards the build's goal along the walk, c's pointer still leading
 * back to o by the step.
 */
bool
hunt_rev_walks(const struct hunt *h, const struct grid *g, int32_t o,
    int32_t c)
{
	const struct field *f = h->f;
	int d;

	if (!h->rev || h->iplan < 1 || h->iplan - 1 > h->reve ||
	    h->plan[h->iplan - 1] != c)
		return false;
	d = f->dir[c];
	return d >= 0 && d < 8 && c + field_offset(g->stride, d) == o &&
	    g->cost[c] == g->cost[o] &&
	    f->dist[c] == f->dist[o] + field_move_cost(g, o, d);
}

/*
 * The cells that must rise when the goal leaves o for c: o, and every cell
 * changed since the take whose pointer runs into one of them with less
 * than rise to spare (into h->cut, flagged). A cell not changed since holds
 * the build's distance and pointer, and no cell rises above its build's
 * distance (rev_raise), so it keeps room. False, with nothing marked, when
 * the build's own goal would have to rise: it has no pointer of the build
 * to go back to.
 */
static bool
rev_cut_find(struct hunt *h, const struct grid *g, int32_t o, int32_t c,
    int64_t rise)
{
	const int64_t	*dist = h->f->dist;
	const int8_t	*dir = h->f->dir;
	int		 off[8];

	for (int d = 0; d < 8; d++)
		off[d] = field_offset(g->stride, d);
	hunt_cut_mark(h, o);
	for (int k = 0; k < h->ncut; k++) {
		int v = h->cut[k];

		if (h->lowdir[v] == FIELD_DIR_GOAL) {
			for (k = 0; k < h->ncut; k++)
				h->flag[h->cut[k]] &= (uint8_t)~HUNT_FLAG_CUT;
			h->ncut = 0;
			return false;
		}
		for (int d = 0; d < 8; d++) {
			int u = v + off[d], du = dir[u];

			if (du >= 0 && du < 8 && u != c &&
			    (h->flag[u] & HUNT_FLAG_LOW) != 0 &&
			    u + off[du] == v &&
			    dist[u] - dist[v] < field_move_cost(g, v, du) +
			    rise)
				hunt_cut_mark(h, u);
		}
	}
	return true;
}

/*
 * Raise the cells found (h->cut) by rise, or back to the build's distance
 * and pointer when that is less (a build's pointer leads to a cell no
 * higher than its build's distance, so it descends). Between cells raised
 * alike nothing changes; a cell raised less, or a neighbour not raised,
 * may now offer a raised one better, so it joins the wave.
 */
static void
rev_raise(struct hunt *h, const struct grid *g, int64_t rise)
{
	struct field *f = h->f;

	for (int k = 0; k < h->ncut; k++) {
		int	v = h->cut[k];
		int64_t	nv = f->dist[v] + rise;

		if (h->lowdist[v] < nv) {
			nv = h->lowdist[v];
			f->dir[v] = h->lowdir[v];
			hunt_lower(h, v, nv);
			hunt_push(h, v);
		} else
			hunt_lower(h, v, nv);
	}
	for (int k = 0; k < h->ncut; k++) {
		int v = h->cut[k];

		for (unsigned m = field_moves(g, v); m != 0; m &= m - 1) {
			int u = v + field_offset(g->stride, field_ctz(m));

			if ((h->flag[u] & HUNT_FLAG_CUT) == 0 &&
			    f->dist[u] != FIELD_INF)
				hunt_push(h, u);
		}
	}
	for (int k = 0; k < h->ncut; k++)
		h->flag[h->cut[k]] &= (uint8_t)~HUNT_FLAG_CUT;
	h->ncut = 0;
	h->pending = 0;		/* no cell in the wave is flagged now */
}

/*
 * The goal's step to c (direction d) towards the build's goal; false, with
 * nothing done, when it cannot be taken so (hunt_move's step is then).
 */
bool
hunt_rev_step(struct hunt *h, const struct grid *g, int32_t c, int d)
{
	struct field	*f = h->f;
	int32_t		 o = h->goal;
	int64_t		 cost = field_move_cost(g, c, d);

	if (!rev_cut_find(h, g, o, c, 2 * cost))
		return false;
	h->exact = false;
	f->base -= cost;
	assert(f->dist[c] == -f->base);
	f->dir[c] = FIELD_DIR_GOAL;
	f->goals[0] = c;
	h->goal = c;
	hunt_sight_forget(h);
	f->dir[o] = (int8_t)d;		/* o rises to a step above c */
	h->stats.cut = (uint64_t)h->ncut;
	rev_raise(h, g, 2 * cost);
	if (h->iplan - 1 == h->reve) {
		hunt_rev_end(h);	/* on the build's goal: exact */
		h->stats.arrived++;
	}
	return true;
}

/* The walk is left, replaced or done, or the map changed: steps as usual. */
void
hunt_rev_end(struct hunt *h)
{
	for (int k = 0; k < h->nlow; k++)
		h->flag[h->low[k]] &= (uint8_t)~HUNT_FLAG_LOW;
	h->nlow = 0;
	h->rev = false;
}
