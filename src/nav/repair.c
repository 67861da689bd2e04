/* SPDX-License-Identifier: ISC */
/*
 * Incremental field repair: invalidate what an edit makes too short, let the
 * changed cells offer their distances outward, then fix pointers, goal slots
 * and line of sight around the cells whose distance moved.
 *
 * Every repair runs the same stages on the scratch of the field:
 *
 *   classify   the candidate cells (those whose own steps changed), in order
 *              of distance: a cell is affected when no unaffected neighbour
 *              still gives it exactly its distance; an affected cell's
 *              children (neighbours it gave their distance) become
 *              candidates in turn;
 *   reseed     affected cells become unreachable, then each takes the best
 *              offer of its neighbours; they and the cells around the edit
 *              are the seeds;
 *   propagate  Dijkstra from the seeds over the bucket queue: a settled cell
 *              offers to its neighbours, which take only shorter offers;
 *   pointers   dir is recomputed by scan around every cell whose distance
 *              was written, and around the edit;
 *   goals      a cell whose pointer or distance changed takes the goal of
 *              the cell it points to; if that changes, so do its children;
 *   sight      boxes that can have changed are swept again (los.h).
 *
 * Why the result equals a rebuild: unaffected cells keep distances that are
 * still the length of a route, affected ones get the length of a route, and
 * any cell whose value is still too high after that has a shortest route
 * whose first wrong cell follows a cell that either changed (and so was
 * settled and offered) or did not and then already gave it the right value.
 * Two things make classify sound. It runs on the new costs (the grid is
 * edited first), so "a neighbour still gives it exactly its distance" means
 * a route that exists after the edit, for raises and lowers alike. And
 * bucket order is order enough: a neighbour that gives a cell its distance
 * is at least one unit lower, so it sits in an earlier bucket and has been
 * classified before the cell asks it.
 *
 * The queue is the bucket ring of field-ring.h, shared with field.c. Seeds
 * can be far apart in distance, further than the ring spans, so they wait in
 * an array sorted by distance and enter the ring when the ring reaches their
 * bucket; an empty ring jumps to the next seed.
 */
#include <assert.h>
#include <string.h>

#include "field-ring.h"
#include "los.h"
#include "repair.h"

/* Per-cell flags of the running repair (f->rflag), all 0 between repairs. */
#define R_LISTED	0x01	/* in f->rlist, so its flags get cleared */
#define R_CAND		0x02	/* a candidate of classify */
#define R_AFFECTED	0x04	/* distance invalidated */
#define R_QUEUED	0x08	/* in the bucket ring */
#define R_DONE		0x10	/* settled by propagate */
#define R_WRITTEN	0x20	/* distance written */
#define R_POINTED	0x40	/* pointer recomputed */
#define R_STACKED	0x80	/* on the goal stack */

struct repair {
	struct field		*f;
	const struct grid	*g;
	struct field_ring	 ring;		/* the queue (field-ring.h) */
	int			 off[8];
	int			 nlist;		/* cells in f->rlist */
	int			 nseed;		/* cells in f->rseed */
	int			 edit[16];	/* cells whose steps changed */
	int			 nedit;
	size_t			 queued;	/* cells in the ring */
	uint64_t		 work;		/* affected + settled so far */
	uint64_t		 limit;		/* work that triggers a rebuild */
	uint64_t		 affected;
	uint64_t		 settled;
	int			 dead;		/* goal slot being removed, or -1 */
};

/* Set flags on cell i, listing it the first time so they get cleared. */
static inline void
repair_flag(struct repair *r, int i, uint8_t bits)
{
	uint8_t *fl = &r->f->rflag[i];

	if ((*fl & R_LISTED) == 0)
		r->f->rlist[r->nlist++] = i;
	*fl |= bits | R_LISTED;
}

/* Write distance d to cell i. */
static inline void
repair_set_dist(struct repair *r, int i, int64_t d)
{
	r->f->dist[i] = d;
	repair_flag(r, i, R_WRITTEN);
}

/* Start a repair of f on g. */
static void
repair_begin(struct repair *r, struct field *f, const struct grid *g)
{
	memset(r, 0, sizeof *r);
	r->dead = -1;
	r->f = f;
	r->g = g;
	for (int d = 0; d < 8; d++)
		r->off[d] = field_offset(g->stride, d);
	r->limit = (uint64_t)(g->w * g->h) / REPAIR_REBUILD_SHARE;
	if (r->limit < 64)
		r->limit = 64;
	field_ring_init(&r->ring, f);
	for (int s = 0; s < FIELD_MAX_GOALS && s < f->ngoals + 1; s++) {
		f->rbox[4 * s] = f->rbox[4 * s + 1] = 1 << 30;
		f->rbox[4 * s + 2] = f->rbox[4 * s + 3] = -1;
	}
	f->stats.affected = f->stats.touched = f->stats.rebuilt = 0;
	f->stats.settled = f->stats.relaxed = 0;
}

/* Note that the steps of cell i (and of its neighbours into it) changed. */
static void
repair_edit(struct repair *r, int i)
{
	assert(r->nedit < (int)(sizeof r->edit / sizeof r->edit[0]));
	r->edit[r->nedit++] = i;
}

/* Grow goal slot s's sight box to hold map cell i. */
static void
repair_box_add(struct repair *r, int s, int i)
{
	int32_t *b = &r->f->rbox[4 * s];
	int x = grid_x(r->g, i), y = grid_y(r->g, i);

	if (x < b[0]) b[0] = x;
	if (y < b[1]) b[1] = y;
	if (x > b[2]) b[2] = x;
	if (y > b[3]) b[3] = y;
}

/* Put cell i into the ring bucket of its distance. */
static inline void
repair_qpush(struct repair *r, int i)
{
	field_ring_push(&r->ring, i, r->f->dist[i]);
	r->f->rflag[i] |= R_QUEUED;
	r->queued++;
}

/* Take cell i, queued at distance d, out of the ring. */
static inline void
repair_qremove(struct repair *r, int i, int64_t d)
{
	field_ring_remove(&r->ring, i, d);
	r->f->rflag[i] &= (uint8_t)~R_QUEUED;
	r->queued--;
}

/* Restore heap order below position k of the seeds (by distance). */
static void
repair_sift(const int64_t *dist, int32_t *a, int n, int k)
{
	for (;;) {
		int c = 2 * k + 1, t;

		if (c >= n)
			return;
		if (c + 1 < n && dist[a[c + 1]] > dist[a[c]])
			c++;
		if (dist[a[k]] >= dist[a[c]])
			return;
		t = a[k];
		a[k] = a[c];
		a[c] = t;
		k = c;
	}
}

/* Sort the seeds by distance, in place (heapsort: no allocation). */
static void
repair_sort_seeds(struct repair *r)
{
	const int64_t *dist = r->f->dist;
	int32_t *a = r->f->rseed;
	int n = r->nseed;

	for (int k = n / 2 - 1; k >= 0; k--)
		repair_sift(dist, a, n, k);
	for (int end = n - 1; end > 0; end--) {
		int t = a[0];

		a[0] = a[end];
		a[end] = t;
		repair_sift(dist, a, end, 0);
	}
}

/* Whether cell i is a goal of the field's current list. */
static inline bool
repair_is_goal(const struct field *f, int i)
{
	int s = f->goal[i];

	return f->dist[i] == 0 && s >= 0 && s < f->ngoals && f->goals[s] == i;
}

/*
 * Classify one candidate: affected unless a neighbour outside the affected
 * set still gives it exactly its distance. Returns whether it is affected;
 * if so its children become candidates.
 */
static bool
repair_classify_cell(struct repair *r, int v)
{
	struct field *f = r->f;
	const struct grid *g = r->g;
	const int64_t dv = f->dist[v];

	const unsigned moves = field_moves(g, v);
	const int64_t cin = g->cost[v] * FIELD_UNIT;	/* a step into v */
	const int64_t cind = g->cost[v] * FIELD_DIAG;

	if (repair_is_goal(f, v))
		return false;
	for (unsigned m = moves; m != 0; m &= m - 1) {
		int d = field_ctz(m), u = v + r->off[d];

		if ((f->rflag[u] & R_AFFECTED) == 0 &&
		    f->dist[u] != FIELD_INF &&
		    f->dist[u] + field_move_cost(g, u, d) == dv)
			return false;
	}
	repair_flag(r, v, R_AFFECTED);
	r->affected++;
	r->work++;
	for (unsigned m = moves; m != 0; m &= m - 1) {
		int d = field_ctz(m), x = v + r->off[d];

		if ((f->rflag[x] & R_CAND) == 0 &&
		    f->dist[x] == dv + (d & 1 ? cind : cin)) {
			repair_flag(r, x, R_CAND);
			repair_qpush(r, x);
		}
	}
	return true;
}

/* Settle cell v: offer its distance to every neighbour that can step in. */
static void
repair_settle(struct repair *r, int v)
{
	struct field *f = r->f;
	const int64_t dv = f->dist[v];

	const int64_t cin = r->g->cost[v] * FIELD_UNIT;	/* a step into v */
	const int64_t cind = r->g->cost[v] * FIELD_DIAG;

	f->rflag[v] |= R_DONE;
	r->settled++;
	r->work++;
	for (unsigned m = field_moves(r->g, v); m != 0; m &= m - 1) {
		int d = field_ctz(m), x = v + r->off[d];
		int64_t nd = dv + (d & 1 ? cind : cin), old = f->dist[x];

		if (old <= nd)
			continue;
		if ((f->rflag[x] & R_QUEUED) != 0 &&
		    (old >> FIELD_QSHIFT) != (nd >> FIELD_QSHIFT))
			repair_qremove(r, x, old);
		repair_set_dist(r, x, nd);
		f->stats.relaxed++;
		if ((f->rflag[x] & R_QUEUED) == 0)
			repair_qpush(r, x);
	}
}

/*
 * Run the ring over the seeds, sorted by distance, in one of two modes:
 * classify (seeds are candidates) or propagate. Returns -1 when the work
 * passes the limit (the caller rebuilds), else 0.
 */
static int
repair_drain(struct repair *r, bool classify)
{
	struct field *f = r->f;
	const int32_t *seed = f->rseed;
	int k = 0;
	int64_t cur = 0;

	repair_sort_seeds(r);
	for (;;) {
		int i, next;

		if (r->queued == 0) {
			/* Jump to the next seed still waiting. */
			while (k < r->nseed && !classify &&
			    (f->rflag[seed[k]] & (R_QUEUED | R_DONE)) != 0)
				k++;
			if (k == r->nseed)
				return 0;
			cur = f->dist[seed[k]] >> FIELD_QSHIFT;
		}
		for (; k < r->nseed &&
		    (f->dist[seed[k]] >> FIELD_QSHIFT) <= cur; k++) {
			int v = seed[k];

			if ((f->rflag[v] & (R_QUEUED | R_DONE)) == 0 &&
			    f->dist[v] != FIELD_INF)
				repair_qpush(r, v);
		}
		i = field_ring_take(&r->ring,
		    (int)(cur & (FIELD_NBUCKETS - 1)));
		for (; i >= 0; i = next) {
			next = r->ring.next[i];
			f->rflag[i] &= (uint8_t)~R_QUEUED;
			r->queued--;
			if (classify)
				repair_classify_cell(r, i);
			else
				repair_settle(r, i);
		}
		if (r->work > r->limit)
			return -1;	/* the ring is ours: no reset */
		cur++;
	}
}

/* Add cell i to the seeds if it is open and has a finite distance. */
static void
repair_seed(struct repair *r, int i)
{
	if (r->g->cost[i] != 0 && r->f->dist[i] != FIELD_INF)
		r->f->rseed[r->nseed++] = i;
}

/*
 * Best distance cell v can get from its neighbours as they stand; its own
 * distance if that is better.
 */
static int64_t
repair_best_offer(struct repair *r, int v)
{
	const int64_t *dist = r->f->dist;
	int64_t best = dist[v];

	for (unsigned m = field_moves(r->g, v); m != 0; m &= m - 1) {
		int d = field_ctz(m), u = v + r->off[d];

		if (dist[u] != FIELD_INF &&
		    dist[u] + field_move_cost(r->g, u, d) < best)
			best = dist[u] + field_move_cost(r->g, u, d);
	}
	return best;
}

/*
 * Distances: classify from the edited cells, invalidate, reseed and
 * propagate. extra[] are cells already given a new distance by the caller
 * (a new goal). Returns -1 if the work grew past the limit.
 */
static int
repair_distances(struct repair *r, const int *extra, int nextra)
{
	struct field *f = r->f;
	int nlisted;

	/* Candidates: the open cells around each edit, if they are reachable. */
	r->nseed = 0;
	for (int e = 0; e < r->nedit; e++) {
		for (int d = -1; d < 8; d++) {
			int i = r->edit[e] + (d < 0 ? 0 : r->off[d]);

			if ((f->rflag[i] & R_CAND) == 0 &&
			    f->dist[i] != FIELD_INF) {
				repair_flag(r, i, R_CAND);
				f->rseed[r->nseed++] = i;
			}
		}
	}
	if (repair_drain(r, true) < 0)
		return -1;

	/* Invalidate, then seed each affected cell from its neighbours. */
	nlisted = r->nlist;
	for (int k = 0; k < nlisted; k++) {
		int v = f->rlist[k];

		if ((f->rflag[v] & R_AFFECTED) != 0)
			repair_set_dist(r, v, FIELD_INF);
	}
	r->nseed = 0;
	for (int k = 0; k < nlisted; k++) {
		int v = f->rlist[k];
		int64_t best;

		if ((f->rflag[v] & R_AFFECTED) == 0 || r->g->cost[v] == 0)
			continue;
		best = repair_best_offer(r, v);
		if (best != FIELD_INF) {
			repair_set_dist(r, v, best);
			f->rseed[r->nseed++] = v;
		}
	}

	/* The edited cells offer afresh: their steps may have got cheaper. */
	for (int e = 0; e < r->nedit; e++) {
		for (int d = -1; d < 8; d++) {
			int i = r->edit[e] + (d < 0 ? 0 : r->off[d]);
			int64_t best;

			if (r->g->cost[i] == 0)
				continue;
			best = repair_best_offer(r, i);
			if (best != f->dist[i])
				repair_set_dist(r, i, best);
			repair_seed(r, i);
		}
	}
	for (int k = 0; k < nextra; k++)
		repair_seed(r, extra[k]);
	return repair_drain(r, false);
}

/* Recompute the pointer of cell i; queue it for the goal stage if needed. */
static void
repair_point(struct repair *r, int i)
{
	struct field *f = r->f;
	int8_t d;

	if ((f->rflag[i] & R_POINTED) != 0)
		return;
	repair_flag(r, i, R_POINTED);
	if (f->dist[i] == FIELD_INF)
		d = FIELD_DIR_NONE;
	else
		d = (int8_t)field_best_dir_moves(f, r->g, i,
		    field_moves(r->g, i));
	if (d != f->dir[i] || (f->rflag[i] & R_WRITTEN) != 0) {
		f->dir[i] = d;
		if ((f->rflag[i] & R_STACKED) == 0) {
			f->rflag[i] |= R_STACKED;
			f->rseed[r->nseed++] = i;
		}
	}
}

/*
 * Pointers of every cell whose distance was written, of the neighbours that
 * pointed at one or may now tie through one, and of every cell around the
 * edits; the cells whose pointer or distance changed go on the goal stack
 * (f->rseed, free again once the distances are done).
 */
static void
repair_pointers(struct repair *r)
{
	struct field *f = r->f;
	const struct grid *g = r->g;
	int nlisted = r->nlist;

	r->nseed = 0;
	for (int k = 0; k < nlisted; k++) {
		int v = f->rlist[k];
		unsigned m;

		if ((f->rflag[v] & R_WRITTEN) == 0)
			continue;
		repair_point(r, v);
		m = field_moves(g, v);
		for (; m != 0; m &= m - 1) {
			int d = field_ctz(m), x = v + r->off[d];

			/*
			 * x's pointer can change through v only if it named
			 * v, or if v now gives x exactly its distance.
			 */
			if ((f->rflag[x] & (R_WRITTEN | R_POINTED)) != 0 ||
			    f->dist[x] == FIELD_INF)
				continue;
			if (f->dir[x] == ((d + 4) & 7) ||
			    (f->dist[v] != FIELD_INF && f->dist[v] +
			    field_move_cost(g, v, d) == f->dist[x]))
				repair_point(r, x);
		}
	}
	for (int e = 0; e < r->nedit; e++) {
		repair_point(r, r->edit[e]);
		for (int d = 0; d < 8; d++)
			repair_point(r, r->edit[e] + r->off[d]);
	}
}

/*
 * Goal slots follow the pointers: pop a cell, take the goal of the cell it
 * points to; if that changed, its line of sight is void (0, and its new goal
 * sweeps a box holding it) and its children must follow in turn.
 */
static void
repair_goals(struct repair *r)
{
	struct field *f = r->f;
	/*
	 * With one goal a cell's slot says only whether it is reached, and
	 * every cell whose reach changed had its distance written, so it is
	 * on the stack already: no children to visit.
	 */
	const bool single = f->ngoals == 1 && r->dead < 0;

	while (r->nseed > 0) {
		int v = f->rseed[--r->nseed], ng;

		f->rflag[v] &= (uint8_t)~R_STACKED;
		if (f->dist[v] == FIELD_INF)
			ng = -1;
		else if (f->dir[v] == FIELD_DIR_GOAL)
			continue;	/* set by the goal edit itself */
		else if (single)
			ng = 0;
		else
			ng = f->goal[v + r->off[f->dir[v]]];
		if (ng == f->goal[v])
			continue;
		f->goal[v] = ng;
		f->los[v] = 0;
		if (ng >= 0)
			repair_box_add(r, ng, v);
		if (single)
			continue;
		for (int d = 0; d < 8; d++) {
			int x = v + r->off[d];
			int dx = f->dir[x];

			if (dx >= 0 && dx < 8 && x + r->off[dx] == v &&
			    (f->rflag[x] & R_STACKED) == 0) {
				repair_flag(r, x, R_STACKED);
				f->rseed[r->nseed++] = x;
			}
		}
	}
}

/* Sweep line of sight again in every goal's box. */
static void
repair_sight(struct repair *r)
{
	struct field *f = r->f;

	for (int s = 0; s < f->ngoals; s++) {
		const int32_t *b = &f->rbox[4 * s];

		if (b[2] >= 0)
			los_sweep_goal(f, r->g, s, b[0], b[1], b[2], b[3]);
	}
}

/* Clear the flags of every listed cell and fill in the counters. */
static void
repair_end(struct repair *r)
{
	struct field *f = r->f;

	for (int k = 0; k < r->nlist; k++)
		f->rflag[f->rlist[k]] = 0;
	f->stats.touched = (uint64_t)r->nlist;
	f->stats.affected = r->affected;
	f->stats.settled = r->settled;
}

/*
 * Renumber the cells of goal slot from to slot to: they are the pointer tree
 * rooted at the goal's cell. Their sight does not change (same goal cell).
 */
static void
repair_renumber(struct repair *r, int from, int to)
{
	struct field *f = r->f;
	int n = 0;

	f->rseed[n++] = f->goals[from];
	while (n > 0) {
		int v = f->rseed[--n];

		f->goal[v] = to;
		for (int d = 0; d < 8; d++) {
			int x = v + r->off[d];
			int dx = f->dir[x];

			if (dx >= 0 && dx < 8 && x + r->off[dx] == v)
				f->rseed[n++] = x;
		}
	}
}

/* Retire the goal slot being removed: the last goal moves into it. */
static void
repair_retire(struct repair *r)
{
	struct field *f = r->f;
	int last = f->ngoals - 1;

	if (r->dead < 0)
		return;
	if (r->dead != last) {
		repair_renumber(r, last, r->dead);
		f->goals[r->dead] = f->goals[last];
	}
	f->ngoals--;
	r->dead = -1;
}

/* Give up on the repair: the field is rebuilt from the grid and its goals. */
static void
repair_rebuild(struct repair *r)
{
	struct field *f = r->f;
	uint64_t touched = (uint64_t)r->nlist;

	for (int k = 0; k < r->nlist; k++)
		f->rflag[f->rlist[k]] = 0;
	if (r->dead >= 0) {
		/* The build's list must hold the same slots: retire by hand. */
		int last = f->ngoals - 1;

		f->goals[r->dead] = f->goals[last];
		f->ngoals--;
	}
	field_build(f, r->g, f->goals, f->ngoals);
	f->stats.touched = touched + f->stats.settled;
	f->stats.affected = r->affected;
	f->stats.rebuilt = 1;
}

/*
 * The part of the map whose sight of goal s can change when the opacity of
 * cell c does: a segment from a cell to the goal that touches c lies on c's
 * side of the goal on each axis.
 */
static void
repair_shadow_box(const struct field *f, const struct grid *g, int s, int c,
    int box[4])
{
	int gx = grid_x(g, f->goals[s]), gy = grid_y(g, f->goals[s]);
	int cx = grid_x(g, c), cy = grid_y(g, c);

	box[0] = cx > gx ? cx : 0;
	box[2] = cx < gx ? cx : g->w - 1;
	box[1] = cy > gy ? cy : 0;
	box[3] = cy < gy ? cy : g->h - 1;
}

/*
 * Make obox hold, for every goal slot, a box round all the cells whose
 * goal it is: kept from repair to repair, found by a scan of the map when
 * a build or a goal's edit has made it unknown.
 */
static void
repair_own_boxes(struct field *f, const struct grid *g)
{
	if (f->obox_ok)
		return;
	for (int s = 0; s < f->ngoals; s++) {
		f->obox[4 * s] = f->obox[4 * s + 1] = 1 << 30;
		f->obox[4 * s + 2] = f->obox[4 * s + 3] = -1;
	}
	for (int y = 0; y < g->h; y++) {
		for (int x = 0; x < g->w; x++) {
			int	 s = f->goal[grid_index(g, x, y)];
			int32_t	*b = &f->obox[4 * s];

			if (s < 0 || s >= f->ngoals)
				continue;
			if (x < b[0]) b[0] = x;
			if (y < b[1]) b[1] = y;
			if (x > b[2]) b[2] = x;
			if (y > b[3]) b[3] = y;
		}
	}
	f->obox_ok = true;
}

/*
 * Grow the kept boxes by the cells this repair gave a new goal: each is in
 * its new goal's rbox (repair_goals).
 */
static void
repair_own_merge(struct repair *r)
{
	struct field *f = r->f;

	if (!f->obox_ok)
		return;
	for (int s = 0; s < f->ngoals; s++) {
		const int32_t	*b = &f->rbox[4 * s];
		int32_t		*o = &f->obox[4 * s];

		if (b[2] < 0)
			continue;
		if (b[0] < o[0]) o[0] = b[0];
		if (b[1] < o[1]) o[1] = b[1];
		if (b[2] > o[2]) o[2] = b[2];
		if (b[3] > o[3]) o[3] = b[3];
	}
}

/*
 * Goal slot s's shadow box of c (repair_shadow_box) cut down to the box
 * round its cells, into box; false when nothing is left, so no cell of
 * that goal can see it differently.
 */
static bool
repair_owned_shadow(const struct field *f, const struct grid *g, int s, int c,
    int32_t *box)
{
	const int32_t	*o = &f->obox[4 * s];
	int		 b[4];

	repair_shadow_box(f, g, s, c, b);
	box[0] = b[0] > o[0] ? b[0] : o[0];
	box[1] = b[1] > o[1] ? b[1] : o[1];
	box[2] = b[2] < o[2] ? b[2] : o[2];
	box[3] = b[3] < o[3] ? b[3] : o[3];
	return box[0] <= box[2] && box[1] <= box[3];
}

/* Finish a repair whose distances are done: pointers, goals, sight. */
static void
repair_finish(struct repair *r)
{
	repair_pointers(r);
	repair_goals(r);
	repair_sight(r);
	repair_end(r);
}

/*
 * Set the cost of map cell (x, y) to cost (0 blocks it) and repair the field.
 * Blocking a goal's cell removes that goal first.
 */
void
repair_set_cost(struct field *f, struct grid *g, int x, int y, int cost)
{
	struct repair r;
	int c, old;
	bool sight;

	assert(grid_inside(g, x, y) && cost >= 0 && cost <= GRID_COST_MAX);
	c = grid_index(g, x, y);
	old = g->cost[c];
	if (old == cost)
		return;
	if (cost == 0 && repair_is_goal(f, c))
		repair_remove_goal(f, g, f->goal[c]);
	repair_begin(&r, f, g);
	/* Line of sight through c can change only if its opacity does. */
	sight = (old != 1) != (cost != 1);
	if (sight) {
		/*
		 * With several goals, only those with cells in their shadow
		 * of c (the kept boxes say which) are swept, each in that
		 * part of its shadow; one goal's cells are everywhere.
		 */
		bool clip = f->ngoals > 1;

		if (clip)
			repair_own_boxes(f, g);
		for (int s = 0; s < f->ngoals; s++) {
			int32_t *b = &f->sbox[4 * s];

			if (clip && !repair_owned_shadow(f, g, s, c, b)) {
				b[2] = -1;
				continue;
			}
			if (!clip) {
				int box[4];

				repair_shadow_box(f, g, s, c, box);
				for (int k = 0; k < 4; k++)
					b[k] = box[k];
			}
			los_clear_goal(f, g, s, b[0], b[1], b[2], b[3]);
		}
	}
	g->cost[c] = (uint8_t)cost;
	repair_edit(&r, c);
	if (repair_distances(&r, NULL, 0) < 0) {
		repair_rebuild(&r);
		return;
	}
	repair_pointers(&r);
	repair_goals(&r);
	for (int s = 0; sight && s < f->ngoals; s++) {
		const int32_t *b = &f->sbox[4 * s];

		if (b[2] >= 0)
			los_sweep_goal(f, g, s, b[0], b[1], b[2], b[3]);
	}
	repair_sight(&r);
	repair_own_merge(&r);
	repair_end(&r);
}

/* Place a wall (a tower) on map cell (x, y). */
void
repair_block(struct field *f, struct grid *g, int x, int y)
{
	repair_set_cost(f, g, x, y, 0);
}

/* Open map cell (x, y) with the given cost (a tower sold). */
void
repair_unblock(struct field *f, struct grid *g, int x, int y, int cost)
{
	repair_set_cost(f, g, x, y, cost > 0 ? cost : 1);
}

/*
 * Make map cell (x, y) a goal, in the next slot. Returns the slot, or -1 if
 * the cell is blocked, already a goal, or there is no room.
 */
int
repair_add_goal(struct field *f, const struct grid *g, int x, int y)
{
	struct repair r;
	int c, s;

	if (!grid_open(g, x, y) || f->ngoals >= FIELD_MAX_GOALS)
		return -1;
	c = grid_index(g, x, y);
	if (repair_is_goal(f, c))
		return -1;
	f->obox_ok = false;	/* a new slot: the kept boxes are found again */
	repair_begin(&r, f, g);
	s = f->ngoals++;
	f->goals[s] = c;
	/* The cell's old goal loses it; it sees itself. */
	repair_set_dist(&r, c, 0);
	f->dir[c] = FIELD_DIR_GOAL;
	f->goal[c] = s;
	f->los[c] = 1;
	repair_box_add(&r, s, c);
	if (repair_distances(&r, &c, 1) < 0) {
		repair_rebuild(&r);
		return s;
	}
	repair_finish(&r);
	return s;
}

/*
 * Stop goal slot being a goal; the last goal moves into its slot. Returns 0,
 * or -1 if there is no such slot.
 */
int
repair_remove_goal(struct field *f, const struct grid *g, int slot)
{
	struct repair r;
	int c;

	if (slot < 0 || slot >= f->ngoals)
		return -1;
	f->obox_ok = false;	/* slots renumbered: boxes found again */
	repair_begin(&r, f, g);
	c = f->goals[slot];
	/*
	 * The slot stays, dead, until the end: its cells relabel to the goals
	 * they now reach (and so get their sight redone), and only then does
	 * the last goal move in, which changes no goal cell and so no sight.
	 */
	r.dead = slot;
	f->goals[slot] = -1;
	f->goal[c] = -2;	/* matches no slot: c takes a new one */
	repair_edit(&r, c);
	if (repair_distances(&r, NULL, 0) < 0) {
		repair_rebuild(&r);
		return 0;
	}
	repair_flag(&r, c, R_WRITTEN);
	repair_pointers(&r);
	repair_goals(&r);
	repair_sight(&r);
	repair_retire(&r);
	repair_end(&r);
	return 0;
}

/*
 * Move goal slot to map cell (x, y), keeping the slot. Returns 0, or -1 if
 * the slot does not exist or the cell is blocked or another goal.
 */
int
repair_move_goal(struct field *f, const struct grid *g, int slot, int x,
    int y)
{
	struct repair r;
	int c, old, gw = g->w - 1, gh = g->h - 1;
	int64_t delta = 0;
	uint64_t shifted = 0;

	if (slot < 0 || slot >= f->ngoals || !grid_open(g, x, y))
		return -1;
	c = grid_index(g, x, y);
	old = f->goals[slot];
	if (c == old)
		return 0;
	if (repair_is_goal(f, c))
		return -1;
	/* Every cell of this goal sees a new point: forget what it saw. */
	f->obox_ok = false;
	los_clear_goal(f, g, slot, 0, 0, gw, gh);
	repair_begin(&r, f, g);
	/* delta: the cost of one allowed step from the old cell to c. */
	for (int d = 0; d < 8 && f->ngoals == 1; d++) {
		if (old + r.off[d] == c && (field_moves(g, old) >> d & 1) != 0)
			delta = field_move_cost(g, c, d);
	}
	f->goals[slot] = c;
	if (delta != 0) {
		/*
		 * Seed 004: with one goal that moves one legal step, every
		 * route may go on to the new cell, delta further; that bound
		 * holds for every cell at once, so only cells that do better
		 * are touched after this one pass.
		 */
		for (size_t i = 0; i < f->ncells; i++) {
			if (f->dist[i] != FIELD_INF) {
				f->dist[i] += delta;
				shifted++;
			}
		}
		repair_set_dist(&r, c, 0);
		f->dir[c] = FIELD_DIR_GOAL;
		f->goal[c] = slot;
		repair_flag(&r, old, R_WRITTEN);
		repair_seed(&r, c);
		if (repair_drain(&r, false) < 0) {
			repair_rebuild(&r);
			return 0;
		}
	} else {
		f->goal[old] = -2;
		repair_set_dist(&r, c, 0);
		f->dir[c] = FIELD_DIR_GOAL;
		f->goal[c] = slot;
		repair_edit(&r, old);
		if (repair_distances(&r, &c, 1) < 0) {
			repair_rebuild(&r);
			return 0;
		}
		repair_flag(&r, old, R_WRITTEN);
	}
	repair_pointers(&r);
	repair_goals(&r);
	los_sweep_goal(f, g, slot, 0, 0, gw, gh);
	repair_sight(&r);
	repair_end(&r);
	f->stats.touched += shifted;
	return 0;
}
