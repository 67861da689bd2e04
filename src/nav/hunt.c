/* SPDX-License-Identifier: ISC */
/*
 * The hunt field's upkeep (the contract is in hunt.h). Four parts share the
 * field's arrays:
 *
 *   the step   hunt_move: base += the step's cost, the old goal points at
 *              the new one, the new goal joins the wave. Every stored
 *              distance is then still the length of a route (to the old
 *              goal, then one step), and the differences between cells,
 *              which are all that pointers and the wave look at, are
 *              untouched.
 *   the wave   cells queued by distance (a ring of buckets, a heap for far
 *              keys). A cell leaves it by offering its distance plus a
 *              step to its neighbours; a neighbour offered less takes it,
 *              points back and joins the queue (offered as much, it takes
 *              the pointer when that ranks first, as a build's would).
 *              Invariant: a cell not queued offers no neighbour anything
 *              better. So when the least key is K, every cell whose exact
 *              distance is under K holds it exactly (the first wrong cell
 *              of a shortest route would follow a right cell not queued,
 *              which would have offered it). hunt_update pops until every
 *              given cell's distance is under the least key, and cap cells
 *              at the least.
 *   the build  field_canon's search and pointers (field_integrate's
 *              where it does not apply) on a second field, a share of the
 *              work an update, aimed where the goal will stand when it
 *              ends (hunt-plan.c). Done, it is taken: the two fields trade
 *              arrays, the build's goal is the goal, and the goal's steps
 *              since it stood there are replayed as hunt_move makes them.
 *              The field is then exact but for those steps, the wave
 *              holds only the replayed goals, and the old arrays wait in
 *              the second field for the next build to clean them. With
 *              the goal's walk known a build may be taken before the goal
 *              comes, its routes going on back along the walk (hunt-rev.c).
 *              A tick whose hunters are so far off that the wave would
 *              cost more than a build builds the field whole instead.
 *   the cut    a cell that becomes dearer or closed breaks the routes that
 *              cross it: the cells whose pointer chain does (the subtree of
 *              the pointer tree under it, found by walking pointers back)
 *              are made unreachable, each takes the best offer of its
 *              neighbours outside the cut, and the wave runs until none of
 *              them is left in it. A cheaper or opened cell only joins the
 *              wave, with its neighbours (and what it newly joins to the
 *              goal is settled at once).
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "field-ring.h"
#include "hunt.h"
#include "los.h"
#include "util.h"

#define HF_CUT		HUNT_FLAG_CUT	/* cut by the running map change */
#define HF_SEEN		0x02	/* los set by a ray test */

static void	hunt_x_forget(struct hunt *h);

/*
 * The wave's queue, in two levels: a ring of HQ_NB buckets one
 * FIELD_UNIT wide (its own links) holding the keys of
 * the buckets lo .. lo + HQ_NB - 1, and a binary heap (heap, hpos)
 * holding the keys beyond. Almost every offer lands within a step of the
 * key just taken, so in the ring; a key below lo (the goal stepped, a
 * tower opened a cell) moves lo down, and the ring's keys that fall out
 * of reach go to the heap. hpos[i]: -1 not queued, -2 in the ring, else
 * the heap slot. Inside a bucket the order is any: the wave's argument
 * needs only that nothing below the least bucket is left.
 */
#define HQ_RING		(-2)
#define HQ_NB		HUNT_WAVE_BUCKETS

/* Put cell i at the front of ring bucket b. */
static inline void
hq_ring_push(struct hunt *h, int i, int64_t b)
{
	int slot = (int)(b & (HQ_NB - 1)), n = h->rhead[slot];

	h->rprev[i] = -1 - slot;	/* the first of its bucket */
	h->rnext[i] = n;
	if (n >= 0)
		h->rprev[n] = i;
	h->rhead[slot] = i;
}

/* Take cell i out of the ring. */
static inline void
hq_ring_remove(struct hunt *h, int i)
{
	int p = h->rprev[i], n = h->rnext[i];

	if (p >= 0)
		h->rnext[p] = n;
	else
		h->rhead[-1 - p] = n;
	if (n >= 0)
		h->rprev[n] = p;
}

/* Bucket of distance d (floor, for negative distances too). */
static inline int64_t
hq_bucket(int64_t d)
{
	return d >> FIELD_QSHIFT;
}

/* Restore heap order upward from position k. */
static void
hunt_up(struct hunt *h, int k)
{
	const int64_t	*dist = h->f->dist;
	int32_t		*heap = h->heap;
	int32_t		 v = heap[k];
	int64_t		 dv = dist[v];

	while (k > 0) {
		int p = (k - 1) / 2;

		if (dist[heap[p]] <= dv)
			break;
		heap[k] = heap[p];
		h->hpos[heap[k]] = k;
		k = p;
	}
	heap[k] = v;
	h->hpos[v] = k;
}

/* Restore heap order downward from position k. */
static void
hunt_down(struct hunt *h, int k)
{
	const int64_t	*dist = h->f->dist;
	int32_t		*heap = h->heap;
	int32_t		 v = heap[k];
	int64_t		 dv = dist[v];

	for (;;) {
		int c = 2 * k + 1;

		if (c >= h->nheap)
			break;
		if (c + 1 < h->nheap && dist[heap[c + 1]] < dist[heap[c]])
			c++;
		if (dist[heap[c]] >= dv)
			break;
		heap[k] = heap[c];
		h->hpos[heap[k]] = k;
		k = c;
	}
	heap[k] = v;
	h->hpos[v] = k;
}

/* Put cell i (not queued) into the heap. */
static void
hq_heap_add(struct hunt *h, int i)
{
	h->heap[h->nheap] = i;
	hunt_up(h, h->nheap++);
}

/* Take the heap's slot k out. */
static void
hq_heap_del(struct hunt *h, int k)
{
	int last = h->heap[--h->nheap];

	if (k == h->nheap)
		return;
	h->heap[k] = last;
	h->hpos[last] = k;
	hunt_up(h, k);
	hunt_down(h, h->hpos[last]);
}

/* Move the ring's bucket b (which lies in the ring) into the heap. */
static void
hq_spill(struct hunt *h, int64_t b)
{
	int slot = (int)(b & (HQ_NB - 1)), i = h->rhead[slot];

	h->rhead[slot] = -1;
	while (i >= 0) {
		int next = h->rnext[i];

		h->nring--;
		hq_heap_add(h, i);
		i = next;
	}
}

/* Lower the ring's reach to bucket b: keys now out of reach to the heap. */
static void
hq_rebase(struct hunt *h, int64_t b)
{
	int64_t from = b + HQ_NB > h->lo ? b + HQ_NB : h->lo;

	for (int64_t k = from; k < h->lo + HQ_NB; k++)
		hq_spill(h, k);
	h->lo = b;
}

/* Queue cell i (not queued) by its distance. */
static void
hq_insert(struct hunt *h, int i)
{
	int64_t b = hq_bucket(h->f->dist[i]);

	if (h->nring + h->nheap == 0)
		h->lo = b;
	else if (b < h->lo)
		hq_rebase(h, b);
	if (h->flag[i] & HF_CUT)
		h->pending++;
	if (b < h->lo + HQ_NB) {
		hq_ring_push(h, i, b);
		h->hpos[i] = HQ_RING;
		h->nring++;
	} else
		hq_heap_add(h, i);
}

/* Take queued cell i out, its distance being still what it was queued at. */
static void
hq_delete(struct hunt *h, int i)
{
	if (h->hpos[i] == HQ_RING) {
		hq_ring_remove(h, i);
		h->nring--;
	} else
		hq_heap_del(h, h->hpos[i]);
	h->hpos[i] = -1;
	if (h->flag[i] & HF_CUT)
		h->pending--;
}

/*
 * Bring lo to the least bucket holding a key (pulling the heap's keys
 * into the ring as it comes in reach); false when nothing is queued.
 */
static bool
hq_least(struct hunt *h)
{
	if (h->nring == 0) {
		if (h->nheap == 0)
			return false;
		h->lo = hq_bucket(h->f->dist[h->heap[0]]);
	}
	for (;;) {
		while (h->nheap > 0 && hq_bucket(h->f->dist[h->heap[0]]) <
		    h->lo + HQ_NB) {
			int i = h->heap[0];

			hq_heap_del(h, 0);
			hq_ring_push(h, i, hq_bucket(h->f->dist[i]));
			h->hpos[i] = HQ_RING;
			h->nring++;
		}
		if (h->rhead[h->lo & (HQ_NB - 1)] >= 0)
			return true;
		h->lo++;
	}
}

/* Queue cell i at its distance; nothing if it is queued there already. */
void
hunt_push(struct hunt *h, int i)
{
	if (h->hpos[i] == -1)
		hq_insert(h, i);
}

/* Give cell i distance d (lower, or higher), keeping the queue in order. */
void
hunt_lower(struct hunt *h, int i, int64_t d)
{
	if (h->hpos[i] != -1) {
		hq_delete(h, i);	/* and no longer only the front */
		h->f->dist[i] = d;
		hq_insert(h, i);
	} else
		h->f->dist[i] = d;
}

/* Take a cell of the least bucket out of the wave (hq_least was true). */
static int
hunt_pop(struct hunt *h)
{
	int v = h->rhead[h->lo & (HQ_NB - 1)];

	hq_delete(h, v);
	return v;
}

/* Take cell i out of the wave, wherever it is. */
void
hunt_remove(struct hunt *h, int i)
{
	hq_delete(h, i);
}

/* Empty the wave. */
static void
hunt_heap_clear(struct hunt *h)
{
	for (int k = 0; k < h->nheap; k++)
		h->hpos[h->heap[k]] = -1;
	h->nheap = 0;
	/* The ring holds buckets lo .. lo + HQ_NB - 1: its cells come first. */
	for (int64_t k = 0; k < HQ_NB && h->nring > 0; k++) {
		int b = (int)((h->lo + k) & (HQ_NB - 1)), i = h->rhead[b];

		h->rhead[b] = -1;
		for (; i >= 0; i = h->rnext[i]) {
			h->hpos[i] = -1;
			h->nring--;
		}
	}
	h->nring = 0;
	h->pending = 0;
}

/* Forget every ray test: the goal or the map changed. */
void
hunt_sight_forget(struct hunt *h)
{
	for (int k = 0; k < h->nseen; k++) {
		h->f->los[h->seen[k]] = 0;
		h->flag[h->seen[k]] &= (uint8_t)~HF_SEEN;
	}
	h->nseen = 0;
}

/* A hunt field for a w x h grid, with no goal yet. */
struct hunt *
hunt_new(int w, int hh)
{
	struct hunt	*h = xcalloc(1, sizeof *h);
	size_t		 n = grid_cells(w, hh);

	h->f = field_new(w, hh);
	h->x = field_new(w, hh);
	h->l = field_new(w, hh);
	memset(h->l->dir, 0, h->l->ncells);	/* clean: see hunt-local.c */
	h->goal = -1;
	h->heap = xcalloc(n, sizeof *h->heap);
	h->hpos = xmalloc(n * sizeof *h->hpos);
	memset(h->hpos, 0xff, n * sizeof *h->hpos);	/* all -1 */
	h->flag = xcalloc(n, 1);
	h->cut = xcalloc(n, sizeof *h->cut);
	h->plan = xcalloc(n, sizeof *h->plan);
	h->xwalk = xcalloc(n, sizeof *h->xwalk);
	h->ups = 1;
	h->wratio = 1;
	h->seen = xcalloc(n, sizeof *h->seen);
	h->low = xcalloc(n, sizeof *h->low);
	h->lowdist = xcalloc(n, sizeof *h->lowdist);
	h->lowdir = xcalloc(n, 1);
	h->pcell = xcalloc(HUNT_PROVE_MAX + 1, sizeof *h->pcell);
	h->pdir = xcalloc(HUNT_PROVE_MAX + 1, 1);
	h->pways = xcalloc(HUNT_PROVE_MAX + 1, 1);
	h->pmark = xcalloc(n, sizeof *h->pmark);
	h->rnext = xcalloc(n, sizeof *h->rnext);
	h->rprev = xcalloc(n, sizeof *h->rprev);
	h->rhead = xmalloc(HQ_NB * sizeof *h->rhead);
	for (int b = 0; b < HQ_NB; b++)
		h->rhead[b] = -1;
	h->cap = w * hh / HUNT_CAP_SHARE;
	if (h->cap < HUNT_CAP_MIN)
		h->cap = HUNT_CAP_MIN;
	h->slice = w * hh / HUNT_SLICES;
	if (h->slice < HUNT_MIN_SLICE)
		h->slice = HUNT_MIN_SLICE;
	h->xfull = h->xlen = (w * hh + h->slice - 1) / h->slice;
	return h;
}

/* Free h and its fields. */
void
hunt_free(struct hunt *h)
{
	if (h == NULL)
		return;
	field_free(h->f);
	field_free(h->x);
	field_free(h->l);
	free(h->heap);
	free(h->hpos);
	free(h->flag);
	free(h->cut);
	free(h->plan);
	free(h->xwalk);
	free(h->seen);
	free(h->low);
	free(h->lowdist);
	free(h->lowdir);
	free(h->pcell);
	free(h->pdir);
	free(h->pways);
	free(h->pmark);
	free(h->rnext);
	free(h->rprev);
	free(h->rhead);
	free(h);
}

/* No goal: every cell unreachable. */
static void
hunt_clear(struct hunt *h)
{
	struct field *f = h->f;

	hunt_sight_forget(h);
	hunt_heap_clear(h);
	for (size_t i = 0; i < f->ncells; i++)
		f->dist[i] = FIELD_INF;
	memset(f->dir, FIELD_DIR_NONE, f->ncells);
	memset(f->goal, 0xff, f->ncells * sizeof *f->goal);
	f->ngoals = 0;
	f->base = 0;
	h->goal = -1;
	h->exact = false;
	hunt_rev_end(h);
	hunt_x_forget(h);
}

/*
 * Build the field whole toward map cell (x, y), exactly as field_build
 * (without its sight sweep); no goal if the cell is closed.
 */
void
hunt_build(struct hunt *h, const struct grid *g, int x, int y)
{
	int32_t goal;

	if (!grid_open(g, x, y)) {
		hunt_clear(h);
		return;
	}
	goal = grid_index(g, x, y);
	hunt_sight_forget(h);
	hunt_heap_clear(h);
	h->unit = field_canon_applies(g);
	if (h->unit)
		field_canon(h->f, g, &goal, 1);
	else
		field_integrate(h->f, g, &goal, 1);
	memset(h->f->los, 0, h->f->ncells);
	if (h->xwork == 0)	/* no build in slices has ended yet */
		hunt_disc_count(h, g);
	h->goal = goal;
	h->exact = true;
	hunt_rev_end(h);
	hunt_x_forget(h);
	h->stats.rebuilds++;
}

/* The goal's legal step to c, direction d: O(1) (the model comment). */
static void
hunt_step(struct hunt *h, const struct grid *g, int c, int d)
{
	struct field *f = h->f;

	h->exact = false;
	f->base += field_move_cost(g, c, d);
	f->dir[h->goal] = (int8_t)d;	/* its route goes on to the new goal */
	hunt_lower(h, c, -f->base);
	f->dir[c] = FIELD_DIR_GOAL;
	f->goal[c] = 0;
	f->goals[0] = c;
	h->goal = c;
	hunt_push(h, c);
	hunt_sight_forget(h);
}

/*
 * The goal steps to map cell (x, y). One legal step costs O(1) (see the
 * model comment); anything else (a jump, a closed cell) builds afresh.
 */
void
hunt_move(struct hunt *h, const struct grid *g, int x, int y)
{
	int o = h->goal, c, d;

	if (o < 0 || !grid_open(g, x, y)) {
		hunt_build(h, g, x, y);
		return;
	}
	c = grid_index(g, x, y);
	if (c == o)
		return;
	hunt_plan_step(h, c);
	d = hunt_step_dir(g, o, c);
	if (d == 8) {
		hunt_build(h, g, x, y);
		return;
	}
	if (!hunt_rev_walks(h, g, o, c) || !hunt_rev_step(h, g, c, d)) {
		hunt_rev_end(h);
		hunt_step(h, g, c, d);
	}
	if (h->xphase == 0)
		return;
	if (!h->xarrived && c == h->xgoal) {
		h->xarrived = true;	/* its routes go on by the walk since */
		h->nxwalk = 0;
	} else if (h->xarrived && h->nxwalk < (int)h->f->ncells)
		h->xwalk[h->nxwalk++] = c;	/* kept to replay */
	else if (h->xarrived)
		h->nxwalk = (int)h->f->ncells + 1;	/* too long */
}

/* Mark cell i cut (once). */
void
hunt_cut_mark(struct hunt *h, int i)
{
	if (h->flag[i] & HF_CUT)
		return;
	h->flag[i] |= HF_CUT;
	h->cut[h->ncut++] = i;
}

/*
 * Settle cell v: offer its distance to every neighbour that can step in.
 * Those that take it or tie are found first without branching (a
 * predictor guesses them badly), then visited in direction order.
 */
static void
hunt_settle(struct hunt *h, const struct grid *g, int v)
{
	struct field	*f = h->f;
	const int64_t	*dist = f->dist;
	const int64_t	 dv = dist[v];
	const int64_t	 wo = dv + g->cost[v] * FIELD_UNIT;
	const int64_t	 wd = dv + g->cost[v] * FIELD_DIAG;
	const int	 s = g->stride;
	unsigned	 mv = field_moves(g, v), m;

	m = ((mv & 1) && wo <= dist[v - s]) |
	    ((mv >> 1 & 1) && wd <= dist[v - s + 1]) << 1 |
	    ((mv >> 2 & 1) && wo <= dist[v + 1]) << 2 |
	    ((mv >> 3 & 1) && wd <= dist[v + s + 1]) << 3 |
	    ((mv >> 4 & 1) && wo <= dist[v + s]) << 4 |
	    ((mv >> 5 & 1) && wd <= dist[v + s - 1]) << 5 |
	    ((mv >> 6 & 1) && wo <= dist[v - 1]) << 6 |
	    ((mv >> 7 & 1) && wd <= dist[v - s - 1]) << 7;
	for (; m != 0; m &= m - 1) {
		int	d = field_ctz(m), x = v + field_offset(s, d);
		int64_t	nd = d & 1 ? wd : wo;

		if (nd == f->dist[x]) {
			/* A tie: the pointer a build would choose wins. */
			if (f->dir[x] >= 0 && f->dir[x] < 8 &&
			    field_rank[(d + 4) & 7] < field_rank[f->dir[x]] &&
			    !hunt_rev_pinned(h, x)) {
				hunt_rev_keep(h, x);
				f->dir[x] = (int8_t)((d + 4) & 7);
			}
			continue;
		}
		if (f->dist[x] == FIELD_INF)
			hunt_cut_mark(h, x);	/* newly reached: see hunt_open */
		hunt_rev_keep(h, x);
		hunt_lower(h, x, nd);
		f->dir[x] = (int8_t)((d + 4) & 7);
		f->goal[x] = 0;
		hunt_push(h, x);
	}
}

/*
 * The farthest of cells[] not proven (hunt-prove.c): its distance into
 * *need (INT64_MIN if none), its place in cells[] returned (-1 if none).
 */
static int
hunt_wave_need(const struct hunt *h, const struct grid *g,
    const int32_t *cells, int n, int64_t *need)
{
	const int64_t	*dist = h->f->dist;
	int		 far = -1;

	*need = INT64_MIN;
	for (int k = 0; k < n; k++)
		if (dist[cells[k]] != FIELD_INF && dist[cells[k]] > *need &&
		    !hunt_proven(h, g, cells[k])) {
			*need = dist[cells[k]];
			far = k;
		}
	return far;
}

/*
 * The wave: pop until every given cell lies under the least key (so holds
 * its exact distance), and at least cap cells. Returns cells popped. The
 * need is the farthest cell's distance, which the wave itself may lower
 * (a far hunter's value is an old route's length until the wave reaches
 * it): when the farthest cell has come nearer and is settled, the need is
 * looked for again (once a cell at most, and only as the wave passes it:
 * a game's hundreds of hunters would make a look each pop dear), so the
 * wave stops about as soon as every given cell is settled.
 */
static uint64_t
hunt_wave(struct hunt *h, const struct grid *g, const int32_t *cells, int n,
    int cap)
{
	const int64_t	*dist = h->f->dist;
	int64_t		 need;
	uint64_t	 done = 0;
	int		 far = hunt_wave_need(h, g, cells, n, &need);

	/* The least key is at least its bucket's floor: stop on that. */
	h->wneed = 0;
	while (hq_least(h)) {
		/* The farthest came nearer and is settled: look again. */
		if (far >= 0 && dist[cells[far]] < need &&
		    h->lo > hq_bucket(dist[cells[far]]))
			far = hunt_wave_need(h, g, cells, n, &need);
		if (done >= (uint64_t)cap && h->lo > hq_bucket(need))
			break;
		h->wneed += h->lo <= hq_bucket(need);
		hunt_settle(h, g, hunt_pop(h));
		done++;
	}
	return done;
}

/*
 * Begin an exact build toward the goal as it stands or, when its walk to
 * come is known, toward where it will stand when the build ends
 * (hunt_aim).
 */
static void
hunt_x_start(struct hunt *h, const struct grid *g)
{
	int32_t aim;

	/*
	 * The build is taken whole: no order of settling is needed, so the
	 * canonical builder may run; its builds may be taken before the goal
	 * comes (hunt-rev.c), so they aim further on. A Dijkstra build
	 * aimed ahead could only wait for the goal; at a hero's uneven pace
	 * (mud, the crowd) it waited longer than the steps it would have
	 * saved, so it aims at the goal as it stands.
	 */
	h->xcanon = field_canon_applies(g);
	aim = h->xcanon ? hunt_aim(h, HUNT_AIM_AHEAD) : h->goal;
	if (h->xcanon)
		field_canon_start(h->x, g, &aim, 1, &h->xs);
	else
		field_integrate_start(h->x, g, &aim, 1, &h->xs);
	h->nxwalk = 0;
	h->xgoal = aim;
	h->xarrived = aim == h->goal;
	h->xphase = 1;
	h->xlen = 0;
	h->xdone = 0;
	h->nxchg = 0;
}

/*
 * Forget the build under way (the map changed, or a build replaces the
 * field): its field is cleaned when the next one starts.
 */
static void
hunt_x_forget(struct hunt *h)
{
	h->xphase = 0;
	h->xs.clean = false;
	h->nxchg = 0;
}

/*
 * The build just taken outlived nxchg map changes (h->xchg): cut every
 * finite cell that is closed, or whose pointer is no longer a legal step to
 * a cell at least the step's cost lower (the routes of the map before a
 * change), and everything pointing into a cut cell; settle the cut as a
 * tower's; then reach the open cells left out that have a reached
 * neighbour, as an opened cell is. The field is then valid, not known
 * exact.
 */
static void
hunt_x_mend(struct hunt *h, const struct grid *g, int nxchg)
{
	struct field	*f = h->f;

	for (int y = 0; y < g->h; y++)
		for (int x = 0; x < g->w; x++) {
			int	i = grid_index(g, x, y), d = f->dir[i];

			if (f->dist[i] == FIELD_INF || i == h->goal)
				continue;
			if (g->cost[i] == 0 || d < 0 || d > 7 ||
			    (field_moves(g, i) >> d & 1) == 0 ||
			    f->dist[i] < f->dist[i + field_offset(g->stride,
			    d)] + field_move_cost(g, i, d))
				hunt_cut_mark(h, i);
		}
	hunt_cut(h, g, h->xchg[nxchg - 1], false);	/* closure, settle */
	/*
	 * Cells a build's scans passed by before a change (a new wall moves
	 * where routes turn) are reached from their neighbours now.
	 */
	for (int y = 0; y < g->h && h->goal >= 0; y++)
		for (int x = 0; x < g->w; x++) {
			int i = grid_index(g, x, y);

			if (g->cost[i] == 0 || f->dist[i] != FIELD_INF)
				continue;
			for (unsigned m = field_moves(g, i); m != 0;
			    m &= m - 1)
				if (f->dist[i + field_offset(g->stride,
				    field_ctz(m))] != FIELD_INF) {
					hunt_open(h, g, i);
					break;
				}
		}
	h->exact = false;
}

/*
 * The build is done and the goal stands on its goal, or stood there and
 * walked on (its steps since kept in xwalk): the field becomes the build, by
 * trading the two fields' arrays (O(1)), and the walk since is replayed
 * (a step each, O(1)); the wave empties but for the replayed goals, and
 * the other field, holding the old arrays, is cleaned when the next build
 * starts. A walk too long to keep drops the build instead.
 */
static void
hunt_take(struct hunt *h, const struct grid *g)
{
	int32_t now = h->goal, at = h->xgoal;
	int nxchg = h->nxchg;

	/* A change since may have made a step of the walk since illegal. */
	for (int k = 0; nxchg > 0 && k < h->nxwalk; k++) {
		if (hunt_step_dir(g, at, h->xwalk[k]) == 8) {
			hunt_x_forget(h);
			return;
		}
		at = h->xwalk[k];
	}
	hunt_trade(h);
	h->f->goals[0] = h->goal = h->xgoal;
	h->exact = true;
	if (nxchg > 0)
		hunt_x_mend(h, g, nxchg);
	for (int k = 0; k < h->nxwalk; k++) {
		int d = hunt_step_dir(g, h->goal, h->xwalk[k]);

		assert(d < 8);	/* legal then, and the map has not moved */
		hunt_step(h, g, h->xwalk[k], d);
	}
	assert(h->goal == now);
	(void)now;
}

/*
 * The field becomes the build done in the second field, by trading their
 * arrays (O(1)); base 0, the wave and the sight emptied, and the build's
 * arrays left to be cleaned when the next one starts. The goal is the
 * caller's to set.
 */
void
hunt_trade(struct hunt *h)
{
	struct field	*f = h->f, *x = h->x;
	int64_t		*dist = f->dist;
	int8_t		*dir = f->dir;
	int32_t		*goal = f->goal;

	f->dist = x->dist;
	f->dir = x->dir;
	f->goal = x->goal;
	x->dist = dist;
	x->dir = dir;
	x->goal = goal;
	f->base = 0;
	f->ngoals = 1;
	hunt_heap_clear(h);
	hunt_sight_forget(h);
	h->xs.clean = false;
	h->xphase = 0;
	hunt_rev_end(h);
	h->stats.taken++;
}

/* Sight of the given cells by ray tests, each once until forgotten. */
static void
hunt_sight(struct hunt *h, const struct grid *g, const int32_t *cells, int n)
{
	struct field	*f = h->f;
	int		 gx = grid_x(g, h->goal), gy = grid_y(g, h->goal);
	uint64_t	 rays = 0;

	for (int k = 0; k < n; k++) {
		int i = cells[k];

		if (h->flag[i] & HF_SEEN)
			continue;
		h->flag[i] |= HF_SEEN;
		h->seen[h->nseen++] = i;
		f->los[i] = f->dist[i] != FIELD_INF &&
		    los_ray_clear(g, grid_x(g, i), grid_y(g, i), gx, gy);
		rays++;
	}
	h->stats.rays = rays;
}

/*
 * Run a slice of the build under way; when it ends, the build waits for
 * its goal (xphase 2).
 */
static void
hunt_x_run(struct hunt *h, const struct grid *g)
{
	uint64_t budget = hunt_x_budget(h);

	h->xs.reach = hunt_x_reach(budget);
	h->x->stats.settled = 0;
	h->xlen++;
	if (h->xcanon ? field_canon_run(h->x, g, &h->xs, budget) :
	    field_integrate_run(h->x, g, &h->xs, budget)) {
		h->xphase = 2;
		h->xfull = h->xlen;
		h->xdropped = false;
		h->xwait = 0;
		/* Its work: cells reached, and the pointers' rows. */
		h->xwork = h->xdone + h->x->stats.settled +
		    (h->xcanon ? (uint64_t)g->w * g->h /
		    FIELD_CANON_ROW_WEIGHT : 0);
	}
	h->xdone += h->x->stats.settled;
	h->stats.sliced = h->x->stats.settled;
}

/*
 * The far part of an update: start a build when the field is not known
 * exact, run a slice of it, and when it is done take it (the goal stands
 * on its goal, or stood there and walked on: hunt_take; or walks towards
 * it: hunt_rev_take), wait for the goal to come (at most
 * hunt_build_updates), or drop it.
 */
static void
hunt_far(struct hunt *h, const struct grid *g)
{
	bool ran = false;

	if (h->xphase == 0 && !h->exact)
		hunt_x_start(h, g);
	if (h->xphase == 1) {
		ran = true;
		hunt_x_run(h, g);
	}
	if (h->xphase == 2 && !h->xarrived && h->nxchg == 0 &&
	    hunt_rev_take(h, g))
		return;		/* taken before the goal came */
	if (h->xphase == 2 && !h->xarrived && !ran &&
	    ++h->xwait > hunt_build_updates(h, g)) {
		hunt_x_forget(h);	/* the goal did not come: drop it */
		h->nplan = h->iplan = 0;	/* and its walk (it stands) */
	}
	if (h->xphase == 2 && h->xarrived && h->nxwalk > (int)h->f->ncells)
		hunt_x_forget(h);	/* walked on too far to replay */
	if (h->xphase == 2 && h->xarrived)
		hunt_take(h, g);
}

/*
 * Once an update (a tick, or a step of the goal): the far part (a slice of
 * the exact build, or its taking), the wave, and the sight of cells[]
 * (padded indices of map cells: those round each hunter).
 */
void
hunt_update(struct hunt *h, const struct grid *g, const int32_t *cells,
    int n)
{
	int way, cap = h->cap;
	int64_t far;
	uint64_t taken;

	h->waved = h->stats.waved + hunt_local_waved(h);
	h->stats.waved = h->stats.sliced = h->stats.rays = 0;
	h->stats.local = 0;
	if (h->goal < 0)
		return;
	h->since++;
	way = hunt_meet(h, g, cells, n, &far);
	if (way == HUNT_BY_LOCAL) {
		uint64_t settled = hunt_local(h, g, far);

		cap = settled >= (uint64_t)cap ? 0 : cap - (int)settled;
		h->waved += hunt_local_waved(h);	/* for this slice */
	} else if (way == HUNT_BY_WHOLE)
		hunt_build(h, g, grid_x(g, h->goal), grid_y(g, h->goal));
	taken = h->stats.taken;
	hunt_far(h, g);
	if (h->stats.taken != taken)
		hunt_prove(h, g, cells, n, false);	/* a new field */
	h->stats.waved = hunt_wave(h, g, cells, n, cap);
	hunt_wave_measure(h, g, cells, n, way != HUNT_BY_WAVE);
	hunt_sight(h, g, cells, n);
}

/*
 * Only what cells[] need, between two updates: the wave until each holds
 * its exact distance, and their sight (for hunters that came since).
 */
void
hunt_settle_cells(struct hunt *h, const struct grid *g, const int32_t *cells,
    int n)
{
	if (h->goal < 0)
		return;
	hunt_prove(h, g, cells, n, false);
	h->stats.waved += hunt_wave(h, g, cells, n, 0);
	hunt_sight(h, g, cells, n);
}

/*
 * Run the wave until no cell flagged cut (cut by a change, or reached for
 * the first time) is left in it: each reachable one then has a route.
 */
void
hunt_settle_pending(struct hunt *h, const struct grid *g)
{
	while (h->pending > 0 && hq_least(h))
		hunt_settle(h, g, hunt_pop(h));
	for (int k = 0; k < h->ncut; k++)
		h->flag[h->cut[k]] &= (uint8_t)~HF_CUT;
	h->ncut = 0;
}

/*
 * Set the cost of map cell (x, y) (0 closes it) and keep the field valid.
 * Closing the goal's cell leaves the field with no goal.
 */
void
hunt_set_cost(struct hunt *h, struct grid *g, int x, int y, int cost)
{
	int t, old;

	assert(grid_inside(g, x, y) && cost >= 0 && cost <= GRID_COST_MAX);
	t = grid_index(g, x, y);
	old = g->cost[t];
	if (old == cost)
		return;
	g->cost[t] = (uint8_t)cost;
	h->unit = field_canon_applies(g);
	/* The build goes on; its routes may cross t (hunt_x_mend). */
	if (h->xphase != 0 && h->nxchg < HUNT_XCHG_MAX)
		h->xchg[h->nxchg++] = t;
	else
		hunt_x_forget(h);
	hunt_rev_end(h);	/* the walk's routes may cross t */
	h->stats.cut = 0;
	if (h->goal < 0)
		return;
	hunt_sight_forget(h);
	if (t == h->goal && cost == 0) {
		hunt_clear(h);
		return;
	}
	/*
	 * A dearer cell only lengthens the routes that crossed it, and the
	 * cut settles those in order from exact neighbours, ties as a build
	 * breaks them: an exact field stays exact. A cheaper one leaves work
	 * for the wave.
	 */
	if (cost == 0 || (old != 0 && cost > old))
		hunt_cut(h, g, t, cost == 0);
	if (cost != 0 && (old == 0 || cost < old)) {
		h->exact = false;
		hunt_open(h, g, t);
	}
	if (h->nring + h->nheap != 0)
		h->exact = false;
}
